"""A character picked up and put back where it stood spends no Deed: a newcomer who
drags a base out, thinks better of it and drops it on its own spot keeps the Move (the
rules would take a Move of 0" and the Act lost a Deed for nothing)."""
from __future__ import annotations

import pygame
import pytest

from tests.tablekit import post_drag

from .test_table import Rig, to_act
from .test_table_ruler import _open_direction

pytestmark = pytest.mark.usefixtures("display")


def test_a_base_dropped_back_on_its_own_spot_spends_no_deed():
    rig = Rig()
    d = to_act(rig)
    home = tuple(d.free["origin"])
    away = rig.screen_of(_open_direction(rig, d, 2.0))
    post_drag(rig.screen_of(home), away, steps=6, release=False)
    back = rig.screen_of(home)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=back, rel=(back[0] - away[0], back[1] - away[1]),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back, button=1))
    before = len(rig.match.log)
    rig.pump()
    assert len(rig.match.log) == before                      # nothing taken: the Deeds are all there
