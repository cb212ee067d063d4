"""Book of Ordeals agents. They see only their seat's view and the decision; since
nothing on the table is secret (§4.7), `determinize` rebuilds a full state from the view
with a fresh RNG (the dice to come are the only unknown) and the agents measure on it
with the same geometry as the rules. Under fog of war (a view with `fog` set) the fog
module's determinizer puts the Shadow characters the Company cannot see somewhere out of
its sight (`agent_state`); no agent ever reads the real state.

- easy:   the normal policy, but a third of its choices are random and it never Aims or Hides
- normal: the Shadow's flow (Stand, Assault when Engaged, Aim and Fire, close in) plus Aid,
          Hide, healing and objective play (graves, the relic, the chapel) (BO-181)
- hard:   a search over the candidate Acts with sampled dice (HardAgent): a cheap screen
          of every candidate to the end of its own Act, then rollouts of the best few
          through the Foes' answer (played by the normal policy, the Shadow inside apply),
          scored by `evaluate` (Supplies: Out of Action, Harm, Knocked Down, objectives)
          plus `threats` (the expected Harm of the Acts still to come this Turn); in
          solo Trials 3 and 4 (DEEP_KINDS) the rollouts go to the end of the Turn, in
          the last Turn (Trial 4: the last two, ENDGAME_TURNS) to the end of the game,
          and the Company's survival is weighed;
          its own policy (default choice, rollouts) is the normal one but that it strikes
          a slay Trial's quarry first, holds its ground in a solo rout Trial (charge or
          Guard, `_hold`) and walks around terrain to a grave (`_path_move`)
"""
from __future__ import annotations

import math
import random
import time
from functools import lru_cache

from ...ai.analysis import ILLEGAL_IN_SAMPLE, SCREENED_OUT, Analysis, distinct
from ...ai.candidates import CandidateSearch, Round, SearchContext, keep_best, unsearched
from ...ai.levels import level_agent
from ...core.rng import fix_chance
from . import geometry as G
from .rebuild import determinize
from .state import State


# ------------------------------------------------------------------ determinize
def agent_state(R, view, seat, rng) -> State:
    """What an agent searches on: `determinize`, or under fog of war (a view with
    `fog` set) the fog module's determinizer, which puts the Shadow characters the
    Company cannot see somewhere out of its sight. Never the real state."""
    if view.get("fog"):
        from .fog import determinize_view
        return determinize_view(R, view, seat, rng)
    return determinize(R, view, seat, rng)


# ------------------------------------------------------------------ evaluation
WIN = 1000.0            # a finished game won (lost: -WIN), on evaluate's Supplies scale


def quarry(R, s) -> int:
    """The index of the character a slay Trial asks the Company to take Out of Action
    (the Warden of Thorns in Trial 5), or -1 in any other Trial."""
    v = R.trial(s).victory
    if v.kind != "slay":
        return -1
    for i, c in enumerate(s.chars):
        if c.st.key == v.profile and c.side != 0:
            return i
    return -1


def worth(s, c, q=-1) -> float:
    """What taking `c` Out of Action is worth on evaluate's scale: its Supplies, but the
    quarry of a slay Trial (index `q`) is worth the win itself (WIN): taking it ends the
    Trial, and nothing else does, so each Harm on it is a twelfth of the way there. At its
    own 150 Supplies a blow on it weighed what a blow on an escort did, the search
    shunned the rolls that could win and drifted into Guard and ending Acts early while
    the Turns ran out; and the one roll that slew it jumped from under 150 to 1000, a
    lottery that drowned the differences between Deeds (issue 15, Trial 5)."""
    if q >= 0 and s.chars[q] is c:
        return WIN
    return float(c.st.value)


def outcome(s, side) -> float:
    """A finished game for `side`: WIN, -WIN, or 0 for a draw."""
    if s.res.side is not None:
        won = (s.res.side == "players") == (side == 0)
    else:
        won = bool(s.res.winners) and s.seat_side[s.res.winners[0]] == side
    draw = s.res.side is None and not s.res.winners
    return 0.0 if draw else (WIN if won else -WIN)


def evaluate(R, s, side) -> float:
    """How well `side` stands, roughly in Supplies: Foes' losses minus own, Harm dealt
    (on a slay Trial's quarry at `worth`), objective progress; a finished game ±WIN."""
    if s.res is not None:
        return outcome(s, side)
    return standing(R, s, side)


