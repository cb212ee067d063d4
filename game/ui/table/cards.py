"""Card faces rendered from data, face-down backs per game, and the card sprite.

A game describes each card type as a dict (usually straight from its YAML data):

    {"key": "doge", "title": "Doge", "kind": "role", "icon": "doge",
     "text": "Take 3 ducats. Blocks Casino Winnings.", "subtitle": "Role",
     "cost": None, "badges": [("ducat", "+3")]}

and a `CardFrame` per `kind` (colours of the frame). `CardRenderer.face(key, (w, h))`
renders a face once per size and caches it; `back((w, h))` asks the app's Assets
for the game's back. Small sizes drop the rules text and keep title + art.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from . import style
from .gfx import Gfx


@dataclass(frozen=True)
class CardFrame:
    fill: tuple = (92, 16, 28)        # body (top of the gradient)
    fill_low: tuple = (40, 8, 14)     # body (bottom)
    border: tuple = style.GOLD
    art_bg: tuple = (24, 12, 16)
    icon: tuple = (240, 214, 150)
    title: tuple = style.TEXT
    panel: tuple = style.PARCHMENT    # rules-text panel
    panel_text: tuple = style.TEXT_DARK
    accent: tuple = style.GOLD_BRIGHT


DEFAULT_FRAME = CardFrame()


class CardRenderer:
    def __init__(self, gfx: Gfx, game_id: str, specs: Callable[[str], dict],
                 frames: dict[str, CardFrame] | None = None, back_name: str | None = None):
        self.gfx = gfx
        self.game_id = game_id
        self.specs = specs
        self.frames = frames or {}
        self.back_name = back_name
        self._faces: dict = {}

    def spec(self, key) -> dict:
        return self.specs(key) or {"key": key, "title": str(key)}

    # -- faces --------------------------------------------------------------------
    def face(self, key, size: tuple) -> pygame.Surface:
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
        if w >= size[0]:
            return self.surface(key, face_up, size)
        k = ("sq", key if face_up else None, face_up, size, w)
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
        if (w, h) == tuple(src_size):
            return self.surface(key, face_up, src_size)
        k = ("rs", key if face_up else None, face_up, w, h, tuple(src_size))
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
        w, h = size
        fr = self.frames.get(spec.get("kind", ""), DEFAULT_FRAME)
        if "frame" in spec and isinstance(spec["frame"], CardFrame):
            fr = spec["frame"]
        g = self.gfx
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        r = max(4, w // 14)
        # body: vertical gradient clipped to a rounded rect
        body = pygame.Surface((w, h), pygame.SRCALPHA)
        for y in range(h):
            c = style.lerp_color(fr.fill, fr.fill_low, y / max(1, h - 1))
            pygame.draw.line(body, c, (0, y), (w, y))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
        body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(body, (0, 0))
        bw = max(2, w // 45)
        pygame.draw.rect(surf, fr.border, surf.get_rect(), bw, border_radius=r)
        m = max(4, w // 18)
        inner = surf.get_rect().inflate(-2 * m, -2 * m)
        pygame.draw.rect(surf, style.lerp_color(fr.border, fr.fill, 0.45), inner, 1,
                         border_radius=max(2, r - m // 2))
        small = w < 120
        title = str(spec.get("title", ""))
        # title
        tsize = max(11, int(w * (0.125 if small else 0.095)))
        ts = g.fit_lines(title, tsize, inner.width - 8, fr.title, bold=True, serif=True,
                         min_size=max(9, tsize - 4), max_lines=2)
        title_h = max(int(tsize * 1.5), ts.get_height() + 4)
        ty = inner.top + max(2, (title_h - ts.get_height()) // 2)
        surf.blit(ts, ts.get_rect(midtop=(w // 2, ty)))
        rule_y = inner.top + title_h + 1
        pygame.draw.line(surf, fr.border, (inner.left + m, rule_y), (inner.right - m, rule_y), 1)
        # art
        text = str(spec.get("text", "") or "")
        show_text = not small and bool(text)
        art_top = rule_y + max(3, m // 2)
        art_bottom = int(h * (0.60 if show_text else 0.86))
        art_h = max(10, art_bottom - art_top)
        art_r = min(inner.width // 2 - 2, art_h // 2)
        cx, cy = w // 2, art_top + art_h // 2
        pygame.draw.circle(surf, fr.art_bg, (cx, cy), art_r)
        pygame.draw.circle(surf, fr.border, (cx, cy), art_r, max(1, bw - 1))
        pygame.draw.circle(surf, style.lerp_color(fr.border, fr.art_bg, 0.6), (cx, cy), art_r - max(3, bw + 2), 1)
        icon = spec.get("icon")
        if icon:
            isz = int(art_r * 1.35)
            ic = g.icon(icon, isz, fr.icon)
            surf.blit(ic, ic.get_rect(center=(cx, cy)))
        # subtitle (type line)
        sub = spec.get("subtitle")
        y = art_bottom + max(2, m // 3)
        if sub and not small:
            ss = g.fit_text(str(sub), max(10, int(w * 0.062)), inner.width - 10, fr.accent,
                            serif=True, min_size=9)
            surf.blit(ss, ss.get_rect(midtop=(w // 2, y)))
            y += ss.get_height() + 2
        # rules text on a parchment panel
        if show_text:
            panel = pygame.Rect(inner.left + 3, y + 2, inner.width - 6, inner.bottom - y - 5)
            if panel.height > 12:
                pygame.draw.rect(surf, fr.panel, panel, border_radius=max(3, r // 2))
                pygame.draw.rect(surf, style.lerp_color(fr.panel, (0, 0, 0), 0.35), panel, 1,
                                 border_radius=max(3, r // 2))
                fs = max(10, int(w * 0.066))
                block = None
                while fs >= 9:
                    block = g.text_block(text, fs, panel.width - 10, fr.panel_text, serif=True)
                    if block.get_height() <= panel.height - 6:
                        break
                    fs -= 1
                lines_fit = max(1, (panel.height - 6) // max(1, int(g.font(fs, serif=True).get_linesize() * 1.12)))
                block = g.text_block(text, fs, panel.width - 10, fr.panel_text, serif=True,
                                     max_lines=lines_fit)
                surf.blit(block, block.get_rect(center=panel.center))
        # cost badge (top left) and stat badges (bottom)
        cost = spec.get("cost")
        if cost is not None:
            cr = max(9, int(w * 0.1))
            pygame.draw.circle(surf, style.INK, (m + cr - 2, m + cr - 2), cr)
            pygame.draw.circle(surf, fr.border, (m + cr - 2, m + cr - 2), cr, 2)
            cs = g.text(str(cost), int(cr * 1.2), fr.accent, bold=True)
            surf.blit(cs, cs.get_rect(center=(m + cr - 2, m + cr - 2)))
        badges = spec.get("badges") or ()
        if badges:
            bs = max(10, int(w * 0.075))
            items = [g.badge(str(v), bs, fill=style.INK, border=fr.border, color=fr.accent, icon=ic, pad=4)
                     for (ic, v) in badges]
            total = sum(b.get_width() for b in items) + 4 * (len(items) - 1)
            x = (w - total) // 2
            by = (art_bottom - items[0].get_height() // 2) if show_text else (h - m - items[0].get_height())
            for b in items:
                surf.blit(b, (x, by))
                x += b.get_width() + 4
        return surf


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
