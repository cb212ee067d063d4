"""VC-G07: who may block each blockable action is data (rules.yaml `block_by`), and the
rules read it for every action, not only the casino (issue 12 item 11)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.games.schemers import SPEC

from .test_util import play

ROOT = Path(__file__).resolve().parents[3]


def _ruleset(tmp_path, who: str):
    data = tmp_path / "schemers"
    shutil.copytree(ROOT / "data" / "schemers", data)
    text = (data / "rules.yaml").read_text()
    for action in ("corsair", "poisoner"):
        text = text.replace(f"  {action}: target", f"  {action}: {who}")
    (data / "rules.yaml").write_text(text)
    return SPEC.load_ruleset(data)


@pytest.mark.parametrize("role,coins", [("corsair", 2), ("poisoner", 3)])
@pytest.mark.parametrize("who", ["target", "others"])
def test_VC_G07_block_by_decides_who_is_asked_to_block(tmp_path, role, coins, who):
    R = _ruleset(tmp_path, who)
    opts = R.validate_options({"mode": "standard", "clock": None}, 3)
    s = R.setup(3, opts, 0)
    actor = s.turn
    target, third = (actor + 1) % 3, (actor + 2) % 3
    s.coins = [coins] * 3
    s.dec = None
    play(R, s, actor, "claim", role, target)
    for d in R.decisions(s):                  # nobody challenges the claim
        play(R, s, d.seat, "pass")
    asked = sorted(d.seat for d in R.decisions(s) if d.kind == "block")
    assert asked == ([target] if who == "target" else sorted([target, third]))
