"""End to end over the network, like two people: two app instances in real windows side
by side under Xvfb (with openbox), driven by xdotool. The host picks New game (Schemers,
remembered as the host and one Online seat), Host…, types a free port, opens the table
and copies the seat's code; the guest picks Join a game, pastes the code from the
clipboard, types a name and joins; the host begins; both play by clicking their own
tables until the game ends, see the final board and their results. Every process and
the server (in the host's window) are stopped at the end; the whole test is bounded (300 s).

Each app reports what is on screen to its probe file (NOCTURNE_PROBE) so the test knows
where the buttons are; every input is a real X event.

Kept cheap (it is the suite's longest test): a window is activated before it is clicked,
so no click is spent on focus and waited out; the player takes the Canal when it can (a
Chip on the Schemers action bar), so no turn waits for the clock's default; each step
polls the probe for the state it wants instead of sleeping; the screenshots are taken
only when NOCTURNE_E2E_ONLINE_DIR asks for them (each costs seconds on a loaded machine).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ui.test_e2e_xvfb import NEEDED, ROOT, Desktop, _missing, center, read_probe, target

pytestmark = pytest.mark.xvfb

SIZE = (1280, 720)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("0.0.0.0", 0))
        return s.getsockname()[1]


class Window:
    """One app instance on the shared desktop."""

    def __init__(self, desk: Desktop, tmp: Path, name: str, settings: dict, x: int):
        self.desk, self.name, self.x = desk, name, x
        self.home = tmp / name
        (self.home / "config").mkdir(parents=True)
        (self.home / "config" / "settings.json").write_text(json.dumps(settings))
        self.probe = tmp / f"{name}.probe.json"
        env = {**desk.env, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "NOCTURNE_HOME": str(self.home),
               "NOCTURNE_PROBE": str(self.probe)}
        self.log = open(tmp / f"{name}.log", "w")
        self.proc = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play"], cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)

    def placed(self) -> "Window":
        """Wait for the window and its menu, and put it in its half of the desktop."""
        desk, name = self.desk, self.name
        ids = []
        end = time.monotonic() + 30
        while not ids and time.monotonic() < end and self.proc.poll() is None:
            ids = desk.xdo("search", "--pid", self.proc.pid, check=False).split()
            time.sleep(0.2)
        assert ids, f"the {name} window appeared"
        self.wid = ids[-1]
        read_probe(self.probe, lambda s: s["scene"] == "menu", 30)
        desk.xdo("windowmove", self.wid, self.x, 0)
        time.sleep(0.5)
        desk.wid = self.wid
        self.geom = desk.geometry()                  # the windows stay put: measured once
        return self

    def state(self, want=None, timeout=20.0) -> dict:
        return read_probe(self.probe, want, timeout)

    def click(self, t):
        """A real click at the middle of a probe target (logical 1920x1080 → this window).
        The window is activated first when another one was: the click that would only
        have focused it then reaches the button."""
        if self.desk.wid != self.wid:
            self.desk.xdo("windowactivate", "--sync", self.wid, check=False)
            self.desk.wid = self.wid
        wx, wy, ww, wh = self.geom
        k = min(ww / 1920, wh / 1080)
        x, y = center(t)
        self.desk.move(int(wx + (ww - 1920 * k) / 2 + x * k), int(wy + (wh - 1080 * k) / 2 + y * k))
        time.sleep(0.05)
        self.desk.xdo("click", "1")

    def click_label(self, label, then, tries=3) -> dict:
        """Click the button called `label` until the screen shows `then` (the first click
        on a window the pointer just entered may only focus it)."""
        for _ in range(tries):
            t = target(self.state(lambda s: target(s, label) is not None), label)
            self.click(t)
            try:
                return self.state(then, 4.0)
            except AssertionError:
                continue
        raise AssertionError(f"{self.name}: clicking {label!r} did not lead on; {self.state()}")

    def type_into(self, label, text):
        t = target(self.state(lambda s: target(s, label) is not None), label)
        self.click(t)
        self.desk.xdo("key", "--delay", "5", *["BackSpace"] * 24)
        self.desk.xdo("type", "--delay", "30", text)      # the window reads its X events in order

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()                    # SDL turns SIGTERM into QUIT: a clean exit
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.log.close()


def play_turns(windows, deadline) -> int:
    """Each window clicks one of its own enabled choices when it has any, until both
    tables are over. A choice that changed nothing (twice: the first click on a window
    may only focus it) is not clicked again at that point."""
    from collections import Counter
    clicks = 0
    tried = Counter()
    while time.monotonic() < deadline:
        states = [w.state(timeout=10) for w in windows]
        if all(s["over"] for s in states):
            return clicks
        for w, s in zip(windows, states):
            if s["scene"] != "table" or s["over"]:
                continue
            options = [t for t in s["targets"] if t["where"] in ("table", "banner") and t["enabled"]
                       and (t["kind"] != "Chip" or t["label"] == "Into the Canal")
                       and tried[(w.name, s["actions"], t["label"])] < 2]
            if not options:
                continue
            # the quick way to an end: throw into the Canal when it can be paid, else the
            # Casino; let claims pass (no challenges), lose or put back what is asked
            order = ("Into the Canal", "Casino Winnings", "Let it pass", "Pass", "Gondola Fare")
            best = sorted(options, key=lambda t: order.index(t["label"]) if t["label"] in order else len(order))
            t = best[0] if best[0]["label"] in order else best[clicks % len(best)]
            tried[(w.name, s["actions"], t["label"])] += 1
            w.click(t)
            clicks += 1
        time.sleep(0.15)                             # the probe is rewritten every 0.15 s
    raise AssertionError(f"the game did not end in time; {[w.state() for w in windows]}")


@pytest.mark.skipif(bool(_missing()), reason=f"needs {', '.join(NEEDED)} (CI installs them): "
                                              f"missing {', '.join(_missing())}")
def test_host_and_join_in_two_real_windows_play_schemers_to_the_results(tmp_path):
    base = {"window_size": list(SIZE), "animation_speed": 2.0, "music_volume": 0.0, "language": "en"}
    host_settings = dict(base, last_game="schemers", last_new_game={"schemers": {
        "seats": [{"name": "Ada", "kind": "human", "difficulty": "normal"},
                  {"name": "Bo", "kind": "remote", "difficulty": "normal"}],
        "options": {"mode": "standard"}}})
    desk = Desktop(tmp_path, screen=f"{SIZE[0] * 2}x{SIZE[1] + 80}")
    shots = os.environ.get("NOCTURNE_E2E_ONLINE_DIR")

    def screenshot(name):
        if shots:
            desk.screenshot(Path(shots) / name)
    windows = []
    t0 = time.monotonic()
    deadline = t0 + 300
    try:
        host = Window(desk, tmp_path, "host", host_settings, 0)
        windows.append(host)
        guest = Window(desk, tmp_path, "guest", base, SIZE[0])      # both start at once
        windows.append(guest)
        host.placed()
        guest.placed()
        # the host: New game → Host… → a free port → Open the table → Copy
        host.click_label("New game", lambda s: s["scene"] == "new_game")
        host.click_label("Host…", lambda s: s["scene"] == "host_lobby")
        host.type_into("Port", str(free_port()))
        host.click_label("Open the table", lambda s: target(s, "Copy") is not None and target(s, "Copy")["enabled"])
        host.click_label("Copy", lambda s: any("is copied" in x for x in s["toasts"]))
        found = list(host.home.rglob("invite-codes.txt"))
        assert found, "the codes are also written where a person can copy them"
        code = found[0].read_text().split(": ", 1)[1].strip()
        assert code.startswith("nocturne://"), code
        # the guest: Join a game → Paste (the real clipboard) → a name → Join
        guest.click_label("Join a game", lambda s: s["scene"] == "join")
        guest.click(target(guest.state(), "Paste"))
        guest.type_into("Your name", "Bea")
        guest.click(target(guest.state(), "Join"))
        host.state(lambda s: (target(s, "Begin") or {}).get("enabled"), 30)
        screenshot("lobby.png")
        print(f"lobby after {time.monotonic() - t0:.1f} s")
        host.click_label("Begin", lambda s: s["scene"] == "table", tries=2)
        guest.state(lambda s: s["scene"] == "table", 30)
        assert host.state()["viewer"] == 0 and guest.state()["viewer"] == 1, "each window sits at its own seat"
        assert host.state()["curtain"] is None, "a remote person never curtains the host's screen"
        screenshot("table.png")
        clicks = play_turns(windows, deadline)
        print(f"over after {time.monotonic() - t0:.1f} s, {clicks} clicks")
        assert clicks >= 2, "both played by clicking"
        screenshot("final_board.png")
        for w in windows:
            w.state(lambda s: target(s, "See results") is not None, 60)
            w.click_label("See results", lambda s: s["scene"] == "results")
        screenshot("results.png")
        print(f"results after {time.monotonic() - t0:.1f} s")
        assert code and time.monotonic() < deadline
    finally:
        for w in reversed(windows):
            w.close()
        desk.close()
        for name in ("host", "guest"):
            log = tmp_path / f"{name}.log"
            if log.exists():
                print(f"--- {name} ---\n" + log.read_text()[-2000:])
