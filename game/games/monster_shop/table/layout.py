"""Where everything on the monster-shop table is: named regions as fractions of the
window (the kit's Layout), subdivided by split/grid; no pixel literals. One `Geometry`
per window size; the table asks it for the rect of a board tile, a den, a place.

    central  the central board: rows of action spaces, each slot a tile with its offer
    alleys   the Dark Alleys board: Black Market, Fortune Teller, Industrial Zone, Boutique
    side     reputation track, contest and customer tiles
    dens     the four dens two by two (a header of stores, the row of places, a footer)
    log      the chronicle
    bottom   the viewer's hand of need cards, the decision's buttons, the planning tray
"""
from __future__ import annotations

import pygame

from game.ui.table.regions import Layout, Region, split_rect

REGIONS = {
    "top": Region(0.004, 0.004, 0.64, 0.042),
    "central": Region(0.004, 0.05, 0.43, 0.345),
    "alleys": Region(0.438, 0.05, 0.212, 0.345),
    "side": Region(0.655, 0.05, 0.341, 0.345),
    "dens": Region(0.004, 0.402, 0.646, 0.378),
    "log": Region(0.655, 0.402, 0.341, 0.378),
    "bottom": Region(0.004, 0.787, 0.992, 0.209),
    "hand": Region(0.0, 0.16, 0.46, 0.84, parent="bottom"),
    "buttons": Region(0.47, 0.16, 0.53, 0.84, parent="bottom"),
    "prompt": Region(0.0, 0.0, 1.0, 0.16, parent="bottom"),
    "tray": Region(0.0, 0.0, 1.0, 1.0, parent="bottom"),
    "staged": Region(0.47, 0.16, 0.2, 0.84, parent="bottom"),
    "assign_buttons": Region(0.68, 0.16, 0.32, 0.84, parent="bottom"),
}

# the central board's rows: (space key, slots shown as tiles (True) or one space (False))
CENTRAL_ROWS = (
    (("food", True), ("artifacts", False)),
    (("cage", True), ("upgrade", True)),
    (("monster_low", True), ("monster_up", True)),
    (("invite", False), ("hospital", False), ("jury", False), ("podium", False)),
)
CENTRAL_ROW_WEIGHTS = (1.0, 1.15, 1.3, 0.8)     # the monster row is tallest: a token and a two-line name
CENTRAL_WEIGHTS = {"food": 3, "artifacts": 2, "cage": 3, "upgrade": 3, "monster_low": 3, "monster_up": 3,
                   "invite": 1, "hospital": 1.4, "jury": 1, "podium": 2}
ALLEY_ROWS = ("black_market", "fortune", "industry", "boutique")
ALLEY_WEIGHTS = (2.0, 0.7, 1.6, 1.4)


class Geometry:
    def __init__(self, size):
        self.lay = Layout(size, REGIONS)
        self.size = tuple(size)
        self.gap = self.lay.u(0.006)
        self.pad = self.lay.u(0.008)
        self._tiles: dict = {}
        self._spaces: dict = {}
        self._build_central()
        self._build_alleys()
        self._build_dens()

    def __getitem__(self, name) -> pygame.Rect:
        return self.lay[name]

    def u(self, frac: float) -> int:
        return self.lay.u(frac)

    def font(self, frac: float) -> int:
        return self.lay.font(frac)

    # -- boards ------------------------------------------------------------------------
    def _body(self, name) -> pygame.Rect:
        """A board's area under its title."""
        inner, head = self.lay[name].inflate(-2 * self.pad, -2 * self.pad), self.lay.u(0.028)
        return pygame.Rect(inner.x, inner.y + head, inner.width, inner.height - head)

    def _build_central(self):
        body = self._body("central")
        for row_rect, row in zip(split_rect(body, len(CENTRAL_ROWS), "y", self.gap, list(CENTRAL_ROW_WEIGHTS)),
                                 CENTRAL_ROWS):
            ws = [CENTRAL_WEIGHTS[k] for k, _ in row]
            for cell, (key, tiles) in zip(split_rect(row_rect, len(row), "x", self.gap, ws), row):
                self._spaces[key] = cell
                if tiles:
                    lab = self.label_h()
                    strip = pygame.Rect(cell.x, cell.y + lab, cell.width, cell.height - lab)
                    for i, t in enumerate(split_rect(strip, 3, "x", max(1, self.gap // 2))):
                        self._tiles[(key, i)] = t

    def _build_alleys(self):
        for cell, key in zip(split_rect(self._body("alleys"), len(ALLEY_ROWS), "y", self.gap, list(ALLEY_WEIGHTS)), ALLEY_ROWS):
            self._spaces[key] = cell

    def label_h(self) -> int:
        return self.lay.u(0.022)

    def space(self, key) -> pygame.Rect:
        """The whole area of an action space (its label band and tiles)."""
        return pygame.Rect(self._spaces[key])

    def tile(self, key, slot) -> pygame.Rect | None:
        """The tile of one slot of a space shown slot by slot (food, cage, upgrade, monsters)."""
        r = self._tiles.get((key, slot))
        return pygame.Rect(r) if r is not None else None

    def slot_point(self, key, slot) -> tuple:
        return (self.tile(key, slot) or self.space(key)).center

    # -- the side column -----------------------------------------------------------------
    def side_parts(self) -> tuple:
        """(reputation track, contests row, customers row)."""
        inner = self.lay["side"].inflate(-2 * self.pad, -2 * self.pad)
        return tuple(split_rect(inner, 3, "y", self.gap, [1.25, 1.0, 1.0]))

    # -- dens (computed once: they are asked for on every frame) ---------------------------
    def _build_dens(self, places: int = 4):
        """Four dens two by two; each a header, its row of places left to right (P1 … P4,
        neighbours side by side as on the den board) and a footer."""
        self._dens = self.lay.grid("dens", 2, 2, gap=0.006)
        self._den_parts = []
        self._places = []
        for r in self._dens:
            parts = tuple(split_rect(r.inflate(-self.pad, -self.pad), 3, "y", max(1, self.gap // 2),
                                     [0.15, 0.7, 0.15]))
            self._den_parts.append(parts)
            self._places.append(split_rect(parts[1], places, "x", max(1, self.gap // 2)))

    def den(self, seat: int) -> pygame.Rect:
        return pygame.Rect(self._dens[seat])

    def den_parts(self, seat: int) -> tuple:
        """(header, places area, footer) of a den."""
        return tuple(pygame.Rect(r) for r in self._den_parts[seat])

    def place(self, seat: int, p: int) -> pygame.Rect:
        return pygame.Rect(self._places[seat][p])

    def den_home(self, seat: int) -> tuple:
        """Where a seat's imps leave from and come back to (its header)."""
        return self.den_parts(seat)[0].center

