"""The kernel's C-built values (`new_decision`, `new_event`) equal the NamedTuples they
stand for: hot rules modules build them field by field, in this order."""
from game.core.rules import Decision, Event, new_decision, new_event
from game.core.windows import PASS, ReactionWindow, window_decisions


def test_new_decision_fields_are_in_the_documented_order():
    # a new Decision field must be added to every new_decision((...)) call: this fails first
    assert Decision._fields == ("seat", "kind", "actions", "timeout", "default", "clock", "prompt",
                                "free", "sealed", "min_time")
    fast = new_decision((2, "roll", (("roll",),), None, ("roll",), None, {"need": 7}, None, False, None))
    assert fast == Decision(2, "roll", (("roll",),), default=("roll",), prompt={"need": 7})
    assert type(fast) is Decision and fast.clock_key == (2, "roll")


def test_new_event_is_an_event():
    e = new_event(("move", {"card": "x"}, (1,)))
    assert type(e) is Event and e == Event("move", {"card": "x"}, (1,)) and e.visible_to(1)


def test_window_decisions_asks_like_the_window_object():
    def actions_for(seat):
        return (("foiled",),) if seat == 3 else ()
    for order in ("all", "clockwise"):
        w = ReactionWindow("reaction", [3, 0, 1], order=order, timeout=12.0, min_time=1.5, prompt={"p": 1})
        plain = window_decisions("reaction", [3, 0, 1], order, actions_for, timeout=12.0, min_time=1.5,
                                 prompt={"p": 1})
        assert w.decisions(actions_for) == plain
    assert [d.seat for d in plain] == [3] and plain[0].actions == (PASS, ("foiled",))
    assert plain[0].clock == ("window", "reaction") and plain[0].default == PASS and plain[0].min_time == 1.5
