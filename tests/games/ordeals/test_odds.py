"""The exact odds behind the table's hover preview (game/games/ordeals/odds.py), checked
against brute-force enumeration of every D12 outcome (BO-012, BO-131, BO-133, BO-197), and
the preview's Fire/Assault choice and modifiers against the rules' own on a real state."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from game.games.ordeals import odds as O

from .support import idx, rules, scene


def brute(a_bonus, d_bonus, adv, sides=12):
    """Count every (attacker dice, defender die) outcome, keeping as the rules do."""
    win = tie = total = 0
    n_a = 1 if adv == 0 else 2
    for dice in itertools.product(range(1, sides + 1), repeat=n_a + 1):
        a = dice[0] if adv == 0 else (max(dice[:2]) if adv > 0 else min(dice[:2]))
        ta, td = a + a_bonus, dice[-1] + d_bonus
        total += 1
        win += ta > td
        tie += ta == td
    return Fraction(win, total), Fraction(tie, total), Fraction(total - win - tie, total)


@pytest.mark.parametrize("adv", [-1, 0, 1])
@pytest.mark.parametrize("a_bonus,d_bonus", [(0, 0), (2, 1), (1, 3), (4, -1), (0, 12), (13, 0), (-2, 2)])
def test_BO_012_opposed_odds_equal_brute_force_over_every_d12_outcome(a_bonus, d_bonus, adv):
    got = O.opposed(a_bonus, d_bonus, adv)
    assert tuple(got) == brute(a_bonus, d_bonus, adv)
    assert sum(got) == 1


def test_BO_197_advantage_and_disadvantage_cancel_and_only_the_sign_counts():
    assert O.opposed(2, 1, 0) == O.opposed(2, 1, 1 - 1)
    assert O.opposed(2, 1, 2) == O.opposed(2, 1, 1)
    assert O.opposed(2, 1, 1).win > O.opposed(2, 1, 0).win > O.opposed(2, 1, -1).win


def test_BO_012_kept_die_distributions_sum_to_one_and_lean_the_right_way():
    for adv in (-1, 0, 1):
        p = O.kept_die(adv)
        assert sum(p) == 1 and len(p) == 12
    assert O.kept_die(1)[11] == Fraction(23, 144)      # 12 on either die
    assert O.kept_die(-1)[0] == Fraction(23, 144)      # 1 on either die
    assert O.opposed(0, 0, 0).tie == Fraction(12, 144)


def test_BO_133_preview_of_a_fire_matches_the_rules_modifiers_and_bonuses():
    R = rules()
    s = scene({1: (10.0, 30.0), 6: (10.0, 22.0)}, trial=1, active=1)
    a, t = 1, 6
    assert s.chars[a].st.range > 0, "Sister Maud carries a bow"
    view = R.view(s, 0)
    p = O.preview(R, view, a, t)
    adv, dis = R.fire_modifiers(s, a, t)
    assert p.purpose == "fire" and p.in_range and p.los
    assert (p.advantage, p.disadvantage) == (adv, dis)
    assert p.a_bonus == s.chars[a].st.aim and p.d_bonus == R.might(s.chars[t])
    assert p.odds == O.opposed(p.a_bonus, p.d_bonus, adv - dis)
    assert p.possible == (t in R.fire_targets(s, a))
    assert abs(p.distance - 7.0) < 1e-6


def test_BO_131_preview_within_reach_is_an_assault_with_both_mights():
    R = rules()
    s = scene({0: (10.0, 30.0), 6: (10.0, 31.5)}, trial=1, active=0)
    s.chars[6].down = True
    p = O.preview(R, R.view(s, 0), 0, 6)
    assert p.purpose == "assault" and p.possible
    assert p.a_bonus == R.might(s.chars[0], True)
    assert p.d_bonus == R.might(s.chars[6], True)
    assert ("assault", 6) in R.deed_actions(s, 0)


def test_BO_103_preview_says_cover_gives_disadvantage_when_the_rules_do():
    R = rules()
    m = R.maps[1]
    # find a target spot in cover from a shooter 8" away on the map of Trial 1
    s = scene({1: (10.0, 30.0), 6: (10.0, 22.0)}, trial=1, active=1)
    found = False
    for x in range(2, int(m.w) - 1):
        for y in range(2, int(m.h) - 1):
            if not m.can_stand((x + 0.5, y + 0.5), []):
                continue
            for dx, dy in ((0, 6), (6, 0), (0, -6), (-6, 0)):
                sx, sy = x + 0.5 + dx, y + 0.5 + dy
                if not (1 < sx < m.w - 1 and 1 < sy < m.h - 1) or not m.can_stand((sx, sy), []):
                    continue
                s.chars[1].x, s.chars[1].y = sx, sy
                s.chars[6].x, s.chars[6].y = x + 0.5, y + 0.5
                if R.in_cover(s, s.chars[1], s.chars[6]) and R.los(s, s.chars[1], s.chars[6]):
                    found = True
                    break
            if found:
                break
        if found:
            break
    assert found, "Trial 1 has a spot in cover"
    s.dec = None
    p = O.preview(R, R.view(s, 0), 1, 6)
    assert p.purpose == "fire" and p.cover and p.disadvantage == 1 and "cover" in p.reasons
    assert (p.advantage, p.disadvantage) == R.fire_modifiers(s, 1, 6)
    assert p.odds == O.opposed(p.a_bonus, p.d_bonus, -1)
