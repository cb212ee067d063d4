"""Dark Gothic agents.

- `HeuristicAgent` (normal): a priority buyer (TE-099). It plays every card first (drawing
  cards before the rest), then plans the turn's purchases as a SET: a small branch and bound
  over the affordable cards (Training and the Hungry Dead more than once) keeps the set the pool
  pays for (colour by colour, Silver as one colour per orb) that is worth most, buys its first
  card and plans again from what is left. A card is worth its resources (more in the colours
  the face-up Villain costs, colour_fit), draws, Block/Protect and Investigation, minus the
  deck's average card it displaces (dilute; nothing while the deck is no bigger than a hand),
  minus the chance its Center Line slot refills with a Shadow (Lightning, Grave Robber,
  Abandoned Mill; any Mystery under the Witch), plus the Shadows it keeps out: a Roaming card
  that reaches them before the Hero's next turn counts in full, a Villain's end-of-turn
  trigger it answers (a Minion under the Horseman, a Destroy under the Wendigo), a Global card
  and a Villain tax (Blood Moon) removed. A Shadow is worth shadow_base + shadow_slope per card
  already there, and loss when one more fills them (the weights are ai_weights.NORMAL, one set
  per mode). The Villain comes first whenever the pool
  pays it. Off-turn it Blocks every Strike it can, Protects its own good cards (and, in co-op,
  its team-mates' and the Center Line's), discards and Destroys its weakest cards (a Dark
  Secret first), pays Cursed parts with its weakest sources and picks a Silver cost's colour
  to keep the most useful pool. Measured figures: docs/games/dark_gothic.md.
- `easy`: plays everything, then buys the single most expensive card it can pay for, never
  the Villain before the Shadows reach SHADOW_ALERT; passes every window.
- `hard`: ISMCTS (game/ai/ismcts.py) over determinizations (hands, deck orders, Main Deck order
  and the Shadows dealt at random from the unseen cards) with the heuristic in rollouts (60
  steps, then a heuristic evaluation). Measured first as the generic search over every
  buy/end choice: it lost to `normal` (3 wins to 20 in 40 games), so it searches only the
  heuristic's own pick, ending the turn and the next CANDIDATE_BUYS purchases, and keeps the
  pick unless at least MIN_ITERATIONS games were searched and another move's mean reward beats
  it by MARGIN, in the modes of ai_weights.HARD_SEARCH only. Its heuristic plays with
  ai_weights.HARD, normal's weights tuned offline per mode (tools/dark_gothic_tune.py), and
  where its weights' `hold` is set (co-op) it thins its deck: when only Start cards are left
  to play it keeps one back if the turn's purchases are worth more with the Hungry Dead
  bought to Destroy it (Brain.held_card); normal plays every card, so its Hungry Dead can only
  take Center Line cards. Card plays and every off-turn answer are otherwise the heuristic's. With an iteration budget (simulate
  --budget-iterations) it never stops by time, so such games replay exactly.
  `HardAgent.analyse` returns the decision's Analysis (game/ai/analysis.py: every action with
  its mean reward, visits and reason key, read from `ISMCTSAgent.analyse`); `choose` plays its
  `chosen`.
- `determinize(rules, view, seat, rng)`: a full state consistent with `view`.

Agents read only the view and the static card data (costs through `rules.cost_of` on a stub
holding the view's public Villain, Center Line and Heroes; payment.py's pure functions).
"""
from __future__ import annotations

from ...ai import analysis as A
from ...ai.analysis import Analysis, Estimate
from ...ai.candidates import SearchContext, unsearched
from ...ai.ismcts import ISMCTSAgent
from ...ai.levels import level_agent
from ...core.rng import RNG, fix_chance
from ...core.windows import PASS, ReactionWindow, SealedChoice
from . import payment as P
from .ai_weights import HARD, HARD_SEARCH, NORMAL
from .state import new_state

SHADOW_ALERT = 7          # TE-099 (easy): the Villain only from here
GROW_SAMPLES = 40          # must_grow: hands sampled ...
GROW_BELOW = 0.025         # ... and when none pays the Villain, a Hero at the brink buys anyway
STALL_TURN = 60            # ... and so does one in a game this long (most end by turn 30)
HOLD_SPARE = 3            # hard keeps a Start card back for the Hungry Dead only in a deck this much bigger than a hand
MIN_DENSITY = 0.45        # value per resource unit below which a card is not worth buying
MIN_ITERATIONS = 30       # hard: below this many searched games the heuristic's pick stands
CANDIDATE_BUYS = 2        # hard: purchases searched besides the heuristic's pick and ending
MARGIN = 0.08             # hard: mean reward by which a searched move must beat the heuristic's pick
PLAN = True               # normal plans a turn's purchases as a set (False: the old best-density buyer)
FIGHT = {"gain": 0.8, "draw": 0.8, "honor": 1.5, "destroy_hand": 0.6, "each_draw": 0.5,
         "each_honor": 1.0, "shadow_remove": 1.0, "others": 0.5, "poltergeist": 0.1, "hungry_dead": 0.4}


