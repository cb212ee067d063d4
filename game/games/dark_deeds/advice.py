"""The Hint's and the review's part of Dark Deeds (game/ai/advice.py): the hard search
scores a rollout 1 for a win, else the seat's share of a soft rank of the standings
(`evaluate`: unfinished Deeds count against it), so a value reads as a score share; a
target is put in the exact 2d6 odds the heuristic itself weighs (the Guards to sneak
past, then the take-down), the Tavern in what each choice does."""
from __future__ import annotations

from ...ai.advice import SHARE, GameAdvice, clamp01
from ...core.i18n import has, t
from .ai import Brain, ctx_from_view
from .rules import p_success
from .words import DarkDeedsWords

_BRAINS: dict = {}


def _brain():
    from . import SPEC
    if "normal" not in _BRAINS:
        _BRAINS["normal"] = Brain(SPEC.ruleset(), "normal")
    return _BRAINS["normal"]


def target_odds(view, where, slot_or_card):
    """(guards, P(sneak past them all), roll needed, P(take-down)) for a target, from
    the seat's view alone: the heuristic's own sums."""
    brain = _brain()
    c = ctx_from_view(view)
    me = c.me
    K = brain.cards
    tgt = c.street[slot_or_card - 1] if where == "street" else slot_or_card
    slot = slot_or_card if where == "street" else 0
    card = K[tgt]
    cun = brain.cunning(c, me)
    # the action says "chaser", the heuristic "chasing": a Guard chasing you is fought
    # without sneaking past the others (DD-034), as the heuristic itself weighs it
    guards = brain.chain(c, "street" if where == "street" else "chasing", slot, tgt)
    sneak = 1.0
    for g in guards:
        sneak *= p_success(K[g].perception, cun)
    if card.is_citizen:
        need, bonus = card.perception, cun
    else:
        need, bonus = card.defence, brain.strength(c, me)
    return len(guards), sneak, need, p_success(need, bonus)


def reason(view, decision, action, value):
    verb = action[0]
    if verb == "target" and len(action) >= 3:
        guards, sneak, need, take = target_odds(view, action[1], action[2])
        return "advice.dark_deeds.target", {"guards": guards, "sneak": round(100 * sneak), "need": need,
                                             "take": round(100 * take)}
    if verb == "lay_low":
        me = view["seat"]
        return "advice.dark_deeds.lay_low", {"suspicion": view["seats"][me]["suspicion"]}
    if verb == "tavern_take":
        return "advice.dark_deeds.tavern_take", {}
    if verb == "tavern_gamble":
        return "advice.dark_deeds.tavern_gamble", {}
    if verb in ("foiled", "sod_off", "pass") and decision is not None and decision.kind == "reaction":
        return f"advice.dark_deeds.react_{verb}", {"purpose": (decision.prompt or {}).get("purpose") or "other"}
    return None


def _card(card_id) -> str:
    key = _brain().cards[card_id].key
    return t(f"dark_deeds.card.{key}.name") if has(f"dark_deeds.card.{key}.name") else key.replace("_", " ")


class _MoveWords(DarkDeedsWords):
    """The table's own words for a move, outside a table: the card data, the seat's view
    and the seats' names are all the words need."""

    def __init__(self, view, names):
        self.cdata = _brain().cards
        self.view = view
        self.names = names

    def name(self, seat) -> str:
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else str(seat)


def label(view, kind, action, names):
    verb = action[0]
    if verb == "target" and len(action) >= 3:
        if action[1] == "street":
            return t("advice.label.dark_deeds.street", card=_card(view["street"][action[2] - 1]), slot=action[2])
        return t("advice.label.dark_deeds.chasing", card=_card(action[2]))
    if verb == "tavern_take":
        return t("advice.label.dark_deeds.tavern_take", card=_card(view["tavern"][action[1]]))
    if verb in ("tavern_gamble", "lay_low"):
        return t(f"advice.label.dark_deeds.{verb}")
    return _MoveWords(view, names).move_label(action)


# a rollout cut before the end scores the seat's share of a soft rank of the standings
# (`evaluate_for`), not a win chance: the screen says "score share"
ADVICE = GameAdvice(budget=100, chance=clamp01, reason=reason, review_budget=60, label=label, scale=SHARE)
