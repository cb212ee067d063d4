"""Loading and checking data/monster_shop/*.yaml (pydantic schemas, unknown keys refused).

Every problem of every file is collected with file:line and raised together as one
`DataError`. Beyond the schema: effect, ability and metric names against the closed
registries in effects.py (with their parameters), stripe colours, dial lengths, the counts
the guide states (6 businesses, 8 accessories, 9 Dark Alleys monsters, 6 Black Market
goods), and that the timeline has enough contests and customers for its rounds.

Static data is flattened into `GameData`: one list per component kind, indexed by the
ids the state uses (monster card m, cage tile c, ...).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal, Optional

from pydantic import ConfigDict, Field

from ...core.data import Problems, StrictModel, data_root, load_yaml, validate
from .effects import (ABILITIES, ARTIFACT_OPS, BUSINESS_OPS, CAGE_OPS, COLOURS, DIETS, METRIC_PARAMS,
                      PLACE_OPS, SPACE_OPS, SYMBOLS, check_params, place_mods)


class Name(StrictModel):
    cs: str = Field(min_length=1)
    en: str = Field(min_length=1)


class _Sale(StrictModel):
    ordinary: int
    podium: int
    mutation_price: int
    accessory_price: int
    min_size: int


class RulesModel(StrictModel):
    players: Literal[4]
    rounds: dict[Literal["full", "short"], int]
    start: dict[Literal["imps", "gold"], int]
    relatives_at: list[int]
    max_groups: int = Field(ge=1, le=10)
    places: int = Field(ge=2, le=8)
    printed_cage: dict[Literal["strength", "anti_magic"], int]
    start_dung: int = Field(ge=0, le=5)
    food_chambers: int = Field(ge=1, le=6)
    income: dict[Literal["first_two", "others"], int]
    round1_food: list[list[int]]
    offers: dict[Literal["artifacts", "cages_new", "upgrades", "young"], int]
    black_market: dict
    boutique_size: int = Field(ge=1, le=8)
    jury_bonus: int = Field(ge=0, le=10)
    sale: _Sale
    play_per_imp: int = Field(ge=1, le=6)
    disease_safe: int = Field(ge=0, le=10)
    work: dict[Literal["clean", "earn"], int]
    pearl_gold: int = Field(ge=0, le=10)
    can_contest_points: int = Field(ge=0, le=5)
    prizes: dict[Literal["regular", "final"], list[int]]
    negative: list[list[int]]
    economic: dict[str, int]
    exhibition: dict[str, int]
    lookahead: dict[Literal["full", "simple"], int]
    contest_rounds: dict[Literal["full", "short"], list[int]]
    customer_rounds: dict[Literal["full", "short"], list[int]]
    lowest_starts: dict[Literal["full", "short"], int]
    arrange_steps: int = Field(ge=0, le=20)


class _Colour(StrictModel):
    name: Name
    main: str
    simple: dict[str, Annotated[int, Field(ge=0, le=60)]] = Field(max_length=len(SYMBOLS))   # need cards a symbol


class NeedsModel(StrictModel):
    symbols: dict[str, Name]
    colours: dict[str, _Colour]
    cards_per_colour: int = Field(ge=1, le=60)
    potion: Name


class _Monster(StrictModel):
    key: str
    name: Name
    diet: str
    stages: list[str]
    price: list[int]
    copies: int = Field(default=1, ge=1, le=6)
    farm: Literal["meat", "veg", "gold", "none"] = "meat"
    extra: Optional[str] = None
    ability: Optional[str] = None


class MonstersModel(StrictModel):
    monsters: list[_Monster]


class _Cage(StrictModel):
    key: str
    name: Name
    strength: int = Field(ge=0, le=9)
    anti_magic: int = Field(ge=0, le=9)
    copies: int = Field(default=1, ge=1, le=9)
    effects: list[dict] = []


class _Upgrade(StrictModel):
    key: str
    name: Name
    copies: int = Field(default=1, ge=1, le=9)
    effects: list[dict]


class CagesModel(StrictModel):
    cages: list[_Cage]
    upgrades: list[_Upgrade]


class _Artifact(StrictModel):
    key: str
    name: Name
    copies: int = Field(default=1, ge=1, le=9)
    effects: list[dict]


class _Accessory(StrictModel):
    key: str
    name: Name
    colour: str


class ItemsModel(StrictModel):
    artifacts: list[_Artifact]
    accessories: list[_Accessory]
    food: dict[Literal["meat", "veg", "lollipop", "can"], Name]
    bodyguard: Name


class _Space(StrictModel):
    key: str
    name: Name
    op: str
    slots: int = Field(ge=1, le=6)
    min_imps: int = Field(default=0, ge=0, le=6)
    min_gold: int = Field(default=0, ge=0, le=6)
    board: Literal["central", "alleys"]


class _Business(StrictModel):
    model_config = ConfigDict(extra="allow")
    key: str
    name: Name
    op: str


class PlacesModel(StrictModel):
    spaces: list[_Space]
    businesses: list[_Business]


class _Tile(StrictModel):
    key: str
    name: Name
    scope: Literal["best", "menagerie"] = "best"
    terms: list[dict]
    food: Optional[list[list[int]]] = None


class ContestsModel(StrictModel):
    contests: list[_Tile] = Field(min_length=1)
    customers: list[_Tile] = Field(min_length=1)


class Monster:
    __slots__ = ("id", "key", "name", "diet", "stages", "sizes", "price", "farm", "extra", "ability",
                 "colour_counts")

    def __init__(self, id, m: _Monster):
        self.id, self.key, self.name, self.diet = id, m.key, m.name.model_dump(), m.diet
        self.stages = tuple(m.stages)
        self.sizes = tuple(len(x) for x in m.stages)
        self.price = tuple(m.price)
        self.farm, self.extra, self.ability = m.farm, m.extra, m.ability
        # stripe colours at each stage, the extra printed stripe included (not accessories)
        self.colour_counts = tuple(tuple((st + (m.extra or "")).count(c) for c in COLOURS) for st in m.stages)

    def price_at(self, size: int) -> int:
        return self.price[min(max(size - 4, 0), len(self.price) - 1)]


class GameData:
    def __init__(self, folder: Path):
        self.folder = folder


def _effects(problems, doc, path, effects, allowed, registry):
    out = []
    for i, e in enumerate(effects):
        p = path + (i,)
        op = e.get("op") if isinstance(e, dict) else None
        if op not in allowed:
            problems.add(doc, p + ("op",), f"unknown effect {op!r} here; known: {', '.join(allowed)}")
            continue
        params = {k: v for k, v in e.items() if k != "op"}
        for name, msg in check_params(registry[op], params):
            problems.add(doc, p + ((name,) if name in params else ()), msg)
        out.append((op, params))
    return out


def _terms(problems, doc, path, terms):
    out = []
    for i, t in enumerate(terms):
        p = path + (i,)
        if not isinstance(t, dict) or t.get("metric") not in METRIC_PARAMS:
            problems.add(doc, p, f"unknown metric {t.get('metric') if isinstance(t, dict) else t!r}; "
                                 f"known: {', '.join(METRIC_PARAMS)}")
            continue
        pts = t.get("points")
        if not isinstance(pts, int) or isinstance(pts, bool):
            problems.add(doc, p + ("points",), f"expected a whole number of points, got {pts!r}")
            continue
        params = {k: v for k, v in t.items() if k not in ("metric", "points")}
        for name, msg in check_params(METRIC_PARAMS[t["metric"]], params):
            problems.add(doc, p + ((name,) if name in params else ()), msg)
        out.append((t["metric"], params, pts))
    return tuple(out)


def load_data(folder: Path | None = None) -> GameData:
    folder = Path(folder) if folder is not None else data_root() / "monster_shop"
    pr = Problems()
    docs = {n: load_yaml(folder / f"{n}.yaml", pr)
            for n in ("rules", "needs", "monsters", "cages", "items", "places", "contests")}
    models = {"rules": RulesModel, "needs": NeedsModel, "monsters": MonstersModel, "cages": CagesModel,
              "items": ItemsModel, "places": PlacesModel, "contests": ContestsModel}
    m = {n: validate(models[n], docs[n], pr) for n in docs}
    pr.raise_if_any()
    g = GameData(folder)
    R = g.rules = m["rules"]

    # need cards -----------------------------------------------------------------
    nd, ndoc = m["needs"], docs["needs"]
    for c in COLOURS:
        if c not in nd.colours:
            pr.add(ndoc, ("colours",), f"missing colour {c}")
    cards = []          # card id -> (colour index, simple symbol index, second symbol index)
    for ci, c in enumerate(COLOURS):
        col = nd.colours.get(c)
        if col is None:
            continue
        if col.main not in SYMBOLS:
            pr.add(ndoc, ("colours", c, "main"), f"unknown symbol {col.main!r}")
            continue
        total = 0
        for sym, k in col.simple.items():
            if sym not in SYMBOLS:
                pr.add(ndoc, ("colours", c, "simple", sym), f"unknown symbol {sym!r}")
                continue
            second = col.main if sym != col.main else "E"
            for _ in range(k):
                cards.append((ci, SYMBOLS.index(sym), SYMBOLS.index(second)))
            total += k
        if total != nd.cards_per_colour:
            pr.add(ndoc, ("colours", c, "simple"), f"expected {nd.cards_per_colour} cards, got {total}")
    g.cards = tuple(cards)
    g.needs = nd

    # monsters ---------------------------------------------------------------------
    mdoc = docs["monsters"]
    g.monsters, g.species = [], m["monsters"].monsters
    da = 0
    for i, sp in enumerate(g.species):
        p = ("monsters", i)
        if sp.diet not in DIETS:
            pr.add(mdoc, p + ("diet",), f"expected one of {', '.join(DIETS)}, got {sp.diet!r}")
        if any(ch not in COLOURS for st in sp.stages for ch in st) or (sp.extra and sp.extra not in COLOURS):
            pr.add(mdoc, p + ("stages",), f"stripe colours must be from {''.join(COLOURS)}")
        if len(sp.stages) != 5 or [len(x) for x in sp.stages] != [2, 3, 4, 5, 6]:
            pr.add(mdoc, p + ("stages",), "expected 5 dial stages of sizes 2, 3, 4, 5, 6")
        if len(sp.price) != 3:
            pr.add(mdoc, p + ("price",), "expected 3 prices (sizes 4, 5, 6)")
        if sp.ability is not None:
            da += 1
            if sp.ability not in ABILITIES:
                pr.add(mdoc, p + ("ability",), f"unknown ability {sp.ability!r}; known: {', '.join(ABILITIES)}")
            if sp.extra is None:
                pr.add(mdoc, p + ("extra",), "a Dark Alleys monster has an extra printed stripe")
    if da != 9:
        pr.add(mdoc, ("monsters",), f"expected the 9 Dark Alleys monsters, got {da}")
    pr.raise_if_any()
    for sp in g.species:
        for _ in range(sp.copies):
            g.monsters.append(Monster(len(g.monsters), sp))

    # cages, upgrades ---------------------------------------------------------------------
    cdoc = docs["cages"]
    g.cages, g.upgrades = [], []
    for i, c in enumerate(m["cages"].cages):
        eff = _effects(pr, cdoc, ("cages", i, "effects"), c.effects, CAGE_OPS, PLACE_OPS)
        for _ in range(c.copies):
            g.cages.append((c.key, c.name.model_dump(), c.strength, c.anti_magic, tuple(eff)))
    for i, u in enumerate(m["cages"].upgrades):
        eff = _effects(pr, cdoc, ("upgrades", i, "effects"), u.effects, tuple(PLACE_OPS), PLACE_OPS)
        for _ in range(u.copies):
            g.upgrades.append((u.key, u.name.model_dump(), tuple(eff)))

    # artifacts, accessories ----------------------------------------------------------------
    idoc = docs["items"]
    g.artifacts = []
    for i, a in enumerate(m["items"].artifacts):
        eff = _effects(pr, idoc, ("artifacts", i, "effects"), a.effects, tuple(ARTIFACT_OPS), ARTIFACT_OPS)
        for _ in range(a.copies):
            g.artifacts.append((a.key, a.name.model_dump(), tuple(eff)))
    g.accessories = []
    for i, a in enumerate(m["items"].accessories):
        if a.colour not in COLOURS:
            pr.add(idoc, ("accessories", i, "colour"), f"expected one of {''.join(COLOURS)}")
        g.accessories.append((a.key, a.name.model_dump(), COLOURS.index(a.colour) if a.colour in COLOURS else 0))
    if len(g.accessories) != 8:
        pr.add(idoc, ("accessories",), f"expected the 8 accessories of the Boutique, got {len(g.accessories)}")
    g.items = m["items"]

    # spaces and businesses ------------------------------------------------------------------
    pdoc = docs["places"]
    g.spaces = m["places"].spaces
    for i, s in enumerate(g.spaces):
        if s.op not in SPACE_OPS:
            pr.add(pdoc, ("spaces", i, "op"), f"unknown space {s.op!r}; known: {', '.join(SPACE_OPS)}")
    g.space_index = {s.key: i for i, s in enumerate(g.spaces)}
    g.businesses = []
    for i, b in enumerate(m["places"].businesses):
        params = {k: v for k, v in (b.model_extra or {}).items()}
        if b.op not in BUSINESS_OPS:
            pr.add(pdoc, ("businesses", i, "op"), f"unknown business {b.op!r}; known: {', '.join(BUSINESS_OPS)}")
            continue
        for name, msg in check_params(BUSINESS_OPS[b.op], params):
            pr.add(pdoc, ("businesses", i) + ((name,) if name in params else ()), msg)
        g.businesses.append((b.key, b.name.model_dump(), b.op, params))
    if len(m["places"].businesses) != 6:
        pr.add(pdoc, ("businesses",), f"expected the 6 businesses, got {len(m['places'].businesses)}")

    # contests and customers ---------------------------------------------------------------
    tdoc = docs["contests"]
    g.contests, g.customers = [], []
    for i, t in enumerate(m["contests"].contests):
        terms = _terms(pr, tdoc, ("contests", i, "terms"), t.terms)
        food = t.food or []
        if len(food) != 3 or any(len(b) != 2 or min(b) < 0 for b in food):
            pr.add(tdoc, ("contests", i, "food"), "expected 3 bundles [meat, vegetables]")
        g.contests.append((t.key, t.name.model_dump(), t.scope, terms, tuple(tuple(b) for b in food)))
    for i, t in enumerate(m["contests"].customers):
        g.customers.append((t.key, t.name.model_dump(), _terms(pr, tdoc, ("customers", i, "terms"), t.terms)))
    rdoc = docs["rules"]
    for length in ("full", "short"):
        if len(R.contest_rounds[length]) + 1 > len(g.contests):
            pr.add(rdoc, ("contest_rounds", length), "more contests needed than there are tiles (+1 for the Black Market)")
        if len(R.customer_rounds[length]) > len(g.customers):
            pr.add(rdoc, ("customer_rounds", length), "more customers needed than there are tiles")
    bm = R.black_market
    for length in ("full", "short"):
        goods = bm.get(length)
        allowed = ("bodyguard", "monster", "cage", "contest_food", "upgrade", "artifact")
        if not isinstance(goods, list) or any(x not in allowed for x in goods):
            pr.add(rdoc, ("black_market", length), f"expected a list of {', '.join(allowed)}")
    if not isinstance(bm.get("surcharge"), int):
        pr.add(rdoc, ("black_market", "surcharge"), "expected a whole number")
    # every deck the Black Market draws from at setup holds what it takes (an empty list of
    # cages or artifacts used to pass and fail at the first setup)
    decks = {"monster": (mdoc, ("monsters",), len(g.monsters)), "cage": (cdoc, ("cages",), len(g.cages)),
             "upgrade": (cdoc, ("upgrades",), len(g.upgrades)), "artifact": (idoc, ("artifacts",), len(g.artifacts))}
    for kind, (kdoc, kpath, have) in decks.items():
        taken = max([0] + [goods.count(kind) for goods in (bm.get(x) for x in ("full", "short"))
                           if isinstance(goods, list)])
        if have < max(1, taken):
            pr.add(kdoc, kpath, f"expected at least {max(1, taken)} (the Black Market takes {taken} at setup), "
                                f"got {have}")
    if len(R.relatives_at) != 4:
        pr.add(rdoc, ("relatives_at",), "expected the 4 relative-imps")
    if len(R.round1_food) != 3:
        pr.add(rdoc, ("round1_food",), "expected 3 Food Stall bundles")
    pr.raise_if_any()

    pc = R.printed_cage
    g.printed_mods = (pc["strength"], pc["anti_magic"])
    g.place_mods = place_mods
    return g
