"""P4 care, need by need (MS-082..089), the potion and the two-symbol halves
(MS-077, MS-078), and one test per Dark Alleys monster ability (MS-130..138)."""
from __future__ import annotations

from tests.games.monster_shop.support import (PRINTED, artifact_id, cage_id, care, fresh, mid, put, shown,
                                              upgrade_id)


def den(seed=1, **opts):
    R, s = fresh(seed, **opts)
    s.mon[0] = [-1] * 4
    s.dung[0] = [0] * 4
    s.meat[0] = [0, 0, 0]
    s.veg[0] = [0, 0, 0]
    s.home[0] = 0
    s.used[0] = 0
    return R, s


def test_MS_082_needs_resolve_in_order_hunger_to_disease():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1, dung=0)
    shown(R, s, m, H=1, E=2, D=2)
    _asked, ev = care(R, s, 0, [m])
    kinds = [e.kind for e in ev if e.kind in ("suffering", "dung")]
    # hunger (no food: 1 suffering), then excretion (clean: 1 dung), then disease 2 + 1 dung = 3 -> 1
    assert kinds == ["suffering", "dung", "suffering"]
    assert s.suffering[m] == 2


def test_MS_083_hunger_eats_suitable_food_oldest_first_else_suffering():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1)              # a carnivore
    s.meat[0] = [1, 0, 1]
    s.veg[0] = [3, 0, 0]
    shown(R, s, m, H=3)
    care(R, s, 0, [m])
    assert s.meat[0] == [0, 0, 0] and s.veg[0] == [3, 0, 0]
    assert s.suffering[m] == 1 and s.show[m][6] == 2


def test_MS_084_excretion_clean_cage_halves_dirty_cage_full():
    R, s = den()
    a = put(s, 0, mid("gnasher"), 1, dung=0)
    b = put(s, 0, mid("bogling"), 2, dung=1)
    shown(R, s, a, E=3)
    shown(R, s, b, E=3)
    care(R, s, 0, [a, b])
    assert s.dung[0][1] == 1 and s.dung[0][2] == 4


def test_MS_085_one_imp_covers_two_play_symbols_the_rest_suffers():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1)
    s.home[0] = 1
    shown(R, s, m, L=3)
    asked, _ = care(R, s, 0, [m], [("play", 1)])
    assert asked == ["play"]
    assert s.suffering[m] == 1 and s.used[0] == 1 and s.show[m][7] == 2


def test_MS_086_anger_needs_imps_which_are_injured_or_the_monster_escapes():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1)              # iron cage: strength 3
    s.home[0] = 3
    shown(R, s, m, A=5)
    care(R, s, 0, [m], [("anger", "imps")])
    assert s.hosp[0] == 2 and s.home[0] == 1 and s.injured[0] == 2 and s.mon[0][1] == m
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1)
    s.home[0] = 1                                  # too few imps: it escapes (MS-G26)
    shown(R, s, m, A=5)
    asked, _ = care(R, s, 0, [m])
    assert asked == [] and s.mon[0][1] == -1 and m in s.lost


def test_MS_087_magic_mutates_and_the_second_mutation_loses_the_monster():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1, cage=cage_id("runed"))   # anti-magic 3
    shown(R, s, m, M=4)
    care(R, s, 0, [m])
    assert s.mutation[m] == 1
    n = put(s, 0, mid("bogling"), 2)                          # iron: anti-magic 0
    shown(R, s, n, M=2)
    care(R, s, 0, [n])
    assert s.mon[0][2] == -1 and n in s.lost


def test_MS_088_disease_two_symbols_and_one_dung_give_one_suffering():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1, dung=1)
    shown(R, s, m, D=2)
    care(R, s, 0, [m])
    assert s.suffering[m] == 1
    n = put(s, 0, mid("bogling"), 2, dung=3)
    shown(R, s, n)                                  # no disease symbol: no check at all
    care(R, s, 0, [n])
    assert s.suffering[n] == 0


def test_MS_089_suffering_reaching_the_stripes_loses_the_monster():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1, stage=0)     # size 2: two stripes
    shown(R, s, m, H=2)
    care(R, s, 0, [m])
    assert s.mon[0][1] == -1 and m in s.lost


