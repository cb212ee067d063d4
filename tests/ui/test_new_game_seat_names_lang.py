"""The new-game screen's seat names follow the language when the app gave them: a
newcomer set up a game in Czech, switched to English, and the name field still read
"Hráč 1" while the table then said "Player 1". A name the player typed stays."""
from __future__ import annotations

import pytest

from game.core import i18n
from game.ui import headless
from game.ui.scenes.new_game import NewGameScene
from game.ui.widgets import TextInput

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def name_fields(scene) -> list[str]:
    return [w.text for w in scene.ui.widgets if isinstance(w, TextInput)][:scene.count]


def test_given_names_follow_the_language_typed_names_stay():
    app = headless.make_app(lang="en")
    app.strict = True
    try:
        # remembered from a game set up in Czech: two names the app gave, one typed
        app.settings.last_new_game = {"schemers": {"seats": [
            {"name": "Hráč 1", "kind": "human", "difficulty": "normal"},
            {"name": "Hráčka Eva", "kind": "human", "difficulty": "normal"},
            {"name": "Hráč 3", "kind": "human", "difficulty": "normal"}]}}
        scene = NewGameScene(app, "schemers")
        app.push(scene)
        app.step(1 / 60, [])
        assert name_fields(scene) == ["Player 1", "Hráčka Eva", "Player 3"]
        # and a switch with the screen open (the language changes under it)
        i18n.set_language("cs")
        app.step(1 / 60, [])
        assert name_fields(scene) == ["Hráč 1", "Hráčka Eva", "Hráč 3"]
        assert [s["name"] for s in scene.seats[:3]] == ["Hráč 1", "Hráčka Eva", "Hráč 3"]
    finally:
        app.shutdown()
        i18n.set_language("en")
