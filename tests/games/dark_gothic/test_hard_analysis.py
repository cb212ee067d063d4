"""Dark Gothic's hard agent gives the one analysis API every hard agent has (game/ai/
analysis.py): `analyse(view, decision, budget)` lists every action of the decision once
with its value, count and reason key; `choose` plays its `chosen`, which is its `best()`
(the heuristic's pick unless the most visited searched candidate beats it by MARGIN);
a fixed iteration count and seed give the same analysis whatever the clock; and what the
seat may not see (the game's `perturb_hidden`) changes nothing."""
from __future__ import annotations

import pytest

from game.ai import analysis as A
from game.core.rng import RNG
from game.games.dark_gothic.ai import MARGIN, MIN_ITERATIONS, HardAgent, HeuristicAgent

from .helpers import R, fresh

ITERATIONS = 60


def counted(seed=5, iterations=ITERATIONS):
    """A hard agent that searches a fixed count (as simulate --budget-iterations builds it)."""
    return HardAgent(R, seed, max_iterations=iterations)


def reach(seed, mode="competitive", wanted=None):
    """Normal Heroes play a fresh game until a decision `wanted(decision)` accepts (by
    default a turn the search weighs: nothing left to play, a purchase or ending)."""
    if wanted is None:
        wanted = searched_turn
    s = fresh(2, mode, seed)
    agents = [HeuristicAgent(R, "normal", 40 + i) for i in range(2)]
    for _ in range(2000):
        d = R.decisions(s)[0]
        if wanted(d):
            return s, d
        R.apply(s, d.seat, agents[d.seat].choose(R.view(s, d.seat), d))
    raise AssertionError("no such decision")


def searched_turn(d):
    kinds = {a[0] for a in d.actions}
    return d.kind == "turn" and "play" not in kinds and "buy" in kinds and ("end",) in d.actions


def assert_lists_every_action(analysis, decision):
    assert sorted(map(repr, analysis.actions())) == sorted(map(repr, decision.actions)), "each once"
    assert analysis.chosen == analysis.best()
    assert analysis.seat == decision.seat and analysis.kind == decision.kind
    for e in analysis.estimates:
        assert e.reason in vars(A).values(), e.reason
        assert (e.value is None) == (e.count == 0)


@pytest.mark.parametrize("seed", [3, 8, 21, 31])   # 3: overruled, 31: outscored
def test_hard_analysis_of_a_purchase_lists_every_action_with_its_value_and_count(seed):
    s, d = reach(seed)
    view = R.view(s, d.seat)
    hard = counted()
    analysis = hard.analyse(view, d)
    assert_lists_every_action(analysis, d)
    assert analysis.samples == ITERATIONS and hard.last_iterations == ITERATIONS
    pick = HeuristicAgent(R, "normal", 5)
    pick.brain = hard.brain
    assert analysis.default == pick.choose(view, d) == analysis.estimates[0].action, "the heuristic's pick first"
    searched = [e for e in analysis.estimates if e.reason != A.NOT_CANDIDATE]
    assert 2 <= len(searched) <= 4 and sum(e.count for e in searched) <= ITERATIONS
    assert all(e.count > 0 and 0.0 <= e.value <= 1.0 for e in searched)
    assert all(e.count == 0 for e in analysis.estimates if e.reason == A.NOT_CANDIDATE)
    rival = max(searched, key=lambda e: (e.count, e.value))
    if rival.action == analysis.default:
        assert analysis.chosen == analysis.default
    else:
        overrule = rival.value > analysis.estimates[0].value + MARGIN
        assert analysis.chosen == (rival.action if overrule else analysis.default)
        assert rival.reason == (A.SEARCH_BEST if overrule else A.OUTSCORED)
        assert analysis.estimates[1] == rival


def test_hard_plays_what_its_analysis_chose_and_the_same_for_a_fixed_count_and_seed():
    s, d = reach(3)
    view = R.view(s, d.seat)
    analysis = counted().analyse(view, d)
    assert counted().choose(view, d) == analysis.chosen
    assert counted().analyse(view, d) == analysis, "fixed count and seed"
    assert counted().analyse(view, d, budget=0.0) == analysis, "a counted search ignores the clock"
    assert counted(seed=6).analyse(view, d) != analysis, "the seed does reach the search"


def test_hard_keeps_the_heuristics_pick_when_it_searched_too_little():
    s, d = reach(8)
    analysis = counted(iterations=MIN_ITERATIONS - 1).analyse(R.view(s, d.seat), d)
    assert_lists_every_action(analysis, d)
    assert analysis.chosen == analysis.default and analysis.samples == MIN_ITERATIONS - 1
    assert analysis.estimate(analysis.default).reason == A.KEPT_POLICY
    others = {e.reason for e in analysis.estimates if e.action != analysis.default}
    assert A.NOT_SEARCHED in others and others <= {A.NOT_SEARCHED, A.NOT_CANDIDATE}


@pytest.mark.parametrize("mode, wanted", [
    ("competitive", lambda d: d.kind == "turn" and any(a[0] == "play" for a in d.actions)),
    ("competitive", lambda d: d.kind != "turn" and len(d.actions) > 1),
    ("coop", searched_turn),
])
def test_hard_analysis_of_what_it_does_not_search_is_the_heuristics_pick(mode, wanted):
    """Cards still to play, an off-turn answer and co-op (outside ai_weights.HARD_SEARCH)
    are the heuristic's: its pick, the rest listed as not searched, nothing played out."""
    s, d = reach(3, mode, wanted)
    analysis = counted().analyse(R.view(s, d.seat), d)
    assert_lists_every_action(analysis, d)
    assert analysis.samples == 0 and analysis.estimate(analysis.chosen).reason == A.POLICY_ONLY
    assert {e.reason for e in analysis.estimates if e.action != analysis.chosen} == {A.NOT_SEARCHED}


@pytest.mark.parametrize("seed", [3, 8])
def test_hard_analysis_is_the_same_whatever_the_seat_cannot_see(seed):
    """Two states that differ only in what the seat may not see (the other hand, the
    decks' order: `perturb_hidden`) give the same analysis."""
    s, d = reach(seed)
    t = R.perturb_hidden(s, d.seat, RNG(9))
    assert R.snapshot(t) != R.snapshot(s), "the hidden parts do differ"
    assert R.view(t, d.seat) == R.view(s, d.seat)
    assert counted().analyse(R.view(t, d.seat), d) == counted().analyse(R.view(s, d.seat), d)
