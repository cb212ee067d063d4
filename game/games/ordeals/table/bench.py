"""The Book of Ordeals table in its busiest state, for `python main.py bench`'s
busy-table frame time (issue 15's bar: p95 <= 8 ms at 1920x1080): 20 characters on the
table, the active character's line-of-sight overlay and Sight ring on, and the pointer
hovering a Foe (the sight line and the odds card drawn every frame). Named by
`SPEC.bench_table`; bench times update + draw of the table it returns.
"""
from __future__ import annotations

import math

import pygame

from game import registry
from game.games.ordeals.crowd import crowded_match
from game.ui.assets import Assets
from game.ui.settings import Settings
from game.ui.sound import Sound
from game.ui.table.base import TableContext


def busy_table(size=(1920, 1080)):
    """(table, description) with the sight overlay on and a Foe hovered."""
    spec = registry.get("ordeals")
    m = crowded_match(registry.ruleset("ordeals"))
    settings = Settings()
    ctx = TableContext(match=m, spec=spec, viewer=0, assets=Assets(), sound=Sound(settings),
                       settings=settings, submit=lambda seat, a: [], size=size)
    table = spec.table_class()(ctx)
    screen = pygame.Surface(size)
    table.update(1 / 60)
    table.draw(screen)
    i = table.selected_index()
    assert i is not None and table.board.los_from is not None
    v = table.view
    me = v["chars"][i]
    foe = min((c for c in v["chars"] if c["side"] == 1 and c["deployed"] and not c["ooa"]),
              key=lambda c: math.hypot(c["x"] - me["x"], c["y"] - me["y"]))
    pos = tuple(int(q) for q in table.board.camera.to_screen((foe["x"], foe["y"])))
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.hovered_foe() == (i, foe["index"])
    on_table = sum(1 for c in v["chars"] if c["deployed"] and not c["ooa"])
    return table, f"{on_table} characters, sight overlay on, a Foe hovered"
