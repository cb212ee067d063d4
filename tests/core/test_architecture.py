"""core/, ai/ and every registered game's rules and AI stay headless (they never import
pygame); the registry is one plain dict; and nothing outside a game's own folder names
the game (adding a game is one folder and one registry line)."""
import ast
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


HEADLESS_GAME = """
import importlib, sys
from pathlib import Path
from game.core.rng import RNG
from game.games import registry
gid = sys.argv[1]
spec = registry.get(gid)
package = importlib.import_module(registry.GAME_MODULES[gid])
folder = Path(package.__file__).parent
UI = ("pygame", "game.ui", "...ui")                # a table's modules: they draw
for p in sorted(folder.glob("*.py")):          # every module that is not part of the table
    text = p.read_text(encoding="utf-8")
    if p.stem != "__init__" and not any(word in text for word in UI):
        importlib.import_module(f"{package.__name__}.{p.stem}")
rules = spec.load_ruleset()
n = spec.min_players if spec.min_players > 1 else min(2, spec.max_players)
state = rules.setup(n, rules.validate_options({}, n), 1)
agents = [spec.make_agent(level, 0, 1) for level in spec.difficulties]
for step in range(40):
    if rules.result(state) is not None:
        break
    d = rules.decisions(state)[0]
    if step == 0 and spec.determinize is not None:
        spec.determinize(rules.view(state, d.seat), d.seat, RNG(1))
    rules.apply(state, d.seat, agents[0].choose(rules.view(state, d.seat), d, 0.01))
print(",".join(m for m in sys.modules if m == "pygame" or m.startswith("pygame.")))
"""


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_rules_and_agents_of_every_game_never_import_pygame(game_id):
    """Loading the ruleset, making every agent, determinizing and playing never brings
    in pygame; nor does any module of the game's folder that is not part of its table
    (one that names neither pygame nor game.ui)."""
    out = subprocess.run([sys.executable, "-c", HEADLESS_GAME, game_id], cwd=ROOT, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "", f"{game_id}: pygame imported by headless code: {out.stdout}"


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
