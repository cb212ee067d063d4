"""The results screen says Victory or Defeat for the players' side in a game played
against the game itself, whatever the number of people at the table, with the reason
in words; competitive games keep naming their winners."""
from __future__ import annotations

import pytest

from game.ai.random_agent import RandomAgent
from game.core.i18n import t
from game.core.match import Match, SeatInfo
from game.core.rules import GAME, PLAYERS
from game.ui import headless
from game.ui.scenes.match_words import reason_text
from game.ui.scenes.results import ResultsScene
from tests.toygame import ToyCoopRules, ToyRules, toy_spec

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def spec_for(rules):
    return toy_spec(rules)


def finished(rules, side=None, humans=2, players=2):
    """A finished game of `rules` (with the side wanted, if any), `humans` people seated."""
    for seed in range(200):
        seats = [SeatInfo(f"P{i}", "human" if i < humans else "ai") for i in range(players)]
        m = Match(rules.id, rules, seats, {}, seed, clocks=False)
        rnd = RandomAgent(seed)
        while not m.over:
            d = m.decisions()[0]
            m.submit(d.seat, rnd.choose(None, d))
        if side is None or m.result().side == side:
            return m
    raise AssertionError(f"no {side} result in 200 seeds")


@pytest.fixture
def app():
    a = headless.make_app()
    a.settings.animation_speed = 0.0
    yield a
    a.shutdown()


def drawn_words(app, scene):
    words = []
    original = app.assets.text

    def text(s, *a, **k):
        words.append(s)
        return original(s, *a, **k)
    app.assets.text = text
    app.assets._text.clear()
    try:
        app.push(scene)
        app.step(1 / 60, [])
        app.step(1 / 60, [])
    finally:
        app.assets.text = original
    return " | ".join(words)


@pytest.mark.parametrize("humans", [1, 2])
def test_a_team_win_is_a_victory_for_everyone(app, humans):
    rules = ToyCoopRules()
    m = finished(rules, PLAYERS, humans=humans)
    scene = ResultsScene(app, spec_for(rules), m)
    assert scene.headline() == (t("results.victory"), "win")
    words = drawn_words(app, scene)
    assert t("results.victory") in words and t("results.side_players") in words
    assert "the team reached the target" in words.lower()


@pytest.mark.parametrize("humans", [1, 2])
def test_a_loss_to_the_game_is_a_defeat_even_for_the_best_player(app, humans):
    rules = ToyCoopRules()
    m = finished(rules, GAME, humans=humans)
    scene = ResultsScene(app, spec_for(rules), m)
    assert scene.headline() == (t("results.defeat"), "loss")
    words = drawn_words(app, scene)
    assert t("results.defeat") in words and t("results.side_game") in words
    assert t("results.nobody") not in words
    assert "the doom track filled" in words.lower()


def test_competitive_results_still_name_the_winner(app):
    rules = ToyRules()
    m = finished(rules, None, humans=2)
    scene = ResultsScene(app, spec_for(rules), m)
    name = m.seats[m.result().winners[0]].name
    assert scene.headline() == (t("results.wins", name=name), "win")
    words = drawn_words(app, scene)
    assert t("results.side_players") not in words and t("results.side_game") not in words


def test_a_reason_key_the_locale_lacks_is_still_words():
    m = finished(ToyCoopRules(), GAME)
    res = m.result()._replace(reason="toy.result.villains_overran_the_town")
    assert reason_text(m, res) == "Villains overran the town."
