"""Dark Deeds agents (placeholder while the heuristics are written)."""
from __future__ import annotations

from ...ai.random_agent import RandomAgent


def make_agent(rules, difficulty, seat, seed):
    return RandomAgent(seed)
