"""What one seat may see (CHECKLIST §2.6), and `perturb_hidden` for the contract suite.

Hidden: other hands (counts only), every deck order (counts only; your own deck too), the Main
Deck order and the Shadows' contents (the count is public), the Shocking Discovery order, the
face-down and unused Villains, a Draw-2 offer (only the chooser), another seat's secret pass
until all are in. Public: discard piles, cards in play and Remains, the Center Line, the Crypt,
the resource pool, the supply, defeated Villains.
"""
from __future__ import annotations


def build_view(eng, s, seat, reveal: bool = False) -> dict:
    """`reveal`: the replay of a finished game (the ruleset's `reveal_view`): every hand, what
    each seat holds, a Draw-2 offer and every secret pass shown; deck orders stay hidden."""
    over = s.res is not None or reveal
    seats = []
    blurred = set()
    for c, giver, to in s.ghosts:
        if seat not in (giver, to):
            blurred.update((giver, to))
    for i in range(s.n):
        p = {"seat": i, "hero": s.heroes[i], "hand_count": len(s.hand[i]), "deck_count": len(s.deck[i]),
             "discard": s.discard[i][:], "play": s.play[i][:], "remains": s.remains[i][:], "won": s.won[i][:]}
        if seat == i or over:
            p["hand"] = s.hand[i][:]
        # what the seat holds in deck and hand together is public (every card it gained was
        # seen), except right after a Poltergeist pass another seat took no part in
        p["owned"] = None if (i in blurred and not over) else sorted(s.deck[i] + s.hand[i])
        if over:
            p["investigation"] = eng.investigation(s, i)
        seats.append(p)
    v = {
        "game": "dark_gothic",
        "seat": seat,
        "players": s.n,
        "mode": "coop" if s.coop else "competitive",
        "draw2": s.draw2,
        "active": s.active,
        "first": s.first,
        "turn": s.turn,
        "seats": seats,
        "center": s.center[:],
        "villain": s.villain,
        "villains_left": len(s.vstack) + (1 if s.villain is not None else 0),
        "on_villain": s.on_villain[:],
        "shadows": len(s.shadows),
        "shadows_limit": eng.limit,
        "main_deck": len(s.main),
        "crypt": s.crypt[:],
        "discoveries": len(s.sdeck),
        "training": {k: {"top": (st[-1] if st else None), "count": len(st)} for k, st in s.training.items()},
        "honor": len(s.honor),
        "secrets": len(s.secrets),
        "hungry_dead": eng.data.hungry_dead,
        "pool": [list(o) for o in s.pool],
        "uses": {"block": s.uses[0], "protect": s.uses[1]},
        "flags": sorted(s.flags),
        "round_used": sorted(s.round_used),
        "hand_size": eng.hand_size(s),
        "rolloff": s.rolloff[:],
        "flow": _flow(s, seat, reveal),
        "tasks": [_js(t) for t in s.tasks],
        "roaming": None if s.addressed is None else {"addressed": sorted(s.addressed), "moved": sorted(s.moved)},
        "wait": None if s.wait is None or s.wait[0] == "hero" else _js(s.wait),
        "over": s.res is not None,
    }
    if reveal:
        v["revealed"] = True
    if s.res is not None:
        r = s.res
        v["result"] = {"winners": list(r.winners), "scores": list(r.scores), "side": r.side,
                       "reason": r.reason, "details": r.details}
    return v


def _js(x):
    if isinstance(x, (tuple, list)):
        return [_js(y) for y in x]
    if isinstance(x, dict):
        return {k: _js(v) for k, v in x.items()}
    return x


def _flow(s, seat, reveal=False) -> dict:
    w = s.wait
    if w is None:
        return {"wait": None}
    kind = w[0]
    f = {"wait": kind}
    if kind == "pay":
        f.update(seat=w[1], card=w[2], parts=[list(p) for p in w[3]], options=_js(w[4]))
    elif kind == "choose":
        f.update(seat=w[1], act=w[2], source=w[3], n=w[4], optional=w[5])
    elif kind in ("feed", "target"):
        f.update(seat=w[1])
    elif kind == "reroll":
        f.update(seat=w[1], purpose=w[2], face=w[4])
    elif kind == "hero":
        f.update(seat=w[1])
        if seat == w[1] or reveal:
            f["offers"] = s.offers[:]
    elif kind in ("block", "protect"):
        win = s.window
        f.update(asked=list(win.waiting), prompt=win.prompt, reacted=[[a, list(b)] for a, b in win.reacted])
    elif kind == "pass":
        sc = s.sealed
        f.update(seats=list(sc.seats), committed=sorted(sc.picks),
                 mine=list(sc.picks[seat]) if seat in sc.picks else None)
        if reveal:
            f["picks"] = {str(k): list(a) for k, a in sorted(sc.picks.items())}
    return f


def _pinned(s) -> set:
    """Card ids named by pending steps (public once named, e.g. a card about to be Destroyed)."""
    out = set()

    def walk(x):
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, tuple):
            for y in x:
                walk(y)
    for t in s.tasks:
        walk(t)
    if s.wait is not None:
        walk(s.wait)
    if s.sealed is not None:
        for a in s.sealed.picks.values():
            walk(a)
    return out


def perturb_hidden(eng, s, seat, rng):
    """A copy differing only in what `seat` may not see, built without the view."""
    o = s.clone()
    pinned = _pinned(o)
    for j in range(o.n):
        if j == seat:
            free = [c for c in o.deck[j] if c not in pinned]
            rng.shuffle(free)
            it = iter(free)
            o.deck[j] = [c if c in pinned else next(it) for c in o.deck[j]]
            continue
        hand_keep = [c for c in o.hand[j] if c in pinned]
        movable = [c for c in o.hand[j] if c not in pinned] + [c for c in o.deck[j] if c not in pinned]
        deck_keep = [c for c in o.deck[j] if c in pinned]
        rng.shuffle(movable)
        k = len(o.hand[j]) - len(hand_keep)
        o.hand[j] = hand_keep + movable[:k]
        o.deck[j] = deck_keep + movable[k:]
        rng.shuffle(o.deck[j])
    both = [c for c in o.main + o.shadows]
    rng.shuffle(both)
    o.main, o.shadows = both[:len(o.main)], both[len(o.main):]
    rng.shuffle(o.sdeck)
    K = eng.cards
    for i, v in enumerate(o.vstack):
        same = [b for b in o.vbox if K[b].danger == K[v].danger]
        if same:
            b = same[rng.randint(0, len(same) - 1)]
            o.vbox[o.vbox.index(b)] = v
            o.vstack[i] = b
    o.dec = None
    return o
