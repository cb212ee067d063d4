"""The match driver: one game in progress, whoever plays it (window, CLI, tests).

It owns the things that are not rules: which seat is a person and which an agent,
clocks (with an injectable time source), the action log, undo, and autosave. The
rules stay pure; the driver only calls the Ruleset protocol.

The window asks `agent_requests()` for work to think about off the render loop and
hands answers back through `submit`; headless callers use `run_agents()`.

A save is replayed here too (`replay_record`), and `check_save` says how far a save made
by another version replays under this one (game/core/version.py records which version and
data made it; it imports nothing of the driver).
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable

from .record import Record, RecordError, write_record, state_digest
from .version import app_version, game_data_digest
from .safeio import one_line, quote
from .rules import BARRIER_KINDS, Action, Decision, Event, IllegalAction, is_barrier, is_legal


_UNKNOWN = object()       # result not asked since the last action


@dataclass
class SeatInfo:
    name: str
    kind: str = "ai"                 # "human" or "ai"
    difficulty: str = "normal"       # for AI seats: random / easy / normal / hard

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "difficulty": self.difficulty}

    @classmethod
    def from_json(cls, data: dict) -> "SeatInfo":
        return cls(str(data.get("name", "?")), str(data.get("kind", "ai")),
                   str(data.get("difficulty", "normal")))


class Match:
    def __init__(self, game_id: str, ruleset, seats: list[SeatInfo], options: dict, seed: int,
                 now: Callable[[], float] = time.monotonic, agents: dict | None = None,
                 autosave_path=None, validated: bool = False, clocks: bool = True,
                 time_scale: float | None = 1.0):
        """`clocks=False` is for headless runs that never call `tick` (simulate, bench):
        no deadlines are kept, nothing times out, and `time_left` answers None.
        `time_scale` stretches every timed decision of a human seat (1.5, 2: more time
        than the rulebook gives); None waits for people as long as they need (AI seats
        still answer at once, after any window's minimum answer time)."""
        self.game_id = game_id
        self.rules = ruleset
        self.seats = seats
        self.options = options if validated else ruleset.validate_options(dict(options), len(seats))
        self.seed = seed
        self.now = now
        self.agents = agents or {}            # seat -> Agent (AI seats only)
        self.autosave_path = autosave_path
        self.autosave_error: str | None = None    # the last autosave failure, for a toast
        self.state = ruleset.setup(len(seats), self.options, seed)
        self.log: list[tuple[int, Action]] = []
        self.barriers: list[int] = []         # log lengths after which undo may not go back
        self.clocks = clocks
        self.deadlines: dict = {}             # clock key -> monotonic deadline
        self.opened: dict = {}                # clock key -> when its decision first showed
        self.time_scale = time_scale
        self.paused_seats: set[int] = set()   # hot-seat: clocks wait behind the curtain
        self._decisions: tuple[Decision, ...] | None = None
        self._result = _UNKNOWN
        self.listeners: list[Callable[[list[Event]], None]] = []
        self.extra: dict = {}                 # kept in the record (a tutorial's save is marked here)
        # agents that keep a memory get the events their seat may see
        self._observers = [(seat, agent.observe) for seat, agent in self.agents.items()
                           if callable(getattr(agent, "observe", None))]

    # -- asking ---------------------------------------------------------------
    def decisions(self) -> tuple[Decision, ...]:
        if self._decisions is None:
            # tuple() of a tuple is the same object: no copy for rules that return tuples
            self._decisions = tuple(self.rules.decisions(self.state))
            if self.clocks:
                self._sync_clocks()
        return self._decisions

    def decisions_for(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions() if d.seat == seat]

    def result(self):
        if self._result is _UNKNOWN:
            self._result = self.rules.result(self.state)
        return self._result

    @property
    def over(self) -> bool:
        return self.result() is not None

    def view(self, seat: int | None) -> dict:
        return self.rules.view(self.state, seat)

    def is_legal(self, seat: int, action: Action) -> bool:
        """Listed, or accepted by the game's `is_legal` for a free choice."""
        return self.result() is None and is_legal(self.rules, self.state, self.decisions(), seat, action)

    def ready_at(self, decision: Decision) -> float | None:
        """The time before which no answer to `decision` is taken (a window's minimum
        answer time, so that how fast a seat passes tells nothing), or None."""
        if not decision.min_time or not self.clocks:
            return None
        opened = self.opened.get(decision.clock_key)
        return None if opened is None else opened + decision.min_time

    def ready(self, decision: Decision) -> bool:
        at = self.ready_at(decision)
        return at is None or self.now() >= at

    # -- answering ------------------------------------------------------------
    def submit(self, seat: int, action: Action) -> list[Event]:
        """Apply one seat's answer. Raises IllegalAction (with a reason) and changes
        nothing if it is not legal now."""
        result = self._result                 # self.result(), inlined: hot
        if result is _UNKNOWN:
            result = self._result = self.rules.result(self.state)
        if result is not None:
            raise IllegalAction("the game is over")
        events = self.rules.apply(self.state, seat, action)
        self.log.append((seat, action))
        # is_barrier, inlined (hot): a tuple unpacked is cheaper than three attribute reads
        for kind, data, to in events:
            if kind in BARRIER_KINDS or to is not None or ("barrier" in data and data["barrier"]):
                self.barriers.append(len(self.log))
                break
        self._decisions = None
        self._result = _UNKNOWN
        if self.deadlines:
            self._adjust_clocks(events)
        if self._observers:
            for agent_seat, observe in self._observers:
                observe([e for e in events if e.visible_to(agent_seat)])
        if self.listeners:
            for listener in self.listeners:
                listener(events)
        if self.autosave_path is not None:
            self._autosave()
        return events

    def agent_requests(self) -> list[tuple[int, dict, Decision]]:
        """Decisions owed by AI seats now, with the view each may use, in rules order."""
        return [(d.seat, self.view(d.seat), d) for d in self.decisions()
                if d.seat in self.agents and not self.seats[d.seat].is_human]

    def run_agents(self, max_steps: int = 1, budget: float | None = None) -> list[Event]:
        """Headless: let AI seats answer, one answer per step, first owed first."""
        events: list[Event] = []
        for _ in range(max_steps):
            if self.over:
                break
            request = next(iter(self.agent_requests()), None)
            if request is None:
                break
            seat, view, decision = request
            action = self.agents[seat].choose(view, decision, budget)
            events += self.submit(seat, action)
        return events

    # -- clocks -----------------------------------------------------------------
    def pause_seat(self, seat: int, paused: bool = True) -> None:
        """Hold a seat's clocks (hot-seat curtain down); they start when released."""
        if paused:
            self.paused_seats.add(seat)
        else:
            self.paused_seats.discard(seat)
            self._decisions = None

    def time_left(self, decision: Decision) -> float | None:
        deadline = self.deadlines.get(decision.clock_key)
        if decision.timeout is None or not self.clocks:
            return None
        if deadline is None:
            return self._timeout(decision)
        return max(0.0, deadline - self.now())

    def tick(self) -> list[Event]:
        """Apply the default of every decision whose clock ran out."""
        events: list[Event] = []
        for _ in range(64):                    # a bound, never a livelock
            now = self.now()
            expired = next((d for d in self.decisions() if d.timeout is not None
                            and d.default is not None
                            and self.deadlines.get(d.clock_key, now + 1) <= now), None)
            if expired is None or self.over:
                break
            events += self.submit(expired.seat, expired.default)
        return events

    def _sync_clocks(self) -> None:
        """Start the clock of every timed decision that has none yet and forget clocks
        no decision uses any more. Runs once per action; it reads the time only when a
        clock starts."""
        deadlines = self.deadlines
        opened = self.opened
        live = []
        now = None
        for d in self._decisions:
            if d.timeout is None and not d.min_time:
                continue
            key = d.clock if d.clock is not None else (d.seat, d.kind)   # d.clock_key, inlined
            live.append(key)
            if d.min_time and key not in opened:
                if now is None:
                    now = self.now()
                opened[key] = now
            if d.timeout is None:
                continue
            if key not in deadlines and d.seat not in self.paused_seats:
                timeout = self._timeout(d)
                if timeout is None:
                    continue
                if now is None:
                    now = self.now()
                deadlines[key] = now + timeout
        for table in (deadlines, opened):
            if table:
                for key in [k for k in table if k not in live]:
                    del table[key]

    def _timeout(self, d: Decision) -> float | None:
        """The clock a decision gets: the rulebook's for AI seats; for people scaled
        by the timing setting, or none at all when it is off."""
        if d.seat < len(self.seats) and self.seats[d.seat].is_human:
            return None if self.time_scale is None else d.timeout * self.time_scale
        return d.timeout

    def _adjust_clocks(self, events: list[Event]) -> None:
        for ev in events:
            if ev.kind == "clock":
                key = ev.data["clock"]
                key = tuple(key) if isinstance(key, list) else key
                if key in self.deadlines:
                    now = self.now()
                    left = self.deadlines[key] - now + ev.data.get("add", 0.0)
                    cap = ev.data.get("cap")
                    self.deadlines[key] = now + (min(left, cap) if cap is not None else left)

    # -- undo ---------------------------------------------------------------------
    def can_undo(self, seat: int) -> bool:
        """Only a seat's own last action, and never back past a reveal, draw or roll."""
        if not self.log or self.log[-1][0] != seat or self.over:
            return False
        last_barrier = self.barriers[-1] if self.barriers else 0
        return len(self.log) > last_barrier

    def undo(self, seat: int) -> bool:
        if not self.can_undo(seat):
            return False
        self.replay_to(len(self.log) - 1)
        return True

    def replay_to(self, n: int) -> None:
        """Rebuild the state from the seed and the first n actions."""
        actions = self.log[:n]
        self.state = self.rules.setup(len(self.seats), self.options, self.seed)
        self.log, self.barriers = [], []
        self._decisions = None
        self._result = _UNKNOWN
        for seat, action in actions:
            events = self.rules.apply(self.state, seat, action)
            self.log.append((seat, action))
            if any(is_barrier(e) for e in events):
                self.barriers.append(len(self.log))
        self._decisions = None
        self._result = _UNKNOWN
        self.deadlines.clear()
        self.opened.clear()
        if self.autosave_path is not None:
            self._autosave()

    def _autosave(self) -> None:
        """Autosave after a move; a failure (read-only folder, full disk) never undoes
        or breaks the move: it is kept in `autosave_error` for the screen to say once."""
        try:
            self.save(self.autosave_path)
            self.autosave_error = None
        except (OSError, ValueError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
            self.autosave_error = f"{self.autosave_path}: {why}"

    # -- saving -------------------------------------------------------------------
    def record(self) -> Record:
        return Record(game=self.game_id, options=self.options, seed=self.seed,
                      seats=[s.to_json() for s in self.seats], actions=list(self.log),
                      digest=state_digest(self.rules, self.state),
                      app_version=app_version(), data_digest=game_data_digest(self.game_id),
                      extra=dict(self.extra))

    def save(self, path) -> None:
        write_record(path, self.record())

    @classmethod
    def from_record(cls, record: Record, ruleset, now=time.monotonic, agents=None,
                    autosave_path=None) -> "Match":
        """Resume: replay the log to exactly the recorded state (RecordError if not)."""

        seats = [SeatInfo.from_json(s) for s in record.seats]
        match = cls(record.game, ruleset, seats, record.options, record.seed, now=now,
                    agents=agents, validated=True)
        for i, (seat, action) in enumerate(record.actions):
            try:
                match.submit(seat, action)
            except IllegalAction as exc:
                raise RecordError(f"action {i + 1} ({seat}: {action}) is not legal: {exc.reason}")
        if record.digest and state_digest(ruleset, match.state) != record.digest:
            raise RecordError("replaying the actions does not reach the recorded final state")
        match.autosave_path = autosave_path
        return match


def replay_record(record: Record, ruleset, *, now=None, agents=None, autosave_path=None,
                  partial: bool = False, check_digest: bool = True):
    """Rebuild a checked record's match by replaying its log (the record must have been
    through `check_record`). Returns (match, stop): `stop` is None when every action
    replayed, else a one-line reason naming the first action that failed. With
    `partial=False` that reason is raised as RecordError instead; with `partial=True`
    the match stops just before it (the replay viewer shows a save as far as it is
    legal). A game bug while replaying is a reason too, never a traceback."""
    seats = [SeatInfo.from_json(s) for s in record.seats]
    try:
        match = Match(record.game, ruleset, seats, record.options, record.seed,
                      now=now or time.monotonic, agents=agents, validated=True)
    except (RecordError, RecursionError, MemoryError):
        raise
    except Exception as exc:        # noqa: BLE001 - a save that cannot even set up
        raise RecordError(f"the game cannot be set up from this save "
                          f"({one_line(type(exc).__name__ + ': ' + str(exc), 120)})") from None
    stop = None
    for i, (seat, action) in enumerate(record.actions):
        try:
            match.submit(seat, action)
        except IllegalAction as exc:
            stop = f"action {i + 1} ({seat}: {quote(action, 60)}) is not legal: {one_line(exc.reason, 120)}"
        except Exception as exc:    # noqa: BLE001 - a game bug met while replaying
            stop = (f"action {i + 1} ({seat}: {quote(action, 60)}) could not be replayed "
                    f"({one_line(type(exc).__name__ + ': ' + str(exc), 100)})")
        if stop:
            if not partial:
                raise RecordError(stop)
            if i:
                match.replay_to(i)      # the failed action may have half-changed the state
            else:
                match = Match(record.game, ruleset, seats, record.options, record.seed,
                              now=now or time.monotonic, agents=agents, validated=True)
            break
    if stop is None and check_digest and record.digest \
            and state_digest(ruleset, match.state) != record.digest:
        stop = "replaying the actions does not reach the recorded final state"
        if not partial:
            raise RecordError(stop)
    match.autosave_path = autosave_path
    return match, stop


@dataclass
class SaveCheck:
    """How a save replays under this version's rules (`check_save`)."""
    made_with: str          # the version the save records; "" for one older than that
    data_changed: bool      # the game's data differs from when it was saved
    legal: int              # moves that replay, from the first
    total: int              # moves in the save
    stop: str | None        # why the next move does not replay, or why the end differs
    finished: bool          # the replayed moves end the game

    @property
    def same(self) -> bool:
        """Every move replays and reaches the recorded end."""
        return self.stop is None

    @property
    def diverges(self) -> bool:
        """Every move replays, but to another end than the one saved."""
        return self.stop is not None and self.legal == self.total


def check_save(record, ruleset) -> SaveCheck:
    """Replay a checked record (`check_record`) under this version's rules and say how
    far it gets. Never raises for a move that fails: that is the answer."""
    probe, stop = replay_record(record, ruleset, partial=True, check_digest=True)
    data_changed = bool(record.data_digest) and record.data_digest != game_data_digest(record.game)
    return SaveCheck(made_with=record.app_version, data_changed=data_changed, legal=len(probe.log),
                     total=len(record.actions), stop=stop, finished=probe.result() is not None)
