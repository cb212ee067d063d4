"""Schemers of Venice: the state and the hot path (decisions / apply / clone).

Read this file top to bottom: constants, the state, the turn flow (one small
function per step of CHECKLIST VC-020), then `decisions` and `apply`.

How a turn flows (VC-020):
    TURN ─ income ───────────────────────────────────────────────► next turn
         ─ casino ─────────────────► BLOCK (anyone: Doge) ─┐
         ─ canal t ─ (Untouchable mode, t holds 2) ► BLOCK (t: untouchable) ─┐
         ─ claim role ─► CHAL (everyone else) ─► BLOCK (target) ─► CHAL_BLOCK ─► resolve
    Losing a card is a step of its own (LOSE) when the loser has a real choice; the
    step after it is stored in `knext` (one of the K_* codes).

Speed notes: the state uses __slots__; hands and the deck are lists; public per-seat
histories are tuples (copy-on-write, so `clone` copies only the outer list); actions
are tuples built once at import; events are built only when `state.quiet` is False
(search states set it), and carry no formatted strings.
"""
from __future__ import annotations

from itertools import combinations

from ...core.dispatch import find_decision
from ...core.rules import Decision, IllegalAction, new_event

# -- names ------------------------------------------------------------------------------
ROLES = ("doge", "poisoner", "corsair", "fortune_teller", "plague_doctor")
DOGE, POISONER, CORSAIR, FT, PD = ROLES
UNTOUCHABLE = "untouchable"          # the block claim of L'Intoccabile (not a card)
CASINO_ACT, CANAL_ACT = "casino", "canal"

TURN, CHAL, BLOCK, CHAL_BLOCK, LOSE, EXCHANGE, PRICE, BID, SEALED, OVER = range(10)
PHASES = ("turn", "challenge", "block", "challenge_block", "lose_card", "exchange",
          "untouchable_price", "auction", "sealed_auction", "over")

# what happens after a card is lost (VC-018, VC-019, VC-021)
K_END, K_PROCEED, K_BLOCK_STANDS, K_BLOCK_FAILS = range(4)
AFTER = ("end", "proceed", "block_stands", "block_fails")

MAX_SEATS = 8
PASS = ("pass",)
CHALLENGE = ("challenge",)
INCOME = ("income",)
CASINO = ("casino",)
BID_ACT = ("bid",)
CLAIM = {r: ("claim", r) for r in ROLES}
CLAIM_T = {r: tuple(("claim", r, t) for t in range(MAX_SEATS)) for r in ROLES}
CANAL = tuple(("canal", t) for t in range(MAX_SEATS))
BLOCK_A = {r: ("block", r) for r in ROLES + (UNTOUCHABLE,)}
LOSE_A = {r: ("lose", r) for r in ROLES}
SLIP_A = {r: ("slip", r) for r in ROLES}
CHAL_ACTIONS = (PASS, CHALLENGE)
BID_ACTIONS = (BID_ACT, PASS)
SEALED_A = tuple(("sealed_bid", k) for k in range(100))
HAND_Z = tuple(f"hand:{i}" for i in range(MAX_SEATS))
LOST_Z = tuple(f"lost:{i}" for i in range(MAX_SEATS))
ROLE_SET = frozenset(ROLES)


class Config:
    """Fixed facts of one game (mode, numbers, flags); shared by every copy of a state."""
    __slots__ = ("mode", "n", "hand_size", "start", "deck", "total", "clock", "hotseat",
                 "unt_mode", "auction", "sealed", "taglia", "refund", "price_all",
                 "income", "casino", "canal_cost", "forced_at", "doge_amt", "poison_cost",
                 "steal_amt", "ft_draw", "block_roles", "block_others", "unt_role", "unt_copies",
                 "unt_penalty", "unt_min", "au_tokens", "au_per", "au_secs", "au_add", "au_cap",
                 "au_open", "options", "order")


class Auction:
    """Rialto's sale of the starting hands (VC-070..VC-080)."""
    __slots__ = ("line", "price", "bids", "lead", "tokens", "need", "streak", "sealed", "serial",
                 "sold")

    def clone(self):
        a = Auction.__new__(Auction)
        a.line, a.price, a.bids, a.lead = self.line[:], self.price, self.bids, self.lead
        a.tokens, a.need, a.streak = self.tokens[:], self.need[:], self.streak
        a.sealed = self.sealed[:] if self.sealed is not None else None
        a.serial, a.sold = self.serial, self.sold
        return a


