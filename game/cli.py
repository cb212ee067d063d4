"""python main.py [COMMAND] — the one front door.

play (default) opens the window; every other command is headless:
validate-data, simulate, replay, screenshot, bench, self-test, package.
A user's mistake (unknown game, bad option, bad file) prints one clear line and
exits 2; it never shows a traceback.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from pathlib import Path

PROCESS_START = time.perf_counter()
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


class UsageError(Exception):
    """A mistake in what the user asked for: printed as one line, exit code 2."""


MAX_JOBS = 64                      # simulate --jobs: worker processes at most
MAX_BUDGET_SECONDS = 3600.0        # simulate --budget: thinking seconds a decision at most
MAX_ITERATIONS = 10_000_000        # simulate --budget-iterations
MAX_GAMES = 100_000_000
OPTION_MAX_CHARS = 1000            # one --option KEY=VALUE
OPTION_MAX_DIGITS = 18


class _Parser(argparse.ArgumentParser):
    """argparse whose mistakes are one line (`nocturne: …`) and exit 2, like every other
    usage error; the usage text stays behind --help."""

    def error(self, message):
        from .core.safeio import one_line
        command = self.prog.removeprefix("nocturne").strip()
        print(f"nocturne: {command + ': ' if command else ''}{one_line(message, 300)} (see --help)",
              file=sys.stderr)
        raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version"):
        argv = ["play"] + argv
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except UsageError as exc:
        from .core.safeio import one_line
        lines = str(exc).splitlines() or [""]
        print("\n".join(one_line(("nocturne: " if i == 0 else "") + line, 400)
                        for i, line in enumerate(lines[:60])), file=sys.stderr)
        return 2
    except Exception as exc:
        from .core.data import DataError
        if isinstance(exc, DataError):      # damaged game files: name them, no traceback
            return report_data_error(exc)
        raise
    except KeyboardInterrupt:
        return 130


def report_data_error(exc, stream=None) -> int:
    """Print a DataError as `file:line: path: message` lines (no traceback); exit code 1.
    For every command, and the frozen entry point's guarded_main."""
    stream = stream or sys.stderr
    problems = getattr(exc, "problems", None) or [exc]
    print("nocturne: the game's data files have errors:", file=stream)
    for problem in problems:
        print(problem, file=stream)
    print(f"{len(problems)} problem(s); reinstall the game if you did not change these files",
          file=stream)
    return 1


def guarded_main(argv: list[str] | None = None) -> int:
    """game.cli.main, with a damaged/missing data file reported as clear lines instead
    of a traceback (whatever command met it: play, self-test, simulate…)."""
    from .core.data import DataError
    try:
        return main(argv)
    except DataError as exc:
        return report_data_error(exc)


