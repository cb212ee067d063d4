"""Where the guided first game's coach points on the monster-shop table (coaching.py):
the next gesture of an answer built in several (the planning tray's + and −, need cards
staged on a monster, the care-order queue), then its confirm. Stand-ins for the table's
tray and cards; the whole guided game is played in tests/ui/test_tutorials.py."""
from __future__ import annotations

from types import SimpleNamespace as NS

import pygame

from game.games.monster_shop.coaching import ShopCoaching


def rect(n):
    return pygame.Rect(10 * n, 0, 8, 8)


class Decision(NS):
    pass


class Choices(NS):
    """A stand-in for the table's ShopChoices: the staged cards and the monster they are for."""

    def current_monster(self):
        return self.monster

    def candidate(self, picks):
        return ("assign", self.monster, tuple(pk if pk is not None else (9, 0) for pk in picks))


class Table:
    """A stand-in for the table: what ShopCoaching reads of it (tray, choices, sprites,
    widgets, monster_rect), holding the coaching helper as the table does."""

    def __init__(self, kind, tray=None, staged=(), hand=(), staged_zone=(), monster=7, viewer=0):
        self.kind, self.tray, self.viewer = kind, tray, viewer
        self.choices = Choices(staged=list(staged), monster=monster)
        self.sprites = [NS(key=k, zone="hand", hidden=False, rect=(lambda k=k: rect(k))) for k in hand] + \
            [NS(key=k, zone="staged", hidden=False, rect=(lambda k=k: rect(100 + k))) for k in staged_zone]
        self.widgets = [NS(id=("assign", "confirm"), rect=pygame.Rect(500, 500, 90, 40))]
        self.monster = monster
        self.coaching = ShopCoaching(self)

    def coach_gesture(self, pattern):
        return self.coaching.coach_gesture(pattern)

    def my_decisions(self):
        return [Decision(kind=self.kind)]

    def monster_rect(self, seat, m):
        return pygame.Rect(300, 300, 60, 60) if m == self.monster else None


def plan_tray(counts):
    groups = [NS(id=i) for i in range(3)]
    steps = [NS(id=(sign, g.id, sort), rect=rect(40 + 4 * g.id + 2 * (sort == "gold") + (sign > 0)))
             for g in groups for sort in ("imp", "gold") for sign in (-1, 1)]
    return NS(submitted=False, groups=groups, step_btns=steps, counts=lambda: counts,
              submit_btn=NS(rect=pygame.Rect(900, 0, 50, 20)))


def test_MS_040_the_split_is_pointed_at_group_by_group_then_confirm():
    plan = ("plan", ((2, 1, 0, 0), (2, 0, 0, 0)))
    table = Table("plan", plan_tray({0: {}, 1: {}, 2: {}}))
    assert table.coach_gesture(plan) == [rect(41)]                      # group 1's imp +
    table.tray = plan_tray({0: {"imp": 2}, 1: {}, 2: {}})
    assert table.coach_gesture(plan) == [rect(43)]                      # then its gold +
    table.tray = plan_tray({0: {"imp": 2, "gold": 1}, 1: {"imp": 3}, 2: {}})
    assert table.coach_gesture(plan) == [rect(44)]                      # one imp too many in group 2: its −
    table.tray = plan_tray({0: {"imp": 2, "gold": 1}, 1: {"imp": 2}, 2: {"gold": 1}})
    assert table.coach_gesture(plan) == [rect(50)]                      # gold in a group the plan has not
    table.tray = plan_tray({0: {"imp": 2, "gold": 1}, 1: {"imp": 2}, 2: {}})
    assert table.coach_gesture(plan) == [table.tray.submit_btn.rect]
    assert table.coach_gesture(("plan", ((2, "*", 0, 0),))) == []        # a wildcard: the coach's own search


def test_need_cards_are_pointed_at_card_by_card_then_confirm():
    want = ("assign", 7, ((3, 0), (5, 0)))
    table = Table("assign", staged=[None, None], hand=[3, 5, 6])
    assert table.coach_gesture(want) == [rect(3), pygame.Rect(300, 300, 60, 60)]     # the card, then the monster
    table = Table("assign", staged=[(6, 0), None], hand=[3, 5], staged_zone=[6])
    assert table.coach_gesture(want) == [rect(106)]                     # a wrong card staged: take it back
    table = Table("assign", staged=[(3, 0), None], hand=[5, 6], staged_zone=[3])
    assert table.coach_gesture(want) == [rect(5), pygame.Rect(300, 300, 60, 60)]
    table = Table("assign", staged=[(3, 0), (5, 0)], hand=[6], staged_zone=[3, 5])
    assert table.coach_gesture(want) == [pygame.Rect(500, 500, 90, 40)]
    assert Table("assign", monster=8, staged=[None, None], hand=[3, 5]).coach_gesture(want) == []


def test_MS_081_the_care_order_is_pointed_at_monster_by_monster_then_confirm():
    units = {("m", m): NS(id=("m", m), bounds=rect(m)) for m in (4, 7, 9)}

    def tray(queue):
        return NS(submitted=False, units=units, groups=[NS(occupants=[units[("m", m)] for m in queue])],
                  submit_btn=NS(rect=pygame.Rect(900, 0, 50, 20)))
    order = ("order", (9, 4, 7))
    table = Table("order", tray([]))
    assert table.coach_gesture(order) == [rect(9)]
    table.tray = tray([9, 7])
    assert table.coach_gesture(order) == [rect(7)]                      # out of order: take it out
    table.tray = tray([9, 4])
    assert table.coach_gesture(order) == [rect(7)]
    table.tray = tray([9, 4, 7])
    assert table.coach_gesture(order) == [pygame.Rect(900, 0, 50, 20)]
    assert Table("send", tray([])).coach_gesture(order) == []
