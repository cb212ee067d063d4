"""Where the app keeps its files: autosaves, saves and replays under the user's data
folder. Its own module so the scenes that write files (the table, the results) need not
import the Load screen, which itself opens tables."""
from __future__ import annotations

import time
from pathlib import Path

from ...core.paths import user_data_dir
from ...core.record import claim


def autosave_dir() -> Path:
    return user_data_dir() / "autosave"


def saves_dir() -> Path:
    return user_data_dir() / "saves"


def replays_dir() -> Path:
    return user_data_dir() / "replays"


_saves_off: set = set()        # data folders the menu said at start cannot be written


def mark_saves_off() -> None:
    _saves_off.add(str(user_data_dir()))


def saves_off() -> bool:
    """Whether the start-up message already said saves and autosaves are off here (a
    read-only home): a failing autosave then need not say so again."""
    return str(user_data_dir()) in _saves_off


_claimed: dict = {}            # (folder, game id) -> (path, open lock file) held while this process runs


def autosave_path(game_id: str) -> Path:
    """This window's autosave of a game: `<game>.json`, or `<game>-2.json`… when another
    window that is running holds that one (each claims its file with a lock it keeps
    until it closes), so two windows playing the same game never overwrite each other."""
    folder = autosave_dir()
    key = (str(folder), game_id)
    if key in _claimed:
        return _claimed[key][0]
    for other in [k for k in _claimed if k[0] != key[0]]:    # the data folder moved (tests): let go
        _claimed.pop(other)[1].close()
    for n in range(1, 20):
        path = folder / (f"{game_id}.json" if n == 1 else f"{game_id}-{n}.json")
        lock = claim(path.with_name("." + path.name + ".lock"))
        if lock is not None:
            _claimed[key] = (path, lock)
            return path
    return folder / f"{game_id}.json"        # no lock to be had (read-only folder): the plain name


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
    except (OSError, RuntimeError):          # RuntimeError: a symlink loop
        return False
