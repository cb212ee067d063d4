"""The explicit list of games. Each game package defines `SPEC` (a GameSpec, see
game/core/gamespec.py) in its __init__.py; nothing here scans folders, and importing this
module imports no game yet: it names the games only as module strings, so it sits below
everything that asks for a game (the window, the network, the CLI) and above nothing but
game/core.

Adding a game is one line in GAME_MODULES (see docs/ADDING_A_GAME.md): the menu, the
new-game screen, the rules reference, the sprite tool, the self-test and the contract
suite read everything else from the game's `GameSpec`."""
from __future__ import annotations

import importlib

from .core.gamespec import GameSpec

GAME_MODULES = {
    "schemers": "game.games.schemers",
    "dark_deeds": "game.games.dark_deeds",
    "dark_gothic": "game.games.dark_gothic",
    "monster_shop": "game.games.monster_shop",
    "ordeals": "game.games.ordeals",
}


class UnknownGame(KeyError):
    def __str__(self):
        return f"unknown game {self.args[0]!r}; known games: {', '.join(GAME_MODULES)}"


def game_ids() -> list[str]:
    return list(GAME_MODULES)


def get(game_id: str) -> GameSpec:
    if game_id not in GAME_MODULES:
        raise UnknownGame(game_id)
    return importlib.import_module(GAME_MODULES[game_id]).SPEC


def ruleset(game_id: str):
    """The game's Ruleset built from the bundled data, loaded once (GameSpec.ruleset)."""
    return get(game_id).ruleset()


def load_checked(path) -> tuple:
    """read_record + check_record against this registry: (record, spec, ruleset). It lives
    here, not in game/core, which knows no game. Every failure is a RecordError naming the file (unknown game, damaged data too)."""
    from .core.data import DataError
    from .core.record import RecordError, check_record, one_line, read_record

    record = read_record(path, known_games=set(game_ids()))
    try:
        spec = get(record.game)
        rules = ruleset(record.game)
    except DataError as exc:
        raise RecordError(f"{path}: the data of {record.game} has errors ({one_line(exc, 160)})") from None
    record = check_record(record, rules, int(spec.min_players), int(spec.max_players), name=str(path))
    return record, spec, rules
