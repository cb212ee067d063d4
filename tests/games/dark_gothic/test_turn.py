"""Playing cards, the resource pool, buying and defeating (TE-020 … TE-055, TE-065 … TE-071)."""
from __future__ import annotations

from .helpers import (R, act, answer, decision, pass_all, pool_of, quiet, set_center, set_hand, take,
                      to_hand, top_of_main)


def end_turn(s):
    act(s, s.active, "end")


def test_TE_020_card_types_from_data():
    types = {R.cards[c].type for c in R.data.main_ids}
    assert types == {"gear", "ally", "location", "event", "minion"}
    assert R.cards["hungry_dead"].group == "common" and R.cards["dark_secret:1"].group == "secret"


def test_TE_021_remains_in_play_gives_every_turn():
    s = quiet()
    a = s.active
    (omh,) = set_hand(s, a, "old_meeting_house")
    act(s, a, "play", omh)
    assert omh in s.remains[a] and pool_of(s) == [("S", 1)]
    end_turn(s)
    assert omh in s.remains[a] and omh not in s.discard[a]          # stays through the cleanup
    b = s.active
    end_turn(s)
    assert s.active == a
    assert ("S", 1) in pool_of(s) and s.pool[-1][2] == omh          # again at the start of my turn


def test_TE_021_an_acquired_location_goes_to_the_discard_pile_first():
    s = quiet()
    a = s.active
    (omh,) = set_center(s, "old_meeting_house")
    s.pool = [("S", 4, None, False)]
    act(s, a, "buy", omh)
    assert omh in s.discard[a] and omh not in s.remains[a]


def test_TE_022_fight_does_nothing_when_played():
    s = quiet()
    a = s.active
    (lonely,) = set_hand(s, a, "lonely_spirit")        # Fight: draw 1
    hand = len(s.hand[a])
    act(s, a, "play", lonely)
    assert len(s.hand[a]) == hand - 1 and pool_of(s) == [("S", 2)]


def test_TE_023_mystery_does_nothing_when_played():
    s = quiet()
    a = s.active
    (robber,) = set_hand(s, a, "grave_robber")        # Mystery: add a card to the Shadows
    shadows = len(s.shadows)
    act(s, a, "play", robber)
    assert len(s.shadows) == shadows and sorted(pool_of(s)) == [("U", 1), ("W", 1)]


def test_TE_024_only_the_face_up_villains_global_applies():
    s = quiet(villain="charlotte_dubois")           # hand size 5 while face up
    assert R.hand_size(s) == 5
    s.vbox.append(s.villain)
    s.villain = None
    assert R.hand_size(s) == 6
    s2 = quiet(villain="selena")
    s2.vstack[-1] = take(s2, "charlotte_dubois") if "charlotte_dubois" not in s2.vstack else s2.vstack[-1]
    assert R.hand_size(s2) == 6                      # face down: no effect


def test_TE_025_card_global_while_in_the_center_line():
    s = quiet()
    a = s.active
    tree, brigand = set_center(s, "hanging_tree", "brigand")      # Global: Minions cost +1 Silver
    assert R.cost_of(s, brigand, a) == (("C", 3, False), ("W", 1, False))
    s.pool = [("S", 3, None, False)]
    act(s, a, "buy", tree)
    assert R.cost_of(s, brigand, a) == (("C", 3, False),)


def test_TE_026_strike_hits_every_other_player():
    s = quiet(n=3)
    a = s.active
    (brigand,) = set_hand(s, a, "brigand", "strength_of_combat")[:1]
    before = [len(h) for h in s.hand]
    act(s, a, "play", brigand)
    seen = []
    while s.wait is not None:
        d = decision(s)
        assert d.kind == "choose" and d.seat != a
        seen.append(d.seat)
        answer(s, d.seat, d.actions[0])
    assert sorted(seen) == sorted(x for x in range(3) if x != a)
    assert [len(h) for h in s.hand] == [b - 1 if i != a else b - 1 for i, b in enumerate(before)]
    assert len(s.discard[(a + 1) % 3]) == 1 and len(s.discard[(a + 2) % 3]) == 1


def test_TE_026_a_mystery_strike_hits_all_players():
    s = quiet(n=3)
    a = s.active
    (old,) = set_center(s, "tomahawk")
    top_of_main(s, "night_terrors")                 # Mystery: Strike: each Hero discards 1
    s.pool = [("C", 2, None, False)]
    act(s, a, "buy", old)
    hit = []
    while s.wait is not None:
        d = decision(s)
        hit.append(d.seat)
        answer(s, d.seat, d.actions[0])
    assert sorted(hit) == [0, 1, 2]


def test_TE_027_block_ignores_a_strike():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    (brigand,) = set_hand(s, a, "brigand")
    (cross,) = set_hand(s, b, "silver_cross", "strength_of_spirit", "strength_of_combat")[:1]
    act(s, a, "play", brigand)
    d = decision(s)
    assert d.kind == "block" and d.seat == b and ("block", cross) in d.actions
    answer(s, b, ("block", cross))
    assert s.wait is None and cross in s.discard[b] and len(s.hand[b]) == 2   # only the Cross left