class State:
    __slots__ = (
        "cfg", "rng", "quiet", "dec",
        "hands", "lost", "deck", "coins", "nalive", "out", "winner",
        "phase", "turn", "turn_no", "serial",
        "actor", "act", "target", "paid", "blocker", "brole", "broles", "chal", "asked",
        "loser", "knext", "credit", "pre", "drawn",
        "unt", "proven", "claims", "declined", "proofs", "caught", "changed", "fare", "auc",
        "root")


# -- small helpers ----------------------------------------------------------------------
def others_from(s: State, seat: int) -> list:
    """Live seats other than `seat`, clockwise from the one after it."""
    hands = s.hands
    return [t for t in s.cfg.order[seat] if hands[t]]


def distinct(hand: list) -> list:
    out = []
    for c in hand:
        if c not in out:
            out.append(c)
    return out


def _move(ev, card, src, dst, face_up, owner=None):
    """A card move; when `owner` is given the card is shown only to that seat and
    everyone gets a redacted public twin marked with "private": owner."""
    if owner is None:
        ev.append(new_event(("move", {"card": card, "src": src, "dst": dst, "face_up": face_up}, None)))
    else:
        ev.append(new_event(("move", {"card": card, "src": src, "dst": dst, "face_up": face_up}, (owner,))))
        ev.append(new_event(("move", {"card": None, "src": src, "dst": dst, "face_up": False,
                                      "private": owner}, None)))


def _log(ev, key, **params):
    ev.append(new_event(("log", {"key": key, "params": params}, None)))


def _counter(ev, seat, delta, value, name="ducats", to=None):
    ev.append(new_event(("counter", {"seat": seat, "name": name, "delta": delta, "value": value}, to)))


# -- the turn flow ----------------------------------------------------------------------
def start_turn(s: State, seat: int, ev) -> None:
    s.phase = TURN
    s.turn = seat
    s.turn_no += 1
    s.actor = seat
    s.act = None
    s.target = s.blocker = s.chal = -1
    s.brole = None
    s.paid = 0
    if s.coins[seat] >= s.cfg.forced_at:
        # the timeout default of a forced Canal is a random target (VC-031, VC-G16),
        # drawn now so that decisions() never touches the RNG
        targets = others_from(s, seat)
        s.pre = targets[s.rng.stream("timeout_default").below(len(targets))]
    if ev is not None:
        ev.append(new_event(("turn", {"seat": seat, "turn": s.turn_no}, None)))


def end_turn(s: State, ev) -> None:
    if s.phase == OVER:
        return
    hands = s.hands
    for t in s.cfg.order[s.turn]:
        if hands[t]:
            start_turn(s, t, ev)
            return


def open_challenge(s: State, claimant: int, phase: int, ev) -> None:
    s.phase = phase
    s.serial += 1
    s.asked = others_from(s, claimant)


def open_block(s: State, seats: list, roles: tuple, ev) -> None:
    seats = [t for t in seats if s.hands[t]]
    if not seats:
        resolve(s, ev)
        return
    s.phase = BLOCK
    s.serial += 1
    s.asked = seats
    s.broles = roles


def claim_stands(s: State, ev) -> None:
    """The action claim was not challenged, or the claimant proved it (VC-019)."""
    a, role, t = s.actor, s.act, s.target
    if not s.hands[a]:
        end_turn(s, ev)
        return
    if role == DOGE:
        resolve(s, ev)
    elif role == FT:
        deck = s.deck
        k = min(s.cfg.ft_draw, len(deck))                  # VC-G06
        s.drawn = [deck.pop() for _ in range(k)]
        s.phase = EXCHANGE
        if ev is not None:
            for c in s.drawn:
                _move(ev, c, "deck", HAND_Z[a], False, a)
    else:                                                  # poisoner, corsair
        if not s.hands[t]:                                 # VC-023: the target is gone
            if ev is not None:
                _log(ev, "schemers.log.fizzle", player=a)
            end_turn(s, ev)
        else:                                              # who may block: data (VC-G07)
            who = others_from(s, a) if s.cfg.block_others[role] else [t]
            open_block(s, who, s.cfg.block_roles[role], ev)


