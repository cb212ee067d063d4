"""Settings: sound, display, animation speed, colour-blind palette, language.
Changes apply at once and are saved when the screen closes."""
from __future__ import annotations

import pygame

from ...core.data import data_root
from ...core.i18n import set_language, t
from .. import settings as settings_mod
from ..theme import SPACE
from ..widgets import Button, Cycler, Slider, Toggle, draw_heading, draw_panel
from .base import Backdrop, BackdropScene


def languages() -> list[tuple[str, str]]:
    """(code, name) for every data/locale/<code>.yaml (its `language.name` key, else the code)."""
    out = []
    folder = data_root() / "locale"
    for p in sorted(folder.glob("*.yaml")):
        name = p.stem
        try:
            for line in p.read_text(encoding="utf-8").splitlines()[:40]:
                s = line.strip()
                if s.startswith("name:") and line.startswith("  "):
                    name = s.split(":", 1)[1].strip().strip('"\'') or name
                    break
        except OSError:
            pass
        out.append((p.stem, name))
    return out or [("en", "English")]


def window_sizes(desk, now, full_screen: bool = False) -> list[tuple[tuple[int, int], str]]:
    """(size, label) for Settings → Window size on a desktop of `desk`: the sizes that
    open whole on it, the largest window that fits, and the window's size `now` (marked
    so), smallest first. In full screen `now` is the size the window takes on leaving
    it, and is marked so rather than "(now)"."""
    largest = settings_mod.largest_window(desk)
    sizes = {tuple(v) for v in settings_mod.WINDOW_SIZES if settings_mod.fits_desktop(v, desk)}
    sizes |= {largest, tuple(now)}

    def label(v):
        words = f"{v[0]} × {v[1]}"
        if v == tuple(now):
            return t("settings.window_after_full" if full_screen else "settings.window_now", size=words)
        return t("settings.window_largest", size=words) if v == largest else words
    return [(v, label(v)) for v in sorted(sizes, key=lambda v: (v[0] * v[1], v))]


