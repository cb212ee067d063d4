"""The hard agent (MS-181): it plans its secret groups from its view alone (the other
seats' sealed splits come from the normal model, not from their real picks), and its search
over need-card assignments keeps monsters that normal's cards lose to suffering."""
from __future__ import annotations

import pytest

from game.games.monster_shop.ai import Brain, HardAgent, make_agent
from tests.games.monster_shop.support import rules


def _play_to_assign(seed, rnd, seat, monster):
    """Four normal players (the seeds `simulate` would not use: seed * 10 + seat) until
    `seat` assigns need cards to `monster` in round `rnd`."""
    R = rules()
    agents = [make_agent(R, "normal", i, seed * 10 + i) for i in range(4)]
    s = R.setup(4, {}, seed)
    while s.res is None:
        d = R.decisions(s)[0]
        if d.kind == "assign" and not s.asks and s.rnd == rnd and d.seat == seat and s.assigning == monster:
            return R, s, agents, d
        R.apply(s, d.seat, agents[d.seat].choose(R.view(s, d.seat), d))
    raise AssertionError("the game never reached that assignment")


def _finish(R, s, seat, action, seed, monster):
    """Play `action`, then the rest of the game with normal players: (why `monster` was lost
    this round or None, `seat`'s final reputation minus the best other seat's)."""
    t = R.clone(s)
    rnd = t.rnd
    events = R.apply(t, seat, action)
    agents = [make_agent(R, "normal", i, seed * 10 + i) for i in range(4)]
    why = None
    while t.res is None:
        for e in events:
            if e.kind == "lost" and e.data["monster"] == monster and t.rnd == rnd:
                why = e.data["why"]
        d = R.decisions(t)[0]
        events = R.apply(t, d.seat, agents[d.seat].choose(R.view(t, d.seat), d))
    return why, t.rep[seat] - max(t.rep[x] for x in range(4) if x != seat)


@pytest.mark.parametrize("seed, rnd, seat, monster", [(12, 3, 2, 7), (8, 6, 3, 25)])
def test_MS_181_hard_keeps_a_monster_that_normals_cards_lose_to_suffering(seed, rnd, seat, monster):
    R, s, agents, d = _play_to_assign(seed, rnd, seat, monster)
    view = R.view(s, seat)
    normal = agents[seat].choose(view, d)
    hard = HardAgent(R, 5, max_iterations=8).choose(view, d)
    assert R.is_legal(s, seat, hard)
    n_why, n_margin = _finish(R, s, seat, normal, seed, monster)
    h_why, h_margin = _finish(R, s, seat, hard, seed, monster)
    assert n_why == "suffering"                  # the premise: normal's cards lose it
    assert h_why is None, h_why
    assert h_margin > n_margin


def test_MS_181_hard_plans_from_its_view_and_models_the_others_as_normal():
    R = rules()
    s = R.setup(4, {}, 21)
    brain = Brain(R)
    # seat 0 commits one of two very different splits; seat 1 (hard) cannot tell them apart
    picks = []
    for groups in (((R.plan_actions(s, 0)[1]),), ((R.plan_actions(s, 0)[-1]),)):
        t = R.clone(s)
        R.apply(t, 0, groups[0])
        picks.append(t)
    a, b = picks
    assert a.sealed.picks[0] != b.sealed.picks[0]
    assert R.view(a, 1) == R.view(b, 1)
    d = R.decisions(a)[0]
    assert d.seat == 1 and d.kind == "plan"
    hard_a = HardAgent(R, 3, max_iterations=6)
    hard_b = HardAgent(R, 3, max_iterations=6)
    assert hard_a.choose(R.view(a, 1), d) == hard_b.choose(R.view(b, 1), d)
    # in its samples, seat 0's sealed split is what normal would have planned there
    sample = hard_a.sample(R.view(a, 1), 1)
    assert sample.sealed.picks[0] == brain.plan(sample, 0, R.decisions(sample)[0])
    assert 1 not in sample.sealed.picks


def test_hard_answers_every_decision_legally_with_a_small_budget():
    R = rules()
    agents = [make_agent(R, "normal", i, 40 + i) for i in range(4)]
    agents[2] = make_agent(R, "hard", 2, 7, max_iterations=4)
    s = R.setup(4, {"version": "simple"}, 77)
    searched = 0
    while s.res is None:
        d = R.decisions(s)[0]
        a = agents[d.seat].choose(R.view(s, d.seat), d)
        assert R.is_legal(s, d.seat, a), (d.kind, a)
        if d.seat == 2 and d.kind in HardAgent.WEIGHT and agents[2].last_samples:
            searched += 1
        R.apply(s, d.seat, a)
    assert searched >= 6                          # at least the six plans were searched
