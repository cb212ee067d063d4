"""The kit's side-panel widgets (panels.py), its ready-made round base (pieces.rimmed_base),
its skirmish terrain painters (terrain.py) and terrain layout (terrain_layout.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

import pygame
import pytest

from game.ui.table import style
from game.ui.table.board import Camera
from game.ui.table.panels import close_box, edge_mark, edge_marks, fold_button, rows_panel, spot_ring
from game.ui.table.pieces import ICON_LABEL, rimmed_base
from game.ui.table.terrain import PAINT
from game.ui.table.terrain_layout import ORDER, STYLES, TerrainArt

LOOKS = {"head": (22, style.GOLD_BRIGHT, True), "text": (17, style.TEXT, False)}


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def font(size, smallest):
    return max(smallest, size)


def test_a_rows_panel_grows_for_its_rows_and_keeps_the_first_rows_corner_free(gfx):
    short = rows_panel(gfx, [("Trial", "head")], LOOKS, 300, 80, 1.0, font)
    assert short.get_size() == (300, 80)
    long_rows = [("Trial", "head")] + [("A long line of words that wraps in the panel", "text")] * 6
    tall = rows_panel(gfx, long_rows, LOOKS, 300, 80, 1.0, font)
    assert tall.get_height() > 80
    assert rows_panel(gfx, long_rows, LOOKS, 300, 80, 1.0, font) is tall            # cached
    words = "W " * 80
    empty = rows_panel(gfx, [("", "head")], LOOKS, 300, 80, 1.0, font)
    for corner, free in ((44, True), (0, False)):                # the button's place, top right
        head = rows_panel(gfx, [(words, "head")], LOOKS, 300, 80, 1.0, font, corner=corner)
        same = all(head.get_at((x, y)) == empty.get_at((x, y)) for x in range(300 - 44, 300 - 16) for y in range(10, 34))
        assert same is free


def test_the_fold_button_points_where_the_panel_goes_and_the_close_box_crosses(gfx):
    r = pygame.Rect(10, 10, 40, 40)
    opened, folded = pygame.Surface((60, 60)), pygame.Surface((60, 60))
    fold_button(opened, r, True, False)
    fold_button(folded, r, False, False)
    k = 8
    assert opened.get_at((r.centerx + k // 2, r.centery))[:3] == style.GOLD_BRIGHT      # › tip on the right
    assert folded.get_at((r.centerx - k // 2, r.centery))[:3] == style.GOLD_BRIGHT      # ‹ tip on the left
    box = pygame.Surface((60, 60))
    close_box(box, r, True, 1.0)
    assert box.get_at(r.center)[:3] == style.TEXT
    assert box.get_at((r.centerx, r.top))[:3] == style.GOLD


def test_edge_marks_sit_inside_the_view_on_the_line_to_what_is_off_it(gfx):
    cam = Camera(pygame.Rect(0, 0, 400, 300), (40.0, 30.0))
    cam.ppi, cam.origin = 20.0, (0.0, 0.0)                 # 20 x 15 inches show
    marks = dict(edge_marks(cam, {"in": (5.0, 5.0), "east": (30.0, 7.5), "south": (10.0, 29.0)}, 40))
    assert set(marks) == {"east", "south"}
    assert marks["east"] == (380, 150)                     # 20 px inside the right edge, level with the middle
    assert 0 <= marks["south"][0] <= 400 and marks["south"][1] == 280
    surf = pygame.Surface((440, 300))
    edge_mark(surf, gfx, marks["east"], (200, 150), 13, (200, 40, 40), ICON_LABEL + "player")
    assert surf.get_at((380 + 19, 150))[:3] == (200, 40, 40)                            # the arrow's tip points out
    assert surf.get_at((380 - 19, 150))[:3] == (0, 0, 0)


def test_a_spot_ring_says_no_with_a_cross_not_by_colour_alone(gfx):
    yes, no = pygame.Surface((60, 60)), pygame.Surface((60, 60))
    spot_ring(yes, (30, 30), 20, True, (0, 200, 0), (200, 0, 0))
    spot_ring(no, (30, 30), 20, False, (0, 200, 0), (200, 0, 0))
    assert yes.get_at((30, 30))[:3] == (0, 0, 0) and no.get_at((30, 30))[:3] == (200, 0, 0)


def test_a_rimmed_base_has_the_sides_rim_and_its_label_icon(gfx):
    red = (186, 54, 62)
    s = rimmed_base(gfx, red, 30, ICON_LABEL + "player", False)
    c = s.get_width() // 2
    assert s.get_at((c, c + 27))[:3] == red                                               # the rim
    plain = rimmed_base(gfx, red, 30, None, False)
    assert pygame.image.tobytes(s, "RGBA") != pygame.image.tobytes(plain, "RGBA")       # the icon on it
    down = rimmed_base(gfx, red, 30, ICON_LABEL + "player", True)
    assert pygame.image.tobytes(down, "RGBA") != pygame.image.tobytes(s, "RGBA")


@dataclass
class Piece:
    """A terrain piece as terrain.py reads it: a box along x, `length` by `width`."""
    style: str
    name: str = "piece"
    height: float = 2.0
    length: float = 4.0
    width: float = 2.0
    decor: dict = field(default_factory=dict)

    @property
    def poly(self):
        return ((2.0, 2.0), (2.0 + self.length, 2.0), (2.0 + self.length, 2.0 + self.width), (2.0, 2.0 + self.width))

    def at(self, a, b):
        return (2.0 + a, 2.0 + b)

    def rect(self, sp, a0, b0, a1, b1):
        return [sp(self.at(a, b)) for a, b in ((a0, b0), (a1, b0), (a1, b1), (a0, b1))]


DECOR = {"road": {"ruts": [0.5], "pebbles": [(1.0, 1.0, 0.05)]},
         "wall": {"courses": 2, "joints": [(0.5, 0), (1.0, 1)], "tones": [1.0]},
         "hedge": {"clumps": [(1.0, 1.0, 0.2, 0)], "dots": [(1.0, 1.0)]},
         "bramble": {"clumps": [(1.0, 1.0, 0.2, 1)], "dots": [(1.0, 1.0)]},
         "woods": {"trees": [(3.0, 3.0, 0.6, 0, 0.0)], "brush": [(4.0, 3.0, 0.1)]},
         "water": {"ripples": [(2.0, 1.0, 0.4)]}, "chasm": {"specks": [(1.0, 1.0, 0.05)]},
         "roof": {"tones": [1.0]}, "ruin": {"walls": [(0, 0.0, 0.5, 0.9)], "rubble": [(3.0, 3.0, 0.1, 0.9)],
                                             "flags": [1.0]},
         "stone": {"cracks": [[(1.0, 1.0), (1.5, 1.2)]]}, "tower": {"cracks": [], "vines": [(1.0, 1.0, 0.0)]}}


@pytest.mark.parametrize("season", ["summer", "winter"])
@pytest.mark.parametrize("kind", sorted(PAINT))
def test_every_terrain_style_paints_inside_its_piece(gfx, kind, season):
    look = SimpleNamespace(season=season, ground=(80, 98, 46), road=(124, 102, 68), leaf_dark=(40, 88, 38),
                           leaf_light=(92, 142, 60))
    board = SimpleNamespace(look=look, gfx=gfx)
    art = Piece(kind, decor=DECOR[kind])
    ppi = 20

    def sp(p):
        return (p[0] * ppi, p[1] * ppi)
    s = pygame.Surface((200, 140))
    s.fill((1, 2, 3))
    PAINT[kind](board, s, art, [sp(p) for p in art.poly], sp, ppi, s.get_rect())
    assert s.get_at((int(4.0 * ppi), int(3.0 * ppi)))[:3] != (1, 2, 3)               # the piece's middle
    assert s.get_at((5, 135))[:3] == (1, 2, 3)                                         # far off it: untouched


@pytest.mark.parametrize("kind", STYLES)
def test_a_terrain_piece_is_framed_along_its_longest_edge_and_decorated_the_same_each_time(kind):
    poly = [(10, 10), (10, 16), (13, 16), (13, 10)]             # 6" along y, 3" across
    art = TerrainArt.build(4, kind, "Old thorn", "blocking", 2.0, poly)
    assert (round(art.length, 6), round(art.width, 6)) == (6.0, 3.0)
    assert art.contains(art.at(art.length / 2, art.width / 2)) and not art.contains((0.0, 0.0))
    assert art.decor == TerrainArt.build(4, kind, "Old thorn", "blocking", 2.0, poly).decor
    assert kind in PAINT and kind in ORDER
