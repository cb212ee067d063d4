"""Everything from the network is hostile: 1,000 malformed messages and a flooding
seated client against a live table. Each bad connection is dropped; the table never
notices: its two players finish the game, an AI stands in for the flooder's seat (the
table's disconnect policy), the server counts no internal error, and the stored log
replays to the same state."""
from __future__ import annotations

import asyncio
import json
import logging
import random

import websockets

from game.core.match import Match, SeatInfo
from game.core.record import state_digest
from game.core.version import app_version, game_data_digest
from game import registry
from game.net import protocol as P
from game.net.bots import play_random

from .support import close_all, live_server, open_table, run, wait_for

GAME = "dark_deeds"
H = P.SeatRequest
SEATS = [H(name="Ada"), H(name="Bob"), H(name="Flo")]


def hello(**extra) -> str:
    return json.dumps({"type": "hello", "app_version": app_version(), "name": "x",
                       "digests": {GAME: game_data_digest(GAME)}, **extra})


def malformed(i: int) -> list:
    """The frames of the i-th hostile connection: each ends in a drop."""
    ok = hello()
    kinds = [
        ["{{{ not json"],
        [b"\x00\x01binary"],
        ["[1, 2, 3]"],
        [json.dumps({"type": "hack"})],
        [hello(admin=True)],                                            # an unknown field
        [json.dumps({"type": "action", "n": 1, "action": ["pass"]})],   # before hello
        [ok, json.dumps({"type": "action", "n": 1, "action": ["pass"]})],   # before a join
        [ok, json.dumps({"type": "join", "token": "WRONGTOKEN" + str(i % 10) * 6})],
        ["x" * (P.MAX_CLIENT_MESSAGE + 100)],                           # oversized
        ["[" * 5000 + "]" * 5000],                                      # nested to blow a parser
        [hello(app_version="0.0.0-other")],
        [ok, json.dumps({"type": "create", "game": "chess", "seats": [{"kind": "human"}]})],
        [ok, ok],                                                       # a second hello
        ['{"type": "ping", "n": 1e400}'],
        [ok, json.dumps({"type": "create", "game": GAME, "seats": [{"kind": "human"}] * 50})],
        [ok, json.dumps({"type": "start"})],
        [json.dumps({"type": "hello", "app_version": "x" * 10_000})],
        ["\udcff".encode("utf-8", "surrogatepass").decode("utf-8", "replace") * 10],
    ]
    return kinds[i % len(kinds)]


async def one_hostile(port: int, i: int) -> bool:
    """True when the server dropped the connection after the frames (as it must)."""
    try:
        async with websockets.connect(f"ws://127.0.0.1:{port}", max_size=2**22, open_timeout=5) as ws:
            for frame in malformed(i):
                try:
                    await ws.send(frame)
                except websockets.exceptions.ConnectionClosed:
                    return True
            try:
                while True:
                    await asyncio.wait_for(ws.recv(), 3)     # a welcome or an error may come first
            except websockets.exceptions.ConnectionClosed:
                return True
            except asyncio.TimeoutError:
                return False
    except websockets.exceptions.ConnectionClosed:
        return True


async def flood(port: int, token: str) -> bool:
    """A seated client sending far more than the rate limit: dropped."""
    async with websockets.connect(f"ws://127.0.0.1:{port}") as ws:
        await ws.send(hello())
        await ws.recv()
        await ws.send(json.dumps({"type": "join", "token": token}))
        try:
            for n in range(2000):
                await ws.send(json.dumps({"type": "action", "n": n, "action": ["nonsense", n]}))
            while True:
                await asyncio.wait_for(ws.recv(), 3)
        except websockets.exceptions.ConnectionClosed:
            return True
        except asyncio.TimeoutError:
            return False


async def _scenario(tmp_path) -> None:
    async with live_server(tmp_path) as server:
        sessions = await open_table(server.port, GAME, SEATS, seed=5,
                                    disconnect=P.DisconnectPolicy(mode="ai", ai_after=0.5, ai_level="random"))
        try:
            flooder = sessions[2]
            token = flooder.token
            await flooder.leave()                  # the seat is taken; the flooder comes back with it
            await sessions[0].send_message(P.Start())
            players = [asyncio.get_running_loop().create_task(
                play_random(s, random.Random(i), pace=(0.02, 0.05), timeout=40)) for i, s in enumerate(sessions[:2])]
            assert await flood(server.port, token), "the flooding client was not dropped"
            dropped = []
            for start in range(0, 1000, 50):
                dropped += await asyncio.gather(*(one_hostile(server.port, i) for i in range(start, start + 50)))
            assert len(dropped) == 1000 and all(dropped), f"{dropped.count(False)} hostile connections stayed open"
            assert not all(p.done() for p in players), "the game ended before the attack was over: no live table"
            results = await asyncio.gather(*players)
            assert all(r is not None for r in results), [s.reason for s in sessions[:2]]
            assert server.errors == 0
            table = server.tables[sessions[0].table_id].table
            assert table.slots[2].stand_in, "no AI stood in for the dropped seat"
            rules = registry.ruleset(GAME)
            local = Match(GAME, rules, [SeatInfo(s.name) for s in SEATS], table.options, 5, clocks=False)
            for seat, action in server.store.actions(table.table_id):
                local.submit(seat, P.action_from_wire(action))
            assert state_digest(rules, local.state) == state_digest(rules, table.match.state)
        finally:
            await close_all(sessions)


def test_malformed_messages_and_a_flood_never_harm_a_live_table(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="nocturne.net")
    run(_scenario(tmp_path), timeout=80)
    drops = [r for r in caplog.records if r.name == "nocturne.net" and r.getMessage().startswith("dropped")]
    assert len(drops) >= 900                    # one line per dropped connection (oversized ones too)
    assert all("\n" not in r.getMessage() for r in drops)


async def _silent(tmp_path) -> None:
    async with live_server(tmp_path) as server:
        server.hello_timeout = 0.3
        async with websockets.connect(f"ws://127.0.0.1:{server.port}") as ws:
            try:
                await asyncio.wait_for(ws.recv(), 5)
            except websockets.exceptions.ConnectionClosed:
                return
        raise AssertionError("a connection that never said hello stayed open")


def test_a_connection_that_never_says_hello_is_dropped(tmp_path, caplog):
    caplog.set_level(logging.WARNING, logger="nocturne.net")
    run(_silent(tmp_path), timeout=10)
    assert any("no hello" in r.getMessage() for r in caplog.records)
