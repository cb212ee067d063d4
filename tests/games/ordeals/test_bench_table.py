"""bench's busy-table figure for the Book of Ordeals (issue 15: frame time with 20
characters and the line-of-sight overlay on, p95 <= 8 ms at 1920x1080 — measured by
`python main.py bench`, never asserted on time here). `display` is the shared one (tests/conftest.py)."""
from __future__ import annotations

from game import bench
from game import registry


def test_the_busy_table_has_twenty_characters_the_overlay_and_a_hovered_foe(display):
    from game.games.ordeals.table.bench import busy_table
    table, words = busy_table((1280, 720))
    chars = [c for c in table.view["chars"] if c["deployed"] and not c["ooa"]]
    assert len(chars) == 20 and words.startswith("20 characters")
    assert table.board.los_from is not None and table.hovered_foe() is not None


def test_bench_times_every_game_that_names_a_busy_table(display):
    named = [g for g in registry.game_ids() if registry.get(g).bench_table]
    assert named == ["ordeals"]
    got = bench.busy_frames("ordeals", frames=5)
    assert set(got) >= {"p50", "p95", "p99", "cpu_p50", "cpu_p95", "what"}
    assert 0 < got["p50"] <= got["p95"] <= got["p99"]
