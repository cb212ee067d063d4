"""Recruitment model (BO-112 … BO-117): remaining Supplies, maxima, ready-made and saved
Companies, and the result accepted by the rules as the `company` option."""
from game.games.ordeals.recruit import Builder, load_saved

from .support import rules


def test_BO_117_ready_made_company_leaves_nothing_and_is_ready():
    b = Builder.ready_made(rules().data, "grey_vigil")
    assert b.remaining() == 0 and b.ready()


def test_BO_112_remaining_supplies_follow_every_change():
    b = Builder(rules().data)
    for name in ("A", "B", "C"):
        b.add(name)
    assert b.remaining() == 300 - 150
    b.apply(0, ("upgrade", "might", 1))
    b.apply(0, ("weapon", "ranged", "bow"))
    assert b.remaining() == 150 - 15 - 15
    assert b.ready()


def test_BO_112_maxima_and_supplies_are_refused_as_choices():
    b = Builder(rules().data)
    for name in ("A", "B", "C"):
        b.add(name)
    b.apply(0, ("upgrade", "might", 3))
    up = next(c for c in b.choices(0) if c["change"] == ("upgrade", "might", 4))
    assert not up["allowed"]                            # +3 is the most
    b.apply(1, ("upgrade", "might", 3))
    b.apply(2, ("upgrade", "might", 3))
    b.apply(2, ("weapon", "ranged", "crossbow"))
    heavy = next(c for c in b.choices(1) if c["change"] == ("armour", "heavy"))
    assert heavy["cost"] == 25 and not heavy["allowed"]   # 15 Supplies left


def test_BO_116_one_leader_per_company():
    b = Builder.ready_made(rules().data, "ashen_road")
    lead = next(c for c in b.choices(1) if c["change"] == ("lore", "leader"))
    assert not lead["allowed"]


def test_the_built_company_is_a_valid_option_and_plays(tmp_path):
    R = rules()
    b = Builder(R.data)
    for name in ("Ash", "Bram", "Cole", "Dunn"):
        b.add(name)
    b.apply(1, ("weapon", "ranged", "bow"))
    opts = R.validate_options({"company": b.to_option()}, 1)
    s = R.setup(1, opts, 1)
    assert [c.st.name for c in s.chars if c.side == 0] == ["Ash", "Bram", "Cole", "Dunn"]
    path = tmp_path / "companies.json"
    b.save(path, "My band")
    assert load_saved(path)["My band"] == b.to_option()
