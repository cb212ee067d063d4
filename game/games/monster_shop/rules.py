"""The monster shop as a Ruleset: setup, options, the round's flow and its decisions.

Round = P1 preparation (automatic) · P2 purchases: secret planning (a SealedChoice of
every seat's split into groups), then sending largest first (`send`) with follow-up
questions from the spaces (`asks`) · P3 arranging (`arrange`), drawing and assigning
need cards (`assign`, one question per monster) · P4 resolution order (`order`) and care
(needs.py), the contest · P5 customers (`sell`), surplus cards (`keep`), business and
work (`work`) · P6 aging (automatic). After the last round: the two final evaluations.

planning.py holds P1/P2, needs.py P3/P4, scoring.py contests, customers and the end.
Every question that is not part of a stage is an ask: (seat, kind, actions, context) in
`s.asks`, answered first-in first-out. Who answers what is written out in `__init__`
(core/dispatch.py): `flow` (a stage's answer, a stage's automatic step), `ask_answers`
(ask kind -> `_ans_<kind>`, given the ask's context) and `space_actions` (planning.py).
"""
from __future__ import annotations

from ...core.dispatch import Flow, find_decision, wait
from ...core.rules import Decision, IllegalAction, OptionsError, OptionSpec, StateBackedRules, new_event
from . import invariants as _inv
from . import view as _view
from .needs import NeedsMixin
from .planning import PlanningMixin, size2
from .scoring import ScoringMixin
from .state import State, new_state

CAGE_NONE = -2
PRINTED = -1


def E(kind, data, to=None):
    return new_event((kind, data, to))


