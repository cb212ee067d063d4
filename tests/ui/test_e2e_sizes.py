"""Window sizes in a real window under Xvfb with a window manager (issue 12, item 3):
the window opens at Settings → Window size and follows that setting at once; resized
by the window manager to 1280x720, 1366x768, 1600x900, 2560x1440, 4:3 and 21:9 it
shows the whole 1920x1080 canvas scaled and letterboxed (compared with a headless
render of the same screen), and clicks land on what is drawn.

Skipped (with the reason) when Xvfb, xdotool, xwininfo or openbox is missing; CI
installs them."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pygame
import pytest

from tests.ui.test_e2e_xvfb import NEEDED, Desktop, _missing, center, read_probe, target

pytestmark = pytest.mark.xvfb

SIZES = [(1366, 768), (1600, 900), (2560, 1440), (1024, 768), (2520, 1080), (1280, 720)]


def reference(name: str) -> pygame.Surface:
    """The screen `name` rendered headless at the logical size, shrunk to 96x54."""
    from game.ui import headless
    app = headless.make_app()
    try:
        headless.build_scene(app, name)
        for _ in range(5):
            app.step(1 / 60, [])
        return pygame.transform.smoothscale(app.screen.copy(), (96, 54))
    finally:
        app.shutdown()


def shown(desk, shot: Path, state) -> pygame.Surface:
    """What the window shows of the canvas (its letterboxed part), shrunk to 96x54."""
    desk.screenshot(shot)
    img = pygame.image.load(str(shot))
    x, y, _w, _h = desk.geometry()
    vx, vy, vw, vh = state["view"]
    return pygame.transform.smoothscale(img.subsurface((x + vx, y + vy, vw, vh)), (96, 54))


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    total = 0
    for yy in range(54):
        for xx in range(96):
            ca, cb = a.get_at((xx, yy)), b.get_at((xx, yy))
            total += abs(ca.r - cb.r) + abs(ca.g - cb.g) + abs(ca.b - cb.b)
    return total / (96 * 54 * 3)


def bars_black(desk, shot: Path, state) -> bool:
    img = pygame.image.load(str(shot))
    x, y, w, h = desk.geometry()
    vx, vy, vw, vh = state["view"]
    pts = []
    if vx > 2:
        pts.append((x + vx // 2, y + h // 2))
    if vy > 2:
        pts.append((x + w // 2, y + vy // 2))
    return all(sum(img.get_at(p)[:3]) < 12 for p in pts)


@pytest.mark.skipif(bool(_missing()), reason=f"needs {', '.join(NEEDED)} (CI installs them): "
                                              f"missing {', '.join(_missing())}")
def test_every_window_size_shows_everything_and_clicks_land(tmp_path):
    home = tmp_path / "home"
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text(json.dumps({"window_size": [1280, 720],
                                                               "animation_speed": 0.0}))
    probe = tmp_path / "probe.json"
    menu_ref, settings_ref = reference("menu"), reference("settings")
    desk = Desktop(tmp_path, screen="2800x1600")
    try:
        desk.start_game(home, probe)
        state = read_probe(probe, lambda s: s["scene"] == "menu", 30)
        assert desk.geometry()[2:] == (1280, 720), "the window opens at Settings → Window size"
        # Settings → Window size: the next size, at once
        desk.click(*center(target(state, "Settings")))
        state = read_probe(probe, lambda s: s["scene"] == "settings")
        cycler = target(state, "Window size")
        desk.click(cycler["x"] + cycler["w"] - 30, cycler["y"] + cycler["h"] // 2)   # its › arrow
        state = read_probe(probe, lambda s: s["window"] == [1366, 768], 10)
        assert desk.geometry()[2:] == (1366, 768)
        desk.click(*center(target(state, "Done")))
        state = read_probe(probe, lambda s: s["scene"] == "menu")
        saved = json.loads((home / "config" / "settings.json").read_text())
        assert saved["window_size"] == [1366, 768], "and it is kept for next time"
        for w, h in SIZES:
            desk.resize(w, h)                                  # as the user or the WM would
            state = read_probe(probe, lambda s: s["window"] == [w, h] and s["scene"] == "menu", 15)
            time.sleep(0.4)
            state = read_probe(probe)
            vx, vy, vw, vh = state["view"]
            assert abs(vw / vh - 16 / 9) < 0.01 and (vw == w or vh == h), f"{w}x{h}: letterboxed {state['view']}"
            shot = tmp_path / f"menu_{w}x{h}.png"
            diff = difference(shown(desk, shot, state), menu_ref)
            assert diff < 14, f"{w}x{h}: the window does not show the whole menu (difference {diff:.1f})"
            assert bars_black(desk, shot, state), f"{w}x{h}: the bars outside the canvas are black"
            # clicks land where drawn: Settings (left), then Done (bottom left), then Esc
            desk.click(*center(target(state, "Settings")))
            state = read_probe(probe, lambda s: s["scene"] == "settings")
            if (w, h) in ((1024, 768), (2520, 1080)):        # the extreme shapes: the settings screen too
                time.sleep(0.3)
                diff = difference(shown(desk, tmp_path / f"settings_{w}x{h}.png", state), settings_ref)
                assert diff < 14, f"{w}x{h}: the settings screen is not shown whole (difference {diff:.1f})"
            desk.click(*center(target(state, "Done")))
            read_probe(probe, lambda s: s["scene"] == "menu")
        desk.game.terminate()
        assert desk.game.wait(20) == 0
    finally:
        desk.close()
