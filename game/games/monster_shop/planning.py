"""P1 round preparation and P2 purchases: the secret split into groups, sending them
largest first, the action spaces and their follow-up questions (a mixin of the Ruleset).

A group is [imps, gold, bodyguard 0/1, top hat 0/1, status, space, slot]; status 0 waits,
1 was sent, 2 stayed home. Its size in halves is 2·(imps + gold + bodyguard) + hat
(MS-041). A plan action is ("plan", ((imps, gold, bg, hat), ...)), largest first.
"""
from __future__ import annotations

from ...core.rules import new_event
from ...core.windows import SealedChoice

# a group's fields (a plan's group, (imps, gold, bodyguard, hat), has the first four)
IMPS, GOLD, BODYGUARD, HAT, STATUS, SPACE, SLOT = range(7)
WAIT, SENT, HOME = 0, 1, 2          # its STATUS
# a Black Market offer's fields (black_market[i], MS-G30)
BM_KIND, BM_ITEM, BM_SURCHARGE, BM_BOUGHT = range(4)
CAGE_NONE = -2
PRINTED = -1


def E(kind, data, to=None):
    return new_event((kind, data, to))


def size2(g) -> int:
    return 2 * (g[IMPS] + g[GOLD] + g[BODYGUARD]) + g[HAT]


def canon(groups) -> tuple:
    return tuple(sorted((tuple(g) for g in groups), key=lambda g: (-size2(g), -g[IMPS], -g[GOLD], -g[BODYGUARD], -g[HAT])))


