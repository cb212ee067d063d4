"""Dark Deeds invariants (CHECKLIST X-14): what must hold after every step of any game.

`check(rules, s, before=None)` returns a list of broken rules in words, each naming its
checklist id; an empty list means all is well. The playout tests and
`python main.py simulate --check` both call it (through `DarkDeedsRules.invariants`).

Checked on every state:
  DD-002  all 144 cards accounted for, each exactly once: 41 Street, 58 Tavern (Plots and
          Dark Deeds), 45 Loot; every card in a zone of its kind (Loot in its own type's
          deck, face-up row and discard pile; hands hold Plots and Dark Deeds only; players
          own Loot that is not "nothing of value"; only Guards and Nemeses chase)
  DD-007  the Street has 6 slots, one card (or none) in each; the Tavern has 2; each Loot
          type has 2 face-up slots
  DD-009  the Most Suspicious Minion coin is held by a seat
  DD-091  Suspicion is never negative
  X-14    until the end a decision is open, each with actions and its default among them;
          once over, no decision is open, the Street and the Street deck are empty (DD-075)
  DD-076  when the game is over, the last player to Take Stock holds at most 6 cards
          unless they are all Dark Deeds
Checked from one step to the next, when `before` (the state before the last action) is given:
  DD-088  a Dark Deed that was in a hand is still in a hand or in a Score Pile
  DD-090  Score Piles never lose a card
  DD-076  after a turn ends, the player whose turn it was holds at most 6 cards unless they
          are all Dark Deeds
"""
from __future__ import annotations

from .state import LOOT_TYPES

STREET_KINDS = frozenset(("artisan", "cleric", "merchant", "guard", "nemesis"))
TAVERN_KINDS = frozenset(("plot", "deed"))
EXPECTED = {"street": 41, "tavern": 58, "loot": 45}
STREET_SLOTS, TAVERN_SLOTS, LOOT_SLOTS = 6, 2, 2


def all_cards(s) -> list:
    """Every card id in every zone (duplicates kept, so a card in two places counts twice)."""
    out = [c for c in s.street if c is not None] + s.street_deck + s.street_discard
    out += [c for c in s.tavern if c is not None] + s.tavern_deck + s.tavern_discard
    for t in LOOT_TYPES:
        out += [c for c in s.loot_up[t] if c is not None] + s.loot_deck[t] + s.loot_discard[t]
    for zone in (s.hands, s.loot, s.score, s.chasing):
        for cards in zone:
            out += cards
    return out


