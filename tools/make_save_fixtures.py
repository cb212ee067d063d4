"""Write this version's save fixtures: tests/fixtures/saves/<version>/.

    python tools/make_save_fixtures.py            # the version in pyproject.toml
    python tools/make_save_fixtures.py --check    # only say what it would write

For every game and each of its modes, one finished and one unfinished save, played by
the easy AI from a fixed seed and written exactly as the app writes a save (with the
app version and the game's data digest). tests/core/test_save_versions.py loads every
fixture of every version up to this one: this version's must replay exactly, an earlier
version's must replay exactly or be explained in words. Run it once per release, after
bumping the version (docs/RELEASING.md); a folder that exists is never written over —
a released version's saves are history, and regenerating them would hide a change.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core.match import Match, SeatInfo  # noqa: E402
from game.core.record import write_record  # noqa: E402
from game.core.version import app_version  # noqa: E402
from game import registry  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "saves"
MODE_KEYS = ("mode", "version")   # the option that names a game's mode (Monster shop: its version)
SEED = 7
DIFFICULTY = "easy"
MAX_MOVES = 5000                  # an easy game ends far sooner; a game that does not is a bug


def modes(game_id: str) -> list[tuple[str, dict]]:
    """(label, options) for each mode of the game: the choices of its mode option, or
    the default options alone when it has none."""
    rules = registry.ruleset(game_id)
    for spec in rules.option_specs():
        if spec.key in MODE_KEYS and spec.kind == "choice":
            return [(str(value), {spec.key: value}) for value, _label in spec.choices]
    return [("default", {})]


def seats_for(game_id: str, options: dict) -> tuple[int, dict]:
    """The fewest players the mode is played by, and its options validated for them."""
    spec, rules = registry.get(game_id), registry.ruleset(game_id)
    last_error = None
    for n in range(int(spec.min_players), int(spec.max_players) + 1):
        try:
            return n, rules.validate_options(dict(options), n)
        except Exception as exc:   # noqa: BLE001 - OptionsError: try one more player
            last_error = exc
    raise SystemExit(f"{game_id} {options}: no player count works ({last_error})")


def play(game_id: str, options: dict, players: int, seed: int) -> Match:
    """A whole game between easy AIs (no clocks: nothing ticks here)."""
    spec, rules = registry.get(game_id), registry.ruleset(game_id)
    seats = [SeatInfo(f"{DIFFICULTY.title()} {i + 1}", "ai", DIFFICULTY) for i in range(players)]
    agents = {i: spec.make_agent(DIFFICULTY, i, seed * 7919 + i) for i in range(players)}
    match = Match(game_id, rules, seats, options, seed, agents=agents, validated=True, clocks=False)
    while match.result() is None:
        if len(match.log) >= MAX_MOVES:
            raise SystemExit(f"{game_id} {options}: no end after {MAX_MOVES} moves")
        decision = match.decisions()[0]
        view = match.view(decision.seat) if getattr(agents[decision.seat], "needs_view", True) else None
        match.submit(decision.seat, agents[decision.seat].choose(view, decision, None))
    return match


def fixtures() -> list[tuple[str, object, bool]]:
    """(file name, record, game over) for every game and mode: the finished game, and
    the same game stopped halfway (as the autosave of a game in progress would be)."""
    out = []
    for game_id in registry.game_ids():
        for label, mode_options in modes(game_id):
            players, options = seats_for(game_id, mode_options)
            match = play(game_id, options, players, SEED)
            out.append((f"{game_id}-{label}-finished.json", match.record(), True))
            match.replay_to(len(match.log) // 2)
            out.append((f"{game_id}-{label}-unfinished.json", match.record(), match.over))
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="play the games, write nothing")
    parser.add_argument("--out", type=Path, default=FIXTURES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    folder = args.out / app_version()
    if folder.exists() and not args.check:
        print(f"{folder} exists: a version's fixtures are never written over "
              f"(bump the version in pyproject.toml first)", file=sys.stderr)
        return 1
    made = fixtures()
    for name, record, over in made:
        size = len(json.dumps(record.to_json(), separators=(",", ":")))
        print(f"{name}: {len(record.actions)} moves{' (game over)' if over else ''}, {size / 1024:.1f} KB")
        if not args.check:
            write_record(folder / name, record)
    if not args.check:
        print(f"wrote {len(made)} saves to {folder}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
