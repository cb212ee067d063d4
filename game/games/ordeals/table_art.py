"""The Book of Ordeals table's art: the ground by season, light and weather and the
terrain (table_terrain.py: the Look and each piece's style and decoration, in inches)
painted on the kit's skirmish board, and the characters' bases.

- `PAINT[style](board, surface, art, local points, world->local, ppi, clip)`: a terrain
  piece painted by its style (shadows by height, stones, leaves, trees, ripples, roofs).
- `OrdealsBoard`: the kit's SkirmishBoard (game/ui/table/skirmish.py: mat, frame, inch
  grid, a mottled field under a tint and a haze, zones, lantern pools, name plates,
  the hovered terrain named; its ground layer cached and scrolled) with the Look's
  colours (`set_look`), the chapel and the terrain on the field (`paint_terrain`) and
  the graves and the relic under the pieces (`draw_markers`).
- `paint_base`: a 1" round base with a rim in its side's colour and the profile's icon,
  for the kit's PieceRenderer (with BASE_LOOK: a long facing tab on the rim; the kit
  draws the status rings and the lantern / relic badges).

Nothing here reads the rules: everything comes from the view the table holds.
"""
from __future__ import annotations

import math

import pygame

from game.games.ordeals.table_terrain import Look, Point
from game.games.ordeals.table_words import ICON_PREFIX
from game.ui.table import style
from game.ui.table.gfx import light_pool
from game.ui.table.paint import alpha_poly, box, dashed_outline, drop_shadow, hull, masked
from game.ui.table.skirmish import SkirmishBoard, mix, shade

LANTERN = (255, 176, 86)
STONE = (128, 122, 112)


# ---------------------------------------------------------------------------------------
# the board: the kit's skirmish table with this game's ground and markers
# ---------------------------------------------------------------------------------------
class OrdealsBoard(SkirmishBoard):
    """The kit's SkirmishBoard with the Book of Ordeals' ground (season, light, weather,
    terrain art), the chapel, the graves and the relic."""
    shadow_rgba = (10, 8, 26, 118)      # lighter: the terrain under the sight shadows stays legible

    def __init__(self, rect, world_size, renderer, *, art: list, look: Look, chapel=None, **kw):
        super().__init__(rect, world_size, renderer, areas=art, light_color=LANTERN, **kw)
        self.art = self.areas
        self.chapel = chapel                     # (centre, radius) or None
        self.graves: list = []                   # (x, y, salted, needed)
        self.relic: Point | None = None
        self.set_look(look)

    def set_look(self, look: Look) -> None:
        """The season's field, the light's tint and lanterns, the weather's haze and frost."""
        self.look = look
        self.ground = (look.ground, look.tuft_light, look.tuft_dark)
        self.tint, self.haze, self.light_strength = look.tint, look.haze, look.glow
        self.frost = look.weather == "snow" or look.season == "winter"

    def ground_key(self):
        return self.look                          # the terrain's colours follow it too

    def handle_event(self, e) -> bool:
        out = super().handle_event(e)
        if out and e.type in (pygame.MOUSEWHEEL, pygame.KEYDOWN, pygame.MOUSEMOTION):
            self.centre_what_fits()
        return out

    def _lay_plates(self) -> list:
        """The kit's plates, but none for a base out of the view (zoomed in, a plate slid
        to the view's edge would name a base that is not there)."""
        return [q for q in super()._lay_plates() if self.camera.rect.collidepoint(q[0].screen)]

    def centre_what_fits(self) -> None:
        """Along an axis where the whole table and its frame fit in the view, the table
        stays in the middle: zoomed back out, the pan is undone and no edge is cut."""
        cam = self.camera
        (ox, oy), (w, h) = cam.origin, cam.world
        vw, vh = cam.rect.w / cam.ppi, cam.rect.h / cam.ppi
        cam.origin = ((w - vw) / 2 if vw >= w + 1 else ox, (h - vh) / 2 if vh >= h + 1 else oy)
        self._place_all()

    def paint_terrain(self, s, sp, g, ppi) -> None:
        """The chapel's ground and the Trial's terrain, low to high."""
        if self.chapel is not None:
            self._paint_chapel(s, sp, ppi)
        for art in self.art:
            pts = [sp(p) for p in art.poly]
            if box(pts, ppi * 1.2).colliderect(g):
                PAINT[art.style](self, s, art, pts, sp, ppi, g)

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

    # -- per frame: the graves and the relic under the pieces --------------------------------
    def draw_markers(self, surf) -> None:
        cam = self.camera
        size = max(12, int(cam.ppi * 0.9))
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


# ---------------------------------------------------------------------------------------
# terrain painters: (board, surface, art, local points, world->local, ppi, clip)
# ---------------------------------------------------------------------------------------
def _line_ab(art, sp, a0, b0, a1, b1):
    return sp(art.at(a0, b0)), sp(art.at(a1, b1))


