"""Fog of war: the optional solo setting of §4.7 (option `fog`, off by default).

The Company sees a Shadow character only while at least one of its characters can see
it: in line of sight and within Sight, or lit (near a light it sees, BO-152; in
lightning), or Engaged with it (`seen`). Everything else about the table stays public.

- The view (view.py) lists an unseen Shadow character without its true place: `seen`
  False, its place and Harm where the Company last saw it (`ghost` True), or not on the
  table at all if it was never seen (a reinforcement that entered out of sight: entry
  points are rolled when they happen, §4.7).
- Events (`FogLog`, the list `apply` fills): an event about an unseen Shadow character is
  for nobody (`to=()`); an attack from the dark (a roll against a Company member) is told,
  marked `barrier` (it shows something that was hidden); a reinforcement that enters
  unseen is told without its place. The view's dice tray shows only the dice of rolls the
  Company saw (`seen_tray`).
- `perturb` moves unseen Shadow characters to other places where they stay unseen (and
  changes their Harm and the dice to come), for the contract's indistinguishability check.
- `determinize` rebuilds a state from a fogged view: unseen characters at their last-seen
  place when that is still out of sight, else at another unseen place.
"""
from __future__ import annotations

import math

from ...core.rules import Event

_tuple_new = tuple.__new__
_IDS = ("piece", "attacker", "defender", "by")
_PARAM_IDS = ("actor", "target", "piece")


def seen(R, s) -> set:
    """Indices of the in-play Shadow characters at least one Company character sees."""
    comp = [c for c in s.chars if c.side == 0 and c.in_play]
    lim = R.engage_c + 1e-6
    out = set()
    for j, t in enumerate(s.chars):
        if t.side != 1 or not t.in_play:
            continue
        for c in comp:
            if abs(c.z - t.z) <= 1.0 and math.hypot(c.x - t.x, c.y - t.y) <= lim:
                out.add(j)
                break
            if not R.shrouded(s, c, t) and R.los(s, c, t):
                out.add(j)
                break
    return out


def remember(s, idx) -> None:
    """The Company's last sight of these Shadow characters is where they are now."""
    for k in idx:
        c = s.chars[k]
        s.ghosts[k] = (round(c.x, 2), round(c.y, 2), c.z, c.on, c.harm)


def after_step(R, s) -> None:
    remember(s, seen(R, s))


def _ids_in(data) -> list:
    out = [data[k] for k in _IDS if isinstance(data.get(k), str)]
    params = data.get("params")
    if isinstance(params, dict):
        out += [params[k] for k in _PARAM_IDS if isinstance(params.get(k), str)]
    return out


class FogLog(list):
    """The events of one step under fog: each is veiled when it is added, by what the
    Company sees at that moment (a character that walks out of sight is told up to
    where it was last seen)."""

    def __init__(self, R, s):
        super().__init__()
        self.R, self.s = R, s
        self.by_id = {c.id: i for i, c in enumerate(s.chars)}
        self.start = seen(R, s)
        s.seen_tray = []

    def _index(self, cid):
        i = self.by_id.get(cid)
        if i is None:
            self.by_id = {c.id: k for k, c in enumerate(self.s.chars)}
            i = self.by_id.get(cid)
        return i

    def append(self, ev) -> None:
        kind, data, to = ev
        if to is None:
            ev = self._veil(kind, data, ev)
        if ev.to is None and kind == "roll":
            for k in ("a_dice", "d_dice", "dice"):
                v = data.get(k)
                if isinstance(v, list):
                    self.s.seen_tray.extend(v)
        list.append(self, ev)

    def extend(self, evs) -> None:
        for e in evs:
            self.append(e)

    def __iadd__(self, evs):
        self.extend(evs)
        return self

    def insert(self, k, ev) -> None:
        raise TypeError("events under fog are veiled in order: append them")

    def _veil(self, kind, data, ev):
        s = self.s
        idx = [self._index(cid) for cid in _ids_in(data)]
        shadow = [i for i in idx if i is not None and s.chars[i].side == 1 and s.chars[i].in_play]
        if not shadow:
            return ev
        now = seen(self.R, s)
        hidden = [i for i in shadow if i not in now]
        company = any(i is not None and s.chars[i].side == 0 for i in idx)
        if not hidden:
            remember(s, shadow)
            if any(i not in self.start for i in shadow):
                return _tuple_new(Event, (kind, {**data, "barrier": True}, None))
            return ev
        if kind == "roll" and company:
            # an attack out of the dark: who, and the dice, but not where from
            return _tuple_new(Event, (kind, {**data, "barrier": True}, None))
        if kind == "push" and company and all(i in self.start for i in shadow):
            remember(s, shadow)           # the Company shoved it there and saw where it went
            return ev
        if kind == "log" and data.get("key") == "ordeals.log.reinforce":
            return _tuple_new(Event, ("log", {"key": "ordeals.fogged.reinforce",
                                              "params": dict(data.get("params") or {})}, None))
        return _tuple_new(Event, (kind, data, ()))


