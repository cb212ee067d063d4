"""Issue 30 items 1-2: one version (pyproject's) everywhere, and saves that survive versions.

tests/fixtures/saves/<version>/ holds, for every version, one finished and one unfinished
save per game and mode (tools/make_save_fixtures.py writes them). Every fixture of every
version up to this one loads; this version's replay exactly; an earlier version's replay
exactly or are explained in words — never a crash, never a silent divergence.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from game.core.match import Match, SeatInfo, check_save
from game.core.record import read_record, write_record
from game.core.version import app_version, game_data_digest, made_elsewhere, pyproject_version, version_key
from game import registry

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "saves"
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]

sys.path.insert(0, str(ROOT / "tools"))
import make_save_fixtures  # noqa: E402


def versions_up_to_this_one() -> list[str]:
    here = version_key(app_version())
    return sorted((d.name for d in FIXTURES.iterdir() if d.is_dir() and version_key(d.name) <= here),
                  key=version_key)


def all_fixtures() -> list[Path]:
    return [f for v in versions_up_to_this_one() for f in sorted((FIXTURES / v).glob("*.json"))]


# -- one version ----------------------------------------------------------------------------
def test_the_app_version_is_pyprojects():
    assert app_version() == PYPROJECT_VERSION


def test_dash_dash_version_prints_pyprojects_version():
    out = subprocess.run([sys.executable, str(ROOT / "main.py"), "--version"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"Nocturne {PYPROJECT_VERSION}"


def test_a_bumped_pyproject_is_read_as_it_stands(tmp_path):
    """An editable install's metadata keeps the version it was installed with; the
    source tree's pyproject.toml is what counts (and only Nocturne's own)."""
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "nocturne"\nversion = "9.8.7"\n')
    assert pyproject_version(tmp_path / "pyproject.toml") == "9.8.7"
    (tmp_path / "other.toml").write_text('[project]\nname = "someone-else"\nversion = "1.0"\n')
    assert pyproject_version(tmp_path / "other.toml") is None
    (tmp_path / "bad.toml").write_text('[project\n')
    assert pyproject_version(tmp_path / "bad.toml") is None
    assert pyproject_version(tmp_path / "missing.toml") is None


def test_versions_order_by_numbers():
    assert version_key("0.10.0") > version_key("0.9.2") > version_key("0.9.1") > version_key("0.1.0")
    assert sorted(["1.0.0", "0.2.0", "0.10.0"], key=version_key) == ["0.2.0", "0.10.0", "1.0.0"]


def test_the_frozen_build_bundles_pyproject():
    from game import packaging
    assert (str(ROOT / "pyproject.toml"), ".") in packaging.bundle_datas(ROOT)


def test_crash_reports_carry_the_version():
    from game.ui import crash
    assert crash.version() == PYPROJECT_VERSION
    text = crash.report_text("test", ValueError("x"), None)
    assert f"version: {PYPROJECT_VERSION}" in text


def test_bench_json_carries_the_version(monkeypatch):
    """bench.run's report (what --json prints) with every measurement stubbed out."""
    from game import bench, bench_advice
    from game.ui import bench_idle, headless
    monkeypatch.setattr(bench, "_startup_seconds", lambda runs: (0.1, 0.1))
    monkeypatch.setattr(bench, "_startup_full_folders", lambda runs: 0.1)
    monkeypatch.setattr(bench, "_sim_speed", lambda *a: {})
    monkeypatch.setattr(bench, "_kernel_us", lambda *a: {})
    monkeypatch.setattr(bench, "_ai_ms", lambda *a: {})
    monkeypatch.setattr(bench, "busy_frames", lambda *a: {})
    monkeypatch.setattr(headless, "bench_frames", lambda game_id, frames: [1.0, 2.0])
    monkeypatch.setattr(bench_idle, "measure", lambda seconds, turns: {})
    monkeypatch.setattr(bench_advice, "hint_ms", lambda game_id, hints: {"p95": 1.0})
    monkeypatch.setattr(bench_advice, "review_s", lambda game_id: {"seconds": 1.0})
    report = bench.run(quick=True)
    assert report["version"] == PYPROJECT_VERSION
    assert json.loads(json.dumps(report))["version"] == PYPROJECT_VERSION


def test_the_changelog_has_this_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in text
    assert f"## [{PYPROJECT_VERSION}]" in text


