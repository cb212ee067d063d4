"""The Hint's and the review's part of the monster shop (game/ai/advice.py): the hard
search scores a playout as the seat's reputation lead over the best other seat
(predicted at a cut, real at the end), so a value is a lead in reputation, read as a
chance through a logistic curve (50 % at level, about 73 % at 3 points ahead), and
the reason says that lead."""
from __future__ import annotations

from ...ai.advice import GameAdvice, logistic
from .words import ShopWords


def reason(view, decision, action, value):
    if value is None:
        return None
    return "advice.monster_shop.lead", {"lead": f"{value:+.1f}"}


def label(view, kind, action, names):
    from . import SPEC

    def name(seat) -> str:
        return names[seat] if 0 <= seat < len(names) else str(seat)
    return ShopWords(SPEC.ruleset(), name, lambda: view).describe(kind, action)


ADVICE = GameAdvice(budget=12, chance=logistic(3.0), reason=reason, review_budget=12, label=label)
