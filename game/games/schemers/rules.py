"""Schemers of Venice — the Ruleset (rulebook 002, CHECKLIST §3).

The front door: options (what can be combined, with reasons), setup (the deal, the
Untouchable, the auction line), what each seat may see (`view`, CHECKLIST §3.6),
the result, and snapshots. The hot path (`decisions`, `apply`, `clone`) lives in
engine.py and is re-exported here unchanged.

Options: {"mode": standard|intoccabile|campanile|rialto|carnevale,
          "addons": [] or ["taglia"], "clock": seconds or None (off), "hotseat": bool}
("taglia": true is accepted as a shortcut for addons ["taglia"]; clock 0 / "off" = None.)

What the table uses
-------------------
Decisions (kind: actions — prompt keys). Several may be open at once; a window's
decisions share one `clock` key and are listed clockwise from the claimant.
  turn             ("income",) ("casino",) ("claim", role) ("claim", "corsair"|"poisoner", t)
                   ("canal", t)                       — ducats, forced
  challenge        ("pass",) ("challenge",)           — claimant, role, action, target, actor
  challenge_block  ("pass",) ("challenge",)           — claimant (= blocker), role, action, target, actor
  block            ("pass",) ("block", role)          — actor, action, target, roles
                   role may be "untouchable" (L'Intoccabile canal block)
  lose_card        ("lose", role), one per role held  — by (who caused it)
  exchange         ("return", (role, role)) sorted    — drawn, keep
  untouchable_price ("slip", role)                    — {}
  bid              ("bid",) ("pass",)                 — card, price, bids, left
  sealed_bid       ("sealed_bid", k) for k in 0..tokens — card, left, tokens
Every decision has a `default` (the timeout move, VC-031/044) and a `timeout`
(None when the clock is off; the live auction always runs 8 s).

Events (data): "turn" {seat, turn}; "action" {seat, action, target}; "claim" {seat, role,
target}; "pass" {seat, window}; "block" {seat, role, actor, action}; "challenge"
{challenger, claimant, role, honest}; "reveal" {seat, card}; "move" {card, src, dst,
face_up} with zones "deck", "hand:N", "lost:N", "auction", "sold"; "shuffle" {zone};
"counter" {seat, name: ducats|tokens, delta, value}; "eliminated" {seat, by};
"game_over" {winner, out}; "auction" {card, price, bids, left, sealed}; "bid" {price,
bids}; "sold" {card, price, bids}; "unsold" {card}; "sealed" {count}; "clock" {clock,
add, cap}; "log" {key, params}. A private event has `to=(seat,)`; its public twin has
card None and data["private"] = that seat, so the owner's table skips the twin.

View keys: rules (mode, taglia, players, clock, hotseat, untouchable_mode, auction, sealed,
hand_size, forced_at, canal_cost, poison_cost, deck_size, options), seat, phase, turn,
turn_no, hand (own cards; None for spectators), lost, deck_count, claims, declined,
proofs, caught, changed, fare (bitmask of seats that took Fare/Casino), out, winner,
ducats, hand_counts (both None during the auction), auction, untouchable (seat or None),
pending (actor, action, target, blocker, block_role, challenger, loser, asked, paid,
block_roles, after, credit, drawn_count), drawn (own Fortune Teller draw).
"""
from __future__ import annotations

from ...core.rng import RNG
from ...core.rules import OptionsError, OptionSpec, Result
from . import engine as E
from .data import ADDON_IDS, MODE_IDS, SchemersData

MODE_NAMES = {"standard": "Serenissima (Standard)", "intoccabile": "L'Intoccabile", "campanile": "Campanile",
              "rialto": "Rialto", "carnevale": "Carnevale"}
ADDON_NAMES = {"taglia": "Taglia (Bounty)"}
OPTION_KEYS = ("mode", "addons", "clock", "hotseat", "taglia")


