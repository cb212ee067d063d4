"""The closed registries of the monster shop. YAML names effects only from these tables;
data.py checks every name and parameter at load time (file:line on a typo), and the
rules look them up here — nothing is registered from anywhere else.

- CAGE_OPS / UPGRADE_OPS: passive modifiers of one den place (cage tile + its upgrade),
  summed into a `PlaceMods` by `place_mods`.
- ARTIFACT_OPS: what an artifact does while its owner holds it (and it is not eaten).
- SPACE_OPS: every action space a group can be sent to; the rules' `space_actions` table
  (planning.py) maps each to the method that runs it, `space_<op>`.
- BUSINESS_OPS: the six businesses of the Industrial Zone -> `eng.biz_<op>`.
- ABILITIES: the nine Dark Alleys monster abilities and the step of care they hook into.
- METRICS: what contests and customers count, as functions over one monster's show
  record (`Show`) or over a whole den (`DenShow`).
"""
from __future__ import annotations

from typing import Callable, NamedTuple

from ...core.params import check_params  # noqa: F401  (the loader asks this module)
from ...core.params import one_of as _one_of
from ...core.params import whole as _int

SYMBOLS = ("H", "E", "L", "A", "M", "D")      # hunger, excretion, play, anger, magic, disease
SYM = {s: i for i, s in enumerate(SYMBOLS)}
COLOURS = ("G", "Y", "R", "P")
COL = {c: i for i, c in enumerate(COLOURS)}
DIETS = ("carnivore", "herbivore", "omnivore", "none")


# -- den places ----------------------------------------------------------------------
class PlaceMods(NamedTuple):
    strength: int = 0
    anti_magic: int = 0
    always_clean: bool = False
    play_cover: int = 0
    disease_dung: int = 0
    any_diet: bool = False
    dung_chute: int = 0
    disease_safe: int = 0
    anger_less: int = 0


_N = {"n": (True, _int(-5, 5))}
PLACE_OPS = {
    "strength": _N, "anti_magic": _N, "always_clean": {}, "play_cover": _N, "disease_dung": _N,
    "any_diet": {}, "dung_chute": _N, "disease_safe": _N, "anger_less": _N,
}
CAGE_OPS = ("always_clean", "play_cover", "disease_dung")
UPGRADE_OPS = tuple(PLACE_OPS)


def place_mods(strength: int, anti: int, effects: list) -> PlaceMods:
    """Sum a cage's printed stats and the (op, params) effects of the cage and its upgrade."""
    d = {"strength": strength, "anti_magic": anti}
    for op, p in effects:
        if op in ("always_clean", "any_diet"):
            d[op] = True
        else:
            d[op] = d.get(op, 0) + p["n"]
    return PlaceMods(**d)


# -- artifacts -------------------------------------------------------------------------
ARTIFACT_OPS = {
    "extra_card": {"colour": (True, _one_of(*COLOURS))},   # the book: +1 need card of a colour
    "choose_card": {},              # Breeder's Handbook: +1 card of a colour chosen each round
    "freezer": {"n": (True, _int(1, 6))},   # Magic Cabinet: raw food that would spoil is kept
    "leash": {"n": (True, _int(3, 6))},     # once a round one imp covers n play symbols
    "whistle": {"n": (True, _int(1, 3))},   # once a round: anger excess − n
    "duster": {"n": (True, _int(3, 6))},    # one working imp cleans n dung
    "income": {"n": (True, _int(1, 3))},    # + n gold income
    "top_hat": {},                  # + half a size to one group a round
    "little_gift": {},              # copy another player's artifact once a game
}

# -- action spaces (planning.py's table: op -> space_<op>(state, seat, group, space, slot, events))
SPACE_OPS = ("food_stall", "artifacts", "cage", "upgrade", "monster", "invite", "hospital",
             "jury", "podium", "black_market", "fortune_teller", "industry", "boutique")

# -- businesses (eng.biz_<op>) ----------------------------------------------------------
BUSINESS_OPS = {
    "recruit": {"gold": (True, _int(0, 5))},
    "process": {"from": (True, _one_of("meat", "veg")), "to": (True, _one_of("lollipop", "can"))},
    "office": {"imps": (True, _int(1, 3)), "gain": (True, _int(1, 6))},
    "psychiatrist": {"imps": (True, _int(1, 3))},
    "slime": {"gold": (True, _int(0, 5)), "dung": (True, _int(1, 6))},
}

