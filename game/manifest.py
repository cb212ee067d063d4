"""The manifest of shipped files: every data, locale, font, sprite and sound file (and
the licence and version files) a build carries beside its code, one path a line, in
`packaging/manifest.txt`.

One list, three readers:
- the PyInstaller spec bundles exactly these files (`game.packaging.bundle_datas`), and
  `python main.py package` refuses to build while the list and the tree disagree;
- the self-test (`python main.py self-test`, in the source tree and in a frozen build)
  checks every listed file is present at the resource root, so a file the build lost
  fails the build's check, not the player's first game;
- a unit test (tests/core/test_packaging.py) holds the list equal to the tree.

After adding, renaming or removing an asset: `python main.py package --update-manifest`.

Cheap to import: the standard library only (the frozen self-test imports it).
"""
from __future__ import annotations

import os
from pathlib import Path

MANIFEST = "packaging/manifest.txt"
# The folders whose every file ships, and the single files beside them.
ASSET_DIRS = ("data", "sprites", "sounds", "fonts")
ASSET_FILES = ("CREDITS.md",)
# pyproject.toml ships too: its version is the app's (game/core/version.py reads it at
# the resource root); PyInstaller does not bundle the package's own metadata.
VERSION_FILE = "pyproject.toml"
UPDATE_COMMAND = "python main.py package --update-manifest"

_SKIP_NAMES = {"__pycache__", ".DS_Store", "Thumbs.db", "desktop.ini"}
_SKIP_SUFFIXES = {".pyc", ".pyo", ".swp", ".tmp", ".orig", ".rej", ".bak"}
_HEADER = f"""\
# Every file a Nocturne build ships beside its code (paths from the repository root).
# The PyInstaller spec bundles exactly these, the self-test checks each is present,
# and tests/core/test_packaging.py holds this list equal to the tree.
# Written by `{UPDATE_COMMAND}`; do not edit by hand.
"""


def wanted(name: str) -> bool:
    """Whether a file or folder name is a real asset (not editor or OS clutter)."""
    return not (name in _SKIP_NAMES or name.startswith(".")
                or os.path.splitext(name)[1].lower() in _SKIP_SUFFIXES)


def tree_files(root: Path) -> list[str]:
    """The files that should ship, found in the tree at `root`: sorted POSIX paths."""
    root = Path(root)
    out: list[str] = []
    for name in ASSET_DIRS:
        base = root / name
        if not base.is_dir():
            continue
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if wanted(d))
            here = Path(folder).relative_to(root).as_posix()
            out += [f"{here}/{f}" for f in files if wanted(f)]
    out += [name for name in ASSET_FILES + (VERSION_FILE,) if (root / name).is_file()]
    return sorted(out)


def manifest_text(files: list[str]) -> str:
    return _HEADER + "".join(f"{path}\n" for path in sorted(files))


def write(root: Path) -> list[str]:
    """Write the manifest from the tree at `root`; returns the files listed."""
    files = tree_files(root)
    path = Path(root) / MANIFEST
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".~nocturne-tmp")
    tmp.write_text(manifest_text(files), encoding="utf-8", newline="\n")
    os.replace(tmp, path)
    return files


def read(root: Path) -> list[str]:
    """The listed files. Raises OSError when the manifest cannot be read."""
    text = (Path(root) / MANIFEST).read_text(encoding="utf-8")
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def problems(root: Path) -> list[str]:
    """Where the manifest and the tree at `root` disagree, one sentence each; [] when they
    agree. Used before a build and by the unit test."""
    try:
        listed = set(read(root))
    except OSError as exc:
        return [f"{MANIFEST} cannot be read ({exc.strerror or exc}); run `{UPDATE_COMMAND}`"]
    present = set(tree_files(root))
    out = [f"{path}: listed in {MANIFEST} but not in the tree" for path in sorted(listed - present)]
    out += [f"{path}: in the tree but not listed in {MANIFEST}, so it would not ship"
            for path in sorted(present - listed)]
    if out:
        out.append(f"run `{UPDATE_COMMAND}` after adding, renaming or removing an asset")
    return out


def self_check(root: Path) -> str:
    """The self-test's check: a short line when every listed file is present; raises
    RuntimeError naming what is missing otherwise."""
    try:
        listed = read(root)
    except OSError as exc:
        raise RuntimeError(f"no manifest of shipped files ({MANIFEST}: {exc.strerror or exc})") from None
    absent = [path for path in listed if not (Path(root) / path).is_file()]
    if absent:
        shown = ", ".join(absent[:8]) + (f" and {len(absent) - 8} more" if len(absent) > 8 else "")
        raise RuntimeError(f"{len(absent)} of {len(listed)} shipped files missing: {shown}")
    return f"{len(listed)} files, all present"
