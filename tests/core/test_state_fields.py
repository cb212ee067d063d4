"""The declared state fields: a generated clone copies each field by its kind (a change to
the copy never reaches the original), a snapshot is plain JSON under the saved names."""
import json

import pytest

from game.core.rng import RNG
from game.core.state_fields import StateFields, to_json

FIELDS = StateFields(
    shared=("n", "stage"),
    lists=("deck",),
    maybe_lists=("roll",),
    nested=("hands",),
    nested_mixed=("asks",),
    sets=("flags",),
    maybe_sets=("moved",),
    dict_lists=("piles",),
    dicts=("counts",),
    objects=("rng",),
    unsaved=("dec",),
    saved_as=(("stage", "st"),),
)


class Toy:
    __slots__ = FIELDS.slots


Toy.clone = FIELDS.clone_function(Toy)


def toy():
    t = Toy()
    t.n, t.stage, t.deck, t.roll = 2, "play", [3, 1, 2], None
    t.hands, t.asks = [[1], [2, 3]], [[0, "x"], ("frozen",), None]
    t.flags, t.moved, t.piles, t.counts = {"b", "a"}, None, {"x": [1]}, {1: 2}
    t.rng, t.dec = RNG(5), ("cached",)
    return t


def test_a_clone_is_a_deep_enough_copy():
    a = toy()
    b = a.clone()
    b.deck.append(9)
    b.hands[0].append(9)
    b.asks[0].append(9)
    b.flags.add("c")
    b.piles["x"].append(9)
    b.counts[1] = 0
    b.rng.below(100)
    assert a.deck == [3, 1, 2] and a.hands == [[1], [2, 3]] and a.asks[0] == [0, "x"]
    assert a.flags == {"a", "b"} and a.piles == {"x": [1]} and a.counts == {1: 2}
    assert b.asks[1] is a.asks[1] and b.dec is a.dec, "immutable items and caches are shared"
    assert a.rng.below(100) == RNG(5).below(100)


def test_a_snapshot_is_plain_json_under_the_saved_names():
    snap = FIELDS.snapshot(toy())
    assert "st" in snap and "stage" not in snap and "dec" not in snap
    assert snap["flags"] == ["a", "b"] and snap["counts"] == {"1": 2}
    assert snap["asks"] == [[0, "x"], ["frozen"], None]
    json.dumps(snap)


def test_sets_sort_by_value_and_by_text_when_they_do_not_compare():
    assert to_json({10, 2}) == [2, 10]
    assert to_json({1, "a"}) == [1, "a"]


def test_a_field_declared_twice_is_refused_with_its_name():
    with pytest.raises(ValueError, match="deck"):
        StateFields(lists=("deck",), nested=("deck",))
    with pytest.raises(ValueError, match="nope"):
        StateFields(lists=("deck",), saved_as=(("nope", "n"),))


def test_a_declared_state_gets_its_clone_and_a_snapshot_with_the_result():
    from game.core.rules import Result
    from game.core.state_fields import DeclaredState

    fields = StateFields(shared=("turn",), lists=("deck",), unsaved=("res",))

    class Tiny(DeclaredState):
        __slots__ = fields.slots
        FIELDS = fields
        RESULT = ("winners", "scores", "reason")

    s = Tiny.__new__(Tiny)
    s.turn, s.deck, s.res = 3, [1, 2], None
    c = s.clone()
    c.deck.append(9)
    assert (c.turn, s.deck) == (3, [1, 2])
    assert s.snapshot() == {"turn": 3, "deck": [1, 2], "result": None}
    s.res = Result(winners=(1,), scores=(2, 5), reason="end")
    assert s.snapshot()["result"] == {"winners": [1], "scores": [2, 5], "reason": "end"}
