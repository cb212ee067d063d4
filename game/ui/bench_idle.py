"""What the window costs when nothing happens, and how much memory a long session
keeps (issue 12, item 10). Both run headless through the real App loop:

    idle_cpu_pct(seconds)     a table waiting for you (solo Schemers, your turn, the
                              rulebook clock running) in a 1600x900 window: CPU time
                              of the whole process over wall time, in % of one core
    idle_cpu_pct_by_screen(seconds)
                              the same for every screen that waits for input (issue 25,
                              item 2): the table, the Esc menu over the Book of Ordeals'
                              table, the hot-seat curtain, the main menu, the results
                              and the Ordeals recruitment screen, each measured once it
                              has settled into waiting (its backdrop's candle holds
                              still AMBIENT_SECONDS after the last input)
    soak_rss_mb(turns)        every scene visited, then `turns` turns of AI play across
                              Schemers and Dark Deeds on the table (animations on),
                              every scene visited again: resident memory at the end, MB
    measure()                 both, each in a fresh process (nothing else in memory):
                              {"idle_cpu_pct": ..., "idle_cpu_pct_by_screen": {...},
                               "rss_after_soak_mb": ...}

    python -m game.ui.bench_idle [--json] [--seconds S] [--turns N]
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

IDLE_BAR_PCT = 5.0
RSS_BAR_MB = 300.0


def rss_mb() -> float:
    """Resident memory of this process now (MB)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as fh:
            pages = int(fh.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError):
        import resource
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return rss / (1 << 20 if sys.platform == "darwin" else 1 << 10)


def waiting_table(app, game_id: str | None = None, seed: int = 3):
    """A solo table (you and up to two AI seats) run until it waits for you, settled (the
    first registered game unless `game_id` says otherwise)."""
    from ..core.match import Match, SeatInfo
    from .. import registry
    game_id = game_id or registry.game_ids()[0]
    from .scenes.menu import MenuScene
    from .scenes.table import TableScene, make_agents
    spec = registry.get(game_id)
    seats = [SeatInfo("You", "human"), SeatInfo("Bo", "ai", "random"), SeatInfo("Cy", "ai", "random")]
    seats = seats[:max(1, min(len(seats), registry.ruleset(game_id).max_players))]
    match = Match(game_id, registry.ruleset(game_id), seats, {}, seed, agents=make_agents(spec, seats, seed),
                  time_scale=app.settings.time_scale)
    scene = TableScene(app, spec, match)
    app.push(MenuScene(app))
    app.push(scene)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        app.step(1 / 60, [])
        if match.decisions_for(0) and not scene.table.busy() and not scene.worker.busy and scene.ready is None:
            break
        time.sleep(0.001)
    for _ in range(90):                      # hover glows and toasts settle
        app.step(1 / 60, [])
    return scene


def _loop_cpu_pct(app, settle: float, seconds: float) -> float:
    """% of one core the window's real loop uses over `seconds`, after `settle` seconds
    of the same loop unmeasured."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < settle:
        app.loop_once()
    c0, w0 = time.process_time(), time.perf_counter()
    while time.perf_counter() - w0 < seconds:
        app.loop_once()
    return round(100.0 * (time.process_time() - c0) / (time.perf_counter() - w0), 2)


def idle_cpu_pct(seconds: float = 4.0, game_id: str | None = None, size=(1600, 900), timing: float = 1.0) -> float:
    """% of one core the window's loop uses on a table waiting for you."""
    from .headless import make_app
    app = make_app(size)
    app.settings.timing = timing
    try:
        scene = waiting_table(app, game_id)
        assert scene.match.decisions_for(0), "the table waits for you"
        # the start-up's window events pass, the loop finds its idle pace
        return _loop_cpu_pct(app, settle=1.0, seconds=seconds)
    finally:
        app.shutdown()


SCREENS = ("table", "esc_menu", "curtain", "main_menu", "results", "recruitment")


def waiting_screen(app, name: str):
    """Open the screen `name` (one of SCREENS) as a person finds it, waiting for input."""
    from ..core.match import Match, SeatInfo
    from .. import registry
    from .scenes.menu import MenuScene
    if name == "table":
        return waiting_table(app)
    if name == "esc_menu":
        from .scenes.overlays import PauseMenu
        # the busiest table there is: a game that names one for bench (Book of Ordeals)
        busy = [gid for gid in registry.game_ids() if registry.get(gid).bench_table]
        table = waiting_table(app, busy[0] if busy else None)
        app.push(PauseMenu(app, table))
        return app.top
    app.push(MenuScene(app))
    if name == "main_menu":
        return app.top
    if name == "curtain":
        from .scenes.table import TableScene, make_agents
        gid = registry.game_ids()[0]
        spec = registry.get(gid)
        seats = [SeatInfo("Ann", "human"), SeatInfo("Bo", "ai", "random"), SeatInfo("Cy", "human")]
        match = Match(gid, registry.ruleset(gid), seats, {}, 3, agents=make_agents(spec, seats, 3))
        scene = TableScene(app, spec, match)
        app.push(scene)
        end = time.monotonic() + 30
        while scene.curtain is None and time.monotonic() < end:
            app.step(1 / 60, [])
        assert scene.curtain is not None, "a hot-seat table raises its curtain"
        return scene
    if name == "results":
        from .headless import finished_match
        from .scenes.results import ResultsScene
        spec, match = finished_match()
        match.seats[0].kind = "human"
        app.push(ResultsScene(app, spec, match))
        return app.top
    if name == "recruitment":
        # an option editor is a game's own screen (Book of Ordeals' recruitment)
        import importlib
        gid = next(g for g in registry.game_ids() if registry.get(g).option_editors)
        target = next(iter(registry.get(gid).option_editors.values()))
        module, _, attr = target.partition(":")
        editor = getattr(importlib.import_module(module), attr)
        app.push(editor(app, registry.ruleset(gid)))
        return app.top
    raise ValueError(f"unknown screen {name!r}; known: {', '.join(SCREENS)}")


