"""Book of Ordeals geometry: pure functions over a Trial's map, in inches.

Nothing here knows about rules state: callers pass centres (x, y), the piece a character
stands on (`on`, an index into `Map.pieces`, or -1 on the ground) and the centres of the
other bases. Characters are round bases `base` across (1"); distances between characters
are measured base edge to base edge (BO-100).

- `los`      line of sight (BO-102, BO-196, BO-197): the segment between the two centres
             crossing no Blocking piece (unless either stands on that piece or on a higher
             one) and running at most `woods_los` inches inside woods in total. Symmetric.
- `in_cover` cover (BO-103): an Obstacle or Woods on the segment within `cover_range` of
             the target's base, or a Blocking piece across one of the two tangent lines.
- `hide_cover` "behind cover" for Hide (BO-137).
- `plan_path` the shortest path of straight segments for a Move on the ground (BO-130,
             BO-198): around Blocking pieces, gaps wider than `gap_jump` and other bases,
             over obstacles and narrow gaps, cut at the first point within `engage` of a Foe.
- `push_line` the 2" push (BO-132, BO-198): straight away from the winner, stopping at
             terrain, bases and the table edge.
- `fall_harm` Harm from a drop (BO-104).
"""
from __future__ import annotations

import heapq
import math
from typing import NamedTuple, Sequence

EPS = 1e-7


class Piece(NamedTuple):
    kind: str                 # open, obstacle, woods, blocking, gap
    poly: tuple               # ((x, y), ...)
    bbox: tuple               # (x0, y0, x1, y1)
    height: float
    ledges: tuple
    width: float
    name: str


def make_piece(kind, poly, height=0.0, ledges=(), width=0.0, name="") -> Piece:
    poly = tuple((float(x), float(y)) for x, y in poly)
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    return Piece(kind, poly, (min(xs), min(ys), max(xs), max(ys)), float(height),
                 tuple(sorted(float(h) for h in ledges)), float(width), name)


# ------------------------------------------------------------------ primitives
def dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def edge_dist(a, b, base: float = 1.0) -> float:
    """Base edge to base edge (BO-100); 0 when touching or overlapping."""
    return max(0.0, math.hypot(a[0] - b[0], a[1] - b[1]) - base)


def point_in_poly(p, poly) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    j = n - 1
    for i in range(n):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y):
            xc = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < xc:
                inside = not inside
        j = i
    return inside


