"""Random legal playouts with invariants after every step (DD checklist X-14), as the
rules state them in `DarkDeedsRules.invariants` (game/games/dark_deeds/invariants.py):
all 41 + 58 + 45 cards accounted for, Suspicion never negative, Dark Deeds never discarded
once in a hand, hand <= 6 after Take Stock (unless only Dark Deeds), one card per Street
slot, a decision always exists until the end; and illegal actions change nothing."""
from __future__ import annotations

import json
import random

import pytest

from game.core.rules import IllegalAction
from tests.games.dark_deeds.test_support import check_invariants, rules

GAMES = 300


def playout(n, seed, check=True):
    """One random game; with `check`, `R.invariants` after every step, given the state
    before the step too (Dark Deeds never discarded, hand limit after Take Stock)."""
    R = rules()
    s = R.setup(n, {"first_player": "rolloff" if seed % 3 == 0 else "random"}, seed)
    rnd = random.Random(seed)
    if check:
        check_invariants(s)
    steps = 0
    while R.result(s) is None:
        ds = R.decisions(s)
        assert ds, f"no decision at stage {s.stage}"
        d = ds[rnd.randrange(len(ds))]
        action = d.actions[rnd.randrange(len(d.actions))]
        before = R.clone(s) if check else None
        R.apply(s, d.seat, action)
        steps += 1
        assert steps < 3000
        if check:
            check_invariants(s, before)
    assert s.stage == "over" and all(c is None for c in s.street) and not s.street_deck
    return s, steps


def test_invariants_report_a_corrupted_state():
    """The checks can fail: each corruption is reported with its checklist id."""
    R = rules()
    s = R.setup(3, {}, 5)
    assert R.invariants(s) == []

    def corrupt(change, before=None):
        c = R.clone(s)
        change(c)
        return R.invariants(c, before)

    assert any(m.startswith("DD-002") for m in corrupt(lambda c: c.street_deck.pop()))
    assert any(m.startswith("DD-002") and "two places" in m
               for m in corrupt(lambda c: c.street_discard.append(c.street_deck[-1])))
    assert any(m.startswith("DD-091") for m in corrupt(lambda c: c.susp.__setitem__(1, -1)))
    assert any(m.startswith("DD-007") for m in corrupt(lambda c: c.street.append(None)))
    assert any(m.startswith("DD-009") for m in corrupt(lambda c: setattr(c, "msm", 3)))

    def discard_deed(c):                            # a Dark Deed thrown away from a hand
        deed = next(x for x in c.hands[0] if R.kind[x] == "deed")
        c.hands[0].remove(deed)
        if deed in c.known[0]:
            c.known[0].remove(deed)
        c.tavern_discard.append(deed)
    assert corrupt(discard_deed) == []              # a deed may sit in the discard pile...
    assert any(m.startswith("DD-088") for m in corrupt(discard_deed, before=s))   # ...not come from a hand

    def big_hand_next_turn(c):                      # the turn passed with 8 cards, plots among them
        c.hands[s.active] += c.tavern_deck[-6:]
        del c.tavern_deck[-6:]
        c.turn += 1
    assert corrupt(big_hand_next_turn) == []
    assert any(m.startswith("DD-076") for m in corrupt(big_hand_next_turn, before=s))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playouts_keep_invariants(n):
    for seed in range(GAMES):
        playout(n, seed * 7 + n)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_step_checked_on_some_games(n):
    for seed in range(20):
        playout(n, 10_000 + seed)


def test_illegal_actions_leave_the_state_unchanged():
    R = rules()
    rnd = random.Random(3)
    s = R.setup(3, {}, 3)
    for _ in range(200):
        if R.result(s):
            break
        before = json.dumps(R.snapshot(s), sort_keys=True)
        d = R.decisions(s)[0]
        for bad in [("nonsense",), ("target", "street", 9), ("play", "plot:99"), ("discard", "deed:01")]:
            if bad in d.actions:
                continue
            with pytest.raises(IllegalAction):
                R.apply(s, d.seat, bad)
        wrong = (d.seat + 1) % 3
        if not any(x.seat == wrong for x in R.decisions(s)):
            with pytest.raises(IllegalAction):
                R.apply(s, wrong, d.actions[0])
        assert json.dumps(R.snapshot(s), sort_keys=True) == before
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])


def test_clone_is_independent_and_replays_identically():
    R = rules()
    s = R.setup(4, {}, 11)
    rnd = random.Random(1)
    for _ in range(60):
        d = R.decisions(s)[0]
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
    c = R.clone(s)
    assert R.snapshot(c) == R.snapshot(s)
    rnd2 = random.Random(2)
    trail = []
    while R.result(c) is None:
        d = R.decisions(c)[0]
        a = d.actions[rnd2.randrange(len(d.actions))]
        trail.append((d.seat, a))
        R.apply(c, d.seat, a)
    assert R.result(s) is None and s.turn < c.turn
    for seat, a in trail:
        R.apply(s, seat, a)
    assert R.snapshot(s) == R.snapshot(c)


def test_every_log_sentence_exists_and_formats():
    from game.core.i18n import has, t
    R = rules()
    rnd = random.Random(5)
    seen = set()
    for seed in range(60):
        s = R.setup(2 + seed % 3, {}, seed)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            for e in R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))]):
                if e.kind == "log":
                    key, params = e.data["key"], e.data["params"]
                    assert has(key), key
                    if key not in seen:
                        seen.add(key)
                        text = t(key, **params)
                        assert "{" not in text, (key, text)
    assert len(seen) >= 25


def test_undo_barriers_cover_every_new_card_and_roll():
    """Undo (X-13) must never go back past a roll, a shuffle or a card leaving a face-down deck."""
    from game.core.rules import is_barrier
    R = rules()
    rnd = random.Random(9)
    for seed in range(40):
        s = R.setup(2 + seed % 3, {}, seed)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            for e in R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))]):
                if e.kind in ("roll", "shuffle") or (e.kind == "move" and str(e.data["src"]).startswith(
                        ("street_deck", "tavern_deck", "loot_deck"))):
                    assert is_barrier(e), e
