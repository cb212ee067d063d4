"""Playing with friends on their own computers: Host and Join.

*Host* (the new-game screen with a Remote seat) opens `HostLobbyScene`: a table server
on this computer (game/net's ServerThread, on its own thread) on a port you may change,
an invite code for each Remote seat with a Copy button, and who sits where. The host's
own seat and any other Human seat at this screen (hot-seat) each hold one NetClient to
the server over loopback; AI seats run in the server. *Begin* is offered once every
Remote seat is taken.

*Join* (the main menu) opens `JoinScene`: paste a code (Ctrl+V or Paste), type a name,
and the lobby shows the game, its mode and options and who sits where until the host
begins. A bad code says what is wrong with it; a table that refuses us (a version or
data mismatch, an unknown seat) says why and what to do.

Either way the game itself is `OnlineTableScene` over a `RemoteMatch`
(game/ui/remote_match.py): the game's own table, drawn from what this window's seats
receive.
"""
from __future__ import annotations

import socket

import pygame

from ...core.i18n import has, t
from ..theme import FONT, SPACE
from ..widgets import Button, Cycler, TextInput, copy_text, draw_panel, draw_text, fit_text, paste_text
from .base import Backdrop, Scene, seat_marker

LEFT = pygame.Rect(96, 236, 860, 720)
RIGHT = pygame.Rect(984, 236, 840, 720)
MIN_PORT, MAX_PORT = 1024, 65535
FIRST_CONNECT_S = 8.0       # a code whose host never answers: said after this long, not retried for ever
DROP_POLICIES = ("pause", "run", "ai")


# -- small helpers ------------------------------------------------------------------------

def local_address() -> str:
    """This computer's address on its network, as friends on it would reach it (a UDP
    socket "connected" towards a documentation address sends nothing; it only picks the
    interface). 127.0.0.1 when there is no network."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            address = s.getsockname()[0]
            if address and not address.startswith("0."):
                return address
    except OSError:
        pass
    return "127.0.0.1"


def server_address(text: str) -> tuple[str, int] | None:
    """A server's address typed alone ("host", "host:port", "nocturne://host:port/"),
    as (host, port), or None when the text is not one (an invite code has a seat's key
    after the slash)."""
    import re
    from ...net.protocol import DEFAULT_PORT
    code = (text or "").strip().strip("\"'<>").strip()
    if code.lower().startswith("nocturne://"):
        code = code[len("nocturne://"):]
    code = code.rstrip("/")
    m = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]{0,252})(?::(\d{1,5}))?", code)
    if m is None:
        return None
    port = int(m.group(2)) if m.group(2) else DEFAULT_PORT
    return (m.group(1).strip("[]"), port) if 1 <= port <= 65535 else None


class PasteInput(TextInput):
    """A text field that also takes Ctrl+V (or Shift+Insert) from the clipboard."""

    def __init__(self, ui, rect, text="", placeholder="", label="", **kw):
        super().__init__(ui, rect, text, placeholder, **kw)
        self.label = label                  # named for the window's test probe

    def paste(self, text: str) -> None:
        self.text = ""
        self._insert(" ".join(text.split()))

    def handle_event(self, e) -> bool:
        if self.visible and self.focused and e.type == pygame.KEYDOWN:
            key, mod = getattr(e, "key", None), getattr(e, "mod", 0)
            if (key == pygame.K_v and mod & pygame.KMOD_CTRL) or (key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT):
                self.paste(paste_text())
                return True
        return super().handle_event(e)


def option_lines(game_id: str, options: dict) -> list[str]:
    """The table's mode and options in words, as the new-game screen names them."""
    from ... import registry
    try:
        specs = list(registry.ruleset(game_id).option_specs())
    except Exception:                       # noqa: BLE001 - a game without option specs
        specs = []
    lines = []
    for sp in specs:
        if not sp.shown(options) or sp.key not in options:
            continue
        value = options[sp.key]
        label = t(sp.label) if has(sp.label) else sp.label
        if sp.kind == "choice":
            shown = next((t(cl) if has(cl) else str(cl) for v, cl in sp.choices if v == value), str(value))
        elif sp.kind == "flag":
            shown = t("common.on") if value else t("common.off")
        else:
            shown = str(value)
        lines.append(f"{label}: {shown}")
    return lines


def seat_status(seat, lobby, mine: set) -> str:
    """What the lobby says of one seat: you, at this screen, an AI, or whether its
    person has come."""
    if seat.seat == lobby.you:
        return t("online.seat_you")
    if seat.kind == "ai":
        return t("online.seat_ai", level=t(f"difficulty.{seat.difficulty}") if has(f"difficulty.{seat.difficulty}")
                 else seat.difficulty)
    if seat.seat in mine:
        return t("online.seat_here")
    if not seat.taken:
        return t("online.seat_waiting")
    if seat.stand_in:
        return t("online.seat_stand_in")
    return t("online.seat_joined") if seat.connected else t("online.seat_away")


