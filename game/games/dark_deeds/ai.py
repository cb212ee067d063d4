"""Dark Deeds agents.

- `HeuristicAgent` (easy / normal): DD-131. Works out the exact P(2d6 + bonus >= N) for every
  Guard in the way and for the take-down, and picks the target with the best expected
  Favour minus the cost of Suspicion (arrest risk) and of new chasers. Lays Low when arrest
  looms, values Tavern cards and Loot, plays Plots with simple timing rules, answers
  Foiled!/Sod Off! windows by what is at stake, weighs the Dark Deeds in hand.
  `easy` makes a casual player's mistakes: it looks only at the take-down odds (not the
  Guards in the way), ignores its Dark Deeds when choosing, never holds Foiled! back for
  a big moment (plays it on anything) and never plays Sod Off!.
- `hard`: the heuristic with a one-turn lookahead, see `HardAgent` (and AGENT NOTES below).
- `determinize(view, seat, rng)`: a full state consistent with what `seat` sees, for ISMCTS.

Agents read only the view they are given and the static card data (public knowledge).
"""
from __future__ import annotations

import time

from ...ai.analysis import KEPT_POLICY, Analysis, distinct
from ...ai.candidates import CandidateSearch, Round, SearchContext, unsearched
from ...ai.levels import level_agent
from ...core.rng import RNG, fix_chance
from .rules import p_success
from .state import LOOT_TYPES, State

# Value of a Plot in hand (in Favour-equivalents), before context.
PLOT_VALUE = {"foiled": 1.0, "sod_off": 0.6, "pass_the_buck": 0.8, "snitch": 0.9, "gift_of_the_gab": 0.9,
              "mine": 0.6, "sleight_of_hand": 0.8, "dirty_fighting": 0.7, "loaded_dice": 0.7,
              "bribe": 1.0, "poach": 0.3, "frame_up": 0.6}
# Rough chance per own turn that a Dark Deed's trigger comes up (used for its hand value).
DEED_RATE = {"rob": 0.16, "defeat": 0.07, "sneak": 0.04, "roll": 0.05, "gain_loot": 0.18,
             "lay_low": 0.04, "arrested": 0.05, "suspicion": 0.06, "take_coin": 0.15,
             "plot_suspicion": 0.05}
SUSPICION_COST = 0.3


class Ctx:
    """The facts a decision needs, read from a view (agents) or a state (rollouts)."""
    __slots__ = ("me", "n", "active", "street", "chasing", "loot", "susp", "msm", "hand",
                 "hand_counts", "street_deck", "tavern", "loot_up", "loot_deck", "target",
                 "target_where", "passed", "score_counts", "turn", "tavern_discard", "known")


def ctx_from_view(v) -> Ctx:
    c = Ctx()
    c.me = v["seat"]
    c.n = v["players"]
    c.active = v["active"]
    c.street = v["street"]
    seats = v["seats"]
    c.chasing = [p["chasing"] for p in seats]
    c.loot = [p["loot"] for p in seats]
    c.susp = [p["suspicion"] for p in seats]
    c.msm = v["msm"]
    c.hand = seats[c.me].get("hand", [])
    c.hand_counts = [p["hand_count"] for p in seats]
    c.score_counts = [p["score_count"] for p in seats]
    c.street_deck = v["street_deck"]
    c.tavern = v["tavern"]
    c.loot_up = {t: v["loot"][t]["face_up"] for t in LOOT_TYPES}
    c.loot_deck = {t: v["loot"][t]["deck"] for t in LOOT_TYPES}
    c.target = v["target"]
    c.target_where = v["flow"]["target_where"]
    c.passed = v["passed"]
    c.turn = v["turn"]
    c.tavern_discard = v["tavern_discard"]
    c.known = [p.get("known_hand", p.get("hand", [])) for p in seats]
    return c


