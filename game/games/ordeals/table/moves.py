"""What the viewer of the Book of Ordeals table may do, without drawing (no pygame): the
decision owed, the Act banner's buttons (`controls`), the reach, route and Engagement
rings while a character is carried (the rules' move_route, asked on what the seat sees), a
drop or a click made an action (a refused Move says why), which character is selected and
which Foe is weighed, and the odds preview of the pair (odds.py, once per pair and view).
OrdealsTable's mixin: it reads the table's view, pieces, board and match."""
from __future__ import annotations

import math
import random

from game.core.rules import IllegalAction
from game.games.ordeals import odds as O
from game.games.ordeals.rebuild import determinize
from game.games.ordeals.table.words import char_name, deed_word, tt, word
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
        """The Move's allowance as the rules give it: how far the base's centre may travel
        (the ruler measures centre to centre, so nothing is added for the base)."""
        d = self._decision()
        if d is not None and d.free is not None and d.free.get("verb") == "move":
            return float(d.free["reach"])
        return None

    def _measure(self, a, b) -> float:
        return math.dist(a, b)

    def _drag_rings(self, piece) -> list:
        d = self._decision()
        if d is None or d.free is None or d.free.get("verb") != "move":
            return []
        return [RangeRing(tuple(f), 2.0, (220, 60, 60), None, dashed=True) for f in d.free.get("foes", [])]

    def _known_state(self):
        """The state behind this seat's view, with only what the seat may see (under fog
        the Shadow characters it does not see now are left off): what the ruler asks the
        rules about. Built once per view."""
        view = self.view
        kept = getattr(self, "_known", None)
        if kept is not None and kept[0] is view:
            return kept[1]
        s = determinize(self.ctx.match.rules, view, self.viewer, random.Random(0))
        for cv, c in zip(view["chars"], s.chars):
            if not cv.get("seen", True):
                c.deployed = False
        self._known = (view, s)
        return s

    def move_route(self, point):
        """The rules' answer (rules.move_route) for a Move of the active character toward
        this world point, from what the seat sees; None when no Move is open."""
        d = self._decision()
        if d is None or d.free is None or d.free.get("verb") != "move" or self.view is None:
            return None
        key = (id(self.view), round(point[0], 2), round(point[1], 2))
        kept = getattr(self, "_route_kept", None)
        if kept is not None and kept[0] == key:
            return kept[1]
        rules = self.ctx.match.rules
        got = rules.move_route(self._known_state(), d.free["index"], (round(point[0], 2), round(point[1], 2)))
        self._route_kept = (key, got)
        return got

    def _route(self, piece, home, wanted) -> list:
        """The legs the carried base would walk (round walls, cut at a Foe's 1", brought back
        within the allowance): the board moves the piece to their end and the ruler
        measures them. A refused point keeps the straight line to the pointer."""
        self._wanted = wanted
        got = self.move_route(wanted)
        if got is None or got.path is None:
            return [home, wanted]
        return [tuple(q) for q in got.path]

    def _drop(self, piece, point, target):
        d = self._decision()
        if d is None or d.free is None:
            return False
        verb = d.free.get("verb")
        action = (verb, round(point[0], 2), round(point[1], 2))
        if verb == "move":
            # where the pointer was, not the route's end: a Move cut at a Foe's 1" is asked
            # for as dragged and the rules stop it there again (a rounded end could miss the 1")
            wanted, self._wanted = getattr(self, "_wanted", None) or point, None
            got = self.move_route(wanted)
            if got is None or got.path is None:
                self.say(tt("move_" + (got.reason if got is not None and got.reason else "blocked")))
                self.sound("error")
                return False
            action = (verb, round(got.to[0], 2), round(got.to[1], 2))
        if not self.ctx.match.is_legal(d.seat, action):
            self.say(tt("move_blocked" if verb == "move" else "deploy_zone"))
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
