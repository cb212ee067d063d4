"""What the Dark Gothic table tells a newcomer (issue 25): which cards on offer you cannot pay
for and why (dimmed, the reason on hover, a message when you try to take one), the pool's
totals per colour with a glyph for each (colour-blind safe) and their sources on hover, the
words of the Shadows', the Omen die's and the Villain's tooltips, and what an Omen roll did.

Everything here reads the viewer's view and the static card data; nothing decides for the
rules. The table (table.py) calls these; the glyphs are drawn here so the pool, the Hero
cards and the tooltips' legend match.
"""
from __future__ import annotations

import pygame

from game.core.i18n import t
from game.ui.table import style

H = "dark_gothic.hint."
COLOURS = ("C", "U", "S", "W")
# a shape per colour, so the pool reads without telling red from green: Combat a blade
# (triangle), Cunning a diamond, Spirit a cross, Silver a ring (a coin)
GLYPH_CHARS = {"C": "▲", "U": "◆", "S": "✚", "W": "○"}


class PriceState:
    """The little of a state `rules.cost_of` reads, from a view (public information)."""
    __slots__ = ("villain", "center", "on_villain", "heroes")

    def __init__(self, view):
        self.villain, self.center = view["villain"], view["center"]
        self.on_villain = view["on_villain"]
        self.heroes = [p["hero"] for p in view["seats"]]


# ---------------------------------------------------------------- what you cannot pay for
def offered_zones(table) -> list:
    """The zones whose top card a purchase may take: the Center Line, the Training piles,
    the Hungry Dead and the Villain."""
    return [("center", i) for i in range(6)] + [("supply", k) for k in table.supply_ids
                                                 if k not in ("honor", "secrets")] + ["villain"]


def cost_words(parts) -> str:
    """"4 ▲ Combat + 2 ◆ Cunning (Cursed)"."""
    out = []
    for col, n, cursed in parts:
        part = f"{n} {GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)}"
        out.append(t("dark_gothic.art.tip_cursed", part=part) if cursed else part)
    return " + ".join(out)


def pool_words(pool) -> str:
    """"1 ▲ Combat, 2 ○ Silver": the pool's totals, colour by colour."""
    parts = [f"{n} {GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)}" for col, n, _src in pool_totals(pool) if n]
    return ", ".join(parts)


def refusals(table) -> dict:
    """{card id on offer: why you cannot take it now} while it is your turn (empty at any
    other time, and while the table still shows the turn before: its view lags while cards
    glide). Cached until the game moves on."""
    if (table.view or {}).get("active") != table.viewer:
        return {}
    ds = table.my_decisions() if table.is_human_viewer() else ()
    d = next((x for x in ds if x.kind in ("turn", "secret")), None)
    key = (len(table.match.log), table.viewer)
    cache = getattr(table, "_refusal_cache", None)
    if cache is not None and cache[0] == key and cache[1] is d:
        return cache[2]
    out = {} if d is None else _refusals(table, d)
    table._refusal_cache = (key, d, out)          # the decision itself: a new one is a new answer
    return out


def _refusals(table, d) -> dict:
    v = table.view_of(table.viewer)
    rules = table.match.rules
    tops = [tr["top"] for tr in v["training"].values() if tr["top"]]
    open_ = set(rules.on_offer(v["center"], tops, v["villain"], set(v["flags"])))
    price = PriceState(v)
    out = {}
    for key in [*v["center"], *tops, v["hungry_dead"], v["villain"]]:     # what the game offers now
        if key is None or ("buy", key) in d.actions:
            continue
        if d.kind == "secret":
            out[key] = t(H + "secret_first")
        elif key not in open_:
            out[key] = t(H + "no_allies")
        else:
            parts = rules.cost_of(price, key, d.seat)
            cost = cost_words(parts)
            out[key] = t(H + "short", cost=cost, pool=pool_words(v["pool"])) if v["pool"] \
                else t(H + "pool_empty", cost=cost)
            if any(col == "W" for col, _n, _cur in parts):
                out[key] += " " + t(H + "silver_one_colour")
    return out


