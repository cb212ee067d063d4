"""The rules' fast paths (random play at >= 200 games/s) against plain reference definitions,
on states from random games: what can be bought, paying a plain cost, drawing, cloning."""
from __future__ import annotations

import random
from itertools import product

from game.games.dark_gothic import payment as P
from game.games.dark_gothic.state import State

from .helpers import R, fresh


def _states(n_games=8, players=3, mode="competitive"):
    """Every state at a main decision of a few random games, with some Silver and odd pools mixed in."""
    out = []
    rnd = random.Random(7)
    for seed in range(n_games):
        s = fresh(players, mode, 300 + seed)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            if d.kind == "turn":
                out.append(R.clone(s))
            R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
    for s in out[::7]:                      # pools with Silver orbs the games may rarely reach
        s.pool = s.pool + [("W", rnd.randint(1, 3), None, True) for _ in range(rnd.randint(1, 2))]
        s.dec = None
    return out


def _reference_targets(s, a):
    """TE-050: every card on offer whose whole cost (with every modifier) the pool can pay."""
    cands = [c for c in s.center if c is not None]
    if "no_allies" in s.flags:
        cands = [c for c in cands if R.cards[c].type != "ally"]
    cands += [st[-1] for st in s.training.values() if st]
    cands.append(R.data.hungry_dead)
    if s.villain is not None:
        cands.append(s.villain)
    return [c for c in cands if R.cards[c].cost and P.feasible(s.pool, R.cost_of(s, c, a))]


def test_TE_050_buy_targets_match_the_plain_definition():
    states = _states()
    assert len(states) > 500
    silver = 0
    for s in states:
        silver += any(o[0] == "W" for o in s.pool)
        assert R.buy_targets(s, s.active) == _reference_targets(s, s.active)
    assert silver > 50


def _reference_pay(pool, parts):
    """Exact colours first (C, U, S; each colour's orbs in pool order), then the Silver orbs
    that waste least, the first such choice in product order."""
    need = [0, 0, 0]
    for col, n, _c in parts:
        need[P._IDX[col]] += n
    pool = list(pool)
    for ci, c in enumerate(P.COLS):
        i = 0
        while need[ci] > 0 and i < len(pool):
            if pool[i][0] == c:
                pool, spent, _ = P.take(pool, i, c, need[ci])
                need[ci] -= spent
                continue
            i += 1
    if all(d <= 0 for d in need):
        return pool
    silver_idx = [i for i, o in enumerate(pool) if o[0] == "W"]
    best = None
    for cols in product(range(4), repeat=len(silver_idx)):
        got = [0, 0, 0]
        for i, ci in zip(silver_idx, cols):
            if ci < 3:
                got[ci] += pool[i][1]
        if all(got[k] >= need[k] for k in range(3)) and (best is None or sum(got) - sum(need) < best[0]):
            best = (sum(got) - sum(need), cols)
    new, rem, gone = list(pool), list(need), []
    for i, ci in zip(silver_idx, best[1]):
        if ci == 3:
            continue
        col, n, src, w = pool[i]
        spent = min(n, rem[ci])
        if spent:
            rem[ci] -= spent
            if n - spent:
                new[i] = (P.COLS[ci], n - spent, src, w)
            else:
                gone.append(i)
    for i in sorted(gone, reverse=True):
        del new[i]
    return new


def test_TE_042_paying_a_plain_cost_spends_orbs_in_pool_order():
    rnd = random.Random(3)
    tried = 0
    for _ in range(3000):
        pool = [(rnd.choice("CUSW"), rnd.randint(1, 3), rnd.choice((None, "x", "y")), False)
                for _ in range(rnd.randint(1, 6))]
        parts = tuple((rnd.choice("CUS"), rnd.randint(1, 3), False) for _ in range(rnd.randint(1, 3)))
        if not P.feasible(pool, parts):
            continue
        tried += 1
        assert P.pay_plain(pool, parts) == _reference_pay(pool, parts), (pool, parts)
    assert tried > 500


def test_TE_070_drawing_many_is_drawing_one_at_a_time():
    s = fresh(2, "competitive", 5)
    t = R.clone(s)
    ev1, ev2 = [], []
    R.draw(s, 0, 3, ev1)
    for _ in range(3):
        R.draw(t, 0, 1, ev2)
    assert s.hand[0] == t.hand[0] and s.deck[0] == t.deck[0]
    assert [c for e in ev1 if "cards" in e.data for c in e.data["cards"]] == \
        [c for e in ev2 if "cards" in e.data for c in e.data["cards"]]


def test_clone_copies_every_field_and_shares_no_list():
    for s in _states(n_games=2, players=2, mode="coop")[::10]:
        o = s.clone()
        for f in State.__slots__:
            a, b = getattr(s, f), getattr(o, f)
            if f in ("rng", "window", "sealed"):
                continue
            assert a == b, f
            if isinstance(a, (list, set, dict)):
                assert a is not b, f
                if isinstance(a, list) and a and isinstance(a[0], list):
                    assert all(x is not y for x, y in zip(a, b)), f
        assert o.rng.random() == s.rng.random()
        assert R.snapshot(o) == R.snapshot(s)


def test_TE_051_one_silver_orb_read_directly_offers_what_the_search_offers():
    """The commonest Silver purchase (a plain Silver cost, one Silver orb) is read without the
    search: the same payments, in the same order, on random pools, Cursed costs on offer or not."""
    rnd = random.Random(11)
    cards = sorted(R.key)
    direct = 0
    for _ in range(4000):
        srcs = rnd.sample(cards, 3) + [None]
        pool = [(rnd.choice("CUS"), rnd.randint(1, 3), rnd.choice(srcs), False) for _ in range(rnd.randint(0, 6))]
        pool.insert(rnd.randrange(len(pool) + 1), ("W", rnd.randint(1, 3), rnd.choice(srcs), True))
        parts = (("W", rnd.randint(1, 5), False),)
        if not P.feasible(pool, parts):
            continue
        matter = frozenset(c for c in P.COLS if rnd.random() < 0.3)
        order = tuple(rnd.sample(P.COLS, 3))
        direct += P._one_silver_orb_options(pool, parts[0][1], R.key.get, matter, order, P.MAX_OPTIONS) is not None
        assert (P.payment_options(pool, parts, R.key.get, matter, price=R.price.get, prefer=order)
                == P._options_with_silver(pool, parts, R.key.get, matter, R.price.get, order, P.MAX_OPTIONS))
    assert direct > 1000
