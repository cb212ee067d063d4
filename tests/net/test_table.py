"""The hosted table without sockets (game/net/table.py), on a clock the test moves:
illegal actions refused with the reason and nothing changed, early answers held to a
window's minimum time, a dropped seat's clock paused and given back, an AI standing in,
and a stored table brought back by replaying its log."""
from __future__ import annotations

import random

import pytest

from game.core.record import state_digest
from game.net import protocol as P
from game.net.table import HostedTable, Refusal


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def table(game="schemers", seats=2, clock=None, **create) -> HostedTable:
    request = P.Create(game=game, seats=[P.SeatRequest(name=f"P{i}") for i in range(seats)], you=0, seed=3,
                       **create)
    t = HostedTable.create(request, "P0", now=clock or Clock())
    for seat in t.free_seats():
        t.take(seat, f"P{seat}")
    t.start()
    return t


def test_an_illegal_action_is_refused_with_the_rules_reason_and_changes_nothing():
    t = table()
    before = state_digest(t.match.rules, t.match.state)
    seat = t.match.decisions()[0].seat
    with pytest.raises(Refusal) as refused:
        t.offer(seat, ("claim", "nobody_at_all"))
    assert refused.value.code == "illegal" and refused.value.params["reason"]
    other = 1 - seat
    if not t.match.decisions_for(other):
        with pytest.raises(Refusal, match="not_your_turn"):
            t.offer(other, t.match.decisions()[0].actions[0])     # another seat's move, from this seat
    assert state_digest(t.match.rules, t.match.state) == before and not t.match.log


def test_an_answer_before_a_windows_minimum_time_is_held_then_applied():
    clock = Clock()
    t = table("dark_deeds", clock=clock, time_scale=None)
    rnd = random.Random(2)
    for _ in range(2000):                       # play until a reaction window with a minimum time
        window = next((d for d in t.match.decisions() if d.min_time), None)
        if window is not None:
            break
        d = t.match.decisions()[0]
        clock.t += 10
        t.match.submit(d.seat, d.actions[rnd.randrange(len(d.actions))])
    assert window is not None, "no reaction window in 2,000 actions"
    moves = len(t.match.log)
    assert t.offer(window.seat, window.actions[0], n=7) is None          # too early: held, not refused
    assert len(t.match.log) == moves and not t.due_held()
    with pytest.raises(Refusal, match="waiting"):
        t.offer(window.seat, window.actions[0])
    assert t.next_wake() <= clock.t + window.min_time
    clock.t += window.min_time
    [held] = t.due_held()
    assert (held.seat, held.action, held.n) == (window.seat, window.actions[0], 7)


def test_a_dropped_seat_with_the_pause_policy_gets_its_time_back():
    clock = Clock()
    t = table(clock=clock, time_scale=1.0, disconnect=P.DisconnectPolicy(mode="pause"))
    d = next(d for d in t.match.decisions() if d.timeout)
    clock.t += 3.0
    left = t.match.time_left(d)
    t.disconnected(d.seat)
    clock.t += 10 * d.timeout                  # far past the clock, while away
    assert t.match.tick() == [] and not t.match.log
    t.connected(d.seat)
    assert t.match.time_left(t.match.decisions_for(d.seat)[0]) == pytest.approx(left)


def test_with_the_run_policy_a_dropped_seats_clock_runs_out():
    clock = Clock()
    t = table(clock=clock, time_scale=1.0, disconnect=P.DisconnectPolicy(mode="run"))
    d = next(d for d in t.match.decisions() if d.timeout and d.default is not None)
    t.disconnected(d.seat)
    clock.t += d.timeout + 1
    assert t.match.tick() and t.match.log


