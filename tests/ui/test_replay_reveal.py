"""Issue 12 item 9: the replay of a FINISHED game shows every hand face up (a finished
game hides nothing, so a player can see who was bluffing); the replay of an unfinished
game keeps seat privacy (only what a spectator could see). Driven through the real
replay viewer (`open_replay` on a saved file) under SDL's dummy drivers; what the table
draws is recorded at the card renderer (which card keys are drawn face up)."""
from __future__ import annotations

import pygame
import pytest

from game.ui import headless
from tests.tablekit import drawn_faces as _drawn_faces, open_replay_scene as _open, settle_scene as _settle

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

HAND = {"schemers": lambda s: ("hand", s), "dark_deeds": lambda s: f"hand:{s}"}


def _saved(tmp_path, gid, seed, after):
    _, match = headless.play_match(gid, 3, None, seed, after, difficulty="random")
    path = tmp_path / f"{gid}-{seed}.json"
    match.save(path)
    return match, path


def _other_hands(scene, gid):
    """{seat: [(key, face shown)]} of the hand zones of seats 1 and 2 (seat 0 is at the
    bottom of a spectator's table)."""
    out = {}
    for seat in (1, 2):
        z = scene.table.zones[HAND[gid](seat)]
        out[seat] = [(sp.key, sp.face_up and scene.table.face_shown(sp, z)) for sp in z.cards]
    return out


def _assert_all_face_up(app, scene, gid):
    state = scene.match.state
    hands = _other_hands(scene, gid)
    drawn = _drawn_faces(app, scene)
    assert any(hands.values()), "nobody holds a card here: the check would prove nothing"
    for seat, cards in hands.items():
        truth = sorted(state.hands[seat])
        assert sorted(k for k, _ in cards if k is not None) == truth, f"seat {seat}'s hand is not shown"
        assert all(shown for _, shown in cards), f"seat {seat}'s cards are face down"
        for key in truth:
            assert key in drawn, f"seat {seat}'s {key} is not drawn face up"


@pytest.mark.parametrize("gid,seed", [("schemers", 3), ("dark_deeds", 5)])
def test_replay_of_a_finished_game_shows_every_hand(app, tmp_path, gid, seed):
    match, path = _saved(tmp_path, gid, seed, 5000)
    assert match.over
    scene = _open(app, path)
    assert scene.finished
    n = len(scene.actions)
    # at the start, in the middle (reached by seeking and by stepping) and at the end
    for pos in (0, n // 3):
        scene.seek(pos)
        _settle(app, scene)
        _assert_all_face_up(app, scene, gid)
    for _ in range(4):
        scene.step_forward()
        _settle(app, scene)
    _assert_all_face_up(app, scene, gid)
    scene.to_end()
    _settle(app, scene)
    _assert_all_face_up(app, scene, gid)


@pytest.mark.parametrize("gid,seed,after", [("schemers", 3, 6), ("dark_deeds", 5, 30)])
def test_replay_of_an_unfinished_game_keeps_seat_privacy(app, tmp_path, gid, seed, after):
    """The same game at the same moment: its unfinished save shows only what a
    spectator sees; its finished save shows the hands."""
    match, full = _saved(tmp_path, gid, seed, 5000)
    assert match.over and len(match.log) > after
    match.replay_to(after)
    assert not match.over
    cut = tmp_path / "unfinished.json"
    match.save(cut)
    scene = _open(app, cut)
    assert not scene.finished
    for pos in (0, after):
        scene.seek(pos)
        _settle(app, scene)
        public = scene.table.zone_cards(scene.match.view(None))
        hands = _other_hands(scene, gid)
        hidden = 0
        for seat, cards in hands.items():
            assert [k for k, _ in cards] == public[HAND[gid](seat)], f"seat {seat}: more than a spectator sees"
            hidden += sum(1 for k, _ in cards if k is None)
        assert hidden > 0, "no hidden card in the other hands: the check would prove nothing"
        drawn = _drawn_faces(app, scene)
        shown = [k for seat in (1, 2) for k, face in hands[seat] if face and k is not None]
        assert all(k in drawn for k in shown)
    app.pop()
    finished = _open(app, full)
    finished.seek(after)
    _settle(app, finished)
    _assert_all_face_up(app, finished, gid)


@pytest.mark.parametrize("gid,seed", [("schemers", 3), ("dark_deeds", 5)])
def test_screenshot_of_a_finished_replay(app, tmp_path, gid, seed):
    """For a person to look at (in the test's tmp_path): a finished game's replay a third of
    the way in."""
    _, path = _saved(tmp_path, gid, seed, 5000)
    scene = _open(app, path)
    scene.seek(len(scene.actions) // 3)
    _settle(app, scene)
    app.step(1 / 60, [])
    shot = tmp_path / f"replay_reveal_{gid}.png"
    pygame.image.save(app.screen, str(shot))
    assert app.screen.get_size() == (1920, 1080) and shot.stat().st_size > 0


@pytest.mark.parametrize("gid,options", [("schemers", {"mode": "rialto"}), ("schemers", {"mode": "intoccabile"}),
                                         ("dark_deeds", None)])
def test_reveal_view_shows_every_hand_at_every_step(gid, options):
    """The rules side alone: at every step of a game, `reveal_view` is JSON data holding
    every seat's hand (Rialto's sale in full, L'Intoccabile's Untouchable), and it never
    changes the state."""
    import json

    from game.core.record import state_digest
    _, match = headless.play_match(gid, 3, options, 11, 0, difficulty="random")
    rules = match.rules
    saw_sale = False
    for _ in range(400):
        before = state_digest(rules, match.state)
        v = rules.reveal_view(match.state)
        assert state_digest(rules, match.state) == before
        json.dumps(v)
        s = match.state
        if gid == "schemers":
            assert v["hands"] == [list(h) for h in s.hands]
            if s.cfg.unt_mode:
                assert v["untouchable"] == s.unt
            if v["auction"] is not None:
                saw_sale = True
                assert v["auction"]["line"] == list(s.auc.line) and v["auction"]["tokens"] == list(s.auc.tokens)
        else:
            assert [p["hand"] for p in v["seats"]] == [list(h) for h in s.hands]
            assert all("score" in p for p in v["seats"])
        if match.over:
            break
        match.run_agents(1, budget=0.05)
    assert match.over
    assert saw_sale or options != {"mode": "rialto"}
