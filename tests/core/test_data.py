"""YAML loading: errors name file:line and the field path; all problems together."""
from typing import Literal

import pytest
from pydantic import BaseModel, ConfigDict

from game.core.data import DataError, Problems, load_yaml, validate
from game.core.dice import load_dice
from game.core.rng import RNG


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    perception: int
    kind: Literal["guard", "citizen"]


class Cards(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: list[Card]


def write(tmp_path, text, name="cards.yaml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_type_error_names_file_line_and_path(tmp_path):
    path = write(tmp_path, "cards:\n  - name: Watchman\n    perception: 6\n    kind: guard\n"
                           "  - name: Bishop\n    perception: high\n    kind: citizen\n")
    problems = Problems()
    validate(Cards, load_yaml(path, problems), problems)
    [p] = problems.items
    assert p.line == 6 and p.path == "cards[1].perception"
    assert "high" in p.message
    assert str(p).startswith(f"{path}:6: cards[1].perception:")


def test_all_problems_are_collected(tmp_path):
    path = write(tmp_path, "cards:\n  - name: A\n    perception: x\n    kind: guard\n"
                           "  - name: B\n    perception: 3\n    kind: wizard\n    extra: 1\n")
    problems = Problems()
    validate(Cards, load_yaml(path, problems), problems)
    lines = sorted(p.line for p in problems.items)
    assert lines == [3, 7, 8]
    with pytest.raises(DataError) as info:
        problems.raise_if_any()
    assert len(info.value.problems) == 3


def test_syntax_error_has_a_line(tmp_path):
    path = write(tmp_path, "cards:\n  - name: [unclosed\n  - x\n")
    problems = Problems()
    assert load_yaml(path, problems) is None
    assert problems.items[0].line >= 2 and "YAML syntax" in problems.items[0].message


def test_python_object_tags_are_refused(tmp_path):
    path = write(tmp_path, "cards: !!python/object/apply:os.system ['echo hi']\n")
    problems = Problems()
    load_yaml(path, problems)
    assert problems.items and "refused tag" in problems.items[0].message
    assert problems.items[0].line == 1


def test_duplicate_keys_are_reported(tmp_path):
    path = write(tmp_path, "a: 1\nb: 2\na: 3\n")
    problems = Problems()
    load_yaml(path, problems)
    assert problems.items[0].line == 3 and "duplicate" in problems.items[0].message


def test_missing_file_is_reported(tmp_path):
    problems = Problems()
    assert load_yaml(tmp_path / "gone.yaml", problems) is None
    assert "missing" in problems.items[0].message


def test_dice_from_data(tmp_path):
    dice = load_dice()
    assert dice["d6"].faces == (1, 2, 3, 4, 5, 6)
    assert dice["d12"].sides == 12
    assert dice["omen"].faces.count("skull") == 2
    rolls = dice["omen"].roll(RNG(3), 200)
    assert set(rolls) == {1, 2, 3, 4, "skull"}
    write(tmp_path, "dice:\n  d6:\n    faces: [1]\n", "dice.yaml")
    with pytest.raises(DataError, match=r"dice.yaml:3: dice.d6.faces"):
        load_dice(tmp_path)
