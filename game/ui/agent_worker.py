"""AI thinking off the render loop.

One daemon thread takes one job at a time: `agent.choose(view, decision, budget)`.
The window polls for answers each frame and never waits. Every job carries a key
(the match's log length and the seat); an answer whose key no longer matches the
match (someone else acted meanwhile, undo, load) is dropped by the caller.

A thread, not a process: agents keep memory between decisions (`observe`) and
views are small; the window stays responsive because the GIL is handed over every
few milliseconds, and the scene shows a "thinking…" cue meanwhile.
"""
from __future__ import annotations

import copy
import queue
import threading
import time
import traceback


class AgentWorker:
    def __init__(self, name: str = "nocturne-ai"):
        self._jobs: queue.Queue = queue.Queue()
        self._results: list = []
        self._lock = threading.Lock()
        self._generation = 0
        self._pending = None           # key of the job in flight
        self._closed = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    @property
    def busy(self) -> bool:
        return self._pending is not None

    @property
    def pending_key(self):
        return self._pending

    def request(self, key, agent, view, decision, budget=None) -> None:
        """Start thinking. The view is copied so the match may move on meanwhile."""
        if self._closed:
            return
        self._pending = key
        self._jobs.put((self._generation, key, agent, copy.deepcopy(view), decision, budget, time.monotonic()))

    def poll(self) -> list:
        """Finished jobs as (key, action, error, seconds); error is a string or None."""
        with self._lock:
            out, self._results = self._results, []
        out = [r for r in out if r[0] == self._generation]
        if out:
            self._pending = None
        return [r[1:] for r in out]

    def cancel(self) -> None:
        """Forget any job in flight (its answer will be ignored)."""
        self._generation += 1
        self._pending = None

    def close(self) -> None:
        self._closed = True
        self.cancel()
        self._jobs.put(None)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            gen, key, agent, view, decision, budget, t0 = job
            if gen != self._generation:
                continue
            action, error = None, None
            try:
                action = agent.choose(view, decision, budget)
            except Exception as exc:     # noqa: BLE001 - a bad agent must not kill the window
                error = f"{type(exc).__name__}: {exc}"
                traceback.print_exc()
            with self._lock:
                self._results.append((gen, key, action, error, time.monotonic() - t0))


__all__ = ["AgentWorker"]
