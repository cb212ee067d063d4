"""The standalone executable: fast checks of the lists the PyInstaller spec uses, and
(slow) a real one-folder build run like a user would: clean environment, read-only
install folder, two at once, a damaged data file."""
import ast
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from game import packaging

ROOT = Path(__file__).resolve().parents[2]


# -- fast: the lists ---------------------------------------------------------------------
def test_datas_bundle_every_asset_folder_and_the_credits():
    datas = packaging.bundle_datas(ROOT)
    dests = {dest for _src, dest in datas}
    for folder in ("data", "sprites", "sounds", "fonts"):
        assert any(d == folder or d.startswith(folder + "/") for d in dests), folder
    assert (str(ROOT / "CREDITS.md"), ".") in datas
    for src, dest in datas:
        assert Path(src).is_file()
        assert Path(src).parent.relative_to(ROOT).as_posix() == dest or dest == "."
    assert (str(ROOT / "data" / "dice.yaml"), "data") in datas


def test_datas_skip_clutter(tmp_path):
    for folder in packaging.ASSET_DIRS:
        (tmp_path / folder / "sub").mkdir(parents=True)
        (tmp_path / folder / "sub" / "keep.txt").write_text("x")
    (tmp_path / "data" / ".hidden.yaml").write_text("x")
    (tmp_path / "data" / "cards.yaml.swp").write_text("x")
    (tmp_path / "sprites" / "__pycache__").mkdir()
    (tmp_path / "sprites" / "__pycache__" / "x.pyc").write_text("x")
    (tmp_path / "sounds" / ".git").mkdir()
    (tmp_path / "sounds" / ".git" / "HEAD").write_text("x")
    datas = packaging.bundle_datas(tmp_path)
    assert sorted(dest for _s, dest in datas) == sorted(f"{f}/sub" for f in packaging.ASSET_DIRS)
    assert packaging.missing_assets(tmp_path) == ["CREDITS.md"]


def test_excludes_drop_what_the_game_does_not_need():
    ex = set(packaging.excludes())
    for name in ("numpy", "pytest", "_pytest", "hypothesis", "tkinter", "PyInstaller", "pydoc"):
        assert name in ex
    for needed in ("pygame", "yaml", "pydantic", "pydantic_core", "platformdirs", "game",
                   "multiprocessing", "concurrent", "json", "email", "importlib", "typing_extensions"):
        assert needed not in ex and not any(needed.startswith(e + ".") for e in ex), needed
    assert "platformdirs.windows" in packaging.excludes("linux")
    assert "platformdirs.windows" not in packaging.excludes("win32")
    assert "platformdirs.unix" not in packaging.excludes("linux")


def _imports_of(path: Path) -> set:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_the_game_never_imports_an_excluded_module():
    """An excluded module the code does import would fail only in the built program."""
    ex = set(packaging.excludes("linux")) | set(packaging.excludes("win32")) | set(packaging.excludes("darwin"))
    ex -= {"platformdirs.windows", "platformdirs.macos", "platformdirs.unix", "platformdirs.android"}
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        if path.name == "packaging.py":
            continue
        for name in _imports_of(path):
            if any(name == e or name.startswith(e + ".") for e in ex):
                bad.append(f"{path.relative_to(ROOT)}: {name}")
    assert not bad, bad


def test_hidden_imports_cover_the_lazily_imported_games():
    from game.games import registry
    hidden = set(packaging.hidden_imports(ROOT))
    assert {"game.cli", "game.games.registry", "game.core.data", "game.packaging"} <= hidden
    assert set(registry.GAME_MODULES.values()) <= hidden
    assert not any(m.startswith(("tests", "tools")) for m in hidden)
    assert packaging.registry_modules(ROOT) == list(registry.GAME_MODULES.values())
    for path in (ROOT / "game").rglob("*.py"):
        rel = path.relative_to(ROOT).with_suffix("")
        if not all((ROOT.joinpath(*rel.parts[:i]) / "__init__.py").is_file() for i in range(1, len(rel.parts))):
            continue        # not inside a package (yet)
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        assert ".".join(parts) in hidden, rel


