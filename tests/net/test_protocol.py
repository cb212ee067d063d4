"""The wire format: an update's hand-laid encoding is pydantic's, byte for byte, for
every game's real updates; the client reads back what the server wrote; and the client's
messages are refused when malformed, with a one-line reason."""
from __future__ import annotations

import json
import random

import pytest

from game import registry
from game.net import protocol as P
from game.net.table import seat_update

SETUPS = {"monster_shop": 4}


@pytest.mark.parametrize("game", registry.game_ids())
def test_an_update_encodes_as_pydantic_would_and_reads_back(game):
    rules = registry.ruleset(game)
    players = SETUPS.get(game, max(2, rules.min_players))
    state = rules.setup(players, rules.validate_options({}, players), 3)
    rnd = random.Random(1)
    checked = 0
    for moves in range(60):
        decisions = rules.decisions(state)
        if not decisions:
            break
        d = decisions[rnd.randrange(len(decisions))]
        events = rules.apply(state, d.seat, d.actions[rnd.randrange(len(d.actions))])
        for seat in range(players):
            update = seat_update(rules, state, seat, events, moves=moves, time_left=lambda d: 7.25)
            fast = P.encode(update)
            slow = json.dumps(update.model_dump(mode="json"), sort_keys=True, separators=(",", ":"),
                              ensure_ascii=False)
            assert fast == slow, f"{game} move {moves} seat {seat}"
            assert P.encode(P.parse_server(fast)) == fast
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("frame, why", [
    ("nope", "not JSON"), ("[]", "not a JSON object"), ('{"type": "action", "n": 1, "action": []}', "action"),
    ('{"type": "action", "n": 1, "action": [1, 2]}', "verb"),
    ('{"type": "action", "n": 1, "action": ["a", {"x": 1}]}', "action"),
    ('{"type": "action", "n": 1, "action": ["a"' + ', ["b"' * 10 + "]" * 10 + "]}", "deep"),
    ('{"type": "hello", "app_version": "1", "name": ""}', "name"),
    ('{"type": "join", "token": "abc"}', "token"),
    ('{"type": "create", "game": "schemers", "seats": [{"kind": "ai"}]}', "person"),
])
def test_a_malformed_client_message_is_a_protocol_error_in_one_line(frame, why):
    with pytest.raises(P.ProtocolError) as err:
        P.parse_client(frame)
    assert "\n" not in str(err.value) and len(str(err.value)) <= 200
