"""Book of Ordeals scenario tests, one per checklist item (CHECKLIST §4: BO-001 … BO-201),
named after its id. Characters of the Grey Vigil: 0 Brother Aldric (Might 1, light armour,
Leader), 1 Sister Maud (Aim 1, bow), 2 Tomas Reed (spear, Reach 2"), 3 Old Ness (lantern).
Trial 1's Shadow: 4-6 Husks, 7-8 Grave Hounds, 9 Hollow Archer. Open ground: y 18-23.5."""
import math

import pytest

from game.core.rules import GAME, PLAYERS, IllegalAction, OptionsError
from game.games.ordeals import geometry as G

from .support import FixedDice, deployed, rules, scene

ALDRIC, MAUD, TOMAS, NESS = 0, 1, 2, 3
HUSK, HUSK2, HUSK3, HOUND, HOUND2, ARCHER = 4, 5, 6, 7, 8, 9


def acts(s):
    return rules().decisions(s)[0].actions


def do(s, action, seat=0):
    return rules().apply(s, seat, action)


# ------------------------------------------------------------------ text (BO-001 … BO-022)
def test_BO_001_basic_character_costs_50():
    R = rules()
    from game.games.ordeals.data import Member
    assert R.data.member_cost(Member(name="Plain")) == 50


def test_BO_002_an_act_is_up_to_3_deeds_then_tired():
    s = scene({ALDRIC: (2, 20), MAUD: (6, 20), HUSK: (22, 22)}, active=ALDRIC, then=1)
    do(s, ("move", 2, 21.5))
    do(s, ("move", 2, 22.5))
    assert s.act == ALDRIC and s.spent == 2
    do(s, ("move", 3.5, 22.5))
    assert s.chars[ALDRIC].tired and s.act != ALDRIC


def test_BO_003_new_turn_only_when_everyone_is_tired():
    s = scene({ALDRIC: (2, 20), MAUD: (4, 20), HUSK: (22, 22)}, active=ALDRIC, then=1)
    turn = s.turn
    do(s, ("end",))
    assert s.chars[ALDRIC].tired and s.turn == turn          # the Husk acted; Maud still ready
    do(s, ("act", MAUD))
    do(s, ("end",))
    assert s.turn == turn + 1 and not s.chars[ALDRIC].tired  # all Tired -> a new Turn


def test_BO_004_costs_aim_2_plus_fire_1_is_a_full_act():
    s = scene({MAUD: (2, 20), ALDRIC: (2, 23), HUSK: (10, 20)}, active=MAUD, dice=[6, 6, 3], then=1)
    assert ("aim",) in acts(s)
    do(s, ("aim",))
    assert s.spent == 2
    assert ("fire", HUSK) in acts(s) and ("aim",) not in acts(s)
    do(s, ("fire", HUSK))
    assert s.chars[MAUD].tired


def test_BO_005_hide_once_per_act_move_unlimited():
    # behind the cottage, out of the Husk's sight
    s = scene({NESS: (7.6, 9.0), HUSK: (1.0, 9.2)}, active=NESS, then=1)
    assert not rules().los(s, s.chars[HUSK], s.chars[NESS])
    assert ("hide",) in acts(s)
    do(s, ("hide",))
    assert ("hide",) not in acts(s)
    assert sum(a[0] == "move" for a in acts(s)) >= 2


def test_BO_006_move_allowance_first_and_further():
    R = rules()
    s = scene({2: (2, 20), HUSK: (22, 22)}, active=2)
    c = s.chars[2]
    assert R.allowance(s, c) == 3.0 + c.st.pace
    assert not R.is_legal(s, 0, ("move", 2 + 3.2, 20))
    do(s, ("move", 5.0, 20))
    assert R.allowance(s, c) == 3.0
    s2 = scene({ALDRIC: (2, 20), HUSK: (22, 22)}, active=ALDRIC)
    s2.chars[ALDRIC].st = s2.chars[ALDRIC].st._replace(pace=-4)
    assert R.allowance(s2, s2.chars[ALDRIC]) == 0.0            # floor 0"
    assert not any(a[0] == "move" for a in acts(s2))