# -- monster abilities: name -> the care step it changes --------------------------------
ABILITIES = {
    "piglet": "play",            # satisfied play moves dung to a neighbouring place
    "pearl": "excretion",        # the first dung each round carries a pearl
    "gobbler": "hunger",         # may eat food, gold, a potion or an artifact
    "vampling": "hunger",        # first hunger free, further: suffering or an injured imp
    "spooker": "magic",          # may pass a mutation to a neighbour
    "loris": "reveal",           # pairs on a neighbour's cards satisfy its own symbols
    "hypochondriac": "disease",  # ignores disease; none assigned counts as 1
    "pony": "anger",             # anger excess covers later play symbols
    "ruffian": "anger",          # anger excess destroys cages/upgrades, never escapes
}


# -- metrics ------------------------------------------------------------------------------
class Show(NamedTuple):
    """One monster's round, as contests and customers see it."""
    shown: tuple          # six symbol counts displayed on its assigned cards
    fed: int              # hunger symbols satisfied with food
    sat_play: int         # play symbols satisfied
    eaten: int            # food tokens eaten (processed included)
    cans: int
    suffering: int
    mutations: int
    size: int
    cage_dung: int
    colours: frozenset


def _pairs(s, a, b):
    return min(s.shown[SYM[a]], s.shown[SYM[b]])


MONSTER_METRICS: dict[str, Callable] = {
    "shown": lambda s, p: s.shown[SYM[p["sym"]]],
    "fed": lambda s, p: s.fed,
    "satisfied": lambda s, p: s.sat_play if p["sym"] == "L" else s.fed,
    "eaten": lambda s, p: s.eaten,
    "suffering": lambda s, p: s.suffering,
    "mutations": lambda s, p: s.mutations,
    "size_over": lambda s, p: max(0, s.size - p["n"]),
    "cage_dung": lambda s, p: s.cage_dung,
    "pairs": lambda s, p: _pairs(s, p["sym"], p["sym2"]),
    "unpaired": lambda s, p: (s.shown[SYM[p["sym"]]] + s.shown[SYM[p["sym2"]]]
                              - 2 * _pairs(s, p["sym"], p["sym2"])),
    "leftover": lambda s, p: s.shown[SYM[p["sym"]]] - _pairs(s, p["sym"], p["sym2"]),
    "distinct": lambda s, p: sum(1 for x in s.shown if x),
}
# den metrics: (den) -> number, where den = (monster Shows, dung in the den, injured imps)
DEN_METRICS: dict[str, Callable] = {
    "monsters": lambda shows, dung, injured: len(shows),
    "den_dung": lambda shows, dung, injured: dung,
    "colours": lambda shows, dung, injured: len(frozenset().union(*[s.colours for s in shows])) if shows else 0,
    "injured": lambda shows, dung, injured: injured,
}
_SYMP = (True, _one_of(*SYMBOLS))
METRIC_PARAMS = {
    "shown": {"sym": _SYMP}, "fed": {}, "satisfied": {"sym": (True, _one_of("L", "H"))},
    "eaten": {}, "suffering": {}, "mutations": {}, "size_over": {"n": (True, _int(0, 6))},
    "cage_dung": {}, "pairs": {"sym": _SYMP, "sym2": _SYMP}, "unpaired": {"sym": _SYMP, "sym2": _SYMP},
    "leftover": {"sym": _SYMP, "sym2": _SYMP}, "distinct": {},
    "monsters": {}, "den_dung": {}, "colours": {}, "injured": {},
}


def monster_score(terms, show: Show) -> int:
    """Sum of a tile's terms that look at one monster (den terms are skipped)."""
    total = 0
    for metric, params, points in terms:
        f = MONSTER_METRICS.get(metric)
        if f is not None:
            total += points * f(show, params)
    return total


def den_score(terms, shows: list, dung: int, injured: int) -> int:
    """A whole-menagerie score: monster terms summed over every monster, plus den terms."""
    total = 0
    for metric, params, points in terms:
        f = MONSTER_METRICS.get(metric)
        if f is not None:
            total += points * sum(f(s, params) for s in shows)
        else:
            total += points * DEN_METRICS[metric](shows, dung, injured)
    return total
