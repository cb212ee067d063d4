"""Painted terrain for a skirmish board (skirmish.py): each terrain piece drawn by its
style on the board's cached ground, in local pixels, low to high by the caller.

    PAINT[art.style](board, surface, art, local points, world->local, ppi, clip)

Styles: road, wall, hedge, bramble, woods, water, chasm, roof, ruin, stone, tower (shadows
by height, stones, leaves, trees, ripples, roofs, a height badge on what stands high).
`art` is a terrain piece laid out along its longest edge (terrain_layout.TerrainArt): `.poly` (world points),
`.style`, `.name` (a hint: "yew", "briar", "barn", "mausoleum", "shrine", ...),
`.height`, `.length` and `.width` (inches), `.at(a, b)` (along, across -> world),
`.rect(sp, a0, b0, a1, b1)` (a box's local corners) and `.decor` (its stones, leaves,
trees, ripples, rubble laid out once in inches, so every zoom draws the same piece).
`board.look` names the colours: `.season` ("winter" frosts them), `.ground`, `.road`,
`.leaf_dark`, `.leaf_light`; `board.gfx` draws the badges.
"""
from __future__ import annotations

import math

import pygame

from .paint import alpha_poly, dashed_outline, drop_shadow, hull, masked
from .skirmish import mix, shade

STONE = (128, 122, 112)

# ---------------------------------------------------------------------------------------
# the painters: (board, surface, art, local points, world->local, ppi, clip)
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
    img = board.gfx.cached(("sk_height", art.height, size), lambda: _badge(board.gfx, f"{art.height:g}\"", size))
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