def build_parser() -> argparse.ArgumentParser:
    from .core.version import app_version
    p = _Parser(prog="nocturne", description="Nocturne: five dark tabletop games.")
    p.add_argument("--version", action="version", version=f"Nocturne {app_version()}",
                   help="print the version (pyproject.toml's) and exit")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="open the window (the default)")
    play.add_argument("--load", metavar="FILE", help="resume a saved game")
    play.add_argument("--exit-after-first-frame", action="store_true", help=argparse.SUPPRESS)
    play.set_defaults(run=cmd_play)

    val = sub.add_parser("validate-data", help="check every YAML data file")
    val.add_argument("--data-dir", metavar="DIR", help="a data folder to check instead of the bundled one")
    val.set_defaults(run=cmd_validate)

    sim = sub.add_parser("simulate", help="play many games between agents, headless")
    add_game_args(sim)
    sim.add_argument("--agents", required=True, help="comma-separated: random, easy, normal, hard (one per seat, or one for all)")
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    budget = sim.add_mutually_exclusive_group()
    budget.add_argument("--budget", type=float, default=None,
                        help="AI thinking seconds per decision (default: each level's own)")
    budget.add_argument("--budget-iterations", type=int, default=None, metavar="N",
                        help="thinking agents search N iterations per decision and never by time: "
                             "hard games become reproducible (same --seed, same games)")
    sim.add_argument("--jobs", type=int, default=1, help="worker processes")
    sim.add_argument("--check", action="store_true",
                     help="run the game's invariants after every action; a broken one is an error of that seed")
    sim.add_argument("--json", action="store_true")
    sim.set_defaults(run=cmd_simulate)

    rep = sub.add_parser("replay", help="watch a saved game, or --verify it headless")
    rep.add_argument("file")
    rep.add_argument("--verify", action="store_true")
    rep.set_defaults(run=cmd_replay)

    shot = sub.add_parser("screenshot", help="render a table mid-game (or a --scene) to a PNG, headless")
    add_game_args(shot, required=False)
    shot.add_argument("--seed", type=int, default=1)
    shot.add_argument("--after", type=int, default=10, help="actions played by AI first")
    shot.add_argument("--out", required=True)
    shot.add_argument("--size", default="1920x1080")
    shot.add_argument("--scene", default=None, help="a scene instead of a table: menu, new_game, settings, rules, about, load, results")
    shot.add_argument("--lang", default=None, help="render in this language (en, cs, …) without touching your settings")
    shot.set_defaults(run=cmd_screenshot)

    bench = sub.add_parser("bench", help="measure frame times, start-up, simulation speed, AI time, memory")
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--quick", action="store_true", help="shorter runs")
    bench.add_argument("--net", action="store_true",
                       help="add `net`: a table server under load on loopback (about 2 more minutes)")
    bench.add_argument("--net-only", action="store_true", help="only the `net` figures")
    bench.add_argument("--net-tables", type=int, default=200, metavar="N", help="tables at human pace (default 200)")
    bench.add_argument("--net-seconds", type=float, default=60.0, metavar="S",
                       help="seconds at human pace (default 60)")
    bench.set_defaults(run=cmd_bench)

    serve = sub.add_parser("serve", help="run networked tables without a window (an always-on host)")
    serve.add_argument("--port", type=int, default=None, help="the port to listen on (default 47923)")
    serve.add_argument("--host", default="0.0.0.0", help="the address to listen on (default: every address)")
    serve.add_argument("--data-dir", metavar="DIR", default=None,
                       help="where the tables are kept (default: the user data folder's server/)")
    serve.set_defaults(run=cmd_serve)

    st = sub.add_parser("self-test", help="load everything, draw every scene and table, play one AI game each")
    st.set_defaults(run=cmd_self_test)

    pkg = sub.add_parser("package", help="build the standalone executable into dist/nocturne/")
    pkg_kind = pkg.add_mutually_exclusive_group()
    pkg_kind.add_argument("--onefile", action="store_true", help="one file instead of one folder")
    pkg_kind.add_argument("--release", action="store_true",
                          help="one folder packed as this system's release archive + .sha256 in dist/, "
                               "then unpacked and self-tested in a clean environment")
    pkg_kind.add_argument("--update-manifest", action="store_true",
                          help="rewrite packaging/manifest.txt (the files a build ships) from the tree, build nothing")
    pkg.set_defaults(run=cmd_package)
    return p


def add_game_args(p: argparse.ArgumentParser, required: bool = True) -> None:
    p.add_argument("--game", required=required)
    p.add_argument("--players", type=int, required=required)
    p.add_argument("--mode", default=None)
    p.add_argument("--addon", action="append", default=[])
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="any other game option (JSON value or text)")


# -- shared helpers ---------------------------------------------------------------
def load_game(game_id: str):
    from .core.data import DataError
    from . import registry
    try:
        spec = registry.get(game_id)
    except registry.UnknownGame as exc:
        raise UsageError(str(exc))
    try:
        return spec, registry.ruleset(game_id)
    except DataError as exc:
        raise UsageError(f"the data of {game_id} has errors:\n{exc}")


def game_options(args, ruleset) -> dict:
    from .core.rules import OptionsError
    options: dict = {}
    if args.mode:
        options["mode"] = args.mode
    if args.addon:
        options["addons"] = list(args.addon)
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"--option {quote_arg(item)}: expected KEY=VALUE")
        options[key] = option_value(key, value)
    try:
        return ruleset.validate_options(options, args.players)
    except OptionsError as exc:
        raise UsageError(str(exc))
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise UsageError(f"--option: a value of the wrong kind for this game ({type(exc).__name__})")


def quote_arg(text: str, limit: int = 60) -> str:
    from .core.safeio import quote
    return quote(text, limit)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > OPTION_MAX_DIGITS:
        raise ValueError(f"a number of more than {OPTION_MAX_DIGITS} digits")
    return int(text)


