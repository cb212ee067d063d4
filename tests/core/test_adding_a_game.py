"""docs/ADDING_A_GAME.md, tested: a game registered under a new id (here a copy of
Schemers in a package outside the repository, described by its own data/<id>/game.yaml in
a resource folder that is the repository's plus that file, added to GAME_MODULES for one
run) is picked up by the contract suite, the hot-seat and monkey tests and the self-test,
with no other file changed."""
from __future__ import annotations

import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEW_ID = "schemers_copy"

PACKAGE = '''
"""A copy of Schemers under another id: the whole of a new game's registration. Its
title, players and art are its data/<id>/game.yaml; its parts are Schemers', so it names
each (a game of its own would name only what differs from the convention)."""
from game.core.gamespec import game_spec

SPEC = game_spec(
    "{new_id}",
    rules="game.games.schemers.rules:SchemersRules",
    data="game.games.schemers.data:load",
    agents="game.games.schemers.ai:make_agent",
    table="game.games.schemers.table.screen:SchemersTable",
    determinizer="game.games.schemers.ai:determinize",
    advice="game.games.schemers.advice:ADVICE",
    refusals="game.games.schemers.refusals:EXPLAINER",
)
'''

GAME_FILE = '''
title: Schemers (a copy)
pitch: The same game under another id.
min_players: 2
max_players: 7
icon: [carnival-mask]
'''

RUNNER = '''
import json, sys
from pathlib import Path
from game.core import paths
paths.resource_root = lambda: Path(sys.argv[3])       # the repository's files and data/{new_id}/
from game import registry
registry.GAME_MODULES["{new_id}"] = "nocturne_copy_game"      # the one registry line
import pytest
code = pytest.main(["-q", "-p", "no:cacheprovider", "-k", "{new_id}", "--junitxml", sys.argv[1],
                    "tests/contract", "tests/ui/test_hotseat.py"])
from game.ui import headless
checks = [(name, ok, msg) for name, ok, msg in headless.self_test() if "{new_id}" in name]
json.dump({{"pytest": int(code), "self_test": checks}}, open(sys.argv[2], "w"))
'''


def resources_with(folder: Path, extra: dict) -> Path:
    """A resource folder that is the repository's (each entry, and each of data/, a link)
    with the `extra` files ({relative path: text}) added."""
    for entry in ROOT.iterdir():
        if entry.name != "data":
            (folder / entry.name).parent.mkdir(parents=True, exist_ok=True)
            (folder / entry.name).symlink_to(entry)
    for entry in (ROOT / "data").iterdir():
        (folder / "data").mkdir(parents=True, exist_ok=True)
        (folder / "data" / entry.name).symlink_to(entry)
    for rel, text in extra.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


def test_a_registered_copy_gets_the_contract_the_monkey_the_hotseat_tests_and_the_self_test(tmp_path):
    pkg = tmp_path / "nocturne_copy_game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(textwrap.dedent(PACKAGE.format(new_id=NEW_ID)), encoding="utf-8")
    resources = resources_with(tmp_path / "resources", {f"data/{NEW_ID}/game.yaml": GAME_FILE})
    junit, report = tmp_path / "junit.xml", tmp_path / "report.json"
    env = {**__import__("os").environ, "PYTHONPATH": f"{tmp_path}:{ROOT}"}
    before = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    out = subprocess.run([sys.executable, "-c", RUNNER.format(new_id=NEW_ID), str(junit), str(report),
                          str(resources)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert report.exists(), out.stdout[-3000:] + out.stderr[-3000:]
    import json
    result = json.loads(report.read_text())
    cases = {f"{c.get('classname')}.{c.get('name')}": c for c in ET.parse(junit).getroot().iter("testcase")}
    failed = [name for name, c in cases.items() if c.find("failure") is not None or c.find("error") is not None
              or c.find("skipped") is not None]
    assert result["pytest"] == 0 and not failed, f"failed for the new game: {failed}\n{out.stdout[-3000:]}"
    ran = {name.split(".")[-1] for name in cases}
    for test in ("test_random_playouts_keep_invariants", "test_seed_and_log_replay_the_same_game",
                 "test_clones_are_independent", "test_save_then_load_reaches_the_same_digest",
                 "test_views_and_events_are_json", "test_spec_matches_the_ruleset",
                 "test_a_seat_cannot_tell_apart_states_that_differ_in_what_it_may_not_see",
                 "test_hidden_things_never_reach_the_screen_of_another_seat", "test_monkey_on_the_table",
                 "test_curtain_between_two_humans_never_for_ai",
                 "test_one_human_is_always_the_viewer_and_ai_games_are_spectated",
                 "test_events_reaching_a_seat_are_only_those_it_may_see"):
        assert f"{test}[{NEW_ID}]" in ran, f"{test} did not run for {NEW_ID}: {sorted(ran)}"
    names = {name: ok for name, ok, _msg in result["self_test"]}
    assert names == {f"data {NEW_ID}": True, f"table {NEW_ID}": True, f"play {NEW_ID}": True}, result["self_test"]
    after = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout
    assert NEW_ID not in after and NEW_ID not in before
