"""NetClient: one seat at a networked table, for a pygame frame loop to poll.

Headless (no pygame). The connection runs on its own asyncio loop in a background
thread; every method below returns at once and is safe to call from the UI thread.

Connecting (pick one form; `name` is the player's name as others will see it)
-------------------------------------------------------------------------
    c = NetClient()
    c.connect(host, port, name="Ada", token=invite.token)     # an invite code, or coming back
    c.connect(host, port, name="Ada", create=Create(...))     # open a table there; you own it
    c.connect(host, port, name="Ada", table_id="T4K9", seat=None)   # a free seat of an open table
    c.connect(host, port, name="Ada")                          # only browse: request_tables()

  `Create` is `game.net.protocol.Create(game=..., options={...}, seats=[SeatRequest(kind=
  "human"|"ai", name=..., difficulty=...)], you=0, seed=None, time_scale=1.0,
  disconnect=DisconnectPolicy(mode="run"|"pause"|"ai", ai_after=60.0, ai_level="normal"))`.
  AI seats run where the table runs (the host, or the server). The creator owns the
  table: its `lobby().tokens` maps every human seat to its token, to share as invite
  codes (`invite_for(seat)`), and it calls `start()`. A seat's name is the one its
  person gives when first joining with its token (the creator's name for a seat is a
  placeholder until then). Option values are texts, numbers, true/false or lists of texts.

State (read every frame)
------------------------
    c.state     "idle" (before connect) | "connecting" | "browsing" (connected, at no table)
                | "lobby" (at a table not started) | "playing" (started, also once it is
                over) | "reconnecting" (the link dropped; retrying with the token) | "closed"
    c.reason    when closed (and while reconnecting): why, in the player's language
                (version mismatch saying which and how to fix, host quit, wrong token …)
    c.version   an int that grows with every message that changed what you would draw
    c.seat, c.table_id, c.token      once joined (keep the token: it is your seat)

Reading (copies; never blocks)
------------------------------
    c.lobby()          -> protocol.Lobby | None    game, options, seats (name, kind, taken,
                          connected, stand_in), you, owner, started, over, tokens (owner only),
                          .can_start
    c.tables()         -> list[protocol.TableInfo] the server's open tables, after request_tables()
    c.view()           -> dict | None     your seat's view, as the rules' view(state, seat) after
                          a JSON round trip: tuples in it (and in events' data) arrive as lists,
                          dict keys as strings
    c.decisions()      -> list[core.rules.Decision]  your open decisions (actions and `default`
                          as tuples; `clock` is not sent: the host keeps the clocks and applies
                          the default when time runs out)
    c.waiting()        -> list[int]       the seats with a decision open now ("waiting for …")
    c.time_left(d)     -> float | None    seconds left on that decision's clock, counted down
                          locally from the host's figure
    c.result()         -> dict | None     the result once over: winners, scores, reason, side, rewards
    c.moves            -> int             actions the table has applied (the view is after them)
    c.drain_events()   -> list[core.rules.Event]  the events addressed to you since the last
                          call, in order (public ones and your private ones; never another's)
    c.chronicle()      -> list[list[core.rules.Event]]  after (re)joining a game under way: the
                          events you may see of the game so far, one list per action (the first:
                          the opening), as the host sent them with the resync; not in drain_events
                          (they are the story so far, not news to animate)
    c.resyncs          -> int             how many resyncs arrived (a new chronicle with each)
    c.drain_notices()  -> list[ClientNotice]  things to tell the player, each with `.kind`
                          ("refused", "notice", "resync") and `.text` in words: your action was
                          refused (and why), a player dropped or came back, an AI stands in, the
                          view was resynced after a reconnect (draw it afresh, no animation)
    c.invite_for(seat) -> str | None      the invite code of a human seat (owner only)
    c.invite()         -> str | None      your own seat's code (to rejoin from another machine)

Acting
------
    c.send(action)     -> int   queue one action of your seat (a tuple); returns its number.
                          The update that applies it arrives with the other seats' updates;
                          a refusal (illegal now, not your seat …) arrives as a notice and
                          changes nothing. Answers before a window's minimum time are held
                          by the host, never refused.
    c.start()          owner: start the game once every seat is taken
    c.emote(code)      a quick emote to the others (code in protocol.EMOTES: hello, good_move,
                       well_played, thinking, oops, thanks, good_game; at most one per 2 s, more
                       are dropped; a code outside the set is never sent, and drops a connection
                       that sends one);
                       the others get a notice of kind "emote" ("Ada: Well played!"), its
                       `.emote` the code and `.seat` the sender, to draw by that seat
    c.request_tables() ask the server for its open tables (see tables())
    c.join_table(table_id, seat=None)   from "browsing": take a free seat of a listed table
                          (the first free one when seat is None) on this same connection
    c.create_table(create)              from "browsing": open a table there (you own it)
    c.close()          leave politely (the seat stays yours: its token brings you back);
                       state becomes "closed" with no reason

Faults: a first connect that reaches no server (a wrong address, no host there) closes
at once as unreachable, token or not. When the link drops later the state is
"reconnecting" and the client retries with its token (backoff up to 3 s, for up to
`reconnect_for` seconds); after rejoining the
host sends a full update (`resync`) and the state returns to "playing" or "lobby". A
`bye` from the host (it quit, the server stops), an `error` (version or data mismatch,
unknown token) or a failed first connect close the client with `reason` in words and
no retry.

Hosting from the app: run `game.net.server.ServerThread(port=…)` (a server on its own
thread and loop), connect a NetClient to ("127.0.0.1", port) with `create=` for the host's
seat, and one more NetClient per other person sitting at the host's screen (hot-seat),
each with its seat's token from `lobby().tokens`. `ServerThread.stop()` sends every
client the host-quit goodbye.

Invite codes: `game.net.invite` — `format_invite(host, port, token)`, `parse_invite(text)
-> Invite(host, port, token)`, raising `InviteError` whose str() says what is wrong.

The async core, `SeatSession`, is what tests and the bench drive directly (many seats in
one loop); NetClient is that session on a thread.
"""
from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from dataclasses import dataclass

