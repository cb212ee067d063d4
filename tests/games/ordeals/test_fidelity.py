"""Book of Ordeals rules fidelity: a Move uses its whole allowance in any direction
(BO-130, the Shadow's and the players'), one rules function answers where a Move toward a
point goes and why it is refused (BO-130, BO-198), a lantern's light needs line of sight
(BO-152, with the Stalker's Hide of BO-116), and a push off a top moves the full 2"
(BO-132). Characters of the Grey Vigil and Trial 1's Shadow as in test_rules.py."""
from __future__ import annotations

import math

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from game.games.ordeals import geometry as G
from game.games.ordeals.shadow import _step_along

from .support import FixedDice, rules, scene

ALDRIC, MAUD, TOMAS, NESS = 0, 1, 2, 3
HUSK, HUSK2 = 4, 5


def _walked(events) -> float:
    """Length of the path of the (one) move event."""
    path = next(e.data["path"] for e in events if e.kind == "move")
    return sum(math.dist(a, b) for a, b in zip(path, path[1:]))


def _far_point(m, start, ang, far=30.0):
    """A point `far` inches from `start` along `ang`, kept on the table."""
    r = m.r + 0.01
    return (min(max(start[0] + math.cos(ang) * far, r), m.w - r),
            min(max(start[1] + math.sin(ang) * far, r), m.h - r))


def _reachable(R, s, i, path, reach) -> bool:
    """Whether the point `reach` inches along `path` is a legal end of a Move (the exact
    point, before any rounding): then a Move that way must get there."""
    cut = G.truncate(path, reach)
    return R.map(s).path_length(path) >= reach and R.ground_path_ok(s, i, cut, reach + 1e-9)


def _open_move(trial, fx, fy, ang, pace):
    """A Husk somewhere on Trial `trial`'s table, its Act begun, and the way toward a far
    point in direction `ang`; hypothesis rejects the draw unless the point the allowance
    reaches along that way is a legal end of a Move (and no Foe stops it first)."""
    R = rules()
    m = R.maps[trial]
    start = (round(m.r + 0.1 + (m.w - 2 * m.r - 0.2) * fx, 2), round(m.r + 0.1 + (m.h - 2 * m.r - 0.2) * fy, 2))
    assume(m.can_stand(start))
    s = scene({HUSK: start, ALDRIC: (0.6, 0.6) if start[0] + start[1] > 12 else (m.w - 0.6, m.h - 0.6)},
              trial=trial, active=HUSK)
    c = s.chars[HUSK]
    c.st = c.st._replace(pace=pace)
    reach = R.allowance(s, c)
    goal = _far_point(m, start, ang)
    path = m.plan_path(start, goal, R.others_for(s, HUSK))
    assume(path is not None and _reachable(R, s, HUSK, path, reach))
    assume(not m.stop_at_foes(G.truncate(path, reach), [s.chars[ALDRIC].pos])[1])
    return R, s, reach, goal, path


MOVES = dict(trial=st.integers(min_value=1, max_value=5), fx=st.floats(0.05, 0.95), fy=st.floats(0.05, 0.95),
             ang=st.floats(0.0, 2 * math.pi), pace=st.integers(0, 2))


@settings(max_examples=60, deadline=None)
@given(**MOVES)
def test_BO_130_a_move_uses_its_whole_allowance_in_any_direction(trial, fx, fy, ang, pace):
    """Toward a point whose way is clear for the whole allowance, the Shadow's Move Deed
    ends within 0.01" of the allowance (its end rounded inward, never cut back 0.3")."""
    R, s, reach, goal, path = _open_move(trial, fx, fy, ang, pace)
    ev = []
    assert _step_along(R, s, HUSK, path, ev)
    assert reach - 0.01 <= _walked(ev) <= reach + 1e-6


@settings(max_examples=60, deadline=None)
@given(**MOVES)
@example(trial=1, fx=0.05, fy=0.451171875, ang=4.875, pace=1)   # the route bends round a corner
def test_BO_130_a_players_drag_uses_its_whole_allowance_in_any_direction(trial, fx, fy, ang, pace):
    """The same for a player's drag toward that far point: the rules' answer for the table
    (move_route) goes within 0.01" of the allowance, and the point it asks for is legal."""
    R, s, reach, goal, path = _open_move(trial, fx, fy, ang, pace)
    s.chars[HUSK].side, s.chars[ALDRIC].side = 0, 1
    got = R.move_route(s, HUSK, goal)
    assert got.path is not None and got.reason is None
    assert reach - 0.01 <= R.map(s).path_length(got.path) <= reach + 1e-6
    assert R.move_plan(s, HUSK, got.to) is not None


