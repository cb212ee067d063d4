"""The app always starts: a damaged settings file or autosave is reported once and set
aside, settings are checked field by field, a read-only home disables saves with one
message, strange names are cut on the way in and drawn in constant time, the replay
viewer shows a save as far as it is legal."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from game.core.match import Match, SeatInfo
from game import registry


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path / "home"))
    from game.ui.scenes import saves
    monkeypatch.setattr(saves, "_storage_said", [False])
    return tmp_path / "home"


def _app():
    from game.ui.app import App
    app = App(headless=True)
    app.strict = True
    app.save_settings = lambda: None
    return app


def _good_save(path: Path, steps: int = 20) -> dict:
    from game.ai.random_agent import RandomAgent
    rules = registry.ruleset("schemers")
    m = Match("schemers", rules, [SeatInfo("Ada"), SeatInfo("Bo"), SeatInfo("Cy")], {}, 7,
              agents={i: RandomAgent(i) for i in range(3)}, clocks=False)
    m.run_agents(steps)
    path.parent.mkdir(parents=True, exist_ok=True)
    m.save(path)
    return json.loads(path.read_text())


# -- settings ----------------------------------------------------------------------------------
SETTINGS_CASES = {
    "nested": "[" * 100_000 + "]" * 100_000,
    "not_object": "[1, 2]",
    "huge_number": '{"music_volume": ' + "9" * 5000 + "}",
    "nan": '{"music_volume": NaN}',
    "binary": "\udcff",
}


@pytest.mark.parametrize("case", sorted(SETTINGS_CASES) + ["dev_zero", "fifo", "too_big"])
def test_a_damaged_settings_file_gives_defaults_and_one_line(tmp_path, case):
    from game.ui import settings as S
    path = tmp_path / "settings.json"
    if case == "dev_zero":
        os.symlink("/dev/zero", path)
    elif case == "fifo":
        os.mkfifo(path)
    elif case == "too_big":
        path.write_text('{"language": "' + "x" * (6 * 1024 * 1024) + '"}')
    else:
        path.write_text(SETTINGS_CASES[case], encoding="utf-8", errors="surrogateescape")
    t0 = time.perf_counter()
    s, msg = S.load(path)
    assert time.perf_counter() - t0 < 5
    assert msg and "\n" not in msg and str(path) in msg and len(msg) <= 300
    assert s.to_json() == S.Settings().to_json()
    s.save()                                   # the damaged file goes aside, defaults are written
    assert (tmp_path / "settings.json.bad").exists() or (tmp_path / "settings.json.bad").is_symlink()
    again, msg = S.load(path)
    assert msg is None, "reported once"


def test_settings_are_checked_field_by_field_and_bad_entries_are_not_saved_back(tmp_path):
    from game.ui import settings as S
    path = tmp_path / "settings.json"
    good_entry = {"seats": [{"name": "Ada", "kind": "human", "difficulty": "normal"}],
                  "options": {"mode": "rialto", "addons": ["taglia"]}, "seed": "42"}
    path.write_text(json.dumps({
        "music_volume": 0.3,
        "language": "x" * 10_000,
        "last_new_game": {
            "schemers": "x",
            "dark_deeds": {"seats": [{"name": 5}], "options": {}},
            "other": {"seats": [{"name": "A", "kind": "wizard"}]},
            "nested": {"options": {"a": {"b": [1]}}},
            "ok": good_entry,
            "long": {"seats": [{"name": "\u202e" + "n" * 2000 + "\x00\ud800", "kind": "ai"}], "seed": 7},
        }}), encoding="utf-8")
    s, msg = S.load(path)
    assert "last_new_game" in msg and "language" in msg and "\n" not in msg
    assert s.music_volume == 0.3 and s.language == "en"
    assert set(s.last_new_game) == {"ok", "long"}
    assert s.last_new_game["ok"] == good_entry
    name = s.last_new_game["long"]["seats"][0]["name"]
    assert len(name) <= 40 and "\x00" not in name and "\u202e" not in name and "\ud800" not in name
    assert s.last_new_game["long"]["seed"] == "7"
    s.save()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert set(saved["last_new_game"]) == {"ok", "long"} and saved["language"] == "en"


# -- the app starts ----------------------------------------------------------------------------
def test_the_app_starts_with_a_damaged_settings_file_and_autosave(home):
    from game.ui.scenes.menu import MenuScene
    config = home / "config"
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{" * 50_000, encoding="utf-8")
    autosaves = home / "data" / "autosave"
    data = _good_save(autosaves / "schemers.json")
    (autosaves / "schemers.json").write_text(json.dumps({**data, "seats": []}))       # used to hang
    (autosaves / "dark_deeds.json").write_text('{"format": 1, "game": "dark_deeds", "actions": [' * 3000)
    app = _app()
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.step(1 / 60, [])
        texts = [tt.text for tt in app.toasts]
        assert any("settings.json" in x for x in texts)
        assert sum("schemers.json" in x for x in texts) == 1
        assert sum("dark_deeds.json" in x for x in texts) == 1
        assert (autosaves / "schemers.json.bad").exists() and not (autosaves / "schemers.json").exists()
        assert not menu.buttons["continue"].enabled
        app.toasts.clear()
        MenuScene(app)                               # a second menu says nothing again
        assert not app.toasts
    finally:
        app.shutdown()


def test_continue_with_an_autosave_that_stops_being_legal_sets_it_aside(home):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.saves import open_saved_game
    path = home / "data" / "autosave" / "schemers.json"
    data = _good_save(path)
    data["actions"].append([0, ["no_such_verb"]])
    data["digest"] = ""
    path.write_text(json.dumps(data))
    app = _app()
    try:
        app.push(MenuScene(app))
        assert not open_saved_game(app, path)
        assert any("not legal" in tt.text for tt in app.toasts)
        assert (path.parent / "schemers.json.bad").exists() and not path.exists()
        assert isinstance(app.top, MenuScene)
    finally:
        app.shutdown()


def test_a_read_only_home_runs_with_saves_off_and_says_so_once(tmp_path, monkeypatch):
    from game.ui.scenes import saves
    from game.ui.scenes.menu import MenuScene
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("NOCTURNE_HOME", str(blocker))     # nothing can be made under a file
    monkeypatch.setattr(saves, "_storage_said", [False])
    from game.core.paths import user_config_dir, user_data_dir
    assert user_data_dir() and user_config_dir()           # no PermissionError / NotADirectoryError
    app = _app()
    try:
        app.push(MenuScene(app))
        app.step(1 / 60, [])
        said = [tt.text for tt in app.toasts if "cannot be written" in tt.text]
        assert len(said) == 1
        app.push(saves.SavesScene(app, mode="load"))
        app.step(1 / 60, [])
        app.toasts.clear()
        app.push(MenuScene(app))
        assert not [tt for tt in app.toasts if "cannot be written" in tt.text]
    finally:
        app.shutdown()


def test_orphan_temp_files_are_cleaned_at_start(home):
    from game.ui.scenes.saves import startup_reports
    folder = home / "data" / "autosave"
    folder.mkdir(parents=True)
    orphan = folder / ".schemers.json.~nocturne-x1y2.tmp"
    orphan.write_text("{half")
    past = time.time() - 3600
    os.utime(orphan, (past, past))
    startup_reports()
    assert not orphan.exists()


# -- names -------------------------------------------------------------------------------------
class _CountingFont:
    def __init__(self, font):
        self.font, self.calls = font, 0

    def size(self, text):
        self.calls += 1
        return self.font.size(text)


def test_fit_text_measures_a_logarithmic_number_of_times(home):
    from game.ui.widgets import fit_text
    app = _app()
    try:
        counting = _CountingFont(app.assets.font(24))
        app.assets.font = lambda *a, **k: counting
        for n in (20, 2_000, 200_000):
            counting.calls = 0
            out = fit_text(app, "W" * n, 24, 300)
            assert out.endswith("…") and len(out) < 300
            assert counting.calls <= 2 + 10, (n, counting.calls)
    finally:
        app.shutdown()


def test_the_load_screen_draws_a_save_with_a_strange_name(home):
    from game.ui.scenes.saves import SavesScene
    path = home / "data" / "saves" / "odd.json"
    data = _good_save(path)
    data["seats"][0]["name"] = "\u202e" + "ש" * 2000 + "\x00\ud800"
    path.write_text(json.dumps(data))
    app = _app()
    try:
        scene = SavesScene(app, mode="load")
        app.push(scene)
        assert scene.items and scene.items[0].ok
        assert all(len(s["name"]) <= 40 for s in scene.items[0].record.seats)
        t0 = time.perf_counter()
        for _ in range(5):
            app.step(1 / 60, [])
        assert (time.perf_counter() - t0) / 5 < 0.5
    finally:
        app.shutdown()


# -- the replay viewer -------------------------------------------------------------------------
def test_the_replay_viewer_shows_a_save_as_far_as_it_is_legal(home):
    from game.ui.scenes.replay import ReplayScene, open_replay
    path = home / "data" / "saves" / "broken.json"
    data = _good_save(path, steps=12)
    legal = len(data["actions"])
    data["actions"] += [[0, ["no_such_verb"]], [1, ["pass"]]]
    data["digest"] = ""
    path.write_text(json.dumps(data))
    app = _app()
    try:
        assert open_replay(app, path)
        scene = app.top
        assert isinstance(scene, ReplayScene)
        assert len(scene.actions) == legal and scene.stop_line
        assert str(legal) in scene.stop_line and "not legal" in scene.stop_line
        scene.to_end()
        app.step(1 / 60, [])
        assert scene.pos == legal
        scene.to_start()
        scene.step_forward()
        app.step(1 / 60, [])
        assert scene.pos == 1
    finally:
        app.shutdown()


def test_the_load_screen_reads_a_bounded_number_of_bytes(home, monkeypatch):
    from game.ui.scenes import saves
    folder = home / "data" / "saves"
    data = _good_save(folder / "a.json")
    size = (folder / "a.json").stat().st_size
    for i, name in enumerate(("b.json", "c.json")):
        (folder / name).write_text(json.dumps(data))
        os.utime(folder / name, (time.time() - 100 * (i + 1),) * 2)
    monkeypatch.setattr(saves, "READ_BUDGET", int(size * 2.5))
    infos = saves.scan(("save",))
    assert [i.path.name for i in infos] == ["a.json", "b.json", "c.json"]
    assert infos[0].ok and infos[1].ok and not infos[2].ok and "not read" in infos[2].error
