"""Options: modes, add-ons, player counts and clocks (VC-001, VC-030, VC-032), the
new-game screen's specs and the reason a combination is greyed out."""
from __future__ import annotations

import pytest

from game.core.rules import OptionsError
from game import registry

from .test_util import rules


@pytest.mark.parametrize("mode,lo,hi", [("standard", 2, 6), ("campanile", 2, 6), ("intoccabile", 3, 6),
                                        ("rialto", 3, 6), ("carnevale", 2, 7)])
def test_VC_001_player_counts_per_mode_and_with_taglia(mode, lo, hi):
    R = rules()
    for addons in ([], ["taglia"]):
        for n in range(1, 9):
            ok = lo <= n <= hi
            problem = R.option_problem({"mode": mode, "addons": addons}, n)
            assert (problem is None) == ok, (mode, n, problem)


def test_clear_sentences_for_impossible_combinations():
    R = rules()
    assert R.option_problem({"mode": "rialto"}, 2) == "Rialto needs at least 3 players (you chose 2)"
    assert R.option_problem({"mode": "intoccabile"}, 2) == "L'Intoccabile needs at least 3 players (you chose 2)"
    assert R.option_problem({"mode": "standard"}, 7) == "Serenissima (Standard) takes at most 6 players (you chose 7)"
    assert "Unknown mode 'blitz'" in R.option_problem({"mode": "blitz"}, 3)
    assert "Unknown add-on 'fog'" in R.option_problem({"addons": ["fog"]}, 3)
    assert R.option_problem({"clock": 5}, 3) == "The clock in Serenissima (Standard) must be off or 10–60 seconds (you chose 5)"
    assert R.option_problem({"mode": "campanile", "clock": None}, 3) == \
        "Campanile always runs its clock: choose 3–7 seconds"
    assert "Unknown option 'colour'" in R.option_problem({"colour": "red"}, 3)


def test_defaults_are_filled_in():
    R = rules()
    assert R.validate_options({}, 4) == {"mode": "standard", "addons": [], "clock": 20, "hotseat": False}
    assert R.validate_options({"taglia": True}, 4)["addons"] == ["taglia"]
    assert R.validate_options({"addons": "taglia"}, 4)["addons"] == ["taglia"]
    assert R.validate_options({"clock": 0}, 4)["clock"] is None
    assert R.validate_options({"clock": "off"}, 4)["clock"] is None
    assert R.validate_options({"clock": 45}, 4)["clock"] == 45
    opts = R.validate_options({"mode": "carnevale", "addons": ["taglia"]}, 7)
    assert R.validate_options(opts, 7) == opts             # idempotent


def test_option_specs_for_the_new_game_screen():
    specs = {s.key: s for s in rules().option_specs()}
    assert [v for v, _ in specs["mode"].choices] == ["standard", "intoccabile", "campanile", "rialto", "carnevale"]
    assert specs["mode"].kind == "choice" and specs["mode"].default == "standard"
    assert specs["taglia"].kind == "flag" and specs["taglia"].default is False
    assert specs["clock"].kind == "int" and specs["clock"].minimum == 0 and specs["clock"].maximum == 60


def test_game_spec_is_registered():
    spec = registry.get("schemers")
    assert spec.min_players == 2 and spec.max_players == 7
    assert spec.table == "game.games.schemers.table.screen:SchemersTable"
    R = spec.load_ruleset()
    assert R.id == "schemers" and R.min_players == 2 and R.max_players == 7
    for level in spec.difficulties:
        assert spec.make_agent(level, 0, 1).name == level
    with pytest.raises(ValueError):
        spec.make_agent("grandmaster", 0, 1)


def test_setup_refuses_bad_options_before_dealing():
    with pytest.raises(OptionsError):
        rules().validate_options({"mode": "rialto", "addons": ["taglia"]}, 2)