def _assign(R, s, seat, m):
    slots = R.stripes(s, m)
    picks = []
    hand = list(s.hand[seat])
    for ci in slots:
        k = next(k for k in hand if R.card_colour[k] == ci)
        hand.remove(k)
        picks.append(k)
    return picks


def test_MS_077_a_potion_replaces_one_card_and_nothing_is_resolved_for_it():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1)
    for ci in range(4):
        s.hand[0] += [s.deck[ci].pop() for _ in range(3)]
    picks = _assign(R, s, 0, m)
    s.potions[0] = 1
    s.stage, s.acting, s.assigning, s.order[0] = "assign", 0, m, [m]
    act = ("assign", m, ((-1, 0),) + tuple((k, 0) for k in picks[1:]))
    assert R.is_legal(s, 0, act)
    R.do_assign(s, 0, act, [])
    assert s.potions[0] == 0 and s.assign[m][0] == (-1, 0)
    assert sum(R.shown_of(s.assign[m])) == len(picks) - 1
    two = ("assign", m, ((-1, 0), (-1, 0)) + tuple((k, 0) for k in picks[2:]))
    s.potions[0] = 1
    assert not R.assign_ok(s, 0, m, two)          # one potion replaces one card only


def test_MS_078_demanding_halves_only_in_the_full_version():
    for version, ok in (("full", True), ("simple", False)):
        R, s = den(version=version)
        m = put(s, 0, mid("gnasher"), 1)
        for ci in range(4):
            s.hand[0] += [s.deck[ci].pop() for _ in range(3)]
        picks = _assign(R, s, 0, m)
        act = ("assign", m, tuple((k, 1) for k in picks))
        assert R.assign_ok(s, 0, m, act) is ok
        if ok:
            assert sum(R.shown_of(act[2])) == 2 * len(picks)


def test_MS_130_sly_piglet_moves_dung_for_satisfied_play():
    R, s = den()
    m = put(s, 0, mid("piglet"), 1, dung=2)
    s.home[0] = 1
    shown(R, s, m, L=2)
    asked, _ = care(R, s, 0, [m], [("play", 1), ("piglet", 2), ("piglet", 0)])
    assert asked == ["play", "piglet", "piglet"]
    assert s.dung[0] == [1, 0, 1, 0]


def test_MS_131_pearl_presser_pearl_pays_gold_when_cleaned():
    R, s = den()
    m = put(s, 0, mid("pearl_presser"), 1, dung=0)
    shown(R, s, m, E=2)
    care(R, s, 0, [m])
    assert s.dung[0][1] == 1 and s.pearls[0][1] == 1
    gold = s.gold[0]
    R.clean_one(s, 0, 1, [])
    assert s.gold[0] == gold + R.R.pearl_gold and s.pearls[0][1] == 0


def test_MS_132_gobbler_pays_hunger_with_gold_potion_or_artifact():
    R, s = den()
    m = put(s, 0, mid("gobbler"), 1)
    s.gold[0] = 3
    s.potions[0] = 0
    s.artifacts[0] = []
    shown(R, s, m, H=2)
    asked, _ = care(R, s, 0, [m])                  # only gold: no question
    assert asked == [] and s.gold[0] == 1 and s.suffering[m] == 0
    R, s = den()
    m = put(s, 0, mid("gobbler"), 1)
    a = artifact_id("leash")
    s.artifacts[0] = [a]
    s.gold[0] = 0
    shown(R, s, m, H=1)
    care(R, s, 0, [m])
    assert s.artifacts[0] == [] and s.eaten_art[0] == [a]    # an eaten artifact stops working


def test_MS_133_vampling_first_hunger_free_then_suffering_or_an_injured_imp():
    R, s = den()
    m = put(s, 0, mid("vampling"), 1)
    s.home[0] = 2
    s.meat[0] = [3, 0, 0]
    shown(R, s, m, H=3)
    asked, _ = care(R, s, 0, [m], [("vamp", "imp"), ("vamp", "suffer")])
    assert asked == ["vampling", "vampling"]
    assert s.hosp[0] == 1 and s.suffering[m] == 1 and s.meat[0] == [3, 0, 0]   # never eats food
    assert s.show[m][6] == 0                                # quieted without food: not "fed"


