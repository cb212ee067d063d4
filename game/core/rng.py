"""The only source of randomness in a game: seeded, cloneable, serialisable.

It wraps `random.Random` (Mersenne Twister, stable across CPython 3.x for the calls
used here) so that seed + action log replays a game exactly.
"""
from __future__ import annotations

import random


class RNG:
    __slots__ = ("_r",)

    def __init__(self, seed: int | None = 0):
        self._r = random.Random(seed)

    # -- draws -------------------------------------------------------------
    def randint(self, lo: int, hi: int) -> int:
        """An integer in [lo, hi], both included."""
        return lo + self._r._randbelow(hi - lo + 1)

    def below(self, n: int) -> int:
        return self._r._randbelow(n)

    def choice(self, seq):
        return seq[self._r._randbelow(len(seq))]

    def shuffle(self, items: list) -> None:
        self._r.shuffle(items)

    def sample(self, seq, k: int) -> list:
        return self._r.sample(seq, k)

    def roll(self, sides: int = 6, n: int = 1) -> tuple:
        rb = self._r._randbelow
        return tuple(1 + rb(sides) for _ in range(n))

    def random(self) -> float:
        return self._r.random()

    def fork(self) -> int:
        """A fresh 64-bit seed drawn from this stream (for sub-streams)."""
        return self._r.getrandbits(64)

    # -- copying and saving ---------------------------------------------------
    def clone(self) -> "RNG":
        other = RNG.__new__(RNG)
        # not random.Random(): that seeds from the OS first (half of a whole game state's
        # clone), only for setstate to overwrite it
        other._r = random.Random.__new__(random.Random)
        other._r.setstate(self._r.getstate())
        return other

    def to_json(self) -> list:
        version, internal, gauss = self._r.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data) -> "RNG":
        rng = cls(None)
        version, internal, gauss = data
        rng._r.setstate((version, tuple(internal), gauss))
        return rng