def test_hidden_imports_cover_every_table_module():
    from game.games import registry
    hidden = set(packaging.hidden_imports(ROOT))
    for game_id in registry.game_ids():
        module = registry.get(game_id).table.partition(":")[0]
        assert module in hidden, f"{game_id}: table module {module} is not bundled"


def test_names_icon_and_command(tmp_path):
    assert packaging.exe_name("linux") == "nocturne"
    assert packaging.exe_name("win32") == "nocturne.exe"
    assert packaging.exe_name("darwin") == "nocturne"
    (tmp_path / "sprites").mkdir()
    assert packaging.icon_file(tmp_path, "win32") is None
    (tmp_path / "sprites" / "app_icon.ico").write_bytes(b"\0")
    assert packaging.icon_file(tmp_path, "win32").endswith("app_icon.ico")
    assert packaging.icon_file(tmp_path, "linux") is None
    cmd = packaging.pyinstaller_command(False, tmp_path / "d", tmp_path / "w", ROOT)
    assert cmd[1:3] == ["-m", "PyInstaller"] and Path(cmd[3]).is_file() and "--" not in cmd
    cmd = packaging.pyinstaller_command(True, tmp_path / "d", tmp_path / "w", ROOT)
    assert cmd[-2:] == ["--", "--onefile"]
    assert (ROOT / "packaging" / "entry.py").is_file()
    compile((ROOT / "packaging" / "nocturne.spec").read_text(encoding="utf-8"), "nocturne.spec", "exec")


def test_missing_pyinstaller_is_one_clear_line(monkeypatch, capsys):
    monkeypatch.setattr(packaging, "pyinstaller_version", lambda: None)
    assert packaging.build() == 2
    err = capsys.readouterr().err
    assert 'pip install ".[package]"' in err and "Traceback" not in err
    monkeypatch.setattr(packaging, "pyinstaller_version", lambda: (5, 13))
    assert packaging.build() == 2
    assert "PyInstaller 6" in capsys.readouterr().err


def test_package_from_a_frozen_program_refuses(monkeypatch, capsys):
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert packaging.build() == 2
    assert "source tree" in capsys.readouterr().err


def test_data_errors_reach_the_user_as_file_line_messages(monkeypatch, capsys):
    from game import cli
    from game.core.data import DataError, Problem

    def broken(argv=None):
        raise DataError([Problem("data/dice.yaml", 3, "dice.d6.faces", "expected a list")])
    monkeypatch.setattr(cli, "main", broken)
    assert cli.guarded_main([]) == 1
    err = capsys.readouterr().err
    assert "data/dice.yaml:3: dice.d6.faces: expected a list" in err
    assert "Traceback" not in err


# -- slow: a real build, run like a user ----------------------------------------------------
def _clean_env(home: Path) -> dict:
    """Like `env -i PATH=/usr/bin:/bin HOME=...`: no Python, no virtualenv, no repo."""
    env = {"PATH": "/usr/bin:/bin", "HOME": str(home),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if sys.platform.startswith("win"):     # Windows needs these to start anything
        env = {**env, "PATH": os.environ.get("PATH", ""), "SYSTEMROOT": os.environ.get("SYSTEMROOT", ""),
               "USERPROFILE": str(home), "APPDATA": str(home / "AppData"),
               "LOCALAPPDATA": str(home / "AppData" / "Local")}
    return env


@pytest.fixture
def built(tmp_path_factory):
    pytest.importorskip("PyInstaller", reason='PyInstaller is not installed (pip install ".[package]")')
    tmp = tmp_path_factory.mktemp("pkg")
    rc = packaging.build(dist=tmp / "dist", work=tmp / "work", smoke=False)
    assert rc == 0, "python main.py package failed"
    folder = tmp / "dist" / "nocturne"
    exe = folder / packaging.exe_name()
    assert exe.is_file() and (folder / "CREDITS.md").is_file()
    return tmp, folder


def _run(exe: Path, *args, home: Path, timeout=120):
    return subprocess.run([str(exe), *args], env=_clean_env(home), cwd=home, capture_output=True,
                          text=True, errors="replace", timeout=timeout)


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): (p.is_dir() or p.stat().st_size, p.is_dir() or p.stat().st_mtime_ns)
            for p in folder.rglob("*")}


