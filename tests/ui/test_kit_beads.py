"""The kit's shapes and glass beads (beads.py) on plain surfaces: the four shapes differ in
outline (read in grey), a bead is cached per look, carries its rim and its corner mark."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.beads import SHAPES, glass_bead, shape

RED, WHITE = (190, 52, 48), (196, 198, 210)


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def test_the_shapes_differ_in_grey_not_only_in_colour():
    masks = {}
    for name in SHAPES:
        surf = pygame.Surface((40, 40), pygame.SRCALPHA)
        shape(surf, name, (20, 20), 16, (200, 200, 200))
        masks[name] = pygame.mask.from_surface(surf)
    for i, a in enumerate(SHAPES):
        for b in SHAPES[i + 1:]:
            diff = masks[a].count() + masks[b].count() - 2 * masks[a].overlap_area(masks[b], (0, 0))
            assert diff > 120, f"{a} and {b} look alike ({diff} pixels differ)"


def test_an_unknown_shape_is_named_in_the_error():
    with pytest.raises(ValueError, match="star"):
        shape(pygame.Surface((10, 10)), "star", (5, 5), 4, RED)


def test_a_bead_is_cached_per_look_and_sized_round_its_centre(gfx):
    a = glass_bead(gfx, RED, 20, "3")
    assert a.get_size() == (46, 46) and glass_bead(gfx, RED, 20, "3") is a
    assert glass_bead(gfx, RED, 20, "4") is not a
    assert a.get_at((22, 22)).a == 255 and a.get_at((0, 45)).a == 0        # round, shadow below right


def test_a_ring_rims_the_bead_and_a_mark_sits_low_right(gfx):
    plain = glass_bead(gfx, RED, 20, "1")
    ringed = glass_bead(gfx, RED, 20, "1", ring=WHITE)
    assert ringed.get_at((22, 3))[:3] == WHITE and plain.get_at((22, 3))[:3] != WHITE
    marked = glass_bead(gfx, RED, 20, "1", mark=("diamond", (20, 200, 20)))
    x, y = 22 + int(20 * 0.62), 22 + int(20 * 0.62)
    assert marked.get_at((x, y))[:3] == (20, 200, 20) and plain.get_at((x, y))[:3] != (20, 200, 20)
