"""Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012),
over any Ruleset, with the game's own determinizer.

Each iteration samples one full state consistent with what the seat has seen
(`determinize(view, seat, rng)`), then walks a single tree whose edges are
(seat, action) pairs. Actions that do not exist in a given determinization are
simply not available there; UCB uses each child's *availability* count instead of
the parent's visits (the "subset-armed bandit" of the paper). Every seat in the
tree maximises its own reward, so the search works for any number of players.

The agent never touches the real state: it receives a view and a decision, exactly
like a person at that seat.
"""
from __future__ import annotations

import math
import time

from ..core.rng import RNG
from ..core.rules import IllegalAction


class _Node:
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0        # summed reward of the seat that chose the move into this node


def reward_vector(result, players: int) -> list[float]:
    rewards = [0.0] * players
    if result.winners:
        share = 1.0 / len(result.winners)
        for seat in result.winners:
            rewards[seat] = share
    return rewards


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
        if budget is None:
            budget = self.budget
            if self.reaction_budget is not None and decision.kind in self.reaction_kinds:
                budget = self.reaction_budget
        root = _Node()
        seat = decision.seat
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
        best = max(decision.actions,
                   key=lambda a: (root.children[(seat, a)].visits if (seat, a) in root.children else -1,
                                  root.children[(seat, a)].total if (seat, a) in root.children else 0.0))
        return best

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
                actor, actions = seat, decision.actions
                first = False
            else:
                decisions = rules.decisions(state)
                if not decisions:
                    break
                d = decisions[0]
                actor, actions = d.seat, d.actions
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
            if untried and not expanded:
                action = untried[rng.below(len(untried))]
                child = children[(actor, action)] = _Node()
                child.avail = 1
                expanded = True
            elif untried:
                break                               # leave the tree: roll out from here
            else:
                action = best
                child = children[(actor, action)]
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
        return reward_vector(result, len(result.scores))
