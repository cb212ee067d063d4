"""Why a Dark Gothic action is refused, in words, with the rules section that says so
(game/core/refusal.py). A purchase reuses the table's own reasons (words.refusals: the
cost against the pool, no Allies this turn, the Dark Secret first)."""
from __future__ import annotations

from ...core.refusal import Explainer, Refusal, words
from . import words as W

TURN = "dark_gothic/turn"


def _p(key: str) -> str:
    return "dark_gothic.refuse." + key


def explain(rules, view, decision, action) -> Refusal | None:
    """Why `action` does not answer the seat's `decision` (None: nothing better known)."""
    verb = action[0] if action else None
    if decision.kind in ("turn", "secret") and verb == "buy" and len(action) > 1:
        why = W.refusals(rules, view, decision).get(action[1])
        return why if why else words(_p("not_on_offer"), "dark_gothic/buying")
    if decision.kind == "turn" and verb == "end":
        return words(_p("minions_first"), "dark_gothic/coop")
    if decision.kind == "secret":
        return words("dark_gothic.hint.secret_first", "dark_gothic/secrets")
    if decision.kind == "turn" and verb == "play":
        return words(_p("not_in_hand"), TURN)
    if decision.kind != "turn":
        return words(_p("answer_first"), TURN)
    return None


EXPLAINER = Explainer(TURN, explain)
