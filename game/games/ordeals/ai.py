"""Book of Ordeals agents. They see only their seat's view and the decision; since
nothing on the table is secret (§4.7), `determinize` rebuilds a full state from the view
with a fresh RNG (the dice to come are the only unknown) and the agents measure on it
with the same geometry as the rules.

- easy:   the normal policy, but a third of its choices are random and it never Aims or Hides
- normal: the Shadow's flow (Stand, Assault when Engaged, Aim and Fire, close in) plus Aid,
          Hide, healing and objective play (graves, the relic, the chapel) (BO-181)
- hard:   for each candidate Deed (the normal choice and its rivals), plays the rest of the
          Act with the normal policy over a few sampled dice and keeps the best average
          of `evaluate` (a search over candidate Acts with sampled dice)
"""
from __future__ import annotations

import math
import random
import time

from ...core.rng import RNG
from . import geometry as G
from .state import Char, State, Stats


# ------------------------------------------------------------------ determinize
def determinize(R, view, seat, rng) -> State:
    """A State equal to the one behind `view` but for the RNG."""
    s = State.__new__(State)
    s.n = view["players"]
    s.mode = view["mode"]
    s.trial = view["trial"]["number"]
    s.turn = view["turn"]
    s.stage = view["stage"]
    s.season, s.light, s.weather = view["season"], view["light"], view["weather"]
    s.sight, s.lightning = view["sight"], view["lightning"]
    a = view["act"]
    s.act = -1 if a is None else a["index"]
    s.spent = 0 if a is None else a["spent"]
    s.moves = 0 if a is None else a["moves"]
    s.aimed = False if a is None else a["aimed"]
    s.counts = {} if a is None else dict(a["counts"])
    s.hides = 0
    s.assaulted = s.fired = s.aided = False
    s.first_side, s.next_side = view["first_side"], view["next_side"]
    f = view["flow"]
    p = f["pending"]
    if p is not None and s.stage == "initiative":
        p = (p[0], tuple(p[1]))
    elif p is not None:
        p = tuple(p)
    s.pending = p
    s.deploy_order = list(f["deploy_order"])
    s.deploy_i = f["deploy_i"]
    s.last_seen = None if f["last_seen"] is None else tuple(f["last_seen"])
    rel = view["relic"]
    s.relic_at = None if rel is None or rel["at"] is None else tuple(rel["at"])
    s.relic_holder = -1 if rel is None else rel["holder"]
    s.graves = [list(g) for g in view["graves"]]
    s.seat_side = list(view["seat_side"])
    s.reinforced = 0
    s.names = []
    s.tray = list(view["tray"])
    s.res = None
    s.dec = None
    s.chars = []
    for cv in view["chars"]:
        d = dict(cv["stats"])
        d["items"], d["lore"] = tuple(d["items"]), tuple(d["lore"])
        c = Char.__new__(Char)
        c.id, c.side, c.owner, c.st = cv["id"], cv["side"], cv["owner"], Stats(**d)
        c.x, c.y, c.z, c.on = cv["x"], cv["y"], cv["z"], cv["on"]
        c.harm, c.tired, c.down, c.hidden, c.guard = cv["harm"], cv["tired"], cv["down"], cv["hidden"], cv["guard"]
        c.ooa, c.lit, c.deployed, c.draughts, c.carrying = cv["ooa"], cv["lit_flag"], cv["deployed"], cv["draughts"], cv["carrying"]
        s.chars.append(c)
    s.rng = RNG(rng.getrandbits(64) if hasattr(rng, "getrandbits") else rng.fork())
    return s


# ------------------------------------------------------------------ evaluation
def evaluate(R, s, side) -> float:
    """How well `side` stands, roughly in Supplies: Foes' losses minus own, Harm dealt,
    objective progress."""
    if s.res is not None:
        if s.res.side is not None:
            won = (s.res.side == "players") == (side == 0)
        else:
            won = bool(s.res.winners) and s.seat_side[s.res.winners[0]] == side
        draw = s.res.side is None and not s.res.winners
        return 0.0 if draw else (1000.0 if won else -1000.0)
    v = 0.0
    for c in s.chars:
        if not c.deployed:
            continue
        sign = 1.0 if c.side == side else -1.0
        if c.ooa:
            v -= sign * c.st.value
        else:
            v -= sign * c.st.value * 0.6 * c.harm / c.st.grit
            if c.down:
                v -= sign * 8
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


