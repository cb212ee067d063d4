"""Text that fits (issue 12, item 7): every scene — each game and mode on the new-game
screen, the shortcuts, the settings, the hot-seat curtain and public questions, the
final board, a knocked-out seat — drawn at 1280x720 and 1920x1080. A text shortened to
fit must be readable whole (the tooltip of what shows it), and no text is drawn off
the canvas."""
from __future__ import annotations

import importlib
import inspect
import pkgutil

import pygame
import pytest

import game.ui.scenes
from game.ui import headless, widgets
from game.ui.theme import LOGICAL_SIZE

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
SIZES = [(1280, 720), (1920, 1080)]
CANVAS = pygame.Rect(0, 0, *LOGICAL_SIZE)


class Recorder:
    """Wraps fit_text and draw_text wherever the window's code imported them."""

    def __init__(self):
        self.cuts: list[tuple[str, str, object]] = []     # (whole, shown, who drew it)
        self.off_canvas: list[tuple[str, pygame.Rect]] = []
        self.patched: list[tuple[object, str, object]] = []

    def modules(self):
        mods = [widgets, importlib.import_module("game.ui.app")]
        for info in pkgutil.iter_modules(game.ui.scenes.__path__):
            mods.append(importlib.import_module(f"game.ui.scenes.{info.name}"))
        return mods

    def __enter__(self):
        fit, draw = widgets.fit_text, widgets.draw_text
        cuts, off = self.cuts, self.off_canvas

        def fit_text(ui, text, size, width, *a, **k):
            shown = fit(ui, text, size, width, *a, **k)
            if shown != text:
                caller = inspect.currentframe().f_back
                cuts.append((str(text), shown, caller.f_locals.get("self")))
            return shown

        def draw_text(surf, ui, text, pos, *a, **k):
            r = draw(surf, ui, text, pos, *a, **k)
            if isinstance(r, pygame.Rect) and surf.get_size() == CANVAS.size and r.w and not CANVAS.contains(r):
                off.append((str(text), r))
            return r
        for mod in self.modules():
            for name, fn in (("fit_text", fit_text), ("draw_text", draw_text)):
                if getattr(mod, name, None) is not None:
                    self.patched.append((mod, name, getattr(mod, name)))
                    setattr(mod, name, fn)
        return self

    def __exit__(self, *exc):
        for mod, name, fn in reversed(self.patched):
            setattr(mod, name, fn)

    def unreadable(self) -> list[str]:
        """Shortened texts nobody can read whole: not drawn by a widget whose tooltip
        holds the whole text."""
        bad = []
        for whole, shown, who in self.cuts:
            core = whole.rstrip(" …").strip()
            if not (isinstance(who, widgets.Widget) and who.readable(core)):
                bad.append(f"{type(who).__name__}: {shown!r} (whole: {whole!r})")
        return sorted(set(bad))


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request):
    a = headless.make_app(request.param)
    a.strict = True
    a.settings.animation_speed = 0.0
    yield a
    a.shutdown()


def frames(app, n=4):
    for _ in range(n):
        app.step(1 / 60, [])
    assert app.window.get_size() == app.size
    if app.screen is not app.window:
        app.present()                     # the canvas, scaled into the window


def check(rec: Recorder, where: str):
    assert not rec.unreadable(), f"{where}: text cut with no way to read it: {rec.unreadable()[:6]}"
    assert not rec.off_canvas, f"{where}: text drawn off the canvas: {rec.off_canvas[:4]}"


@pytest.mark.parametrize("name", headless.SCENES)
def test_every_scene_shows_its_words_whole(app, name):
    with Recorder() as rec:
        headless.build_scene(app, name)
        frames(app)
    check(rec, name)


def test_every_game_and_mode_on_the_new_game_screen(app):
    from game import registry
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    app.push(MenuScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    seen = 0
    with Recorder() as rec:
        for gid in registry.game_ids():
            scene.select_game(gid)
            frames(app, 2)
            mode = next((sp for sp in scene.specs if sp.key == "mode"), None) if scene.ruleset else None
            for value, _label in (mode.choices if mode is not None else []):
                scene.set_option("mode", value)
                frames(app, 2)
                seen += 1
                check(rec, f"new game: {gid} / {value}")
    assert seen >= 5


def test_the_clock_stepper_goes_from_off_to_the_first_legal_value(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.widgets import Stepper
    app.push(MenuScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    scene.select_game("schemers")
    scene.set_option("clock", 0)
    frames(app, 1)
    clock = next(w for w in scene.ui.widgets if isinstance(w, Stepper) and "clock" in w.label.lower())
    assert clock.value == 0
    clock.step(+1)
    assert scene.options["clock"] == 10, "+ from Off gives the shortest clock the game allows"
    clock = next(w for w in scene.ui.widgets if isinstance(w, Stepper) and "clock" in w.label.lower())
    clock.step(-1)
    assert scene.options.get("clock") in (0, None), "− goes back to Off"
    assert scene.problem is None


def test_table_scene_words_fit_in_hot_seat_at_the_end_and_when_out(app):
    """The scene's own words over a table: the public question, the final-board strip,
    the knocked-out notice and the fast-forward button."""
    import random
    from tests.ui.test_hotseat import new_match
    from tests.ui.test_table_timing import _knocked_out_match
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import TableScene
    rnd = random.Random(2)
    spec, match = new_match("schemers", ["human", "ai", "human"], seed=11)
    scene = TableScene(app, spec, match)
    app.push(MenuScene(app))
    app.push(scene)
    states = set()
    with Recorder() as rec:
        for _ in range(8000):
            if match.over and scene.over_ready:
                states.add("over")
                frames(app, 2)
                break
            app.step(1 / 60, [])
            if scene.public:
                states.add("public")
                frames(app, 2)
                scene.submit_public(scene.public[0].seat, rnd.choice(scene.public[0].actions))
            elif scene.curtain is not None:
                states.add("curtain")
                scene.curtain_t = 1.0
                scene.lift_curtain()
            elif scene.viewer is not None and match.decisions_for(scene.viewer) and not scene.table.busy():
                scene.submit_human(scene.viewer, rnd.choice(match.decisions_for(scene.viewer)[0].actions))
        check(rec, "hot-seat table")
        app.to_menu()
        spec, match = next(filter(None, (_knocked_out_match(s) for s in range(1, 40))))
        scene = TableScene(app, spec, match)
        app.push(scene)
        frames(app, 3)
        assert scene.viewer_out() and scene.ff_btn is not None
        check(rec, "knocked out")
    assert states >= {"public", "curtain"}


def test_choice_buttons_and_game_titles_are_never_cut_on_the_new_game_screen(app):
    """A mode's or a choice's name is what a newcomer picks by: it fits its button whole
    (a longer explanation goes to the subtitle and the help under the buttons), and a
    game's title fits its card, on two lines if it must."""
    from game import registry
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene, tr
    app.push(MenuScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    with Recorder() as rec:
        for gid in registry.game_ids():
            scene.select_game(gid)
            frames(app, 2)
            names = {tr(label) for sp in scene.specs if sp.kind == "choice" for _v, label in sp.choices}
            cut = sorted({whole for whole, _shown, _who in rec.cuts if whole.rstrip(" …") in names})
            assert not cut, f"{gid}: cut on the new-game screen: {cut}"
    titles = {card.gid: card.cuts.get("title") for card in scene.cards}
    assert not any(titles.values()), f"game titles cut on their cards: {titles}"
