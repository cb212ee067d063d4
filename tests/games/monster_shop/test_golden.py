"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests step for step. (That each loads as a save is the
contract suite's check_golden.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.monster_shop.support import rules
from tests.golden import record_goldens, replay_checked

FOLDER = Path(__file__).parent / "golden"
GOLDEN = sorted(FOLDER.glob("monster_shop_*.json"))
LINEUPS = (("monster_shop_4p_normal.json", 4, 20261201, ["normal", "easy", "normal", "random"], {}),
           ("monster_shop_4p_random_simple_short.json", 4, 4242, ["random"] * 4,
            {"version": "simple", "length": "short", "addons": ["reverse_last_round"]}))


def test_there_are_goldens():
    assert len(GOLDEN) >= 2


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    R = rules()
    rec, s = replay_checked(R, path)
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.monster_shop.test_golden"""
    from game.games.monster_shop.ai import make_agent
    record_goldens(rules(), "monster_shop", FOLDER, LINEUPS, make_agent)


if __name__ == "__main__":
    regenerate()
