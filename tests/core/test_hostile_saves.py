"""Hostile saves, generated at test time: every one is refused with one line naming
the file (exit 2 from the CLI, no traceback, within 20 s and 2 GB), never hangs,
never crashes the window; a good save still replays to its digest."""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.match import Match, SeatInfo, replay_record
from game.core.record import FORMAT, RecordError, atomic_write_text, clean_orphans, read_record
from game import registry
from game.registry import load_checked

ROOT = Path(__file__).resolve().parents[2]
CLI_SECONDS = 20
CLI_MEMORY = 2 * 1024 ** 3


def _played(game_id: str, players: int, seed: int, steps: int) -> dict:
    from game.ai.random_agent import RandomAgent
    rules = registry.ruleset(game_id)
    m = Match(game_id, rules, [SeatInfo(f"P{i}") for i in range(players)], {}, seed,
              agents={i: RandomAgent(seed + i) for i in range(players)}, clocks=False)
    m.run_agents(steps)
    return m.record().to_json()


@pytest.fixture(scope="module")
def good():
    return {"schemers": _played("schemers", 3, 11, 25), "dark_deeds": _played("dark_deeds", 2, 3, 25)}


def _with(base: dict, **changes) -> dict:
    data = json.loads(json.dumps(base))
    data.update(changes)
    return data


def hostile_cases(good) -> dict:
    """name -> file content (bytes/str/dict) or a callable(path) that makes the file."""
    s, d = good["schemers"], good["dark_deeds"]
    acts = s["actions"]
    head = '{"format":1,"game":"schemers","options":{},"seed":1,"seats":[{"name":"a"},{"name":"b"}],"actions":'
    return {
        "seats_empty": _with(s, seats=[], actions=[]),
        "seats_empty_with_log": _with(s, seats=[]),
        "seats_eight": _with(s, seats=[{"name": str(i)} for i in range(8)]),
        "seats_not_dicts": _with(s, seats=["a", "b", "c"]),
        "mode_bogus": _with(s, options={"mode": "bogus"}),
        "mode_list": _with(s, options={"mode": ["x"]}),
        "addons_dict": _with(s, options={"addons": {"a": 1}}),
        "unknown_option": _with(s, options={"sneaky": 1}),
        "dark_deeds_one_seat": _with(d, seats=[{"name": "solo"}], actions=[]),
        "nested_5000": head + "[[0," + "[" * 5000 + "]" * 5000 + "]]}",
        "nested_200": head + "[[0," + "[" * 200 + "]" * 200 + "]]}",
        "seed_5000_digits": head.replace('"seed":1', '"seed":' + "9" * 5000) + "[]}",
        "seed_float": _with(s, seed=1.5),
        "seed_nan": head.replace('"seed":1', '"seed":NaN') + "[]}",
        "seed_bool": _with(s, seed=True),
        "game_list": _with(s, game=["schemers"]),
        "game_unknown": _with(s, game="chess"),
        "format_0": _with(s, format=0),
        "format_negative": _with(s, format=-5),
        "format_true": _with(s, format=True),
        "format_newer": _with(s, format=FORMAT + 1),
        "action_not_pair": _with(s, actions=acts[:2] + [[0]]),
        "action_dict": _with(s, actions=acts[:2] + [[0, {"verb": "claim"}]]),
        "action_no_verb": _with(s, actions=acts[:2] + [[0, [1, 2]]]),
        "action_seat_out_of_range": _with(s, actions=acts[:2] + [[9, ["pass"]]]),
        "action_seat_negative": _with(s, actions=acts[:2] + [[-1, ["pass"]]]),
        "action_huge_text": _with(s, actions=acts[:2] + [[0, ["claim", "x" * 100_000]]]),
        "action_illegal": _with(s, actions=acts[:2] + [[0, ["claim", "nobody", 99]]]),
        "action_wrong_types": _with(s, actions=acts[:2] + [[acts[2][0], [acts[2][1][0], {"x": 1}]]]),
        "actions_not_list": _with(s, actions={"0": 1}),
        "too_many_actions": _with(s, actions=[[0, ["pass"]]] * 200_001),
        "digestless_illegal_tail": _with(s, digest="", actions=acts + [[0, ["zzz_no_such_verb"]]] * 50),
        "top_level_list": "[1, 2, 3]",
        "binary": b"\xff\xfe\x00garbage",
        "nul_bytes": b'{"format":1,\x00}',
        "empty": b"",
        "truncated": json.dumps(s)[:-40],
        "big_6mb": _with(s, extra={"pad": "x" * (6 * 1024 * 1024)}),
        "dev_zero": lambda p: os.symlink("/dev/zero", p),
        "fifo": lambda p: os.mkfifo(p),
        "folder": lambda p: p.mkdir(),
        "dangling_link": lambda p: os.symlink(p.parent / "nowhere", p),
    }


def write_case(folder: Path, name: str, content) -> Path:
    path = folder / f"{name}.json"
    if callable(content):
        content(path)
    elif isinstance(content, dict):
        path.write_text(json.dumps(content), encoding="utf-8")
    elif isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


CASES = sorted(hostile_cases({"schemers": {"actions": [[0, ["x"]]] * 3}, "dark_deeds": {}}))


