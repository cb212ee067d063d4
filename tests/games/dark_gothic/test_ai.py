"""Agents: every level answers every kind of decision legally; the determinizer builds states
whose view is the seat's own view; normal plays for the team in co-op."""
from __future__ import annotations

import random

import pytest

from game.core.rng import RNG
from game.core.rules import is_legal
from game.games.dark_gothic.ai import HeuristicAgent, determinize, make_agent

from .helpers import R, act, decision, fresh, quiet, set_center, set_hand


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("mode,n", [("competitive", 3), ("coop", 2)])
def test_heuristic_agents_play_whole_games_legally(level, mode, n):
    for seed in range(3):
        s = fresh(n, mode, seed)
        agents = [make_agent(R, level, i, seed) for i in range(n)]
        kinds = set()
        while R.result(s) is None:
            d = R.decisions(s)[0]
            a = agents[d.seat].choose(R.view(s, d.seat), d)
            assert is_legal(R, s, R.decisions(s), d.seat, a)
            kinds.add(d.kind)
            R.apply(s, d.seat, a)
        assert "turn" in kinds


def test_determinize_matches_the_view_everywhere():
    rnd, rng = random.Random(3), RNG(4)
    n = 0
    for seed in range(4):
        for mode, players in (("competitive", 3), ("coop", 2)):
            s = fresh(players, mode, seed)
            while R.result(s) is None:
                ds = R.decisions(s)
                d = ds[rnd.randrange(len(ds))]
                if rnd.random() < 0.15:
                    v = R.view(s, d.seat)
                    o = determinize(R, v, d.seat, rng)
                    assert R.view(o, d.seat) == v and R.invariants(o) == []
                    mine = [x.actions for x in R.decisions(s) if x.seat == d.seat]
                    assert [x.actions for x in R.decisions(o) if x.seat == d.seat] == mine
                    n += 1
                R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
    assert n > 50


def test_normal_buys_the_villain_when_it_can():
    s = quiet()
    a = s.active
    set_hand(s, a)
    s.pool = [("C", 20, None, False), ("U", 20, None, False), ("S", 20, None, False)]
    s.dec = None
    agent = HeuristicAgent(R, "normal")
    assert agent.choose(R.view(s, a), decision(s)) == ("buy", s.villain)


def test_normal_blocks_and_protects_a_team_mate_in_coop():
    s = quiet(n=2, mode="coop")
    a, b = s.active, 1 - s.active
    (key,) = set_hand(s, a, "skeleton_key")
    set_hand(s, b, "book_of_common_prayer", "strength_of_combat")
    act(s, a, "play", key)
    d = decision(s, b)
    assert d.kind == "protect"
    assert HeuristicAgent(R, "normal").choose(R.view(s, b), d)[0] == "protect"


def test_normal_avoids_allies_under_selena():
    s = quiet(villain="selena")
    a = s.active
    set_hand(s, a)
    ally, gear = set_center(s, "militia_soldier", "tomahawk")
    s.pool = [("C", 2, None, False)]
    s.dec = None
    assert HeuristicAgent(R, "normal").choose(R.view(s, a), decision(s)) == ("buy", gear)


def test_hard_agent_answers_legally_with_a_small_budget():
    s = fresh(2, "competitive", 5)
    hard = make_agent(R, "hard", 0, 1, max_iterations=30)
    other = make_agent(R, "normal", 1, 1)
    asked = 0
    for _ in range(300):
        if R.result(s) is not None:
            break
        d = R.decisions(s)[0]
        agent = hard if d.seat == 0 else other
        a = agent.choose(R.view(s, d.seat), d)
        assert is_legal(R, s, R.decisions(s), d.seat, a)
        asked += d.seat == 0
        R.apply(s, d.seat, a)
    assert asked > 5


@pytest.mark.parametrize("villain,best,worst", [("headless_horseman", "tactical_strike", "brilliant_deduction"),
                                                 ("selena", "brilliant_deduction", "tactical_strike")])
def test_normal_values_resources_in_the_villains_colours(villain, best, worst):
    """The Heroes lose together when the Shadows fill, and the Villains' Globals feed them: a
    Training card giving the colour the face-up Villain costs is worth more than one that does not."""
    from game.games.dark_gothic.ai import Brain, _ctx_from_view
    s = quiet(villain=villain)
    brain = Brain(R)
    ctx = _ctx_from_view(R.view(s, s.active))
    value = {k: brain.buy_value(s.training[k][-1], ctx) for k in ("tactical_strike", "brilliant_deduction")}
    assert value[best] > value[worst]
