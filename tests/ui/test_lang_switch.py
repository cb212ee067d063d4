"""Language in Settings: applies at once to every open screen (the Esc menu and the
table under it, the main menu under Settings), is remembered, and the first start
takes the computer's language."""
from __future__ import annotations

import json

import pytest

from game.core import i18n
from game.ui import headless
from game.ui import settings as settings_mod

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def app(tmp_path):
    a = headless.make_app()
    a.strict = True
    a.settings.animation_speed = 0.0
    a.settings.path = tmp_path / "settings.json"
    a.save_settings = a.settings.save
    yield a
    a.shutdown()
    i18n.set_language("en")


def labels(scene) -> list[str]:
    return [str(w.label) for w in scene.ui.widgets if getattr(w, "label", None)]


def test_language_from_settings_relabels_the_esc_menu_and_the_table_at_once(app):
    from game.ui.scenes.settings import SettingsScene
    headless.build_scene(app, "pause")
    pause, table = app.scenes[-1], app.scenes[-2]
    assert "Resume" in labels(pause)
    settings = SettingsScene(app)
    app.push(settings)
    app.step(1 / 60, [])
    settings.set_language("cs")
    app.step(1 / 60, [])
    # the scenes under Settings are already in Czech, before Settings closes
    assert "Pokračovat" in labels(pause) and "Resume" not in labels(pause)
    assert "Hotovo" in labels(settings)
    app.pop()
    app.step(1 / 60, [])
    assert app.top is pause and "Uložit hru" in labels(pause)
    menu = app.scenes[0]
    assert "Nová hra" in labels(menu)
    assert table.menu_btn.tooltip == "Nabídka (Esc)"        # the table under the Esc menu too
    # remembered
    saved = json.loads(app.settings.path.read_text(encoding="utf-8"))
    assert saved["language"] == "cs"
    loaded, msg = settings_mod.load(app.settings.path)
    assert msg is None and loaded.language == "cs"


def test_switching_back_to_english(app):
    from game.ui.scenes.settings import SettingsScene
    headless.build_scene(app, "menu")
    settings = SettingsScene(app)
    app.push(settings)
    settings.set_language("cs")
    app.step(1 / 60, [])
    assert "Nová hra" in labels(app.scenes[0])
    settings.set_language("en")
    app.step(1 / 60, [])
    assert "New game" in labels(app.scenes[0])


@pytest.mark.parametrize("env, lang", [("cs_CZ.UTF-8", "cs"), ("en_US.UTF-8", "en"), ("C.UTF-8", "en")])
def test_first_start_takes_the_system_language_then_keeps_the_choice(tmp_path, monkeypatch, env, lang):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr(i18n._locale, "getlocale", lambda *a: (None, None))
    path = tmp_path / "settings.json"
    first, msg = settings_mod.load(path)
    assert msg is None and first.language == lang
    first.language = "en"
    first.save()
    again, _ = settings_mod.load(path)
    assert again.language == "en"          # a chosen language wins over the system's


def test_screenshot_lang_does_not_touch_the_settings(tmp_path):
    before = settings_mod.default_path().read_bytes() if settings_mod.default_path().exists() else None
    a = tmp_path / "cs.png"
    b = tmp_path / "en.png"
    headless.screenshot_scene("menu", a, (640, 360), lang="cs")
    headless.screenshot_scene("menu", b, (640, 360), lang="en")
    i18n.set_language("en")
    assert a.read_bytes() != b.read_bytes()
    after = settings_mod.default_path().read_bytes() if settings_mod.default_path().exists() else None
    assert before == after
