"""The Schemers table driven like a person: real MOUSEBUTTONDOWN / MOUSEMOTION /
MOUSEBUTTONUP events posted to pygame's queue under SDL's dummy driver, with the real
Assets and Sound, on a real Match. Also: what seat 0's table draws never depends on
cards seat 0 may not see."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.match import Match, SeatInfo
from game.core.rules import IllegalAction
from game import registry
from game.ui.table.base import TableContext
from game.ui.table.widgets import Chip, NumberPicker
from tests.tablekit import TableRig, new_match

NAMES = ["Lucrezia", "Marco", "Bianca", "Cosimo", "Ginevra", "Orsino", "Ottavia"]

pytestmark = pytest.mark.usefixtures("display")


class Harness(TableRig):
    """A Match + the game's table, as the app's table scene would wire them."""

    wait_tweens = True

    def __init__(self, parts, n=3, mode="standard", seed=1, viewer=0, ai=(), speed=1.0, hotseat=False,
                 match_cls=Match, assets=None):
        match = new_match("schemers", {"mode": mode, "clock": None, "hotseat": hotseat}, seed, n,
                          humans=[i for i in range(n) if i not in ai], agent_difficulty="easy",
                          agent_seed=lambda seed, i: seed + i, names=NAMES, match_cls=match_cls)
        self.refused = []
        super().__init__(match, viewer=viewer, speed=speed, parts=parts, assets=assets)
        self.surface = self.screen
        self.settle()

    def submit(self, seat, action):
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as exc:
            self.refused.append(exc.reason)
            return None
        self.table.on_events(events)
        return events

    def settle(self, limit=4000):
        super().settle(frames=limit, dt=1 / 60)
        assert not self.table.busy()

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
    from game import registry as reg
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


# ---------------------------------------------------------------------------------------------
# a whole game by mouse against AI
def _play_by_mouse(h, rng):
    """Seat 0 answers its decision with the mouse only; returns the intended action."""
    t = h.table
    d = h.match.decisions_for(0)[0]
    kind = d.kind
    a = rng.choice(d.actions)
    if kind == "turn":
        if a[0] in ("income", "casino"):
            h.click(h.widget(a[0]).rect.center)
        elif a[0] == "claim" and len(a) == 2:
            h.click(h.widget(("claim", a[1])).rect.center)
        else:
            chip = h.widget("canal" if a[0] == "canal" else ("claim", a[1]))
            target = seat_point(h, a[-1])
            if t.armed is not None and t.armed[0] is chip:       # the forced Canal arms itself
                h.click(target)
            elif rng.random() < 0.5:
                h.drag(chip.rect.center, target)
            else:
                h.click(chip.rect.center)
                if h.match.log[-1] != (0, a):
                    h.click(target)
    elif kind in ("challenge", "challenge_block"):
        h.click(h.widget("challenge" if a == ("challenge",) else "pass").rect.center)
    elif kind == "block":
        h.click(h.widget("pass" if a == ("pass",) else ("block", a[1])).rect.center)
    elif kind in ("lose_card", "untouchable_price"):
        card = next(c for c in h.hand_sprites() if c.key == a[1])
        goal = t.canal_rect.center if kind == "lose_card" else t.zones["deck"].rect.center
        if rng.random() < 0.5:
            h.drag((card.x, card.y), goal)
        else:
            h.click((card.x, card.y - card.lift))
    elif kind == "exchange":
        slot = t.zones["ft_return"].rect.center
        for role in a[1]:
            card = next(c for c in h.hand_sprites() if c.key == role)
            h.drag((card.x, card.y), slot)
            h.settle()
        h.click(h.widget("ft_confirm").rect.center)
    elif kind == "bid":
        h.click(h.widget("bid" if a == ("bid",) else "nobid").rect.center)
    elif kind == "sealed_bid":
        picker = next(w for w in t.widgets if isinstance(w, NumberPicker))
        while picker.value != a[1]:
            h.click((picker.plus if picker.value < a[1] else picker.minus).rect.center)
        h.click(picker.ok.rect.center)
    else:
        raise AssertionError(f"no mouse path for {kind}")
    return a


@pytest.mark.parametrize("n,mode,seed", [(4, "standard", 11), (3, "rialto", 12), (4, "intoccabile", 13),
                                         (5, "carnevale", 14)])
def test_a_whole_game_by_mouse_against_ai(app_parts, n, mode, seed):
    h = Harness(app_parts, n=n, mode=mode, seed=seed, ai=tuple(range(1, n)), speed=2.0)
    rng = random.Random(seed)
    mine = 0
    for _ in range(3000):
        if h.match.over:
            break
        h.settle()
        if h.match.decisions_for(0) and (rng.random() < 0.6 or not h.match.agent_requests()):
            before = len(h.match.log)
            a = _play_by_mouse(h, rng)
            assert h.match.log[before:] == [(0, a)], (a, h.match.log[before:], h.refused)
            mine += 1
        else:
            events = h.match.run_agents(1)
            h.table.on_events([e for e in events if e.visible_to(0)])
    assert h.match.over, "the game did not finish"
    assert mine >= 3 and not h.refused
    h.settle()
    h.draw()


# ---------------------------------------------------------------------------------------------
# privacy: what seat 0's table draws depends only on what seat 0 may know
class GuardedMatch:
    """The match as the table sees it: reading the full state is a test failure."""

    def __init__(self, match):
        object.__setattr__(self, "_m", match)

    def __getattr__(self, name):
        if name == "state":
            raise AssertionError("the table read match.state (hidden information)")
        return getattr(self._m, name)


def _recording_assets():
    from game.ui.assets import Assets

    class RecordingAssets(Assets):
        def __init__(self):
            super().__init__()
            self.drawn = []

        def text(self, s, size, color, bold=False, serif=False, display=False):
            self.drawn.append(("text", s))
            return super().text(s, size, color, bold, serif, display)

        def icon(self, name, size, color=None):
            self.drawn.append(("icon", name))
            return super().icon(name, size, color)

    return RecordingAssets()


def _table_for(parts, match, viewer, assets):
    base_assets, sound, settings = parts
    spec = registry.get("schemers")
    ctx = TableContext(match=GuardedMatch(match), spec=spec, viewer=viewer, assets=assets, sound=sound,
                       settings=settings, submit=lambda s, a: None, size=(1920, 1080))
    return spec.table_class()(ctx)


def _swap_hidden(match, viewer):
    """Swap every card seat `viewer` cannot see (other hands, the deck) for others of a
    different role, keeping all counts: the viewer's view must not change."""
    s = match.state
    before = match.view(viewer)
    pool = [(p, i) for p in range(len(s.hands)) if p != viewer for i in range(len(s.hands[p]))]
    for p, i in pool:
        card = s.hands[p][i]
        j = next((k for k, c in enumerate(s.deck) if c != card), None)
        if j is not None:
            s.hands[p][i], s.deck[j] = s.deck[j], card
    s.dec = None
    assert match.view(viewer) == before
    return [list(h) for h in s.hands]


