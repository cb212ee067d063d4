"""The weights of the Dark Gothic heuristic (ai.Brain), one set per mode.

`NORMAL` is the `normal` level's set: the yardstick, whose figures docs/games/dark_gothic.md
publishes, so it does not change. `HARD` is the set `hard` plays with: normal's weights
tuned offline for each mode (tools/dark_gothic_tune.py: coordinate search, every candidate
played over the same seeds as the incumbent, the winner confirmed on fresh seeds); only the
weights that differ from normal's are listed, so a reader sees what tuning changed.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace


@dataclass(frozen=True, slots=True)
class Weights:
    # -- what a card is worth in a deck (Brain's base table) ----------------------------------
    gain: float = 1.0            # a resource unit it gives
    gain_silver: float = 1.2     # a Silver (any colour) unit
    draw: float = 0.9            # a card it draws
    block: float = 0.35          # a Block or Protect use
    strike: float = 0.4          # a Strike on the others
    free_defeat: float = 2.0     # defeats a card for free
    destroy_self: float = -0.6   # destroys itself when played
    remains: float = 2.6         # x for a card that Remains in Play
    protect_once: float = 1.2    # a Remains ability: Protect once
    destroy_once: float = 1.5    # a Remains ability: Destroy once
    fight: float = 1.0           # x the value of its Fight effect
    secret_on_buy: float = -1.6  # it brings a Dark Secret when acquired
    w_inv: float = 0.45          # a point of Investigation
    # -- a purchase ----------------------------------------------------------------------------
    colour_fit: float = 0.5      # a unit in a colour the Villain costs (x2 x its share of the cost)
    trim: float = 1.4            # the Hungry Dead when the hand holds Start cards or a Secret
    hold: float = 0.0            # hold a Start card back to feed it to the Hungry Dead when the turn's
                                 # purchases are worth this much more so (0: never; normal plays all)
    dilute: float = 1.3          # x the deck's average card a new card displaces
    refill: float = 1.0          # x the chance its Center Line slot refills with a Shadow
    copy_decay: float = 0.9      # a second (third) copy of a Training card is worth this power less
    # -- the Shadows ---------------------------------------------------------------------------
    shadow_base: float = 3.0     # keeping one card out of the Shadows ...
    shadow_slope: float = 0.5    # ... more with every card already there
    shadow_mult: float = 1.0     # x in this mode (co-op: nobody gains from another's loss)
    loss: float = 25.0           # a Shadow when one more fills them
    alert: int = 7               # from this many Shadows, threats count double
    doom: float = 0.5            # a Roaming card I can still take next turn: this share of a Shadow
    global_threat: float = 1.0   # removing a Global card
    global_alert: float = 2.0    # ... more from `alert` Shadows
    tax: float = 1.0             # a card raising the Villain's cost: per unit of the tax
    coop_minion: float = 0.3333333333333333  # co-op: a Minion's Omen roll, x a Shadow's value
    # -- off-turn answers ----------------------------------------------------------------------
    protect_own: float = 1.6     # Protect a Hero's card worth at least this
    protect_center: float = 2.0  # co-op: Protect a Center Line card worth at least this
    destroy_keep: float = 1.05   # an optional Destroy takes a card worth at most this
    feed_need: float = 2.5       # a Destroy the Villain wants: give a card worth at most this
    feed_plain: float = 1.05     # ... any other Destroy


def with_changes(base: Weights, changes: dict) -> Weights:
    """`base` with the named weights changed (an unknown name is a KeyError)."""
    names = {f.name for f in fields(Weights)}
    bad = sorted(set(changes) - names)
    if bad:
        raise KeyError(f"unknown Dark Gothic AI weight(s): {', '.join(bad)}")
    return replace(base, **changes)


NORMAL = {"competitive": Weights(), "coop": Weights(w_inv=0.08, shadow_mult=1.5)}

# hard's changes to normal's weights, per mode (tools/dark_gothic_tune.py found them)
HARD_CHANGES = {
    "competitive": {"w_inv": 1.3, "draw": 1.5, "gain_silver": 2.0, "strike": 1.2},
    "coop": {"gain": 0.7, "draw": 1.17, "colour_fit": 0.35, "shadow_slope": 0.35, "hold": 0.01},
}

HARD = {mode: with_changes(NORMAL[mode], HARD_CHANGES[mode]) for mode in NORMAL}

# the modes in which hard's search may overrule the heuristic's purchase (in co-op the search
# measured no gain over the heuristic, so hard there is the tuned heuristic alone)
HARD_SEARCH = frozenset({"competitive"})
