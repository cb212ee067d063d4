"""Schemers of Venice (rulebook 002): hidden roles, bluffing, challenges and blocks by
anyone, clocks, an auction. Modes: standard, intoccabile, campanile, rialto,
carnevale; add-on: taglia. See rules.py for the options and engine.py for the flow."""
from __future__ import annotations

from ..registry import CardBack, GameArt, GameSpec


def load_ruleset(data_dir=None):
    """The ruleset built from data/schemers (or `data_dir`); raises DataError with
    file:line for any bad value."""
    from .data import load
    from .rules import SchemersRules
    return SchemersRules(load(data_dir))


def make_agent(difficulty: str, seat: int = 0, seed: int = 0, max_iterations: int | None = None):
    from .ai import make_agent as _make
    return _make(difficulty, seat, seed, max_iterations=max_iterations)


def _determinize(view, seat, rng):
    from .ai import determinize
    return determinize(view, seat, rng)


SPEC = GameSpec(
    id="schemers",
    title="Schemers of Venice",
    pitch="Bluff your way through Venice: claim any role, call any lie, be the last schemer standing.",
    min_players=2,
    max_players=7,
    load_ruleset=load_ruleset,
    make_agent=make_agent,
    table="game.games.schemers.table:SchemersTable",
    determinize=_determinize,
    art=GameArt(icon=("carnival-mask", "venetian-mask", "domino-mask"),
                card_back=CardBack(emblem=("carnival-mask", "domino-mask"), dark=(34, 4, 10),
                                   light=(104, 18, 30), accent=(201, 162, 74), emblem_colour=(226, 190, 104),
                                   pattern="diamond", seed=4004)),
    title_key="schemers.title",
    pitch_key="schemers.pitch",
)
