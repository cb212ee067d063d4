"""Every message on the wire, as pydantic v2 models; JSON text frames over WebSocket.

One frame is one JSON object with a `type`. What a client may send is parsed with
`parse_client` (strict: unknown fields, wrong types, over-long texts and deep actions
are refused); what the server sends is parsed by the client with `parse_server`.
`encode` writes a message as canonical JSON (sorted keys, no spaces): the same message
is always the same bytes, which the contract suite relies on to show that a seat's
bytes do not change with what the seat may not see.

Order of a conversation (client → server, then what comes back):

    hello            → welcome            (or error version_mismatch, then closed)
    list             → tables
    create           → joined, lobby      (error data_mismatch when the game's data differs)
    join             → joined, lobby, and an update when the table has started (a resync,
                       with the chronicle: the game so far that the seat may see)
    start            → lobby to everyone, then an update to every seat
    action           → update to every seat (the actor's carries `ack`), or refused
    emote            → a notice to the others (one of EMOTES; at most one per EMOTE_GAP_S)
    ping             → pong
    bye              → the server closes the connection

The server may send `bye` (the host quit, the server stops) and `notice` (a seat
dropped, an AI stands in for it) at any time. Anything out of this order (an action
before a join, a second hello) is a protocol error: the server drops the connection
with one log line and the table never notices.

Words a player reads are never sent as text: refusals, errors and notices carry a
`code` and `params`, and the client says them through the locale (`net.*` keys,
`game.net.words`). Only a game's own refusal reason (`IllegalAction.reason`) travels as
its text, in `params["reason"]`, because that is how the rules word it.
"""
from __future__ import annotations

import json
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

from ..core.record import ACTION_DEPTH, ACTION_ITEMS, ACTION_TEXT, NAME_CHARS

PROTOCOL = 1
DEFAULT_PORT = 47923
MAX_CLIENT_MESSAGE = 16 * 1024          # bytes a client may send in one frame
MAX_SERVER_MESSAGE = 8 * 1024 * 1024    # bytes a server may send (a big board's view)
RATE_PER_SECOND = 20.0                  # a client's steady messages/s …
RATE_BURST = 60                         # … and how many it may send at once
TOKEN_CHARS = 16
MAX_SEATS = 8
MAX_OPTIONS = 32

Token = Annotated[str, Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9]+$")]
TableId = Annotated[str, Field(min_length=4, max_length=32, pattern=r"^[A-Za-z0-9]+$")]
GameId = Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z0-9_]+$")]
Name = Annotated[str, Field(min_length=1, max_length=NAME_CHARS)]
Short = Annotated[str, Field(max_length=80)]
OptionList = Annotated[list[Short], Field(max_length=16)]      # an option holding several values (add-ons)


class ProtocolError(ValueError):
    """A frame that is not a message we expect: not JSON, unknown type, wrong fields."""


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_action(value: list) -> list:
    """An action as JSON: a non-empty list starting with a verb, of texts, numbers,
    true/false, null and such lists, bounded in depth, length and text size."""
    if not value or not isinstance(value[0], str):
        raise ValueError("an action is a list starting with a verb")
    stack = [(value, 1)]
    while stack:
        items, depth = stack.pop()
        if depth > ACTION_DEPTH or len(items) > ACTION_ITEMS:
            raise ValueError("the action is too deep or too long")
        for v in items:
            if isinstance(v, list):
                stack.append((v, depth + 1))
            elif isinstance(v, str) and len(v) > ACTION_TEXT:
                raise ValueError("a text in the action is too long")
            elif not (v is None or isinstance(v, (str, int, float))):
                raise ValueError("an action holds texts, numbers and lists only")
    return value


# -- client → server ----------------------------------------------------------------

class Hello(_Msg):
    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL
    app_version: Short
    digests: dict[GameId, Short] = Field(default_factory=dict, max_length=32)   # game → data digest
    name: Name = "?"


class SeatRequest(_Msg):
    """One seat of a table to create: a person (who joins with the seat's token) or an
    AI the server runs."""
    kind: Literal["human", "ai"] = "human"
    name: Name = "?"
    difficulty: Literal["random", "easy", "normal", "hard"] = "normal"


class DisconnectPolicy(_Msg):
    """What a table does while a person's connection is gone: `run` keeps their clock
    running (a timed decision falls to its default), `pause` holds their clocks until
    they are back, `ai` lets an AI of `ai_level` answer for them after `ai_after`
    seconds (as Board Game Arena lets a table choose)."""
    mode: Literal["run", "pause", "ai"] = "pause"
    ai_after: float = Field(default=60.0, ge=0.0, le=3600.0)
    ai_level: Literal["random", "easy", "normal", "hard"] = "normal"


