"""core/, ai/ and every registered game's headless half (its folder but its table/ package) stay
headless: with pygame made unimportable, each of their modules imports and every game plays;
nothing but the registry (through the spec's strings) reaches a game's table/; the registry is
one plain dict; nothing outside a game's own folder names the game (adding a game is one
folder and one registry line); and no module of game/ imports itself back through others
(imports inside functions counted)."""
import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import registry

ROOT = Path(__file__).resolve().parents[2]


def test_core_and_ai_never_import_pygame():
    mods = [f"game.core.{p.stem}" for p in (ROOT / "game/core").glob("*.py") if p.stem != "__init__"]
    mods += [f"game.ai.{p.stem}" for p in (ROOT / "game/ai").glob("*.py") if p.stem != "__init__"]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in mods) +
            "print(','.join(m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "", f"pygame imported by core/ai: {out.stdout}"


def table_package(game_id: str) -> str:
    """The game's pygame half: the package game/games/<id>/table/."""
    return registry.GAME_MODULES[game_id] + ".table"


def game_modules(game_id: str) -> list:
    """Every module of the game's folder and its subfolders, found by walking the files."""
    package = registry.GAME_MODULES[game_id]
    folder = ROOT / package.replace(".", "/")
    names = []
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(folder).with_suffix("").parts
        parts = parts[:-1] if parts[-1] == "__init__" else parts
        names.append(".".join((package,) + parts))
    return names


def in_table(module: str, game_id: str) -> bool:
    table = table_package(game_id)
    return module == table or module.startswith(table + ".")


def headless_modules(game_id: str) -> list:
    """Every module of the game's folder outside its table/ package, the package itself first."""
    return [m for m in game_modules(game_id) if not in_table(m, game_id)]


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
from game import registry
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


def test_every_game_has_its_pygame_half_in_a_table_package():
    """The spec's pygame parts (table, option editors, bench table) live under table/, and
    table/ is a package; the walk finds modules in subfolders and leaves table/ out."""
    for gid in registry.game_ids():
        spec = registry.get(gid)
        named = [spec.table, spec.bench_table, *spec.option_editors.values()]
        for target in filter(None, named):
            assert in_table(target.partition(":")[0], gid), f"{gid}: {target} is not under table/"
        assert (ROOT / table_package(gid).replace(".", "/") / "__init__.py").is_file(), gid
        assert table_package(gid) + ".screen" in game_modules(gid)
    assert "game.games.ordeals.table.recruit_screen" not in headless_modules("ordeals")
    assert {"game.games.ordeals", "game.games.ordeals.recruit_words"} <= set(headless_modules("ordeals"))


