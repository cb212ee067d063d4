"""Contests (MS-095..100), P5 trading and work (MS-105..126), final evaluations and the
result (MS-160..164): a mixin of the Ruleset."""
from __future__ import annotations

from ...core.rules import Result, new_event
from .effects import Show, den_score, monster_score


def E(kind, data, to=None):
    return new_event((kind, data, to))


def award(scores: dict, prizes: list) -> dict:
    """Positive scores ranked; tied players add the prizes of the places they occupy and
    split the sum equally, rounding down (MS-097). Returns seat -> reputation."""
    ranked = sorted((v, seat) for seat, v in scores.items() if v is not None and v > 0)
    ranked.reverse()
    out = {}
    pos = 0
    i = 0
    while i < len(ranked):
        j = i
        while j < len(ranked) and ranked[j][0] == ranked[i][0]:
            j += 1
        k = j - i
        total = sum(prizes[pos + t] if pos + t < len(prizes) else 0 for t in range(k))
        for t in range(i, j):
            out[ranked[t][1]] = total // k
        pos += k
        i = j
    return out


class ScoringMixin:
    # ---------------------------------------------------------------- show records
    def show(self, s, seat, m) -> Show:
        sh = s.show[m]
        p = self.place_of(s, seat, m)
        return Show(tuple(sh[0:6]), sh[6], sh[7], sh[8], sh[9], s.suffering[m], s.mutation[m], self.size_of(s, m),
                    s.dung[seat][p] if p >= 0 else 0, frozenset(self.stripes(s, m)))

    def contest_index(self, s):
        rounds = self.R.contest_rounds["short" if s.short else "full"]
        return s.contests[rounds.index(s.rnd)] if s.rnd in rounds else None

    def customer_indexes(self, s) -> list:
        rounds = self.R.customer_rounds["short" if s.short else "full"]
        return [i for i, r in enumerate(rounds) if r == s.rnd]

    def contest_score(self, s, seat, tile) -> int | None:
        _key, _name, scope, terms, _food = self.data.contests[tile]
        mons = self.monsters_of(s, seat)
        if not mons:
            return None
        cp = self.R.can_contest_points
        shows = [self.show(s, seat, m) for m in mons]
        if scope == "best":                  # MS-095, MS-G41: the owner's best monster
            base = max(monster_score(terms, sh) + cp * sh.cans for sh in shows)
        else:
            base = den_score(terms, shows, sum(s.dung[seat]), s.injured[seat]) + cp * sum(sh.cans for sh in shows)
        return base + s.jury[seat]

    def contest(self, s, ev):
        tile = self.contest_index(s)
        if tile is None:                     # MS-021: no contest in round 1
            return
        scores = {seat: self.contest_score(s, seat, tile) for seat in range(s.n)}
        won = award(scores, self.R.prizes["regular"])
        for seat, r in won.items():
            s.rep[seat] += r
        ev.append(E("contest", {"tile": tile, "scores": [scores[x] for x in range(s.n)],
                                "reputation": [won.get(x, 0) for x in range(s.n)]}))
        self.log(ev, "contest", tile=tile, winners=sorted(won))

    # ---------------------------------------------------------------- P5 customers
    def start_trade(self, s, ev):
        ev.append(E("phase", {"phase": "trade", "round": s.rnd}))
        s.care_step = self.customer_indexes(s)
        s.stage = "sell"
        s.acting = None
        s.seats_to_go = []

    def match(self, s, seat, m, ci) -> int:
        terms = self.data.customers[s.customers[ci]][2]
        return monster_score(terms, self.show(s, seat, m))

    def price(self, s, m) -> int:
        sale = self.R.sale
        return (self.M[m].price_at(self.size_of(s, m)) + sale.mutation_price * s.mutation[m]
                + sale.accessory_price * len(self.accessories_of(s, m)))

    def sell_actions(self, s, seat) -> tuple:
        ci = s.seats_to_go[0]
        out = []
        pod = s.podium[seat] > 0 and not s.podium_sold[seat]
        for m in self.monsters_of(s, seat):
            if self.size_of(s, m) < self.R.sale.min_size:          # MS-106
                continue
            if self.match(s, seat, m, ci) <= 0:                    # MS-108
                continue
            if self.price(s, m) < 0 and s.gold[seat] < -self.price(s, m):   # MS-110
                continue
            out.append(("sell", ci, m, 0))
            if pod:
                out.append(("sell", ci, m, 1))
        out.append(("no_sale", ci))
        return tuple(out)

    def _step_sell(self, s, ev) -> bool:
        """The step of P5 customers: the next seat that can sell to this customer must
        answer (False); True once every customer has been offered and the trade ends."""
        while True:
            if s.acting is None:
                if len(s.seats_to_go) > 1:
                    s.acting = s.seats_to_go.pop(1)
                else:
                    if not s.care_step:
                        self.end_trade(s, ev)
                        return True
                    s.seats_to_go = [s.care_step.pop(0)] + self.seats_from(s, s.start)
                    continue
            if len(self.sell_actions(s, s.acting)) > 1:
                return False
            s.acting = None

    def _on_sell(self, s, seat, action, ev):
        s.acting = None
        if action[0] != "sell":
            return
        _v, ci, m, pod = action
        sale = self.R.sale
        match = self.match(s, seat, m, ci)
        gain = match * (sale.podium if pod else sale.ordinary)       # MS-108, MS-109
        price = self.price(s, m)
        s.rep[seat] += gain
        s.gold[seat] += price
        if pod:
            s.podium[seat] -= 1
            s.away[seat] += 1
            s.podium_sold[seat] = 1
        for x in self.accessories_of(s, m):                          # MS-111
            s.accs[seat].remove(x)
            s.acc_on[x] = -1
        p = self.place_of(s, seat, m)
        s.mon[seat][p] = -1
        s.suffering[m] = s.mutation[m] = 0
        s.lost.append(m)
        ev.append(E("sale", {"seat": seat, "monster": m, "customer": s.customers[ci], "match": match,
                             "podium": bool(pod), "reputation": gain, "gold": price}))
        self.log(ev, "sale", seat=seat, monster=m, reputation=gain, gold=price)

    def end_trade(self, s, ev):
        """MS-113: assigned cards are discarded; surplus cards (Fortune Teller) too."""
        for m, picks in s.assign.items():
            for k, _h in picks:
                if k >= 0:
                    s.discard[self.card_colour[k]].append(k)
        s.assign = {}
        for seat in self.seats_from(s, s.start):
            hand = s.hand[seat]
            for ci in range(4):
                mine = [k for k in hand if self.card_colour[k] == ci]
                if len(mine) > 1:
                    self.ask(s, seat, "keep", [("keep", k) for k in sorted(mine)], ci)
        s.stage = "work"
        s.seats_to_go = self.seats_from(s, s.start)
        s.acting = None

    def _ans_keep(self, s, seat, action, ctx, ev):
        k = action[1]
        ci = self.card_colour[k]
        for x in [x for x in s.hand[seat] if self.card_colour[x] == ci and x != k]:
            s.hand[seat].remove(x)
            s.discard[ci].append(x)
        ev.append(E("discard", {"seat": seat, "colour": ci}))

    # ---------------------------------------------------------------- P5 work
    def cleanable(self, s, seat) -> int:
        return sum(d for d, m in zip(s.dung[seat], s.mon[seat]) if m < 0)

    def clean_cap(self, s, seat, k) -> int:
        """How much dung k cleaners remove (2 each; a Duster changes the first's share)."""
        cap = k * self.R.work["clean"]
        duster = self.art_param(s, seat, "duster")
        if duster and k:
            cap += duster["n"] - self.R.work["clean"]
        return cap

    def clean_choices(self, s, seat, k) -> list:
        """MS-114: the ways k cleaners can spend their strokes on the empty places, as dung
        counts per place; the first is the default, left to right. Only more than one
        when the dirty empty places hold more than the cleaners take."""
        dirty = [(p, d) for p, (d, m) in enumerate(zip(s.dung[seat], s.mon[seat])) if m < 0 and d]
        left = min(self.clean_cap(s, seat, k), sum(d for _p, d in dirty))
        first = [0] * self.R.places
        rest = left
        for p, d in dirty:
            first[p] = min(d, rest)
            rest -= first[p]
        out = [tuple(first)]
        if len(dirty) > 1 and 0 < left < sum(d for _p, d in dirty):
            for combo in self._spreads(dirty, left):
                counts = [0] * self.R.places
                for (p, _d), c in zip(dirty, combo):
                    counts[p] = c
                if tuple(counts) != out[0]:
                    out.append(tuple(counts))
        return out

    @staticmethod
    def _spreads(dirty, total):
        """Every way to take `total` cubes from places holding dirty[i][1] each."""
        if not dirty:
            if total == 0:
                yield ()
            return
        d = dirty[0][1]
        for c in range(min(d, total), -1, -1):
            for tail in ScoringMixin._spreads(dirty[1:], total - c):
                yield (c,) + tail

    def work_actions(self, s, seat) -> tuple:
        free = self.free_imps(s, seat)
        dung = self.cleanable(s, seat)
        most = min(free, -(-dung // self.R.work["clean"]))
        out = []
        for k in range(most, -1, -1):
            out.append(("work", k))                              # the default: left to right
            if k:
                out += [("work", k, counts) for counts in self.clean_choices(s, seat, k)[1:]]
        return tuple(out)

    def _step_work(self, s, ev) -> bool:
        """The step of P5 work: the next seat with free imps (or a business to run first)
        must answer (False); True once every seat has worked and the round ages."""
        while True:
            if s.acting is None:
                if not s.seats_to_go:
                    self.end_round(s, ev)
                    return True
                s.acting = s.seats_to_go.pop(0)
                acts = self.biz_actions(s, s.acting)            # MS-115: before the work, or after it
                if acts:
                    later = [("later",)] if self.free_imps(s, s.acting) > 0 else []
                    self.ask(s, s.acting, "business", [("skip",)] + acts + later, "work")
                    return False
            if self.free_imps(s, s.acting) > 0:
                return False
            s.acting = None

    def _on_work(self, s, seat, action, ev):
        """MS-114: cleaners remove up to 2 dung each from the empty places their owner
        picks (by default left to right); the rest earn. A business put off comes after."""
        k = action[1]
        free = self.free_imps(s, seat)
        counts = action[2] if len(action) > 2 else self.clean_choices(s, seat, k)[0]
        cleaned = 0
        for p, c in enumerate(counts):
            for _ in range(c):
                self.clean_one(s, seat, p, ev)
                cleaned += 1
        earn = (free - k) * self.R.work["earn"]
        s.gold[seat] += earn
        s.used[seat] += free
        ev.append(E("work", {"seat": seat, "cleaners": k, "cleaned": cleaned, "earned": earn,
                             "places": list(counts)}))
        s.acting = None
        if s.biz_later == seat:
            s.biz_later = None
            acts = self.biz_actions(s, seat)
            if acts:
                self.ask(s, seat, "business", [("skip",)] + acts, "work")

    # ---------------------------------------------------------------- the end
    def economic(self, s, seat) -> int:
        ec = self.R.economic
        food = sum(s.meat[seat]) + sum(s.veg[seat]) + sum(s.frozen[seat])
        halves = 2 * (ec["food"] * food + ec["artifact"] * (len(s.artifacts[seat]) + len(s.eaten_art[seat]))
                      + ec["potion"] * s.potions[seat] + ec["bodyguard"] * s.bodyguard[seat]
                      + ec["processed"] * sum(s.processed[seat])
                      + ec["imp_away"] * (s.hosp[seat] + s.podium[seat] + len(s.relatives[seat])))
        halves += ec["gold_halves"] * s.gold[seat]
        return halves // 2                         # MS-G45: only the total is rounded down

    def exhibition(self, s, seat) -> int:
        ex = self.R.exhibition
        mons = self.monsters_of(s, seat)
        cages = sum(1 for c in s.cage[seat] if c != -2)
        upg = sum(1 for u, c in zip(s.upg[seat], s.cage[seat]) if u >= 0)
        return (ex["monster"] * len(mons) + ex["cage"] * cages + ex["upgrade"] * upg
                + ex["accessory"] * len(s.accs[seat]) + ex["dung"] * sum(s.dung[seat])
                + ex["suffering"] * sum(s.suffering[m] for m in mons) + ex["mutation"] * sum(s.mutation[m] for m in mons))

    def penalty(self, score: int) -> int:
        out = 0
        for limit, rep in self.R.negative:
            if score <= limit:
                out = rep
        return out

    def final_scoring(self, s, ev):
        finals = {}
        for name, f in (("economic", self.economic), ("exhibition", self.exhibition)):
            scores = {seat: f(s, seat) for seat in range(s.n)}
            won = award(scores, self.R.prizes["final"])
            delta = {}
            for seat in range(s.n):
                d = won.get(seat, 0) if scores[seat] > 0 else self.penalty(scores[seat])
                s.rep[seat] = max(0, s.rep[seat] + d)          # MS-G18
                delta[seat] = d
            finals[name] = {"scores": [scores[x] for x in range(s.n)], "reputation": [delta[x] for x in range(s.n)]}
            ev.append(E("final", {"evaluation": name, **finals[name]}))
        top = max(s.rep)
        winners = tuple(x for x in range(s.n) if s.rep[x] == top)    # MS-164: shared victories
        rewards = []
        for x in range(s.n):
            below = sum(1 for y in range(s.n) if s.rep[y] < s.rep[x])
            rewards.append(round((0.75 / len(winners) if x in winners else 0.0) + 0.25 * below / (s.n - 1), 6))
        s.res = Result(winners, tuple(s.rep), "monster_shop.end.reputation", finals, None, tuple(rewards))
        s.stage = "over"
        ev.append(E("game_over", {"winners": list(winners), "scores": list(s.rep)}))