class Brain:
    """Static values of cards, from the data (public knowledge)."""

    def __init__(self, rules, level="normal", weights=None):
        """`weights`: {mode: ai_weights.Weights}, normal's (NORMAL) unless given."""
        self.rules = rules
        self.level = level
        self.weights = NORMAL if weights is None else weights
        K = rules.cards
        self.bases = {mode: self._base_table(W) for mode, W in self.weights.items()}
        main = [k for k in K.values() if k.group == "main"]
        self.refill_risk = sum(1 for k in main if any(op in ("shadow", "lightning") for op, _ in k.mystery)) / len(main)
        self.any_mystery = sum(1 for k in main if k.mystery) / len(main)
        self.start = frozenset(c for c, k in K.items() if k.group == "start")
        self.secret = frozenset(c for c, k in K.items() if k.group == "secret")

    def _base_table(self, W):
        """What each card is worth in a deck, with the weights `W`."""
        out = {}
        for c, k in self.rules.cards.items():
            v = 0.0
            for op, p in k.play:
                if op == "gain":
                    v += p["n"] * (W.gain_silver if p["c"] == "W" else W.gain)
                elif op == "draw":
                    v += W.draw * p["n"]
                elif op in ("block", "protect"):
                    v += W.block
                elif op == "strike":
                    v += W.strike
                elif op == "free_defeat":
                    v += W.free_defeat
                elif op == "destroy_self":
                    v += W.destroy_self
            if k.remains:
                v *= W.remains
            if k.ability == "protect_once":
                v += W.protect_once
            if k.ability == "destroy_once":
                v += W.destroy_once
            for op, p in k.fight:
                v += W.fight * FIGHT.get(op, 0.0)
            for op, p in k.acquire:
                if op == "secret":
                    v += W.secret_on_buy
            out[c] = v
        return out

    def keep_value(self, c, mode) -> float:
        """How much a card in the deck is worth keeping (for discards, Destroys, passes)."""
        k = self.rules.cards[c]
        if c in self.secret:
            return -3.0
        return self.bases[mode][c] + k.inv * self.weights[mode].w_inv

    def shadow_penalty(self, ctx) -> float:
        """What one more card in the Shadows costs (everyone loses at 10, in both modes)."""
        sh = ctx["shadows"]
        W = self.weights[ctx["mode"]]
        if sh + 1 >= self.rules.limit:
            return W.loss                # one more and everyone loses
        return self.one_shadow(ctx)

    def one_shadow(self, ctx) -> float:
        """One more card in the Shadows, short of the loss."""
        W = self.weights[ctx["mode"]]
        return (W.shadow_base + W.shadow_slope * ctx["shadows"]) * W.shadow_mult

    def villain_threats(self, ctx):
        """The face-up Villain's Shadow triggers the buyer can answer this turn."""
        v = ctx["villain"]
        out = set()
        if v is None:
            return out
        for op, p in self.rules.cards[v].globals:
            if op == "roaming_at_start":
                out.add("roam2")
            elif op == "shadow_when":
                if p["when"] == "ally_acquired":
                    out.add("ally")
                elif p["when"] == "end_turn" and p.get("unless") == "minion_defeated" \
                        and "minion_defeated" not in ctx["flags"]:
                    out.add("minion")
                elif p["when"] == "end_turn" and p.get("unless") == "card_destroyed" \
                        and "destroyed" not in ctx["flags"]:
                    out.add("destroy")
        return out

    def colour_fit(self, c, ctx) -> float:
        """Resources in the colours the face-up Villain costs are worth more: the Heroes
        win only by defeating the Villains before the Shadows fill."""
        v = ctx["villain"]
        if v is None:
            return 0.0
        need = ctx.get("need")
        if need is None:
            cost = self.rules.cards[v].cost
            tot = max(1, sum(n for _, n, _ in cost))
            need = ctx["need"] = {col: sum(n for cc, n, _ in cost if cc == col) / tot for col in ("C", "U", "S")}
        out = 0.0
        fit = self.weights[ctx["mode"]].colour_fit
        for op, p in self.rules.cards[c].play:
            if op == "gain":
                out += p["n"] * (fit if p["c"] == "W" else fit * 2 * need.get(p["c"], 0.0))
        return out

    def buy_value(self, c, ctx) -> float:
        r = self.rules
        k = r.cards[c]
        mode = ctx["mode"]
        W = self.weights[mode]
        if k.group == "villain":
            return 100.0 + k.inv
        threats = ctx.get("threats")
        if threats is None:
            threats = ctx["threats"] = self.villain_threats(ctx)
        pen = self.shadow_penalty(ctx)
        if k.group == "common":            # the Hungry Dead: trims Start cards and Secrets
            v = W.trim if ctx["trim"] else 0.0
            if "minion" in threats or "destroy" in threats:
                v += pen
            return v
        v = self.bases[mode][c] + k.inv * W.w_inv + self.colour_fit(c, ctx)
        if k.type == "ally" and "ally" in threats:
            v -= pen
        if k.type == "minion" and "minion" in threats:
            v += pen
        if k.group == "main" and c in ctx["center"]:
            sh = ctx["shadows"]
            threat = 0.0
            if k.roaming:
                slot = ctx["center"].index(c)
                # it moves at the end of every Hero's turn (and at the start too under a
                # roaming_at_start Villain): from here, does it reach the Shadows before my next turn?
                steps = len(ctx["center"]) - slot
                doomed = steps <= ctx["n"] * (2 if "roam2" in threats else 1)
                threat += pen * (1.0 if doomed else W.doom)
                if sh >= W.alert:
                    threat += pen
            if k.globals:
                threat += W.global_threat + (W.global_alert if sh >= W.alert else 0.0)
                for op, p in k.globals:          # a tax on the Villain: every Hero pays it
                    if op == "cost_mod" and p["target"] == "villain" and ctx["villain"] is not None:
                        threat += W.tax * p["n"]
            if mode == "coop" and k.type == "minion" and ctx["coop_rolls"]:
                threat += pen * W.coop_minion     # the First Player's Omen roll: a Skull in three
            v += threat
        return v

    # -- planning a turn's purchases ------------------------------------------------------------
    def _costs(self, ctx):
        """cost_of for every card, as the rules price it now (from public information)."""
        r = self.rules
        fake = ViewCosts(ctx["villain"], ctx["center"], ctx["on_villain"], ctx["heroes"])
        me = ctx["active"]
        return lambda c: r.cost_of(fake, c, me)

    def risk(self, ctx) -> float:
        """The chance that one refill of the Center Line adds a card to the Shadows."""
        q = self.refill_risk
        if ctx["villain"] is not None and any(op == "shadow_when" and p["when"] == "mystery"
                                              for op, p in self.rules.cards[ctx["villain"]].globals):
            q = self.any_mystery
        return q

    def item_value(self, c, ctx, pen) -> float:
        k = self.rules.cards[c]
        if k.group == "villain":
            return 100.0 + k.inv
        v = self.buy_value(c, ctx)
        W = self.weights[ctx["mode"]]
        stuck = ctx.get("stuck", False)
        if k.group != "common" and not k.remains and not stuck:
            v -= W.dilute * ctx["avg"] * ctx["crowd"]
        if k.group == "main":
            if stuck and pen >= W.loss:      # a refill risks a Shadow, not the game
                pen = self.one_shadow(ctx)
            v -= W.refill * self.risk(ctx) * pen
        return v

    def must_grow(self, ctx) -> bool:
        """Whether a Hero who would buy nothing must buy anyway: one Shadow from the end (or
        in a game gone on past STALL_TURN turns) its hands hardly ever pay the Villain, so
        waiting never wins. Then neither the deck's average card (dilute) nor a refill
        weighed as the loss itself holds it back: without this, Heroes with such decks ended
        every turn for ever (co-op games of hundreds of turns, at nine Shadows and at four).
        Not earlier: buying what is not worth it loses more games than it saves."""
        v = ctx["villain"]
        if v is None or (ctx["shadows"] + 1 < self.rules.limit and ctx["turn"] < STALL_TURN):
            return False
        return self.pay_chance(ctx, v) < GROW_BELOW

    def pay_chance(self, ctx, v) -> float:
        """The share of GROW_SAMPLES shuffles of the Hero's cards whose hand (its draws drawn
        too) pays the Villain's cost. Seeded by the turn, so a decision repeats exactly."""
        K = self.rules.cards
        cards = list(ctx["mine"])
        cost = self._costs(ctx)(v)
        rng = RNG(ctx["turn"] * 7919 + len(cards))
        coop = ctx["mode"] == "coop"
        hits = 0
        for _ in range(GROW_SAMPLES):
            rng.shuffle(cards)
            n, i, pool = self.rules.rules.hand_size, 0, []
            while i < min(n, len(cards)):
                for op, p in K[cards[i]].play:
                    if op == "gain":
                        pool.append((p["c"], p["n"], cards[i], p["c"] == "W"))
                    elif op == "draw":
                        n += p["n"]
                    elif op == "strike" and coop:
                        n -= p.get("n", 1)        # co-op: a Minion's Strike hits its player too
                i += 1
            hits += P.feasible(pool, cost)
        return hits / GROW_SAMPLES

    def plan(self, ctx, buys):
        """The set of purchases this pool pays for that is worth most; returns it in buying
        order (the Villain first). Each decision plans again from the pool that is left."""
        return self.best_set(ctx, buys)[1] or self._grow(ctx, buys)

    def best_set(self, ctx, buys):
        """(worth, purchases) of the best set `buys` offers that ctx["pool"] pays for."""
        K = self.rules.cards
        pool = ctx["pool"]
        exact, silver = P.split([tuple(o) for o in pool])
        have = sum(exact) + sum(silver)
        cost = self._costs(ctx)
        mine = ctx["mine"]
        base = self.bases[ctx["mode"]]
        ctx["avg"] = sum(base[c] if c not in self.secret else 0.0 for c in mine) / max(1, len(mine))
        # a deck no bigger than a hand is drawn whole every turn: a card added there displaces
        # nothing (and a Hero whose deck was Destroyed down to a few cards must rebuild it)
        hand = self.rules.rules.hand_size
        ctx["crowd"] = min(1.0, max(0.0, (len(mine) - hand) / hand))
        pen = self.shadow_penalty(ctx)
        decay = self.weights[ctx["mode"]].copy_decay
        items = []
        for a in buys:
            c = a[1]
            k = K[c]
            parts = tuple((col, n, False) for col, n, _cur in cost(c))
            val = self.item_value(c, ctx, pen)
            if val <= 0:
                continue
            copies = 1
            if k.group == "training":
                copies = min(3, ctx["tcount"].get(k.key, 1))
            elif k.group == "common":
                copies = 2
            for i in range(copies):
                items.append((val * (1.0 if i == 0 else decay ** i), c, parts, sum(n for _, n, _ in parts)))
        if not items:
            return 0.0, []
        items.sort(key=lambda x: -x[0])
        best = [0.0, ()]
        n = len(items)
        suffix = [0.0] * (n + 1)
        for i in range(n - 1, -1, -1):
            suffix[i] = suffix[i + 1] + items[i][0]

        def dfs(i, val, spent, parts, chosen):
            if val > best[0]:
                best[0], best[1] = val, chosen
            if i >= n or val + suffix[i] <= best[0]:
                return
            v, c, p, t = items[i]
            if spent + t <= have:
                np = parts + p
                if P.feasible_split(exact, silver, np):
                    dfs(i + 1, val + v, spent + t, np, chosen + (c,))
            dfs(i + 1, val, spent, parts, chosen)
        dfs(0, 0.0, 0, (), ())
        return best[0], list(best[1])

    def held_card(self, ctx):
        """The Start card to keep in hand for the Hungry Dead to Destroy, or None (hard, when
        its weights' `hold` is set). Asked when only Start cards are left to play: it weighs
        the turn's best purchases with every one of them played against those with one kept
        back and the Hungry Dead bought to Destroy it, a deck one weak card thinner. Playing
        every card first, as normal does, leaves nothing in hand to Destroy: the Hungry Dead
        could then only take a Center Line card."""
        W = self.weights[ctx["mode"]]
        hand = ctx["hand"]
        if W.hold <= 0 or ctx["villain"] is None or not hand or not self.start.issuperset(hand):
            return None
        if len(ctx["mine"]) <= self.rules.rules.hand_size + HOLD_SPARE:
            return None                       # a thinner deck would not fill a hand
        targets = self.targets(ctx)
        without = self._worth_with(ctx, targets, None)
        best, best_worth = None, without + W.hold
        one_of_each = {self.rules.cards[c].key: c for c in hand}       # copies are alike
        for _key, card in sorted(one_of_each.items()):
            worth = self._worth_with(ctx, targets, card)
            if worth > best_worth:
                best, best_worth = card, worth
        return best

    def _worth_with(self, ctx, targets, held):
        """The best purchases' worth once every Start card in hand but `held` is played."""
        K = self.rules.cards
        played = [c for c in ctx["hand"] if c != held]
        pool = [tuple(o) for o in ctx["pool"]]
        pool += [(p["c"], p["n"], c, p["c"] == "W") for c in played for op, p in K[c].play if op == "gain"]
        trial = {k: v for k, v in ctx.items() if k not in ("avg", "crowd", "stuck")}
        trial.update(pool=pool, trim=held is not None, hand=[held] if held else [])
        return self.best_set(trial, targets)[0]

    def targets(self, ctx):
        """Every card a purchase could take now (rules.on_offer), as buy actions, affordable
        or not: best_set checks the pool."""
        K = self.rules.cards
        offer = self.rules.on_offer(ctx["center"], ctx["tops"], ctx["villain"], ctx["flags"])
        return [("buy", c) for c in offer if c is not None and K[c].cost]


    def _grow(self, ctx, buys):
        """Nothing is worth buying: plan again as a Hero who must grow (must_grow), once."""
        if ctx.get("stuck") is not None or not buys:
            return []
        ctx["stuck"] = self.must_grow(ctx)
        return self.plan(ctx, buys) if ctx["stuck"] else []


