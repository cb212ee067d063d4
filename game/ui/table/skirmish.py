"""A skirmish table on the kit's Board: the board stands on a mat in a wooden frame with
inch ticks, a faint inch grid (the G key or `toggle_grid`), deployment zones (a dashed
edge where a zone meets the open table; `zone_glow` marks one while deploying: hatched
in its side's colour, a bold dashed outline all round and a plate naming it,
`words["zone"](zone)`; `flash_zone()` makes it pulse, e.g. when a placement is refused), light
pools under lit pieces, the area under the pointer outlined and named, and name plates
beside the bases in the view that never cover each other or a base. `look_at(point)`
centres the view on a world point, `keep_in_view(point)` only when it is off the view
or at its edge; with `centre_fits=True`, along an axis where the whole table fits in
the view it stays in the middle (zoomed back out, no pan is left and no edge is cut).

    board = SkirmishBoard(rect, (36, 36), PieceRenderer(gfx, name_tags=False),
                          areas=terrain_art, zones=[poly_a, poly_b],
                          words={"area": lambda area: area.name}, ...Board keywords)
    board.lights = [piece, ...]; board.light_strength = 0.8    # a night table
    board.active = piece                                         # always gets its plate

Inside the frame the field is mottled grass with a grain (`ground`: its colour and
lighter and darker tufts), `frost` specks, under the light's `tint` (a multiply: a
night table is dark) and the weather's `haze`; a game subclass paints its terrain on
it (`paint_terrain(s, sp, g, ppi)`, local pixels), names anything else its ground
depends on (`ground_key()`: a repaint when it changes) and draws its markers under
the pieces (`draw_markers(surf)`). `areas` are anything with `.poly` (world points) and
`.contains(world_point)`, the topmost last. The ground layer is cached as the Board's
(a pan paints only the new strips); `terrain_paints` counts the paints.
"""
from __future__ import annotations

import math
import random

import pygame

from . import style
from .board import Board, _dashed_line
from .gfx import light_pool
from .paint import alpha_poly, box, dashed_outline, noise_tile, tile
from .pieces import Piece

FRAME = (58, 36, 22)
MAT = (22, 24, 20)
TICK = (190, 160, 110)
GRID_RULE = 6            # a stronger grid line every so many inches
MOTTLE = 6               # pixels an inch of the ground's mottle (scaled smoothly to the zoom)
PLATE_MIN_R = 8          # base radius in pixels below which plates show only on hover
PLATE_FONT = 20          # the smallest plate text (logical pixels): readable in a 1280x720 window
ZONE_EDGES = ((120, 160, 220), (210, 90, 90))
ZONE_FILLS = ((120, 170, 240), (230, 110, 110))
ZONE_FLASH = 1.6         # seconds a refused placement makes the zone pulse


def mix(a, b, k: float) -> tuple:
    return tuple(max(0, min(255, int(a[i] + (b[i] - a[i]) * k))) for i in range(3))


