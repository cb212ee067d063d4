"""bench's Hint and review figures (game/bench_advice.py) measure what they say."""
from __future__ import annotations

from game import bench_advice
from game.ai.advice import review_steps


def test_recorded_game_gives_the_seat_its_decisions():
    record, mine = bench_advice.recorded_game("dark_deeds", decisions=15)
    assert mine == 15 == len(review_steps(record, 0))


def test_review_s_adds_games_until_the_seat_made_its_decisions():
    out = bench_advice.review_s("schemers", decisions=14)     # a Schemers game ends sooner
    assert out["decisions"] >= 14 and out["games"] >= 2
    assert out["seconds"] >= out["cpu_seconds"] * 0.5 > 0


def test_hint_ms_counts_searched_hints_only():
    out = bench_advice.hint_ms("ordeals", hints=2)
    assert out["hints"] == 2 and 0 < out["p50"] <= out["max"]
