"""Dark Deeds' reaction windows are the kernel's (game.core.windows.ReactionWindow): who is
asked comes from public information, and every seat asked gets the same clock and minimum
answer time from rules.yaml, whatever it holds (DD-G04, DD-G16; issue 11 item 4)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match, SeatInfo
from tests.games.dark_deeds.test_support import decision, dice, ids, make, rules

ROOT = Path(__file__).resolve().parents[3]


def _foil_window(holds: bool):
    """Seat 0 rolls a success against a Cobbler; seat 1 holds three unseen cards, one of
    them Foiled! or not (the other players cannot tell the two apart)."""
    hand = ["foiled", "gift_of_the_gab", "snitch"] if holds else ["bribe", "gift_of_the_gab", "snitch"]
    s = make(street=["cobbler"] + [None] * 5, hands={1: hand}, susp=[0, 5])
    dice(s, 6, 6)
    R = rules()
    R.apply(s, 0, ("target", "street", 1))
    R.apply(s, 0, ("roll",))
    return s


class _Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def _match_on(state, clock, human=False):
    R = rules()
    seats = [SeatInfo("A", "human"), SeatInfo("B", "human" if human else "ai")]
    m = Match("dark_deeds", R, seats, {}, 1, now=clock)
    m.state = state
    m._decisions = None
    return m


def test_DD_G16_a_seat_is_asked_whether_or_not_it_holds_the_card():
    for holds in (True, False):
        d = decision(_foil_window(holds))
        assert d.seat == 1 and d.kind == "reaction"
        assert (("foiled",) in d.actions) is holds and ("pass",) in d.actions


def test_DD_G16_window_clock_is_the_same_whatever_the_seat_holds():
    w = rules().windows
    a, b = decision(_foil_window(True)), decision(_foil_window(False))
    for d in (a, b):
        assert d.timeout == w.timeout and d.min_time == w.min_time and d.default == ("pass",)
    assert (a.seat, a.kind, a.timeout, a.min_time, a.clock, a.default, a.prompt) == \
        (b.seat, b.kind, b.timeout, b.min_time, b.clock, b.default, b.prompt)


@pytest.mark.parametrize("human", [False, True])
def test_DD_G16_the_time_before_a_pass_does_not_depend_on_the_cards_held(human):
    """Through the driver: no answer is taken before min_time, and the window passes for
    the seat when its timeout runs out — at the same moment with or without Foiled!."""
    w = rules().windows
    passed_at = {}
    for holds in (True, False):
        clock = _Clock()
        m = _match_on(_foil_window(holds), clock, human=human)
        d = m.decisions_for(1)[0]
        assert m.ready_at(d) == pytest.approx(100.0 + w.min_time)
        assert not m.ready(d)
        clock.t += w.min_time
        assert m.ready(d)
        t = 100.0
        while m.decisions_for(1) and t < 100.0 + 10 * w.timeout:
            t += 0.25
            clock.t = t
            m.tick()
        assert m.log and m.log[-1] == (1, ("pass",))
        passed_at[holds] = t
    assert passed_at[True] == passed_at[False] == pytest.approx(100.0 + w.timeout, abs=0.26)


def test_DD_G16_people_get_the_timing_setting_and_an_untimed_window_waits():
    w = rules().windows
    clock = _Clock()
    m = _match_on(_foil_window(False), clock, human=True)
    m.time_scale = 2.0
    assert m.time_left(m.decisions_for(1)[0]) == pytest.approx(2 * w.timeout)
    clock = _Clock()
    m = _match_on(_foil_window(False), clock, human=True)
    m.time_scale = None
    clock.t += 100 * w.timeout
    m.tick()
    assert m.decisions_for(1) and not m.log


def test_DD_G16_each_seat_asked_clockwise_gets_its_own_full_clock():
    s = make(n=3, street=["cobbler"] + [None] * 5, hands={1: ["gift_of_the_gab"], 2: ["snitch"]}, susp=[0, 5, 5])
    dice(s, 6, 6)
    R = rules()
    R.apply(s, 0, ("target", "street", 1))
    R.apply(s, 0, ("roll",))
    first = decision(s)
    R.apply(s, first.seat, ("pass",))
    second = decision(s)
    assert (first.seat, second.seat) == (1, 2) and first.clock != second.clock


def test_DD_G16_a_sod_off_window_is_timed_like_foiled():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch"], 1: ["gift_of_the_gab"]}, susp=[5, 0])
    rules().apply(s, 0, ("play", ids("snitch")[0], 1, 3))
    d = decision(s)
    w = rules().windows
    assert d.kind == "reaction" and d.prompt["window"] == "sod_off"
    assert d.actions == (("pass",),) and d.timeout == w.timeout and d.min_time == w.min_time


def test_no_game_table_keeps_rules_timing():
    paths = sorted((ROOT / "game" / "games").glob("*/table/*.py"))
    assert len(paths) >= 5
    for path in paths:
        src = path.read_text(encoding="utf-8")
        assert "class _Clock" not in src, path


def test_the_table_answers_no_reaction_itself_and_counts_down_the_rules_clock(display):
    """A human asked in a window who holds nothing: the table shows the rules' clock and a
    Pass button, and submits nothing however long it waits (the driver's tick passes)."""
    from tests.games.dark_deeds.test_table import Rig, widget
    clock = _Clock()
    rig = Rig(players=2, humans=(0, 1), viewer=1)
    rig.match.now = clock
    rig.match.state = _foil_window(False)
    rig.match._decisions = None
    rig.table.reload(1)
    for _ in range(40 * 30):
        rig.table.update(1 / 30)
    d = rig.match.decisions_for(1)[0]
    assert not rig.match.log and d.kind == "reaction"
    banner = rig.table.banner
    assert banner is not None and banner.spec.decision == d
    assert widget(rig.table, ("react", "pass")) is not None and widget(rig.table, ("react", "foiled")) is None
    assert rig.table.time_left(banner.spec.decision) == pytest.approx(rules().windows.timeout)
    clock.t += rules().windows.timeout + 0.01
    rig.table.on_events(rig.match.tick())
    assert rig.match.log == [(1, ("pass",))]