def shade(c, k: float) -> tuple:
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def plate(gfx, text: str, size: int, edge, dim: bool = False, hot: bool = False) -> pygame.Surface:
    """A small dark plate with a coloured edge and the text."""
    t = gfx.text(text, size, style.GOLD_BRIGHT if hot else (style.TEXT_DIM if dim else style.TEXT), bold=True)
    w, h = t.get_width() + 12, t.get_height() + 4
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (14, 10, 10, 140 if dim else 215), s.get_rect(), border_radius=h // 2)
    pygame.draw.rect(s, (*edge[:3], 120 if dim else 230), s.get_rect(), 1, border_radius=h // 2)
    s.blit(t, t.get_rect(center=(w // 2, h // 2)))
    return s


def text_card(gfx, lines, size: int, top: int = 7) -> pygame.Surface:
    """A dark panel of text lines, the first in gold and bold (a hover card), cached."""
    def make():
        imgs = [gfx.text(line, size, style.GOLD_BRIGHT if k == 0 else style.TEXT, bold=(k == 0))
                for k, line in enumerate(lines)]
        card = gfx.panel(max(im.get_width() for im in imgs) + 24, sum(im.get_height() + 2 for im in imgs) + 2 * top,
                         radius=10).copy()
        y = top
        for im in imgs:
            card.blit(im, (12, y))
            y += im.get_height() + 2
        return card
    return gfx.cached(("sk_card", tuple(lines), size, top), make)


class SkirmishBoard(Board):
    """See the module docstring."""

    def __init__(self, rect, world_size, renderer, *, areas=(), zones=(), words=None,
                 light_color=(255, 176, 86), centre_fits: bool = False, **kw):
        super().__init__(rect, world_size, renderer, **kw)
        self.centre_fits = centre_fits
        self.areas = list(areas)
        self.zones = [[tuple(map(float, p)) for p in z] for z in zones]
        self.words = words or {}                 # "area": area -> its name under the pointer
        self.show_grid = True
        self.terrain_paints = 0                  # how often the ground was painted (a cache test)
        self.lights: list[Piece] = []            # the pieces whose lights burn
        self.light_radius = 3.5
        self.light_color = light_color
        self.light_strength = 0.2
        self.active: Piece | None = None         # always gets its plate
        self.zone_glow: int | None = None        # the deployment zone to mark (while deploying)
        self.zone_flash = 0.0                    # seconds left of its pulse (a refused placement)
        self.zone_label: tuple | None = None     # (words, screen rect) of the marked zone's plate, as drawn
        self.hover_area = None
        self._zone_surf: tuple | None = None     # (camera key, zone, surface, where)
        self._plates_key = None
        self._plates: list = []
        self._mat: pygame.Surface | None = None
        self._art_key = None
        # the field: its colour with lighter and darker tufts, the light's tint (a multiply),
        # the weather's haze (added) and frost specks; a game sets them from its conditions
        self.ground = ((72, 96, 50), (98, 126, 64), (54, 74, 40))
        self.tint = (255, 255, 255)
        self.haze: tuple | None = None
        self.frost = False
        self._mottle_img: tuple | None = None    # (ground colours, surface)
        self._tufts = self._lay_tufts()

    # -- hooks for a game ------------------------------------------------------------------
    def ground_key(self):
        """What the game's ground shows besides the camera (a season, a light)."""
        return None

    def paint_terrain(self, s, sp, g, ppi) -> None:
        """A game's terrain on the field, clipped to `g` (`sp` maps world to local pixels)."""

    def draw_markers(self, surf) -> None:
        """A game's markers on the ground, over the light pools and under the pieces."""

    # -- the view ----------------------------------------------------------------------------
    def centre_what_fits(self) -> None:
        """Along an axis where the whole table and its frame fit in the view, the table
        goes to the middle."""
        cam = self.camera
        (ox, oy), (w, h) = cam.origin, cam.world
        vw, vh = cam.rect.w / cam.ppi, cam.rect.h / cam.ppi
        cam.origin = ((w - vw) / 2 if vw >= w + 1 else ox, (h - vh) / 2 if vh >= h + 1 else oy)
        self._place_all()

    def look_at(self, point) -> None:
        """The view centred on a world point (as far as the table allows)."""
        cam = self.camera
        cam.origin = (point[0] - cam.rect.w / 2 / cam.ppi, point[1] - cam.rect.h / 2 / cam.ppi)
        cam.clamp()
        self.centre_what_fits()

    def keep_in_view(self, point, margin: float = 1.0) -> None:
        """Look at a world point when it is off the view or within `margin` inches of its edge."""
        cam = self.camera
        if not cam.rect.inflate(-2 * margin * cam.ppi, -2 * margin * cam.ppi).collidepoint(cam.to_screen(point)):
            self.look_at(point)

    def handle_event(self, e) -> bool:
        out = super().handle_event(e)
        if out and self.centre_fits and e.type in (pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.MOUSEMOTION):
            self.centre_what_fits()
        return out

    # -- state -------------------------------------------------------------------------------
    def toggle_grid(self) -> None:
        self.show_grid = not self.show_grid
        self._ground_key = None

    def _ground_layer(self):
        # the grid switch and the game's look are part of what the cached ground shows
        key = (self.show_grid, self.ground, self.tint, self.haze, self.frost, self.ground_key())
        if self._art_key != key:
            self._art_key = key
            self._ground_key = None
        return super()._ground_layer()

    def _key(self, e) -> bool:
        if e.key == pygame.K_g and not getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_grid()
            return True
        return super()._key(e)

    def area_at(self, world):
        return next((a for a in reversed(self.areas) if a.contains(world)), None)

    def _motion(self, pos) -> bool:
        out = super()._motion(pos)
        cam = self.camera
        self.hover_area = None
        if self.hover is None and self.carry is None and not self.panning and cam.rect.collidepoint(pos):
            self.hover_area = self.area_at(cam.to_world(pos))
        return out

    # -- the ground ------------------------------------------------------------------------
    def _mat_tex(self) -> pygame.Surface:
        """The table top round the board: the kit's wood, darkened (dark felt if missing)."""
        if self._mat is None:
            try:
                self._mat = self.gfx.assets.texture("wood").copy()
                self._mat.fill((150, 128, 116), special_flags=pygame.BLEND_RGB_MULT)
            except (pygame.error, FileNotFoundError, OSError, AttributeError):
                self._mat = noise_tile(3, amp=14).copy()
                self._mat.fill(MAT, special_flags=pygame.BLEND_RGB_ADD)
        return self._mat

    def _paint_ground(self, s, off, clip) -> None:
        self.terrain_paints += 1
        ppi = self.camera.ppi
        ox, oy = off
        s.set_clip(clip)

        def sp(p):
            return (p[0] * ppi - ox, p[1] * ppi - oy)
        W, H = self.camera.world
        tl, br = sp((0, 0)), sp((W, H))
        table = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]), round(br[1] - tl[1]))
        # the mat round the table, and the table's shadow on it
        bw = max(6, int(ppi * 0.5))
        frame = table.inflate(2 * bw, 2 * bw)
        for side in (pygame.Rect(clip.left, clip.top, max(0, frame.left - clip.left), clip.h),
                     pygame.Rect(frame.right, clip.top, max(0, clip.right - frame.right), clip.h),
                     pygame.Rect(frame.left, clip.top, frame.w, max(0, frame.top - clip.top)),
                     pygame.Rect(frame.left, frame.bottom, frame.w, max(0, clip.bottom - frame.bottom))):
            side = side.clip(clip)
            if side.w > 0 and side.h > 0:
                s.fill(MAT, side)
                tile(s, self._mat_tex(), off, side)
        alpha_poly(s, [(frame.x + 6, frame.y + 10), (frame.right + 10, frame.y + 10),
                       (frame.right + 10, frame.bottom + 14), (frame.x + 6, frame.bottom + 14)], (0, 0, 0, 150), clip)
        # the frame: wood with a bevel, inch ticks along it
        fr = frame.clip(clip)
        if fr.w > 0 and fr.h > 0:
            s.fill(FRAME, fr)
            tile(s, noise_tile(5), off, fr, pygame.BLEND_RGB_ADD)
            pygame.draw.rect(s, shade(FRAME, 1.8), frame, 1)
            pygame.draw.rect(s, shade(FRAME, 0.45), frame.inflate(-2, -2), 1)
            if ppi >= 9:
                self._ticks(s, sp, table, max(2, bw // 3))
        g = table.clip(clip)
        if g.w > 0 and g.h > 0:
            s.set_clip(g)
            self.paint_table(s, sp, g, ppi)
            s.set_clip(clip)
            pygame.draw.rect(s, (12, 8, 6), table.inflate(2, 2), 1)
        s.set_clip(None)

    def _ticks(self, s, sp, table, tick) -> None:
        W, H = self.camera.world
        for i in range(int(W) + 1):
            x = round(sp((i, 0))[0])
            k = tick * (2 if i % GRID_RULE == 0 else 1)
            pygame.draw.line(s, TICK, (x, table.y - 1), (x, table.y - k), 1)
            pygame.draw.line(s, TICK, (x, table.bottom), (x, table.bottom + k - 1), 1)
        for j in range(int(H) + 1):
            y = round(sp((0, j))[1])
            k = tick * (2 if j % GRID_RULE == 0 else 1)
            pygame.draw.line(s, TICK, (table.x - 1, y), (table.x - k, y), 1)
            pygame.draw.line(s, TICK, (table.right, y), (table.right + k - 1, y), 1)

    def paint_table(self, s, sp, g, ppi) -> None:
        """Inside the frame, clipped to `g`: the mottled field and its grain (and frost),
        the grid, the zones, the game's terrain; then the light and the weather over it
        (the room stays as it is)."""
        o = sp((0, 0))
        off = (-round(o[0]), -round(o[1]))
        self._paint_mottle(s, off, g, ppi)
        tile(s, noise_tile(7, amp=26), off, g, pygame.BLEND_RGB_ADD)
        if self.frost:
            self._frost(s, sp, g, ppi)
        self.paint_grid(s, sp, g, ppi)
        self.paint_zones(s, sp, ppi)
        self.paint_terrain(s, sp, g, ppi)
        s.fill(self.tint, g, special_flags=pygame.BLEND_RGB_MULT)
        if self.haze is not None:
            s.fill(self.haze, g, special_flags=pygame.BLEND_RGB_ADD)

    def _lay_tufts(self) -> list:
        rng = random.Random(31)
        W, H = self.camera.world
        return [(rng.uniform(0, W), rng.uniform(0, H), rng.uniform(0.25, 0.7), rng.random() < 0.5)
                for _ in range(int(W * H * 0.9))]

    def _mottle(self) -> pygame.Surface:
        """The field's colour at MOTTLE pixels an inch with lighter and darker tufts, made
        once per ground and scaled to the zoom when painted."""
        if self._mottle_img is None or self._mottle_img[0] != self.ground:
            ground, tuft_light, tuft_dark = self.ground
            W, H = self.camera.world
            k = MOTTLE
            img = pygame.Surface((int(W * k) + 2, int(H * k) + 2))
            img.fill(shade(ground, 0.9))
            for light in (False, True):
                col = shade(tuft_light if light else tuft_dark, 0.92)
                layer = pygame.Surface(img.get_size(), pygame.SRCALPHA)
                for x, y, r, lt in self._tufts:
                    if lt is light:
                        for f in (1.0, 0.6):
                            pygame.draw.circle(layer, (*col, 40), (x * k, y * k), max(1.0, r * k * f))
                img.blit(layer, (0, 0))
            self._mottle_img = (self.ground, img)
        return self._mottle_img[1]

    def _paint_mottle(self, s, off, g, ppi) -> None:
        """The part of the mottled field under `g`, scaled to this zoom (smooth)."""
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

    def _frost(self, s, sp, g, ppi) -> None:
        rng = random.Random(11)
        W, H = self.camera.world
        rad = max(1, int(ppi * 0.04))
        for _ in range(int(W * H * 2)):
            p = sp((rng.uniform(0, W), rng.uniform(0, H)))
            if g.collidepoint(p):
                pygame.draw.circle(s, (226, 232, 238), p, rad)

    def paint_grid(self, s, sp, g, ppi) -> None:
        """The faint inch grid over the field (a stronger line every GRID_RULE inches)."""
        if not self.show_grid or ppi < 6:
            return
        W, H = self.camera.world
        faint, rule = mix(self.ground[0], (0, 0, 0), 0.1), mix(self.ground[0], (0, 0, 0), 0.22)
        for i in range(int(W) + 1):
            x = round(sp((i, 0))[0])
            if g.left - 1 <= x <= g.right:
                pygame.draw.line(s, rule if i % GRID_RULE == 0 else faint, (x, g.top), (x, g.bottom), 1)
        for j in range(int(H) + 1):
            y = round(sp((0, j))[1])
            if g.top - 1 <= y <= g.bottom:
                pygame.draw.line(s, rule if j % GRID_RULE == 0 else faint, (g.left, y), (g.right, y), 1)

    def paint_zones(self, s, sp, ppi) -> None:
        """Deployment zones: a dashed line in the side's colour where a zone meets the
        open table (not along the table's edge)."""
        W, H = self.camera.world
        dash = max(4.0, ppi * 0.35)
        for k, z in enumerate(self.zones):
            if len(z) < 3:
                continue
            for i in range(len(z)):
                a, b = z[i], z[(i + 1) % len(z)]
                if (a[0] == b[0] and a[0] in (0, W)) or (a[1] == b[1] and a[1] in (0, H)):
                    continue
                pa, pb = sp(a), sp(b)
                n = max(1, int(math.dist(pa, pb) / dash))
                for j in range(0, n, 2):
                    t0, t1 = j / n, min(1.0, (j + 1) / n)
                    pygame.draw.line(s, ZONE_EDGES[k % 2], (pa[0] + (pb[0] - pa[0]) * t0, pa[1] + (pb[1] - pa[1]) * t0),
                                     (pa[0] + (pb[0] - pa[0]) * t1, pa[1] + (pb[1] - pa[1]) * t1), max(1, int(ppi * 0.06)))

    # -- per frame: zone, lights and markers under the pieces, plates over them ---------------
    def draw_under(self, surf) -> None:
        cam = self.camera
        self.zone_label = None
        z = self.zone_glow
        if z is not None and 0 <= z < len(self.zones):
            self._draw_zone(surf, z)
        if self.lights:
            rp = max(4, int(self.light_radius * cam.ppi))
            k = round(self.light_strength, 2)
            pool = self.gfx.cached(("sk_glow", rp, k, self.light_color),
                                   lambda: light_pool(rp, self.light_color, k, 1.6))
            for p in self.lights:
                x, y = cam.to_screen(p.pos)
                surf.blit(pool, (round(x) - rp, round(y) - rp), special_flags=pygame.BLEND_RGB_ADD)
        self.draw_markers(surf)
        a = self.hover_area
        if a is not None:
            pygame.draw.polygon(surf, style.GOLD_BRIGHT, [cam.to_screen(p) for p in a.poly], max(1, int(cam.ppi * 0.06)))

    def flash_zone(self, seconds: float = ZONE_FLASH) -> None:
        """The marked zone pulses for a while (a placement outside it was refused)."""
        self.zone_flash = seconds

    def update(self, dt: float) -> None:
        super().update(dt)
        self.zone_flash = max(0.0, self.zone_flash - dt)

    def _draw_zone(self, surf, z: int) -> None:
        """The zone being deployed into: hatched in its side's colour (not a wash that
        reads as water), a bold dashed outline all round, its name on a plate inside the
        edge that faces the open table; brighter and gold-edged while it pulses."""
        cam = self.camera
        key = (cam.key(), z)
        if self._zone_surf is None or self._zone_surf[0] != key:
            pts = [cam.to_screen(p) for p in self.zones[z]]
            area = box(pts, 4).clip(cam.rect)
            loc = [(x - area.x, y - area.y) for x, y in pts]
            col = ZONE_FILLS[z % 2]
            img = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.polygon(img, (*col, 30), loc)
            hatch = pygame.Surface(area.size, pygame.SRCALPHA)
            step = max(10, int(cam.ppi * 0.8))
            for k in range(-area.h, area.w, step):
                pygame.draw.line(hatch, (*col, 95), (k, 0), (k + area.h, area.h), max(2, step // 4))
            mask = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.polygon(mask, (255, 255, 255, 255), loc)
            hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            img.blit(hatch, (0, 0))
            width, dash = max(3, int(cam.ppi * 0.14)), max(10.0, cam.ppi * 0.6)
            dashed_outline(img, (*mix(ZONE_EDGES[z % 2], (255, 255, 255), 0.35), 255), loc, width, dash)
            lit = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.polygon(lit, (*mix(col, (255, 255, 255), 0.3), 90), loc)
            dashed_outline(lit, (*style.GOLD_BRIGHT, 255), loc, width + 2, dash)
            self._zone_surf = (key, z, img, area.topleft, lit)
        _key, _z, img, at, lit = self._zone_surf
        surf.blit(img, at)
        pulse = 0.0
        if self.zone_flash > 0:
            pulse = 0.5 + 0.5 * math.cos((ZONE_FLASH - self.zone_flash) * math.tau * 2.0)
            lit.set_alpha(int(255 * pulse))
            surf.blit(lit, at)
        words = self.words.get("zone", lambda k: "")(z)
        if words:
            self._zone_plate(surf, z, words, pulse > 0.5)

    def _zone_plate(self, surf, z: int, words: str, hot: bool) -> None:
        """The zone's name inside its edge that faces the open table (its middle otherwise)."""
        cam = self.camera
        W, H = cam.world
        xs, ys = [p[0] for p in self.zones[z]], [p[1] for p in self.zones[z]]
        size = max(22, min(26, int(cam.ppi)))
        img = self.gfx.cached(("sk_zone_tag", words, size, z, hot),
                              lambda: plate(self.gfx, words, size, ZONE_EDGES[z % 2], hot=hot))
        rad = 0.5 * cam.ppi + 2
        bases = [pygame.Rect(round(p.screen[0] - rad), round(p.screen[1] - rad), round(2 * rad), round(2 * rad))
                 for p in self.pieces if not p.hidden]
        spots = []
        for k in (0.5, 0.25, 0.75):                    # the middle of the edge, else a quarter along, clear of bases
            cx = min(xs) + (max(xs) - min(xs)) * k
            r = img.get_rect()
            if min(ys) <= 0 < max(ys) < H:
                r.midbottom = (round(cam.to_screen((cx, max(ys)))[0]), round(cam.to_screen((cx, max(ys)))[1]) - 8)
            elif max(ys) >= H > min(ys) > 0:
                r.midtop = (round(cam.to_screen((cx, min(ys)))[0]), round(cam.to_screen((cx, min(ys)))[1]) + 8)
            else:
                r.center = tuple(round(v) for v in cam.to_screen((cx, (min(ys) + max(ys)) / 2)))
            spots.append(r.clamp(cam.rect))
        r = next((q for q in spots if q.collidelist(bases) < 0), spots[0])
        surf.blit(img, r.topleft)
        self.zone_label = (words, r)

    def draw_over(self, surf) -> None:
        for _p, rect, img in self.plates():
            surf.blit(img, rect.topleft)
        a = self.hover_area
        if a is not None and self.hover is None:
            label = self.words.get("area", lambda area: getattr(area, "name", ""))(a)
            if label:
                img = self.gfx.cached(("sk_area_tag", label), lambda: plate(self.gfx, label, 15, style.GOLD_DEEP))
                r = img.get_rect(midbottom=(self.pointer[0], self.pointer[1] - 14))
                r.clamp_ip(self.camera.rect)
                surf.blit(img, r.topleft)

    def sight_line(self, surf, a, b, seen: bool) -> None:
        """A bold line of sight between two world points, inside the view: solid on a dark
        edge when seen, dashed when blocked (colour never alone)."""
        cam = self.camera
        sa, sb = cam.to_screen(a), cam.to_screen(b)
        w = max(2, int(cam.ppi * 0.08))
        clip = surf.get_clip()
        surf.set_clip(cam.rect)
        if seen:
            pygame.draw.line(surf, (0, 0, 0), sa, sb, w + 2)
            pygame.draw.line(surf, style.GOOD, sa, sb, w)
        else:
            _dashed_line(surf, style.BAD, sa, sb, w, max(5.0, cam.ppi * 0.3))
        surf.set_clip(clip)

    def place_beside(self, size, piece: Piece, gap: float, left: bool = False, clear_plate: bool = False):
        """Where a card of `size` goes beside a piece: `gap` pixels right of its centre (or
        left), on the other side when it does not fit, inside the view; `clear_plate`
        keeps the piece's name plate readable (the card goes above or below it)."""
        cam = self.camera.rect
        box = pygame.Rect((0, 0), size)
        x, y = piece.screen

        def side(to_left):
            if to_left:
                box.midright = (int(x - gap), int(y))
            else:
                box.midleft = (int(x + gap), int(y))
        side(left)
        if (box.left < cam.left + 4) if left else (box.right > cam.right - 4):
            side(not left)
        box.clamp_ip(cam)
        plate = next((q[1] for q in self.plates() if q[0] is piece), None) if clear_plate else None
        if plate is not None and box.colliderect(plate):
            box.bottom = plate.top - 4
            if box.top < cam.top:
                box.top = plate.bottom + 4
        return box

    # -- name plates ---------------------------------------------------------------------------
    def plate_size(self, r: float) -> int:
        return max(PLATE_FONT, min(24, int(r * 0.8)))

    def table_rect(self) -> pygame.Rect:
        """The table inside the frame, on screen (inside the view)."""
        cam = self.camera
        (x0, y0), (x1, y1) = cam.to_screen((0, 0)), cam.to_screen(cam.world)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).clip(cam.rect)

    def plates(self) -> list:
        """(piece, rect, image) of every name plate shown now, none over another or over
        a base, each nearer its own base than any other; cached while the pieces, the
        camera and the hover stay put."""
        key = (self.camera.key(), id(self.hover), id(self.selected), id(self.active), id(self.carry),
               tuple(self.zone_label[1]) if self.zone_label else None,
               tuple((id(p), p.name, round(p.screen[0]), round(p.screen[1]), p.dim, p.hidden) for p in self.pieces))
        if key != self._plates_key:
            self._plates_key = key
            self._plates = self._lay_plates()
        return self._plates

    @staticmethod
    def _gap(rect: pygame.Rect, c) -> float:
        """Pixels from a point to a rect (0 inside)."""
        dx = max(rect.left - c[0], 0, c[0] - rect.right)
        dy = max(rect.top - c[1], 0, c[1] - rect.bottom)
        return math.hypot(dx, dy)

    def _lay_plates(self) -> list:
        """Each plate takes the first free place of below, above, right, left and the four
        corners of its base: on the table, clear of the other plates and bases, and
        plainly its own (every other base clearly farther from it). None free (or zoomed
        out): hidden, but the hovered one always shows."""
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
        if self.zone_label is not None:                  # the deployment zone's own plate stays readable
            placed.append((None, self.zone_label[1], None))
        size = self.plate_size(r)
        ring = r * 0.2 + 3
        table = self.table_rect()
        for p in first + rest:
            forced = p in first
            if (not show_all and not forced) or p is carried:
                continue
            img = self._plate_img(p, size)
            w, h = img.get_size()
            cx, cy = p.screen
            d, e = r + ring, (r + ring) * 0.72
            anchors = (("midtop", (cx, cy + d)), ("midbottom", (cx, cy - d)), ("midleft", (cx + d, cy)),
                       ("midright", (cx - d, cy)), ("topleft", (cx + e * 0.5, cy + e)),
                       ("topright", (cx - e * 0.5, cy + e)), ("bottomleft", (cx + e * 0.5, cy - e)),
                       ("bottomright", (cx - e * 0.5, cy - e)))
            cands = []
            for attr, at in anchors:
                c = pygame.Rect(0, 0, w, h)
                setattr(c, attr, (round(at[0]), round(at[1])))
                if not table.contains(c) and c.w <= table.w and abs(c.clamp(table).x - c.x) < w // 2:
                    c = c.clamp(table)                   # slid along the table's edge, still beside its base
                cands.append(c)
            others = [q for q in alive if q is not p and q is not carried]

            def plain(c):
                own = self._gap(c, p.screen)
                return all(self._gap(c, q.screen) > own + r for q in others)
            spot = next((c for c in cands if table.contains(c)
                         and not any(c.colliderect(b) for pid, b in bases.items() if pid != id(p))
                         and not any(c.inflate(4, 4).colliderect(q[1]) for q in placed) and plain(c)), None)
            if spot is None and forced and p is self.hover:
                spot = cands[0].clamp(cam.rect)          # the hovered one shows whatever it covers
            if spot is not None:
                placed.append((p, spot, img))
        # none for a base out of the view (zoomed in, a plate slid to the view's edge would
        # name a base that is not there)
        placed = [q for q in placed if q[0] is not None and cam.rect.collidepoint(q[0].screen)]
        placed.sort(key=lambda q: q[0] is self.hover)    # the hovered plate last, so it is on top
        return placed

    def _plate_img(self, p: Piece, size: int) -> pygame.Surface:
        edge = p.color if not p.dim else (90, 90, 96)
        hot = p is self.hover or p is self.active
        return self.gfx.cached(("sk_plate", p.name, size, edge, p.dim, hot),
                               lambda: plate(self.gfx, p.name, size, edge, dim=p.dim, hot=hot))
