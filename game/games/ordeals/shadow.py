"""The Shadow: the game's own opponent, run inside `apply` by its priority list
(BO-160 … BO-164, BO-190 … BO-194). It is never a seat. It uses the same Deeds, dice and
geometry as the players (rules.do_deed), draws only from the state's RNG, and every
choice comes with a `log` event saying why: a locale key and params
(`ordeals.log.shadow.toward`, target "a1"), worded by the table in the player's language.

`shadow_act` picks the character (BO-160/190) and starts its Act; `shadow_steps` takes
the first applicable step of BO-161 until the Act ends (it resumes after a player's push
decision in the middle of a Shadow Act).
"""
from __future__ import annotations

import math

from ...core.rules import Event
from . import geometry as G

_tuple_new = tuple.__new__


def _E(kind, data, to=None):
    return _tuple_new(Event, (kind, data, to))


def _why(ev, c, reason, step, **params):
    """A `log` event for the chronicle: locale key `ordeals.log.shadow.<reason>`, the acting
    piece's id as `actor` (and a target's id as `target`); the table words it."""
    ev.append(_E("log", {"key": f"ordeals.log.shadow.{reason}",
                         "params": {"actor": c.id, "step": step, **params}, "shadow": True}))


def _d(a, b) -> float:
    return math.hypot(a.x - b.x, a.y - b.y)


def visible_foes(R, s, c) -> list:
    """Indices of player characters `c` can see (BO-190)."""
    return [j for j, o in enumerate(s.chars) if o.side != c.side and o.in_play and R.can_see(s, c, o)]


def shadow_act(R, s, ev) -> None:
    """BO-160/190: the non-Tired Shadow character closest to a player character it can
    see (ties: higher Might, then random); if none sees anyone, the one nearest to any."""
    ready = [i for i, c in enumerate(s.chars) if c.side == 1 and c.in_play and not c.tired]
    seeing = []
    for i in ready:
        c = s.chars[i]
        vis = visible_foes(R, s, c)
        if vis:
            j = min(vis, key=lambda j: _d(c, s.chars[j]))
            seeing.append((i, j, _d(c, s.chars[j])))
    if seeing:
        best = min(x[2] for x in seeing)
        tied = [x for x in seeing if x[2] <= best + 1e-9]
        top = max(s.chars[x[0]].st.might for x in tied)
        tied = [x for x in tied if s.chars[x[0]].st.might == top]
        i, j, d = tied[R.pick(s, len(tied))] if len(tied) > 1 else tied[0]
        s.last_seen = (s.chars[j].x, s.chars[j].y)
        why = ("first_seen", {"target": s.chars[j].id, "dist": round(max(0.0, d - R.R.base), 1)})
    else:
        foes = [o for o in s.chars if o.side == 0 and o.in_play]
        def near(i):
            return min((_d(s.chars[i], o) for o in foes), default=0.0)
        best = min(near(i) for i in ready)
        tied = [i for i in ready if near(i) <= best + 1e-9]
        top = max(s.chars[i].st.might for i in tied)
        tied = [i for i in tied if s.chars[i].st.might == top]
        i = tied[R.pick(s, len(tied))] if len(tied) > 1 else tied[0]
        why = ("first_blind", {})
    R._begin_act(s, i, ev)
    _why(ev, s.chars[i], why[0], 0, **why[1])
    shadow_steps(R, s, ev)


def _deed(R, s, i, action, ev):
    R.do_deed(s, i, action, ev)


