"""Golden replays: a fixed seed and a complete action log (committed JSON in the save
format) must reproduce the recorded digests step for step — a solo Trial against the
Shadow (its Acts run inside apply) and a versus game."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match
from game.core.record import read_record, state_digest

from .support import rules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("ordeals_*.json"))


def test_goldens_present():
    assert {p.name for p in GOLDEN} >= {"ordeals_solo_trial2_normal.json", "ordeals_versus_normal_random.json"}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    R = rules()
    rec = read_record(path)
    s = R.setup(len(rec.seats), rec.options, rec.seed)
    checkpoints = rec.extra.get("checkpoints", {})
    for i, (seat, action) in enumerate(rec.actions, 1):
        R.apply(s, seat, action)
        if str(i) in checkpoints:
            assert state_digest(R, s) == checkpoints[str(i)], f"diverged by action {i}"
    assert state_digest(R, s) == rec.digest
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and res.side == rec.extra["side"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_loads_as_a_save(path):
    rec = read_record(path, known_games={"ordeals"})
    m = Match.from_record(rec, rules())
    assert m.over


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.ordeals.test_golden"""
    from game.core.record import Record, write_record
    from game.games.ordeals.ai import make_agent
    R = rules()
    folder = Path(__file__).parent / "golden"
    folder.mkdir(exist_ok=True)
    for name, n, seed, lineup, options in (
            ("ordeals_solo_trial2_normal.json", 1, 20261201, ["normal"], {"mode": "solo", "trial": 2}),
            ("ordeals_versus_normal_random.json", 2, 303, ["normal", "random"], {"mode": "versus", "trial": 1})):
        agents = [make_agent(R, lineup[i], i, seed + i) for i in range(n)]
        s = R.setup(n, options, seed)
        actions, checkpoints = [], {}
        while s.res is None:
            d = R.decisions(s)[0]
            a = agents[d.seat].choose(R.view(s, d.seat), d)
            R.apply(s, d.seat, a)
            actions.append((d.seat, a))
            if len(actions) % 25 == 0:
                checkpoints[str(len(actions))] = state_digest(R, s)
        rec = Record(game="ordeals", options=R.validate_options(options, n), seed=seed,
                     seats=[{"name": f"{lineup[i]} {i}", "kind": "ai", "difficulty": lineup[i]} for i in range(n)],
                     actions=actions, digest=state_digest(R, s),
                     extra={"checkpoints": checkpoints, "winners": list(s.res.winners), "side": s.res.side})
        write_record(folder / name, rec)
        print(name, len(actions), "actions", s.res.reason)


if __name__ == "__main__":
    regenerate()
