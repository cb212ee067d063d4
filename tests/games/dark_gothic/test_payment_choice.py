"""The payer names the units (TE-051, TE-083) and a Destroy the team chose is not one to
react to in co-op (TE-028; docs/games/dark_gothic.md, "Resources and paying", "Block and Protect")."""
from __future__ import annotations

import pytest

from game.core.rules import IllegalAction, is_legal
from game.games.dark_gothic.ai import make_agent
from game.games.dark_gothic.payment import MAX_OPTIONS, apply_payment

from .helpers import R, act, decision, pass_all, quiet, set_center, set_hand


def _orb(s, card):
    return next(i for i, o in enumerate(s.pool) if o[2] == card)


def _destroys(s, d, action):
    parts = tuple(tuple(p) for p in d.prompt["parts"])
    return {R.key[c] for c in apply_payment(s.pool, parts, action[1])[1]}


def _combat_turn(n=2, mode="competitive"):
    """Strength of Combat (1), Frederic Leon (3) and an Ambush (3) played: 7 Combat from three
    kinds of card; the Tomahawk (2C) and a Masked Assassin (3C + 1 Cursed C) on offer."""
    s = quiet(n=n, mode=mode)
    a = s.active
    soc, fred, amb = set_hand(s, a, "strength_of_combat", "frederic_leon", "ambush")
    tom, mask = set_center(s, "tomahawk", "masked_assassin")
    for c in (soc, fred, amb):
        act(s, a, "play", c)
    return s, a, (soc, fred, amb), (tom, mask)


def test_TE_051_the_payer_names_the_units_of_a_plain_cost():
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn()
    pay = (("C", ((_orb(s, fred), 2),)),)                 # the Tomahawk with Frederic's Combat
    assert is_legal(R, s, R.decisions(s), a, ("buy", tom, pay))
    act(s, a, "buy", tom, pay)
    pass_all(s)
    assert tom in s.discard[a]
    left = {src: n for _c, n, src, _w in s.pool}
    assert left == {soc: 1, fred: 1, amb: 3}              # Ambush's Combat is still there
    # so the Masked Assassin's Cursed Combat may now be paid by the Ambush or by Frederic
    act(s, a, "buy", mask)
    d = decision(s)
    assert d.kind == "pay"
    assert {frozenset(_destroys(s, d, x)) for x in d.actions} >= {frozenset({"ambush"}), frozenset({"frederic_leon"})}


def test_TE_083_every_distinct_destroy_is_offered_cheapest_first():
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn()
    act(s, a, "buy", mask)
    d = decision(s)
    assert d.kind == "pay" and d.seat == a and d.free is not None and len(d.actions) <= MAX_OPTIONS
    burnt = [_destroys(s, d, x) for x in d.actions]
    assert {"strength_of_combat"} == burnt[0]            # the suggested payment: the cheapest card
    assert {frozenset(b) for b in burnt} == {frozenset({k}) for k in ("strength_of_combat", "frederic_leon", "ambush")}
    pick = next(x for x in d.actions if _destroys(s, d, x) == {"frederic_leon"})
    act(s, a, *pick)
    pass_all(s)
    assert fred in s.crypt and soc in s.play[a] and amb in s.play[a] and mask in s.discard[a]


def test_TE_083_a_payment_the_sample_does_not_list_is_still_legal():
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn()
    act(s, a, "buy", mask)
    d = decision(s)
    # 3 plain Combat from the Ambush, the Cursed one from Frederic: any legal mix is accepted
    pay = (("C", ((_orb(s, amb), 3),)), ("C", ((_orb(s, fred), 1),)))
    assert tuple(R.cards[mask].cost) == (("C", 3, False), ("C", 1, True))
    assert is_legal(R, s, R.decisions(s), a, ("pay", pay))
    act(s, a, "pay", pay)
    pass_all(s)
    assert fred in s.crypt and amb in s.play[a] and sorted(s.pool) == [("C", 1, soc, False), ("C", 2, fred, False)]


@pytest.mark.parametrize("pay", [
    (("U", ((0, 2),)),),                     # the wrong colour
    (("C", ((0, 1),)),),                     # too few units
    (("C", ((0, 1), (0, 1))),),              # an orb named twice
    (("C", ((0, 5),)),),                     # more than the orb holds
    (("C", ((9, 2),)),),                     # no such orb
    (("C", ((0, 2),)), ("C", ((1, 1),))),    # a part the cost does not have
    "C2",                                    # not a payment at all
])
def test_TE_051_a_payment_that_does_not_pay_is_refused(pay):
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn()
    s.pool = [("C", 3, fred, False), ("U", 1, soc, False)]
    s.dec = None
    assert not is_legal(R, s, R.decisions(s), a, ("buy", tom, pay))
    with pytest.raises(IllegalAction):
        act(s, a, "buy", tom, pay)
    assert s.pool == [("C", 3, fred, False), ("U", 1, soc, False)] and tom in s.center


