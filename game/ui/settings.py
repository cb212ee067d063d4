"""Player settings, saved as JSON atomically in user_config_dir()/settings.json.

Read through `game.core.safeio` (a regular file of at most 5 MB, bounded nesting).
A file that cannot be read gives the defaults plus a message (shown once as a toast);
it stays as it is until settings are next saved (at the latest when the app closes),
and is then first moved aside to settings.json.bad (settings.json.2.bad… when that is
taken), so nothing the player wrote is
lost and the next start is quiet. Values are checked field by field: a bad one falls back to its
default (named in the message) and the default is what is saved back; inside
`last_new_game` each game's entry is checked the same way (seat names cut to plain
text of NAME_CHARS characters, kinds and options of the right shape).

`animation_speed` is a speed multiplier: 0 = instant (no tweens), 0.5 = slow,
1 = normal, 2 = fast. Use `settings.anim(seconds)` for a tween's duration.

`language` is a data/locale/<code>.yaml code; the first start (no settings file yet)
takes the computer's language (`i18n.system_language()`: LC_ALL/LANG, Windows' locale).

`timing` scales the rulebook's time limits for people: 0 = off (the game waits for
you, as turn-based play online), 1 = the rulebook's times, 1.5 and 2 = more time.
`settings.time_scale` is what `Match(time_scale=...)` takes (None when off).
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..core.i18n import system_language
from ..core.paths import user_config_dir
from ..core.record import NAME_CHARS, atomic_write_text, clean_orphans, move_aside
from ..core.safeio import SETTINGS_MAX_BYTES, UnsafeFile, clean_text, one_line, read_json, shown_path
from .theme import LOGICAL_SIZE

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0)
TIMINGS = (0.0, 1.0, 1.5, 2.0)             # 0 = off: no time limit for people
WINDOW_SIZES = ((960, 540), (1024, 576), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


# -- what window opens whole on a desktop (the app opens it; Settings lists the sizes) ----
DESK_SHARE = (0.96, 0.92)   # a window keeps within this share of the desktop (its frame, the task bar)


def fit_to_desktop(size, desk) -> tuple[int, int]:
    """A window size that fits the desktop (keeping its shape), at least 640x360."""
    w, h = size
    scale = min(1.0, (desk[0] * DESK_SHARE[0]) / w, (desk[1] * DESK_SHARE[1]) / h)
    return max(640, int(w * scale)), max(360, int(h * scale))


def fits_desktop(size, desk) -> bool:
    """Whether a window of `size` opens at that size on the desktop (fit_to_desktop keeps it)."""
    return fit_to_desktop(size, desk) == tuple(size)


def largest_window(desk, shape=LOGICAL_SIZE) -> tuple[int, int]:
    """The largest window of the canvas' shape that fits the desktop."""
    k = min(desk[0] * DESK_SHARE[0] / shape[0], desk[1] * DESK_SHARE[1] / shape[1])
    return max(640, int(shape[0] * k)), max(360, int(shape[1] * k))


@dataclass
class Settings:
    window_size: tuple = (1600, 900)
    fullscreen: bool = False
    music_volume: float = 0.5
    sound_volume: float = 0.8
    mute: bool = False
    animation_speed: float = 1.0
    timing: float = 1.0
    language: str = "en"
    colorblind: bool = False
    hover_sounds: bool = True
    show_fps: bool = False
    hints_shared: bool = False     # the Hint at a table of several people (new-game screen)
    last_game: str = ""
    # game id -> {"seats": [{"name", "kind", "difficulty"}...], "options": {...}, "seed": str}
    last_new_game: dict = field(default_factory=dict)

    path: Path | None = field(default=None, repr=False, compare=False)
    # the file at `path` could not be read: move it aside to .bad before writing over it
    keep_bad: bool = field(default=False, repr=False, compare=False)

    # -- helpers ----------------------------------------------------------------
    def anim(self, seconds: float) -> float:
        """Duration of a tween of `seconds` at normal speed (0 when instant)."""
        if self.animation_speed <= 0:
            return 0.0
        return seconds / self.animation_speed

    @property
    def time_scale(self) -> float | None:
        """The timing setting as `Match(time_scale=...)` takes it: None = untimed."""
        return None if self.timing <= 0 else float(self.timing)

    @property
    def instant(self) -> bool:
        return self.animation_speed <= 0

    def effective_sound(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.sound_volume))

    def effective_music(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.music_volume))

    # -- persistence --------------------------------------------------------------
    def to_json(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _NOT_SAVED}
        data["window_size"] = list(self.window_size)
        return data

    def save(self) -> None:
        path = self.path or default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if self.keep_bad:
            move_aside(path)          # settings.json.bad, or .2.bad…: never over an older one
            self.keep_bad = False
        atomic_write_text(path, json.dumps(self.to_json(), indent=2, sort_keys=True))


_NOT_SAVED = ("path", "keep_bad")


def default_path() -> Path:
    return user_config_dir() / "settings.json"


def _coerce(name: str, value, default):
    """Accept a value only if it has the right shape; otherwise keep the default."""
    if name == "window_size":
        if (isinstance(value, (list, tuple)) and len(value) == 2
                and all(isinstance(v, int) and 320 <= v <= 8192 for v in value)):
            return tuple(value)
        raise ValueError(name)
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise ValueError(name)
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            lo, hi = (0.0, 2.0) if name in ("animation_speed", "timing") else (0.0, 1.0)
            return max(lo, min(hi, float(value)))
        raise ValueError(name)
    if isinstance(default, str):
        if isinstance(value, str) and len(value) <= 64 and value.isprintable():
            return value
        raise ValueError(name)
    if isinstance(default, dict):
        if name == "last_new_game":
            return _last_new_game(value)
        raise ValueError(name)
    return value


