"""game/net is headless: every module imports in an interpreter where pygame cannot be
imported (the server runs on a VPS with no display libraries)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p.stem for p in (ROOT / "game" / "net").glob("*.py") if p.stem != "__init__")

PROBE = """
import sys
class NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame is not allowed here")
sys.meta_path.insert(0, NoPygame())
import importlib
for name in sys.argv[1:]:
    importlib.import_module("game.net." + name)
from game.net.table import HostedTable
from game.net import protocol as P
t = HostedTable.create(P.Create(game="schemers", seats=[P.SeatRequest(), P.SeatRequest(kind="ai")]), "A")
t.start()
print("ok", len(sys.argv) - 1)
"""


def test_every_net_module_imports_and_a_table_starts_without_pygame():
    assert {"protocol", "server", "client", "table", "store", "invite"} <= set(MODULES)
    out = subprocess.run([sys.executable, "-c", PROBE, *MODULES], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("ok"), out.stderr[-2000:]
