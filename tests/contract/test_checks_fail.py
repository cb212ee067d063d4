"""Each contract check can fail: it passes on the toy board game, which keeps the
contract, and fails on a toy variant that breaks exactly one rule."""
from __future__ import annotations

import random

import pytest

from game.core.rules import event
from tests.toygame import ToyBoardRules, ToyCoopRules, board_determinize

from . import support as S


def test_the_toy_board_keeps_the_whole_contract(tmp_path):
    rules = ToyBoardRules()
    assert S.check_playouts(rules, games=4) > 0
    S.check_determinism(rules, 2, 1)
    assert S.check_clone_independence(rules, 2, 1) > 0
    S.check_save_load("toy_board", rules, 3, 2, tmp_path / "toy.json", steps=10)
    assert S.check_views_json(rules, 3, 1) > 0
    stats = S.check_indistinguishable(rules, 3, 4)
    assert stats["changed"] > stats["states"] // 4 and stats["events"] > 0, stats
    assert S.check_determinize(rules, board_determinize, 3, 1) > 0


def test_a_determinizer_that_forgets_something_public_fails():
    def forgetful(view, seat, rng):
        s = board_determinize(view, seat, rng)
        s.round = 1                                   # the round is public
        return s
    with pytest.raises(AssertionError, match="another view"):
        S.check_determinize(ToyBoardRules(), forgetful, 2, 1, every=2)


class LeakyView(ToyBoardRules):
    def view(self, s, seat):
        return {**super().view(s, seat), "traps": list(s.traps)}


class LeakyEvents(ToyBoardRules):
    def apply(self, s, seat, action):
        events = super().apply(s, seat, action)
        if action[0] == "speed" and s.sealed is not None:      # the secret picks so far, aloud
            events.append(event("chatter", picks={str(p): a[1] for p, a in s.sealed.picks.items()}))
        return events


class SharedClone(ToyBoardRules):
    def clone(self, s):
        other = s.clone()
        other.pos = s.pos                         # the pieces' list is shared
        return other


class NoisySetup(ToyBoardRules):
    def setup(self, players, options, seed):
        s = super().setup(players, options, seed)
        s.traps = [random.random() < 0.5 for _ in range(players)]    # not from the state's RNG
        return s


class BrokenInvariant(ToyBoardRules):
    def invariants(self, s, before=None):
        return ["round 3 is forbidden"] if s.round == 3 else []


class SameState(ToyBoardRules):
    def perturb_hidden(self, s, seat, rng):
        return s.clone()


def test_a_view_showing_anothers_secret_fails_indistinguishability():
    with pytest.raises(AssertionError, match="view changed"):
        S.check_indistinguishable(LeakyView(), 3, 4)


def test_an_event_telling_a_sealed_pick_fails_indistinguishability():
    with pytest.raises(AssertionError, match="told different things"):
        S.check_indistinguishable(LeakyEvents(), 3, 4)


def test_a_perturbation_that_changes_nothing_is_counted():
    stats = S.check_indistinguishable(SameState(), 3, 4)
    assert stats["states"] > 0 and stats["changed"] == 0


def test_a_game_without_perturb_hidden_fails():
    with pytest.raises(AssertionError, match="perturb_hidden"):
        S.check_indistinguishable(ToyCoopRules(), 2, 1)


def test_a_clone_sharing_a_list_fails_clone_independence():
    with pytest.raises(AssertionError, match="changed the original"):
        S.check_clone_independence(SharedClone(), 2, 1)


def test_randomness_outside_the_rng_fails_determinism():
    with pytest.raises(AssertionError):
        for seed in range(10):           # one of ten deals will differ
            S.check_determinism(NoisySetup(), 3, seed)


def test_a_broken_invariant_fails_the_playouts():
    with pytest.raises(AssertionError, match="round 3 is forbidden"):
        S.check_playouts(BrokenInvariant(), games=2)
