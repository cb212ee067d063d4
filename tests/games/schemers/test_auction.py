"""Rialto: the auction of the starting hands (CHECKLIST VC-070 … VC-080)."""
from __future__ import annotations

import json

import pytest

from game.core.match import Match, SeatInfo
from game.core.rules import IllegalAction, OptionsError
from game.games.schemers import engine as E

from .test_util import count_cards, events_of, play, rules

D, P, C, F, PD = "doge", "poisoner", "corsair", "fortune_teller", "plague_doctor"


def auction(players=3, line=None, seed=0, hotseat=False, tokens=None):
    R = rules()
    s = R.setup(players, R.validate_options({"mode": "rialto", "hotseat": hotseat}, players), seed)
    if line is not None:
        pool = list(s.cfg.deck)
        for c in line:
            pool.remove(c)
        s.auc.line = list(line)
        s.deck = pool
    if tokens is not None:
        s.auc.tokens = list(tokens)
    s.dec = None
    return R, s


def seats(R, s):
    return [d.seat for d in R.decisions(s)]


def test_VC_070_rialto_needs_three_players():
    with pytest.raises(OptionsError, match="Rialto needs at least 3 players \\(you chose 2\\)"):
        rules().validate_options({"mode": "rialto"}, 2)


def test_VC_071_072_six_tokens_and_2N_cards_for_sale():
    for n in (3, 4, 5, 6):
        R, s = auction(n)
        assert s.auc.tokens == [6] * n
        assert len(s.auc.line) == 2 * n and len(s.deck) == 15 - 2 * n
        assert all(h == [] for h in s.hands) and count_cards(s) == 15
        assert R.view(s, 0)["auction"]["tokens"] == 6


def test_VC_073_eight_seconds_each_bid_adds_one_token_and_two_seconds_capped():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    ds = R.decisions(s)
    assert {d.kind for d in ds} == {"bid"} and len(ds) == 3
    assert {d.timeout for d in ds} == {8.0} and len({d.clock for d in ds}) == 1
    assert s.auc.price == 0                                # opening price
    key = ds[0].clock
    events = play(R, s, ds[0].seat, "bid")
    assert s.auc.price == 1
    clock = events_of(events, "clock")[0].data
    assert clock == {"clock": key, "add": 2.0, "cap": 8.0}
    assert {d.clock for d in R.decisions(s)} == {key}      # same clock across bids


def test_VC_073_the_match_driver_adds_two_seconds_per_bid_never_above_eight():
    now = [0.0]
    R = rules()
    m = Match("schemers", R, [SeatInfo(str(i), "human") for i in range(3)], {"mode": "rialto"}, 4,
              now=lambda: now[0])
    d = m.decisions()[0]
    now[0] = 5.0                                           # 3 s left
    m.submit(d.seat, ("bid",))
    assert m.time_left(m.decisions()[0]) == pytest.approx(5.0)
    d = m.decisions()[0]
    m.submit(d.seat, ("bid",))                             # 5 + 2 = 7
    d = m.decisions()[0]
    m.submit(d.seat, ("bid",))                             # 9 → capped at 8
    assert m.time_left(m.decisions()[0]) == pytest.approx(8.0)
    now[0] = 13.5
    m.tick()                                               # everyone passes: sold
    assert m.state.auc.sold == 1


def test_VC_074_bids_are_anonymous_and_you_cannot_outbid_yourself():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    first = seats(R, s)[0]
    events = play(R, s, first, "bid")
    bid = events_of(events, "bid")[0]
    assert bid.to is None and bid.data == {"price": 1, "bids": 1}   # no seat in it
    assert first not in seats(R, s)                        # the leader is not asked
    with pytest.raises(IllegalAction):
        play(R, s, first, "bid")
    for seat in range(3):
        v = R.view(s, seat)
        assert v["auction"]["leading"] == (seat == first)
        others = json.dumps({k: v[k] for k in v if k != "auction"})
        assert "lead" not in others
        assert v["ducats"] is None and v["hand_counts"] is None
    assert "leading" not in R.view(s, None)["auction"]


def test_VC_074_only_players_who_need_cards_and_can_pay_may_bid():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    s.auc.tokens = [0, 6, 6]
    s.auc.need = [2, 0, 2]
    E.auction_next(s, None)
    s.dec = None
    assert seats(R, s) == [2]


