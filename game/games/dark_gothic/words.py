"""The Dark Gothic table's words, headless: what a card says (its effects, Globals, keywords),
its tooltip, why a card on offer cannot be taken now, the pool's totals and their sources,
the Shadows', the Omen die's and the Villain's tooltips, what an Omen roll did, the chronicle's
line for an event, the turn banner, the questions' titles and buttons, a payment in words and
a Hero's card in the Draw 2 Choose 1 offer.

Everything here reads a view, the decisions and the static card data, and returns text (or
the locale key and parameters of a chronicle line); nothing draws and nothing decides for the
rules. The table (table*.py) draws it; `card_name` is the table's (a card id to its name).
"""
from __future__ import annotations

from game.core.i18n import t
from game.core.refusal import Refusal

from . import payment as P
from .ai import ViewCosts

H = "dark_gothic.hint."
A = "dark_gothic.art."
COLOURS = ("C", "U", "S", "W")
# a shape per colour, so the pool reads without telling red from green: Combat a blade
# (triangle), Cunning a diamond, Spirit a cross, Silver a ring (a coin)
GLYPH_CHARS = {"C": "▲", "U": "◆", "S": "✚", "W": "○"}
# decision kinds the turn banner names (data/dark_gothic/locale: art.phase.* and art.do.*)
PHASES = ("hero", "secret", "turn", "pay", "block", "protect", "choose", "feed", "target", "pass",
          "reroll")
START_ORDER = (("strength_of_combat", "C"), ("strength_of_cunning", "U"), ("strength_of_spirit", "S"))


def face_word(face) -> str:
    return t("dark_gothic.table.skull") if face == 0 else str(face)


# ---------------------------------------------------------------- a card
def card_kind(card) -> str:
    """The frame a card is drawn in: its group for the special ones, else its type."""
    if card.group == "common":
        return "minion"
    return card.group if card.group in ("start", "honor", "training", "secret", "villain", "discovery") else card.type


def card_words(card) -> dict:
    """A card's title, kind line, text (what it does, Globals included) and keywords."""
    kind = card_kind(card)
    words = []
    if card.roaming:
        words.append(t("dark_gothic.fx.roaming"))
    if card.remains:
        words.append(t("dark_gothic.fx.remains"))
    if card.play:
        words.append(effects_words(card.play))
    if card.ability:
        words.append(t(f"dark_gothic.fx.{card.ability}"))
    for part, effects in (("acquire", card.acquire), ("fight", card.fight), ("mystery", card.mystery)):
        if effects:
            words.append(t(f"dark_gothic.fx.{part}") + effects_words(effects))
    if card.globals:
        words.append(t("dark_gothic.fx.global") + globals_words(card.globals))
    if card.stays:
        words.append(t("dark_gothic.fx.stays"))
    keywords = [t(f"dark_gothic.keyword.{w}") for w, on in (
        ("roaming", card.roaming), ("global", bool(card.globals)), ("block", card.block), ("protect", card.protect),
        ("key", "key" in card.tags), ("book", "book" in card.tags), ("town_elder", "town_elder" in card.tags)) if on]
    sub = t(f"dark_gothic.type.{kind if card.group != 'common' else 'common'}")
    if card.danger:
        sub += f" · {'I' * card.danger}"
    return {"kind": kind, "title": t(f"dark_gothic.card.{card.key}"), "subtitle": sub,
            "text": " ".join(w for w in words if w), "keywords": keywords}


def effects_words(effects) -> str:
    out = []
    for op, p in effects:
        params = dict(p)
        if "c" in params:
            params["colour"] = t(f"dark_gothic.colour.{params['c']}")
        if "act" in params:                # "discard", "destroy": words of the language
            params["act"] = t(f"dark_gothic.act.{params['act']}")
        out.append(t(f"dark_gothic.fx.{op}", **params))
    return (", ".join(out) + ".").capitalize() if out else ""


def globals_words(globs) -> str:
    out = []
    for op, p in globs:
        if op == "shadow_when":
            text = t(f"dark_gothic.glob.{p['when']}")
            if "roll" in p:
                text += t("dark_gothic.glob.roll", faces=" or ".join(face_word(f) for f in p["roll"]))
            if "unless" in p:
                text += t(f"dark_gothic.glob.unless_{p['unless']}")
            out.append(text)
        elif op == "cost_mod":
            out.append(t("dark_gothic.glob.cost_mod", target=t(f"dark_gothic.target.{p['target']}"), n=p["n"],
                         colour=t(f"dark_gothic.colour.{p['c']}")))
        else:
            out.append(t(f"dark_gothic.glob.{op}", **p))
    return "; ".join(out) + "."


