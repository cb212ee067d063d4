"""The Hint's and the review's part of Dark Gothic (game/ai/advice.py): the hard search's
rewards are the seat's result in [0, 1] (co-op: the team's result first, the Hero's
share second), so a value reads as a win chance in competitive play and as a score
share in co-op; a purchase reads as the card and its price, ending the turn as where
the Shadows stand."""
from __future__ import annotations

from ...ai.advice import SHARE, WIN, GameAdvice, clamp01
from ...core.i18n import has, t
from .ai import MIN_ITERATIONS


def _card_name(card_id) -> str:
    from . import SPEC
    key = SPEC.ruleset().cards[card_id].key
    return t(f"dark_gothic.card.{key}") if has(f"dark_gothic.card.{key}") else key.replace("_", " ")


def reason(view, decision, action, value):
    verb = action[0]
    if verb == "buy" and len(action) > 1:
        from . import SPEC
        card = SPEC.ruleset().cards[action[1]]
        return "advice.dark_gothic.buy", {"card": _card_name(action[1]), "cost": card.cost_total}
    if verb == "end":
        return "advice.dark_gothic.end", {"shadows": view.get("shadows", 0),
                                          "limit": view.get("shadows_limit", 0)}
    if verb == "play" and len(action) > 1:
        return "advice.dark_gothic.play", {"card": _card_name(action[1])}
    return None


def label(view, kind, action, names):
    verb = action[0]
    if verb == "buy" and len(action) > 1:
        from . import SPEC
        cost = SPEC.ruleset().cards[action[1]].cost_total
        return t("advice.label.dark_gothic.buy", card=_card_name(action[1]), cost=cost)
    if verb == "play" and len(action) > 1:
        return t("advice.label.dark_gothic.play", card=_card_name(action[1]))
    return None


def scale(view) -> str:
    return SHARE if view.get("mode") == "coop" else WIN


# MIN_ITERATIONS (30) is the fewest searched games after which hard may overrule its pick:
# the Hint searches exactly that many (about 0.3 s of CPU at the 95th percentile)
ADVICE = GameAdvice(budget=MIN_ITERATIONS, chance=clamp01, reason=reason, scale=scale,
                    review_budget=MIN_ITERATIONS, label=label)
