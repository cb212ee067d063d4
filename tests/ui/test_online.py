"""Host and Join in the window, headless (SDL dummy), over loopback: the new-game
screen's Online seat and Host…, the host's lobby (a server on its own thread, the codes),
Join with a bad code (what is wrong, in en and cs) and with a good one, a Schemers game
played by the two windows to their results, the host's screen never curtained for the
remote person, hot-seat at the host's screen curtained between its own people only,
"Reconnecting…" after a dropped link, and the host quitting said in words.

Two App objects share the one dummy display; each is a window. Every server a test
starts is stopped by the scenes (and by the fixture if a test fails half-way)."""
from __future__ import annotations

import random
import socket
import time

import pygame
import pytest

from game.core.i18n import set_language, t
from tests.tablekit import app_click as click

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

DT = 1 / 60
SEATS = [{"name": "Ada", "kind": "human", "difficulty": "normal"},
         {"name": "Bo", "kind": "remote", "difficulty": "normal"},
         {"name": "Cy", "kind": "ai", "difficulty": "random"}]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def windows():
    """Two windows (host, guest); whatever a test leaves open is closed after it."""
    from tests.tablekit import make_app
    host, guest = make_app(), make_app()
    yield host, guest
    for a in (guest, host):
        for scene in reversed(list(a.scenes)):
            for name in ("close_link", "shut", "close_client"):
                fn = getattr(scene, name, None)
                if callable(fn):
                    fn()
        a.shutdown()
    set_language("en")


def step(*apps, n=1):
    for _ in range(n):
        for a in apps:
            a.step(DT, [], lazy=True)                 # drawn when something changed, as the window does
        time.sleep(0.002)


def update_only(app):
    """A frame without drawing it (the scenes move on; the picture is drawn every tenth)."""
    app.relabel()
    if app.top is not None:
        app.top.update(DT)