def standing(R, s, side, survival=0.0) -> float:
    """evaluate's Supplies for a game in progress (or, as a tie-break, a finished one).
    `survival` (hard, solo): the Company's losses also cost survival * WIN * (share of
    the Company Out of Action)^2, since a Company that falls loses the Trial whatever it
    took with it: the third loss costs far more than the first."""
    q = quarry(R, s)
    v = 0.0
    for c in s.chars:
        if not c.deployed:
            continue
        sign = 1.0 if c.side == side else -1.0
        if c.ooa:
            v -= sign * worth(s, c, q)
        else:
            v -= sign * worth(s, c, q) * 0.6 * c.harm / c.st.grit
            if c.down:
                v -= sign * 8
    if survival and side == 0 and s.mode == "solo":
        own = [c for c in s.chars if c.side == 0 and c.deployed]
        if own:
            v -= survival * WIN * (sum(1 for c in own if c.ooa) / len(own)) ** 2
    trial = R.trial(s)
    k = trial.victory.kind
    mine = [c for c in s.chars if c.side == side and c.in_play]
    if k == "salt" and side == 0:
        v += 40 * sum(min(g[2], trial.victory.uses) for g in s.graves)
        left = [g for g in s.graves if g[2] < trial.victory.uses]
        if left and mine:
            v -= 2.0 * min(G.dist((g[0], g[1]), c.pos) for g in left for c in mine)
    if k == "relic":
        if s.relic_holder >= 0:
            h = s.chars[s.relic_holder]
            if h.side == side:
                edge = 0.0 if side == 0 else R.map(s).h
                v += 60 + 4.0 * (R.map(s).h - abs(h.y - edge))
        elif s.relic_at is not None and mine:
            v -= 2.0 * min(G.dist(s.relic_at, c.pos) for c in mine)
    if k == "vigil" and trial.chapel and mine:
        ch = trial.chapel
        d = min(G.dist(tuple(ch.centre), c.pos) for c in mine)
        v += 30 if d <= ch.radius else -3.0 * (d - ch.radius)
    return v


# ------------------------------------------------------------------ expected Harm
_D12 = 12


@lru_cache(maxsize=None)
def _die(adv: int) -> tuple:
    """P(kept die = k) for k = 1..12: one D12, the higher of two (adv > 0), the lower (adv < 0)."""
    n = _D12
    if adv == 0:
        return tuple(1.0 / n for _ in range(n))
    out = []
    for k in range(1, n + 1):
        le, lt = (k / n) ** 2, ((k - 1) / n) ** 2            # P(max <= k), P(max <= k-1)
        if adv > 0:
            out.append(le - lt)
        else:
            ge, gt = ((n - k + 1) / n) ** 2, ((n - k) / n) ** 2   # P(min >= k), P(min >= k+1)
            out.append(ge - gt)
    return tuple(out)


@lru_cache(maxsize=None)
def expected_harm(edge: int, adv: int, dmg_a: int, ward_d: int, dmg_d: int, ward_a: int,
                  strikes_back: bool) -> tuple:
    """An opposed D12 roll, attacker's total = die + edge vs defender's die: (expected Harm
    to the defender, expected Harm to the attacker when it loses and `strikes_back`)."""
    pa, pd = _die(adv), _die(0)
    to_d = to_a = 0.0
    for i, p in enumerate(pa):
        for j, q in enumerate(pd):
            m = (i + 1) + edge - (j + 1)
            if m > 0:
                to_d += p * q * max(0, m + dmg_a - ward_d)
            elif m < 0 and strikes_back:
                to_a += p * q * max(0, -m + dmg_d - ward_a)
    return to_d, to_a


def _harm_value(c, h: float, value: float | None = None) -> float:
    """Supplies lost by `c` taking `h` more Harm, on evaluate's scale (Out of Action: all
    of `value`, by default its Supplies)."""
    left = c.st.grit - c.harm
    if left <= 0:
        return 0.0
    h = min(h, left)
    return (c.st.value if value is None else value) * (0.6 * h / c.st.grit + 0.4 * (h / left) ** 2)


