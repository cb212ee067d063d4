"""Saves and replays: JSON ``{format, game, options, seed, seats, actions, digest}``.

A save is the seed plus the action log; loading replays the log (the RNG lives in
the state, so the same state comes back). `digest` hashes the final state to prove it;
`app_version` and `data_digest` say which Nocturne and which game data made it, so a
save that replays differently under a later version can be explained (core/version.py).
Writes are atomic (temp file, fsync, rename, fsync of the folder); `clean_orphans`
removes the temp files an interrupted write left behind (only names the app gives its
own temp files, and only old ones); `move_aside` keeps every damaged file as a numbered
`.bad`; `file_lock` lets two windows take turns at a read-change-write.

Reading goes through `game.core.safeio` (a regular file of at most 5 MB, bounded
nesting and numbers). A bad file raises RecordError — one line naming the file — and
is never touched. `check_record` then validates a save like a new game (the game's
own `validate_options`, its player range, the shape of every action) before anything
replays.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .rules import as_action
from .safeio import (SAVE_MAX_BYTES, UnsafeFile, clean_text, load_json, one_line, quote, read_capped, read_head,
                     shown_path)

FORMAT = 1
MAX_ACTIONS = 200_000            # far beyond any real game (simulate gives up at 20,000)
MAX_SEATS = 16                   # before the game's own range is known
NAME_CHARS = 40                  # a seat name is cut to this on the way in
ACTION_DEPTH = 6
ACTION_ITEMS = 64
ACTION_TEXT = 200


class RecordError(Exception):
    """A save or replay that cannot be used; the message says why in words."""


@dataclass
class Record:
    game: str
    options: dict
    seed: int
    seats: list
    actions: list = field(default_factory=list)   # [(seat, action), ...]
    digest: str = ""
    format: int = FORMAT
    extra: dict = field(default_factory=dict)      # e.g. saved_at, title
    app_version: str = ""          # the Nocturne that wrote it ("" in saves older than 0.1.0's)
    data_digest: str = ""          # game_data_digest of the game's data then ("" if unknown)

    def to_json(self) -> dict:
        # Everything a list of saves shows comes before the action log ("moves" counts
        # it), so `read_listing` reads a large file's first kilobytes only.
        made_by = {"app_version": self.app_version} if self.app_version else {}
        if self.data_digest:
            made_by["data_digest"] = self.data_digest
        return {"format": self.format, "game": self.game, **made_by, "options": self.options,
                "seed": self.seed, "seats": self.seats, "moves": len(self.actions),
                **({"extra": self.extra} if self.extra else {}), "digest": self.digest,
                "actions": [[seat, list_form(action)] for seat, action in self.actions]}


def list_form(action):
    if isinstance(action, tuple):
        return [list_form(a) for a in action]
    return action


def state_digest(ruleset, state) -> str:
    blob = json.dumps(ruleset.snapshot(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def write_record(path, record: Record) -> None:
    atomic_write_text(path, json.dumps(record.to_json(), separators=(",", ":")))


TMP_TAG = ".~nocturne-"           # in every temp file the app names, and in no one else's
TMP_SUFFIX = ".tmp"
ORPHAN_AGE = 15 * 60.0             # far longer than any write of ours takes


def temp_prefix(path) -> str:
    """How the temp files of an atomic write of `path` start: hidden, the target's
    name, then a tag no one else's file carries (`.settings.json.~nocturne-`)."""
    return "." + Path(path).name + TMP_TAG


def is_our_temp(name: str) -> bool:
    """Whether a file name is one the app gave a temp file (only those are cleaned up)."""
    return name.startswith(".") and TMP_TAG in name and name.endswith(TMP_SUFFIX)


