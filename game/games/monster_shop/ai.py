"""Monster-shop agents (MS-181).

- `determinize(rules, view, seat, rng)`: a full state consistent with what `seat` sees:
  other hands and hidden assignments drawn per colour from the unseen need cards (hand
  colours are public: one per colour plus a card per visible stripe), face-down tiles and
  every supply drawn from the unseen components, other seats' sealed splits sampled.
- `Brain`: the normal player as a function of a full state, so it also plays the hard
  agent's playouts. It ranks the action spaces it could use, plans its groups for the
  best targets in size order (the most wanted target gets the largest group), keeps free
  imps at home for anger and play, assigns need cards by searching the halves and cards
  that minimise expected suffering while adding to the revealed contest and customer,
  sells when a sale pays, and cleans or earns with the rest.
- `HeuristicAgent` (easy / normal): determinizes its view, then asks `Brain`; easy makes
  a casual player's mistakes (a third of its choices are random).
- `HardAgent` (hard): a one-step search over normal's choice and a few variations of it
  (planning, sending, selling, assigning need cards), each played out on the same sampled
  determinizations with normal players for every seat, to the end of the round (or of the
  game), scored by `leaf_values`; it overrides normal only on a clear gain. It runs on the
  shared candidate search (game/ai/candidates.py); `analyse` returns its `Analysis`.
"""
from __future__ import annotations

import time
from itertools import combinations, product

from ...ai import analysis as A
from ...ai.analysis import Analysis
from ...ai.candidates import CandidateSearch, Round, SearchContext, unsearched
from ...ai.levels import level_agent
from ...core.rng import RNG, fix_chance
from ...core.rules import IllegalAction
from ...core.windows import SealedChoice
from .effects import SYM
from .planning import BM_BOUGHT, BM_ITEM, BM_KIND, SENT, SPACE, STATUS
from .state import State, new_state

CAGE_NONE = -2


