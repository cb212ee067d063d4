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


def test_an_iteration_budget_searches_that_many_iterations_however_short_the_clock():
    """`simulate --budget-iterations` promises the same games on any machine: a count
    never gives way to the clock (a loaded machine cut the search at its 0.5 s)."""
    from game.core.rules import Decision
    rules = ToyRules()
    state = rules.setup(2, rules.validate_options({"target": 13}, 2), 3)
    d = rules.decisions(state)[0]
    agent = ISMCTSAgent(rules, determinize, seed=1, budget=0.0, max_iterations=40)
    agent.choose(rules.view(state, d.seat), d)
    assert agent.last_iterations == 40
