"""The Book of Ordeals table's ground: the kit's skirmish board with the ground by
season, light and weather and the terrain (terrain.py: the Look and each piece's
style and decoration, in inches) painted by the kit's terrain painters (game/ui/table/terrain.py).

- `OrdealsBoard`: the kit's SkirmishBoard (game/ui/table/skirmish.py: mat, frame, inch
  grid, a mottled field under a tint and a haze, zones, lantern pools, name plates,
  the hovered terrain named; its ground layer cached and scrolled) with the Look's
  colours (`set_look`), the chapel and the terrain on the field (`paint_terrain`) and
  the graves and the relic under the pieces (`draw_markers`).

The characters' bases are the kit's `rimmed_base` (pieces.py). Nothing here reads the
rules: everything comes from the view the table holds.
"""
from __future__ import annotations

import math

import pygame

from game.games.ordeals.table.terrain import Look, Point
from game.ui.table import style
from game.ui.table.gfx import light_pool
from game.ui.table.paint import box
from game.ui.table.skirmish import SkirmishBoard
from game.ui.table.terrain import PAINT

LANTERN = (255, 176, 86)


def facing_of(a, b) -> float:
    """Degrees from point a toward point b (0 = east, 90 = south: screen y down)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


# the icon on a character's base
SHADOW_ICONS = {"husk": "bo_husk", "grave_hound": "bo_grave_hound", "hollow_archer": "bo_hollow_archer",
                "revenant": "bo_revenant", "lantern_wraith": "bo_lantern_wraith", "warden": "bo_warden"}
RANGED_ICONS = {"bow": "bo_bow", "crossbow": "bo_crossbow", "sling": "bo_sling"}
MELEE_ICONS = {"spear": "bo_spear", "great_weapon": "bo_great_weapon"}


def icon_of(c: dict) -> str:
    """The icon on a character's base: a Shadow profile's own; a Company member's by role
    (the leader's helm, else the ranged weapon, a lantern, the melee weapon, a sword)."""
    key = c.get("key")
    if key in SHADOW_ICONS:
        return SHADOW_ICONS[key]
    if "leader" in (c.get("lore") or ()):
        return "bo_leader"
    if c.get("ranged") in RANGED_ICONS:
        return RANGED_ICONS[c["ranged"]]
    if "lantern" in (c.get("items") or ()):
        return "lantern"
    if c.get("melee") in MELEE_ICONS:
        return MELEE_ICONS[c["melee"]]
    return "bo_fighter"


# ---------------------------------------------------------------------------------------
# the board: the kit's skirmish table with this game's ground and markers
# ---------------------------------------------------------------------------------------
class OrdealsBoard(SkirmishBoard):
    """The kit's SkirmishBoard with the Book of Ordeals' ground (season, light, weather,
    terrain art), the chapel, the graves and the relic."""
    shadow_rgba = (10, 8, 26, 118)      # lighter: the terrain under the sight shadows stays legible

    def __init__(self, rect, world_size, renderer, *, art: list, look: Look, chapel=None, **kw):
        super().__init__(rect, world_size, renderer, areas=art, light_color=LANTERN, centre_fits=True, **kw)
        self.art = self.areas
        self.chapel = chapel                     # (centre, radius) or None
        self.graves: list = []                   # (x, y, salted, needed)
        self.relic: Point | None = None
        self.set_look(look)

    def set_look(self, look: Look) -> None:
        """The season's field, the light's tint and lanterns, the weather's haze and frost."""
        self.look = look
        self.ground = (look.ground, look.tuft_light, look.tuft_dark)
        self.tint, self.haze, self.light_strength = look.tint, look.haze, look.glow
        self.frost = look.weather == "snow" or look.season == "winter"

    def ground_key(self):
        return self.look                          # the terrain's colours follow it too

    def paint_terrain(self, s, sp, g, ppi) -> None:
        """The chapel's ground and the Trial's terrain, low to high."""
        if self.chapel is not None:
            self._paint_chapel(s, sp, ppi)
        for art in self.art:
            pts = [sp(p) for p in art.poly]
            if box(pts, ppi * 1.2).colliderect(g):
                PAINT[art.style](self, s, art, pts, sp, ppi, g)

    def _paint_chapel(self, s, sp, ppi) -> None:
        (cx, cy), r = self.chapel
        c = sp((cx, cy))
        rp = r * ppi
        clip = s.get_clip()
        area = pygame.Rect(int(c[0] - rp) - 2, int(c[1] - rp) - 2, int(2 * rp) + 4, int(2 * rp) + 4).clip(clip)
        if area.w > 0 and area.h > 0:
            tmp = pygame.Surface(area.size, pygame.SRCALPHA)
            lc = (c[0] - area.x, c[1] - area.y)
            pygame.draw.circle(tmp, (200, 190, 170, 70), lc, rp)
            step = max(4, int(ppi * 0.7))
            for k in range(-int(rp), int(rp) + 1, step):
                pygame.draw.line(tmp, (90, 84, 76, 70), (lc[0] - rp, lc[1] + k), (lc[0] + rp, lc[1] + k), 1)
            mask = pygame.Surface(area.size, pygame.SRCALPHA)
            pygame.draw.circle(mask, (255, 255, 255, 255), lc, rp)
            tmp.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            s.blit(tmp, area.topleft)
        pygame.draw.circle(s, (214, 186, 120), c, rp, max(1, int(ppi * 0.08)))
        if ppi >= 8:
            ic = self.gfx.icon("cleric", max(10, int(ppi * 1.1)), (226, 210, 170))
            s.blit(ic, ic.get_rect(center=(round(c[0]), round(c[1]))))

    # -- per frame: the graves and the relic under the pieces --------------------------------
    def draw_markers(self, surf) -> None:
        cam = self.camera
        size = max(12, int(cam.ppi * 0.9))
        for x, y, salted, need in self.graves:
            sx, sy = cam.to_screen((x, y))
            col = (214, 206, 190) if salted < need else (120, 116, 110)
            ic = self.gfx.icon("bo_grave", size, col)
            back = self.gfx.icon("bo_grave", size + 4, (20, 16, 14))
            sh = self.gfx.circle(size // 2, (0, 0, 0, 110))
            surf.blit(sh, sh.get_rect(center=(round(sx) + 2, round(sy) + 3)))
            surf.blit(back, back.get_rect(center=(round(sx), round(sy))))
            surf.blit(ic, ic.get_rect(center=(round(sx), round(sy))))
            for k in range(salted):
                pygame.draw.circle(surf, (250, 250, 250), (round(sx - size * 0.3 + k * size * 0.3),
                                                           round(sy + size * 0.62)), max(2, size // 9))
        if self.relic is not None:
            sx, sy = cam.to_screen(self.relic)
            g = self.gfx.cached(("bo_relic_glow", size), lambda: light_pool(size, (255, 214, 120), 0.5, 1.5))
            surf.blit(g, (round(sx) - size, round(sy) - size), special_flags=pygame.BLEND_RGB_ADD)
            ic = self.gfx.icon("bell", size, style.GOLD_BRIGHT)
            surf.blit(ic, ic.get_rect(center=(round(sx), round(sy))))
