"""Every data file is checked (issue 29, item 4). validate-data reads every file under
data/ through the model the game reads it with (a file nothing reads is a problem), and
damaged copies — generated here for every YAML file — are each reported with the file's
own name and line, never accepted and never a traceback; every count is bounded; a list
the game cannot play without says so, and a list it accepts empty still plays.

"Read by a model" for the non-YAML files: a rules page (data/<game>/rules.<lang>.md) is
read by core.data.load_text — a regular file of at most 256 KB, UTF-8 without NUL, not
empty, one per language once a game has one — the same function the rules screen uses.

In-process (game.cli.check_data) on one copy of data/, each case changing one file and
putting it back, and checking only the game that reads that file."""
from __future__ import annotations

import os
import random
import re
import shutil
import time
from pathlib import Path

import pytest
import yaml

from game import cli
from game.core import locale_check
from game.core.data import recording_reads

ROOT = Path(__file__).resolve().parents[2] / "data"
YAML_FILES = sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.yaml"))


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """One copy of data/ for the module; each test restores what it changed."""
    folder = tmp_path_factory.mktemp("validate") / "data"
    shutil.copytree(ROOT, folder)
    return folder


class Changed:
    """Change one file of the copy for the length of a `with`, then put it back."""

    def __init__(self, path: Path):
        self.path = path
        self.saved = path.read_bytes()

    def __enter__(self):
        return self.path

    def __exit__(self, *exc):
        if self.path.is_symlink() or self.path.is_file() or self.path.exists() and not self.path.is_dir():
            self.path.unlink()
        elif self.path.is_dir():
            shutil.rmtree(self.path)
        self.path.write_bytes(self.saved)


def _game_of(rel: str) -> list[str]:
    parts = Path(rel).parts
    if parts[0] == "dice.yaml":
        return ["dark_deeds"]              # the game that rolls a die by name from dice.yaml
    return [] if parts[0] == "locale" else [parts[0]]


def _problems(copy: Path, rel: str) -> list[str]:
    found = cli.check_data(copy, _game_of(rel), say=lambda *_: None)
    if "locale" in Path(rel).parts:
        found += locale_check.problems(copy)
    return [str(p) for p in found]


def _assert_named(found: list[str], path: Path, case: str) -> None:
    mine = [f for f in found if f.startswith(f"{path}:") and f[len(str(path)) + 1:].split(":")[0].isdigit()]
    assert mine, f"{case}: nothing names {path.name}: {found[:3]}"
    assert not [f for f in found if "cannot read this data" in f], f"{case}: a loader failed: {found[:3]}"
    assert all("\n" not in f and len(f) <= 400 for f in found)


# -- every file is read -------------------------------------------------------------------------
def test_validate_data_reads_every_file_under_data():
    with recording_reads() as read:
        problems = cli.check_data(None, say=lambda *_: None)
    assert not problems, "\n".join(map(str, problems[:10]))
    unread = [p for p in ROOT.rglob("*") if p.is_file() and p.resolve() not in read]
    assert not unread, f"no model reads {unread}"


@pytest.mark.parametrize("name", ["dark_deeds/faces.yml", "monster_shop/rules.en.md~", "notes.txt",
                                  "ordeals/extra/trials.yaml"])
def test_a_file_no_model_reads_is_a_problem(copy, name):
    path = copy / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("x: 1\n")
    try:
        found = [str(p) for p in cli.check_data(copy, say=lambda *_: None)]
    finally:
        path.unlink()
    assert any(f.startswith(f"{path}:1:") and "no model reads this file" in f for f in found), found


# -- Dark Deeds' faces.yaml: the issue's damaged copies ----------------------------------------
def _bomb() -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


FACES = {
    "emptied": "",
    "a_list": "- 1\n- 2\n",
    "a_word": "faces\n",
    "null": "~\n",
    "alias_bomb": _bomb(),
    "python_tag": "frames: !!python/object/apply:os.system ['true']\n",
    "duplicate_keys": "frames: {}\nframes: {}\n",
    "unknown_key": "frames: {}\nspin: 3\n",
    "bad_colour": "frames:\n  loot: {fill: '#zzzzzz'}\n",
    "unknown_section": "sections:\n  loot: [title, sparkles]\n",
    "sections_not_a_list": "sections:\n  loot: 7\n",
    "huge_list": "sections:\n  loot: [" + ", ".join(["title"] * 5000) + "]\n",
    "binary": b"\xff\xfe\x00garbage",
    "deep": "frames: " + "[" * 3000 + "]" * 3000 + "\n",
}
FACES_SPECIAL = ("deleted", "folder", "dev_zero", "fifo")


