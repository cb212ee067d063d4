"""The clock on the new-game screen is a few clicks from anywhere: − and + stop at 10,
15, 20, 25, 30, 40, 50, 60 s and No clock (not every second: turning Schemers' 20 s off
took about 20 clicks); holding − or + repeats; ← → Home End work while pointed at, in
English and Czech."""
from __future__ import annotations

import pygame
import pytest

from game.core.i18n import set_language, t
from game.ui.scenes.new_game import NewGameScene, clock_stops
from game.ui.widgets import Stepper
from tests.tablekit import DT, app_click, app_key

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _screen(app):
    scene = NewGameScene(app, "schemers")
    app.push(scene)
    app.step(DT, [])
    return scene


def _clock(scene) -> Stepper:
    return next(w for w in scene.ui.widgets if isinstance(w, Stepper) and w.label == t("schemers.options.clock"))


def _press(app, pos):
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])


def test_the_clock_steps_through_round_values_to_no_clock(app):
    scene = _screen(app)
    clock = _clock(scene)
    assert [v for v, *_ in clock.choices] == [0, 10, 15, 20, 25, 30, 40, 50, 60]
    assert clock.value == 20
    for _ in range(3):
        _body, minus, _plus = _clock(scene)._parts()
        app_click(app, minus.center)
    clock = _clock(scene)
    assert clock.value == 0 and scene.options["clock"] == 0
    assert clock.choices[clock.index][1] == "No clock"
    assert scene.check() is None, "No clock is a clock this game accepts"


def test_holding_plus_repeats_and_letting_go_stops(app):
    scene = _screen(app)
    _body, _minus, plus = _clock(scene)._parts()
    _press(app, plus.center)
    assert _clock(scene).value == 25                      # the press itself steps once
    for _ in range(int(1.0 / DT)):                        # held for a second
        app.step(DT, [])
    held_to = _clock(scene).value
    assert held_to >= 50, "holding + did not repeat"
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=plus.center, button=1)])
    for _ in range(int(1.0 / DT)):
        app.step(DT, [])
    assert _clock(scene).value == held_to == scene.options["clock"]


def test_keys_keep_working_while_pointed_at(app):
    scene = _screen(app)
    body = _clock(scene)._parts()[0]
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=body.center, rel=(0, 0), buttons=(0, 0, 0))])
    app_key(app, pygame.K_RIGHT)
    app_key(app, pygame.K_RIGHT)                          # the rebuilt stepper is still pointed at
    assert _clock(scene).value == 30
    app_key(app, pygame.K_END)
    assert _clock(scene).value == 60
    app_key(app, pygame.K_HOME)
    assert _clock(scene).value == 0


def test_czech_says_no_clock(app):
    set_language("cs")
    try:
        scene = _screen(app)
        _clock(scene).jump(-1)
        clock = _clock(scene)
        assert clock.choices[clock.index][1] == "Bez hodin"
        scene.draw(pygame.Surface((1920, 1080)))
        assert "choice" not in clock.cuts, "'Bez hodin' is cut short"
    finally:
        set_language("en")


def test_clock_stops_keep_every_second_of_a_short_clock_and_the_chosen_value():
    assert clock_stops(list(range(3, 8)), 5) == [3, 4, 5, 6, 7]          # Campanile's 3–7 s
    assert clock_stops([0] + list(range(10, 61)), 23) == [0, 10, 15, 20, 23, 25, 30, 40, 50, 60]