@pytest.mark.slow
def test_built_program_works_like_a_user_runs_it(built):
    """One build (about 10 s), then: self-test twice at once from a read-only copy in a
    clean environment, and a damaged/missing data file named in clear lines."""
    tmp, folder = built
    assert packaging.dir_size(folder) <= 120_000_000
    _check_a_damaged_data_file_is_named(tmp, folder)
    home = tmp / "home"
    home.mkdir()
    from game.core.version import app_version      # the bundled pyproject.toml's (no metadata travels)
    out = _run(folder / packaging.exe_name(), "--version", home=home)
    assert out.returncode == 0 and out.stdout.strip() == f"Nocturne {app_version()}", out.stdout + out.stderr
    # A read-only install (copied, so the build folder stays writable for cleanup).
    ro = tmp / "ro" / "nocturne"
    shutil.copytree(folder, ro, symlinks=True)
    for path in [ro, *ro.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    before = _snapshot(ro)
    try:
        exe = ro / packaging.exe_name()
        env = _clean_env(home)
        procs = [subprocess.Popen([str(exe), "self-test"], env=env, cwd=home, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True, errors="replace")
                 for _ in range(2)]
        outs = [p.communicate(timeout=150) for p in procs]
        for p, (out, err) in zip(procs, outs):
            assert p.returncode == 0, out[-3000:] + err[-3000:]
            assert "Traceback" not in err
            last = [line for line in out.splitlines() if line.startswith("self-test:")]
            assert last and last[-1].endswith(" 0 failed") and " passed" in last[-1], out[-2000:]
        # chmod does not stop root: compare the whole folder too.
        assert _snapshot(ro) == before, "the program wrote into its install folder"
    finally:
        for path in [ro, *ro.rglob("*")]:
            if not path.is_symlink():
                path.chmod(path.stat().st_mode | stat.S_IWUSR)


def _check_a_damaged_data_file_is_named(tmp: Path, folder: Path):
    home = tmp / "home2"
    home.mkdir()
    broken = tmp / "broken" / "nocturne"
    shutil.copytree(folder, broken, symlinks=True)
    dice = broken / "_internal" / "data" / "dice.yaml"
    dice.write_text("dice:\n  d6: {faces: [1, 2\n", encoding="utf-8")
    out = _run(broken / packaging.exe_name(), "validate-data", home=home)
    assert out.returncode != 0
    assert "data/dice.yaml:" in out.stderr and "Traceback" not in out.stderr, out.stderr
    dice.unlink()
    out = _run(broken / packaging.exe_name(), "validate-data", home=home)
    assert out.returncode != 0
    assert "data/dice.yaml:1: (top): file is missing" in out.stderr and "Traceback" not in out.stderr, out.stderr
    out = _run(broken / packaging.exe_name(), "self-test", home=home)
    assert out.returncode != 0 and "Traceback" not in out.stderr, out.stderr
    assert "data/dice.yaml:1: (top): file is missing" in out.stdout + out.stderr, out.stdout


def test_build_steps_are_read_from_pyinstallers_log():
    """`package` on a terminal shows PyInstaller's build steps as a bar (count, time left)."""
    from game.packaging import build_step
    assert build_step("1234 INFO: Building PYZ (ZlibArchive) /x/PYZ-00.pyz", False) == "PYZ"
    assert build_step("5678 INFO: Building COLLECT COLLECT-00.toc", False) == "COLLECT"
    assert build_step("5678 INFO: Building COLLECT COLLECT-00.toc", True) is None
    assert build_step("90 INFO: Looking for dynamic libraries", False) is None