def until(cond, *apps, seconds=10.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        step(*apps)
        if cond():
            return True
    return cond()


def open_host(app, seats=SEATS, seed=11):
    from game import registry
    from game.ui.scenes.online import HostLobbyScene
    scene = HostLobbyScene(app, registry.get("schemers"), seats, {"mode": "standard", "clock": 20}, seed)
    app.push(scene)
    scene.port_text = str(free_port())
    step(app)
    click(app, scene.open_btn.rect.center)
    assert scene.problem is None and scene.server is not None, scene.problem
    assert until(lambda: all(scene.code_for(s) for s in scene.remote), app), "the codes come"
    return scene


def join(app, code, name="Bea"):
    from game.ui.scenes.online import JoinScene
    scene = JoinScene(app)
    app.push(scene)
    step(app)                                         # a language just set relabels the screen first
    scene.code_input.paste(code)
    scene.code = scene.code_input.text
    scene.player = name
    click(app, scene.join_btn.rect.center)
    return scene


def seated(host, guest, lobby_scene):
    from game.ui.scenes.online_table import OnlineTableScene
    assert until(lambda: lobby_scene.begin_btn.enabled, host, guest), "Begin is offered once every seat is taken"
    click(host, lobby_scene.begin_btn.rect.center)
    assert until(lambda: isinstance(host.top, OnlineTableScene) and isinstance(guest.top, OnlineTableScene),
                 host, guest), "both windows open the table"
    return host.top, guest.top


def play_random(scenes, apps, seconds=40.0, watch=None, done=None) -> bool:
    """Each window's person answers its own questions at random (through the scene, as a
    click on the table does) until every table is over (or `done()`)."""
    rng = random.Random(3)
    end = time.monotonic() + seconds
    frames = 0
    while time.monotonic() < end:
        for a in apps:                                # every frame updated, every tenth drawn (speed)
            if frames % 10 == 0:
                a.step(DT, [])
            else:
                update_only(a)
        frames += 1
        time.sleep(0.002)
        if watch is not None:
            watch()
        if all(s.match.over for s in scenes) or (done is not None and done()):
            return True
        for s in scenes:
            if s.match.over or s.curtain is not None:
                continue
            mine = [d for d in s.match.decisions() if d.seat == s.viewer and d.actions]
            if mine and s.match.log is not None:
                d = mine[0]
                s.submit_human(d.seat, rng.choice(d.actions))
    return False


# -- the new-game screen ---------------------------------------------------------------------

def test_an_online_seat_makes_begin_host_and_needs_a_person_here(app):
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.online import HostLobbyScene
    app.settings.last_game = "schemers"
    app.settings.last_new_game = {"schemers": {"seats": [dict(s) for s in SEATS], "options": {"mode": "standard"}}}
    scene = NewGameScene(app)
    app.push(scene)
    step(app)
    assert scene.start_btn.label == t("new_game.host") and scene.start_btn.enabled
    scene.set_kind(0, "remote")                      # nobody left at this screen
    assert scene.problem == t("new_game.host_needs_you") and not scene.start_btn.enabled
    scene.set_kind(0, "human")
    click(app, scene.start_btn.rect.center)
    assert isinstance(app.top, HostLobbyScene)
    assert app.top.remote == [1] and app.top.local == [0]
    assert not app.top.begin_btn.enabled, "nothing to begin before the table is open"


# -- Join: codes that cannot be used -------------------------------------------------------

@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("code, key", [("", "empty"), ("nocturne://bad_host!:47923/ABCDEFGHJKLMNPQR", "bad_address"),
                                        ("http://10.0.0.5:47923/ABCDEFGHJKLMNPQR", "scheme"),
                                        ("nocturne://10.0.0.5:99999/ABCDEFGHJKLMNPQR", "bad_port"),
                                        ("nocturne://10.0.0.5:47923/SHORT", "bad_token")])
def test_a_bad_code_says_what_is_wrong_with_it(app, lang, code, key):
    from game.ui.scenes.online import JoinScene
    set_language(lang)
    try:
        scene = JoinScene(app)
        app.push(scene)
        step(app)
        scene.code_input.paste(code)
        scene.code = scene.code_input.text
        click(app, scene.join_btn.rect.center)
        step(app)
        assert scene.client is None, "nothing is dialled with a bad code"
        assert scene.problem == t(f"net.invite.{key}", scheme="http", port="99999", chars=16,
                                  address="bad_host!:47923")
        assert "net.invite" not in scene.problem, "said in words, not as a key"
        assert scene.join_btn.enabled, "the player can correct it and try again"
    finally:
        set_language("en")


def test_an_unreachable_table_is_said_with_what_to_do(app, monkeypatch):
    from game.ui.scenes import online
    from game.ui.scenes.online import JoinScene
    monkeypatch.setattr(online, "FIRST_CONNECT_S", 1.0)
    scene = JoinScene(app)
    app.push(scene)
    port = free_port()                                # nothing listens there
    scene.code_input.paste(f"nocturne://127.0.0.1:{port}/ABCDEFGHJKLMNPQR")
    scene.code = scene.code_input.text
    click(app, scene.join_btn.rect.center)
    assert until(lambda: scene.problem is not None, app, seconds=10)
    assert f"127.0.0.1:{port}" in scene.problem and scene.client is None and scene.join_btn.enabled


# -- Host and Join, a whole game ---------------------------------------------------------

def a_quick_emote_shows_by_the_seat_s_name(host, guest, h, g):
    """The guest says "Well played!" from its Say… column: a bubble by its name on both
    tables (each reader's language: tests/net/test_client.py); Say… waits out the gap;
    the bubbles go."""
    from game.ui.scenes import online_table
    click(guest, g.emote_btn.rect.center)
    assert g.emotes_open and [b.label for b in g.emote_btns] == [t(f"net.emote.{c}") for c in online_table.EMOTES]
    click(guest, (600, 560))                          # a click elsewhere puts the words away
    assert not g.emotes_open and not g.emote_btns
    click(guest, g.emote_btn.rect.center)
    assert g.emotes_open
    click(guest, next(b for b in g.emote_btns if b.label == "Well played!").rect.center)
    assert not g.emotes_open and not g.emote_btn.enabled, "one word at a time"
    assert until(lambda: 1 in h.emote_bubbles, host, guest), "the host sees it"
    assert h.emote_bubbles[1][0] == g.emote_bubbles[1][0] == "Bea: Well played!"
    assert not h.emote_bubbles.keys() - {1} and "Bea: Well played!" not in [x.text for x in host.toasts]
    drawn = []
    h.draw_emotes = lambda surf: drawn.append(dict(h.emote_bubbles))
    host.draw(host.screen)
    del h.draw_emotes
    assert drawn == [h.emote_bubbles], "drawn on the table"
    h.t += online_table.EMOTE_SHOWN_S
    g.t += online_table.EMOTE_GAP_S
    step(host, guest)
    assert not h.emote_bubbles and g.emote_btn.enabled, "the bubble goes, Say… comes back"


def test_host_and_join_play_schemers_to_the_results(windows):
    from game.ui.scenes.online import JoinScene
    from game.ui.scenes.online_table import OnlineResultsScene
    host, guest = windows
    lobby = open_host(host)
    code = lobby.code_for(1)
    assert code.startswith("nocturne://") and f":{lobby.port}/" in code
    j = join(guest, code.replace(lobby.address, "127.0.0.1"))
    assert until(lambda: j.client is not None and j.client.lobby() is not None, host, guest)
    seen = j.client.lobby()
    assert seen.game == "schemers" and [s.kind for s in seen.seats] == ["human", "human", "ai"]
    assert isinstance(guest.top, JoinScene)
    h, g = seated(host, guest, lobby)
    assert h.viewer == 0 and h.humans == [0] and not h.hotseat
    assert g.viewer == 1 and g.humans == [1]
    assert h.match.view(0) != g.match.view(1), "each window draws its own seat's view"
    assert not h.hints.allowed() and not g.hints.allowed(), "no Hint: it replays the log only the host has"
    a_quick_emote_shows_by_the_seat_s_name(host, guest, h, g)
    curtains = []
    assert play_random([h, g], [host, guest], watch=lambda: curtains.append(h.curtain)), "the game ends"
    assert set(curtains) == {None}, "a remote person never curtains the host's screen"
    assert h.match.result() == g.match.result()
    for a, scene in ((host, h), (guest, g)):
        assert until(lambda: scene.over_ready, a)
        click(a, scene.results_btn.rect.center)
        assert isinstance(a.top, OnlineResultsScene)
        assert not a.top.rematch_btn.enabled and not a.top.replay_btn.enabled
        assert not getattr(a.top, "review_btn", a.top.replay_btn).enabled, "the review needs the log the host keeps"


def test_hot_seat_at_the_host_curtains_only_between_its_own_people(windows):
    host, guest = windows
    seats = [dict(SEATS[0]), {"name": "Dee", "kind": "human", "difficulty": "normal"}, dict(SEATS[1], name="Bo")]
    lobby = open_host(host, seats, seed=5)
    assert lobby.remote == [2] and lobby.local == [0, 1]
    join(guest, lobby.code_for(2).replace(lobby.address, "127.0.0.1"))
    h, g = seated(host, guest, lobby)
    assert h.hotseat and h.humans == [0, 1] and set(h.match.clients) == {0, 1}
    assert h.curtain is not None, "nobody's cards show before the first person sits down"
    raised_for = set()

    def watch():
        if h.curtain is not None:
            raised_for.add(h.curtain)
            h.curtain_t = 1.0                         # the person at the screen sits down
            h.lift_curtain()
    assert play_random([h, g], [host, guest], seconds=40, watch=watch, done=lambda: raised_for == {0, 1})
    assert raised_for == {0, 1}, "curtains only for the people at the host's screen, each in turn"


# -- the host's app crashes mid-game ------------------------------------------------------------

def crash(server_thread) -> None:
    """The host's app dies mid-game: its server stops without a word to anyone (no
    goodbye, the connections cut), keeping only what it had written."""
    import asyncio
    server = server_thread.server

    async def die():
        server._stopping = True
        server._server.close()
        for conn in list(server.conns):
            conn.ws.transport.abort()
        for rt in server.tables.values():
            rt.task.cancel()
    asyncio.run_coroutine_threadsafe(die(), server_thread.loop).result(5)
    server_thread.loop.call_soon_threadsafe(server_thread.loop.stop)
    server_thread._thread.join(5)
    server.store.close()


def the_host_crashes_and_resumes(host, guest, lobby, h, g):
    """The host's app dies mid-game; opened again, its Join screen offers the table it
    was hosting; Resume opens it on the same port, the host's own seat is taken back with
    the key kept beside the table, the guest comes back with its code by itself, the AI
    seat plays again, and the game finishes."""
    from tests.tablekit import make_app
    from game.ui.scenes.online import HostLobbyScene, JoinScene
    from game.ui.scenes.online_table import OnlineTableScene
    port = lobby.port
    played = len(g.match.log)
    seen = list(h.match.history)                      # the host's chronicle when its app dies
    crash(lobby.server)
    for client in h.match.clients.values():           # the app's own connections die with it
        client.close(wait=0.5)
    host.scenes.clear()
    assert until(lambda: g.link == "reconnecting", guest), "the guest waits for the host"
    again = make_app()                                # the host opens the app again
    try:
        j = JoinScene(again)
        again.push(j)
        step(again)
        assert [r.table_id for r in j.hosting] == [h.match.clients[0].table_id], "the table it was hosting"
        assert j.resume_btn is not None and j.resume_btn.visible
        click(again, j.resume_btn.rect.center)
        assert isinstance(again.top, HostLobbyScene) and again.top.port == port, again.top.problem
        assert until(lambda: isinstance(again.top, OnlineTableScene) and g.link == "ok", again, guest,
                     seconds=15), "the host sits at its seat again and the guest is back"
        h2 = again.top
        assert h2.viewer == 0 and h2.server is not None and len(h2.match.log) >= played
        assert seen and h2.match.history[:len(seen)] == seen, "the chronicle comes back with the seat"
        acted = []
        submit = h2.submit_human
        h2.submit_human = lambda seat, action: acted.append(seat) or submit(seat, action)
        assert play_random([h2, g], [again, guest], seconds=40), "the game finishes"
        assert 0 in acted, "the host's own seat acted again"
        assert h2.match.result() == g.match.result()
        assert JoinScene(again).hosting == [], "a finished table is offered no more"
    finally:
        for scene in reversed(list(again.scenes)):
            for name in ("close_link", "shut"):
                fn = getattr(scene, name, None)
                if callable(fn):
                    fn()
        again.shutdown()


def test_a_dropped_link_shows_reconnecting_and_comes_back_and_so_does_a_crashed_host(windows):
    import asyncio
    host, guest = windows
    lobby = open_host(host)
    join(guest, lobby.code_for(1).replace(lobby.address, "127.0.0.1"))
    h, g = seated(host, guest, lobby)
    server = lobby.server.server
    conn = next(c for c in server.conns if c.seat == 1)
    asyncio.run_coroutine_threadsafe(conn.ws.close(), lobby.server.loop).result(5)
    assert until(lambda: g.link == "reconnecting", host, guest), "the guest says it is reconnecting"
    shown = []
    g.draw_reconnecting = lambda surf: shown.append(True)
    g.draw(guest.screen)                              # the frame drawn while it reconnects
    assert shown, "the strip is drawn over the table"
    del g.draw_reconnecting
    assert until(lambda: g.link == "ok", host, guest, seconds=10), "the client rejoins with its token"
    assert t("online.reconnected") in [tt.text for tt in guest.toasts]
    assert g.fault is None
    played = len(g.match.log)
    assert play_random([h, g], [host, guest], done=lambda: len(g.match.log) >= played + 3), "the game goes on"
    the_host_crashes_and_resumes(host, guest, lobby, h, g)


@pytest.mark.parametrize("lang", ["cs"])
def test_the_host_quitting_is_said_in_words_with_a_way_back(windows, lang):
    from game.ui.scenes.menu import MenuScene
    host, guest = windows
    lobby = open_host(host)
    join(guest, lobby.code_for(1).replace(lobby.address, "127.0.0.1"))
    h, g = seated(host, guest, lobby)
    set_language(lang)
    host.to_menu()                                    # the host leaves the table: its server stops
    assert h.server is None
    assert until(lambda: g.fault is not None, guest, seconds=10)
    assert g.fault == t("net.bye.host_quit")
    assert g.fault_btn is not None and g.fault_btn.label == t("online.to_menu")
    assert g.own_code().startswith("nocturne://127.0.0.1:") and g.copy_btn is not None, \
        "the seat's own code is offered, to come back when the table is open again"
    step(guest)
    click(guest, g.fault_btn.rect.center)
    assert isinstance(guest.top, MenuScene)


@pytest.mark.parametrize("lang", ["cs"])            # English: every other test here
def test_the_screens_draw_in_both_languages(windows, lang):
    host, guest = windows
    set_language(lang)
    lobby = open_host(host)
    j = join(guest, lobby.code_for(1).replace(lobby.address, "127.0.0.1"))
    assert until(lambda: j.client.lobby() is not None and lobby.begin_btn.enabled, host, guest)
    host.draw(host.screen)
    guest.draw(guest.screen)
    assert lobby.begin_btn.label == t("online.begin") and j.join_btn.label == t("online.join")
    if lang == "cs":
        assert lobby.begin_btn.label == "Začít"


@pytest.mark.parametrize("game_id", ["dark_deeds", "dark_gothic", "monster_shop", "ordeals"])
def test_every_game_s_own_table_plays_over_the_network(windows, game_id):
    """The game's own table (not the plain fallback) on both windows, drawn from what the
    network brings (views after a JSON round trip), for the first dozen actions."""
    from game import registry
    from game.ui.scenes.online import HostLobbyScene
    from game.ui.scenes.fallback_table import FallbackTable
    host, guest = windows
    spec = registry.get(game_id)
    seats = [dict(SEATS[0]), dict(SEATS[1])] + [{"name": f"AI {i}", "kind": "ai", "difficulty": "random"}
                                                  for i in range(max(0, spec.min_players - 2))]
    options = dict(registry.ruleset(game_id).default_options())
    if game_id == "ordeals":
        options["mode"] = "versus"
    lobby = HostLobbyScene(host, spec, seats, options, 4)
    host.push(lobby)
    lobby.port_text = str(free_port())
    lobby.open_table()
    assert lobby.problem is None, lobby.problem
    assert until(lambda: lobby.code_for(1), host)
    join(guest, lobby.code_for(1).replace(lobby.address, "127.0.0.1"))
    h, g = seated(host, guest, lobby)
    assert play_random([h, g], [host, guest], seconds=30, done=lambda: len(h.match.log) >= 12)
    for a, scene in ((host, h), (guest, g)):
        a.step(DT, [])
        assert not isinstance(scene.table, FallbackTable), "the game's own table"
        assert scene.fault is None


def test_a_table_opened_on_a_server_and_joined_from_its_list(windows, tmp_path):
    """`main.py serve`'s server (here on a thread): one window connects with the server's
    address alone, opens a table there from the new-game screen; the other connects the
    same way, sees the table in the server's list and sits down; the game starts."""
    from game.net.server import ServerThread
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.online import HostLobbyScene, JoinScene
    host, guest = windows
    server = ServerThread(tmp_path / "server", host="127.0.0.1", port=0, kind="server")
    port = server.start()
    try:
        host.settings.last_game = "schemers"
        host.settings.last_new_game = {"schemers": {"seats": [{"name": "Ada", "kind": "human"},
                                                              {"name": "Bo", "kind": "human"}],
                                                    "options": {"mode": "standard"}}}
        opener = join(host, f"127.0.0.1:{port}", name="Ada")
        assert until(lambda: opener.client is not None and opener.client.state == "browsing", host)
        assert until(lambda: any(b.label == t("online.new_here") for b in opener.sit_btns), host)
        click(host, next(b for b in opener.sit_btns if b.label == t("online.new_here")).rect.center)
        assert isinstance(host.top, NewGameScene) and host.top.server == ("127.0.0.1", port)
        new_game = host.top
        new_game.set_kind(1, "remote")
        assert new_game.start_btn.label == t("new_game.host")
        click(host, new_game.start_btn.rect.center)
        lobby = host.top
        assert isinstance(lobby, HostLobbyScene) and lobby.server is None and not lobby.port_input.enabled
        click(host, lobby.open_btn.rect.center)
        assert until(lambda: lobby.code_for(1) is not None, host), lobby.problem
        assert lobby.code_for(1).startswith(f"nocturne://127.0.0.1:{port}/")
        # the guest finds the table in the server's list
        finder = join(guest, f"nocturne://127.0.0.1:{port}", name="Bea")
        assert until(lambda: any(b.label == t("online.sit") for b in finder.sit_btns), host, guest)
        sit = next(b for b in finder.sit_btns if b.label == t("online.sit"))
        assert sit.enabled
        # pressed, then the server's list comes in afresh (every 3 s), then released: still sits down
        guest.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=sit.rect.center, button=1)])
        finder.listed = None
        finder.browse()
        guest.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=sit.rect.center, button=1)])
        assert until(lambda: finder.client.lobby() is not None, host, guest)
        assert isinstance(guest.top, JoinScene)
        h, g = seated(host, guest, lobby)
        assert h.server is None, "the host's window runs no server: the table lives on the server"
        assert (h.viewer, g.viewer) == (0, 1)
        assert play_random([h, g], [host, guest], seconds=20, done=lambda: len(h.match.log) >= 4)
    finally:
        server.stop()


@pytest.mark.parametrize("lang", ["cs"])
def test_another_version_is_said_with_which_and_what_to_do(windows, monkeypatch, lang):
    """The guest's app is another version than the host's: the Join screen says both
    versions and what to install, in the player's language, and dials no more."""
    import threading
    from game.core import version
    host, guest = windows
    lobby = open_host(host)
    real = version.app_version
    monkeypatch.setattr(version, "app_version",
                        lambda: "0.0.1" if threading.current_thread().name == "nocturne-net" else real())
    set_language(lang)
    j = join(guest, lobby.code_for(1).replace(lobby.address, "127.0.0.1"))
    assert until(lambda: j.problem is not None, host, guest, seconds=10)
    assert j.problem == t("net.error.version_mismatch", theirs="0.0.1", ours=real())
    assert "0.0.1" in j.problem and real() in j.problem and j.client is None and j.join_btn.enabled
