"""Rules reference: one tab per game, scrollable text from the game's locale key
`<game>.rules_text`, else data/<game>/rules.md."""
from __future__ import annotations

from ...core.data import data_root
from ...core.i18n import has, t
from ..theme import FONT, SPACE
from ..widgets import Button, ScrollText, draw_panel
from .base import Backdrop, Scene


def rules_text(game_id: str) -> str:
    key = f"{game_id}.rules_text"
    if has(key):
        return t(key)
    path = data_root() / game_id / "rules.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return t("rules.missing")


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        from ...games import registry
        self.backdrop = Backdrop(app, glow_pos=(300, 300), glow_radius=640, embers=14)
        self.games = []
        for gid in registry.game_ids():
            try:
                title = registry.get(gid).title
            except Exception:      # noqa: BLE001 - a game that does not import still has a tab
                title = gid
            self.games.append((gid, title))
        self.game_id = game_id or (app.settings.last_game if app.settings.last_game in dict(self.games) else None) \
            or (self.games[0][0] if self.games else "")
        self.text = self.ui.add(ScrollText(app, (620, 236, 1180, 700), ""))
        self.tabs = {}
        y = 236
        for gid, title in self.games:
            b = self.ui.add(Button(app, (96, y, 470, 84), title, (lambda g=gid: self.select(g)),
                                   icon=f"game_{gid}", align="left", size=FONT.body))
            self.tabs[gid] = b
            y += 96
        self.back_button()
        self.select(self.game_id)

    def select(self, gid):
        self.game_id = gid
        for g, b in self.tabs.items():
            b.selected = g == gid
        self.text.set_text(rules_text(gid) if gid else t("rules.missing"))

    def update(self, dt):
        super().update(dt)
        self.backdrop.update(dt)

    def draw(self, surf):
        self.backdrop.draw(surf)
        self.header(surf, t("rules.title"), t("rules.subtitle"))
        draw_panel(surf, (596, 212, 1228, 748), self.app, alpha=225)
        super().draw(surf)

    def help_lines(self):
        return [(t("help.wheel"), t("help.scroll")), ("PgUp / PgDn", t("help.scroll")), ("Esc", t("help.back"))]


__all__ = ["RulesScene", "rules_text", "SPACE"]
