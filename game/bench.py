"""`python main.py bench`: the figures README reports, measured on this machine.

frame_ms: each game's table mid-game with animations running at 1920×1080 (dummy
video driver); startup_s: process start to the first interactive menu frame;
startup_s_full_folders: the same with 40 autosaves of 4.7 MB and 500 saves present;
sim: random-play speed; kernel_us: apply+decisions and determinize costs;
hint_ms_p95, review_s (and their details in "advice"): a Hint and a 40-decision review
per game (game/bench_advice.py);
ai_ms: thinking time per decision per difficulty; busy_frame_ms: a game's table in its
busiest state (SPEC.bench_table); peak_rss_mb: this process; idle_cpu_pct and
idle_cpu_pct_by_screen: % of a core a screen waiting for input costs (game.ui.bench_idle).
"""
from __future__ import annotations

import os
import subprocess
import sys
import time

from .simulate import all_ms, ms_summary, percentile, play_one


def _startup_seconds(runs: int = 3, home: str | None = None) -> float:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    if home is not None:
        env["NOCTURNE_HOME"] = home
    if getattr(sys, "frozen", False):
        cmd = [sys.executable, "play", "--exit-after-first-frame"]
    else:
        main = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "main.py")
        cmd = [sys.executable, main, "play", "--exit-after-first-frame"]
    best = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        best.append(time.perf_counter() - t0)
    return round(min(best), 3), round(percentile(best, 50), 3)


