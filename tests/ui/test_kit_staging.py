"""staging.py: pick N, split a pool into groups, pay from several sources — arranged
by posted drags and clicks, shown, then submitted exactly once."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.pieces import PieceRenderer
from game.ui.table.staging import StagingTray, Unit

RECT = (100, 80, 900, 520)


@pytest.fixture(scope="module")
def kit():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    gfx = Gfx(Assets())
    return gfx, PieceRenderer(gfx)


def feed(tray, events):
    pygame.event.clear()
    for ev in events:
        pygame.event.post(ev)
    types = {ev.type for ev in events}
    for e in pygame.event.get():
        if e.type in types:
            tray.handle_event(e)


def down(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)


def up(pos):
    return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(int(pos[0]), int(pos[1])), button=1)


def move(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(1, 0, 0))


def key(k):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")


def settle(tray, surf=None):
    for _ in range(30):
        tray.update(0.05)
    surf = surf or pygame.Surface((1100, 700))
    tray.draw(surf)                      # records where every unit is drawn
    return surf


def drag(tray, unit, to):
    p0 = unit.screen
    feed(tray, [down(p0), move((p0[0] + 15, p0[1] + 5)), move(to), up(to)])


def click(tray, pos):
    feed(tray, [down(pos), up(pos)])


def pool(n_imps=6, n_gold=3):
    return ([Unit(f"imp{i}", "imp", "meeple", (120, 170, 90)) for i in range(n_imps)]
            + [Unit(f"gold{i}", "gold", "token", (214, 176, 84), label="1") for i in range(n_gold)])


def test_split_a_pool_into_groups_by_dragging_then_submit_once(kit):
    gfx, pr = kit
    sent = []
    tray = StagingTray.split(RECT, pool(), 6, on_submit=lambda arr: sent.append(arr) or ("plan", len(sent)),
                             renderer=pr, gfx=gfx, label="Plan",
                             validate=lambda arr: None if any(arr.values()) else "Send at least one group")
    settle(tray)
    assert tray.error() == "Send at least one group" and not tray.submit_btn.enabled
    imps = [tray.units[f"imp{i}"] for i in range(6)]
    g0, g2 = tray.groups[0], tray.groups[2]
    drag(tray, imps[0], g0.rect.center)
    settle(tray)
    drag(tray, imps[1], g0.rect.center)
    settle(tray)
    drag(tray, tray.units["gold0"], g2.rect.center)
    settle(tray)
    assert tray.arrangement()[0] == ["imp0", "imp1"] and tray.arrangement()[2] == ["gold0"]
    assert tray.counts()[0] == {"imp": 2} and tray.counts()[2] == {"gold": 1}
    # dropped on nothing: glides back to where it was
    drag(tray, imps[2], (RECT[0] - 50, RECT[1] - 50))
    settle(tray)
    src = tray.sources[0]
    assert tray.where(imps[2]) is src and imps[2].pos == pytest.approx(src.slots()[src.occupants.index(imps[2])])
    # a click on a unit in a group sends it home; a click on one in the pool sends it to the active group
    click(tray, imps[1].screen)
    settle(tray)
    assert tray.arrangement()[0] == ["imp0"]
    click(tray, (g0.rect.x + 8, g0.rect.y + 6))      # make group 1 active (the last drop made 3 active)
    click(tray, tray.units["imp5"].screen)
    settle(tray)
    assert tray.arrangement()[0] == ["imp0", "imp5"]
    assert tray.submit_btn.enabled
    click(tray, tray.submit_btn.rect.center)
    assert sent == [{0: ["imp0", "imp5"], 1: [], 2: ["gold0"], 3: [], 4: [], 5: []}]
    assert tray.submitted and tray.result == ("plan", 1)
    # once: a second click, Enter, or more drags change nothing
    click(tray, tray.submit_btn.rect.center)
    feed(tray, [key(pygame.K_RETURN)])
    drag(tray, imps[3], g0.rect.center)
    assert len(sent) == 1 and tray.arrangement()[0] == ["imp0", "imp5"]


def test_pick_exactly_n_with_keys(kit):
    gfx, pr = kit
    got = []
    units = [Unit(f"c{i}", "card", "token", (150, 40, 50), label=str(i)) for i in range(5)]
    tray = StagingTray.pick(RECT, units, 2, on_submit=got.append, renderer=pr, gfx=gfx, label="Exchange")
    settle(tray)
    assert tray.groups[0].capacity == 2
    click(tray, tray.units["c3"].screen)
    settle(tray)
    feed(tray, [key(pygame.K_RETURN)])
    assert got == []                                  # one of two: not yet
    click(tray, tray.units["c1"].screen)
    settle(tray)
    click(tray, tray.units["c4"].screen)              # the group is full: c4 stays offered
    settle(tray)
    assert tray.arrangement() == {"chosen": ["c3", "c1"]}
    feed(tray, [key(pygame.K_BACKSPACE)])            # everything back
    settle(tray)
    assert tray.arrangement() == {"chosen": []}
    for k in ("c0", "c2"):
        click(tray, tray.units[k].screen)
        settle(tray)
    feed(tray, [key(pygame.K_RETURN)])
    assert got == [{"chosen": ["c0", "c2"]}]


def test_pay_a_cost_from_several_sources_and_units_go_back_home(kit):
    gfx, pr = kit
    purse = [Unit(f"p{i}", "gold", "token", (214, 176, 84), label="1") for i in range(3)]
    bank = [Unit(f"b{i}", "gold", "token", (180, 180, 200), label="1") for i in range(4)]
    paid = []
    tray = StagingTray(RECT, [("purse", "Purse", purse), ("bank", "Savings", bank)], [("pay", "Payment", 5)],
                       on_submit=paid.append, renderer=pr, gfx=gfx, label="Pay 5",
                       validate=lambda arr: None if len(arr["pay"]) == 5 else f"{len(arr['pay'])} of 5")
    settle(tray)
    for u in purse + bank[:2]:
        click(tray, u.screen)
        settle(tray)
    assert tray.error() is None
    # a bank coin dropped on the purse is refused (it goes home to the bank, not the purse)
    b0 = tray.units["b0"]
    drag(tray, b0, tray.sources[0].rect.center)
    settle(tray)
    assert tray.where(b0).id == "pay"
    click(tray, b0.screen)                            # back to where it came from
    settle(tray)
    assert tray.where(b0).id == "bank" and tray.error() == "4 of 5"
    click(tray, tray.units["b3"].screen)
    settle(tray)
    click(tray, tray.submit_btn.rect.center)
    assert paid == [{"pay": ["p0", "p1", "p2", "b1", "b3"]}]


def test_tray_scales_with_its_rect_and_refuses_bad_input(kit):
    gfx, pr = kit
    for rect in [(0, 0, 640, 360), (0, 0, 1280, 720), (50, 50, 500, 700)]:
        tray = StagingTray.split(rect, pool(), 4, on_submit=lambda a: a, renderer=pr, gfx=gfx, label="Plan")
        settle(tray, pygame.Surface((1400, 800)))
        r = pygame.Rect(rect)
        for sp in tray.sources + tray.groups:
            assert r.contains(sp.rect)
        for u in tray.units.values():
            assert r.collidepoint(u.screen)
        assert r.contains(tray.submit_btn.rect) and not tray.submit_btn.rect.colliderect(tray.reset_btn.rect)
    with pytest.raises(ValueError, match="share the id"):
        StagingTray.split(RECT, pool() + [Unit("imp0", "imp")], 2, on_submit=print, renderer=pr, gfx=gfx)
    with pytest.raises(ValueError, match="at least one group"):
        StagingTray(RECT, [("s", None, [])], [], on_submit=print, renderer=pr, gfx=gfx)


def test_order_a_queue_by_dropping_at_a_place_and_reordering_within(kit):
    gfx, pr = kit
    got = []
    units = [Unit(f"m{i}", "monster", "token", (150, 90, 170), label=str(i)) for i in range(4)]
    tray = StagingTray.order(RECT, units, on_submit=got.append, renderer=pr, gfx=gfx, label="Resolution order")
    settle(tray)
    q = tray.groups[0]
    for k in ("m2", "m0", "m3"):
        click(tray, tray.units[k].screen)
        settle(tray)
    assert tray.arrangement() == {"order": ["m2", "m0", "m3"]} and tray.error() == ""
    # m1 dropped on the first place of the queue goes first
    drag(tray, tray.units["m1"], q.slots()[0])
    settle(tray)
    assert tray.arrangement() == {"order": ["m1", "m2", "m0", "m3"]}
    # the last one dragged to the second place, within the queue
    drag(tray, tray.units["m3"], q.slots()[1])
    settle(tray)
    assert tray.arrangement() == {"order": ["m1", "m3", "m2", "m0"]}
    for k, slot in zip(("m1", "m3", "m2", "m0"), q.slots()):
        assert tray.units[k].pos == pytest.approx(slot)
    click(tray, tray.submit_btn.rect.center)
    assert got == [{"order": ["m1", "m3", "m2", "m0"]}]


def test_a_bigger_rect_gives_bigger_units(kit):
    gfx, pr = kit
    tray = StagingTray.split((0, 0, 640, 360), pool(), 4, on_submit=print, renderer=pr, gfx=gfx)
    small = tray.groups[0].slot_radius()
    tray.set_rect((0, 0, 1280, 720))
    assert tray.groups[0].slot_radius() == pytest.approx(2 * small, rel=0.1)
