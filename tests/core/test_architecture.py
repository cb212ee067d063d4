"""core/, ai/ and every game's rules and AI stay headless: they never import pygame."""
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def headless_modules():
    mods = [f"game.core.{p.stem}" for p in (ROOT / "game/core").glob("*.py") if p.stem != "__init__"]
    mods += [f"game.ai.{p.stem}" for p in (ROOT / "game/ai").glob("*.py") if p.stem != "__init__"]
    for game in sorted((ROOT / "game/games").iterdir()):
        if game.is_dir() and (game / "__init__.py").exists():
            mods.append(f"game.games.{game.name}")
            for p in sorted(game.glob("*.py")):
                if p.stem.startswith(("rules", "ai", "data", "effects", "setup", "deeds")):
                    mods.append(f"game.games.{game.name}.{p.stem}")
    return mods


def test_rules_and_ai_never_import_pygame():
    mods = headless_modules()
    code = ("import sys\n" + "".join(f"import {m}\n" for m in mods) +
            "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')]\n"
            "print(','.join(bad))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"pygame imported by headless modules: {out.stdout}"


def test_registry_knows_the_games_without_scanning():
    from game.games import registry
    assert registry.game_ids()[:2] == ["schemers", "dark_deeds"]
