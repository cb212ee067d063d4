"""The generic ISMCTS agent plays a game it knows only through the Ruleset protocol."""
from game.ai.ismcts import ISMCTSAgent
from game.ai.random_agent import RandomAgent
from game.core.match import Match, SeatInfo
from tests.toygame import ToyRules, determinize


def play(seed, hard_seat):
    rules = ToyRules()
    agents = {hard_seat: ISMCTSAgent(rules, determinize, seed=seed, budget=10, max_iterations=200),
              1 - hard_seat: RandomAgent(seed)}
    m = Match("toy", rules, [SeatInfo("a"), SeatInfo("b")], {"target": 13}, seed, agents=agents)
    while not m.over:
        m.run_agents(1)
    return m.result().winners == (hard_seat,)


def test_ismcts_beats_random_at_nim():
    wins = sum(play(seed, seed % 2) for seed in range(20))
    assert wins >= 16, wins


def test_single_legal_action_is_returned_without_search():
    from game.core.rules import Decision
    agent = ISMCTSAgent(ToyRules(), determinize, max_iterations=5)
    d = Decision(0, "turn", (("only",),))
    assert agent.choose({}, d) == ("only",)
    assert agent.last_iterations == 0


def test_an_iteration_budget_with_no_clock_searches_exactly_that_many_and_a_cap_yields_to_the_clock():
    """`max_iterations` is a cap beside the clock (Schemers' hard: 6,000 or 0.45 s, whichever
    comes first); `simulate --budget-iterations` passes an endless clock, so the count alone
    decides and the same games come out on any machine."""
    rules = ToyRules()
    state = rules.setup(2, rules.validate_options({"target": 13}, 2), 3)
    d = rules.decisions(state)[0]
    counted = ISMCTSAgent(rules, determinize, seed=1, budget=float("inf"), max_iterations=40)
    counted.choose(rules.view(state, d.seat), d)
    assert counted.last_iterations == 40
    clocked = ISMCTSAgent(rules, determinize, seed=1, budget=0.0, max_iterations=40)
    clocked.choose(rules.view(state, d.seat), d)
    assert clocked.last_iterations == 1
