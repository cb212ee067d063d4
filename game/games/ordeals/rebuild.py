"""The state behind an open view (every position public; only the dice to come unknown):
what the agents search on, and what the fog-of-war determinizer (fog.py) starts from
before it places the Shadow characters the Company cannot see. Its own module so that
ai.py and fog.py both use it without importing each other."""
from __future__ import annotations

from ...core.rng import RNG
from .state import Char, State, Stats


def determinize(R, view, seat, rng) -> State:
    """A State equal to the one behind `view` but for the RNG."""
    s = State.__new__(State)
    s.n = view["players"]
    s.mode = view["mode"]
    s.trial = view["trial"]["number"]
    s.turn = view["turn"]
    s.stage = view["stage"]
    s.season, s.light, s.weather = view["season"], view["light"], view["weather"]
    s.sight, s.lightning = view["sight"], view["lightning"]
    a = view["act"]
    s.act = -1 if a is None else a["index"]
    s.spent = 0 if a is None else a["spent"]
    s.moves = 0 if a is None else a["moves"]
    s.aimed = False if a is None else a["aimed"]
    s.counts = {} if a is None else dict(a["counts"])
    s.hides = 0
    s.assaulted = s.fired = s.aided = False
    s.first_side, s.next_side = view["first_side"], view["next_side"]
    f = view["flow"]
    p = f["pending"]
    if p is not None and s.stage == "initiative":
        p = (p[0], tuple(p[1]))
    elif p is not None:
        p = tuple(p)
    s.pending = p
    s.deploy_order = list(f["deploy_order"])
    s.deploy_i = f["deploy_i"]
    s.last_seen = None if f["last_seen"] is None else tuple(f["last_seen"])
    rel = view["relic"]
    s.relic_at = None if rel is None or rel["at"] is None else tuple(rel["at"])
    s.relic_holder = -1 if rel is None else rel["holder"]
    s.graves = [list(g) for g in view["graves"]]
    s.seat_side = list(view["seat_side"])
    s.reinforced = 0
    s.names = []
    s.tray = list(view["tray"])
    s.res = None
    s.dec = None
    s.fog, s.ghosts, s.seen_tray = False, {}, []    # fog of war: fog.determinize sets them
    s.chars = []
    for cv in view["chars"]:
        d = dict(cv["stats"])
        d["items"], d["lore"] = tuple(d["items"]), tuple(d["lore"])
        c = Char.__new__(Char)
        c.id, c.side, c.owner, c.st = cv["id"], cv["side"], cv["owner"], Stats(**d)
        c.x, c.y, c.z, c.on = cv["x"], cv["y"], cv["z"], cv["on"]
        c.harm, c.tired, c.down, c.hidden, c.guard = cv["harm"], cv["tired"], cv["down"], cv["hidden"], cv["guard"]
        c.ooa, c.lit, c.deployed, c.draughts, c.carrying = cv["ooa"], cv["lit_flag"], cv["deployed"], cv["draughts"], cv["carrying"]
        s.chars.append(c)
    s.rng = RNG(rng.getrandbits(64) if hasattr(rng, "getrandbits") else rng.fork())
    return s