@pytest.mark.parametrize("case", sorted(FACES) + list(FACES_SPECIAL))
def test_a_damaged_faces_file_is_reported_with_its_line(copy, case):
    t0 = time.perf_counter()
    with Changed(copy / "dark_deeds" / "faces.yaml") as path:
        path.unlink()
        if case == "folder":
            path.mkdir()
        elif case == "dev_zero":
            os.symlink("/dev/zero", path)
        elif case == "fifo":
            os.mkfifo(path)
        elif case != "deleted":
            content = FACES[case]
            path.write_bytes(content if isinstance(content, bytes) else content.encode())
        found = _problems(copy, "dark_deeds/faces.yaml")
    assert time.perf_counter() - t0 < 30
    _assert_named(found, copy / "dark_deeds" / "faces.yaml", case)


def test_dark_deeds_is_checked_against_the_copys_own_dice(copy):
    with Changed(copy / "dice.yaml") as path:
        path.write_text("dice:\n  d12:\n    faces: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]\n")
        found = _problems(copy, "dice.yaml")
    assert any("dark_deeds/rules.yaml" in f and "unknown numeric die" in f for f in found), found


@pytest.mark.parametrize("text", ["dice:\n  d6:\n    faces: [1, 2, 3, 4, 5, 6]\n    spin: 3\n",
                                  "dice:\n  d6:\n    faces: [1, 2, 3, 4, 5, 6]\nextra: 1\n",
                                  "dice: {}\n", "dice:\n  d6:\n    faces: [true, false]\n"])
def test_unknown_keys_and_empty_dice_are_refused(copy, text):
    with Changed(copy / "dice.yaml") as path:
        path.write_text(text)
        found = _problems(copy, "dice.yaml")
    _assert_named(found, copy / "dice.yaml", text)


# -- every YAML file, damaged in the usual ways -------------------------------------------------
_FIRST_NUMBER = re.compile(r"(?m)^(?!\s*#)([^#\n]*?[:\[,-]\s*)(\d+)\b")


def _damage(path: Path, case: str) -> bool:
    text = path.read_text(encoding="utf-8")
    if case == "emptied":
        path.write_text("")
    elif case == "a_list":
        path.write_text("[]\n")
    elif case == "deleted":
        path.unlink()
    elif case == "number_1e9":
        new, n = _FIRST_NUMBER.subn(r"\g<1>1000000000", text, count=1)
        if not n:
            return False
        path.write_text(new)
    elif case == "unknown_key":
        path.write_text(text + "\nzz_not_a_key: 1\n")
    return True


CASES = ("emptied", "a_list", "deleted", "number_1e9", "unknown_key")


@pytest.mark.parametrize("rel", YAML_FILES)
def test_every_yaml_file_damaged_is_reported_with_its_name_and_line(copy, rel):
    for case in CASES:
        if case == "number_1e9" and "locale" in Path(rel).parts:
            continue                                  # a message may hold any number
        if case == "unknown_key" and "locale" in Path(rel).parts:
            continue                                  # checked by the key comparison instead
        with Changed(copy / rel) as path:
            if not _damage(path, case):
                continue
            found = _problems(copy, rel)
        _assert_named(found, copy / rel, f"{rel} {case}")


def test_a_number_in_every_game_file_is_bounded(copy):
    """The first number of every game file set to 10^9: each is refused (none allocates)."""
    damaged = 0
    for rel in YAML_FILES:
        if "locale" in Path(rel).parts:
            continue
        with Changed(copy / rel) as path:
            if not _damage(path, "number_1e9"):
                continue                               # a file of words only (faces.yaml)
            damaged += 1
            found = _problems(copy, rel)
        _assert_named(found, copy / rel, f"{rel} number_1e9")
    assert damaged >= 25


