"""The monster-shop table (a TableKit subclass): the central board and the Dark Alleys
board side by side with every offer drawn and who is on each space, the reputation
track and the contest/customer tiles, each player's den (places with cages, dung,
pearls and upgrades; monsters as tokens with their growth dial, size, need stripes,
suffering, mutations and accessories; food chambers; imps at home, away, in hospital
and on the podium), the chronicle, and the viewer's decision at the bottom.

Drawn only from the view (`view_of`, never match.state): live scores are the view's,
a need card's preview plays the rules on a state sampled from the view (preview.py); a
finished game's replay reads the rules' `reveal_view` through the kit. Pictures:
art.py; where things are: layout.py; words (names, chronicle, tooltips): words.py; what a
gesture means (a staged card, its preview, a plan): choices.py. Hovering a den place or a
board tile says what is there.

Interaction: the secret planning is a StagingTray (imps, gold, bodyguard and top hat
into up to six groups); sending is a click on a lit board tile (or a button); need
cards are dragged from the hand onto the monster whose turn it is — while one hovers
there, the suffering it would bring is previewed on the monster — and Confirm assigns
them (a click on a card stages it too; a click on a staged card turns its demanding
half or takes it back); the resolution order is dragged into a queue; every other
answer is a button. Events animate: groups walk to their spaces, need cards fly to
monsters, suffering, dung, gold and food rise as floaters, and the chronicle is paced.
"""
from __future__ import annotations

import pygame

from game.core.i18n import language
from game.ui.table import style
from game.ui.table.cards import CardFrame, CardSprite
from game.ui.table.gfx import Gfx
from game.ui.table.kit import Flyer, TableKit, Target
from game.ui.table.pieces import PieceRenderer
from game.ui.table.regions import split_rect
from game.ui.table.staging import StagingTray, Unit
from game.ui.table.widgets import Button, Chip, Option
from game.ui.table.zones import Row, StaggerRow

from ..choices import ShopChoices
from ..coaching import ShopCoaching
from ..effects import COLOURS, SYMBOLS
from ..words import CHRONICLED, ShopWords
from .art import COLOUR_RGB, MUTATION_RGB, SUFFER_RGB, ShopArt, need_icon
from .layout import Geometry

MAX_BUTTONS = 12
BUTTON_COLS = 3
CARD_ASPECT = 0.7
FRAMES = {c: CardFrame(fill=style.lerp_color(rgb, (0, 0, 0), 0.35), fill_low=style.lerp_color(rgb, (0, 0, 0), 0.75),
                       border=style.lerp_color(rgb, (255, 255, 255), 0.3), art_bg=style.lerp_color(rgb, (0, 0, 0), 0.82),
                       icon=(250, 240, 220))
          for c, rgb in COLOUR_RGB.items()}


# events shown as a floating word (words.float_words): (colour, sound)
FLOATS = {"suffering": (SUFFER_RGB, "challenge"), "dung": ((190, 140, 90), None), "mutation": (MUTATION_RGB, "reveal"),
          "lost": (style.BAD, "splash"), "food": ((230, 160, 110), None), "pearl": (style.GOLD_BRIGHT, "coins"),
          "work": (style.GOLD_BRIGHT, "coins"), "sale": (style.GOLD_BRIGHT, "coins")}
# the planning tray's pieces by sort (choices.plan_units): (shape, colour (None: the seat's), short name)
PLAN_LOOKS = {"imp": ("meeple", None, "imp_short"), "gold": ("token", style.GOLD, "gold_short"),
              "bg": ("meeple", (90, 90, 110), "bodyguard_short"), "hat": ("token", (60, 60, 70), "hat_short")}


