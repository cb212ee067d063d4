"""spaces.py: places with capacity that show who is there, refuse when full (with a
lock mark, not only a colour), light up for a droppable piece, and lay pieces out."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.hit import HitStack, Pointer
from game.ui.table.pieces import Piece, PieceRenderer
from game.ui.table.spaces import CAN, IDLE, OVER, REFUSE, Space, transfer
from game.ui.table.tween import Animator


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def feed(handler, events):
    pygame.event.clear()
    for ev in events:
        pygame.event.post(ev)
    types = {ev.type for ev in events}
    for e in pygame.event.get():
        if e.type in types:
            handler(e)


def ev(kind, pos, **kw):
    t = {"down": pygame.MOUSEBUTTONDOWN, "up": pygame.MOUSEBUTTONUP, "move": pygame.MOUSEMOTION}[kind]
    if kind == "move":
        kw.setdefault("rel", (0, 0))
        kw.setdefault("buttons", (1, 0, 0))
    else:
        kw.setdefault("button", 1)
    return pygame.event.Event(t, pos=(int(pos[0]), int(pos[1])), **kw)


def test_capacity_and_acceptance():
    sp = Space("market", (0, 0, 300, 120), capacity=2, label="Market", accept=lambda p: p.owner == 0)
    a, b, c = Piece("a", owner=0), Piece("b", owner=0), Piece("c", owner=0)
    foe = Piece("x", owner=1)
    assert sp.accepts(a) and not sp.accepts(foe) and not sp.accepts(None)
    sp.put(a)
    assert not sp.accepts(a)                                   # already there
    sp.put(b)
    assert sp.full() and sp.free() == 0 and sp.count_text() == "2/2"
    assert not sp.accepts(c)
    with pytest.raises(ValueError, match="full"):
        sp.put(c)
    assert sp.drop_state(c) == REFUSE and sp.drop_state(foe) == IDLE and sp.drop_state(None) == IDLE
    sp.take(a)
    assert sp.drop_state(c) == CAN and sp.drop_state(c, over=True) == OVER
    assert "Market (1/2)" in sp.tooltip()
    unlimited = Space("pool", (0, 0, 100, 100))
    for i in range(20):
        unlimited.put(Piece(i))
    assert unlimited.free() is None and not unlimited.full() and unlimited.count_text() == "20"


def test_slots_fit_inside_and_do_not_overlap():
    for rect, cap in [((0, 0, 400, 120), 3), ((0, 0, 120, 400), 5), ((10, 10, 200, 200), 9), ((0, 0, 90, 60), 1)]:
        sp = Space("s", rect, capacity=cap, label="L")
        pts = sp.slots()
        r = sp.slot_radius()
        assert len(pts) == cap and r > 0
        for i, (x, y) in enumerate(pts):
            assert sp.body().inflate(2, 2).contains(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
            for (x2, y2) in pts[i + 1:]:
                assert (x - x2) ** 2 + (y - y2) ** 2 >= (2 * r) ** 2 - 1e-6
    capped = Space("s", (0, 0, 400, 400), capacity=2, max_radius=10)
    assert capped.slot_radius() == 10


def test_put_take_and_transfer_glide_pieces_into_slots():
    anim = Animator()
    a_sp = Space("a", (0, 0, 300, 100), capacity=3)
    b_sp = Space("b", (0, 200, 300, 100), capacity=3)
    p, q = Piece("p", pos=(500, 500)), Piece("q")
    a_sp.put(p, anim)
    a_sp.put(q, anim)
    anim.update(0.05)
    assert p.pos != (500, 500) and p.pos != pytest.approx(a_sp.slots()[0])   # on its way
    for _ in range(30):
        anim.update(0.05)
    assert p.pos == pytest.approx(a_sp.slots()[0]) and q.pos == pytest.approx(a_sp.slots()[1])
    transfer(p, a_sp, b_sp, anim)
    for _ in range(30):
        anim.update(0.05)
    assert p in b_sp.occupants and p not in a_sp.occupants
    assert p.pos == pytest.approx(b_sp.slots()[0])
    assert q.pos == pytest.approx(a_sp.slots()[0])          # closed up


def test_drawn_states_differ_and_full_shows_a_lock(gfx):
    pr = PieceRenderer(gfx)
    sp = Space("s", (20, 20, 260, 120), capacity=1, label="Cage", kind="cage")
    shots = {}
    for state in (IDLE, CAN, OVER):
        surf = pygame.Surface((300, 180))
        sp.draw(surf, gfx, pr, state=state)
        shots[state] = pygame.image.tobytes(surf, "RGB")
    assert len(set(shots.values())) == 3
    empty = pygame.Surface((300, 180))
    sp.draw(empty, gfx, pr)
    sp.put(Piece("m", "token", (200, 80, 60)))
    full = pygame.Surface((300, 180))
    sp.draw(full, gfx, pr)
    # the lock sits left of the count badge in the header: those pixels change when full
    band = pygame.Rect(20 + 260 - 110, 20, 80, 30)
    assert pygame.image.tobytes(empty.subsurface(band), "RGB") != pygame.image.tobytes(full.subsurface(band), "RGB")
    with pytest.raises(ValueError, match="kind"):
        Space("s", (0, 0, 1, 1), kind="shelf")


def test_dragging_a_piece_onto_spaces_by_posted_events(gfx):
    """A table wires spaces and pieces through one HitStack and Pointer."""
    anim = Animator()
    home = Space("home", (0, 0, 200, 100), capacity=2)
    dest = Space("dest", (0, 300, 200, 100), capacity=1)
    a, b = Piece("a", size=20), Piece("b", size=20)
    home.put(a)
    home.put(b)
    pr = PieceRenderer(gfx)
    surf = pygame.Surface((400, 500))
    for sp in (home, dest):
        sp.draw(surf, gfx, pr)                  # records where the pieces are
    st = HitStack()
    st.extend([home, dest], layer=1)
    st.extend([a, b], layer=3)

    def drop(payload, target, pos, d):
        if target is not None:
            transfer(payload, home if payload in home.occupants else dest, target, anim)
    ptr = Pointer(st, on_drop=drop)
    feed(ptr.handle_event, [ev("down", a.screen), ev("move", (100, 200)), ev("move", dest.rect.center)])
    assert ptr.drag.over is dest and dest.drop_state(a, over=True) == OVER
    feed(ptr.handle_event, [ev("up", dest.rect.center)])
    assert dest.occupants == [a] and dest.full()
    for sp in (home, dest):
        sp.draw(surf, gfx, pr)
    # dest is full now: b's drag finds no target there
    feed(ptr.handle_event, [ev("down", b.screen), ev("move", (100, 200)), ev("move", dest.rect.center)])
    assert ptr.drag.over is None and dest.drop_state(b) == REFUSE
    feed(ptr.handle_event, [ev("up", dest.rect.center)])
    assert home.occupants == [b]


def test_insert_puts_a_piece_at_a_place_in_the_order():
    sp = Space("queue", (0, 0, 400, 100), capacity=3)
    a, b, c, d = (Piece(k) for k in "abcd")
    sp.put(a)
    sp.put(b)
    sp.insert(c, 0)
    assert [p.id for p in sp.occupants] == ["c", "a", "b"]
    sp.insert(b, 0)                                   # already there: moves
    assert [p.id for p in sp.occupants] == ["b", "c", "a"]
    with pytest.raises(ValueError, match="full"):
        sp.insert(d, 1)
    assert sp.nearest_slot(sp.slots()[2]) == 2 and sp.nearest_slot((-50, 50)) == 0
