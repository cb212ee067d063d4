"""The Dark Gothic table: the Center Line of 6 (the Villain end on the right, framed; Roaming
cards lifted with a marker, Global cards glowing, Cursed cost orbs bleeding), the Villain with
its Danger and the number left, the Shadows as a face-down stack with a track out of 10 that
turns red from 7 and throbs at 9 (a heartbeat tick), the supply, each Hero's deck, hand, play
area, discard pile, Remains and defeated Villains, the resource pool as glass orbs beside your
hand (hover one for the card that made it), a turn banner (whose turn, the phase, what you may
do now) and the Omen die (the kit's DieSprite) on its tray, tumbling onto every face the rules
roll. Cards glide between zones with the kit's tweens, so AI turns can be followed.

Play a card by dragging it to your play area; buy or defeat by dragging a Center Line card,
a Training card, the Hungry Dead or the Villain onto your discard pile (or click, then click
the target). Everything else (Silver colour, Cursed payment, Block, Protect, discards, the
Poltergeist's pass, Power of Light) is a banner with buttons. All words come from
data/dark_gothic/locale/en.yaml; positions from LAYOUT (design pixels of a 1920×1080 table);
the art (backdrop, track, glows, drips, frame) from art.py. The background is rendered
once per layout, the turn banner and name plates into the kit's static layer (static_key).
"""
from __future__ import annotations

import math

import pygame

from game.core.i18n import t
from game.ui.table import style
from game.ui.table.beads import glass_bead
from game.ui.table.cards import CardFrame, CardSprite
from game.ui.table.dice import DieSprite
from game.ui.table.dock import DockedPrompt
from game.ui.table.hurry import Hurry
from game.ui.table.gfx import seat_marker_surface
from game.ui.table.kit import TableKit
from game.ui.table.widgets import BannerSpec, Button, Option
from game.ui.table.zones import Fan, Row, Spot, Stack

from . import art
from . import hints
from .art import ORB
from .. import words
from .choice import HURRY, HURRY_RECT, HURRY_WORDS, hero_cards
from .payment import PaymentPicker

FRAMES = {
    "start": ((92, 78, 60), (44, 36, 28)), "honor": ((150, 120, 40), (70, 52, 16)),
    "training": ((70, 84, 96), (30, 36, 44)), "secret": ((40, 40, 44), (12, 12, 14)),
    "gear": ((96, 70, 36), (44, 30, 14)), "ally": ((40, 86, 70), (16, 38, 30)),
    "location": ((70, 56, 96), (30, 24, 44)), "event": ((52, 74, 110), (20, 30, 50)),
    "minion": ((110, 28, 36), (50, 10, 16)), "villain": ((70, 10, 20), (24, 4, 8)),
    "discovery": ((60, 60, 60), (20, 20, 20)),
}
ICONS = {"start": "candle", "honor": "trophy", "training": "daggers", "secret": "death", "gear": "lantern",
         "ally": "player", "location": "tavern", "event": "omen", "minion": "minion", "villain": "villain",
         "discovery": "imp"}
CARD_ICONS = {"wolf_pack": "werewolf", "witch_of_salem_wood": "witch", "silver_cross": "rosary",
              "book_of_common_prayer": "ledger", "doctor_manning": "plague_doctor", "reverend_harding": "mitre",
              "tomahawk": "hand_axe", "masked_assassin": "assassinate", "hungry_dead": "death",
              "lightning_strike": "omen", "harbour_tavern": "tavern", "highwayman": "rob", "brigand": "cudgel"}

# design pixels (1920 × 1080); the kit's geo() scales them into the window. Top to bottom: the
# Center Line with the Villain end, the supply row, the other Heroes' boards side by side (one
# compact panel each), then you: play area, Remains, defeated Villains, hand, deck, pool.
LAYOUT = {
    "card": (150, 210), "small": (84, 118), "tiny": (62, 87), "hand": (128, 180), "play": (108, 151),
    "play_solo": (130, 182),
    "center_x": 40, "center_y": 30, "center_dx": 162,
    "villain_x": 1046, "vstack_x": 1282, "shadows_x": 1414,
    "supply_y": 300, "supply_x": 40, "supply_dx": 100, "main_x": 700, "crypt_x": 810,
    "omen": (944, 362), "omen_from": (1414, 150), "omen_size": 70, "omen_tray": 52,
    "others_y": 458, "others_h": 152, "others_x": 20, "others_w": 1502, "others_gap": 14, "others_row": 40,
    "me_top": 636, "me_top_solo": 530, "me_x": 300, "me_right": 1520, "me_gap": 12,
    "me_play_w": 810, "me_remains_w": 208,
    "me_hand": pygame.Rect(290, 834, 870, 184), "me_deck": (90, 950), "me_discard": (200, 950),
    "me_label": (40, 802), "pool": pygame.Rect(1180, 836, 345, 204), "orb_r": 24, "orb_gap": 12,
    "log": pygame.Rect(1540, 304, 360, 760),
    "turn_banner": (1720, 96), "roam_lift": 22,
    # the docked prompt (every question but your turn's): the right-hand column under the menu
    # buttons, where your turn's End turn sits, so the Center Line, the play areas, the hand
    # and the pool it asks about stay in view; taller questions reach down over the oldest
    # lines of the chronicle (its newest lines are at the bottom)
    "dock": pygame.Rect(1540, 76, 360, 0),
    # board areas (design pixels): the Center Line, its Villain end, the Villains and the
    # Shadows with their track, the supply, the turn status
    "area_center": pygame.Rect(18, 10, 1210, 276), "area_villain": pygame.Rect(1030, 18, 182, 262),
    "area_shadows": pygame.Rect(1236, 10, 286, 276), "shadow_track": pygame.Rect(1246, 244, 266, 30),
    "area_supply": pygame.Rect(18, 292, 870, 158), "area_status": pygame.Rect(1010, 292, 512, 158),
}


