"""Every word the Schemers table asks for exists: in the game's locale (`schemers.table.*`)
or among the toolkit's own words — never a raw key on screen."""
from __future__ import annotations

import re
from pathlib import Path

from game.core.i18n import has
from game.ui.table.strings import FALLBACK

ROOT = Path(__file__).resolve().parents[3]


def _keys(path: Path, fn: str) -> set:
    src = path.read_text(encoding="utf-8")
    return set(re.findall(fn + r'\("([a-z_]+)"', src)) | set(re.findall(r'"(you_[a-z]+)"', src))


def test_every_table_word_of_schemers_exists():
    keys = _keys(ROOT / "game" / "games" / "schemers" / "table" / "screen.py", "tw")
    assert len(keys) > 20
    missing = [k for k in sorted(keys) if not has(f"schemers.table.{k}") and k not in FALLBACK]
    assert not missing, missing
    # the old prefixed names of the toolkit's fallback table are gone everywhere
    src = (ROOT / "game" / "games" / "schemers" / "table" / "screen.py").read_text(encoding="utf-8")
    assert not re.findall(r'"schemers_[a-z_]+"', src)
