"""Schemers AI: a belief model over the opponents' hands, heuristic agents (`easy`,
`normal`) and the pieces of the `hard` agent (ISMCTS: determinizer, rollout policy,
opponent model, evaluation).

Every agent works from the seat's view and decision only (CHECKLIST VC-111, AI.md):
- **Beliefs.** The unseen pool is the deck composition minus my own cards (and my
  Fortune Teller draw) minus every revealed card. Each opponent's hand is weighted by
  what they did in public since their hand last changed: a claim multiplies the odds of
  that role (less for players caught lying before), a block they declined divides
  them, and in L'Intoccabile the players who never took Gondola Fare or the Casino
  may be the Untouchable holding both Plague Doctors.
- **easy** over-trusts claims, almost never bluffs, challenges only a sure lie or when
  its life is at stake, and picks targets plainly. **normal** bluffs at a sensible
  rate, challenges when the odds of a lie are worth the card it risks, and targets the
  most dangerous opponent.
- **hard** is ISMCTS (game/ai/ismcts.py) with three game-specific parts:
  1. `determinize` deals the opponents' hidden cards from the belief-weighted pool —
     without the claim weighting it loses to `normal` (35 %);
  2. `BluffAwareRules`: inside the search, another seat asked whether to challenge
     one of hard's OWN claims answers like a player who cannot see hard's cards (odds
     from its own cards, how eagerly it has challenged so far, less readily when the
     claim does not hit it or when others could call it). Plain single-observer ISMCTS
     lets those nodes learn from worlds holding hard's true cards, so it never bluffs;
     with this, hard bluffs where it pays;
  3. calling bluffs (challenge windows) and auction bids use rules of thumb (the
     "sharp" heuristic level), which measured better than searching them.
  Measured in the session that added 2 (seats rotated, 300 games, 3,000 iterations,
  1 hard vs 3 normal): 35.7 % without the "not mine"/"crowd" terms, 38.0 % with them;
  1,500 iterations 33.5 %, 4,000 iterations 38.5 % (200 games) — more search helps.
  Rollouts use `model_policy` (a quick player that knows only its own cards and the
  public table) and are cut after 4 decisions per player (about two rounds) with
  `evaluate`.
  (Tried and dropped: answering EVERY other-seat decision with `model_policy` in the
  tree — it over-bluffs against players who challenge often, e.g. `random`; fitted
  win-probability tables for `evaluate`; a claim-credence sampler.)
"""
from __future__ import annotations

from ...ai.analysis import Analysis, distinct
from ...ai.candidates import SearchContext, unsearched
from ...ai.random_agent import RandomAgent
from ...core.rng import RNG, fix_chance
from . import engine as E
from .engine import (CANAL, CHALLENGE, CLAIM, CLAIM_T, CORSAIR, DOGE, FT, INCOME, CASINO, PASS, PD,
                     POISONER, ROLES, UNTOUCHABLE)

RI = {r: i for i, r in enumerate(ROLES)}
# How much a card is worth keeping (lose the cheapest, keep the best in an exchange).
VALUE = {DOGE: 5.0, POISONER: 4.2, PD: 3.6, CORSAIR: 3.3, FT: 2.4}
# Rialto: the most tokens a card is worth paying (1 token = 1 starting ducat).
BID_VALUE = {DOGE: 3, POISONER: 2, PD: 2, CORSAIR: 2, FT: 1}

LEVELS = {
    #          claim weight, declined weight, bluff rate, challenge threshold, block bluff
    "easy": dict(claim_w=6.0, decline_w=0.7, bluff=0.03, chal=0.82, block_bluff=0.08, life_bluff=0.3,
                 casino=0.55, noise=0.25, adapt=False, canal_at=9, sloppy=0.5),
    "normal": dict(claim_w=3.0, decline_w=0.45, bluff=0.3, chal=0.58, block_bluff=0.18, life_bluff=0.85,
                   casino=0.5, noise=0.05, adapt=True, canal_at=0, sloppy=0.0),
    # the hard agent's own rules of thumb for calling bluffs (its search decides the rest)
    "sharp": dict(claim_w=6.0, decline_w=0.15, bluff=0.3, chal=0.58, block_bluff=0.18, life_bluff=0.85,
                  casino=0.5, noise=0.0, adapt=True, canal_at=0, sloppy=0.0),
}

_RULES = None


def _rules():
    global _RULES
    if _RULES is None:
        from ... import registry
        _RULES = registry.ruleset("schemers")
    return _RULES


def _config(view):
    r = view["rules"]
    return _rules().config(r["players"], r["options"])


# =====================================================================================
# Beliefs
# =====================================================================================
def unseen_pool(view, seat, cfg) -> list:
    """Counts per role (ROLES order) of the cards this seat has not seen."""
    counts = [0] * 5
    for c in cfg.deck:
        counts[RI[c]] += 1
    if seat is not None and view.get("hand"):
        for c in view["hand"]:
            counts[RI[c]] -= 1
    if view.get("drawn"):
        for c in view["drawn"]:
            counts[RI[c]] -= 1
    for lost in view["lost"]:
        for c in lost:
            counts[RI[c]] -= 1
    return [c if c > 0 else 0 for c in counts]


