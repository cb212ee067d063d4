"""Write and check a guided first game (data/<game>/tutorial.yaml) against the real rules.

    python tools/tutorial_script.py check GAME            # play the script through; say where it breaks
    python tools/tutorial_script.py next GAME [--view]    # play it as far as it goes, then show who must
                                                          # decide what next (and the learner's view)
    python tools/tutorial_script.py hands GAME --seeds 1-200 [--options JSON] [--players N]
                                                          # the learner's view at setup for many seeds

A script is written a step at a time: add the learner's next step or an opponent's
move, run `next`, read the legal actions it lists, add the next one. `check` is what
validate-data and tests/ui/test_tutorials.py also do.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from game.core.match import Match, SeatInfo  # noqa: E402
from game.core.tutorial import load_script, play_through  # noqa: E402
from game import registry  # noqa: E402


def _short(value, width=900) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= width else text[:width] + " …"


def cmd_check(args) -> int:
    tutorial = load_script(args.game)
    match, problem = play_through(tutorial, registry.ruleset(args.game))
    print(f"{args.game}: {len(tutorial.steps)} steps, {len(match.log)} actions, "
          f"concepts: {', '.join(sorted(tutorial.concepts()))}")
    if problem:
        print("PROBLEM:", problem)
        return 1
    print("ok: the script plays to its end")
    return 0


def cmd_next(args) -> int:
    tutorial = load_script(args.game)
    match, problem = play_through(tutorial, registry.ruleset(args.game))
    print(f"after {len(match.log)} actions; problem: {problem}")
    for seat, action in match.log[-args.last:]:
        print(f"  log: seat {seat}: {list(action)}")
    for d in match.decisions():
        acts = [list(a) for a in d.actions]
        print(f"seat {d.seat} decides {d.kind} (prompt {_short(d.prompt, 200)}): {_short(acts, 1500)}")
    if args.view:
        print("view of the learner:", _short(match.view(tutorial.human), 4000))
    if args.state:
        print("everything:", _short(match.rules.view(match.state, None), 4000))
    return 0


def cmd_hands(args) -> int:
    ruleset = registry.ruleset(args.game)
    lo, hi = (int(x) for x in args.seeds.split("-"))
    options = json.loads(args.options) if args.options else {}
    for seed in range(lo, hi + 1):
        seats = [SeatInfo(f"P{i}", "human" if i == 0 else "ai") for i in range(args.players)]
        match = Match(args.game, ruleset, seats, options, seed, clocks=False)
        snap = match.rules.snapshot(match.state) if args.all else match.view(0)
        print(seed, _short({k: snap.get(k) for k in args.keys.split(",")} if args.keys else snap, 600))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("game")
    c.set_defaults(run=cmd_check)
    n = sub.add_parser("next")
    n.add_argument("game")
    n.add_argument("--view", action="store_true")
    n.add_argument("--state", action="store_true")
    n.add_argument("--last", type=int, default=6)
    n.set_defaults(run=cmd_next)
    h = sub.add_parser("hands")
    h.add_argument("game")
    h.add_argument("--seeds", default="1-20")
    h.add_argument("--options", default="")
    h.add_argument("--players", type=int, default=2)
    h.add_argument("--keys", default="")
    h.add_argument("--all", action="store_true", help="the whole snapshot, not the learner's view")
    h.set_defaults(run=cmd_hands)
    args = p.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
