"""Another deal of what one seat may not see (CHECKLIST §1.6), for the contract suite's
indistinguishability check: `perturb_hidden(rules, state, seat, rng)` returns a copy
that differs from `state` only in hidden things, built without the seat's view.

Redealt, each kind of card only among places that hold that kind (a Plot for a Plot, a
Dark Deed for a Dark Deed, a Street card for a Street card): the cards in other hands
that nobody knows (not `known`, not named by a Plot or a choice under way), the Tavern
deck, and, while Score Piles are closed, the other seats' Score Piles with the Street
deck. The order of every Loot deck is shuffled. Nothing changes once the game is over
(every hand is then shown)."""
from __future__ import annotations

from .state import LOOT_TYPES


def perturb_hidden(rules, s, seat, rng):
    c = s.clone()
    c.dec = None
    if c.res is not None:
        return c
    kind = rules.kind
    reserved = set()                     # cards a Plot or a choice under way names
    if c.plot is not None:
        reserved.add(c.plot[1])
        reserved.update(a for a in c.plot[2] if isinstance(a, str))
    if c.interrupt is not None:
        reserved.update(x for x in c.interrupt[2] if isinstance(x, str))
    others = [p for p in range(c.n) if p != seat]

    places: list[tuple[list, int]] = []  # (list, index) of every hidden slot
    for p in others:
        hand, known = c.hands[p], c.known[p]
        places += [(hand, i) for i, x in enumerate(hand) if x not in known and x not in reserved]
    places += [(c.tavern_deck, i) for i in range(len(c.tavern_deck))]
    places += [(c.street_deck, i) for i in range(len(c.street_deck))]
    if not c.open_scores:
        for p in others:
            places += [(c.score[p], i) for i in range(len(c.score[p])) if c.score[p][i] not in reserved]
    by_kind: dict = {}
    for zone, i in places:
        by_kind.setdefault(kind[zone[i]], []).append((zone, i))
    for slots in by_kind.values():
        cards = [zone[i] for zone, i in slots]
        rng.shuffle(cards)
        for (zone, i), card in zip(slots, cards):
            zone[i] = card
    for t in LOOT_TYPES:
        rng.shuffle(c.loot_deck[t])
    return c
