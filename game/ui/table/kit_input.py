"""The table kit's input role: the pointer and the keys, and the controls they act on.

`TableInput` is held by every `TableKit` as `kit.input`; the kit hands it every pygame
event (`handle_event`) and asks it to draw the feedback of input (legal targets, the
zoomed card, veiled controls, the tooltip). What it does:

- hover (with the tooltip after TOOLTIP_DELAY), press, click, drag past DRAG_THRESHOLD
  with the legal targets lit, drop, glide home; click-then-target and right-click menus
  as equivalents of every drag; Esc closes the topmost thing open;
- keys: Space / held Alt zoom, H hides the hand, Ctrl+Z undo, the visible buttons' hotkeys;
- the controls: rebuilt from the game's `controls()` hook when the game moved on, a
  control now where another was under the pointer ignoring clicks for INPUT_GUARD s;
  a countdown tick in the last three seconds of a timed decision.

What the pointer meets is asked through items.py's `handle(thing)`; what the game says
comes from the kit's hooks (options_for, target_rect, target_label, item_at, tooltip_for,
on_click, controls, zoom_key, prompt_rect). The interaction state a game or a test reads
(kit.hover, kit.press, kit.drag, kit.armed, kit.menu, kit.pointer, kit.guard, ...) lives
on the kit; the controls' bookkeeping lives here.
"""
from __future__ import annotations

import math

import pygame

from game.core.refusal import explain as explain_refusal, game_explainer
from game.core.rules import IllegalAction

from . import style
from .items import by_target, handle
from .widgets import Banner, Button, Chip, Menu, Option

DRAG_THRESHOLD = 6
TOOLTIP_DELAY = 0.45
INPUT_GUARD = 0.4           # a control that took another's place waits this long (visibly)
ZOOM_SIZE = (340, 476)


def _veil(size) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (0, 0, 0, 120), s.get_rect(), border_radius=8)
    return s


def _overlap(a, b) -> float:
    """How much of the smaller of two rects the other covers (0..1)."""
    inter = a.clip(b)
    small = min(a.width * a.height, b.width * b.height)
    return (inter.width * inter.height) / small if small else 0.0


