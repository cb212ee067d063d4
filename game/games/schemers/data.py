"""Loading and checking data/schemers/*.yaml.

Every problem is collected with ``file:line: path: what`` (game.core.data), all of
them at once. Cross-references are checked at load, never mid-game: a role name in a
deck or a block list must be one of the five roles, an action named in `blocks` or
`block_by` must be blockable, deck sizes must add up, and every mode's numbers must
fit its deck (enough cards to deal the largest table).
"""
from __future__ import annotations

from pathlib import Path
from typing import Literal, Optional

from pydantic import Field

from ...core.data import DataError, Problems, StrictModel, data_root, load_checked

ROLE_IDS = ("doge", "poisoner", "corsair", "fortune_teller", "plague_doctor")
POWERS = {"doge": "take", "poisoner": "poison", "corsair": "steal",
          "fortune_teller": "exchange", "plague_doctor": "none"}
BLOCKABLE = ("casino", "corsair", "poisoner")
MODE_IDS = ("standard", "intoccabile", "campanile", "rialto", "carnevale")
ADDON_IDS = ("taglia",)


# -- roles.yaml -----------------------------------------------------------------------
class RoleModel(StrictModel):
    id: str
    power: Literal["take", "poison", "steal", "exchange", "none"]
    amount: int = Field(0, ge=0, le=20)
    cost: int = Field(0, ge=0, le=20)
    draw: int = Field(0, ge=0, le=5)
    blocks: list[str] = []


class RolesFile(StrictModel):
    roles: list[RoleModel]


# -- decks.yaml -----------------------------------------------------------------------
class DeckModel(StrictModel):
    size: int = Field(ge=1, le=100)
    cards: dict[str, int]


class DecksFile(StrictModel):
    decks: dict[str, DeckModel]


# -- rules.yaml -----------------------------------------------------------------------
class CanalModel(StrictModel):
    cost: int = Field(ge=0, le=30)
    forced_at: int = Field(ge=1, le=100)


class UntouchableModel(StrictModel):
    role: str
    copies: int = Field(ge=1, le=3)
    clock_penalty: float = Field(ge=0, le=30)
    min_clock: float = Field(ge=0.5, le=30)
    timeout_claim: str
    untouchable_price_all_blocks: bool = False


class AuctionModel(StrictModel):
    tokens: int = Field(ge=0, le=50)
    cards_per_player: int = Field(ge=1, le=3)
    seconds: float = Field(gt=0, le=120)
    add_per_bid: float = Field(ge=0, le=60)
    clock_cap: float = Field(gt=0, le=120)
    opening_price: int = Field(ge=0, le=20)


class TagliaModel(StrictModel):
    collect_all: bool = True


class RulesFile(StrictModel):
    income: int = Field(ge=0, le=20)
    casino: int = Field(ge=0, le=20)
    canal: CanalModel
    block_by: dict[str, Literal["others", "target"]]
    refund_cost_on_failed_claim: bool = True
    untouchable: UntouchableModel
    auction: AuctionModel
    taglia: TagliaModel = TagliaModel()


# -- modes.yaml -----------------------------------------------------------------------
class ClockModel(StrictModel):
    default: Optional[int] = Field(ge=1, le=600)
    min: int = Field(ge=1, le=600)
    max: int = Field(ge=1, le=600)
    off_allowed: bool = True
    hotseat_default: Optional[int] = Field(default=None, ge=1, le=600)


class ModeModel(StrictModel):
    players: tuple[int, int]
    deck: str
    hand_size: int = Field(ge=1, le=4)
    start_ducats: int = Field(ge=0, le=50)
    clock: ClockModel
    addons: list[str] = []
    untouchable: bool = False
    auction: bool = False


class ModesFile(StrictModel):
    modes: dict[str, ModeModel]
    default_mode: str
    addons: list[str]


