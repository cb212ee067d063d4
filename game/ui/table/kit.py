"""TableKit: the public face of the shared table machinery; a game's table subclasses it.

The machinery is split by role, each in its own module, held or called by the kit:

    kit_input.py   TableInput (kit.input): hover, click, drag, menus, keys, the controls
                   and their input guard, the feedback drawn for them (targets, zoom, tooltip)
    kit_motion.py  Motion (kit.motion): sprites gliding between zones, queued steps for
                   events (move_card, fly_tokens, reveal_card, roll_dice...), heralds,
                   floaters, showcases, toasts, flyers
    kit_decor.py   plain functions: board_panel, panel_header, glow_around, draw_prompt,
                   plaque, score_table, reference_panel, coin, token_image
    kit_sync.py    plain functions: the view -> zones and sprites (show_view), a new
                   viewer (rebuild), events played in order (play_events), the chronicle

The kit keeps what a game reads (zones, sprites, tokens, dice, view, history, the
interaction state), the seat and chronicle helpers, one method per helper a game calls
(they hand over to the roles), and the frame (update, draw). A game changes the kit's
behaviour only through the hooks below, never by overriding a private method.

Hooks a game implements (all optional; the defaults draw an empty table):

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
    targets_at(pos)        the game's own targets under the pointer (seats...), for clicks
    item_at(pos)           what the pointer meets (extend it with the game's own things)
    on_click(item, pos)    the game's own click, asked before the kit's; True = handled
    why_not(item)          a core.refusal.Refusal saying why the viewer cannot use `item`
                           now (a disabled button, a card with no option), or None: the
                           kit tells it with "Rules…" at its section (refuse)
    before_sync(view, instant) / after_sync(view, instant)
                           round every sync of the shown table with a view: read the view
                           into the game's own state before, settle its own things after
    tooltip_for(item)      words shown when the pointer rests on a thing
    card_spec(key) / card_canon(key) / card_frames() / card_linked(key) / card_name(key)
    face_shown(sprite, zone)  whether a card's face is drawn
    render_background() / static_key() / draw_static(s) / draw_board(s) / draw_overlay(s)
    log_rect() / herald_at() / showcase_at() / toast_at() / prompt_rect() / zoom_key()
    extra_help() / prewarm()

GameTable's own methods (set_viewer, reload, on_events, handle_event, update, draw,
busy, dismiss, help_lines) may be extended by a game that calls super().

What both games' tables used to write twice is here too: seat accessors (name, scol,
me, others, is_human_viewer), geo() for a 1920×1080 design, chronicle segments from a
template (segments), timed effects (self.fx; herald, floater, showcase), countdown
ticks, drawing helpers, move_together / hop_along / shuffle_into, idle face warm-up
(warm_later); card faces are composed from named sections (cards.py, a game's faces.yaml).
Overlays get out of the way: a click hides the tooltip, the zoom never covers a menu or
the prompt (prompt_rect), Esc closes the topmost overlay first, and a control that takes
another's place under the pointer ignores clicks for INPUT_GUARD seconds, visibly.

What the pointer meets is in items.py: one handle per kind of thing (card, button, chip,
number picker, die, token stack, target, panel) whose methods say how it hovers, clicks,
is carried, dropped and glides home; the kit asks `handle(thing)` and never the type.
"""
from __future__ import annotations

import random
import string
import time
from typing import Any

import pygame

from game.core.i18n import resolve_blocks, t

from . import kit_decor, kit_sync, style
from .base import GameTable, TableContext
from .cards import CardRenderer, CardSprite
from .dice import DieRenderer, DieSprite
from .gfx import Gfx, seat_color
from .items import GLIDE, Target, by_target, handle, top_at
from .kit_input import TOOLTIP_DELAY, TableInput
from .kit_motion import REVEAL_HOLD, Flyer, Motion
from .strings import ts
from .tween import Animator, ease_out_cubic
from .widgets import Banner, Effects, LogPanel, Menu, Option
from .zones import TokenStack, Zone

__all__ = ["TableKit", "Target", "by_target", "Flyer", "TOOLTIP_DELAY", "Option"]


