"""Every word the Dark Deeds table asks for exists: in the game's locale
(`dark_deeds.table.*`) or among the toolkit's own words — never a raw key on screen."""
from __future__ import annotations

import re
from pathlib import Path

from game.core.i18n import has
from game.ui.table.strings import FALLBACK

ROOT = Path(__file__).resolve().parents[3]


def test_every_table_word_of_dark_deeds_exists():
    keys = set()
    for name in ("table.py", "words.py"):
        src = (ROOT / "game" / "games" / "dark_deeds" / name).read_text(encoding="utf-8")
        keys |= set(re.findall(r'\btx\("([a-z_]+)"', src))
    assert len(keys) > 40
    missing = [k for k in sorted(keys) if not has(f"dark_deeds.table.{k}") and k not in FALLBACK]
    assert not missing, missing