class Create(_Msg):
    """Open a new table. The sender sits at seat `you` (a human seat) and owns the
    table: it sees every human seat's token (to share as invite codes) and starts it."""
    type: Literal["create"] = "create"
    game: GameId
    options: dict[Short, Union[bool, int, float, Short, None, OptionList]] = Field(default_factory=dict,
                                                                                 max_length=MAX_OPTIONS)
    seats: list[SeatRequest] = Field(min_length=1, max_length=MAX_SEATS)
    you: int = Field(default=0, ge=0, lt=MAX_SEATS)
    seed: int | None = Field(default=None, ge=0, le=2**53)
    time_scale: float | None = Field(default=1.0, ge=0.5, le=10.0)
    disconnect: DisconnectPolicy = Field(default_factory=DisconnectPolicy)
    listed: bool = True            # shown in the server's list of open tables

    @field_validator("seats")
    @classmethod
    def _a_person_sits(cls, seats):
        if not any(s.kind == "human" for s in seats):
            raise ValueError("a table needs at least one person")
        return seats


class ListTables(_Msg):
    type: Literal["list"] = "list"


class Join(_Msg):
    """Sit at a table: with a seat's token (an invite code, or coming back after a drop),
    or at a free human seat of an open table (`table_id`, and `seat` or the first free)."""
    type: Literal["join"] = "join"
    token: Token | None = None
    table_id: TableId | None = None
    seat: int | None = Field(default=None, ge=0, lt=MAX_SEATS)


class Start(_Msg):
    type: Literal["start"] = "start"


class Act(_Msg):
    """One action of the sender's seat; `n` is the sender's own count, echoed as `ack`
    in the update that applied it (or in the refusal)."""
    type: Literal["action"] = "action"
    n: int = Field(ge=0, le=2**31)
    action: list

    _action = field_validator("action")(_check_action)


EMOTES = ("hello", "good_move", "well_played", "thinking", "oops", "thanks", "good_game")
EMOTE_GAP_S = 2.0               # a seat's emotes closer than this are dropped (no spam)


class Emote(_Msg):
    """A quick emote from the sender's seat, told to the others at the table (no chat:
    a fixed set of words, each said in the reader's language, `net.emote.<code>`)."""
    type: Literal["emote"] = "emote"
    code: Literal[EMOTES]


class Ping(_Msg):
    type: Literal["ping"] = "ping"
    n: int = Field(default=0, ge=0, le=2**31)


class Bye(_Msg):
    type: Literal["bye"] = "bye"


ClientMessage = Annotated[Union[Hello, Create, ListTables, Join, Start, Act, Emote, Ping, Bye],
                          Field(discriminator="type")]
_client = TypeAdapter(ClientMessage)


# -- server → client ----------------------------------------------------------------

class _Loose(BaseModel):
    """Server messages: the client ignores fields it does not know (a newer server)."""
    model_config = ConfigDict(extra="ignore", frozen=True)


class Welcome(_Loose):
    type: Literal["welcome"] = "welcome"
    protocol: int = PROTOCOL
    app_version: str
    server: str = ""               # "host" (a player's app) or "server" (main.py serve)


class TableInfo(_Loose):
    """One open table in the server's list."""
    table_id: str
    game: str
    options: dict = Field(default_factory=dict)
    seats: int
    free: list[int] = Field(default_factory=list)     # human seats nobody holds yet
    names: list[str] = Field(default_factory=list)
    started: bool = False


class Tables(_Loose):
    type: Literal["tables"] = "tables"
    tables: list[TableInfo] = Field(default_factory=list)


class Joined(_Loose):
    """You sit at `seat` of `table_id`; keep `token` to come back after a drop."""
    type: Literal["joined"] = "joined"
    table_id: str
    seat: int
    token: str


class LobbySeat(_Loose):
    seat: int
    name: str
    kind: str                      # "human" or "ai"
    difficulty: str = ""
    taken: bool = False            # a person holds it (or it is an AI)
    connected: bool = False        # that person is connected now
    stand_in: bool = False         # an AI answers for the person while they are away


class Lobby(_Loose):
    """The table as everyone at it sees it, before and during the game."""
    type: Literal["lobby"] = "lobby"
    table_id: str
    game: str
    options: dict = Field(default_factory=dict)
    seats: list[LobbySeat] = Field(default_factory=list)
    you: int
    owner: int                     # the seat that created the table and starts it
    started: bool = False
    over: bool = False
    disconnect: DisconnectPolicy = Field(default_factory=DisconnectPolicy)
    time_scale: float | None = 1.0
    tokens: dict[int, str] = Field(default_factory=dict)   # only to the owner: seat → token

    @property
    def can_start(self) -> bool:
        return not self.started and all(s.taken for s in self.seats)


