"""The replay viewer: step forward and back through any save, play/pause, drawn by
the game's own table as a spectator: only what everyone could see while the game is
unfinished; every hand face up once it has ended (a finished game hides nothing, so a
player can see who was bluffing), through the game's optional `reveal_view`."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...core.match import Match, SeatInfo
from ...core.match import SaveCheck, check_save, replay_record
from ...core.record import RecordError
from ...core.version import made_elsewhere
from ...registry import load_checked
from ...core.rules import IllegalAction
from ..table.base import TableContext
from .. import theme
from ..theme import FONT, LOGICAL_SIZE, SPACE
from ..widgets import Button, draw_panel, draw_text, fit_text
from .base import Scene, seat_name_now
from .fallback_table import run_guarded
from .table import build_table


def open_replay(app, path) -> bool:
    """Open the viewer on a save, checked like a new game first. A save whose log stops
    being legal is shown as far as it is legal, with a line saying where and why."""
    try:
        record, spec, ruleset = load_checked(path)
        if made_elsewhere(record):            # another version: say in words if it replays differently
            check = check_save(record, ruleset)
            if not check.same:
                return open_changed_save(app, spec, ruleset, record, check, to_menu=False)
        probe, stop = replay_record(record, ruleset, partial=True, check_digest=False)
        scene = ReplayScene(app, spec, ruleset, record, legal=len(probe.log), stop=stop,
                            finished=probe.result() is not None)
    except Exception as exc:     # noqa: BLE001 - a save must never take the app down
        message = str(exc) if isinstance(exc, RecordError) else f"{type(exc).__name__}: {exc}"
        if str(path) not in message:
            message = t("saves.cannot_open", file=str(path), error=message)
        app.toast(message[:400], "error", 8.0)
        app.sound.play("error")
        return False
    app.push(scene)
    if scene.stop_line:
        app.toast(scene.stop_line, "warning", 8.0)
    return True


def changed_since_message(game_title_text: str, check: SaveCheck) -> str:
    """In words, why a save made by another version does not replay as it was played
    (`check_save`), and how it opens: "Made with 0.2.0; the rules of Dark Gothic
    changed since — it opens as a replay up to move 41 of 60." """
    made = (t("saves.made_with", version=check.made_with) if check.made_with
            else t("saves.made_with_earlier"))
    key = CHANGED_SINCE[(check.data_changed, check.diverges)]
    return t(key, made=made, game=game_title_text, n=check.legal, total=check.total)


CHANGED_SINCE = {      # (the game's data changed, every move replays but ends elsewhere) -> message
    (False, False): "saves.rules_changed_stops",
    (True, False): "saves.data_changed_stops",
    (False, True): "saves.rules_changed_diverges",
    (True, True): "saves.data_changed_diverges",
}


def open_changed_save(app, spec, ruleset, record, check: SaveCheck, to_menu: bool = True) -> bool:
    """A save this version replays differently opens in the replay viewer, as far as
    its moves are legal today, with a line saying why — never resumed on a state the
    players did not reach, never refused without a word. `to_menu`: from the Load
    screen the viewer replaces it (as a resumed table would); from Replays it stacks."""
    scene = ReplayScene(app, spec, ruleset, record, legal=check.legal, stop=check.stop, finished=check.finished)
    if to_menu:
        app.to_menu()
    app.push(scene)
    app.toast(changed_since_message(spec.title_text(), check), "warning", 10.0)
    return True


