"""The table scene: runs one Match in the window.

Each frame: clocks (match.tick), hot-seat curtain, the game's table (update/draw),
and AI seats thinking off the render loop (AgentWorker) once the table has finished
animating. Human actions come from the table through `ctx.submit`; an illegal one
becomes a toast with the rules' reason. The screen is drawn only from the viewer's
view: one human → always that human; several → whoever must decide, behind a
"Pass to <name>" curtain; no human → spectator (None).
"""
from __future__ import annotations

import sys
import time
import traceback

import pygame

from ...core.i18n import t
from ...core.match import Match, SeatInfo
from ...core.rules import IllegalAction
from ..agent_worker import AgentWorker
from ..table.base import TableContext
from ..theme import FONT, LOGICAL_SIZE, SPACE
from ..widgets import Button, draw_panel, draw_text
from .base import Backdrop, Scene, seat_marker
from .saves import autosave_path


def make_agents(spec, seats, seed: int) -> dict:
    """One agent per AI seat from the game's make_agent (random if that fails)."""
    from ...ai.random_agent import RandomAgent
    agents = {}
    for i, s in enumerate(seats):
        if s.is_human:
            continue
        try:
            agents[i] = spec.make_agent(s.difficulty, i, seed * 31 + i)
        except Exception as exc:      # noqa: BLE001 - a game without that level still plays
            print(f"nocturne: {spec.id}: no {s.difficulty!r} agent for seat {i} ({exc}); using random",
                  file=sys.stderr)
            agents[i] = RandomAgent(seed * 31 + i)
    return agents


def build_table(spec, ctx):
    """The game's own table, or the plain fallback while it does not import."""
    from .fallback_table import FallbackTable
    try:
        cls = spec.table_class()
        return cls(ctx)
    except Exception as exc:          # noqa: BLE001
        if not isinstance(exc, (ImportError, AttributeError)):
            traceback.print_exc()
        print(f"nocturne: {spec.id}: table {spec.table!r} unavailable ({type(exc).__name__}: {exc}); "
              "using the plain table", file=sys.stderr)
        return FallbackTable(ctx)


def start_game(app, spec, seats: list[SeatInfo], options: dict, seed: int):
    """Create the match and open its table (raises OptionsError for bad options)."""
    from ...games import registry
    ruleset = registry.ruleset(spec.id)
    agents = make_agents(spec, seats, seed)
    path = autosave_path(spec.id)
    match = Match(spec.id, ruleset, seats, options, seed, agents=agents, autosave_path=path)
    from .menu import MenuScene
    app.reset(MenuScene(app))
    scene = TableScene(app, spec, match, setup={"seats": [s.to_json() for s in seats], "options": options})
    app.push(scene)
    try:
        match.save(path)
    except OSError:
        pass
    return scene


EVENT_SOUNDS = (("roll", "dice_roll"), ("dice", "dice_roll"), ("shuffle", "shuffle"), ("reveal", "reveal"),
                ("flip", "card_flip"), ("challenge", "challenge"), ("coin", "coins"), ("ducat", "coins"),
                ("money", "coins"), ("pay", "coins"), ("income", "coin"), ("draw", "card_slide"),
                ("deal", "card_slide"), ("card", "card_slide"), ("discard", "card_slide"),
                ("move", "card_slide"), ("lose", "reveal"))


def event_sound(kind: str) -> str | None:
    k = kind.lower()
    for word, name in EVENT_SOUNDS:
        if word in k:
            return name
    return None


