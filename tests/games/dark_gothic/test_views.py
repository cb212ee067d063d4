"""Hidden information (CHECKLIST §2.6): what a seat's view holds and what it never does, and
perturb_hidden in every mode (the contract suite checks the default mode)."""
from __future__ import annotations

import json
import random

import pytest

from game.core.rng import RNG
from game.core.rules import is_legal

from .helpers import R, fresh, random_game


def test_views_hide_hands_decks_shadows_and_face_down_villains():
    s, _ = random_game(3, "competitive", 11)
    s = fresh(3, seed=11)
    for seat in range(3):
        v = R.view(s, seat)
        json.dumps(v)
        for i, p in enumerate(v["seats"]):
            assert ("hand" in p) == (i == seat)
            assert "deck" not in p and p["deck_count"] == len(s.deck[i])
            if p["owned"] is not None:
                assert p["owned"] == sorted(s.deck[i] + s.hand[i])          # a set, never an order
        text = json.dumps(v)
        for c in s.vstack + s.vbox + s.sdeck:
            assert c not in text
        for c in s.main:
            assert f'"{c}"' not in text


def test_draws_are_private_with_a_public_count():
    s = fresh(2, seed=3)
    a = s.active
    ev = R.apply(s, a, ("end",))
    draws = [e for e in ev if e.kind == "draw"]
    assert any(e.to == (a,) and e.data["cards"] for e in draws)
    assert any(e.to is None and "cards" not in e.data and e.data["count"] == 6 for e in draws)


@pytest.mark.parametrize("mode,n", [("competitive", 2), ("competitive", 3), ("coop", 1), ("coop", 3)])
def test_perturb_hidden_changes_nothing_a_seat_can_see(mode, n):
    rng = RNG(5)
    rnd = random.Random(5)
    checked = changed = 0
    for seed in range(3):
        s = fresh(n, mode, seed)
        step = 0
        while R.result(s) is None and step < 400:
            if step % 5 == 0:
                for seat in range(n):
                    o = R.perturb_hidden(s, seat, rng)
                    assert R.view(o, seat) == R.view(s, seat)
                    assert R.invariants(o) == []
                    changed += R.snapshot(o) != R.snapshot(s)
                    checked += 1
                    ds = R.decisions(s)
                    d = ds[rnd.randrange(len(ds))]
                    act = d.actions[rnd.randrange(len(d.actions))]
                    if is_legal(R, o, R.decisions(o), d.seat, act):
                        a, b = s.clone(), o.clone()
                        ea, eb = R.apply(a, d.seat, act), R.apply(b, d.seat, act)
                        if R.view(a, seat) == R.view(b, seat):
                            assert [e for e in ea if e.visible_to(seat)] == [e for e in eb if e.visible_to(seat)]
            ds = R.decisions(s)
            d = ds[rnd.randrange(len(ds))]
            R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
            step += 1
    assert checked > 20 and changed > checked // 2
