"""The Book of Ordeals table's newer features under SDL's dummy drivers, by posted events
(issue 15 item 8): hovering a Foe shows the sight line and a card with distance, LoS,
cover, range and the exact odds (odds.py); a base's facing follows its move; a roll puts
its D12s on the dice tray (two for Advantage, the kept one marked); under fog of war a
Shadow character out of sight is not drawn where it is, and shows when seen; a finished
game's replay (ctx.reveal, spectator) draws everything."""
from __future__ import annotations

import math

import pygame
import pytest

from game.core.rules import Event
from game.games.ordeals import odds as O
from game.games.ordeals.table.screen import facing_of

from .test_table import Rig, post_drag, to_act


pytestmark = pytest.mark.usefixtures("display")


def hover(rig, world):
    pos = rig.screen_of(world)
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    rig.pump()


def foes_in_view(rig, i):
    v = rig.table.view
    me = v["chars"][i]
    return sorted((c for c in v["chars"] if c["side"] != me["side"] and c["deployed"] and not c["ooa"]
                   and c.get("seen", True)),
                  key=lambda c: math.hypot(c["x"] - me["x"], c["y"] - me["y"]))


def test_hovering_a_foe_shows_line_of_sight_range_and_the_odds_of_the_roll():
    rig = Rig(seed=3, trial=2)
    d = to_act(rig)
    i = d.free["index"] if d.free else rig.table.view["act"]["index"]
    rig.table.draw(rig.screen)                       # pieces know where they are drawn
    foe = foes_in_view(rig, i)[0]
    hover(rig, (foe["x"], foe["y"]))
    assert rig.table.hovered_foe() == (i, foe["index"])
    pv, lines = rig.table.preview(i, foe["index"])
    want = O.preview(rig.rules, rig.match.view(0), i, foe["index"])
    assert pv == want
    text = "\n".join(lines)
    assert "Line of sight" in text and f"{want.distance:.1f}\"" in text
    if want.odds is not None:
        assert f"{float(want.odds.win) * 100:.0f}%" in text
    # cached per pair: the same objects until the view changes
    assert rig.table.preview(i, foe["index"])[0] is pv
    rig.table.draw(rig.screen)
    # off the Foe: no preview
    hover(rig, (rig.table.view["chars"][i]["x"], rig.table.view["chars"][i]["y"]))
    assert rig.table.hovered_foe() is None


def test_a_bases_facing_follows_its_move():
    rig = Rig()
    d = to_act(rig)
    i = d.free["index"]
    piece = rig.table.pieces[i]
    before = piece.facing
    ox, oy = d.free["origin"]
    a = next(a for a in d.actions if a[0] == "move" and abs(facing_of((ox, oy), (a[1], a[2])) - (before or 0)) > 20)
    rig.table.draw(rig.screen)
    post_drag(rig.screen_of((ox, oy)), rig.screen_of((a[1], a[2])))
    rig.pump()
    ev = next(e for e in reversed(rig.table.history) if e.kind == "move" and e.data.get("index") == i)
    path = ev.data["path"]
    want = facing_of(path[-2], path[-1])
    assert abs((piece.facing - want + 180) % 360 - 180) < 1.0
    assert abs((piece.facing - (before or 0) + 180) % 360 - 180) > 1.0


def test_a_roll_puts_its_d12s_on_the_tray():
    rig = Rig()
    rig.deploy_all()                                 # the last placement starts Turn 1: initiative is rolled
    rolls = [e for e in rig.table.history if e.kind == "roll"]
    assert rolls, "an initiative roll reached the table"
    last = rolls[-1].data
    dice = rig.table.dice
    assert [dd.kind for dd in dice] == ["d12"] * len(last["dice"])
    assert [dd.face for dd in dice] == last["dice"]
    tr = rig.table.tray_rect()
    assert all(tr.collidepoint(int(dd.x), int(dd.y)) and not dd.rolling for dd in dice)


