"""A question docked in a column of the table instead of a banner over its middle, so what
it asks about stays in view: its words at the top, a countdown bar when the decision is
timed, then one full-width button a row. Any table may use it:

    dock = DockedPrompt(kit, decision, title, buttons, box, scale, font, tone="alert")
    return list(dock.buttons), None                 # from controls(): the kit draws the buttons
    ...
    if dock.shown(kit): dock.draw(surf, kit)        # in draw_overlay: the panel, words and bar

`box` is the column (window pixels; its height is ignored: the prompt is as tall as its
buttons), `scale` the table's design-pixel scale (geo()[0]) and `font` its font-size function
(geo()[4]). `countdown_bar` draws a timed decision's bar alone.
"""
from __future__ import annotations

import pygame

from . import style


class DockedPrompt:
    """The docked prompt as laid out: the decision, the question (its words and their
    surface), the countdown bar's place (None when untimed), its buttons, its panel (`rect`)
    and its tone ("alert" edges it crimson)."""
    __slots__ = ("decision", "head_text", "head", "bar", "buttons", "rect", "tone", "pad", "scale")

    def __init__(self, kit, decision, title: str, buttons: list, box: pygame.Rect, scale: float, font, *,
                 tone: str = "normal", pad: int = 14, button_h: int = 54, gap: int = 8, title_size: int = 21,
                 button_font: int = 19, max_title_lines: int = 4):
        px = lambda v: int(v * scale)          # noqa: E731 - design pixels to window pixels
        self.decision, self.head_text, self.tone, self.scale = decision, title, tone, scale
        self.pad = px(pad)
        self.head = kit.gfx.text_block(title, font(title_size), box.w - 2 * self.pad, style.TEXT, bold=True,
                                       serif=True, align="center", max_lines=max_title_lines)
        y = box.y + self.pad + self.head.get_height() + px(10)
        self.bar = None
        if decision.timeout:
            self.bar = pygame.Rect(box.x + self.pad, y, box.w - 2 * self.pad - px(58), max(4, px(8)))
            y += px(22)
        for b in buttons:
            b.font_size = button_font
            b.rect = pygame.Rect(box.x + self.pad, y, box.w - 2 * self.pad, px(button_h))
            b.home = b.rect.copy()
            y += px(button_h) + px(gap)
        self.buttons = buttons
        self.rect = pygame.Rect(box.x, box.y, box.w, y - px(gap) + self.pad - box.y)

    def shown(self, kit) -> bool:
        """Its buttons are on the table (the kit hides stale controls while the table catches
        up with the game)."""
        return bool(self.buttons) and any(w is self.buttons[0] for w in kit.widgets)

    def draw(self, surf, kit) -> None:
        """The panel, the question and the countdown (the buttons are the kit's widgets, drawn
        over it)."""
        r = self.rect
        edge = style.CRIMSON_BRIGHT if self.tone == "alert" else style.GOLD
        bg = kit.gfx.panel(r.w, r.h, fill=(22, 14, 18), border=edge, radius=16, width=3, alpha=242, shadow=10,
                           inner=style.GOLD_DEEP)
        surf.blit(bg, (r.x - 10, r.y - 10))
        surf.blit(self.head, self.head.get_rect(midtop=(r.centerx, r.y + self.pad)))
        if self.bar is not None:
            countdown_bar(surf, kit, self.decision, self.bar, self.scale)


def countdown_bar(surf, kit, decision, bar: pygame.Rect, scale: float = 1.0) -> None:
    """A timed decision's time left: a bar emptying from gold to the warning colour, a clock
    and the seconds after it. Nothing when the decision's clock is not running."""
    left = kit.time_left(decision)
    if left is None:
        return
    frac = max(0.0, min(1.0, left / decision.timeout))
    pygame.draw.rect(surf, (50, 40, 40), bar, border_radius=4)
    fill = bar.copy()
    fill.width = int(bar.width * frac)
    if fill.width > 0:
        col = style.lerp_color(style.bad(kit.ctx.settings), style.GOLD, min(1.0, frac * 2))
        pygame.draw.rect(surf, col, fill, border_radius=4)
    ic = kit.gfx.icon("clock", int(20 * scale), style.TEXT_DIM)
    surf.blit(ic, ic.get_rect(midleft=(bar.right + int(10 * scale), bar.centery)))
    secs = kit.gfx.text(str(int(left + 0.999)), int(18 * scale), style.TEXT, bold=True)
    surf.blit(secs, secs.get_rect(midleft=(bar.right + int(34 * scale), bar.centery)))
