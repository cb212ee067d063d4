"""TableKit: the shared machinery of every game's table.

A game's table subclasses `TableKit` and fills in a few hooks:

    build(view)            create zones (self.add_zone), token stacks (self.add_tokens),
                           dice, and anything laid out once per seat count / size
    zone_cards(view)       {zone_id: [card key or None, ...]} — what each zone holds now,
                           as the viewer may know it (None = a face-down unknown card)
    token_counts(view)     {token_id: count} for TokenStacks
    animate(ev)            turn one visible rules Event into queued animation steps
                           (helpers: move_card, fly_tokens, flip_card, reveal_card,
                           roll_dice, say, step); return True if handled
    log_entry(ev)          [(text, card_key|None, colour|None), ...] for the chronicle
    controls()             (widgets, BannerSpec|None) from the viewer's decisions;
                           widgets are Buttons / Chips / NumberPickers
    options_for(item)      [Option] — what the viewer may do with a card, chip, die,
                           token stack or target; options with a `target` are drags
    target_rect(tid)       the rect of a drop target ("zone", zid) and the game's own
                           ids, e.g. ("seat", 2)
    target_label(tid)      words for a target (menus)
    draw_background(s) / draw_board(s) / draw_overlay(s)
    card_spec(key) / card_frames()

What both games' tables used to write twice is here too: seat accessors (name, scol,
me, others, is_human_viewer), geo() for a 1920×1080 design, chronicle segments from a
template (segments), timed effects (self.fx; herald, floater, showcase), countdown
ticks, a game's table words through strings.game_words, drawing helpers (board_panel,
panel_header, glow_around, draw_prompt, plaque, score_table, reference_panel,
token_image), move_together / hop_along / shuffle_into, idle face warm-up (warm_later);
card faces are composed from named sections (cards.py, a game's faces.yaml).
Overlays get out of the way: a click hides the tooltip, the zoom never covers a menu or
the prompt (prompt_rect), Esc closes the topmost overlay first, and a control that takes
another's place under the pointer ignores clicks for INPUT_GUARD seconds, visibly.

The kit then gives: an animation queue that plays events in order (speed from
settings.animation_speed, instant works), sprites that glide between zones, hover
lift, drag-and-drop with legal targets highlighted, click-then-target and right-click
menus as equivalents of every drag, banners with countdown bars, the chronicle with
card previews, zoom (Space / held Alt), H to hide the hand, Ctrl+Z undo, tooltips
and toasts. It draws only from `ctx.match.view(viewer)` and visible events.

What the pointer meets is in items.py: one handle per kind of thing (card, button, chip,
number picker, die, token stack, target, panel) whose methods say how it hovers, clicks,
is carried, dropped and glides home; the kit asks `handle(thing)` and never the type.
"""
from __future__ import annotations

import math
import random
import string
import time
from typing import Any

import pygame

from game.core.i18n import resolve_blocks, t
from game.core.rules import IllegalAction

from . import style
from .base import GameTable, TableContext
from .cards import CardRenderer, CardSprite
from .dice import DieRenderer, DieSprite
from .gfx import Gfx, radial_glow, seat_color, seat_marker_surface
from .items import GLIDE, Target, by_target, handle, top_at
from .strings import ts
from .tween import Animator, ease_in_out_cubic, ease_in_out_sine, ease_out_back, ease_out_cubic, linear
from .widgets import Banner, Effects, LogPanel, Menu, Option
from .zones import Stack, TokenStack, Zone

DRAG_THRESHOLD = 6
TOOLTIP_DELAY = 0.45
INPUT_GUARD = 0.4           # a control that took another's place waits this long (visibly)
ZOOM_SIZE = (340, 476)


class Flyer:
    """A token in flight (coins between stacks)."""
    __slots__ = ("img", "x", "y", "alive")

    def __init__(self, img):
        self.img = img
        self.x = self.y = -100.0
        self.alive = True


def _veil(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 120), s.get_rect(), border_radius=8)
    return s


def _overlap(a, b) -> float:
    """How much of the smaller of two rects the other covers (0..1)."""
    inter = a.clip(b)
    small = min(a.width * a.height, b.width * b.height)
    return (inter.width * inter.height) / small if small else 0.0


