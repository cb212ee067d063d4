"""Recruitment for a newcomer (BO-110): a new recruit's line read "Might 0 · Aim 0 · Pace 0 ·
Reach 0"" and nobody could tell how far Pace 0 moves or what Reach 0 reaches. Now Might,
Aim and Pace carry their sign (they are bonuses: to a D12, to the first Move's inches),
Reach is the real distance an Assault reaches (never under Engagement's inch), and
pointing at the line or at an upgrade says what each number does with this character's
values and what a new recruit starts with. The icon button beside Save Company (forget a
saved Company) says what it does, and while disabled why."""
from __future__ import annotations

import pygame
import pytest

from game.ui import widgets

from .test_recruit_screen import app, button, click, home, new_game, open_recruit  # noqa: F401  (fixtures)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def hover_tip(app, w) -> str | None:
    pos = (w.rect.x + 12, w.rect.centery)
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(60):
        app.step(1 / 60, [])
    ui = app.top.ui
    assert ui.hover_widget is w, f"the pointer is not on {w}"
    return w.tooltip_text()


def texts(sc):
    return [w for w in sc.ui.widgets if isinstance(getattr(w, "text", None), str) and w.visible]


def test_a_new_recruits_numbers_are_bonuses_with_their_meaning_on_hover(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Recruit a character").rect.center)
    line = next(w for w in texts(sc) if w.text.startswith("Might") and "Grit" in w.text)
    assert line.text == "Might +0 · Aim +0 · Pace +0 · Ward 0 · Grit 8 · Reach 1\""
    tip = hover_tip(app, line)
    assert tip is not None
    assert "A new recruit starts at Might +0, Aim +0, Pace +0, Ward 0, Grit 8" in tip
    assert "the first Move of each Act is 3\" + Pace = 3\"" in tip
    assert "Reach 1\": Assaults a Foe this near" in tip and "D12" in tip
    pace = next(w for w in texts(sc) if w.text == "Pace +0")
    assert hover_tip(app, pace).startswith("Pace +0: the first Move")
    click(app, sc.choice_buttons[("upgrade", "pace", "+")].rect.center)
    line = next(w for w in texts(sc) if w.text.startswith("Might") and "Grit" in w.text)
    assert "Pace +1" in line.text and "= 4\"" in line.tooltip


def test_the_forget_button_says_what_it_does_and_why_it_is_disabled(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    forget = next(w for w in sc.ui.widgets if isinstance(w, widgets.Button) and w.on_click == sc.forget)
    assert not forget.enabled
    tip = hover_tip(app, forget)
    assert tip.startswith("Forget a saved Company") and "take or save a Company from the list first" in tip
