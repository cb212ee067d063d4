"""Odd machines and crashes (issue 29, items 5 and 7), generated at test time.

Every odd environment — a home path with a byte that is not UTF-8 (and a damaged settings
file in it), a home path too long for the file system, a save or autosave whose name is not
UTF-8 or holds a raw terminal escape, a symlink loop chosen as the save to load, no display,
a bad SDL video or audio driver, a read-only home — ends with exit 0 or 2 and at most one
line, no traceback, within 30 s, and no file of the player's is changed or deleted. A full
data folder (40 autosaves of 4.7 MB, 500 saves) costs start-up almost nothing: lists read a
large save's header only. Two windows playing the same game keep both autosaves.

An unexpected exception in the window never shows a traceback and never loses the game: the
autosave is written, a crash report (version, game, seed, last actions, traceback) goes to
the log folder, the window says where it is and offers to continue from the autosave;
reports rotate and are bounded."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tests.core.test_hostile_files import tree_hashes

ROOT = Path(__file__).resolve().parents[2]
CASE_SECONDS = 30


def _player_files(home: Path) -> None:
    """Files of the player's in the app's folders: a save and notes of their own."""
    saves = home / "data" / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "my notes.tmp").write_text("notes")
    from game.bench import fill_folders
    fill_folders(home, autosaves=0, saves=2)


def _env(home, **extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.update({"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)})
    if home is not None:
        env["NOCTURNE_HOME"] = home if isinstance(home, str) else os.fsdecode(home)
    env.update(extra)
    return {k: v for k, v in env.items() if v is not None}


def odd_machines(base: Path) -> dict:
    """name -> (argv after main.py, env, home to check, expected exit codes, a word the line has)."""
    cases = {}
    odd = base / os.fsdecode(b"h\xff\xfeome")                      # not UTF-8
    (odd / "config").mkdir(parents=True)
    (odd / "config" / "settings.json").write_text("{damaged", encoding="utf-8")
    cases["home_not_utf8_damaged_settings"] = ([], _env(odd), odd, (0,), None)
    long_home = base / ("a" * 300)                                  # one name of 300 bytes
    cases["home_too_long"] = ([], _env(long_home), None, (0,), None)
    names = base / "names"
    auto = names / "data" / "autosave"
    auto.mkdir(parents=True)
    (auto / os.fsdecode(b"odd\xff\x1b[31m.json")).write_text("{cut", encoding="utf-8")
    saves = names / "data" / "saves"
    saves.mkdir(parents=True)
    (saves / os.fsdecode(b"mine\xfe.json")).write_text("{cut", encoding="utf-8")
    cases["save_names_not_utf8"] = ([], _env(names), names, (0,), None)
    loop = base / "loop"
    (loop / "data" / "saves").mkdir(parents=True)
    target = loop / "data" / "saves" / "loop.json"
    os.symlink(target.name, target)
    cases["symlink_loop_loaded"] = (["--load", str(target)], _env(loop), loop, (0,), None)
    cases["no_display"] = ([], _env(base / "nd", SDL_VIDEODRIVER=None), base / "nd", (2,), "display")
    cases["bad_video_driver"] = ([], _env(base / "bv", SDL_VIDEODRIVER="bogus"), base / "bv", (2,), "bogus")
    cases["bad_audio_driver"] = ([], _env(base / "ba", SDL_AUDIODRIVER="bogus"), base / "ba", (0,), None)
    blocker = base / "read-only"
    blocker.write_text("a file where the home should be")
    cases["read_only_home"] = ([], _env(blocker / "home"), None, (0,), None)
    return cases


def test_odd_machines_end_in_one_line_never_a_traceback(tmp_path):
    cases = odd_machines(tmp_path)
    homes = {name: c[2] for name, c in cases.items() if c[2] is not None}
    for home in homes.values():
        _player_files(home)
    before = {name: tree_hashes(home / "data" / "saves") for name, home in homes.items()}
    results, pending, running = {}, list(cases), []
    while pending or running:                           # two at a time: the machine has 2 cores
        while pending and len(running) < 2:
            name = pending.pop(0)
            args, env = cases[name][0], cases[name][1]
            running.append((name, subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", *args,
                                                    "--exit-after-first-frame"], env=env, cwd=tmp_path,
                                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)))
        name, proc = running.pop(0)
        try:
            results[name] = proc.communicate(timeout=CASE_SECONDS) + (proc.returncode,)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            results[name] = None
    problems = []
    for name, result in results.items():
        args, env, home, codes, word = cases[name]
        if result is None:
            problems.append(f"{name}: over {CASE_SECONDS} s")
            continue
        out, err, returncode = result
        text = err.decode("utf-8", "replace")
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if returncode not in codes:
            problems.append(f"{name}: exit {returncode}: {text[-600:]}")
        if "Traceback" in text or len(lines) > 1:
            problems.append(f"{name}: more than one line: {text[-600:]}")
        if word and not (lines and word in lines[0]):
            problems.append(f"{name}: the line does not say {word!r}: {text[-300:]}")
        if b"\x1b" in out + err:
            problems.append(f"{name}: a raw escape reached the terminal")
        if name in before and tree_hashes(homes[name] / "data" / "saves") != before[name]:
            problems.append(f"{name}: a file of the player's changed")
    assert not problems, "\n".join(problems)


def test_a_raw_escape_in_a_file_name_is_printed_escaped(tmp_path):
    path = tmp_path / "x\x1b[2J\x1b[31mred.json"
    path.write_text("{cut", encoding="utf-8")
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", str(path), "--verify"],
                         env=_env(tmp_path / "home"), capture_output=True, timeout=CASE_SECONDS)
    assert run.returncode == 2
    err = run.stderr.decode()
    assert "\x1b" not in err and "\\x1b[2J" in err and len(err.strip().splitlines()) == 1
    from game.bench import fill_folders                 # a good save under such a name: its ok line
    fill_folders(tmp_path / "good", autosaves=0, saves=1)
    good = tmp_path / "y\x1b[2Jgood.json"
    next((tmp_path / "good" / "data" / "saves").iterdir()).rename(good)
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "replay", str(good), "--verify"],
                         env=_env(tmp_path / "home"), capture_output=True, timeout=CASE_SECONDS)
    out = run.stdout.decode()
    assert run.returncode == 0 and "ok" in out and "\x1b" not in out and "\\x1b[2J" in out


def test_every_path_a_toast_shows_is_drawable(tmp_path, monkeypatch):
    from game.ui import headless
    app = headless.make_app()
    try:
        app.toast(os.fsdecode(b"/home/h\xff/config/settings.json") + ": settings could not be read\x1b[31m")
        app.step(1 / 60, [])
        text = app.toasts[-1].text
        text.encode("utf-8")                            # no lone surrogate left
        assert "\\xff" in text and "\x1b" not in text and "\\x1b" in text
    finally:
        app.shutdown()


def test_a_read_only_home_says_so_once(tmp_path, monkeypatch):
    from game.ui.app import App
    from game.ui.scenes import saves
    from game.ui.scenes.menu import MenuScene
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("NOCTURNE_HOME", str(blocker))
    monkeypatch.setattr(saves, "_storage_said", [False])
    app = App(headless=True)
    try:
        app.push(MenuScene(app))
        for _ in range(5):                             # five settings changes, F11 and so on
            app.save_settings()
            app.step(1 / 60, [])
        said = [tt.text for tt in app.toasts]
        assert len(said) == 1 and "cannot be written" in said[0], said
    finally:
        app.shutdown()


def test_start_up_reads_only_headers_of_a_full_data_folder(tmp_path, monkeypatch):
    from game.bench import fill_folders
    from game.ui.scenes import saves
    from game.ui.scenes.menu import MenuScene
    home = tmp_path / "home"
    monkeypatch.setenv("NOCTURNE_HOME", str(home))
    from game.ui import headless
    app = headless.make_app()

    def open_menu():
        t0 = time.perf_counter()
        menu = MenuScene(app)
        app.push(menu)
        app.step(1 / 60, [])
        return menu, time.perf_counter() - t0
    try:
        open_menu()                                    # fonts and backdrop warmed
        app.reset(MenuScene(app))
        _menu, empty = open_menu()
        fill_folders(home, autosaves=40, autosave_mb=4.7, saves=500)
        before = tree_hashes(home)
        app.toasts.clear()
        menu, full = open_menu()
        assert full - empty < 0.5, f"the menu took {full:.2f} s with 40 large autosaves, {empty:.2f} s without"
        assert menu.continue_info is not None and menu.continue_info.moves > 100_000
        assert not app.toasts, "nothing was damaged"
        t0 = time.perf_counter()
        listed = saves.scan(("autosave", "save"))
        assert time.perf_counter() - t0 < 2.0 and sum(i.ok for i in listed) == len(listed)
    finally:
        app.shutdown()
    assert tree_hashes(home) == before


_AUTOSAVER = """
import sys, time
from pathlib import Path
from game.core.match import Match, SeatInfo
from game import registry
from game.ui.scenes.savefiles import autosave_path
ready, who = Path(sys.argv[1]), sys.argv[2]
rules = registry.ruleset("schemers")
m = Match("schemers", rules, [SeatInfo(who), SeatInfo("B"), SeatInfo("C")], {}, 7, clocks=False)
path = autosave_path("schemers")
(ready / who).touch()
while len(list(ready.iterdir())) < 2:
    time.sleep(0.005)
