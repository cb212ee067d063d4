"""hit.py: one protocol for everything under the pointer, a z-ordered stack, and a
Pointer that turns real pygame events into hover, click, drag and drop."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.hit import HitItem, HitStack, Interactive, Pointer, RectTarget, Wrap
from game.ui.table.pieces import Piece


pytestmark = pytest.mark.usefixtures("display")


def feed(handler, events) -> list[bool]:
    """Post real events to SDL's queue, read them back and hand them over."""
    pygame.event.clear()
    for ev in events:
        pygame.event.post(ev)
    return [handler(e) for e in pygame.event.get() if e.type in {ev.type for ev in events}]


def down(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos, button=1):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


class Token(HitItem):
    def __init__(self, name, rect, layer=0, payload=None):
        self.name = name
        self.rect = pygame.Rect(rect)
        self.layer = layer
        self.payload = payload

    @property
    def bounds(self):
        return self.rect

    def drag_payload(self):
        return self.payload

    def tooltip(self):
        return self.name


def test_kit_items_answer_the_protocol():
    assert isinstance(Piece("p"), Interactive)
    assert isinstance(RectTarget("seat", (0, 0, 10, 10)), Interactive)
    assert isinstance(Token("t", (0, 0, 1, 1)), Interactive)
    assert not isinstance(object(), Interactive)


def test_topmost_by_layer_then_by_order_added():
    st = HitStack()
    low = st.add(Token("low", (0, 0, 100, 100), layer=0))
    a = st.add(Token("a", (10, 10, 50, 50), layer=1))
    b = st.add(Token("b", (20, 20, 50, 50), layer=1))
    assert st.top((30, 30)) is b                     # same layer: the later one is on top
    assert st.top((12, 12)) is a
    assert st.top((90, 90)) is low
    assert st.top((500, 500)) is None
    assert st.all_at((30, 30)) == [b, a, low]
    st.add(a, layer=5)                               # re-adding raises it
    assert st.top((30, 30)) is a
    st.remove(a)
    assert st.top((30, 30)) is b and a not in st and len(st) == 2


def test_drop_target_asks_accepts_and_skips_the_dragged_item():
    st = HitStack()
    even = st.add(RectTarget("even", (0, 0, 100, 100), accept=lambda p: p % 2 == 0))
    odd = st.add(RectTarget("odd", (50, 0, 100, 100), accept=lambda p: p % 2 == 1, layer=1))
    assert st.drop_target((60, 10), 3) is odd
    assert st.drop_target((60, 10), 4) is even       # odd is on top but refuses 4
    assert st.drop_target((140, 10), 4) is None
    assert st.targets(4) == [even] and st.targets(3) == [odd]
    assert st.drop_target((60, 10), 3, exclude=odd) is None


def test_pointer_click_drag_drop_and_cancel_from_posted_events():
    st = HitStack()
    chip = st.add(Token("chip", (0, 0, 40, 40), layer=2, payload="coin"))
    plain = st.add(Token("plain", (200, 0, 40, 40)))
    slot = st.add(RectTarget("slot", (100, 100, 60, 60), accept=lambda p: p == "coin"))
    log = []
    ptr = Pointer(st, on_click=lambda i, pos: log.append(("click", i.name)),
                  on_drop=lambda payload, target, pos, d: log.append(("drop", payload, target and target.id)))
    # a click: press and release on the same item, no movement past the threshold
    feed(ptr.handle_event, [down((10, 10)), move((12, 11)), up((12, 11))])
    assert log == [("click", "chip")]
    # a drag onto an accepting slot
    log.clear()
    feed(ptr.handle_event, [down((10, 10)), move((60, 60)), move((120, 120))])
    assert ptr.drag is not None and ptr.drag.over is slot and ptr.drag.payload == "coin"
    feed(ptr.handle_event, [up((120, 120))])
    assert log == [("drop", "coin", "slot")] and ptr.drag is None
    # dropped on nothing: target None (the caller glides it home)
    log.clear()
    feed(ptr.handle_event, [down((10, 10)), move((400, 400)), up((400, 400))])
    assert log == [("drop", "coin", None)]
    # Esc cancels a drag
    log.clear()
    feed(ptr.handle_event, [down((10, 10)), move((120, 120)),
                            pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert log == [("drop", "coin", None)] and ptr.drag is None
    # an item with no payload is not dragged; moving off it before release is no click
    log.clear()
    feed(ptr.handle_event, [down((210, 10)), move((300, 300)), up((300, 300))])
    assert log == [] and ptr.drag is None
    # hover follows the pointer
    feed(ptr.handle_event, [move((210, 10))])
    assert ptr.hover is plain


def test_pointer_refused_drag_and_empty_ground_drag():
    st = HitStack()
    st.add(Token("chip", (0, 0, 40, 40), payload="x"))
    pans = []
    ptr = Pointer(st, on_drag_start=lambda d: False,
                  on_empty_drag=lambda start, pos, rel: pans.append(rel))
    feed(ptr.handle_event, [down((10, 10)), move((100, 100)), up((100, 100))])
    assert ptr.drag is None                              # the table said no
    feed(ptr.handle_event, [down((300, 300)), move((310, 300)), move((330, 305)), up((330, 305))])
    assert pans == [(10, 0), (20, 5)]


def test_wrap_makes_any_object_interactive():
    class Sprite:                                    # an old item with its own names
        def __init__(self):
            self.r = pygame.Rect(0, 0, 50, 50)

        def contains(self, pos):
            return (pos[0] - 25) ** 2 + (pos[1] - 25) ** 2 <= 25 ** 2
    sp = Sprite()
    st = HitStack()
    w = st.add(Wrap(sp, bounds=lambda: sp.r, hit=sp.contains, payload=lambda: sp, tip=lambda: "a card", layer=3))
    slot = st.add(Wrap("slot", bounds=lambda: (100, 0, 50, 50), accepts=lambda p: p is sp))
    assert isinstance(w, Interactive)
    assert st.top((25, 25)).obj is sp and st.top((2, 2)) is None        # round, not its rect
    assert w.tooltip() == "a card" and w.drag_payload() is sp and not w.accepts(sp)
    assert st.drop_target((120, 20), sp) is slot and slot.drag_payload() is None and slot.tooltip() is None
    got = []
    ptr = Pointer(st, on_drop=lambda payload, target, pos, d: got.append((payload, target.obj)))
    feed(ptr.handle_event, [down((25, 25)), move((60, 25)), move((120, 20)), up((120, 20))])
    assert got == [(sp, "slot")]
