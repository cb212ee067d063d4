"""Card faces composed from named sections, face-down backs per game, and the card sprite.

A game describes each card type as a dict (usually straight from its YAML data):

    {"key": "doge", "title": "Doge", "kind": "role", "icon": "doge",
     "text": "Take 3 ducats. Blocks Casino Winnings.", "subtitle": "Role",
     "type_icon": "mask", "stats": [("attack", 3)], "keywords": ["Block"],
     "cost": [{"value": 2, "colour": (90, 40, 120), "cursed": True}], "badges": [("ducat", "+3")],
     "sections": ["title", "art", "type", "text", "stats"], "text_from": "medium"}

and a `CardFrame` per `kind` (colours of the frame). The sections (title, art, type
line, keyword boxes, rules text, stats strip, cost orbs with colour and cursed marks,
badges) are drawn by `compose_face`; a game's `data/<game>/faces.yaml` may name the
frames, icons, colours and sections per kind (`load_faces`). `CardRenderer.face(key,
(w, h))` renders a face once per size and caches it (copies share one face through
`canon`); `back((w, h))` asks the app's Assets for the game's back. Small sizes drop
the rules text and keep title + art.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import pygame

from ..assets import SurfaceCache
from . import style
from .faces import SECTIONS, TEXT_FROM, CardFrame, FaceData, load_faces  # noqa: F401 (callers import them here)
from .gfx import Gfx

FACE_CACHE_BYTES = 96 << 20        # card faces at every size a table shows (a few hundred)


DEFAULT_FRAME = CardFrame()


class CardRenderer:
    def __init__(self, gfx: Gfx, game_id: str, specs: Callable[[str], dict],
                 frames: dict[str, CardFrame] | None = None, back_name: str | None = None,
                 canon: Callable[[str], str] | None = None):
        """`canon(key)` names the face a card shares with its copies (one render for all)."""
        self.gfx = gfx
        self.canon = canon or (lambda key: key)
        self.game_id = game_id
        self.specs = specs
        self.frames = frames or {}
        self.back_name = back_name
        self._faces = SurfaceCache(FACE_CACHE_BYTES)     # bounded: least recently used go first

    def spec(self, key) -> dict:
        return self.specs(key) or {"key": key, "title": str(key)}

    # -- faces --------------------------------------------------------------------
    def face(self, key, size: tuple) -> pygame.Surface:
        key = self.canon(key)
        k = ("face", key, size)
        got = self._faces.get(k)
        if got is None:
            got = self._render_face(self.spec(key), size)
            self._faces[k] = got
        return got

    def back(self, size: tuple) -> pygame.Surface:
        k = ("back", size)
        got = self._faces.get(k)
        if got is None:
            got = self._render_back(size)
            self._faces[k] = got
        return got

    def surface(self, key, face_up: bool, size: tuple) -> pygame.Surface:
        return self.face(key, size) if face_up and key is not None else self.back(size)

    def squeezed(self, key, face_up: bool, size: tuple, width: int) -> pygame.Surface:
        """The card at a narrower width (a flip in progress), cached per 4 px."""
        w = max(2, (int(width) // 4) * 4)
        key = self.canon(key) if face_up else None
        if w >= size[0]:
            return self.surface(key, face_up, size)
        k = ("sq", key, face_up, size, w)
        got = self._faces.get(k)
        if got is None:
            got = pygame.transform.smoothscale(self.surface(key, face_up, size), (w, size[1]))
            self._faces[k] = got
        return got

    def squeezed_any(self, img: pygame.Surface, key, face_up: bool, width: int) -> pygame.Surface:
        w = max(2, (int(width) // 4) * 4)
        if w >= img.get_width():
            return img
        k = ("sqa", key, face_up, img.get_size(), w)
        got = self._faces.get(k)
        if got is None:
            got = pygame.transform.smoothscale(img, (w, img.get_height()))
            self._faces[k] = got
        return got

    def resized(self, key, face_up: bool, size: tuple, src_size: tuple) -> pygame.Surface:
        """An in-between size while a card grows or shrinks: quantised to 4 px,
        smooth-scaled once from the card at `src_size`, cached."""
        w = max(4, (int(size[0]) // 4) * 4)
        h = max(4, int(round(w * src_size[1] / max(1, src_size[0]))))
        key = self.canon(key) if face_up else None
        if (w, h) == tuple(src_size):
            return self.surface(key, face_up, src_size)
        k = ("rs", key, face_up, w, h, tuple(src_size))
        got = self._faces.get(k)
        if got is None:
            got = pygame.transform.smoothscale(self.surface(key, face_up, src_size), (w, h))
            self._faces[k] = got
        return got

    # -- drawing ----------------------------------------------------------------------
    def _render_back(self, size):
        w, h = size
        back = None
        assets = self.gfx.assets
        try:
            back = assets.card_back(self.game_id, (w, h))
        except Exception:
            back = None
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(4, w // 14)
        if back is not None:
            mask = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
            surf.blit(back, (0, 0))
            surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        else:
            pygame.draw.rect(surf, style.CRIMSON_DEEP, surf.get_rect(), border_radius=r)
            ic = self.gfx.icon("back", int(w * 0.6), style.GOLD)
            surf.blit(ic, ic.get_rect(center=(w // 2, h // 2)))
        pygame.draw.rect(surf, style.GOLD_DEEP, surf.get_rect(), max(1, w // 70), border_radius=r)
        return surf

    def _render_face(self, spec: dict, size) -> pygame.Surface:
        return compose_face(self.gfx, spec, size, self.frames)


# -- faces composed from named sections ------------------------------------------------------
# A face is a column: `title` on top, `stats` at the bottom, then (upwards) `text`,
# `keywords` and the `type` line, and the `art` disc in what is left; `cost` orbs and
# `badges` sit over it. Which sections a card shows is `spec["sections"]` (a game's data
# names them per kind), else every section whose field the spec has.
STAT_VALUE = (250, 240, 220)


def _sections(spec: dict) -> tuple:
    named = spec.get("sections")
    if named:
        return tuple(named)
    have = {"title": True, "art": True, "type": spec.get("subtitle"), "keywords": spec.get("keywords"),
            "text": spec.get("text"), "stats": spec.get("stats"), "cost": spec.get("cost") is not None,
            "badges": spec.get("badges")}
    return tuple(k for k in SECTIONS if have[k])


def _gradient_body(fr: CardFrame, w: int, h: int, rad: int) -> pygame.Surface:
    body = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(body, style.lerp_color(fr.fill, fr.fill_low, y / max(1, h - 1)), (0, y), (w, y))
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return body


def compose_face(g: Gfx, spec: dict, size, frames: dict) -> pygame.Surface:
    """Render one card face from its spec (see the module docstring)."""
    w, h = size
    fr = spec.get("frame") if isinstance(spec.get("frame"), CardFrame) else \
        frames.get(spec.get("kind", ""), DEFAULT_FRAME)
    parts = _sections(spec)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 13)
    surf.blit(_gradient_body(fr, w, h, rad), (0, 0))
    bw = max(1, w // 40)
    pygame.draw.rect(surf, fr.border, surf.get_rect(), bw + 1, border_radius=rad)
    m = max(3, w // 22)
    inner = surf.get_rect().inflate(-2 * m, -2 * m)
    pygame.draw.rect(surf, style.lerp_color(fr.border, fr.fill, 0.5), inner, 1, border_radius=max(2, rad - m // 2))
    tiny = w < 70
    title = str(spec.get("title", ""))
    rule_y = inner.top
    if "title" in parts and not tiny:
        tsize = max(8, int(w * (0.13 if w < 110 else 0.105)))
        title_w, title_x = inner.width - 4, w // 2
        if "cost" in parts and spec.get("cost") is not None:
            # clear the cost orbs' column (top left) and centre the title in what is left:
            # clearing it on both sides too kept titles centred but cut them to a few letters
            orbs = 2 * max(9, int(w * 0.1)) + 2
            title_w, title_x = title_w - orbs, (w + orbs) // 2
        ts_ = g.fit_lines(title, tsize, title_w, fr.title, bold=True, serif=True,
                          min_size=max(8, tsize - 4), max_lines=2)
        ty = inner.top + max(1, int(w * 0.015))
        surf.blit(ts_, ts_.get_rect(midtop=(title_x, ty)))
        rule_y = ty + ts_.get_height() + max(1, w // 60)
        pygame.draw.line(surf, fr.border, (inner.left + m, rule_y), (inner.right - m, rule_y), 1)
    # the column from the bottom up: stats, text, keywords, type line
    stats = (spec.get("stats") or []) if "stats" in parts else []
    text = str(spec.get("text") or "") if "text" in parts else ""
    text_from = spec.get("text_from", "normal")
    show_text = bool(text) and w >= TEXT_FROM.get(text_from, text_from if isinstance(text_from, int) else 120)
    keywords = list(spec.get("keywords") or []) if "keywords" in parts and w >= 84 else []
    stat_h = int(h * (0.17 if w < 120 else 0.14)) if stats else 0
    type_h = int(h * 0.075) if ("type" in parts and spec.get("subtitle") and w >= 84) else 0
    kw_h = int(h * 0.07) if keywords else 0
    bottom = inner.bottom - (stat_h + max(2, m // 2) if stats else 0)
    text_top = bottom - int(h * (0.36 if w >= 200 else 0.40)) if show_text else bottom
    kw_top = text_top - kw_h - (max(2, m // 3) if kw_h else 0)
    art_top = rule_y + max(2, m // 2)
    art_bottom = kw_top - type_h - max(2, m // 3)
    art_h = max(8, art_bottom - art_top)
    art_r = max(4, min(inner.width // 2 - 2, art_h // 2))
    cx, cy = w // 2, art_top + art_h // 2
    if "art" in parts:
        _art(g, surf, fr, spec.get("icon"), (cx, cy), art_r, bw)
    if tiny and title and "title" in parts:
        lab = g.fit_lines(title, max(8, int(w * 0.16)), inner.width, fr.title, bold=True, min_size=7, max_lines=1)
        band = pygame.Rect(inner.left, cy + art_r - lab.get_height() + 2, inner.width, lab.get_height())
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((*fr.fill_low[:3], 200))
        surf.blit(shade, band.topleft)
        surf.blit(lab, lab.get_rect(center=band.center))
    if type_h:
        _type_line(g, surf, fr, spec, pygame.Rect(inner.left, art_bottom + max(1, m // 4), inner.width, type_h))
    if keywords:
        _keywords(g, surf, fr, keywords, pygame.Rect(inner.left + 2, kw_top, inner.width - 4, kw_h))
    if show_text:
        _text_panel(g, surf, fr, text, pygame.Rect(inner.left + 2, text_top, inner.width - 4, bottom - text_top), rad)
    if stats:
        _stats(g, surf, fr, stats, spec.get("stat_colours") or {},
               pygame.Rect(inner.left, inner.bottom - stat_h, inner.width, stat_h))
    if "cost" in parts and spec.get("cost") is not None:
        _cost_orbs(g, surf, fr, spec["cost"], m, w)
    if "badges" in parts and spec.get("badges"):
        bs = max(10, int(w * 0.075))
        items = [g.badge(str(v), bs, fill=style.INK, border=fr.border, color=fr.accent, icon=ic, pad=4)
                 for (ic, v) in spec["badges"]]
        total = sum(b.get_width() for b in items) + 4 * (len(items) - 1)
        x = (w - total) // 2
        by = (art_bottom - items[0].get_height() // 2) if show_text else (h - m - items[0].get_height())
        for b in items:
            surf.blit(b, (x, by))
            x += b.get_width() + 4
    return surf


def _art(g, surf, fr, icon, c, r, bw) -> None:
    pygame.draw.circle(surf, fr.art_bg, c, r)
    pygame.draw.circle(surf, fr.border, c, r, max(1, bw))
    if r > 14:
        pygame.draw.circle(surf, style.lerp_color(fr.border, fr.art_bg, 0.6), c, r - max(3, bw + 2), 1)
    if icon:
        ic = g.icon(icon, int(r * 1.32), fr.icon)
        surf.blit(ic, ic.get_rect(center=c))


def _type_line(g, surf, fr, spec, r) -> None:
    """Icon + type name ("Artisan", "Cleric Loot"): never colour alone."""
    tcol = spec.get("type_colour") or fr.accent
    sub = g.fit_text(str(spec["subtitle"]), max(8, int(r.height * 0.78)), r.width - r.height - 6, fr.accent,
                     serif=True, bold=True, min_size=7)
    ticon = spec.get("type_icon")
    ic = g.icon(ticon, int(r.height * 0.95), tcol) if ticon else None
    iw = ic.get_width() + 3 if ic else 0
    x = r.centerx - (iw + sub.get_width()) // 2
    if ic:
        surf.blit(ic, (x, r.top + (r.height - ic.get_height()) // 2))
    surf.blit(sub, (x + iw, r.top + (r.height - sub.get_height()) // 2))


def _keywords(g, surf, fr, words, r) -> None:
    """Keyword boxes in a row (Block, Protect, Cursed...), shrunk to fit."""
    gap = max(2, r.width // 40)
    bw_ = (r.width - gap * (len(words) - 1)) // max(1, len(words))
    for i, word in enumerate(words):
        box = pygame.Rect(r.left + i * (bw_ + gap), r.top, bw_, r.height)
        pygame.draw.rect(surf, style.INK, box, border_radius=max(2, r.height // 4))
        pygame.draw.rect(surf, fr.border, box, 1, border_radius=max(2, r.height // 4))
        lab = g.fit_text(str(word), max(7, int(r.height * 0.7)), box.width - 4, fr.accent, bold=True, min_size=6)
        surf.blit(lab, lab.get_rect(center=box.center))


def _text_panel(g, surf, fr, text, panel, rad) -> None:
    """Rules text on parchment, the largest size that fits."""
    pygame.draw.rect(surf, fr.panel, panel, border_radius=max(3, rad // 2))
    pygame.draw.rect(surf, style.lerp_color(fr.panel, (0, 0, 0), 0.35), panel, 1, border_radius=max(3, rad // 2))
    fs = max(9, int(surf.get_width() * 0.075))
    while fs > 8 and g.text_block(text, fs, panel.width - 8, fr.panel_text, serif=True).get_height() > panel.height - 4:
        fs -= 1
    lh = max(1, int(g.font(fs, serif=True).get_linesize() * 1.12))
    block = g.text_block(text, fs, panel.width - 8, fr.panel_text, serif=True,
                         max_lines=max(1, (panel.height - 4) // lh))
    surf.blit(block, block.get_rect(center=panel.center))


def _stats(g, surf, fr, stats, colours, strip) -> None:
    """Big stat boxes (icon + value) across the bottom."""
    n = len(stats)
    gap = max(2, surf.get_width() // 40)
    bwid = (strip.width - gap * (n - 1)) // n
    k = 1.0 if n < 3 else 0.9
    for i, (sicon, val) in enumerate(stats):
        r = pygame.Rect(strip.left + i * (bwid + gap), strip.top, bwid, strip.height)
        pygame.draw.rect(surf, (12, 8, 10), r, border_radius=max(3, strip.height // 4))
        pygame.draw.rect(surf, fr.border, r, 1, border_radius=max(3, strip.height // 4))
        isz = int(strip.height * 0.6 * k)
        fsz = max(8, int(strip.height * 0.66 * k))
        vs = g.text(str(val), fsz, STAT_VALUE, bold=True)
        if vs.get_width() + isz + 2 > r.width - 2:
            vs = g.text(str(val), max(8, fsz - 2), STAT_VALUE, bold=True)
            isz = max(6, r.width - 4 - vs.get_width())
        ic = g.icon(sicon, isz, colours.get(sicon, fr.accent))
        tot = ic.get_width() + 1 + vs.get_width()
        if tot > r.width:
            surf.blit(vs, vs.get_rect(center=r.center))
        else:
            x = r.centerx - tot // 2
            surf.blit(ic, ic.get_rect(midleft=(x, r.centery)))
            surf.blit(vs, vs.get_rect(midleft=(x + ic.get_width() + 1, r.centery)))


def _cost_orbs(g, surf, fr, cost, m, w) -> None:
    """Cost orbs down the top-left corner: a number, or a list of orbs
    {"value", "colour", "cursed"}; a cursed orb is crossed (shape, not colour alone)."""
    orbs = cost if isinstance(cost, (list, tuple)) else [{"value": cost}]
    cr = max(9, int(w * 0.1))
    for i, orb in enumerate(orbs):
        c = (m + cr - 2, m + cr - 2 + i * (2 * cr + 2))
        col = tuple(orb.get("colour") or style.INK)
        pygame.draw.circle(surf, col, c, cr)
        pygame.draw.circle(surf, fr.border, c, cr, 2)
        if orb.get("value") is not None:
            ink = fr.accent if col == style.INK else (style.TEXT_DARK if sum(col) > 420 else style.TEXT)
            cs = g.text(str(orb["value"]), int(cr * 1.2), ink, bold=True)
            surf.blit(cs, cs.get_rect(center=c))
        if orb.get("cursed"):
            d = int(cr * 0.72)
            for a, b in (((-d, -d), (d, d)), ((-d, d), (d, -d))):
                pygame.draw.line(surf, style.CRIMSON_BRIGHT, (c[0] + a[0], c[1] + a[1]), (c[0] + b[0], c[1] + b[1]),
                                 max(2, cr // 5))


class CardSprite:
    """A card on the table: where it is, which side shows, and its motion."""

    __slots__ = ("uid", "key", "face_up", "x", "y", "angle", "w", "h", "zone", "z", "lift",
                 "flip", "alpha", "hidden", "dragging", "selected", "base_size", "shadow",
                 "owner", "home", "pulse", "tag")

    def __init__(self, uid: int, key, face_up: bool, pos=(0, 0), size=(120, 168), zone=None):
        self.uid = uid
        self.key = key                  # card type key, None = unknown to the viewer
        self.face_up = face_up          # which side is drawn (when not flipping)
        self.x, self.y = float(pos[0]), float(pos[1])   # centre
        self.angle = 0.0
        self.w, self.h = float(size[0]), float(size[1])
        self.base_size = (int(size[0]), int(size[1]))
        self.zone = zone
        self.z = 0
        self.lift = 0.0                 # hover lift in px (up)
        self.flip = None                # None or progress 0..1 of a flip (side swaps at 0.5)
        self.alpha = 255
        self.hidden = False
        self.dragging = False
        self.selected = False
        self.shadow = True
        self.owner = None
        self.home = (self.x, self.y, 0.0)
        self.pulse = 0.0                # > 0: emphasised (reveals)
        self.tag = None                 # free for the game

    @property
    def visible_side_up(self) -> bool:
        return self.face_up

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, int(self.w), int(self.h))
        r.center = (int(self.x), int(self.y - self.lift))
        return r

    def contains(self, pos) -> bool:
        if self.hidden or self.alpha < 40:
            return False
        if abs(self.angle) < 3:
            return self.rect().collidepoint(pos)
        # rotate the point into the card's frame
        a = math.radians(self.angle)
        dx, dy = pos[0] - self.x, pos[1] - (self.y - self.lift)
        rx = dx * math.cos(a) - dy * math.sin(a)
        ry = dx * math.sin(a) + dy * math.cos(a)
        return abs(rx) <= self.w / 2 and abs(ry) <= self.h / 2

    def image(self, cards: CardRenderer, gfx: Gfx, show_face: bool = True) -> pygame.Surface:
        size = (int(round(self.w)), int(round(self.h)))
        face = self.face_up and show_face
        if self.flip is not None:
            p = self.flip
            # the side shown swaps at half-way: before it the old side, then the new
            side = (not face) if p < 0.5 else face
            width = abs(math.cos(math.pi * p)) * size[0]
            if size == self.base_size:
                return cards.squeezed(self.key, side, size, width)
            img = cards.resized(self.key, side, size, self.base_size)
            return cards.squeezed_any(img, self.key if side else None, side, width)
        if size == self.base_size:
            img = cards.surface(self.key, face, size)
        else:
            img = cards.resized(self.key, face, size, self.base_size)
        if abs(self.angle) >= 0.5:
            img = gfx.rotated(img, self.angle, ("card", self.key if face else None, face, img.get_size()))
        return img


# -- a game's face data: data/<game>/faces.yaml -------------------------------------------------
