"""Setup, options, P1, P2 (planning and sending, every space), P5, P6 and the end:
scenario tests named after CHECKLIST §5 ids."""
from __future__ import annotations

import random

import pytest

from game.core.rules import IllegalAction, OptionsError
from game.games.monster_shop.scoring import award
from tests.games.monster_shop.support import (artifact_id, cage_id, fresh, mid, play_random, put, rules, shown,
                                              tile)


def plan_all(R, s, plans):
    """Commit a plan per seat ({seat: groups}); seats not given keep everyone home."""
    for seat in range(4):
        R.apply(s, seat, ("plan", tuple(plans.get(seat, ()))))


def test_MS_001_exactly_four_players():
    R = rules()
    for n in (2, 3, 5):
        with pytest.raises(OptionsError, match="exactly 4"):
            R.validate_options({}, n)
    assert R.validate_options({}, 4)["version"] == "full"


def test_MS_170_173_options_and_addon():
    R = rules()
    o = R.validate_options({"version": "simple", "length": "short", "addons": ["reverse_last_round"]}, 4)
    assert o == {"version": "simple", "length": "short", "addons": ["reverse_last_round"]}
    for bad in ({"version": "deluxe"}, {"length": "long"}, {"addons": ["nope"]}, {"colour": 1}):
        with pytest.raises(OptionsError):
            R.validate_options(bad, 4)


def test_MS_003_004_010_setup_of_every_player():
    R, s = fresh(3)
    for seat in range(4):
        assert s.home[seat] == 7 and s.relatives[seat] == [1, 2, 3, 4]
        assert sorted(R.card_colour[k] for k in s.hand[seat]) == [0, 1, 2, 3]
        assert s.dung[seat][0] == 1 and s.mon[seat] == [-1] * 4 and s.rep[seat] == 0
        assert s.pass_at[seat] == -1
    income = sorted(s.gold)                       # round-1 income paid (MS-G21)
    assert income == [4, 4, 5, 5]


def test_MS_005_reveal_two_tiles_full_one_simple():
    R, s = fresh(1)
    assert s.contests_open == 2 and s.customers_open == 2 and len(s.contests) == 5 and len(s.customers) == 5
    R, s = fresh(1, version="simple")
    assert s.contests_open == 1 and s.customers_open == 1


def test_MS_008_black_market_six_goods_one_gold_each_short_five():
    R, s = fresh(2)
    assert sorted(b[0] for b in s.black_market) == sorted(["bodyguard", "monster", "cage", "contest_food", "upgrade", "artifact"])
    assert all(b[2] == 1 and not b[3] for b in s.black_market)
    R, s = fresh(2, length="short")
    assert len(s.black_market) == 5 and "upgrade" not in [b[0] for b in s.black_market] and s.rounds == 5


def test_MS_009_one_business_and_three_accessories():
    R, s = fresh(4)
    assert s.businesses_open == 1 and len(s.boutique) == 3 and len(s.acc_deck) == 5


def test_MS_031_income_start_and_left_neighbour_one_others_two():
    R, s = fresh(5)
    before = list(s.gold)
    s.start = 2
    R._prepare_round(s, [])
    assert [s.gold[x] - before[x] for x in range(4)] == [2, 2, 1, 1]


def test_MS_040_041_a_group_needs_an_imp_size_counts_gold_and_the_hat():
    R, s = fresh(6)
    assert not R.plan_ok(s, 0, ("plan", ((0, 2, 0, 0),)))            # gold alone is no group
    assert not R.plan_ok(s, 0, ("plan", tuple((1, 0, 0, 0) for _ in range(7))))   # at most 6
    assert R.plan_ok(s, 0, ("plan", ((3, 1, 0, 0), (1, 0, 0, 0))))
    assert not R.plan_ok(s, 0, ("plan", ((1, 0, 0, 1),)))           # no top hat owned
    s.artifacts[0].append(artifact_id("top_hat"))
    assert R.plan_ok(s, 0, ("plan", ((1, 0, 0, 1),)))
    assert R.group_size([1, 1, 0, 1]) == 2.5


