"""Random games in every mode and count keep every invariant and end; seed + log replay."""
from __future__ import annotations

import pytest

from .helpers import R, fresh, random_game


@pytest.mark.parametrize("mode,n", [("competitive", 2), ("competitive", 3), ("coop", 1), ("coop", 2), ("coop", 3)])
def test_random_games_keep_the_invariants(mode, n):
    for seed in range(12):
        s, steps = random_game(n, mode, seed)
        r = R.result(s)
        assert r.side in (None, "players", "game")
        assert len(r.scores) == n and len(r.rewards) == n


def test_draw2_games():
    for seed in range(6):
        random_game(3, "competitive", seed, addons=["draw2"])


def test_same_seed_and_actions_same_game():
    import random
    for seed in (1, 2):
        logs = []
        for _ in range(2):
            s = fresh(3, "coop", seed)
            rnd = random.Random(seed)
            log = []
            while R.result(s) is None:
                d = R.decisions(s)[0]
                a = d.actions[rnd.randrange(len(d.actions))]
                log.append((d.seat, a))
                R.apply(s, d.seat, a)
            logs.append((log, R.snapshot(s)))
        assert logs[0] == logs[1]