def atomic_write_text(path, text: str) -> None:
    """Temp file, fsync, rename, fsync of the folder: a crash leaves the old file or
    the new one, never half, and the rename itself survives a power cut."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(path), suffix=TMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", errors="surrogatepass") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)


def fsync_dir(folder) -> None:
    """Make a rename in `folder` durable (POSIX; a no-op where folders cannot be opened)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def clean_orphans(folder, older_than: float = ORPHAN_AGE) -> list[Path]:
    """Delete the temp files an interrupted atomic write of ours left in `folder`: only
    names the app itself gives (`is_our_temp`), never a player's `notes.tmp`, and only
    those older than `older_than` seconds, so a write in progress in another window is
    left alone. Returns what was removed; never raises."""
    removed = []
    try:
        entries = [e for e in os.scandir(folder) if is_our_temp(e.name)]
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        p = Path(entry.path)
        try:
            st = p.lstat()
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            p.unlink()
            removed.append(p)
        except OSError:
            continue
    return removed


BAD_SUFFIX = ".bad"


def move_aside(path) -> Path | None:
    """Rename a damaged file (or whatever stands at its name: a folder, a pipe, a link)
    to `<name>.bad`, or `<name>.2.bad`, `<name>.3.bad`… when that is taken: an older
    damaged file is never replaced. Returns the new path; None if it cannot be moved."""
    path = Path(path)
    for n in range(1, 1000):
        bad = path.with_name(path.name + (BAD_SUFFIX if n == 1 else f".{n}{BAD_SUFFIX}"))
        if os.path.lexists(bad):
            continue
        try:
            if os.path.isdir(path) and not os.path.islink(path):
                os.rename(path, bad)           # a folder: nothing can be linked
            else:
                os.link(path, bad, follow_symlinks=False)   # fails if `bad` appeared meanwhile
                os.unlink(path)
            return bad
        except FileExistsError:
            continue
        except OSError:
            try:                                # a file system without hard links
                if os.path.lexists(bad):
                    continue
                os.rename(path, bad)
                return bad
            except OSError:
                return None
    return None