class WireDecision(_Loose):
    """A decision of your seat, as `core.rules.Decision` without its clock key (only the
    host keeps clocks). `default` is the action the host applies when time runs out (a
    table may offer it as a button: "put back the drawn cards")."""
    kind: str
    actions: list = Field(default_factory=list)
    default: Any = None             # a list (the action), or None
    timeout: float | None = None
    time_left: float | None = None  # seconds on the host's clock when the update left
    prompt: dict | None = None
    free: Any = None
    sealed: bool = False
    min_time: float | None = None


class WireEvent(_Loose):
    kind: str
    data: dict = Field(default_factory=dict)
    to: list[int] | None = None


class Update(_Loose):
    """Your seat's view after `moves` actions, the events of them addressed to you
    (empty in a resync), your open decisions, the seats that have a decision open
    (`waiting`, to say "waiting for …") and, when the game is over, its result. A resync
    also carries the `chronicle`: the events you may see of the whole game so far, one
    list per action (the first: the opening), what an unbroken connection had brought."""
    type: Literal["update"] = "update"
    moves: int
    waiting: list[int] = Field(default_factory=list)
    view: dict
    events: list[WireEvent] = Field(default_factory=list)
    decisions: list[WireDecision] = Field(default_factory=list)
    result: dict | None = None
    ack: int | None = None         # your action `n` this update applied
    resync: bool = False           # a full state after (re)joining, not a step
    chronicle: list[list[WireEvent]] = Field(default_factory=list)     # in a resync: the game so far


class _Worded(_Loose):
    """A message the client says in words: `code` picks them (`net.<type>.<code>` in the
    locale), `params` fill them in. (Its fields come before `type` in the model, which
    changes no text: `encode` sorts the keys.)"""
    code: str
    params: dict = Field(default_factory=dict)


class Refused(_Worded):
    """Your request changed nothing: `code` says why (`net.refused.<code>`)."""
    type: Literal["refused"] = "refused"
    n: int | None = None


class ErrorMsg(_Worded):
    """Fatal for this connection (version mismatch, unknown token …); it closes next."""
    type: Literal["error"] = "error"


class Notice(_Worded):
    """Something a seat should be told in words (a player dropped, came back …)."""
    type: Literal["notice"] = "notice"


class Goodbye(_Worded):
    """The table ends for you (the host quit, the server stops): said in words, no retry."""
    type: Literal["bye"] = "bye"


class Pong(_Loose):
    type: Literal["pong"] = "pong"
    n: int = 0


ServerMessage = Annotated[Union[Welcome, Tables, Joined, Lobby, Update, Refused, ErrorMsg, Notice, Goodbye, Pong],
                          Field(discriminator="type")]
_server = TypeAdapter(ServerMessage)


# -- encoding -----------------------------------------------------------------------

def encode(message: BaseModel) -> str:
    """Canonical JSON: sorted keys, no spaces, the same message always the same text.
    An update (the hot path: one per seat per action) is laid out by hand, without
    pydantic's serializer; tests/net/test_protocol.py checks it gives the same text."""
    data = _update_data(message) if isinstance(message, Update) else message.model_dump(mode="json")
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _update_data(u: "Update") -> dict:
    return {"type": "update", "moves": u.moves, "waiting": u.waiting, "view": u.view,
            "events": [{"kind": e.kind, "data": e.data, "to": e.to} for e in u.events],
            "chronicle": [[{"kind": e.kind, "data": e.data, "to": e.to} for e in group] for group in u.chronicle],
            "decisions": [{"kind": d.kind, "actions": d.actions, "default": d.default, "timeout": d.timeout,
                           "time_left": d.time_left,
                           "prompt": d.prompt, "free": d.free, "sealed": d.sealed, "min_time": d.min_time}
                          for d in u.decisions],
            "result": u.result, "ack": u.ack, "resync": u.resync}


def _load(frame) -> dict:
    if isinstance(frame, (bytes, bytearray, memoryview)):
        raise ProtocolError("a binary frame")
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"not JSON ({type(exc).__name__})") from None
    if not isinstance(data, dict):
        raise ProtocolError("not a JSON object")
    return data


def parse_client(frame) -> BaseModel:
    """A client's frame as its message; ProtocolError (one line) if it is anything else."""
    data = _load(frame)
    try:
        return _client.validate_python(data)
    except ValidationError as exc:
        first = exc.errors()[0] if exc.errors() else {}
        where = ".".join(str(p) for p in first.get("loc", ())) or "message"
        raise ProtocolError(f"{str(data.get('type'))[:20]!r}: {where}: {first.get('msg', 'invalid')}"[:200]) from None


def parse_server(frame) -> BaseModel:
    data = _load(frame)
    try:
        return _server.validate_python(data)
    except ValidationError as exc:
        raise ProtocolError(f"server sent an unknown message ({exc.error_count()} problems)") from None


def action_from_wire(value) -> tuple:
    """A JSON action (lists) as the rules' tuple."""
    from ..core.rules import as_action
    return as_action(value)
