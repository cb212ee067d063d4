"""Enter at "Game over" leads to the results, never past them: a newcomer pressed Enter
on the finished table (to dismiss something) and again, and a rematch began before they
had read who won or opened the review. Enter on the table opens the results; on the
results it starts nothing (Rematch is a click)."""
from __future__ import annotations

import pygame
import pytest

from game.ui import headless
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.results import ResultsScene
from tests.tablekit import app_key, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_enter_on_a_finished_table_shows_the_results_and_starts_no_new_game():
    app = headless.make_app()
    app.strict = True
    app.settings.animation_speed = 0.0
    try:
        spec, match = headless.play_match("schemers", 3, None, 5, 10_000, difficulty="random")
        assert match.over
        scene = headless.table_scene_for(app, spec, match, viewer=0)
        app.push(MenuScene(app))
        app.push(scene)
        assert run_until(app, lambda: scene.over_ready, 10)
        app_key(app, pygame.K_RETURN)
        results = app.top
        assert isinstance(results, ResultsScene) and results.match is match
        for k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RETURN):
            app_key(app, k)
            app.step(1 / 60, [])
        assert app.top is results, "Enter on the results started a new game"
    finally:
        app.shutdown()