def test_a_monster_shop_need_count_of_a_billion_is_refused_at_once(copy):
    with Changed(copy / "monster_shop" / "needs.yaml") as path:
        text = path.read_text()
        new = re.sub(r"(simple:\s*\{\s*\w+:\s*)\d+", r"\g<1>1000000000", text, count=1)
        assert new != text
        path.write_text(new)
        t0 = time.perf_counter()
        found = _problems(copy, "monster_shop/needs.yaml")
    assert time.perf_counter() - t0 < 5
    _assert_named(found, path, "need count")


# -- a list emptied: reported, or the game still plays ------------------------------------------
def _lists(node, path=(), depth=0):
    if isinstance(node, list) and node:
        yield path
    if depth < 3 and isinstance(node, dict):
        for key, value in node.items():
            yield from _lists(value, path + (key,), depth + 1)


def _set(node, path, value):
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


EMPTIABLE = [(rel, path) for rel in YAML_FILES if "locale" not in rel
             for path in _lists(yaml.safe_load((ROOT / rel).read_text(encoding="utf-8")))]


def _plays(copy: Path, game_id: str) -> None:
    """The game loads from the copy, sets up at every seat count and plays 300 random actions."""
    from game.core.match import Match, SeatInfo
    from game import registry
    spec = registry.get(game_id)
    ruleset = spec.load_ruleset(copy / game_id)
    from game.core.rules import OptionsError
    for players in range(spec.min_players, spec.max_players + 1):
        try:
            options = ruleset.validate_options({}, players)
        except OptionsError:
            continue                      # the default mode does not seat that many
        match = Match(game_id, ruleset, [SeatInfo(f"P{i}", "ai", "random") for i in range(players)],
                      options, 5, agents={i: spec.make_agent("random", i, 5 + i) for i in range(players)},
                      validated=True, clocks=False)
        match.run_agents(300)


@pytest.mark.parametrize("rel", sorted({rel for rel, _ in EMPTIABLE}))
def test_a_list_emptied_is_reported_or_the_game_still_plays(copy, rel):
    for path in [p for r, p in EMPTIABLE if r == rel]:
        with Changed(copy / rel) as file:
            doc = yaml.safe_load(file.read_text(encoding="utf-8"))
            _set(doc, path, [])
            file.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
            found = _problems(copy, rel)
            where = f"{rel} {'.'.join(map(str, path))} emptied"
            if found:
                _assert_named(found, copy / rel, where)
            elif rel != "dark_deeds/faces.yaml" and rel != "dice.yaml":
                _plays(copy, _game_of(rel)[0])


def test_the_rules_pages_are_read_as_bounded_text(copy):
    page = copy / "monster_shop" / "rules.en.md"
    for case, content in (("empty", b""), ("binary", b"\xff\xfe junk"), ("nul", b"# Rules\x00"),
                          ("huge", b"x" * (300 * 1024))):
        with Changed(page):
            page.write_bytes(content)
            found = _problems(copy, "monster_shop/rules.en.md")
        _assert_named(found, page, case)
    with Changed(page):
        page.unlink()
        found = _problems(copy, "monster_shop/rules.en.md")
    _assert_named(found, page, "deleted")


def test_screenshot_of_a_game_with_damaged_faces_is_data_lines_not_a_traceback(copy, monkeypatch, capsys):
    from game.core import data as core_data
    with Changed(copy / "dark_deeds" / "faces.yaml") as path:
        path.write_text("- a list\n")
        monkeypatch.setattr(core_data, "data_root", lambda: copy)
        code = cli.main(["screenshot", "--game", "dark_deeds", "--players", "2", "--out",
                         str(copy.parent / "x.png")])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert f"{path}:1:" in err


def test_random_junk_in_any_game_file_is_never_a_traceback(copy):
    rng = random.Random(29)
    for rel in [r for r in YAML_FILES if "locale" not in r]:    # locales: the families above
        with Changed(copy / rel) as path:
            raw = bytearray(path.read_bytes())
            for _ in range(8):
                raw[rng.randrange(len(raw))] = rng.choice(b"{}[]:-&*!|>#'\"\t\n 0123456789abc")
            path.write_bytes(bytes(raw))
            found = _problems(copy, rel)
        assert not [f for f in found if "cannot read this data" in f], (rel, found[:3])