def option_value(key: str, value: str):
    """One --option value: JSON (a number, true/false, null, text, or a list of text)
    or else the text itself. Refused with one line: over OPTION_MAX_CHARS characters, a
    number of more than OPTION_MAX_DIGITS digits or not finite, nesting, a mapping."""
    where = f"--option {quote_arg(key, 40)}"
    if len(value) > OPTION_MAX_CHARS:
        raise UsageError(f"{where}: a value of {len(value):,} characters (at most {OPTION_MAX_CHARS:,})")
    if value[:1] not in set('-0123456789[{"tfn'):
        return value
    try:
        parsed = json.loads(value, parse_int=_bounded_int, parse_constant=_no_constant)
    except json.JSONDecodeError:
        return value
    except (ValueError, RecursionError) as exc:
        raise UsageError(f"{where}: {exc if isinstance(exc, ValueError) else 'nested too deeply'}")
    if isinstance(parsed, float) and not math.isfinite(parsed):
        raise UsageError(f"{where}: expected a finite number")
    if isinstance(parsed, dict):
        raise UsageError(f"{where}: expected a value or a list of words, not a mapping")
    if isinstance(parsed, list) and not all(isinstance(v, str) for v in parsed):
        raise UsageError(f"{where}: a list holds words only, e.g. [\"taglia\"]")
    return parsed


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number")


# -- commands -----------------------------------------------------------------------
def load_screen_data(spec) -> None:
    """The data files the game's screens read (GameSpec.screen_data): a damaged one is a
    DataError (file:line lines, exit 1) before any window or picture, not a traceback."""
    for loader in spec.screen_loaders():
        loader(data_root_of(spec.id))


def data_root_of(game_id: str):
    from .core.data import data_root
    return data_root() / game_id


def cmd_play(args) -> int:
    from . import registry
    from .ui import app
    for game_id in registry.game_ids():      # damaged data is reported before the window opens
        registry.ruleset(game_id)
        load_screen_data(registry.get(game_id))
    return app.run(load_path=args.load, exit_after_first_frame=args.exit_after_first_frame)


def cmd_validate(args) -> int:
    """Every file under the data folder, read through the model the game reads it with
    (check_data). Problems print as file:line: path: message, all at once; exit 1."""
    data_dir = Path(args.data_dir) if args.data_dir else None
    if data_dir is not None and not data_dir.is_dir():
        raise UsageError(f"--data-dir {quote_arg(str(data_dir), 120)}: no such folder")
    from .progress import Progress
    from . import registry
    with Progress(len(registry.game_ids()), "games") as bar:
        failures = check_data(data_dir, say=bar.print, step=bar.step)
    if failures:
        for problem in failures:
            print(problem, file=sys.stderr)
        print(f"{len(failures)} problem(s) found", file=sys.stderr)
        return 1
    return 0


def check_data(data_dir: Path | None = None, game_ids=None, say=print, step=lambda _gid: None) -> list:
    """validate-data's work: dice.yaml, each game's ruleset data, its game.yaml (title,
    players, art), the files its screens read (GameSpec.screen_data: Dark Deeds'
    faces.yaml), its rules pages (rules.<lang>.md: a UTF-8 text page of at most 256 KB,
    one per language once there is one), every locale,
    and — when every game is checked — any file under the folder that no model read.
    Returns the problems (file:line Problems), one line said per part that is ok."""
    from .core import locale_check
    from .core.data import DataError, data_root, recording_reads
    from .core.dice import load_dice
    from . import registry

    root = data_dir or data_root()
    everything = game_ids is None
    failures = []
    with recording_reads() as read:
        try:
            dice = load_dice(data_dir)
            say(f"dice: ok ({', '.join(dice)})")
        except DataError as exc:
            failures += exc.problems
        for game_id in (registry.game_ids() if everything else game_ids):
            found = _validate_game(registry.get(game_id), root / game_id, data_dir is not None)
            if isinstance(found, str):
                say(found)
            else:
                failures += found
            step(game_id)
        if everything:
            failures += locale_check.report(data_dir, say=say)  # every language against English, file:line
    if everything:
        failures += _unread_files(root, read)
    return list(dict.fromkeys(failures))      # a shared file may be met twice


