"""Loading and checking the Book of Ordeals data (data/ordeals/*.yaml).

Every problem in every file is collected with file:line and raised together as one
`DataError` (game.core.data). Checks: the schema (pydantic, unknown keys refused), the
gear, Lore and profile names a Company, a roster or a Trial uses, polygons (at least
3 corners, inside the table), deployment zones, the Supplies of the ready-made Companies
(BO-117: at most the Company's Supplies, 3–6 characters, upgrades within their maxima,
one melee and one ranged weapon, at most 2 Lore, one Leader), the season/light/weather
tables (every D12 face covered), and a name in locale/en.yaml for every Trial.
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import Field

from ...core.data import Problems, StrictModel, data_root, load_checked, load_yaml, validate

Point = tuple[float, float]


# ---------------------------------------------------------------- rules.yaml
class _Players(StrictModel):
    min: int = Field(ge=1, le=2)
    max: int = Field(ge=1, le=2)


class _Deed(StrictModel):
    cost: int = Field(ge=0, le=3)
    limit: Optional[int] = Field(default=None, ge=1, le=3)


class _Rewards(StrictModel):
    win: float = Field(ge=0, le=1)
    share: float = Field(ge=0, le=1)


DEEDS = ("move", "assault", "fire", "aid", "aim", "climb", "guard", "hide", "stand", "use")


class RulesModel(StrictModel):
    players: _Players
    dice_sides: int = Field(ge=2, le=20)
    deeds_per_act: int = Field(ge=1, le=6)
    base: float = Field(gt=0, le=3)
    engage: float = Field(gt=0, le=3)
    move_first: float = Field(ge=0, le=12)
    move_further: float = Field(ge=0, le=12)
    safe_drop: float = Field(ge=0, le=12)
    climb_height: float = Field(gt=0, le=12)
    push: float = Field(ge=0, le=6)
    knock_down: int = Field(ge=1, le=20)
    down_might: int = Field(ge=-6, le=0)
    hidden_bonus: int = Field(ge=0, le=6)
    guard_ward: int = Field(ge=0, le=6)
    woods_los: float = Field(ge=0, le=24)
    cover_range: float = Field(ge=0, le=6)
    hide_range: float = Field(ge=0, le=6)
    contact: float = Field(ge=0, le=1)
    gap_jump: float = Field(ge=0, le=6)
    lantern_radius: float = Field(ge=0, le=12)
    always_see: float = Field(ge=0, le=6)
    sight_max: int = Field(ge=0, le=72)
    rain_far: float = Field(ge=0, le=72)
    wind_range: float = Field(ge=-24, le=0)
    snow_move: float = Field(ge=-6, le=0)
    storm_lightning: int = Field(ge=1, le=13)
    deeds: dict[str, _Deed]
    move_samples: int = Field(ge=4, le=64)
    rewards: _Rewards
    shadow_step_seconds: float = Field(ge=0, le=5)
    fog: bool = False


# ---------------------------------------------------------------- recruitment.yaml
class _Company(StrictModel):
    supplies: int = Field(ge=50, le=2000)
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)


class _Basic(StrictModel):
    cost: int = Field(ge=0, le=500)
    might: int = Field(ge=-3, le=6)
    aim: int = Field(ge=-3, le=6)
    pace: int = Field(ge=-3, le=6)
    ward: int = Field(ge=0, le=6)
    grit: int = Field(ge=1, le=40)


class _Upgrade(StrictModel):
    cost: int = Field(ge=0, le=200)
    step: int = Field(ge=1, le=6)
    max: int = Field(ge=1, le=12)


class Weapon(StrictModel):
    kind: Literal["melee", "ranged"]
    cost: int = Field(ge=0, le=200)
    reach: float = Field(default=0.0, ge=0, le=6)
    damage: int = Field(default=0, ge=0, le=6)
    no_fire: bool = False
    range: float = Field(default=0.0, ge=0, le=72)
    wind: bool = False
    fire_cost: int = Field(default=1, ge=1, le=3)


class Armour(StrictModel):
    cost: int = Field(ge=0, le=200)
    ward: int = Field(ge=0, le=6)
    pace: int = Field(default=0, ge=-3, le=0)


class Item(StrictModel):
    cost: int = Field(ge=0, le=200)
    heal: int = Field(default=0, ge=0, le=20)
    uses: int = Field(default=0, ge=0, le=9)
    climb_cost: int = Field(default=0, ge=0, le=3)


class Lore(StrictModel):
    cost: int = Field(ge=0, le=200)
    reach: float = Field(default=0.0, ge=0, le=6)
    sight: int = Field(default=0, ge=0, le=24)
    hides: int = Field(default=0, ge=0, le=3)
    knock_down: int = Field(default=0, ge=0, le=20)
    assault_might: int = Field(default=0, ge=0, le=6)
    ward: int = Field(default=0, ge=0, le=6)
    initiative: int = Field(default=0, ge=0, le=6)
    per_company: int = Field(default=0, ge=0, le=6)


class RecruitmentModel(StrictModel):
    company: _Company
    basic: _Basic
    upgrades: dict[Literal["might", "aim", "pace", "grit"], _Upgrade]
    weapons: dict[str, Weapon]
    armour: dict[str, Armour]
    items: dict[str, Item]
    lore: dict[str, object]


class Member(StrictModel):
    name: str = Field(min_length=1, max_length=40)
    upgrades: dict[Literal["might", "aim", "pace", "grit"], int] = {}
    melee: str = "hand_weapon"
    ranged: Optional[str] = None
    armour: Optional[str] = None
    items: list[str] = []
    lore: list[str] = []


class _CompanyDef(StrictModel):
    members: list[Member]


class CompaniesModel(StrictModel):
    companies: dict[str, _CompanyDef]


# ---------------------------------------------------------------- shadow.yaml
class Profile(StrictModel):
    might: int = Field(ge=-3, le=9)
    aim: int = Field(ge=-3, le=9)
    pace: int = Field(ge=-3, le=9)
    ward: int = Field(ge=0, le=9)
    grit: int = Field(ge=1, le=60)
    melee: str = "hand_weapon"
    ranged: Optional[str] = None
    lore: list[str] = []
    behaviour: str
    value: int = Field(ge=0, le=1000)
    no_climb: bool = False
    no_use: bool = False
    always_lit: bool = False
    boss: bool = False


class ShadowModel(StrictModel):
    behaviours: list[str]
    profiles: dict[str, Profile]


# ---------------------------------------------------------------- tables.yaml
class _Row(StrictModel):
    key: str
    upto: int
    light_mod: int = 0
    sight: int = 0
    only: Optional[str] = None
    otherwise: Optional[str] = None


class TablesModel(StrictModel):
    season: list[_Row]
    light: list[_Row]
    weather: list[_Row]


# ---------------------------------------------------------------- trials.yaml
class Piece(StrictModel):
    kind: Literal["open", "obstacle", "woods", "blocking", "gap"]
    name: str = ""
    poly: list[tuple[float, float]]
    height: float = Field(default=0.0, ge=0, le=24)
    ledges: list[float] = []
    width: float = Field(default=0.0, ge=0, le=24)


class WorldObject(StrictModel):
    kind: Literal["grave", "relic"]
    at: tuple[float, float]


class _Reinf(StrictModel):
    from_turn: int = Field(ge=1, le=20)
    every_turn: list[str]


class _TrialShadow(StrictModel):
    roster: list[str]
    reinforcements: Optional[_Reinf] = None
    objective: Optional[tuple[float, float]] = None


class _Chapel(StrictModel):
    centre: tuple[float, float]
    radius: float = Field(gt=0, le=12)


class _Victory(StrictModel):
    kind: Literal["rout", "salt", "relic", "vigil", "slay"]
    uses: int = Field(default=2, ge=1, le=6)
    profile: Optional[str] = None


class Trial(StrictModel):
    key: str
    number: int = Field(ge=1, le=9)
    size: tuple[float, float]
    turns: int = Field(ge=1, le=20)
    versus: bool = False
    season: str = "roll"
    light: str = "roll"
    weather: str = "roll"
    sight_per_turn: int = Field(default=0, ge=0, le=24)
    zones: list[list[tuple[float, float]]]
    terrain: list[Piece]
    objects: list[WorldObject] = []
    relic_move: float = Field(default=0.0, ge=-6, le=0)
    chapel: Optional[_Chapel] = None
    shadow: _TrialShadow
    victory: _Victory


class TrialsModel(StrictModel):
    trials: list[Trial]


class GameData:
    """Everything loaded: the pydantic models plus a few derived tables."""

    def __init__(self, rules, recruitment, lore, companies, shadow, tables, trials, locale):
        self.rules: RulesModel = rules
        self.recruitment: RecruitmentModel = recruitment
        self.lore: dict[str, Lore] = lore
        self.companies: dict[str, list[Member]] = companies
        self.shadow: ShadowModel = shadow
        self.tables: TablesModel = tables
        self.trials: dict[int, Trial] = trials
        self.locale: dict = locale

    def member_cost(self, m: Member) -> int:
        return member_cost(self.recruitment, self.lore, m)


def member_cost(rec: RecruitmentModel, lore: dict, m: Member) -> int:
    cost = rec.basic.cost
    for stat, steps in m.upgrades.items():
        cost += rec.upgrades[stat].cost * steps if stat in rec.upgrades else 0
    for w in (m.melee, m.ranged):
        if w in rec.weapons:
            cost += rec.weapons[w].cost
    if m.armour in rec.armour:
        cost += rec.armour[m.armour].cost
    cost += sum(rec.items[i].cost for i in m.items if i in rec.items)
    cost += sum(lore[k].cost for k in m.lore if k in lore)
    return cost


def company_problems(rec: RecruitmentModel, lore: dict, members: list[Member], supplies=None) -> list[tuple]:
    """What is wrong with a Company by BO-112 … BO-117: [(path, message)]. Used on load
    and by the recruitment screen."""
    out = []
    supplies = rec.company.supplies if supplies is None else supplies
    if not rec.company.min <= len(members) <= rec.company.max:
        out.append(((), f"a Company has {rec.company.min} to {rec.company.max} characters, got {len(members)}"))
    total = 0
    leaders = 0
    for i, m in enumerate(members):
        p = ("members", i)
        for stat, steps in m.upgrades.items():
            up = rec.upgrades.get(stat)
            if up is None:
                continue
            if steps < 0 or steps * up.step > up.max:
                out.append((p + ("upgrades", stat), f"{stat} may rise by at most +{up.max} (got {steps} steps of +{up.step})"))
        if m.melee not in rec.weapons or rec.weapons[m.melee].kind != "melee":
            out.append((p + ("melee",), f"unknown melee weapon {m.melee!r}"))
        if m.ranged is not None and (m.ranged not in rec.weapons or rec.weapons[m.ranged].kind != "ranged"):
            out.append((p + ("ranged",), f"unknown ranged weapon {m.ranged!r}"))
        if m.armour is not None and m.armour not in rec.armour:
            out.append((p + ("armour",), f"unknown armour {m.armour!r}"))
        for j, it in enumerate(m.items):
            if it not in rec.items:
                out.append((p + ("items", j), f"unknown item {it!r}"))
        if len(set(m.items)) != len(m.items):
            out.append((p + ("items",), "an item is carried at most once"))
        maxl = int(rec.lore.get("max_per_character", 2))
        if len(m.lore) > maxl or len(set(m.lore)) != len(m.lore):
            out.append((p + ("lore",), f"at most {maxl} different Lore per character"))
        for j, k in enumerate(m.lore):
            if k not in lore:
                out.append((p + ("lore", j), f"unknown Lore {k!r}"))
            elif lore[k].per_company:
                leaders += 1
        total += member_cost(rec, lore, m)
    if leaders > 1:
        out.append(((), "at most one Leader per Company"))
    if total > supplies:
        out.append(((), f"the Company costs {total} Supplies, more than {supplies}"))
    return out


def _poly_ok(problems, doc, path, poly, size):
    if len(poly) < 3:
        problems.add(doc, path, "a polygon needs at least 3 corners")
        return
    for k, (x, y) in enumerate(poly):
        if not (0 <= x <= size[0] and 0 <= y <= size[1]):
            problems.add(doc, path + (k,), f"corner ({x}, {y}) lies off the {size[0]:g}\" × {size[1]:g}\" table")
    area = sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))
    if abs(area) < 1e-6:
        problems.add(doc, path, "the polygon has no area")


def load_data(folder: Path | None = None) -> GameData:
    """Load data/ordeals (or `folder`); raise DataError listing every problem."""
    folder = Path(folder) if folder is not None else data_root() / "ordeals"
    problems = Problems()
    docs, (rules, rec, comps, shadow, tables, trials) = load_checked(
        folder, problems, rules=RulesModel, recruitment=RecruitmentModel, companies=CompaniesModel,
        shadow=ShadowModel, tables=TablesModel, trials=TrialsModel)
    locale_doc = load_yaml(folder / "locale" / "en.yaml", problems)
    locale = locale_doc.data if locale_doc is not None and isinstance(locale_doc.data, dict) else {}

    if rules:
        doc = docs["rules"]
        problems.check(rules.players.min <= rules.players.max, doc, ("players",), "min is above max")
        for d in DEEDS:
            problems.check(d in rules.deeds, doc, ("deeds",), f"the Deed {d!r} has no cost")
        for d in rules.deeds:
            problems.check(d in DEEDS, doc, ("deeds", d), f"unknown Deed {d!r}; Deeds: {', '.join(DEEDS)}")

    lore: dict[str, Lore] = {}
    if rec:
        doc = docs["recruitment"]
        for k, v in rec.lore.items():
            if k == "max_per_character":
                problems.check(isinstance(v, int) and 0 <= v <= 6, doc, ("lore", k), "expected 0 to 6")
                continue
            got = validate(Lore, doc, problems, ("lore", k), v)
            if got is not None:
                lore[k] = got
        problems.check("hand_weapon" in rec.weapons, doc, ("weapons",), "the free hand_weapon is missing")
        problems.check(rec.company.min <= rec.company.max, doc, ("company",), "min is above max")
        for k, w in rec.weapons.items():
            if w.kind == "ranged":
                problems.check(w.range > 0, doc, ("weapons", k, "range"), "a ranged weapon needs a range")

    companies: dict[str, list[Member]] = {}
    if comps and rec:
        doc = docs["companies"]
        for key, c in comps.companies.items():
            for path, msg in company_problems(rec, lore, c.members):
                problems.add(doc, ("companies", key) + path, msg)
            companies[key] = c.members
        problems.check(len(companies) >= 2, doc, ("companies",), "two ready-made Companies are needed")

    if shadow and rec:
        doc = docs["shadow"]
        for k, p in shadow.profiles.items():
            path = ("profiles", k)
            if p.behaviour not in shadow.behaviours:
                problems.add(doc, path + ("behaviour",), f"unknown behaviour {p.behaviour!r}; known: {', '.join(shadow.behaviours)}")
            if p.melee not in rec.weapons or rec.weapons[p.melee].kind != "melee":
                problems.add(doc, path + ("melee",), f"unknown melee weapon {p.melee!r}")
            if p.ranged is not None and (p.ranged not in rec.weapons or rec.weapons[p.ranged].kind != "ranged"):
                problems.add(doc, path + ("ranged",), f"unknown ranged weapon {p.ranged!r}")
            for j, lk in enumerate(p.lore):
                if lk not in lore:
                    problems.add(doc, path + ("lore", j), f"unknown Lore {lk!r}")

    if tables:
        doc = docs["tables"]
        for name in ("season", "weather"):
            rows = getattr(tables, name)
            problems.check(bool(rows) and rows[-1].upto >= 12, doc, (name,), "the rows must cover a D12 up to 12")
            ups = [r.upto for r in rows]
            problems.check(ups == sorted(ups), doc, (name,), "rows must be in rising order of `upto`")
        seasons = {r.key for r in tables.season}
        for i, r in enumerate(tables.weather):
            if r.only is not None:
                problems.check(r.only in seasons, doc, ("weather", i, "only"), f"unknown season {r.only!r}")
                problems.check(r.otherwise in {w.key for w in tables.weather}, doc,
                               ("weather", i, "otherwise"), "needs the weather it becomes otherwise")
        ups = [r.upto for r in tables.light]
        problems.check(ups == sorted(ups) and bool(ups), doc, ("light",), "rows must be in rising order of `upto`")

    by_number: dict[int, Trial] = {}
    if trials:
        doc = docs["trials"]
        names = locale.get("trial", {}) if isinstance(locale, dict) else {}
        for i, t in enumerate(trials.trials):
            path = ("trials", i)
            if t.number in by_number:
                problems.add(doc, path + ("number",), f"two Trials numbered {t.number}")
            by_number[t.number] = t
            problems.check(len(t.zones) == 2, doc, path + ("zones",), "expected two deployment zones (side 0, side 1)")
            for z, zone in enumerate(t.zones):
                _poly_ok(problems, doc, path + ("zones", z), zone, t.size)
            for j, piece in enumerate(t.terrain):
                pp = path + ("terrain", j)
                _poly_ok(problems, doc, pp + ("poly",), piece.poly, t.size)
                if piece.kind == "blocking":
                    problems.check(piece.height > 0, doc, pp + ("height",), "blocking terrain needs a height")
                    for h in piece.ledges:
                        problems.check(0 < h < piece.height, doc, pp + ("ledges",), "a ledge lies between the ground and the top")
                elif piece.ledges or (piece.height and piece.kind != "obstacle"):
                    problems.add(doc, pp, f"only blocking terrain has a height and ledges ({piece.kind})")
                if piece.kind == "gap":
                    problems.check(piece.width > 0, doc, pp + ("width",), "a gap needs a width")
            for j, o in enumerate(t.objects):
                x, y = o.at
                problems.check(0 <= x <= t.size[0] and 0 <= y <= t.size[1], doc,
                               path + ("objects", j), "the object lies off the table")
            if shadow:
                for j, p in enumerate(t.shadow.roster):
                    problems.check(p in shadow.profiles, doc, path + ("shadow", "roster", j), f"unknown Shadow profile {p!r}")
                if t.shadow.reinforcements:
                    for j, p in enumerate(t.shadow.reinforcements.every_turn):
                        problems.check(p in shadow.profiles, doc,
                                       path + ("shadow", "reinforcements", "every_turn", j), f"unknown Shadow profile {p!r}")
                if t.victory.kind == "slay":
                    problems.check(t.victory.profile in t.shadow.roster, doc, path + ("victory",),
                                   "the Trial must field the profile to slay")
            if t.victory.kind == "salt":
                problems.check(any(o.kind == "grave" for o in t.objects), doc, path + ("objects",), "no graves to salt")
            if t.victory.kind == "relic":
                problems.check(sum(o.kind == "relic" for o in t.objects) == 1, doc, path + ("objects",), "exactly one relic")
            if t.victory.kind == "vigil":
                problems.check(t.chapel is not None, doc, path, "a vigil needs its chapel area")
            if tables:
                for f, rows in (("season", tables.season), ("light", tables.light), ("weather", tables.weather)):
                    v = getattr(t, f)
                    problems.check(v == "roll" or v in {r.key for r in rows}, doc, path + (f,),
                                   f"{f} is 'roll' or one of {', '.join(r.key for r in rows)}")
            if locale_doc is not None:
                problems.check(isinstance(names, dict) and isinstance(names.get(t.key), dict)
                               and bool(names[t.key].get("name")), doc, path + ("key",),
                               f"Trial {t.key!r} has no name in {locale_doc.file.name} (trial.{t.key}.name)")
        problems.check(sorted(by_number) == list(range(1, len(by_number) + 1)), doc, ("trials",),
                       "Trials are numbered 1, 2, 3, … without holes")
        problems.check(any(t.versus for t in by_number.values()), doc, ("trials",), "no Trial is playable in versus")
    problems.raise_if_any()
    return GameData(rules, rec, lore, companies, shadow, tables, by_number, locale)
