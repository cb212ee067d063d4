"""Player settings, saved as JSON atomically in user_config_dir()/settings.json.

A file that cannot be read gives the defaults plus a message (shown once as a toast);
the bad file is kept as it is until the player changes a setting — and even then it
is first copied aside to settings.json.bad so nothing they wrote is lost.

`animation_speed` is a speed multiplier: 0 = instant (no tweens), 0.5 = slow,
1 = normal, 2 = fast. Use `settings.anim(seconds)` for a tween's duration.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

from ..core.paths import user_config_dir
from ..core.record import atomic_write_text

ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 1.5, 2.0)
WINDOW_SIZES = ((1280, 720), (1600, 900), (1920, 1080), (2560, 1440), (3840, 2160))


@dataclass
class Settings:
    window_size: tuple = (1600, 900)
    fullscreen: bool = False
    music_volume: float = 0.5
    sound_volume: float = 0.8
    mute: bool = False
    animation_speed: float = 1.0
    language: str = "en"
    colorblind: bool = False
    hover_sounds: bool = True
    show_fps: bool = False
    last_game: str = ""
    # game id -> {"seats": [{"name", "kind", "difficulty"}...], "options": {...}, "seed": str}
    last_new_game: dict = field(default_factory=dict)

    path: Path | None = field(default=None, repr=False, compare=False)

    # -- helpers ----------------------------------------------------------------
    def anim(self, seconds: float) -> float:
        """Duration of a tween of `seconds` at normal speed (0 when instant)."""
        if self.animation_speed <= 0:
            return 0.0
        return seconds / self.animation_speed

    @property
    def instant(self) -> bool:
        return self.animation_speed <= 0

    def effective_sound(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.sound_volume))

    def effective_music(self) -> float:
        return 0.0 if self.mute else max(0.0, min(1.0, self.music_volume))

    # -- persistence --------------------------------------------------------------
    def to_json(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "path"}
        data["window_size"] = list(self.window_size)
        return data

    def save(self) -> None:
        path = self.path or default_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        if getattr(self, "_keep_bad", False) and path.exists():
            try:
                bad = path.with_suffix(".json.bad")
                if not bad.exists():
                    bad.write_bytes(path.read_bytes())
            except OSError:
                pass
            self._keep_bad = False
        atomic_write_text(path, json.dumps(self.to_json(), indent=2, sort_keys=True))


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
            lo, hi = (0.0, 2.0) if name == "animation_speed" else (0.0, 1.0)
            return max(lo, min(hi, float(value)))
        raise ValueError(name)
    if isinstance(default, str):
        if isinstance(value, str):
            return value
        raise ValueError(name)
    if isinstance(default, dict):
        if isinstance(value, dict):
            return value
        raise ValueError(name)
    return value


def load(path: Path | None = None) -> tuple[Settings, str | None]:
    """(settings, message). message is None when all went well; a missing file is fine."""
    path = Path(path) if path else default_path()
    s = Settings(path=path)
    if not path.exists():
        return s, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        s._keep_bad = True
        return s, f"{path}: settings could not be read ({exc.__class__.__name__}); using defaults"
    bad = []
    defaults = Settings()
    for f in fields(Settings):
        if f.name == "path" or f.name not in data:
            continue
        try:
            setattr(s, f.name, _coerce(f.name, data[f.name], getattr(defaults, f.name)))
        except ValueError:
            bad.append(f.name)
    if bad:
        return s, f"{path}: ignored bad values for {', '.join(bad)}"
    return s, None


__all__ = ["Settings", "load", "default_path", "ANIMATION_SPEEDS", "WINDOW_SIZES", "asdict"]
