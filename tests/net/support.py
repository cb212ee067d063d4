"""Loopback helpers for the network tests: a server in the test's own event loop, seats
that join it, and a bound on every test's time. Every server a helper starts is stopped
in a `finally`, whatever the test does."""
from __future__ import annotations

import asyncio
import contextlib
import socket

from game.net import protocol as P
from game.net.client import SeatSession
from game.net.server import Server

TEST_TIMEOUT = 25.0           # seconds any one networked test may take


def run(coro, timeout: float = TEST_TIMEOUT):
    """Run a test coroutine with a hard bound on its time."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


@contextlib.asynccontextmanager
async def live_server(data_dir, speed: float = 100.0):
    server = Server(data_dir, "127.0.0.1", 0, kind="server", speed=speed)
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


async def wait_for(predicate, timeout: float = 5.0, what: str = "a condition"):
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not predicate():
        if loop.time() > end:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.01)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def open_table(port: int, game: str, seats: list[P.SeatRequest], options: dict | None = None,
                     seed: int = 1, **create) -> list[SeatSession]:
    """A table with its seats taken: the creator at seat 0, one session per other human
    seat joining with its token. Returns the sessions (human seats in order), each
    running as a task; the caller starts the game."""
    request = P.Create(game=game, options=options or {}, seats=seats, you=0, seed=seed,
                       time_scale=create.pop("time_scale", None), **create)
    owner = SeatSession("127.0.0.1", port, seats[0].name, create=request, reconnect_for=20)
    owner.task = asyncio.get_running_loop().create_task(owner.run())
    await wait_for(lambda: owner.lobby is not None or owner.state == "closed", what="the lobby")
    assert owner.state != "closed", owner.reason
    sessions = [owner]
    for seat, s in enumerate(seats):
        if seat == 0 or s.kind != "human":
            continue
        other = SeatSession("127.0.0.1", port, s.name, token=owner.lobby.tokens[seat], reconnect_for=20)
        other.task = asyncio.get_running_loop().create_task(other.run())
        sessions.append(other)
    await wait_for(lambda: owner.lobby.can_start, what="every seat taken")
    return sessions


async def close_all(sessions) -> None:
    for s in sessions:
        await s.leave()
    await asyncio.gather(*(s.task for s in sessions), return_exceptions=True)