class ViewCosts:
    """The little of a state that `rules.cost_of` reads, from a view."""
    __slots__ = ("villain", "center", "on_villain", "heroes")

    def __init__(self, villain, center, on_villain, heroes):
        self.villain, self.center, self.on_villain, self.heroes = villain, center, on_villain, heroes


# -- the policy, shared by the agents (over a view) and the rollouts (over a state) -----------
def _ctx_from_view(v):
    me = v["seat"]
    p = v["seats"][me]
    own = list(p.get("owned") or []) + p["discard"]
    return {"me": me, "mode": v["mode"], "shadows": v["shadows"], "center": v["center"], "hand": p.get("hand", []),
            "trim": None, "owned": own, "coop_rolls": v["mode"] == "coop", "active": v["active"],
            "turn": v["turn"], "villain": v["villain"], "flags": v["flags"], "on_villain": v["on_villain"],
            "heroes": [q["hero"] for q in v["seats"]], "tcount": {k: t["count"] for k, t in v["training"].items()},
            "tops": [t["top"] for t in v["training"].values() if t["top"] is not None],
            "mine": own + p["play"], "remains": p["remains"], "left": v["villains_left"], "n": v["players"]}


def _ctx_from_state(s, seat):
    return {"me": seat, "mode": "coop" if s.coop else "competitive", "shadows": len(s.shadows),
            "center": s.center, "hand": s.hand[seat], "trim": None, "owned": None,
            "coop_rolls": s.coop, "active": s.active, "turn": s.turn, "villain": s.villain, "flags": s.flags,
            "on_villain": s.on_villain, "heroes": s.heroes, "tcount": {k: len(t) for k, t in s.training.items()},
            "tops": [t[-1] for t in s.training.values() if t],
            "mine": s.deck[seat] + s.hand[seat] + s.discard[seat] + s.play[seat], "remains": s.remains[seat],
            "left": len(s.vstack) + (s.villain is not None), "n": s.n}