# ------------------------------------------------------------------ determinization
def determinize(R, v, seat, rng: RNG) -> State:
    n = v["players"]
    s = new_state(n, 0, len(R.M), len(R.data.accessories))
    fix_chance(R, s, rng.fork())     # a search's world: one stream per chance purpose (need decks by colour)
    s.rnd, s.rounds, s.full, s.short, s.reverse = v["round"], v["rounds"], v["full"], v["short"], v["reverse"]
    s.stage, s.start, s.send_size, s.send_rotation = v["stage"], v["start"], v["cur_size"], v["rot"]
    s.contests_open, s.customers_open, s.businesses_open = v["contests_open"], v["customers_open"], len(v["businesses"])
    s.acting, s.assigning, s.arrange_left = v["acting"], v["assigning"], v["arrange_left"]
    s.bm_contest, s.lookahead = v["bm_contest"], v["lookahead"]
    s.res, s.dec = None, None
    S = v["seats"]
    for f, k in (("rep", "reputation"), ("gold", "gold"), ("home", "home"), ("away", "away"), ("hosp", "hospital"),
                 ("podium", "podium"), ("used", "used"), ("bodyguard", "bodyguard"), ("bodyguard_home", "bodyguard_home"),
                 ("bodyguard_podium", "bodyguard_podium"), ("potions", "potions"), ("pass_at", "pass"), ("jury", "jury"),
                 ("injured", "injured"), ("hat_used", "hat_used"), ("gift", "gift"), ("pony_cover", "pony"),
                 ("whistle_used", "whistle_used"), ("leash_used", "leash_used"), ("fortune", "fortune"),
                 ("podium_sold", "podium_sold")):
        setattr(s, f, [p[k] for p in S])
    s.relatives = [list(p["relatives"]) for p in S]
    for f, k in (("meat", "meat"), ("veg", "veg"), ("frozen", "frozen"), ("processed", "processed"),
                 ("artifacts", "artifacts"), ("eaten_art", "eaten_artifacts"), ("accs", "accessories"),
                 ("order", "order")):
        setattr(s, f, [list(p[k]) for p in S])
    for f, k in (("cage", "cage"), ("upg", "upgrade"), ("dung", "dung"), ("pearls", "pearls"), ("mon", "monster"),
                 ("waiting", "waiting")):
        setattr(s, f, [list(p["den"][k]) for p in S])
    s.groups = [[list(g) for g in p.get("groups", [])] for p in S]
    s.peeks = [[(w, i) for w, i, _t in p.get("peeks", [])] if p["seat"] == seat else [] for p in S]
    s.tie_order = list(v["tie"])
    s.lost = list(v["lost"])
    s.care_step = list(v["cs"])
    s.seats_to_go = list(v["tmp"])
    s.food_offer = [list(b) for b in v["food_offer"]]
    s.young, s.older = list(v["young"]), list(v["older"])
    s.cage_offer, s.upg_offer, s.art_offer = list(v["cage_offer"]), list(v["upgrade_offer"]), list(v["artifact_offer"])
    s.boutique = list(v["boutique"])
    s.black_market = [list(b) for b in v["black_market"]]
    s.occupied = [list(o) for o in v["occupied"]]
    s.spook_given = [list(x) for x in v["spook_given"]]
    s.discard = [list(d) for d in v["decks"]["discards"]]
    s.show = [[0] * 10 for _ in range(len(R.M))]
    seen_m = set(s.lost) | {m for m in s.young + s.older if m >= 0}
    for key, info in v["monsters"].items():
        m = int(key)
        seen_m.add(m)
        s.monster_stage[m] = info["stage"]
        s.suffering[m] = info.get("suffering", 0)
        s.mutation[m] = info.get("mutations", 0)
        for x in info.get("accessories", []):
            s.acc_on[x] = m
        if info.get("show"):
            s.show[m] = list(info["show"])
    for b in s.black_market:
        if b[BM_KIND] == "monster" and not b[BM_BOUGHT]:
            seen_m.add(b[BM_ITEM])
    unseen = [m for m in range(len(R.M)) if m not in seen_m]
    rng.shuffle(unseen)
    s.monster_deck = unseen[:v["decks"]["monsters"]]

    def rest(total, seen, count):
        pool = [x for x in range(total) if x not in seen]
        rng.shuffle(pool)
        return pool[:count]
    d = R.data
    cseen = {c for p in S for c in p["den"]["cage"] if c >= 0} | {c for c in s.cage_offer if c >= 0}
    cseen |= {b[BM_ITEM] for b in s.black_market if b[BM_KIND] == "cage"}
    s.cage_deck = rest(len(d.cages), cseen, v["decks"]["cages"])
    useen = {u for p in S for u in p["den"]["upgrade"] if u >= 0} | {u for u in s.upg_offer if u >= 0}
    useen |= {b[BM_ITEM] for b in s.black_market if b[BM_KIND] == "upgrade"}
    s.upg_deck = rest(len(d.upgrades), useen, v["decks"]["upgrades"])
    aseen = {a for p in S for a in p["artifacts"] + p["eaten_artifacts"]} | set(s.art_offer)
    aseen |= {b[BM_ITEM] for b in s.black_market if b[BM_KIND] == "artifact"}
    s.art_deck = rest(len(d.artifacts), aseen, v["decks"]["artifacts"])
    xseen = {x for p in S for x in p["accessories"]} | set(s.boutique)
    s.acc_deck = rest(len(d.accessories), xseen, v["decks"]["accessories"])
    opened = list(v["businesses"])
    s.biz_order = opened + rest(len(R.biz), set(opened), len(R.biz) - len(opened))
    # timeline: face-down tiles from the unseen ones (peeked ones stay what was seen)
    peeked = {(w, i): t for w, i, t in S[seat].get("peeks", [])}
    for name, what, total in (("contests", "contest", len(d.contests)), ("customers", "customer", len(d.customers))):
        tiles = list(v[name])
        known = {t for t in tiles if t is not None} | {t for (w, _i), t in peeked.items() if w == what}
        if what == "contest":
            known.add(s.bm_contest)
        pool = [t for t in range(total) if t not in known]
        rng.shuffle(pool)
        for i, t in enumerate(tiles):
            if t is None:
                tiles[i] = peeked.get((what, i)) if (what, i) in peeked else pool.pop()
        setattr(s, name, tiles)
    # need cards: own hand known, the rest per colour from the unseen cards
    col = R.card_colour
    known_cards = set(S[seat].get("hand", [])) | {k for dd in s.discard for k in dd}
    s.assign = {}
    hidden_assign = []
    for key, picks in v["assign"].items():
        m = int(key)
        if isinstance(picks, list):
            s.assign[m] = [tuple(x) for x in picks]
            known_cards |= {k for k, _h in s.assign[m] if k >= 0}
        else:
            hidden_assign.append(m)
    pool = [[k for k in range(len(R.cards)) if col[k] == ci and k not in known_cards] for ci in range(4)]
    for p in pool:
        rng.shuffle(p)
    for x in range(n):
        if x == seat:
            s.hand[x] = list(S[x]["hand"])
            continue
        s.hand[x] = [pool[ci].pop() for ci in range(4) for _ in range(S[x]["hand_colours"][ci]) if pool[ci]]
    for m in hidden_assign:
        picks = []
        for ci in R.stripes(s, m):
            picks.append((pool[ci].pop(), 0) if pool[ci] else (-2, 0))
        s.assign[m] = picks
    s.deck = pool
    # asks: public ones as they are; another seat's surplus-card choice from its sampled hand
    asks = []
    for a_seat, kind, acts, ctx in v["asks"]:
        if acts is None:
            acts = [("keep", k) for k in sorted(s.hand[a_seat]) if col[k] == ctx] or [("keep", -1)]
        asks.append((a_seat, kind, tuple(tuple(x) if isinstance(x, list) else x for x in acts), ctx))
    s.asks = [(a, k, tuple(_tup(x) for x in acts), c) for a, k, acts, c in asks]
    if s.stage == "plan":
        sc = SealedChoice("plan", range(n))
        for x in range(n):
            if S[x]["committed"]:
                if x == seat and "plan" in S[x]:
                    sc.picks[x] = ("plan", tuple(tuple(g) for g in S[x]["plan"]))
                else:
                    acts = R.plan_actions(s, x)
                    sc.picks[x] = acts[rng.below(len(acts))]
        s.sealed = sc
    return s


def _tup(x):
    if isinstance(x, list):
        return tuple(_tup(y) for y in x)
    return x