class DarkGothicTable(TableKit):
    game_id = "dark_gothic"

    def __init__(self, ctx):
        self.dock: DockedPrompt | None = None  # the docked prompt, from controls()
        self.total_rects: list = []            # the pool's totals per colour as last drawn
        super().__init__(ctx)
        self.hurry = Hurry(self, HURRY_RECT, HURRY_WORDS, HURRY)   # "Faster" while another Hero plays
        self.payments = PaymentPicker(self)    # marked pool orbs pay first (TE-051, TE-083)

    # ------------------------------------------------------------------ card faces
    def _rules(self):
        return self.match.rules

    def card_canon(self, key):
        return key.split(":")[0] if isinstance(key, str) else key

    def card_frames(self) -> dict:
        return {k: CardFrame(fill=a, fill_low=b) for k, (a, b) in FRAMES.items()}

    def _card(self, key):
        R = self._rules()
        c = R.cards.get(key)
        if c is None:
            c = next((x for x in R.cards.values() if x.key == self.card_canon(key)), None)
        return c

    def card_spec(self, key) -> dict:
        c = self._card(key)
        if c is None:
            return {"key": key, "title": str(key)}
        spec = dict(words.card_words(c), key=key, icon=CARD_ICONS.get(c.key, ICONS.get(words.card_kind(c))),
                    stats=[("Inv", c.inv)] if c.inv else [])
        if c.cost:
            spec["cost"] = [{"value": n, "colour": ORB[col], "cursed": cur} for col, n, cur in c.cost]
        return spec

    # ------------------------------------------------------------------ layout
    def log_rect(self) -> pygame.Rect:
        _s, R, _P, _C, _F = self.geo()
        r = LAYOUT["log"]
        return R(r.x, r.y, r.w, r.h)

    def build(self, view) -> None:
        _s, R, P, C, F = self.geo()
        L = LAYOUT
        card, small, tiny, hand = C(*L["card"]), C(*L["small"]), C(*L["tiny"]), C(*L["hand"])
        cw, ch = L["card"]
        sw, shh = L["small"]

        def at(x, y, size_design):
            w, h = size_design
            return R(x - w // 2, y - h // 2, w, h)
        self.glowing: list[int] = []           # Center Line slots drawn with a Global glow
        self.track: list = []                  # the Shadows' pips as last drawn
        self.orb_rects: list = []              # pool orbs as last drawn, with their source card
        # the Center Line, the Villain end, the Villains left and the Shadows
        self.slot_rects = []
        cy = L["center_y"] + ch // 2
        for i in range(6):
            x = L["center_x"] + i * L["center_dx"] + cw // 2
            z = self.add_zone(Spot(("center", i), at(x, cy, L["card"]), card, target=False))
            self.slot_rects.append(z.rect.copy())
        self.add_zone(Spot("villain", at(L["villain_x"] + cw // 2, cy, L["card"]), card, target=False))
        vs = self.add_zone(Stack("vstack", at(L["vstack_x"], cy, L["small"]), small,
                                 label=t("dark_gothic.table.villains"), target=False))
        vs.face_down = True
        sh = self.add_zone(Stack("shadows", at(L["shadows_x"], cy, L["small"]), small,
                                 label=t("dark_gothic.table.shadows"), target=False, show_count=False))
        sh.face_down = True
        # the supply, then the Main Deck and the Crypt
        sy = L["supply_y"] + shh // 2
        self.supply_ids = list(view["training"]) + ["hungry_dead", "honor", "secrets"]
        for i, sid in enumerate(self.supply_ids):
            x = L["supply_x"] + i * L["supply_dx"] + sw // 2
            cls = Stack if sid in ("honor", "secrets") else Spot
            self.add_zone(cls(("supply", sid), at(x, sy, L["small"]), small, target=False))
        main = self.add_zone(Stack("main", at(L["main_x"], sy, L["small"]), small,
                                   label=t("dark_gothic.table.main"), target=False))
        main.face_down = True
        self.add_zone(Stack("crypt", at(L["crypt_x"], sy, L["small"]), small, label=t("dark_gothic.table.crypt"),
                            target=False))
        # the other Heroes: compact boards side by side
        self.seat_boxes = {}
        others = self.others()
        k = len(others)
        tw, th = L["tiny"]
        if k:
            w = (L["others_w"] - L["others_gap"] * (k - 1)) // k
            for j, seat in enumerate(others):
                x, y = L["others_x"] + j * (w + L["others_gap"]), L["others_y"]
                self.seat_boxes[seat] = R(x, y, w, L["others_h"])
                row_y = y + L["others_row"] + th // 2 + 6
                z = self.add_zone(Stack(("deck", seat), at(x + 46, row_y, L["tiny"]), tiny, target=False))
                z.face_down = True
                ry = row_y - th // 2
                shown = "hand" in view["seats"][seat]       # a finished game's replay: hands face up
                if shown:
                    self.add_zone(Stack(("discard", seat), at(x + 118, row_y, L["tiny"]), tiny, target=False))
                    left = x + 162
                    room = x + w - 10 - left
                    hand_w = room * 11 // 20
                    self.add_zone(Row(("hand", seat), R(left, ry, hand_w - 8, th), tiny, gap=4, align="start",
                                      target=False))
                    left += hand_w
                    room -= hand_w
                else:
                    self.add_zone(Stack(("hand", seat), at(x + 118, row_y, L["tiny"]), tiny,
                                        target=False)).face_down = True
                    self.add_zone(Stack(("discard", seat), at(x + 190, row_y, L["tiny"]), tiny, target=False))
                    left = x + 234
                    room = x + w - 10 - left
                won_w = min(200, max(tw, room // 6))
                rem_w = min(300, max(tw + 40, room // 4))
                play_w = room - won_w - rem_w - 16
                self.add_zone(Row(("play", seat), R(left, ry, play_w, th), tiny, gap=4, align="start", target=False))
                self.add_zone(Row(("remains", seat), R(left + play_w + 8, ry, rem_w, th), tiny, gap=4,
                                  align="start", target=False))
                self.add_zone(Row(("won", seat), R(left + play_w + rem_w + 16, ry, won_w, th), tiny, gap=4,
                                  align="start", target=False))
        # you: play area, Remains and defeated Villains in a row (bigger when you play alone),
        # then hand, deck, discard and the pool
        me = self.me
        size = L["play"] if k else L["play_solo"]
        _pw, ph = size
        top = L["me_top"] if k else L["me_top_solo"]
        x0, right, gap = L["me_x"], L["me_right"], L["me_gap"]
        play_w, rem_w = L["me_play_w"], L["me_remains_w"]
        won_w = right - x0 - play_w - rem_w - 2 * gap
        play = C(*size)
        self.add_zone(Row(("play", me), R(x0, top, play_w, ph), play, gap=6, align="start", target=True,
                          label=t("dark_gothic.table.in_play")))
        self.add_zone(Row(("remains", me), R(x0 + play_w + gap, top, rem_w, ph), play, gap=6, align="start",
                          target=False, label=t("dark_gothic.table.remains")))
        self.add_zone(Row(("won", me), R(right - won_w, top, won_w, ph), play, gap=4, align="start",
                          target=False, label=t("dark_gothic.table.won")))
        self.add_zone(Fan(("hand", me), R(*L["me_hand"]), hand, private=self.viewer is not None, target=False, z=5))
        d = self.add_zone(Stack(("deck", me), at(*L["me_deck"], L["small"]), small, label=t("dark_gothic.table.deck"),
                                target=False))
        d.face_down = True
        self.add_zone(Stack(("discard", me), at(*L["me_discard"], L["small"]), small,
                            label=t("dark_gothic.table.discard"), target=True))
        # the Omen die rests beside the supply and rolls there (first player, co-op Minions,
        # the Villains' Globals)
        self.omen = DieSprite("omen", P(*L["omen"]), face=1, size=max(24, int(L["omen_size"] * _s)),
                              did=("die", "omen"))
        self.dice.append(self.omen)

    def set_viewer(self, seat) -> None:
        """The kit's rebuild, then the Omen die shows the last face rolled (a reopened game, a
        hot-seat switch, a replay's seek) instead of a fresh 1."""
        super().set_viewer(seat)
        face = next((ev.data["face"] for ev in reversed(self.history) if ev.kind == "roll"), None)
        if face is not None:
            self.omen.face = self.omen.shown = "skull" if face == 0 else face

    def zone_cards(self, view) -> dict:
        out = {"main": [None] * view["main_deck"], "crypt": list(view["crypt"][-8:]),
               "vstack": [None] * max(0, view["villains_left"] - (1 if view["villain"] else 0)),
               "shadows": [None] * view["shadows"], "villain": [view["villain"]] if view["villain"] else []}
        for i, c in enumerate(view["center"]):
            out[("center", i)] = [c] if c else []
        for k, tr in view["training"].items():
            out[("supply", k)] = [tr["top"]] if tr["top"] else []
        out[("supply", "hungry_dead")] = [view["hungry_dead"]]
        out[("supply", "honor")] = ["honor"] * view["honor"]
        out[("supply", "secrets")] = ["dark_secret"] * view["secrets"]
        for p in view["seats"]:
            s = p["seat"]
            out[("deck", s)] = [None] * p["deck_count"]
            out[("hand", s)] = list(p["hand"]) if "hand" in p else [None] * p["hand_count"]
            out[("discard", s)] = list(p["discard"][-10:])
            out[("play", s)] = list(p["play"])
            out[("remains", s)] = list(p["remains"])
            out[("won", s)] = list(p["won"])
        # Roaming cards sit lifted out of the line (TE-075)
        for i, c in enumerate(view["center"]):
            z = self.zones.get(("center", i))
            if z is not None:
                lift = c is not None and self._card(c).roaming
                z.rect.y = self.slot_rects[i].y - (int(self.geo()[0] * LAYOUT["roam_lift"]) if lift else 0)
        return out

    # ------------------------------------------------------------------ what the viewer may do
    def _turn(self):
        ds = self.my_decisions()
        return next((d for d in ds if d.kind in ("turn", "secret")), None)

    def _play_of(self, d, key):
        """The play action for this hand card: the rules list one card of each kind (copies
        are one choice), so a copy plays the listed one, its twin, or dragging the second
        Strength of Spirit did nothing."""
        if ("play", key) in d.actions:
            return ("play", key)
        if key not in (self.view_of(self.viewer)["seats"][d.seat].get("hand") or ()):
            return None                       # a Center Line copy is not in hand
        kind = self._card(key).key
        return next((a for a in d.actions if a[0] == "play" and self._card(a[1]).key == kind), None)

    def options_for(self, item) -> list:
        d = self._turn()
        key = getattr(item, "key", None)
        if d is None or key is None:
            return []
        me = d.seat
        out = []
        play = self._play_of(d, key)
        if play is not None:
            out.append(Option(t("dark_gothic.table.play"), play, target=("zone", ("play", me)), seat=me))
        if ("buy", key) in d.actions:
            c = self._card(key)
            word = "defeat" if c.type == "minion" or c.group in ("villain", "common") else "buy"
            out.append(Option(t(f"dark_gothic.table.{word}"), self.payments.buy_action(d, key),
                              target=("zone", ("discard", me)), seat=me))
        if ("use", key) in d.actions:
            out.append(Option(t("dark_gothic.table.use", card=self.card_name(key)), ("use", key), seat=me))
        return out

    def controls(self):
        ds = self.my_decisions()
        if not ds:
            return [], None
        d = ds[0]
        name = self.card_name
        buttons, title = [], ""
        if d.kind == "turn":
            title = t("dark_gothic.table.your_turn")
            for a in d.actions:
                if a[0] == "use":
                    buttons.append(Button(a, t("dark_gothic.table.use", card=name(a[1])), action=a, seat=d.seat))
                elif a[0] == "end":
                    buttons.append(Button(a, t("dark_gothic.table.end_turn"), action=a, seat=d.seat))
        elif d.kind == "pay":
            title, buttons = self.payments.controls(d)
        elif d.kind in ("block", "protect", "choose", "feed", "target", "pass", "reroll"):
            v = self.view_of(self.viewer)
            title, answers = words.question(d, v, v["seats"][d.seat], name, self._card)
            buttons = [Button(a, label, action=a, seat=d.seat, font_size=18) for a, label in answers]
        elif d.kind == "hero":               # the offered Heroes as cards over the Center Line
            self.dock = None
            return hero_cards(self, d), None
        s, R, P, _C, F = self.geo()
        if d.kind == "turn":                 # small, top right: the table stays in view
            self.dock = None
            spec = BannerSpec(key=(d.kind, len(self.match.log)), title=title, buttons=buttons[:4], decision=d,
                              tone="info", center=P(*LAYOUT["turn_banner"]), width=int(360 * s))
            return [], spec
        # every other question is docked in the same corner, its buttons one under another
        self.dock = DockedPrompt(self, d, title, buttons[:10], R(*LAYOUT["dock"]), s, F,
                                 tone="alert" if d.kind in ("block", "protect") else "normal")
        return list(self.dock.buttons), None

    def seat_anchor(self, seat):
        """Where the window's "… is thinking" badge stands (its bottom just above this point):
        in the top-right corner, where your own End turn and questions appear, so whose move
        it is shows in one place; at the top centre it hid the titles of the Center Line's last
        cards and the Villain's."""
        _s, _R, P, _C, _F = self.geo()
        x, y = LAYOUT["turn_banner"]
        return P(x, y + 44)

    def prompt_rect(self):
        """The docked prompt while it is up (a zoomed card never covers it)."""
        dk = self._shown_dock()
        return dk.rect if dk is not None else super().prompt_rect()

    def _shown_dock(self):
        """The docked prompt if its buttons are on the table (the kit hides stale controls
        while the table catches up with the game)."""
        return self.dock if self.dock is not None and self.dock.shown(self) else None

    # ------------------------------------------------------------------ the chronicle
    def log_entry(self, ev):
        line = words.log_line(ev, lambda: words.roll_words(ev, self.history, self.view, self._card))
        if line is None:
            return None
        key, params, seats, cards = line
        return self.segments(key, params, seats=seats, cards=cards)

    def animate(self, ev) -> bool:
        """Cards glide between zones (played, bought, discarded at the end of a turn, drawn), so a
        person can follow an AI Hero's turn; the Omen die tumbles; the Shadows flash their count
        and, one card from the end, the heartbeat sounds."""
        k, d = ev.kind, ev.data
        if k == "roll":
            _s, _R, P, _C, _F = self.geo()
            die = self.omen
            die.x, die.y = P(*LAYOUT["omen_from"])
            self.roll_dice([die], ["skull" if d["face"] == 0 else d["face"]], to=[die.home])
            return True
        if k == "shadow":
            # rises over the stack's card back: from its top it ran over the "n / 10" count
            sh = self.zones["shadows"].rect
            self.floater(f"{d['count']}/10", (sh.centerx, sh.bottom - int(30 * self.geo()[0])),
                         style.CRIMSON_BRIGHT)
            if d["count"] >= (self.view or {}).get("shadows_limit", 10) - 1:
                self.step(self._heartbeat, hold=0.6)
            return True
        if k == "move":
            src, dst = self.zone_of(d.get("src")), self.zone_of(d.get("dst"))
            if src in self.zones or dst in self.zones:
                self.move_card(src, dst, key=d.get("card"), duration=0.36, hold=0.22)
                return True
        if k == "cleanup":
            seat = d.get("seat")
            moves = [(("play", seat), ("discard", seat), c) for c in d.get("played", ())]
            if isinstance(d.get("hand"), list):
                moves += [(("hand", seat), ("discard", seat), c) for c in d["hand"]]
            if moves and ("discard", seat) in self.zones:
                self.move_together(moves, duration=0.45, stagger=0.04)
                return True
        if k == "draw" and isinstance(d.get("cards"), list) and ("hand", d.get("seat")) in self.zones:
            seat = d["seat"]
            for c in d["cards"]:
                self.move_card(("deck", seat), ("hand", seat), key=c, duration=0.3, hold=0.04, sound=None)
            self.step(lambda: self.sound("card_slide"), hold=0.1)
            return True
        return False

    def _heartbeat(self) -> None:
        """Lub-dub: the kit's tick twice, a quarter second apart (the Shadows at 9 of 10)."""
        self.sound("timer_tick")
        self.anim.tween(0.25, lambda _t: None, on_done=lambda: self.sound("timer_tick"))

    def zone_of(self, where):
        """The table zone for a rules zone name ("hand:0", "center:3", "training:x", "crypt")."""
        if not isinstance(where, str):
            return None
        name, _, arg = where.partition(":")
        if name in ("hand", "play", "discard", "remains", "deck", "won") and arg.isdigit():
            return (name, int(arg))
        if name == "center" and arg.isdigit():
            return ("center", int(arg) - 1)
        if name == "training":
            return ("supply", arg)
        if name in ("honor", "secrets", "hungry_dead"):
            return ("supply", name)
        return name

    # ------------------------------------------------------------------ drawing
    def _areas(self) -> dict:
        """The board areas (window pixels) the background draws, by look."""
        _s, R, _P, _C, _F = self.geo()
        L = LAYOUT

        def r(x):
            return R(x.x, x.y, x.w, x.h)
        pad = int(10 * _s)
        mine = [self.zones[z].rect.inflate(pad * 2, pad * 2) for z in (("play", self.me), ("remains", self.me),
                                                                       ("won", self.me))]
        mine = [m.inflate(0, int(24 * _s)).move(0, int(12 * _s)) for m in mine]      # room for the label
        deck = self.zones[("deck", self.me)].rect.union(self.zones[("discard", self.me)].rect)
        mine.append(deck.inflate(int(30 * _s), int(50 * _s)).move(0, int(8 * _s)))
        return {"center": [r(L["area_center"])], "villain": [r(L["area_villain"])],
                "shadows": [r(L["area_shadows"])], "supply": [r(L["area_supply"])],
                "status": [r(L["area_status"])], "seat": list(self.seat_boxes.values()), "mine": mine,
                "pool": [r(L["pool"])]}

    def render_background(self) -> pygame.Surface:
        """Drawn once per layout (window size, number of other Heroes): see art.py."""
        s, R, P, _C, F = self.geo()
        L = LAYOUT
        ca = R(*L["area_center"])
        sup = R(*L["area_supply"])
        labels = [(t("dark_gothic.table.supply"), (sup.left + int(14 * s), sup.bottom - int(6 * s)), F(15),
                   style.TEXT_DIM, "bottomleft", int(200 * s))]
        # the line's name up its left edge, "Villain end" up the gap before the Villain
        vert = [(t("dark_gothic.table.center"), (ca.left + int(12 * s), ca.centery - int(12 * s)), style.GOLD),
                (t("dark_gothic.art.villain_end"), ((self.slot_rects[-1].right + self.zones["villain"].rect.left) // 2
                                                     - int(2 * s), ca.centery - int(24 * s)), style.CRIMSON_BRIGHT)]
        omen = (P(*L["omen"]), int(L["omen_tray"] * s))
        lab_y = omen[0][1] + omen[1] + int(6 * s)
        labels.append((t("dark_gothic.art.omen"), (omen[0][0], lab_y), F(15), style.TEXT_DIM, "midtop", int(118 * s)))
        bg = art.backdrop(self, self._areas(), labels, omen, self.slot_rects, self.zones["villain"].rect)
        for text, (x, y), col in vert:
            lab = pygame.transform.rotate(self.gfx.text(text.upper(), F(14), col, bold=True, serif=True), 90)
            bg.blit(lab, lab.get_rect(center=(x, y)))
        return bg

    def static_key(self):
        v = self.view or {}
        ds = self.match.decisions() if not self.match.over else ()
        return (self.viewer, v.get("active"), v.get("turn"), v.get("over"), tuple((d.seat, d.kind) for d in ds),
                tuple((p["hero"], p["hand_count"]) for p in v.get("seats", ())))

    def status(self) -> tuple[str, str, str, tuple]:
        """The turn banner's words: (whose turn, phase, what the viewer may do now, colour).
        Whose turn is the one the table shows (its view lags behind the game while cards
        glide); while it lags, the lines under it say nothing of the game's next turn, so
        "Your turn" never stands over "Watch Lucrezia play" (nor the other way round)."""
        v = self.view or self.view_of(self.viewer)
        lagging = v.get("active") != self.view_of(self.viewer).get("active")
        head, phase, do, seat = words.status(v, self.match.decisions(), self.viewer, lagging, self.name)
        return head, phase, do, style.GOLD_BRIGHT if seat is None else self.scol(seat)

    def head_that_fits(self, head: str, room: int) -> str:
        """The status head, without " · <Hero>" when the whole would shrink below readable
        ("Lucrezia's turn · Anne Marie, The School Teacher" came out ~8 px high at 1280×720);
        the Hero's name stays on the seat's own name plate."""
        F = self.geo()[4]
        if " · " in head and self.gfx.font(F(28), bold=True, serif=True).size(head)[0] > room * 1.25:
            return head.rsplit(" · ", 1)[0]
        return head

    def draw_static(self, surf) -> None:
        """Things that change only with events, into the cached layer: the turn banner and
        the Heroes' name plates."""
        s, R, P, _C, F = self.geo()
        g = self.gfx
        v = self.view or self.view_of(self.viewer)
        box = R(*LAYOUT["area_status"])
        head, phase, do, col = self.status()
        act = v.get("active")
        x = box.left + int(18 * s)
        y = box.top + int(12 * s)
        if act is not None and not v.get("over"):
            mk = seat_marker_surface(g, act, max(6, int(11 * s)), self.colorblind)
            surf.blit(mk, mk.get_rect(midleft=(x, y + int(16 * s))))
            x += mk.get_width() + int(8 * s)
        hs = g.fit_text(self.head_that_fits(head, box.right - x - int(14 * s)), F(28), box.right - x - int(14 * s),
                        col, bold=True, serif=True, min_size=12)
        surf.blit(hs, (x, y))
        y += hs.get_height() + int(4 * s)
        if phase:
            ph = g.fit_text(f"{t('dark_gothic.art.turn_no', n=v.get('turn', 0))} · {phase}", F(18),
                            box.width - int(36 * s), style.GOLD, bold=True, min_size=11)
            surf.blit(ph, (box.left + int(18 * s), y))
            y += ph.get_height() + int(4 * s)
        if do:
            room = box.bottom - int(8 * s) - y
            blk = g.text_block(do, F(17), box.width - int(36 * s), style.TEXT, align="left", max_lines=3)
            surf.blit(blk, (box.left + int(18 * s), y), pygame.Rect(0, 0, blk.get_width(), max(0, room)))
        # name plates: you above your hand, the others at the top of their boards
        for p in v["seats"]:
            seat = p["seat"]
            if seat == self.me:
                x0, y0 = P(*LAYOUT["me_label"])
            else:
                b = self.seat_boxes.get(seat)
                if b is None:
                    continue
                x0, y0 = b.x + int(12 * s), b.y + int(8 * s)
                if v["active"] == seat and not v.get("over"):
                    pygame.draw.rect(surf, self.scol(seat), b, max(2, int(3 * s)), border_radius=int(14 * s))
            mk = seat_marker_surface(g, seat, max(5, int(8 * s)), self.colorblind)
            surf.blit(mk, (x0, y0 + int(3 * s)))
            x0 += mk.get_width() + int(6 * s)
            hero = t('dark_gothic.hero.' + p['hero']) if p['hero'] else '?'
            if seat == self.me:                # two lines in the corner left of your play area
                room = self.zones[("play", seat)].rect.left - int(24 * s) - x0
                lab = g.fit_text(self.name(seat), F(20), room, self.scol(seat), bold=v["active"] == seat)
                surf.blit(lab, (x0, y0))
                sub = g.text_block(hero, F(16), room, self.scol(seat), align="left", max_lines=2)
                surf.blit(sub, (x0, y0 + lab.get_height()))
                continue
            txt = f"{self.name(seat)} · {hero} · " + t("dark_gothic.table.hand_count", n=p["hand_count"])
            lab = g.fit_text(txt, F(20), b.right - int(12 * s) - x0, self.scol(seat), bold=v["active"] == seat)
            surf.blit(lab, (x0, y0))

    def draw_board(self, surf) -> None:
        v = self.view or self.view_of(self.viewer)
        s, R, P, C, F = self.geo()
        g = self.gfx
        tt = self.pulse_t
        # the Center Line: Global cards glow (TE-06x), a Roaming card sits lifted with a marker
        self.glowing = []
        for i, c in enumerate(v["center"]):
            z = self.zones[("center", i)]
            card = self._card(c) if c else None
            if card is not None and card.globals:
                art.global_glow(self, surf, z.rect, tt)
                self.glowing.append(i)
            if card is not None and card.roaming:
                lab = g.badge(f"{t('dark_gothic.keyword.roaming')} →", F(15), fill=(70, 50, 16),
                              border=style.GOLD_BRIGHT, color=style.GOLD_BRIGHT)
                surf.blit(lab, lab.get_rect(midtop=(z.rect.centerx, z.rect.bottom + int(2 * s))))
        # the Villain end, its Danger and how many are left; a Global Villain glows too
        end = self.zones["villain"].rect
        art.villain_end_frame(self, surf, end, tt)
        if v["villain"]:
            c = self._card(v["villain"])
            if c.globals:                      # outside the Villain end's frame
                art.global_glow(self, surf, end, tt, pad=40)
            lab = g.fit_text(t("dark_gothic.table.danger", d="I" * c.danger, left=v["villains_left"]), F(16),
                             R(*LAYOUT["area_villain"]).width - int(8 * s), style.GOLD_BRIGHT, bold=True, min_size=10)
            surf.blit(lab, lab.get_rect(midtop=(end.centerx, end.bottom + int(11 * s))))
        # the Shadows out of 10: the count over the stack, the track below
        sh = self.zones["shadows"].rect
        n, lim = v["shadows"], v["shadows_limit"]
        mood = art.tension(n, lim)
        pulse = 0.5 + 0.5 * math.sin(tt * 4)
        col = style.lerp_color(art.SHADOW_DIRE, (255, 150, 140), pulse) if mood else style.TEXT
        lab = g.text(f"{n} / {lim}", F(34 if mood else 28), col, bold=True)
        surf.blit(lab, lab.get_rect(midbottom=(sh.centerx, sh.top - int(2 * s))))
        tr = LAYOUT["shadow_track"]
        self.track = art.shadow_track(self, surf, R(tr.x, tr.y, tr.w, tr.h), n, lim, tt)
        # the resource pool (the panel is in the background)
        pr = LAYOUT["pool"]
        box = R(pr.x, pr.y, pr.w, pr.h)
        heading = t("dark_gothic.table.pool")
        act = v["active"]                      # None while Draw 2 Choose 1 Heroes are chosen
        if act is not None and act != self.me:  # the pool is the active Hero's
            heading += " · " + self.name(act)
        title = g.text(heading, F(18), style.GOLD if act in (None, self.me) else self.scol(act), serif=True)
        surf.blit(title, (box.x + int(14 * s), box.y + int(8 * s)))
        self.orb_rects = []
        if not v["pool"]:
            hint = g.text(t("dark_gothic.table.pool_empty"), F(18), style.TEXT_DIM)
            surf.blit(hint, hint.get_rect(center=box.center))
        r = int(LAYOUT["orb_r"] * s)
        step = 2 * r + int(LAYOUT["orb_gap"] * s)
        left = box.x + int(18 * s) + r
        x, cy = left, box.y + int(40 * s) + r
        for col, amount, src, was_silver in v["pool"]:
            if x + r > box.right - int(8 * s):        # wrap onto the next row
                x, cy = left, cy + step
            surf.blit(self._orb(col, amount, was_silver, r), (x - r - 2, cy - r - 2))
            self.orb_rects.append((pygame.Rect(x - r, cy - r, 2 * r, 2 * r), src))
            x += step
        self.total_rects = hints.draw_totals(self, surf, box)     # a glyph and a sum per colour

    def _orb(self, col, amount, was_silver, r) -> pygame.Surface:
        """A resource orb: a glass bead with its amount and its colour's glyph; a Silver orb
        spent as a colour keeps a white rim."""
        return glass_bead(self.gfx, ORB[col], r, str(amount), ring=ORB["W"] if was_silver and col != "W" else None,
                          light=col == "W", mark=(hints.SHAPES[col], ORB[col]))

    def cursed_orbs(self) -> list:
        """(centre, radius) of every Cursed cost orb on the Center Line and the Villain, in
        window pixels, from the card renderer's geometry (orbs down the top-left corner)."""
        out = []
        zids = [("center", i) for i in range(6)] + ["villain"]
        for zid in zids:
            z = self.zones.get(zid)
            if z is None or not z.cards:
                continue
            sp = z.cards[-1]
            c = self._card(sp.key) if sp.key else None
            if c is None or not c.cost or not any(cur for _col, _n, cur in c.cost):
                continue
            w, h = int(sp.w), int(sp.h)
            m = max(3, w // 22)
            cr = max(9, int(w * 0.1))
            x0, y0 = int(sp.x) - w // 2, int(sp.y - sp.lift) - h // 2
            for i, (_col, _n, cur) in enumerate(c.cost):
                if cur:
                    out.append(((x0 + m + cr - 2, y0 + m + cr - 2 + i * (2 * cr + 2)), cr))
        return out

    def draw_overlay(self, surf) -> None:
        hints.dim_unaffordable(self, surf)
        art.blood_drips(self, surf, self.cursed_orbs(), self.pulse_t)
        self.hurry.draw(surf)
        self.payments.draw(surf)
        dk = self._shown_dock()
        if dk is not None:
            subject, hovered = self.dock_focus(dk)
            self.glow_around(surf, subject, color=style.CRIMSON_BRIGHT if dk.tone == "alert" else style.HIGHLIGHT)
            self.glow_around(surf, hovered, color=style.GOLD_BRIGHT, base=170, swing=60)
            dk.draw(surf, self)
        pos = self.pointer
        for rect, src in getattr(self, "orb_rects", []):
            if rect.collidepoint(pos):
                lab = self.gfx.badge(words.orb_source(src, self.card_name), 18, fill=style.INK, border=style.GOLD, color=style.TEXT)
                surf.blit(lab, lab.get_rect(midbottom=(rect.centerx, rect.top - 4)))
        pool = self.geo()[1](*LAYOUT["pool"])            # a total's sources over the pool, clear of its orbs
        shown = (self.view or self.view_of(self.viewer))["pool"]
        hovers = [(rect, words.total_tip(shown, col, self.card_name), {"midbottom": (pool.centerx, pool.top - 8)})
                  for rect, col in self.total_rects]
        hr = self.hurry.rect
        if hr is not None:
            hovers.append((hr, self.hurry.tip(), {"midtop": (hr.centerx, hr.bottom + 10)}))
        for rect, tip, anchor in hovers:
            if tip and rect.collidepoint(pos):
                lab = self.gfx.text_block(tip, 18, 420, style.TEXT, align="left")
                box = lab.get_rect(**anchor).clamp(surf.get_rect())
                surf.blit(self.gfx.panel(box.w + 16, box.h + 12, fill=style.INK, border=style.GOLD, radius=8,
                                         alpha=245), (box.x - 8, box.y - 6))
                surf.blit(lab, box)

    def dock_focus(self, dk: DockedPrompt) -> tuple[list, list]:
        """What the docked question is about, on the table (window rects): the card it names
        (the card being paid for, the Striking Minion, the card that would be Destroyed), and
        what the button under the pointer would use: its card, or for a payment the orbs it
        spends and the cards a Cursed part would Destroy."""
        d = dk.decision
        subject = self._rects_of((d.prompt or {}).get("card"))
        hovered = []
        b = self.hover
        if any(b is x for x in dk.buttons):
            a = b.action
            if a[0] == "pay":
                hovered = self.payments.focus(a)
            elif a[0] == "center":
                z = self.zones.get(("center", a[1]))
                hovered = [z.rect] if z is not None else []
            elif len(a) > 1 and isinstance(a[1], str) and a[1] not in ("played", "warden"):
                hovered = self._rects_of(a[1])
        return subject, hovered

    def _rects_of(self, key) -> list:
        """Where a card is on the table (window rects); none for a face-down or absent card."""
        if not isinstance(key, str):
            return []
        return [sp.rect() for sp in self.sprites if sp.key == key]

    def tooltip_for(self, item):
        """A face-up card's words at a readable size (a card's own text is a few pixels high
        in a 1280×720 window): name and kind, cost and Investigation, what it does, and that
        Space shows the whole card. Face-down cards (another Hero's hand, the decks) say nothing."""
        about = self.pile_tip(item)
        if about:
            return about
        key = getattr(item, "key", None) if isinstance(item, CardSprite) else None
        if key is None or self._card(key) is None:
            return super().tooltip_for(item)
        v = self.view or self.view_of(self.viewer)
        c = self._card(key)
        return words.card_tip(c, words.card_words(c), hints.refusals(self).get(key), self.payments.tip(key),
                              words.villain_tip(v) if key == v["villain"] else None)

    def pile_tip(self, item) -> str | None:
        """What the Shadows, the Villains still face down and the Omen die are, in words."""
        v = self.view or self.view_of(self.viewer)
        if isinstance(item, DieSprite):
            face = next((ev.data["face"] for ev in reversed(self.history) if ev.kind == "roll"), None)
            return words.omen_tip(v, face)
        where = item.zone if isinstance(item, CardSprite) else getattr(item, "id", None)
        if where in ("shadows", "shadow_track"):
            return words.shadows_tip(v)
        if where == "vstack":
            return words.vstack_tip(v)
        return None

    def targets_at(self, pos) -> list:
        """The Shadows' track (its tooltip; it takes no drops)."""
        _s, R, _P, _C, _F = self.geo()
        tr = LAYOUT["shadow_track"]
        return ["shadow_track"] if R(tr.x, tr.y, tr.w, tr.h).collidepoint(pos) else []

    def handle_event(self, e) -> bool:
        """The "Faster" control; a card on offer you cannot take says why instead of not lifting."""
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1:
            if self.hurry.click(e.pos) or self.payments.click(e.pos):
                return True
            item = self.item_at(e.pos)
            why = hints.refusals(self).get(getattr(item, "key", None)) if isinstance(item, CardSprite) else None
            if why and self.menu is None:
                self.pointer = e.pos
                self.refuse(why)              # a Refusal: words, and "Rules…" at its section
                return True
        return super().handle_event(e)

    def update(self, dt: float) -> None:
        self.hurry.update()
        super().update(dt)
