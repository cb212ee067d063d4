"""The monster-shop table under SDL's dummy drivers, driven by real posted mouse events:
a whole game where seat 0 (human) plans its groups in the staging tray (clicking imps and
gold into group slots, Enter confirms) and answers every other decision by clicking one
of the table's buttons, the others are AI; every frame draws; the buttons carry legal actions; seat 0's
table never draws another seat's hand or secret split (MS-012)."""
from __future__ import annotations

import pygame
import pytest

from tests.tablekit import SIZE, TableRig, new_match

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    """Seat 0 human, the others the easy AI (tests/tablekit.py); `frame` ticks, waits out
    the input guard of new controls as a person does, and draws."""

    def __init__(self, seed=1, size=SIZE):
        super().__init__(new_match("monster_shop", {}, seed, 4, humans=(0,), difficulty="easy",
                                   agent_difficulty="easy"), size=size)

    def frame(self):
        self.table.update(1 / 30)
        for _ in range(60):
            if not self.table.guard:
                break
            self.table.update(1 / 30)
        self.draw()


def click(table, rect):
    pos = (int(rect.centerx), int(rect.centery))
    pygame.event.clear()
    for e in (pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)):
        table.handle_event(e)
    table.update(1 / 60)


def test_MS_180_a_whole_game_by_clicking_the_tables_buttons():
    rig = Rig(seed=3)
    m = rig.match
    clicks = plans = 0
    kinds = set()
    for _ in range(3000):
        if m.over:
            break
        d = m.decisions()[0]
        if d.seat != 0:
            rig.table.on_events(m.run_agents(1))
            continue
        rig.frame()
        if d.kind == "plan":                      # the staging tray: drag-free, by clicks
            tray = rig.table.tray
            assert tray is not None and not tray.submitted
            before = len(m.log)
            imps = [u for uid, u in tray.units.items() if uid[0] == "imp"]
            gold = [u for uid, u in tray.units.items() if uid[0] == "gold"]
            for gi in range(2):
                click(rig.table, tray.groups[gi].bounds)
                rig.frame()
                for u in imps[gi * 2:gi * 2 + 2] + gold[gi:gi + 1]:
                    click(rig.table, u.bounds)
                    rig.frame()
            assert {k: len(v) for k, v in tray.arrangement().items() if v} == {0: 3, 1: 3}
            rig.table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
            rig.frame()
            assert len(m.log) == before + 1 and m.log[-1][1] == ("plan", ((2, 1, 0, 0), (2, 1, 0, 0)))
            plans += 1
            kinds.add("plan")
            continue
        if d.kind == "order":                     # the resolution queue, by clicks
            tray = rig.table.tray
            before = len(m.log)
            units = sorted(tray.units.values(), key=lambda u: u.id, reverse=True)
            for u in units:
                click(rig.table, u.bounds)
                rig.frame()
            rig.table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
            rig.frame()
            assert len(m.log) == before + 1 and m.log[-1][1] == ("order", tuple(u.id[1] for u in units))
            kinds.add("order")
            continue
        buttons = [w for w in rig.table.widgets if getattr(w, "action", None) is not None
                   and isinstance(w.action, tuple)]
        assert buttons, d.kind
        assert all(m.is_legal(0, b.action) for b in buttons)
        before = len(m.log)
        pick = 0
        if d.kind == "send":
            wanted = [i for i, b in enumerate(buttons) if b.action[0] == "send" and b.action[2] == "monster_low"]
            pick = wanted[0] if wanted else 0
        click(rig.table, buttons[pick].rect)
        assert len(m.log) == before + 1, d.kind
        clicks += 1
        kinds.add(d.kind)
    assert m.over and plans == 6 and {"plan", "send", "assign"} <= kinds
    rig.frame()


def test_MS_012_seat_zero_never_sees_another_seats_plan_or_hand():
    rig = Rig(seed=4)
    m = rig.match
    rig.submit(1, ("plan", ((3, 2, 0, 0),)))
    rig.submit(2, ("plan", ((1, 0, 0, 0),)))
    drawn = []
    real = rig.table.gfx.text

    def spy(s, *a, **k):
        drawn.append(s)
        return real(s, *a, **k)
    rig.table.gfx.text = spy
    rig.frame()
    text = " ".join(drawn)
    assert "3i+2g" not in text and "plan:" not in text
    assert "✓" in text                      # only that seats 1 and 2 committed


def test_MS_081_the_resolution_order_is_dragged_into_a_queue():
    from tests.games.monster_shop.support import mid, put
    rig = Rig(seed=5)
    m = rig.match
    s = m.state
    R = m.rules
    a = put(s, 0, mid("pony"), 1)
    b = put(s, 0, mid("ruffian"), 2)
    s.stage, s.acting, s.seats_to_go = "order", None, [0, 1, 2, 3]
    s.sealed = None
    s.dec = None
    R._advance(s, [])
    m._decisions = None
    assert m.decisions_for(0)[0].kind == "order"
    rig.table.set_viewer(0)
    rig.frame()
    tray = rig.table.tray
    order = [tray.units[("m", b)], tray.units[("m", a)]]
    for u in order:
        click(rig.table, u.bounds)
        rig.frame()
    rig.table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    rig.frame()
    assert m.log[-1] == (0, ("order", (b, a)))


def test_the_table_holds_its_words_choices_art_and_coaching_instead_of_inheriting_them():
    """Issue 27: mixins become helpers the table holds; none is a base class of the table."""
    from game.games.monster_shop.choices import ShopChoices
    from game.games.monster_shop.coaching import ShopCoaching
    from game.games.monster_shop.table.art import ShopArt
    from game.games.monster_shop.words import ShopWords
    rig = Rig(seed=2)
    table = rig.table
    helpers = {"words": ShopWords, "choices": ShopChoices, "art": ShopArt, "coaching": ShopCoaching}
    assert all(isinstance(getattr(table, name), cls) for name, cls in helpers.items())
    assert not set(helpers.values()) & set(type(table).__mro__)
    rig.frame()                                   # the held helpers draw and word the table
    assert table.choices.seat is table and table.words.view is table.view
