"""The kit's "Faster" control (hurry.py) on a stand-in table: shown only while a human watches
an AI seat decide, it speeds the tweens and the scene's AI pauses, and switches itself off
when the viewer is asked something."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui.table.hurry import Hurry

WORDS = ("play.fast_forward", "play.normal_speed", "play.fast_forward_tip")


class Stand:
    """The little of a table the control reads."""

    def __init__(self, gfx):
        self.anim = SimpleNamespace(speed_fn=lambda: 2.0)
        self.match = SimpleNamespace(over=False, agents={1: object()}, decisions=lambda: [SimpleNamespace(seat=1)])
        self.mine = []
        self.scene = SimpleNamespace(fast=False)
        self.ctx = SimpleNamespace(extra={"scene": self.scene}, settings=SimpleNamespace(colorblind=False))
        self.gfx = gfx
        self.pointer = (0, 0)
        self.sounds = []

    def is_human_viewer(self):
        return True

    def my_decisions(self):
        return self.mine

    def sound(self, name):
        self.sounds.append(name)

    def geo(self):
        R = lambda x, y, w, h: pygame.Rect(x // 2, y // 2, w // 2, h // 2)     # noqa: E731 - half scale
        return 0.5, R, None, None, None


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def test_faster_is_shown_while_an_ai_seat_decides_and_hurries_until_you_are_asked(gfx):
    tb = Stand(gfx)
    h = Hurry(tb, (100, 100, 320, 52), WORDS, factor=3.0)
    surf = pygame.Surface((400, 300))
    h.draw(surf)
    assert h.rect == pygame.Rect(50, 50, 160, 26)                      # scaled by the table's geo()
    assert not h.click((5, 5)) and not h.on
    assert h.click(h.rect.center) and h.on and tb.scene.fast and tb.sounds == ["ui_click"]
    assert tb.anim.speed_fn() == pytest.approx(6.0)
    h.update()
    assert h.on
    tb.mine = [SimpleNamespace(seat=0)]                                # the table asks you something
    h.update()
    assert not h.on and not tb.scene.fast and tb.anim.speed_fn() == pytest.approx(2.0)
    h.draw(surf)
    assert h.rect is None and h.tip() is None                          # hidden while you answer


def test_the_hover_words_come_only_over_the_button(gfx):
    tb = Stand(gfx)
    h = Hurry(tb, (100, 100, 320, 52), WORDS)
    h.draw(pygame.Surface((400, 300)))
    assert h.tip() is None
    tb.pointer = h.rect.center
    assert h.tip()


def test_nothing_to_hurry_when_only_humans_decide_or_the_game_is_over(gfx):
    tb = Stand(gfx)
    h = Hurry(tb, (100, 100, 320, 52), WORDS)
    tb.match.decisions = lambda: [SimpleNamespace(seat=2)]
    assert not h.shown()
    tb.match.decisions = lambda: [SimpleNamespace(seat=1)]
    tb.match.over = True
    assert not h.shown()
