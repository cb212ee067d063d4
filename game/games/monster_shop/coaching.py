"""Where a guided first game's coach points next on the monster-shop table.

Three of the shop's answers are built by several local gestures before one action reaches
the rules: the secret split (imps and gold into groups on the planning tray), the need
cards staged on a monster's stripes, and the care order dragged into a queue. The coach
(game/ui/scenes/coach.py) asks `coach_gesture(expected action)` and points at what the
staging still lacks, one gesture at a time: a group's + or −, a need card and the monster
it goes on (or a wrongly staged card, to take it back), a monster for the queue, and at
the end the tray's or the assignment's confirm. Nothing here decides a rule: it compares
what is staged with the action the step expects.

`ShopCoaching(table)` is a helper the table holds (`table.coaching`); it draws nothing and
imports no pygame: it reads the table's tray, staged cards (`table.choices`), sprites,
widgets and `monster_rect()`, and returns their rects."""
from __future__ import annotations

WILD = "*"
PLAN_SORTS = (("imp", 0), ("gold", 1))         # the tray's steppers and the plan's fields


def _concrete(pattern) -> bool:
    """A pattern with no wildcard or tolerance in it (the staging is compared field by field)."""
    if isinstance(pattern, (list, tuple)):
        return all(_concrete(p) for p in pattern)
    return pattern != WILD and not isinstance(pattern, dict)


class ShopCoaching:
    def __init__(self, table):
        self.table = table

    def coach_gesture(self, pattern) -> list:
        """Rects of the next local gesture toward `pattern` (the step's action), in the order
        to use them (a card, then the monster it goes on); [] when no staging leads to it
        (the coach then finds the action's own button)."""
        mine = self.table.my_decisions()
        if not mine or not isinstance(pattern, tuple) or not pattern or not _concrete(pattern):
            return []
        kind = mine[0].kind
        if kind == "plan" and pattern[0] == "plan":
            return self._plan_gesture(pattern[1])
        if kind == "assign" and pattern[0] == "assign" and pattern[1] == self.table.choices.current_monster():
            return self._assign_gesture(pattern)
        if kind == "order" and pattern[0] == "order":
            return self._order_gesture(pattern[1])
        return []

    def _open_tray(self):
        tray = self.table.tray
        return tray if tray is not None and not tray.submitted else None

    def _plan_gesture(self, groups) -> list:
        """Group by group, the + or − that brings its imps and gold to the plan's (the
        plan's groups fill the tray's slots in order), then the tray's confirm."""
        tray = self._open_tray()
        if tray is None or any(g[2] or g[3] for g in groups):      # a bodyguard or hat: no stepper
            return []
        counts = tray.counts()
        for i, space in enumerate(tray.groups):
            want = groups[i] if i < len(groups) else (0, 0, 0, 0)
            for sort, field in PLAN_SORTS:
                have = counts.get(space.id, {}).get(sort, 0)
                if have != want[field]:
                    sign = 1 if have < want[field] else -1
                    return [b.rect for b in tray.step_btns if b.id == (sign, space.id, sort)]
        return [tray.submit_btn.rect]

    def _assign_gesture(self, pattern) -> list:
        """A wrongly staged card (a click takes it back), else the next card of the
        expected assignment and the monster it goes on, else Confirm."""
        want, choices = pattern[2], self.table.choices
        for i, pk in enumerate(choices.staged):
            if pk is not None and i < len(want) and tuple(pk) != tuple(want[i]) and pk[0] >= 0:
                return self._card_rects(pk[0], "staged")
        monster = self.table.monster_rect(self.table.viewer, pattern[1])
        for i, pk in enumerate(choices.staged):
            if pk is None and i < len(want) and want[i][0] >= 0:
                card = self._card_rects(want[i][0], "hand")
                return card + ([monster] if card and monster is not None else [])
        if choices.candidate(choices.staged) == pattern:
            return [w.rect for w in self.table.widgets if getattr(w, "id", None) == ("assign", "confirm")]
        return []

    def _order_gesture(self, order) -> list:
        """The next monster for the queue (a click puts it last), a wrong one to take out,
        then the tray's confirm."""
        tray = self._open_tray()
        if tray is None or not tray.groups:
            return []
        queue = [u.id[1] for u in tray.groups[0].occupants]
        for i, m in enumerate(queue):
            if i >= len(order) or m != order[i]:
                return [tray.units[("m", m)].bounds]
        if len(queue) < len(order):
            return [tray.units[("m", order[len(queue)])].bounds]
        return [tray.submit_btn.rect]

    def _card_rects(self, key, zone) -> list:
        return [sp.rect() for sp in self.table.sprites if sp.key == key and sp.zone == zone and not sp.hidden]
