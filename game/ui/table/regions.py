"""Named screen regions given as fractions of the window, so a table holds no pixel
literals and looks the same at 1280×720, 1920×1080, 2560×1440, 4:3 or 21:9.

    REGIONS = {
        "board": Region(0.0, 0.0, 0.74, 1.0, aspect=1.0),          # square, centred in its box
        "side":  Region(0.74, 0.0, 0.26, 1.0, pad=0.01),
        "tray":  Region(0.5, 0.98, 0.44, 0.2, anchor="midbottom", parent="board"),
    }
    lay = Layout((1920, 1080), REGIONS)
    lay["board"]            -> pygame.Rect
    lay.u(0.02)             -> a length: 2 % of the window's short side (sizes, gaps, radii)
    lay.font(0.025)         -> a font size: 2.5 % of the window height, never below `min_font`
    lay.split("side", 3, axis="y", gap=0.01)  -> three rects stacked in "side"
    lay.grid("tray", 2, 3, gap=0.01)          -> rows × cols rects, row by row
    lay.resized((2560, 1440))                 -> the same layout for another window

A `Region` is (x, y, w, h) as fractions of its parent's rect (the window, or a region
named by `parent`, resolved first), placed by `anchor` (the point of the region that
sits at (x, y)): "topleft", "midtop", "center", "midbottom", ... `aspect` (w / h) keeps
the shape, shrinking it to fit the fractional box; `max_w` / `max_h` cap a side as a
fraction of the window's short side (so a side panel does not grow absurdly on 21:9);
`pad` insets the result by a fraction of the short side. Everything is an int Rect.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

ANCHORS = {
    "topleft": (0.0, 0.0), "midtop": (0.5, 0.0), "topright": (1.0, 0.0),
    "midleft": (0.0, 0.5), "center": (0.5, 0.5), "midright": (1.0, 0.5),
    "bottomleft": (0.0, 1.0), "midbottom": (0.5, 1.0), "bottomright": (1.0, 1.0),
}


class LayoutError(ValueError):
    """A region names an unknown parent or anchor, or the parents form a cycle."""


@dataclass(frozen=True)
class Region:
    x: float
    y: float
    w: float
    h: float
    anchor: str = "topleft"
    parent: str | None = None
    aspect: float | None = None       # width / height kept, fitted inside the box
    pad: float = 0.0                  # inset, fraction of the window's short side
    max_w: float | None = None        # caps, fractions of the window's short side
    max_h: float | None = None


class Layout:
    """Regions resolved for one window size; `resized` gives another size's."""

    def __init__(self, size, regions: dict[str, Region], *, min_font: int = 11):
        self.size = (int(size[0]), int(size[1]))
        self.regions = dict(regions)
        self.min_font = min_font
        self.short = min(self.size)
        self._rects: dict[str, pygame.Rect] = {}
        for name in self.regions:
            self._resolve(name, ())

    # -- resolution ----------------------------------------------------------------
    def _resolve(self, name: str, chain: tuple) -> pygame.Rect:
        got = self._rects.get(name)
        if got is not None:
            return got
        if name in chain:
            raise LayoutError(f"regions form a cycle: {' -> '.join(chain + (name,))}")
        reg = self.regions.get(name)
        if reg is None:
            raise LayoutError(f"unknown region {name!r}")
        if reg.anchor not in ANCHORS:
            raise LayoutError(f"region {name!r}: unknown anchor {reg.anchor!r}")
        if reg.parent is None:
            px, py, pw, ph = 0, 0, self.size[0], self.size[1]
        else:
            if reg.parent not in self.regions:
                raise LayoutError(f"region {name!r}: unknown parent {reg.parent!r}")
            p = self._resolve(reg.parent, chain + (name,))
            px, py, pw, ph = p.x, p.y, p.width, p.height
        w, h = reg.w * pw, reg.h * ph
        if reg.max_w is not None:
            w = min(w, reg.max_w * self.short)
        if reg.max_h is not None:
            h = min(h, reg.max_h * self.short)
        if reg.aspect:
            if w / max(h, 1e-9) > reg.aspect:
                w = h * reg.aspect
            else:
                h = w / reg.aspect
        ax, ay = ANCHORS[reg.anchor]
        # the box the fractions describe, and the (possibly smaller) shape anchored in it
        bx = px + reg.x * pw - ax * reg.w * pw
        by = py + reg.y * ph - ay * reg.h * ph
        bw, bh = reg.w * pw, reg.h * ph
        x = bx + ax * (bw - w)
        y = by + ay * (bh - h)
        r = pygame.Rect(round(x), round(y), max(1, round(w)), max(1, round(h)))
        if reg.pad:
            d = round(reg.pad * self.short)
            r = r.inflate(-2 * d, -2 * d)
            r.width, r.height = max(1, r.width), max(1, r.height)
        self._rects[name] = r
        return r

    # -- access ----------------------------------------------------------------------
    def __getitem__(self, name: str) -> pygame.Rect:
        return pygame.Rect(self._rects[name]) if name in self._rects else self._resolve(name, ()).copy()

    def __contains__(self, name: str) -> bool:
        return name in self.regions

    def names(self) -> list[str]:
        return list(self.regions)

    def resized(self, size) -> "Layout":
        return Layout(size, self.regions, min_font=self.min_font)

    # -- lengths ---------------------------------------------------------------------
    def u(self, frac: float) -> int:
        """A length as a fraction of the window's short side (at least 1 px)."""
        return max(1, round(frac * self.short))

    def font(self, frac: float) -> int:
        """A font size as a fraction of the window height (at least `min_font`)."""
        return max(self.min_font, round(frac * self.size[1]))

    # -- subdivision -----------------------------------------------------------------
    def split(self, name: str, n: int, axis: str = "x", gap: float = 0.0,
              weights: list[float] | None = None) -> list[pygame.Rect]:
        """Cut region `name` into n rects along an axis, `gap` a fraction of the short side."""
        return split_rect(self[name], n, axis, self.u(gap) if gap else 0, weights)

    def grid(self, name: str, rows: int, cols: int, gap: float = 0.0) -> list[pygame.Rect]:
        g = self.u(gap) if gap else 0
        out = []
        for row in split_rect(self[name], rows, "y", g):
            out += split_rect(row, cols, "x", g)
        return out


def split_rect(rect, n: int, axis: str = "x", gap: int = 0,
               weights: list[float] | None = None) -> list[pygame.Rect]:
    """n rects side by side (axis "x") or stacked ("y") inside rect, separated by gap px."""
    rect = pygame.Rect(rect)
    if n <= 0:
        return []
    weights = list(weights) if weights else [1.0] * n
    if len(weights) != n:
        raise LayoutError(f"split into {n} needs {n} weights, got {len(weights)}")
    span = rect.width if axis == "x" else rect.height
    free = max(0, span - gap * (n - 1))
    total = sum(weights)
    out, pos = [], 0.0
    for i, wgt in enumerate(weights):
        a = round(pos)
        pos += free * wgt / total
        b = round(pos)
        if axis == "x":
            out.append(pygame.Rect(rect.x + a + i * gap, rect.y, max(1, b - a), rect.height))
        else:
            out.append(pygame.Rect(rect.x, rect.y + a + i * gap, rect.width, max(1, b - a)))
    return out
