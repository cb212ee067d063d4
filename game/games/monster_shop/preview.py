"""What a need-card assignment would do to its monster, asked of the rules on a copy.

No pygame: the table calls `care_preview` while a need card hovers over a monster.
Both functions read only the seat's view (the table never touches the true state): the
copy is the AI's determinization of that view (`ai.determinize`: what the seat may not
see — other hands, deck orders — sampled), so the preview uses nothing hidden.
On it the assignment is played, every other pending decision takes its default (the
owner's resolution order puts this monster first, so the other monsters do not eat
its food first), and the rules resolve the monster's care; the events say what came
of it. Nothing here repeats a rule.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.rng import RNG


@dataclass(frozen=True)
class Preview:
    needs: tuple          # the six needs the care starts from (hunger … disease)
    suffering: int        # added during the care
    total: int            # the monster's suffering afterwards
    limit: int            # suffering that makes it escape (its stripes)
    lost: str | None      # why it is lost ("suffering", "escaped", ...), None if it stays
    mutations: int        # mutations added
    dung: int             # dung added to its place


def complete(rules, hand, stripes, m, picks) -> tuple:
    """`picks` (one per stripe of `stripes`, the assign decision's, None = still free)
    completed to a whole assignment: each free stripe takes the first unused card of its
    colour in `hand` (simple half), or a blank when that colour has run out."""
    used = {k for pk in picks if pk is not None for k in (pk[0],) if k >= 0}
    out = []
    for ci, pk in zip(stripes, list(picks) + [None] * (len(stripes) - len(picks))):
        if pk is None:
            k = next((k for k in sorted(hand) if k not in used and rules.card_colour[k] == ci), None)
            if k is None:
                pk = (-2, 0)
            else:
                used.add(k)
                pk = (k, 0)
        out.append(tuple(pk))
    return ("assign", m, tuple(out))


def care_preview(rules, view, seat, action, seed: int = 0, limit: int = 600) -> Preview | None:
    """The care of monster action[1] after playing `action` (an "assign"), on a state
    sampled from `seat`'s view; None when the action is not legal now."""
    from .ai import determinize
    s = determinize(rules, view, seat, RNG(seed))
    if not rules.is_legal(s, seat, action):
        return None
    m = action[1]
    lim = len(rules.stripes(s, m))
    before_suff, before_mut = s.suffering[m], s.mutation[m]
    # the assignment's own events first: when it is the last one asked for, the care
    # resolves in this very step (read only what came after it, and the preview was the
    # monster's care a round later)
    events = rules.apply(s, seat, action)
    needs = None
    add = dung = 0
    lost = None
    seen_care = False
    for _ in range(limit):
        for ev in events:
            data = ev.data
            if data.get("monster") != m and ev.kind != "dung":
                continue
            if ev.kind == "care" and seen_care:
                break                                   # a later round's care: this one is told
            if ev.kind == "care":
                needs, seen_care = tuple(data["needs"]), True
            elif ev.kind == "suffering":
                add += data["add"]
            elif ev.kind == "lost":
                lost = str(data.get("why", "lost"))
            elif ev.kind == "dung" and seen_care and data.get("seat") == seat and s.care_step and s.care_step[0] == m:
                dung += data["add"]
        if lost is not None or (seen_care and (s.stage != "care" or not s.care_step or s.care_step[0] != m)):
            break
        ds = rules.decisions(s) if s.res is None else ()
        if not ds:
            break
        d = ds[0]
        act = d.default if d.default is not None else d.actions[0]
        if d.kind == "order" and d.seat == seat:
            mons = list(d.actions[0][1])
            act = ("order", tuple([m] + [x for x in mons if x != m])) if m in mons else act
        events = rules.apply(s, d.seat, act)
    if needs is None:
        return None
    return Preview(needs, add, before_suff + add, lim, lost, max(0, s.mutation[m] - before_mut), dung)