def choose(brain, ctx, d, rng=None, easy=False):
    kind = d.kind
    acts = d.actions
    r = brain.rules
    K = r.cards
    mode = ctx["mode"]
    me = ctx["me"]
    W = brain.weights[mode]
    if kind == "turn":
        plays = [a for a in acts if a[0] == "play"]
        held = brain.held_card(ctx) if plays and not easy else None
        if held is not None:                  # play the others; the held card waits for the Hungry Dead
            plays = [a for a in plays if a[1] != held]
        if plays:
            # cards that draw or strike first, then the rest
            return max(plays, key=lambda a: (any(op == "draw" for op, _ in K[a[1]].play), brain.bases[mode][a[1]]))
        buys = [a for a in acts if a[0] == "buy"]
        if buys:
            if ctx["trim"] is None:
                hand = ctx["hand"]
                ctx["trim"] = any(c in brain.secret or c in brain.start for c in hand)
            if easy:
                best = max(buys, key=lambda a: K[a[1]].cost_total if K[a[1]].group != "villain"
                           or ctx["shadows"] >= SHADOW_ALERT else -1)
                if K[best[1]].group != "villain" or ctx["shadows"] >= SHADOW_ALERT:
                    return best
            elif PLAN:
                plan = brain.plan(ctx, buys)
                if plan:
                    brain.last_plan = (_plan_key(ctx), plan)     # how to pay for it reads it
                    return ("buy", plan[0])
            else:
                best, score = None, MIN_DENSITY
                for a in buys:
                    c = a[1]
                    val = brain.buy_value(c, ctx)
                    dens = val / max(1, K[c].cost_total)
                    if K[c].group == "villain":
                        dens = 1000.0
                    if dens > score:
                        best, score = a, dens
                if best is not None:
                    return best
        for a in acts:
            if a[0] == "use":
                return a
        if held is not None:
            return ("play", held)             # nothing to buy after all: play it
        return ("end",) if ("end",) in acts else acts[0]
    if kind == "block":
        return PASS if easy else next((a for a in acts if a != PASS), PASS)
    if kind == "protect":
        if easy or len(acts) == 1:
            return PASS
        prompt = d.prompt or {}
        card, zone, reason = prompt.get("card"), prompt.get("zone") or ["", -1], prompt.get("reason")
        owner = zone[1] if zone[0] != "center" else None
        mine = owner == me
        worth = brain.keep_value(card, mode) if card else 0.0
        if reason in ("feed", "chosen"):
            return PASS                       # a Hero chose to Destroy it (co-op: never asked)
        if (mine or (mode == "coop" and owner is not None)) and (worth >= W.protect_own or reason == "key"):
            return next(a for a in acts if a != PASS)
        if mode == "coop" and owner is None and worth >= W.protect_center:
            return next(a for a in acts if a != PASS)
        return PASS
    if kind in ("choose", "pass"):
        cards = [a for a in acts if a[0] in ("card", "give")]
        if kind == "choose" and (d.prompt or {}).get("act") == "destroy" and ("none",) in acts:
            worst = min(cards, key=lambda a: brain.keep_value(a[1], mode)) if cards else None
            if worst is None or brain.keep_value(worst[1], mode) > W.destroy_keep:
                return ("none",)
            return worst
        return min(cards, key=lambda a: brain.keep_value(a[1], mode)) if cards else acts[0]
    if kind == "feed":
        cards = [a for a in acts if a[0] == "card"]
        need = "destroy" in brain.villain_threats(ctx)
        if cards:
            worst = min(cards, key=lambda a: brain.keep_value(a[1], mode))
            if brain.keep_value(worst[1], mode) <= (W.feed_need if need else W.feed_plain):
                return worst
        centre = [a for a in acts if a[0] == "center" and K[ctx["center"][a[1]]].roaming]
        if centre:
            return max(centre, key=lambda a: a[1])
        if need:                              # a Destroy keeps the Shadows fed less: the weakest card
            centre = [a for a in acts if a[0] == "center"]
            if centre:
                return min(centre, key=lambda a: brain.bases[mode][ctx["center"][a[1]]])
        return ("none",)
    if kind == "target":
        opts = [a for a in acts if a[0] == "center"]
        return max(opts, key=lambda a: K[ctx["center"][a[1]]].inv + K[ctx["center"][a[1]]].roaming) if opts else acts[0]
    if kind == "reroll":
        return ("reroll",)
    if kind == "hero":
        order = ("inspector_cooke", "argot_blackwell", "thomas_harrow", "anne_marie", "sara_the_bright_witch")
        return min(acts, key=lambda a: order.index(a[1]) if a[1] in order else 9)
    if kind == "pay":
        return acts[0] if len(acts) == 1 or easy else _best_payment(brain, ctx, d)
    return acts[0]


