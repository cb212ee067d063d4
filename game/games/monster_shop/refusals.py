"""Why a monster-shop action is refused, in words, with the rules section that says so
(game/core/refusal.py). Read from the seat's own decision (its split's limits are in
the decision's `free`), never from what the seat may not see."""
from __future__ import annotations

from ...core.refusal import Explainer, Refusal, words

TURN = "monster_shop/round"
PURCHASES = "monster_shop/purchases"
NEEDS = "monster_shop/needs"
CARE = "monster_shop/care"
TRADING = "monster_shop/trading"

# the section each stage's refusals point at
STAGE_RULE = {"plan": PURCHASES, "send": PURCHASES, "arrange": NEEDS, "assign": NEEDS,
              "order": CARE, "sell": TRADING, "work": TRADING}


def _p(key: str) -> str:
    return "monster_shop.refuse." + key


def plan_refusal(free: dict, groups) -> Refusal | None:
    """Why a split of imps and gold is not possible (more than you have, an empty group)."""
    if not isinstance(groups, tuple):
        return None
    if len(groups) > free["max_groups"]:
        return words(_p("too_many_groups"), PURCHASES, n=free["max_groups"])
    cols = [g for g in groups if isinstance(g, tuple) and len(g) == 4]
    if any(g[0] < 1 for g in cols):
        return words(_p("group_without_imp"), PURCHASES)
    imps, gold = sum(g[0] for g in cols), sum(g[1] for g in cols)
    if imps > free["imps"]:
        return words(_p("imps_short"), PURCHASES, want=imps, have=free["imps"])
    if gold > free["gold"]:
        return words(_p("gold_short"), PURCHASES, want=gold, have=free["gold"])
    return None


def explain(rules, view, decision, action) -> Refusal | None:
    """Why `action` does not answer the seat's `decision` (None: nothing better known)."""
    kind = decision.kind
    verb = action[0] if action else None
    if kind == "plan":
        if verb == "plan" and len(action) == 2 and decision.free:
            got = plan_refusal(decision.free, action[1])
            if got:
                return got
        return words(_p("plan"), PURCHASES)
    if kind == "send":
        return words(_p("send"), PURCHASES)
    if kind == "assign":
        return words(_p("assign"), NEEDS)
    rule = STAGE_RULE.get(kind) or STAGE_RULE.get((decision.prompt or {}).get("ask"), TURN)
    return words(_p("stage." + kind), rule) if kind in STAGE_RULE else words(_p("ask"), rule)


EXPLAINER = Explainer(TURN, explain)
