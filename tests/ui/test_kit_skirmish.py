"""skirmish.py and paint.py: a skirmish table on the kit's Board (mat, framed ground,
inch grid toggle, deployment zones, light pools, the hovered area named, name plates
that never cover each other or a base) and the ground-painting helpers."""
from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame
import pytest

from game.ui.table.board import point_in_polygon
from game.ui.table.paint import alpha_poly, box, hull, masked, noise_tile, tile
from game.ui.table.pieces import Piece, PieceRenderer
from game.ui.table.skirmish import SkirmishBoard


@dataclass
class Area:
    name: str
    poly: tuple

    def contains(self, p) -> bool:
        return point_in_polygon(p, self.poly)


POND = Area("pond", ((20.0, 20.0), (26.0, 20.0), (26.0, 26.0), (20.0, 26.0)))


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def board(gfx, **kw):
    b = SkirmishBoard(pygame.Rect(0, 0, 900, 700), (36, 30), PieceRenderer(gfx, name_tags=False), areas=[POND],
                      zones=[[(0, 0), (36, 0), (36, 6), (0, 6)]], **kw)
    for k in range(10):
        b.add(Piece(f"p{k}", "mini", name=f"Piece number {k}", pos=(4 + (k % 5) * 1.6, 10 + (k // 5) * 1.4)))
    return b


def move(b, pos):
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def test_the_ground_is_painted_once_and_again_on_a_grid_toggle(gfx):
    b = board(gfx)
    surf = pygame.Surface((900, 700))
    b.draw(surf)
    b.draw(surf)
    assert b.terrain_paints == 1
    x, y = (int(v) for v in b.camera.to_screen((1.0, 15.5)))
    on = b._ground_layer().get_at((x, y))
    b.toggle_grid()
    b.draw(surf)
    assert b.terrain_paints == 2 and b.show_grid is False
    assert b._ground_layer().get_at((x, y)) != on


def test_plates_never_overlap_or_cover_a_base_and_the_hovered_one_always_shows(gfx):
    b = board(gfx)
    surf = pygame.Surface((900, 700))
    b.camera.zoom_at(b.camera.rect.center, 2.0)
    b._place_all()
    b.draw(surf)
    plates = b.plates()
    assert plates
    for (_p, r1, _i), (_q, r2, _j) in itertools.combinations(plates, 2):
        assert not r1.colliderect(r2)
    r = 0.5 * b.camera.ppi
    for p, rect, _img in plates:
        for q in b.pieces:
            if q is not p:
                assert not rect.colliderect(pygame.Rect(round(q.screen[0] - r - 2), round(q.screen[1] - r - 2),
                                                        round(2 * r + 4), round(2 * r + 4)))
    b.camera.fit()
    b.camera.ppi = 10.0                          # bases of 5 px: plates only on hover
    b._place_all()
    assert b.plates() == []
    p = b.pieces[3]
    move(b, tuple(int(v) for v in p.screen))
    assert [q for q, _r, _i in b.plates()] == [p]


def test_the_area_under_the_pointer_is_outlined_and_named(gfx):
    b = board(gfx, words={"area": lambda a: a.name.upper()})
    surf = pygame.Surface((900, 700))
    move(b, tuple(int(v) for v in b.camera.to_screen((23, 23))))
    assert b.hover_area is POND
    b.draw(surf)
    tag = b.gfx.cached(("sk_area_tag", "POND"), lambda: None)
    assert tag is not None
    move(b, tuple(int(v) for v in b.camera.to_screen((30, 28))))
    assert b.hover_area is None


def test_lights_and_the_deploying_zone_brighten_the_ground(gfx):
    b = board(gfx)
    surf = pygame.Surface((900, 700))
    b.draw(surf)
    zx, zy = (int(v) for v in b.camera.to_screen((30.5, 3.5)))
    dark_zone = surf.get_at((zx, zy))
    b.zone_glow = 0
    lamp = Piece("lamp", "mini", pos=(20.5, 14.5))
    b.add(lamp)
    b.lights = [lamp]
    b.light_strength = 0.8
    b.draw(surf)
    assert surf.get_at((zx, zy)) != dark_zone
    x1, y1 = (int(v) for v in b.camera.to_screen((22.5, 14.5)))     # beside the base, inside the pool
    b2 = board(gfx)
    b2.add(Piece("lamp", "mini", pos=(20.5, 14.5)))
    s2 = pygame.Surface((900, 700))
    b2.draw(s2)
    assert sum(surf.get_at((x1, y1))[:3]) > sum(s2.get_at((x1, y1))[:3])


def test_paint_helpers():
    assert hull([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2)]) == [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert box([(0.5, 0.5), (3.2, 2.0)]) == pygame.Rect(0, 0, 5, 3)
    s = pygame.Surface((20, 20))
    alpha_poly(s, [(0, 0), (19, 0), (19, 19), (0, 19)], (255, 255, 255, 128), s.get_rect())
    assert 120 <= s.get_at((10, 10)).r <= 136
    s.fill((0, 0, 0))
    masked(s, [(0, 0), (9, 0), (9, 19), (0, 19)], s.get_rect(), lambda tmp, dx, dy: tmp.fill((255, 0, 0, 255)))
    assert s.get_at((4, 10)).r == 255 and s.get_at((15, 10)).r == 0
    n = noise_tile(7, 32, 26)
    assert n is noise_tile(7, 32, 26) and n.get_size() == (32, 32)
    a, b = pygame.Surface((40, 40)), pygame.Surface((40, 40))
    tile(a, n, (0, 0), a.get_rect())
    tile(b, n, (32, 0), b.get_rect())                 # anchored to the world: one tile over
    assert a.get_at((5, 5)) == b.get_at((5, 5))


def test_a_card_goes_beside_a_piece_on_the_side_that_fits_and_clears_its_plate(gfx):
    from game.ui.table.skirmish import text_card
    b = board(gfx)
    card = text_card(gfx, ["Aldric", "Might 2 · Aim 1"], 16)
    assert card is text_card(gfx, ["Aldric", "Might 2 · Aim 1"], 16)          # cached
    p = b.pieces[0]
    p.screen, p.screen_r = (100.0, 300.0), 10.0
    r = b.place_beside(card.get_size(), p, 20)
    assert r.left == 120 and r.centery == 300
    p.screen = (880.0, 300.0)                               # no room on the right: the left
    r = b.place_beside(card.get_size(), p, 20)
    assert r.right == 860
    b.camera.zoom_at(b.camera.rect.center, 2.0)
    b._place_all()
    b.draw(pygame.Surface((900, 700)))
    q, plate, _img = b.plates()[0]
    r = b.place_beside((plate.w + 40, 60), q, 0, clear_plate=True)
    assert not r.colliderect(plate)


def test_the_light_the_weather_and_the_season_repaint_the_field(gfx):
    b = board(gfx)
    surf = pygame.Surface((900, 700))
    b.draw(surf)
    x, y = (int(v) for v in b.camera.to_screen((30.5, 20.5)))
    day = b._ground_layer().get_at((x, y))
    b.tint = (140, 148, 190)                           # night
    b.draw(surf)
    night = b._ground_layer().get_at((x, y))
    assert b.terrain_paints == 2 and sum(night[:3]) < sum(day[:3])
    b.haze = (40, 42, 46)                              # fog
    b.draw(surf)
    assert sum(b._ground_layer().get_at((x, y))[:3]) > sum(night[:3])
    b.ground = ((150, 158, 164), (196, 204, 210), (118, 126, 134))     # a winter field
    b.frost = True
    b.draw(surf)
    assert b.terrain_paints == 4
    b.draw(surf)
    assert b.terrain_paints == 4                       # nothing changed: no repaint


def test_g_toggles_the_grid_and_a_sight_line_is_solid_or_dashed(gfx):
    b = board(gfx)
    assert b.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0))
    assert b.show_grid is False
    assert not b.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=pygame.KMOD_CTRL))
    assert b.show_grid is False
    surf = pygame.Surface((900, 700))
    a, c = (5.0, 15.0), (30.0, 15.0)
    y = int(b.camera.to_screen(a)[1])
    xs = range(int(b.camera.to_screen(a)[0]) + 2, int(b.camera.to_screen(c)[0]) - 2)
    b.sight_line(surf, a, c, True)
    solid = [surf.get_at((x, y))[:3] for x in xs]
    surf.fill((0, 0, 0))
    b.sight_line(surf, a, c, False)
    dashed = [surf.get_at((x, y))[:3] for x in xs]
    assert all(p != (0, 0, 0) for p in solid)
    assert any(p == (0, 0, 0) for p in dashed) and any(p != (0, 0, 0) for p in dashed)


