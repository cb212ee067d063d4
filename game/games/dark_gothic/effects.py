"""The closed registries of Dark Gothic. Cards are data (data/dark_gothic/*.yaml) over these
tables only; the loader (data.py) checks every op name and parameter against them, so a typo is
a load error with file:line.

- EFFECTS: op -> Effect(params, contexts, run)
    `params`   name -> (required?, checker); a checker returns an error sentence or None
    `contexts` where the op may appear: play (a card played from hand, or each turn for Remains),
               fight (defeating a Minion/Villain), mystery (entering the Center Line), acquire,
               discovery (a Shocking Discovery)
    `run(eng, s, seat, card, p, ctx, ev)` applies it; anything that needs a player's answer or
               an off-turn window is pushed onto the state's task stack (rules.py) instead.
- GLOBALS: op -> params: Global effects of a face-up Villain or a Center Line card; the engine
  asks `eng.globals_of(s, op)` where the effect applies (costs, hand size, Shadow triggers...).
- ABILITIES: op -> params: a Hero's ability (TE-G01).
- CARD_ABILITIES: a once-per-turn power of a Remains-in-Play card (TE-G05 Locations).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ...core.params import one_of as _one_of
from ...core.params import whole as _int

COLOURS = ("C", "U", "S")            # Combat, Cunning, Spirit
ORBS = COLOURS + ("W",)              # and Silver, the wild orb
CONTEXTS = ("play", "fight", "mystery", "acquire", "discovery")


def _bool(v):
    return None if isinstance(v, bool) else f"expected true or false, got {v!r}"


def _faces(v):
    if not isinstance(v, list) or not v or any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 6
                                               for x in v):
        return f"expected a list of Omen Die values (0 = Skull), got {v!r}"
    return None


class Effect(NamedTuple):
    params: dict
    contexts: tuple
    run: Callable


ALL = CONTEXTS
NOT_MYSTERY = ("play", "fight", "acquire", "discovery")


# -- implementations: thin, the engine (rules.py) keeps the bookkeeping ----------------------
def _gain(eng, s, seat, card, p, ctx, ev):
    # a Fight's gain has no source card in play (the defeated card is in the discard pile)
    eng.gain(s, seat, p["c"], p["n"], card if ctx == "play" else None, ev)


def _draw(eng, s, seat, card, p, ctx, ev):
    eng.draw(s, seat, p["n"], ev)


def _block(eng, s, seat, card, p, ctx, ev):
    s.uses[0] += 1
    eng.log(ev, "block_ready", seat=seat, card=card)


def _protect(eng, s, seat, card, p, ctx, ev):
    s.uses[1] += 1
    eng.log(ev, "protect_ready", seat=seat, card=card)


def _destroy_self(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("destroy", card, ("play", seat), "key"))


def _shadow(eng, s, seat, card, p, ctx, ev):
    for _ in range(p["n"]):
        eng.push(s, ("shadow_top", card))


def _shadow_remove(eng, s, seat, card, p, ctx, ev):
    eng.shadow_remove(s, p["n"], ev)


def _strike(eng, s, seat, card, p, ctx, ev):
    n = s.n
    if ctx == "mystery" or (s.coop and eng.cards[card].type == "minion"):
        victims = tuple((s.active + i) % n for i in range(n))       # TE-026, TE-090a
    else:
        victims = tuple((seat + i) % n for i in range(1, n))
    if victims:
        eng.push(s, ("strike", seat, card, p["act"], p["n"], victims, "strike"))


def _others(eng, s, seat, card, p, ctx, ev):
    victims = tuple((seat + i) % s.n for i in range(1, s.n))
    if victims:
        eng.push(s, ("strike", seat, card, p["act"], p["n"], victims, "fight"))


def _discard(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("hit", seat, card, "discard", p["n"], False))


def _all_discard(eng, s, seat, card, p, ctx, ev):
    order = [(s.active + i) % s.n for i in range(s.n)]
    eng.push(s, *[("hit", v, card, "discard", p["n"], False) for v in order])


def _destroy_hand(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("hit", seat, card, "destroy", p["n"], p.get("optional", False)))


def _each_destroy_hand(eng, s, seat, card, p, ctx, ev):
    order = [(s.active + i) % s.n for i in range(s.n)]
    eng.push(s, *[("hit", v, card, "destroy", 1, True) for v in order])


def _honor(eng, s, seat, card, p, ctx, ev):
    eng.gain_honor(s, seat, ev)


def _each_honor(eng, s, seat, card, p, ctx, ev):
    for i in range(s.n):
        eng.gain_honor(s, (seat + i) % s.n, ev)


def _each_draw(eng, s, seat, card, p, ctx, ev):
    for i in range(s.n):
        eng.draw(s, (seat + i) % s.n, p["n"], ev)


def _secret(eng, s, seat, card, p, ctx, ev):
    eng.gain_secret(s, seat, ev)


def _free_defeat(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("free_defeat", seat, card, p["max_cost"]))


def _hungry_dead(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("feed", seat))


def _poltergeist(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("poltergeist", card))


def _villain_cost(eng, s, seat, card, p, ctx, ev):
    pass        # a Discovery that `stays` adds its cost while it sits on the Villain (rules.cost_of)


def _no_allies(eng, s, seat, card, p, ctx, ev):
    s.flags.add("no_allies")
    eng.log(ev, "no_allies", seat=seat)


def _discovery(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("discovery", seat))


def _lightning(eng, s, seat, card, p, ctx, ev):
    eng.push(s, ("lightning", card))


EFFECTS = {
    "gain": Effect({"c": (True, _one_of(*ORBS)), "n": (True, _int(1, 9))}, NOT_MYSTERY, _gain),
    "draw": Effect({"n": (True, _int(1, 6))}, NOT_MYSTERY, _draw),
    "block": Effect({}, ("play",), _block),
    "protect": Effect({}, ("play",), _protect),
    "destroy_self": Effect({}, ("play",), _destroy_self),
    "shadow": Effect({"n": (True, _int(1, 3))}, ALL, _shadow),
    "shadow_remove": Effect({"n": (True, _int(1, 3))}, ALL, _shadow_remove),
    "strike": Effect({"act": (True, _one_of("discard", "destroy")), "n": (True, _int(1, 3))},
                     ("play", "mystery"), _strike),
    "others": Effect({"act": (True, _one_of("discard", "destroy")), "n": (True, _int(1, 3))},
                     ("fight",), _others),
    "discard": Effect({"n": (True, _int(1, 6))}, ("discovery", "fight"), _discard),
    "all_discard": Effect({"n": (True, _int(1, 3))}, ("discovery", "mystery"), _all_discard),
    "destroy_hand": Effect({"n": (True, _int(1, 3)), "optional": (False, _bool)}, NOT_MYSTERY, _destroy_hand),
    "each_destroy_hand": Effect({}, ("mystery", "fight"), _each_destroy_hand),
    "honor": Effect({}, ("fight", "acquire"), _honor),
    "each_honor": Effect({}, ("fight",), _each_honor),
    "each_draw": Effect({"n": (True, _int(1, 3))}, ("fight", "mystery"), _each_draw),
    "secret": Effect({}, ("acquire",), _secret),
    "free_defeat": Effect({"max_cost": (True, _int(1, 20))}, ("play",), _free_defeat),
    "hungry_dead": Effect({}, ("fight",), _hungry_dead),
    "poltergeist": Effect({}, ("fight",), _poltergeist),
    "villain_cost": Effect({"c": (True, _one_of(*ORBS)), "n": (True, _int(1, 6))}, ("discovery",), _villain_cost),
    "no_allies": Effect({}, ("discovery",), _no_allies),
    "discovery": Effect({}, ("play",), _discovery),
    "lightning": Effect({}, ("mystery",), _lightning),
}

# Global ops (TE-024, TE-025) and their parameters.
WHEN = ("ally_acquired", "end_turn", "start_turn", "mystery")
GLOBALS = {
    "shadow_when": {"when": (True, _one_of(*WHEN)), "roll": (False, _faces),
                    "unless": (False, _one_of("minion_defeated", "card_destroyed"))},
    "cost_mod": {"target": (True, _one_of("hungry_dead", "minion", "villain", "training")),
                 "c": (True, _one_of(*ORBS)), "n": (True, _int(1, 6))},
    "hand_size": {"n": (True, _int(1, 10))},
    "roaming_at_start": {},
    "roaming_extra_shadow": {},
    "lightning_harmless": {},
}

# Hero abilities (TE-G01).
ABILITIES = {
    "builtin_gain": {"c": (True, _one_of(*ORBS)), "n": (True, _int(1, 3))},   # Inspector Cooke [T]
    "reroll_omen": {},                                                      # Sara: Power of Light
    "minion_bonus": {"c": (True, _one_of(*ORBS)), "n": (True, _int(1, 3))}, # Argot: Marksman
    "warden": {},                                                           # Thomas: Protect once a turn
    "lessons": {"discount": (True, _int(1, 3)), "minimum": (True, _int(0, 3)),
                "ally_draw": (True, _int(0, 3))},                           # Anne Marie
}

# Once-per-turn powers of a Remains-in-Play card.
CARD_ABILITIES = ("protect_once", "destroy_once")


def check_params(spec: dict, given: dict) -> list[str]:
    """Problems with an op's parameters (unknown, missing, wrong), as sentences."""
    out = []
    for k in given:
        if k != "op" and k not in spec:
            out.append(f"unknown parameter {k!r} (allowed: {', '.join(spec) or 'none'})")
    for k, (required, checker) in spec.items():
        if k not in given:
            if required:
                out.append(f"missing parameter {k!r}")
            continue
        msg = checker(given[k])
        if msg:
            out.append(f"{k}: {msg}")
    return out
