"""Saves and replays: JSON ``{format, game, options, seed, seats, actions, digest}``.

A save is the seed plus the action log; loading replays the log (the RNG lives in
the state, so the same state comes back). `digest` hashes the final state to prove it.
Writes are atomic (temp file, fsync, rename). A bad file raises RecordError naming
the file and is never touched.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .rules import as_action

FORMAT = 1


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

    def to_json(self) -> dict:
        return {"format": self.format, "game": self.game, "options": self.options,
                "seed": self.seed, "seats": self.seats,
                "actions": [[seat, list_form(action)] for seat, action in self.actions],
                "digest": self.digest, **({"extra": self.extra} if self.extra else {})}


def list_form(action):
    if isinstance(action, tuple):
        return [list_form(a) for a in action]
    return action


def state_digest(ruleset, state) -> str:
    blob = json.dumps(ruleset.snapshot(state), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def write_record(path, record: Record) -> None:
    atomic_write_text(path, json.dumps(record.to_json(), separators=(",", ":")))


def atomic_write_text(path, text: str) -> None:
    """Temp file, fsync, rename: a crash leaves the old file or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
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


def read_record(path, known_games=None) -> Record:
    """Read and check a save. Every problem is a RecordError whose message names the
    file; the file itself is left exactly as it was."""
    path = Path(path)
    name = str(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise RecordError(f"{name}: no such file")
    except OSError as exc:
        raise RecordError(f"{name}: cannot be read ({exc.strerror or exc})")
    if not raw.strip():
        raise RecordError(f"{name}: the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise RecordError(f"{name}: not a Nocturne save (not text)")
    except json.JSONDecodeError as exc:
        hint = "it looks cut short" if exc.pos >= len(raw.rstrip()) - 1 else "it is not valid JSON"
        raise RecordError(f"{name}: the save is damaged ({hint}, line {exc.lineno})")
    if not isinstance(data, dict):
        raise RecordError(f"{name}: not a Nocturne save (expected a JSON object)")
    fmt = data.get("format")
    if not isinstance(fmt, int):
        raise RecordError(f"{name}: not a Nocturne save (no format number)")
    if fmt > FORMAT:
        raise RecordError(f"{name}: saved by a newer Nocturne (format {fmt}; this one reads up to {FORMAT})")
    game = data.get("game")
    if known_games is not None and game not in known_games:
        raise RecordError(f"{name}: unknown game {game!r}")
    problems = []
    if not isinstance(data.get("options"), dict):
        problems.append("options")
    if not isinstance(data.get("seed"), int):
        problems.append("seed")
    if not isinstance(data.get("seats"), list) or not all(isinstance(s, dict) for s in data["seats"]):
        problems.append("seats")
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
            isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) for a in actions):
        problems.append("actions")
    if problems:
        raise RecordError(f"{name}: the save is damaged (bad or missing: {', '.join(problems)})")
    return Record(game=game, options=data["options"], seed=data["seed"], seats=data["seats"],
                  actions=[(a[0], as_action(a[1])) for a in actions],
                  digest=str(data.get("digest", "")), format=fmt, extra=data.get("extra") or {})
