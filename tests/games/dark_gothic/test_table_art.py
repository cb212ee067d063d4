"""The Dark Gothic table's art pass (issue 14, item 6): the Shadows' track turns tense from 7
of 10 and sounds a heartbeat at 9, a Global Center Line card glows, a Cursed cost orb bleeds,
the turn banner names the active Hero, a pool orb tells its source on hover, and the static
layers (background, banner and name plates) are rendered once, not every frame."""
from __future__ import annotations

import pytest

from game.core.i18n import t
from game.core.rules import Event
from game.games.dark_gothic.table import art

from .helpers import set_center
from .test_table import Rig, my_turn_rig

pytestmark = pytest.mark.usefixtures("display")


def _shadows(rig, n):
    s = rig.match.state
    while len(s.shadows) < n:
        s.shadows.append(s.main.pop())
    while len(s.shadows) > n:
        s.main.append(s.shadows.pop())
    rig.changed()


def _pip_colour(rig, i):
    rect, _filled, _col = rig.table.track[i]
    # left of the pip's centre, off its digit
    return rig.screen.get_at((rect.centerx - rect.width // 3, rect.centery))[:3]


def test_TE_shadows_track_turns_red_from_seven():
    rig = Rig(players=2, humans=())
    _shadows(rig, 6)
    calm = _pip_colour(rig, 0)
    assert [f for _r, f, _c in rig.table.track].count(True) == 6
    assert calm[2] > calm[0]                               # violet: more blue than red
    _shadows(rig, 7)
    tense = _pip_colour(rig, 0)
    assert [f for _r, f, _c in rig.table.track].count(True) == 7
    assert tense[0] > tense[2] + 60 and tense[0] > tense[1] + 60      # red
    assert (art.tension(6, 10), art.tension(7, 10), art.tension(9, 10)) == (0, 1, 2)


def test_the_heartbeat_sounds_when_the_shadows_reach_nine():
    rig = Rig(players=2, humans=())
    heard = []
    rig.table.sound = lambda name, volume=None: heard.append(name)
    _shadows(rig, 8)
    rig.table.on_events([Event("shadow", {"count": 8})])
    rig.settle()
    assert "timer_tick" not in heard
    _shadows(rig, 9)
    rig.table.on_events([Event("shadow", {"count": 9})])
    rig.settle()
    assert heard.count("timer_tick") == 2                  # lub-dub


def test_a_global_center_line_card_glows_and_others_do_not():
    rig = Rig(players=2, humans=())
    set_center(rig.match.state, "flintlock_pistol", "lighthouse")
    rig.changed()
    assert 1 in rig.table.glowing and 0 not in rig.table.glowing
    r0, r1 = rig.table.zones[("center", 0)].rect, rig.table.zones[("center", 1)].rect
    # just outside the card's right edge, below the gap's middle: the glow is green
    g1 = rig.screen.get_at((r1.right + 3, r1.centery))[:3]
    g0 = rig.screen.get_at((r0.right + 3, r0.centery))[:3]
    assert g1[1] > g0[1] + 20 and g1[1] > g1[0]


def test_a_cursed_cost_orb_bleeds():
    rig = Rig(players=2, humans=())
    set_center(rig.match.state, "masked_assassin", "flintlock_pistol")
    rig.changed()
    orbs = rig.table.cursed_orbs()
    sp = rig.table.zones[("center", 0)].cards[-1]
    assert len(orbs) == 1 and abs(orbs[0][0][0] - (sp.x - sp.w / 2)) < sp.w / 3
    (x, y), r = orbs[0]
    rig.table.pulse_t = 0.5 / 0.55          # the drop near its longest
    rig.table.draw(rig.screen)
    below = [rig.screen.get_at((x, y + r + k))[:3] for k in range(2, 2 * r)]
    assert any(c[0] > 110 and c[1] < 40 and c[2] < 50 for c in below)


def test_the_turn_banner_names_the_active_hero():
    rig = Rig(players=3, humans=(0,))
    for _ in range(400):
        d = rig.match.decisions()[0]
        if d.seat != 0:
            break
        rig.submit(0, next(a for a in d.actions if a[0] == "end") if d.kind == "turn" else d.actions[-1])
    rig.table.on_events(rig.match.run_agents(1))
    rig.settle()
    v = rig.match.view(0)
    act = v["active"]
    assert act != 0
    head, phase, do, _col = rig.table.status()
    assert t(f"dark_gothic.hero.{v['seats'][act]['hero']}") in head and rig.table.name(act) in head
    assert phase and do
    mine = my_turn_rig(seed=3)
    head, phase, do, _col = mine.table.status()
    hero = mine.match.view(0)["seats"][0]["hero"]
    assert head == t("dark_gothic.art.your_turn", hero=t(f"dark_gothic.hero.{hero}"))
    assert do == t("dark_gothic.art.do.turn")


def test_static_layers_render_once_for_many_frames():
    rig = Rig(players=3, humans=())
    rig.settle()
    t_ = rig.table
    calls = {"bg": 0, "static": 0}
    real_bg, real_static = t_.render_background, t_.draw_static

    def bg():
        calls["bg"] += 1
        return real_bg()

    def static(surf):
        calls["static"] += 1
        real_static(surf)
    t_.render_background, t_.draw_static = bg, static
    t_._bg = None
    t_._static = None
    for _ in range(3):
        t_.update(1 / 60)
        t_.draw(rig.screen)
    assert calls == {"bg": 1, "static": 1}
    # an AI step changes the banner: the static layer again, the background never
    t_.on_events(rig.match.run_agents(1))
    rig.settle()
    t_.draw(rig.screen)
    assert calls["bg"] == 1


def test_a_pool_orb_tells_its_source_on_hover():
    rig = my_turn_rig(seed=3)
    d = rig.match.decisions()[0]
    key = next(a[1] for a in d.actions if a[0] == "play")
    rig.submit(0, ("play", key))
    rig.settle()
    assert rig.table.orb_rects
    rect, src = next((r, src) for r, src in rig.table.orb_rects if src == key)
    shown = []
    real = rig.table.gfx.badge
    rig.table.gfx.badge = lambda label, *a, **k: (shown.append(label), real(label, *a, **k))[1]
    rig.table.pointer = rect.center
    rig.table.draw(rig.screen)
    assert t("dark_gothic.art.orb_from", card=rig.table.card_name(key)) in shown


def test_an_ai_play_glides_from_hand_to_play():
    rig = Rig(players=2, humans=())
    rig.settings.animation_speed = 1.0
    for _ in range(200):
        evs = rig.match.run_agents(1)
        if any(e.kind == "move" and str(e.data.get("src", "")).startswith("hand:") and
               str(e.data.get("dst", "")).startswith("play:") for e in evs):
            break
        rig.table.on_events(evs)
        rig.settle()
    mv = next(e for e in evs if e.kind == "move" and str(e.data.get("dst", "")).startswith("play:"))
    seat = int(mv.data["dst"].split(":")[1])
    rig.table.on_events(evs)
    hand = rig.table.zones[("hand", seat)].rect
    seen_between = False
    for _ in range(120):
        rig.table.update(1 / 60)
        sp = next((x for x in rig.table.zones[("play", seat)].cards if x.key == mv.data["card"]), None)
        if sp is not None and abs(sp.y - hand.centery) > 4 and sp.y != rig.table.zones[("play", seat)].rect.centery:
            seen_between = True
            break
    assert seen_between


def test_the_omen_die_shows_its_numbers_as_pips():
    from game.ui.table.dice import PIPS, DieRenderer
    from game.ui.table.gfx import Gfx
    from game.ui.assets import Assets
    dr = DieRenderer(Gfx(Assets()))
    size = 70
    for face in (1, 3, 4):
        img = dr.face("omen", face, size)
        ink = [img.get_at((int(px * size), int(py * size)))[:3] for px, py in PIPS[face]]
        assert all(c[0] > 180 and c[1] < 100 for c in ink), (face, ink)      # a red pip at each spot
    # no pip where face 1 has none
    one = dr.face("omen", 1, size)
    assert one.get_at((int(0.27 * size), int(0.27 * size)))[0] < 120


def test_a_reopened_table_shows_the_last_omen_roll():
    rig = Rig(players=2, humans=())
    rolls = []
    for _ in range(300):
        evs = rig.match.run_agents(1)
        rolls += [e.data["face"] for e in evs if e.kind == "roll"]
        if len(rolls) >= 2 or rig.match.over:
            break
    assert rolls
    fresh = type(rig.table)(rig.ctx)
    assert fresh.omen.shown == ("skull" if rolls[-1] == 0 else rolls[-1])


def test_the_banner_names_the_winners_at_the_end():
    for seed in range(2, 40):                          # the first seed where one Hero wins alone
        rig = Rig(players=2, humans=(), seed=seed)
        for _ in range(4000):
            if rig.match.over:
                break
            rig.table.on_events(rig.match.run_agents(1))
        res = rig.match.view(0)["result"]
        if res["side"] != "game" and len(res["winners"]) == 1:
            break
    else:
        raise AssertionError("no seed in 2..39 ends with one Hero winning")
    rig.settle()
    head, _phase, do, _col = rig.table.status()
    assert head == t("dark_gothic.art.over_heroes")
    assert do.startswith(t("dark_gothic.art.winners", names=rig.table.name(res["winners"][0])))