class SettingsScene(BackdropScene):
    name = "settings"

    def __init__(self, app):
        super().__init__(app)
        self.backdrop = Backdrop(app, glow_pos=(960, 260), glow_radius=760, embers=20)
        self.build()

    def window_now(self) -> tuple:
        """The window as it is: its size and whether it fills the screen (a headless app
        has no real window: its setting stands for it). In full screen the size is the one
        the window takes on leaving it: the saved size fitted to this desktop."""
        a = self.app
        full = bool(a.settings.fullscreen if a.headless else a.is_fullscreen())
        return tuple(a.wanted_window_size() if full else a.window_size_now()), full

    def update(self, dt):
        super().update(dt)
        if self.window_now() != self.shown_window:
            self.build()         # F11 or a dragged edge while open: "(now)" and Full screen follow
    def build(self):
        self.ui.clear()
        s = self.app.settings
        a = self.app
        lx, rx, w, h, gap = 150, 1010, 780, 66, 12
        y0 = 300
        on, off = t("common.on"), t("common.off")
        # left column: sound + language
        y = y0
        self.ui.add(Slider(a, (lx, y, w, h), t("settings.music_volume"), s.music_volume, self.set_music))
        y += h + gap
        self.ui.add(Slider(a, (lx, y, w, h), t("settings.sound_volume"), s.sound_volume, self.set_sound))
        y += h + gap
        self.ui.add(Toggle(a, (lx, y, w, h), t("settings.mute"), s.mute, self.set_mute, on_text=on, off_text=off))
        y += h + gap
        self.ui.add(Toggle(a, (lx, y, w, h), t("settings.hover_sounds"), s.hover_sounds,
                           lambda v: self._set("hover_sounds", v), on_text=on, off_text=off))
        y += h + gap + 70
        self.lang_y = y - 56
        self.ui.add(Cycler(a, (lx, y, w, h), t("settings.language"), languages(), s.language, self.set_language))
        # right column: display + play
        y = y0
        speeds = [(v, t(f"settings.speed_{str(v).replace('.', '_')}")) for v in settings_mod.ANIMATION_SPEEDS]
        cur = min(settings_mod.ANIMATION_SPEEDS, key=lambda v: abs(v - s.animation_speed))
        self.ui.add(Cycler(a, (rx, y, w, h), t("settings.animation_speed"), speeds, cur,
                           lambda v: self._set("animation_speed", v), tooltip=t("settings.animation_tip")))
        y += h + gap
        timings = [(v, t(f"settings.timing_{str(v).replace('.', '_')}")) for v in settings_mod.TIMINGS]
        cur_timing = min(settings_mod.TIMINGS, key=lambda v: abs(v - s.timing))
        self.ui.add(Cycler(a, (rx, y, w, h), t("settings.timing"), timings, cur_timing,
                           lambda v: self._set("timing", v), tooltip=t("settings.timing_tip")))
        y += h + gap
        self.shown_window = self.window_now()
        cur_size, full_screen = self.shown_window
        self.ui.add(Toggle(a, (rx, y, w, h), t("settings.fullscreen"), full_screen, self.set_fullscreen,
                           on_text=on, off_text=off, tooltip=t("settings.fullscreen_tip")))
        y += h + gap
        sizes = window_sizes(a.desktop_size(), cur_size, full_screen)
        self.ui.add(Cycler(a, (rx, y, w, h), t("settings.window_size"), sizes, cur_size, self.set_window_size,
                           tooltip=t("settings.window_size_tip"), label_w=250))   # room for "(windowed)"
        y += h + gap
        self.ui.add(Toggle(a, (rx, y, w, h), t("settings.colorblind"), s.colorblind, self.set_colorblind,
                           on_text=on, off_text=off, tooltip=t("settings.colorblind_tip")))
        y += h + gap
        self.ui.add(Toggle(a, (rx, y, w, h), t("settings.show_fps"), s.show_fps,
                           lambda v: self._set("show_fps", v), on_text=on, off_text=off))
        self.back_button(t("common.done"))
        self.ui.add(Button(a, (1544, 980, 280, 60), t("settings.defaults"), self.reset_defaults, icon="undo",
                           tooltip=t("settings.defaults_tip")))

    # -- changes ---------------------------------------------------------------------------------
    def _set(self, name, value):
        setattr(self.app.settings, name, value)

    def set_music(self, v):
        self.app.settings.music_volume = v
        self.app.sound.apply_volumes()

    def set_sound(self, v):
        self.app.settings.sound_volume = v
        self.app.sound.play("coin")

    def set_mute(self, v):
        self.app.settings.mute = v
        self.app.sound.apply_volumes()

    def set_fullscreen(self, v):
        self.app.set_fullscreen(v)

    def set_window_size(self, v):
        self.app.settings.window_size = tuple(v)
        self.app.apply_window_size()
        self.build()                      # "(now)" moves to the window's new size

    def set_colorblind(self, v):
        self.app.settings.colorblind = v
        self.build()

    def set_language(self, code):
        self.app.settings.language = code
        set_language(code)
        self.build()

    def reset_defaults(self):
        keep = self.app.settings
        fresh = settings_mod.Settings(path=keep.path)
        fresh.last_game, fresh.last_new_game = keep.last_game, keep.last_new_game
        for f in ("window_size", "fullscreen", "music_volume", "sound_volume", "mute", "animation_speed", "timing",
                  "language", "colorblind", "hover_sounds", "show_fps"):
            setattr(keep, f, getattr(fresh, f))
        set_language(keep.language)
        self.app.set_fullscreen(False)
        self.app.sound.apply_volumes()
        self.build()

    def exit(self):
        self.app.save_settings()

    def pause(self):
        self.app.save_settings()

    def draw(self, surf):
        self.backdrop.draw(surf)
        self.header(surf, t("settings.title"), t("settings.subtitle"))
        draw_panel(surf, (120, 226, 840, 570), self.app, alpha=205)
        draw_panel(surf, (980, 226, 830, 570), self.app, alpha=205)
        draw_heading(surf, self.app, t("settings.section_sound"), (166, 246))
        draw_heading(surf, self.app, t("settings.section_display"), (1026, 246))
        draw_heading(surf, self.app, t("settings.section_language"), (166, self.lang_y))
        super().draw(surf)


__all__ = ["SettingsScene", "languages", "window_sizes", "SPACE", "pygame"]