class SchemersData:
    """Everything the rules need, validated; plain attributes for the hot path."""

    def __init__(self, roles: RolesFile, decks: DecksFile, rules: RulesFile, modes: ModesFile,
                 folder: Path):
        self.folder = folder
        self.roles = {r.id: r for r in roles.roles}
        self.decks = {k: dict(v.cards) for k, v in decks.decks.items()}
        self.deck_sizes = {k: v.size for k, v in decks.decks.items()}
        self.rules = rules
        self.modes = modes.modes
        self.default_mode = modes.default_mode
        self.addons = tuple(modes.addons)
        # derived: which roles may block each blockable action
        self.block_roles = {a: tuple(r.id for r in roles.roles if a in r.blocks) for a in BLOCKABLE}

    def summary(self) -> str:
        return f"{len(self.roles)} roles, {len(self.decks)} decks, {len(self.modes)} modes"


def load(folder: Path | None = None) -> SchemersData:
    """Load and cross-check the folder (default data/schemers); DataError lists every
    problem with file:line."""
    folder = Path(folder) if folder is not None else data_root() / "schemers"
    problems = Problems()
    docs, (roles, decks, rules, modes) = load_checked(
        folder, problems, roles=RolesFile, decks=DecksFile, rules=RulesFile, modes=ModesFile)
    if roles is not None:
        _check_roles(roles, docs["roles"], problems)
    if decks is not None:
        _check_decks(decks, docs["decks"], problems)
    if rules is not None:
        _check_rules(rules, docs["rules"], problems)
    if modes is not None:
        _check_modes(modes, decks, rules, docs["modes"], problems)
    problems.raise_if_any()
    return SchemersData(roles, decks, rules, modes, folder)


def _known(name, known) -> str:
    return f"unknown {name}; known: {', '.join(known)}"


def _check_every_one(given, known, what: str, missing: str, doc, path: tuple, problems: Problems) -> None:
    """`given` names each of `known` once over and nothing else: an unknown name is
    reported as an unknown `what`, a known one left out with `missing` (a format with
    the name's repr)."""
    for name in given:
        if name not in known:
            problems.add(doc, path + (name,), _known(f"{what} {name!r}", known))
    for name in known:
        if name not in given:
            problems.add(doc, path, missing.format(repr(name)))


def _check_roles(roles: RolesFile, doc, problems: Problems) -> None:
    seen = set()
    for i, role in enumerate(roles.roles):
        if role.id not in ROLE_IDS:
            problems.add(doc, ("roles", i, "id"), _known(f"role {role.id!r}", ROLE_IDS))
            continue
        if role.id in seen:
            problems.add(doc, ("roles", i, "id"), f"role {role.id!r} is listed twice")
        seen.add(role.id)
        if role.power != POWERS[role.id]:
            problems.add(doc, ("roles", i, "power"),
                         f"the {role.id} has power {POWERS[role.id]!r}, got {role.power!r}")
        for j, action in enumerate(role.blocks):
            if action not in BLOCKABLE:
                problems.add(doc, ("roles", i, "blocks", j),
                             _known(f"blockable action {action!r}", BLOCKABLE))
        if role.power in ("take", "steal") and role.amount < 1:
            problems.add(doc, ("roles", i, "amount"), "must be at least 1 for this power")
        if role.power == "exchange" and role.draw < 1:
            problems.add(doc, ("roles", i, "draw"), "the Fortune Teller must draw at least 1 card")
    for missing in (r for r in ROLE_IDS if r not in seen):
        problems.add(doc, ("roles",), f"role {missing!r} is missing")
    for action in BLOCKABLE:
        if not any(action in r.blocks for r in roles.roles):
            problems.add(doc, ("roles",), f"no role blocks {action!r}")


def _check_decks(decks: DecksFile, doc, problems: Problems) -> None:
    for name, deck in decks.decks.items():
        for role, count in deck.cards.items():
            if role not in ROLE_IDS:
                problems.add(doc, ("decks", name, "cards", role), _known(f"role {role!r}", ROLE_IDS))
            elif count < 1:
                problems.add(doc, ("decks", name, "cards", role), f"needs at least 1 copy, got {count}")
        for role in ROLE_IDS:
            if role not in deck.cards:
                problems.add(doc, ("decks", name, "cards"), f"role {role!r} is missing from the deck")
        total = sum(deck.cards.values())
        if total != deck.size:
            per = "+".join(str(v) for v in deck.cards.values())
            problems.add(doc, ("decks", name, "size"), f"the cards add up to {total} ({per}), not {deck.size}")


