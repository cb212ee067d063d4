"""Plots and reaction windows (DD-G04, DD-G16): Foiled!, Sod Off!, Loaded Dice, Bribe,
Poach, Frame-Up, Sleight of Hand, Dirty Fighting, single-use Loot, and the fairness rule
for who is asked."""
from __future__ import annotations

from tests.games.dark_deeds.test_support import act, check_invariants, decision, dice, ids, logs, make, rules

R = rules()


def test_foiled_window_asks_clockwise_first_taker_wins():
    s = make(n=4, active=1, street=["guildmaster"] + [None] * 5,
             hands={2: ["snitch"], 3: ["foiled"], 0: ["foiled"]})
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    order = []
    d = decision(s)
    order.append(d.seat)
    assert d.kind == "reaction" and d.prompt["window"] == "foiled" and d.seat == 2
    assert d.actions == (("pass",),)              # seat 2 holds no Foiled!, is asked anyway
    act(s, "pass", seat=2)
    d = decision(s)
    assert d.seat == 3 and ("foiled",) in d.actions
    ev = act(s, "foiled", seat=3)
    assert "foiled" in logs(ev)
    assert ids("foiled")[1] in s.hands[0]         # seat 0 never got to spend theirs
    # seat 1 (active) has an empty hand: cannot hold Sod Off!, so the roll simply fails
    assert s.street[0] == ids("guildmaster")[0] and "rob_fail" in logs(ev)


def test_sod_off_cancels_foiled():
    s = make(street=["guildmaster"] + [None] * 5, hands={0: ["sod_off"], 1: ["foiled"]})
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    act(s, "foiled", seat=1)
    d = decision(s)
    assert d.seat == 0 and d.prompt["window"] == "sod_off" and ("sod_off",) in d.actions
    ev = act(s, "sod_off", seat=0)
    assert "rob_ok" in logs(ev) and ids("guildmaster")[0] in s.score[0]
    assert set(ids("foiled")[:1] + ids("sod_off")[:1]) <= set(s.tavern_discard)


def test_no_window_when_every_copy_is_public():
    s = make(street=["guildmaster"] + [None] * 5, hands={1: ["snitch"]})
    for c in ids("foiled"):
        if c in s.tavern_deck:
            s.tavern_deck.remove(c)
            s.tavern_discard.append(c)
    s.dec = None
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    ev = act(s, "roll")
    assert "rob_ok" in logs(ev)                  # nobody could hold Foiled!: nobody asked


def test_window_depends_on_public_information_only():
    """Whether seat 1 is asked must not depend on whether it really holds Foiled!."""
    asked = []
    for hand in (["foiled"], ["snitch"]):
        s = make(street=["guildmaster"] + [None] * 5, hands={1: hand})
        dice(s, 6, 6)
        act(s, "target", "street", 1)
        act(s, "roll")
        asked.append(decision(s).seat == 1 and decision(s).kind == "reaction")
    assert asked == [True, True]


def test_failed_rolls_open_no_window():
    s = make(street=["guildmaster"] + [None] * 5, hands={1: ["foiled"]})
    dice(s, 1, 1)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert decision(s).kind == "tavern"


def test_loaded_dice_rerolls_and_new_result_stands():
    s = make(street=["guildmaster"] + [None] * 5, hands={0: ["loaded_dice", "loaded_dice"]})
    dice(s, 1, 1, 2, 2)
    act(s, "target", "street", 1)
    act(s, "roll")
    d = decision(s)
    assert d.kind == "after_roll" and d.prompt["success"] is False
    ev = act(s, "play", ids("loaded_dice")[0])
    rolls = [e for e in ev if e.kind == "roll"]
    assert rolls[0].data["faces"] == [2, 2] and "rob_fail" in logs(ev)
    assert decision(s).kind == "tavern"          # no second reroll


def test_bribe_and_bribe_purse_pass_a_guard():
    s = make(street=["cobbler", None, None, None, "inquisitor", "thief_taker"], hands={0: ["bribe"]},
             loot={0: ["bribe_purse"]})
    act(s, "target", "street", 1)
    ev = act(s, "play", ids("bribe")[0])
    assert "bribed" in logs(ev) and s.passed == [ids("thief_taker")[0]]
    ev = act(s, "use", ids("bribe_purse")[0])
    assert s.passed == [ids("thief_taker")[0], ids("inquisitor")[0]]
    assert decision(s).prompt["purpose"] == "rob"
    assert ids("bribe_purse")[0] in s.loot_discard["merchant"]


def test_sleight_of_hand_and_dirty_fighting_apply_to_their_rolls():
    s = make(street=["sergeant"] + [None] * 5, hands={0: ["sleight_of_hand", "dirty_fighting"]})
    act(s, "target", "street", 1)
    acts = decision(s).actions
    assert ("play", ids("dirty_fighting")[0]) in acts and ("play", ids("sleight_of_hand")[0]) not in acts
    act(s, "play", ids("dirty_fighting")[0])
    assert decision(s).prompt["bonus"] == 2
    dice(s, 3, 3)
    act(s, "roll")
    assert s.roll_extra == 0                     # the bonus was for that roll only


def test_holy_water_only_against_a_nemesis():
    s = make(street=["sergeant", "brother_osric"] + [None] * 4, loot={0: ["holy_water"]})
    act(s, "target", "street", 1)
    assert ("use", ids("holy_water")[0]) not in decision(s).actions
    s = make(street=["sergeant", "brother_osric"] + [None] * 4, loot={0: ["holy_water"]})
    act(s, "target", "street", 2)
    assert ("use", ids("holy_water")[0]) in decision(s).actions


