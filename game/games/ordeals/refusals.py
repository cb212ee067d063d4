"""Why a Book of Ordeals action is refused, in words, with the rules section that says so
(game/core/refusal.py). A Move is measured by the rules' own `move_route` on the state
the seat knows (what it may see), so the words name the real reason: out of reach,
blocked on the way, or no place to stand."""
from __future__ import annotations

import random

from ...core.refusal import Explainer, Refusal, words
from .rebuild import determinize

TURN = "ordeals/reference"
DEEDS = "ordeals/deeds"
STATUSES = "ordeals/statuses"

MOVE_WORDS = {"reach": "ordeals.table.move_reach", "blocked": "ordeals.table.move_blocked",
              "stand": "ordeals.table.move_stand"}


def move_refusal(reason: str | None) -> Refusal:
    """The words for a Move the rules refuse ("reach", "blocked", "stand")."""
    return words(MOVE_WORDS.get(reason or "blocked", MOVE_WORDS["blocked"]), DEEDS)


def deploy_refusal() -> Refusal:
    return words("ordeals.table.deploy_zone", TURN)


def _known_state(rules, view, seat):
    """The state behind the seat's view with only what it may see (the table's ruler
    asks the same: the Shadow characters it does not see now are left off)."""
    s = determinize(rules, view, seat, random.Random(0))
    for cv, c in zip(view["chars"], s.chars):
        if not cv.get("seen", True):
            c.deployed = False
    return s


def explain(rules, view, decision, action) -> Refusal | None:
    """Why `action` does not answer the seat's `decision` (None: nothing better known)."""
    verb = action[0] if action else None
    if decision.kind == "deploy" or verb == "deploy":
        return deploy_refusal() if decision.kind == "deploy" else words("ordeals.refuse.not_now", TURN)
    if decision.kind != "act":
        return words("ordeals.refuse.not_now", TURN)
    act = view.get("act") or {}
    me = view["chars"][act["index"]] if act.get("index") is not None else None
    if verb == "move":
        if me is not None and me.get("engaged"):
            return words("ordeals.refuse.engaged", STATUSES)
        if decision.free is None or decision.free.get("verb") != "move":
            return words("ordeals.refuse.no_deeds", DEEDS, left=(decision.prompt or {}).get("left", 0))
        if len(action) >= 3:
            s = _known_state(rules, view, decision.seat)
            got = rules.move_route(s, decision.free["index"], (float(action[1]), float(action[2])), snap=False)
            return move_refusal(got.reason)
        return None
    if me is not None and me.get("engaged") and verb in ("fire", "aim", "aid", "climb", "hide", "use"):
        return words("ordeals.refuse.engaged", STATUSES)
    if verb in ("fire", "aim"):
        return words("ordeals.refuse.fire", STATUSES)
    if verb == "assault":
        return words("ordeals.refuse.assault", DEEDS)
    if verb is not None:
        return words("ordeals.refuse.no_deeds", DEEDS, left=(decision.prompt or {}).get("left", 0))
    return None


EXPLAINER = Explainer(TURN, explain)
