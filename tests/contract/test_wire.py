"""The bytes a networked seat receives hide what the seat may not see, for every
registered game (tests/contract/wire.py), and the check fails for a host that leaks."""
from __future__ import annotations

import pytest

from game import registry
from game.net.table import seat_update
from tests.toygame import ToyBoardRules

from . import support as S
from .wire import check_wire_indistinguishable


@pytest.mark.parametrize("game_id", registry.game_ids())
def test_a_seat_receives_the_same_bytes_for_states_it_cannot_tell_apart(game_id):
    rules = registry.ruleset(game_id)
    totals = {"states": 0, "steps": 0}
    for i, n in enumerate(S.player_counts(rules)[:2]):
        for key, value in check_wire_indistinguishable(rules, n, seed=40 + i, limit=20).items():
            totals[key] += value
    assert totals["states"] >= 10 and totals["steps"] >= totals["states"] // 6, totals


def test_the_toy_board_keeps_the_wire_contract():
    stats = check_wire_indistinguishable(ToyBoardRules(), 3, 4)
    assert stats["states"] > 0 and stats["steps"] > 0, stats


def every_seats_decisions(rules, state, seat, events, **kw):
    """A host with a bug: it sends each seat the open decisions of every seat."""
    update = seat_update(rules, state, seat, events, **kw)
    others = [d._replace(seat=seat) for d in rules.decisions(state) if d.seat != seat]
    extra = seat_update(rules, state, seat, [], decisions=others, result=None, moves=0).decisions
    return update.model_copy(update={"decisions": list(update.decisions) + list(extra)})


def test_a_host_sending_others_decisions_fails_the_wire_check():
    # the toy board's trap window lists ("trap",) only to a seat that holds a trap
    with pytest.raises(AssertionError, match="other bytes"):
        check_wire_indistinguishable(ToyBoardRules(), 3, 4, build=every_seats_decisions)


class LeakyEvents(ToyBoardRules):
    def apply(self, s, seat, action):
        events = super().apply(s, seat, action)
        if action[0] == "speed" and s.sealed is not None:      # the secret picks so far, aloud
            from game.core.rules import event
            events.append(event("chatter", picks={str(p): a[1] for p, a in s.sealed.picks.items()}))
        return events


def test_an_event_telling_a_sealed_pick_fails_the_wire_check():
    with pytest.raises(AssertionError, match="other bytes after"):
        check_wire_indistinguishable(LeakyEvents(), 3, 4)
