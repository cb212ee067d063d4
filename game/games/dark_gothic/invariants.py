"""What must hold after every step (playout tests, `simulate --check`). One sentence per broken
rule, naming the checklist id."""
from __future__ import annotations


def check(eng, s, before=None) -> list:
    out = []
    every, lightning, unowned, fleeting = eng.game_set[s.coop], eng.lightning_ids, eng.unowned_ids, eng.fleeting_ids
    seen = []
    for zone in (s.deck, s.hand, s.discard, s.play, s.remains, s.won):
        for lst in zone:
            seen += lst
    seen += [c for c in s.center if c is not None]
    seen += s.main + s.crypt + s.shadows + s.sdeck + s.on_villain + s.vstack + s.vbox + s.honor + s.secrets + s.box
    for st in s.training.values():
        seen += st
    if s.villain is not None:
        seen.append(s.villain)
    seen.append(eng.data.hungry_dead)
    if len(seen) != len(every) or set(seen) != every:
        dup = sorted({c for c in seen if seen.count(c) > 1})
        miss = sorted(every - set(seen))
        out.append(f"TE-002: every card is in exactly one place (duplicated {dup[:5]}, missing {miss[:5]})")
    if len(s.center) != eng.slots:
        out.append("TE-010: the Center Line has 6 slots")
    if s.wait is None and not s.tasks and not lightning.isdisjoint(s.center):
        out.append("TE-079: a Lightning Strike stays in the Center Line")
    for zone in (s.deck, s.hand, s.discard, s.play, s.remains):
        for lst in zone:
            if lightning.isdisjoint(lst) and unowned.isdisjoint(lst):
                continue
            for c in lst:
                if c in lightning:
                    out.append("TE-054: a Lightning Strike is owned by a Hero")
                if c in unowned:
                    out.append("TE-060: a Villain or Discovery is in a personal deck")
    for lst in s.remains:
        if not fleeting.isdisjoint(lst):
            for c in lst:
                if c in fleeting:
                    out.append(f"TE-021: {c} remains in play without Remains in Play")
    if len(s.shadows) >= eng.limit and s.res is None:
        out.append("TE-078: 10 cards in the Shadows but the game goes on")
    if s.res is not None and s.res.side == "players" and len(s.shadows) >= eng.limit:
        out.append("TE-078: the Heroes won with 10 cards in the Shadows")
    for o in s.pool:
        if o[1] <= 0 or o[0] not in ("C", "U", "S", "W"):
            out.append(f"TE-042: bad orb {o!r} in the pool")
    if len(s.won[0]) + sum(len(w) for w in s.won[1:]) + len(s.vstack) + (s.villain is not None) > 3:
        out.append("TE-007: more than three Villains in play")
    if before is not None and before.active == s.active and before.res is None and s.res is None:
        if sum(len(w) for w in s.won) - sum(len(w) for w in before.won) > 1:
            out.append("TE-061: two Villains defeated in one step")
    if s.res is None and not eng.decisions(s):
        out.append("no decision is open but the game has not ended")
    return out
