"""Generic card zones. States keep zones as plain lists (fast to copy and to
serialise); these helpers name the common moves so games read alike.

- deck / pile: a list, top of the deck is the END of the list (pop() draws).
- hand: a list in the owner's order.
- row: a list of fixed length whose empty slots hold None.
"""
from __future__ import annotations

from .rng import RNG


def draw(deck: list, n: int = 1, refill_from: list | None = None, rng: RNG | None = None) -> list:
    """Take up to n cards from the top; if the deck runs out and a discard pile and
    rng are given, shuffle the pile in as the new deck and go on."""
    out = []
    for _ in range(n):
        if not deck and refill_from and rng is not None:
            reshuffle_into(deck, refill_from, rng)
        if not deck:
            break
        out.append(deck.pop())
    return out


def reshuffle_into(deck: list, pile: list, rng: RNG) -> None:
    deck.extend(pile)
    pile.clear()
    rng.shuffle(deck)


def empty_row(size: int) -> list:
    return [None] * size


def row_count(row: list) -> int:
    return sum(1 for c in row if c is not None)


def slide_toward_end(row: list) -> None:
    """Slide cards toward the last slot keeping their order (empty slots end up first)."""
    cards = [c for c in row if c is not None]
    row[:] = [None] * (len(row) - len(cards)) + cards


def fill_empty(row: list, deck: list) -> list:
    """Deal from the deck into empty slots, last empty slot first. Returns (slot, card)s."""
    placed = []
    for i in range(len(row) - 1, -1, -1):
        if row[i] is None and deck:
            row[i] = deck.pop()
            placed.append((i, row[i]))
    return placed
