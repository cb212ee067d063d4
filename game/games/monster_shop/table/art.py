"""The monster-shop table's drawn things (ShopArt, a helper the table holds as `table.art`): the central and
Dark Alleys boards with their offers and who is on each space, the reputation track and
the timeline tiles, the dens with their places, cages, dung and monsters.

Every size comes from the table's Geometry (fractions of the window); icons are the
generated `ms_*` sprites (tools/make_sprites.py). Colour never carries meaning alone: a
need stripe has its colour AND sits under a need icon row, a seat has its marker shape.
"""
from __future__ import annotations

import math

import pygame

from game.ui.table import style
from game.ui.table.gfx import seat_marker_surface
from game.ui.table.pieces import Piece
from game.ui.table.regions import split_rect
from game.ui.table.spaces import Space

from ..effects import COLOURS, SYMBOLS
from ..planning import GOLD, IMPS, STATUS, WAIT

COLOUR_RGB = {"G": (96, 170, 88), "Y": (222, 196, 84), "R": (198, 72, 64), "P": (150, 96, 196)}
# a need stripe's colour also has a shape, so it reads without telling colours apart: G a circle,
# Y a triangle, R a square, P a diamond (corner offsets in units of the shape's half size)
SHAPE_POINTS = {"Y": ((0, -1), (1, 1), (-1, 1)), "R": ((-1, -1), (1, -1), (1, 1), (-1, 1)),
                "P": ((0, -1), (1, 0), (0, 1), (-1, 0))}
INK = (24, 16, 14)
NEED_RGB = ((214, 150, 90), (150, 110, 70), (120, 190, 220), (220, 80, 70), (170, 120, 230), (140, 200, 90))
SUFFER_RGB = (230, 70, 80)
MUTATION_RGB = (190, 120, 240)
BOARD_FILL = (40, 30, 26)
ALLEY_FILL = (28, 24, 38)
TILE_FILL = (30, 22, 24)
PLACE_FILL = (34, 28, 26)
BARS = (150, 150, 164)
SPACE_ICONS = {"food": "ms_food", "artifacts": "ms_artifacts", "cage": "ms_cage", "upgrade": "ms_upgrade",
               "monster_low": "ms_young", "monster_up": "monster", "invite": "ms_invite", "hospital": "ms_hospital",
               "jury": "ms_jury", "podium": "ms_podium", "black_market": "ms_black_market", "fortune": "fortune_teller",
               "industry": "ms_industry", "boutique": "ms_boutique"}
# a Dark Alleys offer's icon by its kind (words.alley_offers: the Black Market's goods, a business, an accessory)
OFFER_ICONS = {"bodyguard": "ms_bodyguard", "monster": "monster", "cage": "ms_cage", "contest_food": "ms_meat",
               "upgrade": "ms_upgrade", "artifact": "ms_artifacts", "industry": "ms_industry", "accessory": "ms_accessory"}


def need_icon(i: int) -> str:
    return "ms_need_" + SYMBOLS[i]


