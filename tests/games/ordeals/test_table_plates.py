"""BO table, name plates as a newcomer saw them in a 1280x720 window (the table is drawn
on the 1920x1080 logical canvas and shown at two thirds): at the Shadow's edge a plate
sat between two Husks and one over the table's frame, in ~9 px text. Now every plate is
at least 20 logical px of text, lies on the table, covers no other plate or base and is
plainly its own: every other base is clearly farther from it than its own base. A plate
that cannot be placed so is shown on hover only."""
from __future__ import annotations

import math

import pygame
import pytest

from game.ui.table.pieces import Piece

from .test_table import Rig, post_click  # noqa: F401  (Rig: the table at 1920x1080)


pytestmark = pytest.mark.usefixtures("display")


def gap(rect, c):
    return math.hypot(max(rect.left - c[0], 0, c[0] - rect.right), max(rect.top - c[1], 0, c[1] - rect.bottom))


def check(b):
    plates = b.plates()
    r = 0.5 * b.camera.ppi
    table = b.table_rect()
    for p, rect, img in plates:
        assert img.get_height() >= 26, f"{p.name}'s plate text is small ({img.get_height()} px high)"
        assert table.contains(rect), f"{p.name}'s plate is off the table: {rect} not in {table}"
        own = gap(rect, p.screen)
        for q in b.pieces:
            if q is p or q.hidden:
                continue
            assert gap(rect, q.screen) > own + r, f"{p.name}'s plate is as near {q.name}'s base as its own"
        for q, other, _ in plates:
            if q is not p:
                assert not rect.colliderect(other)
    return plates


def test_plates_at_the_shadows_edge_as_played_are_readable_on_the_table_and_plainly_their_own():
    rig = Rig(seed=3, trial=1)
    b = rig.table.board
    for p in list(b.pieces):
        b.remove(p)
    W, H = b.camera.world
    red = (186, 54, 62)
    # the layout of the play session's screenshot (inches): two clusters on the Shadow's edge
    layout = [("Husk", 17.0, H - 5.4), ("Grave Hound", 18.4, H - 1.4), ("Husk", 20.3, H - 2.0),
              ("Hollow Archer", 23.8, H - 0.7), ("Husk", 2.6, H - 1.4), ("Grave Hound", 4.4, H - 2.2)]
    for k, (name, x, y) in enumerate(layout):
        b.add(Piece(f"s{k}", "mini", red, name=name, pos=(x, y), size=0.5))
    b.active = None
    rig.table.draw(rig.screen)
    plates = check(b)
    assert len(plates) >= 4
    hidden = next(p for p in b.pieces if p not in [q for q, _r, _i in plates])
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in hidden.screen), rel=(0, 0),
                                      buttons=(0, 0, 0)))
    assert b.hover is hidden and hidden in [q for q, _r, _i in b.plates()]


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 8])
def test_plates_after_deployment_are_readable_on_the_table_and_plainly_their_own(seed):
    rig = Rig(seed=seed, trial=1)
    rig.deploy_all()
    rig.table.draw(rig.screen)
    on_table = [p for p in rig.table.board.pieces if not p.hidden]
    assert len(check(rig.table.board)) >= len(on_table) // 2