def seat_weights(view, p, claim_w, decline_w, unt_prior=0.0, turn_w=1.0) -> list:
    """Relative odds of each role in seat p's hand, from its public behaviour since its
    hand last changed: claims raise a role's odds (less for a proven liar), blocks passed
    up lower them, and (turn_w < 1) taking Gondola Fare or the Casino lowers the Doge's."""
    w = [1.0] * 5
    proofs = len(view["proofs"][p])
    caught = len(view["caught"][p])
    trust = (proofs + 1.0) / (proofs + caught + 2.0)        # Laplace: 0.5 with no record
    cw = 1.0 + (claim_w - 1.0) * 2.0 * trust          # a clean record makes claims count more
    seen = set()
    for r in view["claims"][p]:
        if r == UNTOUCHABLE:
            w[4] *= cw * cw
        elif r in seen:
            w[RI[r]] *= 1.0 + (cw - 1.0) * 0.5
        else:
            seen.add(r)
            w[RI[r]] *= cw
    for r in view["declined"][p]:
        i = RI.get(r)
        if i is not None:
            w[i] *= decline_w
        elif turn_w != 1.0:                             # "income" / "casino": no Doge used
            w[0] *= turn_w
    if unt_prior:
        w[4] *= 1.0 + unt_prior
    return w


def untouchable_candidates(view, seat) -> list:
    """Seats that may be the Untouchable as far as `seat` knows (never took Fare or Casino)."""
    rules = view["rules"]
    if not rules["untouchable_mode"]:
        return []
    u = view.get("untouchable")
    if u is not None:
        return [u]
    fare = view["fare"]
    out = []
    for p in range(rules["players"]):
        if p == seat or (fare >> p) & 1:
            continue
        if view["changed"][p] == 0 and any(c != PD for c in view["lost"][p]):
            continue                                     # its dealt cards were not two Doctors
        out.append(p)
    return out


class Beliefs:
    """P(opponent holds a role) for the heuristic agents."""

    def __init__(self, view, seat, claim_w=3.0, decline_w=0.5):
        cfg = _config(view)
        self.cfg = cfg
        self.view = view
        self.seat = seat
        self.n = cfg.n
        self.pool = unseen_pool(view, seat, cfg)
        self.counts = view["hand_counts"] or [cfg.hand_size] * cfg.n
        cands = untouchable_candidates(view, seat)
        u_known = view.get("untouchable")
        self.has = []
        self.q = []
        total_pool = sum(self.pool)
        for p in range(self.n):
            k = self.counts[p]
            if p == seat or k == 0 or total_pool == 0:
                self.has.append([0.0] * 5)
                self.q.append([0.0] * 5)
                continue
            prior = 0.0
            if cands and u_known is None and p in cands:
                prior = (4.0 if view["changed"][p] == 0 else 1.5) / len(cands)
            w = seat_weights(view, p, claim_w, decline_w, prior)
            tot = sum(self.pool[i] * w[i] for i in range(5)) or 1.0
            q = [self.pool[i] * w[i] / tot for i in range(5)]
            self.q.append(q)
            self.has.append([0.0 if self.pool[i] == 0 else 1.0 - (1.0 - min(q[i], 0.999)) ** k
                             for i in range(5)])

    def p_has(self, p, role) -> float:
        if role == UNTOUCHABLE:
            if self.pool[4] < 2 or self.counts[p] < 2:
                return 0.0
            return min(1.0, self.q[p][4] * 1.6) ** 2
        return self.has[p][RI[role]]


def threat(view, p, me) -> float:
    """How dangerous seat p is (to be targeted first)."""
    ducats = view["ducats"]
    cards = view["hand_counts"][p]
    d = ducats[p]
    score = cards * 4.0 + d
    if d >= 7:
        score += 6.0
    elif d >= 5:
        score += 2.0
    if view["claims"][p].count(POISONER):
        score += 1.0
    return score


