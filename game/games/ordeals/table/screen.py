"""The Book of Ordeals table: a top-down battlefield in inches (the kit's skirmish board;
its ground in art.py, painted by the kit's game/ui/table/terrain.py, the terrain's layout in
terrain.py, its words in words.py, what the viewer may do in moves.py;
the side panel's rows, fold button and the edge marks are the kit's panels.py)
with the Trial's terrain, the characters as round 1" bases with facing and status rings,
a live ruler while a character is dragged (inches left, Engagement rings around Foes),
Sight and weapon-range rings and the line-of-sight overlay of the active character, an
Act banner with the Deeds it may still take, and the chronicle (the Shadow's reasons too).

- Facing: a base's wedge points where it last moved or attacked (from the events).
- Hover a Foe while one of yours is active or selected: the sight line, and a card with
  the distance, line of sight, cover, range and the exact odds of the roll (Fire or
  Assault, Advantage/Disadvantage applied; odds.py), cached per hovered pair and view.
- G turns the faint inch grid off and on (the ground is one cached layer, repainted on a
  zoom, a resize or that toggle).
- The dice tray (right, under the chronicle; it always shows the last roll): every
  roll's D12s tumble there; with Advantage or Disadvantage two dice, the kept one ringed, the other dimmed. Each Act of
  the Shadow plays step by step: its reason, the move, the roll, the result.
- Fog of war (solo option): only what the view gives is drawn; a Shadow character out of
  sight stays as a faded "last seen" marker where it was last seen.

Everything drawn comes from the viewer's view (TableKit.view_of: a finished game's
replay shows everything) and visible events; moves are submitted as ("move", x, y) and
checked by the rules (an illegal drop glides home).
"""
from __future__ import annotations

import math

import pygame

from game.games.ordeals.table.art import OrdealsBoard, facing_of, icon_of
from game.games.ordeals.table.moves import OrdealsMoves
from game.games.ordeals.table.terrain import Look, terrain_art
from game.games.ordeals.words import OrdealsWords, statuses_of, t_status, terrain_word, tray_word, tt, tt_fog
from game.ui.table import style
from game.ui.table.board import RangeRing, Terrain
from game.ui.table.dice import DiceTray
from game.ui.table.gfx import night_wood
from game.ui.table.kit import TableKit
from game.ui.table.panels import close_box, edge_mark, edge_marks, fold_button, rows_panel, spot_ring
from game.ui.table.pieces import ICON_LABEL, RINGS, Piece, PieceRenderer, Ring, rimmed_base
from game.ui.table.skirmish import text_card
from game.ui.table.strings import ts

SIDE_COLOURS = ((84, 136, 218), (186, 54, 62))
TERRAIN_KIND = {"blocking": "block", "woods": "woods", "obstacle": "wall", "gap": "gap", "open": "open"}
ROLL_HOLD = 0.7          # seconds a landed roll stays to be read before the result
# the bases: the kit's rimmed base with a long facing tab, no halo (the board's lanterns),
# the names as the board's plates
BASE_LOOK = {"base_art": rimmed_base, "facing_tab": (1.34, 0.9, 24.0, (30, 18, 8)), "halos": False,
             "name_tags": False}
TONES = {"gold": style.GOLD, "shadow": (200, 120, 120)}     # the chronicle's coloured lines


