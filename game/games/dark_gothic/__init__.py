"""Dark Gothic: Colonial Horror (rulebook 001): a deck-builder — Heroes against the Villains
and the Shadows, competitive (2–3, most Investigation wins) or co-operative (1–3).

Files, for a newcomer:
  data.py        loads and checks data/dark_gothic/*.yaml with file:line errors
  effects.py     the closed registries: card effect ops, Global ops, Hero and Remains abilities
  payment.py     paying a cost from the resource pool (Silver, Cursed parts), pure functions
  state.py       the state: zones as lists of card ids, the task stack, the RNG
  rules.py       the Ruleset: setup, decisions, apply (a task runner), result
  invariants.py  what must hold after every step (playout tests, simulate --check)
  view.py        what one seat may see; perturb_hidden for the contract suite
  ai.py          agents: easy / normal heuristics; hard = the heuristic with its own tuned
                 weights, which in competitive play an ISMCTS may overrule; determinize()
  ai_weights.py  the heuristic's numbers, one set per mode for normal and one for hard
  words.py       the game in words: card names, the chronicle, prompts (no pygame)
  table/         the pygame half: the table on the kit (table/__init__.py lists its files)

API for screens: card ids are "<key>" or "<key>:<n>" for copies, "<key>@competitive" for a
Villain's competitive printing (its competitive price; data.py) (static data via
ruleset.card_json(id)); decision kinds and actions are listed in rules.py's docstring.
Options: {"mode": "competitive"|"coop", "addons": [] | ["draw2"]}.
Events: move {card, src, dst, why?} over zones hand:s, deck:s, discard:s, play:s, remains:s,
center:1..6, main, crypt, shadows, training:<key>, honor, secrets, discoveries, villain;
gain {seat, colour, n, source}; paid {seat, card, parts}; spend {.., cursed}; shadow {src, count};
roam {card, from, to}; roll {seat, purpose, face, card (a Minion's roll: that Minion), reroll?};
protect {seat, by, card, zone}; draw (private, with a public twin carrying count); passed (private
to giver and receiver); reveal {card, zone}; turn {seat, turn}; end_turn; cleanup; villain_defeated;
game_over {winners, scores, side, reason}; log {key, params} for the chronicle (mystery, strike,
fight, blocked, ...).
"""
from __future__ import annotations

from ...core.gamespec import game_spec

# Title, pitch, players and art: data/dark_gothic/game.yaml; the parts stand where the
# convention puts them (core/gamespec.py).
SPEC = game_spec(
    "dark_gothic",
    # Every off-turn question (Block, Protect, a victim's discard) is answered from the
    # Hero's own hand: in hot-seat each is asked behind that player's curtain.
    public_decisions=frozenset(),
)
