"""The window's scenes under SDL's dummy drivers: every scene opens, draws and
closes; new game → table → results by posted clicks; the Esc menu; saves that
cannot be read; settings that persist or fall back."""
from __future__ import annotations

import json

import pygame
import pytest

from game.ui import headless
from tests.tablekit import app_click as click, app_key as key, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("name", headless.SCENES)
def test_every_scene_opens_draws_and_closes(app, name):
    scene = headless.build_scene(app, name)
    for _ in range(5):
        app.step(1 / 60, [])
    assert app.top is scene
    before = pygame.display.get_surface().copy()
    assert before.get_size() == (1920, 1080)
    while app.scenes:
        app.pop()
    assert not app.scenes


def test_new_game_to_table_to_results_by_clicks(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.results import ResultsScene
    from game.ui.scenes.table import TableScene
    from game.ui.widgets import Cycler

    app.settings.last_game = "schemers"
    app.settings.last_new_game = {"schemers": {
        "seats": [{"name": "Ada", "kind": "human", "difficulty": "random"},
                  {"name": "Bo", "kind": "ai", "difficulty": "random"}],
        "options": {"mode": "standard"}}}
    app.push(MenuScene(app))
    app.step(1 / 60, [])
    click(app, app.top.buttons["new"].rect.center)
    assert isinstance(app.top, NewGameScene)
    assert app.top.game_id == "schemers" and app.top.count == 2
    # seat 1 becomes an AI: the whole game plays itself
    kind = next(w for w in app.top.ui.widgets if isinstance(w, Cycler) and w.value == "human")
    body = kind._parts()[0]
    click(app, body.center)
    assert app.top.seats[0]["kind"] == "ai"
    click(app, app.top.start_btn.rect.center)
    assert isinstance(app.top, TableScene), "Begin opens the table"
    table = app.top
    assert table.viewer is None and table.curtain is None
    assert run_until(app, lambda: table.match.over and table.over_ready, 90), "the AI game ends"
    for _ in range(300):                       # five seconds later: still the final board
        app.step(1 / 60, [])
    assert app.top is table, "the table stays on the final board until asked"
    click(app, table.results_btn.rect.center)  # See results
    assert isinstance(app.top, ResultsScene)
    click(app, (96 + 140, 980 + 30))           # Main menu
    assert isinstance(app.top, MenuScene)


def test_escape_opens_the_in_game_menu_and_quit_autosaves(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.overlays import PauseMenu
    from game.ui.scenes.saves import autosave_path
    scene = headless.build_scene(app, "table")
    scene.match.autosave_path = autosave_path(scene.spec.id)
    app.step(1 / 60, [])
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, PauseMenu)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_ESCAPE)
    menu = app.top
    quit_btn = menu.ui.widgets[-1]
    click(app, quit_btn.rect.center)
    assert isinstance(app.top, MenuScene)
    assert autosave_path(scene.spec.id).exists()
    assert app.top.continue_info is not None, "the menu offers to continue the autosave"


def test_closing_the_window_autosaves(app):
    from game.ui.scenes.saves import autosave_path
    scene = headless.build_scene(app, "table")
    path = autosave_path(scene.spec.id)
    if path.exists():
        path.unlink()
    scene.match.autosave_path = path
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.running
    assert path.exists()


