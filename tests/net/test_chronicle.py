"""A seat that comes back to a game under way receives the game so far (the chronicle):
exactly the events an unbroken connection had brought it — its own and the public ones,
never another seat's — so the rejoined table's chronicle is whole and tells nothing
more. Over loopback, and in the wire contract's terms (tests/contract/wire.py)."""
from __future__ import annotations

import asyncio
import random

import pytest

from game.net import protocol as P
from game.net.bots import play_random
from game.net.client import SeatSession
from game.net.table import seat_update
from tests.contract.wire import check_wire_indistinguishable

from .support import close_all, live_server, open_table, run, wait_for

H = P.SeatRequest
SEATS = [H(name="Ada"), H(name="Bob"), H(kind="ai", name="Cy", difficulty="random")]


async def _come_back(tmp_path) -> None:
    async with live_server(tmp_path) as server:
        sessions = await open_table(server.port, "schemers", SEATS, {}, seed=5)
        back = None
        try:
            await sessions[0].send_message(P.Start())
            players = [asyncio.get_running_loop().create_task(play_random(s, random.Random(i), timeout=20))
                       for i, s in enumerate(sessions)]
            await wait_for(lambda: all(s.update is not None and s.update.moves >= 16 for s in sessions),
                           timeout=10, what="16 moves")
            for p in players:
                p.cancel()
            await asyncio.gather(*players, return_exceptions=True)
            bob = sessions[1]
            await wait_for(lambda: set(bob.update.waiting) <= {0, 1} and bob.update.moves == sessions[0].update.moves,
                           what="the table waiting for the people")
            streamed = list(bob.events)                  # all Bob's connection ever brought
            back = SeatSession("127.0.0.1", server.port, "Bob", token=bob.token, reconnect_for=5)
            back.task = asyncio.get_running_loop().create_task(back.run())
            await wait_for(lambda: back.update is not None, what="the resync")
            table = next(iter(server.tables.values())).table
            assert back.update.resync and len(back.chronicle) == back.update.moves + 1 == len(table.history)
            told = [e for group in back.chronicle for e in group]
            assert told == streamed, "the chronicle is what an unbroken connection brought, in order"
            assert all(e.visible_to(1) for e in told)
            hidden = [e for group in table.history for e in group if not e.visible_to(1)]
            assert hidden, "the game had events Bob may not see (Ada's draws): they stayed at the host"
            assert any(e.to == (1,) for e in told), "and Bob's own private events came back"
            assert list(back.events) == [back.chronicle], "the story so far, not news to animate"
        finally:
            await close_all(sessions + ([back] if back is not None else []))


def test_a_seat_coming_back_receives_exactly_what_it_had_seen(tmp_path):
    run(_come_back(tmp_path))


def resync_update(rules, state, seat, events, **kw):
    """A resync whose chronicle holds the step's events (as the host's history would)."""
    return seat_update(rules, state, seat, events, resync=True, chronicle=[[], events], **kw)


@pytest.mark.parametrize("game_id", ["schemers", "dark_deeds"])
def test_a_resync_s_bytes_are_the_same_for_states_a_seat_cannot_tell_apart(game_id):
    from game import registry
    stats = check_wire_indistinguishable(registry.ruleset(game_id), 3, seed=41, limit=10, build=resync_update)
    assert stats["steps"] > 0, stats


def test_another_seat_s_secret_in_the_game_so_far_never_reaches_a_seat_coming_back():
    """Two games that differ only in what Ada drew: Bob's resync is the same bytes,
    Ada's is not; a host sending the chronicle unfiltered would tell Bob."""
    from game.core.rules import Event
    from game import registry
    rules = registry.ruleset("schemers")
    state = rules.setup(3, rules.validate_options({}, 3), 5)

    def history(card):
        return [[Event("turn", {"seat": 0})],
                [Event("draw", {"seat": 0, "card": card}, (0,)), Event("drew", {"seat": 0, "n": 1})]]

    def resync(seat, card, build=seat_update):
        return P.encode(build(rules, state, seat, [], moves=1, resync=True, chronicle=history(card)))
    assert resync(1, "doge") == resync(1, "poisoner"), "Bob cannot tell what Ada drew"
    assert resync(0, "doge") != resync(0, "poisoner"), "Ada's own draw comes back to her"
    assert '"card":"doge"' in resync(0, "doge") and '"card"' not in resync(1, "doge")

    def unfiltered(rules, state, seat, events, chronicle=(), **kw):
        update = seat_update(rules, state, seat, events, **kw)
        every = [[P.WireEvent.model_construct(kind=e.kind, data=e.data, to=None if e.to is None else list(e.to))
                  for e in group] for group in chronicle]
        return update.model_copy(update={"chronicle": every})
    assert resync(1, "doge", unfiltered) != resync(1, "poisoner", unfiltered), "the check can fail"
