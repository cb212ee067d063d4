"""The explicit list of games. Each game package defines `SPEC` in its __init__.py;
nothing here scans folders, and importing this module imports no game yet.

Adding a game is one line in GAME_MODULES (see docs/ADDING_A_GAME.md): the menu, the
new-game screen, the rules reference, the sprite tool, the self-test and the contract
suite read everything else from the game's `GameSpec`."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

GAME_MODULES = {
    "schemers": "game.games.schemers",
    "dark_deeds": "game.games.dark_deeds",
    "dark_gothic": "game.games.dark_gothic",
    "monster_shop": "game.games.monster_shop",
    "ordeals": "game.games.ordeals",
}


@dataclass(frozen=True)
class CardBack:
    """How `tools/make_sprites.py` paints sprites/textures/card_back_<game id>.png."""
    emblem: tuple                  # game-icons.net names for the central emblem, first found wins
    dark: tuple                    # RGB of the background's edge
    light: tuple                   # RGB of its candle-lit centre
    accent: tuple                  # RGB of frames, lattice and ornaments
    emblem_colour: tuple           # RGB of the emblem
    pattern: str = "diamond"       # the lattice: "diamond" or "bones"
    seed: int = 0                  # the noise of the background


@dataclass(frozen=True)
class GameArt:
    """The game's generated art: its icon (menu, tabs, new-game card) and, for a card
    game, its card back. The files are sprites/icons/game_<id>.png and
    sprites/textures/card_back_<id>.png; the app draws a placeholder when one is missing."""
    icon: tuple                    # game-icons.net names for sprites/icons/game_<id>.png
    card_back: CardBack | None = None   # None: no cards (a board game); the menu uses its icon


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str                                   # English title (when the locale has no title_key)
    pitch: str                                   # one line for the new-game screen
    min_players: int
    max_players: int
    load_ruleset: Callable[..., Any]             # (data_dir=None) -> Ruleset; raises DataError
    make_agent: Callable[..., Any]               # (difficulty, seat, seed) -> Agent
    table: str                                   # "module:Class" of the pygame table, imported lazily
    difficulties: tuple = ("random", "easy", "normal", "hard")
    determinize: Callable[..., Any] | None = None   # (view, seat, rng) -> a full state consistent
                                                 # with the view (ISMCTS, bench, privacy tests)
    art: GameArt | None = None                   # icon and card back (tools/make_sprites.py)
    title_key: str = ""                          # locale keys for the title and the pitch
    pitch_key: str = ""
    public_decisions: frozenset | None = None    # decision kinds a hot-seat table asks on the
                                                 # public screen (None: the app's default set)
    option_editors: Mapping[str, str] = field(default_factory=dict)
    # option key -> "module:Class" of a scene that edits that option's value (imported
    # lazily, like `table`); the new-game screen shows a button for it. The class:
    #   Class.button_label(ruleset, key, value) -> str   words of that button ("Recruit…",
    #                                     or what a value no choice names is: "Custom (…)")
    #   Class.describes(ruleset, key, value) -> bool     whether `value` is its own (no
    #                                     ordinary choice of the option is then selected)
    #   Class(app, ruleset, key, value, options, on_done) a scene pushed on the stack; it
    #                                     calls on_done(new_value) and pops itself, or only
    #                                     pops (Esc / Cancel: the option stays as it was)

    screen_data: tuple = ()
    # "module:function" loaders of data files the game's screens read beyond its ruleset,
    # each (folder of the game's data) -> data, raising DataError; validate-data runs them
    # (Dark Deeds: game.ui.table.cards:load_faces reads faces.yaml)

    bench_table: str = ""
    # "module:function" (size) -> (table, words): the game's table in its busiest state, for
    # `bench`'s busy_frame_ms (Book of Ordeals: 20 characters, the sight overlay, a hovered Foe)

    def screen_loaders(self) -> list:
        out = []
        for target in self.screen_data:
            module, _, name = target.partition(":")
            out.append(getattr(importlib.import_module(module), name))
        return out

    def table_class(self):
        module, _, name = self.table.partition(":")
        return getattr(importlib.import_module(module), name)

    def option_editor(self, key: str):
        """The scene class editing option `key`, or None."""
        target = self.option_editors.get(key)
        if not target:
            return None
        module, _, name = target.partition(":")
        return getattr(importlib.import_module(module), name)

    @property
    def icon(self) -> str:
        """The icon's sprite name (sprites/icons/<icon>.png)."""
        return f"game_{self.id}"

    def title_text(self) -> str:
        """The title in the current language (the locale's `title_key`, else `title`)."""
        return _localised(self.title_key, self.title)

    def pitch_text(self) -> str:
        return _localised(self.pitch_key, self.pitch)


def _localised(key: str, fallback: str) -> str:
    if not key:
        return fallback
    from ..core.i18n import has, t
    return t(key) if has(key) else fallback


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


def load_checked(path) -> tuple:
    """read_record + check_record against this registry: (record, spec, ruleset). It lives
    here, not in game/core, which knows no game. Every failure is a RecordError naming the file (unknown game, damaged data too)."""
    from ..core.data import DataError
    from ..core.record import RecordError, check_record, one_line, read_record

    record = read_record(path, known_games=set(game_ids()))
    try:
        spec = get(record.game)
        rules = ruleset(record.game)
    except DataError as exc:
        raise RecordError(f"{path}: the data of {record.game} has errors ({one_line(exc, 160)})") from None
    record = check_record(record, rules, int(spec.min_players), int(spec.max_players), name=str(path))
    return record, spec, rules
