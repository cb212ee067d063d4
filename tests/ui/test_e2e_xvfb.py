"""End to end, like a person: a real window under Xvfb with a window manager
(openbox), driven by xdotool clicks and a drag, through menu → settings → new game →
a whole game → the final board → results, at 1280x720 and at 2560x1440; a screenshot
is saved. The small window plays with the moves animated (speed 2), the large one with
instant moves: the app draws one 1920x1080 canvas and scales it whole, so the same
animations at another size are no other code, and the large game ends sooner. The app
reports what is on screen to a probe file (NOCTURNE_PROBE) so the test knows where the
buttons are; every input is a real X event.

Skipped (with the reason) when Xvfb, xdotool or openbox is not installed; CI installs them.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.xvfb

ROOT = Path(__file__).resolve().parents[2]
NEEDED = ("Xvfb", "xdotool", "xdpyinfo", "xwininfo", "openbox")


def _missing():
    return [tool for tool in NEEDED if shutil.which(tool) is None]


class Desktop:
    def __init__(self, tmp: Path, screen: str = "1920x1080"):
        self.tmp = tmp
        self.wm = self.game = self.wid = None
        # Xvfb picks a free display itself (-displayfd): no race with other X servers
        # started at the same moment (parallel test runs)
        rfd, wfd = os.pipe()
        self.xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", f"{screen}x24",
                                      "-nolisten", "tcp"], pass_fds=(wfd,),
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(wfd)
        number = b""
        end = time.monotonic() + 15
        with os.fdopen(rfd, "rb") as fh:
            while time.monotonic() < end and not number.endswith(b"\n"):
                chunk = fh.read(1)
                if not chunk:
                    break
                number += chunk
        if not number.strip().isdigit():
            self.close()
            pytest.skip("Xvfb did not start")
        self.display = f":{int(number)}"
        self.env = {**os.environ, "DISPLAY": self.display}
        end = time.monotonic() + 15
        while subprocess.run(["xdpyinfo", "-display", self.display], capture_output=True).returncode != 0:
            if time.monotonic() > end or self.xvfb.poll() is not None:
                self.close()
                pytest.skip("Xvfb did not start")
            time.sleep(0.1)
        # a window manager, as on a desktop: it decorates, places and resizes windows
        self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.8)

    def xdo(self, *args, check=True):
        return subprocess.run(["xdotool", *map(str, args)], env=self.env, capture_output=True, text=True,
                              timeout=20, check=check).stdout

    def start_game(self, home: Path, probe: Path):
        env = {**self.env, "SDL_VIDEODRIVER": "x11", "SDL_AUDIODRIVER": "dummy", "NOCTURNE_HOME": str(home),
               "NOCTURNE_PROBE": str(probe)}
        self.log = open(self.tmp / "game.log", "w")
        self.game = subprocess.Popen([sys.executable, os.environ.get("NOCTURNE_E2E_LAUNCH", str(ROOT / "main.py"))] + ([] if os.environ.get("NOCTURNE_E2E_LAUNCH") else ["play"]), cwd=ROOT, env=env,
                                     stdout=self.log, stderr=subprocess.STDOUT)
        out = []
        end = time.monotonic() + 30
        while not out and time.monotonic() < end and self.game.poll() is None:
            out = subprocess.run(["xdotool", "search", "--pid", str(self.game.pid)], env=self.env,
                                 capture_output=True, text=True).stdout.split()
            time.sleep(0.2)
        assert out, "the game window appeared"
        self.wid = out[0]

    def geometry(self):
        """The client area on screen (xwininfo: a window manager's frame does not count).
        SDL may replace the window it first showed (a size set from Settings): when the
        window found at start is gone, the game's visible window is looked up again."""
        for _ in range(50):
            g = self._window_info()
            if "Width" in g:
                return (int(g["Absolute upper-left X"]), int(g["Absolute upper-left Y"]), int(g["Width"]),
                        int(g["Height"]))
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.game.pid)],
                                   env=self.env, capture_output=True, text=True).stdout.split()
            if found:
                self.wid = found[-1]
            time.sleep(0.2)
        raise AssertionError(f"the game's window cannot be found (last id {self.wid})")

    def _window_info(self) -> dict:
        out = subprocess.run(["xwininfo", "-id", str(self.wid)], env=self.env, capture_output=True, text=True,
                             timeout=20).stdout
        g = {}
        for line in out.splitlines():
            k, _, v = line.strip().partition(":")
            g[k] = v.strip()
        return g

    def to_screen(self, x, y):
        """Logical 1920x1080 coordinates → screen pixels (the app letterboxes its canvas)."""
        wx, wy, ww, wh = self.geometry()
        k = min(ww / 1920, wh / 1080)
        ox, oy = wx + (ww - 1920 * k) / 2, wy + (wh - 1080 * k) / 2
        return int(ox + x * k), int(oy + y * k)

    def move(self, sx, sy):
        """Move the pointer (mousemove --sync hangs when the pointer is already there)."""
        here = self.xdo("getmouselocation", "--shell")
        pos = dict(line.partition("=")[::2] for line in here.splitlines())
        if (pos.get("X"), pos.get("Y")) == (str(sx), str(sy)):
            return
        self.xdo("mousemove", "--sync", sx, sy)

    def click(self, x, y):
        sx, sy = self.to_screen(x, y)
        self.move(sx, sy)
        time.sleep(0.08)
        self.xdo("click", "1")
        time.sleep(0.15)

    def drag(self, x1, y1, x2, y2):
        a, b = self.to_screen(x1, y1), self.to_screen(x2, y2)
        self.move(*a)
        time.sleep(0.1)
        self.xdo("mousedown", "1")
        time.sleep(0.1)
        mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
        self.move(*mid)
        time.sleep(0.1)
        self.move(*b)
        time.sleep(0.1)
        self.xdo("mouseup", "1")
        time.sleep(0.15)

    def key(self, name):
        self.xdo("key", name)
        time.sleep(0.15)

    def screenshot(self, path: Path):
        if shutil.which("import"):
            subprocess.run(["import", "-display", self.display, "-window", "root", str(path)], env=self.env,
                           capture_output=True, timeout=30)

    def resize(self, w, h):
        self.xdo("windowsize", self.wid, w, h)

    def close(self):
        if self.game is not None and self.game.poll() is None:
            self.game.kill()
            self.game.wait(10)
        if self.wm is not None and self.wm.poll() is None:
            self.wm.terminate()
            try:
                self.wm.wait(10)
            except subprocess.TimeoutExpired:
                self.wm.kill()
        if self.xvfb.poll() is None:
            self.xvfb.terminate()
            try:
                self.xvfb.wait(10)
            except subprocess.TimeoutExpired:
                self.xvfb.kill()


