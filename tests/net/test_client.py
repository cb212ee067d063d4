"""NetClient as the app uses it (a background thread, polled): joining with an invite,
the lobby and start, a refusal in words, reconnecting after a drop with a resync, the
host quitting, version and token mismatches said in words (en and cs), listing and
joining open tables, and invite codes."""
from __future__ import annotations

import asyncio
import json
import time

import pytest
import websockets

from game.core import i18n
from game.net import protocol as P
from game.net.client import NetClient
from game.net.invite import InviteError, format_invite, new_token, parse_invite
from game.net.server import ServerThread
from game.net.words import say


def until(predicate, timeout=5.0, what="a condition"):
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


@pytest.fixture
def host(tmp_path):
    st = ServerThread(tmp_path, host="127.0.0.1", port=0)
    st.start()
    clients = []
    yield st, clients
    for c in clients:
        c.close(wait=1.0)
    st.stop(timeout=3.0)


def schemers(*seats, **kw) -> P.Create:
    return P.Create(game="schemers", seats=[P.SeatRequest(name=n) for n in seats], you=0, seed=9,
                    time_scale=None, options={"addons": []}, **kw)


def connect(clients, port, **kw) -> NetClient:
    c = NetClient(reconnect_for=10)
    clients.append(c)
    c.connect("127.0.0.1", port, **kw)
    return c


def test_join_by_invite_start_play_refuse_reconnect_and_host_quit(host):
    st, clients = host
    ada = connect(clients, st.port, name="Ada", create=schemers("Ada", "Player 2"))
    until(lambda: ada.state == "lobby", what="Ada's lobby")
    code = ada.invite_for(1)
    invite = parse_invite(code)
    assert (invite.host, invite.port) == ("127.0.0.1", st.port)
    bob = connect(clients, invite.port, name="Bob", token=invite.token)
    until(lambda: ada.lobby().can_start and bob.lobby() is not None, what="both seated")
    assert bob.lobby().tokens == {} and bob.seat == 1
    assert bob.lobby().seats[1].name == "Bob"          # the invite's first use names the seat
    bob.start()                                           # not the owner: refused in words
    until(lambda: bob.drain_notices(), what="the refusal")
    ada.start()
    until(lambda: ada.state == "playing" and bob.view() is not None, what="the start")
    mover = ada if ada.decisions() else bob
    waiting = bob if mover is ada else ada
    n = mover.send(("no_such_verb",))
    until(lambda: any(x.kind == "refused" for x in mover.drain_notices()), what="the refusal")
    assert mover.moves == 0
    assert waiting.lobby() and mover.seat in waiting.waiting()
    mover.send(mover.decisions()[0].actions[0])
    until(lambda: waiting.moves == 1, what="the move to arrive")
    assert n == 1 and waiting.drain_events()
    # drop Bob's link from the host's side: he reconnects with his token and is resynced
    conn = st.server.tables[bob.table_id].conns[1]
    st.loop.call_soon_threadsafe(conn.ws.transport.abort)
    until(lambda: bob.state == "reconnecting", what="Bob to notice the drop")
    assert bob.reason == say("state", "reconnecting")
    until(lambda: bob.state == "playing", timeout=8, what="Bob to come back")
    until(lambda: any(x.kind == "resync" for x in bob.drain_notices()), what="the resync")
    assert bob.moves == 1
    until(lambda: any(x.code in ("dropped", "back") for x in ada.drain_notices()), what="Ada told of it")
    st.stop()
    until(lambda: ada.state == "closed" and bob.state == "closed", what="the goodbye")
    assert ada.reason == say("bye", "host_quit")


def test_a_wrong_token_and_another_version_are_refused_in_words(host, monkeypatch):
    st, clients = host
    c = connect(clients, st.port, name="Eve", token=new_token())
    until(lambda: c.state == "closed", what="the refusal")
    assert c.reason == say("error", "unknown_token")

    async def other_version():
        async with websockets.connect(f"ws://127.0.0.1:{st.port}") as ws:
            await ws.send(json.dumps({"type": "hello", "app_version": "0.0.1", "name": "Old"}))
            return P.parse_server(await ws.recv())
    error = asyncio.run(other_version())
    assert error.code == "version_mismatch" and error.params["theirs"] == "0.0.1"
    text = say("error", error.code, error.params)
    assert "0.0.1" in text and error.params["ours"] in text and "Install" in text
    i18n.set_language("cs")
    try:
        assert "Nainstalujte" in say("error", error.code, error.params)
    finally:
        i18n.set_language("en")