class SchemersRules:
    id = "schemers"
    # every chance outcome, by what is drawn (rules draw each from s.rng.stream(purpose)):
    # the secret Untouchable, the deal, the first player, the deck shuffled after a card
    # goes back, the random default when a clock runs out, Rialto's line reshuffled, a
    # sealed-bid tie
    chance_purposes = ("untouchable", "deal", "first_player", "deck", "timeout_default",
                       "auction_line", "bid_tie")

    def __init__(self, data: SchemersData):
        self.data = data
        self.min_players = min(m.players[0] for m in data.modes.values())
        self.max_players = max(m.players[1] for m in data.modes.values())
        self._configs: dict = {}
        self._static: dict = {}

    # -- options ------------------------------------------------------------------------
    def default_options(self) -> dict:
        mode = self.data.default_mode
        return {"mode": mode, "addons": [], "clock": self.data.modes[mode].clock.default,
                "hotseat": False}

    def validate_options(self, options: dict | None, players: int) -> dict:
        """Complete options, or OptionsError with one clear sentence (VC-001, VC-030, VC-032)."""
        o = dict(options or {})
        unknown = [k for k in o if k not in OPTION_KEYS]
        if unknown:
            raise OptionsError(f"Unknown option {unknown[0]!r}: Schemers knows "
                               f"{', '.join(k for k in OPTION_KEYS if k != 'taglia')}")
        mode = o.get("mode") or self.data.default_mode
        if mode not in self.data.modes:
            raise OptionsError(f"Unknown mode {mode!r}: choose one of {', '.join(MODE_IDS)}")
        m = self.data.modes[mode]
        name = MODE_NAMES.get(mode, mode)
        addons = o.get("addons") or []
        if isinstance(addons, str):
            addons = [addons]
        if not isinstance(addons, (list, tuple)):
            raise OptionsError("addons: expected a list such as [\"taglia\"]")
        addons = [str(a).lower() for a in addons]
        taglia = o.get("taglia")
        if taglia is not None and not isinstance(taglia, bool):
            raise OptionsError("taglia: expected true or false")
        if taglia and "taglia" not in addons:
            addons.append("taglia")
        for a in addons:
            if a not in ADDON_IDS:
                raise OptionsError(f"Unknown add-on {a!r}: the only add-on is taglia (Bounty)")
            if a not in m.addons:
                raise OptionsError(f"{ADDON_NAMES.get(a, a)} cannot be combined with {name}")
        addons = sorted(set(addons))
        if not isinstance(players, int):
            raise OptionsError("players: expected a whole number")
        lo, hi = m.players
        if players < lo:
            raise OptionsError(f"{name} needs at least {lo} players (you chose {players})")
        if players > hi:
            raise OptionsError(f"{name} takes at most {hi} players (you chose {players})")
        hotseat = o.get("hotseat", False)
        if not isinstance(hotseat, bool):
            raise OptionsError("hotseat: expected true or false")
        c = m.clock
        if "clock" not in o:
            clock = c.hotseat_default if hotseat else c.default
        else:
            clock = o["clock"]
            if clock in (None, 0, "off", False):
                if not c.off_allowed:
                    raise OptionsError(f"{name} always runs its clock: choose {c.min}–{c.max} seconds")
                clock = None
            elif isinstance(clock, bool) or not isinstance(clock, (int, float)):
                raise OptionsError(f"clock: expected seconds ({c.min}–{c.max}) or off, got {clock!r}")
            elif not c.min <= clock <= c.max:
                off = "off or " if c.off_allowed else ""
                raise OptionsError(f"The clock in {name} must be {off}{c.min}–{c.max} seconds "
                                   f"(you chose {clock:g})")
            if clock is not None and float(clock).is_integer():
                clock = int(clock)
        return {"mode": mode, "addons": addons, "clock": clock, "hotseat": hotseat}

    def option_problem(self, options: dict, players: int) -> str | None:
        """Why these options cannot be played (for greying out choices), or None."""
        try:
            self.validate_options(options, players)
        except OptionsError as exc:
            return str(exc)
        return None

    def option_specs(self) -> list[OptionSpec]:
        d = self.data
        std = d.modes[d.default_mode].clock
        return [
            OptionSpec("mode", "schemers.options.mode", "choice", d.default_mode,
                       choices=tuple((m, f"schemers.modes.{m}.name") for m in MODE_IDS if m in d.modes),
                       help="schemers.options.mode_help"),
            OptionSpec("taglia", "schemers.options.taglia", "flag", False,
                       help="schemers.options.taglia_help"),
            OptionSpec("clock", "schemers.options.clock", "int", std.default,
                       minimum=0, maximum=max(m.clock.max for m in d.modes.values()),
                       help="schemers.options.clock_help"),
        ]

    def text_params(self) -> dict:
        """Numbers for the locale sentences (so the rules text follows the YAML)."""
        d, r = self.data, self.data.rules
        roles = d.roles
        cl = {m: v.clock for m, v in d.modes.items()}
        return {"income": r.income, "casino": r.casino, "canal": r.canal.cost, "forced": r.canal.forced_at,
                "doge": roles["doge"].amount, "poison": roles["poisoner"].cost,
                "steal": roles["corsair"].amount, "draw": roles["fortune_teller"].draw,
                "tokens": r.auction.tokens, "seconds": r.auction.seconds, "add": r.auction.add_per_bid,
                "penalty": r.untouchable.clock_penalty,
                "blitz": cl["campanile"].default, "blitz_min": cl["campanile"].min,
                "blitz_max": cl["campanile"].max, "clock": cl["standard"].default,
                "start": d.modes["standard"].start_ducats,
                "big_deck": d.deck_sizes[d.modes["carnevale"].deck],
                "big_hand": d.modes["carnevale"].hand_size,
                "big_players": d.modes["carnevale"].players[1]}

    def data_summary(self) -> str:
        return self.data.summary()

    # -- setup --------------------------------------------------------------------------
    def config(self, players: int, options: dict) -> E.Config:
        addons = options.get("addons") or ()
        clock = options.get("clock")
        # the clock's type is in the key: 5 == 5.0, but a Config keeps its options, which a
        # state's snapshot (and so a save's digest) shows; a search's worlds set up from a
        # view's float clock once made a loaded save of the same game miss its digest
        key = (players, options.get("mode"), tuple(addons), clock, type(clock),
               bool(options.get("hotseat")))
        cfg = self._configs.get(key)
        if cfg is None:
            cfg = self._configs[key] = self._make_config(players, options)
        return cfg

    def _make_config(self, n: int, options: dict) -> E.Config:
        d = self.data
        r = d.rules
        mode = options.get("mode") or d.default_mode
        m = d.modes[mode]
        c = E.Config()
        c.mode, c.n, c.options = mode, n, dict(options)
        c.hand_size, c.start = m.hand_size, m.start_ducats
        deck = []
        for role in E.ROLES:
            deck += [role] * d.decks[m.deck][role]
        c.deck = tuple(deck)
        c.total = len(deck)
        clock = options.get("clock", m.clock.default)
        c.clock = float(clock) if clock is not None else None
        c.hotseat = bool(options.get("hotseat"))
        c.unt_mode = m.untouchable
        c.auction = m.auction
        c.sealed = m.auction and c.hotseat                 # VC-080
        c.taglia = "taglia" in (options.get("addons") or ())
        c.refund = r.refund_cost_on_failed_claim
        c.price_all = r.untouchable.untouchable_price_all_blocks
        c.income, c.casino = r.income, r.casino
        c.canal_cost, c.forced_at = r.canal.cost, r.canal.forced_at
        c.doge_amt = d.roles["doge"].amount
        c.poison_cost = d.roles["poisoner"].cost
        c.steal_amt = d.roles["corsair"].amount
        c.ft_draw = d.roles["fortune_teller"].draw
        c.block_roles = dict(d.block_roles)
        c.block_others = {a: who == "others" for a, who in r.block_by.items()}
        u = r.untouchable
        c.unt_role, c.unt_copies = u.role, u.copies
        c.unt_penalty, c.unt_min = float(u.clock_penalty), float(u.min_clock)
        a = r.auction
        c.au_tokens, c.au_per = a.tokens, a.cards_per_player
        c.au_secs, c.au_add, c.au_cap, c.au_open = float(a.seconds), float(a.add_per_bid), float(a.clock_cap), a.opening_price
        c.order = tuple(tuple((s + i) % n for i in range(1, n)) for s in range(n))
        return c

    def setup(self, players: int, options: dict, seed: int) -> E.State:
        cfg = self.config(players, options)
        n = cfg.n
        rng = RNG(seed)
        s = E.State()
        s.cfg, s.rng, s.quiet, s.dec = cfg, rng, False, None
        deck = list(cfg.deck)
        s.hands = [[] for _ in range(n)]
        s.lost = [()] * n
        s.claims = [()] * n
        s.declined = [()] * n
        s.proofs = [()] * n
        s.caught = [()] * n
        s.changed = [0] * n
        s.root = -1
        s.fare = 0
        s.out = ()
        s.winner = -1
        s.nalive = n
        s.turn_no = s.serial = 0
        s.asked = []
        s.drawn = None
        s.unt, s.proven = -1, False
        s.auc = None
        s.actor = s.target = s.blocker = s.chal = s.loser = s.credit = -1
        s.act = s.brole = None
        s.broles = ()
        s.paid = s.pre = s.knext = 0
        if cfg.unt_mode:                                   # VC-041
            s.unt = rng.stream("untouchable").below(n)
            for _ in range(cfg.unt_copies):
                deck.remove(cfg.unt_role)
                s.hands[s.unt].append(cfg.unt_role)
        rng.stream("deal").shuffle(deck)
        first = rng.stream("first_player").below(n)      # VC-004
        if cfg.auction:                                    # VC-071, VC-072
            au = E.Auction()
            au.line = [deck.pop() for _ in range(cfg.au_per * n)]
            au.tokens = [cfg.au_tokens] * n
            au.need = [cfg.au_per] * n
            au.price = au.bids = au.streak = au.serial = au.sold = 0
            au.lead = -1
            au.sealed = None
            s.auc = au
            s.deck = deck
            s.coins = [0] * n
            s.turn = first
            E.auction_next(s, None)
            return s
        for p in range(n):
            h = s.hands[p]
            while len(h) < cfg.hand_size:
                h.append(deck.pop())
        s.deck = deck
        s.coins = [cfg.start] * n                          # VC-003
        E.start_turn(s, first, None)
        return s

    # -- the hot path -------------------------------------------------------------------
    decisions = staticmethod(E.decisions)
    apply = staticmethod(E.apply)
    clone = staticmethod(E.clone)

    # -- what a seat may see (CHECKLIST §3.6) -------------------------------------------
    def _static_view(self, cfg: E.Config) -> dict:
        st = self._static.get(id(cfg))
        if st is None:
            st = self._static[id(cfg)] = {
                "mode": cfg.mode, "taglia": cfg.taglia, "players": cfg.n, "clock": cfg.clock,
                "hotseat": cfg.hotseat, "untouchable_mode": cfg.unt_mode, "auction": cfg.auction,
                "sealed": cfg.sealed, "hand_size": cfg.hand_size, "forced_at": cfg.forced_at,
                "options": {"mode": cfg.mode, "addons": ["taglia"] if cfg.taglia else [],
                            "clock": cfg.clock, "hotseat": cfg.hotseat},
                "canal_cost": cfg.canal_cost, "poison_cost": cfg.poison_cost, "deck_size": cfg.total}
        return st

    def view(self, s: E.State, seat: int | None) -> dict:
        cfg = s.cfg
        ph = s.phase
        au = s.auc
        own = seat is not None and 0 <= seat < cfg.n
        v = {
            "rules": self._static_view(cfg),
            "seat": seat,
            "phase": E.PHASES[ph],
            "turn": s.turn,
            "turn_no": s.turn_no,
            "hand": s.hands[seat][:] if own else None,
            "lost": s.lost[:],
            "deck_count": len(s.deck),
            "claims": s.claims[:],
            "declined": s.declined[:],
            "proofs": s.proofs[:],
            "caught": s.caught[:],
            "changed": s.changed[:],
            "fare": s.fare,
            "out": s.out,
            "winner": s.winner if s.winner >= 0 else None,
        }
        if au is None:
            v["ducats"] = s.coins[:]
            v["hand_counts"] = [len(h) for h in s.hands]
            v["auction"] = None
        else:                                              # VC-074: who bid / won is secret
            v["ducats"] = None
            v["hand_counts"] = None
            mine = {}
            if own:
                mine = {"tokens": au.tokens[seat], "need": au.need[seat], "leading": au.lead == seat,
                        "my_sealed": au.sealed[seat] if au.sealed is not None else None}
            # Only cards already put up are public (VC-074): the line is a queue, so the
            # first line-size offers are all different cards and the ones not yet
            # offered sit right behind the card on offer.
            unseen = max(0, cfg.au_per * cfg.n - au.serial)
            line = [c if i == 0 or i > unseen else None for i, c in enumerate(au.line)]
            v["auction"] = {"card": au.line[0] if au.line else None, "line": line,
                            "price": au.price, "bids": au.bids, "sold": au.sold,
                            "sealed_in": (sum(1 for b in au.sealed if b >= 0)
                                          if au.sealed is not None else None), **mine}
        if cfg.unt_mode:                                   # VC-041: only they know, until proven
            v["untouchable"] = s.unt if (s.proven or (own and seat == s.unt)) else None
        else:
            v["untouchable"] = None
        if E.TURN < ph < E.BID:
            v["pending"] = {
                "actor": s.actor, "action": s.act, "target": s.target if s.target >= 0 else None,
                "blocker": s.blocker if s.blocker >= 0 else None, "block_role": s.brole,
                "challenger": s.chal if s.chal >= 0 else None,
                "loser": s.loser if ph == E.LOSE else None,
                "asked": s.asked[:],
                "paid": s.paid,
                "block_roles": s.broles if ph == E.BLOCK else (),
                "after": E.AFTER[s.knext] if ph == E.LOSE else None,
                "credit": s.credit if ph == E.LOSE else None,
                "drawn_count": len(s.drawn) if ph == E.EXCHANGE else 0,
            }
        else:
            v["pending"] = None
        v["drawn"] = s.drawn[:] if (ph == E.EXCHANGE and own and seat == s.actor) else None
        return v

    def reveal_view(self, s: E.State) -> dict:
        """The spectator's view with nothing hidden, for the replay of a finished game (a
        finished game hides nothing): every hand ("hands"), the Fortune Teller's draw
        ("drawn"), the Untouchable, and Rialto's sale in full (the whole line, who leads,
        everyone's tokens, needs and sealed bids; "hands" says who bought what). The deck's
        order stays hidden."""
        v = self.view(s, None)
        v["hands"] = [h[:] for h in s.hands]
        v["hand_counts"] = [len(h) for h in s.hands]
        v["drawn"] = s.drawn[:] if s.phase == E.EXCHANGE and s.drawn else None
        if s.cfg.unt_mode:
            v["untouchable"] = s.unt
        au = s.auc
        if au is not None:
            v["auction"] = {**v["auction"], "line": au.line[:], "leader": au.lead if au.lead >= 0 else None,
                            "tokens": au.tokens[:], "need": au.need[:],
                            "sealed": au.sealed[:] if au.sealed is not None else None}
        return v

    # -- end and records ----------------------------------------------------------------
    def opening_events(self, s: E.State) -> list:
        """Setup itself puts Rialto's first card up for sale: the chronicle says so."""
        ev = []
        if s.auc is not None and s.phase in (E.BID, E.SEALED):
            E._log(ev, "schemers.log.auction_offer", card=s.auc.line[0])
        return ev

    def result(self, s: E.State):
        if s.winner < 0:
            return None
        n = s.cfg.n
        scores = [0] * n
        for i, p in enumerate(s.out):
            scores[p] = i + 1
        scores[s.winner] = n
        return Result((s.winner,), tuple(scores), "schemers.result.last_standing",
                      {"out": list(s.out)})

    def invariants(self, s: E.State, before: E.State | None = None) -> list[str]:
        """What is broken in `s`, in words with its checklist id; empty when all holds.
        Called after every step by the playout tests and `simulate --check` (CHECKLIST
        X-14). Every rule here reads the state alone, so `before` is not used."""
        cfg = s.cfg
        n = cfg.n
        bad = []
        cards = count_cards(s)
        if cards != cfg.total:                             # VC-002, VC-090
            bad.append(f"VC-002: {cards} cards across deck, hands, lost, drawn and auction line; "
                       f"expected {cfg.total}")
        if min(s.coins) < 0:
            bad.append(f"X-14: negative ducats {list(s.coins)}")
        if s.auc is not None and min(s.auc.tokens) < 0:    # VC-071
            bad.append(f"VC-071: negative auction tokens {list(s.auc.tokens)}")
        ds = E.decisions(s)
        if s.winner >= 0:                                  # VC-005: the last holder of a card wins
            if ds:
                bad.append(f"VC-005: the game is over but {len(ds)} decision(s) are still open")
            live = [p for p in range(n) if s.hands[p]]
            if s.winner >= n or s.nalive != 1 or live != [s.winner]:
                bad.append(f"VC-005: winner {s.winner} but live seats {live} (nalive {s.nalive})")
            if sorted(s.out + (s.winner,)) != list(range(n)):
                bad.append(f"VC-005: out {list(s.out)} and winner {s.winner} are not every seat once")
            return bad
        if not ds:
            bad.append(f"X-14: no decision is open in phase {E.PHASES[s.phase]} but the game has not ended")
        for d in ds:
            acts = d.actions
            if not acts:
                bad.append(f"X-14: seat {d.seat}'s {d.kind} decision has no actions")
                continue
            if d.default not in acts:                      # VC-031: the timeout move is legal
                bad.append(f"VC-031: seat {d.seat}'s {d.kind} default {d.default!r} is not one of its actions")
            if d.kind == "turn":
                if s.coins[d.seat] >= cfg.forced_at and any(a[0] != E.CANAL_ACT for a in acts):
                    bad.append(f"VC-010: seat {d.seat} starts the turn with {s.coins[d.seat]} ducats "
                               f"but may do more than Into the Canal")
                if d.seat == s.unt and (E.INCOME in acts or E.CASINO in acts):
                    bad.append(f"VC-042: the Untouchable (seat {d.seat}) is offered Gondola Fare or Casino")
        return bad

    def snapshot(self, s: E.State) -> dict:
        au = s.auc
        return {
            "mode": s.cfg.mode, "options": s.cfg.options, "players": s.cfg.n,
            "hands": [list(h) for h in s.hands], "lost": [list(x) for x in s.lost],
            "deck": list(s.deck), "coins": list(s.coins), "phase": E.PHASES[s.phase],
            "turn": s.turn, "turn_no": s.turn_no, "serial": s.serial,
            "actor": s.actor, "act": s.act, "target": s.target, "paid": s.paid,
            "blocker": s.blocker, "brole": s.brole, "broles": list(s.broles), "chal": s.chal,
            "asked": list(s.asked), "loser": s.loser, "knext": s.knext, "credit": s.credit,
            "pre": s.pre, "drawn": list(s.drawn) if s.drawn else None,
            "untouchable": s.unt, "proven": s.proven,
            "claims": [list(x) for x in s.claims], "declined": [list(x) for x in s.declined],
            "proofs": [list(x) for x in s.proofs], "caught": [list(x) for x in s.caught],
            "changed": list(s.changed), "fare": s.fare, "out": list(s.out),
            "winner": s.winner,
            "auction": None if au is None else {
                "line": list(au.line), "price": au.price, "bids": au.bids, "lead": au.lead,
                "tokens": list(au.tokens), "need": list(au.need), "streak": au.streak,
                "sealed": list(au.sealed) if au.sealed is not None else None,
                "serial": au.serial, "sold": au.sold},
            "rng": s.rng.to_json(),
        }

    def perturb_hidden(self, s: E.State, seat: int | None, rng: RNG) -> E.State:
        """A copy of `s` that differs only in what `seat` may not see (CHECKLIST §3.6),
        built without its view: the other hands, the deck and another seat's Fortune
        Teller draw redealt; who is the Untouchable (unless proven or `seat`); in the
        auction the other seats' tokens, sealed bids, who leads and who bought what.
        The contract suite checks that `seat`'s view and events stay the same."""
        c = E.clone(s)
        n = c.cfg.n
        others = [p for p in range(n) if p != seat]
        # a seat choosing which of its roles to give up keeps its hand (its choices and
        # their timeout default are built from it)
        chooser = c.loser if c.phase == E.LOSE else c.blocker if c.phase == E.PRICE else None
        redealt = [p for p in others if p != chooser]
        pool = list(c.deck)
        for p in redealt:
            pool += c.hands[p]
        foreign_draw = c.drawn is not None and c.actor != seat
        if foreign_draw:
            pool += c.drawn
        rng.shuffle(pool)
        for p in redealt:
            k = len(c.hands[p])
            c.hands[p] = [pool.pop() for _ in range(k)]
        if foreign_draw:
            c.drawn = [pool.pop() for _ in range(len(c.drawn))]
        c.deck = pool
        if c.cfg.unt_mode and not c.proven and c.unt != seat:
            choices = [p for p in others if p != c.unt]
            if choices:
                c.unt = choices[rng.below(len(choices))]
        if c.auc is not None:
            a = c.auc
            for p in others:
                a.tokens[p] = rng.below(7)
                if a.sealed is not None and a.sealed[p] >= 0:
                    a.sealed[p] = rng.below(7)
            if a.lead != seat:
                leads = [p for p in others if p != a.lead]
                a.lead = leads[rng.below(len(leads))] if leads else a.lead
            bought = []                        # during the auction hands are hidden
            for p in others:
                bought += c.hands[p]
                c.hands[p] = []
            for card in bought:
                c.hands[others[rng.below(len(others))]].append(card)
        c.dec = None
        return c


def count_cards(s: E.State) -> int:
    """Cards in the deck, the hands, the lost piles, a Fortune Teller's draw and the
    auction line: always the deck size of the mode (15, Carnevale 25)."""
    n = len(s.deck) + sum(len(h) for h in s.hands) + sum(len(x) for x in s.lost)
    if s.auc is not None:
        n += len(s.auc.line)
    if s.drawn:
        n += len(s.drawn)
    return n