def draw_lobby(surf, app, area: pygame.Rect, lobby, mine: set) -> None:
    """The lobby as everyone at the table sees it: the game, its options, the seats."""
    from ... import registry
    pal = app.pal
    try:
        title = registry.get(lobby.game).title_text()
    except Exception:                       # noqa: BLE001
        title = lobby.game
    y = area.y
    draw_text(surf, app, fit_text(app, title, FONT.heading - 6, area.w), (area.x, y), FONT.heading - 6, pal.gold,
              bold=True)
    y += 48
    for line in option_lines(lobby.game, lobby.options)[:6]:
        draw_text(surf, app, fit_text(app, line, FONT.small, area.w), (area.x, y), FONT.small, pal.text_dim)
        y += 28
    y += 14
    for seat in sorted(lobby.seats, key=lambda s: s.seat):
        row = pygame.Rect(area.x, y, area.w, 54)
        draw_panel(surf, row, app, alpha=200, fill=pal.bg_deep,
                   edge=pal.gold if seat.seat == lobby.you else pal.gold_dim)
        seat_marker(surf, app, seat.seat, (row.x + 26, row.centery), 10)
        name = seat.name + ("  ·  " + t("online.lobby_host") if seat.seat == lobby.owner else "")
        draw_text(surf, app, fit_text(app, name, FONT.body, row.w // 2), (row.x + 50, row.centery), FONT.body,
                  pal.text, bold=seat.seat == lobby.you, anchor="midleft")
        status = seat_status(seat, lobby, mine)
        waiting = seat.kind != "ai" and not seat.taken
        draw_text(surf, app, fit_text(app, status, FONT.small, row.w // 2 - 40), (row.right - 20, row.centery),
                  FONT.small, pal.warning if waiting else pal.text_dim, anchor="midright")
        y += 62


def hosted_tables() -> list:
    """The tables this app hosted that are not finished, the newest first (their seats'
    keys kept in `hosted/`, net/host_seats.py); [] when there are none or none can be read."""
    from ...core.paths import user_data_dir
    from ... import registry
    from ...net import host_seats
    try:
        records = host_seats.resumable(user_data_dir() / "hosted")
    except OSError:
        return []
    return [r for r in records if r.game in registry.game_ids()]     # a game this app no longer has: not offered


def all_seated(clients: dict) -> bool:
    return bool(clients) and all(c.state == "playing" and c.view() is not None for c in clients.values())


# -- Join ------------------------------------------------------------------------------------

class JoinScene(Scene):
    """Join a friend's table with an invite code (see the module's docstring)."""
    name = "join"

    def __init__(self, app, code: str = ""):
        super().__init__(app)
        self.backdrop = Backdrop(app, glow_pos=(1400, 300), glow_radius=760, embers=18)
        self.code = code
        self.player = self.remembered_name()
        self.client = None
        self.address = ""
        self.dialled = 0.0                   # seconds since Join was pressed
        self.server = None                   # (host, port) dialled
        self.listed_at = 0.0                 # when the server's open tables were last asked for
        self.listed = None                   # the table list the buttons were made for
        self.sit_btns: list = []
        self.problem: str | None = None     # a bad code or why the table refused us, in words
        self.handed_over = False
        self.hosting = hosted_tables()      # tables this app hosted, not finished: the newest is offered
        self.build()

    def remembered_name(self) -> str:
        last = self.app.settings.last_new_game if isinstance(self.app.settings.last_new_game, dict) else {}
        for entry in last.values():
            for seat in (entry or {}).get("seats") or []:
                if isinstance(seat, dict) and seat.get("kind") == "human" and seat.get("name"):
                    return str(seat["name"])[:18]
        return t("seat.default_human")

    def build(self):
        self.ui.clear()
        self.sit_btns, self.listed = [], None          # remade at the next look at the server
        a = self.app
        x, w = LEFT.x + 30, LEFT.w - 60
        self.code_input = self.ui.add(PasteInput(a, (x, LEFT.y + 140, w - 190, 60), self.code,
                                                 t("online.code_placeholder"), label=t("online.code"),
                                                 max_len=400, on_change=self.set_code, on_enter=lambda _v: None,
                                                 size=FONT.small + 2))
        self.ui.add(Button(a, (x + w - 176, LEFT.y + 140, 176, 60), t("online.paste"), self.paste, icon="ledger"))
        self.name_input = self.ui.add(PasteInput(a, (x, LEFT.y + 282, 420, 60), self.player, t("new_game.name"),
                                                 label=t("online.name"), max_len=18, on_change=self.set_player))
        self.join_btn = self.ui.add(Button(a, (x, LEFT.y + 380, 300, 64), t("online.join"), self.join,
                                           icon="confirm", style="primary", hotkey=pygame.K_RETURN))
        self.resume_btn = None
        if self.hosting:
            box = self.hosting_rect()
            self.resume_btn = self.ui.add(Button(a, (box.x + 24, box.bottom - 24 - 60, 420, 60),
                                                 t("online.resume_hosting"), self.resume_hosting, icon="load",
                                                 style="primary"))
        self.back_button()
        self.refresh()

    def hosting_rect(self) -> pygame.Rect:
        return pygame.Rect(RIGHT.x + 30, RIGHT.bottom - 30 - 250, RIGHT.w - 60, 250)

    def resume_hosting(self):
        """Open again the table this app was hosting: its port, its seats here (see
        HostLobbyScene.resume)."""
        if not self.hosting:
            return
        self.close_client()
        self.app.push(HostLobbyScene.resume(self.app, self.hosting[0]))

    def resume(self):
        fresh = hosted_tables()              # finished or taken up meanwhile: offered no more
        if [r.table_id for r in fresh] != [r.table_id for r in self.hosting]:
            self.hosting = fresh
            self.build()

    def refresh(self):
        busy = self.client is not None and self.client.state in ("connecting", "lobby", "playing", "reconnecting")
        self.join_btn.set_enabled(not busy)
        self.code_input.enabled = self.name_input.enabled = not busy
        if self.resume_btn is not None:
            self.resume_btn.visible = self.client is None

    # -- input ----------------------------------------------------------------------------
    def set_code(self, text):
        self.code = text
        self.problem = None

    def set_player(self, text):
        self.player = text

    def paste(self):
        text = paste_text()
        if not text.strip():
            self.app.toast(t("online.paste_empty"), "info")
            return
        self.code_input.paste(text)

    def join(self):
        """An invite code sits at its seat; a server's address alone lists its open tables."""
        from ...net.client import NetClient
        from ...net.invite import InviteError, parse_invite
        server = server_address(self.code)
        token = None
        if server is None:
            try:
                invite = parse_invite(self.code)
            except InviteError as exc:
                self.problem = str(exc)
                self.app.sound.play("error")
                return
            server, token = (invite.host, invite.port), invite.token
        name = self.player.strip() or t("seat.default_human")
        self.close_client()
        self.problem = None
        self.server = server
        self.address = f"{server[0]}:{server[1]}"
        self.dialled = 0.0
        self.listed_at = -1e9
        self.client = NetClient()
        self.client.connect(server[0], server[1], name=name, token=token)
        self.refresh()

    def sit_at(self, table_id: str):
        if self.client is not None and self.client.state == "browsing":
            self.client.join_table(table_id)

    def new_table_here(self):
        """Open a table on this server: the new-game screen, whose Host… opens it there."""
        server = self.server
        self.close_client()
        self.build()
        self.app.open_new_game(server=server)

    def table_buttons(self):
        """A Sit down button per open table of the server, and Open a table here. A table's
        button outlives a fresh list of the server's tables, so a press begun just before the
        list came in still sits down when released."""
        before = {getattr(b, "table_id", None): b for b in self.sit_btns}
        for b in self.sit_btns:
            if b in self.ui.widgets:
                self.ui.widgets.remove(b)
        self.sit_btns = []
        if self.client is None or self.client.state != "browsing":
            return
        bw = max(200, self.app.assets.text_size(t("online.sit"), FONT.small + 2, bold=True)[0] + 80)
        for table, row in zip(self.client.tables(), self.table_rows()):
            rect = pygame.Rect(row.right - 14 - bw, row.centery - 24, bw, 48)
            b = before.get(table.table_id)
            if b is None:
                b = Button(self.app, rect, t("online.sit"), lambda tid=table.table_id: self.sit_at(tid),
                           icon="confirm", size=FONT.small + 2)
                b.table_id = table.table_id
            b.rect = rect
            b.set_enabled(bool(table.free) and not table.started, t("online.no_free_seat"))
            self.sit_btns.append(self.ui.add(b))
        here = before.get(None) or Button(self.app, (RIGHT.x + 30, RIGHT.bottom - 90, 380, 60),
                                          t("online.new_here"), self.new_table_here, icon="dice",
                                          style="primary")
        self.sit_btns.append(self.ui.add(here))

    def table_rows(self) -> list[pygame.Rect]:
        return [pygame.Rect(RIGHT.x + 30, RIGHT.y + 90 + i * 92, RIGHT.w - 60, 84) for i in range(6)]

    # -- lifecycle --------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        self.backdrop.update(dt)
        c = self.client
        if c is None:
            return
        self.dialled += dt
        if c.state == "browsing":
            self.browse()
        elif self.sit_btns:
            self.listed = None
            self.table_buttons()
        never_in = c.lobby() is None and c.state in ("connecting", "reconnecting")
        if never_in and self.dialled > FIRST_CONNECT_S:
            self.problem = t("net.closed.unreachable", address=self.address)
            self.client = None
            self.close_quietly(c)
            self.app.sound.play("error")
            self.refresh()
            return
        if c.state == "closed":
            self.problem = c.reason or t("online.lost")
            self.client = None
            self.close_quietly(c)
            self.app.sound.play("error")
            self.refresh()
            return
        for notice in c.drain_notices():
            self.app.toast(notice.text, "error" if notice.kind == "refused" else "info", 5.0)
        if all_seated({0: c}):
            self.handed_over = True
            self.app.open_online_table({c.seat: c})
        else:
            self.refresh()

    def browse(self):
        """At a server, at no table yet: its open tables, asked for every few seconds."""
        c = self.client
        if self.dialled - self.listed_at > 3.0:
            self.listed_at = self.dialled
            c.request_tables()
        tables = [(x.table_id, tuple(x.free), x.started) for x in c.tables()]
        if tables != self.listed or not self.sit_btns:
            self.listed = tables
            self.table_buttons()

    @staticmethod
    def close_quietly(client):
        try:
            client.close(wait=0.5)
        except Exception:                   # noqa: BLE001 - it is gone either way
            pass

    def close_client(self):
        if self.client is not None:
            self.close_quietly(self.client)
            self.client = None

    def exit(self):
        if not self.handed_over:
            self.close_client()
        super().exit()

    def on_quit(self):
        self.exit()

    def frame_rate(self) -> float:
        if self.client is not None:
            return 12.0                     # the lobby changes by itself (who has joined)
        return super().frame_rate()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        self.header(surf, t("online.join_title"), t("online.join_subtitle"))
        for rect in (LEFT, RIGHT):
            draw_panel(surf, rect, self.app, alpha=210)
        x = LEFT.x + 30
        draw_text(surf, self.app, t("online.join_heading"), (x, LEFT.y + 24), FONT.heading - 4, pal.gold,
                  display=True)
        draw_text(surf, self.app, t("online.code"), (x, LEFT.y + 96), FONT.body, pal.gold, bold=True)
        draw_text(surf, self.app, t("online.name"), (x, LEFT.y + 238), FONT.body, pal.gold, bold=True)
        self.draw_status(surf, pygame.Rect(x, LEFT.y + 474, LEFT.w - 60, 230))
        browsing = self.client is not None and self.client.state == "browsing"
        title = t("online.browse_title", address=self.address) if browsing else t("online.lobby")
        draw_text(surf, self.app, fit_text(self.app, title, FONT.heading - 4, RIGHT.w - 60),
                  (RIGHT.x + 30, RIGHT.y + 24), FONT.heading - 4, pal.gold, display=True)
        lobby = self.client.lobby() if self.client is not None else None
        area = pygame.Rect(RIGHT.x + 30, RIGHT.y + 90, RIGHT.w - 60, RIGHT.h - 120)
        if browsing:
            self.draw_tables(surf, area)
        elif lobby is None:
            block = self.app.assets.text_block(t("online.lobby_empty"), FONT.body, pal.text_faint, area.w)
            surf.blit(block, area.topleft)
            if self.hosting and self.client is None:
                self.draw_hosting(surf, self.hosting_rect())
        else:
            draw_lobby(surf, self.app, area, lobby, {lobby.you})
        super().draw(surf)

    def draw_hosting(self, surf, r: pygame.Rect):
        """The table this app was hosting, offered again: the game, who sits there."""
        from ... import registry
        pal = self.app.pal
        record = self.hosting[0]
        draw_panel(surf, r, self.app, alpha=200, fill=pal.bg_deep, edge=pal.gold)
        draw_text(surf, self.app, fit_text(self.app, t("online.hosting_heading"), FONT.body, r.w - 48),
                  (r.x + 24, r.y + 18), FONT.body, pal.gold, bold=True)
        try:
            title = registry.get(record.game).title_text()
        except Exception:                   # noqa: BLE001 - a game this app no longer has
            title = record.game
        line = t("online.hosting_line", game=title, names=", ".join(record.names()), port=str(record.port))
        block = self.app.assets.text_block(line, FONT.small, pal.text, r.w - 48)
        surf.blit(block, (r.x + 24, r.y + 60))

    def draw_tables(self, surf, area: pygame.Rect):
        """The server's open tables: the game, its options, who sits there, seats free."""
        from ... import registry
        pal = self.app.pal
        tables = self.client.tables()
        if not tables:
            block = self.app.assets.text_block(t("online.no_tables"), FONT.body, pal.text_faint, area.w)
            surf.blit(block, area.topleft)
            return
        for table, row in zip(tables, self.table_rows()):
            draw_panel(surf, row, self.app, alpha=200, fill=pal.bg_deep, edge=pal.gold_dim)
            try:
                title = registry.get(table.game).title_text()
            except Exception:               # noqa: BLE001 - a game this app does not have
                title = table.game
            width = row.w - 60 - (self.sit_btns[0].rect.w if self.sit_btns else 200)
            draw_text(surf, self.app, fit_text(self.app, title, FONT.body, width, bold=True), (row.x + 20, row.y + 12),
                      FONT.body, pal.gold, bold=True)
            names = ", ".join(table.names)
            line = t("online.free_seats", free=str(len(table.free)), seats=str(table.seats)) + \
                (" · " + names if names else "")
            draw_text(surf, self.app, fit_text(self.app, line, FONT.small, width), (row.x + 20, row.y + 50),
                      FONT.small, pal.text_dim)

    def draw_status(self, surf, r: pygame.Rect):
        pal = self.app.pal
        c = self.client
        if self.problem:
            text, color, icon = self.problem, pal.danger_hi, "close"
        elif c is None:
            text, color, icon = t("online.join_hint") + "\n" + t("online.server_hint"), pal.text_dim, "info"
        elif c.state == "connecting":
            text, color, icon = t("online.connecting", address=self.address), pal.text, "timer"
        elif c.state == "browsing":
            text, color, icon = t("online.browsing", address=self.address), pal.text, "info"
        elif c.state == "reconnecting":
            text, color, icon = t("online.reconnecting") + "…", pal.warning, "timer"
        else:
            text, color, icon = t("online.lobby_wait"), pal.text, "hooded_cloak"
        ic = self.app.assets.icon(icon, 30, color)
        surf.blit(ic, (r.x, r.y + 2))
        block = self.app.assets.text_block(text, FONT.body, color, r.w - 46)
        surf.blit(block, (r.x + 46, r.y))


# -- Host ------------------------------------------------------------------------------------

class HostLobbyScene(Scene):
    """Host a table for friends on other computers (see the module's docstring).
    `seats` are the new-game screen's rows: {"name", "kind": human|ai|remote, "difficulty"}."""
    name = "host_lobby"

    def __init__(self, app, spec, seats: list[dict], options: dict, seed: int, server=None, resumed=None):
        """`server`: (host, port) of a `main.py serve` server to open the table on instead
        of this computer (its AI seats then play there). `resumed`: a table this app
        hosted before (net.host_seats.HostSeats), opened again on its port, its seats
        here taken back with their keys (see `resume`)."""
        from ...net.protocol import DEFAULT_PORT
        super().__init__(app)
        self.remote_server = server
        self.backdrop = Backdrop(app, glow_pos=(1400, 300), glow_radius=760, embers=18)
        self.spec, self.seats, self.options, self.seed = spec, [dict(s) for s in seats], dict(options), seed
        self.local = [i for i, s in enumerate(self.seats) if s.get("kind") == "human"]
        self.remote = [i for i, s in enumerate(self.seats) if s.get("kind") == "remote"]
        self.port_text = str(server[1] if server else DEFAULT_PORT)
        self.default_port = DEFAULT_PORT
        self.address = server[0] if server else local_address()
        self.policy = "pause"
        self.server = None
        self.port: int | None = None
        self.clients: dict = {}             # seat held at this screen -> NetClient
        self.problem: str | None = None
        self.handed_over = False
        self.codes_file = None
        self.resumed = resumed
        self.remembered = None              # the names when the seats' keys were last kept
        if resumed is not None:
            self.port_text, self.address, self.policy = str(resumed.port), resumed.address, resumed.policy
        self.build()

    @classmethod
    def resume(cls, app, record) -> "HostLobbyScene":
        """The table this app was hosting when it crashed or was closed: the same port
        (the invite codes carry it), the same seats here, opened at once. Remote players
        come back with their codes by themselves; AI seats play again in the server."""
        from ... import registry
        seats = [row.model_dump() for row in record.seats]
        scene = cls(app, registry.get(record.game), seats, {}, None, resumed=record)
        scene.open_table()
        return scene

    # -- widgets ------------------------------------------------------------------------------
    def build(self):
        self.ui.clear()
        a = self.app
        x = LEFT.x + 30
        opened = self.port is not None
        self.address_input = self.ui.add(PasteInput(a, (x + 190, LEFT.y + 84, 380, 56), self.address, "",
                                                    label=t("online.address"), max_len=60,
                                                    on_change=self.set_address, tooltip=t("online.address_tip")))
        self.port_input = self.ui.add(PasteInput(a, (x + 190, LEFT.y + 152, 170, 56), self.port_text, "",
                                                 label=t("online.port"), max_len=5, allowed=str.isdigit,
                                                 on_change=self.set_port, tooltip=t("online.port_tip")))
        self.port_input.enabled = not opened and self.remote_server is None
        self.address_input.enabled = self.remote_server is None
        choices = [(p, t(f"online.drop_{p}")) for p in DROP_POLICIES]
        self.policy_cycler = self.ui.add(Cycler(a, (x, LEFT.y + 222, LEFT.w - 60, 56), t("online.drop"), choices,
                                                self.policy, self.set_policy, label_w=300,
                                                tooltip=t("online.drop_tip")))
        self.policy_cycler.enabled = not opened
        self.open_btn = self.ui.add(Button(a, (x, LEFT.y + 300, 380, 60),
                                           t("online.reopen" if self.resumed is not None else "online.open"),
                                           self.open_table,
                                           icon="confirm", style="normal" if opened else "primary"))
        self.open_btn.set_enabled(not opened)
        self.copy_btns = {}
        for seat, row in zip(range(len(self.seats)), self.seat_rows()):
            if seat in self.remote:
                bw = max(160, a.assets.text_size(t("online.copy"), FONT.small + 2, bold=True)[0] + 80)
                b = self.ui.add(Button(a, (row.right - 14 - bw, row.bottom - 8 - 46, bw, 46), t("online.copy"),
                                       lambda s=seat: self.copy_code(s), icon="ledger", size=FONT.small + 2))
                b.set_enabled(False, t("online.open_first"))
                self.copy_btns[seat] = b
        self.back_button()
        self.begin_btn = self.ui.add(Button(a, (1516, 980, 308, 60), t("online.begin"), self.begin, icon="dice",
                                            style="primary", hotkey=pygame.K_RETURN))
        self.refresh()

    def seat_rows(self) -> list[pygame.Rect]:
        """One row per seat in the right panel; a Remote seat's row holds its code."""
        area = pygame.Rect(RIGHT.x + 30, RIGHT.y + 90, RIGHT.w - 60, RIGHT.h - 110)
        tall = {i: 108 if i in self.remote else 60 for i in range(len(self.seats))}
        total = sum(tall.values()) + 8 * (len(tall) - 1)
        k = min(1.0, area.h / max(1, total))
        rows, y = [], area.y
        for i in range(len(self.seats)):
            h = max(52, int(tall[i] * k)) if i not in self.remote else max(96, int(tall[i] * k))
            rows.append(pygame.Rect(area.x, y, area.w, h))
            y += h + max(4, int(8 * k))
        return rows

    def refresh(self):
        lobby = self.lobby()
        for seat, b in self.copy_btns.items():
            b.set_enabled(self.code_for(seat) is not None, t("online.open_first"))
        if lobby is None:
            self.begin_btn.set_enabled(False, t("online.open_first"))
        elif not lobby.can_start:
            left = sum(1 for s in lobby.seats if not s.taken)
            self.begin_btn.set_enabled(False, t("online.begin_waiting", n=left))
        else:
            self.begin_btn.set_enabled(True)

    # -- the table ------------------------------------------------------------------------
    def set_address(self, text):
        self.address = text.strip()

    def set_port(self, text):
        self.port_text = text

    def set_policy(self, value):
        self.policy = value

    def lobby(self):
        owner = self.clients.get(self.local[0]) if self.local else None
        return owner.lobby() if owner is not None else None

    def code_for(self, seat: int) -> str | None:
        from ...net.invite import format_invite
        lobby = self.lobby()
        token = lobby.tokens.get(seat) if lobby is not None else None
        if token is None or self.port is None:
            return None
        return format_invite(self.address or "127.0.0.1", self.port, token)

    def create_message(self):
        from ...net import protocol as P
        requests = [P.SeatRequest(kind="ai" if s.get("kind") == "ai" else "human",
                                  name=(s.get("name") or "").strip() or t("seat.player_n", n=i + 1),
                                  difficulty=s.get("difficulty", "normal"))
                    for i, s in enumerate(self.seats)]
        return P.Create(game=self.spec.id, options=self.options, seats=requests, you=self.local[0],
                        seed=self.seed, time_scale=self.app.settings.time_scale,
                        disconnect=P.DisconnectPolicy(mode=self.policy), listed=self.remote_server is not None)

    def open_table(self):
        from ...core.paths import user_data_dir
        from ...net.client import NetClient
        from ...net.server import ServerThread
        if not self.port_text.isdigit() or not MIN_PORT <= int(self.port_text) <= MAX_PORT:
            self.problem = t("online.port_bad", low=str(MIN_PORT), high=str(MAX_PORT))
            self.app.sound.play("error")
            return
        if not self.local:
            self.problem = t("new_game.host_needs_you")
            return
        try:
            create = self.create_message() if self.resumed is None else None
        except ValueError as exc:           # pydantic: options that cannot travel
            self.problem = t("online.options_cannot_travel", error=str(exc).splitlines()[0][:120])
            return
        port = int(self.port_text)
        if self.remote_server is None:
            server = ServerThread(user_data_dir() / "hosted", host="0.0.0.0", port=port)
            try:
                self.port = server.start()
            except OSError as exc:
                self.problem = t("online.open_failed", port=str(port), error=str(exc)[:160])
                server.stop()
                self.app.sound.play("error")
                return
            self.server = server
        else:
            self.port = port
        self.problem = None
        owner = NetClient()
        if self.resumed is not None:        # the host's own seat, taken back with its key
            owner.connect(self.dial_host(), self.port, name=self.seat_name(self.local[0]),
                          token=self.resumed.local[self.local[0]])
        else:
            owner.connect(self.dial_host(), self.port, name=create.seats[self.local[0]].name, create=create)
        self.clients[self.local[0]] = owner
        self.build()

    def dial_host(self) -> str:
        """Where this window's own seats connect: its own server over loopback, or the server."""
        return "127.0.0.1" if self.remote_server is None else self.remote_server[0]

    def seat_others_here(self):
        """The other people at this screen (hot-seat) sit with their seats' tokens."""
        from ...net.client import NetClient
        lobby = self.lobby()
        if lobby is None or not lobby.tokens:
            return
        for seat in self.local[1:]:
            if seat not in self.clients and seat in lobby.tokens:
                c = NetClient()
                c.connect(self.dial_host(), self.port, name=lobby.seats[seat].name, token=lobby.tokens[seat])
                self.clients[seat] = c
                self.write_codes()

    def write_codes(self):
        """The codes also go to a text file in the player's folder: where no clipboard
        works, they can be copied from there."""
        from ...core.paths import user_data_dir
        from ...core.record import atomic_write_text
        lines = [f"{self.seats[s].get('name') or s + 1}: {self.code_for(s)}" for s in self.remote
                 if self.code_for(s)]
        if not lines:
            return
        path = user_data_dir() / "hosted" / "invite-codes.txt"
        try:
            atomic_write_text(path, "\n".join(lines) + "\n")
            self.codes_file = path
        except OSError:
            self.codes_file = None

    def remember_seats(self):
        """The keys of the seats played here go beside the table in `hosted/`, so that
        after a crash this app can take them back (net/host_seats.py). A table on a
        `serve` server is kept there; its seats come back with their own codes."""
        from ...core.paths import user_data_dir
        from ...net import host_seats
        owner = self.clients[self.local[0]]
        lobby = owner.lobby()
        self.remembered = tuple(s.name for s in lobby.seats) if lobby is not None else True
        if self.remote_server is not None or lobby is None or owner.table_id is None:
            return
        try:
            record = host_seats.HostSeats(
                table_id=owner.table_id, game=self.spec.id, port=self.port, address=self.address or "127.0.0.1",
                seats=[host_seats.SeatRow(name=self.seat_name(i), kind=row.get("kind", "human"),
                                          difficulty=row.get("difficulty", "normal"))
                       for i, row in enumerate(self.seats)],
                policy=self.policy, local={s: lobby.tokens[s] for s in self.local if s in lobby.tokens})
            host_seats.remember(user_data_dir() / "hosted", record)
        except (OSError, ValueError) as exc:     # the game goes on; only a crash would cost the seats
            self.app.toast(t("online.seats_not_kept", error=str(exc).splitlines()[0][:120]), "warning", 8.0)

    def copy_code(self, seat: int):
        code = self.code_for(seat)
        if code is None:
            return
        name = self.seat_name(seat)
        if copy_text(code) and paste_text() == code:
            self.app.toast(t("online.copied", name=name), "success", 4.0)
        else:
            self.write_codes()
            where = str(self.codes_file) if self.codes_file else "—"
            self.app.toast(t("online.copy_failed", file=where), "warning", 8.0)

    def seat_name(self, seat: int) -> str:
        lobby = self.lobby()
        if lobby is not None and seat < len(lobby.seats):
            return lobby.seats[seat].name
        return self.seats[seat].get("name") or t("seat.player_n", n=seat + 1)

    def begin(self):
        lobby = self.lobby()
        if lobby is None or not lobby.can_start:
            return
        self.clients[self.local[0]].start()

    # -- lifecycle ----------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        self.backdrop.update(dt)
        if not self.clients:
            return
        owner = self.clients[self.local[0]]
        closed = next((c for c in self.clients.values() if c.state == "closed"), None)
        if closed is not None:
            self.problem = closed.reason or t("online.lost")
            self.shut()
            self.build()
            return
        for c in self.clients.values():
            for notice in c.drain_notices():
                self.app.toast(notice.text, "error" if notice.kind == "refused" else "info", 5.0)
        if owner.lobby() is not None:
            self.seat_others_here()
            if self.codes_file is None:
                self.write_codes()
            if self.remembered != tuple(s.name for s in owner.lobby().seats):
                self.remember_seats()        # again when a friend's name arrives: the record names them
        if len(self.clients) == len(self.local) and all_seated(self.clients):
            self.handed_over = True
            self.app.open_online_table(dict(self.clients), server=self.server)
            return
        self.refresh()

    def shut(self):
        for c in self.clients.values():
            JoinScene.close_quietly(c)
        self.clients = {}
        if self.server is not None:
            server, self.server = self.server, None
            server.stop()
        self.port = None

    def exit(self):
        if not self.handed_over:
            self.shut()
        super().exit()

    def on_quit(self):
        self.exit()

    def frame_rate(self) -> float:
        if self.clients:
            return 12.0
        return super().frame_rate()

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        self.header(surf, t("online.host_title"), t("online.host_subtitle") if self.remote_server is None
                    else t("online.server_subtitle", address=f"{self.address}:{self.port_text}"))
        for rect in (LEFT, RIGHT):
            draw_panel(surf, rect, self.app, alpha=210)
        x = LEFT.x + 30
        draw_text(surf, self.app, t("online.table_heading"), (x, LEFT.y + 24), FONT.heading - 4, pal.gold,
                  display=True)
        draw_text(surf, self.app, t("online.address"), (x, LEFT.y + 112), FONT.body, pal.text, anchor="midleft")
        draw_text(surf, self.app, t("online.port"), (x, LEFT.y + 180), FONT.body, pal.text, anchor="midleft")
        draw_text(surf, self.app, t("online.port_default", port=str(self.default_port)),
                  (self.port_input.rect.right + 16, LEFT.y + 180), FONT.small, pal.text_faint, anchor="midleft")
        self.draw_status(surf, pygame.Rect(x, LEFT.y + 390, LEFT.w - 60, LEFT.h - 410))
        draw_text(surf, self.app, t("online.seats"), (RIGHT.x + 30, RIGHT.y + 24), FONT.heading - 4, pal.gold,
                  display=True)
        lobby = self.lobby()
        for seat, row in enumerate(self.seat_rows()):
            self.draw_seat(surf, seat, row, lobby)
        super().draw(surf)

    def draw_status(self, surf, r: pygame.Rect):
        pal = self.app.pal
        if self.problem:
            text, color, icon = self.problem, pal.danger_hi, "close"
        elif self.port is None:
            text, color, icon = t("online.codes_note"), pal.text_dim, "info"
        else:
            text, color, icon = t("online.open_at", address=self.address, port=str(self.port)), pal.success, "confirm"
        ic = self.app.assets.icon(icon, 30, color)
        surf.blit(ic, (r.x, r.y + 2))
        block = self.app.assets.text_block(text, FONT.body, color, r.w - 46)
        surf.blit(block, (r.x + 46, r.y))

    def draw_seat(self, surf, seat: int, r: pygame.Rect, lobby):
        """A seat's row: its name, who plays it and, for a Remote seat, its code."""
        pal = self.app.pal
        me = seat == (self.local[0] if self.local else None)
        draw_panel(surf, r, self.app, alpha=200, fill=pal.bg_deep, edge=pal.gold if me else pal.gold_dim)
        top = pygame.Rect(r.x, r.y, r.w, min(r.h, 56))
        seat_marker(surf, self.app, seat, (r.x + 26, top.centery), 10)
        draw_text(surf, self.app, fit_text(self.app, self.seat_name(seat), FONT.body, r.w // 2), (r.x + 50, top.centery),
                  FONT.body, pal.text, bold=me, anchor="midleft")
        if lobby is not None and seat < len(lobby.seats):
            status = seat_status(lobby.seats[seat], lobby, set(self.clients) | set(self.local))
            waiting = lobby.seats[seat].kind != "ai" and not lobby.seats[seat].taken
        else:
            row = self.seats[seat]
            status = (t("online.seat_you") if me else t("online.seat_here") if row.get("kind") == "human"
                      else t("online.seat_waiting") if row.get("kind") == "remote"
                      else t("online.seat_ai", level=t(f"difficulty.{row.get('difficulty', 'normal')}")))
            waiting = row.get("kind") == "remote"
        draw_text(surf, self.app, fit_text(self.app, status, FONT.small, r.w // 2 - 40), (r.right - 20, top.centery),
                  FONT.small, pal.warning if waiting else pal.text_dim, anchor="midright")
        if seat not in self.remote:
            return
        code = self.code_for(seat)
        shown = code if code else t("online.open_first")
        button = self.copy_btns.get(seat)
        width = (button.rect.x if button else r.right) - r.x - 40
        # the whole code, always: a friend may have to type it or hear it read aloud
        size = next((z for z in (FONT.small + 2, FONT.small, FONT.tiny)
                     if self.app.assets.text_size(shown, z, bold=bool(code))[0] <= width), FONT.tiny)
        draw_text(surf, self.app, fit_text(self.app, shown, size, width, bold=bool(code)), (r.x + 24, r.bottom - 8 - 23),
                  size, pal.gold if code else pal.text_faint, bold=bool(code), anchor="midleft")


__all__ = ["JoinScene", "HostLobbyScene", "local_address", "PasteInput", "option_lines", "SPACE"]
