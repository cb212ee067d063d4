"""What the table and window tests share, under SDL's dummy drivers (tests/conftest.py
sets them): a real Match wired to a game's real table as the app's table scene wires it,
pygame events posted like a person's mouse and keys, frames ticked, and the same for a
whole headless App.

Fixtures (tests/conftest.py): `display` (module: pygame initialised, a 1x1 display for
`convert_alpha`), `app_parts` (module: one Assets, Sound and Settings) and `app` (a
headless App, strict, animations off, shut down after the test).

How a game's table test uses it:

    import pytest
    from tests.tablekit import TableRig, center, new_match, post_click, post_drag

    pytestmark = pytest.mark.usefixtures("display")

    class Rig(TableRig):                        # the game's own helpers go here
        def __init__(self, players=2, seed=1, humans=(0,), viewer=0, speed=0.0):
            super().__init__(new_match("my_game", {}, seed, players, humans), viewer=viewer, speed=speed)

    def test_drag_a_card_to_play():
        rig = Rig()
        rig.drag(card_pos, center(rig.table.zones["play"].rect))   # one pump per event
        # or: post_drag(a, b); rig.pump()                          # all events in one frame
        rig.settle()                    # until no animation runs and the input guard is down
        assert rig.match.log[-1] == (0, ("play", "x"))

A window test takes `app` and drives it with `app_click`, `app_key`, `run_until`,
`settle_scene`; `drawn_faces(app, scene)` records which cards a table draws face up."""
from __future__ import annotations

import time

import pygame

from game.core.match import Match, SeatInfo
from game import registry

SIZE = (1920, 1080)
DT = 1 / 60


def open_display() -> None:
    """pygame initialised with a 1x1 display (images need one to convert)."""
    pygame.init()
    pygame.display.set_mode((1, 1))


def center(rect) -> tuple[int, int]:
    return (int(rect.centerx), int(rect.centery))


def new_match(game_id: str, options: dict, seed: int, players: int, humans=(0,), difficulty=None,
              agent_difficulty="normal", agent_seed=lambda seed, i: seed * 7 + i, names=None,
              match_cls=Match, **match_kw) -> Match:
    """A match of `players` seats: those in `humans` human, the others the game's own AI
    at `agent_difficulty`; `difficulty` (if given) is written in every SeatInfo."""
    spec = registry.get(game_id)
    names = names or [f"P{i}" for i in range(players)]
    extra = () if difficulty is None else (difficulty,)
    seats = [SeatInfo(names[i], "human" if i in humans else "ai", *extra) for i in range(players)]
    agents = {i: spec.make_agent(agent_difficulty, i, agent_seed(seed, i))
              for i in range(players) if i not in humans}
    return match_cls(game_id, registry.ruleset(game_id), seats, options, seed, agents=agents, **match_kw)


class TableRig:
    """A Match and its game's table for one viewer, with the real Assets, Sound and
    Settings (new ones, or the module's `app_parts`), as the app's table scene wires them.

    Class attributes a game's subclass may change: `wait_tweens` (settle also waits for
    the tweens of a finished step), `wait_guard` (settle waits out the input guard of new
    controls, as a person does), `draw_on_pump` (each pumped frame is drawn too)."""

    wait_tweens = False
    wait_guard = True
    draw_on_pump = True

    def __init__(self, match: Match, viewer: int = 0, speed: float = 0.0, parts=None, assets=None,
                 size=SIZE):
        from game.ui.assets import Assets
        from game.ui.settings import Settings
        from game.ui.sound import Sound
        from game.ui.table.base import TableContext
        base_assets, sound, _ = parts if parts else (None, None, None)
        self.match = match
        self.spec = registry.get(match.game_id)
        self.settings = Settings()
        self.settings.animation_speed = speed
        self.assets = assets or base_assets or Assets()
        self.sound = sound or Sound(self.settings)
        self.ctx = TableContext(match=match, spec=self.spec, viewer=viewer, assets=self.assets,
                                sound=self.sound, settings=self.settings, submit=self.submit, size=size)
        self.table = self.spec.table_class()(self.ctx)
        self.screen = pygame.Surface(size)

    # -- the match ------------------------------------------------------------------------
    def submit(self, seat, action):
        events = self.match.submit(seat, action)
        self.table.on_events(events)
        return events

    def other(self, seat, action):
        """A seat not in front of the screen answers: the table sees what its viewer may."""
        events = self.match.submit(seat, action)
        self.table.on_events([e for e in events if e.visible_to(self.ctx.viewer)])
        return events

    def decision(self, seat=0):
        mine = self.match.decisions_for(seat)
        return mine[0] if mine else None

    def ai_until_human(self, max_steps=400) -> bool:
        """The AI seats play (one step a frame, no settling) until a human seat must act;
        False if the game ends first."""
        for _ in range(max_steps):
            if self.match.over:
                return False
            if self.match.decisions()[0].seat in self.match.agents:
                self.table.on_events(self.match.run_agents(1))
            else:
                self.settle()
                return True
        return False

    # -- frames ---------------------------------------------------------------------------
    def settled(self) -> bool:
        return not self.table.busy() and not (self.wait_tweens and self.table.anim.tweens)

    def settle(self, frames=600, dt=1 / 30):
        """Tick until the table is idle (at most `frames`), one frame more, then wait out
        the input guard if `wait_guard`."""
        for _ in range(frames):
            if self.settled():
                break
            self.table.update(dt)
        self.table.update(dt)
        for _ in range(60 if self.wait_guard else 0):
            if not self.table.guard:
                break
            self.table.update(dt)

    def frames(self, seconds=1.0, dt=DT):
        for _ in range(int(seconds / dt)):
            self.table.update(dt)

    def draw(self):
        self.table.draw(self.screen)
        return self.screen

    # -- the pointer and the keys -------------------------------------------------------------
    def pump(self):
        """One frame: the queued pygame events to the table, an update, a draw."""
        for e in pygame.event.get():
            self.table.handle_event(e)
        self.table.update(DT)
        if self.draw_on_pump:
            self.draw()

    @staticmethod
    def post(kind, **attrs):
        pygame.event.post(pygame.event.Event(kind, **attrs))

    def move(self, pos, held=False):
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1 if held else 0, 0, 0))
        self.pump()

    def click(self, pos, button=1):
        pos = (int(pos[0]), int(pos[1]))
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
        self.pump()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
        self.pump()

    def drag(self, a, b, steps=12):
        a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        self.move(a)
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
        self.pump()
        prev = a
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.post(pygame.MOUSEMOTION, pos=p, rel=(p[0] - prev[0], p[1] - prev[1]), buttons=(1, 0, 0))
            self.pump()
            prev = p
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=1)
        self.pump()

    def key(self, k, mod=0, unicode=""):
        self.post(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)
        self.pump()

    # -- finding things on the table ------------------------------------------------------
    def widget(self, wid):
        """The table's widget, or its banner's button, with this id (None if none)."""
        return widget(self.table, wid)

    def banner_button(self, action):
        return banner_button(self.table, action)


