"""A staging tray: arrange things privately, see the arrangement, then submit once.

One mechanism covers four uses: units start in one or more *sources* and are dragged
(or clicked) into *groups* (with `ordered=True`, at the place in the group's order
where they are dropped, and dragged within a group to reorder); Confirm hands the
arrangement to `on_submit` once.

    # pick 2 of 5 (the Fortune Teller exchange)
    tray = StagingTray.pick(rect, units, 2, on_submit=lambda arr: submit(("exchange", *arr["chosen"])),
                            renderer=pr, gfx=gfx, label="Exchange", group_label="To exchange")
    # split 6 imps + 4 gold into up to 6 groups (secret planning)
    tray = StagingTray.split(rect, imps + gold, 6, on_submit=..., renderer=pr, gfx=gfx,
                             validate=lambda arr: None if any(arr.values()) else "Send at least one group")
    # pay 5 from several sources
    tray = StagingTray(rect, sources=[("purse", "Purse", coins), ("bank", "Savings", more)],
                       groups=[("pay", "Payment", 5)], validate=exactly_five, on_submit=..., ...)
    # put everything in order (the order the monsters resolve in)
    tray = StagingTray.order(rect, monsters, on_submit=..., renderer=pr, gfx=gfx)   # {"order": [...]}

    if tray.wants(e) and tray.handle_event(e): ...      # first, before the table's own input
    tray.update(dt); tray.draw(surf)
    tray.arrangement()   -> {group id: [unit ids]}        tray.counts() -> {group id: {sort: n}}
    tray.submitted / tray.result                          (what on_submit returned)

Input: drag a unit onto a group (the groups that may take it light up; a full one
shows its lock), or click it: a unit in a source goes to the active group (click a
group to make it active), a unit in a group goes back to where it came from. Enter
confirms, Backspace puts everything back, Esc drops a carried unit. `validate`
returns None when the arrangement may be submitted, else a message shown above the
buttons (an empty message just keeps Confirm disabled). Everything is sized from the
tray's rect (fractions), so a Layout region scales it.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import pygame

from . import style
from .hit import HitItem, HitStack, Pointer
from .pieces import Piece, PieceRenderer
from .regions import split_rect
from .spaces import IDLE, Space
from .strings import ts
from .tween import Animator, ease_out_back


class Unit(Piece):
    """One thing in a tray: a Piece with what it is (`sort`, e.g. "imp", "gold") and the
    source it came from."""

    def __init__(self, uid, sort: str, kind: str = "token", color=style.GOLD, *, label=None, name=None,
                 source=None, **kw):
        super().__init__(uid, kind, color, label=label, name=name, **kw)
        self.sort = sort
        self.source = source


class _Button(HitItem):
    layer = 5

    def __init__(self, bid, label: str, tip: str | None = None):
        self.id = bid
        self.label = label
        self.tip = tip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True

    def tooltip(self):
        return self.tip

    @property
    def bounds(self):
        return self.rect

    def hit(self, pos):
        return self.rect.collidepoint(pos)


class StagingTray(HitItem):
    layer = 4

    def __init__(self, rect, sources, groups, *, on_submit: Callable[[dict], Any], renderer: PieceRenderer, gfx,
                 validate: Callable[[dict], str | None] | None = None, label: str | None = None,
                 accept: Callable[[Unit, Any], bool] | None = None, submit_label: str | None = None,
                 reset_label: str | None = None, sort_colors: dict | None = None,
                 draw_unit: Callable | None = None, animator: Animator | None = None,
                 threshold_frac: float = 0.01, ordered: bool = False, steppers: dict | None = None,
                 steady: bool = False, on_refuse: Callable[[str], Any] | None = None):
        self.rect = pygame.Rect(rect)
        self.on_refuse = on_refuse        # Confirm (or Enter) while `validate` objects: tell why (a toast, "Rules…")
        self.renderer = renderer
        self.gfx = gfx
        self.on_submit = on_submit
        self.validate = validate
        self.label = label
        self.accept_fn = accept
        self.draw_unit = draw_unit
        self.ordered = ordered            # a drop lands at its place in a group's order (else last)
        self.sort_colors = dict(sort_colors or {})
        self.anim = animator if animator is not None else Animator()
        self._own_anim = animator is None
        self.sources: list[Space] = []
        self.groups: list[Space] = []
        self.units: dict[Any, Unit] = {}
        for sid, slabel, units in sources:
            sp = Space(sid, (0, 0, 1, 1), label=slabel, kind="group", accept=self._accept_home(sid),
                       label_frac=0.24, fill=(24, 18, 22))
            self.sources.append(sp)
            for u in units:
                if u.id in self.units:
                    raise ValueError(f"two units share the id {u.id!r}")
                u.source = sid
                self.units[u.id] = u
                sp.occupants.append(u)
        for gid, glabel, cap in groups:
            self.groups.append(Space(gid, (0, 0, 1, 1), capacity=cap, label=glabel, kind="group",
                                     accept=self._accept_group(gid), label_frac=0.24, foot_frac=0.2))
        if not self.groups:
            raise ValueError("a staging tray needs at least one group")
        self.active = self.groups[0]
        # steppers {sort: tooltip}: a − and a + per group and sort, in fixed places; with them
        # (or `steady`) the sources keep one slot per unit, so the row never re-centres
        # under the pointer and repeated clicks hit the same thing
        self.steppers = dict(steppers or {})
        self.step_btns = [_Button((sign, g.id, sort), "−" if sign < 0 else "+", tip)
                          for g in self.groups for sort, tip in self.steppers.items() for sign in (-1, 1)]
        if self.steppers or steady:
            for sp in self.sources:
                sp.capacity = len(sp.occupants)
        self.submit_btn = _Button("submit", submit_label or ts("confirm"))
        self.reset_btn = _Button("reset", reset_label or ts("cancel"))
        self.submitted = False
        self.result = None
        self.t = 0.0
        self.stack = HitStack()
        self.pointer = Pointer(self.stack, on_click=self._click, on_drop=self._drop,
                               on_drag_start=self._drag_start, on_drag_move=self._drag_move)
        self.pointer.threshold = max(3, int(threshold_frac * min(self.rect.size)))
        self.set_rect(self.rect)

    # -- the three uses -----------------------------------------------------------------
    @classmethod
    def pick(cls, rect, units, n: int | tuple[int, int], *, on_submit, renderer, gfx, label=None,
             source_label: str | None = None, group_label: str | None = None, validate=None, **kw):
        """Choose n (or lo..hi) of `units`: one source, one group of capacity hi."""
        lo, hi = (n, n) if isinstance(n, int) else n

        def exact(arr):
            k = len(arr["chosen"])
            return None if lo <= k <= hi else ""
        return cls(rect, [("offer", source_label, list(units))], [("chosen", group_label, hi)],
                   on_submit=on_submit, renderer=renderer, gfx=gfx, label=label,
                   validate=validate or exact, **kw)

    @classmethod
    def order(cls, rect, units, *, on_submit, renderer, gfx, label=None, source_label: str | None = None,
              group_label: str | None = None, **kw):
        """Put every unit into one queue, in the order wanted (drop on a place in the queue
        to insert there, drag within it to reorder): {"order": [ids first to last]}."""
        units = list(units)
        return cls(rect, [("offer", source_label, units)], [("order", group_label, len(units))],
                   on_submit=on_submit, renderer=renderer, gfx=gfx, label=label,
                   validate=lambda arr: None if len(arr["order"]) == len(units) else "", ordered=True, **kw)

    @classmethod
    def split(cls, rect, units, k: int, *, on_submit, renderer, gfx, label=None, source_label=None,
              group_labels: list[str] | None = None, capacity: int | None = None, validate=None, **kw):
        """Split a pool into up to k groups (empty groups are simply not sent); with
        `steppers={sort: tooltip}` each group also has − / + buttons per sort."""
        labels = group_labels or [str(i + 1) for i in range(k)]
        return cls(rect, [("pool", source_label, list(units))],
                   [(i, labels[i], capacity) for i in range(k)], on_submit=on_submit, renderer=renderer,
                   gfx=gfx, label=label, validate=validate, **kw)

    # -- rules of the tray ----------------------------------------------------------------
    def _accept_home(self, sid):
        return lambda u: isinstance(u, Unit) and u.source == sid and not self.submitted

    def _accept_group(self, gid):
        def ok(u):
            if not isinstance(u, Unit) or self.submitted:
                return False
            return self.accept_fn(u, gid) if self.accept_fn is not None else True
        return ok

    def where(self, unit: Unit) -> Space | None:
        return next((s for s in self.sources + self.groups if unit in s.occupants), None)

    def home(self, unit: Unit) -> Space:
        return next(s for s in self.sources if s.id == unit.source)

    def arrangement(self) -> dict:
        return {g.id: [u.id for u in g.occupants] for g in self.groups}

    def counts(self) -> dict:
        out = {}
        for g in self.groups:
            c: dict = {}
            for u in g.occupants:
                c[u.sort] = c.get(u.sort, 0) + 1
            out[g.id] = c
        return out

    def error(self) -> str | None:
        return self.validate(self.arrangement()) if self.validate is not None else None

    def can_submit(self) -> bool:
        return not self.submitted and self.error() is None

    def submit(self) -> bool:
        """Hand the arrangement over, once. False when not valid or already done (an
        objection of `validate` then goes to `on_refuse`: the player is told why)."""
        if not self.can_submit():
            err = None if self.submitted else self.error()
            if err and self.on_refuse is not None:
                self.on_refuse(err)
            return False
        self.submitted = True
        self.result = self.on_submit(self.arrangement())
        return True

    def move(self, unit: Unit, dst: Space, index: int | None = None) -> bool:
        """Put a unit in a space if it accepts it (at `index` in its order, else last;
        the others close up). Within one group, `index` reorders."""
        src = self.where(unit)
        if src is dst:
            if index is None or dst not in self.groups or self.submitted:
                return False
            old = dst.occupants.index(unit)
            dst.insert(unit, index, self.anim)
            return dst.occupants.index(unit) != old
        if not dst.accepts(unit):
            return False
        if src is not None:
            src.take(unit, self.anim)
        if index is None:
            dst.put(unit, self.anim)
        else:
            dst.insert(unit, index, self.anim)
        if dst in self.groups:
            self.active = dst
        return True

    def reset(self) -> None:
        if self.submitted:
            return
        for g in self.groups:
            for u in list(g.occupants):
                g.take(u)
                self.home(u).put(u, self.anim)
        self.active = self.groups[0]

    # -- layout -----------------------------------------------------------------------------
    def set_rect(self, rect) -> None:
        self.rect = r = pygame.Rect(rect)
        pad = max(4, int(min(r.size) * 0.03))
        inner = r.inflate(-2 * pad, -2 * pad)
        head = int(inner.height * 0.1) if self.label else 0
        foot = int(inner.height * 0.17)
        body = pygame.Rect(inner.x, inner.y + head, inner.width, inner.height - head - foot)
        top, bottom = split_rect(body, 2, "y", pad, weights=[0.36, 0.64])
        for sp, rr in zip(self.sources, split_rect(top, len(self.sources), "x", pad)):
            sp.rect = rr
        n = len(self.groups)
        rows = 1 if n <= 4 else 2
        cols = math.ceil(n / rows)
        cells = []
        for row in split_rect(bottom, rows, "y", pad):
            cells += split_rect(row, cols, "x", pad)
        for g, rr in zip(self.groups, cells):
            g.rect = self._place_steppers(g, rr, pad)
        self.foot = pygame.Rect(inner.x, inner.bottom - foot, inner.width, foot)
        bh = int(foot * 0.62)
        bw = max(bh * 3, int(inner.width * 0.2))
        self.submit_btn.rect = pygame.Rect(0, 0, bw, bh)
        self.submit_btn.rect.bottomright = (inner.right, inner.bottom)
        self.reset_btn.rect = pygame.Rect(0, 0, bw, bh)
        self.reset_btn.rect.bottomright = (self.submit_btn.rect.x - pad, inner.bottom)
        self.head = pygame.Rect(inner.x, inner.y, inner.width, head)
        # one unit size everywhere: what fits a group of (its capacity or 4) and the sources
        for sp in self.sources + self.groups:
            sp.max_radius = None
        sizes = [g.grid(g.capacity or 4)[2] for g in self.groups]
        sizes += [sp.grid(max(1, len(sp.occupants)))[2] for sp in self.sources]
        common = min(sizes)
        for sp in self.sources + self.groups:
            sp.max_radius = common
            sp.layout()
        self.stack.clear()
        self.stack.extend(self.sources + self.groups, layer=1)
        self.stack.extend(self.units.values(), layer=3)
        self.stack.extend([self.submit_btn, self.reset_btn] + self.step_btns, layer=5)

    def _place_steppers(self, g: Space, cell, pad) -> pygame.Rect:
        """The group's − / + buttons at the right end of its cell; returns what is left for it."""
        mine = [b for b in self.step_btns if b.id[1] == g.id]
        if not mine:
            return cell
        bh = max(12, min(int(cell.height * 0.62), cell.width // 12))
        x = cell.right
        for b in reversed(mine):          # per sort: − (its colour between) +
            x -= bh
            b.rect = pygame.Rect(x, cell.centery - bh // 2, bh, bh)
            x -= bh if b.id[0] > 0 else pad
        return pygame.Rect(cell.x, cell.y, max(1, x - cell.x), cell.height)

    def step(self, sign: int, gid, sort) -> bool:
        """+1: the last unit of `sort` at home joins group gid; -1: its last one goes home."""
        g = next(x for x in self.groups if x.id == gid)
        if sign > 0:
            u = next((u for sp in self.sources for u in reversed(sp.occupants) if u.sort == sort), None)
            return u is not None and self.move(u, g)
        u = next((u for u in reversed(g.occupants) if u.sort == sort), None)
        return u is not None and self.move(u, self.home(u))
    # -- hit protocol (the tray as one item of a table's stack) -------------------------------
    @property
    def bounds(self):
        return self.rect

    def tooltip(self):
        h = self.pointer.hover
        return h.tooltip() if h is not None and h is not self else None

    # -- input --------------------------------------------------------------------------------
    def wants(self, e) -> bool:
        """Should this event reach the tray before the rest of the table? While a unit is
        pressed or carried, for pointer events over it, and for its keys."""
        if self.submitted:
            return False
        if self.pointer.drag is not None or self.pointer.press is not None:
            return True
        if e.type == pygame.KEYDOWN:
            return e.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE)
        pos = getattr(e, "pos", None)
        return pos is not None and self.rect.collidepoint(pos)

    def handle_event(self, e) -> bool:
        if self.submitted:
            return False
        if e.type == pygame.KEYDOWN:
            if e.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.submit()
            if e.key == pygame.K_BACKSPACE:
                self.reset()
                return True
        if e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(e, "button", 1) != 1:
            return self.rect.collidepoint(e.pos)
        if e.type in (pygame.MOUSEBUTTONDOWN,) and not self.rect.collidepoint(e.pos):
            return False
        return self.pointer.handle_event(e)

    def _click(self, item, pos) -> None:
        if item is self.submit_btn:
            self.submit()
        elif item is self.reset_btn:
            self.reset()
        elif item in self.step_btns:
            self.step(item.id[0], item.id[1], item.id[2])
        elif isinstance(item, Unit):
            sp = self.where(item)
            if sp in self.groups:
                self.move(item, self.home(item))
            elif self.steppers:           # the last of its sort goes: the ones before stay put
                self.step(1, self.active.id if self.active.accepts(item) else
                          next((g.id for g in self.groups if g.accepts(item)), self.active.id), item.sort)
            else:
                dst = self.active if self.active.accepts(item) else \
                    next((g for g in self.groups if g.accepts(item)), None)
                if dst is not None:
                    self.move(item, dst)
        elif item in self.groups:
            self.active = item

    def _drag_start(self, d) -> bool:
        u = d.item
        if not isinstance(u, Unit):
            return False
        for tw in self.anim.tweens:
            if tw.tag == ("piece", id(u)):
                tw.done = True
        u.layer = 4
        return True

    def _drag_move(self, d) -> None:
        u = d.item
        u.pos = (d.pos[0] + d.offset[0], d.pos[1] + d.offset[1])

    def _drop(self, payload, target, pos, d) -> None:
        u = payload
        u.layer = 3
        here = self.where(u)
        if target is None and here in self.groups and here.rect.collidepoint(pos):
            target = here                     # dropped inside its own group: a new place in the order
        index = target.nearest_slot(pos) if (self.ordered and target in self.groups) else None
        if target is None or not self.move(u, target, index):
            sp = self.where(u)
            if sp is not None:
                pts = sp.slots()
                i = sp.occupants.index(u)
                u.glide(self.anim, pts[i], 0.3, ease=ease_out_back)

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        if self._own_anim:
            self.anim.update(dt)

    def draw(self, surf) -> None:
        gfx = self.gfx
        r = self.rect
        rad = max(6, min(r.size) // 30)
        surf.blit(gfx.panel(r.width, r.height, fill=(20, 14, 18), border=style.GOLD, radius=rad, width=2,
                            alpha=240, inner=(70, 50, 30)), r.topleft)
        if self.label and self.head.height > 4:
            t = gfx.fit_text(self.label, max(12, int(self.head.height * 0.8)), self.head.width, style.GOLD_BRIGHT,
                             bold=True, serif=True)
            surf.blit(t, t.get_rect(midleft=(self.head.x, self.head.centery)))
        d = self.pointer.drag
        carried = d.payload if d is not None else None
        for sp in self.sources + self.groups:
            state = sp.drop_state(carried, over=d.over is sp) if d is not None else IDLE
            occ, sp.occupants = sp.occupants, [u for u in sp.occupants if u is not carried]
            sp.draw(surf, gfx, self.renderer, state=state, t=self.t, draw_piece=self.draw_unit)
            sp.occupants = occ
            if sp is self.active and not self.submitted and len(self.groups) > 1:
                pygame.draw.rect(surf, style.GOLD_BRIGHT, sp.rect.inflate(6, 6), 2, border_radius=max(4, rad))
            if sp in self.groups:
                self._draw_summary(surf, sp)
        if carried is not None:
            r0 = carried.size
            if self.draw_unit is not None:
                self.draw_unit(surf, carried, carried.pos, r0 * 1.1)
            else:
                self.renderer.draw(surf, carried, carried.pos, r0 * 1.1, show_name=False)
        # foot: the message and the buttons
        err = self.error()
        if err:
            size = max(12, int(self.foot.height * 0.3))
            m = gfx.fit_text(err, size, self.reset_btn.rect.x - self.foot.x - 8, style.TEXT_DIM, min_size=10)
            surf.blit(m, m.get_rect(midleft=(self.foot.x, self.reset_btn.rect.centery)))
        self.submit_btn.enabled = self.can_submit()
        self.reset_btn.enabled = not self.submitted and any(g.occupants for g in self.groups)
        for b, primary in ((self.reset_btn, False), (self.submit_btn, True)):
            self._draw_button(surf, b, primary)
        self._draw_steppers(surf)

    def _draw_steppers(self, surf) -> None:
        for b in self.step_btns:
            sign, gid, sort = b.id
            g = next(x for x in self.groups if x.id == gid)
            have = any(u.sort == sort for u in g.occupants) if sign < 0 else \
                any(u.sort == sort for sp in self.sources for u in sp.occupants)
            b.enabled = have and not self.submitted
            self._draw_button(surf, b, False)
            if sign < 0:                  # the sort's colour between its − and +
                col = self.sort_colors.get(sort) or next((u.color for u in self.units.values() if u.sort == sort),
                                                         style.TEXT)
                c = (b.rect.right + b.rect.width // 2, b.rect.centery)
                pygame.draw.circle(surf, col, c, max(3, b.rect.height // 3))
                pygame.draw.circle(surf, (0, 0, 0), c, max(3, b.rect.height // 3), 1)

    def _draw_summary(self, surf, g: Space) -> None:
        """Per sort in a group, in its footer: a small token and its number (the group's
        size at a glance), centred; shrunk to fit a narrow group."""
        c: dict = {}
        for u in g.occupants:
            c[u.sort] = c.get(u.sort, 0) + 1
        ft = g.footer()
        if not c or ft.height < 6:
            return
        size = max(10, int(ft.height * 0.62))
        parts = []
        for sort, n in sorted(c.items()):
            col = self.sort_colors.get(sort) or next(u.color for u in g.occupants if u.sort == sort)
            parts.append((col, self.gfx.text(f"×{n}", size, style.TEXT, bold=True)))
        gap = size // 2
        total = sum(size + 2 + t.get_width() for _c, t in parts) + gap * (len(parts) - 1)
        line = pygame.Surface((max(1, total), max(size, max(t.get_height() for _c, t in parts))), pygame.SRCALPHA)
        x = 0
        cy = line.get_height() // 2
        for col, t in parts:
            pygame.draw.circle(line, col, (x + size // 2, cy), size // 2)
            pygame.draw.circle(line, (0, 0, 0), (x + size // 2, cy), size // 2, 1)
            x += size + 2
            line.blit(t, t.get_rect(midleft=(x, cy)))
            x += t.get_width() + gap
        room = ft.width - 8
        if line.get_width() > room:
            k = room / line.get_width()
            line = pygame.transform.smoothscale(line, (room, max(1, int(line.get_height() * k))))
        surf.blit(line, line.get_rect(center=(ft.centerx, ft.centery - 1)))

    def _draw_button(self, surf, b: _Button, primary: bool) -> None:
        gfx = self.gfx
        r = b.rect
        hover = self.pointer.hover is b and b.enabled
        if not b.enabled:
            fill, border, col = (34, 30, 32), (70, 62, 56), (110, 100, 90)
        elif primary:
            fill, border, col = ((156, 34, 46) if hover else (120, 22, 34)), style.GOLD, style.TEXT
        else:
            fill, border, col = ((66, 44, 40) if hover else (40, 28, 30)), style.GOLD_DEEP, style.TEXT
        surf.blit(gfx.panel(r.width, r.height, fill=fill, border=border, radius=max(4, r.height // 4),
                            width=2, alpha=255), r.topleft)
        t = gfx.fit_text(b.label, max(12, int(r.height * 0.45)), max(r.width - 12, int(r.width * 0.8)), col,
                         bold=True, min_size=10)
        surf.blit(t, t.get_rect(center=r.center))
