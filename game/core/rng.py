"""The only source of randomness in a game: seeded, cloneable, serialisable.

It wraps `random.Random` (Mersenne Twister, stable across CPython 3.x for the calls
used here) so that seed + action log replays a game exactly.

Chance outcomes are named. Rules draw a die or a shuffle from `s.rng.stream(purpose, *key)`
("combat", "deck" and a seat, ...), the purposes a ruleset declares in `chance_purposes`.
A game's own RNG is one stream for every purpose — `stream` returns itself — so a game
draws exactly as it always has and seed + actions still replay it. A search that wants
every candidate to meet the same dice calls `fix_chance(ruleset, state, seed)`: the state
then draws each purpose (and key) from a stream of its own, seeded from `seed` and the
purpose's name, so the third combat roll of a rollout is the same whatever another
candidate shuffled before it (common random numbers), and no search resets `s.rng`.
"""
from __future__ import annotations

import random
import zlib


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
        """Exactly `random.Random.shuffle` (the same permutation for the same state), with
        its per-card `_randbelow` call written inline: decks are shuffled in every
        rollout, and the call was most of a shuffle's time."""
        getrandbits = self._r.getrandbits
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(k)
            while j >= n:
                j = getrandbits(k)
            items[i], items[j] = items[j], items[i]

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

    def stream(self, purpose: str, *key) -> "RNG":
        """The stream chance outcomes of `purpose` (and `key`, e.g. a seat) draw from:
        this one — a game's own RNG is one stream for every purpose (see ChanceStreams)."""
        return self

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
        if data and data[0] == "streams":
            return ChanceStreams.from_json(data)
        rng = cls(None)
        version, internal, gauss = data
        rng._r.setstate((version, tuple(internal), gauss))
        return rng


class ChanceStreams(RNG):
    """An RNG with a stream of its own per purpose and key, each seeded from one seed and
    the purpose's name: what `fix_chance` gives a search's copy of a state. A purpose the
    ruleset did not declare is refused (a typo would silently share no dice). Draws not
    made through `stream` (a rule no one named yet) come from a stream of their own."""
    __slots__ = ("_seed", "_purposes", "_streams")

    def __init__(self, seed: int, purposes):
        super().__init__(_stream_seed(seed, "(unnamed)", ()))
        self._seed = seed
        self._purposes = frozenset(purposes)
        self._streams: dict = {}

    def stream(self, purpose: str, *key) -> RNG:
        found = self._streams.get((purpose, key))
        if found is None:
            if purpose not in self._purposes:
                raise ValueError(f"chance purpose {purpose!r} is not declared in chance_purposes "
                                 f"({', '.join(sorted(self._purposes)) or 'none'})")
            found = self._streams[(purpose, key)] = RNG(_stream_seed(self._seed, purpose, key))
        return found

    def clone(self) -> "ChanceStreams":
        other = ChanceStreams.__new__(ChanceStreams)
        other._r = RNG.clone(self)._r
        other._seed = self._seed
        other._purposes = self._purposes
        other._streams = {k: r.clone() for k, r in self._streams.items()}
        return other

    def to_json(self) -> list:
        """Only for digests and snapshots of a search's copy; it is never saved."""
        return ["streams", self._seed, sorted(self._purposes),
                [[p, list(k), r.to_json()] for (p, k), r in sorted(self._streams.items(), key=repr)],
                RNG.to_json(self)]

    @classmethod
    def from_json(cls, data) -> "ChanceStreams":
        _, seed, purposes, streams, own = data
        rng = cls(seed, purposes)
        rng._r = RNG.from_json(own)._r
        rng._streams = {(p, tuple(k)): RNG.from_json(r) for p, k, r in streams}
        return rng


def _stream_seed(seed: int, purpose: str, key: tuple) -> int:
    """A 64-bit seed per (seed, purpose, key); crc32 is stable across runs and machines
    (Python's hash of a str is not)."""
    name = repr((purpose,) + tuple(key)).encode()
    return (int(seed) & 0xFFFFFFFFFFFF) << 32 ^ zlib.crc32(name) ^ (zlib.crc32(name[::-1]) << 16)


def fix_chance(ruleset, state, seed: int) -> None:
    """Give `state` (a search's own copy) one chance stream per purpose, from `seed`: every
    candidate played from a copy fixed with the same seed meets the same dice and shuffles
    of each purpose. The ruleset names its purposes in `chance_purposes`."""
    state.rng = ChanceStreams(seed, getattr(ruleset, "chance_purposes", ()))
