"""The rules protocol every game implements, and the small values it trades in.

A game is a `Ruleset`: a handful of pure functions over a game-owned state object.
The kernel (match driver, records, agents, CLI, screens) only ever talks to a game
through this protocol, so it knows nothing about any one game.

Values:
- An **Action** is a tuple whose first item is a verb string and whose other items are
  ints, strings or nested tuples of those: ``("income",)``, ``("claim", "doge")``,
  ``("target", "poisoner", 2)``. Tuples are hashable, cheap and JSON-serialisable
  (as lists; `as_action` turns them back).
- A **Decision** says that one seat must (or may) answer now, with which actions.
  Several decisions may be open at once (anyone may challenge; sealed bids); the
  driver applies whichever answer comes first and asks `decisions()` again.
  A decision whose choice is continuous (a point within reach on a measured table)
  describes it in `free` and lists a finite, representative sample in `actions`;
  legality is then `Ruleset.is_legal`, which every caller asks (see `is_legal` below).
  `sealed` decisions are secret and simultaneous (everyone commits, then all are
  revealed together); `min_time` is the least time before anyone's answer is taken,
  so that the speed of a pass never tells what a seat holds (core/windows.py).
- An **Event** is what happened, for the screen, the sounds and the log. `to` is
  ``None`` for a public event, else the tuple of seats allowed to see it.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Iterable, NamedTuple, Protocol, Sequence

Action = tuple


class IllegalAction(Exception):
    """Raised by `apply` for an action that is not legal now; `reason` says why, for a
    programmer (a log, a test). `key` (a locale key, formatted with `params`) and `rule`
    (a rules-page anchor, "<game>/<section>") are what a player is told instead, when the
    rules know them; game/core/refusal.py `explain` finds words for the rest."""

    def __init__(self, reason: str, *, key: str | None = None, rule: str | None = None, **params):
        super().__init__(reason)
        self.reason = reason
        self.key = key
        self.rule = rule
        self.params = params


class OptionsError(ValueError):
    """Raised by `setup` for options that cannot work together (names which and why)."""


class Decision(NamedTuple):
    seat: int
    kind: str                      # "turn", "challenge", "block", "lose_card", "bid", ...
    actions: tuple                 # the legal actions, in a stable order
    timeout: float | None = None   # seconds on the clock, None = untimed
    default: Action | None = None  # applied by the driver when the clock runs out
    clock: Any = None              # decisions sharing a clock key share one countdown
    prompt: dict | None = None     # what the screen needs to ask the question well
    free: Any = None               # a continuous choice as data the screen can draw
                                   #   ({"verb": "move", "piece": ..., "region": ...});
                                   #   `actions` is then a representative sample
    sealed: bool = False           # committed in secret, revealed with the others
    min_time: float | None = None  # no answer is taken before this many seconds

    @property
    def clock_key(self):
        return self.clock if self.clock is not None else (self.seat, self.kind)


# `new_decision((seat, kind, actions, timeout, default, clock, prompt, free, sealed, min_time))`
# is `Decision(...)` built in C, EVERY field given in this order (tests/core/test_fast_values.py
# pins it): a rules module builds a decision for every action, and the NamedTuple's own
# constructor, with its defaults, costs twice as much.
new_decision = partial(tuple.__new__, Decision)


class Event(NamedTuple):
    kind: str
    data: dict
    to: tuple | None = None        # None: everyone may see it; else only these seats

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


# `new_event((kind, data, to))` is `Event(kind, data, to)` built in C: a NamedTuple's
# own constructor is a Python function, and a rules module's hot path builds about a
# hundred events per game (a third cheaper this way; the driver's games/s bar feels it).
new_event = partial(tuple.__new__, Event)


def event(kind: str, to: Iterable[int] | None = None, **data) -> Event:
    return Event(kind, data, None if to is None else tuple(to))


# Sides of a game played against the game itself (co-op, solo against the Shadow or
# the Villains). A competitive game's result has side None.
PLAYERS = "players"
GAME = "game"


class Result(NamedTuple):
    """How a game ended. `winners` are seats; `side` says which side won when the
    players play against the game itself (PLAYERS: all of them won, GAME: the game
    beat them, whoever leads); `rewards` is one number per seat in [0, 1] for agents,
    so a co-op seat prefers "we won" to "we lost" and a semi-co-op seat prefers "the
    team won and I lead" to "the team lost" (without it, winners share 1)."""
    winners: tuple                 # seats that won (empty: nobody won)
    scores: tuple                  # one number per seat (or ranks), for the results screen
    reason: str                    # why the game ended, in words (i18n key or text)
    details: dict | None = None
    side: str | None = None        # PLAYERS or GAME in games against the game; else None
    rewards: tuple | None = None   # per seat, in [0, 1]; None: winners share 1

    def reward(self, seat: int) -> float:
        if self.rewards is not None:
            return self.rewards[seat] if 0 <= seat < len(self.rewards) else 0.0
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def reward_vector(self, players: int) -> list[float]:
        if self.rewards is not None:
            return [float(r) for r in self.rewards] + [0.0] * (players - len(self.rewards))
        out = [0.0] * players
        if self.winners:
            share = 1.0 / len(self.winners)
            for seat in self.winners:
                if 0 <= seat < players:
                    out[seat] = share
        return out


