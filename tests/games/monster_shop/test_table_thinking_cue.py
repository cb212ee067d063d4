"""The app's "Isabella is thinking…" cue stood at the top centre of the monster shop's
table, over its own title line ("Little Monsters from the Underground: Dark Alleys — 1/6");
the table now gives it a seat anchor on the chronicle's heading."""
from __future__ import annotations

import pygame
import pytest

from tests.tablekit import TableRig, new_match

pytestmark = pytest.mark.usefixtures("display")


def test_the_thinking_cue_sits_on_the_chronicle_not_on_the_title_line():
    for players in (4,):               # the shop is played by exactly four
        t = TableRig(new_match("monster_shop", {}, 1, players, humans=(0,), agent_difficulty="easy")).table
        for seat in range(players):
            x, y = t.seat_anchor(seat)
            cue = pygame.Rect(0, 0, 380, 46)      # the scene's cue: 46 high, its bottom 10 above the anchor
            cue.midbottom = (x, y - 10)
            assert t.log_rect().contains(cue) and not cue.colliderect(t.geom["top"])
