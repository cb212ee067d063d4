"""Every registered game played to its end through a server by 2–4 headless clients
with random agents (and AI seats run by the server); what each client saw at the end
is what an uninterrupted local Match of the same seed and actions shows that seat."""
from __future__ import annotations

import asyncio
import random

import pytest

from game.core.match import Match, SeatInfo
from game.core.record import state_digest
from game import registry
from game.net import protocol as P
from game.net.bots import play_random

from .support import close_all, live_server, open_table, run, wait_for

H = P.SeatRequest
# small, fast set-ups of every game: (seats, options)
TABLES = {
    "schemers": ([H(name="Ada"), H(name="Bob"), H(kind="ai", name="Cy", difficulty="easy")], {}),
    "dark_deeds": ([H(name="Ada"), H(name="Bob")], {}),
    "dark_gothic": ([H(name="Ada"), H(name="Bob")], {"mode": "competitive"}),
    "ordeals": ([H(name="Ada"), H(name="Bob")], {"mode": "versus"}),
    "monster_shop": ([H(name="Ada"), H(name="Bob"), H(name="Cy"), H(kind="ai", name="Dee", difficulty="random")],
                     {"version": "simple", "length": "short"}),
}


def test_every_registered_game_has_a_networked_set_up():
    assert set(TABLES) == set(registry.game_ids())


async def _play(game: str, tmp_path) -> None:
    seats, options = TABLES[game]
    async with live_server(tmp_path) as server:
        sessions = await open_table(server.port, game, seats, options, seed=11)
        try:
            sessions[0].task.get_loop()
            await sessions[0].send_message(P.Start())
            await wait_for(lambda: all(s.update is not None for s in sessions), what="the first updates")
            results = await asyncio.gather(*(play_random(s, random.Random(i), timeout=20)
                                             for i, s in enumerate(sessions)))
            assert all(r is not None for r in results), [s.reason for s in sessions]
            assert server.errors == 0
            table = next(iter(server.tables.values())).table
            # an uninterrupted local run of the same seed and actions
            rules = registry.ruleset(game)
            local = Match(game, rules, [SeatInfo(s.name) for s in seats], table.options, 11, clocks=False)
            for seat, action in table.match.log:
                local.submit(seat, action)
            assert state_digest(rules, table.match.state) == state_digest(rules, local.state)
            for s in sessions:
                assert s.update.result["winners"] == list(local.result().winners)
                assert s.update.moves == len(local.log)
                assert P.encode(P.Update(moves=0, view=local.view(s.seat))) == \
                    P.encode(P.Update(moves=0, view=s.update.view)), f"seat {s.seat}'s last view differs"
            assert server.store.count(table.table_id) == len(local.log)
            assert server.store.status(table.table_id) == "over"
        finally:
            await close_all(sessions)


@pytest.mark.parametrize("game", list(TABLES))
def test_a_game_plays_to_its_end_through_a_server(game, tmp_path):
    run(_play(game, tmp_path))