def block_stands(s: State, ev) -> None:
    b = s.blocker
    cfg = s.cfg
    if ev is not None:
        _log(ev, "schemers.log.blocked", player=s.actor, blocker=b, role=s.brole)
    if cfg.unt_mode and (s.brole == UNTOUCHABLE or cfg.price_all) and s.hands[b]:
        hand = s.hands[b]
        d = distinct(hand)
        if len(d) == 1:
            slip(s, b, d[0], ev)
        else:                                              # VC-047: the blocker chooses
            s.phase = PRICE
            s.pre = s.rng.stream("timeout_default").below(len(d))
            return
    end_turn(s, ev)


def slip(s: State, b: int, card: str, ev) -> None:
    """The Untouchable's price: a card back into the deck, shuffled, a fresh one drawn."""
    hand, deck = s.hands[b], s.deck
    hand.remove(card)
    deck.append(card)
    s.rng.stream("deck").shuffle(deck)
    new = deck.pop()
    hand.append(new)
    s.claims[b] = ()
    s.declined[b] = ()
    s.changed[b] += 1
    if ev is not None:
        _move(ev, card, HAND_Z[b], "deck", False, b)
        ev.append(new_event(("shuffle", {"zone": "deck"}, None)))
        _move(ev, new, "deck", HAND_Z[b], False, b)
        _log(ev, "schemers.log.price", player=b)


def resolve(s: State, ev) -> None:
    """The action goes ahead (no block, or the block failed)."""
    a, act, t = s.actor, s.act, s.target
    cfg = s.cfg
    coins = s.coins
    if not s.hands[a]:
        end_turn(s, ev)
        return
    if act == CASINO_ACT or act == DOGE:
        gain = cfg.casino if act == CASINO_ACT else cfg.doge_amt
        coins[a] += gain
        if ev is not None:
            _counter(ev, a, gain, coins[a])
            _log(ev, "schemers.log.gain", player=a, amount=gain, action=act)
    elif act == CORSAIR:
        if s.hands[t]:
            k = coins[t] if coins[t] < cfg.steal_amt else cfg.steal_amt
            coins[t] -= k
            coins[a] += k
            if ev is not None:
                _counter(ev, t, -k, coins[t])
                _counter(ev, a, k, coins[a])
                _log(ev, "schemers.log.steal", player=a, target=t, amount=k)
        elif ev is not None:
            _log(ev, "schemers.log.fizzle", player=a)
    else:                                                  # poisoner or canal
        if s.hands[t]:
            lose(s, t, K_END, a, ev)
            return
        if ev is not None:
            _log(ev, "schemers.log.fizzle", player=a)
    end_turn(s, ev)


def lose(s: State, seat: int, knext: int, credit: int, ev) -> None:
    """`seat` must lose a card; `credit` caused it (Bounty, VC-102)."""
    hand = s.hands[seat]
    if hand:
        d = distinct(hand)
        if len(d) > 1:
            s.phase = LOSE
            s.serial += 1                                  # a fresh clock for every loss
            s.loser = seat
            s.knext = knext
            s.credit = credit
            s.pre = s.rng.stream("timeout_default").below(len(d))   # the timeout default (VC-031)
            return
        do_lose(s, seat, d[0], credit, ev)
    cont(s, knext, ev)


def do_lose(s: State, seat: int, card: str, credit: int, ev) -> None:
    hand = s.hands[seat]
    hand.remove(card)
    s.lost[seat] += (card,)
    c = s.claims[seat]
    if card in c:                                          # that claim is explained now
        i = c.index(card)
        s.claims[seat] = c[:i] + c[i + 1:]
    if ev is not None:
        _move(ev, card, HAND_Z[seat], LOST_Z[seat], True)
        _log(ev, "schemers.log.lose", player=seat, role=card)
    if hand:
        return
    s.nalive -= 1
    s.out += (seat,)
    if ev is not None:
        ev.append(new_event(("eliminated", {"seat": seat, "by": credit}, None)))
    coins = s.coins
    if s.cfg.taglia and credit >= 0 and credit != seat and coins[seat] > 0:   # VC-101..103
        k = coins[seat]
        coins[seat] = 0
        coins[credit] += k
        if ev is not None:
            _counter(ev, seat, -k, 0)
            _counter(ev, credit, k, coins[credit])
            _log(ev, "schemers.log.bounty", player=credit, target=seat, amount=k)
    if s.nalive == 1:
        w = next(t for t in range(s.cfg.n) if s.hands[t])
        s.winner = w
        s.phase = OVER
        s.asked = []
        if ev is not None:
            ev.append(new_event(("game_over", {"winner": w, "out": list(s.out)}, None)))
            _log(ev, "schemers.log.winner", player=w)


