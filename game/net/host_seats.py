"""What a host's app keeps of a table it hosts, so that the host can take its own seats
back after the app crashed or was closed.

The table itself is kept by the server the app runs (`hosted/tables.sqlite3`, store.py),
and remote players come back with their invite codes. The keys of the seats played at
the host's own screen lived only in the app's memory; this file keeps them beside the
table: `hosted/host-<table id>.json`, one per table, written atomically (a crash leaves
the old file or the new one). It holds what the Host screen needs to open the table
again: the game, the port and address the invite codes carry, the new-game screen's
seat rows (who sits here, who is remote, which seats are AI), the disconnect setting
and each local seat's key.

A file on disk is hostile until proven otherwise: it is read through `core.safeio`
(bounded), checked field by field (pydantic, unknown fields ignored), and a table is
offered again only while the store says it is unfinished (`lobby` or `playing`).
"""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..core.record import atomic_write_text
from ..core.safeio import UnsafeFile, read_json
from . import protocol as P
from .store import FILE_NAME

PREFIX = "host-"
MAX_BYTES = 64 * 1024
RESUMABLE = ("lobby", "playing")
FINISHED = ("over", "closed")
MAX_RECORDS = 200              # records looked at, the newest first


class SeatRow(BaseModel):
    """A row of the new-game screen: who plays a seat."""
    model_config = ConfigDict(extra="ignore", frozen=True)
    name: str = Field(default="", max_length=40)
    kind: Literal["human", "remote", "ai"] = "human"
    difficulty: Literal["random", "easy", "normal", "hard"] = "normal"


class HostSeats(BaseModel):
    """A hosted table as its host's app keeps it (see the module's docstring)."""
    model_config = ConfigDict(extra="ignore", frozen=True)
    table_id: P.TableId
    game: P.GameId
    port: int = Field(ge=1, le=65535)
    address: str = Field(default="127.0.0.1", max_length=260)
    seats: list[SeatRow] = Field(min_length=1, max_length=P.MAX_SEATS)
    policy: Literal["run", "pause", "ai"] = "pause"
    local: dict[int, P.Token] = Field(min_length=1)     # seat played at the host's screen -> its key
    saved: float = 0.0

    @model_validator(mode="after")
    def _keys_for_the_seats_here(self):
        here = {i for i, row in enumerate(self.seats) if row.kind == "human"}
        if not here or set(self.local) != here:
            raise ValueError("a key for each seat played at the host's screen, and only those")
        return self

    @property
    def owner(self) -> int:
        return min(self.local)

    def names(self) -> list[str]:
        return [row.name for row in self.seats]


def path_for(folder, table_id: str) -> Path:
    return Path(folder) / f"{PREFIX}{table_id}.json"


def remember(folder, record: HostSeats) -> Path:
    """Write (or rewrite) a table's record atomically; OSError when it cannot be written."""
    record = record.model_copy(update={"saved": time.time()})
    path = path_for(folder, record.table_id)
    atomic_write_text(path, record.model_dump_json(indent=1) + "\n")
    return path


def read(path) -> HostSeats | None:
    """One record, or None when the file is not one (unreadable, too big, not ours)."""
    try:
        data = read_json(path, MAX_BYTES, "hosted table")
        return HostSeats.model_validate(data)
    except (UnsafeFile, OSError, ValidationError, ValueError, TypeError):
        return None


def table_status(folder, table_id: str) -> str | None:
    """The store's word on a table ("lobby", "playing", "over", "closed") without
    creating or changing anything; None when there is no store or no such table."""
    db_path = Path(folder) / FILE_NAME
    if not db_path.is_file():
        return None
    try:
        db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True, timeout=2.0)
        try:
            row = db.execute("SELECT status FROM tables WHERE id=?", (table_id,)).fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return row[0] if row else None


def resumable(folder) -> list[HostSeats]:
    """The tables this app hosted that are not finished, the most recent first. The
    record of a table the store says is over or closed is removed on the way (its keys
    open nothing any more; the finished game itself stays in the store)."""
    folder = Path(folder)
    out = []
    try:
        paths = sorted(folder.glob(f"{PREFIX}*.json"), key=_mtime, reverse=True)
    except OSError:
        return []
    for path in paths[:MAX_RECORDS]:
        record = read(path)
        if record is None or path.name != path_for(folder, record.table_id).name:
            continue
        status = table_status(folder, record.table_id)
        if status in RESUMABLE:
            out.append(record)
        elif status in FINISHED:
            try:
                path.unlink()
            except OSError:
                pass
    return sorted(out, key=lambda r: r.saved, reverse=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


__all__ = ["HostSeats", "SeatRow", "remember", "read", "resumable", "table_status", "path_for"]