def test_BO_007_climb_costs_2_and_rises_3():
    # Tomas in base contact with the 3" cottage (x 3-7, y 8-10.5)
    s = scene({TOMAS: (5, 11.0), HUSK: (22, 22)}, active=TOMAS)
    assert ("climb", 2) in acts(s)
    do(s, ("climb", 2))
    c = s.chars[TOMAS]
    assert s.spent == 2 and c.z == 3.0 and c.on == 2
    assert rules().map(s).inside_top(c.pos, 2)


def test_BO_008_assault_forbids_fire_and_repeats_while_engaged():
    s = scene({MAUD: (10, 20), HUSK: (11.9, 20), HUSK2: (20, 22)}, active=MAUD, dice=[2, 2, 2, 2], then=1)
    assert ("assault", HUSK) in acts(s) and not any(a[0] == "fire" for a in acts(s))
    do(s, ("assault", HUSK))                        # a tie: still Engaged
    assert ("assault", HUSK) in acts(s)             # repeatable while Engaged
    s.chars[HUSK].x = 14.5                          # no longer Engaged, and Assaulted already
    s.dec = None
    assert not any(a[0] in ("fire", "aim") for a in acts(s))


def test_BO_009_assault_winner_deals_margin_less_ward_then_push_or_stay():
    s = scene({ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=ALDRIC, dice=[9, 3], then=1)
    do(s, ("assault", HUSK))
    # Aldric 9 + Might 1 = 10 vs Husk 3 + 0: margin 7, Ward 0
    assert s.chars[HUSK].harm == 7 and s.chars[HUSK].ooa   # Grit 6
    s = scene({HUSK: (10, 20), ALDRIC: (11.9, 20), HUSK2: (20, 22)}, active=HUSK, dice=[2, 5], then=1)
    s.stage = "act"
    s.dec = None
    ev = []
    rules()._assault(s, HUSK, ALDRIC, ev, True)
    assert s.stage == "push" and rules().decisions(s)[0].seat == 0   # the defender chooses
    assert s.chars[HUSK].harm == 4                                   # (5+1) - 2, less Ward 0


def test_BO_010_engaged_takes_only_assault_or_stand():
    s = scene({ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=ALDRIC)
    assert {a[0] for a in acts(s)} <= {"assault", "stand", "end"}


def test_BO_011_fire_deals_the_margin():
    s = scene({MAUD: (2, 20), HOUND: (12, 20)}, active=MAUD, dice=[10, 2], then=1)
    do(s, ("fire", HOUND))
    # Maud 10 + Aim 1 = 11 vs Hound 2 + Might 1 = 3: margin 8 >= Grit 6
    assert s.chars[HOUND].ooa


def test_BO_012_advantage_keeps_the_higher_of_two():
    s = scene({MAUD: (2, 20), HOUND: (12, 20)}, active=MAUD, dice=[1, 9, 8], then=1)
    do(s, ("aim",))
    ev = do(s, ("fire", HOUND))
    roll = next(e for e in ev if e.kind == "roll" and e.data["purpose"] == "fire")
    assert roll.data["a_dice"] == [1, 9] and roll.data["a_keep"] == 9 and roll.data["a_total"] == 10


def test_BO_013_ward_is_subtracted():
    s = scene({HUSK: (10, 20), ALDRIC: (11.9, 20)}, dice=[])
    ev = []
    rules().harm(s, ALDRIC, 3, ev, source="fire")
    assert s.chars[ALDRIC].harm == 2                 # light armour: Ward 1


def test_BO_014_guard_ends_the_act_and_adds_ward():
    R = rules()
    s = scene({ALDRIC: (2, 20), MAUD: (2, 22), HUSK: (22, 22)}, active=ALDRIC, then=1)
    do(s, ("guard",))
    a = s.chars[ALDRIC]
    assert a.tired and a.guard and R.ward(a) == 2


def test_BO_015_hide_needs_cover_and_no_line_of_sight():
    s = scene({NESS: (10, 20), HUSK: (22, 22)}, active=NESS)
    assert ("hide",) not in acts(s)                    # open ground, seen
    s = scene({NESS: (7.6, 9.0), HUSK: (11, 9.2)}, active=NESS)
    assert ("hide",) not in acts(s)                    # in cover but seen


def test_BO_016_hidden_cannot_be_fired_at_from_behind_cover_and_gets_a_bonus():
    R = rules()
    s = scene({ARCHER: (12, 4.0), NESS: (9, 8.0)}, dice=[5, 5], then=1)
    n = s.chars[NESS]
    n.hidden = True
    assert R.in_cover(s, s.chars[ARCHER], n)
    assert NESS not in R.fire_targets(s, ARCHER)
    s = scene({ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=ALDRIC, dice=[5, 5], then=1)
    s.chars[ALDRIC].hidden = True
    ev = do(s, ("assault", HUSK))
    roll = next(e for e in ev if e.kind == "roll")
    assert roll.data["a_total"] == 5 + 1 + 1 and not s.chars[ALDRIC].hidden


def test_BO_017_knocked_down_on_4_harm_stand_first_minus_1_might():
    R = rules()
    s = scene({TOMAS: (10, 20), HUSK: (22, 22)}, active=TOMAS)
    R.harm(s, TOMAS, 4, [], source="fire")
    c = s.chars[TOMAS]
    assert c.down and R.might(c) == -1
    s.dec = None
    assert set(acts(s)) == {("stand",), ("end",)}
    do(s, ("stand",))
    assert not c.down


def test_BO_018_aid_stands_a_tired_ally_at_no_cost_to_them():
    s = scene({ALDRIC: (10, 20), NESS: (11.5, 20), HUSK: (22, 22)}, active=ALDRIC)
    n = s.chars[NESS]
    n.down = n.tired = True
    s.dec = None
    do(s, ("aid", NESS))
    assert not n.down and n.tired and s.act == ALDRIC and s.spent == 1


def test_BO_019_use_lights_a_lantern():
    s = scene({NESS: (10, 20), HUSK: (22, 22)}, active=NESS)
    do(s, ("use", "lantern"))
    assert s.chars[NESS].lit


def test_BO_020_reach_assaults_from_2_inches_without_engaging():
    R = rules()
    s = scene({TOMAS: (10, 20), HUSK: (12.8, 20)}, active=TOMAS, dice=[2, 9], then=1)
    assert not R.is_engaged(s, s.chars[TOMAS])
    assert ("assault", HUSK) in acts(s)
    do(s, ("assault", HUSK))                         # the defender wins a Reach Assault: nothing
    assert s.chars[TOMAS].harm == 0 and s.stage == "act"


def test_BO_021_beyond_sight_is_shrouded():
    R = rules()
    s = scene({MAUD: (2, 20), HOUND: (14, 20)}, active=MAUD)
    s.sight = 6
    assert R.shrouded(s, s.chars[MAUD], s.chars[HOUND])
    assert HOUND not in R.fire_targets(s, MAUD)


def test_BO_022_every_die_is_a_d12():
    R = rules()
    s = deployed(seed=5)
    import random
    rnd = random.Random(5)
    seen = []
    while s.res is None and len(seen) < 200:
        d = R.decisions(s)[0]
        for e in R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))]):
            if e.kind == "roll":
                seen += list(e.data.get("a_dice", [])) + list(e.data.get("d_dice", [])) + list(e.data.get("dice", []))
    assert seen and all(1 <= v <= 12 for v in seen)


