"""Shapes that tell colours apart without colour, and glass beads (a resource, a mana orb, a
coin of a colour) that carry a number and such a shape, for any table:

    shape(surf, "triangle", centre, r, colour)       # also "diamond", "cross", "ring"
    glass_bead(gfx, colour, r, "3", ring=WHITE, light=False, mark=("triangle", colour))

A table that shows several resource colours gives each one of SHAPES, so a colour-blind
player (or a grey screenshot) still reads them; the shapes differ in outline, not only in fill.
"""
from __future__ import annotations

import pygame

from . import style

SHAPES = ("triangle", "diamond", "cross", "ring")
EDGE = (12, 8, 10)


def shape(surf, name: str, center, r: int, colour, edge=EDGE) -> None:
    """One of SHAPES of radius `r` at `center`, filled with `colour` and outlined `edge`."""
    x, y = center
    w = max(1, r // 4)
    if name in ("triangle", "diamond"):
        pts = [(x, y - r), (x + r, y + int(r * 0.8)), (x - r, y + int(r * 0.8))] if name == "triangle" else \
            [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, edge, pts, w)
    elif name == "cross":
        a = max(2, int(r * 0.36))
        bars = (pygame.Rect(x - a, y - r, 2 * a, 2 * r), pygame.Rect(x - r, y - a, 2 * r, 2 * a))
        for rect in bars:
            pygame.draw.rect(surf, edge, rect.inflate(2 * w, 2 * w))
        for rect in bars:
            pygame.draw.rect(surf, colour, rect)
    elif name == "ring":
        pygame.draw.circle(surf, edge, center, r)
        pygame.draw.circle(surf, colour, center, r - w, max(2, r // 3))
    else:
        raise ValueError(f"no shape {name!r}: one of {SHAPES}")


def glass_bead(gfx, colour, r: int, label: str, *, ring=None, light: bool = False, mark=None) -> pygame.Surface:
    """A bead of radius `r` shaded like glass, with a drop shadow and `label` (a number) in
    its middle: light text outlined dark, or dark ink on a `light` bead. `ring`: a rim of
    that colour (a bead that was something else first); `mark`: (shape name, colour) drawn
    small at its lower right. The surface is 2r+6 square, the bead's centre at (r+2, r+2);
    cached per look."""
    def make():
        sz = 2 * r + 6
        o = pygame.Surface((sz, sz), pygame.SRCALPHA)
        c = (r + 2, r + 2)
        pygame.draw.circle(o, (0, 0, 0, 140), (c[0] + 2, c[1] + 3), r)
        shine = style.lerp_color(colour, (255, 255, 255), 0.35)
        for i in range(r, 0, -1):
            f = i / r
            pygame.draw.circle(o, style.lerp_color(shine, colour, f),
                               (c[0] - int((1 - f) * r * 0.3), c[1] - int((1 - f) * r * 0.3)), i)
        pygame.draw.circle(o, style.lerp_color(colour, (0, 0, 0), 0.5), c, r, max(1, r // 10))
        if ring is not None:
            pygame.draw.circle(o, ring, c, r, max(2, r // 6))
        size = max(11, int(r * 0.95))
        num = gfx.text(label, size, style.INK, bold=True) if light else \
            gfx.outlined_text(label, size, style.TEXT, outline=(0, 0, 0), bold=True)
        o.blit(num, num.get_rect(center=c))
        if mark is not None:
            shape(o, mark[0], (c[0] + int(r * 0.62), c[1] + int(r * 0.62)), max(4, r // 3), mark[1])
        return o
    return gfx.cached(("glass_bead", tuple(colour), r, label, ring, light, mark), make)
