"""What the window says after an unexpected error (game/ui/crash.py): no traceback, but
where the crash report is, that the game was autosaved, and a way on — continue from
the autosave, keep going where you are, or back to the main menu."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...core.safeio import shown_path
from ..theme import FONT
from ..widgets import Button, draw_panel, modal_shade
from .base import Scene

PANEL = pygame.Rect(0, 0, 1000, 560)
PANEL.center = (960, 540)


class CrashNotice(Scene):
    opaque = False
    modal = True
    name = "crash"

    def __init__(self, app, crash):
        super().__init__(app)
        self.crash = crash
        self.build()

    def build(self):
        self.ui.clear()
        w, h, gap = 300, 62, 20
        y = PANEL.bottom - h - 40
        buttons = []
        if self.crash.autosave is not None:
            buttons.append((t("crash.continue"), "load", self.on_continue, "primary"))
        buttons += [(t("crash.keep"), "confirm", self.on_keep, "normal"),
                    (t("crash.menu"), "exit", self.on_menu, "normal")]
        x = PANEL.centerx - (len(buttons) * (w + gap) - gap) // 2
        for label, icon, fn, style in buttons:
            self.ui.add(Button(self.app, (x, y, w, h), label, fn, icon=icon, style=style))
            x += w + gap

    def words(self) -> str:
        c = self.crash
        body = t("crash.body_report", where=c.where, error=c.error, file=shown_path(c.report)) if c.report \
            else t("crash.body_no_report", where=c.where, error=c.error)
        return body + "\n\n" + (t("crash.saved") if c.autosave is not None else t("crash.not_saved"))

    def on_continue(self):
        from .saves import open_saved_game
        path = self.crash.autosave
        self.app.pop()
        open_saved_game(self.app, path)

    def on_keep(self):
        self.app.pop()

    def on_menu(self):
        self.app.to_menu()

    def on_back(self) -> bool:
        self.on_keep()
        return True

    def frame_rate(self) -> float:
        return 0.0

    def draw(self, surf):
        pal = self.app.pal
        modal_shade(surf, self.app, 190)
        draw_panel(surf, PANEL, self.app, alpha=245, edge=pal.danger_hi)
        ic = self.app.assets.icon("close", 56, pal.danger_hi)
        surf.blit(ic, (PANEL.x + 40, PANEL.y + 36))
        title = self.app.assets.text_block(t("crash.title"), FONT.heading, pal.danger_hi, PANEL.w - 180,
                                           bold=True, serif=True)
        surf.blit(title, (PANEL.x + 120, PANEL.y + 64 - title.get_height() // 2))
        block = self.app.assets.text_block(self.words(), FONT.body, pal.text, PANEL.w - 80)
        surf.blit(block, (PANEL.x + 40, PANEL.y + 130), pygame.Rect(0, 0, PANEL.w - 80, PANEL.h - 250))
        super().draw(surf)
