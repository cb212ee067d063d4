"""The contract every registered game keeps, as plain functions over a Ruleset.

tests/contract/test_contract.py runs them for each game of the registry (the game id
is in every test's name); tests/contract/test_checks_fail.py shows that each of them
fails on a toy game that breaks its rule. A check raises AssertionError saying what
broke, with the game, the seed and the step, so a failure can be replayed.

Counts are modest on purpose: the whole contract suite for every game stays within a
couple of minutes on two cores. A game's own tests go deeper.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from game.core.match import Match, SeatInfo
from game.core.record import read_record, state_digest
from game.core.rng import RNG
from game.core.rules import GAME, PLAYERS, IllegalAction, is_legal

ROOT = Path(__file__).resolve().parents[2]
MAX_STEPS = 20_000           # a random game that has not ended by then never will
# Events that show a seat something that was hidden (a completed Dark Deed turned over,
# a card drawn): after them two states the seat could not tell apart may tell different
# things, by the rules. So may an event marked data["barrier"] and a private event to
# the seat (see _reveals).
REVEAL_KINDS = frozenset({"reveal", "draw", "deal"})


def canon(value) -> str:
    """A canonical JSON text (tuples and lists alike): views, events and snapshots."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=_refuse)


def _refuse(value):
    raise TypeError(f"{type(value).__name__} is not JSON-serialisable: {value!r}")


