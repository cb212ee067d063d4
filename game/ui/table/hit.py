"""One protocol for everything a player can hover, click, drag or drop on — cards,
chips, pieces, dice, spaces, board points — and a stack that finds the topmost.

    class Interactive(Protocol):
        layer: int                       # higher is on top (ties: added later is on top)
        def hit(self, pos) -> bool       # exact shape test (a round base, a rotated card)
        @property
        def bounds(self) -> pygame.Rect  # screen rect (highlights, menus, tooltips)
        def tooltip(self) -> str | None
        def drag_payload(self)           # what a drag carries; None = not draggable
        def accepts(self, payload) -> bool   # may that payload be dropped here?

`HitItem` is a base class with the harmless defaults (not draggable, accepts nothing,
no tooltip). `HitStack` holds items in z-order:

    stack = HitStack()
    stack.add(space); stack.add(piece, layer=2)
    stack.top(pos)                        # topmost item under pos, or None
    stack.drop_target(pos, payload)       # topmost item under pos that accepts payload
    stack.targets(payload)                # every item that accepts it (to light them up)

`Pointer` turns real pygame events into hover / click / drag / drop on a HitStack,
with a press threshold, so pieces, spaces, staging trays and boards share one input
path (and tests post real MOUSE* events to it):

    ptr = Pointer(stack, on_click=..., on_drop=lambda payload, target, pos, drag: ...)
    ptr.handle_event(e)     # True when consumed; ptr.hover, ptr.drag (a Drag or None)

TableKit adopts it through items.py: every thing it shows (card, button, chip, number
picker, die, token stack, drop target, panel) has a handle there, an Interactive with
the kit's behaviours as methods (hover, click, choose, grab, carry, let_go, played,
glide_back, draw_loose); `items.top_at(kit, pos)` finds the topmost (menu, banner,
widgets, chronicle, cards by z, dice, token stacks: the kit's fixed z-order, asked of
each kind's `hits` before a handle is made, as the pointer crosses 150 cards at every
motion) and `kit.item_at` is that, then the places a game names (`targets_at`) and
target zones. `Board` and
`StagingTray` are Interactive containers: add them as one item each and hand them the
events they `wants(e)` first; they route their own insides. `Wrap` makes any other
object an Interactive through callables.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Protocol, runtime_checkable

import pygame


@runtime_checkable
class Interactive(Protocol):
    layer: int

    def hit(self, pos) -> bool: ...

    @property
    def bounds(self) -> pygame.Rect: ...

    def tooltip(self) -> str | None: ...

    def drag_payload(self) -> Any: ...

    def accepts(self, payload) -> bool: ...


class HitItem:
    """Defaults for the protocol: a rect, not draggable, accepts nothing."""
    layer = 0

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)

    def hit(self, pos) -> bool:
        return self.bounds.collidepoint(pos)

    def tooltip(self) -> str | None:
        return None

    def drag_payload(self) -> Any:
        return None

    def accepts(self, payload) -> bool:
        return False


class RectTarget(HitItem):
    """A plain rectangle that accepts what `accept(payload)` says (a seat, a tray slot)."""

    def __init__(self, tid, rect, accept: Callable[[Any], bool] | None = None,
                 tip: str | None = None, layer: int = 0):
        self.id = tid
        self.rect = pygame.Rect(rect)
        self.accept = accept
        self.tip = tip
        self.layer = layer

    @property
    def bounds(self) -> pygame.Rect:
        return self.rect

    def tooltip(self):
        return self.tip

    def accepts(self, payload) -> bool:
        return bool(self.accept and self.accept(payload))

    def __repr__(self):
        return f"RectTarget({self.id!r})"


class Wrap(HitItem):
    """Any object as an Interactive, through callables — for things that predate the
    protocol (a sprite, a token stack) while they are being moved onto it:

        Wrap(sprite, bounds=lambda: sprite.rect(), hit=sprite.contains, payload=lambda: sprite,
             accepts=lambda p: ..., tip=lambda: ..., layer=3)
    `obj` is what the stack answers with (`stack.top(pos).obj`)."""

    def __init__(self, obj, *, bounds: Callable[[], Any], hit: Callable[[Any], bool] | None = None,
                 payload: Callable[[], Any] | None = None, accepts: Callable[[Any], bool] | None = None,
                 tip: Callable[[], str | None] | None = None, layer: int = 0):
        self.obj = obj
        self._bounds = bounds
        self._hit = hit
        self._payload = payload
        self._accepts = accepts
        self._tip = tip
        self.layer = layer

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(self._bounds())

    def hit(self, pos) -> bool:
        return self._hit(pos) if self._hit is not None else self.bounds.collidepoint(pos)

    def tooltip(self):
        return self._tip() if self._tip is not None else None

    def drag_payload(self):
        return self._payload() if self._payload is not None else None

    def accepts(self, payload) -> bool:
        return bool(self._accepts(payload)) if self._accepts is not None else False

    def __repr__(self):
        return f"Wrap({self.obj!r})"


class HitStack:
    """Items in z-order. `top` answers the topmost under a point."""

    def __init__(self):
        self._items: list = []
        self._seq = 0
        self._order: dict[int, tuple] = {}

    def add(self, item, layer: int | None = None):
        if layer is not None:
            item.layer = layer
        if id(item) not in self._order:
            self._items.append(item)
        self._seq += 1
        self._order[id(item)] = (self._seq, item)
        return item

    def extend(self, items, layer: int | None = None) -> None:
        for it in items:
            self.add(it, layer)

    def remove(self, item) -> None:
        if id(item) in self._order:
            del self._order[id(item)]
            self._items = [i for i in self._items if i is not item]

    def clear(self) -> None:
        self._items.clear()
        self._order.clear()

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(self.ordered())

    def __contains__(self, item):
        return id(item) in self._order

    def ordered(self) -> list:
        """Topmost first."""
        return sorted(self._items, key=lambda i: (getattr(i, "layer", 0), self._order[id(i)][0]), reverse=True)

    def all_at(self, pos) -> list:
        return [i for i in self.ordered() if i.hit(pos)]

    def top(self, pos, where: Callable[[Any], bool] | None = None):
        for i in self.ordered():
            if i.hit(pos) and (where is None or where(i)):
                return i
        return None

    def drop_target(self, pos, payload, exclude=None):
        """The topmost item under pos that accepts payload (never `exclude`, the dragged item)."""
        return self.top(pos, lambda i: i is not exclude and i.accepts(payload))

    def targets(self, payload, exclude=None) -> list:
        return [i for i in self.ordered() if i is not exclude and i.accepts(payload)]


class Drag:
    """A drag in progress: what is carried, from which item, where the pointer is."""
    __slots__ = ("item", "payload", "start", "pos", "offset", "over")

    def __init__(self, item, payload, start, pos, offset):
        self.item = item
        self.payload = payload
        self.start = start
        self.pos = pos
        self.offset = offset          # item centre minus the press point
        self.over = None              # the accepting target under the pointer


def release_press(holder, clicked) -> bool:
    """The left button's release ends `holder`'s press (a Pointer's or a Board's `press`,
    an (item or None, start) pair, and `panning`): nothing pressed is not handled; a press
    that became a pan of the view just ends; else `clicked(item)` says whether it was
    handled."""
    if holder.press is None:
        return False
    item, _start = holder.press
    holder.press = None
    if holder.panning:
        holder.panning = False
        return True
    return clicked(item)


class Pointer:
    """Hover, click, drag and drop over a HitStack from pygame events.

    Callbacks (all optional):
      on_click(item, pos)                        press and release on the same item
      on_drag_start(drag) -> bool                return False to refuse the drag
      on_drag_move(drag)                         each motion while dragging
      on_drop(payload, target, pos, drag)        release; target None = dropped on nothing
      on_empty_drag(start, pos, rel)             a drag that began on no item (panning)
    """

    def __init__(self, stack: HitStack, *, threshold: float = 6.0, on_click=None, on_drag_start=None,
                 on_drag_move=None, on_drop=None, on_empty_drag=None):
        self.stack = stack
        self.threshold = threshold
        self.on_click = on_click
        self.on_drag_start = on_drag_start
        self.on_drag_move = on_drag_move
        self.on_drop = on_drop
        self.on_empty_drag = on_empty_drag
        self.hover = None
        self.press: tuple | None = None      # (item or None, pos)
        self.drag: Drag | None = None
        self.panning = False
        self.pos = (-1, -1)

    def handle_event(self, e) -> bool:
        t = e.type
        if t == pygame.MOUSEMOTION:
            return self._motion(e.pos, getattr(e, "rel", (0, 0)))
        if t == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1:
            self.pos = e.pos
            item = self.stack.top(e.pos)
            self.press = (item, e.pos)
            return item is not None or self.on_empty_drag is not None
        if t == pygame.MOUSEBUTTONUP and getattr(e, "button", 1) == 1:
            return self._release(e.pos)
        if t == pygame.KEYDOWN and e.key == pygame.K_ESCAPE and self.drag is not None:
            self.cancel()
            return True
        return False

    def _motion(self, pos, rel) -> bool:
        last = self.pos
        self.pos = pos
        if self.drag is not None:
            self.drag.pos = pos
            self.drag.over = self.stack.drop_target(pos, self.drag.payload, exclude=self.drag.item)
            if self.on_drag_move:
                self.on_drag_move(self.drag)
            return True
        if self.press is not None:
            item, p0 = self.press
            if self.panning:
                if self.on_empty_drag:
                    self.on_empty_drag(p0, pos, (pos[0] - last[0], pos[1] - last[1]))
                return True
            if math.hypot(pos[0] - p0[0], pos[1] - p0[1]) >= self.threshold:
                if item is None:
                    if self.on_empty_drag is not None:
                        self.panning = True
                        self.on_empty_drag(p0, pos, (pos[0] - p0[0], pos[1] - p0[1]))
                        return True
                else:
                    payload = item.drag_payload()
                    if payload is not None:
                        c = item.bounds.center
                        d = Drag(item, payload, p0, pos, (c[0] - p0[0], c[1] - p0[1]))
                        if self.on_drag_start is None or self.on_drag_start(d) is not False:
                            self.drag = d
                            self.press = None
                            d.over = self.stack.drop_target(pos, payload, exclude=item)
                            if self.on_drag_move:
                                self.on_drag_move(d)
                            return True
        self.hover = self.stack.top(pos)
        return self.hover is not None

    def _release(self, pos) -> bool:
        self.pos = pos
        if self.drag is not None:
            d = self.drag
            self.drag = None
            target = self.stack.drop_target(pos, d.payload, exclude=d.item)
            if self.on_drop:
                self.on_drop(d.payload, target, pos, d)
            return True
        return release_press(self, lambda item: self._clicked(item, pos))

    def _clicked(self, item, pos) -> bool:
        if item is not None and self.stack.top(pos) is item:
            if self.on_click:
                self.on_click(item, pos)
            return True
        return item is not None

    def cancel(self) -> None:
        d = self.drag
        self.drag = None
        self.press = None
        self.panning = False
        if d is not None and self.on_drop:
            self.on_drop(d.payload, None, self.pos, d)
