"""The release workflow (.github/workflows/release.yml): jactionlint finds nothing in it
(with shellcheck on its `run:` scripts), it builds the three systems with the one
release command, every action is pinned to a commit, and its release notes come from
CHANGELOG.md. jactionlint and shellcheck come pinned in the `test` extra."""
import importlib.util
import os
import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
BIN = Path(sysconfig.get_path("scripts"))   # where pip put the test extra's programs


def _tool(name: str) -> str:
    for candidate in (BIN / name, BIN / f"{name}.exe"):
        if candidate.is_file():
            return str(candidate)
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: it comes with the test tools, pip install -e \".[test]\"")
    return found


def _lint(path: Path, home: Path) -> subprocess.CompletedProcess:
    """jactionlint as CI runs it: offline, no colour, any finding (even info) fails,
    shellcheck on PATH, and no user-wide config file (a fresh home)."""
    env = {**os.environ, "PATH": str(BIN) + os.pathsep + os.environ.get("PATH", ""),
           "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"), "NO_COLOR": "1"}
    env.pop("JACTIONLINT_ONLINE", None)
    return subprocess.run([_tool("jactionlint"), "--no-online", "--no-color", "--strict-exit", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, errors="replace", timeout=120)


def test_the_release_workflow_passes_jactionlint(tmp_path):
    _tool("shellcheck")                     # without it the run: scripts go unchecked
    out = _lint(WORKFLOW, tmp_path)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_jactionlint_finds_what_a_broken_workflow_gets_wrong(tmp_path):
    """The check above can fail: an unquoted variable (shellcheck), a step output that
    does not exist and a retired runner each come back as findings."""
    text = WORKFLOW.read_text(encoding="utf-8")
    broken = text.replace("run: python main.py package --release",
                          "run: cd $HOME; python main.py package --release")
    broken = broken.replace("steps.version.outputs.version", "steps.versoin.outputs.version")
    broken = re.sub(r"os: windows-\d+", "os: windows-2016", broken)
    assert broken.count("cd $HOME") == 1 and "versoin" in broken and "windows-2016" in broken
    bad = tmp_path / "release.yml"
    bad.write_text(broken, encoding="utf-8")
    out = _lint(bad, tmp_path)
    assert out.returncode != 0
    assert "SC2086" in out.stdout, out.stdout
    assert "versoin" in out.stdout and "windows-2016" in out.stdout, out.stdout


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def test_a_version_tag_builds_three_systems_with_the_release_command():
    flow = _workflow()
    triggers = flow.get("on", flow.get(True))          # YAML 1.1 reads a bare `on` as True
    assert triggers["push"]["tags"] == ["v*"]
    build = flow["jobs"]["build"]
    systems = {row["system"]: row["os"] for row in build["strategy"]["matrix"]["include"]}
    assert set(systems) == {"linux", "windows", "macos"}
    assert systems["linux"].startswith("ubuntu") and systems["windows"].startswith("windows")
    assert systems["macos"].startswith("macos")
    runs = [step.get("run", "") for step in build["steps"]]
    assert "python main.py package --release" in runs
    assert "python -m pip install -e \".[test]\"" in runs
    suite = runs.index("python -m pytest -n auto")
    assert suite < runs.index("python main.py package --release")
    publish = flow["jobs"]["publish"]
    assert publish["needs"] == "build" and "refs/tags/v" in publish["if"]
    script = "\n".join(step.get("run", "") for step in publish["steps"])
    assert "gh release create" in script and "--draft" in script and "SHA256SUMS.txt" in script
    assert flow["permissions"] == {"contents": "read"}


def test_every_action_is_pinned_to_a_commit():
    uses = re.findall(r"uses:\s*(\S+)", WORKFLOW.read_text(encoding="utf-8"))
    assert uses
    for ref in uses:
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", ref), f"{ref} is not pinned to a commit"


def _release_notes():
    spec = importlib.util.spec_from_file_location("release_notes", ROOT / "packaging" / "release_notes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_release_notes_are_the_versions_changelog_section(tmp_path, capsys):
    notes = _release_notes()
    changelog = ("# Changelog\n\n## [Unreleased]\n\n### Added\n- later\n\n"
                 "## [0.2.0] - 2027-01-10\n\n### Fixed\n- a thing\n\n## [0.1.0] - 2026-12-02\n\nfirst\n")
    assert notes.section(changelog, "0.2.0") == "### Fixed\n- a thing\n"
    assert notes.section(changelog, "0.1.0") == "first\n"
    assert notes.section(changelog, "0.1") is None
    assert notes.section(changelog, "0.3.0") is None
    path = tmp_path / "CHANGELOG.md"
    path.write_text(changelog, encoding="utf-8")
    assert notes.main(["v0.2.0", str(path)]) == 0
    assert capsys.readouterr().out == "### Fixed\n- a thing\n"
    assert notes.main(["0.3.0", str(path)]) == 1
    assert "no section `## [0.3.0]`" in capsys.readouterr().err
    # every released version in the real CHANGELOG has its notes
    released = re.findall(r"^## \[(\d[^\]]*)\]", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.M)
    assert released
    for version in released:
        assert notes.section((ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), version), version
