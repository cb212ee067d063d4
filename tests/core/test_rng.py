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