def dim_unaffordable(table, surf) -> None:
    """A veil and a lock over each card on offer you cannot take now (its reason is on hover)."""
    why = refusals(table)
    if not why:
        return
    s = table.geo()[0]
    pool = table.view_of(table.viewer)["pool"]
    for zid in offered_zones(table):
        z = table.zones.get(zid)
        if z is None or not z.cards or z.cards[-1].key not in why:
            continue
        sp = z.cards[-1]
        if sp.dragging:
            continue
        r = sp.rect()
        veil = table.gfx.cached(("dg_veil", r.size), lambda r=r: _veil(r.size))
        surf.blit(veil, r.topleft)
        if not pool:                  # before anything is played every card would say so: the veil is enough
            continue
        lab = table.gfx.badge(t(H + "cannot_pay_badge"), max(11, int(16 * s)), fill=(30, 22, 26),
                              border=style.TEXT_DIM, color=style.TEXT)
        surf.blit(lab, lab.get_rect(center=(r.centerx, r.bottom - int(26 * s))))


def _veil(size) -> pygame.Surface:
    v = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(v, (6, 4, 8, 150), v.get_rect(), border_radius=max(4, size[0] // 14))
    return v


# ---------------------------------------------------------------- the pool's totals
def pool_totals(pool) -> list:
    """[(colour, total, [(source card or None, amount)…])] for Combat, Cunning, Spirit and
    Silver, in that order; a spent Silver orb counts as the colour it became."""
    out = {c: [0, []] for c in COLOURS}
    for col, n, src, _was_silver in pool:
        out[col][0] += n
        out[col][1].append((src, n))
    return [(c, out[c][0], out[c][1]) for c in COLOURS]


def glyph(surf, col: str, center, r: int, fill=None) -> None:
    """The colour's shape, filled with its colour (or `fill`) and outlined dark."""
    from .table import ORB
    x, y = center
    colour = fill or ORB[col]
    edge = (12, 8, 10)
    w = max(1, r // 4)
    if col == "C":
        pts = [(x, y - r), (x + r, y + int(r * 0.8)), (x - r, y + int(r * 0.8))]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, edge, pts, w)
    elif col == "U":
        pts = [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, edge, pts, w)
    elif col == "S":
        a = max(2, int(r * 0.36))
        for rect in (pygame.Rect(x - a, y - r, 2 * a, 2 * r), pygame.Rect(x - r, y - a, 2 * r, 2 * a)):
            pygame.draw.rect(surf, edge, rect.inflate(2 * w, 2 * w))
        for rect in (pygame.Rect(x - a, y - r, 2 * a, 2 * r), pygame.Rect(x - r, y - a, 2 * r, 2 * a)):
            pygame.draw.rect(surf, colour, rect)
    else:
        pygame.draw.circle(surf, edge, center, r)
        pygame.draw.circle(surf, colour, center, r - w, max(2, r // 3))


def draw_totals(table, surf, box: pygame.Rect) -> list:
    """The totals row along the bottom of the pool's panel: a glyph and a number per colour.
    Returns [(rect, colour)] for the hover."""
    s, _R, _P, _C, F = table.geo()
    g = table.gfx
    pool = (table.view or table.view_of(table.viewer))["pool"]
    cell = (box.width - int(24 * s)) // 4
    y = box.bottom - int(24 * s)
    r = max(6, int(11 * s))
    out = []
    for i, (col, n, _srcs) in enumerate(pool_totals(pool)):
        x = box.x + int(12 * s) + i * cell
        rect = pygame.Rect(x, y - int(16 * s), cell - int(6 * s), int(32 * s))
        pygame.draw.rect(surf, (20, 14, 18), rect, border_radius=int(8 * s))
        glyph(surf, col, (x + int(8 * s) + r, y), r, fill=None if n else (90, 84, 90))
        num = g.text(str(n), F(20), style.TEXT if n else style.TEXT_DIM, bold=True)
        surf.blit(num, num.get_rect(midleft=(x + int(16 * s) + 2 * r, y)))
        out.append((rect, col))
    return out


def total_tip(table, col: str) -> str:
    """"Combat 3: Strength of Combat 2, Musket 1"."""
    pool = (table.view or table.view_of(table.viewer))["pool"]
    _c, n, srcs = next(x for x in pool_totals(pool) if x[0] == col)
    name = f"{GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)} {n}"
    if not srcs:
        return t(H + "total_none", colour=name)
    by: dict = {}
    for src, k in srcs:
        label = table.card_name(src) if src else t(H + "no_card")
        by[label] = by.get(label, 0) + k
    return t(H + "total", colour=name, sources=", ".join(f"{lab} {k}" for lab, k in by.items()))


# ---------------------------------------------------------------- tooltips
def shadows_tip(view) -> str:
    n, lim = view["shadows"], view["shadows_limit"]
    end = t(H + ("shadows_end_coop" if view["mode"] == "coop" else "shadows_end_comp"), limit=lim)
    return "\n".join((t(H + "shadows_head", n=n, limit=lim), end, t(H + "shadows_from")))


def omen_tip(view, last_face) -> str:
    lines = [t(H + "omen_head"), t(H + "omen_faces")]
    if view["mode"] == "coop":
        lines.append(t(H + "omen_coop"))
    lines.append(t(H + "omen_villain"))
    if last_face is not None:
        lines.append(t(H + "omen_last", face=face_word(last_face)))
    return "\n".join(lines)


def villain_tip(view) -> str:
    left = view["villains_left"]
    return "\n".join((t(H + "villain_left", n=left), t(H + "villain_how"),
                      t(H + ("villain_last" if left <= 1 else "villain_next"))))


def vstack_tip(view) -> str:
    return t(H + "vstack", n=max(0, view["villains_left"] - (1 if view["villain"] else 0)))


def face_word(face) -> str:
    return t("dark_gothic.table.skull") if face == 0 else str(face)


# ---------------------------------------------------------------- what an Omen roll did
def roll_words(table, ev) -> str:
    """The chronicle's line for an Omen roll: its face and what it did."""
    d = ev.data
    face = face_word(d["face"])
    if d.get("purpose") == "minion":
        text = t(H + ("roll_minion_hit" if d["face"] == 0 else "roll_minion_miss"), face=face)
    else:
        villain = villain_at(table, ev)
        faces = _villain_roll_faces(table, villain)
        named = t("dark_gothic.card." + table._card(villain).key) if villain else t("dark_gothic.table.villains")
        if faces is not None and d["face"] in faces:
            text = t(H + "roll_villain_hit", face=face, villain=named)
        else:
            need = " / ".join(face_word(f) for f in faces) if faces else "?"
            text = t(H + "roll_villain_miss", face=face, villain=named, faces=need)
    return t(H + "roll_again", line=text) if d.get("reroll") else text


def villain_at(table, ev):
    """The face-up Villain when `ev` happened: the last one revealed before it."""
    hist = table.history
    i = next((k for k in range(len(hist) - 1, -1, -1) if hist[k] is ev), len(hist))
    for e in reversed(hist[:i]):
        if e.kind == "reveal" and e.data.get("zone") == "villain":
            return e.data["card"]
        if e.kind == "log" and e.data.get("key") == "setup":
            return e.data.get("params", {}).get("villain")
    return (table.view or {}).get("villain")


def _villain_roll_faces(table, villain):
    card = table._card(villain) if villain else None
    for op, p in (card.globals if card is not None else ()):
        if op == "shadow_when" and "roll" in p:
            return tuple(p["roll"])
    return None
