"""pieces.py: meeples, tokens and miniatures with facing and status rings; cached
surfaces; round hit shapes; tweened moves and turns."""
from __future__ import annotations

import pygame
import pytest

from game.ui.table.pieces import KINDS, RINGS, Piece, PieceRenderer, Ring
from game.ui.table.tween import Animator


@pytest.fixture(scope="module")
def gfx():
    pygame.init()
    pygame.display.set_mode((1, 1))
    from game.ui.assets import Assets
    from game.ui.table.gfx import Gfx
    return Gfx(Assets())


def pixels(surf) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_every_kind_and_status_draws(gfx):
    pr = PieceRenderer(gfx)
    surf = pygame.Surface((400, 400), pygame.SRCALPHA)
    for kind in KINDS:
        for st in list(RINGS) + [None]:
            surf.fill((0, 0, 0, 0))
            p = Piece("x", kind, (180, 50, 40), label="A", name="Aldric", facing=45,
                      statuses={st} if st else ())
            pr.draw(surf, p, (200, 200), 30)
            assert surf.get_at((200, 200)).a == 255          # the body is there
            assert p.screen == (200.0, 200.0) and p.screen_r == 30.0


def test_status_rings_differ_by_pattern_not_only_colour(gfx):
    one = (200, 200, 200)
    same = {k: Ring(one, r.pattern, r.word) for k, r in RINGS.items()}
    pr = PieceRenderer(gfx, rings=same)
    seen = {}
    for st, ring in same.items():
        if ring.pattern == "halo":
            img = pr.halo(30, one)
        else:
            img, _ = pr.ring_layer((st,), 30)
        seen[st] = pixels(img)
    assert len(set(seen.values())) == len(seen)


def test_knocked_down_changes_the_figure(gfx):
    pr = PieceRenderer(gfx)
    for kind in ("mini", "meeple"):
        assert pixels(pr.body(kind, (90, 90, 200), 30, None, False)) != \
            pixels(pr.body(kind, (90, 90, 200), 30, None, True))


def test_surfaces_are_cached(gfx):
    pr = PieceRenderer(gfx)
    surf = pygame.Surface((300, 300))
    p = Piece("a", "mini", statuses={"guard", "tired"}, name="A", label="A", facing=10)
    pr.draw(surf, p, (100, 100), 20)
    n = len(pr._cache)
    for f in range(0, 360, 15):
        p.facing = f                                # facing is drawn per frame, not cached
        pr.draw(surf, p, (150, 120), 20)
    assert len(pr._cache) == n
    assert pr.body("mini", p.color, 20, "A") is pr.body("mini", p.color, 20, "A")


def test_hit_is_round_and_follows_the_last_draw(gfx):
    pr = PieceRenderer(gfx)
    p = Piece("a", "token", draggable=False)
    assert not p.hit((0, 0))                         # never drawn: nowhere
    pr.draw(pygame.Surface((200, 200)), p, (100, 100), 20)
    assert p.hit((100, 100)) and p.hit((114, 114))
    assert not p.hit((119, 119))                     # inside the bounds' corner, outside the base
    assert p.bounds == pygame.Rect(80, 80, 40, 40)
    assert p.drag_payload() is None
    p.hidden = True
    assert not p.hit((100, 100))


def test_tooltip_names_the_statuses_in_words():
    p = Piece("a", name="Brother Aldric", statuses={"engaged", "knocked_down"})
    assert p.tooltip() == "Brother Aldric — Engaged, Knocked Down"
    assert Piece("b", tip="custom").tooltip() == "custom"


def test_glide_follows_a_path_at_even_speed_and_ends_exactly():
    anim = Animator()
    p = Piece("a", pos=(0, 0))
    p.glide(anim, (4, 4), duration=1.0, path=[(4, 0)], ease=lambda t: t)
    anim.update(0.25)
    assert p.pos == pytest.approx((2, 0))
    anim.update(0.5)
    assert p.pos == pytest.approx((4, 2))
    anim.update(0.5)
    assert p.pos == (4.0, 4.0)