def paint_road(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    col = lk.road if lk.season != "winter" else mix(lk.road, (200, 200, 206), 0.35)
    pygame.draw.polygon(s, mix(col, lk.ground, 0.45), pts)
    inner = art.rect(sp, 0, art.width * 0.1, art.length, art.width * 0.9)
    pygame.draw.polygon(s, col, inner)
    if ppi >= 6:
        rut = shade(col, 0.78)
        for b in art.decor["ruts"]:
            a, c = _line_ab(art, sp, 0, b * art.width, art.length, b * art.width)
            pygame.draw.line(s, rut, a, c, max(1, int(ppi * 0.12)))
        for a, b, r in art.decor["pebbles"]:
            pygame.draw.circle(s, shade(col, 1.18), sp(art.at(a, b)), max(1, r * ppi))


def paint_wall(board, s, art, pts, sp, ppi, clip):
    drop_shadow(s, pts, 0.8, ppi, clip, 130)
    base = STONE if board.look.season != "winter" else mix(STONE, (210, 214, 220), 0.2)
    pygame.draw.polygon(s, base, pts)
    d = art.decor
    courses = d["courses"]
    cw = art.width / courses
    if ppi * 0.4 >= 4:
        for k, (a, c) in enumerate(d["joints"]):
            pygame.draw.polygon(s, shade(base, d["tones"][k % len(d["tones"])]),
                                art.rect(sp, a, c * cw, a + 0.45, (c + 1) * cw))
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
    drop_shadow(s, pts, 0.7, ppi, clip, 120)
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
    masked(s, pts, clip, paint)
    # the wood's edge stays readable (cover inside, sight through more than 3")
    dashed_outline(s, mix(light, (230, 220, 160), 0.3), pts, max(1, int(ppi * 0.05)), max(4.0, ppi * 0.3))


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
        mid = art.rect(sp, 0, art.width * 0.25, art.length, art.width * 0.75)
        pygame.draw.polygon(tmp, deep, [(x - dx, y - dy) for x, y in mid])
        for a, b, L in art.decor["ripples"]:
            p, q = sp(art.at(a - L / 2, b)), sp(art.at(a + L / 2, b))
            pygame.draw.line(tmp, (150, 190, 214, 150), (p[0] - dx, p[1] - dy), (q[0] - dx, q[1] - dy),
                             max(1, int(ppi * 0.05)))
    inner = art.rect(sp, 0, art.width * 0.1, art.length, art.width * 0.9)
    masked(s, inner, clip, paint)


def paint_chasm(board, s, art, pts, sp, ppi, clip):
    lk = board.look
    lip = mix(lk.road, (60, 50, 40), 0.3)
    pygame.draw.polygon(s, lip, pts)
    inner = art.rect(sp, 0.06, art.width * 0.18, art.length - 0.06, art.width * 0.86)
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
    drop_shadow(s, pts, art.height, ppi, clip, 140)
    c = _roof_colours(art, lk)
    W, L = art.width, art.length
    sunny, dim = art.rect(sp, 0, 0, L, W / 2), art.rect(sp, 0, W / 2, L, W)
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
                    q = art.rect(sp, a + 0.04, b + 0.04, a + step - 0.04, b + step - 0.04)
                    pygame.draw.polygon(tmp, shade(floor, d["flags"][k % len(d["flags"])]),
                                        [(x - dx, y - dy) for x, y in q])
                    k += 1
                    a += step
                b += step
        # moss
        for x, y, r, t in d["rubble"][::3]:
            c = sp((x, y))
            pygame.draw.circle(tmp, (*mix(lk.leaf_dark, floor, 0.4), 150), (c[0] - dx + r * ppi, c[1] - dy), r * ppi * 1.6)
    drop_shadow(s, pts, 0.6, ppi, clip, 70)
    masked(s, pts, clip, flags)
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
        alpha_poly(s, hull([p, q, (p[0] + sh * 0.55, p[1] + sh * 0.8), (q[0] + sh * 0.55, q[1] + sh * 0.8)]),
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
    drop_shadow(s, pts, art.height, ppi, clip, 140)
    base = mix(STONE, (150, 146, 138), 0.4)
    if lk.season == "winter":
        base = mix(base, (220, 224, 230), 0.3)
    pygame.draw.polygon(s, shade(base, 0.75), pts)
    inset = art.rect(sp, 0.12, 0.12, art.length - 0.12, art.width - 0.12)
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
    drop_shadow(s, pts, art.height, ppi, clip, 150)
    base = shade(STONE, 0.9)
    pygame.draw.polygon(s, shade(base, 0.7), pts)
    # crenellations: merlons along the parapet
    L, W = art.length, art.width
    m = 0.42
    inner = art.rect(sp, m, m, L - m, W - m)
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
