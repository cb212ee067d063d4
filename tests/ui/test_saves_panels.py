"""The Load and Replays screens (issue 25, items 3 and 7): a save stores the game's id
and its mode's id, and its title is shown in the current language; the details panel's
title, mode, file and seat names fit the panel (the title on two lines, then "…"), and
whatever is cut reads whole in its tooltip. At 1280x720 and 1920x1080, English and Czech."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.match import SeatInfo
from game import registry
from game.ui import headless
from game.ui.scenes import saves as saves_mod
from game.ui.scenes.savefiles import new_save_path, replays_dir, saves_dir
from tests.ui.test_text_fits import Recorder, check

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
LONG_NAME = "Ottavia Serenissima della Giudecca Nova"   # names are kept to 40 characters


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def players(gid) -> int:
    rules = registry.ruleset(gid)
    return next(n for n in (2, 3, 4, 1) if rules.min_players <= n <= rules.max_players and _works(rules, n))


def _works(rules, n) -> bool:
    try:
        rules.validate_options({}, n)
        return True
    except Exception:             # noqa: BLE001 - OptionsError
        return False


def save_every_game(folder):
    """One save per game (in English), its first seat a person with a long name."""
    folder.mkdir(parents=True, exist_ok=True)
    for gid in registry.game_ids():
        n = players(gid)
        seats = [SeatInfo(LONG_NAME, "human")] + [SeatInfo(f"AI {i}", "ai", "normal") for i in range(1, n)]
        _spec, match = headless.play_match(gid, n, None, 3, 2, seats=seats)
        match.seats[0].kind = "human"
        match.save(new_save_path(folder, gid))


class Drawn(list):
    """Every text the Saves screen draws, with where it landed (inside a Recorder)."""

    def __enter__(self):
        self.draw = draw = saves_mod.draw_text

        def record(surf, ui, text, pos, *a, **k):
            r = draw(surf, ui, text, pos, *a, **k)
            self.append((str(text), r))
            return r
        saves_mod.draw_text = record
        return self

    def __exit__(self, *exc):
        saves_mod.draw_text = self.draw


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("mode", ["load", "replays"])
def test_the_details_panel_fits_every_game(lang, size, mode):
    save_every_game(saves_dir() if mode == "load" else replays_dir())
    app = headless.make_app(size, lang=lang)
    app.strict = True
    try:
        with Recorder() as rec, Drawn() as drawn:
            scene = headless.build_scene(app, mode)
            assert len(scene.items) == len(registry.game_ids())
            panel = getattr(scene, "DETAILS", pygame.Rect(1180, 216, 644, 740))   # the details panel
            for i in range(len(scene.items)):
                scene.list.select(i)
                scene.refresh()
                drawn.clear()
                app.step(1 / 60, [])
                inside = [(text, r) for text, r in drawn if isinstance(r, pygame.Rect) and r.w
                          and r.x >= panel.x - 2]
                assert inside, "the details are drawn"
                spill = [(text, r) for text, r in inside if not panel.contains(r)]
                assert not spill, f"{scene.items[i].game}: drawn past the details panel {panel}: {spill[:3]}"
                overlaps = [(a[0], b[0]) for k, a in enumerate(inside) for b in inside[k + 1:]
                            if a[1].colliderect(b[1])]
                assert not overlaps, f"{scene.items[i].game}: texts drawn over each other: {overlaps[:3]}"
                title = saves_mod.game_title(scene.items[i].game)
                shown = [w for w in scene.details if w.text == title]
                assert shown and (shown[0].cuts or " ".join(shown[0].lines) == title), \
                    "the title is whole, on two lines if it must"
                seat = next(w for w in scene.details if w.text == LONG_NAME)
                if seat.cuts:
                    assert LONG_NAME in seat.tooltip_text(), "a cut name reads whole in its tooltip"
            check(rec, f"{mode} {lang}")
            cut = [(b.label, b.cuts) for b in (scene.open_btn, scene.replay_btn) if b is not None and b.cuts]
            assert not cut, f"buttons cut: {cut}"
    finally:
        app.shutdown()


def test_a_save_made_in_english_is_titled_in_czech_when_read_in_czech():
    save_every_game(saves_dir())
    i18n.set_language("cs")
    infos = saves_mod.scan(("save",))
    titles = {info.game: info.title() for info in infos}
    for gid in registry.game_ids():
        assert titles[gid].startswith(registry.get(gid).title_text()), titles[gid]
    assert titles["dark_deeds"].startswith("Temné činy")
    i18n.set_language("en")
    titles = {info.game: info.title() for info in saves_mod.scan(("save",))}
    assert titles["monster_shop"].startswith("Little Monsters from the Underground"), titles["monster_shop"]


def test_a_seat_named_by_the_app_reads_in_the_current_language():
    saves_dir().mkdir(parents=True, exist_ok=True)
    seats = [SeatInfo("Player 1", "human"), SeatInfo("Player 2", "human"), SeatInfo("Ottavia", "ai", "normal")]
    _spec, match = headless.play_match("schemers", 3, None, 3, 2, seats=seats)
    match.save(new_save_path(saves_dir(), "schemers"))
    i18n.set_language("cs")
    info = saves_mod.scan(("save",))[0]
    assert info.players() == "Hráč 1, Hráč 2, Ottavia"