def _plan_key(ctx):
    """What a turn's plan was made from: the pool and what is on offer."""
    return (tuple(tuple(o) for o in ctx.get("pool") or ()), tuple(ctx["center"]), ctx["villain"],
            tuple(ctx["tops"]))


def _best_payment(brain, ctx, d):
    """The payment that loses least to a Cursed part and leaves the pool that buys most of
    the turn's plan afterwards (the best purchases of the pool before paying, this card
    aside)."""
    acts = d.actions
    prompt = d.prompt or {}
    pool = [tuple(o) for o in ctx.get("pool") or []]
    parts = tuple(tuple(p) for p in prompt.get("parts") or ())
    target = prompt.get("card")
    mode = ctx["mode"]
    if ctx["trim"] is None:
        ctx["trim"] = any(c in brain.secret or c in brain.start for c in ctx["hand"])
    # the purchases this pool was planned for (the card being bought among them): each
    # payment is weighed by how much of the rest of that plan the pool left still pays
    last = getattr(brain, "last_plan", None)
    if last is not None and last[0] == _plan_key(ctx):
        planned = list(last[1])
    else:
        planned = list(brain.best_set(dict(ctx, pool=pool), brain.targets(ctx))[1])
    if target in planned:
        planned.remove(target)
    later = [("buy", c) for c in dict.fromkeys(planned)]
    mine = set(ctx["mine"]) | set(ctx.get("remains") or ())
    best, score = acts[0], None
    worth = {}                                # best_set reads the pool's colours only
    for a in acts:
        new, destroyed, _paid = P.apply_payment(pool, parts, a[1])
        exact, silver = P.split(new)
        colours = (tuple(exact), silver)
        if colours not in worth:
            trial = dict(ctx)
            trial["pool"] = new
            worth[colours] = brain.best_set(trial, later)[0]
        lost = sum(brain.keep_value(c, mode) for c in destroyed if c in mine)     # a gone card: nothing
        v = worth[colours] - lost
        if score is None or v > score + 1e-9:
            best, score = a, v
    return best


