"""How far long work is: a progress bar with a count and the time left, drawn by tqdm
on a terminal (stderr) and nothing at all otherwise — not with --json, not when the
output goes to a file or a pipe, not in tests.

    with Progress(total=1000, what="games", enabled=not args.json) as bar:
        run(..., progress=bar.done)        # bar.done(n): n finished so far
"""
from __future__ import annotations

import sys


def on_terminal(stream=None) -> bool:
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


class Progress:
    def __init__(self, total: int | None, what: str = "items", enabled: bool = True, stream=None):
        self.stream = sys.stderr if stream is None else stream
        self.bar = None
        if enabled and on_terminal(self.stream):
            try:
                from tqdm import tqdm
            except ImportError:          # an install without tqdm still runs, silently
                return
            self.bar = tqdm(total=total, unit=f" {what}", file=self.stream, dynamic_ncols=True,
                            leave=False, smoothing=0.1)

    @property
    def shown(self) -> bool:
        return self.bar is not None

    def done(self, n: int) -> None:
        """`n` items are finished (a running count, not an increment)."""
        if self.bar is not None and n > self.bar.n:
            self.bar.update(n - self.bar.n)

    def step(self, label: str | None = None) -> None:
        """One more item finished; `label` names it."""
        if self.bar is not None:
            if label:
                self.bar.set_description_str(label, refresh=False)
            self.bar.update(1)

    def print(self, line: str) -> None:
        """A line of ordinary output (stdout) that does not tear the bar."""
        if self.bar is not None:
            self.bar.write(line, file=sys.stdout)
        else:
            print(line)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def __enter__(self) -> "Progress":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
