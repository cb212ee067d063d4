"""The new kit pieces composed on a toy table: a Layout of regions, a Board in inches
with terrain, twenty pieces, line of sight and a piece carried with its ruler, action
spaces and a cage fed by one HitStack + Pointer, and a staging tray — at every window
size. `demo_surface(size)` renders it (the tests look at its geometry).

    python -m tests.ui.test_kit_demo shots      # PNGs of the demo at five sizes, in /tmp
    python -m tests.ui.test_kit_demo bench      # frame times of 20 pieces + LoS at 1920x1080
"""
from __future__ import annotations

import os
import random
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui.table import style
from game.ui.table.board import Board, RangeRing, Terrain
from game.ui.table.hit import HitStack, Pointer
from game.ui.table.pieces import Piece, PieceRenderer
from game.ui.table.regions import Layout, Region
from game.ui.table.spaces import IDLE, Space, transfer
from game.ui.table.staging import StagingTray, Unit

SIZES = [(1280, 720), (1920, 1080), (2560, 1440), (1024, 768), (2520, 1080)]

REGIONS = {
    "board": Region(0.0, 0.0, 0.66, 1.0, pad=0.012),
    "side": Region(1.0, 0.0, 0.34, 1.0, anchor="topright", max_w=0.75, pad=0.012),
    "spaces": Region(0.0, 0.0, 1.0, 0.36, parent="side"),
    "tray": Region(0.0, 1.0, 1.0, 0.6, anchor="bottomleft", parent="side"),
}

SEATS = [(190, 60, 50), (70, 110, 200)]
STATUSES = [("guard", "lit"), ("tired",), ("engaged",), ("hidden",), ("shrouded",), ("knocked_down",), ()]
TERRAIN = [
    Terrain([(10, 8), (17, 8), (17, 10), (10, 10)], height=3, label=None),
    Terrain([(21, 15), (27, 13), (29, 19), (23, 22)], kind="woods", blocks=False),
    Terrain([(5, 19), (9, 19), (9, 25), (5, 25)], height=1.5, kind="ruin"),
    Terrain([(27, 4), (31, 4), (31, 7), (27, 7)], height=6),
    Terrain([(14, 26), (19, 25), (20, 29), (15, 30)], kind="water", blocks=False),
]


class KitDemo:
    """A toy table: how a game's table composes the new pieces."""

    def __init__(self, size, gfx):
        self.lay = Layout(size, REGIONS)
        self.gfx = gfx
        self.renderer = PieceRenderer(gfx)
        self.board = Board(self.lay["board"], (36, 32), self.renderer, terrain=TERRAIN,
                           allowance=lambda p: 6.0, drag_rings=self._engagement, on_drop=self._moved)
        rng = random.Random(7)
        for i in range(20):
            self.board.add(Piece(f"m{i}", "mini" if i % 6 else "meeple", SEATS[i % 2], label=chr(65 + i),
                                 name=f"Figure {chr(65 + i)}", pos=(rng.uniform(2, 34), rng.uniform(2, 30)),
                                 size=0.5, facing=rng.uniform(0, 360), statuses=STATUSES[i % 7], owner=i % 2))
        self.board.los_from = self.board.pieces[0]
        self.board.los_targets = lambda p: p.owner != self.board.pieces[0].owner
        self.board.rings = [RangeRing(self.board.pieces[0].pos, 12, (120, 170, 230), '12"', dashed=True)]
        # spaces: three action spaces and a cage, side by side
        cells = self.lay.grid("spaces", 2, 2, gap=0.008)
        big = self.lay.u(0.03)
        self.spaces = [Space("inn", cells[0], capacity=1, label="Inn", max_radius=big),
                       Space("market", cells[1], capacity=2, label="Market", max_radius=big),
                       Space("guild", cells[2], capacity=3, label="Guild", max_radius=big),
                       Space("cage", cells[3], capacity=1, label="Cage", kind="cage", max_radius=big,
                             accept=lambda p: p.kind == "token")]
        self.workers = [Piece(f"w{i}", "meeple", SEATS[i % 2], owner=i % 2, mark=i % 2) for i in range(3)]
        self.spaces[1].put(self.workers[0])
        self.spaces[2].put(self.workers[1])
        self.spaces[0].put(self.workers[2])
        self.beast = Piece("beast", "token", (150, 90, 170), label="B")
        self.spaces[3].put(self.beast)
        self.stack = HitStack()
        self.stack.extend(self.spaces, layer=1)
        self.stack.extend(self.workers + [self.beast], layer=3)
        self.pointer = Pointer(self.stack, on_drop=self._dropped, on_drag_move=self._follow)
        units = ([Unit(f"imp{i}", "imp", "meeple", (120, 170, 90)) for i in range(6)]
                 + [Unit(f"gold{i}", "gold", "token", style.GOLD, label="1") for i in range(3)])
        self.tray = StagingTray.split(self.lay["tray"], units, 4, on_submit=lambda arr: ("plan", arr),
                                      renderer=self.renderer, gfx=gfx, label="Plan your groups",
                                      validate=lambda arr: None if any(arr.values()) else "Send a group")
        self.moves = []

    def _engagement(self, piece):
        return [RangeRing(p.pos, 1.0 + p.size + piece.size, style.BAD) for p in self.board.pieces
                if p.owner != piece.owner]

    def _moved(self, piece, point, target):
        self.moves.append((piece.id, point))
        return target is None

    def _follow(self, d):
        d.item.pos = (d.pos[0] + d.offset[0], d.pos[1] + d.offset[1])

    def _dropped(self, payload, target, pos, d):
        src = next(s for s in self.spaces if payload in s.occupants)
        if target is not None:
            transfer(payload, src, target)
        else:
            src.layout()

    # -- the table's three calls -------------------------------------------------------
    def handle_event(self, e) -> bool:
        if self.pointer.drag is None and self.board.wants(e) and self.board.handle_event(e):
            return True
        if self.pointer.drag is None and self.tray.wants(e) and self.tray.handle_event(e):
            return True
        return self.pointer.handle_event(e)

    def update(self, dt: float) -> None:
        self.board.update(dt)
        self.tray.update(dt)

    def draw(self, surf) -> None:
        surf.fill(style.INK)
        self.board.draw(surf)
        side = self.lay["side"]
        surf.blit(self.gfx.panel(side.width, side.height, fill=(18, 12, 16), border=style.GOLD_DEEP, radius=14,
                                 alpha=255), side.topleft)
        d = self.pointer.drag
        for sp in self.spaces:
            state = sp.drop_state(d.payload, over=d.over is sp) if d is not None else IDLE
            sp.draw(surf, self.gfx, self.renderer, state=state)
        if d is not None:
            self.renderer.draw(surf, d.item, d.item.pos, d.item.size * 1.1, show_name=False)
        self.tray.draw(surf)


