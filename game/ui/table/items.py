"""What the kit's own things do under the pointer: one handle class for each kind of
thing a TableKit shows (a card, a button, a chip, a number picker, a die, a token stack,
a drop target, a panel), each an `hit.Interactive` (layer, hit, bounds, tooltip,
drag_payload, accepts) carrying the kit's behaviours as methods — hover, click, grab,
carry, drop, glide back and how it is drawn while carried. TableKit asks `handle(obj)`
and calls methods, so no part of it branches on the type of the thing under the pointer.

The things themselves stay what games see and hand back: `kit.hover`, `kit.press`,
`kit.drag["item"]` and `kit.armed[0]` hold them, and a game's hooks (options_for,
tooltip_for, _click) receive them. `top_down(kit)` lists them topmost first (menu,
banner, widgets, the chronicle, cards by z, dice, token stacks) and `top_at(kit, pos)`
answers the handle of the one under the pointer.
"""
from __future__ import annotations

import pygame

from . import style
from .cards import CardSprite
from .dice import DieSprite
from .hit import HitItem
from .strings import ts
from .tween import ease_out_back, ease_out_cubic
from .widgets import Banner, Button, Chip, LogPanel, Menu, NumberPicker
from .zones import TokenStack

GLIDE = 0.32


class Target:
    """A drop/click target that is not a zone or sprite (a seat, a board space)."""
    kind = "target"

    def __init__(self, tid):
        self.id = tid

    def __eq__(self, other):
        return isinstance(other, Target) and other.id == self.id

    def __hash__(self):
        return hash(("target", self.id))


def by_target(opts) -> dict:
    """{target id: [options dropped there]} (several options may share a target: a
    drop there then asks which, with a small menu)."""
    out: dict = {}
    for o in opts:
        if o.target is not None:
            out.setdefault(o.target, []).append(o)
    return out


class Handle(HitItem):
    """A thing on the table as the pointer meets it. Defaults: it takes a press, may
    open a right-click menu, plays its options on a click, is never carried."""
    solid = True              # hovering it claims the motion event (a drop target does not)
    pressable = True          # a left press on it may become a click or a drag
    has_menu = True           # a right click may open its menu

    def __init__(self, obj):
        self.obj = obj

    @property
    def bounds(self) -> pygame.Rect:
        r = getattr(self.obj, "rect", None)              # a method on sprites, a Rect on widgets
        r = r() if callable(r) else r
        return r if r is not None else pygame.Rect(0, 0, 0, 0)

    def hit(self, pos) -> bool:
        return self.hits(self.obj, pos)

    @staticmethod
    def hits(obj, pos) -> bool:
        """Whether `obj` is under pos (asked before a handle is made: the pointer's
        search goes through every card on the table at each motion)."""
        return obj.hit(pos)

    def same(self, other) -> bool:
        return other is self.obj

    def alive(self, kit) -> bool:
        """Still on the table (an armed card or chip that went away disarms)."""
        return True

    def buttons(self) -> list:
        """The buttons it shows (hotkeys, input guards)."""
        return []

    def parts(self) -> list:
        """Items inside it that the pointer meets on their own (a picker's buttons)."""
        return []

    # -- hover and click ------------------------------------------------------------
    def hover(self, kit, on: bool) -> None:
        """The pointer came onto it (on) or left it."""

    def click(self, kit, pos) -> bool:
        """A click of its own; False leaves it to the options (options_for) flow."""
        return False

    def choose(self, kit, opts: list, pos) -> None:
        """A click with these options: one thing to do is done; options that all go
        somewhere arm it (click a target next); else a menu asks."""
        if len(opts) == 1:
            kit.execute(opts[0])               # even if it has a place to go: a click does it
            return
        targeted = by_target(opts)
        plain = [o for o in opts if o.target is None]
        if targeted and not plain:
            kit.armed = (self.obj, targeted)
            kit.armed_auto = False
            kit.sound("ui_click")
            return
        if len(plain) == 1 and not targeted:
            kit.execute(plain[0])
            return
        kit.input.open_menu(self.obj, pos)

    def menu_title(self, kit) -> str | None:
        return None

    def menu_extras(self, kit) -> list:
        return []

    def zoom_key(self):
        """The card key to zoom while it is hovered, or None."""
        return None

    # -- drag and drop ----------------------------------------------------------------
    def can_drag(self) -> bool:
        return False

    def drag_payload(self):
        return self.obj if self.can_drag() else None

    def grab(self, kit, p0, pos) -> tuple:
        """Lift it off the table; returns the pointer's offset from what is carried."""
        return (0, 0)

    def carry(self, pos, off) -> None:
        """Follow the pointer while carried."""

    def let_go(self) -> None:
        """The drag ended, wherever it was dropped."""

    def played(self, kit) -> None:
        """Dropped on a target that took it (the events move it on)."""

    def glide_back(self, kit) -> None:
        """Dropped on nothing that takes it: back home."""

    # -- drawing --------------------------------------------------------------------
    def draw_widget(self, surface, kit, hover) -> None:
        self.obj.draw(surface, kit, hover=(self.obj is hover))

    def draw_loose(self, surface, kit, drag) -> None:
        """Drawn over the table while carried or gliding home (not as a card sprite)."""

    def draw_armed(self, surface, kit) -> None:
        """Marked while armed (cards glow in the kit's sprite pass)."""


