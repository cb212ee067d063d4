"""What a search thought of a decision: every root action with its estimated value,
how many rollouts (or tree visits) stand behind that value, and a reason key that says
why the action was or was not chosen. Both searches in game/ai return one
(`CandidateSearch` in candidates.py, `ISMCTSAgent.analyse` in ismcts.py); a Hint or a
post-game review reads it instead of asking the agent again.

Values are the searching seat's mean reward, on the scale its game scores rollouts on
(a win rate, or a standing in [0, 1]); compare values within one analysis only.

Every game's hard agent answers `analyse(view, decision, budget=None, *, weigh=None)`.
Without `weigh` it is what `choose` plays. With `weigh` (a few actions the seat may play,
e.g. a review's best move and the move played) the search weighs exactly those, the first
as its reference, whatever the decision's kind and whatever candidates it would have
searched itself: each is in the analysis, with a value unless it could not be played on
any world the search drew (then the review says it could not weigh it). A game's own
candidate list must not decide whether a person's move is weighed: a free choice (a
Monster Shop plan) is often none of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Reason keys (stable names: a Hint or review turns them into words of the language).
ONLY_ACTION = "only_action"              # the decision had one action: nothing to weigh
KEPT_POLICY = "kept_policy"              # the policy's pick, which the search did not overrule
POLICY_ONLY = "policy_only"              # the policy's pick in a decision the agent does not search
OVERRULED = "overruled"                  # the policy's pick, beaten by a searched candidate
SEARCH_BEST = "search_best"              # a candidate that beat the policy's pick (by the margin)
OUTSCORED = "outscored"                  # a searched finalist whose value was not the best
SCREENED_OUT = "screened_out"            # dropped by a cheap screen before the real rollouts
NARROWED_OUT = "narrowed_out"            # dropped between rounds (the samples went to the close call)
NOT_CANDIDATE = "not_candidate"          # the policy did not think it worth searching
NOT_SEARCHED = "not_searched"            # the agent does not search this kind of decision
ILLEGAL_IN_SAMPLE = "illegal_in_sample"  # not legal on the guessed state the search played on
MOST_VISITED = "most_visited"            # ISMCTS: the root action with the most visits (chosen)
FEWER_VISITS = "fewer_visits"            # ISMCTS: visited less than the chosen one
UNVISITED = "unvisited"                  # ISMCTS: never expanded within the budget

# The reasons of the actions the final comparison weighed (see `Analysis.best`).
FINALISTS = frozenset({ONLY_ACTION, KEPT_POLICY, POLICY_ONLY, OVERRULED, SEARCH_BEST, OUTSCORED})


@dataclass(frozen=True)
class Estimate:
    action: Any
    value: float | None      # mean reward of the seat after this action (None: never played)
    count: int               # rollouts (candidate search) or visits (ISMCTS) behind `value`
    reason: str              # one of the reason keys above
    # candidate search, the finalists other than the policy's pick (None under two samples
    # in which every finalist was played): the mean gain over the pick, sample by sample,
    # and its standard error (how sure)
    gain: float | None = None
    spread: float | None = None


@dataclass(frozen=True)
class Analysis:
    """One decision, analysed. `estimates` lists every root action once: first the
    finalists in the order the search weighed them (the policy's pick first), then the
    rest in the decision's order. `chosen` is what the agent plays."""
    seat: int
    kind: str
    method: str                          # "candidates" or "ismcts"
    default: Any                         # the policy's pick (candidate search) or None
    chosen: Any
    margin: float                        # how much a candidate must beat `default` by
    estimates: tuple[Estimate, ...]
    samples: int                         # paired samples (candidates) or iterations (ISMCTS)
    rollouts: int                        # rollouts played in all (screens included)
    z: float | None = None               # paired rule: overrule when gain > z * spread (else `margin`)

    def estimate(self, action) -> Estimate:
        for e in self.estimates:
            if e.action == action:
                return e
        raise KeyError(action)

    def actions(self) -> list:
        return [e.action for e in self.estimates]

    def best(self):
        """The action the estimates argue for, recomputed from them alone: ISMCTS plays
        the most visited (then highest total) root action; the candidate search keeps the
        policy's pick unless a finalist's mean beats it by more than `margin` (the first
        such in order, a later one only if strictly better); under the paired rule (`z`
        set) unless a finalist's mean paired gain is positive and above `z` standard
        errors (the largest such gain)."""
        if self.method == "ismcts":
            return max(self.estimates, key=lambda e: (e.count, _value(e))).action
        finalists = [e for e in self.estimates if e.reason in FINALISTS]
        first = finalists[0]
        if self.z is not None:
            best, best_gain = first.action, 0.0
            for e in finalists[1:]:
                if e.gain is not None and e.gain > best_gain and e.gain > self.z * e.spread:
                    best, best_gain = e.action, e.gain
            return best
        best, best_value = first.action, _value(first) + self.margin
        for e in finalists[1:]:
            if _value(e) > best_value:
                best, best_value = e.action, _value(e)
        return best


def distinct(actions) -> list:
    """`actions` in order without repeats (a review's best move may be the move played)."""
    out = []
    for a in actions:
        if a not in out:
            out.append(a)
    return out


def _value(e: Estimate) -> float:
    return float("-inf") if e.value is None else e.value
