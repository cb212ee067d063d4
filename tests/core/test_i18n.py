"""The message format (plural and select blocks, numbers the language's way), the
language switch and the choice of a first language from the computer's locale."""
from __future__ import annotations

import time

import pytest

from game.core import i18n
from game.core.i18n import (NBSP, format_date, format_message, format_number, generation, load_strings,
                            plural_category, system_language)

CARDS_CS = "{n, plural, one {# karta} few {# karty} many {# karty} other {# karet}}"
CARDS_EN = "{n, plural, one {# card} other {# cards}}"


@pytest.fixture(autouse=True)
def _keep_language():
    before = i18n.language()
    yield
    i18n.set_language(before)


@pytest.mark.parametrize("n, category", [(0, "other"), (1, "one"), (2, "few"), (3, "few"), (4, "few"),
                                         (5, "other"), (11, "other"), (22, "other"), (101, "other"),
                                         (1.5, "many"), (0.5, "many"), ("1.0", "many"), (2.0, "few")])
def test_czech_plural_categories_follow_cldr(n, category):
    assert plural_category(n, "cs") == category


@pytest.mark.parametrize("n, category", [(0, "other"), (1, "one"), (2, "other"), (1.5, "other"), (21, "other")])
def test_english_plural_categories(n, category):
    assert plural_category(n, "en") == category


@pytest.mark.parametrize("n, text", [(1, "1 karta"), (2, "2 karty"), (4, "4 karty"), (5, "5 karet"),
                                     (0, "0 karet"), (1.5, "1,5 karty"), (12345, f"12{NBSP}345 karet")])
def test_czech_cards(n, text):
    assert format_message(CARDS_CS, {"n": n}, "cs") == text


def test_english_goes_through_the_same_path():
    assert format_message(CARDS_EN, {"n": 1}, "en") == "1 card"
    assert format_message(CARDS_EN, {"n": 2}, "en") == "2 cards"
    assert format_message("{n, plural, one {# bid} other {# bids}}", {"n": 1}, "en") == "1 bid"


def test_exact_match_wins_and_a_missing_category_falls_back_to_other():
    msg = "{n, plural, =0 {žádná karta} one {# karta} other {# karet}}"
    assert format_message(msg, {"n": 0}, "cs") == "žádná karta"
    assert format_message(msg, {"n": 3}, "cs") == "3 karet"      # no 'few' given: 'other'


def test_plural_inside_a_sentence_with_other_parameters_and_nesting():
    msg = "{player} drží {n, plural, one {# kartu} few {# karty} other {# karet}} a {m, plural, one {# kostku} other {# kostek}}."
    assert format_message(msg, {"player": "Anna", "n": 3, "m": 1}, "cs") == "Anna drží 3 karty a 1 kostku."
    nested = "{g, select, f {Vyhrála {n, plural, one {# bod} few {# body} other {# bodů}}} other {Vyhrál {n, plural, one {# bod} few {# body} other {# bodů}}}}"
    assert format_message(nested, {"g": "f", "n": 2}, "cs") == "Vyhrála 2 body"
    assert format_message(nested, {"g": "m", "n": 7}, "cs") == "Vyhrál 7 bodů"


def test_literal_braces_and_a_message_that_does_not_fit_its_parameters():
    assert format_message("{{x}} {n}", {"n": 2}, "cs") == "{x} 2"
    assert format_message("{missing} karty", {"n": 2}, "cs") == "{missing} karty"   # never raises


def test_numbers_as_each_language_writes_them():
    assert format_number(12345.5, lang="cs") == f"12{NBSP}345,5"
    assert format_number(12345.5, lang="en") == "12,345.5"
    assert format_number(1234, lang="cs") == "1234"          # four digits stay whole
    assert format_number(-1234567, lang="cs") == f"-1{NBSP}234{NBSP}567"
    assert format_number(2.5, ".2f", "cs") == "2,50"
    assert format_message("{x:.1f} %", {"x": 0.25}, "cs") == "0,2 %"
    assert format_message("{x}", {"x": 3.0}, "cs") == "3"
    assert format_message("{flag}", {"flag": True}, "cs") == "True"


def test_dates_as_each_language_writes_them():
    stamp = time.mktime((2026, 3, 7, 9, 5, 0, 0, 0, -1))
    assert format_date(stamp, "cs") == f"7.{NBSP}3.{NBSP}2026 9:05"
    assert format_date(stamp, "en") == "7 Mar 2026, 09:05"
    assert format_date(stamp, "cs", with_time=False) == f"7.{NBSP}3.{NBSP}2026"


