"""Hidden information (CHECKLIST §3.6): a seat's view must not change when anything that
seat may not see changes. Many random states of every mode; for each seat (and the
spectator) the hidden parts are scrambled and the view must stay byte-identical."""
from __future__ import annotations

import json

import pytest

from game.core.rng import RNG
from game.games.schemers import engine as E

from tests.contract.support import check_indistinguishable

from .test_util import rules

MODES = [("standard", 4, False), ("standard", 2, False), ("intoccabile", 4, False),
         ("campanile", 3, False), ("rialto", 4, False), ("rialto", 3, True), ("carnevale", 5, False)]


def random_states(mode, players, hotseat, games=25, every=2, seed=0):
    R = rules()
    opts = R.validate_options({"mode": mode, "hotseat": hotseat, "addons": ["taglia"]}, players)
    rng = RNG(seed)
    for g in range(games):
        s = R.setup(players, opts, 1000 * seed + g)
        step = 0
        while R.result(s) is None:
            if step % every == 0:
                yield s
            ds = R.decisions(s)
            d = ds[rng.below(len(ds))]
            R.apply(s, d.seat, d.actions[rng.below(len(d.actions))])
            step += 1
        yield s


def canon(view) -> str:
    return json.dumps(view, sort_keys=True)


@pytest.mark.parametrize("mode,players,hotseat", MODES)
def test_views_do_not_change_when_hidden_information_changes(mode, players, hotseat):
    R = rules()
    rng = RNG(99)
    checked = 0
    for s in random_states(mode, players, hotseat):
        for viewer in list(range(players)) + [None]:
            v = canon(R.view(s, viewer))
            for _ in range(2):
                assert canon(R.view(R.perturb_hidden(s, viewer, rng), viewer)) == v, \
                    (mode, viewer, E.PHASES[s.phase])
            checked += 1
    assert checked > 200


@pytest.mark.parametrize("mode,players,hotseat", MODES)
def test_events_tell_a_seat_nothing_hidden_in_every_mode(mode, players, hotseat):
    """The contract's indistinguishability check (views and the events a seat receives)
    in every mode, sealed Rialto bids and the Untouchable among them."""
    R = rules()
    totals = {"states": 0, "changed": 0, "events": 0}
    for seed in range(8):
        stats = check_indistinguishable(R, players, seed, every=2, limit=30,
                                        opts={"mode": mode, "hotseat": hotseat, "addons": ["taglia"]})
        for k, v in stats.items():
            totals[k] += v
    assert totals["events"] > 50 and totals["changed"] > totals["states"] // 2, totals


@pytest.mark.parametrize("mode,players,hotseat", MODES)
def test_own_hand_and_own_draw_are_shown(mode, players, hotseat):
    R = rules()
    for s in random_states(mode, players, hotseat, games=8):
        for seat in range(players):
            v = R.view(s, seat)
            assert v["hand"] == s.hands[seat]
            if s.phase == E.EXCHANGE:
                assert v["drawn"] == (s.drawn if seat == s.actor else None)
        assert R.view(s, None)["hand"] is None


def test_private_events_go_to_their_owner_and_public_twins_hide_the_card():
    R = rules()
    opts = R.validate_options({"mode": "intoccabile"}, 4)
    rng = RNG(3)
    seen_private = 0
    for g in range(150):
        s = R.setup(4, opts, g)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            for e in R.apply(s, d.seat, d.actions[rng.below(len(d.actions))]):
                if e.to is not None:
                    seen_private += 1
                    assert len(e.to) == 1
                    continue
                if e.kind == "move" and not e.data["face_up"]:
                    assert e.data["card"] is None, e
                if e.kind == "log":
                    assert "drawn" not in e.data["params"]
    assert seen_private > 100


def test_untouchable_status_is_hidden_until_proven_and_bids_stay_anonymous():
    R = rules()
    for s in random_states("intoccabile", 4, False, games=30):
        for seat in range(4):
            u = R.view(s, seat)["untouchable"]
            if s.proven:
                assert u == s.unt
            else:
                assert u == (s.unt if seat == s.unt else None)
    for s in random_states("rialto", 4, False, games=10, every=1):
        if s.auc is None:
            continue
        for seat in list(range(4)) + [None]:
            a = R.view(s, seat)["auction"]
            assert set(a) <= {"card", "line", "price", "bids", "sold", "sealed_in", "tokens", "need",
                              "leading", "my_sealed"}
            if seat is None:
                assert "tokens" not in a and "leading" not in a
