"""core/, ai/ and every registered game's rules and AI stay headless: with pygame made
unimportable, each of their modules imports and every game plays; the registry is one plain dict; and nothing outside a game's own folder names
the game (adding a game is one folder and one registry line)."""
import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.games import registry

ROOT = Path(__file__).resolve().parents[2]


def test_core_and_ai_never_import_pygame():
    mods = [f"game.core.{p.stem}" for p in (ROOT / "game/core").glob("*.py") if p.stem != "__init__"]
    mods += [f"game.ai.{p.stem}" for p in (ROOT / "game/ai").glob("*.py") if p.stem != "__init__"]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in mods) +
            "print(','.join(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"pygame imported by core/ai: {out.stdout}"


# Modules of a game's folder that draw or are mixed into its table, beyond the ones its
# spec names (table, option editors, bench table) and the table*.py files.
TABLE_MIXINS = {"dark_deeds": {"words"}}


def table_code(game_id: str) -> set:
    """The modules of the game's folder that may need pygame: its table's."""
    spec = registry.get(game_id)
    package = registry.GAME_MODULES[game_id]
    named = [spec.table, spec.bench_table, *spec.option_editors.values()]
    stems = {t.partition(":")[0].rpartition(".")[2] for t in named if t.startswith(package + ".")}
    folder = ROOT / package.replace(".", "/")
    stems |= {p.stem for p in folder.glob("table*.py")}
    return stems | TABLE_MIXINS.get(game_id, set())


def headless_modules(game_id: str) -> list:
    """Every module of the game's folder that is not table code, and the package itself."""
    package = registry.GAME_MODULES[game_id]
    folder = ROOT / package.replace(".", "/")
    table = table_code(game_id)
    return [package] + [f"{package}.{p.stem}" for p in sorted(folder.glob("*.py"))
                        if p.stem != "__init__" and p.stem not in table]


# Run in a fresh interpreter where `import pygame` raises: import the given modules, then
# load the game's rules, make every level's agent, determinize and play a few steps.
WITHOUT_PYGAME = """
import importlib, sys


class NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError(f"pygame is blocked: headless code imported {name}")
        return None


sys.meta_path.insert(0, NoPygame())
gid, modules = sys.argv[1], sys.argv[2:]
for m in modules:
    try:
        importlib.import_module(m)
    except ImportError as exc:
        sys.exit(f"{m}: {exc}")
from game.core.rng import RNG
from game.games import registry
spec = registry.get(gid)
rules = spec.load_ruleset()
n = spec.min_players if spec.min_players > 1 else min(2, spec.max_players)
state = rules.setup(n, rules.validate_options({}, n), 1)
agents = [spec.make_agent(level, seat, 1) for seat, level in enumerate(spec.difficulties)]
for step in range(40):
    if rules.result(state) is not None:
        break
    d = rules.decisions(state)[0]
    if step == 0 and spec.determinize is not None:
        spec.determinize(rules.view(state, d.seat), d.seat, RNG(1))
    agent = agents[step % len(agents)] if step < 8 else agents[0]   # every level answers once
    rules.apply(state, d.seat, agent.choose(rules.view(state, d.seat), d, 0.01))
print("played", step)
"""


def run_without_pygame(game_id: str, modules: list, pythonpath: str = "") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (pythonpath, str(ROOT)) if p)}
    return subprocess.run([sys.executable, "-c", WITHOUT_PYGAME, game_id, *modules], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=300)


def core_and_ai_modules() -> list:
    return [f"game.{folder}.{p.stem}" for folder in ("core", "ai")
            for p in sorted((ROOT / "game" / folder).glob("*.py")) if p.stem != "__init__"]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_every_headless_module_imports_and_plays_with_pygame_unimportable(game_id):
    """With `import pygame` raising, every module of game/core, game/ai and the game's
    folder but its table code imports, and the game's rules, every level's agent and
    its determinizer play: no headless module needs pygame, however indirectly."""
    out = run_without_pygame(game_id, core_and_ai_modules() + headless_modules(game_id))
    assert out.returncode == 0, f"{game_id}: {out.stderr[-2000:]}"
    assert out.stdout.startswith("played"), out.stdout


def test_the_pygame_block_catches_an_indirect_import(tmp_path):
    """A module that reaches pygame through another import fails the check, naming it."""
    (tmp_path / "reaches_pygame.py").write_text("import game.ui.table.widgets\n", encoding="utf-8")
    out = run_without_pygame("schemers", ["game.core.rules", "reaches_pygame"], pythonpath=str(tmp_path))
    assert out.returncode != 0 and "reaches_pygame" in out.stderr and "pygame is blocked" in out.stderr


def test_table_code_is_what_the_spec_names_and_the_table_files():
    assert {"table", "recruit_screen", "bench_table", "table_art"} <= table_code("ordeals")
    assert "words" in table_code("dark_deeds") and "rules" not in table_code("dark_deeds")
    assert "game.games.ordeals.recruit_words" in headless_modules("ordeals")


def test_registry_is_one_plain_dict_of_game_packages():
    tree = ast.parse((ROOT / "game/games/registry.py").read_text(encoding="utf-8"))
    found = [node.value for node in tree.body if isinstance(node, ast.Assign)
             and any(isinstance(t, ast.Name) and t.id == "GAME_MODULES" for t in node.targets)]
    assert len(found) == 1 and isinstance(found[0], ast.Dict)
    assert all(isinstance(k, ast.Constant) and isinstance(v, ast.Constant) for k, v in
               zip(found[0].keys, found[0].values)), "GAME_MODULES maps id strings to module strings"
    for gid in registry.game_ids():
        spec = registry.get(gid)
        assert spec.id == gid and registry.GAME_MODULES[gid] == f"game.games.{gid}"
        assert spec.min_players <= spec.max_players


def _names_a_game(value: str, ids) -> str | None:
    for gid in ids:
        if value == gid or value.startswith((gid + ".", gid + ":", gid + "/")):
            return gid
    return None


def test_nothing_outside_a_games_folder_names_it():
    """The menu, the rules reference, the sprite tool, the screens and the CLI read the
    registry: no string literal outside game/games/<id>/ names a registered game."""
    ids = registry.game_ids()
    files = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "tools").glob("*.py"))
    bad = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        if rel == "game/games/registry.py" or any(rel.startswith(f"game/games/{gid}/") for gid in ids):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                gid = _names_a_game(node.value, ids)
                if gid:
                    bad.append(f"{rel}:{node.lineno} names {gid!r}")
    assert not bad, "\n".join(bad)


def test_the_name_check_can_fail():
    assert _names_a_game("schemers.roles", ["schemers"]) == "schemers"
    assert _names_a_game("schemersx", ["schemers"]) is None
