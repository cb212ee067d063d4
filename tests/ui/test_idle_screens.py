"""Idle cost of every screen that waits for input (issue 25, item 2): the Esc menu, the
hot-seat curtain, the main menu, the results and the recruitment screen ask for no
frames once they have settled (a candle-lit backdrop flickers for AMBIENT_SECONDS
after the last input, then holds still), so the window's loop sleeps; `bench --json`
reports each screen's figure under `idle_cpu_pct_by_screen`. Timings are bench's;
these tests check the mechanism."""
from __future__ import annotations

import pygame
import pytest

from game.ui import bench_idle, headless
from game.ui.scenes.base import AMBIENT_FPS, AMBIENT_SECONDS
from game.ui.scenes.table import COUNTDOWN_FPS
from tests.tablekit import make_app

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def idle_app():
    app = make_app((1280, 720))
    app.strict = False
    yield app
    app.shutdown()


def settle(app, seconds=AMBIENT_SECONDS + 1.0, dt=1 / 20):
    """The loop's steps over `seconds` with nobody touching anything; frames drawn."""
    drawn = 0
    for _ in range(int(seconds / dt)):
        drawn += bool(app.step(dt, [], lazy=True))
    return drawn


@pytest.mark.parametrize("name", [s for s in bench_idle.SCREENS if s != "table"])
def test_a_screen_waiting_for_input_draws_nothing(idle_app, name):
    app = idle_app
    bench_idle.waiting_screen(app, name)
    settle(app)
    assert app.frame_rate() == 0.0, f"{name}: {app.frame_rate()} frames a second asked while waiting"
    assert settle(app, 2.0) == 0, f"{name}: frames drawn on a still screen"
    # input lights it again: the next step draws
    assert app.step(1 / 20, [pygame.event.Event(pygame.MOUSEMOTION, pos=(700, 400), rel=(1, 1),
                                                buttons=(0, 0, 0))], lazy=True)


def test_the_table_under_the_esc_menu_asks_for_nothing(idle_app):
    """The table is not updated while the menu covers it (its clocks wait), so even a
    running countdown or an animation stopped half-way draws no frames."""
    app = idle_app
    table = bench_idle.waiting_table(app)
    table.frame_rate = lambda: 60.0
    from game.ui.scenes.overlays import PauseMenu
    app.push(PauseMenu(app, table))
    settle(app, 1.0)
    assert app.frame_rate() == 0.0


def test_a_backdrop_flickers_after_input_then_holds_still(idle_app):
    app = idle_app
    bench_idle.waiting_screen(app, "main_menu")
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0))])
    settle(app, 1.0)
    assert app.frame_rate() == AMBIENT_FPS, "the candle flickers while someone is there"
    settle(app)
    assert app.frame_rate() == 0.0


def test_the_table_waiting_with_a_clock_asks_only_for_the_countdown(idle_app):
    app = idle_app
    app.settings.timing = 1.0
    bench_idle.waiting_screen(app, "table")
    settle(app)
    assert app.frame_rate() <= COUNTDOWN_FPS


def test_bench_reports_idle_cpu_by_screen(monkeypatch):
    calls = []

    def fake(args):
        calls.append(args)
        only = args[args.index("--only") + 1]
        return {"idle": {"idle_cpu_pct": 1.0}, "soak": {"rss_after_soak_mb": 200.0},
                "screens": {"idle_cpu_pct_by_screen": {s: 1.0 for s in bench_idle.SCREENS}}}[only]
    monkeypatch.setattr(bench_idle, "_in_fresh_process", fake)
    report = bench_idle.measure(seconds=0.1, turns=1)
    assert set(report["idle_cpu_pct_by_screen"]) == {"table", "esc_menu", "curtain", "main_menu", "results",
                                                     "recruitment"}
    assert any("screens" in c for c in calls)


@pytest.mark.parametrize("name", [s for s in headless.SCENES if s != "table"])
def test_every_screen_of_the_app_settles_still(idle_app, name):
    """Beyond bench's list: the new-game screen, settings, rules, about, the saves, the
    shortcut list and the replay viewer paused also ask for no frames once settled."""
    headless.build_scene(idle_app, name)
    settle(idle_app)
    assert idle_app.frame_rate() == 0.0, f"{name}: {idle_app.frame_rate()} frames a second while waiting"
    assert settle(idle_app, 1.0) == 0


def test_the_replay_viewer_draws_while_it_plays(idle_app):
    scene = headless.build_scene(idle_app, "replay")
    settle(idle_app)
    scene.toggle_play()
    assert idle_app.frame_rate() > 0 and settle(idle_app, 1.0) > 0


def test_a_floater_on_a_waiting_table_fades_out_then_the_table_holds_still(idle_app):
    """A floater ("+1 dung") rising while the table waits for you is drawn to its end,
    not frozen on the screen until the mouse moves; then the table asks for no more than
    before (at most its countdown)."""
    app = idle_app
    bench_idle.waiting_screen(app, "table")
    settle(app)
    waiting = app.frame_rate()
    assert waiting <= COUNTDOWN_FPS
    table = app.scenes[-1].table
    # what table.floater adds when animations play (this app's are off)
    table.fx.add("floater", (pygame.Surface((40, 20)), 400, 300), 0.5)
    assert app.frame_rate() > COUNTDOWN_FPS, "the floater is drawn while it rises"
    settle(app, 1.0)
    assert app.frame_rate() == waiting
