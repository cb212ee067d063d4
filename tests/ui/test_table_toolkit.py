"""The shared table toolkit on its own: tweens and the animation queue, zones, card
faces, dice, tokens, the chronicle, and a tiny game's table built on TableKit (drag,
click, menus, zoom, hide-hand, undo) — so the kit is not Schemers-shaped."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.core.match import Match, SeatInfo
from game.ui.table import tween
from game.ui.table.base import GameTable, TableContext
from game.ui.table.cards import CardRenderer
from game.ui.table.dice import DieSprite
from game.ui.table.gfx import Gfx
from game.ui.table.kit import TableKit, Target
from game.ui.table.widgets import BannerSpec, Button, Chip, Option
from game.ui.table.zones import Fan, Row, Spot, Stack, TokenStack, Zone
from tests.toygame import ToyRules


pytestmark = pytest.mark.usefixtures("display")


# -- tweens --------------------------------------------------------------------------------
def test_easings_start_at_zero_and_end_at_one():
    for f in (tween.linear, tween.ease_out_cubic, tween.ease_in_out_cubic, tween.ease_out_back,
              tween.ease_out_bounce, tween.ease_in_out_sine, tween.ease_out_quad):
        assert abs(f(0.0)) < 1e-9 and abs(f(1.0) - 1) < 1e-9


def test_steps_play_in_order_and_never_skip():
    speed = [1.0]
    a = tween.Animator(lambda: speed[0])
    seen = []
    for i in range(5):
        def step(i=i):
            seen.append(i)
            a.tween(0.2, lambda t: None)
            return None
        a.enqueue(step)
    a.update(0.01)
    assert seen == [0]                       # the next waits for this step's tween
    while a.busy():
        a.update(0.05)
    assert seen == [0, 1, 2, 3, 4]


def test_instant_speed_plays_everything_in_one_update():
    a = tween.Animator(lambda: 0.0)
    vals = []
    for i in range(50):
        a.enqueue(lambda i=i: (a.tween(1.0, lambda t, i=i: vals.append((i, t))), 0.5)[1])
    a.update(0.0)
    assert not a.busy()
    assert [v for v in vals if v[1] == 1.0] == [(i, 1.0) for i in range(50)]


def test_speed_multiplier_scales_durations():
    for speed, frames in ((1.0, 30), (2.0, 15), (0.5, 60)):
        a = tween.Animator(lambda s=speed: s)
        done = []
        a.enqueue(lambda: (a.tween(0.5, lambda t: done.append(t)), None)[1])
        n = 0
        while a.busy():
            a.update(1 / 60)
            n += 1
        assert abs(n - frames) <= 2, (speed, n)


def test_a_backlog_plays_faster_but_in_full():
    a = tween.Animator(lambda: 1.0)
    out = []
    for i in range(40):
        a.enqueue(lambda i=i: (a.tween(0.3, lambda t, i=i: out.append(i) if t >= 1 else None), None)[1])
    n = 0
    while a.busy():
        a.update(1 / 60)
        n += 1
    assert out == list(range(40))
    assert n < 40 * 0.3 * 60 * 0.6           # rushed, not 12 s


# -- zones ---------------------------------------------------------------------------------
def test_zone_layouts_stay_in_their_rects():
    fan = Fan("h", pygame.Rect(100, 800, 600, 200), (150, 210))
    row = Row("r", pygame.Rect(0, 0, 500, 100), (70, 100), slots_n=4)
    stack = Stack("d", pygame.Rect(0, 0, 100, 140), (100, 140))
    for n in range(1, 9):
        xs = [x for x, _y, _a in fan.slots(n)]
        assert min(xs) >= 100 + 75 - 1 and max(xs) <= 700 - 75 + 1
        assert xs == sorted(xs)
    assert len(row.slots(2)) == 4           # empty slots keep their outlines
    assert all(0 <= x <= 500 for x, _y, _a in row.slots(9))
    s = stack.slots(30)
    assert len(s) == 30 and s[0] == s[10]   # only the top cards spread


# -- cards, dice, tokens ----------------------------------------------------------------------
def test_card_faces_are_rendered_once_per_size(app_parts):
    assets = app_parts[0]
    calls = []

    def spec(key):
        calls.append(key)
        return {"key": key, "title": "Watchman", "icon": "guard", "text": "Draw two cards. " * 6,
                "cost": 3, "badges": [("dagger", 2), ("suspicion", 1)], "kind": "minion",
                "subtitle": "Minion"}
    r = CardRenderer(Gfx(assets), "dark_deeds", spec)
    a = r.face("w", (180, 252))
    assert r.face("w", (180, 252)) is a and calls == ["w"]
    assert r.face("w", (80, 112)).get_size() == (80, 112)
    assert r.back((80, 112)) is r.back((80, 112))
    assert r.squeezed("w", True, (180, 252), 90).get_width() <= 92


@pytest.mark.parametrize("title", ["Bishop", "Dame Hester the Witch-Finder",
                                   "Captain Aldric of the Lantern Guard",
                                   "Lady Seraphine the Incorruptible", "Supercalifragilisticexpialidocious",
                                   "A very long title that cannot possibly fit on two lines of a card"])
@pytest.mark.parametrize("width", [40, 90, 140, 220])
def test_card_titles_always_fit_shrink_then_wrap_then_ellipsize(app_parts, title, width):
    g = Gfx(app_parts[0])
    one = g.font(16, bold=True, serif=True).get_linesize()
    t = g.fit_lines(title, 16, width, bold=True, serif=True, min_size=9, max_lines=2)
    assert t.get_width() <= width
    assert t.get_height() <= 2 * one + 2              # never more than two lines
    t1 = g.fit_lines(title, 16, width, bold=True, serif=True, min_size=9, max_lines=1)
    assert t1.get_width() <= width and t1.get_height() <= one + 1
    if g.font(9, bold=True, serif=True).size(title)[0] <= width:
        assert t.get_height() <= one + 1                # fits on one line: no wrap


def test_short_titles_keep_their_size_and_long_ones_wrap(app_parts):
    g = Gfx(app_parts[0])
    short = g.fit_lines("Bishop", 16, 140, bold=True, serif=True, min_size=11)
    assert short.get_height() == g.text("Bishop", 16, bold=True, serif=True).get_height()
    long_ = g.fit_lines("Captain Aldric of the Lantern Guard", 16, 140, bold=True, serif=True, min_size=11)
    assert long_.get_width() <= 140 and long_.get_height() > short.get_height()


@pytest.mark.parametrize("kind,face", [("d6", 5), ("d12", 11), ("omen", "skull")])
def test_dice_tumble_and_land_on_the_rolled_face(app_parts, kind, face):
    a = tween.Animator(lambda: 1.0)
    die = DieSprite(kind, (400, 400))
    faces_seen = set()
    die.roll(a, face, to=(500, 380))
    while a.tweens:
        a.update(1 / 60)
        faces_seen.add(die.shown)
    assert die.shown == face and die.face == face and not die.rolling
    assert (die.x, die.y) == (500, 380) and die.angle == 0
    assert len(faces_seen) > 2               # it tumbled through other faces


# -- a tiny game's table on the kit --------------------------------------------------------------
class ToyTable(TableKit):
    """The toy game (bid, hidden card, add 1/2, roll): a hand, a deck, dice, tokens."""
    game_id = "toy"

    def card_spec(self, key):
        return {"key": key, "title": f"Card {key}", "icon": "dice", "text": f"Worth {key}.", "kind": "x"}

    def build(self, view):
        me = view.get("me")
        self.add_zone(Fan("hand", pygame.Rect(700, 850, 500, 200), (150, 210), private=True, target=False))
        self.add_zone(Stack("deck", pygame.Rect(300, 400, 100, 140), (100, 140)))
        self.add_zone(Spot("play", pygame.Rect(900, 400, 150, 210), (150, 210)))
        self.add_tokens(TokenStack("total", (1200, 500), "ducat", count=view["total"]))
        self.die = DieSprite("d6", (600, 600))
        self.dice.append(self.die)

    def zone_cards(self, view):
        mine = [s["card"] for s in view["seats"] if s["card"] is not None]
        return {"hand": mine, "deck": [None] * 5}

    def token_counts(self, view):
        return {"total": view["total"]}

    def animate(self, ev):
        if ev.kind == "roll":
            self.roll_dice([self.die], ev.data["faces"])
            return True
        if ev.kind == "counter":
            self.fly_tokens((100, 100), "total", 1, final=ev.data["value"])
            return True
        return False

    def log_entry(self, ev):
        return [(ev.kind, None)] if ev.kind in ("roll", "counter", "turn") else None

    def controls(self):
        mine = self.my_decisions()
        if not mine:
            return [], None
        d = mine[0]
        if d.kind == "bid":
            return [], BannerSpec("bid", "Bid?", "", buttons=[Button(a, str(a[1]), action=a) for a in d.actions],
                                  decision=d)
        chip = Chip("add", "Add", options=[Option(f"add {a[1]}", a, target=("zone", "play")) for a in d.actions
                                            if a[0] == "add"])
        chip.rect = pygame.Rect(200, 700, 140, 56)
        roll = Button("roll", "Roll", pygame.Rect(400, 700, 140, 56), action=("roll",))
        return [chip, roll], None

    def options_for(self, item):
        if isinstance(item, Chip):
            return item.options
        if isinstance(item, DieSprite):            # drag the die onto the play spot to roll
            return [Option("Roll", a, target=("zone", "play")) for d in self.my_decisions()
                    for a in d.actions if a == ("roll",)]
        return []


def _toy(app_parts, speed=1.0, cls=None):
    assets, sound, settings = app_parts
    st = type(settings)()
    st.animation_speed = speed
    m = Match("toy", ToyRules(), [SeatInfo("A", "human"), SeatInfo("B", "human")], {"target": 10}, 3)
    holder = {}

    def submit(seat, action):
        ev = m.submit(seat, action)
        holder["t"].on_events(ev)
    ctx = TableContext(m, None, 0, assets, sound, st, submit, (1920, 1080))
    t = (cls or ToyTable)(ctx)
    holder["t"] = t
    return m, t


def _settle(t):
    for _ in range(2000):
        if not t.busy() and not t.anim.tweens:
            break
        t.update(1 / 60)
    t.update(1 / 60)


def _post(t, kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))
    for e in pygame.event.get():
        t.handle_event(e)
    t.update(1 / 60)


def _drag(t, a, b):
    _post(t, pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    _post(t, pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    for i in range(1, 9):
        p = (a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8)
        _post(t, pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
    _post(t, pygame.MOUSEBUTTONUP, pos=b, button=1)


def _click(t, pos, button=1):
    _post(t, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(t, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    _post(t, pygame.MOUSEBUTTONUP, pos=pos, button=button)


@pytest.mark.parametrize("speed", [0.0, 1.0])
def test_a_toy_game_on_the_kit(app_parts, speed):
    m, t = _toy(app_parts, speed)
    surf = pygame.Surface((1920, 1080))
    assert isinstance(t, GameTable)
    t.update(0.016)
    b = t.banner.spec.buttons[1]
    _click(t, b.rect.center)                        # seat 0 bids 1 through the banner
    assert m.log == [(0, ("bid", 1))]
    m.submit(1, ("bid", 0))
    t.on_events([])
    t.set_viewer(0)
    while m.decisions()[0].seat != 0:
        t.on_events(m.submit(m.decisions()[0].seat, ("add", 1)))
    _settle(t)
    chip = next(w for w in t.widgets if isinstance(w, Chip))
    before = len(m.log)
    _drag(t, chip.rect.center, (500, 100))          # nowhere: nothing happens
    assert len(m.log) == before
    _drag(t, chip.rect.center, t.zones["play"].rect.center)   # two options on one target: which?
    assert len(m.log) == before and t.menu is not None and len(t.menu.items) == 2
    r = t.menu.rect
    _click(t, (r.centerx, r.bottom - 8 - t.menu.row_h // 2))   # the second row: add 2
    assert m.log[-1] == (0, ("add", 2))
    _settle(t)
    while m.decisions()[0].seat != 0 and not m.over:
        t.on_events(m.submit(m.decisions()[0].seat, ("add", 1)))
    _settle(t)
    if not m.over:
        roll = next(w for w in t.widgets if w.id == "roll")
        _click(t, roll.rect.center)
        assert m.log[-1] == (0, ("roll",))
        _settle(t)
        face = next(e for e in reversed(t.history) if e.kind == "roll").data["faces"][0]
        assert t.die.shown == face
        t.draw(surf)


def _adding(app_parts):
    """The toy table when seat 0 adds: its chip (add 1 or 2 onto the play spot) and roll."""
    m, t = _toy(app_parts)
    m.submit(0, ("bid", 1))
    m.submit(1, ("bid", 0))
    t.set_viewer(0)
    while m.decisions()[0].seat != 0:
        m.submit(m.decisions()[0].seat, ("add", 1))
    t.set_viewer(0)
    _settle(t)
    return m, t, next(w for w in t.widgets if isinstance(w, Chip))


def test_right_click_menu_hide_hand_zoom_and_undo(app_parts):
    m, t, chip = _adding(app_parts)
    surf = pygame.Surface((1920, 1080))
    _click(t, chip.rect.center, button=3)           # right-click: the chip's actions as a menu
    assert t.menu is not None and len(t.menu.items) == len(chip.options)
    _post(t, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    assert t.menu is None
    card = t.zones["hand"].cards[0]
    assert card.face_up
    _post(t, pygame.KEYDOWN, key=pygame.K_h, mod=0)   # H hides the hand
    _settle(t)
    assert not card.face_up
    _post(t, pygame.KEYDOWN, key=pygame.K_h, mod=0)
    _settle(t)
    assert card.face_up
    _post(t, pygame.MOUSEMOTION, pos=(int(card.x), int(card.y)), rel=(0, 0), buttons=(0, 0, 0))
    _post(t, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    assert t.zoom_key()[0] == card.key
    t.draw(surf)
    _post(t, pygame.KEYDOWN, key=pygame.K_SPACE, mod=0)
    assert t.zoom_key()[0] is None
    # undo: the viewer's own last action
    m.submit(0, ("add", 2))
    t.on_events([])
    n = len(m.log)
    _post(t, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL)
    assert len(m.log) == n - 1


def test_tokens_fly_and_counts_change_coin_by_coin(app_parts):
    m, t = _toy(app_parts)
    stack = t.tokens["total"]
    stack.count = 0
    t.fly_tokens((100, 100), "total", 5, final=5)
    seen = set()
    while t.busy() or t.anim.tweens:
        t.update(1 / 60)
        seen.add(stack.count)
    assert stack.count == 5 and seen >= {0, 5} and max(seen) == 5


def test_drag_the_die_onto_the_tray_rolls_it(app_parts):
    m, t = _toy(app_parts)
    m.submit(0, ("bid", 1))
    m.submit(1, ("bid", 0))
    t.set_viewer(0)
    while m.decisions()[0].seat != 0:
        t.on_events(m.submit(m.decisions()[0].seat, ("add", 1)))
    _settle(t)
    die = t.die
    home = (die.x, die.y)
    _drag(t, (int(die.x), int(die.y)), (1500, 200))   # not the tray: back it goes
    _settle(t)
    assert (die.x, die.y) == home and m.log[-1][1] != ("roll",)
    _drag(t, (int(die.x), int(die.y)), t.zones["play"].rect.center)
    assert m.log[-1] == (0, ("roll",))
    _settle(t)
    face = next(e for e in reversed(t.history) if e.kind == "roll").data["faces"][0]
    assert die.shown == face and die.face == face


# -- what both tables used to write twice, now in the kit --------------------------------------
def test_effects_live_their_seconds_replace_by_key_and_bound_by_kind():
    from game.ui.table.widgets import Effects
    fx = Effects()
    fx.add("bubble", "a", 1.0, key=0)
    fx.add("bubble", "b", 1.0, key=0)                   # same seat: replaces
    fx.add("bubble", "c", 2.0, key=1)
    assert [b.data for b in fx.of("bubble")] == ["b", "c"]
    for i in range(3):
        fx.add("herald", i, 1.0, keep=2)
    assert [h.data for h in fx.of("herald")] == [1, 2]
    fx.update(0.5)
    assert fx.level("bubble", 1) == pytest.approx(0.75) and fx.get("bubble", 0).fade(0.0, 0.4) == 1.0
    fx.update(0.3)
    assert fx.get("bubble", 0).fade(0.0, 0.4) == pytest.approx(0.5)
    fx.update(0.3)
    assert fx.get("bubble", 0) is None and fx.get("bubble", 1) is not None and not fx.of("herald")
    fx.add("herald", "x", 1.0)
    fx.update(0.3)
    fx.add("herald", "y", 1.0, drop_older=0.2)           # a new herald pushes out the shown one
    assert [h.data for h in fx.of("herald")] == ["y"]


def test_heralds_floaters_and_showcases_are_drawn_by_the_kit_then_go(app_parts):
    m, t = _toy(app_parts, 1.0)
    t.update(1 / 60)
    plain = pygame.Surface((1920, 1080))
    t.draw(plain)
    t.herald("Your turn")
    t.floater("+2", (500, 500), (255, 255, 255))
    t.showcase("3", "Revealed")
    assert {i.kind for i in t.fx.items} == {"herald", "floater", "showcase"}
    shown = pygame.Surface((1920, 1080))
    t.draw(shown)
    x, y = t.herald_at()
    assert shown.get_at((x, y)) != plain.get_at((x, y)) or shown.get_at(t.showcase_at()[0]) != plain.get_at(t.showcase_at()[0])
    for _ in range(4 * 60):
        t.update(1 / 60)
    assert not t.fx.items


def test_instant_animation_shows_no_timed_effects(app_parts):
    m, t = _toy(app_parts, 0.0)
    t.herald("Your turn")
    t.floater("+2", (500, 500), (255, 255, 255))
    assert not t.fx.items


def test_seat_accessors_and_the_chronicle_from_a_template(app_parts, monkeypatch):
    import game.ui.table.kit as kit
    m, t = _toy(app_parts, 1.0)
    assert t.me == 0 and t.others() == [1] and t.is_human_viewer() and t.name(1) == "B" and t.name(7) == "?"
    table = {"x.log": "{player} plays {card} for {n} ({kind})", "x.bad": "{oops"}
    monkeypatch.setattr(kit, "t", lambda key, **p: table.get(key, key))
    segs = t.segments("x.log", {"player": 1, "card": "3", "n": 2, "kind": "k"}, seats=("player",),
                      cards=("card",), words={"kind": lambda v: v.upper()})
    assert segs[0] == ("B", None, t.scol(1), True)
    assert ("Card 3", "3") in segs and (" (", None) in segs and ("K", None) in segs and ("2", None) in segs
    dim = t.segments("x.log", {"player": 0, "card": "3", "n": 1, "kind": "k"}, seats=("player",),
                     cards=("card",), tone=(1, 2, 3))
    assert (" plays ", None, (1, 2, 3)) in dim
    assert t.segments("x.missing", {}) == [("x.missing", None)]


def test_countdown_ticks_once_a_second_in_the_last_three(app_parts):
    m, t = _toy(app_parts, 1.0)
    played = []
    t.sound = played.append
    d = type("D", (), {"timeout": 10.0, "seat": 0})()
    left = [5.0]
    t.my_decisions = lambda: [d]
    t.time_left = lambda dec: left[0]
    for v in (5.0, 2.9, 2.5, 1.9, 0.9, 0.5):
        left[0] = v
        t.input.countdown_tick()
    assert played == ["timer_tick"] * 3


def test_game_words_read_the_game_locale_then_the_kit():
    from game.ui.table.strings import game_words, ts
    tx = game_words("dark_deeds")
    assert tx("suspicion") == "Suspicion" and tx("pass") == ts("pass")
    assert game_words("schemers")("bids", n=3) == "3 bids"


def test_faces_are_composed_from_named_sections(app_parts):
    from game.ui.table.cards import compose_face
    g = Gfx(app_parts[0])
    base = {"key": "k", "title": "Hex", "icon": "dice", "text": "Gain 2.", "subtitle": "Curse",
            "stats": [("attack", 3)], "kind": "x", "text_from": "always"}
    full = compose_face(g, dict(base), (200, 280), {})
    without_stats = compose_face(g, dict(base, sections=["title", "art", "type", "text"]), (200, 280), {})
    bottom = (100, 262)
    assert full.get_at(bottom) != without_stats.get_at(bottom)       # the stats strip is a section
    plain = compose_face(g, dict(base, sections=["title", "art"]), (200, 280), {})
    orbs = compose_face(g, dict(base, sections=["title", "art", "cost"],
                                cost=[{"value": 2, "colour": (40, 90, 200)}]), (200, 280), {})
    cursed = compose_face(g, dict(base, sections=["title", "art", "cost"],
                                  cost=[{"value": 2, "colour": (40, 90, 200), "cursed": True}]), (200, 280), {})
    corner = (9 + 20 - 2 - 12, 9 + 20 - 2 - 12)              # on the cross, off the digit
    assert orbs.get_at(corner) != plain.get_at(corner) and cursed.get_at(corner) != orbs.get_at(corner)
    kw = compose_face(g, dict(base, keywords=["Block", "Protect"], sections=["title", "art", "keywords", "text"]),
                      (200, 280), {})
    no_kw = compose_face(g, dict(base, sections=["title", "art", "text"]), (200, 280), {})
    assert kw.get_size() == (200, 280) and pygame.image.tobytes(kw, "RGBA") != pygame.image.tobytes(no_kw, "RGBA")


def test_face_data_loads_from_yaml_and_names_its_errors(tmp_path):
    from pathlib import Path

    from game.core.data import DataError
    from game.ui.table.cards import load_faces
    f = load_faces(Path(__file__).resolve().parents[2] / "data" / "dark_deeds")
    assert f.frames["plot"].fill == (74, 40, 96) and f.icon("loot", "daggers") == "daggers"
    assert f.sections["plot"] == ["title", "art", "type", "text"]
    for body, line, word in (("frames:\n  x: {fill: '#12'}\n", 2, "#rrggbb"),
                             ("sections:\n  x: [title, halo]\n", 2, "halo"),
                             ("text_from:\n  x: huge\n", 2, "huge")):
        (tmp_path / "faces.yaml").write_text(body)
        with pytest.raises(DataError) as err:
            load_faces(tmp_path)
        assert f"faces.yaml:{line}" in str(err.value) and word in str(err.value)


def test_drawing_helpers_draw_and_cache(app_parts):
    m, t = _toy(app_parts, 1.0)
    bg = pygame.Surface((1920, 1080))
    bg.fill((0, 0, 0))
    r = pygame.Rect(100, 100, 400, 200)
    t.board_panel(bg, r, (60, 40, 30), (20, 10, 10), (200, 160, 80), cobbles=True)
    inside = [bg.get_at((x, y)) for x in range(120, 480, 37) for y in range(120, 280, 23)]
    assert sum(c != (0, 0, 0, 255) for c in inside) > len(inside) // 2 and bg.get_at((50, 50)) == (0, 0, 0, 255)
    t.panel_header(bg, r, "dice", "Header", (255, 255, 255))
    a, b = t.token_image("dice", 52), t.token_image("dice", 52, hover=True)
    assert t.token_image("dice", 52) is a and a is not b and a.get_size() == (60, 60)
    ok, bad, plain = t.plaque("Rob", "5 vs 4", True), t.plaque("Rob", "5 vs 6", False), t.plaque("Lay low", "1d6", None)
    assert t.plaque("Rob", "5 vs 4", True) is ok and ok.get_size() != (0, 0) and bad is not ok and plain is not ok
    table = t.score_table((600, 200), ["Pile", "Total"], [("5", "5"), ("3", "3")], [0])
    assert table.get_size() == (600, 200)
    ref = t.reference_panel((500, 300), "Turn", [("dice", "Roll."), ("tavern", "Drink.")], "R: hide")
    assert ref.get_size() == (500, 300) and t.reference_panel((500, 300), "Turn", [("dice", "Roll."), ("tavern", "Drink.")], "R: hide") is ref
    surf = pygame.Surface((1920, 1080))
    t.draw_prompt(surf, pygame.Rect(600, 600, 800, 200), ("Your turn", "Roll the dice", "dice"))
    t.glow_around(surf, [pygame.Rect(300, 300, 100, 140)], dashed=True)
    lit = lambda box: sum(surf.get_at((x, y)) != (0, 0, 0, 255)
                          for x in range(box.left, box.right, 3) for y in range(box.top, box.bottom, 3))
    assert lit(pygame.Rect(600, 600, 800, 90)) > 50 and lit(pygame.Rect(280, 280, 140, 20)) > 5


def test_move_together_hop_along_and_shuffle_into(app_parts):
    m, t = _toy(app_parts, 1.0)
    _settle(t)
    t.add_zone(Spot("a", pygame.Rect(100, 100, 100, 140), (100, 140)))
    t.add_zone(Spot("b", pygame.Rect(400, 100, 100, 140), (100, 140)))
    t.add_zone(Stack("pile", pygame.Rect(700, 100, 100, 140), (100, 140)))
    t.move_together([("deck", "a", "1"), ("deck", "b", "2")], 0.3, 0.05)
    _settle(t)
    assert [sp.key for sp in t.zones["a"].cards] == ["1"] and [sp.key for sp in t.zones["b"].cards] == ["2"]
    assert t.sprite_of("2").face_up and t.sprite_of("2", prefix="a") is None
    spots = []
    dur = t.hop_along([(0, 0), (100, 0), (200, 0)], lambda pos, lift: spots.append((pos, lift)), per=0.1, hop=10)
    assert dur == pytest.approx(0.2)
    _settle(t)
    assert spots[-1] == ((200, 0), 0.0) and max(l for _, l in spots) > 5
    t.zones["pile"].cards += t.zones["a"].cards
    t.zones["a"].cards = []
    before = len(t.zones["deck"].cards)
    t.step(lambda: t.shuffle_into("pile", "deck"))
    _settle(t)
    assert not t.zones["pile"].cards and len(t.zones["deck"].cards) == before + 1
    assert all(sp.key is None for sp in t.zones["deck"].cards)


def test_faces_warm_in_idle_frames(app_parts):
    m, t = _toy(app_parts, 1.0)
    _settle(t)
    t.warm_later([("7", (90, 126)), ("8", (90, 126))])
    for _ in range(5):
        t.update(1 / 60)
    assert not t._warm_queue and ("face", "7", (90, 126)) in t.cards._faces


# -- overlays that get out of the way, and the input guard (issue 12 items 4 and 5) ------------
def _my_turn(app_parts):
    m, t = _toy(app_parts, 1.0)
    m.submit(0, ("bid", 1))
    m.submit(1, ("bid", 0))
    t.on_events([])
    t.set_viewer(0)
    _settle(t)
    return m, t


def test_a_control_that_takes_anothers_place_waits_visibly_before_it_answers(app_parts):
    m, t = _my_turn(app_parts)
    roll = next(w for w in t.widgets if w.id == "roll")
    where = roll.rect.center
    _post(t, pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0))
    t.on_events(m.submit(0, ("add", 1)))           # the game moves on under the pointer
    t.on_events(m.submit(1, ("add", 1)))
    for _ in range(600):                            # the events play; the new controls come
        t.update(1 / 240)
        if t.widgets:
            break
    new = next(w for w in t.widgets if w.id == "roll")
    assert t.guarded(new) and new.rect.collidepoint(where)
    plain = pygame.Surface((1920, 1080))
    t.draw(plain)
    n = len(m.log)
    _post(t, pygame.MOUSEBUTTONDOWN, pos=where, button=1)
    _post(t, pygame.MOUSEBUTTONUP, pos=where, button=1)
    assert len(m.log) == n, "a click meant for the old control does not land on the new one"
    for _ in range(30):
        t.update(1 / 60)
    assert not t.guarded(new)
    shown = pygame.Surface((1920, 1080))
    t.draw(shown)
    assert plain.get_at(new.rect.center) != shown.get_at(new.rect.center), "the guard is visible"
    _click(t, where)
    assert m.log[-1] == (0, ("roll",))


def test_controls_elsewhere_are_not_guarded(app_parts):
    m, t = _my_turn(app_parts)
    _post(t, pygame.MOUSEMOTION, pos=(1500, 100), rel=(0, 0), buttons=(0, 0, 0))
    t.on_events(m.submit(0, ("add", 1)))
    t.on_events(m.submit(1, ("add", 1)))
    _settle(t)
    assert not t.guard


def test_a_click_hides_the_tooltip_until_the_pointer_moves_on(app_parts):
    m, t = _my_turn(app_parts)
    roll = next(w for w in t.widgets if w.id == "roll")
    roll.tooltip = "Roll the die"
    _post(t, pygame.MOUSEMOTION, pos=roll.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(40):
        t.update(1 / 60)
    assert t.hover is roll and not t.tip_hidden
    _post(t, pygame.MOUSEBUTTONDOWN, pos=(1500, 1000), button=1)
    assert t.tip_hidden
    _post(t, pygame.MOUSEMOTION, pos=(1700, 1000), rel=(1, 1), buttons=(0, 0, 0))
    _post(t, pygame.MOUSEMOTION, pos=roll.rect.center, rel=(1, 1), buttons=(0, 0, 0))
    assert not t.tip_hidden
    t.refresh_controls()
    t.update(1 / 60)
    assert t.tip_hidden, "new controls: no stale tooltip over them"


def test_zoom_never_covers_a_menu_or_the_prompt(app_parts):
    m, t = _toy(app_parts, 1.0)
    t.update(1 / 60)
    assert t.banner is not None                     # the bid prompt
    t.add_zone(Spot("show", pygame.Rect(880, 40, 150, 210), (150, 210)))
    sp = t.new_sprite("5", t.zones["show"])
    sp.face_up = True
    t.zones["show"].cards.append(sp)
    t.layout("show", 0.0)
    _settle(t)
    rect = t.zoom_rect(sp)
    assert rect is None or not rect.colliderect(t.banner.rect)
    t.menu = object()
    assert t.zoom_rect(sp) is None
    t.menu = None


def test_esc_closes_the_topmost_overlay_first(app_parts):
    m, t = _my_turn(app_parts)
    chip = next(w for w in t.widgets if isinstance(w, Chip))
    _click(t, chip.rect.center)                     # armed: pick where to add
    assert t.armed is not None
    t.zoom_on = True
    _click(t, chip.rect.center, button=3)          # a right-click menu on top
    assert t.menu is not None
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)
    assert t.handle_event(esc) and t.menu is None and t.zoom_on and t.armed is not None
    assert t.handle_event(esc) and not t.zoom_on and t.armed is not None
    assert t.handle_event(esc) and t.armed is None
    assert not t.handle_event(esc), "nothing open: the scene's pause menu"


def test_a_revealed_card_stays_face_up_and_lifted_for_at_least_1_5_s(app_parts):
    """Issue 12 item 6: a card shown to win a challenge was face up for under half a
    second; at normal speed a reveal holds ≥ 1.5 s before anything else plays."""
    m, t = _toy(app_parts, speed=1.0)
    _settle(t)
    key = t.zones["hand"].cards[0].key
    t.reveal_card("hand", key)
    t.step(lambda: None)                     # whatever comes next waits behind the reveal
    shown = 0.0
    for _ in range(600):
        t.update(1 / 60)
        if not t.busy():
            break
        sp = next(c for c in t.zones["hand"].cards if c.key == key)
        if getattr(sp, "z", 0) >= 60000:
            shown += 1 / 60
    assert shown >= 1.5
