"""The table server: many hosted tables in one asyncio process, over WebSocket.

`python main.py serve` runs it without a window; the app's Host screen runs the same
server on a thread (`ServerThread`). Why the `websockets` library: see docs/ONLINE.md.

Everything from the network is hostile. A frame that is not JSON, not a message we
know, too large (`MAX_CLIENT_MESSAGE`), out of order (an action before a join) or one
too many (`RATE_PER_SECOND`, `RATE_BURST`) drops that connection with one log line;
the table it sat at never sees it. A seat's token is needed to act for it, and a wrong
token is refused at the door. An illegal action of a seated client is refused with the
reason and changes nothing.

Each table is persisted after every action (store.py) before its updates leave, so a
restart, even after kill -9, reopens every unfinished table where it was; clients come
back with their tokens and receive their current view.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
from dataclasses import dataclass, field
from typing import NamedTuple

from . import protocol as P
from .invite import new_token
from .store import TableStore
from .table import TABLE_ID_CHARS, HostedTable, Refusal

log = logging.getLogger("nocturne.net")
HOUSEKEEPING_S = 0.25          # how often a table with clocks looks at them at least
HELLO_TIMEOUT_S = 10.0         # a connection that has not said hello by then is dropped
MAX_CONNECTIONS = 5000         # beyond this a new connection is turned away at once
MAX_TABLES = 2000              # open tables (in the lobby or playing) one server keeps at most
FINISHED_KEPT_S = 120.0        # a finished table stays this long for late resyncs
LOBBY_IDLE_S = 3600.0          # a table never started, with nobody at it this long, is closed


class SeatRef(NamedTuple):
    table_id: str
    seat: int


class Ack(NamedTuple):
    """Which seat's action an update applied, and that seat's number for it."""
    seat: int
    n: int | None


class Drop(Exception):
    """This connection is dropped (one log line names why); the table is not touched."""


@dataclass(eq=False)
class Conn:
    ws: object
    peer: str
    name: str = "?"
    hello: P.Hello | None = None
    table: "Runtime | None" = None
    seat: int | None = None
    tokens: float = P.RATE_BURST
    emoted: float = 0.0                # when this connection's last emote was told
    refilled: float = field(default_factory=time.monotonic)

    def spend(self) -> None:
        """A token bucket: RATE_BURST at once, RATE_PER_SECOND steadily; more drops."""
        now = time.monotonic()
        self.tokens = min(P.RATE_BURST, self.tokens + (now - self.refilled) * P.RATE_PER_SECOND)
        self.refilled = now
        if self.tokens < 1.0:
            raise Drop("flooding (more messages than the rate limit)")
        self.tokens -= 1.0


@dataclass(eq=False)
class Runtime:
    """A table and its live connections (one per human seat at most)."""
    table: HostedTable
    conns: dict = field(default_factory=dict)       # seat -> Conn
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task | None = None
    finished_at: float | None = None
    empty_since: float = field(default_factory=time.monotonic)     # nobody connected since (wall clock)


class Server:
    def __init__(self, data_dir, host: str = "0.0.0.0", port: int = P.DEFAULT_PORT, kind: str = "server",
                 speed: float = 1.0):
        """`speed` > 1 runs the tables' clocks faster than the wall (tests: a window's
        1.5 s minimum answer time passes in 15 ms at 100); never in play."""
        self.store = TableStore(data_dir)
        self.host, self.port, self.kind = host, port, kind
        self.speed = float(speed)
        self.now = time.monotonic if speed == 1.0 else (lambda: time.monotonic() * self.speed)
        self.tables: dict[str, Runtime] = {}
        self.tokens: dict[str, SeatRef] = {}                # token -> its table and seat
        self.conns: set[Conn] = set()
        self.errors = 0                                     # internal errors (not hostile input)
        self.hello_timeout = HELLO_TIMEOUT_S
        self.max_tables = MAX_TABLES
        self.lobby_idle = LOBBY_IDLE_S
        self._server = None
        self._stopping = False

    # -- life ----------------------------------------------------------------------------
    async def start(self) -> int:
        import websockets
        self._reopen()
        self._server = await websockets.serve(self._handle, self.host, self.port, max_size=P.MAX_CLIENT_MESSAGE,
                                              max_queue=8, ping_interval=20, ping_timeout=30, close_timeout=2, compression=None,
                                              logger=logging.getLogger("nocturne.net.ws"))
        self.port = self._server.sockets[0].getsockname()[1]
        log.info("serving on %s:%s (%d tables reopened)", self.host, self.port, len(self.tables))
        return self.port

    async def stop(self, code: str = "server_stopping") -> None:
        """Tell every client in words (`bye`), then close. Tables stay stored."""
        self._stopping = True
        bye = P.encode(P.Goodbye(code=code, params={}))
        await asyncio.gather(*(self._send(c, bye) for c in list(self.conns)), return_exceptions=True)
        for rt in self.tables.values():
            if rt.task is not None:
                rt.task.cancel()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.store.close()

    def _reopen(self) -> None:
        for table_id, setup, _status in self.store.open_tables():
            try:
                table = HostedTable.from_json(setup, self.store.actions(table_id), now=self.now)
            except Exception as exc:            # noqa: BLE001 - another version's log: keep it, skip it
                log.warning("table %s not reopened: %s", table_id, str(exc)[:160])
                continue
            self._add(table)

    def _add(self, table: HostedTable) -> "Runtime":
        rt = Runtime(table)
        self.tables[table.table_id] = rt
        for seat, slot in enumerate(table.slots):
            if slot.token:
                self.tokens[slot.token] = SeatRef(table.table_id, seat)
        rt.task = asyncio.get_running_loop().create_task(self._run_table(rt))
        return rt

    # -- a connection ------------------------------------------------------------------------
    async def _handle(self, ws) -> None:
        peer = "%s:%s" % tuple(ws.remote_address[:2]) if ws.remote_address else "?"
        if len(self.conns) >= MAX_CONNECTIONS:
            log.warning("turned away %s: %d connections already", peer, len(self.conns))
            ws.transport.abort()
            return
        conn = Conn(ws, peer)
        self.conns.add(conn)
        hostile = False
        silent = asyncio.get_running_loop().call_later(self.hello_timeout, self._silent, conn)
        try:
            async for frame in ws:
                conn.spend()
                await self._dispatch(conn, P.parse_client(frame))
        except _Leave:
            pass
        except (Drop, P.ProtocolError) as exc:
            log.warning("dropped %s: %s", peer, str(exc)[:200])
            hostile = not isinstance(exc, _AtTheDoor)
        except Exception as exc:                # noqa: BLE001
            import websockets
            if isinstance(exc, websockets.exceptions.ConnectionClosed):
                if exc.rcvd is not None and exc.rcvd.code == 1009:
                    log.warning("dropped %s: a message over %d bytes", peer, P.MAX_CLIENT_MESSAGE)
            else:
                self.errors += 1
                log.exception("dropped %s after an internal error", peer)
        finally:
            silent.cancel()
            self.conns.discard(conn)
            self._left(conn)
            try:
                if hostile:        # no closing handshake: its unread flood would delay it
                    ws.transport.abort()
                else:
                    await ws.close()
            except Exception:                   # noqa: BLE001 - already gone
                pass

    def _silent(self, conn: Conn) -> None:
        """A connection that never said hello (a port scan, a slow-loris) is dropped."""
        if conn.hello is None and conn in self.conns:
            log.warning("dropped %s: no hello within %.0f s", conn.peer, self.hello_timeout)
            conn.ws.transport.abort()

    async def _dispatch(self, conn: Conn, msg) -> None:
        if conn.hello is None:
            if not isinstance(msg, P.Hello):
                raise Drop(f"{msg.type} before hello")
            await self._hello(conn, msg)
            return
        if isinstance(msg, P.Hello):
            raise Drop("a second hello")
        if isinstance(msg, P.Ping):
            await self._send(conn, P.encode(P.Pong(n=msg.n)))
        elif isinstance(msg, P.Bye):
            raise _Leave("said bye")
        elif isinstance(msg, P.ListTables):
            tables = [rt.table.info() for rt in self.tables.values()
                      if rt.table.listed and not rt.table.over and rt.table.free_seats()]
            await self._send(conn, P.encode(P.Tables(tables=tables[:200])))
        elif conn.table is None:
            if isinstance(msg, P.Create):
                await self._create(conn, msg)
            elif isinstance(msg, P.Join):
                await self._join(conn, msg)
            else:
                raise Drop(f"{msg.type} before joining a table")
        elif isinstance(msg, P.Act):
            await self._act(conn, msg)
        elif isinstance(msg, P.Start):
            await self._start(conn)
        elif isinstance(msg, P.Emote):
            await self._emote(conn, msg)
        else:
            raise Drop(f"{msg.type} while seated")

    async def _hello(self, conn: Conn, msg: P.Hello) -> None:
        from ..core.version import app_version
        ours = app_version()
        if msg.protocol != P.PROTOCOL or msg.app_version != ours:
            await self._fatal(conn, "version_mismatch", theirs=msg.app_version, ours=ours)
        from ..core.safeio import clean_text
        conn.name = clean_text(msg.name, 40) or "?"
        conn.hello = msg
        await self._send(conn, P.encode(P.Welcome(app_version=ours, server=self.kind)))

    async def _check_data(self, conn: Conn, game: str) -> None:
        from ..core.version import game_data_digest
        from .. import registry
        if game not in registry.game_ids():
            await self._fatal(conn, "unknown_game", game=game)
        ours = game_data_digest(game)
        theirs = conn.hello.digests.get(game, "")
        if ours != theirs:
            await self._fatal(conn, "data_mismatch", game=game, theirs=theirs or "?", ours=ours or "?")

    async def _create(self, conn: Conn, msg: P.Create) -> None:
        await self._check_data(conn, msg.game)
        if sum(1 for rt in self.tables.values() if not rt.table.over) >= self.max_tables:
            await self._send(conn, P.encode(P.Refused(code="server_full", params={})))
            return
        try:
            table = HostedTable.create(msg, conn.name, now=self.now)
        except Refusal as exc:
            await self._send(conn, P.encode(P.Refused(code=exc.code, params=exc.params)))
            return
        while table.table_id in self.tables or self.store.status(table.table_id) is not None:
            table.table_id = new_token()[:TABLE_ID_CHARS]      # taken, now or by a stored table
        self.store.save_setup(table.table_id, table.setup_json(), "lobby")
        rt = self._add(table)
        log.info("table %s created: %s, %d seats", table.table_id, table.game, len(table.slots))
        await self._seat(conn, rt, table.owner)

    async def _join(self, conn: Conn, msg: P.Join) -> None:
        if msg.token is not None:
            where = self.tokens.get(msg.token)
            rt = self.tables.get(where.table_id) if where else None
            if rt is None:
                await self._fatal(conn, "unknown_token")
            await self._check_data(conn, rt.table.game)
            seat = where.seat
            slot = rt.table.slots[seat]
            if not slot.taken:             # an invite's first use: the seat takes the joiner's name
                slot.taken, slot.name = True, conn.name
                self.store.save_setup(rt.table.table_id, rt.table.setup_json(),
                                      "playing" if rt.table.started else "lobby")
        else:
            rt = self.tables.get(msg.table_id or "")
            if rt is None or not rt.table.listed:
                await self._send(conn, P.encode(P.Refused(code="unknown_table", params={})))
                return
            await self._check_data(conn, rt.table.game)
            try:
                seat = rt.table.take(msg.seat, conn.name)
            except Refusal as exc:
                await self._send(conn, P.encode(P.Refused(code=exc.code, params=exc.params)))
                return
            self.store.save_setup(rt.table.table_id, rt.table.setup_json(),
                                  "playing" if rt.table.started else "lobby")
        await self._seat(conn, rt, seat)

    async def _seat(self, conn: Conn, rt: Runtime, seat: int) -> None:
        table = rt.table
        old = rt.conns.get(seat)
        if old is not None and old is not conn:        # the same seat from elsewhere: newest wins
            old.table = None
            await self._send(old, P.encode(P.Goodbye(code="replaced", params={})))
            asyncio.get_running_loop().create_task(old.ws.close())
        conn.table, conn.seat = rt, seat
        rt.conns[seat] = conn
        rt.empty_since = float("inf")
        was_away = table.slots[seat].dropped_at is not None
        table.connected(seat)
        await self._send(conn, P.encode(P.Joined(table_id=table.table_id, seat=seat, token=table.slots[seat].token)))
        await self._broadcast_lobby(rt)
        if table.started:
            await self._send(conn, P.encode(table.update_for(seat, [], resync=True)))
        if was_away:
            await self._notice(rt, "back", exclude=seat, name=table.slots[seat].name)
        rt.wake.set()

    def _left(self, conn: Conn) -> None:
        rt, seat = conn.table, conn.seat
        if rt is None or seat is None or rt.conns.get(seat) is not conn:
            return
        del rt.conns[seat]
        if not rt.conns:
            rt.empty_since = time.monotonic()
        conn.table = None
        if self._stopping:
            return
        rt.table.disconnected(seat)
        loop = asyncio.get_running_loop()
        loop.create_task(self._broadcast_lobby(rt))
        if rt.table.started and not rt.table.over:
            loop.create_task(self._notice(rt, "dropped", name=rt.table.slots[seat].name))
        rt.wake.set()

    async def _start(self, conn: Conn) -> None:
        rt = conn.table
        table = rt.table
        if conn.seat != table.owner:
            await self._send(conn, P.encode(P.Refused(code="not_owner", params={})))
            return
        try:
            opening = table.start()
        except Refusal as exc:
            await self._send(conn, P.encode(P.Refused(code=exc.code, params=exc.params)))
            return
        self.store.save_setup(table.table_id, table.setup_json(), "playing")
        await self._broadcast_lobby(rt)
        await self._broadcast(rt, opening)
        rt.wake.set()

    async def _emote(self, conn: Conn, msg: P.Emote) -> None:
        now = time.monotonic()
        if now - conn.emoted < P.EMOTE_GAP_S:
            return                               # too soon after the last one: dropped quietly
        conn.emoted = now
        rt = conn.table
        await self._notice(rt, "emote", exclude=conn.seat, seat=conn.seat, name=rt.table.slots[conn.seat].name,
                           emote=msg.code)

    async def _act(self, conn: Conn, msg: P.Act) -> None:
        rt = conn.table
        action = P.action_from_wire(msg.action)
        try:
            events = rt.table.offer(conn.seat, action, msg.n)
        except Refusal as exc:
            await self._send(conn, P.encode(P.Refused(code=exc.code, params=exc.params, n=msg.n)))
            return
        if events is None:                   # held until the window's minimum time
            rt.wake.set()
            return
        await self._applied(rt, conn.seat, action, events, ack=Ack(conn.seat, msg.n))

    async def _applied(self, rt: Runtime, seat: int, action, events, ack=None) -> None:
        """Persist the action, then tell every seat (persist first: an update a client saw
        is never lost by a crash)."""
        table = rt.table
        self.store.append(table.table_id, len(table.match.log), seat, list(_listed(action)))
        if table.over:
            self._finished(rt)
        await self._broadcast(rt, events, ack)
        rt.wake.set()

    # -- a table's own time -------------------------------------------------------------------
    async def _run_table(self, rt: Runtime) -> None:
        """AI answers, held answers, clocks and stand-ins: whatever happens at a table
        without a message. Sleeps until the next such moment or until woken."""
        table = rt.table
        while not self._stopping:
            try:
                await self._table_step(rt)
            except asyncio.CancelledError:
                raise
            except Exception:                     # noqa: BLE001 - one table's bug never stops the server
                self.errors += 1
                log.exception("table %s: internal error", table.table_id)
                await asyncio.sleep(1.0)
            if table.over and not rt.conns and rt.finished_at is not None \
                    and self.now() - rt.finished_at > FINISHED_KEPT_S:
                self._forget(rt)
                return
            if not table.started and time.monotonic() - rt.empty_since > self.lobby_idle:
                log.info("table %s closed: nobody in its lobby for %.0f s", table.table_id, self.lobby_idle)
                self.store.set_status(table.table_id, "closed")
                self._forget(rt)
                return
            wake = table.next_wake()
            delay = 5.0 if wake is None else max(0.0, min(5.0, (wake - self.now()) / self.speed))
            if table.match is not None and table.match.deadlines:
                delay = min(delay, HOUSEKEEPING_S)
            if not table.started:
                delay = min(delay, max(0.05, self.lobby_idle / 4))
            rt.wake.clear()
            if delay > 0:
                try:
                    await asyncio.wait_for(rt.wake.wait(), delay)
                except asyncio.TimeoutError:
                    pass

    async def _table_step(self, rt: Runtime) -> None:
        table = rt.table
        if table.match is None or table.over:
            return
        for seat in table.due_stand_ins():
            await self._broadcast_lobby(rt)
            await self._notice(rt, "stand_in", name=table.slots[seat].name)
        for held in table.due_held():
            if table.match.is_legal(held.seat, held.action):
                events = table.match.submit(held.seat, held.action)
                await self._applied(rt, held.seat, held.action, events, ack=Ack(held.seat, held.n))
        before = len(table.match.log)
        events = table.match.tick()
        if len(table.match.log) != before:
            for seat, action in table.match.log[before:]:
                self.store.append(table.table_id, before + 1, seat, list(_listed(action)))
                before += 1
            if table.over:
                self._finished(rt)
            await self._broadcast(rt, events)
        for _ in range(200):                     # AI seats, one answer at a time
            requests = table.ai_requests()
            if not requests:
                break
            seat, view, decision = requests[0]
            agent = table.agent_for(seat)
            moves = len(table.match.log)
            try:
                if getattr(agent, "name", "") == "random":
                    action = agent.choose(view, decision)
                else:       # thinking agents off the loop: the other tables go on meanwhile
                    action = await asyncio.to_thread(agent.choose, view, decision, None)
            except Exception as exc:              # noqa: BLE001 - an agent's bug never stalls a table
                log.warning("table %s: seat %d's AI failed (%s); it plays a listed action",
                            table.table_id, seat, str(exc)[:120])
                action = decision.actions[0]
            if len(table.match.log) != moves or not table.match.is_legal(seat, action):
                continue                          # someone answered meanwhile: ask again
            events = table.match.submit(seat, action)
            await self._applied(rt, seat, action, events)
            if table.over:
                break

    def _finished(self, rt: Runtime) -> None:
        from ..core.record import state_digest
        table = rt.table
        self.store.set_status(table.table_id, "over")
        rt.finished_at = self.now()
        log.info("table %s over after %d actions, digest %s", table.table_id, len(table.match.log),
                 state_digest(table.match.rules, table.match.state))

    def _forget(self, rt: Runtime) -> None:
        self.tables.pop(rt.table.table_id, None)
        for slot in rt.table.slots:
            self.tokens.pop(slot.token, None)

    # -- sending -------------------------------------------------------------------------------
    async def _broadcast(self, rt: Runtime, events, ack=None) -> None:
        table = rt.table
        sends = []
        for seat, conn in list(rt.conns.items()):
            n = ack.n if ack is not None and ack.seat == seat else None
            sends.append(self._send(conn, P.encode(table.update_for(seat, events, ack=n))))
        if sends:
            await asyncio.gather(*sends, return_exceptions=True)

    async def _broadcast_lobby(self, rt: Runtime) -> None:
        sends = [self._send(c, P.encode(rt.table.lobby_for(seat))) for seat, c in list(rt.conns.items())]
        if sends:
            await asyncio.gather(*sends, return_exceptions=True)

    async def _notice(self, rt: Runtime, code: str, exclude: int | None = None, **params) -> None:
        text = P.encode(P.Notice(code=code, params=params))
        sends = [self._send(c, text) for seat, c in list(rt.conns.items()) if seat != exclude]
        if sends:
            await asyncio.gather(*sends, return_exceptions=True)

    async def _send(self, conn: Conn, text: str) -> None:
        try:
            await conn.ws.send(text)
        except Exception:                         # noqa: BLE001 - its handler sees the drop
            pass

    async def _fatal(self, conn: Conn, code: str, **params) -> None:
        await self._send(conn, P.encode(P.ErrorMsg(code=code, params=params)))
        raise _AtTheDoor(f"refused at the door: {code} {params}")


class _AtTheDoor(Drop):
    """Refused with an error the client must read (a version mismatch): closed politely."""


class _Leave(Drop):
    """A polite bye: the connection closes like a drop (the seat stays the player's)."""


def _listed(value):
    return [_listed(v) for v in value] if isinstance(value, (tuple, list)) else value


class ServerThread:
    """A Server on its own thread and event loop: the app's Host screen, and tests.

        st = ServerThread(data_dir, port=0)     # 0: any free port
        port = st.start()                        # returns once it listens
        ...
        st.stop()                                # every client is told the host quit
    """

    def __init__(self, data_dir, host: str = "0.0.0.0", port: int = P.DEFAULT_PORT, kind: str = "host"):
        self.data_dir, self.host, self.port, self.kind = data_dir, host, port, kind
        self.server: Server | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self.error: str | None = None

    def start(self, timeout: float = 10.0) -> int:
        ready = threading.Event()

        def main():
            loop = asyncio.new_event_loop()
            self.loop = loop
            try:
                self.server = Server(self.data_dir, self.host, self.port, kind=self.kind)
                self.port = loop.run_until_complete(self.server.start())
            except Exception as exc:          # noqa: BLE001 - e.g. the port is in use: said to the caller
                self.error = str(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            try:
                loop.run_forever()
            finally:
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

        self._thread = threading.Thread(target=main, name="nocturne-server", daemon=True)
        self._thread.start()
        ready.wait(timeout)
        if self.error:
            raise OSError(self.error)
        return self.port

    def stop(self, code: str = "host_quit", timeout: float = 5.0) -> None:
        loop, server = self.loop, self.server
        if loop is None or server is None or loop.is_closed():
            return
        future = asyncio.run_coroutine_threadsafe(server.stop(code), loop)
        try:
            future.result(timeout)
        except Exception:                     # noqa: BLE001 - stopping anyway
            pass
        loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout)


async def serve_forever(data_dir, host: str, port: int) -> None:
    """`main.py serve`: run until SIGINT/SIGTERM, then say goodbye to every client."""
    import signal
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):       # before saying we serve: a stop is never lost
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):   # Windows: Ctrl+C raises instead
            pass
    server = Server(data_dir, host, port, kind="server")
    await server.start()
    print(f"nocturne: serving tables on {host}:{server.port}, data in {server.store.path}", flush=True)
    try:
        await stop.wait()
    finally:
        await server.stop("server_stopping")