class CardHandle(Handle):
    @property
    def layer(self) -> float:                   # cards stack by their z
        return self.obj.z

    @staticmethod
    def hits(obj, pos) -> bool:
        return obj.zone is not None and obj.contains(pos)

    def alive(self, kit) -> bool:
        return any(self.obj in z.cards for z in kit.zones.values())

    def hover(self, kit, on: bool) -> None:
        sp = self.obj
        z = kit.zones.get(sp.zone)
        lift = 30.0 if (on and z is not None and z.kind == "fan" and not sp.dragging) else 0.0
        l0 = sp.lift

        def apply(t):
            sp.lift = l0 + (lift - l0) * t
        kit.anim.tween(0.14, apply, ease_out_cubic, tag=("lift", sp.uid))

    def _face(self):
        sp = self.obj
        return sp.key if sp.face_up and sp.key is not None else None

    def menu_title(self, kit):
        key = self._face()
        return kit.card_spec(key).get("title") if key is not None else None

    def menu_extras(self, kit) -> list:
        key = self._face()
        if key is None:
            return []
        return [(ts("help_zoom"), lambda: kit.input.zoom_lock(key), True)]

    def zoom_key(self):
        return self._face() if self.obj.flip is None else None

    def can_drag(self) -> bool:
        return True

    def grab(self, kit, p0, pos) -> tuple:
        sp = self.obj
        off = (p0[0] - sp.x, p0[1] - sp.y + sp.lift)
        sp.dragging = True
        sp.lift = 0
        sp.z = 90000
        sp.angle = 0
        for tw in kit.anim.tweens:
            if tw.tag in (("move", sp.uid), ("lift", sp.uid)):
                tw.done = True
        self.carry(pos, off)
        return off

    def carry(self, pos, off) -> None:
        self.obj.x, self.obj.y = pos[0] - off[0], pos[1] - off[1]

    def let_go(self) -> None:
        self.obj.dragging = False

    def played(self, kit) -> None:
        # the card stays where it was dropped; the events move it on, or the next
        # sync glides it home
        if self.obj.zone in kit.zones and not kit.anim.busy():
            kit.layout(self.obj.zone, GLIDE)

    def glide_back(self, kit) -> None:
        if self.obj.zone in kit.zones:
            kit.layout(self.obj.zone, GLIDE * 1.2, ease_out_back)


class ButtonHandle(Handle):
    def alive(self, kit) -> bool:
        return any(w.id == self.obj.id for w in kit.widgets)

    def buttons(self) -> list:
        return [self.obj]

    def hover(self, kit, on: bool) -> None:
        if on and self.obj.enabled:
            kit.sound("ui_hover")

    def click(self, kit, pos) -> bool:
        if self.obj.enabled:
            kit.input.activate_button(self.obj)
        elif kit.interactive():               # a greyed button says why, if the game knows
            why = kit.why_not(self.obj)
            if why:
                kit.refuse(why)
        return True

    def menu_title(self, kit):
        return self.obj.label


