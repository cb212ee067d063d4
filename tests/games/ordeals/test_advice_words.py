"""The Hint's and the review's words for a Book of Ordeals move: a player reads how far,
toward (or away from) which Foe and into which cover, never table coordinates, in English
and Czech, and a Shadow character by its numbered name as the table shows it."""
import re

import pytest

from game.core.i18n import set_language
from game.games.ordeals.advice import label
from tests.games.ordeals.support import deployed, rules

ALDRIC, HUSK_1, HUSK_2 = 0, 4, 5


@pytest.fixture
def view():
    """Trial 1 just deployed, seen by the Company, Brother Aldric (at 12.0, 1.2) acting."""
    v = rules().view(deployed(trial=1), 0)
    v["act"] = {"index": ALDRIC}
    yield v
    set_language("en")


def words(view, action, lang="en"):
    set_language(lang)
    return label(view, "act", action, [])


def test_a_move_says_how_far_and_toward_which_foe(view):
    said = words(view, ("move", 12.0, 4.2))
    assert said == 'Move Brother Aldric 3.0" down, toward Hollow Archer, in the open'
    assert not re.search(r"\(\d", said)


def test_moves_of_one_length_toward_one_foe_read_apart_by_their_way_on_the_screen(view):
    """In the Hint three 3" Moves toward one Husk read alike; the way on the screen parts them."""
    ways = [words(view, ("move", 12.0 + dx, 1.2 + dy)) for dx, dy in ((0, 3.0), (-2.1, 2.1), (2.1, 2.1))]
    assert [w.split(", ")[0] for w in ways] == ['Move Brother Aldric 3.0" down', 'Move Brother Aldric 3.0" down-left',
                                                'Move Brother Aldric 3.0" down-right']
    assert len(set(ways)) == 3


def test_a_move_names_its_cover(view):
    assert words(view, ("move", 9.0, 6.4)).endswith("in cover by the wall")
    assert words(view, ("move", 18.5, 7.0)).endswith("in the copse")


def test_a_move_back_is_away_and_one_within_an_inch_is_combat(view):
    assert "away from Hollow Archer" in words(view, ("move", 12.0, 0.5))
    assert "into combat with Husk 1" in words(view, ("move", 11.9, 19.2))


def test_a_deployment_says_where_on_the_table(view):
    assert words(view, ("deploy", 3.0, 1.2)) == "Deploy on the left, in the open"


def test_foes_are_named_as_the_table_numbers_them(view):
    assert words(view, ("fire", HUSK_1)) == "Fire at Husk 1"
    assert words(view, ("assault", HUSK_2)) == "Assault Husk 2"


def test_the_words_in_czech(view):
    said = words(view, ("move", 9.0, 6.4), "cs")
    assert said == 'Přesunout Brother Aldric o 6,0" doleva dolů, blíž k nepříteli Dutý lučištník, v krytu: zeď'
    assert words(view, ("fire", HUSK_1), "cs") == "Střelba na Slupka 1"
    assert words(view, ("deploy", 20.0, 2.0), "cs") == "Rozmístit vpravo, bez krytu"


def test_a_use_or_climb_reads_as_the_tables_button(view):
    assert words(view, ("use", "lantern")) == "Use lantern"
    assert words(view, ("climb", -1)) == "Climb down"
    assert words(view, ("use", "lantern"), "cs") == "Použít: lucerna"


def test_the_searchs_standing_reads_as_ahead_or_behind_when_nothing_else_is_said(view):
    """The standing and the win chance beside it say one thing: it stands in only for a
    move without its own reason, so a reason fits the Hint's two lines."""
    from game.core.i18n import t
    from game.games.ordeals.advice import reason
    key, params = reason(view, None, ("end",), -67.2)
    assert t(key, **params) == "≈67 Supplies behind at the end"
    key, params = reason(view, None, ("guard",), -67.2)
    assert t(key, **params) == "stands on Guard"
    set_language("cs")
    key, params = reason(view, None, ("end",), 3.0)
    assert t(key, **params) == "na konci o ≈3 zásoby napřed"