def test_look_at_keep_in_view_and_a_table_that_fits_stays_in_the_middle(gfx):
    b = board(gfx, centre_fits=True)
    cam = b.camera
    cam.ppi = cam.min_ppi * 3
    b.look_at((30.0, 25.0))
    assert abs(cam.to_screen((30.0, 25.0))[0] - cam.rect.centerx) <= 1       # centred on it
    b.keep_in_view((29.0, 25.0))
    assert abs(cam.to_screen((30.0, 25.0))[0] - cam.rect.centerx) <= 1       # in view: the view stays
    b.keep_in_view((2.0, 3.0))
    assert cam.rect.collidepoint(cam.to_screen((2.0, 3.0)))                  # off it: the view goes there
    b.look_at((6.0, 11.0))
    b.draw(pygame.Surface((900, 700)))
    plates = {q[0].id for q in b.plates()}
    b.look_at((34.0, 28.0))                                                  # the bases are off the view now
    b.draw(pygame.Surface((900, 700)))
    assert plates and not {q[0].id for q in b.plates()}                     # no plate names a base not there
    cam.ppi = cam.min_ppi                                                    # zoomed out: the table fits
    move(b, (450, 350))
    assert b.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, precise_y=-1.0))
    left, right = cam.to_screen((0, 0))[0] - cam.rect.x, cam.rect.right - cam.to_screen(cam.world)[0]
    assert abs(left - right) <= 1