def shadow_steps(R, s, ev) -> None:
    """BO-161: repeat the first applicable step until the Act ends (or a player must
    answer a push, after which `_run` calls this again)."""
    i = s.act
    c = s.chars[i]
    guard = 0
    while s.res is None and s.stage == "act" and s.act == i:
        guard += 1
        if guard > 20 or not c.in_play:
            R._end_act(s, ev)
            return
        left = R.left(s)
        if left <= 0:
            R._end_act(s, ev)
            return
        # Lurker (BO-163/192): unseen and in cover at the start of its Act -> Hide first
        if c.st.behaviour == "lurker" and s.spent == 0 and not s.counts and not c.hidden:
            seen = any(R.can_see(s, o, c) for o in s.chars if o.side != c.side and o.in_play)
            if not seen and R.can_hide(s, i):
                _why(ev, c, "unseen and in cover — Hides", 0)
                _deed(R, s, i, ("hide",), ev)
                continue
        # 1. Knocked Down -> Stand
        if c.down:
            if R._fits(s, "stand"):
                _why(ev, c, "stand", 1)
                _deed(R, s, i, ("stand",), ev)
                continue
            R._end_act(s, ev)
            return
        engaged = R.engaged_with(s, c)
        # 2. Engaged -> Assault the most Harmed Engaged Foe (ties: lowest Ward, then random)
        if engaged and s.spent + R.cost["assault"] <= R.R.deeds_per_act:
            j = _pick(R, s, engaged, key=lambda j: (-s.chars[j].harm, R.ward(s.chars[j])))
            _why(ev, c, "engaged", 2, target=s.chars[j].id)
            _deed(R, s, i, ("assault", j), ev)
            continue
        if engaged:
            R._end_act(s, ev)
            return
        # 3. Ranged weapon, no Assault yet, a legal target -> Aim (if Aim and Fire fit) or Fire
        if R._can_fire(s, c):
            targets = R.fire_targets(s, i)
            if targets:
                if R._can_aim(s, c):
                    _why(ev, c, "aim", 3)
                    _deed(R, s, i, ("aim",), ev)
                    continue
                j = _pick(R, s, targets, key=lambda j: (round(_d(c, s.chars[j]), 6), -s.chars[j].harm))
                _why(ev, c, "fire", 3, target=s.chars[j].id)
                _deed(R, s, i, ("fire", j), ev)
                continue
        vis = visible_foes(R, s, c)
        if vis:
            s.last_seen = min(((s.chars[j].x, s.chars[j].y) for j in vis), key=lambda p: math.hypot(p[0] - c.x, p[1] - c.y))
        skirm = c.st.behaviour == "skirmisher"
        # 4. A visible Foe within reach of a Move (keeping 1 Deed for the Assault) -> Move, then Assault
        if vis and not skirm:
            in_reach = [j for j in R.assault_targets(s, i) if j in vis]
            if in_reach and s.spent + R.cost["assault"] <= R.R.deeds_per_act and \
                    s.counts.get("assault", 0) < (R.limit["assault"] or 9):
                j = _pick(R, s, in_reach, key=lambda j: (round(_d(c, s.chars[j]), 6), -s.chars[j].harm))
                _why(ev, c, "reach", 4, target=s.chars[j].id)
                _deed(R, s, i, ("assault", j), ev)
                continue
            budget = _move_budget(R, s, c, left - R.cost["assault"])
            if budget > 0 and R._can_move(s, c):
                for j in sorted(vis, key=lambda j: _d(c, s.chars[j])):
                    path = _approach(R, s, i, s.chars[j])
                    if path is not None and R.map(s).path_length(path) <= budget + 1e-6:
                        _why(ev, c, "charge", 4, target=s.chars[j].id)
                        if _step_along(R, s, i, path, ev):
                            break
                else:
                    j = None
                if j is not None:
                    continue
        # 5. A visible Foe -> Move toward the nearest (a Skirmisher stops at its weapon's range)
        if vis and R._can_move(s, c):
            j = min(vis, key=lambda j: _d(c, s.chars[j]))
            t = s.chars[j]
            stop = R.weapon_range(s, c) if skirm else 0.0
            if skirm and _d(c, t) - R.R.base <= stop + 1e-6:
                pass
            else:
                path = _approach(R, s, i, t, keep=stop)
                if path is not None:
                    _why(ev, c, "toward", 5, target=t.id)
                    if _step_along(R, s, i, path, ev):
                        continue
        # 6. Nothing visible -> toward the Trial's objective, the last place seen, or the centre
        if not vis and R._can_move(s, c):
            trial = R.trial(s)
            m = R.map(s)
            if trial.shadow.objective is not None:
                goal, what = tuple(trial.shadow.objective), "seek_objective"
            elif s.last_seen is not None:
                goal, what = s.last_seen, "seek_last_seen"
            else:
                goal, what = (m.w / 2, m.h / 2), "seek_centre"
            if G.dist(goal, c.pos) > 1.0:
                path = _path_to_point(R, s, i, goal)
                if path is not None:
                    _why(ev, c, what, 6)
                    if _step_along(R, s, i, path, ev):
                        continue
        # 7. Nothing useful -> Guard (ends the Act)
        if R._fits(s, "guard"):
            _why(ev, c, "guard", 7)
            _deed(R, s, i, ("guard",), ev)
        else:
            R._end_act(s, ev)
        return


