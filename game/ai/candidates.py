"""The candidate search: a policy proposes a few actions, each is played out on the same
sampled worlds with the same chance outcomes, and the policy's own pick is overruled only
when another candidate beats it by a margin (or, under the paired rule, by more than `z`
standard errors of its sample-by-sample gain). It sits beside ISMCTS (ismcts.py) for games
whose decisions are too many or too long for a tree, and where a good heuristic already
knows which few actions are worth a look.

A game supplies the parts that are its own, as plain functions (no subclassing):

- `Round.draw(rng)` makes one *paired sample*: what every candidate of that sample shares,
  e.g. a world determinized from the seat's view with its chance fixed
  (`core.rng.fix_chance(ruleset, world, rng.fork())`: one stream per chance purpose, which
  each candidate's copy of the world draws its dice and shuffles from). Common random
  numbers: every candidate meets the same world and the same dice — a seat's third combat
  roll is the same roll whatever another candidate shuffled before it — so the means
  differ by the actions more than by luck (and the comparison needs far fewer rollouts).
- `Round.play(sample, action)` plays `action` out on that sample (a fresh copy of it)
  and returns the seat's reward, or None if the action cannot be played there.
- `Round.narrow(group, tally)` (optional) picks who takes part in the round from who
  was left by the round before (by the last screen's tally with `narrow_on_screen`):
  see `keep_best`.

Rounds run in order. A `screen` round's means only decide who goes on; the others add
up into the estimates. The budget is counted (`Round.samples`: paired samples per round)
or, where a round has `samples=None`, runs to the clock (`deadline`; given with counted
rounds, it is a safety cap on them); the clock is looked at only between paired samples and only once `min_samples` of them were played, so a
clocked search never returns on nothing and a counted one (no deadline) is the same
search on every machine.

`CandidateSearch.run` returns an `Analysis` (analysis.py) listing every action of the
decision; the agent plays `analysis.chosen`, which is always `analysis.best()`.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from . import analysis as A
from .analysis import Analysis, Estimate


class Tally:
    """Summed rewards and counts per candidate index."""

    def __init__(self, n: int):
        self.totals = [0.0] * n
        self.counts = [0] * n
        self.rows: list[dict] = []      # per paired sample: candidate index -> reward

    def add_sample(self, rewards: dict) -> None:
        """One paired sample's rewards (index -> reward; None: could not be played)."""
        row = {}
        for index, reward in rewards.items():
            if reward is not None:
                self.totals[index] += reward
                self.counts[index] += 1
                row[index] = reward
        self.rows.append(row)

    def mean(self, index: int) -> float | None:
        return self.totals[index] / self.counts[index] if self.counts[index] else None


@dataclass
class Round:
    draw: Callable[[Any], Any]                      # rng -> one paired sample
    play: Callable[[Any, Any], float | None]        # (sample, action) -> reward or None
    samples: int | None                             # paired samples (None: until the deadline)
    screen: bool = False                            # its means only choose who goes on
    narrow: Callable[[list, Tally], list] | None = None   # (group, tally so far) -> who plays
    narrow_on_screen: bool = False  # `narrow` reads the last screen's tally, not the real rounds'
    narrowed_reason: str = A.NARROWED_OUT           # the reason key of those `narrow` leaves out
    complete_only: bool = False     # a sample counts only if every candidate could be played
                                    # (the first that cannot ends it; it is dropped for all)


def keep_best(others: int, *, by_total: bool = False) -> Callable[[list, Tally], list]:
    """A `Round.narrow`: the policy's pick (index 0) and the `others` best other candidates
    of the group, by mean (`by_total`: by summed reward, the same order when every
    candidate played as often, without a division's rounding); ties keep the earlier."""
    def narrow(group, tally):
        if by_total:
            ranked = sorted(group[1:], key=lambda n: -tally.totals[n])
        else:
            ranked = sorted(group[1:], key=lambda n: -_mean_or_floor(tally, n))
        return [0] + ranked[:others]
    return narrow


def _mean_or_floor(tally: Tally, n: int) -> float:
    m = tally.mean(n)
    return float("-inf") if m is None else m


@dataclass
class SearchContext:
    """The decision searched, for the analysis: its seat, kind and every action."""
    seat: int
    kind: str
    actions: Sequence