def test_MS_043_plans_are_sealed_until_all_are_in():
    R, s = fresh(7)
    d = R.decisions(s)
    assert len(d) == 4 and all(x.sealed for x in d)
    ev = R.apply(s, 1, ("plan", ((2, 0, 0, 0),)))
    public = [e for e in ev if e.to is None]
    assert [e.kind for e in public] == ["sealed"]
    v0 = R.view(s, 0)
    assert "groups" not in v0["seats"][1] and "plan" not in v0["seats"][1] and v0["seats"][1]["committed"]
    for seat in (0, 2, 3):
        ev = R.apply(s, seat, ("plan", ()))
    assert any(e.kind == "reveal" and e.to is None for e in ev)


def test_MS_044_largest_first_ties_clockwise_from_the_start():
    R, s = fresh(8)
    s.start = 2
    s.tie_order = [2, 3, 0, 1]
    plan_all(R, s, {0: ((2, 0, 0, 0),), 1: ((1, 0, 0, 0),), 3: ((2, 0, 0, 0),)})
    seen = []
    while s.stage == "send":
        d = R.decisions(s)[0]
        if s.asks:
            R.apply(s, d.seat, d.actions[0])
            continue
        seen.append((d.seat, s.send_size))
        R.apply(s, d.seat, next(a for a in d.actions if a[0] == "home"))
    assert seen == [(3, 4), (0, 4), (1, 2)]


def test_MS_045_sent_gold_goes_to_the_bank_kept_gold_stays():
    R, s = fresh(9)
    g0 = s.gold[0]
    plan_all(R, s, {0: ((1, 2, 0, 0), (1, 1, 0, 0))})
    assert s.gold[0] == g0 - 3
    d = R.decisions(s)[0]
    R.apply(s, 0, ("send", 0, "jury", 0))
    d = R.decisions(s)[0]
    R.apply(s, 0, ("home", d.actions[-1][1]))
    assert s.gold[0] == g0 - 2 and s.jury[0] == 2


def test_MS_046_withdrawing_waiting_groups():
    R, s = fresh(10)
    plan_all(R, s, {0: ((3, 0, 0, 0), (1, 0, 0, 0))})
    d = R.decisions(s)[0]
    assert ("withdraw", 1) in d.actions
    home = s.home[0]
    R.apply(s, 0, ("withdraw", 1))
    assert s.home[0] == home + 1 and s.groups[0][1][4] == 2


def test_MS_047_a_group_that_grows_goes_at_its_new_size():
    R, s = fresh(11)
    s.tie_order = [0, 1, 2, 3]
    plan_all(R, s, {0: ((3, 0, 0, 0), (1, 0, 0, 0)), 1: ((2, 0, 0, 0),)})
    R.apply(s, 0, ("send", 0, "invite", 0))
    # two imps brought home join the waiting group of 1: it jumps above size 2
    R._ans_join(s, 0, ("join", 1), "imp", [])
    R._ans_join(s, 0, ("join", 1), "imp", [])
    s.dec = None
    R._advance(s, [])
    d = R.decisions(s)[0]
    assert d.seat == 0 and s.send_size == 6 and ("send", 1, "jury", 0) in d.actions


def test_MS_048_the_bodyguard_cannot_go_alone_and_is_no_free_imp():
    R, s = fresh(12)
    s.bodyguard[0] = s.bodyguard_home[0] = 1
    assert not R.plan_ok(s, 0, ("plan", ((0, 0, 1, 0),)))
    assert R.plan_ok(s, 0, ("plan", ((1, 0, 1, 0),)))
    assert R.free_imps(s, 0) == s.home[0]       # the bodyguard adds nothing to free imps


def _send_only(R, s, seat, group, space, slot=0):
    return ("send", group, space, slot) in R.decisions(s)[0].actions


def test_MS_052_054_cage_needs_two_imps_monster_needs_gold():
    R, s = fresh(13)
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    acts = R.decisions(s)[0].actions
    assert not any(a[0] == "send" and a[2] in ("cage", "monster_low", "monster_up") for a in acts)
    R, s = fresh(13)
    plan_all(R, s, {0: ((2, 1, 0, 0),)})
    acts = R.decisions(s)[0].actions
    assert any(a[2] == "cage" for a in acts if a[0] == "send")
    assert any(a[2] == "monster_low" for a in acts if a[0] == "send")


