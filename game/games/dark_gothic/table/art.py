"""The Dark Gothic table's art: a colonial New England night (dark wood under a cold wash,
candle pools, a scorched parchment edge), the board areas drawn once into the cached
background, and the few things drawn every frame over it (the Shadows' track, Global glows,
the Cursed orbs' drips, the Villain end's pulse).

Everything here draws; nothing decides. The table (table.py) says where (LAYOUT, design
pixels of a 1920×1080 table scaled by the kit's geo()) and what (the view).
"""
from __future__ import annotations

import math

import pygame

from game.ui.table import style
from game.ui.table.gfx import night_wood, radial_glow

# board areas: (top colour, bottom colour, edge)
AREAS = {
    "center": ((34, 30, 40), (14, 12, 18), style.GOLD_DEEP),
    "villain": ((84, 16, 24), (28, 6, 10), style.CRIMSON_BRIGHT),
    "shadows": ((22, 18, 34), (6, 5, 12), (96, 78, 130)),
    "supply": ((46, 34, 24), (20, 14, 10), style.GOLD_DEEP),
    "status": ((40, 30, 26), (18, 13, 12), style.GOLD),
    "seat": ((30, 26, 30), (14, 12, 14), (86, 70, 52)),
    "mine": ((26, 36, 30), (10, 16, 12), (96, 118, 86)),
    "pool": ((30, 24, 30), (12, 10, 14), style.GOLD_DEEP),
}
GLOBAL_GLOW = (120, 230, 140)          # a Global card's aura (plus its "Global" keyword box)
SHADOW_CALM = (150, 132, 190)
SHADOW_DIRE = (236, 52, 52)
BLOOD = (150, 12, 22)
# a resource orb's colour (Combat, Cunning, Spirit, Silver): the pool, the costs, the glyphs
ORB = {"C": (190, 52, 48), "U": (58, 150, 78), "S": (60, 104, 206), "W": (196, 198, 210)}


def tension(n: int, limit: int) -> int:
    """0 calm, 1 tense (from 7 of 10: limit - 3), 2 dire (from 9: one card from the end)."""
    if n >= limit - 1:
        return 2
    if n >= limit - 3:
        return 1
    return 0


