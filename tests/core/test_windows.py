"""The kernel's off-turn windows (reaction windows, sealed choices), free moves and
their legality, answer times and the timing setting, and ISMCTS over sealed choices."""
import math

import pytest

from game.ai import ismcts
from game.ai.ismcts import ISMCTSAgent
from game.core.match import Match, SeatInfo
from game.core.rng import RNG
from game.core.rules import Decision, IllegalAction, is_legal
from game.core.windows import PASS, ReactionWindow, SealedChoice
from tests.toygame import ToyBoardRules, ToyRules, board_determinize, reach_of


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


# -- reaction windows -------------------------------------------------------------
def test_reaction_window_all_at_once_asks_everyone_with_the_pass_first():
    w = ReactionWindow("block", [1, 2, 3], timeout=8.0, min_time=1.5)
    ds = w.decisions(lambda seat: (("block",),) if seat == 2 else ())
    assert [d.seat for d in ds] == [1, 2, 3]
    assert [d.actions for d in ds] == [(PASS,), (PASS, ("block",)), (PASS,)]
    # the same clock, timeout, default and minimum for every seat, whatever it holds
    assert {(d.clock, d.timeout, d.default, d.min_time) for d in ds} == {(("window", "block"), 8.0, PASS, 1.5)}
    w.answer(1, PASS)
    assert w.asked() == [2, 3] and w.open
    w.answer(2, ("block",))
    assert w.reacted == [(2, ("block",))]
    w.close()
    assert not w.open and w.decisions(lambda s: ()) == []


def test_reaction_window_clockwise_asks_one_at_a_time_and_refuses_others():
    seats = ReactionWindow.clockwise_from(2, 4, include=lambda s: s != 0)
    assert seats == [3, 1]
    w = ReactionWindow("protect", seats, order="clockwise")
    assert w.asked() == [3]
    with pytest.raises(IllegalAction):
        w.answer(1, PASS)
    w.answer(3, PASS)
    assert w.asked() == [1]
    with pytest.raises(ValueError):
        ReactionWindow("x", [0], order="random")


def test_reaction_window_clone_is_independent():
    w = ReactionWindow("block", [1, 2])
    c = w.clone()
    c.answer(1, ("block",))
    assert w.waiting == [1, 2] and w.reacted == []
    assert c.to_json()["reacted"] == [[1, ["block"]]]


# -- sealed choices ----------------------------------------------------------------
def test_sealed_choice_keeps_picks_secret_until_all_are_in():
    c = SealedChoice("bid", [0, 1, 2])
    ds = c.decisions(lambda seat: (("bid", 0), ("bid", 1)))
    assert all(d.sealed for d in ds) and [d.seat for d in ds] == [0, 1, 2]
    ev = c.commit(1, ("bid", 1))
    public = [e for e in ev if e.to is None]
    assert [e.kind for e in public] == ["sealed"] and "action" not in public[0].data
    assert [e.to for e in ev if e.to is not None] == [(1,)]
    assert c.visible_picks(0) == {} and c.visible_picks(1) == {1: ("bid", 1)}
    with pytest.raises(IllegalAction):
        c.commit(1, ("bid", 0))                  # no second pick
    other = c.clone()
    other.commit(0, ("bid", 0))
    assert c.pending() == [0, 2]
    c.commit(0, ("bid", 0))
    ev = c.commit(2, ("bid", 1))
    assert c.revealed and ev[-1].kind == "reveal" and ev[-1].to is None
    assert ev[-1].data["picks"] == {"0": ["bid", 0], "1": ["bid", 1], "2": ["bid", 1]}
    assert c.visible_picks(0) == c.picks


# -- the toy board: free moves and is_legal -----------------------------------------
def board(seed=1, players=2, **options):
    rules = ToyBoardRules()
    return rules, rules.setup(players, rules.validate_options(options, players), seed)


def to_move(rules, s, speeds=(3, 3)):
    for seat, v in enumerate(speeds):
        rules.apply(s, seat, ("speed", v))
    return rules.decisions(s)[0]


def test_free_move_describes_the_region_and_samples_legal_points():
    rules, s = board()
    d = to_move(rules, s, (3, 1))
    assert d.kind == "move" and d.seat == 1          # the slower moves first
    assert d.free["reach"] == reach_of(1) and d.free["origin"] == s.pos[1] and d.free["blocks"]
    assert len(d.actions) > 4 and all(rules.is_legal(s, 1, a) for a in d.actions)


