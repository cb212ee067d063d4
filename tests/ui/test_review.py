"""Review your game, headless (game/ui/scenes/review.py): from the results screen the review
runs in the background with a progress bar, lists the costliest decisions of the person at
the table in words ("you chose X (≈31 %), Y was best (≈52 %): ..."), and a click opens the
replay at that decision with the same line; the results screen says how many Hints each
person took."""
from __future__ import annotations

import random

import pygame
import pytest

from game.core.i18n import t
from game.core.match import Match, SeatInfo
from game import registry
from game.ui.scenes.results import ResultsScene
from game.ui.scenes.review import ReviewReplayScene, ReviewScene
from tests.tablekit import app_click, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def finished_match(game_id="schemers", seed=5):
    """A finished game where seat 0 (a person) played at random and seat 1 normally."""
    spec = registry.get(game_id)
    rules = spec.ruleset()
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bot", "ai", "normal")]
    m = Match(game_id, rules, seats, {}, seed, clocks=False)
    bot = spec.make_agent("normal", 1, seed)
    rnd = random.Random(seed)
    while not m.over:
        d = m.decisions()[0]
        a = d.actions[rnd.randrange(len(d.actions))] if d.seat == 0 else bot.choose(m.view(1), d)
        m.submit(d.seat, a)
    m.extra["hints"] = {"0": 2}
    return spec, m


def words_drawn(app, blocks=False):
    """The words one frame draws (with `blocks`, a centred note's block text too)."""
    words = []
    names = ("text", "text_block") if blocks else ("text",)
    originals = {name: getattr(app.assets, name) for name in names}

    def recording(original):
        def draw(s, *a, **k):
            words.append(s)
            return original(s, *a, **k)
        return draw
    for name, original in originals.items():
        setattr(app.assets, name, recording(original))
    app.assets._text.clear()
    try:
        app.step(1 / 60, [])
    finally:
        for name, original in originals.items():
            setattr(app.assets, name, original)
    return " | ".join(words)


def test_results_say_the_hints_and_the_review_opens_the_replay_at_a_decision(app):
    spec, m = finished_match()
    app.push(ResultsScene(app, spec, m))
    app.step(1 / 60, [])
    assert t("advice.taken", n=2) in words_drawn(app)
    results = app.top
    app_click(app, results.review_btn.rect.center)
    review = app.top
    assert isinstance(review, ReviewScene)
    job = review.job
    assert job.total == sum(1 for s, _ in m.log if s == 0)
    assert t("review.working", done=job.done, total=job.total).split("…")[0] in words_drawn(app) or job.finished
    assert run_until(app, lambda: job.finished, 60)
    assert job.error is None and job.mistakes, "random moves and nothing to review"
    app.step(1 / 60, [])
    assert 1 <= len(review.rows) <= 5
    row, mistake = review.rows[0]
    app_click(app, row.center)
    replay = app.top
    assert isinstance(replay, ReviewReplayScene)
    assert replay.pos == mistake.step
    assert mistake.chosen.percent() in replay.review_line and mistake.best.percent() in replay.review_line
    replay.draw(pygame.Surface((1920, 1080)))
    replay.on_back()
    assert app.top is review
    review.close()
    assert app.top is results


def test_leaving_stops_the_review(app):
    spec, m = finished_match(seed=6)
    app.push(ResultsScene(app, spec, m))
    app.step(1 / 60, [])
    app.top.open_review()
    review = app.top
    review.close()
    job = next(iter(review.jobs.values()))
    job.thread.join(30)
    assert not job.thread.is_alive() and job.stopped


def test_hints_taken_survive_a_save_and_load(app, tmp_path):
    from game.ui.scenes.hint_panel import hints_taken
    from game.ui.scenes.saves import open_saved_game
    spec = registry.get("schemers")
    m = Match("schemers", spec.ruleset(), [SeatInfo("Ada", "human"), SeatInfo("Bot", "ai", "normal")], {}, 3)
    m.extra["hints"] = {"0": 3}
    path = tmp_path / "schemers-save-1.json"
    m.save(path)
    assert open_saved_game(app, path)
    assert hints_taken(app.top.match) == {0: 3}


