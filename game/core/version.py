"""The app's one version, and what a save records of the app that made it.

`app_version()` is pyproject.toml's `[project] version`: `--version`, the About page,
`bench --json`, crash reports and every save and replay carry it. It is read from
pyproject.toml at the resource root first — the source tree, or the copy a frozen
build bundles (game/packaging.py ASSET_FILES) — and only then from the installed
package's metadata (a wheel, where no pyproject.toml travels). Pyproject comes first
because an editable install's metadata keeps the version of the last `pip install -e`,
so after a bump it would still print the old one.

`game_data_digest(game_id)` fingerprints the data a game's rules read (its YAML files,
not its texts or translations, plus the shared dice): a save records it beside the
version, so when an old save no longer replays the loader can say whether the game's
data changed or its rules code did.
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path

DIST_NAME = "nocturne"
UNKNOWN = "unknown"
DIGEST_CHARS = 16


@lru_cache(maxsize=1)
def app_version() -> str:
    from .paths import resource_path
    return pyproject_version(resource_path("pyproject.toml")) or _metadata_version() or UNKNOWN


def pyproject_version(path) -> str | None:
    """`[project] version` of a pyproject.toml that is Nocturne's; None otherwise."""
    import tomllib
    try:
        with open(path, "rb") as fh:
            project = tomllib.load(fh).get("project", {})
    except (OSError, ValueError):
        return None
    version = project.get("version") if isinstance(project, dict) else None
    if project.get("name") != DIST_NAME or not isinstance(version, str) or not version.strip():
        return None
    return version.strip()


def _metadata_version() -> str | None:
    try:
        from importlib.metadata import PackageNotFoundError, version
    except ImportError:
        return None
    try:
        return version(DIST_NAME)
    except (PackageNotFoundError, ValueError, OSError):
        return None


def version_key(text: str) -> tuple:
    """A version as numbers for ordering ("0.10.0" after "0.9.2"); parts that are not
    numbers (a suffix like "rc1") sort after the numbers of the same release."""
    parts = []
    for part in re.split(r"[.\-+]", str(text)):
        parts.append((0, int(part), "") if part.isdigit() else (1, 0, part))
    return tuple(parts)


TUTORIAL_FILE = "tutorial.yaml"     # data/<game>/tutorial.yaml: read by the coach, not the rules
GAME_FILE = "game.yaml"             # data/<game>/game.yaml: the title, pitch, players and art


def files_digest(files, root) -> str:
    """A fingerprint of files: their paths under `root` and their bytes, with line
    endings made alike (a checkout with CRLF endings is the same data)."""
    h = hashlib.sha256()
    root = Path(root)
    for f in sorted(Path(f) for f in files):
        h.update(f.relative_to(root).as_posix().encode() + b"\0")
        h.update(f.read_bytes().replace(b"\r\n", b"\n") + b"\0")
    return h.hexdigest()[:DIGEST_CHARS]


def rules_data_files(game_id: str, root=None) -> list[Path]:
    """The files a game's rules read: its YAML under data/<game>/ (not its locale
    folder, not its rules pages, not its guided first game's script: a new or better
    tutorial changes no save; not game.yaml, what the menu shows of it) and the shared
    data/dice.yaml. Empty when the game
    has no data folder (a test's toy game)."""
    from .data import data_root
    root = Path(root) if root is not None else data_root()
    folder = root / game_id
    if not folder.is_dir():
        return []
    files = [f for f in folder.rglob("*.yaml")
             if "locale" not in f.relative_to(folder).parts and f.name not in (TUTORIAL_FILE, GAME_FILE)]
    if (root / "dice.yaml").is_file():
        files.append(root / "dice.yaml")
    return files


@lru_cache(maxsize=None)
def game_data_digest(game_id: str) -> str:
    """The fingerprint of the bundled data a game's rules read ("" for none, or when
    it cannot be read: a save then simply does not record it)."""
    from .data import data_root
    try:
        files = rules_data_files(game_id)
        return files_digest(files, data_root()) if files else ""
    except OSError:
        return ""


def made_elsewhere(record) -> bool:
    """Whether a save was written by another version of Nocturne, or over other data
    of its game (a save from before versions were recorded counts as another)."""
    if record.app_version != app_version():
        return True
    return bool(record.data_digest) and record.data_digest != game_data_digest(record.game)
