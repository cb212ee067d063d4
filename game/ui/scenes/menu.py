"""The main menu: a candle-lit backdrop, the title, and the way into everything."""
from __future__ import annotations

import math
import time

import pygame

from ...core.i18n import t
from ...core.version import app_version
from ..theme import FONT, SPACE
from ..widgets import Button, draw_text
from .base import Backdrop, BackdropScene
from . import saves as saves_mod


class MenuScene(BackdropScene):
    name = "menu"

    def __init__(self, app):
        super().__init__(app)
        self.backdrop = Backdrop(app, glow_pos=(1400, 560), glow_radius=820)
        self.continue_info = None
        # said once: saves off (read-only folder), damaged autosaves moved aside as .bad
        for message in saves_mod.startup_reports():
            app.toast(message, "warning", 8.0)
        self.build()

    def build(self):
        self.ui.clear()
        self.continue_info = saves_mod.latest_autosave()
        x, y, w, h, gap = 150, 388, 500, 54, 8
        app = self.app                   # each entry opens one of the window's routes
        items = [
            ("continue", t("menu.continue"), "load", self.on_continue),
            ("new", t("menu.new_game"), "dice", app.open_new_game),
            ("join", t("menu.join"), "hooded_cloak", app.open_join),
            ("learn", t("learn.menu"), "help", app.open_learn),
            ("load", t("menu.load"), "ledger", lambda: app.open_saves("load")),
            ("replays", t("menu.replays"), "deck", lambda: app.open_saves("replay")),
            ("settings", t("menu.settings"), "settings", app.open_settings),
            ("rules", t("menu.rules"), "help", app.open_rules),
            ("about", t("menu.about"), "info", app.open_about),
            ("quit", t("menu.quit"), "exit", app.quit),
        ]
        self.buttons = {}
        for key, label, icon, fn in items:
            sub = ""
            hh = h
            if key == "continue" and self.continue_info:
                sub = self.continue_info.summary(short=True)
                hh = h + 22
            b = Button(self.app, (x, y, w, hh), label, fn, icon=icon, align="left",
                       style="primary" if (key == "continue" and self.continue_info) or
                       (key == "new" and not self.continue_info) else "normal",
                       sublabel=sub)
            if key == "continue" and not self.continue_info:
                b.set_enabled(False, t("menu.no_autosave"))
            self.buttons[key] = self.ui.add(b)
            y += hh + gap

    def enter(self):
        self.app.sound.music("music_ambient")

    def resume(self):
        self.build()
        self.app.sound.music("music_ambient")

    def on_back(self) -> bool:
        return True     # Esc on the main menu does nothing (Quit is a button)

    def handle_event(self, e) -> bool:
        if e.type == pygame.KEYDOWN and getattr(e, "key", None) in (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
                                                                     pygame.K_KP_ENTER):
            order = [b for b in self.buttons.values() if b.enabled]
            if not order:
                return True
            cur = next((i for i, b in enumerate(order) if b.hovered), None)
            k = e.key
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if cur is not None:
                    order[cur].click()
                return True
            step = 1 if k == pygame.K_DOWN else -1
            nxt = 0 if cur is None else (cur + step) % len(order)
            for b in self.buttons.values():
                b.hovered = False
            order[nxt].hovered = True
            self.app.sound.play("ui_hover", 0.5)
            return True
        return super().handle_event(e)

    # actions
    def on_continue(self):
        if self.continue_info:
            self.app.open_saved_game(self.continue_info.path)

    def draw(self, surf):
        self.backdrop.draw(surf)
        self.draw_showcase(surf)
        pal = self.app.pal
        a = self.app.assets
        # title, with a faint warm glow behind it
        title = t("app.title")
        glow = a.text(title, FONT.display, (120, 60, 20), display=True)
        f = self.backdrop.flicker()
        glow.set_alpha(int(120 * f))
        for dx, dy in ((-3, 0), (3, 0), (0, -3), (0, 3)):
            surf.blit(glow, (140 + dx, 96 + dy))
        draw_text(surf, self.app, title, (140, 96), FONT.display, pal.gold, display=True, shadow=True)
        tw = a.text_size(title, FONT.display, display=True)[0]
        ly = 96 + a.font(FONT.display, display=True).get_linesize() - 4
        pygame.draw.line(surf, pal.gold_dim, (146, ly), (146 + tw - 12, ly), 2)
        cx = 146 + (tw - 12) // 2
        pygame.draw.polygon(surf, pal.gold, [(cx, ly - 7), (cx + 7, ly), (cx, ly + 7), (cx - 7, ly)])
        draw_text(surf, self.app, t("app.tagline"), (148, ly + 18), FONT.heading - 4, pal.text_dim,
                  display="plain")
        draw_text(surf, self.app, t("app.version", version=app_version()),
                  (surf.get_width() - 24, surf.get_height() - 16),
                  FONT.tiny, pal.text_faint, anchor="bottomright")
        super().draw(surf)

    @staticmethod
    def fan_cards() -> list[tuple[str, str]]:
        """One card per registered game, (card back's game, icon): a game without cards
        shows its icon on the back of the first game that has one."""
        from ... import registry
        specs = []
        for gid in registry.game_ids():
            try:
                specs.append(registry.get(gid))
            except Exception:          # noqa: BLE001 - a game that does not import is left out
                continue
        with_backs = [s.id for s in specs if s.art is not None and s.art.card_back is not None]
        return [(s.id if s.id in with_backs or not with_backs else with_backs[0], s.icon) for s in specs]

    def draw_showcase(self, surf):
        """A fan of card backs around a candle, on the right side of the menu."""
        a = self.app.assets
        pal = self.app.pal
        cx, cy = 1400, 640
        key = ("menu_fan",)

        def make():
            layer = pygame.Surface((1000, 760), pygame.SRCALPHA)
            fan = self.fan_cards()
            for i, (gid, icon) in enumerate(fan):
                ang = (i - (len(fan) - 1) / 2) * 15
                card = pygame.Surface((196, 274), pygame.SRCALPHA)
                back = a.card_back(gid, (196, 274))   # a drawn placeholder without the file
                card.blit(back, (0, 0))
                shade = pygame.Surface((196, 274), pygame.SRCALPHA)
                shade.fill((0, 0, 0, 60))
                card.blit(shade, (0, 0))
                ic = a.icon(icon, 92, (235, 200, 130))
                disc = pygame.Surface((128, 128), pygame.SRCALPHA)
                pygame.draw.circle(disc, (12, 8, 6, 215), (64, 64), 62)
                pygame.draw.circle(disc, (200, 160, 90, 255), (64, 64), 62, 2)
                disc.blit(ic, ic.get_rect(center=(64, 64)))
                card.blit(disc, disc.get_rect(center=(98, 137)))
                sh = pygame.Surface((212, 290), pygame.SRCALPHA)
                pygame.draw.rect(sh, (0, 0, 0, 110), sh.get_rect(), border_radius=16)
                rot_sh = pygame.transform.rotozoom(sh, -ang, 1.0)
                rot = pygame.transform.rotozoom(card, -ang, 1.0)
                rad = math.radians(ang)
                px = 500 + int(math.sin(rad) * 560)
                py = 560 - int(math.cos(rad) * 560) + 250
                layer.blit(rot_sh, rot_sh.get_rect(center=(px + 10, py + 14)))
                layer.blit(rot, rot.get_rect(center=(px, py)))
            return layer

        layer = a.scaled(key, make)
        surf.blit(layer, layer.get_rect(center=(cx, cy - 60)))
        # the candle in front of the fan
        f = self.backdrop.flicker()
        candle = a.icon("candle", 170, (236, 214, 170))
        g = self.backdrop.glow(150)
        g.set_alpha(int(200 * f))
        surf.blit(g, g.get_rect(center=(cx, cy + 130)))
        surf.blit(candle, candle.get_rect(midbottom=(cx, cy + 290)))
        flame = self.backdrop.glow(34)
        flame.set_alpha(int(255 * f))
        surf.blit(flame, flame.get_rect(center=(cx + int(2 * math.sin(self.t * 7)), cy + 145)))
        draw_text(surf, self.app, t("menu.games_line"), (cx, cy + 340), FONT.body, pal.text_dim,
                  display="plain", anchor="center")

    def help_lines(self):
        return [("↑ ↓ / click", t("help.menu_navigate"))]


__all__ = ["MenuScene", "time", "SPACE"]
