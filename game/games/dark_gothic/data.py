"""Loading and checking the Dark Gothic data (data/dark_gothic/*.yaml).

Every problem in every file is collected with file:line and raised together as one
`DataError` (game.core.data): the schema (pydantic, unknown keys refused), cost notation,
effect/Global/ability names and parameters against the closed registries in effects.py (and
the contexts each effect may appear in), the box counts the rulebook states (TE-002: 45 Start,
4 Honor, 24 Training, 8 Secrets, a 72-card Main Deck with 4 Lightning Strikes, 8 Shocking
Discoveries, 5 Heroes whose Start cards fit the pool, 3 Villains per Danger level), and that
every card and Hero has a name in locale/en.yaml.

Villain prices by mode (TE-G02 [P], villains.yaml): `cost` is the co-op price; an optional
`competitive_cost` is the competitive one. Such a Villain gets a second card, its competitive
printing (id "<key>@competitive", same key, Danger, Investigation and effects), and
`villains_by_mode` names the cards each mode's Villain stack is built from: whatever reads a
cost by card id (the rules' cost_of, card_json, the table's card face, the agents) then sees the
mode's price without being told the mode.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, Optional

from pydantic import Field

from ...core.data import DataError, Problems, StrictModel, data_root, load_checked, load_yaml
from .effects import ABILITIES, EFFECTS, GLOBALS, check_params

MAIN_TYPES = ("gear", "ally", "location", "event", "minion")
COMPETITIVE = "@competitive"     # the id suffix of a Villain's competitive printing


class _Range(StrictModel):
    min: int = Field(ge=1, le=6)
    max: int = Field(ge=1, le=6)


class _Window(StrictModel):
    timeout: Optional[float] = Field(default=None, ge=0)
    min_time: float = Field(default=0, ge=0)


class _Counts(StrictModel):
    start: int
    honor: int
    training: int
    secrets: int
    main_deck: int
    discoveries: int
    heroes: int
    villains_per_danger: int
    lightning: int


class _Rewards(StrictModel):
    coop_win_base: float = Field(ge=0, le=1)
    coop_loss_max: float = Field(ge=0, le=1)
    competitive_loser_max: float = Field(ge=0, le=1)


class RulesModel(StrictModel):
    modes: dict[Literal["competitive", "coop"], _Range]
    default_mode: Literal["competitive", "coop"]
    addons: list[Literal["draw2"]]
    center_slots: int = Field(ge=2, le=10)
    hand_size: int = Field(ge=1, le=12)
    shadows_limit: int = Field(ge=1, le=40)
    omen_faces: list[int] = Field(min_length=2, max_length=12)
    villain_honor: int = Field(ge=0, le=3)
    heroes_win_immediately_on_last_villain: bool
    counts: _Counts
    windows: dict[Literal["block", "protect", "choose", "reroll", "pass"], _Window]
    rewards: _Rewards


class _Card(StrictModel):
    key: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    copies: int = Field(default=1, ge=1, le=30)
    cost: Optional[str] = None
    inv: int = Field(default=0, ge=-5, le=10)
    type: Optional[Literal["gear", "ally", "location", "event", "minion"]] = None
    tags: list[Literal["key", "book", "town_elder"]] = []
    roaming: bool = False
    remains: bool = False
    ability: Optional[Literal["protect_once", "destroy_once"]] = None
    play: list[dict] = []
    fight: list[dict] = []
    mystery: list[dict] = []
    acquire: list[dict] = []
    global_: list[dict] = Field(default=[], alias="global")


class SupplyModel(StrictModel):
    start: list[_Card] = Field(min_length=1)       # a list the game cannot do without says so
    honor: list[_Card] = Field(min_length=1)
    training: list[_Card] = Field(min_length=1)
    secrets: list[_Card] = Field(min_length=1)
    hungry_dead: _Card


class _Hero(StrictModel):
    key: str
    start: dict[str, int]
    honor: int = Field(ge=0, le=4)
    ability: dict


class HeroesModel(StrictModel):
    heroes: list[_Hero] = Field(min_length=1)


class _Villain(StrictModel):
    key: str
    danger: int = Field(ge=1, le=3)
    cost: str
    competitive_cost: Optional[str] = None
    inv: int = Field(ge=0, le=20)
    global_: list[dict] = Field(default=[], alias="global")
    fight: list[dict] = []


class VillainsModel(StrictModel):
    villains: list[_Villain] = Field(min_length=1)


class MainModel(StrictModel):
    cards: list[_Card] = Field(min_length=1)


class _Discovery(StrictModel):
    key: str
    stays: bool = False
    effect: list[dict]


class DiscoveriesModel(StrictModel):
    discoveries: list[_Discovery] = Field(min_length=1)


_COST = re.compile(r"^(\d+)(!?)([CUSW])$")


def parse_cost(text: str):
    """'6C+2!C+3S' -> ((colour, n, cursed), ...) or raises ValueError with the reason."""
    parts = []
    for piece in str(text).replace(" ", "").split("+"):
        m = _COST.match(piece)
        if not m:
            raise ValueError(f"cannot read cost part {piece!r} (write e.g. 3S, 2!C, 5W)")
        n = int(m.group(1))
        if not 1 <= n <= 20:
            raise ValueError(f"cost part {piece!r}: amount must be 1 to 20")
        parts.append((m.group(3), n, m.group(2) == "!"))
    return tuple(parts)


class Card:
    """One physical card (static). `group`: start, honor, training, secret, main, common,
    villain, discovery. Effects are tuples of (op, params)."""
    __slots__ = ("id", "key", "group", "type", "cost", "inv", "tags", "roaming", "remains", "ability",
                 "play", "fight", "mystery", "acquire", "globals", "danger", "stays", "block", "protect",
                 "cost_total", "gains")

    def to_json(self) -> dict:
        fx = lambda lst: [dict(p, op=op) for op, p in lst]
        return {"id": self.id, "key": self.key, "group": self.group, "type": self.type,
                "cost": [[c, n, cur] for c, n, cur in self.cost], "inv": self.inv, "tags": list(self.tags),
                "roaming": self.roaming, "remains": self.remains, "ability": self.ability,
                "play": fx(self.play), "fight": fx(self.fight), "mystery": fx(self.mystery),
                "acquire": fx(self.acquire), "global": fx(self.globals), "danger": self.danger,
                "stays": self.stays}


class Hero:
    __slots__ = ("key", "start", "honor", "ability", "params")


class GameData:
    def __init__(self):
        self.rules: RulesModel | None = None
        self.cards: dict[str, Card] = {}
        self.heroes: dict[str, Hero] = {}
        self.start_ids: dict[str, list[str]] = {}     # start key -> ids (the pool of 45)
        self.honor_ids: list[str] = []
        self.training: dict[str, list[str]] = {}
        self.secret_ids: list[str] = []
        self.hungry_dead = ""
        self.villains: dict[int, list[str]] = {}       # Danger -> ids, as printed (co-op's price)
        # mode -> Danger -> the Villain ids that mode's stack is built from: a Villain with a
        # `competitive_cost` has a competitive printing, id "<key>@competitive"
        self.villains_by_mode: dict[str, dict[int, list[str]]] = {"coop": {}, "competitive": {}}
        self.main_ids: list[str] = []
        self.discovery_ids: list[str] = []
        self.names: dict = {}


def _ops(lst, doc, path, problems, known: dict, what: str, params_of) -> tuple:
    """`lst` as (op, params) pairs: each op one of `known` (else an unknown `what`), its
    params checked against `params_of(i, op)` (which may report more of its own)."""
    out = []
    for i, e in enumerate(lst):
        op = e.get("op") if isinstance(e, dict) else None
        if op not in known:
            problems.add(doc, path + (i, "op"), f"unknown {what} {op!r} (known: {', '.join(known)})")
            continue
        for msg in check_params(params_of(i, op), e):
            problems.add(doc, path + (i,), f"{op}: {msg}")
        out.append((op, {k: v for k, v in e.items() if k != "op"}))
    return tuple(out)


def _effects(lst, doc, path, problems, context) -> tuple:
    def params_in_context(i, op):
        spec = EFFECTS[op]
        if context not in spec.contexts:
            problems.add(doc, path + (i,), f"effect {op!r} cannot be a {context} effect "
                                          f"(allowed: {', '.join(spec.contexts)})")
        return spec.params
    return _ops(lst, doc, path, problems, EFFECTS, "effect", params_in_context)


def _globals(lst, doc, path, problems) -> tuple:
    return _ops(lst, doc, path, problems, GLOBALS, "Global", lambda i, op: GLOBALS[op])


def _make(data, problems, doc, path, m, group, type_, cid) -> Card:
    c = Card()
    c.id, c.key, c.group, c.type = cid, m.key, group, type_
    c.cost = ()
    if getattr(m, "cost", None):
        try:
            c.cost = parse_cost(m.cost)
        except ValueError as exc:
            problems.add(doc, path + ("cost",), str(exc))
    c.inv = m.inv
    c.tags = tuple(getattr(m, "tags", ()))
    c.roaming = getattr(m, "roaming", False)
    c.remains = getattr(m, "remains", False)
    c.ability = getattr(m, "ability", None)
    c.play = _effects(getattr(m, "play", []), doc, path + ("play",), problems, "play")
    c.fight = _effects(getattr(m, "fight", []), doc, path + ("fight",), problems, "fight")
    c.mystery = _effects(getattr(m, "mystery", []), doc, path + ("mystery",), problems, "mystery")
    c.acquire = _effects(getattr(m, "acquire", []), doc, path + ("acquire",), problems, "acquire")
    c.globals = _globals(getattr(m, "global_", []), doc, path + ("global",), problems)
    c.danger = getattr(m, "danger", 0)
    c.stays = False
    c.block = any(op == "block" for op, _ in c.play)
    c.protect = any(op == "protect" for op, _ in c.play)
    c.cost_total = sum(n for _, n, _ in c.cost)
    c.gains = sum(p["n"] for op, p in c.play if op == "gain")
    return c


def _ids(key, copies):
    return [key] if copies == 1 else [f"{key}:{i + 1}" for i in range(copies)]


def load_data(folder: Path | None = None) -> GameData:
    folder = Path(folder) if folder else data_root() / "dark_gothic"
    problems = Problems()
    docs, (rules, supply, heroes, villains, main, disc) = load_checked(
        folder, problems, rules=RulesModel, supply=SupplyModel, heroes=HeroesModel, villains=VillainsModel,
        main_deck=MainModel, discoveries=DiscoveriesModel)
    locale = load_yaml(folder / "locale" / "en.yaml", problems)
    d = GameData()
    d.rules = rules
    cards = d.cards

    def add(c: Card, doc, path):
        if c.id in cards:
            problems.add(doc, path + ("key",), f"duplicate card key {c.key!r}")
        cards[c.id] = c

    if supply is not None:
        doc = docs["supply"]
        for group, lst in (("start", supply.start), ("honor", supply.honor), ("training", supply.training),
                           ("secret", supply.secrets)):
            for i, m in enumerate(lst):
                ids = _ids(m.key, m.copies)
                for cid in ids:
                    add(_make(d, problems, doc, (group if group != "secret" else "secrets", i), m, group,
                              group, cid), doc, (group, i))
                if group == "start":
                    d.start_ids[m.key] = ids
                elif group == "honor":
                    d.honor_ids += ids
                elif group == "training":
                    d.training[m.key] = ids
                    problems.check(bool(m.cost), doc, ("training", i), "a Training card needs a cost")
                else:
                    d.secret_ids += ids
        hd = _make(d, problems, doc, ("hungry_dead",), supply.hungry_dead, "common", "minion", supply.hungry_dead.key)
        add(hd, doc, ("hungry_dead",))
        d.hungry_dead = hd.id
    if main is not None:
        doc = docs["main_deck"]
        for i, m in enumerate(main.cards):
            if m.type is None:
                problems.add(doc, ("cards", i), f"card {m.key!r} needs a type ({', '.join(MAIN_TYPES)})")
                continue
            if m.ability and not m.remains:
                problems.add(doc, ("cards", i, "ability"), "only a Remains-in-Play card can have an ability")
            for cid in _ids(m.key, m.copies):
                c = _make(d, problems, doc, ("cards", i), m, "main", m.type, cid)
                add(c, doc, ("cards", i))
                d.main_ids.append(cid)
                if not c.cost and m.key != "lightning_strike":
                    problems.add(doc, ("cards", i), f"card {m.key!r} needs a cost")
    if villains is not None:
        doc = docs["villains"]
        for i, m in enumerate(villains.villains):
            c = _make(d, problems, doc, ("villains", i), m, "villain", "villain", m.key)
            add(c, doc, ("villains", i))
            d.villains.setdefault(m.danger, []).append(c.id)
            d.villains_by_mode["coop"].setdefault(m.danger, []).append(c.id)
            comp = c
            if m.competitive_cost is not None:
                comp = _make(d, problems, doc, ("villains", i), m, "villain", "villain",
                             f"{m.key}{COMPETITIVE}")
                try:
                    comp.cost = parse_cost(m.competitive_cost)
                except ValueError as exc:
                    problems.add(doc, ("villains", i, "competitive_cost"), str(exc))
                comp.cost_total = sum(n for _, n, _ in comp.cost)
                add(comp, doc, ("villains", i))
            d.villains_by_mode["competitive"].setdefault(m.danger, []).append(comp.id)
    if disc is not None:
        doc = docs["discoveries"]
        for i, m in enumerate(disc.discoveries):
            c = Card()
            c.id, c.key, c.group, c.type, c.cost, c.inv = m.key, m.key, "discovery", "discovery", (), 0
            c.tags, c.roaming, c.remains, c.ability = (), False, False, None
            c.play = _effects(m.effect, doc, ("discoveries", i, "effect"), problems, "discovery")
            c.fight = c.mystery = c.acquire = c.globals = ()
            c.danger, c.stays, c.block, c.protect, c.cost_total, c.gains = 0, m.stays, False, False, 0, 0
            add(c, doc, ("discoveries", i))
            d.discovery_ids.append(c.id)
    if heroes is not None:
        doc = docs["heroes"]
        for i, m in enumerate(heroes.heroes):
            h = Hero()
            h.key, h.start, h.honor = m.key, dict(m.start), m.honor
            op = m.ability.get("op")
            if op not in ABILITIES:
                problems.add(doc, ("heroes", i, "ability"), f"unknown ability {op!r} (known: {', '.join(ABILITIES)})")
            else:
                for msg in check_params(ABILITIES[op], m.ability):
                    problems.add(doc, ("heroes", i, "ability"), f"{op}: {msg}")
            h.ability = op
            h.params = {k: v for k, v in m.ability.items() if k != "op"}
            for k, v in m.start.items():
                problems.check(k in d.start_ids, doc, ("heroes", i, "start", k), f"unknown Start card {k!r}")
            problems.check(sum(m.start.values()) == 9, doc, ("heroes", i, "start"),
                           f"a Hero has exactly 9 Start cards (TE-G01), {m.key} has {sum(m.start.values())}")
            d.heroes[m.key] = h
    # -- the box (TE-002)
    if rules is not None and not problems:
        cn, doc = rules.counts, docs["rules"]
        def count(what, got, want):
            problems.check(got == want, doc, ("counts", what), f"expected {want} {what} cards, the data has {got}")
        count("start", sum(len(v) for v in d.start_ids.values()), cn.start)
        count("honor", len(d.honor_ids), cn.honor)
        count("training", sum(len(v) for v in d.training.values()), cn.training)
        count("secrets", len(d.secret_ids), cn.secrets)
        count("main_deck", len(d.main_ids), cn.main_deck)
        count("discoveries", len(d.discovery_ids), cn.discoveries)
        count("heroes", len(d.heroes), cn.heroes)
        count("lightning", sum(1 for c in d.main_ids if cards[c].key == "lightning_strike"), cn.lightning)
        for danger in (1, 2, 3):
            count(f"danger {danger} villain", len(d.villains.get(danger, [])), cn.villains_per_danger)
        mx = rules.modes["competitive"].max if "competitive" in rules.modes else 3
        for key, ids in d.start_ids.items():
            need = sorted((h.start.get(key, 0) for h in d.heroes.values()), reverse=True)[:mx]
            problems.check(sum(need) <= len(ids), doc, ("counts", "start"),
                           f"{mx} Heroes may need {sum(need)} {key}, the pool has {len(ids)}")
        problems.check(sum(sorted((h.honor for h in d.heroes.values()), reverse=True)[:mx]) <= len(d.honor_ids),
                       doc, ("counts", "honor"), "the Heroes' start Honor does not fit the Honor pool")
        problems.check(all(0 <= f <= 6 for f in rules.omen_faces), doc, ("omen_faces",),
                       "Omen Die faces are 0 (Skull) to 6")
    # -- names
    if locale is not None and isinstance(locale.data, dict):
        names = locale.data.get("card", {}) or {}
        hnames = locale.data.get("hero", {}) or {}
        d.names = {"card": names, "hero": hnames}
        for c in cards.values():
            problems.check(c.key in names, locale, ("card",), f"card {c.key!r} has no name (card.{c.key})")
        for h in d.heroes:
            problems.check(h in hnames, locale, ("hero",), f"Hero {h!r} has no name (hero.{h})")
    problems.raise_if_any()
    return d


__all__ = ["load_data", "GameData", "Card", "Hero", "DataError", "parse_cost"]
