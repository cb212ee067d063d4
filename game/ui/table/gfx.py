"""Cached drawing helpers: panels, glows, wrapped text, shadows. Every surface made
here is cached by its arguments; nothing is rendered per frame."""
from __future__ import annotations

import math

import pygame

from ..assets import SurfaceCache
from . import style

TABLE_CACHE_BYTES = 64 << 20       # a table's panels, glows, shadows and wrapped text
TABLE_CACHE_ITEMS = 20_000


class Gfx:
    """One per table: caches keyed by arguments. Text and icons come from the app's
    Assets (which cache too), so a test can record everything a table draws."""

    def __init__(self, assets):
        self.assets = assets
        # bounded (least recently used go first): a table open for hours never grows without end
        self._cache = SurfaceCache(TABLE_CACHE_BYTES, TABLE_CACHE_ITEMS)

    # -- text ---------------------------------------------------------------------
    def text(self, s: str, size: int, color=style.TEXT, bold=False, serif=False) -> pygame.Surface:
        return self.assets.text(s, size, color, bold=bold, serif=serif)

    def font(self, size: int, bold=False, serif=False) -> pygame.font.Font:
        return self.assets.font(size, bold=bold, serif=serif)

    def icon(self, name: str, size: int, color=None) -> pygame.Surface:
        return self.assets.icon(name, size, color)

    def wrap(self, s: str, size: int, width: int, bold=False, serif=False) -> list[str]:
        """Assets.wrap, kept in the table's cache."""
        return self._cache.get_or_make(("wrap", s, size, width, bold, serif),
                                       lambda: self.assets.wrap(s, size, width, bold, serif))

    def text_block(self, s: str, size: int, width: int, color=style.TEXT, bold=False,
                   serif=False, align="center", line_gap: float = 1.12,
                   max_lines: int | None = None) -> pygame.Surface:
        """Wrapped text as one cached surface."""
        key = ("block", s, size, width, color, bold, serif, align, line_gap, max_lines)
        got = self._cache.get(key)
        if got is None:
            lines = self.wrap(s, size, width, bold, serif)
            if max_lines is not None and len(lines) > max_lines:
                lines = lines[:max_lines]
                lines[-1] = lines[-1].rstrip(" .,;") + "…"
            surfs = [self.text(line, size, color, bold, serif) for line in lines]
            lh = int(self.font(size, bold, serif).get_linesize() * line_gap)
            h = max(1, lh * (len(surfs) - 1) + (surfs[-1].get_height() if surfs else 0))
            got = pygame.Surface((max(1, int(width)), h), pygame.SRCALPHA)
            for i, sf in enumerate(surfs):
                x = 0 if align == "left" else (width - sf.get_width()) // 2 if align == "center" \
                    else width - sf.get_width()
                got.blit(sf, (x, i * lh))
            self._cache[key] = got
        return got

    def fit_text(self, s: str, size: int, width: int, color=style.TEXT, bold=False,
                 serif=False, min_size: int = 10) -> pygame.Surface:
        """One line, shrunk (down to min_size) to fit the width."""
        key = ("fit", s, size, width, color, bold, serif, min_size)
        got = self._cache.get(key)
        if got is None:
            sz = size
            while sz > min_size and self.font(sz, bold, serif).size(s)[0] > width:
                sz -= 1
            got = self.text(s, sz, color, bold, serif)
            self._cache[key] = got
        return got

    def fit_lines(self, s: str, size: int, width: int, color=style.TEXT, bold=False,
                  serif=False, min_size: int = 10, max_lines: int = 2,
                  line_gap: float = 0.95) -> pygame.Surface:
        """Text that always fits `width`: one line shrunk down to `min_size`; failing that,
        wrapped onto up to `max_lines` lines (largest size that fits); failing that, the
        last line is cut with an ellipsis. Centred lines; cached. Used for card titles."""
        key = ("fitl", s, size, width, color, bold, serif, min_size, max_lines, line_gap)
        got = self._cache.get(key)
        if got is not None:
            return got
        width = max(1, int(width))
        min_size = min(min_size, size)
        lines, sz = None, min_size
        for tsz in range(size, min_size - 1, -1):
            if self.font(tsz, bold, serif).size(s)[0] <= width:
                lines, sz = [s], tsz
                break
        if lines is None and max_lines > 1:
            for tsz in range(size, min_size - 1, -1):
                font = self.font(tsz, bold, serif)
                wl = self.wrap(s, tsz, width, bold, serif)
                if len(wl) <= max_lines and all(font.size(x)[0] <= width for x in wl):
                    lines, sz = wl, tsz
                    break
        if lines is None:
            sz = min_size
            font = self.font(sz, bold, serif)
            lines = [x for x in self.wrap(s, sz, width, bold, serif) if x] or [""]
            keep = max(1, max_lines)
            cut = len(lines) > keep
            lines = lines[:keep]
            # words are never split: a line too wide (or the last kept one, when text
            # was dropped) ends in an ellipsis
            for i, line in enumerate(lines):
                if font.size(line)[0] <= width and not (cut and i == len(lines) - 1):
                    continue
                base = line[:width]          # no glyph is narrower than a pixel
                last = base.rstrip(" .,;-") + "…"
                while len(base) > 1 and font.size(last)[0] > width:
                    base = base[:-1]
                    last = base.rstrip(" .,;-") + "…"
                lines[i] = last
        surfs = [self.text(line, sz, color, bold, serif) for line in lines]
        lh = max(1, int(self.font(sz, bold, serif).get_linesize() * line_gap))
        h = max(1, lh * (len(surfs) - 1) + (surfs[-1].get_height() if surfs else 0))
        wd = max([sf.get_width() for sf in surfs] + [1])
        got = pygame.Surface((min(wd, width), h), pygame.SRCALPHA)
        for i, sf in enumerate(surfs):
            got.blit(sf, ((got.get_width() - sf.get_width()) // 2, i * lh))
        self._cache[key] = got
        return got

    def outlined_text(self, s: str, size: int, color=style.TEXT, outline=(0, 0, 0),
                      bold=True, serif=False, px: int = 2) -> pygame.Surface:
        key = ("otext", s, size, color, outline, bold, serif, px)
        got = self._cache.get(key)
        if got is None:
            fg = self.text(s, size, color, bold, serif)
            bg = self.text(s, size, outline, bold, serif)
            got = pygame.Surface((fg.get_width() + 2 * px, fg.get_height() + 2 * px), pygame.SRCALPHA)
            for dx in (-px, 0, px):
                for dy in (-px, 0, px):
                    if dx or dy:
                        got.blit(bg, (px + dx, px + dy))
            got.blit(fg, (px, px))
            self._cache[key] = got
        return got

    # -- shapes ---------------------------------------------------------------------
    def panel(self, w: int, h: int, fill=style.PANEL, border=style.PANEL_EDGE, radius: int = 12,
              width: int = 2, alpha: int = 235, shadow: int = 0, inner=None) -> pygame.Surface:
        """A rounded panel (optionally with a soft shadow and an inner rule)."""
        key = ("panel", w, h, fill, border, radius, width, alpha, shadow, inner)
        got = self._cache.get(key)
        if got is None:
            pad = shadow
            got = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
            if shadow:
                sh = self.shadow(w, h, radius, shadow)
                got.blit(sh, (0, 0))
            r = pygame.Rect(pad, pad, w, h)
            pygame.draw.rect(got, (*fill[:3], alpha), r, border_radius=radius)
            if border is not None and width:
                pygame.draw.rect(got, border, r, width, border_radius=radius)
            if inner is not None:
                pygame.draw.rect(got, inner, r.inflate(-2 * width - 6, -2 * width - 6), 1,
                                 border_radius=max(0, radius - 4))
            self._cache[key] = got
        return got

    def shadow(self, w: int, h: int, radius: int, spread: int, strength: int = 120) -> pygame.Surface:
        key = ("shadow", w, h, radius, spread, strength)
        got = self._cache.get(key)
        if got is None:
            got = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            steps = max(1, spread)
            for i in range(steps):
                a = int(strength * ((i + 1) / steps) ** 2 / steps * 2.2)
                r = pygame.Rect(i, i, w + 2 * (spread - i), h + 2 * (spread - i))
                pygame.draw.rect(got, (0, 0, 0, min(255, a)), r, border_radius=radius + spread - i)
            self._cache[key] = got
        return got

    def glow_rect(self, w: int, h: int, color=style.HIGHLIGHT, radius: int = 12,
                  spread: int = 14, dashed: bool = False) -> pygame.Surface:
        """A soft halo with a crisp outline around a w×h rect (for legal targets)."""
        key = ("glow", w, h, color, radius, spread, dashed)
        got = self._cache.get(key)
        if got is None:
            got = pygame.Surface((w + 2 * spread, h + 2 * spread), pygame.SRCALPHA)
            for i in range(spread):
                a = int(90 * (i + 1) / spread) ** 1
                r = pygame.Rect(i, i, w + 2 * (spread - i), h + 2 * (spread - i))
                pygame.draw.rect(got, (*color[:3], max(3, a // 5)), r, 2,
                                 border_radius=radius + spread - i)
            inner = pygame.Rect(spread, spread, w, h)
            if dashed:
                self._dashed(got, inner, color, radius)
            else:
                pygame.draw.rect(got, color, inner, 3, border_radius=radius)
            self._cache[key] = got
        return got

    @staticmethod
    def _dashed(surf, rect, color, radius, dash=14, gap=8, width=3):
        pts = []
        x0, y0, x1, y1 = rect.left, rect.top, rect.right - 1, rect.bottom - 1
        for (ax, ay, bx, by) in ((x0, y0, x1, y0), (x1, y0, x1, y1), (x1, y1, x0, y1), (x0, y1, x0, y0)):
            length = math.hypot(bx - ax, by - ay)
            n = int(length // (dash + gap)) + 1
            for i in range(n):
                s = i * (dash + gap) / max(1, length)
                e = min(1.0, (i * (dash + gap) + dash) / max(1, length))
                if s >= 1:
                    break
                pts.append(((ax + (bx - ax) * s, ay + (by - ay) * s), (ax + (bx - ax) * e, ay + (by - ay) * e)))
        for a, b in pts:
            pygame.draw.line(surf, color, a, b, width)

    def circle(self, r: int, fill, border=None, width: int = 2) -> pygame.Surface:
        key = ("circle", r, fill, border, width)
        got = self._cache.get(key)
        if got is None:
            got = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(got, fill, (r + 1, r + 1), r)
            if border is not None:
                pygame.draw.circle(got, border, (r + 1, r + 1), r, width)
            self._cache[key] = got
        return got

    def badge(self, label: str, size: int = 20, fill=style.CRIMSON, border=style.GOLD,
              color=style.TEXT, icon: str | None = None, pad: int = 8) -> pygame.Surface:
        """A pill with optional icon and a label."""
        key = ("badge", label, size, fill, border, color, icon, pad)
        got = self._cache.get(key)
        if got is None:
            txt = self.text(label, size, color, bold=True) if label else None
            isz = int(size * 1.25)
            w = pad * 2 + (txt.get_width() if txt else 0) + (isz + (4 if txt else 0) if icon else 0)
            h = max(isz, txt.get_height() if txt else 0) + pad
            got = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(got, fill, got.get_rect(), border_radius=h // 2)
            if border is not None:
                pygame.draw.rect(got, border, got.get_rect(), 2, border_radius=h // 2)
            x = pad
            if icon:
                ic = self.icon(icon, isz, color)
                got.blit(ic, (x, (h - isz) // 2))
                x += isz + 4
            if txt:
                got.blit(txt, (x, (h - txt.get_height()) // 2))
            self._cache[key] = got
        return got

    def scaled(self, surf: pygame.Surface, size: tuple, key) -> pygame.Surface:
        """smoothscale once, cached under `key` (the caller's identity for surf)."""
        return self._cache.get_or_make(("scaled", key, size), lambda: pygame.transform.smoothscale(
            surf, (max(1, size[0]), max(1, size[1]))))

    def rotated(self, surf: pygame.Surface, angle: float, key) -> pygame.Surface:
        """Rotation cached by whole degrees."""
        a = int(round(angle)) % 360
        if a == 0:
            return surf
        return self._cache.get_or_make(("rot", key, a), lambda: pygame.transform.rotozoom(surf, a, 1.0))

    def cached(self, key, make):
        return self._cache.get_or_make(key, make)

    def forget(self, prefix) -> None:
        for k in [k for k in self._cache if isinstance(k, tuple) and k and k[0] == prefix]:
            del self._cache[k]


def seat_color(seat: int, colorblind: bool = False) -> tuple:
    from game.ui import theme
    pal = theme.palette(colorblind)
    return pal.seats[seat % len(pal.seats)]


def seat_marker_surface(gfx: Gfx, seat: int, r: int, colorblind: bool = False) -> pygame.Surface:
    """The seat's colour AND its own shape (never colour alone), as the app draws it."""
    from game.ui import theme

    def make():
        col = seat_color(seat, colorblind)
        shape = theme.SEAT_SHAPES[seat % len(theme.SEAT_SHAPES)]
        s = pygame.Surface((2 * r + 6, 2 * r + 6), pygame.SRCALPHA)
        draw_seat_shape(s, shape, col, (r + 3, r + 3), r, edge=(0, 0, 0))
        return s
    return gfx.cached(("seatmark", seat, r, colorblind), make)


def draw_seat_shape(surf, shape: str, col, center, r: int, edge=None) -> None:
    """A seat's shape (theme.SEAT_SHAPES) of radius `r` at `center` in `col`; with `edge`,
    a thin border of that colour around it (the table's markers have one)."""
    x, y = center
    if shape == "circle":
        if edge:
            pygame.draw.circle(surf, edge, center, r + 2)
        pygame.draw.circle(surf, col, center, r)
    elif shape == "square":
        if edge:
            pygame.draw.rect(surf, edge, (x - r - 1, y - r - 1, 2 * r + 2, 2 * r + 2), border_radius=3)
        pygame.draw.rect(surf, col, (x - r + 1, y - r + 1, 2 * r - 2, 2 * r - 2), border_radius=2)
    elif shape == "cross":
        w = max(3, r // 2)
        pygame.draw.rect(surf, col, (x - w // 2, y - r, w, 2 * r))
        pygame.draw.rect(surf, col, (x - r, y - w // 2, 2 * r, w))
    elif shape in ("triangle", "diamond", "star", "hexagon"):
        pts = _seat_polygon(shape, x, y, r)
        pygame.draw.polygon(surf, col, pts)
        if edge:
            pygame.draw.polygon(surf, edge, pts, 1)
    else:                                       # the ring
        pygame.draw.circle(surf, col, center, r, max(3, r // 3))


def _seat_polygon(shape: str, x, y, r) -> list:
    if shape == "triangle":
        return [(x, y - r), (x + r, y + r - 2), (x - r, y + r - 2)]
    if shape == "diamond":
        return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
    if shape == "star":                         # points and inner corners, from the top
        return [(x + rr * math.cos(a), y + rr * math.sin(a))
                for rr, a in ((r if i % 2 == 0 else r * 0.45, -math.pi / 2 + i * math.pi / 5)
                              for i in range(10))]
    return [(x + r * math.cos(a), y + r * math.sin(a)) for a in (i * math.pi / 3 for i in range(6))]


def radial_glow(radius: int, color, alpha: int = 120, falloff: float = 2.0) -> pygame.Surface:
    """A soft round light (for candle-light passes): blit with BLEND_RGB_ADD or normally."""
    s = pygame.Surface((2 * radius, 2 * radius), pygame.SRCALPHA)
    steps = max(8, radius // 4)
    for i in range(steps, 0, -1):
        f = i / steps
        a = int(alpha * (1 - f) ** falloff)
        pygame.draw.circle(s, (*color[:3], max(0, min(255, a))), (radius, radius), int(radius * f))
    return s


def light_pool(radius: int, color, strength: float = 0.2, falloff: float = 2.0) -> pygame.Surface:
    """An opaque black surface with a soft round light: blit with BLEND_RGB_ADD
    (colour × strength at the centre, fading to nothing at the edge)."""
    s = pygame.Surface((2 * radius, 2 * radius))
    s.fill((0, 0, 0))
    steps = max(8, radius // 3)
    for i in range(steps, 0, -1):
        f = i / steps
        k = strength * (1 - f) ** falloff
        pygame.draw.circle(s, tuple(int(c * k) for c in color[:3]), (radius, radius), int(radius * f))
    return s


def night_wood(assets, size, tint, fallback, wash, pools, colour=(255, 168, 76)) -> pygame.Surface:
    """A table's backdrop: tiled wood (`fallback` fill without the texture) under a night
    `wash` (RGBA), lit by additive candle pools, each (centre x, centre y, radius, strength)
    in window pixels."""
    bg = pygame.Surface(size).convert()
    try:
        bg.blit(assets.tiled("wood", size, tint), (0, 0))
    except (pygame.error, OSError):
        bg.fill(fallback)
    night = pygame.Surface(size, pygame.SRCALPHA)
    night.fill(wash)
    bg.blit(night, (0, 0))
    for x, y, r, k in pools:
        bg.blit(light_pool(r, colour, k), (x - r, y - r), special_flags=pygame.BLEND_RGB_ADD)
    return bg
