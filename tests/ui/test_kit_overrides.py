"""A game's table may extend the table kit's private machinery (`_sync`, `_click`, ...)
only by calling it: a method of the same name that does not pass on to the kit silently
replaces it. That is how the Book of Ordeals' board click handler, named `_click`, made
every button on its table dead by mouse (the kit routes each click through `_click`)."""
from __future__ import annotations

import inspect

import pytest

from game.games import registry
from game.ui.table.kit import TableKit


def private_overrides(cls) -> dict[str, object]:
    found = {}
    for klass in cls.__mro__:
        if not klass.__module__.startswith("game.games."):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") and not name.startswith("__") and callable(value) \
                    and hasattr(TableKit, name):
                found.setdefault(name, value)
    return found


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_table_extends_the_kits_private_methods_only_by_calling_them(game_id):
    cls = registry.get(game_id).table_class()
    if not issubclass(cls, TableKit):
        pytest.fail(f"{game_id}'s table is not built on the table kit")
    replaced = [name for name, fn in private_overrides(cls).items()
                if f"super().{name}(" not in inspect.getsource(fn)]
    assert not replaced, (f"{game_id}'s table replaces the kit's {replaced} without calling it: "
                          "rename the game's method or call super()")
