"""The shared candidate search (game/ai/candidates.py) and the analysis both searches
return (game/ai/analysis.py): every root action is listed with its value, count and
reason; the chosen action is the analysis' best; candidates meet the same chance
outcomes; a fixed budget and seed give the same analysis; and what a seat may not see
changes nothing. Checked on the engine alone, on ISMCTS, and on the two games whose
`hard` runs on the candidate search (Dark Deeds, Book of Ordeals)."""
from __future__ import annotations

import random

import pytest

from game.ai import analysis as A
from game.ai.candidates import CandidateSearch, Round, SearchContext, keep_best
from game.ai.ismcts import ISMCTSAgent
from game.core.rng import RNG
from game.games.dark_deeds.ai import HardAgent as DeedsHard
from game.games.dark_deeds.ai import HeuristicAgent as DeedsNormal
from game.games.ordeals import ai as ordeals_ai
from game.games.ordeals.ai import HardAgent as OrdealsHard
from tests.games.dark_deeds.test_support import rules as deeds_rules
from tests.games.ordeals.test_ai import _finish_or_aid
from tests.toygame import ToyRules, determinize as toy_determinize


def assert_lists_every_action(analysis, decision):
    listed = analysis.actions()
    assert sorted(map(repr, listed)) == sorted(map(repr, decision.actions)), "each root action once"
    assert analysis.chosen == analysis.best()
    for e in analysis.estimates:
        assert e.reason in vars(A).values(), e.reason
        assert (e.value is None) == (e.count == 0)


# -- the engine alone ---------------------------------------------------------------
def noisy_rounds(log, samples=6):
    """A toy: each paired sample is one die roll; a candidate's reward is its bonus plus
    the roll, so under common random numbers only the bonus tells candidates apart."""
    bonus = {"a": 0.0, "b": 0.5, "c": 0.2, "d": -1.0}

    def draw(rng):
        return rng.below(100)

    def play(roll, action):
        log.append((roll, action))
        return bonus[action] + roll
    return [Round(draw, play, samples=samples)]


def test_engine_pairs_every_candidate_on_the_same_sample():
    log = []
    ctx = SearchContext(0, "turn", ("a", "b", "c", "d", "e"))
    result = CandidateSearch(RNG(1)).run(ctx, ["a", "b", "c", "d"], noisy_rounds(log))
    by_sample = [log[i:i + 4] for i in range(0, len(log), 4)]
    assert len(by_sample) == 6 == result.samples and result.rollouts == 24
    for group in by_sample:
        assert [a for _, a in group] == ["a", "b", "c", "d"]
        assert len({roll for roll, _ in group}) == 1, "one roll for every candidate of a sample"
    assert len({group[0][0] for group in by_sample}) > 1, "the samples themselves differ"
    values = {e.action: e.value for e in result.estimates}
    assert values["b"] - values["a"] == pytest.approx(0.5)      # exactly the bonus: no luck in it
    assert result.chosen == "b" == result.best()
    assert result.estimate("e").reason == A.NOT_CANDIDATE and result.estimate("e").count == 0
    assert result.estimate("a").reason == A.OVERRULED


def test_engine_margin_keeps_the_policys_pick():
    ctx = SearchContext(0, "turn", ("a", "b", "c", "d"))
    result = CandidateSearch(RNG(1), margin=0.6).run(ctx, ["a", "b", "c", "d"], noisy_rounds([]))
    assert result.chosen == "a" == result.best()
    assert result.estimate("a").reason == A.KEPT_POLICY
    b = result.estimate("b")                          # how sure, under the margin rule too
    assert b.gain == pytest.approx(0.5) and b.spread == pytest.approx(0.0, abs=1e-9)
    assert result.estimate("a").gain is None
    assert result.estimate("b").reason == A.OUTSCORED


