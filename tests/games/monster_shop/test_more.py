"""More checklist items: offers and reveals (MS-021, MS-030..038), artifacts of the Dark
Alleys (MS-142..144), the bodyguard (MS-048), processed food (MS-121, MS-122, MS-126),
the new contests (MS-098, MS-099), discards (MS-113)."""
from __future__ import annotations

from tests.games.monster_shop.support import artifact_id, care, fresh, mid, put, shown, tile


def test_MS_021_no_contest_in_round_one_customers_from_round_three_two_in_round_six():
    R, s = fresh(40)
    assert R.contest_index(s) is None and R.customer_indexes(s) == []
    s.rnd = 2
    assert R.contest_index(s) == s.contests[0] and R.customer_indexes(s) == []
    s.rnd = 3
    assert R.customer_indexes(s) == [0]
    s.rnd = 6
    assert R.customer_indexes(s) == [3, 4]


def test_MS_030_032_033_034_035_036_037_038_round_preparation():
    R, s = fresh(41)
    older_young = [m for m in s.young]
    kept_cage = s.cage_offer[-1]
    kept_upg = s.upg_offer[0]
    s.cage_offer[0] = -1
    bm_before = [list(b) for b in s.black_market]
    acc_before = list(s.boutique)
    s.rnd = 2
    R._prepare_round(s, [])
    assert s.contests_open == 3 and s.customers_open == 3                       # MS-030
    food = R.data.contests[s.contests[0]][4]
    assert [b[:2] for b in s.food_offer][1:] == [list(b) for b in food][1:]   # MS-032
    assert len(s.art_offer) == 2                                  # MS-033
    assert s.cage_offer[0] == kept_cage and len(s.cage_offer) == 3   # MS-034
    assert s.upg_offer[0] == kept_upg and len(s.upg_offer) == 3      # MS-035
    assert s.older == older_young and all(s.monster_stage[m] == 1 for m in s.older)   # MS-036
    assert len(s.young) == 3
    assert s.businesses_open == 2 and len(s.boutique) == 3 and s.boutique[:2] == acc_before[1:]   # MS-037, MS-G23
    assert s.black_market == bm_before                                      # MS-038


def test_MS_G44_farm_yield_by_type_in_the_full_version_always_meat_in_the_simple():
    for version, expect in (("full", [0, 0, 1]), ("simple", [1, 0, 0])):
        R, s = fresh(42, version=version)
        pp = mid("pearl_presser")
        from tests.games.monster_shop.support import take_out
        take_out(s, pp)
        s.older = [pp]
        s.rnd = 2
        R._prepare_round(s, [])
        food = R.data.contests[s.contests[0]][4][0]
        assert [s.food_offer[0][0] - food[0], s.food_offer[0][1] - food[1], s.food_offer[0][2]] == expect


def test_MS_142_top_hat_adds_half_a_size_once_a_round():
    R, s = fresh(43)
    s.artifacts[0].append(artifact_id("top_hat"))
    s.tie_order = [0, 1, 2, 3]
    for seat, plan in ((0, ((2, 0, 0, 1),)), (1, ((2, 0, 0, 0),)), (2, ()), (3, ())):
        R.apply(s, seat, ("plan", plan))
    assert s.send_size == 5 and R.decisions(s)[0].seat == 0
    assert R.hat_free(s, 0) == 0


def test_MS_143_little_gift_copies_now_or_at_the_next_acquisition():
    R, s = fresh(44)
    gift = artifact_id("little_gift")
    leash = artifact_id("leash")
    s.artifacts[1] = [leash]
    s.stage = "care"
    R.gain_artifact(s, 0, gift, [])
    assert s.asks[0][1] == "gift" and ("copy", leash) in s.asks[0][2]
    s.asks.pop(0)
    R._ans_gift(s, 0, ("postpone",), None, [])
    assert s.gift[0] == 1
    coin = artifact_id("lucky_coin")
    R.gain_artifact(s, 2, coin, [])
    ask = s.asks.pop(0)
    assert ask[0] == 0 and ask[2] == (("postpone",), ("copy", coin))
    R._ans_gift(s, 0, ("copy", coin), None, [])
    assert s.gift[0] == 2 and coin in s.artifacts[0]


