"""Hot-seat "My cards" (issue 25, item 1): a seat asked a public question looks at its
own cards behind the curtain, answers with them in view or hides them again, and the
table returns to the public question. Schemers, two people, driven by clicks."""
from __future__ import annotations

import pytest

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import TableScene
from tests.tablekit import app_click as click, drawn_faces, run_until, settle_scene
from tests.ui.test_hotseat import lift, new_match

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def doge_claimed(app):
    """Two people (seed 11: P1 plays first); P1 claims the Doge, so P0 is asked in
    public whether to challenge."""
    spec, match = new_match("schemers", ["human", "human"], seed=11)
    scene = TableScene(app, spec, match)
    app.push(MenuScene(app))
    app.push(scene)
    assert run_until(app, lambda: scene.curtain == 1)
    lift(app, scene)
    assert scene.viewer == 1
    scene.submit_human(1, ("claim", "doge"))
    assert run_until(app, lambda: bool(scene.public) and not scene.table.busy())
    assert [d.seat for d in scene.public] == [0] and scene.viewer is None
    return scene, match


def my_cards_button(scene, seat):
    return next(b for b in scene.public_btns if b.public_seat == seat and b.public_action is None)


def peek(app, scene, seat):
    click(app, my_cards_button(scene, seat).rect.center)
    assert scene.curtain == seat, "the others look away first"
    lift(app, scene)
    settle_scene(app, scene)
    for _ in range(10):                      # the following frames keep the seat's view
        app.step(1 / 60, [])


def test_my_cards_shows_the_seats_hand_until_it_answers(app):
    scene, match = doge_claimed(app)
    hand = list(match.view(0)["hand"])
    peek(app, scene, 0)
    assert scene.viewer == 0 and scene.curtain is None, "the peeking seat's table stays on screen"
    faces = drawn_faces(app, scene)
    assert set(hand) <= set(faces), f"face up: {faces}, hand: {hand}"
    # the seat answers from its own table, with its cards in view
    challenge = next(b for b in scene.table.banner.spec.buttons if b.action == ("challenge",))
    click(app, challenge.rect.center)
    assert match.log[-1] == (0, ("challenge",))
    assert scene.peek is None


def test_hide_my_cards_returns_to_the_public_question(app):
    scene, match = doge_claimed(app)
    peek(app, scene, 0)
    assert scene.unpeek_btn is not None and scene.viewer == 0
    click(app, scene.unpeek_btn.rect.center)
    app.step(1 / 60, [])
    assert scene.viewer is None, "nobody's cards on the public screen"
    assert [d.seat for d in scene.public] == [0], "the public question is asked again"
    assert not [k for k in drawn_faces(app, scene) if k in match.view(0)["hand"]]
    pass_btn = next(b for b in scene.public_btns if b.public_action == ("pass",))
    click(app, pass_btn.rect.center)
    assert match.log[-1] == (0, ("pass",))


def test_the_public_question_is_drawn_without_any_input(app):
    """The window draws only when something moves or changes: the step that brings the
    public question up (after the claim's bubble settles, nobody touching anything) draws
    it — the screen kept showing the claimant's cards with no question until the mouse moved."""
    spec, match = new_match("schemers", ["human", "human"], seed=11)
    scene = TableScene(app, spec, match)
    app.push(MenuScene(app))
    app.push(scene)
    assert run_until(app, lambda: scene.curtain == 1)
    lift(app, scene)
    scene.submit_human(1, ("claim", "doge"))
    app.since_input = 10.0                     # nobody touches anything from here on
    drawn = []
    draw_public = scene.draw_public
    scene.draw_public = lambda surf: (drawn.append(len(match.log)), draw_public(surf))
    for _ in range(600):
        app.step(1 / 60, [], lazy=True)
        if scene.public and drawn:
            break
    assert scene.public, "the question is asked in public"
    assert drawn, "and the window draws it"


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_my_cards_reads_whole_in_every_language(app, lang):
    from game.core import i18n
    i18n.set_language(lang)
    try:
        scene, _match = doge_claimed(app)
        app.step(1 / 60, [])
        look = my_cards_button(scene, 0)
        assert look.label == i18n.t("curtain.public_look") and not look.cuts, f"cut: {look.cuts}"
    finally:
        i18n.set_language("en")


def test_a_peek_does_not_wind_the_questions_clock_back(app):
    """With a clock, "My cards" pauses the question while the screen changes hands and
    goes on from where it stood: peeking again and again never buys time."""
    app.settings.timing = 1.0
    spec, match = new_match("schemers", ["human", "human"], seed=11, options={"clock": 20})
    scene = TableScene(app, spec, match)
    app.push(MenuScene(app))
    app.push(scene)
    assert run_until(app, lambda: scene.curtain == 1)
    lift(app, scene)
    scene.submit_human(1, ("claim", "doge"))
    assert run_until(app, lambda: bool(scene.public) and not scene.table.busy())
    question = next(d for d in match.decisions() if d.seat == 0)
    clock = [0.0]
    match.now = lambda: clock[0]              # the match's time, moved by hand
    match.deadlines[question.clock_key] = 12.0      # 12 s left on the public screen
    peek(app, scene, 0)
    clock[0] = 5.0                                  # 5 s looking at the cards
    left = match.time_left(next(d for d in match.decisions() if d.seat == 0))
    assert left is not None and left <= 12.0 - 5.0 + 0.01, f"{left} s left after a peek"