# =====================================================================================
# Heuristic agents
# =====================================================================================
class HeuristicAgent:
    def __init__(self, level: str = "normal", seed: int = 0):
        self.name = level
        self.p = LEVELS[level]
        self.rng = RNG(seed)
        self.chal_seen = {}      # seat -> [challenges, windows]: who calls bluffs (from events)

    def observe(self, events):
        if not self.p["adapt"]:
            return
        for e in events:
            if e.kind == "pass" and e.data.get("window") in ("challenge", "challenge_block"):
                rec = self.chal_seen.setdefault(e.data["seat"], [0, 0])
                rec[1] += 1
            elif e.kind == "challenge":
                rec = self.chal_seen.setdefault(e.data["challenger"], [0, 0])
                rec[0] += 1
                rec[1] += 1

    # -- helpers -------------------------------------------------------------------------
    def challenge_rate(self, p) -> float:
        """How often seat p challenges (prior 0.2)."""
        c, w = self.chal_seen.get(p, (0, 0))
        return (c + 0.4) / (w + 2.0)

    def p_challenged(self, view, me) -> float:
        """Chance that somebody calls a bluff of mine."""
        keep = 1.0
        for p in range(view["rules"]["players"]):
            if p != me and view["hand_counts"][p]:
                keep *= 1.0 - (self.challenge_rate(p) if self.p["adapt"] else 0.2)
        return 1.0 - keep

    def p_caught(self, view, me, b, role) -> float:
        """Chance that a bluff of `role` is called: each opponent calls at its usual rate,
        and more readily when it may hold the role itself (it sees fewer copies left)."""
        keep = 1.0
        adapt = self.p["adapt"]
        for p in range(b.n):
            if p != me and view["hand_counts"][p]:
                rate = self.challenge_rate(p) if adapt else 0.2
                keep *= 1.0 - min(0.95, rate + 0.45 * b.p_has(p, role))
        return 1.0 - keep

    def choose(self, view, decision, budget=None):
        acts = decision.actions
        if len(acts) == 1:
            return acts[0]
        kind = decision.kind
        if kind == "bid":
            return self.bid(view, decision)
        if kind == "sealed_bid":
            return self.sealed(view, decision)
        b = Beliefs(view, decision.seat, self.p["claim_w"], self.p["decline_w"])
        if kind == "turn":
            return self.turn(view, decision, b)
        if kind in ("challenge", "challenge_block"):
            return self.challenge(view, decision, b)
        if kind == "block":
            return self.block(view, decision, b)
        if kind in ("lose_card", "exchange") and self.rng.random() < self.p["sloppy"]:
            return acts[self.rng.below(len(acts))]      # a casual player does not weigh it
        if kind == "lose_card":
            return min(acts, key=lambda a: self.keep_value(view, a[1]))
        if kind == "untouchable_price":
            return min(acts, key=lambda a: self.keep_value(view, a[1]))
        if kind == "exchange":
            return self.exchange(view, decision)
        return acts[self.rng.below(len(acts))]

    def keep_value(self, view, role) -> float:
        v = VALUE[role]
        if role in view["claims"][view["seat"]]:
            v += 0.6                                    # stay consistent with my claims
        if role == PD:
            n = view["rules"]["players"]
            rich = sum(1 for p in range(n) if p != view["seat"] and view["ducats"][p] >= 3)
            v += 0.4 * rich
        return v

    def best_target(self, view, targets, b=None, role=None):
        me = view["seat"]
        best, best_s = None, -1e9
        for t in targets:
            s = threat(view, t, me)
            if b is not None and role is not None:
                s -= 6.0 * b.p_has(t, role)
            if self.p["noise"]:
                s += self.rng.random() * self.p["noise"] * 8
            if s > best_s:
                best, best_s = t, s
        return best

    # -- your turn -----------------------------------------------------------------------
    def turn(self, view, d, b: Beliefs):
        acts = d.actions
        me = d.seat
        hand = view["hand"]
        coins = view["ducats"][me]
        cfg = b.cfg
        targets = sorted({a[-1] for a in acts if a[0] == "canal" or (a[0] == "claim" and len(a) == 3)})
        canal = [a for a in acts if a[0] == "canal"]
        if canal and coins < self.p["canal_at"] and coins < cfg.forced_at:
            canal = []                                  # a casual player saves up
        if canal:
            t = self.best_target(view, [a[1] for a in canal])
            return CANAL[t]
        rng = self.rng
        p = self.p
        n_alive = sum(1 for c in view["hand_counts"] if c)
        my_cards = view["hand_counts"][me]
        card_cost = 6.0 if my_cards > 1 else 14.0
        options = []                                    # (score, action)
        legal = set(acts)
        # honest plays first
        if POISONER in hand and coins >= cfg.poison_cost and targets:
            t = self.best_target(view, targets, b, PD)
            kill = 7.0 if view["hand_counts"][t] > 1 else 10.0
            options.append((kill * (1 - 0.8 * b.p_has(t, PD)) - cfg.poison_cost + 1.0,
                            CLAIM_T[POISONER][t]))
        if DOGE in hand:
            options.append((cfg.doge_amt + 0.6, CLAIM[DOGE]))
        if CORSAIR in hand and targets:
            rich = max(targets, key=lambda t: (min(view["ducats"][t], cfg.steal_amt),
                                               -b.p_has(t, CORSAIR) - b.p_has(t, FT)))
            gain = min(view["ducats"][rich], cfg.steal_amt)
            pblock = min(1.0, b.p_has(rich, CORSAIR) + b.p_has(rich, FT))
            options.append((gain * (1.6 if n_alive == 2 else 1.2) * (1 - 0.7 * pblock) + 0.3,
                            CLAIM_T[CORSAIR][rich]))
        if FT in hand:
            weak = sum(1 for c in hand if VALUE[c] < 3.5)
            options.append((0.8 + 0.9 * weak, CLAIM[FT]))
        if INCOME in legal:
            options.append((1.0, INCOME))
        if CASINO in legal:
            keep = 1.0
            for q in range(b.n):
                if q != me and view["hand_counts"][q]:
                    keep *= 1.0 - min(1.0, b.p_has(q, DOGE) * 0.9 + 0.05)
            options.append((cfg.casino * keep * p["casino"] * 2 * 0.9, CASINO))
        # bluffs: worth it only when nobody is likely to call them
        if rng.random() < p["bluff"]:
            if DOGE not in hand:
                pc = self.p_caught(view, me, b, DOGE)
                options.append((cfg.doge_amt * (1 - pc) - pc * card_cost + 0.8, CLAIM[DOGE]))
            if POISONER not in hand and coins >= cfg.poison_cost and targets:
                t = self.best_target(view, targets, b, PD)
                kill = 7.0 if view["hand_counts"][t] > 1 else 10.0
                pc = self.p_caught(view, me, b, POISONER)
                options.append((kill * (1 - pc) * (1 - 0.8 * b.p_has(t, PD)) - pc * card_cost - cfg.poison_cost,
                                CLAIM_T[POISONER][t]))
            if CORSAIR not in hand and targets:
                rich = max(targets, key=lambda t: view["ducats"][t])
                gain = min(view["ducats"][rich], cfg.steal_amt)
                pc = self.p_caught(view, me, b, CORSAIR)
                options.append((gain * 1.3 * (1 - pc) - pc * card_cost + 0.3, CLAIM_T[CORSAIR][rich]))
        options = [o for o in options if o[1] in legal]
        if not options:
            return acts[rng.below(len(acts))]
        if p["noise"]:
            options = [(s + rng.random() * p["noise"] * 3, a) for s, a in options]
        return max(options, key=lambda o: o[0])[1]

    # -- calling bluffs --------------------------------------------------------------------
    def challenge(self, view, d, b: Beliefs):
        me = d.seat
        pr = d.prompt
        claimant, role = pr["claimant"], pr["role"]
        p_lie = 1.0 - b.p_has(claimant, role)
        if p_lie >= 0.995:
            return CHALLENGE
        my_cards = view["hand_counts"][me]
        thr = self.p["chal"]
        target, actor = pr["target"], pr["actor"]
        hand = view["hand"]
        if d.kind == "challenge":
            if target == me and role == POISONER:
                if PD in hand:
                    return PASS                         # block it honestly instead
                if my_cards == 1:
                    # die for sure, or call it, or bluff the Plague Doctor next
                    bluff_ok = self.p["life_bluff"] * (1.0 - self.p_challenged(view, me) * 0.7)
                    return CHALLENGE if p_lie > 0.45 * bluff_ok + 0.3 else PASS
                thr = max(thr, 0.72)                    # a lost challenge costs both cards
            elif target == me and role == CORSAIR:
                if CORSAIR in hand or FT in hand:
                    return PASS
                thr -= 0.05
            elif role == DOGE:
                thr += 0.05 if view["ducats"][claimant] < 4 else -0.03
            elif role == FT:
                thr += 0.15
            elif target is not None and target != me:
                thr += 0.15                              # not my fight
        else:                                           # a block
            if actor == me:
                thr += 0.05
            else:
                thr += 0.2
        if my_cards == 1:
            thr += 0.12
        mine = target == me or (d.kind == "challenge_block" and actor == me)
        if not mine and sum(1 for c in view["hand_counts"] if c) > 2:
            thr += 0.15                                  # several players: let someone else call it
        if self.p["noise"]:
            thr += (self.rng.random() - 0.5) * self.p["noise"]
        return CHALLENGE if p_lie > thr else PASS

    # -- blocking --------------------------------------------------------------------------
    def block(self, view, d, b: Beliefs):
        me = d.seat
        hand = view["hand"]
        acts = d.actions
        pr = d.prompt
        action = pr["action"]
        for a in acts:
            if a[0] == "block" and a[1] in hand:
                return a
        if ("block", UNTOUCHABLE) in acts:
            if hand.count(PD) >= 2:
                return ("block", UNTOUCHABLE)
            plausible = not (view["fare"] >> me) & 1
            rate = self.p["block_bluff"] * (2.0 if plausible else 0.3)
            return ("block", UNTOUCHABLE) if self.rng.random() < rate else PASS
        my_cards = view["hand_counts"][me]
        rate = self.p["block_bluff"]
        if sum(1 for c in view["hand_counts"] if c) > 2:
            rate *= 0.5                                  # more players, more challengers
        if action == POISONER:
            rate = self.p["life_bluff"] if my_cards == 1 else rate * 1.5
        elif action == CORSAIR:
            rate *= 1.0 if view["ducats"][me] >= 2 else 0.3
        elif action == "casino":
            rate *= 0.5 if view["ducats"][pr["actor"]] < 5 else 1.2
        blocks = [a for a in acts if a[0] == "block"]
        if blocks and self.rng.random() < rate:
            return max(blocks, key=lambda a: -b.pool[RI[a[1]]] if a[1] in RI else 0)
        return PASS

    # -- Fortune Teller --------------------------------------------------------------------
    def exchange(self, view, d):
        hand = list(view["hand"]) + list(view["drawn"] or ())
        best, best_v = None, -1e9
        for a in d.actions:
            keep = list(hand)
            for c in a[1]:
                keep.remove(c)
            v = sum(VALUE[c] for c in keep) - (1.5 if len(set(keep)) < len(keep) else 0.0)
            if v > best_v:
                best, best_v = a, v
        return best

    # -- Rialto --------------------------------------------------------------------------
    def bid(self, view, d):
        au = view["auction"]
        card = au["card"]
        tokens, need = au["tokens"], au["need"]
        price = au["price"] + 1
        reserve = max(0, need - 1)                      # keep a token for the next card
        limit = min(BID_VALUE[card], tokens - reserve)
        if self.name == "easy":
            limit = min(limit, 2)
        return ("bid",) if price <= limit else PASS

    def sealed(self, view, d):
        au = view["auction"]
        card = au["card"]
        tokens, need = au["tokens"], au["need"]
        limit = max(0, min(BID_VALUE[card], tokens - max(0, need - 1)))
        return ("sealed_bid", min(limit, len(d.actions) - 1))