def cont(s: State, k: int, ev) -> None:
    if s.phase == OVER:
        return
    if k == K_END:
        end_turn(s, ev)
    elif k == K_PROCEED:
        claim_stands(s, ev)
    elif k == K_BLOCK_STANDS:
        block_stands(s, ev)
    else:
        resolve(s, ev)


def challenge(s: State, challenger: int, ev) -> None:
    """VC-017..VC-019, VC-046: the claim on the table is called."""
    if s.phase == CHAL:
        x, role, on_block = s.actor, s.act, False
    else:
        x, role, on_block = s.blocker, s.brole, True
    s.chal = challenger
    cfg = s.cfg
    hand = s.hands[x]
    if role == UNTOUCHABLE:
        honest = hand.count(cfg.unt_role) >= cfg.unt_copies
    else:
        honest = role in hand
    if ev is not None:
        ev.append(new_event(("challenge", {"challenger": challenger, "claimant": x, "role": role,
                                           "honest": honest}, None)))
        _log(ev, "schemers.log.challenge", challenger=challenger, claimant=x, role=role)
    if honest:
        s.proofs[x] += (role,)
        price_follows = on_block and cfg.unt_mode and (role == UNTOUCHABLE or cfg.price_all)
        if role == UNTOUCHABLE:
            if x == s.unt:
                s.proven = True
            if ev is not None:
                for _ in range(cfg.unt_copies):
                    ev.append(new_event(("reveal", {"seat": x, "card": cfg.unt_role}, None)))
                _log(ev, "schemers.log.honest", player=x, role=role)
        else:
            if ev is not None:
                ev.append(new_event(("reveal", {"seat": x, "card": role}, None)))
                _log(ev, "schemers.log.honest", player=x, role=role)
            if not price_follows:                          # VC-019: back into the deck, draw anew
                deck = s.deck
                hand.remove(role)
                deck.append(role)
                s.rng.stream("deck").shuffle(deck)
                new = deck.pop()
                hand.append(new)
                c = s.claims[x]
                if role in c:
                    i = c.index(role)
                    s.claims[x] = c[:i] + c[i + 1:]
                s.changed[x] += 1
                if ev is not None:                         # said before the draw the claimant sees
                    _log(ev, "schemers.log.redraw", player=x, role=role)
                    _move(ev, role, HAND_Z[x], "deck", True)
                    ev.append(new_event(("shuffle", {"zone": "deck"}, None)))
                    _move(ev, new, "deck", HAND_Z[x], False, x)
        lose(s, challenger, K_BLOCK_STANDS if on_block else K_PROCEED, x, ev)
    else:
        c = s.claims[x]
        if role in c:
            i = c.index(role)
            s.claims[x] = c[:i] + c[i + 1:]
        s.caught[x] += (role,)
        if ev is not None:
            _log(ev, "schemers.log.liar", player=x, role=role)
        if not on_block and s.paid and cfg.refund:        # VC-013 refund
            s.coins[x] += s.paid
            if ev is not None:
                _counter(ev, x, s.paid, s.coins[x])
            s.paid = 0
        lose(s, x, K_BLOCK_FAILS if on_block else K_END, challenger, ev)


