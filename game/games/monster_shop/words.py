"""The monster shop in words, without drawing (no pygame): component names in the current
language, the chronicle (the rules' `log` events and a line for every public move they do
not word themselves), tooltips of den places and board tiles, and what each action says.

`ShopWords(rules, name, view)` is a helper: `name(seat)` gives a seat's name and `view()`
the viewer's view now (None outside a game). The table holds one (`table.words`); a log,
a Hint or a review can too."""
from __future__ import annotations

from game.core.i18n import has, language, t

from .effects import COLOURS, SYMBOLS
from .planning import BM_BOUGHT, BM_KIND, BM_SURCHARGE, BODYGUARD, GOLD, HAT, IMPS, SENT, SLOT, SPACE, STATUS

# public events the chronicle words itself (the rules' own lines are `log` events)
CHRONICLED = frozenset(("group", "food", "monster", "cage", "upgrade", "artifact", "accessory", "black_market",
                        "business", "invite", "assigned", "suffering", "mutation", "wear", "work", "order"))

OFFER_ROWS = {"food": "food_offer", "cage": "cage_offer", "upgrade": "upgrade_offer", "monster_low": "young",
              "monster_up": "older"}


def _tr(key, **kw):
    return t(f"monster_shop.{key}", **kw)


class ShopWords:
    def __init__(self, R, name, view=lambda: None):
        self.R, self.name, self._view = R, name, view

    @property
    def view(self):
        return self._view()

    # -- names ---------------------------------------------------------------------------
    def tr(self, key, **kw) -> str:
        return _tr(key, **kw)

    def mine(self, v) -> dict:
        """The viewer's own seat in view v ({} for a spectator)."""
        me = v.get("seat")
        return v["seats"][me] if me is not None and 0 <= me < len(v["seats"]) else {}

    def maybe(self, key, default="") -> str:
        """The string `key` in the current language, or `default` where there is none."""
        return _tr(key) if has("monster_shop." + key) else default

    def nm(self, name: dict) -> str:
        return name.get("cs" if language() == "cs" else "en", name.get("en", "?"))

    def monster_name(self, m) -> str:
        return self.nm(self.R.M[m].name)

    def colour(self, c) -> str:
        return _tr("table.colour." + c)

    def symbol(self, i) -> str:
        return _tr("table.symbol." + SYMBOLS[i])

    def card(self, k, both=False) -> str:
        c = self.R.data.cards[k]
        return self.colour(COLOURS[c[0]]) + ":" + self.symbol(c[1]) + (self.symbol(c[2]) if both else "")

    def gold(self, n) -> str:
        return _tr("table.gold", n=n)

    def space_name(self, key) -> str:
        return self.nm(self.R.data.spaces[self.R.space_keys.index(key)].name.model_dump())

    def place_tip(self, seat, p) -> str:
        d = self.R.data
        den = self.view["seats"][seat]["den"]
        lines = [self.name(seat) + " — " + _tr("table.place", n=p + 1)]
        m = den["monster"][p]
        if m >= 0:
            info = self.view["monsters"].get(str(m), {})
            lines.append(_tr("table.monster_info", name=self.monster_name(m), size=info.get("size"),
                             suffering=info.get("suffering", 0), mutations=info.get("mutations", 0)))
            for x in info.get("accessories", []):
                lines.append(self.nm(d.accessories[x][1]))
        c = den["cage"][p]
        if c == -1:
            lines.append(_tr("table.printed", a=d.printed_mods[0], b=d.printed_mods[1]))
        elif c >= 0:
            lines.append(f"{self.nm(d.cages[c][1])}: " + _tr("table.cage_stats", a=d.cages[c][2], b=d.cages[c][3]))
            lines.append(self.stripe_words(self.stripes_of(m, info)))
        if den["upgrade"][p] >= 0:
            lines.append(self.nm(d.upgrades[den["upgrade"][p]][1]))
        lines.append(_tr("table.dung", n=den["dung"][p]) + (" " + _tr("table.pearl", n=den["pearls"][p])
                                                              if den["pearls"][p] else ""))
        return "\n".join(lines)

    def target_name(self, tid) -> str | None:
        """A monster's or a board place's name (what a drop there says), None for others."""
        kind = tid[0] if isinstance(tid, tuple) and tid else None
        if kind == "monster":
            return self.monster_name(tid[1])
        if kind in ("tile", "space"):
            return self.space_name(tid[1]) + (f" {tid[2] + 1}" if kind == "tile" else "")
        return None

    def target_tip(self, tid, lit: bool) -> str | None:
        """What a den place ("place", seat, p) or a board place holds; a lit one (where a
        group may be sent now) says a click sends there."""
        if tid[0] == "place":
            return self.place_tip(tid[1], tid[2])
        if tid[0] not in ("tile", "space"):
            return None
        tip = self.tile_tip(tid[1], tid[2]) if tid[0] == "tile" else self.space_name(tid[1]) + self.who_is_on(tid[1])
        return tip + ("\n" + _tr("table.click_to_send") if lit else "")

    def float_words(self, kind, d) -> str | None:
        """The word rising from a den for an event (suffering, dung, a mutation, a monster
        lost, food, gold from pearls, work or a sale), None when there is nothing to say."""
        if kind in ("food", "lost"):
            return _tr("board.float." + kind, meat=d.get("meat", 0), veg=d.get("veg", 0))
        n = d.get("add", d.get("gold", d.get("earned", d.get("price", 1))))
        return _tr("board.float." + ("gold" if kind in ("pearl", "work", "sale") else kind), n=n) if n else None

    def stripes_of(self, m, info) -> list:
        """The colour letters of its stripes: its dial's stage, the printed extra, accessories."""
        mon = self.R.M[m]
        return (list(mon.stages[info.get("stage", 0)]) + ([mon.extra] if mon.extra else [])
                + [COLOURS[self.R.data.accessories[x][2]] for x in info.get("accessories", [])])

    def stripe_words(self, cols) -> str:
        """"Need stripes: 2 green (circle), 1 red (square)": what the blocks under a monster mean."""
        parts = [_tr("table.stripe", n=cols.count(c), colour=_tr("board.colour_word." + c),
                     shape=_tr("table.shape." + c)) for c in dict.fromkeys(cols)]
        return _tr("table.stripes", list=", ".join(parts))

    def tile_tip(self, key, slot) -> str:
        head = self.space_name(key) + f" {slot + 1}"
        x = self.offer_at(self.view, key, slot)
        who = self.who_is_on(key, slot)
        if x is None:
            return head + who
        if key == "food":
            return f"{head}: " + _tr("table.food_offer", meat=x[0], veg=x[1]) + (f" {self.gold(x[2])}" if x[2] else "") + who
        if key == "cage":
            extra = ", " + _tr("table.cage_stats", a=self.R.data.cages[x][2], b=self.R.data.cages[x][3])
        else:      # a monster's number is its size
            extra = "" if key == "upgrade" else ", " + _tr("table.size_word", n=self.view["monsters"].get(str(x), {}).get("size"))
        return f"{head}: {self.offer_name(key, x)}{extra}" + who

    def who_is_on(self, key, slot=None) -> str:
        """The groups on a space (or one of its tiles): who, with how many imps, and what the
        number on a meeple means; "" when nobody is there."""
        rows = [f"{self.name(seat)}: {self.members(g)}"
                for seat, g in self.groups_on(self.view, self.space_index(key), slot)]
        return "\n" + "\n".join(rows + [_tr("table.meeple_number")]) if rows else ""

    def space_index(self, key) -> int:
        return self.R.space_keys.index(key)

    @staticmethod
    def groups_on(v, sp, slot=None) -> list:
        """(seat, group) of every group sent to space index sp (and tile `slot`)."""
        return [(seat, g) for seat, p in enumerate(v["seats"]) for g in p.get("groups") or []
                if g[STATUS] == SENT and g[SPACE] == sp and (slot is None or g[SLOT] == slot)]

    def group_at(self, v, seat, sp, slot):
        """The first group of `seat` sent to space index sp (and tile `slot`), or None."""
        return next((g for s, g in self.groups_on(v, sp, slot) if s == seat), None)

    def meeples_on(self, v, key, slot=None) -> list:
        """(seat, the number on its meeple or None) of each seat on space `key` (or on its
        tile `slot`): the imps of its group there; on the podium, the imps standing there."""
        sp = self.space_index(key)
        occ = v["occupied"][sp]
        seats = [x for x in (occ if slot is None else occ[slot:slot + 1]) if x is not None and x >= 0]
        if key == "podium":
            seats = [x for x in range(v["players"]) if v["seats"][x]["podium"]][:len(occ)]
        out = []
        for x in seats:
            g = self.group_at(v, x, sp, slot)
            out.append((x, g[IMPS] if g else v["seats"][x]["podium"] if key == "podium" else None))
        return out

    def offer_at(self, v, key, slot):
        """What tile `slot` of space `key` offers: a food bundle, or a cage, upgrade or
        monster id; None when it is empty."""
        row = v[OFFER_ROWS[key]]
        x = row[slot] if slot < len(row) else None
        return x if x is not None and (key == "food" or x >= 0) else None

    def offer_name(self, key, x) -> str:
        d = self.R.data
        return self.nm(d.cages[x][1]) if key == "cage" else self.nm(d.upgrades[x][1]) if key == "upgrade" \
            else self.monster_name(x)

    def card_tip(self, k) -> str:
        """A need card in words: its colour and both halves' needs."""
        c = self.R.data.cards[k]
        return _tr("board.card_tip", colour=_tr("board.colour_word." + COLOURS[c[0]]),
                   simple=_tr("board.need." + SYMBOLS[c[1]]), second=_tr("board.need." + SYMBOLS[c[2]]))

    def preview_words(self, pv) -> str:
        if pv is None:
            return ""
        if pv.lost:
            return _tr("board.preview.lost", why=self.maybe("board.lost." + pv.lost, pv.lost))
        if pv.suffering:
            return _tr("board.preview.suffer", n=pv.suffering, total=pv.total, limit=pv.limit)
        return _tr("board.preview.calm")

    def chronicle_text(self, ev) -> str | None:
        """The chronicle's line for an event as plain text (None: it has none)."""
        if ev.kind == "log":
            return self.log_text(ev)
        said = self.event_words(ev) if ev.kind in CHRONICLED else None
        if said is None:
            return None
        key, params = said
        return _tr("board.log." + key, **{**params, "seat": self.name(params["seat"])})

    def log_text(self, ev) -> str:
        """The words of one of the rules' `log` events, its seats, monsters and tiles named."""
        params = dict(ev.data.get("params", {}))
        for k in ("seat", "start"):
            if k in params and isinstance(params[k], int):
                params[k] = self.name(params[k])
        if "monster" in params and isinstance(params["monster"], int):
            params["monster"] = self.monster_name(params["monster"])
        if "tile" in params and isinstance(params["tile"], int):
            params["tile"] = self.nm(self.R.data.contests[params["tile"]][1])
        if "winners" in params:
            params["winners"] = ", ".join(self.name(x) for x in params["winners"]) or "—"
        if "artifact" in params and isinstance(params["artifact"], int):
            params["artifact"] = self.nm(self.R.data.artifacts[params["artifact"]][1])
        try:
            return _tr("log." + ev.data.get("key", ""), **params)
        except (KeyError, IndexError, ValueError):
            return ev.data.get("key", "")

    def event_words(self, ev):
        """(key under board.log, params) of a public event the rules do not word themselves
        (who went where, what was taken, which monster got its cards, suffered or mutated);
        params["seat"] is the seat's number. None when it has no line."""
        d = ev.data
        seat = d.get("seat")
        if not isinstance(seat, int):
            return None
        k = ev.kind
        p = {"seat": seat}
        key = k
        if k == "group":
            if d.get("to") == "home":
                key = "group_withdrawn" if d.get("withdrawn") else "group_home"
                p["group"] = self.members(d["members"]) if d.get("members") else \
                    _tr("table.group", i=d.get("group", 0) + 1)
            else:
                if d["to"] not in self.R.space_keys:
                    return None
                slot = d.get("slot")
                shown = d["to"] in OFFER_ROWS and isinstance(slot, int)     # a space shown tile by tile
                p["space"] = self.space_name(d["to"]) + (f" {slot + 1}" if shown else "")
                # imps counted as imps (MS-041: gold, the bodyguard and the hat add size, not imps)
                g = d.get("members") or [int(d.get("size") or 0) - d.get("paid", 0), d.get("paid", 0), 0, 0]
                p["imps"] = g[IMPS]
                p["extra"] = ("" if not g[BODYGUARD] else _tr("board.log.with_bodyguard")) + \
                    ("" if not g[HAT] else _tr("board.log.with_hat"))
                p["paid"] = d.get("paid", 0)
                key = "group_paid" if p["paid"] else "group"
        elif k == "food":
            p.update(meat=d.get("meat", 0), veg=d.get("veg", 0))
        elif k in ("monster", "assigned", "suffering", "mutation", "wear"):
            p["monster"] = self.monster_name(d["monster"])
            p.update(n=d.get("add", 1), total=d.get("total", 0))
            if k == "wear":
                p["accessory"] = self.nm(self.R.data.accessories[d["accessory"]][1])
        elif k == "cage":
            p["cage"] = self.nm(self.R.data.cages[d["cage"]][1])
        elif k == "upgrade":
            p["upgrade"] = self.nm(self.R.data.upgrades[d["upgrade"]][1])
        elif k == "artifact":
            if d.get("copy"):
                return None
            p["artifact"] = self.nm(self.R.data.artifacts[d["artifact"]][1])
        elif k == "accessory":
            p["accessory"] = self.nm(self.R.data.accessories[d["accessory"]][1])
        elif k == "black_market":
            p.update(good=_tr("table.bm." + d["good"]), paid=d.get("paid", 0))
        elif k == "business":
            p["business"] = self.nm(self.R.biz[d["business"]][1])
        elif k == "invite":
            p["n"] = d.get("imps", 0)
        elif k == "work":
            p.update(n=d.get("cleaned", 0), gold=d.get("earned", 0))
        elif k == "order":
            p["order"] = " → ".join(self.monster_name(m) for m in d.get("order", []))
            if len(d.get("order", [])) < 2:
                return None
        return key, p

    def timeline(self, v, what) -> list:
        """The contest (what="contest") or customer tiles in order, as (round, name or None
        while face down, whether the viewer only peeked at it)."""
        rounds = getattr(self.R.R, what + "_rounds")["short" if v["short"] else "full"]
        names = getattr(self.R.data, what + "s")
        peeks = {(w, i): tile for w, i, tile in self.mine(v).get("peeks") or []}
        seen = [c if c is not None else peeks.get((what, i)) for i, c in enumerate(v[what + "s"])]
        return [(rounds[i] if i < len(rounds) else "·", self.nm(names[x][1]) if x is not None else None,
                 v[what + "s"][i] is None and x is not None) for i, x in enumerate(seen)]

    def alley_offers(self, v, key) -> list:
        """What a Dark Alleys space offers, as (kind, name, extra, taken): the Black Market's
        goods (extra: the surcharge), the businesses, the Boutique's accessories (extra: the
        colour letter); nothing for the Fortune Teller."""
        d = self.R.data
        if key == "black_market":
            return [(b[BM_KIND], _tr("table.bm." + b[BM_KIND]), f"+{b[BM_SURCHARGE]}", bool(b[BM_BOUGHT]))
                    for b in v["black_market"]]
        if key == "industry":
            return [("industry", self.nm(self.R.biz[b][1]), None, False) for b in v["businesses"]]
        if key == "boutique":
            return [("accessory", self.nm(d.accessories[x][1]), COLOURS[d.accessories[x][2]], False) for x in v["boutique"]]
        return []

    def final_words(self, v) -> tuple:
        """(heads, one row per seat) of the final reckoning: each evaluation's score with
        the reputation it brought, then the reputation."""
        det = (v.get("result") or {}).get("details") or {}
        names = [n for n in ("economic", "exhibition") if n in det]
        heads = [_tr("final." + n) for n in names] + [_tr("table.reputation")]
        return heads, [[f"{det[n]['scores'][x]} ({det[n]['reputation'][x]:+d})" for n in names]
                       + [str(v["seats"][x]["reputation"])] for x in range(v["players"])]

    # -- controls ------------------------------------------------------------------------
    def decision_title(self, d) -> str:
        """What a decision asks, in a few words (an assignment names its monster)."""
        mon = (d.prompt or {}).get("monster")
        return _tr("decision." + d.kind) + (" — " + self.monster_name(mon) if d.kind == "assign" and mon is not None
                                            else "")

    def prompt_title(self, d, v) -> str:
        """The prompt line: what the viewer's decision d asks, else the final reckoning or
        the phase."""
        if d is not None:
            return self.decision_title(d)
        return _tr("end.reputation") if v["stage"] == "over" else self.maybe("phase." + v["stage"])

    def members(self, g) -> str:
        """A group's members (imps, gold, bodyguard, top hat): "2 imps+1g"."""
        return (_tr("table.imps", n=g[IMPS]) + (f"+{self.gold(g[GOLD])}" if g[GOLD] else "")
                + ("+" + _tr("table.bodyguard_short") if g[BODYGUARD] else "")
                + ("+" + _tr("table.hat_short") if g[HAT] else ""))

    def group_words(self, i) -> str:
        """The viewer's group i by its members once the groups are revealed, else its number."""
        gs = self.mine(self.view or {}).get("groups") or []
        return self.members(gs[i]) if i < len(gs) else _tr("table.group", i=i + 1)

    def describe(self, kind, a, prompt=None) -> str:
        """What action `a` of a decision of `kind` says (`prompt`: the decision's, for work)."""
        d = self.R.data
        v = a[0]
        if v == "plan":
            if not a[1]:
                return "—"
            return " | ".join(self.members(g) for g in a[1])
        if v == "send":
            return f"{self.group_words(a[1])} → {self.space_name(a[2])} {a[3] + 1}"
        if v in ("home", "withdraw"):
            return _tr("table.go_home" if v == "home" else "table.withdraw", group=self.group_words(a[1]))
        if v == "move":
            return f"{self.monster_name(a[1])} → {_tr('table.place', n=a[2] + 1)}"
        if v == "wear":
            return f"{self.nm(d.accessories[a[1]][1])} → {self.monster_name(a[2])}"
        if v == "assign":
            parts = []
            for k, h in a[2]:
                if k == -1:
                    parts.append(_tr("table.potion"))
                elif k == -2:
                    parts.append("—")
                else:
                    parts.append(self.card(k, both=bool(h)))
            return " ".join(parts)
        if v == "order":
            return " → ".join(self.monster_name(m) for m in a[1])
        if v == "sell":
            return f"{self.monster_name(a[2])}" + (" " + _tr("table.podium") if a[3] else "")
        if v in ("cage_to", "upgrade_to"):
            return _tr("table.place", n=a[1] + 1)
        if v == "buy":
            b = (self.view or {}).get("black_market", [])[a[1]]
            return f"{_tr('table.bm.' + b[BM_KIND])} ({self.gold(b[BM_SURCHARGE])})"
        if v == "take":
            return self.nm(d.accessories[a[1]][1])
        if v == "biz":
            extra = []
            if len(a) > 3:
                extra = [self.monster_name(a[2]), _tr("table.act.word." + a[3])]
            elif len(a) > 2 and isinstance(a[2], str):
                extra = [_tr("table.act.word." + a[2])]
            return " ".join([self.nm(self.R.biz[a[1]][1])] + extra)
        if v == "copy":
            return self.nm(d.artifacts[a[1]][1])
        if v == "keep" and len(a) > 1:
            return self.card(a[1])
        if v == "colour":
            return self.colour(COLOURS[a[1]])
        if v == "work" and a[1]:                 # MS-114: where the cleaners clean
            counts = a[2] if len(a) > 2 else (prompt or {}).get("clean", [[]] * (a[1] + 1))[a[1]]
            at = ", ".join(_tr("table.act.clean_at", n=p + 1, k=c) for p, c in enumerate(counts) if c)
            return _tr("table.act.work", n=a[1]) + (": " + at if at else "")
        if v in ("work", "play"):
            return _tr("table.act." + v, n=a[1])
        if v == "feed":                          # MS-G27: which food the monster eats
            food = a[1]
            if food in ("meat", "veg"):
                return _tr("table.act.feed_" + food, age=_tr(f"table.act.food_age.{food}.{a[2]}"))
            return _tr("table.act.feed_" + food + ("_" + ("meat", "veg")[a[2]] if food == "frozen" else ""))
        if v in ("join", "recall"):
            return _tr("table.act." + v, i=a[1] + 1)
        if v == "peek":
            return _tr("table.act.peek_" + a[1], i=a[2] + 1)
        if v in ("piglet", "spook"):
            return _tr("table.act." + v, n=a[1] + 1)
        if v == "smash":
            return _tr("table.act.smash_" + a[1], n=a[2] + 1)
        if v == "unsurcharge":
            b = (self.view or {}).get("black_market", [])[a[1]]
            return f"{_tr('table.bm.' + b[BM_KIND])} (−{self.gold(b[BM_SURCHARGE])})"
        if v in ("anger", "vamp") or (v == "gobble" and len(a) == 2):
            return _tr(f"table.act.{v}_{a[1]}")
        if v == "gobble":
            return self.nm(d.artifacts[a[2]][1])
        if v == "no_sale":
            return _tr("table.act.no_sale")
        if len(a) == 1 and has(f"monster_shop.table.act.{v}"):
            return _tr("table.act." + v)
        return " ".join(str(x) for x in a)

