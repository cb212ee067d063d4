from game.core.rng import RNG


def test_same_seed_same_stream_and_clone_continues_identically():
    a, b = RNG(42), RNG(42)
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]
    c = a.clone()
    assert [a.below(100) for _ in range(20)] == [c.below(100) for _ in range(20)]


def test_json_round_trip():
    a = RNG(9)
    a.roll(6, 10)
    b = RNG.from_json(a.to_json())
    deck1, deck2 = list(range(15)), list(range(15))
    a.shuffle(deck1); b.shuffle(deck2)
    assert deck1 == deck2


# -- named chance outcomes (game/core/rng.py ChanceStreams, fix_chance) ---------------------

import pytest

from game.core.rng import ChanceStreams, fix_chance


def test_a_games_own_rng_is_one_stream_for_every_purpose():
    """Naming a purpose changes nothing in a real game: the draws, and so every golden
    and every save, stay what they were."""
    a, b = RNG(7), RNG(7)
    named = [a.stream("dice").roll(6)[0], a.stream("deck", 2).below(50), a.stream("dice").roll(6)[0]]
    plain = [b.roll(6)[0], b.below(50), b.roll(6)[0]]
    assert named == plain


def test_fixed_chance_gives_each_purpose_the_same_draws_whatever_else_was_drawn():
    """Common random numbers: the combat dice do not move when another candidate shuffled
    more cards first."""
    one, two = ChanceStreams(11, ("dice", "deck")), ChanceStreams(11, ("dice", "deck"))
    two.stream("deck", 0).shuffle(list(range(30)))
    two.stream("deck", 1).below(9)
    assert ([one.stream("dice").roll(6)[0] for _ in range(12)]
            == [two.stream("dice").roll(6)[0] for _ in range(12)])
    # keys are streams of their own; other seeds are other dice
    assert [one.stream("deck", 0).below(1000) for _ in range(8)] != [one.stream("deck", 1).below(1000) for _ in range(8)]
    assert ([ChanceStreams(12, ("dice",)).stream("dice").below(10**9) for _ in range(3)]
            != [ChanceStreams(11, ("dice",)).stream("dice").below(10**9) for _ in range(3)])


def test_fixed_chance_refuses_an_undeclared_purpose():
    with pytest.raises(ValueError, match="not declared"):
        ChanceStreams(1, ("dice",)).stream("dcie")


def test_fixed_chance_clones_and_round_trips():
    a = ChanceStreams(5, ("dice", "deck"))
    a.stream("dice").roll(6, 3)
    b, c = a.clone(), RNG.from_json(a.to_json())
    assert isinstance(b, ChanceStreams) and isinstance(c, ChanceStreams)
    want = [a.stream("dice").below(100) for _ in range(5)] + [a.stream("deck").below(100)]
    assert [b.stream("dice").below(100) for _ in range(5)] + [b.stream("deck").below(100)] == want
    assert [c.stream("dice").below(100) for _ in range(5)] + [c.stream("deck").below(100)] == want


def test_fix_chance_uses_the_rulesets_declared_purposes():
    class Rules:
        chance_purposes = ("dice",)

    class State:
        rng = RNG(3)

    s = State()
    fix_chance(Rules(), s, 99)
    assert isinstance(s.rng, ChanceStreams)
    s.rng.stream("dice").roll(6)
    with pytest.raises(ValueError):
        s.rng.stream("deck")


def test_shuffle_is_exactly_the_standard_librarys():
    """RNG.shuffle inlines random.Random.shuffle for speed; saves and goldens depend on it
    giving the same permutation and leaving the generator in the same state."""
    import random

    for seed in range(40):
        ours, theirs = RNG(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 7, 52, 130):
            a, b = list(range(size)), list(range(size))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b
        assert ours._r.getstate() == theirs.getstate()
