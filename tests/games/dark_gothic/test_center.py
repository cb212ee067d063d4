"""The Center Line: Roaming (TE-075, TE-076, TE-095, TE-G09), Lightning Strikes (TE-079,
TE-G18), refills and the Main Deck running out (TE-053, TE-G10, TE-G11), the Shadows (TE-077, TE-078)."""
from __future__ import annotations

from .helpers import R, act, decision, pass_all, quiet, set_center, take, top_of_main


def keys(s):
    return [R.key[c] if c else None for c in s.center]


def test_TE_075_roaming_moves_one_slot_toward_the_villain_at_the_end_of_each_turn():
    s = quiet()
    set_center(s, "tomahawk", "restless_dead", "musket", "lantern", "ambush", "rally_the_town")
    act(s, s.active, "end")
    assert keys(s) == ["tomahawk", "musket", "restless_dead", "lantern", "ambush", "rally_the_town"]
    act(s, s.active, "end")                         # every player's turn, not only yours
    assert keys(s)[3] == "restless_dead"


def test_TE_075_closest_to_the_villain_first_and_the_last_slot_goes_to_the_shadows():
    s = quiet()
    set_center(s, "tomahawk", "musket", "lonely_spirit", "lantern", "restless_dead", "wolf_pack")
    top_of_main(s, "ambush")
    n = len(s.shadows)
    ev = act(s, s.active, "end")
    assert len(s.shadows) == n + 1                                   # the Wolf Pack left slot 6
    assert keys(s) == ["tomahawk", "musket", "lantern", "lonely_spirit", "ambush", "restless_dead"]
    roams = [(e.data["from"], e.data["to"]) for e in ev if e.kind == "roam"]
    assert roams == [(6, "shadows"), (5, 6), (3, 4)]


def test_TE_076_TE_095_a_roaming_refill_does_not_move_in_the_same_step():
    s = quiet()
    set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "restless_dead")
    top_of_main(s, "lonely_spirit")                                   # Roaming, arrives in slot 6
    n = len(s.shadows)
    act(s, s.active, "end")
    assert keys(s)[5] == "lonely_spirit" and len(s.shadows) == n + 1


def test_TE_G09_roaming_happens_at_the_end_not_the_start():
    s = quiet()
    set_center(s, "restless_dead", "musket", "lantern", "ambush", "rally_the_town", "tomahawk")
    assert keys(s)[0] == "restless_dead"                              # nothing moved at the start
    act(s, s.active, "end")
    assert keys(s)[1] == "restless_dead"


def test_jersey_devil_makes_roaming_cards_move_at_the_start_too():
    s = quiet(villain="jersey_devil")
    set_center(s, "restless_dead", "musket", "lantern", "ambush", "rally_the_town", "tomahawk")
    act(s, s.active, "end")                # end: slot 2; the next turn's start: slot 3
    assert keys(s)[2] == "restless_dead"


def test_TE_079_TE_G18_lightning_destroys_both_neighbours_then_chains():
    s = quiet()
    a = s.active
    ids = set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "delani")
    top_of_main(s, "lightning_strike", "harbour_tavern", "lightning_strike", "colonial_almanac",
                "militia_armoury", "katarina_clark", "isabella_von_took")
    s.pool = [("U", 2, None, False)]
    n = len(s.shadows)
    act(s, a, "buy", ids[2])               # the Lantern leaves slot 3; a Lightning Strike comes in
    pass_all(s)
    # first Strike: Musket (2) and Ambush (4) Destroyed; refills left to right: slot 2 Tavern,
    # slot 3 the second Strike (Destroys the Tavern; slot 4 is empty), then 2, 3, 4 again
    assert ids[1] in s.crypt and ids[3] in s.crypt
    assert any(R.key[c] == "harbour_tavern" for c in s.crypt)
    assert len(s.shadows) == n + 2 and all(R.key[c] == "lightning_strike" for c in s.shadows[-2:])
    assert keys(s) == ["tomahawk", "colonial_almanac", "militia_armoury", "katarina_clark",
                       "rally_the_town", "delani"]


def test_TE_079_at_an_end_slot_and_under_the_lighthouse():
    s = quiet()
    a = s.active
    ids = set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "delani")
    top_of_main(s, "lightning_strike", "harbour_tavern")
    s.pool = [("C", 2, None, False)]
    act(s, a, "buy", ids[0])
    pass_all(s)
    assert ids[1] in s.crypt and keys(s)[0] == "harbour_tavern"       # only its one neighbour
    s2 = quiet()
    ids = set_center(s2, "tomahawk", "musket", "lighthouse", "ambush", "rally_the_town", "delani")
    top_of_main(s2, "lightning_strike", "harbour_tavern")
    s2.pool = [("C", 2, None, False)]
    act(s2, s2.active, "buy", ids[0])
    assert ids[1] not in s2.crypt and keys(s2)[1] == "musket"         # Global: Destroys nothing


def test_TE_G11_main_deck_rebuilt_from_the_crypt():
    s = quiet()
    a = s.active
    (tom,) = set_center(s, "tomahawk")
    s.crypt.extend(s.main)
    s.main = []
    sd = take(s, "moment_of_clarity")
    s.crypt.append(sd)
    s.pool = [("C", 2, None, False)]
    act(s, a, "buy", tom)
    pass_all(s)
    assert s.center[0] is not None and sd in s.crypt and sd not in s.main


def test_TE_077_TE_078_the_shadows_at_ten_everyone_loses():
    s = quiet()
    set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "restless_dead")
    while len(s.shadows) < 9:
        s.shadows.append(s.main.pop(0))
    v = R.view(s, 0)
    assert v["shadows"] == 9 and not any(c in repr(v) for c in s.shadows)
    act(s, s.active, "end")
    r = R.result(s)
    assert r is not None and r.side == "game" and r.winners == () and r.reason == "dark_gothic.result.shadows"
    assert not R.decisions(s)