def declare(s: State, seat: int, a: tuple, ev) -> None:
    """The active player's one action (VC-006)."""
    v = a[0]
    cfg = s.cfg
    coins = s.coins
    if v == "income":
        coins[seat] += cfg.income
        s.fare |= 1 << seat
        s.declined[seat] += INCOME
        if ev is not None:
            ev.append(new_event(("action", {"seat": seat, "action": "income", "target": None}, None)))
            _counter(ev, seat, cfg.income, coins[seat])
            _log(ev, "schemers.log.income", player=seat, amount=cfg.income)
        end_turn(s, ev)
    elif v == "claim":
        role = a[1]
        s.act = role
        s.target = t = a[2] if len(a) > 2 else -1
        s.claims[seat] += (role,)
        if role == POISONER:
            s.paid = cfg.poison_cost
            coins[seat] -= cfg.poison_cost
        if ev is not None:
            ev.append(new_event(("claim", {"seat": seat, "role": role, "target": None if t < 0 else t}, None)))
            if role == POISONER:
                _counter(ev, seat, -cfg.poison_cost, coins[seat])
            if t < 0:
                _log(ev, "schemers.log.claim", player=seat, role=role)
            else:
                _log(ev, "schemers.log.claim_target", player=seat, role=role, target=t)
        open_challenge(s, seat, CHAL, ev)
    elif v == "canal":
        t = a[1]
        s.act = CANAL_ACT
        s.target = t
        coins[seat] -= cfg.canal_cost
        if ev is not None:
            ev.append(new_event(("action", {"seat": seat, "action": "canal", "target": t}, None)))
            _counter(ev, seat, -cfg.canal_cost, coins[seat])
            _log(ev, "schemers.log.canal", player=seat, target=t)
        if cfg.unt_mode and len(s.hands[t]) == 2:          # VC-045
            open_block(s, [t], (UNTOUCHABLE,), ev)
        else:
            lose(s, t, K_END, seat, ev)
    else:                                                  # casino
        s.act = CASINO_ACT
        s.fare |= 1 << seat
        s.declined[seat] += CASINO
        if ev is not None:
            ev.append(new_event(("action", {"seat": seat, "action": "casino", "target": None}, None)))
            _log(ev, "schemers.log.casino", player=seat)
        if cfg.block_others[CASINO_ACT]:
            open_block(s, others_from(s, seat), cfg.block_roles[CASINO_ACT], ev)
        else:
            resolve(s, ev)


# -- Rialto ------------------------------------------------------------------------------
def auction_next(s: State, ev) -> None:
    """Offer the next card, or finish the sale (VC-072..VC-079)."""
    au = s.auc
    cfg = s.cfg
    need = au.need
    needers = [p for p in range(cfg.n) if need[p] > 0]
    if not needers:
        auction_end(s, ev)
        return
    if len(needers) == 1:                                  # VC-077
        p = needers[0]
        if ev is not None:
            _log(ev, "schemers.log.auction_rest", count=len(au.line))
        while au.line:
            give(s, p, au.line.pop(0), 0, ev, shown=False)
        auction_end(s, ev)
        return
    if au.streak >= len(au.line) or not any(au.tokens[p] > 0 for p in needers):   # VC-078
        s.rng.stream("auction_line").shuffle(au.line)
        if ev is not None:
            ev.append(new_event(("shuffle", {"zone": "auction"}, None)))
            _log(ev, "schemers.log.auction_free", count=len(au.line))
        i = 0
        while au.line:
            p = needers[i % len(needers)]
            i += 1
            if need[p] > 0:
                give(s, p, au.line.pop(0), 0, ev, shown=False)
        auction_end(s, ev)
        return
    au.price = cfg.au_open
    au.bids = 0
    au.lead = -1
    au.serial += 1
    s.serial += 1
    start = au.serial % cfg.n
    rot = [(start + i) % cfg.n for i in range(cfg.n)]
    if cfg.sealed:
        s.phase = SEALED
        s.asked = [p for p in rot if need[p] > 0 and au.tokens[p] > 0]
        au.sealed = [-1] * cfg.n
    else:
        s.phase = BID
        s.asked = [p for p in rot if need[p] > 0 and au.tokens[p] > au.price]
    if ev is not None:
        ev.append(new_event(("auction", {"card": au.line[0], "price": au.price, "bids": 0,
                                         "left": len(au.line), "sealed": cfg.sealed}, None)))
        _log(ev, "schemers.log.auction_offer", card=au.line[0])


def give(s: State, p: int, card: str, price: int, ev, shown: bool = True) -> None:
    """`p` takes `card` in secret (VC-075): only `p` sees where it goes. The others see
    a card leave the line: the sold card face up (it was on offer), a card handed out
    free face down (it may never have been put up, VC-077, VC-078)."""
    au = s.auc
    au.tokens[p] -= price
    au.need[p] -= 1
    au.sold += 1
    s.hands[p].append(card)
    if ev is not None:
        ev.append(new_event(("move", {"card": card, "src": "auction", "dst": HAND_Z[p], "face_up": False}, (p,))))
        # each other seat gets its own copy: one event to "everyone but p" would name p
        public = {"card": card if shown else None, "src": "auction", "dst": "sold", "face_up": shown}
        for q in range(s.cfg.n):
            if q != p:
                ev.append(new_event(("move", public, (q,))))
        if price:
            _counter(ev, p, -price, au.tokens[p], "tokens", (p,))