class Ruleset(Protocol):
    """What a game's rules module provides. All functions are pure over `state`
    except `apply`, which mutates the state it is given and returns the events.

    Optional (callers look it up with ``getattr(ruleset, "invariants", None)``, so it is
    not a member of this protocol):

        def invariants(self, state, before=None) -> list[str]:
            What is broken in `state`: one string per broken rule, in words, naming the
            game's checklist id where there is one; an empty list when all holds. It must
            not change the state (asking `decisions` is fine). `before`, when given, is a
            clone of the state before the last action, for rules about a step (a card
            that may never leave a place); a game that has none ignores it.

    The playout tests and ``simulate --check`` call it after every action.

        chance_purposes: tuple[str, ...]
            The game's chance outcomes by name ("dice", "deck", ...): the rules draw
            each from `state.rng.stream(purpose, *key)`. In a game that is one stream
            (replays unchanged); `core.rng.fix_chance` gives a search's copy one stream
            per purpose, so its candidates meet the same dice (common random numbers).

        def opening_events(self, state) -> list[Event]:
            What a player saw happen at `setup` (the first card put up for sale), for the
            table's chronicle; `setup` returns only the state. Asked of a fresh state.

        def is_legal(self, state, seat, action) -> bool:
            For games with free choices (`Decision.free`): whether `action` is legal
            now, beyond the listed sample. Without it, legal means listed. Callers use
            the module function `is_legal(ruleset, state, decisions, seat, action)`.

        def perturb_hidden(self, state, seat, rng) -> state:
            A copy of `state` that differs only in what `seat` may not see (other
            hands, deck orders, sealed choices), built WITHOUT the seat's view. The
            contract suite checks the seat's view and events are the same for both.

        def reveal_view(self, state) -> dict:
            The spectator's view (``view(state, None)``) with every hidden thing shown
            (all hands, private draws, secret roles, sealed picks; deck orders may stay
            hidden). The replay viewer draws it for the replay of a FINISHED game (a
            finished game hides nothing); an unfinished game's replay keeps the view.
    """

    id: str
    min_players: int
    max_players: int

    def default_options(self) -> dict: ...
    def validate_options(self, options: dict, players: int) -> dict:
        """Return complete options or raise OptionsError naming the option and why."""
    def setup(self, players: int, options: dict, seed: int) -> Any: ...
    def decisions(self, state) -> Sequence[Decision]: ...
    def apply(self, state, seat: int, action: Action) -> list[Event]: ...
    def view(self, state, seat: int | None) -> dict: ...
    def result(self, state) -> Result | None: ...
    def clone(self, state) -> Any: ...
    def snapshot(self, state) -> dict:
        """The whole state as JSON-able data (hidden parts included): digests, tests."""


class StateBackedRules:
    """The protocol's clone, snapshot, result and decisions, written once for a ruleset
    whose state clones and snapshots itself, holds the result as `res` and the
    decisions asked now as `dec` (None until asked; apply clears it when anything
    changes). A ruleset built on it writes `build_decisions(state)`."""

    def clone(self, s):
        return s.clone()

    def snapshot(self, s) -> dict:
        return s.snapshot()

    def result(self, s):
        return s.res

    def decisions(self, s):
        d = s.dec
        if d is None:
            d = s.dec = self.build_decisions(s)
        return d

    def build_decisions(self, s) -> tuple:
        raise NotImplementedError(f"{type(self).__name__} builds no decisions")


def as_action(value) -> Action:
    """Turn a JSON-loaded action (lists) back into the tuple form."""
    if isinstance(value, list):
        return tuple(as_action(v) for v in value)
    return value


def is_legal(ruleset, state, decisions: Sequence[Decision], seat: int, action: Action) -> bool:
    """Whether `seat` may play `action` now: listed in one of its decisions, or, for a
    decision with a free choice, accepted by the game's own `is_legal`. Every caller
    (screens, agents, the driver) asks this instead of `action in d.actions`."""
    mine = [d for d in decisions if d.seat == seat]
    if any(action in d.actions for d in mine):
        return True
    check = getattr(ruleset, "is_legal", None)
    return check is not None and any(d.free is not None for d in mine) and bool(check(state, seat, action))


def describe_action(action: Action) -> str:
    return " ".join(str(a) for a in action) if isinstance(action, tuple) else str(action)


class OptionSpec(NamedTuple):
    """One setting on the new-game screen, described by the game (data, not code)."""
    key: str
    label: str                      # i18n key or plain text
    kind: str                       # "choice", "flag" or "int"
    default: Any
    choices: tuple = ()             # for "choice": ((value, label), ...)
    minimum: int | None = None      # for "int"
    maximum: int | None = None
    help: str = ""                  # one friendly sentence for the screen
    shown_when: tuple = ()          # ((option key, value), ...) all of which must hold for the
                                    # setting to be offered (a versus-only rival, a solo-only flag)

    def shown(self, options: dict) -> bool:
        return all(options.get(k) == v for k, v in self.shown_when)


# Event kinds after which an undo may not go back (something random or secret became
# known). Games use these kinds for such events, or set data["barrier"] = True.
BARRIER_KINDS = frozenset({"roll", "draw", "reveal", "shuffle", "deal"})


def is_barrier(ev: Event) -> bool:
    return ev.kind in BARRIER_KINDS or ev.to is not None or bool(ev.data.get("barrier"))
