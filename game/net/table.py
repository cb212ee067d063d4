"""A hosted table: the host's Match as the one authority, and what each seat is sent.

No sockets here (server.py carries the bytes). The table
- checks every action a connection sends for its own seat with `Match.is_legal`; an
  illegal one is refused with the reason and changes nothing;
- holds an answer that comes before a window's minimum answer time and applies it
  when the time is up (as it holds AI answers), so how fast a seat answers tells no one
  what it holds — a client can neither hurry nor be refused for being quick;
- runs the AI seats and the clocks (timeouts apply the rules' default), and the
  disconnect policy (a dropped seat's clock runs, pauses, or an AI stands in);
- sends each seat only `view(state, seat)`, the events addressed to it (public ones
  and its own private ones, `Event.visible_to`: the filter the screen uses) and its own
  decisions. `update_for` is the only place that builds what a seat receives, and the
  contract suite compares its bytes for states a seat cannot tell apart.

Sealed choices need nothing here: the rules reveal them only when all have committed,
and the others' updates say only that a seat committed (the rules' public event).
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from ..core.match import Match, SeatInfo
from ..core.rules import Action, Event, IllegalAction, OptionsError
from . import protocol as P
from .invite import new_token

TABLE_ID_CHARS = 8


class Refusal(Exception):
    """A request that changes nothing; `code` names the words (`net.refused.<code>`)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params


@dataclass
class Slot:
    """One seat of a table as the host keeps it."""
    kind: str                     # "human" or "ai"
    name: str
    difficulty: str = "normal"
    token: str = ""               # human seats: who holds it may act for it
    taken: bool = False
    connected: int = 0            # live connections holding the seat (0 or 1)
    dropped_at: float | None = None
    stand_in: bool = False

    def to_json(self) -> dict:
        return {"kind": self.kind, "name": self.name, "difficulty": self.difficulty, "token": self.token,
                "taken": self.taken}


@dataclass
class Held:
    seat: int
    action: Action
    n: int | None
    at: float


