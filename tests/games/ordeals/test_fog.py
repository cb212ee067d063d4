"""Fog of war, the optional solo setting of §4.7 (option `fog`): the Company's view lists a
Shadow character only while one of its characters can see it, events about unseen ones
are told to nobody, the contract's indistinguishability check holds with fog on (unseen
positions really perturbed), the determinizer rebuilds a state with the same view, and a
finished game's replay (`reveal_view`) shows everything."""
from __future__ import annotations

import random

import pytest

from game.core.rng import RNG
from game.core.rules import OptionsError
from game import registry
from game.games.ordeals import fog as F
from tests.contract import support as S

from .support import rules, scene

FOG = {"fog": True}


def canon(v):
    return S.canon(v)


def test_fog_is_off_by_default_and_a_solo_flag():
    R = rules()
    assert R.default_options()["fog"] is False
    spec = next(o for o in R.option_specs() if o.key == "fog")
    assert spec.kind == "flag" and spec.default is False
    assert "fog" not in R.view(R.setup(1, {}, 1), 0) or R.view(R.setup(1, {}, 1), 0)["fog"] is False


def test_fog_is_refused_outside_solo_with_a_one_line_reason():
    R = rules()
    with pytest.raises(OptionsError) as e:
        R.validate_options({"mode": "versus", "fog": True}, 2)
    msg = str(e.value)
    assert "solo" in msg and "\n" not in msg
    with pytest.raises(OptionsError) as e:
        R.validate_options({"fog": "maybe"}, 1)
    assert "true or false" in str(e.value)
    assert R.validate_options({"fog": True}, 2)["fog"] is True        # co-op is solo mode


def _scene_far(sight):
    """Brother Aldric (0) at the south, a Husk (4) 12" north in plain sight lines."""
    R = rules()
    s = scene({0: (10.0, 30.0), 4: (10.0, 18.0)}, trial=1, active=0, fog=True)
    s.sight = sight
    s.ghosts = {}
    assert R.los(s, s.chars[0], s.chars[4])
    return R, s


def test_fog_hides_a_shadow_out_of_sight_and_shows_it_when_seen():
    R, s = _scene_far(sight=2)
    v = R.view(s, 0)
    husk = v["chars"][4]
    assert v["fog"] is True
    assert husk["seen"] is False and husk["deployed"] is False
    assert (husk["x"], husk["y"]) != (10.0, 18.0)
    assert v["chars"][0]["seen"] is True and (v["chars"][0]["x"], v["chars"][0]["y"]) == (10.0, 30.0)
    # in Sight: listed where it is
    s.sight = 24
    v = R.view(s, 0)
    assert v["chars"][4]["seen"] is True and (v["chars"][4]["x"], v["chars"][4]["y"]) == (10.0, 18.0)
    # a lit character is seen beyond Sight (BO-152)
    s.sight = 2
    s.chars[4].lit = True
    assert R.view(s, 0)["chars"][4]["seen"] is True
    # the spectator's replay of a finished game shows it even unlit and out of Sight
    s.chars[4].lit = False
    assert R.view(s, None)["chars"][4]["seen"] is False
    full = R.reveal_view(s)
    assert (full["chars"][4]["x"], full["chars"][4]["y"]) == (10.0, 18.0) and full["fog"] is False


def test_fog_keeps_the_last_seen_place_as_a_ghost():
    R, s = _scene_far(sight=24)
    F.after_step(R, s)                       # seen at (10, 18) at the end of a step
    s.sight = 2
    s.chars[4].x = 14.0                      # it moved on in the dark
    v = R.view(s, 0)["chars"][4]
    assert v["seen"] is False and v["ghost"] is True and v["deployed"] is True
    assert (v["x"], v["y"]) == (10.0, 18.0)


