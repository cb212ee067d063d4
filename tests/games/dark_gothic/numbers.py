"""Targeted observations for the YAML-numbers harness (tests/contract/yaml_numbers.py, OBSERVE):
random play from the opening seldom meets a Danger II or III Villain, so the numbers on those
cards (Investigation, the Omen faces of their Globals, their Fight) would look dead. Here every
Villain in turn is put face up in a seeded game (the stack below it as the rules build it:
Danger III at the bottom), then
  - random play for some turns with it face up: its Global at work (Omen rolls, hand size);
  - the active Hero, given a rich pool, defeats it: the cost paid, its Fight, then a few
    more steps; every Hero's Investigation (the score the results screen shows) is recorded.
Likewise one card of each Main Deck kind is drawn into the Center Line (its Mystery), bought or
defeated (cost, Fight, when acquired) and played (its effects): many of those numbers would
otherwise need the harness's slow deep runs (8 and 48 games a configuration).
Works on whatever ruleset it is given (the harness loads it from an edited data copy)."""
from __future__ import annotations

FACE_UP_STEPS = 90
AFTER_DEFEAT_STEPS = 40
RICH = [("C", 12, None, False), ("U", 12, None, False), ("S", 12, None, False)]


def _place(rules, s, danger, j) -> str:
    """The `j`th Villain of Danger `danger` (the game's mode's printing: its competitive price
    in competitive play) face up; one Villain of each higher Danger face down under it (III at
    the bottom); the rest unused. Every card stays in exactly one place. Returns its id."""
    stacks = rules.villain_stacks[s.coop]
    v = stacks[danger][j]
    stack = [next(c for c in stacks[dz] if c != v) for dz in (3, 2) if dz > danger]
    everyone = [s.villain] + s.vstack + s.vbox
    s.villain = v
    s.vstack = stack
    s.vbox = [c for c in everyone if c != v and c not in stack]
    s.dec = None
    return v


def observe(rules, record, play) -> None:
    villains = [(dz, j) for dz in sorted(rules.data.villains) for j in range(len(rules.data.villains[dz]))]
    for i, (dz, j) in enumerate(villains):
        try:
            _villain(rules, record, play, i, dz, j)
        except Exception as exc:             # an edited number the rules refuse: observable too
            record(("error", dz, j, type(exc).__name__, str(exc)))
    kinds, seen = [], set()
    for c in rules.data.main_ids:            # one card of each Main Deck kind
        if rules.key[c] not in seen:
            seen.add(rules.key[c])
            kinds.append(c)
    for i, c in enumerate(kinds):
        try:
            _card(rules, record, play, i, c)
        except Exception as exc:
            record(("error", c, type(exc).__name__, str(exc)))


def _to_turn(rules, s, record) -> None:
    """Answer whatever is open with its first action until the active Hero's main decision."""
    for _ in range(50):
        ds = rules.decisions(s)
        if rules.result(s) is not None or not ds or ds[0].kind == "turn":
            return
        record((ds[0].seat, ds[0].kind, ds[0].actions))
        record(rules.apply(s, ds[0].seat, ds[0].actions[0]))


def _act(rules, s, action, record) -> bool:
    d = next((d for d in rules.decisions(s) if d.kind == "turn" and action in d.actions), None)
    record((action, d is not None))
    if d is not None:
        record(rules.apply(s, d.seat, action))
        _to_turn(rules, s, record)
    return d is not None


def _minions_up(rules, s) -> None:
    """Minions of every cost in the Main Deck into Center Line slots 2.. (cheapest first; the
    cards they replace go to the bottom of the Main Deck): what a Minion-defeating effect may
    reach is then seen."""
    K = rules.cards
    by_cost = {}
    for m in s.main:
        if K[m].type == "minion":
            by_cost.setdefault(K[m].cost_total, m)
    for slot, (_cost, m) in enumerate(sorted(by_cost.items())[:rules.slots - 1], start=1):
        s.main.remove(m)
        if s.center[slot] is not None:
            s.main.insert(0, s.center[slot])
        s.center[slot] = m
    s.dec = None


def _card(rules, record, play, i, c) -> None:
    """Main Deck card `c` comes up as the next card of the Main Deck (its Mystery), is bought or
    defeated from the Center Line with a rich pool (its cost, Fight, when-acquired), then played
    from hand (its play effects); every Hero's Investigation is recorded (its Inv)."""
    s = rules.setup(2, rules.validate_options({"mode": "competitive"}, 2), 131 + i)
    _to_turn(rules, s, record)
    for zone in (s.main, s.shadows):
        if c in zone:
            zone.remove(c)
    if c in s.center:
        j = s.center.index(c)
        s.center[j] = s.main.pop(0)
    s.main.append(c)                         # the next card up
    s.pool = list(RICH)
    s.dec = None
    a = s.active
    record(("card", c))
    first = s.center[0]
    if first is None or not _act(rules, s, ("buy", first), record) or c not in s.center:
        record([rules.investigation(s, seat) for seat in range(2)])
        return
    s.pool = list(RICH)
    s.dec = None
    if _act(rules, s, ("buy", c), record) and c in s.discard[a] and s.active == a:
        s.discard[a].remove(c)
        s.hand[a].append(c)
        _minions_up(rules, s)
        _act(rules, s, ("play", c), record)
    play(s, 131 + i, 12)
    record([rules.investigation(s, seat) for seat in range(2)])


def _villain(rules, record, play, i, danger, j) -> None:
    """The `j`th Villain of Danger `danger` face up for some turns, then (another game)
    defeated at once."""
    mode, n = (("competitive", 2), ("coop", 3))[i % 2]
    options = rules.validate_options({"mode": mode}, n)
    # face up for some turns
    s = rules.setup(n, options, 77 + i)
    v = _place(rules, s, danger, j)
    record(("face_up", v))
    play(s, 77 + i, FACE_UP_STEPS)
    # defeated by the active Hero at once
    s = rules.setup(n, options, 91 + i)
    _to_turn(rules, s, record)
    _place(rules, s, danger, j)
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
