"""Monster-shop agents (MS-181).

- `determinize(rules, view, seat, rng)`: a full state consistent with what `seat` sees:
  other hands and hidden assignments drawn per colour from the unseen need cards (hand
  colours are public: one per colour plus a card per visible stripe), face-down tiles and
  every supply drawn from the unseen components, other seats' sealed splits sampled.
- `policy(rules, s, d, rng)`: the normal player as a function of a full state, so it also
  serves ISMCTS rollouts. It ranks the action spaces it could use, plans its groups for the
  best targets in size order (the most wanted target gets the largest group), keeps free
  imps at home for anger and play, assigns need cards by searching the halves and cards
  that minimise expected suffering while adding to the revealed contest and customer,
  sells when a sale pays, and cleans or earns with the rest.
- `HeuristicAgent` (easy / normal): determinizes its view, then asks `policy`; easy makes
  a casual player's mistakes (a third of its choices are random).
- hard: `ISMCTSAgent` (game/ai/ismcts.py; sealed planning selected decoupled) with this
  determinizer, random rollouts cut at a depth and the `evaluate` below.
"""
from __future__ import annotations

from itertools import combinations, product

from ...core.rng import RNG
from ...core.windows import SealedChoice
from .effects import SYM
from .planning import size2
from .state import State, new_state

CAGE_NONE = -2


