"""The shared checkers of effect parameters (game/core/params.py)."""
from game.core.params import check_params, one_of, whole


def test_checkers_accept_good_values_and_say_what_was_expected():
    assert whole(1, 3)(2) is None
    assert whole(1, 3)(True) == "expected a whole number from 1 to 3, got True"
    assert whole(1, 3)(4).startswith("expected a whole number")
    assert one_of("a", "b")("a") is None and "expected one of a, b" in one_of("a", "b")("c")


def test_check_params_lists_unknown_bad_and_missing():
    spec = {"n": (True, whole(1, 5)), "kind": (False, one_of("x", "y"))}
    assert check_params(spec, {"n": 2}) == []
    problems = dict(check_params(spec, {"kind": "z", "extra": 1}))
    assert set(problems) == {"kind", "extra", "n"}
    assert "missing required" in problems["n"] and "unknown parameter" in problems["extra"]
