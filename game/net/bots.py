"""Headless seats that play over the wire: the tests, `bench --json`'s net figures.

`play_random(session, rng)` answers every decision its SeatSession receives with a
random listed action, optionally at a human pace (a pause before each answer), until
the game is over or the session closes. It acts on the newest update only and answers
again when a refusal arrives (its view was stale), so it never stalls a table.
"""
from __future__ import annotations

import asyncio
import random
import time

from .client import SeatSession


async def play_random(session: SeatSession, rng: random.Random, pace: tuple[float, float] = (0.0, 0.0),
                      timeout: float = 60.0, round_trips: list | None = None) -> dict | None:
    """Play until the result; returns it (None if the session closed or time ran out).
    `round_trips` collects seconds from sending an action to the update applying it
    (not for answers to a window with a minimum time: the host holds those on purpose)."""
    deadline = time.monotonic() + timeout
    acted_on = -1
    refusals_seen = 0
    sent_at: dict[int, float] = {}
    while time.monotonic() < deadline and session.state != "closed":
        update = session.update
        if update is not None and update.result is not None:
            return update.result
        if round_trips is not None:
            for n, at in list(session.acks.items()):
                if n in sent_at:
                    round_trips.append(at - sent_at.pop(n))
            session.acks.clear()
        refusals = session.refusals
        fresh = update is not None and (update.moves != acted_on or refusals != refusals_seen)
        refusals_seen = refusals
        if fresh and update.decisions and session.state == "playing":
            decision = update.decisions[rng.randrange(len(update.decisions))]
            if decision.actions:
                if pace[1] > 0:
                    await asyncio.sleep(rng.uniform(*pace))
                    if session.update is not update:
                        continue               # the table moved on while we thought
                acted_on = update.moves
                n = await session.act(decision.actions[rng.randrange(len(decision.actions))])
                if not decision.min_time:          # a held answer's wait is the rules', not the wire's
                    sent_at[n] = time.monotonic()
        try:
            await asyncio.wait_for(session.updates.get(), 0.5)
        except asyncio.TimeoutError:
            acted_on = -1 if update is not None and update.decisions else acted_on
        while not session.updates.empty():
            session.updates.get_nowait()
    update = session.update
    return update.result if update is not None else None
