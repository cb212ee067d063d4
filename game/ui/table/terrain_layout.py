"""Skirmish terrain laid out before any drawing (no pygame of its own): a terrain piece in
a style (road, wall, hedge, bramble, woods, water, chasm, roof, ruin, tower, stone), framed
along its longest edge (`a` along, `b` across, in inches) with its decoration — stones,
leaves, trees, ripples, rubble — laid out once with a seeded generator, so every zoom and
every repainted strip of a pan draws the same table. terrain.py paints it.

    art = TerrainArt.build(k, "woods", "Old yews", "woods", 0.0, polygon)
    pieces.sort(key=lambda t: (ORDER[t.style], t.height))      # low to high
"""
from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass, field

from .board import point_in_polygon

Point = tuple[float, float]

# ---------------------------------------------------------------------------------------
# styles
# ---------------------------------------------------------------------------------------
STYLES = ("road", "wall", "hedge", "bramble", "woods", "water", "chasm", "roof", "ruin", "tower", "stone")
# drawn low to high: flat ground first, buildings last (their shadows fall on the rest)
ORDER = {"road": 0, "water": 1, "chasm": 1, "woods": 2, "hedge": 3, "bramble": 3, "wall": 3,
         "stone": 4, "ruin": 4, "roof": 5, "tower": 6}


def _frame(poly) -> tuple:
    """(origin, u, v, length, width): the polygon's box along its longest edge."""
    n = len(poly)
    best = max(range(n), key=lambda i: math.dist(poly[i], poly[(i + 1) % n]))
    a, b = poly[best], poly[(best + 1) % n]
    L = math.dist(a, b) or 1.0
    u = ((b[0] - a[0]) / L, (b[1] - a[1]) / L)
    v = (-u[1], u[0])
    us = [(p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1] for p in poly]
    vs = [(p[0] - a[0]) * v[0] + (p[1] - a[1]) * v[1] for p in poly]
    u0, v0 = min(us), min(vs)
    o = (a[0] + u[0] * u0 + v[0] * v0, a[1] + u[1] * u0 + v[1] * v0)
    return o, u, v, max(us) - u0, max(vs) - v0


@dataclass
class TerrainArt:
    """One terrain piece as drawn: world polygon, style, height, and decoration laid out
    in inches (frame coordinates: `a` along the longest edge, `b` across)."""
    style: str
    name: str
    kind: str
    height: float
    poly: tuple
    origin: Point
    u: Point
    v: Point
    length: float
    width: float
    decor: dict = field(default_factory=dict)

    def at(self, a: float, b: float) -> Point:
        o, u, v = self.origin, self.u, self.v
        return (o[0] + u[0] * a + v[0] * b, o[1] + u[1] * a + v[1] * b)

    def rect(self, sp, a0: float, b0: float, a1: float, b1: float) -> list:
        """The corners of the box a0..a1 along, b0..b1 across, through `sp` (world -> local)."""
        return [sp(self.at(a, b)) for a, b in ((a0, b0), (a1, b0), (a1, b1), (a0, b1))]

    def contains(self, p) -> bool:
        return point_in_polygon(p, self.poly)

    @classmethod
    def build(cls, k: int, style: str, name: str, kind: str, height: float, poly) -> "TerrainArt":
        """The piece `k` of a table in `style` (one of STYLES), its decoration seeded by
        its number, name and polygon (the same table draws the same every time)."""
        poly = tuple((float(x), float(y)) for x, y in poly)
        o, u, v, L, W = _frame(poly)
        art = cls(style, name or "", kind, float(height or 0.0), poly, o, u, v, L, W)
        rng = random.Random(zlib.crc32(f"{k}:{name}:{poly}".encode()))
        art.decor = DECOR[art.style](art, rng)
        return art


def _inside_points(art: TerrainArt, rng, step: float, jitter: float, margin: float = 0.0) -> list:
    xs = [p[0] for p in art.poly]
    ys = [p[1] for p in art.poly]
    out = []
    y = min(ys) + step / 2
    row = 0
    while y < max(ys):
        x = min(xs) + step / 2 + (step / 2 if row % 2 else 0)
        while x < max(xs):
            p = (x + rng.uniform(-jitter, jitter), y + rng.uniform(-jitter, jitter))
            if art.contains(p) and (margin <= 0 or all(art.contains((p[0] + dx, p[1] + dy)) for dx, dy in
                                                       ((margin, 0), (-margin, 0), (0, margin), (0, -margin)))):
                out.append(p)
            x += step
        y += step * 0.87
        row += 1
    return out


