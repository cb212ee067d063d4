"""A networked game on this window's table: TableScene over a RemoteMatch.

The same table scene and the same game tables as a game on one machine; what differs:

- every frame the seats' NetClients are read (`RemoteMatch.refresh`): the events to
  animate, a refusal (said as a toast in the host's words), a notice (a player dropped
  or came back, an AI stands in), a resync after a reconnect (the table is rebuilt
  from the new view, its chronicle from the events received);
- the link: while any seat's connection is being restored a "Reconnecting…" strip
  shows over the table (the client retries with its token by itself); when the table
  ends for us (the host quit, a version mismatch, the seat's token refused) a panel says
  why in words, with what to do, and a button back to the menu;
- hot-seat at the host's screen: every question of a person here is asked behind the
  curtain (there is no public view to ask it on), and a remote person never causes one;
- saving, undo and a rematch belong to the host: the menu's Save says so;
- quick emotes, never chat: *Say…* (top right) opens a column of fixed words ("Good
  move!", "Well played!", "Hmm…" …, `protocol.EMOTES`, each said in the reader's
  language); the choice shows as a bubble by the seat's name on every table for a few
  seconds. One per `EMOTE_GAP_S` (the host drops more; the button waits meanwhile).

Leaving the table (to the results, the menu or quitting the window) closes this
window's connections; a host's window also stops its server, which tells everyone
else in words that the host closed the table.
"""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...net.protocol import EMOTE_GAP_S, EMOTES
from ..theme import FONT, LOGICAL_SIZE
from ..widgets import Button, copy_text, draw_panel, draw_text, fit_text, paste_text
from .base import seat_marker
from .results import ResultsScene
from .table import TableScene

EMOTE_SHOWN_S = 4.0            # how long an emote's bubble stays by the seat's name


def open_online_table(app, clients: dict, server=None):
    """Every seat held here has its first view: the game on its own table, over the menu."""
    from ... import registry
    from ..remote_match import RemoteMatch, lobby_seats
    primary = clients[min(clients)]
    lobby = primary.lobby()
    spec = registry.get(lobby.game)
    rules = registry.ruleset(lobby.game)
    seats = lobby_seats(lobby, set(clients))
    match = RemoteMatch(lobby.game, rules, seats, dict(lobby.options), clients)
    app.to_menu()
    scene = OnlineTableScene(app, spec, match, server=server)
    app.push(scene)
    return scene