class ShopArt:
    """Drawing for MonsterShopTable: it reads the table's geometry, pictures (gfx, pieces),
    seats' names and colours, and says things with the table's words."""

    def __init__(self, table):
        self.table, self.R, self.words = table, table.R, table.words

    @property
    def geom(self):
        return self.table.geom

    @property
    def gfx(self):
        return self.table.gfx

    @property
    def pieces(self):
        return self.table.pieces

    # -- small helpers -----------------------------------------------------------------
    def fs(self, frac: float) -> int:
        return self.geom.font(frac)

    def blit_text(self, surf, text, pos, frac, color=style.TEXT, bold=False, serif=False, max_w=None,
                  anchor="topleft", lines=1):
        """A text at pos; with max_w it never runs past it: shrunk, else wrapped onto up to
        `lines` lines, else cut with an ellipsis (the tooltip of what it names says it whole)."""
        size = self.fs(frac)
        if max_w is not None:
            img = self.gfx.fit_lines(str(text), size, max(8, int(max_w)), color, bold=bold, serif=serif,
                                     min_size=max(9, size - 3), max_lines=lines)
        else:
            img = self.gfx.text(str(text), size, color, bold=bold, serif=serif)
        r = img.get_rect(**{anchor: (int(pos[0]), int(pos[1]))})
        surf.blit(img, r)
        return r

    def icon_count(self, surf, icon, n, pos, size, color=style.TEXT, icolor=None, anchor="midleft", img=None):
        """An icon (or the picture `img`) with a number beside it; returns the rect used."""
        ic = img or self.gfx.icon(icon, size, icolor or color)
        txt = self.gfx.text(str(n), max(11, int(size * 0.8)), color, bold=True)
        w = ic.get_width() + 2 + txt.get_width()
        r = pygame.Rect(0, 0, w, max(ic.get_height(), txt.get_height()))
        setattr(r, anchor, (int(pos[0]), int(pos[1])))
        surf.blit(ic, ic.get_rect(midleft=(r.x, r.centery)))
        surf.blit(txt, txt.get_rect(midleft=(r.x + ic.get_width() + 2, r.centery)))
        return r

    def counts(self, surf, items, x, cy, size, gap, anchor="midleft", stop=None) -> int:
        """(icon, number, colour) one after another from x (leftwards for anchor "midright"),
        zeros left out; stops after one that passes `stop`; returns where the next would go."""
        for icon, n, col in items:
            if n:
                rr = self.icon_count(surf, icon, n, (x, cy), size, style.TEXT, col, anchor=anchor)
                if stop is not None and rr.right > stop:
                    break
                x = rr.left - gap if anchor == "midright" else rr.right + gap
        return x

    def heading(self, surf, x, cy, icon, size, text, frac=0.0165, color=style.GOLD, icolor=None, gap=4,
                max_w=None, serif=False):
        """An icon and a bold title after it, both centred on cy; returns the title's rect."""
        ic = self.gfx.icon(icon, size, icolor or color)
        surf.blit(ic, ic.get_rect(midleft=(x, cy)))
        return self.blit_text(surf, text, (x + ic.get_width() + gap, cy), frac, color, bold=True, serif=serif,
                              max_w=max_w, anchor="midleft")

    def marked(self, surf, seat, pos, r, text, frac, color=style.TEXT, gap=3, bold=False, max_w=None, serif=False):
        """A seat's marker and a text after it, both centred on pos[1]; returns the text's rect."""
        mk = seat_marker_surface(self.gfx, seat, r, self.table.colorblind)
        surf.blit(mk, mk.get_rect(midleft=pos))
        return self.blit_text(surf, text, (pos[0] + mk.get_width() + gap, pos[1]), frac, color, bold=bold,
                              serif=serif, max_w=None if max_w is None else max_w - mk.get_width(), anchor="midleft")

    def box(self, surf, r, fill, border, radius, alpha=240, width=2):
        """A rounded panel (the kit's) over rect r."""
        surf.blit(self.gfx.panel(r.width, r.height, fill=fill, border=border, radius=radius, width=width, alpha=alpha),
                  r.topleft)

    def frame(self, surf, rect, fill, title, icon, edge=style.PANEL_EDGE):
        self.box(surf, rect, fill, edge, self.geom.u(0.01), alpha=235)
        sz, x = self.geom.u(0.022), rect.x + self.geom.pad
        self.heading(surf, x, rect.y + self.geom.pad + sz // 2 + 1, icon, sz, title, 0.02, gap=self.geom.u(0.005),
                     max_w=rect.right - x - sz - self.geom.u(0.005) - self.geom.pad, serif=True)

    def seat_meeple(self, seat, n=None) -> Piece:
        """The seat's meeple, marked with a number of imps (words.meeples_on) when there is one."""
        label = str(n) if n else None
        return Piece(("seat", seat, label), "meeple", self.table.scol(seat), label=label, mark=seat,
                     name=self.table.name(seat), draggable=False)

    # -- the central board ---------------------------------------------------------------
    def draw_central(self, surf, v):
        G = self.geom
        self.frame(surf, G["central"], BOARD_FILL, self.words.tr("board.central"), "ms_food")
        for key in ("food", "cage", "upgrade", "monster_low", "monster_up"):
            self.space_label(surf, v, key)
            for slot in range(len(v["occupied"][self.words.space_index(key)])):
                if G.tile(key, slot) is not None:
                    self.offer_tile(surf, v, key, slot)
        for key in ("artifacts", "invite", "hospital", "jury", "podium"):
            self.space_panel(surf, v, key)

    def space_label(self, surf, v, key):
        G = self.geom
        r = G.space(key)
        occ = v["occupied"][self.words.space_index(key)]
        used = sum(1 for x in occ if x is not None and x >= 0)
        lab = pygame.Rect(r.x, r.y, r.width, G.label_h())
        isz = int(lab.height * 0.9)
        b = self.gfx.badge(f"{used}/{len(occ)}", max(11, int(lab.height * 0.5)), fill=style.INK,
                           border=style.GOLD_DEEP, color=style.TEXT, pad=4)
        surf.blit(b, b.get_rect(midright=(lab.right - 2, lab.centery)))
        self.heading(surf, lab.x + 2, lab.centery, SPACE_ICONS.get(key, "imp"), isz, self.words.space_name(key),
                     max_w=lab.width - isz - b.get_width() - 14)

    def offer_tile(self, surf, v, key, slot):
        G = self.geom
        r = G.tile(key, slot)
        d = self.R.data
        self.box(surf, r, TILE_FILL, style.GOLD_DEEP, G.u(0.006))
        self.blit_text(surf, str(slot + 1), (r.x + 4, r.y + 2), 0.016, style.TEXT_DIM, bold=True)
        isz = int(min(r.height * 0.42, r.width * 0.28))
        cx, cy = r.centerx, r.y + r.height * 0.42
        x = self.words.offer_at(v, key, slot)
        if key == "food" and x is not None:                # the numbers shown even when 0; gold only if any
            self.counts(surf, (("ms_meat", str(x[0]), (230, 140, 120)), ("ms_veg", str(x[1]), (240, 160, 70)),
                               ("coins", x[2], style.GOLD)), r.x + r.width * 0.1, cy, int(isz * 0.8), 6)
        elif x is not None:           # the name first (two lines if it must), the picture in the room above
            room = self.blit_text(surf, self.words.offer_name(key, x), (r.centerx, r.bottom - 2), 0.015, style.TEXT,
                                  max_w=r.width - 6, anchor="midbottom", lines=2).top - r.y - 2
            isz, cy = int(max(6, min(isz, room / 1.3))), r.y + 2 + room / 2
            if key == "cage":
                self.cage_art(surf, pygame.Rect(cx - isz, cy - isz * 0.6, isz * 2, isz * 1.2), d.cages[x][2], d.cages[x][3])
            elif key == "upgrade":
                ic = self.gfx.icon("ms_upgrade", isz, (200, 200, 210))
                surf.blit(ic, ic.get_rect(center=(cx, cy)))
            else:
                rad = min(isz * 0.62, room / 2.6)
                self.monster_token(surf, x, v["monsters"].get(str(x), {}), (cx, cy), rad, small=True)
        pr = max(6, int(r.height * 0.2))
        for seat, n in self.words.meeples_on(v, key, slot):
            self.pieces.draw(surf, self.seat_meeple(seat, n), (r.right - pr - 3, r.y + pr + 3), pr, show_name=False)

    def space_panel(self, surf, v, key):
        """A space without per-slot offers: the kit's Space (capacity, count, who is there)."""
        G = self.geom
        r = G.space(key)
        space = Space(key, r, capacity=len(v["occupied"][self.words.space_index(key)]), label=self.words.space_name(key),
                      fill=TILE_FILL, label_frac=0.3 if r.height < r.width else 0.18)
        for seat, n in self.words.meeples_on(v, key):
            space.put(self.seat_meeple(seat, n))
        space.draw(surf, self.gfx, self.pieces)
        if key == "artifacts":
            body = space.body()
            y = body.y + 2
            for a in v["artifact_offer"][:3]:
                y = self.blit_text(surf, self.words.nm(self.R.data.artifacts[a][1]), (body.x + 6, y), 0.016, style.TEXT,
                                   max_w=body.width * 0.62).bottom

    # -- the Dark Alleys ---------------------------------------------------------------
    def draw_alleys(self, surf, v):
        G = self.geom
        self.frame(surf, G["alleys"], ALLEY_FILL, self.words.tr("table.alleys"), "ms_black_market",
                   edge=(90, 70, 120))
        for key in ("black_market", "fortune", "industry", "boutique"):
            r = G.space(key)
            self.box(surf, r, (22, 18, 30), (90, 70, 120), G.u(0.006))
            lab = pygame.Rect(r.x + 4, r.y + 2, r.width - 8, G.label_h())
            pr, isz = max(6, int(lab.height * 0.5)), int(lab.height * 0.9)
            x = lab.right - pr
            for seat, n in reversed(self.words.meeples_on(v, key)):
                self.pieces.draw(surf, self.seat_meeple(seat, n), (x, lab.centery + 2), pr, show_name=False)
                x -= 2 * pr + 4
            self.heading(surf, lab.x, lab.centery, SPACE_ICONS[key], isz, self.words.space_name(key), color=(220, 200, 250),
                         icolor=(200, 170, 240), max_w=x - lab.x - isz - 4)
            body = pygame.Rect(r.x + 4, lab.bottom + 2, r.width - 8, r.bottom - lab.bottom - 4)
            offers = self.words.alley_offers(v, key)
            if offers:                            # two columns, but a business or two get a line each
                self.chip_grid(surf, body, offers, 1 if key == "industry" and len(offers) <= 2 else 2)

    def chip_grid(self, surf, body, chips, cols):
        """(kind, name, extra, taken) chips in `cols` columns: an icon, the name, then a colour
        swatch or a price; a taken one dimmed and ticked."""
        rows = math.ceil(len(chips) / cols)
        G = self.geom
        ch = min(body.height // max(1, rows), G.u(0.03))
        cw = body.width // cols
        for i, (kind, word, extra, taken) in enumerate(chips):
            rr = pygame.Rect(body.x + (i % cols) * cw, body.y + (i // cols) * ch, cw - 3, ch - 2)
            fill = (44, 36, 58) if not taken else (26, 22, 30)
            pygame.draw.rect(surf, fill, rr, border_radius=max(3, ch // 4))
            ic = self.gfx.icon(OFFER_ICONS.get(kind, "ms_black_market"), int(ch * 0.75), style.TEXT_DIM if taken else (220, 200, 250))
            surf.blit(ic, ic.get_rect(midleft=(rr.x + 3, rr.centery)))
            right = rr.right - 3
            if extra in COLOUR_RGB:
                sw = pygame.Rect(0, 0, int(ch * 0.5), int(ch * 0.5))
                sw.midright = (right, rr.centery)
                pygame.draw.rect(surf, COLOUR_RGB[extra], sw, border_radius=2)
                right = sw.left - 3
            elif extra:
                b = self.gfx.text(extra, self.fs(0.015), style.GOLD, bold=True)
                coin = self.gfx.icon("coins", int(ch * 0.55), style.GOLD)
                surf.blit(coin, coin.get_rect(midright=(right, rr.centery)))
                surf.blit(b, b.get_rect(midright=(right - coin.get_width() - 1, rr.centery)))
                right -= coin.get_width() + b.get_width() + 4
            col = style.TEXT_DIM if taken else style.TEXT
            size = min(self.fs(0.016), max(10, int(ch * 0.72)))
            img = self.gfx.fit_text(("✓ " if taken else "") + word, size, max(8, right - rr.x - ic.get_width() - 8), col,
                                    min_size=min(size, 10))
            surf.blit(img, img.get_rect(midleft=(rr.x + ic.get_width() + 6, rr.centery)))

    # -- reputation and the timeline ---------------------------------------------------------
    def draw_side(self, surf, v):
        G = self.geom
        self.box(surf, G["side"], BOARD_FILL, style.PANEL_EDGE, G.u(0.01), alpha=235)
        track, *rows = G.side_parts()
        self.reputation_track(surf, v, track)
        live = {"contest": dict([v["live_contest"]]) if v["live_contest"] else {}, "customer": dict(v["live_customers"])}
        for r, what in zip(rows, ("contest", "customer")):
            self.tile_row(surf, r, self.words.tr(f"table.{what}s"), "ms_" + what, self.words.timeline(v, what), v["round"], live[what])

    def reputation_track(self, surf, v, r):
        G = self.geom
        self.heading(surf, r.x, r.y + G.label_h() // 2, "ms_reputation", G.label_h(), self.words.tr("table.reputation"))
        reps = [p["reputation"] for p in v["seats"]]
        lo, hi = min(0, min(reps) - 1), max(10, max(reps) + 1)
        line = pygame.Rect(r.x + G.u(0.02), r.y + G.label_h() + G.u(0.018), r.width - G.u(0.04), 1)
        pygame.draw.line(surf, style.GOLD_DEEP, line.midleft, line.midright, max(2, G.u(0.003)))
        step = max(1, (hi - lo) // 10)
        for n in range(lo, hi + 1):
            x = line.x + line.width * (n - lo) / (hi - lo)
            big = n % step == 0
            pygame.draw.line(surf, style.GOLD_DEEP, (x, line.y - (G.u(0.006) if big else 2)), (x, line.y + 2), 1)
            if big:
                self.blit_text(surf, str(n), (x, line.y - G.u(0.007)), 0.013, style.TEXT_DIM, anchor="midbottom")
        for seat, rep in enumerate(reps):          # seats level on the track side by side
            lane = reps[:seat].count(rep)
            mk = seat_marker_surface(self.gfx, seat, G.u(0.008), self.table.colorblind)
            x = line.x + line.width * (rep - lo) / (hi - lo) + lane * mk.get_width() * 0.7
            y = line.y + G.u(0.014)
            surf.blit(mk, mk.get_rect(center=(int(x), int(y))))
        # names with their reputation, in order
        y, cw = line.y + G.u(0.04), r.width // 2       # two columns
        for i, seat in enumerate(sorted(range(len(reps)), key=lambda x: -reps[x])):
            self.marked(surf, seat, (r.x + (i % 2) * cw, y + (i // 2) * G.u(0.02)), G.u(0.006),
                        f"{self.table.name(seat)}: {reps[seat]}", 0.015, max_w=cw - 6)

    def tile_row(self, surf, r, title, icon, tiles, rnd, live=None):
        G = self.geom
        self.heading(surf, r.x, r.y + G.label_h() // 2, icon, G.label_h(), title)
        body = pygame.Rect(r.x, r.y + G.label_h() + 2, r.width, r.height - G.label_h() - 2)
        n = max(1, len(tiles))
        gap = max(2, G.gap // 2)
        tw = (body.width - gap * (n - 1)) // n
        for i, (rd, name, peeked) in enumerate(tiles):
            tr = pygame.Rect(body.x + i * (tw + gap), body.y, tw, body.height)
            now = rd == rnd
            fill = (70, 52, 30) if name and not peeked else (30, 26, 34)
            edge = style.GOLD_BRIGHT if now else style.GOLD_DEEP
            self.box(surf, tr, fill, edge, G.u(0.006), width=3 if now else 2)
            num = self.gfx.badge(str(rd), self.fs(0.014), fill=style.INK, border=edge, color=style.TEXT, pad=3)
            surf.blit(num, (tr.x + 2, tr.y + 2))
            if name:
                tic = self.gfx.icon(icon, int(min(tr.width, tr.height) * 0.34), style.GOLD if not peeked else style.TEXT_DIM)
                surf.blit(tic, tic.get_rect(midtop=(tr.centerx, tr.y + num.get_height() // 2)))
                block = self.gfx.fit_lines(name, self.fs(0.015), tr.width - 6, style.TEXT if not peeked else style.TEXT_DIM,
                                           min_size=max(8, self.fs(0.015) - 4), max_lines=2)
                surf.blit(block, block.get_rect(midbottom=(tr.centerx, tr.bottom - 3)))
                if peeked:
                    eye = self.gfx.icon("show_hand", int(num.get_height()), style.TEXT_DIM)
                    surf.blit(eye, eye.get_rect(topright=(tr.right - 3, tr.y + 3)))
            else:
                self.blit_text(surf, "?", tr.center, 0.03, style.TEXT_DIM, bold=True, serif=True, anchor="center")
            scores = (live or {}).get(i)
            if scores:
                self.live_scores(surf, tr, scores)

    def live_scores(self, surf, tr, scores):
        """Each seat's live score on a tile (the view's, one per seat): its marker and the
        number, best ones gold."""
        box = pygame.Rect(tr.x + 3, tr.y + tr.height * 0.22, tr.width - 6, tr.height * 0.5)
        self.box(surf, box, (14, 10, 12), None, 4, alpha=215)
        vals = [x for x in scores if x is not None]
        top = max(vals) if vals else None
        cells = [c for row in split_rect(box, 2, "y") for c in split_rect(row, 2, "x")]
        for seat, (cell, val) in enumerate(zip(cells, scores)):
            self.marked(surf, seat, (cell.x + 1, cell.centery), max(3, self.geom.u(0.005)), "—" if val is None else str(val),
                        0.015, style.GOLD_BRIGHT if val is not None and val == top else style.TEXT, gap=1, bold=True)

    # -- dens --------------------------------------------------------------------------------
    def draw_den(self, surf, v, seat):
        G = self.geom
        p = v["seats"][seat]
        r = G.den(seat)
        mine = seat == v["seat"]
        self.box(surf, r, (30, 24, 24), style.GOLD if mine else style.PANEL_EDGE, G.u(0.01), width=3 if mine else 2)
        pygame.draw.rect(surf, self.table.scol(seat), (r.x + G.u(0.01), r.y + 1, r.width - 2 * G.u(0.01), max(3, G.u(0.004))),
                         border_radius=2)
        head, places, foot = G.den_parts(seat)
        isz = int(head.height * 0.72)
        gap = G.u(0.006)
        # the header: marker and name; imps (free/at home, out, hospital, podium); the start bell and gold
        mk = seat_marker_surface(self.gfx, seat, int(head.height * 0.28), self.table.colorblind)
        cy = head.centery
        surf.blit(mk, mk.get_rect(midleft=(head.x, cy)))
        right = self.icon_count(surf, None, p["gold"], (head.right, cy), isz, style.GOLD_BRIGHT, anchor="midright",
                                img=self.table.coin("ducat", isz)).left - gap
        if seat == v["start"]:
            bell = self.gfx.icon("bell", isz, style.GOLD_BRIGHT)
            right = surf.blit(bell, bell.get_rect(midright=(right, cy))).left - gap
        nr = self.blit_text(surf, self.table.name(seat), (head.x + mk.get_width() + 4, cy), 0.0175, style.GOLD_BRIGHT,
                            bold=True, serif=True, max_w=head.width * 0.3, anchor="midleft")
        self.counts(surf, (("imp", f"{p['home'] - p['used']}/{p['home']}", self.table.scol(seat)),
                           ("sneak", p["away"], style.TEXT_DIM), ("ms_hospital", p["hospital"], (230, 110, 110)),
                           ("ms_podium", p["podium"], style.GOLD), ("ms_bodyguard", p["bodyguard"], (200, 200, 220)),
                           ("ms_potion", p["potions"], (150, 200, 240)), ("ms_artifacts", len(p["artifacts"]), style.GOLD)),
                    nr.right + 2 * gap, cy, isz, gap, stop=right)
        # places
        for pl in range(len(p["den"]["cage"])):
            self.draw_place(surf, v, seat, pl)
        # the footer: food chambers (freshest first), frozen, processed; then groups, waiting monsters
        x = self.den_stores(surf, p, foot)
        self.den_footer(surf, v, seat, pygame.Rect(x + 2 * gap, foot.y, foot.right - x - 2 * gap, foot.height))

    def den_stores(self, surf, p, foot) -> int:
        G = self.geom
        gap = G.u(0.006)
        isz = int(foot.height * 0.8)
        cy = foot.centery
        x = foot.x
        for icon, ch, col in (("ms_meat", p["meat"], (230, 140, 120)), ("ms_veg", p["veg"], (240, 160, 70))):
            ic = self.gfx.icon(icon, isz, col)
            surf.blit(ic, ic.get_rect(midleft=(x, cy)))
            x += ic.get_width() + 1
            bw = int(isz * 0.9)
            for i, n in enumerate(ch):
                box = pygame.Rect(x, cy - bw // 2, bw, bw)
                pygame.draw.rect(surf, (50, 40, 36) if n else (34, 28, 26), box, border_radius=3)
                pygame.draw.rect(surf, style.lerp_color(col, (0, 0, 0), 0.2 + 0.25 * i), box, 1, border_radius=3)
                if n:
                    t = self.gfx.text(str(n), max(11, int(bw * 0.75)), style.TEXT, bold=True)
                    surf.blit(t, t.get_rect(center=box.center))
                x += bw + 1
            x += gap
        return self.counts(surf, (("ms_frozen", sum(p["frozen"]), (170, 220, 250)), ("ms_lollipop", p["processed"][0],
                                  (240, 130, 200)), ("ms_can", p["processed"][1], (190, 190, 200))), x, cy, isz, gap)

    def den_footer(self, surf, v, seat, foot):
        p = v["seats"][seat]
        x = foot.x
        pr = max(6, int(foot.height * 0.46))
        cy = foot.centery
        sent = bool(p.get("groups"))                 # groups once revealed, else this seat's own plan
        for g in p.get("groups") or p.get("plan") or []:
            piece = self.seat_meeple(seat, g[IMPS])
            piece.dim = sent and g[STATUS] != WAIT
            self.pieces.draw(surf, piece, (x + pr, cy), pr, show_name=False)
            x += 2 * pr + 2
            if sent and g[GOLD]:
                x = self.icon_count(surf, "coins", g[GOLD], (x, cy), int(pr * 1.3), style.GOLD, style.GOLD).right + 2
            x += 4
        if not (p.get("groups") or p.get("plan")) and p.get("committed"):
            self.blit_text(surf, "✓ " + self.words.tr("board.committed"), (x, cy), 0.016, style.GOOD, anchor="midleft")
        if "hand" in p and seat != v["seat"] and p["hand"]:
            sw = max(4, int(foot.height * 0.35))
            hx = foot.right - len(p["hand"]) * (sw + 2)
            for k in p["hand"]:
                col = COLOUR_RGB[COLOURS[self.R.data.cards[k][0]]]
                pygame.draw.rect(surf, col, (hx, cy - sw * 0.7, sw, sw * 1.4), border_radius=2)
                hx += sw + 2
            foot = pygame.Rect(foot.x, foot.y, foot.width - len(p["hand"]) * (sw + 2) - 4, foot.height)
        for m in p["den"]["waiting"]:
            ic = self.gfx.icon(self.monster_icon(m), int(pr * 1.8), style.TEXT_DIM)
            r = surf.blit(ic, ic.get_rect(midright=(foot.right, cy)))
            foot = pygame.Rect(foot.x, foot.y, r.left - foot.x - 2, foot.height)

    def monster_icon(self, m) -> str:
        return "ms_" + self.R.M[m].key

    def cage_art(self, surf, r, strength, anti):
        """A cage: bars, and its strength (padlock) and anti-magic (shield) in numbers."""
        r = pygame.Rect(r)
        n = max(3, r.width // max(6, r.height // 4))
        w = max(1, r.height // 20)
        for i in range(n + 1):
            x = r.x + r.width * i / n
            pygame.draw.line(surf, BARS, (x, r.y), (x, r.bottom), w)
        pygame.draw.line(surf, BARS, r.topleft, r.topright, w + 1)
        pygame.draw.line(surf, BARS, r.bottomleft, r.bottomright, w + 1)
        sz = max(10, int(r.height * 0.5))
        self.icon_count(surf, "ms_strength", strength, (r.centerx - 2, r.centery), sz, style.TEXT, (220, 200, 150),
                        anchor="midright")
        self.icon_count(surf, "ms_anti_magic", anti, (r.centerx + 2, r.centery), sz, style.TEXT, (170, 140, 240))

    def bars(self, w, h) -> pygame.Surface:
        s = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
        n = 9
        bw = max(1, w // 70)
        for i in range(1, n):
            x = w * i / n
            pygame.draw.line(s, (*BARS, 70), (x, 0), (x, h), bw)
        pygame.draw.line(s, (*BARS, 130), (2, 0), (w - 3, 0), bw + 1)
        pygame.draw.line(s, (*BARS, 130), (2, h - 1), (w - 3, h - 1), bw + 1)
        return s

    def draw_place(self, surf, v, seat, pl):
        """A den place: along the top its number, dung and pearls, the upgrade and the cage's
        strength / anti-magic; the cage's bars behind; its monster (token, stripes, name)."""
        G = self.geom
        d = self.R.data
        den = v["seats"][seat]["den"]
        r = G.place(seat, pl)
        cage = den["cage"][pl]
        self.box(surf, r, PLACE_FILL, (70, 60, 50), G.u(0.006))
        num = self.blit_text(surf, self.words.tr("table.place", n=pl + 1), (r.x + 3, r.y + 2), 0.015, style.TEXT_DIM, bold=True)
        ch = max(10, int(r.height * 0.16))
        info = pygame.Rect(r.x + num.width + 6, r.y + 2, r.width - num.width - 8, ch)
        right = info.right
        if cage == -2:
            pygame.draw.rect(surf, (80, 66, 56), r.inflate(-4, -4), 1, border_radius=G.u(0.006))
        else:
            st, an = (d.printed_mods if cage == -1 else (d.cages[cage][2], d.cages[cage][3]))
            right = self.counts(surf, (("ms_anti_magic", str(an), (170, 140, 240)), ("ms_strength", str(st), (220, 200, 150))),
                                info.right, info.centery, ch, 3, "midright")
            # the bars of the cage across the place (the monster sits in front of them)
            bars = self.gfx.cached(("ms_bars", r.size), lambda: self.bars(r.width, r.height - ch - 6))
            surf.blit(bars, (r.x, info.bottom + 2))
        if den["upgrade"][pl] >= 0:
            ic = self.gfx.icon("ms_upgrade", ch, (200, 200, 210))
            surf.blit(ic, ic.get_rect(midright=(right, info.centery)))
        self.counts(surf, (("ms_need_E", den["dung"][pl], (160, 120, 80)), ("ms_pearl", den["pearls"][pl], (240, 240, 255))),
                    info.x, info.centery, ch, 3)
        m = den["monster"][pl]
        if m >= 0:
            self.monster_in_place(surf, m, v["monsters"].get(str(m), {}), r, info.bottom + 2)

    def monster_in_place(self, surf, m, info, r, top):
        """From the bottom up: its name (two lines if it must), its need stripes, and its
        token in the room left; suffering and mutations beside it, shown needs above right."""
        name = self.gfx.fit_lines(self.words.monster_name(m), self.fs(0.0155), r.width - 6, style.TEXT, bold=True,
                                  min_size=max(9, self.fs(0.0155) - 3), max_lines=2)
        nr = name.get_rect(midbottom=(r.centerx, r.bottom - 2))
        surf.blit(name, nr)
        cols = self.words.stripes_of(m, info)
        sh = max(8, int(r.height * 0.085))
        rad = max(6, min(r.width * 0.19, (nr.top - sh - 4 - top) / 2.5))
        c = (r.centerx, top + (nr.top - sh - 3 - top) / 2)
        self.stripe_row(surf, cols, (c[0], nr.top - sh - 2), sh, r.width - 8)
        self.monster_token(surf, m, info, c, rad)
        self.monster_marks(surf, m, info, r, c, rad, len(cols))

    def monster_token(self, surf, m, info, c, rad, small=False):
        """The monster: its icon in a disc, the growth dial round it (stages passed lit),
        its size in a badge."""
        rad = max(6, int(rad))
        cx, cy = int(c[0]), int(c[1])
        mon = self.R.M[m]
        key = ("ms_token", m, rad, info.get("stage", 0))

        def make():
            d = rad + max(3, rad // 4) + 2
            s = pygame.Surface((2 * d, 2 * d), pygame.SRCALPHA)
            col = COLOUR_RGB[mon.stages[-1][0]]
            pygame.draw.circle(s, (0, 0, 0, 120), (d + 1, d + 3), rad + 2)
            pygame.draw.circle(s, style.lerp_color(col, (20, 14, 16), 0.72), (d, d), rad)
            pygame.draw.circle(s, style.lerp_color(col, (255, 255, 255), 0.1), (d, d), rad, max(1, rad // 10))
            ic = self.gfx.icon(self.monster_icon(m), int(rad * 1.35), (246, 232, 200))
            s.blit(ic, ic.get_rect(center=(d, d)))
            # growth dial: one arc per stage
            n = len(mon.stages)
            w = max(2, rad // 6)
            for i in range(n):
                a0 = math.pi / 2 + 2 * math.pi * i / n + 0.08
                a1 = math.pi / 2 + 2 * math.pi * (i + 1) / n - 0.08
                lit = i <= info.get("stage", 0)
                pygame.draw.arc(s, style.GOLD_BRIGHT if lit else (80, 70, 60),
                                pygame.Rect(d - rad - w, d - rad - w, 2 * (rad + w), 2 * (rad + w)), a0, a1, w)
            return s
        img = self.gfx.cached(key, make)
        surf.blit(img, img.get_rect(center=(cx, cy)))
        size = info.get("size")
        if size is not None:
            b = self.gfx.badge(str(size), max(10, int(rad * (0.55 if small else 0.45))), fill=style.INK,
                               border=style.GOLD, color=style.GOLD_BRIGHT, pad=3)
            surf.blit(b, b.get_rect(center=(cx + int(rad * 0.85), cy + int(rad * 0.8))))

    def monster_marks(self, surf, m, info, r, c, rad, limit):
        """Beside the token suffering (of its limit, the stripes) and mutations; above
        right, once revealed, the needs it shows this round."""
        isz = max(10, int(rad * 0.55))
        left = (r.x + 4, c[1] - rad * 0.2)
        suff = info.get("suffering", 0)
        if suff:
            self.icon_count(surf, "ms_suffering", f"{suff}/{limit}", left, isz, SUFFER_RGB, SUFFER_RGB)
        mut = info.get("mutations", 0)
        if mut:
            self.icon_count(surf, "ms_mutation", mut, (left[0], left[1] + isz + 2), isz, MUTATION_RGB, MUTATION_RGB)
        if info.get("accessories"):
            ic = self.gfx.icon("ms_accessory", isz, style.GOLD)
            surf.blit(ic, ic.get_rect(midright=(r.right - 4, c[1] - rad * 0.2)))
        sh_ = info.get("show")
        if sh_ and any(sh_[:6]):
            nsz = max(self.fs(0.014), int(rad * 0.62))
            self.needs_row(surf, sh_[:6], (c[0] + rad + 6, r.y + max(10, int(r.height * 0.16)) + 6), nsz, r.right - 3)

    def stripe_row(self, surf, cols, top, h, width) -> None:
        """The need stripes centred under `top`: each a block in its colour with its shape
        on it, at least h px tall."""
        n = max(1, len(cols))
        w = max(h, min(int(h * 1.5), width // n - 2))
        x = top[0] - (n * (w + 2) - 2) // 2
        for col in cols:
            box = pygame.Rect(x, top[1], w, h)
            pygame.draw.rect(surf, COLOUR_RGB[col], box, border_radius=2)
            pygame.draw.rect(surf, (10, 8, 8), box, 1, border_radius=2)
            self.colour_shape(surf, col, box.center, max(2, h // 2 - 1))
            x += w + 2

    def colour_shape(self, surf, col, c, k):
        """The shape of a need colour (circle, triangle, square, diamond) in dark ink."""
        if col not in SHAPE_POINTS:
            pygame.draw.circle(surf, INK, c, k)
        else:
            pygame.draw.polygon(surf, INK, [(c[0] + dx * k, c[1] + dy * k) for dx, dy in SHAPE_POINTS[col]])

    def needs_row(self, surf, needs, pos, isz, right, color=None, anchor_left=True):
        """The needs shown (icon + count each), wrapping under itself before `right`."""
        x, y = pos
        x0 = x
        for i, n in enumerate(needs):
            if not n:
                continue
            ic = self.gfx.icon(need_icon(i), isz, color or NEED_RGB[i])
            t = self.gfx.text(str(n), max(10, int(isz * 0.8)), style.TEXT, bold=True)
            w = ic.get_width() + t.get_width() + 3
            if x + w > right and x > x0:
                x = x0
                y += isz + 1
            surf.blit(ic, (x, y))
            surf.blit(t, t.get_rect(midleft=(x + ic.get_width() + 1, y + isz // 2)))
            x += w + 2
        return y + isz
