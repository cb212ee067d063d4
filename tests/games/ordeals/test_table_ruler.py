"""The Book of Ordeals table's ruler asks the rules (BO-180): while a character is carried
the ruler measures the route the rules give (rules.move_route) against the rules' own
allowance, a drag beyond it is snapped back to the farthest legal point along the way and
taken, and a refused drop says which of the three reasons refused it, in English and Czech.
Under SDL's dummy drivers, driven by posted mouse events (as test_table.py)."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core import i18n
from tests.tablekit import post_drag

from .test_table import Rig, to_act


pytestmark = pytest.mark.usefixtures("display")


def _open_direction(rig, d, length):
    """A direction from the active character's origin whose straight way is clear for
    `length` inches, from the rules' answer on the true state."""
    R, s = rig.match.rules, rig.match.state
    i = d.free["index"]
    ox, oy = d.free["origin"]
    for k in range(72):
        ang = k * math.pi / 36
        p = (ox + math.cos(ang) * length, oy + math.sin(ang) * length)
        if R.move_check(s, i, p, length)[0] is not None and \
                R.map(s).path_length(R.move_check(s, i, p, length)[0][0]) <= length + 1e-6:
            return p
    raise AssertionError("no open direction")


def test_BO_180_a_3_7_inch_drag_is_snapped_to_the_allowance_and_taken():
    rig = Rig()
    d = to_act(rig)
    i = d.free["index"]
    reach = float(d.free["reach"])
    assert rig.table._allowance(rig.table.pieces[i]) == pytest.approx(reach)   # nothing added
    ox, oy = d.free["origin"]
    far = _open_direction(rig, d, reach + 0.7)
    post_drag(rig.screen_of((ox, oy)), rig.screen_of(far), steps=12, release=False)
    for e in pygame.event.get():
        rig.table.handle_event(e)
    measured, left = rig.table.board.ruler()
    assert measured == pytest.approx(reach, abs=0.02) and -1e-6 <= left <= 0.02   # no "0.3" left"
    piece = rig.table.pieces[i]
    assert math.dist(piece.pos, (ox, oy)) == pytest.approx(reach, abs=0.02)      # held at the snap
    end = rig.screen_of(far)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    before = len(rig.match.log)
    rig.pump()
    assert len(rig.match.log) == before + 1 and rig.match.log[-1][1][0] == "move"
    c = rig.match.view(0)["chars"][i]
    assert reach - 0.03 <= math.hypot(c["x"] - ox, c["y"] - oy) <= reach + 1e-6


def _drop_on_a_friend(rig, d):
    """Drag the active character onto a friend's base within its allowance."""
    i = d.free["index"]
    ox, oy = d.free["origin"]
    view = rig.match.view(0)
    friend = min((c for c in view["chars"] if c["side"] == view["chars"][i]["side"] and c["index"] != i
                  and c["deployed"] and not c["ooa"]),
                 key=lambda c: math.hypot(c["x"] - ox, c["y"] - oy))
    gap = math.hypot(friend["x"] - ox, friend["y"] - oy)
    k = 0.6 / gap                                          # 0.6" of the way back: still on its base
    spot = (friend["x"] + (ox - friend["x"]) * k, friend["y"] + (oy - friend["y"]) * k)
    assert math.hypot(spot[0] - ox, spot[1] - oy) < float(d.free["reach"])
    before = len(rig.match.log)
    post_drag(rig.screen_of((ox, oy)), rig.screen_of(spot), steps=10)
    rig.pump()
    return before


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_BO_180_a_drop_on_a_base_is_refused_as_not_a_place_to_stand(lang):
    i18n.set_language(lang)
    try:
        rig = Rig()
        d = to_act(rig)
        before = _drop_on_a_friend(rig, d)
        said = [t[0] for t in rig.table.toasts]
        want = i18n.t("ordeals.table.move_stand")
    finally:
        i18n.set_language("en")
    assert len(rig.match.log) == before
    assert want in said and want != "ordeals.table.move_stand"
    i = d.free["index"]
    ox, oy = d.free["origin"]
    assert math.hypot(rig.table.pieces[i].pos[0] - ox, rig.table.pieces[i].pos[1] - oy) < 0.05   # glided home


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_BO_180_the_three_refusals_have_their_own_words(lang):
    i18n.set_language(lang)
    try:
        words = [i18n.t(f"ordeals.table.move_{k}") for k in ("reach", "blocked", "stand")]
    finally:
        i18n.set_language("en")
    assert len(set(words)) == 3 and not any(w.startswith("ordeals.") for w in words)
