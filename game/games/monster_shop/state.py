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
from ...core.state_fields import DeclaredState, StateFields

FIELDS = StateFields(
    # ints, strings, None, tuples, frozen things
    shared=("n", "rnd", "rounds", "full", "short", "reverse", "stage", "start", "send_size", "send_rotation",
            "contests_open", "customers_open", "businesses_open", "acting", "assigning", "arrange_left",
            "bm_contest", "lookahead", "last_sender", "biz_later"),
    # flat lists of ints / values
    lists=("rep", "gold", "home", "away", "hosp", "podium", "used", "bodyguard", "bodyguard_home",
           "bodyguard_podium", "potions", "pass_at", "jury", "injured", "hat_used", "gift", "monster_stage",
           "suffering", "mutation", "acc_on", "monster_deck", "cage_deck", "upg_deck", "art_deck", "acc_deck",
           "young", "older", "cage_offer", "upg_offer", "art_offer", "boutique", "biz_order", "contests",
           "customers", "tie_order", "pony_cover", "whistle_used", "leash_used", "fortune", "podium_sold",
           "lost", "care_step", "seats_to_go"),
    # lists whose items are lists or immutable values
    nested_mixed=("relatives", "cage", "upg", "dung", "pearls", "mon", "waiting", "meat", "veg", "frozen",
                  "processed", "artifacts", "eaten_art", "accs", "hand", "deck", "discard", "food_offer",
                  "black_market", "peeks", "show", "asks", "occupied", "spook_given", "order"),
    nested_twice=("groups",),       # seat -> list of groups, each a list
    dict_lists=("assign",),
    objects=("rng", "sealed"),
    unsaved=("res", "dec"),
    # the names saves and digests know them by (made before these fields had names)
    saved_as=tuple((new, old) for old, new in (
        ("c_open", "contests_open"), ("u_open", "customers_open"), ("biz_open", "businesses_open"),
        ("seat_i", "acting"), ("care", "assigning"), ("arr_left", "arrange_left"),
        ("bg_home", "bodyguard_home"), ("bg_pod", "bodyguard_podium"), ("ft", "fortune"),
        ("bm", "black_market"), ("occ", "occupied"), ("tmp", "seats_to_go"), ("cs", "care_step"),
        ("rot", "send_rotation"), ("cur_size", "send_size"), ("tie", "tie_order"), ("pony", "pony_cover"),
        ("suff", "suffering"), ("mut", "mutation"), ("stage_m", "monster_stage"))),
)


class State(DeclaredState):
    __slots__ = FIELDS.slots
    FIELDS = FIELDS


def new_state(n: int, seed: int, monsters: int, accessories: int) -> State:
    s = State.__new__(State)
    for f in (*FIELDS.shared, *FIELDS.unsaved):
        setattr(s, f, None)
    for f in (*FIELDS.lists, *FIELDS.nested_mixed):
        setattr(s, f, [])
    s.assign = {}
    s.seats_to_go = []
    s.sealed = None
    s.n = n
    s.rng = RNG(seed)
    for f in ("rep", "gold", "home", "away", "hosp", "podium", "used", "bodyguard", "bodyguard_home", "bodyguard_podium",
              "potions", "jury", "injured", "hat_used", "gift", "pony_cover", "whistle_used", "leash_used", "fortune",
              "podium_sold"):
        setattr(s, f, [0] * n)
    s.pass_at = [-1] * n
    s.monster_stage = [0] * monsters
    s.suffering = [0] * monsters
    s.mutation = [0] * monsters
    s.acc_on = [-1] * accessories
    for f in ("relatives", "waiting", "frozen", "processed", "artifacts", "eaten_art", "accs", "hand",
              "groups", "peeks", "order", "spook_given"):
        setattr(s, f, [[] for _ in range(n)])
    s.order = [[] for _ in range(n)]
    s.frozen = [[0, 0] for _ in range(n)]
    s.processed = [[0, 0] for _ in range(n)]
    s.lost = []
    return s
