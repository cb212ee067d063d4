"""CHECKLIST §3 items that had no scenario of their own: VC-072, VC-111 and the gap
resolutions VC-G01 … VC-G16 (rules side; the UI items VC-110 and VC-G11 are in
test_table_checklist.py). Each test builds a state through the rules' setup /
apply (or the exact-state helper) and checks the rule as the checklist words it."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.i18n import t
from game.core.match import Match, SeatInfo
from game.core.rng import RNG
from game.core.rules import OptionsError
from game.games.schemers import SPEC, ai, engine as E
from game.games.schemers.rules import MODE_NAMES

from .test_util import count_cards, events_of, log_keys, pass_all, play, rules, table

D, P, C, F, PD = "doge", "poisoner", "corsair", "fortune_teller", "plague_doctor"


def _match(s, options, now, agents=None, kinds=None):
    """A Match driving exactly the scenario state `s` (its options must be s's)."""
    R = rules()
    n = s.cfg.n
    kinds = kinds or ["human"] * n
    m = Match("schemers", R, [SeatInfo(str(i), kinds[i]) for i in range(n)], options, 1,
              now=lambda: now[0], agents=agents)
    assert m.options == s.cfg.options
    m.state = s
    m._decisions = None
    return m


def _random_game(R, opts, n, seed, each=None):
    rng = RNG(seed)
    s = R.setup(n, opts, seed)
    steps = 0
    while R.result(s) is None:
        ds = R.decisions(s)
        d = ds[rng.below(len(ds))]
        a = d.actions[rng.below(len(d.actions))]
        before = E.clone(s)
        events = R.apply(s, d.seat, a)
        if each is not None:
            each(before, d, a, s, events)
        steps += 1
        assert steps < 5000
    return s


# -- VC-072 ------------------------------------------------------------------------------------
def test_VC_072_2N_cards_from_the_shuffled_deck_are_sold_one_at_a_time_face_up():
    R = rules()
    opts = R.validate_options({"mode": "rialto"}, 4)
    lines = set()
    for seed in range(12):
        s = R.setup(4, opts, seed)
        assert len(s.auc.line) == 2 * 4
        assert Counter(s.auc.line) + Counter(s.deck) == Counter(s.cfg.deck)   # the rest is the deck
        lines.add(tuple(s.auc.line))
    assert len(lines) == 12                                 # drawn from a shuffled deck
    s = R.setup(4, opts, 3)
    line, deck = list(s.auc.line), list(s.deck)
    # one card at a time, face up: every seat and a spectator see the same card on offer
    for viewer in (0, 1, 2, 3, None):
        assert R.view(s, viewer)["auction"]["card"] == line[0]
    assert {d.prompt["card"] for d in R.decisions(s)} == {line[0]}
    first = R.decisions(s)[0].seat
    events = play(R, s, first, "bid")
    while s.auc.sold == 0:
        events += pass_all(R, s)
    sold = events_of(events, "sold")
    assert [e.data["card"] for e in sold] == [line[0]] and sold[0].to is None
    offer = events_of(events, "auction")
    assert [e.data["card"] for e in offer] == [line[1]] and offer[0].to is None
    for viewer in (0, 1, 2, 3, None):
        assert R.view(s, viewer)["auction"]["card"] == line[1]
    # the sale never touches the deck: what was not drawn for the line is the game's deck
    while s.auc is not None:
        pass_all(R, s)
    assert s.deck == deck and sorted(c for h in s.hands for c in h) == sorted(line)
    assert len(s.deck) == 15 - 2 * 4 and s.phase == E.TURN


# -- VC-111 ------------------------------------------------------------------------------------
def _beliefs(R, s, seat=0):
    lv = ai.LEVELS["normal"]
    return ai.Beliefs(R.view(s, seat), seat, lv["claim_w"], lv["decline_w"])


def test_VC_111_a_public_claim_raises_the_belief_in_that_role_for_that_player_only():
    R, s = table(players=3, hands=[[C, F], [D, P], [PD, C]], turn=1)
    b0 = _beliefs(R, s)
    play(R, s, 1, "claim", D)
    b1 = _beliefs(R, s)
    assert b1.p_has(1, D) > b0.p_has(1, D) + 0.1
    assert b1.p_has(2, D) == pytest.approx(b0.p_has(2, D))
    assert b1.p_has(1, C) < b0.p_has(1, C)                 # the odds are relative


def test_VC_111_revealed_cards_leave_the_belief_and_a_sure_lie_is_called():
    R, s = table(players=3, hands=[[D, D], [C, F], [D, P]], coins=[7, 2, 2], turn=0)
    b = _beliefs(R, s)
    assert b.p_has(1, D) > 0 and b.p_has(2, D) > 0         # one Doge still unseen
    play(R, s, 0, "canal", 2)
    play(R, s, 2, "lose", D)                               # the third Doge is revealed
    b = _beliefs(R, s)
    assert b.p_has(1, D) == 0 and b.p_has(2, D) == 0
    play(R, s, 1, "claim", D)                              # so this is a lie, for sure
    play(R, s, 2, "pass")
    (d,) = R.decisions(s)
    assert d.seat == 0 and d.kind == "challenge"
    for seed in range(5):
        assert SPEC.make_agent("normal", 0, seed).choose(R.view(s, 0), d) == ("challenge",)


def test_VC_111_a_proof_goes_back_into_the_unseen_pool_and_makes_later_claims_count_more():
    R, s = table(players=3, hands=[[C, F], [D, P], [PD, C]], coins=[2, 2, 2], turn=1)
    cfg = s.cfg
    pool0 = ai.unseen_pool(R.view(s, 0), 0, cfg)
    b0 = _beliefs(R, s)
    play(R, s, 1, "claim", D)
    assert _beliefs(R, s).p_has(1, D) > b0.p_has(1, D)
    play(R, s, 2, "pass")
    play(R, s, 0, "challenge")                             # seat 1 shows the Doge
    play(R, s, 0, "lose", C)
    v = R.view(s, 0)
    assert v["proofs"][1] == (D,) and v["claims"][1] == ()
    # the shown Doge was shuffled back: it is still unseen (a lost card would not be),
    # and the claim it proved no longer says anything about seat 1's new hand
    assert ai.unseen_pool(v, 0, cfg) == pool0
    assert _beliefs(R, s).p_has(1, D) == pytest.approx(b0.p_has(1, D))
    play(R, s, 2, "income")
    play(R, s, 0, "income")
    play(R, s, 1, "claim", P, 2)
    v = R.view(s, 0)
    lv = ai.LEVELS["normal"]

    def p_poisoner(view):
        return ai.Beliefs(view, 0, lv["claim_w"], lv["decline_w"]).p_has(1, P)

    proven = p_poisoner(v)
    neutral = p_poisoner({**v, "proofs": [(), (), ()]})
    liar = p_poisoner({**v, "proofs": [(), (), ()], "caught": [(), (D,), ()]})
    assert proven > neutral > liar


class _Spy:
    """An agent seat that checks what reaches it: its own view and its visible events."""

    def __init__(self, inner, seat, box, seen):
        self.inner, self.seat, self.box, self.seen = inner, seat, box, seen
        self.name = getattr(inner, "name", "spy")

    def observe(self, events):
        for e in events:
            assert e.visible_to(self.seat), e
            if e.kind == "move" and e.data.get("card") is not None and not e.data.get("face_up"):
                assert e.to == (self.seat,), e                  # a hidden card, shown only to its owner
        self.seen["events"] += len(events)
        if callable(getattr(self.inner, "observe", None)):
            self.inner.observe(events)

    def choose(self, view, decision, budget=None):
        m = self.box[0]
        assert decision.seat == self.seat
        assert view == m.rules.view(m.state, self.seat)       # the seat's redacted view, nothing more
        if view["hand_counts"] is not None:
            assert view["hand"] == m.state.hands[self.seat]
        if view["drawn"] is not None:
            assert view["pending"]["actor"] == self.seat
        self.seen["choices"] += 1
        return self.inner.choose(view, decision, budget)


@pytest.mark.parametrize("mode,players,seed", [("intoccabile", 4, 2), ("rialto", 4, 3), ("carnevale", 4, 4)])
def test_VC_111_no_agent_is_given_another_seats_cards(mode, players, seed):
    R = rules()
    inner = [SPEC.make_agent("easy", 0, seed), SPEC.make_agent("normal", 1, seed),
             ai.HardAgent(seed=seed, budget=0.01, reaction_budget=0.005), SPEC.make_agent("random", 3, seed)]
    box = []
    seen = [{"events": 0, "choices": 0} for _ in range(players)]
    agents = {i: _Spy(inner[i], i, box, seen[i]) for i in range(players)}
    m = Match("schemers", R, [SeatInfo(str(i)) for i in range(players)], {"mode": mode}, seed, agents=agents)
    box.append(m)
    steps = 0
    while not m.over:
        m.run_agents(1)
        steps += 1
        assert len(m.log) == steps                         # every step is one agent's answer
        assert steps < 3000
    assert all(x["choices"] > 0 and x["events"] > 0 for x in seen)


# -- VC-G01 ------------------------------------------------------------------------------------
def test_VC_G01_italian_mode_names_with_the_english_subtitle_beside_them():
    names = {"standard": ("Serenissima", "Standard"), "intoccabile": ("L'Intoccabile", "Untouchable"), "campanile": ("Campanile", "Blitz"),
             "rialto": ("Rialto", "Auction"), "carnevale": ("Carnevale", "Big Deck")}
    for mode, (italian, english) in names.items():
        assert t(f"schemers.modes.{mode}.name") == italian
        assert t(f"schemers.modes.{mode}.subtitle") == english
        assert MODE_NAMES[mode].startswith(italian)        # the name the option messages use
    for label in (t("schemers.options.taglia"), t("schemers.badges.taglia")):   # lobby switch, table badge
        assert "Taglia" in label and "Bounty" in label


# -- VC-G02 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode,lo,hi", [("standard", 2, 6), ("intoccabile", 3, 6), ("rialto", 3, 6),
                                        ("carnevale", 2, 7)])
