"""Dark Gothic: Colonial Horror rules (rulebook 001, CHECKLIST.md §2): the Ruleset over `State`.

How a turn runs
---------------
Everything that happens is a *task* on the state's stack (`s.tasks`, the next one last). `_run`
pops and runs tasks until one needs an answer: it then sets `s.wait` (the open decision) and
returns. `apply` checks the answer against the open decisions, runs the matching `_on_<kind>`
handler (which usually pushes more tasks) and calls `_run` again. With no task left and no
wait, the active player is at their main decision ("turn"): play a card, buy/defeat, use a
Remains ability, or end the turn.

Turn: turn_start (co-op First Player's Omen rolls per Minion, Villain start-of-turn Globals,
Inspector Cooke's Cunning and Remains-in-Play income) -> Dark Secrets first (TE-040) -> main
decision -> end: Roaming (TE-075) -> Villain end-of-turn Globals -> discard, draw up (TE-070) ->
flip the next Villain or the Heroes win (TE-062) -> next player.

Buying: ("buy", card) -> the `pay` task pays the suggested payment, or asks the payer which
units pay ("pay" decision) when payments differ in outcome (payment.payment_options: the cards
a Cursed part Destroys, what stays in the pool) -> the card is gained (refill + Mystery, Fight,
acquire effects, Cursed sources Destroyed). ("buy", card, payment) names the units at once
(TE-051, TE-083): a free choice, any legal payment (`is_legal`).

Off-turn decisions use the kernel windows: Block against a Strike or Fight effect aimed at you
("block" ReactionWindow), Protect whenever a card would be Destroyed ("protect"), the victim's
choice of card ("choose"), the Poltergeist's secret pass (SealedChoice "pass"), Sara's reroll
("reroll"). Who is asked to Block/Protect is decided from public information (effects.py /
`_could_hold`): the seat's hand is not empty and some Block (Protect) card is owned by a Hero
but not face up, or the seat has a public way (a played card, Warden, the Lighthouse).

Decision kinds -> actions:
  hero      ("hero", key)                       Draw 2 Choose 1 (setup)
  secret    ("play", secret)                    a Dark Secret must be played first
  turn      ("play", card) | ("buy", card) | ("use", card) | ("end",)
  turn      ("buy", card, payment)              (free) the units named: payment.py
  pay       ("pay", payment)                    (free) which units pay; the sample holds each
                                                distinct outcome, the suggested payment first
  block     ("pass",) | ("block", "played"|card)
  protect   ("pass",) | ("protect", "played"|"warden"|card)
  choose    ("card", card) | ("none",)          discard/Destroy from your hand
  feed      ("card", card) | ("center", slot) | ("none",)   the Hungry Dead's Fight
  target    ("center", slot) | ("none",)        Crypt Key: a Minion to defeat free
  pass      ("give", card)                      Poltergeist (sealed)
  reroll    ("reroll",) | ("accept",)           Sara's Power of Light
"""
from __future__ import annotations

from ...core.rules import (GAME, PLAYERS, Decision, Event, IllegalAction, OptionSpec, OptionsError, Result,
                           StateBackedRules)
from ...core.windows import PASS, ReactionWindow, SealedChoice
from . import invariants as _invariants
from . import payment as P
from . import view as _view
from .data import GameData
from .effects import EFFECTS
from .state import State, new_state

_tuple_new = tuple.__new__
COLS = ("C", "U", "S")
BUY_FREE = {"verb": "buy"}
# Destroys a Hero chose (the Hungry Dead's, "you may Destroy", the Burying Ground's): in co-op
# no one is asked to Protect them (the team chose them), in competitive play all but the chooser
CHOSEN = ("feed", "chosen")      # the main decision: ("buy", card, payment) names the units (is_legal)


def _E(kind, data, to=None):
    return _tuple_new(Event, (kind, data, to))


