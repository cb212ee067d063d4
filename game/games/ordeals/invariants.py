"""What must hold after every step of Book of Ordeals (playout tests, simulate --check).
Each broken rule is one string naming its checklist id."""
from __future__ import annotations

import math


def check(R, s, before=None) -> list:
    out = []
    m = R.map(s)
    placed = [(i, c) for i, c in enumerate(s.chars) if c.in_play]
    for i, c in placed:
        if c.harm >= c.st.grit:
            out.append(f"BO-111: {c.id} has {c.harm} Harm of {c.st.grit} Grit but is in play")
        if c.harm < 0:
            out.append(f"BO-136: {c.id} has negative Harm")
        if not m.on_table(c.pos):
            out.append(f"BO-100: {c.id} at {c.pos} is off the table")
        on_top = c.on >= 0 and c.z >= m.pieces[c.on].height - 1e-9
        if on_top:
            if not m.inside_top(c.pos, c.on):
                out.append(f"BO-101: {c.id} stands on piece {c.on} but outside its top")
        elif c.on < 0 and c.z == 0:
            for j in m.walls:
                pc = m.pieces[j]
                from .geometry import point_poly_dist
                if point_poly_dist(c.pos, pc) < m.r - 0.02:
                    out.append(f"BO-130: {c.id} overlaps {pc.kind} {pc.name or j}")
        for j, o in placed:
            if j <= i:
                continue
            same = (o.on == c.on) or (not on_top and not (o.on >= 0 and o.z >= m.pieces[o.on].height - 1e-9))
            if same and math.hypot(o.x - c.x, o.y - c.y) < R.R.base - 0.02:
                out.append(f"BO-198: bases of {c.id} and {o.id} overlap")
        if c.hidden and c.lit and not c.st.always_lit:
            out.append(f"BO-152: {c.id} is Hidden with a lit lantern")
    if s.stage == "act":
        if s.act < 0:
            out.append("flow: an Act without a character")
        elif s.spent > R.R.deeds_per_act:
            out.append(f"BO-002: {s.spent} Deeds spent in one Act")
        elif s.chars[s.act].tired:
            out.append("BO-003: a Tired character is Acting")
        for deed, n in s.counts.items():
            lim = R.limit.get(deed)
            if deed == "hide" and s.act >= 0:
                lim = s.chars[s.act].st.hides
            if lim is not None and deed != "assault" and n > lim:
                out.append(f"BO-005: {deed} {n} times in one Act (limit {lim})")
    if s.res is None and s.stage != "deploy":
        if not R.decisions(s):
            out.append("flow: no decision is open but the Trial has not ended")
    if s.turn > R.trial(s).turns:
        out.append(f"BO-171: Turn {s.turn} beyond the Trial's {R.trial(s).turns}")
    if s.relic_holder >= 0:
        h = s.chars[s.relic_holder]
        if not h.carrying or h.ooa:
            out.append("BO-171: the relic's holder does not carry it")
    if before is not None:
        for c0, c1 in zip(before.chars, s.chars):
            if c1.harm < c0.harm and not c0.ooa:
                healed = c0.harm - c1.harm
                if healed > R.data.recruitment.items["healing_draught"].heal:
                    out.append(f"BO-115: {c1.id} healed {healed} at once")
            if c0.ooa and not c1.ooa:
                out.append(f"BO-111: {c1.id} came back from Out of Action")
    return out
