"""Dark Gothic data (TE-002, TE-G01 … TE-G07): the shipped YAML loads with the box's numbers and
the checklist's proposed cards; every bad-data fixture (fixtures_bad/<case>/) fails to load with
file:line; numbers in YAML change the game."""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from game.core.data import DataError, data_root
from game.core.i18n import t
from game.games.dark_gothic.data import load_data, parse_cost
from game.games.dark_gothic.effects import EFFECTS, GLOBALS
from game.games.dark_gothic.rules import DarkGothicRules

FIXTURES = Path(__file__).parent / "fixtures_bad"

CASES = {   # case: (file, words in the message, words on the named line or None)
    "bad_effect_name": ("main_deck.yaml", "unknown effect 'gian'", "tomahawk"),
    "bad_param": ("supply.yaml", "unknown parameter 'colr'", "tactical_strike"),
    "bad_cost": ("main_deck.yaml", "cannot read cost part '3X'", "musket"),
    "wrong_count": ("rules.yaml", "expected 72 main_deck cards, the data has 71", "main_deck"),
    "bad_context": ("main_deck.yaml", "effect 'lightning' cannot be a play effect", "lightning_strike"),
    "hero_start_count": ("heroes.yaml", "exactly 9 Start cards (TE-G01), inspector_cooke has 10", "start:"),
    "bad_global": ("villains.yaml", "unknown Global 'shadow_wen'", "shadow_wen"),
    "bad_competitive_cost": ("villains.yaml", "cannot read cost part '3X'", 'competitive_cost: "4S+3X"'),
    "yaml_syntax": ("rules.yaml", "YAML syntax", None),
}


def test_TE_002_the_box():
    d = load_data()
    assert sum(len(v) for v in d.start_ids.values()) == 45
    assert len(d.honor_ids) == 4 and len(d.secret_ids) == 8 and len(d.discovery_ids) == 8
    assert sum(len(v) for v in d.training.values()) == 24
    assert len(d.main_ids) == 72 and len(d.heroes) == 5
    assert {k: len(v) for k, v in d.villains.items()} == {1: 3, 2: 3, 3: 3}
    assert d.hungry_dead == "hungry_dead" and "hungry_dead" not in d.main_ids       # TE-004
    assert d.rules.omen_faces == [1, 2, 3, 4, 0, 0]                                # TE-003


def test_TE_G05_main_deck_composition():
    d = load_data()
    by_type = Counter(d.cards[c].type for c in d.main_ids)
    assert by_type == {"gear": 18, "ally": 16, "location": 10, "event": 12, "minion": 16}
    assert sum(1 for c in d.main_ids if d.cards[c].key == "lightning_strike") == 4
    elders = {d.cards[c].key for c in d.main_ids if "town_elder" in d.cards[c].tags}
    assert elders == {"lord_hanbrook", "doctor_manning", "reverend_harding", "magistrate_kroft"}
    assert all(any(op == "secret" for op, _ in d.cards[c].acquire) for c in d.main_ids
               if "town_elder" in d.cards[c].tags)                                 # TE-031
    keys = [c for c in d.main_ids if "key" in d.cards[c].tags]
    assert keys and all(d.cards[c].play[0][0] == "destroy_self" for c in keys)      # TE-030
    roaming = Counter(d.cards[c].key for c in d.main_ids if d.cards[c].roaming)
    assert roaming == {"restless_dead": 3, "lonely_spirit": 2, "wolf_pack": 1, "witch_hunt": 1}


def test_TE_G01_heroes_and_G02_villains():
    d = load_data()
    assert all(sum(h.start.values()) == 9 for h in d.heroes.values())
    assert sorted(h.honor for h in d.heroes.values()) == [0, 1, 1, 1, 1]
    assert d.heroes["inspector_cooke"].ability == "builtin_gain"
    assert d.heroes["sara_the_bright_witch"].ability == "reroll_omen"
    w = d.cards["wendigo"]
    assert any(cur for _c, _n, cur in w.cost) and w.inv == 5 and w.danger == 2     # a Cursed part
    assert d.cards["charlotte_dubois"].globals[0] == ("hand_size", {"n": 5})


def test_every_op_in_the_data_is_registered_and_every_card_has_a_name():
    d = load_data()
    for c in d.cards.values():
        for lst in (c.play, c.fight, c.mystery, c.acquire):
            assert all(op in EFFECTS for op, _ in lst)
        assert all(op in GLOBALS for op, _ in c.globals)
        assert not t(f"dark_gothic.card.{c.key}").startswith("dark_gothic.")
    for h in d.heroes:
        assert not t(f"dark_gothic.hero.{h}").startswith("dark_gothic.")


def test_cost_notation():
    assert parse_cost("3S+2!S") == (("S", 3, False), ("S", 2, True))
    assert parse_cost("5W") == (("W", 5, False),)
    with pytest.raises(ValueError):
        parse_cost("3Q")


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_data_is_reported_with_file_and_line(case, tmp_path):
    folder = tmp_path / "dark_gothic"
    shutil.copytree(data_root() / "dark_gothic", folder)
    bad = next((FIXTURES / case).glob("*.yaml"))
    shutil.copy(bad, folder / bad.name)
    with pytest.raises(DataError) as info:
        load_data(folder)
    file, words, on_line = CASES[case]
    text = str(info.value)
    assert words in text, text
    m = re.search(re.escape(file) + r":(\d+): ", text)
    assert m, text
    line = int(m.group(1))
    lines = (folder / file).read_text(encoding="utf-8").splitlines()
    assert 1 <= line <= len(lines)
    if on_line:
        assert on_line in lines[line - 1], (line, lines[line - 1])


def test_all_problems_are_collected_at_once(tmp_path):
    folder = tmp_path / "dark_gothic"
    shutil.copytree(data_root() / "dark_gothic", folder)
    for case in ("bad_effect_name", "bad_param", "bad_global"):
        bad = next((FIXTURES / case).glob("*.yaml"))
        shutil.copy(bad, folder / bad.name)
    with pytest.raises(DataError) as info:
        load_data(folder)
    files = {p.file.rsplit("/", 1)[-1] for p in info.value.problems}
    assert {"main_deck.yaml", "supply.yaml", "villains.yaml"} <= files


def _edited(tmp_path, file, old, new):
    folder = tmp_path / "dark_gothic"
    shutil.copytree(data_root() / "dark_gothic", folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return DarkGothicRules(load_data(folder))


def test_changing_a_number_in_yaml_changes_the_game(tmp_path):
    r = _edited(tmp_path, "rules.yaml", "hand_size: 6 ", "hand_size: 5 ")
    s = r.setup(2, {"mode": "competitive"}, 1)
    assert [len(h) for h in s.hand] == [5, 5]
    r2 = _edited(tmp_path / "b", "supply.yaml", "{key: strength_of_combat,  copies: 15, inv: 0, play: [{op: gain, c: C, n: 1}]}",
                 "{key: strength_of_combat,  copies: 15, inv: 0, play: [{op: gain, c: C, n: 4}]}")
    s = r2.setup(2, {"mode": "competitive"}, 1)
    a = s.active
    combat = next(c for c in s.hand[a] + s.deck[a] if c.startswith("strength_of_combat"))
    if combat not in s.hand[a]:
        s.deck[a].remove(combat)
        s.hand[a].append(combat)
        s.dec = None
    while s.wait is not None:
        d = r2.decisions(s)[0]
        r2.apply(s, d.seat, d.actions[0])
    r2.apply(s, a, ("play", combat))
    assert ("C", 4, combat, False) in s.pool
