"""Modal overlays drawn over the scene below: the in-game menu (Esc) and the
shortcut list (?); `Overlay` is their base (and the crash notice's)."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ..theme import FONT, SPACE
from ..widgets import Button, draw_panel, draw_text, modal_shade
from .base import Scene


class Overlay(Scene):
    """A modal panel over the scene below, which stays drawn and still (it is not updated
    while covered), so the window draws the overlay on input only; Esc closes it."""
    opaque = False

    def close(self):
        self.app.pop()

    def on_back(self) -> bool:
        self.close()
        return True

    def frame_rate(self) -> float:
        return 0.0


class PauseMenu(Overlay):
    """Esc over the table: resume, save, load, rules, settings, quit to menu."""
    name = "pause"

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene
        self.build()

    def build(self):
        self.ui.clear()
        w, h, gap = 440, 62, 14
        items = [
            (t("pause.resume"), "confirm", self.close, "primary"),
            (t("pause.save"), "save", self.on_save, "normal"),
            (t("pause.load"), "load", self.on_load, "normal"),
            (t("pause.rules"), "help", self.on_rules, "normal"),
            (t("pause.settings"), "settings", self.on_settings, "normal"),
            (t("pause.quit_to_menu"), "exit", self.on_quit_to_menu, "danger"),
        ]
        total = len(items) * (h + gap) - gap
        y = 540 - total // 2 + 40
        for label, icon, fn, style in items:
            self.ui.add(Button(self.app, (960 - w // 2, y, w, h), label, fn, icon=icon, style=style, align="left"))
            y += h + gap
        self.panel = pygame.Rect(0, 0, w + 120, total + 170)
        self.panel.center = (960, 540)

    def on_save(self):
        if self.table_scene.save_game():
            self.app.pop()

    def on_load(self):
        self.table_scene.autosave()
        self.app.open_saves("load")

    def on_rules(self):
        self.app.open_rules(self.table_scene.spec.id)

    def on_settings(self):
        self.app.open_settings()

    def on_quit_to_menu(self):
        self.table_scene.autosave()
        self.app.to_menu()

    def draw(self, surf):
        modal_shade(surf, self.app, 175)
        pal = self.app.pal
        draw_panel(surf, self.panel, self.app, alpha=240)
        draw_text(surf, self.app, t("pause.title"), (960, self.panel.y + 52), FONT.title - 8, pal.gold,
                  display=True, anchor="center", shadow=True)
        super().draw(surf)


class HelpOverlay(Overlay):
    """Keyboard and mouse shortcuts: the app's and the scene's (table.help_lines())."""
    name = "help"

    def __init__(self, app):
        super().__init__(app)
        below = next((s for s in reversed(app.scenes) if s is not self), None)
        lines = list(below.help_lines()) if below is not None else []
        general = [("F11", t("help.fullscreen")), ("Esc", t("help.back_or_menu")), ("?", t("help.this"))]
        seen = {k.replace(" ", "").lower() for k, _ in lines}
        self.lines = lines + [g for g in general if g[0].replace(" ", "").lower() not in seen]
        btn = self.ui.add(Button(app, (960 - 140, 0, 280, 60), t("common.close"), self.close, icon="close"))
        btn.rect.midbottom = (self.panel_rect().centerx, self.panel_rect().bottom - 24)

    def handle_event(self, e) -> bool:
        if self.ui.handle_event(e):
            return True
        if e.type == pygame.KEYDOWN:
            if getattr(e, "key", None) in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_F1, pygame.K_SPACE) \
                    or getattr(e, "unicode", "") == "?":
                self.close()
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
            if not self.panel_rect().collidepoint(e.pos):
                self.close()
        return True

    ROW_GAP = 10
    LINE_H = 30

    def layout(self):
        """Rows in one or two columns: each description wrapped to its column (never
        cut), the key's box as wide as the widest key of its column."""
        cached = getattr(self, "_layout", None)
        if cached is not None:
            return cached
        a = self.app.assets
        n = len(self.lines)
        cols = 1 if n <= 9 else 2
        w = 1100 if cols == 1 else 1780
        col_w = (w - 80) // cols
        per = (n + cols - 1) // cols
        columns = [self.lines[c * per:(c + 1) * per] for c in range(cols)]
        placed, heights = [], []
        for c, items in enumerate(columns):
            key_w = max((a.text_size(str(k), FONT.small, bold=True)[0] + 24 for k, _ in items), default=64)
            key_w = max(64, key_w)
            text_w = col_w - key_w - 50
            y = 0
            for key, what in items:
                lines = a.wrap(str(what), FONT.body - 2, text_w)
                h = max(38, len(lines) * self.LINE_H + 8)
                placed.append((c, y, key, lines, key_w))
                y += h + self.ROW_GAP
            heights.append(y)
        h = 120 + max(heights, default=0) + 100
        r = pygame.Rect(0, 0, w, min(h, 1060))
        r.center = (960, 540)
        self._layout = (r, col_w, placed)
        return self._layout

    def panel_rect(self) -> pygame.Rect:
        return self.layout()[0]

    def draw(self, surf):
        modal_shade(surf, self.app, 185)
        pal = self.app.pal
        r, col_w, placed = self.layout()
        draw_panel(surf, r, self.app, alpha=242)
        draw_text(surf, self.app, t("help.title"), (r.centerx, r.y + 50), FONT.title - 12, pal.gold,
                  display=True, anchor="center", shadow=True)
        for c, y0, key, lines, key_w in placed:
            x = r.x + 40 + c * col_w
            y = r.y + 110 + y0
            ks = self.app.assets.text(str(key), FONT.small, pal.text_dark, bold=True)
            kr = pygame.Rect(x, y, key_w, 38)
            pygame.draw.rect(surf, pal.gold, kr, border_radius=6)
            pygame.draw.rect(surf, (255, 230, 170), kr, 1, border_radius=6)
            surf.blit(ks, ks.get_rect(center=kr.center))
            for i, line in enumerate(lines):
                draw_text(surf, self.app, line, (x + key_w + 20, y + 19 + i * self.LINE_H), FONT.body - 2,
                          pal.text, anchor="midleft")
        super().draw(surf)


__all__ = ["PauseMenu", "HelpOverlay", "SPACE"]