def test_corrupt_save_is_reported_by_name_and_kept(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.saves import SavesScene, open_saved_game, saves_dir
    bad = saves_dir() / "broken-game.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    raw = b'{"format": 1, "game": "schemers", "seed": 3, "act'
    bad.write_bytes(raw)
    app.push(MenuScene(app))
    app.push(SavesScene(app, mode="load"))
    scene = app.top
    idx = next(i for i, info in enumerate(scene.items) if info.path == bad)
    assert not scene.items[idx].ok
    scene.list.select(idx)
    app.step(1 / 60, [])
    assert not scene.open_btn.enabled and "broken-game.json" in scene.open_btn.disabled_reason
    key(app, pygame.K_RETURN)
    assert any("broken-game.json" in tt.text for tt in app.toasts)
    assert app.top is scene and app.running
    assert not open_saved_game(app, bad)
    assert bad.read_bytes() == raw, "the file is kept exactly as it was"
    app.step(1 / 60, [])


def test_a_good_save_loads_into_the_table(app):
    from game.ui.scenes.saves import open_saved_game, saves_dir
    from game.ui.scenes.table import TableScene
    _, match = headless.play_match("schemers", 3, None, 4, 9, difficulty="random")
    path = saves_dir() / "good.json"
    match.save(path)
    assert open_saved_game(app, path)
    assert isinstance(app.top, TableScene)
    assert len(app.top.match.log) == len(match.log)


def test_replay_viewer_steps_back_and_forth(app):
    from game.ui.scenes.replay import open_replay
    from game.ui.scenes.saves import replays_dir
    _, match = headless.play_match("schemers", 3, None, 5, 12, difficulty="random")
    path = replays_dir() / "r.json"
    match.save(path)
    assert open_replay(app, path)
    scene = app.top
    n = len(match.log)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert scene.pos == 2
    key(app, pygame.K_LEFT)
    assert scene.pos == 1 and len(scene.match.log) == 1
    key(app, pygame.K_END)
    assert scene.pos == n
    assert scene.match.record().digest == match.record().digest
    assert scene.table.log.entries                       # the whole game's chronicle
    key(app, pygame.K_HOME)
    assert scene.pos == 0
    assert scene.table.log.entries == []                 # back at the start: nothing happened yet
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: scene.pos >= 3, 20)


def test_settings_persist_and_a_corrupt_file_falls_back(tmp_path):
    from game.ui import settings as S
    path = tmp_path / "settings.json"
    s, msg = S.load(path)
    assert msg is None
    s.music_volume, s.colorblind, s.animation_speed, s.window_size = 0.25, True, 0.0, (1280, 720)
    s.save()
    again, msg = S.load(path)
    assert msg is None
    assert (again.music_volume, again.colorblind, again.animation_speed, again.window_size) == \
        (0.25, True, 0.0, (1280, 720))
    path.write_text("{not json", encoding="utf-8")
    fallback, msg = S.load(path)
    assert msg and "settings.json" in msg
    assert fallback.music_volume == S.Settings().music_volume
    assert path.read_text(encoding="utf-8") == "{not json", "the bad file is kept"
    fallback.save()
    assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "{not json"
    assert json.loads(path.read_text(encoding="utf-8"))["music_volume"] == S.Settings().music_volume
    path.write_text(json.dumps({"music_volume": "loud", "mute": True}), encoding="utf-8")
    partly, msg = S.load(path)
    assert partly.mute is True and partly.music_volume == S.Settings().music_volume and "music_volume" in msg


def test_settings_scene_changes_apply_and_save(app, tmp_path):
    from game.ui.scenes.settings import SettingsScene
    from game.ui.widgets import Toggle
    from game.ui import settings as S
    app.settings.path = tmp_path / "s.json"
    app.save_settings = app.settings.save
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    app.step(1 / 60, [])
    cb = next(w for w in app.top.ui.widgets if isinstance(w, Toggle) and w.label.startswith("Colour"))
    click(app, cb.rect.center)
    assert app.settings.colorblind is True
    key(app, pygame.K_ESCAPE)
    loaded, _ = S.load(tmp_path / "s.json")
    assert loaded.colorblind is True


def test_illegal_action_shows_the_reason(app):
    scene = headless.build_scene(app, "table")
    app.step(1 / 60, [])
    scene.submit_human(0, ("no-such-move",))
    assert app.toasts and app.toasts[-1].kind == "error"


def test_help_overlay_lists_table_shortcuts(app):
    from game.ui.scenes.overlays import HelpOverlay
    scene = headless.build_scene(app, "table")
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SLASH, mod=pygame.KMOD_SHIFT, unicode="?")])
    assert isinstance(app.top, HelpOverlay)
    keys = [k for k, _ in app.top.lines]
    assert "Esc" in keys and "Ctrl+Z" in keys
    assert len(app.top.lines) >= len(scene.table.help_lines())
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_main_menu_works_from_the_keyboard(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.settings import SettingsScene
    app.push(MenuScene(app))
    app.step(1 / 60, [])
    for _ in range(10):
        key(app, pygame.K_DOWN)
        if app.top.buttons["settings"].hovered:
            break
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, SettingsScene)
