"""Timing as a setting, AI answers after a window's minimum time, timeouts written in
the chronicle, and the end of a game (issue 12, items 4 and 6). By posted events."""
from __future__ import annotations

import time

import pytest

from game.ai.random_agent import RandomAgent
from game.core.match import Match, SeatInfo
from game import registry
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene, make_agents, start_game
from tests.tablekit import app_click as click
from tests.toygame import ToyBoardRules, toy_spec

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
DT = 1 / 60


class Clock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def test_TE_timing_setting_is_offered_and_reaches_every_match(app):
    from game.ui.scenes.settings import SettingsScene
    from game.ui.widgets import Cycler
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    app.step(DT, [])
    timing = next(w for w in app.top.ui.widgets if isinstance(w, Cycler) and w.label == "Time limits")
    seen = []
    for _ in range(4):                                   # off, 1x, 1.5x, 2x: each a click away
        click(app, timing._parts()[-1].center)
        seen.append(app.settings.timing)
    assert sorted(set(seen)) == [0.0, 1.0, 1.5, 2.0]
    spec = registry.get("schemers")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "ai", "random")]
    for timing, scale in ((0.0, None), (1.5, 1.5), (2.0, 2.0), (1.0, 1.0)):
        app.settings.timing = timing
        scene = start_game(app, spec, seats, {"clock": 20}, seed=4)
        assert scene.match.time_scale == scale
        d = scene.match.decisions()[0]
        if d.seat == 0:
            left = scene.match.time_left(d)
            assert left is None if scale is None else left == pytest.approx(d.timeout * scale, abs=0.1)
    # a saved game resumed in the window follows the setting too
    app.settings.timing = 0.0
    m = Match("schemers", registry.ruleset("schemers"), seats, {"clock": 20}, 5)
    scene = TableScene(app, spec, m)
    assert m.time_scale is None


def test_ai_answers_a_window_only_after_its_minimum_time(app):
    """The toy board's trap window has a 0.5 s minimum answer time: an AI seat's pass
    is never taken sooner (how fast a seat passes must tell nothing)."""
    rules = ToyBoardRules()
    spec = toy_spec(rules, table="tests.nowhere:Table", title="Toy board")
    clock = Clock()
    seats = [SeatInfo(f"AI {i}", "ai", "random") for i in range(3)]
    agents = {i: RandomAgent(i) for i in range(3)}
    m = Match("toy_board", rules, seats, {"rounds": 2}, 3, now=clock, agents=agents)
    scene = TableScene(app, spec, m)
    app.push(scene)
    early = []
    submit = m.submit

    def checked(seat, action):
        for d in m.decisions_for(seat):
            if d.min_time and not m.ready(d):
                early.append((seat, action, m.ready_at(d) - clock()))
        return submit(seat, action)
    m.submit = checked
    windows = 0
    end = time.monotonic() + 30
    while not m.over and time.monotonic() < end:
        if any(d.min_time for d in m.decisions()):
            windows += 1
        app.step(DT, [])
        clock.t += DT
        time.sleep(0.0005)
    assert windows > 0
    assert not early, f"AI answers taken before the window's minimum time: {early[:3]}"


def ada_against_two(app, clock):
    """Schemers with a 20 s clock on `clock`: Ada at the screen, two random AIs; (match, scene)."""
    spec = registry.get("schemers")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "ai", "random"), SeatInfo("Cy", "ai", "random")]
    m = Match("schemers", registry.ruleset("schemers"), seats, {"clock": 20}, 8, now=clock,
              agents=make_agents(spec, seats, 8))
    app.settings.timing = 1.0
    scene = TableScene(app, spec, m)
    app.push(MenuScene(app))
    app.push(scene)
    return m, scene


def test_a_timeout_that_moves_for_you_is_in_the_chronicle(app):
    clock = Clock()
    m, scene = ada_against_two(app, clock)
    end = time.monotonic() + 30
    while not any(d.kind == "turn" for d in m.decisions_for(0)) and time.monotonic() < end:
        app.step(DT, [])
        clock.t += DT
        time.sleep(0.0005)
    d = next(d for d in m.decisions_for(0) if d.kind == "turn")
    while scene.table.busy():
        app.step(DT, [])
    app.step(DT, [])                                      # the table is still: her clock starts
    assert m.deadlines.get(d.clock_key) is not None
    clock.t += d.timeout + 1                              # Ada looks away
    n = len(m.log)
    app.step(DT, [])
    assert m.log[n] == (0, d.default), "the clock moved for her"
    for _ in range(240):
        app.step(DT, [])
        if not scene.table.busy():
            break
    lines = ["".join(str(seg[0]) for seg in entry) for entry in scene.table.log.entries]
    assert "Time ran out: Gondola Fare" in lines
    # before what the clock's move did, not after the next player's turn had begun (a
    # newcomer read "Time ran out: Pass" under their own new turn's heading)
    after = lines[lines.index("Time ran out: Gondola Fare") + 1:]
    assert after and "Ada" in after[0] and "Gondola" in after[0], lines