def _post(handler, events):
    pygame.event.clear()
    for ev in events:
        pygame.event.post(ev)
    types = {ev.type for ev in events}
    for e in pygame.event.get():
        if e.type in types:
            handler(e)


def _mouse(kind, pos):
    pos = (int(pos[0]), int(pos[1]))
    if kind == "move":
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN if kind == "down" else pygame.MOUSEBUTTONUP,
                              pos=pos, button=1)


def _gfx():
    if not pygame.get_init():
        pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def demo_table(size, gfx=None) -> KitDemo:
    """The demo with a few things in hand: units in the tray, a worker carried over the
    Guild, a figure carried on the board with its ruler."""
    demo = KitDemo(size, gfx or _gfx())
    surf = pygame.Surface(size)
    demo.draw(surf)                                  # where everything is
    t = demo.tray
    for uid, g in (("imp0", 0), ("imp1", 0), ("gold0", 0), ("imp2", 1)):
        t.move(t.units[uid], t.groups[g])
    for _ in range(30):
        demo.update(0.05)
    demo.draw(surf)
    # two things in hand at once (only a picture can: a mouse has one button 1)
    w = demo.workers[2]
    _post(demo.pointer.handle_event, [_mouse("down", w.screen), _mouse("move", (w.screen[0] + 20, w.screen[1])),
                                      _mouse("move", demo.spaces[2].rect.center)])
    cam = demo.board.camera
    p = demo.board.pieces[3]
    s = cam.to_screen(p.pos)
    _post(demo.board.handle_event, [_mouse("down", s), _mouse("move", (s[0] + 10, s[1])),
                                    _mouse("move", (s[0] + 4.2 * cam.ppi, s[1] - 1.5 * cam.ppi))])
    return demo


def demo_surface(size) -> pygame.Surface:
    demo = demo_table(size)
    surf = pygame.Surface(size)
    demo.draw(surf)
    return surf


# -- tests ---------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def gfx():
    return _gfx()


@pytest.mark.parametrize("size", SIZES)
def test_the_demo_composes_without_overlaps_at_every_size(gfx, size):
    demo = demo_table(size, gfx)
    surf = pygame.Surface(size)
    demo.draw(surf)
    lay = demo.lay
    win = pygame.Rect((0, 0), size)
    assert not lay["board"].colliderect(lay["side"])
    assert not lay["spaces"].colliderect(lay["tray"])
    for sp in demo.spaces + demo.tray.sources + demo.tray.groups:
        assert win.contains(sp.rect)
    carried = demo.pointer.drag.item
    for sp in demo.spaces:
        for p in sp.occupants:
            assert p is carried or sp.rect.collidepoint(p.pos)
    # pieces keep their size relation to the board: a 1" base is 1 inch of the camera
    assert demo.board.pieces[1].screen_r == pytest.approx(0.5 * demo.board.camera.ppi, abs=0.5)
    # the carried figure shows its ruler, the carried worker lights the Guild
    dist, left = demo.board.ruler()
    assert dist == pytest.approx((4.2 ** 2 + 1.5 ** 2) ** 0.5, abs=0.1) and left == pytest.approx(6 - dist)
    assert demo.pointer.drag.over is demo.spaces[2]