@pytest.mark.parametrize("mode,n", [("standard", 4), ("rialto", 4)])
def test_seat_zero_table_never_shows_what_seat_zero_may_not_see(app_parts, mode, n):
    """Two games equal in everything seat 0 may know but with every hidden card
    swapped: seat 0's table draws exactly the same texts, icons and pixels."""
    spec = registry.get("schemers")
    rules = registry.ruleset("schemers")
    seats = [SeatInfo(NAMES[i], "human" if i == 0 else "ai") for i in range(n)]
    opts = {"mode": mode, "clock": None}
    rng = random.Random(5)
    frozen = lambda: 100.0                              # clocks drawn alike in both tables
    real = Match("schemers", rules, seats, opts, 21, now=frozen)
    checked = 0
    for step in range(400):
        if real.over:
            break
        if step % 9 == 0:
            twin = Match("schemers", rules, seats, opts, 21, now=frozen)
            for seat, action in real.log:
                twin.submit(seat, action)
            hands_a = [list(h) for h in real.state.hands]
            hands_b = _swap_hidden(twin, 0)
            if hands_a[1:] != hands_b[1:] or mode == "rialto":
                frames = []
                for m in (real, twin):
                    assets = _recording_assets()
                    table = _table_for(app_parts, m, 0, assets)
                    surf = pygame.Surface((1920, 1080))
                    for _ in range(3):
                        table.update(1 / 30)
                        table.draw(surf)
                    frames.append((assets.drawn, pygame.image.tobytes(surf, "RGB")))
                assert frames[0][0] == frames[1][0], "seat 0's table drew different words or icons"
                assert frames[0][1] == frames[1][1], "seat 0's table drew different pixels"
                checked += 1
        d = real.decisions()[0]
        real.submit(d.seat, rng.choice(d.actions))
    assert checked >= 3