@contextmanager
def file_lock(path, timeout: float = 10.0):
    """Hold an exclusive lock on the file `path` (made if missing) for a
    read-change-write of another file: two windows saving at once take turns. Waits up
    to `timeout` seconds, then goes on unlocked rather than hang the window."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield False
        return
    locked = False
    try:
        deadline = time.monotonic() + timeout
        while True:
            try:
                _lock(fd)
                locked = True
                break
            except OSError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
        yield locked
    finally:
        if locked:
            try:
                _unlock(fd)
            except OSError:
                pass
        os.close(fd)


def claim(path):
    """Take the lock on file `path` (made if missing) for as long as this process runs:
    the open file, to keep; None when another running process holds it or it cannot be
    made. The system lets go of it when the process ends, however it ends."""
    try:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None
    try:
        _lock(fd)
    except OSError:
        os.close(fd)
        return None
    return os.fdopen(fd, "r+b")


def _lock(fd: int) -> None:
    if os.name == "nt":
        import msvcrt
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _unlock(fd: int) -> None:
    if os.name == "nt":
        import msvcrt
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl
        fcntl.flock(fd, fcntl.LOCK_UN)


def read_record(path, known_games=None) -> Record:
    """Read and check a save. Every problem is a RecordError whose message is one line
    naming the file; the file itself is left exactly as it was."""
    path = Path(path)
    name = shown_path(path)
    try:
        raw = read_capped(path, SAVE_MAX_BYTES, "save")
    except UnsafeFile as exc:
        raise RecordError(str(exc)) from None
    if not raw.strip():
        raise RecordError(f"{name}: the file is empty")
    try:
        data = load_json(raw, name, "Nocturne save")
    except UnsafeFile as exc:
        raise RecordError(str(exc)) from None
    except json.JSONDecodeError as exc:
        hint = "it looks cut short" if exc.pos >= len(raw.rstrip()) - 1 else "it is not valid JSON"
        raise RecordError(f"{name}: the save is damaged ({hint}, line {exc.lineno})") from None
    try:
        return _record_from(data, name, known_games)
    except RecordError:
        raise
    except (RecursionError, MemoryError, ValueError, TypeError, KeyError, AttributeError) as exc:
        raise RecordError(f"{name}: the save is damaged ({one_line(type(exc).__name__ + ': ' + str(exc), 120)})") \
            from None


LISTING_FULL_BYTES = 256 * 1024     # a save up to this is read whole when listed
HEADER_BYTES = 64 * 1024            # of a larger one, only this much (its header)


def read_listing(path, known_games=None) -> tuple[Record, int | None]:
    """What a list of saves shows, cheaply: (record, number of moves). A file of at most
    LISTING_FULL_BYTES is read and checked whole (`read_record`); of a larger one only
    the header before its action log is read (the record comes without actions, the
    number of moves from the header, None if an older file has none). Opening the save
    reads it all. RecordError (one line naming the file) as `read_record`."""
    path = Path(path)
    name = shown_path(path)
    try:
        head, size = read_head(path, SAVE_MAX_BYTES, HEADER_BYTES, "save")
    except UnsafeFile as exc:
        raise RecordError(str(exc)) from None
    if size <= LISTING_FULL_BYTES:
        record = read_record(path, known_games)
        return record, len(record.actions)
    data = _header(head, name)
    moves = data.pop("moves", None)
    if isinstance(moves, int) and moves > MAX_ACTIONS:
        raise RecordError(f"{name}: the save is damaged ({moves} actions; at most {MAX_ACTIONS})")
    data["actions"] = []
    record = _record_from(data, name, known_games)
    return record, moves if isinstance(moves, int) and not isinstance(moves, bool) and moves >= 0 else None


def _header(head: bytes, name: str) -> dict:
    """The keys before `"actions":` in the first bytes of a save, as a dict."""
    try:
        text = head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:            # not a character cut at the end
            raise RecordError(f"{name}: not a Nocturne save (not UTF-8 text)") from None
        text = head[:exc.start].decode("utf-8")
    start = 0
    for _ in range(64):                          # "actions": may also stand inside a name
        at = text.find('"actions"', start)
        if at < 0:
            break
        start = at + 1
        prefix = text[:at].rstrip()
        if not prefix.endswith(","):
            continue
        try:
            data = load_json((prefix[:-1] + "}").encode("utf-8"), name, "Nocturne save")
        except (UnsafeFile, json.JSONDecodeError):
            continue
        if isinstance(data, dict) and "format" in data:
            return data
    raise RecordError(f"{name}: not a Nocturne save (no header in its first {HEADER_BYTES // 1024} KB)")


def _record_from(data, name: str, known_games) -> Record:
    if not isinstance(data, dict):
        raise RecordError(f"{name}: not a Nocturne save (expected a JSON object)")
    fmt = data.get("format")
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise RecordError(f"{name}: not a Nocturne save (no format number)")
    if fmt > FORMAT:
        raise RecordError(f"{name}: saved by a newer Nocturne (format {fmt}; this one reads up to {FORMAT})")
    if fmt < 1:
        raise RecordError(f"{name}: not a Nocturne save (format {fmt} does not exist; formats start at 1)")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError(f"{name}: not a Nocturne save (the game should be a name, got {quote(game, 40)})")
    if known_games is not None and game not in known_games:
        raise RecordError(f"{name}: unknown game {quote(game)}")
    problems = []
    if not isinstance(data.get("options"), dict):
        problems.append("options")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        problems.append("seed")
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats) or len(seats) > MAX_SEATS:
        problems.append("seats")
    actions = data.get("actions")
    if not isinstance(actions, list):
        problems.append("actions")
    if problems:
        raise RecordError(f"{name}: the save is damaged (bad or missing: {', '.join(problems)})")
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"{name}: the save is damaged ({len(actions)} actions; at most {MAX_ACTIONS})")
    parsed = []
    for i, entry in enumerate(actions):
        why = action_problem(entry, len(seats))
        if why:
            raise RecordError(f"{name}: the save is damaged (action {i + 1} {why}: {quote(entry, 60)})")
        parsed.append((entry[0], as_action(entry[1])))
    extra = data.get("extra")
    return Record(game=game, options=data["options"], seed=seed, seats=[clean_seat(s) for s in seats],
                  actions=parsed, digest=str(data.get("digest", ""))[:64], format=fmt,
                  extra=extra if isinstance(extra, dict) else {},
                  app_version=_short_text(data.get("app_version"), VERSION_CHARS),
                  data_digest=_short_text(data.get("data_digest"), 64))


VERSION_CHARS = 40


def _short_text(value, limit: int) -> str:
    """A version or digest as a save claims it: plain text of at most `limit`
    characters, "" when it is missing or not text (an older or a damaged save)."""
    return clean_text(value, limit) if isinstance(value, str) else ""


def clean_seat(seat: dict) -> dict:
    """A seat as a save may claim it, made safe to show: the name cut to NAME_CHARS
    characters of plain text, kind and difficulty short strings."""
    out = dict(seat)
    out["name"] = clean_text(seat.get("name", "?"), NAME_CHARS) or "?"
    for key, default in (("kind", "ai"), ("difficulty", "normal")):
        value = seat.get(key, default)
        out[key] = clean_text(value, 20) if isinstance(value, str) else default
    return out


def action_problem(entry, seats: int) -> str | None:
    """Why a logged `[seat, action]` entry has the wrong shape, or None. An action is a
    non-empty list starting with a verb (text), holding text, numbers, true/false, null
    and such lists, at most ACTION_DEPTH deep."""
    if not isinstance(entry, list) or len(entry) != 2:
        return "is not a [seat, action] pair"
    seat, action = entry
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < max(1, seats):
        return f"names seat {quote(seat, 20)}, not one of the {seats} seats"
    if not isinstance(action, list) or not action or not isinstance(action[0], str):
        return "is not a list starting with a verb"
    stack = [(action, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > ACTION_DEPTH:
            return f"nests deeper than {ACTION_DEPTH}"
        if len(value) > ACTION_ITEMS:
            return f"has more than {ACTION_ITEMS} parts"
        for v in value:
            if isinstance(v, list):
                stack.append((v, depth + 1))
            elif isinstance(v, str):
                if len(v) > ACTION_TEXT:
                    return f"holds a text of {len(v)} characters"
            elif v is not None and not isinstance(v, (int, float)):
                return f"holds {quote(v, 30)}"
    return None


def check_record(record: Record, ruleset, min_players: int | None = None,
                 max_players: int | None = None, name: str = "") -> Record:
    """Validate a save like a new game, before anything replays: its seat count within
    the game's range and its options through the game's own `validate_options`. Returns
    the record with the validated options; RecordError (one line) otherwise."""
    from .rules import OptionsError

    prefix = f"{name}: " if name else ""
    n = len(record.seats)
    lo = 1 if min_players is None else min_players
    hi = MAX_SEATS if max_players is None else max_players
    if not lo <= n <= hi:
        raise RecordError(f"{prefix}the save has {n} seats; {record.game} is played by {lo}–{hi}")
    for i, (seat, _action) in enumerate(record.actions):
        if not 0 <= seat < n:
            raise RecordError(f"{prefix}action {i + 1} names seat {seat}, not one of the {n} seats")
    try:
        options = ruleset.validate_options(dict(record.options), n)
    except OptionsError as exc:
        raise RecordError(f"{prefix}the save's options do not work: {one_line(exc, 160)}") from None
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        raise RecordError(f"{prefix}the save's options do not work: "
                          f"{one_line(type(exc).__name__ + ': ' + str(exc), 160)}") from None
    if not isinstance(options, dict):
        raise RecordError(f"{prefix}the save's options do not work")
    return Record(game=record.game, options=options, seed=record.seed, seats=record.seats,
                  actions=record.actions, digest=record.digest, format=record.format, extra=record.extra,
                  app_version=record.app_version, data_digest=record.data_digest)
