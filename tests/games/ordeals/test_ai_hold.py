"""Book of Ordeals hard AI in a solo rout Trial (BO-171 Trial 1, BO-181): hard's own
policy (its default choice and its rollouts) has a melee character charge a Foe it can
reach with a Deed left to Assault, or else hold its ground (Guard), where the normal
policy (the yardstick, unchanged) walks toward the Shadow and hands the Brutes the
first strike. Outside solo rout Trials, and in versus, the two policies are the same."""
from __future__ import annotations

import random

from game.games.ordeals.ai import HardAgent, HeuristicAgent, Policy

from .support import idx, rules, scene


def _brother_and_husk(husk_at, trial=1, mode="solo"):
    """Brother Aldric (a melee Leader) begins his Act at (12, 4); one Husk stands at
    `husk_at`; nobody else is on the table."""
    R = rules()
    players = 1 if mode == "solo" else 2
    s0 = scene({}, trial=trial, mode=mode, players=players, dice=None)
    a1, h = idx(s0, "a1"), (idx(s0, "s1") if mode == "solo" else idx(s0, "b4"))
    s = scene({a1: (12.0, 4.0), h: husk_at}, trial=trial, mode=mode, players=players, dice=None, active=a1)
    return R, s, a1, h


def _policies(R):
    return Policy(R, random.Random(1)), Policy(R, random.Random(1), quarry_first=True, hold=True)


def test_BO_181_hard_holds_where_normal_walks_into_the_charge():
    """The Husk 10" off: out of a charge's reach. The normal policy Moves toward it (and
    would end its Act a Husk's charge away); hard's policy Guards where it stands."""
    R, s, a1, h = _brother_and_husk((12.0, 14.0))
    d = R.decisions(s)[0]
    assert d.kind == "act" and ("guard",) in d.actions
    normal, hard = _policies(R)
    assert normal.choose(s, d)[0] == "move"            # the premise: normal closes in
    assert hard.choose(s, d) == ("guard",)
    # the agents: normal as ever, hard's own policy holds
    assert HeuristicAgent(R, "normal", seed=1).choose(R.view(s, 0), d)[0] == "move"
    assert HardAgent(R, seed=1).policy.hold and not HeuristicAgent(R, "normal", seed=1).policy.hold


def test_BO_181_hard_charges_a_foe_within_reach_and_keeps_a_deed_to_assault():
    """The Husk 4" off: a Move (3") ends Engaged with it and two Deeds are left, so
    hard's policy charges: after its Move, Aldric is Engaged and may Assault."""
    R, s, a1, h = _brother_and_husk((12.0, 8.0))
    d = R.decisions(s)[0]
    _, hard = _policies(R)
    a = hard.choose(s, d)
    assert a[0] == "move" and R.is_legal(s, d.seat, a)
    R.apply(s, d.seat, a)
    assert h in R.engaged_with(s, s.chars[a1])
    assert ("assault", h) in R.decisions(s)[0].actions


def test_BO_181_hold_only_in_a_solo_rout_trial():
    """Trial 3 (the relic) and versus Trial 1: hard's policy plays as the normal one."""
    for trial, mode in ((3, "solo"), (1, "versus")):
        R, s, a1, h = _brother_and_husk((12.0, 14.0), trial=trial, mode=mode)
        d = R.decisions(s)[0]
        normal, hard = _policies(R)
        assert hard.choose(s, d) == normal.choose(s, d) != ("guard",)


def _behind_the_mausoleum():
    """Salt the Graves: two graves salted, the third at (27, 20); Brother Aldric begins
    his Act at (18.1, 15.4), against the mausoleum's wall, the straight line to the
    grave through it; one Husk far off by the Shadow's edge."""
    R = rules()
    s0 = scene({}, trial=2, dice=None)
    a1, h = idx(s0, "a1"), idx(s0, "s1")
    s = scene({a1: (18.13, 15.44), h: (30.0, 34.0)}, trial=2, dice=None, active=a1)
    s.graves = [[10.0, 15.0, 2], [18.0, 14.0, 2], [27.0, 20.0, 0]]
    return R, s, a1


def test_BO_181_hard_walks_around_the_mausoleum_to_the_last_grave():
    """The Move sample is straight Moves only and none of them gets nearer the grave:
    the normal policy stays where it is (it stood there to the Turn limit in the game
    this was taken from); hard's policy Moves along the path around the mausoleum."""
    R, s, a1 = _behind_the_mausoleum()
    d = R.decisions(s)[0]
    normal, _ = _policies(R)
    hard = Policy(R, random.Random(1), quarry_first=True, hold=True, paths=True)
    assert normal.choose(s, d)[0] != "move"             # the premise: normal is stuck
    a = hard.choose(s, d)
    assert a[0] == "move" and R.is_legal(s, d.seat, a)
    m = R.map(s)
    before = m.path_length(m.plan_path(s.chars[a1].pos, (27.0, 20.0), ()))
    R.apply(s, d.seat, a)
    after = m.path_length(m.plan_path(s.chars[a1].pos, (27.0, 20.0), ()))
    assert after < before - 2.0
    assert HardAgent(R, seed=1).policy.paths and not HeuristicAgent(R, "normal", seed=1).policy.paths


def test_BO_130_hards_path_move_goes_its_whole_allowance():
    """Hard's path Move ends on the 0.01" grid rounded inward, as the rules round a Move
    (BO-130): rounded to the nearest point the path could grow past the allowance, the
    full Move was refused and the character walked only 0.8 of it (more than half the
    path Moves in Salt the Graves). From starts all round the mausoleum, a Move toward
    the last grave, farther than one Move, ends within 0.01" of the allowance."""
    R = rules()
    hard = Policy(R, random.Random(1), quarry_first=True, hold=True, paths=True)
    starts = [(13.0 + 0.37 * k, 13.0 + 0.53 * (k % 5)) for k in range(12)]
    starts += [(12.4, 17.3 + 0.41 * k) for k in range(6)]
    walked = 0
    for start in starts:
        R, s, a1 = _behind_the_mausoleum()
        s.chars[a1].x, s.chars[a1].y = start
        s.dec = None
        d = R.decisions(s)[0]
        a = hard.choose(s, d)
        assert a[0] == "move" and R.is_legal(s, d.seat, a), start
        m = R.map(s)
        allowance = R.allowance(s, s.chars[a1])
        plan, _ = R.move_plan(s, a1, (a[1], a[2]))
        assert m.path_length(plan) > allowance - 0.01, (start, m.path_length(plan), allowance)
        walked += 1
    assert walked == len(starts)
