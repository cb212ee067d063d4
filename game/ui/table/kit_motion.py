"""The table kit's animation role: what moves and what is shown for a while.

`Motion` is held by every `TableKit` as `kit.motion`; the kit's public helpers
(`move_card`, `fly_tokens`, `herald`, ...) hand over to it, so a game's table calls them
on itself as before. It owns no state a game reads: sprites, zones, token stacks, flyers,
the effects (`kit.fx`) and toasts stay on the kit, where the drawing, the input and the
game's own code find them. What is here:

- sprite motion: layout (a zone's cards glide to their slots), glide, flip_now, take_sprite;
- queued steps for events: move_card, flip_card, reveal_card, fly_tokens (coins in flight,
  `Flyer`), set_count, roll_dice, move_together, hop_along, shuffle_into;
- timed effects: herald, floater, showcase (drawn by draw_effects, where the game's
  herald_at / showcase_at hooks say), toasts (kit.say; drawn at the toast_at hook);
- `update(dt)`, which ages flyers, token pulses, toasts and effects.
"""
from __future__ import annotations

import math

import pygame

from . import style
from .cards import CardSprite
from .dice import DieSprite
from .items import GLIDE
from .tween import ease_in_out_cubic, ease_in_out_sine, ease_out_back, ease_out_cubic, linear
from .zones import Stack, Zone

# A card shown to everyone (a proof, a reveal) stays up long enough to read at normal
# speed (issue 12 item 6: ≥ 1.5 s); the animation-speed setting scales it like any tween.
REVEAL_HOLD = 1.6


class Flyer:
    """A token in flight (coins between stacks)."""
    __slots__ = ("img", "x", "y", "alive")

    def __init__(self, img):
        self.img = img
        self.x = self.y = -100.0
        self.alive = True


