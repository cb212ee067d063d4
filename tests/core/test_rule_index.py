"""Every rule id a test name cites resolves inside the repository.

Rule tests are named after our checklist's ids (`test_TE_051_…`, `test_VC_071_072_…`). A person
who clones the project has no checklist, so each game's doc, docs/games/<game>.md, keeps a
`## Rule index`: one line per id, `- **TE-051** — the rule — the tests`. This test reads every
test function's name and fails on an id that the index of its game lacks.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME_OF_PREFIX = {"VC": "schemers", "DD": "dark_deeds", "TE": "dark_gothic",
                  "BO": "ordeals", "MS": "monster_shop"}

# An id is a prefix and a three-digit rule number or a G-number (a gap we resolved); a name may
# cite several in a row (`VC_071_072`). A shorter number after an id is words (`VC_072_2`).
_FIRST = re.compile(r"(VC|DD|TE|BO|MS)_(G\d{2}|\d{3})[a-z]?((?:_(?:G\d{2}|\d{3}))*)(?=_|$)")
_MORE = re.compile(r"_(G\d{2}|\d{3})")
_INDEX_LINE = re.compile(r"^- \*\*((?:VC|DD|TE|BO|MS)-(?:G\d{2}|\d{3}))\*\*", re.M)


def ids_in_name(name: str) -> list[str]:
    found = []
    for m in _FIRST.finditer(name):
        prefix = m.group(1)
        found.append(f"{prefix}-{m.group(2)}")
        found += [f"{prefix}-{n}" for n in _MORE.findall(m.group(3))]
    return found


def names_of_tests(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [node.name for node in ast.walk(tree)
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            and node.name.lower().startswith("test")]


def indexed_ids(doc_text: str) -> set[str]:
    """The ids listed under the doc's `## Rule index` heading (up to the next `## `)."""
    _, heading, after = doc_text.partition("\n## Rule index")
    if not heading:
        return set()
    section = re.split(r"\n## ", after, maxsplit=1)[0]
    return set(_INDEX_LINE.findall(section))


def missing_ids(cited: dict[str, set[str]], docs: dict[str, str]) -> list[str]:
    """'<id> (cited by <file>) is not in docs/games/<game>.md' for each id a doc lacks."""
    problems = []
    for rule_id in sorted(cited):
        game = GAME_OF_PREFIX[rule_id[:2]]
        if rule_id not in indexed_ids(docs.get(game, "")):
            files = ", ".join(sorted(cited[rule_id]))
            problems.append(f"{rule_id} (cited by {files}) is not in docs/games/{game}.md's Rule index")
    return problems


def cited_ids() -> dict[str, set[str]]:
    cited: dict[str, set[str]] = {}
    for path in sorted((ROOT / "tests").rglob("test_*.py")):
        for name in names_of_tests(path):
            for rule_id in ids_in_name(name):
                cited.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return cited


def test_every_rule_id_in_a_test_name_is_in_its_games_rule_index():
    docs = {game: (ROOT / "docs" / "games" / f"{game}.md").read_text(encoding="utf-8")
            for game in GAME_OF_PREFIX.values()}
    cited = cited_ids()
    assert len(cited) > 300, "the test names' ids were not found: has the naming changed?"
    assert missing_ids(cited, docs) == []


def test_ids_are_read_from_names_as_people_write_them():
    assert ids_in_name("test_TE_051_the_payer_picks") == ["TE-051"]
    assert ids_in_name("test_VC_071_072_six_tokens") == ["VC-071", "VC-072"]
    assert ids_in_name("test_VC_072_2_players") == ["VC-072"]
    assert ids_in_name("test_MS_G27_owner_picks_food") == ["MS-G27"]
    assert ids_in_name("test_BO_116_hide_and_BO_152_lantern") == ["BO-116", "BO-152"]
    assert ids_in_name("test_the_deck_has_45_cards") == []


def test_a_missing_id_is_reported_with_the_test_that_cites_it():
    doc = "# Game\n\n## Rule index\n\n- **TE-051** — pay as you like — tests/x.py\n\n## Later\n- **TE-052** —\n"
    cited = {"TE-051": {"tests/x.py"}, "TE-052": {"tests/y.py"}}
    assert missing_ids(cited, {"dark_gothic": doc}) == [
        "TE-052 (cited by tests/y.py) is not in docs/games/dark_gothic.md's Rule index"]