# =====================================================================================
# ISMCTS pieces (hard)
# =====================================================================================
_CLAIM_W, _DECLINE_W, _UNT_BOOST, _TURN_W = 6.0, 0.15, 3.0, 0.35


class _Prep:
    __slots__ = ("cfg", "pool", "slots", "cands", "unt", "me", "hand", "drawn", "opp_drawn", "chance",
                 "phase", "distinct_seat", "fields")


def _prepare(view, seat, claim_w=_CLAIM_W, decline_w=_DECLINE_W, turn_w=_TURN_W) -> _Prep:
    cfg = _config(view)
    P = _Prep()
    P.cfg = cfg
    P.me = seat
    P.chance = None                # the chance streams of this view's worlds (see _deal)
    P.pool = unseen_pool(view, seat, cfg)
    n = cfg.n
    P.hand = list(view["hand"] or ())
    P.drawn = list(view["drawn"]) if view.get("drawn") else None
    pend = view.get("pending") or {}
    ph = E.PHASES.index(view["phase"])
    P.phase = ph
    P.opp_drawn = 0
    if ph == E.EXCHANGE and pend.get("actor") != seat:
        P.opp_drawn = pend.get("drawn_count", 0)
    # a seat that must choose among 2+ different roles holds 2+ different roles
    P.distinct_seat = -1
    if ph == E.LOSE and pend.get("loser") != seat:
        P.distinct_seat = pend["loser"]
    elif ph == E.PRICE and pend.get("blocker") != seat:
        P.distinct_seat = pend["blocker"]
    counts = view["hand_counts"]
    P.unt = view.get("untouchable")
    cands = untouchable_candidates(view, seat) if P.unt is None else []
    P.cands = [c for c in cands if c != seat]
    slots = []
    for p in range(n):
        if p == seat or not counts[p]:
            continue
        w = seat_weights(view, p, claim_w, decline_w, 0.0, turn_w)
        slots.append((p, counts[p], w, view["changed"][p] == 0))
    P.slots = slots
    P.fields = view
    return P


