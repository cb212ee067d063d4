"""Table widgets: buttons and draggable chips, the reaction banner with its
countdown bar, context menus, tooltips, a number picker and the log panel.
All of them draw from cached surfaces; only bars and positions change per frame."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from . import style
from .dock import countdown_bar

BUTTON_STYLES = {
    # fill, border, text, hover fill
    "normal": ((40, 28, 30), style.GOLD_DEEP, style.TEXT, (66, 44, 40)),
    "primary": ((120, 22, 34), style.GOLD, style.TEXT, (156, 34, 46)),
    "gold": ((196, 156, 70), style.GOLD_BRIGHT, (30, 18, 10), (226, 186, 96)),
    "danger": ((150, 30, 30), (240, 150, 110), style.TEXT, (186, 44, 40)),
    "water": ((20, 52, 90), (120, 170, 220), style.TEXT, (30, 76, 124)),
    "quiet": ((30, 24, 28), (90, 74, 60), style.TEXT_DIM, (48, 38, 40)),
}


class Option:
    """One thing the viewer may do with an item. `action` is a rules action tuple
    (submitted for `seat`, default the viewer) or a callable (a local UI step).
    With a `target`, the option is played by dropping the item on that target, or by
    clicking the item and then the target."""

    __slots__ = ("label", "action", "target", "icon", "seat", "hint")

    def __init__(self, label: str, action, target=None, icon: str | None = None,
                 seat: int | None = None, hint: str | None = None):
        self.label = label
        self.action = action
        self.target = target
        self.icon = icon
        self.seat = seat
        self.hint = hint

    def __repr__(self):
        return f"Option({self.label!r}, {self.action!r}, target={self.target!r})"


class Button:
    kind = "button"
    draggable = False

    def __init__(self, bid, label: str, rect=None, *, icon: str | None = None, action=None,
                 enabled: bool = True, style_name: str = "normal", tooltip: str | None = None,
                 sub: str | None = None, size: tuple = (0, 56), hotkey: int | None = None,
                 font_size: int = 22, seat: int | None = None, selected: bool = False):
        self.id = bid
        self.label = label
        self.icon = icon
        self.action = action
        self.enabled = enabled
        self.style_name = style_name
        self.tooltip = tooltip
        self.sub = sub
        self.font_size = font_size
        self.hotkey = hotkey
        self.seat = seat
        self.selected = selected
        self.size = size
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, *size)
        self.home = None

    def natural_width(self, gfx) -> int:
        w = gfx.font(self.font_size, bold=True).size(self.label)[0] + 36
        if self.icon:
            w += int(self.font_size * 1.5) + 8
        if self.sub:
            w = max(w, gfx.font(15).size(self.sub)[0] + 36)
        return max(w, self.size[0] or 0, 96)

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def image(self, gfx, hover: bool) -> pygame.Surface:
        state = "off" if not self.enabled else ("sel" if self.selected else ("hover" if hover else "up"))
        key = ("button", self.label, self.icon, self.sub, self.rect.size, self.style_name, state,
               self.font_size, self.draggable)
        return gfx.cached(key, lambda: self._render(gfx, state))

    def _render(self, gfx, state):
        fill, border, tcol, hfill = BUTTON_STYLES.get(self.style_name, BUTTON_STYLES["normal"])
        if state == "hover":
            fill = hfill
        if state == "sel":
            fill, border = hfill, style.GOLD_BRIGHT
        if state == "off":
            fill, border, tcol = (34, 30, 32), (70, 62, 56), (110, 100, 90)
        w, h = self.rect.size
        surf = pygame.Surface((w + 8, h + 8), pygame.SRCALPHA)
        surf.blit(gfx.shadow(w, h, 10, 4, 140), (0, 0))
        r = pygame.Rect(4, 4, w, h)
        pygame.draw.rect(surf, fill, r, border_radius=10)
        top = pygame.Surface((w, h // 2), pygame.SRCALPHA)
        pygame.draw.rect(top, (255, 255, 255, 18), top.get_rect(), border_radius=10)
        surf.blit(top, (4, 4))
        pygame.draw.rect(surf, border, r, 3 if state == "sel" else 2, border_radius=10)
        if self.draggable and state != "off":
            for i in range(3):
                pygame.draw.circle(surf, border, (r.left + 9, r.top + h // 2 - 8 + 8 * i), 2)
        label = gfx.fit_text(self.label, self.font_size, w - 20 - (int(self.font_size * 1.5) + 8 if self.icon else 0),
                             tcol, bold=True, min_size=12)
        sub = gfx.fit_text(self.sub, 15, w - 16, style.lerp_color(tcol, fill, 0.3), min_size=10) if self.sub else None
        isz = int(self.font_size * 1.5)
        content_w = label.get_width() + ((isz + 8) if self.icon else 0)
        x = r.left + (w - content_w) // 2
        cy = r.top + (h // 2 if not sub else h // 2 - 8)
        if self.icon:
            ic = gfx.icon(self.icon, isz, tcol)
            surf.blit(ic, ic.get_rect(midleft=(x, r.top + h // 2)))
            x += isz + 8
        surf.blit(label, label.get_rect(midleft=(x, cy)))
        if sub:
            surf.blit(sub, sub.get_rect(midtop=(x + label.get_width() // 2, cy + label.get_height() // 2)))
        return surf

    def draw(self, surf, kit, hover=False):
        img = self.image(kit.gfx, hover)
        surf.blit(img, (self.rect.x - 4, self.rect.y - 4))


class Chip(Button):
    """A draggable action chip: its options carry targets (drop it on a seat...)."""
    kind = "chip"
    draggable = True

    def __init__(self, bid, label, rect=None, *, options: list[Option] | None = None, **kw):
        super().__init__(bid, label, rect, **kw)
        self.options = options or []
        self.drag_pos = None


class TokenChip(Chip):
    """A draggable token drawn from its own image (a pawn, a coin, a meeple)."""

    def __init__(self, bid, label, center, img, img_hover, options=None, tooltip=None):
        rect = pygame.Rect(0, 0, img.get_width() - 8, img.get_height() - 8)
        rect.center = (int(center[0]), int(center[1]))
        super().__init__(bid, label, rect, options=options or [], tooltip=tooltip)
        self._img, self._hov = img, img_hover

    def image(self, gfx, hover: bool):
        return self._hov if hover else self._img

    def natural_width(self, gfx) -> int:
        return self.rect.width

    def draw(self, surf, kit, hover=False):
        img = self.image(kit.gfx, hover)
        surf.blit(img, img.get_rect(center=self.rect.center))


def layout_row(buttons: list, gfx, center: tuple, gap: int = 12, max_width: int | None = None) -> pygame.Rect:
    """Size buttons to their labels and centre them on a row. Returns the bounds."""
    widths = [b.natural_width(gfx) for b in buttons]
    total = sum(widths) + gap * (len(buttons) - 1)
    if max_width and total > max_width and buttons:
        k = (max_width - gap * (len(buttons) - 1)) / max(1, sum(widths))
        widths = [max(60, int(w * k)) for w in widths]
        total = sum(widths) + gap * (len(buttons) - 1)
    x = center[0] - total // 2
    bounds = None
    for b, w in zip(buttons, widths):
        h = b.size[1] or 56
        b.rect = pygame.Rect(x, center[1] - h // 2, w, h)
        b.home = b.rect.copy()
        x += w + gap
        bounds = b.rect.copy() if bounds is None else bounds.union(b.rect)
    return bounds or pygame.Rect(center[0], center[1], 0, 0)


@dataclass
class BannerSpec:
    """A prompt for a reaction window or any decision that is not a drag."""
    key: Any                               # changes when the prompt changes (cache key)
    title: str
    subtitle: str = ""
    icon: str | None = None
    buttons: list = field(default_factory=list)
    decision: Any = None                   # for the countdown bar (match.time_left)
    tone: str = "normal"                   # "normal" | "alert" (challenges) | "info"
    center: tuple | None = None            # where (default: top centre)
    width: int = 820


class Banner:
    def __init__(self, spec: BannerSpec, kit):
        self.spec = spec
        g = kit.gfx
        w = spec.width
        self.title = g.fit_text(spec.title, 30, w - 140, style.TEXT, bold=True, serif=True, min_size=18)
        self.sub = g.text_block(spec.subtitle, 20, w - 140, style.TEXT_DIM) if spec.subtitle else None
        h = 26 + self.title.get_height() + (self.sub.get_height() + 6 if self.sub else 0)
        h += 22                                   # clock bar
        if spec.buttons:
            h += 74
        cx, top = spec.center or (kit.size[0] // 2, 18)
        self.rect = pygame.Rect(0, 0, w, h)
        self.rect.midtop = (cx, top)
        if spec.buttons:
            layout_row(spec.buttons, g, (self.rect.centerx, self.rect.bottom - 44), gap=16,
                       max_width=w - 40)
        edge = {"alert": style.CRIMSON_BRIGHT, "info": style.WATER_LIGHT}.get(spec.tone, style.GOLD)
        self.bg = g.panel(w, h, fill=(22, 14, 18), border=edge, radius=16, width=3, alpha=242,
                          shadow=10, inner=style.GOLD_DEEP)
        self.edge = edge

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def bar_rect(self) -> pygame.Rect:
        y = self.rect.top + 18 + self.title.get_height() + (self.sub.get_height() + 6 if self.sub else 0) + 8
        return pygame.Rect(self.rect.left + 76, y, self.rect.width - 170, 8)

    def draw(self, surf, kit, hover_item=None):
        surf.blit(self.bg, (self.rect.x - 10, self.rect.y - 10))
        g = kit.gfx
        if self.spec.icon:
            ic = g.icon(self.spec.icon, 46, self.edge)
            surf.blit(ic, ic.get_rect(center=(self.rect.left + 40, self.rect.top + 40)))
        surf.blit(self.title, self.title.get_rect(midtop=(self.rect.centerx, self.rect.top + 14)))
        if self.sub:
            surf.blit(self.sub, self.sub.get_rect(midtop=(self.rect.centerx, self.rect.top + 18 + self.title.get_height())))
        d = self.spec.decision
        if d is not None and d.timeout:
            countdown_bar(surf, kit, d, self.bar_rect())
        for b in self.spec.buttons:
            b.draw(surf, kit, hover=(b is hover_item))


class Menu:
    """A right-click menu: a column of options."""

    def __init__(self, pos, items: list[tuple[str, Callable[[], None], bool]], kit, title: str | None = None):
        g = kit.gfx
        self.items = items
        self.title = title
        self.rows = [g.text(label, 20, style.TEXT if en else (110, 100, 90)) for (label, _cb, en) in items]
        self.title_s = g.text(title, 17, style.GOLD, bold=True) if title else None
        w = max([r.get_width() for r in self.rows] + [self.title_s.get_width() if self.title_s else 0]) + 40
        self.row_h = 38
        h = len(items) * self.row_h + 12 + (30 if title else 0)
        x = min(pos[0], kit.size[0] - w - 8)
        y = min(pos[1], kit.size[1] - h - 8)
        self.rect = pygame.Rect(x, y, w, h)
        self.bg = g.panel(w, h, fill=(20, 14, 18), border=style.GOLD_DEEP, radius=10, alpha=248, shadow=8)
        self.hover = -1

    def index_at(self, pos) -> int:
        if not self.rect.collidepoint(pos):
            return -1
        y = pos[1] - self.rect.top - 6 - (30 if self.title else 0)
        i = int(y // self.row_h)
        return i if 0 <= i < len(self.items) and y >= 0 else -1

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surf, kit):
        surf.blit(self.bg, (self.rect.x - 8, self.rect.y - 8))
        y = self.rect.top + 6
        if self.title_s:
            surf.blit(self.title_s, (self.rect.left + 16, y + 4))
            y += 30
        for i, row in enumerate(self.rows):
            r = pygame.Rect(self.rect.left + 4, y + i * self.row_h, self.rect.width - 8, self.row_h)
            if i == self.hover and self.items[i][2]:
                pygame.draw.rect(surf, (90, 30, 36), r, border_radius=6)
                pygame.draw.rect(surf, style.GOLD, pygame.Rect(r.left + 2, r.top + 8, 3, r.height - 16))
            surf.blit(row, row.get_rect(midleft=(r.left + 16, r.centery)))


class NumberPicker:
    """Choose a whole number lo..hi with −/+ and a confirm button (sealed bids...).
    Also keyboard: ←/→ or −/+ step, Enter confirms (handled by the kit's hotkeys)."""

    def __init__(self, pid, center, lo: int, hi: int, value: int, on_confirm: Callable[[int], None],
                 label: str, confirm_label: str, kit, icon: str | None = None, width: int = 560):
        self.id = pid
        self.lo, self.hi, self.value = lo, hi, max(lo, min(hi, value))
        self.on_confirm = on_confirm
        self.label = label
        self.icon = icon
        g = kit.gfx
        self.label_s = g.text_block(label, 21, width - 40, style.TEXT)
        top_h = 16 + self.label_s.get_height() + 8
        self.rect = pygame.Rect(0, 0, width, top_h + 78)
        self.rect.center = center
        left, cy = self.rect.left, self.rect.top + top_h + 36
        # one row: [−] value [+]   [Confirm]
        self.minus = Button((pid, "-"), "−", (left + 40, cy - 26, 56, 52), action=lambda: self.step(-1),
                            style_name="normal", font_size=28, hotkey=pygame.K_LEFT)
        self.plus = Button((pid, "+"), "+", (left + 236, cy - 26, 56, 52), action=lambda: self.step(+1),
                           style_name="normal", font_size=28, hotkey=pygame.K_RIGHT)
        self.ok = Button((pid, "ok"), confirm_label, (0, 0, 200, 54), action=lambda: self.on_confirm(self.value),
                         style_name="primary", font_size=22, hotkey=pygame.K_RETURN)
        self.ok.rect.midright = (self.rect.right - 36, cy)
        self.value_x = left + 166 - 14
        self.value_y = cy
        self.buttons = [self.minus, self.plus, self.ok]
        self.bg = g.panel(self.rect.width, self.rect.height, fill=(22, 14, 18), border=style.GOLD,
                          radius=14, alpha=245, shadow=8)

    def step(self, d: int) -> None:
        self.value = max(self.lo, min(self.hi, self.value + d))

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def button_at(self, pos):
        return next((b for b in self.buttons if b.hit(pos)), None)

    def draw(self, surf, kit, hover_item=None):
        g = kit.gfx
        surf.blit(self.bg, (self.rect.x - 8, self.rect.y - 8))
        surf.blit(self.label_s, self.label_s.get_rect(midtop=(self.rect.centerx, self.rect.top + 16)))
        val = g.text(str(self.value), 46, style.GOLD_BRIGHT, bold=True, serif=True)
        surf.blit(val, val.get_rect(center=(self.value_x, self.value_y)))
        if self.icon:
            ic = kit.coin(self.icon, 28, (196, 196, 206))
            surf.blit(ic, ic.get_rect(midleft=(self.value_x + val.get_width() // 2 + 6, self.value_y)))
        for b in self.buttons:
            b.enabled = not ((b is self.minus and self.value <= self.lo) or (b is self.plus and self.value >= self.hi))
            b.draw(surf, kit, hover=(b is hover_item))


class LogPanel:
    """The chronicle: entries are lists of segments (text, card_key or None, colour or
    None). A card name can be hovered to preview the card. The visible part is
    rendered into one cached surface whenever entries or scrolling change."""

    def __init__(self, rect, kit, title: str):
        self.rect = pygame.Rect(rect)
        self.kit = kit
        self.title = title
        self.entries: list[list[tuple]] = []
        self.scroll = 0                          # entries scrolled up from the bottom
        self._surf = None
        self._links: list[tuple[pygame.Rect, Any]] = []
        self._entry_cache: dict = {}
        self.collapsed = False
        self.version = 0                         # changes whenever the drawn log changes

    def add(self, segments: list[tuple]) -> None:
        self.entries.append(segments)
        if self.scroll:
            self.scroll += 1
        self._surf = None
        self.version += 1

    def clear(self) -> None:
        self.entries.clear()
        self._entry_cache.clear()
        self.scroll = 0
        self._surf = None
        self.version += 1

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(len(self.entries) - 1, self.scroll + dy))
        self._surf = None
        self.version += 1

    def _render_entry(self, idx: int, segs: list[tuple], width: int):
        key = (idx, width)
        got = self._entry_cache.get(key)
        if got is not None:
            return got
        g = self.kit.gfx
        size = 19
        font = g.font(size)
        lh = font.get_linesize() + 2
        x = y = 0
        pieces = []
        links = []
        space = font.size(" ")[0]
        # words may span segments ("(+" "1" ")."): group glued pieces and wrap groups
        groups: list[list] = [[]]
        gaps: list[int] = [0]
        for seg in segs:
            text, card = seg[0], (seg[1] if len(seg) > 1 else None)
            color = seg[2] if len(seg) > 2 and seg[2] else (style.GOLD_BRIGHT if card is not None else style.TEXT)
            bold = card is not None or (len(seg) > 3 and bool(seg[3]))
            for tok in re.findall(r"\S+|\s+", text):
                if tok.isspace():
                    if groups[-1]:
                        groups.append([])
                        gaps.append(0)
                    gaps[-1] += len(tok.replace("\n", ""))
                    continue
                groups[-1].append((g.text(tok, size, color, bold=bold), card))
        for group, gap in zip(groups, gaps):
            if not group:
                continue
            gw = sum(ws.get_width() for ws, _c in group)
            if x > 0:
                x += space * gap
            if x > 0 and x + gw > width:
                x, y = 0, y + lh
            for ws, card in group:
                pieces.append((ws, x, y))
                if card is not None:
                    links.append((pygame.Rect(x, y, ws.get_width(), lh), card))
                x += ws.get_width()
        h = y + lh
        surf = pygame.Surface((width, h), pygame.SRCALPHA)
        for ws, px, py in pieces:
            surf.blit(ws, (px, py))
        got = (surf, links)
        self._entry_cache[key] = got
        return got

    def _render(self):
        g = self.kit.gfx
        w, h = self.rect.size
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.blit(g.panel(w, h, fill=(16, 11, 14), border=style.GOLD_DEEP, radius=12, alpha=215), (0, 0))
        head = g.text(self.title, 20, style.GOLD, bold=True, serif=True)
        surf.blit(head, (16, 10))
        pygame.draw.line(surf, style.GOLD_DEEP, (14, 40), (w - 14, 40), 1)
        inner_w = w - 36
        y = h - 12
        links = []
        end = len(self.entries) - self.scroll
        for i in range(end - 1, -1, -1):
            es, elinks = self._render_entry(i, self.entries[i], inner_w)
            if y - es.get_height() < 48:
                break
            y -= es.get_height()
            surf.blit(es, (20, y))
            pygame.draw.circle(surf, style.GOLD_DEEP, (11, y + 10), 3)
            for r, card in elinks:
                links.append((r.move(self.rect.left + 20, self.rect.top + y), card))
            y -= 6
        if self.scroll:
            more = g.text(f"▼ {self.scroll}", 15, style.TEXT_DIM)
            surf.blit(more, more.get_rect(topright=(w - 14, 14)))
        self._surf = surf
        self._links = links

    def link_at(self, pos):
        if self._surf is None:
            self._render()
        for r, card in self._links:
            if r.collidepoint(pos):
                return card
        return None

    def hit(self, pos) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surf, kit):
        if self._surf is None:
            self._render()
        surf.blit(self._surf, self.rect.topleft)


class Timed:
    """One timed effect: its kind, an optional key (a seat...), its data, and its clock."""
    __slots__ = ("kind", "key", "data", "left", "total")

    def __init__(self, kind: str, key, data, seconds: float):
        self.kind, self.key, self.data = kind, key, data
        self.left = self.total = max(1e-6, float(seconds))

    @property
    def progress(self) -> float:
        """0 when it starts, 1 when it ends."""
        return 1.0 - self.left / self.total

    def fade(self, fade_in: float = 0.0, fade_out: float = 0.4) -> float:
        """Opacity 0..1: rising over the first `fade_in` s, falling over the last `fade_out` s."""
        a = 1.0
        if fade_in > 0:
            a = min(a, (self.total - self.left) / fade_in)
        if fade_out > 0:
            a = min(a, self.left / fade_out)
        return max(0.0, min(1.0, a))


class Effects:
    """Timed effects of a table (heralds, floaters, flashes, bubbles, splashes, pulses):
    each lives for its seconds and is then dropped; the table draws the ones alive."""

    def __init__(self):
        self.items: list[Timed] = []

    def add(self, kind: str, data=None, seconds: float = 1.0, key=None, keep: int | None = None,
            drop_older: float | None = None) -> Timed:
        """Start one. The same kind and key replaces the old; `keep` bounds how many of the
        kind live at once; `drop_older` first drops those of the kind older than that."""
        items = self.items
        if key is not None:
            items = [i for i in items if not (i.kind == kind and i.key == key)]
        if drop_older is not None:
            items = [i for i in items if i.kind != kind or i.total - i.left < drop_older]
        item = Timed(kind, key, data, seconds)
        items.append(item)
        if keep is not None:
            mine = [i for i in items if i.kind == kind]
            if len(mine) > keep:
                gone = set(map(id, mine[:len(mine) - keep]))
                items = [i for i in items if id(i) not in gone]
        self.items = items
        return item

    def of(self, kind: str) -> list[Timed]:
        return [i for i in self.items if i.kind == kind]

    def get(self, kind: str, key=None) -> Timed | None:
        return next((i for i in self.items if i.kind == kind and i.key == key), None)

    def level(self, kind: str, key=None) -> float:
        """1 → 0 over the effect's life (a pulse), 0 when there is none."""
        i = self.get(kind, key)
        return 0.0 if i is None else i.left / i.total

    def update(self, dt: float) -> None:
        if self.items:
            for i in self.items:
                i.left -= dt
            self.items = [i for i in self.items if i.left > 0]

    def clear(self) -> None:
        self.items = []
