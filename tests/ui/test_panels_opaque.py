"""The coach's bubble (Learn to play) and the Hint panel are opaque: the chronicle or
cards under them never show through their body as a faint smudge behind the words."""
from __future__ import annotations

import pygame
import pytest

from game import registry
from tests.tablekit import app_key, run_until
from tests.ui.test_hint_panel import _table

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _same_over_white_and_black(draw, point) -> bool:
    """Whether the pixel at `point` is the same drawn over white and over black."""
    seen = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surf = pygame.Surface((1920, 1080))
        surf.fill(under)
        draw(surf)
        seen.append(tuple(surf.get_at(point)))
    return seen[0] == seen[1]


def test_the_hint_panel_hides_what_lies_under_it(app):
    scene = _table(app)
    app_key(app, pygame.K_i)
    assert run_until(app, lambda: scene.hints.hint is not None or scene.hints.error, 30)
    r = scene.hints.panel_rect()
    assert _same_over_white_and_black(scene.hints.draw_panel, (r.x + 8, r.centery))


def test_the_coach_bubble_hides_what_lies_under_it(app):
    from game.ui.scenes.coach import start_tutorial
    start_tutorial(app, registry.get("schemers"))
    scene = app.scenes[-1]
    app.step(1 / 60, [])
    coach = scene.coach
    coach.draw(pygame.Surface((1920, 1080)))          # places the bubble
    p = coach.panel
    assert _same_over_white_and_black(coach.draw, (p.x + 10, p.centery))
