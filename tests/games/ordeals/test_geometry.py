"""Book of Ordeals geometry (game/games/ordeals/geometry.py): examples per BO item and
property tests with hypothesis (LoS symmetry, a path never longer than its allowance,
no move through a base or blocking terrain)."""
import math

import pytest
from hypothesis import given, settings, strategies as st

from game.games.ordeals import geometry as G
from game.games.ordeals.data import load_data


def rect(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def small_map():
    return G.Map((24, 24), [
        G.make_piece("blocking", rect(10, 10, 14, 14), height=3),
        G.make_piece("woods", rect(2, 2, 8, 8)),
        G.make_piece("obstacle", rect(16, 4, 20, 4.4)),
        G.make_piece("gap", rect(16, 16, 22, 17), width=1.0),
        G.make_piece("gap", rect(0, 20, 8, 23), width=3.0),
        G.make_piece("blocking", rect(18, 8, 19, 9), height=1),
    ])


M = small_map()


@pytest.fixture(scope="module")
def trial_maps():
    d = load_data()
    return {k: G.map_for(t, d.rules) for k, t in d.trials.items()}


def test_BO_100_edge_to_edge():
    assert G.edge_dist((0, 0), (3, 0)) == pytest.approx(2.0)
    assert G.edge_dist((0, 0), (0.5, 0)) == 0.0


def test_BO_102_blocking_breaks_los():
    assert not M.los((12, 5), -1, (12, 19), -1)
    assert M.los((5, 12), -1, (9, 12), -1)


def test_BO_196_standing_on_top_sees_over_lower_and_from_own_piece():
    # on the 3" block (piece 0) looking over the 1" block (piece 5)
    assert M.los((13, 12), 0, (22, 8.5), -1, a_z=3.0)
    assert M.los((18.5, 6), -1, (18.5, 11), -1) is False
    # the piece stood on never blocks
    assert M.los((12, 12), 0, (12, 20), -1, a_z=3.0)


def test_BO_197_woods_more_than_3_inches_blocks():
    assert M.los((1, 5), -1, (4, 5), -1)          # 2" inside
    assert not M.los((1, 5), -1, (9, 5), -1)      # 6" inside


def test_BO_103_cover_from_obstacle_near_target_only():
    assert M.in_cover((18, 0), -1, (18, 5.2), -1)     # wall right in front of the target
    assert not M.in_cover((17, 3.5), -1, (17, 10), -1)   # the wall is near the attacker only


def test_BO_103_cover_from_blocking_across_tangent():
    # the segment passes 0.3" from the block's corner: a tangent line is blocked
    assert M.in_cover((5, 14.3), -1, (20, 14.3), -1)
    assert not M.in_cover((5, 16), -1, (9, 16), -1)


def test_BO_137_hide_cover():
    assert M.hide_cover((18, 5.2))                 # within 1" of the wall
    assert M.hide_cover((5, 5))                    # in woods
    assert M.hide_cover((9.5, 12))                 # base contact with the block
    assert not M.hide_cover((12, 20))


def test_BO_130_path_goes_around_blocking():
    p = M.plan_path((12, 8), (12, 16))
    assert p is not None and len(p) > 2
    assert M.path_length(p) > 8.0
    for a, b in zip(p, p[1:]):
        assert M.static_clear_seg(a, b)


def test_BO_101_hurdle_obstacle_and_narrow_gap_but_not_wide_gap():
    assert M.plan_path((18, 3), (18, 6)) == [(18, 3), (18, 6)]          # over the wall
    assert M.plan_path((19, 15), (19, 18)) == [(19, 15), (19, 18)]      # over a 1" gap
    p = M.plan_path((4, 19), (4, 23.4))
    assert p is None or len(p) > 2                                       # never straight over 3"
    assert not M.can_stand((19, 16.5))                                   # never end in a gap


def test_BO_130_stop_within_1_inch_of_foe():
    path = [(2, 12), (9, 12)]
    cut, stopped = M.stop_at_foes(path, [(8, 12)])
    assert stopped and G.edge_dist(cut[-1], (8, 12)) == pytest.approx(1.0)


def test_BO_198_path_around_a_base():
    p = M.plan_path((2, 18), (6, 18), others=[(4, 18)])
    assert p is not None and len(p) > 2
    for a, b in zip(p, p[1:]):
        assert M.bases_clear_seg(a, b, [(4, 18)])


def test_BO_104_falling():
    assert G.fall_harm(3.0) == 0
    assert G.fall_harm(3.2) == 1
    assert G.fall_harm(6.0) == 3


def test_BO_132_push_stops_at_wall_and_base():
    end, fell = M.push_line((12, 8.0), (12, 6), 2.0, [])
    assert end[1] < 9.5 + 1e-6 and not fell
    end, _ = M.push_line((4, 12), (2, 12), 2.0, [(5.6, 12)])
    assert G.dist(end, (5.6, 12)) >= 1.0 - 1e-6
    end, fell = M.push_line((13.4, 12), (11, 12), 2.0, [], on=0)
    assert fell


coord = st.floats(min_value=0.6, max_value=23.4, allow_nan=False)
pt = st.tuples(coord, coord)


@settings(max_examples=150, deadline=None)
@given(pt, pt)
def test_property_los_symmetric(a, b):
    assert M.los(a, -1, b, -1) == M.los(b, -1, a, -1)


@settings(max_examples=80, deadline=None)
@given(pt, pt, st.lists(pt, max_size=4), st.floats(min_value=0.0, max_value=9.0))
def test_property_path_within_allowance_and_clear(a, b, others, allowance):
    others = [o for o in others if G.dist(o, a) >= 1.0]
    if not M.can_stand(a, others):
        return
    p = M.plan_path(a, b, others)
    if p is None:
        return
    walked = G.truncate(p, allowance)
    assert M.path_length(walked) <= allowance + 1e-6
    for s, e in zip(walked, walked[1:]):
        assert M.static_clear_seg(s, e), (s, e)
        assert M.bases_clear_seg(s, e, others), (s, e)
        for i in M.blocking:
            assert not G.seg_hits_poly(s, e, M.pieces[i])


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=5), st.data())
def test_property_trial_maps_los_symmetric(trial_maps, k, data):
    m = trial_maps[k]
    c = st.floats(min_value=0.6, max_value=m.w - 0.6, allow_nan=False)
    a = data.draw(st.tuples(c, c))
    b = data.draw(st.tuples(c, c))
    assert m.los(a, -1, b, -1) == m.los(b, -1, a, -1)
    assert m.in_cover(a, -1, b, -1) in (True, False)
