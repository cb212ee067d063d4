"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests (game.core.record.state_digest) step for step, with
the winners and scores recorded. (That each loads as a save and reaches its final digest
is the contract suite's test_golden_replays_reach_their_digest[dark_deeds:...].)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.dark_deeds.test_support import rules
from tests.golden import record_goldens, replay_checked

FOLDER = Path(__file__).parent / "golden"
GOLDEN = sorted(FOLDER.glob("dark_deeds_*.json"))
LINEUPS = (("dark_deeds_3p_normal.json", 3, 20261130, ["normal", "easy", "random"], {"first_player": "rolloff"}),
           ("dark_deeds_4p_random.json", 4, 4242, ["random"] * 4, {"open_scores": True}))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    R = rules()
    rec, s = replay_checked(R, path)
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.dark_deeds.test_golden"""
    from game.games.dark_deeds.ai import make_agent
    record_goldens(rules(), "dark_deeds", FOLDER, LINEUPS, make_agent)


if __name__ == "__main__":
    regenerate()
