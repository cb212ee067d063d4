"""A disabled control's tooltip carries a warning icon before its text: the text wraps in
the room the icon leaves, so no line runs past the tooltip's panel."""
from __future__ import annotations

import pygame
import pytest

from game.ui import headless, widgets

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class Canvas(pygame.Surface):
    def __init__(self, size):
        super().__init__(size)
        self.blits = []

    def blit(self, source, dest, *args, **kw):
        rect = super().blit(source, dest, *args, **kw)
        self.blits.append(rect)
        return rect


@pytest.mark.parametrize("warn", [False, True])
def test_a_wrapped_tooltip_stays_inside_its_panel(warn, monkeypatch):
    app = headless.make_app()
    try:
        panels = []
        real = widgets.draw_panel
        monkeypatch.setattr(widgets, "draw_panel", lambda surf, r, *a, **k: (panels.append(pygame.Rect(r)),
                                                                              real(surf, r, *a, **k)))
        surf = Canvas((1920, 1080))
        text = ("Forget a saved Company (it leaves the list). Nothing to forget yet: take or save "
                "a Company from the list first.")
        widgets.draw_tooltip(surf, app, text, (300, 300), warn=warn)
        (panel,) = panels
        inside = [r for r in surf.blits if not r.contains(panel)]      # the text and the icon, not the panel
        assert inside and all(panel.contains(r) for r in inside), (panel, inside)
    finally:
        app.shutdown()