class HeuristicAgent:
    def __init__(self, rules, level="normal", seed=0, weights=None):
        """`weights`: {mode: ai_weights.Weights} (normal's unless given)."""
        self.name = level
        self.brain = Brain(rules, level, weights)
        self.easy = level == "easy"
        self.rng = RNG(seed)

    def choose(self, view, decision, budget=None):
        if len(decision.actions) == 1:
            return decision.actions[0]
        ctx = _ctx_from_view(view)
        ctx["pool"] = view["pool"]
        return choose(self.brain, ctx, decision, self.rng, self.easy)


# -- determinization ------------------------------------------------------------------------
def _tup(x):
    if isinstance(x, list):
        return tuple(_tup(y) for y in x)
    return x


def _task(x):
    """A task from the view's JSON form (tuples back, effect parameters stay dicts)."""
    return _tup(x)


def determinize(rules, view, seat, rng: RNG):
    """A full state consistent with `view`: everything `seat` cannot see is dealt at random
    from the cards it has not seen (other hands and decks, its own deck order, the Main Deck,
    the Shadows, the Discoveries, the face-down Villains)."""
    v = view
    n = v["players"]
    K = rules.cards
    d = rules.data
    s = new_state(n, 0)
    fix_chance(rules, s, rng.fork())       # a search's world: one stream per chance purpose (a deck per seat)
    s.coop = v["mode"] == "coop"
    s.draw2 = v["draw2"]
    s.active, s.first, s.turn = v["active"], v["first"], v["turn"]
    s.center = list(v["center"])
    s.villain = v["villain"]
    s.on_villain = list(v["on_villain"])
    s.crypt = list(v["crypt"])
    s.pool = [tuple(o) for o in v["pool"]]
    s.uses = [v["uses"]["block"], v["uses"]["protect"]]
    s.flags = set(v["flags"])
    s.round_used = set(v["round_used"])
    s.rolloff = list(v["rolloff"])
    s.tasks = [_task(t) for t in v["tasks"]]
    s.wait = _task(v["wait"]) if v["wait"] is not None else None
    if v["roaming"] is not None:
        s.addressed, s.moved = set(v["roaming"]["addressed"]), set(v["roaming"]["moved"])
    seen = set(x for x in s.center if x) | set(s.crypt) | set(s.on_villain)
    if s.villain:
        seen.add(s.villain)
    s.training = {}
    tv = v["training"]
    for key, ids in d.training.items():
        cnt = tv[key]["count"]
        s.training[key] = list(ids[:cnt])       # interchangeable copies: which ids is unseen
        seen.update(s.training[key])
    s.honor = list(d.honor_ids)
    s.secrets = list(d.secret_ids)
    s.heroes = [p["hero"] for p in v["seats"]]
    s.heroes_left = [h for h in rules.heroes if h not in s.heroes]
    unknown_cnt = {}
    for i, p in enumerate(v["seats"]):
        s.discard[i] = list(p["discard"])
        s.play[i] = list(p["play"])
        s.remains[i] = list(p["remains"])
        s.won[i] = list(p["won"])
        seen.update(s.discard[i], s.play[i], s.remains[i], s.won[i])
        if p.get("owned") is not None:
            seen.update(p["owned"])
    # honor/secrets in the supply are whatever is not seen elsewhere
    s.honor = [c for c in d.honor_ids if c not in seen][: v["honor"]]
    s.secrets = [c for c in d.secret_ids if c not in seen][: v["secrets"]]
    seen.update(s.honor, s.secrets)
    # start cards in the box: the pool minus what the Heroes took (public)
    for i, p in enumerate(v["seats"]):
        if p.get("owned") is not None:
            own = list(p["owned"])
            if i == seat and "hand" in p:
                hand = list(p["hand"])
                rest = list(own)
                for c in hand:
                    rest.remove(c)
                rng.shuffle(rest)
                s.hand[i], s.deck[i] = hand, rest
            else:
                rng.shuffle(own)
                k = p["hand_count"]
                s.hand[i], s.deck[i] = own[:k], own[k:]
        else:
            unknown_cnt[i] = p["hand_count"] + p["deck_count"]
    # the cards of this game (a Villain priced by mode is a card of its own: the other mode's
    # printings are not in the game)
    all_ids = set(rules.game_set[s.coop])
    all_ids.discard(d.hungry_dead)
    unseen = [c for c in rules.all_ids if c in all_ids and c not in seen]
    vill = [c for c in unseen if K[c].group == "villain"]
    disc = [c for c in unseen if K[c].group == "discovery"]
    start_box = [c for c in unseen if K[c].group in ("start",)]
    rest = [c for c in unseen if K[c].group not in ("villain", "discovery", "start")]
    # Villains still face down: the Danger levels not yet met, III at the bottom
    met = {K[c].danger for c in (s.won[0] + [x for w in s.won[1:] for x in w])}
    if s.villain:
        met.add(K[s.villain].danger)
    left = v["villains_left"] - (1 if s.villain else 0)
    todo = sorted((dz for dz in (1, 2, 3) if dz not in met), reverse=True)[-left:] if left else []
    s.vstack = []
    for dz in sorted(todo, reverse=True):
        cands = [c for c in vill if K[c].danger == dz]
        pick = cands[rng.below(len(cands))]
        vill.remove(pick)
        s.vstack.append(pick)
    s.vbox = vill
    rng.shuffle(disc)
    s.sdeck = disc[: v["discoveries"]]
    s.crypt += disc[v["discoveries"]:]          # (cannot happen: every Discovery is seen or in the deck)
    # blurred seats (after a Poltergeist pass) take their cards from the unseen rest
    rng.shuffle(rest)
    ownable = [c for c in rest if c not in rules.lightning_ids]     # TE-054: never in a Hero's cards
    for i, cnt in unknown_cnt.items():
        take = []
        while len(take) < cnt and (start_box or ownable):
            if start_box:
                take.append(start_box.pop())
            else:
                c = ownable.pop()
                rest.remove(c)
                take.append(c)
        k = v["seats"][i]["hand_count"]
        s.hand[i], s.deck[i] = take[:k], take[k:]
    s.box = start_box
    # keep the same seats blurred (view.py): stand-in passes between the blurred seats
    blurred = sorted(unknown_cnt)
    covered = set()
    for i in blurred:
        others = [j for j in blurred if j != i]
        if s.hand[i] and others:
            giver = next((j for j in others if j not in covered), others[0])
            s.ghosts.append((s.hand[i][0], giver, i))
            covered.update((giver, i))
    for i in blurred:
        if i not in covered and s.ghosts:
            c, _g, to = s.ghosts[0]
            s.ghosts.append((c, i, to))
    nm, ns = v["main_deck"], v["shadows"]
    rest = rest[: nm + ns] + rest[nm + ns:]
    s.main = rest[:nm]
    s.shadows = rest[nm:nm + ns]
    s.box += rest[nm + ns:]
    # the open window or sealed choice
    f = v["flow"]
    if f["wait"] in ("block", "protect"):
        kind = f["wait"]
        to, mt = rules.win[kind]
        w = ReactionWindow(kind, f["asked"], order="all", timeout=to, min_time=mt, prompt=f["prompt"])
        w.reacted = [(a, _tup(b)) for a, b in f["reacted"]]
        s.window = w
    elif f["wait"] == "pass":
        sc = SealedChoice("pass", f["seats"], timeout=rules.win["pass"][0])
        for x in f["committed"]:
            if x == seat and f["mine"] is not None:
                sc.picks[x] = _tup(f["mine"])
            elif s.hand[x]:
                sc.picks[x] = ("give", s.hand[x][rng.below(len(s.hand[x]))])
        s.sealed = sc
    elif f["wait"] == "hero":
        s.offers = list(f.get("offers") or [])
    s.dec = None
    return s


