"""The in-app rules page of each game has the sections a newcomer needs, in English and in
Czech, each with words under it (issue 25: the Dark Gothic page said "The rules of this game
are still being written."). A game listed here must keep every named section; add a game by
adding its headings."""
from __future__ import annotations

import pytest

from game.core import i18n
from game.ui.scenes.rules import rules_text

SECTIONS = {
    "dark_gothic": {
        "en": ["Setup", "Your turn", "Resources and Silver", "Buying and paying", "Cursed costs",
               "Minions, Strikes, Block and Protect", "Villains", "Roaming, Lightning and Global cards",
               "The Shadows and the Omen die", "Dark Secrets", "Co-operative game",
               "Competitive game: end and scoring", "Draw 2 Choose 1"],
        "cs": ["Příprava", "Tvůj tah", "Zdroje a Stříbro", "Kupování a placení", "Prokleté ceny",
               "Přisluhovači, Údery, Blok a Ochrana", "Padouchové", "Toulavé karty, blesky a Globální karty",
               "Stíny a Kostka znamení", "Temná tajemství", "Kooperativní hra",
               "Soupeřivá hra: konec a bodování", "Lízni 2, vyber 1"],
    },
}
CASES = [(gid, lang) for gid, langs in SECTIONS.items() for lang in langs]


def sections(text: str) -> dict:
    """{heading: the lines under it} of a page's "## " sections."""
    out: dict = {}
    current = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = line[3:].strip()
            out[current] = []
        elif current is not None and line.strip():
            out[current].append(line)
    return out


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


@pytest.mark.parametrize("gid,lang", CASES)
def test_the_rules_page_has_every_section_with_words(language, gid, lang):
    language(lang)
    text = rules_text(gid)
    assert i18n.t("rules.missing") not in text, f"{gid} [{lang}]: the page is still the placeholder"
    found = sections(text)
    missing = [h for h in SECTIONS[gid][lang] if h not in found]
    assert not missing, f"{gid} [{lang}]: no section {missing}; the page has {list(found)}"
    empty = [h for h in SECTIONS[gid][lang] if sum(len(x) for x in found[h]) < 80]
    assert not empty, f"{gid} [{lang}]: sections with (almost) nothing under them: {empty}"


@pytest.mark.parametrize("gid", sorted(SECTIONS))
def test_czech_and_english_pages_differ_and_match_in_shape(language, gid):
    language("en")
    en = sections(rules_text(gid))
    language("cs")
    cs = sections(rules_text(gid))
    assert set(en) != set(cs), "the Czech page is the English one"
    assert len(en) == len(cs), f"{gid}: {len(en)} English sections, {len(cs)} Czech"
