"""The Book of Ordeals table's art: the ground by season, light and weather, terrain drawn
by kind and name from the Trial's data, the characters' bases and their name plates.

- `Look.of(view)`: the ground and foliage colours of the season, the light's tint (a
  night table is dark and lanterns glow on it), the weather's haze.
- `TerrainArt.from_view(view)`: each terrain piece of the Trial with its style (road,
  wall, hedge, bramble, woods, water, chasm, roof, ruin, tower, stone, from the data's
  kind and name) and its decoration (stones, leaves, trees, ripples, rubble) laid out
  once in inches with a seeded generator, so every zoom and every repainted strip of a
  pan draws the same table.
- `OrdealsBoard`: the kit's Board with that ground. The ground layer (mat, frame, ground,
  terrain, zones, the light) is painted only when the camera's zoom or size changes; a
  pan scrolls it and paints the strips that came into view (Board._ground_layer);
  `terrain_paints` counts the paints. Per frame it adds only the lanterns' glows and
  the markers (graves, the relic) under the pieces and the name plates over them.
  G toggles the faint inch grid.
- `paint_base`: a 1" round base with a rim in its side's colour and the profile's icon,
  for the kit's PieceRenderer (with BASE_LOOK: a long facing tab on the rim; the kit
  draws the status rings and the lantern / relic badges).
- Name plates never cover each other or a base: each takes the first free place of
  below, above, right, left; none free (or zoomed out): hidden, shown on hover.

Nothing here reads the rules: everything comes from the view the table holds.
"""
from __future__ import annotations

import math
import random
import zlib
from dataclasses import dataclass, field

import pygame

from game.ui.table import style
from game.ui.table.board import Board, point_in_polygon
from game.ui.table.gfx import light_pool
from game.ui.table.pieces import Piece

Point = tuple[float, float]

# ---------------------------------------------------------------------------------------
# looks
# ---------------------------------------------------------------------------------------
# season: (ground, lighter tufts, darker tufts, foliage dark, foliage light, road)
SEASONS = {
    "spring": ((72, 96, 50), (98, 126, 64), (54, 74, 40), (56, 104, 48), (112, 160, 82), (112, 94, 66)),
    "summer": ((80, 98, 46), (112, 128, 58), (60, 76, 36), (40, 88, 38), (92, 142, 60), (124, 102, 68)),
    "autumn": ((96, 86, 52), (126, 108, 62), (72, 64, 40), (120, 70, 32), (196, 132, 54), (110, 88, 62)),
    "winter": ((150, 158, 164), (196, 204, 210), (118, 126, 134), (46, 66, 58), (96, 116, 106), (132, 124, 116)),
}
# light: a multiply over the whole ground (daylight leaves it as it is)
LIGHTS = {"daylight": (255, 255, 255), "overcast": (218, 222, 230), "twilight": (182, 170, 188),
          "night": (140, 148, 190), "moonless": (112, 118, 162)}
# how strongly a lantern shows on the ground, by light
GLOW = {"daylight": 0.18, "overcast": 0.3, "twilight": 0.55, "night": 0.8, "moonless": 0.9}
# weather: a pale haze added over the ground
HAZE = {"fog": (40, 42, 46), "mist": (24, 26, 30), "rain": (4, 6, 10), "snow": (18, 20, 24), "storm": (6, 6, 12)}
LANTERN = (255, 176, 86)
FRAME = (58, 36, 22)
MAT = (22, 24, 20)
STONE = (128, 122, 112)
MOTTLE = 6               # pixels an inch of the ground's mottle (scaled smoothly to the zoom)
PLATE_MIN_R = 8          # base radius in pixels below which plates show only on hover
GRID_RULE = 6            # a stronger grid line every so many inches


@dataclass(frozen=True)
class Look:
    season: str
    light: str
    weather: str
    ground: tuple
    tuft_light: tuple
    tuft_dark: tuple
    leaf_dark: tuple
    leaf_light: tuple
    road: tuple
    tint: tuple
    haze: tuple | None
    glow: float

    @classmethod
    def of(cls, view) -> "Look":
        season = view.get("season") if view.get("season") in SEASONS else "summer"
        light = view.get("light") if view.get("light") in LIGHTS else "daylight"
        weather = view.get("weather") or "clear"
        g, tl, td, ld, ll, road = SEASONS[season]
        return cls(season, light, weather, g, tl, td, ld, ll, road, LIGHTS[light], HAZE.get(weather),
                   GLOW[light])

    @property
    def night(self) -> bool:
        return self.light in ("night", "moonless")


def mix(a, b, k: float) -> tuple:
    return tuple(max(0, min(255, int(a[i] + (b[i] - a[i]) * k))) for i in range(3))


def shade(c, k: float) -> tuple:
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


# ---------------------------------------------------------------------------------------
# terrain: style and decoration, in inches
# ---------------------------------------------------------------------------------------
STYLES = ("road", "wall", "hedge", "bramble", "woods", "water", "chasm", "roof", "ruin", "tower", "stone")
# drawn low to high: flat ground first, buildings last (their shadows fall on the rest)
ORDER = {"road": 0, "water": 1, "chasm": 1, "woods": 2, "hedge": 3, "bramble": 3, "wall": 3,
         "stone": 4, "ruin": 4, "roof": 5, "tower": 6}


def classify(kind: str, name: str) -> str:
    """A terrain piece's look from its kind and name in the Trial's data."""
    n = (name or "").lower()
    if kind == "open":
        return "road"
    if kind == "obstacle":
        if "hedge" in n:
            return "hedge"
        if any(w in n for w in ("bramble", "briar", "thorn")):
            return "bramble"
        return "wall"
    if kind == "woods":
        return "woods"
    if kind == "gap":
        return "water" if any(w in n for w in ("brook", "stream", "river", "ford", "pond")) else "chasm"
    if kind == "blocking":
        if "ruin" in n or "wall" in n:
            return "ruin"
        if "tower" in n:
            return "tower"
        if any(w in n for w in ("stone", "pillar", "shrine", "rock", "altar")):
            return "stone"
        return "roof"
    return "road"


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

    def contains(self, p) -> bool:
        return point_in_polygon(p, self.poly)

    @classmethod
    def build(cls, k: int, kind: str, name: str, height: float, poly) -> "TerrainArt":
        poly = tuple((float(x), float(y)) for x, y in poly)
        o, u, v, L, W = _frame(poly)
        art = cls(classify(kind, name), name or "", kind, float(height or 0.0), poly, o, u, v, L, W)
        rng = random.Random(zlib.crc32(f"{k}:{name}:{poly}".encode()))
        art.decor = DECOR[art.style](art, rng)
        return art

    @classmethod
    def from_view(cls, view) -> list["TerrainArt"]:
        out = [cls.build(k, p["kind"], p.get("name") or "", p.get("height") or 0.0, p["poly"])
               for k, p in enumerate(view["trial"]["terrain"])]
        return sorted(out, key=lambda t: (ORDER[t.style], t.height))


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


