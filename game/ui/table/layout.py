"""Seat layouts that adapt to the number of players, and a generic seat panel.

    rects = oval_seats(k, center=(770, 470), radii=(650, 352), box=(300, 214),
                       bounds=pygame.Rect(20, 16, 1510, 1050))
gives k rectangles round the top of an oval (the viewer sits at the bottom), spread
evenly, clamped inside `bounds`. `row_seats` lines them up instead (for boards that
leave no room for an oval).
"""
from __future__ import annotations

import math

import pygame

from . import style
from .gfx import seat_marker_surface


def oval_angles(k: int, span_per_seat: float = 62.0, max_span: float = 216.0) -> list[float]:
    """Angles (degrees, y down: 270 is the top) for k seats round the top of an oval."""
    if k <= 0:
        return []
    if k == 1:
        return [270.0]
    span = min(max_span, span_per_seat * (k - 1))
    return [270 - span / 2 + span * i / (k - 1) for i in range(k)]


def oval_seats(k: int, center, radii, box, bounds: pygame.Rect, **kw) -> list[pygame.Rect]:
    cx, cy = center
    rx, ry = radii
    w, h = box
    out = []
    for a in oval_angles(k, **kw):
        x = cx + rx * math.cos(math.radians(a))
        y = cy + ry * math.sin(math.radians(a))
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(x), int(y))
        r.clamp_ip(bounds)
        out.append(r)
    return out


def row_seats(k: int, area: pygame.Rect, box, gap: int = 16) -> list[pygame.Rect]:
    w, h = box
    if k <= 0:
        return []
    w = min(w, (area.width - gap * (k - 1)) // k)
    total = k * w + gap * (k - 1)
    x = area.centerx - total // 2
    return [pygame.Rect(x + i * (w + gap), area.centery - h // 2, w, h) for i in range(k)]


class SeatPanel:
    """A player's area: name plate with the seat's colour-and-shape marker, optional
    status icons, a footer line; cached by its content. Games draw their zones
    (hand, tokens...) inside `rect` and call draw_active() for whose turn it is."""

    def __init__(self, seat: int, rect: pygame.Rect, name: str):
        self.seat = seat
        self.rect = pygame.Rect(rect)
        self.name = name

    def image(self, gfx, *, icons=(), footer: str | None = None, out: bool = False, highlight: bool = False,
              colorblind: bool = False) -> pygame.Surface:
        key = ("seatpanel2", self.seat, self.rect.size, self.name, tuple(icons), footer, out, highlight,
               colorblind)

        def make():
            w, h = self.rect.size
            s = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
            s.blit(gfx.panel(w, h, fill=(26, 16, 20) if not out else (22, 20, 20),
                             border=style.GOLD_BRIGHT if highlight else style.GOLD_DEEP, radius=16, width=2,
                             alpha=228, shadow=8, inner=(70, 50, 30)), (0, 0))
            s.blit(seat_marker_surface(gfx, self.seat, 11, colorblind), (22, 22))
            nm = gfx.fit_text(self.name, 24, w - 60 - 34 * len(icons), style.TEXT if not out else style.TEXT_DIM,
                              bold=True, serif=True, min_size=15)
            s.blit(nm, (54, 20))
            pygame.draw.line(s, (90, 66, 40), (20, 58), (w - 4, 58), 1)
            x = w + 8 - 14
            for name, color in icons:
                ic = gfx.icon(name, 30, color)
                x -= 32
                s.blit(ic, (x, 18))
            if footer:
                f = gfx.fit_text(footer, 17, w - 30, style.TEXT_DIM, min_size=12)
                s.blit(f, f.get_rect(midbottom=(8 + w // 2, 8 + h - 8)))
            return s
        return gfx.cached(key, make)

    def draw(self, surf, gfx, **kw) -> None:
        surf.blit(self.image(gfx, **kw), (self.rect.x - 8, self.rect.y - 8))

    def draw_active(self, surf, gfx, t: float) -> None:
        r = self.rect
        glow = gfx.glow_rect(r.width, r.height, style.GOLD_BRIGHT, 18, 14)
        glow.set_alpha(int(170 + 80 * math.sin(t * 3)))
        surf.blit(glow, (r.x - 14, r.y - 14))
        glow.set_alpha(None)
