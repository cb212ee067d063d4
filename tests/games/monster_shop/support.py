"""Helpers for monster-shop scenario tests: a fresh game, a den built by hand, care run
monster by monster with scripted answers to its questions."""
from __future__ import annotations

import functools

from game.games.monster_shop import SPEC

CAGE_NONE, PRINTED = -2, -1


@functools.lru_cache(maxsize=1)
def rules():
    return SPEC.load_ruleset()


def mid(key, copy=0):
    """The monster card id of a species (its `copy`-th card)."""
    return [m.id for m in rules().M if m.key == key][copy]


def tile(kind, key):
    return [i for i, t in enumerate(getattr(rules().data, kind)) if t[0] == key][0]


def cage_id(key):
    return [i for i, c in enumerate(rules().data.cages) if c[0] == key][0]


def upgrade_id(key):
    return [i for i, u in enumerate(rules().data.upgrades) if u[0] == key][0]


def artifact_id(key):
    return [i for i, a in enumerate(rules().data.artifacts) if a[0] == key][0]


def fresh(seed=1, **options):
    R = rules()
    s = R.setup(4, options, seed)
    return R, s


def take_out(s, m):
    """Remove monster card m from wherever the supply holds it (a Black Market monster
    is swapped for one from the deck)."""
    for b in s.black_market:
        if b[0] == "monster" and b[1] == m:
            other = next(x for x in s.monster_deck if x != m)
            s.monster_deck.remove(other)
            s.monster_deck.append(m)
            b[1] = other
    for name in ("monster_deck", "young", "older", "lost"):
        lst = getattr(s, name)
        if m in lst:
            i = lst.index(m)
            if name in ("young", "older"):
                lst[i] = -1
            else:
                lst.pop(i)


def put(s, seat, m, p, stage=2, cage=None, dung=None):
    """Place monster m at place p of `seat` (stage 2 = size 4) in a cage (default: iron)."""
    take_out(s, m)
    s.mon[seat][p] = m
    s.monster_stage[m] = stage
    if cage is not None:
        s.cage[seat][p] = cage
    elif s.cage[seat][p] == CAGE_NONE:
        s.cage[seat][p] = cage_id("iron")
    if dung is not None:
        s.dung[seat][p] = dung
    return m


def shown(R, s, m, **syms):
    order = "HELAMD"
    s.show[m][0:6] = [syms.get(c, 0) for c in order]


def care(R, s, seat, monsters, answers=()):
    """Resolve `monsters` of `seat` in that order; asks are answered from `answers`
    (an action each) and the kinds asked are returned."""
    s.stage = "care"
    s.acting = seat
    s.order[seat] = list(monsters)
    s.care_step = [-1]
    s.seats_to_go = []
    answers = list(answers)
    asked = []
    ev = []
    while s.stage == "care":
        if s.asks:
            ask = s.asks.pop(0)
            asked.append(ask[1])
            action = answers.pop(0)
            assert action in ask[2], (action, ask[2])
            R.ask_answers[ask[1]](s, ask[0], action, ask[3], ev)
            continue
        R.care_continue(s, ev)
    assert not answers, f"unused answers {answers}"
    return asked, ev


def play_random(R, s, rnd, until=None):
    while s.res is None:
        if until is not None and until(s):
            return
        ds = R.decisions(s)
        d = ds[rnd.randrange(len(ds))]
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
