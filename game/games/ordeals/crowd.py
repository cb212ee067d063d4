"""Book of Ordeals at its most crowded (no pygame): a Trial with 20 characters on the
table. table/bench.py draws it for `bench`'s busy-table frame time; being headless, the
rules and the AI can be timed on it as well."""
from __future__ import annotations

import math

from ...core.match import Match, SeatInfo


def crowded_match(R, total: int = 20, seed: int = 11) -> Match:
    """A solo Trial 2 of ruleset R at its first Act of a Company character, with copies of
    the Shadow's characters added on free ground until `total` characters are on the table."""
    m = Match("ordeals", R, [SeatInfo("P0", "human")], {"mode": "solo", "trial": 2}, seed)
    while True:
        d = m.decisions_for(0)[0]
        if d.kind == "act":
            break
        m.submit(0, d.actions[0])
    s = m.state
    mp = R.map(s)
    proto = [c for c in s.chars if c.side == 1]
    k = 0
    y = 3.0
    while sum(1 for c in s.chars if c.in_play) < total and y < mp.h - 3:
        for x in [1.5 + 1.6 * j for j in range(int((mp.w - 3) / 1.6))]:
            if sum(1 for c in s.chars if c.in_play) >= total:
                break
            others = [(c.x, c.y) for c in s.chars if c.in_play]
            if mp.can_stand((x, y), others) and all(math.hypot(c.x - x, c.y - y) > 3 for c in s.chars
                                                    if c.in_play and c.side == 0):
                c = proto[k % len(proto)].clone()
                c.id = f"s{len(s.chars) + 1}"
                c.x, c.y, c.z, c.on = x, y, 0.0, -1
                c.deployed, c.ooa = True, False
                s.chars.append(c)
                k += 1
        y += 3.0
    s.dec = None
    return m
