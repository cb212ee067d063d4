"""The fully co-operative game (TE-090) and its results."""
from __future__ import annotations

from .helpers import R, act, answer, decision, pass_all, quiet, random_game, set_center, set_hand


def test_TE_090a_minion_strikes_hit_the_player_too():
    s = quiet(n=2, mode="coop")
    a = s.active
    brig, soc = set_hand(s, a, "brigand", "strength_of_combat")
    act(s, a, "play", brig)
    hit = set()
    while s.wait is not None:
        d = decision(s)
        hit.add(d.seat)
        answer(s, d.seat, d.actions[0])
    assert 1 - a in hit and soc in s.discard[a]          # a's only card goes without asking


def test_TE_090b_minions_in_hand_must_be_played():
    s = quiet(n=2, mode="coop")
    a = s.active
    (brig,) = set_hand(s, a, "brigand", "strength_of_combat")[:1]
    assert ("end",) not in decision(s).actions
    act(s, a, "play", brig)
    while s.wait is not None:
        d = decision(s)
        answer(s, d.seat, d.actions[0])
    assert ("end",) in decision(s).actions


def test_TE_090c_first_player_rolls_for_each_minion():
    s = quiet(n=2, mode="coop")
    s.heroes = ["inspector_cooke", "inspector_cooke"]
    set_center(s, "brigand", "highwayman", "tomahawk", "musket", "lantern", "ambush")
    rolls = []
    for _ in range(2):
        ev = act(s, s.active, "end")
        pass_all(s)
        rolls += [e for e in ev if e.kind == "roll" and e.data["purpose"] == "minion"]
        if s.active == s.first:
            break
    assert len(rolls) == 2                                  # one per Minion, First Player only


def test_TE_090c_each_minion_roll_names_the_minion_it_is_for():
    s = quiet(n=2, mode="coop")
    s.heroes = ["inspector_cooke", "inspector_cooke"]
    set_center(s, "brigand", "highwayman", "tomahawk", "musket", "lantern", "ambush")
    minions = [c for c in s.center if c is not None and R.cards[c].type == "minion"]
    rolls = []
    for _ in range(2):
        ev = act(s, s.active, "end")
        pass_all(s)
        rolls += [e for e in ev if e.kind == "roll" and e.data["purpose"] == "minion"]
        if s.active == s.first:
            break
    assert sorted(e.data["card"] for e in rolls) == sorted(minions)


def test_coop_results_are_a_side_with_rewards():
    s = quiet(n=2, mode="coop")
    R._finish(s, True, [])
    r = R.result(s)
    assert r.side == "players" and r.winners == (0, 1) and all(0.8 <= x <= 1.0 for x in r.rewards)
    s2 = quiet(n=2, mode="coop")
    R._finish(s2, False, [])
    r2 = R.result(s2)
    assert r2.side == "game" and r2.winners == () and all(0.0 <= x <= 0.2 for x in r2.rewards)


def test_competitive_heroes_prefer_a_heroes_win():
    s = quiet(n=3)
    R._finish(s, True, [])
    s2 = quiet(n=3)
    R._finish(s2, False, [])
    assert max(R.result(s2).rewards) < min(R.result(s).rewards)


def test_solo_coop_plays_to_the_end():
    for seed in range(5):
        s, steps = random_game(1, "coop", seed)
        assert R.result(s).side in ("players", "game")
