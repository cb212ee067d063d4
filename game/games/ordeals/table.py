"""The Book of Ordeals table: a top-down battlefield in inches (the kit's skirmish board;
its art — ground, terrain, bases — in table_art.py, the terrain's layout in
table_terrain.py, its words in table_words.py, what the viewer may do in table_moves.py)
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

import pygame

from game.games.ordeals.table_art import BASE_LOOK, OrdealsBoard, paint_base
from game.games.ordeals.table_moves import OrdealsMoves
from game.games.ordeals.table_terrain import Look, TerrainArt
from game.games.ordeals.table_words import (ICON_PREFIX, OrdealsWords, char_name, facing_of, icon_of, t_status,
                                            terrain_word, tray_word, tt, tt_fog)
from game.ui.table import style
from game.ui.table.board import RangeRing, Terrain
from game.ui.table.dice import DiceTray
from game.ui.table.gfx import night_wood
from game.ui.table.kit import TableKit
from game.ui.table.pieces import RINGS, Piece, PieceRenderer, Ring
from game.ui.table.skirmish import text_card

SIDE_COLOURS = ((84, 136, 218), (186, 54, 62))
TERRAIN_KIND = {"blocking": "block", "woods": "woods", "obstacle": "wall", "gap": "gap", "open": "open"}
ROLL_HOLD = 0.7          # seconds a landed roll stays to be read before the result


class OrdealsTable(OrdealsMoves, OrdealsWords, TableKit):
    game_id = "ordeals"
    _after: dict | None = None       # the view after the events being told (names of newcomers)

    # ------------------------------------------------------------------ layout
    BANNER_H = 210       # the Act banner above the board (its fonts do not scale)

    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        top = 12 + self.BANNER_H
        return pygame.Rect(20, top, int(w * 0.74) - 20, h - top - 40)

    def log_rect(self) -> pygame.Rect:
        w, h = self.size
        x = int(w * 0.74) + 10
        return pygame.Rect(x, 84, w - x - 20, int(h * 0.62))

    def build(self, view) -> None:
        t = view["trial"]
        terrain = []
        for p in t["terrain"]:
            kind = TERRAIN_KIND.get(p["kind"], "block")
            terrain.append(Terrain(points=[tuple(q) for q in p["poly"]], height=p["height"], kind=kind,
                                   blocks=p["kind"] == "blocking", label=terrain_word(p["name"]) or None))
        rings = {k: Ring(r.color, r.pattern, t_status(k)) for k, r in RINGS.items()}
        self.renderer = PieceRenderer(self.gfx, rings, base_art=paint_base, **BASE_LOOK)
        zones = [z for z in t["zones"] if z and isinstance(z[0], list)]
        chapel = (tuple(t["chapel"]["centre"]), float(t["chapel"]["radius"])) if t.get("chapel") else None
        self.board = OrdealsBoard(self.board_rect(), tuple(t["size"]), self.renderer, terrain=terrain,
                                  art=TerrainArt.from_view(view), look=Look.of(view), zones=zones, chapel=chapel,
                                  words={"area": self._terrain_tag, "zone": lambda z: tt("your_zone")},
                                  on_drop=self._drop, on_click=self._board_click, allowance=self._allowance,
                                  measure=self._measure, drag_rings=self._drag_rings)
        self.board.los_targets = lambda p: not p.dim
        self.pieces: dict[int, Piece] = {}
        self.facing: dict[int, float] = {}
        self._facings_from(self.history)
        self._preview_cache: dict = {}
        self.tray = DiceTray(self.tray_rect(), self.geo()[0])     # the last roll, in words too
        self._status: tuple | None = None        # (view, the status line's words)
        self._sync_pieces(view, instant=True)

    def tray_rect(self) -> pygame.Rect:
        w, h = self.size
        lr = self.log_rect()
        return pygame.Rect(lr.x, lr.bottom + 12, lr.w, max(80, h - lr.bottom - 32))

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

    def _statuses(self, c) -> set:
        out = set()
        for key, flag in (("tired", c["tired"]), ("knocked_down", c["down"]), ("hidden", c["hidden"]),
                          ("guard", c["guard"]), ("engaged", c["engaged"]), ("lit", c["lit"])):
            if flag:
                out.add(key)
        return out

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
                p = Piece(c["id"], "mini", SIDE_COLOURS[c["side"]], label=ICON_PREFIX + icon_of(c), name=char_name(c),
                          pos=(c["x"], c["y"]), size=0.5, owner=c["owner"], draggable=c["owner"] == self.viewer,
                          facing=self.facing.get(i, self._default_facing(c)))
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
            p.label = "?" if ghost else ICON_PREFIX + icon_of(c)
            p.name = char_name(c)
            p.statuses = set() if ghost else self._statuses(c)
            p.draggable = self._my_mover(i)
            p.tip = tt_fog("last_seen", name=char_name(c)) if ghost else self._tip(c)
        self._preview_cache.clear()
        self._marks(view)
        self._rings(view)

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

    def _salt_uses(self, view) -> int:
        """How many Uses salt a grave: the Trial's data (public, like the map)."""
        key = view["trial"]["key"]
        trial = next((tr for tr in self.ctx.match.rules.data.trials.values() if tr.key == key), None)
        return int(getattr(trial.victory, "uses", 0) or 2) if trial is not None else 2

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
        self._tray().paint(bg, self.gfx, self.ctx.assets, tray_word("title"), self.geo()[4])
        return bg

    def draw_overlay(self, surf) -> None:
        self._tray().draw(surf, self.gfx, self.geo()[4], tray_word("kept"))
        self._draw_deploy_ghost(surf)
        self._draw_preview(surf)
        self._draw_piece_card(surf)

    def _draw_deploy_ghost(self, surf) -> None:
        """While deploying, the base under the pointer: ringed green where it may go, red and crossed where not."""
        b = self.board
        at = b.pointer
        if b.hover is not None or at is None or not b.camera.rect.collidepoint(at):
            return
        ok = self.deploy_spot(b.camera.to_world(at))
        if ok is not None:
            r, s = max(4, round(0.5 * b.camera.ppi)), self.ctx.settings
            pygame.draw.circle(surf, style.good(s) if ok else style.bad(s), at, r, max(2, r // 4))
            if not ok:                                   # not by colour alone: a cross where it may not go
                k = int(r * 0.6)
                for dx in (-k, k):
                    pygame.draw.line(surf, style.bad(s), (at[0] - dx, at[1] - k), (at[0] + dx, at[1] + k), 2)

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
        text = self._status_text()
        if text:
            br = self.board_rect()
            surf.blit(self.gfx.fit_text(text, 20, br.w, style.PARCHMENT, bold=True), (br.x, br.bottom + 8))

    def handle_event(self, e) -> bool:
        return super().handle_event(e) or self.board.handle_event(e)      # G: the grid (the board's key)

    def extra_help(self) -> list[tuple[str, str]]:
        return [(tt("grid_key"), tt("grid_help"))]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)

    def busy(self) -> bool:
        return super().busy() or self.board.busy()

