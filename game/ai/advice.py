"""Advice from the `hard` agent, written once for every game: a Hint (the best two or
three moves of a decision with an estimated chance and a reason) and a review of a
finished game (the decisions where the move played lost most against the best one).

Both ask the game's own `hard` agent for its `Analysis` (analysis.py) of a decision,
given only the deciding seat's view, exactly as the agent plays: it determinizes from
that view and nothing else. A Hint and the agent's own choice are the same move at the
same budget and seed (the Hint's first move is `analysis.chosen`).

What is the game's own comes from its `GameAdvice` (GameSpec.advice, e.g.
game/games/schemers/advice.py): how many iterations a Hint may spend (its `budget`,
chosen so that a Hint takes well under a second), how an estimate's value reads as a
chance (`chance`: values are on each game's own rollout scale), whether that chance is
a win chance or a share of the score (`scale`), and a reason for a move in the game's
own terms (`reason(view, decision, action, value)` -> a locale key and its parameters, e.g.
"keeps your claim of the Doge credible: 2 cards unseen").

Headless: no pygame. Words go through game.core.i18n, so a reason is read in the
language of the moment (`Move.words()`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.i18n import has, t
from . import analysis as A
from .analysis import Analysis

WIN, SHARE = "win", "share"


@dataclass(frozen=True)
class GameAdvice:
    """A game's part of the advice (see the module docstring)."""
    budget: int                                           # the Hint's max_iterations for hard
    chance: Callable[[float], float]                      # an estimate's value -> 0..1
    reason: Callable[[dict, Any, Any, Any], tuple | None] | None = None
    # (view, decision, action, value) -> (locale key, params) or None: why, in the game's terms
    scale: Callable[[dict], str] | str = WIN               # WIN, SHARE, or view -> one of them
    review_budget: int | None = None                      # per decision in a review (None: budget)
    label: Callable[[dict, str, Any, list], str | None] | None = None
    # (view, decision kind, action, seat names) -> the move in words ("Target the Cobbler on
    # the Street"), or None for the screen's own label


    def scale_of(self, view) -> str:
        return self.scale(view) if callable(self.scale) else self.scale


