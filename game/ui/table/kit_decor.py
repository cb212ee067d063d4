"""The table kit's decoration role: panels, plaques, glows, score tables, coins.

Plain functions of a Gfx (the cached renderer), the scale `s` of a 1920×1080 design in
the table's size (TableKit.geo()[0]) and what they draw; none holds state, and each
returns a cached surface or draws onto the one given. A game's table calls them through
the kit's methods of the same names (`self.plaque(...)`, `self.glow_around(...)`), which
fill in its gfx, scale, settings and seat names; a screen that is not a table (the
recruitment screen) may call them here directly.
"""
from __future__ import annotations

import math

import pygame

from . import style
from .gfx import radial_glow, seat_marker_surface
from .strings import ts


def font_px(s: float):
    """F(px, lo=12): a font size of the design in pixels, scaled by `s` (as TableKit.geo())."""
    def F(px, lo=12):
        return max(lo, int(round(px * s)))
    return F


def coin(gfx, icon: str, size: int, color=style.GOLD) -> pygame.Surface:
    """A coin/token face: a gold disc with an embossed icon (cached)."""
    def make():
        s = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
        c = (size + 4) // 2
        pygame.draw.circle(s, (0, 0, 0, 90), (c + 1, c + 2), size // 2)
        pygame.draw.circle(s, style.lerp_color(color, (0, 0, 0), 0.35), (c, c), size // 2)
        pygame.draw.circle(s, color, (c, c - 1), size // 2 - 1)
        pygame.draw.circle(s, style.lerp_color(color, (255, 255, 255), 0.35), (c, c - 1), size // 2 - 1, 2)
        pygame.draw.circle(s, style.lerp_color(color, (0, 0, 0), 0.3), (c, c - 1), size // 2 - 5, 1)
        ic = gfx.icon(icon, int(size * 0.58), style.lerp_color(color, (60, 30, 0), 0.6))
        s.blit(ic, ic.get_rect(center=(c, c - 1)))
        return s
    return gfx.cached(("coin", icon, size, color), make)


def token_image(gfx, icon: str, size: int, hover: bool = False, kind: str = "pawn",
                fill=(70, 20, 30)) -> pygame.Surface:
    """A piece's picture, cached: a "pawn" (a dark disc with a gold ring and an icon) or a
    "coin" (the kit's gold coin); glowing when hovered (a TokenChip's two images)."""
    def make():
        base = coin(gfx, icon, size, style.GOLD) if kind == "coin" else None
        w = (base.get_width() if base is not None else size) + 8
        surf = pygame.Surface((w, w), pygame.SRCALPHA)
        c = w // 2
        if hover:
            surf.blit(radial_glow(c, style.GOLD_BRIGHT, 150), (0, 0))
        if base is not None:
            surf.blit(base, base.get_rect(center=(c, c)))
            return surf
        pygame.draw.circle(surf, (0, 0, 0, 120), (c + 2, c + 4), size // 2)
        pygame.draw.circle(surf, (22, 16, 20), (c, c), size // 2)
        pygame.draw.circle(surf, fill, (c, c), size // 2 - 3)
        pygame.draw.circle(surf, style.GOLD_BRIGHT if hover else style.GOLD, (c, c), size // 2, max(2, size // 18))
        ic = gfx.icon(icon, int(size * 0.66), (246, 230, 196))
        surf.blit(ic, ic.get_rect(center=(c, c + 1)))
        return surf
    return gfx.cached(("kit_token", icon, size, hover, kind, fill), make)


def board_panel(gfx, assets, bg, r, s: float, top, bottom, edge, cobbles: bool = False) -> None:
    """A board area on the background: shadow, a vertical gradient over felt, optional
    cobbles, a rounded edge with an inner line."""
    rad = int(14 * s)
    sh = gfx.shadow(r.width, r.height, rad, int(12 * s), 150)
    bg.blit(sh, (r.left - int(12 * s) + int(3 * s), r.top - int(12 * s) + int(6 * s)))
    surf = pygame.Surface(r.size, pygame.SRCALPHA)
    for y in range(r.height):
        pygame.draw.line(surf, style.lerp_color(top, bottom, y / max(1, r.height - 1)), (0, y), (r.width, y))
    try:
        noise = assets.tiled("table_felt", r.size).copy()
        noise.fill((70, 70, 70), special_flags=pygame.BLEND_RGB_SUB)
        surf.blit(noise, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    except Exception:
        pass
    if cobbles:
        cw, ch = int(46 * s), int(26 * s)
        for row, yy in enumerate(range(0, r.height, ch)):
            for xx in range(-((row % 2) * cw // 2), r.width, cw):
                cell = pygame.Rect(xx + 2, yy + 2, cw - 4, ch - 4)
                pygame.draw.rect(surf, (255, 255, 255, 7), cell, border_radius=int(8 * s))
                pygame.draw.rect(surf, (0, 0, 0, 40), cell, 1, border_radius=int(8 * s))
    mask = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    bg.blit(surf, r.topleft)
    pygame.draw.rect(bg, edge, r, max(2, int(2 * s)), border_radius=rad)
    pygame.draw.rect(bg, style.lerp_color(edge, (0, 0, 0), 0.5), r.inflate(-int(10 * s), -int(10 * s)), 1,
                     border_radius=max(2, rad - int(4 * s)))


def panel_header(gfx, bg, r, s: float, icon: str, text: str, color) -> None:
    """Icon + title in a board area's top-left corner."""
    F = font_px(s)
    ic = gfx.icon(icon, F(24), color)
    bg.blit(ic, (r.left + int(14 * s), r.top + int(10 * s)))
    lab = gfx.text(text, F(21), color, bold=True, serif=True)
    bg.blit(lab, lab.get_rect(midleft=(r.left + int(22 * s) + ic.get_width(), r.top + int(10 * s) + ic.get_height() // 2)))


def chevron(surf, c, r: int, color) -> None:
    """A ">" pointing right (a track's direction)."""
    x, y = c
    pygame.draw.lines(surf, color, False, [(x - r // 2, y - r), (x + r // 2, y), (x - r // 2, y + r)], max(2, r // 4))


def glow_around(gfx, surf, rects, s: float, pulse_t: float, color=style.HIGHLIGHT, speed: float = 3.2,
                pad: int = 12, dashed: bool = False, base: int = 110, swing: int = 120) -> None:
    """A pulsing glow round each rect (the active seat, the legal targets)."""
    pulse = 0.5 + 0.5 * math.sin(pulse_t * speed)
    sp_ = int(10 * s)
    for r in rects:
        rr = r.inflate(int(pad * s), int(pad * s))
        gl = gfx.glow_rect(rr.width, rr.height, color, int(12 * s), sp_, dashed=dashed)
        gl.set_alpha(int(base + swing * pulse))
        surf.blit(gl, (rr.left - sp_, rr.top - sp_))
        gl.set_alpha(None)


def draw_prompt(gfx, surf, area, s: float, prompt) -> None:
    """(title, subtitle, icon) at the top of `area`: what the table is asking or showing."""
    if not prompt:
        return
    F = font_px(s)
    g = gfx
    title, sub, icon = prompt
    ts_ = g.fit_text(title or "", F(27), area.width - int(120 * s), style.TEXT, bold=True, serif=True)
    x, top = area.centerx, area.top + int(14 * s)
    ic = g.icon(icon, F(30), style.GOLD) if icon else None
    wsum = (ic.get_width() + int(10 * s) if ic else 0) + ts_.get_width()
    if ic:
        surf.blit(ic, ic.get_rect(midleft=(x - wsum // 2, top + ts_.get_height() // 2)))
    surf.blit(ts_, ts_.get_rect(midright=(x + wsum // 2, top + ts_.get_height() // 2)))
    if sub:
        ss = g.text_block(sub, F(18), area.width - int(60 * s), style.TEXT_DIM, align="center", max_lines=2)
        surf.blit(ss, ss.get_rect(midtop=(x, top + ts_.get_height() + int(4 * s))))


def plaque(gfx, s: float, head: str, line: str, ok, settings, colorblind: bool) -> pygame.Surface:
    """A result in words: a small head and a ✓/✗ word (ok None: none), a big line."""
    F = font_px(s)
    g = gfx

    def make():
        col = style.TEXT_DIM if ok is None else (style.good(settings) if ok else style.bad(settings))
        word = "" if ok is None else ("✓ " + ts("success") if ok else "✗ " + ts("failure"))
        hs = g.fit_text(head, F(17), int(400 * s), style.TEXT_DIM, serif=True, min_size=12)
        ws = g.text(word, F(18), col, bold=True) if word else None
        txt = g.fit_text(line, F(23), int(560 * s), style.TEXT, bold=True, serif=True, min_size=14)
        top_w = hs.get_width() + ((ws.get_width() + int(14 * s)) if ws else 0)
        w = max(top_w, txt.get_width()) + int(32 * s)
        h = hs.get_height() + txt.get_height() + int(16 * s)
        p = pygame.Surface((w, h), pygame.SRCALPHA)
        p.blit(g.panel(w, h, fill=(16, 12, 12), border=col if ok is not None else style.GOLD_DEEP,
                       radius=int(10 * s), alpha=235), (0, 0))
        x = (w - top_w) // 2
        p.blit(hs, (x, int(6 * s)))
        if ws:
            p.blit(ws, ws.get_rect(midleft=(x + hs.get_width() + int(14 * s), int(6 * s) + hs.get_height() // 2)))
        p.blit(txt, txt.get_rect(midtop=(w // 2, int(8 * s) + hs.get_height())))
        return p
    return g.cached(("kit_plaque", head, line, ok, s, colorblind), make)


def score_table(gfx, s: float, size, heads: list, rows: list, winners, names: list,
                colorblind: bool) -> pygame.Surface:
    """The final reckoning: one row per seat (marker, name, a trophy for winners) and a
    column per head, the last one (the total) emphasised."""
    F = font_px(s)
    g = gfx
    key = ("kit_scores", size, tuple(heads), tuple(map(tuple, rows)), tuple(winners), s, colorblind)

    def make():
        w, h = size
        p = pygame.Surface((w, h), pygame.SRCALPHA)
        n = len(heads)
        cols = [int(w * f) for f in (0.03, 0.39, 0.575, 0.76, 0.92)[:n + 1]]
        for x, hd in zip(cols[1:], heads):
            hs = g.fit_text(hd, F(16), int(w * 0.18), style.TEXT_DIM, bold=True, min_size=11)
            p.blit(hs, hs.get_rect(midtop=(x, 0)))
        y = int(26 * s)
        lh = max(int(30 * s), (h - y) // max(1, len(rows)))
        for seat, vals in enumerate(rows):
            cy = y + lh * seat + lh // 2
            win = seat in winners
            if win:
                pygame.draw.rect(p, (70, 50, 20), pygame.Rect(0, cy - lh // 2 + 2, w, lh - 4), border_radius=int(8 * s))
            mk = seat_marker_surface(g, seat, int(9 * s), colorblind)
            p.blit(mk, mk.get_rect(midleft=(cols[0] - int(6 * s), cy)))
            nm = g.fit_text(names[seat], F(21), int(w * 0.28), style.GOLD_BRIGHT if win else style.TEXT,
                            bold=True, serif=True, min_size=12)
            p.blit(nm, nm.get_rect(midleft=(cols[0] + int(18 * s), cy)))
            if win:
                ic = g.icon("trophy", F(22), style.GOLD_BRIGHT)
                p.blit(ic, ic.get_rect(midleft=(cols[0] + int(24 * s) + nm.get_width(), cy)))
            for i, (x, v) in enumerate(zip(cols[1:], vals)):
                last = i == n - 1
                vs = g.text(v, F(26 if last else 22), style.GOLD_BRIGHT if last else style.TEXT, bold=last, serif=True)
                p.blit(vs, vs.get_rect(center=(x, cy)))
        return p
    return g.cached(key, make)


def reference_panel(gfx, assets, s: float, size, heading: str, sections: list, hint: str) -> pygame.Surface:
    """A parchment card of rules at a glance: a heading, (icon, text) sections, a hint."""
    F = font_px(s)
    g = gfx
    w, h = size

    def make():
        p = pygame.Surface(size, pygame.SRCALPHA)
        p.blit(g.panel(w, h, fill=(40, 30, 22), border=style.GOLD, radius=int(16 * s), alpha=250,
                       inner=style.GOLD_DEEP), (0, 0))
        try:
            par = assets.tiled("parchment", (w - int(24 * s), h - int(24 * s)), (150, 130, 110)).copy()
            par.set_alpha(60)
            p.blit(par, (int(12 * s), int(12 * s)))
        except Exception:
            pass
        head = g.text(heading, F(32), style.GOLD_BRIGHT, bold=True, serif=True)
        p.blit(head, head.get_rect(midtop=(w // 2, int(20 * s))))
        y = int(30 * s) + head.get_height()
        for icon, text in sections:
            ic = g.icon(icon, F(34), style.GOLD)
            p.blit(ic, (int(30 * s), y + int(4 * s)))
            block = g.text_block(text, F(21), w - int(120 * s), style.TEXT, align="left")
            p.blit(block, (int(80 * s), y))
            y += max(block.get_height(), ic.get_height()) + int(20 * s)
        tip = g.text(hint, F(16), style.TEXT_DIM)
        p.blit(tip, tip.get_rect(midbottom=(w // 2, h - int(12 * s))))
        return p
    return g.cached(("kit_reference", size, heading, tuple(sections), hint), make)
