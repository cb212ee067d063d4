"""The drawn monster-shop table driven by posted mouse events: a need card dragged from
the hand onto the monster whose turn it is previews what the rules say it would bring
(needs, suffering) and is staged; Confirm assigns it (MS-076); a card that fits no free
stripe, or a monster whose turn it is not, is refused with the reason and the card goes
back to the hand; a click on a card stages it too; a dispatched group walks across the
table to its space (MS-043); a lit board tile sends a group when clicked."""
from __future__ import annotations

import pygame
import pytest

from game.games.monster_shop.preview import care_preview, complete
from game.ui.table.cards import CardSprite
from tests.games.monster_shop.test_table import Rig, click

pytestmark = pytest.mark.usefixtures("display")


def _until_my(rig, kind, limit=4000):
    """Play on (every seat by an easy agent) until seat 0 owes `kind`."""
    m = rig.match
    me = rig.spec.make_agent("easy", 0, 99)
    for _ in range(limit):
        assert not m.over
        d = m.decisions()[0]
        if d.seat == 0 and d.kind == kind and m.state.rnd >= 2:
            rig.table.set_viewer(0)
            rig.frame()
            return d
        if d.seat != 0:
            rig.table.on_events(m.run_agents(1))
        else:
            rig.submit(0, me.choose(m.view(0), d))
    raise AssertionError(f"seat 0 never had to {kind}")


def _drag(table, p0, p1, release=True):
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p0, rel=(0, 0), buttons=(0, 0, 0)))
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p0, button=1))
    mid = (p0[0] + 12, p0[1] - 12)
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(12, -12), buttons=(1, 0, 0)))
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=p1, rel=(1, 1), buttons=(1, 0, 0)))
    if release:
        table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=p1, button=1))


def _hand(table):
    return list(table.zones["hand"].cards)


def _fitting(rig, m):
    tb = rig.table
    return [sp for sp in _hand(tb) if tb.choices.stage_slot(sp.key, m)[0] is not None]


def _not_fitting(rig, m):
    tb = rig.table
    return [sp for sp in _hand(tb) if tb.choices.stage_slot(sp.key, m)[0] is None]


def _spy_text(table):
    drawn = []
    for name in ("text", "fit_text"):
        real = getattr(table.gfx, name)

        def spy(s, *a, _real=real, **k):
            drawn.append(str(s))
            return _real(s, *a, **k)
        setattr(table.gfx, name, spy)
    return drawn


@pytest.fixture(scope="module")
def assign_rig(display):
    for seed in (2, 3, 5, 7):
        rig = Rig(seed=seed)
        _until_my(rig, "assign")
        m = rig.table.choices.current_monster()
        if m is not None and _fitting(rig, m) and _not_fitting(rig, m):
            return rig
    pytest.fail("no seed gave seat 0 a hand with cards that fit and cards that do not")


def test_MS_076_a_need_card_dragged_onto_the_monster_previews_its_suffering_and_confirm_assigns_it(assign_rig):
    rig = assign_rig
    tb, match = rig.table, rig.match
    m = tb.choices.current_monster()
    sp = _fitting(rig, m)[0]
    key = sp.key
    target = tb.target_rect(("monster", m)).center
    _drag(tb, (int(sp.x), int(sp.y)), target, release=False)
    assert tb.drag is not None and tb.drag["over"] == ("monster", m)
    # what the rules say on a copy sampled from seat 0's view: the staged card on its
    # stripe, the rest from the hand
    picks = list(tb.choices.staged)
    picks[tb.choices.stage_slot(key, m)[0]] = (key, 0)
    action = complete(tb.R, match.view(0)["seats"][0]["hand"], match.decisions_for(0)[0].free["stripes"], m, picks)
    pv = care_preview(tb.R, match.view(0), 0, action)
    assert pv is not None and sum(pv.needs) >= 0 and pv.limit == len(tb.R.stripes(match.state, m))
    words = tb.words.preview_words(pv)
    assert tb.drag["targets"][("monster", m)][0].hint == words
    drawn = _spy_text(tb)
    rig.frame()
    assert words in drawn                               # the preview is on the table while the card hovers
    tb.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    assert any(pk is not None and pk[0] == key for pk in tb.choices.staged)
    assert key in [c.key for c in tb.zones["staged"].cards] and key not in [c.key for c in _hand(tb)]
    rig.frame()
    confirm = next(w for w in tb.widgets if w.id == ("assign", "confirm"))
    assert confirm.enabled
    before = len(match.log)
    click(tb, confirm.rect)
    assert len(match.log) == before + 1
    seat, played = match.log[-1]
    assert seat == 0 and played[0] == "assign" and played[1] == m and (key, 0) in played[2]


