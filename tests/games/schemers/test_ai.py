"""Schemers AI: legal answers in every mode, views only, a consistent determinizer,
and a modest strength smoke test (the full bars are measured with `simulate`)."""
from __future__ import annotations

import json
import time
from collections import Counter

import pytest

from game.core.match import Match, SeatInfo
from game.core.rng import RNG
from game.games.schemers import SPEC, ai, engine as E

from .test_util import count_cards, rules


def play_match(mode, agents, seed, players=None, hotseat=False):
    R = rules()
    n = players or len(agents)
    m = Match("schemers", R, [SeatInfo(str(i)) for i in range(n)], {"mode": mode, "hotseat": hotseat},
              seed, agents=agents)
    steps = 0
    while not m.over:
        d = m.decisions()[0]
        view = json.loads(json.dumps(m.view(d.seat)))        # what a remote seat would get
        a = agents[d.seat].choose(view, d)
        assert a in d.actions, (d.kind, a)
        m.submit(d.seat, a)
        steps += 1
        assert steps < 3000
    return m.result().winners[0]


@pytest.mark.parametrize("mode,players,hotseat", [("standard", 4, False), ("intoccabile", 4, False),
                                                  ("campanile", 3, False), ("rialto", 4, False),
                                                  ("rialto", 3, True), ("carnevale", 5, False)])
def test_every_agent_answers_legally_from_views_only(mode, players, hotseat):
    levels = ["easy", "normal", "random", "hard", "normal"][:players]
    for g in range(3):
        agents = {}
        for i, level in enumerate(levels):
            agents[i] = (ai.HardAgent(seed=g * 10 + i, budget=0.01, reaction_budget=0.005)
                         if level == "hard" else SPEC.make_agent(level, i, g * 10 + i))
        play_match(mode, agents, 40 + g, hotseat=hotseat)


def test_normal_beats_random_in_two_player_games():
    wins = 0
    for g in range(100):
        me = g % 2
        agents = {me: SPEC.make_agent("normal", me, g), 1 - me: SPEC.make_agent("random", 1 - me, g)}
        wins += play_match("standard", agents, 1000 + g) == me
    assert wins >= 60


def test_easy_makes_a_casual_players_choices():
    """Easy hardly ever bluffs and trusts claims; normal bluffs now and then."""
    R = rules()
    bluffs = Counter()
    claims = Counter()
    for level in ("easy", "normal"):
        for g in range(60):
            agents = {i: SPEC.make_agent(level, i, g + i) for i in range(3)}
            m = Match("schemers", R, [SeatInfo(str(i)) for i in range(3)], {}, g, agents=agents)
            while not m.over:
                d = m.decisions()[0]
                a = agents[d.seat].choose(m.view(d.seat), d)
                if d.kind == "turn" and a[0] == "claim":
                    claims[level] += 1
                    bluffs[level] += a[1] not in m.state.hands[d.seat]
                m.submit(d.seat, a)
    assert bluffs["easy"] / claims["easy"] < 0.12
    assert bluffs["normal"] / claims["normal"] > bluffs["easy"] / claims["easy"]


def states_for(mode, players, games=20, seed=0):
    R = rules()
    opts = R.validate_options({"mode": mode}, players)
    rng = RNG(seed)
    for g in range(games):
        s = R.setup(players, opts, g + 50)
        while R.result(s) is None:
            ds = R.decisions(s)
            yield s, ds
            d = ds[0]
            R.apply(s, d.seat, d.actions[rng.below(len(d.actions))])


@pytest.mark.parametrize("mode,players", [("standard", 4), ("intoccabile", 4), ("carnevale", 5),
                                          ("standard", 2), ("rialto", 4)])
def test_determinize_agrees_with_everything_the_seat_has_seen(mode, players):
    R = rules()
    rng = RNG(8)
    n = 0
    for s, ds in states_for(mode, players):
        d = ds[0]
        view = R.view(s, d.seat)
        for _ in range(3):
            t = ai.determinize(R, view, d.seat, rng)
            assert count_cards(t) == s.cfg.total
            if s.auc is not None:
                continue
            assert t.hands[d.seat] == s.hands[d.seat]
            assert [len(h) for h in t.hands] == [len(h) for h in s.hands]
            assert t.coins == s.coins and t.lost == s.lost and t.phase == s.phase
            mine = [x for x in E.decisions(t) if x.seat == d.seat]
            assert mine and mine[0].actions == d.actions
            if s.cfg.unt_mode and view["untouchable"] is not None:
                assert t.unt == s.unt
            n += 1
    assert n > 100


def test_determinize_weights_claims():
    """A player who keeps claiming the Doge holds one in most determinizations."""
    R = rules()
    opts = R.validate_options({}, 3)
    s = R.setup(3, opts, 1)
    s.hands = [["corsair", "fortune_teller"], ["doge", "poisoner"], ["plague_doctor", "corsair"]]
    s.deck = ["doge", "doge", "poisoner", "poisoner", "corsair", "fortune_teller", "fortune_teller",
              "plague_doctor", "plague_doctor"]
    s.claims = [(), ("doge", "doge"), ()]
    s.dec = None
    view = R.view(s, 0)
    rng = RNG(2)
    hits = [sum("doge" in ai.determinize(R, view, 0, rng).hands[p] for _ in range(400)) for p in (1, 2)]
    assert hits[0] > 1.5 * hits[1]


def test_hard_agent_is_quick_on_reactions():
    agent = SPEC.make_agent("hard", 0, 3)
    R = rules()
    s = R.setup(4, R.validate_options({}, 4), 3)
    claimant = s.turn
    R.apply(s, claimant, ("claim", "doge"))
    d = R.decisions(s)[0]
    t0 = time.perf_counter()
    a = agent.choose(R.view(s, d.seat), d)
    assert a in d.actions and time.perf_counter() - t0 < 0.6


def test_forced_canal_is_always_taken_by_every_agent():
    R = rules()
    s = R.setup(3, R.validate_options({}, 3), 4)
    s.coins[s.turn] = 12
    s.dec = None
    E.start_turn(s, s.turn, None)
    d = R.decisions(s)[0]
    for level in ("easy", "normal", "random"):
        assert SPEC.make_agent(level, d.seat, 1).choose(R.view(s, d.seat), d)[0] == "canal"