def test_is_legal_accepts_unlisted_points_and_refuses_walls_reach_and_other_seats():
    rules, s = board()
    d = to_move(rules, s, (1, 1))
    decisions = rules.decisions(s)
    ox, oy = s.pos[0]
    inside = ("move", ox + 1.234, oy + 0.5)
    assert inside not in d.actions
    assert is_legal(rules, s, decisions, 0, inside)
    assert not is_legal(rules, s, decisions, 1, inside)                 # not seat 1's move
    assert not is_legal(rules, s, decisions, 0, ("move", ox + reach_of(1) + 0.01, oy))
    assert not is_legal(rules, s, decisions, 0, ("move", -0.5, oy))      # off the table
    assert not is_legal(rules, s, decisions, 0, ("move", "x", oy))
    # the wall: a point beyond it within reach is refused, the way round it is not
    s.pos[0] = [4.5, 5.0]
    s.speeds[0] = 3
    assert not rules.is_legal(s, 0, ("move", 6.5, 5.0))                 # through the wall
    assert not rules.is_legal(s, 0, ("move", 5.5, 5.0))                 # into the wall
    assert rules.is_legal(s, 0, ("move", 4.5, 1.5))                     # along it
    s.pos[0] = [4.5, 1.5]
    assert rules.is_legal(s, 0, ("move", 6.5, 1.5))                     # round its end
    assert not rules.is_legal(s, 0, ("move", 6.5, 3.5))                 # cutting its corner
    m = Match("toy_board", rules, [SeatInfo("a", "human"), SeatInfo("b", "human")], {}, 1)
    for seat in (0, 1):
        m.submit(seat, ("speed", 2))
    assert m.is_legal(0, ("move", 1.7, 1.7)) and not m.is_legal(0, ("move", 9.0, 1.0))
    with pytest.raises(IllegalAction):
        m.submit(0, ("move", 9.0, 1.0))


def test_listed_actions_stay_legal_without_a_free_choice():
    rules = ToyRules()
    s = rules.setup(2, rules.validate_options({}, 2), 1)
    ds = rules.decisions(s)
    assert is_legal(rules, s, ds, 0, ("bid", 1)) and not is_legal(rules, s, ds, 0, ("bid", 7))
    d = Decision(0, "move", (("move", 1, 1),), free={"verb": "move"})
    assert not is_legal(rules, s, [d], 0, ("move", 2, 2))        # no game is_legal: listed only


def test_the_reaction_window_asks_every_other_seat_alike_whatever_it_holds():
    rules, s = board(seed=3, players=3, react_timeout=6.0, react_min_time=1.25)
    to_move(rules, s, (1, 2, 3))
    s.traps = [False, True, False]
    d = rules.decisions(s)[0]
    rules.apply(s, d.seat, d.actions[1])
    asked = rules.decisions(s)
    assert [x.seat for x in asked] == [1]                  # clockwise after the mover
    assert asked[0].actions == (PASS, ("trap",))
    rules.apply(s, 1, PASS)
    nxt = rules.decisions(s)
    assert [x.seat for x in nxt] == [2] and nxt[0].actions == (PASS,)
    assert (nxt[0].timeout, nxt[0].min_time, nxt[0].clock) == (asked[0].timeout, asked[0].min_time, asked[0].clock)


def test_a_trap_sends_the_piece_back():
    rules, s = board(seed=3)
    to_move(rules, s, (1, 2))
    s.traps = [False, True]
    start = list(s.pos[0])
    d = rules.decisions(s)[0]
    rules.apply(s, 0, d.actions[-1])
    assert s.pos[0] != start
    events = rules.apply(s, 1, ("trap",))
    assert s.pos[0] == start and events[0].kind == "reveal" and s.traps[1] is False


# -- the driver: minimum answer times and the timing setting -------------------------
def board_match(kinds=("human", "human"), clock=None, **options):
    rules = ToyBoardRules()
    return Match("toy_board", rules, [SeatInfo(str(i), k) for i, k in enumerate(kinds)],
                 options, 2, now=clock or FakeClock(), **({} if clock else {}))


def test_ready_at_holds_answers_until_the_minimum_time():
    clock = FakeClock()
    m = board_match(clock=clock, react_timeout=5.0, react_min_time=2.0)
    m.submit(0, ("speed", 1)); m.submit(1, ("speed", 2))
    d = m.decisions()[0]
    m.submit(0, d.actions[1])
    w = m.decisions()[0]
    assert w.kind == "trap" and w.min_time == 2.0
    assert m.ready_at(w) == pytest.approx(1002.0)
    assert not m.ready(w)
    clock.t += 1.9
    assert not m.ready(w)
    clock.t += 0.2
    assert m.ready(w)
    # a decision without a minimum is ready at once
    assert m.ready_at(Decision(0, "turn", (("x",),))) is None


