"""Scene base class and the shared atmospheric backdrop.

Lifecycle (Tuxemon-style): enter() when pushed, pause() when another scene covers it,
resume() when uncovered, exit() when popped; handle_event(e) -> bool (an event a
non-modal scene does not consume passes down), update(dt), draw(surface). draw never
changes state.
"""
from __future__ import annotations

import math
import random

import pygame

from ...core import i18n
from ...core.i18n import t
from .. import theme
from ..theme import FONT, SPACE
from ..table.gfx import draw_seat_shape
from ..widgets import Button, Group, draw_text


AMBIENT_FPS = 12.0   # the candle-lit backdrops' embers and flicker: slow enough to cost little
AMBIENT_SECONDS = 6.0   # ...for this long after the last input; then the backdrop holds still


class Scene:
    opaque = True        # covers the whole screen: scenes below are not drawn
    modal = True         # unconsumed events do not pass to scenes below
    name = "scene"

    def __init__(self, app):
        self.app = app
        self.ui = Group(app)
        self.t = 0.0

    # lifecycle
    def enter(self) -> None: ...
    def exit(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...

    def language_changed(self) -> None:
        """The language changed while this scene was open (Settings over it): labels
        made in the old language are rebuilt at once. A scene with a build() rebuilds
        it; one that makes its words in draw() needs nothing."""
        build = getattr(type(self), "build", None)
        if callable(build):
            self.build()

    def handle_event(self, e) -> bool:
        if self.ui.handle_event(e):
            return True
        if e.type == pygame.KEYDOWN and getattr(e, "key", None) == pygame.K_ESCAPE:
            return self.on_back()
        return False

    def on_back(self) -> bool:
        """Esc / Back: by default leave this scene."""
        if len(self.app.scenes) > 1 and self.app.scenes[-1] is self:
            self.app.sound.play("ui_click")
            self.app.pop()
            return True
        return False

    def update(self, dt: float) -> None:
        self.t += dt
        self.ui.update(dt)

    def frame_rate(self) -> float:
        """Frames per second this scene needs when nobody touches anything: 0 when its
        picture is still (the window then draws only on input), AMBIENT_FPS for a
        drifting backdrop, theme.FPS while something animates. A scene that does not
        say draws at full rate."""
        return self.ambient_rate() if getattr(self, "backdrop", None) is not None else float(theme.FPS)

    def ambient_rate(self) -> float:
        """The candle-lit backdrop's rate: it flickers for AMBIENT_SECONDS after the last
        input (or while a text field has the caret), then holds still, so a screen left
        waiting costs next to nothing; any input lights it again."""
        if self.app.since_input < AMBIENT_SECONDS or self.ui.focused_input() is not None:
            return AMBIENT_FPS
        return 0.0

    def draw(self, surf: pygame.Surface) -> None:
        self.ui.draw(surf)
        self.ui.draw_tooltip(surf)

    def help_lines(self) -> list[tuple[str, str]]:
        return []

    def on_quit(self) -> None:
        """The window is closing: save what must be saved."""

    # helpers
    def header(self, surf, title: str, subtitle: str = "") -> None:
        pal = self.app.pal
        draw_text(surf, self.app, title, (96, 64), FONT.title, pal.gold, serif=True, bold=True,
                  display=True, shadow=True)
        y = 64 + self.app.assets.font(FONT.title, True, True, True).get_linesize() + 2
        pygame.draw.line(surf, pal.gold_dim, (96, y), (96 + 360, y), 2)
        pygame.draw.circle(surf, pal.gold, (96 + 372, y), 4)
        if subtitle:
            draw_text(surf, self.app, subtitle, (96, y + 14), FONT.body, pal.text_dim, serif=True)

    def back_button(self, label: str | None = None, on_click=None) -> Button:
        return self.ui.add(Button(self.app, (96, 980, 220, 60), label or t("common.back"),
                                  on_click or (lambda: self.on_back()), icon="back"))


class Backdrop:
    """Dark wood under a warm vignette, with a flickering candle glow and drifting
    embers. The static part is one cached surface; per frame: one blit, two glow
    blits and a few dots (≈ 2 ms at 1920x1080)."""

    def __init__(self, app, glow_pos=(1480, 470), texture: str = "wood", tint=(112, 88, 70),
                 glow_radius: int = 760, embers: int = 36):
        self.app = app
        self.size = app.screen.get_size()
        self.glow_pos = glow_pos
        self.texture, self.tint, self.glow_radius = texture, tint, glow_radius
        rnd = random.Random(7)
        w, h = self.size
        self.embers = [[rnd.uniform(0, w), rnd.uniform(0, h), rnd.uniform(8, 26), rnd.uniform(0, 6.28),
                        rnd.uniform(1.2, 2.8)] for _ in range(embers)]
        self.t = 0.0

    def base(self) -> pygame.Surface:
        key = ("backdrop", self.size, self.texture, self.tint)

        def make():
            s = self.app.assets.tiled(self.texture, self.size, self.tint).copy()
            s.blit(vignette(self.size, 235), (0, 0))
            return s
        return self.app.assets.scaled(key, make)

    def glow(self, radius: int) -> pygame.Surface:
        return self.app.assets.scaled(("glow", radius), lambda: radial_glow(radius, (255, 170, 80)))

    def update(self, dt):
        self.t += dt
        w, h = self.size
        for e in self.embers:
            e[1] -= e[2] * dt
            e[0] += math.sin(self.t * 0.7 + e[3]) * 8 * dt
            if e[1] < -10:
                e[1] = h + 10
                e[0] = random.uniform(0, w)

    def flicker(self) -> float:
        t = self.t
        return 0.78 + 0.10 * math.sin(t * 2.3) + 0.07 * math.sin(t * 5.9 + 1.3) + 0.05 * math.sin(t * 13.7)

    def draw(self, surf):
        surf.blit(self.base(), (0, 0))
        f = self.flicker()
        g = self.glow(self.glow_radius)
        g.set_alpha(int(110 * f))
        surf.blit(g, g.get_rect(center=self.glow_pos))
        g2 = self.glow(self.glow_radius // 3)
        g2.set_alpha(int(120 * f))
        surf.blit(g2, g2.get_rect(center=(self.glow_pos[0], self.glow_pos[1] - 40)))
        for x, y, _, ph, r in self.embers:
            a = 0.5 + 0.5 * math.sin(self.t * 3 + ph)
            c = (int(150 + 90 * a), int(80 + 60 * a), 30)
            pygame.draw.circle(surf, c, (int(x), int(y)), max(1, int(r * (0.6 + 0.4 * a))))


class BackdropScene(Scene):
    """A full-screen scene over the animated backdrop (glow and embers), which moves with
    the scene: set `self.backdrop` in __init__ and draw it first."""

    def update(self, dt: float) -> None:
        super().update(dt)
        self.backdrop.update(dt)


def vignette(size, strength: int = 220) -> pygame.Surface:
    """Radial darkening toward the edges: concentric ellipses on a small surface,
    smooth-scaled up (a few ms, built once)."""
    sw, sh = 240, 135
    small = pygame.Surface((sw, sh), pygame.SRCALPHA)
    small.fill((4, 2, 1, strength))
    steps = 48
    for i in range(steps, -1, -1):
        k = i / steps                       # 1 = outer, 0 = centre
        d = k * 1.25
        a = max(0.0, min(1.0, (d - 0.35) / 0.75)) ** 1.6
        w, h = sw * 1.25 * k * 1.0, sh * 1.25 * k * 1.0
        rect = pygame.Rect(0, 0, int(w * 2 / 1.25), int(h * 2 / 1.25))
        rect.center = (sw // 2, sh // 2)
        if rect.w > 0 and rect.h > 0:
            pygame.draw.ellipse(small, (4, 2, 1, int(strength * a)), rect)
    return pygame.transform.smoothscale(small, size)


def radial_glow(radius: int, color) -> pygame.Surface:
    n = 96
    small = pygame.Surface((n, n), pygame.SRCALPHA)
    steps = 40
    for i in range(steps, 0, -1):
        k = i / steps
        a = max(0.0, 1 - k) ** 2.2
        r = int(n / 2 * k)
        pygame.draw.circle(small, (*color[:3], int(255 * a)), (n // 2, n // 2), r)
    return pygame.transform.smoothscale(small, (radius * 2, radius * 2))


_DEFAULT_NAMES: dict[str, str] = {}     # language -> its "Player {n}"


def seat_name_now(name: str, index: int) -> str:
    """A seat's name as shown now: a name the app gave (\"Player 2\", \"Hráč 2\", in any
    language, for the seat at `index`) in the current language; a typed name as typed.
    A save keeps the name it was given; this is how it reads in another language."""
    if not _DEFAULT_NAMES:
        for lang in i18n.available_languages():
            try:
                _DEFAULT_NAMES[lang] = str(i18n.load_strings(lang).get("seat.player_n", ""))
            except Exception:             # noqa: BLE001 - a broken locale names nobody
                _DEFAULT_NAMES[lang] = ""
    n = str(index + 1)
    if any(template and name == template.replace("{n}", n) for template in _DEFAULT_NAMES.values()):
        return t("seat.player_n", n=index + 1)
    return name


def seat_marker(surf, ui, seat: int, center, r: int = 12):
    """The seat's colour AND its own shape (never colour alone)."""
    pal = ui.pal
    col = pal.seats[seat % len(pal.seats)]
    shape = theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)]
    draw_seat_shape(surf, shape, col, center, r)
    pygame.draw.circle(surf, (0, 0, 0), center, r + 2, 1) if shape in ("circle", "ring") else None


__all__ = ["Scene", "AMBIENT_FPS", "AMBIENT_SECONDS", "seat_name_now", "Backdrop", "vignette", "radial_glow", "seat_marker", "SPACE"]