def _knocked_out_match(seed):
    """Schemers for three, played by agents until seat 0 is out while the others play on."""
    spec = registry.get("schemers")
    seats = [SeatInfo("You", "ai", "random"), SeatInfo("Bo", "ai", "random"), SeatInfo("Cy", "ai", "random")]
    m = Match("schemers", registry.ruleset("schemers"), seats, {}, seed, agents=make_agents(spec, seats, seed),
              clocks=False)
    while not m.over and 0 not in m.view(None)["out"]:
        m.run_agents(1, budget=0.01)
    if m.over:
        return None
    seats[0].kind = "human"
    del m.agents[0]
    m.clocks = True
    return spec, Match.from_record(m.record(), m.rules, agents=make_agents(spec, seats, seed))


def test_after_you_are_out_the_ai_plays_at_a_readable_pace_with_fast_forward(app):
    app.settings.animation_speed = 1.0
    found = next(filter(None, (_knocked_out_match(s) for s in range(1, 40))))
    spec, m = found
    scene = TableScene(app, spec, m)
    app.push(MenuScene(app))
    app.push(scene)
    app.step(DT, [])
    assert scene.viewer == 0 and scene.viewer_out(), "your seat says you are out"
    n = len(m.log)
    for _ in range(int(3 / DT)):                          # three seconds of play
        app.step(DT, [])
        time.sleep(0.002)                                 # the AI thinks in its own thread
    played = len(m.log) - n
    assert 1 <= played <= 4, f"{played} AI actions in 3 s: too fast to follow (or stuck)"
    assert scene.ff_btn is not None
    click(app, scene.ff_btn.rect.center)                  # fast-forward
    assert scene.fast
    end = time.monotonic() + 60
    while not m.over and time.monotonic() < end:
        app.step(DT, [])
        time.sleep(0.0005)
    assert m.over, "fast-forward finishes the game"
    end = time.monotonic() + 20
    while not scene.over_ready and time.monotonic() < end:
        app.step(DT, [])
    assert app.top is scene and scene.results_btn is not None, "the final board stays, with See results"


def test_an_autosave_that_fails_is_said_once_and_the_move_stands(app, tmp_path):
    """Issue 13 item 4: a read-only or vanished save folder never breaks a move; the
    table says so once (not every frame, not at every move with the same error)."""
    spec = registry.get("schemers")
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "human")]
    scene = start_game(app, spec, seats, {"clock": None}, 3)
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("a file where the save folder should be")
    scene.match.autosave_path = blocker / "autosave.json"
    d = scene.match.decisions()[0]
    scene.match.submit(d.seat, ("income",))
    assert len(scene.match.log) == 1 and scene.match.autosave_error
    for _ in range(5):
        app.step(DT, [])
    said = [x for x in app.toasts if "not_a_folder" in x.text]
    assert len(said) == 1 and said[0].kind == "error"


def test_one_persons_clock_waits_while_the_table_catches_up(app):
    """Against AI, a question's clock starts once the table has shown what led to it: a
    Dark Gothic Block opened with 9 of its 20 s left because the clock ran while the
    Strike and the cards before it were still gliding."""
    app.settings.animation_speed = 1.0
    clock = Clock()
    m, scene = ada_against_two(app, clock)
    asked_while_moving = set()
    started = []
    end = time.monotonic() + 60
    while not started and time.monotonic() < end:
        app.step(DT, [])
        clock.t += DT
        for d in m.decisions_for(0):
            if d.timeout is None:
                continue
            if m.deadlines.get(d.clock_key) is None:
                if scene.table.busy():
                    asked_while_moving.add(d.clock_key)
            elif d.clock_key in asked_while_moving:
                assert not scene.table.busy()
                started.append(m.time_left(d) / (d.timeout * m.time_scale))
        time.sleep(0.0005)
    assert asked_while_moving, "Ada was asked while the table still moved"
    assert started and started[0] > 0.97, f"her clock started after it, with the whole time left: {started}"
