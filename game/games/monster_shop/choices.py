"""What the viewer may do now, turned into the decision's actions (no pygame): the
need-card assignment being staged (which monster, its stripes, where a card would go,
which half it shows, potions, the action it completes to and what that would do), the
secret planning's groups as a plan, and the sending of a group (its actions, the places
it may go to, a place's actions).

`ShopChoices(rules, words, seat)` is a helper the table holds (`table.choices`); it keeps
the assignment being staged (`staged`: one (card, half) or None per stripe, `staged_for`:
the round and monster it belongs to) and the previews worked out for the current view.
`seat` is what it reads of the table: `view`, `viewer` and `my_decisions()`; `words` a
ShopWords for the names. A log, a Hint or a review can hold one too."""
from __future__ import annotations

from game.core.i18n import t
from game.core.refusal import Refusal

from .effects import COLOURS
from .planning import canon
from .preview import care_preview, complete
from .refusals import NEEDS, PURCHASES
from .words import OFFER_ROWS


PLAN_SORTS = ("imp", "gold", "bg", "hat")       # a plan group's members, in its fields' order


def _tr(key, **kw):
    return t(f"monster_shop.{key}", **kw)


class ShopChoices:
    def __init__(self, R, words, seat):
        self.R, self.words, self.seat = R, words, seat
        self.staged: list = []
        self.staged_for = None
        self._previews: dict = {}     # action -> its Preview, for the current view only

    @property
    def view(self):
        return self.seat.view

    @property
    def viewer(self):
        return self.seat.viewer

    def my_decisions(self):
        return self.seat.my_decisions()

    def new_view(self, view) -> None:
        """A new view came: the previews are stale; the staging goes once its question did."""
        self._previews = {}
        self.check_staging(view)

    # -- need cards ----------------------------------------------------------------------
    def assign_decision(self):
        mine = self.my_decisions()
        d = mine[0] if mine else None
        return d if d is not None and d.kind == "assign" else None

    def check_staging(self, view) -> None:
        d = self.assign_decision()
        key = (view.get("round"), d.prompt.get("monster")) if d is not None else None
        if key != self.staged_for:
            self.staged_for = key
            self.staged = [None] * len(d.free["stripes"]) if key else []

    def zone_cards(self, view) -> dict:
        hand = list(self.words.mine(view).get("hand", []))
        self.check_staging(view)
        staged = self.staged_cards()
        return {"hand": [k for k in hand if k not in staged], "staged": staged}

    def current_monster(self):
        d = self.assign_decision()
        return d.prompt.get("monster") if d is not None else None

    def stripes_now(self) -> list:
        """Colour index of each stripe of the monster being assigned (the decision's)."""
        d = self.assign_decision()
        return d.free["stripes"] if d is not None else []

    def stage_slot(self, k, m):
        """The stripe a card would go on (the first free one of its colour), or a reason."""
        cur = self.current_monster()
        if cur is None:
            return None, Refusal(_tr("board.refuse.not_now"), NEEDS)
        if m != cur:
            return None, Refusal(_tr("board.refuse.other", monster=self.words.monster_name(cur)), NEEDS)
        ci = self.R.data.cards[k][0]
        for i, sc in enumerate(self.stripes_now()):
            if sc == ci and i < len(self.staged) and self.staged[i] is None:
                return i, None
        return None, Refusal(_tr("board.refuse.no_stripe", monster=self.words.monster_name(m),
                                 colour=_tr("board.colour_word." + COLOURS[ci])), NEEDS)

    def staged_cards(self) -> list:
        """The need cards staged, in stripe order (potions left out)."""
        return [pk[0] for pk in self.staged if pk is not None and pk[0] >= 0]

    def half_of(self, k) -> int:
        """The half staged card k shows: 1 the demanding one, 0 the simple one (or not staged)."""
        return next((pk[1] for pk in self.staged if pk is not None and pk[0] == k), 0)

    def set_halves(self, halves) -> None:
        """Turn staged cards to the halves given (card -> 0 or 1; MS-078)."""
        self.staged = [(pk[0], halves[pk[0]]) if pk is not None and pk[0] in halves else pk for pk in self.staged]

    def add_potion(self) -> None:
        """A potion on the first free stripe (MS-077)."""
        if None in self.staged:
            self.staged[self.staged.index(None)] = (-1, 0)

    def potions_left(self) -> int:
        used = sum(1 for pk in self.staged if pk is not None and pk[0] == -1)
        return self.view["seats"][self.viewer]["potions"] - used

    def picks_with(self, k, m):
        """The staging with card k put on monster m (on the stripe `stage_slot` finds), or
        None where it cannot go."""
        i, _why = self.stage_slot(k, m)
        if i is None:
            return None
        picks = list(self.staged)
        picks[i] = (k, 0)
        return picks

    def placements(self, k) -> list:
        """Each of the viewer's monsters card k might go on, the one being cared for first:
        (monster, whether it fits, what the assignment would then do or why it does not fit)."""
        out = []
        for m in self.view["seats"][self.viewer]["den"]["monster"]:
            if m < 0:
                continue
            picks = self.picks_with(k, m)
            why = self.stage_slot(k, m)[1] if picks is None else self.words.preview_words(self.preview_for(picks)) or None
            out.append((m, picks is not None, why))
        return sorted(out, key=lambda o: o[0] != self.current_monster())

    def candidate(self, picks):
        """The assign action `picks` (one (card, half) or None per stripe) stand for, the free
        stripes completed from the hand."""
        hand = self.view["seats"][self.viewer].get("hand", [])
        return complete(self.R, hand, self.stripes_now(), self.current_monster(), picks)

    def preview_for(self, picks):
        """What the completed assignment would do (the rules on a copy sampled from the
        view), worked out once per action and view."""
        action = self.candidate(picks)
        if action not in self._previews:
            self._previews[action] = care_preview(self.R, self.view, self.viewer, action)
        return self._previews[action]

    # -- the secret planning (MS-040..042) -----------------------------------------------
    def plan_units(self, p) -> dict:
        """What seat p splits into groups, sort -> how many: its imps and gold at home, the
        bodyguard if home, the top hat while an artifact gives one not yet used."""
        hat = not p["hat_used"] and any("top_hat" in self.R.art_ops[a] for a in p["artifacts"])
        return {"imp": p["home"], "gold": p["gold"], "bg": int(bool(p["bodyguard_home"])), "hat": int(hat)}

    @staticmethod
    def plan_action(groups) -> tuple:
        """The plan of groups given as their members' sorts (["imp", "imp", "gold"], ...)."""
        return "plan", canon([tuple(g.count(k) for k in PLAN_SORTS) for g in groups if g])

    @staticmethod
    def plan_problem(groups):
        """Why the groups are no plan yet (one without an imp), or None."""
        return Refusal(_tr("table.group_needs_imp"), PURCHASES) if any(g and "imp" not in g for g in groups) else None

    # -- sending a group -----------------------------------------------------------------
    def sends(self) -> list:
        """The viewer's ("send", group, space, slot) actions, if it is sending now."""
        mine = self.my_decisions()
        return [a for a in mine[0].actions if a[0] == "send"] if mine and mine[0].kind == "send" else []

    def send_target(self, a):
        """The place an action sends to: its tile, or the whole space when it has no tiles."""
        return ("tile", a[2], a[3]) if a[2] in OFFER_ROWS else ("space", a[2])

    def sends_to(self, tid) -> list:
        return [a for a in self.sends() if self.send_target(a) == tid]

    def send_targets(self) -> list:
        return list(dict.fromkeys(self.send_target(a) for a in self.sends()))

    def sending_groups(self) -> list:
        """The viewer's groups that may go now (identical ones once), as (index, its words)."""
        seen = dict.fromkeys(a[1] for a in self.sends())
        return [(i, self.words.group_words(i)) for i in seen]

