"""Small widgets in Nocturne's own look (styled by theme.py).

Every widget is built with a `ui` object that offers `.assets`, `.sound` and `.pal`
(the App, or anything shaped like it). A `Group` routes pygame events to its widgets
(top-most first), draws them, and shows tooltips — also for disabled widgets, whose
tooltip says why they are disabled.

Events are read from their own attributes (e.pos, e.buttons), never from
pygame.mouse, so posted events in tests behave like real ones.
"""
from __future__ import annotations

import re
from typing import Any, Callable

import pygame

from . import theme
from .theme import FONT, SPACE, lerp_color

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def draw_panel(surf: pygame.Surface, rect, ui, alpha: int = 232, border: bool = True,
               radius: int = SPACE.radius, fill=None, edge=None) -> None:
    """A translucent dark panel with a thin warm edge and a soft drop shadow (cached)."""
    rect = pygame.Rect(rect)
    pal = ui.pal
    fill = tuple(fill or pal.panel)
    edge = tuple(edge or pal.panel_edge)
    key = ("panel", rect.size, alpha, border, radius, fill, edge)

    def make():
        w, h = rect.size
        pad = 14
        s = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
        for i in range(pad, 0, -2):      # soft shadow
            a = int(70 * (1 - i / pad) ** 2)
            pygame.draw.rect(s, (0, 0, 0, a), pygame.Rect(pad - i + 4, pad - i + 6, w + 2 * i - 8, h + 2 * i - 8),
                             border_radius=radius + i)
        body = pygame.Rect(pad, pad, w, h)
        pygame.draw.rect(s, (*fill[:3], alpha), body, border_radius=radius)
        # a faint warm sheen at the top
        sheen = pygame.Surface((w, max(1, h // 3)), pygame.SRCALPHA)
        for y in range(sheen.get_height()):
            a = int(18 * (1 - y / sheen.get_height()))
            pygame.draw.line(sheen, (255, 200, 120, a), (0, y), (w, y))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
        sheen_full = pygame.Surface((w, h), pygame.SRCALPHA)
        sheen_full.blit(sheen, (0, 0))
        sheen_full.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(sheen_full, body.topleft)
        if border:
            pygame.draw.rect(s, edge, body, 2, border_radius=radius)
            inner = body.inflate(-8, -8)
            pygame.draw.rect(s, (*edge[:3], 70), inner, 1, border_radius=max(0, radius - 4))
        return s

    s = ui.assets.scaled(key, make)
    surf.blit(s, (rect.x - 14, rect.y - 14))


def draw_text(surf, ui, text: str, pos, size: int = FONT.body, color=None, bold=False, serif=False,
              display=False, anchor: str = "topleft", shadow: bool = False) -> pygame.Rect:
    color = color or ui.pal.text
    ts = ui.assets.text(text, size, color, bold, serif, display)
    r = ts.get_rect(**{anchor: pos})
    if shadow:
        sh = ui.assets.text(text, size, (0, 0, 0), bold, serif, display)
        surf.blit(sh, (r.x + 2, r.y + 3))
    surf.blit(ts, r)
    return r


def fit_text(ui, text: str, size: int, width: int, bold=False, serif=False) -> str:
    """Shorten text with an ellipsis to fit width. Measures O(log n) times whatever the
    length (a 2,000-character name costs as much as a short one): the text is first
    cut to `width` characters (no glyph is narrower than a pixel), then the longest
    prefix that fits is found by bisection."""
    f = ui.assets.font(size, bold, serif)
    width = max(0, int(width))
    if len(text) <= width and f.size(text)[0] <= width:
        return text
    text = text[:width]
    lo, hi = 0, len(text)             # text[:lo] + "…" fits (lo = 0 always "fits")
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if f.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo] + "…"


class Widget:
    focusable = False

    def __init__(self, ui, rect, tooltip: str | None = None):
        self.ui = ui
        self.rect = pygame.Rect(rect)
        self.visible = True
        self.enabled = True
        self.tooltip = tooltip
        self.disabled_reason: str | None = None
        self.hovered = False
        self.focused = False
        self.cuts: dict = {}              # slot -> a text drawn shortened: its tooltip shows it whole

    def fit(self, slot, text: str, size: int, width: int, bold=False, serif=False) -> str:
        """fit_text, remembering a shortened text so the tooltip can show it whole
        (nothing is cut without a way to read it)."""
        shown = fit_text(self.ui, text, size, width, bold, serif)
        if shown != text:
            self.cuts[slot] = text
        else:
            self.cuts.pop(slot, None)
        return shown

    def with_cuts(self, tip: str | None) -> str | None:
        whole = [c for c in self.cuts.values() if c and (not tip or c not in tip)]
        if not whole:
            return tip
        return "\n".join(whole + ([tip] if tip else []))

    def follow_pointer(self, e) -> None:
        """A mouse motion: hovered while the pointer is on it, with the hover sound on
        entering an enabled one (Button, Toggle)."""
        inside = self.rect.collidepoint(e.pos)
        if inside and not self.hovered and self.enabled:
            self.ui.sound.play("ui_hover", 0.5)
        self.hovered = inside

    def draw_label(self, surf, width: int) -> None:
        """A control's label at its left, cut to `width` (the tooltip shows it whole) and
        faint while disabled: the Toggle's, the Slider's, the Cycler's."""
        pal = self.ui.pal
        draw_text(surf, self.ui, self.fit("label", self.label, FONT.body, width),
                  (self.rect.x + SPACE.m, self.rect.centery), FONT.body,
                  pal.text if self.enabled else pal.text_faint, anchor="midleft")

    def tooltip_text(self) -> str | None:
        if not self.enabled and self.disabled_reason:
            return self.with_cuts(self.disabled_reason)
        return self.with_cuts(self.tooltip)

    def readable(self, text: str) -> bool:
        """Whether `text` can be read whole here (the tooltip shows it)."""
        tip = self.tooltip_text()
        return bool(tip) and text in tip

    def handle_event(self, e) -> bool:
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf) -> None:
        pass

    def contains(self, pos) -> bool:
        return self.visible and self.rect.collidepoint(pos)


class Label(Widget):
    def __init__(self, ui, pos, text, size=FONT.body, color=None, bold=False, serif=False,
                 anchor="topleft", display=False):
        super().__init__(ui, (pos, (1, 1)))
        self.pos, self.text, self.size, self.color = pos, text, size, color
        self.bold, self.serif, self.anchor, self.display = bold, serif, anchor, display

    def draw(self, surf):
        if self.text:
            self.rect = draw_text(surf, self.ui, self.text, self.pos, self.size, self.color,
                                  self.bold, self.serif, self.display, self.anchor)


class Button(Widget):
    """A button; style: normal | primary | danger | ghost. `selected` draws it chosen
    (radio rows). Disabled buttons show `disabled_reason` as their tooltip."""

    def __init__(self, ui, rect, label: str, on_click: Callable[[], Any] | None = None,
                 icon: str | None = None, style: str = "normal", size: int = FONT.button,
                 tooltip: str | None = None, hotkey: int | None = None, sublabel: str = "",
                 align: str = "center", selected: bool = False):
        super().__init__(ui, rect, tooltip)
        self.label, self.on_click, self.icon, self.style = label, on_click, icon, style
        self.size, self.hotkey, self.sublabel, self.align = size, hotkey, sublabel, align
        self.selected = selected
        self.pressed = False
        self.glow = 0.0

    def set_enabled(self, ok: bool, reason: str | None = None) -> None:
        self.enabled = ok
        self.disabled_reason = None if ok else reason

    def click(self) -> None:
        if not self.enabled:
            self.ui.sound.play("error", 0.5)
            return
        self.ui.sound.play("ui_click")
        if self.on_click:
            self.on_click()

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.follow_pointer(e)
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
            if self.rect.collidepoint(e.pos):
                self.pressed = True
                self.hovered = True
                return True
            return False
        if e.type == pygame.MOUSEBUTTONUP and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
            was = self.pressed
            self.pressed = False
            if was and self.rect.collidepoint(e.pos):
                self.click()
                return True
            return was
        if e.type == pygame.KEYDOWN and self.hotkey is not None and getattr(e, "key", None) == self.hotkey:
            if self.enabled:
                self.click()
                return True
        return False

    def update(self, dt):
        target = 1.0 if (self.hovered and self.enabled) or self.selected else 0.0
        self.glow += (target - self.glow) * min(1.0, dt * 14)

    def draw(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        r = self.rect
        if self.style == "primary":
            base, hi = pal.primary, pal.primary_hover
        elif self.style == "danger":
            base, hi = lerp_color(pal.button, pal.danger, 0.45), pal.danger
        elif self.style == "ghost":
            base, hi = pal.bg, pal.button_hover
        else:
            base, hi = pal.button, pal.button_hover
        if not self.enabled:
            fill = pal.button_disabled
        elif self.pressed:
            fill = pal.button_press
        else:
            fill = lerp_color(base, hi, self.glow)
        if self.enabled and self.glow > 0.02:
            # amber candle halo around a hovered button
            halo = self.ui.assets.scaled(("halo", r.size, pal.amber), lambda: _halo(r.size, pal.amber))
            halo.set_alpha(int(150 * self.glow))
            surf.blit(halo, (r.x - 16, r.y - 16))
        if self.style != "ghost" or self.glow > 0.02 or self.selected:
            pygame.draw.rect(surf, fill, r, border_radius=SPACE.radius)
        if self.style != "ghost":
            sheen = self.ui.assets.scaled(("btn_sheen", r.size), lambda: _sheen(r.size))
            surf.blit(sheen, r.topleft)
        if self.selected:
            edge = pal.gold
        elif not self.enabled:
            edge = lerp_color(pal.button_disabled, pal.gold_dim, 0.3)
        else:
            edge = lerp_color(pal.gold_dim, pal.amber, self.glow)
        if self.style != "ghost" or self.selected or self.glow > 0.02:
            pygame.draw.rect(surf, edge, r, 2 if not self.selected else 3, border_radius=SPACE.radius)
        color = pal.text if self.enabled else pal.text_faint
        if self.selected or (self.style == "primary" and self.enabled):
            color = lerp_color(pal.text, (255, 240, 200), 0.5)
        if not self.label and self.icon:          # an icon-only button
            size = min(r.w, r.h) - 16
            ic = self.ui.assets.icon(self.icon, size, lerp_color(pal.text_dim, pal.amber, self.glow)
                                     if self.enabled else pal.text_faint)
            surf.blit(ic, ic.get_rect(center=r.center))
            return
        x = r.x + SPACE.m
        icon_size = min(r.h - 16, int(self.size * 1.25))
        label = self.label
        avail = r.w - 2 * SPACE.m - (icon_size + SPACE.s if self.icon else 0)
        label = self.fit("label", label, self.size, avail, bold=True)
        ts = self.ui.assets.text(label, self.size, color, bold=True)
        content_w = ts.get_width() + (icon_size + SPACE.s if self.icon else 0)
        if self.align == "center":
            x = r.centerx - content_w // 2
        cy = r.centery
        if self.sublabel:
            cy = r.y + r.h * 0.38
        if self.icon:
            ic_col = color if self.enabled else pal.text_faint
            if self.selected:
                ic_col = pal.gold
            ic = self.ui.assets.icon(self.icon, icon_size, ic_col)
            surf.blit(ic, ic.get_rect(midleft=(x, r.centery)))
            x += icon_size + SPACE.s
        surf.blit(ts, ts.get_rect(midleft=(x, int(cy))))
        if self.sublabel:
            sub_w = r.right - SPACE.m - x
            sub = self.fit("sublabel", self.sublabel, FONT.small, sub_w)
            st = self.ui.assets.text(sub, FONT.small, pal.text_dim if self.enabled else pal.text_faint)
            surf.blit(st, st.get_rect(midleft=(x, int(r.y + r.h * 0.70))))


def _halo(size, color) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w + 32, h + 32), pygame.SRCALPHA)
    for i in range(16, 0, -2):
        a = int(60 * (1 - i / 16) ** 1.6)
        pygame.draw.rect(s, (*color[:3], a), pygame.Rect(16 - i, 16 - i, w + 2 * i, h + 2 * i),
                         border_radius=SPACE.radius + i)
    return s