def test_the_table_never_reads_the_match_state_during_a_game(app_parts):
    base_assets, sound, settings = app_parts
    spec = registry.get("schemers")
    rules = registry.ruleset("schemers")
    seats = [SeatInfo(NAMES[i], "human" if i == 0 else "ai") for i in range(4)]
    match = Match("schemers", rules, seats, {"mode": "intoccabile", "clock": 20}, 8,
                  agents={i: spec.make_agent("easy", i, i) for i in range(1, 4)})
    assets = _recording_assets()
    table = _table_for(app_parts, match, 0, assets)
    surf = pygame.Surface((1920, 1080))
    rng = random.Random(2)
    for _ in range(600):
        if match.over:
            break
        mine = match.decisions_for(0)
        if mine:
            events = match.submit(0, rng.choice(mine[0].actions))
        else:
            events = match.run_agents(1)
        table.on_events([e for e in events if e.visible_to(0)])
        for _ in range(4):
            table.update(0.25)
        table.draw(surf)
        if not table.busy():
            # once the animations are done, opponents' face-down cards are unknown again
            for seat in range(1, 4):
                assert all(sp.key is None for sp in table.zones[("hand", seat)].cards)
    assert match.over
    while table.busy():
        table.update(0.25)
    table.update(0.1)
    for seat in range(1, 4):
        assert all(sp.key is None for sp in table.zones[("hand", seat)].cards)


# ---------------------------------------------------------------------------------------------
def test_spectator_and_hot_seat_viewer_changes(app_parts):
    h = Harness(app_parts, n=4, seed=9, viewer=None)
    h.draw()
    for seat in range(4):                                # a spectator sees no hand at all
        assert all(sp.key is None for sp in h.table.zones[("hand", seat)].cards)
    assert h.table.my_decisions() == []
    for viewer in (2, 0):                                # the curtain lifts for seat 2, then seat 0
        h.table.set_viewer(viewer)
        h.settle()
        h.draw()
        mine = h.match.view(viewer)["hand"]
        assert sorted(sp.key for sp in h.table.zones[("hand", viewer)].cards) == sorted(mine)
        for seat in range(4):
            if seat != viewer:
                assert all(sp.key is None for sp in h.table.zones[("hand", seat)].cards)


def test_chronicle_names_players_and_previews_a_card_on_hover(app_parts):
    h = Harness(app_parts, n=3, seed=3)
    h.until_turn(0)
    h.click(h.widget(("claim", "doge")).rect.center)
    for seat in (1, 2):
        if h.match.decisions_for(seat):
            h.other(seat, ("pass",))
    h.settle()
    h.draw()
    log = h.table.log
    words = " ".join(seg[0] for entry in log.entries for seg in entry)
    assert "Lucrezia" in words and "Doge" in words
    link = next((r, key) for r, key in log._links if key == "doge")
    h.move(link[0].center)
    assert h.table.zoom_key()[0] == "doge"               # the card shows beside the log
    h.draw()
    h.move((10, 10))
    assert h.table.zoom_key()[0] is None


