"""One scenario test per Dark Deeds checklist item that states a rule (CHECKLIST.md §1.2),
named after its id. States are built exactly with tests.test_dark_deeds_support.make."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.i18n import t
from game.core.rules import IllegalAction, OptionsError
from game.games.dark_deeds.rules import p_success
from tests.games.dark_deeds.test_support import act, check_invariants, decision, dice, ids, logs, make, rules

R = rules()


def key(c):
    return R.key[c] if c else None


def keys(cards):
    return [key(c) for c in cards]


def goto(s, stage, phase):
    s.stage, s.phase, s.dec = stage, phase, None
    ev = []
    R._run(s, ev)
    return ev


def kinds(ev, kind):
    return [e for e in ev if e.kind == kind]


def to_tavern(s):
    """Skip the rest of Hit the Street."""
    return goto(s, "street_end", "street")


# ---------------------------------------------------------------- setup
def test_DD_001_two_to_four_players():
    for n in (2, 3, 4):
        R.setup(n, {}, 1)
    for n in (1, 5):
        with pytest.raises(OptionsError, match="2 to 4 players"):
            R.validate_options({}, n)


def test_DD_002_card_counts_from_yaml():
    c = Counter(card.kind for card in R.cards.values())
    assert c["nemesis"] == 10 and c["guard"] == 10
    assert c["artisan"] == c["cleric"] == c["merchant"] == 7
    assert c["plot"] == 40 and c["deed"] == 18 and c["loot"] == 45
    assert Counter(card.deck for card in R.cards.values() if card.kind == "loot") == \
        {"artisan": 15, "cleric": 15, "merchant": 15}
    assert "street:41" in R.cards and "plot:40" in R.cards and "deed:18" in R.cards
    assert "loot:cleric:15" in R.cards


def test_DD_003_reference_card_text():
    for k in ("heading", "street", "tavern", "stock", "anytime"):
        assert not t(f"dark_deeds.reference.{k}").startswith("dark_deeds.")


def test_DD_004_deal_two_deeds_and_three_plots():
    s = R.setup(4, {}, 5)
    for hand in s.hands:
        assert Counter(R.kind[c] for c in hand) == {"deed": 2, "plot": 3}


def test_DD_005_tavern_deck_and_two_face_up():
    for n, left in ((2, 46), (3, 41), (4, 36)):
        s = R.setup(n, {}, 2)
        assert len(s.tavern_deck) == left and all(s.tavern)
        assert {R.kind[c] for c in s.tavern_deck} == {"plot", "deed"}


def test_DD_006_loot_decks_two_face_up_each():
    s = R.setup(2, {}, 3)
    for t_ in ("artisan", "cleric", "merchant"):
        assert len(s.loot_up[t_]) == 2 and all(s.loot_up[t_])
        assert len(s.loot_deck[t_]) == 13 and s.loot_discard[t_] == []


def test_DD_007_street_six_face_up():
    s = R.setup(3, {}, 4)
    assert all(s.street) and len(s.street_deck) == 35 and s.street_discard == []


def test_DD_008_first_player_random_or_rolloff():
    firsts = {R.setup(4, {}, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    s = R.setup(4, {"first_player": "rolloff"}, 9)
    assert s.rolloff
    last = s.rolloff[-1]
    totals = {int(k): sum(v) for k, v in last.items()}
    assert s.first == max(totals, key=totals.get)
    assert list(totals.values()).count(max(totals.values())) == 1
    with pytest.raises(OptionsError):
        R.validate_options({"first_player": "oldest"}, 2)
    with pytest.raises(OptionsError):
        R.validate_options({"first_player": 3}, 3)
    assert R.setup(3, {"first_player": 2}, 1).first == 2       # a lobby choice


def test_DD_009_first_player_takes_the_coin():
    for seed in range(10):
        s = R.setup(3, {}, seed)
        assert s.msm == s.first == s.active and s.susp == [0, 0, 0]


def test_DD_010_clockwise_and_clean_start():
    s = make(n=3, active=2, street=["cobbler"] * 1 + [None] * 5)
    assert s.loot == [[], [], []] and s.score == [[], [], []] and s.chasing == [[], [], []]
    to_tavern(s)
    act(s, "lay_low")
    while decision(s).kind != "target":
        act(s, *decision(s).actions[0])
    assert s.active == 0


# ---------------------------------------------------------------- turn structure
def test_DD_020_three_phases_in_order():
    s = make(street=["cobbler", None, None, None, None, None])
    dice(s, 1, 1)
    ev = act(s, "target", "street", 1) + act(s, "roll") + act(s, "lay_low")
    while decision(s).seat == 0 and decision(s).kind != "target":
        ev += act(s, *decision(s).actions[0])
    phases = [e.data["phase"] for e in kinds(ev, "phase")]
    assert phases[:2] == ["tavern", "stock"] and phases[2] == "street"


def test_DD_021_plots_any_time_in_own_turn_even_the_phase_drawn():
    s = make(street=["cobbler"] + [None] * 5, tavern=["gift_of_the_gab", "snitch"], susp=[4, 0])
    to_tavern(s)
    act(s, "tavern_take", 0)
    d = decision(s)
    assert d.kind == "stock"
    gift = s.hands[0][0]
    assert ("play", gift) in d.actions
    act(s, "play", gift)
    assert s.susp[0] == 1


def test_DD_022_one_dark_deed_per_phase():
    s = make(street=[None, None, None, None, None, "guildmaster"], hands={0: ["lucky_streak", "daylight_robbery"]})
    dice(s, 6, 6)
    act(s, "target", "street", 6)
    ev = act(s, "roll")   # double six: Lucky Streak; the robbery of slot 6 also meets Daylight Robbery
    assert keys(s.score[0]).count("lucky_streak") == 1
    assert "daylight_robbery" in keys(s.hands[0])
    assert [e.data["card"] for e in kinds(ev, "deed_completed")] == [ids("lucky_streak")[0]]


# ---------------------------------------------------------------- hit the street
def test_DD_030_targets_street_and_own_chasers_only():
    s = make(street=["cobbler", "watchman", None, None, None, "bishop"],
             chasing={0: ["constable"], 1: ["brother_osric"]})
    acts = decision(s).actions
    assert ("target", "street", 1) in acts and ("target", "street", 2) in acts and ("target", "street", 6) in acts
    assert ("target", "chaser", ids("constable")[0]) in acts
    assert ("target", "chaser", ids("brother_osric")[0]) not in acts
    assert ("target", "street", 3) not in acts


def test_DD_031_target_is_compulsory_or_phase_skipped():
    s = make(street=["cobbler"] + [None] * 5)
    d = decision(s)
    assert d.kind == "target" and all(a[0] in ("target", "play", "use") for a in d.actions)
    s = make(street=[None] * 6, street_deck=[])
    s.street_deck.clear()
    s.stage = "turn_start"
    s.dec = None
    ev = []
    R._run(s, ev)
    assert decision(s).kind == "tavern" and "no_target" in logs(ev)


def test_DD_032_sneak_order_chasers_then_street_guards_right_to_left():
    s = make(street=["watchman", "cobbler", "constable", "pedlar", "gate_warden", "fishwife"],
             chasing={0: ["sergeant", "veteran_sergeant"]})
    dice(s, *([6] * 20))
    act(s, "target", "street", 2)
    d = decision(s)
    vet, serg = ids("veteran_sergeant")[0], ids("sergeant")[0]
    assert d.kind == "sneak_order" and set(d.actions) >= {("sneak", vet), ("sneak", serg)}
    ev = act(s, "sneak", vet)
    order = []
    while decision(s).kind in ("roll", "reaction", "sneak_order"):
        ev = act(s, *decision(s).actions[0])
        order += [e.data["target"] for e in kinds(ev, "roll")]
    assert keys(order) == ["veteran_sergeant", "sergeant", "gate_warden", "constable", "cobbler"]
    assert ids("watchman")[0] not in order    # slot 1 lies beyond the target


def test_DD_033_chasing_nemesis_needs_only_chasing_guards():
    s = make(street=[None, None, None, None, None, "inquisitor"], chasing={0: ["constable", "brother_osric"]})
    dice(s, *([6] * 10))
    act(s, "target", "chaser", ids("brother_osric")[0])
    seen = []
    while s.phase == "street":
        ev = act(s, *decision(s).actions[0])
        seen += keys(e.data["target"] for e in kinds(ev, "roll"))
    assert seen == ["constable", "brother_osric"]


def test_DD_034_chasing_guard_needs_no_sneak():
    s = make(street=[None, None, None, None, None, "inquisitor"], chasing={0: ["constable", "watchman"]})
    act(s, "target", "chaser", ids("watchman")[0])
    d = decision(s)
    assert d.kind == "roll" and d.prompt["purpose"] == "attack" and key(d.prompt["target"]) == "watchman"


def test_DD_035_sneak_roll_adds_cunning_and_ties_succeed():
    s = make(street=["cobbler", None, None, None, None, "sergeant"], loot={0: ["hooded_cloak"]},
             hands={0: ["sleight_of_hand"]})
    act(s, "target", "street", 1)
    d = decision(s)
    assert d.prompt["purpose"] == "sneak" and d.prompt["need"] == 8 and d.prompt["bonus"] == 2
    act(s, "play", ids("sleight_of_hand")[0])
    assert decision(s).prompt["bonus"] == 4
    dice(s, 1, 3)   # 4 + 4 = 8 = Perception: success
    ev = act(s, "roll")
    assert kinds(ev, "roll")[0].data["success"] and "sneak_ok" in logs(ev)


def test_DD_036_failed_sneak_ends_the_phase_without_consequence():
    s = make(street=["cobbler", None, None, None, None, "sergeant"])
    dice(s, 1, 1)
    ev = act(s, "target", "street", 1) + act(s, "roll")
    assert "sneak_fail" in logs(ev) and decision(s).kind == "tavern"
    assert s.susp == [0, 0] and s.chasing == [[], []] and s.street[5] == ids("sergeant")[0]


def test_DD_037_no_guards_straight_to_take_down():
    s = make(street=["cobbler", None, "pedlar", None, None, "bishop"])
    act(s, "target", "street", 1)
    assert decision(s).prompt["purpose"] == "rob"


def test_DD_038_pawn_starts_and_ends_on_the_seal():
    s = make(street=["cobbler", None, None, None, None, "watchman"], chasing={0: ["constable"]})
    assert s.pawn == "seal"
    dice(s, *([6] * 10))
    ev = act(s, "target", "street", 1)
    while s.phase == "street":
        ev += act(s, *decision(s).actions[0])
    pawns = [e.data["at"] for e in kinds(ev, "pawn")]
    assert pawns == [f"chaser:{ids('constable')[0]}", "street:6", "street:1", "seal"]


def test_DD_039_citizens_robbed_guards_and_nemeses_attacked():
    for k, purpose in (("cobbler", "rob"), ("watchman", "attack"), ("brother_osric", "attack")):
        s = make(street=[k, None, None, None, None, None])
        act(s, "target", "street", 1)
        assert decision(s).prompt["purpose"] == purpose


# ---------------------------------------------------------------- robbing
def test_DD_040_rob_roll_and_failure_keeps_the_citizen():
    s = make(street=["stonemason", None, None, None, None, None])
    dice(s, 3, 4)   # 7 < 8
    ev = act(s, "target", "street", 1) + act(s, "roll")
    assert "rob_fail" in logs(ev) and s.street[0] == ids("stonemason")[0] and s.susp[0] == 0
    assert decision(s).kind == "tavern"


def test_DD_041_rob_success_suspicion_then_score_then_loot():
    s = make(street=["chandler", None, None, None, None, None])
    dice(s, 6, 6)
    ev = act(s, "target", "street", 1) + act(s, "roll")
    i_counter = next(i for i, e in enumerate(ev) if e.kind == "counter")
    i_move = next(i for i, e in enumerate(ev) if e.kind == "move" and e.data["dst"] == "score:0")
    assert i_counter < i_move
    assert s.susp[0] == 2 and s.street[0] is None and ids("chandler")[0] in s.score[0]
    assert decision(s).kind == "loot_choice" and decision(s).prompt["type"] == "artisan"


def test_DD_042_take_a_face_up_loot_card():
    s = make(street=["cobbler"] + [None] * 5, loot_up={"artisan": ["hand_axe", "cudgel"]})
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    act(s, "loot", "artisan", 0)
    assert keys(s.loot[0]) == ["hand_axe"]


def test_DD_043_gamble_takes_top_and_discards_both_face_up():
    s = make(street=["cobbler"] + [None] * 5, loot_up={"artisan": ["hand_axe", "cudgel"]})
    top = s.loot_deck["artisan"][-1]
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    act(s, "loot_gamble", "artisan")
    if R.cards[top].use != "nothing":
        assert s.loot[0] == [top]
    assert set(keys(s.loot_discard["artisan"])) >= {"hand_axe", "cudgel"}


def test_DD_044_loot_in_front_then_face_up_refilled():
    s = make(street=["cobbler"] + [None] * 5, loot_up={"artisan": ["hand_axe", "cudgel"]})
    nxt = s.loot_deck["artisan"][-1]
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    ev = act(s, "loot", "artisan", 1)
    assert s.loot_up["artisan"] == [ids("hand_axe")[0], nxt]
    assert any(e.kind == "move" and e.data["dst"] == "loot_of:0" and e.data["face_up"] for e in ev)


def test_DD_045_loot_deck_reshuffles_or_runs_dry():
    s = make(street=["cobbler"] + [None] * 5)
    # the Artisan deck is empty, its discard pile holds cards: a gamble reshuffles
    s.loot_discard["artisan"] = s.loot_deck["artisan"][:]
    s.loot_deck["artisan"] = []
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    ev = act(s, "loot_gamble", "artisan")
    assert any(e.kind == "shuffle" and e.data["zone"] == "loot_deck:artisan" for e in ev)
    check_invariants(s)
    # nothing of that type anywhere: the robbery still scores, without Loot
    s = make(street=["cobbler"] + [None] * 5)
    gone = s.loot_deck["artisan"] + [c for c in s.loot_up["artisan"] if c]
    s.loot_deck["artisan"], s.loot_up["artisan"] = [], [None, None]
    s.loot[1] = gone
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    ev = act(s, "roll")
    assert "loot_none" in logs(ev) and s.susp[0] == 1 and ids("cobbler")[0] in s.score[0]
    assert decision(s).kind == "tavern"
    # only face-up cards left: no gamble offered
    s = make(street=["cobbler"] + [None] * 5)
    s.loot[1] = s.loot_deck["artisan"][:]
    s.loot_deck["artisan"] = []
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert ("loot_gamble", "artisan") not in decision(s).actions


def test_DD_046_loot_stacks_single_use_and_nothing_of_value():
    s = make(street=["watchman"] + [None] * 5, loot={0: ["daggers", "daggers", "throwing_knives"]})
    act(s, "target", "street", 1)
    assert decision(s).prompt["bonus"] == 2
    knives = ids("throwing_knives")[0]
    act(s, "use", knives)
    assert decision(s).prompt["bonus"] == 5 and knives in s.loot_discard["artisan"]
    # nothing of value: shown, then discarded; the robbery still scored
    s = make(street=["cobbler"] + [None] * 5, loot_up={"artisan": ["sawdust", "cudgel"]})
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    ev = act(s, "loot", "artisan", 0)
    assert kinds(ev, "reveal") and s.loot[0] == [] and ids("sawdust")[0] in s.loot_discard["artisan"]
    assert ids("cobbler")[0] in s.score[0]


# ---------------------------------------------------------------- attacking
def test_DD_050_attack_adds_strength():
    s = make(street=["sergeant"] + [None] * 5, loot={0: ["hand_axe", "rosary"]})
    act(s, "target", "street", 1)
    d = decision(s)
    assert d.prompt == {**d.prompt, "purpose": "attack", "need": 8, "bonus": 2}
    dice(s, 3, 3)
    ev = act(s, "roll")
    assert "attack_ok" in logs(ev)


def test_DD_051_defeat_scores_and_chaser_stops_chasing():
    s = make(street=[None] * 6, chasing={0: ["watch_captain"]}, street_deck=[])
    dice(s, 6, 6)
    act(s, "target", "chaser", ids("watch_captain")[0])
    act(s, "roll")
    assert s.susp[0] == 3 and s.chasing[0] == [] and ids("watch_captain")[0] in s.score[0]


def test_DD_052_failed_attack_on_street_guard_gives_chase():
    s = make(street=["sergeant", "cobbler"] + [None] * 4)
    dice(s, 1, 1)
    ev = act(s, "target", "street", 1) + act(s, "roll")
    assert s.chasing[0] == [ids("sergeant")[0]] and s.susp[0] == 1 and s.street[0] is None
    assert "gives_chase" in logs(ev)


def test_DD_053_failed_attack_on_chasing_guard_adds_one_suspicion():
    s = make(street=["cobbler"] + [None] * 5, chasing={0: ["sergeant"]}, susp=[2, 0])
    dice(s, 1, 1)
    act(s, "target", "chaser", ids("sergeant")[0])
    act(s, "roll")
    assert s.susp[0] == 3 and s.chasing[0] == [ids("sergeant")[0]]


def test_DD_054_failed_attack_on_nemesis_has_no_consequence():
    s = make(street=["lord_protector"] + [None] * 5, chasing={0: ["brother_osric"]})
    dice(s, 1, 1)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert s.street[0] == ids("lord_protector")[0] and s.susp[0] == 0
    s = make(street=["cobbler"] + [None] * 5, chasing={0: ["brother_osric"]})
    dice(s, 1, 1)
    act(s, "target", "chaser", ids("brother_osric")[0])
    act(s, "roll")
    assert s.chasing[0] == [ids("brother_osric")[0]] and s.susp[0] == 0


def test_DD_055_emptied_slots_wait_for_advance():
    s = make(street=["cobbler", "pedlar", None, None, None, "tanner"], street_deck=["fishwife"])
    dice(s, 6, 6)
    act(s, "target", "street", 2)
    act(s, "roll")
    assert s.street[1] is None
    act(s, *decision(s).actions[0])     # take Loot
    assert s.street[1] is None and decision(s).kind == "tavern"
    s.street_deck[:] = [ids("fishwife")[0]]
    act(s, "lay_low")                   # Take Stock: tanner leaves, cobbler slides to 6
    assert keys(s.street) == [None, None, None, None, "fishwife", "cobbler"]


# ---------------------------------------------------------------- tavern
def test_DD_060_tavern_one_option():
    s = make(street=["cobbler"] + [None] * 5)
    to_tavern(s)
    d = decision(s)
    assert {a[0] for a in d.actions} >= {"tavern_take", "tavern_gamble", "lay_low"}
    ev = act(s, "lay_low")
    assert [e.data["phase"] for e in kinds(ev, "phase")][0] == "stock"
    assert s.active == 1        # one option taken, the turn went on through Take Stock


def test_DD_061_dig_for_dirt_take_or_gamble():
    s = make(street=["cobbler"] + [None] * 5, tavern=["snitch", "bribe"])
    to_tavern(s)
    nxt = s.tavern_deck[-1]
    act(s, "tavern_take", 1)
    assert ids("bribe")[0] in s.hands[0] and s.tavern == [ids("snitch")[0], nxt]
    s = make(street=["cobbler"] + [None] * 5, tavern=["snitch", "bribe"])
    to_tavern(s)
    top = s.tavern_deck[-1]
    ev = act(s, "tavern_gamble")
    assert top in s.hands[0] and set(keys(s.tavern_discard)) == {"snitch", "bribe"}
    assert all(s.tavern)
    private = [e for e in ev if e.kind == "move" and e.to == (0,)]
    assert private and private[0].data["card"] == top


def test_DD_062_tavern_deck_reshuffles_its_discard():
    s = make(street=["cobbler"] + [None] * 5, tavern=["snitch", None])
    s.tavern_discard = s.tavern_deck[:]
    s.tavern_deck = []
    to_tavern(s)
    ev = act(s, "tavern_take", 0)
    assert any(e.kind == "shuffle" and e.data["zone"] == "tavern_deck" for e in ev)
    assert all(s.tavern)
    check_invariants(s)


def test_DD_063_lay_low_loses_1d6_never_below_zero():
    s = make(street=["cobbler"] + [None] * 5, susp=[7, 0])
    to_tavern(s)
    dice(s, 4)
    act(s, "lay_low")
    assert s.susp[0] == 3
    s = make(street=["cobbler"] + [None] * 5, susp=[2, 0])
    to_tavern(s)
    dice(s, 6)
    act(s, "lay_low")
    assert s.susp[0] == 0


def test_DD_064_no_tavern_card_only_lay_low():
    s = make(street=["cobbler"] + [None] * 5, tavern=[None, None])
    for c in list(s.tavern_deck):
        s.tavern_deck.remove(c)
        s.hands[1].append(c)
    to_tavern(s)
    d = decision(s)
    assert [a for a in d.actions if a[0] != "play" and a[0] != "use"] == [("lay_low",)]
    act(s, "lay_low")
    assert s.susp[0] == 0


# ---------------------------------------------------------------- take stock
def test_DD_070_take_stock_order():
    s = make(street=["cobbler", None, None, None, None, "tanner"], susp=[10, 0], chasing={0: ["watchman"]},
             hands={0: ["snitch"] * 3 + ["bribe"] * 3 + ["poach"]})
    ev = goto(s, "arrest", "stock")
    order = [k for k in logs(ev) if k in ("arrested", "citizen_leaves")]
    assert order == ["arrested", "citizen_leaves"] and decision(s).kind == "discard"


def test_DD_071_arrest_discards_loot_suspicion_guards():
    s = make(street=["cobbler"] + [None] * 5, susp=[10, 0], chasing={0: ["watchman", "brother_osric"]},
             loot={0: ["daggers", "rosary"]})
    goto(s, "arrest", "stock")
    assert s.susp[0] == 0 and s.loot[0] == []
    assert ids("daggers")[0] in s.loot_discard["artisan"] and ids("rosary")[0] in s.loot_discard["cleric"]
    assert ids("watchman")[0] in s.street_discard and s.chasing[0] == [ids("brother_osric")[0]]


def test_DD_072_nemeses_alone_do_not_arrest():
    s = make(street=["cobbler"] + [None] * 5, susp=[12, 0], chasing={0: ["brother_osric"]}, loot={0: ["daggers"]})
    ev = goto(s, "arrest", "stock")
    assert "arrested" not in logs(ev) and s.susp[0] == 12 and s.loot[0]
    s = make(street=["cobbler"] + [None] * 5, susp=[9, 0], chasing={0: ["watchman"]})
    assert "arrested" not in logs(goto(s, "arrest", "stock"))


@pytest.mark.parametrize("last,dest", [("watchman", "chasing:1"), ("brother_osric", "chasing:0"),
                                       ("cobbler", "street_discard"), (None, None)])
def test_DD_073_advance_street_last_slot(last, dest):
    s = make(street=["tanner", None, None, None, None, last], msm=1, susp=[0, 1])
    ev = goto(s, "advance", "stock")
    moves = [e.data for e in kinds(ev, "move") if e.data["src"] == "street:6"]
    if last is None:
        assert moves == []
    else:
        assert moves[0]["dst"] == dest


def test_DD_074_slide_keeping_order_and_refill():
    s = make(street=["tanner", None, "cooper", None, "pedlar", "fishwife"], street_deck=["bishop", "abbess", "curate"])
    goto(s, "advance", "stock")
    assert keys(s.street) == ["curate", "abbess", "bishop", "tanner", "cooper", "pedlar"]


def test_DD_075_street_deck_never_reshuffled():
    s = make(street=["tanner", None, None, None, None, "fishwife"])
    s.street_discard.extend(s.street_deck)
    s.street_deck.clear()
    goto(s, "advance", "stock")
    assert keys(s.street) == [None, None, None, None, None, "tanner"] and s.street_deck == []


def test_DD_076_discard_plots_down_to_six_never_deeds():
    s = make(street=["cobbler"] + [None] * 5,
             hands={0: ["snitch", "bribe", "poach", "mine", "sleight_of_hand", "jailbird", "notorious", "usurper"]})
    goto(s, "discard", "stock")
    d = decision(s)
    assert d.kind == "discard" and all(R.kind[a[1]] == "plot" for a in d.actions if a[0] == "discard")
    act(s, "discard", ids("snitch")[0])
    act(s, "discard", ids("bribe")[0])
    assert len(s.hands[0]) == 6 and s.active == 1
    # more than 6 Dark Deeds: all kept
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["bribe"] + [R.key[c] for c in R.data.deed_ids[:7]]})
    goto(s, "discard", "stock")
    act(s, "discard", ids("bribe")[0])
    assert len(s.hands[0]) == 7 and s.active == 1


# ---------------------------------------------------------------- plots
def test_DD_080_played_plots_go_to_the_tavern_discard():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab"]}, susp=[5, 0])
    g = ids("gift_of_the_gab")[0]
    act(s, "play", g)
    assert g in s.tavern_discard and s.susp[0] == 2


def test_DD_081_only_foiled_and_sod_off_out_of_turn():
    s = make(street=["cobbler"] + [None] * 5, hands={1: ["foiled", "gift_of_the_gab", "snitch"]}, susp=[0, 5])
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    d = decision(s)
    assert d.seat == 1 and d.kind == "reaction" and set(d.actions) == {("pass",), ("foiled",)}


def test_DD_082_named_plots_do_what_the_text_says():
    # Snitch: move up to 3 of your Suspicion to another player
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, susp=[5, 0])
    act(s, "play", ids("snitch")[0], 1, 3)
    assert s.susp == [2, 3]
    # Gift of the Gab: lose 3
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab"]}, susp=[2, 0])
    act(s, "play", ids("gift_of_the_gab")[0])
    assert s.susp == [0, 0]
    # Mine!: take a Loot card from the MSM; not while you hold the coin
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["mine"]}, loot={1: ["hand_axe"]}, msm=1, susp=[0, 3])
    act(s, "play", ids("mine")[0], ids("hand_axe")[0])
    assert s.loot == [[ids("hand_axe")[0]], []]
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["mine"]}, loot={1: ["hand_axe"]}, msm=0)
    assert not any(a[0] == "play" for a in decision(s).actions)
    # Pass The Buck: a Dark Deed goes to another player, face down
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["pass_the_buck", "jailbird"]})
    ev = act(s, "play", ids("pass_the_buck")[0], ids("jailbird")[0], 1)
    assert s.hands == [[], [ids("jailbird")[0]]]
    pub = [e for e in ev if e.kind == "move" and e.to is None and e.data["dst"] == "hand:1"]
    assert pub and pub[0].data["card"] is None


# ---------------------------------------------------------------- dark deeds
def test_DD_085_deed_completes_at_once_revealed_then_scored():
    s = make(street=["guildmaster"] + [None] * 5, hands={0: ["big_score"]})
    dice(s, 5, 5)
    act(s, "target", "street", 1)
    ev = act(s, "roll")
    i_rev = next(i for i, e in enumerate(ev) if e.kind == "reveal")
    assert ev[i_rev].data["card"] == ids("big_score")[0]
    assert ids("big_score")[0] in s.score[0] and decision(s).kind == "loot_choice"


def test_DD_086_no_retroactive_claims():
    s = make(street=[None, None, None, None, None, "guildmaster"], hands={0: ["lucky_streak", "daylight_robbery"]})
    dice(s, 6, 6)
    act(s, "target", "street", 6)
    act(s, "roll")
    act(s, *decision(s).actions[0])   # loot
    act(s, "lay_low")                  # a new phase: Daylight Robbery was met earlier, not now
    assert "daylight_robbery" in keys(s.hands[0])


def test_DD_087_several_met_player_chooses():
    s = make(street=["guildmaster"] + [None] * 5, hands={0: ["big_score", "purse_snatcher"]})
    dice(s, 5, 5)
    act(s, "target", "street", 1)
    act(s, "roll")
    d = decision(s)
    assert d.kind == "deed_choice" and set(d.actions) == {("deed", ids("big_score")[0]), ("deed", ids("purse_snatcher")[0])}
    act(s, "deed", ids("purse_snatcher")[0])
    assert ids("purse_snatcher")[0] in s.score[0] and ids("big_score")[0] in s.hands[0]
    assert decision(s).kind == "loot_choice"


def test_DD_088_deeds_never_discarded_only_passed():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["jailbird", "bribe"]})
    with pytest.raises(IllegalAction):
        act(s, "discard", ids("jailbird")[0], seat=0)
    goto(s, "discard", "stock")
    assert s.hands[0] and s.active == 1   # hand is small: nothing to discard, turn over


def test_DD_089_requirements_off_turn_never_complete():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch"], 1: ["notorious"]}, susp=[3, 10])
    act(s, "play", ids("snitch")[0], 1, 3)
    act(s, "pass", seat=1)      # seat 1 is asked about Sod Off! (it could hold one)
    assert s.susp[1] == 13 and ids("notorious")[0] in s.hands[1]


# ---------------------------------------------------------------- score, suspicion, coin
def test_DD_090_score_pile_decides():
    s = make(street=[None] * 6, score={0: ["bishop", "big_score"], 1: ["cobbler"]})
    s.street_deck.clear()
    goto(s, "advance", "stock")
    act(s, *decision(s).actions[0]) if R.decisions(s) else None
    res = R.result(s)
    assert res.winners == (0,) and res.scores[0] == 6 and res.scores[1] == 1


def test_DD_091_suspicion_never_negative():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab"]}, susp=[1, 0])
    act(s, "play", ids("gift_of_the_gab")[0])
    assert s.susp[0] == 0


def test_DD_092_zero_suspicion_drops_chasing_guards_not_nemeses():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab"]}, susp=[3, 0],
             chasing={0: ["watchman", "brother_osric"]})
    act(s, "play", ids("gift_of_the_gab")[0])
    assert s.chasing[0] == [ids("brother_osric")[0]] and ids("watchman")[0] in s.street_discard


def test_DD_093_suspicion_sources():
    s = make(street=["chandler"] + [None] * 5)
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert s.susp[0] == 2   # the Citizen's Favour
    s = make(street=["sergeant"] + [None] * 5)
    dice(s, 1, 1)
    act(s, "target", "street", 1)
    act(s, "roll")
    assert s.susp[0] == 1   # failed attack on a Guard


def test_DD_100_coin_only_on_strictly_more():
    s = make(street=["chandler"] + [None] * 5, msm=1, susp=[0, 2])
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    act(s, "roll")   # 0 -> 2: tie, holder keeps it
    assert s.msm == 1
    s = make(street=["master_smith"] + [None] * 5, msm=1, susp=[0, 2])
    dice(s, 6, 6)
    act(s, "target", "street", 1)
    ev = act(s, "roll")   # 0 -> 3
    assert s.msm == 0 and kinds(ev, "coin")[0].data == {"from": 1, "to": 0}


def test_DD_101_holder_falls_behind_tie_holder_chooses_even_off_turn():
    s = make(n=3, active=0, street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, msm=1, susp=[3, 4, 4])
    s2 = make(n=3, active=0, street=["cobbler"] + [None] * 5, hands={0: ["gift_of_the_gab"]}, msm=0, susp=[5, 4, 4])
    act(s2, "play", ids("gift_of_the_gab")[0])   # 5 -> 2: seats 1 and 2 tie at 4
    d = decision(s2)
    assert d.kind == "msm_tiebreak" and d.seat == 0 and set(d.actions) == {("give", 1), ("give", 2)}
    act(s2, "give", 2)
    assert s2.msm == 2
    # the holder is not the active player: they still choose
    act(s, "play", ids("snitch")[0], 1, 1)       # holder 1 goes 4 -> 5; nothing to choose
    assert s.msm == 1
    s3 = make(n=3, active=0, street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, msm=1, susp=[3, 4, 1])
    act(s3, "play", ids("snitch")[0], 2, 3)      # 0: 3->0, 2: 1->4, holder 1 keeps on the tie
    assert s3.msm == 1


def test_DD_102_tie_with_holder_keeps_the_coin():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, msm=1, susp=[4, 2])
    act(s, "play", ids("snitch")[0], 1, 2)
    assert s.susp == [2, 4] and s.msm == 1
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, msm=1, susp=[5, 2])
    act(s, "play", ids("snitch")[0], 1, 1)
    assert s.susp == [4, 3] and s.msm == 0


def test_DD_103_coin_rechecked_after_any_change():
    s = make(n=3, street=["cobbler"] + [None] * 5, hands={0: ["snitch"]}, msm=0, susp=[3, 0, 1])
    ev = act(s, "play", ids("snitch")[0], 2, 3)
    assert s.msm == 2 and kinds(ev, "coin")


def test_DD_104_guards_chase_the_holder_and_mine_targets_it():
    s = make(n=3, active=0, street=[None] * 5 + ["watchman"], msm=2, susp=[0, 0, 3])
    goto(s, "advance", "stock")
    assert s.chasing[2] == [ids("watchman")[0]]


# ---------------------------------------------------------------- chasing
def test_DD_110_only_the_chased_may_target_unless_poach():
    s = make(street=["cobbler"] + [None] * 5, chasing={1: ["watchman"]}, hands={0: ["poach"]})
    acts = decision(s).actions
    w = ids("watchman")[0]
    assert ("target", "chaser", w) not in acts and ("play", ids("poach")[0], w) in acts


def test_DD_111_any_number_of_chasers():
    s = make(street=["cobbler"] + [None] * 5, chasing={0: ["watchman", "constable", "brother_osric", "dame_hester"]})
    assert len([a for a in decision(s).actions if a[:2] == ("target", "chaser")]) == 4


def test_DD_112_chasing_guards_stand_before_street_and_nemesis():
    s = make(street=["cobbler"] + [None] * 5, chasing={0: ["watchman", "brother_osric"]})
    act(s, "target", "street", 1)
    assert decision(s).prompt["purpose"] == "sneak" and key(decision(s).prompt["target"]) == "watchman"


def test_DD_113_chasing_nemesis_costs_favour_at_the_end():
    s = make(street=[None] * 6, chasing={0: ["lord_protector"]}, score={0: ["bishop"]})
    s.street_deck.clear()
    goto(s, "advance", "stock")
    assert R.result(s).scores[0] == 3 - 6


# ---------------------------------------------------------------- the end
def test_DD_120_game_ends_when_last_card_leaves_last_slot():
    s = make(street=[None] * 5 + ["cobbler"], hands={0: ["snitch"] * 3 + ["bribe"] * 3 + ["poach"]})
    s.street_deck.clear()
    goto(s, "advance", "stock")
    assert R.result(s) is None and decision(s).kind == "discard"   # still discards first
    act(s, "discard", s.hands[0][0])
    res = R.result(s)
    assert res is not None and s.stage == "over"
    # while the Street deck still holds cards, the game goes on
    s = make(street=[None] * 5 + ["cobbler"], street_deck=["tanner"])
    s.street_deck[:] = [ids("tanner")[0]]
    goto(s, "advance", "stock")
    assert R.result(s) is None


def test_DD_121_end_sequence_scoring():
    s = make(street=[None] * 6, score={1: ["cobbler"]}, hands={0: ["hunter_hunted", "snitch"]},
             chasing={0: ["brother_osric"]})
    s.street_deck.clear()
    ev = goto(s, "advance", "stock")
    res = R.result(s)
    assert res.scores == (-5 - 3, 1) and res.winners == (1,)
    assert {e.data["card"] for e in kinds(ev, "reveal")} >= set(s.hands[0])
    assert res.details["breakdown"][0] == {"total": -8, "score_pile": 0, "unfinished_deeds": 5, "chasing_nemeses": 3}


def test_DD_122_ties_least_suspicion_then_everyone_loses():
    s = make(n=3, street=[None] * 6, score={0: ["cobbler"], 1: ["tanner"], 2: []}, susp=[2, 1, 0])
    s.street_deck.clear()
    goto(s, "advance", "stock")
    assert R.result(s).winners == (1,)
    s = make(n=3, street=[None] * 6, score={0: ["cobbler"], 1: ["tanner"]}, susp=[1, 1, 0])
    s.street_deck.clear()
    goto(s, "advance", "stock")
    res = R.result(s)
    assert res.winners == () and res.details["how"] == "all_lose"


# ---------------------------------------------------------------- UI and AI
def test_DD_130_view_shows_the_board():
    s = make(street=["cobbler"] + [None] * 5, chasing={1: ["watchman"]}, susp=[2, 5], msm=1)
    v = R.view(s, 0)
    for k in ("street", "street_deck", "street_discard", "tavern", "tavern_deck", "tavern_discard",
              "loot", "seats", "msm", "pawn", "phase", "active"):
        assert k in v
    p = v["seats"][1]
    for k in ("loot", "suspicion", "score_count", "chasing", "hand_count"):
        assert k in p
    assert v["msm"] == 1 and p["chasing"] == [ids("watchman")[0]]


def test_DD_131_exact_2d6_probabilities():
    from itertools import product
    for need in range(0, 16):
        for bonus in range(0, 6):
            exact = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b + bonus >= need) / 36
            assert abs(p_success(need, bonus) - exact) < 1e-12


def test_target_info_for_the_screen():
    s = make(street=["watchman", "cobbler", "constable", None, "gate_warden", "fishwife"],
             chasing={0: ["sergeant"]}, loot={0: ["rosary"]})
    info = R.target_info(R.view(s, 0), ("target", "street", 2))
    assert keys([g["card"] for g in info["guards"]]) == ["sergeant", "gate_warden", "constable"]
    assert info["purpose"] == "rob" and info["bonus"] == 1
    assert abs(info["p_all"] - p_success(8, 1) * p_success(7, 1) * p_success(7, 1) * p_success(5, 1)) < 1e-12
