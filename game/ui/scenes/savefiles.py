"""Where the app keeps its files: autosaves, saves and replays under the user's data
folder. Its own module so the scenes that write files (the table, the results) need not
import the Load screen, which itself opens tables."""
from __future__ import annotations

import time
from pathlib import Path

from ...core.paths import user_data_dir


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def replays_dir() -> Path:
    return user_data_dir() / "replays"


def autosave_path(game_id: str) -> Path:
    return autosave_dir() / f"{game_id}.json"


def new_save_path(folder: Path, game_id: str) -> Path:
    """A fresh file name stamped with the time; never one that exists."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{game_id}-{stamp}.json"
    n = 2
    while path.exists():
        path = folder / f"{game_id}-{stamp}-{n}.json"
        n += 1
    return path


def is_autosave(path) -> bool:
    try:
        return Path(path).resolve().parent == autosave_dir().resolve()
    except OSError:
        return False
