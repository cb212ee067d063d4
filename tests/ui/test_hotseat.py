"""Hot-seat and privacy, for every registered game: the curtain comes between two
humans and never for an AI; the log of a seat shows only what that seat may know.
(The pixels of a seat's screen: tests/contract/test_screens.py.)"""
from __future__ import annotations

import random
import time

import pytest

from game.core.match import Match, SeatInfo
from game import registry
from game.ui.scenes.table import TableScene, make_agents
from tests.tablekit import app_click as click

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


GAMES = registry.game_ids()


def kinds_for(game_id, humans):
    """Seat kinds for a game: three seats where the default options allow (else the
    nearest number), people at `humans` (indices into those seats), AI elsewhere."""
    rules = registry.ruleset(game_id)
    counts = [n for n in range(rules.min_players, rules.max_players + 1) if _works(rules, n)]
    n = min(counts, key=lambda c: (abs(c - 3), c))
    return ["human" if i in humans else "ai" for i in range(n)]


def two_humans(game_id):
    """Seat kinds with two people (seats 0 and 2, or 0 and 1 in a two-seat game)."""
    kinds = kinds_for(game_id, {0, 2})
    if kinds.count("human") < 2:
        kinds = kinds_for(game_id, {0, 1})
    return kinds, {i for i, k in enumerate(kinds) if k == "human"}


def _works(rules, n):
    try:
        rules.validate_options({}, n)
        return True
    except Exception:             # noqa: BLE001 - OptionsError
        return False


class WindowClock:
    """A match's clock: the wall's, which `skip_wait` moves on past a reaction window's
    minimum answer time when every decision waits for one (nobody may answer yet, so the
    test skips the wait instead of drawing frames through it; no deadline comes first,
    since a decision's timeout is never shorter than its minimum time)."""

    def __init__(self):
        self.ahead = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.ahead

    def skip_wait(self, match) -> None:
        waits = [match.ready_at(d) for d in match.decisions()]
        now = self()
        if waits and all(w is not None and w > now for w in waits):
            self.ahead += min(waits) - now


def new_match(game_id, kinds, seed=3, options=None):
    spec = registry.get(game_id)
    seats = [SeatInfo(f"P{i}", k, "random") for i, k in enumerate(kinds)]
    ruleset = registry.ruleset(game_id)
    opts = dict(options or {})
    if "hotseat" in ruleset.default_options():
        opts.setdefault("hotseat", kinds.count("human") >= 2)
    match = Match(game_id, ruleset, seats, opts, seed, now=WindowClock(),
                  agents=make_agents(spec, seats, seed))
    return spec, match


def idle(match):
    """Nothing for the test to do this frame: skip a window's wait, else give the AI's
    thread a moment."""
    match.now.skip_wait(match)
    time.sleep(0.0005)


def watch(scene):
    """Record every curtain and every table draw (with the curtain state)."""
    log = {"curtains": [], "lifts": [], "draws": [], "events": [], "seq": []}
    show_seat = scene.show_seat

    def ss(seat):
        log["seq"].append(("show", seat))
        show_seat(seat)
    scene.show_seat = ss
    raise_curtain = scene.raise_curtain

    def rc(seat):
        log["curtains"].append(seat)
        raise_curtain(seat)
    scene.raise_curtain = rc
    lift_curtain = scene.lift_curtain

    def lc():
        log["lifts"].append(scene.curtain)
        log["seq"].append(("lift", scene.curtain))
        lift_curtain()
    scene.lift_curtain = lc
    scene.curtain_btn.on_click = lc
    table_draw = scene.table.draw

    def draw(surf):
        log["draws"].append((scene.viewer, scene.curtain))
        table_draw(surf)
    scene.table.draw = draw
    on_events = scene.table.on_events

    def oe(events):
        log["events"].append((scene.viewer, list(events)))
        on_events(events)
    scene.table.on_events = oe
    return log


def lift(app, scene):
    """Wait out the curtain's guard, then click its button (a deliberate act)."""
    from game.ui.scenes.table import CURTAIN_GUARD
    while scene.curtain is not None and scene.curtain_t < CURTAIN_GUARD:
        app.step(1 / 60, [])
    click(app, scene.curtain_btn.rect.center)