class TableKit(GameTable):
    game_id = "game"
    back_name = None

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.size = tuple(ctx.size)
        self.gfx = Gfx(ctx.assets)
        self.anim = Animator(lambda: getattr(self.ctx.settings, "animation_speed", 1.0))
        self.cards = CardRenderer(self.gfx, getattr(ctx.spec, "id", self.game_id), self.card_spec,
                                  self.card_frames(), self.back_name, canon=self.card_canon)
        self.dice_r = DieRenderer(self.gfx)
        self.rng = random.Random(1234)         # cosmetic only (tumbles, scatter)
        self.zones: dict[Any, Zone] = {}
        self.tokens: dict[Any, TokenStack] = {}
        self.dice: list[DieSprite] = []
        self.sprites: list[CardSprite] = []
        self.flyers: list[Flyer] = []
        self._uid = 0
        self.view: dict | None = None
        self.history: list = []                 # every event given to on_events (filtered on use)
        # interaction state
        self.widgets: list = []
        self.banner: Banner | None = None
        self.menu: Menu | None = None
        self.press = None                       # (item, pos)
        self.drag = None                        # dict while dragging
        self.armed = None                       # (item, {tid: [Option]}) after clicking a targeted item
        self.armed_auto = False                 # armed by the game (a forced move), not by a click
        self.hover = None
        self.hover_time = 0.0
        self.pointer = (-1, -1)
        self.zoom_on = False
        self.alt_held = False
        self.hand_hidden = False
        self.preview_key = None                 # card previewed from the log
        self.toasts: list[list] = []            # [text, seconds left]
        self.fx = Effects()                     # heralds, floaters, showcases, a game's flashes
        self._tick_sec = None                   # the last countdown second ticked
        self._warm_queue: list = []             # (key, size) faces to render when idle
        self.tip_hidden = False                 # a click hides the tooltip until the pointer moves on
        self.guard: dict = {}                   # id(control) -> seconds it still ignores clicks
        self._last_rects: list = []             # where the last controls shown were
        self._last_state = None                 # (log length, decisions) the controls were built for
        self.pulse_t = 0.0
        self._controls_key = None
        self._local_rev = 0                     # bumped by refresh_controls()
        self._bg: pygame.Surface | None = None
        self._static = None
        self.log = LogPanel(self.log_rect(), self, ts("log"))
        self._building = False
        self.set_viewer(ctx.viewer)

    # ======================================================================
    # hooks (override in a game's table)
    # ======================================================================
    def card_spec(self, key) -> dict:
        return {"key": key, "title": str(key)}

    def card_canon(self, key):
        """The key whose face `key` shares (copies of one card): one render for all."""
        return key

    def card_frames(self) -> dict:
        return {}

    def build(self, view) -> None:
        pass

    def zone_cards(self, view) -> dict:
        return {}

    def token_counts(self, view) -> dict:
        return {}

    def animate(self, ev) -> bool:
        return False

    def log_entry(self, ev):
        return None

    def controls(self):
        return [], None

    def options_for(self, item) -> list[Option]:
        return []

    def target_rect(self, tid):
        if isinstance(tid, tuple) and len(tid) == 2 and tid[0] == "zone":
            z = self.zones.get(tid[1])
            return z.rect if z is not None else None
        return None

    def target_label(self, tid) -> str:
        return str(tid[-1]) if isinstance(tid, tuple) else str(tid)

    def targets_at(self, pos) -> list:
        """Game targets under the pointer that are not zones (seats...), for clicks."""
        return []

    def tooltip_for(self, item) -> str | None:
        return getattr(item, "tooltip", None)

    def render_background(self) -> pygame.Surface:
        s = pygame.Surface(self.size).convert()
        s.fill(style.INK)
        return s

    def static_key(self):
        """What the static layer (background + draw_static + log) depends on; the
        layer is re-rendered only when this (or the log) changes."""
        return None

    def draw_static(self, surf) -> None:
        """Things that change only with events (seat panels...), baked into one layer."""

    def draw_board(self, surf) -> None:
        """Per-frame things under the cards (glows, bubbles)."""

    def draw_overlay(self, surf) -> None:
        pass

    def log_rect(self) -> pygame.Rect:
        w, h = self.size
        return pygame.Rect(w - 400, 90, 380, int(h * 0.5))

    def extra_help(self) -> list[tuple[str, str]]:
        return []

    def prewarm(self) -> None:
        """Render what the game will surely need (card faces at its zone sizes) when
        the table opens, so no frame mid-game pays for a first render."""

    def face_shown(self, sprite: CardSprite, zone: Zone | None) -> bool:
        """Whether the sprite's face is drawn (key known, zone shows faces, hand not hidden)."""
        if sprite.key is None:
            return False
        if zone is None:
            return True
        if getattr(zone, "face_down", False):
            return False
        if zone.private and self.hand_hidden:
            return False
        return True

    # ======================================================================
    # GameTable contract
    # ======================================================================
    @property
    def viewer(self):
        return self.ctx.viewer

    @property
    def match(self):
        return self.ctx.match

    def set_viewer(self, seat) -> None:
        self.ctx.viewer = seat
        self.anim.flush()
        self.sprites.clear()
        self.flyers.clear()
        self.zones.clear()
        self.tokens.clear()
        self.dice.clear()
        self.drag = self.press = self.armed = self.menu = None
        self.hover = None
        self.fx.clear()
        self.view = self.view_of(seat)
        self._building = True
        self.build(self.view)
        self._static = None
        self._sync(self.view, instant=True)
        self._building = False
        self._rebuild_log()
        self._controls_key = None
        self.static_layer()                      # render the table once, here, not mid-game
        if not getattr(self, "_warmed", False):
            self._warmed = True
            self.prewarm()

    def view_of(self, seat) -> dict:
        """What the table draws: `match.view(seat)`, or, for a spectator of a finished game's
        replay (ctx.reveal), the game's optional `reveal_view` with every hand face up."""
        reveal = getattr(self.match.rules, "reveal_view", None) if self.ctx.reveal and seat is None else None
        return reveal(self.match.state) if reveal is not None else self.match.view(seat)

    def reload(self, seat) -> None:
        """The match went back (an undo, a replay's seek): rebuild the table and its
        chronicle from the log, so nothing that was taken back is still shown."""
        self.history = []
        self.set_viewer(seat)

    def on_events(self, events) -> None:
        if not events:
            return
        self.history.extend(events)
        # the decisions changed: controls built for the old ones must not be clicked
        self.widgets, self.banner, self.menu = [], None, None
        self.armed = None
        if self.drag is not None:
            self._cancel_drag()
        self.press = None
        vis = [e for e in events if self.visible(e)]
        after = self.view_of(self.viewer)
        for ev in vis:
            entry = self.log_entry(ev)
            if entry:
                self.step(lambda entry=entry: (self.log.add(entry), 0.0)[1])
            self.animate(ev)
        self.step(lambda: (self._sync(after), 0.0)[1])
        self._controls_key = None

    def busy(self) -> bool:
        return self.anim.busy()

    def help_lines(self) -> list[tuple[str, str]]:
        lines = [(ts("key_drag"), ts("help_drag")), (ts("key_right"), ts("help_right")),
                 (ts("key_space"), ts("help_zoom")), (ts("key_alt"), ts("help_alt")),
                 (ts("key_h"), ts("help_hide")), (ts("key_undo"), ts("help_undo")),
                 (ts("key_esc"), ts("help_escape"))]
        return lines + self.extra_help()

    # ======================================================================
    # helpers for games
    # ======================================================================
    def visible(self, ev) -> bool:
        """Visible to the viewer, and not the public twin of a private event the
        viewer already sees in full (data["private"] == viewer, or the viewer is in
        data["private_twin_for"])."""
        if not ev.visible_to(self.viewer):
            return False
        if ev.to is None and self.viewer is not None:
            if ev.data.get("private") == self.viewer:
                return False
            twin = ev.data.get("private_twin_for")          # the same, for several seats
            if twin and self.viewer in twin:
                return False
        return True

    def sprite_of(self, key, prefix=None):
        """The sprite showing card `key` (in zones whose id starts with `prefix`), or None."""
        for z in self.zones.values():
            if prefix is None or str(z.id).startswith(prefix):
                for sp in z.cards:
                    if sp.key == key:
                        return sp
        return None

    @staticmethod
    def card_rect(center, size) -> pygame.Rect:
        r = pygame.Rect(0, 0, *size)
        r.center = center
        return r

    # -- seats ---------------------------------------------------------------------
    def name(self, seat) -> str:
        if not isinstance(seat, int) or not 0 <= seat < len(self.match.seats):
            return "?"
        return self.match.seats[seat].name

    @property
    def colorblind(self) -> bool:
        return bool(getattr(self.ctx.settings, "colorblind", False))

    def scol(self, seat) -> tuple:
        """A seat's colour (colour-blind safe when asked); every seat also has its marker."""
        return seat_color(seat, self.colorblind)

    @property
    def me(self) -> int:
        """The seat at the bottom of the table: the viewer, or seat 0 for a spectator."""
        return self.viewer if self.viewer is not None else 0

    def others(self) -> list[int]:
        """The other seats, clockwise after `me`."""
        n = len(self.match.seats)
        return [(self.me + i) % n for i in range(1, n)]

    def is_human_viewer(self) -> bool:
        v = self.viewer
        return v is not None and 0 <= v < len(self.match.seats) and self.match.seats[v].is_human

    # -- geometry: a 1920×1080 design scaled into the table's size ----------------------
    def geo(self):
        """(s, R, P, C, F): the scale, and Rect / point / card size / font size in
        design pixels (1920×1080) mapped into this table's size, letterboxed."""
        W, H = self.size
        s = min(W / 1920, H / 1080)
        ox, oy = (W - 1920 * s) / 2, (H - 1080 * s) / 2

        def R(x, y, w, h):
            return pygame.Rect(int(ox + x * s), int(oy + y * s), max(1, int(w * s)), max(1, int(h * s)))

        def P(x, y):
            return (int(ox + x * s), int(oy + y * s))

        def C(w, h):
            return (max(8, int(w * s)), max(8, int(h * s)))

        def F(px, lo=12):
            return max(lo, int(round(px * s)))
        return s, R, P, C, F

    # -- the chronicle: segments from a template ---------------------------------------
    def card_name(self, key) -> str:
        return str(self.card_spec(key).get("title", key)) if key is not None else "?"

    def segments(self, key: str, params: dict, seats=(), cards=(), words=None, tone=None) -> list:
        """A chronicle line from the template t(key): fields named in `seats` become the
        seat's name in its colour, fields in `cards` a card link (its name; hovering it
        previews the card), `words[field](value)` any other wording, the rest str(value).
        `tone` colours the plain text (e.g. dim for lines only the viewer sees)."""
        template = t(key)
        if template == key:
            return [(key, None)]
        template = resolve_blocks(template, params)     # plural/select blocks: the branch for these params
        try:
            parsed = list(string.Formatter().parse(template))
        except ValueError:
            return [(template, None)]
        plain = (lambda text: (text, None)) if tone is None else (lambda text: (text, None, tone))
        segs = []
        for literal, field, _spec, _conv in parsed:
            if literal:
                segs.append(plain(literal))
            if field is None:
                continue
            val = params.get(field)
            if field in seats and isinstance(val, int):
                segs.append((self.name(val), None, self.scol(val), True))
            elif field in cards and isinstance(val, str):
                segs.append((self.card_name(val), val if self.card_linked(val) else None))
            elif words and field in words and val is not None:
                segs.append(plain(words[field](val)))
            else:
                segs.append(plain(str(val) if val is not None else ""))
        return segs

    def card_linked(self, key) -> bool:
        """Whether a chronicle name of `key` previews a card face."""
        return True

    # -- timed effects: heralds, floaters, showcases -----------------------------------
    def herald(self, text: str, big: bool = True, color=style.GOLD_BRIGHT, hold: float = 1.3) -> None:
        """Big words across the table (whose turn, a new phase, the winner)."""
        if self.anim.instant:
            return
        F = self.geo()[4]
        surf = self.gfx.outlined_text(text, F(54 if big else 38), color, (8, 4, 4), bold=True, serif=True, px=3)
        self.fx.add("herald", surf, hold, keep=2, drop_older=0.2)

    def floater(self, text: str, pos, color, seconds: float = 1.4) -> None:
        """Words that rise from a point and fade (+2 Suspicion, Success)."""
        if self.anim.instant:
            return
        F = self.geo()[4]
        surf = self.gfx.outlined_text(text, F(30), color, (10, 4, 4), bold=True, px=2)
        self.fx.add("floater", (surf, pos[0], pos[1]), seconds)

    def showcase(self, key, caption: str, seconds: float = 1.9) -> None:
        """One card shown large over a dimmed table, with a caption (a reveal)."""
        if self.anim.instant:
            return
        F = self.geo()[4]
        cap = self.gfx.outlined_text(caption, F(30), style.GOLD_BRIGHT, (8, 4, 4), bold=True, serif=True, px=2)
        self.fx.add("showcase", (key, cap), seconds, keep=1)

    def herald_at(self) -> tuple:
        """Where heralds stack down from (a game puts them where the table is free)."""
        return (self.size[0] // 2, int(self.size[1] * 0.35))

    def showcase_at(self) -> tuple:
        """(centre, card size) of a showcased card."""
        s, R, P, C, F = self.geo()
        return P(960, 420), C(260, 364)

    def _draw_effects(self, surface) -> None:
        fx = self.fx
        if not fx.items:
            return
        s = self.geo()[0]
        for f in fx.of("floater"):
            img, x, y = f.data
            a = f.fade(0.0, 0.4)
            if a < 1:
                img = img.copy()
                img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(int(x), int(y - 50 * s * f.progress))))
        for f in fx.of("showcase"):
            key, cap = f.data
            (cx, cy), size = self.showcase_at()
            face = self.cards.face(key, size)
            k = f.fade(0.25, 0.3)
            dim = self.gfx.cached(("fx_dim", self.size), lambda: pygame.Surface(self.size, pygame.SRCALPHA))
            dim.fill((0, 0, 0, int(150 * k)))
            surface.blit(dim, (0, 0))
            img = face if k >= 1 else pygame.transform.smoothscale(
                face, (max(2, int(size[0] * (0.7 + 0.3 * k))), max(2, int(size[1] * (0.7 + 0.3 * k)))))
            sh = self.gfx.shadow(img.get_width(), img.get_height(), 16, 16, 200)
            surface.blit(sh, (cx - img.get_width() // 2 - 10, cy - img.get_height() // 2 - 6))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            surface.blit(cap, cap.get_rect(midtop=(cx, cy + size[1] // 2 + int(14 * s))))
        x, y = self.herald_at()
        for h in fx.of("herald"):
            img = h.data
            a = h.fade(0.2, 0.45)
            if a < 1:
                img = img.copy()
                img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(x, y)))
            y += img.get_height() + int(6 * s)

    def _countdown_tick(self) -> None:
        """A tick each of the last three seconds of the viewer's timed decision."""
        if self.anim.busy() or not self.is_human_viewer():
            return
        d = next((d for d in self.my_decisions() if d.timeout), None)
        left = self.time_left(d) if d is not None else None
        if left is not None and 0 < left <= 3.0:
            sec = int(left + 0.999)
            if sec != self._tick_sec:
                self._tick_sec = sec
                self.sound("timer_tick")
        else:
            self._tick_sec = None

    # -- drawing helpers for games ---------------------------------------------------------
    def board_panel(self, bg, r, top, bottom, edge, cobbles: bool = False) -> None:
        """A board area on the background: shadow, a vertical gradient over felt, optional
        cobbles, a rounded edge with an inner line."""
        s = self.geo()[0]
        rad = int(14 * s)
        sh = self.gfx.shadow(r.width, r.height, rad, int(12 * s), 150)
        bg.blit(sh, (r.left - int(12 * s) + int(3 * s), r.top - int(12 * s) + int(6 * s)))
        surf = pygame.Surface(r.size, pygame.SRCALPHA)
        for y in range(r.height):
            pygame.draw.line(surf, style.lerp_color(top, bottom, y / max(1, r.height - 1)), (0, y), (r.width, y))
        try:
            noise = self.ctx.assets.tiled("table_felt", r.size).copy()
            noise.fill((70, 70, 70), special_flags=pygame.BLEND_RGB_SUB)
            surf.blit(noise, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        except Exception:
            pass
        if cobbles:
            cw, ch = int(46 * s), int(26 * s)
            for row, yy in enumerate(range(0, r.height, ch)):
                for xx in range(-((row % 2) * cw // 2), r.width, cw):
                    cell = pygame.Rect(xx + 2, yy + 2, cw - 4, ch - 4)
                    pygame.draw.rect(surf, (255, 255, 255, 7), cell, border_radius=int(8 * s))
                    pygame.draw.rect(surf, (0, 0, 0, 40), cell, 1, border_radius=int(8 * s))
        mask = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad)
        surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        bg.blit(surf, r.topleft)
        pygame.draw.rect(bg, edge, r, max(2, int(2 * s)), border_radius=rad)
        pygame.draw.rect(bg, style.lerp_color(edge, (0, 0, 0), 0.5), r.inflate(-int(10 * s), -int(10 * s)), 1,
                         border_radius=max(2, rad - int(4 * s)))

    def panel_header(self, bg, r, icon: str, text: str, color) -> None:
        """Icon + title in a board area's top-left corner."""
        s, R, P, C, F = self.geo()
        ic = self.gfx.icon(icon, F(24), color)
        bg.blit(ic, (r.left + int(14 * s), r.top + int(10 * s)))
        lab = self.gfx.text(text, F(21), color, bold=True, serif=True)
        bg.blit(lab, lab.get_rect(midleft=(r.left + int(22 * s) + ic.get_width(), r.top + int(10 * s) + ic.get_height() // 2)))

    @staticmethod
    def chevron(surf, c, r: int, color) -> None:
        """A ">" pointing right (a track's direction)."""
        x, y = c
        pygame.draw.lines(surf, color, False, [(x - r // 2, y - r), (x + r // 2, y), (x - r // 2, y + r)], max(2, r // 4))

    def glow_around(self, surf, rects, color=style.HIGHLIGHT, speed: float = 3.2, pad: int = 12,
                    dashed: bool = False, base: int = 110, swing: int = 120) -> None:
        """A pulsing glow round each rect (the active seat, the legal targets)."""
        s = self.geo()[0]
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * speed)
        sp_ = int(10 * s)
        for r in rects:
            rr = r.inflate(int(pad * s), int(pad * s))
            gl = self.gfx.glow_rect(rr.width, rr.height, color, int(12 * s), sp_, dashed=dashed)
            gl.set_alpha(int(base + swing * pulse))
            surf.blit(gl, (rr.left - sp_, rr.top - sp_))
            gl.set_alpha(None)

    def draw_prompt(self, surf, area, prompt) -> None:
        """(title, subtitle, icon) at the top of `area`: what the table is asking or showing."""
        if not prompt:
            return
        s, R, P, C, F = self.geo()
        g = self.gfx
        title, sub, icon = prompt
        ts_ = g.fit_text(title or "", F(27), area.width - int(120 * s), style.TEXT, bold=True, serif=True)
        x, top = area.centerx, area.top + int(14 * s)
        ic = g.icon(icon, F(30), style.GOLD) if icon else None
        wsum = (ic.get_width() + int(10 * s) if ic else 0) + ts_.get_width()
        if ic:
            surf.blit(ic, ic.get_rect(midleft=(x - wsum // 2, top + ts_.get_height() // 2)))
        surf.blit(ts_, ts_.get_rect(midright=(x + wsum // 2, top + ts_.get_height() // 2)))
        if sub:
            ss = g.text_block(sub, F(18), area.width - int(60 * s), style.TEXT_DIM, align="center", max_lines=2)
            surf.blit(ss, ss.get_rect(midtop=(x, top + ts_.get_height() + int(4 * s))))

    def plaque(self, head: str, line: str, ok) -> pygame.Surface:
        """A result in words: a small head and a ✓/✗ word (ok None: none), a big line."""
        s, R, P, C, F = self.geo()
        g = self.gfx

        def make():
            col = style.TEXT_DIM if ok is None else (style.good(self.ctx.settings) if ok else style.bad(self.ctx.settings))
            word = "" if ok is None else ("✓ " + ts("success") if ok else "✗ " + ts("failure"))
            hs = g.fit_text(head, F(17), int(400 * s), style.TEXT_DIM, serif=True, min_size=12)
            ws = g.text(word, F(18), col, bold=True) if word else None
            txt = g.fit_text(line, F(23), int(560 * s), style.TEXT, bold=True, serif=True, min_size=14)
            top_w = hs.get_width() + ((ws.get_width() + int(14 * s)) if ws else 0)
            w = max(top_w, txt.get_width()) + int(32 * s)
            h = hs.get_height() + txt.get_height() + int(16 * s)
            p = pygame.Surface((w, h), pygame.SRCALPHA)
            p.blit(g.panel(w, h, fill=(16, 12, 12), border=col if ok is not None else style.GOLD_DEEP,
                           radius=int(10 * s), alpha=235), (0, 0))
            x = (w - top_w) // 2
            p.blit(hs, (x, int(6 * s)))
            if ws:
                p.blit(ws, ws.get_rect(midleft=(x + hs.get_width() + int(14 * s), int(6 * s) + hs.get_height() // 2)))
            p.blit(txt, txt.get_rect(midtop=(w // 2, int(8 * s) + hs.get_height())))
            return p
        return g.cached(("kit_plaque", head, line, ok, s, self.colorblind), make)

    def score_table(self, size, heads: list, rows: list, winners) -> pygame.Surface:
        """The final reckoning: one row per seat (marker, name, a trophy for winners) and a
        column per head, the last one (the total) emphasised."""
        s, R, P, C, F = self.geo()
        g = self.gfx
        key = ("kit_scores", size, tuple(heads), tuple(map(tuple, rows)), tuple(winners), s, self.colorblind)

        def make():
            w, h = size
            p = pygame.Surface((w, h), pygame.SRCALPHA)
            n = len(heads)
            cols = [int(w * f) for f in (0.03, 0.39, 0.575, 0.76, 0.92)[:n + 1]]
            for x, hd in zip(cols[1:], heads):
                hs = g.fit_text(hd, F(16), int(w * 0.18), style.TEXT_DIM, bold=True, min_size=11)
                p.blit(hs, hs.get_rect(midtop=(x, 0)))
            y = int(26 * s)
            lh = max(int(30 * s), (h - y) // max(1, len(rows)))
            for seat, vals in enumerate(rows):
                cy = y + lh * seat + lh // 2
                win = seat in winners
                if win:
                    pygame.draw.rect(p, (70, 50, 20), pygame.Rect(0, cy - lh // 2 + 2, w, lh - 4), border_radius=int(8 * s))
                mk = seat_marker_surface(g, seat, int(9 * s), self.colorblind)
                p.blit(mk, mk.get_rect(midleft=(cols[0] - int(6 * s), cy)))
                nm = g.fit_text(self.name(seat), F(21), int(w * 0.28), style.GOLD_BRIGHT if win else style.TEXT,
                                bold=True, serif=True, min_size=12)
                p.blit(nm, nm.get_rect(midleft=(cols[0] + int(18 * s), cy)))
                if win:
                    ic = g.icon("trophy", F(22), style.GOLD_BRIGHT)
                    p.blit(ic, ic.get_rect(midleft=(cols[0] + int(24 * s) + nm.get_width(), cy)))
                for i, (x, v) in enumerate(zip(cols[1:], vals)):
                    last = i == n - 1
                    vs = g.text(v, F(26 if last else 22), style.GOLD_BRIGHT if last else style.TEXT, bold=last, serif=True)
                    p.blit(vs, vs.get_rect(center=(x, cy)))
            return p
        return g.cached(key, make)

    def reference_panel(self, size, heading: str, sections: list, hint: str) -> pygame.Surface:
        """A parchment card of rules at a glance: a heading, (icon, text) sections, a hint."""
        s, R, P, C, F = self.geo()
        g = self.gfx
        w, h = size

        def make():
            p = pygame.Surface(size, pygame.SRCALPHA)
            p.blit(g.panel(w, h, fill=(40, 30, 22), border=style.GOLD, radius=int(16 * s), alpha=250,
                           inner=style.GOLD_DEEP), (0, 0))
            try:
                par = self.ctx.assets.tiled("parchment", (w - int(24 * s), h - int(24 * s)), (150, 130, 110)).copy()
                par.set_alpha(60)
                p.blit(par, (int(12 * s), int(12 * s)))
            except Exception:
                pass
            head = g.text(heading, F(32), style.GOLD_BRIGHT, bold=True, serif=True)
            p.blit(head, head.get_rect(midtop=(w // 2, int(20 * s))))
            y = int(30 * s) + head.get_height()
            for icon, text in sections:
                ic = g.icon(icon, F(34), style.GOLD)
                p.blit(ic, (int(30 * s), y + int(4 * s)))
                block = g.text_block(text, F(21), w - int(120 * s), style.TEXT, align="left")
                p.blit(block, (int(80 * s), y))
                y += max(block.get_height(), ic.get_height()) + int(20 * s)
            tip = g.text(hint, F(16), style.TEXT_DIM)
            p.blit(tip, tip.get_rect(midbottom=(w // 2, h - int(12 * s))))
            return p
        return g.cached(("kit_reference", size, heading, tuple(sections), hint), make)

    def token_image(self, icon: str, size: int, hover: bool = False, kind: str = "pawn",
                    fill=(70, 20, 30)) -> pygame.Surface:
        """A piece's picture, cached: a "pawn" (a dark disc with a gold ring and an icon) or a
        "coin" (the kit's gold coin); glowing when hovered (a TokenChip's two images)."""
        def make():
            base = self.coin(icon, size, style.GOLD) if kind == "coin" else None
            w = (base.get_width() if base is not None else size) + 8
            surf = pygame.Surface((w, w), pygame.SRCALPHA)
            c = w // 2
            if hover:
                surf.blit(radial_glow(c, style.GOLD_BRIGHT, 150), (0, 0))
            if base is not None:
                surf.blit(base, base.get_rect(center=(c, c)))
                return surf
            pygame.draw.circle(surf, (0, 0, 0, 120), (c + 2, c + 4), size // 2)
            pygame.draw.circle(surf, (22, 16, 20), (c, c), size // 2)
            pygame.draw.circle(surf, fill, (c, c), size // 2 - 3)
            pygame.draw.circle(surf, style.GOLD_BRIGHT if hover else style.GOLD, (c, c), size // 2, max(2, size // 18))
            ic = self.gfx.icon(icon, int(size * 0.66), (246, 230, 196))
            surf.blit(ic, ic.get_rect(center=(c, c + 1)))
            return surf
        return self.gfx.cached(("kit_token", icon, size, hover, kind, fill), make)

    # -- idle warm-up of faces ------------------------------------------------------------
    def warm_later(self, items) -> None:
        """Queue (key, size) faces to render in idle frames (3 ms a frame at most)."""
        self._warm_queue.extend(items)

    def _warm_some(self, budget: float = 0.003) -> None:
        t0 = time.perf_counter()
        while self._warm_queue and time.perf_counter() - t0 < budget:
            key, size = self._warm_queue.pop(0)
            self.cards.face(key, size)

    # -- moves several at once, a hop along a track, a shuffle -----------------------------
    def move_together(self, moves, duration: float = 0.55, stagger: float = 0.05, sound: str = "card_slide") -> None:
        """Several cards ((src, dst, key) each) glide together, rightmost first, flipping
        face up on the way (the Street sliding on, a deal of many)."""
        def run():
            moved = []
            for src, dst, key in moves:
                zs, zd = self.zones.get(src), self.zones.get(dst)
                if zd is None:
                    continue
                sp = self.take_sprite(zs, key)
                if sp is None:
                    sp = self.new_sprite(key, zd, zs.rect.center if zs else zd.rect.center)
                    sp.face_up = False
                sp.key = key
                zd.cards.append(sp)
                sp.zone = zd.id
                moved.append((sp, zd))
            moved.sort(key=lambda m: -m[1].rect.centerx)
            for i, (sp, zd) in enumerate(moved):
                x, y, a = zd.place_for(0, 1)
                sp.home = (x, y, a)
                sp.z = 50000 + i
                d = i * stagger
                self.glide(sp, x, y, 0.0, zd.card_size, duration, ease_in_out_cubic, delay=d)
                if not sp.face_up:
                    def flip(_t, sp=sp):
                        self.flip_now(sp, True, 0.26)
                        self.sound("card_flip")
                    self.anim.tween(0.0, flip, linear, delay=d + duration * 0.35)

                def settle(tt, sp=sp, zd=zd):
                    if tt >= 1 and sp in zd.cards:
                        sp.z = zd.z * 1000 + zd.cards.index(sp)
                self.anim.tween(duration, settle, linear, delay=d)
            self.sound(sound)
            return duration + stagger * max(0, len(moved) - 1) + 0.05
        self.step(run)

    def hop_along(self, path: list, apply, per: float = 0.16, hop: float = 16.0) -> float:
        """Tween a piece along `path` (points), hopping `hop` px on each leg; `apply(pos,
        lift)` places it. Returns the duration."""
        segs = max(1, len(path) - 1)

        def tick(tt):
            f = min(segs - 1e-9, tt * segs)
            j = int(f)
            u = f - j
            (x0, y0), (x1, y1) = path[j], path[min(j + 1, len(path) - 1)]
            e = ease_in_out_sine(u)
            if tt >= 1:
                apply(path[-1], 0.0)
            else:
                apply((x0 + (x1 - x0) * e, y0 + (y1 - y0) * e), math.sin(math.pi * u) * hop)
        self.anim.tween(per * segs, tick, linear)
        return per * segs

    def shuffle_into(self, pile: str, deck: str) -> float:
        """A discard pile gathered face down into its deck (a reshuffle)."""
        zs, zd = self.zones.get(pile), self.zones.get(deck)
        if zs is None or zd is None:
            return 0.0
        for sp in list(zs.cards):
            zs.cards.remove(sp)
            sp.key = None
            zd.cards.append(sp)
            sp.zone = zd.id
        self.layout(zd.id, 0.45, ease_in_out_cubic)
        self.sound("shuffle")
        return 0.5

    def add_zone(self, zone: Zone) -> Zone:
        self.zones[zone.id] = zone
        return zone

    def add_tokens(self, stack: TokenStack) -> TokenStack:
        self.tokens[stack.id] = stack
        return stack

    def new_sprite(self, key, zone: Zone | None, pos=None) -> CardSprite:
        self._uid += 1
        size = zone.card_size if zone is not None else (120, 168)
        sp = CardSprite(self._uid, key, False, pos or (zone.rect.center if zone else (0, 0)), size, zone.id if zone else None)
        sp.face_up = self.face_shown(sp, zone)
        self.sprites.append(sp)
        return sp

    def sound(self, name: str, volume: float | None = None) -> None:
        snd = self.ctx.sound
        if snd is not None and not self._building:
            try:
                snd.play(name) if volume is None else snd.play(name, volume)
            except Exception:
                pass

    def step(self, fn, hold: float | None = None) -> None:
        """Queue a step: fn() runs when the previous steps are done; it returns the
        seconds to hold (or None to wait for its tweens)."""
        if hold is None:
            self.anim.enqueue(fn)
        else:
            self.anim.enqueue(lambda: (fn(), hold)[1])

    def say(self, text: str, seconds: float = 2.4) -> None:
        """A toast now (not queued)."""
        self.toasts.append([text, seconds])
        self.toasts = self.toasts[-3:]

    def refresh_controls(self) -> None:
        self._local_rev += 1
        self._controls_key = None

    def time_left(self, decision):
        try:
            return self.match.time_left(decision)
        except Exception:
            return None

    def _clock_running(self) -> bool:
        """The viewer holds a timed decision: its clock runs whatever the table is animating,
        so its controls are up at once (a bid while the next card glides in)."""
        if not self.is_human_viewer():
            return False
        deadlines = self.match.deadlines
        return any(d.timeout and deadlines.get(d.clock_key) is not None for d in self.my_decisions())

    def my_decisions(self) -> list:
        if self.viewer is None or self.match.over:
            return []
        return self.match.decisions_for(self.viewer)

    def coin(self, icon: str, size: int, color=style.GOLD) -> pygame.Surface:
        """A coin/token face: a gold disc with an embossed icon (cached)."""
        def make():
            s = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            c = (size + 4) // 2
            pygame.draw.circle(s, (0, 0, 0, 90), (c + 1, c + 2), size // 2)
            pygame.draw.circle(s, style.lerp_color(color, (0, 0, 0), 0.35), (c, c), size // 2)
            pygame.draw.circle(s, color, (c, c - 1), size // 2 - 1)
            pygame.draw.circle(s, style.lerp_color(color, (255, 255, 255), 0.35), (c, c - 1), size // 2 - 1, 2)
            pygame.draw.circle(s, style.lerp_color(color, (0, 0, 0), 0.3), (c, c - 1), size // 2 - 5, 1)
            ic = self.gfx.icon(icon, int(size * 0.58), style.lerp_color(color, (60, 30, 0), 0.6))
            s.blit(ic, ic.get_rect(center=(c, c - 1)))
            return s
        return self.gfx.cached(("coin", icon, size, color), make)

    # -- zone / sprite motion ---------------------------------------------------------
    def layout(self, zid=None, duration: float = GLIDE, ease=ease_out_cubic) -> None:
        """Glide the cards of one zone (or all) to their slots."""
        zones = [self.zones[zid]] if zid is not None and zid in self.zones else \
            (list(self.zones.values()) if zid is None else [])
        for z in zones:
            n = len(z.cards)
            slots = z.slots(n)
            for i, sp in enumerate(z.cards):
                x, y, a = slots[i] if i < len(slots) else z.rect.center + (0,)
                sp.z = z.z * 1000 + i
                sp.hidden = isinstance(z, Stack) and i < n - z.max_visible - 1
                sp.home = (x, y, a)
                if sp.dragging:
                    continue
                self.glide(sp, x, y, a, z.card_size, duration, ease)
                want = self.face_shown(sp, z)
                if want != sp.face_up:
                    self.flip_now(sp, want)

    def glide(self, sp: CardSprite, x, y, angle=0.0, size=None, duration=GLIDE, ease=ease_out_cubic,
              delay=0.0) -> None:
        size = size or sp.base_size
        if (abs(sp.x - x) < 0.5 and abs(sp.y - y) < 0.5 and abs(sp.angle - angle) < 0.5
                and (int(sp.w), int(sp.h)) == tuple(size)):
            sp.base_size = tuple(size)
            return
        x0, y0, a0, w0, h0 = sp.x, sp.y, sp.angle, sp.w, sp.h
        sp.base_size = (int(size[0]), int(size[1]))
        w1, h1 = size

        def apply(t, sp=sp):
            sp.x = x0 + (x - x0) * t
            sp.y = y0 + (y - y0) * t
            sp.angle = a0 + (angle - a0) * t
            sp.w = w0 + (w1 - w0) * t
            sp.h = h0 + (h1 - h0) * t
        self.anim.tween(duration, apply, ease, delay=delay, tag=("move", sp.uid))

    def flip_now(self, sp: CardSprite, face_up: bool, duration: float = 0.28) -> None:
        if sp.face_up == face_up:
            return
        sp.face_up = face_up
        sp.flip = 0.0

        def apply(t, sp=sp):
            sp.flip = None if t >= 1 else t
        self.anim.tween(duration, apply, linear, tag=("flip", sp.uid))

    def take_sprite(self, zone: Zone | None, key=None, index=None) -> CardSprite | None:
        if zone is None or not zone.cards:
            return None
        if index is not None and 0 <= index < len(zone.cards):
            return zone.cards.pop(index)
        if key is not None:
            for i in range(len(zone.cards) - 1, -1, -1):
                if zone.cards[i].key == key:
                    return zone.cards.pop(i)
            for i in range(len(zone.cards) - 1, -1, -1):
                if zone.cards[i].key is None:
                    return zone.cards.pop(i)
        return zone.cards.pop()

    def move_card(self, src, dst, key=None, index=None, to_index=None, duration: float = 0.5,
                  sound: str | None = "card_slide", hold: float | None = None, origin=None) -> None:
        """Queue: a card glides from zone `src` to zone `dst` (flipping if its shown
        side changes). Unknown src/dst zones are off-table points (origin or centre)."""
        def run():
            zs, zd = self.zones.get(src), self.zones.get(dst)
            sp = self.take_sprite(zs, key, index)
            if sp is None:
                start = origin or (zs.rect.center if zs is not None else (self.size[0] // 2, -120))
                sp = self.new_sprite(key, zd or zs, start)
                sp.face_up = False
            if key is not None:
                sp.key = key
            if zd is None:
                # leaving the table: glide to the origin / top and fade
                tx, ty = origin or (self.size[0] // 2, -150)
                self.glide(sp, tx, ty, 0, sp.base_size, duration, ease_in_out_cubic)

                def fade(t, sp=sp):
                    sp.alpha = int(255 * (1 - t))
                    if t >= 1 and sp in self.sprites:
                        self.sprites.remove(sp)
                self.anim.tween(duration, fade, linear, tag=("fade", sp.uid))
            else:
                pos = len(zd.cards) if to_index is None else max(0, min(to_index, len(zd.cards)))
                zd.cards.insert(pos, sp)
                sp.zone = zd.id
                sp.z = 50000
            if zs is not None:
                self.layout(zs.id, duration * 0.7)
            if zd is not None:
                self.layout(zd.id, duration, ease_in_out_cubic)
                sp.z = 50000 + len(self.sprites)

                def settle(t, sp=sp, zd=zd):
                    if t >= 1 and sp in zd.cards:
                        sp.z = zd.z * 1000 + zd.cards.index(sp)
                self.anim.tween(duration, settle, linear)
            if sound:
                self.sound(sound)
            return hold if hold is not None else duration * 0.75
        self.anim.enqueue(run)

    def flip_card(self, zid, index=-1, key=None, face_up=True, duration=0.3) -> None:
        def run():
            z = self.zones.get(zid)
            if z is None or not z.cards:
                return 0.0
            sp = z.cards[index]
            if key is not None:
                sp.key = key
            self.flip_now(sp, face_up, duration)
            self.sound("card_flip")
            return duration
        self.anim.enqueue(run)

    # A card shown to everyone (a proof, a reveal) stays up long enough to read at normal
    # speed (issue 12 item 6: ≥ 1.5 s); the animation-speed setting scales it like any tween.
    REVEAL_HOLD = 1.6

    def reveal_card(self, zid, key, index=None, hold: float = REVEAL_HOLD, sound="reveal", scale: float = 1.3,
                    toward=None, frac: float = 0.3) -> None:
        """Queue: a card of `zid` (the one with `key`, else an unknown one) lifts,
        grows and turns face up for `hold` seconds, then settles back face up (it is
        public now); the next sync decides what the viewer keeps seeing."""
        def run():
            z = self.zones.get(zid)
            if z is None or not z.cards:
                return 0.0
            sp = z.cards[index] if index is not None and 0 <= index < len(z.cards) else None
            if sp is None:
                sp = next((c for c in reversed(z.cards) if c.key == key), None) or \
                    next((c for c in reversed(z.cards) if c.key is None), None) or z.cards[-1]
            sp.key = key
            sp.z = 60000
            x, y, a = sp.home
            bw, bh = z.card_size
            big = (int(bw * scale), int(bh * scale))
            if toward is not None:
                tx, ty = x + (toward[0] - x) * frac, y + (toward[1] - y) * frac
            else:
                tx, ty = x, y - bh * 0.3
            self.glide(sp, tx, ty, 0, big, 0.3, ease_out_back)
            self.flip_now(sp, True, 0.3)

            def back(t, sp=sp, z=z):
                if t >= 1:
                    self.layout(z.id, 0.3)
            self.anim.tween(hold, back, linear, delay=0.3, tag=("reveal", sp.uid))
            if sound:
                self.sound(sound)
            return hold + 0.45
        self.anim.enqueue(run)

    def fly_tokens(self, src, dst, amount: int, icon: str = "ducat", size: int = 30,
                   color=style.GOLD, duration: float = 0.55, final: int | None = None,
                   src_final: int | None = None, sound: str = "coin", dst_start: int | None = None) -> None:
        """Queue: `amount` tokens fly from src to dst (TokenStack ids or (x, y) points).
        Counts change coin by coin (leaving, landing), ending at `src_final` / `final`;
        `dst_start` first sets the destination's count (so it never overshoots)."""
        def run():
            s = self.tokens.get(src) if not (isinstance(src, tuple) and len(src) == 2
                                              and all(isinstance(v, (int, float)) for v in src)) else None
            d = self.tokens.get(dst) if not (isinstance(dst, tuple) and len(dst) == 2
                                              and all(isinstance(v, (int, float)) for v in dst)) else None
            if d is not None and dst_start is not None and not getattr(d, "infinite", False):
                d.count = max(0, dst_start)
            p0 = s.top() if s is not None else src
            p1 = d.top() if d is not None else dst
            n = max(0, int(amount))
            shown = min(n, 8)
            if shown == 0:
                if d is not None and final is not None:
                    d.count = final
                if s is not None and src_final is not None:
                    s.count = src_final
                return 0.0
            per = [n // shown + (1 if i < n % shown else 0) for i in range(shown)]
            img = self.coin(icon, size, color)
            stagger = 0.07
            for i in range(shown):
                f = Flyer(img)
                self.flyers.append(f)
                lift = 80 + 30 * self.rng.random()
                jitter = (self.rng.uniform(-10, 10), self.rng.uniform(-6, 6))
                state = {"left": False}

                def apply(t, f=f, k=per[i], last=(i == shown - 1), j=jitter, lift=lift, state=state):
                    if not state["left"]:
                        state["left"] = True
                        if s is not None and not getattr(s, "infinite", False):
                            s.count = max(0, s.count - k)
                    mx = (p0[0] + p1[0]) / 2 + j[0]
                    my = min(p0[1], p1[1]) - lift
                    u = 1 - t
                    f.x = u * u * p0[0] + 2 * u * t * mx + t * t * (p1[0] + j[0] * 0.3)
                    f.y = u * u * p0[1] + 2 * u * t * my + t * t * (p1[1] + j[1] * 0.3)
                    if t >= 1 and f.alive:
                        f.alive = False
                        if d is not None:
                            if not getattr(d, "infinite", False):
                                d.count += k
                            d.pulse = 1.0
                            if last and final is not None:
                                d.count = final
                        if last and s is not None and src_final is not None:
                            s.count = src_final
                        self.sound(sound)
                self.anim.tween(duration, apply, ease_in_out_cubic, delay=i * stagger)
            return duration * 0.8 + stagger * (shown - 1)
        self.anim.enqueue(run)

    def set_count(self, tid, value: int) -> None:
        def run():
            t = self.tokens.get(tid)
            if t is not None:
                t.count = value
            return 0.0
        self.anim.enqueue(run)

    def roll_dice(self, dice: list[DieSprite], faces: list, to: list | None = None,
                  duration: float = 0.95) -> None:
        """Queue: the dice tumble (from where they are) and land on `faces`."""
        def run():
            for i, (die, face) in enumerate(zip(dice, faces)):
                dest = to[i] if to else (die.home[0] + self.rng.uniform(-30, 30), die.home[1] + self.rng.uniform(-20, 20))
                die.roll(self.anim, face, dest, duration + 0.08 * i, self.sound if i == 0 else None, self.rng)
            return duration + 0.08 * (len(dice) - 1) + 0.1
        self.anim.enqueue(run)

    # ======================================================================
    # syncing the shown table with the view
    # ======================================================================
    def _sync(self, view, instant: bool = False) -> None:
        self.view = view
        want = self.zone_cards(view)
        for zid, keys in want.items():
            z = self.zones.get(zid)
            if z is None:
                continue
            cur = z.cards
            # reuse sprites whose key matches first, then any
            new_list = []
            pool = list(cur)
            for key in keys:
                sp = next((c for c in pool if c.key == key), None)
                if sp is None:
                    sp = next((c for c in pool if c.key is None or key is None), None)
                if sp is not None:
                    pool.remove(sp)
                    sp.key = key
                else:
                    start = z.place_for(len(new_list), len(keys))
                    sp = self.new_sprite(key, z, (start[0], start[1]))
                    sp.base_size = z.card_size
                    sp.w, sp.h = z.card_size
                    if not instant:
                        sp.alpha = 0

                        def fade(t, sp=sp):
                            sp.alpha = int(255 * t)
                        self.anim.tween(0.3, fade, linear, tag=("fade", sp.uid))
                sp.zone = zid
                new_list.append(sp)
            for sp in pool:
                if sp in self.sprites:
                    self.sprites.remove(sp)
            z.cards[:] = new_list
        if instant:
            for z in self.zones.values():
                slots = z.slots(len(z.cards))
                for i, sp in enumerate(z.cards):
                    x, y, a = slots[i]
                    sp.x, sp.y, sp.angle = x, y, a
                    sp.w, sp.h = z.card_size
                    sp.base_size = z.card_size
                    sp.z = z.z * 1000 + i
                    sp.home = (x, y, a)
                    sp.face_up = self.face_shown(sp, z)
                    sp.flip = None
                    sp.hidden = isinstance(z, Stack) and i < len(z.cards) - z.max_visible - 1
        else:
            self.layout()
        # stray sprites (left the table) that are not fading: drop
        zoned = {sp.uid for z in self.zones.values() for sp in z.cards}
        self.sprites = [sp for sp in self.sprites if sp.uid in zoned or sp.alpha < 255]
        for tid, n in self.token_counts(view).items():
            t = self.tokens.get(tid)
            if t is not None:
                t.count = n
        self._controls_key = None

    def _rebuild_log(self) -> None:
        self.log.clear()
        self.log._entry_cache.clear()
        if not self.history:
            self.history = self._replay_events()
        for ev in self.history:
            if self.visible(ev):
                entry = self.log_entry(ev)
                if entry:
                    self.log.add(entry)

    def _replay_events(self) -> list:
        """The events of the game so far (what setup showed, then every action), replayed
        on a scratch copy: a new table, or a game resumed from a save, starts with its
        chronicle. Only events visible to the viewer are ever shown."""
        m = self.match
        try:
            rules = m.rules
            state = rules.setup(len(m.seats), m.options, m.seed)
            opening = getattr(rules, "opening_events", None)
            out = list(opening(state)) if opening is not None else []
            for seat, action in m.log:
                out += rules.apply(state, seat, action)
            return out
        except Exception:
            return []

    # ======================================================================
    # controls
    # ======================================================================
    def _controls_state(self):
        return (len(self.match.log), self.viewer, self.match.over, self._local_rev, id(self.match.decisions()))

    def _refresh_controls(self) -> None:
        key = self._controls_state()
        if key == self._controls_key:
            return
        moved_on = (key[0], key[4]) != self._last_state     # the game itself moved on
        self._last_state = (key[0], key[4])
        self._controls_key = key
        before = self._last_rects if moved_on else []
        widgets, banner = self.controls()
        self.widgets = widgets or []
        self.banner = Banner(banner, self) if banner is not None else None
        self.tip_hidden = True                  # the controls changed: no stale tooltip over them
        self.guard = {}
        # the game moved on (a new decision, another card for sale): a control now where
        # another was, under the pointer, waits a moment so a click meant for the old one
        # never lands on the new one
        for b in self._all_buttons():
            r = getattr(b, "rect", None)
            if r is not None and r.collidepoint(self.pointer) and any(_overlap(r, old) > 0.5 for old in before):
                self.guard[id(b)] = INPUT_GUARD
        rects = [b.rect.copy() for b in self._all_buttons() if getattr(b, "rect", None) is not None]
        if rects:
            self._last_rects = rects
        if self.armed is not None:
            item = self.armed[0]
            if not self._item_alive(item):
                self.armed = None
            else:
                opts = by_target(self.options_for(item))
                self.armed = (item, opts) if opts else None

    def _item_alive(self, item) -> bool:
        return handle(item).alive(self)

    def interactive(self) -> bool:
        return not self.anim.busy() and not self.match.over

    # ======================================================================
    # input
    # ======================================================================
    def handle_event(self, e) -> bool:
        t = e.type
        if t == pygame.MOUSEMOTION:
            return self._on_motion(e)
        if t == pygame.MOUSEBUTTONDOWN:
            if getattr(e, "button", 1) in (4, 5):
                if self.log.hit(e.pos):
                    self.log.on_wheel(1 if e.button == 4 else -1)
                    return True
                return False
            return self._on_down(e)
        if t == pygame.MOUSEBUTTONUP:
            if getattr(e, "button", 1) in (4, 5):
                return False
            return self._on_up(e)
        if t == pygame.MOUSEWHEEL:
            if self.log.hit(self.pointer):
                self.log.on_wheel(1 if e.y > 0 else -1)
                return True
            return False
        if t == pygame.KEYDOWN:
            return self._on_key(e)
        if t == pygame.KEYUP:
            if e.key in (pygame.K_LALT, pygame.K_RALT):
                self.alt_held = False
                return True
        return False

    def _on_key(self, e) -> bool:
        k = e.key
        mods = getattr(e, "mod", 0)
        if k in (pygame.K_LALT, pygame.K_RALT):
            self.alt_held = True
            return True
        if k == pygame.K_SPACE:
            self.zoom_on = not self.zoom_on
            return True
        if k == pygame.K_h and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.hand_hidden = not self.hand_hidden
            for z in self.zones.values():
                if z.private:
                    self.layout(z.id, 0.2)
            return True
        if k == pygame.K_z and mods & pygame.KMOD_CTRL:
            self.request_undo()
            return True
        if k == pygame.K_ESCAPE:
            # Esc closes the topmost thing the table has open, one per press (a menu, then a
            # drag, the zoom, a selection); with nothing open the scene opens its menu
            if self.menu is not None:
                self.menu = None
            elif self.drag is not None:
                self._cancel_drag()
            elif self.zoom_on or self.preview_key is not None:
                self.zoom_on = False
                self.preview_key = None
            elif self.armed and not self.armed_auto:
                self.armed = None
            else:
                return False
            return True
        # hotkeys of visible buttons
        for w in self._all_buttons():
            if getattr(w, "hotkey", None) == k and w.enabled and not self.guarded(w):
                self._activate_button(w)
                return True
        return False

    def request_undo(self) -> None:
        if self.ctx.undo is not None:
            self.ctx.undo()
            return
        m, seat = self.match, self.viewer
        if seat is not None and m.can_undo(seat):
            m.undo(seat)
            self.reload(seat)
            self.sound("card_slide")
        else:
            self.say(ts("nothing_to_undo"))
            self.sound("error")

    def _all_buttons(self):
        out = [b for w in self.widgets for b in handle(w).buttons()]
        if self.banner is not None:
            out += self.banner.spec.buttons
        return out

    def item_at(self, pos):
        """The top-most interactive thing under pos: a thing of the kit's (items.top_down,
        menu first, token stacks last), else a place the game names (targets_at), else a
        target zone."""
        top = top_at(self, pos)
        if top is not None:
            return top.obj
        for tid in self.targets_at(pos):
            return Target(tid)
        for z in self.zones.values():
            if z.target and z.hit(pos):
                return Target(("zone", z.id))
        return None

    def _on_motion(self, e) -> bool:
        pos = e.pos
        self.pointer = pos
        if self.drag is not None:
            d = self.drag
            handle(d["item"]).carry(pos, d["off"])
            d["pos"] = pos
            d["over"] = self._target_under(pos, d["targets"])
            return True
        if self.press is not None:
            item, p0 = self.press
            if math.hypot(pos[0] - p0[0], pos[1] - p0[1]) >= DRAG_THRESHOLD:
                if self._start_drag(item, p0, pos):
                    return True
        if self.menu is not None:
            self.menu.hover = self.menu.index_at(pos)
        new = self.item_at(pos)
        if not self._same(new, self.hover):
            self._set_hover(new)
        self.preview_key = self.log.link_at(pos) if self.log.hit(pos) else None
        return self.hover is not None and handle(self.hover).solid

    @staticmethod
    def _same(item, other) -> bool:
        """The same thing under the pointer (a target is the same place by its id)."""
        return item is other or (item is not None and handle(item).same(other))

    def _set_hover(self, item) -> None:
        old = self.hover
        self.hover = item
        self.hover_time = 0.0
        self.tip_hidden = False
        if old is not None:
            handle(old).hover(self, False)
        if item is not None:
            handle(item).hover(self, True)

    def _on_down(self, e) -> bool:
        pos = e.pos
        self.pointer = pos
        button = getattr(e, "button", 1)
        self.tip_hidden = True
        self.hover_time = 0.0
        if self.menu is not None:
            if self.menu.hit(pos):
                i = self.menu.index_at(pos)
                if i >= 0 and self.menu.items[i][2]:
                    cb = self.menu.items[i][1]
                    self.menu = None
                    self.sound("ui_click")
                    cb()
                return True
            self.menu = None
            if button != 3:
                return True
        item = self.item_at(pos)
        if button == 3:
            return self._open_menu(item, pos)
        if button != 1:
            return False
        if item is None:
            if self.armed is not None:
                self.armed = None
                return True
            return False
        if not handle(item).pressable:          # the chronicle, the banner: theirs
            return True
        self.press = (item, pos)
        return True

    def _on_up(self, e) -> bool:
        pos = e.pos
        self.pointer = pos
        self.hover_time = 0.0
        if getattr(e, "button", 1) != 1:
            return False
        if self.drag is not None:
            self._finish_drag(pos)
            return True
        if self.press is None:
            return False
        item, p0 = self.press
        self.press = None
        if not self._same(item, self.item_at(pos)):
            return True
        self._click(item, pos)
        return True

    # -- clicks ------------------------------------------------------------------------
    def guarded(self, control) -> bool:
        """A control that just took another's place under the pointer: it waits INPUT_GUARD s."""
        return id(control) in self.guard

    def _click(self, item, pos) -> None:
        if self.guarded(item):
            return
        h = handle(item)
        if h.click(self, pos):                  # a button, a picker: their own click
            return
        # armed: a click on one of its targets plays that option
        if self.armed is not None:
            src, opts = self.armed
            tid = self._target_under(pos, opts)
            if tid is not None:
                self.armed = None
                self._play_at(opts[tid], pos)
                return
            if item is src:
                self.armed = None
                return
        if not self.interactive():
            return
        opts = self.options_for(item)
        if not opts:
            self.armed = None
            return
        h.choose(self, opts, pos)

    def _activate_button(self, b) -> None:
        self.sound("ui_click")
        if callable(b.action):
            b.action()
            self.refresh_controls()
        elif b.action is not None:
            self._execute(Option(b.label, b.action, seat=b.seat))

    def _execute(self, opt: Option) -> None:
        self.armed = None
        self.menu = None
        if callable(opt.action):
            opt.action()
            self.refresh_controls()
            return
        seat = opt.seat if opt.seat is not None else self.viewer
        try:
            self.ctx.submit(seat, opt.action)
        except IllegalAction as exc:
            self.say(exc.reason)
            self.sound("error")
        self._controls_key = None

    def _open_menu(self, item, pos) -> bool:
        h = handle(item) if item is not None else None
        if h is None or not h.has_menu:
            return False
        items = []
        opts = self.options_for(item) if self.interactive() else []
        for o in opts:
            label = o.label
            if o.target is not None and not o.label.endswith(self.target_label(o.target)):
                label = f"{o.label} → {self.target_label(o.target)}"
            items.append((label, lambda o=o: self._execute(o), True))
        items += h.menu_extras(self)
        if not items:
            return False
        self.menu = Menu(pos, items, self, h.menu_title(self))
        self.sound("ui_click")
        return True

    def _zoom_lock(self, key) -> None:
        self.zoom_on = True

    # -- drags -------------------------------------------------------------------------
    def _start_drag(self, item, p0, pos) -> bool:
        h = handle(item)
        if not self.interactive() or not h.can_drag():
            return False
        opts = self.options_for(item)
        targets = by_target(opts)
        if not targets:
            return False
        self.press = None
        self.armed = None
        off = h.grab(self, p0, pos)
        self.drag = {"item": item, "targets": targets, "off": off, "over": None, "pos": pos}
        self.sound("card_slide")
        return True

    def _target_under(self, pos, targets: dict):
        best, area = None, None
        for tid in targets:
            r = self.target_rect(tid)
            if r is not None and r.collidepoint(pos):
                a = r.width * r.height
                if area is None or a < area:
                    best, area = tid, a
        return best

    def _finish_drag(self, pos) -> None:
        d = self.drag
        self.drag = None
        item = d["item"]
        tid = self._target_under(pos, d["targets"])
        opts = d["targets"].get(tid) if tid is not None else None
        h = handle(item)
        h.let_go()
        if opts:
            # it stays where it was dropped; the events move it on, or the next sync glides it home
            self._play_at(opts, pos)
            h.played(self)
            return
        h.glide_back(self)

    def _play_at(self, opts: list, pos) -> None:
        """Play the option dropped on a target; several on one target: ask which."""
        if len(opts) == 1:
            self._execute(opts[0])
            return
        items = [(o.label, lambda o=o: self._execute(o), True) for o in opts]
        self.menu = Menu(pos, items, self, self.target_label(opts[0].target))

    def _cancel_drag(self) -> None:
        if self.drag is not None:
            h = handle(self.drag["item"])
            self.drag = None
            h.let_go()
            h.glide_back(self)
        self.press = None

    # ======================================================================
    # frame
    # ======================================================================
    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.pulse_t += dt
        self.hover_time += dt
        if self.flyers:
            self.flyers = [f for f in self.flyers if f.alive]
        for t in self.tokens.values():
            if t.pulse > 0:
                t.pulse = max(0.0, t.pulse - dt * 3)
        if self.toasts:
            for tt in self.toasts:
                tt[1] -= dt
            self.toasts = [tt for tt in self.toasts if tt[1] > 0]
        self.fx.update(dt)
        if self.guard:
            self.guard = {k: v - dt for k, v in self.guard.items() if v - dt > 0}
        self._countdown_tick()
        if self._warm_queue and self.drag is None and not self.anim.busy():
            self._warm_some()
        if not self.anim.busy() or self._clock_running():
            self._refresh_controls()
        elif self.widgets or self.banner:
            # decisions changed under running animations: hide stale controls
            if self._controls_state() != self._controls_key:
                self.widgets, self.banner = [], None
                if self.drag is None:
                    self.armed = None

    def background(self) -> pygame.Surface:
        if self._bg is None:
            self._bg = self.render_background()
        return self._bg

    def static_layer(self) -> pygame.Surface:
        key = (self.static_key(), self.log.version)
        if self._static is None or self._static[0] != key:
            surf = self.background().copy()
            self.draw_static(surf)
            self.log.draw(surf, self)
            self._static = (key, surf)
        return self._static[1]

    def draw(self, surface) -> None:
        surface.blit(self.static_layer(), (0, 0))
        self.draw_board(surface)
        for z in self.zones.values():
            z.draw_under(surface, self)
        for t in self.tokens.values():
            if not getattr(t, "hidden", False):
                t.draw(surface, self)
        self._draw_targets(surface)
        self._draw_sprites(surface)
        for z in self.zones.values():
            z.draw_over(surface, self)
        for d in self.dice:
            d.draw(surface, self.dice_r)
        if self.flyers:
            surface.fblits([(f.img, (int(f.x) - f.img.get_width() // 2, int(f.y) - f.img.get_height() // 2))
                            for f in self.flyers])
        self.draw_overlay(surface)
        self._draw_effects(surface)
        hover = self.hover
        for w in self.widgets:
            handle(w).draw_widget(surface, self, hover)
        if self.armed is not None:
            handle(self.armed[0]).draw_armed(surface, self)
        if self.banner is not None:
            self.banner.draw(surface, self, hover)
        if self.guard:
            self._draw_guards(surface)
        if self.drag is not None:                       # what is carried, over everything
            handle(self.drag["item"]).draw_loose(surface, self, self.drag)
        for w in self.widgets:                          # chips gliding home
            if self.drag is None or self.drag["item"] is not w:
                handle(w).draw_loose(surface, self, None)
        if self.menu is not None:
            self.menu.draw(surface, self)
        self._draw_zoom(surface)
        self._draw_tooltip(surface)
        self._draw_toasts(surface)

    def _draw_sprites(self, surface) -> None:
        order = sorted(self.sprites, key=lambda s: s.z)
        shadows = []
        blits = []
        for sp in order:
            if sp.hidden or sp.alpha <= 0:
                continue
            img = sp.image(self.cards, self.gfx, True)
            cx, cy = int(sp.x), int(sp.y - sp.lift)
            r = img.get_rect(center=(cx, cy))
            if sp.shadow and sp.alpha >= 250:
                up = sp.lift + (16 if sp.dragging else 0) + (10 if sp.z >= 50000 else 0)
                sh = self.gfx.shadow(r.width, r.height, 10, 8, 110)
                shadows.append((sh, (r.x - 8 + 4 + int(up * 0.25), r.y - 8 + 6 + int(up * 0.4))))
            if sp.alpha < 255:
                img = img.copy()
                img.set_alpha(sp.alpha)
            if sp.selected or (self.armed is not None and self.armed[0] is sp):
                g = self.gfx.glow_rect(r.width, r.height, style.GOLD_BRIGHT, 10, 10)
                blits.append((g, (r.x - 10, r.y - 10)))
            blits.append((img, r.topleft))
        # draw shadows of a zone before its cards: sort-stable enough to do all shadows first
        if shadows:
            surface.fblits(shadows)
        if blits:
            surface.fblits(blits)

    def _draw_targets(self, surface) -> None:
        targets = None
        over = None
        if self.drag is not None:
            targets, over = self.drag["targets"], self.drag["over"]
        elif self.armed is not None:
            targets = self.armed[1]
            over = self._target_under(self.pointer, targets)
        if not targets:
            return
        pulse = 0.5 + 0.5 * math.sin(self.pulse_t * 5)
        for tid in targets:
            r = self.target_rect(tid)
            if r is None:
                continue
            hot = tid == over
            g = self.gfx.glow_rect(r.width, r.height, style.GOLD_BRIGHT if hot else style.HIGHLIGHT, 14, 16,
                                   dashed=not hot)
            g.set_alpha(255 if hot else int(150 + 100 * pulse))
            surface.blit(g, (r.x - 16, r.y - 16))
            g.set_alpha(None)
            if hot:
                opt = targets[tid][0]
                lab = self.gfx.badge(opt.hint or opt.label, 18, fill=style.CRIMSON, border=style.GOLD_BRIGHT,
                                     icon=opt.icon)
                surface.blit(lab, self._target_label_rect(lab, r, tid, targets, surface.get_rect()))

    def _target_label_rect(self, lab, r, tid, targets, screen) -> pygame.Rect:
        """Above the target, unless that would sit on another target or off the screen (seats
        packed close, as at seven in Carnevale): then inside the target, so the label never
        floats between two seats and reads as the wrong one's."""
        above = lab.get_rect(midbottom=(r.centerx, r.top - 6))
        others = (self.target_rect(t) for t in targets if t != tid)
        near = above.inflate(0, above.height)          # a label must not touch a neighbour either
        if screen.contains(above) and not any(o is not None and o.colliderect(near) for o in others):
            return above
        inside = lab.get_rect(center=r.center)
        return inside.clamp(screen)

    def zoom_key(self):
        if self.preview_key is not None:
            return self.preview_key, None
        if not (self.zoom_on or self.alt_held) or self.drag is not None:
            return None, None
        key = handle(self.hover).zoom_key() if self.hover is not None else None
        return (key, self.hover) if key is not None else (None, None)

    def _draw_zoom(self, surface) -> None:
        key, sp = self.zoom_key()
        if key is None:
            return
        at = self.zoom_rect(sp)
        if at is None:
            return
        x, y = at.topleft
        img = self.cards.face(key, ZOOM_SIZE)
        sh = self.gfx.shadow(ZOOM_SIZE[0], ZOOM_SIZE[1], 18, 18, 200)
        surface.blit(sh, (x - 18 + 6, y - 18 + 10))
        surface.blit(img, (x, y))

    def _draw_guards(self, surface) -> None:
        """A control still in its input guard is veiled, with a bar running out."""
        for b in self._all_buttons():
            left = self.guard.get(id(b))
            r = getattr(b, "rect", None)
            if left is None or r is None:
                continue
            veil = self.gfx.cached(("guard_veil", r.size), lambda r=r: _veil(r.size))
            surface.blit(veil, r.topleft)
            bar = pygame.Rect(r.left + 6, r.bottom - 6, int((r.width - 12) * left / INPUT_GUARD), 3)
            if bar.width > 0:
                pygame.draw.rect(surface, style.GOLD_BRIGHT, bar, border_radius=1)

    def prompt_rect(self):
        """Where the current prompt is (a game whose prompt is not a banner says where)."""
        return self.banner.rect if self.banner is not None else None

    def zoom_rect(self, sp):
        """Where the zoomed card goes: beside the card (or the pointer), never over an open
        menu or the current prompt; None when no place is free."""
        if self.menu is not None:
            return None
        W, H = self.size
        zw, zh = ZOOM_SIZE
        if sp is not None:
            r = sp.rect()
            cy, xs = r.centery, (r.right + 24, r.left - 24 - zw)
        else:
            (px, cy), xs = self.pointer, (self.pointer[0] - zw - 30, self.pointer[0] + 30)
        avoid = [a for a in (self.prompt_rect(),) if a is not None]
        y0 = max(10, min(H - zh - 10, cy - zh // 2))
        for x in xs:
            for y in (y0, 10, H - zh - 10):
                rect = pygame.Rect(x, y, zw, zh)
                if rect.left >= 10 and rect.right <= W - 10 and not any(rect.colliderect(a) for a in avoid):
                    return rect
        return None

    def _draw_tooltip(self, surface) -> None:
        if self.hover is None or self.hover_time < TOOLTIP_DELAY or self.drag is not None or self.menu is not None \
                or self.tip_hidden:
            return
        tip = self.tooltip_for(self.hover)
        if not tip:
            return
        g = self.gfx
        block = g.text_block(tip, 18, 340, style.TEXT, align="left")
        w, h = block.get_width() + 24, block.get_height() + 16
        bg = g.panel(w, h, fill=(14, 10, 12), border=style.GOLD_DEEP, radius=8, alpha=245)
        x = min(self.pointer[0] + 18, self.size[0] - w - 6)
        y = self.pointer[1] + 24
        if y + h > self.size[1] - 6:
            y = self.pointer[1] - h - 12
        surface.blit(bg, (x, y))
        surface.blit(block, (x + 12, y + 8))

    def toast_at(self) -> tuple:
        """Where toasts stack up from (a game may put them in the acting player's area)."""
        return self.size[0] // 2, self.size[1] - 300

    def _draw_toasts(self, surface) -> None:
        x, y = self.toast_at()
        for text, left in self.toasts:
            s = self.gfx.badge(text, 20, fill=(30, 14, 18), border=style.CRIMSON_BRIGHT, color=style.TEXT, pad=14)
            if left < 0.4:
                s = s.copy()
                s.set_alpha(int(255 * left / 0.4))
            surface.blit(s, s.get_rect(center=(x, y)))
            y -= s.get_height() + 8
