"""Issues 11 and 27's bar: each game's table — every file under game/games/<id>/table/,
whether or not it imports pygame itself — is at most 1,400 lines. Code that does not draw
(words for a log, turning gestures into actions) belongs in the game's headless half."""
from pathlib import Path

import pytest

from game import registry

ROOT = Path(__file__).resolve().parents[2]
BAR = 1400


def table_lines(game_id: str, root: Path = ROOT) -> int:
    files = sorted((root / "game" / "games" / game_id / "table").rglob("*.py"))
    assert files, f"{game_id} has no table/ package"
    return sum(len(p.read_text(encoding="utf-8").splitlines()) for p in files)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_games_table_is_at_most_1400_lines(game_id):
    assert table_lines(game_id) <= BAR, f"{game_id}: {table_lines(game_id)} lines under table/"


def test_every_file_under_table_counts_pygame_or_not(tmp_path):
    """A file that never imports pygame still counts (the old check counted only those)."""
    folder = tmp_path / "game" / "games" / "g" / "table"
    folder.mkdir(parents=True)
    (folder / "screen.py").write_text("import pygame\n" * 3, encoding="utf-8")
    (folder / "words.py").write_text("x = 1\n" * 5, encoding="utf-8")
    (folder / "parts").mkdir()
    (folder / "parts" / "more.py").write_text("y = 2\n" * 2, encoding="utf-8")
    assert table_lines("g", tmp_path) == 10
