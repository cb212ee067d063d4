"""A plain table for any game whose own table.py is not ready (or failed to load):
the viewer's view as text, the viewer's decisions as buttons, and a log of what the
viewer may know. Built only from `match.view(viewer)` and visible events."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...core.rules import describe_action
from ..table.base import GameTable
from ..theme import FONT, SPACE
from ..widgets import Button, Group, draw_panel, draw_text, fit_text


def _short(value, depth=0) -> str:
    if isinstance(value, dict):
        if depth > 1:
            return "{…}"
        return "{" + ", ".join(f"{k}: {_short(v, depth + 1)}" for k, v in list(value.items())[:8]) + \
            (", …" if len(value) > 8 else "") + "}"
    if isinstance(value, (list, tuple)):
        if depth > 1:
            return "[…]"
        return "[" + ", ".join(_short(v, depth + 1) for v in list(value)[:10]) + (", …" if len(value) > 10 else "") + "]"
    return str(value)


def run_guarded(scene, fn, where: str, default=None):
    """fn(), a call into the scene's game table (the table and replay scenes): a table bug
    is reported as "<game> table (<where>)", the scene's table becomes the plain one and
    `default` is returned, so one broken hook never ends the game (strict mode raises)."""
    try:
        return fn()
    except Exception as exc:      # noqa: BLE001 - a table bug falls back to the plain table
        if scene.app.strict:
            raise
        scene.app.report_error(f"{scene.spec.id} table ({where})", exc)
        if not isinstance(scene.table, FallbackTable):
            scene.table = FallbackTable(scene.ctx)
        return default


class FallbackTable(GameTable):
    plays_event_sounds = False

    def __init__(self, ctx):
        super().__init__(ctx)
        self.ui = Group(ctx.extra.get("app") or _UiShim(ctx))
        self.lines: list[str] = []
        self.log: list[str] = []
        self._decisions_key = None
        self.set_viewer(ctx.viewer)

    # -- contract -----------------------------------------------------------------
    def set_viewer(self, seat):
        self.ctx.viewer = seat
        view = self.ctx.match.view(seat)
        self.lines = []
        if isinstance(view, dict):
            for k, v in view.items():
                self.lines.append(f"{k}: {_short(v)}")
        else:
            self.lines.append(_short(view))
        self._decisions_key = None
        self._rebuild_buttons()

    def on_events(self, events):
        for e in events:
            if not e.visible_to(self.ctx.viewer):
                continue
            text = e.data.get("text") if isinstance(e.data, dict) else None
            self.log.append(text or f"{e.kind}: {_short(e.data)}")
        del self.log[:-14]
        self.set_viewer(self.ctx.viewer)

    def _my_decisions(self):
        seat = self.ctx.viewer
        if seat is None or self.ctx.match.over:
            return []
        if not self.ctx.match.seats[seat].is_human:
            return []
        return self.ctx.match.decisions_for(seat)

    def _rebuild_buttons(self):
        decs = self._my_decisions()
        key = tuple((d.seat, d.kind, d.actions) for d in decs)
        if key == self._decisions_key:
            return
        self._decisions_key = key
        self.ui.clear()
        x0, y0 = 1180, 200
        x, y = x0, y0
        w, h = 340, 56
        for d in decs:
            for action in d.actions[:24]:
                label = describe_action(action)
                b = Button(self.ui.ui, (x, y, w, h), label, (lambda s=d.seat, a=action: self.ctx.submit(s, a)),
                           size=FONT.small + 2, tooltip=label)
                self.ui.add(b)
                y += h + 10
                if y > 860:
                    y = y0
                    x += w + 16
                    if x + w > 1900:
                        break

    def handle_event(self, e) -> bool:
        return self.ui.handle_event(e)

    def update(self, dt):
        self._rebuild_buttons()
        self.ui.update(dt)

    def draw(self, surface):
        ui = self.ui.ui
        pal = ui.pal
        surface.blit(ui.assets.tiled("table_felt", self.ctx.size, (150, 130, 110)), (0, 0))
        title = getattr(self.ctx.spec, "title", "") or ""
        draw_text(surface, ui, title, (60, 40), FONT.heading, pal.gold, serif=True, bold=True, shadow=True)
        who = t("play.spectator") if self.ctx.viewer is None else \
            t("play.viewing_as", name=self.ctx.match.seats[self.ctx.viewer].name)
        draw_text(surface, ui, who, (60, 96), FONT.body, pal.text_dim)
        draw_panel(surface, (40, 150, 1100, 620), ui, alpha=210)
        y = 170
        for line in self.lines[:22]:
            draw_text(surface, ui, fit_text(ui, line, FONT.small, 1060), (60, y), FONT.small, pal.text)
            y += 27
        draw_panel(surface, (40, 790, 1100, 250), ui, alpha=210)
        y = 802
        for line in self.log[-7:]:
            draw_text(surface, ui, fit_text(ui, line, FONT.small, 1060), (60, y), FONT.small, pal.text_dim)
            y += 32
        if self.ui.widgets:
            draw_text(surface, ui, t("play.your_choices"), (1180, 150), FONT.body, pal.gold, bold=True)
        elif not self.ctx.match.over:
            draw_text(surface, ui, t("play.waiting"), (1180, 150), FONT.body, pal.text_dim)
        self.ui.draw(surface)
        self.ui.draw_tooltip(surface)

    def busy(self) -> bool:
        return False

    def help_lines(self):
        return [(t("help.click"), t("help.fallback_click"))]


class _UiShim:
    """When a test builds the fallback table without an App."""

    def __init__(self, ctx):
        from .. import theme
        self.assets, self.sound = ctx.assets, ctx.sound
        self.pal = theme.palette(getattr(ctx.settings, "colorblind", False))


__all__ = ["FallbackTable", "SPACE", "pygame"]
