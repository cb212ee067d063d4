"""Guided first games (issue 26, item 1): each game's tutorial is played to its end on the
real table scene through posted mouse events, in English and Czech. At every step the
learner first tries another action the table offers (it is refused with that step's words,
which the coach's panel flashes, and the log does not move), then follows the coach's arrow: a click on the first thing it
points at, and on the second (the place to drop it) when there is one. The Czech pass reads
every step's words too but tries a wrong action only until one is refused in Czech: the
refusals step by step are the same code with other words, which the English pass plays. The script must
cover the game's concepts (CONCEPTS below, the issue's list), and it ends by handing over
to a normal game against the AI from the same position."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.tutorial import has_tutorial, load_script, matches
from game import registry
from game.ui.scenes.pointing import action_rects, kit_buttons
from tests.tablekit import DT, app_click, run_until, settle_scene

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# The concepts each guided game must teach (issue 26): a step's `concepts` in data/<game>/tutorial.yaml.
CONCEPTS = {
    "schemers": {"income", "claim", "challenge", "block", "lose_card", "exchange", "mode_rule"},
    "dark_deeds": {"street", "sneak", "fight", "suspicion", "dark_deed"},
    "dark_gothic": {"play_cards", "pool_silver", "buy", "defeat_minion", "shadows_omen", "villain", "game_end"},
    "ordeals": {"deeds", "move", "line_of_sight", "fire_assault", "shadow_act", "trial_goal"},
    "monster_shop": {"plan_groups", "send_order", "buy_monster_cage", "needs_suffering", "contest_customer",
                     "selling"},
}
GAMES = [g for g in CONCEPTS if has_tutorial(g)]


@pytest.fixture
def lang():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("game_id", sorted(CONCEPTS))
def test_every_game_has_a_guided_first_game(game_id):
    assert has_tutorial(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_covers_the_games_concepts(game_id):
    tutorial = load_script(game_id)
    missing = CONCEPTS[game_id] - tutorial.concepts()
    assert not missing, f"{game_id}'s guided game never teaches {sorted(missing)}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_has_words_in_every_language(game_id, lang):
    tutorial = load_script(game_id)
    for code in ("en", "cs"):
        i18n.set_language(code)
        for key in [s.say for s in tutorial.steps] + ["done"]:
            assert i18n.has(f"{game_id}.tutorial.{key}"), f"{code}: {game_id}.tutorial.{key} is missing"


def _open(app, game_id, via_menu: bool):
    from game.ui.scenes.coach import start_tutorial
    if via_menu:
        app.to_menu()
        app.step(1 / 60, [])
        menu = app.scenes[-1]
        app_click(app, menu.buttons["learn"].rect.center)
        learn = app.scenes[-1]
        assert learn.name == "learn"
        app_click(app, learn.cards[game_id].rect.center)
    else:
        start_tutorial(app, registry.get(game_id))
    scene = app.scenes[-1]
    assert scene.name == "table" and scene.coach is not None
    return scene


def _calm(app, scene):
    """The table is still and no control waits out its input guard (as a person's eye does)."""
    settle_scene(app, scene)
    # the guard counts frames' time, not the wall's: a loaded machine needs more wall time
    assert run_until(app, lambda: not getattr(scene.table, "guard", None), 15), "an input guard never ended"


def _drag(app, a, b, steps=10):
    """Press on a, move there in steps with the button held, let go on b (a person's drag)."""
    ev = pygame.event.Event
    app.step(DT, [ev(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
                  ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        app.step(DT, [ev(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))])
    app.step(DT, [ev(pygame.MOUSEBUTTONUP, pos=b, button=1)])


def _click_through(app, scene, rects, drag=False, follow=None, gestures=40):
    """Click the first rect; when nothing moved and a second one is given, click it too
    (an armed card or chip is played by a click on its target). A step whose target is
    "A > B" is a drag from A to B instead. With `follow` (where the coach points now),
    an action built by several gestures (a planning tray's + and −, cards staged on a
    monster) is clicked on, one pointed-at thing after another, until it is played."""
    _calm(app, scene)
    if drag:
        _drag(app, rects[0].center, rects[1].center)
        return
    n = len(scene.match.log)
    app_click(app, rects[0].center)
    if len(scene.match.log) == n and len(rects) > 1:
        _calm(app, scene)
        app_click(app, rects[1].center)
    for _ in range(gestures if follow is not None else 0):
        if len(scene.match.log) != n:
            return
        _calm(app, scene)
        now = follow()
        assert now, "halfway through the gestures the coach points at nothing"
        app_click(app, now[0].center)


def _learner_alone(scene) -> bool:
    """The learner decides and no scripted opponent still owes an answer now (a sealed
    plan asks every seat at once: the opponents' answers arrive, and animate, meanwhile)."""
    coach = scene.coach
    tutorial, log = coach.tutorial, scene.match.log
    owed = [d for d in scene.match.decisions() if d.seat != tutorial.human and tutorial.scripted(log, d.seat) is not None]
    return coach.learner_decides() and not owed


def _wrong_action(scene, step):
    """Another action the learner could take now, with where the table shows it."""
    table = scene.table
    for d in scene.match.decisions_for(scene.coach.tutorial.human):
        for a in d.actions:
            if matches(step.expect, a):
                continue
            rects = action_rects(table, a)
            if rects:
                return a, rects
    return None, None


@pytest.mark.parametrize("code", ["en", "cs"])
@pytest.mark.parametrize("game_id", GAMES)
def test_the_guided_game_plays_to_its_end_through_the_table(app, lang, game_id, code):
    app.settings.language = code
    i18n.set_language(code)
    scene = _open(app, game_id, via_menu=(code == "en"))
    coach, tutorial = scene.coach, scene.coach.tutorial
    refused = 0
    for _ in range(len(tutorial.steps)):
        assert run_until(app, lambda: coach.done or _learner_alone(scene), 20), "the opponents never got to the learner"
        if coach.done:
            break
        settle_scene(app, scene)
        step = tutorial.step_at(scene.match.log)
        heading, words, rects = coach.text_now()
        assert words == coach.step_text(step) and words != step.id, f"step {step.id} has no words"
        assert rects, f"step {step.id}: the coach points at nothing"
        wrong, wrong_rects = _wrong_action(scene, step) if code == "en" or not refused else (None, None)
        if wrong is not None:
            before = list(scene.match.log)
            coach.refused = None
            _click_through(app, scene, wrong_rects)
            assert scene.match.log == before, f"step {step.id}: {wrong} was played"
            assert coach.refused == words and coach.flash > 0, f"step {step.id}: {wrong} not refused in words"
            refused += 1
            settle_scene(app, scene)
            rects = coach.text_now()[2]
        n = len(scene.match.log)
        _click_through(app, scene, rects, drag=">" in (step.target or ""), follow=lambda: coach.text_now()[2])
        assert len(scene.match.log) == n + 1 and scene.match.log[-1][0] == tutorial.human, \
            f"step {step.id}: following the arrow did not play it"
        assert matches(step.expect, scene.match.log[-1][1])
    assert run_until(app, lambda: coach.done, 20), "the script did not reach its end"
    assert tutorial.finished(scene.match.log)
    if code == "en":
        assert refused >= len(tutorial.steps) // 2, "too few steps had another action to refuse"
    assert refused, "no step had another action to refuse"
    # the save carries the tutorial: Continue opens it with its coach, at the same place
    saved = scene.match.autosave_path
    assert saved is not None and saved.exists()
    # the hand-over: the same position against the game's own AI
    log = list(scene.match.log)
    coach.buttons[0].click()
    app.step(1 / 60, [])
    table = app.scenes[-1]
    assert table.name == "table" and table.coach is None and table.match.log == log
    assert set(table.match.agents) == set(range(tutorial.players)) - {tutorial.human}
    assert not any(type(a).__name__ == "ScriptedAgent" for a in table.match.agents.values())
    assert not saved.exists()
    # the review of the game played on weighs the learner's own moves, not the coach's
    from game.ai import advice
    assert advice.review_steps(table.match.record(), tutorial.human) == []


def test_a_tutorial_left_halfway_resumes_with_its_coach(app):
    from game.ui.scenes import saves
    scene = _open(app, "schemers", via_menu=False)
    coach = scene.coach
    assert run_until(app, coach.learner_decides, 20)
    settle_scene(app, scene)
    _click_through(app, scene, coach.text_now()[2])
    assert run_until(app, coach.learner_decides, 20)
    log = list(scene.match.log)
    path = scene.match.autosave_path
    scene.on_quit()
    app.to_menu()
    assert saves.open_saved_game(app, path)
    again = app.scenes[-1]
    assert again.coach is not None and again.match.log == log
    assert again.coach.tutorial.step_at(log).index == 1


def test_new_game_screen_offers_learn_to_play(app):
    from game.ui.scenes.new_game import NewGameScene
    ng = NewGameScene(app, "schemers")
    app.push(ng)
    app.step(1 / 60, [])
    assert ng.learn_btn.enabled
    app_click(app, ng.learn_btn.rect.center)
    assert app.scenes[-1].name == "table" and app.scenes[-1].coach is not None


def test_kit_buttons_lists_the_tables_buttons(app):
    scene = _open(app, "schemers", via_menu=False)
    assert run_until(app, scene.coach.learner_decides, 20)
    assert any(b.action == ("income",) for b in kit_buttons(scene.table))


def test_monster_shop_coach_points_gesture_by_gesture_and_a_wrong_split_stays_to_correct(app):
    """The secret split is built on the planning tray: the coach points at the next + of
    the plan's first group; a split confirmed wrongly is refused with the step's words and
    the tray stays open, as it was, with the coach pointing at what is still missing."""
    scene = _open(app, "monster_shop", via_menu=False)
    coach = scene.coach
    assert run_until(app, lambda: _learner_alone(scene), 20)
    _calm(app, scene)
    tray = scene.table.tray
    plus_imp = next(b for b in tray.step_btns if b.id == (1, tray.groups[0].id, "imp"))
    assert coach.text_now()[2] == [plus_imp.rect]
    app_click(app, plus_imp.rect.center)                   # one imp in group 1 (the plan wants two)
    _calm(app, scene)
    assert coach.text_now()[2] == [plus_imp.rect]          # still the same +: one more imp
    log = list(scene.match.log)
    app_click(app, tray.submit_btn.rect.center)            # a legal split, not the step's
    _calm(app, scene)
    assert scene.match.log == log
    assert coach.refused == coach.step_text(coach.tutorial.step_at(log)) and coach.flash > 0
    assert scene.table.tray is tray and not tray.submitted and tray.counts()[tray.groups[0].id] == {"imp": 1}
    assert coach.text_now()[2] == [plus_imp.rect]


def test_the_coachs_arrow_lies_over_no_other_button(app):
    """Round 1 of the monster shop's guided game: the arrow to group 1's imp + came from
    the panel's side and lay over the gold − and + beside it; now it comes another way."""
    from game.ui.scenes.pointing import clickable_rects
    scene = _open(app, "monster_shop", via_menu=False)
    assert run_until(app, lambda: _learner_alone(scene), 20)
    _calm(app, scene)
    target = scene.coach.text_now()[2][0]
    assert scene.coach.arrow is not None
    (x0, y0), (x1, y1) = scene.coach.arrow
    line = pygame.Rect(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1).inflate(20, 20)
    others = [r for r in clickable_rects(scene.table) if not r.colliderect(target)]
    assert len(others) > 10                                   # the tray's steppers are seen
    assert not [r for r in others if line.colliderect(r)]


def test_in_a_grid_of_buttons_the_glow_alone_shows_the_one(monkeypatch):
    """Every way to a button in the middle of a grid crosses a neighbour: no arrow then
    (the monster shop's 'where does this group go?' buttons); a lone thing gets one."""
    from types import SimpleNamespace

    import game.ui.scenes.coach as coach_module
    grid = [pygame.Rect(600 + 230 * c, 590 + 33 * r, 220, 28) for r in range(4) for c in range(3)]
    monkeypatch.setattr(coach_module, "clickable_rects", lambda table: grid)
    coach = coach_module.Coach.__new__(coach_module.Coach)
    coach.scene = SimpleNamespace(table=None, ctx=SimpleNamespace(size=(1920, 1080)))
    panel = pygame.Rect(1300, 300, 600, 200)
    assert coach.arrow_at(panel, grid[4]) is None
    assert coach.arrow_at(panel, pygame.Rect(100, 100, 80, 40)) is not None
