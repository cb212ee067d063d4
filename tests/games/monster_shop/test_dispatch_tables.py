"""The monster shop's explicit tables (core/dispatch.py): every stage it enters, every
ask it queues and every space op the data may name has its handler written out, and a
wrong answer is refused in the words every game uses, changing nothing."""
import ast
from pathlib import Path

import pytest

from game.core.rules import IllegalAction
from game.games.monster_shop.effects import SPACE_OPS

from .support import artifact_id, fresh, rules

SOURCES = [Path(__file__).resolve().parents[3] / "game/games/monster_shop" / name
           for name in ("rules.py", "planning.py", "needs.py", "scoring.py")]


def _named_in_source():
    """The stages the rules enter (`s.stage = "..."`) and the ask kinds they queue
    (`self.ask(s, seat, "...", ...)`), read from the source."""
    stages, asks = set(), set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and any(
                    isinstance(t, ast.Attribute) and t.attr == "stage" for t in node.targets):
                stages.add(node.value.value)
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr == "ask" and len(node.args) >= 3
                  and isinstance(node.args[2], ast.Constant)):
                asks.add(node.args[2].value)
    return stages, asks


def test_every_stage_ask_and_space_op_has_its_handler():
    R = rules()
    stages, asks = _named_in_source()
    assert {"plan", "send", "care", "work", "over"} <= stages and {"gift", "keep", "spooker"} <= asks
    playing = stages - {"over"}                       # the game has ended: nothing runs
    answered = playing - {"care"}                     # care's questions are all asks
    assert R.flow.missing(kinds=answered, stages=playing) == []
    assert sorted(asks - set(R.ask_answers)) == []
    assert sorted(R.space_actions) == sorted(SPACE_OPS)


def test_a_wrong_answer_to_an_ask_is_refused_in_the_shared_words_and_changes_nothing():
    R, s = fresh(44)
    s.artifacts[1] = [artifact_id("leash")]
    s.stage = "care"
    R.gain_artifact(s, 0, artifact_id("little_gift"), [])
    assert s.asks[0][:2] == (0, "gift")
    before = R.snapshot(s)
    with pytest.raises(IllegalAction, match="seat 2 has nothing to decide now"):
        R.apply(s, 2, ("postpone",))
    with pytest.raises(IllegalAction, match="is not one of the choices now"):
        R.apply(s, 0, ("copy", artifact_id("lucky_coin")))
    assert R.snapshot(s) == before
