"""The closed registries of Dark Deeds: every effect a Plot or Loot card may name, and
every trigger a Dark Deed's requirement may name. YAML refers to these by name only; the
loader (data.py) checks each name and each parameter against these tables, so a typo is a
load error with file:line, never a surprise mid-game.

- EFFECTS: op name -> Effect(params, timings, run, choices)
    `params`   name -> (required?, checker) — the checker returns an error sentence or None
    `timings`  when a Plot carrying this op may be played (see plots.yaml)
    `choices`  (engine, state, seat, card) -> list of argument tuples for ("play", card, *args)
               — None means the effect takes no arguments
    `run`      (engine, state, seat, card, args, events) -> None; applies the effect
- TRIGGERS: trigger name -> Trigger(params, match)
    `match(params, fact, cards)` -> bool, where `fact` is what the engine records when
    something happens in the active player's turn (see rules.py: `_fact`).

Effects with flow-control meaning (foil_roll, cancel_plot, reroll, auto_pass, roll_bonus,
target_other_chaser) are run by the engine at their timing window; their `run` is the
part that changes state.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ...core.params import check_params  # noqa: F401  (the loader asks this module)
from ...core.params import one_of as _one_of
from ...core.params import whole as _int

ROLLS = ("sneak", "rob", "attack")
CITIZENS = ("artisan", "cleric", "merchant")
TIMINGS = ("own_turn", "before_roll", "after_roll", "pick_target", "reaction_roll", "reaction_plot")


# -- parameter checkers ---------------------------------------------------------------
def _subset_of(*allowed):
    def check(v):
        if not isinstance(v, list) or not v or any(x not in allowed for x in v):
            return f"expected a list of {', '.join(allowed)}, got {v!r}"
        return None
    return check


class Effect(NamedTuple):
    params: dict
    timings: tuple
    run: Callable
    choices: Callable | None = None


class Trigger(NamedTuple):
    params: dict
    match: Callable


# -- effect implementations (engine helpers do the bookkeeping and events) -------------
def _run_roll_bonus(eng, s, seat, card, args, ev):
    eng.add_roll_bonus(s, card, ev)


def _run_auto_pass(eng, s, seat, card, args, ev):
    eng.auto_pass(s, card, ev)


def _run_reroll(eng, s, seat, card, args, ev):
    eng.reroll(s, ev)


def _run_lose_suspicion(eng, s, seat, card, args, ev):
    n = eng.card(card).effect_params["n"]
    eng.log(ev, "gift", {"player": seat, "amount": min(n, s.susp[seat])})
    eng.change_suspicion(s, seat, -n, ev)


def _choices_lose_suspicion(eng, s, seat, card):
    return [()] if s.susp[seat] > 0 else []


def _choices_move_suspicion(eng, s, seat, card):
    top = min(eng.card(card).effect_params["max"], s.susp[seat])
    return [(t, x) for t in range(s.n) if t != seat for x in range(1, top + 1)]


def _run_move_suspicion(eng, s, seat, card, args, ev):
    target, x = args
    x = min(x, s.susp[seat])
    eng.log(ev, "snitch", {"player": seat, "target": target, "amount": x})
    eng.change_suspicion(s, seat, -x, ev, check_coin=False)
    eng.change_suspicion(s, target, x, ev)
    if x > 0 and seat == s.active:
        eng.fact(s, ("plot_suspicion", target))


def _each_to_another_seat(eng, s, seat, cards, kind):
    """(card, seat) for every card of `kind` among `cards` and every seat but `seat`."""
    mine = [c for c in cards if eng.card(c).kind == kind]
    return [(c, t) for c in mine for t in range(s.n) if t != seat]


def _choices_give_deed(eng, s, seat, card):
    return _each_to_another_seat(eng, s, seat, s.hands[seat], "deed")


def _run_give_deed(eng, s, seat, card, args, ev):
    deed, target = args
    if deed in s.hands[seat]:
        eng.pass_deed(s, seat, target, deed, ev)


def _choices_take_loot(eng, s, seat, card):
    m = s.msm
    if m == seat:
        return []
    return [(c,) for c in s.loot[m]]


def _run_take_loot(eng, s, seat, card, args, ev):
    (loot,) = args
    m = s.msm
    if loot in s.loot[m]:
        eng.steal_loot(s, seat, m, loot, ev)


def _choices_pass_guard(eng, s, seat, card):
    return _each_to_another_seat(eng, s, seat, s.chasing[seat], "guard")


def _run_pass_guard(eng, s, seat, card, args, ev):
    guard, target = args
    if guard in s.chasing[seat]:
        eng.move_chaser(s, seat, target, guard, ev)


def _noop(eng, s, seat, card, args, ev):
    pass


EFFECTS: dict[str, Effect] = {
    "roll_bonus": Effect({"n": (True, _int(1, 6)), "rolls": (True, _subset_of(*ROLLS)),
                          "vs": (False, _one_of("guard", "nemesis"))},
                         ("before_roll",), _run_roll_bonus),
    "auto_pass": Effect({}, ("before_roll",), _run_auto_pass),
    "reroll": Effect({}, ("after_roll",), _run_reroll),
    "lose_suspicion": Effect({"n": (True, _int(1, 12))}, ("own_turn",), _run_lose_suspicion,
                             _choices_lose_suspicion),
    "move_suspicion": Effect({"max": (True, _int(1, 12))}, ("own_turn",), _run_move_suspicion,
                             _choices_move_suspicion),
    "give_deed": Effect({}, ("own_turn",), _run_give_deed, _choices_give_deed),
    "take_loot_from_msm": Effect({}, ("own_turn",), _run_take_loot, _choices_take_loot),
    "pass_guard": Effect({}, ("own_turn",), _run_pass_guard, _choices_pass_guard),
    "target_other_chaser": Effect({}, ("pick_target",), _noop),
    "foil_roll": Effect({}, ("reaction_roll",), _noop),
    "cancel_plot": Effect({}, ("reaction_plot",), _noop),
}

# Ops a single-use Loot card may carry, and the timing each then has.
LOOT_OPS = {"roll_bonus": "before_roll", "auto_pass": "before_roll", "lose_suspicion": "own_turn"}


# -- triggers ---------------------------------------------------------------------------
# Facts recorded by the engine (all about the active player, during their own turn):
#   ("rob", card, slot)            ("defeat", card, where, passed)   ("sneak", passed)
#   ("roll", faces)                ("gain_loot", loot, held_before, same_type_after)
#   ("lay_low", chasing_guards)    ("arrested",)                     ("suspicion", old, new)
#   ("take_coin",)                 ("plot_suspicion", target)

def _m_rob(p, f, cards):
    c = cards[f[1]]
    return ((p.get("citizen_type") is None or c.kind == p["citizen_type"])
            and c.perception >= p.get("min_perception", 0)
            and c.favour >= p.get("min_favour", 0)
            and (p.get("slot") is None or f[2] == p["slot"]))


def _m_defeat(p, f, cards):
    c = cards[f[1]]
    return ((p.get("kind") is None or c.kind == p["kind"])
            and (p.get("where") is None or f[2] == p["where"])
            and f[3] >= p.get("min_passed", 0))


TRIGGERS: dict[str, Trigger] = {
    "rob": Trigger({"citizen_type": (False, _one_of(*CITIZENS)), "min_perception": (False, _int(0, 20)),
                    "min_favour": (False, _int(0, 10)), "slot": (False, _int(1, 6))}, _m_rob),
    "defeat": Trigger({"kind": (False, _one_of("guard", "nemesis")),
                       "where": (False, _one_of("street", "chasing", "poached")),
                       "min_passed": (False, _int(0, 10))}, _m_defeat),
    "sneak": Trigger({"min_count": (True, _int(1, 20))}, lambda p, f, cards: f[1] >= p["min_count"]),
    "roll": Trigger({"double": (True, _int(1, 6))},
                    lambda p, f, cards: all(x == p["double"] for x in f[1])),
    "gain_loot": Trigger({"min_held": (False, _int(0, 45)), "same_type": (False, _int(1, 15))},
                         lambda p, f, cards: f[2] >= p.get("min_held", 0)
                         and f[3] >= p.get("same_type", 0)),
    "lay_low": Trigger({"min_chasing_guards": (False, _int(0, 10))},
                       lambda p, f, cards: f[1] >= p.get("min_chasing_guards", 0)),
    "arrested": Trigger({}, lambda p, f, cards: True),
    "suspicion": Trigger({"min": (True, _int(1, 99))},
                         lambda p, f, cards: f[1] < p["min"] <= f[2]),
    "take_coin": Trigger({}, lambda p, f, cards: True),
    "plot_suspicion": Trigger({}, lambda p, f, cards: True),
}


