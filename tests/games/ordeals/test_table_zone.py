"""BO table, deployment (drawn on the 1920x1080 logical canvas, shown at 1280x720 in a newcomer's window): the viewer's deployment zone is
marked as one while they deploy (hatched in the side's colour, outlined, a plate saying
"Your deployment zone" inside it), and a click outside it is refused with a line AND
makes the zone pulse, so the player sees where it is; after deployment the mark goes."""
from __future__ import annotations

import pygame
import pytest

from game.games.ordeals.words import tt
from game.ui.table.board import point_in_polygon
from game.ui.table.pieces import Piece
from tests.tablekit import TableRig, new_match

pytestmark = [pytest.mark.usefixtures("display"), pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def rig_deploying(seed=3):
    rig = TableRig(new_match("ordeals", {"mode": "solo", "trial": 1}, seed, 1, humans=(0,)), viewer=0)
    rig.settle()
    d = rig.decision()
    assert d is not None and d.kind == "deploy"
    return rig


def my_zone(rig):
    v = rig.match.view(0)
    return [tuple(p) for p in v["trial"]["zones"][v["side"]]]


def test_the_zone_being_deployed_into_is_named_and_outlined_inside_itself():
    rig = rig_deploying()
    rig.draw()
    b = rig.table.board
    assert b.zone_label is not None
    words, rect = b.zone_label
    assert words == tt("your_zone") and words != "your_zone"
    cam = b.camera
    zone = my_zone(rig)
    assert point_in_polygon(cam.to_world(rect.center), zone)          # the plate sits in the zone it names
    assert rect.h >= 20                                               # 20 logical px: readable at 1280x720
    # hatched, not a flat wash: along a row inside the zone stripes alternate with lighter tinted field
    y = round(cam.to_screen((0, (min(p[1] for p in zone) + max(p[1] for p in zone)) / 3))[1])
    x0, x1 = (round(cam.to_screen((x, 0))[0]) for x in (min(p[0] for p in zone) + 1, max(p[0] for p in zone) - 1))
    zoneless = rig_deploying()
    zoneless.table.board.zone_glow = None
    zoneless.draw()
    delta = [sum(abs(a - c) for a, c in zip(rig.screen.get_at((x, y))[:3], zoneless.screen.get_at((x, y))[:3]))
             for x in range(x0, x1)]
    assert min(delta) > 0 and max(delta) >= min(delta) + 30


def test_a_click_outside_the_zone_is_refused_and_the_zone_pulses():
    rig = rig_deploying()
    b = rig.table.board
    W, H = rig.match.view(0)["trial"]["size"]
    d = rig.decision()
    out = (W / 2, H / 2)
    assert not point_in_polygon(out, my_zone(rig)) and not rig.match.is_legal(d.seat, ("deploy", *out))
    rig.draw()
    calm = rig.screen.copy()
    assert b.zone_flash == 0
    before = len(rig.match.log)
    rig.click(b.camera.to_screen(out))
    assert len(rig.match.log) == before
    assert b.zone_flash > 0
    zone = my_zone(rig)
    inside = tuple(round(v) for v in b.camera.to_screen(((zone[0][0] + zone[2][0]) / 2 + 0.3,
                                                         (zone[0][1] + zone[2][1]) / 2 - 1.3)))
    b.zone_flash = 1.6                                    # the pulse at its brightest
    rig.draw()
    assert rig.screen.get_at(inside) != calm.get_at(inside)
    rig.frames(2.0)
    assert b.zone_flash == 0


def test_the_zone_mark_goes_when_deployment_is_over():
    rig = rig_deploying()
    for _ in range(40):
        d = rig.decision()
        if d is None or d.kind != "deploy":
            break
        rig.submit(d.seat, d.actions[0])
        rig.settle()
    rig.draw()
    assert rig.table.board.zone_glow is None and rig.table.board.zone_label is None


def test_no_name_plate_covers_the_zones_plate():
    rig = rig_deploying()
    rig.draw()
    b = rig.table.board
    _words, label = b.zone_label
    # a character just above the zone's plate: its plate's first place (below it) is on the zone's plate
    cam = b.camera
    x, y = cam.to_world((label.centerx, label.top - 0.5 * cam.ppi - 6))
    b.add(Piece("here", "mini", (84, 136, 218), name="Brother Aldric", pos=(x, y), size=0.5))
    rig.draw()
    for p, rect, _img in b.plates():
        assert not rect.colliderect(b.zone_label[1]), f"{p.name}'s plate covers the zone's"


def test_the_pointer_shows_a_base_ringed_green_where_it_may_be_placed_and_red_where_not():
    from game.ui.table import style
    rig = rig_deploying()
    b = rig.table.board
    d = rig.decision()
    W, H = rig.match.view(0)["trial"]["size"]
    r = max(4, round(0.5 * b.camera.ppi))

    def ring_at(world):
        pos = tuple(int(round(v)) for v in b.camera.to_screen(world))
        rig.move(pos)
        return [tuple(rig.screen.get_at((pos[0] + dx, pos[1]))[:3]) for dx in (r - 1, -(r - 1))]
    ok = d.actions[0][1:]
    assert rig.table.deploy_spot(ok) is True
    assert ring_at(ok) == [style.GOOD, style.GOOD]
    assert rig.table.deploy_spot((W / 2, H / 2)) is False
    assert ring_at((W / 2, H / 2)) == [style.BAD, style.BAD]
    rig.table.draw(rig.screen)
    for _ in range(40):                                   # deployment over: no ring
        d = rig.decision()
        if d is None or d.kind != "deploy":
            break
        rig.submit(d.seat, d.actions[0])
        rig.settle()
    assert rig.table.deploy_spot((W / 2, H / 2)) is None
