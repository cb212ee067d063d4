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

from game import manifest, packaging, release
from game.core.version import app_version

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


def _asset_tree(root: Path) -> None:
    for folder in packaging.ASSET_DIRS:
        (root / folder / "sub").mkdir(parents=True)
        (root / folder / "sub" / "keep.txt").write_text("x")
    (root / "CREDITS.md").write_text("credits")


def test_datas_skip_clutter(tmp_path):
    _asset_tree(tmp_path)
    (tmp_path / "data" / ".hidden.yaml").write_text("x")
    (tmp_path / "data" / "cards.yaml.swp").write_text("x")
    (tmp_path / "sprites" / "__pycache__").mkdir()
    (tmp_path / "sprites" / "__pycache__" / "x.pyc").write_text("x")
    (tmp_path / "sounds" / ".git").mkdir()
    (tmp_path / "sounds" / ".git" / "HEAD").write_text("x")
    assert manifest.tree_files(tmp_path) == ["CREDITS.md"] + sorted(
        f"{f}/sub/keep.txt" for f in packaging.ASSET_DIRS)
    manifest.write(tmp_path)
    datas = packaging.bundle_datas(tmp_path)
    assert sorted(dest for _s, dest in datas) == sorted(
        [".", "packaging"] + [f"{f}/sub" for f in packaging.ASSET_DIRS])
    assert packaging.missing_assets(tmp_path) == []


# -- the manifest of shipped files ---------------------------------------------------------
def test_manifest_lists_exactly_the_files_in_the_tree():
    problems = manifest.problems(ROOT)
    assert not problems, "\n".join(problems)
    listed = manifest.read(ROOT)
    for needed in ("data/dice.yaml", "data/locale/en.yaml", "data/locale/cs.yaml", "CREDITS.md",
                   "pyproject.toml", "sprites/app_icon.png"):
        assert needed in listed, needed
    for folder in ("fonts/", "sounds/", "sprites/icons/", "data/schemers/"):
        assert any(path.startswith(folder) for path in listed), folder
    # the spec's datas are the manifest's files, plus the manifest for the self-test
    datas = packaging.bundle_datas(ROOT)
    assert len(datas) == len(listed) + 1
    assert (str(ROOT / manifest.MANIFEST), "packaging") in datas


def test_manifest_names_an_unlisted_and_a_vanished_file(tmp_path):
    _asset_tree(tmp_path)
    assert "cannot be read" in manifest.problems(tmp_path)[0]
    manifest.write(tmp_path)
    assert manifest.problems(tmp_path) == []
    (tmp_path / "sounds" / "sub" / "new.ogg").write_bytes(b"x")
    (tmp_path / "data" / "sub" / "keep.txt").unlink()
    problems = manifest.problems(tmp_path)
    assert problems[0] == f"data/sub/keep.txt: listed in {manifest.MANIFEST} but not in the tree"
    assert problems[1].startswith("sounds/sub/new.ogg: in the tree but not listed") and "not ship" in problems[1]
    assert "--update-manifest" in problems[-1]
    with pytest.raises(packaging.ManifestError):
        packaging.check_manifest(tmp_path)


def test_package_refuses_to_build_what_the_manifest_does_not_list(tmp_path, monkeypatch, capsys):
    _asset_tree(tmp_path)
    manifest.write(tmp_path)
    (tmp_path / "fonts" / "sub" / "Extra.ttf").write_bytes(b"x")
    monkeypatch.setattr(packaging, "source_root", lambda: tmp_path)
    monkeypatch.setattr(packaging, "pyinstaller_version", lambda: (6, 22))
    monkeypatch.setattr(packaging, "_run_pyinstaller", lambda *a: pytest.fail("PyInstaller ran"))
    assert packaging.build(dist=tmp_path / "dist", work=tmp_path / "work") == 1
    err = capsys.readouterr().err
    assert "fonts/sub/Extra.ttf: in the tree but not listed" in err and "Traceback" not in err


def test_self_check_fails_on_a_missing_shipped_file(tmp_path):
    with pytest.raises(RuntimeError, match="no manifest"):
        manifest.self_check(tmp_path)
    _asset_tree(tmp_path)
    manifest.write(tmp_path)
    assert manifest.self_check(tmp_path) == "5 files, all present"
    (tmp_path / "sprites" / "sub" / "keep.txt").unlink()
    with pytest.raises(RuntimeError, match=r"1 of 5 shipped files missing: sprites/sub/keep.txt"):
        manifest.self_check(tmp_path)


