"""The table scene: runs one Match in the window.

Each frame: clocks (match.tick), hot-seat curtain, the game's table (update/draw),
and AI seats thinking off the render loop (AgentWorker) once the table has finished
animating. Human actions come from the table through `ctx.submit`; an illegal one
becomes a toast with the rules' reason. The screen is drawn only from the viewer's
view: one human → always that human; several → whoever must decide, behind a
"Pass to <name>" curtain; no human → spectator (None).

Hot-seat: the curtain lifts only by a deliberate act of the next player (a click on
its button, or R held for half a second) and never in its first half second; a
question that needs no private information (challenge a claim, block a public
action, bid the asking price) is asked on a public screen with no curtain. When a
seat sits down its chronicle is rebuilt from the log as solo play shows it, with its
"(only you)" lines. A timeout that moves for a person is written in the chronicle.
At the end the table stays on the final board until "See results" is clicked.
"""
from __future__ import annotations

import sys
import time
import traceback

import pygame

from ...core.i18n import has, t
from ...core.match import Match, SeatInfo
from ...core.refusal import explain as explain_refusal, split_anchor
from ...core.rules import Event, IllegalAction
from ...core.safeio import one_line
from ..agent_worker import AgentWorker
from ..table.base import TableContext
from ..theme import FONT, LOGICAL_SIZE, SPACE
from ..widgets import Button, draw_panel, draw_text
from .. import theme
from .base import Backdrop, Scene, seat_marker, seat_name_now
from .fallback_table import run_guarded
from .match_words import action_label, decision_title, reason_text
from .savefiles import autosave_path, new_save_path, saves_dir, saves_off


CURTAIN_GUARD = 0.5         # seconds after the curtain appears during which nothing lifts it
CURTAIN_HOLD = 0.5          # the lift key must be held this long
RULES_KEY = pygame.K_w      # "why?": the rules section of the last refusal
CURTAIN_KEY = pygame.K_r    # Space (zoom) and Enter (confirm) never lift it
# Questions asked of several seats that need no private information: in hot-seat they
# are answered on a public screen (a game may list its own in GameSpec.public_decisions).
PUBLIC_KINDS = frozenset({"challenge", "challenge_block", "block", "bid"})
COUNTDOWN_FPS = 4.0         # a running clock redraws a few times a second
AI_PACE = 0.35              # seconds between AI answers at normal speed (a turn: twice that)
AI_PACE_OUT = 1.1           # ... once no person is left to play: slow enough to follow


