"""Monster Shop's hard agent on the shared candidate search (game/ai/candidates.py):
`analyse(view, decision, budget)` lists every action of the decision with its value,
count and reason key; `choose` plays its `chosen`, which is its `best()` under the paired
rule; a fixed count and seed give the same analysis; and what the seat may not see (the
game's `perturb_hidden`) changes nothing."""
from __future__ import annotations

import pytest

from game.ai import analysis as A
from game.core.rng import RNG
from game.games.monster_shop.ai import HardAgent, make_agent
from tests.games.monster_shop.support import rules

from .test_ai_hard import _play_to_assign

PLAYOUTS = 8          # max_iterations: playouts a decision (times its kind's weight)


def counted(R, seed=5):
    return HardAgent(R, seed, max_iterations=PLAYOUTS)


def reach(kind, seed=21, nth=0):
    """Four normal players from a fresh game until the `nth` decision of `kind` that hard
    would search (two actions or more, no question asked)."""
    R = rules()
    agents = [make_agent(R, "normal", i, 40 + i) for i in range(4)]
    s = R.setup(4, {}, seed)
    while s.res is None:
        d = R.decisions(s)[0]
        view = R.view(s, d.seat)
        if d.kind == kind and len(d.actions) > 1 and not view["asks"]:
            if nth == 0:
                return R, s, d
            nth -= 1
        R.apply(s, d.seat, agents[d.seat].choose(view, d))
    raise AssertionError(f"no {kind} decision")


def assert_lists_every_action(R, s, analysis, decision):
    """Every listed action once; anything else listed is a searched variation (a plan
    split or a need-card assignment the decision's sample does not list), legal here."""
    listed = list(map(repr, analysis.actions()))
    assert len(listed) == len(set(listed)), "each action once"
    assert set(map(repr, decision.actions)) <= set(listed)
    for e in analysis.estimates:
        if e.action not in decision.actions:
            assert e.reason in A.FINALISTS and R.is_legal(s, decision.seat, e.action), e
    assert analysis.chosen == analysis.best()
    assert (analysis.seat, analysis.kind) == (decision.seat, decision.kind)
    for e in analysis.estimates:
        assert e.reason in vars(A).values(), e.reason
        assert (e.value is None) == (e.count == 0)


@pytest.mark.parametrize("kind", ["plan", "send", "assign", "sell"])
def test_hard_analysis_lists_every_action_and_plays_its_best(kind):
    R, s, d = reach(kind)
    view = R.view(s, d.seat)
    agent = counted(R)
    analysis = agent.analyse(view, d)
    assert_lists_every_action(R, s, analysis, d)
    assert analysis.method == "candidates" and analysis.z == agent.z
    finalists = [e for e in analysis.estimates if e.reason in A.FINALISTS]
    assert len(finalists) >= 2
    complete = agent.last_samples
    assert complete >= 2 and all(e.count == complete for e in finalists), "complete samples only"
    assert analysis.samples == max(2 * len(finalists), int(PLAYOUTS * HardAgent.WEIGHT[kind])) // len(finalists)
    assert analysis.estimate(analysis.default).reason in (A.KEPT_POLICY, A.OVERRULED)
    for e in finalists[1:]:                       # how sure: the gain over normal's pick
        assert e.gain is not None and e.spread is not None
    assert {e.reason for e in analysis.estimates if e not in finalists} <= {A.NOT_CANDIDATE}
    assert counted(R).choose(view, d) == analysis.chosen
    assert counted(R).analyse(view, d) == analysis, "fixed count and seed"


def test_hard_analysis_of_an_unsearched_decision_is_normals_pick():
    R, s, d = reach("work")
    assert d.kind not in HardAgent.WEIGHT
    analysis = counted(R).analyse(R.view(s, d.seat), d)
    assert_lists_every_action(R, s, analysis, d)
    assert analysis.estimate(analysis.chosen).reason == A.POLICY_ONLY and analysis.rollouts == 0
    assert analysis.chosen == make_agent(R, "normal", 0, 5).choose(R.view(s, d.seat), d)


def test_MS_181_hard_analysis_shows_why_it_overrules_normals_need_cards():
    """Where normal's need cards lose a monster to suffering (test_ai_hard), the analysis
    names normal's pick overruled and the chosen assignment's paired gain above `z`
    standard errors."""
    R, s, agents, d = _play_to_assign(12, 3, 2, 7)
    view = R.view(s, 2)
    agent = counted(R)
    analysis = agent.analyse(view, d)
    assert analysis.default == agents[2].choose(view, d) != analysis.chosen
    assert analysis.estimate(analysis.default).reason == A.OVERRULED
    chosen = analysis.estimate(analysis.chosen)
    assert chosen.reason == A.SEARCH_BEST
    assert chosen.gain > 0 and chosen.gain > agent.z * chosen.spread
    assert chosen.value > analysis.estimate(analysis.default).value


@pytest.mark.parametrize("kind, nth", [("plan", 1), ("send", 0), ("assign", 0)])
def test_hard_analysis_is_the_same_whatever_the_seat_cannot_see(kind, nth):
    """Two states differing only in what the seat may not see (other hands, hidden
    assignments, face-down tiles and supplies, sealed splits: `perturb_hidden`) give the
    same analysis."""
    R, s, d = reach(kind, nth=nth)
    t = R.perturb_hidden(s, d.seat, RNG(9))
    assert R.snapshot(t) != R.snapshot(s), "the hidden parts do differ"
    assert R.view(t, d.seat) == R.view(s, d.seat)
    assert counted(R).analyse(R.view(t, d.seat), d) == counted(R).analyse(R.view(s, d.seat), d)


@pytest.mark.parametrize("kind", ["plan", "send"])
def test_hard_candidates_meet_the_same_world_and_dice(kind):
    """The same action searched as two candidates gets exactly the same mean: each
    paired sample gives every candidate a copy of one world, the dice to come included,
    and the playouts' players choose without a random draw."""
    R, s, d = reach(kind)
    agent = counted(R)
    propose = agent.brain.candidates
    agent.brain.candidates = lambda state, decision, wide: [propose(state, decision, wide)[0]] * 2
    first, second = agent.analyse(R.view(s, d.seat), d).estimates[:2]
    assert first.action == second.action and first.count == second.count >= 2
    assert first.value == second.value and first.value is not None
