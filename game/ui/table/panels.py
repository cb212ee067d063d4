"""Small side-panel and board widgets any table may use, drawn with pygame.draw and the
kit's Gfx (its text, wrap, panel, icon and cache):

    rows_panel(gfx, rows, looks, w, h, scale, font)   # a dark panel of worded rows, cached
    fold_button(surf, rect, opened, hot)               # a chevron: › folds a panel right, ‹ opens it
    close_box(surf, rect, hot, scale)                  # a ✕ in a gold-edged box
    edge_marks(camera, {key: world point}, margin)     # where things off the view sit on its edge
    edge_mark(surf, gfx, at, centre, r, color, label)  # an arrow-tipped disc there
    spot_ring(surf, at, r, ok, good, bad)              # a placement under the pointer: ring, or cross

`scale` is the table's design-pixel scale (geo()[0]) and `font` its font-size function
(geo()[4]: `font(design size, smallest)`).
"""
from __future__ import annotations

import math

import pygame

from . import style
from .pieces import ICON_LABEL


def rows_panel(gfx, rows, looks: dict, w: int, h: int, scale: float, font, *, alpha: int = 215,
               corner: int = 44) -> pygame.Surface:
    """A dark panel of (text, kind) rows, each wrapped to the width and worded in
    `looks[kind]` = (design size, colour, bold), with a small gap between rows; the first
    row leaves `corner` design pixels free on the right (for a button there). At least
    `h` high, taller when the rows need it; a line that would cross the bottom is left
    out. Cached by its rows, size and alpha."""
    def px(v: float) -> int:
        return int(v * scale)

    def make():
        imgs = []
        for k, (text, kind) in enumerate(rows):
            size, col, bold = looks[kind]
            width = w - px(28) - (px(corner) if k == 0 else 0)
            imgs += [gfx.text(line, font(size, 12), col, bold=bold)
                     for line in gfx.wrap(text, font(size, 12), width, bold=bold)]
            imgs.append(None)                                  # a small gap between rows
        gap = px(5)
        full = px(16) + sum(im.get_height() if im is not None else gap for im in imgs)
        img = gfx.panel(w, max(h, full), fill=(16, 11, 14), border=style.GOLD_DEEP, radius=12, alpha=alpha).copy()
        y = px(10)
        for im in imgs:
            if im is not None and y + im.get_height() <= img.get_height() - px(6):
                img.blit(im, (px(14), y))
            y += im.get_height() if im is not None else gap
        return img
    return gfx.cached(("rows_panel", tuple(rows), w, h, alpha, corner), make)


def fold_button(surf, rect: pygame.Rect, opened: bool, hot: bool) -> None:
    """A button that folds a right-hand panel away (›, while it is open) or opens it (‹)."""
    pygame.draw.rect(surf, (40, 28, 24) if not hot else (70, 50, 36), rect, border_radius=8)
    pygame.draw.rect(surf, style.GOLD if hot else style.GOLD_DEEP, rect, 2, border_radius=8)
    k, (cx, cy) = max(5, rect.w // 5), rect.center
    d = 1 if opened else -1
    pygame.draw.lines(surf, style.GOLD_BRIGHT, False, [(cx - d * k // 2, cy - k), (cx + d * k // 2, cy),
                                                      (cx - d * k // 2, cy + k)], 3)


def close_box(surf, rect: pygame.Rect, hot: bool, scale: float) -> None:
    """A ✕ in a gold-edged box (brighter under the pointer)."""
    pygame.draw.rect(surf, style.GOLD if hot else style.GOLD_DEEP, rect, 2, border_radius=8)
    x = rect.inflate(-int(22 * scale), -int(22 * scale))
    pygame.draw.line(surf, style.TEXT, x.topleft, x.bottomright, 3)
    pygame.draw.line(surf, style.TEXT, x.topright, x.bottomleft, 3)


def edge_marks(camera, points: dict, margin: int) -> list:
    """(key, screen point) for each world point off the camera's view: a point `margin`
    pixels inside the view's edge, on the line from the view's middle toward it."""
    inner = camera.rect.inflate(-margin, -margin)
    cx, cy = inner.center
    out = []
    for key, world in points.items():
        x, y = camera.to_screen(world)
        if camera.rect.collidepoint(x, y) or (x, y) == (cx, cy):
            continue
        k = min(abs((inner.w / 2) / (x - cx)) if x != cx else 1e9, abs((inner.h / 2) / (y - cy)) if y != cy else 1e9)
        out.append((key, (round(cx + (x - cx) * k), round(cy + (y - cy) * k))))
    return out


def edge_mark(surf, gfx, at, centre, r: int, color, label: str, dim: bool = False) -> None:
    """A disc of radius `r` at `at` with an arrow tip pointing away from `centre`, ringed in
    `color` (grey when `dim`), with the label's icon ("icon:<name>") or its text."""
    x, y = at
    ang = math.atan2(y - centre[1], x - centre[0])
    tip = (x + math.cos(ang) * r * 1.9, y + math.sin(ang) * r * 1.9)
    side = [(x + math.cos(ang + d) * r, y + math.sin(ang + d) * r) for d in (1.2, -1.2)]
    pygame.draw.polygon(surf, color, [tip] + side)
    pygame.draw.circle(surf, (16, 11, 14), (x, y), r + 2)
    pygame.draw.circle(surf, color if not dim else (90, 90, 96), (x, y), r, 3)
    ic = gfx.icon(label[len(ICON_LABEL):], 2 * r - 6, style.TEXT) if label.startswith(ICON_LABEL) \
        else gfx.text(label, r, style.TEXT, bold=True)
    surf.blit(ic, ic.get_rect(center=(x, y)))


def spot_ring(surf, at, r: int, ok: bool, good, bad) -> None:
    """Where a piece would go: a ring in `good`, or in `bad` with a cross (not by colour alone)."""
    pygame.draw.circle(surf, good if ok else bad, at, r, max(2, r // 4))
    if not ok:
        k = int(r * 0.6)
        for dx in (-k, k):
            pygame.draw.line(surf, bad, (at[0] - dx, at[1] - k), (at[0] + dx, at[1] + k), 2)