def screen_idle_cpu_pct(name: str, seconds: float = 4.0, size=(1600, 900)) -> float:
    """% of one core the window's loop uses on the screen `name` once it waits for input
    (its ambient candle has had AMBIENT_SECONDS to settle)."""
    from .headless import make_app
    from .scenes.base import AMBIENT_SECONDS
    app = make_app(size)
    try:
        waiting_screen(app, name)
        for _ in range(30):                  # hover glows settle
            app.step(1 / 60, [])
        return _loop_cpu_pct(app, settle=AMBIENT_SECONDS + 0.5, seconds=seconds)
    finally:
        app.shutdown()


def idle_cpu_pct_by_screen(seconds: float = 4.0) -> dict:
    """{screen: % of one core} for every screen in SCREENS."""
    return {name: screen_idle_cpu_pct(name, seconds) for name in SCREENS}


def visit_every_scene(app) -> None:
    from .headless import SCENES, build_scene
    for name in SCENES:
        app.to_menu()
        build_scene(app, name)
        for _ in range(20):
            app.step(1 / 60, [])


def soak_rss_mb(turns: int = 500, seconds_cap: float = 900.0) -> float:
    """Resident MB after every scene, `turns` turns of play across both games on the
    table (AI seats; every action animated on a seat's view, with its cards), and every
    scene again. The app returns freed memory when it leaves a table, as it does for a
    person going back to the menu."""
    from ..core.match import Match, SeatInfo
    from .. import registry
    from .headless import make_app
    from .scenes.menu import MenuScene
    from .scenes.table import TableScene, make_agents
    app = make_app()
    app.settings.animation_speed = 2.0
    try:
        visit_every_scene(app)
        played = 0
        seed = 1
        games = tuple(registry.game_ids()[:2])          # the first two registered games
        end = time.monotonic() + seconds_cap
        while played < turns and time.monotonic() < end:
            gid = games[seed % len(games)]
            spec = registry.get(gid)
            seats = [SeatInfo(f"P{i}", "ai", "random") for i in range(3)]
            match = Match(gid, registry.ruleset(gid), seats, {}, seed, agents=make_agents(spec, seats, seed))
            scene = TableScene(app, spec, match, viewer=seed % 3)    # a seat's view, with its cards
            scene.autoplay = False                                   # the script plays the AI seats
            app.to_menu()
            app.push(scene)
            while not match.over and played < turns and time.monotonic() < end:
                request = next(iter(match.agent_requests()), None)
                if request is None:
                    break
                seat, view, decision = request
                events = match.submit(seat, match.agents[seat].choose(view, decision, 0.01))
                played += sum(1 for e in events if e.kind == "turn")
                scene.after_events(events)
                for _ in range(3):                                   # the animations play
                    app.step(0.12, [])
                    if not scene.table.busy():
                        break
            seed += 1
        app.to_menu()
        visit_every_scene(app)
        app.to_menu()
        return round(rss_mb(), 1)
    finally:
        app.shutdown()


def _in_fresh_process(args: list[str]) -> dict:
    out = subprocess.run([sys.executable, "-m", "game.ui.bench_idle", "--json", *args], capture_output=True,
                         text=True, timeout=900, env={**os.environ, "SDL_VIDEODRIVER": "dummy",
                                                      "SDL_AUDIODRIVER": "dummy"})
    try:
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise RuntimeError(f"bench_idle failed: {out.stderr.strip()[-500:]}") from None


def measure(seconds: float = 4.0, turns: int = 500) -> dict:
    """{"idle_cpu_pct", "idle_cpu_pct_by_screen", "rss_after_soak_mb"}, each measured in its
    own fresh process."""
    idle = _in_fresh_process(["--only", "idle", "--seconds", str(seconds)])
    screens = _in_fresh_process(["--only", "screens", "--seconds", str(seconds)])
    soak = _in_fresh_process(["--only", "soak", "--turns", str(turns)])
    return {"idle_cpu_pct": idle["idle_cpu_pct"], "idle_cpu_pct_by_screen": screens["idle_cpu_pct_by_screen"],
            "rss_after_soak_mb": soak["rss_after_soak_mb"]}


def main(argv=None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m game.ui.bench_idle", description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--turns", type=int, default=500)
    ap.add_argument("--only", choices=("idle", "screens", "soak"))
    a = ap.parse_args(argv)
    report = {}
    if a.only == "idle":
        report["idle_cpu_pct"] = idle_cpu_pct(a.seconds)
    elif a.only == "screens":
        report["idle_cpu_pct_by_screen"] = idle_cpu_pct_by_screen(a.seconds)
    elif a.only == "soak":
        report["rss_after_soak_mb"] = soak_rss_mb(a.turns)
    else:
        report = measure(a.seconds, a.turns)
    if a.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