@dataclass
class HostedTable:
    table_id: str
    game: str
    options: dict
    slots: list[Slot]
    owner: int
    seed: int
    time_scale: float | None = 1.0
    policy: P.DisconnectPolicy = field(default_factory=P.DisconnectPolicy)
    listed: bool = True
    now: object = time.monotonic
    match: Match | None = None
    held: list[Held] = field(default_factory=list)
    paused_left: dict = field(default_factory=dict)       # seat -> {clock key: seconds left}
    stand_ins: dict = field(default_factory=dict)         # seat -> agent
    history: list = field(default_factory=list)           # every event so far, one list per action (0: opening)

    # -- making ----------------------------------------------------------------------
    @classmethod
    def create(cls, request: P.Create, name: str, now=time.monotonic, table_id: str | None = None) -> "HostedTable":
        """A new table from a client's request; Refusal for what cannot work."""
        from .. import registry
        if request.game not in registry.game_ids():
            raise Refusal("unknown_game", game=request.game)
        spec = registry.get(request.game)
        rules = spec.ruleset()
        n = len(request.seats)
        if not spec.min_players <= n <= spec.max_players:
            raise Refusal("seats", game=request.game, low=spec.min_players, high=spec.max_players)
        if request.you >= n or request.seats[request.you].kind != "human":
            raise Refusal("bad_you")
        try:
            options = rules.validate_options(dict(request.options), n)
        except (OptionsError, ValueError, TypeError, KeyError) as exc:
            raise Refusal("bad_options", reason=str(exc)[:200]) from None
        slots = []
        for i, s in enumerate(request.seats):
            slot = Slot(kind=s.kind, name=s.name, difficulty=s.difficulty,
                        token=new_token() if s.kind == "human" else "", taken=s.kind == "ai")
            slots.append(slot)
        slots[request.you].taken = True
        slots[request.you].name = name
        seed = request.seed if request.seed is not None else random.SystemRandom().randrange(2**31)
        return cls(table_id=table_id or new_token()[:TABLE_ID_CHARS], game=request.game, options=options,
                   slots=slots, owner=request.you, seed=seed, time_scale=request.time_scale,
                   policy=request.disconnect, listed=request.listed, now=now)

    def setup_json(self) -> dict:
        return {"table_id": self.table_id, "game": self.game, "options": self.options,
                "slots": [s.to_json() for s in self.slots], "owner": self.owner, "seed": self.seed,
                "time_scale": self.time_scale, "policy": self.policy.model_dump(), "listed": self.listed,
                "started": self.started}

    @classmethod
    def from_json(cls, data: dict, actions: list, now=time.monotonic) -> "HostedTable":
        """A stored table brought back: its setup, then its log replayed from the seed."""
        slots = [Slot(kind=s["kind"], name=s["name"], difficulty=s.get("difficulty", "normal"),
                      token=s.get("token", ""), taken=bool(s.get("taken"))) for s in data["slots"]]
        table = cls(table_id=data["table_id"], game=data["game"], options=data["options"], slots=slots,
                    owner=int(data["owner"]), seed=int(data["seed"]), time_scale=data.get("time_scale"),
                    policy=P.DisconnectPolicy(**data.get("policy", {})), listed=bool(data.get("listed", True)),
                    now=now)
        if data.get("started"):
            table.start(check_seats=False)
            for seat, action in actions:
                table.match.submit(int(seat), P.action_from_wire(action))
            table.match.deadlines.clear()          # clocks restart after a restart
            table.match.opened.clear()
            for i, slot in enumerate(table.slots):  # nobody is connected yet
                if slot.kind == "human":
                    table.disconnected(i)
        return table

    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def over(self) -> bool:
        return self.match is not None and self.match.over

    def start(self, check_seats: bool = True) -> list[Event]:
        """Build the Match (the authority from here on); the opening events."""
        from .. import registry
        if self.match is not None:
            raise Refusal("started")
        if check_seats and not all(s.taken for s in self.slots):
            raise Refusal("seats_open")
        spec = registry.get(self.game)
        seats = [SeatInfo(s.name, "human" if s.kind == "human" else "ai", s.difficulty) for s in self.slots]
        agents = {i: _agent(spec, s.difficulty, i, self.seed * 31 + i)
                  for i, s in enumerate(self.slots) if s.kind == "ai"}
        self.match = Match(self.game, spec.ruleset(), seats, self.options, self.seed, now=self.now,
                           agents=agents, validated=True, time_scale=self.time_scale)
        opening = getattr(self.match.rules, "opening_events", None)
        events = list(opening(self.match.state)) if opening is not None else []
        # the chronicle a seat coming back receives (update_for with resync): every
        # action's events as applied, whoever applied them (a seat, an AI, a clock)
        self.history = [events]
        self.match.listeners.append(lambda applied: self.history.append(list(applied)))
        return events

    # -- seats -------------------------------------------------------------------------
    def seat_of(self, token: str) -> int | None:
        return next((i for i, s in enumerate(self.slots) if s.kind == "human" and s.token == token), None)

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.slots) if s.kind == "human" and not s.taken]

    def take(self, seat: int | None, name: str) -> int:
        """A free human seat for someone joining from the list (not with a token)."""
        free = self.free_seats()
        if seat is None:
            if not free:
                raise Refusal("no_free_seat")
            seat = free[0]
        if seat not in free:
            raise Refusal("seat_taken", seat=seat + 1)
        self.slots[seat].taken = True
        self.slots[seat].name = name
        return seat

    def connected(self, seat: int) -> None:
        slot = self.slots[seat]
        slot.connected = 1
        slot.taken = True
        slot.dropped_at = None
        slot.stand_in = False
        self.stand_ins.pop(seat, None)
        if self.match is not None and seat in self.paused_left:
            self._resume_clocks(seat)

    def disconnected(self, seat: int) -> None:
        slot = self.slots[seat]
        slot.connected = 0
        slot.dropped_at = self.now()
        if self.match is not None and self.policy.mode == "pause" and not self.over:
            self._pause_clocks(seat)

    def _pause_clocks(self, seat: int) -> None:
        m = self.match
        now = self.now()
        left = {}
        for d in m.decisions_for(seat):
            key = d.clock_key
            if key in m.deadlines:
                left[key] = max(0.0, m.deadlines.pop(key) - now)
        self.paused_left[seat] = left
        m.pause_seat(seat, True)

    def _resume_clocks(self, seat: int) -> None:
        m = self.match
        left = self.paused_left.pop(seat, {})
        m.pause_seat(seat, False)
        m.decisions()                           # starts the clocks again (full time) …
        now = self.now()
        for key, seconds in left.items():       # … then gives back only what was left
            if key in m.deadlines:
                m.deadlines[key] = now + seconds

    def due_stand_ins(self) -> list[int]:
        """Seats whose person has been away longer than the policy allows: an AI plays
        for them from now until they are back."""
        from .. import registry
        if self.policy.mode != "ai" or self.match is None or self.over:
            return []
        now = self.now()
        out = []
        for i, slot in enumerate(self.slots):
            if slot.kind == "human" and not slot.connected and not slot.stand_in \
                    and slot.dropped_at is not None and now - slot.dropped_at >= self.policy.ai_after:
                slot.stand_in = True
                self.stand_ins[i] = _agent(registry.get(self.game), self.policy.ai_level, i, self.seed * 37 + i)
                out.append(i)
        return out

    def next_stand_in_at(self) -> float | None:
        if self.policy.mode != "ai" or self.match is None or self.over:
            return None
        times = [s.dropped_at + self.policy.ai_after for s in self.slots
                 if s.kind == "human" and not s.connected and not s.stand_in and s.dropped_at is not None]
        return min(times) if times else None

    # -- acting ------------------------------------------------------------------------
    def offer(self, seat: int, action: Action, n: int | None = None) -> list[Event] | None:
        """A seat's action from its connection: applied now (its events), held until its
        window's minimum answer time (None), or Refusal with the reason."""
        m = self.match
        if m is None:
            raise Refusal("not_started")
        if m.over:
            raise Refusal("over")
        if any(h.seat == seat for h in self.held):
            raise Refusal("waiting")
        if not m.decisions_for(seat):
            raise Refusal("not_your_turn")
        if not m.is_legal(seat, action):
            raise Refusal("illegal", reason=self._why_illegal(seat, action))
        at = self._ready_at(seat)
        if at is not None and at > self.now():
            self.held.append(Held(seat, action, n, at))
            return None
        return m.submit(seat, action)

    def _why_illegal(self, seat: int, action: Action) -> str:
        """The rules' own reason (on a copy: an illegal apply may half-change a state)."""
        m = self.match
        probe = m.rules.clone(m.state)
        try:
            m.rules.apply(probe, seat, action)
        except IllegalAction as exc:
            return exc.reason
        except Exception:                       # noqa: BLE001 - hostile input met a game bug
            pass
        return "that is not one of the choices now"

    def _ready_at(self, seat: int) -> float | None:
        times = [self.match.ready_at(d) for d in self.match.decisions_for(seat)]
        times = [t for t in times if t is not None]
        return max(times) if times else None

    def due_held(self) -> list[Held]:
        """Held answers whose time has come, in the order they came; still legal ones only
        (the window may have closed meanwhile: then it is dropped, as a late answer)."""
        now = self.now()
        due = [h for h in self.held if h.at <= now]
        self.held = [h for h in self.held if h.at > now]
        return due

    def ai_requests(self) -> list[tuple[int, dict, object]]:
        """(seat, view, decision) owed by AI seats and stand-ins whose window is ready."""
        m = self.match
        if m is None or m.over:
            return []
        out = []
        for d in m.decisions():
            if d.seat in m.agents or d.seat in self.stand_ins:
                if m.ready(d):
                    out.append((d.seat, m.view(d.seat), d))
        return out

    def agent_for(self, seat: int):
        return self.stand_ins.get(seat) or self.match.agents.get(seat)

    def next_wake(self) -> float | None:
        """The next moment something may happen without a message: a held answer or an
        AI answer comes due, a clock runs out, a stand-in takes over."""
        m = self.match
        if m is None or m.over:
            return None
        times = [h.at for h in self.held]
        for d in m.decisions():
            at = m.ready_at(d)
            if at is not None and (d.seat in m.agents or d.seat in self.stand_ins):
                times.append(at)
            deadline = m.deadlines.get(d.clock_key)
            if deadline is not None and d.timeout is not None:
                times.append(deadline)
        stand_in = self.next_stand_in_at()
        if stand_in is not None:
            times.append(stand_in)
        return min(times) if times else None

    # -- what a seat receives ----------------------------------------------------------
    def update_for(self, seat: int, events: list[Event], ack: int | None = None,
                   resync: bool = False) -> P.Update:
        m = self.match
        return seat_update(m.rules, m.state, seat, events, moves=len(m.log), decisions=m.decisions(),
                           result=m.result(), time_left=m.time_left, ack=ack, resync=resync,
                           chronicle=self.history if resync else None)

    def lobby_for(self, seat: int) -> P.Lobby:
        seats = [P.LobbySeat(seat=i, name=s.name, kind=s.kind, difficulty=s.difficulty if s.kind == "ai" else "",
                             taken=s.taken, connected=bool(s.connected), stand_in=s.stand_in)
                 for i, s in enumerate(self.slots)]
        tokens = {i: s.token for i, s in enumerate(self.slots) if s.kind == "human"} if seat == self.owner else {}
        return P.Lobby(table_id=self.table_id, game=self.game, options=self.options, seats=seats, you=seat,
                       owner=self.owner, started=self.started, over=self.over, disconnect=self.policy,
                       time_scale=self.time_scale, tokens=tokens)

    def info(self) -> P.TableInfo:
        return P.TableInfo(table_id=self.table_id, game=self.game, options=self.options, seats=len(self.slots),
                           free=self.free_seats(), names=[s.name for s in self.slots], started=self.started)


