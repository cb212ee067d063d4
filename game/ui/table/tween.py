"""Tweens with easing, and the animation queue that plays rules events in order.

- `Tween(duration, apply, ease)` calls `apply(eased_t)` each update, t in 0..1.
- `Animator` owns running tweens and a FIFO of steps. A step is a callable that
  starts tweens (through `animator.tween` / helpers) and returns how long the queue
  waits before the next step (its "hold", in base seconds; None = until its tweens end).
- Speed: base durations are divided by `speed()` (settings.animation_speed is a
  multiplier: 0 = instant, 0.5 = slow, 1 = normal, 2 = fast). With a long backlog the
  queue plays faster, but every step still plays, in order — nothing jumps.
"""
from __future__ import annotations

import math
from collections import deque
from typing import Callable


def linear(t): return t
def ease_in_quad(t): return t * t
def ease_out_quad(t): return 1 - (1 - t) * (1 - t)
def ease_out_cubic(t): return 1 - (1 - t) ** 3
def ease_in_out_cubic(t): return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2
def ease_in_out_sine(t): return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t, s=1.70158):
    t -= 1
    return t * t * ((s + 1) * t + s) + 1


def ease_out_bounce(t):
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


class Tween:
    __slots__ = ("duration", "elapsed", "apply", "ease", "delay", "on_done", "done", "tag")

    def __init__(self, duration: float, apply: Callable[[float], None], ease=ease_out_cubic,
                 delay: float = 0.0, on_done: Callable[[], None] | None = None, tag=None):
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self.apply = apply
        self.ease = ease
        self.delay = max(0.0, delay)
        self.on_done = on_done
        self.done = False
        self.tag = tag

    def update(self, dt: float) -> bool:
        if self.done:
            return True
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return False
            dt = -self.delay
            self.delay = 0.0
        self.elapsed += dt
        if self.duration <= 0 or self.elapsed >= self.duration:
            self.finish()
            return True
        self.apply(self.ease(self.elapsed / self.duration))
        return False

    def finish(self) -> None:
        if self.done:
            return
        self.done = True
        self.apply(1.0)
        if self.on_done is not None:
            self.on_done()


class Animator:
    """Running tweens + an ordered queue of steps."""

    def __init__(self, speed: Callable[[], float] = lambda: 1.0):
        self.speed_fn = speed
        self.tweens: list[Tween] = []
        self.steps: deque = deque()
        self.hold = 0.0            # seconds until the next step may start
        self.step_tweens: list[Tween] = []
        self.rush = 1.0            # > 1 while a backlog is being played
        self._in_step = False      # tweens started by a step hold the queue; others (hover) do not

    # -- speed ------------------------------------------------------------------
    def speed(self) -> float:
        try:
            s = float(self.speed_fn())
        except (TypeError, ValueError):
            s = 1.0
        return max(0.0, s) * self.rush

    def scaled(self, seconds: float) -> float:
        sp = self.speed()
        return 0.0 if sp <= 0 else seconds / sp

    @property
    def instant(self) -> bool:
        return self.speed() <= 0.0

    # -- tweens -----------------------------------------------------------------
    def tween(self, duration: float, apply, ease=ease_out_cubic, delay: float = 0.0,
              on_done=None, tag=None) -> Tween:
        """Start a tween now (duration and delay in base seconds, scaled here).
        A tween with the same non-None tag replaces the running one."""
        if tag is not None:
            for old in self.tweens:
                if old.tag == tag and not old.done:
                    old.done = True          # superseded: the new one starts from here
        tw = Tween(self.scaled(duration), apply, ease, self.scaled(delay), on_done, tag)
        if tw.duration <= 0 and tw.delay <= 0:
            tw.finish()
        else:
            self.tweens.append(tw)
            if self._in_step:
                self.step_tweens.append(tw)
        return tw

    def wait(self, seconds: float) -> None:
        """Make the current step hold at least this long (base seconds)."""
        self.hold = max(self.hold, self.scaled(seconds))

    # -- queue ------------------------------------------------------------------
    def enqueue(self, step: Callable[[], float | None], front: bool = False) -> None:
        if front:
            self.steps.appendleft(step)
        else:
            self.steps.append(step)

    def busy(self) -> bool:
        return bool(self.steps) or self.hold > 0 or any(not t.done for t in self.step_tweens)

    def queue_idle(self) -> bool:
        return not self.steps and self.hold <= 0 and all(t.done for t in self.step_tweens)

    def update(self, dt: float) -> None:
        # backlog: play faster (never skip)
        n = len(self.steps)
        self.rush = 1.0 if n < 6 else min(4.0, n / 6.0)
        if self.tweens:
            alive = []
            for tw in self.tweens:
                if not tw.update(dt):
                    alive.append(tw)
            self.tweens = alive
        self.hold -= dt
        guard = 0
        while self.steps and self.hold <= 0 and all(t.done for t in self.step_tweens):
            guard += 1
            if guard > 10000:
                break
            self.step_tweens = []
            self.hold = 0.0
            step = self.steps.popleft()
            self._in_step = True
            try:
                wait = step()
            finally:
                self._in_step = False
            if wait is not None:
                self.wait(wait)
        if not self.steps and self.hold < 0:
            self.hold = 0.0
        self.step_tweens = [t for t in self.step_tweens if not t.done]

    def flush(self) -> None:
        """Play everything to the end at once (used on rebuild)."""
        for _ in range(100000):
            for tw in list(self.tweens):
                tw.finish()
            self.tweens = []
            self.step_tweens = []
            self.hold = 0.0
            if not self.steps:
                break
            self._in_step = True
            try:
                self.steps.popleft()()
            finally:
                self._in_step = False
        self.tweens = []
        self.step_tweens = []
        self.hold = 0.0
