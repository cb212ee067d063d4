"""kill -9 of a `main.py serve` process mid-game: restarted on the same port and data
folder, it reopens the table, every client rejoins with its token by itself, and the
game finishes with the same digest as an uninterrupted run of the same seed and actions;
no action a client had seen is lost."""
from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

from game.core.match import Match, SeatInfo
from game.core.record import state_digest
from game import registry
from game.net import protocol as P
from game.net.bots import play_random
from game.net.store import TableStore

from .support import close_all, free_port, open_table, run, wait_for

ROOT = Path(__file__).resolve().parents[2]
H = P.SeatRequest
SEATS = [H(name="Ada"), H(name="Bob"), H(kind="ai", name="Cy", difficulty="random"),
         H(kind="ai", name="Dee", difficulty="random")]
OPTIONS = {"version": "simple", "length": "short"}
SEED = 21


def start_server(port: int, data_dir: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "serve", "--host", "127.0.0.1",
                             "--port", str(port), "--data-dir", str(data_dir)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
    line = proc.stdout.readline()                 # "serving tables on …" once it listens
    assert "serving tables" in line, (line, proc.stderr.read() if proc.poll() is not None else "")
    return proc


def stop(proc: subprocess.Popen, sig=signal.SIGTERM) -> str:
    if proc.poll() is None:
        proc.send_signal(sig)
    try:
        _out, err = proc.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        _out, err = proc.communicate()
    return err


async def _scenario(tmp_path: Path) -> None:
    port = free_port()
    first = start_server(port, tmp_path)
    second = None
    sessions = []
    try:
        sessions = await open_table(port, "monster_shop", SEATS, OPTIONS, seed=SEED)
        await sessions[0].send_message(P.Start())
        players = [asyncio.get_running_loop().create_task(play_random(s, random.Random(i), timeout=20))
                   for i, s in enumerate(sessions)]
        await wait_for(lambda: all(s.update is not None and s.update.moves >= 30 for s in sessions),
                       timeout=10, what="30 moves")
        first.kill()                              # kill -9: no goodbye, nothing flushed by us
        first.wait(5)
        seen = max(s.update.moves for s in sessions)
        await wait_for(lambda: all(s.state == "reconnecting" for s in sessions), what="the clients to notice")
        second = start_server(port, tmp_path)
        results = await asyncio.gather(*players)
        assert all(r is not None for r in results), [s.reason for s in sessions]
        assert all(s.state == "playing" for s in sessions)
        second.send_signal(signal.SIGTERM)
        await wait_for(lambda: all(s.state == "closed" for s in sessions), what="the goodbye")
        err = stop(second)
        assert "1 tables reopened" in err, err
        for s in sessions:
            assert s.reason_code == "server_stopping", s.reason
    finally:
        for proc in (first, second):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.communicate()
        await close_all(sessions)
    store = TableStore(tmp_path)
    table_id = sessions[0].table_id
    log = store.actions(table_id)
    store.close()
    assert len(log) >= seen
    rules = registry.ruleset("monster_shop")
    local = Match("monster_shop", rules, [SeatInfo(s.name) for s in SEATS], OPTIONS, SEED, clocks=False)
    for seat, action in log:
        local.submit(seat, P.action_from_wire(action))
    assert local.over
    digest = re.search(rf"table {table_id} over after (\d+) actions, digest (\w+)", err)
    assert digest, err
    assert int(digest.group(1)) == len(log) and digest.group(2) == state_digest(rules, local.state)
    for s in sessions:
        assert s.update.result["winners"] == list(local.result().winners)


def test_kill_9_mid_game_then_restart_loses_nothing_and_the_game_finishes(tmp_path):
    run(_scenario(tmp_path), timeout=40)