class Motion:
    """Tweens and timed effects of one table (see the module docstring)."""

    def __init__(self, kit):
        self.kit = kit

    def update(self, dt: float) -> None:
        """Age what lives for a while: flyers that landed go, token pulses fade, toasts
        and effects run out."""
        kit = self.kit
        if kit.flyers:
            kit.flyers = [f for f in kit.flyers if f.alive]
        for t in kit.tokens.values():
            if t.pulse > 0:
                t.pulse = max(0.0, t.pulse - dt * 3)
        if kit.toasts:
            for tt in kit.toasts:
                tt[1] -= dt
            kit.toasts = [tt for tt in kit.toasts if tt[1] > 0]
        kit.fx.update(dt)

    def draw_flyers(self, surface) -> None:
        flyers = self.kit.flyers
        if flyers:
            surface.fblits([(f.img, (int(f.x) - f.img.get_width() // 2, int(f.y) - f.img.get_height() // 2))
                            for f in flyers])

    def draw_toasts(self, surface) -> None:
        kit = self.kit
        x, y = kit.toast_at()
        for text, left in kit.toasts:
            s = kit.gfx.badge(text, 20, fill=(30, 14, 18), border=style.CRIMSON_BRIGHT, color=style.TEXT, pad=14)
            if left < 0.4:
                s = s.copy()
                s.set_alpha(int(255 * left / 0.4))
            surface.blit(s, s.get_rect(center=(x, y)))
            y -= s.get_height() + 8

    # -- sprite motion ------------------------------------------------------------------
    def layout(self, zid=None, duration: float = GLIDE, ease=ease_out_cubic) -> None:
        """Glide the cards of one zone (or all) to their slots."""
        kit = self.kit
        zones = [kit.zones[zid]] if zid is not None and zid in kit.zones else \
            (list(kit.zones.values()) if zid is None else [])
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
                want = kit.face_shown(sp, z)
                if want != sp.face_up:
                    self.flip_now(sp, want)

    def glide(self, sp: CardSprite, x, y, angle=0.0, size=None, duration=GLIDE, ease=ease_out_cubic,
              delay=0.0) -> None:
        kit = self.kit
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
        kit.anim.tween(duration, apply, ease, delay=delay, tag=("move", sp.uid))

    def flip_now(self, sp: CardSprite, face_up: bool, duration: float = 0.28) -> None:
        kit = self.kit
        if sp.face_up == face_up:
            return
        sp.face_up = face_up
        sp.flip = 0.0

        def apply(t, sp=sp):
            sp.flip = None if t >= 1 else t
        kit.anim.tween(duration, apply, linear, tag=("flip", sp.uid))

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

    # -- queued steps for events ---------------------------------------------------------
    def move_card(self, src, dst, key=None, index=None, to_index=None, duration: float = 0.5,
                  sound: str | None = "card_slide", hold: float | None = None, origin=None) -> None:
        """Queue: a card glides from zone `src` to zone `dst` (flipping if its shown
        side changes). Unknown src/dst zones are off-table points (origin or centre)."""
        kit = self.kit
        def run():
            zs, zd = kit.zones.get(src), kit.zones.get(dst)
            sp = self.take_sprite(zs, key, index)
            if sp is None:
                start = origin or (zs.rect.center if zs is not None else (kit.size[0] // 2, -120))
                sp = kit.new_sprite(key, zd or zs, start)
                sp.face_up = False
            if key is not None:
                sp.key = key
            if zd is None:
                # leaving the table: glide to the origin / top and fade
                tx, ty = origin or (kit.size[0] // 2, -150)
                self.glide(sp, tx, ty, 0, sp.base_size, duration, ease_in_out_cubic)

                def fade(t, sp=sp):
                    sp.alpha = int(255 * (1 - t))
                    if t >= 1 and sp in kit.sprites:
                        kit.sprites.remove(sp)
                kit.anim.tween(duration, fade, linear, tag=("fade", sp.uid))
            else:
                pos = len(zd.cards) if to_index is None else max(0, min(to_index, len(zd.cards)))
                zd.cards.insert(pos, sp)
                sp.zone = zd.id
                sp.z = 50000
            if zs is not None:
                self.layout(zs.id, duration * 0.7)
            if zd is not None:
                self.layout(zd.id, duration, ease_in_out_cubic)
                sp.z = 50000 + len(kit.sprites)

                def settle(t, sp=sp, zd=zd):
                    if t >= 1 and sp in zd.cards:
                        sp.z = zd.z * 1000 + zd.cards.index(sp)
                kit.anim.tween(duration, settle, linear)
            if sound:
                kit.sound(sound)
            return hold if hold is not None else duration * 0.75
        kit.anim.enqueue(run)

    def flip_card(self, zid, index=-1, key=None, face_up=True, duration=0.3) -> None:
        kit = self.kit
        def run():
            z = kit.zones.get(zid)
            if z is None or not z.cards:
                return 0.0
            sp = z.cards[index]
            if key is not None:
                sp.key = key
            self.flip_now(sp, face_up, duration)
            kit.sound("card_flip")
            return duration
        kit.anim.enqueue(run)

    def reveal_card(self, zid, key, index=None, hold: float = REVEAL_HOLD, sound="reveal", scale: float = 1.3,
                    toward=None, frac: float = 0.3) -> None:
        """Queue: a card of `zid` (the one with `key`, else an unknown one) lifts,
        grows and turns face up for `hold` seconds, then settles back face up (it is
        public now); the next sync decides what the viewer keeps seeing."""
        kit = self.kit
        def run():
            z = kit.zones.get(zid)
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
            kit.anim.tween(hold, back, linear, delay=0.3, tag=("reveal", sp.uid))
            if sound:
                kit.sound(sound)
            return hold + 0.45
        kit.anim.enqueue(run)

    def fly_tokens(self, src, dst, amount: int, icon: str = "ducat", size: int = 30,
                   color=style.GOLD, duration: float = 0.55, final: int | None = None,
                   src_final: int | None = None, sound: str = "coin", dst_start: int | None = None) -> None:
        """Queue: `amount` tokens fly from src to dst (TokenStack ids or (x, y) points).
        Counts change coin by coin (leaving, landing), ending at `src_final` / `final`;
        `dst_start` first sets the destination's count (so it never overshoots)."""
        kit = self.kit
        def run():
            s = kit.tokens.get(src) if not (isinstance(src, tuple) and len(src) == 2
                                              and all(isinstance(v, (int, float)) for v in src)) else None
            d = kit.tokens.get(dst) if not (isinstance(dst, tuple) and len(dst) == 2
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
            img = kit.coin(icon, size, color)
            stagger = 0.07
            for i in range(shown):
                f = Flyer(img)
                kit.flyers.append(f)
                lift = 80 + 30 * kit.rng.random()
                jitter = (kit.rng.uniform(-10, 10), kit.rng.uniform(-6, 6))
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
                        kit.sound(sound)
                kit.anim.tween(duration, apply, ease_in_out_cubic, delay=i * stagger)
            return duration * 0.8 + stagger * (shown - 1)
        kit.anim.enqueue(run)

    def set_count(self, tid, value: int) -> None:
        kit = self.kit
        def run():
            t = kit.tokens.get(tid)
            if t is not None:
                t.count = value
            return 0.0
        kit.anim.enqueue(run)

    def roll_dice(self, dice: list[DieSprite], faces: list, to: list | None = None,
                  duration: float = 0.95) -> None:
        """Queue: the dice tumble (from where they are) and land on `faces`."""
        kit = self.kit
        def run():
            for i, (die, face) in enumerate(zip(dice, faces)):
                dest = to[i] if to else (die.home[0] + kit.rng.uniform(-30, 30), die.home[1] + kit.rng.uniform(-20, 20))
                die.roll(kit.anim, face, dest, duration + 0.08 * i, kit.sound if i == 0 else None, kit.rng)
            return duration + 0.08 * (len(dice) - 1) + 0.1
        kit.anim.enqueue(run)

    def move_together(self, moves, duration: float = 0.55, stagger: float = 0.05, sound: str = "card_slide") -> None:
        """Several cards ((src, dst, key) each) glide together, rightmost first, flipping
        face up on the way (the Street sliding on, a deal of many)."""
        kit = self.kit
        def run():
            moved = []
            for src, dst, key in moves:
                zs, zd = kit.zones.get(src), kit.zones.get(dst)
                if zd is None:
                    continue
                sp = self.take_sprite(zs, key)
                if sp is None:
                    sp = kit.new_sprite(key, zd, zs.rect.center if zs else zd.rect.center)
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
                        kit.sound("card_flip")
                    kit.anim.tween(0.0, flip, linear, delay=d + duration * 0.35)

                def settle(tt, sp=sp, zd=zd):
                    if tt >= 1 and sp in zd.cards:
                        sp.z = zd.z * 1000 + zd.cards.index(sp)
                kit.anim.tween(duration, settle, linear, delay=d)
            kit.sound(sound)
            return duration + stagger * max(0, len(moved) - 1) + 0.05
        kit.step(run)

    def hop_along(self, path: list, apply, per: float = 0.16, hop: float = 16.0) -> float:
        """Tween a piece along `path` (points), hopping `hop` px on each leg; `apply(pos,
        lift)` places it. Returns the duration."""
        kit = self.kit
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
        kit.anim.tween(per * segs, tick, linear)
        return per * segs

    def shuffle_into(self, pile: str, deck: str) -> float:
        """A discard pile gathered face down into its deck (a reshuffle)."""
        kit = self.kit
        zs, zd = kit.zones.get(pile), kit.zones.get(deck)
        if zs is None or zd is None:
            return 0.0
        for sp in list(zs.cards):
            zs.cards.remove(sp)
            sp.key = None
            zd.cards.append(sp)
            sp.zone = zd.id
        self.layout(zd.id, 0.45, ease_in_out_cubic)
        kit.sound("shuffle")
        return 0.5

    # -- timed effects: heralds, floaters, showcases -----------------------------------
    def herald(self, text: str, big: bool = True, color=style.GOLD_BRIGHT, hold: float = 1.3) -> None:
        """Big words across the table (whose turn, a new phase, the winner)."""
        kit = self.kit
        if kit.anim.instant:
            return
        F = kit.geo()[4]
        surf = kit.gfx.outlined_text(text, F(54 if big else 38), color, (8, 4, 4), bold=True, serif=True, px=3)
        kit.fx.add("herald", surf, hold, keep=2, drop_older=0.2)

    def floater(self, text: str, pos, color, seconds: float = 1.4) -> None:
        """Words that rise from a point and fade (+2 Suspicion, Success)."""
        kit = self.kit
        if kit.anim.instant:
            return
        F = kit.geo()[4]
        surf = kit.gfx.outlined_text(text, F(30), color, (10, 4, 4), bold=True, px=2)
        kit.fx.add("floater", (surf, pos[0], pos[1]), seconds)

    def showcase(self, key, caption: str, seconds: float = 1.9) -> None:
        """One card shown large over a dimmed table, with a caption (a reveal)."""
        kit = self.kit
        if kit.anim.instant:
            return
        F = kit.geo()[4]
        cap = kit.gfx.outlined_text(caption, F(30), style.GOLD_BRIGHT, (8, 4, 4), bold=True, serif=True, px=2)
        kit.fx.add("showcase", (key, cap), seconds, keep=1)

    def draw_effects(self, surface) -> None:
        kit = self.kit
        fx = kit.fx
        if not fx.items:
            return
        s = kit.geo()[0]
        for f in fx.of("floater"):
            img, x, y = f.data
            a = f.fade(0.0, 0.4)
            if a < 1:
                img = img.copy()
                img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(int(x), int(y - 50 * s * f.progress))))
        for f in fx.of("showcase"):
            key, cap = f.data
            (cx, cy), size = kit.showcase_at()
            face = kit.cards.face(key, size)
            k = f.fade(0.25, 0.3)
            dim = kit.gfx.cached(("fx_dim", kit.size), lambda: pygame.Surface(kit.size, pygame.SRCALPHA))
            dim.fill((0, 0, 0, int(150 * k)))
            surface.blit(dim, (0, 0))
            img = face if k >= 1 else pygame.transform.smoothscale(
                face, (max(2, int(size[0] * (0.7 + 0.3 * k))), max(2, int(size[1] * (0.7 + 0.3 * k)))))
            sh = kit.gfx.shadow(img.get_width(), img.get_height(), 16, 16, 200)
            surface.blit(sh, (cx - img.get_width() // 2 - 10, cy - img.get_height() // 2 - 6))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            surface.blit(cap, cap.get_rect(midtop=(cx, cy + size[1] // 2 + int(14 * s))))
        x, y = kit.herald_at()
        for h in fx.of("herald"):
            img = h.data
            a = h.fade(0.2, 0.45)
            if a < 1:
                img = img.copy()
                img.set_alpha(int(255 * a))
            surface.blit(img, img.get_rect(center=(x, y)))
            y += img.get_height() + int(6 * s)
