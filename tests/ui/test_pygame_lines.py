"""Issue 11's bar: the pygame code of each game that was rebuilt on the table kit (every
file under game/games/<id>/ that imports pygame) stays at most 1,400 lines."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
IMPORTS_PYGAME = re.compile(r"^\s*(import pygame|from pygame)", re.M)


def pygame_lines(game_id: str) -> int:
    files = [p for p in (ROOT / "game" / "games" / game_id).rglob("*.py") if IMPORTS_PYGAME.search(p.read_text())]
    assert files, f"{game_id} has no pygame code at all"
    return sum(len(p.read_text().splitlines()) for p in files)


@pytest.mark.parametrize("game_id", ["schemers", "dark_deeds", "monster_shop", "ordeals", "dark_gothic"])
def test_pygame_code_of_a_kit_table_is_at_most_1400_lines(game_id):
    assert pygame_lines(game_id) <= 1400