def test_MS_054_buying_a_young_monster_places_it_in_a_free_cage():
    R, s = fresh(14)
    plan_all(R, s, {0: ((1, 1, 0, 0),)})
    m = s.young[0]
    R.apply(s, 0, ("send", 0, "monster_low", 0))
    assert s.mon[0][0] == m and R.size_of(s, m) == 2 and s.young[0] == -1


def test_MS_056_hospital_heals_and_gives_a_potion():
    R, s = fresh(15)
    s.hosp[0], s.home[0] = 2, s.home[0] - 2
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    R.apply(s, 0, ("send", 0, "hospital", 0))
    assert s.hosp[0] == 0 and s.potions[0] == 1 and s.away[0] == 3


def test_MS_055_inviting_imps_brings_relatives_up_to_the_round():
    R, s = fresh(16)
    s.rnd = 2
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    R.apply(s, 0, ("send", 0, "invite", 0))
    assert s.relatives[0] == [3, 4] and s.away[0] == 3


def test_MS_060_black_market_surcharge_from_the_treasury():
    R, s = fresh(17)
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    gold = s.gold[0]
    R.apply(s, 0, ("send", 0, "black_market", 0))
    d = R.decisions(s)[0]
    assert d.kind == "black_market"
    i = next(a[1] for a in d.actions if s.black_market[a[1]][0] == "artifact")
    R.apply(s, 0, ("buy", i))
    assert s.gold[0] == gold - 1 and s.black_market[i][3] == 1 and s.black_market[i][1] in s.artifacts[0]


def test_MS_061_fortune_teller_peek_cards_and_surcharge():
    R, s = fresh(18)
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    R.apply(s, 0, ("send", 0, "fortune", 0))
    assert len(s.hand[0]) == 8
    d = R.decisions(s)[0]
    assert d.kind == "peek"
    R.apply(s, 0, d.actions[0])
    assert len(s.peeks[0]) == 1
    w, i = s.peeks[0][0]
    assert R.view(s, 0)["seats"][0]["peeks"][0][2] == (s.contests[i] if w == "contest" else s.customers[i])
    assert "peeks" not in R.view(s, 1)["seats"][0]
    d = R.decisions(s)[0]
    assert d.kind == "unsurcharge"
    R.apply(s, 0, d.actions[0])
    assert sum(b[2] for b in s.black_market) == len(s.black_market) - 1


def test_MS_062_industrial_zone_moves_the_pass_and_offers_a_business():
    R, s = fresh(19)
    plan_all(R, s, {0: ((1, 0, 0, 0),)})
    R.apply(s, 0, ("send", 0, "industry", 0))
    assert s.pass_at[0] == 0


def test_MS_063_boutique_accessory_and_triumphant_return():
    R, s = fresh(20)
    s.tie_order = [0, 1, 2, 3]
    plan_all(R, s, {0: ((2, 0, 0, 0), (1, 0, 0, 0))})
    R.apply(s, 0, ("send", 0, "hospital", 0))
    home = s.home[0]
    R.apply(s, 0, ("send", 1, "boutique", 0))
    x = R.decisions(s)[0].actions[0]
    R.apply(s, 0, x)
    assert x[1] in s.accs[0]
    d = R.decisions(s)[0]
    assert d.kind == "recall" and ("recall", 0) in d.actions
    R.apply(s, 0, ("recall", 0))
    assert s.home[0] == home + 1 and s.groups[0][0][0] == 1


def test_MS_074_076_draw_one_card_per_stripe_then_one_per_colour_is_left():
    R, s = fresh(21)
    m = put(s, 0, mid("gnasher"), 0, stage=2)      # RGRG
    R.draw_for(s, 0, [])
    assert sorted(R.card_colour[k] for k in s.hand[0]) == [0, 0, 0, 1, 2, 2, 2, 3]
    acts = R.assign_sample(s, 0, m)
    s.order[0] = [m]
    R.do_assign(s, 0, acts[0], [])
    assert sorted(R.card_colour[k] for k in s.hand[0]) == [0, 1, 2, 3]


