"""Guided first games: a script (data/<game>/tutorial.yaml) played through the real rules.

A script fixes everything that could make a first game go another way: the seed, the
options, the seats and their names, every action of the scripted opponents, and for the
learner (one human seat) a list of steps. Each step names the concepts it teaches, the
action it expects (an action pattern: a list like the rules' action tuple, where "*"
matches any one field), optionally what to point at, and the opponents' actions that
follow it. Its words are the game's locale keys `<game>.tutorial.<step id>`, so the
text is translated like every other word of the game.

How far a tutorial has come is read from the match's log alone: a seat's k-th action
in the log is its k-th scripted action. That makes progress survive a save (a save is
the seed and the log), an undo, and any interleaving of seats that decide at the same
moment (sealed planning), with nothing else to store.

No pygame here: the table's coach (game/ui/scenes/coach.py) draws it, tests and
tools/tutorial_script.py drive it headless.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .data import DataError, Problems, data_root, load_yaml, validate
from .rules import Action, as_action

WILD = "*"
FILE_NAME = "tutorial.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ScriptedMove(_Strict):
    """One opponent action: the seat and the action as a list."""
    seat: int = Field(ge=0, le=7)
    action: list = Field(min_length=1, max_length=12)


class StepModel(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    say: Optional[str] = Field(None, pattern=r"^[a-z0-9_]{1,40}$")    # another step's words (default: id)
    concepts: list[str] = Field(default_factory=list, max_length=8)
    expect: list = Field(min_length=1, max_length=12)
    target: Optional[str] = Field(None, max_length=120)
    then: list[ScriptedMove] = Field(default_factory=list, max_length=80)


class ScriptModel(_Strict):
    players: int = Field(ge=1, le=8)
    human: int = Field(0, ge=0, le=7)
    seed: int = Field(ge=0, le=2**31 - 1)
    options: dict[str, Any] = Field(default_factory=dict)
    names: list[str] = Field(min_length=1, max_length=8)
    opening: list[ScriptedMove] = Field(default_factory=list, max_length=80)
    steps: list[StepModel] = Field(min_length=1, max_length=60)

    @field_validator("names")
    @classmethod
    def _short_names(cls, names):
        if any(len(n) > 24 for n in names):
            raise ValueError("a seat's name has at most 24 characters")
        return names


def matches(pattern, action) -> bool:
    """Whether an action fits a pattern: the same length, "*" for any one field,
    {near: x, by: d} for a number within d of x (a point on a measured table is
    dropped by hand, never exactly), lists and tuples alike."""
    if pattern == WILD:
        return True
    if isinstance(pattern, dict):
        return isinstance(action, (int, float)) and not isinstance(action, bool) and \
            abs(action - pattern["near"]) <= pattern["by"]
    if isinstance(pattern, (list, tuple)):
        return isinstance(action, (list, tuple)) and len(pattern) == len(action) and \
            all(matches(p, a) for p, a in zip(pattern, action))
    return pattern == action


@dataclass(frozen=True)
class Step:
    index: int
    id: str
    concepts: tuple
    expect: Action              # a pattern (may hold "*" or {near, by})
    target: str | None
    say: str                    # the key of its words: <game>.tutorial.<say>


class Tutorial:
    """One game's script, ready to play: the learner's steps and each opponent's queue."""

    def __init__(self, game_id: str, script: ScriptModel):
        self.game_id = game_id
        self.players = script.players
        self.human = script.human
        self.seed = script.seed
        self.options = dict(script.options)
        self.names = list(script.names)
        self.steps = [Step(i, s.id, tuple(s.concepts), _pattern(s.expect), s.target, s.say or s.id)
                      for i, s in enumerate(script.steps)]
        self.queues: dict[int, list[Action]] = {}
        for move in list(script.opening) + [m for s in script.steps for m in s.then]:
            self.queues.setdefault(move.seat, []).append(as_action(move.action))

    # -- where we are -------------------------------------------------------------
    @staticmethod
    def counts(log) -> dict:
        out: dict = {}
        for seat, _action in log:
            out[seat] = out.get(seat, 0) + 1
        return out

    def step_at(self, log) -> Step | None:
        """The learner's next step, or None once every step is taken."""
        n = self.counts(log).get(self.human, 0)
        return self.steps[n] if n < len(self.steps) else None

    def scripted(self, log, seat: int) -> Action | None:
        """The next action the script gives an opponent seat, or None when its queue is done."""
        queue = self.queues.get(seat, [])
        n = self.counts(log).get(seat, 0)
        return queue[n] if n < len(queue) else None

    def finished(self, log) -> bool:
        """Every step taken and every scripted opponent action played."""
        counts = self.counts(log)
        return counts.get(self.human, 0) >= len(self.steps) and \
            all(counts.get(seat, 0) >= len(q) for seat, q in self.queues.items())

    def allows(self, log, seat: int, action) -> bool:
        """Whether the learner's action is the one the current step asks for (other
        seats are scripted, never refused here)."""
        if seat != self.human:
            return True
        step = self.step_at(log)
        return step is not None and matches(step.expect, action)

    def concepts(self) -> set:
        return {c for s in self.steps for c in s.concepts}

    def text_key(self, step: Step) -> str:
        return f"{self.game_id}.tutorial.{step.say}"


def _pattern(value):
    """A YAML pattern in the action's tuple form; a {near, by} number stays a dict."""
    if isinstance(value, list):
        return tuple(_pattern(v) for v in value)
    return value