class MediaButton(Button):
    """A transport button drawn as shapes (no font glyph needed)."""

    def __init__(self, ui, rect, shape: str, on_click, tooltip: str, hotkey=None):
        super().__init__(ui, rect, "", on_click, tooltip=tooltip, hotkey=hotkey)
        self.shape = shape

    def draw(self, surf):
        super().draw(surf)
        pal = self.ui.pal
        col = pal.text if self.enabled else pal.text_faint
        cx, cy = self.rect.center
        s = 11

        def tri(x, left=False):
            if left:
                pygame.draw.polygon(surf, col, [(x + s, cy - s), (x + s, cy + s), (x - s + 2, cy)])
            else:
                pygame.draw.polygon(surf, col, [(x - s, cy - s), (x - s, cy + s), (x + s - 2, cy)])
        if self.shape == "play":
            tri(cx + 2)
        elif self.shape == "pause":
            pygame.draw.rect(surf, col, (cx - 10, cy - 12, 7, 24))
            pygame.draw.rect(surf, col, (cx + 3, cy - 12, 7, 24))
        elif self.shape == "next":
            tri(cx - 2)
            pygame.draw.rect(surf, col, (cx + 9, cy - 11, 4, 22))
        elif self.shape == "prev":
            tri(cx + 2, left=True)
            pygame.draw.rect(surf, col, (cx - 13, cy - 11, 4, 22))
        elif self.shape == "end":
            tri(cx - 10)
            tri(cx + 6)
            pygame.draw.rect(surf, col, (cx + 14, cy - 11, 4, 22))
        elif self.shape == "start":
            tri(cx + 10, left=True)
            tri(cx - 6, left=True)
            pygame.draw.rect(surf, col, (cx - 18, cy - 11, 4, 22))


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, app, spec, ruleset, record, legal: int | None = None, stop: str | None = None,
                 finished: bool | None = None):
        """`legal`: how many of the record's actions replay (the rest are not shown);
        `stop`: why the next one does not, drawn above the transport bar at the end;
        `finished`: whether those actions end the game (None: replayed here to find out).
        A finished game is shown with nothing hidden where the game has `reveal_view`."""
        super().__init__(app)
        self.spec, self.record = spec, record
        seats = [SeatInfo.from_json(s) for s in record.seats]
        self.actions = list(record.actions if legal is None else record.actions[:legal])
        self.stop_reason = stop if stop and legal is not None and legal < len(record.actions) else None
        self.match = Match(record.game, ruleset, seats, record.options, record.seed, validated=True)
        self._rename_default_seats()
        if finished is None:
            self.match.log = list(self.actions)
            try:
                self.match.replay_to(len(self.actions))
                finished = self.match.result() is not None
            except Exception:    # noqa: BLE001 - a log that stops being legal: shown as unfinished
                finished = False
            self.match.replay_to(0)
        self.finished = bool(finished)
        self.pos = 0
        self.playing = False
        self.timer = 0.0
        self.ctx = TableContext(match=self.match, spec=spec, viewer=None, assets=app.assets, sound=app.sound,
                                settings=app.settings, submit=self._no_submit, size=LOGICAL_SIZE,
                                reveal=self.finished, extra={"app": app, "scene": self, "replay": True})
        self.table = build_table(spec, self.ctx)
        self.bar = pygame.Rect(0, 0, 900, 84)
        self.bar.midbottom = (LOGICAL_SIZE[0] // 2, LOGICAL_SIZE[1] - 8)
        self.track = pygame.Rect(self.bar.x + 404, self.bar.centery + 4, 396, 10)
        x, y = self.bar.x + 16, self.bar.y + 12
        bw = 64
        self.btn_start = self.ui.add(MediaButton(app, (x, y, bw, 60), "start", self.to_start, "", pygame.K_HOME))
        self.btn_prev = self.ui.add(MediaButton(app, (x + 72, y, bw, 60), "prev", self.step_back, "", pygame.K_LEFT))
        self.btn_play = self.ui.add(MediaButton(app, (x + 144, y, bw + 16, 60), "play", self.toggle_play, "",
                                                pygame.K_SPACE))
        self.btn_next = self.ui.add(MediaButton(app, (x + 232, y, bw, 60), "next", self.step_forward, "",
                                                pygame.K_RIGHT))
        self.btn_end = self.ui.add(MediaButton(app, (x + 304, y, bw, 60), "end", self.to_end, "", pygame.K_END))
        self.btn_close = self.ui.add(Button(app, (self.bar.right - 76, y, 60, 60), "", self.on_back_click,
                                            icon="close"))
        self.seeking = False
        self._label_buttons()

    @property
    def stop_line(self) -> str | None:
        """Why the save stops replaying before its end, in the current language."""
        if self.stop_reason is None:
            return None
        return t("replay.stops_at", n=len(self.actions), total=len(self.record.actions), reason=self.stop_reason)

    def _rename_default_seats(self):
        """Seats the app named ("Player 2") read in the current language ("Hráč 2"), as
        at the table; typed names stay."""
        for i, seat in enumerate(self.match.seats):
            seat.name = seat_name_now(seat.name, i)

    def _label_buttons(self):
        """The transport's tooltips in the current language."""
        self.btn_start.tooltip = t("replay.start")
        self.btn_prev.tooltip = t("replay.back")
        self.btn_next.tooltip = t("replay.forward")
        self.btn_end.tooltip = t("replay.end")
        self.btn_close.tooltip = t("replay.close_tip")
        self._refresh_buttons()

    def language_changed(self):
        """The language changed with the replay open: the game's table is built anew in
        the new language (card faces, chronicle, trays) at the same move and with the same
        chronicle, seats the app named take their names in it, and the transport's
        tooltips are reworded."""
        self._rename_default_seats()
        old = self.table
        table = build_table(self.spec, self.ctx)
        table.history = list(getattr(old, "history", None) or [])
        self.table = table
        self._label_buttons()

    def _no_submit(self, seat, action):
        self.app.toast(t("replay.no_moves"), "info", 2.0)
        return None

    def on_back_click(self):
        self.on_back()

    # -- moving through the log ----------------------------------------------------------
    def seek(self, n: int):
        n = max(0, min(len(self.actions), n))
        if n == self.pos:
            return
        self.match.log = list(self.actions)
        self.match.replay_to(n)
        self.pos = n
        self._safe(lambda: self.table.reload(None))
        self._refresh_buttons()

    def step_forward(self):
        if self.pos >= len(self.actions):
            self.playing = False
            self._refresh_buttons()
            return
        seat, action = self.actions[self.pos]
        try:
            events = self.match.submit(seat, action)
        except Exception as exc:     # noqa: BLE001 - IllegalAction, or a game bug on this log
            reason = exc.reason if isinstance(exc, IllegalAction) else type(exc).__name__
            self.app.toast(t("replay.broken", n=self.pos + 1, reason=reason), "error", 6.0)
            self.playing = False
            self.actions = self.actions[:self.pos]
            self._safe(lambda: self.match.replay_to(self.pos))
            self._refresh_buttons()
            return
        self.pos += 1
        visible = [e for e in events if e.visible_to(None)]
        self._safe(lambda: self.table.on_events(visible))
        self._refresh_buttons()

    def step_back(self):
        self.playing = False
        self.seek(self.pos - 1)
        self._refresh_buttons()

    def to_start(self):
        self.playing = False
        self.seek(0)

    def to_end(self):
        self.playing = False
        self.seek(len(self.actions))

    def toggle_play(self):
        if self.pos >= len(self.actions):
            self.seek(0)
        self.playing = not self.playing
        self.timer = 0.0
        self._refresh_buttons()

    def _refresh_buttons(self):
        self.btn_play.shape = "pause" if self.playing else "play"
        self.btn_play.tooltip = t("replay.pause") if self.playing else t("replay.play")
        at_start, at_end = self.pos <= 0, self.pos >= len(self.actions)
        self.btn_start.set_enabled(not at_start, t("replay.at_start"))
        self.btn_prev.set_enabled(not at_start, t("replay.at_start"))
        self.btn_next.set_enabled(not at_end, t("replay.at_end"))
        self.btn_end.set_enabled(not at_end, t("replay.at_end"))

    def _safe(self, fn, default=None):
        return run_guarded(self, fn, "replay", default)

    # -- frame ----------------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        if e.type == pygame.KEYDOWN and getattr(e, "key", None) == pygame.K_ESCAPE:
            return self.on_back()
        if self.ui.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos") \
                and self.track.inflate(0, 30).collidepoint(e.pos):
            self.seeking = True
            self._seek_to_x(e.pos[0])
            return True
        if e.type == pygame.MOUSEMOTION and self.seeking and hasattr(e, "pos"):
            self._seek_to_x(e.pos[0])
            return True
        if e.type == pygame.MOUSEBUTTONUP and self.seeking:
            self.seeking = False
            return True
        if self.bar.collidepoint(getattr(e, "pos", (-1, -1))):
            return True
        self._safe(lambda: self.table.handle_event(e), False)
        return True

    def _seek_to_x(self, x):
        frac = (x - self.track.x) / max(1, self.track.w)
        self.playing = False
        self.seek(int(round(max(0.0, min(1.0, frac)) * len(self.actions))))

    def update(self, dt):
        super().update(dt)
        self._safe(lambda: self.table.update(dt))
        if self.playing and not self._safe(self.table.busy, False):
            self.timer += dt
            if self.timer >= max(0.12, self.app.settings.anim(0.9)):
                self.timer = 0.0
                self.step_forward()

    def frame_rate(self) -> float:
        """Full rate while playing or while the table animates a step; still when paused
        on a settled table (the window then draws on input only)."""
        if self.playing or self.seeking or self._safe(self.table.busy, False):
            return float(theme.FPS)
        if any(getattr(self.table, name, None) for name in ("toasts", "bubbles", "flyers")):
            return float(theme.FPS)
        return 0.0

    def draw(self, surf):
        self._safe(lambda: self.table.draw(surf))
        pal = self.app.pal
        draw_panel(surf, self.bar, self.app, alpha=236, fill=pal.bg_deep)
        self.ui.draw(surf)
        n = len(self.actions)
        draw_text(surf, self.app, fit_text(self.app, self.position_words(), FONT.small, self.position_room()),
                  (self.track.x, self.bar.y + 10), FONT.small, pal.text_dim)
        draw_text(surf, self.app, t("replay.title"), (self.track.right, self.bar.y + 10), FONT.small, pal.gold,
                  anchor="topright")
        pygame.draw.rect(surf, pal.button_press, self.track, border_radius=5)
        fill = self.track.copy()
        fill.w = int(self.track.w * (self.pos / n if n else 0))
        if fill.w:
            pygame.draw.rect(surf, pal.gold, fill, border_radius=5)
        pygame.draw.circle(surf, pal.text, (self.track.x + fill.w, self.track.centery), 11)
        pygame.draw.circle(surf, pal.gold, (self.track.x + fill.w, self.track.centery), 11, 2)
        if self.stop_line and self.pos >= n:
            line = fit_text(self.app, self.stop_line, FONT.small, self.bar.w + 400)
            draw_text(surf, self.app, line, (self.bar.centerx, self.bar.y - 14), FONT.small, pal.danger_hi,
                      anchor="midbottom", shadow=True)
        self.ui.draw_tooltip(surf)

    def position_room(self) -> int:
        """How wide the position line may be: the track less the title at its right."""
        return self.track.w - self.app.assets.font(FONT.small).size(t("replay.title"))[0] - 20

    def position_words(self) -> str:
        """Where the replay stands, counted in moves played: "After move 16 of 23"."""
        return t("replay.position", n=self.pos, total=len(self.actions))

    def help_lines(self):
        return [("Space", t("replay.play")), ("← →", t("help.replay_step")), ("Home / End", t("help.replay_ends")),
                ("Esc", t("help.back"))]


__all__ = ["ReplayScene", "open_replay", "SPACE"]
