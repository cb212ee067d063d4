"""The window: one App with a scene stack, a 60 FPS loop, toasts and global keys.

    from game.ui.app import run
    run()                                # opens the main menu
    run(load_path="save.json")           # straight into a saved game
    run(replay_path="save.json")         # the replay viewer
    run(exit_after_first_frame=True)     # start-up measurement: returns after the
                                         # first interactive menu frame is presented

Everything is drawn on a logical 1920x1080 canvas (`app.screen`) and presented in
the window (`app.window`), whatever its size: scaled to fit and letterboxed, never
cropped. The window opens at Settings → Window size (fitted to the desktop), follows
a change of that setting at once, and may be resized by the user or the window
manager; pointer positions are mapped back to the canvas before any scene sees them.
F11 toggles fullscreen.

The loop draws only when something changes or moves: input (and half a second after
it, for hover glows and tooltips), a toast, or the top scene's `frame_rate()` (60 while
animating, 12 for a candle-lit backdrop during the 6 s after the last input, none when
still; an overlay such as the Esc menu is still, and the scene under it is not updated).
A still window sleeps between frames, so any screen waiting for you costs almost nothing
(`python -m game.ui.bench_idle --only screens` measures each).

Tests build `App(headless=True)` (optionally with another window `size`) and call
`app.step(dt, events)` with events in window coordinates.
"""
from __future__ import annotations

import os
import sys
import time
import traceback
import warnings

import pygame

from ..core import i18n
from ..core.i18n import set_language, t
from ..core.safeio import printable
from . import settings as settings_mod
from . import theme
from .assets import Assets
from .sound import Sound
from .theme import FONT, LOGICAL_SIZE, SPACE
from .widgets import draw_panel, draw_text

TOAST_KINDS = {"info": "info", "error": "close", "success": "confirm", "warning": "info"}
INPUT_SETTLE = 0.6        # seconds of full-rate frames after input (hover glows, tooltips)
IDLE_FPS = 20             # loop rate while nothing is drawn (input latency ≤ 50 ms)
POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def release_memory() -> None:
    """Give freed memory back to the system (a table left behind frees its cards'
    surfaces, but the C heap keeps the pages unless asked): after a game, the process
    is as small as what it still uses."""
    import gc
    gc.collect()
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL("libc.so.6").malloc_trim(0)
        except (OSError, AttributeError):
            pass


def letterbox(window_size, logical=LOGICAL_SIZE) -> pygame.Rect:
    """Where the logical canvas shows in a window: as large as fits, centred."""
    ww, wh = window_size
    lw, lh = logical
    k = min(ww / lw, wh / lh) if lw and lh else 1.0
    w, h = max(1, round(lw * k)), max(1, round(lh * k))
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


class Toast:
    def __init__(self, text: str, kind: str, seconds: float, link=None):
        self.text, self.kind, self.left, self.total = text, kind, seconds, seconds
        self.link = link            # (label, callback): a small button on the toast ("Rules…")


