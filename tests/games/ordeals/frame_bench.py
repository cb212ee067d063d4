"""Frame time of the Book of Ordeals table with 20 characters on the table, the active
character's line-of-sight overlay and Sight ring on, and the pointer hovering a Foe (the
sight line and the odds card drawn every frame), at 1920x1080 under SDL's dummy driver.

    .venv/bin/python -m tests.games.ordeals.frame_bench [frames] [WxH]

Prints p50/p95/p99 of wall time in milliseconds (the bar: p95 <= 8 ms at 1920x1080), the
same of the thread's CPU time (unaffected by other processes waiting for the cores) and
the load average. Not a test (the machine's load would make it flaky); issue 15's
frame-time figure comes from here.
"""
from __future__ import annotations

import math
import os
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.core.match import Match, SeatInfo  # noqa: E402
from game.games import registry  # noqa: E402
from game.ui.assets import Assets  # noqa: E402
from game.ui.settings import Settings  # noqa: E402
from game.ui.sound import Sound  # noqa: E402
from game.ui.table.base import TableContext  # noqa: E402


def crowded_match(total: int = 20, seed: int = 11):
    """A solo Trial 2 at its first Act of a Company character, with copies of the Shadow's
    characters added on free ground until `total` characters are on the table."""
    R = registry.ruleset("ordeals")
    m = Match("ordeals", R, [SeatInfo("P0", "human")], {"mode": "solo", "trial": 2}, seed)
    while True:
        d = m.decisions_for(0)[0]
        if d.kind == "act":
            break
        m.submit(0, d.actions[0])
    s = m.state
    mp = R.map(s)
    proto = [c for c in s.chars if c.side == 1]
    k = 0
    y = 3.0
    while sum(1 for c in s.chars if c.in_play) < total and y < mp.h - 3:
        for x in [1.5 + 1.6 * j for j in range(int((mp.w - 3) / 1.6))]:
            if sum(1 for c in s.chars if c.in_play) >= total:
                break
            others = [(c.x, c.y) for c in s.chars if c.in_play]
            if mp.can_stand((x, y), others) and all(math.hypot(c.x - x, c.y - y) > 3 for c in s.chars
                                                    if c.in_play and c.side == 0):
                c = proto[k % len(proto)].clone()
                c.id = f"s{len(s.chars) + 1}"
                c.x, c.y, c.z, c.on = x, y, 0.0, -1
                c.deployed, c.ooa = True, False
                s.chars.append(c)
                k += 1
        y += 3.0
    s.dec = None
    return m


def run(frames: int = 600, size=(1920, 1080)) -> dict:
    pygame.init()
    pygame.display.set_mode((1, 1))
    spec = registry.get("ordeals")
    m = crowded_match()
    settings = Settings()
    ctx = TableContext(match=m, spec=spec, viewer=0, assets=Assets(), sound=Sound(settings),
                       settings=settings, submit=lambda seat, a: [], size=size)
    table = spec.table_class()(ctx)
    screen = pygame.Surface(size)
    table.update(1 / 60)
    table.draw(screen)
    i = table.selected_index()
    assert i is not None and table.board.los_from is not None
    v = table.view
    me = v["chars"][i]
    foe = min((c for c in v["chars"] if c["side"] == 1 and c["deployed"] and not c["ooa"]),
              key=lambda c: math.hypot(c["x"] - me["x"], c["y"] - me["y"]))
    pos = tuple(int(q) for q in table.board.camera.to_screen((foe["x"], foe["y"])))
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert table.hovered_foe() == (i, foe["index"])
    on_table = sum(1 for c in v["chars"] if c["deployed"] and not c["ooa"])
    times, cpu = [], []
    for n in range(frames + 10):
        t0, c0 = time.perf_counter(), time.thread_time()
        table.update(1 / 60)
        table.draw(screen)
        ms, cms = (time.perf_counter() - t0) * 1000, (time.thread_time() - c0) * 1000
        if n >= 10:
            times.append(ms)
            cpu.append(cms)
    times.sort()
    cpu.sort()

    def q(xs, p):
        return round(xs[min(len(xs) - 1, int(len(xs) * p / 100))], 2)
    # wall time counts waits for a busy machine's cores; thread CPU time does not
    return {"characters": on_table, "size": list(size), "frames": frames,
            "p50": q(times, 50), "p95": q(times, 95), "p99": q(times, 99),
            "cpu_p50": q(cpu, 50), "cpu_p95": q(cpu, 95), "load": round(os.getloadavg()[0], 1)}


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    size = tuple(int(v) for v in sys.argv[2].split("x")) if len(sys.argv) > 2 else (1920, 1080)
    print(run(n, size))
