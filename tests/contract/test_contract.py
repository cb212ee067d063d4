"""The contract of every registered game (game/registry.py), one test per rule and
game: the game id is in each test's name, e.g. `test_random_playouts_keep_invariants[schemers]`.
A new game gets all of these by registering; see docs/ADDING_A_GAME.md and support.py."""
from __future__ import annotations

import pytest

from game import registry

from . import support as S

GAMES = registry.game_ids()


def golden_params():
    out = []
    for gid in GAMES:
        out += [pytest.param(gid, path, id=f"{gid}:{path.stem}") for path in S.golden_files(gid)]
    return out


def determinized():
    """Games whose spec names a determinizer (for ISMCTS); a game that does not import
    is left to its other tests, which say why."""
    out = []
    for gid in GAMES:
        try:
            if registry.get(gid).determinize is not None:
                out.append(gid)
        except Exception:             # noqa: BLE001
            continue
    return out


@pytest.fixture(params=GAMES)
def game(request):
    """(game id, its Ruleset built from the bundled data)."""
    return request.param, registry.ruleset(request.param)


def test_spec_matches_the_ruleset(game):
    gid, rules = game
    spec = registry.get(gid)
    assert spec.id == gid
    assert (spec.min_players, spec.max_players) == (rules.min_players, rules.max_players)
    assert spec.title_text() and spec.pitch_text()
    assert ":" in spec.table
    assert spec.difficulties and "random" in spec.difficulties
    for level in spec.difficulties:
        assert callable(getattr(spec.make_agent(level, 0, 1), "choose", None)), level


def test_random_playouts_keep_invariants(game):
    _, rules = game
    steps = S.check_playouts(rules, games=9, seed=1)
    assert steps > 9


def test_seed_and_log_replay_the_same_game(game):
    _, rules = game
    n = S.usual_players(rules)
    for seed in (3, 4):
        S.check_determinism(rules, n, seed)


def test_clones_are_independent(game):
    _, rules = game
    assert S.check_clone_independence(rules, S.usual_players(rules), seed=2) >= 2


def test_save_then_load_reaches_the_same_digest(game, tmp_path):
    gid, rules = game
    S.check_save_load(gid, rules, S.usual_players(rules), 7, tmp_path / "save.json")


def test_views_and_events_are_json(game):
    _, rules = game
    for n in S.player_counts(rules):
        assert S.check_views_json(rules, n, seed=11) > 0


def test_a_seat_cannot_tell_apart_states_that_differ_in_what_it_may_not_see(game):
    _, rules = game
    totals = {"states": 0, "changed": 0, "events": 0}
    for i, n in enumerate(S.player_counts(rules)):
        for key, value in S.check_indistinguishable(rules, n, seed=20 + i).items():
            totals[key] += value
    assert totals["states"] >= 10, totals
    # perturb_hidden must really change hidden things, and events must get compared
    assert totals["changed"] >= totals["states"] // 4, totals
    assert totals["events"] >= totals["states"] // 5, totals


@pytest.mark.parametrize("game_id", determinized())
def test_the_determinizer_agrees_with_the_view(game_id):
    rules = registry.ruleset(game_id)
    determinize = registry.get(game_id).determinize
    assert S.check_determinize(rules, determinize, S.usual_players(rules), seed=3) > 0


@pytest.mark.parametrize("game_id,path", golden_params())
def test_golden_replays_reach_their_digest(game_id, path):
    S.check_golden(game_id, registry.ruleset(game_id), path)
