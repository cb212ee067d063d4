"""The Hint's words where a newcomer met it: I in the guided first game (Learn to play)
did nothing but say "A Hint is for your own decision" - it is off there, and now says
why; and after Settings switched the language from the Esc menu, the Hint button under
the menu kept its old label (and its tooltip kept the old words for good)."""
from __future__ import annotations

import pygame
import pytest

from game import registry
from game.core import i18n
from game.core.i18n import t
from game.ui import headless
from tests.tablekit import app_key, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def app():
    a = headless.make_app()
    a.strict = True
    a.settings.animation_speed = 0.0
    yield a
    a.shutdown()
    i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_i_in_the_guided_game_says_why_there_is_no_hint(app, lang):
    from game.ui.scenes.coach import start_tutorial
    i18n.set_language(lang)
    start_tutorial(app, registry.get("schemers"))
    scene = app.top
    assert scene.coach is not None and run_until(app, scene.coach.learner_decides, 20)
    app_key(app, pygame.K_i)
    assert [tt.text for tt in app.toasts] == [t("advice.off_guided")]
    assert not scene.hints.open


def test_the_hint_button_under_the_esc_menu_takes_the_new_language_at_once(app):
    from game.ui.scenes.settings import SettingsScene
    headless.build_scene(app, "pause")
    table = app.scenes[-2]
    settings = SettingsScene(app)
    app.push(settings)
    app.step(1 / 60, [])
    settings.set_language("cs")
    app.step(1 / 60, [])
    app.pop()                                   # back to the Esc menu: the table is not updated under it
    app.step(1 / 60, [])
    assert table.hints.button.label == "Rada"
    assert table.hints.button.tooltip == t("advice.hint_tip") and table.hints.button.tooltip.startswith("Rada")