def test_the_demo_routes_events_to_board_tray_and_spaces(gfx):
    demo = KitDemo((1920, 1080), gfx)
    surf = pygame.Surface((1920, 1080))
    demo.draw(surf)
    # a figure moved on the board
    cam = demo.board.camera
    p = demo.board.pieces[3]
    s = cam.to_screen(p.pos)
    to = (s[0] + 3 * cam.ppi, s[1])
    _post(demo.handle_event, [_mouse("down", s), _mouse("move", (s[0] + 10, s[1])), _mouse("move", to),
                              _mouse("up", to)])
    assert demo.moves and demo.moves[-1][0] == p.id and demo.board.carry is None
    # a worker from the Inn to the Guild, passing over the board's edge on the way
    w, guild = demo.workers[2], demo.spaces[2]
    _post(demo.handle_event, [_mouse("down", w.screen), _mouse("move", (w.screen[0] - 30, w.screen[1])),
                              _mouse("move", demo.lay["board"].midright), _mouse("move", guild.rect.center),
                              _mouse("up", guild.rect.center)])
    assert w in guild.occupants and len(guild.occupants) == 2 and demo.board.carry is None
    # an imp into the tray's second group, then Enter (the tray's key) submits the plan
    demo.draw(surf)
    imp = demo.tray.units["imp4"]
    g = demo.tray.groups[1]
    _post(demo.handle_event, [_mouse("down", imp.screen), _mouse("move", (imp.screen[0] + 12, imp.screen[1])),
                              _mouse("move", g.rect.center), _mouse("up", g.rect.center)])
    assert demo.tray.arrangement()[1] == ["imp4"]
    _post(demo.handle_event, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    assert demo.tray.submitted and demo.tray.result == ("plan", {0: [], 1: ["imp4"], 2: [], 3: []})


def test_random_input_never_breaks_the_pieces(gfx):
    """3,000 random pointer, wheel and key events: no exception, and every worker and
    unit is always in exactly one place, no space over its capacity."""
    rnd = random.Random(11)
    size = (1280, 720)
    demo = KitDemo(size, gfx)
    surf = pygame.Surface(size)
    held = False
    keys = [pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_ESCAPE, pygame.K_PLUS, pygame.K_MINUS, pygame.K_HOME,
            pygame.K_LEFT, pygame.K_UP]
    for i in range(3000):
        pos = (rnd.randrange(size[0]), rnd.randrange(size[1]))
        r = rnd.random()
        if r < 0.55:
            e = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))
        elif r < 0.72:
            held = not held
            e = pygame.event.Event(pygame.MOUSEBUTTONDOWN if held else pygame.MOUSEBUTTONUP, pos=pos, button=1)
        elif r < 0.8:
            e = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rnd.choice([3, 4, 5]))
        elif r < 0.9:
            y = rnd.choice([-1, 1])
            e = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
        else:
            e = pygame.event.Event(pygame.KEYDOWN, key=rnd.choice(keys), mod=0, unicode="")
        demo.handle_event(e)
        demo.update(0.016)
        if i % 50 == 0:
            demo.draw(surf)
        for sp in demo.spaces + demo.tray.sources + demo.tray.groups:
            assert sp.capacity is None or len(sp.occupants) <= sp.capacity
        for w in demo.workers:
            assert sum(w in sp.occupants for sp in demo.spaces) == 1
        for u in demo.tray.units.values():
            assert sum(u in sp.occupants for sp in demo.tray.sources + demo.tray.groups) == 1
    cam = demo.board.camera
    assert cam.min_ppi - 1e-9 <= cam.ppi <= cam.max_ppi + 1e-9


# -- scripts -------------------------------------------------------------------------------
def shots(folder="/tmp") -> list[str]:
    out = []
    for size in SIZES:
        path = os.path.join(folder, f"kit_demo_{size[0]}x{size[1]}.png")
        pygame.image.save(demo_surface(size), path)
        out.append(path)
    return out


def bench(frames: int = 400) -> dict:
    """Frame times of the board alone (20 pieces, LoS overlay, a ring) at 1920x1080:
    the eye moves every frame (the shadows are recomputed each time, the worst case)."""
    demo = KitDemo((1920, 1080), _gfx())
    board = demo.board
    board.set_rect(pygame.Rect(0, 0, 1920, 1080))
    surf = pygame.display.get_surface().copy() if pygame.display.get_surface().get_size() == (1920, 1080) \
        else pygame.Surface((1920, 1080))
    wall, cpu = [], []
    for i in range(frames):
        board.los_from = (2 + (i % 300) * 0.1, 3 + (i % 300) * 0.09)
        a, c = time.perf_counter(), time.thread_time()
        board.draw(surf)
        cpu.append(time.thread_time() - c)
        wall.append(time.perf_counter() - a)
    wall.sort()
    cpu.sort()

    def pct(xs, q):
        return round(xs[min(len(xs) - 1, int(q * len(xs)))] * 1000, 2)
    return {"frames": frames, "wall_p50_ms": pct(wall, 0.5), "wall_p95_ms": pct(wall, 0.95),
            "cpu_p50_ms": pct(cpu, 0.5), "cpu_p95_ms": pct(cpu, 0.95)}


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "shots"
    if what == "bench":
        print(bench())
    else:
        print("\n".join(shots()))
