"""A monkey at the keyboard and mouse: 20,000 random events across every scene of the
app (menus, settings, saves, results, pause, help, a replay) must not raise. Each
registered game's table gets its own monkey in the contract suite
(tests/contract/test_screens.py::test_monkey_on_the_table[<game>])."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game import registry
from game.ui import headless

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

TOTAL_EVENTS = 20_000
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
        pygame.K_DOWN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_h, pygame.K_z, pygame.K_s, pygame.K_F1,
        pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_a, pygame.K_1,
        pygame.K_DELETE, pygame.K_LALT, pygame.K_RALT, pygame.K_KP_ENTER, pygame.K_SLASH]


def random_event(rnd: random.Random, held: list):
    r = rnd.random()
    # clicks cluster where the buttons are more often than not
    if rnd.random() < 0.5:
        pos = (rnd.randrange(1920), rnd.randrange(1080))
    else:
        pos = (rnd.choice([rnd.randrange(60, 640), rnd.randrange(1150, 1880)]), rnd.randrange(200, 1070))
    if r < 0.36:
        buttons = (1 if held else 0, 0, 0)
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(rnd.randint(-40, 40), rnd.randint(-40, 40)),
                                  buttons=buttons)
    if r < 0.58:
        b = rnd.choice([1, 1, 1, 1, 3, 4, 5])
        if b == 1:
            held.append(1)
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=b)
    if r < 0.78:
        if held:
            held.pop()
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=rnd.choice([1, 1, 1, 3]))
    if r < 0.82:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rnd.choice([-1, 1]), flipped=False)
    if r < 0.95:
        k = rnd.choice(KEYS)
        mod = rnd.choice([0, 0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT, pygame.KMOD_ALT])
        uni = "?" if k == pygame.K_SLASH and mod == pygame.KMOD_SHIFT else (chr(k) if 32 <= k < 127 else "")
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=uni, scancode=0)
    if r < 0.98:
        return pygame.event.Event(pygame.KEYUP, key=rnd.choice(KEYS), mod=0)
    return pygame.event.Event(pygame.TEXTINPUT, text=rnd.choice(["a", "é", "Ř", "7", " ", "?"]))


def scene_builders():
    names = ["menu", "new_game", "settings", "rules", "about", "load", "replays", "results", "pause", "help",
             "curtain"]
    out = [(n, (lambda app, n=n: headless.build_scene(app, n))) for n in names]

    def replay(app):
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.replay import open_replay
        from game.ui.scenes.saves import replays_dir
        gid = registry.game_ids()[0]
        rules = registry.ruleset(gid)
        _, match = headless.play_match(gid, max(rules.min_players, min(rules.max_players, 3)), None, 4, 30,
                                       difficulty="random")
        path = replays_dir() / "monkey.json"
        match.save(path)
        app.push(MenuScene(app))
        open_replay(app, path)
        return app.top
    out.append(("replay", replay))
    return out


def test_monkey_20000_events_on_every_scene():
    app = headless.make_app()
    app.strict = True
    app.settings.animation_speed = 1.5
    rnd = random.Random(1234)
    builders = scene_builders()
    per_scene = TOTAL_EVENTS // len(builders) + 1
    sent = 0
    t0 = time.monotonic()
    try:
        for name, build in builders:
            while app.scenes:
                app.pop()
            build(app)
            held: list = []
            for i in range(per_scene):
                e = random_event(rnd, held)
                try:
                    app.dispatch(e)
                except Exception as exc:      # pragma: no cover - the report names the scene
                    raise AssertionError(f"{name}: {type(exc).__name__}: {exc} after {i} events ({e})") from exc
                sent += 1
                if not app.running or not app.scenes:      # Quit was clicked: start again
                    app.running = True
                    while app.scenes:
                        app.pop()
                    build(app)
                if i % 8 == 7:
                    try:
                        app.step(1 / 30, [])
                    except Exception as exc:  # pragma: no cover
                        raise AssertionError(f"{name}: {type(exc).__name__}: {exc} in a frame") from exc
    finally:
        app.shutdown()
    assert sent >= TOTAL_EVENTS
    assert time.monotonic() - t0 < 120
