"""The Hint and the review (game/ai/advice.py) for every registered game:

- what a seat may not see changes nothing: for a state and `perturb_hidden`'s copy of it
  (the same view for the seat), the Hint's analysis at a fixed budget and seed is the same;
- the Hint's best move is the hard agent's own choice at the same budget and seed;
- a review weighs the seat's own moves from the record, each against a better one.

Budgets are a quarter of each game's Hint budget, so the suite stays quick."""
from __future__ import annotations

import random

import pytest

from game.ai import advice
from game.core.record import Record
from game.core.rng import RNG
from game import registry

from . import support as S

GAMES = registry.game_ids()
SEED = 11


def _budget(spec) -> int:
    return max(2, advice.game_advice(spec).budget // 4)


def _decisions_along_a_game(spec, rules, players, seed, want=3, limit=400):
    """(state, decision) pairs along a game of normal agents where the deciding seat has
    a choice and the hard agent searches it (at most `want`), taken every few steps."""
    state = rules.setup(players, S.options(rules, players), seed)
    agents = {i: spec.make_agent("normal", i, seed + i) for i in range(players)}
    budget = _budget(spec)
    out = []
    for step in range(limit):
        if rules.result(state) is not None or len(out) >= want:
            break
        d = rules.decisions(state)[0]
        view = rules.view(state, d.seat)
        if len(d.actions) > 1 and step % 3 == 0:
            if advice.hint(spec, view, d, budget=budget, seed=SEED).weighed:
                out.append((rules.clone(state), d))
        rules.apply(state, d.seat, agents[d.seat].choose(view, d))
    return out


@pytest.fixture(params=GAMES)
def game(request):
    gid = request.param
    spec = registry.get(gid)
    return gid, spec, spec.ruleset()


def test_every_game_has_its_advice(game):
    gid, spec, _ = game
    a = advice.game_advice(spec)
    assert spec.advice, f"{gid}: GameSpec.advice names no GameAdvice"
    assert a.budget > 0 and callable(a.chance) and callable(a.reason)
    assert 0.0 <= a.chance(0.0) <= 1.0


def test_hint_is_blind_to_what_the_seat_may_not_see(game):
    gid, spec, rules = game
    players = S.usual_players(rules)
    found = _decisions_along_a_game(spec, rules, players, seed=4)
    assert found, f"{gid}: no searched decision along the game"
    rng = RNG(5)
    changed = 0
    for state, d in found:
        other = rules.perturb_hidden(state, d.seat, rng)
        changed += S.canon(rules.snapshot(other)) != S.canon(rules.snapshot(state))
        mine = [x for x in rules.decisions(state) if x.seat == d.seat]
        theirs = [x for x in rules.decisions(other) if x.seat == d.seat]
        assert mine == theirs, f"{gid}: the seat's decisions differ with only hidden things changed"
        a = advice.hint(spec, rules.view(state, d.seat), d, budget=_budget(spec), seed=SEED)
        b = advice.hint(spec, rules.view(other, d.seat), theirs[0], budget=_budget(spec), seed=SEED)
        assert a.analysis == b.analysis, f"{gid}: the Hint's analysis saw something the seat may not see"
        assert a.moves == b.moves
    assert changed, f"{gid}: perturb_hidden changed nothing, so nothing was compared"


def test_hint_best_is_the_hard_agents_choice(game):
    gid, spec, rules = game
    players = S.usual_players(rules)
    found = _decisions_along_a_game(spec, rules, players, seed=6)
    assert found, f"{gid}: no searched decision along the game"
    budget = _budget(spec)
    reasons = 0
    for state, d in found:
        view = rules.view(state, d.seat)
        hint = advice.hint(spec, view, d, budget=budget, seed=SEED)
        agent = spec.make_agent("hard", d.seat, SEED, max_iterations=budget)
        assert hint.best.action == agent.choose(view, d), f"{gid}: the Hint's best is not hard's choice"
        assert 2 <= len(hint.moves) <= 3 or len([e for e in hint.analysis.estimates if e.value is not None]) < 2
        chances = [m.chance for m in hint.moves]
        assert all(c is not None and 0.0 <= c <= 1.0 for c in chances), chances
        assert all(m.words() for m in hint.moves), f"{gid}: a move without a reason"
        game = advice.game_advice(spec)
        for m in hint.moves:          # called directly: a Hint would swallow an error as no reason
            game.reason(view, d, m.action, hint.analysis.estimate(m.action).value)
            game.label(view, d.kind, m.action, [f"P{i}" for i in range(players)])
        reasons += sum(1 for m in hint.moves if m.game_reason)
    assert reasons, f"{gid}: no move had a reason in the game's own terms"


def _record_with_weak_moves(spec, rules, players, seed, seat=0, mine=8):
    """A record where `seat` plays every other move at random and the rest as the easy
    agent (mistakes to find; the easy agent's moves take the game on to decisions the
    search weighs, e.g. Dark Gothic's purchases once every card is played), the others
    as the normal agent."""
    opts = S.options(rules, players)
    state = rules.setup(players, opts, seed)
    agents = {i: spec.make_agent("normal", i, seed + i) for i in range(players)}
    agents[seat] = spec.make_agent("easy", seat, seed)
    rnd = random.Random(seed)
    log, n = [], 0
    while rules.result(state) is None and n < mine and len(log) < 3000:
        d = rules.decisions(state)[0]
        if d.seat == seat and n % 2 == 0 and rnd.random() < 0.5:
            a = d.actions[rnd.randrange(len(d.actions))]
        else:
            a = agents[d.seat].choose(rules.view(state, d.seat), d)
        n += d.seat == seat
        log.append((d.seat, a))
        rules.apply(state, d.seat, a)
    seats = [{"name": f"P{i + 1}", "kind": "human" if i == seat else "ai", "difficulty": "normal"}
             for i in range(players)]
    return Record(game=spec.id, options=opts, seed=seed, seats=seats, actions=log)


def test_review_weighs_the_seats_own_moves(game):
    gid, spec, rules = game
    players = S.usual_players(rules)
    record = _record_with_weak_moves(spec, rules, players, seed=21, mine=24)
    calls = []
    # the review's own budget: below it Dark Gothic's search never overrules its pick
    found = advice.review(spec, rules, record, 0, seed=SEED,
                          progress=lambda done, total: calls.append((done, total)))
    total = len(advice.review_steps(record, 0))
    assert calls and calls[-1] == (total, total)
    assert found, f"{gid}: 24 weak moves and not one weighed worse than the best"
    assert len(found) <= 5
    losses = [m.loss for m in found]
    assert losses == sorted(losses, reverse=True) and losses[-1] > 0
    for m in found:
        seat, action = record.actions[m.step]
        assert seat == 0 and m.seat == 0
        assert m.chosen.action == action and m.best.action != action
        assert m.best.chance > m.chosen.chance


def test_review_can_be_cancelled(game):
    gid, spec, rules = game
    record = _record_with_weak_moves(spec, rules, S.usual_players(rules), seed=22, mine=3)
    with pytest.raises(advice.Cancelled):
        advice.review(spec, rules, record, 0, budget=2, cancelled=lambda: True)