def char_entry(R, s, i, out: dict, now: set) -> dict:
    """A character's view entry under fog: as it is if seen (or not a Shadow character
    in play), else its last-seen place and Harm, without its statuses."""
    c = s.chars[i]
    if c.side != 1 or not c.in_play or i in now:
        out["seen"] = True
        out["ghost"] = False
        return out
    g = s.ghosts.get(i)
    out.update({"seen": False, "ghost": g is not None, "deployed": g is not None,
                "x": g[0] if g else 0.0, "y": g[1] if g else 0.0, "z": g[2] if g else 0.0,
                "on": g[3] if g else -1, "harm": g[4] if g else 0,
                "tired": False, "down": False, "hidden": False, "guard": False, "lit": False,
                "lit_flag": False, "engaged": False, "carrying": False, "ward": c.st.ward})
    return out


# ------------------------------------------------------------------ contract helpers
def _spot_ok(R, s, k, p, want: set, z: float = 0.0, on: int = -1, subset: bool = False) -> bool:
    """Put Shadow character k at p (on the ground, or on top of piece `on`) if it may
    stand there and the Company then sees exactly `want` (with `subset`: nothing
    beyond `want`); else leave it."""
    c = s.chars[k]
    m = R.map(s)
    if not m.on_table(p):
        return False
    if not m.can_stand(p, R.others_for(s, k, on), on=on):
        return False
    old = (c.x, c.y, c.z, c.on)
    c.x, c.y, c.z, c.on = p[0], p[1], z, on
    now = seen(R, s)
    ok = now <= want if subset else now == want
    if not ok:
        c.x, c.y, c.z, c.on = old
    return ok


def _random_spot(R, s, rng_float):
    m = R.map(s)
    r = R.sides_r + 0.05
    return (round(r + (m.w - 2 * r) * rng_float(), 2), round(r + (m.h - 2 * r) * rng_float(), 2))


def perturb(R, s, rng):
    """Unseen Shadow characters elsewhere (still unseen, nothing else seen differently),
    with other Harm; the caller forks the dice to come."""
    want = seen(R, s)
    for k, c in enumerate(s.chars):
        if c.side != 1 or not c.in_play or k in want:
            continue
        for _ in range(40):
            if _spot_ok(R, s, k, _random_spot(R, s, rng.random), want):
                break
        c.harm = rng.below(c.st.grit)
    return s


def determinize(R, view, seat, rng, base):
    """A state behind a fogged view: `base(view)` builds it with every character where
    the view shows it (unseen ones at their last-seen place or off the table); then each
    unseen one is put where the Company cannot see it, its last-seen place if possible."""
    s = base(view)
    s.fog = True
    s.seen_tray = list(view["tray"])
    s.ghosts = {}
    for cv in view["chars"]:
        i = cv["index"]
        if cv["side"] == 1 and (cv.get("seen", True) or cv.get("ghost")):
            s.ghosts[i] = (cv["x"], cv["y"], cv["z"], cv["on"], cv["harm"])
    unseen = [cv["index"] for cv in view["chars"] if cv["side"] == 1 and not cv.get("seen", True)]
    placed_by_now = set(s.deploy_order[:s.deploy_i]) if s.stage == "deploy" else None
    todo = []
    for k in unseen:
        c = s.chars[k]
        c.deployed = False                # off the table while the others are placed
        if placed_by_now is None or k in placed_by_now:
            todo.append(k)
    want = {cv["index"] for cv in view["chars"]
            if cv["side"] == 1 and cv.get("seen", True) and cv["deployed"] and not cv["ooa"]}
    pick = rng.random if hasattr(rng, "random") else None
    for k in todo:
        c = s.chars[k]
        c.deployed = True
        c.x, c.y, c.z, c.on = -100.0, -100.0, 0.0, -1      # nowhere until a spot is found
        g = s.ghosts.get(k)
        if g is not None and _spot_ok(R, s, k, (g[0], g[1]), want, g[2], g[3], subset=True):
            continue
        near = g if g is not None else (R.map(s).w / 2, R.map(s).h / 2)
        done = False
        for step in range(1, 200):
            rad = 1.0 + step * 0.25
            ang = step * 2.399963
            p = (round(near[0] + math.cos(ang) * rad, 2), round(near[1] + math.sin(ang) * rad, 2))
            if _spot_ok(R, s, k, p, want, subset=True):
                done = True
                break
        if not done and pick is not None:
            for _ in range(200):
                if _spot_ok(R, s, k, _random_spot(R, s, pick), want, subset=True):
                    done = True
                    break
        if not done:
            c.deployed = False            # nowhere out of sight: left off the guess
    s.dec = None
    return s


def determinize_view(R, view, seat, rng):
    """The game's determinizer: the agents' plain rebuild (rebuild.determinize) for an open
    table, then, under fog, unseen Shadow characters put out of the Company's sight."""
    from .rebuild import determinize as plain
    if not view.get("fog"):
        return plain(R, view, seat, rng)
    return determinize(R, view, seat, rng, lambda v: plain(R, v, seat, rng))
