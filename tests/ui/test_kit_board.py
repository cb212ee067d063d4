"""board.py: the pure sight geometry (property-tested), the camera, and a Board driven
by real pygame events: wheel zoom about the pointer, pan on empty ground, dragging a
piece with the ruler, free drops that return world points, illegal drops gliding home,
line of sight against polygons."""
from __future__ import annotations

import math
import random

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ui.table.board import (Board, Camera, Obstacle, RangeRing, Terrain, clamp_reach, line_of_sight,
                                 point_in_polygon, segment_hits_polygon, segments_cross, shadow_quads)
from game.ui.table.pieces import Piece, PieceRenderer
from game.ui.table.regions import Layout, Region

WALL = [(10, 4), (12, 4), (12, 20), (10, 20)]


@pytest.fixture(scope="module")
def renderer():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return PieceRenderer(Gfx(Assets()))


def feed(board, events) -> None:
    pygame.event.clear()
    for ev in events:
        pygame.event.post(ev)
    types = {ev.type for ev in events}
    for e in pygame.event.get():
        if e.type in types:
            board.handle_event(e)


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(1, 0, 0))


def wheel(y):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


# -- pure geometry -------------------------------------------------------------------------
def test_segments_cross_cases():
    assert segments_cross((0, 0), (4, 4), (0, 4), (4, 0))          # an X
    assert not segments_cross((0, 0), (1, 1), (2, 2), (3, 3))       # collinear, apart
    assert segments_cross((0, 0), (2, 2), (2, 2), (3, 0))           # touching ends
    assert segments_cross((0, 0), (4, 0), (2, 0), (6, 0))           # overlapping
    assert not segments_cross((0, 0), (4, 0), (0, 1), (4, 1))       # parallel


def test_point_in_polygon_and_segment_hits():
    assert point_in_polygon((11, 10), WALL) and point_in_polygon((10, 10), WALL)   # boundary counts
    assert not point_in_polygon((9, 10), WALL)
    assert segment_hits_polygon((0, 10), (20, 10), WALL)
    assert segment_hits_polygon((10.5, 5), (11.5, 6), WALL)              # wholly inside
    assert not segment_hits_polygon((0, 0), (20, 2), WALL)


def test_line_of_sight_walls_heights_and_standing_on_top():
    wall = Obstacle(tuple(WALL), 3.0)
    assert not line_of_sight((5, 10), (20, 10), [wall])
    assert line_of_sight((5, 2), (20, 2), [wall])                        # past its end
    assert line_of_sight((5, 10), (20, 10), [wall], eye=4.0)             # seen over from higher up
    assert line_of_sight((11, 10), (20, 10), [wall])                     # standing on it
    assert not line_of_sight((5, 10), (20, 10), [Obstacle(tuple(WALL))])  # no height: always blocks


def test_clamp_reach():
    assert clamp_reach((0, 0), (3, 4), 10) == (3, 4)
    assert clamp_reach((0, 0), (3, 4), 2.5) == pytest.approx((1.5, 2.0))


def _star(rng, cx, cy):
    n = rng.randint(3, 8)
    angles = sorted(rng.uniform(0, 2 * math.pi) for _ in range(n))
    radii = [rng.uniform(0.5, 4) for _ in angles]
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for r, a in zip(radii, angles)]


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_sight_is_symmetric_and_the_shadow_is_exactly_what_cannot_be_seen(seed):
    rng = random.Random(seed)
    poly = _star(rng, rng.uniform(8, 16), rng.uniform(8, 16))
    if len({(round(x, 6), round(y, 6)) for x, y in poly}) < 3:
        return
    eye = (rng.uniform(0, 24), rng.uniform(0, 24))
    q = (rng.uniform(0, 24), rng.uniform(0, 24))
    obs = [Obstacle(tuple(poly), 2.0)]
    assert line_of_sight(eye, q, obs) == line_of_sight(q, eye, obs)
    if point_in_polygon(eye, poly) or point_in_polygon(q, poly):
        return
    quads = shadow_quads(eye, poly, 100.0)
    in_shadow = any(point_in_polygon(q, quad) for quad in quads)
    assert in_shadow == (not line_of_sight(eye, q, obs))


