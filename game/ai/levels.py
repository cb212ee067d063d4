"""The four difficulty levels every game offers, and the one way to make an agent of a
level from a game's own agent classes (each game's `make_agent` names its classes)."""
from __future__ import annotations

from .random_agent import RandomAgent

LEVELS = ("random", "easy", "normal", "hard")


def level_agent(rules, difficulty: str, seed: int, max_iterations: int | None, *, heuristic, hard):
    """random: uniform over the legal actions; easy and normal: `heuristic(rules,
    difficulty, seed)`; hard: `hard(rules, seed, max_iterations=...)` (`max_iterations`:
    searched by count, not by time, so a game is reproducible)."""
    if difficulty == "random":
        return RandomAgent(seed)
    if difficulty in ("easy", "normal"):
        return heuristic(rules, difficulty, seed)
    if difficulty == "hard":
        return hard(rules, seed, max_iterations=max_iterations)
    raise ValueError(f"unknown difficulty {difficulty!r} ({', '.join(LEVELS)})")