def test_TE_028_protect_keeps_a_key_which_still_counts_as_played():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    (key,) = set_hand(s, a, "skeleton_key")
    (book,) = set_hand(s, b, "book_of_common_prayer", "strength_of_spirit")[:1]
    hand = len(s.hand[a])
    act(s, a, "play", key)
    d = decision(s, b)
    assert d.kind == "protect" and ("protect", book) in d.actions
    answer(s, b, ("protect", book))
    assert key in s.play[a] and key not in s.crypt                 # stays where it is
    assert len(s.hand[a]) == hand - 1 + 3                          # and still draws 3


def test_TE_029_protect_cannot_save_a_secret_or_a_lightning_strike():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    set_hand(s, b, "book_of_common_prayer")
    (secret,) = to_hand(s, a, "dark_secret")
    s.tasks.append(("secrets",))
    s.dec = None
    R._run(s, [])
    assert secret in s.crypt and (s.wait is None or s.wait[0] != "protect")
    s2 = quiet(n=2)
    a = s2.active
    set_hand(s2, 1 - a, "book_of_common_prayer")
    set_center(s2, "militia_soldier", "musket", "tomahawk")
    top_of_main(s2, "lightning_strike")
    s2.pool = [("C", 2, None, False)]
    act(s2, a, "buy", s2.center[0])
    asked = []
    while s2.wait is not None:
        d = decision(s2)
        if d.kind == "protect":
            asked.append(d.prompt["card"])
        answer(s2, d.seat, ("pass",))
    assert all(R.key[c] != "lightning_strike" for c in asked) and len(asked) == 1   # only the neighbour


def test_TE_030_a_key_destroys_itself():
    s = quiet()
    a = s.active
    (key,) = set_hand(s, a, "skeleton_key")
    hand = len(s.hand[a])
    act(s, a, "play", key)
    pass_all(s)
    assert key in s.crypt and len(s.hand[a]) == hand - 1 + 3


def test_TE_031_town_elders_give_a_dark_secret():
    s = quiet()
    a = s.active
    (kroft,) = set_center(s, "magistrate_kroft")
    s.pool = [("U", 5, None, False)]
    secrets = len(s.secrets)
    act(s, a, "buy", kroft)
    assert kroft in s.discard[a] and len(s.secrets) == secrets - 1
    assert any(R.cards[c].group == "secret" for c in s.discard[a])


def test_TE_040_dark_secrets_first_then_a_discovery():
    s2 = quiet()
    a = s2.active
    set_hand(s2, 1 - a, "dark_secret", "strength_of_combat")
    top = s2.sdeck[-1]
    s2.sdeck[-1] = take(s2, "moment_of_clarity") if R.key[top] != "moment_of_clarity" else top
    if R.key[top] != "moment_of_clarity":
        s2.sdeck.insert(0, top)
    end_turn(s2)
    pass_all(s2)
    b = s2.active
    assert not any(R.cards[c].group == "secret" for c in s2.hand[b])
    assert any(R.cards[c].group == "secret" for c in s2.crypt)
    assert any(R.key[c] == "moment_of_clarity" for c in s2.crypt)


def test_TE_041_TE_044_played_cards_wait_for_the_end_unspent_resources_are_lost():
    s = quiet()
    a = s.active
    c1, c2 = set_hand(s, a, "strength_of_combat", "strength_of_cunning")
    act(s, a, "play", c1)
    assert c1 in s.play[a] and c1 not in s.discard[a]
    assert s.pool
    end_turn(s)
    assert c1 in s.discard[a] and c2 in s.discard[a]
    assert s.active != a and s.pool == []                     # the next turn starts with nothing


def test_TE_042_TE_043_silver_takes_one_colour_when_spent():
    s = quiet()
    a = s.active
    (rally,) = set_hand(s, a, "rally_the_town")          # +2 Silver
    (pistol,) = set_center(s, "flintlock_pistol")           # 2 Cunning
    act(s, a, "play", rally)
    assert s.pool == [("W", 2, rally, True)]                # not a colour yet
    act(s, a, "buy", pistol)
    assert s.pool == []
    s2 = quiet()
    a = s2.active
    (rally,) = set_hand(s2, a, "rally_the_town")
    (tomahawk,) = set_center(s2, "militia_soldier")        # 2 Combat
    s2.pool = [("W", 3, rally, True)]
    act(s2, a, "buy", tomahawk)
    assert s2.pool == [("C", 1, rally, True)]               # the rest keeps the colour it was spent as