def card_tip(card, words: dict, why: str | None, marked: str | None, villain_line: str | None) -> str:
    """A face-up card's hover, readable at 1280×720: why you cannot take it (if so), name and
    kind, cost and Investigation, what it does, what marked orbs would pay, the Villain's
    lines, and that Space shows the whole card."""
    lines = ([why] if why else []) + [f"{words['title']} — {words['subtitle']}"]
    facts = []
    if card.cost:
        parts = [f"{n} {t('dark_gothic.colour.' + col)}" for col, n, _cur in card.cost]
        parts = [t(A + "tip_cursed", part=part) if cur else part for part, (_c, _n, cur) in zip(parts, card.cost)]
        facts.append(t(A + "tip_cost", cost=" + ".join(parts)))
    if card.inv:
        facts.append(t(A + "tip_inv", n=card.inv))
    if facts:
        lines.append(" · ".join(facts))
    lines += [x for x in (words["text"], marked, villain_line) if x]
    lines.append(t(A + "tip_zoom"))
    return "\n".join(lines)


# ---------------------------------------------------------------- what you cannot pay for
def cost_words(parts) -> str:
    """"4 ▲ Combat + 2 ◆ Cunning (Cursed)"."""
    out = []
    for col, n, cursed in parts:
        part = f"{n} {GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)}"
        out.append(t(A + "tip_cursed", part=part) if cursed else part)
    return " + ".join(out)


def pool_words(pool) -> str:
    """"1 ▲ Combat, 2 ○ Silver": the pool's totals, colour by colour."""
    parts = [f"{n} {GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)}" for col, n, _src in pool_totals(pool) if n]
    return ", ".join(parts)


def price_state(view) -> ViewCosts:
    """The little of a state `rules.cost_of` reads, from a view (public information)."""
    return ViewCosts(view["villain"], view["center"], view["on_villain"], [p["hero"] for p in view["seats"]])


def refusals(rules, view, d) -> dict:
    """{card id on offer: why the seat of decision `d` (its turn or its Dark Secret) cannot
    take it now}."""
    tops = [tr["top"] for tr in view["training"].values() if tr["top"]]
    open_ = set(rules.on_offer(view["center"], tops, view["villain"], set(view["flags"])))
    price = price_state(view)
    out = {}
    for key in [*view["center"], *tops, view["hungry_dead"], view["villain"]]:     # what the game offers now
        if key is None or ("buy", key) in d.actions:
            continue
        if d.kind == "secret":
            out[key] = Refusal(t(H + "secret_first"), "dark_gothic/secrets")
        elif key not in open_:
            out[key] = Refusal(t(H + "no_allies"), "dark_gothic/villains")
        else:
            parts = rules.cost_of(price, key, d.seat)
            cost = cost_words(parts)
            text = t(H + "short", cost=cost, pool=pool_words(view["pool"])) if view["pool"] \
                else t(H + "pool_empty", cost=cost)
            if any(col == "W" for col, _n, _cur in parts):
                text += " " + t(H + "silver_one_colour")
            out[key] = Refusal(text, "dark_gothic/buying")     # words, and the section that says so
    return out


# ---------------------------------------------------------------- the pool
def pool_totals(pool) -> list:
    """[(colour, total, [(source card or None, amount)…])] for Combat, Cunning, Spirit and
    Silver, in that order; a spent Silver orb counts as the colour it became."""
    out = {c: [0, []] for c in COLOURS}
    for col, n, src, _was_silver in pool:
        out[col][0] += n
        out[col][1].append((src, n))
    return [(c, out[c][0], out[c][1]) for c in COLOURS]


def total_tip(pool, col: str, card_name) -> str:
    """"Combat 3: Strength of Combat 2, Musket 1"."""
    _c, n, srcs = next(x for x in pool_totals(pool) if x[0] == col)
    name = f"{GLYPH_CHARS[col]} {t('dark_gothic.colour.' + col)} {n}"
    if not srcs:
        return t(H + "total_none", colour=name)
    by: dict = {}
    for src, k in srcs:
        label = card_name(src) if src else t(H + "no_card")
        by[label] = by.get(label, 0) + k
    return t(H + "total", colour=name, sources=", ".join(f"{lab} {k}" for lab, k in by.items()))


def orb_source(src, card_name) -> str:
    """What a pool orb's hover says: the card that made it (TE-084 needs it for Cursed costs)."""
    return t(A + "orb_from", card=card_name(src)) if src else t(A + "orb_none")


# ---------------------------------------------------------------- tooltips of the piles
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