class ScriptedAgent:
    """An opponent that plays its script: the next action of its queue, read from the
    match's log (so an undo or a reload changes nothing). A seat whose queue is done
    falls back to the decision's default; the coach stops the opponents before that."""

    def __init__(self, tutorial: Tutorial, seat: int, log_of):
        self.tutorial, self.seat, self.log_of = tutorial, seat, log_of

    def choose(self, view, decision, budget=None):
        action = self.tutorial.scripted(self.log_of(), self.seat)
        if action is not None:
            return action
        return decision.default if decision.default is not None else decision.actions[0]


def script_path(game_id: str, data_dir: Path | None = None) -> Path:
    return (data_dir or data_root()) / game_id / FILE_NAME


def has_tutorial(game_id: str, data_dir: Path | None = None) -> bool:
    return script_path(game_id, data_dir).is_file()


def load_script(game_id: str, folder: Path | None = None) -> Tutorial:
    """The game's script, checked: DataError with file:line problems if it is broken."""
    path = (folder / FILE_NAME) if folder is not None else script_path(game_id)
    problems = Problems()
    doc = load_yaml(path, problems)
    script = validate(ScriptModel, doc, problems)
    if script is not None:
        problems.check(script.human < script.players, doc, ("human",),
                       f"the learner's seat {script.human} is not one of {script.players} seats")
        problems.check(len(script.names) == script.players, doc, ("names",),
                       f"{len(script.names)} names for {script.players} seats")
        seen: set = set()
        for i, step in enumerate(script.steps):
            problems.check(step.id not in seen, doc, ("steps", i, "id"), f"step id {step.id!r} is used twice")
            seen.add(step.id)
            for j, part in enumerate(step.expect):
                if isinstance(part, dict):
                    problems.check(_near_ok(part), doc, ("steps", i, "expect", j),
                                   "a number to match is {near: <number>, by: <tolerance 0-5>}")
            for j, move in enumerate(step.then):
                problems.check(move.seat < script.players and move.seat != script.human, doc,
                               ("steps", i, "then", j, "seat"),
                               f"seat {move.seat} is not a scripted opponent")
        for j, move in enumerate(script.opening):
            problems.check(move.seat < script.players and move.seat != script.human, doc,
                           ("opening", j, "seat"), f"seat {move.seat} is not a scripted opponent")
    problems.raise_if_any()
    return Tutorial(game_id, script)


def play_through(tutorial: Tutorial, ruleset, resolve=None):
    """Play a script to its end headless, the learner taking each step's first legal
    action that fits (or `resolve(step, decisions)`'s pick), opponents their queues.
    Returns (match, problem): problem is None, or a sentence naming the first step or
    scripted action that the rules refused. Used by validate-data, the tests and the tool."""
    from .match import Match, SeatInfo
    from .rules import IllegalAction
    seats = [SeatInfo(n or f"Player {i + 1}", "human" if i == tutorial.human else "ai")
             for i, n in enumerate(tutorial.names)]
    match = Match(tutorial.game_id, ruleset, seats, tutorial.options, tutorial.seed, clocks=False)
    for _ in range(2000):
        if tutorial.finished(match.log) or match.over:
            break
        owed = [d for d in match.decisions() if d.seat != tutorial.human]
        moved = False
        for d in owed:
            action = tutorial.scripted(match.log, d.seat)
            if action is None:
                continue
            try:
                match.submit(d.seat, action)
            except IllegalAction as exc:
                return match, f"seat {d.seat}'s scripted action {list(action)} is refused: {exc.reason}"
            moved = True
            break
        if moved:
            continue
        step = tutorial.step_at(match.log)
        mine = match.decisions_for(tutorial.human)
        if step is None or not mine:
            who = "the learner" if step is not None else "an opponent"
            return match, f"the script stops: {who} has no action to play (after {len(match.log)} actions)"
        action = resolve(step, mine) if resolve else first_fit(step, mine)
        if action is None:
            return match, f"step {step.id!r}: no legal action fits {list(step.expect)}"
        try:
            match.submit(tutorial.human, action)
        except IllegalAction as exc:
            return match, f"step {step.id!r}: {list(action)} is refused: {exc.reason}"
    if not tutorial.finished(match.log):
        return match, "the game ended before the script did"
    return match, None


def _near_ok(part) -> bool:
    return set(part) == {"near", "by"} and all(isinstance(part[k], (int, float)) and not isinstance(part[k], bool)
                                                for k in part) and 0 <= part["by"] <= 5


def first_fit(step: Step, decisions) -> Action | None:
    """The first listed action that fits the step's pattern (a pattern with no "*" is
    itself the action, {near: x} taken as x, so a free choice need not be listed)."""
    for d in decisions:
        for a in d.actions:
            if matches(step.expect, a):
                return a
    if WILD not in _flat(step.expect):
        return _centre(step.expect)
    return None


def _centre(pattern):
    if isinstance(pattern, dict):
        return pattern["near"]
    if isinstance(pattern, tuple):
        return tuple(_centre(p) for p in pattern)
    return pattern


def _flat(pattern) -> list:
    if isinstance(pattern, (list, tuple)):
        return [x for p in pattern for x in _flat(p)]
    return [pattern]


__all__ = ["Tutorial", "Step", "ScriptedAgent", "load_script", "play_through", "matches", "has_tutorial",
           "script_path", "first_fit", "DataError"]