def threats(R, s, side) -> float:
    """What the Acts still to come promise, for `side` minus the Foes, on evaluate's
    scale: every character with an Act left this Turn (all of them when the Turn is over)
    strikes its best target — three Assaults on an Engaged Foe, a Move and two Assaults
    on one within a charge, or an aimed Fire at one in sight — at the roll's expected
    Harm (an Assault that loses hurts the attacker). Harm expected on one character from
    several attackers is added up before it is valued, so it is never worth more than
    taking that character Out of Action."""
    RR = R.R
    new_turn = all(c.tired or not c.in_play for c in s.chars)
    q = quarry(R, s)
    harm: dict = {}
    for i, c in enumerate(s.chars):
        if not c.in_play or c.down or (c.tired and not new_turn):
            continue
        best, bt, bh, bs = 0.0, -1, 0.0, 0.0
        engaged = R.engaged_with(s, c)
        if engaged:
            for j in engaged:
                t = s.chars[j]
                hd, ha = _assault_harm(R, c, t, 3)
                g = _harm_value(t, hd, worth(s, t, q)) - _harm_value(c, ha)
                if g > best:
                    best, bt, bh, bs = g, j, hd, ha
        else:
            charge = RR.move_first + c.st.pace + max(RR.engage, c.st.reach) + RR.base
            for j, t in enumerate(s.chars):
                if t.side != c.side and t.in_play and abs(t.z - c.z) <= 1.0 and \
                        math.hypot(t.x - c.x, t.y - c.y) <= charge:
                    hd, ha = _assault_harm(R, c, t, 2)
                    g = _harm_value(t, hd, worth(s, t, q)) - _harm_value(c, ha)
                    if g > best:
                        best, bt, bh, bs = g, j, hd, ha
            if c.st.range > 0 and not c.st.no_fire:
                aim = 1 if c.st.fire_cost + R.cost["aim"] <= RR.deeds_per_act else 0
                for j in R.fire_targets(s, i):
                    t = s.chars[j]
                    adv = aim - (1 if R.in_cover(s, c, t) else 0)
                    hd, _ = expected_harm(c.st.aim - R.might(t), adv, c.st.fire_damage, R.ward(t), 0, 0, False)
                    g = _harm_value(t, hd, worth(s, t, q))
                    if g > best:
                        best, bt, bh, bs = g, j, hd, 0.0
        if bt >= 0:
            harm[bt] = harm.get(bt, 0.0) + bh
            harm[i] = harm.get(i, 0.0) + bs
    total = 0.0
    for j, h in harm.items():
        t = s.chars[j]
        hv = _harm_value(t, h, worth(s, t, q))
        total += -hv if t.side == side else hv
    return total


def _assault_harm(R, a, d, k) -> tuple:
    hd, ha = expected_harm(R.might(a, True) - R.might(d, True), 0, a.st.melee_damage, R.ward(d),
                           d.st.melee_damage, R.ward(a), True)
    return k * hd, k * ha