class TableScene(Scene):
    name = "table"

    def __init__(self, app, spec, match: Match, setup: dict | None = None, viewer="auto"):
        super().__init__(app)
        self.spec, self.match = spec, match
        self.setup = setup or {"seats": [s.to_json() for s in match.seats], "options": match.options}
        self.humans = [i for i, s in enumerate(match.seats) if s.is_human]
        if viewer == "auto":
            viewer = self.humans[0] if len(self.humans) == 1 else None
        self.viewer = viewer
        self.hotseat = len(self.humans) >= 2
        if self.hotseat:
            for s in self.humans:
                match.pause_seat(s, True)
        self.ctx = TableContext(match=match, spec=spec, viewer=viewer, assets=app.assets, sound=app.sound,
                                settings=app.settings, submit=self.submit_human, size=LOGICAL_SIZE,
                                undo=self.undo, extra={"app": app, "scene": self})
        self.table = build_table(spec, self.ctx)
        self.worker = AgentWorker()
        self.curtain: int | None = None
        self.curtain_t = 0.0
        self.think_seat: int | None = None
        self.think_t = 0.0
        self.ready = None                 # (key, action, due) an AI answer waiting for its pacing
        self.ai_retries: dict = {}
        self.over_t = 0.0
        self.paused_at: float | None = None
        self.had_decision = False
        self.backdrop = None
        self.hud = []
        self._build_hud()
        self.finished = False
        self.autoplay = True               # False: AI seats wait (screenshots, benchmarks)

    # -- hud ------------------------------------------------------------------------
    def _build_hud(self):
        self.ui.clear()
        w = LOGICAL_SIZE[0]
        self.menu_btn = self.ui.add(Button(self.app, (w - 68, 12, 56, 52), "", self.open_menu, icon="menu",
                                           style="ghost", tooltip=t("play.menu_tip")))
        self.help_btn = self.ui.add(Button(self.app, (w - 130, 12, 56, 52), "", self.open_help, icon="help",
                                           style="ghost", tooltip=t("play.help_tip")))
        self.curtain_btn = Button(self.app, (0, 0, 560, 76), "", self.lift_curtain, icon="confirm",
                                  style="primary", size=FONT.button + 2)

    # -- lifecycle ------------------------------------------------------------------------
    def enter(self):
        self.app.sound.music("music_ambient")

    def pause(self):
        self.paused_at = self.match.now()

    def resume(self):
        if self.paused_at is not None:
            # the in-game menu is a real pause: clocks resume where they stood
            gap = self.match.now() - self.paused_at
            for k in list(self.match.deadlines):
                self.match.deadlines[k] += gap
            self.paused_at = None
        # a settings change (colour-blind, language) may need a rebuild
        self._safe(lambda: self.table.set_viewer(self.viewer), "set_viewer")
        self._build_hud()

    def exit(self):
        self.worker.close()

    def on_quit(self):
        self.autosave()

    def autosave(self):
        if self.match.over or self.match.autosave_path is None:
            return
        try:
            self.match.save(self.match.autosave_path)
        except OSError as exc:
            self.app.toast(t("toast.autosave_failed", error=str(exc)), "error")

    # -- table guard ---------------------------------------------------------------------
    def _safe(self, fn, where: str, default=None):
        try:
            return fn()
        except Exception as exc:      # noqa: BLE001 - a table bug falls back to the plain table
            if self.app.strict:
                raise
            self.app.report_error(f"{self.spec.id} table ({where})", exc)
            from .fallback_table import FallbackTable
            if not isinstance(self.table, FallbackTable):
                self.table = FallbackTable(self.ctx)
            return default

    # -- humans ------------------------------------------------------------------------------
    def submit_human(self, seat: int, action):
        """ctx.submit: a human's action from the table."""
        if self.curtain is not None:
            return None
        if seat is None or not (0 <= seat < len(self.match.seats)) or not self.match.seats[seat].is_human:
            self._illegal(t("play.not_your_seat"))
            return None
        if self.hotseat and seat != self.viewer:
            self._illegal(t("play.not_your_turn"))
            return None
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as exc:
            self._illegal(exc.reason)
            return None
        self.after_events(events)
        return events

    def _illegal(self, reason: str):
        self.app.toast(reason, "error", 4.0)
        self.app.sound.play("error")

    def undo(self):
        seat = self.viewer
        if seat is None or not self.match.can_undo(seat):
            self.app.toast(t("play.cannot_undo"), "info")
            self.app.sound.play("error", 0.5)
            return False
        self.worker.cancel()
        self.ready = None
        self.match.undo(seat)
        self._safe(lambda: self.table.reload(seat), "reload")
        self.app.toast(t("play.undone"), "info", 2.0)
        return True

    def after_events(self, events):
        visible = [e for e in events if e.visible_to(self.viewer)]
        self._safe(lambda: self.table.on_events(visible), "on_events")
        if not getattr(self.table, "plays_event_sounds", False):
            played = set()
            for e in visible:
                name = event_sound(e.kind)
                if name and name not in played and len(played) < 2:
                    played.add(name)
                    self.app.sound.play(name, 0.8)

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        m = self.match
        if not m.over:
            events = m.tick()
            if events:
                self.after_events(events)
        self.hotseat_check()
        self._safe(lambda: self.table.update(dt), "update")
        if self.curtain is not None:
            self.curtain_t += dt
            self.curtain_btn.update(dt)
            if self.backdrop:
                self.backdrop.update(dt)
        if m.over:
            self.ready = None
            busy = self._safe(self.table.busy, "busy", False)
            if not busy:
                self.over_t += dt
                if self.over_t >= max(0.4, self.app.settings.anim(1.6)) and not self.finished:
                    self.finish()
            return
        if self.autoplay:
            self.ai_step()
        self.turn_cue()

    def turn_cue(self):
        v = self.viewer
        has = v is not None and self.curtain is None and bool(self.match.decisions_for(v)) \
            and self.match.seats[v].is_human
        if has and not self.had_decision and (len(self.match.agents) > 0 or self.hotseat):
            kinds = {d.kind for d in self.match.decisions_for(v)}
            if "turn" in kinds or not kinds:
                self.app.sound.play("your_turn", 0.7)
        self.had_decision = has

    def pending_humans(self) -> list[int]:
        pending = []
        for d in self.match.decisions():
            if d.seat in self.humans and d.seat not in pending:
                pending.append(d.seat)
        return pending

    def hotseat_check(self):
        if not self.hotseat or self.match.over:
            return
        if self.curtain is not None:
            # the one we wait for no longer has to decide (an AI closed the window): hand
            # the curtain to whoever does, so nobody lifts it for nothing
            pending = self.pending_humans()
            if pending and self.curtain not in pending:
                if self.viewer in pending:       # the one already seated decides: no hand-over
                    self.curtain = None
                    self.match.pause_seat(self.viewer, False)
                    return
                self.curtain = pending[0]
                self.curtain_btn.label = t("curtain.ready", name=self.match.seats[self.curtain].name)
            return
        if self._safe(self.table.busy, "busy", False):
            return
        pending = self.pending_humans()
        if not pending or self.viewer in pending:
            return
        self.raise_curtain(pending[0])

    def raise_curtain(self, seat: int):
        self.curtain = seat
        self.curtain_t = 0.0
        if self.backdrop is None:
            self.backdrop = Backdrop(self.app, glow_pos=(960, 430), glow_radius=700, embers=24)
        self.match.pause_seat(seat, True)
        self.curtain_btn.label = t("curtain.ready", name=self.match.seats[seat].name)
        self.curtain_btn.rect.midbottom = (LOGICAL_SIZE[0] // 2, 540 + 280 - 40)
        self.app.sound.play("curtain")

    def lift_curtain(self):
        seat = self.curtain
        if seat is None:
            return
        prev = self.viewer
        if prev is not None and prev != seat:
            self.match.pause_seat(prev, True)
        self.curtain = None
        self.viewer = seat
        self.ctx.viewer = seat
        self._safe(lambda: self.table.set_viewer(seat), "set_viewer")
        self.match.pause_seat(seat, False)
        self.had_decision = False
        self.app.sound.play("ui_click")

    def ai_step(self):
        m = self.match
        now = self.t
        for key, action, error, _secs in self.worker.poll():
            self.think_seat = None
            log_len, seat = key
            if log_len != len(m.log):
                continue
            decision = next((d for d in m.decisions() if d.seat == seat), None)
            if decision is None:
                continue
            if error is not None or action not in decision.actions:
                # an agent that failed (e.g. its memory changed under it while a human
                # answered a reaction) thinks once more before falling back to the default
                tries = self.ai_retries.get(key, 0)
                if tries < 2:
                    self.ai_retries[key] = tries + 1
                    continue
                action = decision.default if decision.default in decision.actions else decision.actions[0]
            pace = self.app.settings.anim(0.35 if decision.kind != "turn" else 0.7)
            self.ready = (key, action, self.think_t + pace)
        if self.ready is not None:
            key, action, due = self.ready
            if key[0] != len(m.log):
                self.ready = None
            elif now >= due:
                self.ready = None
                seat = key[1]
                if any(d.seat == seat and action in d.actions for d in m.decisions()):
                    try:
                        events = m.submit(seat, action)
                    except IllegalAction as exc:
                        print(f"nocturne: AI seat {seat} played an illegal action: {exc.reason}", file=sys.stderr)
                    else:
                        self.after_events(events)
            return
        if self.worker.busy:
            if self.worker.pending_key and self.worker.pending_key[0] != len(m.log):
                self.worker.cancel()
                self.think_seat = None
            return
        if self._safe(self.table.busy, "busy", False):
            return
        requests = m.agent_requests()
        if not requests:
            return
        seat, view, decision = requests[0]
        self.worker.request((len(m.log), seat), m.agents[seat], view, decision)
        self.think_seat = seat
        self.think_t = now

    def finish(self):
        self.finished = True
        from .results import ResultsScene
        path = self.match.autosave_path
        if path is not None:
            try:
                path.unlink()
            except OSError:
                pass
        self.app.replace(ResultsScene(self.app, self.spec, self.match, self.setup))

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        if self.curtain is not None:
            if self.ui.handle_event(e):
                return True
            if self.curtain_btn.handle_event(e):
                return True
            if e.type == pygame.KEYDOWN:
                k = getattr(e, "key", None)
                if k == pygame.K_ESCAPE:
                    self.open_menu()
                elif k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER) and self.curtain_t > 0.3:
                    self.lift_curtain()
            return True                         # nothing reaches the hidden table
        if e.type == pygame.KEYDOWN:
            k = getattr(e, "key", None)
            if k == pygame.K_ESCAPE:
                self.open_menu()
                return True
        if self.ui.handle_event(e):
            return True
        if self._safe(lambda: self.table.handle_event(e), "handle_event", False):
            return True
        if e.type == pygame.KEYDOWN:
            k = getattr(e, "key", None)
            mod = getattr(e, "mod", 0)
            if k == pygame.K_z and mod & pygame.KMOD_CTRL:
                self.undo()
                return True
            if k == pygame.K_s and mod & pygame.KMOD_CTRL:
                self.save_game()
                return True
        return True

    def open_menu(self):
        from .overlays import PauseMenu
        self.app.sound.play("ui_click")
        self.app.push(PauseMenu(self.app, self))

    def open_help(self):
        from .overlays import HelpOverlay
        self.app.push(HelpOverlay(self.app))

    def save_game(self):
        from .saves import new_save_path, saves_dir
        path = new_save_path(saves_dir(), self.spec.id)
        try:
            self.match.save(path)
        except OSError as exc:
            self.app.toast(t("toast.save_failed", error=str(exc)), "error")
            return None
        self.app.toast(t("toast.saved", file=path.name), "success")
        return path

    def help_lines(self):
        lines = [("Esc", t("help.menu")), ("Ctrl+Z", t("help.undo")), ("Ctrl+S", t("help.save")),
                 ("F11", t("help.fullscreen")), ("?", t("help.this"))]
        extra = list(self._safe(self.table.help_lines, "help_lines", []) or [])
        seen = {k.replace(" ", "").lower() for k, _ in extra}
        return extra + [(k, v) for k, v in lines if k.replace(" ", "").lower() not in seen]

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surf):
        if self.curtain is not None:
            self.draw_curtain(surf)
            self.ui.draw(surf)
            self.ui.draw_tooltip(surf)
            return
        self._safe(lambda: self.table.draw(surf), "draw")
        self.draw_thinking(surf)
        self.ui.draw(surf)
        self.ui.draw_tooltip(surf)

    def draw_thinking(self, surf):
        seat = self.think_seat if self.worker.busy else (self.ready[0][1] if self.ready else None)
        if seat is None or seat >= len(self.match.seats):
            return
        pal = self.app.pal
        pos = None
        anchor = getattr(self.table, "seat_anchor", None)
        if callable(anchor):
            try:
                pos = anchor(seat)
            except Exception:        # noqa: BLE001
                pos = None
        dots = "." * (1 + int(self.t * 3) % 3)
        text = t("play.thinking", name=self.match.seats[seat].name) + dots
        base = t("play.thinking", name=self.match.seats[seat].name) + "..."
        tw = self.app.assets.text_size(base, FONT.small, bold=True)[0]
        r = pygame.Rect(0, 0, tw + 78, 46)
        if pos is None:
            r.midtop = (LOGICAL_SIZE[0] // 2, 14)
        else:
            r.center = (int(pos[0]), int(pos[1]))
            r.clamp_ip(surf.get_rect().inflate(-16, -16))
        draw_panel(surf, r, self.app, alpha=235, fill=pal.bg_deep, edge=pal.gold_dim, radius=23)
        ang = (self.t * 200) % 360
        ic = self.app.assets.icon("timer", 26, pal.amber)
        rot = pygame.transform.rotate(ic, -ang if int(self.t * 2) % 2 else 0)
        surf.blit(rot, rot.get_rect(center=(r.x + 30, r.centery)))
        seat_marker(surf, self.app, seat, (r.x + 56, r.centery), 7)
        draw_text(surf, self.app, text, (r.x + 70, r.centery), FONT.small, pal.text, bold=True, anchor="midleft")

    def draw_curtain(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        seat = self.curtain
        name = self.match.seats[seat].name
        cx = LOGICAL_SIZE[0] // 2
        panel = pygame.Rect(0, 0, 980, 560)
        panel.center = (cx, 540)
        draw_panel(surf, panel, self.app, alpha=225)
        ic = self.app.assets.icon("hooded_cloak", 120, pal.gold)
        surf.blit(ic, ic.get_rect(midtop=(cx, panel.y + 36)))
        draw_text(surf, self.app, t("curtain.pass_to"), (cx, panel.y + 188), FONT.heading, pal.text_dim,
                  display=True, anchor="center")
        nr = draw_text(surf, self.app, name, (cx, panel.y + 262), FONT.title + 12, pal.gold, display=True,
                       anchor="center", shadow=True)
        seat_marker(surf, self.app, seat, (nr.x - 34, nr.centery + 4), 14)
        block = self.app.assets.text_block(t("curtain.hint"), FONT.body, pal.text, 800, align="center")
        surf.blit(block, block.get_rect(midtop=(cx, panel.y + 330)))
        self.curtain_btn.draw(surf)


__all__ = ["TableScene", "make_agents", "build_table", "start_game", "SPACE", "time"]