def backdrop(kit, areas: dict, labels: list, omen: tuple, slots: list, villain_rect) -> pygame.Surface:
    """The whole static background: wood, night, candles, parchment edge, board areas with
    their labels, the Center Line's numbered spots and chevrons toward the Villain end, the
    Omen die's felt tray. `areas`: name -> [rects] in window pixels; `labels`: (text, pos,
    size, colour, anchor, max width); `omen`: (centre, radius); `slots`: the Center Line slot rects."""
    s = kit.geo()[0]
    w, h = kit.size
    g = kit.gfx
    bg = night_wood(kit.ctx.assets, (w, h), (58, 50, 54), (18, 14, 14), (8, 16, 40, 80),
                    [(int(x * s), int(y * s), int(r * s), k) for x, y, r, k in
                     ((520, 150, 640, 0.18), (760, 900, 560, 0.16), (1300, 420, 420, 0.10))], (255, 160, 70))
    _parchment_edge(kit, bg)
    for name, rects in areas.items():
        top, bottom, edge = AREAS[name]
        for r in rects:
            kit.board_panel(bg, r, top, bottom, edge, cobbles=(name == "center"))
    # the Center Line: a path of numbered spots under the slots, chevrons toward the Villain
    if slots:
        y = slots[0].bottom + int(18 * s)
        rad = max(8, int(13 * s))
        x_end = villain_rect.left - int(14 * s)
        pygame.draw.line(bg, (120, 96, 56), (slots[0].centerx, y), (x_end, y), max(1, int(2 * s)))
        for i, r in enumerate(slots):
            c = (r.centerx, y)
            last = i == len(slots) - 1
            pygame.draw.circle(bg, (12, 10, 12), c, rad + 2)
            pygame.draw.circle(bg, (92, 24, 30) if last else (58, 48, 40), c, rad)
            pygame.draw.circle(bg, style.CRIMSON_BRIGHT if last else style.GOLD_DEEP, c, rad, max(1, int(2 * s)))
            num = g.text(str(i + 1), max(11, int(17 * s)), style.GOLD_BRIGHT if last else style.TEXT, bold=True)
            bg.blit(num, num.get_rect(center=c))
            nxt = slots[i + 1].centerx if not last else x_end
            kit.chevron(bg, ((r.centerx + nxt) // 2 + (int(10 * s) if last else 0), y), max(4, int(7 * s)),
                        style.CRIMSON_BRIGHT if last else (150, 122, 70))
    # the Shadows' well: a violet dusk behind the face-down stack
    for r in areas.get("shadows", []):
        gl = radial_glow(int(r.height * 0.55), (110, 70, 170), 60)
        bg.blit(gl, gl.get_rect(center=(r.centerx + r.width // 5, r.top + int(r.height * 0.45))))
    # the Villain end: a red glow behind the frame
    vr = villain_rect
    gl = radial_glow(int(vr.height * 0.75), (200, 30, 40), 70)
    bg.blit(gl, gl.get_rect(center=vr.center))
    # the Omen die's felt tray
    (ox, oy), orad = omen
    pygame.draw.circle(bg, (0, 0, 0), (ox + int(3 * s), oy + int(5 * s)), orad + int(4 * s))
    pygame.draw.circle(bg, (58, 40, 26), (ox, oy), orad + int(4 * s))
    pygame.draw.circle(bg, (26, 44, 32), (ox, oy), orad)
    pygame.draw.circle(bg, (14, 24, 18), (ox, oy), orad, max(2, int(5 * s)))
    pygame.draw.circle(bg, style.GOLD_DEEP, (ox, oy), orad + int(4 * s), max(1, int(2 * s)))
    for text, pos, size, colour, anchor, width in labels:
        lab = g.fit_text(text, size, width, colour, bold=anchor.endswith("!"), serif=True, min_size=10)
        bg.blit(lab, lab.get_rect(**{anchor.rstrip("!"): pos}))
    return bg


def _parchment_edge(kit, bg) -> None:
    """A scorched old-map edge: parchment-tinted strips darkening inward, then a vignette."""
    w, h = bg.get_size()
    s = kit.geo()[0]
    band = max(6, int(14 * s))
    try:
        paper = kit.ctx.assets.tiled("parchment", (w, h), (150, 124, 90))
    except Exception:
        paper = None
    edge = pygame.Surface((w, h), pygame.SRCALPHA)
    if paper is not None:
        edge.blit(paper, (0, 0))
    else:
        edge.fill((150, 124, 90))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    for i in range(band):
        a = int(150 * (1 - i / band) ** 1.6)
        pygame.draw.rect(mask, (255, 255, 255, a), pygame.Rect(i, i, w - 2 * i, h - 2 * i), 1)
    edge.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    bg.blit(edge, (0, 0))
    # burnt rim and a soft vignette
    pygame.draw.rect(bg, (20, 12, 8), bg.get_rect(), max(2, int(3 * s)))
    vig = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        a = int(70 * (1 - i / steps) ** 2)
        m = int(i * min(w, h) * 0.012)
        pygame.draw.rect(vig, (0, 0, 0, a), pygame.Rect(m, m, w - 2 * m, h - 2 * m), max(1, int(min(w, h) * 0.012)))
    bg.blit(vig, (0, 0))


def shadow_track(kit, surf, rect: pygame.Rect, n: int, limit: int, t: float) -> list:
    """The Shadows' count as `limit` numbered pips along `rect`: filled pips for the cards in
    the Shadows, calm violet, red from 7 on (tense), pulsing, and the last pips throbbing like
    a heartbeat at 9 (dire). Returns the pips' (rect, filled, colour) for tests and hover."""
    s = kit.geo()[0]
    g = kit.gfx
    mood = tension(n, limit)
    step = rect.width / max(1, limit)
    r = max(6, int(min(step * 0.42, rect.height * 0.5)))
    beat = _heartbeat(t) if mood == 2 else (0.5 + 0.5 * math.sin(t * 4.0) if mood == 1 else 0.0)
    out = []
    if mood:
        gl = g.glow_rect(rect.width + int(16 * s), rect.height + int(16 * s), SHADOW_DIRE, int(10 * s), int(8 * s))
        gl.set_alpha(int(70 + 120 * beat))
        surf.blit(gl, (rect.left - int(16 * s), rect.top - int(16 * s)))
        gl.set_alpha(None)
    for i in range(limit):
        cx = int(rect.left + step * (i + 0.5))
        cy = rect.centery
        filled = i < n
        danger = i >= limit - 3
        if filled:
            col = SHADOW_DIRE if mood else SHADOW_CALM
            if mood:
                col = style.lerp_color(col, (255, 150, 140), beat * 0.5)
        else:
            col = (44, 34, 48) if not danger else (70, 26, 32)
        rr = r + (int(2 * s * beat) if filled and mood else 0)
        pygame.draw.circle(surf, (0, 0, 0), (cx + 1, cy + 2), rr)
        pygame.draw.circle(surf, col, (cx, cy), rr)
        pygame.draw.circle(surf, style.CRIMSON_BRIGHT if danger else (110, 92, 130), (cx, cy), rr, max(1, int(2 * s)))
        num = g.text(str(i + 1), max(10, int(r * 1.15)), style.INK if filled else style.TEXT_DIM, bold=True)
        surf.blit(num, num.get_rect(center=(cx, cy)))
        out.append((pygame.Rect(cx - rr, cy - rr, 2 * rr, 2 * rr), filled, col))
    return out


def _heartbeat(t: float) -> float:
    """0..1: two quick beats (lub-dub) a second, then rest."""
    ph = (t * 1.1) % 1.0
    return max(math.exp(-((ph - 0.08) / 0.05) ** 2), 0.7 * math.exp(-((ph - 0.3) / 0.05) ** 2))


def global_glow(kit, surf, rect: pygame.Rect, t: float, pad: int = 10) -> None:
    """A soft green aura round a Global card, breathing slowly."""
    kit.glow_around(surf, [rect], GLOBAL_GLOW, speed=2.0, pad=pad, base=90, swing=90)


def blood_drips(kit, surf, orbs: list, t: float) -> None:
    """A drop of blood running from each Cursed cost orb ((centre, radius) in window pixels),
    swelling, falling and fading, staggered so they do not drip together."""
    for k, ((x, y), r) in enumerate(orbs):
        ph = (t * 0.55 + k * 0.37) % 1.0
        # a trail down from the orb's lower edge, and a drop at its end
        length = r * (0.4 + 1.6 * min(1.0, ph / 0.7))
        alpha = 255 if ph < 0.7 else int(255 * (1 - (ph - 0.7) / 0.3))
        top = y + r - max(2, r // 4)
        drop = pygame.Surface((r * 2, int(length + r * 1.5)), pygame.SRCALPHA)
        cx = r
        wdt = max(2, r // 4)
        pygame.draw.line(drop, (*BLOOD, alpha), (cx, 0), (cx, int(length)), wdt)
        dr = max(2, int(r * (0.28 + 0.12 * min(1.0, ph / 0.7))))
        pygame.draw.circle(drop, (*BLOOD, alpha), (cx, int(length)), dr)
        pygame.draw.circle(drop, (230, 90, 90, alpha // 2), (cx - dr // 3, int(length) - dr // 3), max(1, dr // 3))
        surf.blit(drop, (x - r, top))


def villain_end_frame(kit, surf, rect: pygame.Rect, t: float) -> None:
    """The Villain end of the Center Line: a crimson frame, slowly pulsing, with corner ticks."""
    s = kit.geo()[0]
    pulse = 0.5 + 0.5 * math.sin(t * 2.2)
    col = style.lerp_color(style.CRIMSON, style.CRIMSON_BRIGHT, pulse)
    r = rect.inflate(int(14 * s), int(14 * s))
    pygame.draw.rect(surf, col, r, max(2, int(3 * s)), border_radius=int(10 * s))
    k = int(18 * s)
    wd = max(2, int(4 * s))
    for (x, y, dx, dy) in ((r.left, r.top, 1, 1), (r.right - 1, r.top, -1, 1), (r.left, r.bottom - 1, 1, -1),
                           (r.right - 1, r.bottom - 1, -1, -1)):
        pygame.draw.line(surf, style.GOLD_BRIGHT, (x, y), (x + dx * k, y), wd)
        pygame.draw.line(surf, style.GOLD_BRIGHT, (x, y), (x, y + dy * k), wd)
