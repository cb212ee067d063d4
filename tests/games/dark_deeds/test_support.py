"""Helpers for Dark Deeds tests: build an exact state, force the dice, act, and check the
invariants. (A module of helpers; its own few tests check the helpers.)"""
from __future__ import annotations

import functools

from game.core.rng import RNG
from game.games.dark_deeds import SPEC
from game.games.dark_deeds.state import LOOT_TYPES


@functools.lru_cache(maxsize=1)
def rules():
    return SPEC.load_ruleset()


def ids(key):
    return [c for c, card in rules().cards.items() if card.key == key]


class FixedDice(RNG):
    """The state's RNG, except that d6 rolls come from a queue (then the real stream)."""
    __slots__ = ("queue",)

    def __init__(self, base: RNG, faces):
        self._r = base._r
        self.queue = list(faces)

    def below(self, n):
        if n == 6 and self.queue:
            return self.queue.pop(0) - 1
        return self._r._randbelow(n)

    def clone(self):
        o = FixedDice(RNG.clone(self), self.queue)
        return o


def dice(s, *faces):
    """Force the next d6 results (each roll of 2d6 takes two)."""
    s.rng = FixedDice(s.rng, faces)
    s.dec = None


ZONE_LISTS = ("street_deck", "street_discard", "tavern_deck", "tavern_discard")


def locate(s, c):
    if c in s.street:
        return ("street", s.street.index(c))
    if c in s.tavern:
        return ("tavern", s.tavern.index(c))
    for z in ZONE_LISTS:
        if c in getattr(s, z):
            return (z,)
    for t in LOOT_TYPES:
        if c in s.loot_up[t]:
            return ("loot_up", t, s.loot_up[t].index(c))
        for z in ("loot_deck", "loot_discard"):
            if c in getattr(s, z)[t]:
                return (z, t)
    for z in ("hands", "loot", "score", "chasing"):
        for seat, lst in enumerate(getattr(s, z)):
            if c in lst:
                return (z, seat)
    raise AssertionError(f"{c} is nowhere")


def take(s, c):
    loc = locate(s, c)
    if loc[0] in ("street", "tavern"):
        getattr(s, loc[0])[loc[1]] = None
    elif loc[0] in ZONE_LISTS:
        getattr(s, loc[0]).remove(c)
    elif loc[0] == "loot_up":
        s.loot_up[loc[1]][loc[2]] = None
    elif loc[0] in ("loot_deck", "loot_discard"):
        getattr(s, loc[0])[loc[1]].remove(c)
    else:
        getattr(s, loc[0])[loc[1]].remove(c)
        if loc[0] == "hands" and c in s.known[loc[1]]:
            s.known[loc[1]].remove(c)


class Picker:
    """Turns card keys into distinct card ids (first copy not used yet)."""

    def __init__(self):
        self.used = set()

    def __call__(self, key_or_id):
        R = rules()
        if key_or_id in R.cards:
            self.used.add(key_or_id)
            return key_or_id
        for c in ids(key_or_id):
            if c not in self.used:
                self.used.add(c)
                return c
        raise AssertionError(f"no free copy of {key_or_id}")


def home(s, c):
    """Send a card back to its deck (Street, Tavern or its Loot deck) at the bottom."""
    R = rules()
    take(s, c)
    kind = R.cards[c].kind
    if kind in ("plot", "deed"):
        s.tavern_deck.insert(0, c)
    elif kind == "loot":
        s.loot_deck[R.cards[c].deck].insert(0, c)
    else:
        s.street_deck.insert(0, c)


