"""The command line: clear one-line errors for a user's mistakes, JSON reports."""
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args, env=None):
    import os
    e = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", **(env or {})}
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], capture_output=True,
                          text=True, cwd=ROOT, env=e, timeout=300)


def test_unknown_game_is_one_clear_line_exit_2():
    out = run("simulate", "--game", "chess", "--players", "2", "--agents", "random", "--games", "1")
    assert out.returncode == 2
    assert "unknown game 'chess'" in out.stderr
    assert "Traceback" not in out.stderr


def test_unknown_agent_and_bad_player_count_exit_2():
    out = run("simulate", "--game", "schemers", "--players", "2", "--agents", "genius", "--games", "1")
    assert out.returncode == 2 and "unknown agent 'genius'" in out.stderr
    out = run("simulate", "--game", "schemers", "--players", "9", "--agents", "random", "--games", "1")
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.strip()


def test_simulate_json_report_has_every_field():
    out = run("simulate", "--game", "schemers", "--players", "3", "--agents", "random,random,easy",
              "--games", "6", "--seed", "4", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    for key in ("game", "mode", "addons", "players", "agents", "games", "finished", "errors",
                "wins_by_seat", "wins_by_agent", "draws", "mean_actions", "seconds",
                "games_per_s", "actions_per_s", "decision_ms"):
        assert key in report, key
    assert report["finished"] == 6 and report["errors"] == [] and report["checked"] is False
    assert sum(report["wins_by_agent"].values()) + report["draws"] == 6
    easy = report["decision_ms"]["easy"]
    assert set(easy) == {"p50", "p95", "max", "n", "by_kind"}
    # every decision the easy seat made is counted once, under its kind
    assert "turn" in easy["by_kind"] and sum(k["n"] for k in easy["by_kind"].values()) == easy["n"] > 0


def test_simulate_check_runs_the_invariants_of_each_game():
    for args in (("--game", "schemers", "--players", "4", "--mode", "intoccabile"),
                 ("--game", "schemers", "--players", "3", "--mode", "rialto", "--addon", "taglia"),
                 ("--game", "schemers", "--players", "7", "--mode", "carnevale"),
                 ("--game", "dark_deeds", "--players", "3")):
        out = run("simulate", *args, "--agents", "random", "--games", "5", "--check", "--json")
        assert out.returncode == 0, (args, out.stdout, out.stderr)
        report = json.loads(out.stdout)
        assert report["checked"] is True and report["finished"] == 5 and report["errors"] == [], args
    out = run("simulate", "--game", "schemers", "--players", "3", "--agents", "random", "--games", "2", "--check")
    assert out.returncode == 0 and "invariants checked after every action, 0 errors" in out.stdout


def test_simulate_check_reports_a_broken_invariant(monkeypatch, capsys):
    from game.cli import main
    from game import registry
    rules = registry.ruleset("schemers")
    calls = []

    def broken(self, state, before=None):
        calls.append(state.turn_no)
        return ["VC-999: a made-up rule"] if state.turn_no >= 3 else []

    monkeypatch.setattr(type(rules), "invariants", broken)
    argv = ["simulate", "--game", "schemers", "--players", "3", "--agents", "random", "--games", "3",
            "--seed", "5"]
    assert main(argv) == 0 and calls == []               # without --check: never asked
    capsys.readouterr()
    assert main(argv + ["--check"]) == 1
    text = capsys.readouterr().out
    errors = [line.strip() for line in text.splitlines() if "ERROR" in line]
    assert len(errors) == 3 and "3 errors" in text
    for seed, line in zip((5, 6, 7), errors):
        assert line.startswith(f"ERROR seed {seed}: invariant broken after action ")
        assert line.endswith(": VC-999: a made-up rule")
        assert int(line.split("after action ")[1].split(":")[0]) > 0
    assert main(argv + ["--check", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["checked"] is True and report["finished"] == 0 and len(report["errors"]) == 3


def test_seats_rotate_between_games():
    from game.simulate import seating
    names = ["hard", "random", "random"]
    assert [seating(names, g)[0] for g in range(3)] == ["hard", "random", "random"]
    assert {seating(names, g).index("hard") for g in range(3)} == {0, 1, 2}


def test_validate_data_ok_and_bad_folder(tmp_path):
    out = run("validate-data")
    assert out.returncode == 0, out.stderr
    assert "schemers: ok" in out.stdout and "dark_deeds: ok" in out.stdout
    import shutil
    bad = tmp_path / "data"
    shutil.copytree(ROOT / "data", bad)
    (bad / "dice.yaml").write_text("dice:\n  d6:\n    faces: [1]\n")
    out = run("validate-data", "--data-dir", str(bad))
    assert out.returncode == 1
    assert "dice.yaml:3: dice.d6.faces" in out.stderr


def test_replay_verify_good_and_bad(tmp_path):
    from game.core.match import Match, SeatInfo
    from game import registry
    from game.ai.random_agent import RandomAgent
    rules = registry.ruleset("schemers")
    m = Match("schemers", rules, [SeatInfo("a"), SeatInfo("b")], {}, 11,
              agents={0: RandomAgent(1), 1: RandomAgent(2)})
    while not m.over:
        m.run_agents(1)
    path = tmp_path / "game.json"
    m.save(path)
    out = run("replay", str(path), "--verify")
    assert out.returncode == 0, out.stderr
    data = json.loads(path.read_text())
    data["digest"] = "f" * 32
    path.write_text(json.dumps(data))
    assert run("replay", str(path), "--verify").returncode == 1
    path.write_text("{broken")
    out = run("replay", str(path), "--verify")
    assert out.returncode == 2 and str(path) in out.stderr and "Traceback" not in out.stderr


def test_simulate_text_summary_names_the_mode_and_add_ons():
    from game.simulate import describe
    report = {"game": "schemers", "mode": "rialto", "addons": ["taglia"], "players": 3,
              "finished": 1, "games": 1, "seconds": 0.1, "games_per_s": 10.0,
              "actions_per_s": 300.0, "wins_by_agent": {"random": 1.0}, "agents": ["random"] * 3,
              "draws": 0, "decision_ms": {}, "errors": []}
    assert describe(report).startswith("schemers rialto +taglia 3 players, 1/1 games")
