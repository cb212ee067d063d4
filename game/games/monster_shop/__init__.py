"""Příšerky z podzemí: Temné uličky (rulebook 004): a monster shop for exactly four players,
six rounds, the Dark Alleys always on.

Files, for a newcomer:
  data.py        loads and checks data/monster_shop/*.yaml (names cs+en, every number) with file:line errors
  effects.py     the closed registries: place modifiers, artifacts, action spaces, businesses,
                 monster abilities, contest/customer metrics
  state.py       the slotted state: ints and lists by seat, place and component id
  rules.py       the Ruleset: options, setup, decisions, apply, aging (P6)
  planning.py    P1 preparation, P2 secret planning, sending, every action space, businesses
  needs.py       P3 arranging, drawing and assigning need cards; P4 order and care
  scoring.py     contests, P5 customers and work, final evaluations, the result
  view.py        what one seat may see; perturb_hidden
  invariants.py  what holds after every step
  ai.py          easy / normal heuristics; hard = one-step search over normal's candidates
                 (splits, sends, need cards, sales) with paired playouts from its own view
  preview.py     what a need-card assignment would bring, asked of the rules on a copy (no pygame)
  words.py       the game in words: names, the chronicle, tooltips, what each action says,
                 the timeline and the final reckoning (ShopWords, held by the table; no pygame)
  choices.py     what the viewer may do: the need-card assignment being staged, where a
                 group may be sent (ShopChoices, held by the table; no pygame)
  coaching.py    where the guided first game's coach points on this table (held by it; no pygame)
  advice.py      the Hint's and the review's words for this game's decisions
  refusals.py    why an action was refused, in the player's words
  table/         the pygame half: the table, its art and layout (table/__init__.py lists them)

API for screens (ids: monster m, cage c, upgrade u, artifact a, accessory x, need card k are
indexes into ruleset.data.monsters/cages/upgrades/artifacts/accessories/cards; names are
`{"cs": ..., "en": ...}` in those records). Decision kinds -> actions:
  plan (sealed)  ("plan", ((imps, gold, bodyguard, hat), ...)) largest first; free choice
                 (ruleset.is_legal) — `actions` is a representative sample
  send           ("send", group, space_key, slot) | ("home", group) | ("withdraw", group)
  arrange        ("move", m, place) | ("wear", x, m) | ("done",)
  assign         ("assign", m, ((card|-1 potion|-2 blank, half 0|1), ...)) per stripe of
                 ruleset.stripes(state, m); free choice, sample listed
  order          ("order", (m, ...))
  sell           ("sell", customer_index, m, podium 0|1) | ("no_sale", customer_index)
  work           ("work", imps_cleaning)
Follow-up questions ("asks"): cage_to, upgrade_to, join, gift, black_market, peek, unsurcharge,
business, accessory, recall, handbook, vampling, gobbler, play, piglet, anger, ruffian,
spooker, keep — their actions are listed in the decision.
Events: round, group, group_size, food, artifact, cage, upgrade, monster, place, invite,
hospital, podium, black_market, surcharge, peek (+ private peek_tile), draw (private card /
public count), pass, business, accessory, recall, wear, lost, assigned (+ private
assigned_own), reveal, order, care, suffering, dung, play, injured, mutation, ability,
contest, sale, discard, work, pearl, phase, final, game_over, log {key, params},
sealed / sealed_own / reveal (planning).
"""
from __future__ import annotations

from ...core.gamespec import game_spec

# Title, pitch, players and art: data/monster_shop/game.yaml; the parts stand where the
# convention puts them (core/gamespec.py).
SPEC = game_spec("monster_shop")
