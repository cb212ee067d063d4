"""`bench`'s figures of the Hint and the review (game/ai/advice.py), per game:

hint_ms: the time of a Hint at the game's own Hint budget, over decisions along games of
normal agents where the hard agent searches (a decision it answers by rule of thumb
takes a millisecond and would only flatter the figure): p50, p95, max and how many.
review_s: the seconds a review takes of recorded games in which the reviewed seat made
40 decisions (normal agents at every seat, the game cut after that seat's 40th move; a
game that ends first, as a Schemers game does after a dozen, is followed by the next
seed's until the 40 are made, and the reviews' times are added up).
Both are wall time; `cpu_*` is this thread's CPU time, which waits on a loaded machine do
not inflate.
"""
from __future__ import annotations

import time

from .simulate import percentile

REVIEW_DECISIONS = 40


def _players(ruleset) -> int:
    for n in (2, 3, 4, 5, 6):
        if ruleset.min_players <= n <= ruleset.max_players:
            try:
                ruleset.validate_options({}, n)
            except Exception:            # noqa: BLE001 - OptionsError: not with the defaults
                continue
            return n
    return ruleset.min_players


def hint_ms(game_id: str, hints: int = 20, seed: int = 900) -> dict:
    from .ai import advice
    from . import registry
    spec = registry.get(game_id)
    rules = spec.ruleset()
    players = _players(rules)
    times: list[float] = []
    cpu: list[float] = []
    game = 0
    while len(times) < hints and game < 6:
        state = rules.setup(players, rules.validate_options({}, players), seed + game)
        agents = {i: spec.make_agent("normal", i, seed + i) for i in range(players)}
        steps = 0
        while rules.result(state) is None and len(times) < hints and steps < 2000:
            d = rules.decisions(state)[0]
            view = rules.view(state, d.seat)
            if len(d.actions) > 1 and steps % 2 == 0:
                t0, c0 = time.perf_counter(), time.thread_time()
                h = advice.hint(spec, view, d, seed=steps)
                if h.weighed:
                    times.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.thread_time() - c0) * 1000)
            rules.apply(state, d.seat, agents[d.seat].choose(view, d))
            steps += 1
        game += 1
    return {"p50": round(percentile(times, 50), 1), "p95": round(percentile(times, 95), 1),
            "max": round(max(times), 1) if times else 0.0, "hints": len(times),
            "cpu_p50": round(percentile(cpu, 50), 1), "cpu_p95": round(percentile(cpu, 95), 1)}


def recorded_game(game_id: str, decisions: int = REVIEW_DECISIONS, seat: int = 0, seed: int = 7):
    """A Record of normal agents in which `seat` made `decisions` decisions (fewer if the
    game ends first)."""
    from .core.record import Record
    from . import registry
    spec = registry.get(game_id)
    rules = spec.ruleset()
    players = _players(rules)
    options = rules.validate_options({}, players)
    state = rules.setup(players, options, seed)
    agents = {i: spec.make_agent("normal", i, seed + i) for i in range(players)}
    log, mine = [], 0
    while rules.result(state) is None and mine < decisions and len(log) < 20_000:
        d = rules.decisions(state)[0]
        action = agents[d.seat].choose(rules.view(state, d.seat), d)
        mine += d.seat == seat
        log.append((d.seat, action))
        rules.apply(state, d.seat, action)
    seats = [{"name": f"P{i + 1}", "kind": "human" if i == seat else "ai", "difficulty": "normal"}
             for i in range(players)]
    return Record(game=game_id, options=options, seed=seed, seats=seats, actions=log), mine


def review_s(game_id: str, decisions: int = REVIEW_DECISIONS) -> dict:
    from .ai import advice
    from . import registry
    spec = registry.get(game_id)
    wall = cpu = 0.0
    made = found = games = 0
    while made < decisions and games < 20:
        record, mine = recorded_game(game_id, decisions - made, seed=7 + games)
        t0, c0 = time.perf_counter(), time.thread_time()
        found += len(advice.review(spec, spec.ruleset(), record, 0))
        wall += time.perf_counter() - t0
        cpu += time.thread_time() - c0
        made += mine
        games += 1
    return {"seconds": round(wall, 2), "cpu_seconds": round(cpu, 2), "decisions": made, "games": games,
            "found": found}


def run(game_ids, quick: bool = False, step=lambda label: None) -> dict:
    """{"hint_ms_p95": {game: ms}, "review_s": {game: s}, "advice": {game: details}}."""
    out: dict = {"hint_ms_p95": {}, "review_s": {}, "advice": {}}
    for game_id in game_ids:
        hint = hint_ms(game_id, hints=10 if quick else 20)
        review = review_s(game_id)
        out["hint_ms_p95"][game_id] = hint["p95"]
        out["review_s"][game_id] = review["seconds"]
        out["advice"][game_id] = {"hint_ms": hint, "review": review}
        step(f"{game_id} hint and review")
    return out


__all__ = ["run", "hint_ms", "review_s", "recorded_game", "REVIEW_DECISIONS"]