def _pick(R, s, items, key):
    best = min(key(j) for j in items)
    tied = [j for j in items if key(j) == best]
    return tied[R.pick(s, len(tied))] if len(tied) > 1 else tied[0]


def _move_budget(R, s, c, deeds) -> float:
    """BO-193: how far `deeds` Move Deeds could take it this Act."""
    if deeds <= 0:
        return 0.0
    total = 0.0
    moves = s.moves
    for _ in range(deeds):
        if moves == 0:
            a = R.R.move_first + c.st.pace + (R.R.snow_move if s.weather == "snow" else 0.0)
        else:
            a = R.R.move_further
        total += max(0.0, a)
        moves += 1
    return total


def _approach(R, s, i, t, keep=0.0):
    """A ground path from character i toward character t, ending within `keep` + 1"
    (edge to edge) of it, or None."""
    c = s.chars[i]
    m = R.map(s)
    want = R.R.base + max(keep, 0.0) + (R.R.engage * 0.9 if keep <= 0 else 0.0)
    L = _d(c, t)
    if L <= want:
        return None
    others = R.others_for(s, i)
    others_wo_t = [p for p in others if abs(p[0] - t.x) > 1e-9 or abs(p[1] - t.y) > 1e-9]
    # the nearest free spot around t, then the shortest path to it
    base_ang = math.atan2(c.y - t.y, c.x - t.x)
    for k in (0, 1, -1, 2, -2, 3, -3, 6):
        ang = base_ang + k * math.pi / 6
        p = (t.x + math.cos(ang) * want, t.y + math.sin(ang) * want)
        if m.can_stand(p, others_wo_t):
            # around the terrain; bases are dodged Move by Move (_step_along -> move_plan)
            path = m.plan_path(c.pos, p, ())
            if path is not None:
                return path
    return None


def _path_to_point(R, s, i, goal):
    c = s.chars[i]
    m = R.map(s)
    others = R.others_for(s, i)
    for rad in (0.0, 1.0, 2.0, 3.0):
        for k in range(1 if rad == 0 else 8):
            p = (goal[0] + rad * math.cos(k * math.pi / 4), goal[1] + rad * math.sin(k * math.pi / 4))
            if m.can_stand(p, others):
                path = m.plan_path(c.pos, p, ())
                if path is not None:
                    return path
    return None


def _step_along(R, s, i, path, ev) -> bool:
    """One Move Deed along `path` (truncated to the allowance, backed off to a legal
    resting place). If other bases block the way, the path is planned again around
    them once. False if no progress could be made (no Deed spent)."""
    c = s.chars[i]
    m = R.map(s)
    reach = R.allowance(s, c)
    if c.on >= 0:
        p = G.round_inward(G.truncate(path, reach), reach)
        if R.move_plan(s, i, p, reach) is not None:
            R.do_deed(s, i, ("move", p[0], p[1]), ev)
            return True
        return False
    others = R.others_for(s, i)
    for attempt in range(2):
        total = m.path_length(path)
        d = min(reach, total)
        while d > 0.2:
            sub = G.truncate(path, d)
            sub[-1] = G.round_inward(sub, d)        # never past the allowance (BO-130)
            if R.ground_path_ok(s, i, sub, reach, others):
                R.move_along(s, i, sub, ev)
                return True
            d -= 0.3
        if attempt == 0:
            # sidestep the bases in the way: straight legs a little off the heading
            first = path[1] if len(path) > 1 else path[0]
            ang0 = math.atan2(first[1] - c.y, first[0] - c.x)
            want = m.path_length(path)
            for off in (0.35, -0.35, 0.7, -0.7, 1.05, -1.05):
                ang = ang0 + off
                for d in (min(reach, want), min(reach, want) * 0.6):
                    if d <= 0.2:
                        continue
                    p = G.round_inward([c.pos, (c.x + math.cos(ang) * d, c.y + math.sin(ang) * d)], d)
                    if G.dist(p, path[-1]) >= G.dist(c.pos, path[-1]) - 0.1:
                        continue          # no closer: not a step toward it
                    if R.ground_path_ok(s, i, [c.pos, p], reach, others):
                        R.move_along(s, i, [c.pos, p], ev)
                        return True
            goal = path[-1]
            if not m.can_stand(goal, others):
                return False
            path = m.plan_path(c.pos, goal, others)
            if path is None:
                return False
    return False
