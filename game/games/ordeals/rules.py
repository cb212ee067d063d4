"""Book of Ordeals rules (rulebook 003 fragment + CHECKLIST §4.3, BO-100 … BO-201).

How a game runs
---------------
`state.stage` names where the game stands; `_run` advances the automatic stages (the
Shadow's deployment and Acts, New Turns, initiative rolls, victory checks) until a
player's answer is needed. Stages:

  deploy      alternate placing characters in the zones (BO-120, BO-200); the Shadow
              places its own at seeded random legal points
  turn_start  clear Tired, Trial events (reinforcements, Sight, storms), initiative (BO-121)
  initiative  the winning Company chooses which side activates first
  activate    the side whose turn it is picks a non-Tired character (the Shadow: shadow.py)
  act         the active character's Deeds (up to 3 by cost, BO-002/004), or ("end",)
  push        the winner of an Assault chooses ("push",) or ("stay",) (BO-132, §4.8)
  over        the result is known

Actions: ("deploy", x, y) · ("first", side) · ("act", char) · ("move", x, y) ·
("assault", char) · ("fire", char) · ("aid", char) · ("aim",) · ("climb", piece|-1) ·
("guard",) · ("hide",) · ("stand",) · ("use", "lantern"|"relic") · ("use", "draught", char) ·
("use", "grave", k) · ("end",) · ("push",) · ("stay",). Characters are indices into
`state.chars`. Moves and deployment are free choices: the decision lists a sample and
`is_legal` accepts any reachable point.
"""
from __future__ import annotations

import math
from typing import NamedTuple

from ...core.dispatch import Flow, find_decision, wait
from ...core.rules import (Decision, Event, IllegalAction, OptionSpec, OptionsError, Result, StateBackedRules,
                           GAME, PLAYERS)
from . import geometry as G
from .data import GameData, Member
from .fog import FogLog, after_step as fog_after_step, perturb as fog_perturb, seen as fog_seen
from .state import State, Stats, fogged, new_char, new_state

_tuple_new = tuple.__new__


def _E(kind, data, to=None):
    return _tuple_new(Event, (kind, data, to))


def _r2(v: float) -> float:
    return round(v, 2)


class MoveRoute(NamedTuple):
    """What a Move toward a point would do (OrdealsRules.move_route)."""
    path: list | None        # the legs walked, cut where a Foe stops the Move; None when refused
    to: tuple | None         # the point to ask for: the one asked, or the one it snapped to
    reason: str | None       # why refused: "reach", "blocked" or "stand"; None when legal
    snapped: bool            # brought back within the allowance