# ---------------------------------------------------------------- the chronicle
def roll_words(ev, history, view, card_of) -> str:
    """The chronicle's line for an Omen roll: its face and what it did (`card_of`: a card id
    to its card)."""
    d = ev.data
    face = face_word(d["face"])
    if d.get("purpose") == "minion":
        minion = card_of(d["card"]) if d.get("card") else None
        if minion is not None:         # the Minion it was rolled for, by name
            key = "roll_minion_card_hit" if d["face"] == 0 else "roll_minion_card_miss"
            text = t(H + key, face=face, minion=t("dark_gothic.card." + minion.key))
        else:
            text = t(H + ("roll_minion_hit" if d["face"] == 0 else "roll_minion_miss"), face=face)
    else:
        villain = villain_at(ev, history, view)
        card = card_of(villain) if villain else None
        faces = next((tuple(p["roll"]) for op, p in (card.globals if card is not None else ())
                      if op == "shadow_when" and "roll" in p), None)
        named = t("dark_gothic.card." + card.key) if card is not None else t("dark_gothic.table.villains")
        if faces is not None and d["face"] in faces:
            text = t(H + "roll_villain_hit", face=face, villain=named)
        else:
            need = " / ".join(face_word(f) for f in faces) if faces else "?"
            text = t(H + "roll_villain_miss", face=face, villain=named, faces=need)
    return t(H + "roll_again", line=text) if d.get("reroll") else text


def villain_at(ev, history, view):
    """The face-up Villain when `ev` happened: the last one revealed before it."""
    i = next((k for k in range(len(history) - 1, -1, -1) if history[k] is ev), len(history))
    for e in reversed(history[:i]):
        if e.kind == "reveal" and e.data.get("zone") == "villain":
            return e.data["card"]
        if e.kind == "log" and e.data.get("key") == "setup":
            return e.data.get("params", {}).get("villain")
    return (view or {}).get("villain")


def played_from_hand(d) -> bool:
    """A move event is a seat's card played: from its hand to its own play area or Remains."""
    src, dst = str(d.get("src", "")), str(d.get("dst", ""))
    if not (src.startswith("hand:") and src[5:].isdigit() and dst.partition(":")[0] in ("play", "remains")):
        return False
    return dst.partition(":")[2] == src[5:]


def log_line(ev, roll_line):
    """The chronicle's line for `ev` as (locale key, params, seats, cards) for the kit's
    segments, or None for an event it does not tell; `roll_line()` words an Omen roll."""
    k, d = ev.kind, ev.data
    L = "dark_gothic.log."
    seat, card, both = ("seat",), ("card",), (("seat",), ("card",))
    plain = {"turn": (("seat",), ()), "buy": both, "shadow": ((), ()), "protect": both, "villain_defeated": both}
    if k in plain:
        return (L + k, d, *plain[k])
    if k == "move" and "why" not in d and played_from_hand(d):
        # what each Hero plays, you included (as the replay lists it)
        return L + "play", {"seat": int(d["src"][5:]), "card": d["card"]}, seat, card
    if k == "move" and d.get("why") == "destroy":
        return L + "destroy", d, (), card
    if k == "roam":
        return L + ("roam_out" if d["to"] == "shadows" else "roam"), d, (), card
    if k == "roll":                    # the face and what it did
        return L + "roll", {"line": roll_line()}, (), ()
    if k == "reveal":
        return L + ("reveal_villain" if d.get("zone") == "villain" else "discovery"), d, (), card
    if k == "passed" and ev.to is None:
        return L + "passed", d, (), ()
    if k == "log" and d.get("key") in ("mystery", "strike", "fight", "blocked"):
        return L + d["key"], d.get("params", {}), seat, card
    if k == "game_over":
        return L + ("game_over_heroes" if d.get("side") != "game" else "game_over_shadows"), d, (), ()
    return None


# ---------------------------------------------------------------- the turn banner
def status(view, decisions, viewer, lagging: bool, name) -> tuple[str, str, str, object]:
    """The turn banner's words: (whose turn, phase, what the viewer may do now, whose colour:
    a seat, or None for gold). `decisions` are the game's now, `lagging` whether the table's
    view is behind the game's (cards still gliding): then the lines under the head say nothing
    of the game's next turn, so "Your turn" never stands over "Watch Lucrezia play"."""
    v = view
    act = v.get("active")
    if v.get("over"):
        res = v.get("result") or {}
        heroes = res.get("side") != "game"
        do = t(A + "do.over")
        if heroes and res.get("winners"):
            do = t(A + "winners", names=", ".join(name(w) for w in res["winners"])) + " " + do
        return t(A + ("over_heroes" if heroes else "over_shadows")), t(A + "phase.over"), do, None
    ds = () if lagging else decisions
    d = ds[0] if ds else None
    kind = d.kind if d is not None else "turn"
    if act is None:
        head = t(A + "choosing")
    else:
        p = v["seats"][act]
        hero = t(f"dark_gothic.hero.{p['hero']}") if p["hero"] else "?"
        head = t(A + "your_turn", hero=hero) if act == viewer else t(A + "their_turn", seat=name(act), hero=hero)
    phase = t(A + "phase." + kind) if kind in PHASES else ""
    mine = [x for x in ds if x.seat == viewer] if viewer is not None else []
    if mine:
        k = mine[0].kind
        do = t(A + "do." + (k if k in PHASES else "turn"))
    elif d is not None:
        who = ", ".join(name(x.seat) for x in ds[:3])
        do = t(A + ("wait_turn" if kind == "turn" else "wait"), seat=who)
    elif lagging and act is not None and act != viewer:
        do = t(A + "wait_turn", seat=name(act))
    else:
        do = ""
    return head, phase, do, act


