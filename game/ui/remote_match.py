"""A table played over the network, seen from this window: what TableScene and a game's
table read from a Match, fed by the host's messages instead of the rules.

The rules run where the table runs (a host's app or `main.py serve`, game/net); this
window holds one `NetClient` per seat a person plays here (one when you joined; the
host's own seat and any hot-seat friends at the host's screen). Each client knows only
what its seat may see: its view, its open decisions and their clocks, how many actions
were played, the result, and the events addressed to it.

`RemoteMatch` offers the same reading methods as `game.core.match.Match` (`seats`,
`rules`, `options`, `log`, `decisions()`, `decisions_for()`, `view()`, `is_legal()`,
`over`, `result()`, `time_left()`, `deadlines`), so the game's own table class draws and
animates a networked game unchanged. Writing differs: `submit` checks the action
against the seat's decisions and sends it; the host's answer (a new view with the
events, or a refusal in words) arrives later and is taken by `refresh()`, which the
scene calls every frame.

There is no seed and no action log here (they would tell the deck): `log` only has the
right length, and the chronicle is the events received (`history`), never a replay. A
seat that joins a game under way, or comes back after a drop, receives the game so far
from the host (its own events and the public ones, per action); `history` is rebuilt
from it, so the chronicle shows the whole game, not only what came after.

    rm = RemoteMatch(spec.id, rules, seats, options, {seat: client})
    events = rm.refresh()          # every frame: the events to animate, in order
"""
from __future__ import annotations

import time
from typing import Callable

from ..core.match import SeatInfo
from ..core.rules import Event, IllegalAction, Result


def decode_result(data) -> Result | None:
    """The wire's result (a dict) as the rules' Result, or None if it is not one."""
    if not isinstance(data, dict):
        return None
    try:
        rewards = data.get("rewards")
        return Result(winners=tuple(int(s) for s in data.get("winners") or ()),
                      scores=tuple(data.get("scores") or ()), reason=str(data.get("reason") or ""),
                      details=data.get("details") if isinstance(data.get("details"), dict) else None,
                      side=data.get("side") if isinstance(data.get("side"), str) else None,
                      rewards=tuple(float(r) for r in rewards) if isinstance(rewards, list) else None)
    except (TypeError, ValueError):
        return None


def lobby_seats(lobby, mine) -> list[SeatInfo]:
    """The table's seats as this window plays them: the seats held here are "human"
    (they may get the hot-seat curtain), other people "remote", AI seats "ai"."""
    out = []
    for s in sorted(lobby.seats, key=lambda s: s.seat):
        kind = "human" if s.seat in mine else ("ai" if s.kind == "ai" else "remote")
        out.append(SeatInfo(s.name, kind, s.difficulty or "normal"))
    return out


