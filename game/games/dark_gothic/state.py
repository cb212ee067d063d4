"""The Dark Gothic game state: plain lists of card ids, small sets and ints, and the RNG.
Cloning copies lists (cheap); tasks are tuples, so the task stack is copied by one list().

Zones (top of a deck/stack = END of its list):
  deck[s], hand[s], discard[s], play[s] (played this turn), remains[s] (Remains in Play),
  won[s] (defeated Villains, tucked under the Hero)
  center[0..5]       the Center Line; slot 6 (index 5) is next to the Villain (TE-G10); None = empty
  main, crypt, shadows, sdeck (Shocking Discoveries), on_villain (Discoveries that stay)
  villain            the face-up Villain, or None between its defeat and the end of that turn
  vstack             the face-down Villains still to come (the next one last); vbox: unused, unseen
  training{key: ids}, honor, secrets      the supply (Hungry Dead is always there)
  box                Start cards and Honor the chosen Heroes did not use; heroes_left: unused Heroes
Flow: `tasks` is a stack of pending steps (rules.py runs them); `wait` is the open decision
(None: the active player's main decision); `window` a ReactionWindow, `sealed` a SealedChoice.
Per turn: pool (orbs (colour, n, source card|None, was_silver)), uses [block, protect],
flags (set of words), addressed/moved (Roaming), round_used (Remains Protect used this round).
ghosts: (card, giver, receiver) of Poltergeist passes whose card is still secretly in the
receiver's hand: a third seat may not know which card it was (view.py blurs both seats).
"""
from __future__ import annotations

from ...core.rng import RNG
from ...core.state_fields import DeclaredState, StateFields

FIELDS = StateFields(
    shared=("n", "coop", "draw2", "active", "first", "turn", "villain", "wait", "omen"),
    maybe_sets=("addressed", "moved"),
    lists=("center", "main", "crypt", "shadows", "sdeck", "on_villain", "vstack", "vbox", "honor", "secrets",
           "box", "heroes", "heroes_left", "pool", "uses", "tasks", "offers", "rolloff", "ghosts"),
    nested=("deck", "hand", "discard", "play", "remains", "won"),
    sets=("flags", "round_used"),
    dict_lists=("training",),
    objects=("window", "sealed", "rng"),
    unsaved=("res", "dec"),
)


class State(DeclaredState):
    __slots__ = FIELDS.slots
    FIELDS = FIELDS
    RESULT = ("winners", "scores", "side")


def new_state(n: int, seed: int) -> State:
    s = State.__new__(State)
    for f in (*FIELDS.shared, *FIELDS.maybe_sets, *FIELDS.unsaved):
        setattr(s, f, None)
    for f in FIELDS.lists:
        setattr(s, f, [])
    for f in FIELDS.nested:
        setattr(s, f, [[] for _ in range(n)])
    for f in FIELDS.sets:
        setattr(s, f, set())
    s.n = n
    s.turn = 0
    s.uses = [0, 0]
    s.training = {}
    s.window = None
    s.sealed = None
    s.rng = RNG(seed)
    return s