from ..core.rules import Decision, Event, as_action
from . import protocol as P
from .invite import Invite, format_invite
from .words import say

STATES = ("idle", "connecting", "browsing", "lobby", "playing", "reconnecting", "closed")
RECONNECT_FOR = 600.0          # seconds a dropped client keeps trying
BACKOFF = (0.2, 0.5, 1.0, 2.0, 3.0)


@dataclass(frozen=True)
class ClientNotice:
    kind: str                  # "refused", "notice", "resync", "emote"
    code: str
    text: str                  # in the player's language
    n: int | None = None       # for a refusal: the number send() returned
    seat: int | None = None    # for an emote: who sent it
    emote: str | None = None   # for an emote: its code (protocol.EMOTES)


class Chronicle(list):
    """The game so far as a seat may see it, one list of events per action (the first:
    the opening): what a resync brings. In the events' queue it marks where the resync
    came, so a reader knows which events it already holds (`NetClient.drain_story`)."""


def _event(wire: P.WireEvent) -> Event:
    return Event(wire.kind, wire.data, None if wire.to is None else tuple(wire.to))


def list_form(action):
    return [list_form(a) for a in action] if isinstance(action, (tuple, list)) else action


def local_decision(seat: int, wire: P.WireDecision) -> Decision:
    return Decision(seat=seat, kind=wire.kind, actions=tuple(as_action(a) for a in wire.actions),
                    timeout=wire.timeout, default=None if wire.default is None else as_action(wire.default),
                    clock=None, prompt=wire.prompt, free=wire.free,
                    sealed=wire.sealed, min_time=wire.min_time)


