"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests (game.core.record.state_digest) step for step. After a
DELIBERATE rules or data change: python -m tests.games.dark_gothic.test_golden
(That each loads as a save is the contract suite's check_golden.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import record_goldens, replay_checked

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
    rec, s = replay_checked(R, path)
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


def regenerate():
    from game.games.dark_gothic.ai import make_agent
    record_goldens(R, "dark_gothic", FOLDER, LINEUPS, make_agent)


if __name__ == "__main__":
    regenerate()