class MonsterShopRules(StateBackedRules, PlanningMixin, NeedsMixin, ScoringMixin):
    id = "monster_shop"
    min_players = 4
    max_players = 4
    # every chance outcome, by what is drawn (rules draw each from s.rng.stream(purpose, *key)):
    # a colour's need deck shuffled at setup and reshuffled from its discards (key: the colour),
    # the supplies shuffled at setup (key: which one), the starting player
    chance_purposes = ("need_deck", "supply", "start_player")

    def __init__(self, data):
        self.data = d = data
        self.R = d.rules
        self.M = d.monsters
        self.cards = d.cards
        self.card_colour = tuple(c[0] for c in d.cards)
        self.space_keys = tuple(sp.key for sp in d.spaces)
        self.space_ops = tuple(sp.op for sp in d.spaces)
        self.space_slots = tuple(sp.slots for sp in d.spaces)
        self.space_needs = tuple((sp.min_imps, sp.min_gold) for sp in d.spaces)   # a group must carry
        self.art_ops = tuple(frozenset(op for op, _ in a[2]) for a in d.artifacts)
        self.art_params = tuple({op: p for op, p in a[2]} for a in d.artifacts)
        self.cage_stats = tuple((c[2], c[3], c[4]) for c in d.cages)
        self.upg_effects = tuple(u[2] for u in d.upgrades)
        self.biz = d.businesses
        self._mods_cache: dict = {}
        self._plan_cache: dict = {}
        # who answers what (core/dispatch.py): explicit tables, no names built from a kind
        self.flow = Flow(
            answers={"plan": self._on_plan, "send": self._on_send, "arrange": self._on_arrange,
                     "assign": self.do_assign, "order": self._on_order, "sell": self._on_sell,
                     "work": self._on_work},
            steps={"plan": wait, "send": self._step_send, "arrange": self._step_arrange,
                   "assign": self._step_assign, "order": self._step_order,
                   "care": self.care_continue, "sell": self._step_sell, "work": self._step_work},
            next_step=self._next_step)
        # an ask's answer also gets the context the ask was queued with
        self.ask_answers = {
            "gift": self._ans_gift, "join": self._ans_join, "cage_to": self._ans_cage_to,
            "upgrade_to": self._ans_upgrade_to, "black_market": self._ans_black_market,
            "peek": self._ans_peek, "unsurcharge": self._ans_unsurcharge,
            "business": self._ans_business, "accessory": self._ans_accessory,
            "recall": self._ans_recall, "handbook": self._ans_handbook,
            "vampling": self._ans_vampling, "feed": self._ans_feed, "gobbler": self._ans_gobbler,
            "play": self._ans_play, "piglet": self._ans_piglet, "ruffian": self._ans_ruffian,
            "anger": self._ans_anger, "spooker": self._ans_spooker, "keep": self._ans_keep}
        self.space_actions = self._space_table()
        self.slot_rules = self._slot_rules()

    # ------------------------------------------------------------------ options
    def default_options(self) -> dict:
        return {"version": "full", "length": "full", "addons": []}

    def option_specs(self) -> list:
        return [
            OptionSpec("version", "monster_shop.option.version", "choice", "full",
                       (("full", "monster_shop.option.version_full"), ("simple", "monster_shop.option.version_simple")),
                       help="monster_shop.option.version_help"),
            OptionSpec("length", "monster_shop.option.length", "choice", "full",
                       (("full", "monster_shop.option.length_full"), ("short", "monster_shop.option.length_short")),
                       help="monster_shop.option.length_help"),
        ]

    def validate_options(self, options: dict | None, players: int) -> dict:
        if players != self.R.players:
            raise OptionsError(f"Příšerky z podzemí: Temné uličky is played by exactly {self.R.players} players "
                               f"(you chose {players}): the income and the round-6 seating assume four.")
        out = self.default_options()
        for k, v in (options or {}).items():
            if k == "mode" and v in (None, "", "standard"):
                continue
            if k not in out:
                raise OptionsError(f"monster_shop has no option called {k!r} (options: version, length, "
                                   f"--addon reverse_last_round).")
            out[k] = v
        if out["version"] not in ("full", "simple"):
            raise OptionsError(f"version must be full or simple (got {out['version']!r}).")
        if out["length"] not in ("full", "short"):
            raise OptionsError(f"length must be full or short (got {out['length']!r}).")
        addons = out["addons"]
        if isinstance(addons, str):
            addons = [addons]
        if not isinstance(addons, (list, tuple)) or any(a != "reverse_last_round" for a in addons):
            raise OptionsError(f"the only add-on is reverse_last_round (got {addons!r}).")
        out["addons"] = sorted(set(addons))
        return out

    # ------------------------------------------------------------------ setup
    def setup(self, players: int, options: dict | None, seed: int) -> State:
        o = self.validate_options(options, players)
        d, R = self.data, self.R
        s = new_state(players, seed, len(self.M), len(d.accessories))
        s.full = o["version"] == "full"
        s.short = o["length"] == "short"
        s.reverse = "reverse_last_round" in o["addons"]
        length = "short" if s.short else "full"
        s.rounds = R.rounds[length]
        s.lookahead = R.lookahead["full" if s.full else "simple"]
        supply = s.rng.stream("supply")
        n = players
        P = R.places
        s.gold = [R.start["gold"]] * n
        s.home = [R.start["imps"]] * n
        s.relatives = [list(R.relatives_at) for _ in range(n)]
        s.cage = [[PRINTED] + [CAGE_NONE] * (P - 1) for _ in range(n)]
        s.upg = [[-1] * P for _ in range(n)]
        s.dung = [[R.start_dung] + [0] * (P - 1) for _ in range(n)]
        s.pearls = [[0] * P for _ in range(n)]
        s.mon = [[-1] * P for _ in range(n)]
        ch = R.food_chambers
        s.meat = [[0] * ch for _ in range(n)]
        s.veg = [[0] * ch for _ in range(n)]
        # need decks (MS-G11), a hand of one card per colour (MS-010)
        s.deck = [[k for k, c in enumerate(self.cards) if c[0] == ci] for ci in range(4)]
        for ci, dk in enumerate(s.deck):
            s.rng.stream("need_deck", ci).shuffle(dk)
        s.discard = [[] for _ in range(4)]
        for seat in range(n):
            s.hand[seat] = [s.deck[ci].pop() for ci in range(4)]
        # supplies: Dark Alleys components shuffled in (MS-006)
        young = [m for m, mon in enumerate(self.M)]
        supply.shuffle(young)
        s.monster_deck = young
        s.cage_deck = list(range(len(d.cages)))
        supply.shuffle(s.cage_deck)
        s.upg_deck = list(range(len(d.upgrades)))
        supply.shuffle(s.upg_deck)
        s.art_deck = list(range(len(d.artifacts)))
        supply.shuffle(s.art_deck)
        s.acc_deck = list(range(len(d.accessories)))
        supply.shuffle(s.acc_deck)
        s.biz_order = list(range(len(self.biz)))
        supply.shuffle(s.biz_order)
        con = list(range(len(d.contests)))
        supply.shuffle(con)
        cus = list(range(len(d.customers)))
        supply.shuffle(cus)
        nc = len(R.contest_rounds[length])
        s.contests = con[:nc]
        s.bm_contest = con[nc]
        s.customers = cus[:len(R.customer_rounds[length])]
        s.contests_open = min(s.lookahead, len(s.contests))        # MS-005, MS-G19
        s.customers_open = min(s.lookahead, len(s.customers))
        s.peeks = [[] for _ in range(n)]
        # Black Market (MS-008): kind, item, surcharge, sold
        bm = []
        for kind in R.black_market[length]:
            item = -1
            if kind == "monster":
                item = s.monster_deck.pop()
            elif kind == "cage":
                item = s.cage_deck.pop()
            elif kind == "upgrade":
                item = s.upg_deck.pop()
            elif kind == "artifact":
                item = s.art_deck.pop()
            elif kind == "contest_food":
                item = s.bm_contest
            bm.append([kind, item, R.black_market["surcharge"], 0])
        supply.shuffle(bm)
        s.black_market = bm
        # businesses and the Boutique (MS-009, MS-G22)
        s.businesses_open = 1
        s.boutique = [s.acc_deck.pop() for _ in range(min(R.boutique_size, len(s.acc_deck)))]
        s.accs = [[] for _ in range(n)]
        s.start = s.rng.stream("start_player").below(n)             # MS-011
        s.rnd = 1
        s.young, s.older, s.cage_offer, s.upg_offer, s.art_offer = [], [], [], [], []
        s.food_offer = []
        s.show = [[0] * 10 for _ in range(len(self.M))]
        s.occupied = [[-1] * k for k in self.space_slots]
        s.res = None
        s.dec = None
        s.asks = []
        self._prepare_round(s, [])
        return s

    # (clone, snapshot, result and decisions: core.rules.StateBackedRules)
    def view(self, s: State, seat):
        return _view.build_view(self, s, seat)

    def reveal_view(self, s: State) -> dict:
        """A finished game's replay (the kit's view_of): the spectator's view with every
        hand, plan and assignment face up; deck orders stay hidden."""
        return _view.build_view(self, s, None, reveal=True)

    def invariants(self, s: State, before: State | None = None) -> list[str]:
        return _inv.check(self, s, before)

    def perturb_hidden(self, s: State, seat: int, rng) -> State:
        return _view.perturb_hidden(self, s, seat, rng)

    def opening_events(self, s: State) -> list:
        return [E("log", {"key": "round", "params": {"round": s.rnd, "start": s.start}})]

    # ------------------------------------------------------------------ helpers
    def size_of(self, s, m) -> int:
        return self.M[m].sizes[s.monster_stage[m]]

    def stripes(self, s, m) -> list:
        """Colour index of every visible stripe (dial, extra printed, accessories)."""
        mon = self.M[m]
        cc = mon.colour_counts[s.monster_stage[m]]
        out = []
        for ci in range(4):
            out += [ci] * cc[ci]
        for x, on in enumerate(s.acc_on):
            if on == m:
                out.append(self.data.accessories[x][2])
        out.sort()
        return out

    def accessories_of(self, s, m) -> list:
        return [x for x, on in enumerate(s.acc_on) if on == m]

    def monsters_of(self, s, seat) -> list:
        return [m for m in s.mon[seat] if m >= 0]

    def place_of(self, s, seat, m) -> int:
        row = s.mon[seat]
        return row.index(m) if m in row else -1

    def mods(self, s, seat, p):
        c, u = s.cage[seat][p], s.upg[seat][p]
        key = (c, u)
        got = self._mods_cache.get(key)
        if got is None:
            if c == CAGE_NONE:
                st, an, eff = 0, 0, ()
            elif c == PRINTED:
                (st, an), eff = self.data.printed_mods, ()
            else:
                st, an, eff = self.cage_stats[c]
            eff = tuple(eff) + (self.upg_effects[u] if u >= 0 and c != CAGE_NONE else ())
            got = self._mods_cache[key] = self.data.place_mods(st, an, eff)
        return got

    def has_art(self, s, seat, op) -> int:
        """How many active artifacts of `seat` carry effect `op`."""
        ops = self.art_ops
        return sum(1 for a in s.artifacts[seat] if op in ops[a])

    def art_param(self, s, seat, op):
        for a in s.artifacts[seat]:
            if op in self.art_ops[a]:
                return self.art_params[a][op]
        return None

    def free_imps(self, s, seat) -> int:
        return s.home[seat] - s.used[seat]

    def log(self, ev, key, **params):
        ev.append(E("log", {"key": key, "params": params}))

    def seats_from(self, s, first):
        return [(first + i) % s.n for i in range(s.n)]

    # ------------------------------------------------------------------ decisions
    def build_decisions(self, s: State) -> tuple:
        """What is asked now (StateBackedRules caches it in s.dec until apply)."""
        if s.res is not None:
            return ()
        if s.asks:
            seat, kind, acts = s.asks[0][:3]
            return (Decision(seat, kind, tuple(acts), None, acts[0], None, {"ask": kind}),)
        st = s.stage
        if st == "plan":
            # a free choice: any legal split (is_legal), the actions a representative sample
            return tuple(d._replace(free={"verb": "plan", "imps": s.home[d.seat], "gold": s.gold[d.seat],
                                          "bodyguard": s.bodyguard_home[d.seat], "hat": self.hat_free(s, d.seat),
                                          "max_groups": self.R.max_groups})
                         for d in s.sealed.decisions(lambda seat: self.plan_actions(s, seat),
                                                     lambda seat: ("plan", ())))
        seat = s.acting
        if st == "send":
            acts = self.send_actions(s, seat)
            return (Decision(seat, "send", acts, None, acts[0], None,
                             {"size": s.send_size / 2}),)
        if st == "arrange":
            acts = self.arrange_actions(s, seat)
            return (Decision(seat, "arrange", acts, None, ("done",)),)
        if st == "assign":
            acts = self.assign_sample(s, seat, s.assigning)
            return (Decision(seat, "assign", acts, None, acts[0], None, {"monster": s.assigning},
                             free={"verb": "assign", "monster": s.assigning, "stripes": self.stripes(s, s.assigning)}),)
        if st == "order":
            acts = self.order_actions(s, seat)
            return (Decision(seat, "order", acts, None, acts[0]),)
        if st == "sell":
            acts = self.sell_actions(s, seat)
            return (Decision(seat, "sell", acts, None, acts[-1], None, {"customer": s.seats_to_go[0]}),)
        if st == "work":
            acts = self.work_actions(s, seat)
            # where each number of cleaners cleans by default (left to right), for the buttons
            left = [list(self.clean_choices(s, seat, k)[0]) for k in range(acts[0][1] + 1)]
            return (Decision(seat, "work", acts, None, acts[0], None, {"clean": left}),)
        raise RuntimeError(f"no decisions in stage {st!r}")

    def is_legal(self, s: State, seat: int, action) -> bool:
        if s.res is not None or not isinstance(action, tuple) or not action:
            return False
        if s.asks:
            return s.asks[0][0] == seat and action in s.asks[0][2]
        if s.stage == "plan":
            return seat in s.sealed.pending() and self.plan_ok(s, seat, action)
        if s.stage == "assign":
            return seat == s.acting and self.assign_ok(s, seat, s.assigning, action)
        return any(action in d.actions for d in self.decisions(s) if d.seat == seat)

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, seat: int, action) -> list:
        if isinstance(action, list):
            from ...core.rules import as_action
            action = as_action(action)
        if s.res is not None:
            raise IllegalAction("the game is over")
        ev: list = []
        if s.asks:
            find_decision(self.decisions(s), seat, action)     # the ask's seat and choices, or why not
            _seat, kind, _choices, context = s.asks.pop(0)
            s.dec = None
            self.ask_answers[kind](s, seat, action, context, ev)
        else:
            self._check_stage_answer(s, seat, action)
            s.dec = None
            self.flow.answers[s.stage](s, seat, action, ev)
        self.flow.settle(s, ev)
        s.dec = None
        return ev

    def _check_stage_answer(self, s: State, seat: int, action) -> None:
        """Raises IllegalAction unless `action` answers the stage's question for `seat`.
        Planning and assigning are free choices (any legal split, any fitting cards)."""
        if s.stage == "plan":
            if seat not in s.sealed.pending() or not self.plan_ok(s, seat, action):
                raise IllegalAction("that is not a possible split of your imps and gold")
        elif s.stage == "assign":
            if seat != s.acting or not self.assign_ok(s, seat, s.assigning, action):
                raise IllegalAction("those cards do not fit this monster's stripes")
        else:
            find_decision(self.decisions(s), seat, action)

    def ask(self, s, seat, kind, acts, ctx=None):
        s.asks.append((seat, kind, tuple(acts), ctx))
        s.dec = None

    def _advance(self, s: State, ev: list) -> None:
        """Run automatic steps until someone must decide (or the game ends)."""
        self.flow.settle(s, ev)

    def _next_step(self, s: State):
        """A queued ask or the game's end stops the flow; else the stage's step runs."""
        if s.res is not None or s.asks:
            return wait
        return self.flow.steps[s.stage]

    # ------------------------------------------------------------------ P6 aging
    def end_round(self, s, ev):
        R = self.R
        for seat in range(s.n):
            for m in self.monsters_of(s, seat) + s.waiting[seat]:
                mon = self.M[m]
                if s.monster_stage[m] < len(mon.stages) - 1:           # MS-150
                    s.monster_stage[m] += 1
            # MS-151: the rightmost chamber spoils (a Magic Cabinet keeps some), the rest shift
            cab = self.art_param(s, seat, "freezer")
            room = (cab["n"] * self.has_art(s, seat, "freezer") if cab else 0) - sum(s.frozen[seat])
            for ki, row in enumerate((s.meat[seat], s.veg[seat])):
                spoil = row[-1]
                keep = min(spoil, max(0, room))
                room -= keep
                s.frozen[seat][ki] += keep
                row[1:] = row[:-1]
                row[0] = 0
            # MS-152: imps home; hospital and podium stay; the bodyguard comes back
            s.home[seat] += s.away[seat]
            s.away[seat] = 0
            s.used[seat] = 0
            s.bodyguard_home[seat] = s.bodyguard[seat]
            s.bodyguard_podium[seat] = 0
            s.jury[seat] = 0                                   # MS-153
            s.injured[seat] = 0
            s.hat_used[seat] = 0
            s.pony_cover[seat] = 0
            s.whistle_used[seat] = 0
            s.leash_used[seat] = 0
            s.podium_sold[seat] = 0
            s.fortune[seat] = 0
        ev.append(E("phase", {"phase": "aging", "round": s.rnd}))
        if s.rnd >= s.rounds:
            self.final_scoring(s, ev)
            return
        s.rnd += 1
        low_round = R.lowest_starts["short" if s.short else "full"]
        if s.rnd == low_round:                                 # MS-154, MS-G20
            order = self.seats_from(s, s.start)
            s.start = min(order, key=lambda x: (s.rep[x], order.index(x)))
        elif s.rnd == low_round + 1:
            s.start = (s.start + 2) % s.n
        else:
            s.start = (s.start + 1) % s.n
        self._prepare_round(s, ev)

    @staticmethod
    def group_size(g) -> float:
        return size2(g) / 2
