"""The monster-shop state: small ints and lists indexed by seat, place or component id.

Ids: monster card m (GameData.monsters), cage tile c, upgrade u, artifact a, accessory x,
need card k (GameData.cards), business b, contest tile, customer tile.
Den (per seat, 4 places P1..P4 left to right): cage[s][p] (CAGE_NONE, PRINTED or a tile),
upg[s][p] (-1 or tile), dung[s][p], pearls[s][p], mon[s][p] (-1 or monster).
Per monster (global arrays): stage, suff, mut; acc_on[x] = monster wearing accessory x.
Food per seat: meat[s][0..2], veg[s][0..2] chambers (freshest first), frozen[s] = [meat, veg],
processed[s] = [lollipops, cans].
Imps per seat: home (at home), away (back at the end of the round), hosp, podium,
relatives (progress-row spaces), used (home imps already busy this round).
Flow: `stage` (see rules.py), `asks` = follow-up questions [seat, kind, actions, ctx],
`sealed` = the planning SealedChoice.
"""
from __future__ import annotations

from ...core.rng import RNG

# plain values (ints, strings, None, tuples, frozen things)
_PLAIN = ("n", "rnd", "rounds", "full", "short", "reverse", "stage", "start", "cur_size", "rot",
          "c_open", "u_open", "biz_open", "seat_i", "care", "arr_left", "res", "dec", "bm_contest",
          "lookahead", "last_sender", "biz_later")
# flat lists of ints / values
_LISTS = ("rep", "gold", "home", "away", "hosp", "podium", "used", "bodyguard", "bg_home", "bg_pod",
          "potions", "pass_at", "jury", "injured", "hat_used", "gift", "stage_m", "suff", "mut", "acc_on",
          "monster_deck", "cage_deck", "upg_deck", "art_deck", "acc_deck", "young", "older", "cage_offer",
          "upg_offer", "art_offer", "boutique", "biz_order", "contests", "customers", "tie",
          "pony", "whistle_used", "leash_used", "ft", "podium_sold", "lost", "cs")
# lists of lists (one level deep)
_NESTED = ("relatives", "cage", "upg", "dung", "pearls", "mon", "waiting", "meat", "veg", "frozen",
           "processed", "artifacts", "eaten_art", "accs", "hand", "deck", "discard", "food_offer",
           "bm", "peeks", "show", "asks", "occ", "spook_given", "order")
_DEEP = ("groups",)        # seat -> list of groups, each a list
# dicts of lists
_DICTS = ("assign",)


class State:
    __slots__ = _PLAIN + _LISTS + _NESTED + _DICTS + _DEEP + ("rng", "sealed", "tmp")

    def clone(self) -> "State":
        o = State.__new__(State)
        for f in _PLAIN:
            setattr(o, f, getattr(self, f))
        for f in _LISTS:
            setattr(o, f, list(getattr(self, f)))
        for f in _NESTED:
            setattr(o, f, [list(x) if isinstance(x, list) else x for x in getattr(self, f)])
        o.assign = {k: list(v) for k, v in self.assign.items()}
        o.groups = [[list(g) for g in gs] for gs in self.groups]
        o.rng = self.rng.clone()
        o.sealed = None if self.sealed is None else self.sealed.clone()
        o.tmp = list(self.tmp)
        return o

    def snapshot(self) -> dict:
        out = {}
        for f in _PLAIN:
            if f in ("res", "dec"):
                continue
            v = getattr(self, f)
            out[f] = list(v) if isinstance(v, tuple) else v
        for f in _LISTS:
            out[f] = list(getattr(self, f))
        for f in _NESTED:
            out[f] = [_plain(x) for x in getattr(self, f)]
        out["groups"] = [[list(g) for g in gs] for gs in self.groups]
        out["assign"] = {str(k): [list(x) for x in v] for k, v in sorted(self.assign.items())}
        out["sealed"] = None if self.sealed is None else self.sealed.to_json()
        out["tmp"] = list(self.tmp)
        out["rng"] = self.rng.to_json()
        out["result"] = None if self.res is None else {"winners": list(self.res.winners),
                                                       "scores": list(self.res.scores)}
        return out


def _plain(x):
    if isinstance(x, (list, tuple)):
        return [_plain(y) for y in x]
    return x


def new_state(n: int, seed: int, monsters: int, accessories: int) -> State:
    s = State.__new__(State)
    for f in _PLAIN:
        setattr(s, f, None)
    for f in _LISTS:
        setattr(s, f, [])
    for f in _NESTED:
        setattr(s, f, [])
    s.assign = {}
    s.tmp = []
    s.sealed = None
    s.n = n
    s.rng = RNG(seed)
    for f in ("rep", "gold", "home", "away", "hosp", "podium", "used", "bodyguard", "bg_home", "bg_pod",
              "potions", "jury", "injured", "hat_used", "gift", "pony", "whistle_used", "leash_used", "ft",
              "podium_sold"):
        setattr(s, f, [0] * n)
    s.pass_at = [-1] * n
    s.stage_m = [0] * monsters
    s.suff = [0] * monsters
    s.mut = [0] * monsters
    s.acc_on = [-1] * accessories
    for f in ("relatives", "waiting", "frozen", "processed", "artifacts", "eaten_art", "accs", "hand",
              "groups", "peeks", "order", "spook_given"):
        setattr(s, f, [[] for _ in range(n)])
    s.order = [[] for _ in range(n)]
    s.frozen = [[0, 0] for _ in range(n)]
    s.processed = [[0, 0] for _ in range(n)]
    s.lost = []
    return s
