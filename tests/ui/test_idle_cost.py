"""Idle cost (issue 12, item 10): the window draws only when something changes or
moves; a table waiting for you costs a few % of a core; every cache is bounded; a
long session stays under 300 MB."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.ui import bench_idle, headless
from game.ui.assets import SurfaceCache
from game.ui.scenes.table import COUNTDOWN_FPS

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
ROOT = Path(__file__).resolve().parents[2]


def run_loop(app, seconds, turns=None):
    d0 = app.draws
    c0, w0 = time.process_time(), time.perf_counter()
    n = 0
    while time.perf_counter() - w0 < seconds:
        app.loop_once()
        n += 1
    wall = time.perf_counter() - w0
    if turns is not None:
        turns.append(n)
    return app.draws - d0, 100 * (time.process_time() - c0) / wall, wall


@pytest.mark.parametrize("timing", [0.0, 1.0])
def test_a_table_waiting_for_you_is_not_redrawn(timing):
    app = headless.make_app((1600, 900))
    app.settings.timing = timing
    try:
        scene = bench_idle.waiting_table(app)
        assert scene.match.decisions_for(0), "the table waits for you"
        run_loop(app, 1.0)                                # start-up events settle
        draws, cpu, wall = run_loop(app, 2.0)
        # no clock: nothing moves, nothing is drawn; a running clock: a few frames a second
        allowed = 0 if timing == 0 else COUNTDOWN_FPS * wall + 2
        assert draws <= allowed, f"{draws} frames drawn in {wall:.1f} s on a still table"
        assert cpu <= bench_idle.IDLE_BAR_PCT, f"{cpu:.1f} % of a core while waiting"
        # a move of the pointer draws again at once
        app.loop_once()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 400), rel=(1, 1), buttons=(0, 0, 0)))
        before = app.draws
        app.loop_once()
        assert app.draws == before + 1
    finally:
        app.shutdown()


def test_a_table_with_something_moving_draws_every_frame():
    app = headless.make_app()
    try:
        scene = bench_idle.waiting_table(app)
        run_loop(app, 1.0)
        app.toast("Game saved", "success", 5.0)           # a toast fades: it moves
        run_loop(app, 0.3)
        turns = []
        draws, _cpu, wall = run_loop(app, 1.0, turns)
        assert draws == turns[0], "while something moves every turn of the loop draws (up to 60 FPS)"
    finally:
        app.shutdown()


def test_surface_caches_are_bounded_by_bytes_and_count():
    cache = SurfaceCache(max_bytes=1 << 20, max_items=50)
    for i in range(400):
        cache[i] = pygame.Surface((64, 64))               # 16 KB each
    assert cache.bytes <= 1 << 20 and len(cache) <= 50
    assert cache.get(399) is not None and cache.get(0) is None, "the least recently used go first"
    app = headless.make_app()
    try:
        for i in range(9000):
            app.assets.text(f"line {i} of a long session", 22, (200, 190, 170))
        assert len(app.assets._text) <= 6000 and app.assets._text.bytes <= 24 << 20
    finally:
        app.shutdown()


def test_memory_after_a_soak_across_both_games_stays_under_300_mb():
    """Every scene, 80 turns of both games on the table, every scene again — in a
    fresh process (bench's figure is the same at 500 turns)."""
    out = subprocess.run([sys.executable, "-m", "game.ui.bench_idle", "--json", "--only", "soak", "--turns", "80"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    assert out.returncode == 0, out.stderr[-2000:]
    rss = json.loads(out.stdout.strip().splitlines()[-1])["rss_after_soak_mb"]
    assert rss <= bench_idle.RSS_BAR_MB, f"{rss} MB after the soak"


def test_the_step_that_ends_an_animation_draws_its_last_picture():
    """An animation's last update changes the picture and makes the scene still in the
    same step (Dark Gothic: the Silver orb of a played Honor showed only when the mouse
    moved): that step draws once more, and then nothing is drawn."""
    app = headless.make_app()
    try:
        scene = bench_idle.waiting_table(app)
        for _ in range(120):                       # start-up events and glows settle
            app.step(1 / 60, [], lazy=True)
        app.since_input = 10.0
        rates = iter([60.0, 60.0, 0.0, 0.0, 0.0])
        scene.frame_rate = lambda: next(rates)
        drew = []
        for _ in range(5):
            app.since_draw = 1.0
            drew.append(app.step(1 / 60, [], lazy=True))
        assert drew == [True, True, True, False, False]
    finally:
        app.shutdown()