class SeatSession:
    """The protocol of one seat over one WebSocket, on the caller's asyncio loop, with
    reconnecting. NetClient runs one on a thread; tests and the bench run many at once.
    `on_change()` is called (on the loop) after every message that changed something."""

    def __init__(self, host: str, port: int, name: str, *, token: str | None = None,
                 create: P.Create | None = None, table_id: str | None = None, seat: int | None = None,
                 reconnect_for: float = RECONNECT_FOR, on_change=None):
        self.host, self.port, self.name = host, int(port), name
        self.token, self.create, self.table_id, self.wanted_seat = token, create, table_id, seat
        self.reconnect_for = reconnect_for
        self.on_change = on_change or (lambda: None)
        self.state = "idle"
        self.reason: str | None = None
        self.reason_code: str | None = None
        self.seat: int | None = None
        self.lobby: P.Lobby | None = None
        self.tables: list[P.TableInfo] = []
        self.update: P.Update | None = None
        self.update_at = 0.0
        self.events: deque = deque()
        self.chronicle: list = []               # the game so far, per action, from the last resync
        self.resyncs = 0
        self.notices: deque = deque()
        self.version = 0
        self.sent = 0
        self.refusals = 0                        # refused requests so far
        self.acks: dict[int, float] = {}       # action n -> when its update arrived (bench)
        self.updates = asyncio.Queue()          # every Update, for scripted seats (tests, bench)
        self._ws = None
        self._closing = False
        self._outbox: list[str] = []
        self.welcomed = False                   # a server has answered us at least once

    # -- running --------------------------------------------------------------------
    async def run(self) -> None:
        """Connect, keep the seat, reconnect after drops; returns when closed."""
        import websockets
        self._set("connecting")
        dropped_at = None
        attempt = 0
        while not self._closing:
            try:
                async with websockets.connect(f"ws://{self._uri_host()}:{self.port}",
                                              max_size=P.MAX_SERVER_MESSAGE, open_timeout=5,
                                              ping_interval=10, ping_timeout=20,
                                              compression=None) as ws:
                    self._ws = ws
                    attempt, dropped_at = 0, None
                    await self._converse(ws)
            except _Closed:
                break
            except (OSError, P.ProtocolError, asyncio.TimeoutError, websockets.exceptions.WebSocketException) as exc:
                if not self.welcomed:      # the first connect failed: a wrong address, no host there
                    self._close("unreachable", {"address": f"{self.host}:{self.port}", "why": str(exc)[:80]})
                    break
            finally:
                self._ws = None
            if self._closing or self.state == "closed":
                break
            if self.token is None:          # never sat anywhere: nothing to come back to
                self._close("lost", {})
                break
            dropped_at = dropped_at or time.monotonic()
            if time.monotonic() - dropped_at > self.reconnect_for:
                self._close("gave_up", {})
                break
            self.reason = say("state", "reconnecting")
            self._set("reconnecting")
            await asyncio.sleep(BACKOFF[min(attempt, len(BACKOFF) - 1)])
            attempt += 1
        self._ws = None

    def _uri_host(self) -> str:
        return f"[{self.host}]" if ":" in self.host else self.host

    async def _converse(self, ws) -> None:
        from ..core.version import app_version, game_data_digest
        from .. import registry
        digests = {g: game_data_digest(g) for g in registry.game_ids()}
        await ws.send(P.encode(P.Hello(app_version=app_version(), digests=digests, name=self.name)))
        await self._expect_welcome(ws)
        if self.token is not None:
            await ws.send(P.encode(P.Join(token=self.token)))
        elif self.create is not None:
            await ws.send(P.encode(self.create))
        elif self.table_id is not None:
            await ws.send(P.encode(P.Join(table_id=self.table_id, seat=self.wanted_seat)))
        else:
            self._set("browsing")
        for text in self._outbox:
            await ws.send(text)
        self._outbox.clear()
        async for frame in ws:
            self._receive(P.parse_server(frame))
            if self.state == "closed":
                return

    async def _expect_welcome(self, ws) -> None:
        frame = await asyncio.wait_for(ws.recv(), 10)
        msg = P.parse_server(frame)
        if isinstance(msg, P.ErrorMsg):
            self._receive(msg)
            raise _Closed()
        if not isinstance(msg, P.Welcome):
            raise P.ProtocolError("the server did not welcome us")
        self.welcomed = True

    def _receive(self, msg) -> None:
        if isinstance(msg, P.Joined):
            self.token, self.seat, self.table_id = msg.token, msg.seat, msg.table_id
            self.create = None
        elif isinstance(msg, P.Lobby):
            self.lobby = msg
            self._set("playing" if msg.started else "lobby")
        elif isinstance(msg, P.Update):
            now = time.monotonic()
            if msg.resync and self.update is not None:
                self.notices.append(ClientNotice("resync", "resync", say("notice", "resync")))
            self.update, self.update_at = msg, now
            if msg.resync:
                self.chronicle = Chronicle([_event(e) for e in group] for group in msg.chronicle)
                self.resyncs += 1
                self.events.clear()              # not drained yet: they are in the chronicle
                self.events.append(self.chronicle)
            self.events.extend(Event(e.kind, e.data, None if e.to is None else tuple(e.to)) for e in msg.events)
            if msg.ack is not None:
                self.acks[msg.ack] = now
            if self.state != "playing":
                self._set("playing")
            if self.updates.qsize() >= 64:       # nobody reads them (the app polls update): keep few
                self.updates.get_nowait()
            self.updates.put_nowait(msg)
        elif isinstance(msg, P.Tables):
            self.tables = list(msg.tables)
        elif isinstance(msg, P.Refused):
            self.refusals += 1
            self.notices.append(ClientNotice("refused", msg.code, say("refused", msg.code, msg.params), msg.n))
        elif isinstance(msg, P.Notice) and msg.code == "emote":
            code = str(msg.params.get("emote", ""))
            words = say("emote", code) if code in P.EMOTES else ""
            if words:
                seat = msg.params.get("seat")
                self.notices.append(ClientNotice("emote", "emote", say("notice", "emote", {**msg.params, "emote": words}),
                                                 seat=seat if isinstance(seat, int) else None, emote=code))
        elif isinstance(msg, P.Notice):
            self.notices.append(ClientNotice("notice", msg.code, say("notice", msg.code, msg.params)))
        elif isinstance(msg, (P.ErrorMsg, P.Goodbye)):
            self._close(msg.code, msg.params, group="error" if isinstance(msg, P.ErrorMsg) else "bye")
        self.version += 1
        self.on_change()

    def _set(self, state: str) -> None:
        if self.state != "closed":
            self.state = state
            if state in ("lobby", "playing", "browsing"):
                self.reason = None
            self.version += 1
            self.on_change()

    def _close(self, code: str, params: dict, group: str = "closed") -> None:
        self.reason_code = code
        self.reason = say(group, code, params)
        self.state = "closed"
        self._closing = True
        self.version += 1
        self.on_change()

    # -- sending (on the loop) --------------------------------------------------------
    async def send_message(self, message) -> None:
        text = P.encode(message)
        ws = self._ws
        if ws is None:
            if not isinstance(message, (P.Ping, P.ListTables)):
                self._outbox.append(text)
            return
        try:
            await ws.send(text)
        except Exception:                  # noqa: BLE001 - the drop is seen by run()
            self._outbox.append(text)

    async def act(self, action) -> int:
        self.sent += 1
        await self.send_message(P.Act(n=self.sent, action=list_form(action)))
        return self.sent

    async def leave(self) -> None:
        self._closing = True
        ws = self._ws
        if ws is not None:
            try:
                await ws.send(P.encode(P.Bye()))
                await ws.close()
            except Exception:              # noqa: BLE001 - already gone
                pass
        if self.state != "closed":
            self.state = "closed"
            self.reason = None
            self.version += 1

    # -- reading ---------------------------------------------------------------------
    def decisions(self) -> list[Decision]:
        u = self.update
        if u is None or self.seat is None:
            return []
        return [local_decision(self.seat, d) for d in u.decisions]

    def time_left(self, decision: Decision) -> float | None:
        u = self.update
        if u is None:
            return None
        for wire in u.decisions:
            if wire.kind == decision.kind and wire.time_left is not None:
                return max(0.0, wire.time_left - (time.monotonic() - self.update_at))
        return None


