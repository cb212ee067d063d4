"""Issue 12 item 11: every number in a game's YAML changes something a player can
observe (see yaml_numbers.py for what "observe" means). A number the rules never read
is a lie to whoever edits it: make the rules read it, or delete it.

Games join the list when their data is complete; `python -m tests.contract.yaml_numbers
GAME` lists the dead numbers of any registered game. Numbers random play from the opening
seldom reaches (Dark Gothic's Danger II/III Villains, the monster shop's sale prices and
its single-copy cages) are reached by the game's targeted observations
(yaml_numbers.OBSERVE), never by leaving them out."""
from __future__ import annotations

import pytest

from .yaml_numbers import ROOT, dead_numbers, numbers

GAMES = ("schemers", "dark_deeds", "dark_gothic", "monster_shop")
CHUNK = 25                  # numbers per test, so that two workers share the work evenly


def _cases():
    for g in GAMES:
        found = [(name, line) for name, line, *_ in numbers(ROOT / "data" / g)]
        for i in range(0, len(found), CHUNK):
            part = found[i:i + CHUNK]
            yield pytest.param(g, part, id=f"{g}-{part[0][0]}:{part[0][1]}-{part[-1][0]}:{part[-1][1]}")


@pytest.mark.parametrize("game_id,only", list(_cases()))
def test_every_yaml_number_changes_the_game(game_id, only):
    assert dead_numbers(game_id, only) == []
