"""The Hint's and the review's part of the Book of Ordeals (game/ai/advice.py): the hard
search's score is the Trial's outcome (±WIN) or the Company's standing in Supplies
(losses, Harm, the objective), read as a chance through a logistic curve (100 Supplies ahead: about 77 %); a Fire or an
Assault reads as its odds on the D12s (from the view, as the table's preview shows
them), a Move as how many Foes would see the character where it stops."""
from __future__ import annotations

import math

from ...ai.advice import GameAdvice
from .ai import WIN
from .odds import preview
from ...core.i18n import t


def _rules():
    from . import SPEC
    return SPEC.ruleset()


def _acting(view):
    act = view.get("act")
    return None if act is None else act.get("index")


def _foes_seeing(view, i, x, y) -> int:
    R = _rules()
    m = R.maps[view["trial"]["number"]]
    me = view["chars"][i]
    n = 0
    for o in view["chars"]:
        if o["side"] == me["side"] or not o["deployed"] or o["ooa"] or not o.get("seen", True):
            continue
        if m.los((o["x"], o["y"]), o["on"], (x, y), me["on"], o["z"], me["z"]):
            n += 1
    return n


def reason(view, decision, action, value):
    """The move's own odds or sight lines, and its estimated standing in Supplies."""
    found = _reason(view, action)
    if value is None or abs(value) >= WIN / 2:
        return found
    standing = f"{value:+.1f}"
    if found is None:
        return "advice.ordeals.standing", {"standing": standing}
    key, params = found
    return "advice.ordeals.with_standing", {"what": _words(key, params), "standing": standing}


def _words(key, params) -> str:
    return t(key, **params)


def _reason(view, action):
    verb = action[0]
    i = _acting(view)
    if i is None:
        return None
    if verb in ("fire", "assault") and len(action) > 1 and isinstance(action[1], int):
        p = preview(_rules(), view, i, action[1])
        if p.odds is None:
            return None
        target = view["chars"][action[1]]["name"]
        key = "advice.ordeals.fire_cover" if p.cover and verb == "fire" else f"advice.ordeals.{verb}"
        return key, {"target": target, "p": round(100 * float(p.odds.win))}
    if verb == "move" and len(action) >= 3:
        n = _foes_seeing(view, i, action[1], action[2])
        return ("advice.ordeals.move_unseen", {}) if n == 0 else ("advice.ordeals.move_seen", {"n": n})
    if verb == "guard":
        return "advice.ordeals.guard", {}
    return None


def _name(view, i) -> str:
    chars = view.get("chars") or []
    return chars[i]["name"] if isinstance(i, int) and 0 <= i < len(chars) else "?"


def label(view, kind, action, names):
    verb = action[0]
    i = _acting(view)
    if verb == "act" and len(action) > 1:
        return t("advice.label.ordeals.act", name=_name(view, action[1]))
    if verb in ("move", "deploy") and len(action) >= 3:
        who = _name(view, i) if i is not None else ""
        return t(f"advice.label.ordeals.{verb}", name=who, x=f"{action[1]:.1f}", y=f"{action[2]:.1f}")
    if verb in ("fire", "assault", "aid") and len(action) > 1:
        return t(f"advice.label.ordeals.{verb}", target=_name(view, action[1]))
    if verb in ("guard", "end", "aim", "hide", "stand", "push", "stay"):
        return t(f"advice.label.ordeals.{verb}")
    return None


def chance(value: float) -> float:
    # a Trial won is WIN (1,000), lost -WIN; a standing is tens to a few hundred Supplies
    # (a character's worth is about 100): 100 Supplies ahead reads as about 77 %
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / (WIN / 12)))))


ADVICE = GameAdvice(budget=100, chance=chance, reason=reason, review_budget=60, label=label)