def _validate_game(spec, folder, own_folder: bool):
    """One game's data through its loaders: 'id: ok (summary)', or its problems. A loader
    that fails on data its model let through is a problem of that game's data folder (and
    a model to tighten), never a traceback."""
    from .core.data import DataError, Problem, Problems, load_text
    from .core.gamespec import game_file_problems
    from .core.safeio import one_line
    problems: list = []
    summary = ""
    try:
        ruleset = spec.load_ruleset(folder if own_folder else None)
        summary = getattr(ruleset, "data_summary", lambda: "")()
    except DataError as exc:
        problems += exc.problems
    except Exception as exc:          # noqa: BLE001 - reported as a line, the command goes on
        problems.append(Problem(str(folder), 1, "(data)", f"the game cannot read this data "
                                                          f"({type(exc).__name__}: {one_line(exc, 160)})"))
    for loader in spec.screen_loaders():
        try:
            loader(folder)
        except DataError as exc:
            problems += exc.problems
        except Exception as exc:      # noqa: BLE001
            problems.append(Problem(str(folder), 1, "(screen data)", f"the table cannot read this data "
                                                                     f"({type(exc).__name__}: {one_line(exc, 160)})"))
    problems += game_file_problems(folder)
    problems += _tutorial_problems(spec.id, folder)
    pages = Problems()
    for page in rules_pages(folder, pages):
        load_text(page, pages, "rules page")
    problems += pages.items
    if problems:
        return problems
    return f"{spec.id}: ok{(' (' + summary + ')') if summary else ''}"


def _tutorial_problems(game_id: str, folder) -> list:
    """A game's guided first game (tutorial.yaml), if it has one: its model, then played
    through the rules to its end (a step the rules refuse is named)."""
    from .core.data import DataError, Problem
    from .core.tutorial import FILE_NAME, load_script, play_through
    from . import registry
    if not (folder / FILE_NAME).exists():
        if _locale_has_tutorial(folder):
            return [Problem(str(folder / FILE_NAME), 1, "(file)",
                            "file is missing (the game's locale has the words of its guided first game)")]
        return []
    try:
        tutorial = load_script(game_id, folder)
    except DataError as exc:
        return list(exc.problems)
    try:
        _match, problem = play_through(tutorial, registry.ruleset(game_id))
    except Exception as exc:          # noqa: BLE001 - the rules choking on a script is its problem
        problem = f"{type(exc).__name__}: {exc}"
    return [Problem(str(folder / FILE_NAME), 1, "steps", problem)] if problem else []


def _locale_has_tutorial(folder) -> bool:
    try:
        text = (folder / "locale" / "en.yaml").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return any(line.startswith("tutorial:") for line in text.splitlines())


def rules_pages(folder, problems) -> list:
    """A game's rules pages (rules.<lang>.md): once there is one, every language has one."""
    from .core.locale_check import languages
    pages = sorted(folder.glob("rules.*.md")) + ([folder / "rules.md"] if (folder / "rules.md").exists() else [])
    if pages:
        have = {p.name.split(".")[1] for p in pages}
        for lang in languages(folder.parent):
            if lang not in have:
                problems.add(folder / f"rules.{lang}.md", (), f"file is missing (there is {pages[0].name})")
    return pages


def _unread_files(root, read: set) -> list:
    """Every file under `root` that no model read, as a Problem: a stray or misnamed file
    (faces.yml, a backup) would otherwise look checked and be ignored by the game."""
    from .core.data import Problem
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files) + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = Path(folder) / name
            try:
                key = path.resolve()
            except (OSError, RuntimeError):
                key = path
            if key not in read and path not in read:
                out.append(Problem(str(path), 1, "(file)", "no model reads this file: the game ignores it "
                                                           "(a misspelt name? remove it or rename it)"))
            if len(out) >= 40:
                return out
    return out


def cmd_simulate(args) -> int:
    from . import simulate as sim
    spec, ruleset = load_game(args.game)
    options = game_options(args, ruleset)
    names = [a.strip() for a in args.agents.split(",") if a.strip()]
    if len(names) == 1:
        names *= args.players
    if len(names) != args.players:
        raise UsageError(f"--agents: give one agent per seat ({args.players}) or one for all, got {len(names)}")
    unknown = [n for n in names if n not in spec.difficulties]
    if unknown:
        raise UsageError(f"--agents: unknown agent {unknown[0]!r}; choose from {', '.join(spec.difficulties)}")
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games: expected 1 to {MAX_GAMES:,}")
    if not 1 <= args.jobs <= MAX_JOBS:
        raise UsageError(f"--jobs: expected 1 to {MAX_JOBS} worker processes")
    if args.budget is not None and not (math.isfinite(args.budget) and 0 < args.budget <= MAX_BUDGET_SECONDS):
        raise UsageError(f"--budget: expected seconds above 0 and at most {MAX_BUDGET_SECONDS:g}, got {args.budget}")
    iterations = args.budget_iterations
    if iterations is not None:
        if not 1 <= iterations <= MAX_ITERATIONS:
            raise UsageError(f"--budget-iterations: expected 1 to {MAX_ITERATIONS:,}")
        try:
            spec.make_agent(names[0], 0, 0, max_iterations=iterations)
        except TypeError:
            raise UsageError(f"--budget-iterations: the agents of {args.game} take no iteration budget")
    from .progress import Progress
    with Progress(args.games, "games", enabled=not args.json) as bar:
        report = sim.simulate(args.game, options, names, args.games, args.seed,
                              budget=args.budget, jobs=args.jobs, check=args.check,
                              iterations=iterations, progress=bar.done)
    report["mode"] = options.get("mode")
    report["addons"] = options.get("addons", [])
    if args.json:
        print(json.dumps(report))
    else:
        print(sim.describe(report))
    if report.get("interrupted"):
        return 130
    return 0 if not report["errors"] else 1