@pytest.mark.parametrize("env, lang", [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LC_ALL": "cs_CZ.utf8", "LANG": "en_US.UTF-8"}, "cs"),        # LC_ALL wins
    ({"LC_ALL": "", "LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "Czech_Czechia.1250"}, "cs"),                         # a Windows locale name
    ({"LANG": "de_DE.UTF-8"}, "en"),                                # not available: English
    ({"LANG": "C", "LANGUAGE": "cs:en"}, "cs"),
    ({}, "en"),
])
def test_first_language_from_the_system_locale(env, lang):
    assert system_language(env, ["en", "cs"]) == lang


def test_system_language_reads_the_real_environment(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "cs_CZ.UTF-8")
    assert system_language(available=["en", "cs"]) == "cs"


def test_set_language_switches_t_and_counts_generations():
    i18n.set_language("en")
    g = generation()
    assert i18n.t("menu.new_game") == "New game"
    i18n.set_language("cs")
    assert generation() != g
    assert i18n.t("menu.new_game") == "Nová hra"
    assert i18n.t("no.such.key") == "no.such.key"


def test_czech_table_words_use_czech_plurals():
    i18n.set_language("cs")
    from game.ui.table.strings import ts
    assert ts("cards", n=1) == "1 karta"
    assert ts("cards", n=3) == "3 karty"
    assert ts("cards", n=7) == "7 karet"
    i18n.set_language("en")
    assert ts("cards", n=1) == "1 card"
    assert ts("cards", n=7) == "7 cards"


def test_every_czech_plural_message_parses():
    """A plural/select block that does not parse would show raw braces on screen."""
    for lang in ("en", "cs"):
        for key, text in load_strings(lang).items():
            if ", plural," in text or ", select," in text:
                for n in (0, 1, 2, 5, 1.5):
                    out = format_message(text, _Anything(n), lang)
                    assert ", plural," not in out and ", select," not in out, f"{lang}: {key}: {out}"


class _Anything(dict):
    """Parameters for any message: every name is the number n."""

    def __init__(self, n):
        super().__init__()
        self.n = n

    def get(self, key, default=None):
        return self.n

    def __getitem__(self, key):
        return self.n

    def __contains__(self, key):
        return True


# -- validate-data's locale check (game/core/locale_check.py) ------------------------------------

def _tree(tmp_path, files: dict[str, str]):
    for rel, text in files.items():
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return tmp_path


def test_locale_check_names_a_key_missing_in_either_language_with_file_and_line(tmp_path):
    from game.core import locale_check
    root = _tree(tmp_path, {
        "locale/en.yaml": "menu:\n  play: Play\n  quit: Quit\n",
        "locale/cs.yaml": "menu:\n  play: Hrát\n  stray: Navíc\n",
        "g1/locale/en.yaml": "title: One\nwin: \"{n} wins\"\n",
        "g1/locale/cs.yaml": "title: Jedna\nwin: \"{m} výher\"\n",
        "g2/locale/en.yaml": "title: Two\n",
    })
    found = [str(p) for p in locale_check.problems(root)]
    assert any(s.startswith(f"{root / 'locale/en.yaml'}:3:") and "menu.quit: missing in cs.yaml" in s for s in found), found
    assert any(s.startswith(f"{root / 'locale/cs.yaml'}:3:") and "menu.stray: not in en.yaml" in s for s in found), found
    assert any(s.startswith(f"{root / 'g1/locale/cs.yaml'}:2:") and "{m}" in s for s in found), found
    assert any(s.startswith(f"{root / 'g2/locale/cs.yaml'}:1:") and "file is missing" in s for s in found), found
    assert len(found) == 4
    assert locale_check.missing_counts(root) == {"cs": 2}


def test_locale_check_catches_a_plural_block_that_does_not_parse(tmp_path):
    from game.core import locale_check
    root = _tree(tmp_path, {
        "locale/en.yaml": "a: \"{n, plural, one {# card} other {# cards}}\"\n",
        "locale/cs.yaml": "a: \"{n, plural, one {# karta} few {# karty} other {# karet}\"\n",
    })
    found = [str(p) for p in locale_check.problems(root)]
    assert len(found) == 1 and "a: a plural/select block that does not parse" in found[0]


def test_the_shipped_locales_are_complete_in_czech():
    from game.core import locale_check
    found = locale_check.problems()
    assert not found, "\n".join(str(p) for p in found)
    assert locale_check.missing_counts().get("cs") == 0