def seat_update(rules, state, seat: int, events, *, moves: int, decisions=None, result=None,
                time_left=None, ack: int | None = None, resync: bool = False, chronicle=None) -> P.Update:
    """Everything `seat` receives after `moves` actions: its view, the events it may see
    (`Event.visible_to`, the screen's filter), its own decisions with their clocks, and
    the result once the game is over; with `chronicle` (the game's events, one list per
    action) the same filter over the whole game, for a seat coming back. The only
    builder of a seat's bytes (protocol.encode).
    Not the final state's digest: it hashes what stays hidden at the end too (a deck's
    order), so two ends a seat cannot tell apart would send other bytes."""
    if decisions is None:
        decisions = rules.decisions(state)
        result = rules.result(state)
    mine = [] if result is not None else [_wire_decision(d, time_left) for d in decisions if d.seat == seat]
    # built without validation (model_construct): the host's own values, on the hot path
    waiting = [] if result is not None else sorted({d.seat for d in decisions})
    return P.Update.model_construct(
        moves=moves, waiting=waiting, view=rules.view(state, seat), events=_visible(events, seat),
        chronicle=[_visible(group, seat) for group in chronicle or ()],
        decisions=mine, result=None if result is None else _result_json(result), ack=ack, resync=resync)


def _visible(events, seat: int) -> list:
    return [P.WireEvent.model_construct(kind=e.kind, data=e.data, to=None if e.to is None else list(e.to))
            for e in events if e.visible_to(seat)]


def _agent(spec, difficulty: str, seat: int, seed: int):
    from ..ai.random_agent import RandomAgent
    if difficulty == "random":
        return RandomAgent(seed)
    try:
        return spec.make_agent(difficulty, seat, seed)
    except Exception:                      # noqa: BLE001 - a game without that level still plays
        return RandomAgent(seed)


def _wire_decision(d, time_left=None) -> P.WireDecision:
    left = time_left(d) if time_left is not None else None
    return P.WireDecision.model_construct(
        kind=d.kind, actions=list(d.actions), default=d.default, timeout=d.timeout,
        time_left=None if left is None else round(left, 1), prompt=d.prompt, free=d.free,
        sealed=d.sealed, min_time=d.min_time)


def _listed(value):
    return [_listed(v) for v in value] if isinstance(value, (tuple, list)) else value


def _result_json(result) -> dict:
    return {"winners": list(result.winners), "scores": _listed(result.scores), "reason": result.reason,
            "details": result.details, "side": result.side,
            "rewards": None if result.rewards is None else list(result.rewards)}
