"""The Hint's and the review's words for a monster-shop send: a group sent to buy a
monster, a cage or an upgrade names what it buys, as on the tile ("… → Monster (young)
1: Mopewyrm"), where the table's button says only the space and the slot."""
from game.core.i18n import set_language
from game.games.monster_shop import SPEC
from game.games.monster_shop.advice import label
from game.games.monster_shop.words import ShopWords


def _at_first_send(seed=1):
    R = SPEC.ruleset()
    s = R.setup(4, {}, seed)
    while True:
        ds = R.decisions(s)
        mine = [d for d in ds if d.seat == 0 and d.kind == "send"]
        if mine:
            return R, s, mine[0]
        d = ds[0]
        planned = [a for a in d.actions if a[0] == "plan" and len(a[1]) == 2]    # two groups out
        R.apply(s, d.seat, planned[0] if planned else d.default if d.default is not None else d.actions[0])


def test_a_send_names_the_monster_cage_or_upgrade_it_buys():
    R, s, d = _at_first_send()
    v = R.view(s, 0)
    words = ShopWords(R, str, lambda: v)
    sends = [a for a in d.actions if a[0] == "send" and a[2] in ("monster_low", "cage", "upgrade")]
    assert sends
    set_language("en")
    offered = [(a, words.offer_at(v, a[2], a[3])) for a in sends if words.offer_at(v, a[2], a[3]) is not None]
    assert offered
    for a, x in offered:
        said = label(v, d.kind, a, ["A", "B", "C", "D"])
        assert said == f"{words.describe(d.kind, a)}: {words.offer_name(a[2], x)}"
    food = [a for a in d.actions if a[0] == "send" and a[2] == "food"]
    assert all(":" not in label(v, d.kind, a, ["A", "B", "C", "D"]) for a in food)


def test_the_lead_reads_ahead_or_behind_short_enough_for_the_hints_two_lines():
    from game.core.i18n import t
    from game.games.monster_shop.advice import reason
    set_language("en")
    key, params = reason({}, None, ("send",), 11.0)
    assert t(key, **params) == "≈11 reputation ahead of the best rival"
    key, params = reason({}, None, ("send",), -0.74)
    assert t(key, **params) == "≈0.7 reputation behind the best rival"
    set_language("cs")
    try:
        key, params = reason({}, None, ("send",), 2.5)
        assert t(key, **params) == "≈2,5 reputace před nejlepším soupeřem"
    finally:
        set_language("en")


def test_an_empty_plan_says_no_group_goes_out():
    """A review of a newcomer who planned nothing read "You chose — (≈1 %), 2 imps | … was
    best": the empty plan is said in words (en, cs)."""
    from game.core.i18n import t
    R = SPEC.ruleset()
    s = R.setup(4, {}, 1)
    v = R.view(s, 0)
    for lang in ("en", "cs"):
        set_language(lang)
        said = label(v, "plan", ("plan", ()), ["A", "B", "C", "D"])
        assert said == t("advice.monster_shop.no_plan") and "—" not in said and said.strip()
    set_language("en")
