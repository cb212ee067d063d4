"""Sending and planning on the drawn monster-shop table, driven by posted mouse events
(tests/tablekit.py): each group that may go is a chip (named by its members) that is
dragged onto a lit board place, or clicked and then a place, and that sends it (MS-043,
the same action as the button, legal by the rules); a lit place clicked where several
groups could go asks which, by their members; the planning and sending prompts say what
a group is for and that the largest go first; nothing under the open planning tray
answers the pointer, so no tooltip shows through it."""
from __future__ import annotations

import pygame
import pytest

from game.core import rules as core_rules
from game.ui.table.widgets import Chip
from tests.tablekit import TableRig, center, new_match

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    def __init__(self, seed=1):
        super().__init__(new_match("monster_shop", {}, seed, 4, humans=(0,), agent_difficulty="easy"))
        self.me = self.spec.make_agent("easy", 0, 99)

    def until_mine(self, kind, limit=400):
        """Everybody plays (seat 0 by an easy agent) until seat 0 owes `kind`; the table drawn."""
        m = self.match
        for _ in range(limit):
            assert not m.over
            d = m.decisions()[0]
            if d.seat == 0 and d.kind == kind:
                self.settle()
                self.draw()
                return d
            if d.seat != 0:
                self.table.on_events(m.run_agents(1))
            else:
                self.submit(0, self.me.choose(m.view(0), d))
        raise AssertionError(f"seat 0 never had to {kind}")

    def chips(self):
        return [w for w in self.table.widgets if isinstance(w, Chip) and w.id[0] == "group"]

    def drawn_text(self):
        drawn = []
        for name in ("text", "fit_text", "fit_lines"):
            real = getattr(self.table.gfx, name)

            def spy(s, *a, _real=real, **k):
                drawn.append(str(s))
                return _real(s, *a, **k)
            setattr(self.table.gfx, name, spy)
        self.draw()
        return drawn


def _one_group_place(rig, chip):
    """A lit place the chip's group alone may go to (one action there)."""
    tb = rig.table
    for tid in tb.choices.send_targets():
        acts = [o.action for o in chip.options if o.target == tid]
        if len(acts) == 1:
            return tid, acts[0]
    raise AssertionError("no place with a single send")


def test_MS_043_a_group_chip_dragged_onto_a_lit_place_sends_that_group_there():
    rig = Rig()
    d = rig.until_mine("send")
    chips = rig.chips()
    assert chips, "no group to drag"
    assert all("group" not in c.label.lower().split(":")[1] for c in chips)     # named by its members
    chip = chips[0]
    tid, act = _one_group_place(rig, chip)
    assert act[1] == chip.id[1]
    assert core_rules.is_legal(rig.match.rules, rig.match.state, [d], 0, act)
    before = len(rig.match.log)
    rig.drag(center(chip.rect), center(rig.table.target_rect(tid)))
    rig.settle()
    assert len(rig.match.log) == before + 1 and rig.match.log[before] == (0, act)


def test_MS_043_a_group_chip_clicked_then_a_lit_place_sends_it():
    rig = Rig(seed=2)
    rig.until_mine("send")
    chip = rig.chips()[0]
    tid, act = _one_group_place(rig, chip)
    before = len(rig.match.log)
    rig.click(center(chip.rect))
    if len(chip.options) > 1:
        assert rig.table.armed is not None                # the group is picked up: a place next
        rig.click(center(rig.table.target_rect(tid)))
    rig.settle()
    assert rig.match.log[before] == (0, act)


def test_a_lit_place_where_several_groups_may_go_asks_which_by_their_members():
    for seed in range(1, 9):
        rig = Rig(seed=seed)
        rig.until_mine("send")
        tb = rig.table
        tid = next((tid for tid in tb.choices.send_targets() if len({a[1] for a in tb.choices.sends_to(tid)}) > 1), None)
        if tid is not None:
            break
    else:
        raise AssertionError("no seed had a place that two groups may go to")
    rig.click(center(tb.target_rect(tid)))
    assert tb.menu is not None
    labels = [it[0] for it in tb.menu.items]
    assert labels and all("imp" in lab and "group" not in lab for lab in labels)


def test_the_planning_and_sending_prompts_say_largest_groups_go_first():
    from game.core.i18n import language, set_language, t
    rig = Rig()
    rig.until_mine("plan")
    assert rig.table.tray is not None
    assert t("monster_shop.table.plan_hint") in rig.drawn_text()
    rig.until_mine("send")
    assert t("monster_shop.table.send_hint") in rig.drawn_text()
    en = t("monster_shop.table.send_hint")
    was = language()
    try:
        set_language("cs")
        cs = t("monster_shop.table.send_hint")
        assert cs != en and "send_hint" not in cs
        assert cs in rig.drawn_text()
    finally:
        set_language(was)


def test_no_tooltip_of_a_need_card_shows_through_the_open_planning_tray():
    rig = Rig()
    rig.until_mine("plan")
    tb = rig.table
    assert tb.tray is not None and not tb.tray.submitted
    shown = []
    for sp in tb.zones["hand"].cards:                  # points of the need cards under the tray
        r = sp.rect()
        for fx in (0.2, 0.5, 0.8):
            for fy in (0.2, 0.5, 0.8):
                pos = (int(r.x + r.width * fx), int(r.y + r.height * fy))
                if not tb.tray.rect.collidepoint(pos):
                    continue
                rig.move(pos)
                rig.frames(0.6)
                if tb.hover is not None and tb.tooltip_for(tb.hover):
                    shown.append((sp.key, pos))
    assert tb.zones["hand"].cards and not shown


def test_hovering_a_lit_place_says_a_click_sends_a_group_there():
    from game.core.i18n import t
    rig = Rig()
    rig.until_mine("send")
    tb = rig.table
    lit = tb.choices.send_targets()
    rig.move(center(tb.target_rect(lit[0])))
    rig.frames(0.6)
    assert tb.hover is not None and tb.hover.id == lit[0]
    assert t("monster_shop.table.click_to_send") in tb.tooltip_for(tb.hover)
    dark = next(("tile", k, s) for k in ("food", "cage", "upgrade", "monster_low", "monster_up") for s in range(3)
                if tb.geom.tile(k, s) is not None and ("tile", k, s) not in lit)
    rig.move(center(tb.target_rect(dark)))
    rig.frames(0.6)
    assert tb.hover is not None and t("monster_shop.table.click_to_send") not in tb.tooltip_for(tb.hover)