def test_TE_045_the_pool_remembers_sources_and_cooke_has_none():
    s = quiet(hero="inspector_cooke")
    a = s.active
    act(s, a, "end")
    pass_all(s)
    b = s.active
    assert s.pool[0] == ("U", 1, None, False)              # built in, no card
    c = s.hand[b][0]
    act(s, b, "play", c)
    assert s.pool[-1][2] == c


def test_TE_050_buy_any_number_and_TE_051_colour_by_colour():
    s = quiet()
    a = s.active
    m1, m2, pistol = set_center(s, "militia_soldier", "militia_soldier", "flintlock_pistol")
    s.pool = [("C", 4, None, False), ("C", 2, None, False)]
    acts = decision(s).actions
    assert ("buy", m1) in acts and ("buy", pistol) not in acts      # Combat does not pay Cunning
    act(s, a, "buy", m1)
    act(s, a, "buy", m2)
    assert m1 in s.discard[a] and m2 in s.discard[a]
    s.pool = [("C", 2, None, False), ("U", 1, None, False)]
    train = s.training["tactical_strike"][-1]
    assert ("buy", train) not in decision(s).actions                 # 3 Silver = 3 of ONE colour
    s.pool = [("U", 3, None, False)]
    s.dec = None
    assert ("buy", train) in decision(s).actions


def test_TE_051_silver_cost_colour_is_asked_when_it_matters():
    s = quiet()
    a = s.active
    train = s.training["tactical_strike"][-1]
    s.pool = [("C", 3, None, False), ("S", 3, None, False)]
    act(s, a, "buy", train)
    d = decision(s)
    assert d.kind == "pay" and {p[0][0] for _v, p in d.actions} == {"C", "S"}
    answer(s, a, next(x for x in d.actions if x[1][0][0] == "S"))
    assert s.pool == [("C", 3, None, False)] and train in s.discard[a]


def test_TE_052_defeated_minions_go_to_the_discard_pile():
    s = quiet()
    a = s.active
    (brig,) = set_center(s, "brigand")
    s.pool = [("C", 3, None, False)]
    act(s, a, "buy", brig)
    assert brig in s.discard[a] and "minion_defeated" in s.flags


def test_TE_053_a_refill_triggers_its_mystery():
    s = quiet()
    a = s.active
    (old,) = set_center(s, "tomahawk")                 # a Gear: Selena's Global stays quiet
    top_of_main(s, "grave_robber")
    s.pool = [("C", 2, None, False)]
    n = len(s.shadows)
    act(s, a, "buy", old)
    assert R.key[s.center[0]] == "grave_robber" and len(s.shadows) == n + 1


def test_TE_054_a_lightning_strike_is_never_for_sale():
    from .helpers import random_game
    s, _ = random_game(2, "competitive", 3)
    assert not any(R.key[c] == "lightning_strike" for lst in s.discard + s.deck + s.hand for c in lst)


def test_TE_055_hungry_dead_feeds_but_not_on_minions_or_globals():
    s = quiet()
    a = s.active
    brig, tree, pistol = set_center(s, "brigand", "hanging_tree", "flintlock_pistol")
    s.pool = [("C", 4, None, False)]
    act(s, a, "buy", "hungry_dead")
    d = decision(s)
    assert d.kind == "feed"
    centre = [x for x in d.actions if x[0] == "center"]
    assert ("center", 0) not in centre and ("center", 1) not in centre and ("center", 2) in centre
    answer(s, a, ("center", 2))
    pass_all(s)
    assert pistol in s.crypt and s.center[2] is not None
    act(s, a, "buy", "hungry_dead")                     # again, paying again
    answer(s, a, ("none",))
    assert s.pool == [] and "hungry_dead" not in s.discard[a]


def test_TE_065_destroyed_to_the_crypt_discarded_to_your_pile():
    s = quiet()
    a = s.active
    (key,) = set_hand(s, a, "skeleton_key")
    act(s, a, "play", key)
    pass_all(s)
    assert key in s.crypt


def test_TE_070_end_of_turn_order():
    s = quiet()
    a = s.active
    set_hand(s, a, "strength_of_combat")
    s.villain, defeated = None, s.villain
    s.won[a].append(defeated)
    (roam,) = set_center(s, "restless_dead")
    ev = act(s, a, "end")
    kinds = [e.kind for e in ev]
    assert kinds.index("roam") < kinds.index("cleanup") < kinds.index("draw") < kinds.index("reveal") < kinds.index("turn")
    assert len(s.hand[a]) == 6


def test_TE_071_reshuffle_when_the_deck_runs_out():
    s = quiet()
    a = s.active
    s.discard[a].extend(s.deck[a])
    s.deck[a] = []
    ev = []
    R.draw(s, a, 2, ev)
    assert any(e.kind == "shuffle" for e in ev) and len(s.discard[a]) == 0
    s.deck[a], s.discard[a] = [], []
    hand = len(s.hand[a])
    R.draw(s, a, 2, [])
    assert len(s.hand[a]) == hand                              # both empty: stop drawing