# -- every save records the version and the game's data -------------------------------------
def test_a_save_records_the_app_version_and_the_data_digest(tmp_path):
    rules = registry.ruleset("schemers")
    seats = [SeatInfo("A", "human", "normal"), SeatInfo("B", "human", "normal")]
    match = Match("schemers", rules, seats, rules.default_options(), 5, validated=True, clocks=False)
    path = tmp_path / "s.json"
    match.save(path)
    data = json.loads(path.read_text())
    assert data["app_version"] == PYPROJECT_VERSION
    assert data["data_digest"] == game_data_digest("schemers") and len(data["data_digest"]) == 16
    assert list(data).index("app_version") < list(data).index("actions"), "in the header a list reads"
    record = read_record(path)
    assert (record.app_version, record.data_digest) == (PYPROJECT_VERSION, game_data_digest("schemers"))
    assert not made_elsewhere(record)


def test_each_game_has_its_own_data_digest():
    digests = {g: game_data_digest(g) for g in registry.game_ids()}
    assert all(len(d) == 16 for d in digests.values()) and len(set(digests.values())) == len(digests)
    assert game_data_digest("no_such_game") == ""


# -- fixtures of every version ----------------------------------------------------------------
def test_this_version_has_its_fixtures():
    """One finished and one unfinished save per game and mode; if this fails after a
    version bump, run `python tools/make_save_fixtures.py` (docs/RELEASING.md)."""
    folder = FIXTURES / app_version()
    assert folder.is_dir(), f"no fixtures for {app_version()}: run python tools/make_save_fixtures.py"
    names = {f.name for f in folder.glob("*.json")}
    for game_id in registry.game_ids():
        for label, _options in make_save_fixtures.modes(game_id):
            for state in ("finished", "unfinished"):
                assert f"{game_id}-{label}-{state}.json" in names
    for f in folder.glob("*.json"):
        assert f.stat().st_size < 16 * 1024, f"{f.name} is not small"