def test_VC_075_the_last_bidder_pays_and_takes_the_card_secretly():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    order = seats(R, s)
    play(R, s, order[0], "bid")
    play(R, s, order[1], "bid")
    events = []
    for seat in seats(R, s):
        events += play(R, s, seat, "pass")
    w = order[1]
    assert s.hands[w] == [D] and s.auc.tokens[w] == 4
    private = [e for e in events if e.kind == "move" and e.to == (w,)]
    others = [e for e in events if e.kind == "move" and e.to != (w,)]
    assert private[0].data["dst"] == f"hand:{w}"
    # every other seat gets its own copy of "a card went to the sold pile", never the buyer
    assert sorted(e.to for e in others) == [(q,) for q in range(3) if q != w]
    assert all(e.data["dst"] == "sold" and e.data["card"] == D for e in others)
    assert all(e.data.get("seat") != w for e in events if e.to is None and e.kind != "pass")
    tok = [e for e in events if e.kind == "counter" and e.data["name"] == "tokens"]
    assert tok and all(e.to == (w,) for e in tok)


def test_VC_076_a_card_with_no_bid_goes_to_the_back_of_the_line():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    for seat in seats(R, s):
        play(R, s, seat, "pass")
    assert s.auc.line == [C, P, F, PD, D, D]


def test_VC_077_the_last_player_who_needs_cards_gets_the_rest_free():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    s.auc.need = [0, 0, 2]
    s.auc.line = [PD, D]
    s.deck += [C, P, F, D]
    E.auction_next(s, None)
    assert s.hands[2] == [PD, D] and s.auc is None
    assert s.coins == [6, 6, 6] and s.phase == E.TURN


def test_VC_078_a_whole_round_without_bids_deals_the_rest_at_random():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    rounds = 0
    while s.auc is not None:
        for seat in seats(R, s):
            play(R, s, seat, "pass")
        rounds += 1
    assert rounds == 6 and [len(h) for h in s.hands] == [2, 2, 2]
    assert s.coins == [6, 6, 6] and count_cards(s) == 15


def test_VC_078_nobody_who_needs_a_card_has_a_token_left():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    s.auc.tokens = [0, 0, 0]
    E.auction_next(s, None)
    assert s.auc is None and [len(h) for h in s.hands] == [2, 2, 2]


def test_VC_079_unspent_tokens_become_starting_ducats_then_standard_play():
    R, s = auction(3, line=[D, C, P, F, PD, D])
    order = seats(R, s)
    play(R, s, order[0], "bid")
    while s.auc is not None:
        for seat in seats(R, s):
            play(R, s, seat, "pass")
    assert sorted(s.coins) == [5, 6, 6] and s.coins[order[0]] == 5
    assert R.decisions(s)[0].kind == "turn"
    v = R.view(s, 1)
    assert v["ducats"] == s.coins and v["hand_counts"] == [2, 2, 2] and v["auction"] is None


def test_VC_080_hotseat_sealed_maximum_bids():
    R, s = auction(3, line=[D, C, P, F, PD, D], hotseat=True)
    ds = R.decisions(s)
    assert {d.kind for d in ds} == {"sealed_bid"} and len(ds) == 3
    assert ds[0].actions == tuple(("sealed_bid", k) for k in range(7))
    assert ds[0].default == ("sealed_bid", 0)
    play(R, s, 0, "sealed_bid", 4)
    v1 = R.view(s, 1)
    assert v1["auction"]["sealed_in"] == 1 and "4" not in json.dumps(v1["auction"]["my_sealed"])
    assert R.view(s, 0)["auction"]["my_sealed"] == 4
    play(R, s, 1, "sealed_bid", 2)
    events = play(R, s, 2, "sealed_bid", 1)
    assert s.hands[0] == [D] and s.auc.tokens[0] == 6 - 3    # second-highest 2, + 1
    sold = events_of(events, "sold")[0].data
    assert sold["price"] == 3 and "seat" not in sold


def test_VC_080_sealed_ties_are_random_and_price_never_above_the_maximum():
    winners = set()
    for seed in range(12):
        R, s = auction(3, line=[D, C, P, F, PD, D], hotseat=True, seed=seed)
        for seat in range(3):
            play(R, s, seat, "sealed_bid", 3 if seat < 2 else 0)
        w = next(p for p in range(3) if s.hands[p])
        winners.add(w)
        assert s.auc.tokens[w] == 3
    assert winners == {0, 1}


def test_VC_080_sealed_no_maximum_above_zero_sends_the_card_back():
    R, s = auction(3, line=[D, C, P, F, PD, D], hotseat=True)
    for seat in range(3):
        play(R, s, seat, "sealed_bid", 0)
    assert s.auc.line == [C, P, F, PD, D, D]
