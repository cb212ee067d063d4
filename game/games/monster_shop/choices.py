"""What the viewer may do now, turned into the decision's actions (no pygame): the
need-card assignment being staged (which monster, its stripes, where a card would go)
and the sending of a group (its actions, the places it may go to, a place's actions).

`ShopChoices` is a mixin of the table: it needs self.R, self.view, self.staged,
self.staged_for, `my_decisions()` (the viewer's decisions) and ShopWords' names."""
from __future__ import annotations

from game.core.i18n import t
from game.core.refusal import Refusal

from .effects import COLOURS
from .refusals import NEEDS
from .words import OFFER_ROWS


def _tr(key, **kw):
    return t(f"monster_shop.{key}", **kw)


class ShopChoices:
    # -- need cards ----------------------------------------------------------------------
    def _assign_decision(self):
        mine = self.my_decisions()
        d = mine[0] if mine else None
        return d if d is not None and d.kind == "assign" else None

    def _check_staging(self, view) -> None:
        d = self._assign_decision()
        key = (view.get("round"), d.prompt.get("monster")) if d is not None else None
        if key != self.staged_for:
            self.staged_for = key
            self.staged = [None] * len(d.free["stripes"]) if key else []

    def zone_cards(self, view) -> dict:
        hand = list(self.mine(view).get("hand", []))
        self._check_staging(view)
        staged = [pk[0] for pk in self.staged if pk is not None and pk[0] >= 0]
        return {"hand": [k for k in hand if k not in staged], "staged": staged}

    def current_monster(self):
        d = self._assign_decision()
        return d.prompt.get("monster") if d is not None else None

    def _stripes_now(self) -> list:
        """Colour index of each stripe of the monster being assigned (the decision's)."""
        d = self._assign_decision()
        return d.free["stripes"] if d is not None else []

    def _stage_slot(self, k, m):
        """The stripe a card would go on (the first free one of its colour), or a reason."""
        cur = self.current_monster()
        if cur is None:
            return None, Refusal(_tr("board.refuse.not_now"), NEEDS)
        if m != cur:
            return None, Refusal(_tr("board.refuse.other", monster=self.monster_name(cur)), NEEDS)
        ci = self.R.data.cards[k][0]
        for i, sc in enumerate(self._stripes_now()):
            if sc == ci and i < len(self.staged) and self.staged[i] is None:
                return i, None
        return None, Refusal(_tr("board.refuse.no_stripe", monster=self.monster_name(m),
                                 colour=_tr("board.colour_word." + COLOURS[ci])), NEEDS)

    # -- sending a group -----------------------------------------------------------------
    def _sends(self) -> list:
        """The viewer's ("send", group, space, slot) actions, if it is sending now."""
        mine = self.my_decisions()
        return [a for a in mine[0].actions if a[0] == "send"] if mine and mine[0].kind == "send" else []

    def send_target(self, a):
        """The place an action sends to: its tile, or the whole space when it has no tiles."""
        return ("tile", a[2], a[3]) if a[2] in OFFER_ROWS else ("space", a[2])

    def _sends_to(self, tid) -> list:
        return [a for a in self._sends() if self.send_target(a) == tid]

    def send_targets(self) -> list:
        return list(dict.fromkeys(self.send_target(a) for a in self._sends()))

    def sending_groups(self) -> list:
        """The viewer's groups that may go now (identical ones once), as (index, its words)."""
        seen = dict.fromkeys(a[1] for a in self._sends())
        return [(i, self.group_words(i)) for i in seen]