class OrdealsTable(OrdealsMoves, OrdealsWords, TableKit):
    game_id = "ordeals"
    _after: dict | None = None       # the view after the events being told (names of newcomers)

    # ------------------------------------------------------------------ layout
    # Landscape: the Act banner over the board, which takes the window's height below it
    # and all its width but the right-hand panel (the Trial, the chronicle, the dice
    # tray), which folds to a tab. The tables are square (24" or 36"), so turning the
    # view would gain nothing: height is what limits them, and the side panel gives it.
    BANNER_BOTTOM = 206  # design pixels: the banner (12..200) and its shadow
    PANEL_W, TAB_W = 440, 44
    TRIAL_H, TRAY_H = 290, 250
    HOME_PPI = 36        # design pixels an inch at the default zoom: a 1" base is 24 px at 1280x720
    panel_open = True

    def _px(self, v: float) -> int:
        return int(v * self.geo()[0])

    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        right = w - self._px(self.PANEL_W if self.panel_open else self.TAB_W)
        top = self._px(self.BANNER_BOTTOM)
        return pygame.Rect(self._px(12), top, right - self._px(24), h - top - self._px(10))

    def _panel(self) -> pygame.Rect:
        """The right-hand column (when open): the Trial, the chronicle, the dice tray."""
        w, h = self.size
        x = w - self._px(self.PANEL_W - 10)
        return pygame.Rect(x, self._px(84), w - x - self._px(14), h - self._px(96))

    def trial_rect(self) -> pygame.Rect:
        pr = self._panel()
        return pygame.Rect(pr.x, pr.y, pr.w, self._px(self.TRIAL_H))

    def log_rect(self) -> pygame.Rect:
        pr = self._panel()
        top = pr.y + self._px(self.TRIAL_H + 10)
        r = pygame.Rect(pr.x, top, pr.w, pr.bottom - self._px(self.TRAY_H + 12) - top)
        return r if self.panel_open else r.move(self.size[0], 0)      # folded: off the table

    def tray_rect(self) -> pygame.Rect:
        pr = self._panel()
        r = pygame.Rect(pr.x, pr.bottom - self._px(self.TRAY_H), pr.w, self._px(self.TRAY_H))
        return r if self.panel_open else r.move(self.size[0], 0)

    def fold_rect(self) -> pygame.Rect:
        """The button that folds the panel (in the Trial panel's corner) or opens it (a tab)."""
        if self.panel_open:
            tr = self.trial_rect()
            return pygame.Rect(tr.right - self._px(46), tr.y + self._px(8), self._px(38), self._px(38))
        return pygame.Rect(self.size[0] - self._px(self.TAB_W - 4), self._px(84), self._px(self.TAB_W - 10),
                           self._px(120))

    def toggle_panel(self) -> None:
        """Fold the side panel away (the board takes the width) or open it again."""
        self.panel_open = not self.panel_open
        self.board.set_rect(self.board_rect())
        self.board.centre_what_fits()
        self.log.rect = self.log_rect()
        self.repaint()
        self._tray_from_history([ev for ev in self.history if self.visible(ev)])
        self.refresh_controls()                 # the banner follows the board's middle

    def _home_view(self, view) -> None:
        """The default zoom: an inch HOME_PPI design pixels (the whole table when that
        shows it bigger), on the active character, else the viewer's deployment zone."""
        cam = self.board.camera
        cam.ppi = min(cam.max_ppi, max(cam.min_ppi, self.HOME_PPI * self.geo()[0]))
        self._followed = None
        self.board.look_at(self._focus(view))

    def _focus(self, view):
        a = view.get("act")
        c = self._char(a["index"]) if a else None
        if c is not None and c["deployed"] and not c["ooa"]:
            return (c["x"], c["y"])
        zones, side = view["trial"]["zones"], view.get("side")
        z = zones[side] if side is not None and 0 <= side < len(zones) else None
        if z:
            return (sum(p[0] for p in z) / len(z), sum(p[1] for p in z) / len(z))
        w, h = view["trial"]["size"]
        return (w / 2, h / 2)

    def _follow(self, view) -> None:
        """A new Act whose character is off the view (or at its edge): the view goes to it."""
        a = view.get("act")
        if a is None or a["index"] == self._followed:
            return
        self._followed = a["index"]
        p = self.pieces.get(a["index"])
        if p is not None:
            self.board.keep_in_view(p.pos)

    def build(self, view) -> None:
        t = view["trial"]
        terrain = []
        for p in t["terrain"]:
            kind = TERRAIN_KIND.get(p["kind"], "block")
            terrain.append(Terrain(points=[tuple(q) for q in p["poly"]], height=p["height"], kind=kind,
                                   blocks=p["kind"] == "blocking", label=terrain_word(p["name"]) or None))
        rings = {k: Ring(r.color, r.pattern, t_status(k)) for k, r in RINGS.items()}
        self.renderer = PieceRenderer(self.gfx, rings, **BASE_LOOK)
        zones = [z for z in t["zones"] if z and isinstance(z[0], list)]
        chapel = (tuple(t["chapel"]["centre"]), float(t["chapel"]["radius"])) if t.get("chapel") else None
        self.board = OrdealsBoard(self.board_rect(), tuple(t["size"]), self.renderer, terrain=terrain,
                                  art=terrain_art(view), look=Look.of(view), zones=zones, chapel=chapel,
                                  words={"area": self._terrain_tag, "zone": lambda z: tt("your_zone")},
                                  on_drop=self._drop, on_click=self._on_board_click, allowance=self._allowance,
                                  measure=math.dist, drag_rings=self._drag_rings, route=self._route)
        self.board.los_targets = lambda p: not p.dim
        self.pieces: dict[int, Piece] = {}
        self.facing: dict[int, float] = {}
        self._facings_from(self.history)
        self._preview_cache: dict = {}
        self.tray = DiceTray(self.tray_rect(), self.geo()[0])     # the last roll, in words too
        self._status: tuple | None = None        # (view, the Trial panel's rows)
        self.card_of: int | None = None          # the character whose card is open
        self._sync_pieces(view, instant=True)
        self._home_view(view)

    def _facings_from(self, events) -> None:
        """Where each base faces after these events (a rebuilt table keeps its facings)."""
        by_id = {c["id"]: c["index"] for c in (self.view or {}).get("chars", [])}
        for ev in events:
            d = ev.data
            if ev.kind == "move" and "index" in d and len(d.get("path", ())) >= 2:
                a, b = d["path"][-2], d["path"][-1]
                if a != b:
                    self.facing[d["index"]] = facing_of(a, b)
            elif ev.kind == "roll" and d.get("purpose") in ("assault", "fire"):
                i, j = by_id.get(d["attacker"]), by_id.get(d["defender"])
                ci = self._char(i)
                cj = self._char(j)
                if ci is not None and cj is not None:
                    self.facing[i] = facing_of((ci["x"], ci["y"]), (cj["x"], cj["y"]))

    def _default_facing(self, c) -> float:
        """Toward the middle of the table (where the Foes come from)."""
        w, h = self.view["trial"]["size"]
        return facing_of((c["x"], c["y"]), (w / 2, h / 2))

    def _sync_pieces(self, view, instant=False) -> None:
        self.view = view
        for c in view["chars"]:
            i = c["index"]
            p = self.pieces.get(i)
            if not c["deployed"] or c["ooa"]:
                if p is not None:
                    self.board.remove(p)
                    del self.pieces[i]
                continue
            ghost = not c.get("seen", True)
            if p is None:
                p = Piece(c["id"], "mini", SIDE_COLOURS[c["side"]], pos=(c["x"], c["y"]), size=0.5, owner=c["owner"],
                          facing=self.facing.get(i, self._default_facing(c)))     # label, name and the rest below
                self.pieces[i] = p
                self.board.add(p)
            elif instant or p.pos != (c["x"], c["y"]):
                p.pos = (c["x"], c["y"])
            if ghost:
                p.facing = None                 # a last-seen marker: where, not which way
            elif (instant or p.dim) and i in self.facing:
                p.facing = self.facing[i]
            elif p.facing is None:
                p.facing = self._default_facing(c)
            p.dim = ghost
            p.label = "?" if ghost else ICON_LABEL + icon_of(c)
            p.name = self.shown(c)
            p.statuses = set() if ghost else set(statuses_of(c))
            p.draggable = self._my_mover(i)
            p.tip = tt_fog("last_seen", name=self.shown(c)) if ghost else self._tip(c)
        self._preview_cache.clear()
        self._marks(view)
        self._rings(view)
        if hasattr(self, "_followed"):
            self._follow(view)

    def _marks(self, view) -> None:
        """What the board shows beside the bases: lanterns (lit characters seen now), the
        relic (on the ground or a badge on its bearer), the graves and their salt, the
        season and light of the ground."""
        b = self.board
        b.set_look(Look.of(view))
        lit = [i for i, p in self.pieces.items() if not p.dim and view["chars"][i]["lit"]]
        b.lights = [self.pieces[i] for i in lit]
        relic = view.get("relic") or {}
        holder = relic.get("holder", -1)
        b.relic = tuple(relic["at"]) if relic.get("at") is not None and (holder is None or holder < 0) else None
        badges = {}
        for i in lit:
            badges.setdefault(self.pieces[i].id, []).append("lantern")
        if holder is not None and holder >= 0 and holder in self.pieces:
            badges.setdefault(self.pieces[holder].id, []).append("bell")
        self.renderer.badges = {k: tuple(v) for k, v in badges.items()}
        need = self._salt_uses(view)
        b.graves = [(g[0], g[1], int(g[2]), need) for g in view.get("graves") or ()]
        sel = view.get("act")
        b.active = self.pieces.get(sel["index"]) if sel else None
        d = self._decision()
        side = view.get("side")
        b.zone_glow = side if d is not None and d.kind == "deploy" and side is not None else None

    # ------------------------------------------------------------------ hover preview
    def _draw_preview(self, surf) -> None:
        pair = self.hovered_foe()
        if pair is None:
            return
        i, j = pair
        pv, lines = self.preview(i, j)
        a, b = self.pieces.get(i), self.pieces.get(j)
        if a is None or b is None:
            return
        self.board.sight_line(surf, a.pos, b.pos, pv.los)
        card = text_card(self.gfx, lines, self.geo()[4](19, 13), 8)
        # beside the Foe, on the side away from the attacker (the sight line stays clear), its name readable
        box = self.board.place_beside(card.get_size(), b, int(b.screen_r) + 14, left=b.pos[0] < a.pos[0],
                                      clear_plate=True)
        surf.blit(card, box.topleft)

    def _rings(self, view) -> None:
        self.board.rings = []
        self.board.los_from = None
        a = view["act"]
        if a is None:
            return
        c = view["chars"][a["index"]]
        if not c["deployed"] or c["ooa"]:
            return
        self.board.rings.append(RangeRing((c["x"], c["y"]), c["sight"] + 0.5, (150, 100, 200),
                                          tt("sight_ring", n=c["sight"]), dashed=True))
        if c["range"]:
            self.board.rings.append(RangeRing((c["x"], c["y"]), c["range"] + 0.5, style.GOLD, f"{c['range']:g}\""))
        self.board.los_from = self.pieces.get(a["index"])

    # ------------------------------------------------------------------ kit hooks
    def log_entry(self, ev):
        said = self.chronicle_line(ev)
        return [(said[0], None, TONES.get(said[1]))] if said is not None else None

    def on_events(self, events) -> None:
        after = self._after = self.view_of(self.viewer)      # names of characters that just came
        super().on_events(events)
        self.step(lambda: (self._sync_pieces(after), 0.0)[1])

    def set_viewer(self, seat) -> None:
        super().set_viewer(seat)
        # the chronicle is replayed after build: the facings and the tray's last roll come from it
        seen = [ev for ev in self.history if self.visible(ev)]
        self._facings_from(seen)
        for i, p in self.pieces.items():
            if i in self.facing and not p.dim:
                p.facing = self.facing[i]
        self._tray_from_history(seen)

    def _shadow_pace(self) -> float:
        return float(self.ctx.match.rules.R.shadow_step_seconds)

    def animate(self, ev) -> bool:
        k, d = ev.kind, ev.data
        if k == "move" and "index" in d:
            p = self.pieces.get(d["index"])
            if p is not None:
                path = [tuple(q) for q in d["path"]]
                i = d["index"]
                c = self._char(i)
                hold = self._shadow_pace() if c is not None and c["owner"] < 0 else 0.0

                def run(p=p, path=path, i=i, hold=hold):
                    if len(path) >= 2 and path[-2] != path[-1]:
                        self.facing[i] = facing_of(path[-2], path[-1])
                        p.turn(self.board.anim, facing_of(path[0], path[1]) if path[0] != path[1] else self.facing[i], 0.15)
                    dur = 0.25 + 0.08 * len(path)
                    p.glide(self.board.anim, path[-1], dur, path=path,
                            on_done=lambda *_: p.turn(self.board.anim, self.facing.get(i, p.facing or 0.0), 0.12))
                    return dur + 0.05 + hold
                self.step(run)
                return True
        if k == "push" and "index" in d:
            p = self.pieces.get(d["index"])
            if p is not None:
                self.step(lambda p=p, to=tuple(d["to"]): (p.glide(self.board.anim, to, 0.3), 0.3)[1])
                return True
        if k == "roll":
            self._roll_on_tray(d)
            return True
        if k == "harm" and "index" in d:
            p = self.pieces.get(d["index"])
            if p is not None:
                text = f"-{d['amount']}" if d["amount"] else "0"

                def hit(p=p, text=text):
                    self.floater(text, self.board.camera.to_screen(p.pos), style.BAD)
                    return 0.35
                self.step(hit)
                return True
        return False

    # ------------------------------------------------------------------ the dice tray
    def _roll_on_tray(self, d: dict) -> None:
        """Queue: the roll's D12s tumble onto the tray and land on the rolled faces; a duel
        (Assault, Fire) puts the attacker's dice left (two with Advantage/Disadvantage,
        the kept one marked) and the defender's right; other rolls (deployment,
        initiative, a storm) one die per side or one alone."""
        got = self._tray_groups(d)
        if got is None:
            return
        groups, result = got
        self.step(lambda: self._lay_tray(groups, result, animate=True))

    def _tray(self) -> DiceTray:
        """The kit's dice tray where the layout puts it now."""
        self.tray.rect, self.tray.scale = self.tray_rect(), self.geo()[0]
        return self.tray

    def _lay_tray(self, groups, result, animate: bool) -> float:
        """Put the dice of `groups` on the tray: tumbling in (animate), or already landed
        (a table opened mid-game shows the last roll). Returns the time it takes."""
        self.dice, secs = self._tray().lay(groups, result, self.anim if animate else None, self.rng, self.sound)
        return secs + ROLL_HOLD if animate else 0.0

    def _tray_from_history(self, events) -> None:
        """The tray is never empty: the last roll seen, landed; before any roll, two dice at rest."""
        ev = next((e for e in reversed(events) if e.kind == "roll"), None)
        got = self._tray_groups(ev.data) if ev is not None else None
        if got is None:
            got = ([([12], "", None), ([12], "", None)], tray_word("idle"))
        self._lay_tray(*got, animate=False)

    # ------------------------------------------------------------------ drawing
    def render_background(self) -> pygame.Surface:
        """Dark wood under candle-light, the board in a framed well, the tray's place."""
        sc = self.geo()[0]
        w, h = self.size
        br = self.board_rect()
        bg = night_wood(self.ctx.assets, (w, h), (70, 54, 50), (22, 15, 12), (8, 12, 30, 80),
                        [(x, y, max(8, r), k) for x, y, r, k in
                         ((br.centerx, br.centery, int(max(br.size) * 0.75), 0.16),
                          (int(w * 0.87), int(h * 0.2), int(460 * sc), 0.12),
                          (int(w * 0.05), h, int(380 * sc), 0.1))])
        self.board_panel(bg, br.inflate(int(16 * sc) + 8, int(16 * sc) + 8), (40, 30, 24), (24, 18, 14), style.GOLD_DEEP)
        if self.panel_open:
            self._tray().paint(bg, self.gfx, self.ctx.assets, tray_word("title"), self.geo()[4])
        return bg

    def draw_overlay(self, surf) -> None:
        if self.panel_open:
            self._tray().draw(surf, self.gfx, self.geo()[4], tray_word("kept"))
            self._draw_trial(surf)
        self._draw_fold(surf)
        self._draw_offview(surf)
        self._draw_deploy_ghost(surf)
        self._draw_preview(surf)
        self._draw_piece_card(surf)
        self._draw_char_card(surf)

    TRIAL_LOOK = {"head": (22, style.GOLD_BRIGHT, True), "turn": (20, style.GOLD, True),
                  "goal": (18, style.TEXT, True), "text": (17, style.TEXT, False), "dim": (16, style.TEXT_DIM, False)}

    def _draw_trial(self, surf) -> None:
        """The Trial panel: its name, the Turn, the goal, how it is lost, the conditions."""
        r = self.trial_rect()
        surf.blit(self._rows_panel(self.trial_lines(), r.w, r.h), r.topleft)

    def _rows_panel(self, rows, w: int, h: int, alpha: int = 215) -> pygame.Surface:
        return rows_panel(self.gfx, rows, self.TRIAL_LOOK, w, h, self.geo()[0], self.geo()[4], alpha=alpha)

    def _draw_fold(self, surf) -> None:
        r = self.fold_rect()
        fold_button(surf, r, self.panel_open, r.collidepoint(self.pointer))

    def offview_marks(self) -> list:
        """(index, screen point) for each character off the view (zoomed in): a mark on the
        view's edge in the line from its middle, so nobody acts unseen; a click goes there."""
        return edge_marks(self.board.camera, {i: p.pos for i, p in self.pieces.items()}, self._px(40))

    def _draw_offview(self, surf) -> None:
        for i, at in self.offview_marks():
            p = self.pieces[i]
            edge_mark(surf, self.gfx, at, self.board.camera.rect.center, self._px(13), p.color, p.label, p.dim)

    def char_card_rect(self, card) -> pygame.Rect:
        """Where a character's card goes: the top of the side panel (over the Trial), or
        the board's top right corner when the panel is folded."""
        r = card.get_rect(topleft=self.trial_rect().topleft)
        if not self.panel_open:
            r.topright = (self.board_rect().right - self._px(8), self.board_rect().y + self._px(8))
        return r

    def _char_card(self):
        """The open character's card, as wide and at least as high as the Trial panel it covers."""
        c = self._char(self.card_of)
        if c is None or not c["deployed"] or c["ooa"]:
            return None
        lines = self.card_lines(c)
        r = self.trial_rect()
        return self._rows_panel([(lines[0], "head")] + [(line, "goal" if k == 0 else "text")
                                                       for k, line in enumerate(lines[1:])], r.w, r.h, 255)

    def _draw_char_card(self, surf) -> None:
        card = self._char_card()
        if card is None:
            return
        r = self.char_card_rect(card)
        surf.blit(card, r.topleft)
        box = self.close_rect(r)
        close_box(surf, box, box.collidepoint(self.pointer), self.geo()[0])

    def close_rect(self, card_rect) -> pygame.Rect:
        return pygame.Rect(card_rect.right - self._px(46), card_rect.y + self._px(8), self._px(38), self._px(38))

    def open_card(self, index) -> None:
        """A character's card (stats, weapons, armour, items, Lore, statuses), until closed."""
        self.card_of = index if self._char(index) is not None else None

    def _draw_deploy_ghost(self, surf) -> None:
        """While deploying, the base under the pointer: ringed green where it may go, red and crossed where not."""
        b = self.board
        at = b.pointer
        if b.hover is not None or at is None or not b.camera.rect.collidepoint(at):
            return
        ok = self.deploy_spot(b.camera.to_world(at))
        if ok is not None:
            s = self.ctx.settings
            spot_ring(surf, at, max(4, round(0.5 * b.camera.ppi)), ok, style.good(s), style.bad(s))

    def _draw_piece_card(self, surf) -> None:
        """Hovering a base (not a Foe being weighed): its stats, Harm and statuses beside it."""
        b = self.board
        p = b.hover
        if p is None or b.carry is not None or self.hovered_foe() is not None:
            return
        words = ", ".join(t_status(st) for st in sorted(p.statuses))
        tip = (p.tip or p.name or "") + ("\n" + words if words else "")
        card = text_card(self.gfx, tip.split("\n"), self.geo()[4](18, 13))
        surf.blit(card, b.place_beside(card.get_size(), p, p.screen_r * 1.6 + 10).topleft)

    def draw_board(self, surf) -> None:
        self.board.draw(surf)

    # ------------------------------------------------------------------ input
    def handle_event(self, e) -> bool:
        if self._panel_event(e):
            return True
        if e.type == pygame.MOUSEMOTION and not self.board.camera.rect.collidepoint(e.pos) \
                or e.type == pygame.WINDOWLEAVE:
            self.board.hover = self.board.hover_area = None     # off the board: no card stays behind
        return super().handle_event(e) or self.board.handle_event(e)      # G: the grid (the board's key)

    def dismiss(self) -> bool:
        """Esc closes an open character card (the scene opens the pause menu otherwise)."""
        if self.card_of is None or self.board.carry is not None:
            return False
        self.card_of = None
        return True

    def _panel_event(self, e) -> bool:
        """The fold button and P, a character's card (right-click a base; ✕ or Esc closes it)."""
        if e.type == pygame.KEYDOWN and e.key == pygame.K_p and not getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.toggle_panel()
            return True
        if e.type != pygame.MOUSEBUTTONDOWN or not hasattr(e, "pos"):
            return False
        card = self._char_card()
        if card is not None and self.char_card_rect(card).collidepoint(e.pos):
            if e.button == 1:
                self.card_of = None
            return True
        if e.button == 1 and self.fold_rect().collidepoint(e.pos):
            self.toggle_panel()
            return True
        mark = next((i for i, at in self.offview_marks() if math.dist(at, e.pos) <= self._px(18)), None)
        if e.button == 1 and mark is not None:
            self.board.look_at(self.pieces[mark].pos)            # to the character the mark points at
            return True
        if e.button == 3 and self.board.camera.rect.collidepoint(e.pos):
            piece = self.board.piece_at(e.pos)
            self.open_card(self._index_of(piece) if piece is not None else None)
            return True
        return False

    def _on_board_click(self, item, point) -> None:
        """A click on the board: the decision's (deploy, activate, attack) when it is one;
        a click on a character that did nothing opens its card."""
        before = len(self.ctx.match.log)
        self._board_click(item, point)
        if len(self.ctx.match.log) == before:
            self.open_card(self._index_of(item) if item is not None else None)

    def help_lines(self) -> list[tuple[str, str]]:
        """The keys of this table (not the card tables' Space, Alt and H)."""
        return [(tt(f"key_{k}"), tt(f"help_{k}")) for k in ("drag", "click", "right", "wheel", "pan", "keys",
                                                              "panel", "grid")] + \
            [(ts("key_undo"), ts("help_undo")), (ts("key_esc"), ts("help_escape"))]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)
        b = self.board
        if b.hover is not None and b.carry is None and not b.hover.hit(b.pointer):
            b.hover = None              # the base moved away (or went) from under a resting pointer

    def busy(self) -> bool:
        return super().busy() or self.board.busy()

