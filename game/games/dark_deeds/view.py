"""What one seat may see (CHECKLIST §1.6). `build_view(eng, state, seat)`; seat None is the
spectator. Hidden: other hands (count only, plus cards publicly known to be there), deck
orders (counts only), other Score Piles (count only unless open_scores, DD-G10)."""
from __future__ import annotations

from .state import LOOT_TYPES


def build_view(eng, s, seat) -> dict:
    over = s.res is not None
    seats = []
    for i in range(s.n):
        hand = s.hands[i]
        me = seat == i
        p = {
            "seat": i,
            "suspicion": s.susp[i],
            "loot": list(s.loot[i]),
            "chasing": list(s.chasing[i]),
            "hand_count": len(hand),
            "score_count": len(s.score[i]),
        }
        if me or over:
            p["hand"] = list(hand)
        else:
            p["known_hand"] = list(s.known[i])
        if me or over or s.open_scores:
            p["score"] = list(s.score[i])
            p["score_total"] = sum(eng.cards[c].favour for c in s.score[i])
        seats.append(p)
    r = s.roll
    v = {
        "game": "dark_deeds",
        "seat": seat,
        "players": s.n,
        "active": s.active,
        "turn": s.turn,
        "phase": s.phase,
        "stage": s.stage,
        "msm": s.msm,
        "first": s.first,
        "open_scores": s.open_scores,
        "street": list(s.street),
        "street_deck": len(s.street_deck),
        "street_discard": list(s.street_discard),
        "tavern": list(s.tavern),
        "tavern_deck": len(s.tavern_deck),
        "tavern_discard": list(s.tavern_discard),
        "loot": {t: {"face_up": list(s.loot_up[t]), "deck": len(s.loot_deck[t]),
                     "discard": list(s.loot_discard[t])} for t in LOOT_TYPES},
        "seats": seats,
        "pawn": s.pawn,
        "target": s.target,
        "passed": list(s.passed),
        "roll": None if r is None else {"purpose": r[0], "target": r[1], "need": r[2],
                                        "faces": None if r[3] is None else list(r[3]),
                                        "total": r[5], "bonus": eng.bonus(s, s.active, r[0])},
        "deeds_done_this_phase": s.deeds_done,
        "rolloff": s.rolloff,
        "over": over,
    }
    if over:
        res = s.res
        v["result"] = {"winners": list(res.winners), "scores": list(res.scores), "details": res.details}
    return v
