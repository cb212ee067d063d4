"""RemoteMatch, the adapter a networked table reads instead of a Match: fed by fake
clients (no network), it keeps each event once, answers only for the seats it holds,
sends one answer per question and takes its clocks from the host."""
from __future__ import annotations

import pytest

from game.core.match import SeatInfo
from game.core.rules import Decision, Event, IllegalAction
from game.ui.remote_match import RemoteMatch, decode_result


class FakeClient:
    def __init__(self, seat):
        self.seat, self.version, self.moves = seat, 0, 0
        self._view, self._decisions, self._events, self._result = {"me": seat}, [], [], None
        self.sent, self.left = [], {}

    def update(self, events=(), decisions=(), moves=None, result=None, view=None):
        self._events += list(events)
        self._decisions = list(decisions)
        self.moves = self.moves if moves is None else moves
        self._result = result
        self._view = view or self._view
        self.version += 1

    def drain_events(self):
        out, self._events = self._events, []
        return out

    def view(self):
        return self._view

    def decisions(self):
        return list(self._decisions)

    def result(self):
        return self._result

    def time_left(self, d):
        return self.left.get(d.kind)

    def waiting(self):
        return getattr(self, "_waiting", [])

    def send(self, action):
        self.sent.append(action)
        return len(self.sent)


def rm_with(*seats, now=lambda: 100.0):
    clients = {s: FakeClient(s) for s in seats}
    people = [SeatInfo(f"P{i}", "human" if i in seats else "remote") for i in range(3)]
    return RemoteMatch("schemers", None, people, {}, clients, now=now), clients


def test_a_public_event_reaching_two_seats_here_animates_once_and_a_private_one_once():
    rm, c = rm_with(0, 2)
    public, private = Event("income", {"seat": 1}), Event("draw", {"card": "doge"}, (0, 2))
    own = Event("draw", {"card": "poisoner"}, (2,))
    c[0].update([public, private])
    c[2].update([public, private, own])
    assert rm.refresh() == [public, private, own]
    assert rm.history == [public, private, own]


def test_views_are_the_seats_own_and_seat_none_answers_with_the_first_seat_held():
    rm, c = rm_with(1)
    c[1].update(view={"hand": ["doge"]})
    rm.refresh()
    assert rm.view(1) == {"hand": ["doge"]} and rm.view(None) == {"hand": ["doge"]}
    assert rm.view(0) == {"hand": ["doge"]}, "a seat not held here is never asked for; nothing else is known"


def test_one_answer_per_question_until_the_host_answers():
    rm, c = rm_with(1)
    d = Decision(1, "turn", (("income",), ("casino",)))
    c[1].update(decisions=[d])
    rm.refresh()
    assert rm.is_legal(1, ("income",)) and not rm.is_legal(1, ("canal", 0)) and not rm.is_legal(0, ("income",))
    with pytest.raises(IllegalAction):
        rm.submit(1, ("canal", 0))
    assert rm.submit(1, ("income",)) == [] and c[1].sent == [("income",)]
    assert rm.decisions_for(1) == [] and rm.waiting_for_host(1)
    with pytest.raises(IllegalAction):
        rm.submit(1, ("income",))                       # a second click sends nothing
    rm.refresh()
    assert rm.decisions_for(1) == [], "still waiting: nothing came back"
    c[1].update(decisions=[], moves=1)
    rm.refresh()
    assert not rm.waiting_for_host(1) and len(rm.log) == 1 and c[1].sent == [("income",)]


def test_clocks_and_the_result_come_from_the_host():
    rm, c = rm_with(0, now=lambda: 50.0)
    d = Decision(0, "challenge", (("pass",), ("challenge",)), timeout=8.0)
    c[0].left["challenge"] = 3.5
    c[0].update(decisions=[d])
    rm.refresh()
    assert rm.time_left(d) == 3.5 and rm.deadlines == {(0, "challenge"): 53.5}
    rm.deadlines.pop((0, "challenge"))                  # the scene's holds change nothing here
    assert rm.deadlines == {(0, "challenge"): 53.5} and rm.tick() == []
    c[0].update(result={"winners": [2], "scores": [1, 0, 2], "reason": "schemers.result.last_standing"})
    rm.refresh()
    assert rm.over and rm.result().winners == (2,) and not rm.is_legal(0, ("pass",))
    assert decode_result({"winners": "x"}) is None


def test_who_the_table_waits_for_leaves_out_the_seats_played_here():
    rm, c = rm_with(0, 2)
    c[0]._waiting, c[2]._waiting = [1, 0], [2, 1]
    assert rm.waiting() == [1]


def test_a_resync_s_chronicle_becomes_the_history_each_event_once_and_news_after_it_animates():
    from game.net.client import Chronicle
    rm, c = rm_with(0, 2)
    public, mine, yours = Event("income", {"seat": 1}), Event("draw", {"card": "doge"}, (0,)), \
        Event("draw", {"card": "poisoner"}, (2,))
    both = Event("reveal", {"card": "spy"}, (0, 2))
    for seat, private in ((0, mine), (2, yours)):
        c[seat].drain_story = (lambda p=private, q=c[seat]: [Chronicle([[public], [p, both]]), *q.drain_events()])
    c[0].update(events=[Event("turn", {"seat": 1})], moves=2)
    fresh = rm.refresh()
    assert rm.history == [public, mine, both, yours, Event("turn", {"seat": 1})], \
        "the game so far once, action by action, then the news"
    assert fresh == [Event("turn", {"seat": 1})], "only the news animates"