def test_VC_G02_player_counts_are_playable_at_both_ends_and_refused_outside(mode, lo, hi):
    R = rules()
    for n in (lo - 1, hi + 1):
        with pytest.raises(OptionsError):
            R.validate_options({"mode": mode}, n)
    for n in (lo, hi):
        opts = R.validate_options({"mode": mode}, n)
        for seed in range(3):
            s = _random_game(R, opts, n, 100 * n + seed)
            assert R.result(s).winners and R.invariants(s) == []
            assert count_cards(s) == s.cfg.total


# -- VC-G04 ------------------------------------------------------------------------------------
def test_VC_G04_the_treasury_never_runs_out():
    R, s = table(players=6, coins=[2, 2, 2, 500, 500, 500], turn=0)
    assert "treasury" not in R.view(s, 0)                   # nothing to count
    play(R, s, 0, "claim", D)
    pass_all(R, s)
    play(R, s, 1, "casino")
    pass_all(R, s)
    play(R, s, 2, "income")
    assert s.coins == [5, 4, 3, 500, 500, 500]


# -- VC-G05 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode,players", [("standard", 4), ("intoccabile", 4), ("carnevale", 5)])
def test_VC_G05_lost_cards_are_chosen_by_their_owner_shown_face_up_and_never_return(mode, players):
    R = rules()
    opts = R.validate_options({"mode": mode}, players)
    checked = [0]

    def each(before, d, a, s, events):
        if d.kind == "lose_card":
            assert d.seat == before.loser                   # the owner decides...
            assert sorted(x[1] for x in d.actions) == sorted(set(before.hands[d.seat]))   # ...among their cards
            checked[0] += 1
            assert a[1] in s.lost[d.seat][len(before.lost[d.seat]):]   # the card they chose
        for p in range(players):
            old, new = before.lost[p], s.lost[p]
            assert new[:len(old)] == old                    # a lost card stays lost
            mv = [e for e in events if e.kind == "move" and e.data["dst"] == f"lost:{p}"]
            assert sorted(e.data["card"] for e in mv) == sorted(new[len(old):])
            assert all(e.data["face_up"] and e.to is None for e in mv)   # shown to everyone
        out = Counter()
        for x in s.lost:
            out.update(x)
        live = Counter(s.deck) + Counter(c for h in s.hands for c in h) + Counter(s.drawn or ())
        assert live + out == Counter(s.cfg.deck)            # and never back in the deck or a hand

    for seed in range(12):
        _random_game(R, opts, players, seed, each)
    assert checked[0] > 10


