"""Random legal playouts with invariants after every step (300+ games per mode, with and
without Taglia), and how the golden replays were made."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.match import Match
from game.core.rng import RNG
from game.games.schemers import engine

from .test_util import count_cards, rules

GOLDEN = Path(__file__).parent / "golden"
PLAYERS = {"standard": (2, 3, 4, 5, 6), "intoccabile": (3, 4, 5, 6), "campanile": (2, 3, 4, 6),
           "rialto": (3, 4, 5, 6), "carnevale": (2, 3, 5, 7)}


def check_playouts(mode, addons, games, hotseat=False, seed=0):
    """Every step of `games` random games must keep `R.invariants` (rules.py: card count,
    ducats and tokens never negative, VC-010, VC-042, decisions with a legal default, one
    winner at the end), and the decisions `apply` keeps after a pass must equal a fresh
    build."""
    R = rules()
    rng = RNG(seed + len(mode))
    for g in range(games):
        n = PLAYERS[mode][g % len(PLAYERS[mode])]
        opts = R.validate_options({"mode": mode, "addons": addons, "hotseat": hotseat}, n)
        s = R.setup(n, opts, 7919 * g + seed)
        assert count_cards(s) == (25 if mode == "carnevale" else 15)
        steps = 0
        while True:
            broken = R.invariants(s)
            assert broken == [], f"game {g} ({n}p) after {steps} steps: {broken}"
            res = R.result(s)
            if res is not None:
                break
            ds = R.decisions(s)
            assert ds == engine._build(s), "decisions kept after a pass differ from a rebuild"
            d = ds[rng.below(len(ds))]
            a = d.actions[rng.below(len(d.actions))]
            before = s.coins[d.seat]
            R.apply(s, d.seat, a)
            if d.kind == "turn" and d.seat == s.unt:
                assert a[0] not in ("income", "casino")
            if d.kind == "turn" and before >= s.cfg.forced_at:
                assert a[0] == "canal"
            steps += 1
            assert steps < 2000
        assert len(res.winners) == 1 and s.hands[res.winners[0]]


def test_invariants_report_a_corrupted_state():
    """The checks can fail: each corruption is reported with its checklist id."""
    R = rules()
    s = R.setup(4, R.validate_options({"mode": "intoccabile"}, 4), 0)
    assert R.invariants(s) == [] and s.unt != s.turn
    offered = R.decisions(s)                      # a normal turn: Fare, Casino, claims
    assert ("income",) in offered[0].actions

    def corrupt(change, dec=None):
        c = R.clone(s)
        change(c)
        c.dec = dec
        return R.invariants(c)

    assert any(m.startswith("VC-002") for m in corrupt(lambda c: c.deck.pop()))
    assert any("negative ducats" in m for m in corrupt(lambda c: c.coins.__setitem__(1, -1)))
    # the same choices offered at 10 ducats, or to the Untouchable
    assert any(m.startswith("VC-010") for m in corrupt(lambda c: c.coins.__setitem__(c.turn, 10), offered))
    assert any(m.startswith("VC-042") for m in corrupt(lambda c: setattr(c, "unt", c.turn), offered))
    assert any("no decision is open" in m for m in corrupt(lambda c: None, ()))
    assert any(m.startswith("VC-031") for m in
               corrupt(lambda c: None, (offered[0]._replace(default=("nonsense",)),)))


@pytest.mark.parametrize("mode", list(PLAYERS))
@pytest.mark.parametrize("addons", [[], ["taglia"]])
def test_random_playouts_keep_every_invariant(mode, addons):
    check_playouts(mode, addons, 300)


def test_random_playouts_rialto_hotseat_sealed_bids():
    check_playouts("rialto", ["taglia"], 300, hotseat=True)


def test_random_playouts_through_the_match_driver_with_clocks():
    """Timeouts: a fake clock lets every decision run out now and then."""
    R = rules()
    for mode, n in (("campanile", 3), ("intoccabile", 4), ("rialto", 4)):
        now = [0.0]
        rng = RNG(5)
        m = Match("schemers", R, [__import__("game.core.match", fromlist=["SeatInfo"]).SeatInfo(str(i), "human")
                                  for i in range(n)], {"mode": mode}, 17, now=lambda: now[0])
        steps = 0
        while not m.over and steps < 3000:
            ds = m.decisions()
            if rng.below(3) == 0:
                now[0] += 60.0
                m.tick()
            else:
                d = ds[rng.below(len(ds))]
                m.submit(d.seat, d.actions[rng.below(len(d.actions))])
            steps += 1
        assert m.over


# The golden replays (golden/*.json) are replayed to their digest by the contract suite
# (tests/contract: test_golden_replays_reach_their_digest[schemers:...]); this file
# only keeps how they were made.


GOLDEN_GAMES = [  # (file stem, options, players, seed, agents)
    ("schemers_standard_4p", {"mode": "standard"}, 4, 101, "normal"),
    ("schemers_intoccabile_taglia_4p", {"mode": "intoccabile", "addons": ["taglia"]}, 4, 202, "normal"),
    ("schemers_campanile_3p", {"mode": "campanile"}, 3, 303, "easy"),
    ("schemers_rialto_4p", {"mode": "rialto"}, 4, 404, "normal"),
    ("schemers_rialto_hotseat_3p", {"mode": "rialto", "hotseat": True}, 3, 505, "normal"),
    ("schemers_carnevale_taglia_5p", {"mode": "carnevale", "addons": ["taglia"]}, 5, 606, "random"),
]


def regenerate_golden():
    """python -m tests.games.schemers.test_playouts — rewrites tests/games/schemers/golden/schemers_*.json.
    Only after a deliberate rules change: the point of a golden file is that it does not move."""
    from game.core.match import SeatInfo
    from game.core.record import write_record
    from game.games.schemers import SPEC

    R = rules()
    for stem, options, n, seed, level in GOLDEN_GAMES:
        agents = {i: SPEC.make_agent(level, i, seed + i) for i in range(n)}
        m = Match("schemers", R, [SeatInfo(f"{level} {i + 1}", "ai", level) for i in range(n)], options, seed,
                  agents=agents)
        while not m.over:
            m.run_agents(1)
        rec = m.record()
        rec.extra = {"winner": m.result().winners[0], "note": "generated by regenerate_golden()"}
        write_record(GOLDEN / f"{stem}.json", rec)
        print(stem, len(rec.actions), "actions, winner", rec.extra["winner"])


if __name__ == "__main__":
    regenerate_golden()
