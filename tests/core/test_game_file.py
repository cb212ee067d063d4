"""How a bundled game declares its spec (game/core/gamespec.py, docs/ADDING_A_GAME.md):
data/<id>/game.yaml says what the menu shows (checked, errors as file:line), the parts
stand where the convention puts them unless the game's __init__.py names them, and
listing the games stays cheap (no rules, no pygame)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.core.data import DataError
from game.core.gamespec import CardBack, GameArt, conventional_parts, game_spec, read_game_file
from game.core.version import rules_data_files
from game import registry

ROOT = Path(__file__).resolve().parents[2]

GOOD = """\
title: A Test Game
pitch: One line.
min_players: 2
max_players: 4
icon: [imp]
card_back:
  emblem: [imp]
  dark: [1, 2, 3]
  light: [4, 5, 6]
  accent: [7, 8, 9]
  emblem_colour: [10, 11, 12]
  pattern: bones
  seed: 9
"""


def write(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder


def test_a_game_file_gives_the_title_the_players_and_the_art(tmp_path):
    about = read_game_file(write(tmp_path / "x", GOOD))
    assert about == {"title": "A Test Game", "pitch": "One line.", "min_players": 2, "max_players": 4,
                     "art": GameArt(icon=("imp",), card_back=CardBack(
                         emblem=("imp",), dark=(1, 2, 3), light=(4, 5, 6), accent=(7, 8, 9),
                         emblem_colour=(10, 11, 12), pattern="bones", seed=9))}
    without_back = read_game_file(write(tmp_path / "y", GOOD.split("card_back:")[0]))
    assert without_back["art"].card_back is None


@pytest.mark.parametrize("change, line, says", [
    (("max_players: 4", "max_players: 1"), 4, "fewer than min_players (2)"),
    (("dark: [1, 2, 3]", "dark: [1, 2, 300]"), 8, "less than or equal to 255"),
    (("pattern: bones", "pattern: stripes"), 12, "'diamond' or 'bones'"),
    (("icon: [imp]", "icon: []"), 5, "at least 1 item"),
    (("pitch: One line.", "pitch: One line.\nblurb: more"), 3, "Extra inputs are not permitted"),
    (("title: A Test Game\n", ""), 1, "Field required"),
])
def test_a_wrong_game_file_is_named_with_its_line(tmp_path, change, line, says):
    folder = write(tmp_path / "x", GOOD.replace(*change))
    with pytest.raises(DataError) as caught:
        read_game_file(folder)
    assert any(p.file.endswith("game.yaml") and p.line == line and says in p.message
               for p in caught.value.problems), caught.value.problems


def test_the_convention_names_the_parts_after_the_id():
    parts = conventional_parts("dark_deeds")
    assert parts["rules"] == "game.games.dark_deeds.rules:DarkDeedsRules"
    assert parts["table"] == "game.games.dark_deeds.table.screen:DarkDeedsTable"
    assert parts["data"] == "game.games.dark_deeds.data:load_data"
    assert parts["determinizer"] == "game.games.dark_deeds.ai:determinize"
    assert (parts["title_key"], parts["pitch_key"]) == ("dark_deeds.title", "dark_deeds.pitch")


def test_a_spec_names_only_what_differs_from_the_convention():
    ordeals = game_spec("ordeals", determinizer="game.games.ordeals.fog:determinize_view")
    assert ordeals.determinizer == "game.games.ordeals.fog:determinize_view"
    assert ordeals.rules == conventional_parts("ordeals")["rules"]
    assert ordeals.title == "Book of Ordeals" and ordeals.art.card_back is None
    assert registry.get("schemers").data == "game.games.schemers.data:load"


def test_the_game_file_is_not_rules_data():
    """Its title or art may change without changing any save's data fingerprint."""
    for gid in registry.game_ids():
        assert (ROOT / "data" / gid / "game.yaml").is_file()
        assert all(f.name != "game.yaml" for f in rules_data_files(gid)), gid


def test_listing_the_games_imports_no_rules_and_no_pygame():
    code = ("import sys\nfrom game import registry\n"
            "specs = [registry.get(g) for g in registry.game_ids()]\n"
            "print([s.title_text() for s in specs])\n"
            "print(','.join(m for m in sys.modules if m.startswith('pygame') or "
            "(m.startswith('game.games.') and m.count('.') > 2)))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    titles, imported = out.stdout.splitlines()
    assert "Book of Ordeals" in titles
    assert imported == "", f"listing the games imported {imported}"