def ctx_from_state(s: State, seat: int) -> Ctx:
    c = Ctx()
    c.me, c.n, c.active = seat, s.n, s.active
    c.street, c.chasing, c.loot, c.susp, c.msm = s.street, s.chasing, s.loot, s.susp, s.msm
    c.hand = s.hands[seat]
    c.hand_counts = [len(h) for h in s.hands]
    c.score_counts = [len(p) for p in s.score]
    c.street_deck = len(s.street_deck)
    c.tavern = s.tavern
    c.loot_up = s.loot_up
    c.loot_deck = {t: len(s.loot_deck[t]) for t in LOOT_TYPES}
    c.target, c.target_where, c.passed, c.turn = s.target, s.target_where, s.passed, s.turn
    c.tavern_discard = s.tavern_discard
    c.known = s.known
    return c


def _highest(acts, value, best=None, best_v=-1e9):
    """The action of highest `value(a)` above `best_v`, the first of equals (a value of
    None: not a candidate); `best` when none is above."""
    for a in acts:
        v = value(a)
        if v is not None and v > best_v:
            best, best_v = a, v
    return best


class Brain:
    """The heuristic itself, shared by the agents and the rollout policy."""

    def __init__(self, rules, level="normal"):
        self.R = rules
        self.cards = rules.cards
        self.level = level
        self.easy = level == "easy"
        arrest = rules.arrest_at
        self.arrest = arrest
        loot_vals = {}
        for cid, card in rules.cards.items():
            if card.kind == "loot":
                loot_vals[cid] = self._loot_value(card)
        self.loot_val = loot_vals
        self.avg_loot = {t: sum(loot_vals[c] for c in rules.data.loot_ids[t]) / len(rules.data.loot_ids[t])
                         for t in LOOT_TYPES}
        # decision kind -> how the heuristic picks (a kind not here takes the first action)
        self.pickers = {
            "target": self._own_play_first("target", self._k_target), "sneak_order": self._k_sneak_order,
            "roll": self._k_roll, "after_roll": self._k_after_roll, "reaction": self._k_reaction,
            "loot_choice": self._k_loot_choice, "tavern": self._own_play_first("tavern", self._k_tavern),
            "stock": self._own_play_first("stock", lambda c, d, acts: ("proceed",)),
            "discard": self._k_discard, "deed_choice": self._k_deed_choice,
            "msm_tiebreak": self._k_msm_tiebreak, "loot": self._k_loot,
        }

    # -- static values ------------------------------------------------------------------
    @staticmethod
    def _loot_value(card):
        if card.use == "permanent":
            return 0.9 * (card.strength + card.cunning) + (0.2 if card.strength and card.cunning else 0)
        if card.use == "once":
            if card.op == "roll_bonus":
                return 0.35 * card.effect_params["n"]
            if card.op == "auto_pass":
                return 0.9
            return 0.8
        return 0.0

    def turns_left(self, c: Ctx) -> float:
        on_street = sum(1 for x in c.street if x is not None)
        return max(0.5, (c.street_deck + on_street) / 1.4 / c.n)

    def deed_p(self, c: Ctx, deed) -> float:
        card = self.cards[deed]
        q = DEED_RATE.get(card.on, 0.05)
        on, w = card.on, card.when
        me = c.me
        if on == "defeat" and w.get("where") == "chasing":
            kind = w.get("kind")
            if any(self.cards[x].kind == kind for x in c.chasing[me]):
                q = 0.3
        elif on == "gain_loot" and w.get("min_held") and len(c.loot[me]) >= w["min_held"]:
            q = 0.35
        elif on == "arrested" and c.susp[me] >= self.arrest - 3:
            q = 0.25
        elif on == "plot_suspicion" and any(self.cards[x].op == "move_suspicion" for x in c.hand):
            q = 0.6
        elif on == "rob" and w.get("slot"):
            q = 0.3
        elif on == "suspicion" and c.susp[me] >= w.get("min", 99) - 4:
            q = 0.2
        return 1 - (1 - q) ** self.turns_left(c)

    def deed_value(self, c, deed) -> float:
        p = self.deed_p(c, deed)
        return (2 * p - 1) * self.cards[deed].favour

    def card_value(self, c: Ctx, cid) -> float:
        card = self.cards[cid]
        if card.kind == "deed":
            return self.deed_value(c, cid) if not self.easy else 0.5
        v = PLOT_VALUE.get(card.key, 0.5)
        me = c.me
        if card.op == "lose_suspicion":
            v += 0.1 * c.susp[me]
        elif card.op == "pass_guard":
            v += 0.4 * sum(1 for x in c.chasing[me] if self.cards[x].kind == "guard")
        elif card.op == "give_deed":
            v += 0.3 * sum(1 for x in c.hand if self.cards[x].kind == "deed")
        return v

    # -- suspicion and bonuses ----------------------------------------------------------
    def cunning(self, c, seat):
        return sum(self.cards[x].cunning for x in c.loot[seat])

    def strength(self, c, seat):
        return sum(self.cards[x].strength for x in c.loot[seat])

    def guards_on(self, c, seat):
        return sum(1 for x in c.chasing[seat] if self.cards[x].kind == "guard")

    def susp_cost(self, c, seat, extra) -> float:
        if extra <= 0:
            return 0.0
        s = c.susp[seat]
        new = s + extra
        cost = SUSPICION_COST * extra
        danger = self.guards_on(c, seat) > 0 or c.msm == seat or new > max(c.susp)
        if danger and new >= self.arrest - 2:
            cost += 0.25 * sum(self.loot_val[x] for x in c.loot[seat]) + 0.3 * extra
        return cost

    def leader(self, c, exclude=None):
        best, best_v = None, -1e9
        for i in range(c.n):
            if i == exclude:
                continue
            v = c.score_counts[i] * 2 + 0.1 * len(c.loot[i])
            if v > best_v:
                best, best_v = i, v
        return best

    # -- target choice --------------------------------------------------------------------
    def chain(self, c, where, slot, tgt):
        """The Guards to sneak past for a target (card ids)."""
        me = c.me
        K = self.cards
        out = []
        if not (where == "chasing" and K[tgt].kind == "guard"):
            out = [g for g in c.chasing[me] if K[g].kind == "guard" and g != tgt]
        if where == "street":
            for i in range(len(c.street) - 1, slot - 1, -1):
                g = c.street[i]
                if g is not None and K[g].kind == "guard":
                    out.append(g)
        return out

    def target_value(self, c, where, slot, tgt) -> float:
        me = c.me
        card = self.cards[tgt]
        hand = c.hand
        K = self.cards
        # the Guards in the way
        p_chain = 1.0
        if not self.easy:
            cun = self.cunning(c, me)
            bribes = sum(1 for x in hand if K[x].op == "auto_pass") + \
                sum(1 for x in c.loot[me] if K[x].op == "auto_pass")
            ps = sorted(p_success(K[g].perception, cun) for g in self.chain(c, where, slot, tgt))
            for i, p in enumerate(ps):
                p_chain *= 1.0 if (i < bribes and p < 0.85) else p
        # the take-down
        if card.is_citizen:
            bonus = self.cunning(c, me)
            extra = 2 if any(K[x].key == "sleight_of_hand" for x in hand) else 0
            need = card.perception
        else:
            bonus = self.strength(c, me)
            extra = 0
            for x in hand:
                if K[x].op == "roll_bonus" and "attack" in K[x].effect_params["rolls"]:
                    extra = max(extra, K[x].effect_params["n"])
            for x in c.loot[me]:
                if K[x].op == "roll_bonus" and "attack" in K[x].effect_params["rolls"] \
                        and K[x].effect_params.get("vs") in (None, card.kind):
                    extra = max(extra, K[x].effect_params["n"])
            need = card.defence
        p_take = p_success(need, bonus + (0 if self.easy else extra))
        fav = card.favour
        v_ok = fav - self.susp_cost(c, me, fav)
        v_fail = 0.0
        if card.is_citizen:
            v_ok += 0.8 * self.avg_loot[card.kind] + 0.3
        elif card.kind == "nemesis":
            if where == "chasing":
                v_ok += fav                       # its end-of-game penalty is gone too
            elif slot == len(c.street):
                v_ok += 0.7 * fav                 # it would chase me at Take Stock
        else:                                     # guard
            if where == "chasing":
                v_ok += 0.6 + (0.8 if c.susp[me] >= self.arrest - 4 else 0)
                v_fail = -self.susp_cost(c, me, 1)
            else:
                v_fail = -self.susp_cost(c, me, 1) - 0.9 - (0.8 if c.susp[me] >= self.arrest - 3 else 0)
        if not self.easy:
            for d in hand:
                dc = K[d]
                if dc.kind == "deed" and self._would_complete(c, dc, where, slot, tgt):
                    v_ok += 2 * dc.favour
                    break
        return p_chain * (p_take * v_ok + (1 - p_take) * v_fail)

    def _would_complete(self, c, dc, where, slot, tgt):
        card = self.cards[tgt]
        w = dc.when
        if dc.on == "rob" and card.is_citizen:
            return ((w.get("citizen_type") is None or card.kind == w["citizen_type"])
                    and card.perception >= w.get("min_perception", 0) and card.favour >= w.get("min_favour", 0)
                    and (w.get("slot") is None or (where == "street" and slot == w["slot"])))
        if dc.on == "defeat" and not card.is_citizen:
            return ((w.get("kind") is None or w["kind"] == card.kind)
                    and (w.get("where") is None or w["where"] == where)
                    and len(self.chain(c, where, slot, tgt)) >= w.get("min_passed", 0))
        if dc.on == "sneak":
            return len(self.chain(c, where, slot, tgt)) >= w["min_count"]
        if dc.on == "suspicion":
            return c.susp[c.me] < w["min"] <= c.susp[c.me] + card.favour
        return False

    # -- the decisions ----------------------------------------------------------------------
    def pick(self, c: Ctx, d, rng=None):
        k = d.kind
        acts = d.actions
        if len(acts) == 1:
            return acts[0]
        fn = self.pickers.get(k)
        if fn is None:
            return acts[0]
        return fn(c, d, acts)

    def _own_play(self, c, acts, stage):
        """A Plot or one-use Loot worth playing now, or None."""
        if self.easy and stage != "stock":
            return None
        me = c.me
        K = self.cards
        best, best_v = None, 0.25
        for a in acts:
            if a[0] not in ("play", "use"):
                continue
            card = K[a[1]]
            op = card.op
            v = 0.0
            if op == "lose_suspicion":
                s = c.susp[me]
                if stage == "stock" and s >= 3:
                    v = 0.15 * min(s, card.effect_params["n"])
                    if self.guards_on(c, me) and s >= self.arrest - card.effect_params["n"]:
                        v += 2.0 + 0.3 * sum(self.loot_val[x] for x in c.loot[me])
                    elif s >= self.arrest - 1:
                        v += 0.6
                if a[0] == "use":
                    v += 0.05
            elif op == "move_suspicion":
                target, x = a[2], a[3]
                if stage == "stock" and x == min(3, c.susp[me]) and target == self.leader(c, me):
                    v = 0.35 * x + (0.5 if any(K[h].on == "plot_suspicion" for h in c.hand) else 0)
                    if self.guards_on(c, me) and c.susp[me] >= self.arrest and c.susp[me] - x < self.arrest:
                        v += 2.0
            elif op == "give_deed":
                deed, target = a[2], a[3]
                if target == self.leader(c, me):
                    dv = self.deed_value(c, deed)
                    if dv < -0.5:
                        v = -dv * 0.8
            elif op == "take_loot_from_msm":
                v = self.loot_val[a[2]] - 0.6
            elif op == "pass_guard":
                target = a[3]
                if stage in ("target", "stock") and target == self.leader(c, me):
                    v = 0.9 + (1.5 if c.susp[me] >= self.arrest - 3 else 0)
            if v > best_v:
                best, best_v = a, v
        return best

    def _own_play_first(self, stage, then):
        """A picker that makes a Plot or one-use Loot play worth making now (_own_play),
        else picks as `then` does."""
        def pick(c, d, acts):
            play = self._own_play(c, acts, stage)
            return play if play is not None else then(c, d, acts)
        return pick

    def _k_target(self, c, d, acts):
        def value(a):
            if a[0] == "target":
                if a[1] == "street":
                    return self.target_value(c, "street", a[2], c.street[a[2] - 1])
                return self.target_value(c, "chasing", 0, a[2])
            return -0.01 if a[0] == "pass" else None
        best = _highest(acts, value)
        return best if best is not None else acts[0]

    def _k_sneak_order(self, c, d, acts):
        sneaks = [a for a in acts if a[0] == "sneak"]
        return max(sneaks, key=lambda a: self.cards[a[1]].perception)

    def _k_roll(self, c, d, acts):
        pr = d.prompt
        p = pr["p"]
        need, bonus = pr["need"], pr["bonus"]
        K = self.cards
        if not self.easy and p < 0.97:
            for a in acts:
                if a[0] in ("play", "use") and K[a[1]].op == "auto_pass" and p < 0.8:
                    return a
            best, gain = None, 0.12
            for a in acts:
                if a[0] in ("play", "use") and K[a[1]].op == "roll_bonus":
                    g = p_success(need, bonus + K[a[1]].effect_params["n"]) - p
                    if a[0] == "use":
                        g -= 0.03
                    if g > gain:
                        best, gain = a, g
            if best is not None:
                return best
        play = self._own_play(c, acts, "roll")
        return play if play is not None else ("roll",)

    def _k_after_roll(self, c, d, acts):
        if not d.prompt["success"]:
            for a in acts:
                if a[0] == "play":
                    return a
        return ("accept",)

    def _k_reaction(self, c, d, acts):
        pr = d.prompt
        me = c.me
        K = self.cards
        if pr["window"] == "foiled":
            if ("foiled",) not in acts:
                return ("pass",)
            if self.easy:
                return ("foiled",)
            tgt = pr["target"]
            final = c.target or tgt
            fav = K[final].favour if final else 1
            stake = fav + (1 if pr["purpose"] != "sneak" else 0)
            if K[final].kind == "nemesis" and c.target_where == "chasing":
                stake += fav                     # beating a chasing Nemesis is worth double
            leader = self.leader(c)
            if pr["active"] == leader:
                stake += 1
            return ("foiled",) if stake >= 3 else ("pass",)
        # Sod Off!
        if ("sod_off",) not in acts or self.easy:
            return ("pass",)
        card = K[pr["card"]]
        op = card.op
        if op == "foil_roll":
            act_target = c.target
            fav = K[act_target].favour if act_target else 1
            return ("sod_off",) if fav >= 2 else ("pass",)
        if op == "move_suspicion":
            x = pr["args"][1]
            return ("sod_off",) if x >= 2 or c.susp[me] + x >= self.arrest - 1 else ("pass",)
        if op == "give_deed":
            deed = pr["args"][0]
            if deed is None:
                return ("sod_off",)
            return ("sod_off",) if self.deed_value(c, deed) < -0.5 else ("pass",)
        if op == "take_loot_from_msm":
            return ("sod_off",) if self.loot_val.get(pr["args"][0], 0) >= 1.5 else ("pass",)
        if op == "pass_guard":
            return ("sod_off",) if c.susp[me] >= 4 else ("pass",)
        return ("pass",)

    def _k_loot_choice(self, c, d, acts):
        def value(a):
            if a[0] == "loot":
                return self.loot_val[c.loot_up[a[1]][a[2]]]
            return self.avg_loot[a[1]] - 0.1 if a[0] == "loot_gamble" else None
        return _highest(acts, value)

    def _k_tavern(self, c, d, acts):
        me = c.me
        s = c.susp[me]
        guards = self.guards_on(c, me)
        lay = 0.2 * min(s, 3.5)
        if s >= self.arrest - 3 and (guards or c.msm == me):
            lay += 1.0 + 0.4 * sum(self.loot_val[x] for x in c.loot[me])
        if self.easy:
            lay = 1.5 if s >= self.arrest - 2 and guards else 0.1 * s
        full = 0.3 if len(c.hand) >= 6 else 0           # taking into a full hand costs a little

        def value(a):
            if a[0] == "tavern_take":
                return self.card_value(c, c.tavern[a[1]]) - full
            return 0.45 - full if a[0] == "tavern_gamble" else None
        return _highest(acts, value, ("lay_low",), lay)

    def _k_discard(self, c, d, acts):
        ds = [a for a in acts if a[0] == "discard"]
        return min(ds, key=lambda a: self.card_value(c, a[1]))

    def _k_deed_choice(self, c, d, acts):
        return max(acts, key=lambda a: self.cards[a[1]].favour)

    def _k_msm_tiebreak(self, c, d, acts):
        lead = self.leader(c, c.me)
        for a in acts:
            if a[1] == lead:
                return a
        return max(acts, key=lambda a: c.score_counts[a[1]])

    def _k_loot(self, c, d, acts):
        return acts[0]