def fill_folders(home, autosaves: int = 40, autosave_mb: float = 4.7, saves: int = 500) -> None:
    """A user folder as a long-used machine may have it: `autosaves` autosaves of about
    `autosave_mb` MB each (a long game's log) and `saves` ordinary saves."""
    import json
    from pathlib import Path

    from .ai.random_agent import RandomAgent
    from .core.match import Match, SeatInfo
    from .core.record import MAX_ACTIONS
    from . import registry
    game_id = registry.game_ids()[0]                 # any game: the folder is what is measured
    rules = registry.ruleset(game_id)
    players = max(2, int(registry.get(game_id).min_players))
    m = Match(game_id, rules, [SeatInfo(f"P{i}") for i in range(players)], {}, 7,
              agents={i: RandomAgent(i) for i in range(players)}, clocks=False)
    m.run_agents(30)
    record = m.record().to_json()
    small = json.dumps(record, separators=(",", ":")).encode()
    pool = sorted(record["actions"], key=lambda a: len(json.dumps(a)))[len(record["actions"]) // 3:]
    entry = len(json.dumps(pool, separators=(",", ":"))) / len(pool)
    n = min(MAX_ACTIONS, int(autosave_mb * 2**20 / entry))
    record["actions"] = (pool * (n // len(pool) + 1))[:n]
    record["moves"] = n
    big = json.dumps(record, separators=(",", ":")).encode()
    home = Path(home)
    for folder, count, blob, name in ((home / "data" / "autosave", autosaves, big, game_id + "-{}.json"),
                                      (home / "data" / "saves", saves, small, game_id + "-save-{}.json")):
        folder.mkdir(parents=True, exist_ok=True)
        for i in range(count):
            (folder / name.format(i)).write_bytes(blob)


def _startup_full_folders(runs: int) -> float:
    """Start-up (as startup_s) with 40 autosaves of 4.7 MB and 500 saves present."""
    import shutil
    import tempfile
    home = tempfile.mkdtemp(prefix="nocturne-bench-home-")
    try:
        fill_folders(home)
        return _startup_seconds(runs, home=home)[0]
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _sim_speed(game_id: str, players: int, seconds: float) -> dict:
    from . import registry
    ruleset = registry.ruleset(game_id)
    options = ruleset.validate_options({}, players)
    games = actions = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        _result, n, _times = play_one(game_id, options, ["random"] * players, 10_000 + games)
        games += 1
        actions += n
    elapsed = time.perf_counter() - t0
    return {"players": players, "games_per_s": round(games / elapsed, 1),
            "actions_per_s": round(actions / elapsed, 1)}


def _kernel_us(game_id: str, players: int, games: int = 200) -> dict:
    """Raw rules speed without the driver: apply + decisions, clone, determinize."""
    from .core.rng import RNG
    from . import registry
    ruleset = registry.ruleset(game_id)
    spec = registry.get(game_id)
    options = ruleset.validate_options({}, players)
    rng = RNG(5)
    steps, step_time, states = 0, 0.0, []
    t_all = time.perf_counter()
    for g in range(games):
        state = ruleset.setup(players, options, g)
        while ruleset.result(state) is None:
            decisions = ruleset.decisions(state)
            d = decisions[0]
            ruleset.apply(state, d.seat, d.actions[rng.below(len(d.actions))])
            steps += 1
            if steps % 37 == 0 and len(states) < 200:
                states.append(ruleset.clone(state))
    step_time = time.perf_counter() - t_all
    out = {"apply_plus_decisions_us": round(step_time / max(1, steps) * 1e6, 2),
           "raw_games_per_s": round(games / step_time, 1)}
    t0 = time.perf_counter()
    for s in states:
        ruleset.clone(s)
    out["clone_us"] = round((time.perf_counter() - t0) / max(1, len(states)) * 1e6, 2)
    determinize = spec.determinize
    if determinize is not None:
        views = [(ruleset.view(s, ruleset.decisions(s)[0].seat), ruleset.decisions(s)[0].seat)
                 for s in states if ruleset.result(s) is None and ruleset.decisions(s)]
        t0 = time.perf_counter()
        for view, seat in views:
            determinize(view, seat, rng)
        out["determinize_us"] = round((time.perf_counter() - t0) / max(1, len(views)) * 1e6, 2)
    return out


def _ai_ms(game_id: str, difficulty: str, games: int) -> dict:
    from . import registry
    ruleset = registry.ruleset(game_id)
    players = max(ruleset.min_players, min(ruleset.max_players, 2))
    options = ruleset.validate_options({}, players)
    by_kind: dict[str, list[float]] = {}
    for g in range(games):
        names = [difficulty] + ["random"] * (players - 1)
        names = names[g % players:] + names[:g % players]      # the thinking seat rotates
        _r, _n, t = play_one(game_id, options, names, 500 + g)
        for kind, ms in t.get(difficulty, {}).items():
            by_kind.setdefault(kind, []).extend(ms)
    times = all_ms(by_kind)
    return {"p50": round(percentile(times, 50), 2), "p95": round(percentile(times, 95), 2),
            "max": round(max(times), 2) if times else 0.0, "decisions": len(times),
            "p95_by_kind": {k: ms_summary(v)["p95"] for k, v in sorted(by_kind.items())}}


def peak_rss_mb() -> float | None:
    try:
        import resource
    except ImportError:          # Windows: no resource module
        return None
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(rss / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def busy_frames(game_id: str, frames: int = 600, size=(1920, 1080)) -> dict:
    """Update + draw of the game's busiest table (its `bench_table`): wall-time percentiles,
    and the same of this thread's CPU time, which a loaded machine's waits do not inflate."""
    import importlib

    import pygame
    from . import registry
    module, _, name = registry.get(game_id).bench_table.partition(":")
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    table, words = getattr(importlib.import_module(module), name)(size)
    screen = pygame.Surface(size)
    wall, cpu = [], []
    for n in range(frames + 10):
        t0, c0 = time.perf_counter(), time.thread_time()
        table.update(1 / 60)
        table.draw(screen)
        if n >= 10:                       # the first frames build the cached layers
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
    out = {q: round(percentile(wall, int(q[1:])), 2) for q in ("p50", "p95", "p99")}
    out.update({f"cpu_{q}": round(percentile(cpu, int(q[1:])), 2) for q in ("p50", "p95")})
    out["what"] = words
    return out


def steps() -> int:
    """How many `progress` calls `run` makes (for a progress bar's total)."""
    from . import registry
    return 3 + 5 * len(registry.game_ids()) + sum(1 for g in registry.game_ids() if registry.get(g).bench_table)


def run(quick: bool = False, progress=None) -> dict:
    """`progress(label)`: called after each of the `steps()` steps, naming the next."""
    from . import registry
    step = progress or (lambda label: None)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .core.version import app_version
    report: dict = {"version": app_version(), "frame_ms": {}, "sim": {}, "kernel_us": {}, "ai_ms": {}}
    report["startup_s"], report["startup_median_s"] = _startup_seconds(2 if quick else 5)
    step("start-up")
    report["startup_s_full_folders"] = _startup_full_folders(2 if quick else 3)
    step("start-up, full folders")
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        players = min(4, spec.max_players)
        report["sim"][game_id] = _sim_speed(game_id, players, 1.0 if quick else 4.0)
        step(f"{game_id} games/s")
        report["kernel_us"][game_id] = _kernel_us(game_id, players, 50 if quick else 300)
        step(f"{game_id} kernel")
        report["ai_ms"][game_id] = {d: _ai_ms(game_id, d, 1 if quick else 4)
                                    for d in ("easy", "normal", "hard")}
        step(f"{game_id} AI")
    from .ui import headless
    for game_id in registry.game_ids():
        frames = headless.bench_frames(game_id, frames=120 if quick else 600)
        step(f"{game_id} frames")
        report["frame_ms"][game_id] = {q: round(percentile(frames, int(q[1:])), 2)
                                       for q in ("p50", "p95", "p99")}
    for game_id in registry.game_ids():
        if registry.get(game_id).bench_table:
            report.setdefault("busy_frame_ms", {})[game_id] = busy_frames(game_id, 120 if quick else 600)
            step(f"{game_id} busy table")
    # the Hint's time (hint_ms_p95) and a 40-decision review (review_s), keyed by game id
    from . import bench_advice
    report.update(bench_advice.run(registry.game_ids(), quick=quick, step=step))
    report["peak_rss_mb"] = peak_rss_mb()
    # idle cost and memory after a long session, each in a fresh process (issue 12 item 10)
    from .ui.bench_idle import measure
    report.update(measure(seconds=2.0 if quick else 4.0, turns=60 if quick else 500))
    step("idle and soak")
    return report