# -- camera ----------------------------------------------------------------------------------
def test_camera_round_trip_fit_and_bounds():
    cam = Camera((100, 50, 800, 600), (36, 24))
    for p in [(0, 0), (36, 24), (12.5, 7.25)]:
        assert cam.to_world(cam.to_screen(p)) == pytest.approx(p)
    a, b = cam.to_screen((0, 0)), cam.to_screen((36, 24))
    assert cam.rect.collidepoint(a) and cam.rect.collidepoint(b)      # the whole board fits
    for _ in range(50):
        cam.zoom_at((500, 350), 1.5)
    assert cam.ppi == pytest.approx(cam.max_ppi)
    for _ in range(50):
        cam.zoom_at((500, 350), 0.5)
    assert cam.ppi == pytest.approx(cam.min_ppi)


# -- the board through events ---------------------------------------------------------------
def make_board(renderer, **kw):
    b = Board((100, 50, 800, 600), (36, 24), renderer,
              terrain=[Terrain(WALL, height=3), Terrain([(20, 15), (26, 15), (24, 21)], kind="woods")], **kw)
    a = b.add(Piece("a", "mini", pos=(5, 10), size=0.5, facing=0, name="Aldric"))
    f = b.add(Piece("f", "mini", (60, 60, 200), pos=(20, 10), size=0.5, name="Foe"))
    return b, a, f


def test_wheel_zooms_about_the_pointer(renderer):
    b, *_ = make_board(renderer)
    cam = b.camera
    feed(b, [move((500, 350))])
    w0 = cam.to_world((500, 350))
    ppi0 = cam.ppi
    feed(b, [wheel(1), wheel(1), wheel(1)])
    assert cam.ppi == pytest.approx(ppi0 * 1.15 ** 3)
    assert cam.to_world((500, 350)) == pytest.approx(w0)
    # the legacy wheel buttons arrive too: they must not zoom a second time
    ppi1 = cam.ppi
    feed(b, [down((500, 350), 4), up((500, 350), 4)])
    assert cam.ppi == ppi1
    feed(b, [wheel(-1)])
    assert cam.ppi == pytest.approx(ppi1 / 1.15)
    # outside the board the wheel is not ours
    feed(b, [move((20, 20))])
    assert not b.handle_event(wheel(1))


def test_drag_on_empty_ground_pans(renderer):
    b, *_ = make_board(renderer)
    cam = b.camera
    feed(b, [move((500, 350))] + [wheel(1)] * 6)
    w = cam.to_world((300, 300))
    feed(b, [down((300, 300)), move((320, 305)), move((350, 320)), up((350, 320))])
    assert cam.to_world((350, 320)) == pytest.approx(w)
    assert b.selected is None


def test_drag_a_piece_with_the_ruler_and_drop_it_anywhere(renderer):
    drops = []
    b, a, f = make_board(renderer, allowance=lambda p: 6.0,
                         on_drop=lambda p, point, target: drops.append((p.id, point, target)))
    cam = b.camera
    s = cam.to_screen(a.pos)
    dx = 3 * cam.ppi                                  # three inches to the right
    feed(b, [down(s), move((s[0] + 10, s[1])), move((s[0] + dx, s[1]))])
    dist, left = b.ruler()
    assert dist == pytest.approx(3.0, abs=0.05) and left == pytest.approx(3.0, abs=0.05)
    surf = pygame.Surface((1000, 700))
    b.draw(surf)                                      # ruler, reach ring and ghost draw
    feed(b, [up((s[0] + dx, s[1]))])
    assert b.ruler() is None
    (pid, point, target), = drops
    assert pid == "a" and target is None
    pressed = cam.to_world((int(s[0]), int(s[1])))          # the piece keeps its grip offset
    grip = (5 - pressed[0], 10 - pressed[1])
    dropped = cam.to_world((int(s[0] + dx), int(s[1])))
    assert point == pytest.approx((dropped[0] + grip[0], dropped[1] + grip[1]), abs=1e-9)
    assert a.pos == point                             # stays where it was dropped


def test_an_illegal_drop_glides_home_and_clamp_keeps_the_reach(renderer):
    b, a, f = make_board(renderer, allowance=lambda p: 2.0, on_drop=lambda p, point, target: False)
    cam = b.camera
    home = a.pos
    s = cam.to_screen(a.pos)
    feed(b, [down(s), move((s[0] + 200, s[1] + 100)), up((s[0] + 200, s[1] + 100))])
    assert a.pos != home
    for _ in range(40):
        b.update(0.05)
    assert a.pos == pytest.approx(home) and not b.busy()
    # over the allowance the ruler says how much too far; with clamp the piece stops at it
    feed(b, [down(s), move((s[0] + 5 * cam.ppi, s[1]))])
    assert b.ruler()[1] == pytest.approx(-3.0, abs=0.05)
    feed(b, [up((s[0] + 5 * cam.ppi, s[1]))])
    for _ in range(40):
        b.update(0.05)
    b.clamp = True
    b.on_drop = None
    feed(b, [down(s), move((s[0] + 5 * cam.ppi, s[1])), up((s[0] + 5 * cam.ppi, s[1]))])
    assert math.dist(a.pos, home) == pytest.approx(2.0, abs=1e-6)


