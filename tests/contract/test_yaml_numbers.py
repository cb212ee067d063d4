"""Issue 12 item 11: every number in a game's YAML changes something a player can
observe (see yaml_numbers.py for what "observe" means). A number the rules never read
is a lie to whoever edits it: make the rules read it, or delete it.

Games join the list when their data is complete; `python -m tests.contract.yaml_numbers
GAME` lists the dead numbers of any registered game."""
from __future__ import annotations

import pytest

from .yaml_numbers import ROOT, dead_numbers, numbers

GAMES = ("schemers", "dark_deeds")
CASES = [(g, f) for g in GAMES
         for f in sorted({n[0] for n in numbers(ROOT / "data" / g)})]


@pytest.mark.parametrize("game_id,file", CASES, ids=[f"{g}-{f}" for g, f in CASES])
def test_every_yaml_number_changes_the_game(game_id, file):
    only = [(name, line) for name, line, *_ in numbers(ROOT / "data" / game_id) if name == file]
    assert dead_numbers(game_id, only) == []
