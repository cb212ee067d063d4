"""Indistinguishability over the wire: the bytes a seat's client receives from a host
(`game.net.table.seat_update`, encoded by `game.net.protocol.encode`) are the same for
two states that differ only in what that seat may not see — the view, the events the
seat may see, its own decisions and their clocks, all of it. Built on support.py's
states and `perturb_hidden`, as `check_indistinguishable` is for views and events."""
from __future__ import annotations

import random

from game.core.rng import RNG
from game.core.rules import IllegalAction, is_legal
from game.net.protocol import encode
from game.net.table import seat_update

from . import support as S


def fixed_clock(decision):
    """The host's clock as a client reads it, frozen: the full time of a fresh decision."""
    return decision.timeout


def wire_bytes(ruleset, state, seat, events, moves, build=seat_update) -> bytes:
    return encode(build(ruleset, state, seat, events, moves=moves, time_left=fixed_clock)).encode()


def check_wire_indistinguishable(ruleset, players: int, seed: int, every: int = 3, limit: int = 30,
                                 build=seat_update) -> dict:
    """For states along a random game and every seat: the seat's bytes for the state and
    for `perturb_hidden(state, seat)` are equal; and after the same next step, where it
    reveals nothing to the seat, its bytes (with that step's events) are equal again."""
    rng = RNG(seed)
    rnd = random.Random(seed)
    stats = {"states": 0, "steps": 0}
    for k, state in enumerate(S.sample_states(ruleset, players, seed, every, limit)):
        for seat in range(players):
            other = ruleset.perturb_hidden(state, seat, rng)
            mine = wire_bytes(ruleset, state, seat, [], k, build)
            theirs = wire_bytes(ruleset, other, seat, [], k, build)
            assert mine == theirs, f"seat {seat} receives other bytes for a state it cannot tell apart " \
                                   f"(seed {seed})\n{_first_byte_difference(mine, theirs)}"
            stats["states"] += 1
            step = S.random_step(ruleset, state, rnd)
            if step is None or not is_legal(ruleset, other, ruleset.decisions(other), *step):
                continue
            a, b = ruleset.clone(state), ruleset.clone(other)
            try:
                ev_a, ev_b = ruleset.apply(a, *step), ruleset.apply(b, *step)
            except IllegalAction:
                continue
            if S.canon(ruleset.view(a, seat)) != S.canon(ruleset.view(b, seat)):
                continue                          # the step showed the seat something hidden
            if any(S._reveals(e, seat) for e in ev_a + ev_b if e.visible_to(seat)):
                continue
            after_a = wire_bytes(ruleset, a, seat, ev_a, k + 1, build)
            after_b = wire_bytes(ruleset, b, seat, ev_b, k + 1, build)
            assert after_a == after_b, f"seat {seat} receives other bytes after {step} in two states it " \
                                       f"cannot tell apart (seed {seed})\n{_first_byte_difference(after_a, after_b)}"
            stats["steps"] += 1
    return stats


def _first_byte_difference(a: bytes, b: bytes) -> str:
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"at byte {i}: …{a[max(0, i - 60):i + 60]!r}\n     vs …{b[max(0, i - 60):i + 60]!r}"