def test_dropping_on_a_piece_names_it_and_a_click_selects(renderer):
    got, clicks = [], []
    b, a, f = make_board(renderer, on_drop=lambda p, point, target: got.append(target),
                         on_click=lambda p, point: clicks.append((p and p.id, point)))
    cam = b.camera
    sa, sf = cam.to_screen(a.pos), cam.to_screen(f.pos)
    feed(b, [down(sa), move((sa[0] + 20, sa[1])), move(sf), up(sf)])
    assert got == [f]
    feed(b, [down(sf), up(sf)])
    assert clicks[-1][0] == "f" and b.selected is f
    feed(b, [down((120, 60)), up((120, 60))])
    assert clicks[-1][0] is None and clicks[-1][1] == pytest.approx(cam.to_world((120, 60)))


def test_keys_zoom_pan_and_fit(renderer):
    b, *_ = make_board(renderer)
    cam = b.camera
    ppi = cam.ppi
    feed(b, [key(pygame.K_PLUS)])
    assert cam.ppi == pytest.approx(ppi * 1.25)
    o = cam.origin
    feed(b, [key(pygame.K_RIGHT)])
    assert cam.origin[0] > o[0]
    feed(b, [key(pygame.K_HOME)])
    assert cam.ppi == pytest.approx(ppi)


def test_line_of_sight_overlay_and_rings(renderer):
    b, a, f = make_board(renderer)
    ally = b.add(Piece("c", "meeple", pos=(5, 2), size=0.5))
    b.los_from = a
    assert dict((p.id, seen) for p, seen in b.sightlines()) == {"f": False, "c": True}
    b.rings = [RangeRing(a.pos, 12, label='12"', dashed=True), RangeRing(f.pos, 1)]
    plain = pygame.Surface((1000, 700))
    lit = pygame.Surface((1000, 700))
    b.los_from = None
    b.draw(plain)
    b.los_from = a
    b.draw(lit)
    behind = b.camera.to_screen((16, 12))             # behind the wall, from Aldric
    front = b.camera.to_screen((7, 14))
    darker = sum(lit.get_at((int(behind[0]), int(behind[1])))[:3])
    assert darker < sum(plain.get_at((int(behind[0]), int(behind[1])))[:3])
    assert lit.get_at((int(front[0]), int(front[1]))) == plain.get_at((int(front[0]), int(front[1])))
    assert ally.hit(b.camera.to_screen(ally.pos))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (2560, 1440), (1024, 768), (2560, 1080)])
def test_board_fills_its_region_at_every_window_size(renderer, size):
    lay = Layout(size, {"board": Region(0, 0, 0.7, 1.0, pad=0.01)})
    b, a, f = make_board(renderer)
    b.set_rect(lay["board"])
    surf = pygame.Surface(size)
    b.draw(surf)
    tl, br = b.camera.to_screen((0, 0)), b.camera.to_screen((36, 24))
    assert lay["board"].collidepoint(tl) and lay["board"].collidepoint(br[0] - 1, br[1] - 1)
    assert a.screen_r == pytest.approx(0.5 * b.camera.ppi, abs=0.5)   # drawn at a whole pixel radius


def test_a_panned_ground_matches_one_painted_afresh(renderer):
    b, *_ = make_board(renderer)
    feed(b, [move((500, 350))] + [wheel(1)] * 8)
    for dx, dy in [(7, 0), (0, -5), (-13, 4), (3, 3)]:
        feed(b, [down((300, 300)), move((310 + dx, 300 + dy)), move((300 + 2 * dx, 300 + 2 * dy)),
                 up((300 + 2 * dx, 300 + 2 * dy))])
        scrolled = pygame.image.tobytes(b._ground_layer(), "RGB")
        b._ground_key = None                          # force a full repaint
        fresh = pygame.image.tobytes(b._ground_layer(), "RGB")
        diff = sum(1 for i in range(0, len(fresh), 3) if fresh[i:i + 3] != scrolled[i:i + 3])
        assert diff <= len(fresh) // 3 // 1000, diff  # at most a few edge pixels rounded apart