class OnlineTableScene(TableScene):
    name = "table"

    def __init__(self, app, spec, match, server=None, invites: dict | None = None):
        """`match` is a RemoteMatch; `server` the host's ServerThread (None when joined);
        `invites` seat -> code, kept so the host can send a code again."""
        self.server = server
        self.invites = dict(invites or {})
        self.fault: str | None = None           # why the table ended for us, in words
        self.link = "ok"                        # "ok" | "reconnecting"
        self.handed_over = False                # the results scene closes the connections
        self.fault_btn = None
        self.emote_btn = None
        self.emote_btns: list = []
        self.emotes_open = False                # the column of words is shown
        self.emote_ready_at = 0.0               # self.t when the next emote may go
        self.emote_bubbles: dict = {}           # seat -> (words, self.t when it goes)
        super().__init__(app, spec, match, setup={"seats": [s.to_json() for s in match.seats],
                                                  "options": match.options})
        if match.history:                       # joined mid-game: the chronicle is what was received
            self.table.history = list(match.history)
            self._safe(lambda: self.table.set_viewer(self.viewer), "set_viewer")
        if self.hotseat:                        # nobody's cards before the first curtain
            self.raise_curtain(self.humans[0])

    # -- the network, every frame -------------------------------------------------------
    def update(self, dt):
        self.pump()
        super().update(dt)

    def pump(self) -> None:
        m = self.match
        events = m.refresh()
        if events:
            self.after_events(events)
        for seat, client in m.clients.items():
            for notice in client.drain_notices():
                self.tell(notice)
        self.expire_emotes()
        states = {c.state for c in m.clients.values()}
        link = "reconnecting" if "reconnecting" in states else "ok"
        if link != self.link:
            self.link = link
            self.redraw = True
            if link == "ok":
                self.app.toast(t("online.reconnected"), "success", 3.0)
        if self.fault is None and not m.over:
            closed = next((c for c in m.clients.values() if c.state == "closed"), None)
            if closed is not None:
                self.fault = closed.reason or t("online.lost")
                self.app.sound.play("error")
                self._build_hud()

    def tell(self, notice) -> None:
        if notice.kind == "refused":
            self._illegal(notice.text)
        elif notice.kind == "resync":
            self._safe(lambda: self.show_seat(self.viewer), "set_viewer")
        elif notice.kind == "emote" and notice.seat is not None and self.seat_pos(notice.seat) is not None:
            self.show_emote(notice.seat, notice.text)
        else:
            self.app.toast(notice.text, "info", 5.0)

    # -- quick emotes ---------------------------------------------------------------------
    def emote_seat(self):
        """The seat an emote from this window speaks for: the one at the screen now."""
        seat = self.viewer if self.viewer is not None else self.match.primary
        return seat if seat in self.match.clients else None

    def can_emote(self) -> bool:
        return self.fault is None and self.curtain is None and self.emote_seat() is not None

    def toggle_emotes(self):
        self.emotes_open = not self.emotes_open and self.can_emote()
        self._build_hud()

    def send_emote(self, code: str):
        """Tell the others (the host passes it on); show it by our own name too."""
        seat = self.emote_seat()
        self.emotes_open = False
        if seat is None or code not in EMOTES or self.t < self.emote_ready_at:
            self._build_hud()
            return
        self.match.clients[seat].emote(code)
        self.emote_ready_at = self.t + EMOTE_GAP_S
        self.show_emote(seat, t("net.notice.emote", name=self.match.seats[seat].name, emote=t(f"net.emote.{code}")))
        self._build_hud()

    def show_emote(self, seat: int, text: str):
        self.emote_bubbles[seat] = (text, self.t + EMOTE_SHOWN_S)
        self.redraw = True

    def expire_emotes(self):
        gone = [seat for seat, (_text, until) in self.emote_bubbles.items() if until <= self.t]
        for seat in gone:
            del self.emote_bubbles[seat]
        if gone:
            self.redraw = True
        if self.emote_btn is not None:
            ready = self.t >= self.emote_ready_at
            if self.emote_btn.enabled != ready:
                self.emote_btn.set_enabled(ready, t("online.emote_wait"))
                self.redraw = True

    # -- what a networked table does differently ------------------------------------------
    def chronicle_events(self) -> list | None:
        """The events this window received (a client cannot replay: it has no seed)."""
        return list(self.match.history)

    def is_public(self, d) -> bool:
        return False                            # no public view here: each question behind the curtain

    def save_game(self):
        self.app.toast(t("online.saved_by_host"), "info", 4.0)
        return None

    def show_fast_forward(self) -> bool:
        return False

    def frame_rate(self) -> float:
        if self.link != "ok" and self.fault is None:
            return 12.0                         # the strip's dots move
        rate = super().frame_rate()
        if not self.match.over and self.match.waiting():
            rate = max(rate, 3.0)               # "… is thinking" dots, slowly
        if self.emote_bubbles or self.t < self.emote_ready_at:
            rate = max(rate, 4.0)               # a bubble goes, the Say button comes back
        return rate

    def finish(self):
        if self.finished:
            return
        self.finished = True
        self.handed_over = True
        self.app.replace(OnlineResultsScene(self.app, self.spec, self.match, self.setup, self.close_link))

    def exit(self):
        super().exit()
        if not self.handed_over:
            self.close_link()

    def on_quit(self):
        self.close_link()

    def close_link(self) -> None:
        """Leave the table: this window's seats say goodbye; a host's server stops and
        tells everyone else in words."""
        try:
            self.match.close()
        finally:
            if self.server is not None:
                server, self.server = self.server, None
                server.stop()

    def leave(self):
        self.app.to_menu()

    # -- hud ----------------------------------------------------------------------------------
    def _hud_state(self):
        return super()._hud_state() + (self.fault, self.emotes_open)

    def _build_hud(self):
        super()._build_hud()
        self.fault_btn = self.copy_btn = self.emote_btn = None
        self.emote_btns = []
        if self.can_emote():
            self.build_emotes()
        if self.fault is not None:
            r = self.fault_rect()
            self.fault_btn = self.ui.add(Button(self.app, (r.centerx - 170, r.bottom - 84, 340, 60),
                                                t("online.to_menu"), self.leave, icon="back", style="primary"))
            if self.own_code():
                self.copy_btn = self.ui.add(Button(self.app, (r.right - 40 - 200, r.bottom - 84, 200, 60),
                                                   t("online.copy"), self.copy_own_code, icon="ledger"))

    def build_emotes(self):
        """*Say…* beside the help button, and when open the words under it."""
        w = LOGICAL_SIZE[0]
        label = t("online.emote_button")
        bw = self.app.assets.text_size(label, FONT.button - 4, bold=True)[0] + 70
        right = (self.unpeek_btn.rect.x if self.unpeek_btn is not None else w - 130) - 12
        self.emote_btn = self.ui.add(Button(self.app, (right - bw, 12, bw, 52), label, self.toggle_emotes,
                                            icon="hooded_cloak", size=FONT.button - 4,
                                            style="primary" if self.emotes_open else "ghost",
                                            tooltip=None if self.emotes_open else t("online.emote_tip")))
        self.emote_btn.set_enabled(self.t >= self.emote_ready_at, t("online.emote_wait"))
        if not self.emotes_open:
            return
        words = [t(f"net.emote.{code}") for code in EMOTES]
        cw = max(bw, max(self.app.assets.text_size(x, FONT.button - 4, bold=True)[0] for x in words) + 48)
        for i, (code, text) in enumerate(zip(EMOTES, words)):
            self.emote_btns.append(self.ui.add(Button(self.app, (right - cw, 72 + i * 58, cw, 52), text,
                                                      lambda c=code: self.send_emote(c), size=FONT.button - 4)))

    def draw_emotes(self, surf):
        """Each seat's last emote as a bubble by its name, for a few seconds."""
        pal = self.app.pal
        thinking = self.thinking_seat()
        for seat, (text, _until) in self.emote_bubbles.items():
            pos = self.seat_pos(seat)
            if pos is None:
                continue
            tw = self.app.assets.text_size(text, FONT.small, bold=True)[0]
            r = pygame.Rect(0, 0, min(tw + 60, 620), 46)
            # above the name like "… is thinking", and above that bubble when both show
            r.midbottom = (int(pos[0]), int(pos[1]) - 10 - (54 if seat == thinking else 0))
            r.clamp_ip(surf.get_rect().inflate(-16, -16))
            draw_panel(surf, r, self.app, alpha=245, fill=pal.bg_deep, edge=pal.gold, radius=23)
            tip = [(r.centerx - 9, r.bottom - 2), (r.centerx + 9, r.bottom - 2), (r.centerx, r.bottom + 9)]
            if r.bottom + 9 <= int(pos[1]):
                pygame.draw.polygon(surf, pal.gold, tip)
            seat_marker(surf, self.app, seat, (r.x + 24, r.centery), 7)
            draw_text(surf, self.app, fit_text(self.app, text, FONT.small, r.w - 54, bold=True),
                      (r.x + 40, r.centery), FONT.small, pal.text, bold=True, anchor="midleft")

    def own_code(self) -> str | None:
        """This window's seat's own code: the table is kept where it runs, and the seat
        comes back with it (Join) once the host or the server is there again."""
        client = self.match.clients.get(self.viewer if self.viewer is not None else self.match.primary)
        try:
            return client.invite() if client is not None else None
        except Exception:                       # noqa: BLE001 - no code to offer
            return None

    def copy_own_code(self):
        code = self.own_code()
        if code and copy_text(code) and paste_text() == code:
            self.app.toast(t("online.own_code_copied"), "success", 4.0)
        else:
            self.app.toast(t("online.own_code", code=code or "—"), "info", 12.0)

    def fault_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, 1000, 420)
        r.center = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] // 2)
        return r

    def handle_event(self, e) -> bool:
        if self.fault is not None:
            if self.ui.handle_event(e):
                return True
            return True                         # the table is over for us: nothing reaches it
        if self.emotes_open and self.closes_emotes(e):
            self.emotes_open = False            # a click elsewhere or Escape puts the words away
            self._build_hud()
            if e.type == pygame.KEYDOWN:
                return True
        return super().handle_event(e)

    def closes_emotes(self, e) -> bool:
        if e.type == pygame.KEYDOWN:
            return getattr(e, "key", None) == pygame.K_ESCAPE
        if e.type != pygame.MOUSEBUTTONDOWN:
            return False
        pos = getattr(e, "pos", None)
        mine = [self.emote_btn] + self.emote_btns if self.emote_btn is not None else self.emote_btns
        return pos is not None and not any(b.rect.collidepoint(pos) for b in mine)    # pos: on the canvas

    def thinking_seat(self):
        """Who the table waits for, as the host says: "Bea is thinking…" over their seat
        (a person elsewhere or an AI where the table runs)."""
        waiting = [] if self.match.over or self.fault is not None else self.match.waiting()
        mine = self.viewer is not None and self.match.decisions_for(self.viewer)
        if not waiting or mine or self.curtain is not None:
            return None
        return waiting[0]

    def draw_thinking(self, surf):
        super().draw_thinking(surf)
        if self.emote_bubbles:                  # on the table, under the buttons and panels
            self.draw_emotes(surf)

    def draw(self, surf):
        super().draw(surf)
        if self.fault is not None:
            self.draw_fault(surf)
        elif self.link != "ok" and self.curtain is None:
            self.draw_reconnecting(surf)

    def draw_reconnecting(self, surf):
        pal = self.app.pal
        dots = "." * (1 + int(self.t * 2) % 3)
        text = t("online.reconnecting")
        tw = self.app.assets.text_size(text + "...", FONT.body, bold=True)[0]
        r = pygame.Rect(0, 0, tw + 110, 64)
        r.midtop = (self.play_center_x(), 200)          # under the seats' names, over the felt
        draw_panel(surf, r, self.app, alpha=245, fill=pal.bg_deep, edge=pal.warning)
        ic = self.app.assets.icon("timer", 34, pal.warning)
        surf.blit(ic, ic.get_rect(midleft=(r.x + 22, r.centery)))
        draw_text(surf, self.app, text + dots, (r.x + 72, r.centery), FONT.body, pal.text, bold=True,
                  anchor="midleft")

    def draw_fault(self, surf):
        pal = self.app.pal
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surf.blit(shade, (0, 0))
        r = self.fault_rect()
        draw_panel(surf, r, self.app, alpha=250, edge=pal.danger_hi)
        ic = self.app.assets.icon("close", 56, pal.danger_hi)
        surf.blit(ic, ic.get_rect(midtop=(r.centerx, r.y + 24)))
        draw_text(surf, self.app, t("online.table_ended"), (r.centerx, r.y + 112), FONT.heading - 4, pal.gold,
                  display=True, anchor="center")
        block = self.app.assets.text_block(self.fault, FONT.body, pal.text, r.w - 80, align="center")
        surf.blit(block, block.get_rect(midtop=(r.centerx, r.y + 150)))
        code = self.own_code()
        if code:
            line = t("online.own_code", code=code)
            draw_text(surf, self.app, fit_text(self.app, line, FONT.small, r.w - 80), (r.centerx, r.bottom - 120),
                      FONT.small, pal.text_dim, anchor="center")
        self.fault_btn.draw(surf)
        if self.copy_btn is not None:
            self.copy_btn.draw(surf)


class OnlineResultsScene(ResultsScene):
    """The results of a networked game: the host keeps the game (no replay saved here)
    and a rematch is a new table; the connections close when this screen does."""

    def __init__(self, app, spec, match, setup, close_link):
        super().__init__(app, spec, match, setup)
        self.close_link = close_link
        self.rematch_btn.set_enabled(False, t("online.no_rematch"))
        self.replay_btn.set_enabled(False, t("online.saved_by_host"))
        review = getattr(self, "review_btn", None)     # a review replays the whole log: the host has it
        if review is not None:
            review.set_enabled(False, t("online.saved_by_host"))

    def exit(self):
        super().exit()
        self.close_link()

    def on_quit(self):
        self.close_link()


__all__ = ["OnlineTableScene", "OnlineResultsScene", "open_online_table"]