def test_forced_canal_arms_itself_and_esc_still_reaches_the_menu(app_parts):
    h = Harness(app_parts, n=3, seed=4)
    for _ in range(80):                                  # everyone takes Gondola Fare until seat 0 is rich
        ds = h.until_turn(0)
        if h.match.view(0)["ducats"][0] >= 10:
            break
        h.click(h.widget("income").rect.center)
        h.settle()
    d = h.match.decisions_for(0)[0]
    assert d.prompt["forced"]
    assert h.table.armed is not None and h.table.armed_auto
    assert h.widget("income").enabled is False
    h.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    consumed = []
    for e in pygame.event.get():
        consumed.append(h.table.handle_event(e))
    assert consumed == [False]                           # the scene opens its menu
    h.click(seat_point(h, 2))                            # one click on a seat sends them Into the Canal
    assert h.match.log[-1] == (0, ("canal", 2))


def test_every_frame_is_drawn_from_cached_surfaces(app_parts):
    """After warming up, a frame with animations running renders no new text."""
    h = Harness(app_parts, n=5, seed=2, ai=(1, 2, 3, 4))
    surf = h.surface
    seen = 0
    for _ in range(40):
        if h.match.over:
            break
        if h.match.decisions_for(0):
            d = h.match.decisions_for(0)[0]
            h.submit(0, d.default if d.default in d.actions else d.actions[0])
        else:
            h.table.on_events([e for e in h.match.run_agents(1) if e.visible_to(0)])
        while h.table.busy():
            h.table.update(1 / 60)
            h.table.draw(surf)
            seen += 1
    assets = h.ctx.assets
    before = len(assets._text)
    for _ in range(30):
        h.table.update(1 / 60)
        h.table.draw(surf)
    assert len(assets._text) == before and seen > 0


@pytest.mark.parametrize("mode,n", [("standard", 4), ("rialto", 4), ("intoccabile", 3)])
def test_monkey_random_input_never_breaks_the_table(app_parts, mode, n):
    """Random clicks, drags, right-clicks, wheels and keys on every part of the table,
    while the game goes on; whatever the monkey plays must be legal."""
    h = Harness(app_parts, n=n, mode=mode, seed=31, ai=tuple(range(1, n)), speed=4.0)
    rng = random.Random(7)
    keys = [pygame.K_SPACE, pygame.K_h, pygame.K_ESCAPE, pygame.K_c, pygame.K_p, pygame.K_b, pygame.K_RETURN,
            pygame.K_LEFT, pygame.K_RIGHT, pygame.K_LALT, pygame.K_z, pygame.K_a]
    held = False
    for i in range(2500):
        r = rng.random()
        pos = (rng.randrange(1920), rng.randrange(1080))
        if r < 0.35:
            h.post(pygame.MOUSEMOTION, pos=pos, rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                   buttons=(1 if held else 0, 0, 0))
        elif r < 0.55:
            button = rng.choice((1, 1, 1, 3, 4, 5))
            h.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
            held = held or button == 1
        elif r < 0.75:
            button = rng.choice((1, 1, 3))
            h.post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
            if button == 1:
                held = False
        elif r < 0.8:
            h.post(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)))
        else:
            k = rng.choice(keys)
            mod = pygame.KMOD_CTRL if (k == pygame.K_z and rng.random() < 0.5) else 0
            h.post(rng.choice((pygame.KEYDOWN, pygame.KEYUP)), key=k, mod=mod)
        for e in pygame.event.get():
            h.table.handle_event(e)
        h.table.update(1 / 30)
        if i % 5 == 0:
            h.draw()
        if i % 7 == 0 and not h.match.over:
            events = h.match.run_agents(1)
            if events:
                h.table.on_events([e for e in events if e.visible_to(0)])
    assert not h.refused, h.refused                     # the table only ever offers legal moves


