"""What the window says after an unexpected error (game/ui/crash.py): no traceback, but
where the crash report is, that the game was autosaved, and a way on — continue from
the autosave, keep going where you are, or back to the main menu."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...core.safeio import shown_path
from ..theme import FONT
from ..widgets import Button, draw_panel, modal_shade
from .overlays import Overlay

PANEL = pygame.Rect(0, 0, 1000, 620)
PANEL.center = (960, 540)


class CrashNotice(Overlay):
    name = "crash"

    def __init__(self, app, crash):
        super().__init__(app)
        self.crash = crash
        self.build()

    def build(self):
        """Continue from the autosave on a row of its own (its words are long in every
        language), Keep going and Main menu side by side under it."""
        self.ui.clear()
        h, gap = 62, 16
        y = PANEL.bottom - 40 - h
        half = (PANEL.w - 120 - gap) // 2
        x = PANEL.x + 60
        self.ui.add(Button(self.app, (x, y, half, h), t("crash.keep"), self.close, icon="confirm"))
        self.ui.add(Button(self.app, (x + half + gap, y, half, h), t("crash.menu"), self.on_menu, icon="exit"))
        if self.crash.autosave is not None:
            self.ui.add(Button(self.app, (x, y - h - gap, PANEL.w - 120, h), t("crash.continue"),
                               self.on_continue, icon="load", style="primary"))

    def words(self) -> str:
        c = self.crash
        body = t("crash.body_report", where=c.where, error=c.error, file=shown_path(c.report)) if c.report \
            else t("crash.body_no_report", where=c.where, error=c.error)
        return body + "\n\n" + (t("crash.saved") if c.autosave is not None else t("crash.not_saved"))

    def on_continue(self):
        path = self.crash.autosave
        self.app.pop()
        self.app.open_saved_game(path)

    def on_menu(self):
        self.app.to_menu()

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
        surf.blit(block, (PANEL.x + 40, PANEL.y + 130), pygame.Rect(0, 0, PANEL.w - 80, PANEL.h - 130 - 200))
        super().draw(surf)
