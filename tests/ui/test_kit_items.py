"""The kit's things under the pointer (game/ui/table/items.py): one handle per kind of
thing, each an hit.Interactive, stacked in z-order; the kit dispatches hover, click,
drag and drop through their methods."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table import items
from game.ui.table.cards import CardSprite
from game.ui.table.dice import DieSprite
from game.ui.table.hit import Interactive
from game.ui.table.items import Target, handle, top_down
from game.ui.table.widgets import Button, Chip, Menu, NumberPicker, TokenChip
from game.ui.table.zones import TokenStack
from tests.ui.test_table_toolkit import _adding, _drag, _settle, _toy

pytestmark = pytest.mark.usefixtures("display")


def test_every_kind_of_thing_has_its_handle_and_the_protocol():
    chip = Chip("c", "C", pygame.Rect(0, 0, 50, 20))
    things = {CardSprite(1, "k", True, zone="hand"): items.CardHandle, Button("b", "B"): items.ButtonHandle,
              chip: items.ChipHandle, DieSprite(): items.DieHandle, TokenStack("t", (5, 5)): items.TokenHandle,
              Target(("seat", 1)): items.TargetHandle, object(): items.Handle}
    for obj, kind in things.items():
        h = handle(obj)
        assert type(h) is kind and h.obj is obj and isinstance(h, Interactive)
    img = pygame.Surface((20, 20))
    assert type(handle(TokenChip("tc", "T", (5, 5), img, img))) is items.ChipHandle   # a subclass: its base's handle
    assert handle(Target(("seat", 1))).same(Target(("seat", 1)))                   # a place is the same by id
    assert not handle(chip).same(Chip("c", "C"))                                    # a widget only itself
    assert handle(chip).can_drag() and not handle(Button("b", "B")).can_drag()
    chip.enabled = False
    assert not handle(chip).can_drag()


def test_the_stack_puts_menu_over_widgets_over_cards_and_the_carried_card_on_top(app_parts):
    m, t, chip = _adding(app_parts)
    a, b = t.sprites[0], t.sprites[1]
    b.zone, a.zone = a.zone, a.zone
    b.x, b.y, a.x, a.y = a.x, a.y, a.x, a.y
    a.z, b.z = 5, 4
    assert t.item_at((a.x, a.y)) is a                       # the higher z
    b.z = 90000                                             # carried
    assert t.item_at((a.x, a.y)) is b
    chip.rect.center = (int(a.x), int(a.y))
    assert t.item_at(chip.rect.center) is chip              # widgets over cards
    t.menu = Menu(chip.rect.topleft, [("x", lambda: None, True)], t, None)
    assert t.item_at(t.menu.rect.center) is t.menu          # the menu over all
    assert next(top_down(t))[1] is t.menu and [o for _k, o, _p in top_down(t)][-1] is t.tokens["total"]


def test_a_picker_s_buttons_are_found_inside_it_only(app_parts):
    m, t = _toy(app_parts)
    p = NumberPicker("p", (960, 540), 0, 5, 2, lambda v: None, "How many?", "OK", t)
    t.widgets = [p]
    assert t.item_at(p.plus.rect.center) is p.plus
    assert t.item_at((p.rect.left + 3, p.rect.top + 3)) is p
    assert t.input.buttons() == p.buttons
    t.input.click(p, p.rect.center)                              # the picker's own click: nothing
    t.input.click(p.plus, p.plus.rect.center)
    assert p.value == 3


def test_a_chip_dropped_on_nothing_glides_home_and_is_drawn_there(app_parts):
    m, t, chip = _adding(app_parts)
    home = chip.rect.center
    before = len(m.log)
    _drag(t, home, (500, 100))
    assert len(m.log) == before and chip.drag_pos is not None      # on its way home
    t.draw(pygame.Surface((1920, 1080)))
    _settle(t)
    assert chip.drag_pos is None and chip.rect.center == home
