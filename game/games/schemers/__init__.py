"""Schemers of Venice (rulebook 002): hidden roles, bluffing, challenges and blocks by
anyone, clocks, an auction. Modes: standard, intoccabile, campanile, rialto,
carnevale; add-on: taglia.

Files, for a newcomer:
  data.py     loads and checks data/schemers/*.yaml (roles, decks, numbers) with file:line errors
  engine.py   the state and the hot path: the turn flow step by step, decisions, apply, clone
  rules.py    the Ruleset's front door: options and what combines, setup, view, result, snapshots
  ai.py       easy / normal heuristics (belief-weighted claims), the hard ISMCTS agent and its
              determinizer
  table/      the pygame half (table/__init__.py lists its files): seats round a Venetian
              table, the canal, coins that fly
"""
from __future__ import annotations

from ...core.gamespec import game_spec

# Title, pitch, players and art: data/schemers/game.yaml; the parts stand where the
# convention puts them (core/gamespec.py) but for the data loader's name.
SPEC = game_spec("schemers", data="game.games.schemers.data:load")