# -- the hard agent -------------------------------------------------------------------------
def _evaluate_factory(rules):
    def evaluate(s):
        n = s.n
        won = sum(len(w) for w in s.won)
        p_win = max(0.02, min(0.98, 0.35 + 0.2 * won - 0.05 * len(s.shadows)))
        invs = [rules.investigation(s, i) for i in range(n)]
        top = max(invs)
        rw = rules.rules.rewards
        out = []
        for i in range(n):
            share = 1.0 if invs[i] == top else max(0.0, invs[i] / max(1, top))
            if s.coop:
                out.append(p_win * (rw.coop_win_base + (1 - rw.coop_win_base) * share)
                           + (1 - p_win) * rw.coop_loss_max * won / 3)
            else:
                out.append(p_win * (share if invs[i] == top else rw.competitive_loser_max * share))
        return out
    return evaluate


def _judged(context, pick, searched: Analysis) -> Analysis:
    """The ISMCTS analysis of the candidates (`searched`) read by hard's rule: the most
    visited candidate (then the higher mean) overrules the heuristic's `pick` only after
    MIN_ITERATIONS iterations and only when its mean reward beats the pick's by more than
    MARGIN (a pick never visited has no mean: the other is taken). Returned as a candidate
    search's analysis of the whole decision, so `best()` recomputes that rule: the pick
    first (its `default`), then that most visited rival, then every other action."""
    by_action = {e.action: e for e in searched.estimates}
    rival = max(searched.actions(), key=lambda a: (by_action[a].count, by_action[a].value or 0.0))
    weighed = searched.samples >= MIN_ITERATIONS and rival != pick
    overrule = weighed and _mean(by_action[rival]) > _mean(by_action[pick]) + MARGIN
    chosen = rival if overrule else pick

    def reason(action):
        if action == pick:
            return A.OVERRULED if overrule else A.KEPT_POLICY
        if action not in by_action:
            return A.NOT_CANDIDATE
        if searched.samples < MIN_ITERATIONS:
            return A.NOT_SEARCHED       # searched too little to weigh against the pick
        if action == rival:
            return A.SEARCH_BEST if overrule else A.OUTSCORED
        return A.FEWER_VISITS           # visited no more than the rival

    first = [pick, rival] if weighed else [pick]
    order = first + [a for a in context.actions if a not in first]
    estimates = []
    for action in order:
        e = by_action.get(action)
        count, value = (e.count, e.value) if e is not None else (0, None)
        estimates.append(Estimate(action, value, count, reason(action)))
    return Analysis(context.seat, context.kind, "candidates", pick, chosen, MARGIN, tuple(estimates),
                    searched.samples, searched.rollouts)


