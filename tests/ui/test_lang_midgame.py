"""Switching the language mid-game (issue 25, item 3): every game's table, switched
from English to Czech while it is open, draws exactly what the same table opened in
Czech draws — the chronicle's title, the card faces, the mode line, the trays and
their Cancel/Confirm — without reloading the save."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.match import SeatInfo
from game import registry
from game.ui import headless
from game.ui.scenes.menu import MenuScene

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
NAMES = ("Ann", "Bo", "Cy", "Di")


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def players(gid) -> int:
    rules = registry.ruleset(gid)
    for n in (3, 2, 4, 1):
        try:
            rules.validate_options({}, n)
            return n
        except Exception:             # noqa: BLE001 - OptionsError
            continue
    return rules.min_players


def table_picture(gid, switch: bool) -> pygame.Surface:
    """Seat 0's table after a few AI moves: opened in English and switched to Czech
    (`switch`), or opened in Czech."""
    app = headless.make_app(lang="en" if switch else "cs")
    app.strict = True
    app.settings.animation_speed = 0.0
    try:
        seats = [SeatInfo(NAMES[i], "ai", "normal") for i in range(players(gid))]
        spec, match = headless.play_match(gid, len(seats), None, 5, 8, seats=seats)
        scene = headless.table_scene_for(app, spec, match, viewer=0)
        app.push(MenuScene(app))
        app.push(scene)
        headless._settle(app, 300, until=lambda: not scene.table.busy())
        if switch:
            app.settings.language = "cs"              # what Settings → Language does
            i18n.set_language("cs")
            headless._settle(app, 300, until=lambda: not scene.table.busy())
        for _ in range(3):
            app.step(1 / 60, [])
        return app.screen.copy()
    finally:
        app.shutdown()


def differing(a: pygame.Surface, b: pygame.Surface) -> float:
    pa, pb = pygame.PixelArray(a), pygame.PixelArray(b)
    same = pa.compare(pb, distance=0.08).make_surface()      # white where the pixels agree
    del pa, pb
    mask = pygame.mask.from_threshold(same, (255, 255, 255), (1, 1, 1, 255))
    return 1 - mask.count() / (a.get_width() * a.get_height())


@pytest.mark.parametrize("gid", registry.game_ids())
def test_a_table_switched_to_czech_looks_like_one_opened_in_czech(gid):
    switched = table_picture(gid, switch=True)
    fresh = table_picture(gid, switch=False)
    share = differing(switched, fresh)
    assert share < 0.0005, f"{gid}: {share:.2%} of the table differs from a table opened in Czech"


def test_names_the_app_gave_follow_the_language_typed_names_stay():
    app = headless.make_app(lang="en")
    app.strict = True
    try:
        seats = [SeatInfo("Player 1", "human"), SeatInfo("Ottavia", "ai", "normal"), SeatInfo("Player 3", "ai", "normal")]
        spec, match = headless.play_match("schemers", 3, None, 5, 2, seats=seats)
        match.seats[0].kind = "human"
        scene = headless.table_scene_for(app, spec, match, viewer=0)
        app.push(MenuScene(app))
        app.push(scene)
        app.step(1 / 60, [])
        app.settings.language = "cs"
        i18n.set_language("cs")
        app.step(1 / 60, [])
        assert [s.name for s in match.seats] == ["Hráč 1", "Ottavia", "Hráč 3"]
    finally:
        app.shutdown()