def check(R, s, before=None) -> list[str]:
    bad: list[str] = []
    cards = R.cards
    kind = R.kind
    everything = all_cards(s)
    unknown = [c for c in everything if c not in cards]
    if unknown:
        bad.append(f"DD-002: unknown card ids {sorted(set(map(str, unknown)))[:5]}")
        return bad
    distinct = set(everything)
    if len(everything) != len(distinct):
        twice = sorted(c for c in distinct if everything.count(c) > 1)
        bad.append(f"DD-002: cards in two places at once: {', '.join(twice[:5])}")
    if len(distinct) != len(cards):
        missing = sorted(set(cards) - distinct)
        bad.append(f"DD-002: {len(distinct)} of {len(cards)} cards accounted for"
                   + (f" (missing {', '.join(missing[:5])})" if missing else ""))
    groups = {"street": 0, "tavern": 0, "loot": 0}
    for c in distinct:
        k = kind[c]
        groups["street" if k in STREET_KINDS else "tavern" if k in TAVERN_KINDS else "loot"] += 1
    for g, want in EXPECTED.items():
        if groups[g] != want:
            bad.append(f"DD-002: {groups[g]} {g} cards in play, expected {want}")

    if len(s.street) != STREET_SLOTS:
        bad.append(f"DD-007: the Street has {len(s.street)} slots, expected {STREET_SLOTS}")
    if len(s.tavern) != TAVERN_SLOTS:
        bad.append(f"DD-005: the Tavern has {len(s.tavern)} slots, expected {TAVERN_SLOTS}")
    for z in ("street", "street_discard"):
        wrong = [c for c in getattr(s, z) if c is not None and kind[c] not in STREET_KINDS]
        if wrong:
            bad.append(f"DD-007: non-Street cards in {z}: {', '.join(wrong[:5])}")
    for t in LOOT_TYPES:
        if len(s.loot_up[t]) != LOOT_SLOTS:
            bad.append(f"DD-006: {len(s.loot_up[t])} face-up {t} Loot slots, expected {LOOT_SLOTS}")
        wrong = [c for c in s.loot_up[t] + s.loot_deck[t] + s.loot_discard[t]
                 if c is not None and (kind[c] != "loot" or cards[c].deck != t)]
        if wrong:
            bad.append(f"DD-006: cards in the {t} Loot deck, row or discard that are not {t} Loot: "
                       f"{', '.join(wrong[:5])}")
    for seat in range(s.n):
        wrong = [c for c in s.hands[seat] if kind[c] not in TAVERN_KINDS]
        if wrong:
            bad.append(f"DD-004: seat {seat}'s hand holds non-Tavern cards {', '.join(wrong[:5])}")
        wrong = [c for c in s.loot[seat] if kind[c] != "loot" or cards[c].use == "nothing"]
        if wrong:
            bad.append(f"DD-046: seat {seat} owns {', '.join(wrong[:5])} (not Loot, or nothing of value)")
        wrong = [c for c in s.chasing[seat] if kind[c] not in ("guard", "nemesis")]
        if wrong:
            bad.append(f"DD-073: {', '.join(wrong[:5])} chasing seat {seat} (only Guards and Nemeses chase)")
        if not set(s.known[seat]) <= set(s.hands[seat]):
            bad.append(f"seat {seat}'s face-up-taken (known) cards are not all in their hand")
    negative = [seat for seat, x in enumerate(s.susp) if x < 0]
    if negative:
        bad.append(f"DD-091: negative Suspicion for seat(s) {negative}: {list(s.susp)}")
    if not (isinstance(s.msm, int) and 0 <= s.msm < s.n):
        bad.append(f"DD-009: the Most Suspicious Minion coin is with {s.msm!r}, not a seat")

    limit = R.hand_limit
    res = R.result(s)
    ds = R.decisions(s)
    if res is None:
        if not ds:
            bad.append(f"X-14: no decision is open at stage {s.stage} but the game has not ended")
        for d in ds:
            if not d.actions:
                bad.append(f"X-14: seat {d.seat}'s {d.kind} decision has no actions")
            elif d.default not in d.actions:
                bad.append(f"X-14: seat {d.seat}'s {d.kind} default {d.default!r} is not one of its actions")
    else:
        if ds:
            bad.append(f"X-14: the game is over but {len(ds)} decision(s) are still open")
        if s.stage != "over":
            bad.append(f"X-14: a result exists at stage {s.stage}")
        if any(c is not None for c in s.street) or s.street_deck:
            bad.append("DD-075: the game ended with cards still on the Street or in its deck")
        hand = s.hands[s.active]
        if len(hand) > limit and any(kind[c] != "deed" for c in hand):
            bad.append(f"DD-076: seat {s.active} ended the game with {len(hand)} cards after Take Stock")

    if before is not None:
        where = {}
        for seat in range(s.n):
            for c in s.hands[seat]:
                where[c] = "hand"
            for c in s.score[seat]:
                where[c] = "score"
        for seat in range(before.n):
            for c in before.hands[seat]:
                if kind[c] == "deed" and c not in where:
                    bad.append(f"DD-088: Dark Deed {c} left seat {seat}'s hand for somewhere other "
                               f"than a hand or a Score Pile")
            now = set(s.score[seat])
            lost = [c for c in before.score[seat] if c not in now]
            if lost:
                bad.append(f"DD-090: seat {seat}'s Score Pile lost {', '.join(lost[:5])}")
        if s.turn != before.turn and res is None:
            a = before.active
            hand = s.hands[a]
            if len(hand) > limit and any(kind[c] != "deed" for c in hand):
                bad.append(f"DD-076: seat {a} holds {len(hand)} cards after Take Stock "
                           f"(limit {limit}, and not all Dark Deeds)")
    return bad