# -- VC-G06 ------------------------------------------------------------------------------------
def test_VC_G06_a_short_deck_draws_what_it_can_and_returns_as_many():
    R = rules()
    for mode, n in (("standard", 6), ("intoccabile", 6), ("rialto", 6), ("carnevale", 7)):
        s = R.setup(n, R.validate_options({"mode": mode}, n), 1)
        rest = len(s.deck)
        assert rest >= 2                                   # cannot happen in a real deal
    # force it: one card left in the deck
    lost = [[D, D, P, P, C], [C, F, F, PD, PD]]
    R, s = table(players=2, hands=[[F, C], [D, P]], lost=lost, deck=[PD], turn=0)
    play(R, s, 0, "claim", F)
    play(R, s, 1, "pass")
    (d,) = R.decisions(s)
    assert s.drawn == [PD] and d.kind == "exchange"
    assert sorted(d.actions) == [("return", (C,)), ("return", (F,)), ("return", (PD,))]
    play(R, s, 0, "return", (C,))
    assert sorted(s.hands[0]) == [F, PD] and s.deck == [C] and count_cards(s) == 15
    # and none at all: the only choice is to return nothing
    R, s = table(players=2, hands=[[F, C], [D, P]], lost=[[D, D, P, P, C], [C, F, F, PD, PD, PD]], deck=[],
                 turn=0)
    play(R, s, 0, "claim", F)
    play(R, s, 1, "pass")
    (d,) = R.decisions(s)
    assert d.actions == (("return", ()),)
    play(R, s, 0, "return", ())
    assert sorted(s.hands[0]) == [C, F] and s.turn == 1


