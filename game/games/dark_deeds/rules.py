"""Dark Deeds rules (rulebook 000, CHECKLIST.md §1): the Ruleset protocol over `State`.

How a turn runs
---------------
The turn is a small state machine (core/dispatch.py's `Flow`, built in `__init__`).
`state.stage` names where it stands; settling runs the stage's `_st_<stage>` step (the
`stages` table) until a step needs a player's answer. Decision stages build their actions
in `build_decisions`; `apply` finds the seat's decision, runs the `_on_<kind>` answer the
`answers` table names for its kind, and settles again. Before every step, `_next_step`
settles two things that can happen in the middle of anything:
  1. the Most Suspicious Minion coin (`msm_dirty`), which may need the holder's tie-break;
  2. Dark Deeds: `facts` recorded in the active player's turn are matched against the
     Dark Deeds in their hand (at most one per phase; a choice if several are met).
Either may set `state.interrupt`, a decision answered before the flow goes on.

Stages, in turn order:
  turn_start -> target -> sneak_next -> [sneak_order] -> roll -> after_roll -> roll_check
  -> [foil_window] -> roll_result -> (sneak_next | loot_choice | street_end)
  -> tavern -> stock_start -> arrest -> advance -> discard -> turn_end -> turn_start | over
`sod_window` opens after a Plot aimed at one player; it then returns to `plot[4]`.

Every decision of the active player offers the Plots playable at that moment ("play",
card, *args) and one-use Loot ("use", card) beside its main choices (DD-021).

Reaction windows (DD-G04, DD-G16) are kernel windows (`game.core.windows.window_decisions`
over the seats still to answer, kept in `state.window`), asked seat by seat clockwise from the
active seat; who is asked depends on public information only, and every seat asked gets the
same timeout and minimum answer time — see rules.yaml `reaction_windows`.
"""
from __future__ import annotations

from ...core.dispatch import Flow, wait
from ...core.rules import (Event, IllegalAction, OptionSpec, OptionsError, Result, StateBackedRules,
                           new_decision)
from ...core.windows import PASS, window_decisions
from .data import GameData
from .effects import EFFECTS, TRIGGERS
from .setup import setup_state
from .state import (LOOT_TYPES, PLOT_ARGS, PLOT_BACK_TO, PLOT_CARD, PLOT_PLAYER, PLOT_TARGET, ROLL_FACES, ROLL_NEED,
                    ROLL_PURPOSE, ROLL_SUCCESS, ROLL_TARGET, ROLL_TOTAL, State)
from . import hidden as _hidden
from . import invariants as _invariants
from . import view as _view

# P(2d6 >= k) for k = 0..13 (DD-131); index with max(0, min(13, need - bonus)).
_P2 = [1.0] * 3 + [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= k) / 36 for k in range(3, 13)] + [0.0]


def p_success(need: int, bonus: int) -> float:
    k = need - bonus
    return 1.0 if k <= 2 else (0.0 if k > 12 else _P2[k])


# Events are built inline as `_tn(Event, (kind, data, to))`: Event(kind, data, to) without the
# NamedTuple's own constructor nor a helper call. A game makes about 4.5 events an action, and
# these two calls were 6 % of random play through the driver (simulate's games/s bar).
_tn = tuple.__new__


