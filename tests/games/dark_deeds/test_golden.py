"""Golden replays: a fixed seed and a complete action log (committed JSON in the save format)
must reproduce the recorded digests (game.core.record.state_digest) step for step, with
the winners and scores recorded. (That each loads as a save and reaches its final digest
is the contract suite's test_golden_replays_reach_their_digest[dark_deeds:...].)"""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.record import read_record, state_digest
from tests.games.dark_deeds.test_support import rules

GOLDEN = sorted((Path(__file__).parent / "golden").glob("dark_deeds_*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.name)
def test_golden_replay_reproduces_the_digest(path):
    R = rules()
    rec = read_record(path)
    s = R.setup(len(rec.seats), rec.options, rec.seed)
    checkpoints = rec.extra.get("checkpoints", {})
    for i, (seat, action) in enumerate(rec.actions, 1):
        R.apply(s, seat, action)
        if str(i) in checkpoints:
            assert state_digest(R, s) == checkpoints[str(i)], f"diverged by action {i}"
    assert state_digest(R, s) == rec.digest
    res = R.result(s)
    assert list(res.winners) == rec.extra["winners"] and list(res.scores) == rec.extra["scores"]


def regenerate():
    """After a DELIBERATE rules change: python -m tests.games.dark_deeds.test_golden"""
    import json

    from game.core.record import Record
    from game.games.dark_deeds.ai import make_agent
    R = rules()
    folder = Path(__file__).parent / "golden"
    for name, n, seed, lineup, options in (
            ("dark_deeds_3p_normal.json", 3, 20261130, ["normal", "easy", "random"], {"first_player": "rolloff"}),
            ("dark_deeds_4p_random.json", 4, 4242, ["random"] * 4, {"open_scores": True})):
        agents = [make_agent(R, lineup[i], i, seed + i) for i in range(n)]
        s = R.setup(n, options, seed)
        actions, checkpoints = [], {}
        while s.res is None:
            d = R.decisions(s)[0]
            a = agents[d.seat].choose(R.view(s, d.seat), d)
            R.apply(s, d.seat, a)
            actions.append((d.seat, a))
            if len(actions) % 50 == 0:
                checkpoints[str(len(actions))] = state_digest(R, s)
        rec = Record(game="dark_deeds", options=R.validate_options(options, n), seed=seed,
                     seats=[{"name": f"{lineup[i]} {i}", "kind": "ai", "difficulty": lineup[i]} for i in range(n)],
                     actions=actions, digest=state_digest(R, s),
                     extra={"checkpoints": checkpoints, "winners": list(s.res.winners), "scores": list(s.res.scores)})
        (folder / name).write_text(json.dumps(rec.to_json(), separators=(",", ":")))
        print(name, len(actions), s.res.winners)


if __name__ == "__main__":
    regenerate()
