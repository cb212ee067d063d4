"""Two things of the Dark Gothic table for a newcomer (issue 25): the Heroes offered by Draw 2
Choose 1 shown as cards (ability, Honor and Start cards) that you click, and where and how the
kit's "Faster" control (game/ui/table/hurry.py) hurries another Hero's turn: the cards glide
three times quicker and the AI answers without its reading pause until the table asks you
something again.
"""
from __future__ import annotations

import pygame

from game.core.i18n import t
from game.ui.table import style
from game.ui.table.widgets import Button

from . import hints
from ..words import hero_lines

HURRY = 3.0                       # how much quicker the table plays while hurried
HURRY_RECT = (1560, 150, 320, 52)  # design pixels of "Faster": under the "… is thinking" badge
HURRY_WORDS = ("dark_gothic.choice.faster", "dark_gothic.choice.normal_speed", "dark_gothic.choice.faster_tip")
HERO_CARD = (430, 400)            # design pixels of a Hero card in the choice


class HeroCard(Button):
    """A button drawn as a Hero's card; its label is the Hero's name (so a test or a hotkey
    finds it like any button)."""

    def __init__(self, action, lines: dict, rect, seat):
        super().__init__(action, lines["name"], rect, action=action, seat=seat)
        self.lines = lines

    def image(self, gfx, hover: bool) -> pygame.Surface:
        key = ("dg_hero_card", self.label, self.rect.size, hover)
        return gfx.cached(key, lambda: self._card(gfx, hover))

    def _card(self, gfx, hover: bool) -> pygame.Surface:
        w, h = self.rect.size
        k = w / HERO_CARD[0]
        surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        surf.blit(gfx.panel(w, h, fill=(44, 30, 26) if not hover else (70, 44, 34),
                            border=style.GOLD_BRIGHT if hover else style.GOLD, radius=14, width=3, alpha=250,
                            inner=style.GOLD_DEEP), (4, 4))
        pad = int(20 * k)
        x, y, room = 4 + pad, 4 + int(16 * k), w - 2 * pad
        L = self.lines
        for text, size, col, bold, serif, lines in (
                (L["name"], int(28 * k), style.GOLD_BRIGHT, True, True, 2),
                (t("dark_gothic.choice.ability"), int(17 * k), style.TEXT_DIM, True, False, 1),
                (L["ability"], int(19 * k), style.TEXT, False, False, 5),
                (L["honor"], int(18 * k), style.GOLD, False, False, 2),
                (t("dark_gothic.choice.start"), int(17 * k), style.TEXT_DIM, True, False, 1)):
            blk = gfx.text_block(text, max(11, size), room, col, bold=bold, serif=serif, align="left",
                                 max_lines=lines)
            surf.blit(blk, (x, y))
            y += blk.get_height() + int(8 * k)
        r = max(6, int(10 * k))
        for col, n, name in L["start"]:
            hints.glyph(surf, col, (x + r, y + int(12 * k)), r)
            lab = gfx.fit_text(f"{n} × {name}", max(11, int(19 * k)), room - 3 * r, style.TEXT, min_size=10)
            surf.blit(lab, lab.get_rect(midleft=(x + 3 * r, y + int(12 * k))))
            y += int(30 * k)
        return surf


def hero_cards(table, d) -> list:
    """The offered Heroes as cards side by side over the Center Line (window pixels)."""
    s, R, _P, _C, _F = table.geo()
    w, h = HERO_CARD
    gap = 40
    n = len(d.actions)
    x0 = (1000 - (n * w + (n - 1) * gap)) // 2       # left of the turn banner, which says what to do
    return [HeroCard(a, hero_lines(table.match.rules, a[1]), R(x0 + i * (w + gap), 40, w, h), d.seat)
            for i, a in enumerate(d.actions)]