# -- VC-G08 ------------------------------------------------------------------------------------
class _Eager:
    """Challenges every claim and blocks whenever it may; records who was asked."""

    def __init__(self, seat, asked):
        self.seat, self.asked, self.name = seat, asked, "eager"

    def choose(self, view, d, budget=None):
        self.asked.append((d.seat, d.kind))
        if d.kind in ("challenge", "challenge_block"):
            return ("challenge",)
        if d.kind == "block":
            return d.actions[-1]
        return d.default if d.default in d.actions else d.actions[0]


def test_VC_G08_ai_games_ask_clockwise_from_the_claimant_and_the_first_challenge_wins():
    R, s = table(players=4, hands=[[C, F], [D, P], [PD, D], [P, C]], turn=2)
    asked = []
    agents = {i: _Eager(i, asked) for i in (0, 1, 3)}
    m = _match(s, {"mode": "standard"}, [0.0], agents, kinds=["ai", "ai", "human", "ai"])
    m.submit(2, ("claim", D))
    assert [sd for sd, _v, _d in m.agent_requests()] == [3, 0, 1]
    m.run_agents(1)
    assert asked == [(3, "challenge")] and m.log[-1] == (3, ("challenge",))
    assert not any(d.kind == "challenge" for d in m.decisions())   # 0 and 1 never answered


