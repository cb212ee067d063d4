"""Building exact Dark Gothic situations for scenario tests: move named cards where a test
wants them (every card stays in exactly one place, so the invariants keep holding)."""
from __future__ import annotations

import random

from game.registry import ruleset

R = ruleset("dark_gothic")


def fresh(n=2, mode="competitive", seed=1, addons=()):
    s = R.setup(n, {"mode": mode, "addons": list(addons)}, seed)
    return s


def zones(s):
    """Every list that holds card ids, with a name."""
    out = [("main", s.main), ("crypt", s.crypt), ("shadows", s.shadows), ("box", s.box), ("honor", s.honor),
           ("secrets", s.secrets), ("sdeck", s.sdeck), ("on_villain", s.on_villain), ("vstack", s.vstack),
           ("vbox", s.vbox)]
    for k, st in s.training.items():
        out.append((f"training:{k}", st))
    for name in ("deck", "hand", "discard", "play", "remains", "won"):
        for i, lst in enumerate(getattr(s, name)):
            out.append((f"{name}:{i}", lst))
    return out


def take(s, key, avoid=()):
    """Remove one card with this key from wherever it is (not the Center Line) and return its id."""
    for name, lst in zones(s):
        if name in avoid:
            continue
        for c in lst:
            if R.key[c] == key:
                lst.remove(c)
                return c
    for i, c in enumerate(s.center):
        if c is not None and R.key[c] == key:
            s.center[i] = None
            return c
    raise LookupError(key)


def to_hand(s, seat, *keys):
    ids = [take(s, k, avoid=(f"hand:{seat}",)) for k in keys]
    s.hand[seat].extend(ids)
    s.dec = None
    return ids


def set_hand(s, seat, *keys):
    """Replace `seat`'s hand with exactly these cards (the old hand goes on its deck)."""
    s.deck[seat].extend(s.hand[seat])
    s.hand[seat] = []
    return to_hand(s, seat, *keys)


def set_center(s, *keys):
    """Put these cards into slots 1.. (None leaves a slot as it is); old cards go to the Main Deck bottom."""
    ids = []
    for i, k in enumerate(keys):
        if k is None:
            ids.append(s.center[i])
            continue
        old = s.center[i]
        s.center[i] = None
        c = take(s, k)
        if old is not None:
            s.main.insert(0, old)
        s.center[i] = c
        ids.append(c)
    s.dec = None
    return ids


def top_of_main(s, *keys):
    """The next cards drawn from the Main Deck, in this order."""
    for k in reversed(keys):
        c = take(s, k)
        s.main.append(c)
    s.dec = None


def set_villain(s, key):
    """The Villain with this key face up (the mode's printing of it, see data.py)."""
    c = take(s, key) if s.villain is None or R.key[s.villain] != key else s.villain
    if s.villain is not None and s.villain != c:
        s.vbox.append(s.villain)
    s.villain = c
    s.dec = None
    return c


def to_main_decision(s):
    """Answer whatever is open with the first action until the active player's main decision."""
    for _ in range(200):
        if s.res is not None or s.wait is None:
            return s
        d = R.decisions(s)[0]
        R.apply(s, d.seat, d.actions[0])
    raise AssertionError("no main decision")


def act(s, seat, *action):
    return R.apply(s, seat, tuple(action))


def decision(s, seat=None):
    ds = R.decisions(s)
    if seat is None:
        return ds[0]
    return next(d for d in ds if d.seat == seat)


def answer(s, seat, action):
    return R.apply(s, seat, tuple(action))


def pass_all(s, kinds=("block", "protect")):
    """Everyone passes every open Block/Protect window."""
    while s.res is None and s.wait is not None and s.wait[0] in kinds:
        d = R.decisions(s)[0]
        R.apply(s, d.seat, ("pass",))


def pool_of(s):
    return [(c, n) for c, n, _src, _w in s.pool]


def random_game(n, mode, seed, addons=(), check=True, max_steps=20000):
    s = fresh(n, mode, seed, addons)
    rnd = random.Random(seed)
    steps = 0
    while R.result(s) is None:
        d = R.decisions(s)[rnd.randrange(len(R.decisions(s)))]
        a = d.actions[rnd.randrange(len(d.actions))]
        before = s.clone() if check else None
        R.apply(s, d.seat, a)
        if check:
            bad = R.invariants(s, before)
            assert not bad, (seed, steps, bad)
        steps += 1
        assert steps < max_steps
    return s, steps


def quiet(n=2, mode="competitive", seed=1, hero="sara_the_bright_witch", villain="selena"):
    """A fresh game at the active player's main decision with plain Heroes, a Villain whose
    Global stays out of the way, an empty pool and no Lightning/Mystery surprises on top of
    the Main Deck (the next cards are Militia Soldiers and Muskets...)."""
    s = fresh(n, mode, seed)
    to_main_decision(s)
    s.heroes = [hero] * n
    set_villain(s, villain)
    s.pool = []
    plain = [c for c in s.main if not R.cards[c].mystery and not R.cards[c].roaming and not R.cards[c].globals]
    others = [c for c in s.main if c not in plain]
    s.main = others + plain                   # plain cards on top
    for i, c in enumerate(s.center):
        k = R.cards[c]
        if k.roaming or k.globals:
            s.main.insert(0, c)
            s.center[i] = s.main.pop()
    s.dec = None
    return s
