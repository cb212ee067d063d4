"""The odds of a Book of Ordeals roll, exactly, for the table's hover preview (no pygame).

An opposed roll (BO-012, BO-131, BO-133, BO-197): each side rolls a D12 and adds its
stat; the attacker rolls two and keeps the higher with Advantage, the lower with
Disadvantage (one of each cancels, as in `OrdealsRules.roll_die(adv - dis)`). The higher
total wins by the margin; equal totals do nothing (BO-G07).

    opposed(a_bonus=2, d_bonus=1, adv=0)  -> Odds(win, tie, lose) as Fractions summing to 1
    preview(R, view, i, j)                 -> Preview: distance, line of sight, cover, range,
                                              which roll (fire or assault), its modifiers and Odds

`preview` reads only the view a seat was given (positions, stats, statuses) and the
Trial's map, so it never sees more than the player does.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple


class Odds(NamedTuple):
    win: Fraction      # the attacker's total is higher
    tie: Fraction      # equal totals: no effect
    lose: Fraction     # the defender's total is higher


def kept_die(adv: int, sides: int = 12) -> list:
    """P(kept face = k) for k = 1..sides: one die (adv 0), the higher of two (adv > 0) or
    the lower of two (adv < 0)."""
    n = sides
    if adv == 0:
        return [Fraction(1, n)] * n
    if adv > 0:
        return [Fraction(2 * k - 1, n * n) for k in range(1, n + 1)]
    return [Fraction(2 * (n - k) + 1, n * n) for k in range(1, n + 1)]


def opposed(a_bonus: int, d_bonus: int, adv: int = 0, sides: int = 12) -> Odds:
    """The exact odds of kept attacker die + a_bonus against a plain defender die + d_bonus.
    `adv` is Advantage minus Disadvantage (only its sign counts)."""
    pa = kept_die((adv > 0) - (adv < 0), sides)
    pd = kept_die(0, sides)
    win = tie = Fraction(0)
    for a in range(1, sides + 1):
        ta = a + a_bonus
        for d in range(1, sides + 1):
            td = d + d_bonus
            if ta > td:
                win += pa[a - 1] * pd[d - 1]
            elif ta == td:
                tie += pa[a - 1] * pd[d - 1]
    return Odds(win, tie, 1 - win - tie)


class Preview(NamedTuple):
    purpose: str | None      # "fire", "assault" or None (no attack possible at all)
    distance: float          # base edge to base edge, inches
    los: bool
    cover: bool              # the target is in cover from the attacker (BO-103)
    shrouded: bool           # beyond the attacker's Sight and not lit (BO-151)
    in_range: bool           # within the weapon's range (fire) or Reach (assault)
    possible: bool           # the roll could be made from here (range, LoS, Sight, level)
    advantage: int
    disadvantage: int
    a_bonus: int
    d_bonus: int
    odds: Odds | None
    reasons: tuple           # why Advantage / Disadvantage: ("aimed",) ("cover",) ("engaged",) ("rain",)


def _sees(R, view, a, b) -> bool:
    m = R.maps[view["trial"]["number"]]
    return m.los((a["x"], a["y"]), a["on"], (b["x"], b["y"]), b["on"], a["z"], b["z"])


def _lit_near(R, view, t, a) -> bool:
    """BO-152 as rules.lit_near: a light counts only where the observer `a` sees it."""
    if t["lit"] and _sees(R, view, a, t):
        return True
    lim = R.R.lantern_radius + R.R.base
    return any(o["lit"] and o.get("seen", True) and o["deployed"] and not o["ooa"]
               and math.hypot(o["x"] - t["x"], o["y"] - t["y"]) <= lim
               and (o is a or _sees(R, view, a, o)) for o in view["chars"])


def shrouded(R, view, a, t) -> bool:
    """BO-151 from a view: `t` beyond `a`'s Sight, not lit nor near a light `a` sees, no lightning."""
    d = math.hypot(a["x"] - t["x"], a["y"] - t["y"]) - R.R.base
    if d <= R.R.always_see + 1e-9 or view.get("lightning"):
        return False
    if d <= a["sight"] + 1e-9:
        return False
    return not _lit_near(R, view, t, a)


def preview(R, view, i: int, j: int) -> Preview:
    """What character i's attack on character j would be, from `view` alone: an Assault
    when j is within Reach on the same level, else a Fire when i has a ranged weapon."""
    a, t = view["chars"][i], view["chars"][j]
    rr = R.R
    m = R.maps[view["trial"]["number"]]
    pa, pt = (a["x"], a["y"]), (t["x"], t["y"])
    dist = max(0.0, math.hypot(pa[0] - pt[0], pa[1] - pt[1]) - rr.base)
    los = m.los(pa, a["on"], pt, t["on"], a["z"], t["z"])
    cover = m.in_cover(pa, a["on"], pt, t["on"], a["z"], t["z"])
    shr = shrouded(R, view, a, t)
    st = a["stats"]
    reach = max(rr.engage, st["reach"])
    same_level = abs(a["z"] - t["z"]) <= 1.0
    hid = rr.hidden_bonus if a["hidden"] else 0
    if same_level and dist <= reach + 1e-6:
        down = rr.down_might if a["down"] else 0
        tdown = rr.down_might if t["down"] else 0
        ab = a["might"] + down + st["brawler"] + hid
        db = t["might"] + tdown + t["stats"]["brawler"]
        return Preview("assault", dist, los, cover, shr, True, True, 0, 0, ab, db,
                       opposed(ab, db, 0, rr.dice_sides), ())
    if a["range"] and not st["no_fire"]:
        act = view.get("act")
        reasons = []
        adv = 1 if act is not None and act["index"] == i and act["aimed"] else 0
        if adv:
            reasons.append("aimed")
        dis = 0
        if cover:
            dis, _ = 1, reasons.append("cover")
        else:
            lim = rr.base + rr.engage + 1e-6
            if any(o["side"] == a["side"] and o["deployed"] and not o["ooa"] and k != i and
                   abs(o["z"] - t["z"]) <= 1.0 and math.hypot(o["x"] - t["x"], o["y"] - t["y"]) <= lim
                   for k, o in enumerate(view["chars"])):
                dis, _ = 1, reasons.append("engaged")
            elif view.get("weather") == "rain" and dist > rr.rain_far:
                dis, _ = 1, reasons.append("rain")
        ab = a["aim"] + hid
        db = t["might"] + (rr.down_might if t["down"] else 0)
        in_range = dist <= a["range"] + 1e-9
        ok = in_range and los and not shr and not (t["hidden"] and cover)
        return Preview("fire", dist, los, cover, shr, in_range, ok, adv, dis, ab, db,
                       opposed(ab, db, adv - dis, rr.dice_sides), tuple(reasons))
    return Preview(None, dist, los, cover, shr, False, False, 0, 0, 0, 0, None, ())