def play_hotseat(app, scene, humans, max_human_moves=60, seconds=60):
    rnd = random.Random(5)
    m = scene.match
    moves = 0
    end = time.monotonic() + seconds
    while not m.over and moves < max_human_moves and time.monotonic() < end:
        app.step(1 / 60, [])
        if scene.curtain is not None:
            assert scene.curtain in humans, "a curtain only ever hides the table for a human"
            lift(app, scene)
            assert scene.viewer in humans
            continue
        if scene.public and not scene.table.busy():
            # a question with no secrets, answered on the public screen by a click
            b = rnd.choice([b for b in scene.public_btns if b.public_action is not None])
            click(app, b.rect.center)
            moves += 1
            continue
        v = scene.viewer
        if v is None:
            idle(m)
            continue
        mine = m.decisions_for(v)
        others = [d.seat for d in m.decisions() if d.seat in humans and d.seat != v]
        if mine and not scene.table.busy():
            d = mine[0]
            scene.submit_human(v, rnd.choice(d.actions))
            moves += 1
        elif others and not mine:
            continue        # the next human gets the curtain on the next frame
        else:
            idle(m)
    return moves


@pytest.mark.parametrize("game_id", GAMES)
def test_curtain_between_two_humans_never_for_ai(app, game_id):
    kinds, humans = two_humans(game_id)
    spec, match = new_match(game_id, kinds, seed=11)
    scene = TableScene(app, spec, match)
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(scene)
    log = watch(scene)
    assert scene.viewer is None, "before anyone sits down the table shows no one's secrets"
    moves = play_hotseat(app, scene, humans=humans, max_human_moves=30, seconds=40)
    assert moves > 3
    assert log["curtains"], "two humans at one screen get a curtain"
    assert set(log["curtains"]) <= humans
    # each lifted curtain hands the screen to a different person, or to the same one
    # after a public question hid their cards from the table
    assert log["lifts"] and set(log["lifts"]) <= humans
    lifts = [i for i, (what, _) in enumerate(log["seq"]) if what == "lift"]
    for i, j in zip(lifts, lifts[1:]):
        if log["seq"][i][1] == log["seq"][j][1]:
            assert ("show", None) in log["seq"][i:j], "the same seat gets the curtain again only after a public screen"
    # nothing of the table is drawn while the curtain is down
    assert all(curtain is None for _viewer, curtain in log["draws"])
    for viewer, events in log["events"]:
        assert all(e.visible_to(viewer) for e in events)


@pytest.mark.parametrize("game_id", GAMES)
def test_one_human_is_always_the_viewer_and_ai_games_are_spectated(app, game_id):
    spec, match = new_match(game_id, kinds_for(game_id, {1}), seed=2)
    scene = TableScene(app, spec, match)
    app.push(scene)
    log = watch(scene)
    play_hotseat(app, scene, humans={1}, max_human_moves=15, seconds=20)
    assert not log["curtains"]
    assert all(v == 1 for v, _ in log["draws"])
    app.pop()
    spec, match = new_match(game_id, kinds_for(game_id, set()), seed=2)
    scene = TableScene(app, spec, match)
    app.push(scene)
    log = watch(scene)
    end = time.monotonic() + 10
    while len(match.log) < 12 and not match.over and time.monotonic() < end:
        app.step(1 / 60, [])
        idle(match)
    assert len(match.log) >= 5 or match.over, "AI seats play by themselves off the render loop"
    assert not log["curtains"] and all(v is None for v, _ in log["draws"])
    for viewer, events in log["events"]:
        assert viewer is None and all(e.to is None for e in events), "a spectator sees only public events"


@pytest.mark.parametrize("game_id", GAMES)
def test_events_reaching_a_seat_are_only_those_it_may_see(app, game_id):
    spec, match = new_match(game_id, kinds_for(game_id, {0}), seed=8)
    scene = TableScene(app, spec, match)
    app.push(scene)
    log = watch(scene)
    seen_private = []
    match.listeners.append(lambda evs: seen_private.extend(e for e in evs if e.to is not None))
    play_hotseat(app, scene, humans={0}, max_human_moves=25, seconds=30)
    assert log["events"]
    for viewer, events in log["events"]:
        assert viewer == 0
        assert all(e.visible_to(0) for e in events)
    hidden_from_0 = [e for e in seen_private if not e.visible_to(0)]
    delivered = [id(e) for _, evs in log["events"] for e in evs]
    assert not any(id(e) in delivered for e in hidden_from_0)
