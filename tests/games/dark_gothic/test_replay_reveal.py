"""The replay of a FINISHED Dark Gothic game shows every Hero's hand face up (the ruleset's
`reveal_view`, read by the table through the kit's `view_of`); an unfinished game's replay
keeps seat privacy. Driven through the real replay viewer on a saved file under SDL's dummy
drivers; what the table draws is recorded at the card renderer."""
from __future__ import annotations

import json

import pytest

from game.core.record import state_digest
from game.ui import headless
from tests.tablekit import drawn_faces as _drawn_faces, open_replay_scene as _open, settle_scene as _settle

from .helpers import R

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """A finished 3-player game (random Heroes) and its save."""
    _, match = headless.play_match("dark_gothic", 3, {"mode": "competitive"}, 4, 5000, difficulty="random")
    assert match.over
    path = tmp_path_factory.mktemp("dg") / "dg-4.json"
    match.save(path)
    return match, path


def _other_hands(scene):
    out = {}
    for seat in (1, 2):
        z = scene.table.zones[("hand", seat)]
        out[seat] = [(sp.key, sp.face_up and scene.table.face_shown(sp, z)) for sp in z.cards]
    return out


def _assert_all_face_up(app, scene):
    state = scene.match.state
    hands = _other_hands(scene)
    drawn = _drawn_faces(app, scene)
    assert any(state.hand[s] for s in (1, 2)), "nobody holds a card here: the check would prove nothing"
    for seat, cards in hands.items():
        truth = sorted(state.hand[seat])
        assert sorted(k for k, _ in cards if k is not None) == truth, f"seat {seat}'s hand is not shown"
        assert all(shown for _, shown in cards), f"seat {seat}'s cards are face down"
        for key in truth:
            assert key in drawn, f"seat {seat}'s {key} is not drawn face up"


def test_reveal_view_shows_every_hand_at_every_step():
    """The rules side: at every step of a game, `reveal_view` is JSON data holding every
    Hero's hand and holdings, and never changes the state; the seat views do not change."""
    _, match = headless.play_match("dark_gothic", 3, {"mode": "competitive", "addons": ["draw2"]}, 11, 0,
                                   difficulty="random")
    saw_offer = False
    for _ in range(3000):
        s = match.state
        before = state_digest(R, s)
        seat_views = [json.dumps(R.view(s, i), sort_keys=True) for i in range(3)]
        v = R.reveal_view(s)
        assert state_digest(R, s) == before
        assert [json.dumps(R.view(s, i), sort_keys=True) for i in range(3)] == seat_views
        json.dumps(v)
        assert v["revealed"] and v["seat"] is None
        assert [p["hand"] for p in v["seats"]] == [list(h) for h in s.hand]
        assert [p["owned"] for p in v["seats"]] == [sorted(s.deck[i] + s.hand[i]) for i in range(3)]
        assert all("investigation" in p for p in v["seats"])
        if v["flow"]["wait"] == "hero":
            saw_offer = True
            assert v["flow"]["offers"] == s.offers
        if match.over:
            break
        match.run_agents(1, budget=0.05)
    assert match.over and saw_offer
    # a spectator of a game under way sees no hand
    assert all("hand" not in p for p in R.view(R.setup(3, {"mode": "coop"}, 2), None)["seats"])


def test_replay_of_a_finished_game_shows_every_hand(app, saved):
    match, path = saved
    scene = _open(app, path)
    assert scene.finished
    n = len(scene.actions)
    for pos in (3, n // 3):
        scene.seek(pos)
        _settle(app, scene)
        _assert_all_face_up(app, scene)
    for _ in range(4):
        scene.step_forward()
        _settle(app, scene)
    _assert_all_face_up(app, scene)


def test_replay_of_an_unfinished_game_keeps_seat_privacy(app, saved, tmp_path):
    match, full = saved
    after = 30
    match.replay_to(after)
    assert not match.over
    cut = tmp_path / "unfinished.json"
    match.save(cut)
    scene = _open(app, cut)
    assert not scene.finished
    scene.seek(after)
    _settle(app, scene)
    public = scene.table.zone_cards(scene.match.view(None))
    hands = _other_hands(scene)
    hidden = 0
    for seat, cards in hands.items():
        assert [k for k, _ in cards] == public[("hand", seat)], f"seat {seat}: more than a spectator sees"
        hidden += sum(1 for k, _ in cards if k is None)
    assert hidden > 0, "no hidden card in the other hands: the check would prove nothing"
    app.pop()
    finished = _open(app, full)
    finished.seek(after)
    _settle(app, finished)
    _assert_all_face_up(app, finished)
