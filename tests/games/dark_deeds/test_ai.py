"""Dark Deeds agents: smoke tests with modest counts (the strength bars are measured with
`python main.py simulate`; figures in the report)."""
from __future__ import annotations

import copy
import random
import time

from game.core.rng import RNG
from game.games.dark_deeds import SPEC
from game.games.dark_deeds.ai import HardAgent, HeuristicAgent, determinize, make_agent
from tests.games.dark_deeds.test_support import check_invariants, rules

R = rules()


def play(lineup, seed, budget=None):
    agents = [make_agent(R, lineup[i], i, seed + i) for i in range(len(lineup))]
    s = R.setup(len(lineup), {}, seed)
    while R.result(s) is None:
        d = R.decisions(s)[0]
        a = agents[d.seat].choose(R.view(s, d.seat), d, budget)
        assert a in d.actions, (lineup[d.seat], d.kind, a)
        R.apply(s, d.seat, a)
    return R.result(s)


def test_every_difficulty_plays_legal_games():
    for lineup in (["random", "easy", "normal"], ["normal", "normal"], ["easy", "random", "normal", "easy"]):
        play(lineup, 5)
    play(["hard", "normal"], 9, budget=0.02)


def test_spec_make_agent_gives_each_level():
    for level in ("random", "easy", "normal", "hard"):
        agent = SPEC.make_agent(level, 0, 1)
        assert agent.name == level


def test_normal_beats_random():
    wins = sum(play(["normal", "random"] if g % 2 == 0 else ["random", "normal"], 300 + g).winners == (g % 2,)
               for g in range(40))
    assert wins >= 28, wins


def test_normal_beats_easy_more_often_than_not():
    wins = sum(play(["normal", "easy"] if g % 2 == 0 else ["easy", "normal"], 500 + g).winners == (g % 2,)
               for g in range(40))
    assert wins >= 21, wins


def test_hard_answers_reactions_fast_and_searches_within_budget():
    agent = HardAgent(R, seed=1, budget=0.05)
    rnd = random.Random(4)
    s = R.setup(3, {}, 17)
    slow = []
    while R.result(s) is None:
        d = R.decisions(s)[0]
        if d.seat == 0:
            t = time.process_time()               # CPU: a loaded machine's waits are not the agent's
            a = agent.choose(R.view(s, 0), d)
            took = time.process_time() - t
            if d.kind == "reaction":
                assert took < 0.3
            slow.append(took)
        else:
            a = d.actions[rnd.randrange(len(d.actions))]
        R.apply(s, d.seat, a)
    assert max(slow) < 1.0


def test_agents_ignore_poisoned_hidden_fields():
    rnd = random.Random(2)
    s = R.setup(3, {}, 33)
    checked = 0
    while R.result(s) is None and checked < 40:
        d = R.decisions(s)[0]
        view = R.view(s, d.seat)
        poisoned = copy.deepcopy(view)
        for p in poisoned["seats"]:
            if p["seat"] != d.seat:
                p["hand"] = ["POISON"] * p["hand_count"]
        if len(d.actions) > 1:
            a1 = HeuristicAgent(R, "normal", 7).choose(view, d)
            a2 = HeuristicAgent(R, "normal", 7).choose(poisoned, d)
            assert a1 == a2
            det = determinize(R, poisoned, d.seat, RNG(3))
            assert "POISON" not in str(R.snapshot(det))
            check_invariants(det)
            checked += 1
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])


def test_determinize_is_consistent_in_every_stage():
    rnd = random.Random(8)
    for seed in range(6):
        s = R.setup(2 + seed % 3, {}, 40 + seed)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            view = R.view(s, d.seat)
            det = determinize(R, view, d.seat, RNG(seed))
            check_invariants(det)
            dd = R.decisions(det)
            assert dd and dd[0].seat == d.seat and dd[0].kind == d.kind, (s.stage, det.stage)
            R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
