"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
over any Ruleset, with the game's own determinizer.

Each iteration samples one full state consistent with what the seat has seen
(`determinize(view, seat, rng)`), then walks a single tree whose edges are
(seat, action) pairs. Actions that do not exist in a given determinization are
simply not available there; UCB uses each child's *availability* count instead of
the parent's visits (the "subset-armed bandit" of the paper). Every seat in the
tree maximises its own reward (`Result.reward_vector`: a co-op seat's reward is the
team's result first, its own standing second), so the search works for any number of
players and for games played against the game itself.

Sealed simultaneous choices (`Decision.sealed`: bids, hidden worker groups) are
selected *decoupled* (Lanctot, Lisý & Winands 2014): at such a node every seat picks
from its own statistics at that node, none of them under another seat's pick, then
all picks are applied together and the search goes on below the joint outcome. So a
seat's tree never branches on another seat's unrevealed choice.

The agent never touches the real state: it receives a view and a decision, exactly
like a person at that seat.
"""
from __future__ import annotations

import math
import time

from ..core.rng import RNG
from .analysis import FEWER_VISITS, MOST_VISITED, ONLY_ACTION, UNVISITED, Analysis, Estimate
from ..core.rules import IllegalAction


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "after")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0        # summed reward of the seat that chose the move into this node
        self.after: dict | None = None   # sealed batches: joint picks -> the node below


def reward_vector(result, players: int) -> list[float]:
    return result.reward_vector(players)


class ISMCTSAgent:
    def __init__(self, ruleset, determinize, *, name: str = "hard", seed: int = 0,
                 budget: float = 0.5, max_iterations: int | None = None,
                 rollout_policy=None, evaluate=None, max_depth: int | None = None,
                 exploration: float = 0.7, reaction_budget: float | None = None,
                 reaction_kinds: frozenset = frozenset()):
        self.rules = ruleset
        self.determinize = determinize
        self.name = name
        self.rng = RNG(seed)
        self.budget = budget
        self.max_iterations = max_iterations
        self.rollout_policy = rollout_policy
        self.evaluate = evaluate
        self.max_depth = max_depth
        self.c = exploration
        self.reaction_budget = reaction_budget
        self.reaction_kinds = reaction_kinds
        self.last_iterations = 0

    def choose(self, view, decision, budget=None):
        if len(decision.actions) == 1:
            return decision.actions[0]
        return self.analyse(view, decision, budget).chosen

    def analyse(self, view, decision, budget=None) -> Analysis:
        """Search `decision` and return every root action with its mean reward for the
        seat, its visits and a reason key (game/ai/analysis.py); `.chosen` is the most
        visited action (ties: the higher summed reward, then the decision's order), what
        `choose` plays. A game that wants the root statistics calls this; it need not
        reach into the tree. `max_iterations` caps the search beside the clock: for the
        same analysis on any machine give an endless clock (budget=float("inf")), as
        simulate --budget-iterations does."""
        seat = decision.seat
        if len(decision.actions) == 1:
            only = Estimate(decision.actions[0], None, 0, ONLY_ACTION)
            return Analysis(seat, decision.kind, "ismcts", None, decision.actions[0], 0.0, (only,), 0, 0)
        if budget is None:
            budget = self.budget
            if self.reaction_budget is not None and decision.kind in self.reaction_kinds:
                budget = self.reaction_budget
        root = _Node()
        deadline = time.perf_counter() + budget
        iterations = 0
        limit = self.max_iterations
        while True:
            if limit is not None and iterations >= limit:
                break
            if iterations and time.perf_counter() >= deadline:
                break
            self._iterate(root, view, decision, seat)
            iterations += 1
        self.last_iterations = iterations
        return self._analysis(root, decision, iterations)

    @staticmethod
    def _analysis(root, decision, iterations) -> Analysis:
        seat = decision.seat
        children = root.children

        def key(a):
            child = children.get((seat, a))
            return (child.visits, child.total) if child is not None else (-1, 0.0)
        best = max(decision.actions, key=key)
        estimates = []
        for a in decision.actions:
            child = children.get((seat, a))
            visits = child.visits if child is not None else 0
            value = child.total / visits if visits else None
            reason = MOST_VISITED if a == best else (FEWER_VISITS if visits else UNVISITED)
            estimates.append(Estimate(a, value, visits, reason))
        return Analysis(seat, decision.kind, "ismcts", None, best, 0.0, tuple(estimates),
                        iterations, iterations)

    # -- one iteration ----------------------------------------------------------
    def _iterate(self, root: _Node, view, decision, seat: int) -> None:
        rules, rng = self.rules, self.rng
        state = self.determinize(view, seat, rng)
        node = root
        path: list[tuple[_Node, int]] = []      # (child node, seat that chose it)
        first = True
        expanded = False
        result = None
        while True:
            result = rules.result(state)
            if result is not None:
                break
            if first:
                first = False
                decisions = rules.decisions(state) if decision.sealed else None
                if decisions is None:
                    actor, actions = seat, decision.actions
            else:
                decisions = rules.decisions(state)
                if not decisions:
                    break
                if not decisions[0].sealed:
                    d = decisions[0]
                    actor, actions = d.seat, d.actions
                    decisions = None
            if decisions is not None:                   # a sealed batch: decoupled
                batch = [d for d in decisions if d.sealed]
                if batch and batch[0].seat != seat and any(d.seat == seat for d in batch):
                    batch.sort(key=lambda d: d.seat != seat)
                picks = []
                may_expand = not expanded             # one joint step expands every seat's pick
                for d in batch:
                    acts = decision.actions if (node is root and d.seat == seat) else d.actions
                    action, child, new = self._select(node, d.seat, acts, may_expand)
                    if child is None:
                        break
                    expanded = expanded or new
                    picks.append((d.seat, action, child))
                if len(picks) < len(batch):
                    break                               # leave the tree: roll out from here
                try:
                    for actor_seat, action, _ in picks:
                        rules.apply(state, actor_seat, action)
                except IllegalAction:
                    return
                for actor_seat, _, child in picks:
                    path.append((child, actor_seat))
                if node.after is None:
                    node.after = {}
                key = tuple((a_seat, a) for a_seat, a, _ in picks)
                nxt = node.after.get(key)
                if nxt is None:
                    nxt = node.after[key] = _Node()
                node = nxt
                if expanded:
                    break
                continue
            action, child, new = self._select(node, actor, actions, not expanded)
            if child is None:
                break                                   # leave the tree: roll out from here
            expanded = expanded or new
            try:
                rules.apply(state, actor, action)
            except IllegalAction:
                return                              # determinization disagrees with the view
            path.append((child, actor))
            node = child
            if expanded:
                break
        rewards = self._rollout(state, result)
        if rewards is None:
            return
        root.visits += 1
        for child, actor in path:
            child.visits += 1
            child.total += rewards[actor] if actor < len(rewards) else 0.0

    def _select(self, node: _Node, actor: int, actions, may_expand: bool):
        """UCB over `actor`'s edges at `node` (availability counts, as in the paper).
        Returns (action, child, newly expanded); child None: an untried action exists
        but this iteration has expanded already, so the caller rolls out."""
        children = node.children
        untried = []
        best, best_score = None, -1.0
        log_cache = None
        for a in actions:
            child = children.get((actor, a))
            if child is None:
                untried.append(a)
                continue
            child.avail += 1
            if untried:
                continue
            if log_cache is None:
                log_cache = {}
            ln = log_cache.get(child.avail)
            if ln is None:
                ln = log_cache[child.avail] = math.log(child.avail)
            visits = child.visits
            score = (child.total / visits + self.c * math.sqrt(ln / visits)) if visits else 1e9
            if score > best_score:
                best, best_score = a, score
        if untried:
            if not may_expand:
                return None, None, False
            action = untried[self.rng.below(len(untried))]
            child = children[(actor, action)] = _Node()
            child.avail = 1
            return action, child, True
        return best, children[(actor, best)], False

    def _rollout(self, state, result):
        rules, rng = self.rules, self.rng
        depth = 0
        policy = self.rollout_policy
        max_depth = self.max_depth
        while result is None:
            if max_depth is not None and depth >= max_depth:
                if self.evaluate is not None:
                    return self.evaluate(state)
                break
            decisions = rules.decisions(state)
            if not decisions:
                break
            d = decisions[0]
            action = policy(state, d, rng) if policy is not None else d.actions[rng.below(len(d.actions))]
            rules.apply(state, d.seat, action)
            depth += 1
            result = rules.result(state)
        if result is None:
            return self.evaluate(state) if self.evaluate is not None else None
        return result.reward_vector(len(result.scores))