def test_an_unreachable_host_closes_with_the_address_in_words(tmp_path):
    from .support import free_port
    c = NetClient()
    port = free_port()
    c.connect("127.0.0.1", port, name="Ada", token=None, table_id=None)
    until(lambda: c.state == "closed", what="giving up")
    assert f"127.0.0.1:{port}" in c.reason
    c.close()
    with_code = NetClient()                   # an invite code to a wrong address: no endless retry
    with_code.connect("127.0.0.1", port, name="Ada", token=new_token())
    until(lambda: with_code.state == "closed", what="giving up on the code")
    assert with_code.reason == say("closed", "unreachable", {"address": f"127.0.0.1:{port}"})
    with_code.close()


def test_list_open_tables_and_take_a_free_seat(host):
    st, clients = host
    ada = connect(clients, st.port, name="Ada", create=schemers("Ada", "?", "?"))
    until(lambda: ada.state == "lobby")
    browser = connect(clients, st.port, name="Cy")
    until(lambda: browser.state == "browsing")
    browser.request_tables()
    until(lambda: browser.tables(), what="the list")
    [info] = browser.tables()
    assert info.game == "schemers" and info.free == [1, 2]
    browser.join_table(info.table_id, seat=2)             # on the same connection
    cy = browser
    until(lambda: cy.state == "lobby" and cy.seat == 2)
    until(lambda: ada.lobby().seats[2].name == "Cy" and ada.lobby().seats[2].connected)
    late = connect(clients, st.port, name="Dee", table_id=info.table_id, seat=2)
    until(lambda: late.drain_notices() or late.state == "closed", what="seat taken")


@pytest.mark.parametrize("text, key", [
    ("", "empty"), ("https://example.org/x", "scheme"), ("nocturne://host:47923", "no_token"),
    ("nocturne://ho st:1/ABCDEFGHJKLMNPQR", "bad_address"), ("nocturne://host:0/ABCDEFGHJKLMNPQR", "bad_port"),
    ("nocturne://host:5/ABC", "bad_token"), ("nocturne://[::zz]:5/ABCDEFGHJKLMNPQR", "bad_address"),
])
def test_a_bad_invite_code_says_what_is_wrong(text, key):
    with pytest.raises(InviteError) as err:
        parse_invite(text)
    assert str(err.value) == i18n.t(f"net.invite.{key}", **{"scheme": "https", "address": text.split("//")[-1]
                                                            .split("/")[0], "port": "0", "chars": 16})


def test_an_invite_code_survives_copying():
    token = new_token()
    code = format_invite("192.168.1.20", 5000, token)
    spaced = f'  "{code[len("nocturne://"):-8]}{token[8:12].lower()}-{token[12:].lower()}" '
    assert parse_invite(spaced) == parse_invite(code)
    assert parse_invite(format_invite("::1", 7, token)).host == "::1"
    assert parse_invite(f"nocturne://example.org/{token}").port == P.DEFAULT_PORT


def test_a_browsing_client_creates_a_table_on_the_server(host):
    st, clients = host
    c = connect(clients, st.port, name="Ada")
    until(lambda: c.state == "browsing")
    c.create_table(P.Create(game="schemers", seats=[P.SeatRequest(name="Ada"),
                                                    P.SeatRequest(kind="ai", difficulty="random", name="Bot")]))
    until(lambda: c.state == "lobby" and c.lobby().can_start, what="the lobby")
    c.start()
    until(lambda: c.state == "playing" and c.view() is not None, what="the start")
    assert c.lobby().seats[1].kind == "ai" and c.invite() is not None