def sell(s: State, ev) -> None:
    au = s.auc
    card = au.line.pop(0)
    au.streak = 0
    if ev is not None:
        ev.append(new_event(("sold", {"card": card, "price": au.price, "bids": au.bids}, None)))
        _log(ev, "schemers.log.auction_sold", card=card, price=au.price)
    give(s, au.lead, card, au.price, ev)
    auction_next(s, ev)


def unsold(s: State, ev) -> None:
    au = s.auc
    card = au.line.pop(0)
    au.line.append(card)                                   # VC-076: to the back of the line
    au.streak += 1
    if ev is not None:
        ev.append(new_event(("unsold", {"card": card}, None)))
        _log(ev, "schemers.log.auction_unsold", card=card)
    auction_next(s, ev)


def auction_end(s: State, ev) -> None:
    au = s.auc
    s.coins = [t + s.cfg.start for t in au.tokens]         # VC-079 (+ the mode's start_ducats)
    s.auc = None
    s.asked = []
    if ev is not None:
        _log(ev, "schemers.log.auction_done")
        for p in range(s.cfg.n):
            _counter(ev, p, s.coins[p], s.coins[p])
    start_turn(s, s.turn, ev)


def sealed_resolve(s: State, ev) -> None:
    """VC-080: highest maximum wins (ties at random) at the second-highest + 1."""
    au = s.auc
    bids = au.sealed
    top = max(bids)
    if top <= 0:
        unsold(s, ev)
        return
    best = [p for p in range(s.cfg.n) if bids[p] == top]
    w = best[s.rng.stream("bid_tie").below(len(best))] if len(best) > 1 else best[0]
    second = max([bids[p] for p in range(s.cfg.n) if p != w] + [0])
    au.price = min(top, second + 1)
    au.bids = au.price
    au.lead = w
    sell(s, ev)


# -- the protocol's hot half --------------------------------------------------------------
def decisions(s: State) -> tuple:
    d = s.dec
    if d is None:
        d = s.dec = _build(s)
    return d


def _turn_actions(s: State, seat: int) -> tuple:
    cfg = s.cfg
    c = s.coins[seat]
    targets = others_from(s, seat)
    if c >= cfg.forced_at:
        return tuple([CANAL[t] for t in targets])
    acts = [] if seat == s.unt else [INCOME, CASINO]        # VC-042
    acts.append(CLAIM[DOGE])
    acts.append(CLAIM[FT])
    ct = CLAIM_T[CORSAIR]
    acts += [ct[t] for t in targets]
    if c >= cfg.poison_cost:
        pt = CLAIM_T[POISONER]
        acts += [pt[t] for t in targets]
    if c >= cfg.canal_cost:
        acts += [CANAL[t] for t in targets]
    return tuple(acts)