def _sheen(size) -> pygame.Surface:
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h // 2):
        a = int(26 * (1 - y / (h / 2)))
        pygame.draw.line(s, (255, 220, 160, a), (SPACE.radius // 2, y + 2), (w - SPACE.radius // 2, y + 2))
    return s


class Toggle(Widget):
    """A labelled on/off switch (also says On/Off in words: not colour alone)."""

    def __init__(self, ui, rect, label: str, value: bool, on_change=None, tooltip=None,
                 on_text: str = "On", off_text: str = "Off"):
        super().__init__(ui, rect, tooltip)
        self.label, self.value, self.on_change = label, value, on_change
        self.on_text, self.off_text = on_text, off_text
        self.knob = 1.0 if value else 0.0

    def set(self, value: bool, notify: bool = True):
        self.value = value
        if notify and self.on_change:
            self.on_change(value)

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.follow_pointer(e)
        elif e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
            if self.rect.collidepoint(e.pos):
                if self.enabled:
                    self.ui.sound.play("ui_click")
                    self.set(not self.value)
                else:
                    self.ui.sound.play("error", 0.5)
                return True
        return False

    def update(self, dt):
        target = 1.0 if self.value else 0.0
        self.knob += (target - self.knob) * min(1.0, dt * 16)

    def draw(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        r = self.rect
        if self.hovered and self.enabled:
            pygame.draw.rect(surf, pal.panel_hi, r, border_radius=SPACE.radius)
        self.draw_label(surf, r.w - 220)
        track = pygame.Rect(0, 0, 72, 34)
        track.midright = (r.right - SPACE.m, r.centery)
        on_col = pal.gold if self.enabled else pal.gold_dim
        fill = lerp_color(pal.button_press, lerp_color(pal.primary, on_col, 0.35), self.knob)
        pygame.draw.rect(surf, fill, track, border_radius=17)
        pygame.draw.rect(surf, lerp_color(pal.gold_dim, on_col, self.knob), track, 2, border_radius=17)
        kx = track.x + 17 + int((track.w - 34) * self.knob)
        pygame.draw.circle(surf, lerp_color(pal.text_dim, (255, 236, 190), self.knob), (kx, track.centery), 12)
        word = self.on_text if self.value else self.off_text
        draw_text(surf, self.ui, word, (track.x - SPACE.m, r.centery), FONT.small,
                  pal.gold if self.value and self.enabled else pal.text_dim, anchor="midright")


def draw_heading(surf, ui, text: str, pos) -> None:
    """A section's heading at the top of a page's panel (Settings, the new-game screen)."""
    draw_text(surf, ui, text, pos, FONT.heading - 4, ui.pal.gold, display=True)


def arrow_key(e) -> int:
    """+1 for a press of →, −1 for ←, else 0: how a hovered slider or cycler is nudged."""
    if e.type != pygame.KEYDOWN:
        return 0
    return {pygame.K_RIGHT: 1, pygame.K_LEFT: -1}.get(getattr(e, "key", None), 0)


class Slider(Widget):
    """A 0..1 slider with a label and a percentage; drag, click, wheel or arrow keys."""

    def __init__(self, ui, rect, label: str, value: float, on_change=None, step: float = 0.05,
                 fmt: Callable[[float], str] | None = None, tooltip=None):
        super().__init__(ui, rect, tooltip)
        self.label, self.value, self.on_change, self.step = label, value, on_change, step
        self.fmt = fmt or (lambda v: f"{int(round(v * 100))} %")
        self.dragging = False

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        t = pygame.Rect(0, 0, int(r.w * 0.42), 8)
        t.midright = (r.right - SPACE.m - 96, r.centery)
        return t

    def _set_from_x(self, x):
        t = self.track
        v = (x - t.x) / max(1, t.w)
        self.set(round(max(0.0, min(1.0, v)) / self.step) * self.step)

    def set(self, v: float):
        v = max(0.0, min(1.0, v))
        if abs(v - self.value) > 1e-9:
            self.value = v
            if self.on_change:
                self.on_change(v)

    def handle_event(self, e) -> bool:
        if not self.visible or not self.enabled:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.hovered = self.rect.collidepoint(e.pos)
            if self.dragging:
                self._set_from_x(e.pos[0])
                return True
        elif e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos") and self.rect.collidepoint(e.pos):
            b = getattr(e, "button", 1)
            if b == 1:
                if self.track.inflate(30, 36).collidepoint(e.pos):
                    self.dragging = True
                    self._set_from_x(e.pos[0])
                return True
            if b == 4:
                self.set(self.value + self.step)
                return True
            if b == 5:
                self.set(self.value - self.step)
                return True
        elif e.type == pygame.MOUSEBUTTONUP and getattr(e, "button", 1) == 1:
            if self.dragging:
                self.dragging = False
                self.ui.sound.play("ui_click", 0.6)
                return True
        elif e.type == pygame.MOUSEWHEEL and self.hovered:
            self.set(self.value + self.step * getattr(e, "y", 0))
            return True
        elif self.hovered and arrow_key(e):
            self.set(self.value + self.step * arrow_key(e))
            return True
        return False

    def draw(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        r = self.rect
        if self.hovered:
            pygame.draw.rect(surf, pal.panel_hi, r, border_radius=SPACE.radius)
        t = self.track
        self.draw_label(surf, t.x - r.x - 2 * SPACE.m)
        pygame.draw.rect(surf, pal.button_press, t.inflate(0, 4), border_radius=6)
        filled = t.copy()
        filled.w = int(t.w * self.value)
        if filled.w > 0:
            pygame.draw.rect(surf, pal.gold, filled.inflate(0, 4), border_radius=6)
        pygame.draw.rect(surf, pal.gold_dim, t.inflate(0, 4), 1, border_radius=6)
        kx = t.x + int(t.w * self.value)
        pygame.draw.circle(surf, (0, 0, 0), (kx + 1, t.centery + 2), 14)
        pygame.draw.circle(surf, (255, 232, 180) if self.dragging or self.hovered else pal.text, (kx, t.centery), 13)
        pygame.draw.circle(surf, pal.gold, (kx, t.centery), 13, 2)
        draw_text(surf, self.ui, self.fmt(self.value), (r.right - SPACE.m, r.centery), FONT.body,
                  pal.gold, anchor="midright")


class Cycler(Widget):
    """Choose one of several values with ‹ › arrows (or click / wheel). Choices are
    (value, label) or (value, label, reason) — a reason disables that choice, which
    stays visible in the list as '(unavailable)' and says why in the tooltip."""

    def __init__(self, ui, rect, label: str, choices: list, value, on_change=None, tooltip=None,
                 label_w: int | None = None):
        super().__init__(ui, rect, tooltip)
        self.label, self.on_change = label, on_change
        self.choices = [tuple(c) + (None,) * (3 - len(c)) for c in choices]
        self.index = next((i for i, c in enumerate(self.choices) if c[0] == value), 0)
        self.label_w = label_w if label_w is not None else (int(self.rect.w * 0.42) if label else 0)
        self.hover_part = None

    @property
    def value(self):
        return self.choices[self.index][0] if self.choices else None

    def set_choices(self, choices, value=None):
        self.choices = [tuple(c) + (None,) * (3 - len(c)) for c in choices]
        v = self.value if value is None else value
        self.index = next((i for i, c in enumerate(self.choices) if c[0] == v), 0)

    def tooltip_text(self):
        if not self.enabled and self.disabled_reason:
            return self.with_cuts(self.disabled_reason)
        if self.choices and self.choices[self.index][2]:
            return self.with_cuts(self.choices[self.index][2])
        return self.with_cuts(self.tooltip)

    @property
    def compact(self) -> bool:
        return not self.label

    def _parts(self):
        r = self.rect
        if self.compact:
            body = r.inflate(0, -8)
        else:
            body = pygame.Rect(r.x + self.label_w, r.y + 6, r.w - self.label_w - SPACE.s, r.h - 12)
        aw = min(body.h, 34) if self.compact else body.h
        left = pygame.Rect(body.x, body.y, aw, body.h)
        right = pygame.Rect(body.right - aw, body.y, aw, body.h)
        return body, left, right

    def step(self, d: int):
        if not self.choices or not self.enabled:
            return
        n = len(self.choices)
        i = self.index
        for _ in range(n):
            i = (i + d) % n
            if self.choices[i][2] is None:
                break
        else:
            return
        if i != self.index:
            self.index = i
            self.ui.sound.play("ui_click", 0.7)
            if self.on_change:
                self.on_change(self.value)

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            body, left, right = self._parts()
            self.hovered = self.rect.collidepoint(e.pos)
            self.hover_part = "l" if left.collidepoint(e.pos) else "r" if right.collidepoint(e.pos) else \
                "b" if body.collidepoint(e.pos) else None
        elif e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos") and self.rect.collidepoint(e.pos):
            if not self.enabled:
                self.ui.sound.play("error", 0.5)
                return True
            body, left, right = self._parts()
            b = getattr(e, "button", 1)
            if b in (1, 3):
                if left.collidepoint(e.pos):
                    self.step(-1)
                elif body.collidepoint(e.pos):
                    self.step(1 if b == 1 else -1)
                return True
            if b in (4, 5):
                self.step(-1 if b == 4 else 1)
                return True
        elif self.hovered and self.enabled and arrow_key(e):
            self.step(arrow_key(e))
            return True
        return False

    def draw(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        if self.label:
            self.draw_label(surf, self.label_w - SPACE.m)
        body, left, right = self._parts()
        pygame.draw.rect(surf, pal.button if self.enabled else pal.button_disabled, body, border_radius=SPACE.radius)
        edge = pal.amber if (self.hovered and self.enabled) else pal.gold_dim
        pygame.draw.rect(surf, edge, body, 2, border_radius=SPACE.radius)
        for part, rr, sym in (("l", left, "‹"), ("r", right, "›")):
            hot = self.hover_part == part and self.enabled
            if hot:
                pygame.draw.rect(surf, pal.button_hover, rr.inflate(-6, -6), border_radius=SPACE.radius - 2)
            draw_text(surf, self.ui, sym, (rr.centerx, rr.centery - 2), FONT.heading if not self.compact else FONT.button,
                      pal.gold if self.enabled else pal.text_faint, bold=True, anchor="center")
        if self.choices:
            _, label, reason = self.choices[self.index]
            col = pal.text if self.enabled and not reason else pal.text_faint
            size = FONT.small + 2 if self.compact else FONT.body
            text = self.fit("choice", str(label), size, body.w - 2 * left.w - 4, bold=True)
            draw_text(surf, self.ui, text, body.center, size, col, bold=True, anchor="center")


class Stepper(Cycler):
    """An integer with − / + (a Cycler over a range that does not wrap). Holding − or +
    repeats the step; Home and End (pointed at, like ← and →) go to the two ends."""

    REPEAT_AFTER, REPEAT_EVERY = 0.45, 0.12     # seconds: a held − or + starts repeating, then steps
    # A scene that rebuilds its widgets on every change (the new-game screen) makes a new
    # Stepper at the same place after each step: the hold and the pointer carry over to it
    # while on_change runs, so holding + keeps going and ← → keep working.
    _carried: dict = {}

    def __init__(self, ui, rect, label, lo: int, hi: int, value: int, on_change=None, tooltip=None,
                 fmt=str, label_w=None):
        self.lo, self.hi = lo, hi
        super().__init__(ui, rect, label, [(v, fmt(v)) for v in range(lo, hi + 1)], value, on_change,
                         tooltip, label_w)
        self.held, self.hold_t = 0, 0.0          # −1 / +1 while − or + is held down
        carried = Stepper._carried.pop(self.place(), None)
        if carried is not None:
            self.held, self.hold_t, self.hovered, self.hover_part = carried

    def place(self) -> tuple:
        return self.label, tuple(self.rect)

    def step(self, d: int):
        if not self.enabled:
            return
        i = max(0, min(len(self.choices) - 1, self.index + d))
        if i == self.index:
            self.held = 0
            self.ui.sound.play("error", 0.3)
            return
        self.index = i
        self.ui.sound.play("ui_click", 0.7)
        if self.on_change:
            Stepper._carried[self.place()] = (self.held, self.hold_t, self.hovered, self.hover_part)
            try:
                self.on_change(self.value)
            finally:
                Stepper._carried.pop(self.place(), None)

    def jump(self, end: int):
        """To the first (end −1) or the last (end +1) value."""
        target = 0 if end < 0 else len(self.choices) - 1
        if target != self.index:
            self.step(target - self.index)

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos") \
                and self.enabled:
            _body, left, right = self._parts()
            self.held = -1 if left.collidepoint(e.pos) else 1 if right.collidepoint(e.pos) else 0
            self.hold_t = 0.0
        elif e.type == pygame.MOUSEBUTTONUP and getattr(e, "button", 1) == 1:
            self.held = 0
        elif e.type == pygame.KEYDOWN and self.hovered and self.enabled \
                and getattr(e, "key", None) in (pygame.K_HOME, pygame.K_END):
            self.jump(-1 if e.key == pygame.K_HOME else 1)
            return True
        used = super().handle_event(e)
        if e.type == pygame.MOUSEMOTION and self.held and self.hover_part != ("l" if self.held < 0 else "r"):
            self.held = 0                        # the pointer slid off the held button
        return used

    def update(self, dt):
        if not self.held:
            return
        self.hold_t += dt
        if self.hold_t >= self.REPEAT_AFTER:
            self.hold_t = self.REPEAT_AFTER - self.REPEAT_EVERY
            self.step(self.held)

    def draw(self, surf):
        pal = self.ui.pal
        body, left, right = self._parts()
        super().draw(surf)
        # − / + read better than arrows for a count; cover the arrows
        for rr, sym, ok in ((left, "−", self.index > 0), (right, "+", self.index < len(self.choices) - 1)):
            inner = rr.inflate(-8, -8)
            pygame.draw.rect(surf, pal.button_hover if self.hover_part == ("l" if sym == "−" else "r") and ok
                             else pal.button, inner, border_radius=SPACE.radius - 2)
            draw_text(surf, self.ui, sym, rr.center, FONT.heading,
                      pal.gold if ok and self.enabled else pal.text_faint, bold=True, anchor="center")


def copy_text(text: str) -> bool:
    """Put text on the system clipboard (SDL's); False where there is none."""
    try:
        pygame.scrap.put_text(text)
        return True
    except (pygame.error, AttributeError, TypeError):
        return False


def paste_text() -> str:
    """The clipboard's text ('' when empty or unreachable)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return text if isinstance(text, str) else ""


class TextInput(Widget):
    focusable = True

    def __init__(self, ui, rect, text: str = "", placeholder: str = "", max_len: int = 24,
                 allowed: Callable[[str], bool] | None = None, on_change=None, on_enter=None,
                 tooltip=None, size: int = FONT.body):
        super().__init__(ui, rect, tooltip)
        self.text, self.placeholder, self.max_len = text, placeholder, max_len
        self.allowed, self.on_change, self.on_enter = allowed, on_change, on_enter
        self.size = size
        self.blink = 0.0

    def set_focus(self, focus: bool):
        if focus == self.focused:
            return
        self.focused = focus
        try:
            if focus:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass

    def _insert(self, s: str):
        for ch in s:
            if len(self.text) >= self.max_len or not ch.isprintable():
                break
            if self.allowed and not self.allowed(ch):
                continue
            self.text += ch
        if self.on_change:
            self.on_change(self.text)

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.hovered = self.rect.collidepoint(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos"):
            inside = self.rect.collidepoint(e.pos) and self.enabled
            self.set_focus(inside)
            return inside
        elif self.focused and e.type == pygame.TEXTINPUT:
            self._insert(getattr(e, "text", ""))
            return True
        elif self.focused and e.type == pygame.KEYDOWN:
            k = getattr(e, "key", None)
            if k == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
                if self.on_change:
                    self.on_change(self.text)
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.set_focus(False)
                if self.on_enter:
                    self.on_enter(self.text)
            elif k == pygame.K_ESCAPE:
                self.set_focus(False)
            return True                     # a focused field swallows keys (no hotkeys while typing)
        return False

    def update(self, dt):
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        r = self.rect
        pygame.draw.rect(surf, pal.bg_deep, r, border_radius=SPACE.radius - 2)
        edge = pal.gold if self.focused else (pal.amber if self.hovered else pal.gold_dim)
        pygame.draw.rect(surf, edge, r, 2, border_radius=SPACE.radius - 2)
        shown = self.text
        col = pal.text if self.enabled else pal.text_faint
        if not shown and not self.focused:
            shown, col = self.placeholder, pal.text_faint
        f = self.ui.assets.font(self.size)
        while shown and f.size(shown)[0] > r.w - 2 * SPACE.s - 4:
            shown = shown[1:] if self.focused else shown[:-1]
        tr = draw_text(surf, self.ui, shown, (r.x + SPACE.s + 2, r.centery), self.size, col, anchor="midleft")
        if self.focused and self.blink < 0.55:
            x = tr.right + 2 if self.text else r.x + SPACE.s + 2
            pygame.draw.line(surf, pal.gold, (x, r.centery - self.size // 2), (x, r.centery + self.size // 2), 2)


class ScrollList(Widget):
    """Rows of (title, subtitle[, icon[, badge]]); click selects, double-click or Enter
    activates; wheel / drag scrollbar scrolls."""

    def __init__(self, ui, rect, rows: list, row_h: int = 76, on_select=None, on_activate=None,
                 empty_text: str = ""):
        super().__init__(ui, rect)
        self.rows, self.row_h = rows, row_h
        self.on_select, self.on_activate = on_select, on_activate
        self.selected: int | None = None
        self.scroll = 0.0
        self.hover_row: int | None = None
        self.row_cuts: dict[int, list[str]] = {}   # row -> its shortened words, whole
        self.empty_text = empty_text
        self._last_click = (-1, -10.0)
        self._t = 0.0
        self._drag_bar = False

    @property
    def max_scroll(self) -> float:
        return max(0.0, len(self.rows) * self.row_h - self.rect.h)

    def set_rows(self, rows):
        self.rows = rows
        self.row_cuts.clear()
        self.selected = None if not rows else min(self.selected or 0, len(rows) - 1)
        self.scroll = min(self.scroll, self.max_scroll)

    def _row_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        i = int((pos[1] - self.rect.y + self.scroll) // self.row_h)
        return i if 0 <= i < len(self.rows) else None

    def select(self, i, notify=True):
        if i is None or not self.rows:
            return
        i = max(0, min(len(self.rows) - 1, i))
        self.selected = i
        top = i * self.row_h
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.rect.h:
            self.scroll = top + self.row_h - self.rect.h
        if notify and self.on_select:
            self.on_select(i)

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.hovered = self.rect.collidepoint(e.pos)
            self.hover_row = self._row_at(e.pos)
            if self._drag_bar and self.max_scroll > 0:
                frac = (e.pos[1] - self.rect.y) / max(1, self.rect.h)
                self.scroll = max(0.0, min(self.max_scroll, frac * self.max_scroll))
                return True
        elif e.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll = max(0.0, min(self.max_scroll, self.scroll - getattr(e, "y", 0) * self.row_h * 0.6))
            return True
        elif e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos") and self.rect.collidepoint(e.pos):
            b = getattr(e, "button", 1)
            if b in (4, 5):
                self.scroll = max(0.0, min(self.max_scroll, self.scroll + (-1 if b == 4 else 1) * self.row_h * 0.6))
                return True
            if b == 1 and self.max_scroll > 0 and e.pos[0] > self.rect.right - 18:
                self._drag_bar = True
                return True
            i = self._row_at(e.pos)
            if b == 1 and i is not None:
                self.ui.sound.play("ui_click", 0.7)
                last_i, last_t = self._last_click
                self.select(i)
                if last_i == i and self._t - last_t < 0.4 and self.on_activate:
                    self.on_activate(i)
                self._last_click = (i, self._t)
            return True
        elif e.type == pygame.MOUSEBUTTONUP and self._drag_bar:
            self._drag_bar = False
            return True
        elif e.type == pygame.KEYDOWN and self.rows:
            k = getattr(e, "key", None)
            if k == pygame.K_DOWN:
                self.select((self.selected if self.selected is not None else -1) + 1)
                return True
            if k == pygame.K_UP:
                self.select((self.selected or 0) - 1)
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.selected is not None and self.on_activate:
                self.on_activate(self.selected)
                return True
        return False

    def update(self, dt):
        self._t += dt

    def draw(self, surf):
        self.cuts.clear()                 # the hovered row fills it again
        self._draw_list(surf)

    def readable(self, text: str) -> bool:
        """Every row's shortened words show whole when the pointer rests on the row."""
        return super().readable(text) or any(text in c for cuts in self.row_cuts.values() for c in cuts)

    def _draw_list(self, surf):
        if not self.visible:
            return
        pal = self.ui.pal
        r = self.rect
        if not self.rows:
            if self.empty_text:
                draw_text(surf, self.ui, self.empty_text, r.center, FONT.body, pal.text_faint, anchor="center")
            return
        clip = surf.get_clip()
        surf.set_clip(r)
        first = int(self.scroll // self.row_h)
        for i in range(first, min(len(self.rows), first + r.h // self.row_h + 2)):
            y = r.y + i * self.row_h - int(self.scroll)
            row = pygame.Rect(r.x, y, r.w - (18 if self.max_scroll > 0 else 0), self.row_h - 6)
            self.draw_row(surf, row, i, self.rows[i], i == self.selected, i == self.hover_row)
        surf.set_clip(clip)
        if self.max_scroll > 0:
            bar = pygame.Rect(r.right - 10, r.y, 6, r.h)
            pygame.draw.rect(surf, pal.button_press, bar, border_radius=3)
            h = max(40, int(r.h * r.h / (r.h + self.max_scroll)))
            y = r.y + int((r.h - h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, pal.gold_dim, (bar.x, y, 6, h), border_radius=3)

    def draw_row(self, surf, rect, i, row, selected, hovered):
        pal = self.ui.pal
        title, sub = row[0], row[1] if len(row) > 1 else ""
        icon = row[2] if len(row) > 2 else None
        badge = row[3] if len(row) > 3 else None
        fill = pal.panel_hi if (selected or hovered) else pal.panel
        pygame.draw.rect(surf, fill, rect, border_radius=SPACE.radius - 2)
        if selected:
            pygame.draw.rect(surf, pal.gold, rect, 2, border_radius=SPACE.radius - 2)
        x = rect.x + SPACE.m
        if icon:
            ic = self.ui.assets.icon(icon, rect.h - 24, pal.gold if selected else pal.text_dim)
            surf.blit(ic, ic.get_rect(midleft=(x, rect.centery)))
            x += rect.h - 24 + SPACE.m
        badge_w = 0
        if badge:
            bt, bcol = badge if isinstance(badge, tuple) else (badge, pal.danger_hi)
            bs = self.ui.assets.text(bt, FONT.small, bcol, bold=True)
            surf.blit(bs, bs.get_rect(midright=(rect.right - SPACE.m, rect.centery)))
            badge_w = bs.get_width() + SPACE.m
        w = rect.right - x - SPACE.m - badge_w
        # a row's shortened words show whole in the tooltip while the pointer is on it
        cut = self.row_cuts.setdefault(i, [])
        cut.clear()

        def fit(slot, text, size, width, bold=False):
            shown = fit_text(self.ui, text, size, width, bold)
            if shown != text:
                cut.append(text)
                if hovered:
                    self.cuts[(i, slot)] = text
            return shown
        draw_text(surf, self.ui, fit("title", title, FONT.body, w, bold=True),
                  (x, rect.y + 10), FONT.body, pal.text, bold=True)
        if sub:
            draw_text(surf, self.ui, fit("sub", sub, FONT.small, w), (x, rect.y + 12 + FONT.body + 6),
                      FONT.small, pal.text_dim)


ANCHOR = re.compile(r"\s*\{#([A-Za-z0-9_-]+)\}\s*$")     # "## Moving {#movement}": a heading's anchor


class ScrollText(Widget):
    """Read-only formatted text (a light Markdown: #, ##, -, blank lines, **bold**
    lines), pre-rendered once, scrolled with wheel, drag or keys."""

    def __init__(self, ui, rect, text: str = ""):
        super().__init__(ui, rect)
        self.scroll = 0.0
        self.items: list = []
        self.height = 0
        self._drag = None
        self.set_text(text)

    @staticmethod
    def paragraphs(text: str) -> list[str]:
        """Markdown-ish: consecutive plain lines form one paragraph; an indented line
        continues the bullet above it."""
        out: list[str] = []
        for raw in text.replace("\r", "").split("\n"):
            line = raw.rstrip()
            s = line.lstrip()
            special = (not s or s.startswith(("#", "- ", "* ", "|", "```")) or line.startswith("    ")
                       and not out)
            if not special and out and out[-1].strip() and not out[-1].lstrip().startswith("#") \
                    and (not out[-1].lstrip().startswith(("- ", "* ")) or line.startswith("  ")):
                out[-1] = out[-1] + " " + s
            else:
                out.append(line)
        return out

    def set_text(self, text: str):
        a, pal = self.ui.assets, self.ui.pal
        w = self.rect.w - 40
        items, y = [], 0
        self.anchors: dict = {}           # a heading's "{#id}" -> its top, for scroll_to
        for raw in self.paragraphs(text):
            line = raw.rstrip()
            if not line.strip():
                y += 14
                continue
            anchor = ANCHOR.search(line) if line.startswith("#") else None
            if anchor is not None:
                line = line[:anchor.start()].rstrip()
                self.anchors[anchor.group(1)] = y
            size, col, bold, serif, indent, bullet = FONT.body, pal.text, False, False, 0, False
            if line.startswith("### "):
                line, size, col, bold, serif = line[4:], FONT.body + 2, pal.amber, True, True
                y += 6
            elif line.startswith("## "):
                line, size, col, bold, serif = line[3:], FONT.heading - 4, pal.gold, True, True
                y += 14
            elif line.startswith("# "):
                line, size, col, bold, serif = line[2:], FONT.heading + 6, pal.gold, True, True
                y += 18
            elif line.lstrip().startswith(("- ", "* ")):
                depth = (len(line) - len(line.lstrip())) // 2
                line, indent, bullet = line.lstrip()[2:], 28 + 24 * depth, True
            if line.startswith("**") and line.endswith("**") and len(line) > 4:
                line, bold = line[2:-2], True
            line = line.replace("**", "").replace("__", "").replace("`", "")
            block = a.text_block(line, size, col, w - indent, bold, serif, line_gap=6)
            if bullet:
                items.append(("bullet", (indent - 16, y + size // 2 + 2)))
            items.append((block, (indent, y)))
            y += block.get_height() + 6
        self.items, self.height = items, y + 20
        self.scroll = 0.0

    @property
    def max_scroll(self):
        return max(0.0, self.height - self.rect.h)

    def scroll_to(self, anchor: str | None) -> bool:
        """Scroll so the heading marked `{#anchor}` is at the top; False if none is."""
        y = self.anchors.get(anchor) if anchor else None
        if y is None:
            return False
        self.scroll = max(0.0, min(self.max_scroll, float(y)))
        return True

    def handle_event(self, e) -> bool:
        if not self.visible:
            return False
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            self.hovered = self.rect.collidepoint(e.pos)
            if self._drag is not None:
                y0, s0 = self._drag
                self.scroll = max(0.0, min(self.max_scroll, s0 - (e.pos[1] - y0)))
                return True
        elif e.type == pygame.MOUSEWHEEL and self.hovered:
            self.scroll = max(0.0, min(self.max_scroll, self.scroll - getattr(e, "y", 0) * 60))
            return True
        elif e.type == pygame.MOUSEBUTTONDOWN and hasattr(e, "pos") and self.rect.collidepoint(e.pos):
            b = getattr(e, "button", 1)
            if b in (4, 5):
                self.scroll = max(0.0, min(self.max_scroll, self.scroll + (-60 if b == 4 else 60)))
            elif b == 1:
                self._drag = (e.pos[1], self.scroll)
            return True
        elif e.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        elif e.type == pygame.KEYDOWN:
            k = getattr(e, "key", None)
            step = {pygame.K_DOWN: 60, pygame.K_UP: -60, pygame.K_PAGEDOWN: self.rect.h - 80,
                    pygame.K_PAGEUP: -(self.rect.h - 80), pygame.K_HOME: -1e9, pygame.K_END: 1e9}.get(k)
            if step is not None:
                self.scroll = max(0.0, min(self.max_scroll, self.scroll + step))
                return True
        return False

    def draw(self, surf):
        pal = self.ui.pal
        r = self.rect
        clip = surf.get_clip()
        surf.set_clip(r)
        top = int(self.scroll)
        for item, (x, y) in self.items:
            yy = r.y + y - top
            if yy > r.bottom or yy < r.y - 400:
                continue
            if item == "bullet":
                pygame.draw.circle(surf, pal.gold, (r.x + x, yy), 4)
            elif yy + item.get_height() >= r.y:
                surf.blit(item, (r.x + x, yy))
        surf.set_clip(clip)
        if self.max_scroll > 0:
            bar = pygame.Rect(r.right - 8, r.y, 6, r.h)
            pygame.draw.rect(surf, pal.button_press, bar, border_radius=3)
            h = max(40, int(r.h * r.h / self.height))
            y = r.y + int((r.h - h) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, pal.gold_dim, (bar.x, y, 6, h), border_radius=3)


class Group:
    """Holds widgets; routes events top-most first; draws; shows tooltips."""

    TOOLTIP_DELAY = 0.35

    def __init__(self, ui):
        self.ui = ui
        self.widgets: list[Widget] = []
        self.mouse = (-1, -1)
        self.hover_time = 0.0
        self.hover_widget: Widget | None = None

    def add(self, w: Widget) -> Widget:
        self.widgets.append(w)
        return w

    def clear(self):
        for w in self.widgets:
            if isinstance(w, TextInput):
                w.set_focus(False)
        self.widgets.clear()
        self.hover_widget = None

    def focused_input(self) -> TextInput | None:
        return next((w for w in self.widgets if isinstance(w, TextInput) and w.focused), None)

    def handle_event(self, e) -> bool:
        if e.type in MOUSE_EVENTS and hasattr(e, "pos"):
            self.mouse = e.pos
        if e.type == pygame.MOUSEBUTTONDOWN:
            # clicking elsewhere takes focus from a text field
            for w in self.widgets:
                if isinstance(w, TextInput) and w.focused and not w.rect.collidepoint(getattr(e, "pos", (-1, -1))):
                    w.set_focus(False)
        focused = self.focused_input()
        if focused is not None and e.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return focused.handle_event(e)
        consumed = False
        for w in reversed(self.widgets):
            if not w.visible:
                continue
            if e.type == pygame.MOUSEMOTION:
                w.handle_event(e)            # every widget tracks hover
                if getattr(w, "dragging", False) or getattr(w, "_drag", None) is not None \
                        or getattr(w, "_drag_bar", False):
                    consumed = True
                continue
            if w.handle_event(e):
                return True
        return consumed

    def update(self, dt):
        for w in list(self.widgets):        # a held Stepper's step may rebuild the scene's widgets
            if w.visible:
                w.update(dt)
        hover = next((w for w in reversed(self.widgets) if w.visible and w.rect.collidepoint(self.mouse)), None)
        if hover is not self.hover_widget:
            self.hover_widget, self.hover_time = hover, 0.0
        else:
            self.hover_time += dt

    def draw(self, surf):
        for w in self.widgets:
            if w.visible:
                w.draw(surf)

    def draw_tooltip(self, surf):
        w = self.hover_widget
        if w is None or self.hover_time < self.TOOLTIP_DELAY:
            return
        text = w.tooltip_text()
        if text:
            draw_tooltip(surf, self.ui, text, self.mouse, warn=not w.enabled)


def draw_tooltip(surf, ui, text: str, pos, warn: bool = False, width: int = 460):
    pal = ui.pal
    icon_w = 28 if warn else 0                  # the warning icon takes its room from the text's
    wrap_w = width - 28 - icon_w
    block = ui.assets.text_block(text, FONT.small, pal.text, wrap_w)
    lines_w = max((ui.assets.text_size(line, FONT.small)[0] for line in ui.assets.wrap(text, FONT.small, wrap_w)),
                  default=0)
    w = min(width, lines_w + 28 + icon_w)
    h = block.get_height() + 20
    x = min(pos[0] + 18, surf.get_width() - w - 8)
    y = pos[1] + 26
    if y + h > surf.get_height() - 8:
        y = pos[1] - h - 12
    r = pygame.Rect(x, y, w, h)
    draw_panel(surf, r, ui, alpha=245, fill=pal.bg_deep, edge=pal.danger if warn else pal.gold_dim, radius=6)
    tx = r.x + 14
    if warn:
        ic = ui.assets.icon("info", 20, pal.danger_hi)
        surf.blit(ic, (tx, r.y + 12))
        tx += icon_w
    surf.blit(block, (tx, r.y + 10))


def modal_shade(surf, ui, alpha: int = 170):
    shade = ui.assets.scaled(("shade", surf.get_size(), alpha), lambda: _shade(surf.get_size(), alpha))
    surf.blit(shade, (0, 0))


def _shade(size, alpha):
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((5, 3, 2, alpha))
    return s


__all__ = ["Widget", "Label", "Button", "Toggle", "Slider", "Cycler", "Stepper", "TextInput",
           "ScrollList", "ScrollText", "Group", "draw_panel", "draw_text", "draw_tooltip",
           "fit_text", "modal_shade", "theme"]
