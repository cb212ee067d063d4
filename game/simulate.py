"""Play many headless games between agents through the match driver, and measure
who wins and how fast. Used by `python main.py simulate` and by `bench`.

`iterations` (simulate --budget-iterations N) gives every thinking agent a fixed
number of search iterations and no time limit, so a `hard` game is the same game on
any machine: the seed of a game in the report replays it exactly. `progress` is
called with the number of finished games as they finish; Ctrl+C stops the run and
the report covers the games finished so far (`interrupted: true`).
"""
from __future__ import annotations

import signal
import time
import traceback

from .core.match import Match, SeatInfo

MAX_ACTIONS = 20_000          # a game that has not ended by then is reported as an error


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, int(round(q / 100 * (len(ordered) - 1)))))
    return ordered[k]


def seating(names: list[str], game_index: int) -> list[str]:
    """Seats rotate from game to game so no agent always sits first."""
    r = game_index % len(names)
    return names[r:] + names[:r]


class InvariantBroken(Exception):
    """A game's `invariants` reported a broken rule (simulate --check)."""


def make_agents(spec, names: list[str], seed: int, iterations: int | None = None) -> dict:
    """One agent per seat; with `iterations`, the game's make_agent is asked for agents
    that search by count, not by time (TypeError if the game's make_agent cannot)."""
    if iterations is None:
        return {seat: spec.make_agent(name, seat, seed * 7919 + seat) for seat, name in enumerate(names)}
    return {seat: spec.make_agent(name, seat, seed * 7919 + seat, max_iterations=iterations)
            for seat, name in enumerate(names)}


def play_one(game_id: str, options: dict, names: list[str], seed: int, budget=None,
             check: bool = False, iterations: int | None = None):
    """Returns (result, actions, {agent name: {decision kind: [ms]}}) for one game.
    With `check`, the ruleset's `invariants` (if it has them) run after setup and after
    every action; the first broken rule raises InvariantBroken."""
    from . import registry
    spec = registry.get(game_id)
    ruleset = registry.ruleset(game_id)
    agents = make_agents(spec, names, seed, iterations)
    seats = [SeatInfo(f"{name} {seat + 1}", "ai", name) for seat, name in enumerate(names)]
    # no clocks: nothing calls tick() here, so deadlines would be kept for no one
    match = Match(game_id, ruleset, seats, options, seed, agents=agents, validated=True,
                  clocks=False)
    times: dict[str, dict[str, list[float]]] = {name: {} for name in names}
    looks = [getattr(agents[seat], "needs_view", True) for seat in range(len(names))]
    seat_times = [times[name] for name in names]
    clock = time.perf_counter
    invariants = getattr(ruleset, "invariants", None) if check else None
    if invariants is not None:
        _check(invariants(match.state), 0)
    # bound methods in locals: this loop is the games/s figure of `bench` and `simulate`
    result, pending, submit = match.result, match.decisions, match.submit
    choosers = [agents[seat].choose for seat in range(len(names))]
    steps = 0
    while result() is None:
        steps += 1
        if steps > MAX_ACTIONS:
            raise RuntimeError(f"no result after {MAX_ACTIONS} actions")
        decisions = pending()
        if not decisions:
            raise RuntimeError("no decision is open but the game has not ended")
        d = decisions[0]
        seat = d.seat
        view = match.view(seat) if looks[seat] else None
        t0 = clock()
        action = choosers[seat](view, d, budget)
        ms = (clock() - t0) * 1000.0
        by_kind = seat_times[seat]
        bucket = by_kind.get(d.kind)
        if bucket is None:
            bucket = by_kind[d.kind] = []
        bucket.append(ms)
        if invariants is None:
            submit(seat, action)
        else:
            before = ruleset.clone(match.state)      # for the rules about a step
            submit(seat, action)
            _check(invariants(match.state, before), len(match.log))
    return match.result(), len(match.log), times


def _check(broken: list, actions: int) -> None:
    if broken:
        raise InvariantBroken(f"invariant broken after action {actions}: {'; '.join(broken)}")


def all_ms(by_kind: dict) -> list[float]:
    """Every decision time of one agent, whatever the kind."""
    return [ms for bucket in by_kind.values() for ms in bucket]


def ms_summary(ms: list[float]) -> dict:
    return {"p50": round(percentile(ms, 50), 3), "p95": round(percentile(ms, 95), 3),
            "max": round(max(ms), 3) if ms else 0.0, "n": len(ms)}


def _play_game(args):
    """One game of a run: (g, seated, winners, side, actions, times, error)."""
    game_id, options, names, g, seed, budget, check, iterations = args
    seated = seating(names, g)
    try:
        result, actions, times = play_one(game_id, options, seated, seed + g, budget, check, iterations)
        return (g, seated, list(result.winners), getattr(result, "side", None), actions, times, None)
    except InvariantBroken as exc:
        return (g, seated, None, None, 0, {}, str(exc))
    except Exception as exc:  # a bug in a game: reported per seed, the run goes on
        return (g, seated, None, None, 0, {}, f"{type(exc).__name__}: {exc} "
                f"[{traceback.extract_tb(exc.__traceback__)[-1].name}]")