def test_MS_134_radiant_spooker_passes_its_mutation_to_a_neighbour():
    R, s = den()
    sp = put(s, 0, mid("spooker"), 1)
    nb = put(s, 0, mid("bogling"), 2)
    s.mutation[sp] = 1
    shown(R, s, sp, M=1)
    asked, _ = care(R, s, 0, [sp], [("spook", 2)])
    assert asked == ["spooker"]
    assert s.mon[0][1] == sp and s.mutation[sp] == 1 and s.mutation[nb] == 1
    assert R.spook_targets(s, 0, 1) == []           # at most one per neighbour per round


def test_MS_135_big_eyed_loris_uses_a_neighbours_pairs():
    R, s = den()
    lo = put(s, 0, mid("loris"), 1)
    nb = put(s, 0, mid("bogling"), 2)
    far = put(s, 0, mid("gnasher"), 0)
    shown(R, s, nb, H=2, L=1)
    shown(R, s, far, H=1)
    shown(R, s, lo, H=1, L=1)
    care(R, s, 0, [lo])
    assert s.suffering[lo] == 1            # the hunger is met by the neighbour's pair; the play is not


def test_MS_136_cuddly_hypochondriac_ignores_disease_but_none_counts_as_one():
    R, s = den()
    h = put(s, 0, mid("hypochondriac"), 1, dung=2)
    shown(R, s, h, D=3)
    care(R, s, 0, [h])
    assert s.suffering[h] == 0
    shown(R, s, h)
    care(R, s, 0, [h])
    assert s.suffering[h] == 1             # 1 virtual disease + 2 dung = 3 -> 1 suffering


def test_MS_137_little_pony_anger_excess_covers_later_play():
    R, s = den()
    pony = put(s, 0, mid("pony"), 1)
    other = put(s, 0, mid("bogling"), 2)
    s.home[0] = 2
    shown(R, s, pony, A=5)            # iron cage 3: excess 2
    shown(R, s, other, L=2)
    care(R, s, 0, [pony, other], [("anger", "imps")])
    assert s.hosp[0] == 2 and s.suffering[other] == 0 and s.show[other][7] == 2


def test_MS_138_greater_ruffian_smashes_cages_and_upgrades_and_never_escapes():
    R, s = den()
    r = put(s, 0, mid("ruffian"), 1)
    s.upg[0][2] = upgrade_id("toy_box")
    s.home[0] = 0
    shown(R, s, r, A=5)               # excess 2, no imps: still no escape
    asked, _ = care(R, s, 0, [r], [("smash", "upgrade", 2), ("smash", "cage", 1)])
    assert asked == ["ruffian", "ruffian"]
    assert s.mon[0][1] == r and s.cage[0][1] == -2 and s.upg[0][2] == -1


def test_MS_141_the_printed_cage_cannot_be_destroyed():
    R, s = den()
    r = put(s, 0, mid("ruffian"), 0, cage=cage_id("runed"))     # a tile over the printed cage
    shown(R, s, r, A=3)               # runed strength 1: excess 2
    asked, _ = care(R, s, 0, [r], [("smash", "cage", 0)])
    assert asked == ["ruffian"] and s.cage[0][0] == PRINTED   # the second point has no target


def test_MS_072_moving_a_monster_takes_suffering_and_mutations_but_not_dung():
    R, s = den()
    m = put(s, 0, mid("gnasher"), 1, dung=2)
    s.cage[0][3] = cage_id("iron")
    s.suffering[m], s.mutation[m] = 1, 1
    s.stage, s.acting, s.arrange_left = "arrange", 0, 2
    R._on_arrange(s, 0, ("move", m, 3), [])
    assert s.mon[0][3] == m and s.suffering[m] == 1 and s.mutation[m] == 1 and s.dung[0][1] == 2 and s.dung[0][3] == 0


def test_MS_071_a_monster_without_a_cage_is_released():
    R, s = den()
    m = mid("gnasher")
    s.waiting[0] = [m]
    from tests.games.monster_shop.support import take_out
    take_out(s, m)
    s.cage[0] = [PRINTED, -2, -2, -2]
    s.mon[0][0] = put(s, 0, mid("bogling"), 0, cage=PRINTED)
    R._finish_arrange(s, 0, [])
    assert m in s.lost and s.waiting[0] == []