class _Closed(Exception):
    """The server refused us at the door (an error message was received)."""


class NetClient:
    """A SeatSession on a background thread; see the module docstring for the API."""

    def __init__(self, reconnect_for: float = RECONNECT_FOR):
        self._lock = threading.Lock()
        self._session: SeatSession | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._reconnect_for = reconnect_for
        self._address: Invite | None = None     # where we connect, with no token yet

    # -- connecting ------------------------------------------------------------------
    def connect(self, host: str, port: int, *, name: str, token: str | None = None,
                create: P.Create | None = None, table_id: str | None = None, seat: int | None = None) -> None:
        if self._thread is not None:
            raise RuntimeError("this NetClient is already connected; make a new one")
        self._address = Invite(host, int(port), "")
        self._session = SeatSession(host, port, name, token=token, create=create, table_id=table_id,
                                    seat=seat, reconnect_for=self._reconnect_for)
        self._session.state = "connecting"
        ready = threading.Event()

        def main():
            loop = asyncio.new_event_loop()
            self._loop = loop
            ready.set()
            try:
                loop.run_until_complete(self._session.run())
            except _Closed:
                pass
            except Exception as exc:       # noqa: BLE001 - never a traceback in the window
                self._session._close("lost", {"why": str(exc)[:80]})
            finally:
                loop.run_until_complete(loop.shutdown_asyncgens())
                loop.close()

        self._thread = threading.Thread(target=main, name="nocturne-net", daemon=True)
        self._thread.start()
        ready.wait(5)

    def _call(self, coro_fn, *args):
        loop = self._loop
        if loop is None or loop.is_closed() or not loop.is_running() or self._session is None:
            return None
        try:
            return asyncio.run_coroutine_threadsafe(coro_fn(*args), loop)
        except RuntimeError:               # the loop just closed
            return None

    # -- state -------------------------------------------------------------------------
    @property
    def state(self) -> str:
        return self._session.state if self._session else "idle"

    @property
    def reason(self) -> str | None:
        return self._session.reason if self._session else None

    @property
    def version(self) -> int:
        return self._session.version if self._session else 0

    @property
    def seat(self) -> int | None:
        return self._session.seat if self._session else None

    @property
    def table_id(self) -> str | None:
        return self._session.table_id if self._session else None

    @property
    def token(self) -> str | None:
        return self._session.token if self._session else None

    @property
    def moves(self) -> int:
        u = self._session.update if self._session else None
        return u.moves if u else 0

    # -- reading -------------------------------------------------------------------------
    def lobby(self) -> P.Lobby | None:
        return self._session.lobby if self._session else None

    def tables(self) -> list[P.TableInfo]:
        return list(self._session.tables) if self._session else []

    def view(self) -> dict | None:
        u = self._session.update if self._session else None
        return u.view if u else None

    def decisions(self) -> list[Decision]:
        return self._session.decisions() if self._session else []

    def time_left(self, decision: Decision) -> float | None:
        return self._session.time_left(decision) if self._session else None

    def waiting(self) -> list[int]:
        u = self._session.update if self._session else None
        return list(u.waiting) if u else []

    def result(self) -> dict | None:
        u = self._session.update if self._session else None
        return u.result if u else None

    def drain_events(self) -> list[Event]:
        return [e for e in self.drain_story() if not isinstance(e, Chronicle)]

    def drain_story(self) -> list:
        """drain_events with a `Chronicle` where a resync came: the events before it are
        in it (a table rebuilds its chronicle from it), the ones after are news."""
        return _drain(self._session.events) if self._session else []

    def chronicle(self) -> list[list[Event]]:
        return list(self._session.chronicle) if self._session else []

    @property
    def resyncs(self) -> int:
        return self._session.resyncs if self._session else 0

    def drain_notices(self) -> list[ClientNotice]:
        return _drain(self._session.notices) if self._session else []

    def invite_for(self, seat: int) -> str | None:
        lobby = self.lobby()
        if lobby is None or self._address is None or seat not in lobby.tokens:
            return None
        return format_invite(self._address.host, self._address.port, lobby.tokens[seat])

    def invite(self) -> str | None:
        if self._address is None or self.token is None:
            return None
        return format_invite(self._address.host, self._address.port, self.token)

    # -- acting --------------------------------------------------------------------------
    def send(self, action) -> int:
        s = self._session
        if s is None:
            return 0
        s.sent += 1
        n = s.sent
        self._call(s.send_message, P.Act(n=n, action=list_form(action)))
        return n

    def start(self) -> None:
        if self._session:
            self._call(self._session.send_message, P.Start())

    def emote(self, code: str) -> None:
        if self._session and code in P.EMOTES:
            self._call(self._session.send_message, P.Emote(code=code))

    def request_tables(self) -> None:
        if self._session:
            self._call(self._session.send_message, P.ListTables())

    def join_table(self, table_id: str, seat: int | None = None) -> None:
        s = self._session
        if s is not None and s.seat is None:
            s.table_id, s.wanted_seat = table_id, seat
            self._call(s.send_message, P.Join(table_id=table_id, seat=seat))

    def create_table(self, create: P.Create) -> None:
        s = self._session
        if s is not None and s.seat is None:
            s.create = create
            self._call(s.send_message, create)

    def close(self, wait: float = 2.0) -> None:
        s = self._session
        if s is None:
            return
        future = self._call(s.leave)
        if future is not None:
            try:
                future.result(wait)
            except Exception:              # noqa: BLE001 - leaving anyway
                pass
        s._closing = True
        s.state = "closed"
        if self._thread is not None:
            self._thread.join(wait)


def _drain(queue: deque) -> list:
    out = []
    while queue:
        out.append(queue.popleft())
    return out
