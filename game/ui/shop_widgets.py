"""Widgets for builder screens (a Company, a warband, a deck bought from a budget): a text
box of one or a few wrapped lines, a selectable list row, a choice card with its price,
a budget box (what is left, big, with a bar) and − / + stepper buttons, plus a keyboard
focus walk over a screen's buttons (Tab / Shift+Tab, Space or Enter takes the focused
one, Enter with none focused the screen's Done).

Texts are drawn through `widgets` (its module attributes, so the window's text-fit
checks see them) and whatever a widget shortens stays readable in its tooltip.
"""
from __future__ import annotations

from typing import Callable

import pygame

from . import widgets as W
from .theme import FONT, SPACE


class TextBox(W.Widget):
    """A line (or a few wrapped lines) of text; what does not fit ends in "…" and the
    whole text is the tooltip."""

    def __init__(self, ui, rect, text, size=FONT.small, color=None, bold=False, lines=1, anchor="left",
                 serif=False):
        super().__init__(ui, rect)
        self.text, self.size, self.color, self.bold, self.lines = text, size, color, bold, lines
        self.anchor, self.serif = anchor, serif

    def tooltip_text(self):
        return self.with_cuts(None)

    def draw(self, surf):
        if not self.text:
            return
        r = self.rect
        col = self.color or self.ui.pal.text
        if self.lines <= 1:
            shown = self.fit("text", self.text, self.size, r.w, bold=self.bold, serif=self.serif)
            pos = {"left": ("midleft", (r.x, r.centery)), "right": ("midright", (r.right, r.centery)),
                   "center": ("center", r.center)}[self.anchor]
            W.draw_text(surf, self.ui, shown, pos[1], self.size, col, bold=self.bold, serif=self.serif,
                        anchor=pos[0])
            return
        lines = self.ui.assets.wrap(self.text, self.size, r.w, self.bold)
        shown = lines[:self.lines]
        if len(lines) > self.lines:
            self.cuts["text"] = self.text
            shown[-1] = W.fit_text(self.ui, shown[-1] + " …", self.size, r.w, self.bold)
        else:
            self.cuts.pop("text", None)
        lh = self.ui.assets.font(self.size, self.bold).get_linesize()
        for i, line in enumerate(shown):
            W.draw_text(surf, self.ui, line, (r.x, r.y + i * lh), self.size, col, bold=self.bold)


class ListRow(W.Widget):
    """One entry of a list: an icon, a title over a subtitle, a number at the right;
    `texts()` gives (title, subtitle, number) when drawn (a name being typed shows at
    once); a click calls `on_select()`."""

    def __init__(self, ui, rect, texts: Callable[[], tuple], on_select: Callable[[], None], selected=False,
                 icon="player"):
        super().__init__(ui, rect)
        self.texts, self.on_select, self.selected, self.icon = texts, on_select, selected, icon

    def handle_event(self, e) -> bool:
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.hovered = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos") \
                and self.rect.collidepoint(e.pos):
            self.ui.sound.play("ui_click", 0.7)
            self.on_select()
            return True
        return False

    def tooltip_text(self):
        return self.with_cuts(None)

    def draw(self, surf):
        pal = self.ui.pal
        r = self.rect
        sel = self.selected
        title, sub, number = self.texts()
        pygame.draw.rect(surf, pal.panel_hi if sel or self.hovered else pal.panel, r, border_radius=SPACE.radius - 2)
        pygame.draw.rect(surf, pal.gold if sel else pal.panel_edge, r, 2 if sel else 1, border_radius=SPACE.radius - 2)
        ic = self.ui.assets.icon(self.icon, 34, pal.gold if sel else pal.text_dim)
        surf.blit(ic, ic.get_rect(midleft=(r.x + 12, r.centery)))
        num = W.draw_text(surf, self.ui, str(number), (r.right - 14, r.y + 10), FONT.body,
                          pal.gold if sel else pal.text_dim, bold=True, anchor="topright")
        x = r.x + 56
        W.draw_text(surf, self.ui, self.fit("name", title, FONT.body, num.x - x - 10, bold=True), (x, r.y + 8),
                    FONT.body, pal.text, bold=True)
        W.draw_text(surf, self.ui, self.fit("gear", sub, FONT.small - 2, r.right - 14 - x), (x, r.y + 40),
                    FONT.small - 2, pal.text_dim)