def test_engine_screen_and_narrowing_leave_reasons():
    log = []
    ctx = SearchContext(0, "turn", ("a", "b", "c", "d"))
    screen = noisy_rounds(log, samples=2)[0]
    screen.screen = True
    real = noisy_rounds(log, samples=3)[0]
    real.narrow = keep_best(2)
    real.narrow_on_screen = True
    real.narrowed_reason = A.SCREENED_OUT
    last = noisy_rounds(log, samples=3)[0]
    last.narrow = keep_best(1)
    result = CandidateSearch(RNG(4)).run(ctx, ["a", "b", "c", "d"], [screen, real, last])
    assert result.estimate("d").reason == A.SCREENED_OUT
    assert result.estimate("c").reason == A.NARROWED_OUT
    assert result.estimate("b").count == 6 and result.estimate("d").count == 0
    assert result.rollouts == 2 * 4 + 3 * 3 + 3 * 2
    assert result.chosen == "b" == result.best()


def test_engine_clocked_round_stops_at_the_deadline_after_min_samples():
    now = [0.0]

    def clock():
        now[0] += 1.0
        return now[0]
    ctx = SearchContext(0, "turn", ("a", "b"))
    rounds = noisy_rounds([], samples=None)
    result = CandidateSearch(RNG(1), min_samples=2, clock=clock).run(ctx, ["a", "b"], rounds, deadline=0.5)
    assert result.samples == 2


def test_engine_paired_rule_overrules_by_z_standard_errors_over_complete_samples():
    """The paired rule (Monster Shop's): the gain over the policy's pick is taken sample
    by sample, and a sample in which a candidate cannot be played is dropped for all."""
    log = []
    rounds = noisy_rounds(log, samples=8)
    play = rounds[0].play
    rounds[0].play = lambda roll, action: None if (action == "c" and roll % 3 == 0) else play(roll, action)
    rounds[0].complete_only = True
    ctx = SearchContext(0, "turn", ("a", "b", "c", "d"))
    result = CandidateSearch(RNG(2), z=1.0).run(ctx, ["a", "b", "c", "d"], rounds)
    played_b = sum(1 for _, action in log if action == "b")
    assert played_b == 8 and result.estimate("b").count < 8, "the incomplete samples are dropped"
    assert result.estimate("a").count == result.estimate("b").count == result.estimate("c").count
    assert sum(1 for _, action in log if action == "d") == result.estimate("d").count, \
        "a sample ends at the first candidate that cannot be played"
    b = result.estimate("b")
    assert b.gain == pytest.approx(0.5) and b.spread == pytest.approx(0.0, abs=1e-9)
    assert result.chosen == "b" == result.best()
    assert result.z == 1.0


# -- ISMCTS --------------------------------------------------------------------------
def test_ismcts_analysis_lists_every_root_action_and_chooses_its_best():
    from game.core.rules import Decision
    rules = ToyRules()
    s = rules.setup(2, {"target": 13}, 3)
    d = rules.decisions(s)[0]
    agent = ISMCTSAgent(rules, toy_determinize, seed=2, budget=float("inf"), max_iterations=120)
    analysis = agent.analyse(rules.view(s, d.seat), d)
    assert_lists_every_action(analysis, d)
    assert analysis.method == "ismcts" and analysis.samples == 120
    assert sum(e.count for e in analysis.estimates) <= 120
    assert analysis.estimate(analysis.chosen).reason == A.MOST_VISITED
    again = ISMCTSAgent(rules, toy_determinize, seed=2, budget=float("inf"), max_iterations=120)
    assert again.choose(rules.view(s, d.seat), d) == analysis.chosen
    third = ISMCTSAgent(rules, toy_determinize, seed=2, budget=float("inf"), max_iterations=120)
    assert third.analyse(rules.view(s, d.seat), d) == analysis, "fixed budget and seed"
    single = agent.analyse({}, Decision(0, "turn", (("only",),)))
    assert single.chosen == ("only",) and single.estimates[0].reason == A.ONLY_ACTION


# -- Dark Deeds ----------------------------------------------------------------------
def deeds_target_decision(seed=3, kind="target"):
    """A Dark Deeds game played by normal agents up to seat 0's first searched decision."""
    R = deeds_rules()
    s = R.setup(3, {}, seed)
    agents = [DeedsNormal(R, "normal", seed + i) for i in range(3)]
    while R.result(s) is None:
        d = R.decisions(s)[0]
        if d.seat == 0 and d.kind == kind and len(d.actions) > 2:
            return R, s, d
        R.apply(s, d.seat, agents[d.seat].choose(R.view(s, d.seat), d))
    raise AssertionError("no such decision")