class TableKit(GameTable):
    game_id = "game"
    back_name = None
    REVEAL_HOLD = REVEAL_HOLD

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.size = tuple(ctx.size)
        self.gfx = Gfx(ctx.assets)
        self.anim = Animator(lambda: getattr(self.ctx.settings, "animation_speed", 1.0))
        self.cards = CardRenderer(self.gfx, getattr(ctx.spec, "id", self.game_id), self.card_spec,
                                  self.card_frames(), self.back_name, canon=self.card_canon)
        self.dice_r = DieRenderer(self.gfx)
        self.rng = random.Random(1234)         # cosmetic only (tumbles, scatter)
        self.input = TableInput(self)
        self.motion = Motion(self)
        self.zones: dict[Any, Zone] = {}
        self.tokens: dict[Any, TokenStack] = {}
        self.dice: list[DieSprite] = []
        self.sprites: list[CardSprite] = []
        self.flyers: list[Flyer] = []
        self._uid = 0
        self.view: dict | None = None
        self.history: list = []                 # every event given to on_events (filtered on use)
        # interaction state (kit.input acts on it; games and items read it)
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
        self.tip_hidden = False                 # a click hides the tooltip until the pointer moves on
        self.guard: dict = {}                   # id(control) -> seconds it still ignores clicks
        # what is shown for a while (kit.motion ages it)
        self.toasts: list[list] = []            # [text, seconds left]
        self.fx = Effects()                     # heralds, floaters, showcases, a game's flashes
        self.pulse_t = 0.0
        self._warm_queue: list = []             # (key, size) faces to render when idle
        self.warmed = False                     # prewarm() ran
        self.building = False                   # build and the first sync run: no sounds
        self._bg: pygame.Surface | None = None
        self._static = None
        self.log = LogPanel(self.log_rect(), self, ts("log"))
        self.set_viewer(ctx.viewer)

    # ======================================================================
    # hooks (a game's table implements these)
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

    def on_click(self, item, pos) -> bool:
        """The game's own click on `item` (a place of its own, a card it plays at once),
        asked before the kit's click; True when handled."""
        return False

    def why_not(self, item):
        """Why the viewer cannot use `item` now (a Refusal, words with a rules anchor), or
        None to stay silent. By default a greyed control is put to the game's explainer
        (GameSpec.refusals) as the action it stands for: its action, else its id read as
        one ("canal", ("claim", "poisoner")); anything else stays silent."""
        return self.input.control_refusal(item)

    def before_sync(self, view, instant: bool) -> None:
        """The shown table is about to follow `view` (instant: placed at once, as for a new
        viewer): read into the game's own state what the sync and the drawing need."""

    def after_sync(self, view, instant: bool) -> None:
        """The shown table now follows `view`: settle the game's own things."""

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

    def card_name(self, key) -> str:
        return str(self.card_spec(key).get("title", key)) if key is not None else "?"

    def card_linked(self, key) -> bool:
        """Whether a chronicle name of `key` previews a card face."""
        return True

    def herald_at(self) -> tuple:
        """Where heralds stack down from (a game puts them where the table is free)."""
        return (self.size[0] // 2, int(self.size[1] * 0.35))

    def showcase_at(self) -> tuple:
        """(centre, card size) of a showcased card."""
        s, R, P, C, F = self.geo()
        return P(960, 420), C(260, 364)

    def toast_at(self) -> tuple:
        """Where toasts stack up from (a game may put them in the acting player's area)."""
        return self.size[0] // 2, self.size[1] - 300

    def prompt_rect(self):
        """Where the current prompt is (a game whose prompt is not a banner says where)."""
        return self.banner.rect if self.banner is not None else None

    def zoom_key(self):
        if self.preview_key is not None:
            return self.preview_key, None
        if not (self.zoom_on or self.alt_held) or self.drag is not None:
            return None, None
        key = handle(self.hover).zoom_key() if self.hover is not None else None
        return (key, self.hover) if key is not None else (None, None)

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
        kit_sync.rebuild(self, seat)

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
        kit_sync.play_events(self, events)

    def sync_view(self, view, instant: bool = False) -> None:
        """The shown table follows `view` (at once when `instant`), with the game's
        before_sync / after_sync hooks round it. The kit calls it after every batch of
        events and for a new viewer."""
        self.before_sync(view, instant)
        kit_sync.show_view(self, view, instant)
        self.after_sync(view, instant)

    def handle_event(self, e) -> bool:
        return self.input.handle_event(e)

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

    # -- the table's things ---------------------------------------------------------------
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
        if snd is not None and not self.building:
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

    def refuse(self, why) -> None:
        """Tell the player why something was refused: `why` is a Refusal (words with the
        rules section that says so) or plain words. The table scene shows it with
        "Rules…"; a table built without one (a test) says it on the table."""
        refuse = getattr(self.ctx, "refuse", None)
        if callable(refuse):
            refuse(why)
            return
        self.say(str(why), 3.2)
        self.sound("error")

    def repaint(self, background: bool = True) -> None:
        """Forget the drawn layers (what they show changed outside an event: a folded
        panel, a new viewer's names): the static layer, and the background unless told
        not to, are drawn again on the next frame."""
        self._static = None
        if background:
            self._bg = None

    # -- decisions and controls ----------------------------------------------------------
    def my_decisions(self) -> list:
        if self.viewer is None or self.match.over:
            return []
        return self.match.decisions_for(self.viewer)

    def time_left(self, decision):
        try:
            return self.match.time_left(decision)
        except Exception:
            return None

    def interactive(self) -> bool:
        return not self.anim.busy() and not self.match.over

    def refresh_controls(self, now: bool = False) -> None:
        """The game's controls() are asked again (a local step changed them): on the next
        frame that may show them, or at once when `now`."""
        self.input.local_rev += 1
        self.input.invalidate()
        if now:
            self.input.refresh()

    @property
    def controls_key(self):
        """What the shown controls were built for (changes whenever they are rebuilt)."""
        return self.input.controls_key

    def execute(self, opt: Option) -> None:
        """Play an option as the viewer's choice (a local step when its action is callable)."""
        self.input.execute(opt)

    def guarded(self, control) -> bool:
        """A control that just took another's place under the pointer: it waits INPUT_GUARD s."""
        return self.input.guarded(control)

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

    def zoom_rect(self, sp):
        """Where the zoomed card goes: beside the card (or the pointer), never over an open
        menu or the current prompt; None when no place is free."""
        return self.input.zoom_rect(sp)

    # -- animation: kit_motion.Motion does it -------------------------------------------
    def layout(self, zid=None, duration: float = GLIDE, ease=ease_out_cubic) -> None:
        """Glide the cards of one zone (or all) to their slots."""
        self.motion.layout(zid, duration, ease)

    def glide(self, sp: CardSprite, x, y, angle=0.0, size=None, duration=GLIDE, ease=ease_out_cubic,
              delay=0.0) -> None:
        self.motion.glide(sp, x, y, angle, size, duration, ease, delay)

    def flip_now(self, sp: CardSprite, face_up: bool, duration: float = 0.28) -> None:
        self.motion.flip_now(sp, face_up, duration)

    def take_sprite(self, zone: Zone | None, key=None, index=None) -> CardSprite | None:
        return self.motion.take_sprite(zone, key, index)

    def move_card(self, src, dst, key=None, index=None, to_index=None, duration: float = 0.5,
                  sound: str | None = "card_slide", hold: float | None = None, origin=None) -> None:
        """Queue: a card glides from zone `src` to zone `dst` (flipping if its shown
        side changes). Unknown src/dst zones are off-table points (origin or centre)."""
        self.motion.move_card(src, dst, key, index, to_index, duration, sound, hold, origin)

    def flip_card(self, zid, index=-1, key=None, face_up=True, duration=0.3) -> None:
        self.motion.flip_card(zid, index, key, face_up, duration)

    def reveal_card(self, zid, key, index=None, hold: float = REVEAL_HOLD, sound="reveal", scale: float = 1.3,
                    toward=None, frac: float = 0.3) -> None:
        """Queue: a card lifts, grows and turns face up for `hold` seconds, then settles back."""
        self.motion.reveal_card(zid, key, index, hold, sound, scale, toward, frac)

    def fly_tokens(self, src, dst, amount: int, icon: str = "ducat", size: int = 30,
                   color=style.GOLD, duration: float = 0.55, final: int | None = None,
                   src_final: int | None = None, sound: str = "coin", dst_start: int | None = None) -> None:
        """Queue: `amount` tokens fly from src to dst (TokenStack ids or (x, y) points)."""
        self.motion.fly_tokens(src, dst, amount, icon, size, color, duration, final, src_final, sound, dst_start)

    def set_count(self, tid, value: int) -> None:
        self.motion.set_count(tid, value)

    def roll_dice(self, dice: list[DieSprite], faces: list, to: list | None = None,
                  duration: float = 0.95) -> None:
        """Queue: the dice tumble (from where they are) and land on `faces`."""
        self.motion.roll_dice(dice, faces, to, duration)

    def move_together(self, moves, duration: float = 0.55, stagger: float = 0.05, sound: str = "card_slide") -> None:
        """Several cards ((src, dst, key) each) glide together, rightmost first."""
        self.motion.move_together(moves, duration, stagger, sound)

    def hop_along(self, path: list, apply, per: float = 0.16, hop: float = 16.0) -> float:
        """Tween a piece along `path`, hopping on each leg; returns the duration."""
        return self.motion.hop_along(path, apply, per, hop)

    def shuffle_into(self, pile: str, deck: str) -> float:
        """A discard pile gathered face down into its deck (a reshuffle)."""
        return self.motion.shuffle_into(pile, deck)

    def herald(self, text: str, big: bool = True, color=style.GOLD_BRIGHT, hold: float = 1.3) -> None:
        """Big words across the table (whose turn, a new phase, the winner)."""
        self.motion.herald(text, big, color, hold)

    def floater(self, text: str, pos, color, seconds: float = 1.4) -> None:
        """Words that rise from a point and fade (+2 Suspicion, Success)."""
        self.motion.floater(text, pos, color, seconds)

    def showcase(self, key, caption: str, seconds: float = 1.9) -> None:
        """One card shown large over a dimmed table, with a caption (a reveal)."""
        self.motion.showcase(key, caption, seconds)

    # -- decoration: kit_decor's functions with this table's gfx, scale and settings -----
    def board_panel(self, bg, r, top, bottom, edge, cobbles: bool = False) -> None:
        kit_decor.board_panel(self.gfx, self.ctx.assets, bg, r, self.geo()[0], top, bottom, edge, cobbles)

    def panel_header(self, bg, r, icon: str, text: str, color) -> None:
        kit_decor.panel_header(self.gfx, bg, r, self.geo()[0], icon, text, color)

    chevron = staticmethod(kit_decor.chevron)

    def glow_around(self, surf, rects, color=style.HIGHLIGHT, speed: float = 3.2, pad: int = 12,
                    dashed: bool = False, base: int = 110, swing: int = 120) -> None:
        kit_decor.glow_around(self.gfx, surf, rects, self.geo()[0], self.pulse_t, color, speed, pad, dashed,
                              base, swing)

    def draw_prompt(self, surf, area, prompt) -> None:
        kit_decor.draw_prompt(self.gfx, surf, area, self.geo()[0], prompt)

    def plaque(self, head: str, line: str, ok) -> pygame.Surface:
        return kit_decor.plaque(self.gfx, self.geo()[0], head, line, ok, self.ctx.settings, self.colorblind)

    def score_table(self, size, heads: list, rows: list, winners) -> pygame.Surface:
        names = [self.name(seat) for seat in range(len(rows))]
        return kit_decor.score_table(self.gfx, self.geo()[0], size, heads, rows, winners, names, self.colorblind)

    def reference_panel(self, size, heading: str, sections: list, hint: str) -> pygame.Surface:
        return kit_decor.reference_panel(self.gfx, self.ctx.assets, self.geo()[0], size, heading, sections, hint)

    def coin(self, icon: str, size: int, color=style.GOLD) -> pygame.Surface:
        return kit_decor.coin(self.gfx, icon, size, color)

    def token_image(self, icon: str, size: int, hover: bool = False, kind: str = "pawn",
                    fill=(70, 20, 30)) -> pygame.Surface:
        return kit_decor.token_image(self.gfx, icon, size, hover, kind, fill)

    # -- idle warm-up of faces ------------------------------------------------------------
    def warm_later(self, items) -> None:
        """Queue (key, size) faces to render in idle frames (3 ms a frame at most)."""
        self._warm_queue.extend(items)

    def _warm_some(self, budget: float = 0.003) -> None:
        t0 = time.perf_counter()
        while self._warm_queue and time.perf_counter() - t0 < budget:
            key, size = self._warm_queue.pop(0)
            self.cards.face(key, size)

    # ======================================================================
    # frame
    # ======================================================================
    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.pulse_t += dt
        self.hover_time += dt
        self.motion.update(dt)
        self.input.update(dt)
        if self._warm_queue and self.drag is None and not self.anim.busy():
            self._warm_some()
        self.input.follow_decisions()

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
        self.input.draw_targets(surface)
        self._draw_sprites(surface)
        for z in self.zones.values():
            z.draw_over(surface, self)
        for d in self.dice:
            d.draw(surface, self.dice_r)
        self.motion.draw_flyers(surface)
        self.draw_overlay(surface)
        self.motion.draw_effects(surface)
        hover = self.hover
        for w in self.widgets:
            handle(w).draw_widget(surface, self, hover)
        if self.armed is not None:
            handle(self.armed[0]).draw_armed(surface, self)
        if self.banner is not None:
            self.banner.draw(surface, self, hover)
        if self.guard:
            self.input.draw_guards(surface)
        if self.drag is not None:                       # what is carried, over everything
            handle(self.drag["item"]).draw_loose(surface, self, self.drag)
        for w in self.widgets:                          # chips gliding home
            if self.drag is None or self.drag["item"] is not w:
                handle(w).draw_loose(surface, self, None)
        if self.menu is not None:
            self.menu.draw(surface, self)
        self.input.draw_zoom(surface)
        self.input.draw_tooltip(surface)
        self.motion.draw_toasts(surface)

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