def test_an_ai_stands_in_after_the_policys_delay_and_leaves_when_the_person_is_back():
    clock = Clock()
    t = table(clock=clock, time_scale=None, disconnect=P.DisconnectPolicy(mode="ai", ai_after=30, ai_level="random"))
    seat = t.match.decisions()[0].seat
    t.disconnected(seat)
    clock.t += 29
    assert t.due_stand_ins() == [] and t.next_stand_in_at() == pytest.approx(clock.t + 1)
    clock.t += 1
    assert t.due_stand_ins() == [seat] and [r[0] for r in t.ai_requests()] == [seat]
    assert t.lobby_for(1 - seat).seats[seat].stand_in
    t.connected(seat)
    assert not t.ai_requests() and not t.slots[seat].stand_in


def test_only_the_owner_sees_the_tokens_and_a_token_finds_its_seat():
    t = table(seats=3)
    assert set(t.lobby_for(0).tokens) == {0, 1, 2} and t.lobby_for(1).tokens == {}
    assert t.seat_of(t.slots[2].token) == 2 and t.seat_of("NOSUCHTOKEN12345") is None


def test_a_stored_table_comes_back_by_replaying_its_log():
    clock = Clock()
    t = table("monster_shop", seats=4, clock=clock, options={"version": "simple", "length": "short"})
    rnd = random.Random(4)
    for _ in range(40):
        d = t.match.decisions()[0]
        t.match.submit(d.seat, d.actions[rnd.randrange(len(d.actions))])
    log = [(seat, P.encode(P.Act(n=0, action=list(_lists(a))))) for seat, a in t.match.log]
    import json
    actions = [(seat, json.loads(text)["action"]) for seat, text in log]
    back = HostedTable.from_json(json.loads(json.dumps(t.setup_json())), actions, now=clock)
    assert state_digest(back.match.rules, back.match.state) == state_digest(t.match.rules, t.match.state)
    assert all(not s.connected for s in back.slots)


def _lists(value):
    return [_lists(v) for v in value] if isinstance(value, (tuple, list)) else value


def test_bad_requests_to_open_a_table_are_refused_in_words():
    with pytest.raises(Refusal) as r:
        HostedTable.create(P.Create(game="schemers", seats=[P.SeatRequest()],
                                    you=0), "A")
    assert r.value.code == "seats"
    with pytest.raises(Refusal) as r:
        HostedTable.create(P.Create(game="schemers", seats=[P.SeatRequest(), P.SeatRequest()],
                                    options={"mode": "no_such_mode"}), "A")
    assert r.value.code == "bad_options"
    with pytest.raises(Refusal) as r:
        HostedTable.create(P.Create(game="schemers", seats=[P.SeatRequest(kind="ai"), P.SeatRequest()], you=0), "A")
    assert r.value.code == "bad_you"


def test_a_new_table_never_takes_the_id_of_a_stored_one(tmp_path, monkeypatch):
    import asyncio
    from game.net import server as S
    monkeypatch.setattr(S, "new_token", lambda: "ZZZZZZZZ" + "D" * 8)

    async def nothing(*_args, **_kw):
        return None

    async def scenario():
        server = S.Server(tmp_path, "127.0.0.1", 0)
        server.store.save_setup("AAAAAAAA", {"finished": True}, "over")       # an old finished table
        await server.start()
        try:
            request = P.Create(game="schemers", seats=[P.SeatRequest(), P.SeatRequest()])
            table = HostedTable.create(request, "A", table_id="AAAAAAAA")     # a new id that collides
            monkeypatch.setattr(HostedTable, "create", classmethod(lambda cls, *a, **k: table))
            monkeypatch.setattr(server, "_check_data", nothing)
            monkeypatch.setattr(server, "_seat", nothing)
            await server._create(S.Conn(ws=None, peer="test", name="A"), request)
            assert table.table_id == "ZZZZZZZZ" and server.store.status("AAAAAAAA") == "over"
            assert server.store.status("ZZZZZZZZ") == "lobby"
        finally:
            await server.stop()
    asyncio.run(asyncio.wait_for(scenario(), 10))