def make_determinizer(claim_w=_CLAIM_W, decline_w=_DECLINE_W, unt_boost=_UNT_BOOST, turn_w=_TURN_W):
    """A determinizer with its own belief strengths (and its own small cache: one view
    is determinized thousands of times in a row)."""
    cache = [None, None]

    def determinize(view, seat, rng):
        if view.get("auction") is not None:
            return _determinize_auction(view, seat, rng)
        if cache[0] is view and cache[1].me == seat:
            P = cache[1]
        else:
            P = _prepare(view, seat, claim_w, decline_w, turn_w)
            cache[0], cache[1] = view, P
        return _deal(P, view, seat, rng, unt_boost)

    return determinize


def _deal(P, view, seat, rng, unt_boost):
    cfg = P.cfg
    counts = P.pool[:]
    rand = rng._r.random
    # the Untouchable (L'Intoccabile), if this seat does not know who it is
    unt = P.unt if P.unt is not None else -1
    if P.cands:
        unt = P.cands[int(rand() * len(P.cands))]
    hands = [None] * cfg.n
    for p, k, w0, unchanged in P.slots:
        for attempt in range(4):
            h = []
            w = w0
            if p == unt:
                if unchanged:                            # still the dealt Plague Doctors
                    while len(h) < k and counts[4]:
                        counts[4] -= 1
                        h.append(PD)
                else:
                    w = w[:]
                    w[4] *= unt_boost
            while len(h) < k:
                tot = 0.0
                for i in range(5):
                    tot += counts[i] * w[i]
                if tot <= 0.0:
                    break
                x = rand() * tot
                i = 0
                while i < 4:
                    x -= counts[i] * w[i]
                    if x < 0.0:
                        break
                    i += 1
                while counts[i] == 0:                    # rounding at the edge
                    i = (i + 1) % 5
                counts[i] -= 1
                h.append(ROLES[i])
            if p != P.distinct_seat or len(set(h)) > 1 or attempt == 3:
                break
            for c in h:
                counts[RI[c]] += 1
        hands[p] = h
    for p in range(cfg.n):
        if hands[p] is None:
            hands[p] = P.hand[:] if p == seat else []
    deck = []
    for i in range(5):
        if counts[i]:
            deck += [ROLES[i]] * counts[i]
    rng._r.shuffle(deck)
    v = P.fields
    s = E.State.__new__(E.State)
    s.cfg = cfg
    # One stream per chance purpose, fixed (fix_chance) for the first world of a view; the
    # view's later worlds draw on from the same streams. ISMCTS plays each world once and
    # compares no two candidates on one world, so its worlds need fresh dice, not the same
    # ones, and seeding a fresh set for every world cost a fifth of the search.
    if P.chance is None:
        fix_chance(_rules(), s, rng.fork())
        P.chance = s.rng
    else:
        s.rng = P.chance
    s.quiet = True
    s.dec = None
    s.root = seat
    s.hands = hands
    s.lost = list(v["lost"])
    s.coins = list(v["ducats"])
    s.nalive = sum(1 for h in hands if h)
    s.out = tuple(v["out"])
    s.winner = v["winner"] if v["winner"] is not None else -1
    s.phase = P.phase
    s.turn = v["turn"]
    s.turn_no = v["turn_no"]
    s.serial = 0
    s.claims = list(v["claims"])
    s.declined = list(v["declined"])
    s.proofs = list(v["proofs"])
    s.caught = list(v["caught"])
    s.changed = list(v["changed"])
    s.fare = v["fare"]
    s.unt = unt
    s.proven = v.get("untouchable") is not None and P.unt is not None and P.unt != seat
    s.auc = None
    s.pre = 0
    pend = v["pending"]
    if pend is None:
        s.actor, s.act, s.target, s.paid = s.turn, None, -1, 0
        s.blocker, s.brole, s.broles, s.chal = -1, None, (), -1
        s.asked = []
        s.loser = s.credit = -1
        s.knext = 0
        s.drawn = None
        if s.phase == E.TURN and s.coins[s.turn] >= cfg.forced_at:
            s.pre = next(t for t in cfg.order[s.turn] if hands[t])
    else:
        s.actor, s.act = pend["actor"], pend["action"]
        t = pend["target"]
        s.target = t if t is not None else -1
        s.paid = pend["paid"]
        b = pend["blocker"]
        s.blocker = b if b is not None else -1
        s.brole = pend["block_role"]
        s.broles = tuple(pend["block_roles"])
        c = pend["challenger"]
        s.chal = c if c is not None else -1
        s.asked = list(pend["asked"])
        lo = pend["loser"]
        s.loser = lo if lo is not None else -1
        cr = pend["credit"]
        s.credit = cr if cr is not None else -1
        s.knext = E.AFTER.index(pend["after"]) if pend["after"] else 0
        if s.phase == E.EXCHANGE:
            if s.actor == seat:
                s.drawn = P.drawn[:] if P.drawn else []
            else:
                s.drawn = [deck.pop() for _ in range(P.opp_drawn)]
        else:
            s.drawn = None
    s.deck = deck
    return s



