"""The screen's side of the contract, for every registered game: a seat's table shows
nothing it may not see (two states that differ only in hidden things draw the same
pixels and the same words), and a monkey at the mouse and keyboard never breaks the
table. The game id is in each test's name."""
from __future__ import annotations

import os
import random

import pygame
import pytest

from game.core.match import Match, SeatInfo
from game.core.rng import RNG
from game import registry
from game.ui import headless
from game.ui.scenes.table import TableScene, make_agents

from . import support as S

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

GAMES = registry.game_ids()
SETTLE_FRAMES = 200           # frames before a screen is compared (idle frames render faces ahead)
MONKEY_EVENTS = 1000          # per game's table (tests/ui/test_monkey.py does the other scenes)


def _record_words(app) -> list:
    """Every string the app renders from now on (a fresh app renders each once)."""
    drawn = []
    original = app.assets.text

    def text(s, *a, **k):
        drawn.append(s)
        return original(s, *a, **k)
    app.assets.text = text
    return drawn


def _match_with_a_human_at_seat_0(game_id, seed):
    spec = registry.get(game_id)
    rules = registry.ruleset(game_id)
    n = S.usual_players(rules)
    seats = [SeatInfo(f"P{i}", "human" if i == 0 else "ai", "random") for i in range(n)]
    match = Match(game_id, rules, seats, {}, seed, agents=make_agents(spec, seats, seed))
    rnd = random.Random(seed)
    for _ in range(8):                # a few moves in, so that hands and decks hold secrets
        if match.over:
            break
        req = next(iter(match.agent_requests()), None)
        if req is None:
            d = match.decisions_for(0)[0]
            match.submit(0, d.actions[rnd.randrange(len(d.actions))])
        else:
            s, view, dec = req
            match.submit(s, match.agents[s].choose(view, dec, 0.01))
    return spec, match


@pytest.mark.parametrize("game_id", GAMES)
def test_hidden_things_never_reach_the_screen_of_another_seat(game_id):
    """Seat 0's screen, rendered from the real game and from a twin whose hidden parts
    were changed by `perturb_hidden` (same history), is the same picture with the
    same words."""
    spec, match = _match_with_a_human_at_seat_0(game_id, seed=21)
    rules = match.rules
    snap = S.canon(rules.snapshot(match.state))
    other = None
    for k in range(50):
        candidate = rules.perturb_hidden(match.state, 0, RNG(k))
        if S.canon(rules.snapshot(candidate)) != snap:
            other = candidate
            break
    assert other is not None, "perturb_hidden finds another state seat 0 cannot tell apart"
    twin = Match(game_id, rules, [SeatInfo(s.name, s.kind, s.difficulty) for s in match.seats],
                 match.options, match.seed, validated=True)
    twin.state = other
    twin.log = list(match.log)        # the same history (the chronicle shows its visible events)
    twin._decisions = None
    assert S.canon(twin.view(0)) == S.canon(match.view(0))

    shots, words = [], []
    for m in (match, twin):           # the same frozen clock, so countdowns draw alike
        m.now = lambda: 1000.0
        m.deadlines.clear()
        m.opened.clear()
        m._decisions = None
        app = headless.make_app()     # a fresh app each: no cache carries words or faces over
        app.strict = True
        app.settings.animation_speed = 0.0
        try:
            drawn = _record_words(app)
            scene = TableScene(app, spec, m, viewer=0)
            scene.autoplay = False
            app.push(scene)
            for _ in range(SETTLE_FRAMES):   # the same frames for both: pulses keep in step
                app.step(1 / 60, [])
            assert not getattr(scene.table, "_warm_queue", None), "faces still queued to render"
            words.append(sorted(set(drawn)))
            shots.append(pygame.image.tobytes(app.screen, "RGB"))
            width = app.screen.get_width()
            if os.environ.get("NOCTURNE_DEBUG_SHOTS"):
                pygame.image.save(app.screen, f"/tmp/priv_{game_id}_{len(shots)}.png")
        finally:
            app.shutdown()
    assert words[0] == words[1], f"words drawn differ: {set(words[0]) ^ set(words[1])}"
    if shots[0] != shots[1]:
        a, b = shots
        diff = [i // 3 for i in range(0, len(a), 3) if a[i:i + 3] != b[i:i + 3]]
        xs, ys = [p % width for p in diff], [p // width for p in diff]
        raise AssertionError(f"seat 0's screen depends on what it cannot see: {len(diff)} pixels differ "
                             f"in x {min(xs)}–{max(xs)}, y {min(ys)}–{max(ys)}")


@pytest.mark.parametrize("game_id", GAMES)
def test_monkey_on_the_table(game_id):
    """Random clicks, drags, wheels and keys on the game's table (viewer seat 0, AI
    seats playing) never raise."""
    from tests.ui.test_monkey import random_event
    from game.ui.scenes.menu import MenuScene
    app = headless.make_app()
    app.strict = True
    app.settings.animation_speed = 1.5
    rnd = random.Random(hash(game_id) % 1000)
    rules = registry.ruleset(game_id)

    def build():
        while app.scenes:
            app.pop()
        spec, match = headless.play_match(game_id, S.usual_players(rules), None, 9, 5, difficulty="random")
        app.push(MenuScene(app))
        app.push(headless.table_scene_for(app, spec, match, viewer=0, autoplay=True))
    try:
        build()
        held: list = []
        for i in range(MONKEY_EVENTS):
            e = random_event(rnd, held)
            try:
                app.dispatch(e)
            except Exception as exc:      # pragma: no cover - the report names the event
                raise AssertionError(f"{game_id}: {type(exc).__name__}: {exc} after {i} events ({e})") from exc
            if not app.running or not app.scenes:
                app.running = True
                build()
            if i % 8 == 7:
                app.step(1 / 30, [])
    finally:
        app.shutdown()