@pytest.mark.parametrize("n,mode", [(2, "standard"), (3, "standard"), (4, "standard"), (5, "standard"),
                                    (6, "standard"), (4, "rialto"), (7, "carnevale")])
def test_seat_coins_and_their_count_sit_beside_the_cards_never_under_them(app_parts, n, mode):
    h = Harness(app_parts, n=n, mode=mode, seed=3, speed=0.0)
    t = h.table
    for seat in t.others():
        r = t.seat_rects[seat]
        stack = t.tokens[("ducats", seat)]
        stack.count = 99                          # the tallest stack drawn, and a 2-digit count
        coins = stack.rect()
        badge = t.gfx.badge("99", max(17, int(stack.size * 0.5)), fill=(0, 0, 0), border=stack.color)
        label = badge.get_rect(midleft=(stack.pos[0] + stack.size // 2 + 4, stack.pos[1]))
        assert r.contains(coins) and r.contains(label)
        for zid in (("hand", seat), ("lost", seat)):
            z = t.zones[zid]
            for k in range(0, t.hand_size + 1):
                for x, y, _a in z.slots(k):
                    card = pygame.Rect(0, 0, *z.card_size)
                    card.center = (int(x), int(y))
                    assert r.contains(card.inflate(-2, -2))
                    assert not card.colliderect(coins.inflate(8, 0)), (seat, zid)
                    assert not card.colliderect(label.inflate(8, 0)), (seat, zid)
        # other seats' panels never cover this one
        for other in t.others():
            if other != seat:
                assert not r.colliderect(t.seat_rects[other]), (seat, other)


def test_a_challenge_line_fades_out_over_its_last_half_second(app_parts):
    h = Harness(app_parts, n=4)
    a, b = h.table._seat_point(0), h.table._seat_point(2)
    probe = ((a[0] + b[0]) // 2, a[1] + (b[1] - a[1]) // 4)   # on the line, off the icon
    reds = []
    for left in (None, 0.15, 1.0):
        h.table.fx.clear()
        if left is not None:
            h.table.fx.add("challenge", (0, 2), 1.3).left = left
        reds.append(h.draw().get_at(probe))
    plain, faded, full = reds
    assert full != plain and faded != full and faded != plain
    dist = lambda p, q: sum(abs(x - y) for x, y in zip(p[:3], q[:3]))
    assert dist(faded, plain) < dist(full, plain)


def test_a_new_rialto_table_tells_which_card_is_up_for_sale_first(app_parts):
    h = Harness(app_parts, n=4, mode="rialto")
    lines = ["".join(seg[0] for seg in entry) for entry in h.table.log.entries]
    first = h.match.state.auc.line[0]
    assert lines == [f"Up for sale: the {h.table.role_name(first)}."]
    # the opening line comes once, before what follows, also after the view changes
    h.table.set_viewer(1)
    assert ["".join(seg[0] for seg in entry) for entry in h.table.log.entries] == lines


def test_a_new_standard_table_starts_with_an_empty_chronicle(app_parts):
    h = Harness(app_parts, n=3)
    assert h.table.log.entries == []


def test_a_claim_banner_says_what_the_claim_does_not_what_the_role_blocks(app_parts):
    h = Harness(app_parts, n=3)
    for role, does in (("corsair", "Take up to 2 ducats from another player."),
                       ("fortune_teller", "Draw 2 cards, then put back 2 of your choice."),
                       ("doge", "Take 3 ducats.")):
        line = h.table.claim_summary({"action": role, "actor": 1, "target": None})
        assert line == f"{NAMES[1]}: {does}", line


def test_undo_takes_the_undone_action_out_of_the_chronicle(app_parts):
    h = Harness(app_parts, n=3)
    seat = h.match.decisions()[0].seat
    h.table.set_viewer(seat)
    lines = lambda: ["".join(seg[0] for seg in entry) for entry in h.table.log.entries]
    before = lines()
    h.submit(seat, ("income",))
    h.settle()
    assert len(lines()) > len(before)                     # "… takes Gondola Fare"
    assert h.match.can_undo(seat)
    h.match.undo(seat)
    h.table.reload(seat)
    assert lines() == before


def test_a_bid_control_is_up_whenever_the_viewer_may_bid_even_while_the_table_animates(app_parts):
    """Issue 12 item 4: the sale's clock runs while the next card glides in or another
    seat's bid animates, so the Bid button must be there the whole time a seat may bid."""
    h = Harness(app_parts, n=4, mode="rialto")
    seen_busy = 0
    for _ in range(30):
        ds = h.match.decisions()
        others = [d for d in ds if d.seat != 0]
        if not others or not any(d.kind == "bid" for d in ds):
            break
        d = others[0]
        h.other(d.seat, ("bid",) if ("bid",) in d.actions else d.actions[0])
        for _ in range(3):                   # a few frames into the animation
            h.table.update(1 / 60)
            mine = [x for x in h.match.decisions() if x.seat == 0 and x.kind == "bid"]
            if h.table.busy() and mine:
                seen_busy += 1
                b = h.widget("bid")
                assert b is not None and b.action == ("bid",), "no Bid button while the viewer may bid"
        h.settle()
    assert seen_busy >= 3


def test_at_seven_seats_a_target_label_sits_on_its_own_seat_never_between_two(app_parts):
    """Issue 12 item 7: in Carnevale at 7 seats the label of the seat under a dragged chip
    floated over the neighbouring seat's panel."""
    h = Harness(app_parts, n=7, mode="carnevale", seed=3)
    h.until_turn(0)
    chip = h.widget(("claim", "corsair"))
    h.click(chip.rect.center)
    assert h.table.armed is not None
    targets = h.table.armed[1]
    screen = h.surface.get_rect()
    checked = 0
    for tid in targets:
        if tid[0] != "seat":
            continue
        h.move(seat_point(h, tid[1]))
        h.draw()
        own = h.table.target_rect(tid)
        opt = targets[tid][0]
        lab = h.table.gfx.badge(opt.hint or opt.label, 18, icon=opt.icon)
        r = h.table.input.target_label_rect(lab, own, tid, targets, screen)
        assert screen.contains(r)
        for other, rect in h.table.seat_rects.items():
            if ("seat", other) != tid:
                assert not rect.colliderect(r), f"label of seat {tid[1]} sits on seat {other}"
        checked += 1
    assert checked == 6


@pytest.mark.parametrize("n,mode", [(7, "carnevale"), (6, "standard"), (4, "standard")])
def test_a_seats_speech_bubble_sits_on_or_beside_its_own_panel_never_on_a_neighbour(app_parts, n, mode):
    """Issue 12 item 7: at seven seats 'Gondola Fare' floated between two seats' panels."""
    h = Harness(app_parts, n=n, mode=mode, seed=3)
    h.draw()
    t = h.table
    img = t.gfx.badge("Claims the Fortune Teller  →  Ginevra", 22, icon="fortune_teller", pad=12)
    for seat, r in t.seat_rects.items():
        if seat == 0:
            continue
        rr = t.bubble_rect(img, r)
        for other, o in t.seat_rects.items():
            if other != seat:
                assert not o.colliderect(rr.inflate(0, 8)), f"seat {seat}'s bubble touches seat {other}'s panel"
        gap = max(r.top - rr.bottom, rr.top - r.bottom, 0)
        assert gap <= 12, f"seat {seat}'s bubble is {gap}px from its panel"
