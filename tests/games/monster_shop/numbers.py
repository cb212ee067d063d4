"""Targeted observations for the YAML-numbers harness (tests/contract/yaml_numbers.py, OBSERVE):
random play from the opening seldom keeps a monster long enough to grow to size 5 or 6 and
sell it (the second and third prices of every species would look dead, and even the first
of a Dark Alleys monster, which exists once), and a cage that exists once is seldom under an
angry monster (its strength would look dead). Here, in a seeded game at its opening, with
dens built by hand:
  - for every species, one of its cards sits in seat 0's den at size 4, 5 and then 6,
    showing what the first customer wants, and the trade (P5) begins: it is sold to that
    customer and the sale's events (gold paid, reputation) are recorded;
  - for every kind of cage, every seat keeps two monsters in cages of that kind, showing
    anger and magic beyond any cage, and the resolution (P4) begins: random play resolves
    the care, whose escapes, injuries and mutations follow the cage's strength and
    anti-magic.
Works on whatever ruleset it is given (the harness loads it from an edited data copy)."""
from __future__ import annotations

import itertools

from tests.games.monster_shop.support import take_out

SEED = 211
CARE_STEPS = 120
A, M_ = 3, 4                    # indexes of anger and magic in a monster's shown needs


def observe(rules, record, play) -> None:
    for what, fn in (("sales", _sales), ("cages", _cages)):
        try:
            fn(rules, record, play)
        except Exception as exc:             # an edited number the rules refuse: observable too
            record(("error", what, type(exc).__name__, str(exc)))


def _opening(rules):
    return rules.setup(4, rules.validate_options({}, 4), SEED)


def _place(s, seat, p, m) -> None:
    """Monster card m out of the supply into place p of `seat`, which must be empty: every
    card stays in one place."""
    take_out(s, m)
    s.mon[seat][p] = m


def _sales(rules, record, play) -> None:
    species = {}
    for mon in rules.M:
        species.setdefault(mon.key, mon.id)
    base = _opening(rules)
    base.rnd = rules.R.customer_rounds["full"][0]
    base.customers_open = max(base.customers_open, 1)
    ci = 0
    for key, m in species.items():
        for size in (4, 5, 6):
            stage = next((i for i, z in enumerate(rules.M[m].sizes) if z == size), None)
            record(("sale", key, size, stage))
            if stage is None:
                continue
            s = base.clone()
            _place(s, 0, 0, m)
            s.monster_stage[m] = stage
            for i, j in itertools.combinations_with_replacement(range(6), 2):
                s.show[m][0:6] = [2 * (k == i) + 2 * (k == j) for k in range(6)]
                if rules.match(s, 0, m, ci) > 0:  # shows what the customer pays for
                    break
            ev = []
            rules.start_trade(s, ev)
            s.care_step = [ci]
            rules._advance(s, ev)
            s.dec = None
            action = ("sell", ci, m, 0)
            ok = any(d.seat == 0 and action in d.actions for d in rules.decisions(s))
            record(ok)
            if ok:
                record(rules.apply(s, 0, action))
                record(s.gold[:])


def _cages(rules, record, play) -> None:
    firsts = {}
    for c, cage in enumerate(rules.data.cages):        # one tile per kind (copies are alike)
        firsts.setdefault(cage[0], c)
    for i, (key, c) in enumerate(firsts.items()):
        s = _opening(rules)
        for seat in range(s.n):
            for p in range(2):
                m = next(x for x in s.monster_deck)
                _place(s, seat, p, m)
                s.monster_stage[m] = 2
                s.cage[seat][p] = c
                s.upg[seat][p] = -1
                s.show[m][0:6] = [0, 0, 0, 6, 6, 0]
        s.stage, s.acting, s.seats_to_go = "order", None, list(range(s.n))
        s.sealed = None
        s.dec = None
        ev = []
        rules._advance(s, ev)
        record(("cage", key, ev))
        play(s, SEED + i, CARE_STEPS)
