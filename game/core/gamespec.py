"""What the app knows of a game before importing it: `GameSpec`, one per game, the
`SPEC` of game/games/<id>/__init__.py, listed by game/registry.py.

A spec names the game's parts as "module:attr" strings — the Ruleset class and its data
loader, the agent factory, the determinizer, the table — and imports each only when it
is first asked for, so listing the games (the menu, `validate-data`) imports no rules and
no pygame. The ruleset built from the bundled data is kept by the spec: one per game.

A bundled game declares its spec with `game_spec(id, **differences)`: its title, pitch,
players and art come from data/<id>/game.yaml (checked, file:line errors), its parts
stand where `conventional_parts` puts them, and its __init__.py names only what differs.

Every game's parts are called the same way:
  data(data_dir=None) -> data                        raises DataError (file:line)
  Rules(data) -> Ruleset
  agents(ruleset, difficulty, seat, seed, max_iterations=None) -> Agent
  determinizer(ruleset, view, seat, rng) -> a full state consistent with the view
"""
from __future__ import annotations

import importlib
import sys
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Annotated, Literal, Mapping

from pydantic import Field

from .data import DataError, Problems, StrictModel, data_root, load_yaml, validate
from .version import GAME_FILE       # data/<id>/game.yaml: the game as the menu knows it


def resolve(target: str):
    """The object a "module:attr" string names (its module imported now)."""
    module, _, name = target.partition(":")
    # a module already imported is read from sys.modules: `simulate` makes every game's
    # agents through here, and the import machinery's locks were 2 % of a random game
    loaded = sys.modules.get(module)
    return getattr(loaded if loaded is not None else importlib.import_module(module), name)


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
    rules: str                                   # "module:Class" of the Ruleset, built as Class(data)
    data: str                                    # "module:function" (data_dir=None) -> data
    agents: str                                  # "module:function" (ruleset, difficulty, seat,
                                                 # seed, max_iterations=None) -> Agent
    table: str                                   # "module:Class" of the pygame table
    difficulties: tuple = ("random", "easy", "normal", "hard")
    determinizer: str = ""                       # "module:function" (ruleset, view, seat, rng) ->
                                                 # a full state (ISMCTS, bench, privacy tests)
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
    # (Dark Deeds: game.ui.table.faces:load_faces reads faces.yaml)

    advice: str = ""
    # "module:attr" of the game's GameAdvice (game/ai/advice.py): the Hint's budget, how a
    # search value reads as a chance, and reasons for moves in the game's own terms

    refusals: str = ""
    # "module:attr" of the game's refusal Explainer (game/core/refusal.py): the words and
    # the rules-page anchor for an action the table or the rules refuse

    bench_table: str = ""
    # "module:function" (size) -> (table, words): the game's table in its busiest state, for
    # `bench`'s busy_frame_ms (Book of Ordeals: 20 characters, the sight overlay, a hovered Foe)

    _bundled: dict = field(default_factory=dict, init=False, repr=False, compare=False)
    # the ruleset of the bundled data, built on first use (a copy made by
    # dataclasses.replace starts empty)

    def load_ruleset(self, data_dir=None):
        """A new Ruleset from data/<id> (or `data_dir`); raises DataError with file:line."""
        return resolve(self.rules)(resolve(self.data)(data_dir))

    def ruleset(self):
        """The Ruleset of the bundled data, built once per game."""
        if "rules" not in self._bundled:
            self._bundled["rules"] = self.load_ruleset()
        return self._bundled["rules"]

    def make_agent(self, difficulty: str = "normal", seat: int = 0, seed: int = 0, *, ruleset=None,
                   max_iterations: int | None = None):
        """An agent of `difficulty` for `seat`; `max_iterations` (hard): search by count,
        not by time, so that a game is reproducible (simulate --budget-iterations)."""
        return resolve(self.agents)(ruleset or self.ruleset(), difficulty, seat, seed,
                                    max_iterations=max_iterations)

    @property
    def determinize(self):
        """(view, seat, rng) -> a full state over the bundled ruleset, or None when the
        game names no determinizer."""
        if not self.determinizer:
            return None
        return partial(resolve(self.determinizer), self.ruleset())

    def screen_loaders(self) -> list:
        return [resolve(target) for target in self.screen_data]

    def table_class(self):
        return resolve(self.table)

    def option_editor(self, key: str):
        """The scene class editing option `key`, or None."""
        target = self.option_editors.get(key)
        return resolve(target) if target else None

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
    from .i18n import has, t
    return t(key) if has(key) else fallback


