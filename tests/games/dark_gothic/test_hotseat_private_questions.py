"""Dark Gothic at one screen: every off-turn question is answered from the Hero's own hand,
so in hot-seat it is asked behind that player's curtain — never on the public screen,
where the app's default public kinds (Schemers' "block") would put Dark Gothic's Block."""
from __future__ import annotations

import pytest

from game.games import registry
from game.ui.scenes.table import TableScene
from tests.tablekit import app_click, run_until

from .helpers import set_hand
from .test_table_hotseat import _two_people

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_no_dark_gothic_question_is_public():
    assert registry.get("dark_gothic").public_decisions == frozenset()


def test_an_off_turn_block_is_asked_behind_the_blockers_curtain(app):
    spec, match = _two_people()
    s = match.state
    (brigand,) = set_hand(s, 0, "brigand")                       # Strike: each other Hero discards 1
    set_hand(s, 1, "silver_cross", "strength_of_combat")
    match._decisions = None
    s.dec = None
    scene = TableScene(app, spec, match)
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(scene)
    assert run_until(app, lambda: scene.curtain == 0, 10)
    scene.curtain_t = 1.0
    app_click(app, scene.curtain_btn.rect.center)
    assert run_until(app, lambda: scene.curtain is None and scene.viewer == 0 and not scene.table.busy(), 10)
    scene.submit_human(0, ("play", brigand))
    assert run_until(app, lambda: any(d.seat == 1 and d.kind == "block" for d in match.decisions()), 10)
    assert run_until(app, lambda: scene.curtain == 1, 10), "Ben's curtain comes down for his Block"
    assert not scene.public, "the Block is not put on the public screen"