def test_fog_events_about_an_unseen_shadow_are_told_to_nobody():
    R, s = _scene_far(sight=2)
    ev = F.FogLog(R, s)
    from game.core.rules import Event
    ev.append(Event("move", {"piece": "s1", "index": 4, "path": [[10, 18], [10, 16]], "to": [10, 16]}))
    ev.append(Event("log", {"key": "ordeals.log.shadow.toward", "params": {"actor": "s1", "target": "a1"}}))
    ev.append(Event("move", {"piece": "a1", "index": 0, "path": [[10, 30], [10, 28]], "to": [10, 28]}))
    assert [e.to for e in ev] == [(), (), None]
    # an attack out of the dark is told (who rolled, not where from), as a reveal
    ev.append(Event("roll", {"purpose": "fire", "attacker": "s1", "defender": "a1",
                             "a_dice": [7], "d_dice": [3], "a_total": 7, "d_total": 4}))
    assert ev[-1].to is None and ev[-1].data["barrier"] is True
    assert s.seen_tray == [7, 3]


def test_fog_no_assault_into_the_dark_and_no_drag_ring_around_an_unseen_foe():
    R, s = _scene_far(sight=0)
    s.chars[0].st = s.chars[0].st._replace(reach=2.0)      # a spear: Reach 2" (BO-116)
    s.chars[4].x, s.chars[4].y = 10.0, 27.4                 # 1.6" away, edge to edge, in the dark
    s.dec = None
    assert 4 not in F.seen(R, s)
    d = R.decisions(s)[0]
    assert ("assault", 4) not in d.actions
    assert [10.0, 27.4] not in d.free["foes"]
    s.fog = False                                           # an open table: the same Assault is there
    s.dec = None
    d = R.decisions(s)[0]
    assert ("assault", 4) in d.actions and [10.0, 27.4] in d.free["foes"]


def test_fog_contract_indistinguishable_with_unseen_positions_really_perturbed():
    R = registry.ruleset("ordeals")
    totals = {"states": 0, "changed": 0, "events": 0}
    for n, seed in ((1, 20), (2, 21), (1, 22)):
        for k, v in S.check_indistinguishable(R, n, seed=seed, opts=FOG).items():
            totals[k] += v
    assert totals["states"] >= 30 and totals["events"] >= totals["states"] // 3, totals
    # the perturbation moves unseen Shadow characters: a view without fog would tell
    moved = told = 0
    rng = RNG(5)
    for st in S.sample_states(R, 1, 23, every=3, limit=40, opts=FOG):
        other = R.perturb_hidden(st, 0, rng)
        assert canon(R.view(other, 0)) == canon(R.view(st, 0))
        if any((a.x, a.y) != (b.x, b.y) for a, b in zip(st.chars, other.chars)):
            moved += 1
            assert all((a.x, a.y) == (b.x, b.y) for a, b in zip(st.chars, other.chars) if a.side == 0)
            told += canon(R.reveal_view(other)) != canon(R.reveal_view(st))
    assert moved >= 5 and told == moved, (moved, told)


def test_fog_random_playouts_keep_invariants_and_end():
    R = rules()
    for g in range(4):
        n = 1 + g % 2
        s = R.setup(n, {"fog": True, "trial": 1 + g}, 100 + g)
        rnd = random.Random(g)
        steps = 0
        while R.result(s) is None:
            before = R.clone(s)
            seat, action = S.random_step(R, s, rnd)
            evs = R.apply(s, seat, action)
            steps += 1
            assert R.invariants(s, before) == [], (g, steps)
            S.canon([[e.kind, e.data, e.to] for e in evs])
            assert steps < S.MAX_STEPS
        S.check_result(R, s, n, f"fog game {g}")


def test_fog_determinizer_agrees_with_the_view():
    R = registry.ruleset("ordeals")
    determinize = registry.get("ordeals").determinize
    checked = unseen = 0
    for n, seed in ((1, 3), (2, 4)):
        for st in S.sample_states(R, n, seed, every=4, limit=30, opts=FOG):
            for seat in range(n):
                mine = R.view(st, seat)
                guess = determinize(mine, seat, RNG(checked))
                assert canon(R.view(guess, seat)) == canon(mine), S._first_difference(mine, R.view(guess, seat))
                if R.result(guess) is None:
                    assert R.decisions(guess)
                checked += 1
                unseen += sum(1 for c in mine["chars"] if not c["seen"])
    assert checked >= 20 and unseen > 0