def test_indulgence_any_time_in_own_turn():
    s = make(street=["cobbler"] + [None] * 5, loot={0: ["indulgence"]}, susp=[5, 0])
    act(s, "use", ids("indulgence")[0])
    assert s.susp[0] == 2 and ids("indulgence")[0] in s.loot_discard["cleric"]


def test_poach_targets_another_players_chaser():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["poach"]}, chasing={1: ["watchman"], 0: ["constable"]})
    w = ids("watchman")[0]
    act(s, "play", ids("poach")[0], w)
    d = decision(s)
    assert d.prompt["purpose"] == "sneak" and d.prompt["target"] == ids("constable")[0]
    dice(s, 6, 6, 1, 1)
    act(s, "roll")
    act(s, "roll")                                # attack fails: the Guard now chases me
    assert w in s.chasing[0] and w not in s.chasing[1] and s.susp[0] == 1


def test_poach_defeat_scores():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["poach"]}, chasing={1: ["brother_osric"]})
    n = ids("brother_osric")[0]
    act(s, "play", ids("poach")[0], n)
    dice(s, 6, 6)
    act(s, "roll")
    assert n in s.score[0] and s.chasing[1] == [] and s.susp[0] == 3


def test_frame_up_moves_a_chasing_guard_and_sod_off_stops_it():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["frame_up"], 1: ["sod_off"]}, chasing={0: ["watchman"]})
    w = ids("watchman")[0]
    act(s, "play", ids("frame_up")[0], w, 1)
    d = decision(s)
    assert d.seat == 1 and ("sod_off",) in d.actions
    act(s, "sod_off", seat=1)
    assert s.chasing == [[w], []]
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["frame_up"]}, chasing={0: ["watchman"]})
    act(s, "play", ids("frame_up")[0], w, 1)
    assert s.chasing == [[], [w]]


def test_frame_up_mid_sneak_removes_that_guard_from_the_way():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["frame_up"]}, chasing={0: ["watchman"]})
    w = ids("watchman")[0]
    act(s, "target", "street", 1)
    assert decision(s).prompt["target"] == w
    act(s, "play", ids("frame_up")[0], w, 1)
    assert decision(s).prompt["purpose"] == "rob"


def test_blame_game_completes_with_snitch():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch", "blame_game"]}, susp=[2, 0])
    act(s, "play", ids("snitch")[0], 1, 2)
    assert ids("blame_game")[0] in s.score[0]


def test_usurper_and_notorious_deeds():
    s = make(street=["master_smith"] + [None] * 5, hands={0: ["usurper"]}, msm=1, susp=[0, 2])
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert ids("usurper")[0] in s.score[0]
    s = make(street=["master_smith"] + [None] * 5, hands={0: ["notorious"]}, susp=[10, 0])
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert ids("notorious")[0] in s.score[0]


def test_jailbird_and_cool_customer():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["cool_customer"]}, susp=[3, 0],
             chasing={0: ["watchman", "constable"]})
    s.stage, s.phase, s.dec = "tavern", "tavern", None
    act(s, "lay_low")
    assert ids("cool_customer")[0] in s.score[0]
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["jailbird"]}, susp=[10, 0], chasing={0: ["watchman"]})
    s.stage, s.phase, s.dec = "arrest", "stock", None
    R._run(s, [])
    assert ids("jailbird")[0] in s.score[0]


def test_collector_well_equipped_ghost_and_cordon():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["collector"]}, loot={0: ["daggers", "cudgel"]},
             loot_up={"artisan": ["hand_axe", "crowbar"]})
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    act(s, "loot", "artisan", 0)
    assert ids("collector")[0] in s.score[0]
    s = make(street=["watchman", "constable", "watchman", "constable"] + [None, None],
             hands={0: ["ghost_of_anthrand", "through_the_cordon"]})
    dice(s, *([6] * 8))
    act(s, "target", "street", 1)
    for _ in range(4):
        act(s, "roll")
    assert ids("ghost_of_anthrand")[0] in s.score[0]          # third Guard passed
    assert ids("through_the_cordon")[0] in s.hands[0]         # one deed per phase
    check_invariants(s)


def test_mine_can_be_answered_by_the_msm():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["mine"], 1: ["sod_off"]}, loot={1: ["hand_axe"]},
             msm=1, susp=[0, 2])
    act(s, "play", ids("mine")[0], ids("hand_axe")[0])
    assert decision(s).seat == 1
    act(s, "pass", seat=1)
    assert s.loot[0] == [ids("hand_axe")[0]]


def test_copies_are_interchangeable_in_actions():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab", "gift_of_the_gab"]}, susp=[6, 0])
    a, b = ids("gift_of_the_gab")[:2]
    acts = decision(s).actions
    assert ("play", a) in acts and ("play", b) not in acts
    R.apply(s, 0, ("play", b))                    # dragging the other copy works too
    assert b in s.tavern_discard and a in s.hands[0]


def test_DD_G04_loaded_dice_is_offered_after_a_success_too():
    """Immediately after seeing any of your own 2d6 results — a success too (e.g. to try
    for Lucky Streak's double six); accepting keeps the success."""
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["loaded_dice"]})
    dice(s, 5, 6, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    d = decision(s)
    assert d.kind == "after_roll" and d.prompt["success"] is True
    assert ("play", ids("loaded_dice")[0]) in d.actions and ("accept",) in d.actions
    ev = act(s, "play", ids("loaded_dice")[0])
    assert [e.data["faces"] for e in ev if e.kind == "roll"] == [[6, 6]]
    assert decision(s).kind == "loot_choice"
    # without Loaded Dice in hand, a success goes straight on
    s = make(street=["cobbler"] + [None] * 5)
    dice(s, 5, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert decision(s).kind == "loot_choice"