class PlanningMixin:
    # ---------------------------------------------------------------- P1
    def _prepare_round(self, s, ev):
        d, R = self.data, self.R
        r = s.rnd
        if r > 1:                                              # MS-030, MS-G19
            s.contests_open = min(len(s.contests), s.contests_open + 1)
            s.customers_open = min(len(s.customers), s.customers_open + 1)
        # MS-031 income (MS-G21: in round 1 too); Lucky Coin
        for i, seat in enumerate(self.seats_from(s, s.start)):
            g = R.income["first_two"] if i < 2 else R.income["others"]
            coin = self.art_param(s, seat, "income")
            if coin:
                g += coin["n"] * self.has_art(s, seat, "income")
            s.gold[seat] += g
        # MS-032 food offer from the current contest tile's bottom row (round 1: markers)
        length = "short" if s.short else "full"
        crounds = R.contest_rounds[length]
        if r in crounds:
            bundles = d.contests[s.contests[crounds.index(r)]][4]
        else:
            bundles = R.round1_food
        s.food_offer = [[b[0], b[1], 0] for b in bundles]
        # MS-036 monsters: the old top row goes to the farm (MS-G44), the young move up
        for m in s.older:
            if m >= 0:
                farm = self.M[m].farm if s.full else "meat"
                if farm == "meat":
                    s.food_offer[0][0] += 1
                elif farm == "veg":
                    s.food_offer[0][1] += 1
                elif farm == "gold":
                    s.food_offer[0][2] += 1
                s.lost.append(m)
        s.older = []
        for m in s.young:
            if m >= 0:
                s.monster_stage[m] = 1
                s.older.append(m)
        s.young = [s.monster_deck.pop() for _ in range(R.offers["young"]) if s.monster_deck]
        # MS-033 artifacts
        s.art_offer = [s.art_deck.pop() for _ in range(R.offers["artifacts"]) if s.art_deck]
        # MS-034 cages: the bottom remaining one moves up, 2 new
        left = [c for c in s.cage_offer if c >= 0]
        s.cage_offer = left[-1:] + [s.cage_deck.pop() for _ in range(R.offers["cages_new"]) if s.cage_deck]
        # MS-035 upgrades: at most one old one kept
        left = [u for u in s.upg_offer if u >= 0]
        s.upg_offer = left[:1]
        while len(s.upg_offer) < R.offers["upgrades"] and s.upg_deck:
            s.upg_offer.append(s.upg_deck.pop())
        # MS-037 a business and an accessory (setup counts as round 1's, MS-G22, MS-G23)
        if r > 1:
            s.businesses_open = min(len(s.biz_order), s.businesses_open + 1)
            if s.acc_deck:
                if len(s.boutique) >= R.boutique_size:
                    s.boutique.pop(0)
                s.boutique.append(s.acc_deck.pop())
        s.occupied = [[-1] * k for k in self.space_slots]
        for seat in range(s.n):
            s.groups[seat] = []
        # the tie order of sending (MS-044; reverse_last_round: lowest reputation first)
        order = self.seats_from(s, s.start)
        if s.reverse and r == s.rounds:
            order = sorted(order, key=lambda x: (s.rep[x], order.index(x)))
        s.tie_order = order
        ev.append(E("round", {"round": r, "start": s.start, "food": [list(b) for b in s.food_offer]}))
        self.log(ev, "round", round=r, start=s.start)
        s.stage = "plan"
        s.sealed = SealedChoice("plan", range(s.n))
        s.dec = None

    # ---------------------------------------------------------------- planning
    def hat_free(self, s, seat) -> int:
        return 1 if (not s.hat_used[seat] and self.has_art(s, seat, "top_hat")) else 0

    def plan_actions(self, s, seat) -> tuple:
        """A representative sample of splits (the decision is free: any legal split may be
        played, `plan_ok` decides). Even splits into 1..6 groups using every imp or all but
        one, with no gold, all gold in the first group, or one gold in each of the first."""
        key = (s.home[seat], s.gold[seat], s.bodyguard_home[seat], self.hat_free(s, seat))
        got = self._plan_cache.get(key)
        if got is None:
            got = self._plan_cache[key] = self._plan_sample(*key)
        return got

    def _plan_sample(self, I, G, bg, hat) -> tuple:
        out = {("plan", ())}
        for use in {I, I - 1}:
            for k in range(1, min(self.R.max_groups, use) + 1):
                sizes = [use // k + (1 if i < use % k else 0) for i in range(k)]
                for gv in range(3):
                    if gv == 0:
                        golds = [0] * k
                    elif gv == 1:
                        golds = [G] + [0] * (k - 1)
                    else:
                        golds = [1 if i < G else 0 for i in range(k)]
                    groups = [[sizes[i], golds[i], 0, 0] for i in range(k)]
                    if bg:
                        groups[0][2] = 1
                    if hat:
                        groups[-1][3] = 1
                    out.add(("plan", canon(groups)))
        return tuple(sorted(out, key=lambda a: (len(a[1]), a[1])))

    def plan_ok(self, s, seat, action) -> bool:
        if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "plan"
                and isinstance(action[1], tuple)):
            return False
        groups = action[1]
        if len(groups) > self.R.max_groups:
            return False
        ti = tg = tb = th = 0
        for g in groups:
            if not (isinstance(g, tuple) and len(g) == 4 and all(isinstance(x, int) and not isinstance(x, bool)
                                                                  and x >= 0 for x in g)):
                return False
            if g[IMPS] < 1 or g[BODYGUARD] > 1 or g[HAT] > 1:                 # MS-040, MS-048
                return False
            ti, tg, tb, th = ti + g[IMPS], tg + g[GOLD], tb + g[BODYGUARD], th + g[HAT]
        return (ti <= s.home[seat] and tg <= s.gold[seat] and tb <= s.bodyguard_home[seat]
                and th <= self.hat_free(s, seat) and canon(groups) == groups)

    def reveal_plans(self, s, ev):
        """MS-043: every split is revealed together; imps and gold leave home."""
        for seat in range(s.n):
            groups = s.sealed.picks[seat][1]
            s.groups[seat] = [[g[IMPS], g[GOLD], g[BODYGUARD], g[HAT], WAIT, -1, -1] for g in groups]
            for g in groups:
                s.home[seat] -= g[IMPS]
                s.gold[seat] -= g[GOLD]
                s.bodyguard_home[seat] -= g[BODYGUARD]
                if g[HAT]:
                    s.hat_used[seat] = 1
        s.sealed = None
        s.stage = "send"
        s.send_size = -1
        s.send_rotation = 0
        s.acting = None

    def _on_plan(self, s, seat, action, ev):
        """A seat's secret split (MS-040); once every seat has chosen, the plans show."""
        ev.extend(s.sealed.commit(seat, action))
        if s.sealed.revealed:
            self.reveal_plans(s, ev)

    # ---------------------------------------------------------------- sending
    def _step_send(self, s, ev) -> bool:
        """The step of sending: the next group's owner must answer (False); True once no
        group waits and P3 begins."""
        if self.next_sender(s, ev):
            return False
        self.start_needs(s, ev)
        return True

    def next_sender(self, s, ev) -> bool:
        """MS-044: the largest waiting size goes; ties from the starting player clockwise,
        one group per seat per turn of the rotation. False when no group waits."""
        best = -1
        for gs in s.groups:
            for g in gs:
                if g[STATUS] == WAIT:
                    z = size2(g)
                    if z > best:
                        best = z
        if best < 0:
            return False
        if best != s.send_size:
            s.send_size, s.send_rotation = best, 0
        tie = s.tie_order
        for k in range(s.n):
            idx = (s.send_rotation + k) % s.n
            seat = tie[idx]
            for g in s.groups[seat]:
                if g[STATUS] == WAIT and size2(g) == best:
                    s.send_rotation = idx
                    s.acting = seat
                    return True
        return False

    def space_ok(self, s, seat, g, sp, slot) -> bool:
        """Whether group `g` of `seat` may go to `slot` of space `sp` now."""
        space = self.data.spaces[sp]
        if g[IMPS] + g[BODYGUARD] < space.min_imps or g[GOLD] < space.min_gold:
            return False
        return slot in self.takeable_slots(s, seat, sp)

    def takeable_slots(self, s, seat, sp) -> list:
        """The free slots of space `sp` that a group of `seat` carrying enough imps and
        gold could take now (the space's rule in `slot_rules`)."""
        return self.slot_rules[sp](s, seat, sp)

    def _slot_rules(self) -> tuple:
        """Per space, which of its free slots a group may take: an offer slot while it
        holds something, a space of identical slots at its first free slot only, some
        spaces only while they have something to give. Written out by the space's op."""
        by_op = {"food_stall": self._food_slots, "cage": self._offer_slots, "upgrade": self._offer_slots,
                 "monster": self._offer_slots, "artifacts": self._artifact_slots,
                 "hospital": self._first_free_slot, "industry": self._first_free_slot,
                 "podium": self._podium_slots, "black_market": self._black_market_slots,
                 "boutique": self._boutique_slots}
        return tuple(by_op.get(op, self._free_slots) for op in self.space_ops)

    @staticmethod
    def _free_slots(s, seat, sp) -> list:
        return [slot for slot, who in enumerate(s.occupied[sp]) if who == -1]

    @staticmethod
    def _first_free_slot(s, seat, sp) -> list:
        occ = s.occupied[sp]
        return [occ.index(-1)] if -1 in occ else []

    def _podium_slots(self, s, seat, sp) -> list:
        """The Sales Podium (MS-058): not while the seat's imps still stand there, nor twice a round."""
        if s.podium[seat] or seat in s.occupied[sp]:
            return []
        return self._first_free_slot(s, seat, sp)

    @staticmethod
    def _food_slots(s, seat, sp) -> list:
        offer = s.food_offer
        return [slot for slot, who in enumerate(s.occupied[sp])
                if who == -1 and slot < len(offer) and any(offer[slot])]

    def _offer_slots(self, s, seat, sp) -> list:
        offer = self._offer_row(s, sp)
        return [slot for slot, who in enumerate(s.occupied[sp])
                if who == -1 and slot < len(offer) and offer[slot] >= 0]

    def _artifact_slots(self, s, seat, sp) -> list:
        return self._free_slots(s, seat, sp) if s.art_offer else []

    def _black_market_slots(self, s, seat, sp) -> list:
        return self._free_slots(s, seat, sp) if self.bm_goods(s, seat) else []

    def _boutique_slots(self, s, seat, sp) -> list:
        return self._free_slots(s, seat, sp) if s.boutique else []

    def _offer_row(self, s, sp) -> list:
        """The tiles on offer at a cage, upgrade or monster space (-1: taken)."""
        op = self.space_ops[sp]
        if op == "cage":
            return s.cage_offer
        if op == "upgrade":
            return s.upg_offer
        return s.young if self.space_keys[sp] == "monster_low" else s.older

    def open_slots(self, s, seat) -> list:
        """(space, slot, space key) a group of `seat` could take now, before its own size."""
        out = []
        occupied = s.occupied
        for sp, key in enumerate(self.space_keys):
            if -1 in occupied[sp]:                       # a full space has nothing to take
                for slot in self.slot_rules[sp](s, seat, sp):
                    out.append((sp, slot, key))
        return out

    def send_actions(self, s, seat) -> tuple:
        out = []
        gs = s.groups[seat]
        mine = [i for i, g in enumerate(gs) if g[STATUS] == WAIT and size2(g) == s.send_size]
        seen = set()
        slots = None
        needs = self.space_needs
        for i in mine:
            g = gs[i]
            key = tuple(g[:4])
            if key in seen:                              # identical groups: one is enough
                continue
            seen.add(key)
            if slots is None:
                slots = self.open_slots(s, seat)
            members, gold = g[IMPS] + g[BODYGUARD], g[GOLD]
            for sp, slot, skey in slots:
                min_imps, min_gold = needs[sp]
                if members >= min_imps and gold >= min_gold:
                    out.append(("send", i, skey, slot))
            out.append(("home", i))
        # MS-046: any other waiting group may be withdrawn, of this size too (identical ones
        # once); the only group of this size is not: sending it home is that
        kept = set()
        for i, g in enumerate(gs):
            key = tuple(g[:4])
            if g[STATUS] == WAIT and key not in kept and not (i in mine and len(mine) == 1):
                kept.add(key)
                out.append(("withdraw", i))
        return tuple(out)

    def _group_home(self, s, seat, g):
        s.home[seat] += g[IMPS]
        s.gold[seat] += g[GOLD]
        s.bodyguard_home[seat] += g[BODYGUARD]
        g[STATUS] = HOME

    def _on_send(self, s, seat, action, ev):
        verb = action[0]
        g = s.groups[seat][action[1]]
        if verb == "withdraw":
            self._group_home(s, seat, g)
            ev.append(E("group", {"seat": seat, "group": action[1], "to": "home", "withdrawn": True,
                                  "members": list(g[:4])}))
            return
        s.send_rotation = (s.send_rotation + 1) % s.n
        if verb == "home":
            self._group_home(s, seat, g)
            ev.append(E("group", {"seat": seat, "group": action[1], "to": "home", "members": list(g[:4])}))
            return
        sp = self.space_keys.index(action[2])
        slot = action[3]
        g[STATUS], g[SPACE], g[SLOT] = SENT, sp, slot
        s.occupied[sp][slot] = seat
        op = self.space_ops[sp]
        # MS-045: all gold in a sent group goes to the bank
        paid = g[GOLD]
        if op == "podium":
            s.podium[seat] += g[IMPS]
            s.bodyguard_podium[seat] = g[BODYGUARD]
        else:
            s.away[seat] += g[IMPS]
        ev.append(E("group", {"seat": seat, "group": action[1], "to": action[2], "slot": slot,
                              "size": size2(g) / 2, "paid": paid, "members": list(g[:4])}))
        self.space_actions[op](s, seat, g, sp, slot, ev)

    # ---------------------------------------------------------------- spaces
    def _space_table(self) -> dict:
        """Space op (effects.SPACE_OPS) -> what a group sent there does, called
        (s, seat, group, space, slot, ev): written out, so each is found by its name."""
        return {"food_stall": self.space_food_stall, "artifacts": self.space_artifacts,
                "cage": self.space_cage, "upgrade": self.space_upgrade,
                "monster": self.space_monster, "invite": self.space_invite,
                "hospital": self.space_hospital, "jury": self.space_jury,
                "podium": self.space_podium, "black_market": self.space_black_market,
                "fortune_teller": self.space_fortune_teller, "industry": self.space_industry,
                "boutique": self.space_boutique}

    def _add_food(self, s, seat, meat, veg, gold=0):
        s.meat[seat][0] += meat
        s.veg[seat][0] += veg
        s.gold[seat] += gold

    def space_food_stall(self, s, seat, g, sp, slot, ev):           # MS-050
        b = s.food_offer[slot]
        self._add_food(s, seat, b[0], b[1], b[2])
        ev.append(E("food", {"seat": seat, "meat": b[0], "veg": b[1], "gold": b[2]}))
        s.food_offer[slot] = [0, 0, 0]

    def space_artifacts(self, s, seat, g, sp, slot, ev):            # MS-051
        took = list(s.art_offer)
        s.art_offer = []
        for a in took:
            self.gain_artifact(s, seat, a, ev)

    def gain_artifact(self, s, seat, a, ev, copy=False):
        s.artifacts[seat].append(a)
        ev.append(E("artifact", {"seat": seat, "artifact": a, "copy": copy}))
        if copy:
            return
        if "little_gift" in self.art_ops[a]:                        # MS-143, MS-G30
            others = sorted({x for o in range(s.n) if o != seat for x in s.artifacts[o]
                             if "little_gift" not in self.art_ops[x]})
            s.gift[seat] = 1
            if others:
                self.ask(s, seat, "gift", [("postpone",)] + [("copy", x) for x in others])
            return
        for o in range(s.n):
            if o != seat and s.gift[o] == 1:
                self.ask(s, o, "gift", [("postpone",), ("copy", a)])
        if "top_hat" in self.art_ops[a] and s.stage == "send":     # MS-G31
            self._ask_join(s, seat, "hat")

    def _ans_gift(self, s, seat, action, ctx, ev):
        if action[0] == "copy":
            s.gift[seat] = 2
            self.gain_artifact(s, seat, action[1], ev, copy=True)
            self.log(ev, "gift_copy", seat=seat, artifact=action[1])

    def _ask_join(self, s, seat, what):
        """MS-047, MS-G31..34: a new member may join one of the seat's waiting groups."""
        waiting = [i for i, g in enumerate(s.groups[seat]) if g[STATUS] == WAIT and not (what == "bg" and g[BODYGUARD])
                   and not (what == "hat" and g[HAT])]
        if waiting and s.stage == "send":
            self.ask(s, seat, "join", [("stay",)] + [("join", i) for i in waiting], what)

    def _ans_join(self, s, seat, action, what, ev):
        if action[0] != "join":
            return
        g = s.groups[seat][action[1]]
        if what == "imp":
            s.home[seat] -= 1
            g[IMPS] += 1
        elif what == "bg":
            s.bodyguard_home[seat] -= 1
            g[BODYGUARD] += 1
        else:
            s.hat_used[seat] = 1
            g[HAT] = 1
        ev.append(E("group_size", {"seat": seat, "group": action[1], "size": size2(g) / 2}))

    def space_cage(self, s, seat, g, sp, slot, ev):                # MS-052
        c = s.cage_offer[slot]
        s.cage_offer[slot] = -1
        self._ask_cage(s, seat, c)

    def _ask_cage(self, s, seat, c):
        acts = [("cage_to", p) for p in range(self.R.places)] + [("cage_discard",)]
        self.ask(s, seat, "cage_to", acts, c)

    def _ans_cage_to(self, s, seat, action, c, ev):
        if action[0] == "cage_discard":
            ev.append(E("cage", {"seat": seat, "cage": c, "place": None}))
            return
        p = action[1]
        s.cage[seat][p] = c                 # the monster and the dung stay: they move in
        ev.append(E("cage", {"seat": seat, "cage": c, "place": p}))
        self.auto_place(s, seat, ev)

    def space_upgrade(self, s, seat, g, sp, slot, ev):             # MS-053
        u = s.upg_offer[slot]
        s.upg_offer[slot] = -1
        self.ask(s, seat, "upgrade_to", [("upgrade_to", p) for p in range(self.R.places)], u)

    def _ans_upgrade_to(self, s, seat, action, u, ev):
        s.upg[seat][action[1]] = u
        ev.append(E("upgrade", {"seat": seat, "upgrade": u, "place": action[1]}))

    def space_monster(self, s, seat, g, sp, slot, ev):             # MS-054
        row = s.young if self.space_keys[sp] == "monster_low" else s.older
        m = row[slot]
        row[slot] = -1
        self.gain_monster(s, seat, m, ev)

    def gain_monster(self, s, seat, m, ev):
        s.waiting[seat].append(m)
        ev.append(E("monster", {"seat": seat, "monster": m, "size": self.size_of(s, m)}))
        self.auto_place(s, seat, ev)

    def auto_place(self, s, seat, ev):
        """A waiting monster moves into the leftmost empty caged place (MS-G47)."""
        while s.waiting[seat]:
            free = [p for p in range(self.R.places) if s.cage[seat][p] != CAGE_NONE and s.mon[seat][p] < 0]
            if not free:
                return
            m = s.waiting[seat].pop(0)
            s.mon[seat][free[0]] = m
            ev.append(E("place", {"seat": seat, "monster": m, "place": free[0]}))

    def space_invite(self, s, seat, g, sp, slot, ev):              # MS-055
        rel = s.relatives[seat]
        come = [x for x in rel if x <= s.rnd]
        s.relatives[seat] = [x for x in rel if x > s.rnd]
        s.away[seat] += len(come)
        ev.append(E("invite", {"seat": seat, "imps": len(come)}))

    def space_hospital(self, s, seat, g, sp, slot, ev):            # MS-056
        s.potions[seat] += 1
        s.away[seat] += s.hosp[seat]
        ev.append(E("hospital", {"seat": seat, "healed": s.hosp[seat]}))
        s.hosp[seat] = 0

    def space_jury(self, s, seat, g, sp, slot, ev):                # MS-057
        s.jury[seat] = self.R.jury_bonus

    def space_podium(self, s, seat, g, sp, slot, ev):              # MS-058
        ev.append(E("podium", {"seat": seat, "imps": s.podium[seat]}))

    # Black Market (MS-060)
    def bm_goods(self, s, seat) -> list:
        return [i for i, b in enumerate(s.black_market) if not b[BM_BOUGHT] and b[BM_SURCHARGE] <= s.gold[seat]]

    def space_black_market(self, s, seat, g, sp, slot, ev):
        self.ask(s, seat, "black_market", [("buy", i) for i in self.bm_goods(s, seat)])

    def _ans_black_market(self, s, seat, action, ctx, ev):
        b = s.black_market[action[1]]
        s.gold[seat] -= b[BM_SURCHARGE]                       # from the treasury, not the group
        b[BM_BOUGHT] = 1
        kind, item = b[BM_KIND], b[BM_ITEM]
        ev.append(E("black_market", {"seat": seat, "good": kind, "item": item, "paid": b[BM_SURCHARGE]}))
        if kind == "bodyguard":
            s.bodyguard[seat] = 1
            s.bodyguard_home[seat] = 1
            self._ask_join(s, seat, "bg")
        elif kind == "monster":
            self.gain_monster(s, seat, item, ev)
        elif kind == "cage":
            self._ask_cage(s, seat, item)
        elif kind == "upgrade":
            self.ask(s, seat, "upgrade_to", [("upgrade_to", p) for p in range(self.R.places)], item)
        elif kind == "artifact":
            self.gain_artifact(s, seat, item, ev)
        else:                                       # MS-G08: all three bundles of the tile
            for mt, vg in self.data.contests[item][4]:
                self._add_food(s, seat, mt, vg)

    # Fortune Teller (MS-061, MS-G37)
    def space_fortune_teller(self, s, seat, g, sp, slot, ev):
        for ci in range(4):
            k = self.draw(s, ci)
            if k is not None:
                s.hand[seat].append(k)
                ev.append(E("draw", {"seat": seat, "card": k}, (seat,)))
        s.fortune[seat] = 1
        ev.append(E("draw", {"seat": seat, "count": 4, "fortune": True}))
        hidden = [("peek", "contest", i) for i in range(s.contests_open, len(s.contests))
                  if ("contest", i) not in s.peeks[seat]]
        hidden += [("peek", "customer", i) for i in range(s.customers_open, len(s.customers))
                   if ("customer", i) not in s.peeks[seat]]
        if hidden:
            self.ask(s, seat, "peek", hidden)
        self._ask_unsurcharge(s, seat)

    def _ask_unsurcharge(self, s, seat):
        left = [("unsurcharge", i) for i, b in enumerate(s.black_market) if not b[BM_BOUGHT] and b[BM_SURCHARGE] > 0]
        if left:
            self.ask(s, seat, "unsurcharge", left)

    def _ans_peek(self, s, seat, action, ctx, ev):
        s.peeks[seat].append((action[1], action[2]))
        tile = s.contests[action[2]] if action[1] == "contest" else s.customers[action[2]]
        ev.append(E("peek", {"seat": seat, "what": action[1], "index": action[2]}))
        ev.append(E("peek_tile", {"seat": seat, "what": action[1], "index": action[2], "tile": tile}, (seat,)))

    def _ans_unsurcharge(self, s, seat, action, ctx, ev):
        s.black_market[action[1]][2] -= 1
        ev.append(E("surcharge", {"seat": seat, "good": action[1]}))

    def draw(self, s, ci):
        dk = s.deck[ci]
        if not dk and s.discard[ci]:               # MS-G11: reshuffle the colour's discards
            dk.extend(s.discard[ci])
            s.discard[ci] = []
            s.rng.stream("need_deck", ci).shuffle(dk)
        return dk.pop() if dk else None

    # Industrial Zone (MS-062)
    def space_industry(self, s, seat, g, sp, slot, ev):
        s.pass_at[seat] = s.businesses_open - 1
        ev.append(E("pass", {"seat": seat, "at": s.pass_at[seat]}))
        acts = self.biz_actions(s, seat)
        if acts:
            self.ask(s, seat, "business", [("skip",)] + acts)

    def _ans_business(self, s, seat, action, ctx, ev):
        if action[0] == "later":                    # MS-115: the work first, then a business
            s.biz_later = seat
        elif action[0] == "biz":
            self.run_business(s, seat, action, ev)

    # The Slug's Boutique (MS-063, MS-G32, MS-G33)
    def space_boutique(self, s, seat, g, sp, slot, ev):
        self.ask(s, seat, "accessory", [("take", x) for x in s.boutique], 1 + g[BODYGUARD])

    def _ans_accessory(self, s, seat, action, left, ev):
        x = action[1]
        s.boutique.remove(x)
        s.accs[seat].append(x)
        ev.append(E("accessory", {"seat": seat, "accessory": x}))
        self.auto_wear(s, seat, x)
        if left > 1 and s.boutique:                  # a bodyguard carries one more
            self.ask(s, seat, "accessory", [("take", y) for y in s.boutique], left - 1)
            return
        spots = self.recall_spots(s, seat)
        if spots:
            self.ask(s, seat, "recall", [("stay",)] + [("recall", i) for i in spots])

    def auto_wear(self, s, seat, x):
        mons = self.monsters_of(s, seat)
        if mons and s.acc_on[x] < 0:
            s.acc_on[x] = mons[0]

    def recall_spots(self, s, seat) -> list:
        """Own sent groups on a space where another imp stays after one leaves."""
        out = []
        for i, g in enumerate(s.groups[seat]):
            if g[STATUS] != SENT or g[IMPS] < 1 or self.space_ops[g[SPACE]] == "podium":
                continue
            others = sum(h[IMPS] for o in range(s.n) for h in s.groups[o]
                         if h[STATUS] == SENT and h[SPACE] == g[SPACE] and h is not g)
            if g[IMPS] - 1 + others >= 1:
                out.append(i)
        return out

    def _ans_recall(self, s, seat, action, ctx, ev):
        if action[0] != "recall":
            return
        g = s.groups[seat][action[1]]
        g[IMPS] -= 1
        s.away[seat] -= 1
        s.home[seat] += 1                         # home at once, still free to work
        ev.append(E("recall", {"seat": seat, "group": action[1]}))
        self._ask_join(s, seat, "imp")

    # ---------------------------------------------------------------- businesses
    def biz_open_for(self, s, seat) -> list:
        if s.pass_at[seat] < 0:
            return []
        return s.biz_order[:s.pass_at[seat] + 1]

    def biz_actions(self, s, seat) -> list:
        out = []
        free = self.free_imps(s, seat)
        for b in self.biz_open_for(s, seat):
            key, _name, op, p = self.biz[b]
            if op == "recruit":
                if s.gold[seat] >= p["gold"]:
                    if s.relatives[seat]:
                        out.append(("biz", b, "row"))
                    if s.hosp[seat]:
                        out.append(("biz", b, "hospital"))
                    if s.podium[seat]:
                        out.append(("biz", b, "podium"))
            elif op == "process":
                row = s.meat[seat] if p["from"] == "meat" else s.veg[seat]
                if sum(row) + s.frozen[seat][0 if p["from"] == "meat" else 1]:
                    out.append(("biz", b, 0))
            elif op == "office":
                if free >= p["imps"]:
                    out.append(("biz", b, 0))
            elif op == "psychiatrist":
                if free >= p["imps"]:
                    for m in self.monsters_of(s, seat):
                        if s.mutation[m]:
                            out.append(("biz", b, m, "mutation"))
                        if s.suffering[m]:
                            out.append(("biz", b, m, "suffering"))
            elif op == "slime":
                if s.gold[seat] >= p["gold"] and sum(s.dung[seat]):
                    out.append(("biz", b, 0))
        return out

    def run_business(self, s, seat, action, ev):
        b = action[1]
        key, _name, op, p = self.biz[b]
        ev.append(E("business", {"seat": seat, "business": b, "how": list(action[2:])}))
        if op == "recruit":                         # MS-120
            s.gold[seat] -= p["gold"]
            src = action[2]
            if src == "row":
                s.relatives[seat].pop(0)
            elif src == "hospital":
                s.hosp[seat] -= 1
            else:
                s.podium[seat] -= 1
            if s.stage == "send":
                s.home[seat] += 1
                self._ask_join(s, seat, "imp")
            else:
                s.away[seat] += 1
        elif op == "process":                       # MS-121, MS-122
            ki = 0 if p["from"] == "meat" else 1
            row = s.meat[seat] if ki == 0 else s.veg[seat]
            if s.frozen[seat][ki]:
                s.frozen[seat][ki] -= 1
            else:
                i = max(i for i, x in enumerate(row) if x)
                row[i] -= 1
            s.processed[seat][0 if p["to"] == "lollipop" else 1] += 1
        elif op == "office":                        # MS-123
            s.used[seat] += p["imps"]
            s.gold[seat] += p["gain"]
        elif op == "psychiatrist":                  # MS-124
            s.used[seat] += p["imps"]
            m = action[2]
            if action[3] == "mutation":
                s.mutation[m] -= 1
            else:
                s.suffering[m] -= 1
        elif op == "slime":                         # MS-125: occupied cages too
            s.gold[seat] -= p["gold"]
            left = p["dung"]
            for pl in sorted(range(self.R.places), key=lambda x: -s.dung[seat][x]):
                while left and s.dung[seat][pl]:
                    self.clean_one(s, seat, pl, ev)
                    left -= 1

    def clean_one(self, s, seat, p, ev):
        s.dung[seat][p] -= 1
        if s.pearls[seat][p]:                       # MS-131, MS-G29: the pearl cube first
            s.pearls[seat][p] -= 1
            s.gold[seat] += self.R.pearl_gold
            ev.append(E("pearl", {"seat": seat, "place": p, "gold": self.R.pearl_gold}))