@pytest.mark.parametrize("kind", ["target", "tavern"])
def test_deeds_hard_analysis_lists_every_action_and_plays_its_best(kind):
    R, s, d = deeds_target_decision(kind=kind)
    view = R.view(s, d.seat)
    analysis = DeedsHard(R, seed=5, max_iterations=6).analyse(view, d)
    assert_lists_every_action(analysis, d)
    searched = [e for e in analysis.estimates if e.reason in A.FINALISTS]
    assert len(searched) >= 2 and all(e.count == 6 for e in searched)
    assert analysis.samples == 6
    assert DeedsHard(R, seed=5, max_iterations=6).choose(view, d) == analysis.chosen
    assert analysis == DeedsHard(R, seed=5, max_iterations=6).analyse(view, d), "fixed budget and seed"


def test_deeds_hard_analysis_of_an_unsearched_decision_names_the_policys_pick():
    R = deeds_rules()
    s = R.setup(2, {}, 8)
    d = R.decisions(s)[0]
    while d.kind in DeedsHard.SEARCH_KINDS or len(d.actions) < 2:
        R.apply(s, d.seat, d.actions[0])
        d = R.decisions(s)[0]
    analysis = DeedsHard(R, seed=1, max_iterations=4).analyse(R.view(s, d.seat), d)
    assert_lists_every_action(analysis, d)
    assert analysis.estimate(analysis.chosen).reason == A.POLICY_ONLY and analysis.rollouts == 0


def test_deeds_hard_candidates_meet_the_same_chance_outcomes():
    """The same action searched twice as two candidates gets exactly the same mean: each
    paired sample gives every candidate the same world, dice to come included."""
    R, s, d = deeds_target_decision()
    agent = DeedsHard(R, seed=5, max_iterations=8)
    agent._candidates = lambda c, decision, base: [base, base]
    first, second = agent.analyse(R.view(s, d.seat), d).estimates[:2]
    assert first.action == second.action and first.count == second.count == 8
    assert first.value == second.value


def hide_what_seat_0_cannot_see(R, s, seed):
    """A copy of `s` that differs only in what seat 0 may not see: the other seats'
    unknown hand cards traded with Street Deck cards of the same kind, every deck
    reshuffled, and other dice to come."""
    t = R.clone(s)
    rnd = random.Random(seed)
    kind = R.kind
    for seat in range(1, t.n):
        for i, card in enumerate(t.hands[seat]):
            if card in t.known[seat]:
                continue
            swap = [j for j, c in enumerate(t.street_deck) if kind[c] == kind[card]]
            if swap:
                j = rnd.choice(swap)
                t.hands[seat][i], t.street_deck[j] = t.street_deck[j], card
    rnd.shuffle(t.street_deck)
    rnd.shuffle(t.tavern_deck)
    for pile in t.loot_deck.values():
        rnd.shuffle(pile)
    t.rng = RNG(seed)
    return t


def test_deeds_hard_analysis_is_the_same_whatever_seat_0_cannot_see():
    R, s, d = deeds_target_decision()
    t = hide_what_seat_0_cannot_see(R, s, 99)
    assert R.snapshot(t) != R.snapshot(s), "the hidden parts do differ"
    assert R.view(t, 0) == R.view(s, 0)
    control = R.clone(s)                  # a change seat 0 does see shows in its view
    control.hands[0][0], control.street_deck[0] = control.street_deck[0], control.hands[0][0]
    assert R.view(control, 0) != R.view(s, 0)
    a_s = DeedsHard(R, seed=5, max_iterations=6).analyse(R.view(s, 0), d)
    a_t = DeedsHard(R, seed=5, max_iterations=6).analyse(R.view(t, 0), d)
    assert a_s == a_t


