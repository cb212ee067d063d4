"""Why a Schemers action is refused, in words, with the rules section that says so
(game/core/refusal.py). Read from the seat's view and its own decision only."""
from __future__ import annotations

from ...core.refusal import Explainer, Refusal, words

TURN = "schemers/turn"
ROLES = "schemers/roles"
MODES = "schemers/modes"


def _p(key: str) -> str:
    return "schemers.refuse." + key


def explain(rules, view, decision, action) -> Refusal | None:
    """Why `action` does not answer the seat's `decision` (None: nothing better known)."""
    if decision.kind != "turn":
        return words(_p("wait"), TURN)
    params = rules.text_params()
    ducats = view["ducats"][decision.seat]
    verb = action[0] if action else None
    if (decision.prompt or {}).get("forced") and verb != "canal":
        return words(_p("forced"), TURN, ducats=ducats, forced=params["forced"])
    if verb == "canal" and ducats < params["canal"]:
        return words(_p("canal_cost"), TURN, canal=params["canal"], ducats=ducats)
    role = action[1] if verb == "claim" and len(action) > 1 else None
    if role == "poisoner" and ducats < params["poison"]:
        return words(_p("poison_cost"), ROLES, poison=params["poison"], ducats=ducats)
    if role == "plague_doctor":
        return words(_p("plague_doctor"), ROLES)
    if verb in ("income", "casino"):
        return words(_p("untouchable"), MODES)     # the only seat not offered them
    if len(action) > 1 and isinstance(action[-1], int):
        return words(_p("target"), TURN)
    return None


EXPLAINER = Explainer(TURN, explain)
