"""Dark Deeds (rulebook 000): rob, sneak and scheme along a moving Street.

Files, for a newcomer:
  data.py     loads and checks data/dark_deeds/*.yaml (cards, numbers) with file:line errors
  effects.py  the closed registries: effect ops (Plots, Loot) and Dark Deed triggers
  state.py    the state: zones as lists of card ids, the RNG, where the turn stands
  setup.py    dealing and the first player
  rules.py    the Ruleset: decisions, apply (the turn's state machine), result
  view.py     what one seat may see
  ai.py       heuristic agents (easy/normal), the hard agent, determinize() for ISMCTS
"""
from __future__ import annotations

from ..registry import GameSpec


def load_ruleset(data_dir=None):
    from .data import load_data
    from .rules import DarkDeedsRules
    return DarkDeedsRules(load_data(data_dir))


_default = None


def _ruleset():
    global _default
    if _default is None:
        from ..registry import ruleset
        _default = ruleset("dark_deeds")
    return _default


def make_agent(difficulty: str = "normal", seat: int = 0, seed: int = 0, ruleset=None):
    from .ai import make_agent as _make
    return _make(ruleset or _ruleset(), difficulty, seat, seed)


def determinize(view, seat, rng):
    """ISMCTS determinizer over the bundled ruleset (see ai.determinize)."""
    from .ai import determinize as _det
    return _det(_ruleset(), view, seat, rng)


SPEC = GameSpec(
    id="dark_deeds",
    title="Dark Deeds",
    pitch="Rob, sneak and scheme along a moving Street for your Patron's Favour — but mind your Suspicion.",
    min_players=2,
    max_players=4,
    load_ruleset=load_ruleset,
    make_agent=make_agent,
    table="game.games.dark_deeds.table:DarkDeedsTable",
    icon="dark_deeds",
    extra={"title_key": "dark_deeds.title", "pitch_key": "dark_deeds.pitch", "determinize": determinize},
)
