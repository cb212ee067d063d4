"""An AI seat whose level cannot start plays as a random player, and the window says so
(a silent fallback let a player face a random opponent believing it was `normal`)."""
from __future__ import annotations

import dataclasses

import pytest

from game.core.match import SeatInfo
from game import registry
from game.ui import headless
from game.ui.scenes.table import start_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def broken(ruleset, level, seat, seed, max_iterations=None):
    """An agent factory with a bug: a level that cannot start."""
    raise NameError("name 'NORMAL' is not defined")


def test_a_level_that_cannot_start_is_told_in_a_toast():
    app = headless.make_app()
    try:
        spec = registry.get("schemers")

        spec = dataclasses.replace(spec, agents=f"{__name__}:broken")
        seats = [SeatInfo("Ann", "human"), SeatInfo("Lucrezia", "ai", "normal")]
        scene = start_game(app, spec, seats, {}, 5)
        assert type(scene.match.agents[1]).__name__ == "RandomAgent"
        texts = [tt.text for tt in app.toasts]
        assert any("Lucrezia" in x and "Normal" in x and "NORMAL" in x for x in texts), texts
    finally:
        app.shutdown()
