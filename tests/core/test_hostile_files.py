"""Nothing a player owns is lost (issue 29, items 1 and 2), generated at test time.

Saved Companies (the Book of Ordeals' recruitment screen): a saved-Companies file that
cannot be read — cut short, a trailing comma, NaN, a BOM, binary, over 512 KB, nested 40
deep, a huge integer, a FIFO, /dev/zero, a folder, a list at the top — is moved aside as
`.bad` (its bytes intact) before anything is written and never written over; a member name
with a lone surrogate is cleaned on entry; two processes saving at once both keep theirs.

The app deletes only its own files: the start-up clean-up removes only the temporaries the
app itself names, and only old ones; a damaged settings file beside an older `.bad` is kept
as a numbered one. Every case hashes the player's folders before and after."""
from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.record import atomic_write_text, clean_orphans, is_our_temp, move_aside

ROOT = Path(__file__).resolve().parents[2]
KEPT = {"Kept A": [{"name": "Ada"}, {"name": "Bo"}, {"name": "Cy"}],
        "Kept B": [{"name": "Dee"}, {"name": "Eli"}, {"name": "Fay"}]}


def _kept_text() -> str:
    return json.dumps(KEPT, indent=1)


def saved_companies_cases() -> dict:
    """name -> bytes, or a callable(path) that makes what stands at the path."""
    text = _kept_text()
    flat = json.dumps(KEPT)
    assert '"Ada"}' in flat
    big = {f"Kept {i}": [{"name": "x" * 30}] * 3 for i in range(8000)}
    nested = '{"Kept A": ' + "[" * 40 + "]" * 40 + "}"

    def fifo(p):
        os.mkfifo(p)

    def dev_zero(p):
        os.symlink("/dev/zero", p)

    def folder(p):
        p.mkdir()
        (p / "inside.txt").write_text("Kept A")

    return {
        "truncated": text[: len(text) // 2].encode(),
        "trailing_comma": text[:-2].encode() + b',\n}',
        "nan": flat.replace('"Ada"}', '"Ada", "age": NaN}', 1).encode(),
        "bom": b"\xef\xbb\xbf" + text.encode(),
        "binary": bytes(range(256)) * 8,
        "over_512_kb": json.dumps(big).encode(),
        "nested_40": nested.encode(),
        "huge_integer": flat.replace('"Ada"}', '"Ada", "n": ' + "9" * 5000 + "}", 1).encode(),
        "list_at_top": json.dumps(list(KEPT.items())).encode(),
        "fifo": fifo,
        "dev_zero": dev_zero,
        "folder": folder,
    }


def _make(path: Path, content) -> None:
    if callable(content):
        content(path)
    else:
        path.write_bytes(content)


def _fingerprint(path: Path):
    """What stands at `path`, to compare with what is later found at its `.bad`."""
    if path.is_symlink():
        return ("link", os.readlink(path))
    if path.is_dir():
        return ("folder", sorted(p.name for p in path.iterdir()))
    if path.is_fifo():
        return ("fifo",)
    return ("file", hashlib.sha256(path.read_bytes()).hexdigest())


def tree_hashes(*folders: Path) -> dict:
    """Every file under the folders with its kind and content hash (links not followed)."""
    out = {}
    for folder in folders:
        for dirpath, _dirnames, filenames in os.walk(folder):
            for name in filenames:
                p = Path(dirpath) / name
                out[str(p)] = _fingerprint(p)
    return out


@pytest.fixture
def data():
    from game import registry
    return registry.ruleset("ordeals").data


@pytest.mark.parametrize("case", sorted(saved_companies_cases()))
def test_an_unreadable_saved_companies_file_is_set_aside_never_overwritten(tmp_path, data, case):
    from game.games.ordeals.recruit import Builder, load_saved
    path = tmp_path / "ordeals_companies.json"
    _make(path, saved_companies_cases()[case])
    before = _fingerprint(path)
    t0 = time.perf_counter()
    Builder(data, [{"name": "New"}, {"name": "Newer"}, {"name": "Newest"}]).save(path, "Fresh")
    assert time.perf_counter() - t0 < 5
    bad = tmp_path / "ordeals_companies.json.bad"
    assert _fingerprint(bad) == before, "the damaged file is kept exactly as it was"
    assert list(load_saved(path)) == ["Fresh"]
    # a second damaged file later: the first .bad stays, the new one is numbered
    path.write_text("{cut", encoding="utf-8")
    Builder(data, [{"name": "Again"}]).save(path, "Again")
    assert _fingerprint(bad) == before
    assert (tmp_path / "ordeals_companies.json.2.bad").read_text(encoding="utf-8") == "{cut"
    assert list(load_saved(path)) == ["Again"]


def test_the_recruitment_screen_says_it_once_and_sets_the_file_aside_before_any_save(home_app):
    from game import registry
    from game.games.ordeals.recruit import load_saved, saved_companies_path
    from game.games.ordeals.table.recruit_screen import RecruitScene
    app = home_app
    path = saved_companies_path()
    path.write_text(_kept_text()[:-3], encoding="utf-8")       # cut short
    before = _fingerprint(path)
    scene = RecruitScene(app, registry.ruleset("ordeals"), value="ashen_road")
    app.push(scene)
    app.step(1 / 60, [])
    said = [tt.text for tt in app.toasts if "ordeals_companies.json" in tt.text]
    assert len(said) == 1 and "ordeals_companies.json.bad" in said[0] and "\n" not in said[0]
    assert _fingerprint(path.with_name(path.name + ".bad")) == before
    scene.save_text = "Mine"
    scene.save()
    assert list(load_saved(path)) == ["Mine"]
    assert _fingerprint(path.with_name(path.name + ".bad")) == before, "never written over"
    app.toasts.clear()
    app.pop()
    app.push(RecruitScene(app, registry.ruleset("ordeals"), value="ashen_road"))
    assert not [tt for tt in app.toasts if "ordeals_companies" in tt.text], "said once"


def test_a_member_name_with_a_lone_surrogate_is_cleaned_and_the_file_stays_readable(tmp_path, data):
    from game.games.ordeals.recruit import Builder, load_saved
    path = tmp_path / "ordeals_companies.json"
    atomic_write_text(path, _kept_text())
    b = Builder(data, [{"name": "Ada\ud800"}, {"name": "\x00Bo\u202e"}, {"name": "Cy"}])
    b.add("Dee\udcff")
    b.save(path, "Odd\ud800 names")
    saved = load_saved(path, data)
    assert set(saved) == {"Kept A", "Kept B", "Odd names"}
    assert [m["name"] for m in saved["Odd names"]] == ["Ada", "Bo", "Cy", "Dee"]
    path.read_bytes().decode("utf-8")


_SAVER = """
import sys
import time
from pathlib import Path
from game import registry
from game.games.ordeals.recruit import Builder
data = registry.ruleset("ordeals").data
path, who, n = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
(path.parent / (who + ".ready")).touch()
while len(list(path.parent.glob("*.ready"))) < 2:     # both start saving at once
    time.sleep(0.005)
for i in range(n):
    Builder(data, [{"name": f"{who}{i}"}]).save(path, f"{who} {i}")
"""


def test_two_processes_saving_companies_at_once_lose_nothing(tmp_path):
    from game.games.ordeals.recruit import load_saved
    path = tmp_path / "ordeals_companies.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", _SAVER, str(path), who, "30"], env=env, cwd=ROOT,
                              stderr=subprocess.PIPE) for who in ("Left", "Right")]
    for p in procs:
        _out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err.decode(errors="replace")[-2000:]
    saved = load_saved(path)
    assert len(saved) == 60, f"lost {60 - len(saved)} of 60"
    assert not [p.name for p in tmp_path.iterdir() if is_our_temp(p.name)]