# ------------------------------------------------------------------ the normal policy
class Policy:
    def __init__(self, R, rnd: random.Random, easy=False, quarry_first=False, hold=False,
                 paths=False):
        """`quarry_first` (hard's own policy, its default choice and its rollouts): in a
        slay Trial, Assault the quarry whenever he is a target, rather than the Foe
        nearest Out of Action for its Grit (normal: an escort before the Warden, Grit 12,
        until he is badly hurt). `hold` (hard's own policy too): in a solo rout Trial a
        melee character charges or holds its ground, never walks toward the Shadow
        (see `_hold`). `paths` (hard's own policy too): in a solo Salt the Graves, walk to
        a grave along a path around the terrain (see `_path_move`)."""
        self.R = R
        self.rnd = rnd
        self.easy = easy
        self.quarry_first = quarry_first
        self.hold = hold
        self.paths = paths
        # decision kind -> how the heuristic picks (a kind not here takes the first action)
        self.pickers = {"initiative": self._initiative, "push": self._push, "deploy": self._deploy,
                        "activate": self._activate, "act": self._act}

    def choose(self, s, d):
        acts = d.actions
        if len(acts) == 1:
            return acts[0]
        if self.easy and self.rnd.random() < 0.33:
            return acts[self.rnd.randrange(len(acts))]
        fn = self.pickers.get(d.kind)
        return fn(s, d) if fn else acts[0]

    # -- small decisions ----------------------------------------------------------
    def _initiative(self, s, d):
        return ("first", s.pending[0])

    def _push(self, s, d):
        R = self.R
        w = s.chars[s.pending[0]]
        hurt = w.harm * 2 >= w.st.grit
        if hurt or (w.st.range > 0 and not w.st.no_fire):
            return ("push",)
        return ("stay",)

    def _deploy(self, s, d):
        R = self.R
        i = s.deploy_order[s.deploy_i]
        c = s.chars[i]
        m = R.map(s)
        goal = R.objective_point(s, c.side) or (m.w / 2, m.h / 2)
        best, bv = d.actions[0], -1e9
        for a in d.actions:
            p = (a[1], a[2])
            v = -G.dist(p, goal) * 0.3
            if c.st.range > 0 and m.hide_cover(p):
                v += 3
            if v > bv:
                best, bv = a, v
        return best

    def _activate(self, s, d):
        R = self.R

        def score(a):
            c = s.chars[a[1]]
            v = 0.0
            if c.down:
                v += 5
            if R.is_engaged(s, c):
                v += 10
            if c.st.range > 0 and not c.st.no_fire and R.fire_targets(s, a[1]):
                v += 12             # shoot before friends engage (BO-135)
            foes = [o for o in s.chars if o.side != c.side and o.in_play]
            if foes:
                v -= min(G.dist(o.pos, c.pos) for o in foes) * 0.2
            return v
        return max(d.actions, key=score)

    # -- the Act ----------------------------------------------------------------------
    def _act(self, s, d):
        a = self._deed(s, d)
        if (self.hold or self.paths) and s.mode == "solo":
            k = self.R.trial(s).victory.kind
            if self.hold and k == "rout" and a[0] == "move":
                return self._hold(s, d, s.chars[s.act], a)
            if self.paths and k == "salt" and a[0] in ("move", "hide", "guard", "end"):
                return self._path_move(s, d, s.chars[s.act]) or a
        return a

    def _deed(self, s, d):
        """The normal policy's Deed."""
        R = self.R
        acts = d.actions
        i = s.act
        c = s.chars[i]
        by = {}
        for a in acts:
            by.setdefault(a[0], []).append(a)
        if "stand" in by:
            return by["stand"][0]
        if "aid" in by:
            return by["aid"][0]
        if "use" in by:
            for a in by["use"]:
                if a[1] in ("grave", "relic"):
                    return a
        if self.quarry_first and "assault" in by:
            q = quarry(R, s)
            if q >= 0 and ("assault", q) in by["assault"]:
                return ("assault", q)
        engaged = R.engaged_with(s, c)
        if engaged and "assault" in by:
            return max(by["assault"], key=lambda a: (s.chars[a[1]].harm - s.chars[a[1]].st.grit, -R.ward(s.chars[a[1]])))
        if "fire" in by or "aim" in by:
            if "aim" in by and not self.easy:
                return by["aim"][0]
            if "fire" in by:
                return max(by["fire"], key=lambda a: self._fire_value(s, i, a[1]))
        if "assault" in by:
            return max(by["assault"], key=lambda a: s.chars[a[1]].harm)
        if "use" in by:
            for a in by["use"]:
                if a[1] == "draught" and s.chars[a[2]].harm >= 3:
                    return a
                if a[1] == "lantern" and not c.lit and s.sight < 12 and not c.hidden:
                    return a
        mv = by.get("move")
        if mv:
            best = self._best_move(s, i, mv)
            if best is not None:
                return best
        if "hide" in by and not self.easy:
            return by["hide"][0]
        if "guard" in by and any(G.dist(o.pos, c.pos) < 8 for o in s.chars if o.side != c.side and o.in_play):
            return by["guard"][0]
        return ("end",)

    def _hold(self, s, d, c, move):
        """Hard's policy in a solo rout Trial (Trial 1), for a melee character with no
        Assault open that would Move (`move`, the normal policy's step): charge (a Move
        that ends Engaged with the nearest Foe it reaches, a Deed left to Assault) or
        else hold its ground (Guard, or end the Act). Every Brute of the Shadow walks at
        the nearest character it sees and an Assault is an even roll, so the side that
        is charged, not the one that walks up, strikes first and more often: the normal
        policy's closing in (three Moves, no Assault) hands each Foe it reaches a Move
        and two Assaults (heuristic alone, seeds 1000-1399: 44.8 % won against 35.5 %)."""
        R = self.R
        if (c.st.range > 0 and not c.st.no_fire) or R.engaged_with(s, c):
            return move
        foes = sorted((o for o in s.chars if o.side != c.side and o.in_play),
                      key=lambda o: G.dist(o.pos, c.pos))
        if not foes:
            return move
        if R.left(s) >= 1 + R.cost["assault"]:
            reach = R.allowance(s, c)
            want = R.R.base + R.R.engage * 0.8
            for o in foes:
                if G.dist(o.pos, c.pos) - want > reach:
                    break
                toward = math.atan2(c.y - o.y, c.x - o.x)
                for k in (0, 1, -1, 2, -2):
                    ang = toward + k * 0.5
                    a = ("move", round(o.x + math.cos(ang) * want, 2), round(o.y + math.sin(ang) * want, 2))
                    if R.is_legal(s, d.seat, a):
                        return a
        if any(a[0] == "guard" for a in d.actions):
            return ("guard",)
        return ("end",)

    def _path_move(self, s, d, c):
        """Hard's policy in a solo Salt the Graves, for a character whose normal step
        would be to Move toward a grave, Hide, Guard or end its Act: a Move along the
        shortest path around the terrain to its grave (`_goal`), as far as it reaches.
        The Move sample offers straight Moves only, so a character with a mausoleum
        between it and its grave stood still for the rest of the Trial, and the normal
        policy lost to the Turn limit (heuristic alone, seeds 1000-1799: 66.4 % won
        against 53.0 %). None when no such Move is open."""
        R = self.R
        if c.on >= 0 or not any(a[0] == "move" for a in d.actions):
            return None
        goal, kind = self._goal(s, c)
        if kind != "objective":
            return None
        m = R.map(s)
        others = R.others_for(s, s.act)
        path = None
        for rad in (0.0, 1.0, 2.0):
            for k in range(1 if rad == 0 else 8):
                p = (goal[0] + rad * math.cos(k * math.pi / 4), goal[1] + rad * math.sin(k * math.pi / 4))
                if m.can_stand(p, others):
                    path = m.plan_path(c.pos, p, ())
                    if path is not None:
                        break
            if path is not None:
                break
        if path is None:
            return None
        # the rules' own answer first (move_route, as the table's ruler asks it): the
        # farthest legal point along the way, its end rounded inward (BO-130) and carried
        # on where the shortest way to it cuts a corner; the old rounding to the nearest
        # point could lengthen the path past the allowance, and then the full Move was
        # refused and the character walked 0.8 of it (more than half the path Moves)
        route = R.move_route(s, s.act, path[-1])
        if route.to is not None:
            a = ("move", route.to[0], route.to[1])
            if G.dist(route.to, c.pos) > 0.2 and R.is_legal(s, d.seat, a):
                return a
        reach = min(R.allowance(s, c), m.path_length(path))
        for f in (0.8, 0.6, 0.4):
            sub = G.truncate(path, reach * f)
            e = G.round_inward(sub, reach * f)
            a = ("move", e[0], e[1])
            if G.dist(e, c.pos) > 0.2 and R.is_legal(s, d.seat, a):
                return a
        return None

    def _fire_value(self, s, i, j):
        R = self.R
        t = s.chars[j]
        adv, dis = R.fire_modifiers(s, i, j)
        near_out = t.harm / t.st.grit
        return (adv - dis) * 3 - R.might(t) - R.ward(t) + 4.0 * near_out + t.st.value / 40.0 + (5 if t.st.boss else 0)

    def _goal(self, s, c):
        """Where this character wants to be: its share of the objective, or the nearest Foe."""
        R = self.R
        foes = [o for o in s.chars if o.side != c.side and o.in_play]
        trial = R.trial(s)
        k = trial.victory.kind
        mates = [o for o in s.chars if o.side == c.side and o.in_play and o is not c]
        if k == "salt" and (c.side == 0 or s.mode == "versus"):
            uses = trial.victory.uses
            left = [(g[0], g[1]) for g in s.graves if g[2] < uses]
            if left:
                # spread out: a grave nobody else stands at, nearest first
                free = [g for g in left if not any(G.dist(g, o.pos) < 2.0 for o in mates)] or left
                return min(free, key=lambda g: G.dist(g, c.pos)), "objective"
        if k == "relic":
            edge = R.sides_r if c.side == 0 else R.map(s).h - R.sides_r
            if c.carrying:
                return (c.x, edge), "objective"
            if s.relic_holder < 0 and s.relic_at is not None:
                nearest = min([c] + mates, key=lambda o: G.dist(o.pos, s.relic_at))
                if nearest is c or G.dist(c.pos, s.relic_at) < 6:
                    return s.relic_at, "objective"
            elif s.relic_holder >= 0 and s.chars[s.relic_holder].side != c.side:
                return s.chars[s.relic_holder].pos, "foe"
        if k == "vigil" and trial.chapel and (c.side == 0 or s.mode == "versus"):
            ch = trial.chapel
            if G.dist(tuple(ch.centre), c.pos) > ch.radius - 0.6:
                return tuple(ch.centre), "objective"
        if k == "slay":
            boss = [o for o in foes if o.st.boss]
            if boss:
                return boss[0].pos, "foe"
        if foes:
            # prefer an isolated, hurt Foe to the merely nearest one
            def cost(o):
                crowd = sum(1 for q in foes if q is not o and G.dist(q.pos, o.pos) < 4.0)
                edge = (R.might(o, True) + R.ward(o)) - (R.might(c, True) + c.st.melee_damage)
                return G.dist(o.pos, c.pos) + 3.0 * crowd - 1.5 * o.harm - (3.0 if o.down else 0.0) + 3.0 * edge
            f = min(foes, key=cost)
            return f.pos, "foe"
        m = R.map(s)
        return (m.w / 2, m.h / 2), "centre"

    def _best_move(self, s, i, moves):
        R = self.R
        c = s.chars[i]
        goal, kind = self._goal(s, c)
        ranged = c.st.range > 0 and not c.st.no_fire
        m = R.map(s)
        here = G.dist(c.pos, goal)
        foes = [o for o in s.chars if o.side != c.side and o.in_play]
        mates = [o for o in s.chars if o.side == c.side and o.in_play and o is not c]
        left = R.left(s)
        best, bv = None, -1e9
        for a in moves:
            p = (a[1], a[2])
            dg = G.dist(p, goal)
            v = (here - dg)
            if ranged and kind == "foe":
                rng = R.weapon_range(s, c)
                dn = min((G.dist(p, o.pos) for o in foes), default=99) - R.R.base
                v = 0.0 if dn <= rng else (here - dg)
                if dn < 2.5:
                    v -= 4
                if m.hide_cover(p):
                    v += 1.0
                if left >= 1 + c.st.fire_cost and dn <= rng:
                    # a shot from there this Act (range, sight, line of sight)
                    ox, oy = c.x, c.y
                    c.x, c.y = p
                    try:
                        shots = R.fire_targets(s, i)
                    finally:
                        c.x, c.y = ox, oy
                    if shots:
                        v += 3.0 + max(-R.might(s.chars[j]) for j in shots) * 0.3
            elif kind == "foe":
                dn = dg - R.R.base
                # do not stop just short of a Foe with no Deed left to Assault
                if dn <= R.R.engage + 0.05 and left < 2:
                    v -= 3
                if c.st.reach > R.R.engage and R.R.engage + 0.05 < dn <= c.st.reach and left >= 2:
                    v += 4          # strike from Reach: a lost Assault costs nothing (BO-116)
            if kind == "foe":
                # keep together: no more Foes close by than friends (a Leader more so)
                near_f = sum(1 for o in foes if G.dist(p, o.pos) < 6.0)
                near_a = sum(1 for o in mates if G.dist(p, o.pos) < 4.0)
                v -= (0.8 + 0.01 * c.st.value) * max(0, near_f - near_a - 1)
            if v > bv:
                best, bv = a, v
        if bv <= 0.3 and not (kind == "foe" and not ranged):
            return None
        return best


