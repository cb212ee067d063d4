"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests (game.core.record.state_digest) step for step. After a
DELIBERATE rules or data change: python -m tests.games.dark_gothic.test_golden"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core.match import Match
from game.core.record import Record, read_record, state_digest

from .helpers import R

FOLDER = Path(__file__).parent / "golden"
GOLDEN = sorted(FOLDER.glob("dark_gothic_*.json"))
LINEUPS = (("dark_gothic_coop_2p_normal.json", 2, 20261201, ["normal", "normal"], {"mode": "coop"}),
           ("dark_gothic_3p_random_draw2.json", 3, 4243, ["random"] * 3,
            {"mode": "competitive", "addons": ["draw2"]}))


def test_there_are_goldens():
    assert {p.name for p in GOLDEN} == {name for name, *_ in LINEUPS}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    rec = read_record(path)
    s = R.setup(len(rec.seats), rec.options, rec.seed)
    checkpoints = rec.extra.get("checkpoints", {})
    for i, (seat, action) in enumerate(rec.actions, 1):
        R.apply(s, seat, action)
        if str(i) in checkpoints:
            assert state_digest(R, s) == checkpoints[str(i)], f"diverged by action {i}"
    assert state_digest(R, s) == rec.digest
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_loads_as_a_save(path):
    rec = read_record(path, known_games={"dark_gothic"})
    assert Match.from_record(rec, R).over


def regenerate():
    from game.games.dark_gothic.ai import make_agent
    for name, n, seed, lineup, options in LINEUPS:
        agents = [make_agent(R, lineup[i], i, seed + i) for i in range(n)]
        s = R.setup(n, options, seed)
        actions, checkpoints = [], {}
        while s.res is None:
            d = R.decisions(s)[0]
            a = agents[d.seat].choose(R.view(s, d.seat), d)
            R.apply(s, d.seat, a)
            actions.append((d.seat, a))
            if len(actions) % 50 == 0:
                checkpoints[str(len(actions))] = state_digest(R, s)
        rec = Record(game="dark_gothic", options=R.validate_options(options, n), seed=seed,
                     seats=[{"name": f"{lineup[i]} {i}", "kind": "ai", "difficulty": lineup[i]} for i in range(n)],
                     actions=actions, digest=state_digest(R, s),
                     extra={"checkpoints": checkpoints, "winners": list(s.res.winners), "scores": list(s.res.scores)})
        (FOLDER / name).write_text(json.dumps(rec.to_json(), separators=(",", ":")))
        print(name, len(actions), s.res.winners, s.res.side)


if __name__ == "__main__":
    regenerate()