def import_statements(path: Path, package: str):
    """(module, names) for each import of a file, relative imports resolved against
    `package` (the package the file is in): `import a.b` is (a.b, ()), `from a import b, c`
    is (a, (b, c))."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, ()
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            yield ".".join(base + ([node.module] if node.module else [])), tuple(a.name for a in node.names)


def imports_of(path: Path, package: str) -> list:
    """The absolute module names a file imports: each module, and for `from a import b`
    also a.b (`from . import table` imports a module)."""
    found = []
    for module, names in import_statements(path, package):
        found.append(module)
        found += [f"{module}.{n}" for n in names]
    return found


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_nothing_outside_a_games_table_imports_from_it(game_id):
    """The headless half never reaches its table (the registry imports it from the spec's
    "module:attr" strings), nor does any other module of game/ but the game's own table."""
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        rel = path.relative_to(ROOT).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        module = ".".join(parts)
        if in_table(module, game_id):
            continue
        package = module if rel.name == "__init__" else ".".join(parts[:-1])
        bad += [f"{rel}: imports {m}" for m in imports_of(path, package) if in_table(m, game_id)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_games_headless_half_sits_below_the_ui(game_id):
    """Outside table/, a game imports core, ai and itself, never game.ui (nor pygame): in
    the import graph its headless half is below the window and its table above."""
    package = registry.GAME_MODULES[game_id]
    folder = ROOT / package.replace(".", "/")
    bad = []
    for module in headless_modules(game_id):
        rel = module[len(package):].lstrip(".").replace(".", "/")
        path = folder / rel / "__init__.py" if (folder / rel).is_dir() else folder / f"{rel}.py"
        here = module if path.name == "__init__.py" else module.rpartition(".")[0]
        bad += [f"{module} imports {m}" for m in imports_of(path, here)
                if m == "game.ui" or m.startswith(("game.ui.", "pygame"))]
    assert not bad, "\n".join(bad)


def test_the_table_import_check_can_fail(tmp_path):
    f = tmp_path / "x.py"
    f.write_text("from .table.screen import T\nfrom . import table\n", encoding="utf-8")
    found = imports_of(f, "game.games.ordeals")
    assert in_table(found[0], "ordeals") and "game.games.ordeals.table" in found
    f.write_text("from ...ui.table import style\n", encoding="utf-8")
    assert imports_of(f, "game.games.ordeals")[0] == "game.ui.table"


def test_registry_is_one_plain_dict_of_game_packages():
    tree = ast.parse((ROOT / "game/registry.py").read_text(encoding="utf-8"))
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
        if rel == "game/registry.py" or any(rel.startswith(f"game/games/{gid}/") for gid in ids):
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


# -- no import circle in game/ -----------------------------------------------------------------
# Import edges that still close a circle, in files being changed elsewhere as this test was
# written; each must still close one (so the list only shrinks) and each goes when its file
# is next touched.
KNOWN_CIRCLE_EDGES: set = set()


def import_graph(root: Path = ROOT, top: str = "game") -> dict:
    """{module: the modules of `top` it imports} for every .py file under root/top, counting
    every import statement of the file, inside functions too (a lazy import still ties the
    two modules: one cannot be understood, moved or tested without the other)."""
    paths = {}
    for path in sorted((root / top).rglob("*.py")):
        rel = path.relative_to(root).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        paths[".".join(parts)] = path

    def resolve(name: str) -> str | None:
        while name and name not in paths:
            name = name.rpartition(".")[0]
        return name or None

    graph = {}
    for module, path in paths.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        found = {resolve(m) for m in imported_names(path, package)}
        graph[module] = sorted(m for m in found if m and m != module)
    return graph


def imported_names(path: Path, package: str) -> list:
    """What each import statement of a file names: `import a.b` names a.b, `from a import b`
    names a.b (a module b, else the name b of module a)."""
    found = []
    for module, names in import_statements(path, package):
        found += [f"{module}.{n}" for n in names] if names else [module]
    return found


def circles(graph: dict, ignore=frozenset()) -> list:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if (v, w) in ignore:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def describe(graph: dict, group: list) -> str:
    edges = [f"    {a} -> {b}" for a in group for b in graph[a] if b in group]
    return f"  {len(group)} modules:\n" + "\n".join(edges)


def test_no_import_circle_in_game():
    """No module of game/ reaches itself through imports (imports inside functions counted):
    the layers read one way, game tables -> ui -> headless games -> ai -> core, and
    screens reach each other through the App's routes."""
    graph = import_graph()
    found = circles(graph, ignore=KNOWN_CIRCLE_EDGES)
    assert not found, "import circles:\n" + "\n".join(describe(graph, g) for g in found)
    whole = circles(graph)
    stale = [edge for edge in KNOWN_CIRCLE_EDGES if not any(set(edge) <= set(g) for g in whole)]
    assert not stale, f"these edges close no circle any more: drop them from KNOWN_CIRCLE_EDGES: {stale}"


def test_the_circle_check_sees_imports_inside_functions(tmp_path):
    pkg = tmp_path / "game"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "ui" / "__init__.py").write_text("", encoding="utf-8")
    (pkg / "ui" / "menu.py").write_text("def go():\n    from .table import Table\n", encoding="utf-8")
    (pkg / "ui" / "table.py").write_text("from . import results\n", encoding="utf-8")
    (pkg / "ui" / "results.py").write_text("def back():\n    from ..ui.menu import go\n", encoding="utf-8")
    (pkg / "core.py").write_text("import os\n", encoding="utf-8")
    graph = import_graph(tmp_path)
    assert graph["game.ui.table"] == ["game.ui.results"] and graph["game.core"] == []
    assert circles(graph) == [["game.ui.menu", "game.ui.results", "game.ui.table"]]
    assert circles(graph, ignore={("game.ui.results", "game.ui.menu")}) == []


