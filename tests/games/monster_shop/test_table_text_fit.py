"""The monster-shop table's own words fit (issue 25): every monster's name, in English
and Czech, at 1280x720 and 1920x1080, whole inside its den place and its offer tile (two
lines if it must, never past the edge into the neighbour's name); a hand of twelve need
cards keeps every card's title in sight (two staggered rows, the hovered card on top)."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from tests.games.monster_shop.support import cage_id, put
from tests.tablekit import TableRig, new_match as kit_match

pytestmark = pytest.mark.usefixtures("display")

SIZES = [(1280, 720), (1920, 1080)]


@pytest.fixture(scope="module", autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def table_for(match, size):
    return TableRig(match, size=size).table


def new_match(seed=1):
    return kit_match("monster_shop", {}, seed, 4, humans=range(4))


class Names:
    """Records every text the table fits into a width (fit_text or fit_lines)."""

    def __init__(self, gfx):
        self.gfx, self.calls = gfx, []
        fit_text, fit_lines = gfx.fit_text, gfx.fit_lines

        def rec_text(s, size, width, *a, min_size=10, **k):
            self.calls.append((s, width, min_size, 1))
            return fit_text(s, size, width, *a, min_size=min_size, **k)

        def rec_lines(s, size, width, *a, min_size=10, max_lines=2, **k):
            self.calls.append((s, width, min(min_size, size), max_lines))
            return fit_lines(s, size, width, *a, min_size=min_size, max_lines=max_lines, **k)
        gfx.fit_text, gfx.fit_lines = rec_text, rec_lines

    def cut(self, names) -> list:
        """Names that do not fit whole: not on `lines` lines of `width` at the smallest size."""
        bad = []
        for s, width, min_size, lines in self.calls:
            if s not in names:
                continue
            font = self.gfx.font(min_size, True, False)
            wrapped = [s] if lines == 1 else self.gfx.wrap(s, min_size, width, True, False)
            if len(wrapped) > lines or any(font.size(x)[0] > width for x in wrapped):
                bad.append((s, width))
        return bad


@pytest.mark.parametrize("lang", ["en", "cs"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_MS_180_every_monster_name_fits_its_place_and_its_offer_tile(size, lang):
    i18n.set_language(lang)
    match = new_match()
    R, s = match.rules, match.state
    every = [m.id for m in R.M]
    table = table_for(match, size)
    rec = Names(table.gfx)
    names = {table.words.monster_name(m) for m in every}
    screen = pygame.Surface(size)
    drawn = set()
    for first in range(0, len(every), 22):
        batch = every[first:first + 22]
        for i, m in enumerate(batch[:16]):            # a den full of monsters, the rest offered
            s.mon[i // 4][i % 4], s.monster_stage[m], s.cage[i // 4][i % 4] = m, 4, cage_id("iron")
        s.young, s.older = batch[16:19], batch[19:22]
        table.reload(0)
        table.update(1 / 30)
        table.draw(screen)
        drawn |= {c[0] for c in rec.calls}
    assert names <= drawn, f"names never drawn: {sorted(names - drawn)}"
    assert not rec.cut(names), f"{lang} {size}: monster names that do not fit: {rec.cut(names)}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_MS_180_a_twelve_card_hand_keeps_every_title_in_sight(size):
    i18n.set_language("en")
    match = new_match(2)
    R, s = match.rules, match.state
    m = put(s, 0, [x.id for x in R.M if x.key == "gnasher"][0], 1)
    s.stage, s.seats_to_go, s.acting, s.order = "assign", [], 0, [[m], [], [], []]
    s.assigning = m
    while len(s.hand[0]) < 12:
        s.hand[0].append(R.draw(s, len(s.hand[0]) % 4))
    s.dec = None
    table = table_for(match, size)
    table.reload(0)
    for _ in range(90):                   # the cards glide to their places
        table.update(1 / 30)
    hand = table.zones["hand"].cards
    assert len(hand) == 12
    for sp in hand:
        band = pygame.Rect(0, 0, int(sp.w * 0.8), int(sp.h * 0.18))
        band.midtop = (int(sp.x), int(sp.y - sp.h / 2) + 2)
        over = [o for o in hand if o.z > sp.z and pygame.Rect(int(o.x - o.w / 2), int(o.y - o.h / 2),
                                                                int(o.w), int(o.h)).colliderect(band)]
        assert not over, f"{size}: the title of need card {sp.key} is under {len(over)} other card(s)"
        assert table.zones["hand"].rect.inflate(0, sp.h).contains(band), "a card's title left the hand"
