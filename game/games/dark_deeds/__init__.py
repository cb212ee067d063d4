"""Dark Deeds (rulebook 000): rob, sneak and scheme along a moving Street.

Files, for a newcomer:
  data.py     loads and checks data/dark_deeds/*.yaml (cards, numbers) with file:line errors
  effects.py  the closed registries: effect ops (Plots, Loot) and Dark Deed triggers
  state.py    the state: zones as lists of card ids, the RNG, where the turn stands
  setup.py    dealing and the first player
  rules.py    the Ruleset: decisions, apply (the turn's state machine), result
  invariants.py  what must hold after every step (playout tests, simulate --check)
  view.py     what one seat may see
  ai.py       heuristic agents (easy/normal), the hard agent, determinize() for ISMCTS
  words.py    the game in words and choices: prompts, tooltips, rolls, the chronicle's lines,
              what each card offers now (DarkDeedsWords, a mixin; no pygame)
  table/      the pygame half: the table and its faces (table/__init__.py lists its files)

API for screens (all ids are stable card ids: street:01-41, plot:01-40, deed:01-18,
loot:<artisan|cleric|merchant>:01-15; static data via ruleset.card_json(id)).
Decision kinds -> actions:
  target       ("target", "street", slot 1..6) | ("target", "chaser", card) | ("pass",) (only
               when nothing but Poach is possible); prompt None — ruleset.target_info(view, action)
               gives the Guards in the way and exact odds
  sneak_order  ("sneak", guard)                      which chasing Guard next
  roll         ("roll",) | ("play", plot) | ("use", loot); prompt {purpose, target, need, bonus, p}
  after_roll   ("accept",) | ("play", loaded_dice)  (after any own 2d6 roll, holders only; DD-G04)
  reaction     ("pass",) | ("foiled",) | ("sod_off",); prompt {window: foiled|sod_off, ...};
               a kernel ReactionWindow: timeout and min_time from rules.yaml reaction_windows
  loot_choice  ("loot", type, 0|1) | ("loot_gamble", type)
  tavern       ("tavern_take", 0|1) | ("tavern_gamble",) | ("lay_low",)
  stock        ("proceed",)                          (Take Stock: play first?)
  discard      ("discard", plot)
  deed_choice  ("deed", deed)                        several Dark Deeds met at once
  msm_tiebreak ("give", seat)                        the coin holder, maybe off-turn
Every decision of the active player also lists ("play", plot, *args) for own-turn Plots
(Snitch: seat, amount; Pass The Buck: deed, seat; Mine!: loot; Frame-Up: guard, seat;
Poach: card) and ("use", loot) for Indulgence. Copies are interchangeable in actions.
Events: move {card|None, src, dst, face_up} over zones street:1..6, street_deck, street_discard,
tavern:0..1, tavern_deck, tavern_discard, loot:<t>:0..1, loot_deck:<t>, loot_discard:<t>,
hand:s, loot_of:s, score:s, chasing:s; roll {seat, dice, faces, purpose, bonus, target, need,
total, success}; counter {seat, name: suspicion, delta, value}; coin {from, to}; phase {seat,
phase}; turn {seat, n}; pawn {at: seal|street:k|chaser:id}; reveal {seat, card}; shuffle {zone,
count}; log {key, params}; deed_completed {seat, card, favour}; game_over {winners, scores, how}.
A private event has to=(seats,); its public twin carries card None and private_twin_for.
"""
from __future__ import annotations

from ...core.gamespec import game_spec

# Title, pitch, players and art: data/dark_deeds/game.yaml; the parts stand where the
# convention puts them (core/gamespec.py). Its screens also read faces.yaml.
SPEC = game_spec("dark_deeds", screen_data=("game.ui.table.faces:load_faces",))
