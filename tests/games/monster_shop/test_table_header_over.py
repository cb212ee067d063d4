"""When the game is over the table's "Game over — … wins" strip lies across the top line:
the shop's own title and round under it showed at both ends and through it ("Little
Mon[Game over — Isabella wins]h: Dark Alleys — 6"), so the header steps aside."""
from __future__ import annotations

import pygame
import pytest

from .test_table import Rig

pytestmark = pytest.mark.usefixtures("display")


def test_the_title_line_steps_aside_for_the_game_over_strip():
    rig = Rig()
    tb = rig.table
    surf = pygame.Surface((1920, 1080))
    v = rig.match.view(0)
    drawn = []
    real = tb.art.blit_text
    tb.art.blit_text = lambda s, text, *a, **k: drawn.append(str(text)) or real(s, text, *a, **k)
    tb.draw_header(surf, v)
    title = tb.words.tr("title")
    assert any(title in s for s in drawn)                 # in play the title line is there
    drawn.clear()
    tb.draw_header(surf, dict(v, over=True))
    assert not any(title in s for s in drawn)
