"""Pieces: meeples, tokens and round-base miniatures with facing, a name and status
rings, drawn with pygame.draw from cached surfaces and moved by tweens.

    p = Piece("aldric", "mini", color=(190, 60, 50), label="A", name="Brother Aldric",
              pos=(12.0, 8.0), size=0.5, facing=90, statuses={"guard", "lit"})
    renderer = PieceRenderer(gfx)
    renderer.draw(surf, p, center=(x, y), radius=r_px)     # the container converts pos
    p.glide(animator, (15.0, 9.5))                           # tweened move (own units)
    p.turn(animator, 180)                                    # shortest way round

`pos` and `size` (the radius) are in the container's units: inches on a Board,
pixels in a Space or tray; the container passes the pixel centre and radius to the
renderer, which records them on the piece (`piece.screen`, `piece.screen_r`) so the
piece answers the hit protocol (hit.py) where it was last drawn.

Statuses are drawn as rings outside the base, each with its own colour AND pattern
(colour never carries meaning alone) and listed in the tooltip by name. `RINGS`
holds the kit's defaults; a table may pass its own {status: Ring} to PieceRenderer.
Kinds: "mini" (round base, figure disc, facing wedge), "meeple", "token" (a disc
with a label, e.g. a coin or a marker). `mark=seat` draws that seat's shape on the
piece, so whose worker stands on a space is told by shape as well as by colour.

A game with its own look for round bases passes `base_art(gfx, color, r, label, down)
-> Surface` (drawn centred, cached like the kit's body); `facing_tab` shapes the
facing wedge, `halos=False` leaves the "lit" halo to the game (a board's light pools),
`name_tags=False` leaves names to the container (a board's name plates), and
`renderer.badges[piece id] = ("lantern", ...)` puts up to two icon discs on the rim.
`rimmed_base` is such a look, ready made: a rim in the side's colour round a dark disc
with an icon (a label "icon:<name>") or the label's text.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable

import pygame

from . import style
from .hit import HitItem
from .tween import ease_in_out_cubic, ease_out_cubic

KINDS = ("mini", "meeple", "token")
FACING_TAB = (1.02, 0.62, 38.0, (20, 12, 8))      # tip and shoulders in radii, half-angle, outline
ICON_LABEL = "icon:"                              # a label "icon:<name>": rimmed_base draws that icon


@dataclass(frozen=True)
class Ring:
    """How one status is drawn: colour, pattern and a word for tooltips."""
    color: tuple
    pattern: str          # solid | dashed | dotted | ticks | teeth | wavy | cross | halo
    word: str


RINGS: dict[str, Ring] = {
    "tired": Ring((150, 146, 160), "dashed", "Tired"),
    "knocked_down": Ring((214, 104, 60), "cross", "Knocked Down"),
    "hidden": Ring((120, 150, 130), "dotted", "Hidden"),
    "guard": Ring((110, 160, 230), "ticks", "Guard"),
    "engaged": Ring((220, 60, 60), "teeth", "Engaged"),
    "shrouded": Ring((150, 100, 200), "wavy", "Shrouded"),
    "lit": Ring((255, 206, 110), "halo", "lit"),
}


class Piece(HitItem):
    """One piece. Containers own `pos` (their units); the renderer sets `screen`."""

    def __init__(self, pid, kind: str = "mini", color=style.CRIMSON_BRIGHT, *, label: str | None = None,
                 name: str | None = None, pos=(0.0, 0.0), size: float = 0.5, facing: float | None = None,
                 statuses=(), owner=None, draggable: bool = True, tip: str | None = None, layer: int = 2,
                 mark: int | None = None):
        if kind not in KINDS:
            raise ValueError(f"unknown piece kind {kind!r} (one of {', '.join(KINDS)})")
        self.id = pid
        self.kind = kind
        self.color = tuple(color)
        self.label = label
        self.name = name
        self.pos = (float(pos[0]), float(pos[1]))
        self.size = float(size)
        self.facing = facing              # degrees, 0 = east, 90 = south (screen y down)
        self.statuses = set(statuses)
        self.owner = owner
        self.draggable = draggable
        self.tip = tip
        self.layer = layer
        self.mark = mark                  # a seat: its shape is drawn on the piece (colour never alone)
        self.screen = (-1000.0, -1000.0)
        self.screen_r = 0.0
        self.hidden = False               # not drawn, not hit (e.g. lifted for a drag)
        self.dim = False                  # drawn faded (a ghost, an illegal spot)

    # -- hit protocol --------------------------------------------------------------
    @property
    def bounds(self) -> pygame.Rect:
        r = max(1, int(self.screen_r))
        return pygame.Rect(int(self.screen[0]) - r, int(self.screen[1]) - r, 2 * r, 2 * r)

    def hit(self, pos) -> bool:
        if self.hidden or self.screen_r <= 0:
            return False
        return math.hypot(pos[0] - self.screen[0], pos[1] - self.screen[1]) <= self.screen_r + 1

    def tooltip(self) -> str | None:
        if self.tip is not None:
            return self.tip
        words = [RINGS[s].word for s in sorted(self.statuses) if s in RINGS]
        head = self.name or self.label or str(self.id)
        return head + (" — " + ", ".join(words) if words else "")

    def drag_payload(self):
        return self if self.draggable else None

    # -- animation -------------------------------------------------------------------
    def glide(self, animator, to, duration: float = 0.45, path=None, ease=ease_in_out_cubic, on_done=None):
        """Move to `to` (through the points of `path` first), at an even speed along the way."""
        pts = [self.pos] + [tuple(map(float, p)) for p in (path or [])] + [(float(to[0]), float(to[1]))]
        legs = [math.dist(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
        total = sum(legs) or 1.0

        def apply(t, pts=pts, legs=legs, total=total):
            d = t * total
            for i, leg in enumerate(legs):
                if d <= leg or i == len(legs) - 1:
                    f = 0.0 if leg <= 0 else min(1.0, d / leg)
                    a, b = pts[i], pts[i + 1]
                    self.pos = (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
                    return
                d -= leg
        return animator.tween(duration, apply, ease, tag=("piece", id(self)), on_done=on_done)

    def turn(self, animator, facing: float, duration: float = 0.25):
        f0 = self.facing if self.facing is not None else facing
        delta = (facing - f0 + 180.0) % 360.0 - 180.0

        def apply(t):
            self.facing = (f0 + delta * t) % 360.0
        return animator.tween(duration, apply, ease_out_cubic, tag=("turn", id(self)))

    def __repr__(self):
        return f"Piece({self.id!r}, {self.kind}, pos={self.pos})"


# -- drawing ---------------------------------------------------------------------------
def _shade(c, k: float) -> tuple:
    return tuple(max(0, min(255, int(v * k))) for v in c[:3])


def _meeple_points(cx: float, cy: float, r: float) -> list:
    """A meeple silhouette of half-height r (head, arms, legs)."""
    pts = [(0.0, -1.0), (0.22, -0.93), (0.3, -0.7), (0.22, -0.48), (0.85, -0.36), (0.95, -0.18),
           (0.85, -0.04), (0.38, 0.02), (0.7, 0.86), (0.62, 0.98), (0.22, 0.98), (0.0, 0.55)]
    right = [(cx + x * r, cy + y * r) for x, y in pts]
    left = [(cx - x * r, cy + y * r) for x, y in reversed(pts[1:-1])]
    return right + left


def _ring(surf, c, r: float, ring: Ring, width: int) -> None:
    cx, cy = c
    col = ring.color
    p = ring.pattern
    if p == "solid":
        pygame.draw.circle(surf, col, c, int(r), width)
    elif p in ("dashed", "dotted"):
        n = max(8, int(r * (0.5 if p == "dashed" else 0.9)))
        for i in range(n):
            a0 = 2 * math.pi * i / n
            if p == "dashed":
                a1 = a0 + 2 * math.pi / n * 0.6
                pts = [(cx + r * math.cos(a0 + (a1 - a0) * k / 3), cy + r * math.sin(a0 + (a1 - a0) * k / 3))
                       for k in range(4)]
                pygame.draw.lines(surf, col, False, pts, width)
            else:
                pygame.draw.circle(surf, col, (cx + r * math.cos(a0), cy + r * math.sin(a0)), max(1, width * 0.7))
    elif p == "ticks":
        pygame.draw.circle(surf, col, c, int(r), max(1, width // 2))
        for i in range(8):
            a = 2 * math.pi * i / 8
            pygame.draw.line(surf, col, (cx + (r - width) * math.cos(a), cy + (r - width) * math.sin(a)),
                             (cx + (r + width * 1.6) * math.cos(a), cy + (r + width * 1.6) * math.sin(a)), width)
    elif p == "teeth":
        n = max(10, int(r * 0.7))
        pts = []
        for i in range(2 * n):
            a = math.pi * i / n
            rr = r + (width * 1.3 if i % 2 == 0 else -width * 0.4)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        pygame.draw.polygon(surf, col, pts, max(1, width // 2 + 1))
    elif p == "wavy":
        n = 72
        pts = [(cx + (r + width * 0.9 * math.sin(8 * 2 * math.pi * i / n)) * math.cos(2 * math.pi * i / n),
                cy + (r + width * 0.9 * math.sin(8 * 2 * math.pi * i / n)) * math.sin(2 * math.pi * i / n))
               for i in range(n)]
        pygame.draw.lines(surf, col, True, pts, max(1, width // 2 + 1))
    elif p == "cross":
        pygame.draw.circle(surf, col, c, int(r), max(1, width // 2))
        for i in range(4):
            a = math.pi / 4 + math.pi / 2 * i
            x, y = cx + r * math.cos(a), cy + r * math.sin(a)
            k = width * 1.5
            pygame.draw.line(surf, col, (x - k, y - k), (x + k, y + k), width)
            pygame.draw.line(surf, col, (x - k, y + k), (x + k, y - k), width)
    elif p == "halo":
        steps = max(4, int(width * 2))
        for i in range(steps, 0, -1):
            a = int(110 * (1 - i / (steps + 1)))
            pygame.draw.circle(surf, (*col[:3], a), c, int(r + i), 0)
    else:
        raise ValueError(f"unknown ring pattern {p!r}")


def rimmed_base(gfx, color, r: int, label: str | None, down: bool) -> pygame.Surface:
    """A round base for PieceRenderer(base_art=rimmed_base): its shadow, a rim in the
    side's colour with a highlight, a dark inner disc (darker knocked down) and on it the
    icon of a label "icon:<name>" (lying on its side when down) or the label's text."""
    pad = max(2, r // 4)
    size = 2 * r + 2 * pad
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(s, (0, 0, 0, 130), (c[0] + max(1, r // 10), c[1] + max(2, r // 6)), r)
    pygame.draw.circle(s, _shade(color, 0.35), c, r)
    pygame.draw.circle(s, color, c, r - 1)
    if r >= 6:
        pygame.draw.arc(s, _shade(color, 1.45), (c[0] - r + 1, c[1] - r + 1, 2 * r - 2, 2 * r - 2),
                        math.radians(70), math.radians(200), max(1, r // 8))
    inner = style.lerp_color(color, (14, 10, 10), 0.74 if not down else 0.86)
    ir = max(2, int(r * 0.78))
    pygame.draw.circle(s, _shade(color, 0.3), c, ir + 1)
    pygame.draw.circle(s, inner, c, ir)
    pygame.draw.circle(s, style.lerp_color(inner, (255, 255, 255), 0.06), (c[0] - ir * 0.2, c[1] - ir * 0.25),
                       int(ir * 0.7))
    if label and label.startswith(ICON_LABEL) and r >= 5:
        name = label[len(ICON_LABEL):]
        isz = max(6, int(r * 1.22))
        ink = (242, 230, 206) if not down else (170, 160, 150)
        for ic, at in ((gfx.icon(name, isz, (0, 0, 0)), (c[0] + 1, c[1] + 1)), (gfx.icon(name, isz, ink), c)):
            ic = pygame.transform.rotate(ic, 90) if down else ic
            s.blit(ic, ic.get_rect(center=at))
    elif label and not label.startswith(ICON_LABEL) and r >= 5:
        t = gfx.outlined_text(label, max(9, int(r * 0.95)), style.TEXT, (0, 0, 0), bold=True, px=1)
        s.blit(t, t.get_rect(center=c))
    return s


class PieceRenderer:
    """Draws pieces from cached surfaces: bodies by (kind, colour, radius, label),
    rings by (statuses, radius), name tags by (name, size)."""

    def __init__(self, gfx, rings: dict[str, Ring] | None = None, *, name_frac: float = 0.62,
                 min_name: int = 11, budget: int = 48 << 20, colorblind: bool = False,
                 base_art: Callable | None = None, facing_tab: tuple = FACING_TAB, halos: bool = True,
                 name_tags: bool = True):
        self.gfx = gfx
        self.base_art = base_art          # a game's round base (kind "mini"); see the module docstring
        self.facing_tab = facing_tab
        self.halos = halos
        self.name_tags = name_tags
        self.badges: dict = {}            # piece id -> icon names shown as discs on the rim
        self.colorblind = colorblind      # seat marks in the colour-blind palette
        self.budget = budget              # bytes of cached surfaces before the cache starts over
        self._bytes = 0
        self.rings = dict(RINGS if rings is None else rings)
        self.name_frac = name_frac        # name tag height as a fraction of the radius
        self.min_name = min_name
        self._cache: dict = {}

    def _cached(self, key, make):
        got = self._cache.get(key)
        if got is None:
            got = make()
            surf = got[0] if isinstance(got, tuple) else got
            self._bytes += surf.get_width() * surf.get_height() * 4
            if self._bytes > self.budget:     # zooming makes many sizes: keep memory bounded
                self._cache.clear()
                self._bytes = surf.get_width() * surf.get_height() * 4
            self._cache[key] = got
        return got

    # -- surfaces ---------------------------------------------------------------------
    def body(self, kind: str, color, r: int, label: str | None, down: bool = False,
             mark: int | None = None) -> pygame.Surface:
        return self._cached(("body", kind, tuple(color), r, label, down, mark, self.colorblind),
                            lambda: self._render_body(kind, tuple(color), r, label, down, mark))

    def _render_body(self, kind, color, r, label, down, mark=None):
        if kind == "mini" and self.base_art is not None:
            return self.base_art(self.gfx, color, r, label, down)
        pad = 2
        s = pygame.Surface((2 * r + 2 * pad, 2 * r + 2 * pad), pygame.SRCALPHA)
        c = (r + pad, r + pad)
        edge = _shade(color, 0.45)
        light = _shade(color, 1.35)
        if kind == "meeple":
            pts = _meeple_points(c[0], c[1], r * 0.95)
            if down:
                pts = [(c[0] + (y - c[1]), c[1] - (x - c[0]) * 0.9) for x, y in pts]
            pygame.draw.polygon(s, (0, 0, 0, 110), [(x + 1, y + 2) for x, y in pts])   # its shadow
            pygame.draw.polygon(s, color, pts)
            pygame.draw.polygon(s, edge, pts, max(1, r // 10))
            pygame.draw.circle(s, light, (c[0] - r * 0.08, c[1] - r * 0.78), max(1, r * 0.1))
        else:
            pygame.draw.circle(s, (0, 0, 0, 120), (c[0] + 1, c[1] + 2), r)
            pygame.draw.circle(s, edge, c, r)
            pygame.draw.circle(s, color, c, int(r * 0.86))
            pygame.draw.circle(s, _shade(color, 1.15), (c[0] - r * 0.15, c[1] - r * 0.15), int(r * 0.55))
            pygame.draw.circle(s, color, c, int(r * 0.5))
            if kind == "mini":
                # the figure on the base: a darker disc (a knocked-down one lies as an oval)
                fr = pygame.Rect(0, 0, int(r * 1.0), int(r * 1.0))
                if down:
                    fr.size = (int(r * 1.3), int(r * 0.55))
                fr.center = c
                pygame.draw.ellipse(s, _shade(color, 0.6), fr)
                pygame.draw.ellipse(s, light, fr, max(1, r // 12))
            else:
                pygame.draw.circle(s, light, c, int(r * 0.72), max(1, r // 14))
        if mark is not None and r >= 6:
            from .gfx import seat_marker_surface
            mr = max(3, int(r * (0.3 if kind == "meeple" else 0.36)))
            m = seat_marker_surface(self.gfx, mark, mr, self.colorblind)
            # on a meeple's chest, else at the centre (a label, if any, sits over it)
            at = (c[0], c[1] - r * 0.2) if kind == "meeple" else c
            ring = pygame.Surface(m.get_size(), pygame.SRCALPHA)
            pygame.draw.circle(ring, (0, 0, 0, 150), (m.get_width() // 2, m.get_height() // 2), mr + 2)
            s.blit(ring, ring.get_rect(center=(int(at[0]), int(at[1]))))
            s.blit(m, m.get_rect(center=(int(at[0]), int(at[1]))))
        if label and r >= 7:
            size = max(9, int(r * (0.95 if len(label) <= 1 else 0.7)))
            t = self.gfx.outlined_text(label, size, style.TEXT, (0, 0, 0), bold=True, px=1)
            if t.get_width() > 2 * r - 2:
                k = (2 * r - 2) / t.get_width()
                t = pygame.transform.smoothscale(t, (max(1, int(t.get_width() * k)), max(1, int(t.get_height() * k))))
            s.blit(t, t.get_rect(center=c))
        return s

    def ring_layer(self, statuses: tuple, r: int) -> tuple[pygame.Surface, int]:
        """All status rings of a piece of radius r, as one surface, and its half-size."""
        def make():
            known = [st for st in statuses if st in self.rings]
            width = max(2, r // 7)
            step = width * 2 + 2
            outer = r + 4 + step * len(known) + width * 3
            s = pygame.Surface((2 * outer, 2 * outer), pygame.SRCALPHA)
            c = (outer, outer)
            rr = r + 3 + width
            for st in known:
                ring = self.rings[st]
                if ring.pattern == "halo":
                    continue
                _ring(s, c, rr, ring, width)
                rr += step
            return s, outer
        return self._cached(("rings", statuses, r), make)

    def halo(self, r: int, color) -> pygame.Surface:
        """A soft warm light round a lit piece (drawn under it)."""
        def make():
            rad = int(r * 1.9)
            s = pygame.Surface((2 * rad, 2 * rad), pygame.SRCALPHA)
            steps = max(6, rad // 3)
            for i in range(steps, 0, -1):
                f = i / steps
                pygame.draw.circle(s, (*color[:3], int(70 * (1 - f) ** 1.2 + 8)), (rad, rad), int(rad * f))
            return s
        return self._cached(("halo", r, tuple(color)), make)

    def name_tag(self, name: str, r: int) -> pygame.Surface:
        size = max(self.min_name, int(r * self.name_frac))
        return self._cached(("name", name, size), lambda: self.gfx.outlined_text(name, size, style.TEXT,
                                                                                   (0, 0, 0), bold=True, px=2))

    # -- per frame ----------------------------------------------------------------------
    def draw(self, surf, piece: Piece, center, radius: float, *, highlight: bool = False,
             show_name: bool = True, alpha: int | None = None) -> None:
        cx, cy = center
        r = max(3, int(round(radius)))
        piece.screen = (float(cx), float(cy))
        piece.screen_r = float(r)
        if piece.hidden:
            return
        st = tuple(sorted(piece.statuses))
        halo_ring = next((self.rings[s] for s in st if s in self.rings and self.rings[s].pattern == "halo"), None)
        if halo_ring is not None and self.halos:
            h = self.halo(r, halo_ring.color)
            surf.blit(h, h.get_rect(center=(int(cx), int(cy))))
        if highlight:
            pygame.draw.circle(surf, style.HIGHLIGHT, (int(cx), int(cy)), r + max(3, r // 4), max(2, r // 8))
        body = self.body(piece.kind, piece.color, r, piece.label, "knocked_down" in piece.statuses, piece.mark)
        if alpha is not None or piece.dim:
            body = body.copy()
            body.set_alpha(alpha if alpha is not None else 110)
        surf.blit(body, body.get_rect(center=(int(cx), int(cy))))
        if piece.facing is not None and piece.kind == "mini":
            self._facing_tab(surf, cx, cy, r, piece.facing)
        if st:
            layer, outer = self.ring_layer(st, r)
            surf.blit(layer, (int(cx) - outer, int(cy) - outer))
        badges = self.badges.get(piece.id, ())
        if badges and r >= 7:
            self._badges(surf, cx, cy, r, badges)
        if show_name and self.name_tags and piece.name:
            tag = self.name_tag(piece.name, r)
            surf.blit(tag, tag.get_rect(midtop=(int(cx), int(cy + r + max(2, r // 5)))))

    def _facing_tab(self, surf, cx, cy, r, facing) -> None:
        tip_k, side_k, half_deg, outline = self.facing_tab
        a, half = math.radians(facing), math.radians(half_deg)
        tip = (cx + math.cos(a) * r * tip_k, cy + math.sin(a) * r * tip_k)
        left = (cx + math.cos(a - half) * r * side_k, cy + math.sin(a - half) * r * side_k)
        right = (cx + math.cos(a + half) * r * side_k, cy + math.sin(a + half) * r * side_k)
        pygame.draw.polygon(surf, style.GOLD_BRIGHT, [tip, left, right])
        pygame.draw.polygon(surf, outline, [tip, left, right], 1)

    def _badges(self, surf, cx, cy, r, badges) -> None:
        """Icon discs on the rim: the first top-right, the second top-left."""
        bs = max(8, int(r * 0.7))
        for k, name in enumerate(badges[:2]):
            at = (int(cx + r * 0.78 * (1 if k == 0 else -1)), int(cy - r * 0.78))
            disc = self.gfx.circle(bs // 2 + 2, (20, 14, 10, 230), (220, 170, 90), 1)
            surf.blit(disc, disc.get_rect(center=at))
            ic = self.gfx.icon(name, bs, (255, 210, 120))
            surf.blit(ic, ic.get_rect(center=at))