def test_VC_G08_hot_seat_asks_clockwise_from_the_claimant_and_from_the_blocker():
    R, s = table(players=4, hands=[[C, F], [D, P], [PD, D], [P, C]], turn=2, hotseat=True)
    assert s.cfg.hotseat
    play(R, s, 2, "claim", D)
    assert [d.seat for d in R.decisions(s)] == [3, 0, 1]
    pass_all(R, s)
    play(R, s, 3, "casino")
    assert [d.seat for d in R.decisions(s)] == [0, 1, 2]
    play(R, s, 1, "block", D)
    ds = R.decisions(s)
    assert [d.seat for d in ds] == [2, 3, 0] and {d.kind for d in ds} == {"challenge_block"}   # actor 3 too
    play(R, s, 0, "challenge")                             # the first challenge ends the window
    assert all(d.kind != "challenge_block" for d in R.decisions(s))


# -- VC-G10 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["standard", "intoccabile", "rialto", "carnevale"])
def test_VC_G10_a_twenty_second_clock_outside_campanile_host_set_or_off(mode):
    R = rules()
    n = 3
    assert R.validate_options({"mode": mode}, n)["clock"] == 20
    for secs in (10, 60):
        assert R.validate_options({"mode": mode, "clock": secs}, n)["clock"] == secs
    for bad in (9, 61):
        with pytest.raises(OptionsError):
            R.validate_options({"mode": mode, "clock": bad}, n)
    assert R.validate_options({"mode": mode, "clock": "off"}, n)["clock"] is None
    hands = None if mode == "carnevale" else [[D, C], [P, F], [PD, PD]]
    extra = {"unt": 2} if mode == "intoccabile" else {}
    for clock in (10, None):
        opts = R.validate_options({"mode": mode, "clock": clock}, n)
        R, s = table(players=n, mode=mode, hands=hands, clock=clock, turn=0, **extra)
        now = [0.0]
        m = _match(s, opts, now)
        (d,) = m.decisions()
        assert d.seat == 0 and d.timeout == clock
        now[0] = 10.5 if clock else 1e6
        events = m.tick()
        if clock:
            assert m.log == [(0, d.default)] and events   # the default was played for seat 0
        else:
            assert m.log == [] and not events             # off: no timeouts, ever


# -- VC-G12 ------------------------------------------------------------------------------------
def test_VC_G12_only_the_untouchable_canal_block_has_a_price():
    hands = [[C, F], [D, P], [PD, PD]]
    # a Doge block of the Casino stands: no price, not even in L'Intoccabile
    R, s = table(players=3, mode="intoccabile", hands=hands, unt=2, coins=[2, 2, 2], turn=0)
    deck = list(s.deck)
    play(R, s, 0, "casino")
    play(R, s, 1, "block", D)
    events = pass_all(R, s)
    assert s.hands[1] == [D, P] and s.deck == deck and s.turn == 1
    assert "schemers.log.price" not in log_keys(events)
    # the Untouchable's honest Plague Doctor block of the Poisoner: no price either
    R, s = table(players=3, mode="intoccabile", hands=hands, unt=2, coins=[3, 2, 2], turn=0)
    deck = list(s.deck)
    play(R, s, 0, "claim", P, 2)
    pass_all(R, s)
    play(R, s, 2, "block", PD)
    events = pass_all(R, s)
    assert s.hands[2] == [PD, PD] and s.deck == deck and s.turn == 1
    assert "schemers.log.price" not in log_keys(events)
    # the canal block does: one card back, a fresh one drawn
    R, s = table(players=3, mode="intoccabile", hands=[[C, F], [D, P], [PD, C]], unt=1, coins=[7, 2, 2], turn=0)
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    pass_all(R, s)
    assert R.decisions(s)[0].kind == "untouchable_price"