def test_MS_144_breeders_handbook_draws_a_chosen_colour():
    R, s = fresh(45)
    s.artifacts[0].append(artifact_id("handbook"))
    put(s, 0, mid("gnasher"), 1)
    R._finish_arrange(s, 0, [])
    ask = s.asks.pop(0)
    assert ask[1] == "handbook" and len(ask[2]) == 4
    n = len(s.hand[0])
    R._ans_handbook(s, 0, ("colour", 3), None, [])
    assert len(s.hand[0]) == n + 1 and R.card_colour[s.hand[0][-1]] == 3


def test_MS_G14_a_book_draws_one_more_card_of_its_colour():
    R, s = fresh(46)
    s.artifacts[0].append(artifact_id("book_p"))
    put(s, 0, mid("gnasher"), 1, stage=0)            # RG
    R.draw_for(s, 0, [])
    assert sorted(R.card_colour[k] for k in s.hand[0]) == [0, 0, 1, 2, 2, 3, 3]


def test_MS_048_bodyguard_helps_buy_a_cage_and_leaves_the_podium():
    R, s = fresh(47)
    s.bodyguard[0] = s.bodyguard_home[0] = 1
    for seat, plan in ((0, ((1, 0, 1, 0),)), (1, ()), (2, ()), (3, ())):
        R.apply(s, seat, ("plan", plan))
    acts = R.decisions(s)[0].actions
    assert any(a[0] == "send" and a[2] == "cage" for a in acts)
    R.apply(s, 0, ("send", 0, "podium", 0))
    assert s.podium[0] == 1 and s.bodyguard_podium[0] == 1
    s.rnd = 2
    R.end_round(s, [])
    assert s.podium[0] == 1 and s.bodyguard_home[0] == 1


def test_MS_121_122_100_processed_food():
    R, s = fresh(48)
    s.mon[0] = [-1] * 4
    s.meat[0] = [0, 0, 0]
    s.veg[0] = [0, 0, 0]
    m = put(s, 0, mid("bogling"), 1)                 # a herbivore eats a can
    s.processed[0] = [1, 1]
    s.home[0] = 0
    shown(R, s, m, H=2, L=1)
    care(R, s, 0, [m])
    assert s.processed[0] == [0, 0] and s.suffering[m] == 0     # the lollipop also covered the play
    assert s.show[m][9] == 1
    s.rnd = 2
    t = tile("contests", "eater")
    s.contests[0] = t
    assert R.contest_score(s, 0, t) == 2 + R.R.can_contest_points


def test_MS_126_processed_food_never_spoils():
    R, s = fresh(49)
    s.processed[0] = [2, 1]
    s.meat[0] = [0, 0, 4]
    R.end_round(s, [])
    assert s.processed[0] == [2, 1] and s.meat[0] == [0, 0, 0]


def test_MS_G14_magic_cabinet_keeps_food_that_would_spoil():
    R, s = fresh(50)
    s.artifacts[0].append(artifact_id("magic_cabinet"))
    s.meat[0] = [0, 0, 3]
    R.end_round(s, [])
    assert s.frozen[0] == [2, 0]


def test_MS_098_dance_star_pairs_of_play_and_magic():
    R, s = fresh(51)
    t = tile("contests", "dance_star")
    s.mon[0] = [-1] * 4
    m = put(s, 0, mid("gnasher"), 1, dung=1)
    shown(R, s, m, L=3, M=1)
    assert R.contest_score(s, 0, t) == 3 * 1 + 1 * 2 - 1


def test_MS_099_wild_party_food_eaten_and_injured_imps():
    R, s = fresh(52)
    t = tile("contests", "wild_party")
    s.mon[0] = [-1] * 4
    m = put(s, 0, mid("gnasher"), 1)
    s.show[m][8] = 2
    s.injured[0] = 1
    s.suffering[m] = 1
    s.mutation[m] = 1
    assert R.contest_score(s, 0, t) == 2 + 1 - 1 - 2


def test_MS_113_assigned_cards_are_discarded_and_surplus_kept_one_per_colour():
    R, s = fresh(53)
    m = put(s, 0, mid("gnasher"), 1)
    k = s.deck[0].pop()
    s.assign[m] = [(k, 0)]
    extra = s.deck[1].pop()
    s.hand[0].append(extra)
    s.care_step = []
    R.end_trade(s, [])
    assert k in s.discard[0] and s.assign == {}
    ask = s.asks.pop(0)
    assert ask[1] == "keep" and ("keep", extra) in ask[2]
    R._ans_keep(s, 0, ("keep", extra), ask[3], [])
    assert sorted(R.card_colour[x] for x in s.hand[0]) == [0, 1, 2, 3]
