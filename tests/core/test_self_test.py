"""self-test fails on an internal error in any scene (issue 29, item 3): an error the
window lives through (a toast, a table falling back to the plain table) fails the check
it happened in, instead of "32 passed" over a screen that logged draw errors."""
from __future__ import annotations

import pytest


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path / "home"))


def _by_name(results):
    return {name: (ok, msg) for name, ok, msg in results}


def test_a_scene_that_fails_to_draw_fails_the_self_test(home, monkeypatch):
    from game.ui import headless
    from game.ui.scenes.about import AboutScene

    def broken(self, surf):
        raise ValueError("Text has zero width")
    monkeypatch.setattr(AboutScene, "draw", broken)
    got = _by_name(headless.self_test(only=("scene about", "scene menu")))
    assert got["scene menu"][0]
    ok, msg = got["scene about"]
    assert not ok and "internal error" in msg and "Text has zero width" in msg


def test_a_table_that_falls_back_to_the_plain_table_fails_the_self_test(home, monkeypatch):
    from game.games.schemers.table.screen import SchemersTable
    from game.ui import headless

    def broken(self, *a, **k):
        raise RuntimeError("a table bug")
    monkeypatch.setattr(SchemersTable, "update", broken)
    got = _by_name(headless.self_test(only=("table schemers",)))
    ok, msg = got["table schemers"]
    assert not ok and "a table bug" in msg


def test_a_damaged_font_fails_the_assets_check(home, monkeypatch, tmp_path):
    import shutil

    from game.ui import assets as assets_module
    from game.ui import headless
    from game.core.paths import resource_path
    fonts = tmp_path / "res" / "fonts"
    shutil.copytree(resource_path("fonts"), fonts)
    whole = (fonts / "DejaVuSans.ttf").read_bytes()
    (fonts / "DejaVuSans.ttf").write_bytes(whole[:len(whole) // 2])
    original = assets_module.Assets.__init__

    def init(self, root=None):
        original(self, tmp_path / "res")
    monkeypatch.setattr(assets_module.Assets, "__init__", init)
    got = _by_name(headless.self_test(only=("assets",)))
    ok, msg = got["assets"]
    assert not ok and "DejaVuSans.ttf" in msg


def test_the_self_test_passes_on_the_shipped_scenes(home):
    from game.ui import headless
    got = _by_name(headless.self_test(only=("scene menu", "scene rules", "scene new_game")))
    assert {"scene menu", "scene rules", "scene new_game"} <= set(got)
    failed = {name: msg for name, (ok, msg) in got.items() if not ok}
    assert not failed, failed
