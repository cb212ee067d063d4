"""Headless rendering for the CLI: screenshots, frame benchmarks and the self-test.
Nothing here opens a window (SDL's dummy video driver); all of it goes through the
same App, scenes and tables as the window."""
from __future__ import annotations

import os
import time
import traceback

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

SCENES = ("menu", "new_game", "settings", "rules", "about", "load", "replays", "results", "pause", "help",
          "curtain", "table", "replay", "join", "host_lobby")


def make_app(size=(1920, 1080), lang=None):
    """A headless App with default settings (never written to the user's folder); a
    window `size` other than 1920x1080 is presented scaled and letterboxed, as in a
    real window."""
    import pygame  # noqa: F401  (after the SDL env vars)
    from .app import App
    from .settings import Settings
    settings = Settings()
    settings.path = None
    if lang:                               # screenshot --lang: this run only, never saved
        settings.language = lang
    app = App(size=tuple(size), headless=True, settings=settings)
    app.save_settings = lambda: None       # headless runs never touch the user's settings
    return app


class SaveFailed(Exception):
    """The picture could not be written (pygame says why); the CLI prints one line."""


def _save(app, surf, out_path, size):
    """Write the picture through a temporary file beside it, so a failed write (a full
    disk, a read-only place) leaves no half picture behind."""
    import pygame
    size = tuple(size)
    if surf.get_size() != size:
        surf = pygame.transform.smoothscale(surf, size)
    out_path = str(out_path)
    folder = os.path.dirname(out_path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    stem, ext = os.path.splitext(out_path)
    tmp = f"{stem}.{os.getpid()}.tmp{ext}"
    try:
        pygame.image.save(surf, tmp)
        os.replace(tmp, out_path)
    except (pygame.error, OSError) as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveFailed(str(exc)) from exc
    return out_path


def _settle(app, frames: int = 600, dt: float = 1 / 60, until=None) -> None:
    """Run frames (no input) until `until()` is true or the frames run out."""
    for _ in range(frames):
        app.step(dt, [])
        if until is not None and until():
            break


def _agent(spec, difficulty, seat, seed):
    from ..ai.random_agent import RandomAgent
    try:
        return spec.make_agent(difficulty, seat, seed)
    except Exception:          # noqa: BLE001 - a level not written yet: play randomly
        return RandomAgent(seed)


def play_match(game_id: str, players: int, options: dict | None, seed: int, after: int,
               difficulty: str = "normal", seats=None):
    """A Match after `after` agent actions (every seat played by an agent)."""
    from ..core.match import Match, SeatInfo
    from .. import registry
    spec = registry.get(game_id)
    ruleset = registry.ruleset(game_id)
    if seats is None:
        from ..core.i18n import t
        seats = [SeatInfo(t("seat.player_n", n=i + 1), "ai", difficulty) for i in range(players)]
    else:
        seats = [s if isinstance(s, SeatInfo) else SeatInfo.from_json(s) for s in seats]
        seats = [SeatInfo(s.name, "ai", s.difficulty if s.difficulty else difficulty) for s in seats]
    agents = {i: _agent(spec, s.difficulty, i, seed * 31 + i) for i, s in enumerate(seats)}
    match = Match(game_id, ruleset, seats, dict(options or {}), seed, agents=agents)
    for _ in range(max(0, int(after))):
        if match.over:
            break
        before = len(match.log)
        match.run_agents(1, budget=0.05)
        if len(match.log) == before:      # nobody owes an answer (should not happen: all seats are agents)
            break
    return spec, match


def table_scene_for(app, spec, match, viewer=0, autoplay=False):
    """A table scene that shows `viewer`'s view (seat marked human, the rest AI)."""
    from .scenes.table import TableScene
    if viewer is not None:
        seat = match.seats[viewer]
        seat.kind = "human"
    scene = TableScene(app, spec, match, viewer=viewer)
    scene.autoplay = autoplay
    return scene


def screenshot(game_id, players, options, seed, after, out_path, size=(1920, 1080), seats=None, lang=None):
    """Play `after` actions with agents, then render seat 0's table (animations
    finished) into a PNG of `size`."""
    app = make_app(lang=lang)
    spec, match = play_match(game_id, players, options, seed, after, seats=seats)
    scene = table_scene_for(app, spec, match, viewer=0, autoplay=False)
    from .scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(scene)
    _settle(app, 600, until=lambda: not scene.table.busy())
    app.step(1 / 60, [])
    return _save(app, app.screen, out_path, size)


def finished_match(game_id: str | None = None, seed: int = 7, players: int | None = None):
    from .. import registry
    gid = game_id or registry.game_ids()[0]
    spec = registry.get(gid)
    n = players or max(spec.min_players, min(spec.max_players, 3))
    _, match = play_match(gid, n, None, seed, 5000, difficulty="random")
    return spec, match


def build_scene(app, name: str):
    """Push the scene called `name` (with whatever it needs) onto app."""
    from .scenes.menu import MenuScene
    app.push(MenuScene(app))
    if name == "menu":
        return app.top
    if name == "new_game":
        from .scenes.new_game import NewGameScene
        app.push(NewGameScene(app))
    elif name == "settings":
        from .scenes.settings import SettingsScene
        app.push(SettingsScene(app))
    elif name == "rules":
        from .scenes.rules import RulesScene
        app.push(RulesScene(app))
    elif name == "about":
        from .scenes.about import AboutScene
        app.push(AboutScene(app))
    elif name in ("load", "replays"):
        from .scenes.saves import SavesScene
        app.push(SavesScene(app, mode="load" if name == "load" else "replay"))
    elif name == "join":
        from .scenes.online import JoinScene
        app.push(JoinScene(app))
    elif name == "host_lobby":                    # before the table is opened: no server runs
        from .scenes.online import HostLobbyScene
        from .. import registry
        seats = [{"name": "Ada", "kind": "human"}, {"name": "Bo", "kind": "remote"},
                 {"name": "Cy", "kind": "ai", "difficulty": "normal"}]
        spec = registry.get(registry.game_ids()[0])          # the first game: for three seats
        app.push(HostLobbyScene(app, spec, seats, spec.ruleset().default_options(), 1))
    elif name == "results":
        from .scenes.results import ResultsScene
        spec, match = finished_match()
        if match.seats:
            match.seats[0].kind = "human"
        app.push(ResultsScene(app, spec, match))
    elif name == "replay":
        import tempfile
        from pathlib import Path
        from .scenes.replay import ReplayScene
        from ..core.record import read_record
        from .. import registry
        gid = registry.game_ids()[0]
        spec = registry.get(gid)
        _, match = play_match(gid, 3, None, 4, 24, difficulty="random")
        path = Path(tempfile.mkdtemp(prefix="nocturne-replay-")) / "replay.json"
        match.save(path)
        scene = ReplayScene(app, spec, registry.ruleset(gid), read_record(path))
        app.push(scene)
        for _ in range(min(12, len(scene.actions))):
            scene.step_forward()
    elif name in ("pause", "help", "curtain", "table"):
        from .. import registry
        gid = registry.game_ids()[0]
        spec = registry.get(gid)
        n = max(spec.min_players, min(spec.max_players, 3))
        _, match = play_match(gid, n, None, 3, 6, difficulty="random")
        if name == "curtain":
            for s in match.seats[:2]:
                s.kind = "human"
            from .scenes.table import TableScene
            scene = TableScene(app, spec, match)
            scene.autoplay = False
            app.push(scene)
            scene.raise_curtain(0)
        else:
            scene = table_scene_for(app, spec, match, viewer=0)
            app.push(scene)
            if name == "pause":
                from .scenes.overlays import PauseMenu
                app.push(PauseMenu(app, scene))
            elif name == "help":
                from .scenes.overlays import HelpOverlay
                app.push(HelpOverlay(app))
    else:
        raise ValueError(f"unknown scene {name!r}; known: {', '.join(SCENES)}")
    return app.top


def screenshot_scene(name, out_path, size=(1920, 1080), lang=None, game=None):
    """A scene's picture; `game` picks the game on the new-game screen."""
    app = make_app(lang=lang)
    scene = build_scene(app, name)
    if game and name == "new_game":
        scene.select_game(game)
    _settle(app, 45)
    return _save(app, app.screen, out_path, size)


def bench_frames(game_id, frames: int = 300, size=(1920, 1080)) -> list[float]:
    """Frame times (ms) of the game's table mid-game with animations running: agents
    keep playing (their thinking is outside the timed frame, as in the window)."""
    import pygame
    app = make_app()
    seed = 11
    spec, match = play_match(game_id, max(spec_players(game_id), 2), None, seed, 8, difficulty="random")
    scene = table_scene_for(app, spec, match, viewer=0, autoplay=False)
    from .scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(scene)
    times: list[float] = []
    dt = 1 / 60
    warm = 10                        # frames after a (re)start that only fill caches
    i = 0
    while len(times) < frames:
        i += 1
        if match.over:
            warm = 10
            seed += 1
            spec, match = play_match(game_id, len(match.seats), None, seed, 4, difficulty="random")
            scene = table_scene_for(app, spec, match, viewer=0, autoplay=False)
            app.pop()
            app.push(scene)
        if not scene.table.busy() and not match.over:
            req = next(iter(match.agent_requests()), None)
            if req is None and match.decisions():
                d = match.decisions()[0]
                events = match.submit(d.seat, d.default if d.default in d.actions else d.actions[0])
                scene.after_events(events)
            elif req is not None:
                s, view, decision = req
                events = match.submit(s, match.agents[s].choose(view, decision, 0.01))
                scene.after_events(events)
        t0 = time.perf_counter()
        app.step(dt, [])
        if size != app.screen.get_size():
            pass                     # the window scales on the GPU; the logical frame is what we time
        pygame.display.flip()
        ms = (time.perf_counter() - t0) * 1000
        if warm > 0:
            warm -= 1
        else:
            times.append(ms)
        if i > frames * 4:
            break
    return times


def spec_players(game_id) -> int:
    from .. import registry
    spec = registry.get(game_id)
    return max(spec.min_players, min(spec.max_players, 4))


class _Survived(Exception):
    """An internal error the app reported and survived, during a self-test check."""


def _where(exc) -> str:
    tb = traceback.extract_tb(exc.__traceback__)
    return f" at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno}" if tb else ""


def self_test(only: tuple = ()) -> list[tuple[str, bool, str]]:
    """Load all data, draw every scene and every game's table, play one short AI game
    of each game. Never raises. An internal error that a scene or table survived (the
    window shows it as a toast, a table falls back to the plain one) fails the check it
    happened in. `only`: run just the checks whose names start with one of these."""
    results: list[tuple[str, bool, str]] = []
    internal: list[str] = []                 # errors the app reported and lived through

    def check(name, fn):
        if only and name != "window (headless)" and not name.startswith(tuple(only)):
            return
        t0 = time.perf_counter()
        seen = len(internal)
        try:
            msg = fn() or ""
            if len(internal) > seen:
                raise _Survived(internal[seen])
            results.append((name, True, (msg + " " if msg else "") + f"({(time.perf_counter() - t0) * 1000:.0f} ms)"))
        except _Survived as exc:
            results.append((name, False, f"internal error: {exc}"))
        except Exception as exc:      # noqa: BLE001 - report, never raise
            first = f"internal error: {internal[seen]}" if len(internal) > seen else \
                f"{type(exc).__name__}: {exc}{_where(exc)}"
            results.append((name, False, first))

    try:
        from .. import registry
        gids = registry.game_ids()
    except Exception as exc:          # noqa: BLE001
        return [("registry", False, f"{type(exc).__name__}: {exc}")]

    def shipped_files():            # every file packaging/manifest.txt lists is here
        from .. import manifest
        from ..core.paths import resource_root
        return manifest.self_check(resource_root())
    check("shipped files", shipped_files)

    def locale():
        from ..core.i18n import has, t
        t("")
        if not has("menu.new_game"):
            raise RuntimeError("data/locale/en.yaml: menu.new_game missing")
    check("locale", locale)
    for gid in gids:
        check(f"data {gid}", lambda gid=gid: (registry.ruleset(gid), "")[1])

    app_box = {}

    def make():
        app_box["app"] = make_app()
    check("window (headless)", make)
    app = app_box.get("app")
    if app is None:
        return results

    def survived(where, exc):
        from ..core.safeio import one_line
        internal.append(one_line(f"{where}: {type(exc).__name__}: {exc}{_where(exc)}", 300))
    app.report_error = survived

    def assets():
        a = app.assets
        a.font(26)
        a.icon("candle", 64)
        a.texture("wood")
        fonts = [m for m in a.missing if m.startswith("fonts/")]
        if fonts:
            raise RuntimeError("missing fonts: " + ", ".join(sorted(fonts)))
        if a.damaged_fonts:
            raise RuntimeError("damaged fonts (pygame's default font is used): " + "; ".join(
                f"{path}: {why}" for path, why in sorted(a.damaged_fonts.items())))
        return ""
    check("assets", assets)

    for name in SCENES:
        def scene_check(name=name):
            while app.scenes:
                app.pop()
            build_scene(app, name)
            app.step(1 / 60, [])
            app.step(1 / 60, [])
            while app.scenes:
                app.pop()
        check(f"scene {name}", scene_check)

    for gid in gids:
        def table_check(gid=gid):
            spec, match = play_match(gid, spec_players(gid), None, 5, 10, difficulty="random")
            scene = table_scene_for(app, spec, match, viewer=0)
            app.push(scene)
            for _ in range(30):
                app.step(1 / 60, [])
            kind = type(scene.table).__name__
            while app.scenes:
                app.pop()
            if kind == "FallbackTable":
                raise RuntimeError("drawn with the plain fallback table (the game's table did not load)")
            return kind
        check(f"table {gid}", table_check)

    for gid in gids:
        def game_check(gid=gid):
            from .. import registry as reg
            spec = reg.get(gid)
            n = max(spec.min_players, min(spec.max_players, 3))
            _, match = play_match(gid, n, None, 1, 3000, difficulty="random")
            if not match.over:
                raise RuntimeError(f"no result after {len(match.log)} actions")
            return f"{len(match.log)} actions, winners {list(match.result().winners)}"
        check(f"play {gid}", game_check)

    missing = sorted(set(app.assets.missing) | {f"sounds/{m}" for m in app.sound.missing})
    results.append(("art and sound files", True, "all present" if not missing else
                    "missing (placeholders used): " + ", ".join(missing)))
    try:
        app.shutdown()
    except Exception:                 # noqa: BLE001
        pass
    return results


__all__ = ["screenshot", "screenshot_scene", "bench_frames", "self_test", "make_app", "build_scene",
           "play_match", "SCENES"]
