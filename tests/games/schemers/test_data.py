"""Schemers data: the shipped YAML loads; every bad-data fixture is reported with
file:line: path and a message that says what is wrong (all problems at once)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from game.core.data import DataError, data_root
from game.core.i18n import load_strings
from game.games.schemers import SPEC
from game.games.schemers.data import MODE_IDS, ROLE_IDS, load

BAD = Path(__file__).parent / "fixtures_bad"

CASES = {  # fixture folder: (file, line, path, words in the message)
    "role_amount_word": ("roles.yaml", 7, "roles[0].amount", "valid integer"),
    "role_unknown_block": ("roles.yaml", 16, "roles[2].blocks[1]", "unknown blockable action 'dodge'"),
    "role_unknown_id": ("roles.yaml", 5, "roles[0].id", "unknown role 'dodge'"),
    "deck_unknown_role": ("decks.yaml", 5, "decks.standard.cards.dodge", "unknown role 'dodge'"),
    "deck_size_mismatch": ("decks.yaml", 4, "decks.standard.size", "add up to 16"),
    "mode_clock_out_of_range": ("modes.yaml", 28, "modes.campanile.clock.default", "outside 3-7"),
    "mode_unknown_deck": ("modes.yaml", 40, "modes.carnevale.deck", "unknown deck 'carnival'"),
    "rules_unknown_block_by": ("rules.yaml", 15, "block_by.gondola", "unknown blockable action"),
    "yaml_syntax": ("rules.yaml", 11, "(top)", "YAML syntax"),
    "big_deck_too_small": ("modes.yaml", 40, "modes.carnevale.deck", "need at least 23"),
    "untouchable_not_enough_doctors": ("modes.yaml", 15, "modes.intoccabile.deck", "needs 2 plague_doctor"),
}


def overlay(case: str, tmp_path: Path) -> Path:
    for f in (data_root() / "schemers").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    for f in (BAD / case).glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def test_the_shipped_data_loads():
    d = load()
    assert set(d.roles) == set(ROLE_IDS) and set(d.modes) == set(MODE_IDS)
    assert d.block_roles == {"casino": ("doge",), "corsair": ("corsair", "fortune_teller"),
                             "poisoner": ("plague_doctor",)}
    assert SPEC.load_ruleset().data_summary()


def test_every_fixture_has_an_expectation():
    assert sorted(p.name for p in BAD.iterdir() if p.is_dir()) == sorted(CASES)


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_data_is_reported_with_file_and_line(case, tmp_path):
    folder = overlay(case, tmp_path)
    file, line, path, words = CASES[case]
    with pytest.raises(DataError) as exc:
        load(folder)
    texts = [str(p) for p in exc.value.problems]
    want = f"{file}:{line}: {path}: "
    assert any(want in t and words in t for t in texts), texts


def test_all_problems_are_collected_at_once(tmp_path):
    for f in (data_root() / "schemers").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    for case in ("role_amount_word", "deck_size_mismatch", "mode_unknown_deck"):
        for f in (BAD / case).glob("*.yaml"):
            shutil.copy(f, tmp_path / f.name)
    with pytest.raises(DataError) as exc:
        load(tmp_path)
    files = {p.file.split("/")[-1] for p in exc.value.problems}
    assert files == {"roles.yaml", "decks.yaml", "modes.yaml"}


def test_a_missing_file_is_named(tmp_path):
    for f in (data_root() / "schemers").glob("*.yaml"):
        if f.name != "decks.yaml":
            shutil.copy(f, tmp_path / f.name)
    with pytest.raises(DataError, match="decks.yaml:1: .*file is missing"):
        load(tmp_path)


def test_a_changed_number_changes_the_game_without_code(tmp_path):
    for f in (data_root() / "schemers").glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    text = (tmp_path / "roles.yaml").read_text().replace("    amount: 3\n", "    amount: 4\n", 1)
    (tmp_path / "roles.yaml").write_text(text)
    R = SPEC.load_ruleset(tmp_path)
    s = R.setup(2, R.validate_options({}, 2), 1)
    seat = s.turn
    R.apply(s, seat, ("claim", "doge"))
    R.apply(s, 1 - seat, ("pass",))
    assert s.coins[seat] == 6


def test_every_player_facing_word_is_in_the_locale():
    strings = load_strings("en")
    for role in ROLE_IDS + ("untouchable",):
        assert strings[f"schemers.roles.{role}.name"]
    for mode in MODE_IDS:
        assert strings[f"schemers.modes.{mode}.name"] and strings[f"schemers.modes.{mode}.help"]
    assert strings["schemers.addons.taglia.help"]
    for kind in ("turn", "challenge", "challenge_block", "block", "lose_card", "exchange",
                 "untouchable_price", "bid", "sealed_bid"):
        assert strings[f"schemers.kinds.{kind}"]
    for action in ("income", "casino", "canal", "claim", "pass", "challenge", "block", "lose", "return",
                   "slip", "bid", "sealed_bid"):
        assert strings[f"schemers.actions.{action}"]
    for spec in SPEC.load_ruleset().option_specs():
        assert spec.label in strings and spec.help in strings


def test_every_log_key_the_engine_emits_exists():
    import re
    src = (Path(__file__).parents[3] / "game" / "games" / "schemers" / "engine.py").read_text()
    keys = set(re.findall(r'"(schemers\.log\.[a-z_]+)"', src))
    strings = load_strings("en")
    assert keys and all(k in strings for k in keys), keys - set(strings)
    for key in keys:
        assert strings[key].strip()


def test_mode_help_texts_format_with_the_data_numbers():
    from game.core.i18n import t
    params = SPEC.load_ruleset().text_params()
    for mode in MODE_IDS:
        text = t(f"schemers.modes.{mode}.help", **params)
        assert "{" not in text
    assert "6 tokens" in t("schemers.modes.rialto.help", **params)