def cmd_replay(args) -> int:
    """A save is read through the bounded path, checked like a new game (options, seat
    count, the shape of every action), then replayed. Any problem is one line and exit
    2; with --verify, a log that replays but misses the recorded digest is exit 1."""
    from .core.match import check_save, replay_record
    from .core.record import RecordError
    from .registry import load_checked
    from .core.safeio import one_line, shown_path
    from .core.version import made_elsewhere

    name = shown_path(args.file)                  # a raw escape in a file name is printed escaped
    try:
        record, _spec, ruleset = load_checked(args.file)
        if args.verify and made_elsewhere(record):
            check = check_save(record, ruleset)
            if not check.same:
                print(f"{name}: FAILED — {changed_since(check)}", file=sys.stderr)
                return 1
        if args.verify:
            match, _stop = replay_record(record, ruleset)
            print(f"{name}: ok — {len(record.actions)} actions reach the recorded state"
                  + (" (game over)" if match.over else ""))
            return 0
    except RecordError as exc:
        message = str(exc)
        if name not in message:
            message = f"{name}: {message}"
        if args.verify and "recorded final state" in message:
            print(f"{name}: FAILED — {one_line(exc, 300)}", file=sys.stderr)
            return 1
        raise UsageError(one_line(message, 400))
    except (RecursionError, MemoryError) as exc:
        raise UsageError(f"{name}: the save cannot be replayed ({type(exc).__name__})")
    from .ui import app
    return app.run(replay_path=args.file)


def changed_since(check) -> str:
    """`replay --verify` of a save another version made that now replays differently,
    in words: which version made it, how far it replays, and why it stops there."""
    from .core.safeio import one_line
    from .core.version import app_version
    made = f"made with {check.made_with}" if check.made_with else "made with an earlier Nocturne"
    what = "data" if check.data_changed else "rules"
    how = (f"all {check.total} moves replay but now lead to another end" if check.diverges
           else f"it replays up to move {check.legal} of {check.total} ({one_line(check.stop, 200)})")
    return f"{made} (this is {app_version()}); the game's {what} changed since — {how}"


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        if not (320 <= w <= 7680 and 240 <= h <= 4320):
            raise ValueError
        return w, h
    except ValueError:
        raise UsageError(f"--size {text!r}: expected WIDTHxHEIGHT, e.g. 1920x1080")


def cmd_screenshot(args) -> int:
    size = parse_size(args.size)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui import headless
    from .core.i18n import available_languages
    if args.lang is not None and args.lang not in available_languages():
        raise UsageError(f"--lang {quote_arg(args.lang, 40)}: expected one of {', '.join(available_languages())}")
    check_out_path(args.out)
    if args.scene:
        if args.scene not in headless.SCENES:
            raise UsageError(f"--scene {quote_arg(args.scene, 40)}: expected one of {', '.join(headless.SCENES)}")
        if args.game is not None:
            load_game(args.game)
        render = lambda: headless.screenshot_scene(args.scene, args.out, size, lang=args.lang, game=args.game)
    else:
        if not args.game or not args.players:
            raise UsageError("screenshot: give --game and --players (or --scene NAME)")
        spec, ruleset = load_game(args.game)
        load_screen_data(spec)
        options = game_options(args, ruleset)
        render = lambda: headless.screenshot(args.game, args.players, options, args.seed, args.after, args.out,
                                             size, lang=args.lang)
    try:
        render()
    except (OSError, headless.SaveFailed) as exc:
        raise UsageError(f"--out {quote_arg(args.out, 120)}: cannot be written ({one_line_reason(exc)})")
    print(args.out)
    return 0


