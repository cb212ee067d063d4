"""Sound effects and music. Silent (never failing) when there is no audio device or
a file is missing; missing names are recorded in `sound.missing`.

Sounds load lazily on first use (start-up stays fast); `preload()` can warm the
cache in a background thread once the menu is up.
"""
from __future__ import annotations

import threading
import time

import pygame

from ..core.paths import resource_path

SOUND_NAMES = ("card_slide", "card_flip", "shuffle", "dice_roll", "dice_land", "coin", "coins",
               "ui_click", "ui_hover", "your_turn", "win", "loss", "challenge", "reveal",
               "splash", "error", "timer_tick", "curtain")

# A few sounds would be noise if repeated within a blink.
_MIN_GAP = {"ui_hover": 0.06, "card_slide": 0.03, "coin": 0.03, "timer_tick": 0.2}


class Sound:
    def __init__(self, settings, root=None):
        self.settings = settings
        self.root = root or resource_path("sounds")
        self.missing: set[str] = set()
        self._cache: dict = {}
        self._last: dict = {}
        self._lock = threading.Lock()
        self._music_name: str | None = None
        self.played: list[str] = []         # last names played (tests, debugging)
        self.enabled = False
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(44100, -16, 2, 512)
            pygame.mixer.set_num_channels(24)
            self.enabled = True
        except (pygame.error, NotImplementedError, OSError):
            self.enabled = False

    def _find(self, name: str):
        for ext in (".ogg", ".wav"):
            p = self.root / f"{name}{ext}"
            if p.exists():
                return p
        return None

    def _load(self, name: str):
        with self._lock:
            if name in self._cache:
                return self._cache[name]
        snd = None
        path = self._find(name)
        if path is None:
            self.missing.add(name)
        elif self.enabled:
            try:
                snd = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError):
                self.missing.add(name)
        with self._lock:
            self._cache[name] = snd
        return snd

    def preload(self, names=SOUND_NAMES, background: bool = True) -> None:
        def work():
            for n in names:
                try:
                    self._load(n)
                except Exception:        # never let a warm-up thread take the app down
                    pass
        if background:
            threading.Thread(target=work, name="sound-preload", daemon=True).start()
        else:
            work()

    def play(self, name: str, volume: float = 1.0) -> None:
        now = time.monotonic()
        gap = _MIN_GAP.get(name)
        if gap is not None and now - self._last.get(name, -1.0) < gap:
            return
        self._last[name] = now
        self.played.append(name)
        if len(self.played) > 64:
            del self.played[:32]
        if name == "ui_hover" and not getattr(self.settings, "hover_sounds", True):
            return
        vol = self.settings.effective_sound() * volume
        if vol <= 0.0 or not self.enabled:
            if not self.enabled and self._find(name) is None:
                self.missing.add(name)
            return
        snd = self._load(name)
        if snd is None:
            return
        try:
            ch = snd.play()
            if ch is not None:
                ch.set_volume(max(0.0, min(1.0, vol)))
        except pygame.error:
            pass

    # -- music ---------------------------------------------------------------------
    def music(self, name: str | None) -> None:
        """Loop `name` (None stops). Calling again with the same name keeps it playing."""
        if name == self._music_name:
            self.apply_volumes()
            return
        self._music_name = name
        if not self.enabled:
            return
        try:
            pygame.mixer.music.fadeout(400)
            if name is None:
                return
            path = self._find(name)
            if path is None:
                self.missing.add(name)
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.settings.effective_music())
            pygame.mixer.music.play(-1, fade_ms=1500)
        except pygame.error:
            pass

    def apply_volumes(self) -> None:
        if not self.enabled:
            return
        try:
            pygame.mixer.music.set_volume(self.settings.effective_music())
        except pygame.error:
            pass

    def stop_all(self) -> None:
        if self.enabled:
            try:
                pygame.mixer.stop()
                pygame.mixer.music.stop()
            except pygame.error:
                pass
