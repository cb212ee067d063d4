"""Hot-seat privacy (issue 12, item 1): the curtain lifts only by a deliberate act of
the next player; questions that need no secrets are asked on a public screen; each
seat's chronicle shows its "(only you)" lines as in solo play. All by posted events."""
from __future__ import annotations

import random

import pygame
import pytest

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.table import CURTAIN_GUARD, CURTAIN_HOLD, CURTAIN_KEY, PUBLIC_KINDS, TableScene
from tests.tablekit import app_click as click, app_key as key
from tests.ui.test_hotseat import lift, new_match

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
DT = 1 / 60


def hotseat_scene(app, game_id="schemers", kinds=("human", "ai", "human"), seed=11):
    spec, match = new_match(game_id, list(kinds), seed=seed)
    scene = TableScene(app, spec, match)
    scene.autoplay = False
    app.push(MenuScene(app))
    app.push(scene)
    return scene


def test_curtain_never_lifts_by_space_enter_or_an_early_click(app):
    scene = hotseat_scene(app)
    scene.raise_curtain(0)
    center = scene.curtain_btn.rect.center
    click(app, center)                                   # at once: the click meant for the table
    assert scene.curtain == 0, "a click in the curtain's first half second does not lift it"
    for _ in range(int(CURTAIN_GUARD / DT) + 10):
        app.step(DT, [])
    for k in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
        key(app, k)
        key(app, k, up=True)
        for _ in range(40):
            app.step(DT, [])
        assert scene.curtain == 0, f"{pygame.key.name(k)} never lifts the curtain"
    assert scene.viewer is None
    click(app, center)                                   # a deliberate click, after the guard
    assert scene.curtain is None and scene.viewer == 0


def test_curtain_lifts_when_its_key_is_held_half_a_second(app):
    scene = hotseat_scene(app)
    scene.raise_curtain(2)
    key(app, CURTAIN_KEY)                                # held from the first frame...
    for _ in range(int(CURTAIN_GUARD / DT) - 5):
        app.step(DT, [])
    assert scene.curtain == 2, "...but not before the guard"
    key(app, CURTAIN_KEY, up=True)                       # released early: nothing
    for _ in range(20):
        app.step(DT, [])
    key(app, CURTAIN_KEY)
    for _ in range(int(CURTAIN_HOLD * 0.6 / DT)):
        app.step(DT, [])
    key(app, CURTAIN_KEY, up=True)                       # a tap is not a hold
    assert scene.curtain == 2
    key(app, CURTAIN_KEY)
    for _ in range(int(CURTAIN_HOLD / DT) + 3):
        app.step(DT, [])
    assert scene.curtain is None and scene.viewer == 2


def test_a_question_without_secrets_is_asked_in_public(app):
    """An AI's claim asks both humans whether to challenge: no curtain, nobody's cards
    on screen, each answers by a click on the public screen."""
    rnd = random.Random(3)
    scene = hotseat_scene(app, kinds=("human", "ai", "human"), seed=11)
    scene.autoplay = True
    m = scene.match
    asked_publicly = 0
    curtains_for_public = 0
    steps = 0
    while not m.over and steps < 20000 and asked_publicly < 3:
        steps += 1
        app.step(DT, [])
        if scene.table.busy() or scene.worker.busy or scene.ready is not None:
            continue
        human = [d for d in m.decisions() if d.seat in scene.humans]
        if human and all(d.kind in PUBLIC_KINDS for d in human):
            if scene.curtain is not None:
                curtains_for_public += 1
                lift(app, scene)
                continue
            assert scene.viewer is None, "the public screen shows nobody's cards"
            app.step(DT, [])                               # the screen follows the new question
            if not scene.public:
                continue
            assert {d.seat for d in scene.public} <= set(scene.humans)
            b = rnd.choice([b for b in scene.public_btns if b.public_action is not None])
            click(app, b.rect.center)
            asked_publicly += 1
            continue
        if scene.curtain is not None:
            lift(app, scene)
            continue
        v = scene.viewer
        mine = m.decisions_for(v) if v is not None else []
        if mine:
            scene.submit_human(v, rnd.choice(mine[0].actions))
    assert asked_publicly >= 3
    assert curtains_for_public == 0, "no curtain for a question that shows no cards"


def all_events(m):
    """Every event of the match so far, replayed from its log on a scratch state."""
    state = m.rules.setup(len(m.seats), m.options, m.seed)
    opening = getattr(m.rules, "opening_events", None)
    out = list(opening(state)) if opening is not None else []
    for seat, action in m.log:
        out += m.rules.apply(state, seat, action)
    return out


def _words(entry):
    return "".join(str(seg[0]) for seg in entry)


@pytest.mark.parametrize("game_id,seed", [("schemers", 5), ("dark_deeds", 4)])
def test_each_seat_sees_its_only_you_lines_in_hotseat(app, game_id, seed):
    """Whenever a person sits down, their chronicle holds every line solo play would
    show them about their own secrets (cards drawn, bought, passed to them) — also
    those that happened while someone else sat at the screen."""
    rnd = random.Random(seed)
    scene = hotseat_scene(app, game_id, kinds=("human", "human", "human"), seed=seed)
    scene.autoplay = True
    m = scene.match
    table = scene.table
    checked = 0
    steps = 0
    while not m.over and steps < 6000 and checked < 12:
        steps += 1
        app.step(DT, [])
        if scene.table.busy():
            continue
        if scene.curtain is not None:
            lift(app, scene)
            while table.busy():
                app.step(DT, [])
            seat = scene.viewer
            # what solo play would show this seat about itself: private events' lines
            events = all_events(m)
            expected = [_words(table.log_entry(e)) for e in events
                        if e.to is not None and seat in e.to and table.log_entry(e)]
            shown = [_words(e) for e in table.log.entries]
            for line in expected:
                assert line in shown, f"seat {seat} misses its own line {line!r}"
            checked += 1
            continue
        if scene.public:
            b = rnd.choice([b for b in scene.public_btns if b.public_action is not None])
            click(app, b.rect.center)
            continue
        v = scene.viewer
        mine = m.decisions_for(v) if v is not None else []
        if mine:
            acts = [a for a in mine[0].actions]
            scene.submit_human(v, rnd.choice(acts))
    assert checked >= 4