def _pt_seg(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    L = dx * dx + dy * dy
    if L <= EPS:
        return math.hypot(p[0] - ax, p[1] - ay)
    t = ((p[0] - ax) * dx + (p[1] - ay) * dy) / L
    t = 0.0 if t < 0 else (1.0 if t > 1 else t)
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _cross(o, a, b) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segs_cross(a, b, c, d) -> bool:
    """Whether segments ab and cd intersect (touching counts)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > EPS and d2 < -EPS) or (d1 < -EPS and d2 > EPS)) and \
       ((d3 > EPS and d4 < -EPS) or (d3 < -EPS and d4 > EPS)):
        return True
    return (abs(d1) <= EPS and _pt_seg(a, c, d) <= 1e-6) or (abs(d2) <= EPS and _pt_seg(b, c, d) <= 1e-6) or \
           (abs(d3) <= EPS and _pt_seg(c, a, b) <= 1e-6) or (abs(d4) <= EPS and _pt_seg(d, a, b) <= 1e-6)


def _bbox_near(bbox, a, b, margin) -> bool:
    return not (max(a[0], b[0]) < bbox[0] - margin or min(a[0], b[0]) > bbox[2] + margin or
                max(a[1], b[1]) < bbox[1] - margin or min(a[1], b[1]) > bbox[3] + margin)


def seg_near_poly(a, b, piece: Piece, r: float) -> bool:
    """Whether segment ab comes closer than r to the polygon (or enters it)."""
    bb = piece.bbox
    ax, ay = a
    bx, by = b
    if (ax if ax > bx else bx) < bb[0] - r or (ax if ax < bx else bx) > bb[2] + r or \
            (ay if ay > by else by) < bb[1] - r or (ay if ay < by else by) > bb[3] + r:
        return False
    poly = piece.poly
    if point_in_poly(a, poly) or point_in_poly(b, poly):
        return True
    for i in range(len(poly)):
        c, d = poly[i - 1], poly[i]
        if segs_cross(a, b, c, d):
            return True
        if _pt_seg(a, c, d) < r or _pt_seg(b, c, d) < r or _pt_seg(c, a, b) < r or _pt_seg(d, a, b) < r:
            return True
    return False


def seg_hits_poly(a, b, piece: Piece) -> bool:
    """Whether segment ab touches or enters the polygon."""
    bb = piece.bbox
    ax, ay = a
    bx, by = b
    if (ax if ax > bx else bx) < bb[0] or (ax if ax < bx else bx) > bb[2] or \
            (ay if ay > by else by) < bb[1] or (ay if ay < by else by) > bb[3]:
        return False
    poly = piece.poly
    for i in range(len(poly)):
        if segs_cross(a, b, poly[i - 1], poly[i]):
            return True
    return point_in_poly(a, poly) or point_in_poly(b, poly)


def point_poly_dist(p, piece: Piece) -> float:
    """0 inside, else the distance to the nearest edge."""
    poly = piece.poly
    if point_in_poly(p, poly):
        return 0.0
    return min(_pt_seg(p, poly[i - 1], poly[i]) for i in range(len(poly)))


def length_inside(a, b, piece: Piece) -> float:
    """Length of segment ab inside the polygon."""
    if not _bbox_near(piece.bbox, a, b, 0.0):
        return 0.0
    poly = piece.poly
    dx, dy = b[0] - a[0], b[1] - a[1]
    ts = [0.0, 1.0]
    n = len(poly)
    for i in range(n):
        c, d = poly[i - 1], poly[i]
        ex, ey = d[0] - c[0], d[1] - c[1]
        den = dx * ey - dy * ex
        if abs(den) < 1e-12:
            continue
        t = ((c[0] - a[0]) * ey - (c[1] - a[1]) * ex) / den
        u = ((c[0] - a[0]) * dy - (c[1] - a[1]) * dx) / den
        if 0.0 < t < 1.0 and -1e-9 <= u <= 1 + 1e-9:
            ts.append(t)
    ts.sort()
    total = 0.0
    L = math.hypot(dx, dy)
    for t0, t1 in zip(ts, ts[1:]):
        if t1 - t0 <= 1e-12:
            continue
        tm = (t0 + t1) / 2
        if point_in_poly((a[0] + dx * tm, a[1] + dy * tm), poly):
            total += (t1 - t0) * L
    return total


# ------------------------------------------------------------------ the map
class Map:
    """A Trial's table: size and terrain pieces, plus the static visibility graph used
    for paths on the ground (built once per Trial)."""

    def __init__(self, size, pieces: Sequence[Piece], base=1.0, woods_los=3.0, cover_range=1.0,
                 gap_jump=2.0, engage=1.0):
        self.w, self.h = float(size[0]), float(size[1])
        self.pieces = tuple(pieces)
        self.base = base
        self.r = base / 2
        self._rt = self.r - 1e-6
        self.woods_los = woods_los
        self.cover_range = cover_range
        self.gap_jump = gap_jump
        self.engage = engage
        self.blocking = tuple(i for i, p in enumerate(self.pieces) if p.kind == "blocking")
        self.woods = tuple(i for i, p in enumerate(self.pieces) if p.kind == "woods")
        self.obstacles = tuple(i for i, p in enumerate(self.pieces) if p.kind == "obstacle")
        self.gaps = tuple(i for i, p in enumerate(self.pieces) if p.kind == "gap")
        # pieces a ground Move may not pass through: blocking and wide gaps
        self.walls = tuple(i for i, p in enumerate(self.pieces)
                           if p.kind == "blocking" or (p.kind == "gap" and p.width > gap_jump))
        self.wall_pieces = tuple(self.pieces[i] for i in self.walls)
        self.stand_block = tuple(self.pieces[i] for i in self.gaps + self.obstacles)
        self._cache: dict = {}
        self.nodes = self._nodes()
        self.graph = self._graph()

    # -- static visibility graph -----------------------------------------------------
    def _nodes(self):
        out = []
        pad = self.r + 0.03
        for i in self.walls:
            poly = self.pieces[i].poly
            n = len(poly)
            area = sum(poly[k][0] * poly[k - 1][1] - poly[k - 1][0] * poly[k][1] for k in range(n))
            sign = 1.0 if area < 0 else -1.0        # outward normal orientation
            for k in range(n):
                p0, p1, p2 = poly[k - 1], poly[k], poly[(k + 1) % n]
                n1 = _normal(p0, p1, sign)
                n2 = _normal(p1, p2, sign)
                bx, by = n1[0] + n2[0], n1[1] + n2[1]
                L = math.hypot(bx, by)
                if L < 1e-9:
                    continue
                cos_half = L / 2
                if cos_half < 0.2:
                    continue
                d = pad / cos_half
                q = (p1[0] + bx / L * d, p1[1] + by / L * d)
                if self.static_clear_point(q):
                    out.append(q)
        return tuple(out)

    def _graph(self):
        nodes = self.nodes
        g = {i: [] for i in range(len(nodes))}
        for i in range(len(nodes)):
            for j in range(i + 1, len(nodes)):
                if self.static_clear_seg(nodes[i], nodes[j]):
                    d = dist(nodes[i], nodes[j])
                    g[i].append((j, d))
                    g[j].append((i, d))
        return g

    # -- clearance -----------------------------------------------------------------
    def on_table(self, p) -> bool:
        r = self._rt
        return r <= p[0] <= self.w - r and r <= p[1] <= self.h - r

    def static_clear_point(self, p) -> bool:
        if not self.on_table(p):
            return False
        r = self.r - 1e-6
        x, y = p
        for pc in self.wall_pieces:
            bb = pc.bbox
            if bb[0] - r <= x <= bb[2] + r and bb[1] - r <= y <= bb[3] + r and point_poly_dist(p, pc) < r:
                return False
        return True

    def static_clear_seg(self, a, b) -> bool:
        if not (self.on_table(a) and self.on_table(b)):
            return False
        r = self.r - 1e-6
        for pc in self.wall_pieces:
            if seg_near_poly(a, b, pc, r):
                return False
        return True

    def bases_clear_seg(self, a, b, others) -> bool:
        lim = self.base - 1e-6
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        L = dx * dx + dy * dy
        lim2 = lim * lim
        for cx, cy in others:
            if L <= 1e-12:
                t = 0.0
            else:
                t = ((cx - ax) * dx + (cy - ay) * dy) / L
                t = 0.0 if t < 0 else (1.0 if t > 1 else t)
            ex, ey = cx - ax - t * dx, cy - ay - t * dy
            if ex * ex + ey * ey < lim2:
                return False
        return True

    def can_stand(self, p, others=(), on=-1) -> bool:
        """A legal resting place for a base centre: on the table, not in a wall, a gap
        or an obstacle, not overlapping another base (on = -1: on the ground)."""
        if on >= 0:
            return self.inside_top(p, on) and all(dist(p, c) >= self.base - 1e-6 for c in others)
        if not self.static_clear_point(p):
            return False
        x, y = p
        for pc in self.stand_block:
            bb = pc.bbox
            if bb[0] <= x <= bb[2] and bb[1] <= y <= bb[3] and point_in_poly(p, pc.poly):
                return False
        lim2 = (self.base - 1e-6) ** 2
        for cx, cy in others:
            if (cx - x) * (cx - x) + (cy - y) * (cy - y) < lim2:
                return False
        return True

    def inside_top(self, p, i) -> bool:
        pc = self.pieces[i]
        return point_in_poly(p, pc.poly)

    # -- queries -------------------------------------------------------------------
    def los(self, a, a_on, b, b_on, a_z=0.0, b_z=0.0) -> bool:
        """BO-102/196/197: symmetric line of sight between two centres."""
        top = max(a_z, b_z)
        for i in self.blocking:
            if i == a_on or i == b_on:
                continue
            pc = self.pieces[i]
            if top > pc.height:
                continue
            if seg_hits_poly(a, b, pc):
                return False
        if self.woods:
            total = 0.0
            for i in self.woods:
                total += length_inside(a, b, self.pieces[i])
                if total > self.woods_los + 1e-9:
                    return False
        return True

    def in_cover(self, att, att_on, tgt, tgt_on, att_z=0.0, tgt_z=0.0) -> bool:
        """BO-103 (with BO-196): is the target in cover from the attacker?"""
        L = dist(att, tgt)
        if L <= EPS:
            return False
        near = self.cover_range + self.r
        t0 = max(0.0, 1.0 - near / L)
        s = (att[0] + (tgt[0] - att[0]) * t0, att[1] + (tgt[1] - att[1]) * t0)
        for i in self.obstacles + self.woods:
            pc = self.pieces[i]
            if seg_hits_poly(s, tgt, pc):
                return True
        top = max(att_z, tgt_z)
        nx, ny = -(tgt[1] - att[1]) / L * self.r, (tgt[0] - att[0]) / L * self.r
        for sgn in (1.0, -1.0):
            a2 = (att[0] + sgn * nx, att[1] + sgn * ny)
            b2 = (tgt[0] + sgn * nx, tgt[1] + sgn * ny)
            for i in self.blocking:
                if i == att_on or i == tgt_on or top > self.pieces[i].height:
                    continue
                if seg_hits_poly(a2, b2, self.pieces[i]):
                    return True
        return False

    def hide_cover(self, p, on=-1, hide_range=1.0, contact=0.1) -> bool:
        """BO-137: within `hide_range` of an Obstacle, inside Woods, or in base contact
        with a Blocking piece (one's own top does not count)."""
        for i in self.obstacles:
            if point_poly_dist(p, self.pieces[i]) <= self.r + hide_range:
                return True
        for i in self.woods:
            if point_in_poly(p, self.pieces[i].poly):
                return True
        for i in self.blocking:
            if i == on:
                continue
            if point_poly_dist(p, self.pieces[i]) <= self.r + contact:
                return True
        return False

    def piece_at(self, p, kinds=("blocking",)) -> int:
        for i, pc in enumerate(self.pieces):
            if pc.kind in kinds and point_in_poly(p, pc.poly):
                return i
        return -1

    # -- paths ---------------------------------------------------------------------
    def plan_path(self, a, b, others=()) -> list | None:
        """Shortest ground path of straight segments from a to b avoiding walls and the
        other bases (centres in `others`), or None if b cannot be reached at all.
        Bases are added to the search only when the path found so far runs into them."""
        if not self.can_stand(b, others):
            return None
        if self.static_clear_seg(a, b) and self.bases_clear_seg(a, b, others):
            return [a, b]
        key = (a, b, tuple(others))
        hit = self._cache.get(key, False)
        if hit is not False:
            return hit
        involved: list = []
        path = None
        for _ in range(5):
            path = self._dijkstra(a, b, involved)
            if path is None:
                break
            bad = [c for c in others if c not in involved and
                   not all(self.bases_clear_seg(p, q, (c,)) for p, q in zip(path, path[1:]))]
            if not bad:
                break
            involved = involved + bad
            path = None
        if len(self._cache) > 4096:
            self._cache.clear()
        self._cache[key] = path
        return path

    def _dijkstra(self, a, b, others):
        nodes, graph = self.nodes, self.graph
        base_nodes = []
        rr = (self.base + 0.03) / math.cos(math.pi / 8)
        for c in others:
            for k in range(8):
                ang = k * math.pi / 4 + math.pi / 8
                q = (c[0] + rr * math.cos(ang), c[1] + rr * math.sin(ang))
                if self.static_clear_point(q) and all(dist(q, o) >= self.base for o in others):
                    base_nodes.append(q)
        n_static = len(nodes)
        pts = list(nodes) + base_nodes + [a, b]
        A, B = len(pts) - 2, len(pts) - 1
        cache: dict = {}

        def clear(i, j):
            key = (i, j) if i < j else (j, i)
            v = cache.get(key)
            if v is None:
                p, q = pts[i], pts[j]
                if i < n_static and j < n_static:
                    v = self.bases_clear_seg(p, q, others)
                else:
                    v = self.static_clear_seg(p, q) and self.bases_clear_seg(p, q, others)
                cache[key] = v
            return v

        npts = len(pts)

        def neighbours(i):
            if i < n_static:
                for j, d in graph[i]:
                    yield j, d
                for j in range(n_static, npts):
                    yield j, dist(pts[i], pts[j])
            else:
                for j in range(npts):
                    if j != i:
                        yield j, dist(pts[i], pts[j])

        best = {A: 0.0}
        prev = {}
        heap = [(dist(a, b), 0.0, A)]
        done = set()
        while heap:
            _, g, i = heapq.heappop(heap)
            if i in done:
                continue
            done.add(i)
            if i == B:
                out = [b]
                while i != A:
                    i = prev[i]
                    out.append(pts[i])
                return out[::-1]
            for j, d in neighbours(i):
                if j == A or j in done:
                    continue
                ng = g + d
                if ng >= best.get(j, math.inf) - 1e-12:
                    continue
                if not clear(i, j):
                    continue
                best[j] = ng
                prev[j] = i
                heapq.heappush(heap, (ng + dist(pts[j], b), ng, j))
        return None

    def stop_at_foes(self, path, foes, engage=None) -> tuple:
        """Walk the path; return (points, stopped): cut at the first point whose base edge is
        within `engage` of a Foe's base edge (BO-130, BO-198)."""
        reach = self.base + (self.engage if engage is None else engage) + 1e-9
        if not foes:
            return path, False
        out = [path[0]]
        for a, b in zip(path, path[1:]):
            t = _first_circle_hit(a, b, foes, reach)
            if t is not None:
                p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
                out.append(p)
                return out, True
            out.append(b)
        return out, False

    def push_line(self, start, away_from, length, others, on=-1, below=()) -> tuple:
        """BO-132/198: the end point of a push of `length` straight away from `away_from`,
        stopping at walls, at base contact with any character (`others`) and at the table
        edge. Returns (end, fell_off): fell_off is True when a base pushed from a top ends
        outside it (then `below`, the bases on the ground, must leave room to land)."""
        L = dist(start, away_from)
        if L <= EPS:
            return start, False
        ux, uy = (start[0] - away_from[0]) / L, (start[1] - away_from[1]) / L
        if on >= 0:
            return self._push_off_top(start, (ux, uy), length, others, on, below)
        end = start
        step = 0.1
        d = step
        while d <= length + 1.0 + 1e-9:
            p = (start[0] + ux * d, start[1] + uy * d)
            if not self.on_table(p) or any(dist(p, c) < self.base - 1e-6 for c in others):
                break
            if d > length + 1e-9 or not self.static_clear_point(p):
                break
            end = p
            d += step
        return end, False

    def _push_off_top(self, start, u, length, others, on, below) -> tuple:
        """A push of a base standing on top of piece `on`: the full `length` over the top
        and on through the air past its edge (stopped only by the table edge, another
        base or another piece), and it falls from where it lands (BO-132, BO-104). A base
        still hanging on the edge there slides on until it is clear (at most 1" more)."""
        step = 0.05

        def blocked(p):
            return not self.on_table(p) or any(dist(p, c) < self.base - 1e-6 for c in others) \
                or self._hits_wall(p, skip=on)

        end = last_top = start
        for k in range(1, int(round(length / step)) + 1):
            p = (start[0] + u[0] * k * step, start[1] + u[1] * k * step)
            if blocked(p):
                break
            end = p
            if self.inside_top(p, on):
                last_top = p
        if self.inside_top(end, on):
            return end, False
        for _ in range(int(round(1.0 / step))):
            if self._can_land(end, below):
                return end, True
            p = (end[0] + u[0] * step, end[1] + u[1] * step)
            if blocked(p):
                break
            end = p
        if self._can_land(end, below):
            return end, True
        return last_top, False

    def _hits_wall(self, p, skip=-1) -> bool:
        """Whether a base at p overlaps a wall other than piece `skip`."""
        r = self.r - 1e-6
        return any(j != skip and point_poly_dist(p, self.pieces[j]) < r for j in self.walls)

    def _can_land(self, p, below) -> bool:
        return self.static_clear_point(p) and not self._in_kind(p, ("gap", "obstacle")) \
            and all(dist(p, c) >= self.base - 1e-6 for c in below)

    def _in_kind(self, p, kinds) -> bool:
        return any(pc.kind in kinds and point_in_poly(p, pc.poly) for pc in self.pieces)

    def path_length(self, path) -> float:
        return sum(dist(a, b) for a, b in zip(path, path[1:]))


def _normal(p0, p1, sign):
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    L = math.hypot(dx, dy) or 1.0
    return (sign * dy / L, -sign * dx / L)


def _first_circle_hit(a, b, centres, R):
    """Smallest t in [0, 1] where |a + t(b - a) - c| <= R for some centre c."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    A = dx * dx + dy * dy
    best = None
    for c in centres:
        fx, fy = a[0] - c[0], a[1] - c[1]
        C = fx * fx + fy * fy - R * R
        if C <= 0:
            return 0.0
        if A <= EPS:
            continue
        Bq = 2 * (fx * dx + fy * dy)
        disc = Bq * Bq - 4 * A * C
        if disc < 0:
            continue
        t = (-Bq - math.sqrt(disc)) / (2 * A)
        if 0.0 <= t <= 1.0 and (best is None or t < best):
            best = t
    return best


def truncate(path, length) -> list:
    """The first `length` inches of a path."""
    out = [path[0]]
    left = length
    for a, b in zip(path, path[1:]):
        d = dist(a, b)
        if d <= left + 1e-9:
            out.append(b)
            left -= d
            continue
        t = left / d if d > 0 else 0
        out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        return out
    return out


def round_inward(path, reach: float, places: int = 2) -> tuple:
    """The end of `path` on the 0.01" grid without lengthening the path past `reach`
    (BO-130): the nearest grid point when that keeps the path within `reach` (it is at
    most 0.007" from the end), else the grid point near the end that keeps the most of the
    path within `reach` (less than 0.01" short). Plain rounding could add up to 0.007"
    and turn a full Move into a refused one."""
    end = path[-1]
    q = (round(end[0], places), round(end[1], places))
    if len(path) < 2:
        return q
    px, py = path[-2]
    left = reach if len(path) == 2 else reach - sum(dist(a, b) for a, b in zip(path[:-2], path[1:-1]))
    if math.hypot(q[0] - px, q[1] - py) <= left + 1e-9:
        return q
    scale = 10 ** places
    gx0, gy0 = round(end[0] * scale), round(end[1] * scale)
    cap = (left + 1e-9) ** 2
    # one grid step back toward `prev` along x, along y, or both: the first two leave the
    # end less than 0.01" short along the main axis of the last leg
    ix = (end[0] > px) - (end[0] < px)
    iy = (end[1] > py) - (end[1] < py)
    best, most = None, -1.0
    for gx, gy in ((gx0 - ix, gy0), (gx0, gy0 - iy), (gx0 - ix, gy0 - iy)):
        x, y = gx / scale, gy / scale
        d2 = (x - px) * (x - px) + (y - py) * (y - py)
        if most < d2 <= cap:
            best, most = (x, y), d2
    if best is not None and left - math.sqrt(most) < 0.01:
        return best
    for span in (1, 2):                 # the 3 x 3 points round it nearly always hold one
        ys = [gy / scale for gy in range(gy0 - span, gy0 + span + 1)]
        for gx in range(gx0 - span, gx0 + span + 1):
            x = gx / scale
            dx2 = (x - px) * (x - px)
            for y in ys:
                d2 = dx2 + (y - py) * (y - py)
                if most < d2 <= cap:
                    best, most = (x, y), d2
        if best is not None and left - math.sqrt(most) < 0.01:
            return best
    if best is not None:
        return best
    return (round(px, places), round(py, places))


def fall_harm(height: float, safe: float = 3.0) -> int:
    """BO-104: Harm equal to the inches beyond a safe drop, rounded up."""
    return max(0, math.ceil(height - safe - 1e-9))


def map_for(trial, rules) -> Map:
    pieces = [make_piece(p.kind, p.poly, p.height, p.ledges, p.width, p.name) for p in trial.terrain]
    return Map(trial.size, pieces, base=rules.base, woods_los=rules.woods_los,
               cover_range=rules.cover_range, gap_jump=rules.gap_jump, engage=rules.engage)