def test_MS_097_ties_share_the_prizes_of_the_places_rounding_down():
    assert award({0: 5, 1: 5, 2: 3, 3: 0}, [4, 2, 1, 0]) == {0: 3, 1: 3, 2: 1}
    assert award({0: 2, 1: 2, 2: 2, 3: -1}, [4, 2, 1, 0]) == {0: 2, 1: 2, 2: 2}
    assert award({0: None, 1: 0, 2: -3, 3: 1}, [4, 2, 1, 0]) == {3: 4}


def test_MS_096_contest_score_with_jury_and_cans():
    R, s = fresh(22)
    s.rnd = 2
    t = tile("contests", "beauty")
    s.contests[0] = t
    m = put(s, 0, mid("gnasher"), 1)
    shown(R, s, m, L=2, M=1)
    s.suffering[m] = 1
    s.show[m][9] = 1                          # one can eaten
    s.jury[0] = 2
    assert R.contest_score(s, 0, t) == 2 + 1 - 1 + 1 + 2


def test_MS_106_108_109_110_sales():
    R, s = fresh(23)
    s.rnd = 3
    cu = tile("customers", "grandma")
    s.customers[0] = cu
    m = put(s, 0, mid("gnasher"), 1, stage=2)      # size 4
    y = put(s, 0, mid("bogling"), 2, stage=1)      # size 3: cannot be sold
    shown(R, s, m, L=2)
    shown(R, s, y, L=3)
    s.seats_to_go = [0]
    acts = R.sell_actions(s, 0)
    assert ("sell", 0, m, 0) in acts and not any(a[0] == "sell" and a[2] == y for a in acts)
    s.podium[0] = 2
    acts = R.sell_actions(s, 0)
    assert ("sell", 0, m, 1) in acts
    rep, gold = s.rep[0], s.gold[0]
    s.mutation[m] = 1
    x = s.boutique[0]
    s.accs[0].append(x)
    s.acc_on[x] = m
    R._on_sell(s, 0, ("sell", 0, m, 1), [])
    assert s.rep[0] == rep + 3 * 4                # grandma: +2 per L -> match 4, podium x3
    assert s.gold[0] == gold + R.M[m].price_at(4) - 2 + 1
    assert s.podium[0] == 1 and s.away[0] == 1 and s.mon[0][1] == -1 and x not in s.accs[0]


def test_MS_112_dark_doctor_counts_complete_pairs_only():
    R, s = fresh(24)
    cu = tile("customers", "dark_doctor")
    s.customers[0] = cu
    m = put(s, 0, mid("gnasher"), 1, stage=2)
    shown(R, s, m, D=2, M=4)
    assert R.match(s, 0, m, 0) == 3 * 2
    s.mutation[m] = 1
    assert R.match(s, 0, m, 0) == 3 * 2 + 1


def test_MS_114_work_cleans_empty_places_or_earns():
    R, s = fresh(25)
    s.mon[0] = [-1, -1, -1, -1]
    put(s, 0, mid("gnasher"), 1, dung=3)
    s.dung[0][0], s.dung[0][2] = 1, 2
    s.used[0] = 0
    s.home[0] = 3
    gold = s.gold[0]
    R._on_work(s, 0, ("work", 1), [])
    assert s.dung[0] == [0, 3, 1, 0] and s.gold[0] == gold + 2 and R.free_imps(s, 0) == 0


def _biz(R, s, key):
    b = [i for i, x in enumerate(R.biz) if x[0] == key][0]
    s.biz_order = [b] + [x for x in s.biz_order if x != b]
    s.pass_at[0] = 0
    return b


def test_MS_120_to_125_businesses():
    R, s = fresh(26)
    b = _biz(R, s, "recruitment")
    s.stage = "work"
    gold = s.gold[0]
    R.run_business(s, 0, ("biz", b, "row"), [])
    assert s.relatives[0] == [2, 3, 4] and s.away[0] == 1 and s.gold[0] == gold - 1
    b = _biz(R, s, "cannery")
    s.meat[0] = [1, 0, 0]
    R.run_business(s, 0, ("biz", b, 0), [])
    assert s.processed[0] == [0, 1] and s.meat[0] == [0, 0, 0]
    b = _biz(R, s, "office")
    gold = s.gold[0]
    R.run_business(s, 0, ("biz", b, 0), [])
    assert s.gold[0] == gold + 2 and s.used[0] == 1
    b = _biz(R, s, "psychiatrist")
    m = put(s, 0, mid("gnasher"), 1)
    s.mutation[m] = 1
    assert ("biz", b, m, "mutation") in R.biz_actions(s, 0)
    R.run_business(s, 0, ("biz", b, m, "mutation"), [])
    assert s.mutation[m] == 0
    b = _biz(R, s, "fecal_slime")
    s.dung[0][1] = 2
    R.run_business(s, 0, ("biz", b, 0), [])
    assert s.dung[0][1] == 0                  # occupied cages too