class HeuristicAgent:
    def __init__(self, rules, level="normal", seed=0):
        self.name = level
        self.brain = Brain(rules, level)
        self.rng = RNG(seed)

    def choose(self, view, decision, budget=None):
        if len(decision.actions) == 1:
            return decision.actions[0]
        a = self.brain.pick(ctx_from_view(view), decision, self.rng)
        return a if a in decision.actions else decision.actions[0]

    def observe(self, events):
        pass


def rollout_policy_for(rules, level="normal"):
    brain = Brain(rules, level)

    def policy(state, decision, rng):
        if len(decision.actions) == 1:
            return decision.actions[0]
        return brain.pick(ctx_from_state(state, decision.seat), decision, rng)
    return policy


# -- determinization ------------------------------------------------------------------------
def determinize(rules, view, seat, rng: RNG) -> State:
    """A full state consistent with `view` (what `seat` sees): every unseen card is dealt
    at random into the hidden places (other hands, decks, other Score Piles)."""
    from .state import new_state
    v = view
    n = v["players"]
    s = new_state(n, 0)
    fix_chance(rules, s, rng.fork())       # a search's world: one dice stream per purpose and seat
    s.open_scores = v["open_scores"]
    s.first_mode = "random"
    s.first = v["first"]
    s.active, s.turn, s.phase, s.stage, s.msm = v["active"], v["turn"], v["phase"], v["stage"], v["msm"]
    s.street = list(v["street"])
    s.street_discard = list(v["street_discard"])
    s.tavern = list(v["tavern"])
    s.tavern_discard = list(v["tavern_discard"])
    seen = set(x for x in s.street if x) | set(s.street_discard) | set(x for x in s.tavern if x) | set(s.tavern_discard)
    for t in LOOT_TYPES:
        lv = v["loot"][t]
        s.loot_up[t] = list(lv["face_up"])
        s.loot_discard[t] = list(lv["discard"])
        seen.update(x for x in lv["face_up"] if x)
        seen.update(lv["discard"])
    hidden_hand = [0] * n
    hidden_score = [0] * n
    for i, p in enumerate(v["seats"]):
        s.susp[i] = p["suspicion"]
        s.loot[i] = list(p["loot"])
        s.chasing[i] = list(p["chasing"])
        seen.update(p["loot"])
        seen.update(p["chasing"])
        if i == seat or v["over"]:
            s.hands[i] = list(p["hand"])
            s.known[i] = list(p.get("known_hand", []))
        else:
            s.hands[i] = list(p.get("known_hand", []))
            s.known[i] = list(p.get("known_hand", []))
            hidden_hand[i] = p["hand_count"] - len(s.hands[i])
        seen.update(s.hands[i])
        if "score" in p:
            s.score[i] = list(p["score"])
            seen.update(p["score"])
        else:
            hidden_score[i] = p["score_count"]
    K = rules.kind
    street_pool = [c for c in rules.data.street_ids if c not in seen]
    tavern_pool = [c for c in rules.data.plot_ids + rules.data.deed_ids if c not in seen]
    rng.shuffle(street_pool)
    rng.shuffle(tavern_pool)
    # Street deck first, then what is left of the Street cards goes to hidden Score Piles
    deck_n = v["street_deck"]
    s.street_deck = street_pool[:deck_n]
    rest_street = street_pool[deck_n:]
    deeds = [c for c in tavern_pool if K[c] == "deed"]
    plots = [c for c in tavern_pool if K[c] != "deed"]
    need_scores = sum(hidden_score)
    n_deed_scores = max(0, min(len(deeds), need_scores - len(rest_street)))
    score_cards = rest_street[:need_scores] + deeds[:n_deed_scores]
    rest = deeds[n_deed_scores:] + plots
    rng.shuffle(score_cards)
    rng.shuffle(rest)
    for i in range(n):
        for _ in range(hidden_score[i]):
            if score_cards:
                s.score[i].append(score_cards.pop())
    leftover_street = rest_street[need_scores:]
    s.street_deck += leftover_street           # keep every card somewhere
    for i in range(n):
        for _ in range(hidden_hand[i]):
            if rest:
                s.hands[i].append(rest.pop())
    s.tavern_deck = rest + score_cards
    for t in LOOT_TYPES:
        pool = [c for c in rules.data.loot_ids[t] if c not in seen]
        rng.shuffle(pool)
        s.loot_deck[t] = pool
    # where the turn stands
    f = v["flow"]
    s.target = v["target"]
    s.target_where, s.target_slot, s.target_owner = f["target_where"], f["target_slot"], f["target_owner"]
    s.cur_guard, s.roll_extra, s.rerolled, s.loot_type = f["cur_guard"], f["roll_extra"], f["rerolled"], f["loot_type"]
    s.window = list(f["window"])
    s.ending = f["ending"]
    s.passed = list(v["passed"])
    s.deeds_done = v["deeds_done_this_phase"]
    s.pawn = v["pawn"]
    r = v["roll"]
    if r is not None:
        s.roll = [r["purpose"], r["target"], r["need"], tuple(r["faces"]) if r["faces"] else None,
                  f["roll_success"], r["total"]]
    p = f.get("plot")
    if p is not None:
        args = list(p["args"])
        if any(a is None for a in args):
            # a Dark Deed passed between two other players: pick one the giver holds
            giver = p["player"]
            own = [c for c in s.hands[giver] if K[c] == "deed"] or [None]
            args = [own[0] if a is None else a for a in args]
        s.plot = [p["player"], p["card"], tuple(args), p["target"], p["back_to"]]
    it = f.get("interrupt")
    if it is not None:
        opts = it["options"]
        if opts is None:
            opts = [c for c in s.hands[it["seat"]] if K[c] == "deed"][:2]
        s.interrupt = (it["kind"], it["seat"], tuple(opts))
    s.rolloff = []
    s.res = None
    return s


