"""dice.py's DiceTray: groups of dice land on the felt on the rolled faces (tumbling in
with an animator, at rest without), the kept die of a group is ringed once landed, and
the tray's art (rim and felt) is painted inside its rect."""
from __future__ import annotations

import random

import pygame
import pytest

from game.ui.table import style
from game.ui.table.dice import DiceTray
from game.ui.table.tween import Animator


@pytest.fixture(scope="module")
def kit():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    assets = Assets()
    return Gfx(assets), assets


def F(px, lo=12):
    return max(lo, px)


def test_dice_tumble_in_and_land_on_the_rolled_faces_in_their_groups():
    tray = DiceTray(pygame.Rect(100, 100, 400, 220))
    anim = Animator()
    heard = []
    dice, secs = tray.lay([([3, 9], "A", 1), ([5], "B", None)], "hit", anim, random.Random(1), heard.append)
    assert [d.face for d in dice] == [3, 9, 5] and secs > 0.9
    assert all(d.rolling for d in dice) and not tray.landed()
    assert heard == ["dice_roll"]                      # one rattle for the throw
    for _ in range(200):
        anim.update(1 / 60)
    assert tray.landed() and all(tray.felt.collidepoint(int(d.x), int(d.y)) for d in dice)
    left, right = tray.groups
    assert [d.face for d in left["dice"]] == [3, 9] and left["kept"] == 1 and right["kept"] is None
    assert max(d.x for d in left["dice"]) < min(d.x for d in right["dice"])
    still, secs = tray.lay([([12], "", None)], "idle")
    assert secs == 0.0 and not still[0].rolling and tray.result == "idle"


def test_the_kept_die_is_ringed_and_the_art_stays_inside_the_rect(kit):
    gfx, assets = kit
    tray = DiceTray(pygame.Rect(50, 50, 400, 220))
    dice, _ = tray.lay([([3, 9], "A", 1)], "hit")
    surf = pygame.Surface((500, 400))
    tray.draw(surf, gfx, F, "kept")
    kept = dice[1]
    r = kept.size // 2 + 4
    assert surf.get_at((int(kept.x) + r - 1, int(kept.y)))[:3] == style.GOLD_BRIGHT[:3]
    bg = pygame.Surface((500, 400))
    bg.fill((1, 2, 3))
    tray.paint(bg, gfx, assets, "Dice tray", F)
    assert bg.get_at(tray.felt.center)[:3] != (1, 2, 3)
    assert bg.get_at((480, 380))[:3] == (1, 2, 3)
