"""The monster-shop table (a TableKit subclass): the central board and the Dark Alleys
board side by side (every action space with who is there), the timeline and the
reputation track, each player's den (places with cages, upgrades, monsters, dung,
suffering, mutations, accessories; food chambers; imps at home, away, in hospital and
on the podium), and the viewer's decision as a panel of buttons in words.

Drawn only from `match.view(viewer)`. The secret planning is a StagingTray (imps, gold,
bodyguard and top hat into up to six group slots); other seats show only a tick once
committed. What is not here yet (see docs/games/monster_shop.md): dragging need cards onto
monsters with a preview, a drag-ordered resolution queue, animations of single events.
"""
from __future__ import annotations

import pygame

from game.core.i18n import has, language, t
from game.ui.table import style
from game.ui.table.kit import TableKit
from game.ui.table.pieces import PieceRenderer
from game.ui.table.staging import StagingTray, Unit
from game.ui.table.widgets import Button

from .effects import COLOURS, SYMBOLS

COLOUR_RGB = {"G": (96, 170, 88), "Y": (222, 196, 84), "R": (198, 72, 64), "P": (150, 96, 196)}
MAX_BUTTONS = 20


def _tr(key, **kw):
    return t(f"monster_shop.{key}", **kw)


class MonsterShopTable(TableKit):
    game_id = "monster_shop"

    def __init__(self, ctx):
        from . import load_ruleset
        spec_rules = getattr(ctx.match, "rules", None)
        self.R = spec_rules if spec_rules is not None and hasattr(spec_rules, "data") else load_ruleset()
        self.page = 0
        self.tray = None              # the private staging tray of the secret planning
        self.tray_key = None
        super().__init__(ctx)
        self.pieces = PieceRenderer(self.gfx)

    # -- names ---------------------------------------------------------------------------
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

    def log_rect(self) -> pygame.Rect:
        s, R, P, C, F = self.geo()
        return R(1500, 560, 400, 200)

    def log_entry(self, ev):
        if ev.kind != "log":
            return None
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
            text = _tr("log." + ev.data.get("key", ""), **params)
        except (KeyError, IndexError, ValueError):
            text = ev.data.get("key", "")
        return [(text, None, None)]

    # -- controls ------------------------------------------------------------------------
    def describe(self, kind, a) -> str:
        d = self.R.data
        v = a[0]
        if v == "plan":
            if not a[1]:
                return "—"
            return " | ".join(_tr("table.imps", n=g[0]) + (f"+{self.gold(g[1])}" if g[1] else "")
                              + ("+" + _tr("table.bodyguard_short") if g[2] else "")
                              + ("+" + _tr("table.hat_short") if g[3] else "") for g in a[1])
        if v == "send":
            return f"{_tr('table.group', i=a[1] + 1)} → {self.space_name(a[2])} {a[3] + 1}"
        if v in ("home", "withdraw"):
            return _tr("table.go_home" if v == "home" else "table.withdraw", i=a[1] + 1)
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
            return f"{_tr('table.bm.' + b[0])} ({self.gold(b[2])})"
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
        if v in ("work", "play"):
            return _tr("table.act." + v, n=a[1])
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
            return f"{_tr('table.bm.' + b[0])} (−{self.gold(b[2])})"
        if v in ("anger", "vamp") or (v == "gobble" and len(a) == 2):
            return _tr(f"table.act.{v}_{a[1]}")
        if v == "gobble":
            return self.nm(d.artifacts[a[2]][1])
        if v == "no_sale":
            return _tr("table.act.no_sale")
        if len(a) == 1 and has(f"monster_shop.table.act.{v}"):
            return _tr("table.act." + v)
        return " ".join(str(x) for x in a)

    # -- the planning tray (MS-040..042: imps and gold into up to six groups) ------------
    def _plan_tray(self, d):
        s, R, P, C, F = self.geo()
        v = self.view
        me = self.viewer
        p = v["seats"][me]
        key = (v["round"], me, p["home"], p["gold"], p["bodyguard_home"])
        if self.tray is not None and self.tray_key == key and not self.tray.submitted:
            return
        units = [Unit(("imp", i), "imp", "meeple", self.scol(me), label=_tr("table.imp_short")) for i in range(p["home"])]
        units += [Unit(("gold", i), "gold", "token", style.GOLD, label=_tr("table.gold_short")) for i in range(p["gold"])]
        if p["bodyguard_home"]:
            units.append(Unit(("bg", 0), "bg", "meeple", (90, 90, 110), label=_tr("table.bodyguard_short")))
        hat = self.R.data.artifacts
        if not p["hat_used"] and any("top_hat" in self.R.art_ops[a] for a in p["artifacts"]):
            units.append(Unit(("hat", 0), "hat", "token", (60, 60, 70), label=_tr("table.hat_short")))

        def validate(arr):
            for gid, uids in arr.items():
                if gid == "pool" or not uids:
                    continue
                sorts = [u[0] for u in uids]
                if "imp" not in sorts:
                    return _tr("table.group_needs_imp")
            return None

        def submit(arr):
            groups = []
            for gid, uids in arr.items():
                if gid == "pool" or not uids:
                    continue
                sorts = [u[0] for u in uids]
                groups.append((sorts.count("imp"), sorts.count("gold"), sorts.count("bg"), sorts.count("hat")))
            from .planning import canon
            action = ("plan", canon(groups))
            if self.match.is_legal(me, action):
                self.ctx.submit(me, action)
            return action
        del hat
        self.tray = StagingTray.split(R(20, 856, 1470, 216), units, self.R.R.max_groups, on_submit=submit,
                                      renderer=self.pieces, gfx=self.gfx, label=_tr("decision.plan"),
                                      source_label=_tr("table.home"), validate=validate)
        self.tray_key = key

    def _order_tray(self, d):
        """MS-081: the resolution order, by dragging monsters into a queue."""
        s, R, P, C, F = self.geo()
        me = self.viewer
        mons = list(d.actions[0][1])
        key = ("order", self.view["round"], me, tuple(sorted(mons)))
        if self.tray is not None and self.tray_key == key and not self.tray.submitted:
            return
        units = [Unit(("m", m), "monster", "mini", self.scol(me), label=self.monster_name(m)[:2],
                      name=self.monster_name(m)) for m in mons]

        def submit(arr):
            action = ("order", tuple(u[1] for u in arr["order"]))
            if self.match.is_legal(me, action):
                self.ctx.submit(me, action)
            return action
        self.tray = StagingTray.order(R(20, 856, 1470, 216), units, on_submit=submit, renderer=self.pieces,
                                      gfx=self.gfx, label=_tr("decision.order"), source_label=_tr("table.den"),
                                      group_label=_tr("table.queue"))
        self.tray_key = key

    def handle_event(self, e) -> bool:
        if self.tray is not None and not self.tray.submitted and self.tray.wants(e) and self.tray.handle_event(e):
            return True
        return super().handle_event(e)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tray is not None:
            self.tray.update(dt)

    def draw_overlay(self, surf) -> None:
        if self.tray is not None and not self.tray.submitted:
            self.tray.draw(surf)

    def controls(self):
        s, R, P, C, F = self.geo()
        mine = self.my_decisions()
        if not mine or mine[0].kind not in ("plan", "order"):
            self.tray = None
        if not mine:
            return [], None
        d = mine[0]
        if d.kind == "plan" and self.view and self.viewer is not None:
            self._plan_tray(d)
            return [], None
        if d.kind == "order" and self.view and self.viewer is not None:
            self._order_tray(d)
            return [], None
        acts = list(d.actions)
        pages = max(1, -(-len(acts) // MAX_BUTTONS))
        self.page %= pages
        shown = acts[self.page * MAX_BUTTONS:(self.page + 1) * MAX_BUTTONS]
        out = []
        cols = 5
        bw, bh = 288, 40
        x0, y0 = 20, 866
        for i, a in enumerate(shown):
            r = R(x0 + (i % cols) * (bw + 8), y0 + (i // cols) * (bh + 6), bw, bh)
            out.append(Button(("act", i), self.describe(d.kind, a)[:46], r, action=a, font_size=F(16, 11),
                              size=(r.width, r.height)))
        if pages > 1:
            r = R(x0 + (cols - 1) * (bw + 8) + bw - 120, y0 - 46, 120, bh)
            out.append(Button("more", f"{self.page + 1}/{pages} ›", r, action=self._next_page, font_size=F(16, 11),
                              style_name="quiet", size=(r.width, r.height)))
        return out, None

    def _next_page(self):
        self.page += 1
        self.refresh_controls()

    # -- drawing -------------------------------------------------------------------------
    def _text(self, surf, text, pos, size, color=style.TEXT, bold=False, max_w=None):
        """Draw text at a design position; with max_w (design units) it is cut with an ellipsis to fit."""
        s, R, P, C, F = self.geo()
        text = str(text)
        img = self.gfx.text(text, F(size, 10), color, bold=bold)
        if max_w is not None and img.get_width() > max_w * s:
            while len(text) > 1 and img.get_width() > max_w * s:
                text = text[:-1]
                img = self.gfx.text(text.rstrip() + "…", F(size, 10), color, bold=bold)
        surf.blit(img, P(*pos))
        return img.get_width()

    def _panel(self, surf, x, y, w, h, title=None):
        s, R, P, C, F = self.geo()
        r = R(x, y, w, h)
        pygame.draw.rect(surf, (34, 28, 30), r, border_radius=int(10 * s))
        pygame.draw.rect(surf, (92, 78, 60), r, width=max(1, int(2 * s)), border_radius=int(10 * s))
        if title:
            self._text(surf, title, (x + 10, y + 6), 18, style.GOLD, bold=True)
        return r

    def draw_board(self, surf) -> None:
        v = self.view
        if not v:
            return
        self._header(surf, v)
        self._central(surf, v)
        self._alleys(surf, v)
        self._timeline(surf, v)
        for seat in range(v["players"]):
            self._den(surf, v, seat)
        mine = self.my_decisions()
        if mine:
            d = mine[0]
            title = _tr("decision." + d.kind)
            m = (d.prompt or {}).get("monster")
            if d.kind == "assign" and m is not None:
                title += f" — {self.monster_name(m)}"
            self._text(surf, title, (20, 830), 20, style.GOLD, bold=True)
            me = v["seat"]
            hand = v["seats"][me].get("hand", []) if me is not None else []
            if hand:
                txt = "  ".join(self.card(k) + "/" + self.card(k, both=True).split(":", 1)[1] for k in hand)
                self._text(surf, txt[:150], (700, 834), 15)
        else:
            self._text(surf, _tr("phase." + v["stage"]) if v["stage"] != "over" else _tr("end.reputation"),
                       (20, 830), 20, style.TEXT_DIM if hasattr(style, "TEXT_DIM") else style.TEXT)

    def _header(self, surf, v):
        self._text(surf, f"{_tr('title')} — {v['round']}/{v['rounds']}", (20, 8), 24, style.GOLD, bold=True)

    def _occupants(self, v, key):
        sp = self.R.space_keys.index(key)
        return v["occupied"][sp]

    def _central(self, surf, v):
        s, R, P, C, F = self.geo()
        self._panel(surf, 20, 44, 980, 300)
        d = self.R.data
        y = 52
        rows = []
        for i, b in enumerate(v["food_offer"]):
            rows.append(("food", i, _tr("table.food_offer", meat=b[0], veg=b[1]) + (f" {self.gold(b[2])}" if b[2] else "")))
        rows.append(("artifacts", 0, ", ".join(self.nm(d.artifacts[a][1]) for a in v["artifact_offer"])))
        for i, c in enumerate(v["cage_offer"]):
            rows.append(("cage", i, f"{self.nm(d.cages[c][1])} {d.cages[c][2]}/{d.cages[c][3]}" if c >= 0 else "—"))
        for i, u in enumerate(v["upgrade_offer"]):
            rows.append(("upgrade", i, self.nm(d.upgrades[u][1]) if u >= 0 else "—"))
        for i, m in enumerate(v["young"]):
            rows.append(("monster_low", i, f"{self.monster_name(m)} (2)" if m >= 0 else "—"))
        for i, m in enumerate(v["older"]):
            rows.append(("monster_up", i, f"{self.monster_name(m)} (3)" if m >= 0 else "—"))
        for key in ("invite", "hospital", "jury", "podium"):
            rows.append((key, None, ""))
        col_w = 490
        label_w = max(self.gfx.text(self._row_label(k, sl), F(15, 10), style.GOLD).get_width()
                      for k, sl, _ in rows) / s + 12
        for n, (key, slot, what) in enumerate(rows):
            x = 30 + (n // 14) * col_w
            yy = y + (n % 14) * 20
            if n // 14 > 1:
                break
            self._text(surf, self._row_label(key, slot), (x, yy), 15, style.GOLD)
            w = self._text(surf, what, (x + label_w, yy), 15, max_w=col_w - label_w - 60)
            occ = self._occupants(v, key)
            seats = [occ[slot]] if slot is not None and slot < len(occ) else occ
            if key == "podium":
                seats = [x_ for x_ in range(v["players"]) if v["seats"][x_]["podium"]]
            self._dots(surf, [x_ for x_ in seats if x_ is not None and x_ >= 0], (x + label_w + 10 + w / s, yy + 8))

    def _row_label(self, key, slot) -> str:
        return self.space_name(key) + (f" {slot + 1}" if slot is not None and key != "artifacts" else "")

    def _dots(self, surf, seats, pos):
        s, R, P, C, F = self.geo()
        x, y = pos
        for seat in seats:
            pygame.draw.circle(surf, self.scol(seat), P(x, y), max(3, int(6 * s)))
            x += 16

    def _alleys(self, surf, v):
        self._panel(surf, 1010, 44, 480, 300, _tr("table.alleys"))
        d = self.R.data
        y = 74
        self._text(surf, self.space_name("black_market"), (1020, y), 15, style.GOLD)
        self._dots(surf, [x for x in self._occupants(v, "black_market") if x >= 0], (1200, y + 8))
        for b in v["black_market"]:
            y += 18
            mark = "✓ " if b[3] else ""
            self._text(surf, f"  {mark}{_tr('table.bm.' + b[0])} +{self.gold(b[2])}", (1020, y), 14)
        y += 24
        self._text(surf, self.space_name("fortune"), (1020, y), 15, style.GOLD)
        self._dots(surf, [x for x in self._occupants(v, "fortune") if x >= 0], (1200, y + 8))
        y += 22
        self._text(surf, self.space_name("industry") + ": " + ", ".join(self.nm(self.R.biz[b][1]) for b in v["businesses"]),
                   (1020, y), 14, style.GOLD, max_w=460)
        self._dots(surf, [x for x in self._occupants(v, "industry") if x >= 0], (1020, y + 26))
        y += 40
        self._text(surf, self.space_name("boutique") + ": " + ", ".join(self.nm(d.accessories[x][1]) for x in v["boutique"]),
                   (1020, y), 14, style.GOLD, max_w=460)
        self._dots(surf, [x for x in self._occupants(v, "boutique") if x >= 0], (1020, y + 26))

    def _timeline(self, surf, v):
        self._panel(surf, 1500, 44, 400, 500)
        d = self.R.data
        y = 54
        self._text(surf, _tr("table.reputation"), (1510, y), 17, style.GOLD, bold=True)
        for seat, p in sorted(enumerate(v["seats"]), key=lambda x: -x[1]["reputation"]):
            y += 22
            pygame.draw.circle(surf, self.scol(seat), self.geo()[2](1520, y + 9), 6)
            self._text(surf, f"{self.name(seat)}: {p['reputation']}", (1532, y), 16)
        y += 34
        self._text(surf, _tr("table.contests"), (1510, y), 17, style.GOLD, bold=True)
        rounds = self.R.R.contest_rounds["short" if v["short"] else "full"]
        for i, c in enumerate(v["contests"]):
            y += 20
            self._text(surf, f"{rounds[i]}: " + (self.nm(d.contests[c][1]) if c is not None else "?"), (1510, y), 15)
        y += 30
        self._text(surf, _tr("table.customers"), (1510, y), 17, style.GOLD, bold=True)
        rounds = self.R.R.customer_rounds["short" if v["short"] else "full"]
        for i, c in enumerate(v["customers"]):
            y += 20
            self._text(surf, f"{rounds[i]}: " + (self.nm(d.customers[c][1]) if c is not None else "?"), (1510, y), 15)
        me = v["seat"]
        if me is not None and 0 <= me < len(v["seats"]) and v["seats"][me].get("peeks"):
            y += 26
            for w, i, tile in v["seats"][me]["peeks"]:
                name = d.contests[tile][1] if w == "contest" else d.customers[tile][1]
                self._text(surf, "👁 " + _tr("table.peek_" + w, i=i + 1, name=self.nm(name)), (1510, y), 14)
                y += 18

    def _den(self, surf, v, seat):
        x0 = 20 + seat * 370
        y0 = 354
        p = v["seats"][seat]
        r = self._panel(surf, x0, y0, 362, 472)
        pygame.draw.rect(surf, self.scol(seat), (r.x, r.y, r.width, max(3, int(5 * self.geo()[0]))))
        star = " ★" if seat == v["start"] else ""
        self._text(surf, f"{self.name(seat)}{star}", (x0 + 10, y0 + 8), 17, style.GOLD, bold=True)
        w = 345
        self._text(surf, _tr("table.imps_line", gold=self.gold(p["gold"]), free=p["home"] - p["used"], home=p["home"],
                             away=p["away"]), (x0 + 10, y0 + 30), 13, max_w=w)
        self._text(surf, _tr("table.imps_line2", hospital=p["hospital"], podium=p["podium"]),
                   (x0 + 10, y0 + 46), 13, max_w=w)
        self._text(surf, _tr("table.stores", meat="·".join(map(str, p["meat"])), veg="·".join(map(str, p["veg"])),
                             frozen=sum(p["frozen"])), (x0 + 10, y0 + 62), 13, max_w=w)
        self._text(surf, _tr("table.stores2", potion=p["potions"], lolly=p["processed"][0], can=p["processed"][1]),
                   (x0 + 10, y0 + 78), 13, max_w=w)
        den = p["den"]
        d = self.R.data
        for pl in range(len(den["cage"])):
            y = y0 + 100 + pl * 78
            cage = den["cage"][pl]
            if cage == -2:
                cname = "—"
            elif cage == -1:
                cname = _tr("table.printed", a=self.R.data.printed_mods[0], b=self.R.data.printed_mods[1])
            else:
                cname = f"{self.nm(d.cages[cage][1])} {d.cages[cage][2]}/{d.cages[cage][3]}"
            upg = den["upgrade"][pl]
            self._text(surf, f"{_tr('table.place', n=pl + 1)} {cname}" + (f" + {self.nm(d.upgrades[upg][1])}" if upg >= 0 else ""),
                       (x0 + 10, y), 13, style.GOLD)
            self._text(surf, _tr("table.dung", n=den["dung"][pl])
                       + (" " + _tr("table.pearl", n=den["pearls"][pl]) if den["pearls"][pl] else ""),
                       (x0 + 10, y + 18), 13)
            m = den["monster"][pl]
            if m >= 0:
                info = v["monsters"].get(str(m), {})
                self._text(surf, _tr("table.monster_info", name=self.monster_name(m), size=info.get("size"),
                                     suffering=info.get("suffering", 0), mutations=info.get("mutations", 0)),
                           (x0 + 10, y + 36), 13, bold=True, max_w=345)
                self._stripes(surf, m, info, (x0 + 14, y + 58))
                sh = info.get("show")
                if sh and any(sh[:6]):
                    self._text(surf, " ".join(f"{self.symbol(i)}{sh[i]}" for i in range(6) if sh[i]),
                               (x0 + 200, y + 54), 13, style.GOLD)
        if den["waiting"]:
            self._text(surf, _tr("table.waiting", names=", ".join(self.monster_name(m) for m in den["waiting"])),
                       (x0 + 10, y0 + 412), 13)
        arts = ", ".join(self.nm(d.artifacts[a][1]) for a in p["artifacts"])
        self._text(surf, arts, (x0 + 10, y0 + 430), 12, max_w=345)
        if "groups" in p and p["groups"]:
            gs = " ".join(f"[{_tr('table.imps', n=g[0])}{'+' + self.gold(g[1]) if g[1] else ''}"
                          f"{'→' + self.space_name(self.R.space_keys[g[5]]) if g[4] == 1 else ''}]"
                          for g in p["groups"])
            self._text(surf, gs, (x0 + 10, y0 + 448), 12, max_w=345)
        elif p.get("plan"):
            self._text(surf, _tr("table.plan", plan=self.describe("plan", ("plan", tuple(tuple(g) for g in p["plan"])))),
                       (x0 + 10, y0 + 448), 12, max_w=345)
        elif p.get("committed"):
            self._text(surf, "✓", (x0 + 10, y0 + 448), 14)

    def _stripes(self, surf, m, info, pos):
        s, R, P, C, F = self.geo()
        st = info.get("stage", 0)
        mon = self.R.M[m]
        cols = list(mon.stages[st]) + ([mon.extra] if mon.extra else [])
        for x in info.get("accessories", []):
            cols.append(COLOURS[self.R.data.accessories[x][2]])
        x, y = pos
        for c in cols:
            pygame.draw.rect(surf, COLOUR_RGB[c], R(x, y, 16, 10), border_radius=2)
            x += 20
