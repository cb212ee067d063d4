"""Book of Ordeals' chance outcomes by name (core/rng.py): the rules draw each die from
`s.rng.stream(purpose, *key)`. A real game is one stream (the goldens hold that); a
search's copy fixed with `fix_chance` draws each purpose from a stream of its own, so
candidates meet the same dice whatever another candidate rolled before."""
from __future__ import annotations

import random

from game.core.rng import fix_chance

from .support import deployed, rules


def _play(R, s, steps, seed):
    pick = random.Random(seed)
    for _ in range(steps):
        ds = R.decisions(s)
        if s.res is not None or not ds:
            return
        d = ds[0]
        R.apply(s, d.seat, pick.choice(d.actions))


def test_BO_181_every_chance_purpose_the_rules_draw_is_declared():
    """ChanceStreams refuses a purpose the ruleset did not declare: a game played from a
    fixed copy through deployment, storms, initiative, combat, the Shadow's ties and its
    reinforcements draws only declared ones."""
    R = rules()
    drawn = set()
    for trial in (2, 4):
        s = R.setup(1, {"mode": "solo", "trial": trial}, 3)
        fix_chance(R, s, 11)
        s.weather = "storm"                         # a lightning roll every Turn
        _play(R, s, 250, trial)
        drawn |= {purpose for purpose, _ in s.rng._streams}
    assert {"shadow_deploy", "storm", "initiative", "combat", "reinforcement"} <= drawn
    assert drawn <= set(R.chance_purposes)


def test_BO_181_a_search_copy_keeps_the_defenders_die_whatever_the_attacker_rolled():
    """Two candidates from one fixed copy: one attacks with Advantage (two dice), one
    without (one die). The defender's die and the next initiative are the same in both;
    on one shared stream (a real game) the extra die shifts them."""
    R = rules()
    s = deployed(trial=1)

    def after(adv, fixed):
        t = R.clone(s)
        if fixed:
            fix_chance(R, t, 5)
        R.roll_die(t, adv, "attacker")
        return R.roll_die(t, 0, "defender")[1], R._roll(t, "initiative", 0)

    assert after(1, True) == after(0, True)
    assert after(1, False) != after(0, False)
