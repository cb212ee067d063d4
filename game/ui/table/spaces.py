"""Spaces: places that hold pieces up to a capacity — action spaces with slots that
show who is there, cages, a group in a staging tray — and light up when a carried
piece may be dropped on them.

    sp = Space("market", lay["market"], capacity=3, label="Black Market",
               accept=lambda piece: piece.owner == me)
    sp.put(imp, animator)            # takes the next slot (a glide when an animator is given)
    sp.insert(imp, 0, animator)      # or a given place in the order (sp.nearest_slot(pos))
    sp.take(imp, animator)           # the others close up
    transfer(imp, sp, other, animator)
    sp.draw(surf, gfx, renderer, state=sp.drop_state(payload, over=...))

Pieces in a space live in screen pixels: `put`/`layout` set each occupant's `pos`
to its slot centre and `size` to the slot radius. `capacity=None` holds any number
(slots squeeze). A full space refuses drops and says so with a lock mark and its
count ("3/3"), never by colour alone. `kind="cage"` draws bars over its occupants.
Sizes are fractions of the space's own rect, so a Layout scales them.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from . import style
from .hit import HitItem
from .pieces import Piece, PieceRenderer

# drop states (what a carried payload would do here)
IDLE, CAN, OVER, REFUSE = "idle", "can", "over", "refuse"


class Space(HitItem):
    kind = "space"

    def __init__(self, sid, rect, *, capacity: int | None = None, label: str | None = None,
                 kind: str = "action", accept: Callable[[Any], bool] | None = None, tip: str | None = None,
                 layer: int = 1, owner=None, label_frac: float = 0.22, foot_frac: float = 0.0,
                 fill=(30, 22, 26), edge=style.GOLD_DEEP, max_radius: float | None = None):
        if kind not in ("action", "cage", "group"):
            raise ValueError(f"unknown space kind {kind!r}")
        self.id = sid
        self.rect = pygame.Rect(rect)
        self.capacity = capacity
        self.label = label
        self.kind_name = kind
        self.accept = accept
        self.tip = tip
        self.layer = layer
        self.owner = owner
        self.label_frac = label_frac      # header band (label, count), a fraction of the short side
        self.foot_frac = foot_frac        # a band kept free at the bottom (a summary line)
        self.fill = fill
        self.edge = edge
        self.max_radius = max_radius      # px: keeps pieces one size across spaces of different shapes
        self.occupants: list[Piece] = []

    # -- capacity ----------------------------------------------------------------------
    def free(self) -> int | None:
        return None if self.capacity is None else max(0, self.capacity - len(self.occupants))

    def full(self) -> bool:
        return self.capacity is not None and len(self.occupants) >= self.capacity

    def count_text(self) -> str:
        return f"{len(self.occupants)}/{self.capacity}" if self.capacity is not None else str(len(self.occupants))

    # -- hit protocol ------------------------------------------------------------------
    @property
    def bounds(self) -> pygame.Rect:
        return self.rect

    def tooltip(self) -> str | None:
        head = self.tip or self.label or str(self.id)
        names = [p.name or p.label or str(p.id) for p in self.occupants]
        return f"{head} ({self.count_text()})" + (": " + ", ".join(names) if names else "")

    def accepts(self, payload) -> bool:
        if payload is None or payload in self.occupants or self.full():
            return False
        return self.accept(payload) if self.accept is not None else isinstance(payload, Piece)

    def drop_state(self, payload, over: bool = False) -> str:
        """How to draw this space while `payload` is carried (None: nothing carried)."""
        if payload is None or payload in self.occupants:
            return IDLE
        if self.accepts(payload):
            return OVER if over else CAN
        if self.accept is None or self.accept(payload):
            return REFUSE                     # it would fit but the space is full
        return IDLE

    # -- slots -------------------------------------------------------------------------
    def header(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x, r.y, r.width, int(min(r.size) * self.label_frac))

    def footer(self) -> pygame.Rect:
        r = self.rect
        fh = int(min(r.size) * self.foot_frac)
        return pygame.Rect(r.x, r.bottom - fh, r.width, fh)

    def body(self) -> pygame.Rect:
        """Between the header and the footer: where the slots are."""
        h, f = self.header(), self.footer()
        return pygame.Rect(self.rect.x, h.bottom, self.rect.width, max(1, f.top - h.bottom))

    def grid(self, n: int) -> tuple[int, int, float]:
        """(rows, cols, radius) that fit n round slots in the body best."""
        b = self.body()
        n = max(1, n)
        best = (1, n, 0.0)
        for rows in range(1, n + 1):
            cols = math.ceil(n / rows)
            r = min(b.width / (cols * 2.4), b.height / (rows * 2.4))
            if r > best[2] + 1e-9:
                best = (rows, cols, r)
        if self.max_radius is not None and best[2] > self.max_radius:
            best = (best[0], best[1], float(self.max_radius))
        return best

    def slots(self, n: int | None = None) -> list[tuple[float, float]]:
        """Slot centres: `capacity` of them (or as many as there are occupants)."""
        if n is None:
            n = self.capacity if self.capacity is not None else max(1, len(self.occupants))
        rows, cols, r = self.grid(n)
        b = self.body()
        dx = min(b.width / cols, 2.6 * r)
        dy = min(b.height / rows, 2.6 * r)
        out = []
        for i in range(n):
            row, col = divmod(i, cols)
            in_row = min(cols, n - row * cols)
            out.append((b.centerx + (col - (in_row - 1) / 2) * dx, b.centery + (row - (rows - 1) / 2) * dy))
        return out

    def slot_radius(self) -> float:
        n = self.capacity if self.capacity is not None else max(1, len(self.occupants))
        return self.grid(n)[2]

    # -- occupants ---------------------------------------------------------------------
    def put(self, piece: Piece, animator=None, duration: float = 0.3) -> None:
        if piece in self.occupants:
            return
        if self.full():
            raise ValueError(f"space {self.id!r} is full ({self.count_text()})")
        self.occupants.append(piece)
        self.layout(animator, duration)

    def insert(self, piece: Piece, index: int, animator=None, duration: float = 0.3) -> None:
        """Put a piece at a given place in the order (moving it if it is already here)."""
        here = piece in self.occupants
        if not here and self.full():
            raise ValueError(f"space {self.id!r} is full ({self.count_text()})")
        rest = [p for p in self.occupants if p is not piece]
        index = max(0, min(index, len(rest)))
        self.occupants = rest[:index] + [piece] + rest[index:]
        self.layout(animator, duration)

    def nearest_slot(self, pos) -> int:
        """The index of the slot nearest to pos (for dropping at a place in the order)."""
        pts = self.slots(max(len(self.slots()), len(self.occupants) + 1))
        return min(range(len(pts)), key=lambda i: (pts[i][0] - pos[0]) ** 2 + (pts[i][1] - pos[1]) ** 2)

    def take(self, piece: Piece, animator=None, duration: float = 0.25) -> None:
        self.occupants = [p for p in self.occupants if p is not piece]
        self.layout(animator, duration)

    def layout(self, animator=None, duration: float = 0.3) -> None:
        """Send every occupant to its slot (gliding when given an animator)."""
        pts = self.slots()
        r = self.slot_radius()
        for p, pt in zip(self.occupants, pts):
            p.size = r
            if animator is None or p.pos == pt:
                p.pos = pt
            else:
                p.glide(animator, pt, duration)

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surf, gfx, renderer: PieceRenderer, *, state: str = IDLE, t: float = 0.0,
             draw_piece: Callable | None = None) -> None:
        """The panel, its label and count, empty slots, the occupants (through
        `draw_piece(surf, piece, centre, radius)` when given, e.g. small cards) and, for a
        cage, its bars. `state` is a drop state from `drop_state`; `t` drives the pulse."""
        r = self.rect
        rad = max(4, min(r.size) // 8)
        glow = state in (CAN, OVER)
        border = style.GOLD_BRIGHT if glow else self.edge
        panel = gfx.panel(r.width, r.height, fill=self.fill, border=border, radius=rad,
                          width=3 if state == OVER else 2, alpha=225)
        surf.blit(panel, r.topleft)
        if glow:
            pulse = 0.5 + 0.5 * math.sin(t * 5) if state == CAN else 1.0
            g = gfx.glow_rect(r.width, r.height, style.HIGHLIGHT, rad, max(6, min(r.size) // 10))
            g.set_alpha(int(90 + 120 * pulse))
            pad = (g.get_width() - r.width) // 2
            surf.blit(g, (r.x - pad, r.y - pad))
            g.set_alpha(None)
        badge_w = self._draw_count(surf, gfx, state)
        hd = self.header()
        if self.label and hd.height >= 8:
            size = max(11, int(hd.height * 0.6))
            room = hd.width - badge_w - 2 * rad
            txt = gfx.fit_text(self.label, size, max(8, room), style.TEXT, bold=True, serif=True,
                               min_size=min(size, 10))
            surf.blit(txt, txt.get_rect(midleft=(r.x + rad, hd.centery + 1)))
        # empty slots as rings, then who is there
        sr = self.slot_radius()
        n_slots = self.capacity if self.capacity is not None else len(self.occupants)
        for i, (x, y) in enumerate(self.slots(n_slots) if n_slots else []):
            if i >= len(self.occupants):
                pygame.draw.circle(surf, (90, 74, 56), (int(x), int(y)), max(3, int(sr)), max(1, int(sr) // 8))
        for p in self.occupants:
            if draw_piece is not None:
                draw_piece(surf, p, p.pos, p.size if p.size > 1 else sr)
            else:
                renderer.draw(surf, p, p.pos, p.size if p.size > 1 else sr, show_name=False)
        if self.kind_name == "cage":
            b = self.body().inflate(-rad, -rad // 2)
            n = max(3, b.width // max(8, int(sr * 1.3)))
            for i in range(n + 1):
                x = b.x + b.width * i / n
                pygame.draw.line(surf, (150, 150, 160), (x, b.y), (x, b.bottom), max(2, int(sr / 7)))
            pygame.draw.line(surf, (150, 150, 160), b.topleft, b.topright, max(2, int(sr / 6)))
            pygame.draw.line(surf, (150, 150, 160), b.bottomleft, b.bottomright, max(2, int(sr / 6)))

    def _draw_count(self, surf, gfx, state: str) -> int:
        """The count badge (and a padlock when full) at the header's right; returns the
        width they take."""
        hd = self.header()
        size = max(11, int(hd.height * 0.5))
        full = self.full()
        col = style.BAD if (full and state == REFUSE) else style.TEXT_DIM
        b = gfx.badge(self.count_text(), size, fill=style.INK, border=col, color=style.TEXT, pad=max(4, size // 3))
        m = max(3, hd.height // 6)
        br = b.get_rect(midright=(hd.right - m, hd.centery))
        surf.blit(b, br)
        used = b.get_width() + m
        if full:
            # a padlock beside the count: full is said by a shape, not only a colour
            k = max(5, int(size * 0.6))
            x, y = br.left - k // 2 - 4, hd.centery
            pygame.draw.rect(surf, col, (x - k // 2, y - k // 4, k, k * 3 // 4), border_radius=2)
            pygame.draw.arc(surf, col, (x - k // 3, y - k * 3 // 4, 2 * (k // 3), k), 0, math.pi, max(1, k // 5))
            used += k + 6
        return used


def transfer(piece: Piece, src: Space | None, dst: Space, animator=None, duration: float = 0.35) -> None:
    """Move a piece from one space to another (gliding from where it is now)."""
    if src is not None:
        src.take(piece, animator)
    dst.put(piece, animator, duration)
