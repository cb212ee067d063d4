"""Outcomes by side: a result says who won as a side (players against the game) as
well as which seats, and per-seat rewards let agents prefer "we won" to "we lost"."""
import pytest

from game.ai.ismcts import ISMCTSAgent
from game.ai.random_agent import RandomAgent
from game.core.match import Match, SeatInfo
from game.core.rules import GAME, PLAYERS, Result
from tests.toygame import ToyCoopRules, coop_determinize


def test_reward_vector_without_rewards_splits_one_among_the_winners():
    r = Result((0, 2), (3, 1, 3), "tie")
    assert r.reward_vector(3) == [0.5, 0.0, 0.5]
    assert r.reward(1) == 0.0 and r.reward(2) == 0.5
    assert Result((), (0, 0), "nobody").reward_vector(2) == [0.0, 0.0]


def test_reward_vector_with_rewards_is_per_seat_and_padded():
    r = Result((), (1, 2), "doom", side=GAME, rewards=(0.1, 0.2))
    assert r.reward_vector(3) == [0.1, 0.2, 0.0]
    assert r.reward(1) == 0.2 and r.reward(5) == 0.0


def coop_state(total, doom, gold=(0, 0), given=(0, 0), turn=0, seed=1):
    rules = ToyCoopRules()
    s = rules.setup(2, rules.validate_options({}, 2), seed)
    s.total, s.doom, s.gold, s.given, s.turn = total, doom, list(gold), list(given), turn
    return rules, s


def test_coop_win_is_a_players_side_and_every_seat_prefers_it_to_a_loss():
    rules, s = coop_state(total=6, doom=0, given=(6, 0))
    rules.apply(s, 0, ("add", 2))
    win = rules.result(s)
    assert win.side == PLAYERS and win.winners == (0, 1)
    rules, s = coop_state(total=0, doom=5, gold=(10, 0), turn=0)
    while rules.result(s) is None:              # the game rolls until its doom fills
        rules.apply(s, s.turn, ("hoard",))
    loss = rules.result(s)
    assert loss.side == GAME and loss.winners == ()
    # the leader of a lost game still gets less than the last of a won one
    assert max(loss.reward_vector(2)) < min(win.reward_vector(2))
    assert all(0.0 <= x <= 1.0 for x in loss.reward_vector(2) + win.reward_vector(2))


def test_coop_standing_orders_rewards_within_a_side():
    rules, s = coop_state(total=6, doom=0, gold=(0, 4), given=(6, 0))
    rules.apply(s, 0, ("add", 2))               # seat 0 gave 8, seat 1 hoarded 4
    r = rules.result(s)
    assert r.side == PLAYERS and r.rewards[0] > r.rewards[1] >= 0.8


@pytest.mark.parametrize("seed", range(3))
def test_ismcts_prefers_the_team_win_to_hoarding(seed):
    """Seat 0 can end the game for the team now (+2) or hoard gold (its own standing)
    while the doom is one step from full: it takes the team's win."""
    rules, s = coop_state(total=6, doom=5, gold=(0, 6), given=(3, 3))
    agent = ISMCTSAgent(rules, coop_determinize, seed=seed, budget=10, max_iterations=300)
    d = rules.decisions(s)[0]
    assert agent.choose(rules.view(s, 0), d) == ("add", 2)


def test_ismcts_team_beats_a_random_team_against_the_game():
    """Two ISMCTS seats win more often against the game than two random seats."""
    def wins(make):
        n = 0
        for seed in range(16):
            rules = ToyCoopRules()
            m = Match("toy_coop", rules, [SeatInfo("a"), SeatInfo("b")], {}, seed,
                      agents={i: make(rules, seed * 2 + i) for i in range(2)}, clocks=False)
            while not m.over:
                m.run_agents(1)
            n += m.result().side == PLAYERS
        return n
    smart = wins(lambda r, sd: ISMCTSAgent(r, coop_determinize, seed=sd, budget=10, max_iterations=150))
    dumb = wins(lambda r, sd: RandomAgent(sd))
    assert smart > dumb, (smart, dumb)