# ------------------------------------------------------------------ the normal policy
class Policy:
    def __init__(self, R, rnd: random.Random, easy=False):
        self.R = R
        self.rnd = rnd
        self.easy = easy

    def choose(self, s, d):
        acts = d.actions
        if len(acts) == 1:
            return acts[0]
        if self.easy and self.rnd.random() < 0.33:
            return acts[self.rnd.randrange(len(acts))]
        fn = getattr(self, "_" + d.kind, None)
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
class HeuristicAgent:
    def __init__(self, R, difficulty="normal", seed=0):
        self.R = R
        self.name = difficulty
        self.rnd = random.Random(seed)
        self.policy = Policy(R, self.rnd, easy=(difficulty == "easy"))

    def choose(self, view, decision, budget=None):
        s = determinize(self.R, view, decision.seat, self.rnd)
        a = self.policy.choose(s, decision)
        return a


class HardAgent:
    """Search over candidate Deeds: each candidate is applied on determinized copies
    with sampled dice, the rest of the Act is played by the normal policy, and the
    candidate with the best mean `evaluate` is chosen."""

    def __init__(self, R, seed=0, samples=5, max_candidates=5, budget=0.6, horizon=10, margin=6.0):
        self.R = R
        self.name = "hard"
        self.rnd = random.Random(seed)
        self.policy = Policy(R, self.rnd)
        self.samples = samples
        self.max_candidates = max_candidates
        self.budget = budget
        self.horizon = horizon
        self.margin = margin

    def choose(self, view, decision, budget=None):
        R = self.R
        s0 = determinize(R, view, decision.seat, self.rnd)
        base = self.policy.choose(s0, decision)
        if decision.kind not in ("act", "activate", "push"):
            return base
        cands = [base] + [a for a in decision.actions if a != base]
        if len(cands) > self.max_candidates:
            rest = cands[1:]
            self.rnd.shuffle(rest)
            cands = [base] + rest[: self.max_candidates - 1]
        side = s0.seat_side[decision.seat]
        deadline = time.perf_counter() + (budget if budget is not None else self.budget)
        scores = {a: [] for a in cands}
        for k in range(self.samples):
            if time.perf_counter() > deadline and k > 1:
                break
            seed = self.rnd.getrandbits(64)      # the same dice for every candidate (paired comparison)
            for a in cands:
                s = s0.clone()
                s.rng = RNG(seed)
                try:
                    R.apply(s, decision.seat, a)
                except Exception:
                    scores[a].append(None)
                    continue
                self._finish_act(s, side, decision.seat)
                scores[a].append(evaluate(R, s, side))
        # leave the policy's choice only for a candidate clearly better on the same dice
        best, best_gain = base, 0.0
        for a in cands[1:]:
            diffs = [x - y for x, y in zip(scores[a], scores[base]) if x is not None and y is not None]
            if len(diffs) < 2:
                continue
            mean = sum(diffs) / len(diffs)
            var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
            se = (var / len(diffs)) ** 0.5
            if mean > max(self.margin, 2.0 * se) and mean > best_gain:
                best, best_gain = a, mean
        return best

    def _finish_act(self, s, side, seat):
        """Play on with the normal policy for every side (the Shadow runs inside apply)
        until the Turn is over or `horizon` decisions were made: the candidate is judged
        with the answer it invites."""
        R = self.R
        turn = s.turn
        for _ in range(self.horizon):
            if s.res is not None or s.turn != turn:
                return
            ds = R.decisions(s)
            if not ds:
                return
            d = ds[0]
            R.apply(s, d.seat, self.policy.choose(s, d))


def make_agent(R, difficulty, seat, seed):
    if difficulty == "random":
        from ...ai.random_agent import RandomAgent
        return RandomAgent(seed)
    if difficulty in ("easy", "normal"):
        return HeuristicAgent(R, difficulty, seed)
    if difficulty == "hard":
        return HardAgent(R, seed)
    raise ValueError(f"unknown difficulty {difficulty!r} (random, easy, normal, hard)")
