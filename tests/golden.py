"""Golden replays, shared by every game's tests/games/<id>/test_golden.py.

A golden file is a save (seed + complete action log) whose digest is recorded every
`every` actions. `replay_checked` plays it step by step and fails at the first
checkpoint that differs, so a rules change is caught where it starts; `record_goldens`
writes the files anew after a DELIBERATE rules or data change. (That each golden loads
as a save and reaches its digest is the contract suite's check_golden.)"""
from __future__ import annotations

import json
from pathlib import Path

from game.core.record import Record, read_record, state_digest


def replay_checked(rules, path: Path):
    """(record, final state) of the golden at `path`, checkpoints checked on the way."""
    rec = read_record(path)
    s = rules.setup(len(rec.seats), rec.options, rec.seed)
    checkpoints = rec.extra.get("checkpoints", {})
    for i, (seat, action) in enumerate(rec.actions, 1):
        rules.apply(s, seat, action)
        if str(i) in checkpoints:
            assert state_digest(rules, s) == checkpoints[str(i)], f"diverged by action {i}"
    assert state_digest(rules, s) == rec.digest
    return rec, s


def record_goldens(rules, game_id: str, folder: Path, lineups, make_agent, every: int = 50,
                   extra=lambda res: {"winners": list(res.winners), "scores": list(res.scores)}) -> None:
    """Play each (file name, players, seed, agent names, options) with those agents and
    write it as a golden; `extra(result)` is what test_golden checks at the end."""
    folder.mkdir(exist_ok=True)
    for name, n, seed, lineup, options in lineups:
        agents = [make_agent(rules, lineup[i], i, seed + i) for i in range(n)]
        s = rules.setup(n, options, seed)
        actions, checkpoints = [], {}
        while rules.result(s) is None:
            d = rules.decisions(s)[0]
            a = agents[d.seat].choose(rules.view(s, d.seat), d)
            rules.apply(s, d.seat, a)
            actions.append((d.seat, a))
            if len(actions) % every == 0:
                checkpoints[str(len(actions))] = state_digest(rules, s)
        res = rules.result(s)
        rec = Record(game=game_id, options=rules.validate_options(options, n), seed=seed,
                     seats=[{"name": f"{lineup[i]} {i}", "kind": "ai", "difficulty": lineup[i]} for i in range(n)],
                     actions=actions, digest=state_digest(rules, s),
                     extra={"checkpoints": checkpoints, **extra(res)})
        (folder / name).write_text(json.dumps(rec.to_json(), separators=(",", ":")))
        print(name, len(actions), "actions", list(res.winners), res.side)
