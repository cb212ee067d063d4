"""The Book of Ordeals table: a top-down battlefield in inches (game/ui/table/board.py)
with the Trial's terrain, the characters as round 1" bases with status rings, a live
ruler while a character is dragged (inches left, Engagement rings around Foes), Sight
and weapon-range rings and the line-of-sight overlay of the active character, an Act
banner with the Deeds it may still take, and the chronicle (the Shadow's reasons too).

Everything drawn comes from the viewer's view and visible events; moves are submitted
as ("move", x, y) and checked by the rules (an illegal drop glides home).
"""
from __future__ import annotations

import math

import pygame

from game.core.i18n import has, t
from game.core.rules import IllegalAction
from game.ui.table import style
from game.ui.table.board import Board, RangeRing, Terrain
from game.ui.table.kit import TableKit
from game.ui.table.pieces import Piece, PieceRenderer
from game.ui.table.widgets import BannerSpec, Button

SIDE_COLOURS = ((70, 120, 200), (170, 50, 60))
TERRAIN_KIND = {"blocking": "block", "woods": "woods", "obstacle": "wall", "gap": "gap", "open": "open"}



def tt(key: str, **params) -> str:
    """The table's words: t("ordeals.table.<key>")."""
    return t(f"ordeals.table.{key}", **params)


def word(value) -> str:
    """A data word (season, light, weather, weapon) in the current language, if the locale has it."""
    key = f"ordeals.word.{value}"
    return t(key) if has(key) else str(value)


def terrain_word(name) -> str:
    """A terrain piece's name from the Trial's data in the current language, if the locale has it."""
    if not name:
        return ""
    key = "ordeals.terrain." + str(name).replace(" ", "_")
    return t(key) if has(key) else str(name)


def char_name(c: dict) -> str:
    """A character's shown name: a Shadow profile's name in the current language
    (ordeals.profile.<key>), a Company member's own name as the data gives it."""
    key = f"ordeals.profile.{c.get('key')}"
    return t(key) if c.get("key") != "member" and has(key) else c["name"]


def deed_word(deed: str) -> str:
    key = f"ordeals.deed.{deed}"
    return t(key) if has(key) else deed