SEAT_KINDS = ("human", "ai", "remote")     # remote: a friend on their own computer (Host…)
MAX_REMEMBERED_SEATS = 16


def _last_new_game(value) -> dict:
    """game id -> {"seats", "options", "seed"}: entries of the wrong shape are dropped
    (that game's new-game screen then starts from its defaults); ValueError if the
    whole value is not a mapping or any entry had to go."""
    if not isinstance(value, dict):
        raise ValueError("last_new_game")
    out, dropped = {}, False
    for gid, entry in value.items():
        clean = _new_game_entry(entry) if isinstance(gid, str) and len(gid) <= 40 else None
        if clean is None:
            dropped = True
        else:
            out[gid] = clean
    if dropped:
        raise _PartlyBad("last_new_game", out)
    return out


def _new_game_entry(entry) -> dict | None:
    if not isinstance(entry, dict):
        return None
    seats = entry.get("seats", [])
    options = entry.get("options", {})
    seed = entry.get("seed", "")
    if not isinstance(seats, list) or len(seats) > MAX_REMEMBERED_SEATS or not isinstance(options, dict):
        return None
    clean_seats = []
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("name", ""), str):
            return None
        kind = seat.get("kind", "ai")
        difficulty = seat.get("difficulty", "normal")
        if kind not in SEAT_KINDS or not isinstance(difficulty, str) or len(difficulty) > 20:
            return None
        clean_seats.append({"name": clean_text(seat.get("name", ""), NAME_CHARS), "kind": kind,
                            "difficulty": difficulty})
    clean_options = {}
    for key, v in options.items():
        if not isinstance(key, str) or len(key) > 40 or not _plain_option(v):
            return None
        clean_options[key] = v
    if isinstance(seed, int) and not isinstance(seed, bool):
        seed = str(seed)
    if not isinstance(seed, str) or not (seed == "" or (seed.isdigit() and len(seed) <= 10)):
        return None
    return {"seats": clean_seats, "options": clean_options, "seed": seed}


def _plain_option(v) -> bool:
    """An option value the new-game screen can show: a short text, a number, true or
    false, null, a short list of texts (add-ons), or a short list of small records (a
    game's own editor's value, e.g. a Company of members: flat objects whose values are
    plain, short lists of texts, or small objects of plain values). Whether the game
    accepts it is the game's business: the new-game screen checks it and falls back to
    the game's defaults."""
    if _scalar(v):
        return True
    if isinstance(v, list) and len(v) <= 16:
        if all(isinstance(x, str) and len(x) <= 80 for x in v):
            return True
        return all(_record(x) for x in v)
    return False


def _scalar(v) -> bool:
    if v is None or isinstance(v, (bool, int, float)):
        return True
    return isinstance(v, str) and len(v) <= 80


def _record(x) -> bool:
    if not isinstance(x, dict) or len(x) > 16:
        return False
    for k, v in x.items():
        if not isinstance(k, str) or len(k) > 40:
            return False
        if _scalar(v):
            continue
        if isinstance(v, list) and len(v) <= 16 and all(isinstance(i, str) and len(i) <= 80 for i in v):
            continue
        if isinstance(v, dict) and len(v) <= 16 and all(isinstance(kk, str) and len(kk) <= 40 and _scalar(vv)
                                                       for kk, vv in v.items()):
            continue
        return False
    return True


class _PartlyBad(ValueError):
    """A value that was partly usable: `kept` is what survives."""

    def __init__(self, name: str, kept):
        super().__init__(name)
        self.kept = kept


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, message). message is None when all went well; a missing file is fine."""
    path = Path(path) if path else default_path()
    s = Settings(path=path)
    clean_orphans(path.parent)
    if not os.path.lexists(path):             # (False too for a home path too long to use)
        s.language = system_language()        # first start: the computer's language, if we have it
        return s, None
    try:
        data = read_json(path, SETTINGS_MAX_BYTES, "settings file")
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (UnsafeFile, ValueError) as exc:
        why = str(exc)
        if why.startswith(shown_path(path) + ": "):
            why = why[len(shown_path(path)) + 2:]
        elif isinstance(exc, json.JSONDecodeError):
            why = f"not valid JSON, line {exc.lineno}"
        s.keep_bad = True
        return s, one_line(f"{shown_path(path)}: settings could not be read ({why}); using defaults "
                           f"(the file is kept as {path.name}.bad)", 300)
    bad = []
    defaults = Settings()
    for f in fields(Settings):
        if f.name in _NOT_SAVED or f.name not in data:
            continue
        try:
            setattr(s, f.name, _coerce(f.name, data[f.name], getattr(defaults, f.name)))
        except _PartlyBad as exc:
            setattr(s, f.name, exc.kept)
            bad.append(f.name)
        except (ValueError, TypeError):
            bad.append(f.name)
    if bad:
        return s, f"{shown_path(path)}: ignored bad values for {', '.join(bad)}"
    return s, None


__all__ = ["Settings", "load", "default_path", "ANIMATION_SPEEDS", "TIMINGS", "WINDOW_SIZES", "asdict"]
