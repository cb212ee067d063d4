"""The Hint on the real table scene (game/ui/scenes/hint_panel.py), headless: the I key and
the button ask the hard agent off the render loop, the panel lists 2-3 moves with a chance
and a reason, a click shows one on the table, the table stays playable meanwhile, Esc
closes the panel before the pause menu, each Hint is counted for the results, and a table
of several people has no Hint unless the new-game setting allows it."""
from __future__ import annotations

import pygame
import pytest

from game.core.i18n import set_language, t
from game import registry
from game.ui.scenes.hint_panel import action_rects, hints_taken
from game.ui.scenes.table import TableScene
from tests.tablekit import app_click, app_key, new_match, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _table(app, humans=(0,), players=2, seed=3):
    m = new_match("schemers", {}, seed, players, humans=humans)
    scene = TableScene(app, registry.get("schemers"), m)
    app.push(scene)
    assert run_until(app, lambda: bool(m.decisions_for(humans[0])) and not scene.table.busy(), 30)
    return scene


def _hint(app, scene):
    app_key(app, pygame.K_i)
    assert scene.hints.open
    assert run_until(app, lambda: scene.hints.hint is not None or scene.hints.error, 30), "no Hint came"
    assert scene.hints.error is None
    return scene.hints.hint


def test_i_asks_and_the_panel_lists_moves_with_chances_and_reasons(app):
    scene = _table(app)
    hint = _hint(app, scene)
    assert 2 <= len(hint.moves) <= 3 and hint.weighed
    assert all(m.percent().startswith("≈") and m.words() for m in hint.moves)
    assert len(scene.hints.rows) == len(hint.moves)
    assert hints_taken(scene.match) == {0: 1}
    assert scene.match.record().extra["hints"] == {"0": 1}      # saved with the game
    app_click(app, scene.hints.rows[0].center)
    assert scene.hints.chosen == hint.moves[0].action
    assert action_rects(scene.table, scene.hints.chosen), "the best move is not found on the table"
    scene.draw(pygame.Surface((1920, 1080)))
    app_key(app, pygame.K_ESCAPE)
    assert not scene.hints.open and scene.hints.chosen == hint.moves[0].action     # still lit
    scene.submit_human(0, hint.moves[0].action)
    app.step(1 / 60, [])
    assert scene.hints.chosen is None                        # answered: the light goes out


def test_the_button_asks_too_and_esc_closes_the_panel_not_the_table(app):
    scene = _table(app)
    assert scene.hints.button.visible
    app_click(app, scene.hints.button.rect.center)
    assert scene.hints.open
    app_key(app, pygame.K_ESCAPE)
    assert not scene.hints.open and app.top is scene        # no pause menu over it


def test_the_table_plays_on_while_the_hint_thinks(app):
    scene = _table(app)
    app_key(app, pygame.K_i)
    assert scene.hints.thinking()
    before = len(scene.match.log)
    scene.submit_human(0, ("income",))                       # the player does not wait for it
    assert len(scene.match.log) > before
    app.step(1 / 60, [])
    assert not scene.hints.open                              # a Hint about the past is dropped
    assert run_until(app, lambda: scene.hints.worker is not None and not scene.hints.worker.busy, 30)
    assert scene.hints.hint is None and hints_taken(scene.match) == {}


def test_no_hint_with_several_people_unless_the_setting_allows(app):
    app.settings.hints_shared = False
    scene = _table(app, humans=(0, 1))
    assert not scene.hints.allowed()
    app_key(app, pygame.K_i)
    assert not scene.hints.open
    assert all(k != t("advice.key") for k, _ in scene.help_lines())
    app.settings.hints_shared = True
    assert scene.hints.allowed()
    assert (t("advice.key"), t("advice.help_key")) in scene.help_lines()