def make_agents(spec, seats, seed: int, warn=None) -> dict:
    """One agent per AI seat from the game's make_agent (random if that fails, which
    `warn(message)` tells the player: the window passes its toast)."""
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
            if warn is not None:
                warn(t("toast.agent_fallback", name=s.name, level=t(f"difficulty.{s.difficulty}")
                       if has(f"difficulty.{s.difficulty}") else s.difficulty, error=one_line(exc, 120)))
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
    from ... import registry
    ruleset = registry.ruleset(spec.id)
    agents = make_agents(spec, seats, seed, warn=lambda m: app.toast(m, "warning", 8.0))
    path = autosave_path(spec.id)
    match = Match(spec.id, ruleset, seats, options, seed, agents=agents, autosave_path=path,
                  time_scale=app.settings.time_scale)
    app.to_menu()
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
        self.rename_default_seats()
        # the timing setting governs every match the window runs (new, loaded or resumed)
        self.timing = app.settings.timing
        match.time_scale = app.settings.time_scale
        if viewer == "auto":
            viewer = self.humans[0] if len(self.humans) == 1 else None
        self.viewer = viewer
        self.hotseat = len(self.humans) >= 2
        self.clock_held = False            # one person: their clock waits while the table catches up
        self.clocks_seen: set = set()      # ...except questions already seen on a still table
        if self.hotseat:
            for s in self.humans:
                match.pause_seat(s, True)
        self.ctx = TableContext(match=match, spec=spec, viewer=viewer, assets=app.assets, sound=app.sound,
                                settings=app.settings, submit=self.submit_human, size=LOGICAL_SIZE,
                                undo=self.undo, refuse=self.refuse, extra={"app": app, "scene": self})
        self.table = build_table(spec, self.ctx)
        self.worker = AgentWorker()
        self.curtain: int | None = None
        self.curtain_t = 0.0
        self.hold_t: float | None = None   # how long the lift key has been held (None: not held)
        self.public: list = []             # hot-seat questions answered on the public screen now
        self.peek: int | None = None       # hot-seat: the seat looking at its own cards ("My cards")
        self.peek_left: dict = {}          # ...and the time its question had left (a peek resets no clock)
        self._public_key = None
        self.notes: list[tuple[int, Event]] = []   # the scene's own chronicle lines, by log length
        self.think_seat: int | None = None
        self.think_t = 0.0
        self.ready = None                 # (key, action, due) an AI answer waiting for its pacing
        self.autosave_said = None         # the autosave failure already told (once per new error)
        self.ai_retries: dict = {}
        self.fast = False                 # fast-forward: AI seats answer without pause
        self.over_t = 0.0
        self.over_ready = False           # the final board is settled: "See results" is offered
        self.paused_at: float | None = None
        self.had_decision = False
        self.backdrop = None
        self.redraw = True                 # the picture changed by itself (a seat, a curtain): draw it
        self._hud_key = None
        self.curtain_btn = None
        self._build_hud()
        self.finished = False
        self.autoplay = True               # False: AI seats wait (screenshots, benchmarks)
        self.coach = None                  # a guided first game's coach (scenes/coach.py), or None
        from .hint_panel import HintPanel
        self.hints = HintPanel(self)       # the Hint button and panel (scenes/hint_panel.py)
        self.last_rule: str | None = None  # the rules section of the last refusal (RULES_KEY opens it)

    # -- hud ------------------------------------------------------------------------
    def _hud_state(self):
        return (self.over_ready, self.show_fast_forward(), self.fast, self._public_key, self.curtain is not None,
                self.peek)

    def _build_hud(self):
        self._hud_key = self._hud_state()
        self.redraw = True
        self.ui.clear()
        w = LOGICAL_SIZE[0]
        self.menu_btn = self.ui.add(Button(self.app, (w - 68, 12, 56, 52), "", self.open_menu, icon="menu",
                                           style="ghost", tooltip=t("play.menu_tip")))
        self.help_btn = self.ui.add(Button(self.app, (w - 130, 12, 56, 52), "", self.open_help, icon="help",
                                           style="ghost", tooltip=t("play.help_tip")))
        if self.curtain_btn is None:
            self.curtain_btn = Button(self.app, (0, 0, 620, 76), "", self.lift_curtain, icon="confirm",
                                      style="primary", size=FONT.button + 2)
        self.results_btn = self.ff_btn = self.unpeek_btn = None
        self.public_btns: list[Button] = []
        if self.curtain is not None:
            return
        if self.peek is not None:
            self.unpeek_btn = self.ui.add(Button(self.app, (w - 142 - 330, 12, 330, 52), t("curtain.peek_done"),
                                                 self.end_peek, icon="hooded_cloak", size=FONT.button - 4,
                                                 tooltip=t("curtain.peek_done_tip")))
        if self.over_ready:
            r = self.over_rect()
            why = reason_text(self.match, self.match.result())
            self.results_btn = self.ui.add(Button(self.app, (r.right - 270, r.y + 6, 262, 48),
                                                  t("play.see_results"), self.finish, icon="confirm",
                                                  style="primary",
                                                  tooltip=(why + " " if why else "") + t("play.see_results_tip")))
        elif self.show_fast_forward():
            label = t("play.normal_speed") if self.fast else t("play.fast_forward")
            self.ff_btn = self.ui.add(Button(self.app, (w - 142 - 258, 12, 258, 52), label, self.toggle_fast,
                                             size=FONT.button - 4,
                                             icon="confirm" if self.fast else "dice",
                                             tooltip=t("play.fast_forward_tip")))
        if self.public:
            for row, (d, r) in enumerate(zip(self.public, self.public_rows())):
                x = r.right - 20
                look_w = self.look_button_w()
                mk = Button(self.app, (x - look_w, r.y + 18, look_w, 56), t("curtain.public_look"),
                            lambda seat=d.seat: self.start_peek(seat), icon="hooded_cloak", style="ghost",
                            tooltip=t("curtain.public_look_tip"))
                mk.public_seat, mk.public_action = d.seat, None
                self.public_btns.append(self.ui.add(mk))
                x -= look_w + 14
                for a in reversed(d.actions):
                    label = action_label(self.spec.id, a, d.kind)
                    bw = max(170, min(300, self.app.assets.text_size(label, FONT.button, bold=True)[0] + 60))
                    b = Button(self.app, (x - bw, r.y + 18, bw, 56), label,
                               lambda seat=d.seat, a=a: self.submit_public(seat, a),
                               style="danger" if a[0] == "challenge" else ("primary" if a[0] != "pass" else "normal"))
                    b.public_seat, b.public_action = d.seat, a
                    self.public_btns.append(self.ui.add(b))
                    x -= bw + 12

    def play_center_x(self) -> int:
        """The middle of the playing area (left of the chronicle when the table has one)."""
        log_rect = getattr(self.table, "log_rect", None)
        try:
            left = log_rect().left if callable(log_rect) else LOGICAL_SIZE[0]
        except Exception:             # noqa: BLE001
            left = LOGICAL_SIZE[0]
        return max(560, min(LOGICAL_SIZE[0], left) // 2)

    def toast_anchor(self) -> tuple[int, int]:
        """Where the window's messages (undone, saved, not your turn) show on a table:
        over the middle of the felt, never on the seats' names along the top."""
        return self.play_center_x(), 330

    def over_rect(self) -> pygame.Rect:
        """The end-of-game strip: one line at the top of the playing area, so the final
        board (and the game's own last word) stays in view."""
        r = pygame.Rect(0, 0, 940, 60)
        r.midtop = (self.play_center_x(), 2)
        return r

    PUBLIC_W = 1320

    def look_button_w(self) -> int:
        """"My cards" with its icon, whole in every language."""
        return max(230, self.app.assets.text_size(t("curtain.public_look"), FONT.button, bold=True)[0] + 100)

    def public_buttons_w(self, d) -> int:
        w = self.look_button_w() + 14
        for a in d.actions:
            label = action_label(self.spec.id, a, d.kind)
            w += max(170, min(300, self.app.assets.text_size(label, FONT.button, bold=True)[0] + 60)) + 12
        return w

    def public_title_lines(self, d) -> list[str]:
        width = self.PUBLIC_W - 20 - self.public_buttons_w(d) - 46
        return self.app.assets.wrap(decision_title(self.spec.id, d, self.match.seats), FONT.small, width)

    def public_rows(self) -> list[pygame.Rect]:
        """One row per question, tall enough for its whole question."""
        heights = [max(92, 62 + 24 * len(self.public_title_lines(d))) for d in self.public]
        total = sum(heights) + 12 * max(0, len(heights) - 1)
        y = 540 - total // 2 - 20           # above the table's own banner (Schemers: "waiting for …")
        rows = []
        for h in heights:
            rows.append(pygame.Rect(300, y, self.PUBLIC_W, h))
            y += h + 12
        return rows

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
        self.apply_timing()
        # a settings change (colour-blind, language) may need a rebuild
        self._safe(lambda: self.table.set_viewer(self.viewer), "set_viewer")
        self.curtain_btn = None
        self._build_hud()

    def language_changed(self):
        """Settings changed the language under the in-game menu: the game's table is
        built anew (a table reads its words, card faces, chronicle title and trays when
        it builds them), with the same seat, chronicle and hidden hand, and the buttons
        are rebuilt in the new language at once. An arrangement not yet confirmed (a
        split of imps, cards picked to return) starts again."""
        self.rename_default_seats()
        old = self.table
        try:
            table = build_table(self.spec, self.ctx)
        except Exception as exc:      # noqa: BLE001 - keep the old words rather than no table
            self.app.report_error(f"{self.spec.id} table (language)", exc)
            table = old
        if table is not old:
            table.history = list(getattr(old, "history", None) or [])
            table.hand_hidden = getattr(old, "hand_hidden", False)
            self.table = table
        self._safe(lambda: self.table.set_viewer(self.viewer), "set_viewer")
        self.curtain_btn = None
        self._build_hud()
        # the Hint button is relabelled as it is placed, in update, which a table under the
        # Esc menu does not get: without this the menu showed it in the old language
        self.hints.button.tooltip = t("advice.hint_tip")
        self.hints.place()

    def rename_default_seats(self):
        """Seats named by the app ("Player 2") take that name in the current language
        (a save made in English, played on in Czech: "Hráč 2"); typed names stay."""
        for i, seat in enumerate(self.match.seats):
            seat.name = seat_name_now(seat.name, i)

    def apply_timing(self):
        """The timing setting changed (Settings from the in-game menu): people's clocks
        start again under the new setting; AI seats keep theirs."""
        if self.app.settings.timing == self.timing:
            return
        self.timing = self.app.settings.timing
        m = self.match
        m.time_scale = self.app.settings.time_scale
        for d in m.decisions():
            if d.seat in self.humans:
                m.deadlines.pop(d.clock_key, None)
        m._decisions = None

    def exit(self):
        self.worker.close()
        self.hints.shutdown()

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
        return run_guarded(self, fn, where, default)

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
        if self.coach is not None and self.coach.refuse(seat, action):
            return None                          # not the tutorial's step: the coach says why
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as exc:
            self.refuse(explain_refusal(self.spec, self.match, seat, action, exc, self.shown_prompt()))
            return None
        self.after_events(events)
        return events

    def shown_prompt(self) -> str:
        """The question the table's banner asks now (the fallback refusal repeats it)."""
        spec = getattr(getattr(self.table, "banner", None), "spec", None)
        return str(getattr(spec, "title", "") or "")

    def submit_public(self, seat: int, action):
        """An answer given on the public screen (hot-seat, a question with no secrets)."""
        if self.curtain is not None or not any(d.seat == seat for d in self.public):
            return None
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as exc:
            self.refuse(explain_refusal(self.spec, self.match, seat, action, exc))
            return None
        self.match.pause_seat(seat, True)        # its next question starts its clock when asked
        self.public = [d for d in self.public if d.seat != seat]
        self.after_events(events)
        return events

    def is_public(self, d) -> bool:
        own = getattr(self.spec, "public_decisions", None)
        kinds = PUBLIC_KINDS if own is None else own        # an empty set: none is public
        return d.kind in kinds and not d.sealed

    def _illegal(self, reason: str):
        self.refuse(reason)

    def refuse(self, reason) -> None:
        """ctx.refuse: tell the player why (a toast); a Refusal naming a rules section
        offers "Rules…" on the toast and the key RULES_KEY opens that section."""
        rule = getattr(reason, "rule", None)
        self.last_rule = rule
        link = (t("refuse.rules_link"), self.open_refusal_rules) if rule else None
        self.app.toast(str(reason), "error", 6.0 if rule else 4.0, link=link)
        self.app.sound.play("error")

    def open_refusal_rules(self) -> bool:
        """The rules page at the last refusal's section; Esc comes back to this table."""
        game, anchor = split_anchor(self.last_rule)
        if game is None:
            return False
        self.app.open_rules(game, anchor)
        return True

    def undo(self):
        seat = self.viewer
        if seat is None or not self.match.can_undo(seat):
            self.app.toast(t("play.cannot_undo"), "info")
            self.app.sound.play("error", 0.5)
            return False
        self.worker.cancel()
        self.ready = None
        self.match.undo(seat)
        n = len(self.match.log)
        self.notes = [(k, e) for k, e in self.notes if k < n]
        self._safe(lambda: self.show_seat(seat), "reload")
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

    def chronicle_events(self) -> list | None:
        """Every event of the game so far (what setup showed, each action's events, and
        this scene's own lines where they happened), replayed on a scratch state; the
        table shows those its viewer may see. None if the log does not replay."""
        m = self.match
        try:
            rules = m.rules
            state = rules.setup(len(m.seats), m.options, m.seed)
            opening = getattr(rules, "opening_events", None)
            out = list(opening(state)) if opening is not None else []
            notes = sorted(self.notes, key=lambda n: n[0])
            k = 0
            for i, (seat, action) in enumerate(m.log):
                while k < len(notes) and notes[k][0] <= i:      # a note stands before its action
                    out.append(notes[k][1])
                    k += 1
                out += rules.apply(state, seat, action)
            out += [e for _, e in notes[k:]]
            return out
        except Exception:             # noqa: BLE001 - the table then rebuilds its own way
            return None

    def show_seat(self, seat):
        """Show the table as `seat` sees it, its chronicle rebuilt as solo play would
        show it (its own "(only you)" lines included)."""
        self.viewer = seat
        self.ctx.viewer = seat
        self.redraw = True
        history = self.chronicle_events()
        if history is not None and hasattr(self.table, "history"):
            self.table.history = history
        self.table.set_viewer(seat)

    # -- the frame ---------------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        m = self.match
        if m.autosave_error != self.autosave_said:      # the move stood; say once that saving failed
            self.autosave_said = m.autosave_error
            if m.autosave_error and not saves_off():     # a read-only home was said once, at start
                self.app.toast(t("toast.autosave_failed", error=m.autosave_error), "error", 5.0)
        if not m.over:
            self.hold_clock_while_catching_up()
            self.tick_clocks()
        self.hotseat_check()
        self._safe(lambda: self.table.update(dt), "update")
        if self.coach is not None:
            self.coach.update(dt)
        self.hints.update(dt)
        if self.curtain is not None:
            self.curtain_t += dt
            self.curtain_btn.set_enabled(self.curtain_t >= CURTAIN_GUARD)
            self.curtain_btn.update(dt)
            if self.hold_t is not None:
                self.hold_t += dt
                if self.hold_t >= CURTAIN_HOLD and self.curtain_t >= CURTAIN_GUARD:
                    self.hold_t = None
                    self.lift_curtain()
            if self.backdrop:
                self.backdrop.update(dt)
        if m.over:
            self.ready = None
            self.public = []
            busy = self._safe(self.table.busy, "busy", False)
            if not busy:
                self.over_t += dt
                if self.over_t >= max(0.4, self.app.settings.anim(1.0)) and not self.over_ready:
                    self.over_ready = True
                    self.app.sound.play("reveal", 0.6)
        elif self.autoplay:
            self.ai_step()
        if self._hud_state() != self._hud_key:
            self._build_hud()
        if not m.over:
            self.turn_cue()

    def hold_clock_while_catching_up(self):
        """One person at the table: a question's clock starts once the table has shown what
        led to it (the AI's moves glide and roll first), not while they are still moving —
        its controls are up at once all the same. Hot-seat holds clocks by the curtain."""
        seat = self.viewer
        if self.hotseat or seat is None or seat not in self.humans:
            return
        m = self.match
        busy = bool(self._safe(self.table.busy, "busy", False))
        keys = {d.clock_key for d in m.decisions_for(seat) if d.timeout is not None}
        if busy:
            for key in keys - self.clocks_seen:      # asked while the table moves: not yet
                m.deadlines.pop(key, None)
        else:
            self.clocks_seen = keys
        if busy != self.clock_held:
            self.clock_held = busy
            m.pause_seat(seat, busy)

    def tick_clocks(self):
        """Apply the defaults of decisions whose time ran out, and write in the chronicle
        of each person moved that way what the clock chose for them."""
        m = self.match
        n = len(m.log)
        expiring = {}
        for d in m.decisions():
            if d.seat in self.humans and d.timeout is not None and d.default is not None \
                    and m.deadlines.get(d.clock_key) is not None and m.time_left(d) == 0.0:
                expiring[d.seat] = d
        events = m.tick()
        if not events:
            return
        notes = []
        for i, (seat, action) in enumerate(m.log[n:]):
            d = expiring.get(seat)
            if d is not None and action == d.default:
                note = Event("log", {"key": "play.time_ran_out",
                                     "params": {"what": action_label(self.spec.id, action, d.kind)}}, (seat,))
                self.notes.append((n + i, note))     # said before what the clock's move set going
                notes.append(note)
        self.after_events(notes + events)

    def turn_cue(self):
        v = self.viewer
        has_turn = v is not None and self.curtain is None and bool(self.match.decisions_for(v)) \
            and self.match.seats[v].is_human
        if has_turn and not self.had_decision and (len(self.match.agents) > 0 or self.hotseat):
            kinds = {d.kind for d in self.match.decisions_for(v)}
            if "turn" in kinds or not kinds:
                self.app.sound.play("your_turn", 0.7)
        self.had_decision = has_turn

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
        if self.peek is not None:
            if self.still_peeking():
                return                          # the seat looks at its cards: the table is its own
            self.peek = None                    # it answered (or the question closed): play on
        if self._safe(self.table.busy, "busy", False):
            return
        decs = [d for d in self.match.decisions() if d.seat in self.humans]
        private = [d for d in decs if not self.is_public(d)]
        if decs and not private:
            # nothing secret is needed to answer: ask on the public screen, hiding the
            # cards of whoever sat here last
            if self.viewer is not None:
                self.match.pause_seat(self.viewer, True)
                self._safe(lambda: self.show_seat(None), "set_viewer")
            self.set_public(decs)
            return
        self.set_public([])
        if not private or self.viewer in {d.seat for d in private}:
            return
        self.raise_curtain(private[0].seat)

    def start_peek(self, seat: int):
        """My cards: `seat` looks at its own cards behind the curtain before it answers a
        public question (everyone else looks away); it may answer from its own table."""
        self.peek = seat
        m = self.match
        self.peek_left = {d.clock_key: m.time_left(d) for d in m.decisions_for(seat)
                          if m.deadlines.get(d.clock_key) is not None}
        self.raise_curtain(seat)

    def end_peek(self):
        """Hide my cards: back to the public question, nobody's cards on screen."""
        seat, self.peek = self.peek, None
        if seat is None:
            return
        self.match.pause_seat(seat, True)
        if self.viewer == seat and self.curtain is None:
            self._safe(lambda: self.show_seat(None), "set_viewer")
        self._build_hud()

    def still_peeking(self) -> bool:
        """The peeking seat is seated and its public question is still open (nobody
        else must decide anything private)."""
        seat = self.peek
        if seat is None or self.viewer != seat:
            return False
        decs = [d for d in self.match.decisions() if d.seat in self.humans]
        return any(d.seat == seat for d in decs) and all(self.is_public(d) for d in decs)

    def set_public(self, decs):
        key = tuple((d.seat, d.kind, d.clock_key, tuple(d.actions)) for d in decs) or None
        if key == self._public_key:
            self.public = list(decs)
            return
        if self.public and not decs:
            for d in self.public:                 # no clock runs for a question nobody sees
                self.match.pause_seat(d.seat, True)
        self.public = list(decs)
        self._public_key = key
        for d in decs:
            self.match.pause_seat(d.seat, False)

    def raise_curtain(self, seat: int):
        self.set_public([])
        self.curtain = seat
        self.curtain_t = 0.0
        self.hold_t = None
        if self.backdrop is None:
            self.backdrop = Backdrop(self.app, glow_pos=(960, 430), glow_radius=700, embers=24)
        self.match.pause_seat(seat, True)
        for d in self.match.decisions_for(seat):     # its clock starts when it sits down
            self.match.deadlines.pop(d.clock_key, None)
        self.curtain_btn.label = t("curtain.ready", name=self.match.seats[seat].name)
        self.curtain_btn.rect.midbottom = (LOGICAL_SIZE[0] // 2, 540 + 280 - 40)
        self.curtain_btn.set_enabled(False)
        self.app.sound.play("curtain")
        self._build_hud()

    def lift_curtain(self):
        seat = self.curtain
        if seat is None or self.curtain_t < CURTAIN_GUARD:
            return
        prev = self.viewer
        if prev is not None and prev != seat:
            self.match.pause_seat(prev, True)
        self.curtain = None
        self.hold_t = None
        self._safe(lambda: self.show_seat(seat), "set_viewer")
        self.match.pause_seat(seat, False)
        if self.peek == seat:                    # the question's clock goes on from where it stood
            now = self.match.now()
            for key, left in self.peek_left.items():
                if left is not None:
                    self.match.deadlines[key] = now + left
        self.peek_left = {}
        self.had_decision = False
        self.app.sound.play("ui_click")
        self._build_hud()

    # -- AI seats ------------------------------------------------------------------------------
    def humans_out(self) -> bool:
        """Every person at this table is out of the game (the game's view lists them in
        "out"), while the others play on."""
        if not self.humans or self.match.over:
            return False
        try:
            out = self.match.view(None).get("out")
        except Exception:             # noqa: BLE001
            return False
        if not isinstance(out, (list, tuple)):
            return False
        return all(h in out for h in self.humans)

    def viewer_out(self) -> bool:
        if self.viewer is None or self.match.over:
            return False
        try:
            out = self.match.view(None).get("out")
        except Exception:             # noqa: BLE001
            return False
        return isinstance(out, (list, tuple)) and self.viewer in out

    def show_fast_forward(self) -> bool:
        return not self.match.over and bool(self.match.agents) and (not self.humans or self.humans_out())

    def toggle_fast(self):
        self.fast = not self.fast

    def ai_pace(self, decision) -> float:
        """Seconds between an AI seat's answers: readable, set by the animation speed;
        slower once no person is left to play (nothing else to wait for), none when
        fast-forwarding."""
        if self.fast:
            return 0.0
        if not self.humans or self.humans_out():
            return max(0.2, self.app.settings.anim(AI_PACE_OUT * (1.6 if decision.kind == "turn" else 1.0)))
        return self.app.settings.anim(AI_PACE if decision.kind != "turn" else AI_PACE * 2)

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
            if error is not None or not m.is_legal(seat, action):
                # an agent that failed (e.g. its memory changed under it while a human
                # answered a reaction) thinks once more before falling back to the default
                tries = self.ai_retries.get(key, 0)
                if tries < 2:
                    self.ai_retries[key] = tries + 1
                    continue
                action = decision.default if decision.default in decision.actions else decision.actions[0]
            self.ready = (key, action, self.think_t + self.ai_pace(decision))
        if self.ready is not None:
            key, action, due = self.ready
            seat = key[1]
            decision = next((d for d in m.decisions() if d.seat == seat), None)
            if key[0] != len(m.log) or decision is None:
                self.ready = None
            elif now >= due and m.ready(decision):   # never before the window's minimum time
                self.ready = None
                if m.is_legal(seat, action):
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
        if not self.fast and self._safe(self.table.busy, "busy", False):
            return
        requests = m.agent_requests()
        if not requests:
            return
        seat, view, decision = requests[0]
        self.worker.request((len(m.log), seat), m.agents[seat], view, decision)
        self.think_seat = seat
        self.think_t = now

    def finish(self):
        if self.finished:
            return
        self.finished = True
        path = self.match.autosave_path
        if path is not None:
            try:
                path.unlink()
            except OSError:
                pass
        self.app.open_results(self.spec, self.match, self.setup)

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        if self.curtain is not None:
            if self.ui.handle_event(e):
                return True
            if e.type == pygame.MOUSEBUTTONDOWN and self.curtain_t < CURTAIN_GUARD:
                return True                      # a click meant for the table it replaced
            if self.curtain_btn.handle_event(e):
                return True
            if e.type == pygame.KEYDOWN:
                k = getattr(e, "key", None)
                if k == pygame.K_ESCAPE:
                    self.open_menu()
                elif k == CURTAIN_KEY:
                    self.hold_t = 0.0
            elif e.type == pygame.KEYUP and getattr(e, "key", None) == CURTAIN_KEY:
                self.hold_t = None
            return True                         # nothing reaches the hidden table
        if self.coach is not None and self.hint_key(e):
            # the guided game points the way itself: say so rather than "for your own decision"
            self.app.toast(t("advice.off_guided"), "info", 4.0)
            return True
        if self.hints.handle_event(e):
            return True
        if e.type == pygame.KEYDOWN:
            k = getattr(e, "key", None)
            if k == pygame.K_ESCAPE:
                if not self._safe(self.table.dismiss, "dismiss", False):
                    self.open_menu()
                return True
        if self.ui.handle_event(e):
            return True
        if self.coach is not None and self.coach.handle_event(e):
            return True
        if self.over_ready and e.type == pygame.KEYDOWN and getattr(e, "key", None) in (pygame.K_RETURN,
                                                                                        pygame.K_KP_ENTER):
            self.finish()
            return True
        if self.public and e.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and hasattr(e, "pos") \
                and any(r.collidepoint(e.pos) for r in self.public_rows()):
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
            if k == RULES_KEY and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT) \
                    and self.open_refusal_rules():
                return True
        return True

    @staticmethod
    def hint_key(e) -> bool:
        from .hint_panel import HINT_KEY
        return e.type == pygame.KEYDOWN and getattr(e, "key", None) == HINT_KEY \
            and not getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)

    def open_menu(self):
        from .overlays import PauseMenu
        self.app.sound.play("ui_click")
        self.app.push(PauseMenu(self.app, self))

    def open_help(self):
        from .overlays import HelpOverlay
        self.app.push(HelpOverlay(self.app))

    def save_game(self):
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
                 ("F11", t("help.fullscreen")), ("?", t("help.this")), ("W", t("refuse.help_key"))]
        if self.hints.allowed():
            lines.insert(0, (t("advice.key"), t("advice.help_key")))
        extra = list(self._safe(self.table.help_lines, "help_lines", []) or [])
        seen = {k.replace(" ", "").lower() for k, _ in extra}
        return extra + [(k, v) for k, v in lines if k.replace(" ", "").lower() not in seen]

    # -- drawing -------------------------------------------------------------------------------
    def frame_rate(self) -> float:
        """The window draws the table only while its picture changes by itself:
        animations, an AI thinking, toasts, bubbles, floaters and heralds on the table, a countdown (a few
        frames a second), the curtain's embers, and once whenever the scene itself
        changed the picture (another seat sat down, the public screen came up, the
        curtain rose). A table waiting for you is still."""
        if self.redraw or self.coach is not None or self.hints.frame_rate_wanted():   # arrow, glow
            return float(theme.FPS)
        if self.curtain is not None:
            return float(theme.FPS) if self.hold_t is not None else self.ambient_rate()
        if self.worker.busy or self.ready is not None:
            return float(theme.FPS)
        if self._safe(self.table.busy, "busy", False):
            return float(theme.FPS)
        if any(getattr(self.table, name, None) for name in ("toasts", "bubbles", "flyers")):
            return float(theme.FPS)
        if getattr(getattr(self.table, "fx", None), "items", None):    # a floater or herald fading out
            return float(theme.FPS)
        if self.match.over:
            return 0.0 if self.over_ready else float(theme.FPS)
        if any(self.match.time_left(d) is not None for d in self.match.decisions()):
            return COUNTDOWN_FPS
        return 0.0

    def draw(self, surf):
        self.redraw = False
        if self.curtain is not None:
            self.draw_curtain(surf)
            self.ui.draw(surf)
            self.ui.draw_tooltip(surf)
            return
        self._safe(lambda: self.table.draw(surf), "draw")
        self.draw_thinking(surf)
        self.draw_out(surf)
        if self.public:
            self.draw_public(surf)
        if self.over_ready:
            self.draw_over(surf)
        if self.coach is not None:
            self.coach.draw(surf)
        self.hints.draw(surf)
        self.ui.draw(surf)
        self.ui.draw_tooltip(surf)

    def seat_pos(self, seat):
        anchor = getattr(self.table, "seat_anchor", None)
        if callable(anchor):
            try:
                return anchor(seat)
            except Exception:        # noqa: BLE001
                return None
        return None

    def thinking_seat(self):
        """The seat the table is waiting on to think (an AI here), or None."""
        return self.think_seat if self.worker.busy else (self.ready[0][1] if self.ready else None)

    def draw_thinking(self, surf):
        """"Ada is thinking…" over the seat that `thinking_seat` names."""
        seat = self.thinking_seat()
        if seat is None or seat >= len(self.match.seats):
            return
        pal = self.app.pal
        pos = self.seat_pos(seat)
        dots = "." * (1 + int(self.t * 3) % 3)
        text = t("play.thinking", name=self.match.seats[seat].name) + dots
        base = t("play.thinking", name=self.match.seats[seat].name) + "..."
        tw = self.app.assets.text_size(base, FONT.small, bold=True)[0]
        r = pygame.Rect(0, 0, tw + 78, 46)
        if pos is None:
            r.midtop = (LOGICAL_SIZE[0] // 2, 14)
        else:
            # above the seat's anchor (the name sits at the anchor: never cover it)
            r.midbottom = (int(pos[0]), int(pos[1]) - 10)
            r.clamp_ip(surf.get_rect().inflate(-16, -16))
        draw_panel(surf, r, self.app, alpha=235, fill=pal.bg_deep, edge=pal.gold_dim, radius=23)
        ang = (self.t * 200) % 360
        ic = self.app.assets.icon("timer", 26, pal.amber)
        rot = pygame.transform.rotate(ic, -ang if int(self.t * 2) % 2 else 0)
        surf.blit(rot, rot.get_rect(center=(r.x + 30, r.centery)))
        seat_marker(surf, self.app, seat, (r.x + 56, r.centery), 7)
        draw_text(surf, self.app, text, (r.x + 70, r.centery), FONT.small, pal.text, bold=True, anchor="midleft")

    def draw_out(self, surf):
        """Your seat says plainly that you are out of the game."""
        if not self.viewer_out():
            return
        pal = self.app.pal
        label = t("play.knocked_out")
        note = t("play.knocked_out_note")
        tw = max(self.app.assets.text_size(label, FONT.heading - 4, bold=True)[0],
                 self.app.assets.text_size(note, FONT.small)[0])
        r = pygame.Rect(0, 0, tw + 110, 100)
        r.midbottom = (self.play_center_x(), 1080 - 300)
        draw_panel(surf, r, self.app, alpha=240, fill=pal.bg_deep, edge=pal.danger_hi)
        ic = self.app.assets.icon("close", 48, pal.danger_hi)
        surf.blit(ic, ic.get_rect(midleft=(r.x + 22, r.centery)))
        draw_text(surf, self.app, label, (r.x + 86, r.y + 16), FONT.heading - 4, pal.danger_hi, bold=True)
        draw_text(surf, self.app, note, (r.x + 86, r.y + 62), FONT.small, pal.text_dim)

    def draw_public(self, surf):
        pal = self.app.pal
        rows = self.public_rows()
        outer = rows[0].unionall(rows[1:]).inflate(40, 40)
        outer.y -= 50
        outer.h += 50
        draw_panel(surf, outer, self.app, alpha=238)
        draw_text(surf, self.app, t("curtain.public_title"), (outer.x + 30, outer.y + 18), FONT.small,
                  pal.text_dim)
        for d, r in zip(self.public, rows):
            draw_panel(surf, r, self.app, alpha=220, fill=pal.bg_deep, edge=pal.gold_dim)
            seat_marker(surf, self.app, d.seat, (r.x + 30, r.y + 32), 11)
            draw_text(surf, self.app, self.match.seats[d.seat].name, (r.x + 52, r.y + 32), FONT.body,
                      pal.gold, bold=True, anchor="midleft")
            left = min((b.rect.x for b in self.public_btns if getattr(b, "public_seat", None) == d.seat),
                       default=r.right)
            for i, line in enumerate(self.public_title_lines(d)):
                draw_text(surf, self.app, line, (r.x + 30, r.y + 54 + i * 24), FONT.small, pal.text)
            left_s = self.match.time_left(d)
            if left_s is not None:
                draw_text(surf, self.app, f"{int(left_s + 0.999)} s", (left - 14, r.y + 10), FONT.small,
                          pal.amber, bold=True, anchor="topright")

    def draw_over(self, surf):
        """The game is over: the board stays; a strip says who won (the reason is in
        its tooltip and on the results screen)."""
        pal = self.app.pal
        r = self.over_rect()
        draw_panel(surf, r, self.app, alpha=242, edge=pal.gold)
        result = self.match.result()
        names = [self.match.seats[i].name for i in (result.winners if result else ())
                 if 0 <= i < len(self.match.seats)]
        head = t("play.game_over")
        if names:
            head += " — " + t("play.winner" if len(names) == 1 else "play.winners", names=", ".join(names))
        ic = self.app.assets.icon("candle", 34, pal.gold)
        surf.blit(ic, ic.get_rect(midleft=(r.x + 16, r.centery)))
        draw_text(surf, self.app, head, (r.x + 60, r.centery), FONT.heading - 8, pal.gold, display=True,
                  anchor="midleft")

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
        block = self.app.assets.text_block(t("curtain.hint"), FONT.body, pal.text, 860, align="center")
        surf.blit(block, block.get_rect(midtop=(cx, panel.y + 316)))
        self.curtain_btn.draw(surf)
        if self.hold_t is not None:
            # the hold's progress, under the button
            b = self.curtain_btn.rect
            bar = pygame.Rect(b.x, b.bottom + 10, b.w, 8)
            pygame.draw.rect(surf, pal.bg_deep, bar, border_radius=4)
            k = min(1.0, self.hold_t / CURTAIN_HOLD)
            pygame.draw.rect(surf, pal.gold, (bar.x, bar.y, int(bar.w * k), bar.h), border_radius=4)


__all__ = ["TableScene", "make_agents", "build_table", "start_game", "CURTAIN_GUARD", "CURTAIN_HOLD", "CURTAIN_KEY",
           "SPACE", "time"]