def clamp01(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def logistic(spread: float) -> Callable[[float], float]:
    """A value that is a lead (points, Supplies) read as a chance: 50 % at no lead,
    about 73 % at `spread` ahead."""
    return lambda v: 1.0 / (1.0 + math.exp(-v / spread))


@dataclass(frozen=True)
class Move:
    """One move of a Hint or a review, with what the search thought of it."""
    action: Any
    chance: float | None         # estimated win chance (or score share), 0..1; None: not weighed
    count: int                   # playouts or visits behind it
    reason: str                  # analysis reason key (kept_policy, search_best, ...)
    samples: int                 # the search's samples (for the words)
    game_reason: tuple | None = None   # (locale key, params) in the game's terms

    def percent(self) -> str:
        return "" if self.chance is None else f"≈{round(100 * self.chance)} %"

    def words(self) -> str:
        """The reason in words: the game's own, then what the search found."""
        parts = []
        if self.game_reason:
            key, params = self.game_reason
            if has(key):
                parts.append(t(key, **params))
        key = f"advice.reason.{self.reason}"
        search = t(key, count=self.count, samples=self.samples) if has(key) else ""
        if search:
            parts.append(search)
        return " — ".join(parts)


@dataclass(frozen=True)
class Hint:
    seat: int
    kind: str
    scale: str                   # WIN or SHARE
    moves: tuple                 # Move, best first
    analysis: Analysis = field(repr=False, compare=False)
    view: dict = field(default_factory=dict, repr=False, compare=False)   # what it was read from

    @property
    def best(self) -> Move:
        return self.moves[0]

    @property
    def weighed(self) -> bool:
        """The search weighed this decision (its moves have chances), not a rule of thumb."""
        return self.moves[0].chance is not None


def move_label(spec, view, kind: str, action, names) -> str | None:
    """The move in the game's words (its GameAdvice.label), or None when the game leaves
    it to the screen's own label of the action."""
    advice = game_advice(spec)
    if advice.label is None:
        return None
    try:
        return advice.label(view, kind, action, list(names))
    except Exception:            # noqa: BLE001 - words only: the screen's label stands in
        return None


def game_advice(spec) -> GameAdvice:
    """The game's GameAdvice (its spec's `advice`), or a plain one: chance = value."""
    target = getattr(spec, "advice", "")
    if target:
        from ..core.gamespec import resolve
        return resolve(target)
    return GameAdvice(budget=40, chance=clamp01)


def hard_agent(spec, seat: int, seed: int, budget: int, observed=()):
    """The game's hard agent, searching by count (the same analysis on any machine),
    told the events its seat has seen (agents with a memory: Schemers' challenges)."""
    agent = spec.make_agent("hard", seat, seed, max_iterations=budget)
    if observed and callable(getattr(agent, "observe", None)):
        agent.observe(list(observed))
    return agent


def hint(spec, view: dict, decision, *, budget: int | None = None, seed: int = 0, observed=(),
         top: int = 3) -> Hint:
    """The best `top` moves of `decision` from the seat's `view` alone, best first:
    the hard agent's own choice, then the other moves the search weighed, by value.
    `observed`: the events the seat has seen so far (visible to it), for agents that
    remember. A decision the agent answers by a rule of thumb gives its pick alone,
    with no chance."""
    advice = game_advice(spec)
    budget = advice.budget if budget is None else budget
    agent = hard_agent(spec, decision.seat, seed, budget, observed)
    analysis = agent.analyse(view, decision)
    return read_hint(advice, view, decision, analysis, top)


def read_hint(advice: GameAdvice, view, decision, analysis: Analysis, top: int = 3) -> Hint:
    chosen = analysis.chosen
    others = [e for e in analysis.estimates if e.action != chosen and e.value is not None]
    others.sort(key=lambda e: -e.value)
    first = analysis.estimate(chosen) if chosen in analysis.actions() else A.Estimate(chosen, None, 0, A.POLICY_ONLY)
    moves = [_move(advice, view, decision, e, analysis) for e in [first] + others[:max(0, top - 1)]]
    return Hint(decision.seat, decision.kind, advice.scale_of(view), tuple(moves), analysis, view)


def _move(advice, view, decision, e, analysis) -> Move:
    chance = None if e.value is None or not _weighed(analysis) else clamp01(advice.chance(e.value))
    why = None
    if advice.reason is not None:
        try:
            why = advice.reason(view, decision, e.action, e.value)
        except Exception:        # noqa: BLE001 - a reason is words only: never fatal to a Hint
            why = None
    return Move(e.action, chance, e.count, e.reason, analysis.samples, why)


def _weighed(analysis: Analysis) -> bool:
    """Whether the values were searched (not a lone rule-of-thumb pick)."""
    return analysis.samples > 0 and any(e.value is not None for e in analysis.estimates)


# -- the review ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    """A decision of the review: the move played against the best one, from the seat's
    view then. `step` is the index of the played action in the record's log (the replay
    shows the table just before it at position `step`)."""
    step: int
    seat: int
    kind: str
    chosen: Move
    best: Move
    scale: str
    view: dict = field(default_factory=dict, repr=False, compare=False)   # the seat's view then

    @property
    def loss(self) -> float:
        return (self.best.chance or 0.0) - (self.chosen.chance or 0.0)


class Cancelled(Exception):
    """The review was stopped (the player left the screen)."""


class Review(list):
    """A review's mistakes (a list of Mistake, costliest first), with `weighed`: every
    decision the search weighed, log index -> what the move played lost against the best
    (0 when it was the best; negative when it measured better), and `unweighed`: the log
    indexes of searched decisions whose move played the search could not weigh (it could
    not play it on any world it drew), never counted as a move that lost nothing."""

    def __init__(self, mistakes=(), weighed=None, unweighed=()):
        super().__init__(mistakes)
        self.weighed = dict(weighed or {})
        self.unweighed = list(unweighed)


def review_steps(record, seat: int) -> list[int]:
    """The log indexes of `seat`'s own actions (what a review looks at), after the moves a
    guided first game's coach asked for (`extra["coached"]` in a game played on from one)."""
    coached = (getattr(record, "extra", None) or {}).get("coached", 0)
    start = coached if isinstance(coached, int) else 0
    return [i for i, (s, _a) in enumerate(record.actions) if s == seat and i >= start]


# The least loss a review lists: one that reads "−1 %". A seat far behind keeps losing
# fractions of a per cent (both moves ≈0 %), and rows reading "−0 %" said nothing: a mistake
# that reads as no loss.
SHOWN_LOSS = 0.005


