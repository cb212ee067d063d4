"""Where a server keeps its tables: one SQLite file (`tables.sqlite3` in the data folder).

A table is its setup (game, options, seed, seats with their names, kinds and tokens,
the owner, the disconnect policy) and its action log, one row per action, written
before the action's update leaves the server. SQLite in WAL mode with
`synchronous=NORMAL` keeps every committed row through a crash of the process
(kill -9); only a power cut can lose the last actions. A restart replays each
unfinished table's log from its seed, as a save file is loaded, so the table comes
back exactly where it was.

Nothing here is the rules: the store holds JSON it is given and gives it back.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    status TEXT NOT NULL,            -- lobby | playing | over | closed
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL,
    n INTEGER NOT NULL,              -- 1 for the first action
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;
"""
FILE_NAME = "tables.sqlite3"


class StoreError(Exception):
    """The store cannot be opened (not a database, unreadable): the message says which file."""


class TableStore:
    def __init__(self, folder):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / FILE_NAME
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path} cannot be used to keep the tables ({exc}); "
                             "move it aside to start with an empty store") from None

    def close(self) -> None:
        self.db.close()

    def save_setup(self, table_id: str, setup: dict, status: str) -> None:
        now = time.time()
        self.db.execute("INSERT INTO tables (id, setup, status, created, updated) VALUES (?, ?, ?, ?, ?) "
                        "ON CONFLICT(id) DO UPDATE SET setup=excluded.setup, status=excluded.status, "
                        "updated=excluded.updated",
                        (table_id, json.dumps(setup, separators=(",", ":")), status, now, now))

    def set_status(self, table_id: str, status: str) -> None:
        self.db.execute("UPDATE tables SET status=?, updated=? WHERE id=?", (status, time.time(), table_id))

    def append(self, table_id: str, n: int, seat: int, action) -> None:
        self.db.execute("INSERT OR REPLACE INTO actions (table_id, n, seat, action) VALUES (?, ?, ?, ?)",
                        (table_id, n, seat, json.dumps(action, separators=(",", ":"))))

    def actions(self, table_id: str) -> list[tuple[int, list]]:
        rows = self.db.execute("SELECT seat, action FROM actions WHERE table_id=? ORDER BY n", (table_id,))
        return [(seat, json.loads(action)) for seat, action in rows]

    def count(self, table_id: str) -> int:
        return self.db.execute("SELECT COUNT(*) FROM actions WHERE table_id=?", (table_id,)).fetchone()[0]

    def open_tables(self) -> list[tuple[str, dict, str]]:
        """(id, setup, status) of every table a restart reopens: not closed, not over."""
        rows = self.db.execute("SELECT id, setup, status FROM tables WHERE status IN ('lobby', 'playing') "
                               "ORDER BY created")
        out = []
        for table_id, setup, status in rows:
            try:
                out.append((table_id, json.loads(setup), status))
            except ValueError:
                continue
        return out

    def status(self, table_id: str) -> str | None:
        row = self.db.execute("SELECT status FROM tables WHERE id=?", (table_id,)).fetchone()
        return row[0] if row else None
