"""The Book of Ordeals state: characters on a measured table, the Act in progress,
the Trial's objectives, and the RNG. Slotted; `clone` copies what can change.

Characters are indexed by their position in `chars` (stable for the whole game;
reinforcements are appended). Their ids are strings for the screen ("a1", "b3", "s4").
`Stats` are fixed at recruitment and shared between clones; `Char` holds what changes.
Sides: 0 = the first Company (the players), 1 = the Shadow or, in versus, the second
Company. `seat_side[seat]` says which side a seat plays; `owner` which seat runs a
character (-1: the Shadow, run by the rules).
"""
from __future__ import annotations

from typing import NamedTuple

from ...core.rng import RNG


class Stats(NamedTuple):
    key: str              # Shadow profile key or "member"
    name: str
    might: int
    aim: int
    pace: int
    ward: int             # armour and Lore included (BO-013, BO-114, BO-116)
    grit: int
    melee: str
    ranged: str | None
    reach: float          # 0: none; Assault from up to this far (BO-116)
    melee_damage: int     # great weapon +1 (BO-113)
    no_fire: bool
    range: float          # 0: no ranged weapon
    fire_damage: int
    fire_cost: int
    wind: bool            # range −3" in wind
    knock_down: int       # 4, or 5 when Stout
    brawler: int
    sight_bonus: int      # Keen-Eyed
    hides: int            # Hide per Act (Stalker: 2)
    stalker: bool
    leader: int           # initiative bonus
    rope: bool
    lantern: bool
    draughts: int
    no_climb: bool
    no_use: bool
    always_lit: bool
    behaviour: str        # brute, skirmisher, lurker; "" for Company characters
    value: int            # Supplies value (BO-171 victory by value)
    boss: bool
    armour: str | None
    items: tuple
    lore: tuple


class Char:
    __slots__ = ("id", "side", "owner", "st", "x", "y", "z", "on", "harm", "tired", "down",
                 "hidden", "guard", "ooa", "lit", "deployed", "draughts", "carrying")

    def clone(self) -> "Char":
        o = Char.__new__(Char)
        o.id, o.side, o.owner, o.st = self.id, self.side, self.owner, self.st
        o.x, o.y, o.z, o.on = self.x, self.y, self.z, self.on
        o.harm, o.tired, o.down, o.hidden, o.guard = self.harm, self.tired, self.down, self.hidden, self.guard
        o.ooa, o.lit, o.deployed, o.draughts, o.carrying = self.ooa, self.lit, self.deployed, self.draughts, self.carrying
        return o

    @property
    def pos(self):
        return (self.x, self.y)

    @property
    def in_play(self) -> bool:
        return self.deployed and not self.ooa

    def to_json(self) -> dict:
        return {"id": self.id, "side": self.side, "owner": self.owner, "key": self.st.key,
                "name": self.st.name, "x": self.x, "y": self.y, "z": self.z,
                "on": self.on, "harm": self.harm, "tired": self.tired, "down": self.down,
                "hidden": self.hidden, "guard": self.guard, "ooa": self.ooa, "lit": self.lit,
                "deployed": self.deployed, "draughts": self.draughts, "carrying": self.carrying}


def new_char(cid: str, side: int, owner: int, st: Stats) -> Char:
    c = Char.__new__(Char)
    c.id, c.side, c.owner, c.st = cid, side, owner, st
    c.x = c.y = 0.0
    c.z = 0.0
    c.on = -1
    c.harm = 0
    c.tired = c.down = c.hidden = c.guard = c.ooa = False
    c.lit = st.always_lit
    c.deployed = False
    c.draughts = st.draughts
    c.carrying = False
    return c


_PLAIN = ("n", "mode", "trial", "turn", "stage", "season", "light", "weather", "sight",
          "lightning", "act", "spent", "moves", "assaulted", "fired", "aimed", "hides", "aided",
          "first_side", "next_side", "pending", "relic_at", "relic_holder", "last_seen",
          "deploy_i", "res", "dec", "reinforced", "names")


class State:
    __slots__ = _PLAIN + ("chars", "seat_side", "deploy_order", "graves", "rng", "counts", "tray",
                          "fog", "ghosts", "seen_tray")

    def clone(self) -> "State":
        o = State.__new__(State)
        for f in _PLAIN:
            setattr(o, f, getattr(self, f))
        o.chars = [c.clone() for c in self.chars]
        o.seat_side = list(self.seat_side)
        o.deploy_order = list(self.deploy_order)
        o.graves = [list(g) for g in self.graves]
        o.counts = dict(self.counts)
        o.tray = list(self.tray)
        if fogged(self):
            o.fog, o.ghosts, o.seen_tray = True, dict(self.ghosts), list(self.seen_tray)
        else:
            o.fog, o.ghosts, o.seen_tray = False, {}, []
        o.rng = self.rng.clone()
        return o

    def snapshot(self) -> dict:
        out = {f: getattr(self, f) for f in _PLAIN if f not in ("res", "dec", "names")}
        for k in ("pending", "relic_at", "last_seen"):
            v = out[k]
            out[k] = list(v) if isinstance(v, tuple) else v
        out["chars"] = [c.to_json() for c in self.chars]
        out["seat_side"] = list(self.seat_side)
        out["deploy_order"] = list(self.deploy_order)
        out["graves"] = [list(g) for g in self.graves]
        out["counts"] = dict(self.counts)
        out["tray"] = list(self.tray)
        out["result"] = None if self.res is None else {"winners": list(self.res.winners),
                                                       "side": self.res.side, "reason": self.res.reason}
        out["rng"] = self.rng.to_json()
        if fogged(self):          # only then: a game without fog keeps its digests
            out["fog"] = True
            out["ghosts"] = {str(k): list(v) for k, v in sorted(self.ghosts.items())}
            out["seen_tray"] = list(self.seen_tray)
        return out


def fogged(s) -> bool:
    """Whether fog of war is on. A State built field by field elsewhere (an agent's
    determinized copy of a view without fog) may leave the fog slots unset: no fog."""
    return getattr(s, "fog", False)


def new_state(n: int, mode: str, trial: int, seed: int) -> State:
    s = State.__new__(State)
    for f in _PLAIN:
        setattr(s, f, None)
    s.n, s.mode, s.trial = n, mode, trial
    s.turn = 0
    s.stage = "deploy"
    s.lightning = False
    s.act = -1
    s.spent = s.moves = s.hides = 0
    s.assaulted = s.fired = s.aimed = s.aided = False
    s.relic_holder = -1
    s.deploy_i = 0
    s.reinforced = 0
    s.chars = []
    s.seat_side = []
    s.deploy_order = []
    s.graves = []
    s.counts = {}
    s.tray = []           # every die and random pick of the last step (the dice tray)
    s.fog = False         # fog of war (solo option, §4.7): the Company sees only what it sees
    s.ghosts = {}         # fog: Shadow index -> (x, y, z, on, harm) where the Company last saw it
    s.seen_tray = []      # fog: the dice of the last step's rolls the Company saw
    s.rng = RNG(seed)
    return s