class DarkDeedsRules(StateBackedRules):
    id = "dark_deeds"
    # every chance outcome, by what is drawn (rules draw each from s.rng.stream(purpose, *key)):
    # the setup deal, the first player, a seat's 2d6 roll, a seat's Lay Low die, a deck
    # shuffled again from its discards (keyed by the deck's zone)
    chance_purposes = ("deal", "first_player", "roll", "lay_low", "reshuffle")

    def __init__(self, data: GameData):
        self.data = data
        r = data.rules
        self.rules = r
        self.min_players = r.players.min
        self.max_players = r.players.max
        self.cards = data.cards
        self.slots = r.street_slots
        self.hand_limit = r.hand_limit
        self.deeds_per_phase = r.deeds_per_phase
        self.windows = r.reaction_windows
        self.arrest_at = r.arrest_threshold
        self.faces = data.die_faces
        self.all_ids = tuple(data.cards)
        self.op_ids = {}
        for cid, c in data.cards.items():
            if c.kind == "plot":
                self.op_ids.setdefault(c.op, set()).add(cid)
        self.foil_ids = frozenset(self.op_ids.get("foil_roll", ()))
        self.sod_ids = frozenset(self.op_ids.get("cancel_plot", ()))
        self.reroll_ids = frozenset(self.op_ids.get("reroll", ()))
        self.kind = {cid: c.kind for cid, c in data.cards.items()}
        self.favour = {cid: c.favour for cid, c in data.cards.items()}
        self.deed_on = {cid: c.on for cid, c in data.cards.items() if c.kind == "deed"}
        self.deeds_on = {on: frozenset(c for c, o in self.deed_on.items() if o == on) for on in TRIGGERS}
        # zone names, precomputed for the hot path
        self.Z_STREET = [f"street:{i + 1}" for i in range(self.slots)]
        self.Z_HAND = [f"hand:{i}" for i in range(self.max_players)]
        self.Z_TAVERN = [f"tavern:{i}" for i in range(r.tavern_slots)]
        self.Z_SCORE = [f"score:{i}" for i in range(self.max_players)]
        self.Z_CHASE = [f"chasing:{i}" for i in range(self.max_players)]
        self.Z_LOOT_OF = [f"loot_of:{i}" for i in range(self.max_players)]
        self.Z_LOOT_UP = {t: [f"loot:{t}:{i}" for i in range(r.loot_face_up)] for t in LOOT_TYPES}
        self.Z_LOOT_DECK = {t: f"loot_deck:{t}" for t in LOOT_TYPES}
        self.Z_LOOT_DISCARD = {t: f"loot_discard:{t}" for t in LOOT_TYPES}
        self.Z_CHASER = {cid: f"chaser:{cid}" for cid in data.cards}      # the pawn on a chasing card
        self.own_turn_plots = frozenset(c for c, card in data.cards.items()
                                        if card.kind == "plot" and card.timing == "own_turn")
        self.own_turn_loot = frozenset(c for c, card in data.cards.items()
                                       if card.kind == "loot" and card.timing == "own_turn")
        self.key = {cid: c.key for cid, c in data.cards.items()}
        self.before_roll = frozenset(c for c, card in data.cards.items() if card.timing == "before_roll")
        self.cun = {cid: c.cunning for cid, c in data.cards.items() if c.kind == "loot"}
        self.str = {cid: c.strength for cid, c in data.cards.items() if c.kind == "loot"}
        # One way to dispatch (core/dispatch.py): stage -> automatic step,
        # decision kind -> answer, written out so grep finds every caller.
        stages = {
            "turn_start": self._st_turn_start, "target": self._st_target,
            "sneak_next": self._st_sneak_next, "sneak_order": self._st_sneak_next, "roll": self._st_roll,
            "after_roll": self._st_after_roll, "roll_check": self._st_roll_check,
            "foil_window": wait, "sod_window": wait, "roll_result": self._st_roll_result,
            "loot_choice": self._st_loot_choice, "street_end": self._st_street_end,
            "tavern": wait, "tavern_end": self._st_tavern_end, "stock_start": self._st_stock_start, "arrest": self._st_arrest,
            "advance": self._st_advance, "discard": self._st_discard, "turn_end": self._st_turn_end,
            "over": wait,
        }
        answers = {
            "target": self._on_target, "sneak_order": self._on_sneak_order, "roll": self._on_roll,
            "after_roll": self._on_after_roll, "reaction": self._on_reaction,
            "loot_choice": self._on_loot_choice, "tavern": self._on_tavern, "stock": self._on_stock,
            "discard": self._on_discard, "deed_choice": self._on_deed_choice,
            "msm_tiebreak": self._on_msm_tiebreak,
        }
        self._flow = Flow(answers, stages, self._next_step)
        self._accept_copy = self._canonical     # made once: apply passes it every action
        self._steps = self._flow.steps          # read at every step: one lookup, not two

    # ------------------------------------------------------------------ protocol basics
    def card(self, cid):
        return self.cards[cid]

    def card_json(self, cid) -> dict:
        return self.cards[cid].to_json()

    def target_info(self, view: dict, action) -> dict:
        """For the screen: what a ("target", ...) or Poach ("play", poach, card) action would
        mean for the viewing seat — the Guards to sneak past in order (chasers first, then the
        Street from slot 6), each with its exact odds, and the take-down odds (DD-131)."""
        me = view["seat"]
        seats = view["seats"]
        K = self.cards
        if action[0] == "target" and action[1] == "street":
            slot, tgt, where = action[2], view["street"][action[2] - 1], "street"
        elif action[0] == "target":
            slot, tgt, where = 0, action[2], "chasing"
        else:
            slot, tgt, where = 0, action[2], "poached"
        cun = sum(K[c].cunning for c in seats[me]["loot"])
        strength = sum(K[c].strength for c in seats[me]["loot"])
        guards = []
        if not (where == "chasing" and K[tgt].kind == "guard"):
            guards = [g for g in seats[me]["chasing"] if K[g].kind == "guard" and g != tgt]
        if where == "street":
            guards += [g for g in view["street"][slot:][::-1] if g is not None and K[g].kind == "guard"]
        steps = [{"card": g, "need": K[g].perception, "bonus": cun, "p": p_success(K[g].perception, cun)}
                 for g in guards]
        card = K[tgt]
        purpose = "rob" if card.is_citizen else "attack"
        need = card.perception if card.is_citizen else card.defence
        bonus = cun if card.is_citizen else strength
        p_guards = 1.0
        for st in steps:
            p_guards *= st["p"]
        p_take = p_success(need, bonus)
        return {"target": tgt, "where": where, "slot": slot, "purpose": purpose, "need": need,
                "bonus": bonus, "guards": steps, "p_guards": p_guards, "p_take": p_take,
                "p_all": p_guards * p_take, "favour": card.favour}

    def opening_events(self, s: State) -> list:
        """What setup showed: a dice roll-off for the first player (DD-G12) is logged roll by
        roll (each seat's 2d6, ties roll again), then who goes first and takes the coin."""
        ev: list = []
        for rnd in s.rolloff:
            for seat, faces in sorted(rnd.items(), key=lambda kv: int(kv[0])):
                self.log(ev, "rolloff", {"player": int(seat), "total": sum(faces),
                                         "faces": " + ".join(map(str, faces))})
        if s.first_mode == "rolloff" or isinstance(s.first_mode, int):
            self.log(ev, "first_player", {"player": s.first})
        return ev

    def text_params(self) -> dict:
        """The numbers the rules page quotes, from rules.yaml."""
        r = self.rules
        return {"arrest": r.arrest_threshold, "hand_limit": r.hand_limit, "deeds_per_phase": r.deeds_per_phase,
                "failed_guard": r.failed_guard_attack_suspicion}

    def default_options(self) -> dict:
        o = self.rules.options
        return {"first_player": o.first_player, "open_scores": o.open_scores}

    def option_specs(self) -> list:
        d = self.default_options()
        return [
            OptionSpec("first_player", "dark_deeds.option.first_player", "choice", d["first_player"],
                       (("random", "dark_deeds.option.first_player_random"),
                        ("rolloff", "dark_deeds.option.first_player_rolloff"))
                       + tuple((i, f"dark_deeds.option.first_player_seat{i + 1}") for i in range(self.max_players)),
                       help="dark_deeds.option.first_player_help"),
            OptionSpec("open_scores", "dark_deeds.option.open_scores", "flag", d["open_scores"],
                       help="dark_deeds.option.open_scores_help"),
        ]

    def validate_options(self, options: dict | None, players: int) -> dict:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionsError(f"Dark Deeds needs {self.min_players} to {self.max_players} players "
                               f"(you chose {players}).")
        out = self.default_options()
        for k, v in (options or {}).items():
            if k not in out:
                raise OptionsError(f"Dark Deeds has no option called {k!r} "
                                   f"(options: {', '.join(out)}).")
            out[k] = v
        fp = out["first_player"]
        if fp not in ("random", "rolloff") and not (isinstance(fp, int) and not isinstance(fp, bool)
                                                     and 0 <= fp < players):
            raise OptionsError(f"first_player must be \"random\", \"rolloff\" or a seat from 0 to {players - 1} "
                               f"(got {fp!r}).")
        if not isinstance(out["open_scores"], bool):
            raise OptionsError(f"open_scores must be true or false (got {out['open_scores']!r}).")
        return out

    def setup(self, players: int, options: dict | None, seed: int) -> State:
        opts = self.validate_options(options, players)
        s = setup_state(self, players, opts, seed)
        self._run(s, [])
        return s

    def perturb_hidden(self, s: State, seat, rng) -> State:
        """A copy differing only in what `seat` may not see (hidden.py), for the
        contract suite's indistinguishability check."""
        return _hidden.perturb_hidden(self, s, seat, rng)

    def view(self, s: State, seat):
        return _view.build_view(self, s, seat)

    def reveal_view(self, s: State) -> dict:
        """The spectator's view with every hand and Score Pile shown: a finished game's replay."""
        return _view.build_view(self, s, None, reveal=True)

    def invariants(self, s: State, before: State | None = None) -> list[str]:
        """What is broken in `s` (empty: nothing); with `before`, the state before the
        last action, also the step rules (Dark Deeds never discarded, hand limit after
        Take Stock). See invariants.py for the list."""
        return _invariants.check(self, s, before)

    # ------------------------------------------------------------------ decisions
    def build_decisions(self, s: State):
        it = s.interrupt
        if it is not None:
            kind, seat, opts = it
            if kind == "deed_choice":
                acts = tuple(("deed", c) for c in opts)
                return (new_decision((seat, kind, acts, None, acts[0], None, {"deeds": list(opts)},
                                  None, False, None)),)
            acts = tuple(("give", c) for c in opts)
            return (new_decision((seat, kind, acts, None, acts[0], None, {"tied": list(opts)}, None, False, None)),)
        st = s.stage
        a = s.active
        if st == "target":
            acts = [("target", "street", i + 1) for i, c in enumerate(s.street) if c is not None]
            acts += [("target", "chaser", c) for c in s.chasing[a]]
            poach = self._poach_actions(s, a)
            if poach and not acts:
                acts.append(("pass",))
            acts += poach
            acts += self._plays(s, a)
            return (new_decision((a, "target", tuple(acts), None, acts[0], None, None, None, False, None)),)
        if st == "roll":
            purpose, tgt, need = s.roll[ROLL_PURPOSE], s.roll[ROLL_TARGET], s.roll[ROLL_NEED]
            bonus = self.bonus(s, a, purpose)
            acts = [("roll",)] + self._roll_plays(s, a, purpose, tgt) + self._plays(s, a)
            prompt = {"purpose": purpose, "target": tgt, "need": need, "bonus": bonus,
                      "p": p_success(need, bonus)}
            return (new_decision((a, "roll", tuple(acts), None, ("roll",), None, prompt, None, False, None)),)
        if st == "after_roll":
            acts = [("accept",)] + [("play", c) for c in self._first_by_key(s.hands[a], "reroll")]
            r = s.roll
            prompt = {"purpose": r[ROLL_PURPOSE], "target": r[ROLL_TARGET], "need": r[ROLL_NEED],
                      "faces": list(r[ROLL_FACES]), "total": r[ROLL_TOTAL],
                      "success": r[ROLL_TOTAL] >= r[ROLL_NEED]}
            return (new_decision((a, "after_roll", tuple(acts), None, ("accept",), None, prompt,
                                  None, False, None)),)
        if st == "foil_window":
            r = s.roll
            prompt = {"window": "foiled", "active": a, "purpose": r[ROLL_PURPOSE], "target": r[ROLL_TARGET],
                      "total": r[ROLL_TOTAL], "need": r[ROLL_NEED]}
            return self._window_decisions(s, "foiled", s.window, self.foil_ids, prompt)
        if st == "sod_window":
            p = s.plot
            prompt = {"window": "sod_off", "player": p[PLOT_PLAYER], "card": p[PLOT_CARD],
                      "args": list(p[PLOT_ARGS])}
            return self._window_decisions(s, "sod_off", (p[PLOT_TARGET],), self.sod_ids, prompt)
        if st == "sneak_order":
            acts = [("sneak", g) for g in self._chasers_to_pass(s)] + self._plays(s, a)
            return (new_decision((a, "sneak_order", tuple(acts), None, acts[0], None, None,
                                  None, False, None)),)
        if st == "loot_choice":
            t = s.loot_type
            acts = [("loot", t, i) for i, c in enumerate(s.loot_up[t]) if c is not None]
            if s.loot_deck[t] or s.loot_discard[t]:
                acts.append(("loot_gamble", t))
            acts += self._plays(s, a)
            return (new_decision((a, "loot_choice", tuple(acts), None, acts[0], None, {"type": t},
                                  None, False, None)),)
        if st == "tavern":
            acts = [("tavern_take", i) for i, c in enumerate(s.tavern) if c is not None]
            if s.tavern_deck or s.tavern_discard:
                acts.append(("tavern_gamble",))
            acts.append(("lay_low",))
            acts += self._plays(s, a)
            return (new_decision((a, "tavern", tuple(acts), None, ("lay_low",), None, None,
                                  None, False, None)),)
        if st == "stock_start":
            acts = [("proceed",)] + self._plays(s, a)
            return (new_decision((a, "stock", tuple(acts), None, ("proceed",), None, None, None, False, None)),)
        if st == "discard":
            acts = [("discard", c) for c in self._distinct(s.hands[a], "plot")] + self._plays(s, a)
            prompt = {"hand": len(s.hands[a]), "limit": self.hand_limit}
            return (new_decision((a, "discard", tuple(acts), None, acts[0], None, prompt, None, False, None)),)
        return ()

    def _window_decisions(self, s, which, seats, ids, prompt):
        """A kernel reaction window over `seats` (chosen from public information): every
        seat asked gets the same clock and minimum answer time (rules.yaml
        `reaction_windows`), and passes by default when its time runs out; only the
        actions differ with what a seat holds, which only that seat sees."""
        w = self.windows
        # clockwise, each seat asked gets a clock of its own (full time, not what is left)
        clock = ("window", which) if w.order == "all" else ("window", which, seats[0])
        hands = s.hands
        only_pass, may_reply = (PASS,), (PASS, (which,))
        return tuple(window_decisions(
            "reaction", seats, w.order, lambda seat: only_pass if ids.isdisjoint(hands[seat]) else may_reply,
            timeout=w.timeout, min_time=w.min_time, clock=clock, prompt=prompt))

    # -- what may be played now ---------------------------------------------------------
    def _distinct(self, cards, kind):
        """One card per key among `cards` of `kind` (copies are interchangeable)."""
        seen = set()
        out = []
        K, KEY = self.kind, self.key
        for c in cards:
            if K[c] == kind:
                k = KEY[c]
                if k not in seen:
                    seen.add(k)
                    out.append(c)
        return out

    def _one_per_key(self, cards, allowed, seen: set):
        """The cards among `cards` that are in `allowed`, one per key (copies are
        interchangeable); `seen` holds the keys already offered and grows."""
        KEY = self.key
        for c in cards:
            if c in allowed:
                k = KEY[c]
                if k not in seen:
                    seen.add(k)
                    yield c

    def _first_by_key(self, hand, op):
        """The Plots with effect `op` in `hand`, one per key."""
        ids = self.op_ids.get(op)
        if not ids or ids.isdisjoint(hand):          # the usual case, answered in C
            return []
        return list(self._one_per_key(hand, ids, set()))

    def _plays(self, s: State, seat: int) -> list:
        """Own-turn Plots and one-use Loot playable now by the active player."""
        # two loops written out, not one over (cards, allowed) pairs or _one_per_key: asked
        # at almost every decision, and this form was measurably the cheapest (callgrind)
        out = []
        hand, loot = s.hands[seat], s.loot[seat]
        own, own_loot = self.own_turn_plots, self.own_turn_loot
        seen = None
        cards = self.cards
        for c in hand:
            if c not in own:
                continue
            card = cards[c]
            if seen is None:
                seen = set()
            elif card.key in seen:
                continue
            seen.add(card.key)
            choices = EFFECTS[card.op].choices
            for args in (choices(self, s, seat, c) if choices else [()]):
                out.append(("play", c) + tuple(args))
        for c in loot:
            if c not in own_loot:
                continue
            card = cards[c]
            if seen is None:
                seen = set()
            elif card.key in seen:
                continue
            seen.add(card.key)
            if EFFECTS[card.op].choices(self, s, seat, c):
                out.append(("use", c))
        return out

    def _poach_actions(self, s, a):
        plots = self._first_by_key(s.hands[a], "target_other_chaser")
        if not plots:
            return []
        return [("play", p, c) for p in plots for b in range(s.n) if b != a for c in s.chasing[b]]

    def _applies(self, card, purpose, tgt):
        p = card.effect_params
        if card.op == "auto_pass":
            return purpose == "sneak"
        if card.op != "roll_bonus" or purpose not in p["rolls"]:
            return False
        vs = p.get("vs")
        return vs is None or self.kind[tgt] == vs

    def _roll_plays(self, s, a, purpose, tgt):
        before = self.before_roll
        out = []
        seen = set()
        cards = self.cards
        for c in s.hands[a]:
            if c not in before:
                continue
            card = cards[c]
            if card.kind == "plot" and card.key not in seen and self._applies(card, purpose, tgt):
                seen.add(card.key)
                out.append(("play", c))
        for c in s.loot[a]:
            if c not in before:
                continue
            card = cards[c]
            if card.key not in seen and self._applies(card, purpose, tgt):
                seen.add(card.key)
                out.append(("use", c))
        return out

    def _could_hold(self, s, seat, ids, public=None) -> bool:
        """Could `seat` hold one of `ids` as far as the OTHER players can tell? Uses public
        information only, so asking (or not asking) a seat never tells anyone anything."""
        if len(s.hands[seat]) <= len(s.known[seat]):
            return False
        if public is None:
            public = self._public_count(s, ids)
        return public < len(ids)

    def _public_count(self, s, ids) -> int:
        """Copies of `ids` whose place every player knows (face up, discarded, known in a hand)."""
        held = ids.__contains__                  # counted in C: the discard pile grows all game
        public = sum(map(held, s.tavern_discard)) + sum(map(held, s.tavern))
        for k in s.known:                        # mostly empty: a loop, not a generator
            if k:
                public += sum(map(held, k))
        return public

    # ------------------------------------------------------------------ apply
    def apply(self, s: State, seat: int, action) -> list:
        if s.res is not None:
            raise IllegalAction("the game is over")
        if not isinstance(action, tuple):
            raise IllegalAction(f"an action is a tuple, not {action!r}")
        decs = s.dec if s.dec is not None else self.decisions(s)
        ev: list = []
        self._flow.apply(s, decs, seat, action, ev, self._accept_copy)
        return ev

    def _canonical(self, s, d, action):
        """Copies of a card are interchangeable: accept any copy's id in place of the one
        the decision lists (the screen may drag a different copy)."""
        for i, x in enumerate(action):
            if isinstance(x, str) and x in self.cards:
                key = self.key[x]
                for alt in d.actions:
                    if len(alt) == len(action) and isinstance(alt[i], str) and alt[i] in self.key \
                            and self.key[alt[i]] == key \
                            and alt[:i] + alt[i + 1:] == action[:i] + action[i + 1:]:
                        owned = s.hands[s.active] + s.loot[s.active]
                        if x in owned or x in s.hands[d.seat]:
                            return alt[:i] + (x,) + alt[i + 1:]
        return None

    # ------------------------------------------------------------------ the flow
    def _run(self, s: State, ev: list) -> None:
        """Run automatic stages until someone must answer (the tests set up a stage and call it)."""
        self._flow.settle(s, ev)

    def _next_step(self, s: State):
        """The stage's step, unless a question interrupts (a tie for the coin) or the game
        ended, or one of the two rules that fire between any two stages has work: the
        Most Suspicious coin moves (DD-103) and Dark Deeds answer the facts just made."""
        if s.interrupt is not None or s.res is not None:
            return wait
        if s.msm_dirty:
            return self._check_msm
        if s.facts:
            return self._check_deeds
        return self._steps[s.stage]


    # -- turn start and target -------------------------------------------------------------
    def _st_turn_start(self, s, ev):
        s.turn += 1
        a = s.active
        ev.append(_tn(Event, ("turn", {"seat": a, "n": s.turn}, None)))
        s.phase, s.deeds_done = "street", 0                  # a new phase (as in _set_phase)
        ev.append(_tn(Event, ("phase", {"seat": a, "phase": "street"}, None)))
        s.passed = []
        s.target = s.target_where = s.cur_guard = s.loot_type = s.target_owner = None
        s.target_slot = 0
        s.roll = None
        s.stage = "target"
        return True

    def _set_phase(self, s, phase, ev):
        s.phase = phase
        s.deeds_done = 0
        ev.append(_tn(Event, ("phase", {"seat": s.active, "phase": phase}, None)))

    def _st_target(self, s, ev):
        if s.street.count(None) < len(s.street) or s.chasing[s.active] \
                or self._poach_actions(s, s.active):
            return False
        return self._nothing_here(s, "no_target", ev)

    def _nothing_here(self, s, why, ev) -> bool:
        """The active player finds nothing to do on this Street (no target, no Loot left):
        the log says `why` and the Street ends."""
        self.log(ev, why, {"player": s.active})
        s.stage = "street_end"
        return True

    def _on_target(self, s, seat, action, ev):
        verb = action[0]
        if verb == "target":
            if action[1] == "street":
                k = action[2]
                s.target, s.target_where, s.target_slot, s.target_owner = s.street[k - 1], "street", k, None
            else:
                s.target, s.target_where, s.target_slot, s.target_owner = action[2], "chasing", 0, seat
            self.log(ev, "target", {"player": seat, "card": s.target})
            s.stage = "sneak_next"
        elif verb == "pass":
            s.stage = "street_end"
        else:
            self._play(s, seat, action, ev)

    def _chasers_to_pass(self, s):
        """Guards chasing the active player still to sneak past for this target."""
        if s.target_where == "chasing" and self.kind[s.target] == "guard":
            return []
        passed = s.passed
        K = self.kind
        return [g for g in s.chasing[s.active] if K[g] == "guard" and g not in passed and g != s.target]

    def _st_sneak_next(self, s, ev):
        chasers = self._chasers_to_pass(s)
        if len(chasers) >= 2:
            s.stage = "sneak_order"
            return False
        if chasers:
            return self._start_sneak(s, chasers[0], ev)
        if s.target_where == "street":
            K = self.kind
            for i in range(self.slots - 1, s.target_slot - 1, -1):
                c = s.street[i]
                if c is not None and K[c] == "guard" and c not in s.passed:
                    return self._start_sneak(s, c, ev)
        # every Guard in the way is passed: take the target down
        t = s.target
        card = self.cards[t]
        if card.is_citizen:
            s.roll = ["rob", t, card.perception, None, False, 0]
        else:
            s.roll = ["attack", t, card.defence, None, False, 0]
        s.roll_extra = 0
        s.rerolled = False
        pawn = self.Z_STREET[s.target_slot - 1] if s.target_where == "street" else self.Z_CHASER[t]
        if s.pawn != pawn:
            s.pawn = pawn
            ev.append(_tn(Event, ("pawn", {"at": pawn}, None)))
        s.stage = "roll"
        return False

    def _start_sneak(self, s, guard, ev):
        s.cur_guard = guard
        s.roll = ["sneak", guard, self.cards[guard].perception, None, False, 0]
        s.roll_extra = 0
        s.rerolled = False
        if guard in s.chasing[s.active]:
            pawn = self.Z_CHASER[guard]
        else:
            pawn = self.Z_STREET[s.street.index(guard)]
        if s.pawn != pawn:
            s.pawn = pawn
            ev.append(_tn(Event, ("pawn", {"at": pawn}, None)))
        s.stage = "roll"
        return False

    def _on_sneak_order(self, s, seat, action, ev):
        if action[0] == "sneak":
            self._start_sneak(s, action[1], ev)
        else:
            self._play(s, seat, action, ev)

    # -- rolling ------------------------------------------------------------------------------
    def bonus(self, s, seat, purpose) -> int:
        table = self.str if purpose == "attack" else self.cun
        b = s.roll_extra
        for c in s.loot[seat]:
            b += table[c]
        return b

    def _st_roll(self, s, ev):
        """Wait for the roll, unless a Plot moved the Guard or the target away meanwhile."""
        r = s.roll
        t = r[ROLL_TARGET]
        a = s.active
        if r[ROLL_PURPOSE] == "sneak":
            if t in s.chasing[a] or t in s.street:
                return False
            s.stage = "sneak_next"
            return True
        where = s.target_where
        if (where == "street" and s.street[s.target_slot - 1] == t) or \
                (where != "street" and t in s.chasing[s.target_owner]):
            return False
        s.stage = "street_end"
        return True

    def _on_roll(self, s, seat, action, ev):
        if action[0] != "roll":
            self._play(s, seat, action, ev)
            return
        self._do_roll(s, seat, ev)
        s.stage = "after_roll"

    def _do_roll(self, s, seat, ev):
        r = s.roll
        f = self.faces
        below, n = s.rng.stream("roll", seat).below, len(f)
        faces = (f[below(n)], f[below(n)])
        bonus = self.bonus(s, seat, r[ROLL_PURPOSE])
        total = faces[0] + faces[1] + bonus
        r[ROLL_FACES] = faces
        r[ROLL_TOTAL] = total
        ev.append(_tn(Event, ("roll", {"seat": seat, "dice": "d6", "faces": list(faces),
                                       "purpose": r[ROLL_PURPOSE], "bonus": bonus, "target": r[ROLL_TARGET],
                                       "need": r[ROLL_NEED], "total": total,
                                       "success": total >= r[ROLL_NEED]}, None)))
        s.facts.append(("roll", faces))

    def reroll(self, s, ev):
        """Loaded Dice: roll both dice again; the new result stands."""
        s.rerolled = True
        self.log(ev, "reroll", {"player": s.active})
        self._do_roll(s, s.active, ev)

    def _st_after_roll(self, s, ev):
        # Loaded Dice: offered right after the player sees any of their own 2d6 results,
        # a success too (DD-G04: e.g. to try for Lucky Streak's double six)
        if not s.rerolled and not self.reroll_ids.isdisjoint(s.hands[s.active]):
            return False
        s.stage = "roll_check"
        return True

    def _on_after_roll(self, s, seat, action, ev):
        if action[0] == "play":
            self._discard_plot(s, seat, action[1], ev)
            self.reroll(s, ev)
        s.stage = "roll_check"

    def _st_roll_check(self, s, ev):
        r = s.roll
        r[ROLL_SUCCESS] = ok = r[ROLL_TOTAL] >= r[ROLL_NEED]
        if ok:
            a = s.active
            window = []
            public = self._public_count(s, self.foil_ids)
            if public < len(self.foil_ids):
                for i in range(1, s.n):
                    seat = (a + i) % s.n
                    if self._could_hold(s, seat, self.foil_ids, public):
                        window.append(seat)
            if window:
                s.window = window
                s.stage = "foil_window"
                return False
        s.stage = "roll_result"
        return True

    def _on_reaction(self, s, seat, action, ev):
        verb = action[0]
        if s.stage == "foil_window":
            if verb == "pass":
                s.window.remove(seat)
                if not s.window:
                    s.stage = "roll_result"
                return
            card = next(c for c in s.hands[seat] if c in self.foil_ids)
            self._discard_plot(s, seat, card, ev)
            self.log(ev, "foiled", {"player": seat})
            s.window = []
            a = s.active
            if self._could_hold(s, a, self.sod_ids):
                s.plot = [seat, card, (), a, "roll_result"]
                s.stage = "sod_window"
            else:
                s.roll[ROLL_SUCCESS] = False
                s.stage = "roll_result"
            return
        # sod_window
        p = s.plot
        s.plot = None
        s.stage = p[PLOT_BACK_TO]
        if verb == "sod_off":
            card = next(c for c in s.hands[seat] if c in self.sod_ids)
            self._discard_plot(s, seat, card, ev)
            self.log(ev, "sod_off", {"player": seat, "card": p[PLOT_CARD]})
            return
        card = self.cards[p[PLOT_CARD]]
        if card.op == "foil_roll":
            s.roll[ROLL_SUCCESS] = False
        else:
            EFFECTS[card.op].run(self, s, p[PLOT_PLAYER], p[PLOT_CARD], p[PLOT_ARGS], ev)

    def _st_roll_result(self, s, ev):
        purpose, tgt, need, faces, ok, total = s.roll
        a = s.active
        s.roll_extra = 0
        if purpose == "sneak":
            if ok:
                self._passed_guard(s, tgt, ev)
                self.log(ev, "sneak_ok", {"player": a, "card": tgt, "total": total, "need": need})
            else:
                self.log(ev, "sneak_fail", {"player": a, "card": tgt, "total": total, "need": need})
                s.stage = "street_end"
            return True
        if purpose == "rob":
            if not ok:
                self.log(ev, "rob_fail", {"player": a, "card": tgt, "total": total, "need": need})
                s.stage = "street_end"
                return True
            self.log(ev, "rob_ok", {"player": a, "card": tgt, "total": total, "need": need})
            card = self.cards[tgt]
            k = s.target_slot
            self.change_suspicion(s, a, card.favour, ev)
            s.street[k - 1] = None
            s.score[a].append(tgt)
            ev.append(_tn(Event, ("move", {"card": tgt, "src": self.Z_STREET[k - 1], "dst": self.Z_SCORE[a],
                                           "face_up": False}, None)))
            s.facts.append(("rob", tgt, k))
            s.loot_type = card.kind
            s.stage = "loot_choice"
            return True
        # attack
        card = self.cards[tgt]
        where = s.target_where
        if ok:
            self.log(ev, "attack_ok", {"player": a, "card": tgt, "total": total, "need": need})
            src = self._remove_target(s)
            self.change_suspicion(s, a, card.favour, ev)
            s.score[a].append(tgt)
            ev.append(_tn(Event, ("move", {"card": tgt, "src": src, "dst": self.Z_SCORE[a], "face_up": False}, None)))
            s.facts.append(("defeat", tgt, where, len(s.passed)))
        else:
            self.log(ev, "attack_fail", {"player": a, "card": tgt, "total": total, "need": need})
            if card.kind == "guard":
                if where != "chasing":
                    src = self._remove_target(s)
                    s.chasing[a].append(tgt)
                    ev.append(_tn(Event, ("move", {"card": tgt, "src": src, "dst": self.Z_CHASE[a],
                                                   "face_up": True}, None)))
                    self.log(ev, "gives_chase", {"player": a, "card": tgt})
                self.change_suspicion(s, a, self.rules.failed_guard_attack_suspicion, ev)
        s.stage = "street_end"
        return True

    def _remove_target(self, s):
        t = s.target
        if s.target_where == "street":
            s.street[s.target_slot - 1] = None
            return self.Z_STREET[s.target_slot - 1]
        owner = s.target_owner
        s.chasing[owner].remove(t)
        return self.Z_CHASE[owner]

    def _passed_guard(self, s, guard, ev):
        s.passed.append(guard)
        s.cur_guard = None
        s.facts.append(("sneak", len(s.passed)))
        s.stage = "sneak_next"

    def auto_pass(self, s, card, ev):
        """Bribe / Bribe Purse: past the current Guard without rolling."""
        g = s.roll[ROLL_TARGET]
        self.log(ev, "bribed", {"player": s.active, "card": g, "via": card})
        self._passed_guard(s, g, ev)

    def add_roll_bonus(self, s, card, ev):
        s.roll_extra += self.cards[card].effect_params["n"]

    # -- loot -----------------------------------------------------------------------------
    def _st_loot_choice(self, s, ev):
        t = s.loot_type
        if any(c is not None for c in s.loot_up[t]) or s.loot_deck[t] or s.loot_discard[t]:
            return False
        return self._nothing_here(s, "loot_none", ev)

    def _on_loot_choice(self, s, seat, action, ev):
        verb = action[0]
        if verb == "loot":
            t, i = action[1], action[2]
            c = s.loot_up[t][i]
            s.loot_up[t][i] = None
            self._gain_loot(s, seat, c, self.Z_LOOT_UP[t][i], ev)
            self.log(ev, "loot_take", {"player": seat, "card": c})
        elif verb == "loot_gamble":
            t = action[1]
            deck = s.loot_deck[t]
            if not deck:
                self._reshuffle(s, deck, s.loot_discard[t], self.Z_LOOT_DECK[t], ev)
            c = deck.pop()
            self.log(ev, "loot_gamble", {"player": seat, "type": t, "card": c})
            self._gain_loot(s, seat, c, self.Z_LOOT_DECK[t], ev)
            for i, u in enumerate(s.loot_up[t]):
                if u is not None:
                    s.loot_up[t][i] = None
                    s.loot_discard[t].append(u)
                    ev.append(_tn(Event, ("move", {"card": u, "src": self.Z_LOOT_UP[t][i],
                                                   "dst": self.Z_LOOT_DISCARD[t], "face_up": True}, None)))
        else:
            self._play(s, seat, action, ev)
            return
        self._refill_loot(s, s.loot_type, ev)
        s.stage = "street_end"

    def _gain_loot(self, s, seat, c, src, ev):
        card = self.cards[c]
        if card.use == "nothing":
            ev.append(_tn(Event, ("reveal", {"seat": seat, "card": c}, None)))
            self.log(ev, "loot_nothing", {"card": c})
            s.loot_discard[card.deck].append(c)
            ev.append(_tn(Event, ("move", {"card": c, "src": src, "dst": self.Z_LOOT_DISCARD[card.deck],
                                           "face_up": True, "barrier": src.startswith("loot_deck")}, None)))
            return
        held = len(s.loot[seat])
        s.loot[seat].append(c)
        ev.append(_tn(Event, ("move", {"card": c, "src": src, "dst": self.Z_LOOT_OF[seat], "face_up": True,
                                       "barrier": src.startswith("loot_deck")}, None)))
        if seat == s.active:
            same = sum(1 for x in s.loot[seat] if self.cards[x].deck == card.deck)
            s.facts.append(("gain_loot", c, held, same))

    def _refill_loot(self, s, t, ev):
        up = s.loot_up[t]
        deck = s.loot_deck[t]
        for i in range(len(up)):
            if up[i] is None:
                if not deck and s.loot_discard[t]:
                    self._reshuffle(s, deck, s.loot_discard[t], self.Z_LOOT_DECK[t], ev)
                if deck:
                    up[i] = c = deck.pop()
                    ev.append(_tn(Event, ("move", {"card": c, "src": self.Z_LOOT_DECK[t],
                                                   "dst": self.Z_LOOT_UP[t][i], "face_up": True,
                                                   "barrier": True}, None)))

    def _reshuffle(self, s, deck, pile, zone, ev):
        deck.extend(pile)
        pile.clear()
        s.rng.stream("reshuffle", zone).shuffle(deck)
        ev.append(_tn(Event, ("shuffle", {"zone": zone, "count": len(deck)}, None)))

    def steal_loot(self, s, seat, victim, loot, ev):
        """Mine!: take one Loot card from another player."""
        s.loot[victim].remove(loot)
        self.log(ev, "mine", {"player": seat, "target": victim, "card": loot})
        self._gain_loot(s, seat, loot, f"loot_of:{victim}", ev)

    # -- street end / tavern ----------------------------------------------------------------
    def _st_street_end(self, s, ev):
        if s.pawn != "seal":
            s.pawn = "seal"
            ev.append(_tn(Event, ("pawn", {"at": "seal"}, None)))
        s.target = None
        s.cur_guard = None
        self._set_phase(s, "tavern", ev)
        s.stage = "tavern"
        return False

    def _on_tavern(self, s, seat, action, ev):
        verb = action[0]
        if verb == "tavern_take":
            i = action[1]
            c = s.tavern[i]
            s.tavern[i] = None
            s.hands[seat].append(c)
            s.known[seat].append(c)
            ev.append(_tn(Event, ("move", {"card": c, "src": self.Z_TAVERN[i], "dst": self.Z_HAND[seat],
                                           "face_up": True}, None)))
            self.log(ev, "tavern_take", {"player": seat, "card": c})
            self._refill_tavern(s, ev)
        elif verb == "tavern_gamble":
            deck = s.tavern_deck
            if not deck:
                self._reshuffle(s, deck, s.tavern_discard, "tavern_deck", ev)
            c = deck.pop()
            s.hands[seat].append(c)
            ev.append(_tn(Event, ("move", {"card": c, "src": "tavern_deck", "dst": self.Z_HAND[seat],
                                           "face_up": False}, (seat,))))
            ev.append(_tn(Event, ("move", {"card": None, "src": "tavern_deck", "dst": self.Z_HAND[seat],
                                           "face_up": False, "private_twin_for": [seat], "barrier": True}, None)))
            self.log(ev, "tavern_gamble", {"player": seat})
            for i, u in enumerate(s.tavern):
                if u is not None:
                    s.tavern[i] = None
                    s.tavern_discard.append(u)
                    ev.append(_tn(Event, ("move", {"card": u, "src": self.Z_TAVERN[i],
                                                   "dst": "tavern_discard", "face_up": True}, None)))
            self._refill_tavern(s, ev)
        elif verb == "lay_low":
            guards = sum(1 for g in s.chasing[seat] if self.kind[g] == "guard")
            f = self.faces
            d = f[s.rng.stream("lay_low", seat).below(len(f))]
            lost = min(d, s.susp[seat])                  # never below 0 Suspicion
            ev.append(_tn(Event, ("roll", {"seat": seat, "dice": "d6", "faces": [d], "purpose": "lay_low",
                                           "bonus": 0, "target": None, "need": 0, "total": d, "success": True,
                                           "lost": lost}, None)))
            self.log(ev, "lay_low", {"player": seat, "amount": lost})
            self.change_suspicion(s, seat, -d, ev)
            s.facts.append(("lay_low", guards))
        else:
            self._play(s, seat, action, ev)
            return
        s.stage = "tavern_end"

    def _st_tavern_end(self, s, ev):
        self._set_phase(s, "stock", ev)
        s.stage = "stock_start"
        return True

    def _refill_tavern(self, s, ev):
        deck = s.tavern_deck
        for i in range(len(s.tavern)):
            if s.tavern[i] is None:
                if not deck and s.tavern_discard:
                    self._reshuffle(s, deck, s.tavern_discard, "tavern_deck", ev)
                if deck:
                    s.tavern[i] = c = deck.pop()
                    ev.append(_tn(Event, ("move", {"card": c, "src": "tavern_deck", "dst": self.Z_TAVERN[i],
                                                   "face_up": True, "barrier": True}, None)))

    # -- take stock ---------------------------------------------------------------------------
    def _st_stock_start(self, s, ev):
        if self._plays(s, s.active):
            return False
        s.stage = "arrest"
        return True

    def _on_stock(self, s, seat, action, ev):
        if action[0] == "proceed":
            s.stage = "arrest"
        else:
            self._play(s, seat, action, ev)

    def _st_arrest(self, s, ev):
        a = s.active
        s.stage = "advance"
        if s.susp[a] >= self.arrest_at and any(self.kind[g] == "guard" for g in s.chasing[a]):
            self.log(ev, "arrested", {"player": a})
            for c in s.loot[a]:
                t = self.cards[c].deck
                s.loot_discard[t].append(c)
                ev.append(_tn(Event, ("move", {"card": c, "src": self.Z_LOOT_OF[a],
                                               "dst": self.Z_LOOT_DISCARD[t], "face_up": True}, None)))
            s.loot[a] = []
            self._drop_guards(s, a, ev)
            self.change_suspicion(s, a, -s.susp[a], ev)
            s.facts.append(("arrested",))
        return True

    def _drop_guards(self, s, seat, ev):
        keep = []
        for g in s.chasing[seat]:
            if self.kind[g] == "guard":
                s.street_discard.append(g)
                ev.append(_tn(Event, ("move", {"card": g, "src": self.Z_CHASE[seat], "dst": "street_discard",
                                               "face_up": True}, None)))
            else:
                keep.append(g)
        s.chasing[seat] = keep

    def _st_advance(self, s, ev):
        a = s.active
        st = s.street
        last = self.slots - 1
        c = st[last]
        src = self.Z_STREET[last]
        if c is not None:
            st[last] = None
            k = self.kind[c]
            if k == "guard":
                m = s.msm
                s.chasing[m].append(c)
                ev.append(_tn(Event, ("move", {"card": c, "src": src, "dst": self.Z_CHASE[m], "face_up": True}, None)))
                self.log(ev, "chase_msm", {"card": c, "player": m})
            elif k == "nemesis":
                s.chasing[a].append(c)
                ev.append(_tn(Event, ("move", {"card": c, "src": src, "dst": self.Z_CHASE[a], "face_up": True}, None)))
                self.log(ev, "chase_current", {"card": c, "player": a})
            else:
                s.street_discard.append(c)
                ev.append(_tn(Event, ("move", {"card": c, "src": src, "dst": "street_discard", "face_up": True}, None)))
                self.log(ev, "citizen_leaves", {"card": c})
        # slide toward the last slot, keeping the order
        j = last
        for i in range(last, -1, -1):
            c = st[i]
            if c is not None:
                if i != j:
                    st[j] = c
                    st[i] = None
                    ev.append(_tn(Event, ("move", {"card": c, "src": self.Z_STREET[i],
                                                   "dst": self.Z_STREET[j], "face_up": True}, None)))
                j -= 1
        deck = s.street_deck
        for i in range(j, -1, -1):
            if not deck:
                break
            st[i] = c = deck.pop()
            ev.append(_tn(Event, ("move", {"card": c, "src": "street_deck", "dst": self.Z_STREET[i],
                                           "face_up": True, "barrier": True}, None)))
        if not deck and st.count(None) == len(st):
            s.ending = True
        s.stage = "discard"
        return True

    def _st_discard(self, s, ev):
        a = s.active
        hand = s.hands[a]
        if len(hand) > self.hand_limit and any(self.kind[c] == "plot" for c in hand):
            return False
        s.stage = "turn_end"
        return True

    def _on_discard(self, s, seat, action, ev):
        if action[0] == "discard":
            self._discard_plot(s, seat, action[1], ev)
            self.log(ev, "discard", {"player": seat, "card": action[1]})
        else:
            self._play(s, seat, action, ev)

    def _st_turn_end(self, s, ev):
        if s.ending:
            self._finish(s, ev)
            return False
        s.active = (s.active + 1) % s.n
        s.stage = "turn_start"
        return True

    # -- plots ------------------------------------------------------------------------------
    def _discard_plot(self, s, seat, card, ev):
        s.hands[seat].remove(card)
        if card in s.known[seat]:
            s.known[seat].remove(card)
        s.tavern_discard.append(card)
        ev.append(_tn(Event, ("move", {"card": card, "src": self.Z_HAND[seat], "dst": "tavern_discard",
                                       "face_up": True}, None)))

    def _play(self, s, seat, action, ev):
        """("play", card, *args) or ("use", loot) by the active player."""
        verb, c = action[0], action[1]
        args = action[2:]
        card = self.cards[c]
        if verb == "use":
            s.loot[seat].remove(c)
            s.loot_discard[card.deck].append(c)
            ev.append(_tn(Event, ("move", {"card": c, "src": self.Z_LOOT_OF[seat],
                                           "dst": self.Z_LOOT_DISCARD[card.deck], "face_up": True}, None)))
            self.log(ev, "use_loot", {"player": seat, "card": c})
            EFFECTS[card.op].run(self, s, seat, c, args, ev)
            return
        self._discard_plot(s, seat, c, ev)
        op = card.op
        if op == "target_other_chaser":
            t = args[0]
            owner = next(b for b in range(s.n) if t in s.chasing[b])
            s.target, s.target_where, s.target_slot, s.target_owner = t, "poached", 0, owner
            self.log(ev, "plot_target", {"player": seat, "card": c, "target": owner})
            self.log(ev, "target", {"player": seat, "card": t})
            s.stage = "sneak_next"
            return
        if card.answerable:
            target = self._plot_target(s, seat, card, args)
            self.log(ev, "plot_target", {"player": seat, "card": c, "target": target})
            if target != seat and self._could_hold(s, target, self.sod_ids):
                s.plot = [seat, c, args, target, s.stage]
                s.stage = "sod_window"
                return
        else:
            self.log(ev, "plot", {"player": seat, "card": c})
        EFFECTS[op].run(self, s, seat, c, args, ev)

    def _plot_target(self, s, seat, card, args):
        op = card.op
        if op == "move_suspicion":
            return args[0]
        if op in ("give_deed", "pass_guard"):
            return args[1]
        if op == "take_loot_from_msm":
            return s.msm
        return s.active

    def pass_deed(self, s, giver, receiver, deed, ev):
        s.hands[giver].remove(deed)
        if deed in s.known[giver]:
            s.known[giver].remove(deed)
        s.hands[receiver].append(deed)
        ev.append(_tn(Event, ("move", {"card": deed, "src": self.Z_HAND[giver], "dst": self.Z_HAND[receiver],
                                       "face_up": False}, (giver, receiver))))
        ev.append(_tn(Event, ("move", {"card": None, "src": self.Z_HAND[giver], "dst": self.Z_HAND[receiver],
                                       "face_up": False, "private_twin_for": [giver, receiver]}, None)))
        self.log(ev, "pass_buck", {"player": giver, "target": receiver})

    def move_chaser(self, s, src_seat, dst_seat, card, ev):
        s.chasing[src_seat].remove(card)
        s.chasing[dst_seat].append(card)
        ev.append(_tn(Event, ("move", {"card": card, "src": self.Z_CHASE[src_seat],
                                       "dst": self.Z_CHASE[dst_seat], "face_up": True}, None)))
        self.log(ev, "frame_up", {"card": card, "target": dst_seat})

    # -- suspicion, coin, deeds ----------------------------------------------------------------
    def change_suspicion(self, s, seat, delta, ev, check_coin=True):
        old = s.susp[seat]
        new = old + delta
        if new < 0:
            new = 0
        if new == old:
            return
        s.susp[seat] = new
        ev.append(_tn(Event, ("counter", {"seat": seat, "name": "suspicion", "delta": new - old, "value": new}, None)))
        if new > old and seat == s.active:
            s.facts.append(("suspicion", old, new))
        if new == 0 and s.chasing[seat]:
            if any(self.kind[g] == "guard" for g in s.chasing[seat]):
                self.log(ev, "guards_give_up", {"player": seat})
                self._drop_guards(s, seat, ev)
        s.msm_dirty = True

    def _check_msm(self, s, ev) -> bool:
        """A step between any two stages (see _next_step): the coin goes to the most
        suspicious player, or a tie waits for the holder's choice. Always goes on (True)."""
        s.msm_dirty = False
        h = s.msm
        top = max(s.susp)
        if s.susp[h] == top:
            return True
        tied = [i for i in range(s.n) if s.susp[i] == top]
        if len(tied) == 1:
            self._give_coin(s, tied[0], ev)
        else:
            s.interrupt = ("msm_tiebreak", h, tuple(tied))
            s.dec = None
        return True

    def _give_coin(self, s, to, ev):
        frm = s.msm
        s.msm = to
        ev.append(_tn(Event, ("coin", {"from": frm, "to": to}, None)))
        self.log(ev, "coin", {"player": to})
        if to == s.active and frm != to and s.res is None:
            s.facts.append(("take_coin",))

    def _on_msm_tiebreak(self, s, seat, action, ev):
        s.interrupt = None
        self._give_coin(s, action[1], ev)

    def _check_deeds(self, s, ev) -> bool:
        """A step between any two stages (see _next_step): the Dark Deeds in the active
        player's hand that the facts just made complete. Always goes on (True)."""
        facts = s.facts
        s.facts = []
        if s.deeds_done >= self.deeds_per_phase or s.stage in ("over", "turn_start"):
            return True
        a = s.active
        hand = s.hands[a]
        waiting = self.deeds_on
        for f in facts:
            if not waiting[f[0]].isdisjoint(hand):
                break
        else:
            return True             # no Dark Deed in hand waits for any of these facts
        cards = self.cards
        deed_on = self.deed_on
        met = []
        for c in hand:
            on = deed_on.get(c)
            if on is None:
                continue
            m = None
            for f in facts:
                if f[0] == on:
                    if m is None:
                        m = TRIGGERS[on].match
                    if m(cards[c].when, f, cards):
                        met.append(c)
                        break
        if len(met) == 1:
            self._complete(s, a, met[0], ev)
        elif met:
            s.interrupt = ("deed_choice", a, tuple(met))
            s.dec = None
        return True

    def _complete(self, s, seat, deed, ev):
        s.deeds_done += 1
        s.hands[seat].remove(deed)
        if deed in s.known[seat]:
            s.known[seat].remove(deed)
        s.score[seat].append(deed)
        ev.append(_tn(Event, ("reveal", {"seat": seat, "card": deed}, None)))
        ev.append(_tn(Event, ("move", {"card": deed, "src": self.Z_HAND[seat], "dst": self.Z_SCORE[seat],
                                       "face_up": False}, None)))
        ev.append(_tn(Event, ("deed_completed", {"seat": seat, "card": deed, "favour": self.cards[deed].favour}, None)))
        self.log(ev, "deed", {"player": seat, "card": deed, "favour": self.cards[deed].favour})

    def _on_deed_choice(self, s, seat, action, ev):
        s.interrupt = None
        self._complete(s, seat, action[1], ev)

    # -- the end ----------------------------------------------------------------------------------
    def scores(self, s) -> list:
        out = []
        cards = self.cards
        for seat in range(s.n):
            pile = sum(cards[c].favour for c in s.score[seat])
            deeds = sum(cards[c].favour for c in s.hands[seat] if cards[c].kind == "deed")
            nem = sum(cards[c].favour for c in s.chasing[seat] if cards[c].kind == "nemesis")
            out.append((pile - deeds - nem, pile, deeds, nem))
        return out

    def _finish(self, s, ev):
        sc = self.scores(s)
        totals = [x[0] for x in sc]
        best = max(totals)
        top = [i for i in range(s.n) if totals[i] == best]
        how = "winner"
        if len(top) > 1:
            least = min(s.susp[i] for i in top)
            top = [i for i in top if s.susp[i] == least]
            how = "least_suspicion" if len(top) == 1 else "all_lose"
        winners = tuple(top) if len(top) == 1 else ()
        for seat in range(s.n):
            for c in s.hands[seat]:
                ev.append(_tn(Event, ("reveal", {"seat": seat, "card": c}, None)))
        s.stage = "over"
        self.log(ev, "game_over")
        if winners:
            w = winners[0]
            self.log(ev, "winner" if how == "winner" else "draw_least", {"player": w, "score": totals[w]})
        else:
            self.log(ev, "all_lose")
        details = {"breakdown": [{"total": t, "score_pile": p, "unfinished_deeds": d, "chasing_nemeses": n}
                                 for (t, p, d, n) in sc],
                   "suspicion": list(s.susp), "how": how}
        s.res = Result(winners, tuple(totals),
                       "dark_deeds.result.street_empty" if winners else "dark_deeds.result.everyone_loses",
                       details)
        ev.append(_tn(Event, ("game_over", {"winners": list(winners), "scores": list(totals), "how": how}, None)))

    # -- helpers ------------------------------------------------------------------------------------
    def log(self, ev, key, params=None):
        """A chronicle line: the locale key dark_deeds.log.<key> with its `params`."""
        ev.append(_tn(Event, ("log", {"key": "dark_deeds.log." + key, "params": params or {}}, None)))

    def fact(self, s, fact):
        s.facts.append(fact)

