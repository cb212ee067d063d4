"""Why a Dark Deeds action is refused, in words, with the rules section that says so
(game/core/refusal.py). Read from the seat's view and its own decision only: a card
chasing someone else, a Street target outside Hit the Street, a Dark Deed that is
completed, not played."""
from __future__ import annotations

from ...core.refusal import Explainer, Refusal, words

TURN = "dark_deeds/reference"
CHASING = "dark_deeds/chasing"
DEEDS = "dark_deeds/deeds"


def _p(key: str) -> str:
    return "dark_deeds.refuse." + key


def _chaser_of(view, card) -> int | None:
    for seat in view.get("seats", []):
        if card in seat.get("chasing", []):
            return seat["seat"]
    return None


def explain(rules, view, decision, action) -> Refusal | None:
    """Why `action` does not answer the seat's `decision` (None: nothing better known)."""
    verb = action[0] if action else None
    if verb == "target" and len(action) >= 3 and action[1] == "chaser":
        owner = _chaser_of(view, action[2])
        if owner is not None and owner != decision.seat:
            return words(_p("not_your_chaser"), CHASING)
    if verb == "target" and decision.kind != "target":
        return words(_p("street_phase"), TURN)
    if verb == "play" and len(action) > 1 and str(action[1]).startswith("deed:"):
        return words(_p("deed_not_played"), DEEDS)
    if verb == "play":
        return words(_p("plot_not_now"), TURN)
    if verb in ("loot", "loot_gamble"):      # Loot is not the Tavern: it comes with a robbery
        return words(_p("loot_after_rob"), TURN)
    if verb in ("tavern_take", "lay_low"):
        return words(_p("tavern_phase"), TURN)
    if verb == "discard_pile":              # while a face-up card may be taken beside it
        return words(_p("discard_pile"), TURN) if decision.kind in ("tavern", "loot_choice") else None
    if verb == "roll" or decision.kind == "roll":
        return words(_p("roll_first"), TURN)
    return None


EXPLAINER = Explainer(TURN, explain)


def card_probe(zone: str, card, viewer):
    """The action a click on `card` in `zone` would have asked for, to explain its refusal."""
    if zone.startswith("street:"):
        return ("target", "street", int(zone.split(":")[1]))
    if zone.startswith("chasing:"):
        return ("target", "chaser", card)
    if zone == f"hand:{viewer}":
        return ("play", card)
    if zone.startswith(("loot:", "loot_deck:")):
        return ("loot",)
    if zone.startswith("tavern:"):
        return ("tavern_take",)
    if zone.endswith("discard") or zone.startswith("loot_discard:"):
        return ("discard_pile",)            # its face-up top card looks like one on offer
    return None


class CardRefusals:
    """Mixed into the table before the kit: a card the viewer cannot use now says why (a
    card chasing someone else, the Street outside Hit the Street, a Dark Deed, a Plot out
    of its time); anything else as the kit does. Needs the table's `_decision()`, `view`,
    `viewer` and `match`."""

    def why_not(self, item):
        d = self._decision()
        card = getattr(item, "key", None)
        probe = card_probe(str(getattr(item, "zone", "")), card, self.viewer) \
            if d is not None and card is not None else None
        got = explain(self.match.rules, self.view, d, probe) if probe else None
        return got or super().why_not(item)
