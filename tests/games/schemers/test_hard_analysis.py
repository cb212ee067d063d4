"""Schemers' hard agent gives the one analysis API every hard agent has (game/ai/
analysis.py): `analyse(view, decision, budget)` lists every action of the decision with
its value and count and a reason key, `choose` plays its `chosen`, which is its `best()`;
a fixed iteration count and seed give the same analysis; and what the seat may not see
(the game's `perturb_hidden`) changes nothing."""
from __future__ import annotations

import pytest

from game.ai import analysis as A
from game.core.rng import RNG
from game.games.schemers.ai import HardAgent, HeuristicAgent

from .test_util import rules

ITERATIONS = 120


def counted(seed=5):
    """A hard agent that searches a fixed count (as simulate --budget-iterations builds it)."""
    return HardAgent(seed, budget=float("inf"), reaction_budget=float("inf"), max_iterations=ITERATIONS)


def reach(kind, seed, players=3):
    """Normal players from a fresh game until a decision of `kind` with two actions or more."""
    R = rules()
    s = R.setup(players, {}, seed)
    agents = [HeuristicAgent("normal", 40 + i) for i in range(players)]
    for _ in range(500):
        d = R.decisions(s)[0]
        if d.kind == kind and len(d.actions) > 1:
            return R, s, d
        R.apply(s, d.seat, agents[d.seat].choose(R.view(s, d.seat), d))
    raise AssertionError(f"no {kind} decision")


def assert_lists_every_action(analysis, decision):
    assert sorted(map(repr, analysis.actions())) == sorted(map(repr, decision.actions)), "each once"
    assert analysis.chosen == analysis.best()
    assert analysis.seat == decision.seat and analysis.kind == decision.kind
    for e in analysis.estimates:
        assert e.reason in vars(A).values(), e.reason
        assert (e.value is None) == (e.count == 0)


def test_hard_analysis_of_a_turn_lists_every_action_with_its_visits_and_value():
    R, s, d = reach("turn", 4)
    view = R.view(s, d.seat)
    analysis = counted().analyse(view, d)
    assert analysis.method == "ismcts" and analysis.samples == ITERATIONS
    assert_lists_every_action(analysis, d)
    visited = [e for e in analysis.estimates if e.count]
    assert len(visited) == len(d.actions), "every root action was tried in 120 iterations"
    assert sum(e.count for e in analysis.estimates) == ITERATIONS
    assert all(0.0 <= e.value <= 1.0 for e in visited)
    chosen = analysis.estimate(analysis.chosen)
    assert chosen.reason == A.MOST_VISITED and chosen.count == max(e.count for e in visited)
    assert {e.reason for e in analysis.estimates if e.action != analysis.chosen} <= {A.FEWER_VISITS}


def test_hard_plays_what_its_analysis_chose_and_the_same_for_a_fixed_count_and_seed():
    R, s, d = reach("turn", 4)
    view = R.view(s, d.seat)
    analysis = counted().analyse(view, d)
    assert counted().choose(view, d) == analysis.chosen
    assert counted().analyse(view, d) == analysis, "fixed count and seed"
    assert counted(seed=6).analyse(view, d) != analysis, "the seed does reach the search"


def test_hard_analysis_of_a_challenge_is_the_rules_of_thumbs_pick():
    """Calling a bluff is left to the rules of thumb (not searched): their pick, the
    rest listed as not searched, nothing played out."""
    R, s, d = reach("challenge", 7)
    assert d.kind in HardAgent(1).delegate
    analysis = counted().analyse(R.view(s, d.seat), d)
    assert_lists_every_action(analysis, d)
    assert analysis.estimate(analysis.chosen).reason == A.POLICY_ONLY
    assert analysis.rollouts == 0
    assert {e.reason for e in analysis.estimates if e.action != analysis.chosen} == {A.NOT_SEARCHED}


def test_hard_analysis_of_a_single_action_searches_nothing():
    R, s, d = reach("turn", 4)
    only = d._replace(actions=d.actions[:1])
    analysis = counted().analyse(R.view(s, d.seat), only)
    assert analysis.chosen == d.actions[0] and analysis.samples == 0
    assert analysis.estimate(d.actions[0]).reason == A.ONLY_ACTION


@pytest.mark.parametrize("kind, seed", [("turn", 4), ("turn", 11), ("block", 3)])
def test_hard_analysis_is_the_same_whatever_the_seat_cannot_see(kind, seed):
    """Two states that differ only in what the seat may not see (the other hands, the
    deck, who is Untouchable: `perturb_hidden`) give the same analysis."""
    R, s, d = reach(kind, seed)
    t = R.perturb_hidden(s, d.seat, RNG(9))
    assert R.snapshot(t) != R.snapshot(s), "the hidden parts do differ"
    assert R.view(t, d.seat) == R.view(s, d.seat)
    assert counted().analyse(R.view(t, d.seat), d) == counted().analyse(R.view(s, d.seat), d)