def test_MS_076_an_illegal_drop_is_refused_with_the_reason_and_the_card_goes_back(assign_rig):
    rig = Rig(seed=assign_rig.match.seed)
    _until_my(rig, "assign")
    tb, match = rig.table, rig.match
    m = tb.choices.current_monster()
    sp = _not_fitting(rig, m)[0]
    key = sp.key
    before = len(match.log)
    _drag(tb, (int(sp.x), int(sp.y)), tb.target_rect(("monster", m)).center)
    rig.frame()
    assert len(match.log) == before and all(pk is None or pk[0] != key for pk in tb.choices.staged)
    assert key in [c.key for c in _hand(tb)]
    why = tb.choices.stage_slot(key, m)[1]
    assert why and any(why == text for text, _left in tb.toasts)
    # a click on a fitting card stages it (the keyboard/mouse alternative to the drag)
    ok = _fitting(rig, m)[0]
    click(tb, pygame.Rect(int(ok.x) - 2, int(ok.y) - 2, 4, 4))
    rig.frame()
    assert any(pk is not None and pk[0] == ok.key for pk in tb.choices.staged)


def test_MS_043_a_dispatched_group_walks_to_its_space():
    rig = Rig(seed=3)
    d = _until_my(rig, "send")
    tb = rig.table
    rig.settings.animation_speed = 1.0
    act = next(a for a in d.actions if a[0] == "send")
    rig.submit(0, act)
    seen = 0
    points = set()
    for _ in range(400):
        tb.update(1 / 60)
        tb.draw(rig.screen)
        if tb.flyers:
            seen += 1
            points.add((int(tb.flyers[0].x), int(tb.flyers[0].y)))
        if not tb.busy():
            break
    assert seen >= 5 and len(points) >= 5          # drawn on its way, frame after frame
    assert not tb.flyers and not tb.busy()
    end = tb.geom.slot_point(act[2], act[3]) if tb.geom.tile(act[2], act[3]) else tb.geom.space(act[2]).center
    assert min(abs(x - end[0]) + abs(y - end[1]) for x, y in points) < tb.geom.u(0.06)


def test_a_lit_board_tile_sends_a_group_when_clicked():
    rig = Rig(seed=3)
    d = _until_my(rig, "send")
    tb, match = rig.table, rig.match
    tids = tb.choices.send_targets()
    assert tids
    tid = tids[0]
    wanted = tb.choices.sends_to(tid)
    before = len(match.log)
    click(tb, tb.target_rect(tid))
    rig.frame()
    if len(wanted) > 1:                                 # several groups may go: a menu asks which
        assert tb.menu is not None
        return
    assert len(match.log) == before + 1 and match.log[-1] == (0, wanted[0])
    assert isinstance(d.actions[0], tuple) and not isinstance(tb.hover, CardSprite)


def test_a_finished_games_replay_shows_every_hand_through_reveal_view():
    rig = Rig(seed=3)
    _until_my(rig, "assign")
    m = rig.match
    plain = m.rules.view(m.state, None)
    assert all("hand" not in p for p in plain["seats"])          # a spectator of a game in play sees no hand
    rig.ctx.reveal = True
    rig.table.set_viewer(None)
    shown = rig.table.view
    assert all(p["hand"] == sorted(m.state.hand[x]) for x, p in enumerate(shown["seats"]))
    assert all(isinstance(v, list) for v in shown["assign"].values())
    rig.frame()                                                   # and the table draws it


def test_hovering_a_den_place_says_which_monster_is_there(assign_rig):
    rig = assign_rig
    tb = rig.table
    v = tb.view
    seat, p = next((x, i) for x in range(4) for i, m in enumerate(v["seats"][x]["den"]["monster"]) if m >= 0)
    m = v["seats"][seat]["den"]["monster"][p]
    pos = tb.geom.place(seat, p).center
    tb.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
    assert tb.hover is not None and tb.hover.id == ("place", seat, p)
    assert tb.words.monster_name(m) in tb.tooltip_for(tb.hover)
