"""The checklist's gaps not covered elsewhere (TE-G03, G04, G07, G10, G15, G16, G17) and TE-099's AI."""
from __future__ import annotations

from game.games.dark_gothic.ai import HeuristicAgent

from .helpers import R, act, decision, pass_all, quiet, set_center, set_hand, take, top_of_main


def test_TE_G03_training_cards():
    d = R.data
    for key, ids in d.training.items():
        c = R.cards[ids[0]]
        assert len(ids) == 8 and c.cost == (("W", 3, False),) and c.inv == 1 and c.gains == 2


def test_TE_G04_hungry_dead_stays_and_can_be_fought_again():
    s = quiet()
    a = s.active
    set_hand(s, a, "strength_of_combat", "strength_of_spirit")
    s.pool = [("C", 4, None, False)]
    act(s, a, "buy", "hungry_dead")
    act(s, a, "card", s.hand[a][0])
    pass_all(s)
    assert ("buy", "hungry_dead") in decision(s).actions
    assert R.cards["hungry_dead"].inv == 0 and R.cost_of(s, "hungry_dead", a) == (("C", 2, False),)


def test_TE_G07_discoveries_that_stay_raise_the_villains_cost_until_it_falls():
    s = quiet()
    a = s.active
    pact = take(s, "dark_pact")
    s.sdeck.append(pact)
    base = R.cost_of(s, s.villain, a)
    s.tasks.append(("discovery", a))
    R._run(s, [])
    assert pact in s.on_villain and R.cost_of(s, s.villain, a) == tuple(base) + (("W", 2, False),)
    assert R.cards[take(s, "dark_secret")].inv == -2


def test_TE_G07_the_discovery_deck_is_rebuilt_from_the_crypt():
    s = quiet()
    a = s.active
    s.crypt.extend(s.sdeck)
    s.sdeck = []
    s.tasks.append(("discovery", a))
    R._run(s, [])
    pass_all(s)
    while s.wait is not None:
        d = decision(s)
        act(s, d.seat, *d.actions[0])
    assert len(s.sdeck) == 7


def test_TE_G10_a_refill_goes_into_the_emptied_slot():
    s = quiet()
    a = s.active
    ids = set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "delani")
    top_of_main(s, "harbour_tavern")
    s.pool = [("C", 2, None, False)]
    act(s, a, "buy", ids[3])
    assert [R.key[c] for c in s.center] == ["tomahawk", "musket", "lantern", "harbour_tavern", "rally_the_town",
                                            "delani"]


def test_TE_G15_minions_in_hand_are_optional_in_competitive_play():
    s = quiet(mode="competitive")
    set_hand(s, s.active, "brigand")
    assert ("end",) in decision(s).actions


def test_TE_G16_remains_in_play_count_at_scoring():
    s = quiet()
    a = s.active
    before = R.investigation(s, a)
    s.remains[a].append(take(s, "lighthouse"))
    assert R.investigation(s, a) == before + 3


def test_TE_G17_draw_up_to_the_limit_never_extra():
    s = quiet(villain="charlotte_dubois")
    a = s.active
    act(s, a, "end")
    pass_all(s)
    while s.wait is not None:
        d = decision(s)
        act(s, d.seat, *d.actions[0])
    assert len(s.hand[a]) == 5


def test_TE_099_the_ai_removes_roaming_threats_when_the_shadows_climb():
    s = quiet()
    a = s.active
    set_hand(s, a)
    roam, gear = set_center(s, "restless_dead", "militia_armoury", None, None, None, None)[:2]
    s.pool = [("S", 2, None, False), ("C", 4, None, False)]
    s.dec = None
    agent = HeuristicAgent(R, "normal")
    while len(s.shadows) < 7:
        s.shadows.append(s.main.pop(0))
    assert agent.choose(R.view(s, a), decision(s)) == ("buy", roam)