class ChoiceCard(W.Button):
    """A choice: its name on top, its price (or "taken") below, left-aligned; a held
    choice is framed in gold with a tick."""

    def __init__(self, ui, rect, label, on_click, price, held, tooltip=None):
        super().__init__(ui, rect, label, on_click, size=FONT.small - 2, tooltip=tooltip, selected=held)
        self.cost_text = price

    def draw(self, surf):
        pal = self.ui.pal
        r = self.rect
        fill = pal.button_disabled if not self.enabled else \
            W.lerp_color(pal.button, pal.button_hover, self.glow) if not self.pressed else pal.button_press
        pygame.draw.rect(surf, fill, r, border_radius=SPACE.radius - 2)
        edge = pal.gold if self.selected else (W.lerp_color(pal.gold_dim, pal.amber, self.glow) if self.enabled
                                               else W.lerp_color(pal.button_disabled, pal.gold_dim, 0.3))
        pygame.draw.rect(surf, edge, r, 3 if self.selected else 1, border_radius=SPACE.radius - 2)
        x, w = r.x + 12, r.w - 24
        col = pal.text if self.enabled else pal.text_faint
        if self.selected:
            col = pal.gold
            ic = self.ui.assets.icon("confirm", 18, pal.gold)
            surf.blit(ic, ic.get_rect(bottomright=(r.right - 8, r.bottom - 6)))
        W.draw_text(surf, self.ui, self.fit("label", self.label, self.size, w, bold=True), (x, r.y + 6),
                    self.size, col, bold=True)
        W.draw_text(surf, self.ui, self.fit("cost", self.cost_text, FONT.small - 3, w - (20 if self.selected else 0)),
                    (x, r.y + 31), FONT.small - 3, pal.text_dim if self.enabled else pal.text_faint)


class BudgetBox(W.Widget):
    """What is left of a budget, big: gold while within it, red when over, "of N" beside
    it and a bar of what is spent. `state()` gives (left, label, of_text, spent fraction, tip)."""

    def __init__(self, ui, rect, state: Callable[[], tuple], pad: int = 20):
        super().__init__(ui, rect)
        self.state, self.pad = state, pad

    def tooltip_text(self):
        return self.with_cuts(self.state()[4])

    def draw(self, surf):
        pal = self.ui.pal
        r, pad = self.rect, self.pad
        W.draw_panel(surf, r, self.ui, alpha=225)
        left, label, of, frac, _tip = self.state()
        col = pal.gold if left >= 0 else pal.danger_hi
        W.draw_text(surf, self.ui, self.fit("label", label, FONT.body, r.w - 2 * pad, bold=True), (r.x + pad, r.y + 14),
                    FONT.body, pal.text_dim, bold=True)
        num = W.draw_text(surf, self.ui, str(left), (r.x + pad, r.bottom - 18), 84, col, bold=True, anchor="bottomleft")
        W.draw_text(surf, self.ui, self.fit("of", of, FONT.body, r.right - pad - num.right - 14),
                    (num.right + 14, num.bottom - 16), FONT.body, pal.text_dim, anchor="bottomleft")
        bar = pygame.Rect(r.x + pad, r.bottom - 18, r.w - 2 * pad, 8)
        pygame.draw.rect(surf, pal.button_press, bar, border_radius=4)
        pygame.draw.rect(surf, col, (bar.x, bar.y, int(bar.w * max(0.0, min(1.0, frac))), bar.h), border_radius=4)


def steppers(ui, right: int, y: int, down, up, tips: tuple, why_not: tuple = (None, None),
             size=FONT.heading - 4) -> tuple[W.Button, W.Button]:
    """A − and a + button (64 x 54) ending at x = `right`; a button with a reason in
    `why_not` is disabled and says why."""
    out = []
    for x, text, fn, tip, reason in ((right - 136, "−", down, tips[0], why_not[0]),
                                     (right - 66, "+", up, tips[1], why_not[1])):
        b = W.Button(ui, (x, y, 64, 54), text, fn, size=size, tooltip=tip)
        if reason is not None:
            b.set_enabled(False, reason)
        out.append(b)
    return out[0], out[1]


class FocusWalk:
    """Keyboard focus over a screen's buttons in order: Tab / Shift+Tab walk, `press`
    clicks the focused one (and keeps the focus where it was if the screen rebuilt)."""

    def __init__(self):
        self.buttons: list[W.Button] = []
        self.at: int | None = None

    def reset(self) -> None:
        self.buttons = []

    def clamp(self) -> None:
        if self.at is not None:
            self.at = min(self.at, len(self.buttons) - 1)

    def move(self, d: int) -> None:
        if self.buttons:
            self.at = (d if d > 0 else -1) % len(self.buttons) if self.at is None else (self.at + d) % len(self.buttons)

    def focused(self) -> W.Button | None:
        return self.buttons[self.at] if self.at is not None and self.at < len(self.buttons) else None

    def press(self, btn, still_here: Callable[[], bool]) -> None:
        before = self.at
        btn.click()
        if still_here() and before is not None:
            self.at = min(before, len(self.buttons) - 1)

    def key(self, e, enter=None, still_here: Callable[[], bool] = lambda: True) -> bool:
        """Tab / Shift+Tab walk; Space or Enter press the focused button; Enter with none
        focused presses `enter` (a screen's Done). True when the key was used."""
        k = getattr(e, "key", None)
        if k == pygame.K_TAB:
            self.move(-1 if getattr(e, "mod", 0) & pygame.KMOD_SHIFT else 1)
            return True
        if k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            btn = self.focused() or (enter if k != pygame.K_SPACE else None)
            if btn is not None:
                self.press(btn, still_here)
                return True
        return False

    def draw(self, surf, pal) -> None:
        btn = self.focused()
        if btn is not None:
            pygame.draw.rect(surf, pal.amber, btn.rect.inflate(8, 8), 3, border_radius=SPACE.radius + 3)
