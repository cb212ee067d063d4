"""Monster-shop data: the shipped YAML loads with the guide's counts and names in both
languages; each bad-data fixture fails to load naming file:line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.core.data import DataError, data_root
from game.games.monster_shop.data import load_data

FIXTURES = Path(__file__).parent / "fixtures_bad"
CASES = {
    "unknown_ability": ("monsters.yaml", "unknown ability 'ponny'"),
    "bad_stripe_colour": ("monsters.yaml", "stripe colours must be from GYRP"),
    "unknown_cage_effect": ("cages.yaml", "unknown effect 'allways_clean'"),
    "bad_effect_param": ("cages.yaml", "unknown parameter 'm'"),
    "unknown_metric": ("contests.yaml", "unknown metric 'den_dirt'"),
    "wrong_deck_size": ("needs.yaml", "expected 20 cards, got 19"),
    "seven_businesses": ("places.yaml", "expected the 6 businesses, got 7"),
    "three_players": ("rules.yaml", "Input should be 4"),
    "yaml_syntax": ("contests.yaml", "YAML syntax"),
}


def test_shipped_data_has_the_guides_components():
    d = load_data()
    assert len(d.cards) == 80
    assert sum(1 for m in d.monsters if m.ability) == 9
    assert len(d.businesses) == 6 and len(d.accessories) == 8
    assert [s.key for s in d.spaces if s.board == "alleys"] == ["black_market", "fortune", "industry", "boutique"]
    keys = {c[0] for c in d.contests}
    assert {"dance_star", "wild_party"} <= keys
    assert {"dark_doctor", "dark_tamer"} <= {c[0] for c in d.customers}
    r = d.rules
    assert (r.start["imps"], r.start["gold"], r.max_groups, r.jury_bonus) == (7, 3, 6, 2)
    assert (r.sale.ordinary, r.sale.podium, r.sale.min_size) == (2, 3, 4)


def test_every_component_has_a_czech_and_an_english_name():
    d = load_data()
    names = [m.name for m in d.monsters] + [c[1] for c in d.cages] + [u[1] for u in d.upgrades]
    names += [a[1] for a in d.artifacts] + [x[1] for x in d.accessories] + [b[1] for b in d.businesses]
    names += [c[1] for c in d.contests] + [c[1] for c in d.customers] + [s.name.model_dump() for s in d.spaces]
    assert all(n["cs"] and n["en"] for n in names)
    by_key = {m.key: m.name for m in d.monsters}
    assert by_key["pony"] == {"cs": "Pony malý", "en": "Little Pony"}
    assert by_key["ruffian"]["cs"] == "Raubířek větší"


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_data_names_file_and_line(case, tmp_path):
    file, words = CASES[case]
    folder = tmp_path / "monster_shop"
    shutil.copytree(data_root() / "monster_shop", folder)
    shutil.copy(FIXTURES / case / file, folder / file)
    with pytest.raises(DataError) as err:
        load_data(folder)
    text = str(err.value)
    assert words in text, text
    assert re.search(re.escape(file) + r":\d+: ", text), text