def _ignore_sigint() -> None:
    """Workers leave Ctrl+C to the parent, which stops them and reports what finished."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def simulate(game_id: str, options: dict, names: list[str], games: int, seed: int,
             budget=None, jobs: int = 1, check: bool = False, iterations: int | None = None,
             progress=None) -> dict:
    """`check`: run the game's invariants after every action; a broken one ends that game
    and is reported as its error (see play_one). `iterations`: search by count, not by
    time (reproducible `hard`). `progress(done)` is called after each finished game.
    Ctrl+C (KeyboardInterrupt) ends the run early: the report then covers the finished
    games and says `interrupted`."""
    start = time.perf_counter()
    tasks = ((game_id, options, names, g, seed, budget, check, iterations) for g in range(games))
    rows: list = []
    interrupted = False
    if jobs > 1 and games > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs, initializer=_ignore_sigint)
        try:
            for row in pool.imap_unordered(_play_game, tasks, chunksize=1):
                rows.append(row)
                if progress is not None:
                    progress(len(rows))
            pool.close()
        except KeyboardInterrupt:
            interrupted = True
            pool.terminate()
        finally:
            pool.join()
    else:
        try:
            for task in tasks:
                rows.append(_play_game(task))
                if progress is not None:
                    progress(len(rows))
        except KeyboardInterrupt:
            interrupted = True
    rows.sort(key=lambda row: row[0])
    seconds = time.perf_counter() - start
    from . import registry
    checked = bool(check) and callable(getattr(registry.ruleset(game_id), "invariants", None))
    players = len(names)
    wins_by_seat = [0.0] * players
    wins_by_agent = {name: 0.0 for name in names}
    wins_by_side: dict[str, int] = {}
    decision_ms: dict[str, dict[str, list[float]]] = {}
    errors, finished, draws, total_actions = [], 0, 0, 0
    for g, seated, winners, side, actions, times, error in rows:
        if error:
            errors.append({"seed": seed + g, "agents": list(seated), "message": error})
            continue
        finished += 1
        total_actions += actions
        if side is not None:          # a game played against the game itself: who won, as a side
            wins_by_side[str(side)] = wins_by_side.get(str(side), 0) + 1
        if not winners:
            draws += 1
        for w in winners:
            share = 1.0 / len(winners)
            wins_by_seat[w] += share
            wins_by_agent[seated[w]] += share
        for name, by_kind in times.items():
            mine = decision_ms.setdefault(name, {})
            for kind, ms in by_kind.items():
                mine.setdefault(kind, []).extend(ms)
    return {
        "game": game_id, "players": players, "agents": names, "games": games,
        "finished": finished, "errors": errors, "checked": checked,
        "interrupted": interrupted, "iterations": iterations, "seed": seed,
        "wins_by_seat": wins_by_seat, "wins_by_agent": wins_by_agent, "wins_by_side": wins_by_side,
        "win_rate_by_agent": {n: round(w / max(1, finished), 4) for n, w in wins_by_agent.items()},
        "draws": draws,
        "mean_actions": total_actions / max(1, finished),
        "seconds": round(seconds, 3),
        "games_per_s": round(finished / seconds, 2) if seconds else 0.0,
        "actions_per_s": round(total_actions / seconds, 1) if seconds else 0.0,
        "decision_ms": {name: {**ms_summary(all_ms(by_kind)),
                               "by_kind": {k: ms_summary(v) for k, v in sorted(by_kind.items())}}
                        for name, by_kind in decision_ms.items()},
    }


def describe(report: dict) -> str:
    addons = "".join(f" +{a}" for a in report.get("addons") or ())
    lines = [f"{report['game']} {report.get('mode') or ''}{addons} {report['players']} players, "
             f"{report['finished']}/{report['games']} games in {report['seconds']} s "
             f"({report['games_per_s']} games/s, {report['actions_per_s']} actions/s)"
             + (f", invariants checked after every action, {len(report['errors'])} errors"
                if report.get("checked") else "")]
    if report.get("interrupted"):
        lines.append(f"  interrupted (Ctrl+C): the figures cover the {report['finished']} games finished")
    if report.get("iterations"):
        lines.append(f"  thinking agents searched {report['iterations']} iterations per decision "
                     f"(reproducible: same --seed, same games)")
    for side, wins in sorted((report.get("wins_by_side") or {}).items()):
        share = wins / max(1, report["finished"])
        lines.append(f"  side {side:9s}: {wins} wins ({share:.1%})")
    for name, wins in report["wins_by_agent"].items():
        seats = report["agents"].count(name)
        share = min(1.0, wins / max(1, report["finished"]))     # shared wins can sum past 1 by a hair
        margin = 1.96 * (share * (1 - share) / max(1, report["finished"])) ** 0.5
        lines.append(f"  {name:7s} ×{seats}: {wins:g} wins ({share:.1%} ± {margin:.1%}; parity {seats / report['players']:.0%})")
    if report["draws"]:
        lines.append(f"  no winner: {report['draws']}")
    for name, ms in report["decision_ms"].items():
        lines.append(f"  {name:7s} decision ms p50 {ms['p50']} p95 {ms['p95']} max {ms['max']}")
        by_kind = ms.get("by_kind", {})
        if any(v["p95"] >= 1.0 for v in by_kind.values()):   # an agent that thinks: p95 per kind
            kinds = ", ".join(f"{k} {v['p95']}" for k, v in by_kind.items())
            lines.append(f"  {'':7s}   p95 by kind: {kinds}")
    for err in report["errors"][:10]:
        lines.append(f"  ERROR seed {err['seed']}: {err['message']}")
        if err.get("agents"):
            lines.append(f"    alone: --seed {err['seed']} --games 1 --agents {','.join(err['agents'])}")
    if len(report["errors"]) > 10:
        lines.append(f"  … and {len(report['errors']) - 10} more errors (--json lists them all)")
    return "\n".join(lines)
