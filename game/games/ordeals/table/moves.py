"""What the viewer does on the Book of Ordeals board: the Act banner's buttons
(`controls`, worded by ../choices.py), the Engagement rings and the route while a
character is carried (the rules' move_route, asked through ../choices.py), a drop or a
click made an action (a refused Move says why), which character is selected and which
Foe is weighed, and the odds preview of the pair (odds.py, once per pair and view).
OrdealsTable's mixin: it reads the table's view, pieces, board and match."""
from __future__ import annotations

from game.core.refusal import explain as explain_refusal
from game.core.rules import IllegalAction
from game.games.ordeals import odds as O
from game.games.ordeals.choices import OrdealsChoices
from game.games.ordeals.refusals import deploy_refusal, move_refusal
from game.ui.table.board import RangeRing
from game.ui.table.widgets import BannerSpec, Button


class OrdealsMoves(OrdealsChoices):
    """The viewer's gestures on OrdealsTable (see the module docstring)."""

    # -- who is chosen, who is weighed ---------------------------------------------------
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

    # -- moves, clicks, the banner -------------------------------------------------------
    def _drag_rings(self, piece) -> list:
        d = self._decision()
        if d is None or d.free is None or d.free.get("verb") != "move":
            return []
        return [RangeRing(tuple(f), 2.0, (220, 60, 60), None, dashed=True) for f in d.free.get("foes", [])]

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
                self.refuse(move_refusal(got.reason if got is not None else None))
                return False
            action = (verb, round(got.to[0], 2), round(got.to[1], 2))
            if max(abs(a - b) for a, b in zip(got.to, d.free["origin"])) < 0.05:
                return False            # put back where it stood: no Move of 0", no Deed spent
        if not self.ctx.match.is_legal(d.seat, action):
            self.refuse(move_refusal("blocked") if verb == "move" else deploy_refusal())
            return False
        try:
            self.ctx.submit(d.seat, action)
        except IllegalAction as exc:          # a test's submit: the scene's explains it itself
            self.refuse(explain_refusal(self.ctx.spec, self.ctx.match, d.seat, action, exc))
            return False
        return True

    def _board_click(self, item, point) -> None:
        d = self._decision()
        if d is None:
            return
        if d.kind == "deploy" and item is None:
            action = ("deploy", round(point[0], 2), round(point[1], 2))
            if self.ctx.match.is_legal(d.seat, action):
                self.ctx.submit(d.seat, action)
            else:
                self.refuse(deploy_refusal())
                self.board.flash_zone()         # where the zone is, not only that it was missed
            return
        idx = None if item is None else self._index_of(item)
        if idx is None:
            return
        if d.kind == "activate" and ("act", idx) in d.actions:
            self.ctx.submit(d.seat, ("act", idx))
            return
        for verb in ("assault", "fire", "aid"):
            if (verb, idx) in d.actions:
                self.ctx.submit(d.seat, (verb, idx))
                return

    def controls(self):
        d = self._decision()
        if d is None:
            return [], None
        title, sub, words = self.banner_words(d, self.view_of(self.viewer))
        size = 18 if d.kind == "act" else 22              # the Deeds are many: smaller
        buttons = [Button(bid, label, action=a, seat=d.seat, font_size=size) for bid, label, a in words]
        spec = BannerSpec(key=(d.kind, len(self.ctx.match.log)), title=title, subtitle=sub, buttons=buttons[:10],
                          decision=d, center=(self.board_rect().centerx, 12),
                          width=min(1200, self.board_rect().w))
        return [], spec