class OrdealsRules(StateBackedRules):
    id = "ordeals"
    # the chance outcomes by name (core/rng.py): a search's copy draws each from a stream of
    # its own, so its candidates meet the same dice; a real game draws them all from one
    chance_purposes = ("conditions", "deployment", "shadow_deploy", "storm", "initiative",
                       "reinforcement", "combat", "shadow_ties")

    def __init__(self, data: GameData):
        self.data = data
        r = self.R = data.rules
        self.min_players = r.players.min
        self.max_players = r.players.max
        self.cost = {k: v.cost for k, v in r.deeds.items()}
        self.limit = {k: v.limit for k, v in r.deeds.items()}
        self.maps = {k: G.map_for(t, r) for k, t in data.trials.items()}
        self.sides_r = r.base / 2
        self.engage_c = r.base + r.engage          # centre distance of Engagement
        # the turn flow's two tables (core/dispatch.py): answers by decision kind (the
        # kinds `_build` asks), automatic steps by stage
        self._flow = Flow(
            answers={"deploy": self._answer_deploy, "initiative": self._answer_initiative,
                     "activate": self._answer_activate, "push": self._answer_push,
                     "act": self._answer_act},
            steps={"deploy": self._step_deploy, "turn_start": self._step_turn_start,
                   "activate": self._step_activate, "act": self._step_act,
                   "turn_end": self._step_turn_end,
                   "initiative": wait, "push": wait, "over": wait},
            next_step=self._next_step)

    # ------------------------------------------------------------------ options
    def default_options(self) -> dict:
        return {"mode": "solo", "trial": 1, "company": "grey_vigil", "rival": "ashen_road", "fog": self.R.fog}

    def option_specs(self) -> list:
        d = self.default_options()
        comps = tuple((k, f"ordeals.company.{k}") for k in self.data.companies)
        return [
            OptionSpec("mode", "ordeals.option.mode", "choice", d["mode"],
                       (("solo", "ordeals.mode.solo"), ("versus", "ordeals.mode.versus"))),
            OptionSpec("trial", "ordeals.option.trial", "int", d["trial"], minimum=1,
                       maximum=len(self.data.trials), help="ordeals.option.trial_help"),
            OptionSpec("company", "ordeals.option.company_a", "choice", d["company"], comps),
            OptionSpec("rival", "ordeals.option.company_b", "choice", d["rival"], comps,
                       shown_when=(("mode", "versus"),)),
            OptionSpec("fog", "ordeals.fogged.option", "flag", d["fog"], help="ordeals.fogged.option_help",
                       shown_when=(("mode", "solo"),)),
        ]

    def validate_options(self, options: dict | None, players: int) -> dict:
        out = self.default_options()
        for k, v in (options or {}).items():
            if k in ("addons",) and not v:
                continue
            if k not in out:
                raise OptionsError(f"Book of Ordeals has no option called {k!r} (options: {', '.join(out)}).")
            out[k] = v
        if out["mode"] not in ("solo", "versus"):
            raise OptionsError(f"mode must be solo or versus (got {out['mode']!r}).")
        t = out["trial"]
        if isinstance(t, str) and t.isdigit():
            t = out["trial"] = int(t)
        if not isinstance(t, int) or isinstance(t, bool) or t not in self.data.trials:
            raise OptionsError(f"trial must be 1 to {len(self.data.trials)} (got {t!r}).")
        if not isinstance(players, int) or players < 1:
            raise OptionsError("Book of Ordeals needs 1 or 2 players.")
        if players > 2:
            raise OptionsError(f"Book of Ordeals is played by 1 or 2 players (you chose {players}): "
                               "solo or co-op against the Shadow, or versus.")
        if not isinstance(out["fog"], bool):
            raise OptionsError(f"fog must be true or false (got {out['fog']!r}).")
        if out["fog"] and out["mode"] != "solo":
            raise OptionsError("fog of war is a solo setting (the Shadow is the one hidden); "
                               "versus is played with every character in the open.")
        if out["mode"] == "versus" and players != 2:
            raise OptionsError("versus needs exactly 2 players, one per Company (you chose 1); "
                               "play solo against the Shadow instead.")
        for k in ("company", "rival"):
            v = out[k]
            if isinstance(v, list):
                try:
                    members = [Member.model_validate(m) for m in v]
                except Exception as exc:
                    raise OptionsError(f"{k}: not a Company ({str(exc).splitlines()[0]}).") from None
                probs = self._company_problems(members)
                if probs:
                    raise OptionsError(f"{k}: {probs[0][1]}.")
            elif v not in self.data.companies:
                raise OptionsError(f"{k} must be one of {', '.join(self.data.companies)} or a list of members (got {v!r}).")
        return out

    def _company_problems(self, members):
        from .data import company_problems
        return company_problems(self.data.recruitment, self.data.lore, members)

    def members(self, spec) -> list:
        if isinstance(spec, list):
            return [m if isinstance(m, Member) else Member.model_validate(m) for m in spec]
        return list(self.data.companies[spec])

    # ------------------------------------------------------------------ building characters
    def member_stats(self, m: Member) -> Stats:
        rec, lore = self.data.recruitment, self.data.lore
        b = rec.basic
        up = {k: v * rec.upgrades[k].step for k, v in m.upgrades.items()}
        arm = rec.armour.get(m.armour) if m.armour else None
        ml = rec.weapons[m.melee]
        rw = rec.weapons[m.ranged] if m.ranged else None
        ls = [lore[k] for k in m.lore]
        return Stats(
            key="member", name=m.name, might=b.might + up.get("might", 0), aim=b.aim + up.get("aim", 0),
            pace=b.pace + up.get("pace", 0) + (arm.pace if arm else 0),
            ward=b.ward + (arm.ward if arm else 0) + sum(l.ward for l in ls),
            grit=b.grit + up.get("grit", 0), melee=m.melee, ranged=m.ranged,
            reach=max([ml.reach] + [l.reach for l in ls]), melee_damage=ml.damage, no_fire=ml.no_fire,
            range=rw.range if rw else 0.0, fire_damage=rw.damage if rw else 0,
            fire_cost=rw.fire_cost if rw else 1, wind=bool(rw and rw.wind),
            knock_down=max([self.R.knock_down] + [l.knock_down for l in ls]),
            brawler=sum(l.assault_might for l in ls), sight_bonus=sum(l.sight for l in ls),
            hides=max([self.limit["hide"] or 1] + [l.hides for l in ls]), stalker=any(l.hides for l in ls),
            leader=sum(l.initiative for l in ls), rope="rope" in m.items, lantern="lantern" in m.items,
            draughts=rec.items["healing_draught"].uses if "healing_draught" in m.items else 0,
            no_climb=False, no_use=False, always_lit=False, behaviour="",
            value=self.data.member_cost(m), boss=False, armour=m.armour, items=tuple(m.items),
            lore=tuple(m.lore))

    def profile_stats(self, key: str) -> Stats:
        p = self.data.shadow.profiles[key]
        rec, lore = self.data.recruitment, self.data.lore
        ml = rec.weapons[p.melee]
        rw = rec.weapons[p.ranged] if p.ranged else None
        ls = [lore[k] for k in p.lore]
        name = self.data.locale.get("profile", {}).get(key, key)
        return Stats(
            key=key, name=name, might=p.might, aim=p.aim, pace=p.pace, ward=p.ward + sum(l.ward for l in ls),
            grit=p.grit, melee=p.melee, ranged=p.ranged, reach=max([ml.reach] + [l.reach for l in ls]),
            melee_damage=ml.damage, no_fire=ml.no_fire or p.behaviour == "brute",
            range=rw.range if rw else 0.0, fire_damage=rw.damage if rw else 0,
            fire_cost=rw.fire_cost if rw else 1, wind=bool(rw and rw.wind),
            knock_down=max([self.R.knock_down] + [l.knock_down for l in ls]),
            brawler=sum(l.assault_might for l in ls), sight_bonus=sum(l.sight for l in ls),
            hides=max([self.limit["hide"] or 1] + [l.hides for l in ls]), stalker=False, leader=0,
            rope=False, lantern=False, draughts=0, no_climb=p.no_climb, no_use=p.no_use,
            always_lit=p.always_lit, behaviour=p.behaviour, value=p.value, boss=p.boss,
            armour=None, items=(), lore=tuple(p.lore))

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict | None, seed: int) -> State:
        opts = self.validate_options(options, players)
        trial = self.data.trials[opts["trial"]]
        s = new_state(players, opts["mode"], opts["trial"], seed)
        s.fog = opts["fog"]
        names = []
        if s.mode == "solo":
            s.seat_side = [0] * players
            for i, m in enumerate(self.members(opts["company"])):
                c = new_char(f"a{i + 1}", 0, i % players, self.member_stats(m))
                s.chars.append(c)
            for i, key in enumerate(trial.shadow.roster):
                s.chars.append(new_char(f"s{i + 1}", 1, -1, self.profile_stats(key)))
        else:
            s.seat_side = [0, 1]
            for side, spec, letter in ((0, opts["company"], "a"), (1, opts["rival"], "b")):
                for i, m in enumerate(self.members(spec)):
                    s.chars.append(new_char(f"{letter}{i + 1}", side, side, self.member_stats(m)))
        s.names = names
        s.graves = [[o.at[0], o.at[1], 0] for o in trial.objects if o.kind == "grave"]
        relic = [o.at for o in trial.objects if o.kind == "relic"]
        s.relic_at = tuple(relic[0]) if relic else None
        ev: list = FogLog(self, s) if s.fog else []
        self._conditions(s, trial, ev)
        self._deploy_order(s, ev)
        self._run(s, ev)
        if s.fog:
            fog_after_step(self, s)
        return s

    def opening_events(self, s: State) -> list:
        """What setup showed: the conditions and the characters already placed."""
        shown = fog_seen(self, s) if fogged(s) else None
        placed = [_E("deploy", {"piece": c.id, "index": i, "at": [_r2(c.x), _r2(c.y)]})
                  for i, c in enumerate(s.chars) if c.deployed and not c.ooa
                  and (shown is None or c.side == 0 or i in shown)]
        return [_E("conditions", {"season": s.season, "light": s.light, "weather": s.weather, "sight": s.sight}),
                _E("log", {"key": "ordeals.log.conditions", "params": {
            "season": s.season, "light": s.light, "weather": s.weather, "sight": s.sight}})] + placed

    def _roll(self, s, purpose: str, *key) -> int:
        """A D12 of `purpose` (one of chance_purposes; `key`: whose die, e.g. a side)."""
        r = s.rng.stream(purpose, *key).randint(1, self.R.dice_sides)
        s.tray.append(r)
        return r

    def _rand(self, s, dice) -> float:
        """A fraction in [0, 1) from `dice`, a stream the caller took once for its loop."""
        v = dice.random()
        s.tray.append(round(v, 4))
        return v

    def pick(self, s, n: int, purpose: str = "shadow_ties") -> int:
        """A random index below n (ties among equals); shown on the tray like a die."""
        k = s.rng.stream(purpose).below(n)
        s.tray.append(-1 - k)
        return k

    def _conditions(self, s, trial, ev):
        """BO-150/153: Season, Light and Weather, fixed by the Trial or rolled."""
        tb = self.data.tables
        if trial.season == "roll":
            r = self._roll(s, "conditions")
            season = next(x for x in tb.season if r <= x.upto)
        else:
            season = next(x for x in tb.season if x.key == trial.season)
        if trial.light == "roll":
            r = self._roll(s, "conditions") + season.light_mod
            light = next((x for x in tb.light if r <= x.upto), tb.light[-1])
        else:
            light = next(x for x in tb.light if x.key == trial.light)
        if trial.weather == "roll":
            r = self._roll(s, "conditions")
            weather = next(x for x in tb.weather if r <= x.upto)
        else:
            weather = next(x for x in tb.weather if x.key == trial.weather)
        if weather.only and weather.only != season.key:
            weather = next(x for x in tb.weather if x.key == weather.otherwise)
        s.season, s.light, s.weather = season.key, light.key, weather.key
        s.sight = max(0, min(self.R.sight_max, light.sight + weather.sight))
        ev.append(_E("conditions", {"season": s.season, "light": s.light, "weather": s.weather, "sight": s.sight}))

    def _deploy_order(self, s, ev):
        """BO-120/200: each side rolls D12 (ties reroll); the lower places first, then the
        sides alternate; the Shadow's Brutes go first among its own."""
        while True:
            a, b = self._roll(s, "deployment", 0), self._roll(s, "deployment", 1)
            if a != b:
                break
        ev.append(_E("roll", {"purpose": "deployment", "dice": [a, b], "sides": [0, 1]}))
        first = 0 if a < b else 1
        lists = []
        for side in (0, 1):
            idx = [i for i, c in enumerate(s.chars) if c.side == side]
            if self._is_shadow_side(s, side):
                idx.sort(key=lambda i: s.chars[i].st.behaviour != "brute")
            lists.append(idx)
        order = []
        turn = first
        while lists[0] or lists[1]:
            if lists[turn]:
                order.append(lists[turn].pop(0))
            turn = 1 - turn
        s.deploy_order = order

    def _is_shadow_side(self, s, side) -> bool:
        return s.mode == "solo" and side == 1

    # ------------------------------------------------------------------ protocol basics
    # (clone, snapshot, result and decisions: core.rules.StateBackedRules)
    def view(self, s: State, seat):
        from .view import build_view
        return build_view(self, s, seat)

    def invariants(self, s: State, before=None) -> list:
        from .invariants import check
        return check(self, s, before)

    def perturb_hidden(self, s: State, seat, rng) -> State:
        """Nothing on the table is secret in Book of Ordeals (§4.7): positions, stats,
        Harm and every status are public. What no seat can see is the dice to come, so
        the copy differs in the RNG only; every draw lands on the view's dice tray
        (`tray`: the dice and picks of the last step), so a step that rolled differently
        shows it, and one that rolled nothing tells the same."""
        from ...core.rng import RNG
        o = s.clone()
        o.rng = RNG(rng.fork())
        if fogged(o):
            fog_perturb(self, o, rng)      # unseen Shadow characters elsewhere, still unseen
        o.dec = None
        return o

    def reveal_view(self, s: State):
        """A finished game's replay shows every Shadow character, fog or not."""
        from .view import build_view
        return build_view(self, s, None, reveal=True)

    def map(self, s) -> G.Map:
        return self.maps[s.trial]

    def trial(self, s):
        return self.data.trials[s.trial]

    # ------------------------------------------------------------------ measuring
    def engaged_with(self, s, c) -> list:
        """BO-010: indices of Foes within 1" (base edge to base edge) on about the same level."""
        if not c.in_play:
            return []
        lim = self.engage_c + 1e-6
        out = []
        for j, o in enumerate(s.chars):
            if o.side != c.side and o.deployed and not o.ooa and abs(o.z - c.z) <= 1.0 \
                    and math.hypot(o.x - c.x, o.y - c.y) <= lim:
                out.append(j)
        return out

    def is_engaged(self, s, c) -> bool:
        lim = self.engage_c + 1e-6
        for o in s.chars:
            if o.side != c.side and o.deployed and not o.ooa and abs(o.z - c.z) <= 1.0 \
                    and math.hypot(o.x - c.x, o.y - c.y) <= lim:
                return True
        return False

    def sight_of(self, s, c) -> float:
        return min(self.R.sight_max, s.sight + c.st.sight_bonus)

    def is_lit(self, c) -> bool:
        return c.lit and not (c.st.always_lit and c.hidden)

    def lit_near(self, s, t, obs=None) -> bool:
        """BO-152: a lit bearer and everything within 3" of it are never Shrouded to an
        observer with line of sight to the light (`obs`; None: to anyone)."""
        if self.is_lit(t) and (obs is None or self.los(s, obs, t)):
            return True
        lim = self.R.lantern_radius + self.R.base
        for o in s.chars:
            # o.lit first, and in_play and is_lit written out: asked for every character
            # at every Shroud check, and most characters carry no light
            if o.lit and o.deployed and not o.ooa and not (o.st.always_lit and o.hidden) \
                    and math.hypot(o.x - t.x, o.y - t.y) <= lim \
                    and (obs is None or o is obs or self.los(s, obs, o)):
                return True
        return False

    def shrouded(self, s, obs, t) -> bool:
        """BO-151: is `t` beyond `obs`'s Sight (and not lit where `obs` sees the light,
        not within 1", no lightning)?"""
        d = math.hypot(obs.x - t.x, obs.y - t.y) - self.R.base
        if d <= self.R.always_see + 1e-9 or s.lightning:
            return False
        if d <= self.sight_of(s, obs) + 1e-9:
            return False
        return not self.lit_near(s, t, obs)

    def los(self, s, a, b) -> bool:
        return self.map(s).los(a.pos, a.on, b.pos, b.on, a.z, b.z)

    def can_see(self, s, obs, t) -> bool:
        """BO-190: LoS, not Shrouded to it, not Hidden."""
        return (not t.hidden) and (not self.shrouded(s, obs, t)) and self.los(s, obs, t)

    def in_cover(self, s, att, tgt) -> bool:
        return self.map(s).in_cover(att.pos, att.on, tgt.pos, tgt.on, att.z, tgt.z)

    def weapon_range(self, s, c) -> float:
        r = c.st.range
        if r and c.st.wind and s.weather == "wind":
            r = max(0.0, r + self.R.wind_range)
        return r

    def fire_targets(self, s, i) -> list:
        """BO-133: legal Fire targets of character i (without the Deed budget)."""
        c = s.chars[i]
        rng = self.weapon_range(s, c)
        if rng <= 0 or c.st.no_fire:
            return []
        out = []
        for j, t in enumerate(s.chars):
            if t.side == c.side or not t.in_play:
                continue
            if math.hypot(t.x - c.x, t.y - c.y) - self.R.base > rng + 1e-9:
                continue
            if self.shrouded(s, c, t) or not self.los(s, c, t):
                continue
            if t.hidden and self.in_cover(s, c, t):
                continue
            out.append(j)
        return out

    def assault_targets(self, s, i) -> list:
        """BO-008/116: an Engaged Foe or a Foe within Reach."""
        c = s.chars[i]
        reach = max(self.R.engage, c.st.reach)
        lim = reach + self.R.base + 1e-6
        out = []
        for j, t in enumerate(s.chars):
            if t.side != c.side and t.in_play and abs(t.z - c.z) <= 1.0 and math.hypot(t.x - c.x, t.y - c.y) <= lim:
                out.append(j)
        return out

    def others_for(self, s, i, level_on=-1) -> list:
        """Centres of the bases a Move of character i must avoid."""
        out = []
        pieces = self.map(s).pieces
        for j, o in enumerate(s.chars):
            if j == i or not o.deployed or o.ooa:          # not in play
                continue
            on_top = o.on >= 0 and o.z >= pieces[o.on].height - 1e-9
            if level_on < 0 and not on_top:
                out.append((o.x, o.y))
            elif level_on >= 0 and on_top and o.on == level_on:
                out.append((o.x, o.y))
        return out

    def allowance(self, s, c) -> float:
        """BO-006: 3" + Pace on the first Move Deed of the Act, then 3" (floor 0)."""
        if s.moves == 0:
            a = self.R.move_first + c.st.pace
            if s.weather == "snow":
                a += self.R.snow_move
            if c.carrying:
                a += self.trial(s).relic_move
        else:
            a = self.R.move_further
        return max(0.0, a)

    def move_plan(self, s, i, dest, reach=None):
        """(path, fall) for a Move of character i to `dest` within its allowance, or None.
        Ground Moves plan around walls and bases (BO-130); from a top the path is straight,
        inside the top or off it with a drop (BO-104, BO-198). A Move that comes within 1"
        of a Foe stops there, so what lies beyond that point never refuses it (BO-198)."""
        return self.move_check(s, i, dest, reach)[0]

    def move_check(self, s, i, dest, reach=None) -> tuple:
        """(plan, reason): `plan` as move_plan gives it, and when it is None why the Move
        is refused: "reach" (longer than the allowance), "blocked" (walls, bases or a
        wide gap in the way) or "stand" (not a place a base may stand)."""
        c = s.chars[i]
        m = self.map(s)
        reach = self.allowance(s, c) if reach is None else reach
        dest = (float(dest[0]), float(dest[1]))
        if c.on >= 0 and c.z >= m.pieces[c.on].height - 1e-9:
            return self._top_check(s, i, dest, reach)
        fall = c.z if c.on >= 0 else 0.0           # on a ledge: a drop, then a ground path
        a = c.pos
        others = self.others_for(s, i)
        foes = self.stopping_foes(s, c, stays_top=False)
        path = m.plan_path(a, dest, others)
        if path is not None:
            if m.path_length(path) <= reach + 1e-6:
                return (path, fall), None
            walked, stopped = m.stop_at_foes(path, foes)
            if stopped and m.path_length(walked) <= reach + 1e-6:
                return (walked, fall), None
            return None, "reach"
        # the end is no place to stand, or no route reaches it: a straight drag that a Foe stops
        walked, stopped = m.stop_at_foes([a, dest], foes)
        if stopped and m.path_length(walked) <= reach + 1e-6 and m.can_stand(walked[-1], others) \
                and m.static_clear_seg(a, walked[-1]) and m.bases_clear_seg(a, walked[-1], others):
            return (walked, fall), None
        if G.dist(a, dest) > reach + 1e-6:
            return None, "reach"
        return None, ("blocked" if m.can_stand(dest, others) else "stand")

    def _top_check(self, s, i, dest, reach) -> tuple:
        """move_check for a character standing on a top: straight, inside the top or off
        its edge with a drop (BO-104, BO-198)."""
        c = s.chars[i]
        m = self.map(s)
        a = c.pos
        mates = self.others_for(s, i, c.on)
        if m.inside_top(dest, c.on) or G.dist(a, dest) > reach + 1e-6:
            walked, stopped = m.stop_at_foes([a, dest], self.stopping_foes(s, c, stays_top=True))
            end = walked[-1]
            if stopped and m.path_length(walked) <= reach + 1e-6 and m.inside_top(end, c.on) \
                    and m.can_stand(end, mates, on=c.on) and m.bases_clear_seg(a, end, mates):
                return ([a, end], 0.0), None
        if G.dist(a, dest) > reach + 1e-6:
            return None, "reach"
        if m.inside_top(dest, c.on):
            if not m.can_stand(dest, mates, on=c.on):
                return None, "stand"
            return ([a, dest], 0.0), None
        ground = self.others_for(s, i)
        # off the edge: straight, the rest on the ground
        if not m.can_stand(dest, ground):
            return None, "stand"
        if not m.bases_clear_seg(a, dest, mates):
            return None, "blocked"
        t = 0.0
        while t < 1.0 and m.inside_top((a[0] + (dest[0] - a[0]) * t, a[1] + (dest[1] - a[1]) * t), c.on):
            t += 0.05
        mid = (a[0] + (dest[0] - a[0]) * t, a[1] + (dest[1] - a[1]) * t)
        for j in m.walls:
            if j != c.on and G.seg_hits_poly(mid, dest, m.pieces[j]):
                return None, "blocked"
        if not m.bases_clear_seg(mid, dest, ground):
            return None, "blocked"
        return ([a, dest], c.z), None

    def stopping_foes(self, s, c, stays_top) -> list:
        """Centres of the Foes whose 1" stops a Move of c (BO-130): on its top's level
        while it stays there, else those on the ground."""
        return [(o.x, o.y) for o in s.chars if o.side != c.side and o.in_play and
                (abs(o.z - c.z) <= 1.0 if stays_top else o.z <= 1.0)]

    def move_route(self, s, i, dest, snap=True) -> MoveRoute:
        """The one answer to "what would a Move of character i toward `dest` do", for the
        rules, the table's ruler and its drop: the legs walked (cut where a Foe stops it),
        the point to ask for, or why it is refused. With `snap`, a point beyond the
        allowance is brought back to the farthest legal point along the way there (the
        route, or the straight line where there is none), on the 0.01" grid."""
        c = s.chars[i]
        reach = self.allowance(s, c)
        plan, reason = self.move_check(s, i, dest, reach)
        if plan is not None:
            return MoveRoute(plan[0], (float(dest[0]), float(dest[1])), None, False)
        if snap and reason == "reach":
            got = self._snap(s, i, dest, reach)
            if got is not None:
                return got
        return MoveRoute(None, None, reason, False)

    def _snap(self, s, i, dest, reach):
        """The farthest legal Move toward `dest` within `reach` (0.05" steps back)."""
        c = s.chars[i]
        m = self.map(s)
        ground = c.on < 0
        others = self.others_for(s, i) if ground else ()
        way = m.plan_path(c.pos, (float(dest[0]), float(dest[1])), others) if ground else None
        if way is None:
            way = [c.pos, (float(dest[0]), float(dest[1]))]
        total = m.path_length(way)
        d = min(reach, total)
        while d > 0.05:
            sub = G.truncate(way, d)
            q = sub[-1] = G.round_inward(sub, d)
            # on the ground only a point whose own way there is clear can be the answer: a
            # cheap look first, so the ruler never plans round the table at every step back
            if not ground or self.ground_path_ok(s, i, sub, reach + 1e-6, others):
                plan = self.move_plan(s, i, q, reach)
                if plan is not None:
                    break
            d -= 0.05
        else:
            return None
        # the shortest way to that point may cut a corner of the route: go on along its
        # last leg by what is left of the allowance
        for _ in range(3):
            legs = plan[0]
            slack = reach - m.path_length(legs)
            far = G.dist(legs[-2], legs[-1]) if len(legs) > 1 else 0.0
            if slack < 0.005 or d >= total or far <= G.EPS:
                break
            k = (far + slack) / far
            on = (legs[-2][0] + (legs[-1][0] - legs[-2][0]) * k, legs[-2][1] + (legs[-1][1] - legs[-2][1]) * k)
            q2 = G.round_inward(legs[:-1] + [on], reach)
            plan2 = self.move_plan(s, i, q2, reach)
            if plan2 is None or m.path_length(plan2[0]) <= m.path_length(legs):
                # the straight way on is blocked (by the corner the route bent round):
                # go on along the route instead, as far as a legal point lies
                d, q2, plan2 = self._further_along(s, i, way, d, slack, reach, m.path_length(legs))
                if plan2 is None:
                    break
            q, plan = q2, plan2
        return MoveRoute(plan[0], q, None, True)

    def _further_along(self, s, i, way, d, slack, reach, walked):
        """A point further along `way` than `d` (by up to `slack`, 0.005" steps back) whose
        Move is legal and longer than `walked`: (its distance along, the point, its plan),
        or (d, None, None)."""
        m = self.map(s)
        step = slack
        while step >= 0.005:
            sub = G.truncate(way, d + step)
            q = sub[-1] = G.round_inward(sub, d + step)
            plan = self.move_plan(s, i, q, reach)
            if plan is not None and m.path_length(plan[0]) > walked + 1e-9:
                return d + step, q, plan
            step -= 0.005
        return d, None, None

    # ------------------------------------------------------------------ decisions
    def build_decisions(self, s: State):
        st = s.stage
        if st == "over":
            return ()
        if st == "deploy":
            i = s.deploy_order[s.deploy_i]
            c = s.chars[i]
            acts = tuple(("deploy", x, y) for x, y in self.deploy_sample(s, i))
            zone = self.trial(s).zones[c.side]
            free = {"verb": "deploy", "piece": c.id, "index": i, "zone": [list(p) for p in zone]}
            return (Decision(c.owner, "deploy", acts, None, acts[0], None, {"piece": c.id}, free),)
        if st == "initiative":
            side = s.pending[0]
            seat = s.seat_side.index(side)
            acts = (("first", side), ("first", 1 - side))
            return (Decision(seat, "initiative", acts, None, acts[0], None, {"rolls": list(s.pending[1])}),)
        if st == "push":
            w = s.chars[s.pending[0]]
            acts = (("push",), ("stay",))
            return (Decision(w.owner, "push", acts, None, ("stay",), None,
                             {"winner": w.id, "loser": s.chars[s.pending[1]].id}),)
        if st == "activate":
            side = s.next_side
            out = []
            for seat in range(s.n):
                if s.seat_side[seat] != side:
                    continue
                acts = tuple(("act", i) for i, c in enumerate(s.chars)
                             if c.side == side and c.owner == seat and c.in_play and not c.tired)
                if acts:
                    out.append(Decision(seat, "activate", acts, None, acts[0], None, {"side": side}))
            return tuple(out)
        if st == "act":
            i = s.act
            c = s.chars[i]
            acts = self.deed_actions(s, i)
            free = None
            if self._can_move(s, c):
                reach = self.allowance(s, c)
                shown = fog_seen(self, s) if fogged(s) else None
                free = {"verb": "move", "piece": c.id, "index": i, "origin": [_r2(c.x), _r2(c.y)],
                        "reach": reach, "engage": self.R.engage,
                        "foes": [[_r2(o.x), _r2(o.y)] for k, o in enumerate(s.chars)
                                 if o.side != c.side and o.in_play and (shown is None or k in shown)]}
            return (Decision(c.owner, "act", tuple(acts), None, ("end",), None,
                             {"piece": c.id, "spent": s.spent, "left": self.R.deeds_per_act - s.spent}, free),)
        return ()

    def left(self, s) -> int:
        return self.R.deeds_per_act - s.spent

    def _fits(self, s, deed, cost=None) -> bool:
        cost = self.cost[deed] if cost is None else cost
        if s.spent + cost > self.R.deeds_per_act:
            return False
        lim = self.limit[deed]
        return lim is None or s.counts.get(deed, 0) < lim

    def _can_move(self, s, c) -> bool:
        return (not c.down) and self._fits(s, "move") and not self.is_engaged(s, c) and self.allowance(s, c) > 0

    def deed_actions(self, s, i) -> list:
        """Every listed Deed of the active character now (moves: a sample), then ("end",)."""
        c = s.chars[i]
        acts = []
        if c.down:
            if self._fits(s, "stand"):
                acts.append(("stand",))
            acts.append(("end",))
            return acts
        engaged = self.is_engaged(s, c)
        # Assault (BO-008, BO-131): once per Act, again while Engaged at the Deed's start
        if s.spent + self.cost["assault"] <= self.R.deeds_per_act and \
                (s.counts.get("assault", 0) < (self.limit["assault"] or 9) or engaged):
            targets = self.assault_targets(s, i)
            if c.side == 0 and fogged(s):
                shown = fog_seen(self, s)          # no Assault into the dark (fog of war)
                targets = [j for j in targets if j in shown]
            acts += [("assault", j) for j in targets]
        if not engaged:
            can_fire, can_aim = self._can_fire(s, c), self._can_aim(s, c)
            targets = self.fire_targets(s, i) if (can_fire or can_aim) else ()
            if can_fire:
                acts += [("fire", j) for j in targets]
            if can_aim and targets:
                acts.append(("aim",))
            if self._fits(s, "aid"):
                acts += [("aid", j) for j in self.aid_targets(s, i)]
            acts += self.climb_actions(s, i)
            if self._fits(s, "guard"):
                acts.append(("guard",))
            if self.can_hide(s, i):
                acts.append(("hide",))
            acts += self.use_actions(s, i)
            if self._can_move(s, c):
                acts += [("move", x, y) for x, y in self.move_sample(s, i)]
        acts.append(("end",))
        return acts

    def _can_fire(self, s, c) -> bool:
        if c.st.range <= 0 or c.st.no_fire or s.counts.get("assault", 0):
            return False
        return self._fits(s, "fire", c.st.fire_cost)

    def _can_aim(self, s, c) -> bool:
        """BO-134/194: Aim only if the Fire still fits after it."""
        if c.st.range <= 0 or c.st.no_fire or s.counts.get("assault", 0) or s.aimed:
            return False
        return self._fits(s, "aim") and s.spent + self.cost["aim"] + c.st.fire_cost <= self.R.deeds_per_act \
            and s.counts.get("fire", 0) < (self.limit["fire"] or 9)

    def aid_targets(self, s, i) -> list:
        """BO-018/201: a Knocked Down ally within 1"; neither may be Engaged."""
        c = s.chars[i]
        if c.owner < 0 or self.is_engaged(s, c):
            return []
        lim = self.engage_c + 1e-6
        return [j for j, o in enumerate(s.chars) if j != i and o.side == c.side and o.in_play and o.down
                and math.hypot(o.x - c.x, o.y - c.y) <= lim and not self.is_engaged(s, o)]

    def can_hide(self, s, i) -> bool:
        """BO-015/137/195, BO-152/192."""
        c = s.chars[i]
        if c.hidden or s.counts.get("hide", 0) >= c.st.hides or s.spent + self.cost["hide"] > self.R.deeds_per_act:
            return False
        if c.lit and not c.st.always_lit:
            return False
        if self.is_engaged(s, c):
            return False
        foes = [o for o in s.chars if o.side != c.side and o.in_play]
        all_shrouded = all(self.shrouded(s, o, c) for o in foes)
        if not all_shrouded and any(self.los(s, o, c) and not self.shrouded(s, o, c) for o in foes):
            return False
        if c.st.stalker and all_shrouded:
            return True
        return self.map(s).hide_cover(c.pos, c.on, self.R.hide_range, self.R.contact)

    def climb_actions(self, s, i) -> list:
        c = s.chars[i]
        if c.st.no_climb:
            return []
        cost = 1 if c.st.rope else self.cost["climb"]
        if s.spent + cost > self.R.deeds_per_act:
            return []
        m = self.map(s)
        out = []
        if c.on >= 0:
            if self._climb_spot(s, i, c.on, up=True) is not None:
                out.append(("climb", c.on))
            if self._climb_spot(s, i, c.on, up=False) is not None:
                out.append(("climb", -1))
            return out
        for j in m.blocking:
            if G.point_poly_dist(c.pos, m.pieces[j]) <= self.sides_r + self.R.contact + 1e-6:
                if self._climb_spot(s, i, j, up=True) is not None:
                    out.append(("climb", j))
        return out

    def _climb_spot(self, s, i, j, up):
        """Where a Climb on piece j ends: (x, y, z, on) or None (BO-007, BO-198)."""
        c = s.chars[i]
        m = self.map(s)
        pc = m.pieces[j]
        levels = list(pc.ledges) + [pc.height]
        h = self.R.climb_height
        if up:
            z0 = c.z if c.on == j else 0.0
            nxt = [L for L in levels if L > z0 + 1e-9]
            if not nxt or nxt[0] - z0 > h + 1e-9:
                return None
            L = nxt[0]
            if L < pc.height - 1e-9:
                return (c.x, c.y, L, j)
            p = self._onto_top(m, j, c.pos)
            if p is None or not m.can_stand(p, self.others_for(s, i, j), on=j):
                return None
            return (p[0], p[1], L, j)
        if c.on != j:
            return None
        lower = [L for L in levels if L < c.z - 1e-9]
        nz = lower[-1] if lower and c.z - lower[-1] <= h + 1e-9 else 0.0
        if c.z - nz > h + 1e-9:
            return None
        p = c.pos
        if c.z >= pc.height - 1e-9:
            p = self._off_top(m, j, c.pos, self.others_for(s, i))
            if p is None:
                return None
        if nz <= 0:
            return (p[0], p[1], 0.0, -1)
        return (p[0], p[1], nz, j)

    def _onto_top(self, m, j, p):
        pc = m.pieces[j]
        cx = sum(q[0] for q in pc.poly) / len(pc.poly)
        cy = sum(q[1] for q in pc.poly) / len(pc.poly)
        L = G.dist(p, (cx, cy))
        if L < 1e-9:
            return p
        for k in range(1, 41):
            t = min(1.0, k * 0.1 / L)
            q = (p[0] + (cx - p[0]) * t, p[1] + (cy - p[1]) * t)
            if m.inside_top(q, j) and min(G._pt_seg(q, pc.poly[k2 - 1], pc.poly[k2]) for k2 in range(len(pc.poly))) >= self.sides_r - 1e-6:
                return (round(q[0], 2), round(q[1], 2))
            if t >= 1.0:
                return (round(cx, 2), round(cy, 2)) if m.inside_top((cx, cy), j) else None
        return None

    def _off_top(self, m, j, p, ground):
        pc = m.pieces[j]
        cx = sum(q[0] for q in pc.poly) / len(pc.poly)
        cy = sum(q[1] for q in pc.poly) / len(pc.poly)
        L = G.dist(p, (cx, cy)) or 1.0
        ux, uy = (p[0] - cx) / L, (p[1] - cy) / L
        if L < 1e-6:
            ux, uy = 0.0, -1.0
        for k in range(1, 60):
            q = (round(p[0] + ux * k * 0.1, 2), round(p[1] + uy * k * 0.1, 2))
            if not m.on_table(q):
                return None
            if m.can_stand(q, ground):
                return q
        return None

    def use_actions(self, s, i) -> list:
        """BO-019/139: lantern, draught, graves, the relic."""
        c = s.chars[i]
        if c.st.no_use or not self._fits(s, "use") or c.owner < 0:
            return []
        out = []
        if c.st.lantern:
            out.append(("use", "lantern"))
        lim = self.engage_c + 1e-6
        if c.draughts > 0 and not self.is_engaged(s, c):
            for j, o in enumerate(s.chars):
                if o.side == c.side and o.in_play and o.harm > 0 and (j == i or math.hypot(o.x - c.x, o.y - c.y) <= lim):
                    out.append(("use", "draught", j))
        reach = self.R.engage + self.sides_r + 1e-6
        uses = self.trial(s).victory.uses
        for k, g in enumerate(s.graves):
            if g[2] < uses and math.hypot(g[0] - c.x, g[1] - c.y) <= reach:
                out.append(("use", "grave", k))
        if s.relic_holder < 0 and s.relic_at is not None and \
                math.hypot(s.relic_at[0] - c.x, s.relic_at[1] - c.y) <= reach and c.on < 0:
            out.append(("use", "relic"))
        return out

    # ------------------------------------------------------------------ samples
    def move_sample(self, s, i) -> list:
        """A representative sample of Move destinations (the screen accepts any point):
        toward the nearest Foe, the objective and cover, plus eight directions."""
        c = s.chars[i]
        reach = self.allowance(s, c)
        if reach <= 0:
            return []
        m = self.map(s)
        o = c.pos
        targets = []
        shown = fog_seen(self, s) if c.side == 0 and fogged(s) else None
        foes = [f for k, f in enumerate(s.chars) if f.side != c.side and f.in_play and (shown is None or k in shown)]
        if foes:
            f = min(foes, key=lambda f: (f.x - o[0]) ** 2 + (f.y - o[1]) ** 2)
            targets.append(f.pos)
            if c.st.reach > self.R.engage:
                # just inside Reach, short of Engagement (BO-116)
                L = G.dist(o, f.pos)
                stand = self.R.base + c.st.reach - 0.15
                if L > stand + 0.05:
                    t = (L - stand) / L
                    targets.append((o[0] + (f.x - o[0]) * t, o[1] + (f.y - o[1]) * t))
        obj = self.objective_point(s, c.side)
        if obj is not None:
            targets.append(obj)
        cov = self.nearest_cover_point(s, c)
        if cov is not None:
            targets.append(cov)
        n = self.R.move_samples - len(targets)
        pts = []
        others = self.others_for(s, i) if c.on < 0 else None
        for t in targets:
            p = self._toward(s, i, t, reach, others)
            if p is not None:
                pts.append(p)
        for k in range(max(0, n)):
            ang = 2 * math.pi * k / max(1, n) + 0.3
            t = (o[0] + math.cos(ang) * reach, o[1] + math.sin(ang) * reach)
            p = self._toward(s, i, t, reach, others)
            if p is not None:
                pts.append(p)
        out = []
        for p in pts:
            if all(abs(p[0] - q[0]) > 0.05 or abs(p[1] - q[1]) > 0.05 for q in out):
                out.append(p)
        return out

    def _toward(self, s, i, target, reach, others=None):
        """The farthest straight point toward `target` (≤ reach) that is a legal Move."""
        c = s.chars[i]
        o = c.pos
        L = G.dist(o, target)
        if L < 0.05:
            return None
        d = min(reach, L)
        m = self.map(s)
        ground = c.on < 0
        if ground and others is None:
            others = self.others_for(s, i)
        for frac in (1.0, 0.6, 0.3):
            dd = d * frac
            if dd < 0.1:
                break
            p = G.round_inward([o, (o[0] + (target[0] - o[0]) / L * dd, o[1] + (target[1] - o[1]) / L * dd)], dd)
            if ground:
                # straight samples only: a straight clear segment is its own shortest path
                if G.dist(o, p) <= reach + 1e-6 and m.can_stand(p, others) and \
                        m.static_clear_seg(o, p) and m.bases_clear_seg(o, p, others):
                    return p
            elif self.move_plan(s, i, p, reach) is not None:
                return p
        return None

    def objective_point(self, s, side):
        t = self.trial(s)
        k = t.victory.kind
        if k == "salt":
            uses = t.victory.uses
            left = [g for g in s.graves if g[2] < uses]
            if left:
                c = [o for o in s.chars if o.side == side and o.in_play]
                if c:
                    return min(((g[0], g[1]) for g in left),
                               key=lambda g: min(G.dist(g, o.pos) for o in c))
        if k == "relic":
            if s.relic_holder < 0 and s.relic_at is not None:
                return s.relic_at
            if s.relic_holder >= 0:
                h = s.chars[s.relic_holder]
                if h.side == side:
                    return (h.x, self.sides_r if side == 0 else self.map(s).h - self.sides_r)
                return h.pos
        if k == "vigil" and t.chapel:
            return tuple(t.chapel.centre)
        return None

    def nearest_cover_point(self, s, c):
        m = self.map(s)
        best, bd = None, 1e9
        for j in m.woods + m.obstacles:
            pc = m.pieces[j]
            cx = sum(q[0] for q in pc.poly) / len(pc.poly)
            cy = sum(q[1] for q in pc.poly) / len(pc.poly)
            d = G.dist((cx, cy), c.pos)
            if d < bd:
                best, bd = (cx, cy), d
        return best

    def deploy_sample(self, s, i) -> list:
        c = s.chars[i]
        zone = self.trial(s).zones[c.side]
        xs, ys = [p[0] for p in zone], [p[1] for p in zone]
        out = []
        others = self.others_for(s, i)
        k = 0
        rng_pts = [(0.5 + 0.25 * (k % 4), 0.2 + 0.2 * (k // 4)) for k in range(16)]
        for fx, fy in rng_pts:
            x = _r2(min(xs) + (max(xs) - min(xs)) * ((fx + 0.13 * i) % 1.0))
            y = _r2(min(ys) + (max(ys) - min(ys)) * fy)
            if self.deploy_ok(s, i, (x, y), others):
                out.append((x, y))
            if len(out) >= 8:
                break
        if not out:
            for _ in range(200):
                x = _r2(min(xs) + (max(xs) - min(xs)) * ((k * 0.618) % 1.0))
                y = _r2(min(ys) + (max(ys) - min(ys)) * ((k * 0.382) % 1.0))
                k += 1
                if self.deploy_ok(s, i, (x, y), others):
                    out.append((x, y))
                    break
        return out

    def deploy_ok(self, s, i, p, others=None) -> bool:
        """BO-200: the whole base inside the zone, a legal place, not within 1" of a Foe."""
        c = s.chars[i]
        zone = self.trial(s).zones[c.side]
        m = self.map(s)
        if not G.point_in_poly(p, zone):
            return False
        zp = G.make_piece("zone", zone)
        edge = min(G._pt_seg(p, zp.poly[k - 1], zp.poly[k]) for k in range(len(zp.poly)))
        if edge < self.sides_r - 1e-6:
            return False
        others = self.others_for(s, i) if others is None else others
        if not m.can_stand(p, others):
            return False
        for o in s.chars:
            if o.side != c.side and o.in_play and math.hypot(o.x - p[0], o.y - p[1]) <= self.engage_c + 1e-6:
                return False
        return True

    # ------------------------------------------------------------------ legality
    def is_legal(self, s, seat, action) -> bool:
        try:
            return self._legal(s, seat, tuple(action))
        except (TypeError, ValueError, IndexError):
            return False

    def _legal(self, s, seat, a) -> bool:
        ds = [d for d in self.decisions(s) if d.seat == seat]
        if not ds:
            return False
        if any(a in d.actions for d in ds):
            return True
        if not a or len(a) != 3:
            return False
        x, y = a[1], a[2]
        if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
            return False
        if not (math.isfinite(x) and math.isfinite(y)):
            return False
        if s.stage == "deploy" and a[0] == "deploy":
            return self.deploy_ok(s, s.deploy_order[s.deploy_i], (float(x), float(y)))
        if s.stage == "act" and a[0] == "move":
            c = s.chars[s.act]
            return self._can_move(s, c) and self.move_plan(s, s.act, (float(x), float(y))) is not None
        return False

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, seat: int, action) -> list:
        if s.res is not None:
            raise IllegalAction("the Trial is over")
        action = tuple(action)
        if not self.is_legal(s, seat, action):
            raise IllegalAction(f"{' '.join(str(x) for x in action)} is not legal now")
        decision, action = find_decision(self.decisions(s), seat, action, _free_point)
        ev: list = FogLog(self, s) if fogged(s) else []
        s.dec = None
        s.tray = []
        self._flow.answer(s, decision, seat, action, ev)
        self._flow.settle(s, ev)
        if fogged(s):
            fog_after_step(self, s)
            return list(ev)
        return ev

    # -- the answers (decision kind -> handler, the `_flow` built in __init__) ---------
    def _answer_deploy(self, s, seat, action, ev):
        self._place(s, s.deploy_order[s.deploy_i], (float(action[1]), float(action[2])), ev)
        s.deploy_i += 1

    def _answer_initiative(self, s, seat, action, ev):
        self._start_turn_order(s, action[1], ev)

    def _answer_activate(self, s, seat, action, ev):
        self._begin_act(s, action[1], ev)

    def _answer_push(self, s, seat, action, ev):
        self._resolve_push(s, action[0] == "push", ev)

    def _answer_act(self, s, seat, action, ev):
        self.do_deed(s, s.act, action, ev)

    # ------------------------------------------------------------------ the flow
    def _run(self, s, ev):
        """Run automatic stages until someone must answer (the tests set up a stage and call it)."""
        self._flow.settle(s, ev)

    def _next_step(self, s):
        # a step may ask decisions() (the Shadow's choices) of a state it then changes
        s.dec = None
        return wait if s.res is not None else self._flow.steps[s.stage]

    def _step_deploy(self, s, ev) -> bool:
        if s.deploy_i >= len(s.deploy_order):
            s.stage = "turn_start"
            return True
        i = s.deploy_order[s.deploy_i]
        if s.chars[i].owner < 0:
            self._shadow_place(s, i, ev)
            s.deploy_i += 1
            return True
        return False

    def _step_turn_start(self, s, ev) -> bool:
        self._new_turn(s, ev)
        return True

    def _step_activate(self, s, ev) -> bool:
        from .shadow import shadow_act
        if self._check_end(s, ev):
            return False
        side = s.next_side
        if not self._ready(s, side):
            if self._ready(s, 1 - side):
                s.next_side = 1 - side
            else:
                s.stage = "turn_end"
            return True
        if self._is_shadow_side(s, side):
            shadow_act(self, s, ev)
            return True
        return False

    def _step_act(self, s, ev) -> bool:
        from .shadow import shadow_steps
        if self._check_end(s, ev):
            return False
        c = s.chars[s.act]
        if not c.in_play:
            self._end_act(s, ev)
            return True
        if c.owner < 0:
            shadow_steps(self, s, ev)
            return True
        return False

    def _step_turn_end(self, s, ev) -> bool:
        self._turn_end(s, ev)
        return True

    def _ready(self, s, side) -> bool:
        return any(c.side == side and c.in_play and not c.tired for c in s.chars)

    def _place(self, s, i, p, ev):
        c = s.chars[i]
        c.x, c.y = p
        c.z, c.on = 0.0, -1
        c.deployed = True
        ev.append(_E("deploy", {"piece": c.id, "index": i, "at": [_r2(c.x), _r2(c.y)]}))

    def _shadow_place(self, s, i, ev):
        c = s.chars[i]
        zone = self.trial(s).zones[c.side]
        xs, ys = [p[0] for p in zone], [p[1] for p in zone]
        others = self.others_for(s, i)
        spots = s.rng.stream("shadow_deploy")
        for _ in range(400):
            p = (_r2(min(xs) + (max(xs) - min(xs)) * self._rand(s, spots)),
                 _r2(min(ys) + (max(ys) - min(ys)) * self._rand(s, spots)))
            if self.deploy_ok(s, i, p, others):
                self._place(s, i, p, ev)
                return
        for p in self.deploy_sample(s, i):
            self._place(s, i, p, ev)
            return
        c.ooa = True    # no room at all: it never enters (cannot happen with the bundled maps)
        c.deployed = True

    def _new_turn(self, s, ev):
        """BO-121 (1)–(2)."""
        s.turn += 1
        trial = self.trial(s)
        for c in s.chars:
            c.tired = False
        ev.append(_E("turn", {"turn": s.turn, "of": trial.turns}))
        if s.turn > 1 and trial.sight_per_turn:
            s.sight = min(self.R.sight_max, s.sight + trial.sight_per_turn)
            ev.append(_E("sight", {"sight": s.sight}))
        s.lightning = False
        if s.weather == "storm":
            r = self._roll(s, "storm")
            s.lightning = r >= self.R.storm_lightning
            ev.append(_E("roll", {"purpose": "storm", "dice": [r], "lightning": s.lightning}))
        if s.mode == "solo":
            rf = trial.shadow.reinforcements
            if rf and s.turn >= rf.from_turn:
                for key in rf.every_turn:
                    self._reinforce(s, key, ev)
        # initiative (BO-121 (2), BO-200)
        while True:
            rolls = []
            for side in (0, 1):
                bonus = max([c.st.leader for c in s.chars if c.side == side and c.in_play] + [0])
                r = self._roll(s, "initiative", side)
                rolls.append((r, bonus))
            a, b = rolls[0][0] + rolls[0][1], rolls[1][0] + rolls[1][1]
            ev.append(_E("roll", {"purpose": "initiative", "dice": [rolls[0][0], rolls[1][0]],
                                  "bonus": [rolls[0][1], rolls[1][1]], "totals": [a, b]}))
            if a != b:
                break
        win = 0 if a > b else 1
        if self._is_shadow_side(s, win):
            self._start_turn_order(s, win, ev)
        else:
            s.pending = (win, (a, b))
            s.stage = "initiative"

    def _reinforce(self, s, key, ev):
        m = self.map(s)
        st = self.profile_stats(key)
        i = len(s.chars)
        c = new_char(f"s{i + 1}", 1, -1, st)
        s.chars.append(c)
        r = self.sides_r + 0.01
        others = self.others_for(s, i)
        spots = s.rng.stream("reinforcement")
        for _ in range(60):
            edge = self.pick(s, 4, "reinforcement")
            u = self._rand(s, spots)
            if edge == 0:
                p = (r + (m.w - 2 * r) * u, r)
            elif edge == 1:
                p = (r + (m.w - 2 * r) * u, m.h - r)
            elif edge == 2:
                p = (r, r + (m.h - 2 * r) * u)
            else:
                p = (m.w - r, r + (m.h - 2 * r) * u)
            p = (_r2(p[0]), _r2(p[1]))
            if m.can_stand(p, others) and all(math.hypot(o.x - p[0], o.y - p[1]) > self.engage_c + 1e-6
                                              for o in s.chars if o.side == 0 and o.in_play):
                c.x, c.y = p
                c.deployed = True
                ev.append(_E("reinforce", {"piece": c.id, "index": i, "key": key, "at": [p[0], p[1]]}))
                ev.append(_E("log", {"key": "ordeals.log.reinforce", "params": {"piece": c.id}}))
                return
        c.deployed = True
        c.ooa = True      # no room anywhere on the edges: it does not come

    def _start_turn_order(self, s, first, ev):
        s.first_side = s.next_side = first
        s.pending = None
        s.stage = "activate"
        ev.append(_E("first", {"side": first}))

    def _begin_act(self, s, i, ev):
        c = s.chars[i]
        s.act = i
        s.spent = s.moves = 0
        s.counts = {}
        s.aimed = False
        c.guard = False            # BO-124: Guard lasts until its next Act
        s.stage = "act"
        ev.append(_E("act", {"piece": c.id, "index": i, "side": c.side}))

    def _end_act(self, s, ev):
        i = s.act
        if i >= 0:
            c = s.chars[i]
            c.tired = True
            ev.append(_E("tired", {"piece": c.id, "index": i}))
        s.act = -1
        s.spent = 0
        s.counts = {}
        s.aimed = False
        side = s.chars[i].side if i >= 0 else s.next_side
        s.next_side = 1 - side
        s.stage = "activate"

    def _turn_end(self, s, ev):
        trial = self.trial(s)
        if s.turn >= trial.turns:
            self._final(s, ev)
            return
        s.stage = "turn_start"

    # ------------------------------------------------------------------ Deeds
    def _spend(self, s, deed, cost, ev):
        s.spent += cost
        s.counts[deed] = s.counts.get(deed, 0) + 1
        c = s.chars[s.act]
        ev.append(_E("deed", {"piece": c.id, "index": s.act, "deed": deed, "cost": cost,
                              "left": self.R.deeds_per_act - s.spent}))

    def move_along(self, s, i, path, ev):
        """A Move Deed along a path already checked (the Shadow's, ground_path_ok)."""
        c = s.chars[i]
        self._move(s, i, path[-1], ev, path=path)
        if s.res is None and s.stage == "act" and s.act == i and (s.spent >= self.R.deeds_per_act or not c.in_play):
            self._end_act(s, ev)

    def do_deed(self, s, i, action, ev):
        """Carry out one Deed of the active character (players and the Shadow alike)."""
        verb = action[0]
        c = s.chars[i]
        if verb == "end":
            self._end_act(s, ev)
            return
        if verb == "move":
            self._move(s, i, (float(action[1]), float(action[2])), ev)
        elif verb == "stand":
            self._spend(s, "stand", self.cost["stand"], ev)
            c.down = False
            ev.append(_E("status", {"piece": c.id, "status": "down", "value": False}))
        elif verb == "assault":
            engaged_start = self.is_engaged(s, c)
            self._spend(s, "assault", self.cost["assault"], ev)
            self._assault(s, i, action[1], ev, engaged_start)
        elif verb == "fire":
            self._spend(s, "fire", c.st.fire_cost, ev)
            self._fire(s, i, action[1], ev)
        elif verb == "aim":
            self._spend(s, "aim", self.cost["aim"], ev)
            s.aimed = True
        elif verb == "aid":
            self._spend(s, "aid", self.cost["aid"], ev)
            o = s.chars[action[1]]
            o.down = False          # BO-123: Tired and activation untouched
            ev.append(_E("status", {"piece": o.id, "status": "down", "value": False, "by": c.id}))
        elif verb == "climb":
            self._climb(s, i, action[1], ev)
        elif verb == "guard":
            self._spend(s, "guard", self.cost["guard"], ev)
            c.guard = True
            ev.append(_E("status", {"piece": c.id, "status": "guard", "value": True}))
            if s.stage == "act" and s.act == i:
                self._end_act(s, ev)
            return
        elif verb == "hide":
            self._spend(s, "hide", self.cost["hide"], ev)
            c.hidden = True
            ev.append(_E("status", {"piece": c.id, "status": "hidden", "value": True}))
        elif verb == "use":
            self._use(s, i, action, ev)
        if s.res is None and s.stage == "act" and s.act == i and (s.spent >= self.R.deeds_per_act or not c.in_play):
            self._end_act(s, ev)

    def ground_path_ok(self, s, i, path, reach, others=None) -> bool:
        """Whether a given ground path is a legal Move for character i: within its
        allowance, clear of walls and bases, ending where a base may stand."""
        c = s.chars[i]
        if c.on >= 0:
            return False
        m = self.map(s)
        if m.path_length(path) > reach + 1e-6:
            return False
        if others is None:
            others = self.others_for(s, i)
        if not m.can_stand(path[-1], others):
            return False
        return all(m.static_clear_seg(a, b) and m.bases_clear_seg(a, b, others) for a, b in zip(path, path[1:]))

    def _move(self, s, i, dest, ev, path=None):
        c = s.chars[i]
        reach = self.allowance(s, c)
        plan = (path, 0.0) if path is not None and self.ground_path_ok(s, i, path, reach) \
            else self.move_plan(s, i, dest, reach)
        if plan is None:
            raise IllegalAction("that point cannot be reached")
        path, fall = plan
        self._spend(s, "move", self.cost["move"], ev)
        s.moves += 1
        m = self.map(s)
        from_top = c.on >= 0 and c.z >= m.pieces[c.on].height - 1e-9
        stays_top = from_top and m.inside_top(path[-1], c.on)
        foes = self.stopping_foes(s, c, stays_top)
        walked, stopped = m.stop_at_foes(path, foes)
        end = walked[-1]
        if not stopped and any(G.dist(end, f) <= self.engage_c + 1e-6 for f in foes):
            stopped = True        # a path already cut at a Foe's 1" (move_check) ends on it
        if from_top and not stays_top and stopped:
            if m.inside_top(end, c.on):
                stays_top = True          # stopped by a Foe before the edge: still on top
            else:
                # over the edge: the base comes down where it can stand, on toward dest
                ground = self.others_for(s, i)
                a, b = end, path[-1]
                L = G.dist(a, b)
                k = 0
                while not m.can_stand(end, ground) and k < 200:
                    k += 1
                    t = min(1.0, k * 0.05 / L) if L > 0 else 1.0
                    end = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                    if t >= 1.0:
                        break
                walked = walked[:-1] + [end]
        # a point on the Engagement ring stays exact (rounding could undo the Engagement);
        # any other end goes on the 0.01" grid without lengthening the Move (BO-130)
        c.x, c.y = (end if stopped else G.round_inward(walked, max(reach, m.path_length(walked))))
        if not stays_top:
            c.z, c.on = 0.0, -1
        # rounding may nudge into a base: step back along the path if so
        if not m.can_stand(c.pos, self.others_for(s, i, c.on if stays_top else -1), on=c.on if stays_top else -1):
            c.x, c.y = end
        ev.append(_E("move", {"piece": c.id, "index": i, "path": [[_r2(p[0]), _r2(p[1])] for p in walked],
                              "to": [_r2(c.x), _r2(c.y)], "z": c.z, "engaged": stopped, "reach": reach}))
        if fall > 0:
            h = G.fall_harm(fall, self.R.safe_drop)
            if h > 0:
                self.harm(s, i, h, ev, source="fall", ignore_ward=True)
        if c.in_play and c.hidden:
            self._reveal_check(s, i, ev)
        if c.in_play:
            self._relic_exit(s, i, ev)

    def _reveal_check(self, s, i, ev):
        """BO-138/195: ending a Move in a Foe's sight without cover from it reveals."""
        c = s.chars[i]
        for o in s.chars:
            if o.side != c.side and o.in_play and not self.shrouded(s, o, c) and self.los(s, o, c) \
                    and not self.in_cover(s, o, c):
                c.hidden = False
                ev.append(_E("status", {"piece": c.id, "status": "hidden", "value": False}))
                return

    def _climb(self, s, i, j, ev):
        c = s.chars[i]
        cost = 1 if c.st.rope else self.cost["climb"]
        spot = self._climb_spot(s, i, c.on if j == -1 else j, up=(j != -1))
        if spot is None:
            raise IllegalAction("no climb there")
        self._spend(s, "climb", cost, ev)
        c.x, c.y, c.z, c.on = spot
        ev.append(_E("climb", {"piece": c.id, "index": i, "to": [c.x, c.y], "z": c.z, "on": c.on}))

    def _use(self, s, i, action, ev):
        c = s.chars[i]
        what = action[1]
        self._spend(s, "use", self.cost["use"], ev)
        if what == "lantern":
            c.lit = not c.lit
            if c.lit and c.hidden:
                c.hidden = False
                ev.append(_E("status", {"piece": c.id, "status": "hidden", "value": False}))
            ev.append(_E("status", {"piece": c.id, "status": "lit", "value": c.lit}))
        elif what == "draught":
            o = s.chars[action[2]]
            heal = min(o.harm, self.data.recruitment.items["healing_draught"].heal)
            o.harm -= heal
            c.draughts -= 1
            ev.append(_E("heal", {"piece": o.id, "index": action[2], "amount": heal, "total": o.harm, "by": c.id}))
        elif what == "grave":
            g = s.graves[action[2]]
            g[2] += 1
            ev.append(_E("objective", {"kind": "grave", "index": action[2], "uses": g[2],
                                       "of": self.trial(s).victory.uses, "by": c.id}))
            self._check_end(s, ev)
        elif what == "relic":
            s.relic_holder = i
            c.carrying = True
            ev.append(_E("objective", {"kind": "relic", "carrier": c.id, "index": i}))

    def _relic_exit(self, s, i, ev):
        c = s.chars[i]
        if not c.carrying:
            return
        m = self.map(s)
        edge_y = 0.0 if c.side == 0 else m.h
        if abs(c.y - edge_y) <= self.sides_r + self.R.contact + 1e-6:
            ev.append(_E("objective", {"kind": "relic_out", "carrier": c.id, "side": c.side}))
            self._finish(s, c.side, "ordeals.reason.relic", ev)

    # -- opposed rolls ------------------------------------------------------------------
    def roll_die(self, s, adv: int, role: str):
        """BO-012/197: adv > 0 keeps the higher of two D12, adv < 0 the lower. `role`
        ("attacker" or "defender") keys the combat dice: in a search, a candidate that
        rolls with Advantage leaves the defender's die as another candidate met it."""
        if adv == 0:
            d = self._roll(s, "combat", role)
            return [d], d
        a, b = self._roll(s, "combat", role), self._roll(s, "combat", role)
        return [a, b], (max(a, b) if adv > 0 else min(a, b))

    def might(self, c, assault=False) -> int:
        m = c.st.might + (self.R.down_might if c.down else 0)
        if assault:
            m += c.st.brawler
        return m

    def ward(self, c) -> int:
        return c.st.ward + (self.R.guard_ward if c.guard else 0)

    def _assault(self, s, i, j, ev, engaged_start):
        """BO-009/131/132/116."""
        a, d = s.chars[i], s.chars[j]
        dist = math.hypot(a.x - d.x, a.y - d.y) - self.R.base
        reach_only = dist > self.R.engage + 1e-6
        bonus_a = self.R.hidden_bonus if a.hidden else 0
        if a.hidden:
            a.hidden = False
            ev.append(_E("status", {"piece": a.id, "status": "hidden", "value": False}))
        if d.hidden:
            d.hidden = False
            ev.append(_E("status", {"piece": d.id, "status": "hidden", "value": False}))
        da, ka = self.roll_die(s, 0, "attacker")
        dd, kd = self.roll_die(s, 0, "defender")
        ta = ka + self.might(a, True) + bonus_a
        td = kd + self.might(d, True)
        winner = i if ta > td else (j if td > ta else -1)
        ev.append(_E("roll", {"purpose": "assault", "attacker": a.id, "defender": d.id, "a_dice": da, "a_keep": ka,
                              "a_total": ta, "d_dice": dd, "d_keep": kd, "d_total": td,
                              "winner": None if winner < 0 else s.chars[winner].id, "reach": reach_only}))
        if winner < 0:
            return
        if reach_only and winner == j:
            return                  # BO-116: the defender of a Reach Assault deals nothing
        w, l = s.chars[winner], s.chars[i if winner == j else j]
        li = i if winner == j else j
        dmg = abs(ta - td) + w.st.melee_damage
        self.harm(s, li, dmg, ev, source="assault")
        if l.in_play and not reach_only and s.res is None:
            if w.owner < 0:
                if w.st.behaviour == "skirmisher":
                    self._push(s, winner, li, ev)
            else:
                s.pending = (winner, li, s.stage)
                s.stage = "push"

    def _resolve_push(self, s, push, ev):
        w, l, back = s.pending
        s.pending = None
        s.stage = back
        if push:
            self._push(s, w, l, ev)
        else:
            ev.append(_E("log", {"key": "ordeals.log.stay", "params": {"piece": s.chars[w].id}}))
        if s.stage == "act" and s.act >= 0:
            c = s.chars[s.act]
            if s.res is None and (s.spent >= self.R.deeds_per_act or not c.in_play):
                self._end_act(s, ev)

    def _push(self, s, wi, li, ev):
        """BO-132/199: the loser goes 2" straight away from the winner."""
        w, l = s.chars[wi], s.chars[li]
        m = self.map(s)
        others = [(o.x, o.y) for k, o in enumerate(s.chars) if k != li and o.in_play and
                  (o.on == l.on if l.on >= 0 else not (o.on >= 0 and o.z >= m.pieces[o.on].height - 1e-9))]
        on = l.on if (l.on >= 0 and l.z >= m.pieces[l.on].height - 1e-9) else -1
        start = l.pos
        below = self.others_for(s, li) if on >= 0 else ()
        end, fell = m.push_line(start, w.pos, self.R.push, others, on, below)
        l.x, l.y = _r2(end[0]), _r2(end[1])
        drop = 0.0
        if fell:
            drop = l.z
            l.z, l.on = 0.0, -1
        ev.append(_E("push", {"piece": l.id, "index": li, "by": w.id, "from": [_r2(start[0]), _r2(start[1])],
                              "to": [l.x, l.y], "fell": fell}))
        if drop > 0:
            h = G.fall_harm(drop, self.R.safe_drop)
            if h > 0:
                self.harm(s, li, h, ev, source="fall", ignore_ward=True)

    def fire_modifiers(self, s, i, j) -> tuple:
        """(advantage, disadvantage) for a Fire of i at j (BO-103/133/135/153)."""
        a, t = s.chars[i], s.chars[j]
        adv = 1 if s.aimed else 0
        dis = 0
        if self.in_cover(s, a, t):
            dis = 1
        if not dis:
            for k in self.engaged_with(s, t):
                if s.chars[k].side == a.side:
                    dis = 1
                    break
        if not dis and s.weather == "rain" and math.hypot(a.x - t.x, a.y - t.y) - self.R.base > self.R.rain_far:
            dis = 1
        return adv, dis

    def _fire(self, s, i, j, ev):
        """BO-011/133."""
        a, t = s.chars[i], s.chars[j]
        adv, dis = self.fire_modifiers(s, i, j)
        s.aimed = False
        bonus = self.R.hidden_bonus if a.hidden else 0
        if a.hidden:
            a.hidden = False
            ev.append(_E("status", {"piece": a.id, "status": "hidden", "value": False}))
        if t.hidden:
            t.hidden = False
            ev.append(_E("status", {"piece": t.id, "status": "hidden", "value": False}))
        da, ka = self.roll_die(s, adv - dis, "attacker")
        dd, kd = self.roll_die(s, 0, "defender")
        ta = ka + a.st.aim + bonus
        td = kd + self.might(t)
        hit = ta > td
        ev.append(_E("roll", {"purpose": "fire", "attacker": a.id, "defender": t.id, "a_dice": da, "a_keep": ka,
                              "a_total": ta, "d_dice": dd, "d_keep": kd, "d_total": td, "advantage": adv,
                              "disadvantage": dis, "winner": a.id if hit else t.id}))
        if hit:
            self.harm(s, j, ta - td + a.st.fire_damage, ev, source="fire")

    def harm(self, s, j, dmg, ev, source, ignore_ward=False):
        """BO-013/017/111/136: damage less Ward is Harm; 4+ Knocks Down; Grit ends it."""
        t = s.chars[j]
        h = max(0, dmg if ignore_ward else dmg - self.ward(t))
        t.harm += h
        down = False
        if h >= t.st.knock_down and not t.down:
            t.down = down = True
        ooa = t.harm >= t.st.grit
        ev.append(_E("harm", {"piece": t.id, "index": j, "damage": dmg, "amount": h, "total": t.harm,
                              "grit": t.st.grit, "down": down, "ooa": ooa, "source": source}))
        if ooa:
            t.ooa = True
            t.hidden = False
            if t.carrying:
                t.carrying = False
                s.relic_holder = -1
                s.relic_at = (t.x, t.y)
                ev.append(_E("objective", {"kind": "relic_dropped", "at": [_r2(t.x), _r2(t.y)]}))
            ev.append(_E("log", {"key": "ordeals.log.ooa", "params": {"piece": t.id}}))
            self._check_end(s, ev)

    # ------------------------------------------------------------------ victory
    def lost_value(self, s, side) -> int:
        return sum(c.st.value for c in s.chars if c.side == side and c.ooa and c.deployed)

    def _check_end(self, s, ev) -> bool:
        """Immediate ends: a side wiped out, an objective achieved (BO-171)."""
        if s.res is not None:
            return True
        if s.stage == "deploy":
            return False
        alive = [any(c.side == side and c.in_play for c in s.chars) for side in (0, 1)]
        trial = self.trial(s)
        k = trial.victory.kind
        if s.mode == "solo":
            if not alive[0]:
                self._finish(s, 1, "ordeals.reason.fallen", ev)
                return True
            if k == "rout" and not alive[1]:
                self._finish(s, 0, "ordeals.reason.rout", ev)
                return True
            if k == "slay" and any(c.st.key == trial.victory.profile and c.ooa for c in s.chars):
                self._finish(s, 0, "ordeals.reason.slain", ev)
                return True
            if k == "salt" and s.graves and all(g[2] >= trial.victory.uses for g in s.graves):
                self._finish(s, 0, "ordeals.reason.salted", ev)
                return True
            return False
        if not alive[0] or not alive[1]:
            self._finish(s, 0 if alive[0] else (1 if alive[1] else -1), "ordeals.reason.rout", ev)
            return True
        if k == "salt" and s.graves and all(g[2] >= trial.victory.uses for g in s.graves):
            # versus: the side whose characters stand nearer the graves took the most part
            self._finish(s, self._versus_by_value(s), "ordeals.reason.salted", ev)
            return True
        return False

    def _versus_by_value(self, s) -> int:
        a, b = self.lost_value(s, 1), self.lost_value(s, 0)   # Foes taken by side 0, by side 1
        return 0 if a > b else (1 if b > a else -1)

    def _final(self, s, ev):
        """End of the last Turn (BO-171)."""
        trial = self.trial(s)
        k = trial.victory.kind
        if s.mode == "solo":
            win = False
            if k == "rout":
                win = self.lost_value(s, 1) > self.lost_value(s, 0)
            elif k == "vigil":
                ch = trial.chapel
                win = any(c.side == 0 and c.in_play and
                          math.hypot(c.x - ch.centre[0], c.y - ch.centre[1]) <= ch.radius + 1e-6 for c in s.chars)
            self._finish(s, 0 if win else 1, "ordeals.reason.end" if win else "ordeals.reason.time", ev)
            return
        if k == "vigil" and trial.chapel:
            ch = trial.chapel
            n = [sum(1 for c in s.chars if c.side == side and c.in_play and
                     math.hypot(c.x - ch.centre[0], c.y - ch.centre[1]) <= ch.radius + 1e-6) for side in (0, 1)]
            if n[0] != n[1]:
                self._finish(s, 0 if n[0] > n[1] else 1, "ordeals.reason.vigil", ev)
                return
        self._finish(s, self._versus_by_value(s), "ordeals.reason.value", ev)

    def _finish(self, s, side, reason, ev):
        if s.res is not None:
            return
        rw = self.R.rewards
        if s.mode == "solo":
            won = side == 0
            rewards = []
            for seat in range(s.n):
                mine = [c for c in s.chars if c.owner == seat]
                share = sum(1 for c in mine if not c.ooa) / max(1, len(mine))
                rewards.append(round((rw.win if won else 0.0) + rw.share * share, 4))
            scores = tuple(self.lost_value(s, 1) for _ in range(s.n))
            s.res = Result(tuple(range(s.n)) if won else (), scores, reason,
                           {"trial": s.trial, "turn": s.turn, "shadow_lost": self.lost_value(s, 1),
                            "company_lost": self.lost_value(s, 0)},
                           side=PLAYERS if won else GAME, rewards=tuple(rewards))
        else:
            winners = () if side < 0 else (s.seat_side.index(side),)
            scores = (self.lost_value(s, 1), self.lost_value(s, 0))
            s.res = Result(winners, scores, reason, {"trial": s.trial, "turn": s.turn})
        s.stage = "over"
        s.dec = None
        ev.append(_E("game_over", {"winners": list(s.res.winners), "side": s.res.side, "reason": reason,
                                   "scores": list(s.res.scores)}))


def _free_point(decision, action):
    """A point off the listed sample is the free choice itself (`is_legal` already
    measured it); only a decision with a free choice takes one."""
    return action if decision.free is not None else None
