"""regions.Layout: named regions as fractions of the window, the same shapes at every
window size and aspect, subdivisions, and clear errors."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.regions import Layout, LayoutError, Region, split_rect

SIZES = [(1280, 720), (1920, 1080), (2560, 1440), (1024, 768), (1600, 1200), (2560, 1080), (3440, 1440)]

REGIONS = {
    "board": Region(0.0, 0.0, 0.74, 1.0, aspect=1.0, pad=0.01),
    "side": Region(1.0, 0.0, 0.26, 1.0, anchor="topright", max_w=0.6),
    "tray": Region(0.5, 1.0, 0.8, 0.22, anchor="midbottom", parent="board"),
    "log": Region(0.0, 0.5, 1.0, 0.5, parent="side", pad=0.01),
}


@pytest.mark.parametrize("size", SIZES)
def test_every_region_lies_inside_the_window_and_its_parent(size):
    lay = Layout(size, REGIONS)
    win = pygame.Rect((0, 0), size)
    for name in lay.names():
        assert win.contains(lay[name]), (name, lay[name])
    assert lay["board"].inflate(2, 2).contains(lay["tray"])
    assert lay["side"].contains(lay["log"])


@pytest.mark.parametrize("size", SIZES)
def test_aspect_is_kept_and_anchors_hold(size):
    lay = Layout(size, REGIONS)
    b = lay["board"]
    assert abs(b.width - b.height) <= 1                 # square at every aspect
    assert lay["side"].right == size[0]                  # anchored to the right edge
    assert abs(lay["tray"].bottom - lay["board"].bottom) <= 1
    assert abs(lay["tray"].centerx - lay["board"].centerx) <= 1


def test_regions_scale_with_the_window():
    small, big = Layout((1280, 720), REGIONS), Layout((2560, 1440), REGIONS)
    for name in REGIONS:
        a, b = small[name], big[name]
        for va, vb in zip(a, b):
            assert abs(2 * va - vb) <= 2, (name, a, b)
    assert abs(big.u(0.02) - 2 * small.u(0.02)) <= 1
    assert abs(big.font(0.025) - 2 * small.font(0.025)) <= 1
    assert small.resized((2560, 1440))["board"] == big["board"]


def test_caps_keep_a_side_panel_sane_on_ultrawide():
    lay = Layout((3440, 1440), REGIONS)
    assert lay["side"].width == round(0.6 * 1440)      # not 26 % of 3440


def test_font_never_below_the_minimum():
    assert Layout((320, 200), REGIONS, min_font=12).font(0.01) == 12


def test_split_and_grid_cover_the_region_without_overlap():
    lay = Layout((1920, 1080), REGIONS)
    parts = lay.split("side", 3, axis="y", gap=0.01)
    assert len(parts) == 3
    side = lay["side"]
    assert parts[0].top == side.top and abs(parts[-1].bottom - side.bottom) <= 1
    for a, b in zip(parts, parts[1:]):
        assert b.top - a.bottom == lay.u(0.01)
    cells = lay.grid("tray", 2, 3, gap=0.005)
    assert len(cells) == 6
    for i, a in enumerate(cells):
        assert lay["tray"].contains(a)
        for b in cells[i + 1:]:
            assert not a.colliderect(b)
    w = split_rect(pygame.Rect(0, 0, 300, 10), 2, "x", 0, weights=[2, 1])
    assert [r.width for r in w] == [200, 100]


def test_bad_layouts_say_what_is_wrong():
    with pytest.raises(LayoutError, match="unknown parent"):
        Layout((800, 600), {"a": Region(0, 0, 1, 1, parent="nope")})
    with pytest.raises(LayoutError, match="cycle"):
        Layout((800, 600), {"a": Region(0, 0, 1, 1, parent="b"), "b": Region(0, 0, 1, 1, parent="a")})
    with pytest.raises(LayoutError, match="anchor"):
        Layout((800, 600), {"a": Region(0, 0, 1, 1, anchor="middle")})
    with pytest.raises(LayoutError, match="weights"):
        split_rect(pygame.Rect(0, 0, 10, 10), 3, weights=[1, 2])