def test_TE_043_a_silver_orb_pays_one_colour_only():
    s = quiet()
    a = s.active
    (train,) = [s.training["tactical_strike"][-1]]
    s.pool = [("W", 2, None, True), ("C", 1, None, False), ("U", 1, None, False)]
    s.dec = None
    split = (("C", ((0, 1), (1, 1), (2, 1))),)        # a 3W part paid with C and U: no
    assert not is_legal(R, s, R.decisions(s), a, ("buy", train, split))
    whole = (("C", ((0, 2), (1, 1))),)
    assert is_legal(R, s, R.decisions(s), a, ("buy", train, whole))
    act(s, a, "buy", train, whole)
    assert s.pool == [("U", 1, None, False)] and train in s.discard[a]


def test_TE_051_one_outcome_asks_nothing():
    """Three Strength of Combat paying the Tomahawk, no Cursed cost on offer: no question."""
    s = quiet()
    a = s.active
    cards = set_hand(s, a, "strength_of_combat", "strength_of_combat", "strength_of_combat")
    (tom,) = set_center(s, "tomahawk")
    for c in cards:
        act(s, a, "play", c)
    act(s, a, "buy", tom)
    assert s.wait is None and tom in s.discard[a] and len(s.pool) == 1


# -- a Destroy the team chose (co-op) ---------------------------------------------------------
def _feed_turn(mode):
    """The active Hero defeats the Hungry Dead with a Rally the Town kept in hand to feed it;
    the other Hero holds a Book of Common Prayer (Protect)."""
    s = quiet(n=2, mode=mode)
    a, b = s.active, 1 - s.active
    s.hand[a] = [c for c in s.hand[a] if R.cards[c].type != "minion"]
    (rally,) = set_hand(s, a, "rally_the_town")
    set_hand(s, b, "book_of_common_prayer", "strength_of_combat")
    s.pool = [("C", 2, None, False)]
    s.dec = None
    act(s, a, "buy", R.data.hungry_dead)
    d = decision(s)
    assert d.kind == "feed"
    return s, a, b, rally


def test_TE_028_coop_no_one_is_asked_to_protect_a_destroy_the_team_chose():
    s, a, b, rally = _feed_turn("coop")
    act(s, a, "card", rally)
    assert s.wait is None                        # no Protect window: the card goes at once
    assert rally in s.crypt and "destroyed" in s.flags


def test_TE_028_competitive_the_others_may_protect_but_not_the_chooser():
    s, a, b, rally = _feed_turn("competitive")
    s.uses[1] = 1                                # the chooser holds a played Protect use
    act(s, a, "card", rally)
    d = decision(s)
    assert d.kind == "protect" and [x.seat for x in R.decisions(s)] == [b]


def test_TE_028_coop_a_normal_partner_lets_the_team_s_destroy_happen():
    """The game from issue 24: the team feeds Rally the Town to the Hungry Dead under the
    Wendigo; the `normal` partner never Protects it, so a card is Destroyed this turn."""
    s, a, b, rally = _feed_turn("coop")
    agents = [make_agent(R, "normal", i, 1) for i in range(2)]
    act(s, a, "card", rally)
    while s.wait is not None:
        d = decision(s)
        act(s, d.seat, *agents[d.seat].choose(R.view(s, d.seat), d))
    assert rally in s.crypt


def test_TE_083_coop_a_cursed_source_may_still_be_protected():
    """A Cursed cost Destroys its sources as a price, not by choice: the team may save them."""
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn(mode="coop")
    b = 1 - a
    set_hand(s, b, "book_of_common_prayer", "strength_of_combat")
    act(s, a, "buy", mask)
    d = decision(s)
    act(s, a, *next(x for x in d.actions if _destroys(s, d, x) == {"frederic_leon"}))
    d = decision(s, b)
    assert d.kind == "protect" and d.prompt["card"] == fred


def test_TE_082_a_unit_of_a_card_already_destroyed_destroys_nothing():
    """Frederic paid a Cursed part and is gone; his other units pay like sourceless ones:
    the suggested payment for the next Cursed part uses them and Destroys nothing."""
    s, a, (soc, fred, amb), (tom, mask) = _combat_turn()
    act(s, a, "buy", mask)
    d = decision(s)
    act(s, a, *next(x for x in d.actions if _destroys(s, d, x) == {"frederic_leon"}))
    pass_all(s)
    assert fred in s.crypt
    _tom, _refill, second = set_center(s, None, None, "masked_assassin")
    s.pool.append(("C", 1, None, False))
    s.dec = None
    act(s, a, "buy", second)
    while s.wait is not None and s.wait[0] == "pay":
        d = decision(s)
        parts = tuple(tuple(p) for p in d.prompt["parts"])
        assert apply_payment(s.pool, parts, d.actions[0][1])[1] in ((), (fred,))   # no live card
        act(s, a, *d.actions[0])
    pass_all(s)
    assert soc in s.play[a] and amb in s.play[a] and second in s.discard[a]
