"""Painting helpers for a ground layer drawn in local pixels (a board's cached ground):
translucent and masked polygons, drop shadows, a seeded noise tile and world-anchored
tiling. Nothing here knows a game: a board subclass paints its terrain with them.

    alpha_poly(s, pts, (0, 0, 0, 120), clip)          # pygame.draw ignores alpha on opaque
    masked(s, pts, clip, lambda tmp, dx, dy: ...)     # paint, keep what falls inside pts
    drop_shadow(s, pts, height_in, ppi, clip)         # a piece's shadow to the lower right
    tile(s, noise_tile(7, amp=26), off, clip, pygame.BLEND_RGB_ADD)
"""
from __future__ import annotations

import math
import random

import pygame

_NOISE: dict = {}


def hull(points) -> list:
    """The convex hull of `points` (rounded to 0.01), counter-clockwise on screen."""
    pts = sorted(set((round(x, 2), round(y, 2)) for x, y in points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def box(pts, pad: float = 0) -> pygame.Rect:
    """The whole-pixel rect round `pts` (grown by `pad`)."""
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    return pygame.Rect(x0, y0, math.ceil(max(xs) + pad) - x0 + 1, math.ceil(max(ys) + pad) - y0 + 1)


def alpha_poly(s, pts, rgba, clip) -> None:
    """A translucent polygon (pygame.draw ignores alpha on an opaque surface)."""
    area = box(pts).clip(clip)
    if area.w <= 0 or area.h <= 0:
        return
    tmp = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.polygon(tmp, rgba, [(x - area.x, y - area.y) for x, y in pts])
    s.blit(tmp, area.topleft)


def masked(s, pts, clip, paint, pad: float = 0) -> None:
    """`paint(tmp, dx, dy)` draws on a transparent surface whose (0, 0) is local (dx, dy);
    only what falls inside the polygon `pts` is kept."""
    area = box(pts, pad).clip(clip)
    if area.w <= 0 or area.h <= 0:
        return
    tmp = pygame.Surface(area.size, pygame.SRCALPHA)
    paint(tmp, area.x, area.y)
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - area.x, y - area.y) for x, y in pts])
    tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(tmp, area.topleft)


def drop_shadow(s, pts, height: float, ppi: float, clip, alpha: int = 120) -> None:
    """The shadow a piece `height` inches high casts toward the lower right."""
    k = (0.12 + 0.16 * min(height, 6.0)) * ppi
    dx, dy = k * 0.55, k * 0.8
    h = hull(list(pts) + [(x + dx, y + dy) for x, y in pts])
    if len(h) >= 3:
        alpha_poly(s, h, (6, 4, 8, alpha), clip)


def dashed_outline(s, color, pts, width: int, dash: float) -> None:
    """A closed polygon's edges in dashes of `dash` pixels."""
    n = len(pts)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        m = max(1, int(math.dist(a, b) / dash))
        for j in range(0, m, 2):
            t0, t1 = j / m, min(1.0, (j + 1) / m)
            pygame.draw.line(s, color, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


def noise_tile(seed: int = 7, size: int = 128, amp: int = 38) -> pygame.Surface:
    """A soft grey noise tile (0..amp) for a ground's grain, made once per process."""
    got = _NOISE.get((seed, size, amp))
    if got is None:
        rng = random.Random(seed)
        small = pygame.Surface((size // 4, size // 4))
        for y in range(size // 4):
            for x in range(size // 4):
                v = rng.randrange(0, 26)
                small.set_at((x, y), (v, v, v))
        fine = pygame.Surface((size, size))
        for y in range(0, size):
            for x in range(0, size, 2):
                v = rng.randrange(0, 12)
                fine.set_at((x, y), (v, v, v))
                fine.set_at((x + 1, y), (v, v, v))
        got = pygame.transform.smoothscale(small, (size, size))
        got.blit(fine, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        if amp != 38:
            k = amp / 38
            got.fill((int(255 * k),) * 3, special_flags=pygame.BLEND_RGB_MULT)
        _NOISE[(seed, size, amp)] = got
    return got


def tile(s, tex, off, clip, flags=0) -> None:
    """Tile `tex` over `clip`, anchored to the world (local pixel x shows world pixel x + off)."""
    tw, th = tex.get_size()
    was = s.get_clip()
    clip = clip.clip(was)
    s.set_clip(clip)
    x0 = clip.left - ((clip.left + off[0]) % tw)
    y0 = clip.top - ((clip.top + off[1]) % th)
    y = y0
    while y < clip.bottom:
        x = x0
        while x < clip.right:
            s.blit(tex, (x, y), special_flags=flags)
            x += tw
        y += th
    s.set_clip(was)