@settings(max_examples=40, deadline=None)
@given(ang=st.floats(0.0, 2 * math.pi))
def test_BO_130_listed_moves_reach_the_allowance_in_the_open(ang):
    """The Moves the decision lists (the AI's sample) go the whole allowance when the way is
    open: no sample is cut to 0.6 of it because rounding its end lengthened it."""
    R = rules()
    s = scene({ALDRIC: (11.0, 20.0), HUSK: (1.0, 1.0)}, active=ALDRIC)
    c = s.chars[ALDRIC]
    reach = R.allowance(s, c)
    target = (c.x + math.cos(ang) * 5, c.y + math.sin(ang) * 5)
    p = R._toward(s, ALDRIC, target, reach)
    assert p is not None and reach - 0.01 <= G.dist(c.pos, p) <= reach + 1e-9


def test_BO_130_the_shadows_step_is_not_cut_to_2_7_inches():
    """A straight step of a Husk due east-north-east: its end rounded to the nearest 0.01"
    lay 0.0006" past 3", and the step fell back to 2.7"."""
    R = rules()
    s = scene({HUSK: (4.0, 20.0), ALDRIC: (22.0, 2.0)}, active=HUSK)
    ang = math.radians(15)
    path = [(4.0, 20.0), (4.0 + 10 * math.cos(ang), 20.0 + 10 * math.sin(ang))]
    ev = []
    assert _step_along(R, s, HUSK, path, ev)
    assert _walked(ev) == pytest.approx(3.0, abs=0.01)


# ------------------------------------------------------------------ one answer for a Move
def test_BO_198_a_drag_onto_a_foe_stops_within_1_inch_and_is_not_refused():
    R = rules()
    s = scene({ALDRIC: (4.0, 20.0), HUSK: (8.0, 20.0), MAUD: (1.0, 1.0)}, active=ALDRIC)
    got = R.move_route(s, ALDRIC, (8.0, 20.0))            # onto the Husk's own base
    assert got.reason is None and got.path[-1] == pytest.approx((6.0, 20.0), abs=1e-6)
    assert R.is_legal(s, 0, ("move", 8.0, 20.0))
    R.apply(s, 0, ("move", 8.0, 20.0))
    a = s.chars[ALDRIC]
    assert (a.x, a.y) == pytest.approx((6.0, 20.0), abs=1e-6) and R.is_engaged(s, a)


def test_BO_198_a_drag_past_a_foe_beyond_the_allowance_stops_at_it():
    """The way to the far point (round the Husk) is longer than 3", but the Move stops
    2" along it, within 1" of the Husk: it is taken, not refused."""
    R = rules()
    s = scene({ALDRIC: (4.0, 20.0), HUSK: (8.0, 20.3), MAUD: (1.0, 1.0)}, active=ALDRIC)
    assert R.is_legal(s, 0, ("move", 14.0, 20.0))
    R.apply(s, 0, ("move", 14.0, 20.0))
    a = s.chars[ALDRIC]
    assert R.is_engaged(s, a) and G.dist(a.pos, (4.0, 20.0)) < 2.5


def test_BO_130_a_refused_move_says_which_of_three_reasons():
    R = rules()
    # out of reach: 6" of open ground; snapped to the farthest legal point on the way
    s = scene({ALDRIC: (4.0, 20.0), HUSK: (22.0, 2.0)}, active=ALDRIC)
    assert R.move_route(s, ALDRIC, (10.0, 20.0), snap=False).reason == "reach"
    got = R.move_route(s, ALDRIC, (10.0, 20.0))
    assert got.reason is None and got.snapped and got.to == pytest.approx((7.0, 20.0), abs=0.01)
    # not a place to stand: inside the cottage, within reach
    s = scene({ALDRIC: (5.0, 12.0), HUSK: (22.0, 2.0)}, active=ALDRIC)
    assert R.move_route(s, ALDRIC, (5.0, 10.0)).reason == "stand"
    # blocked: a free spot 2" away, but friends stand shoulder to shoulder all round
    ring = {k: (10.0 + 1.02 * math.cos(a), 20.0 + 1.02 * math.sin(a))
            for k, a in zip((MAUD, TOMAS, NESS), (0.0, 2.1, 4.2))}
    s = scene({ALDRIC: (10.0, 20.0), HUSK: (22.0, 2.0), **ring}, active=ALDRIC)
    for k, a in zip((HUSK2, 6, 7), (1.05, 3.15, 5.25)):    # three more bases fill the gaps (own side)
        c = s.chars[k]
        c.deployed, c.ooa, c.side, c.on, c.z = True, False, 0, -1, 0.0
        c.x, c.y = 10.0 + 1.02 * math.cos(a), 20.0 + 1.02 * math.sin(a)
    s.dec = None
    dest = (12.3, 20.9)
    assert R.map(s).can_stand(dest, R.others_for(s, ALDRIC))
    assert R.move_route(s, ALDRIC, dest).reason == "blocked"


