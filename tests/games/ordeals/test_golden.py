"""Golden replays: a fixed seed and a complete action log (committed JSON in the save
format) must reproduce the recorded digests step for step — a solo Trial against the
Shadow (its Acts run inside apply) and a versus game. (That each loads as a save is the
contract suite's check_golden.)"""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden import record_goldens, replay_checked

from .support import rules

FOLDER = Path(__file__).parent / "golden"
GOLDEN = sorted(FOLDER.glob("ordeals_*.json"))
LINEUPS = (("ordeals_solo_trial2_normal.json", 1, 20261201, ["normal"], {"mode": "solo", "trial": 2}),
           ("ordeals_versus_normal_random.json", 2, 303, ["normal", "random"], {"mode": "versus", "trial": 1}))


def test_goldens_present():
    assert {p.name for p in GOLDEN} >= {name for name, *_ in LINEUPS}


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    R = rules()
    rec, s = replay_checked(R, path)
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and res.side == rec.extra["side"]


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.ordeals.test_golden"""
    from game.games.ordeals.ai import make_agent
    record_goldens(rules(), "ordeals", FOLDER, LINEUPS, make_agent, every=25,
                   extra=lambda res: {"winners": list(res.winners), "side": res.side})


if __name__ == "__main__":
    regenerate()
