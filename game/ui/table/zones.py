"""Zones: where cards lie and how they are laid out. A zone owns an ordered list of
CardSprites and says where its i-th card sits; the kit glides sprites there.

- `Stack`  a deck or discard pile: cards on one spot with a little thickness and a count.
- `Fan`    a hand: an arc of overlapping cards; the hovered card lifts.
- `Row`    a row of slots (horizontal or vertical), optionally a fixed number with outlines.
- `StaggerRow` a hand in a row; too many for one row, on two staggered rows so every title shows.
- `Spot`   one board space (holds a card or a pile), also a drop target.
- `TokenStack` a pile of coins/tokens with a count (not cards).
Each zone is also a drop target with id ("zone", zone.id) unless target=False.
"""
from __future__ import annotations


import pygame

from . import style
from .cards import CardSprite


class Zone:
    kind = "zone"

    def __init__(self, zid, rect, card_size=(120, 168), *, label: str | None = None,
                 private: bool = False, z: int = 0, target: bool = True, outline: bool = False,
                 owner=None):
        self.id = zid
        self.rect = pygame.Rect(rect)
        self.card_size = (int(card_size[0]), int(card_size[1]))
        self.label = label
        self.private = private          # the viewer's hidden hand (H hides it)
        self.z = z
        self.target = target
        self.outline = outline
        self.owner = owner
        self.cards: list[CardSprite] = []

    def slots(self, n: int) -> list[tuple[float, float, float]]:
        cx, cy = self.rect.center
        return [(cx, cy, 0.0)] * n

    def place_for(self, i: int, n: int):
        s = self.slots(max(n, 1))
        return s[min(i, len(s) - 1)]

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw_under(self, surf, kit) -> None:
        if self.outline and not self.cards:
            w, h = self.card_size
            img = kit.gfx.cached(("zone_outline", w, h), lambda: _outline(w, h))
            surf.blit(img, img.get_rect(center=self.rect.center))
        if self.label:
            lab = kit.gfx.text(self.label, 18, style.TEXT_DIM, serif=True)
            surf.blit(lab, lab.get_rect(midtop=(self.rect.centerx, self.rect.bottom + 4)))

    def draw_over(self, surf, kit) -> None:
        pass


