"""shop_widgets.py: a list row selects on a click and shows what its texts() say now, a
− / + stepper pair says why a step is refused, the budget box turns red when over,
and the focus walk wraps both ways and keeps its place when a press rebuilds the screen."""
from __future__ import annotations

import pygame
import pytest

from game.ui import headless
from game.ui.shop_widgets import BudgetBox, FocusWalk, ListRow, TextBox, steppers


@pytest.fixture(scope="module")
def app():
    a = headless.make_app()
    yield a
    a.shutdown()


def test_a_row_selects_on_click_and_draws_its_texts_as_they_are_now(app):
    picked, name = [], ["Aldric"]
    row = ListRow(app, (10, 10, 300, 64), lambda: (name[0], "Bow · Lantern", 85), lambda: picked.append(1))
    assert row.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(50, 30)))
    assert not row.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(500, 30)))
    assert picked == [1]
    surf = pygame.Surface((400, 100))
    name[0] = "A name far too long to fit on this row of three hundred pixels"
    row.draw(surf)
    assert row.readable(name[0])                       # cut on the row, whole in the tooltip


def test_steppers_and_the_budget_box(app):
    down, up = steppers(app, 400, 0, lambda: None, lambda: None, ("less", "more"), ("at its base", None))
    assert (down.rect.right, up.rect.right) == (400 - 72, 400 - 2)
    assert not down.enabled and down.tooltip_text() == "at its base" and up.enabled and up.tooltip_text() == "more"
    left = [20]
    box = BudgetBox(app, (0, 0, 388, 176), lambda: (left[0], "Left", "of 300", 280 / 300, "280 spent"))
    surf = pygame.Surface((400, 200))
    box.draw(surf)
    gold = surf.get_at((30, 176 - 18 + 4))
    left[0] = -5
    box.draw(surf)
    assert surf.get_at((30, 176 - 18 + 4)) != gold
    assert box.tooltip_text() == "280 spent"
    tb = TextBox(app, (0, 0, 80, 60), "one two three four five six seven eight nine ten", lines=2)
    tb.draw(surf)
    assert tb.readable("one two three four five six seven eight nine ten")


def test_the_focus_walk_wraps_and_keeps_its_place(app):
    walk = FocusWalk()
    assert walk.focused() is None
    walk.buttons = [object(), object(), object()]
    walk.move(-1)
    assert walk.at == 2
    walk.move(1)
    assert walk.at == 0

    class Btn:
        def click(self):
            walk.reset()
            walk.buttons = [Btn(), Btn()]              # the screen rebuilt with fewer buttons
    walk.buttons = [Btn(), Btn(), Btn()]
    walk.at = 2
    walk.press(walk.buttons[2], lambda: True)
    assert walk.at == 1


def test_the_focus_walk_takes_tab_space_and_enter():
    walk = FocusWalk()
    pressed = []

    class Btn:
        def __init__(self, n):
            self.n = n

        def click(self):
            pressed.append(self.n)
    done = Btn("done")
    walk.buttons = [Btn(0), Btn(1)]
    key = pygame.event.Event
    assert walk.key(key(pygame.KEYDOWN, key=pygame.K_RETURN), done) and pressed == ["done"]
    assert not walk.key(key(pygame.KEYDOWN, key=pygame.K_SPACE), done)      # Space with none focused: nothing
    assert walk.key(key(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT))
    assert walk.at == 1
    assert walk.key(key(pygame.KEYDOWN, key=pygame.K_SPACE), done) and pressed == ["done", 1]
    assert not walk.key(key(pygame.KEYDOWN, key=pygame.K_a))
