"""Tune the Dark Gothic heuristic's weights offline (game/games/dark_gothic/ai_weights.py).

    python tools/dark_gothic_tune.py eval  --mode coop --games 1000 --seed 1 [--changes '{"dilute": 1.0}']
    python tools/dark_gothic_tune.py sweep --mode coop --games 800 --seed 1 [--start '{...}'] [--only a,b]

`eval` plays `--games` games from `--seed` on (the same games simulate plays with that seed:
same setup, same shuffles) with the heuristic using normal's weights changed by `--changes`
and prints the win rate with its 95 % interval. In co-op every Hero uses those weights and a
win is the Heroes'; in competitive the tuned Hero sits beside a `normal` one, seats rotated,
and a win is leading when the Heroes win (simulate's count for that agent).

`sweep` is a coordinate search: for each weight in turn it plays the incumbent's changes with
that weight moved up and down by a step, on the same seeds, and keeps a move only when it beats
the incumbent by `--accept` points. The result must then be confirmed with `eval` on fresh
seeds (a sweep picks the luckiest of many candidates on its seeds).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
from dataclasses import fields

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.games.dark_gothic import ai as AI  # noqa: E402
from game.games.dark_gothic.ai_weights import NORMAL, Weights, with_changes  # noqa: E402

_R = None
MAX_STEPS = 5000


def _rules():
    global _R
    if _R is None:
        from game.games.dark_gothic import SPEC
        from game.registry import ruleset
        _R = ruleset(SPEC.id)
    return _R


def play(task):
    """One game: (seed, mode, players, changes, tuned seats) -> the tuned side's share of the win."""
    seed, mode, players, changes, tuned, fast = task
    R = _rules()
    weights = {m: with_changes(NORMAL[m], changes) for m in NORMAL}
    agents = [AI.HeuristicAgent(R, "normal", seed * 7919 + i, weights if i in tuned else None)
              for i in range(players)]
    s = R.setup(players, {"mode": mode, "addons": []}, seed)
    steps = 0
    while R.result(s) is None:
        steps += 1
        if steps > MAX_STEPS:               # a policy that loops: reported, counted as a loss
            print(json.dumps({"loop": seed, "mode": mode, "changes": changes}), file=sys.stderr, flush=True)
            return 0.0
        d = R.decisions(s)[0]
        if len(d.actions) == 1:
            a = d.actions[0]
        elif fast:                       # the rollouts' path: the policy over the state itself
            ctx = AI._ctx_from_state(s, d.seat)
            ctx["pool"] = s.pool
            a = AI.choose(agents[d.seat].brain, ctx, d)
        else:
            a = agents[d.seat].choose(R.view(s, d.seat), d)
        R.apply(s, d.seat, a)
    res = R.result(s)
    if mode == "coop":
        return 1.0 if res.side != "game" else 0.0
    w = list(res.winners)
    return sum(1.0 / len(w) for x in w if x in tuned)


def score(pool, mode, players, changes, seed, games, fast=False) -> float:
    tasks = []
    for g in range(games):
        tuned = tuple(range(players)) if mode == "coop" else (g % players,)
        tasks.append((seed + g, mode, players, changes, tuned, fast))
    return sum(pool.map(play, tasks, chunksize=8)) / games


def ci(p, n):
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)


STEPS = {f.name: 0.3 for f in fields(Weights)}
STEPS["alert"] = 1


def moves(w: Weights, name: str):
    v = getattr(w, name)
    step = STEPS[name]
    if isinstance(v, int) and not isinstance(v, bool):
        return [v - step, v + step]
    if v == 0:
        return [-0.5, 0.5]
    return [round(v * (1 - step), 4), round(v * (1 + step), 4)]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("eval", "sweep"))
    ap.add_argument("--mode", default="coop")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=800)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--changes", "--start", default="{}")
    ap.add_argument("--only", default="")
    ap.add_argument("--fast", action="store_true", help="agents read the state, not a view (faster)")
    ap.add_argument("--accept", type=float, default=1.5, help="points a move must gain")
    a = ap.parse_args(argv)
    changes = json.loads(a.changes)
    with multiprocessing.Pool(a.jobs) as pool:
        base = score(pool, a.mode, a.players, changes, a.seed, a.games, a.fast)
        print(json.dumps({"changes": changes, "win": round(base, 4), "ci": round(ci(base, a.games), 4),
                          "games": a.games, "seed": a.seed}), flush=True)
        if a.cmd == "eval":
            return
        names = [x for x in a.only.split(",") if x] or [f.name for f in fields(Weights)]
        for name in names:
            cur = with_changes(NORMAL[a.mode], changes)
            best, best_val = None, base
            for val in moves(cur, name):
                trial = {**changes, name: val}
                p = score(pool, a.mode, a.players, trial, a.seed, a.games, a.fast)
                print(json.dumps({"try": name, "value": val, "win": round(p, 4), "base": round(base, 4)}),
                      flush=True)
                if p > best_val:
                    best, best_val = val, p
            if best is not None and best_val >= base + a.accept / 100:
                changes = {**changes, name: best}
                base = best_val
                print(json.dumps({"keep": name, "value": best, "win": round(base, 4), "changes": changes}),
                      flush=True)
        print(json.dumps({"final": changes, "win": round(base, 4)}), flush=True)


if __name__ == "__main__":
    main()
