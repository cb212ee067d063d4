"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests (game.core.record.state_digest) step for step."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match
from game.core.record import read_record, state_digest
from tests.test_dark_deeds_support import rules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("dark_deeds_*.json"))


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
    rec = read_record(path, known_games={"dark_deeds"})
    m = Match.from_record(rec, rules())
    assert m.over