for i in range(40):
    m.save(path)
print(path.name)
"""


def test_two_windows_playing_the_same_game_keep_both_autosaves(tmp_path):
    ready = tmp_path / "ready"
    ready.mkdir()
    env = _env(tmp_path / "home")
    procs = {who: subprocess.Popen([sys.executable, "-c", _AUTOSAVER, str(ready), who], env=env, cwd=ROOT,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE) for who in ("Left", "Right")}
    names = {}
    for who, p in procs.items():
        out, err = p.communicate(timeout=60)
        assert p.returncode == 0, err.decode(errors="replace")[-2000:]
        names[who] = out.decode().strip()
    assert len(set(names.values())) == 2, names
    folder = tmp_path / "home" / "data" / "autosave"
    for who, name in names.items():
        data = json.loads((folder / name).read_text(encoding="utf-8"))
        assert data["seats"][0]["name"] == who
    assert sorted(p.name for p in folder.iterdir() if p.suffix == ".json") == sorted(names.values())


# -- crash reports -----------------------------------------------------------------------------------
class _Boom(RuntimeError):
    pass


def _game_app(home: Path):
    from game import registry
    from game.core.match import SeatInfo
    from game.ui import headless
    from game.ui.scenes.table import TableScene
    app = headless.make_app()
    app.settings.animation_speed = 0.0
    spec = registry.get("schemers")
    seats = [SeatInfo("Ada"), SeatInfo("Bo"), SeatInfo("Cy")]
    app.start_game(spec, seats, {}, 4242)
    table = app.find(TableScene)
    deadline = time.monotonic() + 20
    while len(table.match.log) < 3 and time.monotonic() < deadline:    # the AI seats play a little
        app.step(1 / 30, [])
        time.sleep(0.005)
    return app, table


def test_an_unexpected_error_writes_the_autosave_and_a_report_and_offers_to_continue(tmp_path, capfd):
    from game.ui.scenes.crash_notice import CrashNotice
    from game.ui.scenes.table import TableScene
    home = Path(os.environ["NOCTURNE_HOME"])
    app, table = _game_app(home)
    try:
        moves = len(table.match.log)
        assert moves >= 1
        capfd.readouterr()
        real_update = table.update

        def broken(dt):
            raise _Boom("the table fell over")
        table.update = broken
        app.step(1 / 60, [])
        table.update = real_update
        err = capfd.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1
        notice = app.top
        assert isinstance(notice, CrashNotice)
        report = notice.crash.report
        assert report is not None and report.parent == home / "logs"
        text = report.read_text(encoding="utf-8")
        for needed in ("version:", "game: schemers", "seed: 4242", f"actions: {moves}", "Traceback",
                       "_Boom: the table fell over"):
            assert needed in text, needed
        assert str(report) in notice.words() and "\n" not in str(report)
        saved = json.loads(notice.crash.autosave.read_text(encoding="utf-8"))
        assert len(saved["actions"]) == moves and saved["seed"] == 4242
        app.step(1 / 60, [])                               # the notice draws
        cont = next(w for w in notice.ui.widgets if getattr(w, "label", "") == "Continue from the autosave")
        cont.on_click()
        app.step(1 / 60, [])
        again = app.find(TableScene)
        assert again is not None and again is not table and len(again.match.log) >= moves
    finally:
        app.shutdown()


def test_an_error_repeating_every_frame_writes_one_report(tmp_path):
    from game.ui.scenes.crash_notice import CrashNotice
    home = Path(os.environ["NOCTURNE_HOME"])
    app, table = _game_app(home)
    try:
        def broken(surf):
            raise _Boom("draws never work")
        table.draw = broken
        for _ in range(30):
            app.step(1 / 60, [])
        assert isinstance(app.top, CrashNotice)
        assert len(list((home / "logs").glob("crash-*.txt"))) == 1
    finally:
        app.shutdown()


def test_crash_reports_rotate_and_are_bounded(tmp_path):
    from game.ui import crash
    folder = tmp_path / "logs"
    folder.mkdir()
    (folder / "mine.txt").write_text("the player's")
    for i in range(crash.KEEP_REPORTS + 6):
        try:
            raise _Boom("x" * 1_000_000 + "\x1b[2J" + os.fsdecode(b"\xff"))
        except _Boom as exc:
            path = crash.write_report(crash.report_text("test", exc, None), folder)
        os.utime(path, ns=(i * 10**9, i * 10**9))
    reports = sorted(folder.glob("crash-*.txt"))
    assert len(reports) == crash.KEEP_REPORTS
    assert all(p.stat().st_size <= crash.REPORT_MAX_BYTES for p in reports)
    assert all("\x1b" not in p.read_text(encoding="utf-8") for p in reports)
    assert (folder / "mine.txt").read_text() == "the player's"


def test_a_crash_with_no_game_open_still_reports_and_the_menu_goes_on(tmp_path):
    from game.ui import headless
    from game.ui.scenes.crash_notice import CrashNotice
    from game.ui.scenes.menu import MenuScene
    home = Path(os.environ["NOCTURNE_HOME"])
    app = headless.make_app()
    try:
        menu = MenuScene(app)
        app.push(menu)
        app.dispatch(pygame.event.Event(pygame.USEREVENT))
        menu.handle_event = lambda e: (_ for _ in ()).throw(_Boom("menu"))
        app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")])
        assert isinstance(app.top, CrashNotice) and app.top.crash.autosave is None
        assert len(list((home / "logs").glob("crash-*.txt"))) == 1
        keep = next(w for w in app.top.ui.widgets if getattr(w, "label", "") == "Keep going")
        keep.on_click()
        assert app.top is menu
    finally:
        app.shutdown()


def test_the_load_screen_lists_and_draws_saves_whose_names_are_not_utf8(tmp_path, monkeypatch):
    from game.bench import fill_folders
    from game.ui import headless
    from game.ui.scenes.saves import SavesScene
    home = tmp_path / "home"
    monkeypatch.setenv("NOCTURNE_HOME", str(home))
    fill_folders(home, autosaves=0, saves=1)
    saves = home / "data" / "saves"
    good = next(saves.iterdir())
    good.rename(saves / os.fsdecode(b"good\xff\x1b[2J.json"))
    (saves / os.fsdecode(b"cut\xfe\x1b[31m.json")).write_text("{cut", encoding="utf-8")
    app = headless.make_app()
    try:
        scene = SavesScene(app, mode="load")
        app.push(scene)
        assert sorted(i.ok for i in scene.items) == [False, True]
        for i in range(len(scene.items)):
            scene.list.select(i)
            scene.refresh()
            app.step(1 / 60, [])                         # the row and the details panel draw
            info = scene.items[i]
            for words in (info.title(), info.summary() or ""):
                words.encode("utf-8")
                assert "\x1b" not in words
    finally:
        app.shutdown()


def test_a_window_loop_that_keeps_failing_closes_with_one_line_and_a_report(tmp_path, capfd):
    from game.ui import headless
    home = Path(os.environ["NOCTURNE_HOME"])
    app = headless.make_app()
    try:
        def broken(probe=None):
            raise _Boom("the loop itself")
        app.loop_once = broken
        capfd.readouterr()
        assert app.run_loop() == 1
        err = capfd.readouterr().err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1 and "crash report" in err
        assert len(list((home / "logs").glob("crash-*.txt"))) == 1
    finally:
        app.shutdown()


def test_a_read_only_home_does_not_say_again_that_the_autosave_failed(tmp_path, monkeypatch):
    from game.core.match import SeatInfo
    from game import registry
    from game.ui import headless
    from game.ui.scenes import saves
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.table import TableScene
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("NOCTURNE_HOME", str(blocker))
    monkeypatch.setattr(saves, "_storage_said", [False])
    app = headless.make_app()
    app.settings.animation_speed = 0.0
    told = []
    real_toast = app.toast
    app.toast = lambda text, *a, **k: (told.append(text), real_toast(text, *a, **k))
    try:
        app.push(MenuScene(app))
        app.start_game(registry.get("schemers"), [SeatInfo("Ada"), SeatInfo("Bo"), SeatInfo("Cy")], {}, 5)
        table = app.find(TableScene)
        deadline = time.monotonic() + 20
        while len(table.match.log) < 2 and time.monotonic() < deadline:
            app.step(1 / 30, [])
            time.sleep(0.005)
        assert table.match.autosave_error, "the autosave did fail"
        said = [text for text in told if "not-a-folder" in text]
        assert len(said) == 1 and "cannot be written" in said[0], said
    finally:
        app.shutdown()
