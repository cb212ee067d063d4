"""simulate: an iteration budget makes `hard` reproducible, wins are counted by side for
games against the game, a progress bar shows only on a terminal, Ctrl+C prints the
summary of the games finished."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

from game import simulate as sim
from game.progress import Progress

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import hashlib, sys
from game import registry
from game.core.match import Match, SeatInfo
from game.simulate import make_agents
game, names, iterations = sys.argv[1], sys.argv[2].split(","), int(sys.argv[3])
spec, rules = registry.get(game), registry.ruleset(game)
agents = make_agents(spec, names, 5, iterations)
m = Match(game, rules, [SeatInfo(n, "ai", n) for n in names], {}, 5, agents=agents, clocks=False)
while not m.over and len(m.log) < 400:
    m.run_agents(1)
print(len(m.log), hashlib.sha256(repr(m.log).encode()).hexdigest())
"""


def _play(game: str, names: str, iterations: int, hash_seed: str) -> str:
    out = subprocess.run([sys.executable, "-c", PLAY, game, names, str(iterations)], cwd=ROOT,
                         capture_output=True, text=True, timeout=600,
                         env={**__import__("os").environ, "PYTHONHASHSEED": hash_seed})
    assert out.returncode == 0, out.stderr[-800:]
    return out.stdout.strip()


def test_hard_with_an_iteration_budget_plays_the_same_game_twice():
    for game, names, iterations in (("schemers", "hard,normal", 40), ("dark_deeds", "hard,normal", 3)):
        first = _play(game, names, iterations, "1")
        second = _play(game, names, iterations, "2")
        assert first == second, game
        assert int(first.split()[0]) > 5


def test_the_iteration_budget_reaches_the_search():
    from game import registry
    agents = sim.make_agents(registry.get("schemers"), ["hard", "normal"], 1, iterations=17)
    assert agents[0].search.max_iterations == 17 and agents[0].search.budget == float("inf")
    agents = sim.make_agents(registry.get("dark_deeds"), ["hard"], 1, iterations=4)
    assert agents[0].max_iterations == 4


def test_wins_are_counted_by_side_for_games_against_the_game(monkeypatch):
    sides = ["players", "game", "players", None]

    def fake(args):
        g = args[3]
        side = sides[g]
        winners = [0, 1] if side == "players" else ([] if side == "game" else [1])
        return (g, ["random", "random"], winners, side, 10, {}, None)
    monkeypatch.setattr(sim, "_play_game", fake)
    report = sim.simulate("schemers", {}, ["random", "random"], 4, 1)
    assert report["wins_by_side"] == {"players": 2, "game": 1}
    assert report["wins_by_agent"] == {"random": 3.0}
    sides[:] = [None] * 4
    assert sim.simulate("schemers", {}, ["random", "random"], 4, 1)["wins_by_side"] == {}


def test_json_output_is_silent_on_stderr_and_has_wins_by_side():
    out = subprocess.run([sys.executable, "main.py", "simulate", "--game", "schemers", "--players", "2",
                          "--agents", "random", "--games", "5", "--json"], cwd=ROOT, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0 and out.stderr == ""
    report = json.loads(out.stdout)
    assert report["wins_by_side"] == {} and sum(report["wins_by_agent"].values()) == 5


class _Terminal:
    def __init__(self):
        self.text = ""

    def isatty(self):
        return True

    def write(self, s):
        self.text += s

    def flush(self):
        pass


def test_the_progress_bar_shows_a_count_on_a_terminal_only():
    term = _Terminal()
    with Progress(10, "games", stream=term) as bar:
        assert bar.shown
        bar.done(3)
        bar.bar.refresh()
    assert "3/10" in term.text
    quiet = _Terminal()
    with Progress(10, "games", enabled=False, stream=quiet) as bar:
        bar.done(5)
    assert quiet.text == "" and not bar.shown

    class Pipe(_Terminal):
        def isatty(self):
            return False
    pipe = Pipe()
    with Progress(10, "games", stream=pipe) as bar:
        bar.done(5)
    assert pipe.text == ""


def test_ctrl_c_prints_the_summary_of_the_finished_games(monkeypatch, capsys):
    """Ctrl+C during game 4 (of a million): the games finished are summarised, exit 130."""
    from game import cli
    real = sim._play_game

    def play(args):
        if args[3] == 3:
            raise KeyboardInterrupt
        return real(args)
    monkeypatch.setattr(sim, "_play_game", play)
    code = cli.main(["simulate", "--game", "schemers", "--players", "2", "--agents", "random",
                     "--games", "1000000"])
    out = capsys.readouterr().out
    assert code == 130
    assert "3/1000000 games" in out and "interrupted (Ctrl+C)" in out


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def test_ctrl_c_in_a_real_process_with_workers():
    proc = subprocess.Popen([sys.executable, "main.py", "simulate", "--game", "schemers", "--players", "2",
                             "--agents", "random", "--games", "10000000", "--jobs", "2"], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.monotonic() + 90         # Ctrl+C once the workers run (imports first, slow when loaded)
    while len(_children(proc.pid)) < 2 and time.monotonic() < end and proc.poll() is None:
        time.sleep(0.2)
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-600:]
    assert "Traceback" not in err
    assert "interrupted (Ctrl+C)" in out and "/10000000 games" in out


def test_a_zero_iteration_budget_is_a_usage_error():
    out = subprocess.run([sys.executable, "main.py", "simulate", "--game", "schemers", "--players", "2",
                          "--agents", "hard", "--games", "1", "--budget-iterations", "0"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "budget-iterations" in out.stderr and "Traceback" not in out.stderr


def test_describe_survives_shared_wins_that_sum_past_one():
    """Shared victories split a game in thirds; the shares' float sum can exceed the
    games played by a hair, which made the ± margin's square root complex."""
    from game.simulate import describe
    report = {"game": "x", "players": 3, "agents": ["normal"] * 3, "games": 1, "finished": 1,
              "errors": [], "seconds": 1.0, "games_per_s": 1.0, "actions_per_s": 1.0,
              "wins_by_agent": {"normal": 1.0000000000000002}, "draws": 0, "decision_ms": {}}
    assert "normal" in describe(report) and "j" not in describe(report).split("±")[1][:8]


def test_every_game_hands_the_iteration_budget_to_its_hard_agent():
    """A game whose make_agent swallowed max_iterations (**_ignored) made
    --budget-iterations silently do nothing for it."""
    import inspect

    from game.core.gamespec import resolve
    from game import registry
    for game_id in registry.game_ids():
        spec = registry.get(game_id)
        params = inspect.signature(resolve(spec.agents)).parameters
        assert "max_iterations" in params, game_id
        assert not any(p.kind is p.VAR_KEYWORD for p in params.values()), f"{game_id} swallows options"
    hard = registry.get("ordeals").make_agent("hard", 0, 1, max_iterations=7)
    assert hard.rollouts == 7 and hard.budget is None