_default_determinize = make_determinizer()


def determinize(rules, view, seat, rng):
    """A full state consistent with everything `seat` has seen; opponents' cards are
    dealt from the unseen pool weighted by their public claims (see seat_weights).
    `rules` (GameSpec's common signature) is not read: the numbers of a game come from
    the bundled ruleset (`_rules`)."""
    return _default_determinize(view, seat, rng)


def _determinize_auction(view, seat, rng):
    """Rialto's sale: other seats' purchases and tokens are secret; deal them a
    plausible split of the cards sold so far (the searching agents do not bid by search,
    so this only needs to be consistent)."""
    from . import engine as _E
    rules = _rules()
    r = view["rules"]
    n = r["players"]
    s = rules.setup(n, r["options"], rng.fork())
    s.quiet = True
    fix_chance(rules, s, rng.fork())
    s.root = seat
    au = view["auction"]
    a = s.auc
    if a is None or seat is None:
        return s
    # put the public line and my own purchases in place
    cfg = s.cfg
    pool = list(cfg.deck)
    for c in au["line"]:
        if c is not None:
            pool.remove(c)
    for c in view["hand"]:
        pool.remove(c)
    rng.shuffle(pool)
    line = [c if c is not None else pool.pop() for c in au["line"]]
    sold_others = au["sold"] - len(view["hand"])
    need = [cfg.au_per] * n
    hands = [[] for _ in range(n)]
    hands[seat] = list(view["hand"])
    need[seat] = au["need"]
    others = [p for p in range(n) if p != seat]
    i = 0
    while sold_others > 0 and others:
        p = others[i % len(others)]
        i += 1
        if need[p] > 0:
            hands[p].append(pool.pop())
            need[p] -= 1
            sold_others -= 1
    tokens = [cfg.au_tokens] * n
    tokens[seat] = au["tokens"]
    for p in others:
        tokens[p] = max(0, cfg.au_tokens - (cfg.au_per - need[p]))
    a.line = line
    a.price, a.bids, a.sold = au["price"], au["bids"], au["sold"]
    a.lead = seat if au.get("leading") else -1
    a.tokens, a.need = tokens, need
    s.hands = hands
    s.deck = pool
    s.dec = None
    _E.decisions(s)
    return s


# -- the quick player used inside the search -------------------------------------------------
def _lost_count(s, role) -> int:
    k = 0
    for lost in s.lost:
        if lost:
            k += lost.count(role)
    return k


def _copies(cfg, role) -> int:
    return cfg.deck.count(role)


def model_policy(s, d, rng):
    """A fast, honest-leaning player who knows only its own cards and the public table
    (used for the other seats inside the search and for rollouts)."""
    acts = d.actions
    if len(acts) == 1:
        return acts[0]
    ph = s.phase
    seat = d.seat
    hand = s.hands[seat]
    r = rng._r.random()
    cfg = s.cfg
    if ph == E.TURN:
        coins = s.coins[seat]
        hands = s.hands
        if coins >= cfg.canal_cost:
            best, bs = -1, -1
            for t in cfg.order[seat]:
                if hands[t]:
                    sc = len(hands[t]) * 10 + s.coins[t]
                    if sc > bs:
                        best, bs = t, sc
            return CANAL[best]
        if POISONER in hand and coins >= cfg.poison_cost and r < 0.85:
            t = _strongest(s, seat)
            return CLAIM_T[POISONER][t]
        if DOGE in hand:
            return CLAIM[DOGE]
        if CORSAIR in hand:
            t = _richest(s, seat)
            if s.coins[t] >= 2:
                return CLAIM_T[CORSAIR][t]
        if r < 0.22:
            return CLAIM[DOGE]                          # the usual bluff
        if FT in hand and r < 0.5:
            return CLAIM[FT]
        if seat == s.unt:
            return CLAIM[DOGE]
        return INCOME if r < 0.7 else CASINO
    if ph == E.CHAL or ph == E.CHAL_BLOCK:
        role = s.act if ph == E.CHAL else s.brole
        if role == UNTOUCHABLE:
            left = _copies(cfg, cfg.unt_role) - hand.count(cfg.unt_role) - _lost_count(s, cfg.unt_role)
            if left < cfg.unt_copies:
                return CHALLENGE
            return CHALLENGE if r < 0.25 else PASS
        left = _copies(cfg, role) - hand.count(role) - _lost_count(s, role)
        if left <= 0:
            return CHALLENGE
        p = 0.08
        if ph == E.CHAL and s.target == seat:
            if role == POISONER and PD not in hand:
                p = 0.45 if len(hand) == 1 else 0.12
            elif role == CORSAIR and CORSAIR not in hand and FT not in hand:
                p = 0.2
        elif ph == E.CHAL_BLOCK and s.actor == seat:
            p = 0.25
        if left == 1:
            p *= 2.0
        return CHALLENGE if r < p else PASS
    if ph == E.BLOCK:
        for a in acts:
            if a[0] == "block":
                if a[1] in hand:
                    return a
                if a[1] == UNTOUCHABLE and hand.count(cfg.unt_role) >= cfg.unt_copies:
                    return a
        if s.act == POISONER and len(hand) == 1:
            return acts[1] if r < 0.7 else PASS
        if acts[-1][1] == UNTOUCHABLE:
            return acts[-1] if (seat == s.unt or r < 0.1) else PASS
        return acts[1] if r < 0.06 else PASS
    if ph == E.LOSE or ph == E.PRICE:
        best, bv = acts[0], 99.0
        for a in acts:
            v = VALUE[a[1]]
            if v < bv:
                best, bv = a, v
        return best
    if ph == E.EXCHANGE:
        pool = hand + s.drawn
        best, bv = acts[0], -1.0
        for a in acts:
            v = 0.0
            back = list(a[1])
            for c in pool:
                if c in back:
                    back.remove(c)
                else:
                    v += VALUE[c]
            if v > bv:
                best, bv = a, v
        return best
    return acts[int(r * len(acts)) % len(acts)]


