"""Paying costs from the resource pool (TE-042 … TE-051, TE-080 … TE-083), as pure functions.

A pool is a list of orbs `(colour, n, source, was_silver)`: colour C/U/S, or W for a Silver orb
whose colour is not chosen yet; `source` is the card that produced it (None: a Hero's built-in
resource or a Fight's gain). A cost is a list of parts `(colour, n, cursed)`; a W part is paid as
ONE colour of the payer's choice for its whole amount (TE-051). A Silver orb becomes one colour
when first spent and keeps it for what is left (TE-043).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import product

COLS = ("C", "U", "S")
_IDX = {"C": 0, "U": 1, "S": 2}


def split(pool):
    exact = [0, 0, 0]
    silver = []
    for col, n, _src, _w in pool:
        if col == "W":
            silver.append(n)
        else:
            exact[_IDX[col]] += n
    return exact, tuple(sorted(silver, reverse=True))


@lru_cache(maxsize=65536)
def cover(deficits: tuple, silver: tuple) -> bool:
    """Can the Silver orbs (each wholly one colour) cover the per-colour deficits?"""
    if all(d <= 0 for d in deficits):
        return True
    if not silver or sum(silver) < sum(d for d in deficits if d > 0):
        return False
    first, rest = silver[0], silver[1:]
    for i in range(3):
        if deficits[i] > 0:
            d = list(deficits)
            d[i] -= first
            if cover(tuple(d), rest):
                return True
    return cover(deficits, rest)


def feasible(pool, parts) -> bool:
    exact, silver = split(pool)
    return feasible_split(exact, silver, parts)


def feasible_split(exact, silver, parts) -> bool:
    need = [0, 0, 0]
    wparts = []
    total = 0
    for col, n, _c in parts:
        total += n
        if col == "W":
            wparts.append(n)
        else:
            need[_IDX[col]] += n
    d0, d1, d2 = need[0] - exact[0], need[1] - exact[1], need[2] - exact[2]
    if not silver:                                   # the common case: no Silver in the pool
        if d0 > 0 or d1 > 0 or d2 > 0:
            return False
        if not wparts:
            return True
        if len(wparts) == 1:
            return -min(d0, d1, d2) >= wparts[0]
    elif exact[0] + exact[1] + exact[2] + sum(silver) < total:
        return False
    if not wparts:
        return cover((d0, d1, d2), silver)
    for cols in product(range(3), repeat=len(wparts)):
        nd = [d0, d1, d2]
        for i, w in zip(cols, wparts):
            nd[i] += w
        if cover((nd[0], nd[1], nd[2]), silver):
            return True
    return False


def silver_options(pool, parts, idx) -> list:
    """Colours the W part `idx` may take and still leave the whole cost payable."""
    out = []
    exact, silver = split(pool)
    for c in COLS:
        trial = list(parts)
        trial[idx] = (c, parts[idx][1], parts[idx][2])
        if feasible_split(exact, silver, trial):
            out.append(c)
    return out


def take(pool, i, colour, amount):
    """Spend up to `amount` of `colour` from orb i; returns (new pool, spent, source)."""
    col, n, src, w = pool[i]
    spent = min(n, amount)
    new = list(pool)
    if n - spent:
        new[i] = (colour, n - spent, src, w)
    else:
        del new[i]
    return new, spent, src


def curse_candidates(pool, parts, idx) -> list:
    """Orb indexes that may pay the next units of cursed part `idx` (fixed colour) with the
    rest of the cost still payable afterwards."""
    colour, n, _ = parts[idx]
    out = []
    for i, (col, m, src, w) in enumerate(pool):
        if col != colour and col != "W":
            continue
        new, spent, _ = take(pool, i, colour, n)
        rest = list(parts)
        if n - spent:
            rest[idx] = (colour, n - spent, True)
        else:
            del rest[idx]
        if feasible(new, rest):
            out.append(i)
    return out


def pay_plain(pool, parts):
    """Pay fixed-colour, uncursed parts: exact colours first, then the Silver orbs chosen to
    waste least. Returns the new pool (the caller has checked feasibility)."""
    need = [0, 0, 0]
    for col, n, _c in parts:
        need[_IDX[col]] += n
    # exact colours first, each colour's orbs in pool order (one pass: colours do not interact)
    out = []
    for orb in pool:
        ci = _IDX.get(orb[0])
        if ci is None or need[ci] <= 0:
            out.append(orb)
            continue
        n = orb[1]
        spent = n if n < need[ci] else need[ci]
        need[ci] -= spent
        if n - spent:
            out.append((orb[0], n - spent, orb[2], orb[3]))
    pool = out
    if need[0] <= 0 and need[1] <= 0 and need[2] <= 0:
        return pool
    silver_idx = [i for i, o in enumerate(pool) if o[0] == "W"]
    best = None
    for cols in product(range(4), repeat=len(silver_idx)):      # 3 = not used
        got = [0, 0, 0]
        for i, ci in zip(silver_idx, cols):
            if ci < 3:
                got[ci] += pool[i][1]
        if all(got[k] >= need[k] for k in range(3)):
            waste = sum(got) - sum(need)
            if best is None or waste < best[0]:
                best = (waste, cols)
    if best is None:
        raise ValueError("payment not possible")
    new = list(pool)
    remove = []
    rem = list(need)
    for i, ci in zip(silver_idx, best[1]):
        if ci == 3:
            continue
        col, n, src, w = pool[i]
        spent = min(n, rem[ci])
        if not spent:
            continue
        rem[ci] -= spent
        if n - spent:
            new[i] = (COLS[ci], n - spent, src, w)
        else:
            remove.append(i)
    for i in sorted(remove, reverse=True):
        del new[i]
    return new
