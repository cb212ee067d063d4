"""The replay viewer follows a language switch while it is open (Settings over it), as
every other screen does: its table (card faces, chronicle), the position line and the
transport's tooltips are in the new language at once, and a replay opened from the review
rewords the review's line."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.i18n import t
from game.ui import headless
from game.ui.scenes.menu import MenuScene
from tests.tablekit import open_replay_scene, settle_scene
from tests.ui.test_lang_midgame import differing
from tests.ui.test_review import a_mistake, finished_match, words_drawn

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
AT = 9                      # the replay stands after this many moves


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    _, match = headless.play_match("schemers", 3, None, 4, 30, difficulty="random")
    path = tmp_path_factory.mktemp("replay") / "schemers-4.json"
    match.save(path)
    return path


def switch_to_czech(app):
    """What Settings → Language does; the app relabels every open screen on its next frame."""
    app.settings.language = "cs"
    i18n.set_language("cs")
    app.step(1 / 60, [])


def replay_picture(path, switch: bool) -> tuple[pygame.Surface, object]:
    """The replay at move AT: opened in English and switched to Czech (`switch`), or opened
    in Czech."""
    app = headless.make_app(lang="en" if switch else "cs")
    app.strict = True
    app.settings.animation_speed = 0.0
    try:
        app.push(MenuScene(app))
        scene = open_replay_scene(app, path)
        scene.seek(AT)
        settle_scene(app, scene)
        if switch:
            switch_to_czech(app)
            settle_scene(app, scene)
        for _ in range(3):
            app.step(1 / 60, [])
        tips = [b.tooltip for b in (scene.btn_start, scene.btn_prev, scene.btn_play, scene.btn_next,
                                    scene.btn_end, scene.btn_close)]
        return app.screen.copy(), (tips, words_drawn(app), len(scene.actions))
    finally:
        app.shutdown()


def test_a_replay_switched_to_czech_reads_like_one_opened_in_czech(saved):
    switched, (tips, words, total) = replay_picture(saved, switch=True)
    fresh, (fresh_tips, _, _) = replay_picture(saved, switch=False)
    assert tips == fresh_tips and t("replay.start") in tips          # i18n is Czech now
    assert t("replay.position", n=AT, total=total) in words and t("replay.title") in words
    share = differing(switched, fresh)
    assert share < 0.0005, f"{share:.2%} of the replay differs from one opened in Czech"


def test_the_review_line_over_a_replay_follows_the_language(app):
    from game.ui.scenes.review import ReviewReplayScene, mistake_line
    spec, m = finished_match()
    mistake = a_mistake(spec, m)
    english = mistake_line(spec, m, mistake)
    replay = ReviewReplayScene(app, spec, m, m.record(), mistake)
    app.push(replay)
    replay.seek(mistake.step)
    app.step(1 / 60, [])
    switch_to_czech(app)
    czech = mistake_line(spec, m, mistake)
    assert czech != english and replay.review_line == czech
    drawn = words_drawn(app)
    assert t("review.replay_at", n=mistake.step + 1, total=len(m.log)) in drawn
    assert t("review.step", n=mistake.step + 1, total=len(m.log)) in drawn


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_position_line_fits_a_long_game_in_both_languages(app, saved, lang):
    from game.ui.theme import FONT
    from game.ui.widgets import fit_text
    i18n.set_language(lang)
    scene = open_replay_scene(app, saved)
    for words in (t("replay.position", n=0, total=388), t("replay.position", n=387, total=388),
                  t("review.replay_at", n=388, total=388)):
        assert fit_text(app, words, FONT.small, scene.position_room()) == words, words