def test_the_panel_speaks_czech(app):
    set_language("cs")
    try:
        scene = _table(app)
        hint = _hint(app, scene)
        words = " ".join(m.words() for m in hint.moves) + " " + " ".join(scene.hints.labels)
        assert "sehráv" in words or "pravidlo palce" in words, words
        surf = pygame.Surface((1920, 1080))
        scene.draw(surf)
    finally:
        set_language("en")


def test_the_new_game_screen_turns_hints_on_for_several_people(app):
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.widgets import Toggle
    app.settings.hints_shared = False
    scene = NewGameScene(app, "schemers")
    app.push(scene)
    app.step(1 / 60, [])

    def toggle():
        return next((w for w in scene.ui.widgets if isinstance(w, Toggle) and w.label == t("advice.setting")), None)
    assert toggle() is None                                  # one person: the Hint is simply there
    scene.set_kind(1, "human")
    app.step(1 / 60, [])
    assert toggle() is not None
    app_click(app, toggle().rect.center)
    assert app.settings.hints_shared is True


class _LongReason:
    """A Hint's move whose reason takes many lines."""

    def __init__(self, move, n, words=24):
        self.move, self.n, self.count = move, n, words
        self.action, self.chance = move.action, move.chance

    def percent(self):
        return self.move.percent()

    def words(self):
        return " ".join(f"because{self.n}x{k}" for k in range(self.count))


def _drawn_reasons(monkeypatch, scene):
    """(text, y) of every line the panel draws."""
    from game.ui.scenes import hint_panel
    drawn = []
    real = hint_panel.draw_text

    def spy(surf, ui, text, pos, *a, **kw):
        drawn.append((text, pos[1]))
        return real(surf, ui, text, pos, *a, **kw)
    monkeypatch.setattr(hint_panel, "draw_text", spy)
    scene.hints.draw_panel(pygame.Surface((1920, 1080)))
    return drawn


def test_a_long_reason_is_drawn_whole_inside_its_row(app, monkeypatch):
    import dataclasses
    scene = _table(app)
    hint = _hint(app, scene)
    scene.hints.hint = dataclasses.replace(hint, moves=tuple(_LongReason(m, i) for i, m in enumerate(hint.moves)))
    drawn = _drawn_reasons(monkeypatch, scene)
    panel = scene.hints.panel_rect()
    assert panel.bottom <= 1080
    for i, row in enumerate(scene.hints.rows):
        words = " ".join(text for text, _y in drawn if text.startswith(f"because{i}x")).split()
        assert words == [f"because{i}x{k}" for k in range(24)], "the reason is cut"
        assert all(row.top <= y < row.bottom - 12 for text, y in drawn if text.startswith(f"because{i}x"))
    # reasons too long for the screen: the panel stays on it and says where it shortened
    scene.hints.hint = dataclasses.replace(hint, moves=tuple(_LongReason(m, i, 90) for i, m in enumerate(hint.moves)))
    drawn = _drawn_reasons(monkeypatch, scene)
    assert scene.hints.panel_rect().bottom <= 1080 - 16
    assert any(text.endswith("…") for text, _y in drawn)


def test_czech_reasons_are_drawn_whole(app, monkeypatch):
    set_language("cs")
    try:
        scene = _table(app)
        hint = _hint(app, scene)
        drawn = " ".join(text for text, _y in _drawn_reasons(monkeypatch, scene)).split()
        for move in hint.moves:
            assert all(word in drawn for word in move.words().split()), move.words()
    finally:
        set_language("en")


def test_esc_just_after_the_panel_closed_itself_does_not_open_the_menu(app):
    scene = _table(app)
    _hint(app, scene)
    scene.submit_human(0, ("income",))                       # the game moves on: the panel goes
    app.step(1 / 60, [])
    assert not scene.hints.open
    app_key(app, pygame.K_ESCAPE)                            # meant for the panel
    assert app.top is scene, "the pause menu opened under a late Esc"
    app_key(app, pygame.K_ESCAPE)                            # a second Esc is meant for the menu
    assert app.top is not scene and app.top.name == "pause"