def review(spec, ruleset, record, seat: int, *, budget: int | None = None, seed: int = 0, top: int = 5,
           progress: Callable[[int, int], None] | None = None,
           cancelled: Callable[[], bool] | None = None) -> Review:
    """The `top` decisions of `seat` in `record` where the move played lost most estimated
    value against the best (at least SHOWN_LOSS), largest loss first (then in game order). Each is computed
    from the seat's view at that moment by the hard agent (which is told only the events
    the seat had seen), never from the state. Decisions with one action, or that the
    agent answers by a rule of thumb, are not weighed. A move the search did not weigh
    is weighed against the best by a search of those two alone (the agent's `analyse`
    with `weigh`, analysis.py); one it still cannot weigh is listed in the result's
    `unweighed`, never taken for a move that lost nothing.
    `progress(done, total)` after each of the seat's actions; `cancelled()` True stops
    (raises Cancelled)."""
    advice = game_advice(spec)
    budget = budget or advice.review_budget or advice.budget
    agent = hard_agent(spec, seat, seed, budget)
    observe = getattr(agent, "observe", None)
    state = ruleset.setup(len(record.seats), record.options, record.seed)
    mine = set(review_steps(record, seat))
    total, done = len(mine), 0
    found: list[Mistake] = []
    weighed: dict[int, float] = {}
    unweighed: list[int] = []
    for i, (who, action) in enumerate(record.actions):
        if cancelled is not None and cancelled():
            raise Cancelled()
        if i in mine:                       # the seat's own moves, not the ones a coach asked for
            mistake = _weigh(advice, ruleset, agent, state, seat, action, i)
            if mistake is UNWEIGHED:
                unweighed.append(i)
            elif mistake is not None:
                weighed[i] = mistake.loss
                if mistake.loss >= SHOWN_LOSS:
                    found.append(mistake)
            done += 1
            if progress is not None:
                progress(done, total)
        events = ruleset.apply(state, who, action)
        if callable(observe):
            observe([e for e in events if e.visible_to(seat)])
    found.sort(key=lambda m: (-m.loss, m.step))
    return Review(found[:top], weighed, unweighed)


def _decision_of(ruleset, state, seat, action):
    for d in ruleset.decisions(state):
        if d.seat == seat and (action in d.actions or (d.free is not None and ruleset.is_legal(state, seat, action))):
            return d
    return None


UNWEIGHED = object()     # _weigh: the search weighed the decision but not the move played


def _weigh(advice, ruleset, agent, state, seat, action, step):
    """The decision at `step` as a Mistake (its loss 0 when the best move was played),
    None when there is nothing to weigh (one action, a rule-of-thumb decision), or
    UNWEIGHED."""
    decision = _decision_of(ruleset, state, seat, action)
    if decision is None or len(decision.actions) < 2:
        return None
    view = ruleset.view(state, seat)
    analysis = agent.analyse(view, decision)
    if not _weighed(analysis):
        return None
    best = analysis.chosen
    if best == action:
        return _best_played(advice, view, decision, analysis, step, seat)
    chosen_e = _estimate(analysis, action)
    best_e = analysis.estimate(best)
    if chosen_e is None or chosen_e.value is None:
        # the search never weighed the move played (not one of its candidates, or a free
        # choice it could not list): weigh exactly it against the best
        analysis = agent.analyse(view, decision, weigh=(best, action))
        chosen_e, best_e = _estimate(analysis, action), _estimate(analysis, best)
        if chosen_e is None or best_e is None or chosen_e.value is None or best_e.value is None:
            return UNWEIGHED
    scale = advice.scale_of(view)
    return Mistake(step, seat, decision.kind, _move(advice, view, decision, chosen_e, analysis),
                   _move(advice, view, decision, best_e, analysis), scale, view)


def _best_played(advice, view, decision, analysis, step, seat) -> Mistake:
    """The move played was the search's own best: a Mistake that lost nothing."""
    move = _move(advice, view, decision, analysis.estimate(analysis.chosen), analysis)
    return Mistake(step, seat, decision.kind, move, move, advice.scale_of(view), view)


def _estimate(analysis, action):
    try:
        return analysis.estimate(action)
    except KeyError:
        return None


__all__ = ["GameAdvice", "Move", "Hint", "Mistake", "Review", "Cancelled", "hint", "read_hint", "review",
           "review_steps", "game_advice", "move_label", "hard_agent", "clamp01", "logistic", "WIN", "SHARE"]