# ------------------------------------------------------------------ proposals (BO-100 …)
def test_BO_110_basic_stat_line():
    R = rules()
    from game.games.ordeals.data import Member
    st = R.member_stats(Member(name="Plain"))
    assert (st.might, st.aim, st.pace, st.ward, st.grit, st.melee) == (0, 0, 0, 0, 8, "hand_weapon")


def test_BO_111_out_of_action_frees_the_engaged():
    R = rules()
    s = scene({ALDRIC: (10, 20), HUSK: (11.9, 20), HUSK2: (22, 22)}, active=ALDRIC, then=1)
    assert R.is_engaged(s, s.chars[ALDRIC])
    R.harm(s, HUSK, 10, [], source="assault")
    assert s.chars[HUSK].ooa and not R.is_engaged(s, s.chars[ALDRIC])


def test_BO_120_deployment_lower_roll_places_first_then_alternate():
    R = rules()
    s = R.setup(1, {"trial": 1}, 3)
    sides = [s.chars[i].side for i in s.deploy_order]
    assert all(sides[k] != sides[k + 1] for k in range(min(sides.count(0), sides.count(1)) * 2 - 1))
    shadow = [s.chars[i].st.behaviour for i in s.deploy_order if s.chars[i].side == 1]
    assert shadow == sorted(shadow, key=lambda b: b != "brute")          # BO-200: Brutes first


