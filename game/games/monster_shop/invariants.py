"""What must hold after every step (playout tests and `simulate --check`)."""
from __future__ import annotations

from .planning import BM_BOUGHT, BM_ITEM, BM_KIND, IMPS, STATUS, WAIT


def check(R, s, before=None) -> list[str]:
    out = []
    total_imps = R.R.start["imps"] + len(R.R.relatives_at)
    for x in range(s.n):
        in_groups = 0
        if s.sealed is None:
            in_groups = sum(g[IMPS] for g in s.groups[x] if g[STATUS] == WAIT)
        imps = s.home[x] + s.away[x] + s.hosp[x] + s.podium[x] + len(s.relatives[x]) + in_groups
        if imps != total_imps:
            out.append(f"MS-G03: seat {x} has {imps} imps in all, expected {total_imps}")
        if min(s.home[x], s.away[x], s.hosp[x], s.podium[x], s.gold[x], s.potions[x]) < 0:
            out.append(f"seat {x}: a negative count (imps, gold or potions)")
        if s.used[x] > s.home[x]:
            out.append(f"MS-G28: seat {x} used more imps than are at home")
        if s.rep[x] < 0:
            out.append(f"MS-G18: seat {x} has negative reputation")
        if len(s.groups[x]) > R.R.max_groups:
            out.append(f"MS-040: seat {x} has more than {R.R.max_groups} groups")
        for p in range(R.R.places):
            if s.dung[x][p] < 0 or s.pearls[x][p] > s.dung[x][p]:
                out.append(f"MS-131: seat {x} place {p}: dung {s.dung[x][p]}, pearls {s.pearls[x][p]}")
        if s.cage[x][0] == -2:
            out.append(f"MS-141: seat {x} lost its printed starting cage")
        for m in s.mon[x]:
            if m < 0:
                continue
            if s.mutation[m] >= 2 and not any(a[1] == "spooker" for a in s.asks):
                out.append(f"MS-087: monster {m} kept a second mutation")
            if s.suffering[m] >= len(R.stripes(s, m)):
                out.append(f"MS-089: monster {m} lives with suffering at its limit")
        if s.stage == "plan" and s.rnd > 1:
            for ci in range(4):
                k = sum(1 for c in s.hand[x] if R.card_colour[c] == ci)
                if k > 1:
                    out.append(f"MS-076: seat {x} starts the round with {k} cards of colour {ci}")
    # every monster card in exactly one place
    where = list(s.monster_deck) + [m for m in s.young + s.older if m >= 0] + list(s.lost)
    where += [b[BM_ITEM] for b in s.black_market if b[BM_KIND] == "monster" and not b[BM_BOUGHT]]
    for x in range(s.n):
        where += [m for m in s.mon[x] if m >= 0] + list(s.waiting[x])
    if sorted(where) != list(range(len(R.M))):
        out.append("monster cards lost or duplicated")
    # need cards: 80 in decks, discards, hands and assignments
    cards = [k for d in s.deck for k in d] + [k for d in s.discard for k in d] + [k for h in s.hand for k in h]
    cards += [k for picks in s.assign.values() for k, _h in picks if k >= 0]
    if sorted(cards) != list(range(len(R.cards))):
        out.append("MS-G11: need cards lost or duplicated")
    return out
