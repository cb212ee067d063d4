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


def user_data_dir() -> Path:
    """Saves, autosaves and replays (NOCTURNE_HOME overrides, for tests)."""
    path = _user_dir("data")
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_dir() -> Path:
    path = _user_dir("config")
    path.mkdir(parents=True, exist_ok=True)
    return path


def display_path(path) -> str:
    """A path as a person should read it: relative to the repo/bundle when inside it."""
    path = Path(path)
    try:
        return str(path.resolve().relative_to(resource_root()))
    except ValueError:
        return str(path)
