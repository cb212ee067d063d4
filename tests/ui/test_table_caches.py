"""Issue 12 item 10: every cache a table holds is bounded, so a table open for hours never
grows without end (a table's own panels/glows/text and its card faces)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.assets import Assets
from game.ui.table import cards as cards_mod
from game.ui.table import gfx as gfx_mod


def test_a_tables_drawing_cache_stays_under_its_byte_bound(display, monkeypatch):
    monkeypatch.setattr(gfx_mod, "TABLE_CACHE_BYTES", 4 << 20)
    g = gfx_mod.Gfx(Assets())
    for i in range(400):                         # 400 distinct 200x160 panels: ~51 MB unbounded
        g.cached(("panel", i), lambda: pygame.Surface((200, 160), pygame.SRCALPHA))
    assert g._cache.bytes <= 4 << 20
    assert len(g._cache) < 400
    assert ("panel", 399) in g._cache            # the newest stay
    g.forget("panel")
    assert len(g._cache) == 0 and g._cache.bytes == 0


def test_card_faces_are_bounded_and_recently_used_ones_kept(display, monkeypatch):
    monkeypatch.setattr(cards_mod, "FACE_CACHE_BYTES", 2 << 20)
    r = cards_mod.CardRenderer(gfx_mod.Gfx(Assets()), "toy", lambda key: {"key": key, "title": key})
    first = r.face("a", (120, 168))
    for i in range(60):
        r.face(f"card{i}", (120, 168))
        assert r.face("a", (120, 168)) is first   # used every time: never evicted
    assert r._faces.bytes <= 2 << 20
    assert len(r._faces) < 61
