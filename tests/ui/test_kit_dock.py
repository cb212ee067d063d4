"""The kit's docked prompt (dock.py) on a plain surface: a question in a column, a countdown
bar only for a timed decision, one full-width button a row inside its panel, shown only while
its buttons are the table's widgets."""
from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.ui.table import style
from game.ui.table.dock import DockedPrompt, countdown_bar
from game.ui.table.widgets import Button

BOX = pygame.Rect(40, 30, 360, 0)


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def kit(gfx, left=None):
    return SimpleNamespace(gfx=gfx, widgets=[], time_left=lambda d: left,
                           ctx=SimpleNamespace(settings=SimpleNamespace(colorblind=False)))


def font(size, smallest=12):
    return max(smallest, size)


def buttons(n):
    return [Button(("answer", i), f"Answer {i}", action=("answer", i), font_size=18) for i in range(n)]


def test_the_buttons_stand_one_a_row_full_width_inside_the_panel(gfx):
    bs = buttons(3)
    dock = DockedPrompt(kit(gfx), SimpleNamespace(timeout=0), "Protect it?", bs, BOX, 1.0, font)
    assert dock.bar is None and dock.head_text == "Protect it?"
    assert all(b.rect.width == BOX.width - 2 * 14 and b.font_size == 19 and b.home == b.rect for b in bs)
    assert all(a.rect.bottom < b.rect.top for a, b in zip(bs, bs[1:]))
    assert all(dock.rect.contains(b.rect) for b in bs) and dock.rect.top == BOX.top
    assert bs[0].rect.top > BOX.top + dock.head.get_height()          # under the question


def test_a_timed_decision_gets_a_countdown_bar_above_the_buttons(gfx):
    untimed = DockedPrompt(kit(gfx), SimpleNamespace(timeout=0), "Block?", buttons(2), BOX, 1.0, font)
    bs = buttons(2)
    timed = DockedPrompt(kit(gfx), SimpleNamespace(timeout=10), "Block?", bs, BOX, 1.0, font)
    assert timed.bar is not None and timed.bar.bottom <= bs[0].rect.top
    assert timed.rect.height > untimed.rect.height


def test_it_is_shown_only_while_its_buttons_are_the_tables_widgets(gfx):
    k = kit(gfx)
    bs = buttons(2)
    dock = DockedPrompt(k, SimpleNamespace(timeout=0), "Pay", bs, BOX, 1.0, font)
    assert not dock.shown(k)
    k.widgets = list(bs)
    assert dock.shown(k)
    assert not DockedPrompt(k, SimpleNamespace(timeout=0), "Nothing", [], BOX, 1.0, font).shown(k)


def test_the_countdown_bar_empties_with_the_time_left_and_draws_nothing_without_a_clock(gfx):
    d = SimpleNamespace(timeout=10)
    bar = pygame.Rect(10, 10, 200, 8)
    full, half, none = (pygame.Surface((300, 40)) for _ in range(3))
    countdown_bar(full, kit(gfx, 10.0), d, bar)
    countdown_bar(half, kit(gfx, 5.0), d, bar)
    countdown_bar(none, kit(gfx, None), d, bar)
    assert full.get_at((200, 13))[:3] == style.GOLD
    assert half.get_at((60, 13))[:3] != (0, 0, 0) and half.get_at((190, 13))[:3] == (50, 40, 40)
    assert pygame.transform.average_color(none)[:3] == (0, 0, 0)


def test_the_panel_is_edged_by_its_tone(gfx):
    surfs = {}
    for tone in ("normal", "alert"):
        dock = DockedPrompt(kit(gfx), SimpleNamespace(timeout=0), "Q", buttons(1), BOX, 1.0, font, tone=tone)
        surfs[tone] = pygame.Surface((480, 300))
        dock.draw(surfs[tone], kit(gfx))
    x, y = BOX.left, BOX.top + 40                                     # on the left edge of the panel
    assert surfs["normal"].get_at((x, y)) != surfs["alert"].get_at((x, y))
