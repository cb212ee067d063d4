"""Dark Deeds data: the shipped YAML loads and matches the rules' numbers; each bad-data
fixture (tests/games/dark_deeds/fixtures_bad/<case>/) fails to load with file:line."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from game.core.data import DataError, data_root
from game.core.i18n import t
from game.games.dark_deeds.data import load_data
from game.games.dark_deeds.effects import EFFECTS, TRIGGERS

FIXTURES = Path(__file__).parent / "fixtures_bad"

CASES = {
    # case: (file, expected line, words in the message)
    "bad_effect_name": ("plots.yaml", None, "unknown effect 'foil_rol'"),
    "bad_stat": ("street.yaml", None, "less than or equal to 20"),
    "wrong_count": ("street.yaml", None, "expected 7 artisan cards, got 6"),
    "bad_trigger": ("deeds.yaml", None, "unknown trigger 'lie_low'"),
    "bad_param": ("deeds.yaml", None, "unknown parameter 'min_perceptoin'"),
    "wrong_timing": ("plots.yaml", None, "is played at after_roll, not 'own_turn'"),
    "wrong_loot_count": ("loot.yaml", None, "expected 15 cards in the artisan Loot deck, got 14"),
    "yaml_syntax": ("plots.yaml", None, "YAML syntax"),
}


def test_shipped_data_loads_with_the_rules_numbers():
    d = load_data()
    assert len(d.street_ids) == 41 and len(d.plot_ids) == 40 and len(d.deed_ids) == 18
    assert {t_: len(v) for t_, v in d.loot_ids.items()} == {"artisan": 15, "cleric": 15, "merchant": 15}
    r = d.rules
    assert (r.hand_limit, r.arrest_threshold, r.street_slots, r.tavern_slots) == (6, 10, 6, 2)
    assert sum(d.cards[c].favour for c in d.deed_ids) == 54


def test_every_effect_and_trigger_in_the_data_is_registered():
    d = load_data()
    for c in d.cards.values():
        if c.op:
            assert c.op in EFFECTS
        if c.kind == "deed":
            assert c.on in TRIGGERS


def test_every_card_has_words():
    d = load_data()
    for c in d.cards.values():
        assert not t(f"dark_deeds.card.{c.key}.name").startswith("dark_deeds.")
        assert not t(f"dark_deeds.card.{c.key}.text").startswith("dark_deeds.")


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_data_is_reported_with_file_and_line(case, tmp_path):
    folder = tmp_path / "dark_deeds"
    shutil.copytree(data_root() / "dark_deeds", folder)
    bad = next((FIXTURES / case).glob("*.yaml"))
    shutil.copy(bad, folder / bad.name)
    with pytest.raises(DataError) as info:
        load_data(folder)
    file, _line, words = CASES[case]
    text = str(info.value)
    assert words in text, text
    m = re.search(re.escape(file) + r":(\d+): ", text)
    assert m, text
    line = int(m.group(1))
    lines = bad.read_text(encoding="utf-8").splitlines()
    assert 1 <= line <= len(lines)
    if case in ("bad_effect_name", "bad_trigger", "bad_param", "wrong_timing", "bad_stat"):
        # the line named is the very line with the mistake
        needle = {"bad_effect_name": "foil_rol", "bad_trigger": "lie_low", "bad_param": "min_perceptoin",
                  "wrong_timing": "loaded_dice", "bad_stat": "perception: 25"}[case]
        assert needle in lines[line - 1], (line, lines[line - 1])


def test_all_problems_are_collected_at_once(tmp_path):
    folder = tmp_path / "dark_deeds"
    shutil.copytree(data_root() / "dark_deeds", folder)
    for case in ("bad_effect_name", "bad_trigger", "wrong_loot_count"):
        bad = next((FIXTURES / case).glob("*.yaml"))
        shutil.copy(bad, folder / bad.name)
    with pytest.raises(DataError) as info:
        load_data(folder)
    files = {p.file.rsplit("/", 1)[-1] for p in info.value.problems}
    assert {"plots.yaml", "deeds.yaml", "loot.yaml"} <= files
