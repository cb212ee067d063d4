"""The explicit list of games. Each game package defines `SPEC` in its __init__.py;
nothing here scans folders, and importing this module imports no game yet."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

GAME_MODULES = {
    "schemers": "game.games.schemers",
    "dark_deeds": "game.games.dark_deeds",
}


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str
    pitch: str                                   # one line for the new-game screen
    min_players: int
    max_players: int
    load_ruleset: Callable[..., Any]             # (data_dir=None) -> Ruleset; raises DataError
    make_agent: Callable[..., Any]               # (difficulty, seat, seed) -> Agent
    table: str                                   # "module:Class" of the pygame table, imported lazily
    icon: str = ""                               # sprites/icons/<icon>.png
    difficulties: tuple = ("random", "easy", "normal", "hard")
    extra: dict = field(default_factory=dict)

    def table_class(self):
        module, _, name = self.table.partition(":")
        return getattr(importlib.import_module(module), name)


class UnknownGame(KeyError):
    def __str__(self):
        return f"unknown game {self.args[0]!r}; known games: {', '.join(GAME_MODULES)}"


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get(game_id: str) -> GameSpec:
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id)
    return importlib.import_module(GAME_MODULES[game_id]).SPEC


_rulesets: dict = {}


def ruleset(game_id: str):
    """The game's Ruleset built from the bundled data, loaded once."""
    if game_id not in _rulesets:
        _rulesets[game_id] = get(game_id).load_ruleset()
    return _rulesets[game_id]