# -- VC-G13 ------------------------------------------------------------------------------------
def test_VC_G13_auction_opens_at_zero_only_needy_payers_bid_clock_capped_hotseat_sealed():
    R = rules()
    s = R.setup(4, R.validate_options({"mode": "rialto"}, 4), 2)
    s.auc.tokens = [0, 6, 6, 6]
    s.auc.need = [2, 2, 0, 2]
    E.auction_next(s, None)
    s.dec = None
    ds = R.decisions(s)
    assert s.auc.price == 0
    assert sorted(d.seat for d in ds) == [1, 3]           # seat 0 has no token, seat 2 needs no card
    assert {d.kind for d in ds} == {"bid"} and {d.timeout for d in ds} == {8}
    events = play(R, s, ds[0].seat, "bid")
    assert s.auc.price == 1
    clock = events_of(events, "clock")[0].data
    assert clock["add"] == 2 and clock["cap"] == 8
    s = R.setup(4, R.validate_options({"mode": "rialto", "hotseat": True}, 4), 2)
    assert {d.kind for d in R.decisions(s)} == {"sealed_bid"}


# -- VC-G14 ------------------------------------------------------------------------------------
def test_VC_G14_carnevale_starts_with_two_ducats_forces_the_canal_at_ten_and_keeps_standard_rules():
    R = rules()
    std = R.config(4, R.validate_options({}, 4))
    car = R.config(4, R.validate_options({"mode": "carnevale"}, 4))
    for k in ("start", "income", "casino", "canal_cost", "forced_at", "doge_amt", "poison_cost", "steal_amt",
              "ft_draw", "block_roles", "block_others", "refund", "unt_mode", "auction"):
        assert getattr(car, k) == getattr(std, k), k
    s = R.setup(7, R.validate_options({"mode": "carnevale"}, 7), 5)
    assert s.coins == [2] * 7
    R, s = table(players=3, mode="carnevale", coins=[10, 2, 2], turn=0)
    assert R.decisions(s)[0].actions == (("canal", 1), ("canal", 2))
    R, s = table(players=3, mode="carnevale", coins=[9, 2, 2], turn=0)
    assert ("income",) in R.decisions(s)[0].actions


# -- VC-G15 ------------------------------------------------------------------------------------
def test_VC_G15_bounty_credits_the_owner_of_a_timeout_forced_canal():
    R, s = table(players=2, hands=[[D, C], [P]], lost=[[], [F]], coins=[10, 5], addons=["taglia"], clock=20,
                 turn=0)
    now = [0.0]
    m = _match(s, R.validate_options({"addons": ["taglia"], "clock": 20}, 2), now)
    (d,) = m.decisions()
    assert d.default == ("canal", 1)
    now[0] = 20.5                                          # seat 0 lets the clock run out
    events = m.tick()
    assert m.log == [(0, ("canal", 1))]
    assert events_of(events, "eliminated")[0].data == {"seat": 1, "by": 0}
    assert s.coins == [10 - 7 + 5, 0]                      # the 5 ducats go to the sender


# -- VC-G16 ------------------------------------------------------------------------------------
def test_VC_G16_a_timed_out_forced_canal_hits_a_random_live_opponent():
    hands = [[D, C], [P, F], [], [PD, C]]
    lost = [[], [], [D, P], []]
    targets = set()
    for seed in range(40):
        R, s = table(players=4, hands=hands, lost=lost, coins=[10, 2, 0, 2], seed=seed, turn=0)
        (d,) = R.decisions(s)
        assert d.default[0] == "canal"
        targets.add(d.default[1])
    assert targets == {1, 3}                               # both live opponents, never the one who is out
    R, s = table(players=4, hands=hands, lost=lost, coins=[10, 2, 0, 2], seed=7, turn=0, clock=20)
    now = [0.0]
    m = _match(s, R.validate_options({"clock": 20}, 4), now)
    default = m.decisions()[0].default
    now[0] = 21.0
    m.tick()
    assert m.log[0] == (0, default)
    assert s.coins[0] == 3 and (s.phase == E.LOSE and s.loser == default[1])