# ------------------------------------------------------------------ the normal policy
class Brain:
    """State-based heuristics for one ruleset."""

    def __init__(self, R, level="normal"):
        self.R = R
        self.level = level

    # -- values ------------------------------------------------------------------------
    def hunger_need(self, s, seat) -> int:
        R = self.R
        total = 0
        for m in R.monsters_of(s, seat):
            total += 1 + len(R.stripes(s, m)) // 3
        return total

    def food_have(self, s, seat) -> int:
        return sum(s.meat[seat]) + sum(s.veg[seat]) + sum(s.frozen[seat]) + sum(s.processed[seat])

    def caged_free(self, s, seat) -> int:
        return sum(1 for p in range(self.R.R.places) if s.cage[seat][p] != CAGE_NONE and s.mon[seat][p] < 0)

    def space_value(self, s, seat, key, slot) -> float:
        R = self.R
        mons = R.monsters_of(s, seat) + s.waiting[seat]
        rounds_left = s.rounds - s.rnd
        if key == "monster_low" or key == "monster_up":
            if self.caged_free(s, seat) <= len(s.waiting[seat]) and not self.cage_soon(s, seat):
                return 0.5
            if rounds_left < (3 if key == "monster_low" else 2):
                return 1.0
            return 7.5 if key == "monster_up" else 6.5
        if key == "cage":
            c = s.cage_offer[slot]
            st, an, _e = R.cage_stats[c]
            empty = sum(1 for p in range(R.R.places) if s.cage[seat][p] == CAGE_NONE)
            if not empty:
                return 1.0 + 0.3 * st
            return (5.0 if len(mons) >= self.caged_total(s, seat) else 3.5) + 0.2 * (st + an)
        if key == "food":
            b = s.food_offer[slot]
            short = max(0, self.hunger_need(s, seat) - self.food_have(s, seat))
            tokens = b[0] + b[1]
            return min(short, tokens) * 1.6 + 0.4 * tokens + b[2]
        if key == "artifacts":
            return 2.0 * len(s.art_offer)
        if key == "upgrade":
            return 2.2 if mons else 0.8
        if key == "invite":
            return 2.0 * sum(1 for x in s.relatives[seat] if x <= s.rnd) - 0.5
        if key == "hospital":
            return 1.2 + 1.8 * s.hosp[seat]
        if key == "jury":
            return 3.0 if (R.contest_index(s) is not None and mons) else 0.0
        if key == "podium":
            big = [m for m in mons if R.size_of(s, m) >= 3]
            return 3.5 if big and s.rnd >= 2 and rounds_left >= 1 else 0.0
        if key == "black_market":
            return 3.2
        if key == "fortune":
            return 2.0
        if key == "industry":
            return 2.4 if s.pass_at[seat] < s.businesses_open - 1 else 1.0
        if key == "boutique":
            return 2.6 if mons else 1.0
        return 0.0

    def caged_total(self, s, seat) -> int:
        return sum(1 for p in range(self.R.R.places) if s.cage[seat][p] != CAGE_NONE)

    def cage_soon(self, s, seat) -> bool:
        return any(g[STATUS] == SENT and self.R.space_ops[g[SPACE]] == "cage" for g in s.groups[seat])

    # -- planning --------------------------------------------------------------------------
    def plan(self, s, seat, d):
        R = self.R
        I, G = s.home[seat], s.gold[seat]
        mons = R.monsters_of(s, seat)
        keep = min(I - 1, max(0, len(mons))) if mons else 0
        avail = max(0, I - keep)
        targets = []
        for sp, key in enumerate(R.space_keys):
            best = 0.0
            for slot in range(R.space_slots[sp]):
                if key in ("cage", "upgrade", "monster_low", "monster_up", "food"):
                    okay = R.space_ok(s, seat, [9, 9, 0, 0], sp, slot)
                    if not okay:
                        continue
                elif not R.space_ok(s, seat, [9, 9, 0, 0], sp, 0):
                    continue
                val = self.space_value(s, seat, key, slot)
                if key in ("food", "monster_low", "monster_up", "cage"):
                    targets.append((val, key))
                    continue
                best = max(best, val)
            if best > 0 and key not in ("food", "monster_low", "monster_up", "cage"):
                targets.append((best, key))
        targets.sort(reverse=True)
        groups = []
        gold = G
        for val, key in targets:
            if val < 1.5 or avail <= 0 or len(groups) >= R.R.max_groups:
                break
            imps = 2 if key == "cage" else 1
            if imps > avail:
                continue
            g_gold = 0
            if key in ("monster_low", "monster_up"):
                if gold < 1:
                    continue
                g_gold = 1
            avail -= imps
            gold -= g_gold
            groups.append([imps, g_gold, 0, 0, val])
        if not groups:
            return ("plan", ())
        # the most wanted target goes first: give it the spare gold and imps
        groups.sort(key=lambda g: -g[4])
        spare_gold = min(gold, 2 + s.rnd // 2) if s.rnd < s.rounds else gold
        spare_gold = max(0, min(spare_gold, gold - 2))
        groups[0][1] += spare_gold
        if avail > 0 and len(groups) > 1:
            groups[0][0] += 1
            avail -= 1
        if s.bodyguard_home[seat]:
            groups[0][2] = 1
        if R.hat_free(s, seat):
            groups[-1][3] = 1
        from .planning import canon
        act = ("plan", canon([tuple(g[:4]) for g in groups]))
        return act if R.plan_ok(s, seat, act) else d.actions[0]

    def send(self, s, seat, d):
        best, bv = None, -1.0
        for a in d.actions:
            if a[0] == "send":
                v = self.space_value(s, seat, a[2], a[3])
                g = s.groups[seat][a[1]]
                if a[2] in ("monster_low", "monster_up") and g[1] > 1:
                    v -= 0.3 * (g[1] - 1)
                if v > bv:
                    best, bv = a, v
        if best is None or bv < 1.0:
            for a in d.actions:
                if a[0] == "home":
                    return a
        return best or d.actions[0]

    # -- needs ------------------------------------------------------------------------------
    def need_cost(self, s, seat, m, shown, food_left, imps_left) -> float:
        R = self.R
        p = R.place_of(s, seat, m)
        mods = R.mods(s, seat, p) if p >= 0 else R.mods(s, seat, 0)
        ab = R.M[m].ability
        h, e, l, a, mg, dz = shown
        cost = 0.0
        if ab == "vampling":
            cost += max(0, h - 1) * 1.0
        else:
            cost += max(0, h - food_left) * 1.4 + 0.15 * h
        dung = s.dung[seat][p] if p >= 0 else 0
        newd = (e // 2) if (dung == 0 or mods.always_clean) else e
        cost += 0.5 * newd
        cover = mods.play_cover
        lp = max(0, l - cover)
        need_imps = -(-lp // R.R.play_per_imp)
        cost += max(0, need_imps - imps_left) * 1.5 + 0.3 * min(need_imps, imps_left)
        ex = max(0, a - mods.anger_less - mods.strength)
        if ex:
            cost += 1.2 * ex if (ab == "ruffian" or ex <= imps_left) else 12.0
        mx = max(0, mg - mods.anti_magic)
        if mx:
            cost += 12.0 if s.mutation[m] + mx >= 2 else 3.0 * mx
        if ab == "hypochondriac":
            dz = 0 if dz else 1
        if dz:
            cost += 1.0 * max(0, dz + dung + newd + mods.disease_dung - R.R.disease_safe - mods.disease_safe)
        limit = len(R.stripes(s, m)) - s.suffering[m]
        if cost >= limit:
            cost += 15.0
        return cost

    def need_bonus(self, s, seat, m, shown) -> float:
        """What showing these symbols adds to the revealed contest and the customers."""
        from .effects import Show, monster_score
        R = self.R
        sh = Show(tuple(shown), 0, shown[SYM["L"]], 0, 0, s.suffering[m], s.mutation[m], R.size_of(s, m), 0,
                  frozenset(R.stripes(s, m)))
        out = 0.0
        tile = R.contest_index(s)
        if tile is not None:
            out += 0.5 * monster_score(R.data.contests[tile][3], sh)
        if R.size_of(s, m) >= R.R.sale.min_size:
            for ci in R.customer_indexes(s):
                out += 0.8 * max(0, monster_score(R.data.customers[s.customers[ci]][2], sh))
        return out

    def shares(self, s, seat) -> tuple:
        """The food and free imps one monster may count on (an even share of the seat's)."""
        R = self.R
        share = max(1, len(R.monsters_of(s, seat)))
        food = self.food_have(s, seat)
        return food // share + (1 if food % share else 0), max(0, R.free_imps(s, seat) // share)

    def assign_options(self, s, seat, m):
        """(value, picks) for the hand's cards and halves on monster m's stripes (up to 600)."""
        R = self.R
        slots = R.stripes(s, m)
        hand = s.hand[seat]
        food_left, imps_left = self.shares(s, seat)
        per = {}
        for ci in sorted(set(slots)):
            k = slots.count(ci)
            cards = sorted(x for x in hand if R.card_colour[x] == ci)
            if len(cards) < k:
                per[ci] = [tuple(cards) + (-2,) * (k - len(cards))]
            else:
                per[ci] = list(combinations(cards, k))[:10]
        cols = sorted(per)
        halves = (0, 1) if s.full else (0,)
        count = 0
        for combo in product(*[per[c] for c in cols]):
            pick = {c: list(cs) for c, cs in zip(cols, combo)}
            cards = [pick[ci].pop(0) for ci in slots]
            for hv in product(halves, repeat=len(cards)) if len(cards) <= 5 else [tuple([0] * len(cards))]:
                count += 1
                if count > 600:
                    break
                picks = tuple((k, h if k >= 0 else 0) for k, h in zip(cards, hv))
                shown = R.shown_of(picks)
                yield (self.need_bonus(s, seat, m, shown) - self.need_cost(s, seat, m, shown, food_left, imps_left),
                       picks)

    def assign(self, s, seat, d):
        R = self.R
        m = s.assigning
        if self.level == "fast":                  # rollouts: the listed sample only
            mons = R.monsters_of(s, seat)
            share = max(1, len(mons))
            food_left = -(-self.food_have(s, seat) // share)
            imps_left = R.free_imps(s, seat) // share
            return max(d.actions, key=lambda a: self.need_bonus(s, seat, m, R.shown_of(a[2]))
                       - self.need_cost(s, seat, m, R.shown_of(a[2]), food_left, imps_left))
        best, bv = None, None
        for val, picks in self.assign_options(s, seat, m):
            if bv is None or val > bv:
                best, bv = picks, val
        if best is None:
            return d.actions[0]
        # a potion for the worst card when the cost is high
        if s.potions[seat] and bv < -3:
            food_left, imps_left = self.shares(s, seat)
            worst, wv = None, bv
            for i, (k, h) in enumerate(best):
                if k < 0:
                    continue
                alt = best[:i] + ((-1, 0),) + best[i + 1:]
                shown = R.shown_of(alt)
                val = self.need_bonus(s, seat, m, shown) - self.need_cost(s, seat, m, shown, food_left, imps_left)
                if val > wv:
                    worst, wv = alt, val
            if worst is not None:
                best = worst
        act = ("assign", m, best)
        return act if R.assign_ok(s, seat, m, act) else d.actions[0]

    def order(self, s, seat, d):
        R = self.R
        def rank(m):
            ab = R.M[m].ability
            return (0 if ab == "pony" else 2 if ab == "ruffian" else 1, R.place_of(s, seat, m))
        want = tuple(sorted(R.monsters_of(s, seat), key=rank))
        a = ("order", want)
        return a if a in d.actions else d.actions[0]

    def reserve(self, s, seat) -> int:
        """Imps to keep for the anger of monsters still to resolve this round."""
        R = self.R
        out = 0
        for m in s.order[seat]:
            p = R.place_of(s, seat, m)
            if p < 0:
                continue
            ex = s.show[m][SYM["A"]] - R.mods(s, seat, p).strength
            out += max(0, ex)
        return out

    def sell(self, s, seat, d):
        R = self.R
        best, bv = None, 0.0
        late = s.rnd >= s.rounds - 1
        for a in d.actions:
            if a[0] != "sell":
                continue
            _v, ci, m, pod = a
            match = R.match(s, seat, m, ci)
            gain = match * (R.R.sale.podium if pod else R.R.sale.ordinary) + 0.4 * R.price(s, m)
            hold = 0.0 if late else (2.5 + (2.0 if R.size_of(s, m) < 6 else 0.0))
            if gain - hold > bv:
                best, bv = a, gain - hold
        return best or d.actions[-1]

    def business(self, s, seat, acts):
        R = self.R
        def val(a):
            if a[0] != "biz":                   # skip; "later" (work first) is never its pick
                return 0.3 if a[0] == "skip" else -1.0
            op = R.biz[a[1]][2]
            if op == "psychiatrist":
                return 4.0 if a[3] == "mutation" else 2.5
            if op == "office":
                return 1.5 if R.free_imps(s, seat) > self.reserve(s, seat) else 0.0
            if op == "process":
                return 1.0
            if op == "slime":
                occupied = sum(dn for dn, m in zip(s.dung[seat], s.mon[seat]) if m >= 0)
                return 2.0 if occupied >= 2 else 0.2
            if op == "recruit":
                return 2.5 if s.gold[seat] >= 3 else 0.5
            return 0.0
        return max(acts, key=val)

    def answer(self, s, seat, d, rng):
        R = self.R
        k = d.kind
        acts = d.actions
        if k == "cage_to":
            c = s.asks[0][3]
            st = R.cage_stats[c][0] + R.cage_stats[c][1]
            def val(a):
                if a[0] == "cage_discard":
                    return 0.0
                p = a[1]
                cur = s.cage[seat][p]
                if cur == CAGE_NONE:
                    return 10.0 - p * 0.1
                old = R.mods(s, seat, p)
                return st - (old.strength + old.anti_magic) + (0.5 if s.mon[seat][p] >= 0 else 0)
            return max(acts, key=val)
        if k == "upgrade_to":
            return max(acts, key=lambda a: (s.mon[seat][a[1]] >= 0, s.cage[seat][a[1]] != CAGE_NONE,
                                            s.upg[seat][a[1]] < 0, -a[1]))
        if k == "join":
            joins = [a for a in acts if a[0] == "join"]
            return joins[0] if joins else acts[0]
        if k == "gift":
            copies = [a for a in acts if a[0] == "copy"]
            return copies[0] if copies else acts[0]
        if k == "black_market":
            order = {"monster": 5, "cage": 4, "artifact": 3, "contest_food": 2, "bodyguard": 2, "upgrade": 1}
            def val(a):
                kind = s.black_market[a[1]][0]
                v = order.get(kind, 0)
                if kind == "monster" and self.caged_free(s, seat) == 0:
                    v = 1
                return v - s.black_market[a[1]][2] * 0.5
            return max(acts, key=val)
        if k in ("peek", "accessory", "handbook"):
            return acts[0]
        if k == "unsurcharge":
            return acts[0]
        if k == "recall":
            rec = [a for a in acts if a[0] == "recall"]
            return rec[0] if rec else acts[0]
        if k == "business":
            return self.business(s, seat, acts)
        if k == "vampling":
            m = s.care_step[0]
            if R.free_imps(s, seat) > self.reserve(s, seat) + 1 or s.suffering[m] + 1 >= len(R.stripes(s, m)):
                return ("vamp", "imp")
            return ("vamp", "suffer")
        if k == "gobbler":
            pref = {"food": 0, "potion": 1, "gold": 2, "artifact": 3}
            return min(acts, key=lambda a: pref[a[1]])
        if k == "play":
            spare = R.free_imps(s, seat) - self.reserve(s, seat)
            for a in acts:                     # from the most imps down
                if a[1] <= max(0, spare):
                    return a
            return acts[-1]
        if k == "piglet":
            for a in acts:
                if a[0] == "piglet" and s.mon[seat][a[1]] < 0:
                    return a
            return ("stop",)
        if k == "anger":
            return ("anger", "imps")
        if k == "ruffian":
            def val(a):
                if a[1] == "upgrade":
                    return 2 if s.mon[seat][a[2]] < 0 else 1
                return 0
            return max(acts, key=val)
        if k == "spooker":
            m = s.care_step[0]
            if s.mutation[m] >= 2:
                for a in acts:
                    if a[0] == "spook" and s.mutation[s.mon[seat][a[1]]] == 0:
                        return a
            return ("keep",)
        if k == "keep":
            bad = {"A": 3, "M": 3, "D": 2, "H": 1, "E": 1, "L": 0}
            from .effects import SYMBOLS
            return min(acts, key=lambda a: bad[SYMBOLS[R.cards[a[1]][1]]] if a[1] >= 0 else 0)
        return acts[0]

    def work(self, s, seat, d):
        R = self.R
        dung = R.cleanable(s, seat)
        want = -(-dung // R.R.work["clean"]) if (dung >= 2 or s.rnd == s.rounds) else 0
        for a in d.actions:
            if a[1] <= want:
                return a
        return d.actions[-1]

    def arrange(self, s, seat, d):
        R = self.R
        # put the angriest-looking monster into the strongest cage: compare dial red stripes
        best, bv = ("done",), 0.0
        for a in d.actions:
            if a[0] != "move":
                continue
            m, p = a[1], a[2]
            here = R.place_of(s, seat, m)
            if here < 0:
                return a
            reds = R.stripes(s, m).count(2)
            other = s.mon[seat][p]
            oreds = R.stripes(s, other).count(2) if other >= 0 else 0
            gain = (reds - oreds) * (R.mods(s, seat, p).strength - R.mods(s, seat, here).strength)
            if gain > bv:
                best, bv = a, gain
        if best == ("done",):
            for a in d.actions:
                if a[0] == "wear" and s.acc_on[a[1]] < 0:
                    return a
        return best

    def choose(self, s, d, rng):
        seat = d.seat
        k = d.kind
        if s.asks:
            return self.answer(s, seat, d, rng)
        if k == "plan":
            return self.plan(s, seat, d)
        if k == "send":
            return self.send(s, seat, d)
        if k == "assign":
            return self.assign(s, seat, d)
        if k == "order":
            return self.order(s, seat, d)
        if k == "sell":
            return self.sell(s, seat, d)
        if k == "work":
            return self.work(s, seat, d)
        if k == "arrange":
            return self.arrange(s, seat, d)
        return d.actions[0]


    # -- candidates for the search ----------------------------------------------------------
    def candidates(self, s, d, wide: int = 1) -> list:
        """The few actions worth searching: the heuristic's own choice first. `wide` 0 keeps
        the narrow set (three plan variations, three spaces), 1 adds more of each and the
        best few need-card assignments."""
        seat = d.seat
        first = self.choose(s, d, None)
        out = [first]
        if d.kind == "plan":
            from .planning import canon
            for v in self.plan_variants(s, seat, [list(g) for g in first[1]], wide):
                a = ("plan", canon([tuple(g) for g in v]))
                if a not in out and self.R.plan_ok(s, seat, a):
                    out.append(a)
        elif d.kind == "send":
            ranked = sorted((a for a in d.actions if a[0] == "send"),
                            key=lambda a: -self.space_value(s, seat, a[2], a[3]))
            for a in ranked[:3 + wide] + [a for a in d.actions if a[0] == "home"][:1]:
                if a not in out:
                    out.append(a)
        elif d.kind == "assign":
            m = s.assigning
            ranked = sorted(self.assign_options(s, seat, m), key=lambda vp: -vp[0])
            seen = {tuple(self.R.shown_of(first[2]))} if first[0] == "assign" else set()
            for _v, picks in ranked:
                if len(out) > 3 * wide:
                    break
                shown = tuple(self.R.shown_of(picks))
                if shown in seen:
                    continue
                seen.add(shown)
                a = ("assign", m, picks)
                if self.R.assign_ok(s, seat, m, a):
                    out.append(a)
        else:
            out += [a for a in d.actions if a not in out]
        return out

    def plan_variants(self, s, seat, groups, wide):
        """Splits near normal's: one group fewer, the first group with one more gold or imp;
        wider: two more gold, one gold less, one more small group, the second group richer."""
        if not groups:
            return [[[1, 0, 0, 0]]] if s.home[seat] else []
        spare_gold = s.gold[seat] - sum(g[1] for g in groups)
        spare_imps = s.home[seat] - sum(g[0] for g in groups)
        out = [groups[:-1]]

        def moved(i, imps=0, gold=0):
            v = [list(g) for g in groups]
            v[i][0] += imps
            v[i][1] += gold
            return v
        if spare_gold >= 1:
            out.append(moved(0, gold=1))
        if spare_imps >= 1:
            out.append(moved(0, imps=1))
        if wide:
            if spare_gold >= 2:
                out.append(moved(0, gold=2))
            if groups[0][1] >= 2:
                out.append(moved(0, gold=-1))
            if spare_imps >= 1 and len(groups) < self.R.R.max_groups:
                out.append([list(g) for g in groups] + [[1, 0, 0, 0]])
            if len(groups) > 1 and spare_gold >= 1:
                out.append(moved(1, gold=1))
        return out


class HeuristicAgent:
    def __init__(self, R, level="normal", seed=0):
        self.R = R
        self.name = level
        self.level = level
        self.rng = RNG(seed)
        self.brain = Brain(R, level)

    def choose(self, view, decision, budget=None):
        acts = decision.actions
        if len(acts) == 1:
            return acts[0]
        if self.level == "easy" and self.rng.random() < 0.33:
            return acts[self.rng.below(len(acts))]
        s = determinize(self.R, view, decision.seat, self.rng)
        return self.brain.choose(s, decision, self.rng)

    def observe(self, events):
        pass



# ------------------------------------------------------------------ leaf evaluation
FEATURES = ("bias", "rep", "gold", "monsters", "room", "mutations", "cages", "upgrades", "finals",
            "big", "potions", "food", "dung")


def features(R, s, seat, finals: int) -> list:
    """What a seat holds at the start of a round, in the order of FEATURES (`finals`: see
    finals_now)."""
    mons = R.monsters_of(s, seat) + list(s.waiting[seat])
    room = sum(max(0, len(R.stripes(s, m)) - s.suffering[m]) for m in mons)
    big = sum(1 for m in mons if R.size_of(s, m) >= R.R.sale.min_size)
    food = sum(s.meat[seat]) + sum(s.veg[seat]) + sum(s.frozen[seat]) + sum(s.processed[seat])
    return [1.0, s.rep[seat], s.gold[seat], len(mons), room, sum(s.mutation[m] for m in mons),
            sum(1 for c in s.cage[seat] if c != CAGE_NONE), sum(1 for u in s.upg[seat] if u >= 0),
            finals, big, s.potions[seat], food, sum(s.dung[seat])]


def finals_now(R, s) -> list:
    """The reputation the two final evaluations would give each seat if the game ended now."""
    from .scoring import award
    out = [0] * s.n
    for f in (R.economic, R.exhibition):
        scores = {x: f(s, x) for x in range(s.n)}
        won = award(scores, R.R.prizes["final"])
        for x in range(s.n):
            out[x] += won.get(x, 0) if scores[x] > 0 else R.penalty(scores[x])
    return out


# Final reputation predicted from `features` at the start of a round with 1, 2 or 3 rounds
# left: least squares (ridge 5) over 600 games of four normal players on full states, the
# features at each round start against each seat's final reputation (R² on held-out games
# 0.83 / 0.61 / 0.34). With more rounds left the fit is poor (0.13, 0.02) and gave a monster
# a negative worth, so playouts run on until three rounds are left at most.
LEAF_WEIGHTS = {
    1: (-0.829, 0.998, -0.101, 0.221, 1.201, -2.781, 0.717, 0.769, 0.584, 0.8, -0.225, 0.186, -0.189),
    2: (5.055, 0.942, -0.088, 4.631, 0.744, -3.471, -0.317, 0.734, 0.759, -0.23, 0.079, 0.001, -0.124),
    3: (7.099, 0.975, 0.019, 4.306, 0.777, -2.809, 1.229, 0.429, 0.583, -1.242, 1.336, 0.128, -0.35),
}
LEAF_ROUNDS = max(LEAF_WEIGHTS)


def leaf_values(R, s) -> list:
    """Each seat's predicted final reputation at the start of a round."""
    w = LEAF_WEIGHTS[s.rounds - s.rnd + 1]
    fin = finals_now(R, s)
    return [sum(a * b for a, b in zip(w, features(R, s, x, fin[x]))) for x in range(s.n)]


# ------------------------------------------------------------------ hard
class HardAgent:
    """One-step search over the heuristic's candidates (MS-181 hard).

    For each decision worth searching (planning, sending, need cards, selling) it takes
    normal's own choice and a few variations of it (`Brain.candidates`), then plays every
    candidate out on the same determinizations with the same dice and draws (common random
    numbers): each sample is one state drawn from the seat's view (`determinize`), cloned
    once per candidate. The other seats are played by the normal model; in the secret
    planning their sealed splits come from that model on the sampled state, never from
    their real splits (the view does not hold them), and no seat's pick depends on
    another's (decoupled). The playouts run the normal heuristics for every seat until
    `horizon` rounds have ended and at most LEAF_ROUNDS are left (or the game is over)
    and score the seat's lead over the best other seat: predicted final reputations
    (`leaf_values`) at a cut, the real ones at the end (`horizon` 0: always to the end).
    A candidate replaces normal's choice only when its mean paired gain is above `z`
    standard errors: the shared candidate search's paired rule (game/ai/candidates.py),
    whose `Analysis` `analyse` returns (`choose` plays its `chosen`).

    Budget: `budget` seconds a decision (times its kind's WEIGHT; at least two paired
    samples, the clock read between samples), or with `max_iterations` that many
    playouts (times the weight) and never by time, so that a game can be replayed
    exactly. `wide` 0 searches the narrower candidate sets."""
    WEIGHT = {"plan": 2.0, "send": 1.0, "sell": 1.0, "assign": 1.0}

    def __init__(self, R, seed=0, budget=0.3, max_iterations=None, z=1.0, kinds=None, horizon=1, wide=1):
        self.R = R
        self.wide = wide
        self.horizon = horizon
        self.name = "hard"
        self.budget = budget
        self.max_iterations = max_iterations
        self.z = z
        self.kinds = dict(self.WEIGHT if kinds is None else kinds)
        self.normal = HeuristicAgent(R, "normal", seed)
        self.brain = Brain(R, "normal")
        self.fast = Brain(R, "fast")
        self.rng = RNG(seed + 17)
        self.last_samples = 0        # complete paired samples behind the last analysis

    def choose(self, view, decision, budget=None):
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None, *, weigh=None) -> Analysis:
        """Every action of `decision` with what the search thought of it (game/ai/
        analysis.py); `.chosen` is what `choose` plays. A decision it does not search
        (another kind, a single action, an ask) is normal's pick, the rest not searched;
        one it does: normal's pick and its variations on paired samples (`search`).
        `weigh` (the review's best move and the move played): exactly those actions on
        paired samples, the first as the reference, whatever normal would have searched;
        a plan is a free choice, so the move played is often none of normal's variations."""
        kind = decision.kind
        self.last_samples = 0
        context = SearchContext(decision.seat, kind, decision.actions)
        if weigh:
            asked = A.distinct(weigh)
            s0 = self.sample(view, decision.seat)
            return self.search(context, view, s0, asked, self.kinds.get(kind, 1.0), budget)
        if kind not in self.kinds or len(decision.actions) == 1 or view["asks"]:
            return unsearched(context, self.normal.choose(view, decision, budget))
        seat = decision.seat
        s0 = self.sample(view, seat)
        cands = self.brain.candidates(s0, decision, self.wide)
        if len(cands) == 1:          # nothing to weigh: no rounds, normal's pick kept
            return CandidateSearch(self.rng, z=self.z).run(context, cands, [])
        analysis = self.search(context, view, s0, cands, self.kinds[kind], budget)
        self.last_samples = analysis.estimate(analysis.default).count
        return analysis

    def sample(self, view, seat) -> State:
        """A determinization whose other committed sealed splits follow the normal model."""
        R = self.R
        s = determinize(R, view, seat, self.rng)
        if s.stage == "plan" and s.sealed is not None:
            for x in list(s.sealed.picks):
                if x != seat:
                    s.sealed.picks[x] = self.brain.plan(s, x, _Asked(R.plan_actions(s, x)))
        return s

    def search(self, context, view, s0, cands, weight, budget) -> Analysis:
        """One complete-only round of paired samples under the paired rule (`z`): the
        first sample is `s0` (the world the candidates came from), the next ones fresh
        draws; a sample one candidate cannot play is dropped for all. Counted
        (`max_iterations` playouts times the weight, at least two samples) or clocked
        (at least two samples, the clock read between samples)."""
        R, seat = self.R, context.seat
        first = [s0]

        def draw(rng):
            return first.pop() if first else self.sample(view, seat)

        def play(world, action):
            t = world.clone()
            try:
                R.apply(t, seat, action)
            except IllegalAction:
                return None
            return self.playout(t, seat)

        k = len(cands)
        if self.max_iterations is not None:
            samples, deadline = max(2 * k, int(self.max_iterations * weight)) // k, None
        else:
            samples = None
            deadline = time.perf_counter() + (self.budget if budget is None else budget) * weight
        search = CandidateSearch(self.rng, z=self.z, min_samples=2)
        analysis = search.run(context, cands, [Round(draw, play, samples=samples, complete_only=True)],
                              deadline)
        # the search before the shared engine drew the next world after its last sample;
        # drawing it still keeps this agent's random stream, so a seed plays the same games
        self.sample(view, seat)
        return analysis

    def playout(self, t, seat) -> float:
        R, brain, rng = self.R, self.fast, self.rng
        stop = max(t.rnd + self.horizon, t.rounds + 1 - LEAF_ROUNDS) if self.horizon else None
        while t.res is None:
            if stop is not None and t.rnd >= stop:
                v = leaf_values(R, t)
                return v[seat] - max(v[x] for x in range(t.n) if x != seat)
            d = R.decisions(t)[0]
            R.apply(t, d.seat, brain.choose(t, d, rng))
        rep = t.rep
        return rep[seat] - max(rep[x] for x in range(t.n) if x != seat)

    def observe(self, events):
        pass


class _Asked:
    """The little a heuristic reads from a decision: its listed actions."""
    __slots__ = ("actions",)

    def __init__(self, actions):
        self.actions = actions


def make_agent(R, difficulty, seat, seed, max_iterations=None):
    return level_agent(R, difficulty, seed, max_iterations, heuristic=HeuristicAgent, hard=HardAgent)