class DarkGothicRules(StateBackedRules):
    id = "dark_gothic"
    # every chance outcome, by what is drawn (the rules draw each from s.rng.stream(purpose, *key)):
    # the Villain stack's picks, the Main Deck's and the Discoveries' shuffles, the Heroes
    # dealt, a Hero's deck (keyed by seat), the first player's roll-off, an Omen roll (keyed
    # by what it is rolled for: "minion" or "shadow"; Sara's reroll draws from the same)
    chance_purposes = ("villains", "main_deck", "discoveries", "heroes", "deck", "rolloff", "omen")

    def __init__(self, data: GameData):
        self.data = data
        r = self.rules = data.rules
        self.cards = data.cards
        self.heroes = data.heroes
        self.min_players = min(m.min for m in r.modes.values())
        self.max_players = max(m.max for m in r.modes.values())
        self.slots = r.center_slots
        self.last = r.center_slots - 1
        self.limit = r.shadows_limit
        self.faces = tuple(r.omen_faces)
        self.win = {k: (w.timeout, w.min_time or None) for k, w in r.windows.items()}
        K = self.cards
        self.key = {c: k.key for c, k in K.items()}
        self.block_ids = frozenset(c for c, k in K.items() if k.block)
        self.protect_ids = frozenset(c for c, k in K.items() if k.protect)
        self.secret_set = frozenset(data.secret_ids)
        self.all_ids = tuple(K)
        # card-id sets for invariants.py (every step of simulate --check)
        self.all_set = frozenset(K)
        # the Villains by mode (data.villains_by_mode): a Villain with a competitive price is a
        # card of its own (id "<key>@competitive"), so whatever reads a cost by card id (cost_of,
        # the view's card_json, the table's face, the agents) sees the mode's price. The cards
        # in a game (keyed by State.coop): every card but the other mode's printings.
        self.villain_stacks = {False: data.villains_by_mode["competitive"], True: data.villains_by_mode["coop"]}
        printings = {coop: frozenset(v for ids in st.values() for v in ids) for coop, st in self.villain_stacks.items()}
        self.game_set = {coop: self.all_set - (printings[not coop] - printings[coop]) for coop in (False, True)}
        self.lightning_ids = frozenset(c for c, k in K.items() if k.key == "lightning_strike")
        self.unowned_ids = frozenset(c for c, k in K.items() if k.group in ("villain", "discovery"))
        self.fleeting_ids = frozenset(c for c, k in K.items() if not k.remains)
        self.cost_target = {c: ("villain" if k.group == "villain" else "hungry_dead" if k.group == "common"
                                else "training" if k.group == "training" else "minion" if k.type == "minion"
                                else None) for c, k in K.items()}
        self.Z_HAND = tuple(f"hand:{i}" for i in range(self.max_players))
        self.Z_PLAY = tuple(f"play:{i}" for i in range(self.max_players))
        # the printed costs, each with the cards that bear it (a zero cost is never bought):
        # buy_targets asks a pool of each distinct cost once (_payable_with)
        same_cost = {}
        for c, k in K.items():
            if k.cost_total:
                same_cost.setdefault((k.cost, k.cost_total), []).append(c)
        self.printed_costs = tuple((cost, total, tuple(ids), self._plain_need(cost))
                                   for (cost, total), ids in same_cost.items())
        self.simple = frozenset(c for c, k in K.items()
                                if all(op in ("gain", "draw", "block", "protect") for op, _ in k.play))
        # Global op -> {card id: its params for that op, in card order}: globals_of looks up only
        # the Villain and the six Center Line slots (hot: every decision asks for cost_mod)
        gmap = {}
        for c, k in K.items():
            for op, p in k.globals:
                gmap.setdefault(op, {}).setdefault(c, []).append(p)
        self.gmap = {op: {c: tuple(ps) for c, ps in g.items()} for op, g in gmap.items()}
        self._payable = {}                      # (e0, e1, e2, silver) -> _payable_with's answer (pure)
        self.play_act = {c: ("play", c) for c in K}     # the action tuples, made once
        self.buy_act = {c: ("buy", c) for c in K}
        self.ally_ids = frozenset(c for c, k in K.items() if k.type == "ally")
        self.minion_ids = frozenset(c for c, k in K.items() if k.type == "minion")
        self.roaming_ids = frozenset(c for c, k in K.items() if k.roaming)
        self.destroy_once = frozenset(c for c, k in K.items() if k.ability == "destroy_once")
        self.protect_once_ids = frozenset(c for c, k in K.items() if k.ability == "protect_once")
        # a card's Cursed colours (a Cursed Silver part: any): which units a later payment Destroys
        self.cursed_cols = {c: frozenset(x for col, _n, cur in k.cost if cur for x in (COLS if col == "W" else (col,)))
                            for c, k in K.items() if any(cur for _c, _n, cur in k.cost)}
        self.price = {c: k.cost_total for c, k in K.items()}
        # the least any purchase costs: modifiers only add to a price, and Anne Marie's Lessons
        # take at most `discount` off a Training card's; a pool with fewer units buys nothing
        lessons_off = max((h.params["discount"] for h in self.heroes.values() if h.ability == "lessons"), default=0)
        self.cheapest = min(k.cost_total - (lessons_off if self.cost_target[c] == "training" else 0)
                            for c, k in K.items() if k.cost_total)
        # Explicit tables, so a reader (and grep) finds who runs each task and answer.
        self._tasks = {  # task kind (the first item of a queued task) -> its step
            "turn_start": self._t_turn_start, "income": self._t_income, "secrets": self._t_secrets,
            "eff": self._t_eff, "pay": self._t_pay, "gain_card": self._t_gain_card,
            "honor": self._t_honor, "destroy": self._t_destroy, "do_destroy": self._t_do_destroy,
            "refill": self._t_refill, "mystery": self._t_mystery, "lightning": self._t_lightning,
            "lightning_away": self._t_lightning_away, "shadow_top": self._t_shadow_top,
            "strike": self._t_strike, "hit": self._t_hit, "feed": self._t_feed,
            "free_defeat": self._t_free_defeat, "poltergeist": self._t_poltergeist,
            "discovery": self._t_discovery, "omen": self._t_omen, "omen_apply": self._t_omen_apply,
            "roam_begin": self._t_roam_begin, "roam": self._t_roam, "roam_end": self._t_roam_end,
            "end_globals": self._t_end_globals, "cleanup": self._t_cleanup,
        }
        self._answers = {  # decision kind -> what answers it
            "turn": self._on_turn, "secret": self._on_secret, "hero": self._on_hero,
            "pay": self._on_pay, "block": self._on_block, "protect": self._on_protect,
            "choose": self._on_choose, "feed": self._on_feed, "target": self._on_target,
            "pass": self._on_pass, "reroll": self._on_reroll,
        }

    # ------------------------------------------------------------------ options and setup
    def default_options(self) -> dict:
        return {"mode": self.rules.default_mode, "addons": []}

    def option_specs(self) -> list:
        return [
            OptionSpec("mode", "dark_gothic.option.mode", "choice", self.rules.default_mode,
                       tuple((m, f"dark_gothic.mode.{m}") for m in self.rules.modes)),
            OptionSpec("addons", "dark_gothic.addon.draw2", "flag", False),
        ]

    def validate_options(self, options: dict | None, players: int) -> dict:
        out = self.default_options()
        for k, v in (options or {}).items():
            if k not in out:
                raise OptionsError(f"Dark Gothic has no option called {k!r} (options: mode, addons).")
            out[k] = v
        mode = out["mode"]
        if mode not in self.rules.modes:
            raise OptionsError(f"Dark Gothic mode must be one of {', '.join(self.rules.modes)} (got {mode!r}).")
        rng = self.rules.modes[mode]
        if not isinstance(players, int) or not rng.min <= players <= rng.max:
            raise OptionsError(f"Dark Gothic {mode} needs {rng.min} to {rng.max} players (you chose {players}).")
        addons = out["addons"]
        if addons is True:
            addons = ["draw2"]
        elif addons in (False, None):
            addons = []
        elif isinstance(addons, str):
            addons = [addons]
        if not isinstance(addons, (list, tuple)) or any(a not in self.rules.addons for a in addons):
            raise OptionsError(f"Dark Gothic add-ons: choose from {', '.join(self.rules.addons)} (got {addons!r}).")
        out["addons"] = sorted(set(addons))
        return out

    def setup(self, players: int, options: dict | None, seed: int) -> State:
        o = self.validate_options(options, players)
        d = self.data
        s = new_state(players, seed)
        s.coop = o["mode"] == "coop"
        s.draw2 = "draw2" in o["addons"]
        rng = s.rng
        # TE-007 the Villain stack: III face down, II on it face down, I face up on top; from
        # the mode's printings (a Villain's competitive price, villains.yaml)
        stack = self.villain_stacks[s.coop]
        villains = rng.stream("villains")
        picks = {dz: stack[dz][villains.below(len(stack[dz]))] for dz in (1, 2, 3)}
        s.vstack = [picks[3], picks[2]]
        s.villain = picks[1]
        s.vbox = [v for dz in (1, 2, 3) for v in stack[dz] if v != picks[dz]]
        # TE-004 Main Deck, TE-008 Discoveries, TE-009 supply
        s.main = list(d.main_ids)
        rng.stream("main_deck").shuffle(s.main)
        s.sdeck = list(d.discovery_ids)
        rng.stream("discoveries").shuffle(s.sdeck)
        s.training = {k: list(v) for k, v in d.training.items()}
        s.secrets = list(d.secret_ids)
        s.honor = list(d.honor_ids)
        s.box = [c for ids in d.start_ids.values() for c in ids]
        # TE-010 the Center Line: no Mystery; a Lightning Strike goes to the Shadows and is replaced
        s.center = [None] * self.slots
        for i in range(self.slots):
            while s.center[i] is None and s.main:
                c = s.main.pop()
                if self.key[c] == "lightning_strike":
                    s.shadows.append(c)
                else:
                    s.center[i] = c
        # TE-005 Heroes
        s.heroes_left = list(self.heroes)
        rng.stream("heroes").shuffle(s.heroes_left)
        s.heroes = [None] * players
        if s.draw2:
            self._offer(s, 0)
        else:
            for seat in range(players):
                s.heroes[seat] = s.heroes_left.pop()
            self._deal(s)
        self._run(s, [])
        return s

    def _offer(self, s, seat):
        s.offers = [s.heroes_left.pop(), s.heroes_left.pop()]
        s.wait = ("hero", seat)

    def _deal(self, s):
        """TE-006 start decks, TE-011 hands of 6, TE-012 the Omen roll-off."""
        rng = s.rng
        d = self.data
        in_box = set(s.box)             # the Start cards left in the box (a list's `in` was slow)
        for seat, hk in enumerate(s.heroes):
            h = self.heroes[hk]
            deck = []
            for key, k in h.start.items():         # the first k of that Start card left
                took = [c for c in d.start_ids[key] if c in in_box][:k]
                in_box.difference_update(took)
                deck += took
            for _ in range(h.honor):
                deck.append(s.honor.pop())
            rng.stream("deck", seat).shuffle(deck)
            s.deck[seat] = deck
            for _ in range(self.rules.hand_size):
                s.hand[seat].append(deck.pop())
        s.box = [c for c in s.box if c in in_box]
        # Omen roll-off: highest goes first, ties roll off; Power of Light is inactive (TE-096)
        tied = list(range(s.n))
        s.rolloff = []
        rolloff = rng.stream("rolloff")
        while len(tied) > 1:
            rolls = {seat: self.faces[rolloff.below(len(self.faces))] for seat in tied}
            s.rolloff.append({str(k): v for k, v in rolls.items()})
            top = max(rolls.values())
            tied = [seat for seat in tied if rolls[seat] == top]
        s.first = s.active = tied[0]
        s.tasks = [("turn_start",)]

    def opening_events(self, s) -> list:
        return [_E("log", {"key": "setup", "params": {"villain": s.villain, "first": s.first,
                                                        "shadows": len(s.shadows), "rolloff": s.rolloff}})]

    # ------------------------------------------------------------------ protocol basics
    # (clone, snapshot, result and decisions: core.rules.StateBackedRules)
    def view(self, s, seat):
        return _view.build_view(self, s, seat)

    def reveal_view(self, s):
        """The spectator's view with every hand (and Draw-2 offer, secret pass) face up: the
        replay of a finished game, which hides nothing. Deck orders stay hidden."""
        return _view.build_view(self, s, None, reveal=True)

    def card_json(self, cid) -> dict:
        return self.cards[cid].to_json()

    def invariants(self, s, before=None) -> list:
        return _invariants.check(self, s, before)

    def perturb_hidden(self, s, seat, rng):
        return _view.perturb_hidden(self, s, seat, rng)

    # ------------------------------------------------------------------ helpers for effects
    def log(self, ev, key, **params):
        ev.append(_E("log", {"key": key, "params": params}))

    def push(self, s, *tasks):
        """Push tasks to run in the given order (before anything already pending). One task:
        s.tasks.append(task) is the same, and the hottest steps call it directly."""
        s.tasks.extend(reversed(tasks))

    def gain(self, s, seat, colour, n, src, ev):
        s.pool.append((colour, n, src, colour == "W"))
        ev.append(_tuple_new(Event, ("gain", {"seat": seat, "colour": colour, "n": n, "source": src}, None)))

    def draw(self, s, seat, n, ev):
        deck, hand = s.deck[seat], s.hand[seat]
        if len(deck) >= n:                        # the common case: no reshuffle
            if n <= 0:
                return
            got = deck[-n:]
            del deck[-n:]
            got.reverse()                         # drawn one at a time from the top (the end)
            hand.extend(got)
            ev.append(_tuple_new(Event, ("draw", {"seat": seat, "cards": got}, (seat,))))
            ev.append(_tuple_new(Event, ("draw", {"seat": seat, "count": n, "private": seat}, None)))
            return
        got = deck[::-1]                          # the whole deck, top card first
        deck.clear()
        disc = s.discard[seat]
        if disc:                                  # then the discard pile, shuffled, is the deck
            deck.extend(disc)
            disc.clear()
            s.rng.stream("deck", seat).shuffle(deck)
            ev.append(_E("shuffle", {"zone": f"deck:{seat}", "count": len(deck)}))
            k = min(n - len(got), len(deck))
            more = deck[-k:]
            del deck[-k:]
            more.reverse()
            got += more
        # (else TE-071 [P]: nothing more to draw)
        hand.extend(got)
        if got:
            ev.append(_E("draw", {"seat": seat, "cards": got}, (seat,)))
            ev.append(_E("draw", {"seat": seat, "count": len(got), "private": seat}))

    def gain_honor(self, s, seat, ev):
        if s.honor:
            c = s.honor.pop()
            s.discard[seat].append(c)
            ev.append(_E("move", {"card": c, "src": "honor", "dst": f"discard:{seat}"}))

    def gain_secret(self, s, seat, ev):
        if s.secrets:
            c = s.secrets.pop()
            s.discard[seat].append(c)
            ev.append(_E("move", {"card": c, "src": "secrets", "dst": f"discard:{seat}"}))

    def shadow_remove(self, s, n, ev):
        for _ in range(n):
            if s.shadows:
                c = s.shadows.pop()
                s.crypt.append(c)
                ev.append(_E("move", {"card": c, "src": "shadows", "dst": "crypt"}))

    def to_shadows(self, s, c, src, ev):
        s.shadows.append(c)
        ev.append(_E("shadow", {"card": None, "src": src, "count": len(s.shadows)}))
        if len(s.shadows) >= self.limit and s.res is None:
            self._finish(s, False, ev)

    def top_main(self, s, ev):
        """The top Main Deck card; an empty deck is rebuilt from the Main Deck cards in the
        Crypt (TE-G11)."""
        if not s.main:
            back = [c for c in s.crypt if self.cards[c].group == "main"]
            if not back:
                return None
            s.crypt = [c for c in s.crypt if self.cards[c].group != "main"]
            s.main = back
            s.rng.stream("main_deck").shuffle(s.main)
            ev.append(_E("shuffle", {"zone": "main", "count": len(s.main)}))
        return s.main.pop()

    def globals_of(self, s, op):
        """The params of every active Global `op` (the Villain's first, then slots 1..6), a
        sequence the caller reads and does not change."""
        g = self.gmap.get(op)
        if g is None:
            return ()
        own = g.get(s.villain, ())
        if g.keys().isdisjoint(s.center):      # the common case: no Center card has this Global
            return own
        out = list(own)
        for c in s.center:
            if c in g:
                out.extend(g[c])
        return out

    def hand_size(self, s):
        sizes = [p["n"] for p in self.globals_of(s, "hand_size")]
        return min(sizes) if sizes else self.rules.hand_size

    def cost_of(self, s, cid, seat, mods=None):
        """The cost parts (colour, n, cursed) of defeating/acquiring `cid` now, with every
        modifier: Globals, Discoveries on the Villain, Anne Marie's Lessons. `mods`: the
        active cost_mod Globals when the caller has them already."""
        card = self.cards[cid]
        target = self.cost_target[cid]
        if target is None:
            return card.cost
        parts = list(card.cost)
        if target is not None:
            for p in (self.globals_of(s, "cost_mod") if mods is None else mods):
                if p["target"] == target:
                    parts.append((p["c"], p["n"], False))
        if target == "villain":
            for sd in s.on_villain:
                for op, p in self.cards[sd].play:
                    if op == "villain_cost":
                        parts.append((p["c"], p["n"], False))
        if target == "training":
            h = self.heroes[s.heroes[seat]]
            if h.ability == "lessons":
                for i, (c, n, cur) in enumerate(parts):
                    if c == "W":
                        parts[i] = (c, max(h.params["minimum"], n - h.params["discount"]), cur)
                        break
        return tuple(parts)

    def _hero_ability(self, s, seat):
        return self.heroes[s.heroes[seat]].ability

    # ------------------------------------------------------------------ decisions
    def build_decisions(self, s):
        if s.res is not None:
            return ()
        w = s.wait
        if w is None:
            a = s.active
            acts = tuple(self._turn_actions(s, a))
            return (_tuple_new(Decision, (a, "turn", acts, None, acts[-1], None, None, BUY_FREE, False, None)),)
        kind = w[0]
        if kind == "secret":
            a = s.active
            acts = tuple(("play", c) for c in self._distinct(s.hand[a]) if c in self.secret_set)
            return (Decision(a, "secret", acts, None, acts[0], None, None),)
        if kind == "pay":
            _, seat, t, parts, options = w
            acts = tuple(("pay", o) for o in options)
            return (Decision(seat, "pay", acts, None, acts[0], None, {"card": t, "parts": [list(p) for p in parts]},
                             free={"verb": "pay", "card": t}),)
        if kind in ("block", "protect"):
            win = s.window
            return tuple(win.decisions(lambda seat: self._window_actions(s, kind, seat)))
        if kind == "choose":
            _, seat, act, src, n, optional = w
            acts = [("card", c) for c in self._distinct(s.hand[seat])]
            if optional:
                acts.append(("none",))
            to, mt = self.win["choose"]
            return (Decision(seat, "choose", tuple(acts), to, acts[0], None,
                             {"act": act, "source": src, "n": n}, min_time=mt),)
        if kind == "feed":
            seat = w[1]
            acts = [("card", c) for c in self._distinct(s.hand[seat])]
            acts += [("center", i) for i, c in enumerate(s.center) if c is not None and self._feedable(c)]
            acts.append(("none",))
            return (Decision(seat, "feed", tuple(acts), None, ("none",), None, None),)
        if kind == "target":
            seat, maxc = w[1], w[2]
            acts = [("center", i) for i, c in enumerate(s.center)
                    if c is not None and self.cards[c].type == "minion" and
                    sum(n for _, n, _ in self.cost_of(s, c, seat)) <= maxc]
            acts.append(("none",))
            return (Decision(seat, "target", tuple(acts), None, acts[0], None, {"max_cost": maxc}),)
        if kind == "pass":
            sc = s.sealed
            return tuple(sc.decisions(lambda seat: tuple(("give", c) for c in self._distinct(s.hand[seat]))))
        if kind == "reroll":
            _, seat, purpose, arg, face = w
            to, mt = self.win["reroll"]
            return (Decision(seat, "reroll", (("reroll",), ("accept",)), to, ("accept",), None,
                             {"purpose": purpose, "face": face}, min_time=mt),)
        if kind == "hero":
            seat = w[1]
            acts = tuple(("hero", h) for h in s.offers)
            return (Decision(seat, "hero", acts, None, acts[0], None, None),)
        raise AssertionError(f"unknown wait {w!r}")

    def _distinct(self, cards, as_action=None):
        """One card of each key, in hand order (copies of a card are the same choice); with
        `as_action` ({card: action}), the action of each instead."""
        key = self.key
        seen = {}
        for c in cards:
            k = key[c]
            if k not in seen:
                seen[k] = c
        if as_action is None:
            return list(seen.values())
        return list(map(as_action.__getitem__, seen.values()))

    def _feedable(self, c):
        """TE-055: the Hungry Dead may not Destroy a Minion or a Global card in the Center Line."""
        card = self.cards[c]
        return card.type != "minion" and not card.globals

    def _turn_actions(self, s, a):
        hand = s.hand[a]
        acts = self._distinct(hand, self.play_act) if hand else []
        if s.pool:
            acts.extend(map(self.buy_act.__getitem__, self.buy_targets(s, a)))
        if s.remains[a]:
            for c in s.remains[a]:
                if c in self.destroy_once and c not in s.flags and hand:
                    acts.append(("use", c))
        if not (s.coop and not self.minion_ids.isdisjoint(hand)):    # TE-090b
            acts.append(("end",))
        return acts

    def on_offer(self, center, tops, villain, flags) -> list:
        """What a purchase may take (TE-050), affordable or not: the Center Line (no Ally
        under Selena's "no_allies"), the Training tops, the Hungry Dead, the face-up
        Villain; empty slots stay as None. Pure: the AI asks it of a view too."""
        if "no_allies" in flags:
            allies = self.ally_ids
            center = [c for c in center if c not in allies]
        return [*center, *tops, self.data.hungry_dead, villain]

    def buy_targets(self, s, a):
        """Cards `a` can pay for now (TE-050): the Center Line, Training tops, the Hungry Dead,
        the face-up Villain (on_offer's order). Whether a pool pays a printed cost depends on
        the pool's tallies alone: _payable_with answers every card at once per tally (random
        play meets a few hundred tallies in a thousand games), so most calls are one set
        filter; a cost a modifier touches is asked of payment.feasible_split (memoized)."""
        pool = s.pool
        if not pool:
            return []
        e0 = e1 = e2 = 0
        silver = None
        for col, n, _src, _w in pool:
            if col == "C":
                e0 += n
            elif col == "U":
                e1 += n
            elif col == "S":
                e2 += n
            elif silver is None:
                silver = [n]
            else:
                silver.append(n)
        if silver is None:
            silver = ()
            have = e0 + e1 + e2
        else:
            silver = tuple(sorted(silver, reverse=True))
            have = e0 + e1 + e2 + sum(silver)
        if have < self.cheapest:                  # a quarter of the calls in random play
            return []
        got = self._payable.get((e0, e1, e2, silver))
        payable, modified = self._payable_with(e0, e1, e2, silver, have) if got is None else got
        cands = self.on_offer(s.center, [v[-1] for v in s.training.values() if v], s.villain, s.flags)
        # the price modifiers in force: cost_mod Globals, Discoveries on the Villain, Lessons
        mods = self.globals_of(s, "cost_mod")
        modded = {p["target"] for p in mods} if mods else ()
        if s.on_villain:
            modded = {*modded, "villain"}
        if self.heroes[s.heroes[a]].ability == "lessons":
            modded = {*modded, "training"}
        if not modded:
            return list(filter(payable.__contains__, cands))
        out = []
        target = self.cost_target
        price = self.price
        for c in cands:
            if c is None:
                continue
            t = target[c]
            if t not in modded:
                if c in payable:
                    out.append(c)
                continue
            total = price[c]
            if not total or (total > have and t != "training"):
                continue
            parts = self.cost_of(s, c, a, mods)
            ok = modified.get(parts)
            if ok is None:
                ok = modified[parts] = P.feasible_split((e0, e1, e2), silver, parts)
            if ok:
                out.append(c)
        return out

    def _payable_with(self, e0, e1, e2, silver, have):
        """For a pool of these tallies (exact units per colour, Silver orbs by size; `have`
        units in all), found in buy_targets' memo from now on: the ids of every card whose
        printed cost it pays, and a memo {modified cost: does it pay}. Both pure in the
        tallies, so kept for the ruleset's life (bounded)."""
        if len(self._payable) > 5_000:
            self._payable.clear()
        exact = (e0, e1, e2)
        ids = []
        for cost, total, same, need in self.printed_costs:
            if total > have:
                continue
            if need is None or silver:
                ok = P.feasible_split(exact, silver, cost)
            else:                                 # feasible_split's own reading, unrolled
                n0, n1, n2, w = need
                ok = n0 <= e0 and n1 <= e1 and n2 <= e2 and (not w or max(e0 - n0, e1 - n1, e2 - n2) >= w)
            if ok:
                ids += same
        got = self._payable[e0, e1, e2, silver] = (frozenset(ids), {})
        return got

    @staticmethod
    def _plain_need(cost):
        """A cost as (C, U, S units, the units of its one Silver part or 0), or None when it has
        two Silver parts: what a pool without Silver orbs must hold to pay it."""
        need = [0, 0, 0]
        silver = [n for col, n, _cur in cost if col == "W"]
        for col, n, _cur in cost:
            if col != "W":
                need[P._IDX[col]] += n
        return None if len(silver) > 1 else (*need, silver[0] if silver else 0)

    # -- paying: the payer names the units (TE-051, TE-083) ---------------------------------
    def is_legal(self, s, seat, action) -> bool:
        """Listed, or a payment the seat names itself: ("buy", card, payment) at its main
        decision, ("pay", payment) when asked how to pay."""
        if s.res is not None or not isinstance(action, tuple) or not action:
            return False
        decs = self.decisions(s)
        if any(d.seat == seat and action in d.actions for d in decs):
            return True
        w = s.wait
        if w is None and seat == s.active and len(action) == 3 and action[0] == "buy":
            t = action[1]
            return (t in self.buy_targets(s, seat)
                    and P.payment_problem(s.pool, self.cost_of(s, t, seat), action[2]) is None)
        if w is not None and w[0] == "pay" and seat == w[1] and len(action) == 2 and action[0] == "pay":
            return P.payment_problem(s.pool, w[3], action[1]) is None
        return False

    def sources_matter(self, s, target):
        """The colours in which which card pays a unit can change a later Destroy this turn:
        those of the Cursed parts of the other cards on offer (TE-080)."""
        cursed = self.cursed_cols
        out = frozenset()
        for c in (s.villain, *s.center):
            if c is not None and c != target and c in cursed:
                out = out | cursed[c]
        return out

    def payment_options(self, s, seat, target, parts):
        """The payments offered for `parts` now (payment.payment_options), the suggested first:
        a Silver part tries the colour held most first, a Cursed part the cheapest card."""
        live = self._live(s, seat)
        pool = [o if o[2] is None or o[2] in live else (o[0], o[1], None, o[3]) for o in s.pool]
        return P.payment_options(pool, parts, self.key.get, self.sources_matter(s, target),
                                 price=self.price.get, prefer=self._prefer(s))

    def _live(self, s, seat):
        """The cards a Cursed part paid by their units would Destroy: those still in play or
        Remains (a card already Destroyed leaves its other units in the pool, TE-082)."""
        return set(s.play[seat]) | set(s.remains[seat])

    def _source_key(self, s, seat):
        """A pool unit's kind of source for payment.quick_ways: its card's kind, or None for
        no card or a card already gone (it would Destroy nothing)."""
        key = self.key
        if "destroyed" not in s.flags:        # nothing Destroyed this turn: every source is live
            return key.__getitem__
        live = None

        def kind(src):
            nonlocal live
            if live is None:
                live = self._live(s, seat)
            return key[src] if src in live else None
        return kind

    def _prefer(self, s):
        """The colours a Silver part tries, the one the pool holds most first."""
        held = {c: 0 for c in COLS}
        for col, n, _src, _w in s.pool:
            if col in held:
                held[col] += n
        return sorted(COLS, key=lambda c: -held[c])

    # -- windows: who may answer (public information only) --------------------------------
    def _privately_owned(self, s, ids):
        """Is some card of `ids` in a hand or a deck (where no one else sees it)?"""
        hand, deck = s.hand, s.deck
        for seat in range(s.n):
            if not ids.isdisjoint(hand[seat]) or not ids.isdisjoint(deck[seat]):
                return True
        return False

    def _block_seats(self, s, victims):
        private = None
        out = []
        for v in victims:
            if v == s.active:
                if s.uses[0] > 0:
                    out.append(v)
                continue
            if s.hand[v]:
                if private is None:
                    private = self._privately_owned(s, self.block_ids)
                if private:
                    out.append(v)
        return out

    def _protect_seats(self, s):
        private = None
        out = []
        n = s.n
        for i in range(n):
            seat = (s.active + i) % n
            ok = False
            if seat == s.active and s.uses[1] > 0:
                ok = True
            elif self._hero_ability(s, seat) == "warden" and "warden" not in s.flags:
                ok = True
            elif not self.protect_once_ids.isdisjoint(s.remains[seat]) and any(
                    c in self.protect_once_ids and c not in s.round_used for c in s.remains[seat]):
                ok = True
            elif seat != s.active and s.hand[seat]:
                if private is None:
                    private = self._privately_owned(s, self.protect_ids)
                ok = private
            if ok:
                out.append(seat)
        return out

    def _window_actions(self, s, kind, seat):
        acts = []
        if kind == "block":
            if seat == s.active:
                if s.uses[0] > 0:
                    acts.append(("block", "played"))
            else:
                acts += [("block", c) for c in self._distinct(s.hand[seat]) if c in self.block_ids]
            return acts
        if seat == s.active and s.uses[1] > 0:
            acts.append(("protect", "played"))
        if self._hero_ability(s, seat) == "warden" and "warden" not in s.flags:
            acts.append(("protect", "warden"))
        for c in s.remains[seat]:
            if self.cards[c].ability == "protect_once" and c not in s.round_used:
                acts.append(("protect", c))
        if seat != s.active:
            acts += [("protect", c) for c in self._distinct(s.hand[seat]) if c in self.protect_ids]
        return acts

    # ------------------------------------------------------------------ apply
    def apply(self, s, seat, action):
        if s.res is not None:
            raise IllegalAction("the game is over")
        decs = self.decisions(s)
        mine = None
        for d in decs:
            if d.seat == seat and action in d.actions:
                mine = d
                break
        if mine is None and isinstance(action, tuple) and self.is_legal(s, seat, action):
            mine = next(d for d in decs if d.seat == seat and d.free is not None)    # a named payment
        if mine is None:
            raise IllegalAction(f"{action!r} is not a legal answer for seat {seat} now")
        ev = []
        s.dec = None
        self._answers[mine.kind](s, seat, action, ev)
        self._run(s, ev)
        if s.ghosts:
            s.ghosts = [g for g in s.ghosts if g[0] in s.hand[g[2]]]
        return ev

    def _on_turn(self, s, a, action, ev):
        verb = action[0]
        if verb == "play":
            self._play(s, a, action[1], ev)
        elif verb == "buy":
            t = action[1]
            ev.append(_E("buy", {"seat": a, "card": t}))
            parts = tuple(self.cost_of(s, t, a))
            if len(action) == 3:                  # the units named (TE-051, TE-083)
                self._pay(s, a, t, parts, action[2], ev)
            else:
                s.tasks.append(("pay", a, t, parts, ()))
        elif verb == "use":
            c = action[1]
            s.flags.add(c)
            self.log(ev, "use", seat=a, card=c)
            self.push(s, ("hit", a, c, "destroy", 1, False))
        else:
            ev.append(_E("end_turn", {"seat": a}))
            self.push(s, ("roam_begin",), ("end_globals",), ("cleanup",))

    def _play(self, s, a, c, ev):
        card = self.cards[c]
        s.hand[a].remove(c)
        if card.group == "secret":
            s.crypt.append(c)                  # TE-040: it Destroys itself (never Protected)
            ev.append(_E("move", {"card": c, "src": f"hand:{a}", "dst": "crypt", "why": "secret"}))
        elif card.remains:
            s.remains[a].append(c)
            ev.append(_E("move", {"card": c, "src": f"hand:{a}", "dst": f"remains:{a}"}))
        else:
            s.play[a].append(c)
            ev.append(_tuple_new(Event, ("move", {"card": c, "src": self.Z_HAND[a], "dst": self.Z_PLAY[a]}, None)))
        if c in self.simple:                    # nothing that waits: run at once (hot path)
            for op, p in card.play:
                EFFECTS[op].run(self, s, a, c, p, "play", ev)
        else:
            self._effects(s, a, c, "play", card.play)

    def _effects(self, s, seat, c, ctx, effects):
        if effects:
            self.push(s, *[("eff", seat, c, ctx, op, p) for op, p in effects])

    def _on_secret(self, s, a, action, ev):
        s.wait = None
        self.push(s, ("secrets",))             # after this Secret's Discovery has resolved
        self._play(s, a, action[1], ev)

    def _on_hero(self, s, seat, action, ev):
        h = action[1]
        other = [x for x in s.offers if x != h][0]
        s.heroes[seat] = h
        s.heroes_left.append(other)
        s.rng.stream("heroes").shuffle(s.heroes_left)
        s.offers = []
        s.wait = None
        ev.append(_E("hero", {"seat": seat, "hero": h}))
        if seat + 1 < s.n:
            self._offer(s, seat + 1)
        else:
            self._deal(s)
            for e in self.opening_events(s):
                ev.append(e)

    def _on_pay(self, s, seat, action, ev):
        _, _, t, parts, _options = s.wait
        s.wait = None
        self._pay(s, seat, t, parts, action[1], ev)

    def _pay(self, s, seat, t, parts, payment, ev):
        """Spend the named units and gain the card; the cards that paid a Cursed part are
        Destroyed after it (TE-080, TE-097)."""
        pool = s.pool
        for (_pc, _pn, cur), (colour, draws) in zip(parts, payment):
            if cur:
                for i, n in draws:
                    ev.append(_E("spend", {"seat": seat, "colour": colour, "n": n, "source": pool[i][2],
                                           "cursed": True}))
        s.pool, destroyed, paid = P.apply_payment(pool, parts, payment)
        ev.append(_E("paid", {"seat": seat, "card": t, "parts": [list(p) for p in paid]}))
        s.tasks.append(("gain_card", seat, t, destroyed))

    def _on_block(self, s, seat, action, ev):
        win = s.window
        win.answer(seat, action)
        if action != PASS:
            what = action[1]
            if what == "played":
                s.uses[0] -= 1
            else:
                s.hand[seat].remove(what)
                s.discard[seat].append(what)
                ev.append(_E("move", {"card": what, "src": f"hand:{seat}", "dst": f"discard:{seat}", "why": "block"}))
            self.log(ev, "blocked", seat=seat, card=what)
        if not win.open:
            task = s.wait[1]
            blocked = {x for x, _ in win.reacted}
            s.window = None
            s.wait = None
            _, origin, card, act, n, victims, _k = task
            self.push(s, *[("hit", v, card, act, n, False) for v in victims if v not in blocked])

    def _on_protect(self, s, seat, action, ev):
        win = s.window
        _, c, zone = s.wait
        if action == PASS:
            win.answer(seat, action)
            if not win.open:
                s.window = None
                s.wait = None
                self.push(s, ("do_destroy", c, zone))
            return
        win.close()
        s.window = None
        s.wait = None
        what = action[1]
        if what == "played":
            s.uses[1] -= 1
        elif what == "warden":
            s.flags.add("warden")
        elif what in s.remains[seat]:
            s.round_used.add(what)
        else:
            s.hand[seat].remove(what)
            s.discard[seat].append(what)
            ev.append(_E("move", {"card": what, "src": f"hand:{seat}", "dst": f"discard:{seat}", "why": "protect"}))
        ev.append(_E("protect", {"seat": seat, "by": what, "card": c, "zone": list(zone)}))

    def _on_choose(self, s, seat, action, ev):
        _, v, act, src, n, optional = s.wait
        s.wait = None
        if action[0] == "none":
            return
        c = action[1]
        if n > 1:
            self.push(s, ("hit", v, src, act, n - 1, optional))
        self._hit_card(s, v, c, act, ev, optional or src in self.destroy_once)

    def _hit_card(self, s, v, c, act, ev, chosen=False):
        """`chosen`: the Hero chose to Destroy it ("you may Destroy", the Burying Ground), not
        a Destroy done to them (a Strike, the Cursed Wound)."""
        if act == "discard":
            s.hand[v].remove(c)
            s.discard[v].append(c)
            ev.append(_E("move", {"card": c, "src": f"hand:{v}", "dst": f"discard:{v}", "why": "discard"}))
        else:
            self.push(s, ("destroy", c, ("hand", v), "chosen" if chosen else "hit"))

    def _on_feed(self, s, seat, action, ev):
        s.wait = None
        if action[0] == "card":
            self.push(s, ("destroy", action[1], ("hand", seat), "feed"))
        elif action[0] == "center":
            i = action[1]
            self.push(s, ("destroy", s.center[i], ("center", i), "feed"), ("refill",))

    def _on_target(self, s, seat, action, ev):
        s.wait = None
        if action[0] == "center":
            i = action[1]
            c = s.center[i]
            ev.append(_E("defeat", {"seat": seat, "card": c, "free": True}))
            self.push(s, ("gain_card", seat, c, ()))

    def _on_pass(self, s, seat, action, ev):
        sc = s.sealed
        sc.commit(seat, action)              # its own events would reveal the picks: ours instead
        ev.append(_E("sealed", {"seat": seat, "choice": "pass"}))
        ev.append(_E("sealed_own", {"seat": seat, "choice": "pass", "action": list(action)}, (seat,)))
        if sc.revealed:
            n = s.n
            for giver, (_, c) in sorted(sc.picks.items()):
                s.hand[giver].remove(c)
            for giver, (_, c) in sorted(sc.picks.items()):
                to = (giver + 1) % n
                s.hand[to].append(c)
                ev.append(_E("passed", {"from": giver, "to": to, "card": c}, (giver, to) if giver != to else (giver,)))
                if n > 2:
                    s.ghosts.append((c, giver, to))
            ev.append(_E("passed", {"seats": sorted(sc.picks)}))
            s.sealed = None
            s.wait = None

    def _on_reroll(self, s, seat, action, ev):
        _, sara, purpose, arg, face = s.wait
        s.wait = None
        if action[0] == "reroll":
            s.flags.add("reroll")
            face = self.faces[s.rng.stream("omen", purpose).below(len(self.faces))]
            ev.append(_E("roll", {**self._roll_data(sara, purpose, arg, face), "reroll": True}))
        self.push(s, ("omen_apply", purpose, arg, face))

    # ------------------------------------------------------------------ the task runner
    def _run(self, s, ev):
        tasks = s.tasks
        run = self._tasks
        while s.res is None and s.wait is None and tasks:
            t = tasks.pop()
            run[t[0]](s, t, ev)
        if s.res is not None:
            s.tasks = []
            s.wait = None
            s.window = None
            s.sealed = None
        s.dec = None

    def _t_turn_start(self, s, t, ev):
        a = s.active
        s.turn += 1
        s.flags = set()
        s.pool = []
        s.uses = [0, 0]
        s.addressed = s.moved = None
        for c in s.remains[a]:
            s.round_used.discard(c)
        ev.append(_E("turn", {"seat": a, "turn": s.turn}))
        todo = []
        if s.coop and a == s.first:           # TE-090c: an Omen roll per Minion in the Center Line
            for c in s.center:
                if c is not None and self.cards[c].type == "minion":
                    todo.append(("omen", "minion", c))
        for p in self.globals_of(s, "shadow_when"):
            if p["when"] == "start_turn":
                todo.append(("omen", "shadow", tuple(p["roll"])) if "roll" in p else ("shadow_top", s.villain))
        if self.globals_of(s, "roaming_at_start"):
            todo.append(("roam_begin",))
        todo += [("income",), ("secrets",)]
        self.push(s, *todo)

    def _t_income(self, s, t, ev):
        a = s.active
        h = self.heroes[s.heroes[a]]
        if h.ability == "builtin_gain":            # Inspector Cooke: no source card (TE-045)
            self.gain(s, a, h.params["c"], h.params["n"], None, ev)
        for c in s.remains[a]:                     # TE-021 Remains in Play: every turn
            self._effects(s, a, c, "play", self.cards[c].play)

    def _t_secrets(self, s, t, ev):
        """TE-040: Dark Secrets are played first, one at a time; all are alike, so there is
        nothing to choose and they are played for the player."""
        a = s.active
        for c in s.hand[a]:
            if c in self.secret_set:
                self.push(s, ("secrets",))
                self._play(s, a, c, ev)
                return

    def _t_eff(self, s, t, ev):
        _, seat, c, ctx, op, p = t
        EFFECTS[op].run(self, s, seat, c, p, ctx, ev)

    def _t_pay(self, s, t, ev):
        _, seat, target, parts, _ = t
        ways = P.quick_ways(s.pool, parts, self._source_key(s, seat), lambda: self.sources_matter(s, target))
        if ways is not None and len(ways) == 1:        # one outcome: the hot path of random play
            parts = ways[0]
            s.pool = P.pay_plain(s.pool, parts)
            ev.append(_E("paid", {"seat": seat, "card": target, "parts": [list(p) for p in parts]}))
            s.tasks.append(("gain_card", seat, target, ()))
            return
        if ways is not None:
            options = [P.plain_payment(s.pool, w) for w in ways]
        else:
            options = self.payment_options(s, seat, target, parts)
        if len(options) == 1:
            self._pay(s, seat, target, parts, options[0], ev)
        else:
            s.wait = ("pay", seat, target, parts, tuple(options))

    def _t_gain_card(self, s, t, ev):
        _, a, c, destroyed = t
        card = self.cards[c]
        todo = []
        if card.group == "villain":                # TE-060: Fight, tucked under the Hero
            s.villain = None
            s.won[a].append(c)
            s.flags.add("villain_defeated")
            ev.append(_E("villain_defeated", {"seat": a, "card": c}))
            for sd in s.on_villain:
                s.crypt.append(sd)
            s.on_villain = []
            if self.rules.heroes_win_immediately_on_last_villain and not s.vstack:
                self._finish(s, True, ev)
                return
            todo += [("eff", a, c, "fight", op, p) for op, p in card.fight]
            todo += [("honor", a)] * self.rules.villain_honor
        elif card.group == "common":               # the Hungry Dead stays in the supply
            self._minion_defeated(s, a, ev)
            todo += [("eff", a, c, "fight", op, p) for op, p in card.fight]
        elif card.group == "training":
            stack = s.training[card.key]
            stack.remove(c)
            s.discard[a].append(c)
            ev.append(_E("move", {"card": c, "src": f"training:{card.key}", "dst": f"discard:{a}"}))
        else:
            i = s.center.index(c)
            s.center[i] = None
            if card.key == "lightning_strike":        # TE-054: never acquired
                self.to_shadows(s, c, f"center:{i + 1}", ev)
                todo.append(("refill",))
            else:
                s.discard[a].append(c)
                ev.append(_E("move", {"card": c, "src": f"center:{i + 1}", "dst": f"discard:{a}"}))
                todo.append(("refill",))               # TE-053 at once
                if card.type == "minion":
                    self._minion_defeated(s, a, ev)
                todo += [("eff", a, c, "fight", op, p) for op, p in card.fight]
                todo += [("eff", a, c, "acquire", op, p) for op, p in card.acquire]
                if card.type == "ally":
                    for p in self.globals_of(s, "shadow_when"):
                        if p["when"] == "ally_acquired":
                            todo.append(("shadow_top", s.villain))
                    h = self.heroes[s.heroes[a]]
                    if h.ability == "lessons" and h.params["ally_draw"] and "lessons" not in s.flags:
                        s.flags.add("lessons")
                        self.draw(s, a, h.params["ally_draw"], ev)
        for src in destroyed:                          # TE-080: Cursed sources
            zone = ("play", a) if src in s.play[a] else ("remains", a) if src in s.remains[a] else None
            if zone is not None:
                todo.append(("destroy", src, zone, "cursed"))
        if todo:
            self.push(s, *todo)

    def _t_honor(self, s, t, ev):
        self.gain_honor(s, t[1], ev)

    def _minion_defeated(self, s, a, ev):
        s.flags.add("minion_defeated")
        h = self.heroes[s.heroes[a]]
        if h.ability == "minion_bonus" and "marksman" not in s.flags:
            s.flags.add("marksman")
            self.gain(s, a, h.params["c"], h.params["n"], None, ev)

    # -- Destroy and Protect (TE-028, TE-029, TE-065)
    def _t_destroy(self, s, t, ev):
        _, c, zone, reason = t
        if not self._in_zone(s, c, zone):
            return
        card = self.cards[c]
        if card.group not in ("secret", "discovery") and card.key != "lightning_strike":
            seats = self._protect_seats(s)
            if reason in CHOSEN:                  # a Destroy the Heroes chose is not one to react to
                chooser = zone[1] if zone[0] == "hand" else s.active
                seats = [] if s.coop else [x for x in seats if x != chooser]
            if seats:
                to, mt = self.win["protect"]
                s.window = ReactionWindow("protect", seats, order="all", timeout=to, min_time=mt,
                                          prompt={"card": c, "zone": list(zone), "reason": reason})
                s.wait = ("protect", c, zone)
                return
        self._t_do_destroy(s, ("do_destroy", c, zone), ev)

    def _in_zone(self, s, c, zone):
        where, k = zone
        if where == "center":
            return s.center[k] == c
        return c in getattr(s, where)[k]

    def _t_do_destroy(self, s, t, ev):
        _, c, zone = t
        if not self._in_zone(s, c, zone):
            return
        where, k = zone
        if where == "center":
            s.center[k] = None
        else:
            getattr(s, where)[k].remove(c)
        s.crypt.append(c)
        s.flags.add("destroyed")
        ev.append(_E("move", {"card": c, "src": f"{where}:{k + 1 if where == 'center' else k}", "dst": "crypt",
                              "why": "destroy"}))

    # -- the Center Line (TE-053, TE-079, TE-G18)
    def _t_refill(self, s, t, ev):
        for i, c in enumerate(s.center):
            if c is None:
                new = self.top_main(s, ev)
                if new is None:
                    return
                s.center[i] = new
                if s.addressed is not None:
                    s.addressed.add(i)            # TE-076: this slot has been addressed
                ev.append(_E("move", {"card": new, "src": "main", "dst": f"center:{i + 1}"}))
                self.push(s, ("mystery", i, new), ("refill",))
                return

    def _t_mystery(self, s, t, ev):
        _, i, c = t
        card = self.cards[c]
        if not card.mystery:
            return
        self.log(ev, "mystery", card=c, slot=i + 1)
        todo = [("eff", s.active, c, "mystery", op, p) for op, p in card.mystery]
        for p in self.globals_of(s, "shadow_when"):
            if p["when"] == "mystery":
                todo.append(("shadow_top", s.villain))
        self.push(s, *todo)

    def _t_lightning(self, s, t, ev):
        c = t[1]
        if c not in s.center:
            return
        i = s.center.index(c)
        todo = []
        if not self.globals_of(s, "lightning_harmless"):
            for j in (i - 1, i + 1):             # TE-079: both neighbours, left first
                if 0 <= j < self.slots and s.center[j] is not None:
                    todo.append(("destroy", s.center[j], ("center", j), "lightning"))
        todo.append(("lightning_away", c))
        self.push(s, *todo)

    def _t_lightning_away(self, s, t, ev):
        c = t[1]
        if c in s.center:
            i = s.center.index(c)
            s.center[i] = None
            self.to_shadows(s, c, f"center:{i + 1}", ev)
        # refill is already pending (the refill that brought the Strike goes on afterwards)

    def _t_shadow_top(self, s, t, ev):
        c = self.top_main(s, ev)
        if c is not None:
            self.to_shadows(s, c, "main", ev)

    # -- Strike / Block (TE-026, TE-027, TE-G06, TE-G14)
    def _t_strike(self, s, t, ev):
        _, origin, card, act, n, victims, kind = t
        self.log(ev, kind, seat=origin, card=card, act=act, victims=list(victims))
        seats = self._block_seats(s, victims)
        if seats:
            to, mt = self.win["block"]
            s.window = ReactionWindow("block", seats, order="all", timeout=to, min_time=mt,
                                      prompt={"card": card, "act": act, "n": n, "kind": kind})
            s.wait = ("block", t)
            return
        self.push(s, *[("hit", v, card, act, n, False) for v in victims])

    def _t_hit(self, s, t, ev):
        _, v, src, act, n, optional = t
        hand = s.hand[v]
        if not hand:
            return
        distinct = self._distinct(hand)
        if len(distinct) == 1 and not optional:
            if n > 1:
                self.push(s, ("hit", v, src, act, n - 1, optional))
            self._hit_card(s, v, distinct[0], act, ev, src in self.destroy_once)
            return
        s.wait = ("choose", v, act, src, n, optional)

    def _t_feed(self, s, t, ev):
        s.wait = ("feed", t[1])

    def _t_free_defeat(self, s, t, ev):
        s.wait = ("target", t[1], t[3])

    def _t_poltergeist(self, s, t, ev):
        seats = [x for x in range(s.n) if s.hand[x]]     # TE-098: an empty hand passes nothing
        if not seats:
            return
        to, _mt = self.win["pass"]
        s.sealed = SealedChoice("pass", seats, timeout=to)
        s.wait = ("pass",)

    def _t_discovery(self, s, t, ev):
        seat = t[1]
        if not s.sdeck:
            back = [c for c in s.crypt if self.cards[c].group == "discovery"]
            if not back:
                return
            s.crypt = [c for c in s.crypt if self.cards[c].group != "discovery"]
            s.sdeck = back
            s.rng.stream("discoveries").shuffle(s.sdeck)
        sd = s.sdeck.pop()
        card = self.cards[sd]
        ev.append(_E("reveal", {"seat": seat, "card": sd, "zone": "discoveries"}))
        # it sits where it ends up while it resolves: on the Villain, or Destroyed (TE-G07)
        if card.stays and s.villain is not None:
            s.on_villain.append(sd)
            ev.append(_E("move", {"card": sd, "src": "discoveries", "dst": "villain"}))
        else:
            s.crypt.append(sd)
        self.push(s, *[("eff", seat, sd, "discovery", op, p) for op, p in card.play])

    # -- the Omen Die (TE-003) with Power of Light (TE-096)
    def _t_omen(self, s, t, ev):
        _, purpose, arg = t
        face = self.faces[s.rng.stream("omen", purpose).below(len(self.faces))]
        ev.append(_E("roll", self._roll_data(s.active, purpose, arg, face)))
        bad = face == 0 if purpose == "minion" else face in arg
        if bad and "reroll" not in s.flags:
            for seat in range(s.n):
                if self._hero_ability(s, seat) == "reroll_omen":
                    s.wait = ("reroll", seat, purpose, arg, face)
                    return
        self._t_omen_apply(s, ("omen_apply", purpose, arg, face), ev)

    @staticmethod
    def _roll_data(seat, purpose, arg, face) -> dict:
        """A roll event's data; a Minion's roll (TE-090c) names the Minion it is for, so
        the chronicle can say which one."""
        data = {"seat": seat, "purpose": purpose, "face": face}
        if purpose == "minion":
            data["card"] = arg
        return data

    def _t_omen_apply(self, s, t, ev):
        _, purpose, arg, face = t
        if purpose == "minion":
            if face == 0 and arg in s.center:
                i = s.center.index(arg)
                s.center[i] = None
                self.to_shadows(s, arg, f"center:{i + 1}", ev)
                self.push(s, ("refill",))
        elif face in arg:
            self._t_shadow_top(s, t, ev)

    # -- end of turn (TE-070, TE-075, TE-076)
    def _t_roam_begin(self, s, t, ev):
        if self.roaming_ids.isdisjoint(s.center):
            return
        s.addressed, s.moved = set(), set()
        self.push(s, *[("roam", i) for i in range(self.last, -1, -1)], ("roam_end",))

    def _t_roam(self, s, t, ev):
        i = t[1]
        c = s.center[i]
        if c is None or not self.cards[c].roaming or c in s.moved or i in s.addressed:
            return
        s.moved.add(c)
        if i == self.last:
            s.center[i] = None
            s.addressed.add(i)
            ev.append(_E("roam", {"card": c, "from": i + 1, "to": "shadows"}))
            self.to_shadows(s, c, f"center:{i + 1}", ev)
            todo = [("shadow_top", s.villain)] * len(self.globals_of(s, "roaming_extra_shadow"))
            self.push(s, *todo, ("refill",))
        else:
            s.center[i], s.center[i + 1] = s.center[i + 1], c
            ev.append(_E("roam", {"card": c, "from": i + 1, "to": i + 2}))

    def _t_roam_end(self, s, t, ev):
        s.addressed = s.moved = None

    def _t_end_globals(self, s, t, ev):
        todo = []
        for p in self.globals_of(s, "shadow_when"):
            if p["when"] != "end_turn":
                continue
            unless = p.get("unless")
            if unless == "minion_defeated" and "minion_defeated" in s.flags:
                continue
            if unless == "card_destroyed" and "destroyed" in s.flags:
                continue
            todo.append(("omen", "shadow", tuple(p["roll"])) if "roll" in p else ("shadow_top", s.villain))
        if todo:
            self.push(s, *todo)

    def _t_cleanup(self, s, t, ev):
        a = s.active
        disc = s.discard[a]
        played = s.play[a]
        disc.extend(played)
        disc.extend(s.hand[a])
        ev.append(_E("cleanup", {"seat": a, "played": played, "hand": len(s.hand[a])}))
        s.play[a] = []                            # a new list: the event keeps the old one
        s.hand[a] = []
        s.pool = []
        s.uses = [0, 0]
        self.draw(s, a, self.hand_size(s), ev)        # TE-G17: up to the limit
        if s.villain is None:
            if not s.vstack:
                self._finish(s, True, ev)
                return
            s.villain = s.vstack.pop()                # TE-062
            ev.append(_E("reveal", {"card": s.villain, "zone": "villain"}))
        s.active = (a + 1) % s.n
        s.tasks.append(("turn_start",))

    # ------------------------------------------------------------------ the end
    def investigation(self, s, seat) -> int:
        K = self.cards
        total = 0
        for zone in (s.deck, s.hand, s.discard, s.play, s.remains, s.won):
            for c in zone[seat]:
                total += K[c].inv
        return total

    def _finish(self, s, heroes_won: bool, ev):
        n = s.n
        scores = tuple(self.investigation(s, i) for i in range(n))
        won = tuple(len(s.won[i]) for i in range(n))
        rw = self.rules.rewards
        ranks = []
        for i in range(n):
            better = sum(1 for j in range(n) if (scores[j], won[j]) > (scores[i], won[i]))
            ranks.append(1.0 - better / max(1, n - 1) if n > 1 else 1.0)
        if heroes_won:
            top = max(scores)
            tied = [i for i in range(n) if scores[i] == top]
            most = max(won[i] for i in tied)
            leaders = tuple(i for i in tied if won[i] == most)           # TE-G12
            if s.coop:
                winners = tuple(range(n))
                rewards = tuple(rw.coop_win_base + (1 - rw.coop_win_base) * ranks[i] for i in range(n))
                res = Result(winners, scores, "dark_gothic.result.heroes_win",
                             {"leaders": list(leaders), "villains": list(won)}, PLAYERS, rewards)
            else:
                # a Hero who did not lead still prefers "the Heroes won" to "the Villains won"
                rewards = tuple(1.0 if i in leaders else rw.competitive_loser_max * (0.34 + 0.66 * ranks[i])
                                for i in range(n))
                res = Result(leaders, scores, "dark_gothic.result.heroes_win",
                             {"villains": list(won)}, None, rewards)
        else:
            progress = sum(won) / 3.0
            rewards = tuple(rw.coop_loss_max * (0.5 * progress + 0.5 * ranks[i]) if s.coop else 0.0
                            for i in range(n))
            res = Result((), scores, "dark_gothic.result.shadows", {"villains": list(won)}, GAME, rewards)
        s.res = res
        ev.append(_E("game_over", {"winners": list(res.winners), "scores": list(scores), "side": res.side,
                                   "reason": res.reason}))
