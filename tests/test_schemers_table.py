"""The Schemers table driven like a person: real MOUSEBUTTONDOWN / MOUSEMOTION /
MOUSEBUTTONUP events posted to pygame's queue under SDL's dummy driver, with the real
Assets and Sound, on a real Match. Also: what seat 0's table draws never depends on
cards seat 0 may not see."""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.match import Match, SeatInfo
from game.core.rules import IllegalAction
from game.games import registry
from game.ui.table.base import TableContext
from game.ui.table.cards import CardSprite
from game.ui.table.widgets import Button, Chip, NumberPicker

NAMES = ["Lucrezia", "Marco", "Bianca", "Cosimo", "Ginevra", "Orsino", "Ottavia"]


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1, 1))
    yield
    pygame.display.quit()


@pytest.fixture(scope="module")
def app_parts(display):
    from game.ui.assets import Assets
    from game.ui.settings import Settings
    from game.ui.sound import Sound
    settings = Settings()
    return Assets(), Sound(settings), settings


class Harness:
    """A Match + the game's table, as the app's table scene would wire them."""

    def __init__(self, parts, n=3, mode="standard", seed=1, viewer=0, ai=(), speed=1.0, hotseat=False,
                 match_cls=Match, assets=None):
        base_assets, sound, settings = parts
        self.settings = type(settings)()
        self.settings.animation_speed = speed
        spec = registry.get("schemers")
        rules = registry.ruleset("schemers")
        seats = [SeatInfo(NAMES[i], "ai" if i in ai else "human") for i in range(n)]
        agents = {i: spec.make_agent("easy", i, seed + i) for i in ai}
        self.match = Match("schemers", rules, seats, {"mode": mode, "clock": None, "hotseat": hotseat}, seed,
                           agents=agents)
        self.refused = []
        self.ctx = TableContext(match=self.match, spec=spec, viewer=viewer, assets=assets or base_assets,
                                sound=sound, settings=self.settings, submit=self.submit, size=(1920, 1080))
        self.table = spec.table_class()(self.ctx)
        self.surface = pygame.Surface((1920, 1080))
        self.settle()

    def submit(self, seat, action):
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as exc:
            self.refused.append(exc.reason)
            return None
        self.table.on_events(events)
        return events

    def other(self, seat, action):
        """A seat that is not in front of the screen answers (another player, or a test)."""
        events = self.match.submit(seat, action)
        self.table.on_events([e for e in events if e.visible_to(self.ctx.viewer)])

    def settle(self, limit=4000):
        for _ in range(limit):
            if not self.table.busy() and not self.table.anim.tweens:
                break
            self.table.update(1 / 60)
        self.table.update(1 / 60)
        assert not self.table.busy()

    def draw(self):
        self.table.draw(self.surface)
        return self.surface

    # -- the pointer ----------------------------------------------------------------
    def pump(self):
        for e in pygame.event.get():
            self.table.handle_event(e)
        self.table.update(1 / 60)
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

    # -- finding things on the table ---------------------------------------------------
    def widget(self, wid):
        t = self.table
        for w in t.widgets:
            if getattr(w, "id", None) == wid:
                return w
        if t.banner is not None:
            for b in t.banner.spec.buttons:
                if b.id == wid:
                    return b
        return None

    def hand_sprites(self, seat=None):
        seat = self.ctx.viewer if seat is None else seat
        return list(self.table.zones[("hand", seat)].cards)

    def until_turn(self, seat=0, limit=60):
        """Others take Gondola Fare until `seat` must act."""
        for _ in range(limit):
            ds = self.match.decisions()
            if any(d.seat == seat for d in ds):
                self.settle()
                return ds
            d = ds[0]
            a = ("income",) if ("income",) in d.actions else (("pass",) if ("pass",) in d.actions else d.actions[0])
            self.other(d.seat, a)
            self.settle()
        raise AssertionError("never reached the seat's decision")


