"""Off-turn decisions (CHECKLIST §2.7): Block and Protect windows asked from public information
(TE-G06), the victim's choice (TE-G14), the Poltergeist's secret pass (TE-098), Sara's Power of
Light (TE-096)."""
from __future__ import annotations

from .helpers import R, act, answer, decision, pass_all, quiet, set_center, set_hand


def test_TE_G06_block_window_asks_everyone_who_could_hold_a_block_card():
    s = quiet(n=3)
    a = s.active
    b, c = (a + 1) % 3, (a + 2) % 3
    (brig,) = set_hand(s, a, "brigand")
    set_hand(s, b, "silver_cross", "strength_of_combat")
    set_hand(s, c, "strength_of_combat", "strength_of_spirit")      # holds none, is asked anyway
    act(s, a, "play", brig)
    ds = R.decisions(s)
    assert {d.seat for d in ds} == {b, c} and all(d.kind == "block" for d in ds)
    assert decision(s, c).actions == (("pass",),)
    assert all(d.min_time == 1.5 and d.timeout == 20 for d in ds)   # from rules.yaml
    assert all(d.default == ("pass",) for d in ds)


def test_TE_G06_no_window_when_no_block_card_is_hidden_anywhere():
    s = quiet(n=3)
    a = s.active
    (brig,) = set_hand(s, a, "brigand")
    act(s, a, "play", brig)
    assert decision(s).kind == "choose"              # straight to the victims' choices


def test_TE_G06_a_played_block_or_protect_is_one_use_this_turn():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    book, key = set_hand(s, a, "book_of_common_prayer", "skeleton_key")
    act(s, a, "play", book)
    assert s.uses == [0, 1]
    act(s, a, "play", key)
    d = decision(s, a)
    assert d.kind == "protect" and ("protect", "played") in d.actions
    answer(s, a, ("protect", "played"))
    assert key in s.play[a] and s.uses == [0, 0]


def test_TE_G06_thomas_harrow_warden_protects_once_a_turn_on_any_turn():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    s.heroes[b] = "thomas_harrow"
    k1, k2 = set_hand(s, a, "skeleton_key", "skeleton_key")
    act(s, a, "play", k1)
    d = decision(s, b)
    assert ("protect", "warden") in d.actions
    answer(s, b, ("protect", "warden"))
    act(s, a, "play", k2)
    pass_all(s)
    assert k1 in s.play[a] and k2 in s.crypt


def test_TE_G14_the_victim_chooses_what_to_discard():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    (brig,) = set_hand(s, a, "brigand")
    honor, soc = set_hand(s, b, "honor", "strength_of_combat")
    act(s, a, "play", brig)
    d = decision(s)
    assert d.kind == "choose" and d.seat == b and set(d.actions) == {("card", honor), ("card", soc)}
    answer(s, b, ("card", soc))
    assert soc in s.discard[b] and honor in s.hand[b]


def test_masked_assassin_strike_destroys_and_can_be_protected():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    (ma,) = set_hand(s, a, "masked_assassin")
    mdr, honor = set_hand(s, b, "maria_de_la_rosa", "honor")
    act(s, a, "play", ma)
    answer(s, b, ("pass",)) if decision(s).kind == "block" else None
    d = decision(s)
    assert d.kind == "choose" and d.prompt["act"] == "destroy"
    answer(s, b, ("card", honor))
    d = decision(s, b)
    assert d.kind == "protect" and ("protect", mdr) in d.actions
    answer(s, b, ("protect", mdr))
    assert honor in s.hand[b] and mdr in s.discard[b]


def test_TE_098_poltergeist_secret_simultaneous_pass():
    s = quiet(n=3)
    a = s.active
    b, c = (a + 1) % 3, (a + 2) % 3
    (polt,) = set_center(s, "poltergeist")
    s.pool = [("S", 3, None, False)]
    set_hand(s, a, "strength_of_combat")
    (given,) = set_hand(s, b, "honor")
    s.deck[c].extend(s.hand[c])
    s.hand[c] = []                                  # no cards: passes nothing, still receives
    act(s, a, "buy", polt)
    ds = R.decisions(s)
    assert {d.seat for d in ds} == {a, b} and all(d.sealed and d.kind == "pass" for d in ds)
    ev = answer(s, b, ("give", given))
    assert all(e.to == (b,) for e in ev if "action" in e.data)
    va = R.view(s, a)
    assert given not in repr(va["flow"]) and va["flow"]["committed"] == [b]
    mine = s.hand[a][0]
    ev = answer(s, a, ("give", mine))
    assert given in s.hand[c] and mine in s.hand[b] and s.hand[a] == []
    public = [e for e in ev if e.to is None]
    assert not any(given in repr(e.data) or mine in repr(e.data) for e in public)
    # the third seat (a did not take part in b -> c) cannot tell which card it was
    assert R.view(s, a)["seats"][c]["owned"] is None and R.view(s, c)["seats"][c]["owned"] is not None


def test_TE_096_power_of_light_rerolls_in_the_game_not_in_the_rolloff():
    s = quiet(n=2, villain="scarlet_shadow")        # start of each turn: Skull -> a Shadow
    s.heroes = ["sara_the_bright_witch", "inspector_cooke"]
    asked = 0
    for _ in range(40):
        act(s, s.active, "end")
        while s.wait is not None:
            d = decision(s)
            if d.kind == "reroll":
                asked += 1
                assert d.seat == 0 and d.prompt["face"] == 0
            answer(s, d.seat, d.actions[0])
        if s.res is not None:
            break
    assert asked >= 1
    # the roll-off at setup never asks anyone anything (no decision before the first turn)
    from .helpers import fresh
    for seed in range(10):
        f = fresh(2, seed=seed)
        assert f.turn == 1 and not any(d.kind == "reroll" for d in R.decisions(f))