# ------------------------------------------------------------------ light needs sight
def _stalker_by_the_cottage():
    """Trial 1: Maud (a Stalker) on the road east of the cottage in darkness, Old Ness's
    lit lantern 2.6" from her (edge to edge) south of the cottage, a Husk north of it that
    sees Maud but not Ness (the cottage is in the way)."""
    R = rules()
    s = scene({MAUD: (8.6, 11.2), NESS: (5.0, 11.2), HUSK: (6.0, 3.0)}, active=MAUD)
    s.sight = 2
    m = s.chars[MAUD]
    m.st = m.st._replace(stalker=True, hides=2)
    s.chars[NESS].lit = True
    s.dec = None
    return R, s


def test_BO_152_a_lantern_unseen_by_the_foe_does_not_end_shroud():
    R, s = _stalker_by_the_cottage()
    husk, maud, ness = s.chars[HUSK], s.chars[MAUD], s.chars[NESS]
    assert G.dist(maud.pos, ness.pos) - 1.0 == pytest.approx(2.6)
    assert R.los(s, husk, maud) and not R.los(s, husk, ness)
    assert R.shrouded(s, husk, maud)                  # the light it cannot see lights nothing for it
    assert R.shrouded(s, husk, ness)
    assert not R.can_see(s, husk, maud)
    husk.x, husk.y = 12.0, 14.0                       # now it sees the lantern: Maud is lit for it
    assert R.los(s, husk, ness) and not R.shrouded(s, husk, maud)


def test_BO_116_a_stalker_shrouded_to_every_foe_hides_by_a_lantern_they_cannot_see():
    R, s = _stalker_by_the_cottage()
    assert not R.map(s).hide_cover(s.chars[MAUD].pos)  # no cover there: the Stalker's own rule
    assert ("hide",) in R.decisions(s)[0].actions
    R.apply(s, 0, ("hide",))
    assert s.chars[MAUD].hidden


# ------------------------------------------------------------------ the push off a top
def _on_the_cottage(loser_x):
    """Trial 1: Brother Aldric and a Husk on the cottage's roof (3" high, x 3-7), the
    Husk east of him, its centre `7 - loser_x` inches from the east edge."""
    R = rules()
    s = scene({ALDRIC: (loser_x - 1.9, 9.25), MAUD: (1.0, 23.0)}, active=ALDRIC, dice=[9, 1], then=1)
    h = s.chars[HUSK]
    h.deployed, h.ooa, h.tired = True, False, False
    h.x, h.y = loser_x, 9.25
    h.st = h.st._replace(grit=30)
    for c in (s.chars[ALDRIC], h):
        c.on, c.z = 2, 3.0
    s.dec = None
    return R, s


@pytest.mark.parametrize("loser_x, lands", [(6.5, 8.5), (5.9, 7.9), (5.2, 7.5)])
def test_BO_132_a_push_off_a_top_moves_the_full_2_inches(loser_x, lands):
    """2" from a centre 0.5" or 1.1" from the roof's edge; from 1.8" the base would
    hang on the edge after 2" (centre at 7.2), so it slides on until clear (7.5)."""
    R, s = _on_the_cottage(loser_x)
    R.apply(s, 0, ("assault", HUSK))
    assert s.stage == "push"
    ev = R.apply(s, 0, ("push",))
    h = s.chars[HUSK]
    push = next(e.data for e in ev if e.kind == "push")
    assert push["fell"] and h.on == -1 and h.z == 0.0
    assert h.x == pytest.approx(lands, abs=0.01) and h.y == pytest.approx(9.25)
    assert h.harm == 9                                # the Assault's margin (10 - 1); a 3" drop is safe


def test_BO_132_a_push_that_ends_on_the_top_stays_there():
    R, s = _on_the_cottage(4.9)                       # 2" east is x 6.9: still on the roof
    s.chars[ALDRIC].x = 3.0
    s.chars[HUSK].x = 4.0
    R.apply(s, 0, ("assault", HUSK))
    R.apply(s, 0, ("push",))
    h = s.chars[HUSK]
    assert h.on == 2 and h.z == 3.0 and h.x == pytest.approx(6.0, abs=0.01)


def test_BO_104_a_push_off_a_high_top_falls_from_where_it_lands():
    """Trial 2's bell tower (6" high): pushed 2" off it, the Husk lands 2" out and takes
    the 3" beyond a safe drop."""
    R = rules()
    s = scene({ALDRIC: (5.6, 22.0), MAUD: (30.0, 33.0)}, trial=2, active=ALDRIC, dice=[9, 1], then=1)
    h = s.chars[HUSK]
    h.deployed, h.ooa = True, False
    h.x, h.y = 7.5, 22.0
    h.st = h.st._replace(grit=30)
    for c in (s.chars[ALDRIC], h):
        c.on, c.z = 1, 6.0
    s.dec = None
    R.apply(s, 0, ("assault", HUSK))
    R.apply(s, 0, ("push",))
    assert h.x == pytest.approx(9.5, abs=0.01) and h.on == -1
    assert h.harm == 9 + 3                            # the Assault's margin, then 6" - 3" of fall
