"""Checkers for the parameters of a game's effect registry (`effects: [{op: draw, n: 2}]`).

Every game keeps ONE closed registry of effect names, each with the parameters it takes:
`{"n": (required, checker)}`. A checker returns None for a good value or one sentence
saying what was expected; `check_params` lists the problems of one entry so that the data
loader can report them with file:line. Shared here so that each game's effects.py holds
only its own effects."""
from __future__ import annotations

from typing import Callable

Checker = Callable[[object], "str | None"]


def whole(lo: int, hi: int) -> Checker:
    """A whole number from lo to hi (a bool is not a number here)."""
    def check(v):
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            return f"expected a whole number from {lo} to {hi}, got {v!r}"
        return None
    return check


def one_of(*allowed) -> Checker:
    def check(v):
        return None if v in allowed else f"expected one of {', '.join(map(str, allowed))}, got {v!r}"
    return check


def check_params(spec: dict, params: dict) -> list[tuple[str, str]]:
    """Problems as (param name, sentence) for `params` checked against a registry entry
    `spec` = {name: (required, checker)}: unknown names, bad values, missing ones."""
    out = []
    for name, value in params.items():
        if name not in spec:
            out.append((name, f"unknown parameter {name!r} (allowed: {', '.join(spec) or 'none'})"))
            continue
        err = spec[name][1](value)
        if err:
            out.append((name, err))
    for name, (required, _check) in spec.items():
        if required and name not in params:
            out.append((name, f"missing required parameter {name!r}"))
    return out