class CandidateSearch:
    """`rng`: the search's own generator (passed to `Round.draw`). The overrule rule:
    `margin`, how much a candidate's mean must beat the policy's pick's; or, with `z`
    set, the paired rule: a candidate's mean gain over the policy's pick, sample by
    sample, must be positive and above `z` standard errors (at least two samples in
    which every finalist was played). `min_samples`: paired samples (in the real
    rounds) before the clock may stop the search."""

    def __init__(self, rng, *, margin: float = 0.0, z: float | None = None, min_samples: int = 1,
                 clock=time.perf_counter):
        self.rng = rng
        self.margin = margin
        self.z = z
        self.min_samples = min_samples
        self.clock = clock

    def run(self, context: SearchContext, candidates: Sequence, rounds: Sequence[Round],
            deadline: float | None = None, *, left_out: dict | None = None) -> Analysis:
        """Search `candidates` (index 0: the policy's pick) in `rounds`; `deadline` is a
        `clock()` time or None. `left_out`: actions not searched -> their reason key."""
        n = len(candidates)
        tally, screen = Tally(n), None
        group = list(range(n))
        dropped: dict[int, str] = {}
        samples = rollouts = 0
        real_samples = 0
        for rnd in rounds:
            if rnd.narrow is not None:
                source = screen if rnd.narrow_on_screen else tally
                kept = rnd.narrow(group, source)
                for i in group:
                    if i not in kept:
                        dropped[i] = rnd.narrowed_reason
                group = kept
            target = tally
            if rnd.screen:
                target = screen = Tally(n)
            if rnd.samples is None and deadline is None:
                raise ValueError("a Round with samples=None needs a deadline")
            played = 0
            while rnd.samples is None or played < rnd.samples:
                if (not rnd.screen and deadline is not None and real_samples >= self.min_samples
                        and self.clock() >= deadline):
                    break
                sample = rnd.draw(self.rng)
                rewards = {}
                for i in group:
                    reward = rewards[i] = rnd.play(sample, candidates[i])
                    rollouts += 1
                    if reward is None and rnd.complete_only:
                        break
                if not (rnd.complete_only and (len(rewards) < len(group) or None in rewards.values())):
                    target.add_sample(rewards)
                played += 1
                samples += 1
                if not rnd.screen:
                    real_samples += 1
        gains = self._paired_gains(group, tally)       # how sure, under either rule
        chosen = self._choose_paired(group, gains) if self.z is not None else self._choose(group, tally)
        return self._analysis(context, candidates, group, tally, dropped, chosen, samples, rollouts,
                              left_out or {}, gains)

    def _choose(self, group, tally) -> int:
        best, best_value = group[0], _mean_or_floor(tally, group[0]) + self.margin
        for i in group[1:]:
            v = _mean_or_floor(tally, i)
            if v > best_value:
                best, best_value = i, v
        return best

    @staticmethod
    def _paired_gains(group, tally) -> dict:
        """index -> (mean gain over group[0], its standard error), over the samples in
        which every finalist was played; empty under two such samples."""
        rows = [row for row in tally.rows if all(i in row for i in group)]
        n = len(rows)
        if n < 2:
            return {}
        base = group[0]
        gains = {}
        for i in group[1:]:
            total = total2 = 0.0
            for row in rows:
                g = row[i] - row[base]
                total += g
                total2 += g * g
            mean = total / n
            gains[i] = (mean, (max(0.0, total2 / n - mean * mean) / (n - 1)) ** 0.5)
        return gains

    def _choose_paired(self, group, gains) -> int:
        best, best_gain = group[0], 0.0
        for i in group[1:]:
            if i in gains:
                mean, se = gains[i]
                if mean > best_gain and mean > self.z * se:
                    best, best_gain = i, mean
        return best

    def _analysis(self, context, candidates, group, tally, dropped, chosen, samples, rollouts,
                  left_out, gains) -> Analysis:
        default = candidates[group[0]]
        estimates = []
        for i in group:
            if i == chosen:
                reason = A.KEPT_POLICY if i == group[0] else A.SEARCH_BEST
            else:
                reason = A.OVERRULED if i == group[0] else A.OUTSCORED
            gain, spread = gains.get(i, (None, None))
            estimates.append(Estimate(candidates[i], tally.mean(i), tally.counts[i], reason, gain, spread))
        for i, reason in sorted(dropped.items()):
            estimates.append(Estimate(candidates[i], tally.mean(i), tally.counts[i], reason))
        for a in context.actions:
            if a not in candidates:
                estimates.append(Estimate(a, None, 0, left_out.get(a, A.NOT_CANDIDATE)))
        return Analysis(seat=context.seat, kind=context.kind, method="candidates", default=default,
                        chosen=candidates[chosen], margin=self.margin, estimates=tuple(estimates),
                        samples=samples, rollouts=rollouts, z=self.z)


def unsearched(context: SearchContext, pick, reason: str = A.POLICY_ONLY) -> Analysis:
    """The analysis of a decision the agent answers by its policy alone: the pick, and
    every other action as not searched."""
    only = len(context.actions) == 1
    estimates = [Estimate(pick, None, 0, A.ONLY_ACTION if only else reason)]
    estimates += [Estimate(a, None, 0, A.NOT_SEARCHED) for a in context.actions if a != pick]
    return Analysis(seat=context.seat, kind=context.kind, method="candidates", default=pick,
                    chosen=pick, margin=0.0, estimates=tuple(estimates), samples=0, rollouts=0)
