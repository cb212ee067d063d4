"""What the viewer of Book of Ordeals may do now, without drawing (no pygame): the decision
owed, the Act banner's words and the action of each of its buttons, the Move's allowance,
the rules' route for a Move toward a point (asked of the state behind what the seat sees)
and whether a base may be deployed at a point.

`OrdealsChoices` is a mixin of the table: it needs `self.view` and `self.viewer`,
`my_decisions()` (the viewer's decisions), `self.match` (its rules and `is_legal`) and
OrdealsWords' `_name`."""
from __future__ import annotations

import random

from .rebuild import determinize
from .words import char_name, deed_word, tt, word


class OrdealsChoices:
    def _char(self, i):
        chars = (self.view or {}).get("chars", [])
        return chars[i] if i is not None and 0 <= i < len(chars) else None

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

    def _known_state(self):
        """The state behind this seat's view, with only what the seat may see (under fog
        the Shadow characters it does not see now are left off): what the ruler asks the
        rules about. Built once per view."""
        view = self.view
        kept = getattr(self, "_known", None)
        if kept is not None and kept[0] is view:
            return kept[1]
        s = determinize(self.match.rules, view, self.viewer, random.Random(0))
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
        got = self.match.rules.move_route(self._known_state(), d.free["index"], key[1:])
        self._route_kept = (key, got)
        return got

    def deploy_spot(self, point):
        """While the viewer deploys: whether a base may be placed at this world point
        (the rules' own check), None when not deploying."""
        d = self._decision()
        if d is None or d.kind != "deploy":
            return None
        return self.match.is_legal(d.seat, ("deploy", round(point[0], 2), round(point[1], 2)))

    def banner_words(self, d, view) -> tuple:
        """(title, subtitle, [(button id, label, action)]) of the Act banner for decision d:
        who goes first, which character acts, push or stay, the Deeds left (a Move is
        dragged, not a button; one button per different label)."""
        chars = view["chars"]
        if d.kind == "deploy":
            return tt("deploy"), tt("deploy_sub", piece=self._name(d.prompt["piece"])), []
        if d.kind == "initiative":
            return tt("initiative"), "", [(("first", a[1]), tt("we_first") if a[1] == view["side"] else
                                           tt("they_first"), a) for a in d.actions]
        if d.kind == "activate":
            return tt("activate"), tt("activate_sub"), [(("act", a[1]), char_name(chars[a[1]], chars), a)
                                                        for a in d.actions]
        if d.kind == "push":
            return tt("won_assault"), "", [("push", tt("push"), ("push",)), ("stay", tt("stay"), ("stay",))]
        if d.kind != "act":
            return "", "", []
        title = tt("acts", name=char_name(chars[view["act"]["index"]], chars), left=(d.prompt or {}).get("left", 0))
        buttons = {}
        for a in d.actions:
            if a[0] == "move":
                continue
            label = deed_word(a[0])
            if len(a) > 1 and isinstance(a[-1], int) and a[0] in ("assault", "fire", "aid"):
                label = tt("deed_at", deed=label, target=char_name(chars[a[-1]], chars))
            elif a[0] == "use":
                label = tt("deed_at", deed=label, target=word(a[1]))
            elif a[0] == "climb":
                label = tt("climb_down" if a[1] == -1 else "climb_up", deed=label)
            buttons.setdefault(label, (("deed",) + tuple(a), label, a))
        return title, tt("act_sub"), list(buttons.values())
