"""The Book of Ordeals table's art (table/art.py) under SDL's dummy drivers: the ground
and terrain layer is cached (painted once however many frames are drawn, again only on
a zoom, a grid toggle or a pan's new strip), name plates never cover one another or a
base, terrain looks follow the data's kinds and names, every profile has its icon, and
the dice tray shows the last roll of a table opened mid-game."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.games.ordeals.table.art import icon_of
from game.games.ordeals.table.terrain import STYLES, classify, terrain_art
from game.ui.assets import Assets

from tests.tablekit import new_match

from .test_table import Rig


pytestmark = pytest.mark.usefixtures("display")


def test_the_terrain_layer_is_painted_once_for_many_frames():
    rig = Rig(seed=3, trial=3)
    b = rig.table.board
    rig.table.draw(rig.screen)
    assert b.terrain_paints == 1
    for _ in range(3):
        rig.table.update(1 / 60)
        rig.table.draw(rig.screen)
    assert b.terrain_paints == 1, "drawing frames repaints nothing"
    # hovering a piece or terrain does not repaint the ground either
    c = rig.table.view["chars"][0]
    pos = rig.screen_of((c["x"], c["y"]))
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    rig.table.draw(rig.screen)
    assert b.terrain_paints == 1
    # a zoom paints it again, once
    b.camera.zoom_at(b.camera.rect.center, 1.5)
    rig.table.draw(rig.screen)
    rig.table.draw(rig.screen)
    assert b.terrain_paints == 2
    # a pan at that zoom paints only the strips that came into view
    b.camera.pan(-30, 0)
    rig.table.draw(rig.screen)
    assert b.terrain_paints == 3
    # G turns the inch grid off: one repaint
    rig.table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
    assert b.show_grid is False
    rig.table.draw(rig.screen)
    rig.table.draw(rig.screen)
    assert b.terrain_paints == 4


def test_the_grid_toggle_changes_the_ground():
    rig = Rig(seed=3, trial=1)
    b = rig.table.board
    rig.table.draw(rig.screen)
    on = b._ground_layer().copy()
    b.toggle_grid()
    off = b._ground_layer()
    x, y = (int(v) for v in b.camera.to_screen((1.0, 3.5)))     # on the x = 1" grid line, open ground
    x -= b.camera.rect.x
    y -= b.camera.rect.y
    assert any(on.get_at((x + dx, y)) != off.get_at((x + dx, y)) for dx in (-1, 0, 1))
    # beside the line (mid-inch) the ground is the same
    mx = x + int(b.camera.ppi / 2)
    assert on.get_at((mx, y)) == off.get_at((mx, y))


def _plates_ok(table):
    b = table.board
    plates = b.plates()
    rects = [r for _p, r, _img in plates]
    for a, c in itertools.combinations(rects, 2):
        assert not a.colliderect(c), f"plates overlap: {a} {c}"
    r = 0.5 * b.camera.ppi
    for p, rect, _img in plates:
        for q in b.pieces:
            if q is p or q.hidden:
                continue
            base = pygame.Rect(round(q.screen[0] - r - 2), round(q.screen[1] - r - 2), round(2 * r + 4),
                               round(2 * r + 4))
            assert not rect.colliderect(base), f"{p.name}'s plate covers {q.name}'s base"
        assert b.camera.rect.contains(rect)
    return plates


@pytest.mark.parametrize("seed", [1, 3, 5, 8])
def test_name_plates_never_overlap_at_the_default_zoom_for_trial_1s_deployment(seed):
    rig = Rig(seed=seed, trial=1)
    rig.deploy_all()
    rig.table.draw(rig.screen)
    on_table = [p for p in rig.table.board.pieces if not p.hidden]
    assert len(on_table) >= 8
    plates = _plates_ok(rig.table)
    # at the default zoom plates are shown, not all hidden to avoid overlaps
    assert len(plates) >= len(on_table) * 3 // 4
    names = {p.name for p, _r, _i in plates}
    assert all(isinstance(n, str) and n for n in names)


def test_plates_hide_when_zoomed_out_and_the_hovered_one_shows():
    rig = Rig(seed=3, trial=3)
    rig.deploy_all()
    b = rig.table.board
    rig.table.draw(rig.screen)
    b.camera.ppi = 10.0                     # a base of 5 px: below the plates' size
    b._place_all()
    b.active = None
    rig.table.draw(rig.screen)
    assert b.plates() == []
    p = next(q for q in b.pieces if not q.hidden)
    b.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(int(v) for v in p.screen), rel=(0, 0),
                                      buttons=(0, 0, 0)))
    assert b.hover is p
    assert [q for q, _r, _i in b.plates()] == [p]


def test_terrain_styles_follow_the_data_kinds_and_names():
    assert classify("obstacle", "wall") == "wall"
    assert classify("obstacle", "cemetery wall") == "wall"
    assert classify("obstacle", "hedge") == "hedge"
    assert classify("obstacle", "bramble") == "bramble"
    assert classify("woods", "thicket") == "woods"
    assert classify("gap", "brook") == "water"
    assert classify("gap", "ravine") == "chasm"
    assert classify("blocking", "ruined chapel") == "ruin"
    assert classify("blocking", "cottage") == "roof"
    assert classify("blocking", "bell tower") == "tower"
    assert classify("blocking", "standing stone") == "stone"
    assert classify("open", "road") == "road"
    # every Trial's every piece gets a look, and its decoration is the same each time
    for trial in range(1, 6):
        m = new_match("ordeals", {"mode": "solo", "trial": trial}, 1, 1)
        v = m.view(0)
        a1 = terrain_art(v)
        a2 = terrain_art(v)
        assert len(a1) == len(v["trial"]["terrain"])
        assert all(a.style in STYLES for a in a1)
        assert [a.decor for a in a1] == [a.decor for a in a2]


def test_every_profile_and_role_has_an_icon_sprite():
    assets = Assets()
    names = set()
    for trial in range(1, 6):
        m = new_match("ordeals", {"mode": "solo", "trial": trial}, 1, 1)
        for c in m.view(0)["chars"]:
            names.add(icon_of(c))
    assert {"bo_leader", "bo_bow", "bo_husk", "bo_warden"} <= names
    for n in names:
        assert (assets.root / "sprites" / "icons" / f"{n}.png").exists(), n


def test_a_table_opened_mid_game_shows_the_last_roll_on_the_tray():
    rig = Rig(seed=3, trial=1)
    rig.deploy_all()
    rolls = [e for e in rig.table.history if e.kind == "roll"]
    assert rolls
    # a new table on the same match (a loaded game): the tray is not empty
    fresh = rig.spec.table_class()(rig.ctx)
    want = rolls[-1].data
    faces = [dd.face for dd in fresh.dice]
    assert faces == list(want.get("dice") or (list(want["a_dice"]) + list(want["d_dice"])))
    assert all(not dd.rolling for dd in fresh.dice)
    assert fresh.tray.groups and fresh.tray.landed()