def one_line_reason(exc) -> str:
    from .core.safeio import one_line
    return one_line(getattr(exc, "strerror", None) or exc, 160)


def check_out_path(out: str) -> None:
    """--out must name a regular file we may create or replace, in a folder that exists or
    can be made: a folder, a device (/dev/full) or a read-only place is one line, exit 2,
    before any rendering."""
    from pathlib import Path
    path = Path(out)
    where = f"--out {quote_arg(out, 120)}"
    if not out or out.endswith(os.sep) or path.is_dir():
        raise UsageError(f"{where}: is a folder; give a file name such as shot.png")
    if path.exists() and not path.is_file():
        raise UsageError(f"{where}: not a regular file")
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg", ".bmp", ".tga"):
        raise UsageError(f"{where}: expected a .png (or .jpg, .bmp, .tga) file name")
    folder = path.parent if str(path.parent) else Path(".")
    probe = folder
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if not probe.is_dir() or not os.access(probe, os.W_OK | os.X_OK) or \
            (path.exists() and not os.access(path, os.W_OK)):
        raise UsageError(f"{where}: that place cannot be written")
    if probe == folder:                   # try it: root passes os.access on a read-only mount
        trial = folder / f".{path.name}.{os.getpid()}.probe"
        try:
            with open(trial, "xb"):
                pass
            trial.unlink()
        except OSError as exc:
            raise UsageError(f"{where}: that place cannot be written ({one_line_reason(exc)})")


def cmd_bench(args) -> int:
    from . import bench
    from .progress import Progress
    if not 1 <= args.net_tables <= 2000 or not 1.0 <= args.net_seconds <= 3600.0:
        raise UsageError("bench: --net-tables is 1-2000 and --net-seconds 1-3600")
    net = args.net or args.net_only
    steps = (0 if args.net_only else bench.steps()) + (3 if net else 0)
    with Progress(steps, "steps", enabled=not args.json) as bar:
        if args.net_only:
            from .core.version import app_version
            report = {"version": app_version()}
        else:
            report = bench.run(quick=args.quick, progress=bar.step)
        if net:
            from .net import bench as net_bench
            report["net"] = net_bench.run(args.net_tables, args.net_seconds, progress=bar.step,
                                          flat_seconds=min(6.0, max(2.0, args.net_seconds / 10)))
    print(json.dumps(report, indent=None if args.json else 2))
    return 0


def cmd_serve(args) -> int:
    """The headless table server (game/net/server.py) until Ctrl+C or SIGTERM."""
    import asyncio
    import logging
    from .net.protocol import DEFAULT_PORT
    from .net.server import serve_forever
    port = DEFAULT_PORT if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise UsageError(f"serve: --port {port} is not a port (0-65535; 0 picks a free one)")
    if args.data_dir is not None:
        folder = Path(args.data_dir)
    else:
        from .core.paths import user_data_dir
        folder = user_data_dir() / "server"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"serve: {folder} cannot be used for the tables ({one_line_reason(exc)})") from None
    logging.basicConfig(level=logging.INFO, format="nocturne serve: %(message)s", stream=sys.stderr)
    logging.getLogger("nocturne.net.ws").setLevel(logging.WARNING)
    from .net.store import StoreError
    try:
        asyncio.run(serve_forever(folder, args.host, port))
    except StoreError as exc:
        raise UsageError(f"serve: {exc}") from None
    except OSError as exc:
        raise UsageError(f"serve: cannot listen on {args.host}:{port} ({one_line_reason(exc)})") from None
    return 0


def cmd_self_test(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .ui import headless
    results = headless.self_test()
    for name, ok, message in results:
        print(f"{'ok  ' if ok else 'FAIL'} {name}{(': ' + message) if message else ''}")
    failed = sum(1 for _n, ok, _m in results if not ok)
    print(f"self-test: {len(results) - failed} passed, {failed} failed")
    return 0 if failed == 0 and results else 1


def cmd_package(args) -> int:
    from . import packaging
    if args.update_manifest:
        from . import manifest
        if getattr(sys, "frozen", False):
            raise UsageError("`package --update-manifest` works from the source tree")
        files = manifest.write(packaging.source_root())
        print(f"wrote {manifest.MANIFEST}: {len(files)} files")
        return 0
    if args.release:
        from . import release
        return release.release()
    return packaging.build(onefile=args.onefile)