# ------------------------------------------------------------------ determinization
def determinize(R, v, seat, rng: RNG) -> State:
    n = v["players"]
    s = new_state(n, rng.fork(), len(R.M), len(R.data.accessories))
    s.rnd, s.rounds, s.full, s.short, s.reverse = v["round"], v["rounds"], v["full"], v["short"], v["reverse"]
    s.stage, s.start, s.cur_size, s.rot = v["stage"], v["start"], v["cur_size"], v["rot"]
    s.c_open, s.u_open, s.biz_open = v["contests_open"], v["customers_open"], len(v["businesses"])
    s.seat_i, s.care, s.arr_left = v["acting"], v["assigning"], v["arrange_left"]
    s.bm_contest, s.lookahead = v["bm_contest"], v["lookahead"]
    s.res, s.dec = None, None
    S = v["seats"]
    for f, k in (("rep", "reputation"), ("gold", "gold"), ("home", "home"), ("away", "away"), ("hosp", "hospital"),
                 ("podium", "podium"), ("used", "used"), ("bodyguard", "bodyguard"), ("bg_home", "bodyguard_home"),
                 ("bg_pod", "bodyguard_podium"), ("potions", "potions"), ("pass_at", "pass"), ("jury", "jury"),
                 ("injured", "injured"), ("hat_used", "hat_used"), ("gift", "gift"), ("pony", "pony"),
                 ("whistle_used", "whistle_used"), ("leash_used", "leash_used"), ("ft", "fortune"),
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
    s.tie = list(v["tie"])
    s.lost = list(v["lost"])
    s.cs = list(v["cs"])
    s.tmp = list(v["tmp"])
    s.food_offer = [list(b) for b in v["food_offer"]]
    s.young, s.older = list(v["young"]), list(v["older"])
    s.cage_offer, s.upg_offer, s.art_offer = list(v["cage_offer"]), list(v["upgrade_offer"]), list(v["artifact_offer"])
    s.boutique = list(v["boutique"])
    s.bm = [list(b) for b in v["black_market"]]
    s.occ = [list(o) for o in v["occupied"]]
    s.spook_given = [list(x) for x in v["spook_given"]]
    s.discard = [list(d) for d in v["decks"]["discards"]]
    s.show = [[0] * 10 for _ in range(len(R.M))]
    seen_m = set(s.lost) | {m for m in s.young + s.older if m >= 0}
    for key, info in v["monsters"].items():
        m = int(key)
        seen_m.add(m)
        s.stage_m[m] = info["stage"]
        s.suff[m] = info.get("suffering", 0)
        s.mut[m] = info.get("mutations", 0)
        for x in info.get("accessories", []):
            s.acc_on[x] = m
        if info.get("show"):
            s.show[m] = list(info["show"])
    for b in s.bm:
        if b[0] == "monster" and not b[3]:
            seen_m.add(b[1])
    unseen = [m for m in range(len(R.M)) if m not in seen_m]
    rng.shuffle(unseen)
    s.monster_deck = unseen[:v["decks"]["monsters"]]

    def rest(total, seen, count):
        pool = [x for x in range(total) if x not in seen]
        rng.shuffle(pool)
        return pool[:count]
    d = R.data
    cseen = {c for p in S for c in p["den"]["cage"] if c >= 0} | {c for c in s.cage_offer if c >= 0}
    cseen |= {b[1] for b in s.bm if b[0] == "cage"}
    s.cage_deck = rest(len(d.cages), cseen, v["decks"]["cages"])
    useen = {u for p in S for u in p["den"]["upgrade"] if u >= 0} | {u for u in s.upg_offer if u >= 0}
    useen |= {b[1] for b in s.bm if b[0] == "upgrade"}
    s.upg_deck = rest(len(d.upgrades), useen, v["decks"]["upgrades"])
    aseen = {a for p in S for a in p["artifacts"] + p["eaten_artifacts"]} | set(s.art_offer)
    aseen |= {b[1] for b in s.bm if b[0] == "artifact"}
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
            return 2.4 if s.pass_at[seat] < s.biz_open - 1 else 1.0
        if key == "boutique":
            return 2.6 if mons else 1.0
        return 0.0

    def caged_total(self, s, seat) -> int:
        return sum(1 for p in range(self.R.R.places) if s.cage[seat][p] != CAGE_NONE)

    def cage_soon(self, s, seat) -> bool:
        return any(g[4] == 1 and self.R.space_ops[g[5]] == "cage" for g in s.groups[seat])

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
        if s.bg_home[seat]:
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
            cost += 12.0 if s.mut[m] + mx >= 2 else 3.0 * mx
        if ab == "hypochondriac":
            dz = 0 if dz else 1
        if dz:
            cost += 1.0 * max(0, dz + dung + newd + mods.disease_dung - R.R.disease_safe - mods.disease_safe)
        limit = len(R.stripes(s, m)) - s.suff[m]
        if cost >= limit:
            cost += 15.0
        return cost

    def need_bonus(self, s, seat, m, shown) -> float:
        """What showing these symbols adds to the revealed contest and the customers."""
        from .effects import Show, monster_score
        R = self.R
        sh = Show(tuple(shown), 0, shown[SYM["L"]], 0, 0, s.suff[m], s.mut[m], R.size_of(s, m), 0,
                  frozenset(R.stripes(s, m)))
        out = 0.0
        tile = R.contest_index(s)
        if tile is not None:
            out += 0.5 * monster_score(R.data.contests[tile][3], sh)
        if R.size_of(s, m) >= R.R.sale.min_size:
            for ci in R.customer_indexes(s):
                out += 0.8 * max(0, monster_score(R.data.customers[s.customers[ci]][2], sh))
        return out

    def assign(self, s, seat, d):
        R = self.R
        m = s.care
        if self.level == "fast":                  # rollouts: the listed sample only
            mons = R.monsters_of(s, seat)
            share = max(1, len(mons))
            food_left = -(-self.food_have(s, seat) // share)
            imps_left = R.free_imps(s, seat) // share
            return max(d.actions, key=lambda a: self.need_bonus(s, seat, m, R.shown_of(a[2]))
                       - self.need_cost(s, seat, m, R.shown_of(a[2]), food_left, imps_left))
        slots = R.stripes(s, m)
        hand = s.hand[seat]
        mons = R.monsters_of(s, seat)
        share = max(1, len(mons))
        food_left = self.food_have(s, seat) // share + (1 if self.food_have(s, seat) % share else 0)
        imps_left = max(0, R.free_imps(s, seat) // share)
        per = {}
        for ci in sorted(set(slots)):
            k = slots.count(ci)
            cards = sorted(x for x in hand if R.card_colour[x] == ci)
            if len(cards) < k:
                per[ci] = [tuple(cards) + (-2,) * (k - len(cards))]
            else:
                per[ci] = list(combinations(cards, k))[:10]
        cols = sorted(per)
        best, bv = None, None
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
                val = self.need_bonus(s, seat, m, shown) - self.need_cost(s, seat, m, shown, food_left, imps_left)
                if bv is None or val > bv:
                    best, bv = picks, val
        if best is None:
            return d.actions[0]
        # a potion for the worst card when the cost is high
        if s.potions[seat] and bv < -3:
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
            if a[0] == "skip":
                return 0.3
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
                kind = s.bm[a[1]][0]
                v = order.get(kind, 0)
                if kind == "monster" and self.caged_free(s, seat) == 0:
                    v = 1
                return v - s.bm[a[1]][2] * 0.5
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
            m = s.cs[0]
            if R.free_imps(s, seat) > self.reserve(s, seat) + 1 or s.suff[m] + 1 >= len(R.stripes(s, m)):
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
            m = s.cs[0]
            if s.mut[m] >= 2:
                for a in acts:
                    if a[0] == "spook" and s.mut[s.mon[seat][a[1]]] == 0:
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
    def candidates(self, s, d) -> list:
        """The few actions worth searching: the heuristic's own choice first."""
        seat = d.seat
        first = self.choose(s, d, None)
        out = [first]
        if d.kind == "plan":
            groups = [list(g) for g in first[1]]
            variants = []
            if groups:
                fewer = groups[:-1]
                variants.append(fewer)
                richer = [list(g) for g in groups]
                if sum(g[1] for g in groups) < s.gold[seat]:
                    richer[0][1] += 1
                    variants.append(richer)
                bigger = [list(g) for g in groups]
                if sum(g[0] for g in groups) < s.home[seat]:
                    bigger[0][0] += 1
                    variants.append(bigger)
            from .planning import canon
            for v in variants:
                a = ("plan", canon([tuple(g) for g in v]))
                if self.R.plan_ok(s, seat, a) and a not in out:
                    out.append(a)
        elif d.kind == "send":
            ranked = sorted((a for a in d.actions if a[0] == "send"),
                            key=lambda a: -self.space_value(s, seat, a[2], a[3]))
            for a in ranked[:3] + [a for a in d.actions if a[0] == "home"][:1]:
                if a not in out:
                    out.append(a)
        else:
            out += [a for a in d.actions if a not in out]
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



def rollout_policy_for(R, level="fast"):
    brain = Brain(R, level)

    def policy(state, decision, rng):
        if rng.random() < 0.1:
            return decision.actions[rng.below(len(decision.actions))]
        return brain.choose(state, decision, rng)
    return policy


def evaluate_for(R):
    """Reward estimate at a cut: reputation plus a rough worth of what each seat holds."""
    def evaluate(s):
        worth = []
        for x in range(s.n):
            w = s.rep[x] + 0.3 * s.gold[x]
            for m in R.monsters_of(s, x):
                w += 1.5 + 0.8 * max(0, R.size_of(s, m) - 3) - 0.5 * s.suff[m] - 1.5 * s.mut[m]
            w += 0.5 * R.exhibition(s, x) / 4
            worth.append(w)
        top = max(worth)
        low = min(worth)
        span = max(1.0, top - low)
        return [0.15 + 0.7 * (w - low) / span for w in worth]
    return evaluate


def ismcts_agent(R, seed=0, budget=0.4, max_depth=80, max_iterations=None):
    from ...ai.ismcts import ISMCTSAgent
    return ISMCTSAgent(R, lambda view, seat, rng: determinize(R, view, seat, rng), name="hard", seed=seed,
                       budget=budget, max_iterations=max_iterations, rollout_policy=rollout_policy_for(R),
                       evaluate=evaluate_for(R), max_depth=max_depth)


class HardAgent:
    """ISMCTS where a choice matters (planning, sending, selling, assigning); the normal
    heuristic answers the small follow-up questions (their outcomes are easy to judge)."""
    SEARCHED = frozenset({"plan", "send", "sell"})

    def __init__(self, R, seed=0, budget=0.4, max_iterations=None):
        self.name = "hard"
        self.search = ismcts_agent(R, seed, budget, max_iterations=max_iterations)
        self.normal = HeuristicAgent(R, "normal", seed)
        self.brain = Brain(R, "normal")
        self.rng = RNG(seed + 17)
        self.margin = 0.03

    def choose(self, view, decision, budget=None):
        if decision.kind in self.SEARCHED and len(decision.actions) > 1 and not view["asks"]:
            s = determinize(self.brain.R, view, decision.seat, self.rng)
            cands = self.brain.candidates(s, decision)
            if len(cands) == 1:
                return cands[0]
            return self._search(view, decision._replace(actions=tuple(cands)), budget)
        return self.normal.choose(view, decision, budget)

    def _search(self, view, decision, budget):
        """ISMCTS iterations over the candidates (sealed planning decoupled); the search
        overrides the heuristic's own choice only when it is clearly better."""
        import time as _time
        from ...ai.ismcts import _Node
        agent = self.search
        root = _Node()
        budget = agent.budget if budget is None else budget
        deadline = _time.perf_counter() + budget
        it = 0
        while (agent.max_iterations is None and _time.perf_counter() < deadline) or \
                (agent.max_iterations is not None and it < agent.max_iterations):
            agent._iterate(root, view, decision, decision.seat)
            it += 1
        stats = {}
        for a in decision.actions:
            ch = root.children.get((decision.seat, a))
            if ch is not None and ch.visits:
                stats[a] = (ch.total / ch.visits, ch.visits)
        first = decision.actions[0]
        base = stats.get(first, (0.0, 0))[0]
        best = max(stats, key=lambda a: (stats[a][0], stats[a][1]), default=first)
        if best != first and stats[best][1] >= 4 and stats[best][0] > base + self.margin:
            return best
        return first

    def observe(self, events):
        pass


def make_agent(R, difficulty, seat, seed, max_iterations=None):
    if difficulty == "random":
        from ...ai.random_agent import RandomAgent
        return RandomAgent(seed)
    if difficulty in ("easy", "normal"):
        return HeuristicAgent(R, difficulty, seed)
    if difficulty == "hard":
        return HardAgent(R, seed, max_iterations=max_iterations)
    raise ValueError(f"unknown difficulty {difficulty!r} (random, easy, normal, hard)")