# -- chance outcomes by name (docs/ARCHITECTURE.md, "Chance outcomes") ----------------------
RNG_DRAWS = frozenset({"shuffle", "roll", "randint", "below", "choice", "sample", "random"})


def _a_states_rng(node) -> bool:
    """`x.rng` (or `x.rng._r`) for any x but `self`, whose rng is an agent's own."""
    if isinstance(node, ast.Attribute) and node.attr == "_r":
        node = node.value
    return (isinstance(node, ast.Attribute) and node.attr == "rng"
            and not (isinstance(node.value, ast.Name) and node.value.id == "self"))


_SCOPES = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def _own_nodes(scope):
    """The nodes of one function (or module) body, not those of the functions inside it."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, _SCOPES):
            todo.extend(ast.iter_child_nodes(node))


def direct_rng_draws(source: str, name: str) -> list:
    """Draws from a state's rng that skip `.stream(purpose)`: `s.rng.shuffle(...)`,
    `s.rng._r.random()`, or through a local alias (`rng = s.rng` then `rng.below(6)`).
    A determinizer's or perturb_hidden's `rng` argument is the search's own: not a state's."""
    found = set()
    for scope in ast.walk(ast.parse(source)):
        if not isinstance(scope, _SCOPES):
            continue
        own = list(_own_nodes(scope))
        aliases = {t.id for n in own if isinstance(n, ast.Assign) and _a_states_rng(n.value)
                   for t in n.targets if isinstance(t, ast.Name)}
        for node in own:
            if not (isinstance(node, ast.Attribute) and node.attr in RNG_DRAWS):
                continue
            held = node.value.value if isinstance(node.value, ast.Attribute) and node.value.attr == "_r" \
                else node.value
            if _a_states_rng(node.value) or (isinstance(held, ast.Name) and held.id in aliases):
                found.add((node.lineno, ast.unparse(node)))
    return [f"{name}:{line} {text}" for line, text in sorted(found)]


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_rules_draw_chance_only_through_named_streams(game_id):
    """Every chance outcome of a game's headless half comes from
    `state.rng.stream(purpose, *key)`, so `fix_chance` gives a search's copy the same dice
    per purpose (tests/contract/test_chance.py checks the purposes are declared)."""
    bad = []
    for module in headless_modules(game_id):
        path = ROOT / (module.replace(".", "/") + ".py")
        if not path.exists():
            path = ROOT / module.replace(".", "/") / "__init__.py"
        bad += direct_rng_draws(path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix())
    assert not bad, "draws from a state's rng without .stream(purpose):\n" + "\n".join(bad)


def test_the_rng_draw_check_can_fail():
    src = ("def setup(s):\n    rng = s.rng\n    rng.shuffle(s.deck)\n    s.rng.stream('deal').shuffle(s.deck)\n"
           "def roll(s):\n    return s.rng.below(6) + s.rng._r.random()\n"
           "def determinize(view, seat, rng):\n    rng.shuffle(view)\n"
           "class Agent:\n    def choose(self, d):\n        return self.rng.choice(d)\n")
    assert direct_rng_draws(src, "x.py") == ["x.py:3 rng.shuffle", "x.py:6 s.rng._r.random",
                                             "x.py:6 s.rng.below"]
    assert direct_rng_draws("def f(s):\n    return s.rng.stream('dice', 1).roll(6, 2)\n", "y.py") == []
