"""Helpers for the Schemers tests: build an exact state, play actions, read events.

    R, s = table(players=3, hands=[["doge", "corsair"], ["poisoner", "plague_doctor"], ...],
                 coins=[2, 5, 2], turn=0)
    ev = play(R, s, 0, "claim", "doge")
"""
from __future__ import annotations

from collections import Counter

from game.games.schemers import engine as E
from game.games.schemers import SPEC
from game.games.schemers.rules import count_cards  # noqa: F401  (one count for rules and tests)

_R = None


def rules():
    global _R
    if _R is None:
        _R = SPEC.load_ruleset()
    return _R


def table(players=2, hands=None, coins=None, turn=0, mode="standard", addons=(), deck=None,
          lost=None, unt=None, seed=0, **options):
    """A state at the start of `turn`'s turn with exactly these hands, ducats and deck.
    When `deck` is None the deck is the rest of the composition (top = last item)."""
    R = rules()
    opts = R.validate_options({"mode": mode, "addons": list(addons), **options}, players)
    s = R.setup(players, opts, seed)
    s.auc = None
    if hands is not None:
        s.hands = [list(h) for h in hands]
    if lost is not None:
        s.lost = [tuple(x) for x in lost]
    if deck is None:
        rest = Counter(s.cfg.deck)
        for h in s.hands:
            rest.subtract(h)
        for x in s.lost:
            rest.subtract(x)
        assert all(v >= 0 for v in rest.values()), rest
        deck = [r for r in E.ROLES for _ in range(rest[r])]
    s.deck = list(deck)
    s.coins = list(coins) if coins is not None else [s.cfg.start or 2] * players
    s.nalive = sum(1 for h in s.hands if h)
    s.unt = unt if unt is not None else (s.unt if mode == "intoccabile" else -1)
    s.turn_no = 0
    s.dec = None
    E.start_turn(s, turn, None)
    assert count_cards(s) == s.cfg.total
    return R, s


def play(R, s, seat, *action):
    return R.apply(s, seat, tuple(action))


def kinds(decisions):
    return [(d.seat, d.kind) for d in decisions]


def asked(R, s):
    return [d.seat for d in R.decisions(s)]


def events_of(events, kind):
    return [e for e in events if e.kind == kind]


def log_keys(events):
    return [e.data["key"] for e in events if e.kind == "log"]


def pass_all(R, s, kind=None):
    """Everybody asked now passes."""
    events = []
    for d in list(R.decisions(s)):
        if kind is None or d.kind == kind:
            events += R.apply(s, d.seat, ("pass",))
    return events


def test_table_helper_conserves_cards():
    R, s = table(players=3, hands=[["doge", "doge"], ["corsair", "plague_doctor"], ["poisoner", "fortune_teller"]])
    assert count_cards(s) == 15
    assert s.phase == E.TURN and s.turn == 0