# ------------------------------------------------------------------ agents
# The solo Trials where hard searches deep (rollouts to the end of the Turn, the last
# Turn to the end of the game, the Company's survival weighed): Trials 3 and 4. In
# Salt the Graves and Hunt the Warden, weighing survival and the normal policy's whole Turn made hard hold back
# and run out of Turns (Trial 2, seeds 500-529: 56.7 % against normal's 63.3 %, 11
# games lost to the limit; Trial 5, seeds 700-739: 52.5 and 47.5 % against 62.5 %
# without), so they keep the short search. So does Trial 1 (rout) since hard's policy
# holds its ground there (`Policy._hold`): with it the short search won 55.0 % on
# seeds 700-739 against the deep one's 45.0 % (normal 32.5 %), see docs/games/ordeals.md.
DEEP_KINDS = ("relic", "vigil")
# The last Turns in which a deep decision rolls out to the end of the game, per Trial kind
# (else `endgame`): a vigil is decided only at the end of the last Turn, by a character in
# the chapel, and one two Turns' walk from it must set out in the Turn before.
ENDGAME_TURNS = {"vigil": 2}


class HeuristicAgent:
    def __init__(self, R, difficulty="normal", seed=0):
        self.R = R
        self.name = difficulty
        self.rnd = random.Random(seed)
        self.policy = Policy(R, self.rnd, easy=(difficulty == "easy"))

    def choose(self, view, decision, budget=None):
        s = agent_state(self.R, view, decision.seat, self.rnd)
        a = self.policy.choose(s, decision)
        return a