class RemoteMatch:
    """A networked game as the seats held in this window see it (see the module's docstring)."""

    remote = True                      # scenes ask this before they save, undo or rematch

    def __init__(self, game_id: str, rules, seats: list[SeatInfo], options: dict, clients: dict,
                 now: Callable[[], float] = time.monotonic):
        self.game_id = game_id
        self.rules = rules
        self.seats = seats
        self.options = dict(options)
        self.clients = dict(sorted(clients.items()))     # seat -> NetClient
        self.primary = next(iter(self.clients))          # whose public events animate
        self.now = now
        self.agents: dict = {}          # AI seats think where the table runs
        self.autosave_path = None       # ... and it keeps the game
        self.autosave_error = None
        self.time_scale = 1.0
        self.paused_seats: set = set()
        self.listeners: list = []
        self.opened: dict = {}
        self.log: list = []             # one placeholder per action played (only the count is known)
        self.history: list[Event] = []  # every event received: the chronicle
        self._stories: dict = {}        # seat -> the events its client brought, one list per action
        self._versions: dict = {}
        self.sent: dict = {}            # seat -> its client's version when it sent an action
        self._views: dict = {}
        self._decisions: tuple = ()
        self._result: Result | None = None
        self.refresh()

    # -- reading, as from a Match -----------------------------------------------------
    def decisions(self) -> tuple:
        return self._decisions

    def decisions_for(self, seat: int) -> list:
        return [d for d in self._decisions if d.seat == seat]

    def view(self, seat):
        # Seat None is asked only while the hot-seat curtain is down or for public facts
        # ("out"); this window shows only the seats it holds, so the first one answers.
        if seat is None or seat not in self._views:
            seat = self.primary
        return self._views.get(seat) or {}

    def result(self):
        return self._result

    def waiting(self) -> list[int]:
        """The seats not played here that the table waits for now (people elsewhere, AI
        seats where the table runs), as the host last said."""
        seats = []
        for client in self.clients.values():
            for seat in getattr(client, "waiting", lambda: [])():
                if seat not in self.clients and seat not in seats:
                    seats.append(seat)
        return seats

    @property
    def over(self) -> bool:
        return self._result is not None

    def is_legal(self, seat: int, action) -> bool:
        if self.over or seat not in self.clients:
            return False
        mine = self.decisions_for(seat)
        if any(action in d.actions for d in mine):
            return True
        return any(d.free is not None for d in mine)      # a free point: the host measures it

    def time_left(self, decision) -> float | None:
        client = self.clients.get(decision.seat)
        if client is None or decision.timeout is None:
            return None
        return client.time_left(decision)

    @property
    def deadlines(self) -> dict:
        """Clock key -> local deadline, from the host's clocks (a fresh dict: the host's
        clocks are not held or moved from here)."""
        now = self.now()
        out = {}
        for d in self._decisions:
            left = self.time_left(d)
            if left is not None:
                out[d.clock_key] = now + left
        return out

    def ready_at(self, decision):
        return None

    def ready(self, decision) -> bool:
        return True

    # -- what the host does, done nowhere here ------------------------------------------
    def tick(self) -> list:
        return []                        # the host's clocks apply the defaults

    def pause_seat(self, seat: int, paused: bool = True) -> None:
        """The clocks run where the table runs: a curtain or a menu here holds none."""

    def agent_requests(self) -> list:
        return []

    def can_undo(self, seat: int) -> bool:
        return False

    def undo(self, seat: int) -> bool:
        return False

    def save(self, path) -> None:
        raise OSError("the host keeps a networked game")

    # -- writing ------------------------------------------------------------------------
    def submit(self, seat: int, action) -> list:
        """Send a seat's action to the host. One its decisions do not list is refused
        here in the rules' own words; the host checks again and may refuse too."""
        if self.over:
            raise IllegalAction("the game is over")
        client = self.clients.get(seat)
        if client is None:
            raise IllegalAction(f"seat {seat} is not played here")
        if not self.is_legal(seat, action):
            if not self.decisions_for(seat):
                raise IllegalAction(f"seat {seat} has nothing to decide now")
            raise IllegalAction(f"{action!r} is not one of the choices now")
        # one answer per question: the seat's controls go until the host's answer comes
        # (its update or a refusal), so a second click never sends a stale action. The
        # version is read before sending: on loopback the answer may be here at once.
        self.sent[seat] = client.version
        client.send(tuple(action))
        self._decisions = tuple(d for d in self._decisions if d.seat != seat)
        return []

    def waiting_for_host(self, seat: int) -> bool:
        """An action of this seat is on its way and nothing has come back since."""
        return seat in self.sent

    def refresh(self) -> list[Event]:
        """Read what the clients received since the last call: views, decisions, the
        action count and the result. Returns the new events to animate, each once (a
        public event reaches every client here; the primary seat's copy is kept)."""
        events: list[Event] = []
        changed = resynced = False
        for seat, client in self.clients.items():
            fresh = []
            for item in _drain_story(client):
                if isinstance(item, list):               # a resync's chronicle: the game so far
                    self._stories[seat] = [list(group) for group in item]
                    fresh, resynced = [], True
                else:
                    fresh.append(item)
            story = self._stories.setdefault(seat, [[]])
            if fresh:
                moves = max(len(story) - 1, getattr(client, "moves", 0))
                story.extend([] for _ in range(moves + 1 - len(story)))
                story[moves].extend(fresh)
            events.extend(e for e in fresh if self._keeps(seat, e))
            version = client.version
            if self._versions.get(seat) == version:
                continue
            self._versions[seat] = version
            if self.sent.get(seat, version) != version:
                del self.sent[seat]                      # the host answered
            changed = True
            view = client.view()
            if isinstance(view, dict):
                self._views[seat] = view
        if changed:
            self._decisions = tuple(d for seat, c in self.clients.items() if seat not in self.sent
                                    for d in c.decisions())
            moves = max((c.moves for c in self.clients.values()), default=0)
            if moves != len(self.log):
                self.log = [None] * moves
            primary = self.clients[self.primary]
            if primary.result() is not None and self._result is None:
                self._result = decode_result(primary.result())
        if resynced:
            self.history = self._merged_stories()
        else:
            self.history.extend(events)
        return events

    def _merged_stories(self) -> list[Event]:
        """The seats' stories as one chronicle, action by action: the public events once
        (from the first seat here that has that action), each private one once."""
        out: list[Event] = []
        stories = self._stories
        for i in range(max((len(s) for s in stories.values()), default=0)):
            public_from = next((seat for seat in self.clients if i < len(stories.get(seat, ()))), None)
            for seat in self.clients:
                for e in stories.get(seat, ())[i] if i < len(stories.get(seat, ())) else ():
                    if (e.to is None and seat == public_from) or (e.to is not None and self._keeps(seat, e)):
                        out.append(e)
        return out

    def _keeps(self, seat: int, e: Event) -> bool:
        if e.to is None:
            return seat == self.primary
        held = [s for s in e.to if s in self.clients]
        return bool(held) and seat == held[0]

    def close(self) -> None:
        for client in self.clients.values():
            client.close(wait=1.0)


def _drain_story(client) -> list:
    """What a client brought since the last frame: events, and where a resync came, its
    chronicle (a list of lists) — see NetClient.drain_story."""
    drain = getattr(client, "drain_story", None)
    return drain() if drain is not None else client.drain_events()


__all__ = ["RemoteMatch", "decode_result", "lobby_seats"]