def _outline(w, h):
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 255, 255, 18), s.get_rect(), border_radius=max(4, w // 14))
    pygame.draw.rect(s, (*style.GOLD_DEEP, 160), s.get_rect(), 2, border_radius=max(4, w // 14))
    return s


class Stack(Zone):
    """Deck / discard pile. Shows at most `max_visible` cards' thickness and a count."""
    kind = "stack"

    def __init__(self, zid, rect, card_size=(120, 168), *, show_count: bool = True,
                 max_visible: int = 6, step=(0.0, -1.5), **kw):
        kw.setdefault("outline", True)
        super().__init__(zid, rect, card_size, **kw)
        self.show_count = show_count
        self.max_visible = max_visible
        self.step = step

    def slots(self, n):
        cx, cy = self.rect.center
        out = []
        for i in range(n):
            k = max(0, i - (n - self.max_visible))       # only the top cards spread
            out.append((cx + self.step[0] * k, cy + self.step[1] * k, 0.0))
        return out

    def draw_over(self, surf, kit):
        if self.show_count and self.cards:
            n = len(self.cards)
            b = kit.gfx.badge(str(n), 18, fill=style.INK, border=style.GOLD, color=style.TEXT)
            x, y, _a = self.slots(n)[-1]           # where the top card rests (not one in flight)
            w, h = self.card_size
            surf.blit(b, b.get_rect(center=(int(x + w / 2 - 6), int(y - h / 2 + 6))))


class Fan(Zone):
    """A hand: cards overlap along a gentle arc, centred in the rect."""
    kind = "fan"

    def __init__(self, zid, rect, card_size=(150, 210), *, arc: float = 3.0, overlap: float = 0.62,
                 max_gap: float = 1.08, curve: float = 6.0, **kw):
        super().__init__(zid, rect, card_size, **kw)
        self.arc = arc            # degrees between neighbours
        self.overlap = overlap    # minimum visible fraction of each card
        self.max_gap = max_gap    # maximum centre distance, in card widths
        self.curve = curve        # px the outer cards sink

    def slots(self, n):
        if n <= 0:
            return []
        w = self.card_size[0]
        gap = min(w * self.max_gap, (self.rect.width - w) / max(1, n - 1)) if n > 1 else 0
        gap = max(gap, w * 0.25)
        total = gap * (n - 1)
        cx, cy = self.rect.center
        out = []
        for i in range(n):
            off = i - (n - 1) / 2
            x = cx - total / 2 + i * gap
            y = cy + self.curve * off * off
            out.append((x, y, -self.arc * off))
        return out


class Row(Zone):
    """A row (or column) of slots. With `slots_n`, that many outlines are drawn."""
    kind = "row"

    def __init__(self, zid, rect, card_size=(120, 168), *, gap: int = 12, vertical: bool = False,
                 align: str = "center", slots_n: int | None = None, squeeze: bool = True, **kw):
        super().__init__(zid, rect, card_size, **kw)
        self.gap = gap
        self.vertical = vertical
        self.align = align
        self.slots_n = slots_n
        self.squeeze = squeeze

    def slots(self, n):
        n_slots = max(n, self.slots_n or 0)
        if n_slots <= 0:
            return []
        w, h = self.card_size
        span = self.rect.height if self.vertical else self.rect.width
        size = h if self.vertical else w
        step = size + self.gap
        if self.squeeze and n_slots > 1 and step * (n_slots - 1) + size > span:
            step = (span - size) / (n_slots - 1)
        total = step * (n_slots - 1) + size
        if self.align == "start":
            start = 0
        elif self.align == "end":
            start = span - total
        else:
            start = (span - total) / 2
        out = []
        for i in range(n_slots):
            c = start + size / 2 + i * step
            if self.vertical:
                out.append((self.rect.centerx, self.rect.top + c, 0.0))
            else:
                out.append((self.rect.left + c, self.rect.centery, 0.0))
        return out

    def draw_under(self, surf, kit):
        if self.slots_n:
            w, h = self.card_size
            img = kit.gfx.cached(("zone_outline", w, h), lambda: _outline(w, h))
            for (x, y, _a) in self.slots(len(self.cards))[len(self.cards):]:
                surf.blit(img, img.get_rect(center=(int(x), int(y))))
        elif self.outline and not self.cards:
            super().draw_under(surf, kit)
            return
        if self.label:
            lab = kit.gfx.text(self.label, 18, style.TEXT_DIM, serif=True)
            surf.blit(lab, lab.get_rect(midtop=(self.rect.centerx, self.rect.bottom + 4)))


class StaggerRow(Row):
    """A horizontal hand: one row while the cards fit side by side at `card_size`; past
    that smaller cards on two staggered rows, every other one `stagger` of a card lower,
    so each card's title band shows (draw the lower row over the upper: `lower(i)`)."""

    def __init__(self, zid, rect, card_size=(120, 168), *, stagger: float = 0.24, **kw):
        self.stagger = stagger
        self.full_size = tuple(card_size)
        super().__init__(zid, rect, card_size, **kw)

    @property
    def card_size(self) -> tuple:
        n, (w, h) = len(getattr(self, "cards", ())), self.full_size
        if not self.staggered(n):
            return self.full_size
        sh = int(self.rect.height / (1 + self.stagger))
        return int(w * sh / h), sh

    @card_size.setter
    def card_size(self, size) -> None:
        self.full_size = (int(size[0]), int(size[1]))

    def staggered(self, n: int) -> bool:
        return n > 1 and n * (self.full_size[0] + self.gap) - self.gap > self.rect.width

    def lower(self, i: int) -> bool:
        return self.staggered(len(self.cards)) and i % 2 == 1

    def slots(self, n):
        if not self.staggered(n):
            return super().slots(n)
        w, h = self.card_size
        step = min(w + self.gap, (self.rect.width - w) / (n - 1))
        x0, y0 = self.rect.centerx - step * (n - 1) / 2, self.rect.top + h / 2
        return [(x0 + i * step, y0 + (h * self.stagger if i % 2 else 0), 0.0) for i in range(n)]


class Spot(Zone):
    """One board space: a single place (cards pile up on it with a slight offset)."""
    kind = "spot"

    def __init__(self, zid, rect, card_size=(120, 168), **kw):
        kw.setdefault("outline", True)
        super().__init__(zid, rect, card_size, **kw)

    def slots(self, n):
        cx, cy = self.rect.center
        return [(cx + 3 * i, cy - 3 * i, 0.0) for i in range(n)]


class TokenStack:
    """Coins or tokens piled on a spot with a count. `count` is the *shown* number
    (animations change it as coins arrive)."""
    kind = "token"

    def __init__(self, tid, pos, icon: str = "ducat", *, size: int = 34, count: int = 0,
                 color=style.GOLD, max_drawn: int = 10, label: bool = True, owner=None):
        self.id = tid
        self.pos = (int(pos[0]), int(pos[1]))
        self.icon = icon
        self.size = size
        self.count = count
        self.color = color
        self.max_drawn = max_drawn
        self.label = label
        self.owner = owner
        self.pulse = 0.0
        self.hidden = False             # not drawn (a count the viewer may not know)
        self.infinite = False           # a bank: counts never change (the treasury)

    def rect(self) -> pygame.Rect:
        n = min(self.count, self.max_drawn)
        r = pygame.Rect(0, 0, self.size + 8, self.size + 8 + 4 * max(0, n - 1))
        r.midbottom = (self.pos[0], self.pos[1] + self.size // 2 + 4)
        return r

    def hit(self, pos) -> bool:
        return self.rect().collidepoint(pos)

    def top(self) -> tuple:
        n = min(self.count, self.max_drawn)
        return (self.pos[0], self.pos[1] - 4 * max(0, n - 1))

    def draw(self, surf, kit):
        coin = kit.coin(self.icon, self.size, self.color)
        n = min(self.count, self.max_drawn)
        x, y = self.pos
        for i in range(n):
            surf.blit(coin, coin.get_rect(center=(x, y - 4 * i)))
        if self.label:
            b = kit.gfx.badge(str(self.count), max(17, int(self.size * 0.5)), fill=style.INK, border=self.color,
                              color=style.TEXT)
            surf.blit(b, b.get_rect(midleft=(x + self.size // 2 + 4, y)))
