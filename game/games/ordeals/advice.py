"""The Hint's and the review's part of the Book of Ordeals (game/ai/advice.py): the hard
search's score is the Trial's outcome (±WIN) or the Company's standing in Supplies
(losses, Harm, the objective), read as a chance through a logistic curve (100 Supplies ahead: about 77 %); a Fire or an
Assault reads as its odds on the D12s (from the view, as the table's preview shows
them), a Move as how many Foes would see the character where it stops."""
from __future__ import annotations

import math

from ...ai.advice import GameAdvice
from .ai import WIN
from .geometry import dist, edge_dist, point_in_poly, point_poly_dist
from .odds import preview
from .words import char_name, deed_word, terrain_word, word
from ...core.i18n import t

TOWARD = 0.5     # inches nearer a Foe (or farther) before a Move is worded as toward (away)


def _rules():
    from . import SPEC
    return SPEC.ruleset()


def _acting(view):
    act = view.get("act")
    return None if act is None else act.get("index")


def _map(view):
    return _rules().maps[view["trial"]["number"]]


def _foes(view, me) -> list:
    """The Foes of `me` that this seat sees on the table."""
    return [o for o in view["chars"] if o["side"] != me["side"] and o["deployed"] and not o["ooa"]
            and o.get("seen", True)]


def _foes_seeing(view, i, x, y) -> int:
    m = _map(view)
    me = view["chars"][i]
    return sum(1 for o in _foes(view, me)
               if m.los((o["x"], o["y"]), o["on"], (x, y), me["on"], o["z"], me["z"]))


def _cover_word(m, p, on) -> str | None:
    """Where the point stands in cover, in words: inside woods, by an obstacle (within the
    cover range), or against a blocking piece (not the one stood on); None in the open."""
    for i in m.woods:
        if point_in_poly(p, m.pieces[i].poly):
            return t("advice.label.ordeals.into_woods", piece=terrain_word(m.pieces[i].name))
    near = [(point_poly_dist(p, m.pieces[i]), i) for i in m.obstacles
            if point_poly_dist(p, m.pieces[i]) <= m.r + m.cover_range]
    near += [(point_poly_dist(p, m.pieces[i]), i) for i in m.blocking
             if i != on and point_poly_dist(p, m.pieces[i]) <= m.r + 0.1]
    if not near:
        return None
    return t("advice.label.ordeals.by_cover", piece=terrain_word(m.pieces[min(near)[1]].name))


def _heading(view, me, start, end) -> str | None:
    """Toward, away from or into combat with the Foe nearest the Move's end (one the seat
    sees); None when no Foe is seen or the Move keeps its distance."""
    foes = _foes(view, me)
    if not foes:
        return None
    foe = min(foes, key=lambda o: dist(end, (o["x"], o["y"])))
    at = (foe["x"], foe["y"])
    name = char_name(foe, view["chars"])
    if edge_dist(end, at) <= _map(view).engage + 0.01:
        return t("advice.label.ordeals.engage", foe=name)
    nearer = dist(start, at) - dist(end, at)
    if abs(nearer) < TOWARD:
        return None
    return t("advice.label.ordeals.toward" if nearer > 0 else "advice.label.ordeals.away", foe=name)


# the eight ways on the screen (the table is drawn x to the right, y down), from x's way round
BEARINGS = ("right", "down_right", "down", "down_left", "left", "up_left", "up", "up_right")


def _bearing(start, end) -> str:
    """Which way a Move goes on the screen, to the nearest eighth of a turn."""
    turn = math.atan2(end[1] - start[1], end[0] - start[0]) / (2 * math.pi)
    return t("advice.label.ordeals.bearing." + BEARINGS[round(turn * 8) % 8])


def move_words(view, i, x, y) -> str:
    """A Move in a player's words, from the seat's view: how far and which way on the
    screen it goes (in a straight line), toward or away from which Foe, and into which
    cover (or the open): two good Moves seldom read the same."""
    me = view["chars"][i]
    start, end = (me["x"], me["y"]), (x, y)
    parts = [_bearing(start, end), _heading(view, me, start, end),
             _cover_word(_map(view), end, me["on"]) or t("advice.label.ordeals.open")]
    return t("advice.label.ordeals.move", name=char_name(me, view["chars"]), inches=round(dist(start, end), 1),
             where=t("advice.label.ordeals.joiner").join(p for p in parts if p))


def deploy_words(view, x, y) -> str:
    """A deployment point in a player's words: the third of the table as the screen shows
    it (left, middle, right) and the cover there."""
    m = _map(view)
    third = ("left", "middle", "right")[min(2, int(3 * x / m.w))]
    cover = _cover_word(m, (x, y), -1) or t("advice.label.ordeals.open")
    return t("advice.label.ordeals.deploy", side=t(f"advice.label.ordeals.{third}"), where=cover)


def reason(view, decision, action, value):
    """The move's own odds or sight lines; else its estimated standing in Supplies (the
    win chance beside it says the same in per cent, and the Hint's row holds two lines)."""
    found = _reason(view, action)
    if found is not None or value is None or abs(value) >= WIN / 2:
        return found
    return "advice.ordeals.ahead" if value >= 0 else "advice.ordeals.behind", {"n": round(abs(value))}


def _reason(view, action):
    verb = action[0]
    i = _acting(view)
    if i is None:
        return None
    if verb in ("fire", "assault") and len(action) > 1 and isinstance(action[1], int):
        p = preview(_rules(), view, i, action[1])
        if p.odds is None:
            return None
        target = _name(view, action[1])
        key = "advice.ordeals.fire_cover" if p.cover and verb == "fire" else f"advice.ordeals.{verb}"
        return key, {"target": target, "p": round(100 * float(p.odds.win))}
    if verb == "move" and len(action) >= 3:
        n = _foes_seeing(view, i, action[1], action[2])
        return ("advice.ordeals.move_unseen", {}) if n == 0 else ("advice.ordeals.move_seen", {"n": n})
    if verb == "guard":
        return "advice.ordeals.guard", {}
    return None


def _name(view, i) -> str:
    chars = view.get("chars") or []
    return char_name(chars[i], chars) if isinstance(i, int) and 0 <= i < len(chars) else "?"


def label(view, kind, action, names):
    verb = action[0]
    i = _acting(view)
    if verb == "act" and len(action) > 1:
        return t("advice.label.ordeals.act", name=_name(view, action[1]))
    if verb == "move" and len(action) >= 3 and i is not None:
        return move_words(view, i, action[1], action[2])
    if verb == "deploy" and len(action) >= 3:
        return deploy_words(view, action[1], action[2])
    if verb in ("fire", "assault", "aid") and len(action) > 1:
        return t(f"advice.label.ordeals.{verb}", target=_name(view, action[1]))
    if verb == "use" and len(action) > 1:        # as the table's button says it
        return t("ordeals.table.deed_at", deed=deed_word("use"), target=word(action[1]))
    if verb == "climb" and len(action) > 1:
        return t("ordeals.table.climb_down" if action[1] == -1 else "ordeals.table.climb_up", deed=deed_word("climb"))
    if verb in ("guard", "end", "aim", "hide", "stand", "push", "stay"):
        return t(f"advice.label.ordeals.{verb}")
    return None


def chance(value: float) -> float:
    # a Trial won is WIN (1,000), lost -WIN; a standing is tens to a few hundred Supplies
    # (a character's worth is about 100): 100 Supplies ahead reads as about 77 %
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, value / (WIN / 12)))))


ADVICE = GameAdvice(budget=100, chance=chance, reason=reason, review_budget=60, label=label)