class MonsterShopTable(TableKit):
    """The kit's table; it holds its helpers: `words` (ShopWords: names, the chronicle,
    tooltips), `choices` (ShopChoices: the staged assignment, plans, sending), `art`
    (ShopArt: the boards and dens) and `coaching` (where a guided game points)."""
    game_id = "monster_shop"

    def __init__(self, ctx):
        from game.registry import ruleset
        spec_rules = getattr(ctx.match, "rules", None)
        self.R = spec_rules if spec_rules is not None and hasattr(spec_rules, "data") else ruleset(self.game_id)
        self.geom = Geometry(ctx.size)
        self.page = 0
        self.tray = None              # the private staging tray of the secret planning
        self.tray_key = None
        self._view_rev = 0
        # the kit draws the table once while it is built: the helpers and the pieces' renderer come first
        self.words = ShopWords(self.R, self.name, lambda: self.view)
        self.choices = ShopChoices(self.R, self.words, self)
        self.art = ShopArt(self)
        self.coaching = ShopCoaching(self)
        self.pieces = PieceRenderer(Gfx(ctx.assets), colorblind=bool(getattr(ctx.settings, "colorblind", False)))
        super().__init__(ctx)

    def log_rect(self) -> pygame.Rect:
        return self.geom["log"]

    def seat_anchor(self, seat):
        """The app's "… is thinking" cue: on the chronicle's heading, never on the title line."""
        return self.log_rect().centerx, self.log_rect().top + self.geom.u(0.052)

    def toast_at(self) -> tuple:
        """A refusal shows in the acting player's own area: over the hand and the buttons."""
        return self.geom["bottom"].centerx, self.geom["hand"].y + self.geom.u(0.02)

    # -- need cards: faces, the hand, staging an assignment -------------------------------
    def card_canon(self, key):
        return self.R.data.cards[key] if isinstance(key, int) else key

    def card_spec(self, key) -> dict:
        if not isinstance(key, tuple):
            key = self.card_canon(key)
        ci, a, b = key
        return {"key": key, "title": self.words.tr("board.need." + SYMBOLS[a]), "kind": COLOURS[ci], "icon": need_icon(a),
                "subtitle": "+ " + self.words.tr("board.need." + SYMBOLS[b]), "type_icon": need_icon(b),
                "frame": FRAMES[COLOURS[ci]], "sections": ["title", "art", "type"]}

    def card_size(self, region) -> tuple:
        r = self.geom[region]
        h = int(r.height * 0.94)
        return (int(h * CARD_ASPECT), h)

    def build(self, view) -> None:
        self.add_zone(StaggerRow("hand", self.geom["hand"], self.card_size("hand"), gap=self.geom.u(0.006),
                                 private=True, target=False))
        w, h = self.card_size("staged")
        self.add_zone(Row("staged", self.geom["staged"], (int(w * 0.8), int(h * 0.8)), gap=self.geom.u(0.004), target=False))

    def before_sync(self, view, instant: bool) -> None:
        self._view_rev += 1
        self.choices.new_view(view)

    def zone_cards(self, view) -> dict:
        return self.choices.zone_cards(view)

    def coach_gesture(self, pattern) -> list:
        """The coach's hook (ui/scenes/pointing.py): the next local gesture toward `pattern`."""
        return self.coaching.coach_gesture(pattern)

    def _stage(self, k, m) -> None:
        i, why = self.choices.stage_slot(k, m)
        if i is None:
            self.refuse(why)              # a Refusal: words and the rules section on need cards
            return
        self.choices.staged[i] = (k, 0)
        self._shift(k, "hand", "staged")
        self.sound("card_flip")

    def _unstage(self, k) -> None:
        self.choices.staged = [None if pk is not None and pk[0] == k else pk for pk in self.choices.staged]
        self._shift(k, "staged", "hand")

    def _shift(self, k, src, dst) -> None:
        """Need card k's sprite from zone src to dst (the hand kept in order); the layout glides it."""
        sp = self.take_sprite(self.zones[src], key=k)
        if sp is not None:
            self.zones[dst].cards.append(sp)
            sp.zone, sp.selected = dst, False
            self.zones["hand"].cards.sort(key=lambda c: c.key)
        self.layout()
        self.refresh_controls()

    def _turn_half(self, k) -> None:
        self._set_halves({k: 1 - self.choices.half_of(k)})
        self.sound("card_flip")

    def _all_demanding(self) -> None:
        self._set_halves(dict.fromkeys(self.choices.staged_cards(), 1))

    def _set_halves(self, halves) -> None:
        """Staged card -> half (1 = the demanding one, its sprite raised)."""
        self.choices.set_halves(halves)
        for sp in self.zones["staged"].cards:
            sp.selected = bool(halves.get(sp.key, sp.selected))
        self.refresh_controls()

    def _potion(self) -> None:
        self.choices.add_potion()
        self.refresh_controls()

    def _clear(self) -> None:
        for k in self.choices.staged_cards():
            self._unstage(k)
        self.choices.staged = [None] * len(self.choices.staged)
        self.refresh_controls()

    def options_for(self, item) -> list[Option]:
        if isinstance(item, CardSprite) and item.zone == "hand" and self.choices.assign_decision() is not None:
            return [Option(self.words.tr("board.put_on", monster=self.words.monster_name(m)), (lambda k=item.key, m=m: self._stage(k, m)),
                           target=("monster", m), icon="ms_suffering" if fits else "close", hint=hint)
                    for m, fits, hint in self.choices.placements(item.key)]
        if isinstance(item, CardSprite) and item.zone == "staged" and self.choices.assign_decision() is not None:
            out = [Option(self.words.tr("board.back_to_hand"), lambda k=item.key: self._unstage(k))]
            if self.view.get("full"):
                out.insert(0, Option(self.words.tr("board.half_simple" if self.choices.half_of(item.key) else "board.half_demanding"),
                                     lambda k=item.key: self._turn_half(k)))
            return out
        if isinstance(item, Chip):
            return list(item.options)
        if isinstance(item, Target) and item.id[0] in ("tile", "space"):
            return [Option(self.words.describe("send", a), a) for a in self.choices.sends_to(item.id)]
        return []

    def send_options(self, group=None) -> list[Option]:
        """A send per lit place (of one group, or of any): what a drop or a click there plays."""
        return [Option(self.words.describe("send", a), a, target=self.choices.send_target(a))
                for a in self.choices.sends() if group is None or a[1] == group]

    def target_label(self, tid) -> str:
        return self.words.target_name(tid) or super().target_label(tid)

    def log_entry(self, ev):
        """The chronicle: the rules' log lines as they are, other public moves with the
        seat's name in its colour."""
        if ev.kind == "log":
            return [(self.words.log_text(ev), None, None)]
        said = self.words.event_words(ev) if ev.kind in CHRONICLED else None
        return self.segments(f"monster_shop.board.log.{said[0]}", said[1], seats=("seat",)) if said else None

    def target_rect(self, tid):
        kind = tid[0] if isinstance(tid, tuple) and tid else None
        if kind == "monster":
            return self.monster_rect(self.viewer, tid[1])
        if kind in ("tile", "space"):
            return self.geom.tile(tid[1], tid[2]) if kind == "tile" else self.geom.space(tid[1])
        return super().target_rect(tid)

    def item_at(self, pos):
        """Nothing under an open planning tray answers the pointer (no tooltip shows through it)."""
        if self.tray is not None and not self.tray.submitted and self.tray.rect.collidepoint(pos):
            return None
        return super().item_at(pos)

    def targets_at(self, pos) -> list:
        """Lit tiles to send a group to; else a den place or a board tile (for its tooltip)."""
        out = [tid for tid in self.choices.send_targets() if self.target_rect(tid).collidepoint(pos)]
        if out or not self.view:
            return out
        for seat in range(self.view["players"]):
            if self.geom.den(seat).collidepoint(pos):
                return [("place", seat, p) for p in range(len(self.view["seats"][seat]["den"]["cage"]))
                        if self.geom.place(seat, p).collidepoint(pos)]
        for key in ("food", "cage", "upgrade", "monster_low", "monster_up"):
            for slot in range(3):
                r = self.geom.tile(key, slot)
                if r is not None and r.collidepoint(pos):
                    return [("tile", key, slot)]
        return []

    def monster_rect(self, seat, m):
        """The den place of monster m of `seat`, None when it is not there."""
        if seat is None or not self.view or m not in self.view["seats"][seat]["den"]["monster"]:
            return None
        return self.geom.place(seat, self.view["seats"][seat]["den"]["monster"].index(m))

    def tooltip_for(self, item):
        if isinstance(item, Target) and self.view and isinstance(item.id, tuple) and item.id:
            tip = self.words.target_tip(item.id, item.id in self.choices.send_targets())
            if tip is not None:
                return tip
        if isinstance(item, CardSprite) and item.key is not None:
            return self.words.card_tip(item.key)
        return super().tooltip_for(item)

    # -- the planning tray (MS-040..042: imps and gold into up to six groups) ------------
    def _tray(self, key, build) -> None:
        """The staging tray for `key` (built anew when the question changed or was answered)."""
        if self.tray is None or self.tray_key != key or self.tray.submitted:
            self.tray, self.tray_key = build(), key

    def _submit_if_legal(self, action):
        if self.match.is_legal(self.viewer, action) and self.ctx.submit(self.viewer, action) is None \
                and self.tray is not None:
            self.tray.submitted = False   # refused (a guided game's step): the tray stays, to correct
        return action

    def _plan_tray(self, d):
        v, me = self.view, self.viewer
        p = v["seats"][me]
        self._tray((v["round"], me, p["home"], p["gold"], p["bodyguard_home"]), lambda: self._new_plan_tray(p))

    def _new_plan_tray(self, p):
        counts, units = self.choices.plan_units(p), []
        for sort, n in counts.items():
            shape, colour, short = PLAN_LOOKS[sort]
            units += [Unit((sort, i), sort, shape, colour or self.scol(self.viewer), label=self.words.tr("table." + short))
                      for i in range(n)]

        def groups(arr):                     # each group: the sorts of its units
            return [[u[0] for u in uids] for gid, uids in arr.items() if gid != "pool"]
        return StagingTray.split(self.geom["tray"], units, self.R.R.max_groups,
                                 on_submit=lambda arr: self._submit_if_legal(self.choices.plan_action(groups(arr))),
                                 renderer=self.pieces, gfx=self.gfx, label=self.words.tr("decision.plan"),
                                 steppers={k: self.words.tr("table.step_" + k) for k in ("imp", "gold") if counts[k]},
                                 source_label=self.words.tr("table.home"), validate=lambda arr: self.choices.plan_problem(groups(arr)),
                                 on_refuse=self.refuse)

    def _order_tray(self, d):
        """MS-081: the resolution order, by dragging monsters into a queue."""
        me, mons = self.viewer, list(d.actions[0][1])
        units = [Unit(("m", m), "monster", "mini", self.scol(me), label=self.words.monster_name(m)[:2],
                      name=self.words.monster_name(m)) for m in mons]
        self._tray(("order", self.view["round"], me, tuple(sorted(mons))), lambda: StagingTray.order(
            self.geom["tray"], units, on_submit=lambda arr: self._submit_if_legal(("order", tuple(u[1] for u in arr["order"]))),
            renderer=self.pieces, gfx=self.gfx, label=self.words.tr("decision.order"), source_label=self.words.tr("table.den"),
            group_label=self.words.tr("table.queue"), steady=True))

    def handle_event(self, e) -> bool:
        if self.tray is not None and not self.tray.submitted and self.tray.wants(e) and self.tray.handle_event(e):
            if e.type == pygame.MOUSEMOTION and self.hover is not None:
                self.input.set_hover(None)        # the tray took the pointer: no tooltip of what it left
            return True
        return super().handle_event(e)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.tray is not None:
            self.tray.update(dt)
        hand = self.zones.get("hand")         # the lower staggered row over the upper, the hovered card on top
        for i, sp in enumerate(hand.cards if hand is not None else ()):
            sp.z = hand.z * 1000 + i + 200 * hand.lower(i) + (500 if sp is self.hover else 0)
        d = self.drag
        if d is not None and isinstance(d["item"], CardSprite) and d["item"].zone == "hand":
            # a carried need card shrinks to the staged cards' size, centred on the pointer, so
            # the monster under it and its preview stay in sight (the layout grows it back)
            sp = d["item"]
            sp.w, sp.h = self.zones["staged"].card_size
            if d["off"] != (0, 0):
                d["off"] = (0, 0)
                sp.x, sp.y = d["pos"]

    def controls(self):
        mine = self.my_decisions()
        if not mine or mine[0].kind not in ("plan", "order"):
            self.tray = None
        if not mine:
            return [], None
        d = mine[0]
        if d.kind in ("plan", "order", "assign") and self.view and self.viewer is not None:
            if d.kind == "assign":
                return self._assign_controls(d), None
            (self._plan_tray if d.kind == "plan" else self._order_tray)(d)
            return [], None
        acts, per = list(d.actions), MAX_BUTTONS          # one page of buttons at a time
        pages = max(1, -(-len(acts) // per))
        self.page %= pages
        shown = acts[self.page * per:(self.page + 1) * per]
        said = [self.words.describe(d.kind, a, d.prompt) for a in shown]
        out = [self._button(("act", i), words, r, a, tooltip=words)
               for i, (a, words, r) in enumerate(zip(shown, said, self._button_cells("buttons", per)))]
        if pages > 1:
            out.append(self._button("more", f"{self.page + 1}/{pages} ›", self._more_rect(), self._next_page,
                                    style_name="quiet"))
        if d.kind == "send":                     # each group that may go, to drag onto a lit place
            p, groups = self.geom["prompt"], self.choices.sending_groups()
            area = pygame.Rect(p.x + p.width * 0.2, p.y, p.width * 0.26, p.height)
            out += [Chip(("group", i), self.words.tr("table.group_chip", group=words), r, options=self.send_options(i),
                         tooltip=self.words.tr("table.group_chip_tip"), font_size=self.art.fs(0.0155), size=r.size, icon="player")
                    for (i, words), r in zip(groups, split_rect(area, max(1, len(groups)), "x", self.geom.gap))]
        return out, None

    def _button(self, bid, label, r, action, **kw) -> Button:
        return Button(bid, label, r, action=action, font_size=self.art.fs(0.0155), size=r.size, **kw)

    def _button_cells(self, region, n) -> list:
        gap = self.geom.u(0.006)
        return [c for row in split_rect(self.geom[region], max(1, -(-n // BUTTON_COLS)), "y", gap)
                for c in split_rect(row, BUTTON_COLS, "x", gap)]

    def _more_rect(self) -> pygame.Rect:
        p, b = self.geom["prompt"], self.geom["buttons"]
        w = b.width // (2 * BUTTON_COLS)
        return pygame.Rect(b.right - w, p.y, w, p.height)

    def _assign_controls(self, d) -> list:
        """Confirm (the staged cards, free stripes completed from the hand), clear, a potion,
        and both halves at once in the full version."""
        cells = self._button_cells("assign_buttons", 4)
        action = self.choices.candidate(self.choices.staged)
        legal = self.match.is_legal(self.viewer, action)
        out = [self._button(("assign", "confirm"), self.words.tr("board.confirm"), cells[0], action if legal else None,
                            enabled=legal, icon="confirm", hotkey=pygame.K_RETURN),
               self._button(("assign", "clear"), self.words.tr("board.clear"), cells[1], self._clear, style_name="quiet",
                            enabled=any(pk is not None for pk in self.choices.staged))]
        left = self.choices.potions_left()
        if left > 0 and None in self.choices.staged:
            out.append(self._button(("assign", "potion"), self.words.tr("board.potion", n=left), cells[2], self._potion,
                                    style_name="quiet"))
        if self.view.get("full"):
            out.append(self._button(("assign", "halves"), self.words.tr("board.all_demanding"), cells[3], self._all_demanding,
                                    style_name="quiet"))
        return out

    def _next_page(self):
        self.page += 1
        self.refresh_controls()

    # -- events: animations and a paced chronicle ---------------------------------------
    def animate(self, ev) -> bool:
        k, d = ev.kind, ev.data
        if k == "group" and d.get("to") not in (None, "home"):
            fn, hold = (lambda: self._walk(d["seat"], d["to"], d.get("slot"), d.get("size"))), None
        elif k == "assigned":
            fn, hold = (lambda: self._fly_card(d["seat"], d["monster"])), None
        elif k == "reveal" and d.get("choice") == "needs":
            fn, hold = (lambda: (self.herald(self.words.tr("board.needs_revealed")), self.sound("reveal"))), 0.8
        elif k == "phase":
            fn, hold = (lambda: self.herald(self.words.maybe("board.phase." + d["phase"], d["phase"]), big=False)), 0.5
        elif k in FLOATS:
            fn, hold = (lambda: self._float(k, d, *FLOATS[k])), 0.45
        elif k == "log" or k in CHRONICLED:
            fn, hold = (lambda: None), 0.35 if k == "log" else 0.3
        else:
            return False
        self.step(fn, hold=hold)
        return True

    def _float(self, kind, d, col, snd):
        seat = d.get("seat")
        if not isinstance(seat, int) or not self.view or not 0 <= seat < len(self.view["seats"]):
            return
        pos = self.geom.den_home(seat)
        if "monster" in d:
            r = self.monster_rect(seat, d["monster"])
            pos = r.center if r is not None else pos
        elif "place" in d and isinstance(d["place"], int):
            pos = self.geom.place(seat, d["place"]).center
        text = self.words.float_words(kind, d)
        if text is not None:
            self.floater(text, pos, col)
            if snd:
                self.sound(snd)

    def _travel(self, img, p0, p1, duration, lift):
        """A picture (a group walking to its space, a need card) hops over the table on the
        kit's hop_along; it is gone once it lands."""
        f = Flyer(img)
        f.x, f.y = p0
        self.flyers.append(f)
        end = (p1[0], p1[1])

        def place(pos, up, f=f):
            f.x, f.y, f.alive = pos[0], pos[1] - up, pos is not end
        return self.hop_along([p0, end], place, per=duration, hop=lift)

    def _walk(self, seat, to, slot, size):
        """A group walks from its den to its space (MS-043)."""
        if to not in self.R.space_keys:
            return 0.0
        p1 = self.geom.slot_point(to, slot) if slot is not None else self.geom.space(to).center
        label = (str(int(size)) if float(size).is_integer() else str(size)) if size else None
        img = self.pieces.body("meeple", self.scol(seat), max(8, self.geom.u(0.022)), label, mark=seat)
        self.sound("card_slide")
        return self._travel(img, self.geom.den_home(seat), p1, 0.6, self.geom.u(0.08)) * 0.9

    def _fly_card(self, seat, m):
        """A need card flies face down from the owner's hand to the monster (MS-076)."""
        r = self.monster_rect(seat, m)
        if r is None:
            return 0.0
        w, h = self.card_size("staged")
        p0 = self.geom["staged"].center if seat == self.viewer else self.geom.den_home(seat)
        self.sound("card_flip")
        return self._travel(self.cards.back((w // 2, h // 2)), p0, r.center, 0.45, self.geom.u(0.05)) * 0.9

    # -- drawing -------------------------------------------------------------------------
    def static_key(self):
        return (self._view_rev, self.viewer, language(), self.size)

    def draw_static(self, surf) -> None:
        v = self.view
        if not v:
            return
        self.draw_header(surf, v)
        self.art.draw_central(surf, v)
        self.art.draw_alleys(surf, v)
        self.art.draw_side(surf, v)
        for seat in range(v["players"]):
            self.art.draw_den(surf, v, seat)

    def draw_header(self, surf, v):
        r = self.geom["top"]
        if v.get("over"):                   # the scene's "Game over" strip lies across this line
            return
        self.art.blit_text(surf, f"{self.words.tr('title')} — {v['round']}/{v['rounds']}", (r.x + 4, r.centery), 0.024, style.GOLD,
                       bold=True, serif=True, max_w=r.width * 0.7, anchor="midleft")
        self.art.blit_text(surf, self.words.maybe("phase." + v["stage"]), (r.right, r.centery), 0.017, style.TEXT_DIM,
                       max_w=r.width * 0.3, anchor="midright")

    def draw_board(self, surf) -> None:
        v = self.view
        if not v:
            return
        self.draw_prompt_line(surf, v)
        if self.armed is None and self.drag is None:
            tids = self.choices.send_targets()
            if tids:
                self.glow_around(surf, [self.target_rect(t) for t in tids], pad=4, dashed=True)
        lit = [(self.viewer, self.choices.current_monster(), {"color": style.GOLD_BRIGHT, "pad": 6})]
        care = v.get("care")
        if care and care[0] >= 0:                       # the monster being cared for now (MS-082)
            lit += [(seat, care[0], {"color": style.GOOD, "pad": 4, "base": 70, "swing": 90}) for seat in range(v["players"])]
        for seat, m, kw in lit:
            r = self.monster_rect(seat, m)
            if r is not None:
                self.glow_around(surf, [r], **kw)

    def draw_prompt_line(self, surf, v):
        if self.tray is not None and not self.tray.submitted:
            return                               # the tray says what it asks
        r = self.geom["prompt"]
        mine = self.my_decisions()
        title = self.words.prompt_title(mine[0] if mine else None, v)
        color = style.GOLD if mine or v["stage"] == "over" else style.TEXT_DIM
        self.art.blit_text(surf, title, (r.x + 4, r.centery), 0.019, color, bold=True,
                       max_w=r.width * (0.19 if mine and mine[0].kind == "send" else 0.6),
                       anchor="midleft")
        if mine and mine[0].kind == "assign":
            self.draw_stripes_to_fill(surf)
        hint = {"assign": ("board.assign_hint", 0.62, 0.38), "send": ("table.send_hint", 0.47, 0.44)}.get(
            mine[0].kind if mine else None)
        if hint:
            self.art.blit_text(surf, self.words.tr(hint[0]), (r.x + r.width * hint[1], r.centery), 0.0155, style.TEXT_DIM,
                           max_w=r.width * hint[2], anchor="midleft")

    def draw_stripes_to_fill(self, surf):
        """Over the staged cards: the monster's stripes, each filled by its staged card (a
        potion marked P), free ones hollow; the two-symbol half shown by a second dot."""
        r = self.geom["staged"]
        stripes = self.choices.stripes_now()
        h = max(6, self.geom.u(0.012))
        w, y = h * 2, r.y + 2
        x = r.centerx - (len(stripes) * (w + 3)) // 2
        for i, ci in enumerate(stripes):
            col = COLOUR_RGB[COLOURS[ci]]
            box = pygame.Rect(x, y, w, h)
            pk = self.choices.staged[i] if i < len(self.choices.staged) else None
            if pk is None:
                pygame.draw.rect(surf, col, box, 2, border_radius=3)
            else:
                pygame.draw.rect(surf, col, box, border_radius=3)
                pygame.draw.rect(surf, (10, 8, 8), box, 1, border_radius=3)
                dots = 2 if pk[1] else 1
                for dd in range(dots):
                    pygame.draw.circle(surf, (20, 14, 14), (box.x + w * (dd + 1) // (dots + 1), box.centery), max(2, h // 4))
            x += w + 3

    def draw_final(self, surf, v):
        """The final reckoning: both evaluations' reputation and the total, winners marked."""
        r = self.geom["buttons"]
        panel = self.score_table(r.size, *self.words.final_words(v), tuple((v.get("result") or {}).get("winners", ())))
        self.art.box(surf, r, (20, 14, 16), style.GOLD_DEEP, self.geom.u(0.01))
        surf.blit(panel, r.topleft)

    def draw_preview(self, surf, m, r):
        """The needs and suffering this monster would get: the hovered card's assignment
        while a card is carried over it, else what is staged (free stripes from the hand)."""
        sp = self.drag["item"] if self.drag is not None and self.drag.get("over") == ("monster", m) else None
        carried = self.choices.picks_with(sp.key, m) if isinstance(sp, CardSprite) and sp.key is not None else None
        picks = carried or list(self.choices.staged)
        pv = self.choices.preview_for(picks) if carried is not None or any(pk is not None for pk in picks) else None
        if pv is None:
            return
        isz = max(12, self.geom.u(0.022))
        box = pygame.Rect(0, 0, int(r.width * 1.5), isz * 2 + self.geom.u(0.03))
        box.midleft = (r.right + self.geom.gap, r.centery)
        if box.right > self.geom["dens"].right:
            box.midright = (r.left - self.geom.gap, r.centery)
        # an opaque plate; a loss in white on red, so the warning reads over any den
        fill, col = ((150, 22, 30), (255, 246, 240)) if pv.lost else ((14, 9, 10), SUFFER_RGB if pv.suffering
                                                                        else style.GOOD)
        self.art.box(surf, box, fill, (255, 240, 230) if pv.lost else col, 6, alpha=255, width=3 if pv.lost else 2)
        self.art.needs_row(surf, pv.needs, (box.x + 6, box.y + 4), isz, box.right - 6)
        self.art.blit_text(surf, self.words.preview_words(pv), (box.centerx, box.bottom - 4), 0.0155, col, bold=True,
                       max_w=box.width - 8, anchor="midbottom", lines=2)

    def draw_overlay(self, surf) -> None:
        if self.tray is not None and not self.tray.submitted:
            r = self.geom["tray"]
            self.art.box(surf, r, style.INK, None, self.geom.u(0.01), alpha=255)
            self.tray.draw(surf)
            if self.tray_key[0] != "order":      # planning: what a group is for
                h = self.tray.head
                self.art.blit_text(surf, self.words.tr("table.plan_hint"), (h.right, h.centery), 0.015, style.TEXT_DIM,
                               max_w=h.width * 0.55, anchor="midright")
        if self.view and self.view.get("over"):
            self.draw_final(surf, self.view)
        m = self.choices.current_monster()
        r = self.monster_rect(self.viewer, m)
        if r is not None:
            self.draw_preview(surf, m, r)
