"""Hostile command lines (issue 29, item 6): each ends with exit 2 and one line on
stderr, no traceback, within seconds. Run in-process through game.cli.main (an
argparse mistake is a SystemExit(2) there); nothing here renders a picture."""
from __future__ import annotations

import os
import time

import pytest

from game import cli

SIM = ["simulate", "--game", "schemers", "--players", "2", "--agents", "random", "--games", "1"]
SHOT = ["screenshot", "--scene", "menu"]

CASES = {
    "jobs_float": SIM + ["--jobs", "1e9"],
    "jobs_huge": SIM + ["--jobs", "1000000000"],
    "jobs_zero": SIM + ["--jobs", "0"],
    "option_5000_digits": SIM + ["--option", "mode=" + "9" * 5000],
    "option_19_digits": SIM + ["--option", "mode=" + "9" * 19],
    "option_deep_json": SIM + ["--option", "mode=" + "[" * 400 + "]" * 400],
    "option_very_deep_json": SIM + ["--option", "mode=" + "[" * 50_000 + "]" * 50_000],
    "option_dict": SIM + ["--option", 'mode={"a": 1}'],
    "option_list_of_numbers": SIM + ["--option", "mode=[1, 2]"],
    "option_list_for_a_choice": SIM + ["--option", 'mode=["a", "b"]'],
    "option_dict_for_addons": SIM + ["--option", 'addons={"taglia": true}'],
    "option_nan": SIM + ["--option", "mode=NaN"],
    "option_no_key": SIM + ["--option", "=1"],
    "option_no_equals": SIM + ["--option", "mode"],
    "budget_negative": SIM + ["--budget", "-1"],
    "budget_nan": SIM + ["--budget", "nan"],
    "budget_inf": SIM + ["--budget", "inf"],
    "budget_zero": SIM + ["--budget", "0"],
    "iterations_huge": SIM + ["--budget-iterations", "10000000000"],
    "games_huge": ["simulate", "--game", "schemers", "--players", "2", "--agents", "random",
                   "--games", "1000000000000"],
    "players_huge": ["simulate", "--game", "schemers", "--players", "1000000000", "--agents", "random"],
    "seed_5000_digits": SIM + ["--seed", "9" * 5000],
    "unknown_game": ["simulate", "--game", "nope", "--players", "2", "--agents", "random"],
    "unknown_command": ["fly"],
    "scene_unknown": SHOT[:2] + ["unknown", "--out", "{tmp}/x.png"],
    "scene_new_game_unknown_game": ["screenshot", "--scene", "new_game", "--game", "nope", "--out", "{tmp}/x.png"],
    "out_folder": SHOT + ["--out", "{tmp}"],
    "out_folder_slash": SHOT + ["--out", "{tmp}/sub/"],
    "out_dev_full": SHOT + ["--out", "/dev/full"],
    "out_dev_null": SHOT + ["--out", "/dev/null"],
    "out_proc": SHOT + ["--out", "/proc/nocturne-shot.png"],
    "out_under_a_file": SHOT + ["--out", "{tmp}/a-file/x.png"],
    "out_not_an_image": SHOT + ["--out", "{tmp}/shot.txt"],
    "size_huge": SHOT + ["--size", "99999999x99999999", "--out", "{tmp}/x.png"],
    "size_junk": SHOT + ["--size", "\u200b", "--out", "{tmp}/x.png"],
    "lang_unknown": SHOT + ["--lang", "xx" * 500, "--out", "{tmp}/x.png"],
    "table_without_game": ["screenshot", "--out", "{tmp}/x.png"],
    "replay_missing": ["replay", "{tmp}/none.json"],
    "data_dir_missing": ["validate-data", "--data-dir", "{tmp}/none"],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_hostile_command_line_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, case):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path / "home"))
    (tmp_path / "a-file").write_text("x")
    argv = [a.replace("{tmp}", str(tmp_path)) for a in CASES[case]]
    t0 = time.perf_counter()
    try:
        code = cli.main(argv)
    except SystemExit as exc:           # argparse's own mistakes
        code = exc.code
    seconds = time.perf_counter() - t0
    out, err = capsys.readouterr()
    assert code == 2, (case, code, out[-300:], err[-300:])
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, (case, err[-600:])
    assert lines[0].startswith("nocturne") and len(lines[0]) <= 400, lines[0]
    assert "Traceback" not in err and not out.strip()
    assert seconds < 30
    assert not [p for p in tmp_path.iterdir() if p.name not in ("a-file", "home")], "nothing is left behind"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_a_read_only_out_folder_is_one_line(tmp_path, capsys):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert cli.main(SHOT + ["--out", str(folder / "x.png")]) == 2
    finally:
        folder.chmod(0o700)
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_failed_write_leaves_no_half_picture(tmp_path, monkeypatch):
    import pygame

    from game.ui import headless

    def full(surf, path):
        with open(path, "wb") as fh:
            fh.write(b"\x89PNG half")
        raise pygame.error("No space left on device")
    monkeypatch.setattr(pygame.image, "save", full)
    surf = pygame.Surface((8, 8))
    with pytest.raises(headless.SaveFailed):
        headless._save(None, surf, tmp_path / "x.png", (8, 8))
    assert list(tmp_path.iterdir()) == []


def test_good_options_still_pass():
    class Args:
        mode, addon, players = None, [], 4
        option = ["taglia=true", "mode=rialto", 'addons=["taglia"]']
    from game import registry
    options = cli.game_options(Args, registry.ruleset("schemers"))
    assert options["mode"] == "rialto" and "taglia" in options.get("addons", [])


def test_a_sensible_budget_and_jobs_are_accepted(capsys):
    code = cli.main(SIM + ["--budget", "0.01", "--jobs", "1"])
    assert code == 0, capsys.readouterr().err[-300:]
