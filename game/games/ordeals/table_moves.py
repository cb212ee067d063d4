"""What the viewer of the Book of Ordeals table may do, without drawing (no pygame): the
decision owed, the Act banner's buttons (`controls`), the reach and the Engagement rings
while a character is carried, a drop or a click made an action (refused with a word),
which character is selected and which Foe is weighed, and the odds preview of the pair
(odds.py, once per pair and view). OrdealsTable's mixin: it reads the table's view,
pieces, board and match."""
from __future__ import annotations

import math

from game.core.rules import IllegalAction
from game.games.ordeals import odds as O
from game.games.ordeals.table_words import char_name, deed_word, tt, word
from game.ui.table.board import RangeRing
from game.ui.table.widgets import BannerSpec, Button


class OrdealsMoves:
    """The viewer's choices on OrdealsTable (see the module docstring)."""

    # -- who is chosen, who is weighed ---------------------------------------------------
    def _char(self, i):
        chars = (self.view or {}).get("chars", [])
        return chars[i] if i is not None and 0 <= i < len(chars) else None

    def selected_index(self):
        """The character whose attack the hover previews: the viewer's active one, else
        one of theirs clicked on the board."""
        v = self.view or {}
        a = v.get("act")
        if a is not None and self.viewer is not None:
            c = self._char(a["index"])
            if c is not None and c["owner"] == self.viewer and c["deployed"] and not c["ooa"]:
                return a["index"]
        sel = self.board.selected
        if sel is not None:
            i = self._index_of(sel)
            c = self._char(i)
            if c is not None and c["owner"] == self.viewer:
                return i
        return None

    def _index_of(self, piece):
        return next((i for i, p in self.pieces.items() if p is piece), None)

    def hovered_foe(self):
        """(mine, foe) indices when the pointer is on a Foe seen now, with one of yours selected."""
        h = self.board.hover
        if h is None or h.dim or self.board.carry is not None:
            return None
        j = self._index_of(h)
        i = self.selected_index()
        if i is None or j is None:
            return None
        if self._char(i)["side"] == self._char(j)["side"]:
            return None
        return i, j

    def preview(self, i, j):
        """odds.preview for the pair, computed once per pair and view (not per frame)."""
        key = (i, j)
        got = self._preview_cache.get(key)
        if got is None:
            pv = O.preview(self.ctx.match.rules, self.view, i, j)
            got = (pv, self._preview_lines(pv, self._char(i), self._char(j)))
            self._preview_cache[key] = got
        return got

    # -- the decision owed, moves, clicks, the banner -------------------------------------
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

    def deploy_spot(self, point):
        """While the viewer deploys: whether a base may be placed at this world point
        (the rules' own check), None when not deploying."""
        d = self._decision()
        if d is None or d.kind != "deploy":
            return None
        return self.ctx.match.is_legal(d.seat, ("deploy", round(point[0], 2), round(point[1], 2)))

    def _board_click(self, item, point) -> None:
        d = self._decision()
        if d is None:
            return
        if d.kind == "deploy" and item is None:
            action = ("deploy", round(point[0], 2), round(point[1], 2))
            if self.ctx.match.is_legal(d.seat, action):
                self.ctx.submit(d.seat, action)
            else:
                self.say(tt("deploy_zone"))
                self.board.flash_zone()         # where the zone is, not only that it was missed
            return
        if item is None:
            return
        idx = self._index_of(item)
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

    def controls(self):
        d = self._decision()
        view = self.view_of(self.viewer)
        if d is None:
            return [], None
        buttons = []
        title, sub = "", ""
        if d.kind == "deploy":
            title, sub = tt("deploy"), tt("deploy_sub", piece=self._name(d.prompt["piece"]))
        elif d.kind == "initiative":
            title = tt("initiative")
            for a in d.actions:
                buttons.append(Button(("first", a[1]), tt("we_first") if a[1] == view["side"] else tt("they_first"),
                                      action=a, seat=d.seat))
        elif d.kind == "activate":
            title, sub = tt("activate"), tt("activate_sub")
            for a in d.actions:
                buttons.append(Button(("act", a[1]), char_name(view["chars"][a[1]], view["chars"]), action=a, seat=d.seat))
        elif d.kind == "push":
            title = tt("won_assault")
            buttons = [Button("push", tt("push"), action=("push",), seat=d.seat),
                       Button("stay", tt("stay"), action=("stay",), seat=d.seat)]
        elif d.kind == "act":
            p = d.prompt or {}
            title = tt("acts", name=char_name(view["chars"][view["act"]["index"]], view["chars"]), left=p.get("left", 0))
            sub = tt("act_sub")
            seen = set()
            for a in d.actions:
                if a[0] == "move":
                    continue
                label = deed_word(a[0])
                if len(a) > 1 and isinstance(a[-1], int) and a[0] in ("assault", "fire", "aid"):
                    label = tt("deed_at", deed=label, target=char_name(view["chars"][a[-1]], view["chars"]))
                elif a[0] == "use":
                    label = tt("deed_at", deed=label, target=word(a[1]))
                elif a[0] == "climb":
                    label = tt("climb_down" if a[1] == -1 else "climb_up", deed=label)
                if label in seen:
                    continue
                seen.add(label)
                buttons.append(Button(("deed",) + tuple(a), label, action=a, seat=d.seat, font_size=18))
        spec = BannerSpec(key=(d.kind, len(self.ctx.match.log)), title=title, subtitle=sub, buttons=buttons[:10],
                          decision=d, center=(self.board_rect().centerx, 12),
                          width=min(1200, self.board_rect().w))
        return [], spec
