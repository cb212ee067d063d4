"""Where things live: bundled resources (source tree or a frozen build) and the
user's folders for saves and settings (never next to the executable)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "Nocturne"


def resource_root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    return resource_root().joinpath(*parts)


def _user_dir(kind: str) -> Path:
    override = os.environ.get("NOCTURNE_HOME")
    if override:
        path = Path(override) / kind
    else:
        import platformdirs
        fn = platformdirs.user_data_dir if kind == "data" else platformdirs.user_config_dir
        path = Path(fn(APP_NAME, False))
    return path


def _ensure(path: Path) -> Path:
    """Create a user folder if it can be; never raises. A folder that cannot be made
    (read-only home, no permission) is returned all the same: readers find nothing
    there, writers get an OSError they report, and `storage_problem` says why once."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        pass
    return path


def user_data_dir() -> Path:
    """Saves, autosaves and replays (NOCTURNE_HOME overrides, for tests)."""
    return _ensure(_user_dir("data"))


def user_config_dir() -> Path:
    return _ensure(_user_dir("config"))


def user_log_dir() -> Path:
    """Crash reports (NOCTURNE_HOME/logs in tests; the platform's log folder otherwise)."""
    override = os.environ.get("NOCTURNE_HOME")
    if override:
        return _ensure(Path(override) / "logs")
    import platformdirs
    return _ensure(Path(platformdirs.user_log_dir(APP_NAME, False)))


def writable_dir(path: Path) -> bool:
    """Whether files can be created in `path` (made first if missing): tried for real
    with a probe file, since permission bits do not tell about read-only mounts."""
    import tempfile
    try:
        path.mkdir(parents=True, exist_ok=True)
        # named like the app's own temp files, so one left by a crash is cleaned up
        fd, probe = tempfile.mkstemp(prefix=".probe.~nocturne-", suffix=".tmp", dir=path)
    except OSError:
        return False
    try:
        os.close(fd)
        os.unlink(probe)
    except OSError:
        pass
    return True


def storage_problem() -> tuple[str, Path] | None:
    """("saves", folder) when saves cannot be written, ("settings", folder) when only
    settings cannot, else None (the screen says it once, in words)."""
    data = _user_dir("data")
    if not writable_dir(data):
        return "saves", data
    config = _user_dir("config")
    if not writable_dir(config):
        return "settings", config
    return None


def display_path(path) -> str:
    """A path as a person should read it: relative to the repo/bundle when inside it."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(resource_root()))
    except (ValueError, OSError, RuntimeError):    # RuntimeError: a symlink loop
        return str(path)
