"""The chance contract of every registered game (game/core/rng.py, docs/ARCHITECTURE.md,
"Chance outcomes"): a search's copy of a state, fixed with `fix_chance`, plays to its end
drawing only from the purposes its ruleset declares in `chance_purposes` (ChanceStreams
refuses any other name), and two copies fixed with the same seed and given the same
actions reach the same state. A game whose rules do not name their draws yet draws from
ChanceStreams' own stream, which is allowed; a purpose drawn but not declared is not.

Cheap on purpose: two short random games per game, each copied fresh and mid-game."""
from __future__ import annotations

import random

import pytest

from game.core.record import state_digest
from game.core.rng import ChanceStreams, fix_chance
from game import registry

from . import support as S

GAMES = registry.game_ids()
MID_GAME = 30                   # random steps before the mid-game copy


@pytest.fixture(params=GAMES)
def game(request):
    return request.param, registry.ruleset(request.param)


def _fixed_copy(rules, state, seed: int):
    copy = rules.clone(state)
    fix_chance(rules, copy, seed)
    assert isinstance(copy.rng, ChanceStreams), "fix_chance did not reach the copy's rng"
    return copy


def _play_out(rules, state, rnd: random.Random, where: str) -> list:
    """Random legal actions until the game ends; the (seat, action) pairs played."""
    log = []
    while rules.result(state) is None:
        step = S.random_step(rules, state, rnd)
        if step is None:
            break
        assert len(log) < S.MAX_STEPS, f"{where}: no result after {S.MAX_STEPS} random steps"
        try:
            rules.apply(state, *step)
        except ValueError as e:          # ChanceStreams: a purpose not in chance_purposes
            if "chance_purposes" in str(e):
                raise AssertionError(f"{where}, step {len(log)}: {e}") from e
            raise
        log.append(step)
    return log


def _states_to_fix(rules, players: int, seed: int):
    """A fresh state and one MID_GAME random steps on (or as far as the game went)."""
    state = rules.setup(players, S.options(rules, players), seed)
    yield "fresh", state
    rnd = random.Random(seed)
    for _ in range(MID_GAME):
        if rules.result(state) is not None:
            break
        step = S.random_step(rules, state, rnd)
        if step is None:
            break
        rules.apply(state, *step)
    if rules.result(state) is None:
        yield "mid-game", state


def test_declared_purposes_are_names(game):
    _, rules = game
    purposes = getattr(rules, "chance_purposes", ())
    assert isinstance(purposes, tuple), "chance_purposes is a tuple of names"
    assert all(isinstance(p, str) and p for p in purposes), purposes
    assert len(set(purposes)) == len(purposes), f"a purpose named twice: {purposes}"


def test_a_fixed_copy_draws_only_declared_purposes_and_replays_the_same(game):
    gid, rules = game
    n = S.usual_players(rules)
    for seed in (5, 6):
        for when, state in _states_to_fix(rules, n, seed):
            where = f"{gid}, {n} players, seed {seed}, {when}"
            before = state_digest(rules, state)
            first = _fixed_copy(rules, state, seed * 101)
            twin = _fixed_copy(rules, state, seed * 101)
            log = _play_out(rules, first, random.Random(seed + 1000), where)
            for i, (seat, action) in enumerate(log):
                assert rules.result(twin) is None, f"{where}: the twin ended before step {i}"
                rules.apply(twin, seat, action)
            assert state_digest(rules, twin) == state_digest(rules, first), \
                f"{where}: two copies fixed with one seed, given the same {len(log)} actions, differ"
            assert state_digest(rules, state) == before, f"{where}: playing a copy changed the original"
