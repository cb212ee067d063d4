"""About and credits (from CREDITS.md)."""
from __future__ import annotations

from ...core.i18n import t
from ...core.paths import resource_path
from ...core.version import app_version
from ..theme import FONT, SPACE
from ..widgets import ScrollText, draw_panel, draw_text
from .base import Backdrop, BackdropScene


def credits_text() -> str:
    try:
        return resource_path("CREDITS.md").read_text(encoding="utf-8")
    except OSError:
        return t("about.no_credits")


class AboutScene(BackdropScene):
    name = "about"

    def __init__(self, app):
        super().__init__(app)
        self.backdrop = Backdrop(app, glow_pos=(1500, 240), glow_radius=700, embers=20)
        self.text = self.ui.add(ScrollText(app, (420, 330, 1080, 600), t("about.intro") + "\n\n" + credits_text()))
        self.back_button()

    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        self.header(surf, t("about.title"), f'{t("app.title")} · {t("about.version", version=app_version())}')
        tag = t("about.tagline")
        tw = self.app.assets.text_size(tag, FONT.heading - 6, display="plain")[0]
        x0 = 960 - (tw + 56) // 2
        ic = self.app.assets.icon("candle", 48, pal.gold)
        surf.blit(ic, ic.get_rect(midleft=(x0, 262)))
        draw_text(surf, self.app, tag, (x0 + 56, 262), FONT.heading - 6, pal.text_dim, display="plain",
                  anchor="midleft")
        draw_panel(surf, (396, 306, 1128, 648), self.app, alpha=225)
        super().draw(surf)


__all__ = ["AboutScene", "credits_text", "SPACE"]
