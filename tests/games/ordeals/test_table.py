"""The Book of Ordeals table under SDL's dummy drivers, driven by real posted mouse events:
deployment by clicks, a character dragged to a point moves there (the ruler shows the
inches while carried), an illegal drop glides back and applies nothing, the active
character's Sight ring and line-of-sight overlay are on, and a whole solo Trial played
through the table by mouse and banner buttons against the Shadow."""
from __future__ import annotations

import math

import pygame
import pytest

from tests.tablekit import TableRig, new_match, post_click, post_drag

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    """A solo Trial's table for its one human seat (the Shadow acts inside the rules, so
    no seat is an AI): the shared rig's Match, Assets, Sound and Settings, animations off."""

    draw_on_pump = False

    def __init__(self, seed=3, trial=1, **options):
        super().__init__(new_match("ordeals", {"mode": "solo", "trial": trial, **options}, seed, 1,
                                   humans=(0,)), viewer=0)
        self.rules = self.match.rules

    def pump(self):
        """The posted events to the table in one frame, then settled."""
        super().pump()
        self.settle()

    def screen_of(self, world):
        """Where a world point is on screen, the view panned to it first when it is off
        the view (zoomed in, as a person drags the ground to see it)."""
        cam = self.table.board.camera
        if not cam.rect.inflate(-cam.ppi, -cam.ppi).collidepoint(cam.to_screen(world)):
            self.table.board.look_at(world)
        return tuple(int(round(v)) for v in cam.to_screen(world))

    def deploy_all(self):
        while self.decision() is not None and self.decision().kind == "deploy":
            d = self.decision()
            a = d.actions[0]
            post_click(self.screen_of((a[1], a[2])))
            self.pump()


def to_act(rig):
    """Deploy by clicks, then answer initiative/activation with banner buttons until an Act."""
    rig.deploy_all()
    for _ in range(40):
        d = rig.decision()
        if d is None or d.kind == "act":
            return d
        rig.table.update(1 / 30)
        b = rig.table.banner
        assert b is not None, f"no banner for {d.kind}"
        btn = b.spec.buttons[0]
        rig.submit(btn.seat if btn.seat is not None else 0, btn.action)
        rig.settle()
    return rig.decision()


def test_deploy_by_clicks_and_drag_move_with_the_ruler():
    rig = Rig()
    d = to_act(rig)
    assert d is not None and d.kind == "act" and d.free["verb"] == "move"
    i = d.free["index"]
    piece = rig.table.pieces[i]
    assert piece.draggable
    ox, oy = d.free["origin"]
    a = next(a for a in d.actions if a[0] == "move")
    start, end = rig.screen_of((ox, oy)), rig.screen_of((a[1], a[2]))
    post_drag(start, end, steps=10, release=False)
    for e in pygame.event.get():
        rig.table.handle_event(e)
    ruler = rig.table.board.ruler()
    assert ruler is not None and ruler[0] > 0                      # the live ruler while carried
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    before = len(rig.match.log)
    rig.pump()
    assert len(rig.match.log) == before + 1 and rig.match.log[-1][1][0] == "move"
    c = rig.match.view(0)["chars"][i]
    assert math.hypot(c["x"] - a[1], c["y"] - a[2]) < 0.35


def test_an_illegal_drop_glides_back_and_applies_nothing():
    rig = Rig()
    d = to_act(rig)
    i = d.free["index"]
    ox, oy = d.free["origin"]
    view = rig.match.view(0)
    friend = min((c for c in view["chars"] if c["side"] == view["chars"][i]["side"] and c["index"] != i
                  and c["deployed"]), key=lambda c: math.hypot(c["x"] - ox, c["y"] - oy))
    k = 0.6 / math.hypot(friend["x"] - ox, friend["y"] - oy)
    on_friend = (friend["x"] + (ox - friend["x"]) * k, friend["y"] + (oy - friend["y"]) * k)   # no place to stand
    before = len(rig.match.log)
    post_drag(rig.screen_of((ox, oy)), rig.screen_of(on_friend), steps=10)
    rig.pump()
    assert len(rig.match.log) == before
    piece = rig.table.pieces[i]
    assert math.hypot(piece.pos[0] - ox, piece.pos[1] - oy) < 0.05


def test_sight_ring_and_line_of_sight_overlay_of_the_active_character():
    rig = Rig()
    d = to_act(rig)
    rig.table.update(1 / 30)
    assert rig.table.board.los_from is rig.table.pieces[d.free["index"]]
    assert any("Sight" in (r.label or "") for r in rig.table.board.rings)
    rig.table.draw(rig.screen)


def test_a_whole_trial_by_mouse_against_the_shadow():
    rig = Rig(seed=5)
    rig.deploy_all()
    for _ in range(400):
        if rig.match.over:
            break
        d = rig.decision()
        assert d is not None
        rig.table.update(1 / 30)
        if d.kind == "act" and any(a[0] == "move" for a in d.actions) and rig.match.view(0)["act"]["spent"] == 0:
            a = next(a for a in d.actions if a[0] == "move")
            post_drag(rig.screen_of(tuple(d.free["origin"])), rig.screen_of((a[1], a[2])), steps=10)
            before = len(rig.match.log)
            rig.pump()
            if len(rig.match.log) > before:
                continue
        b = rig.table.banner
        assert b is not None and b.spec.buttons, f"no buttons for {d.kind}"
        pick = next((x for x in b.spec.buttons if x.action and x.action[0] in ("fire", "assault", "stand", "use")),
                    b.spec.buttons[-1] if d.kind == "act" else b.spec.buttons[0])
        rig.submit(0, pick.action)
        rig.settle()
        rig.table.draw(rig.screen)
    assert rig.match.over
