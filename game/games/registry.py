"""Moved to game/registry.py; this name is kept only until game/net and the online scenes import that."""
from ..registry import GAME_MODULES, UnknownGame, game_ids, get, load_checked, ruleset  # noqa: F401
