"""Helpers for Book of Ordeals scenario tests: a ruleset loaded once, a game past its
deployment, characters placed by hand, and dice fixed in advance."""
from __future__ import annotations

from functools import lru_cache

from game.games.ordeals import SPEC


@lru_cache(maxsize=1)
def rules():
    return SPEC.load_ruleset()


class FixedDice:
    """Stands in for the state's RNG: `randint` answers the listed numbers in order;
    `below`/`random` answer 0 (the first of tied choices, a corner point)."""

    def __init__(self, rolls, default=None):
        self.rolls = list(rolls)
        self.default = default

    def randint(self, lo, hi):
        if not self.rolls and self.default is not None:
            # after the scripted dice: a fixed cycle (never a run of ties)
            self.k = getattr(self, "k", 0) + 1
            return (self.default, 11, 4, 9, 2, 12, 6)[self.k % 7]
        assert self.rolls, "the scenario ran out of fixed dice"
        v = self.rolls.pop(0)
        assert lo <= v <= hi
        return v

    def below(self, n):
        return 0

    def random(self):
        return 0.5

    def fork(self):
        return 1

    def stream(self, purpose, *key):
        # one scripted sequence for every purpose, as a game's own RNG is one stream
        return self

    def clone(self):
        return FixedDice(self.rolls, self.default)

    def to_json(self):
        return list(self.rolls)


def deployed(trial=1, mode="solo", players=1, seed=1, **opts):
    """A game with every character placed (first sampled points), waiting at its
    first player decision after deployment."""
    R = rules()
    s = R.setup(players, {"mode": mode, "trial": trial, **opts}, seed)
    while s.stage == "deploy":
        d = R.decisions(s)[0]
        R.apply(s, d.seat, d.actions[0])
    return s


def scene(placements, trial=1, mode="solo", players=1, seed=1, active=None, dice=(), then=None, **opts):
    """Only the characters in `placements` {index: (x, y)} are on the table; the rest
    never deployed. With `active`, that character starts its Act now."""
    R = rules()
    s = deployed(trial, mode, players, seed, **opts)
    for i, c in enumerate(s.chars):
        if i in placements:
            c.x, c.y = placements[i]
            c.z, c.on = 0.0, -1
            c.deployed, c.ooa, c.tired, c.down, c.hidden, c.guard = True, False, False, False, False, False
            c.harm = 0
        else:
            c.deployed = False
    s.pending = None
    s.turn = max(1, s.turn)
    s.sight = 24
    s.weather = "clear"
    s.lightning = False
    s.res = None
    if dice is not None:
        s.rng = FixedDice(dice, then)
    if active is not None:
        R._begin_act(s, active, [])
    else:
        s.stage = "activate"
    s.dec = None
    return s


def idx(s, cid):
    return next(i for i, c in enumerate(s.chars) if c.id == cid)


def company(s, side=0):
    return [i for i, c in enumerate(s.chars) if c.side == side]
