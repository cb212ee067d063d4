"""Loading and checking the Dark Deeds card data (data/dark_deeds/*.yaml).

Every problem in every file is collected with file:line and raised together as one
`DataError` (game.core.data). Checks: the schema (pydantic, unknown keys refused), the
stats each card type needs, effect and trigger names against the closed registries in
effects.py (with their parameters), the counts the rules state (41 Street cards =
10 + 10 + 7 + 7 + 7, 40 Plots, 18 Dark Deeds, 3 Loot decks of 15), and that every card has
a name and a text in locale/en.yaml.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import Field

from ...core.data import DataError, Problems, StrictModel, data_root, load_checked, load_yaml
from .effects import CITIZENS, EFFECTS, LOOT_OPS, TIMINGS, TRIGGERS, check_params

STREET_TYPES = CITIZENS + ("guard", "nemesis")


class _Players(StrictModel):
    min: int = Field(ge=1, le=8)
    max: int = Field(ge=1, le=8)


class _Hand(StrictModel):
    deeds: int = Field(ge=0, le=10)
    plots: int = Field(ge=0, le=10)


class _Counts(StrictModel):
    street: dict[str, int]
    street_total: int
    plots: int
    deeds: int
    loot_per_deck: int


class _Options(StrictModel):
    first_player: Literal["random", "rolloff"] | int = "random"
    open_scores: bool = False


class _Windows(StrictModel):
    asked: Literal["public_information_only"] = "public_information_only"
    order: Literal["clockwise", "all"] = "clockwise"
    timeout: float = Field(default=12.0, gt=0, le=120)
    min_time: float = Field(default=1.5, ge=0, le=30)


class RulesModel(StrictModel):
    players: _Players
    street_slots: int = Field(ge=1, le=12)
    tavern_slots: int = Field(ge=1, le=6)
    loot_face_up: int = Field(ge=0, le=6)
    start_hand: _Hand
    hand_limit: int = Field(ge=1, le=20)
    arrest_threshold: int = Field(ge=1, le=99)
    failed_guard_attack_suspicion: int = Field(ge=0, le=10)
    deeds_per_phase: int = Field(ge=1, le=5)
    roll_dice: int = Field(ge=1, le=4)
    lay_low_dice: int = Field(ge=1, le=4)
    die: str
    counts: _Counts
    options: _Options = _Options()
    reaction_windows: _Windows = _Windows()


class _StreetCard(StrictModel):
    key: str
    type: Literal["artisan", "cleric", "merchant", "guard", "nemesis"]
    copies: int = Field(default=1, ge=1, le=20)
    perception: Optional[int] = Field(default=None, ge=2, le=20)
    defence: Optional[int] = Field(default=None, ge=2, le=20)
    favour: int = Field(ge=0, le=10)


class StreetModel(StrictModel):
    cards: list[_StreetCard]


class _LootCard(StrictModel):
    key: str
    copies: int = Field(default=1, ge=1, le=15)
    use: Literal["permanent", "once", "nothing"]
    strength: int = Field(default=0, ge=0, le=6)
    cunning: int = Field(default=0, ge=0, le=6)
    effect: Optional[dict] = None


class LootModel(StrictModel):
    decks: dict[str, list[_LootCard]]


class _Plot(StrictModel):
    key: str
    copies: int = Field(default=1, ge=1, le=20)
    timing: str
    answerable: bool = False
    effect: dict


class PlotsModel(StrictModel):
    plots: list[_Plot]


class _Deed(StrictModel):
    key: str
    favour: int = Field(ge=0, le=10)
    when: dict


class DeedsModel(StrictModel):
    deeds: list[_Deed]


class Card:
    """One physical card (static data). `kind`: artisan/cleric/merchant/guard/nemesis
    for the Street, "plot", "deed" or "loot"; `deck` is the Loot type for Loot."""
    __slots__ = ("id", "key", "kind", "deck", "perception", "defence", "favour", "cunning",
                 "strength", "use", "op", "effect_params", "timing", "answerable", "on", "when")

    def __init__(self, id, key, kind, **kw):
        self.id, self.key, self.kind = id, key, kind
        self.deck = kw.get("deck")
        self.perception = kw.get("perception") or 0
        self.defence = kw.get("defence") or 0
        self.favour = kw.get("favour") or 0
        self.cunning = kw.get("cunning") or 0
        self.strength = kw.get("strength") or 0
        self.use = kw.get("use")
        self.op = kw.get("op")
        self.effect_params = kw.get("effect_params") or {}
        self.timing = kw.get("timing")
        self.answerable = bool(kw.get("answerable"))
        self.on = kw.get("on")
        self.when = kw.get("when") or {}

    @property
    def is_citizen(self) -> bool:
        return self.kind in CITIZENS

    def to_json(self) -> dict:
        """Static facts about the card for screens (names come from the locale)."""
        out = {"id": self.id, "key": self.key, "kind": self.kind,
               "name": f"dark_deeds.card.{self.key}.name", "text": f"dark_deeds.card.{self.key}.text"}
        for f in ("deck", "timing", "use", "op"):
            v = getattr(self, f)
            if v:
                out[f] = v
        for f in ("perception", "defence", "favour", "cunning", "strength"):
            v = getattr(self, f)
            if v:
                out[f] = v
        if self.effect_params:
            out["effect"] = dict(self.effect_params)
        if self.on:
            out["when"] = {"trigger": self.on, **self.when}
        return out


class GameData:
    """Everything loaded: the rules' numbers and every card by id."""

    def __init__(self, rules: RulesModel, cards: dict, street: list, plots: list, deeds: list,
                 loot: dict, die_faces: tuple, folder: Path):
        self.rules = rules
        self.cards = cards
        self.street_ids = street
        self.plot_ids = plots
        self.deed_ids = deeds
        self.loot_ids = loot           # deck type -> [ids]
        self.die_faces = die_faces
        self.folder = folder


