"""Targeted observations for the YAML-numbers harness (tests/contract/yaml_numbers.py, OBSERVE):
random play from the opening seldom meets a Danger II or III Villain, so the numbers on those
cards (Investigation, the Omen faces of their Globals, their Fight) would look dead. Here every
Villain in turn is put face up in a seeded game (the stack below it as the rules build it:
Danger III at the bottom), then
  - random play for some turns with it face up: its Global at work (Omen rolls, hand size);
  - the active Hero, given a rich pool, defeats it: the cost paid, its Fight, then a few
    more steps; every Hero's Investigation (the score the results screen shows) is recorded.
Works on whatever ruleset it is given (the harness loads it from an edited data copy)."""
from __future__ import annotations

FACE_UP_STEPS = 90
AFTER_DEFEAT_STEPS = 40
RICH = [("C", 12, None, False), ("U", 12, None, False), ("S", 12, None, False)]


def _place(rules, s, v) -> None:
    """Villain `v` face up; one Villain of each higher Danger face down under it (III at the
    bottom); the rest unused. Every card stays in exactly one place."""
    K = rules.cards
    d = K[v].danger
    stack = [next(c for c in rules.data.villains[dz] if c != v) for dz in (3, 2) if dz > d]
    everyone = [s.villain] + s.vstack + s.vbox
    s.villain = v
    s.vstack = stack
    s.vbox = [c for c in everyone if c != v and c not in stack]
    s.dec = None


def observe(rules, record, play) -> None:
    villains = [v for dz in sorted(rules.data.villains) for v in rules.data.villains[dz]]
    for i, v in enumerate(villains):
        try:
            _villain(rules, record, play, i, v)
        except Exception as exc:             # an edited number the rules refuse: observable too
            record(("error", v, type(exc).__name__, str(exc)))


def _villain(rules, record, play, i, v) -> None:
    """Villain `v` face up for some turns, then (another game) defeated at once."""
    mode, n = (("competitive", 2), ("coop", 3))[i % 2]
    options = rules.validate_options({"mode": mode}, n)
    # face up for some turns
    s = rules.setup(n, options, 77 + i)
    _place(rules, s, v)
    record(("face_up", v))
    play(s, 77 + i, FACE_UP_STEPS)
    # defeated by the active Hero at once
    s = rules.setup(n, options, 91 + i)
    for _ in range(50):                      # to the active Hero's main decision
        ds = rules.decisions(s)
        if rules.result(s) is not None or not ds or ds[0].kind == "turn":
            break
        record(rules.apply(s, ds[0].seat, ds[0].actions[0]))
    _place(rules, s, v)
    s.pool = list(RICH)
    s.dec = None
    record(("defeat", v))
    d = next((d for d in rules.decisions(s) if d.kind == "turn" and ("buy", v) in d.actions), None)
    if d is None:
        record("the Villain cannot be defeated with a rich pool")
        return
    record(rules.apply(s, d.seat, ("buy", v)))
    play(s, 91 + i, AFTER_DEFEAT_STEPS)
    record([rules.investigation(s, seat) for seat in range(n)])
