"""Settings → Window size (issue 25, item 7): only sizes that open whole on this screen
are offered (a window keeps within 96 % × 92 % of the desktop), with the largest that
fits, and the choice shown is the window's size now, marked so."""
from __future__ import annotations

import pytest

from game.core import i18n
from game.ui import headless
from game.ui.scenes.settings import SettingsScene
from game.ui.widgets import Cycler

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def size_cycler(desk, window, lang="en"):
    app = headless.make_app(window, lang=lang)
    app.desktop_size = lambda: desk
    try:
        headless.build_scene(app, "menu")
        scene = SettingsScene(app)
        app.push(scene)
        app.step(1 / 60, [])
        return next(w for w in scene.ui.widgets if isinstance(w, Cycler) and w.label == i18n.t("settings.window_size"))
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("desk, window", [((1280, 720), (1177, 662)), ((1366, 768), (1280, 720)),
                                          ((1920, 1080), (1600, 900)), ((2560, 1440), (1920, 1080))])
def test_only_sizes_that_fit_the_screen_and_the_current_one(desk, window):
    cycler = size_cycler(desk, window)
    sizes = [c[0] for c in cycler.choices]
    for w, h in sizes:
        assert (w, h) == window or (w <= desk[0] * 0.96 and h <= desk[1] * 0.92), \
            f"{w}x{h} is offered on a {desk[0]}x{desk[1]} screen"
    assert cycler.value == window, "the choice shown is the window's size now"
    assert "(now)" in cycler.choices[cycler.index][1]
    assert sizes == sorted(sizes, key=lambda v: v[0] * v[1]), "smallest first"
    largest = max(sizes, key=lambda v: v[0] * v[1])
    assert largest[0] >= desk[0] * 0.9 or largest[1] >= desk[1] * 0.88, "the largest window that fits is offered"


def test_a_big_screen_offers_the_usual_sizes_and_czech_marks_them():
    cycler = size_cycler((2800, 1600), (1280, 720), lang="cs")
    sizes = [c[0] for c in cycler.choices]
    assert sizes[:7] == [(960, 540), (1024, 576), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440)]
    assert (3840, 2160) not in sizes
    assert cycler.choices[2][1] == "1280 × 720 (teď)"


def _settings(window, lang="en"):
    app = headless.make_app(window, lang=lang)
    app.desktop_size = lambda: (1280, 720)
    headless.build_scene(app, "menu")
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60, [])
    return app, scene


def _size_cycler(scene):
    return next(w for w in scene.ui.widgets if isinstance(w, Cycler) and w.label == i18n.t("settings.window_size"))


def test_now_follows_a_window_resized_while_settings_is_open():
    app, scene = _settings((1177, 662))
    try:
        app.window_size_now = lambda: (1000, 600)           # the edge dragged, or the desktop shrank
        app.step(1 / 60, [])
        cycler = _size_cycler(scene)
        assert cycler.choices[cycler.index][:2] == ((1000, 600), "1000 × 600 (now)")
        assert sum("(now)" in c[1] for c in cycler.choices) == 1
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang, words", [("en", "(windowed)"), ("cs", "(v okně)")])
def test_full_screen_does_not_call_the_saved_size_now(lang, words):
    app, scene = _settings((1177, 662), lang)
    try:
        app.settings.fullscreen = True                       # F11 while Settings is open
        app.step(1 / 60, [])
        cycler = _size_cycler(scene)
        label = cycler.choices[cycler.index][1]
        assert cycler.value == (1177, 662), "the size the window takes on leaving full screen"
        assert label.endswith(words) and i18n.t("settings.window_now", size="") not in label
        toggle = next(w for w in scene.ui.widgets if getattr(w, "label", "") == i18n.t("settings.fullscreen"))
        assert toggle.value is True
    finally:
        app.shutdown()
        i18n.set_language("en")