def _build(s: State) -> tuple:
    ph = s.phase
    cfg = s.cfg
    clock = cfg.clock
    if ph == CHAL or ph == CHAL_BLOCK:
        if ph == CHAL:
            prompt = {"claimant": s.actor, "role": s.act, "action": s.act,
                      "target": s.target if s.target >= 0 else None, "actor": s.actor}
            kind = "challenge"
        else:
            prompt = {"claimant": s.blocker, "role": s.brole, "action": s.act,
                      "target": s.target if s.target >= 0 else None, "actor": s.actor}
            kind = "challenge_block"
        key = ("window", s.serial)
        return tuple([Decision(p, kind, CHAL_ACTIONS, clock, PASS, key, prompt) for p in s.asked])
    if ph == TURN:
        seat = s.turn
        acts = _turn_actions(s, seat)
        forced = s.coins[seat] >= cfg.forced_at
        timeout = clock
        if forced:
            default = CANAL[s.pre]
        elif seat == s.unt:
            default = CLAIM[DOGE]                          # VC-044
        else:
            default = INCOME
        if seat == s.unt and clock is not None:            # VC-043
            timeout = max(cfg.unt_min, clock - cfg.unt_penalty)
        prompt = {"ducats": s.coins[seat], "forced": forced}
        return (Decision(seat, "turn", acts, timeout, default, ("turn", s.turn_no), prompt),)
    if ph == BLOCK:
        acts = (PASS,) + tuple([BLOCK_A[r] for r in s.broles])
        prompt = {"actor": s.actor, "action": s.act, "target": s.target if s.target >= 0 else None,
                  "roles": s.broles}
        key = ("window", s.serial)
        return tuple([Decision(p, "block", acts, clock, PASS, key, prompt) for p in s.asked])
    if ph == LOSE:
        d = distinct(s.hands[s.loser])
        acts = tuple([LOSE_A[r] for r in d])
        return (Decision(s.loser, "lose_card", acts, clock, acts[s.pre], ("lose", s.serial),
                         {"by": s.credit}),)
    if ph == EXCHANGE:
        acts = exchange_actions(s.hands[s.actor], s.drawn)
        default = ("return", tuple(sorted(s.drawn)))
        return (Decision(s.actor, "exchange", acts, clock, default, ("exchange", s.turn_no),
                         {"drawn": tuple(s.drawn), "keep": len(s.hands[s.actor])}),)
    if ph == PRICE:
        d = distinct(s.hands[s.blocker])
        acts = tuple([SLIP_A[r] for r in d])
        return (Decision(s.blocker, "untouchable_price", acts, clock, acts[s.pre],
                         ("price", s.turn_no), {}),)
    if ph == BID:
        au = s.auc
        prompt = {"card": au.line[0], "price": au.price, "bids": au.bids, "left": len(au.line)}
        key = ("auction", au.serial)
        return tuple([Decision(p, "bid", BID_ACTIONS, cfg.au_secs, PASS, key, prompt) for p in s.asked])
    if ph == SEALED:
        au = s.auc
        prompt = {"card": au.line[0], "left": len(au.line)}
        key = ("sealed", au.serial)
        return tuple([Decision(p, "sealed_bid", SEALED_A[:au.tokens[p] + 1], clock, SEALED_A[0], key,
                               {**prompt, "tokens": au.tokens[p]}) for p in s.asked])
    return ()


def exchange_actions(hand: list, drawn: list) -> tuple:
    """Every distinct set of cards the Fortune Teller may put back (VC-015, VC-024)."""
    pool = sorted(hand + drawn)
    k = len(drawn)
    return tuple(("return", c) for c in sorted(set(combinations(pool, k))))


def _without(dec: tuple, seat: int) -> tuple:
    """The open questions after `seat` passed: a pass changes nothing the others are
    asked, so their decisions are kept rather than rebuilt."""
    return tuple([d for d in dec if d.seat != seat])


def apply(s: State, seat: int, a) -> list:
    dec = s.dec
    if dec is None:
        dec = s.dec = _build(s)
    if s.phase == OVER:
        raise IllegalAction("the game is over")
    d, a = find_decision(dec, seat, a)
    s.dec = None
    ev = None if s.quiet else []
    if ANSWERS[d.kind](s, seat, a, ev):
        s.dec = _without(dec, seat)
    return ev if ev is not None else []


# -- the answers: one per decision kind (ANSWERS below). Each returns True when it only
# -- took a pass and the other seats are still asked the same question (their decisions
# -- are then kept, not rebuilt), else nothing.
def _answer_challenge(s: State, seat: int, a, ev):
    """A challenge window, on a claim or on a block claim (VC-016, VC-017)."""
    if a[0] != "pass":
        challenge(s, seat, ev)
        return
    s.asked.remove(seat)
    if ev is not None:
        ev.append(new_event(("pass", {"seat": seat, "window": PHASES[s.phase]}, None)))
    if s.asked:
        return True
    if s.phase == CHAL:
        claim_stands(s, ev)
    else:
        block_stands(s, ev)


def _answer_turn(s: State, seat: int, a, ev):
    declare(s, seat, a, ev)


def _answer_block(s: State, seat: int, a, ev):
    if a[0] == "pass":
        s.asked.remove(seat)
        s.declined[seat] += s.broles
        if ev is not None:
            ev.append(new_event(("pass", {"seat": seat, "window": "block"}, None)))
        if s.asked:
            return True
        resolve(s, ev)
        return
    role = a[1]
    s.blocker = seat
    s.brole = role
    s.claims[seat] += (role,)
    if ev is not None:
        ev.append(new_event(("block", {"seat": seat, "role": role, "actor": s.actor, "action": s.act}, None)))
        _log(ev, "schemers.log.block", player=seat, role=role, actor=s.actor)
    open_challenge(s, seat, CHAL_BLOCK, ev)