def _mean(e: Estimate) -> float:
    return float("-inf") if e.value is None else e.value


class HardAgent:
    name = "hard"

    def __init__(self, rules, seed=0, budget=0.5, max_iterations=None, weights=None, searched=None):
        """`weights`: {mode: Weights} (ai_weights.HARD unless given); `searched`: the modes in
        which the search may overrule the heuristic's purchase (ai_weights.HARD_SEARCH)."""
        self.rules = rules
        self.brain = Brain(rules, "hard", HARD if weights is None else weights)
        self.searched = HARD_SEARCH if searched is None else frozenset(searched)
        brain = self.brain

        def rollout(state, d, rng):
            if len(d.actions) == 1:
                return d.actions[0]
            ctx = _ctx_from_state(state, d.seat)
            ctx["pool"] = state.pool
            return choose(brain, ctx, d, None, False)

        # with an iteration count the search never stops by the clock (simulate --budget-iterations)
        search_budget = float("inf") if max_iterations is not None else budget
        self.search = ISMCTSAgent(rules, lambda view, seat, rng: determinize(rules, view, seat, rng),
                                  name="hard", seed=seed, budget=search_budget, max_iterations=max_iterations,
                                  rollout_policy=rollout, evaluate=_evaluate_factory(rules), max_depth=60,
                                  reaction_budget=min(0.25, budget), reaction_kinds=frozenset(
                                      {"block", "protect", "choose", "pass", "reroll", "pay", "feed",
                                       "target", "secret"}))
        self.normal = HeuristicAgent(rules, "normal", seed)
        self.normal.brain = brain
        self.last_iterations = 0

    def choose(self, view, decision, budget=None):
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None, *, weigh=None) -> Analysis:
        """Every action of `decision` with what the search thought of it (game/ai/
        analysis.py); `.chosen` is what `choose` plays. A decision the search leaves alone
        (off-turn, a mode outside `searched`, cards still to play, a single candidate) is
        the heuristic's pick with the rest not searched; otherwise ISMCTS searches the
        candidates and `_judged` applies the overrule rule to its root statistics.
        `weigh` (a review's best move and the move played): ISMCTS over exactly those,
        the first standing for the pick."""
        context = SearchContext(decision.seat, decision.kind, decision.actions)
        if weigh:
            asked = tuple(A.distinct(weigh))
            if self.search.max_iterations is not None:
                budget = None
            return _judged(context, asked[0], self.search.analyse(view, decision._replace(actions=asked), budget))
        if len(decision.actions) == 1:
            return unsearched(context, decision.actions[0])
        if decision.kind != "turn" or view["mode"] not in self.searched:
            return unsearched(context, self.normal.choose(view, decision))
        # the search only decides what to buy and when to stop: playing every card first is
        # never worse in this game's cards, so it is not searched
        if any(a[0] == "play" for a in decision.actions):
            return unsearched(context, self.normal.choose(view, decision))
        pick = self.normal.choose(view, decision)
        cands = self._candidates(view, decision, pick)
        if len(cands) == 1:
            return unsearched(context, pick, A.KEPT_POLICY)
        if self.search.max_iterations is not None:
            budget = None               # the search's own endless clock, not the caller's
        searched = self.search.analyse(view, decision._replace(actions=tuple(cands)), budget)
        self.last_iterations = searched.samples
        return _judged(context, pick, searched)

    def _candidates(self, view, decision, pick):
        """The heuristic's own pick, ending the turn, and the next best purchases."""
        ctx = _ctx_from_view(view)
        ctx["pool"] = view["pool"]
        ctx["trim"] = True
        K = self.rules.cards
        buys = sorted((a for a in decision.actions if a[0] == "buy" and a != pick),
                      key=lambda a: -self.brain.buy_value(a[1], ctx) / max(1, K[a[1]].cost_total))
        out = [pick]
        if ("end",) in decision.actions and pick != ("end",):
            out.append(("end",))
        out += buys[:CANDIDATE_BUYS]
        return out


def make_agent(rules, difficulty, seat, seed, max_iterations=None):
    return level_agent(rules, difficulty, seed, max_iterations, heuristic=HeuristicAgent, hard=HardAgent)
