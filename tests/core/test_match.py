"""The match driver: asking several seats, refusing illegal moves, clocks, undo, saves."""
import pytest

from game.core.match import Match, SeatInfo
from game.core.record import read_record, state_digest
from game.core.rules import IllegalAction
from tests.toygame import ToyRules


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def make(seed=1, now=None, **options):
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "human")]
    return Match("toy", ToyRules(), seats, options, seed, now=now or FakeClock())


def test_simultaneous_decisions_ask_every_seat_and_shrink():
    m = make()
    assert sorted(d.seat for d in m.decisions()) == [0, 1]
    m.submit(1, ("bid", 1))
    assert [d.seat for d in m.decisions()] == [0]
    m.submit(0, ("bid", 0))
    assert [d.kind for d in m.decisions()] == ["turn"]
    assert m.decisions()[0].seat == 1


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    m = make()
    m.submit(0, ("bid", 0)); m.submit(1, ("bid", 0))
    before = state_digest(m.rules, m.state)
    other = 1 - m.decisions()[0].seat
    with pytest.raises(IllegalAction) as info:
        m.submit(other, ("add", 1))
    assert "not allowed" in info.value.reason
    assert state_digest(m.rules, m.state) == before
    assert len(m.log) == 2


def test_clock_runs_out_and_applies_the_default():
    clock = FakeClock()
    m = make(now=clock, clock=5.0)
    m.decisions()
    clock.t += 4.9
    assert m.tick() == [] and len(m.log) == 0
    clock.t += 0.2
    m.tick()
    assert [a for _, a in m.log] == [("bid", 0), ("bid", 0)]   # one shared clock for both bids


def test_paused_seat_clock_starts_only_when_released():
    clock = FakeClock()
    m = make(now=clock, clock=5.0)
    m.pause_seat(1)
    m.decisions()
    clock.t += 6
    m.tick()
    # seat 0's clock ran (its key is shared "bids"), but the pause keeps a fresh key from starting
    assert len(m.log) >= 1


def test_time_left_counts_down():
    clock = FakeClock()
    m = make(now=clock, clock=10.0)
    d = m.decisions()[0]
    clock.t += 3
    assert m.time_left(d) == pytest.approx(7.0)


def test_without_clocks_nothing_times_out_and_no_deadline_is_kept():
    clock = FakeClock()
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "human")]
    m = Match("toy", ToyRules(), seats, {"clock": 5.0}, 1, now=clock, clocks=False)
    d = m.decisions()[0]
    assert d.timeout == 5.0                      # the rules still say 5 s ...
    clock.t += 60
    assert m.tick() == [] and m.log == []        # ... but headless runs never time out
    assert m.time_left(d) is None and m.deadlines == {}


def test_stale_clocks_are_forgotten_once_their_decision_closes():
    clock = FakeClock()
    m = make(now=clock, clock=5.0)
    m.decisions()
    first = set(m.deadlines)
    m.submit(0, ("bid", 0)); m.submit(1, ("bid", 0))
    m.decisions()
    assert first and not first & set(m.deadlines) and m.deadlines


def test_undo_only_own_last_action_and_not_past_a_roll():
    m = make(seed=3)
    m.submit(0, ("bid", 1)); m.submit(1, ("bid", 0))
    seat = m.decisions()[0].seat
    assert seat == 0
    m.submit(0, ("add", 1))
    assert not m.can_undo(1)
    assert m.can_undo(0)
    assert m.undo(0)
    assert len(m.log) == 2 and m.state.total == 0
    m.submit(0, ("roll",))
    assert not m.can_undo(0)   # a die was rolled: no going back


def test_save_and_resume_reach_the_same_state(tmp_path):
    m = make(seed=7)
    m.submit(0, ("bid", 1)); m.submit(1, ("bid", 1))
    while not m.over:
        d = m.decisions()[0]
        m.submit(d.seat, d.actions[-1])
    path = tmp_path / "save.json"
    m.save(path)
    again = Match.from_record(read_record(path), ToyRules())
    assert state_digest(again.rules, again.state) == state_digest(m.rules, m.state)
    assert again.log == m.log


def test_autosave_after_every_action(tmp_path):
    path = tmp_path / "auto.json"
    m = make()
    m.autosave_path = path
    m.submit(0, ("bid", 0))
    assert len(read_record(path).actions) == 1
    m.submit(1, ("bid", 1))
    assert len(read_record(path).actions) == 2


def test_bad_options_say_which_and_why():
    from game.core.rules import OptionsError
    with pytest.raises(OptionsError, match="target"):
        make(target="lots")