# ---------------------------------------------------------------- the questions
def question(d, view, seat_view, card_name, card_of) -> tuple[str, list]:
    """The title of a docked question and its buttons' (action, label), for a Block or
    Protect, a choice of card, the Poltergeist's pass and an Omen re-roll."""
    p = d.prompt or {}
    if d.kind in ("block", "protect"):
        title = t(f"dark_gothic.table.{d.kind}", card=card_name(p.get("card")))
        answers = [(a, t("dark_gothic.table.pass") if a == ("pass",) else
                    f"{t('dark_gothic.fx.' + d.kind)}: {means(seat_view, d.kind, a[1], card_name, card_of)}")
                   for a in d.actions]
        answers.sort(key=lambda x: x[0] == ("pass",))      # Pass last, under the answers
        if all(a == ("pass",) for a in d.actions):
            # asked because a Hero might hold one (public information), but you hold none
            title += "\n" + t(f"dark_gothic.table.nothing_{d.kind}")
        return title, answers
    if d.kind == "reroll":
        title = t("dark_gothic.table.reroll", face=face_word(p.get("face")))
        return title, [(("reroll",), t("dark_gothic.table.reroll_yes")), (("accept",), t("dark_gothic.table.reroll_no"))]
    title = {"choose": t("dark_gothic.table.choose_" + str(p.get("act", "discard"))),
             "feed": t("dark_gothic.table.feed"), "target": t("dark_gothic.table.target"),
             "pass": t("dark_gothic.table.pass_card")}[d.kind]
    answers = []
    for a in d.actions:
        if a[0] in ("card", "give"):
            label = card_name(a[1])
        elif a[0] == "center":
            label = f"{t('dark_gothic.table.center')}: {card_name(view['center'][a[1]])}"
        else:
            label = t("dark_gothic.table.none")
        answers.append((a, label))
    return title, answers


def means(seat_view, kind, what, card_name, card_of) -> str:
    """What a Block/Protect answer uses, in words: a card, the card played this turn that
    gave it (TE-027), or Thomas Harrow's own Protect (the Hero's name)."""
    if what == "warden":
        hero = seat_view["hero"]
        return t(f"dark_gothic.hero.{hero}") if hero else what
    if what == "played":
        c = next((c for c in reversed(seat_view["play"]) if getattr(card_of(c), kind, False)), None)
        return card_name(c) if c else t("dark_gothic.table.in_play")
    return card_name(what)


# ---------------------------------------------------------------- a payment
def card_names(cards, card_name) -> str:
    """"Strength of Spirit ×2, Honor": cards by name, repeats counted (None: no card)."""
    counts = {}
    for c in cards:
        name = card_name(c) if c is not None else t("dark_gothic.pay.no_card")
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in counts.items())


def payment_words(pool, parts, pay, live: set, card_name) -> tuple[str, str]:
    """(label, sub-label) of a payment: what a Cursed part Destroys (of the `live` cards) or
    what it spends, and what pays."""
    _new, destroyed, paid = P.apply_payment(pool, parts, pay)
    destroyed = [c for c in destroyed if c in live]
    units = [pool[i][2] for _c, draws in pay for i, n in draws for _ in range(n)]
    using = t("dark_gothic.pay.with", cards=card_names(units, card_name))
    if any(cur for _c, _n, cur in parts):
        what = t("dark_gothic.pay.destroys", cards=card_names(destroyed, card_name)) if destroyed \
            else t("dark_gothic.pay.destroys_none")
        return what, using
    return " + ".join(f"{n} {t('dark_gothic.colour.' + col)}" for col, n, _cur in paid), using


# ---------------------------------------------------------------- a Hero on offer
def hero_lines(rules, hero_key) -> dict:
    """The words on a Hero's card: name, ability, Honor and Start cards."""
    h = rules.heroes[hero_key]
    honor = t("dark_gothic.choice.honor", n=h.honor) if h.honor else t("dark_gothic.choice.no_honor")
    start = [(col, h.start.get(key, 0), t("dark_gothic.card." + key)) for key, col in START_ORDER
             if h.start.get(key)]
    return {"name": t("dark_gothic.hero." + hero_key), "ability": t("dark_gothic.hero_ability." + hero_key),
            "honor": honor, "start": start}