@pytest.mark.parametrize("path", all_fixtures(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_fixture_of_every_version_loads_and_verifies(path):
    """Each fixture loads and is replayed against its recorded end: it reaches it (and
    is finished or not as its name says), or it does not and the loader says so in
    words. Rules change between releases while pyproject keeps the last version, so
    even this version's fixtures may only be explained, not required to match; they
    matched when tools/make_save_fixtures.py wrote them at the release."""
    record, spec, rules = registry.load_checked(path)
    assert record.app_version == path.parent.name
    assert record.data_digest and record.game in path.name
    check = check_save(record, rules)
    if check.same:
        assert check.finished == path.name.endswith("-finished.json")
        assert check.legal == check.total == len(record.actions)
    else:                     # replays differently today: said in words, never a crash
        from game.ui.scenes.replay import changed_since_message
        message = changed_since_message(spec.title_text(), check)
        assert f"Made with {record.app_version};" in message and "{" not in message


def test_replay_verify_passes_a_fresh_save_of_every_game(tmp_path):
    """What the fixture script writes replays exactly under the rules that wrote it."""
    from game.cli import main
    for name, record, over in make_save_fixtures.fixtures():
        if name.endswith("-finished.json") and over:
            write_record(tmp_path / name, record)
            assert main(["replay", str(tmp_path / name), "--verify"]) == 0, name


# -- an old save that replays differently is said so, never a crash -------------------------
def _as_if_older(tmp_path, name: str, drop_move: bool = False, version: str = "0.0.1") -> Path:
    """A fixture as an earlier version would have left it, its game since changed: the
    recorded version is older, and with `drop_move` its middle move is gone (as if
    today's rules took one move fewer there)."""
    data = json.loads((FIXTURES / app_version() / name).read_text())
    data["app_version"] = version
    if drop_move:
        del data["actions"][len(data["actions"]) // 2]
        data["moves"] = len(data["actions"])
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_an_old_save_whose_rules_changed_opens_as_a_replay_up_to_the_move_that_fails(tmp_path):
    path = _as_if_older(tmp_path, "dark_gothic-competitive-finished.json", drop_move=True)
    record, spec, rules = registry.load_checked(path)
    assert made_elsewhere(record)
    check = check_save(record, rules)
    assert not check.same and len(record.actions) // 2 <= check.legal < check.total
    from game.core.i18n import set_language
    from game.ui.scenes.replay import changed_since_message
    message = changed_since_message(spec.title_text(), check)
    assert message == (f"Made with 0.0.1; the rules of {spec.title_text()} changed since — it opens as a "
                       f"replay up to move {check.legal} of {check.total}.")
    set_language("cs")
    try:
        cs = changed_since_message(spec.title_text(), check)
        assert "0.0.1" in cs and f"do tahu {check.legal} z {check.total}" in cs
    finally:
        set_language("en")


def test_an_old_save_whose_first_move_fails_opens_at_its_start(tmp_path):
    path = _as_if_older(tmp_path, "dark_gothic-coop-unfinished.json")
    data = json.loads(path.read_text())
    data["actions"][0][1] = ["a_verb_no_version_knows"]
    path.write_text(json.dumps(data))
    record, spec, rules = registry.load_checked(path)
    check = check_save(record, rules)
    assert check.legal == 0 and not check.same
    from game.ui.scenes.replay import changed_since_message
    assert changed_since_message(spec.title_text(), check).endswith(
        "it opens as a replay at its start (not even its first move replays).")


def test_an_old_save_whose_moves_lead_elsewhere_says_so(tmp_path):
    path = _as_if_older(tmp_path, "schemers-standard-unfinished.json")
    data = json.loads(path.read_text())
    data["digest"] = "0" * 32                 # every move replays; the end is not the saved one
    data["data_digest"] = "f" * 16            # and the game's data changed since
    path.write_text(json.dumps(data))
    record, spec, rules = registry.load_checked(path)
    check = check_save(record, rules)
    assert check.diverges and check.data_changed
    from game.ui.scenes.replay import changed_since_message
    message = changed_since_message(spec.title_text(), check)
    assert "0.0.1" in message and "cards and numbers" in message and "another end" in message


def test_replay_verify_names_the_version_of_an_old_save_that_changed(tmp_path, capsys):
    from game.cli import main
    path = _as_if_older(tmp_path, "dark_gothic-coop-finished.json", drop_move=True, version="0.0.2")
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "FAILED — made with 0.0.2 (this is " in err and "it replays up to move" in err


def test_an_old_save_that_still_replays_opens_as_before(tmp_path):
    path = _as_if_older(tmp_path, "ordeals-solo-unfinished.json")
    record, _spec, rules = registry.load_checked(path)
    assert made_elsewhere(record) and check_save(record, rules).same


def test_the_load_screen_opens_a_changed_old_save_as_a_replay_with_the_reason(app, tmp_path):
    from game.ui.scenes.replay import ReplayScene
    from game.ui.scenes.saves import open_saved_game
    path = _as_if_older(tmp_path, "dark_gothic-competitive-unfinished.json", drop_move=True)
    assert open_saved_game(app, path)
    assert isinstance(app.top, ReplayScene)
    record = read_record(path)
    assert len(record.actions) // 2 <= len(app.top.actions) < len(record.actions)
    assert any("Made with 0.0.1" in tt.text and "opens as a replay up to move" in tt.text for tt in app.toasts)
    app.step(1 / 60, [])
    assert app.running


def test_the_replays_screen_says_why_too(app, tmp_path):
    from game.ui.scenes.replay import ReplayScene, open_replay
    path = _as_if_older(tmp_path, "monster_shop-simple-finished.json", drop_move=True)
    assert open_replay(app, path)
    assert isinstance(app.top, ReplayScene)
    assert any("Made with 0.0.1" in tt.text for tt in app.toasts)


def test_a_hostile_version_or_digest_in_a_save_is_cut_to_plain_text(tmp_path):
    path = _as_if_older(tmp_path, "schemers-rialto-finished.json", drop_move=True, version="9.9\x1b[31m{n}\u202e" * 30)
    data = json.loads(path.read_text())
    data["data_digest"] = ["not", "text"]
    path.write_text(json.dumps(data))
    record, spec, rules = registry.load_checked(path)
    assert len(record.app_version) <= 40 and "\x1b" not in record.app_version and "\u202e" not in record.app_version
    assert record.data_digest == ""
    check = check_save(record, rules)
    from game.ui.scenes.replay import changed_since_message
    message = changed_since_message(spec.title_text(), check)
    assert "\x1b" not in message and "9.9[31m{n}" in message
