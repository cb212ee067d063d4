"""New-game screen: a choice's subtitle ("Standard", "2–3 players", "doporučená") has
room under it. At 66 px its letters sat on the button's bottom edge (at 1280x720 they
touched it); the button is taller, and the options still end inside their panel, in
English and Czech."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.ui import headless
from game.ui.scenes.new_game import COL3, NewGameScene
from game.ui.theme import FONT
from game.ui.widgets import Button

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

ROOM = 10          # logical px between a subtitle's lowest ink (a descender too) and its button's bottom edge


def ink_bottom(app, text, size, bold=False) -> tuple[int, int]:
    """(top, bottom) of the ink of `text` in a surface centred on y = 0."""
    s = app.assets.text(text, size, (255, 255, 255), bold=bold)
    box = pygame.mask.from_surface(s).get_bounding_rects()
    box = box[0].unionall(box[1:])
    top = -s.get_height() // 2
    return top + box.top, top + box.bottom


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("gid", ["schemers", "monster_shop", "ordeals", "dark_gothic"])
def test_a_subtitle_has_room_under_it_and_the_options_fit(gid, lang):
    app = headless.make_app(lang=lang)
    try:
        scene = NewGameScene(app, gid)
        app.push(scene)
        app.step(1 / 60, [])
        buttons = [w for w in scene.ui.widgets if isinstance(w, Button) and w.sublabel and w.visible]
        assert buttons, f"{gid}: no choice with a subtitle"
        for b in buttons:
            r = b.rect
            _, sub_bottom = ink_bottom(app, b.sublabel, FONT.small)
            assert r.bottom - (r.y + int(r.h * 0.70) + sub_bottom) >= ROOM, f"{gid}/{lang}: {b.sublabel!r}"
        in_options = [w for w in scene.ui.widgets if w.visible and w.rect.x >= COL3.x and w.rect.y < COL3.bottom]
        lowest = max(w.rect.bottom for w in in_options)
        assert lowest <= COL3.bottom - 8, f"{gid}/{lang}: the options end at {lowest}, under their panel"
    finally:
        app.shutdown()
        i18n.set_language("en")
