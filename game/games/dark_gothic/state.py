"""The Dark Gothic game state: plain lists of card ids, small sets and ints, and the RNG.
Cloning copies lists (cheap); tasks are tuples, so the task stack is copied by one list().

Zones (top of a deck/stack = END of its list):
  deck[s], hand[s], discard[s], play[s] (played this turn), remains[s] (Remains in Play),
  won[s] (defeated Villains, tucked under the Hero)
  center[0..5]       the Center Line; slot 6 (index 5) is next to the Villain (TE-G10); None = empty
  main, crypt, shadows, sdeck (Shocking Discoveries), on_villain (Discoveries that stay)
  villain            the face-up Villain, or None between its defeat and the end of that turn
  vstack             the face-down Villains still to come (the next one last); vbox: unused, unseen
  training{key: ids}, honor, secrets      the supply (Hungry Dead is always there)
  box                Start cards and Honor the chosen Heroes did not use; heroes_left: unused Heroes
Flow: `tasks` is a stack of pending steps (rules.py runs them); `wait` is the open decision
(None: the active player's main decision); `window` a ReactionWindow, `sealed` a SealedChoice.
Per turn: pool (orbs (colour, n, source card|None, was_silver)), uses [block, protect],
flags (set of words), addressed/moved (Roaming), round_used (Remains Protect used this round).
ghosts: (card, giver, receiver) of Poltergeist passes whose card is still secretly in the
receiver's hand: a third seat may not know which card it was (view.py blurs both seats).
"""
from __future__ import annotations

from ...core.rng import RNG

_PLAIN = ("n", "coop", "draw2", "active", "first", "turn", "villain", "wait", "res", "dec", "omen",
          "addressed", "moved")
_LISTS = ("center", "main", "crypt", "shadows", "sdeck", "on_villain", "vstack", "vbox", "honor", "secrets",
          "box", "heroes", "heroes_left", "pool", "uses", "tasks", "offers", "rolloff", "ghosts")
_NESTED = ("deck", "hand", "discard", "play", "remains", "won")
_SETS = ("flags", "round_used")


_new = object.__new__


class State:
    __slots__ = _PLAIN + _LISTS + _NESTED + _SETS + ("training", "window", "sealed", "rng")

    def clone(self) -> "State":
        # written out field by field (no getattr/setattr loop): searches clone at every step
        o = _new(State)
        o.n, o.coop, o.draw2 = self.n, self.coop, self.draw2
        o.active, o.first, o.turn = self.active, self.first, self.turn
        o.villain, o.wait, o.res, o.dec, o.omen = self.villain, self.wait, self.res, self.dec, self.omen
        if self.addressed is None:
            o.addressed = o.moved = None
        else:
            o.addressed, o.moved = set(self.addressed), set(self.moved)
        o.center, o.main, o.crypt, o.shadows = self.center[:], self.main[:], self.crypt[:], self.shadows[:]
        o.sdeck, o.on_villain, o.vstack, o.vbox = self.sdeck[:], self.on_villain[:], self.vstack[:], self.vbox[:]
        o.honor, o.secrets, o.box, o.heroes = self.honor[:], self.secrets[:], self.box[:], self.heroes[:]
        o.heroes_left, o.pool, o.uses, o.tasks = self.heroes_left[:], self.pool[:], self.uses[:], self.tasks[:]
        o.offers, o.rolloff, o.ghosts = self.offers[:], self.rolloff[:], self.ghosts[:]
        o.deck = [x[:] for x in self.deck]
        o.hand = [x[:] for x in self.hand]
        o.discard = [x[:] for x in self.discard]
        o.play = [x[:] for x in self.play]
        o.remains = [x[:] for x in self.remains]
        o.won = [x[:] for x in self.won]
        o.flags, o.round_used = set(self.flags), set(self.round_used)
        o.training = {k: v[:] for k, v in self.training.items()}
        o.window = self.window.clone() if self.window is not None else None
        o.sealed = self.sealed.clone() if self.sealed is not None else None
        o.rng = self.rng.clone()
        return o

    def snapshot(self) -> dict:
        out = {}
        for f in _PLAIN:
            if f in ("dec", "res"):
                continue
            v = getattr(self, f)
            if isinstance(v, set):
                v = sorted(v, key=str)
            out[f] = _js(v)
        for f in _LISTS:
            out[f] = _js(getattr(self, f))
        for f in _NESTED:
            out[f] = [list(x) for x in getattr(self, f)]
        for f in _SETS:
            out[f] = sorted(getattr(self, f))
        out["training"] = {k: list(v) for k, v in self.training.items()}
        out["window"] = self.window.to_json() if self.window is not None else None
        out["sealed"] = self.sealed.to_json() if self.sealed is not None else None
        out["result"] = None if self.res is None else {"winners": list(self.res.winners),
                                                       "scores": list(self.res.scores), "side": self.res.side}
        out["rng"] = self.rng.to_json()
        return out


def _js(v):
    if isinstance(v, (list, tuple)):
        return [_js(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted((_js(x) for x in v), key=str)
    if isinstance(v, dict):
        return {str(k): _js(x) for k, x in v.items()}
    return v


def new_state(n: int, seed: int) -> State:
    s = State.__new__(State)
    for f in _PLAIN:
        setattr(s, f, None)
    for f in _LISTS:
        setattr(s, f, [])
    for f in _NESTED:
        setattr(s, f, [[] for _ in range(n)])
    for f in _SETS:
        setattr(s, f, set())
    s.n = n
    s.turn = 0
    s.uses = [0, 0]
    s.training = {}
    s.window = None
    s.sealed = None
    s.rng = RNG(seed)
    return s