def test_the_self_test_checks_the_shipped_files(tmp_path, monkeypatch):
    """What a frozen build runs: a file its manifest lists but the bundle lacks fails it."""
    from game.core import paths
    from game.ui import headless
    for path in manifest.read(ROOT) + [manifest.MANIFEST]:      # a bundle that lost one file
        if path != "sprites/app_icon_256.png":
            (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / path, tmp_path / path)
    monkeypatch.setattr(paths, "resource_root", lambda: tmp_path)
    results = dict((name, (ok, msg)) for name, ok, msg in headless.self_test(only=("shipped files",)))
    ok, msg = results["shipped files"]
    assert not ok and "1 of " in msg and "shipped files missing: sprites/app_icon_256.png" in msg, msg
    monkeypatch.setattr(paths, "resource_root", lambda: ROOT)
    results = dict((name, (ok, msg)) for name, ok, msg in headless.self_test(only=("shipped files",)))
    assert results["shipped files"][0], results["shipped files"]


def test_update_manifest_writes_the_list(tmp_path, monkeypatch, capsys):
    from game import cli
    _asset_tree(tmp_path)
    monkeypatch.setattr(packaging, "source_root", lambda: tmp_path)
    assert cli.main(["package", "--update-manifest"]) == 0
    assert manifest.problems(tmp_path) == []
    assert f"wrote {manifest.MANIFEST}: 5 files" in capsys.readouterr().out
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert cli.guarded_main(["package", "--update-manifest"]) == 2
    assert "source tree" in capsys.readouterr().err


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
    from game import registry
    hidden = set(packaging.hidden_imports(ROOT))
    assert {"game.cli", "game.registry", "game.core.data", "game.packaging"} <= hidden
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
    from game import registry
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
    return release.clean_env(home)


@pytest.fixture
def built(tmp_path_factory):
    """The suite's one PyInstaller build: `package --release` (the release workflow's
    command), its own check left to the test."""
    pytest.importorskip("PyInstaller", reason='PyInstaller is not installed (pip install ".[package]")')
    tmp = tmp_path_factory.mktemp("pkg")
    rc = release.release(dist=tmp / "dist", work=tmp / "work", check=False)
    assert rc == 0, "python main.py package --release failed"
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
    """The suite's one build (`package --release`, about a minute on 2 busy cores), then:
    the archive and its sum, checked unpacked like the release command does; a
    damaged/missing data file named in clear lines; self-test twice at once from a
    read-only unpacked copy in a clean environment, writing only to the user's folders."""
    tmp, folder = built
    assert packaging.dir_size(folder) <= 120_000_000
    _check_the_release_archive(tmp)
    _check_a_damaged_data_file_is_named(tmp, folder)
    home = tmp / "home"
    home.mkdir()
    # A read-only install, unpacked from the archive a player downloads.
    ro = tmp / "ro" / "nocturne"
    release.unpack(tmp / "dist" / release.archive_name(app_version()), ro.parent)
    if sys.platform == "darwin":                   # the archive holds Nocturne.app there
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
        # ...and the player's folders are the platform's own, under the home folder
        if sys.platform.startswith("linux"):
            assert (home / ".config" / "Nocturne").is_dir() and (home / ".local" / "share" / "Nocturne").is_dir()
        elif sys.platform == "darwin":
            assert (home / "Library" / "Application Support" / "Nocturne").is_dir()
    finally:
        for path in [ro, *ro.rglob("*")]:
            if not path.is_symlink():
                path.chmod(path.stat().st_mode | stat.S_IWUSR)


def _check_the_release_archive(tmp: Path):
    """`package --release`'s archive and sum; unpacked, in a clean environment, it prints
    the version, passes its self-test, writes nothing beside itself and keeps the
    player's files in the user's folders (release.verify, what the command runs)."""
    version = app_version()                        # the bundled pyproject.toml's (no metadata travels)
    archive = tmp / "dist" / release.archive_name(version)
    assert archive.is_file(), sorted(p.name for p in archive.parent.iterdir())
    assert archive.stat().st_size <= release.SIZE_LIMIT
    sums = archive.with_name(archive.name + ".sha256")
    assert sums.read_text() == f"{release.sha256_of(archive)}  {archive.name}\n"
    if sys.platform.startswith("linux"):
        import tarfile
        with tarfile.open(archive) as tar:
            names = set(tar.getnames())
        assert {"nocturne/nocturne", "nocturne/nocturne.desktop", "nocturne/nocturne.png",
                "nocturne/CREDITS.md", "nocturne/_internal/packaging/manifest.txt"} <= names
    problems, seconds = release.verify(archive, version, startup_runs=1)
    assert problems == [], problems
    assert seconds is not None
    print(f"unpacked {archive.name} ({packaging.format_mb(archive.stat().st_size)}) reached its menu "
          f"in {seconds:.2f} s")


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