def seat_point(h, seat):
    return h.table.seat_rects[seat].center


# ----------------------------------------------------------------------------------------------
def test_drag_a_chip_onto_a_seat_plays_the_targeted_claim(app_parts):
    h = Harness(app_parts, n=3, seed=3)
    h.until_turn(0)
    corsair = h.widget(("claim", "corsair"))
    assert isinstance(corsair, Chip) and corsair.enabled
    before = len(h.match.log)
    # pick up the chip: every legal destination lights up
    h.move(corsair.rect.center)
    h.post(pygame.MOUSEBUTTONDOWN, pos=corsair.rect.center, button=1)
    h.pump()
    p = (corsair.rect.centerx + 20, corsair.rect.centery - 30)
    h.post(pygame.MOUSEMOTION, pos=p, rel=(20, -30), buttons=(1, 0, 0))
    h.pump()
    assert h.table.drag is not None
    assert set(h.table.drag["targets"]) == {("seat", 1), ("seat", 2)}
    # carry it to Marco and let go
    goal = seat_point(h, 1)
    h.post(pygame.MOUSEMOTION, pos=goal, rel=(goal[0] - p[0], goal[1] - p[1]), buttons=(1, 0, 0))
    h.pump()
    assert h.table.drag["over"] == ("seat", 1)
    h.post(pygame.MOUSEBUTTONUP, pos=goal, button=1)
    h.pump()
    assert h.match.log[before:] == [(0, ("claim", "corsair", 1))]
    assert h.table.drag is None


def test_an_illegal_drop_glides_back_and_plays_nothing(app_parts):
    h = Harness(app_parts, n=3, seed=3)
    h.until_turn(0)
    chip = h.widget(("claim", "corsair"))
    home = chip.rect.center
    before = len(h.match.log)
    h.drag(home, h.table.canal_rect.center)           # the canal is no target for the Corsair
    assert len(h.match.log) == before and not h.refused
    assert chip.drag_pos is not None                   # on its way home...
    h.settle()
    assert chip.drag_pos is None                       # ...and back in the bar
    # a card of your hand cannot be dragged on your turn: it stays where it is
    card = h.hand_sprites()[0]
    x0, y0 = card.home[0], card.home[1]
    h.drag((card.x, card.y), seat_point(h, 1))
    h.settle()
    assert len(h.match.log) == before
    assert abs(card.x - x0) < 1 and abs(card.y - y0) < 1


def test_click_then_seat_is_the_same_as_a_drag(app_parts):
    h = Harness(app_parts, n=3, seed=3)
    h.until_turn(0)
    chip = h.widget(("claim", "corsair"))
    h.click(chip.rect.center)
    assert h.table.armed is not None                   # waiting for a seat
    h.click(seat_point(h, 2))
    assert h.match.log[-1] == (0, ("claim", "corsair", 2))


def test_buttons_and_the_challenge_banner(app_parts):
    h = Harness(app_parts, n=3, seed=5)
    h.until_turn(0)
    h.click(h.widget("income").rect.center)
    assert h.match.log[-1] == (0, ("income",))
    # someone claims the Doge: seat 0 is asked, by a banner with a countdown bar
    for _ in range(20):
        d = h.match.decisions()[0]
        if d.seat != 0 and d.kind == "turn":
            h.other(d.seat, ("claim", "doge"))
            break
        h.other(d.seat, ("pass",) if ("pass",) in d.actions else ("income",))
    h.settle()
    mine = h.match.decisions_for(0)
    if not mine:                                       # seat 0 is asked later in the window
        for d in list(h.match.decisions()):
            if d.seat != 0 and not h.match.decisions_for(0):
                h.other(d.seat, ("pass",))
        h.settle()
        mine = h.match.decisions_for(0)
    assert mine and mine[0].kind == "challenge"
    assert h.table.banner is not None
    h.click(h.widget("pass").rect.center)
    assert h.match.log[-1] == (0, ("pass",))


