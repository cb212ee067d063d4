"""The Hint's and the review's part of Schemers of Venice (game/ai/advice.py): the hard
search's values are win chances already (a cut rollout scores each seat's chance from
cards and ducats), and a claim or a block reads as honest or as a bluff with how many
cards of that role the seat has not seen."""
from __future__ import annotations

from ...ai.advice import GameAdvice, clamp01
from ...core.i18n import t

ROLE_VERBS = ("claim", "block")


def _copies(view, role) -> int:
    from . import SPEC
    data = SPEC.ruleset().data
    deck = data.modes[view["rules"]["mode"]].deck
    return int(data.decks[deck].get(role, 0))


def _role(role) -> str:
    return t(f"schemers.roles.{role}.name")


def _unseen(view, role) -> int:
    """Cards of `role` the seat has not seen: the deck's copies less its own hand and the
    cards lost face up."""
    hand = list(view.get("hand") or [])
    seen = hand.count(role) + sum(1 for lost in view.get("lost") or [] for c in lost if c == role)
    return max(0, _copies(view, role) - seen)


def reason(view, decision, action, value):
    verb = action[0]
    prompt = decision.prompt or {}
    if decision.kind in ("challenge", "challenge_block") and isinstance(prompt.get("role"), str):
        role = prompt["role"]
        n = _unseen(view, role)
        if verb == "challenge":
            return ("advice.schemers.sure_catch", {"role": _role(role)}) if n == 0 else \
                ("advice.schemers.doubt", {"role": _role(role), "n": n})
        return "advice.schemers.let_pass", {}
    if verb in ROLE_VERBS and len(action) > 1 and isinstance(action[1], str):
        role = action[1]
        hand = list(view.get("hand") or [])
        if role in hand:
            return "advice.schemers.honest", {"role": _role(role)}
        return "advice.schemers.bluff", {"role": _role(role), "n": _unseen(view, role)}
    if verb == "income":
        return "advice.schemers.income", {}
    if verb == "casino":
        return "advice.schemers.casino", {"role": _role("doge")}
    if verb == "canal":
        return "advice.schemers.canal", {}
    if verb == "lose" and len(action) > 1 and isinstance(action[1], str):
        return "advice.schemers.lose", {"role": _role(action[1])}
    return None


def label(view, kind, action, names):
    """A claim or the canal against a seat, with that seat's name (the screen's own label
    leaves the target out)."""
    verb = action[0]
    target = action[-1] if len(action) > 1 and isinstance(action[-1], int) else None
    if target is None or not 0 <= target < len(names):
        return None
    if verb == "claim":
        return t("advice.label.schemers.claim_at", role=_role(action[1]), target=names[target])
    if verb == "canal":
        return t("advice.label.schemers.canal", target=names[target])
    return None


ADVICE = GameAdvice(budget=1500, chance=clamp01, reason=reason, review_budget=800, label=label)