def test_BO_121_initiative_winner_chooses_then_sides_alternate():
    R = rules()
    s = deployed(trial=1, mode="versus", players=2, seed=4)
    while s.stage != "initiative":
        d = R.decisions(s)[0]
        R.apply(s, d.seat, d.actions[0])
        if s.res is not None:
            pytest.skip("game ended")
    side = s.pending[0]
    seat = s.seat_side.index(side)
    R.apply(s, seat, ("first", 1 - side))
    assert s.next_side == 1 - side and R.decisions(s)[0].seat == s.seat_side.index(1 - side)


def test_BO_122_an_act_may_end_early():
    s = scene({ALDRIC: (2, 20), MAUD: (4, 20), HUSK: (22, 22)}, active=ALDRIC, then=1)
    do(s, ("end",))
    assert s.chars[ALDRIC].tired and s.spent == 0 or s.act != ALDRIC


def test_BO_123_aid_does_not_activate_the_ally():
    test_BO_018_aid_stands_a_tired_ally_at_no_cost_to_them()


def test_BO_124_guard_lasts_until_its_next_act():
    R = rules()
    s = scene({ALDRIC: (2, 20), HUSK: (22, 22)}, active=ALDRIC, then=1)
    do(s, ("guard",))
    assert s.chars[ALDRIC].guard                       # through the Shadow's Act and the New Turn
    if s.stage == "activate":
        do(s, ("act", ALDRIC))
        assert not s.chars[ALDRIC].guard


def test_BO_130_a_move_stops_within_1_inch_of_a_foe():
    R = rules()
    s = scene({ALDRIC: (8, 20), HUSK: (12, 20)}, active=ALDRIC)
    do(s, ("move", 11.0, 20.0 + 0.0) if R.is_legal(s, 0, ("move", 11.0, 20.0)) else ("move", 10.9, 20))
    a = s.chars[ALDRIC]
    assert G.edge_dist(a.pos, s.chars[HUSK].pos) == pytest.approx(1.0, abs=0.02)
    assert R.is_engaged(s, a)


