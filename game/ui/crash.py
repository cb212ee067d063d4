"""Crash reports: an unexpected exception in the window never shows a traceback to the
player and never loses the game.

`report_crash(app, where, exc)` first writes the autosave of the game on the table (if
one is open), then a crash report — the version, the game, its seed and options, the
last actions, the traceback — to a file in the user's log folder, and returns what the
window says (`CrashNotice`: where the report is, and an offer to continue from the
autosave). Reports rotate: the newest KEEP_REPORTS are kept, each at most REPORT_MAX_BYTES;
one error repeating every frame writes one report (the same place and kind of error is
reported once per run) and at most MAX_PER_RUN are written in a run.
"""
from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from dataclasses import dataclass
from pathlib import Path

from ..core.safeio import one_line, printable

KEEP_REPORTS = 10
REPORT_MAX_BYTES = 256 * 1024
LAST_ACTIONS = 30
MAX_PER_RUN = 5
PREFIX, SUFFIX = "crash-", ".txt"


@dataclass
class Crash:
    where: str
    error: str                     # one line: the kind of error and its message
    report: Path | None            # None when no report could be written
    autosave: Path | None          # the game's autosave, written just now (None: no game)


def version() -> str:
    """The app's one version (pyproject's; core/version.py), never raising: a crash
    report is written whatever else is wrong."""
    try:
        from ..core.version import app_version
        return app_version()
    except Exception:              # noqa: BLE001 - the report matters more than its version line
        return "unknown"


def _table_match(app):
    """The match of the game on the table (the topmost table scene), or None."""
    for scene in reversed(getattr(app, "scenes", [])):
        match = getattr(scene, "match", None)
        if match is not None and hasattr(match, "log"):
            return scene, match
    return None, None


def _autosave(scene, match) -> Path | None:
    """Write the game's autosave now; the path if it was written."""
    path = getattr(match, "autosave_path", None)
    if path is None or getattr(match, "over", False):
        return None
    try:
        match.save(path)
        return Path(path)
    except Exception:              # noqa: BLE001 - the report is written all the same
        return None


def report_text(where: str, exc: BaseException, match) -> str:
    lines = ["Nocturne crash report", f"version: {version()}",
             f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
             f"python: {platform.python_version()} on {platform.platform()}", f"where: {where}",
             f"error: {one_line(f'{type(exc).__name__}: {exc}', 400)}"]
    if match is not None:
        log = list(getattr(match, "log", []))
        lines += [f"game: {getattr(match, 'game_id', '?')}", f"seed: {getattr(match, 'seed', '?')}",
                  f"options: {one_line(repr(getattr(match, 'options', {})), 400)}",
                  f"seats: {len(getattr(match, 'seats', []))}",
                  f"actions: {len(log)} (the last {min(len(log), LAST_ACTIONS)} below, newest last)"]
        for i, (seat, action) in enumerate(log[-LAST_ACTIONS:], start=max(0, len(log) - LAST_ACTIONS) + 1):
            lines.append(f"  {i}. seat {seat}: {one_line(repr(action), 200)}")
    lines += ["", "traceback:", "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))]
    text = "\n".join(lines)[:REPORT_MAX_BYTES // 8]        # escaped, a character takes at most 6 bytes
    text = printable_lines(text)
    if len(text.encode("utf-8")) > REPORT_MAX_BYTES:
        text = text.encode("utf-8")[:REPORT_MAX_BYTES - 40].decode("utf-8", "ignore") + "\n… (cut)\n"
    return text


def printable_lines(text: str) -> str:
    return "\n".join(printable(line) for line in text.split("\n"))


def write_report(text: str, folder: Path | None = None) -> Path | None:
    """The report as a new file in the log folder (atomic), then the oldest beyond
    KEEP_REPORTS removed. None if nothing could be written."""
    from ..core.paths import user_log_dir
    from ..core.record import atomic_write_text
    folder = Path(folder) if folder is not None else user_log_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{PREFIX}{stamp}-{os.getpid()}{SUFFIX}"
    n = 2
    while os.path.lexists(path):
        path = folder / f"{PREFIX}{stamp}-{os.getpid()}-{n}{SUFFIX}"
        n += 1
    try:
        atomic_write_text(path, text)
    except OSError:
        return None
    rotate(folder)
    return path


def rotate(folder: Path, keep: int = KEEP_REPORTS) -> None:
    """Remove the oldest crash reports beyond `keep` (only files the app named so)."""
    try:
        reports = [e for e in os.scandir(folder)
                   if e.name.startswith(PREFIX) and e.name.endswith(SUFFIX) and e.is_file(follow_symlinks=False)]
        reports.sort(key=lambda e: e.stat(follow_symlinks=False).st_mtime_ns)
    except OSError:
        return
    for entry in reports[:-keep] if len(reports) > keep else []:
        try:
            os.unlink(entry.path)
        except OSError:
            pass


class CrashLog:
    """What one run has reported: each (place, kind of error) once, at most MAX_PER_RUN."""

    def __init__(self):
        self.seen: set = set()
        self.written = 0

    def report(self, app, where: str, exc: BaseException) -> Crash | None:
        """Autosave, write the report and return what to show; None when this error was
        already reported in this run (it repeats every frame) or too many were."""
        key = (where, type(exc).__name__)
        if key in self.seen or self.written >= MAX_PER_RUN:
            return None
        self.seen.add(key)
        self.written += 1
        scene, match = _table_match(app)
        saved = _autosave(scene, match) if match is not None else None
        report = write_report(report_text(where, exc, match))
        error = printable(one_line(f"{type(exc).__name__}: {exc}", 160))
        line = f"nocturne: an unexpected error in {printable(where)} ({error})"
        line += f"; crash report: {printable(str(report))}" if report else "; no crash report could be written"
        print(line, file=sys.stderr)
        return Crash(where, error, report, saved)


__all__ = ["Crash", "CrashLog", "report_text", "write_report", "rotate", "KEEP_REPORTS", "REPORT_MAX_BYTES"]
