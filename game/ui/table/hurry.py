"""A "Faster" control any table may show while an AI seat plays: on, the table's tweens run
`factor` times quicker and the app's table scene (ctx.extra["scene"], when there is one)
stops pausing between AI answers; it switches itself off when the viewer must answer
something, or the game ends.

    self.hurry = Hurry(self, (1560, 150, 320, 52), ("g.faster", "g.normal_speed", "g.faster_tip"))
    update(): self.hurry.update()          draw_overlay(): self.hurry.draw(surf)
    handle_event(): if self.hurry.click(e.pos): return True
    its hover words: self.hurry.tip() (None off its button)

The rect is in design pixels (the kit's geo() scales it); the words are locale keys: the
label while off, the label while on, the hover.
"""
from __future__ import annotations

import pygame

from game.core.i18n import t

from .widgets import Button


class Hurry:
    """The control's state for one table; `rect` is where it was last drawn (None: hidden)."""

    def __init__(self, table, rect, words: tuple[str, str, str], factor: float = 3.0):
        self.table = table
        self.design_rect = rect
        self.words = words
        self.on = False
        self.rect: pygame.Rect | None = None
        base = table.anim.speed_fn
        table.anim.speed_fn = lambda: base() * (factor if self.on else 1.0)

    def shown(self) -> bool:
        """While a human watches an AI seat decide, and is asked nothing."""
        tb = self.table
        m = tb.match
        if m.over or not tb.is_human_viewer() or tb.my_decisions():
            return False
        return any(d.seat in m.agents for d in m.decisions())

    def set(self, on: bool) -> None:
        self.on = on
        scene = self.table.ctx.extra.get("scene")
        if scene is not None and hasattr(scene, "fast"):
            scene.fast = on

    def update(self) -> None:
        """Off again once the table asks the viewer something (or the game ends)."""
        if self.on and (self.table.match.over or self.table.my_decisions()):
            self.set(False)

    def click(self, pos) -> bool:
        if self.rect is None or not self.rect.collidepoint(pos):
            return False
        self.set(not self.on)
        self.table.sound("ui_click")
        return True

    def draw(self, surf) -> None:
        tb = self.table
        if not self.shown():
            self.rect = None
            return
        self.rect = tb.geo()[1](*self.design_rect)
        btn = Button("hurry", t(self.words[1] if self.on else self.words[0]), self.rect, icon="clock",
                     style_name="gold" if self.on else "normal", font_size=20)
        btn.draw(surf, tb, self.rect.collidepoint(tb.pointer))

    def tip(self) -> str | None:
        if self.rect is None or not self.rect.collidepoint(self.table.pointer):
            return None
        return t(self.words[2])
