"""Picks uniformly among the legal actions: the fuzzing and baseline agent."""
from __future__ import annotations

import random


class RandomAgent:
    name = "random"
    needs_view = False        # it never looks: callers may pass None instead of a view

    def __init__(self, seed: int = 0):
        # the C-level float draw: this agent is the inner loop of every games/s figure
        self._random = random.Random(seed).random

    def choose(self, view, decision, budget=None):
        actions = decision.actions
        return actions[int(self._random() * len(actions))]
