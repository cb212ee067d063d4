"""What one seat may see (CHECKLIST §1.6). `build_view(eng, state, seat)`; seat None is the
spectator. Hidden: other hands (count only, plus cards publicly known to be there), deck
orders (counts only), other Score Piles (count only unless open_scores, DD-G10).
`reveal=True` (seat None) shows every hand, Score Pile, passed Dark Deed and private choice:
the ruleset's `reveal_view`, for the replay of a finished game; deck orders stay hidden."""
from __future__ import annotations

from .state import PLOT_ARGS, PLOT_BACK_TO, PLOT_CARD, PLOT_PLAYER, PLOT_TARGET, ROLL_FACES, ROLL_NEED, ROLL_PURPOSE, \
    ROLL_SUCCESS, ROLL_TARGET, ROLL_TOTAL


def build_view(eng, s, seat, reveal: bool = False) -> dict:
    over = s.res is not None
    shown = over or reveal
    fav = eng.favour
    seats = []
    hands, known, loot, chasing, score, susp = s.hands, s.known, s.loot, s.chasing, s.score, s.susp
    open_scores = s.open_scores or shown
    for i in range(s.n):
        hand = hands[i]
        if seat == i or shown:
            p = {"seat": i, "suspicion": susp[i], "loot": loot[i][:], "chasing": chasing[i][:],
                 "hand_count": len(hand), "score_count": len(score[i]), "hand": hand[:],
                 "known_hand": known[i][:]}
        else:
            p = {"seat": i, "suspicion": susp[i], "loot": loot[i][:], "chasing": chasing[i][:],
                 "hand_count": len(hand), "score_count": len(score[i]), "known_hand": known[i][:]}
        if seat == i or open_scores:
            pile = score[i]
            p["score"] = pile[:]
            p["score_total"] = sum([fav[c] for c in pile])
        seats.append(p)
    r = s.roll
    up, deck, disc = s.loot_up, s.loot_deck, s.loot_discard
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
        "street": s.street[:],
        "street_deck": len(s.street_deck),
        "street_discard": s.street_discard[:],
        "tavern": s.tavern[:],
        "tavern_deck": len(s.tavern_deck),
        "tavern_discard": s.tavern_discard[:],
        "loot": {"artisan": {"face_up": up["artisan"][:], "deck": len(deck["artisan"]), "discard": disc["artisan"][:]},
                 "cleric": {"face_up": up["cleric"][:], "deck": len(deck["cleric"]), "discard": disc["cleric"][:]},
                 "merchant": {"face_up": up["merchant"][:], "deck": len(deck["merchant"]),
                              "discard": disc["merchant"][:]}},
        "seats": seats,
        "pawn": s.pawn,
        "target": s.target,
        "passed": s.passed[:],
        "roll": None if r is None else {"purpose": r[ROLL_PURPOSE], "target": r[ROLL_TARGET],
                                        "need": r[ROLL_NEED],
                                        "faces": None if r[ROLL_FACES] is None else list(r[ROLL_FACES]),
                                        "total": r[ROLL_TOTAL], "bonus": eng.bonus(s, s.active, r[ROLL_PURPOSE])},
        "deeds_done_this_phase": s.deeds_done,
        "flow": _flow(s, seat, reveal),
        "rolloff": s.rolloff,
        "over": over,
    }
    if over:
        res = s.res
        v["result"] = {"winners": list(res.winners), "scores": list(res.scores), "details": res.details}
    return v


def _flow(s, seat, reveal: bool = False) -> dict:
    """Where the turn stands, as far as `seat` may know: enough for a screen to explain the
    moment, and for an AI to rebuild a consistent state (determinize)."""
    f = {"target_where": s.target_where, "target_slot": s.target_slot, "target_owner": s.target_owner,
         "cur_guard": s.cur_guard, "roll_extra": s.roll_extra, "rerolled": s.rerolled,
         "loot_type": s.loot_type, "window": s.window[:], "ending": s.ending,
         "roll_success": None if s.roll is None else s.roll[ROLL_SUCCESS]}
    p = s.plot
    if p is None and s.interrupt is None:
        return f
    if p is not None:
        args = list(p[PLOT_ARGS])
        if seat not in (p[PLOT_PLAYER], p[PLOT_TARGET]) and not reveal:
            # a passed Dark Deed is seen only by giver and receiver
            args = [None if isinstance(a, str) and a.startswith("deed:") else a for a in args]
        f["plot"] = {"player": p[PLOT_PLAYER], "card": p[PLOT_CARD], "args": args, "target": p[PLOT_TARGET],
                     "back_to": p[PLOT_BACK_TO]}
    it = s.interrupt
    if it is not None:
        f["interrupt"] = {"kind": it[0], "seat": it[1],
                          "options": list(it[2]) if (reveal or it[0] == "msm_tiebreak" or seat == it[1]) else None}
    return f