def _decor_road(art, rng):
    ruts = [0.32, 0.68] if art.width >= 1.2 else [0.5]
    pebbles = [(rng.uniform(0, art.length), rng.uniform(0.08, 0.92) * art.width, rng.uniform(0.03, 0.07))
               for _ in range(int(art.length * art.width * 1.5))]
    return {"ruts": ruts, "pebbles": pebbles}


def _decor_wall(art, rng):
    courses = max(1, round(art.width / 0.2))
    joints = []
    for c in range(courses):
        a = rng.uniform(0.1, 0.35) if c % 2 else rng.uniform(0.3, 0.5)
        while a < art.length - 0.1:
            joints.append((a, c))
            a += rng.uniform(0.38, 0.6)
    tones = [rng.uniform(0.88, 1.1) for _ in range(64)]
    return {"courses": courses, "joints": joints, "tones": tones}


def _decor_hedge(art, rng):
    clumps = []
    a = 0.05
    while a < art.length - 0.05:
        clumps.append((a, art.width * rng.uniform(0.3, 0.7), rng.uniform(0.17, 0.27), rng.randrange(3)))
        a += rng.uniform(0.13, 0.22)
    dots = [(rng.uniform(0, art.length), rng.uniform(0, art.width)) for _ in range(int(art.length * 5))]
    return {"clumps": clumps, "dots": dots}


def _decor_woods(art, rng):
    trees = [(x, y, rng.uniform(0.5, 0.78), rng.randrange(3), rng.uniform(0, math.tau))
             for x, y in _inside_points(art, rng, 1.05, 0.3)]
    brush = [(x, y, rng.uniform(0.08, 0.18)) for x, y in _inside_points(art, rng, 0.45, 0.2)]
    return {"trees": trees, "brush": brush}


def _decor_water(art, rng):
    ripples = [(rng.uniform(0.2, art.length - 0.2), rng.uniform(0.25, 0.75) * art.width, rng.uniform(0.25, 0.6))
               for _ in range(max(3, int(art.length * art.width * 1.2)))]
    return {"ripples": ripples}


def _decor_chasm(art, rng):
    specks = [(rng.uniform(0, art.length), rng.uniform(0, art.width), rng.uniform(0.04, 0.1))
              for _ in range(int(art.length * art.width * 6) + 3)]
    return {"specks": specks}


def _decor_roof(art, rng):
    return {"tones": [rng.uniform(0.9, 1.08) for _ in range(96)]}


def _decor_ruin(art, rng):
    n = len(art.poly)
    walls = []
    for i in range(n):
        a, b = art.poly[i], art.poly[(i + 1) % n]
        L = math.dist(a, b)
        k = max(1, int(L / 0.7))
        for j in range(k):
            if 0 < j < k - 1 and rng.random() < 0.32:
                continue                                  # a breach
            t0, t1 = j / k, (j + 1) / k
            walls.append((i, t0, t1, rng.uniform(0.8, 1.0)))
    rubble = []
    for _ in range(int(art.length * art.width * 1.6) + 4):
        i = rng.randrange(n)
        a, b = art.poly[i], art.poly[(i + 1) % n]
        t = rng.random()
        p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        c = (sum(q[0] for q in art.poly) / n, sum(q[1] for q in art.poly) / n)
        k = rng.uniform(0.05, 0.3)
        rubble.append((p[0] + (c[0] - p[0]) * k, p[1] + (c[1] - p[1]) * k, rng.uniform(0.06, 0.14),
                       rng.uniform(0.75, 1.1)))
    flags = [rng.uniform(0.85, 1.08) for _ in range(256)]
    return {"walls": walls, "rubble": rubble, "flags": flags}


def _decor_stone(art, rng):
    cracks = []
    for _ in range(2):
        a, b = rng.uniform(0.2, 0.8) * art.length, rng.uniform(0.2, 0.8) * art.width
        pts = [(a, b)]
        for _ in range(3):
            a += rng.uniform(-0.35, 0.35)
            b += rng.uniform(-0.35, 0.35)
            pts.append((min(art.length, max(0, a)), min(art.width, max(0, b))))
        cracks.append(pts)
    return {"cracks": cracks}


def _decor_tower(art, rng):
    d = _decor_stone(art, rng)
    d["vines"] = [(rng.uniform(0, art.length), rng.uniform(0, art.width), rng.uniform(0, math.tau))
                  for _ in range(10)] if "thorn" in art.name.lower() else []
    return d


DECOR = {"road": _decor_road, "wall": _decor_wall, "hedge": _decor_hedge, "bramble": _decor_hedge,
         "woods": _decor_woods, "water": _decor_water, "chasm": _decor_chasm, "roof": _decor_roof,
         "ruin": _decor_ruin, "tower": _decor_tower, "stone": _decor_stone}
