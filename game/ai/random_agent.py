"""Picks uniformly among the legal actions: the fuzzing and baseline agent."""
from __future__ import annotations

from ..core.rng import RNG


class RandomAgent:
    name = "random"
    needs_view = False        # it never looks: callers may pass None instead of a view

    def __init__(self, seed: int = 0):
        self.rng = RNG(seed)

    def choose(self, view, decision, budget=None):
        return self.rng.choice(decision.actions)
