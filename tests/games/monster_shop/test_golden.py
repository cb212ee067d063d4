"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests step for step."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match
from game.core.record import read_record, state_digest
from tests.games.monster_shop.support import rules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("monster_shop_*.json"))


def test_there_are_goldens():
    assert len(GOLDEN) >= 2


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
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_loads_as_a_save(path):
    rec = read_record(path, known_games={"monster_shop"})
    m = Match.from_record(rec, rules())
    assert m.over


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.monster_shop.test_golden"""
    import json

    from game.core.record import Record
    from game.games.monster_shop.ai import make_agent
    R = rules()
    folder = Path(__file__).parent / "golden"
    for name, seed, lineup, options in (
            ("monster_shop_4p_normal.json", 20261201, ["normal", "easy", "normal", "random"], {}),
            ("monster_shop_4p_random_simple_short.json", 4242, ["random"] * 4,
             {"version": "simple", "length": "short", "addons": ["reverse_last_round"]})):
        agents = [make_agent(R, lineup[i], i, seed + i) for i in range(4)]
        s = R.setup(4, options, seed)
        actions, checkpoints = [], {}
        while s.res is None:
            d = R.decisions(s)[0]
            a = agents[d.seat].choose(R.view(s, d.seat), d)
            R.apply(s, d.seat, a)
            actions.append((d.seat, a))
            if len(actions) % 50 == 0:
                checkpoints[str(len(actions))] = state_digest(R, s)
        rec = Record(game="monster_shop", options=R.validate_options(options, 4), seed=seed,
                     seats=[{"name": f"{lineup[i]} {i}", "kind": "ai", "difficulty": lineup[i]} for i in range(4)],
                     actions=actions, digest=state_digest(R, s),
                     extra={"checkpoints": checkpoints, "winners": list(s.res.winners), "scores": list(s.res.scores)})
        (folder / name).write_text(json.dumps(rec.to_json(), separators=(",", ":")))
        print(name, len(actions), s.res.winners)


if __name__ == "__main__":
    regenerate()