def test_a_quick_emote_reaches_the_others_in_their_language_and_spam_is_dropped(host):
    st, clients = host
    ada = connect(clients, st.port, name="Ada", create=schemers("Ada", "Bob"))
    until(lambda: ada.state == "lobby")
    bob = connect(clients, st.port, name="Bob", token=ada.lobby().tokens[1])
    until(lambda: ada.lobby().can_start)
    ada.emote("well_played")
    ada.emote("oops")                          # within 2 s of the last: dropped
    ada.emote("not_an_emote")                  # not in the set: never sent
    seen = []
    until(lambda: seen.extend(bob.drain_notices()) or any(n.kind == "emote" for n in seen), what="the emote")
    time.sleep(0.3)
    emotes = [n for n in seen + bob.drain_notices() if n.kind == "emote"]
    assert [(n.seat, n.emote, n.text) for n in emotes] == [(0, "well_played", "Ada: Well played!")]
    assert not [n for n in ada.drain_notices() if n.kind == "emote"]     # not echoed to the sender
    assert ada.state == "lobby"                                           # an emote is no offence


def test_a_full_server_refuses_a_new_table_in_words(host):
    st, clients = host
    st.server.max_tables = 1
    first = connect(clients, st.port, name="Ada", create=schemers("Ada", "Bob"))
    until(lambda: first.state == "lobby")
    c = connect(clients, st.port, name="Cy")
    until(lambda: c.state == "browsing")
    c.create_table(schemers("Cy", "Dee"))
    notices = []
    until(lambda: notices.extend(c.drain_notices()) or notices, what="the refusal")
    assert notices[0].kind == "refused" and notices[0].text == say("refused", "server_full")
    assert c.state == "browsing" and len(st.server.tables) == 1


def test_a_lobby_nobody_sits_at_any_more_is_closed(host):
    st, clients = host
    st.server.lobby_idle = 0.3
    ada = connect(clients, st.port, name="Ada", create=schemers("Ada", "Bob"))
    until(lambda: ada.state == "lobby")
    table_id = ada.table_id
    ada.close()
    until(lambda: table_id not in st.server.tables, timeout=10, what="the lobby to close")
    assert st.server.store.status(table_id) == "closed"
    late = connect(clients, st.port, name="Bob", token=ada.lobby().tokens[1])
    until(lambda: late.state == "closed", what="the refusal")
    assert late.reason == say("error", "unknown_token")


def test_a_hostile_emote_or_an_emote_flood_drops_only_that_connection(host):
    """An emote that is not one of the fixed set (any text: there is no chat) drops the
    connection that sent it; so do emotes past the rate limit (the same bucket as every
    message). The table and the others never hear of either."""
    from game.core.version import app_version, game_data_digest
    st, clients = host
    ada = connect(clients, st.port, name="Ada", create=schemers("Ada", "Bob", "Cy"))
    until(lambda: ada.state == "lobby")
    tokens = ada.lobby().tokens

    async def seated_then(token, frames) -> bool:
        async with websockets.connect(f"ws://127.0.0.1:{st.port}") as ws:
            await ws.send(json.dumps({"type": "hello", "app_version": app_version(), "name": "Eve",
                                      "digests": {"schemers": game_data_digest("schemers")}}))
            await ws.recv()
            await ws.send(json.dumps({"type": "join", "token": token}))
            try:
                for frame in frames:
                    await ws.send(frame)
                while True:
                    await asyncio.wait_for(ws.recv(), 3)
            except websockets.exceptions.ConnectionClosed:
                return True
            except asyncio.TimeoutError:
                return False
    hostile = [json.dumps({"type": "emote", "code": code}) for code in
               ("<b>free text</b>", "WELL_PLAYED", "well_played ", "")] + [json.dumps({"type": "emote", "code": 7})]
    for frame in hostile:
        assert asyncio.run(seated_then(tokens[1], [frame])), f"{frame} dropped the connection"
    flood = [json.dumps({"type": "emote", "code": "oops"})] * (P.RATE_BURST + 40)
    assert asyncio.run(seated_then(tokens[2], flood)), "an emote flood is a flood"
    time.sleep(0.2)
    told = [n for n in ada.drain_notices() if n.kind == "emote"]
    assert [n.emote for n in told] == ["oops"], "of the flood, one emote was told before the drop"
    assert ada.state == "lobby" and st.server.errors == 0
