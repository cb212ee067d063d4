"""Dice sprites: d6 (pips), d12 (numbered pentagon face) and the Omen die (1–4 and
skulls), tumbling and landing on exactly the face the rules rolled.

    die = DieSprite("d6", pos=(900, 600))
    kit.roll_dice([die], [5], to=[(880, 560)])   # or die.roll(animator, 5, to=...)
Faces are rendered once per (kind, face, size); tumbling uses rotations cached per 15°.
"""
from __future__ import annotations

import math
import random

import pygame

from . import style
from .tween import ease_out_cubic, ease_out_quad

PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}

DIE_FACES = {
    "d6": (1, 2, 3, 4, 5, 6),
    "d12": tuple(range(1, 13)),
    "omen": (1, 2, 3, 4, "skull", "skull"),
}

WORD_ICONS = {"skull": "death"}


class DieRenderer:
    def __init__(self, gfx):
        self.gfx = gfx
        self._cache: dict = {}

    def face(self, kind: str, face, size: int) -> pygame.Surface:
        k = (kind, face, size)
        got = self._cache.get(k)
        if got is None:
            got = self._render(kind, face, size)
            self._cache[k] = got
        return got

    def turned(self, kind: str, face, size: int, angle: float) -> pygame.Surface:
        a = int(round(angle / 15.0)) * 15 % 360
        if a == 0:
            return self.face(kind, face, size)
        k = (kind, face, size, a)
        got = self._cache.get(k)
        if got is None:
            got = pygame.transform.rotate(self.face(kind, face, size), a)
            self._cache[k] = got
        return got

    def _render(self, kind, face, size):
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        r = pygame.Rect(0, 0, size, size)
        if kind == "d12":
            body, edge, ink = (120, 20, 34), style.GOLD, style.GOLD_BRIGHT
            cx = cy = size / 2
            pts = [(cx + size * 0.48 * math.cos(math.radians(-90 + 72 * i)),
                    cy + size * 0.48 * math.sin(math.radians(-90 + 72 * i)) + size * 0.03) for i in range(5)]
            pygame.draw.polygon(s, body, pts)
            pygame.draw.polygon(s, edge, pts, max(2, size // 24))
            inner = [(cx + (x - cx) * 0.62, cy + (y - cy) * 0.62) for x, y in pts]
            pygame.draw.polygon(s, style.lerp_color(body, edge, 0.25), inner, 1)
        else:
            if kind == "omen":
                body, edge, ink = (30, 26, 30), (150, 30, 40), (230, 60, 60)
            else:
                body, edge, ink = (236, 226, 204), (150, 128, 96), (40, 24, 20)
            rad = max(4, size // 6)
            pygame.draw.rect(s, body, r.inflate(-2, -2), border_radius=rad)
            hl = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.rect(hl, (255, 255, 255, 30), pygame.Rect(3, 3, size - 6, size // 2),
                             border_radius=rad)
            s.blit(hl, (0, 0))
            if kind == "omen":                  # a bevel: lit top-left, shadowed bottom-right
                bev = pygame.Surface((size, size), pygame.SRCALPHA)
                b = max(3, size // 9)
                pygame.draw.rect(bev, (0, 0, 0, 110), pygame.Rect(b, size - 2 * b, size - 2 * b, b),
                                 border_radius=rad // 2)
                pygame.draw.rect(bev, (0, 0, 0, 110), pygame.Rect(size - 2 * b, b, b, size - 2 * b),
                                 border_radius=rad // 2)
                pygame.draw.rect(bev, (255, 255, 255, 26), pygame.Rect(b, b, size - 3 * b, b), border_radius=rad // 2)
                s.blit(bev, (0, 0))
            pygame.draw.rect(s, edge, r.inflate(-2, -2), max(2, size // 22), border_radius=rad)
        if isinstance(face, str):
            icon = WORD_ICONS.get(face, face)
            ic = self.gfx.icon(icon, int(size * 0.62), ink)
            s.blit(ic, ic.get_rect(center=(size // 2, size // 2)))
        elif kind in ("d6", "omen") and face in PIPS:     # the Omen die's 1-4 as pips, like the real one
            pr = max(2, size // 11)
            for (px, py) in PIPS[face]:
                pygame.draw.circle(s, ink, (int(px * size), int(py * size)), pr)
        else:
            t = self.gfx.text(str(face), int(size * (0.42 if kind == "d12" else 0.5)), ink, bold=True, serif=True)
            s.blit(t, t.get_rect(center=(size // 2, int(size * (0.53 if kind == "d12" else 0.5)))))
        return s


class DieSprite:
    kind_name = "die"

    def __init__(self, kind: str = "d6", pos=(0, 0), face=None, size: int = 64, did=None):
        self.kind = kind
        self.id = did
        self.faces = DIE_FACES.get(kind, (1, 2, 3, 4, 5, 6))
        self.face = face if face is not None else self.faces[0]
        self.shown = self.face
        self.x, self.y = float(pos[0]), float(pos[1])
        self.angle = 0.0
        self.size = size
        self.rolling = False
        self.hop = 0.0
        self.alpha = 255
        self.home = (self.x, self.y)

    def rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.size, self.size)
        r.center = (int(self.x), int(self.y - self.hop))
        return r

    def hit(self, pos) -> bool:
        return self.rect().collidepoint(pos)

    def roll(self, animator, face, to=None, duration: float = 0.95, sound=None, rng=None) -> float:
        """Tumble from where it is to `to` and land on `face`. Returns the duration."""
        rng = rng or random.Random()
        sx, sy = self.x, self.y
        tx, ty = to if to is not None else (sx, sy)
        spin = rng.choice((-1, 1)) * rng.uniform(540, 900)
        self.face = face
        self.rolling = True
        state = {"last": -1}
        flicker = [rng.choice(self.faces) for _ in range(40)]

        def apply(t):
            self.x = sx + (tx - sx) * ease_out_quad(t)
            self.y = sy + (ty - sy) * ease_out_quad(t)
            self.angle = spin * (1 - ease_out_cubic(t))
            # hops that shrink: |sin| with decaying amplitude
            self.hop = abs(math.sin(t * math.pi * 3)) * 38 * (1 - t) ** 1.5
            if t < 0.78:
                k = int(t * 40 * (1 - t * 0.5))
                if k != state["last"]:
                    state["last"] = k
                    self.shown = flicker[k % len(flicker)]
            else:
                self.shown = face
            if t >= 1:
                self.rolling = False
                self.angle = 0.0
                self.hop = 0.0
                self.shown = face
                self.home = (self.x, self.y)
                if sound is not None:
                    sound("dice_land")

        if sound is not None:
            sound("dice_roll")
        animator.tween(duration, apply, ease=lambda t: t, tag=("die", id(self)))
        return duration

    def draw(self, surf, renderer: DieRenderer):
        img = renderer.turned(self.kind, self.shown, self.size, self.angle)
        # a soft shadow on the table, further when the die is in the air
        sh = renderer.gfx.circle(self.size // 2 - 2, (0, 0, 0, 70))
        surf.blit(sh, sh.get_rect(center=(int(self.x + 4 + self.hop * 0.2), int(self.y + 6))))
        surf.blit(img, img.get_rect(center=(int(self.x), int(self.y - self.hop))))


class DiceTray:
    """A wooden tray round green felt where a game's rolls land, in groups side by side:
    each group's dice under its label; a group that keeps one die (Advantage) rings it
    and dims the rest once landed; the result in words along the bottom.

        tray = DiceTray(rect, scale)             # scale: the table's size factor
        tray.paint(bg, gfx, assets, "Dice tray", F)              # once, on the background
        dice, secs = tray.lay([([3, 9], "Aldric: Fire = 10", 1), ([5], "Husk = 5", None)],
                              "Hit", animator, rng, sound)       # tumbling in (no animator: landed)
        table.dice = dice; tray.draw(surf, gfx, F, "kept")      # the table draws the dice

    `groups` are {"label", "dice", "kept"}; F(px, lo) scales a font size (TableKit.geo)."""

    def __init__(self, rect, scale: float = 1.0):
        self.rect = pygame.Rect(rect)
        self.scale = scale
        self.groups: list[dict] = []
        self.result = ""

    @property
    def felt(self) -> pygame.Rect:
        """The felt inside the wooden rim."""
        rim = max(8, int(self.scale * 14))
        return self.rect.inflate(-2 * rim, -2 * rim)

    def lay(self, groups, result: str, animator=None, rng=None, sound=None) -> tuple[list, float]:
        """Put `groups` [(faces, label, kept index or None)] on the felt, tumbling in from the
        lower left when an animator is given. Returns (the dice, seconds until they land)."""
        tr = self.felt
        size = max(30, min(64, int(tr.h * 0.34), int(tr.w * 0.16)))
        rng = rng or random.Random()
        dice: list[DieSprite] = []
        self.groups, self.result = [], result
        for g, (faces, label, kept) in enumerate(groups):
            cx = tr.x + tr.w * (g + 0.5) / len(groups)
            slots = []
            for k, face in enumerate(faces):
                x, y = cx + (k - (len(faces) - 1) / 2) * (size * 1.25), tr.y + tr.h * 0.5
                if animator is not None:
                    die = DieSprite("d12", (tr.x + 24 + rng.uniform(0, 30), tr.bottom - 12), size=size, did=("tray", g, k))
                    die.roll(animator, face, (x, y), 0.8 + 0.08 * len(dice), sound if not dice else None, rng)
                else:
                    die = DieSprite("d12", (x, y), face=face, size=size, did=("tray", g, k))
                dice.append(die)
                slots.append(die)
            self.groups.append({"label": label, "dice": slots, "kept": kept, "at": (cx, tr.y + tr.h * 0.5)})
        return dice, (0.9 + 0.08 * len(dice) if animator is not None else 0.0)

    def landed(self) -> bool:
        return all(not d.rolling for g in self.groups for d in g["dice"])

    def draw(self, surf, gfx, F, kept_word: str) -> None:
        """The words over the dice: each group's label, the kept die ringed (the others
        dimmed) and the result, once the dice have landed."""
        tr = self.felt
        landed = self.landed()
        for im, r in self.label_rects(gfx, F):
            surf.blit(im, r)
        for g in self.groups:
            dice = g["dice"]
            if landed and g["kept"] is not None:
                for k, d in enumerate(dice):
                    r = d.size // 2 + 4
                    if k == g["kept"]:
                        pygame.draw.circle(surf, style.GOLD_BRIGHT, (int(d.x), int(d.y)), r, 3)
                        im = gfx.text(kept_word, F(14, 11), style.GOLD_BRIGHT, bold=True)
                        surf.blit(im, im.get_rect(midtop=(int(d.x), int(d.y + r + 2))))
                    else:
                        shade = gfx.circle(r, (10, 6, 10, 150))
                        surf.blit(shade, shade.get_rect(center=(int(d.x), int(d.y))))
        if landed and self.result:
            im = gfx.fit_text(self.result, F(19, 13), tr.w - 16, style.GOLD_BRIGHT, bold=True)
            surf.blit(im, im.get_rect(midbottom=(tr.centerx, tr.bottom - 8)))

    def label_rects(self, gfx, F) -> list:
        """(image, rect) of each group's label: in its own column over where its dice land
        (not following a tumbling die), so two labels never meet."""
        tr = self.felt
        width = int(tr.w / max(1, len(self.groups)) - 24)     # a clear gap between two columns' labels
        out = []
        for g in self.groups:
            if g["label"] and g["dice"]:
                im = gfx.fit_lines(g["label"], F(17, 12), width, style.TEXT, bold=True, min_size=F(15, 11))
                x, y = g["at"]
                out.append((im, im.get_rect(midbottom=(int(x), int(y - g["dice"][0].size * 0.55)))))
        return out

    def paint(self, bg, gfx, assets, title: str, F) -> None:
        """The tray on a background: a wooden rim round green felt, the felt's shadow under
        the rim, the title in the corner."""
        sc, tr = self.scale, self.rect
        rad = max(8, int(16 * sc))
        sh = gfx.shadow(tr.w, tr.h, rad, int(12 * sc) + 2, 160)
        bg.blit(sh, (tr.x - int(12 * sc) - 2 + 3, tr.y - int(12 * sc) - 2 + 6))
        rim = pygame.Surface(tr.size, pygame.SRCALPHA)
        try:
            rim.blit(assets.tiled("wood", tr.size, (255, 220, 190)), (0, 0))
        except (pygame.error, FileNotFoundError, OSError):
            rim.fill((70, 44, 26))
        rim.fill((44, 26, 12), special_flags=pygame.BLEND_RGB_ADD)
        _round_off(rim, rad)
        bg.blit(rim, tr.topleft)
        pygame.draw.rect(bg, (150, 104, 60), tr, 1, border_radius=rad)
        fr = self.felt
        felt = pygame.Surface(fr.size)
        for y in range(fr.h):
            pygame.draw.line(felt, style.lerp_color((34, 70, 46), (16, 38, 26), y / max(1, fr.h - 1)), (0, y), (fr.w, y))
        try:
            noise = assets.tiled("table_felt", fr.size).copy()
            noise.fill((12, 12, 12), special_flags=pygame.BLEND_RGB_SUB)
            felt.blit(noise, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        except (pygame.error, FileNotFoundError, OSError):
            pass
        for k in range(6):                          # the rim's shadow on the felt
            a = pygame.Surface((fr.w, 1), pygame.SRCALPHA)
            a.fill((0, 0, 0, 110 - 18 * k))
            felt.blit(a, (0, k))
            a2 = pygame.Surface((1, fr.h), pygame.SRCALPHA)
            a2.fill((0, 0, 0, 80 - 13 * k))
            felt.blit(a2, (k, 0))
        fm = pygame.Surface(fr.size, pygame.SRCALPHA)
        fm.blit(felt, (0, 0))
        _round_off(fm, max(4, rad - 6))
        bg.blit(fm, fr.topleft)
        pygame.draw.rect(bg, (20, 12, 6), fr, 2, border_radius=max(4, rad - 6))
        im = gfx.text(title, F(15, 11), (150, 176, 150), bold=True)
        bg.blit(im, (fr.x + 10, fr.y + 6))


def _round_off(s: pygame.Surface, radius: int) -> None:
    """Clear an alpha surface's corners outside a rounded rect of `radius`."""
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
