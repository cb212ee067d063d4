"""Setting up a game of Dark Deeds (DD-001 … DD-010)."""
from __future__ import annotations

from .state import LOOT_TYPES, new_state


def setup_state(eng, players: int, opts: dict, seed: int):
    """Deal everything (chance purpose "deal"); choose the first player ("first_player"), who
    takes the coin."""
    r = eng.rules
    s = new_state(players, seed)
    deal = s.rng.stream("deal")
    s.open_scores = bool(opts["open_scores"])
    s.first_mode = opts["first_player"]
    # 1. Dark Deeds and Plots: 2 Deeds and 3 Plots to each player (DD-004)
    deeds = list(eng.data.deed_ids)
    plots = list(eng.data.plot_ids)
    deal.shuffle(deeds)
    deal.shuffle(plots)
    for seat in range(players):
        for _ in range(r.start_hand.deeds):
            s.hands[seat].append(deeds.pop())
        for _ in range(r.start_hand.plots):
            s.hands[seat].append(plots.pop())
    # 2. The Tavern: the rest shuffled together, 2 face up (DD-005)
    s.tavern_deck = deeds + plots
    deal.shuffle(s.tavern_deck)
    s.tavern = [s.tavern_deck.pop() for _ in range(r.tavern_slots)]
    # 3. Loot: each deck shuffled, 2 face up (DD-006)
    for t in LOOT_TYPES:
        deck = list(eng.data.loot_ids[t])
        deal.shuffle(deck)
        s.loot_deck[t] = deck
        s.loot_up[t] = [deck.pop() for _ in range(r.loot_face_up)]
    # 4. The Street: shuffled, 6 face up, the last slot dealt first (DD-007)
    deck = list(eng.data.street_ids)
    deal.shuffle(deck)
    s.street_deck = deck
    s.street = [None] * r.street_slots
    for i in range(r.street_slots - 1, -1, -1):
        s.street[i] = deck.pop()
    # First player (DD-008, DD-G12) and the Most Suspicious Minion coin (DD-009)
    first_rng = s.rng.stream("first_player")
    if s.first_mode == "rolloff":
        faces = eng.faces
        contenders = list(range(players))
        while len(contenders) > 1:
            rolls = {c: (faces[first_rng.below(len(faces))], faces[first_rng.below(len(faces))])
                     for c in contenders}
            s.rolloff.append({str(c): list(v) for c, v in rolls.items()})
            best = max(sum(v) for v in rolls.values())
            contenders = [c for c in contenders if sum(rolls[c]) == best]
        first = contenders[0]
    elif isinstance(s.first_mode, int):
        first = s.first_mode               # chosen in the lobby: the most villainous minion
    else:
        first = first_rng.below(players)
    s.first = first
    s.active = first
    s.msm = first
    s.stage = "turn_start"
    s.phase = "street"
    return s