def _check_rules(rules: RulesFile, doc, problems: Problems) -> None:
    _check_every_one(rules.block_by, BLOCKABLE, "blockable action", "who may block {} is not said",
                     doc, ("block_by",), problems)
    if rules.untouchable.role not in ROLE_IDS:
        problems.add(doc, ("untouchable", "role"), _known(f"role {rules.untouchable.role!r}", ROLE_IDS))
    if rules.untouchable.timeout_claim not in ("doge",):
        problems.add(doc, ("untouchable", "timeout_claim"),
                     f"only 'doge' can be claimed automatically, got {rules.untouchable.timeout_claim!r}")
    if rules.canal.forced_at < rules.canal.cost:
        problems.add(doc, ("canal", "forced_at"),
                     f"forcing the Canal at {rules.canal.forced_at} ducats needs at least its cost "
                     f"({rules.canal.cost})")


def _check_modes(modes: ModesFile, decks: DecksFile | None, rules: RulesFile | None, doc,
                 problems: Problems) -> None:
    _check_every_one(modes.modes, MODE_IDS, "mode", "mode {} is missing", doc, ("modes",), problems)
    if modes.default_mode not in modes.modes:
        problems.add(doc, ("default_mode",), _known(f"mode {modes.default_mode!r}", list(modes.modes)))
    for j, addon in enumerate(modes.addons):
        if addon not in ADDON_IDS:
            problems.add(doc, ("addons", j), _known(f"add-on {addon!r}", ADDON_IDS))
    for name, mode in modes.modes.items():
        lo, hi = mode.players
        if not 2 <= lo <= hi <= 8:
            problems.add(doc, ("modes", name, "players"), f"expected 2 <= min <= max <= 8, got [{lo}, {hi}]")
        c = mode.clock
        if c.min > c.max:
            problems.add(doc, ("modes", name, "clock"), f"min {c.min} is above max {c.max}")
        for key in ("default", "hotseat_default"):
            value = getattr(c, key)
            if value is None and not c.off_allowed:
                problems.add(doc, ("modes", name, "clock", key), "this mode's clock cannot be off")
            elif value is not None and not c.min <= value <= c.max:
                problems.add(doc, ("modes", name, "clock", key),
                             f"{value} is outside {c.min}-{c.max} seconds")
        for j, addon in enumerate(mode.addons):
            if addon not in ADDON_IDS:
                problems.add(doc, ("modes", name, "addons", j), _known(f"add-on {addon!r}", ADDON_IDS))
        if mode.untouchable and mode.auction:
            problems.add(doc, ("modes", name), "a mode cannot be both untouchable and an auction")
        if mode.untouchable and lo < 3:
            problems.add(doc, ("modes", name, "players"), "L'Intoccabile needs at least 3 players (VC-040)")
        if mode.auction and lo < 3:
            problems.add(doc, ("modes", name, "players"), "Rialto needs at least 3 players (VC-070)")
        if decks is None:
            continue
        if mode.deck not in decks.decks:
            problems.add(doc, ("modes", name, "deck"), _known(f"deck {mode.deck!r}", list(decks.decks)))
            continue
        deck = decks.decks[mode.deck]
        size = sum(deck.cards.values())
        draw = 2
        need = hi * mode.hand_size + draw
        if rules is not None and mode.auction:
            need = max(need, hi * rules.auction.cards_per_player + draw)
            if rules.auction.cards_per_player != mode.hand_size:
                problems.add(doc, ("modes", name, "hand_size"),
                             f"the auction sells {rules.auction.cards_per_player} cards a player, "
                             f"but hands hold {mode.hand_size}")
        if size < need:
            problems.add(doc, ("modes", name, "deck"),
                         f"deck {mode.deck!r} has {size} cards; {hi} players need at least {need}")
        if mode.untouchable and rules is not None:
            u = rules.untouchable
            if deck.cards.get(u.role, 0) < u.copies:
                problems.add(doc, ("modes", name, "deck"),
                             f"the Untouchable needs {u.copies} {u.role} cards in deck {mode.deck!r}")
            if mode.hand_size != u.copies:
                problems.add(doc, ("modes", name, "hand_size"),
                             f"the Untouchable is dealt {u.copies} cards, so hands must hold {u.copies}")


__all__ = ["load", "SchemersData", "DataError", "ROLE_IDS", "MODE_IDS", "ADDON_IDS", "BLOCKABLE"]