def test_BO_131_assault_ties_do_nothing():
    s = scene({ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=ALDRIC, dice=[4, 5], then=1)
    do(s, ("assault", HUSK))                          # 4 + 1 = 5 vs 5 + 0
    assert s.chars[HUSK].harm == 0 and s.chars[ALDRIC].harm == 0


def test_BO_132_push_moves_the_loser_2_inches_away():
    R = rules()
    s = scene({ALDRIC: (10, 20), HUSK2: (22, 22), HUSK3: (23, 19)}, active=ALDRIC, dice=[9, 1], then=1)
    s.chars[HUSK].deployed = True
    s.chars[HUSK].x, s.chars[HUSK].y = 11.9, 20
    s.chars[HUSK].st = s.chars[HUSK].st._replace(grit=30)
    do(s, ("assault", HUSK))
    assert s.stage == "push"
    do(s, ("push",))
    assert s.chars[HUSK].x == pytest.approx(13.9, abs=0.11)
    assert not R.is_engaged(s, s.chars[ALDRIC])      # BO-199


def test_BO_133_fire_needs_range_and_a_strictly_higher_total():
    R = rules()
    s = scene({MAUD: (2, 20), HUSK: (22, 20)}, active=MAUD)
    assert HUSK not in R.fire_targets(s, MAUD)        # 19" > bow 18"
    s = scene({MAUD: (2, 20), HUSK: (10, 20)}, active=MAUD, dice=[4, 5], then=1)
    do(s, ("fire", HUSK))                             # 4 + 1 = 5 vs 5: a miss
    assert s.chars[HUSK].harm == 0


def test_BO_134_aim_is_lost_when_unused():
    s = scene({MAUD: (2, 20), HUSK: (10, 20), ALDRIC: (4, 22)}, active=MAUD, then=1)
    do(s, ("aim",))
    do(s, ("end",))
    assert not s.aimed


def test_BO_135_fire_into_a_melee_has_disadvantage():
    R = rules()
    s = scene({MAUD: (2, 20), ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=MAUD)
    adv, dis = R.fire_modifiers(s, MAUD, HUSK)
    assert dis == 1


def test_BO_136_harm_is_damage_less_ward_at_least_0():
    s = scene({ALDRIC: (10, 20), HUSK: (22, 22)})
    rules().harm(s, ALDRIC, 1, [], source="fire")
    assert s.chars[ALDRIC].harm == 0


def test_BO_137_behind_cover_means_obstacle_woods_or_blocking_contact():
    m = rules().maps[1]
    assert m.hide_cover((9, 8.1))                    # within 1" of the wall
    assert m.hide_cover((19, 8))                     # in the copse
    assert m.hide_cover((7.55, 9))                   # touching the cottage
    assert not m.hide_cover((10, 20))


def test_BO_138_moving_into_sight_without_cover_reveals():
    s = scene({NESS: (7.6, 9.0), HUSK: (12, 20)}, active=NESS)
    s.chars[NESS].hidden = True
    s.dec = None
    do(s, ("move", 9.3, 11.3))
    assert not s.chars[NESS].hidden


def test_BO_139_use_needs_the_object_within_1_inch():
    s = scene({ALDRIC: (10, 15), HUSK: (30, 30)}, trial=2, active=ALDRIC, then=1)
    assert ("use", "grave", 0) in acts(s)
    s = scene({ALDRIC: (14, 15), HUSK: (30, 30)}, trial=2, active=ALDRIC, then=1)
    assert ("use", "grave", 0) not in acts(s)


def test_BO_150_sight_is_light_plus_weather_clamped():
    R = rules()
    s = R.setup(1, {"trial": 4}, 2)
    assert s.light == "night" and s.weather == "clear" and s.sight == 6


def test_BO_151_within_1_inch_always_seen():
    R = rules()
    s = scene({MAUD: (10, 20), HUSK: (11.9, 20)})
    s.sight = 0
    assert not R.shrouded(s, s.chars[MAUD], s.chars[HUSK])


def test_BO_152_lantern_light_and_no_hiding_while_lit():
    R = rules()
    s = scene({NESS: (7.6, 9.0), HUSK: (1.0, 9.2), MAUD: (14, 20)}, active=NESS)
    s.sight = 3
    n = s.chars[NESS]
    n.lit = True
    s.dec = None
    assert not R.shrouded(s, s.chars[MAUD], n)       # far beyond 3" but lit
    assert ("hide",) not in acts(s)


def test_BO_153_table_examples():
    R = rules()
    tb = R.data.tables
    summer = next(x for x in tb.season if x.key == "summer")
    day = next(x for x in tb.light if x.key == "daylight")
    clear = next(x for x in tb.weather if x.key == "clear")
    assert max(0, min(24, day.sight + clear.sight)) == 24 and summer.light_mod == 2
    moonless = next(x for x in tb.light if x.key == "moonless")
    fog = next(x for x in tb.weather if x.key == "fog")
    assert max(0, min(24, moonless.sight + fog.sight)) == 0


def test_BO_160_the_shadow_nearest_to_a_seen_foe_acts():
    R = rules()
    s = scene({ALDRIC: (4, 20), HUSK: (10, 20), HOUND: (20, 22)}, then=6)
    s.stage = "activate"
    s.next_side = 1
    ev = []
    R._run(s, ev)
    first = next(e for e in ev if e.kind == "act")
    assert first.data["index"] == HUSK
    why = next(e for e in ev if e.kind == "log")
    assert why.data["key"] == "ordeals.log.shadow.first_seen"
    assert why.data["params"]["actor"] == s.chars[HUSK].id
    assert why.data["params"]["target"] == s.chars[ALDRIC].id
    assert "text" not in why.data           # words come from the locale, not the rules


@pytest.mark.parametrize("lang, expect", [
    ("en", "Husk 1: acts first — nearest visible: Brother Aldric"),
    ("cs", "Slupka 1: jedná první — nejbližší viditelný: Brother Aldric"),
])
def test_BO_160_the_shadow_log_is_worded_by_the_locale(lang, expect):
    from game.core import i18n
    from game.games.ordeals.table.screen import OrdealsTable
    from game.games.ordeals.view import char_view
    R = rules()
    s = scene({ALDRIC: (4, 20), HUSK: (10, 20), HOUND: (20, 22)}, then=6)
    s.stage = "activate"
    s.next_side = 1
    ev = []
    R._run(s, ev)
    logs = [e for e in ev if e.kind == "log" and e.data.get("shadow")]
    assert logs and all(i18n.has(e.data["key"]) for e in logs)
    table = OrdealsTable.__new__(OrdealsTable)
    table.view = {"chars": [char_view(R, s, i) for i in range(len(s.chars))]}
    i18n.set_language(lang)
    try:
        assert all(i18n.has(e.data["key"]) for e in logs)
        text = table.log_entry(logs[0])[0][0]
    finally:
        i18n.set_language("en")
    assert text.startswith(expect)


def test_BO_161_engaged_shadow_assaults_the_most_harmed():
    R = rules()
    s = scene({ALDRIC: (10, 20), NESS: (10, 22.1), HUSK: (11.5, 21.2)}, then=6)
    s.chars[NESS].harm = 3
    s.next_side = 1
    ev = []
    R._run(s, ev)
    roll = next(e for e in ev if e.kind == "roll" and e.data["purpose"] == "assault")
    assert roll.data["defender"] == "a4"


def test_BO_161_step_4_moves_then_assaults():
    R = rules()
    s = scene({ALDRIC: (4, 20), HOUND: (10, 20)}, then=6)
    s.next_side = 1
    ev = []
    R._run(s, ev)
    kinds = [e.data.get("deed") for e in ev if e.kind == "deed"]
    assert kinds[:2] == ["move", "assault"]


def test_BO_161_step_7_guard_when_nothing_useful():
    R = rules()
    s = scene({ALDRIC: (4, 20), HUSK: (22.0, 22.0)}, then=6)
    s.next_side = 1
    s.sight = 0
    s.chars[HUSK].x, s.chars[HUSK].y = 12.0, 12.0   # the table centre: nowhere to go
    s.last_seen = None
    ev = []
    R._run(s, ev)
    assert s.chars[HUSK].guard


def test_BO_162_the_shadow_never_aids():
    R = rules()
    s = scene({HUSK: (10, 20), HUSK2: (11.5, 20), ALDRIC: (2, 2)}, active=HUSK)
    s.chars[HUSK2].down = True
    assert R.aid_targets(s, HUSK) == []


def test_BO_163_brute_stays_skirmisher_pushes():
    R = rules()
    s = scene({HUSK: (10, 20), ALDRIC: (11.9, 20), MAUD: (2, 2)}, active=HUSK, dice=[9, 1], then=1)
    s.chars[ALDRIC].st = s.chars[ALDRIC].st._replace(grit=40)
    R._assault(s, HUSK, ALDRIC, [], True)
    assert R.is_engaged(s, s.chars[ALDRIC])          # a Brute stays Engaged
    s = scene({ARCHER: (10, 20), ALDRIC: (11.9, 20), MAUD: (2, 2)}, active=ARCHER, dice=[9, 1], then=1)
    s.chars[ALDRIC].st = s.chars[ALDRIC].st._replace(grit=40)
    R._assault(s, ARCHER, ALDRIC, [], True)
    assert not R.is_engaged(s, s.chars[ALDRIC])      # a Skirmisher pushes and breaks off


def test_BO_164_warden_profile():
    R = rules()
    st = R.profile_stats("warden")
    assert (st.might, st.ward, st.grit, st.reach, st.knock_down) == (2, 1, 12, 2.0, 5)   # tuned (shadow.yaml)


def test_BO_170_171_trial_victory_salt():
    R = rules()
    s = scene({ALDRIC: (10, 15), HUSK: (30, 30)}, trial=2, active=ALDRIC, then=1)
    s.graves = [[10, 15, 1], [18, 14, 2], [27, 20, 2]]
    do(s, ("use", "grave", 0))
    assert s.res is not None and s.res.side == PLAYERS


def test_BO_171_relic_carried_off_own_edge_wins():
    R = rules()
    s = scene({ALDRIC: (18, 17), HUSK: (30, 33)}, trial=3, active=ALDRIC, then=1)
    do(s, ("use", "relic"))
    assert s.chars[ALDRIC].carrying
    c = s.chars[ALDRIC]
    c.y = 2.0
    s.dec = None
    do(s, ("move", c.x, 0.55))
    assert s.res is not None and s.res.side == PLAYERS


def test_BO_171_warden_slain_wins():
    R = rules()
    s = scene({ALDRIC: (10, 20), 4: (11.9, 20), 5: (30, 33)}, trial=5, active=ALDRIC)
    assert s.chars[4].st.key == "warden"
    R.harm(s, 4, 40, [], source="assault")
    assert s.res is not None and s.res.side == PLAYERS


def test_BO_171_vigil_at_the_end():
    R = rules()
    s = scene({ALDRIC: (18, 17), HUSK: (2, 34)}, trial=4)
    s.turn = R.trial(s).turns
    R._final(s, [])
    assert s.res.side == PLAYERS
    s = scene({ALDRIC: (5, 5), HUSK: (2, 34)}, trial=4)
    s.turn = R.trial(s).turns
    R._final(s, [])
    assert s.res.side == GAME


def test_BO_172_modes_and_refusals():
    R = rules()
    with pytest.raises(OptionsError, match="versus needs exactly 2"):
        R.validate_options({"mode": "versus"}, 1)
    with pytest.raises(OptionsError, match="1 or 2 players"):
        R.validate_options({}, 3)
    with pytest.raises(OptionsError, match="trial"):
        R.validate_options({"trial": 9}, 1)
    s = R.setup(2, {"mode": "solo"}, 1)
    assert {c.owner for c in s.chars if c.side == 0} == {0, 1}     # co-op: half each
    s = R.setup(2, {"mode": "versus", "trial": 3}, 1)
    assert all(c.owner >= 0 for c in s.chars)                      # no Shadow in versus


def test_BO_190_hidden_is_not_seen():
    R = rules()
    s = scene({ALDRIC: (4, 20), HUSK: (10, 20)})
    s.chars[ALDRIC].hidden = True
    assert not R.can_see(s, s.chars[HUSK], s.chars[ALDRIC])


def test_BO_191_skirmisher_keeps_its_distance():
    R = rules()
    s = scene({ALDRIC: (2, 20), ARCHER: (22.5, 22.5)}, then=6)
    s.next_side = 1
    ev = []
    R._run(s, ev)
    a = s.chars[ARCHER]
    assert not R.is_engaged(s, a)
    assert G.edge_dist(a.pos, s.chars[ALDRIC].pos) >= 1.0


def test_BO_192_lantern_wraith_lit_unless_hidden():
    R = rules()
    st = R.profile_stats("lantern_wraith")
    from game.games.ordeals.state import new_char
    c = new_char("w", 1, -1, st)
    assert R.is_lit(c)
    c.hidden = True
    assert not R.is_lit(c)


def test_BO_193_move_budget_keeps_a_deed_for_the_assault():
    from game.games.ordeals.shadow import _move_budget
    R = rules()
    s = scene({HOUND: (10, 20), ALDRIC: (2, 2)}, active=HOUND)
    assert _move_budget(R, s, s.chars[HOUND], 2) == 5.0 + 3.0


def test_BO_194_crossbow_never_aims_with_3_deeds():
    R = rules()
    s = scene({MAUD: (2, 20), HUSK: (10, 20)}, active=MAUD)
    s.chars[MAUD].st = s.chars[MAUD].st._replace(fire_cost=2)
    assert not R._can_aim(s, s.chars[MAUD])


def test_BO_195_shrouded_to_every_foe_counts_as_out_of_sight():
    R = rules()
    s = scene({NESS: (9, 8.1), HUSK: (9, 20)}, active=NESS)
    s.sight = 3
    assert ("hide",) in acts(s)


def test_BO_196_standing_on_a_top_sees_over_lower_pieces():
    test = rules().maps[1]
    # from on top of the cottage (3"), over nothing taller, to the shrine's far side
    assert test.los((5, 9), 2, (19, 15), -1, 3.0, 0.0)


def test_BO_197_advantage_and_disadvantage_cancel():
    R = rules()
    s = scene({MAUD: (2, 20), ALDRIC: (10, 20), HUSK: (11.9, 20)}, active=MAUD, dice=[7, 3], then=1)
    do(s, ("aim",))
    ev = do(s, ("fire", HUSK))
    roll = next(e for e in ev if e.kind == "roll" and e.data["purpose"] == "fire")
    assert roll.data["advantage"] == 1 and roll.data["disadvantage"] == 1 and len(roll.data["a_dice"]) == 1


def test_BO_198_a_move_never_passes_through_a_base():
    R = rules()
    s = scene({ALDRIC: (8, 20), MAUD: (10, 20), HUSK: (22, 22)}, active=ALDRIC)
    assert R.is_legal(s, 0, ("move", 10.3, 20.5)) is False      # overlapping Maud
    assert not R.is_legal(s, 0, ("move", 11.0, 20.0))          # 3" straight, but through Maud
    s.chars[MAUD].deployed = False
    s.dec = None
    assert R.is_legal(s, 0, ("move", 11.0, 20.0))
    s.chars[MAUD].deployed = True
    s.dec = None
    plan = R.move_plan(s, ALDRIC, (10.2, 21.9))
    assert plan is not None
    path, _ = plan
    assert all(R.map(s).bases_clear_seg(a, b, [(10, 20)]) for a, b in zip(path, path[1:]))


def test_BO_199_after_a_push_no_longer_engaged():
    test_BO_132_push_moves_the_loser_2_inches_away()


def test_BO_200_deployment_inside_the_zone():
    R = rules()
    s = R.setup(1, {"trial": 1}, 8)
    d = R.decisions(s)[0]
    assert d.kind == "deploy"
    assert not R.is_legal(s, 0, ("deploy", 12.0, 6.3))         # base sticks out of the zone
    assert R.is_legal(s, 0, ("deploy", 12.0, 5.4)) or R.is_legal(s, 0, ("deploy", 11.0, 5.4))
    for c in s.chars:
        if c.side == 1 and c.deployed:
            assert c.y >= 18.5


def test_BO_201_aid_not_while_engaged():
    R = rules()
    s = scene({ALDRIC: (10, 20), NESS: (11.5, 20), HUSK: (10, 18.1)}, active=ALDRIC)
    s.chars[NESS].down = True
    assert R.aid_targets(s, ALDRIC) == []


def test_moves_are_free_choices_checked_by_is_legal():
    R = rules()
    s = scene({ALDRIC: (8, 20), HUSK: (22, 22)}, active=ALDRIC)
    d = R.decisions(s)[0]
    assert d.free["verb"] == "move" and d.free["reach"] == 3.0
    assert 4 <= sum(a[0] == "move" for a in d.actions) <= 16
    assert R.is_legal(s, 0, ("move", 9.37, 21.21))
    assert not R.is_legal(s, 0, ("move", 12.0, 22.0))
    assert not R.is_legal(s, 0, ("move", float("nan"), 2))
    with pytest.raises(IllegalAction):
        R.apply(s, 0, ("move", 30, 30))