def test_each_person_at_the_table_has_a_review(app):
    spec = registry.get("schemers")
    m = Match("schemers", spec.ruleset(), [SeatInfo("Ada", "human"), SeatInfo("Bea", "human")], {"hotseat": True}, 4,
              clocks=False)
    rnd = random.Random(4)
    while not m.over:
        d = m.decisions()[0]
        m.submit(d.seat, d.actions[rnd.randrange(len(d.actions))])
    review = ReviewScene(app, spec, m)
    app.push(review)
    assert [b.review_seat for b in review.seat_btns] == [0, 1] and review.seat == 0
    app_click(app, review.seat_btns[1].rect.center)
    assert review.seat == 1 and set(review.jobs) == {0, 1}
    assert run_until(app, lambda: all(j.finished for j in review.jobs.values()), 60)
    assert all(j.error is None for j in review.jobs.values())
    review.close()


def a_mistake(spec, m, seat=0):
    """A reviewed decision of `seat` built by hand (no search): its first choice of two or
    more moves, the move played weighed ≈30 %, another ≈55 %."""
    from game.ai import advice
    rules = m.rules
    state = rules.setup(len(m.seats), m.options, m.seed)
    for step, (who, action) in enumerate(m.log):
        d = advice._decision_of(rules, state, who, action) if who == seat else None
        if d is not None and len(d.actions) > 2 and step > 3:
            best = next(a for a in d.actions if a != action)
            chosen = advice.Move(action, 0.30, 12, "search_best", 40)
            other = advice.Move(best, 0.55, 20, "search_best", 40)
            return advice.Mistake(step, seat, d.kind, chosen, other, advice.WIN, rules.view(state, seat))
        rules.apply(state, who, action)
    raise AssertionError("no decision to review")


def review_showing(app, spec, m, mistakes):
    """The review screen of `m` with its own search stopped, showing `mistakes` instead."""
    review = ReviewScene(app, spec, m)
    app.push(review)
    job = review.job
    job.stop()
    job.thread.join(30)
    job.mistakes, job.error = mistakes, None
    return review, job


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_review_and_its_replay_name_a_decision_by_the_same_move(app, lang):
    """The list says "Move 17 of 23"; the replay it opens stands before that move and says
    so ("Before move 17 of 23"), and one step on it says "After move 17 of 23"."""
    from game.core import i18n
    spec, m = finished_match()
    mistake = a_mistake(spec, m)
    n, total = mistake.step + 1, len(m.log)
    i18n.set_language(lang)
    try:
        review, job = review_showing(app, spec, m, [mistake])
        title = t("review.step", n=n, total=total)
        assert str(n) in title and str(total) in title
        assert title in words_drawn(app)
        row, _ = review.rows[0]
        app_click(app, row.center)
        replay = app.top
        assert isinstance(replay, ReviewReplayScene) and replay.pos == mistake.step
        drawn = words_drawn(app)
        assert t("review.replay_at", n=n, total=total) in drawn and title in drawn
        assert t("replay.position", n=n - 1, total=total) not in drawn
        replay.step_forward()
        assert t("replay.position", n=n, total=total) in words_drawn(app)
        assert str(n) in t("replay.position", n=n, total=total)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_move_the_review_could_not_weigh_is_named_not_praised(app, lang):
    """A move the hard AI could not play out (`unweighed`) is named by its number, beside
    the list of mistakes and beside "no move lost" alike; never silently dropped."""
    from game.ai import advice
    from game.core import i18n
    spec, m = finished_match()
    i18n.set_language(lang)
    try:
        review, job = review_showing(app, spec, m, advice.Review([], {}, [3, 8]))
        line = t("review.unweighed", n=2, moves="4, 9")
        assert "4, 9" in line
        drawn = words_drawn(app, blocks=True)
        assert line in drawn and t("review.none") in drawn
        job.mistakes = advice.Review([a_mistake(spec, m)], {}, [2])
        drawn = words_drawn(app, blocks=True)
        assert t("review.unweighed", n=1, moves="3") in drawn and review.rows
    finally:
        i18n.set_language("en")


def test_the_review_leaves_out_the_moves_a_coach_asked_for(monkeypatch):
    """A game played on from Learn to play: the coach's moves are not the player's own,
    so the review neither weighs them nor counts them in its progress."""
    from game.ai import advice
    spec, m = finished_match()
    record = m.record()
    record.extra["coached"] = coached = 6
    asked, progress = [], []

    def weigh(advice_, ruleset, agent, state, seat, action, step):
        asked.append(step)
        return None
    monkeypatch.setattr(advice, "_weigh", weigh)
    advice.review(spec, spec.ruleset(), record, 0, progress=lambda done, total: progress.append((done, total)))
    mine = [i for i, (s, _a) in enumerate(record.actions) if s == 0]
    assert asked == [i for i in mine if i >= coached] and any(i < coached for i in mine)
    assert progress[-1] == (len(asked), len(asked))