class ChipHandle(ButtonHandle):
    """A button that is dragged onto a target (its options go somewhere)."""

    def click(self, kit, pos) -> bool:
        return False

    def can_drag(self) -> bool:
        return self.obj.enabled

    def grab(self, kit, p0, pos) -> tuple:
        off = (p0[0] - self.obj.rect.centerx, p0[1] - self.obj.rect.centery)
        self.carry(pos, off)
        return off

    def carry(self, pos, off) -> None:
        self.obj.drag_pos = (pos[0] - off[0], pos[1] - off[1])

    def played(self, kit) -> None:
        self.obj.drag_pos = None

    def glide_back(self, kit) -> None:
        chip = self.obj
        if chip.drag_pos is None:
            return
        x0, y0 = chip.drag_pos
        x1, y1 = chip.rect.center

        def apply(t):
            chip.drag_pos = None if t >= 1 else (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
        kit.anim.tween(GLIDE, apply, ease_out_cubic, tag=("chip", id(chip)))

    def draw_widget(self, surface, kit, hover) -> None:
        chip = self.obj
        if chip.drag_pos is None:
            super().draw_widget(surface, kit, hover)
            return
        ghost = chip.image(kit.gfx, False)              # its place, while it is away
        ghost.set_alpha(90)
        surface.blit(ghost, (chip.rect.x - 4, chip.rect.y - 4))
        ghost.set_alpha(None)

    def draw_loose(self, surface, kit, drag) -> None:
        chip = self.obj
        if chip.drag_pos is None:
            return
        img = chip.image(kit.gfx, drag is not None and drag["item"] is chip)
        x, y = chip.drag_pos
        surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_armed(self, surface, kit) -> None:
        r = self.obj.rect
        g = kit.gfx.glow_rect(r.width, r.height, style.GOLD_BRIGHT, 10, 8)
        surface.blit(g, (r.x - 8, r.y - 8))


class PickerHandle(Handle):
    """A number picker: its own buttons do everything (they are items of their own)."""

    def buttons(self) -> list:
        return list(self.obj.buttons)

    def parts(self) -> list:
        return list(self.obj.buttons)

    def click(self, kit, pos) -> bool:
        return True

    def draw_widget(self, surface, kit, hover) -> None:
        self.obj.draw(surface, kit, hover)


class DieHandle(Handle):
    def can_drag(self) -> bool:
        return True

    def grab(self, kit, p0, pos) -> tuple:
        return (p0[0] - self.obj.x, p0[1] - self.obj.y)

    def carry(self, pos, off) -> None:
        self.obj.x, self.obj.y = pos[0] - off[0], pos[1] - off[1]

    def glide_back(self, kit) -> None:
        die = self.obj
        (hx, hy), x0, y0 = die.home, die.x, die.y

        def apply(t):
            die.x, die.y = x0 + (hx - x0) * t, y0 + (hy - y0) * t
        kit.anim.tween(GLIDE, apply, ease_out_cubic)


class TokenHandle(Handle):
    """A token stack: dragging it carries one coin of it."""

    def can_drag(self) -> bool:
        return True

    def draw_loose(self, surface, kit, drag) -> None:
        if drag is not None and drag["item"] is self.obj:
            img = kit.coin(self.obj.icon, self.obj.size, self.obj.color)
            surface.blit(img, img.get_rect(center=drag["pos"]))


class TargetHandle(Handle):
    """A place (a seat, a zone, a board space): hovered quietly, chosen by a click."""
    solid = False

    @property
    def bounds(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)                   # its rect is the kit's target_rect(id)

    @staticmethod
    def hits(obj, pos) -> bool:
        return False                                     # found by the kit's targets_at, not stacked

    def same(self, other) -> bool:
        return other == self.obj

    def click(self, kit, pos) -> bool:
        return False

    def choose(self, kit, opts: list, pos) -> None:
        if len(opts) == 1:
            kit.execute(opts[0])
        else:
            kit.input.open_menu(self.obj, pos)

    def menu_title(self, kit):
        return kit.target_label(self.obj.id)


class PanelHandle(Handle):
    """The chronicle, a banner or a menu: it takes the press itself (scrolling, its own
    buttons) and has no menu of its own."""
    pressable = False
    has_menu = False

    def click(self, kit, pos) -> bool:
        return True


_KINDS: dict[type, type] = {
    CardSprite: CardHandle, Chip: ChipHandle, Button: ButtonHandle, NumberPicker: PickerHandle,
    DieSprite: DieHandle, TokenStack: TokenHandle, Target: TargetHandle,
    LogPanel: PanelHandle, Banner: PanelHandle, Menu: PanelHandle,
}


def kind_of(obj) -> type:
    """The handle class of a thing the kit shows (a game's own kind of item gets the
    plain Handle: its options flow, no drag of its own)."""
    for cls in type(obj).__mro__:
        kind = _KINDS.get(cls)
        if kind is not None:
            return kind
    return Handle


def handle(obj) -> Handle:
    return kind_of(obj)(obj)


def top_down(kit):
    """(handle class, thing, the panel it sits in or None) for everything of `kit` the
    pointer can meet, topmost first: the menu, the banner's buttons and the banner, the
    widgets (later over earlier; a picker's buttons over the picker), the chronicle, the
    cards by z (equal z: the first listed), the dice (later over earlier), the token stacks."""
    if kit.menu is not None:
        yield PanelHandle, kit.menu, None
    if kit.banner is not None:
        for b in kit.banner.spec.buttons:
            yield kind_of(b), b, kit.banner
        yield PanelHandle, kit.banner, None
    for w in reversed(kit.widgets):
        kind = kind_of(w)
        for part in kind(w).parts():
            yield kind_of(part), part, w
        yield kind, w, None
    yield PanelHandle, kit.log, None
    for sp in sorted(kit.sprites, key=lambda s: -s.z):
        yield CardHandle, sp, None
    for d in reversed(kit.dice):
        yield DieHandle, d, None
    for t in kit.tokens.values():
        yield TokenHandle, t, None


def top_at(kit, pos) -> Handle | None:
    """The handle of the topmost thing of `kit` under pos, or None."""
    for kind, obj, panel in top_down(kit):
        if (panel is None or panel.hit(pos)) and kind.hits(obj, pos):
            return kind(obj)
    return None