def test_an_advantage_roll_shows_two_attacker_dice_with_the_higher_kept():
    rig = Rig()
    to_act(rig)
    v = rig.table.view
    a = next(c for c in v["chars"] if c["side"] == 0 and c["deployed"])
    t = next(c for c in v["chars"] if c["side"] == 1 and c["deployed"])
    ev = Event("roll", {"purpose": "fire", "attacker": a["id"], "defender": t["id"], "a_dice": [3, 9], "a_keep": 9,
                        "a_total": 10, "d_dice": [5], "d_keep": 5, "d_total": 5, "advantage": 1, "disadvantage": 0,
                        "winner": a["id"]})
    rig.table.on_events([ev])
    rig.settle()
    assert [dd.face for dd in rig.table.dice] == [3, 9, 5]
    g = rig.table.tray.groups
    assert g[0]["kept"] == 1 and [dd.face for dd in g[0]["dice"]] == [3, 9]
    assert g[1]["kept"] is None and [dd.face for dd in g[1]["dice"]] == [5]
    assert "Advantage" in rig.table.tray.result
    rig.table.draw(rig.screen)


def fog_rig(seed):
    return Rig(seed=seed, trial=1, fog=True)


def test_fog_hides_a_shadow_piece_out_of_sight_and_shows_it_when_seen():
    rig = None
    for seed in range(1, 40):
        r = fog_rig(seed)
        r.deploy_all()
        s = r.match.state
        unseen = [c for c in r.match.view(0)["chars"] if c["side"] == 1 and not c["seen"]]
        if unseen:
            rig = r
            break
    assert rig is not None, "a fogged Trial 1 with a Shadow character out of sight"
    s = rig.match.state
    for c in unseen:
        real = s.chars[c["index"]]
        p = rig.table.pieces.get(c["index"])
        assert p is None or (p.dim and p.pos != (real.x, real.y)), "drawn only where last seen, faded"
    rig.table.draw(rig.screen)
    # lightning: everyone in line of sight is seen, and drawn where they are
    s.lightning = True
    s.dec = None
    rig.table.reload(0)
    shown = [c for c in rig.match.view(0)["chars"] if c["side"] == 1 and c["seen"] and c["deployed"] and not c["ooa"]]
    assert any(c["index"] in [u["index"] for u in unseen] for c in shown)
    for c in shown:
        p = rig.table.pieces[c["index"]]
        real = s.chars[c["index"]]
        assert not p.dim and p.pos == (real.x, real.y)


def test_a_replay_spectator_of_a_fogged_game_sees_every_shadow_piece():
    rig = fog_rig(5)
    rig.deploy_all()
    rig.ctx.reveal = True
    rig.table.set_viewer(None)
    s = rig.match.state
    for i, c in enumerate(s.chars):
        if c.in_play:
            p = rig.table.pieces[i]
            assert not p.dim and p.pos == (c.x, c.y)


def test_a_shadow_act_plays_step_by_step_move_then_dice_then_harm():
    rig = Rig()
    to_act(rig)
    v = rig.table.view
    sh = next(c for c in v["chars"] if c["side"] == 1 and c["deployed"] and not c["ooa"])
    me = next(c for c in v["chars"] if c["side"] == 0 and c["deployed"] and not c["ooa"])
    piece = rig.table.pieces[sh["index"]]
    start = (sh["x"], sh["y"])
    to = (round(sh["x"] + 1.0, 2), sh["y"])
    events = [Event("move", {"piece": sh["id"], "index": sh["index"], "path": [list(start), list(to)],
                             "to": list(to), "z": 0.0, "engaged": False, "reach": 5.0}),
              Event("roll", {"purpose": "fire", "attacker": sh["id"], "defender": me["id"], "a_dice": [11],
                             "a_keep": 11, "a_total": 11, "d_dice": [2], "d_keep": 2, "d_total": 2,
                             "advantage": 0, "disadvantage": 0, "winner": sh["id"]}),
              Event("harm", {"piece": me["id"], "index": me["index"], "damage": 9, "amount": 1, "total": 1,
                             "grit": 8, "down": False, "ooa": False, "source": "fire"})]
    rig.settings.animation_speed = 1.0
    rig.table.dice = []
    rig.table.on_events(events)
    t, dt = 0.0, 1 / 30
    moved_at = dice_at = None
    while rig.table.busy() and t < 20:
        rig.table.update(dt)
        t += dt
        if moved_at is None and math.dist(piece.pos, to) < 1e-6:
            moved_at = t
        if dice_at is None and rig.table.dice:
            dice_at = t
    pace = rig.rules.R.shadow_step_seconds
    assert moved_at is not None and dice_at is not None
    assert dice_at >= moved_at + pace * 0.5, "the dice wait for the move and the Shadow's pause"
    assert t >= dice_at + 0.8, "the landed roll stays to be read before the result"
    assert [dd.face for dd in rig.table.dice] == [11, 2]