def test_ready_at_is_none_without_clocks():
    rules = ToyBoardRules()
    m = Match("toy_board", rules, [SeatInfo("a"), SeatInfo("b")], {}, 2, now=FakeClock(), clocks=False)
    m.submit(0, ("speed", 1)); m.submit(1, ("speed", 2))
    m.submit(0, m.decisions()[0].actions[1])
    assert m.decisions()[0].min_time and m.ready_at(m.decisions()[0]) is None


def first_turn(kind, scale, clock):
    m = Match("toy", ToyRules(), [SeatInfo("A", kind), SeatInfo("B", kind)], {"clock": 5.0}, 1,
              now=clock, time_scale=scale)
    m.submit(0, ("bid", 1)); m.submit(1, ("bid", 0))
    return m, m.decisions()[0]


@pytest.mark.parametrize("scale,expected", [(1.0, 5.0), (1.5, 7.5), (2.0, 10.0), (None, None)])
def test_time_scale_stretches_human_clocks_and_none_leaves_humans_untimed(scale, expected):
    clock = FakeClock()
    m, d = first_turn("human", scale, clock)
    assert d.kind == "turn" and d.timeout == 5.0
    assert m.time_left(d) == (pytest.approx(expected) if expected is not None else None)
    m, d = first_turn("ai", scale, clock)
    assert m.time_left(d) == pytest.approx(5.0)            # agents keep the rulebook's clock


def test_untimed_humans_never_time_out_while_agents_do():
    clock = FakeClock()
    seats = [SeatInfo("Ada", "human"), SeatInfo("Bo", "human")]
    m = Match("toy", ToyRules(), seats, {"clock": 5.0}, 1, now=clock, time_scale=None)
    m.decisions()
    clock.t += 3600
    assert m.tick() == [] and m.log == []


# -- ISMCTS over sealed choices --------------------------------------------------------
def speed_key(key):
    return isinstance(key, tuple) and len(key) == 2 and isinstance(key[1], tuple) and key[1][:1] == ("speed",)


def walk(node, seen=None):
    seen = seen if seen is not None else set()
    if id(node) in seen:
        return
    seen.add(id(node))
    yield node
    for child in node.children.values():
        yield from walk(child, seen)
    for child in (node.after or {}).values():
        yield from walk(child, seen)


@pytest.mark.parametrize("seat", [0, 1])
def test_ismcts_never_puts_a_seat_under_another_seats_secret_pick(seat, monkeypatch):
    """At a sealed choice each seat selects from its own statistics at the same node:
    no node reached by one seat's secret speed pick has children for another seat's
    secret pick (a coupled tree would put seat 1's picks under seat 0's)."""
    rules, s = board(seed=5)
    agent = ISMCTSAgent(rules, board_determinize, seed=seat, budget=10, max_iterations=400)
    roots = []
    iterate = agent._iterate

    def spy(root, view, decision, me):
        if not roots:
            roots.append(root)
        return iterate(root, view, decision, me)
    monkeypatch.setattr(agent, "_iterate", spy)
    d = next(x for x in rules.decisions(s) if x.seat == seat)
    assert d.sealed
    choice = agent.choose(rules.view(s, seat), d)
    assert choice in d.actions
    root = roots[0]
    assert {k[0] for k in root.children if speed_key(k)} == {0, 1}, "both seats pick at the same node"
    nodes = list(walk(root))
    assert len(nodes) > 50
    for node in nodes:
        for key, child in node.children.items():
            if speed_key(key):
                under = [k for k in child.children if speed_key(k) and k[0] != key[0]]
                assert not under, f"seat {under[0][0]}'s secret pick sits under seat {key[0]}'s {key[1]}"


def test_ismcts_sealed_choice_after_a_committed_pick_never_sees_it():
    """Seat 1 decides after seat 0 committed: the agent sees only that seat 0 is in,
    and its choice does not depend on what seat 0 actually picked."""
    picks = []
    for secret in (1, 3):
        rules, s = board(seed=5)
        rules.apply(s, 0, ("speed", secret))
        view = rules.view(s, 1)
        agent = ISMCTSAgent(rules, board_determinize, seed=9, budget=10, max_iterations=200)
        picks.append(agent.choose(view, rules.decisions(s)[0]))
        assert view["my_pick"] is None and view["committed"] == [0]
    assert picks[0] == picks[1]


def test_board_determinize_agrees_with_the_view():
    rules, s = board(seed=4, players=3)
    rules.apply(s, 2, ("speed", 2))
    for k in range(10):
        d = board_determinize(rules.view(s, 0), 0, RNG(k))
        assert rules.view(d, 0) == rules.view(s, 0)
    assert math.isclose(reach_of(3), 6.0)