def read_probe(probe: Path, want=None, timeout=20.0) -> dict:
    end = time.monotonic() + timeout
    state = {}
    while time.monotonic() < end:
        try:
            state = json.loads(probe.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            state = {}
        if state and (want is None or want(state)):
            return state
        time.sleep(0.1)
    raise AssertionError(f"screen never reached the expected state; last: {state}")


def target(state, label=None, where=None, pred=None):
    for t in state.get("targets", []):
        if label is not None and t["label"] != label:
            continue
        if where is not None and t["where"] != where:
            continue
        if pred is not None and not pred(t):
            continue
        return t
    return None


def center(t):
    return t["x"] + t["w"] // 2, t["y"] + t["h"] // 2


@pytest.mark.skipif(bool(_missing()), reason=f"needs {', '.join(NEEDED)} (CI installs them): "
                                              f"missing {', '.join(_missing())}")
@pytest.mark.parametrize("size,speed", [((1280, 720), 2.0), ((2560, 1440), 0.0)], ids=["size0", "size1"])
def test_a_short_game_in_a_real_window(tmp_path, size, speed):
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({
        "window_size": list(size), "animation_speed": speed, "music_volume": 0.5,
        "last_game": "schemers",
        "last_new_game": {"schemers": {"seats": [{"name": "Tester", "kind": "human", "difficulty": "normal"},
                                                 {"name": "Bot", "kind": "ai", "difficulty": "random"}],
                                       "options": {"mode": "standard"}}}}))
    probe = tmp_path / "probe.json"
    desk = Desktop(tmp_path, screen="2800x1600")
    shot = Path(os.environ.get("NOCTURNE_E2E_SHOT", tmp_path / "e2e.png"))
    try:
        desk.start_game(home, probe)
        state = read_probe(probe, lambda s: s["scene"] == "menu", 30)
        assert desk.geometry()[2:] == size, "the window opens at Settings → Window size"
        # settings: drag the music slider all the way left, then back
        desk.click(*center(target(state, "Settings")))
        state = read_probe(probe, lambda s: s["scene"] == "settings")
        slider = target(state, "Music")
        track_y = slider["y"] + slider["h"] // 2
        track_right = slider["x"] + slider["w"] - 16 - 96
        track_left = track_right - int(slider["w"] * 0.42)
        desk.drag(track_left + int((track_right - track_left) * 0.5), track_y, track_left - 20, track_y)
        desk.key("Escape")
        state = read_probe(probe, lambda s: s["scene"] == "menu")
        settings = json.loads((home / "config" / "settings.json").read_text())
        assert settings["music_volume"] == 0.0, "the drag moved the slider and the setting was saved"
        # new game, as remembered: Tester against a random bot
        desk.click(*center(target(state, "New game")))
        state = read_probe(probe, lambda s: s["scene"] == "new_game")
        desk.click(*center(target(state, "Begin")))
        state = read_probe(probe, lambda s: s["scene"] == "table", 30)
        clicks = 0
        end = time.monotonic() + 240
        while time.monotonic() < end:
            state = read_probe(probe, timeout=10)
            if state["scene"] != "table" or state["over"]:
                break
            options = [t for t in state["targets"] if t["where"] in ("table", "banner") and t["enabled"]
                       and t["kind"] != "Chip"]
            if options:
                # prefer the plain, always-safe choices so the game moves along
                safe = [t for t in options if t["label"] in ("Gondola Fare", "Let it pass", "Pass", "Income")]
                t = (safe or options)[clicks % len(safe or options)]
                desk.click(*center(t))
                clicks += 1
                if clicks == 3:
                    desk.screenshot(shot)
            time.sleep(0.3)
        # the final board stays, with "See results"
        state = read_probe(probe, lambda s: s["scene"] == "table" and target(s, "See results") is not None, 60)
        time.sleep(1.5)
        assert read_probe(probe)["scene"] == "table", "the table stays on the final board until asked"
        desk.screenshot(tmp_path / "final_board.png")
        desk.click(*center(target(state, "See results")))
        state = read_probe(probe, lambda s: s["scene"] == "results", 60)
        assert clicks >= 2, "the human played by clicking"
        desk.screenshot(tmp_path / "results.png")
        if not shot.exists():
            desk.screenshot(shot)
        desk.click(*center(target(state, "Main menu")))
        read_probe(probe, lambda s: s["scene"] == "menu")
        desk.game.terminate()                  # SDL turns SIGTERM into QUIT: a clean exit
        assert desk.game.wait(20) == 0
    finally:
        desk.close()
        log = (tmp_path / "game.log")
        if log.exists():
            print(log.read_text()[-3000:])
