"""Dark Gothic's chance outcomes by name (core/rng.py): the rules draw each shuffle and roll
from `s.rng.stream(purpose, *key)`. A real game is one stream (the goldens hold that); a
search's copy fixed with `fix_chance` draws each purpose (a Hero's deck per seat, an Omen
roll per what it is for) from a stream of its own, so candidates meet the same shuffles
and rolls whatever another candidate drew before."""
from __future__ import annotations

import random

from game.core.rng import RNG, fix_chance

from .helpers import R, fresh


def _play(s, steps, seed):
    pick = random.Random(seed)
    for _ in range(steps):
        ds = R.decisions(s)
        if s.res is not None or not ds:
            return
        d = ds[0]
        R.apply(s, d.seat, pick.choice(d.actions))


def test_TE_071_every_chance_purpose_the_rules_draw_is_declared():
    """ChanceStreams refuses a purpose the ruleset did not declare, and a draw made from
    s.rng itself (a rule no one named) comes from its own unnamed stream: random games from
    a fixed copy (competitive and co-op, with Minion and Shadow Omen rolls and reshuffles)
    draw only declared purposes and never the unnamed stream."""
    drawn = set()
    for mode, n, seed in (("competitive", 3, 1), ("coop", 2, 2)):
        s = fresh(n, mode, seed)
        fix_chance(R, s, 11)
        unnamed = RNG.to_json(s.rng)
        _play(s, 600, seed)
        drawn |= {purpose for purpose, _ in s.rng._streams}
        assert RNG.to_json(s.rng) == unnamed, "a rule drew from s.rng, not from a named stream"
    assert {"deck", "omen"} <= drawn
    assert drawn <= set(R.chance_purposes)


def test_TE_071_a_search_copy_reshuffles_a_deck_the_same_whatever_was_rolled_first():
    """Two candidates from one fixed copy: one rolls the Omen Die for the Shadows before seat
    0's deck is reshuffled, one does not. The new deck is the same in both; on one shared
    stream (a real game) the roll shifts the shuffle."""
    base = fresh(2, "competitive", 5)

    def deck_after(roll_first, fixed):
        s = R.clone(base)
        if fixed:
            fix_chance(R, s, 7)
        if roll_first:
            R._t_omen(s, ("omen", "shadow", (1, 2)), [])
        s.discard[0].extend(s.deck[0])
        s.deck[0].clear()
        R.draw(s, 0, 1, [])
        return list(s.deck[0])

    assert deck_after(True, True) == deck_after(False, True)
    assert deck_after(True, False) != deck_after(False, False)