class HardAgent:
    """A search over the decision's candidates (Deeds, which character acts, push or
    stay) with sampled dice, on the state determinized from the view:

    1. screen: every candidate is applied and its Act finished by the normal policy,
       `screen` times, scored by `score`; the normal choice and the best others
       (`finalists` in all) go on;
    2. rollouts: each finalist is applied and play goes on with the normal policy for
       every side (the Shadow runs inside apply) through the Foes' next Act; scored by
       `score`. Common random numbers: within a sample every candidate gets the same dice,
       and the Foes' answer the same dice again (`reseed`), so the means differ by the
       Deeds more than by luck. A deep decision (solo, a Trial in `deep_kinds`) rolls on
       to the end of the Turn (with `turn_share` of the budget, a Turn costing about
       two answers), and in the last `endgame` Turns to the end of the game, where a
       rollout scores the Trial won or lost first (its Supplies only break ties); its
       `score` also weighs the Company's `survival` (see `standing`).

    The finalist with the best mean wins; the normal choice keeps ties (`margin`).
    Work is counted, not timed: about `rollouts` per decision, so a game is the same game
    on any machine; `budget` seconds is only a safety cap for the table (None: none), and
    `max_iterations` (simulate --budget-iterations) replaces `rollouts` and lifts the cap.

    The rounds run in game/ai/candidates.py's `CandidateSearch` (this class gives it the
    candidates, the plan of rounds and the rollouts); `analyse` returns its `Analysis`."""

    def __init__(self, R, seed=0, rollouts=160, max_iterations=None, budget=0.9,
                 horizon=40, margin=1.0, threat_weight=0.5, reply=True, screen=2, finalists=4,
                 deep_kinds=DEEP_KINDS, endgame=1, endgame_turns=None, turn_share=0.5, survival=0.5,
                 halving=True, hold=True, paths=True):
        self.R = R
        self.name = "hard"
        self.rnd = random.Random(seed)
        self.policy = Policy(R, self.rnd, quarry_first=True, hold=hold, paths=paths)
        self.rollouts = max_iterations if max_iterations is not None else rollouts
        self.budget = None if max_iterations is not None else budget
        self.horizon = horizon
        self.margin = margin
        self.threat_weight = threat_weight
        self.reply = reply
        self.screen = screen
        self.finalists = finalists
        self.deep_kinds = deep_kinds
        self.endgame = endgame
        self.endgame_turns = ENDGAME_TURNS if endgame_turns is None else endgame_turns
        self.turn_share = turn_share
        self.survival = survival
        self.halving = halving
        self._survival = 0.0            # `survival` in a deep decision, else 0
        self.last_rollouts = 0
        self.last_deep = self.last_to_end = False

    def candidates(self, s, decision, base) -> list:
        return [base] + [a for a in decision.actions if a != base]

    def choose(self, view, decision, budget=None):
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None, *, weigh=None) -> Analysis:
        """Every action of `decision` with its estimated value (`score`'s mean), rollouts
        and reason key (game/ai/analysis.py); `.chosen` is what `choose` plays. `weigh`
        (a review's best move and the move played): exactly those, the first as the
        reference, in the same rounds."""
        R = self.R
        context = SearchContext(decision.seat, decision.kind, decision.actions)
        s0 = agent_state(R, view, decision.seat, self.rnd)
        base = distinct(weigh)[0] if weigh else self.policy.choose(s0, decision)
        self.last_rollouts = 0
        if decision.kind not in ("act", "activate", "push") or len(decision.actions) < 2:
            return unsearched(context, base)
        # the search runs on the guessed state as an open table: fog only veils what is
        # shown, and a Deed the real table allows may not fit the guess (a guessed Shadow
        # character in the way): such candidates are left out
        s0.fog, s0.dec = False, None
        proposed = distinct(weigh) if weigh else self.candidates(s0, decision, base)
        cands = [a for a in proposed if R.is_legal(s0, decision.seat, a)]
        if len(cands) < 2:
            return unsearched(context, base)
        left_out = {a: ILLEGAL_IN_SAMPLE for a in proposed if a not in cands}
        side = s0.seat_side[decision.seat]
        deep = s0.mode == "solo" and R.trial(s0).victory.kind in self.deep_kinds
        self.last_deep = deep
        self._survival = self.survival if deep else 0.0
        cap = budget if budget is not None else self.budget
        deadline = None if cap is None else time.perf_counter() + cap
        endgame = self.endgame_turns.get(R.trial(s0).victory.kind, self.endgame)
        to_end = deep and endgame > 0 and s0.turn > R.trial(s0).turns - endgame
        self.last_to_end = to_end
        search = CandidateSearch(self.rnd, margin=self.margin, min_samples=2)
        rounds = self._rounds(s0, decision.seat, side, cands, deep, to_end)
        analysis = search.run(context, cands, rounds, deadline, left_out=left_out)
        self.last_rollouts = analysis.rollouts
        return analysis

    def _rounds(self, s0, seat, side, cands, deep, to_end) -> list:
        """The search plan: a cheap screen when there are many candidates, then the
        finalists' rollouts, in solo in two halves (see the class docstring)."""
        R = self.R

        def fresh(seed, action):
            # every candidate of a paired sample meets the same dice of each purpose (the
            # same seed): the same initiative, the same attacker's and defender's dice
            s = s0.clone()
            fix_chance(R, s, seed)
            R.apply(s, seat, action)
            return s

        def screen_draw(rnd):
            return rnd.getrandbits(64)

        def screen_play(seed, action):
            # to the end of its own Act, the Foes' answers only as `threats`
            s = fresh(seed, action)
            self._rollout(s, side, reply=False)
            return self.score(s, side)

        def draw(rnd):
            return rnd.getrandbits(64), rnd.getrandbits(64)

        def play(seeds, action):
            # through the Foes' answer (which rolls the same dice again after every
            # candidate); in a deep decision to the end of the Turn, in the last Turns
            # (`endgame`) to the end of the game, so they count Trials won
            s = fresh(seeds[0], action)
            self._rollout(s, side, reply=self.reply, reseed=seeds[1], to_end=to_end, turn_end=deep)
            return self.score(s, side)

        rounds = []
        used = 0
        finalists = None
        if self.screen and len(cands) > self.finalists:
            rounds.append(Round(screen_draw, screen_play, samples=self.screen, screen=True))
            used = self.screen * len(cands)
            finalists = keep_best(self.finalists - 1, by_total=True)
        # a Turn's rollout costs about twice an answer's, so it gets `turn_share` of the budget
        left = self.rollouts - used
        if deep and not to_end:
            left = int(left * self.turn_share)
        alive = min(len(cands), self.finalists) if finalists is not None else len(cands)
        if self.halving and s0.mode == "solo" and alive > 2:
            # half the budget on every finalist, the other half on the normal choice
            # and the best other: the close call gets the samples
            rounds.append(Round(draw, play, samples=max(2, left // 2 // alive), narrow=finalists,
                                narrow_on_screen=True, narrowed_reason=SCREENED_OUT))
            rounds.append(Round(draw, play, samples=max(2, left // 4), narrow=keep_best(1)))
        else:
            rounds.append(Round(draw, play, samples=max(2, left // alive), narrow=finalists,
                                narrow_on_screen=True, narrowed_reason=SCREENED_OUT))
        return rounds

    def score(self, s, side) -> float:
        if s.res is not None:
            # the win first; in solo, among wins (or losses) the Supplies standing
            v = outcome(s, side)
            return v + standing(self.R, s, side, self._survival) if s.mode == "solo" else v
        v = standing(self.R, s, side, self._survival)
        if self.threat_weight:
            v += self.threat_weight * threats(self.R, s, side)
        return v

    def _rollout(self, s, side, reply=True, reseed=None, to_end=False, turn_end=False):
        """Play on with the normal policy for every side until the Act under way is over
        (`reply` False) or, with `reply`, until this side is to activate again after a Foe
        has finished an Act (or no Foe is left to act); never past the Turn or the game."""
        R = self.R
        turn = s.turn
        tired0 = self._foes_tired(s, side)
        for _ in range(self.horizon * (10 if to_end else 1)):
            if s.res is not None or (s.turn != turn and not to_end):
                return
            ds = R.decisions(s)
            if not ds:
                return
            d = ds[0]
            if to_end or (turn_end and reply):
                pass                # on to the end of the game, or of the Turn
            elif d.kind == "activate":
                if not reply:
                    return
                if s.seat_side[d.seat] == side:
                    if self._foes_tired(s, side) > tired0 or not any(
                            c.side != side and c.in_play and not c.tired for c in s.chars):
                        return
                elif reseed is not None:
                    # the Foes' answer rolls the same dice after every candidate
                    fix_chance(R, s, reseed)
                    reseed = None
            R.apply(s, d.seat, self.policy.choose(s, d))

    @staticmethod
    def _foes_tired(s, side):
        return sum(1 for c in s.chars if c.side != side and c.tired)


def make_agent(R, difficulty, seat, seed, max_iterations=None):
    return level_agent(R, difficulty, seed, max_iterations, heuristic=HeuristicAgent, hard=HardAgent)
