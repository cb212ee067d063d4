"""Dark Gothic at one screen: every off-turn question is answered from the Hero's own hand,
so in hot-seat it is asked behind that player's curtain — never on the public screen,
where the app's default public kinds (Schemers' "block") would put Dark Gothic's Block."""
from __future__ import annotations

import pytest

from game import registry
from tests.tablekit import run_until

from .test_table_hotseat import strike_at_ben

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_no_dark_gothic_question_is_public():
    assert registry.get("dark_gothic").public_decisions == frozenset()


def test_an_off_turn_block_is_asked_behind_the_blockers_curtain(app):
    match, scene = strike_at_ben(app)
    assert run_until(app, lambda: any(d.seat == 1 and d.kind == "block" for d in match.decisions()), 10)
    assert run_until(app, lambda: scene.curtain == 1, 10), "Ben's curtain comes down for his Block"
    assert not scene.public, "the Block is not put on the public screen"
