"""Book of Ordeals (rulebook 003, a fragment, completed by CHECKLIST §4.3): a skirmish on a
measured table — a Company of characters against the Shadow (solo or co-op) or against a
rival Company (versus), over five Trials, with line of sight, light and opposed D12 rolls.

Files, for a newcomer:
  data.py        loads and checks data/ordeals/*.yaml (rules numbers, recruitment, Shadow
                 profiles, season/light/weather tables, the Trials' maps) with file:line errors
  geometry.py    pure measuring: edge distances, LoS, cover, ground paths, pushes, falls
  state.py       the state: characters (static Stats + what changes), the Act, objectives, RNG
  rules.py       the Ruleset: setup, decisions (moves are free choices + is_legal), apply, result
  shadow.py      the Shadow's priority list, run inside apply (never a seat), with its reasons
  view.py        what a seat sees (everything, §4.7, but under the solo option fog of war)
  fog.py         fog of war: what the Company sees, veiled events, perturb and determinize
  odds.py        exact odds of an opposed D12 roll and the table's attack preview (no pygame)
  invariants.py  what must hold after every step (playout tests, simulate --check)
  rebuild.py     the state behind an open view (determinize: only the dice to come unknown)
  ai.py          the easy/normal policy and the hard search agent
  recruit.py     the Company builder model (Supplies left, maxima, ready-made and saved
                 Companies) behind a recruitment screen; its result is the `company` option
  recruit_words.py   the recruitment screen's words and choices (no pygame)
  words.py       the game in words: names, the chronicle, tooltips, a character's card, the
                 Trial panel, an attack's odds, a roll's dice (OrdealsWords, a mixin)
  choices.py     what the viewer may do: the banner's words and actions, a Move's route and
                 allowance, where a base may deploy (OrdealsChoices, a mixin)
  crowd.py       a Trial with 20 characters on the table (the bench's busiest state)
  table/         the pygame half: the table on the kit's skirmish board, the recruitment
                 screen, the bench's busiest table (table/__init__.py lists its files)

API for screens (characters are indices into view["chars"]; ids "a1", "b2", "s3" for words):
Decision kinds -> actions:
  deploy      ("deploy", x, y)              free={"verb": "deploy", "piece", "index", "zone"}
  initiative  ("first", side)               which side activates first this Turn
  activate    ("act", index)                one per seat with a non-Tired character
  act         ("move", x, y) | ("assault", j) | ("fire", j) | ("aid", j) | ("aim",) |
              ("climb", piece | -1) | ("guard",) | ("hide",) | ("stand",) |
              ("use", "lantern" | "relic") | ("use", "draught", j) | ("use", "grave", k) | ("end",)
              free={"verb": "move", "piece", "index", "origin", "reach", "engage", "foes"} when
              a Move is possible; any point is checked with Match.is_legal / rules.is_legal
  push        ("push",) | ("stay",)          the winner of an Assault (maybe out of turn)
Helpers for hover previews: ruleset.move_plan(state, i, (x, y)) -> (path, fall) | None,
ruleset.map(state).los/in_cover, ruleset.fire_modifiers(state, i, j), ruleset.fire_targets.
Events: conditions {season, light, weather, sight}; roll {purpose: deployment|initiative|
storm|assault|fire, a_dice, a_keep, a_total, d_dice, d_keep, d_total, winner, advantage,
disadvantage}; deploy/reinforce {piece, index, at}; turn {turn, of}; first {side};
act {piece, index, side}; deed {piece, deed, cost, left}; move {piece, path, to, z, engaged,
reach}; climb {piece, to, z, on}; push {piece, by, from, to, fell}; harm {piece, damage,
amount, total, grit, down, ooa, source}; heal; status {piece, status: down|hidden|guard|lit,
value}; tired {piece}; sight {sight}; objective {kind: grave|relic|relic_dropped|relic_out};
log {key, params, text[, shadow]} (the Shadow says why); game_over {winners, side, reason}.
"""
from __future__ import annotations

from ...core.gamespec import game_spec

# Title, pitch, players and art: data/ordeals/game.yaml; the parts stand where the
# convention puts them (core/gamespec.py) but for these.
SPEC = game_spec(
    "ordeals",
    determinizer="game.games.ordeals.fog:determinize_view",
    option_editors={"company": "game.games.ordeals.table.recruit_screen:RecruitScene",
                    "rival": "game.games.ordeals.table.recruit_screen:RecruitScene"},
    bench_table="game.games.ordeals.table.bench:busy_table",
)