# -- the app deletes only its own files ------------------------------------------------------------
def _players_files(home: Path) -> dict:
    """A player's own files in each of the app's folders (names the app never gives)."""
    files = {home / "data" / "saves" / "my notes.tmp": "notes",
             home / "data" / "autosave" / "keep.tmp": "keep",
             home / "config" / "draft.tmp": "draft",
             home / "data" / "saves" / "schemers.json.x1y2.tmp": "mine too",
             home / "data" / "replays" / ".hidden.tmp": "hidden"}
    past = time.time() - 7 * 86400
    for p, text in files.items():
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
        os.utime(p, (past, past))
    return files


def test_start_up_deletes_only_the_apps_own_old_temporaries(tmp_path, monkeypatch):
    from game.ui.scenes import saves
    from game.ui.scenes.menu import MenuScene
    home = tmp_path / "home"
    monkeypatch.setenv("NOCTURNE_HOME", str(home))
    monkeypatch.setattr(saves, "_storage_said", [False])
    _players_files(home)
    autosave = home / "data" / "autosave"
    ours_old = autosave / ".schemers.json.~nocturne-abc123.tmp"
    ours_fresh = autosave / ".schemers.json.~nocturne-def456.tmp"
    for p in (ours_old, ours_fresh):
        p.write_text("{half")
    os.utime(ours_old, (time.time() - 7200,) * 2)
    os.utime(ours_fresh, (time.time() - 120,) * 2)        # another window may be writing it
    before = tree_hashes(home)
    from game.ui.app import App
    app = App(headless=True)
    try:
        app.push(MenuScene(app))
        app.step(1 / 60, [])
    finally:
        app.shutdown()
    after = tree_hashes(home)
    assert str(ours_old) not in after, "the app's own orphan from a crash is removed"
    del before[str(ours_old)]
    assert {k: v for k, v in after.items() if k in before} == before, "no file of the player's changed"
    assert set(before) <= set(after), "no file of the player's deleted"