def make(n=2, seed=1, active=0, msm=None, street=None, hands=None, loot=None, chasing=None,
         score=None, susp=None, tavern=None, loot_up=None, street_deck=None, tavern_deck=None,
         start=True, empty_hands=True, **opts):
    """An exact state. Lists name card keys (or ids); anything not named is dealt as usual
    by the seed. `street` lists slots 1..6 (None = empty); `street_deck` puts these cards on
    top of the deck (first = next drawn) and, if given as a full list, is the whole deck."""
    R = rules()
    s = R.setup(n, opts, seed)
    pick = Picker()
    if empty_hands:
        for seat in range(n):
            for c in list(s.hands[seat]):
                home(s, c)
    if street is not None:
        for c in list(s.street):
            if c is not None:
                home(s, c)
    if street_deck is not None:
        for c in list(s.street_deck):
            pass
    placements = []
    if street is not None:
        for i, k in enumerate(street):
            if k is not None:
                placements.append((pick(k), ("street", i)))
    for seat, keys in (hands or {}).items():
        for k in keys:
            placements.append((pick(k), ("hands", seat)))
    for seat, keys in (loot or {}).items():
        for k in keys:
            placements.append((pick(k), ("loot", seat)))
    for seat, keys in (chasing or {}).items():
        for k in keys:
            placements.append((pick(k), ("chasing", seat)))
    for seat, keys in (score or {}).items():
        for k in keys:
            placements.append((pick(k), ("score", seat)))
    if tavern is not None:
        for c in list(s.tavern):
            if c is not None:
                home(s, c)
        for i, k in enumerate(tavern):
            if k is not None:
                placements.append((pick(k), ("tavern", i)))
    for t, keys in (loot_up or {}).items():
        for c in list(s.loot_up[t]):
            if c is not None:
                home(s, c)
        for i, k in enumerate(keys):
            if k is not None:
                placements.append((pick(k), ("loot_up", t, i)))
    for c, where in placements:
        take(s, c)
        if where[0] == "street":
            s.street[where[1]] = c
        elif where[0] == "tavern":
            s.tavern[where[1]] = c
        elif where[0] == "loot_up":
            s.loot_up[where[1]][where[2]] = c
        else:
            getattr(s, where[0])[where[1]].append(c)
    if street_deck is not None:
        top = [pick(k) for k in street_deck]
        for c in top:
            take(s, c)
        s.street_deck.extend(reversed(top))
    if tavern_deck is not None:
        top = [pick(k) for k in tavern_deck]
        for c in top:
            take(s, c)
        s.tavern_deck.extend(reversed(top))
    if susp is not None:
        s.susp = list(susp)
    s.active = active
    s.msm = active if msm is None else msm
    s.interrupt = None
    s.facts = []
    s.msm_dirty = False
    s.dec = None
    if start:
        s.stage = "turn_start"
        R._run(s, [])
    return s


def decision(s, seat=None):
    ds = rules().decisions(s)
    if seat is None:
        return ds[0]
    return next(d for d in ds if d.seat == seat)


def act(s, *action, seat=None):
    R = rules()
    if seat is None:
        seat = next((d.seat for d in R.decisions(s) if action in d.actions), R.decisions(s)[0].seat)
    return R.apply(s, seat, tuple(action))


def logs(events):
    return [e.data["key"].rsplit(".", 1)[-1] for e in events if e.kind == "log"]


def check_invariants(s, before=None):
    """Every rule of `DarkDeedsRules.invariants` (invariants.py) holds in `s`; with
    `before`, the state before the last action, the step rules too."""
    broken = rules().invariants(s, before)
    assert broken == [], broken


# -- tests of the helpers themselves ------------------------------------------------------
def test_make_places_exact_cards_and_keeps_all_144():
    s = make(street=["cobbler", None, "watchman", None, None, "bishop"], hands={0: ["foiled", "snitch"]},
             susp=[3, 0])
    R = rules()
    assert [R.key[c] if c else None for c in s.street] == ["cobbler", None, "watchman", None, None, "bishop"]
    assert sorted(R.key[c] for c in s.hands[0]) == ["foiled", "snitch"]
    assert s.hands[1] == []
    check_invariants(s)


def test_fixed_dice_feed_the_next_rolls():
    s = make(street=[None, None, None, None, None, "cobbler"])
    dice(s, 6, 6)
    ev = act(s, "target", "street", 6)
    ev += act(s, "roll")
    roll = next(e for e in ev if e.kind == "roll")
    assert roll.data["faces"] == [6, 6]
