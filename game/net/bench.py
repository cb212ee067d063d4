"""`bench --net`: the table server under load, on loopback.

1. Human pace: `tables` tables on one `main.py serve` process for `seconds`, two
   headless clients at each (AI seats on the server for a game's other players), every
   client pausing 0.5–2 s before each answer; the tables rotate through the registered
   games with their default options, and a new game starts at a table whose game ended. Measured: actions/s the server applied,
   the round trip (an action sent → the update applying it arrives) p50/p95/max, the
   server's RSS (now and peak), errors (clients dropped or closed by surprise, internal
   errors the server logged), refusals (a bot's answer to a state that moved on).
2. Restart: kill -9 the server at the end of that minute; every table's stored log must
   hold at least the moves its clients had seen (lost games counts the tables that do
   not), and a restart must reopen every unfinished table.
3. Flat out: a fresh server, bots answering as fast as the server's rate limit lets one
   connection (an answer each 60 ms), at growing numbers of tables, in
   the games whose play meets no window minimum time (a held answer waits for the rules,
   not the server); the highest actions/s whose round-trip p95 stays within 50 ms.

The clients run in this process (one asyncio loop), the server in its own, on the same
machine: their CPU is shared, so the figures are a floor for a server with a machine
of its own.
"""
from __future__ import annotations

import asyncio
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from . import protocol as P
from .bots import play_random
from .client import SeatSession

H = P.SeatRequest
P95_BAR_MS = 50.0
FLAT_PACE = (1.2 / P.RATE_PER_SECOND, 1.2 / P.RATE_PER_SECOND)   # a little under the rate limit


def setups() -> list[tuple[str, list, dict]]:
    """The set-ups the tables rotate through, one per registered game that two people
    can play with its default options: two remote seats, AI seats (random, on the
    server) for the rest of its fewest players."""
    from .. import registry
    out = []
    for game_id in registry.game_ids():
        rules = registry.ruleset(game_id)
        for players in range(max(2, rules.min_players), rules.max_players + 1):
            try:
                options = rules.validate_options({}, players)
            except Exception:          # noqa: BLE001 - OptionsError: not with the defaults
                continue
            seats = [H(name="A"), H(name="B")] + [H(kind="ai", name=f"AI {i}", difficulty="random")
                                                  for i in range(players - 2)]
            out.append((game_id, seats, options))
            break
    return out


def unheld(candidates) -> list:
    """The set-ups whose random play meets no window with a minimum answer time in its
    first 300 actions: flat out measures the server, not the rules' deliberate waits."""
    from .. import registry
    out = []
    for game_id, seats, options in candidates:
        rules = registry.ruleset(game_id)
        state = rules.setup(len(seats), options, 1)
        rng = random.Random(1)
        held = False
        for _ in range(300):
            decisions = rules.decisions(state)
            if not decisions or rules.result(state) is not None:
                break
            if any(d.min_time for d in decisions):
                held = True
                break
            d = decisions[0]
            rules.apply(state, d.seat, d.actions[rng.randrange(len(d.actions))])
        if not held:
            out.append((game_id, seats, options))
    return out or list(candidates)