@pytest.mark.parametrize("case", CASES)
def test_hostile_save_is_one_line_naming_the_file(tmp_path, good, case):
    path = write_case(tmp_path, case, hostile_cases(good)[case])
    before = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    t0 = time.perf_counter()
    with pytest.raises(RecordError) as info:
        record, _spec, ruleset = load_checked(path)
        replay_record(record, ruleset)
    assert time.perf_counter() - t0 < CLI_SECONDS
    message = str(info.value)
    assert "\n" not in message and len(message) < 600, message[:300]
    if "not legal" not in message and "could not be replayed" not in message:
        assert str(path) in message
    if before is not None:
        assert path.read_bytes() == before, "a save is never changed by reading it"


# the CLI bar: exit 2, one line, no traceback, under 20 s and 2 GB (a sample of the
# families above that stress time and memory, plus one of each kind of refusal)
CLI_CASES = ["seats_empty_with_log", "seats_eight", "mode_bogus", "dark_deeds_one_seat", "nested_5000",
             "seed_5000_digits", "game_list", "format_true", "action_dict", "action_illegal",
             "too_many_actions", "big_6mb", "dev_zero", "fifo", "truncated"]


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (CLI_MEMORY, CLI_MEMORY))


@pytest.mark.parametrize("case", CLI_CASES)
def test_cli_replay_verify_of_a_hostile_save_exits_2_in_one_line(tmp_path, good, case):
    path = write_case(tmp_path, case, hostile_cases(good)[case])
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "main.py", "replay", str(path), "--verify"], cwd=ROOT,
                         capture_output=True, text=True, timeout=CLI_SECONDS * 3, preexec_fn=_limit_memory)
    seconds = time.perf_counter() - t0
    assert out.returncode == 2, (out.returncode, out.stdout[-300:], out.stderr[-600:])
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr[-600:]
    assert str(path) in lines[0] and len(lines[0]) < 600
    assert seconds < CLI_SECONDS


def test_good_saves_still_replay_to_their_digest(tmp_path, good):
    for game_id, data in good.items():
        path = write_case(tmp_path, game_id, data)
        record, _spec, ruleset = load_checked(path)
        match, stop = replay_record(record, ruleset)
        assert stop is None and len(match.log) == len(data["actions"])


def test_names_are_cut_and_cleaned_on_the_way_in(tmp_path, good):
    weird = "\u202e" + "é" * 1990 + "\x00\ud800" + "שלום"
    data = _with(good["schemers"])
    data["seats"][0]["name"] = weird
    data["seats"][1]["name"] = 12345
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    record = read_record(path)
    names = [s["name"] for s in record.seats]
    assert all(len(n) <= 40 for n in names)
    assert not any(ch in n for n in names for ch in ("\x00", "\ud800", "\u202e"))
    assert names[1] == "12345"
    load_checked(path)


def test_a_save_is_checked_like_a_new_game_before_it_replays(tmp_path, good, monkeypatch):
    """The game's own validate_options runs on the save's options and seat count:
    setup never sees a seat count outside the game's range (seats: [] used to hang)."""
    calls = []
    rules = registry.ruleset("schemers")
    real = rules.setup
    monkeypatch.setattr(rules, "setup", lambda n, o, s: calls.append(n) or real(n, o, s))
    for seats in ([], [{"name": str(i)} for i in range(8)]):
        path = write_case(tmp_path, f"s{len(seats)}", _with(good["schemers"], seats=seats, actions=[]))
        with pytest.raises(RecordError, match="seats"):
            load_checked(path)
    assert calls == []


def test_an_action_of_the_wrong_shape_is_refused_with_its_index(tmp_path, good):
    acts = good["schemers"]["actions"]
    path = write_case(tmp_path, "shape", _with(good["schemers"], actions=acts[:4] + [[0, {"a": 1}]]))
    with pytest.raises(RecordError, match="action 5 "):
        read_record(path)


def test_formats_that_do_not_exist_are_refused(tmp_path, good):
    for fmt in (0, -5, True, "1", 1.0):
        path = write_case(tmp_path, "fmt", _with(good["schemers"], format=fmt))
        with pytest.raises(RecordError, match="not a Nocturne save"):
            read_record(path)


# -- writing: autosave failures, orphans, fsync --------------------------------------------------
def test_an_autosave_failure_never_breaks_the_move(tmp_path):
    from tests.toygame import ToyRules
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    m = Match("toy", ToyRules(), [SeatInfo("A"), SeatInfo("B")], {}, 5,
              autosave_path=blocker / "autosave" / "toy.json")
    m.submit(0, ("bid", 0))
    m.submit(1, ("bid", 1))
    assert len(m.log) == 2, "the moves stand"
    assert m.autosave_error and "toy.json" in m.autosave_error
    m.autosave_path = tmp_path / "ok" / "toy.json"
    m.submit(1, ("add", 2))
    assert m.autosave_error is None and (tmp_path / "ok" / "toy.json").is_file()


def test_orphan_temp_files_are_cleaned_but_a_fresh_one_is_left(tmp_path):
    old = tmp_path / ".toy.json.~nocturne-abc123.tmp"
    fresh = tmp_path / ".toy.json.~nocturne-def456.tmp"
    keep = tmp_path / "toy.json"
    for p in (old, fresh, keep):
        p.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    os.utime(keep, (past, past))
    removed = clean_orphans(tmp_path)
    assert removed == [old] and fresh.exists() and keep.exists()


def test_the_folder_is_fsynced_after_the_rename(tmp_path, monkeypatch):
    import stat
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(stat.S_ISDIR(os.fstat(fd).st_mode))
        return real(fd)
    monkeypatch.setattr(os, "fsync", spy)
    atomic_write_text(tmp_path / "x.json", "{}")
    assert synced == [False, True], "the file, then its folder"
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]