def random_policy(s, d, rng):
    return d.actions[rng.below(len(d.actions))]


def _strongest(s, seat):
    best, bs = -1, -1
    for t in s.cfg.order[seat]:
        h = s.hands[t]
        if h:
            sc = len(h) * 10 + s.coins[t]
            if sc > bs:
                best, bs = t, sc
    return best


def _richest(s, seat):
    best, bs = -1, -1
    for t in s.cfg.order[seat]:
        if s.hands[t] and s.coins[t] > bs:
            best, bs = t, s.coins[t]
    return best


def evaluate(s) -> list:
    """Each seat's chance to win, roughly, from cards and ducats (for cut rollouts)."""
    n = s.cfg.n
    if s.winner >= 0:
        out = [0.0] * n
        out[s.winner] = 1.0
        return out
    scores = []
    for p in range(n):
        k = len(s.hands[p])
        scores.append(0.0 if k == 0 else (k * 4.0 + min(s.coins[p], 10) * 0.6) ** 2)
    tot = sum(scores) or 1.0
    return [x / tot for x in scores]


class BluffAwareRules:
    """The rules as the searcher sees them, with one change: when another seat is asked
    whether to challenge the searcher's OWN claim, it answers at once the way a player
    who cannot see the searcher's cards would (from its own cards, the revealed ones,
    the claims on record and how readily it has challenged so far) instead of as a
    tree node. In single-observer ISMCTS those nodes learn from worlds that all hold the
    searcher's true cards, so every bluff looks caught and the searcher never bluffs."""

    def __init__(self, stats: dict, threshold: float = 0.6, claim_w: float = 3.0,
                 prior: tuple = (2.0, 4.0), not_mine: float = 0.15, crowd: float = 0.15, seed: int = 0):
        self.stats = stats            # seat -> [challenges, windows], from observed events
        self.rng = RNG(seed)          # the modelled seat's whim: not a chance outcome of the rules
        self.threshold = threshold
        self.claim_w = claim_w
        self.prior = prior            # pseudo-counts: assume a reckless challenger at first
        self.not_mine = not_mine      # a claim that does not hit you is less worth calling
        self.crowd = crowd            # with more players alive, each leaves it to the others

    def eagerness(self, seat: int) -> float:
        """How often a seat challenges beyond what the odds justify (random players: a lot)."""
        c, w = self.stats.get(seat, (0, 0))
        a, b = self.prior
        return max(0.0, (c + a) / (w + b) - 0.12)

    def decisions(self, s):
        d = E.decisions(s)
        root = s.root
        while d and d[0].seat != root:
            k = d[0].kind
            if k == "challenge":
                claimant, role = s.actor, s.act
            elif k == "challenge_block":
                claimant, role = s.blocker, s.brole
            else:
                break
            if claimant != root:
                break
            dd = d[0]
            E.apply(s, dd.seat, self.answer(s, dd.seat, claimant, role))
            d = E.decisions(s)
        return d

    def answer(self, s, seat, claimant, role):
        cfg = s.cfg
        hand = s.hands[seat]
        need = 1
        if role == UNTOUCHABLE:
            role, need = cfg.unt_role, cfg.unt_copies
        unseen = [0] * 5
        for c in cfg.deck:
            unseen[RI[c]] += 1
        for c in hand:
            unseen[RI[c]] -= 1
        for lost in s.lost:
            for c in lost:
                unseen[RI[c]] -= 1
        ri = RI[role]
        if unseen[ri] < need:
            return CHALLENGE                             # a sure lie, from where they sit
        w = [1.0] * 5
        cw = self.claim_w
        for r in s.claims[claimant]:
            if r in RI:
                w[RI[r]] *= cw
        tot = 0.0
        for i in range(5):
            tot += unseen[i] * w[i]
        q = unseen[ri] * w[ri] / tot if tot else 0.0
        p_lie = (1.0 - q) ** len(s.hands[claimant]) if need == 1 else 1.0 - q * q
        thr = self.threshold + (-0.05 if s.target == seat else self.not_mine)
        if self.crowd and sum(1 for h in s.hands if h) > 2:
            thr += self.crowd
        if p_lie > thr or self.rng.random() < self.eagerness(seat):
            return CHALLENGE
        return PASS

    apply = staticmethod(E.apply)
    clone = staticmethod(E.clone)

    def result(self, s):
        return _rules().result(s)