def widget(table, wid):
    for w in table.widgets:
        if getattr(w, "id", None) == wid:
            return w
    if table.banner is not None:
        for b in table.banner.spec.buttons:
            if b.id == wid:
                return b
    return None


def banner_button(table, action):
    """The banner's button that submits `action` (None if none)."""
    b = table.banner
    return None if b is None else next((x for x in b.spec.buttons if x.action == action), None)


# -- events posted in one go (the next pump hands them to the table in one frame) -----------
def post_click(pos, button=1):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_drag(a, b, steps=8, release=True):
    """A press at `a`, `steps` moves to `b` and (if `release`) the release there."""
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    last = a
    for i in range(1, steps + 1):
        p = (int(a[0] + (b[0] - a[0]) * i / steps), int(a[1] + (b[1] - a[1]) * i / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(p[0] - last[0], p[1] - last[1]),
                                             buttons=(1, 0, 0)))
        last = p
    if release:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))


# -- a whole App ---------------------------------------------------------------------------
def make_app(size=SIZE):
    """A headless App that raises on a scene's error, with animations off."""
    from game.ui import headless
    app = headless.make_app(size)
    app.strict = True
    app.settings.animation_speed = 0.0
    return app


def app_click(app, pos, button=1, dt=DT):
    """Press (with the pointer moved there) in one frame, release in the next."""
    pos = (int(pos[0]), int(pos[1]))
    app.step(dt, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    app.step(dt, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def app_key(app, k, mod=0, unicode="", up=False, dt=DT):
    app.step(dt, [pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)])


def run_until(app, cond, seconds=30.0) -> bool:
    """Frames until `cond()` (agents think in the background, so wall time bounds it)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(DT, [])
        if cond():
            return True
        time.sleep(0.0005)
    return cond()


def settle_scene(app, scene, frames=600):
    """Frames until the scene's table is idle, then one more."""
    for _ in range(frames):
        app.step(DT, [])
        if not scene.table.busy():
            break
    app.step(DT, [])


def drawn_faces(app, scene) -> list:
    """The card keys the scene's table draws face up in one frame (at the card renderer)."""
    cards = scene.table.cards
    seen = []
    surface, resized = cards.surface, cards.resized

    def rec_surface(key, face, size, *a, **k):
        if face and key is not None:
            seen.append(key)
        return surface(key, face, size, *a, **k)

    def rec_resized(key, face, size, *a, **k):
        if face and key is not None:
            seen.append(key)
        return resized(key, face, size, *a, **k)
    cards.surface, cards.resized = rec_surface, rec_resized
    try:
        app.step(DT, [])
        scene.table.draw(pygame.Surface(SIZE))
    finally:
        del cards.surface, cards.resized
    return seen


def open_replay_scene(app, path):
    """The replay viewer on a saved file, on top of `app`."""
    from game.ui.scenes.replay import ReplayScene, open_replay
    assert open_replay(app, path)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    return scene
