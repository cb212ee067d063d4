"""One way to dispatch: a game's turn flow as two explicit tables.

Every game's `apply` has the same shape: find the seat's open decision that allows the
action, run the handler for that decision's kind, then run the automatic stages until
someone must answer again (or the game ends). That shape is written once here.

The handlers are found in plain dicts the game writes out, never by building a method
name (``getattr(self, "_on_" + kind)``) or scanning ``dir(self)``: a reader, grep and
tools then see who calls each handler, and a kind without a handler is a missing key
that `Flow.missing` reports, not a string that fails at play time.

- An **answer** handles one decision kind: ``answer(state, seat, action, events)``.
- A **step** runs one automatic stage: ``step(state, events) -> bool``; True means "go
  on" (it moved the game to another stage), False means "someone must answer now" (or
  the game is over). `wait` is the step of a stage that only waits for an answer.

A game whose flow is not a stage table (Schemers calls from phase to phase) uses
`find_decision` and its answer table alone; a game that must do something between the
pieces (fog of war, a tray of dice) calls `find_decision`, `Flow.answer` and
`Flow.settle` itself. The decisions are the game's own: this module never builds them.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Sequence

from .rules import Action, Decision, IllegalAction, describe_action

Answer = Callable[[Any, int, Action, list], Any]
Step = Callable[[Any, list], bool]

# Far more automatic stages than any game runs between two answers: reaching it means
# two stages hand the game to each other for ever, a bug better raised than hung on.
SETTLE_LIMIT = 100_000


def find_decision(decisions: Sequence[Decision], seat: int, action: Action,
                  accept: Callable[[Decision, Action], Action | None] | None = None
                  ) -> tuple[Decision, Action]:
    """The seat's open decision that allows `action`, and the action to play.

    `accept(decision, action)` is asked, decision by decision, when `action` is not
    listed: it returns the action to play instead (a listed equal, such as another copy
    of the same card) or `action` itself for a free choice it finds legal, else None.
    Raises IllegalAction saying why nothing fits (the same words in every game)."""
    mine = False
    for d in decisions:
        if d.seat == seat:
            if action in d.actions:
                return d, action
            mine = True
            if accept is not None:
                alt = accept(d, action)
                if alt is not None:
                    return d, alt
    if not mine:
        raise IllegalAction(f"seat {seat} has nothing to decide now")
    raise IllegalAction(f"{describe_action(action)} is not one of the choices now")


def wait(state, events) -> bool:
    """The step of a stage where someone must answer: nothing runs by itself."""
    return False


def settle(state, events: list, next_step: Callable[[Any], Step], limit: int = SETTLE_LIMIT) -> None:
    """Run automatic steps until one says someone must answer (returns False).

    `next_step(state)` picks the step to run now: usually ``steps[state.stage]``, but a
    game may put checks first (a game that ended, a rule that fires between any two
    stages) by returning another step."""
    left = limit                                 # a countdown: cheaper than a range loop
    while next_step(state)(state, events):
        left -= 1
        if not left:
            raise RuntimeError(f"the flow does not settle: {limit} automatic steps without a question")


class Flow:
    """A game's two tables: decision kind -> answer, stage -> step."""

    __slots__ = ("answers", "steps", "next_step")

    def __init__(self, answers: Mapping[str, Answer], steps: Mapping[Any, Step] | None = None,
                 next_step: Callable[[Any], Step] | None = None):
        """`next_step` defaults to ``steps[state.stage]`` (a stage without a step is a
        KeyError naming it: a typo in a stage name fails at once, not silently)."""
        self.answers = dict(answers)
        self.steps = dict(steps or {})
        self.next_step = next_step or self._step_of_stage

    def _step_of_stage(self, state) -> Step:
        return self.steps[state.stage]

    def answer(self, state, decision: Decision, seat: int, action: Action, events: list):
        """Run the handler of `decision`'s kind; returns what it returns."""
        return self.answers[decision.kind](state, seat, action, events)

    def settle(self, state, events: list) -> None:
        settle(state, events, self.next_step)

    def apply(self, state, decisions: Sequence[Decision], seat: int, action: Action, events: list,
              accept: Callable[[Any, Decision, Action], Action | None] | None = None) -> Action:
        """The whole shape: find the decision, drop the cached decisions (every game keeps
        its open decisions in ``state.dec``; they are stale once an answer runs), answer,
        settle. Returns the action played (an `accept`ed equal may replace the one given).
        `accept` is find_decision's, asked with the state first: ``accept(state, decision,
        action)``, so a game passes a method it made once, not a closure made per action.

        This runs once per action, and each call in it is felt in the driver's games/s (a
        random game is ~10 µs a step): the listed action is looked for here and the steps
        run here, rather than through `find_decision` and `settle`, which say the same."""
        for decision in decisions:               # find_decision's usual answer: the seat's first
            if decision.seat == seat:            # decision lists the action
                if action in decision.actions:
                    break
                decision = None
                break
        else:
            decision = None
        if decision is None:
            decision, action = find_decision(decisions, seat, action,
                                             None if accept is None else lambda d, a: accept(state, d, a))
        state.dec = None
        self.answers[decision.kind](state, seat, action, events)
        next_step = self.next_step
        left = SETTLE_LIMIT                      # a countdown: cheaper here than a range loop
        while next_step(state)(state, events):
            left -= 1
            if not left:
                raise RuntimeError(f"the flow does not settle: {SETTLE_LIMIT} automatic steps without a question")
        return action

    def missing(self, kinds: Iterable[str] = (), stages: Iterable[Any] = ()) -> list[str]:
        """The decision kinds and stages this flow has no handler for, in words (tests)."""
        out = [f"no answer for decision kind {k!r}" for k in kinds if k not in self.answers]
        out += [f"no step for stage {st!r}" for st in stages if st not in self.steps]
        return out