def _registry_entry(problems, doc, path, entry, key: str, registry: dict, what: str, allowed=None):
    """(name, params) of a mapping {<key>: name, **params} that names an entry of a closed
    registry — a card's effect {op: ...} (EFFECTS) or a Dark Deed's {trigger: ...}
    (TRIGGERS) — with its params checked against that entry's; (None, {}) after a problem."""
    if not isinstance(entry, dict):
        problems.add(doc, path, f"expected a mapping like {{{key}: name, ...}}")
        return None, {}
    name = entry.get(key)
    if name not in registry:
        problems.add(doc, path + (key,), f"unknown {what} {name!r}; known {what}s: {', '.join(registry)}")
        return None, {}
    if allowed is not None and name not in allowed:
        problems.add(doc, path + (key,), f"{what} {name!r} cannot be used here (allowed: {', '.join(allowed)})")
        return None, {}
    params = {k: v for k, v in entry.items() if k != key}
    for param, msg in check_params(registry[name].params, params):
        problems.add(doc, path + ((param,) if param in params else ()), msg)
    return name, params


def _effect_problems(problems, doc, path, effect, allowed_ops):
    return _registry_entry(problems, doc, path, effect, "op", EFFECTS, "effect", allowed_ops)


def load_data(folder: Path | None = None) -> GameData:
    """Load data/dark_deeds (or `folder`); raise DataError listing every problem."""
    folder = Path(folder) if folder is not None else data_root() / "dark_deeds"
    problems = Problems()
    docs, (rules, street, loot, plots, deeds) = load_checked(
        folder, problems, rules=RulesModel, street=StreetModel, loot=LootModel, plots=PlotsModel, deeds=DeedsModel)
    locale_doc = load_yaml(folder / "locale" / "en.yaml", problems)
    names = locale_doc.data.get("card", {}) if locale_doc and isinstance(locale_doc.data, dict) else {}

    cards: dict[str, Card] = {}
    street_ids, plot_ids, deed_ids = [], [], []
    loot_ids: dict[str, list] = {}
    keys_seen: dict[str, tuple] = {}

    def each_record(doc, path, records):
        """(path, record) of every card record of a file, its key checked unique in all files."""
        for i, record in enumerate(records):
            here = path + (i,)
            if record.key in keys_seen:
                problems.add(doc, here + ("key",), f"duplicate card key {record.key!r}")
            keys_seen[record.key] = (doc, here)
            yield here, record

    def deal(ids: list, prefix: str, copies: int, key: str, kind: str, **fields):
        """The `copies` cards of one record, numbered on through their deck: <prefix>:01, :02 …"""
        for _ in range(copies):
            cid = f"{prefix}:{len(ids) + 1:02d}"
            cards[cid] = Card(cid, key, kind, **fields)
            ids.append(cid)

    counts = rules.counts if rules else None

    # -- Street -------------------------------------------------------------------------
    if street:
        doc = docs["street"]
        per_type = {t: 0 for t in STREET_TYPES}
        for path, c in each_record(doc, ("cards",), street.cards):
            if c.type == "nemesis":
                problems.check(c.perception is None, doc, path + ("perception",),
                               "a Nemesis has no Perception (nobody sneaks past a Nemesis)")
                problems.check(c.defence is not None, doc, path, "a Nemesis needs defence")
            elif c.type == "guard":
                problems.check(c.defence is not None and c.perception is not None, doc, path,
                               "a Guard needs defence and perception")
            else:
                problems.check(c.perception is not None, doc, path, "a Citizen needs perception")
                problems.check(c.defence is None, doc, path + ("defence",), "a Citizen has no defence")
            per_type[c.type] += c.copies
            deal(street_ids, "street", c.copies, c.key, c.type, perception=c.perception, defence=c.defence,
                 favour=c.favour)
        if counts:
            for t in STREET_TYPES:
                want = counts.street.get(t)
                problems.check(want == per_type[t], doc, ("cards",),
                               f"expected {want} {t} cards, got {per_type[t]}")
            problems.check(len(street_ids) == counts.street_total, doc, ("cards",),
                           f"expected {counts.street_total} Street cards, got {len(street_ids)}")

    # -- Loot -----------------------------------------------------------------------------
    if loot:
        doc = docs["loot"]
        problems.check(set(loot.decks) == set(CITIZENS), doc, ("decks",),
                       f"expected exactly the Loot decks {', '.join(CITIZENS)}, got {', '.join(loot.decks)}")
        for deck, entries in loot.decks.items():
            ids = loot_ids.setdefault(deck, [])
            for path, c in each_record(doc, ("decks", deck), entries):
                op, params = None, {}
                if c.use == "once":
                    if c.effect is None:
                        problems.add(doc, path, "a one-use Loot card needs an effect")
                    else:
                        op, params = _effect_problems(problems, doc, path + ("effect",), c.effect, LOOT_OPS)
                elif c.effect is not None:
                    problems.add(doc, path + ("effect",), f"only one-use Loot has an effect (this one is {c.use})")
                if c.use == "permanent" and not (c.strength or c.cunning):
                    problems.add(doc, path, "a permanent Loot card needs a strength or cunning bonus")
                if c.use != "permanent" and (c.strength or c.cunning):
                    problems.add(doc, path, "only permanent Loot has strength/cunning; one-use bonuses go in effect")
                deal(ids, f"loot:{deck}", c.copies, c.key, "loot", deck=deck, use=c.use, strength=c.strength,
                     cunning=c.cunning, op=op, effect_params=params, timing=LOOT_OPS.get(op) if op else None)
            if counts:
                problems.check(len(ids) == counts.loot_per_deck, doc, ("decks", deck),
                               f"expected {counts.loot_per_deck} cards in the {deck} Loot deck, got {len(ids)}")

    # -- Plots ----------------------------------------------------------------------------
    if plots:
        doc = docs["plots"]
        for path, p in each_record(doc, ("plots",), plots.plots):
            if p.timing not in TIMINGS:
                problems.add(doc, path + ("timing",), f"unknown timing {p.timing!r}; known: {', '.join(TIMINGS)}")
            op, params = _effect_problems(problems, doc, path + ("effect",), p.effect, None)
            if op and p.timing in TIMINGS and p.timing not in EFFECTS[op].timings:
                problems.add(doc, path + ("timing",),
                             f"effect {op!r} is played at {', '.join(EFFECTS[op].timings)}, not {p.timing!r}")
            deal(plot_ids, "plot", p.copies, p.key, "plot", timing=p.timing, answerable=p.answerable,
                 op=op, effect_params=params)
        for op in ("foil_roll", "cancel_plot"):
            problems.check(any(cards[c].op == op for c in plot_ids), doc, ("plots",),
                           f"the rules need a Plot with effect {op!r}")
        if counts:
            problems.check(len(plot_ids) == counts.plots, doc, ("plots",),
                           f"expected {counts.plots} Plot cards, got {len(plot_ids)}")

    # -- Dark Deeds -------------------------------------------------------------------------
    if deeds:
        doc = docs["deeds"]
        for path, d in each_record(doc, ("deeds",), deeds.deeds):
            on, params = _registry_entry(problems, doc, path + ("when",), d.when, "trigger", TRIGGERS, "trigger")
            deal(deed_ids, "deed", 1, d.key, "deed", favour=d.favour, on=on, when=params)
        if counts:
            problems.check(len(deed_ids) == counts.deeds, doc, ("deeds",),
                           f"expected {counts.deeds} Dark Deed cards, got {len(deed_ids)}")

    # -- names and texts for every card ------------------------------------------------------
    if locale_doc is not None:
        for key, (doc, path) in keys_seen.items():
            entry = names.get(key) if isinstance(names, dict) else None
            if not isinstance(entry, dict) or not entry.get("name") or not entry.get("text"):
                problems.add(doc, path + ("key",),
                             f"card {key!r} has no name/text in {locale_doc.file.name} (card.{key}.name, .text)")

    # -- numbers that must agree -------------------------------------------------------------
    die_faces = (1, 2, 3, 4, 5, 6)
    if rules:
        doc = docs["rules"]
        problems.check(rules.players.min <= rules.players.max, doc, ("players",), "min is above max")
        try:
            from ...core.dice import load_dice, standard_dice
            # the dice of the data folder read (validate-data --data-dir checks a copy's own)
            dice = standard_dice() if folder.parent == data_root() else load_dice(folder.parent)
            d = dice.get(rules.die)
            if d is None or not all(isinstance(f, int) for f in d.faces):
                problems.add(doc, ("die",), f"unknown numeric die {rules.die!r} (see data/dice.yaml)")
            else:
                die_faces = tuple(d.faces)
        except DataError as exc:
            problems.items.extend(exc.problems)
        need = rules.players.max * (rules.start_hand.deeds + rules.start_hand.plots)
        problems.check(len(deed_ids) >= rules.players.max * rules.start_hand.deeds or not deeds,
                       doc, ("start_hand",), "not enough Dark Deeds to deal every player their hand")
        problems.check(len(plot_ids) + len(deed_ids) >= need + rules.tavern_slots or not plots,
                       doc, ("start_hand",), "not enough Tavern cards for the starting hands")
        problems.check(len(street_ids) >= rules.street_slots or not street, doc, ("street_slots",),
                       "fewer Street cards than Street slots")
    problems.raise_if_any()
    return GameData(rules, cards, street_ids, plot_ids, deed_ids, loot_ids, die_faces, folder)