DELEGATE = frozenset({"challenge", "challenge_block", "bid", "sealed_bid"})


class HardAgent:
    """ISMCTS (game.ai.ismcts) for its turns, blocks, losses and exchanges, searched with
    BluffAwareRules; rules of thumb (the "sharp" heuristic level) for calling bluffs and
    for the auction.

    Why not search the challenge decisions too: in single-observer ISMCTS the other
    seats' nodes learn from worlds that all hold this seat's true cards, which skews the
    worth of every "challenge or let it pass" — measured over 400 two-player games against
    `normal`, searched challenges won 63 %, these rules 68–69 %."""
    REACTIONS = frozenset({"challenge", "challenge_block", "block", "lose_card", "untouchable_price"})

    def __init__(self, seed: int = 0, budget: float = 0.45, reaction_budget: float = 0.2,
                 name: str = "hard", max_iterations: int | None = 6000,
                 exploration: float = 0.7, policy=None, claim_w: float = _CLAIM_W,
                 decline_w: float = _DECLINE_W, unt_boost: float = _UNT_BOOST, max_depth=None,
                 turn_w: float = _TURN_W, delegate=DELEGATE, fallback: str = "sharp", fallback_overrides=None,
                 bluff_model: bool = True, bluff_thr: float = 0.6, prior=(2.0, 4.0),
                 not_mine: float = 0.15, crowd: float = 0.15):
        from ...ai.ismcts import ISMCTSAgent
        self.name = name
        self.chal_seen: dict = {}
        rules = (BluffAwareRules(self.chal_seen, bluff_thr, prior=prior, not_mine=not_mine, crowd=crowd,
                                 seed=seed + 2)
                 if bluff_model else _rules())
        det = make_determinizer(claim_w, decline_w, unt_boost, turn_w)
        self.search = ISMCTSAgent(rules, det, name=name, seed=seed, budget=budget,
                                  max_iterations=max_iterations,
                                  rollout_policy=model_policy if policy is None else policy,
                                  evaluate=evaluate, reaction_budget=reaction_budget,
                                  reaction_kinds=self.REACTIONS, exploration=exploration,
                                  max_depth=max_depth)
        self.max_depth = max_depth
        self.fallback = HeuristicAgent(fallback, seed + 1)
        if fallback_overrides:
            self.fallback.p = {**self.fallback.p, **fallback_overrides}
        self.delegate = delegate

    def observe(self, events):
        self.fallback.observe(events)
        seen = self.chal_seen
        for e in events:
            if e.kind == "pass" and e.data.get("window") in ("challenge", "challenge_block"):
                seen.setdefault(e.data["seat"], [0, 0])[1] += 1
            elif e.kind == "challenge":
                rec = seen.setdefault(e.data["challenger"], [0, 0])
                rec[0] += 1
                rec[1] += 1

    def choose(self, view, decision, budget=None):
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None, *, weigh=None) -> Analysis:
        """Every action of `decision` with what the search thought of it (game/ai/
        analysis.py); `.chosen` is what `choose` plays. The ISMCTS agent's analysis (visits
        and mean reward of each root action) for the decisions it searches; a single
        action, or a decision left to the rules of thumb (`delegate`), is that pick with
        the rest not searched. `weigh` (a review's best move and the move played): ISMCTS
        over exactly those root actions."""
        if weigh:
            decision = decision._replace(actions=tuple(distinct(weigh)))
        elif len(decision.actions) == 1:
            return self.search.analyse(view, decision, budget)      # searches nothing
        if decision.kind in self.delegate and not weigh:
            context = SearchContext(decision.seat, decision.kind, decision.actions)
            return unsearched(context, self.fallback.choose(view, decision, budget))
        if self.max_depth is None:
            # rollouts are cut after about two rounds of turns: 4 decisions per player
            # (8 at two players; 16 at four measured 43 % vs 38 % for 8, 1 hard v 3 normal)
            self.search.max_depth = 4 * view["rules"]["players"]
        return self.search.analyse(view, decision, budget)


def make_agent(rules, difficulty: str, seat: int = 0, seed: int = 0, max_iterations: int | None = None):
    """`max_iterations` (hard only): ISMCTS stops after that many iterations and never
    by time, so that a game is reproducible (simulate --budget-iterations). `rules`
    (GameSpec's common signature) is not read: Schemers' agents take a game's numbers
    from the bundled ruleset (`_rules`)."""
    if difficulty == "random":
        return RandomAgent(seed)
    if difficulty in ("easy", "normal"):
        return HeuristicAgent(difficulty, seed)
    if difficulty == "hard":
        if max_iterations is not None:
            return HardAgent(seed, budget=float("inf"), reaction_budget=float("inf"), max_iterations=max_iterations)
        return HardAgent(seed)
    raise ValueError(f"unknown difficulty {difficulty!r}; choose random, easy, normal or hard")

