"""What the Dark Gothic table shows a newcomer (issue 25): which cards on offer you cannot pay
for (veiled, the reason on hover and, when you try to take one, in a message) and the pool's
totals per colour with a glyph for each (colour-blind safe). Their words are words.py's; the
glyphs are drawn here so the pool, the Hero cards and the tooltips' legend match.
"""
from __future__ import annotations

import pygame

from game.core.i18n import t
from game.ui.table import style
from game.ui.table.beads import shape

from .. import words
from .art import ORB

H = "dark_gothic.hint."
SHAPES = {"C": "triangle", "U": "diamond", "S": "cross", "W": "ring"}      # as words.GLYPH_CHARS


def offered_zones(table) -> list:
    """The zones whose top card a purchase may take: the Center Line, the Training piles,
    the Hungry Dead and the Villain."""
    return [("center", i) for i in range(6)] + [("supply", k) for k in table.supply_ids
                                                 if k not in ("honor", "secrets")] + ["villain"]


def refusals(table) -> dict:
    """{card id on offer: why you cannot take it now} while it is your turn (empty at any
    other time, and while the table still shows the turn before: its view lags while cards
    glide). Cached until the game moves on."""
    if (table.view or {}).get("active") != table.viewer:
        return {}
    ds = table.my_decisions() if table.is_human_viewer() else ()
    d = next((x for x in ds if x.kind in ("turn", "secret")), None)
    key = (len(table.match.log), table.viewer)
    cache = getattr(table, "_refusal_cache", None)
    if cache is not None and cache[0] == key and cache[1] is d:
        return cache[2]
    out = {} if d is None else words.refusals(table.match.rules, table.view_of(table.viewer), d)
    table._refusal_cache = (key, d, out)          # the decision itself: a new one is a new answer
    return out


def dim_unaffordable(table, surf) -> None:
    """A veil and a lock over each card on offer you cannot take now (its reason is on hover)."""
    why = refusals(table)
    if not why:
        return
    s = table.geo()[0]
    pool = table.view_of(table.viewer)["pool"]
    for zid in offered_zones(table):
        z = table.zones.get(zid)
        if z is None or not z.cards or z.cards[-1].key not in why:
            continue
        sp = z.cards[-1]
        if sp.dragging:
            continue
        r = sp.rect()
        veil = table.gfx.cached(("dg_veil", r.size), lambda r=r: _veil(r.size))
        surf.blit(veil, r.topleft)
        if not pool:                  # before anything is played every card would say so: the veil is enough
            continue
        lab = table.gfx.badge(t(H + "cannot_pay_badge"), max(11, int(16 * s)), fill=(30, 22, 26),
                              border=style.TEXT_DIM, color=style.TEXT)
        surf.blit(lab, lab.get_rect(center=(r.centerx, r.bottom - int(26 * s))))


def _veil(size) -> pygame.Surface:
    v = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(v, (6, 4, 8, 150), v.get_rect(), border_radius=max(4, size[0] // 14))
    return v


# ---------------------------------------------------------------- the pool's totals
def glyph(surf, col: str, center, r: int, fill=None) -> None:
    """The colour's shape (words.GLYPH_CHARS drawn), filled with its colour (or `fill`)."""
    shape(surf, SHAPES[col], center, r, fill or ORB[col])


def draw_totals(table, surf, box: pygame.Rect) -> list:
    """The totals row along the bottom of the pool's panel: a glyph and a number per colour.
    Returns [(rect, colour)] for the hover."""
    s, _R, _P, _C, F = table.geo()
    g = table.gfx
    pool = (table.view or table.view_of(table.viewer))["pool"]
    cell = (box.width - int(24 * s)) // 4
    y = box.bottom - int(24 * s)
    r = max(6, int(11 * s))
    out = []
    for i, (col, n, _srcs) in enumerate(words.pool_totals(pool)):
        x = box.x + int(12 * s) + i * cell
        rect = pygame.Rect(x, y - int(16 * s), cell - int(6 * s), int(32 * s))
        pygame.draw.rect(surf, (20, 14, 18), rect, border_radius=int(8 * s))
        glyph(surf, col, (x + int(8 * s) + r, y), r, fill=None if n else (90, 84, 90))
        num = g.text(str(n), F(20), style.TEXT if n else style.TEXT_DIM, bold=True)
        surf.blit(num, num.get_rect(midleft=(x + int(16 * s) + 2 * r, y)))
        out.append((rect, col))
    return out