def test_turn_takes_the_short_way_round():
    anim = Animator()
    p = Piece("a", facing=350)
    p.turn(anim, 10, duration=1.0)
    anim.update(0.0001)
    for _ in range(20):
        anim.update(0.05)
        assert p.facing >= 350 - 1e-6 or p.facing <= 10 + 1e-6
    assert p.facing == pytest.approx(10)


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown piece kind"):
        Piece("a", "dragon")


def test_the_cache_stays_within_its_memory_budget(gfx):
    pr = PieceRenderer(gfx, budget=200_000)
    surf = pygame.Surface((400, 400))
    p = Piece("a", statuses={"guard", "engaged"}, name="A")
    for r in range(8, 120):                          # a long zoom: a new size every frame
        pr.draw(surf, p, (200, 200), r)
        assert pr._bytes <= 200_000 or len(pr._cache) == 1
    assert sum(s.get_width() * s.get_height() * 4 for s in
               (v[0] if isinstance(v, tuple) else v for v in pr._cache.values())) <= 200_000 + 400 * 400 * 4


def test_a_seat_mark_tells_whose_piece_it_is_without_colour(gfx):
    pr = PieceRenderer(gfx)
    grey = (150, 150, 150)
    shots = {seat: pygame.image.tobytes(pr.body("meeple", grey, 30, None, False, seat), "RGBA") for seat in range(4)}
    assert len(set(shots.values())) == 4                          # same colour, four shapes
    assert pygame.image.tobytes(pr.body("meeple", grey, 30, None), "RGBA") not in shots.values()
    cb = PieceRenderer(gfx, colorblind=True)
    assert pygame.image.tobytes(cb.body("token", grey, 30, None, False, 1), "RGBA") != \
        pygame.image.tobytes(pr.body("token", grey, 30, None, False, 1), "RGBA")


def test_a_games_base_art_facing_tab_badges_and_no_halo_or_name(gfx):
    calls = []

    def art(g, color, r, label, down):
        calls.append((color, r, label, down))
        s = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
        pygame.draw.circle(s, (1, 2, 3), (r, r), r)
        return s
    pr = PieceRenderer(gfx, base_art=art, facing_tab=(1.5, 0.9, 20.0, (0, 0, 0)), halos=False, name_tags=False)
    p = Piece("a", "mini", (200, 40, 40), label="icon:x", name="Aldric", facing=0, statuses={"lit"})
    surf = pygame.Surface((200, 200), pygame.SRCALPHA)
    pr.draw(surf, p, (100, 100), 30)
    assert calls == [((200, 40, 40), 30, "icon:x", False)]
    assert surf.get_at((100, 100))[:3] == (1, 2, 3)              # the game's body
    assert surf.get_at((100 + 40, 100)).a == 255                  # the long facing tab, beyond the rim
    assert surf.get_at((100, 100 + 30 + 12)).a == 0               # no name tag below
    assert surf.get_at((100 - 36, 100)).a == 0                    # no halo round the base
    # a token or meeple keeps the kit's body
    pr.draw(surf, Piece("t", "token", (200, 40, 40)), (100, 100), 30)
    assert len(calls) == 1
    # badges: icon discs on the rim, top-right first
    surf.fill((0, 0, 0, 0))
    pr.badges = {"a": ("lantern",)}
    pr.draw(surf, Piece("a", "mini", (200, 40, 40), facing=None), (100, 100), 30)
    assert surf.get_at((100 + 23, 100 - 23 - 13)).a == 255
    surf.fill((0, 0, 0, 0))
    pr.badges = {}
    pr.draw(surf, Piece("a", "mini", (200, 40, 40), facing=None), (100, 100), 30)
    assert surf.get_at((100 + 23, 100 - 23 - 13)).a == 0
