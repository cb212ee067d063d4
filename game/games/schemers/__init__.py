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

from ...core.gamespec import CardBack, GameArt, GameSpec

SPEC = GameSpec(
    id="schemers",
    title="Schemers of Venice",
    pitch="Bluff your way through Venice: claim any role, call any lie, be the last schemer standing.",
    min_players=2,
    max_players=7,
    rules="game.games.schemers.rules:SchemersRules",
    data="game.games.schemers.data:load",
    agents="game.games.schemers.ai:make_agent",
    table="game.games.schemers.table.screen:SchemersTable",
    determinizer="game.games.schemers.ai:determinize",
    advice="game.games.schemers.advice:ADVICE",
    refusals="game.games.schemers.refusals:EXPLAINER",
    art=GameArt(icon=("carnival-mask", "venetian-mask", "domino-mask"),
                card_back=CardBack(emblem=("carnival-mask", "domino-mask"), dark=(34, 4, 10),
                                   light=(104, 18, 30), accent=(201, 162, 74), emblem_colour=(226, 190, 104),
                                   pattern="diamond", seed=4004)),
    title_key="schemers.title",
    pitch_key="schemers.pitch",
)