def player_counts(ruleset) -> list[int]:
    """The fewest, the most and a middle number of seats the default options allow."""
    ok = []
    for n in range(ruleset.min_players, ruleset.max_players + 1):
        try:
            ruleset.validate_options({}, n)
        except Exception:             # noqa: BLE001 - OptionsError: not with the defaults
            continue
        ok.append(n)
    assert ok, "no number of players works with the default options"
    return sorted({ok[0], ok[-1], ok[len(ok) // 2]})


def usual_players(ruleset) -> int:
    counts = player_counts(ruleset)
    return counts[len(counts) // 2]


def options(ruleset, players: int, opts: dict | None = None) -> dict:
    return ruleset.validate_options(dict(opts or {}), players)


def random_step(ruleset, state, rnd: random.Random):
    """One random answer to one of the open decisions: (seat, action), or None."""
    decisions = ruleset.decisions(state)
    if not decisions:
        return None
    d = decisions[rnd.randrange(len(decisions))]
    assert d.actions, f"seat {d.seat}'s {d.kind} decision lists no action"
    return d.seat, d.actions[rnd.randrange(len(d.actions))]


def check_result(ruleset, state, players: int, where: str) -> None:
    res = ruleset.result(state)
    assert len(res.scores) == players, f"{where}: {len(res.scores)} scores for {players} seats"
    assert all(0 <= w < players for w in res.winners), f"{where}: winners {res.winners}"
    assert res.side in (None, PLAYERS, GAME), f"{where}: side {res.side!r}"
    rewards = res.reward_vector(players)
    assert all(0.0 <= r <= 1.0 for r in rewards), f"{where}: rewards {rewards} outside [0, 1]"
    if res.rewards is not None:
        assert len(res.rewards) == players, f"{where}: {len(res.rewards)} rewards for {players} seats"
    assert not ruleset.decisions(state), f"{where}: decisions are still open after the end"
    canon(ruleset.view(state, 0))


def check_playouts(ruleset, games: int, seed: int = 0) -> int:
    """Random games to the end with `invariants(state, before)` after every step, every
    listed action legal by `is_legal`, a nonsense action refused without a change, and
    a sound result. Returns the number of steps played."""
    invariants = getattr(ruleset, "invariants", None)
    total = 0
    for g in range(games):
        counts = player_counts(ruleset)
        n = counts[g % len(counts)]
        game_seed = seed * 1000 + g
        state = ruleset.setup(n, options(ruleset, n), game_seed)
        rnd = random.Random(game_seed)
        where = f"{n} players, seed {game_seed}"
        if invariants is not None:
            broken = invariants(state)
            assert broken == [], f"{where}, at setup: {broken}"
        steps = 0
        while ruleset.result(state) is None:
            decisions = ruleset.decisions(state)
            assert decisions, f"{where}, step {steps}: no decision is open and no result"
            if steps % 25 == 0:
                for d in decisions:
                    assert all(is_legal(ruleset, state, decisions, d.seat, a) for a in d.actions), \
                        f"{where}, step {steps}: a listed action of seat {d.seat} is not legal"
                before = canon(ruleset.snapshot(state))
                try:
                    ruleset.apply(state, decisions[0].seat, ("__nonsense__", 99))
                    raise AssertionError(f"{where}, step {steps}: a nonsense action was accepted")
                except IllegalAction:
                    pass
                assert canon(ruleset.snapshot(state)) == before, \
                    f"{where}, step {steps}: a refused action changed the state"
            seat, action = random_step(ruleset, state, rnd)
            before = ruleset.clone(state) if invariants is not None else None
            ruleset.apply(state, seat, action)
            steps += 1
            if invariants is not None:
                broken = invariants(state, before)
                assert broken == [], f"{where}, after step {steps} ({seat}: {action}): {broken}"
            assert steps < MAX_STEPS, f"{where}: no result after {MAX_STEPS} random steps"
        check_result(ruleset, state, n, where)
        total += steps
    return total


def play_log(ruleset, players: int, seed: int, max_steps: int = MAX_STEPS):
    """A random game's action log and the digest after every step."""
    state = ruleset.setup(players, options(ruleset, players), seed)
    rnd = random.Random(seed)
    log, digests = [], [state_digest(ruleset, state)]
    while ruleset.result(state) is None and len(log) < max_steps:
        seat, action = random_step(ruleset, state, rnd)
        ruleset.apply(state, seat, action)
        log.append((seat, action))
        digests.append(state_digest(ruleset, state))
    return log, digests


def check_determinism(ruleset, players: int, seed: int) -> None:
    """The same seed deals the same game, and seed + log replay it step for step."""
    log, digests = play_log(ruleset, players, seed)
    again = ruleset.setup(players, options(ruleset, players), seed)
    assert state_digest(ruleset, again) == digests[0], f"seed {seed}: two setups differ"
    for i, (seat, action) in enumerate(log, 1):
        ruleset.apply(again, seat, action)
        assert state_digest(ruleset, again) == digests[i], f"seed {seed}: the replay differs at step {i}"
    other = ruleset.setup(players, options(ruleset, players), seed + 1)
    assert state_digest(ruleset, other) != digests[0], "another seed deals the same state"


def sample_states(ruleset, players: int, seed: int, every: int, limit: int = 60, opts: dict | None = None):
    """States along a random game (every `every` steps, at most `limit`)."""
    state = ruleset.setup(players, options(ruleset, players, opts), seed)
    rnd = random.Random(seed)
    steps = 0
    out = []
    while ruleset.result(state) is None and len(out) < limit and steps < MAX_STEPS:
        if steps % every == 0:
            out.append(ruleset.clone(state))
        seat, action = random_step(ruleset, state, rnd)
        ruleset.apply(state, seat, action)
        steps += 1
    return out


def check_clone_independence(ruleset, players: int, seed: int, every: int = 7) -> int:
    """A clone equals its original, and playing the clone to the end (and asking it
    everything) never changes the original; the original then replays the clone's steps
    to the same state."""
    checked = 0
    for state in sample_states(ruleset, players, seed, every, limit=12):
        before = canon(ruleset.snapshot(state))
        copy = ruleset.clone(state)
        assert canon(ruleset.snapshot(copy)) == before, "a clone differs from its original"
        rnd = random.Random(checked)
        trail = []
        while ruleset.result(copy) is None and len(trail) < 400:
            for seat in range(players):
                ruleset.view(copy, seat)
            step = random_step(ruleset, copy, rnd)
            ruleset.apply(copy, *step)
            trail.append(step)
        assert canon(ruleset.snapshot(state)) == before, \
            f"playing {len(trail)} steps on a clone changed the original (seed {seed})"
        for seat, action in trail:
            ruleset.apply(state, seat, action)
        assert canon(ruleset.snapshot(state)) == canon(ruleset.snapshot(copy)), \
            "the original, given the clone's steps, does not reach the clone's state"
        checked += 1
    return checked


def check_save_load(game_id: str, ruleset, players: int, seed: int, path: Path, steps: int = 40) -> None:
    """A match saved part-way and at the end loads back to the same digest and log."""
    seats = [SeatInfo(f"P{i}", "human") for i in range(players)]
    match = Match(game_id, ruleset, seats, {}, seed, clocks=False)
    rnd = random.Random(seed)
    for stage in (steps, MAX_STEPS):
        while not match.over and len(match.log) < stage:
            match.submit(*random_step(ruleset, match.state, rnd))
        match.save(path)
        again = Match.from_record(read_record(path, known_games={game_id}), ruleset)
        assert state_digest(ruleset, again.state) == state_digest(ruleset, match.state)
        assert again.log == match.log
        assert canon(ruleset.view(again.state, 0)) == canon(ruleset.view(match.state, 0))
    assert match.over


def check_views_json(ruleset, players: int, seed: int, every: int = 3) -> int:
    """Every seat's view (and the spectator's) and every event is JSON-serialisable."""
    state = ruleset.setup(players, options(ruleset, players), seed)
    rnd = random.Random(seed)
    steps = checked = 0
    while ruleset.result(state) is None and steps < MAX_STEPS:
        if steps % every == 0:
            for seat in list(range(players)) + [None]:
                view = ruleset.view(state, seat)
                assert isinstance(view, dict)
                canon(view)
                checked += 1
        seat, action = random_step(ruleset, state, rnd)
        for ev in ruleset.apply(state, seat, action):
            canon([ev.kind, ev.data, ev.to])
        steps += 1
    for seat in list(range(players)) + [None]:
        canon(ruleset.view(state, seat))
    return checked


def check_indistinguishable(ruleset, players: int, seed: int, every: int = 3, limit: int = 40,
                            opts: dict | None = None) -> dict:
    """For states along a random game and every seat: `perturb_hidden(state, seat, rng)`
    changes only what the seat may not see, so the seat's view is the same, and the
    same next action, where legal in both, gives the seat the same events whenever it
    reveals nothing to that seat (its views after the step are equal too, and no event
    it sees reveals something: `_reveals`). Returns
    counts: states, perturbations that changed something, event steps compared."""
    perturb = getattr(ruleset, "perturb_hidden", None)
    assert callable(perturb), "the ruleset has no perturb_hidden(state, seat, rng)"
    rng = RNG(seed)
    rnd = random.Random(seed)
    stats = {"states": 0, "changed": 0, "events": 0}
    for state in sample_states(ruleset, players, seed, every, limit, opts):
        original = canon(ruleset.snapshot(state))
        for seat in range(players):
            other = perturb(state, seat, rng)
            assert canon(ruleset.snapshot(state)) == original, "perturb_hidden changed the state it was given"
            mine = canon(ruleset.view(state, seat))
            assert canon(ruleset.view(other, seat)) == mine, \
                f"seat {seat}'s view changed when only what it may not see changed (seed {seed})\n" \
                f"{_first_difference(ruleset.view(state, seat), ruleset.view(other, seat))}"
            invariants = getattr(ruleset, "invariants", None)
            if invariants is not None:
                assert invariants(other) == [], f"perturb_hidden made a broken state: {invariants(other)}"
            stats["states"] += 1
            stats["changed"] += canon(ruleset.snapshot(other)) != original
            step = random_step(ruleset, state, rnd)
            if step is None or not is_legal(ruleset, other, ruleset.decisions(other), *step):
                continue
            a, b = ruleset.clone(state), ruleset.clone(other)
            try:
                ev_a = ruleset.apply(a, *step)
                ev_b = ruleset.apply(b, *step)
            except IllegalAction:
                continue
            if canon(ruleset.view(a, seat)) != canon(ruleset.view(b, seat)):
                continue                      # the step showed the seat something hidden
            vis_a = [e for e in ev_a if e.visible_to(seat)]
            vis_b = [e for e in ev_b if e.visible_to(seat)]
            if any(_reveals(e, seat) for e in vis_a + vis_b):
                continue                      # something hidden was shown: it may differ
            seen_a = canon([[e.kind, e.data, e.to] for e in vis_a])
            seen_b = canon([[e.kind, e.data, e.to] for e in vis_b])
            assert seen_a == seen_b, \
                f"seat {seat} is told different things after {step} in two states it cannot tell apart " \
                f"(seed {seed})\n{seen_a}\n{seen_b}"
            stats["events"] += 1
    return stats


def check_determinize(ruleset, determinize, players: int, seed: int, every: int = 5) -> int:
    """The game's ISMCTS determinizer builds, from a seat's view, a state that seat
    cannot tell from the real one: the same view, and a state whose decisions work."""
    checked = 0
    for state in sample_states(ruleset, players, seed, every, limit=30):
        for seat in range(players):
            mine = ruleset.view(state, seat)
            guess = determinize(mine, seat, RNG(checked))
            assert canon(ruleset.view(guess, seat)) == canon(mine), \
                f"seat {seat}: the determinized state shows another view (seed {seed})\n" \
                f"{_first_difference(mine, ruleset.view(guess, seat))}"
            if ruleset.result(guess) is None:
                assert ruleset.decisions(guess), f"seat {seat}: the determinized state has no decision"
            checked += 1
    return checked


def _reveals(ev, seat) -> bool:
    """Whether an event shows `seat` something that was hidden: a reveal, draw or deal,
    an event marked as an undo barrier for that reason, or a private event to it."""
    return ev.kind in REVEAL_KINDS or bool(ev.data.get("barrier")) or (ev.to is not None and seat in ev.to)


def _first_difference(a, b, path="view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b), key=str):
            if k not in a or k not in b or canon(a[k]) != canon(b[k]):
                return _first_difference(a.get(k), b.get(k), f"{path}[{k!r}]")
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if canon(x) != canon(y):
                return _first_difference(x, y, f"{path}[{i}]")
    return f"{path}: {a!r} != {b!r}"


def golden_files(game_id: str) -> list[Path]:
    return sorted((ROOT / "tests" / "games" / game_id / "golden").glob("*.json"))


def check_golden(game_id: str, ruleset, path: Path) -> None:
    """A golden replay (a save) reaches its recorded digest: seed + log still play the
    same game. Match.from_record raises if the digest differs."""
    record = read_record(path, known_games={game_id})
    assert record.game == game_id and record.digest, f"{path.name}: not a {game_id} record with a digest"
    match = Match.from_record(record, ruleset)
    assert state_digest(ruleset, match.state) == record.digest