# -- how a bundled game declares its spec ---------------------------------------------------
def game_spec(game_id: str, **differences) -> GameSpec:
    """The spec of the game in game/games/<game_id>/: what data/<game_id>/game.yaml says of
    it, its parts where `conventional_parts` puts them, and `differences` (any GameSpec
    field) where the game's __init__.py says otherwise. Raises DataError (file:line)."""
    return GameSpec(id=game_id, **{**read_game_file(data_root() / game_id), **conventional_parts(game_id),
                                   **differences})


def conventional_parts(game_id: str) -> dict:
    """Where a game's parts stand unless its spec names them (docs/ADDING_A_GAME.md): the
    modules of game/games/<id>/ and, for the two classes, the id in CamelCase
    (dark_deeds: DarkDeedsRules in rules.py, DarkDeedsTable in table/screen.py)."""
    package = f"game.games.{game_id}"
    name = "".join(word.capitalize() for word in game_id.split("_"))
    return {"rules": f"{package}.rules:{name}Rules",
            "data": f"{package}.data:load_data",
            "agents": f"{package}.ai:make_agent",
            "determinizer": f"{package}.ai:determinize",
            "advice": f"{package}.advice:ADVICE",
            "refusals": f"{package}.refusals:EXPLAINER",
            "table": f"{package}.table.screen:{name}Table",
            "title_key": f"{game_id}.title",
            "pitch_key": f"{game_id}.pitch"}


Channel = Annotated[int, Field(ge=0, le=255)]
Colour = tuple[Channel, Channel, Channel]                       # RGB
IconNames = Annotated[tuple[Annotated[str, Field(min_length=1)], ...], Field(min_length=1)]


class CardBackFile(StrictModel):
    emblem: IconNames
    dark: Colour
    light: Colour
    accent: Colour
    emblem_colour: Colour
    pattern: Literal["diamond", "bones"] = "diamond"
    seed: Annotated[int, Field(ge=0)] = 0


class GameFile(StrictModel):
    """data/<id>/game.yaml (CardBack and GameArt above say what each part paints)."""
    title: Annotated[str, Field(min_length=1)]
    pitch: Annotated[str, Field(min_length=1)]
    min_players: Annotated[int, Field(ge=1)]
    max_players: Annotated[int, Field(ge=1)]
    icon: IconNames
    card_back: CardBackFile | None = None


def read_game_file(folder) -> dict:
    """The GameSpec fields data/<id>/game.yaml gives (title, pitch, min_players,
    max_players, art), read from the game's data `folder`; raises DataError (file:line)."""
    problems = Problems()
    doc = load_yaml(Path(folder) / GAME_FILE, problems)
    about = validate(GameFile, doc, problems)
    if about is not None:
        problems.check(about.min_players <= about.max_players, doc, ("max_players",),
                       f"fewer than min_players ({about.min_players})")
    problems.raise_if_any()
    back = CardBack(**about.card_back.model_dump()) if about.card_back else None
    return {"title": about.title, "pitch": about.pitch, "min_players": about.min_players,
            "max_players": about.max_players, "art": GameArt(icon=about.icon, card_back=back)}


def game_file_problems(folder) -> list:
    """validate-data's check of a game's game.yaml: its problems (file:line), or none."""
    try:
        read_game_file(folder)
    except DataError as exc:
        return list(exc.problems)
    return []