def test_a_route_bends_the_move_and_the_ruler_measures_its_legs(renderer):
    """A game's path rule (here: go to x=8 first, then straight down) drives the ruler."""
    def route(piece, home, wanted):
        return [home, (8.0, home[1]), (8.0, wanted[1])]
    drops = []
    b, a, f = make_board(renderer, route=route, allowance=lambda p: 10.0,
                         on_drop=lambda p, point, target: drops.append(point))
    cam = b.camera
    s = cam.to_screen(a.pos)                         # a is at (5, 10)
    to = cam.to_screen((15, 14))
    feed(b, [down(s), move((s[0] + 12, s[1])), move(to)])
    assert b.carry.path[0] == (5, 10) and b.carry.path[1] == (8.0, 10)
    end_y = b.carry.point[1]
    dist, left = b.ruler()
    assert dist == pytest.approx(3 + abs(end_y - 10)) and left == pytest.approx(10 - dist)
    b.draw(pygame.Surface((1000, 700)))             # the legs and their ticks draw
    feed(b, [up(to)])
    assert drops[-1][0] == 8.0 and a.pos == drops[-1]


def test_outside_things_may_be_dropped_on_the_board(renderer):
    b, *_ = make_board(renderer, accept=lambda payload: payload == "deploy")
    assert b.accepts("deploy") and not b.accepts("card")
    assert b.world_at(b.camera.to_screen((7, 3))) == pytest.approx((7, 3))
    plain, *_ = make_board(renderer)
    assert not plain.accepts("deploy")


def test_wants_claims_events_over_the_board_and_during_its_drags(renderer):
    b, a, f = make_board(renderer)
    assert b.wants(move((500, 300))) and not b.wants(move((950, 300)))
    assert not b.wants(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    s = b.camera.to_screen(a.pos)
    feed(b, [down(s), move((s[0] + 20, s[1]))])
    assert b.carry is not None and b.wants(move((990, 690)))      # off the board, still its drag
    feed(b, [up((990, 690))])
    assert not b.wants(move((990, 690)))


def test_a_resize_keeps_the_zoom_and_the_centre(renderer):
    b, *_ = make_board(renderer)
    cam = b.camera
    feed(b, [move((400, 300))] + [wheel(1)] * 5)
    ratio = cam.ppi / cam.min_ppi
    centre = cam.to_world(cam.rect.center)
    b.set_rect((0, 0, 1600, 1200))
    assert cam.ppi / cam.min_ppi == pytest.approx(ratio)
    assert cam.to_world(cam.rect.center) == pytest.approx(centre, abs=0.01)
    b.set_rect((100, 50, 800, 600))
    assert cam.to_world(cam.rect.center) == pytest.approx(centre, abs=0.01)


def test_removing_a_piece_lets_go_of_it(renderer):
    b, a, f = make_board(renderer)
    s = b.camera.to_screen(a.pos)
    feed(b, [down(s), move((s[0] + 30, s[1]))])
    b.los_from = a
    b.selected = a
    b.remove(a)
    assert b.carry is None and b.los_from is None and b.selected is None and b.piece("a") is None
    feed(b, [move((s[0] + 60, s[1])), up((s[0] + 60, s[1]))])     # the rest of the drag is harmless
    b.draw(pygame.Surface((1000, 700)))
    assert b.piece_at(b.camera.to_screen(f.pos)) is f


def test_dragging_a_piece_that_may_not_move_pans_instead(renderer):
    b, a, f = make_board(renderer)
    feed(b, [move((500, 350))] + [wheel(1)] * 6)
    f.draggable = False
    cam = b.camera
    s = cam.to_screen(f.pos)
    w = cam.to_world(s)
    home = f.pos
    feed(b, [down(s), move((s[0] + 15, s[1])), move((s[0] + 40, s[1] + 10)), up((s[0] + 40, s[1] + 10))])
    assert f.pos == home and b.carry is None and b.selected is None       # no move, no click
    assert cam.to_world((s[0] + 40, s[1] + 10)) == pytest.approx(w)


def test_the_ruler_speaks_the_players_language(renderer):
    """In Czech the ruler said '3.0" — 0.0" left': English words and an English decimal point."""
    from game.core.i18n import set_language
    b, a, f = make_board(renderer, allowance=lambda p: 6.0)
    try:
        set_language("cs")
        assert b.ruler_text(3.0, 3.0) == '3,0" — zbývá 0,0"'
        assert b.ruler_text(3.5, 3.0) == '3,5" — o 0,5" dál, než smí'
        set_language("en")
        assert b.ruler_text(2.5, 6.0) == '2.5" — 3.5" left'
        assert b.ruler_text(1.0, None) == '1.0"'
    finally:
        set_language("en")
