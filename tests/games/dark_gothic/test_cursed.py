"""Cursed Costs (TE-080 … TE-084, TE-097)."""
from __future__ import annotations

from game.games.dark_gothic.data import load_data, parse_cost
from game.games.dark_gothic.payment import apply_payment
from game.games.dark_gothic.rules import DarkGothicRules

from .helpers import act, decision, pass_all, quiet, set_center, set_hand


def _rules_with_cost(key, cost):
    d = load_data()
    for c in d.cards.values():
        if c.key == key:
            c.cost = parse_cost(cost)
            c.cost_total = sum(n for _, n, _ in c.cost)
    return DarkGothicRules(d)


def test_TE_084_cursed_cost_example():
    """Cost 2 Cunning + 1 Cursed Spirit, paid with 2 x Strength of Cunning + 1 x Strength of
    Spirit: the Strength of Spirit is Destroyed, the card is acquired."""
    R2 = _rules_with_cost("isabella_von_took", "2U+1!S")
    s = quiet()
    a = s.active
    cu1, cu2, sp = set_hand(s, a, "strength_of_cunning", "strength_of_cunning", "strength_of_spirit")
    (isa,) = set_center(s, "isabella_von_took")
    for c in (cu1, cu2, sp):
        R2.apply(s, a, ("play", c))
    R2.apply(s, a, ("buy", isa))
    while s.wait is not None:                      # nobody may Protect here; pass anything asked
        d = R2.decisions(s)[0]
        R2.apply(s, d.seat, ("pass",))
    assert isa in s.discard[a]
    assert sp in s.crypt and cu1 in s.play[a] and cu2 in s.play[a]
    assert s.pool == []


def test_TE_080_wendigo_cursed_combat_destroys_the_cards_that_paid_it():
    s = quiet(villain="wendigo")
    a = s.active
    s.pool = [("C", 6, None, False), ("S", 3, None, False)]
    c1, c2 = set_hand(s, a, "strength_of_combat", "strength_of_combat")
    act(s, a, "play", c1)
    act(s, a, "play", c2)
    act(s, a, "buy", s.villain)
    d = decision(s)
    assert d.kind == "pay"                            # sourceless Combat or the Strength cards
    parts = tuple(tuple(p) for p in d.prompt["parts"])
    pick = next(x for x in d.actions if c1 in apply_payment(s.pool, parts, x[1])[1])
    act(s, a, *pick)
    pass_all(s)
    assert c1 in s.crypt


def test_TE_081_resources_without_a_card_cause_no_destroy():
    R2 = _rules_with_cost("isabella_von_took", "1!U")
    s = quiet(hero="inspector_cooke")
    a = s.active
    s.pool = [("U", 1, None, False)]
    (isa,) = set_center(s, "isabella_von_took")
    crypt = list(s.crypt)
    R2.apply(s, a, ("buy", isa))
    assert isa in s.discard[a] and s.crypt == crypt


def test_TE_082_TE_097_the_destroyed_cards_other_resources_stay_in_the_pool():
    R2 = _rules_with_cost("isabella_von_took", "1!S")
    s = quiet()
    a = s.active
    (kat,) = set_hand(s, a, "katarina_clark")           # +2 Spirit from one card
    (isa,) = set_center(s, "isabella_von_took")
    R2.apply(s, a, ("play", kat))
    R2.apply(s, a, ("buy", isa))
    assert kat in s.crypt and s.pool == [("S", 1, kat, False)]


def test_TE_083_the_payer_chooses_and_protect_may_save_the_source():
    R2 = _rules_with_cost("isabella_von_took", "1!S")
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    kat, sp = set_hand(s, a, "katarina_clark", "strength_of_spirit")
    (book,) = set_hand(s, b, "book_of_common_prayer", "strength_of_combat")[:1]
    (isa,) = set_center(s, "isabella_von_took")
    R2.apply(s, a, ("play", kat))
    R2.apply(s, a, ("play", sp))
    R2.apply(s, a, ("buy", isa))
    d = R2.decisions(s)[0]
    assert d.kind == "pay" and len(d.actions) == 2
    parts = tuple(tuple(p) for p in d.prompt["parts"])
    pick = next(x for x in d.actions if apply_payment(s.pool, parts, x[1])[1] == (kat,))
    R2.apply(s, a, pick)
    d = R2.decisions(s)[0]
    assert d.kind == "protect" and d.seat == b and d.prompt["card"] == kat
    R2.apply(s, b, ("protect", book))
    assert kat in s.play[a] and kat not in s.crypt and book in s.discard[b]
