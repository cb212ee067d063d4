"""Agents: legal answers, normal beats random, the proposed numbers do not reward one
scripted strategy (MS-181), and the determinizer agrees with the view."""
from __future__ import annotations

import random

from game.core.rng import RNG
from game.games.monster_shop.ai import Brain, HeuristicAgent, determinize, make_agent
from tests.games.monster_shop.support import rules


def play(lineup, seed, options=None, agents=None):
    R = rules()
    agents = agents or [make_agent(R, lineup[i], i, seed * 10 + i) for i in range(4)]
    s = R.setup(4, options or {}, seed)
    while s.res is None:
        d = R.decisions(s)[0]
        a = agents[d.seat].choose(R.view(s, d.seat), d)
        assert R.is_legal(s, d.seat, a), (d.kind, a)
        R.apply(s, d.seat, a)
    return s.res


def share(results, seat_of):
    won = 0.0
    for i, res in enumerate(results):
        seat = seat_of(i)
        if seat in res.winners:
            won += 1 / len(res.winners)
    return won / len(results)


def test_MS_181_normal_beats_three_random_players():
    results = []
    for g in range(24):
        lineup = ["random"] * 4
        lineup[g % 4] = "normal"
        results.append(play(lineup, 700 + g))
    assert share(results, lambda i: i % 4) >= 0.7


def test_four_normal_players_end_with_positive_reputation_and_easy_plays_legally():
    reps = []
    for g in range(6):
        res = play(["normal", "easy", "normal", "normal"], 800 + g, {"version": "simple"} if g % 2 else {})
        reps += [res.scores[i] for i in (0, 2, 3)]
    assert sum(reps) / len(reps) > 0


class NeverSell(HeuristicAgent):
    def choose(self, view, decision, budget=None):
        if decision.kind == "sell":
            return decision.actions[-1]
        return super().choose(view, decision, budget)


class AlwaysPodium(HeuristicAgent):
    """Sends its first group to the Sales Podium whenever it can, sells only from it."""
    def choose(self, view, decision, budget=None):
        if decision.kind == "send":
            for a in decision.actions:
                if a[0] == "send" and a[2] == "podium":
                    return a
        if decision.kind == "sell":
            pod = [a for a in decision.actions if a[0] == "sell" and a[3] == 1]
            return pod[0] if pod else decision.actions[-1]
        return super().choose(view, decision, budget)


def test_no_scripted_single_strategy_beats_normal_more_than_sixty_percent():
    R = rules()
    for cls in (NeverSell, AlwaysPodium):
        results = []
        for g in range(16):
            agents = [make_agent(R, "normal", i, g * 10 + i) for i in range(4)]
            agents[g % 4] = cls(R, "normal", g)
            results.append(play(None, 900 + g, agents=agents))
        assert share(results, lambda i: i % 4) <= 0.6, cls.__name__


def test_determinize_is_consistent_with_the_view():
    R = rules()
    rnd = random.Random(5)
    s = R.setup(4, {}, 5)
    rng = RNG(9)
    for _ in range(400):
        if s.res is not None:
            break
        d = R.decisions(s)[0]
        for seat in range(4):
            t = determinize(R, R.view(s, seat), seat, rng)
            assert R.view(t, seat)["seats"] == R.view(s, seat)["seats"]
            assert not R.invariants(t), R.invariants(t)
            assert [x.seat for x in R.decisions(t)] == [x.seat for x in R.decisions(s)]
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])


def test_hard_answers_legally_within_its_budget():
    R = rules()
    agents = [make_agent(R, "normal", i, i) for i in range(4)]
    agents[1] = make_agent(R, "hard", 1, 3, max_iterations=6)
    res = play(None, 1234, agents=agents)
    assert res is not None


def test_brain_keeps_imps_for_anger():
    R = rules()
    from tests.games.monster_shop.support import fresh, mid, put, shown
    R, s = fresh(3)
    put(s, 0, mid("gnasher"), 1)
    n = put(s, 0, mid("bogling"), 2)
    shown(R, s, n, A=5)
    s.order[0] = [n]
    assert Brain(R).reserve(s, 0) == 2