def test_MS_150_151_152_aging():
    R, s = fresh(27)
    m = put(s, 0, mid("gnasher"), 1, stage=1)
    s.meat[0] = [1, 2, 3]
    s.hosp[0], s.home[0], s.away[0] = 1, 3, 3
    s.podium[0] = 0
    s.rnd = 2
    R.end_round(s, [])
    assert s.monster_stage[m] == 2 and s.meat[0][:2] == [0, 1] and s.hosp[0] == 1 and s.home[0] == 6


def test_MS_154_round_five_lowest_reputation_round_six_opposite():
    R, s = fresh(28)
    s.rnd = 4
    s.start = 1
    s.rep = [5, 7, 2, 2]
    R.end_round(s, [])
    assert s.rnd == 5 and s.start == 2          # tie 2/3: first clockwise from seat 1
    R.end_round(s, [])
    assert s.start == 0


def test_MS_171_reverse_last_round_orders_ties_by_reputation():
    R, s = fresh(29, addons=["reverse_last_round"])
    s.rnd = 5
    s.start = 0
    s.rep = [9, 1, 5, 3]
    R.end_round(s, [])
    assert s.rnd == 6 and s.tie_order == [1, 3, 2, 0]


def test_MS_161_162_final_evaluations():
    R, s = fresh(30)
    seat = 0
    s.meat[seat], s.veg[seat], s.frozen[seat] = [1, 0, 0], [0, 0, 1], [1, 0]
    s.artifacts[seat], s.eaten_art[seat] = [0], [1]
    s.potions[seat], s.bodyguard[seat], s.processed[seat] = 1, 1, [1, 0]
    s.gold[seat] = 5
    s.hosp[seat], s.podium[seat], s.relatives[seat] = 1, 0, [4]
    assert R.economic(s, seat) == (3 + 2 + 1 + 1 + 2 - 4) + 2     # 5 gold = 2.5, rounded down at the end
    s.mon[seat] = [-1] * 4
    m = put(s, seat, mid("gnasher"), 1)
    s.dung[seat] = [1, 0, 0, 0]
    s.suffering[m] = 1
    s.accs[seat] = [0]
    assert R.exhibition(s, seat) == 2 + 2 - 1 - 1 + 1


def test_MS_163_164_negative_finals_and_shared_victory():
    R = rules()
    assert [R.penalty(x) for x in (-1, -3, -4, -7, -20, 0)] == [-1, -1, -2, -3, -3, 0]
    for seed in range(40):
        R, s = fresh(seed)
        play_random(R, s, random.Random(seed))
        res = R.result(s)
        assert res.winners and all(s.rep[w] == max(s.rep) for w in res.winners)
        assert all(0.0 <= r <= 1.0 for r in res.rewards)
        if len(res.winners) > 1:
            break
    else:
        pytest.fail("no shared victory in 40 random games")


def test_illegal_actions_are_refused_with_a_reason():
    R, s = fresh(31)
    with pytest.raises(IllegalAction):
        R.apply(s, 0, ("plan", ((99, 0, 0, 0),)))
    with pytest.raises(IllegalAction):
        R.apply(s, 0, ("send", 0, "jury", 0))


def test_MS_040_any_legal_split_is_accepted_through_the_driver_not_only_the_sample():
    from game.core.rules import is_legal
    R, s = fresh(32)
    a = ("plan", ((1, 0, 0, 0),))
    ds = R.decisions(s)
    assert a not in ds[0].actions and ds[0].free is not None
    assert is_legal(R, s, ds, 0, a)
    assert not is_legal(R, s, ds, 0, ("plan", ((0, 1, 0, 0),)))