# ---------------------------------------------------------------------------------------
# drawing helpers (local pixels of the ground surface)
# ---------------------------------------------------------------------------------------
def _hull(points) -> list:
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


def _box(pts, pad: float = 0) -> pygame.Rect:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, y0 = math.floor(min(xs) - pad), math.floor(min(ys) - pad)
    return pygame.Rect(x0, y0, math.ceil(max(xs) + pad) - x0 + 1, math.ceil(max(ys) + pad) - y0 + 1)


def _alpha_poly(s, pts, rgba, clip) -> None:
    """A translucent polygon (pygame.draw ignores alpha on an opaque surface)."""
    area = _box(pts).clip(clip)
    if area.w <= 0 or area.h <= 0:
        return
    tmp = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.polygon(tmp, rgba, [(x - area.x, y - area.y) for x, y in pts])
    s.blit(tmp, area.topleft)


def _masked(s, pts, clip, paint, pad: float = 0) -> None:
    """`paint(tmp, dx, dy)` draws on a transparent surface whose (0, 0) is local (dx, dy);
    only what falls inside the polygon `pts` is kept."""
    area = _box(pts, pad).clip(clip)
    if area.w <= 0 or area.h <= 0:
        return
    tmp = pygame.Surface(area.size, pygame.SRCALPHA)
    paint(tmp, area.x, area.y)
    mask = pygame.Surface(area.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - area.x, y - area.y) for x, y in pts])
    tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    s.blit(tmp, area.topleft)


def _drop_shadow(s, pts, height: float, ppi: float, clip, alpha: int = 120) -> None:
    """The shadow a piece `height` inches high casts toward the lower right."""
    k = (0.12 + 0.16 * min(height, 6.0)) * ppi
    dx, dy = k * 0.55, k * 0.8
    hull = _hull(list(pts) + [(x + dx, y + dy) for x, y in pts])
    if len(hull) >= 3:
        _alpha_poly(s, hull, (6, 4, 8, alpha), clip)


_NOISE: dict = {}


def noise_tile(seed: int = 7, size: int = 128, amp: int = 38) -> pygame.Surface:
    """A soft grey noise tile (0..amp) for the ground's grain, made once per process."""
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


def _tile(s, tex, off, clip, flags=0) -> None:
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