def test_the_app_names_its_temporaries_so_they_are_its_own(tmp_path):
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append(Path(src).name)
        return real(src, dst)
    import game.core.record as record
    record.os.replace = spy
    try:
        atomic_write_text(tmp_path / "x.json", "{}")
    finally:
        record.os.replace = real
    assert seen and all(is_our_temp(n) for n in seen)
    for name in ("my notes.tmp", "keep.tmp", "draft.tmp", "x.json.abcd1234.tmp", ".x.tmp"):
        assert not is_our_temp(name)
    (tmp_path / "keep.tmp").write_text("k")
    os.utime(tmp_path / "keep.tmp", (0, 0))
    assert clean_orphans(tmp_path, older_than=0) == []


def test_every_damaged_settings_file_is_kept_numbered(tmp_path):
    from game.ui import settings as S
    path = tmp_path / "settings.json"
    contents = ["{first", "[2]", '{"music_volume": NaN}']
    for text in contents:
        path.write_text(text, encoding="utf-8")
        s, msg = S.load(path)
        assert msg and "settings.json" in msg
        s.save()
    kept = {p.name: p.read_text(encoding="utf-8") for p in tmp_path.glob("settings.json*.bad")}
    assert kept == {"settings.json.bad": "{first", "settings.json.2.bad": "[2]",
                    "settings.json.3.bad": '{"music_volume": NaN}'}
    assert json.loads(path.read_text(encoding="utf-8"))["music_volume"] == S.Settings().music_volume


def test_a_damaged_autosave_beside_an_older_bad_one_is_kept_numbered(tmp_path):
    folder = tmp_path / "autosave"
    folder.mkdir()
    (folder / "schemers.json.bad").write_text("older")
    (folder / "schemers.json").write_text("newer")
    bad = move_aside(folder / "schemers.json")
    assert bad.name == "schemers.json.2.bad"
    assert (folder / "schemers.json.bad").read_text() == "older" and bad.read_text() == "newer"


@pytest.fixture
def home_app(tmp_path, monkeypatch):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path / "home"))
    from game.ui import headless
    app = headless.make_app()
    app.strict = True
    app.save_settings = lambda: None
    yield app
    app.shutdown()


def test_a_file_with_escaped_lone_surrogates_stays_readable_after_a_save(tmp_path, data):
    from game.games.ordeals.recruit import Builder, load_saved
    path = tmp_path / "ordeals_companies.json"
    path.write_text('{"Old\\ud800": [{"name": "Ann\\udcff"}, {"name": "Bo"}, {"name": "Cy"}]}', encoding="utf-8")
    Builder(data, [{"name": "New"}]).save(path, "New")
    path.read_bytes().decode("utf-8")
    saved = load_saved(path)
    assert set(saved) == {"Old", "New"} and saved["Old"][0]["name"] == "Ann"
