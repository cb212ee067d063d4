"""Off-turn windows, once for every game: reaction windows and sealed choices.

A **reaction window** opens when something can be answered out of turn (a Strike
that may be Blocked, a card that may be Protected, a Foiled! plot). Who is asked is
decided from public information only: every seat that *could* answer is asked, with
its own actions (always including the pass), so that being asked tells nobody what
a seat holds. Seats are asked all at once or one by one clockwise. Every decision of
a window carries the window's clock key, its timeout and a minimum answer time from
the game's data: the driver takes no answer (an AI's pass included) before that
minimum, so the speed of a pass tells nothing either.

A **sealed choice** is a secret simultaneous pick (bids, hidden worker groups, the
Poltergeist's pass): every seat commits privately, the others see only *that* it
committed, and all picks are revealed together when the last one is in. Its
decisions are marked `sealed`, which tells ISMCTS to select them decoupled (a seat's
tree never branches on another seat's unrevealed pick) and the hot-seat window to put
each human behind the curtain.

Both are small slotted values that a game keeps in its state and copies in `clone`;
they hold no rules of any one game.
"""
from __future__ import annotations

from typing import Callable, Iterable

from .rules import Action, Decision, IllegalAction, event, new_decision

PASS: Action = ("pass",)


def window_decisions(kind: str, waiting, order: str, actions_for: Callable[[int], tuple], *,
                     timeout: float | None = None, min_time: float | None = None, clock=None,
                     prompt: dict | None = None) -> list[Decision]:
    """The decisions of a reaction window whose seats still to answer are `waiting`:
    every seat asked now (all of them, or the first one clockwise) gets one, with the
    window's clock, timeout, minimum answer time and pass as default; `actions_for(seat)`
    lists its reactions (the pass is put first when missing). `ReactionWindow.decisions`
    is this over its own fields; a game that keeps its waiting seats as a plain list in
    its state calls it directly (no window object built for every question asked)."""
    if clock is None:
        clock = ("window", kind)
    out = []
    for seat in (waiting if order == "all" else waiting[:1]):
        acts = tuple(actions_for(seat))
        if PASS not in acts:
            acts = (PASS,) + acts
        out.append(new_decision((seat, kind, acts, timeout, PASS, clock, prompt, None, False, min_time)))
    return out


class ReactionWindow:
    """Seats that may answer one trigger. `order="all"`: everyone at once, the first
    reaction closes the window (the game decides); `"clockwise"`: one at a time."""
    __slots__ = ("kind", "waiting", "order", "timeout", "min_time", "clock", "prompt", "reacted")

    def __init__(self, kind: str, seats: Iterable[int], *, order: str = "all",
                 timeout: float | None = None, min_time: float | None = None,
                 clock=None, prompt: dict | None = None):
        if order not in ("all", "clockwise"):
            raise ValueError(f"order must be 'all' or 'clockwise', not {order!r}")
        self.kind = kind
        self.waiting = list(seats)          # seats still to answer, in asking order
        self.order = order
        self.timeout = timeout
        self.min_time = min_time
        self.clock = clock if clock is not None else ("window", kind)
        self.prompt = prompt
        self.reacted: list[tuple[int, Action]] = []   # non-pass answers, in order

    @staticmethod
    def clockwise_from(first: int, players: int, include: Callable[[int], bool]) -> list[int]:
        """Seats after `first`, clockwise, that `include` accepts (public facts only)."""
        return [s % players for s in range(first + 1, first + players) if include(s % players)]

    @property
    def open(self) -> bool:
        return bool(self.waiting)

    def asked(self) -> list[int]:
        if not self.waiting:
            return []
        return list(self.waiting) if self.order == "all" else [self.waiting[0]]

    def decisions(self, actions_for: Callable[[int], tuple]) -> list[Decision]:
        """One decision per seat asked now; `actions_for(seat)` lists that seat's
        reactions (the pass is added first when missing)."""
        return window_decisions(self.kind, self.waiting, self.order, actions_for, timeout=self.timeout,
                                min_time=self.min_time, clock=self.clock, prompt=self.prompt)

    def answer(self, seat: int, action: Action) -> None:
        """Record `seat`'s answer: it is asked no more; a reaction is remembered."""
        if seat not in self.asked():
            raise IllegalAction(f"seat {seat} is not asked in this {self.kind} window")
        self.waiting.remove(seat)
        if action != PASS:
            self.reacted.append((seat, action))

    def close(self) -> None:
        self.waiting.clear()

    def clone(self) -> "ReactionWindow":
        other = ReactionWindow.__new__(ReactionWindow)
        other.kind, other.waiting, other.order = self.kind, list(self.waiting), self.order
        other.timeout, other.min_time, other.clock = self.timeout, self.min_time, self.clock
        other.prompt, other.reacted = self.prompt, list(self.reacted)
        return other

    def to_json(self) -> dict:
        return {"kind": self.kind, "waiting": list(self.waiting), "order": self.order,
                "reacted": [[s, list(a)] for s, a in self.reacted]}


class SealedChoice:
    """A secret simultaneous pick by `seats`. Commit with `commit`; `revealed` is True
    once every seat is in, and `picks` then holds every seat's action."""
    __slots__ = ("kind", "seats", "picks", "timeout", "clock", "prompt")

    def __init__(self, kind: str, seats: Iterable[int], *, timeout: float | None = None,
                 clock=None, prompt: dict | None = None):
        self.kind = kind
        self.seats = tuple(seats)
        self.picks: dict[int, Action] = {}
        self.timeout = timeout
        self.clock = clock if clock is not None else ("sealed", kind)
        self.prompt = prompt

    @property
    def revealed(self) -> bool:
        return len(self.picks) == len(self.seats)

    def pending(self) -> list[int]:
        return [s for s in self.seats if s not in self.picks]

    def decisions(self, actions_for: Callable[[int], tuple],
                  default_for: Callable[[int], Action] | None = None) -> list[Decision]:
        out = []
        for seat in self.pending():
            acts = tuple(actions_for(seat))
            default = default_for(seat) if default_for else (acts[0] if acts else None)
            out.append(Decision(seat, self.kind, acts, self.timeout, default, self.clock,
                                self.prompt, sealed=True))
        return out

    def commit(self, seat: int, action: Action) -> list:
        """Keep `seat`'s pick secret; return the events: everyone learns that the seat
        committed, only the seat what; and, with the last pick, the reveal of all."""
        if seat not in self.seats or seat in self.picks:
            raise IllegalAction(f"seat {seat} has no secret {self.kind} to make now")
        self.picks[seat] = action
        events = [event("sealed", seat=seat, choice=self.kind),
                  event("sealed_own", to=(seat,), seat=seat, choice=self.kind, action=list(action))]
        if self.revealed:
            events.append(event("reveal", choice=self.kind,
                                picks={str(s): list(a) for s, a in sorted(self.picks.items())}))
        return events

    def visible_picks(self, seat: int | None) -> dict:
        """What `seat` may know: its own pick, and everyone's once revealed."""
        if self.revealed:
            return dict(self.picks)
        return {s: a for s, a in self.picks.items() if s == seat}

    def clone(self) -> "SealedChoice":
        other = SealedChoice.__new__(SealedChoice)
        other.kind, other.seats, other.picks = self.kind, self.seats, dict(self.picks)
        other.timeout, other.clock, other.prompt = self.timeout, self.clock, self.prompt
        return other

    def to_json(self) -> dict:
        return {"kind": self.kind, "seats": list(self.seats),
                "picks": {str(s): list(a) for s, a in sorted(self.picks.items())}}
