"""The Dark Deeds game state: plain lists of card ids, a few ints, and the RNG.

Zones (top of a deck = END of its list):
  street[0..5]            Street slots 1..6 (slot 6 = index 5 = the last slot); None = empty
  street_deck, street_discard
  tavern[0..1]            the two face-up Tavern cards; tavern_deck, tavern_discard
  loot_deck[t], loot_up[t][0..1], loot_discard[t]   for t in artisan, cleric, merchant
  hands[s], loot[s], score[s], chasing[s]            per seat
  known[s]                cards in hands[s] that every player knows (taken face up)

Flow: `stage` names where the turn stands (see rules.py, STAGES); `interrupt` is a decision
that must be answered before the flow goes on (a Dark Deed choice, the coin tie-break).
"""
from __future__ import annotations

from ...core.rng import RNG
from ...core.state_fields import DeclaredState, StateFields

LOOT_TYPES = ("artisan", "cleric", "merchant")

# the roll under way (state.roll, a list): what for, at whom, the number to reach, the two
# faces, whether it succeeded, the total with bonuses
ROLL_PURPOSE, ROLL_TARGET, ROLL_NEED, ROLL_FACES, ROLL_SUCCESS, ROLL_TOTAL = range(6)
# a Plot waiting for its Sod Off! window (state.plot): who plays it, the card, its
# arguments, the player it targets, the stage to go back to
PLOT_PLAYER, PLOT_CARD, PLOT_ARGS, PLOT_TARGET, PLOT_BACK_TO = range(5)

FIELDS = StateFields(
    lists=("street", "street_deck", "street_discard", "tavern", "tavern_deck", "tavern_discard",
           "susp", "passed", "facts", "window"),
    maybe_lists=("roll", "plot"),
    nested=("hands", "known", "loot", "score", "chasing"),
    dict_lists=("loot_deck", "loot_up", "loot_discard"),
    shared=("n", "active", "turn", "phase", "stage", "msm", "open_scores", "first_mode", "first",
            "deeds_done", "target", "target_where", "target_slot", "target_owner", "cur_guard",
            "roll_extra", "rerolled", "loot_type", "msm_dirty", "ending", "pawn", "interrupt", "rolloff"),
    objects=("rng",),
    unsaved=("res", "dec"),
)


class State(DeclaredState):
    __slots__ = FIELDS.slots
    FIELDS = FIELDS


def new_state(n: int, seed: int) -> State:
    s = State.__new__(State)
    s.n = n
    s.rng = RNG(seed)
    s.street, s.street_deck, s.street_discard = [], [], []
    s.tavern, s.tavern_deck, s.tavern_discard = [], [], []
    s.susp = [0] * n
    s.passed, s.facts, s.window = [], [], []
    for f in FIELDS.nested:
        setattr(s, f, [[] for _ in range(n)])
    s.loot_deck = {t: [] for t in LOOT_TYPES}
    s.loot_up = {t: [] for t in LOOT_TYPES}
    s.loot_discard = {t: [] for t in LOOT_TYPES}
    for f in (*FIELDS.shared, *FIELDS.maybe_lists, *FIELDS.unsaved):
        setattr(s, f, None)
    s.n = n
    s.turn = 0
    s.deeds_done = 0
    s.roll_extra = 0
    s.rerolled = False
    s.msm_dirty = False
    s.ending = False
    s.pawn = "seal"
    s.rolloff = []
    return s
