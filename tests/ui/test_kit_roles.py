"""The table kit by role: kit.py is the thin public face, input / motion / decoration /
sync live in their own modules, and a game changes the kit's behaviour through public
hooks (before_sync / after_sync round every sync, on_click before the kit's click)
instead of overriding a private method."""
from __future__ import annotations

import inspect

import pygame
import pytest

from game import registry
from game.ui.table import kit_decor, kit_input, kit_motion, kit_sync
from game.ui.table.kit import TableKit
from tests.ui.test_table_toolkit import ToyTable, _click, _settle, _toy

pytestmark = pytest.mark.usefixtures("display")


def _source_lines(module) -> int:
    return len(inspect.getsource(module).splitlines())


def test_the_kit_is_split_by_role_and_its_face_stays_thin():
    import game.ui.table.kit as kit
    assert _source_lines(kit) <= 800, "kit.py is the public face: behaviour goes to its role modules"
    for role in (kit_input, kit_motion, kit_decor, kit_sync):
        assert _source_lines(role) <= 600, f"{role.__name__} grew past one role's size"


class HookedTable(ToyTable):
    """The toy table with the sync hooks recording what they saw."""

    def build(self, view):
        self.seen = []
        super().build(view)

    def before_sync(self, view, instant):
        self.seen.append(("before", instant, len(self.zones["hand"].cards)))

    def after_sync(self, view, instant):
        self.seen.append(("after", instant, len(self.zones["hand"].cards)))


def test_sync_hooks_run_round_every_sync_instant_for_a_new_viewer(app_parts):
    m, t = _toy(app_parts, 1.0, HookedTable)
    assert t.seen == [("before", True, 0), ("after", True, len(t.zones["hand"].cards))]
    t.seen.clear()
    d = t.my_decisions()[0]
    t.ctx.submit(0, d.actions[0])                                # an event: one animated sync
    _settle(t)
    assert [s[:2] for s in t.seen] == [("before", False), ("after", False)]


def test_a_games_on_click_comes_before_the_kits_and_may_take_the_click(app_parts):
    asked, take = [], [True]

    class Clicky(ToyTable):
        def on_click(self, item, pos):
            asked.append(item)
            return take[0]

    m, t = _toy(app_parts, 0.0, Clicky)
    t.update(0.016)
    bid = t.banner.spec.buttons[1]
    _click(t, bid.rect.center)
    assert asked == [bid] and m.log == [], "the game took the click: the kit did nothing"
    take[0] = False
    _click(t, bid.rect.center)
    assert m.log == [(0, ("bid", 1))], "the game let it pass: the kit's click bid"


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_table_overrides_no_private_method_of_the_kit(game_id):
    """A method of the kit's private name silently replaces the kit's own: the Book of
    Ordeals' board click handler, named `_click`, once made every button on its table dead
    by mouse. A game extends the kit through its hooks (before_sync, on_click, ...)."""
    cls = registry.get(game_id).table_class()
    assert issubclass(cls, TableKit)
    private = {name for name in dir(TableKit) if name.startswith("_") and not name.startswith("__")}
    overridden = sorted({name for klass in cls.__mro__ if klass.__module__.startswith("game.games.")
                         for name in vars(klass) if name in private})
    assert not overridden, f"{game_id}'s table overrides the kit's {overridden}: use a public hook"


def test_decoration_is_plain_functions_of_gfx_and_scale(app_parts):
    from game.ui.table.gfx import Gfx
    gfx = Gfx(app_parts[0])
    coin = kit_decor.coin(gfx, "ducat", 30)
    assert coin.get_size() == (34, 34)
    plaque = kit_decor.plaque(gfx, 1.0, "Head", "A line", True, app_parts[2], False)
    assert plaque.get_width() > 40
    surf = pygame.Surface((200, 100))
    kit_decor.glow_around(gfx, surf, [pygame.Rect(50, 30, 60, 40)], 1.0, 0.0)
    lit = [x for x in range(200) if surf.get_at((x, 50))[:3] != (0, 0, 0)]
    assert lit and min(lit) < 50 and max(lit) > 110, "a glow round the rect, outside it"
