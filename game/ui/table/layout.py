"""Seat layouts that adapt to the number of players.

    rects = oval_seats(k, center=(770, 470), radii=(650, 352), box=(300, 214),
                       bounds=pygame.Rect(20, 16, 1510, 1050))
gives k rectangles round the top of an oval (the viewer sits at the bottom), spread
evenly, clamped inside `bounds`.
"""
from __future__ import annotations

import math

import pygame


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