def _to_lose_card(h):
    """Seat 0 claims a role it does not hold; seat 1 calls the bluff."""
    h.until_turn(0)
    hand = h.match.view(0)["hand"]
    role = next(r for r in ("doge", "fortune_teller") if r not in hand)
    h.click(h.widget(("claim", role)).rect.center)
    assert h.match.log[-1] == (0, ("claim", role))
    h.other(1, ("challenge",))
    h.settle()
    return h.match.decisions_for(0)


def _seed_with_two_roles(n=3, start=1):
    from game.games import registry as reg
    rules = reg.ruleset("schemers")
    for seed in range(start, start + 400):
        s = rules.setup(n, rules.validate_options({"mode": "standard", "clock": None}, n), seed)
        hand = rules.view(s, 0)["hand"]
        if len(set(hand)) == 2 and ("doge" not in hand or "fortune_teller" not in hand):
            return seed
    raise AssertionError


def test_lose_a_card_by_dragging_it_into_the_canal(app_parts):
    h = Harness(app_parts, n=3, seed=_seed_with_two_roles())
    mine = _to_lose_card(h)
    assert mine and mine[0].kind == "lose_card"
    card = h.hand_sprites()[1]
    role = card.key
    # a drop on a seat is no target: back it goes
    h.drag((card.x, card.y), seat_point(h, 2))
    h.settle()
    assert h.match.decisions_for(0)[0].kind == "lose_card"
    # into the canal
    h.drag((card.x, card.y), h.table.canal_rect.center)
    assert h.match.log[-1] == (0, ("lose", role))
    h.settle()
    lost = h.table.zones[("lost", 0)].cards
    assert [c.key for c in lost] == [role] and lost[0].face_up


def test_lose_a_card_by_clicking_it(app_parts):
    h = Harness(app_parts, n=3, seed=_seed_with_two_roles(start=50))
    mine = _to_lose_card(h)
    assert mine and mine[0].kind == "lose_card"
    card = h.hand_sprites()[0]
    role = card.key
    h.click((card.x, card.y))
    assert h.match.log[-1] == (0, ("lose", role))


def test_fortune_teller_exchange_by_dragging_and_confirm(app_parts):
    h = Harness(app_parts, n=3, seed=7)
    h.until_turn(0)
    h.click(h.widget(("claim", "fortune_teller")).rect.center)
    for seat in (1, 2):
        if h.match.decisions_for(seat):
            h.other(seat, ("pass",))
    h.settle()
    d = h.match.decisions_for(0)[0]
    assert d.kind == "exchange"
    assert len(h.hand_sprites()) == 4                  # two in hand, two drawn
    confirm = h.widget("ft_confirm")
    assert not confirm.enabled
    a, b = h.hand_sprites()[0], h.hand_sprites()[2]
    chosen = sorted([a.key, b.key])
    slot = h.table.zones["ft_return"].rect.center
    h.drag((a.x, a.y), slot)
    h.settle()
    # drag it back out, then in again (nothing is sent until Confirm)
    ret = h.table.zones["ft_return"].cards
    assert [c.key for c in ret] == [a.key]
    h.drag((ret[0].x, ret[0].y), h.table.zones[("hand", 0)].rect.center)
    h.settle()
    assert h.table.zones["ft_return"].cards == []
    h.drag((a.x, a.y), slot)
    h.settle()
    h.click((b.x, b.y))                                 # click = the same as dragging it up
    h.settle()
    assert sorted(c.key for c in h.table.zones["ft_return"].cards) == chosen
    assert h.match.decisions_for(0)[0].kind == "exchange"
    confirm = h.widget("ft_confirm")
    assert confirm.enabled
    h.click(confirm.rect.center)
    assert h.match.log[-1] == (0, ("return", tuple(chosen)))
    h.settle()
    assert len(h.hand_sprites()) == 2
