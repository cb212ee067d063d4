"""Rialto hides who bought what (VC-074, VC-075, §3.6): a third seat cannot tell two
sales apart that differ only in the buyer, and cards never put up stay unknown."""
from __future__ import annotations

from game.games.schemers import engine as E

from .test_auction import auction, seats
from .test_util import play

D, P, C, F, PD = "doge", "poisoner", "corsair", "fortune_teller", "plague_doctor"
LINE = [D, C, P, F, PD, D]


def _sale(buyer_index: int):
    """The first card offered, one bid by the asked seat at `buyer_index`, all pass."""
    R, s = auction(3, line=list(LINE))
    order = seats(R, s)
    buyer = order[buyer_index]
    events = play(R, s, buyer, "bid")
    for seat in seats(R, s):
        events += play(R, s, seat, "pass")
    return R, s, buyer, events, order


def _seen(R, s, seat, events):
    return ([(e.kind, e.data) for e in events if e.visible_to(seat)], R.view(s, seat))


def test_VC_075_a_third_seat_cannot_tell_who_bought():
    R1, s1, b1, ev1, order = _sale(0)
    R2, s2, b2, ev2, _ = _sale(1)
    assert b1 != b2 and s1.hands[b1] == [D] and s2.hands[b2] == [D]
    third = next(p for p in range(3) if p not in (b1, b2))
    assert _seen(R1, s1, third, ev1) == _seen(R2, s2, third, ev2)


def test_VC_074_cards_not_yet_put_up_are_hidden_in_the_view():
    R, s = auction(3, line=list(LINE))
    line = R.view(s, 0)["auction"]["line"]
    assert line[0] == D and line[1:] == [None] * (len(LINE) - 1)
    first = seats(R, s)
    for seat in first:                         # nobody bids: the card goes to the back
        play(R, s, seat, "pass")
    line = R.view(s, 0)["auction"]["line"]
    assert line[0] == C and line[-1] == D and line[1:-1] == [None] * (len(LINE) - 2)


def test_VC_077_cards_handed_out_free_are_not_shown_to_the_others():
    R, s = auction(3, line=list(LINE))
    s.auc.need = [0, 0, 2]
    s.auc.line = [D, C]
    ev = []
    E.auction_next(s, ev)
    moves = [e for e in ev if e.kind == "move" and e.to != (2,)]
    assert moves and all(e.data["card"] is None and not e.data["face_up"] for e in moves)


# -- the table (issue 13 item 6): per-seat indicators come from the viewer's view -------------

def test_VC_074_the_rialto_table_looks_the_same_whoever_leads_the_bidding(app_parts):
    """The same sale with two different leaders: the third seat's table draws the same
    words, icons and pixels (the leader is the one seat not asked to bid, so a clock bar
    drawn from the match's decisions used to give it away)."""
    import pygame

    from game.core.match import Match, SeatInfo
    from game import registry

    from .test_table import NAMES, _recording_assets, _table_for

    rules = registry.ruleset("schemers")
    seats = [SeatInfo(NAMES[i], "human") for i in range(3)]
    opts = {"mode": "rialto", "clock": 20}
    frozen = lambda: 100.0                              # every clock drawn alike
    matches, leaders = [], []
    for k in (0, 1):
        m = Match("schemers", rules, seats, opts, 7, now=frozen)
        asked = sorted(d.seat for d in m.decisions() if d.kind == "bid")
        leaders.append(asked[k])
        m.submit(asked[k], ("bid",))
        matches.append(m)
    assert leaders[0] != leaders[1]
    viewer = next(p for p in range(3) if p not in leaders)
    assert matches[0].view(viewer) == matches[1].view(viewer)
    frames = []
    for m in matches:
        assets = _recording_assets()
        table = _table_for(app_parts, m, viewer, assets)
        surf = pygame.Surface((1920, 1080))
        for _ in range(4):
            table.update(1 / 30)
            table.draw(surf)
        frames.append((assets.drawn, pygame.image.tobytes(surf, "RGB")))
    assert frames[0][0] == frames[1][0], "the table drew different words or icons"
    assert frames[0][1] == frames[1][1], "the table drew different pixels"
