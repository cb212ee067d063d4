"""A board in world units (inches): zoom about the pointer, pan by dragging empty
ground (or a piece that may not move now), pieces dragged with a live ruler and
dropped anywhere (the drop returns a world point), range rings, a line-of-sight
overlay against polygon obstacles, and terrain heights shown by shading.

    board = Board(lay["board"], (36, 36), renderer, terrain=[Terrain(pts, height=2)],
                  on_drop=lambda piece, point, target: rules_ok(piece, point),
                  allowance=lambda piece: 5.5)
    board.add(Piece("aldric", "mini", pos=(6, 30), size=0.5, facing=270))
    if board.wants(e) and board.handle_event(e): ...   # wheel zoom, drag pan, drag/drop pieces
    board.update(dt); board.draw(surf)
    board.rings = [RangeRing((6, 30), 12, colour, "12\"")]
    board.los_from = board.piece("aldric")  # shadows + lines to every other piece

`on_drop(piece, point, target)` gets the world point (clamped to the allowance when
`clamp=True`) and the piece dropped on, if any; return False and the piece glides
home (an illegal move), anything else and it stays (the events then move it for
real). `on_click(piece_or_None, point)` for plain clicks. `measure(a, b)` gives the
distance the ruler shows (default centre to centre; a game passes base edge to base
edge). `drag_rings(piece)` adds rings while a piece is carried (where an Engagement
would trigger). `route(piece, home, wanted) -> [points]` bends the move into a path
(it stops within 1" of a foe, goes round a wall): the piece follows its end, the ruler
draws the legs with inch ticks and measures their total length. `accept(payload)` lets
outside things (a chip, a card) be dropped on the board (`world_at(pos)` is the point).
Keys: + / - zoom, arrows pan, Home fits the board.

The geometry at the top (`segments_cross`, `point_in_polygon`, `segment_hits_polygon`,
`line_of_sight`, `shadow_quads`) is pure (no pygame) and unit-tested; a game's rules
keep their own geometry module — the overlay only shows it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.core.i18n import t

from . import style
from .hit import HitItem, HitStack, release_press
from .pieces import Piece, PieceRenderer
from .tween import Animator, ease_out_back

Point = tuple[float, float]
EPS = 1e-9


# ==========================================================================================
# pure geometry
# ==========================================================================================
def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(a: Point, b: Point, p: Point) -> bool:
    return (min(a[0], b[0]) - EPS <= p[0] <= max(a[0], b[0]) + EPS
            and min(a[1], b[1]) - EPS <= p[1] <= max(a[1], b[1]) + EPS)


def segments_cross(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    """Do segments p1p2 and q1q2 meet (touching counts)?"""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and \
            ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
        return True
    return ((abs(d1) <= EPS and _on_segment(q1, q2, p1)) or (abs(d2) <= EPS and _on_segment(q1, q2, p2))
            or (abs(d3) <= EPS and _on_segment(p1, p2, q1)) or (abs(d4) <= EPS and _on_segment(p1, p2, q2)))


def point_in_polygon(p: Point, poly) -> bool:
    """Even-odd rule; points on the boundary count as inside."""
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if abs(_orient(a, b, p)) <= EPS and _on_segment(a, b, p):
            return True
        if (a[1] > y) != (b[1] > y):
            xi = a[0] + (y - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if x < xi:
                inside = not inside
    return inside


def segment_hits_polygon(a: Point, b: Point, poly) -> bool:
    """Does segment ab cross or lie inside the polygon?"""
    n = len(poly)
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    if max(a[0], b[0]) < min(xs) or min(a[0], b[0]) > max(xs) or \
            max(a[1], b[1]) < min(ys) or min(a[1], b[1]) > max(ys):
        return False
    for i in range(n):
        if segments_cross(a, b, poly[i], poly[(i + 1) % n]):
            return True
    return point_in_polygon(a, poly)


@dataclass(frozen=True)
class Obstacle:
    """A polygon that may block sight: it blocks when taller than both eyes."""
    points: tuple
    height: float = math.inf


def line_of_sight(a: Point, b: Point, obstacles, eye: float = 0.0, target: float = 0.0) -> bool:
    """True when nothing blocks a→b: an obstacle blocks when the segment meets it, it is
    taller than both the eye and the target heights, and neither end stands inside it
    (a figure on top of a wall sees out of it). Symmetric in a and b."""
    top = max(eye, target)
    for ob in obstacles:
        pts = ob.points
        if ob.height <= top:
            continue
        if point_in_polygon(a, pts) or point_in_polygon(b, pts):
            continue
        if segment_hits_polygon(a, b, pts):
            return False
    return True


def shadow_quads(eye: Point, poly, far: float) -> list[list[Point]]:
    """The region hidden behind a polygon from `eye`, within `far` of the eye: one
    polygon per edge that faces the eye (the edge, then an arc at distance `far` back
    from b's direction to a's). Their union covers the shadow (and the polygon
    itself) for any simple polygon; none if the eye is inside."""
    if point_in_polygon(eye, poly):
        return []
    n = len(poly)
    area2 = sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1] for i in range(n))
    out = []
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        # the eye is outside this edge (on the side its outward normal points to)
        side = _orient(a, b, eye)
        if (side < 0) if area2 > 0 else (side > 0):
            # the far side follows an arc: a straight chord would cut the wedge short
            # when the edge is seen almost end-on (up to 180° wide)
            a0 = math.atan2(a[1] - eye[1], a[0] - eye[0])
            a1 = math.atan2(b[1] - eye[1], b[0] - eye[0])
            span = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
            k = max(1, math.ceil(abs(span) / (math.pi / 8)))
            arc = [(eye[0] + far * math.cos(a0 + span * j / k), eye[1] + far * math.sin(a0 + span * j / k))
                   for j in range(k, -1, -1)]
            out.append([a, b] + arc)
    return out


def clamp_reach(origin: Point, point: Point, reach: float) -> Point:
    """`point`, pulled back along the line from origin to at most `reach` away."""
    d = math.dist(origin, point)
    if d <= reach or d <= EPS:
        return point
    k = reach / d
    return (origin[0] + (point[0] - origin[0]) * k, origin[1] + (point[1] - origin[1]) * k)


# ==========================================================================================
# camera
# ==========================================================================================
class Camera:
    """World inches ↔ screen pixels inside `rect`: `ppi` pixels per inch, `origin` the
    world point at rect's top-left. Zoom is bounded between fitting the whole board and
    `max_fit` times that."""

    def __init__(self, rect, world_size, *, max_fit: float = 6.0, margin: float = 0.03):
        self.rect = pygame.Rect(rect)
        self.world = (float(world_size[0]), float(world_size[1]))
        self.margin = margin
        self.max_fit = max_fit
        self.fit()

    @property
    def min_ppi(self) -> float:
        m = 1.0 - 2 * self.margin
        return min(self.rect.width * m / self.world[0], self.rect.height * m / self.world[1])

    @property
    def max_ppi(self) -> float:
        return self.min_ppi * self.max_fit

    def fit(self) -> None:
        self.ppi = self.min_ppi
        self.origin = (self.world[0] / 2 - self.rect.width / 2 / self.ppi,
                       self.world[1] / 2 - self.rect.height / 2 / self.ppi)

    def set_rect(self, rect) -> None:
        """A new view rect (the window was resized): keep the zoom relative to fitting
        and the world point at the centre."""
        ratio = self.ppi / self.min_ppi
        centre = self.to_world(self.rect.center)
        self.rect = pygame.Rect(rect)
        self.ppi = self.min_ppi * ratio
        self.origin = (centre[0] - self.rect.width / 2 / self.ppi, centre[1] - self.rect.height / 2 / self.ppi)
        self.clamp()

    def to_screen(self, p) -> tuple[float, float]:
        return (self.rect.x + (p[0] - self.origin[0]) * self.ppi, self.rect.y + (p[1] - self.origin[1]) * self.ppi)

    def to_world(self, s) -> tuple[float, float]:
        return (self.origin[0] + (s[0] - self.rect.x) / self.ppi, self.origin[1] + (s[1] - self.rect.y) / self.ppi)

    def zoom_at(self, pos, factor: float) -> None:
        """Zoom keeping the world point under `pos` under it."""
        w = self.to_world(pos)
        self.ppi = max(self.min_ppi, min(self.max_ppi, self.ppi * factor))
        self.origin = (w[0] - (pos[0] - self.rect.x) / self.ppi, w[1] - (pos[1] - self.rect.y) / self.ppi)
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        """Move the view by a screen delta (the ground follows the pointer)."""
        self.origin = (self.origin[0] - dx / self.ppi, self.origin[1] - dy / self.ppi)
        self.clamp()

    def clamp(self) -> None:
        """Keep the board in view (zoomed out: all of it; zoomed in: it fills the view
        but for a tenth of it)."""
        vw, vh = self.rect.width / self.ppi, self.rect.height / self.ppi
        ox, oy = self.origin

        def lim(o, v, w):
            if v >= w:                       # the whole board fits: keep all of it in view
                return max(w - v, min(0.0, o))
            return max(-0.1 * v, min(w - 0.9 * v, o))   # zoomed in: at most a tenth of the view off the edge
        self.origin = (lim(ox, vw, self.world[0]), lim(oy, vh, self.world[1]))

    def key(self) -> tuple:
        return (round(self.ppi, 4), round(self.origin[0], 4), round(self.origin[1], 4), tuple(self.rect))


# ==========================================================================================
# terrain and overlays
# ==========================================================================================
TERRAIN_LOOK = {
    # kind: (fill, edge)
    "block": ((92, 80, 74), (196, 176, 140)),
    "woods": ((40, 70, 44), (110, 150, 96)),
    "ruin": ((84, 72, 66), (170, 150, 120)),
    "water": ((28, 52, 80), (90, 140, 190)),
    "open": ((60, 54, 44), (120, 108, 84)),
}


@dataclass
class Terrain:
    """A polygon on the board (world inches). Height in inches (0 = flat); `blocks`
    says whether the LoS overlay treats it as an obstacle."""
    points: list
    height: float = 0.0
    kind: str = "block"
    blocks: bool = True
    label: str | None = None

    def obstacle(self) -> Obstacle:
        return Obstacle(tuple(tuple(map(float, p)) for p in self.points),
                        self.height if self.height > 0 else math.inf)


@dataclass
class RangeRing:
    center: Point
    radius: float
    color: tuple = style.GOLD
    label: str | None = None
    dashed: bool = False


@dataclass
class _Carry:
    piece: Piece
    home: Point
    grab: Point                       # world offset of the press from the piece centre
    reach: float | None
    point: Point = (0.0, 0.0)
    target: Piece | None = None
    extra_rings: list = field(default_factory=list)
    path: list = field(default_factory=list)       # home ... point (a straight line without a route)


def _dashed_circle(surf, color, c, r: float, width: int, dash: float) -> None:
    if r < 2:
        return
    n = max(12, int(2 * math.pi * r / max(2.0, dash)))
    if n % 2:
        n += 1
    for i in range(0, n, 2):
        a0, a1 = 2 * math.pi * i / n, 2 * math.pi * (i + 1) / n
        pygame.draw.arc(surf, color, pygame.Rect(c[0] - r, c[1] - r, 2 * r, 2 * r), -a1, -a0, width)


def _dashed_line(surf, color, a, b, width: int, dash: float) -> None:
    d = math.dist(a, b)
    if d < 1:
        return
    n = max(1, int(d / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        pygame.draw.line(surf, color, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)


class Board(HitItem):
    """A measured table. See the module docstring."""
    layer = 0
    shadow_rgba = (8, 6, 20, 150)         # the line-of-sight shadows behind blocking terrain

    def __init__(self, rect, world_size, renderer: PieceRenderer, *, terrain=(), grid: float = 1.0,
                 on_drop: Callable | None = None, on_click: Callable | None = None,
                 allowance: Callable[[Piece], float | None] | None = None, measure: Callable | None = None,
                 drag_rings: Callable[[Piece], list] | None = None, clamp: bool = False,
                 route: Callable[[Piece, Point, Point], list] | None = None,
                 accept: Callable[[object], bool] | None = None,
                 animator: Animator | None = None, unit: str = "\"", threshold_frac: float = 0.006,
                 max_fit: float = 6.0):
        self.camera = Camera(rect, world_size, max_fit=max_fit)
        self.renderer = renderer
        self.gfx = renderer.gfx
        self.terrain = list(terrain)
        self.grid = grid
        self.on_drop = on_drop
        self.on_click = on_click
        self.allowance = allowance
        self.measure = measure or math.dist
        self.drag_rings = drag_rings
        self.clamp = clamp
        self.route = route
        self.accept = accept
        self.anim = animator if animator is not None else Animator()
        self._own_anim = animator is None
        self.unit = unit
        self.threshold = max(3, int(threshold_frac * min(self.camera.rect.size)))
        self.pieces: list[Piece] = []
        self.stack = HitStack()
        self.rings: list[RangeRing] = []
        self.los_from: Piece | Point | None = None
        self.los_eye: float = 0.0
        self.los_targets: Callable[[Piece], bool] | None = None   # which pieces get a sight line
        self.selected: Piece | None = None
        self.hover: Piece | None = None
        self.carry: _Carry | None = None
        self.press: tuple | None = None       # (piece or None, screen pos)
        self.panning = False
        self.pointer = (-1, -1)
        self._ground: pygame.Surface | None = None
        self._ground_key = None
        self._ground_off = (0, 0)
        self._shade: pygame.Surface | None = None
        self._shade_key = None
        self._shaded: pygame.Surface | None = None      # the ground with the shadows blended in
        self._shaded_key = None
        self._lines: tuple | None = None                # (key, sightlines) of the last frame
        self._obstacles = None

    # -- hit protocol (the board as one item of a table's stack) ---------------------
    @property
    def rect(self) -> pygame.Rect:
        return self.camera.rect

    @property
    def bounds(self) -> pygame.Rect:
        return self.camera.rect

    def hit(self, pos) -> bool:
        return self.camera.rect.collidepoint(pos)

    def tooltip(self) -> str | None:
        return self.hover.tooltip() if self.hover is not None else None

    def piece_at(self, pos) -> Piece | None:
        return self.stack.top(pos)

    def accepts(self, payload) -> bool:
        """Things from outside the board (a chip, a card) dropped on it: ask `accept`;
        the table then reads the point with `world_at(pos)`."""
        return self.accept is not None and self.accept(payload)

    def world_at(self, pos) -> Point:
        return self.camera.to_world(pos)

    # -- pieces ------------------------------------------------------------------------
    def add(self, piece: Piece) -> Piece:
        self.pieces.append(piece)
        self.stack.add(piece)
        self._place(piece)
        return piece

    def remove(self, piece: Piece) -> None:
        """Take a piece off (a casualty): whatever pointed at it lets go."""
        self.pieces = [p for p in self.pieces if p is not piece]
        self.stack.remove(piece)
        if self.carry is not None and self.carry.piece is piece:
            self.carry = None
        if self.press is not None and self.press[0] is piece:
            self.press = None
        if self.selected is piece:
            self.selected = None
        if self.hover is piece:
            self.hover = None
        if self.los_from is piece:
            self.los_from = None

    def piece(self, pid) -> Piece | None:
        return next((p for p in self.pieces if p.id == pid), None)

    def set_terrain(self, terrain) -> None:
        self.terrain = list(terrain)
        self._ground_key = None
        self._obstacles = None

    def obstacles(self) -> list[Obstacle]:
        if self._obstacles is None:
            self._obstacles = [t.obstacle() for t in self.terrain if t.blocks]
        return self._obstacles

    def set_rect(self, rect) -> None:
        self.camera.set_rect(rect)
        self._ground_key = None
        self._place_all()

    def _place(self, p: Piece) -> None:
        """Record where p is drawn (so it answers hits before the first frame)."""
        p.screen = self.camera.to_screen(p.pos)
        p.screen_r = max(3.0, p.size * self.camera.ppi)

    def _place_all(self) -> None:
        for p in self.pieces:
            self._place(p)

    # -- input -------------------------------------------------------------------------
    def wants(self, e) -> bool:
        """Should this event reach the board before the rest of the table? Yes while it
        holds a press, a pan or a carried piece, and for pointer events over it."""
        if self.carry is not None or self.press is not None:
            return True
        if e.type == pygame.MOUSEWHEEL:
            return self.camera.rect.collidepoint(self.pointer)
        pos = getattr(e, "pos", None)
        return pos is not None and self.camera.rect.collidepoint(pos)

    def handle_event(self, e) -> bool:
        t = e.type
        cam = self.camera
        if t == pygame.MOUSEMOTION:
            return self._motion(e.pos)
        if t == pygame.MOUSEWHEEL:
            if not cam.rect.collidepoint(self.pointer):
                return False
            dy = getattr(e, "precise_y", 0.0) or e.y
            cam.zoom_at(self.pointer, 1.15 ** dy)
            self._place_all()
            return True
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(e, "button", 1) in (4, 5):
            return cam.rect.collidepoint(e.pos)         # the wheel, as legacy buttons: MOUSEWHEEL zooms
        if t == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1:
            if not cam.rect.collidepoint(e.pos):
                return False
            self.pointer = e.pos
            self._place_all()
            self.press = (self.stack.top(e.pos), e.pos)
            return True
        if t == pygame.MOUSEBUTTONUP and getattr(e, "button", 1) == 1:
            return self._release(e.pos)
        if t == pygame.KEYDOWN:
            return self._key(e)
        return False

    def _key(self, e) -> bool:
        cam = self.camera
        k = e.key
        step = min(cam.rect.size) * 0.1
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            cam.zoom_at(cam.rect.center, 1.25)
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            cam.zoom_at(cam.rect.center, 1 / 1.25)
        elif k == pygame.K_HOME:
            cam.fit()
        elif k == pygame.K_LEFT:
            cam.pan(step, 0)
        elif k == pygame.K_RIGHT:
            cam.pan(-step, 0)
        elif k == pygame.K_UP:
            cam.pan(0, step)
        elif k == pygame.K_DOWN:
            cam.pan(0, -step)
        elif k == pygame.K_ESCAPE and self.carry is not None:
            self._glide_home(self.carry)
            self.carry = None
            self.press = None
        else:
            return False
        self._place_all()
        return True

    def _motion(self, pos) -> bool:
        last = self.pointer
        self.pointer = pos
        cam = self.camera
        if self.carry is not None:
            self._carry_to(pos)
            return True
        if self.press is not None:
            item, p0 = self.press
            if self.panning:
                cam.pan(pos[0] - last[0], pos[1] - last[1])
                self._place_all()
                return True
            if math.dist(pos, p0) >= self.threshold:
                if item is not None and item.drag_payload() is not None:
                    self._start_carry(item, p0, pos)
                    return True
                # empty ground, or a piece that may not move now: the view pans
                self.panning = True
                cam.pan(pos[0] - p0[0], pos[1] - p0[1])
                self._place_all()
                return True
        if not cam.rect.collidepoint(pos):
            self.hover = None
            return False
        self.hover = self.stack.top(pos)
        return self.hover is not None

    def _start_carry(self, piece: Piece, p0, pos) -> None:
        self.press = None
        w0 = self.camera.to_world(p0)
        reach = self.allowance(piece) if self.allowance is not None else None
        c = _Carry(piece, piece.pos, (piece.pos[0] - w0[0], piece.pos[1] - w0[1]), reach)
        if self.drag_rings is not None:
            c.extra_rings = list(self.drag_rings(piece))
        for tw in self.anim.tweens:
            if tw.tag == ("piece", id(piece)):
                tw.done = True
        self.carry = c
        self._carry_to(pos)

    def _carry_to(self, pos) -> None:
        c = self.carry
        w = self.camera.to_world(pos)
        pt = (w[0] + c.grab[0], w[1] + c.grab[1])
        if self.route is not None:
            path = [tuple(map(float, q)) for q in self.route(c.piece, c.home, pt)] or [c.home]
            if path[0] != c.home:
                path.insert(0, c.home)
            pt = path[-1]
        else:
            if self.clamp and c.reach is not None:
                pt = clamp_reach(c.home, pt, c.reach)
            path = [c.home, pt]
        c.path = path
        c.point = pt
        c.piece.pos = pt
        self._place(c.piece)
        c.target = self.stack.top(pos, lambda i: i is not c.piece)

    def _release(self, pos) -> bool:
        self.pointer = pos
        if self.carry is not None:
            c = self.carry
            self._carry_to(pos)
            self.carry = None
            ok = self.on_drop(c.piece, c.point, c.target) if self.on_drop is not None else True
            if ok is False:
                self._glide_home(c)
            return True
        return release_press(self, lambda item: self._clicked(item, pos))

    def _clicked(self, item, pos) -> bool:
        if self.on_click is not None:
            self.on_click(item, self.camera.to_world(pos))
        if item is not None:
            self.selected = item if self.selected is not item else None
        return True

    def ruler(self) -> tuple[float, float | None] | None:
        """While a piece is carried: (distance measured, allowance left or None)."""
        c = self.carry
        if c is None:
            return None
        d = self._carry_length(c)
        return d, (None if c.reach is None else c.reach - d)

    def _carry_length(self, c: _Carry) -> float:
        """`measure(home, point)` in a straight line; along a route, the legs' lengths."""
        if self.route is None or len(c.path) <= 2:
            return self.measure(c.home, c.point)
        return sum(math.dist(c.path[i], c.path[i + 1]) for i in range(len(c.path) - 1))

    def _glide_home(self, c: _Carry) -> None:
        c.piece.glide(self.anim, c.home, 0.35, ease=ease_out_back)

    # -- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self._own_anim:
            self.anim.update(dt)

    def busy(self) -> bool:
        """A piece is still gliding (or, with its own animator, anything is playing)."""
        if self._own_anim and self.anim.busy():
            return True
        return any(not t.done and isinstance(t.tag, tuple) and t.tag[0] in ("piece", "turn") and t.tag[1] in
                   {id(p) for p in self.pieces} for t in self.anim.tweens)

    def draw(self, surf) -> None:
        cam = self.camera
        clip = surf.get_clip()
        surf.set_clip(cam.rect)
        if self.los_from is not None:
            surf.blit(self._shaded_ground(), cam.rect.topleft)      # rings included
        else:
            surf.blit(self._ground_layer(), cam.rect.topleft)
            for ring in self.rings:
                self._draw_ring(surf, ring)
        self.draw_under(surf)
        c = self.carry
        if c is not None:
            self._draw_carry_under(surf, c)
        lines = self.sightlines() if self.los_from is not None else []
        self._draw_sightlines(surf, lines, crosses=False)
        r = self.renderer
        ppi = cam.ppi
        for p in sorted(self.pieces, key=lambda q: (q is (c.piece if c else None), q.layer)):
            sx, sy = cam.to_screen(p.pos)
            hi = (c is not None and c.target is p) or p is self.selected
            r.draw(surf, p, (sx, sy), max(3.0, p.size * ppi), highlight=hi, show_name=ppi * p.size >= 9)
        self.draw_over(surf)
        self._draw_sightlines(surf, lines, crosses=True)
        if c is not None:
            self._draw_ruler(surf, c)
        surf.set_clip(clip)

    def draw_under(self, surf) -> None:
        """Over the ground, under the pieces (a game's lights and markers): nothing here;
        a game's board subclass draws there."""

    def draw_over(self, surf) -> None:
        """Over the pieces, under the sight crosses and the ruler (name plates): nothing here."""

    # ground: background, grid, terrain with heights; cached per camera
    def _ground_layer(self) -> pygame.Surface:
        """The ground under everything, cached. A pan at the same zoom scrolls the
        cached surface and paints only the strips that came into view."""
        cam = self.camera
        key = (round(cam.ppi, 6), cam.rect.size, len(self.terrain), id(self.terrain), self.grid)
        off = (round(cam.origin[0] * cam.ppi), round(cam.origin[1] * cam.ppi))
        g = self._ground
        w, h = cam.rect.size
        if g is None or key != self._ground_key:
            if g is None or g.get_size() != cam.rect.size:
                g = pygame.Surface(cam.rect.size)       # reused across zooms: a new one costs more than a paint
            self._paint_ground(g, off, g.get_rect())
            self._ground, self._ground_key, self._ground_off = g, key, off
            return g
        dx, dy = off[0] - self._ground_off[0], off[1] - self._ground_off[1]
        if dx or dy:
            if abs(dx) >= w or abs(dy) >= h:
                self._paint_ground(g, off, g.get_rect())
            else:
                g.scroll(-dx, -dy)
                if dx:
                    self._paint_ground(g, off, pygame.Rect(w - dx if dx > 0 else 0, 0, abs(dx), h))
                if dy:
                    self._paint_ground(g, off, pygame.Rect(0, h - dy if dy > 0 else 0, w, abs(dy)))
            self._ground_off = off
        return g

    def _paint_ground(self, s: pygame.Surface, off: tuple[int, int], clip: pygame.Rect) -> None:
        """Paint the ground inside `clip`, the world's pixel (0, 0) at -off."""
        cam = self.camera
        ppi = cam.ppi
        ox, oy = off
        s.set_clip(clip)
        s.fill(style.INK, clip)

        def sp(p):
            return (p[0] * ppi - ox, p[1] * ppi - oy)
        W, H = cam.world
        tl, br = sp((0, 0)), sp((W, H))
        table = pygame.Rect(round(tl[0]), round(tl[1]), round(br[0] - tl[0]), round(br[1] - tl[1]))
        pygame.draw.rect(s, (46, 40, 32), table)
        # grid: every `grid` inches, stronger every 6 (only the lines inside the clip)
        if self.grid and ppi * self.grid >= 6:
            n_x, n_y = int(W / self.grid + EPS), int(H / self.grid + EPS)
            i0 = max(0, int((clip.left + ox) / (ppi * self.grid)) - 1)
            i1 = min(n_x, int((clip.right + ox) / (ppi * self.grid)) + 1)
            for i in range(i0, i1 + 1):
                a, b = sp((i * self.grid, 0)), sp((i * self.grid, H))
                pygame.draw.line(s, (70, 62, 48) if i % 6 else (96, 84, 62), a, b, 1)
            j0 = max(0, int((clip.top + oy) / (ppi * self.grid)) - 1)
            j1 = min(n_y, int((clip.bottom + oy) / (ppi * self.grid)) + 1)
            for j in range(j0, j1 + 1):
                a, b = sp((0, j * self.grid)), sp((W, j * self.grid))
                pygame.draw.line(s, (70, 62, 48) if j % 6 else (96, 84, 62), a, b, 1)
        bw = max(1, int(ppi * 0.08))          # the edge as four bars (an outline rect clips badly)
        x, y, tw, th = table
        for bar in (pygame.Rect(x, y, tw, bw), pygame.Rect(x, y + th - bw, tw, bw),
                    pygame.Rect(x, y, bw, th), pygame.Rect(x + tw - bw, y, bw, th)):
            s.fill(style.GOLD_DEEP, bar.clip(clip))
        # terrain: low first; height lifts the polygon (a drop shadow) and lightens it
        for t in sorted(self.terrain, key=lambda t: t.height):
            pts = [sp(p) for p in t.points]
            lift = min(0.6, t.height * 0.12) * ppi
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs) + lift),
                              int(max(ys) - min(ys) + lift)).inflate(2 * int(ppi) + 6, 2 * int(ppi) + 6)
            if not box.colliderect(clip):
                continue
            fill, edge = TERRAIN_LOOK.get(t.kind, TERRAIN_LOOK["block"])
            if t.height > 0:
                pygame.draw.polygon(s, (14, 10, 10), [(x + lift * 0.7, y + lift) for x, y in pts])
            k = 1.0 + min(0.6, 0.12 * t.height)
            pygame.draw.polygon(s, tuple(min(255, int(v * k)) for v in fill), pts)
            if t.kind == "woods":
                self._hatch(s, pts, edge)
            pygame.draw.polygon(s, edge, pts, max(1, int(ppi * (0.05 + 0.03 * min(t.height, 4)))))
            tag = t.label or (f"{t.height:g}{self.unit}" if t.height > 0 else None)
            if tag and ppi >= 10:
                cx = sum(xs) / len(pts)
                cy = sum(ys) / len(pts)
                txt = self.gfx.outlined_text(tag, max(11, int(ppi * 0.45)), style.TEXT, (0, 0, 0), px=1)
                s.blit(txt, txt.get_rect(center=(round(cx), round(cy))))
        s.set_clip(None)

    def _table_rect(self) -> pygame.Rect:
        """The board's own area, in the view's local pixels."""
        cam = self.camera
        x0, y0 = (-cam.origin[0] * cam.ppi, -cam.origin[1] * cam.ppi)
        return pygame.Rect(round(x0), round(y0), round(cam.world[0] * cam.ppi), round(cam.world[1] * cam.ppi))

    def _hatch(self, s, pts, color) -> None:
        """Diagonal strokes clipped to the polygon (woods), drawn only where the surface's
        clip and the polygon meet; the strokes are fixed to the world, so a scrolled
        ground lines up with a fresh paint."""
        x0, y0 = math.floor(min(p[0] for p in pts)), math.floor(min(p[1] for p in pts))
        box = pygame.Rect(x0, y0, math.ceil(max(p[0] for p in pts)) - x0 + 2,
                          math.ceil(max(p[1] for p in pts)) - y0 + 2)
        area = box.clip(s.get_clip())
        if area.width <= 0 or area.height <= 0:
            return
        step = max(4, int(self.camera.ppi * 0.5))
        w, h = area.size
        mask = pygame.Surface(area.size, pygame.SRCALPHA)
        # lines x + y = const (local), phased on the polygon's box corner
        c = (box.x + box.bottom - area.x - area.y) % step
        while c < w + h:
            pygame.draw.line(mask, (*color, 90), (c - h, h), (c, 0), 1)
            c += step
        clipm = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.polygon(clipm, (255, 255, 255, 255), [(x - area.x, y - area.y) for x, y in pts])
        mask.blit(clipm, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(mask, area.topleft)

    # overlays --------------------------------------------------------------------------
    def _eye(self) -> Point | None:
        f = self.los_from
        if f is None:
            return None
        return f.pos if isinstance(f, Piece) else (float(f[0]), float(f[1]))

    def _shaded_ground(self) -> pygame.Surface:
        """The ground with the line-of-sight shadows already blended in, cached until the
        camera, the ground or the eye changes: one opaque blit a frame instead of a
        board-sized per-pixel-alpha blend (the overlay's cost, issue 15)."""
        g = self._ground_layer()
        self._draw_shadows(None)
        rings = tuple((r.center, r.radius, r.color, r.label, r.dashed) for r in self.rings)
        key = (self._shade_key, self._ground_key, self._ground_off, id(g), rings)
        if key != self._shaded_key or self._shaded is None:
            if self._shaded is None or self._shaded.get_size() != g.get_size():
                self._shaded = g.copy()
            else:
                self._shaded.blit(g, (0, 0))
            self._shaded.blit(self._shade, (0, 0))
            off = self.camera.rect.topleft
            for ring in self.rings:
                self._draw_ring(self._shaded, ring, off)
            self._shaded_key = key
        return self._shaded

    def _draw_shadows(self, surf) -> None:
        """Update the shadow layer for the current eye and camera; blit it on `surf` (None:
        only update it)."""
        cam = self.camera
        eye = self._eye()
        key = (cam.key(), round(eye[0], 3), round(eye[1], 3), self.los_eye, len(self.terrain))
        if key != self._shade_key or self._shade is None:
            rect = cam.rect
            if self._shade is None or self._shade.get_size() != rect.size:
                # per-pixel alpha: blits fast (a colour key plus surface alpha does not)
                self._shade = pygame.Surface(rect.size, pygame.SRCALPHA)
            sh = self._shade
            sh.fill((0, 0, 0, 0))
            sh.set_clip(self._table_rect())
            far = math.hypot(*cam.world) * 2
            ox, oy = rect.topleft
            ppi, (cx0, cy0) = cam.ppi, cam.origin
            for ob in self.obstacles():
                if ob.height <= self.los_eye:
                    continue
                for quad in shadow_quads(eye, ob.points, far):
                    pygame.draw.polygon(sh, self.shadow_rgba, [((x - cx0) * ppi, (y - cy0) * ppi) for x, y in quad])
            self._shade_key = key
        if surf is not None:
            surf.blit(self._shade, cam.rect.topleft)

    def sightlines(self) -> list[tuple[Piece, bool]]:
        """(piece, seen) for every other piece (those `los_targets` keeps), from `los_from`
        at height `los_eye`."""
        eye = self._eye()
        if eye is None:
            return []
        src = self.los_from if isinstance(self.los_from, Piece) else None
        keep = self.los_targets
        want = [p for p in self.pieces if p is not src and not p.hidden and (keep is None or keep(p))]
        # cached while the eye, the pieces and the terrain stay put (not recomputed every frame)
        key = (eye, self.los_eye, len(self.terrain), tuple((id(p), p.pos) for p in want))
        got = self._lines
        if got is not None and got[0] == key:
            return got[1]
        obs = self.obstacles()
        lines = [(p, line_of_sight(eye, p.pos, obs, self.los_eye)) for p in want]
        self._lines = (key, lines)
        return lines

    def _draw_sightlines(self, surf, lines, crosses: bool) -> None:
        """Lines under the pieces (solid: seen; dashed: blocked), crosses over the
        pieces that cannot be seen (colour never alone)."""
        if not lines:
            return
        cam = self.camera
        e = cam.to_screen(self._eye())
        width = max(1, int(cam.ppi * 0.06))
        for p, seen in lines:
            s = cam.to_screen(p.pos)
            if not crosses:
                if seen:
                    pygame.draw.line(surf, style.GOOD, e, s, width)
                else:
                    _dashed_line(surf, style.BAD, e, s, width, max(4.0, cam.ppi * 0.3))
            elif not seen:
                k = max(4, p.screen_r * 0.6)
                pygame.draw.line(surf, style.BAD, (s[0] - k, s[1] - k), (s[0] + k, s[1] + k), width + 2)
                pygame.draw.line(surf, style.BAD, (s[0] - k, s[1] + k), (s[0] + k, s[1] - k), width + 2)

    def _draw_ring(self, surf, ring: RangeRing, off=(0, 0)) -> None:
        """Draw a ring on `surf`, whose pixel (0, 0) is screen point `off`."""
        cam = self.camera
        c = cam.to_screen(ring.center)
        c = (c[0] - off[0], c[1] - off[1])
        r = ring.radius * cam.ppi
        w = max(1, int(cam.ppi * 0.06))
        if ring.dashed:
            _dashed_circle(surf, ring.color, c, r, w, max(6.0, cam.ppi * 0.4))
        else:
            pygame.draw.circle(surf, ring.color, (int(c[0]), int(c[1])), int(r), w)
        if ring.label:
            t = self.gfx.outlined_text(ring.label, max(12, int(cam.ppi * 0.42)), ring.color, (0, 0, 0), px=1)
            surf.blit(t, t.get_rect(midbottom=(int(c[0]), int(c[1] - r - 2))))

    def _draw_carry_under(self, surf, c: _Carry) -> None:
        cam = self.camera
        # the ghost at home, the reach and any rings the game adds while carrying
        if c.reach is not None:
            self._draw_ring(surf, RangeRing(c.home, c.reach, style.GOLD_BRIGHT, None, True))
        for ring in c.extra_rings:
            self._draw_ring(surf, ring)
        self.renderer.draw(surf, Piece("ghost", c.piece.kind, c.piece.color, label=c.piece.label,
                                       size=c.piece.size, facing=c.piece.facing),
                           cam.to_screen(c.home), max(3.0, c.piece.size * cam.ppi), show_name=False, alpha=90)

    def ruler_text(self, dist: float, reach: float | None) -> str:
        """The ruler's words in the current language: the distance, and what is left of
        the allowance or how much too far."""
        if reach is None:
            return t("table.ruler", dist=dist, unit=self.unit)
        if dist > reach + 1e-6:
            return t("table.ruler_over", dist=dist, over=dist - reach, unit=self.unit)
        return t("table.ruler_left", dist=dist, left=reach - dist, unit=self.unit)

    def _draw_ruler(self, surf, c: _Carry) -> None:
        cam = self.camera
        pts = [cam.to_screen(q) for q in (c.path if len(c.path) >= 2 else [c.home, c.point])]
        b = pts[-1]
        dist = self._carry_length(c)
        over = c.reach is not None and dist > c.reach + 1e-6
        col = style.BAD if over else style.GOLD_BRIGHT
        w = max(2, int(cam.ppi * 0.08))
        pygame.draw.lines(surf, (0, 0, 0), False, pts, w + 2)
        pygame.draw.lines(surf, col, False, pts, w)
        # inch ticks along the way
        if cam.ppi >= 8:
            k = max(3, int(cam.ppi * 0.15))
            walked, nxt = 0.0, 1.0
            world = c.path if len(c.path) >= 2 else [c.home, c.point]
            for i in range(len(world) - 1):
                leg = math.dist(world[i], world[i + 1])
                if leg <= EPS:
                    continue
                a0, a1 = pts[i], pts[i + 1]
                ux, uy = (a1[0] - a0[0]) / (leg * cam.ppi), (a1[1] - a0[1]) / (leg * cam.ppi)
                while nxt <= walked + leg + EPS:
                    f = (nxt - walked) * cam.ppi
                    x, y = a0[0] + ux * f, a0[1] + uy * f
                    pygame.draw.line(surf, col, (x - uy * k, y + ux * k), (x + uy * k, y - ux * k), max(1, w // 2))
                    nxt += 1.0
                walked += leg
        text = self.ruler_text(dist, c.reach)
        size = max(13, int(min(cam.rect.size) * 0.022))
        t = self.gfx.outlined_text(text, size, col, (0, 0, 0), px=2)
        r = t.get_rect(midbottom=(int(b[0]), int(b[1] - c.piece.screen_r - size * 0.6)))
        r.clamp_ip(cam.rect)
        surf.blit(t, r)