def _answer_lose_card(s: State, seat: int, a, ev):
    do_lose(s, seat, a[1], s.credit, ev)
    cont(s, s.knext, ev)


def _answer_exchange(s: State, seat: int, a, ev):
    back = a[1]
    pool = s.hands[seat] + s.drawn
    for c in back:
        pool.remove(c)
    s.hands[seat] = pool
    s.deck.extend(back)
    s.rng.stream("deck").shuffle(s.deck)
    s.drawn = None
    s.claims[seat] = ()
    s.declined[seat] = ()
    s.changed[seat] += 1
    if ev is not None:
        for c in back:
            _move(ev, c, HAND_Z[seat], "deck", False, seat)
        ev.append(new_event(("shuffle", {"zone": "deck"}, None)))
        _log(ev, "schemers.log.exchange", player=seat)
    end_turn(s, ev)


def _answer_untouchable_price(s: State, seat: int, a, ev):
    slip(s, seat, a[1], ev)
    end_turn(s, ev)


def _answer_bid(s: State, seat: int, a, ev):
    au = s.auc
    if a[0] != "bid":
        s.asked.remove(seat)
        if s.asked:
            return True
        if au.bids:
            sell(s, ev)
        else:
            unsold(s, ev)
        return
    au.price += 1
    au.bids += 1
    au.lead = seat
    need, tokens, price = au.need, au.tokens, au.price
    n = s.cfg.n
    start = au.serial % n
    s.asked = [p for p in ((start + i) % n for i in range(n))
               if p != seat and need[p] > 0 and tokens[p] > price]
    if ev is not None:
        ev.append(new_event(("bid", {"price": price, "bids": au.bids}, None)))
        ev.append(new_event(("clock", {"clock": ("auction", au.serial), "add": s.cfg.au_add,
                                       "cap": s.cfg.au_cap}, None)))
    if not s.asked:
        sell(s, ev)


def _answer_sealed_bid(s: State, seat: int, a, ev):
    au = s.auc
    au.sealed[seat] = a[1]
    s.asked.remove(seat)
    if ev is not None:
        ev.append(new_event(("sealed", {"count": sum(1 for b in au.sealed if b >= 0)}, None)))
    if not s.asked:
        sealed_resolve(s, ev)


# decision kind (as `_build` names it) -> its answer; core/dispatch.py says why a table
ANSWERS = {
    "turn": _answer_turn,
    "challenge": _answer_challenge, "challenge_block": _answer_challenge,
    "block": _answer_block,
    "lose_card": _answer_lose_card,
    "exchange": _answer_exchange,
    "untouchable_price": _answer_untouchable_price,
    "bid": _answer_bid,
    "sealed_bid": _answer_sealed_bid,
}


def clone(s: State) -> State:
    c = State.__new__(State)
    c.cfg = s.cfg
    c.rng = s.rng if s.quiet else s.rng.clone()   # a search's world (quiet) shares its streams: ISMCTS plays each world once, uncopied
    c.quiet = s.quiet
    c.dec = s.dec
    c.hands = [h[:] for h in s.hands]
    c.lost = s.lost[:]
    c.deck = s.deck[:]
    c.coins = s.coins[:]
    c.nalive, c.out, c.winner = s.nalive, s.out, s.winner
    c.phase, c.turn, c.turn_no, c.serial = s.phase, s.turn, s.turn_no, s.serial
    c.actor, c.act, c.target, c.paid = s.actor, s.act, s.target, s.paid
    c.blocker, c.brole, c.broles, c.chal = s.blocker, s.brole, s.broles, s.chal
    c.asked = s.asked[:]
    c.loser, c.knext, c.credit, c.pre = s.loser, s.knext, s.credit, s.pre
    c.drawn = s.drawn[:] if s.drawn else s.drawn
    c.unt, c.proven = s.unt, s.proven
    c.claims = s.claims[:]
    c.declined = s.declined[:]
    c.proofs = s.proofs[:]
    c.caught = s.caught[:]
    c.changed = s.changed[:]
    c.fare = s.fare
    c.root = s.root
    c.auc = s.auc.clone() if s.auc is not None else None
    return c
