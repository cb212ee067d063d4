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