def evaluate_for(rules):
    """Heuristic reward in [0, 1] per seat for a cut-off rollout: current Favour (Score Pile
    minus unfinished Deeds and chasing Nemeses), discounted Suspicion, Loot, as a soft rank."""
    cards = rules.cards

    def evaluate(s):
        vals = []
        for i in range(s.n):
            v = sum(cards[c].favour for c in s.score[i])
            v -= 0.6 * sum(cards[c].favour for c in s.hands[i] if cards[c].kind == "deed")
            v -= sum(cards[c].favour for c in s.chasing[i] if cards[c].kind == "nemesis")
            v += 0.5 * sum(cards[c].strength + cards[c].cunning for c in s.loot[i])
            v -= 0.15 * s.susp[i]
            vals.append(v)
        best = max(vals)
        out = []
        for v in vals:
            out.append(max(0.0, 1.0 - (best - v) / 8.0) if v < best else 1.0)
        tot = sum(out)
        return [x / tot for x in out]
    return evaluate


class HardAgent:
    """`hard`: the normal heuristic's judgement plus a lookahead where it pays.

    For the main own-turn choices (target, Tavern, Take Stock plays) it scores each
    candidate action by short simulations: determinize the view, apply the candidate,
    play the rest of the turn and the opponents' next turns with the heuristic, and score
    the position with `evaluate`. Dice are sampled (the exact 2d6 odds are already inside
    the heuristic's target values). Everything else — rolls, reactions, Loot, discards —
    is the heuristic, which answers at once (reactions well under 0.3 s).

    The loop itself is game/ai/candidates.py's `CandidateSearch` (this class gives it the
    candidates, the sampled world and the rollout); `analyse` returns its `Analysis`.
    """

    def __init__(self, rules, seed=0, budget=0.45, horizon_turns=None, max_iterations=None):
        """`max_iterations`: a fixed number of sample rounds per searched decision and no
        time limit, so that games are reproducible (simulate --budget-iterations)."""
        self.name = "hard"
        self.R = rules
        self.brain = Brain(rules, "normal")
        self.rng = RNG(seed)
        self.budget = budget
        self.max_iterations = max_iterations
        self.policy = rollout_policy_for(rules, "normal")
        self.evaluate = evaluate_for(rules)
        self.horizon_turns = horizon_turns
        self.last_samples = 0

    SEARCH_KINDS = ("target", "tavern")

    def choose(self, view, decision, budget=None):
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None, *, weigh=None) -> Analysis:
        """Every action of `decision` with its estimated value, rollouts and reason key
        (game/ai/analysis.py); `.chosen` is what `choose` plays. `weigh` (a review's best
        move and the move played): exactly those on the same sampled worlds, the first as
        the reference."""
        acts = decision.actions
        context = SearchContext(decision.seat, decision.kind, acts)
        if weigh:
            cands = distinct(weigh)
        else:
            if len(acts) == 1:
                return unsearched(context, acts[0])
            c = ctx_from_view(view)
            base = self.brain.pick(c, decision, self.rng)
            if decision.kind not in self.SEARCH_KINDS:
                return unsearched(context, base if base in acts else acts[0])
            cands = self._candidates(c, decision, base)
            if len(cands) == 1:
                return unsearched(context, cands[0], KEPT_POLICY)
        budget = self.budget if budget is None else min(budget, self.budget)
        limit = self.max_iterations
        deadline = time.perf_counter() + budget if limit is None else None
        seat = decision.seat

        # common random numbers: every candidate is tried in the same sampled world (its
        # chance streams included: each rollout plays on a copy of it, and a seat's third
        # roll is the same roll whatever the candidates rolled before it), so the
        # comparison is paired and far less noisy
        def draw(rng):
            return determinize(self.R, view, seat, rng)

        def play(world, action):
            return self._simulate(world.clone(), seat, action)

        search = CandidateSearch(self.rng, margin=0.0, min_samples=1)
        analysis = search.run(context, cands, [Round(draw, play, samples=limit)], deadline)
        self.last_samples = analysis.samples
        return analysis

    def _candidates(self, c, d, base):
        acts = d.actions
        out = [base]
        if d.kind == "target":
            scored = []
            for a in acts:
                if a[0] == "target":
                    if a[1] == "street":
                        v = self.brain.target_value(c, "street", a[2], c.street[a[2] - 1])
                    else:
                        v = self.brain.target_value(c, "chasing", 0, a[2])
                    scored.append((v, a))
            scored.sort(reverse=True)
            for _, a in scored[:3]:
                if a not in out:
                    out.append(a)
        else:
            for a in acts:
                if a[0] in ("tavern_take", "tavern_gamble", "lay_low") and a not in out:
                    out.append(a)
        return out

    def _simulate(self, s, seat, action):
        R = self.R
        try:
            R.apply(s, seat, action)
        except Exception:
            return None
        start_turn = s.turn
        horizon = self.horizon_turns or s.n
        steps = 0
        policy, rng = self.policy, self.rng
        while s.res is None and s.turn - start_turn < horizon and steps < 400:
            d = R.decisions(s)[0]
            R.apply(s, d.seat, policy(s, d, rng))
            steps += 1
        if s.res is not None:
            w = s.res.winners
            return 1.0 if w == (seat,) else 0.0
        return self.evaluate(s)[seat]

    def observe(self, events):
        pass


def make_agent(rules, difficulty, seat, seed, max_iterations=None):
    return level_agent(rules, difficulty, seed, max_iterations, heuristic=HeuristicAgent, hard=HardAgent)
