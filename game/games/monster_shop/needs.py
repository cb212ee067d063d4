"""P3 need cards and P4 care (a mixin of the Ruleset).

P3: each seat in turn arranges (moves monsters between caged places, dresses them with
accessories), then draws one card per visible stripe (+ books) and assigns each monster
its cards: ("assign", m, ((card, half), ...)) in the order of `stripes(m)`; card -1 is a
potion (MS-077), -2 a blank slot when the colour's deck ran dry; half 1 = the demanding
half (full version only, MS-078). Assignments stay secret until every seat is done.

P4: each seat announces its order (MS-081), then its monsters are resolved one by one,
need by need: Hunger, Excretion, Play, Anger, Magic, Disease (MS-082). The care state
`s.care_step` = [m, place, step, H, E, L, A, M, D, sub, aux, lolly].
"""
from __future__ import annotations

from itertools import combinations, islice, permutations, product

from ...core.rules import new_event
from .effects import SYM

CAGE_NONE = -2
PRINTED = -1
H, E_, L, A, M_, D = 3, 4, 5, 6, 7, 8        # indexes of the six needs in s.care_step


def E(kind, data, to=None):
    return new_event((kind, data, to))


class NeedsMixin:
    # ---------------------------------------------------------------- P3 arrange
    def start_needs(self, s, ev):
        ev.append(E("phase", {"phase": "needs", "round": s.rnd}))
        s.stage = "arrange"
        s.seats_to_go = self.seats_from(s, s.start)
        s.acting = None
        for m in range(len(s.show)):
            s.show[m] = [0] * 10

    def arrange_actions(self, s, seat) -> tuple:
        out = [("done",)]
        if s.arrange_left <= 0:
            return tuple(out)
        P = self.R.places
        caged = [p for p in range(P) if s.cage[seat][p] != CAGE_NONE]
        for m in self.monsters_of(s, seat) + s.waiting[seat]:
            here = self.place_of(s, seat, m)
            for p in caged:
                if p != here:
                    out.append(("move", m, p))
        mons = self.monsters_of(s, seat)
        for x in s.accs[seat]:
            for m in mons:
                if s.acc_on[x] != m:
                    out.append(("wear", x, m))
        return tuple(out)

    def _step_arrange(self, s, ev) -> bool:
        """The step of P3 arranging: the next seat that has a move to make (False: it must
        answer), finishing each seat (MS-071); True once every seat is done and assigning begins."""
        while True:
            if s.acting is None:
                if not s.seats_to_go:
                    s.stage = "assign"
                    s.seats_to_go = self.seats_from(s, s.start)
                    s.order = [[] for _ in range(s.n)]
                    return True
                s.acting = s.seats_to_go.pop(0)
                s.arrange_left = self.R.arrange_steps
            seat = s.acting
            if len(self.arrange_actions(s, seat)) > 1:
                return False
            self._finish_arrange(s, seat, ev)
            if s.asks:
                return False
            # a finished seat with no question pending: go on with the next

    def _on_arrange(self, s, seat, action, ev):
        if action[0] == "done":
            s.arrange_left = 0
            return
        s.arrange_left -= 1
        if action[0] == "move":                    # MS-072: suffering and mutations go along
            m, p = action[1], action[2]
            row = s.mon[seat]
            here = self.place_of(s, seat, m)
            other = row[p]
            if here >= 0:
                row[here] = other
            else:
                s.waiting[seat].remove(m)
                if other >= 0:
                    s.waiting[seat].append(other)
            row[p] = m
            ev.append(E("place", {"seat": seat, "monster": m, "place": p}))
        else:                                       # MS-073
            before = s.acc_on[action[1]]
            s.acc_on[action[1]] = action[2]
            ev.append(E("wear", {"seat": seat, "accessory": action[1], "monster": action[2]}))
            if before >= 0 and s.suffering[before] >= len(self.stripes(s, before)):   # MS-089
                self.lose(s, seat, before, "suffering", ev)

    def _finish_arrange(self, s, seat, ev):
        """MS-071: a monster with no cage now is released. Then the Handbook colour."""
        self.auto_place(s, seat, ev)
        for m in list(s.waiting[seat]):
            s.waiting[seat].remove(m)
            self.lose(s, seat, m, "no_cage", ev)
        for p, m in enumerate(s.mon[seat]):
            if m >= 0 and s.cage[seat][p] == CAGE_NONE:
                self.lose(s, seat, m, "no_cage", ev)
        s.acting = None
        if self.has_art(s, seat, "choose_card") and self.monsters_of(s, seat):   # MS-144
            self.ask(s, seat, "handbook", [("colour", ci) for ci in range(4)])

    def _ans_handbook(self, s, seat, action, ctx, ev):
        k = self.draw(s, action[1])
        if k is not None:
            s.hand[seat].append(k)
            ev.append(E("draw", {"seat": seat, "card": k}, (seat,)))

    def lose(self, s, seat, m, why, ev):
        p = self.place_of(s, seat, m)
        if p >= 0:
            s.mon[seat][p] = -1
        if m in s.waiting[seat]:
            s.waiting[seat].remove(m)
        for x in self.accessories_of(s, m):
            s.acc_on[x] = -1
        s.suffering[m] = 0
        s.mutation[m] = 0
        s.lost.append(m)
        ev.append(E("lost", {"seat": seat, "monster": m, "why": why}))
        self.log(ev, "lost_" + why, seat=seat, monster=m)

    # ---------------------------------------------------------------- P3 draw and assign
    def draw_for(self, s, seat, ev):
        """MS-074: one card per visible stripe, + 1 per book (MS-G14)."""
        need = [0, 0, 0, 0]
        mons = self.monsters_of(s, seat)
        for m in mons:
            for ci in self.stripes(s, m):
                need[ci] += 1
        if mons:
            for a in s.artifacts[seat]:
                p = self.art_params[a].get("extra_card")
                if p:
                    need["GYRP".index(p["colour"])] += 1
        got = 0
        for ci in range(4):
            for _ in range(need[ci]):
                k = self.draw(s, ci)
                if k is None:
                    break
                s.hand[seat].append(k)
                got += 1
                ev.append(E("draw", {"seat": seat, "card": k}, (seat,)))
        ev.append(E("draw", {"seat": seat, "count": got}))

    def _step_assign(self, s, ev) -> bool:
        """The step of drawing and assigning: the next monster to assign cards to (False:
        its owner must answer), the next seat's draw; True once all are assigned and revealed."""
        while True:
            seat = s.acting
            if seat is not None and s.order[seat]:
                s.assigning = s.order[seat][0]
                return False
            if s.seats_to_go:
                seat = s.acting = s.seats_to_go.pop(0)
                self.draw_for(s, seat, ev)
                s.order[seat] = self.monsters_of(s, seat)
                continue
            self.reveal_needs(s, ev)
            return True

    def assign_ok(self, s, seat, m, action) -> bool:
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "assign" and action[1] == m
                and isinstance(action[2], tuple)):
            return False
        slots = self.stripes(s, m)
        picks = action[2]
        if len(picks) != len(slots):
            return False
        hand = s.hand[seat]
        used = set()
        potions = 0
        have = [0, 0, 0, 0]
        for k in hand:
            have[self.card_colour[k]] += 1
        blanks = [0, 0, 0, 0]
        for ci, pk in zip(slots, picks):
            if not (isinstance(pk, tuple) and len(pk) == 2):
                return False
            k, half = pk
            if k == -1:
                potions += 1
                if half != 0:
                    return False
                continue
            if k == -2:
                blanks[ci] += 1
                if half != 0:
                    return False
                continue
            if k in used or k not in hand or self.card_colour[k] != ci or half not in (0, 1):
                return False
            if half == 1 and not s.full:
                return False
            used.add(k)
        if potions > s.potions[seat]:
            return False
        for ci in range(4):                 # a blank only when the colour has run out
            if blanks[ci] and have[ci] - sum(1 for k in used if self.card_colour[k] == ci) > 0:
                return False
        return True

    def assign_sample(self, s, seat, m) -> tuple:
        """A representative set of assignments (any legal one may be played)."""
        slots = self.stripes(s, m)
        hand = s.hand[seat]
        per = {}
        for ci in set(slots):
            k = slots.count(ci)
            cards = sorted(x for x in hand if self.card_colour[x] == ci)
            if len(cards) < k:
                per[ci] = [tuple(cards) + (-2,) * (k - len(cards))]
            else:
                per[ci] = list(islice(combinations(cards, k), 4))
        cols = sorted(per)
        out = []
        for combo in islice(product(*[per[c] for c in cols]), 6):
            pick = {c: list(cs) for c, cs in zip(cols, combo)}
            cards = [pick[ci].pop(0) for ci in slots]
            for half in ((0, 1) if s.full else (0,)):
                out.append(("assign", m, tuple((k, half if k >= 0 else 0) for k in cards)))
            if s.potions[seat] and cards and -2 not in cards:
                out.append(("assign", m, ((-1, 0),) + tuple((k, 0) for k in cards[1:])))
        return tuple(dict.fromkeys(out))             # each once, in the order made

    def do_assign(self, s, seat, action, ev):
        m = action[1]
        picks = action[2]
        for k, half in picks:
            if k >= 0:
                s.hand[seat].remove(k)
            elif k == -1:
                s.potions[seat] -= 1
        s.assign[m] = list(picks)
        s.order[seat].pop(0)
        ev.append(E("assigned", {"seat": seat, "monster": m}))
        ev.append(E("assigned_own", {"seat": seat, "monster": m, "cards": [list(x) for x in picks]}, (seat,)))

    def shown_of(self, picks) -> list:
        out = [0] * 6
        for k, half in picks:
            if k < 0:
                continue
            c = self.cards[k]
            out[c[1]] += 1
            if half:
                out[c[2]] += 1
        return out

    def reveal_needs(self, s, ev):
        """MS-080: every assignment is revealed at once."""
        for m, picks in s.assign.items():
            s.show[m][0:6] = self.shown_of(picks)
        ev.append(E("reveal", {"choice": "needs",
                               "cards": {str(m): [list(x) for x in picks] for m, picks in sorted(s.assign.items())}}))
        ev.append(E("phase", {"phase": "care", "round": s.rnd}))
        s.stage = "order"
        s.seats_to_go = self.seats_from(s, s.start)
        s.acting = None
        s.spook_given = [[] for _ in range(s.n)]

    # ---------------------------------------------------------------- P4 order
    def order_actions(self, s, seat) -> tuple:
        mons = self.monsters_of(s, seat)
        return tuple(("order", p) for p in permutations(mons))

    def _step_order(self, s, ev) -> bool:
        """The step of P4 order: the next seat with two or more monsters must answer
        (False); a seat with fewer is ordered alone and care begins, or, all cared, the contest
        and P5 customers (True)."""
        while True:
            if s.acting is None:
                if not s.seats_to_go:
                    self.contest(s, ev)
                    self.start_trade(s, ev)
                    return True
                s.acting = s.seats_to_go.pop(0)
                mons = self.monsters_of(s, s.acting)
                if len(mons) >= 2:
                    return False
                self._on_order(s, s.acting, ("order", tuple(mons)), ev)
                return True
            return False

    def _on_order(self, s, seat, action, ev):
        s.order[seat] = list(action[1])
        ev.append(E("order", {"seat": seat, "order": list(action[1])}))
        s.stage = "care"
        s.care_step = [-1]

    # ---------------------------------------------------------------- P4 care
    def care_continue(self, s, ev) -> bool:
        """Go on resolving the current seat's monsters; True while it progresses."""
        seat = s.acting
        cs = s.care_step
        if cs[0] < 0:
            q = s.order[seat]
            while q and self.place_of(s, seat, q[0]) < 0:
                q.pop(0)                      # lost to a neighbour's mutation meanwhile
            if not q:
                s.stage = "order"
                s.acting = None
                return True
            self._care_init(s, seat, q.pop(0), ev)
            cs = s.care_step
        step = cs[2]
        m = cs[0]
        if step == 0:
            done = self._hunger(s, seat, m, ev)
        elif step == 1:
            done = self._excretion(s, seat, m, ev)
        elif step == 2:
            done = self._play(s, seat, m, ev)
        elif step == 3:
            done = self._anger(s, seat, m, ev)
        elif step == 4:
            done = self._magic(s, seat, m, ev)
        else:
            done = self._disease(s, seat, m, ev)
        if s.care_step[0] < 0:
            return True
        if done:
            s.care_step[2] += 1
            s.care_step[9] = s.care_step[10] = 0
            if s.care_step[2] > 5:
                s.care_step[0] = -1
        return True

    def _care_init(self, s, seat, m, ev):
        p = self.place_of(s, seat, m)
        need = list(s.show[m][0:6])
        ab = self.M[m].ability
        if ab == "hypochondriac":                     # MS-136
            need[5] = 0 if need[5] else 1
        if ab == "loris":                             # MS-135: one neighbour's pairs
            best, gain = None, 0
            for q in (p - 1, p + 1):
                if 0 <= q < self.R.places and s.mon[seat][q] >= 0:
                    o = s.mon[seat][q]
                    pairs = [x // 2 for x in s.show[o][0:6]]
                    g = sum(min(pairs[i], need[i]) for i in range(6))
                    if g > gain:
                        best, gain = pairs, g
            if best is not None:
                need = [need[i] - min(best[i], need[i]) for i in range(6)]
                ev.append(E("ability", {"seat": seat, "monster": m, "ability": "loris", "saved": gain}))
        less = self.mods(s, seat, p).anger_less
        need[3] = max(0, need[3] - less)
        s.care_step = [m, p, 0] + need + [0, 0, 0]
        ev.append(E("care", {"seat": seat, "monster": m, "needs": need}))

    def suffer(self, s, seat, m, k, ev) -> bool:
        """Add suffering; True if the monster is lost (MS-089)."""
        if k <= 0:
            return False
        s.suffering[m] += k
        ev.append(E("suffering", {"seat": seat, "monster": m, "add": k, "total": s.suffering[m]}))
        if s.suffering[m] >= len(self.stripes(s, m)):
            self.lose(s, seat, m, "suffering", ev)
            if s.care_step and s.care_step[0] == m:
                s.care_step[0] = -1
            return True
        return False

    # hunger (MS-083, Vampling MS-133, Gobbler MS-132, food choice MS-G27)
    def foods_for(self, s, seat, m, p) -> list:
        """Each kind of food monster m may eat now, the default (oldest first) first:
        ("meat"|"veg", chamber) from the oldest chamber, ("frozen", 0 meat | 1 veg),
        ("can",), ("lollipop",). Empty for a monster that eats neither meat nor vegetables."""
        diet = self.M[m].diet
        if diet == "none":
            return []
        if self.mods(s, seat, p).any_diet:
            diet = "omnivore"
        kinds = (0,) if diet == "carnivore" else (1,) if diet == "herbivore" else (0, 1)
        rows = (s.meat[seat], s.veg[seat])
        out = [(("meat", "veg")[k], i) for i in range(self.R.food_chambers - 1, -1, -1) for k in kinds if rows[k][i]]
        out += [("frozen", k) for k in kinds if s.frozen[seat][k]]
        pr = s.processed[seat]
        return out + ([("can",)] if pr[1] else []) + ([("lollipop",)] if pr[0] else [])

    def food_count(self, s, seat, food) -> int:
        kind = food[0]
        if kind in ("meat", "veg"):
            return (s.meat[seat] if kind == "meat" else s.veg[seat])[food[1]]
        if kind == "frozen":
            return s.frozen[seat][food[1]]
        return s.processed[seat][1 if kind == "can" else 0]

    def eat(self, s, seat, m, food) -> None:
        kind = food[0]
        if kind in ("meat", "veg"):
            (s.meat[seat] if kind == "meat" else s.veg[seat])[food[1]] -= 1
        elif kind == "frozen":
            s.frozen[seat][food[1]] -= 1
        elif kind == "can":
            s.processed[seat][1] -= 1
        else:                                     # a lollipop: also one play of this monster
            s.processed[seat][0] -= 1
            s.care_step[11] += 1
        self._fed(s, m, 1 if kind == "can" else 0)

    def _fed(self, s, m, can):
        sh = s.show[m]
        sh[6] += 1
        sh[8] += 1
        sh[9] += can

    def gobble_options(self, s, seat, m) -> list:
        out = []
        if sum(s.meat[seat]) + sum(s.veg[seat]) + sum(s.frozen[seat]) + sum(s.processed[seat]):
            out.append(("gobble", "food"))
        if s.gold[seat]:
            out.append(("gobble", "gold"))
        if s.potions[seat]:
            out.append(("gobble", "potion"))
        for a in sorted(set(s.artifacts[seat])):
            out.append(("gobble", "artifact", a))
        return out

    def _hunger(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        ab = self.M[m].ability
        while cs[H] > 0:
            if ab == "vampling":
                if not cs[9]:
                    cs[9] = 1
                    cs[H] -= 1
                    ev.append(E("ability", {"seat": seat, "monster": m, "ability": "vampling"}))
                    continue
                if self.free_imps(s, seat) > 0:
                    self.ask(s, seat, "vampling", [("vamp", "suffer"), ("vamp", "imp")])
                    return False
                cs[H] -= 1
                if self.suffer(s, seat, m, 1, ev):
                    return False
                continue
            if ab == "gobbler":
                opts = self.gobble_options(s, seat, m)
                if len(opts) > 1:
                    self.ask(s, seat, "gobbler", opts)
                    return False
                if opts:
                    cs[H] -= 1
                    self._gobble(s, seat, m, opts[0], ev)
                    continue
            else:
                foods = self.foods_for(s, seat, m, cs[1])
                if foods:
                    # MS-G27: the owner picks the food while there is a choice ("oldest"
                    # eats oldest first from here on: the default and the AI's)
                    if not cs[10] and len(foods) > 1 and sum(self.food_count(s, seat, f) for f in foods) > cs[H]:
                        self.ask(s, seat, "feed", [("feed", "oldest")] + [("feed",) + f for f in foods])
                        return False
                    cs[H] -= 1
                    self.eat(s, seat, m, foods[0])
                    continue
            cs[H] -= 1
            if self.suffer(s, seat, m, 1, ev):
                return False
        return True

    def _ans_vampling(self, s, seat, action, ctx, ev):
        m = s.care_step[0]
        s.care_step[H] -= 1
        if action[1] == "imp":
            self.injure(s, seat, 1, ev)
        else:
            self.suffer(s, seat, m, 1, ev)

    def _ans_feed(self, s, seat, action, ctx, ev):
        if action[1] == "oldest":
            s.care_step[10] = 1
            return
        s.care_step[H] -= 1
        self.eat(s, seat, s.care_step[0], action[1:])

    def _ans_gobbler(self, s, seat, action, ctx, ev):
        s.care_step[H] -= 1
        self._gobble(s, seat, s.care_step[0], action, ev)

    def _gobble(self, s, seat, m, action, ev):
        what = action[1]
        if what == "food":
            if not self._eat_any(s, seat, m):
                return
        elif what == "gold":
            s.gold[seat] -= 1
        elif what == "potion":
            s.potions[seat] -= 1
        else:                                          # an eaten artifact stops working
            s.artifacts[seat].remove(action[2])
            s.eaten_art[seat].append(action[2])
        ev.append(E("ability", {"seat": seat, "monster": m, "ability": "gobbler", "ate": list(action[1:])}))

    def _eat_any(self, s, seat, m) -> bool:
        rows = (s.meat[seat], s.veg[seat])
        for i in range(self.R.food_chambers - 1, -1, -1):
            for k in (0, 1):
                if rows[k][i]:
                    rows[k][i] -= 1
                    self._fed(s, m, 0)
                    return True
        for k in (0, 1):
            if s.frozen[seat][k]:
                s.frozen[seat][k] -= 1
                self._fed(s, m, 0)
                return True
        pr = s.processed[seat]
        for k in (1, 0):
            if pr[k]:
                pr[k] -= 1
                self._fed(s, m, k)
                return True
        return False

    def injure(self, s, seat, k, ev):
        s.home[seat] -= k
        s.hosp[seat] += k
        s.injured[seat] += k
        ev.append(E("injured", {"seat": seat, "imps": k}))

    # excretion (MS-084, Pearl-Presser MS-131)
    def _excretion(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        e, p = cs[E_], cs[1]
        if e <= 0:
            return True
        mods = self.mods(s, seat, p)
        clean = s.dung[seat][p] == 0 or mods.always_clean
        new = e // 2 if clean else e
        s.dung[seat][p] += new
        if new and self.M[m].ability == "pearl":
            s.pearls[seat][p] += 1
            ev.append(E("ability", {"seat": seat, "monster": m, "ability": "pearl"}))
        if mods.dung_chute:
            s.dung[seat][p] = max(0, s.dung[seat][p] - mods.dung_chute)
            s.pearls[seat][p] = min(s.pearls[seat][p], s.dung[seat][p])
        ev.append(E("dung", {"seat": seat, "place": p, "add": new, "total": s.dung[seat][p]}))
        return True

    # play (MS-085, Pony MS-137, Piglet MS-130)
    def _play_covers(self, s, seat, m):
        cs = s.care_step
        left = cs[L]
        cover = self.mods(s, seat, cs[1]).play_cover + cs[11]
        take = min(cover, left)
        left -= take
        pony = min(s.pony_cover[seat], left)
        s.pony_cover[seat] -= pony
        return left - pony, cs[L] - left + pony

    def imps_needed(self, s, seat, left) -> int:
        per = self.R.play_per_imp
        lea = self.art_param(s, seat, "leash")
        if lea and not s.leash_used[seat] and left > 0:
            first = lea["n"]
            return 1 + max(0, -(-(left - first) // per))
        return -(-left // per)

    def imp_cover(self, s, seat, k) -> int:
        if k <= 0:
            return 0
        per = self.R.play_per_imp
        lea = self.art_param(s, seat, "leash")
        if lea and not s.leash_used[seat]:
            return lea["n"] + (k - 1) * per
        return k * per

    def _play(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        if cs[9] == 0:
            cs[9] = 1
            left, covered = self._play_covers(s, seat, m)
            cs[L] = left
            s.show[m][7] += covered
            if left > 0:
                need = self.imps_needed(s, seat, left)
                most = min(need, self.free_imps(s, seat))
                if most > 0:
                    self.ask(s, seat, "play", [("play", k) for k in range(most, -1, -1)])
                    return False
                self._play_with(s, seat, m, 0, ev)
                if cs[0] < 0:
                    return False
        if cs[9] == 1:
            cs[9] = 2
            cs[10] = s.show[m][7] if self.M[m].ability == "piglet" else 0
        if cs[9] == 2:
            p = cs[1]
            if cs[10] > 0 and s.dung[seat][p] > 0:
                targets = [q for q in (p - 1, p + 1) if 0 <= q < self.R.places]
                self.ask(s, seat, "piglet", [("stop",)] + [("piglet", q) for q in targets])
                return False
        return True

    def _ans_play(self, s, seat, action, ctx, ev):
        self._play_with(s, seat, s.care_step[0], action[1], ev)

    def _play_with(self, s, seat, m, k, ev):
        cs = s.care_step
        cover = self.imp_cover(s, seat, k)
        if k and self.art_param(s, seat, "leash"):
            s.leash_used[seat] = 1
        s.used[seat] += k
        sat = min(cover, cs[L])
        s.show[m][7] += sat
        miss = cs[L] - sat
        cs[L] = 0
        if k:
            ev.append(E("play", {"seat": seat, "monster": m, "imps": k, "covered": sat}))
        self.suffer(s, seat, m, miss, ev)

    def _ans_piglet(self, s, seat, action, ctx, ev):
        cs = s.care_step
        if action[0] == "stop":
            cs[10] = 0
            return
        cs[10] -= 1
        p, q = cs[1], action[1]
        s.dung[seat][p] -= 1
        s.dung[seat][q] += 1
        if s.pearls[seat][p] > s.dung[seat][p]:
            s.pearls[seat][p] -= 1
            s.pearls[seat][q] += 1
        ev.append(E("ability", {"seat": seat, "monster": cs[0], "ability": "piglet", "from": p, "to": q}))

    # anger (MS-086, MS-G26, Pony MS-137, Ruffian MS-138)
    def _anger(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        ab = self.M[m].ability
        if cs[9] == 0:
            cs[9] = 1
            excess = cs[A] - self.mods(s, seat, cs[1]).strength
            w = self.art_param(s, seat, "whistle")
            if excess > 0 and w and not s.whistle_used[seat]:
                s.whistle_used[seat] = 1
                excess -= w["n"]
            cs[10] = max(0, excess)
            if cs[10] and ab == "pony":
                s.pony_cover[seat] += cs[10]
                ev.append(E("ability", {"seat": seat, "monster": m, "ability": "pony", "cover": cs[10]}))
            if cs[10] == 0:
                return True
            if ab != "ruffian":
                if self.free_imps(s, seat) >= cs[10]:
                    self.ask(s, seat, "anger", [("anger", "imps"), ("anger", "escape")])
                    return False
                self.lose(s, seat, m, "escaped", ev)
                cs[0] = -1
                return False
        if ab == "ruffian":
            while cs[10] > 0:
                targets = self.ruffian_targets(s, seat, cs[1])
                if not targets:
                    cs[10] = 0
                    break
                self.ask(s, seat, "ruffian", targets)
                return False
        return True

    def ruffian_targets(self, s, seat, p) -> list:
        out = []
        if s.cage[seat][p] >= 0:
            out.append(("smash", "cage", p))
        for q in (p - 1, p, p + 1):
            if 0 <= q < self.R.places and s.upg[seat][q] >= 0:
                out.append(("smash", "upgrade", q))
        return out

    def _ans_ruffian(self, s, seat, action, ctx, ev):
        cs = s.care_step
        cs[10] -= 1
        q = action[2]
        if action[1] == "cage":          # MS-141: the printed cage reappears under a tile
            s.cage[seat][q] = PRINTED if q == 0 else CAGE_NONE
        else:
            s.upg[seat][q] = -1
        ev.append(E("ability", {"seat": seat, "monster": cs[0], "ability": "ruffian",
                                "smash": action[1], "place": q}))

    def _ans_anger(self, s, seat, action, ctx, ev):
        cs = s.care_step
        if action[1] == "imps":
            self.injure(s, seat, cs[10], ev)
            cs[10] = 0
        else:
            self.lose(s, seat, cs[0], "escaped", ev)
            cs[0] = -1

    # magic (MS-087, Spooker MS-134)
    def _magic(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        if cs[9] == 0:
            cs[9] = 1
            cs[10] = max(0, cs[M_] - self.mods(s, seat, cs[1]).anti_magic)
        while cs[10] > 0:
            cs[10] -= 1
            s.mutation[m] += 1
            ev.append(E("mutation", {"seat": seat, "monster": m, "total": s.mutation[m]}))
            if self.M[m].ability == "spooker":
                nb = self.spook_targets(s, seat, cs[1])
                if nb:
                    self.ask(s, seat, "spooker", [("keep",)] + [("spook", q) for q in nb])
                    return False
            if self._mutation_check(s, seat, m, ev):
                return False
        return True

    def spook_targets(self, s, seat, p) -> list:
        return [q for q in (p - 1, p + 1) if 0 <= q < self.R.places and s.mon[seat][q] >= 0
                and q not in s.spook_given[seat]]

    def _mutation_check(self, s, seat, m, ev) -> bool:
        if s.mutation[m] >= 2:
            self.lose(s, seat, m, "mutated", ev)
            if s.care_step and s.care_step[0] == m:
                s.care_step[0] = -1
            return True
        return False

    def _ans_spooker(self, s, seat, action, ctx, ev):
        m = s.care_step[0]
        if action[0] == "spook":
            q = action[1]
            o = s.mon[seat][q]
            s.spook_given[seat].append(q)
            s.mutation[m] -= 1
            s.mutation[o] += 1
            ev.append(E("ability", {"seat": seat, "monster": m, "ability": "spooker", "to": o}))
            self._mutation_check(s, seat, o, ev)
        self._mutation_check(s, seat, m, ev)

    # disease (MS-088, Hypochondriac MS-136)
    def _disease(self, s, seat, m, ev) -> bool:
        cs = s.care_step
        d = cs[D]
        if d <= 0:
            return True
        mods = self.mods(s, seat, cs[1])
        dung = max(0, s.dung[seat][cs[1]] + mods.disease_dung)
        over = d + dung - (self.R.disease_safe + mods.disease_safe)
        self.suffer(s, seat, m, over, ev)
        return True