class OrdealsTable(TableKit):
    game_id = "ordeals"

    # ------------------------------------------------------------------ layout
    def board_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(20, 330, int(w * 0.74) - 20, h - 370)

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
        self.board = Board(self.board_rect(), tuple(t["size"]), PieceRenderer(self.gfx), terrain=terrain,
                           on_drop=self._drop, on_click=self._click, allowance=self._allowance,
                           measure=self._measure, drag_rings=self._drag_rings)
        self.pieces: dict[int, Piece] = {}
        self._sync_pieces(view, instant=True)

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
            if p is None:
                p = Piece(c["id"], "mini", SIDE_COLOURS[c["side"]], label=char_name(c)[:1], name=char_name(c),
                          pos=(c["x"], c["y"]), size=0.5, owner=c["owner"], draggable=c["owner"] == self.viewer)
                self.pieces[i] = p
                self.board.add(p)
            elif instant or p.pos != (c["x"], c["y"]):
                p.pos = (c["x"], c["y"])
            p.statuses = self._statuses(c)
            p.draggable = self._my_mover(i)
            p.tip = self._tip(c)
        self._rings(view)

    def _tip(self, c) -> str:
        bits = [tt("stats", name=char_name(c), might=c["might"], aim=c["aim"], pace=c["pace"], ward=c["ward"]),
                tt("harm_of", harm=c["harm"], grit=c["grit"])
                + (f" · {word(c['ranged'])} {c['range']:g}\"" if c["ranged"] else "")]
        act = self._decision()
        if act is not None and act.kind == "act" and self.view["act"] is not None:
            me = self.view["chars"][self.view["act"]["index"]]
            if me["side"] != c["side"]:
                bits.append(self._odds_text(me, c))
        return "\n".join(bits)

    def _odds_text(self, me, c) -> str:
        """Line of sight, range and the odds of a Fire from the active character."""
        m = self.ctx.match
        R = m.rules
        d = math.hypot(me["x"] - c["x"], me["y"] - c["y"]) - 1.0
        if me["range"]:
            adv = 0
            hit = _p_opposed(me["aim"], c["might"] - (1 if c["down"] else 0), adv)
            return f"{max(0.0, d):.1f}\" away · Fire hits {hit:.0%} (no Advantage)"
        return f"{max(0.0, d):.1f}\" away"

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

    # ------------------------------------------------------------------ moves
    def _decision(self):
        ds = self.my_decisions()
        return ds[0] if ds else None

    def _my_mover(self, i) -> bool:
        d = self._decision()
        if d is None or d.free is None:
            return False
        return d.free.get("index") == i

    def _allowance(self, piece):
        d = self._decision()
        if d is not None and d.free is not None and d.free.get("verb") == "move":
            return float(d.free["reach"]) + 1.0     # centre travel includes the base
        return None

    def _measure(self, a, b) -> float:
        return math.dist(a, b)

    def _drag_rings(self, piece) -> list:
        d = self._decision()
        if d is None or d.free is None or d.free.get("verb") != "move":
            return []
        return [RangeRing(tuple(f), 2.0, (220, 60, 60), None, dashed=True) for f in d.free.get("foes", [])]

    def _drop(self, piece, point, target):
        d = self._decision()
        if d is None or d.free is None:
            return False
        verb = d.free.get("verb")
        action = (verb, round(point[0], 2), round(point[1], 2))
        if verb == "move" and not self.ctx.match.is_legal(d.seat, action):
            # a pixel beyond the allowance: the same line, just inside it
            ox, oy = d.free["origin"]
            L = math.hypot(point[0] - ox, point[1] - oy)
            reach = float(d.free["reach"])
            if reach < L <= reach + 0.25:
                k = (reach - 0.01) / L
                action = (verb, round(ox + (point[0] - ox) * k, 2), round(oy + (point[1] - oy) * k, 2))
        if not self.ctx.match.is_legal(d.seat, action):
            self.say(tt("no_place"))
            self.sound("error")
            return False
        try:
            self.ctx.submit(d.seat, action)
        except IllegalAction as exc:
            self.say(exc.reason)
            return False
        return True

    def _click(self, item, point) -> None:
        d = self._decision()
        if d is None:
            return
        if d.kind == "deploy" and item is None:
            action = ("deploy", round(point[0], 2), round(point[1], 2))
            if self.ctx.match.is_legal(d.seat, action):
                self.ctx.submit(d.seat, action)
            else:
                self.say(tt("deploy_zone"))
            return
        if item is None:
            return
        idx = next((i for i, p in self.pieces.items() if p is item), None)
        if idx is None:
            return
        for a in d.actions:
            if d.kind == "activate" and a == ("act", idx):
                self.ctx.submit(d.seat, a)
                return
        for verb in ("assault", "fire", "aid"):
            if (verb, idx) in d.actions:
                self.ctx.submit(d.seat, (verb, idx))
                return

    # ------------------------------------------------------------------ kit hooks
    def on_events(self, events) -> None:
        super().on_events(events)
        after = self.ctx.match.view(self.viewer)
        self.step(lambda: (self._sync_pieces(after), 0.0)[1])

    def set_viewer(self, seat) -> None:
        super().set_viewer(seat)

    def animate(self, ev) -> bool:
        k, d = ev.kind, ev.data
        if k == "move" and "index" in d:
            p = self.pieces.get(d["index"])
            if p is not None:
                path = [tuple(q) for q in d["path"]]

                def run(p=p, path=path):
                    p.glide(self.board.anim, path[-1], 0.25 + 0.08 * len(path), path=path)
                    return 0.3
                self.step(run)
                return True
        if k == "push" and "index" in d:
            p = self.pieces.get(d["index"])
            if p is not None:
                self.step(lambda p=p, to=tuple(d["to"]): (p.glide(self.board.anim, to, 0.3), 0.3)[1])
                return True
        if k == "roll" and d.get("purpose") in ("assault", "fire"):
            self.step(lambda: 0.35)
            return True
        return False

    def _name(self, cid) -> str:
        for c in (self.view or {}).get("chars", []):
            if c["id"] == cid:
                return char_name(c)
        return str(cid)

    def _log_line(self, d: dict):
        """A rules `log` event ({"key", "params"}) in the current language: piece ids in
        `actor`/`target`/`piece` become names; a Shadow reason goes inside shadow_line."""
        key = d.get("key", "")
        if key == "ordeals.log.conditions":
            return None            # the "conditions" event already says it
        params = dict(d.get("params") or {})
        for p in ("actor", "target", "piece"):
            if isinstance(params.get(p), str):
                params[p] = self._name(params[p])
        if not has(key):
            return [(key, None, None)]
        text = t(key, **params)
        if d.get("shadow"):
            return [(t("ordeals.log.shadow_line", actor=params.get("actor", ""), why=text), None, (200, 120, 120))]
        return [(text, None, None)]

    def log_entry(self, ev):
        k, d = ev.kind, ev.data
        nm = self._name
        if k == "log":
            return self._log_line(d)
        if k == "roll" and d.get("purpose") in ("assault", "fire"):
            return [(tt("duel", purpose=deed_word(d["purpose"]), attacker=nm(d["attacker"]), a_dice=str(d["a_dice"]),
                        a_total=d["a_total"], defender=nm(d["defender"]), d_dice=str(d["d_dice"]),
                        d_total=d["d_total"]), None, None)]
        if k == "harm":
            return [(tt("harm_down" if d["down"] else "harm", piece=nm(d["piece"]), amount=d["amount"],
                        total=d["total"], grit=d["grit"]), None, None)]
        if k == "turn":
            return [(tt("turn", turn=d["turn"], of=d["of"]), None, style.GOLD)]
        if k == "conditions":
            return [(tt("conditions", season=word(d["season"]).capitalize(), light=word(d["light"]),
                        weather=word(d["weather"]), sight=d["sight"]), None, style.GOLD)]
        if k == "game_over":
            return [(tt("trial_ends", reason=d["reason"]), None, style.GOLD)]
        return None

    def controls(self):
        d = self._decision()
        view = self.ctx.match.view(self.viewer)
        if d is None:
            return [], None
        buttons = []
        title, sub = "", ""
        if d.kind == "deploy":
            title, sub = tt("deploy"), tt("deploy_sub", piece=d.prompt["piece"])
        elif d.kind == "initiative":
            title = tt("initiative")
            for a in d.actions:
                buttons.append(Button(("first", a[1]), tt("we_first") if a[1] == view["side"] else tt("they_first"),
                                      action=a, seat=d.seat))
        elif d.kind == "activate":
            title, sub = tt("activate"), tt("activate_sub")
            for a in d.actions:
                buttons.append(Button(("act", a[1]), char_name(view["chars"][a[1]]), action=a, seat=d.seat))
        elif d.kind == "push":
            title = tt("won_assault")
            buttons = [Button("push", tt("push"), action=("push",), seat=d.seat),
                       Button("stay", tt("stay"), action=("stay",), seat=d.seat)]
        elif d.kind == "act":
            p = d.prompt or {}
            title = tt("acts", name=char_name(view["chars"][view["act"]["index"]]), left=p.get("left", 0))
            sub = tt("act_sub")
            seen = set()
            for a in d.actions:
                if a[0] == "move":
                    continue
                label = deed_word(a[0])
                if len(a) > 1 and isinstance(a[-1], int) and a[0] in ("assault", "fire", "aid"):
                    label = tt("deed_at", deed=label, target=char_name(view["chars"][a[-1]]))
                elif a[0] == "use":
                    label = tt("deed_at", deed=label, target=word(a[1]))
                elif a[0] == "climb":
                    label = tt("climb_down" if a[1] == -1 else "climb_up", deed=label)
                if label in seen:
                    continue
                seen.add(label)
                buttons.append(Button(("deed",) + tuple(a), label, action=a, seat=d.seat, font_size=18))
        spec = BannerSpec(key=(d.kind, len(self.ctx.match.log)), title=title, subtitle=sub, buttons=buttons[:10],
                          decision=d, center=(self.board_rect().centerx, 150), width=1200)
        return [], spec

    def draw_board(self, surf) -> None:
        self.board.draw(surf)
        v = self.view or {}
        f = self.gfx.font(20, bold=True)
        if v:
            text = tt("status_line", trial=v["trial"]["number"], turn=v["turn"], turns=v["trial"]["turns"],
                      sight=v["sight"], season=word(v["season"]), light=word(v["light"]), weather=word(v["weather"]),
                      ours=v["lost"][0], other=tt("shadow") if v["mode"] == "solo" else tt("rivals"),
                      theirs=v["lost"][1])
            surf.blit(f.render(text, True, style.PARCHMENT if hasattr(style, "PARCHMENT") else (230, 220, 200)),
                      (self.board_rect().x, self.board_rect().bottom + 2 - 24))

    def handle_event(self, e) -> bool:
        if super().handle_event(e):
            return True
        return self.board.handle_event(e)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.board.update(dt)

    def busy(self) -> bool:
        return super().busy() or self.board.busy()


def _p_opposed(bonus_a: int, bonus_d: int, adv: int) -> float:
    """P(D12 + a > D12 + d), with Advantage (+1) or Disadvantage (-1) on the attacker."""
    hits = 0
    total = 0
    for a1 in range(1, 13):
        for a2 in range(1, 13):
            a = a1 if adv == 0 else (max(a1, a2) if adv > 0 else min(a1, a2))
            for d in range(1, 13):
                total += 1
                hits += a + bonus_a > d + bonus_d
    return hits / total