class App:
    def __init__(self, size=LOGICAL_SIZE, headless: bool = False, settings=None, strict: bool = False):
        self.headless = headless
        self.strict = strict          # tests: re-raise errors instead of recovering
        msg = None
        if settings is None:
            settings, msg = settings_mod.load()
        self.settings = settings
        set_language(settings.language or "en")
        self.language_seen = i18n.generation()   # screens' labels are in this language
        pygame.display.init()
        pygame.font.init()
        self.size = tuple(size)
        self.window: pygame.Surface | None = None
        self.view_rect = pygame.Rect(0, 0, *LOGICAL_SIZE)    # the canvas inside the window
        self.screen = self._open_window()                      # the logical canvas
        self.assets = Assets()
        self.sound = Sound(settings)
        self.scenes: list = []
        self.toasts: list[Toast] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.fps = 0.0
        self.mouse = (-1, -1)
        self._stack_version = 0
        self.since_input = 0.0
        self.since_draw = 1e9
        self.drawn = False              # the last step drew a frame
        self.moving = False             # the scenes asked for frames at the last step
        self.draws = 0
        self.probe_t = 0.0
        self.crashes = None             # game/ui/crash.py's CrashLog, made at the first error
        self.settings_error_said = False
        if msg:
            self.toast(msg, "warning", 6.0)

    # -- window -------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        if self.headless:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.window = pygame.display.set_mode(self.size)
            return self._canvas()
        pygame.display.set_caption("Nocturne")
        try:
            from ..core.paths import resource_path
            pygame.display.set_icon(pygame.image.load(str(resource_path("sprites", "app_icon.png"))))
        except (pygame.error, FileNotFoundError, OSError):
            pass
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.window = pygame.display.set_mode(self.wanted_window_size(), pygame.RESIZABLE, vsync=0)
        self._center_window()
        canvas = self._canvas()
        if self.settings.fullscreen:
            self.screen = canvas
            self.set_fullscreen(True)
        return canvas

    def _canvas(self) -> pygame.Surface:
        """The logical canvas: the window itself when it has the logical size."""
        self.window = pygame.display.get_surface() or self.window
        self.view_rect = letterbox(self.window.get_size())
        if self.window.get_size() == tuple(LOGICAL_SIZE):
            return self.window
        old = getattr(self, "screen", None)
        if old is not None and old is not self.window and old.get_size() == tuple(LOGICAL_SIZE):
            return old
        try:
            return pygame.Surface(LOGICAL_SIZE).convert()
        except pygame.error:
            return pygame.Surface(LOGICAL_SIZE)

    def desktop_size(self) -> tuple[int, int]:
        """The screen the window is on (1920x1080 where the system does not say)."""
        try:
            return tuple(pygame.display.get_desktop_sizes()[0])
        except (pygame.error, IndexError):
            return (1920, 1080)

    def window_size_now(self) -> tuple[int, int]:
        """The window's size as it is (the setting when full screen or not yet open)."""
        if self.window is not None and not self.is_fullscreen():
            return tuple(self.window.get_size())
        return tuple(self.settings.window_size)

    def wanted_window_size(self) -> tuple[int, int]:
        return settings_mod.fit_to_desktop(tuple(self.settings.window_size), self.desktop_size())

    def _center_window(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                pygame.Window.from_display_module().position = pygame.WINDOWPOS_CENTERED
        except (AttributeError, pygame.error):
            pass

    def apply_window_size(self) -> None:
        """Settings → Window size: the window takes it now (fitted to the desktop)."""
        if self.headless or self.is_fullscreen():
            return
        size = self.wanted_window_size()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:                              # the same window, resized (set_mode would make a new one)
                win = pygame.Window.from_display_module()
                win.size = size
                win.position = pygame.WINDOWPOS_CENTERED
            except (AttributeError, pygame.error):
                self.window = pygame.display.set_mode(size, pygame.RESIZABLE, vsync=0)
                self._center_window()
        self.window_changed()

    def window_changed(self) -> None:
        """The window was resized (by us, the user or the window manager): present the
        canvas letterboxed in the new size."""
        self.screen = self._canvas()
        self.since_input = 0.0

    def to_logical(self, pos) -> tuple[int, int]:
        """A window position as a position on the logical canvas."""
        r = self.view_rect
        if r.size == tuple(LOGICAL_SIZE) and r.topleft == (0, 0):
            return int(pos[0]), int(pos[1])
        return (int((pos[0] - r.x) * LOGICAL_SIZE[0] / r.w), int((pos[1] - r.y) * LOGICAL_SIZE[1] / r.h))

    def present(self) -> None:
        """Show the canvas in the window (scaled and letterboxed when sizes differ)."""
        win = self.window
        if win is None or self.screen is win:
            return
        r = self.view_rect
        if r.w <= 0 or r.h <= 0:
            return
        ww, wh = win.get_size()
        for bar in (pygame.Rect(0, 0, ww, r.y), pygame.Rect(0, r.bottom, ww, wh - r.bottom),
                    pygame.Rect(0, r.y, r.x, r.h), pygame.Rect(r.right, r.y, ww - r.right, r.h)):
            if bar.w > 0 and bar.h > 0:
                win.fill((0, 0, 0), bar)
        try:
            pygame.transform.smoothscale(self.screen, r.size, win.subsurface(r))
        except (ValueError, pygame.error):
            win.blit(pygame.transform.smoothscale(self.screen, r.size), r.topleft)

    def is_fullscreen(self) -> bool:
        try:
            return bool(pygame.display.is_fullscreen())
        except (AttributeError, pygame.error):
            return False

    def set_fullscreen(self, on: bool) -> None:
        if self.headless:
            self.settings.fullscreen = on
            return
        if on != self.is_fullscreen():
            try:                              # the same window, full screen (no new window)
                win = pygame.Window.from_display_module()
                if on:
                    win.set_fullscreen(desktop=True)
                else:
                    win.set_windowed()
                    win.size = self.wanted_window_size()
                    win.position = pygame.WINDOWPOS_CENTERED
            except (AttributeError, pygame.error):
                try:
                    pygame.display.toggle_fullscreen()
                except pygame.error:
                    pass
            self.window_changed()
        self.settings.fullscreen = on

    @property
    def pal(self) -> theme.Palette:
        return theme.palette(self.settings.colorblind)

    def save_settings(self) -> None:
        try:
            self.settings.save()
        except OSError as exc:
            # said once per run, and not at all when the menu already said at start that
            # the folder cannot be written (a read-only home: one message, not one a change)
            if self.settings_error_said:
                return
            self.settings_error_said = True
            from ..core.paths import storage_problem
            if storage_problem() is None:
                self.toast(t("toast.settings_not_saved", error=str(exc)), "error")

    # -- scene stack ----------------------------------------------------------------
    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        self._stack_version += 1
        scene.enter()

    def pop(self):
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._stack_version += 1
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene) -> None:
        if self.scenes:
            old = self.scenes.pop()
            old.exit()
            release_memory()
        self.scenes.append(scene)
        self._stack_version += 1
        scene.enter()

    def reset(self, scene) -> None:
        """Clear the stack down to nothing and open `scene` (e.g. back to the menu)."""
        while self.scenes:
            self.scenes.pop().exit()
        self._stack_version += 1
        release_memory()
        self.push(scene)

    # -- routes: every move from one screen to another ----------------------------------
    # A scene never imports another scene to open it: it calls one of these on the App it
    # holds. The App is the one place above every scene, so the scenes' imports only run
    # down (to the parts, words and helpers they are built on) and never in a loop
    # (menu -> new game -> table -> results -> menu). Each route opens one screen by name;
    # a route whose work is more than a push hands over to the function beside its scene.
    def to_menu(self) -> None:
        from .scenes.menu import MenuScene
        self.reset(MenuScene(self))

    def open_new_game(self, game_id: str | None = None, server=None) -> None:
        """The new-game screen (`server`: its Host… opens the table on that server)."""
        from .scenes.new_game import NewGameScene
        self.push(NewGameScene(self, game_id, server=server))

    def start_game(self, spec, seats, options: dict, seed: int):
        """A new match on its table, over the menu (raises OptionsError for bad options)."""
        from .scenes.table import start_game
        return start_game(self, spec, seats, options, seed)

    def open_table(self, spec, match):
        """A match already under way (a save, a guided game) on its table, over the menu."""
        from .scenes.table import TableScene
        self.to_menu()
        scene = TableScene(self, spec, match)
        self.push(scene)
        return scene

    def open_results(self, spec, match, setup: dict | None = None) -> None:
        """The results of a finished match, in place of its table."""
        from .scenes.results import ResultsScene
        self.replace(ResultsScene(self, spec, match, setup))

    def open_review(self, spec, match) -> None:
        from .scenes.review import ReviewScene
        self.push(ReviewScene(self, spec, match))

    def open_saves(self, mode: str = "load") -> None:
        """The Load screen ("load") or the Replays screen ("replay")."""
        from .scenes.saves import SavesScene
        self.push(SavesScene(self, mode=mode))

    def open_saved_game(self, path) -> bool:
        """Resume a save on its table (or its guided game, or as a replay when this version
        plays it differently); a problem is said and nothing moves."""
        from .scenes.saves import open_saved_game
        return open_saved_game(self, path)

    def open_replay(self, path) -> bool:
        from .scenes.replay import open_replay
        return open_replay(self, path)

    def open_changed_save(self, spec, ruleset, record, check, to_menu: bool = True) -> bool:
        """A save this version replays differently, in the replay viewer with a line saying why."""
        from .scenes.replay import open_changed_save
        return open_changed_save(self, spec, ruleset, record, check, to_menu=to_menu)

    def open_learn(self) -> None:
        """Learn to play: a guided first game per game."""
        from .scenes.learn import LearnScene
        self.push(LearnScene(self))

    def start_tutorial(self, spec) -> bool:
        from .scenes.coach import start_tutorial
        return start_tutorial(self, spec)

    def resume_tutorial(self, spec, record, path) -> bool:
        from .scenes.coach import resume_tutorial
        return resume_tutorial(self, spec, record, path)

    def open_join(self) -> None:
        """Play online: join a table by its code, or browse a server's tables."""
        from .scenes.online import JoinScene
        self.push(JoinScene(self))

    def open_host_lobby(self, spec, seats: list[dict], options: dict, seed: int, server=None) -> None:
        """The lobby of a table this window hosts, waiting for its seats to fill."""
        from .scenes.online import HostLobbyScene
        self.push(HostLobbyScene(self, spec, seats, options, seed, server=server))

    def open_online_table(self, clients: dict, server=None):
        """A game played over the network on its table, over the menu."""
        from .scenes.online_table import open_online_table
        return open_online_table(self, clients, server=server)

    def open_settings(self) -> None:
        from .scenes.settings import SettingsScene
        self.push(SettingsScene(self))

    def open_rules(self, game_id: str | None = None, anchor: str | None = None) -> None:
        """The rules page of `game_id`, scrolled to the section `anchor` (a refusal's
        "Rules…", a tutorial, a hint); Esc comes back to the scene below unchanged."""
        from .scenes.rules import RulesScene
        self.push(RulesScene(self, game_id=game_id, anchor=anchor))

    def open_about(self) -> None:
        from .scenes.about import AboutScene
        self.push(AboutScene(self))

    def find(self, cls):
        return next((s for s in reversed(self.scenes) if isinstance(s, cls)), None)

    # -- messages -----------------------------------------------------------------
    def toast(self, text: str, kind: str = "info", seconds: float = 3.5, link=None) -> None:
        """`link`: (label, callback) drawn as a small button on the toast; a click on it
        calls back (a refusal's "Rules…")."""
        # drawable whatever it names: a file name that was not UTF-8, a raw escape
        text = "\n".join(printable(line) for line in str(text).split("\n"))
        if self.toasts and self.toasts[-1].text == text:
            self.toasts[-1].left = seconds
            self.toasts[-1].link = link
            return
        self.toasts.append(Toast(str(text), kind, seconds, link))
        del self.toasts[:-4]

    def report_error(self, where: str, exc: BaseException) -> None:
        """A bug in a scene or table: keep the window alive and the game safe. The
        autosave is written, a crash report (game, seed, last actions, traceback) goes
        to the log folder, and the window says where it is and offers to continue from
        the autosave (game/ui/crash.py); no traceback reaches the player."""
        if self.strict:
            raise exc
        from .crash import CrashLog
        from .scenes.crash_notice import CrashNotice
        if self.crashes is None:
            self.crashes = CrashLog()
        try:
            crash = self.crashes.report(self, where, exc)
        except Exception:                 # noqa: BLE001 - reporting must not crash
            crash = None
        if isinstance(self.top, CrashNotice):
            return
        if crash is None:                 # reported already (it repeats): a toast, no new report
            error = printable(" ".join(f"{type(exc).__name__}: {exc}"[:400].split())[:160])
            self.toast(t("toast.internal_error", where=where, error=error), "error", 8.0)
            return
        try:
            self.push(CrashNotice(self, crash))
        except Exception:                 # noqa: BLE001
            self.toast(t("toast.internal_error", where=where, error=crash.error), "error", 8.0)

    # -- one frame ----------------------------------------------------------------------
    def logical_event(self, e):
        """A pointer event with its position on the canvas instead of the window."""
        if e.type not in POINTER_EVENTS or not hasattr(e, "pos"):
            return e
        r = self.view_rect
        if r.size == tuple(LOGICAL_SIZE) and r.topleft == (0, 0):
            return e
        data = dict(e.dict)
        data["pos"] = self.to_logical(e.pos)
        if "rel" in data:
            data["rel"] = (int(data["rel"][0] * LOGICAL_SIZE[0] / r.w), int(data["rel"][1] * LOGICAL_SIZE[1] / r.h))
        return pygame.event.Event(e.type, data)

    def dispatch(self, e) -> None:
        if e.type == pygame.QUIT:
            self.quit()
            return
        self.since_input = 0.0
        if e.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            if not self.headless:
                self.window_changed()
                if e.type == pygame.WINDOWRESIZED and not self.is_fullscreen() and self.window is not None:
                    self.settings.window_size = tuple(self.window.get_size())   # kept for next time
            return
        e = self.logical_event(e)
        if e.type in POINTER_EVENTS and hasattr(e, "pos"):
            self.mouse = e.pos
        if e.type == pygame.KEYDOWN:
            key = getattr(e, "key", None)
            if key == pygame.K_F11:
                self.set_fullscreen(not self.is_fullscreen())
                self.save_settings()
                return
            if key == pygame.K_RETURN and getattr(e, "mod", 0) & pygame.KMOD_ALT:
                self.set_fullscreen(not self.is_fullscreen())
                return
            if (key == pygame.K_F1 or getattr(e, "unicode", "") == "?") and not self._typing():
                from .scenes.overlays import HelpOverlay
                if not isinstance(self.top, HelpOverlay):
                    self.push(HelpOverlay(self))
                    return
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 0) == 1 and self._toast_hit(e):
            return
        version = self._stack_version
        for scene in reversed(list(self.scenes)):
            try:
                consumed = scene.handle_event(e)
            except Exception as exc:      # noqa: BLE001 - the window must survive a bug
                self.report_error(type(scene).__name__, exc)
                consumed = True
            if consumed or scene.modal or version != self._stack_version:
                break

    def _typing(self) -> bool:
        top = self.top
        return bool(top and top.ui.focused_input() is not None)

    def _toast_hit(self, e) -> bool:
        for i, r in enumerate(self._toast_rects()):
            tt = self.toasts[i]
            if tt.link is not None and self._link_rect(tt, r).collidepoint(e.pos):
                tt.left = min(tt.left, 0.25)
                tt.link[1]()
                return True
            if r.collidepoint(e.pos):
                self.toasts[i].left = min(self.toasts[i].left, 0.25)
                return True
        return False

    def step(self, dt: float, events=None, lazy: bool = False) -> bool:
        """Handle events, update the top scene and draw (no flip). `lazy`: draw only if
        something changed or moves (the window's loop); returns whether it drew."""
        if events is None:
            events = pygame.event.get()
        version = self._stack_version
        for e in events:
            self.dispatch(e)
            if not self.running:
                return False
        self.relabel()
        top = self.top
        if top is not None:
            try:
                top.update(dt)
            except Exception as exc:      # noqa: BLE001
                self.report_error(type(top).__name__, exc)
        had_toasts = bool(self.toasts)
        for tt in self.toasts:
            tt.left -= dt
        self.toasts = [tt for tt in self.toasts if tt.left > 0]
        self.since_input += dt
        self.since_draw += dt
        if lazy and not (had_toasts or version != self._stack_version or self.wants_frame()):
            self.drawn = False
            return False
        self.draw(self.screen)
        self.since_draw = 0.0
        self.drawn = True
        self.draws += 1
        return True

    def relabel(self) -> None:
        """The language changed (Settings): every open screen rebuilds its labels now,
        not when it is next opened."""
        if i18n.generation() == self.language_seen:
            return
        self.language_seen = i18n.generation()
        self._stack_version += 1          # draw this frame
        for scene in list(self.scenes):
            try:
                scene.language_changed()
            except Exception as exc:      # noqa: BLE001
                self.report_error(type(scene).__name__, exc)

    def frame_rate(self) -> float:
        """Frames per second the top scene asks for now (0: still). Only the top scene
        is updated, so a scene under an overlay (the table under the Esc menu) cannot
        change its picture: it asks for nothing."""
        rate = 0.0
        top = self.top
        if top is not None:
            try:
                rate = float(top.frame_rate())
            except Exception:             # noqa: BLE001 - when unsure, draw
                rate = float(theme.FPS)
        if self.settings.show_fps:
            rate = max(rate, 4.0)
        return min(rate, float(theme.FPS))

    def wants_frame(self, peek: bool = False) -> bool:
        """Whether this step draws; `peek` asks without moving on (the loop's pacing)."""
        if self.since_input < INPUT_SETTLE or self.draws == 0:
            return True
        rate = self.frame_rate()
        if rate <= 0:
            # The step that ends an animation (its last update lands the final picture
            # and the scene is still at once) draws that picture once more.
            settled = self.moving
            if not peek:
                self.moving = False
            return settled
        if not peek:
            self.moving = True
        return self.since_draw >= 1.0 / rate - 1e-3

    def draw(self, surf: pygame.Surface) -> None:
        first = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                first = i
                break
        if not self.scenes or not self.scenes[first].opaque:
            surf.fill(self.pal.bg)
        for scene in self.scenes[first:]:
            try:
                scene.draw(surf)
            except Exception as exc:      # noqa: BLE001
                self.report_error(type(scene).__name__, exc)
        self.draw_toasts(surf)
        if self.settings.show_fps:
            draw_text(surf, self, f"{self.fps:4.0f} fps", (surf.get_width() - 12, 8), FONT.tiny,
                      self.pal.text_faint, anchor="topright")

    def _toast_rects(self) -> list[pygame.Rect]:
        rects = []
        cx, y = self.screen.get_width() // 2, 24
        anchor = getattr(self.top, "toast_anchor", None)
        if callable(anchor):
            try:
                cx, y = anchor()
            except Exception:             # noqa: BLE001
                pass
        for tt in self.toasts:
            lines = self.assets.wrap(tt.text, FONT.body, 720)
            h = len(lines) * (self.assets.font(FONT.body).get_linesize() + 4) + 28
            w = min(820, max(self.assets.text_size(line, FONT.body)[0] for line in lines) + 100)
            if tt.link is not None:      # room for the link's button under the words
                h += FONT.small + 30
                w = max(w, self.assets.text_size(tt.link[0], FONT.small)[0] + 140)
            r = pygame.Rect(0, y, w, h)
            r.centerx = cx
            rects.append(r)
            y += h + 10
        return rects

    def _link_rect(self, tt, r) -> pygame.Rect:
        """Where a toast's link button is: under its words, at the right."""
        w = self.assets.text_size(tt.link[0], FONT.small)[0] + 36
        h = FONT.small + 18
        return pygame.Rect(r.right - w - 14, r.bottom - h - 10, w, h)

    def draw_toasts(self, surf) -> None:
        pal = self.pal
        for tt, r in zip(self.toasts, self._toast_rects()):
            alpha = min(1.0, tt.left / 0.35, (tt.total - tt.left + 0.05) / 0.2)
            edge = {"error": pal.danger_hi, "success": pal.success, "warning": pal.warning}.get(tt.kind, pal.gold)
            layer = pygame.Surface((r.w + 28, r.h + 28), pygame.SRCALPHA)
            draw_panel(layer, pygame.Rect(14, 14, r.w, r.h), self, alpha=246, fill=pal.bg_deep, edge=edge)
            ic = self.assets.icon(TOAST_KINDS.get(tt.kind, "info"), 36, edge)
            layer.blit(ic, (14 + SPACE.m, 14 + (r.h - 36) // 2))
            block = self.assets.text_block(tt.text, FONT.body, pal.text, r.w - 90)
            layer.blit(block, (14 + 70, 14 + 14))
            if tt.link is not None:
                lr = self._link_rect(tt, r).move(14 - r.x, 14 - r.y)
                draw_panel(layer, lr, self, alpha=255, fill=pal.button_press, edge=pal.gold)
                draw_text(layer, self, tt.link[0], lr.center, FONT.small, pal.gold, anchor="center")
            layer.set_alpha(int(255 * max(0.0, alpha)))
            surf.blit(layer, (r.x - 14, r.y - 14))

    # -- the loop -------------------------------------------------------------------------
    def quit(self) -> None:
        for scene in reversed(list(self.scenes)):
            try:
                scene.on_quit()
            except Exception as exc:      # noqa: BLE001 - never lose the quit
                traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        self.save_settings()
        self.running = False

    # -- test probe -----------------------------------------------------------------------
    def probe_state(self) -> dict:
        """What is on screen, for end-to-end tests that drive a real window with xdotool:
        the top scene, and every clickable thing with its label and logical rectangle."""
        top = self.top
        targets = []

        def add(w, where):
            rect = getattr(w, "rect", None)
            label = getattr(w, "label", None)
            if rect is None or label is None or not getattr(w, "visible", True):
                return
            targets.append({"label": str(label), "x": rect.x, "y": rect.y, "w": rect.w, "h": rect.h,
                            "enabled": bool(getattr(w, "enabled", True)), "where": where,
                            "kind": type(w).__name__})
        if top is not None:
            for w in top.ui.widgets:
                add(w, "scene")
            table = getattr(top, "table", None)
            if table is not None and getattr(top, "curtain", None) is None:
                for w in getattr(table, "widgets", []) or []:
                    add(w, "table")
                banner = getattr(table, "banner", None)
                for w in getattr(getattr(banner, "spec", None), "buttons", None) or []:
                    add(w, "banner")
            if getattr(top, "curtain", None) is not None:
                add(top.curtain_btn, "curtain")
        for tt, r in zip(self.toasts, self._toast_rects()):
            if tt.link is not None:           # a refusal's "Rules…"
                lr = self._link_rect(tt, r)
                targets.append({"label": tt.link[0], "x": lr.x, "y": lr.y, "w": lr.w, "h": lr.h,
                                "enabled": True, "where": "toast", "kind": "ToastLink"})
        match = getattr(top, "match", None)
        return {"scene": getattr(top, "name", None), "targets": targets, "frames": self.frames,
                "window": list(self.window.get_size()) if self.window is not None else None,
                "view": [self.view_rect.x, self.view_rect.y, self.view_rect.w, self.view_rect.h],
                "curtain": getattr(top, "curtain", None), "viewer": getattr(top, "viewer", None),
                "actions": len(match.log) if match is not None else None,
                "over": bool(match.over) if match is not None else None,
                "toasts": [tt.text for tt in self.toasts]}

    def _write_probe(self, path: str) -> None:
        import json
        tmp = path + ".tmp"
        try:
            with open(tmp, "w", encoding="utf-8") as fh:
                json.dump(self.probe_state(), fh)
            os.replace(tmp, path)
        except OSError:
            pass

    def loop_once(self, probe: str | None = None) -> None:
        """One turn of the window's loop: at most 60 FPS while something moves, and a
        sleepy IDLE_FPS tick (no drawing) while nothing does."""
        busy = self.drawn or self.wants_frame(peek=True)
        dt = min(0.1, self.clock.tick(theme.FPS if busy else IDLE_FPS) / 1000.0)
        if self.step(dt, lazy=True):
            if not self.running:
                return
            self.present()
            pygame.display.flip()
            self.frames += 1
            self.fps = self.clock.get_fps()
        if probe:
            self.probe_t += dt
            if self.probe_t >= 0.15:
                self.probe_t = 0.0
                self._write_probe(probe)

    def run_loop(self, exit_after_first_frame: bool = False) -> int:
        probe = os.environ.get("NOCTURNE_PROBE")
        self.step(0.0)
        self.present()
        pygame.display.flip()
        self.frames += 1
        self.sound.preload()                      # warm sounds once the menu is up
        if exit_after_first_frame:
            return 0
        failing = 0                       # turns of the loop failed in a row
        while self.running:
            try:
                self.loop_once(probe)
                failing = 0
            except Exception as exc:      # noqa: BLE001 - outside any scene: still no traceback
                if self.strict:
                    raise
                failing += 1
                if failing > 120:         # the window itself cannot go on: the report and autosave are written
                    if self.crashes is None or not self.crashes.written:   # else its one line said it
                        print("nocturne: the window keeps failing and closes", file=sys.stderr)
                    return 1
                try:
                    self.report_error("the window", exc)
                except Exception:         # noqa: BLE001 - even saying so failed (a toast that cannot draw)
                    pass
        return 0

    def shutdown(self) -> None:
        for scene in reversed(list(self.scenes)):
            try:
                scene.exit()
            except Exception:                     # noqa: BLE001
                pass
        self.scenes.clear()
        self.sound.stop_all()


class NoWindow(Exception):
    """No window can be opened (no display, a bad SDL driver); the message is one line."""


def open_problem() -> str | None:
    """Why no window can be opened here, before trying (one line), or None. SDL, asked
    for no driver on a machine without a display, falls back to an invisible
    off-screen one: the player would wait for a window that never comes."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no display to open the window on (DISPLAY and WAYLAND_DISPLAY are not set); " \
               "start Nocturne from a desktop session"
    return None


def _window_error(exc) -> str:
    driver = os.environ.get("SDL_VIDEODRIVER")
    why = printable(" ".join(str(exc).split())) or type(exc).__name__
    if driver:
        return f"cannot open the window ({why}); SDL_VIDEODRIVER={printable(driver)} — unset it to let SDL choose"
    return f"cannot open the window ({why})"


def run(load_path=None, replay_path=None, exit_after_first_frame: bool = False) -> int:
    """Open the window and play. Returns the process exit code: 2 with one line on
    stderr when no window can be opened (no display, a bad video driver)."""
    problem = open_problem()
    if problem is None:
        try:
            app = App()
        except pygame.error as exc:
            problem = _window_error(exc)
    if problem is not None:
        print(f"nocturne: {problem}", file=sys.stderr)
        pygame.quit()
        return 2
    try:
        app.to_menu()
        if load_path:
            app.open_saved_game(load_path)
        elif replay_path:
            app.open_replay(replay_path)
        code = app.run_loop(exit_after_first_frame)
    except Exception as exc:              # noqa: BLE001 - outside the loop's guard: one line, a report
        from .crash import CrashLog
        CrashLog().report(app, "start-up", exc)
        code = 1
    finally:
        app.shutdown()
        pygame.quit()
    return code


def main() -> int:   # python -m game.ui.app
    return run()


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["App", "run", "time"]