# -- Book of Ordeals -----------------------------------------------------------------
def test_ordeals_hard_analysis_lists_every_action_and_plays_its_best():
    R, s, d, me, ness, foe = _finish_or_aid()
    view = R.view(s, d.seat)
    analysis = OrdealsHard(R, seed=2, max_iterations=60).analyse(view, d)
    assert_lists_every_action(analysis, d)
    assert analysis.chosen == ("assault", foe) and analysis.default == ("aid", ness)
    assert analysis.estimate(("aid", ness)).reason == A.OVERRULED
    assert analysis.estimate(("assault", foe)).reason == A.SEARCH_BEST
    assert analysis.estimate(("assault", foe)).value > analysis.estimate(("aid", ness)).value + 1.0
    assert OrdealsHard(R, seed=2, max_iterations=60).choose(view, d) == analysis.chosen
    assert analysis == OrdealsHard(R, seed=2, max_iterations=60).analyse(view, d), "fixed budget and seed"


def test_ordeals_hard_candidates_meet_the_same_chance_outcomes(monkeypatch):
    """The same Deed searched twice gets exactly the same mean (each paired sample fixes
    the dice for every candidate); as a control, dice drawn afresh per rollout do not."""
    R, s, d, me, ness, foe = _finish_or_aid()
    view = R.view(s, d.seat)

    def twice(agent):
        agent.candidates = lambda s0, decision, base: [("assault", foe), ("assault", foe)]
        return agent.analyse(view, d).estimates[:2]
    first, second = twice(OrdealsHard(R, seed=2, max_iterations=20))
    assert first.count == second.count > 0 and first.value == second.value
    fresh = iter(range(10**6))
    fixed = ordeals_ai.fix_chance
    monkeypatch.setattr(ordeals_ai, "fix_chance", lambda rules, state, seed: fixed(rules, state, next(fresh)))
    first, second = twice(OrdealsHard(R, seed=2, max_iterations=20))
    assert first.value != second.value


def test_ordeals_hard_analysis_is_the_same_whatever_dice_are_to_come():
    """Nothing on an Ordeals table is secret but the dice to come: two states that
    differ only in them give the same analysis."""
    R, s, d, *_ = _finish_or_aid()
    t = R.clone(s)
    t.rng = RNG(12345)
    assert R.view(t, d.seat) == R.view(s, d.seat)
    a_s = OrdealsHard(R, seed=4, max_iterations=16).analyse(R.view(s, d.seat), d)
    a_t = OrdealsHard(R, seed=4, max_iterations=16).analyse(R.view(t, d.seat), d)
    assert a_s == a_t and a_s.rollouts > 0


def test_ordeals_hard_analysis_under_fog_is_the_same_wherever_the_unseen_stand():
    """Solo with fog of war: a state differing only in where the Shadow characters the
    Company cannot see stand (`perturb_hidden`) gives the same analysis."""
    from game.games.ordeals.ai import HeuristicAgent
    from tests.games.ordeals.support import rules as ordeals_rules
    R = ordeals_rules()
    s = R.setup(1, {"mode": "solo", "trial": 1, "fog": True}, 4)
    normal = HeuristicAgent(R, "normal", seed=1)
    for _ in range(400):
        d = R.decisions(s)[0]
        view = R.view(s, d.seat)
        if d.kind == "act" and len(d.actions) > 2 and any(not cv.get("seen", True) for cv in view["chars"]
                                                          if cv["side"] == 1 and not cv["ooa"]):
            break
        R.apply(s, d.seat, normal.choose(view, d))
    else:
        raise AssertionError("no fogged decision came up")
    other = R.perturb_hidden(s, d.seat, RNG(9))
    assert R.view(other, d.seat) == view
    assert any((a.x, a.y) != (b.x, b.y) for a, b in zip(s.chars, other.chars))   # hidden truth differs
    a_s, a_o = (OrdealsHard(R, seed=2, max_iterations=16).analyse(R.view(t, d.seat), d) for t in (s, other))
    assert a_s == a_o and a_s.rollouts > 0
    assert_lists_every_action(a_s, d)


def test_engine_refuses_an_endless_round():
    ctx = SearchContext(0, "turn", ("a", "b"))
    with pytest.raises(ValueError, match="needs a deadline"):
        CandidateSearch(RNG(1)).run(ctx, ["a", "b"], noisy_rounds([], samples=None))