def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """`main.py serve` in a child process, its log kept in a file."""

    def __init__(self, data_dir: Path, port: int):
        self.data_dir, self.port = data_dir, port
        self.log_path = data_dir / f"serve-{time.monotonic_ns()}.log"
        self._log = open(self.log_path, "w")
        if getattr(sys, "frozen", False):
            cmd = [sys.executable, "serve"]
        else:
            cmd = [sys.executable, str(Path(__file__).resolve().parents[2] / "main.py"), "serve"]
        self.proc = subprocess.Popen(cmd + ["--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)],
                                     stdout=subprocess.PIPE, stderr=self._log, text=True)
        line = self.proc.stdout.readline()
        if "serving tables" not in line:
            raise RuntimeError(f"the server did not start: {self.log()[-400:]}")

    def rss_mb(self) -> tuple[float, float]:
        """(now, peak) resident memory of the server process, in MB (Linux /proc)."""
        try:
            text = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0.0, 0.0
        def kb(field):
            m = re.search(rf"^{field}:\s+(\d+) kB", text, re.M)
            return int(m.group(1)) / 1024 if m else 0.0
        return round(kb("VmRSS"), 1), round(kb("VmHWM"), 1)

    def cpu_s(self) -> float:
        """CPU seconds the server process has used (user + system; Linux /proc)."""
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return round((int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK"), 2)
        except (OSError, ValueError, IndexError):
            return 0.0

    def log(self) -> str:
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    def kill9(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self._log.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self._log.close()


class Stats:
    def __init__(self):
        self.round_trips: list[float] = []
        self.errors = 0
        self.why: list[str] = []            # the first few errors, in words
        self.refusals = 0
        self.games = 0
        self.seen: dict[str, int] = {}      # table id -> the most moves its clients saw

    def error(self, why: str) -> None:
        self.errors += 1
        if len(self.why) < 5:
            self.why.append(why)

    def summary(self, seconds: float, actions: int) -> dict:
        rt = sorted(self.round_trips)
        def q(p):
            return round(rt[min(len(rt) - 1, int(p / 100 * len(rt)))] * 1000, 2) if rt else None
        return {"actions": actions, "actions_per_s": round(actions / seconds, 1), "round_trip_ms_p50": q(50),
                "round_trip_ms_p95": q(95), "round_trip_ms_max": round(rt[-1] * 1000, 2) if rt else None,
                "round_trips": len(rt), "errors": self.errors, "error_examples": self.why,
                "refusals": self.refusals,
                "games_finished": self.games}


async def _table_loop(port: int, index: int, end: float, pace, stats: Stats, setups) -> None:
    """One table's clients: open a table, play it, open the next, until `end`."""
    rng = random.Random(index)
    game_no = 0
    while time.monotonic() < end - 1.0:
        game, seats, options = setups[(index + game_no) % len(setups)]
        game_no += 1
        create = P.Create(game=game, seats=seats, options=options, you=0, seed=index * 1000 + game_no,
                          time_scale=None, listed=False)
        owner = SeatSession("127.0.0.1", port, "A", create=create, reconnect_for=0)
        sessions = [owner]
        tasks = [asyncio.get_running_loop().create_task(owner.run())]
        try:
            while owner.lobby is None and owner.state != "closed" and time.monotonic() < end:
                await asyncio.sleep(0.02)
            if owner.lobby is None:
                if owner.state == "closed":      # refused or dropped (not: the time ran out)
                    stats.error(f"{game}: no lobby ({owner.reason_code})")
                return
            other = SeatSession("127.0.0.1", port, "B", token=owner.lobby.tokens[1], reconnect_for=0)
            sessions.append(other)
            tasks.append(asyncio.get_running_loop().create_task(other.run()))
            while not owner.lobby.can_start and time.monotonic() < end:
                await asyncio.sleep(0.02)
            await owner.send_message(P.Start())
            results = await asyncio.gather(*(play_random(s, random.Random(rng.random()), pace=pace,
                                                         timeout=max(0.1, end - time.monotonic()),
                                                         round_trips=stats.round_trips) for s in sessions))
            stats.games += sum(1 for r in results[:1] if r is not None)
            stats.refusals += sum(s.refusals for s in sessions)
            for s in sessions:
                if s.state == "closed":
                    stats.error(f"{game}: seat {s.seat} closed ({s.reason_code})")
            moves = max((s.update.moves for s in sessions if s.update is not None), default=0)
            if owner.table_id:
                stats.seen[owner.table_id] = moves
        finally:
            if time.monotonic() < end - 1.0:       # at the end the clients stay for the kill -9
                for s in sessions:
                    await s.leave()
                await asyncio.gather(*tasks, return_exceptions=True)
            else:
                for s in sessions:
                    s._closing = True


async def _load(port: int, tables: int, seconds: float, pace, setups) -> tuple[Stats, float]:
    stats = Stats()
    end = time.monotonic() + seconds
    t0 = time.monotonic()
    await asyncio.gather(*(_table_loop(port, i, end, pace, stats, setups) for i in range(tables)))
    return stats, time.monotonic() - t0


def _stored_moves(data_dir: Path) -> tuple[dict, dict]:
    from .store import TableStore
    store = TableStore(data_dir)
    try:
        counts = dict(store.db.execute("SELECT table_id, COUNT(*) FROM actions GROUP BY table_id").fetchall())
        status = dict(store.db.execute("SELECT id, status FROM tables").fetchall())
    finally:
        store.close()
    return counts, status


def _applied_actions(data_dir: Path) -> int:
    counts, _ = _stored_moves(data_dir)
    return sum(counts.values())


def run(tables: int = 200, seconds: float = 60.0, flat_seconds: float = 6.0, progress=None) -> dict:
    step = progress or (lambda label: None)
    folder = Path(tempfile.mkdtemp(prefix="nocturne-net-bench-"))
    out: dict = {"tables": tables, "seconds": seconds, "pace_s": [0.5, 2.0]}
    try:
        port = _free_port()
        server = ServerProcess(folder, port)
        cpu0, client0 = server.cpu_s(), time.process_time()
        stats, elapsed = asyncio.run(_load(port, tables, seconds, (0.5, 2.0), setups()))
        server_cpu, client_cpu = server.cpu_s() - cpu0, time.process_time() - client0
        now_mb, peak_mb = server.rss_mb()
        applied = _applied_actions(folder)
        human = stats.summary(elapsed, applied)
        human["server_rss_mb"], human["server_peak_rss_mb"] = now_mb, peak_mb
        human["errors"] += server.log().count("internal error")
        # what the machine gave: a loaded machine inflates the round trips, not the work
        human["server_cpu_pct_of_a_core"] = round(100 * server_cpu / elapsed, 1)
        human["clients_cpu_pct_of_a_core"] = round(100 * client_cpu / elapsed, 1)
        human["server_cpu_ms_per_action"] = round(1000 * server_cpu / max(1, applied), 2)
        human["load_average"] = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
        out["human_pace"] = human
        step("net: human pace")
        # kill -9, then compare what is stored with what the clients saw
        server.kill9()
        counts, status = _stored_moves(folder)
        lost = [t for t, seen in stats.seen.items() if counts.get(t, 0) < seen]
        unfinished = sum(1 for s in status.values() if s in ("lobby", "playing"))
        again = ServerProcess(folder, port)
        time.sleep(0.5)
        reopened = re.search(r"\((\d+) tables reopened\)", again.log())
        again.stop()
        out["restart"] = {"tables_checked": len(stats.seen), "lost_games": len(lost),
                          "unfinished_tables": unfinished,
                          "reopened": int(reopened.group(1)) if reopened else None}
        step("net: kill -9 and restart")
        out["flat_out"] = _flat_out(flat_seconds)
        step("net: flat out")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return out


def _flat_out(seconds: float) -> dict:
    """Bots answering each 60 ms (under the per-connection rate limit, which drops a
    client sending more) at 2, 5, 10, 20, 40, 80 tables (a fresh server each): the
    best actions/s whose round-trip p95 stays within P95_BAR_MS."""
    steps = []
    best = None
    flat = unheld(setups())
    for tables in (2, 5, 10, 20, 40, 80):
        folder = Path(tempfile.mkdtemp(prefix="nocturne-net-flat-"))
        try:
            port = _free_port()
            server = ServerProcess(folder, port)
            try:
                stats, elapsed = asyncio.run(_load(port, tables, seconds, FLAT_PACE, flat))
                summary = stats.summary(elapsed, _applied_actions(folder))
            finally:
                server.stop()
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        steps.append({"tables": tables, **{k: summary[k] for k in ("actions_per_s", "round_trip_ms_p95", "errors")}})
        p95 = summary["round_trip_ms_p95"]
        if p95 is not None and p95 <= P95_BAR_MS:
            if best is None or summary["actions_per_s"] > best:
                best = summary["actions_per_s"]
        elif p95 is not None:
            break
    return {"p95_bar_ms": P95_BAR_MS, "actions_per_s_within_bar": best, "games": [g for g, _s, _o in flat],
            "steps": steps}


def main() -> None:                     # python -m game.net.bench [tables] [seconds]
    import json
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60.0
    print(json.dumps(run(tables, seconds, progress=lambda label: print(label, file=sys.stderr)), indent=2))


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    main()
