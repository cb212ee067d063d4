"""The Hint's and the review's part of the monster shop (game/ai/advice.py): the hard
search scores a playout as the seat's reputation lead over the best other seat
(predicted at a cut, real at the end), so a value is a lead in reputation, read as a
chance through a logistic curve (50 % at level, about 73 % at 3 points ahead), and
the reason says that lead."""
from __future__ import annotations

from ...ai.advice import GameAdvice, logistic
from ...core.i18n import t
from .words import OFFER_ROWS, ShopWords


def reason(view, decision, action, value):
    if value is None:
        return None
    return "advice.monster_shop." + ("ahead" if value >= 0 else "behind"), {"n": round(abs(value), 1)}


def label(view, kind, action, names):
    """The table's words for the move; a group sent for a cage, an upgrade or a monster
    also names it (the button says only "Monster (young) 1"); a plan that sends no group
    says so."""
    from . import SPEC

    def name(seat) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)
    if action[0] == "plan" and not action[1]:
        # the table draws an empty plan as "—": in a review line that read "You chose — (≈1 %)"
        return t("advice.monster_shop.no_plan")
    words = ShopWords(SPEC.ruleset(), name, lambda: view)
    said = words.describe(kind, action)
    if action[0] == "send" and action[2] in OFFER_ROWS and action[2] != "food":
        x = words.offer_at(view, action[2], action[3])
        said += "" if x is None else f": {words.offer_name(action[2], x)}"
    return said


ADVICE = GameAdvice(budget=12, chance=logistic(3.0), reason=reason, review_budget=12, label=label)
