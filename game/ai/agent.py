"""The Agent protocol. An agent sees exactly what its seat may see: the seat's view
(from `Ruleset.view(state, seat)`) and the decision it must answer. Never the state."""
from __future__ import annotations

from typing import Protocol

from ..core.rules import Action, Decision


class Agent(Protocol):
    name: str            # "random", "easy", "normal", "hard"

    def choose(self, view: dict, decision: Decision, budget: float | None = None) -> Action:
        """Pick one of decision.actions. `budget` is thinking time in seconds (None:
        the agent's own default)."""

    def observe(self, events) -> None:
        """Optional: the events its seat may see, as they happen (for memory)."""


DIFFICULTIES = ("random", "easy", "normal", "hard")