# ---------------------------------------------------------------------------------------
# the board
# ---------------------------------------------------------------------------------------
class OrdealsBoard(Board):
    """The kit's Board with the Book of Ordeals' ground, lights, markers and name plates."""
    shadow_rgba = (10, 8, 26, 118)      # lighter: the terrain under the sight shadows stays legible

    def __init__(self, rect, world_size, renderer, *, art: list, look: Look, zones=(), chapel=None,
                 gfx=None, words=None, **kw):
        super().__init__(rect, world_size, renderer, **kw)
        self.art = list(art)
        self.look = look
        self.zones = [[tuple(map(float, p)) for p in z] for z in zones]
        self.chapel = chapel                     # (centre, radius) or None
        self.show_grid = True
        self.terrain_paints = 0                  # how often the ground was painted (a cache test)
        self.lights: list[Piece] = []            # the pieces whose lanterns burn
        self.light_radius = 3.5
        self.graves: list = []                   # (x, y, salted, needed)
        self.relic: Point | None = None
        self.marks: dict = {}                    # piece -> badges ("relic")
        self.active: Piece | None = None         # always gets its plate
        self.zone_glow: int | None = None        # the deployment zone to light (while deploying)
        self._zone_surf: tuple | None = None     # (camera key, zone, surface)
        self.hover_art: TerrainArt | None = None
        self.words = words or {}
        self._plates_key = None
        self._plates: list = []
        self._blotch: dict = {}
        self._art_key = None
        self._tufts = self._lay_tufts()

    # -- state from the table ---------------------------------------------------------
    def set_look(self, look: Look) -> None:
        if look != self.look:
            self.look = look
            self._ground_key = None

    def toggle_grid(self) -> None:
        self.show_grid = not self.show_grid
        self._ground_key = None

    def _ground_layer(self):
        # the grid switch and the look are part of what the cached ground shows
        key = (self.show_grid, self.look)
        if self._art_key != key:
            self._art_key = key
            self._ground_key = None
        return super()._ground_layer()

    def terrain_at(self, world) -> TerrainArt | None:
        for art in reversed(self.art):
            if art.contains(world):
                return art
        return None

    def _motion(self, pos) -> bool:
        out = super()._motion(pos)
        cam = self.camera
        self.hover_art = None
        if self.hover is None and self.carry is None and not self.panning and cam.rect.collidepoint(pos):
            self.hover_art = self.terrain_at(cam.to_world(pos))
        return out

    # -- the ground ---------------------------------------------------------------------
    def _mat_tex(self) -> pygame.Surface:
        """The table top round the board: the kit's wood, darkened (dark felt if missing)."""
        got = self._blotch.get("mat")
        if got is None:
            try:
                got = self.gfx.assets.texture("wood").copy()
                got.fill((150, 128, 116), special_flags=pygame.BLEND_RGB_MULT)
            except (pygame.error, FileNotFoundError, OSError, AttributeError):
                got = noise_tile(3, amp=14).copy()
                got.fill(MAT, special_flags=pygame.BLEND_RGB_ADD)
            self._blotch["mat"] = got
        return got

    def _lay_tufts(self) -> list:
        rng = random.Random(31)
        W, H = self.camera.world
        out = []
        for _ in range(int(W * H * 0.9)):
            out.append((rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.25, 0.7), rng.random() < 0.5))
        return out

    def _mottle(self) -> pygame.Surface:
        """The ground's colour at MOTTLE pixels an inch: the season's ground with lighter
        and darker tufts, made once per season and scaled to the zoom when painted."""
        key = self.look.season
        got = self._blotch.get(key)
        if got is None:
            lk = self.look
            W, H = self.camera.world
            k = MOTTLE
            got = pygame.Surface((int(W * k) + 2, int(H * k) + 2))
            got.fill(shade(lk.ground, 0.9))
            for light in (False, True):
                col = shade(lk.tuft_light if light else lk.tuft_dark, 0.92)
                layer = pygame.Surface(got.get_size(), pygame.SRCALPHA)
                for x, y, r, lt in self._tufts:
                    if lt is light:
                        for f in (1.0, 0.6):
                            pygame.draw.circle(layer, (*col, 40), (x * k, y * k), max(1.0, r * k * f))
                got.blit(layer, (0, 0))
            self._blotch = {k: v for k, v in self._blotch.items() if k == "mat"}
            self._blotch[key] = got
        return got

    def _paint_mottle(self, s, off, g, ppi) -> None:
        """The part of the mottled ground under `g`, scaled to this zoom (smooth)."""
        m = self._mottle()
        k = ppi / MOTTLE
        x0 = max(0, math.floor((g.left + off[0]) / k) - 1)
        y0 = max(0, math.floor((g.top + off[1]) / k) - 1)
        x1 = min(m.get_width(), math.ceil((g.right + off[0]) / k) + 2)
        y1 = min(m.get_height(), math.ceil((g.bottom + off[1]) / k) + 2)
        if x1 <= x0 or y1 <= y0:
            return
        sub = m.subsurface((x0, y0, x1 - x0, y1 - y0))
        big = pygame.transform.smoothscale(sub, (max(1, round((x1 - x0) * k)), max(1, round((y1 - y0) * k))))
        s.blit(big, (round(x0 * k - off[0]), round(y0 * k - off[1])))

    def _paint_ground(self, s, off, clip) -> None:
        self.terrain_paints += 1
        cam = self.camera
        ppi = cam.ppi
        ox, oy = off
        lk = self.look
        s.set_clip(clip)

        def sp(p):
            return (p[0] * ppi - ox, p[1] * ppi - oy)
        W, H = cam.world
        tl, br = sp((0, 0)), sp((W, H))
        table = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]), round(br[1] - tl[1]))
        # the mat round the table (dark felt), and the table's shadow on it
        bw = max(6, int(ppi * 0.5))
        frame = table.inflate(2 * bw, 2 * bw)
        for side in (pygame.Rect(clip.left, clip.top, max(0, frame.left - clip.left), clip.h),
                     pygame.Rect(frame.right, clip.top, max(0, clip.right - frame.right), clip.h),
                     pygame.Rect(frame.left, clip.top, frame.w, max(0, frame.top - clip.top)),
                     pygame.Rect(frame.left, frame.bottom, frame.w, max(0, clip.bottom - frame.bottom))):
            side = side.clip(clip)
            if side.w > 0 and side.h > 0:
                s.fill(MAT, side)
                _tile(s, self._mat_tex(), off, side)
        _alpha_poly(s, [(frame.x + 6, frame.y + 10), (frame.right + 10, frame.y + 10),
                        (frame.right + 10, frame.bottom + 14), (frame.x + 6, frame.bottom + 14)], (0, 0, 0, 150), clip)
        # the frame: wood with a bevel, inch ticks along it
        fr = frame.clip(clip)
        if fr.w > 0 and fr.h > 0:
            s.fill(FRAME, fr)
            _tile(s, noise_tile(5), off, fr, pygame.BLEND_RGB_ADD)
            pygame.draw.rect(s, shade(FRAME, 1.8), frame, 1)
            pygame.draw.rect(s, shade(FRAME, 0.45), frame.inflate(-2, -2), 1)
            if ppi >= 9:
                tick = max(2, bw // 3)
                for i in range(int(W) + 1):
                    x = round(sp((i, 0))[0])
                    k = tick * (2 if i % GRID_RULE == 0 else 1)
                    pygame.draw.line(s, (190, 160, 110), (x, table.y - 1), (x, table.y - k), 1)
                    pygame.draw.line(s, (190, 160, 110), (x, table.bottom), (x, table.bottom + k - 1), 1)
                for j in range(int(H) + 1):
                    y = round(sp((0, j))[1])
                    k = tick * (2 if j % GRID_RULE == 0 else 1)
                    pygame.draw.line(s, (190, 160, 110), (table.x - 1, y), (table.x - k, y), 1)
                    pygame.draw.line(s, (190, 160, 110), (table.right, y), (table.right + k - 1, y), 1)
        # the ground: colour, grain, tufts
        g = table.clip(clip)
        if g.w > 0 and g.h > 0:
            s.set_clip(g)
            self._paint_mottle(s, off, g, ppi)
            _tile(s, noise_tile(7, amp=26), off, g, pygame.BLEND_RGB_ADD)
            if lk.weather == "snow" or lk.season == "winter":
                self._frost(s, sp, g, ppi)
            if self.show_grid and ppi >= 6:
                self._grid(s, sp, g, ppi)
            self._paint_zones(s, sp, ppi)
            if self.chapel is not None:
                self._paint_chapel(s, sp, ppi)
            for art in self.art:
                pts = [sp(p) for p in art.poly]
                if not _box(pts, ppi * 1.2).colliderect(g):
                    continue
                PAINT[art.style](self, s, art, pts, sp, ppi, g)
            # the light and the weather over the table (the room stays as it is)
            s.fill(lk.tint, g, special_flags=pygame.BLEND_RGB_MULT)
            if lk.haze is not None:
                s.fill(lk.haze, g, special_flags=pygame.BLEND_RGB_ADD)
            s.set_clip(clip)
            pygame.draw.rect(s, (12, 8, 6), table.inflate(2, 2), 1)
        s.set_clip(None)

    def _frost(self, s, sp, g, ppi) -> None:
        rng = random.Random(11)
        W, H = self.camera.world
        col = (226, 232, 238)
        rad = max(1, int(ppi * 0.04))
        for _ in range(int(W * H * 2)):
            x, y = rng.uniform(0, W), rng.uniform(0, H)
            p = sp((x, y))
            if g.collidepoint(p):
                pygame.draw.circle(s, col, p, rad)

    def _grid(self, s, sp, g, ppi) -> None:
        W, H = self.camera.world
        faint = mix(self.look.ground, (0, 0, 0), 0.1)
        rule = mix(self.look.ground, (0, 0, 0), 0.22)
        for i in range(int(W) + 1):
            x = round(sp((i, 0))[0])
            if g.left - 1 <= x <= g.right:
                pygame.draw.line(s, rule if i % GRID_RULE == 0 else faint, (x, g.top), (x, g.bottom), 1)
        for j in range(int(H) + 1):
            y = round(sp((0, j))[1])
            if g.top - 1 <= y <= g.bottom:
                pygame.draw.line(s, rule if j % GRID_RULE == 0 else faint, (g.left, y), (g.right, y), 1)

    def _paint_zones(self, s, sp, ppi) -> None:
        """Deployment zones: a dashed line in the side's colour where a zone meets the
        open table (not along the table's edge)."""
        W, H = self.camera.world
        cols = ((120, 160, 220), (210, 90, 90))
        dash = max(4.0, ppi * 0.35)
        for k, z in enumerate(self.zones):
            if len(z) < 3:
                continue
            for i in range(len(z)):
                a, b = z[i], z[(i + 1) % len(z)]
                on_edge = (a[0] == b[0] and a[0] in (0, W)) or (a[1] == b[1] and a[1] in (0, H))
                if on_edge:
                    continue
                pa, pb = sp(a), sp(b)
                d = math.dist(pa, pb)
                n = max(1, int(d / dash))
                for j in range(0, n, 2):
                    t0, t1 = j / n, min(1.0, (j + 1) / n)
                    pygame.draw.line(s, cols[k % 2], (pa[0] + (pb[0] - pa[0]) * t0, pa[1] + (pb[1] - pa[1]) * t0),
                                     (pa[0] + (pb[0] - pa[0]) * t1, pa[1] + (pb[1] - pa[1]) * t1), max(1, int(ppi * 0.06)))

    def _paint_chapel(self, s, sp, ppi) -> None:
        (cx, cy), r = self.chapel
        c = sp((cx, cy))
        rp = r * ppi
        clip = s.get_clip()
        area = pygame.Rect(int(c[0] - rp) - 2, int(c[1] - rp) - 2, int(2 * rp) + 4, int(2 * rp) + 4).clip(clip)
        if area.w > 0 and area.h > 0:
            tmp = pygame.Surface(area.size, pygame.SRCALPHA)
            lc = (c[0] - area.x, c[1] - area.y)
            pygame.draw.circle(tmp, (200, 190, 170, 70), lc, rp)
            step = max(4, int(ppi * 0.7))
            for k in range(-int(rp), int(rp) + 1, step):
                pygame.draw.line(tmp, (90, 84, 76, 70), (lc[0] - rp, lc[1] + k), (lc[0] + rp, lc[1] + k), 1)
            mask = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.circle(mask, (255, 255, 255, 255), lc, rp)
            tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            s.blit(tmp, area.topleft)
        pygame.draw.circle(s, (214, 186, 120), c, rp, max(1, int(ppi * 0.08)))
        if ppi >= 8:
            ic = self.gfx.icon("cleric", max(10, int(ppi * 1.1)), (226, 210, 170))
            s.blit(ic, ic.get_rect(center=(round(c[0]), round(c[1]))))

    # -- per frame: lights and markers under the pieces, plates over them ----------------
    def draw_under(self, surf) -> None:
        cam = self.camera
        ppi = cam.ppi
        z = self.zone_glow
        if z is not None and 0 <= z < len(self.zones):
            key = (cam.key(), z)
            if self._zone_surf is None or self._zone_surf[0] != key:
                pts = [cam.to_screen(p) for p in self.zones[z]]
                box = _box(pts).clip(cam.rect)
                img = pygame.Surface(box.size, pygame.SRCALPHA)
                col = ((120, 170, 240), (230, 110, 110))[z % 2]
                pygame.draw.polygon(img, (*col, 46), [(x - box.x, y - box.y) for x, y in pts])
                self._zone_surf = (key, z, img, box.topleft)
            surf.blit(self._zone_surf[2], self._zone_surf[3])
        if self.lights:
            rp = max(4, int(self.light_radius * ppi))
            pool = self.gfx.cached(("bo_glow", rp, round(self.look.glow, 2)),
                                   lambda: light_pool(rp, LANTERN, self.look.glow, 1.6))
            for p in self.lights:
                x, y = cam.to_screen(p.pos)
                surf.blit(pool, (round(x) - rp, round(y) - rp), special_flags=pygame.BLEND_RGB_ADD)
        size = max(12, int(ppi * 0.9))
        for x, y, salted, need in self.graves:
            sx, sy = cam.to_screen((x, y))
            col = (214, 206, 190) if salted < need else (120, 116, 110)
            ic = self.gfx.icon("bo_grave", size, col)
            back = self.gfx.icon("bo_grave", size + 4, (20, 16, 14))
            sh = self.gfx.circle(size // 2, (0, 0, 0, 110))
            surf.blit(sh, sh.get_rect(center=(round(sx) + 2, round(sy) + 3)))
            surf.blit(back, back.get_rect(center=(round(sx), round(sy))))
            surf.blit(ic, ic.get_rect(center=(round(sx), round(sy))))
            for k in range(salted):
                pygame.draw.circle(surf, (250, 250, 250), (round(sx - size * 0.3 + k * size * 0.3),
                                                           round(sy + size * 0.62)), max(2, size // 9))
        if self.relic is not None:
            sx, sy = cam.to_screen(self.relic)
            g = self.gfx.cached(("bo_relic_glow", size), lambda: light_pool(size, (255, 214, 120), 0.5, 1.5))
            surf.blit(g, (round(sx) - size, round(sy) - size), special_flags=pygame.BLEND_RGB_ADD)
            ic = self.gfx.icon("bell", size, style.GOLD_BRIGHT)
            surf.blit(ic, ic.get_rect(center=(round(sx), round(sy))))
        a = self.hover_art
        if a is not None:
            pts = [cam.to_screen(p) for p in a.poly]
            pygame.draw.polygon(surf, style.GOLD_BRIGHT, pts, max(1, int(ppi * 0.06)))

    def draw_over(self, surf) -> None:
        for _p, rect, img in self.plates():
            surf.blit(img, rect.topleft)
        a = self.hover_art
        if a is not None and self.hover is None:
            label = self.words.get("terrain", lambda art: art.name)(a)
            if label:
                img = self.gfx.cached(("bo_terrain_tag", label), lambda: _plate(self.gfx, label, 15, style.GOLD_DEEP))
                r = img.get_rect(midbottom=(self.pointer[0], self.pointer[1] - 14))
                r.clamp_ip(self.camera.rect)
                surf.blit(img, r.topleft)

    # -- name plates -------------------------------------------------------------------
    def plate_size(self, r: float) -> int:
        return max(15, min(19, int(r * 0.8)))

    def plates(self) -> list:
        """(piece, rect, image) of every name plate shown now, none over another or over
        a base; cached while the pieces, the camera and the hover stay put."""
        cam = self.camera
        key = (cam.key(), id(self.hover), id(self.selected), id(self.active), id(self.carry),
               tuple((id(p), p.name, round(p.screen[0]), round(p.screen[1]), p.dim, p.hidden) for p in self.pieces))
        if key == self._plates_key:
            return self._plates
        self._plates_key = key
        self._plates = self._lay_plates()
        return self._plates

    def _lay_plates(self) -> list:
        cam = self.camera
        r = max(3.0, 0.5 * cam.ppi)
        show_all = r >= PLATE_MIN_R
        carried = self.carry.piece if self.carry is not None else None
        alive = [p for p in self.pieces if not p.hidden and p.name]
        bases = {id(p): pygame.Rect(round(p.screen[0] - r - 2), round(p.screen[1] - r - 2),
                                    round(2 * r + 4), round(2 * r + 4)) for p in alive}
        first = []
        for p in (self.hover, self.active, self.selected):
            if p is not None and p in alive and p not in first:
                first.append(p)
        rest = sorted((p for p in alive if p not in first), key=lambda p: (p.screen[1], p.screen[0]))
        placed: list = []
        size = self.plate_size(r)
        ring = r * 0.3 + 4
        for p in first + rest:
            forced = p in first
            if (not show_all and not forced) or p is carried:
                continue
            img = self._plate_img(p, size)
            w, h = img.get_size()
            cx, cy = p.screen
            cands = [pygame.Rect(0, 0, w, h) for _ in range(4)]
            cands[0].midtop = (round(cx), round(cy + r + ring))
            cands[1].midbottom = (round(cx), round(cy - r - ring))
            cands[2].midleft = (round(cx + r + ring), round(cy))
            cands[3].midright = (round(cx - r - ring), round(cy))
            spot = None
            for c in cands:
                if not cam.rect.contains(c):
                    continue
                if any(c.colliderect(b) for pid, b in bases.items() if pid != id(p)):
                    continue
                if any(c.colliderect(q[1]) for q in placed):
                    continue
                spot = c
                break
            if spot is None and forced and p is self.hover:
                spot = cands[0].clamp(cam.rect)          # the hovered one shows whatever it covers
            if spot is not None:
                placed.append((p, spot, img))
        # the hovered plate last, so it is on top
        placed.sort(key=lambda q: q[0] is self.hover)
        return placed

    def _plate_img(self, p: Piece, size: int) -> pygame.Surface:
        edge = p.color if not p.dim else (90, 90, 96)
        hot = p is self.hover or p is self.active
        key = ("bo_plate", p.name, size, edge, p.dim, hot)
        img = self.gfx.cached(key, lambda: _plate(self.gfx, p.name, size, edge, dim=p.dim, hot=hot))
        return img


def _plate(gfx, text: str, size: int, edge, dim: bool = False, hot: bool = False) -> pygame.Surface:
    """A small dark plate with a coloured edge and the name."""
    t = gfx.text(text, size, style.GOLD_BRIGHT if hot else (style.TEXT_DIM if dim else style.TEXT), bold=True)
    w, h = t.get_width() + 12, t.get_height() + 4
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (14, 10, 10, 140 if dim else 215), s.get_rect(), border_radius=h // 2)
    pygame.draw.rect(s, (*edge[:3], 120 if dim else 230), s.get_rect(), 1, border_radius=h // 2)
    s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    return s


# ---------------------------------------------------------------------------------------
# terrain painters: (board, surface, art, local points, world->local, ppi, clip)
# ---------------------------------------------------------------------------------------
def _line_ab(art, sp, a0, b0, a1, b1):
    return sp(art.at(a0, b0)), sp(art.at(a1, b1))


def paint_road(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    col = lk.road if lk.season != "winter" else mix(lk.road, (200, 200, 206), 0.35)
    pygame.draw.polygon(s, mix(col, lk.ground, 0.45), pts)
    inner = [sp(art.at(a, b)) for a, b in ((0, art.width * 0.1), (art.length, art.width * 0.1),
                                          (art.length, art.width * 0.9), (0, art.width * 0.9))]
    pygame.draw.polygon(s, col, inner)
    if ppi >= 6:
        rut = shade(col, 0.78)
        for b in art.decor["ruts"]:
            a, c = _line_ab(art, sp, 0, b * art.width, art.length, b * art.width)
            pygame.draw.line(s, rut, a, c, max(1, int(ppi * 0.12)))
        for a, b, r in art.decor["pebbles"]:
            pygame.draw.circle(s, shade(col, 1.18), sp(art.at(a, b)), max(1, r * ppi))


def paint_wall(board, s, art, pts, sp, ppi, clip):
    _drop_shadow(s, pts, 0.8, ppi, clip, 130)
    base = STONE if board.look.season != "winter" else mix(STONE, (210, 214, 220), 0.2)
    pygame.draw.polygon(s, base, pts)
    d = art.decor
    courses = d["courses"]
    cw = art.width / courses
    if ppi * 0.4 >= 4:
        for k, (a, c) in enumerate(d["joints"]):
            seg = [art.at(a, c * cw), art.at(a + 0.45, c * cw), art.at(a + 0.45, (c + 1) * cw), art.at(a, (c + 1) * cw)]
            pygame.draw.polygon(s, shade(base, d["tones"][k % len(d["tones"])]), [sp(q) for q in seg])
        line = shade(base, 0.55)
        for c in range(1, courses):
            a, b = _line_ab(art, sp, 0, c * cw, art.length, c * cw)
            pygame.draw.line(s, line, a, b, 1)
        for a, c in d["joints"]:
            p, q = _line_ab(art, sp, a, c * cw, a, (c + 1) * cw)
            pygame.draw.line(s, line, p, q, 1)
    a, b = _line_ab(art, sp, 0, 0, art.length, 0)
    pygame.draw.line(s, shade(base, 1.35), a, b, max(1, int(ppi * 0.05)))
    pygame.draw.polygon(s, shade(base, 0.4), pts, 1)


def paint_hedge(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    thorny = art.style == "bramble"
    dark = lk.leaf_dark if not thorny else mix(lk.leaf_dark, (70, 40, 30), 0.45)
    light = lk.leaf_light if not thorny else mix(lk.leaf_light, (120, 80, 50), 0.4)
    _drop_shadow(s, pts, 0.7, ppi, clip, 120)
    pygame.draw.polygon(s, shade(dark, 0.7), pts)
    tones = (shade(dark, 0.9), mix(dark, light, 0.45), light)
    for a, b, r, t in art.decor["clumps"]:
        c = sp(art.at(a, b))
        rp = max(1.5, r * ppi)
        pygame.draw.circle(s, shade(dark, 0.6), (c[0] + rp * 0.25, c[1] + rp * 0.3), rp)
        pygame.draw.circle(s, tones[t], c, rp)
        if rp >= 3:
            pygame.draw.circle(s, mix(tones[t], (255, 255, 230), 0.18), (c[0] - rp * 0.3, c[1] - rp * 0.3), rp * 0.45)
    if ppi >= 10:
        spot = (150, 40, 40) if thorny else mix(light, (255, 255, 220), 0.3)
        for a, b in art.decor["dots"]:
            pygame.draw.circle(s, spot, sp(art.at(a, b)), max(1, ppi * 0.035))


def paint_woods(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    name = art.name.lower()
    dark, light = lk.leaf_dark, lk.leaf_light
    if "yew" in name:
        dark, light = mix(dark, (20, 50, 46), 0.5), mix(light, (60, 110, 96), 0.5)
    elif "briar" in name or "thorn" in name:
        dark, light = mix(dark, (60, 40, 30), 0.4), mix(light, (120, 90, 60), 0.35)
    floor = mix(lk.ground, (16, 20, 12), 0.62)
    brush = shade(floor, 1.35)
    d = art.decor
    tones = (shade(dark, 0.85), mix(dark, light, 0.4), mix(dark, light, 0.7))
    highs = [mix(c, light, 0.6) for c in tones]
    glints = [mix(h, (255, 255, 230), 0.15) for h in highs]
    winter = lk.season == "winter"

    def paint(tmp, dx, dy):
        pygame.draw.polygon(tmp, floor, [(x - dx, y - dy) for x, y in pts])
        for x, y, r in d["brush"]:
            c = sp((x, y))
            pygame.draw.circle(tmp, brush, (c[0] - dx, c[1] - dy), max(1, r * ppi))
        for x, y, r, t, rot in d["trees"]:
            c = sp((x, y))
            cx, cy = c[0] - dx, c[1] - dy
            rp = max(2.0, r * ppi)
            pygame.draw.circle(tmp, (4, 6, 2, 150), (cx + rp * 0.22, cy + rp * 0.32), rp * 1.02)
        for x, y, r, t, rot in d["trees"]:
            c = sp((x, y))
            cx, cy = c[0] - dx, c[1] - dy
            rp = max(2.0, r * ppi)
            col = tones[t]
            pygame.draw.circle(tmp, col, (cx, cy), rp * 0.8)
            if rp >= 4:
                for k in range(6):       # a lumpy canopy
                    a = rot + k * math.tau / 6
                    pygame.draw.circle(tmp, col, (cx + math.cos(a) * rp * 0.48, cy + math.sin(a) * rp * 0.48), rp * 0.5)
                pygame.draw.circle(tmp, highs[t], (cx - rp * 0.25, cy - rp * 0.28), rp * 0.42)
                pygame.draw.circle(tmp, glints[t], (cx - rp * 0.33, cy - rp * 0.36), rp * 0.18)
                if winter:
                    pygame.draw.circle(tmp, (228, 234, 240), (cx - rp * 0.3, cy - rp * 0.34), rp * 0.22)
            else:
                pygame.draw.circle(tmp, col, (cx, cy), rp)
    _masked(s, pts, clip, paint)
    # the wood's edge stays readable (cover inside, sight through more than 3")
    edge = mix(light, (230, 220, 160), 0.3)
    n = len(pts)
    dash = max(4.0, ppi * 0.3)
    for i in range(n):
        a, b = pts[i], pts[(i + 1) % n]
        L = math.dist(a, b)
        m = max(1, int(L / dash))
        for j in range(0, m, 2):
            t0, t1 = j / m, min(1.0, (j + 1) / m)
            pygame.draw.line(s, edge, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), max(1, int(ppi * 0.05)))


def paint_water(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    deep = (30, 62, 92) if lk.season != "winter" else (120, 150, 176)
    shallow = (58, 104, 138) if lk.season != "winter" else (176, 198, 214)
    bank = mix(lk.road, (40, 30, 20), 0.4)
    bw = max(2, int(ppi * 0.14))
    pygame.draw.polygon(s, bank, pts)
    pygame.draw.polygon(s, bank, pts, bw)

    def paint(tmp, dx, dy):
        pygame.draw.polygon(tmp, shallow, [(x - dx, y - dy) for x, y in pts])
        mid = [sp(art.at(a, b)) for a, b in ((0, art.width * 0.25), (art.length, art.width * 0.25),
                                            (art.length, art.width * 0.75), (0, art.width * 0.75))]
        pygame.draw.polygon(tmp, deep, [(x - dx, y - dy) for x, y in mid])
        for a, b, L in art.decor["ripples"]:
            p, q = sp(art.at(a - L / 2, b)), sp(art.at(a + L / 2, b))
            pygame.draw.line(tmp, (150, 190, 214, 150), (p[0] - dx, p[1] - dy), (q[0] - dx, q[1] - dy),
                             max(1, int(ppi * 0.05)))
    inner = [sp(art.at(a, b)) for a, b in ((0, art.width * 0.1), (art.length, art.width * 0.1),
                                          (art.length, art.width * 0.9), (0, art.width * 0.9))]
    _masked(s, inner, clip, paint)


def paint_chasm(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    lip = mix(lk.road, (60, 50, 40), 0.3)
    pygame.draw.polygon(s, lip, pts)
    inner = [sp(art.at(a, b)) for a, b in ((0.06, art.width * 0.18), (art.length - 0.06, art.width * 0.18),
                                          (art.length - 0.06, art.width * 0.86), (0.06, art.width * 0.86))]
    pygame.draw.polygon(s, (20, 15, 13), inner)
    a, b = _line_ab(art, sp, 0.06, art.width * 0.18, art.length - 0.06, art.width * 0.18)
    pygame.draw.line(s, (6, 4, 4), a, b, max(2, int(ppi * 0.14)))
    for x, y, r in art.decor["specks"]:
        pygame.draw.circle(s, shade(lip, 0.75), sp(art.at(x, y)), max(1, r * ppi * 0.7))
    pygame.draw.polygon(s, shade(lip, 0.6), pts, 1)


def _roof_colours(art, lk):
    n = art.name.lower()
    if "mausoleum" in n or "chapel" in n or "church" in n:
        c = (96, 98, 108)
    elif "barn" in n:
        c = (120, 62, 44)
    else:
        c = (150, 118, 66)          # thatch
    if lk.season == "winter":
        c = mix(c, (226, 230, 236), 0.55)
    return c


def paint_roof(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    _drop_shadow(s, pts, art.height, ppi, clip, 140)
    c = _roof_colours(art, lk)
    W, L = art.width, art.length
    sunny = [sp(art.at(a, b)) for a, b in ((0, 0), (L, 0), (L, W / 2), (0, W / 2))]
    dim = [sp(art.at(a, b)) for a, b in ((0, W / 2), (L, W / 2), (L, W), (0, W))]
    pygame.draw.polygon(s, shade(c, 1.12), sunny)
    pygame.draw.polygon(s, shade(c, 0.72), dim)
    if ppi >= 8:
        step = 0.28
        rows = int(W / 2 / step)
        for half, k in ((0, 1.12), (1, 0.72)):
            for i in range(1, rows + 1):
                b = W / 2 - i * step if half == 0 else W / 2 + i * step
                p, q = _line_ab(art, sp, 0, b, L, b)
                pygame.draw.line(s, shade(c, k * 0.8), p, q, 1)
                off = (i % 2) * 0.2
                a = off
                while a < L:
                    b1 = b + (step if half == 0 else -step)
                    p, q = _line_ab(art, sp, a, b, a, b1)
                    pygame.draw.line(s, shade(c, k * 0.82), p, q, 1)
                    a += 0.4
    p, q = _line_ab(art, sp, 0, W / 2, L, W / 2)
    pygame.draw.line(s, shade(c, 0.45), p, q, max(2, int(ppi * 0.12)))
    pygame.draw.line(s, shade(c, 1.3), (p[0], p[1] - 1), (q[0], q[1] - 1), 1)
    pygame.draw.polygon(s, shade(c, 0.35), pts, max(1, int(ppi * 0.06)))
    _height_badge(board, s, art, pts, ppi)


def paint_ruin(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    d = art.decor
    floor = mix(STONE, lk.ground, 0.35)

    def flags(tmp, dx, dy):
        pygame.draw.polygon(tmp, shade(floor, 0.8), [(x - dx, y - dy) for x, y in pts])
        if ppi >= 8:
            step = 0.6
            k = 0
            b = 0.0
            while b < art.width:
                a = -0.3 * (int(b / step) % 2)
                while a < art.length:
                    q = [sp(art.at(a + 0.04, b + 0.04)), sp(art.at(a + step - 0.04, b + 0.04)),
                         sp(art.at(a + step - 0.04, b + step - 0.04)), sp(art.at(a + 0.04, b + step - 0.04))]
                    pygame.draw.polygon(tmp, shade(floor, d["flags"][k % len(d["flags"])]),
                                        [(x - dx, y - dy) for x, y in q])
                    k += 1
                    a += step
                b += step
        # moss
        for x, y, r, t in d["rubble"][::3]:
            c = sp((x, y))
            pygame.draw.circle(tmp, (*mix(lk.leaf_dark, floor, 0.4), 150), (c[0] - dx + r * ppi, c[1] - dy), r * ppi * 1.6)
    _drop_shadow(s, pts, 0.6, ppi, clip, 70)
    _masked(s, pts, clip, flags)
    # the broken walls along the edges, with their shadows
    wt = max(2, int(ppi * 0.34))
    n = len(art.poly)
    segs = []
    for i, t0, t1, h in d["walls"]:
        a, b = art.poly[i], art.poly[(i + 1) % n]
        p = sp((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0))
        q = sp((a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1))
        segs.append((p, q, h))
    sh = (0.12 + 0.16 * min(art.height, 6)) * ppi
    for p, q, h in segs:
        _alpha_poly(s, _hull([p, q, (p[0] + sh * 0.55, p[1] + sh * 0.8), (q[0] + sh * 0.55, q[1] + sh * 0.8)]),
                    (6, 4, 8, 90), clip)
    for p, q, h in segs:
        pygame.draw.line(s, shade(STONE, 0.5), p, q, wt + 2)
    for p, q, h in segs:
        pygame.draw.line(s, shade(STONE, h), p, q, wt)
        pygame.draw.line(s, shade(STONE, 1.3), p, q, max(1, wt // 4))
    for x, y, r, t in d["rubble"]:
        c = sp((x, y))
        rp = max(1, r * ppi)
        pygame.draw.circle(s, shade(STONE, 0.45), (c[0] + 1, c[1] + 1), rp)
        pygame.draw.circle(s, shade(STONE, t), c, rp)
    _height_badge(board, s, art, pts, ppi)


def paint_stone(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    _drop_shadow(s, pts, art.height, ppi, clip, 140)
    base = mix(STONE, (150, 146, 138), 0.4)
    if lk.season == "winter":
        base = mix(base, (220, 224, 230), 0.3)
    pygame.draw.polygon(s, shade(base, 0.75), pts)
    inset = [sp(art.at(a, b)) for a, b in ((0.12, 0.12), (art.length - 0.12, 0.12),
                                          (art.length - 0.12, art.width - 0.12), (0.12, art.width - 0.12))]
    pygame.draw.polygon(s, base, inset)
    p, q = inset[0], inset[1]
    pygame.draw.line(s, shade(base, 1.3), p, q, max(1, int(ppi * 0.06)))
    pygame.draw.line(s, shade(base, 1.3), inset[0], inset[3], max(1, int(ppi * 0.06)))
    if ppi >= 8:
        for crack in art.decor["cracks"]:
            pygame.draw.lines(s, shade(base, 0.55), False, [sp(art.at(a, b)) for a, b in crack], 1)
    if "shrine" in art.name.lower() and ppi >= 8:
        c = sp(art.at(art.length / 2, art.width / 2))
        k = art.width * 0.3 * ppi
        col = (224, 196, 130)
        pygame.draw.line(s, col, (c[0], c[1] - k), (c[0], c[1] + k), max(2, int(ppi * 0.1)))
        pygame.draw.line(s, col, (c[0] - k * 0.6, c[1] - k * 0.35), (c[0] + k * 0.6, c[1] - k * 0.35),
                         max(2, int(ppi * 0.1)))
    pygame.draw.polygon(s, shade(base, 0.35), pts, 1)
    _height_badge(board, s, art, pts, ppi)


def paint_tower(board, s, art, pts, sp, ppi, clip):
    _drop_shadow(s, pts, art.height, ppi, clip, 150)
    base = shade(STONE, 0.9)
    pygame.draw.polygon(s, shade(base, 0.7), pts)
    # crenellations: merlons along the parapet
    L, W = art.length, art.width
    m = 0.42
    inner = [sp(art.at(a, b)) for a, b in ((m, m), (L - m, m), (L - m, W - m), (m, W - m))]
    pygame.draw.polygon(s, shade(base, 0.55), inner)
    if ppi >= 6:
        for edge in ((0, 0, L, 0), (L, 0, L, W), (L, W, 0, W), (0, W, 0, 0)):
            a0, b0, a1, b1 = edge
            n = max(2, int(math.dist((a0, b0), (a1, b1)) / 0.5))
            for k in range(0, n, 2):
                t0, t1 = k / n, (k + 1) / n
                ca, cb = a0 + (a1 - a0) * t0, b0 + (b1 - b0) * t0
                da, db = a0 + (a1 - a0) * t1, b0 + (b1 - b0) * t1
                # a block from the outer edge inward
                ia = (L / 2 - ca) / max(1e-6, abs(L / 2 - ca)) * m * 0.9 if a0 == a1 else 0.0
                ib = (W / 2 - cb) / max(1e-6, abs(W / 2 - cb)) * m * 0.9 if b0 == b1 else 0.0
                q = [sp(art.at(ca, cb)), sp(art.at(da, db)), sp(art.at(da + ia, db + ib)), sp(art.at(ca + ia, cb + ib))]
                pygame.draw.polygon(s, shade(base, 1.15), q)
                pygame.draw.polygon(s, shade(base, 0.5), q, 1)
    # a trapdoor and the stair
    c = sp(art.at(L / 2, W / 2))
    k = max(2, int(ppi * 0.3))
    pygame.draw.rect(s, (60, 40, 28), (c[0] - k, c[1] - k, 2 * k, 2 * k))
    pygame.draw.rect(s, (20, 14, 10), (c[0] - k, c[1] - k, 2 * k, 2 * k), 1)
    for x, y, rot in art.decor.get("vines", []):
        p = sp(art.at(x, y))
        pygame.draw.arc(s, (70, 30, 26), (p[0] - ppi * 0.4, p[1] - ppi * 0.4, ppi * 0.8, ppi * 0.8), rot, rot + 2.4,
                        max(1, int(ppi * 0.06)))
    pygame.draw.polygon(s, shade(base, 0.35), pts, max(1, int(ppi * 0.05)))
    _height_badge(board, s, art, pts, ppi)


def _height_badge(board, s, art, pts, ppi) -> None:
    """A small height number in the piece's top-left corner."""
    if ppi < 9 or art.height <= 0:
        return
    size = max(11, min(16, int(ppi * 0.5)))
    img = board.gfx.cached(("bo_height", art.height, size), lambda: _badge(board.gfx, f"{art.height:g}\"", size))
    x = min(p[0] for p in pts)
    y = min(p[1] for p in pts)
    s.blit(img, (round(x) - img.get_width() // 3, round(y) - img.get_height() // 3))


def _badge(gfx, text, size) -> pygame.Surface:
    t = gfx.text(text, size, (236, 222, 190), bold=True)
    w, h = t.get_width() + 8, t.get_height() + 2
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (20, 14, 12, 225), s.get_rect(), border_radius=4)
    pygame.draw.rect(s, (150, 120, 80), s.get_rect(), 1, border_radius=4)
    s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    return s


PAINT = {"road": paint_road, "wall": paint_wall, "hedge": paint_hedge, "bramble": paint_hedge,
         "woods": paint_woods, "water": paint_water, "chasm": paint_chasm, "roof": paint_roof,
         "ruin": paint_ruin, "tower": paint_tower, "stone": paint_stone}


# ---------------------------------------------------------------------------------------
# the characters' bases
# ---------------------------------------------------------------------------------------
SHADOW_ICONS = {"husk": "bo_husk", "grave_hound": "bo_grave_hound", "hollow_archer": "bo_hollow_archer",
                "revenant": "bo_revenant", "lantern_wraith": "bo_lantern_wraith", "warden": "bo_warden"}
RANGED_ICONS = {"bow": "bo_bow", "crossbow": "bo_crossbow", "sling": "bo_sling"}
MELEE_ICONS = {"spear": "bo_spear", "great_weapon": "bo_great_weapon"}


def icon_of(c: dict) -> str:
    """The icon on a character's base: a Shadow profile's own; a Company member's by role
    (the leader's helm, else the ranged weapon, a lantern, the melee weapon, a sword)."""
    key = c.get("key")
    if key in SHADOW_ICONS:
        return SHADOW_ICONS[key]
    if "leader" in (c.get("lore") or ()):
        return "bo_leader"
    if c.get("ranged") in RANGED_ICONS:
        return RANGED_ICONS[c["ranged"]]
    if "lantern" in (c.get("items") or ()):
        return "lantern"
    if c.get("melee") in MELEE_ICONS:
        return MELEE_ICONS[c["melee"]]
    return "bo_fighter"


ICON_PREFIX = "icon:"


BASE_LOOK = {"facing_tab": (1.34, 0.9, 24.0, (30, 18, 8)), "halos": False, "name_tags": False}


def paint_base(gfx, color, r, label, down) -> pygame.Surface:
    """A round 1" base (the kit's PieceRenderer(base_art=...)): a rim in the side's colour,
    the profile's icon (a label "icon:<name>"; any other label is printed). With
    BASE_LOOK: a long facing tab, no halo (the board's lanterns), names as plates."""
    pad = max(2, r // 4)
    size = 2 * r + 2 * pad
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(s, (0, 0, 0, 130), (c[0] + max(1, r // 10), c[1] + max(2, r // 6)), r)
    pygame.draw.circle(s, shade(color, 0.35), c, r)
    pygame.draw.circle(s, color, c, r - 1)
    if r >= 6:
        pygame.draw.arc(s, shade(color, 1.45), (c[0] - r + 1, c[1] - r + 1, 2 * r - 2, 2 * r - 2),
                        math.radians(70), math.radians(200), max(1, r // 8))
    inner = mix(color, (14, 10, 10), 0.74 if not down else 0.86)
    ir = max(2, int(r * 0.78))
    pygame.draw.circle(s, shade(color, 0.3), c, ir + 1)
    pygame.draw.circle(s, inner, c, ir)
    pygame.draw.circle(s, mix(inner, (255, 255, 255), 0.06), (c[0] - ir * 0.2, c[1] - ir * 0.25), int(ir * 0.7))
    if label and label.startswith(ICON_PREFIX) and r >= 5:
        name = label[len(ICON_PREFIX):]
        isz = max(6, int(r * 1.22))
        ink = (242, 230, 206) if not down else (170, 160, 150)
        ic = gfx.icon(name, isz, ink)
        back = gfx.icon(name, isz, (0, 0, 0))
        if down:
            ic = pygame.transform.rotate(ic, 90)
            back = pygame.transform.rotate(back, 90)
        s.blit(back, back.get_rect(center=(c[0] + 1, c[1] + 1)))
        s.blit(ic, ic.get_rect(center=c))
    elif label and not label.startswith(ICON_PREFIX) and r >= 5:
        t = gfx.outlined_text(label, max(9, int(r * 0.95)), style.TEXT, (0, 0, 0), bold=True, px=1)
        s.blit(t, t.get_rect(center=c))
    return s