class TableInput:
    """Input of one table (see the module docstring)."""

    def __init__(self, kit):
        self.kit = kit
        self.controls_key = None                # what the shown controls were built for
        self.local_rev = 0                      # bumped by kit.refresh_controls()
        self.last_rects: list = []              # where the last controls shown were
        self.last_state = None                  # (log length, decisions) the controls were built for
        self.tick_sec = None                    # the last countdown second ticked

    def invalidate(self) -> None:
        """The controls are rebuilt on the next frame that may show them."""
        self.controls_key = None

    def update(self, dt: float) -> None:
        """Input guards run out; the countdown ticks."""
        kit = self.kit
        if kit.guard:
            kit.guard = {k: v - dt for k, v in kit.guard.items() if v - dt > 0}
        self.countdown_tick()

    def follow_decisions(self) -> None:
        """Controls for the decisions now: rebuilt when nothing animates (or the viewer's
        clock runs); hidden while animations play if the decisions changed under them."""
        kit = self.kit
        if not kit.anim.busy() or self.clock_running():
            self.refresh()
        elif kit.widgets or kit.banner:
            if self.controls_state() != self.controls_key:
                kit.widgets, kit.banner = [], None
                if kit.drag is None:
                    kit.armed = None

    # -- events ------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        kit = self.kit
        t = e.type
        if t == pygame.MOUSEMOTION:
            return self.on_motion(e)
        if t == pygame.MOUSEBUTTONDOWN:
            if getattr(e, "button", 1) in (4, 5):
                if kit.log.hit(e.pos):
                    kit.log.on_wheel(1 if e.button == 4 else -1)
                    return True
                return False
            return self.on_down(e)
        if t == pygame.MOUSEBUTTONUP:
            if getattr(e, "button", 1) in (4, 5):
                return False
            return self.on_up(e)
        if t == pygame.MOUSEWHEEL:
            if kit.log.hit(kit.pointer):
                kit.log.on_wheel(1 if e.y > 0 else -1)
                return True
            return False
        if t == pygame.KEYDOWN:
            return self.on_key(e)
        if t == pygame.KEYUP:
            if e.key in (pygame.K_LALT, pygame.K_RALT):
                kit.alt_held = False
                return True
        return False

    def on_key(self, e) -> bool:
        kit = self.kit
        k = e.key
        mods = getattr(e, "mod", 0)
        if k in (pygame.K_LALT, pygame.K_RALT):
            kit.alt_held = True
            return True
        if k == pygame.K_SPACE:
            kit.zoom_on = not kit.zoom_on
            return True
        if k == pygame.K_h and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            kit.hand_hidden = not kit.hand_hidden
            for z in kit.zones.values():
                if z.private:
                    kit.layout(z.id, 0.2)
            return True
        if k == pygame.K_z and mods & pygame.KMOD_CTRL:
            kit.request_undo()
            return True
        if k == pygame.K_ESCAPE:
            # Esc closes the topmost thing the table has open, one per press (a menu, then a
            # drag, the zoom, a selection); with nothing open the scene opens its menu
            if kit.menu is not None:
                kit.menu = None
            elif kit.drag is not None:
                self.cancel_drag()
            elif kit.zoom_on or kit.preview_key is not None:
                kit.zoom_on = False
                kit.preview_key = None
            elif kit.armed and not kit.armed_auto:
                kit.armed = None
            else:
                return False
            return True
        # hotkeys of visible buttons
        for w in self.buttons():
            if getattr(w, "hotkey", None) == k and w.enabled and not self.guarded(w):
                self.activate_button(w)
                return True
        return False

    def on_motion(self, e) -> bool:
        kit = self.kit
        pos = e.pos
        kit.pointer = pos
        if kit.drag is not None:
            d = kit.drag
            handle(d["item"]).carry(pos, d["off"])
            d["pos"] = pos
            d["over"] = self.target_under(pos, d["targets"])
            return True
        if kit.press is not None:
            item, p0 = kit.press
            if math.hypot(pos[0] - p0[0], pos[1] - p0[1]) >= DRAG_THRESHOLD:
                if self.start_drag(item, p0, pos):
                    return True
        if kit.menu is not None:
            kit.menu.hover = kit.menu.index_at(pos)
        new = kit.item_at(pos)
        if not self.same(new, kit.hover):
            self.set_hover(new)
        kit.preview_key = kit.log.link_at(pos) if kit.log.hit(pos) else None
        return kit.hover is not None and handle(kit.hover).solid

    @staticmethod
    def same(item, other) -> bool:
        """The same thing under the pointer (a target is the same place by its id)."""
        return item is other or (item is not None and handle(item).same(other))

    def set_hover(self, item) -> None:
        kit = self.kit
        old = kit.hover
        kit.hover = item
        kit.hover_time = 0.0
        kit.tip_hidden = False
        if old is not None:
            handle(old).hover(kit, False)
        if item is not None:
            handle(item).hover(kit, True)

    def on_down(self, e) -> bool:
        kit = self.kit
        pos = e.pos
        kit.pointer = pos
        button = getattr(e, "button", 1)
        kit.tip_hidden = True
        kit.hover_time = 0.0
        if kit.menu is not None:
            if kit.menu.hit(pos):
                i = kit.menu.index_at(pos)
                if i >= 0 and kit.menu.items[i][2]:
                    cb = kit.menu.items[i][1]
                    kit.menu = None
                    kit.sound("ui_click")
                    cb()
                return True
            kit.menu = None
            if button != 3:
                return True
        item = kit.item_at(pos)
        if button == 3:
            return self.open_menu(item, pos)
        if button != 1:
            return False
        if item is None:
            if kit.armed is not None:
                kit.armed = None
                return True
            return False
        if not handle(item).pressable:          # the chronicle, the banner: theirs
            return True
        kit.press = (item, pos)
        return True

    def on_up(self, e) -> bool:
        kit = self.kit
        pos = e.pos
        kit.pointer = pos
        kit.hover_time = 0.0
        if getattr(e, "button", 1) != 1:
            return False
        if kit.drag is not None:
            self.finish_drag(pos)
            return True
        if kit.press is None:
            return False
        item, p0 = kit.press
        kit.press = None
        if not self.same(item, kit.item_at(pos)):
            return True
        self.click(item, pos)
        return True

    # -- clicks ------------------------------------------------------------------------
    def guarded(self, control) -> bool:
        """A control that just took another's place under the pointer: it waits INPUT_GUARD s."""
        kit = self.kit
        return id(control) in kit.guard

    def click(self, item, pos) -> None:
        kit = self.kit
        if kit.on_click(item, pos):             # the game's own click first (a hook)
            return
        if self.guarded(item):
            return
        h = handle(item)
        if h.click(kit, pos):                  # a button, a picker: their own click
            return
        # armed: a click on one of its targets plays that option
        if kit.armed is not None:
            src, opts = kit.armed
            tid = self.target_under(pos, opts)
            if tid is not None:
                kit.armed = None
                self.play_at(opts[tid], pos)
                return
            if item is src:
                kit.armed = None
                return
        if not kit.interactive():
            return
        opts = kit.options_for(item)
        if not opts:
            kit.armed = None
            why = kit.why_not(item)
            if why:
                kit.refuse(why)
            return
        h.choose(kit, opts, pos)

    def activate_button(self, b) -> None:
        kit = self.kit
        kit.sound("ui_click")
        if callable(b.action):
            b.action()
            kit.refresh_controls()
        elif b.action is not None:
            self.execute(Option(b.label, b.action, seat=b.seat))

    def execute(self, opt: Option) -> None:
        kit = self.kit
        kit.armed = None
        kit.menu = None
        if callable(opt.action):
            opt.action()
            kit.refresh_controls()
            return
        seat = opt.seat if opt.seat is not None else kit.viewer
        try:
            kit.ctx.submit(seat, opt.action)
        except IllegalAction as exc:          # a test's submit: the scene's explains it itself
            kit.refuse(explain_refusal(kit.ctx.spec, kit.ctx.match, seat, opt.action, exc))
        self.controls_key = None

    def control_refusal(self, item):
        """The game's explainer on a greyed control (a Button or Chip): the action it
        stands for is its action, else its id as an action; None when nothing is known."""
        kit = self.kit
        if not isinstance(item, (Button, Chip)):
            return None
        action = item.action if isinstance(getattr(item, "action", None), tuple) else \
            (item.id,) if isinstance(item.id, str) else item.id if isinstance(item.id, tuple) else None
        mine = kit.my_decisions()
        explainer = game_explainer(kit.ctx.spec)
        if action is None or not mine or explainer is None:
            return None
        try:
            return explainer.explain(kit.match.rules, kit.view, mine[0], action)
        except Exception:                     # noqa: BLE001 - a control it cannot read: silence
            return None

    def open_menu(self, item, pos) -> bool:
        kit = self.kit
        h = handle(item) if item is not None else None
        if h is None or not h.has_menu:
            return False
        items = []
        opts = kit.options_for(item) if kit.interactive() else []
        for o in opts:
            label = o.label
            if o.target is not None and not o.label.endswith(kit.target_label(o.target)):
                label = f"{o.label} → {kit.target_label(o.target)}"
            items.append((label, lambda o=o: self.execute(o), True))
        items += h.menu_extras(kit)
        if not items:
            return False
        kit.menu = Menu(pos, items, kit, h.menu_title(kit))
        kit.sound("ui_click")
        return True

    def zoom_lock(self, key) -> None:
        kit = self.kit
        kit.zoom_on = True

    # -- drags -------------------------------------------------------------------------
    def start_drag(self, item, p0, pos) -> bool:
        kit = self.kit
        h = handle(item)
        if not kit.interactive() or not h.can_drag():
            return False
        opts = kit.options_for(item)
        targets = by_target(opts)
        if not targets:
            return False
        kit.press = None
        kit.armed = None
        off = h.grab(kit, p0, pos)
        kit.drag = {"item": item, "targets": targets, "off": off, "over": None, "pos": pos}
        kit.sound("card_slide")
        return True

    def target_under(self, pos, targets: dict):
        kit = self.kit
        best, area = None, None
        for tid in targets:
            r = kit.target_rect(tid)
            if r is not None and r.collidepoint(pos):
                a = r.width * r.height
                if area is None or a < area:
                    best, area = tid, a
        return best

    def finish_drag(self, pos) -> None:
        kit = self.kit
        d = kit.drag
        kit.drag = None
        item = d["item"]
        tid = self.target_under(pos, d["targets"])
        opts = d["targets"].get(tid) if tid is not None else None
        h = handle(item)
        h.let_go()
        if opts:
            # it stays where it was dropped; the events move it on, or the next sync glides it home
            self.play_at(opts, pos)
            h.played(kit)
            return
        h.glide_back(kit)

    def play_at(self, opts: list, pos) -> None:
        """Play the option dropped on a target; several on one target: ask which."""
        kit = self.kit
        if len(opts) == 1:
            self.execute(opts[0])
            return
        items = [(o.label, lambda o=o: self.execute(o), True) for o in opts]
        kit.menu = Menu(pos, items, kit, kit.target_label(opts[0].target))

    def cancel_drag(self) -> None:
        kit = self.kit
        if kit.drag is not None:
            h = handle(kit.drag["item"])
            kit.drag = None
            h.let_go()
            h.glide_back(kit)
        kit.press = None

    # -- controls ----------------------------------------------------------------------
    def buttons(self):
        kit = self.kit
        out = [b for w in kit.widgets for b in handle(w).buttons()]
        if kit.banner is not None:
            out += kit.banner.spec.buttons
        return out

    def controls_state(self):
        kit = self.kit
        return (len(kit.match.log), kit.viewer, kit.match.over, self.local_rev, id(kit.match.decisions()))

    def refresh(self) -> None:
        kit = self.kit
        key = self.controls_state()
        if key == self.controls_key:
            return
        moved_on = (key[0], key[4]) != self.last_state     # the game itself moved on
        self.last_state = (key[0], key[4])
        self.controls_key = key
        before = self.last_rects if moved_on else []
        widgets, banner = kit.controls()
        kit.widgets = widgets or []
        kit.banner = Banner(banner, kit) if banner is not None else None
        kit.tip_hidden = True                  # the controls changed: no stale tooltip over them
        kit.guard = {}
        # the game moved on (a new decision, another card for sale): a control now where
        # another was, under the pointer, waits a moment so a click meant for the old one
        # never lands on the new one
        for b in self.buttons():
            r = getattr(b, "rect", None)
            if r is not None and r.collidepoint(kit.pointer) and any(_overlap(r, old) > 0.5 for old in before):
                kit.guard[id(b)] = INPUT_GUARD
        rects = [b.rect.copy() for b in self.buttons() if getattr(b, "rect", None) is not None]
        if rects:
            self.last_rects = rects
        if kit.armed is not None:
            item = kit.armed[0]
            if not self.item_alive(item):
                kit.armed = None
            else:
                opts = by_target(kit.options_for(item))
                kit.armed = (item, opts) if opts else None

    def item_alive(self, item) -> bool:
        return handle(item).alive(self.kit)

    def clock_running(self) -> bool:
        """The viewer holds a timed decision: its clock runs whatever the table is animating,
        so its controls are up at once (a bid while the next card glides in)."""
        kit = self.kit
        if not kit.is_human_viewer():
            return False
        deadlines = kit.match.deadlines
        return any(d.timeout and deadlines.get(d.clock_key) is not None for d in kit.my_decisions())

    def countdown_tick(self) -> None:
        """A tick each of the last three seconds of the viewer's timed decision."""
        kit = self.kit
        if kit.anim.busy() or not kit.is_human_viewer():
            return
        d = next((d for d in kit.my_decisions() if d.timeout), None)
        left = kit.time_left(d) if d is not None else None
        if left is not None and 0 < left <= 3.0:
            sec = int(left + 0.999)
            if sec != self.tick_sec:
                self.tick_sec = sec
                kit.sound("timer_tick")
        else:
            self.tick_sec = None

    # -- feedback drawn over the table -------------------------------------------------
    def draw_targets(self, surface) -> None:
        kit = self.kit
        targets = None
        over = None
        if kit.drag is not None:
            targets, over = kit.drag["targets"], kit.drag["over"]
        elif kit.armed is not None:
            targets = kit.armed[1]
            over = self.target_under(kit.pointer, targets)
        if not targets:
            return
        pulse = 0.5 + 0.5 * math.sin(kit.pulse_t * 5)
        for tid in targets:
            r = kit.target_rect(tid)
            if r is None:
                continue
            hot = tid == over
            g = kit.gfx.glow_rect(r.width, r.height, style.GOLD_BRIGHT if hot else style.HIGHLIGHT, 14, 16,
                                   dashed=not hot)
            g.set_alpha(255 if hot else int(150 + 100 * pulse))
            surface.blit(g, (r.x - 16, r.y - 16))
            g.set_alpha(None)
            if hot:
                opt = targets[tid][0]
                lab = kit.gfx.badge(opt.hint or opt.label, 18, fill=style.CRIMSON, border=style.GOLD_BRIGHT,
                                     icon=opt.icon)
                surface.blit(lab, self.target_label_rect(lab, r, tid, targets, surface.get_rect()))

    def target_label_rect(self, lab, r, tid, targets, screen) -> pygame.Rect:
        """Above the target, unless that would sit on another target or off the screen (seats
        packed close, as at seven in Carnevale): then inside the target, so the label never
        floats between two seats and reads as the wrong one's."""
        kit = self.kit
        above = lab.get_rect(midbottom=(r.centerx, r.top - 6))
        others = (kit.target_rect(t) for t in targets if t != tid)
        near = above.inflate(0, above.height)          # a label must not touch a neighbour either
        if screen.contains(above) and not any(o is not None and o.colliderect(near) for o in others):
            return above
        inside = lab.get_rect(center=r.center)
        return inside.clamp(screen)

    def draw_zoom(self, surface) -> None:
        kit = self.kit
        key, sp = kit.zoom_key()
        if key is None:
            return
        at = self.zoom_rect(sp)
        if at is None:
            return
        x, y = at.topleft
        img = kit.cards.face(key, ZOOM_SIZE)
        sh = kit.gfx.shadow(ZOOM_SIZE[0], ZOOM_SIZE[1], 18, 18, 200)
        surface.blit(sh, (x - 18 + 6, y - 18 + 10))
        surface.blit(img, (x, y))

    def zoom_rect(self, sp):
        """Where the zoomed card goes: beside the card (or the pointer), never over an open
        menu or the current prompt; None when no place is free."""
        kit = self.kit
        if kit.menu is not None:
            return None
        W, H = kit.size
        zw, zh = ZOOM_SIZE
        if sp is not None:
            r = sp.rect()
            cy, xs = r.centery, (r.right + 24, r.left - 24 - zw)
        else:
            (px, cy), xs = kit.pointer, (kit.pointer[0] - zw - 30, kit.pointer[0] + 30)
        avoid = [a for a in (kit.prompt_rect(),) if a is not None]
        y0 = max(10, min(H - zh - 10, cy - zh // 2))
        for x in xs:
            for y in (y0, 10, H - zh - 10):
                rect = pygame.Rect(x, y, zw, zh)
                if rect.left >= 10 and rect.right <= W - 10 and not any(rect.colliderect(a) for a in avoid):
                    return rect
        return None

    def draw_guards(self, surface) -> None:
        """A control still in its input guard is veiled, with a bar running out."""
        kit = self.kit
        for b in self.buttons():
            left = kit.guard.get(id(b))
            r = getattr(b, "rect", None)
            if left is None or r is None:
                continue
            veil = kit.gfx.cached(("guard_veil", r.size), lambda r=r: _veil(r.size))
            surface.blit(veil, r.topleft)
            bar = pygame.Rect(r.left + 6, r.bottom - 6, int((r.width - 12) * left / INPUT_GUARD), 3)
            if bar.width > 0:
                pygame.draw.rect(surface, style.GOLD_BRIGHT, bar, border_radius=1)

    def draw_tooltip(self, surface) -> None:
        kit = self.kit
        if kit.hover is None or kit.hover_time < TOOLTIP_DELAY or kit.drag is not None or kit.menu is not None \
                or kit.tip_hidden:
            return
        tip = kit.tooltip_for(kit.hover)
        if not tip:
            return
        g = kit.gfx
        block = g.text_block(tip, 18, 340, style.TEXT, align="left")
        w, h = block.get_width() + 24, block.get_height() + 16
        bg = g.panel(w, h, fill=(14, 10, 12), border=style.GOLD_DEEP, radius=8, alpha=245)
        x = min(kit.pointer[0] + 18, kit.size[0] - w - 6)
        y = kit.pointer[1] + 24
        if y + h > kit.size[1] - 6:
            y = kit.pointer[1] - h - 12
        surface.blit(bg, (x, y))
        surface.blit(block, (x + 12, y + 8))
