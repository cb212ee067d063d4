"""Dark Deeds at the table: the moving Street of Anthrand by night.

Layout (logical 1920×1080; other sizes scale):
- top left, the Street board: the Street deck, six slots (slot 6, the last, sits above
  the right-pointing dagger), the row of circular spots with the Horned Seal where the
  Minion Pawn rests, the Street discard and the two Suspicious Sacks;
- below it the Tavern (deck, two face-up cards, discard) and the three Loot decks, each
  with two face-up cards and a discard (colour + icon + name per type: Artisans blue,
  Clerics white, Merchants green);
- bottom left your pitch (Suspicion marks, Score Pile, Loot, the cards chasing you, the
  Most Suspicious Minion coin when you hold it); bottom centre the dice tray with the
  prompt and buttons, and your hand of Plots and Dark Deeds as a fan;
- right column, the other players' pitches, then the chronicle.

Actions: drag the Minion Pawn onto your target (or click the card); drag the dice onto
the tray (or click them, or the Roll button); drag Loot and Tavern cards to your pitch
or hand (or click them); drag a Plot onto the table or onto its target (a pitch, a Loot
card, a chasing card), or right-click it → Play; drag a Plot onto the Tavern discard to
discard it; Foiled!/Sod Off! banners with the rules' window countdown (the same for every
seat asked; it passes when it runs out).

Everything drawn comes from `match.view(viewer)` and the events visible to the viewer;
static card data (names, stats, texts) comes from the game's YAML through the ruleset.
The words (prompts, chronicle, tooltips, each card's Options) are in words.py; card faces
are the kit's, composed from data/dark_deeds/faces.yaml; this file draws and animates.
"""
from __future__ import annotations

import math

import pygame

from game.core.data import data_root
from game.core.i18n import t
from game.ui.table import style
from game.ui.table.cards import CardSprite, load_faces
from game.ui.table.dice import DieSprite
from game.ui.table.gfx import night_wood, radial_glow, seat_marker_surface
from game.ui.table.kit import TableKit, Target
from game.ui.table.tween import ease_in_out_cubic
from game.ui.table.widgets import BannerSpec, Button, Menu, Option, TokenChip, layout_row
from game.ui.table.zones import Fan, Row, Spot, Stack

from ..refusals import CardRefusals
from ..words import FINAL_COLUMNS, LOOT_TYPES, dd, final_values, tx
from .words import DarkDeedsTableWords


class DarkDeedsTable(DarkDeedsTableWords, CardRefusals, TableKit):
    game_id = "dark_deeds"
    back_name = "card_back_dark_deeds"
    plays_event_sounds = True

    def __init__(self, ctx):
        rules = ctx.match.rules
        self.rules = rules
        self.cdata = rules.cards                      # static card data (YAML), never the state
        self.n = len(ctx.match.seats)
        self._spec_cache: dict = {}
        self._canon_of: dict = {}
        first_of: dict = {}
        for cid, c in self.cdata.items():
            self._canon_of[cid] = first_of.setdefault(c.key, cid)
        self.L: dict = {}
        self.pawn_at = "seal"
        self.pawn_pos = (0.0, 0.0)
        self.pawn_hop = 0.0
        self.coin_holder = 0
        self.coin_pos = (0.0, 0.0)
        self.coin_size = 40
        self.shown_susp: list = [0] * self.n
        self.shown_phase = "street"
        self.shown_active = 0
        self.shown_turn = 0
        self.roll_show = None                          # the last roll: dict
        self.prompt = None                             # (title, subtitle, icon)
        self.show_reference = False
        self.shown_target = None
        self._prompt_key = None
        self._warm_seen = set()
        self._group_of: dict = {}
        self._skip: set = set()
        self._hints_key = None
        self._hints: list = []
        self.t_now = 0.0
        self.faces = load_faces(data_root() / "dark_deeds")
        super().__init__(ctx)
        self.prewarm()

    # ================================================================== data
    def log_rect(self) -> pygame.Rect:
        s, R, P, C, F = self.geo()
        k = max(1, self.n - 1)
        top = 76 + k * 208
        return R(1560, top, 344, 1072 - top)

    def seat_anchor(self, seat):
        """The app's "… is thinking" cue: on the chronicle's heading, never on the phase track."""
        return self.log_rect().centerx, self.log_rect().top + int(56 * self.L.get("s", 1.0))

    def prompt_rect(self):
        """The tray's prompt (title and subtitle), or the banner: the zoom keeps off it."""
        st = self.L.get("stage")
        return self.banner.rect if self.banner is not None or st is None else st.inflate(0, -st.height // 2).move(0, -st.height // 4)

    def herald_at(self):
        return self.geo()[2](780, 382)

    def showcase_at(self):
        s, R, P, C, F = self.geo()
        return P(780, 420), C(260, 364)

    # ================================================================== build
    def build(self, view) -> None:
        s, R, P, C, F = self.geo()
        L = self.L = {"s": s}
        n = self.n
        me = self.me
        L["phasebar"] = R(16, 8, 1528, 48)
        L["street"] = R(16, 64, 1528, 312)
        L["tavern"] = R(16, 388, 470, 222)
        L["lootp"] = {t_: R(500 + g * 350, 388, 344, 222) for g, t_ in enumerate(LOOT_TYPES)}
        L["pitch"] = {me: R(16, 622, 628, 450)}
        L["stage"] = R(656, 622, 888, 226)
        L["table"] = R(16, 64, 1528, 784)
        L["fan"] = R(660, 856, 880, 224)
        for i, seat in enumerate(self.others()):
            L["pitch"][seat] = R(1560, 76 + i * 208, 344, 200)
        # -- the Street -------------------------------------------------------
        street_card = C(150, 210)
        deck_card = C(140, 196)
        sy = 198
        L["slot_x"] = [252 + k * 170 for k in range(6)]
        st = self.add_zone(Stack("street_deck", self.card_rect(P(96, sy), deck_card), deck_card,
                                 max_visible=5, step=(0.0, -1.2 * s), z=1))
        st.face_down = True
        for k in range(6):
            self.add_zone(Spot(f"street:{k + 1}", self.card_rect(P(L["slot_x"][k], sy), street_card),
                               street_card, z=1))
        self.add_zone(Stack("street_discard", self.card_rect(P(1384, sy), deck_card), deck_card,
                            max_visible=4, step=(0.6 * s, -1.0 * s), z=1, show_count=False))
        L["spot_y"] = 332
        L["spots"] = [P(x, L["spot_y"]) for x in L["slot_x"]]
        L["seal"] = P(1240, L["spot_y"])
        L["seal_r"] = int(36 * s)
        L["spot_r"] = int(15 * s)
        L["sacks"] = {"vague": P(1496, 140), "grave": P(1496, 262)}
        # -- the Tavern -------------------------------------------------------
        tdeck, tup = C(100, 140), C(110, 154)
        ty = 500
        z = self.add_zone(Stack("tavern_deck", self.card_rect(P(78, ty), tdeck), tdeck, max_visible=5,
                                step=(0.0, -1.0 * s), z=1))
        z.face_down = True
        for i in range(2):
            self.add_zone(Spot(f"tavern:{i}", self.card_rect(P(192 + i * 120, ty), tup), tup, z=1))
        self.add_zone(Stack("tavern_discard", self.card_rect(P(424, ty), tdeck), tdeck, max_visible=4,
                            step=(0.5 * s, -1.0 * s), z=1, show_count=False))
        # -- Loot ---------------------------------------------------------------
        ldeck, lup = C(60, 84), C(100, 140)
        ly = 502
        for g, tp in enumerate(LOOT_TYPES):
            x0 = 500 + g * 350
            z = self.add_zone(Stack(f"loot_deck:{tp}", self.card_rect(P(x0 + 36, ly), ldeck), ldeck,
                                    max_visible=4, step=(0.0, -1.0 * s), z=1))
            z.face_down = True
            for i in range(2):
                self.add_zone(Spot(f"loot:{tp}:{i}", self.card_rect(P(x0 + 122 + i * 106, ly), lup), lup, z=1))
            self.add_zone(Stack(f"loot_discard:{tp}", self.card_rect(P(x0 + 308, ly), ldeck), ldeck,
                                max_visible=3, step=(0.5 * s, -1.0 * s), z=1, show_count=False))
        # -- my pitch and hand ----------------------------------------------------
        hand_card = C(144, 202)
        hz = self.add_zone(Fan(f"hand:{me}", L["fan"], hand_card, arc=2.6, overlap=0.6, max_gap=1.04,
                               curve=3.0 * s, private=self.viewer is not None, z=6))
        hz.target = True
        sc = self.add_zone(Stack(f"score:{me}", self.card_rect(P(372, 714), C(58, 81)), C(58, 81),
                                 max_visible=5, step=(0.0, -1.6 * s), z=2))
        sc.face_down = True
        self.add_zone(Row(f"loot_of:{me}", R(28, 792, 604, 118), C(84, 118), gap=int(8 * s), align="start", z=2))
        self.add_zone(Row(f"chasing:{me}", R(28, 942, 604, 126), C(90, 126), gap=int(10 * s), align="start", z=2))
        L["susp_box"] = {me: R(28, 668, 300, 92)}
        L["score_box"] = {me: R(340, 668, 292, 92)}
        L["coin_slot"] = {me: P(604, 644)}
        L["coin_size"] = {me: int(46 * s)}
        # -- the others' pitches ----------------------------------------------------
        for i, seat in enumerate(self.others()):
            x0, y0 = 1560, 76 + i * 208
            mini = C(30, 42)
            self.add_zone(Fan(f"hand:{seat}", R(x0 + 8, y0 + 44, 72, 48), mini, arc=6.0, overlap=0.3,
                              max_gap=0.5, curve=0.8, z=3))
            z = self.add_zone(Stack(f"score:{seat}", self.card_rect(P(x0 + 272, y0 + 68), mini), mini,
                                    max_visible=4, step=(0.0, -1.0 * s), z=3))
            z.face_down = True
            z.show_count = False
            self.add_zone(Row(f"loot_of:{seat}", R(x0 + 10, y0 + 118, 158, 76), C(54, 76), gap=int(4 * s),
                              align="start", z=3))
            self.add_zone(Row(f"chasing:{seat}", R(x0 + 178, y0 + 118, 158, 76), C(54, 76), gap=int(4 * s),
                              align="start", z=3))
            L["hand_box"] = L.get("hand_box", {})
            L["hand_box"][seat] = R(x0 + 6, y0 + 40, 104, 56)
            L["susp_box"][seat] = R(x0 + 114, y0 + 40, 136, 56)
            L["score_box"][seat] = R(x0 + 254, y0 + 40, 84, 56)
            L["coin_slot"][seat] = P(x0 + 318, y0 + 20)
            L["coin_size"][seat] = int(32 * s)
        # -- dice ------------------------------------------------------------------------
        L["dice_home"] = [P(800, 736), P(884, 736)]
        L["dice_from"] = P(1480, 700)
        dsz = int(64 * s)
        self.dice = []
        self._dice = [DieSprite("d6", L["dice_home"][i], face=(3, 5)[i], size=dsz, did=("die", i))
                      for i in range(2)]
        L["ref_btn"] = R(1404, 14, 134, 36)
        L["phase_pills"] = [R(560 + i * 262, 14, 250, 36) for i in range(3)]
        # -- initial shown state from the view --------------------------------------------
        self.shown_susp = [p["suspicion"] for p in view["seats"]]
        self.shown_phase = view.get("phase") or "street"
        self.shown_active = view.get("active") or 0
        self.shown_turn = view.get("turn") or 0
        self.coin_holder = view.get("msm") if view.get("msm") is not None else 0
        self.coin_pos = L["coin_slot"][self.coin_holder]
        self.coin_size = L["coin_size"][self.coin_holder]
        self.pawn_at = view.get("pawn") or "seal"
        self.pawn_pos = self._pawn_point(self.pawn_at)
        self.shown_target = view.get("target")
        self.roll_show = None
        r = view.get("roll")
        if r and r.get("faces"):
            self._show_roll_static(r, view)
        elif view.get("rolloff") and view.get("turn") == 1:
            # the dice roll-off for the first player: the winner's dice and every total
            first = view.get("first")
            self._show_roll_static({"purpose": "rolloff", "faces": view["rolloff"][-1].get(str(first))}, view)
        self._refresh_dice(view)

    def zone_cards(self, view) -> dict:
        out = {}
        for k, c in enumerate(view["street"]):
            out[f"street:{k + 1}"] = [c] if c is not None else []
        out["street_deck"] = [None] * view["street_deck"]
        out["street_discard"] = list(view["street_discard"])
        for i, c in enumerate(view["tavern"]):
            out[f"tavern:{i}"] = [c] if c is not None else []
        out["tavern_deck"] = [None] * view["tavern_deck"]
        out["tavern_discard"] = list(view["tavern_discard"])
        for tp in LOOT_TYPES:
            lv = view["loot"][tp]
            out[f"loot_deck:{tp}"] = [None] * lv["deck"]
            out[f"loot_discard:{tp}"] = list(lv["discard"])
            for i in range(2):
                c = lv["face_up"][i] if i < len(lv["face_up"]) else None
                out[f"loot:{tp}:{i}"] = [c] if c is not None else []
        for p in view["seats"]:
            seat = p["seat"]
            if "hand" in p:
                out[f"hand:{seat}"] = list(p["hand"])
            else:
                known = list(p.get("known_hand") or [])
                out[f"hand:{seat}"] = known + [None] * max(0, p["hand_count"] - len(known))
            out[f"loot_of:{seat}"] = list(p["loot"])
            out[f"chasing:{seat}"] = list(p["chasing"])
            out[f"score:{seat}"] = list(p["score"]) if "score" in p else [None] * p["score_count"]
        return out

    # ================================================================== points
    def _pawn_point(self, at):
        L = self.L
        if not at or at == "seal":
            return L["seal"]
        if at.startswith("street:"):
            try:
                k = int(at.split(":")[1])
                return L["spots"][k - 1]
            except (ValueError, IndexError):
                return L["seal"]
        if at.startswith("chaser:"):
            cid = at.split(":", 1)[1]
            sp = self.sprite_of(cid)
            if sp is not None:
                r = sp.rect()
                return (r.centerx, r.top + int(8 * L["s"]))
        return L["seal"]

    def _susp_anchor(self, seat):
        r = self.L["susp_box"].get(seat)
        if r is None:
            return (self.size[0] // 2, self.size[1] // 2)
        return (r.left + int(r.width * 0.62), r.centery + (int(8 * self.L["s"]) if seat == self.me else 0))

    # ================================================================== events
    def on_events(self, events) -> None:
        """The kit plays the events in order; here we only look ahead: Street slides and
        deals of one Take Stock move together, and the hands shown at the end are
        turned face up by the final sync rather than paraded one by one."""
        vis = [e for e in events if self.visible(e)]
        self._group_of, self._skip = {}, set()
        over = any(e.kind == "game_over" for e in vis)
        i = 0
        while i < len(vis):
            ev = vis[i]
            if over and ev.kind == "reveal":
                self._skip.add(id(ev))
            elif ev.kind == "move":
                kind = self._move_kind(str(ev.data.get("src")), str(ev.data.get("dst")))
                if kind in ("slide", "deal"):
                    group = [ev]
                    j = i + 1
                    while j < len(vis) and vis[j].kind == "move" and \
                            self._move_kind(str(vis[j].data.get("src")), str(vis[j].data.get("dst"))) == kind:
                        group.append(vis[j])
                        self._skip.add(id(vis[j]))
                        j += 1
                    self._group_of[id(ev)] = (group, kind)
                    i = j
                    continue
            i += 1
        super().on_events(events)

    def after_sync(self, view, instant):
        if not instant:
            self._settle(view)

    @staticmethod
    def _move_kind(src, dst):
        if src.startswith("street:") and dst.startswith("street:"):
            return "slide"
        if src == "street_deck" and dst.startswith("street:"):
            return "deal"
        return "move"

    def _move_group(self, group, kind) -> None:
        """Several Street cards at once: the slide toward slot 6, or the deal from the deck."""
        moves = [(ev.data["src"], ev.data["dst"], ev.data.get("card")) for ev in group]
        if kind == "slide":
            self.move_together(moves, 0.55, 0.05)
        else:
            self.move_together(moves, 0.5, 0.14)
            self.step(lambda: (self.layout("street_deck", 0.3), 0.0)[1])

    def animate(self, ev) -> bool:
        d = ev.data
        k = ev.kind
        if id(ev) in self._skip:
            return True
        if id(ev) in self._group_of:
            group, kind = self._group_of[id(ev)]
            self._move_group(group, kind)
            return True
        if k == "log":
            if d.get("key") == "dark_deeds.log.target":
                cid = (d.get("params") or {}).get("card")
                self.step(lambda cid=cid: (setattr(self, "shown_target", cid), 0.15)[1])
            return False
        if k == "move":
            src, dst = str(d.get("src")), str(d.get("dst"))
            hold = 0.5 if dst.startswith(("score:", "chasing:")) else None     # scored or chasing: a beat to see it
            self.move_card(src, dst, key=d.get("card"), duration=0.5, hold=hold)
            return True
        if k == "roll":
            self._animate_roll(d)
            return True
        if k == "counter" and d.get("name") == "suspicion":
            self._animate_susp(d)
            return True
        if k == "coin":
            self._animate_coin(d.get("from"), d.get("to"))
            return True
        if k == "pawn":
            self._animate_pawn(d.get("at") or "seal")
            return True
        if k == "turn":
            seat = d.get("seat")

            def run(seat=seat):
                self.shown_active = seat
                self.shown_turn += 1
                self.roll_show = None
                self._refresh_dice(self.view or {})
                mine = seat == self.viewer and self.is_human_viewer()
                txt = tx("your_turn") if mine else tx("turn_of", player=self.name(seat))
                self.herald(txt, big=True, color=self.scol(seat) if not mine else style.GOLD_BRIGHT)
                if mine:
                    self.sound("your_turn")
                return 0.7
            self.step(run)
            return True
        if k == "phase":
            ph = d.get("phase")

            def run(ph=ph):
                changed = ph != self.shown_phase
                self.shown_phase = ph
                if ph != "street":
                    self.shown_target = None
                    if self.roll_show is not None and self.roll_show.get("purpose") != "lay_low":
                        self.roll_show = None
                if changed and ph != "street":
                    self.herald(dd(f"phase.{ph}"), big=False, hold=1.0)
                    return 0.45
                return 0.0
            self.step(run)
            return True
        if k == "reveal":
            self._animate_reveal(d)
            return True
        if k == "shuffle":
            self._animate_shuffle(d.get("zone"))
            return True
        if k == "deed_completed":
            def run(d=d):
                self.floater(tx("favour_plus", n=d.get("favour", 0)), self._score_point(d.get("seat")),
                              style.GOLD_BRIGHT)
                return 0.2
            self.step(run)
            return True
        if k == "game_over":
            def run(d=d):
                winners = d.get("winners") or []
                self.herald(tx("winner", player=self.name(winners[0])) if winners else tx("all_lose"), big=True,
                            hold=3.0)
                if self.viewer is not None and self.is_human_viewer():
                    self.sound("win" if self.viewer in winners else "loss")
                return 0.6
            self.step(run)
            return True
        return False

    # -- event helpers ---------------------------------------------------------------
    def _score_point(self, seat):
        z = self.zones.get(f"score:{seat}")
        return z.rect.center if z is not None else (self.size[0] // 2, self.size[1] // 2)

    def _refresh_dice(self, view) -> None:
        """Between rolls the pair rests in the tray (and leaves it when the game ends)."""
        if view.get("over"):
            self.dice = []
            return
        if self.roll_show is None or self.roll_show.get("landed"):
            if len(self.dice) != 2:
                self.dice = list(self._dice)
            for i, d in enumerate(self.dice):
                if not d.rolling:
                    d.x, d.y = self.L["dice_home"][i]
                    d.home = (d.x, d.y)

    def _show_roll_static(self, r, view) -> None:
        faces = r.get("faces") or []
        self.dice = list(self._dice[:len(faces)])
        for i, (d, f) in enumerate(zip(self.dice, faces)):
            d.face = d.shown = f
            d.x, d.y = self.L["dice_home"][i]
        self.roll_show = {"purpose": r.get("purpose"), "target": r.get("target"), "faces": faces,
                          "bonus": r.get("bonus", 0), "need": r.get("need"), "total": r.get("total"),
                          "success": (r.get("total") or 0) >= (r.get("need") or 0), "seat": view.get("active"),
                          "landed": True, "rolloff": view.get("rolloff")}

    def _animate_roll(self, d) -> None:
        faces = list(d.get("faces") or [])
        info = {"purpose": d.get("purpose"), "target": d.get("target"), "faces": faces,
                "bonus": d.get("bonus", 0), "need": d.get("need"), "total": d.get("total"),
                "success": bool(d.get("success")), "seat": d.get("seat"), "landed": False,
                "lost": d.get("lost")}

        def run():
            L = self.L
            dice = self._dice[:max(1, len(faces))]
            self.dice = list(dice)
            self.roll_show = info
            fx, fy = L["dice_from"]
            to = []
            for i, die in enumerate(dice):
                if not die.rolling:
                    die.x, die.y = fx + self.rng.uniform(-20, 20), fy + self.rng.uniform(-30, 30) + i * 40
                hx, hy = L["dice_home"][i]
                to.append((hx + self.rng.uniform(-14, 14), hy + self.rng.uniform(-10, 10)))
            dur = 0.95
            for i, (die, face) in enumerate(zip(dice, faces)):
                die.roll(self.anim, face, to[i], dur + 0.08 * i, self.sound if i == 0 else None, self.rng)
            return dur + 0.08 * (len(dice) - 1) + 0.05
        self.step(run)

        def land():
            info["landed"] = True
            if info["purpose"] != "lay_low":
                L = self.L
                col = style.good(self.ctx.settings) if info["success"] else style.bad(self.ctx.settings)
                self.floater(tx("success") if info["success"] else tx("failure"),
                              (self.pawn_pos[0], self.pawn_pos[1] - int(40 * L["s"])), col)
            return 0.55
        self.step(land)

    def _animate_susp(self, d) -> None:
        seat, delta, value = d.get("seat"), int(d.get("delta") or 0), d.get("value")
        if seat is None:
            return
        L = self.L
        n = min(abs(delta), 6)
        sack = L["sacks"]["grave" if abs(delta) >= 3 else "vague"]
        anchor = self._susp_anchor(seat)
        size = int(26 * L["s"])
        col = (232, 226, 210)
        if n:
            if delta > 0:
                self.fly_tokens(sack, anchor, n, icon="suspicion", size=size, color=col, duration=0.5,
                                sound="coin")
            else:
                self.fly_tokens(anchor, sack, n, icon="suspicion", size=size, color=col, duration=0.5,
                                sound="coin")

        def run(seat=seat, value=value, delta=delta):
            if 0 <= seat < self.n:
                self.shown_susp[seat] = value
                self.fx.add("susp", None, 0.625, key=seat)
                txt = f"+{delta}" if delta > 0 else str(delta)
                self.floater(f"{txt} {tx('suspicion')}", anchor, (240, 200, 120) if delta > 0 else (170, 210, 240))
            return 0.1
        self.step(run)

    def _animate_coin(self, frm, to) -> None:
        def run(frm=frm, to=to):
            L = self.L
            if to not in L["coin_slot"]:
                return 0.0
            x0, y0 = self.coin_pos
            x1, y1 = L["coin_slot"][to]
            s0, s1 = self.coin_size, L["coin_size"][to]
            lift = 120 * L["s"]

            def apply(tt):
                self.coin_pos = (x0 + (x1 - x0) * tt, y0 + (y1 - y0) * tt - math.sin(math.pi * tt) * lift)
                self.coin_size = int(s0 + (s1 - s0) * tt + math.sin(math.pi * tt) * 14 * L["s"])
                if tt >= 1:
                    self.coin_holder = to
                    self.coin_pos = (x1, y1)
                    self.coin_size = s1
            self.anim.tween(0.8, apply, ease_in_out_cubic)
            self.sound("coin")
            return 0.85
        self.step(run)

    def _animate_pawn(self, at) -> None:
        """The Minion Pawn hops spot by spot along the Street, or leaps to a chaser."""
        def spot(p):
            if p == "seal":
                return 6
            return int(p.split(":")[1]) - 1 if p and p.startswith("street:") else None

        def place(pos, lift):
            self.pawn_pos, self.pawn_hop = pos, lift

        def run(at=at):
            L = self.L
            path = [self.pawn_pos]
            ia, ib = spot(self.pawn_at), spot(at)
            track = ia is not None and ib is not None
            if track and ia != ib:
                d = -1 if ib < ia else 1
                path += [L["spots"][j] if j < 6 else L["seal"] for j in range(ia + d, ib, d)]
            path.append(self._pawn_point(at))
            self.pawn_at = at
            dur = self.hop_along(path, place, 0.16 if track else 0.5, (16 if track else 60) * L["s"])
            self.sound("card_slide", 0.35)
            return dur + 0.05
        self.step(run)

    def _animate_reveal(self, d) -> None:
        cid = d.get("card")
        seat = d.get("seat")

        def run(cid=cid, seat=seat):
            c = self.cdata.get(cid)
            if c is None:
                return 0.0
            if c.kind == "deed":
                cap = tx("completes", player=self.name(seat))
            elif c.kind == "loot":
                cap = tx("nothing_value")
            else:
                cap = self.name(seat)
            if self.anim.instant:
                return 0.0
            self.showcase(cid, cap)
            self.sound("reveal")
            return 1.6
        self.step(run)

    def _animate_shuffle(self, zone) -> None:
        if zone:
            pile = "tavern_discard" if zone == "tavern_deck" else zone.replace("loot_deck", "loot_discard")
            self.step(lambda: self.shuffle_into(pile, zone))

    def _settle(self, view) -> None:
        """After a batch: the shown tokens agree with the view."""
        L = self.L
        self.warm_later(self._warm_list())
        self.shown_susp = [p["suspicion"] for p in view["seats"]]
        m = view.get("msm")
        if m is not None and m in L["coin_slot"]:
            self.coin_holder = m
            self.coin_pos = L["coin_slot"][m]
            self.coin_size = L["coin_size"][m]
        self.shown_phase = view.get("phase") or self.shown_phase
        if view.get("active") is not None:
            self.shown_active = view["active"]
        self.shown_turn = view.get("turn") or self.shown_turn
        self.shown_target = view.get("target")
        at = view.get("pawn") or "seal"
        self.pawn_at = at
        self.pawn_pos = self._pawn_point(at)
        self.pawn_hop = 0.0
        if view.get("stage") == "roll" and (self.roll_show is None or self.roll_show.get("landed")):
            self.roll_show = None
        if view.get("phase") in ("tavern", "stock") and self.roll_show and self.roll_show.get("purpose") != "lay_low":
            self.roll_show = None
        self._refresh_dice(view)

    # ================================================================== log
    # ================================================================== decisions → controls
    def controls(self):
        s, R, P, C, F = self.geo()
        d = self._decision()
        widgets: list = []
        banner = None
        st = self.L["stage"]
        bc = (st.centerx, st.bottom - int(40 * s))
        fs = F(21, 15)
        bh = int(50 * s)

        def btn(bid, label, action, style_name="normal", icon=None, hotkey=None, tip=None):
            return Button(bid, label, None, action=action, style_name=style_name, icon=icon, font_size=fs,
                          size=(0, bh), hotkey=hotkey, tooltip=tip)

        view = self.view or {}
        if d is None:
            self.prompt = self._passive_prompt(view)
            return [], None
        kind = d.kind
        plays = [] if kind in ("after_roll", "reaction") else self._plays(d)
        self.prompt = self.decision_prompt(d)
        buttons = [btn(b.id, b.label, b.action, b.style, icon=b.icon, tip=b.tip,
                       hotkey=pygame.K_RETURN if b.enter else None) for b in self.decision_buttons(d)]
        if kind in ("target", "sneak_order"):
            widgets.append(self._pawn_chip(d))
        elif kind == "reaction":
            banner = self._reaction_banner(d)
        elif kind == "deed_choice":
            banner = self._pick_banner(d, "deed", "dark_deed", self.card_name, tx("deed_sub"))
        elif kind == "msm_tiebreak":
            banner = self._pick_banner(d, "give", "most_suspicious", self.name, tx("tiebreak_sub"))
            widgets.append(self._coin_chip(d))
        if plays:
            buttons.append(btn("plays", tx("play_menu"), self._open_play_menu, "quiet", icon="plot"))
        if buttons:
            layout_row(buttons, self.gfx, bc, gap=int(14 * s), max_width=st.width - int(30 * s))
        return widgets + buttons, banner

    def _pick_banner(self, d, verb, icon, name_of, sub):
        """A banner asking to pick one (a Dark Deed met, who gets the coin): a button each."""
        s, st = self.L["s"], self.L["stage"]
        btns = [Button((verb, a[1]), name_of(a[1]), None, action=a, style_name="primary", icon=icon, font_size=20)
                for a in d.actions]
        return BannerSpec((verb, tuple(d.actions)), dd(f"decision.{d.kind}"), sub, icon=icon, buttons=btns,
                          tone="info", center=(st.centerx, st.top - int(168 * s)), width=min(int(860 * s), 860))

    def _reaction_banner(self, d):
        s, st = self.L["s"], self.L["stage"]
        title, sub, icon, can = self.reaction_words(d)
        key = ("react", self.match.log and len(self.match.log), d.seat, (d.prompt or {}).get("window"))
        buttons = [Button(("react", a[0]), dd(f"action.{a[0]}"), None, action=a, style_name="danger",
                          icon=icon, font_size=22) for a in can[:1]]
        buttons.append(Button(("react", "pass"), dd("action.pass"), None, action=("pass",), style_name="quiet",
                              font_size=22))
        # the countdown is the rules' window clock (the same for every seat asked)
        return BannerSpec(key, title, sub, icon=icon, buttons=buttons, decision=d, tone="alert",
                          center=(st.centerx, st.top - int(168 * s)), width=min(int(860 * s), 860))

    def _pawn_img(self, hover=False):
        return self.token_image("minion", int(52 * self.L.get("s", 1.0)), hover)

    def _pawn_chip(self, d):
        opts = self.options(self._pawn_options(d))
        return TokenChip("pawn", tx("seal"), self.pawn_pos, self._pawn_img(False), self._pawn_img(True),
                          options=opts, tooltip=tx("pawn_tip"))

    def _coin_img(self, size, hover=False):
        return self.token_image("most_suspicious", size, hover, kind="coin")

    def _coin_chip(self, d):
        size = self.coin_size
        opts = self.options(self.coin_choices(d))
        return TokenChip("coin", dd("zone.msm"), self.coin_pos, self._coin_img(size), self._coin_img(size, True),
                          options=opts, tooltip=tx("msm_tip"))

    # -- what each thing can do ---------------------------------------------------------
    def options_for(self, item) -> list:
        d = self._decision()
        if d is None:
            return []
        if isinstance(item, TokenChip):
            return item.options
        if isinstance(item, DieSprite):
            return self.options(self.dice_choices(d))
        if not isinstance(item, CardSprite):
            return []
        return self.options(self.card_options(d, str(item.zone), item.key))

    def _choice_menu(self, group) -> None:
        title, labels = self.choice_words(group, self._op(group[0][1]))
        items = [(lab, (lambda a=a, lab=lab: self.execute(Option(lab, a))), True) for a, lab in zip(group, labels)]
        self.menu = Menu(self.pointer, items, self, title)

    def _open_play_menu(self) -> None:
        d = self._decision()
        if d is None:
            return
        items = []
        for a in self._plays(d):
            items.append((self._describe_play(a), (lambda a=a: self.execute(Option("", a))), True))
        if not items:
            return
        pos = self.pointer if self.pointer[0] >= 0 else self.L["stage"].center
        self.menu = Menu((pos[0] - 100, pos[1] - 40 - 38 * len(items)), items, self, tx("play_menu"))

    def target_rect(self, tid):
        if not isinstance(tid, tuple) or not tid:
            return None
        if tid[0] == "pitch":
            return self.L["pitch"].get(tid[1])
        if tid[0] == "card":
            sp = self.sprite_of(tid[1])
            return sp.rect() if sp is not None else None
        if tid[0] == "table":
            return self.L["table"]
        if tid[0] == "tray":
            return self.L["stage"]
        return super().target_rect(tid)

    def targets_at(self, pos) -> list:
        L = self.L
        for i, r in enumerate(L.get("phase_pills", [])):
            if r.collidepoint(pos):
                return [("phase", i)]
        if L.get("ref_btn") is not None and L["ref_btn"].collidepoint(pos):
            return [("reference",)]
        sx, sy = L.get("seal", (-999, -999))
        if math.hypot(pos[0] - sx, pos[1] - sy) <= L.get("seal_r", 0):
            return [("seal",)]
        for name, (x, y) in L.get("sacks", {}).items():
            if math.hypot(pos[0] - x, pos[1] - y) <= 34 * L["s"]:
                return [("sack", name)]
        for seat, r in L.get("susp_box", {}).items():
            if r.collidepoint(pos):
                return [("susp", seat)]
        for seat, r in L.get("score_box", {}).items():
            if r.collidepoint(pos):
                return [("score", seat)]
        for seat, r in L.get("hand_box", {}).items():
            if r.collidepoint(pos):
                return [("hand", seat)]
        cx, cy = self.coin_pos
        if math.hypot(pos[0] - cx, pos[1] - cy) <= self.coin_size / 2:
            return [("msm",)]
        d6 = L.get("dagger_rect")
        if d6 is not None and d6.collidepoint(pos):
            return [("dagger",)]
        return []

    def tooltip_for(self, item):
        if isinstance(item, Target):
            return self.target_tip(item.id)
        if isinstance(item, CardSprite):
            return None
        return getattr(item, "tooltip", None)

    # ================================================================== input
    def on_click(self, item, pos) -> bool:
        if isinstance(item, Target) and item.id == ("reference",):
            self.show_reference = not self.show_reference
            self.sound("ui_click")
            return True
        if self.armed is None and self.interactive() and isinstance(item, (CardSprite, DieSprite)):
            direct = isinstance(item, DieSprite) or str(item.zone).split(":")[0] in (
                "street", "chasing", "loot", "loot_deck", "tavern", "tavern_deck")
            if direct:
                opts = self.options_for(item)
                acts = {o.action for o in opts if not callable(o.action)}
                if opts and len(acts) == 1 and all(not callable(o.action) for o in opts):
                    self.execute(opts[0])
                    return True
        return False

    def handle_event(self, e) -> bool:
        if e.type == pygame.KEYDOWN and e.key == pygame.K_r and not getattr(e, "mod", 0) & pygame.KMOD_CTRL:
            self.show_reference = not self.show_reference
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and self.show_reference:
            if self.L.get("ref_panel") is not None and self.L["ref_panel"].collidepoint(e.pos):
                self.show_reference = False
                return True
        return super().handle_event(e)

    def extra_help(self):
        return self.help_keys()

    # ================================================================== caches
    def set_viewer(self, seat) -> None:
        self.repaint()                        # names, "(you)" and the layout depend on the viewer
        self._warm_seen = set()
        super().set_viewer(seat)
        self.prewarm()

    def prewarm(self) -> None:
        """Render every face on the table now (not in the middle of an animation), then
        queue the other sizes each visible card type may need, warmed in idle frames.
        Only cards the viewer can see are ever rendered."""
        if not hasattr(self, "_warm_seen"):
            return                              # called by the kit while it is being built
        for sp in self.sprites:
            if sp.face_up and sp.key is not None and not sp.hidden:
                self.cards.face(sp.key, (int(sp.w), int(sp.h)))
        self.warm_later(self._warm_list())

    def _warm_list(self) -> list:
        """(key, size) faces worth rendering ahead, for the card types the viewer can see
        now (never a hidden card: what is rendered is what may be shown)."""
        s, R, P, C, F = self.geo()
        zs = {z.id: z.card_size for z in self.zones.values()}
        me = self.me
        other = self.others()
        street = [zs["street:1"], zs["street_discard"], zs[f"chasing:{me}"], (340, 476)]
        loot = [zs["loot:artisan:0"], zs[f"loot_of:{me}"], zs["loot_discard:artisan"], (340, 476), C(260, 364)]
        tav = [zs["tavern:0"], zs[f"hand:{me}"], zs["tavern_discard"], (340, 476)]
        if other:
            street.append(zs[f"chasing:{other[0]}"])
            loot.append(zs[f"loot_of:{other[0]}"])
            tav.append(zs[f"hand:{other[0]}"])
        out = []
        for sp in self.sprites:
            if sp.key is None:
                continue
            key = self._canon(sp.key)
            if key in self._warm_seen:
                continue
            self._warm_seen.add(key)
            c = self.cdata.get(key)
            if c is None:
                continue
            sizes = loot if c.kind == "loot" else tav if c.kind in ("plot", "deed") else street
            if c.kind == "deed":
                sizes = sizes + [C(260, 364)]
            out += [(key, tuple(sz)) for sz in sizes]
        return out


    # ================================================================== frame
    def update(self, dt: float) -> None:
        super().update(dt)
        self.t_now += dt
        if self.anim.busy():
            key = (self.shown_active, self.shown_phase, id(self.roll_show),
                   self.roll_show is not None and self.roll_show.get("landed"))
            if key != self._prompt_key:
                self._prompt_key = key
                self.prompt = self._shown_prompt()
        elif self._prompt_key is not None:
            # the events shown have finished: the tray follows the live decision again
            self._prompt_key = None
            self.refresh_controls(now=True)

    # -- background (rendered once) --------------------------------------------------
    def render_background(self) -> pygame.Surface:
        s, R, P, C, F = self.geo()
        L = self.L
        w, h = self.size
        g = self.gfx
        # a cool night wash, then candle pools
        bg = night_wood(self.ctx.assets, (w, h), (64, 50, 50), (20, 14, 12), (10, 18, 40, 70),
                        [(*P(x, y), int(r * s), k) for x, y, r, k in
                         ((560, 330, 620, 0.20), (1100, 760, 520, 0.16), (180, 820, 380, 0.12))])
        # -- the Street board: cobbles under a lantern ------------------------------
        sr = L["street"]
        self.board_panel(bg, sr, (24, 30, 40), (12, 14, 22), style.GOLD_DEEP, cobbles=True)
        title = g.text(tx("street"), F(22), style.GOLD, bold=True, serif=True)
        ic = g.icon("street", F(24), style.GOLD)
        ty = P(0, 352)[1]
        bg.blit(ic, ic.get_rect(midleft=(sr.left + int(16 * s), ty)))
        bg.blit(title, title.get_rect(midleft=(sr.left + int(22 * s) + ic.get_width(), ty)))
        # slot numbers, the path of spots, the seal and the dagger
        y = L["spots"][0][1]
        pygame.draw.line(bg, (120, 96, 56), (L["spots"][0][0], y), (L["seal"][0], y), max(1, int(2 * s)))
        for k, (x, yy) in enumerate(L["spots"]):
            pygame.draw.circle(bg, (14, 12, 14), (x, yy), L["spot_r"] + 2)
            pygame.draw.circle(bg, (58, 48, 40), (x, yy), L["spot_r"])
            pygame.draw.circle(bg, style.GOLD_DEEP, (x, yy), L["spot_r"], max(1, int(2 * s)))
            num = g.text(str(k + 1), F(17), style.GOLD_BRIGHT if k == 5 else style.TEXT, bold=True)
            bg.blit(num, num.get_rect(center=(x, yy)))
        sx, sy = L["seal"]
        bg.blit(radial_glow(int(L["seal_r"] * 1.9), (200, 40, 40), 90), (sx - int(L["seal_r"] * 1.9), sy - int(L["seal_r"] * 1.9)))
        pygame.draw.circle(bg, (10, 6, 8), (sx, sy), L["seal_r"] + 3)
        pygame.draw.circle(bg, (64, 14, 20), (sx, sy), L["seal_r"])
        pygame.draw.circle(bg, style.GOLD, (sx, sy), L["seal_r"], max(2, int(3 * s)))
        ic = g.icon("dark_deed", int(L["seal_r"] * 1.3), (236, 190, 120))
        bg.blit(ic, ic.get_rect(center=(sx, sy)))
        lab = g.text(tx("seal"), F(16), style.TEXT_DIM, serif=True)      # low: the discard's count sits above
        L["seal_label"] = lab.get_rect(midleft=(sx + L["seal_r"] + int(8 * s), sy + int(12 * s)))
        bg.blit(lab, L["seal_label"])
        # the dagger under the last slot, pointing right (the Street's direction)
        dx = L["slot_x"][5]
        dcen = P(dx + 6, 362)
        dag = g.icon("dagger", F(62), (232, 212, 170))
        dag = pygame.transform.rotozoom(dag, 45, 1.0)
        bg.blit(dag, dag.get_rect(center=dcen))
        L["dagger_rect"] = dag.get_rect(center=dcen)
        # chevrons along the Street between the spots, pointing right
        for k in range(5):
            x = (L["spots"][k][0] + L["spots"][k + 1][0]) // 2
            self.chevron(bg, (x, P(0, 362)[1]), int(8 * s), (150, 122, 70))
        x6 = L["spots"][5][0]
        self.chevron(bg, ((x6 + L["seal"][0]) // 2, y), int(9 * s), (150, 122, 70))
        # deck / discard labels
        L["discard_labels"] = [("street_discard", F(17), int(10 * s), None), ("tavern_discard", F(16), int(8 * s), None)] + \
            [(f"loot_discard:{tp}", F(14), int(36 * s), L["lootp"][tp].right - int(10 * s)) for tp in LOOT_TYPES]
        self._deck_label(bg, "street_deck", F(17), int(10 * s))
        # the two Suspicious Sacks
        for name, (x, yy) in L["sacks"].items():
            self._sack(bg, (x, yy), name)
        # -- the Tavern ----------------------------------------------------------------
        tr = L["tavern"]
        self.board_panel(bg, tr, (52, 32, 22), (24, 14, 10), style.GOLD_DEEP)
        self.panel_header(bg, tr, "tavern", tx("tavern"), style.GOLD)
        self._deck_label(bg, "tavern_deck", F(16), int(8 * s))
        # -- Loot ---------------------------------------------------------------------------
        for tp in LOOT_TYPES:
            r = L["lootp"][tp]
            col = self.faces.colour("type", tp)
            self.board_panel(bg, r, style.lerp_color(col, (10, 10, 14), 0.82), (12, 10, 14), style.lerp_color(col, style.GOLD_DEEP, 0.4))
            pygame.draw.rect(bg, col, pygame.Rect(r.left + 3, r.top + 3, r.width - 6, int(5 * s)),
                             border_top_left_radius=int(10 * s), border_top_right_radius=int(10 * s))
            self.panel_header(bg, r, self.faces.icon("street", tp), tx("loot", type=dd(f"type.{tp}")), style.lerp_color(col, style.TEXT, 0.3))
            self._deck_label(bg, f"loot_deck:{tp}", F(14), int(36 * s))
        # -- pitches -------------------------------------------------------------------------
        for seat, r in L["pitch"].items():
            col = self.scol(seat)
            self.board_panel(bg, r, style.lerp_color(col, (16, 12, 14), 0.86), (10, 8, 10), style.lerp_color(col, style.GOLD_DEEP, 0.5))
            pygame.draw.rect(bg, col, pygame.Rect(r.left + 3, r.top + 3, int(6 * s), r.height - 6),
                             border_top_left_radius=int(10 * s), border_bottom_left_radius=int(10 * s))
            mark = seat_marker_surface(g, seat, int(11 * s) if seat != self.me else int(13 * s), self.colorblind)
            hy = r.top + (int(22 * s) if seat == self.me else int(19 * s))
            bg.blit(mark, mark.get_rect(center=(r.left + int(26 * s), hy)))
            nm = self.name(seat) + (f"  ({tx('you')})" if seat == self.viewer else "")
            info = self.match.seats[seat]
            ns = g.fit_text(nm, F(24 if seat == self.me else 20), int(r.width * 0.62), style.TEXT, bold=True, serif=True)
            bg.blit(ns, ns.get_rect(midleft=(r.left + int(44 * s), hy)))
            if not info.is_human:
                ai = g.text(t("seat.ai_level", level=t(f"difficulty.{info.difficulty}")), F(14), style.TEXT_DIM)
                bg.blit(ai, ai.get_rect(midleft=(r.left + int(48 * s) + ns.get_width(), hy + 1)))
            if seat == self.me:
                for key, box in (("suspicion", L["susp_box"][seat]), ("score_pile", L["score_box"][seat])):
                    pygame.draw.rect(bg, (12, 10, 12), box, border_radius=int(10 * s))
                    pygame.draw.rect(bg, (70, 56, 40), box, 1, border_radius=int(10 * s))
                for key, yy in (("loot_of", 770), ("chasing_you", 920)):
                    lab = g.text(tx(key).upper(), F(15), style.TEXT_DIM, bold=True)
                    bg.blit(lab, (r.left + int(14 * s), P(0, yy)[1]))
                self._outline_row(bg, self.zones[f"loot_of:{seat}"])
                self._outline_row(bg, self.zones[f"chasing:{seat}"])
            else:
                for box in (L["hand_box"][seat], L["susp_box"][seat], L["score_box"][seat]):
                    pygame.draw.rect(bg, (12, 10, 12), box, border_radius=int(8 * s))
                    pygame.draw.rect(bg, (62, 50, 38), box, 1, border_radius=int(8 * s))
                for key, zid in (("loot_of", f"loot_of:{seat}"), ("chasing", f"chasing:{seat}")):
                    z = self.zones[zid]
                    lab = g.text(tx(key).upper(), F(13), style.TEXT_DIM, bold=True)
                    bg.blit(lab, (z.rect.left, z.rect.top - int(17 * s)))
                    pygame.draw.rect(bg, (14, 12, 14), z.rect, border_radius=int(6 * s))
        # -- the dice tray / stage ------------------------------------------------------------
        st = L["stage"]
        self.board_panel(bg, st, (30, 44, 36), (12, 20, 16), style.GOLD_DEEP)
        # vignette
        vig = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(30):
            a = int(6 * (30 - i) / 30 * 1.4)
            pygame.draw.rect(vig, (0, 0, 0, a), pygame.Rect(i * 5, i * 4, w - i * 10, h - i * 8), 6)
        bg.blit(vig, (0, 0))
        return bg

    def _deck_label(self, bg, zid, size, gap) -> None:
        """"Deck" under a deck, `gap` px below it."""
        z = self.zones[zid]
        lab = self.gfx.text(tx("deck"), size, style.TEXT_DIM, serif=True)
        bg.blit(lab, lab.get_rect(midtop=(z.rect.centerx, z.rect.bottom + gap)))

    def _outline_row(self, bg, z):
        s = self.L["s"]
        pygame.draw.rect(bg, (12, 10, 12), z.rect.inflate(int(8 * s), int(8 * s)), border_radius=int(8 * s))

    def _sack(self, bg, pos, name):
        s = self.L["s"]
        g = self.gfx
        x, y = pos
        r = int(30 * s)
        fill = (232, 226, 210) if name == "vague" else (26, 22, 24)
        ink = (40, 30, 24) if name == "vague" else (230, 220, 200)
        pygame.draw.circle(bg, (0, 0, 0), (x + 2, y + 4), r)
        ic = g.icon("loot", int(r * 2.0), fill)
        bg.blit(ic, ic.get_rect(center=(x, y)))
        num = g.text("1" if name == "vague" else "3", max(12, int(22 * s)), ink, bold=True)
        bg.blit(num, num.get_rect(center=(x, y + int(8 * s))))
        lab = g.text(tx("sack_vague").split(":")[0] if name == "vague" else tx("sack_grave").split(":")[0],
                     max(11, int(14 * s)), style.TEXT_DIM, serif=True)
        bg.blit(lab, lab.get_rect(midtop=(x, y + r + int(4 * s))))

    # -- per frame ----------------------------------------------------------------------
    def draw_board(self, surf) -> None:
        s = self.L["s"]
        view = self.view or {}
        self._draw_phasebar(surf)
        # the active player's pitch glows
        a = self.shown_active
        r = self.L["pitch"].get(a)
        if r is not None and not view.get("over"):
            self.glow_around(surf, [r], style.GOLD, speed=2.4, pad=8, base=120, swing=110)
        for seat in range(self.n):
            self._draw_susp(surf, seat)
            self._draw_score(surf, seat)
        self._draw_hand_count(surf)
        self._draw_empty_rows(surf)
        for zid, fs, off, right in self.L.get("discard_labels", ()):
            z = self.zones.get(zid)
            if z is None:
                continue
            n = len(z.cards)
            lab = self.gfx.text(f"{tx('discard')} · {n}" if n else tx("discard"), fs, style.TEXT_DIM, serif=True)
            if right is not None and z.rect.centerx + lab.get_width() // 2 > right:
                surf.blit(lab, lab.get_rect(topright=(right, z.rect.bottom + off)))
            else:
                surf.blit(lab, lab.get_rect(midtop=(z.rect.centerx, z.rect.bottom + off)))
        # legal targets of the current decision, marked softly (before any drag)
        self._draw_hints(surf)

    def _draw_phasebar(self, surf):
        s, R, P, C, F = self.geo()
        L = self.L
        g = self.gfx
        bar = L["phasebar"]
        surf.blit(g.panel(bar.width, bar.height, fill=(14, 10, 12), border=style.GOLD_DEEP, radius=int(10 * s),
                          alpha=220), bar.topleft)
        a = self.shown_active
        mark = seat_marker_surface(g, a, int(10 * s), self.colorblind)
        surf.blit(mark, mark.get_rect(midleft=(bar.left + int(12 * s), bar.centery)))
        txt = g.text(f"{tx('turn', n=max(1, self.shown_turn))} · {self.name(a)}", F(21), style.TEXT, bold=True, serif=True)
        surf.blit(txt, txt.get_rect(midleft=(bar.left + int(38 * s), bar.centery)))
        phases = ("street", "tavern", "stock")
        cur = self.shown_phase
        for i, (ph, r) in enumerate(zip(phases, L["phase_pills"])):
            on = ph == cur and not (self.view or {}).get("over")
            fill = (120, 26, 36) if on else (26, 20, 22)
            edge = style.GOLD_BRIGHT if on else (80, 64, 48)
            surf.blit(g.panel(r.width, r.height, fill=fill, border=edge, radius=r.height // 2, alpha=245), r.topleft)
            lab = g.fit_text(f"{i + 1}  {dd(f'phase.{ph}')}", F(19), r.width - int(20 * s),
                             style.TEXT if on else style.TEXT_DIM, bold=on, serif=True)
            surf.blit(lab, lab.get_rect(center=r.center))
            if i < 2:
                self.chevron(surf, (r.right + int(6 * s), r.centery), int(6 * s), (120, 96, 60))
        rb = L["ref_btn"]
        on = self.show_reference
        surf.blit(g.panel(rb.width, rb.height, fill=(60, 40, 24) if on else (30, 22, 20),
                          border=style.GOLD if on else style.GOLD_DEEP, radius=int(8 * s), alpha=245), rb.topleft)
        ic = g.icon("info", F(20), style.GOLD)
        lab = g.text(tx("reference"), F(17), style.TEXT, bold=True)
        wsum = ic.get_width() + int(6 * s) + lab.get_width()
        x = rb.centerx - wsum // 2
        surf.blit(ic, ic.get_rect(midleft=(x, rb.centery)))
        surf.blit(lab, lab.get_rect(midleft=(x + ic.get_width() + int(6 * s), rb.centery)))

    def _token(self, kind, size):
        def make():
            surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
            c = (size + 4) // 2
            if kind == "grave":
                fill, edge, ink = (22, 18, 20), (196, 48, 60), (236, 226, 206)
            else:
                fill, edge, ink = (236, 230, 214), (150, 130, 100), (60, 44, 34)
            pygame.draw.circle(surf, (0, 0, 0, 110), (c + 1, c + 2), size // 2)
            pygame.draw.circle(surf, fill, (c, c), size // 2)
            pygame.draw.circle(surf, edge, (c, c), size // 2, max(2, size // 12))
            if kind == "grave":
                t3 = self.gfx.text("3", max(10, int(size * 0.56)), ink, bold=True, serif=True)
                surf.blit(t3, t3.get_rect(center=(c, c)))
            else:
                ic = self.gfx.icon("suspicion", int(size * 0.64), ink)
                surf.blit(ic, ic.get_rect(center=(c, c)))
            return surf
        return self.gfx.cached(("dd_token", kind, size), make)

    def _draw_susp(self, surf, seat):
        s, R, P, C, F = self.geo()
        box = self.L["susp_box"].get(seat)
        if box is None:
            return
        g = self.gfx
        n = self.shown_susp[seat] if seat < len(self.shown_susp) else 0
        big = seat == self.me
        pulse = self.fx.level("susp", seat)
        danger = n >= self.rules.arrest_at
        col = style.lerp_color(style.TEXT, style.GOLD_BRIGHT, pulse)
        if danger:
            col = style.bad(self.ctx.settings)
        if big:
            lab = g.text(tx("suspicion").upper(), F(15), style.TEXT_DIM, bold=True)
            surf.blit(lab, (box.left + int(12 * s), box.top + int(8 * s)))
            num = g.text(str(n), F(42), col, bold=True, serif=True)
            surf.blit(num, num.get_rect(midleft=(box.left + int(14 * s), box.centery + int(12 * s))))
            x0 = box.left + int(84 * s)
            cy = box.centery + int(8 * s)
            gs, vs = int(34 * s), int(26 * s)
            avail = box.right - int(12 * s) - x0
        else:
            num = g.text(str(n), F(26), col, bold=True, serif=True)
            surf.blit(num, num.get_rect(midleft=(box.left + int(6 * s), box.centery)))
            x0 = box.left + int(12 * s) + num.get_width()
            cy = box.centery
            gs, vs = int(26 * s), int(20 * s)
            avail = box.right - int(4 * s) - x0
        toks = ["grave"] * (n // 3) + ["vague"] * (n % 3)
        if not toks:
            return
        widths = [gs if k == "grave" else vs for k in toks]
        total = sum(widths) + int(3 * s) * (len(toks) - 1)
        stepk = 1.0 if total <= avail else (avail - widths[-1]) / max(1, total - widths[-1])
        x = x0
        for k, wdt in zip(toks, widths):
            img = self._token(k, wdt)
            surf.blit(img, img.get_rect(midleft=(int(x), cy)))
            x += (wdt + int(3 * s)) * stepk

    def _draw_score(self, surf, seat):
        s, R, P, C, F = self.geo()
        box = self.L["score_box"].get(seat)
        if box is None:
            return
        view = self.view or {}
        seats = view.get("seats") or []
        if seat >= len(seats):
            return
        p = seats[seat]
        g = self.gfx
        if seat == self.me:
            z = self.zones.get(f"score:{seat}")
            x = (z.rect.right if z is not None else box.left) + int(16 * s)
            lab = g.text(tx("score_pile").upper(), F(15), style.TEXT_DIM, bold=True)
            surf.blit(lab, (x, box.top + int(8 * s)))
            cnt = p["score_count"]
            ct = g.text(tx("cards", n=cnt) if cnt != 1 else tx("one_card"), F(19), style.TEXT)
            surf.blit(ct, (x, box.top + int(30 * s)))
            if "score_total" in p:
                ft = g.text(tx("favour_total", n=p["score_total"]), F(22), style.GOLD_BRIGHT, bold=True, serif=True)
                ic = g.icon("chalice", F(20), style.GOLD)
                surf.blit(ic, (x, box.top + int(58 * s)))
                surf.blit(ft, (x + ic.get_width() + int(4 * s), box.top + int(56 * s)))
            if cnt == 0 and z is not None:
                ph = g.text("—", F(20), style.TEXT_DIM)
                surf.blit(ph, ph.get_rect(center=z.rect.center))
        else:
            z = self.zones.get(f"score:{seat}")
            if z is None:
                return
            if p["score_count"] == 0:
                pygame.draw.rect(surf, (70, 58, 44), z.rect, 1, border_radius=int(4 * s))
            tot = "score_total" in p
            num = g.text(str(p["score_count"]), F(20 if tot else 22), style.TEXT, bold=True, serif=True)
            surf.blit(num, num.get_rect(midleft=(z.rect.right + int(6 * s), z.rect.centery - (int(10 * s) if tot else 0))))
            if tot:
                ic = g.icon("chalice", F(13), style.GOLD)
                ft = g.text(str(p["score_total"]), F(15), style.GOLD_BRIGHT, bold=True)
                x = z.rect.right + int(4 * s)
                surf.blit(ic, ic.get_rect(midleft=(x, z.rect.centery + int(13 * s))))
                surf.blit(ft, ft.get_rect(midleft=(x + ic.get_width() + 1, z.rect.centery + int(13 * s))))

    def _draw_empty_rows(self, surf):
        s, R, P, C, F = self.geo()
        me = self.me
        for zid, key in ((f"loot_of:{me}", "no_loot"), (f"chasing:{me}", "no_chasers")):
            z = self.zones.get(zid)
            if z is not None and not z.cards:
                lab = self.gfx.text(tx(key), F(17), (110, 96, 78), serif=True)
                surf.blit(lab, lab.get_rect(midleft=(z.rect.left + int(14 * s), z.rect.centery)))

    def _draw_hand_count(self, surf):
        s, R, P, C, F = self.geo()
        view = self.view or {}
        g = self.gfx
        for p in view.get("seats") or []:
            seat = p["seat"]
            box = self.L.get("hand_box", {}).get(seat)
            if box is None:
                continue
            num = g.text(str(p["hand_count"]), F(22), style.TEXT, bold=True, serif=True)
            surf.blit(num, num.get_rect(midright=(box.right - int(4 * s), box.centery)))

    def _hint_sprites(self, d) -> list:
        """The cards a click or drop would play now (cached per set of controls)."""
        key = (self.controls_key, id(self.view), len(self.sprites), self.viewer)
        if self._hints_key == key:
            return self._hints
        out = []
        if d.kind in ("discard", "reaction"):
            out = [sp for sp in self.zones[f"hand:{self.me}"].cards if self.options_for(sp)]
        else:
            for z in self.zones.values():
                if str(z.id).split(":")[0] not in ("street", "chasing", "loot", "loot_deck", "tavern", "tavern_deck"):
                    continue
                cands = z.cards[-1:] if isinstance(z, Stack) else z.cards
                out += [sp for sp in cands if not sp.hidden and self.options_for(sp)]
        self._hints_key, self._hints = key, out
        return out

    def _draw_hints(self, surf):
        if self.drag is not None or self.armed is not None or self.anim.busy():
            return
        d = self._decision()
        if d is not None and d.kind in ("target", "sneak_order", "loot_choice", "tavern", "discard", "reaction"):
            self.glow_around(surf, [sp.rect() for sp in self._hint_sprites(d)], dashed=True)

    def draw_overlay(self, surf) -> None:
        s, R, P, C, F = self.geo()
        g = self.gfx
        L = self.L
        self._draw_stage(surf)
        self._draw_target_mark(surf)
        # the MSM coin
        if not any(isinstance(w, TokenChip) and w.id == "coin" for w in self.widgets):
            img = self._coin_img(int(self.coin_size))
            surf.blit(img, img.get_rect(center=(int(self.coin_pos[0]), int(self.coin_pos[1]))))
        # the Minion Pawn
        if not any(isinstance(w, TokenChip) and w.id == "pawn" for w in self.widgets):
            img = self._pawn_img(False)
            x, y = self.pawn_pos
            if self.pawn_hop > 0.5:
                sh = g.circle(int(20 * s), (0, 0, 0, 70))
                surf.blit(sh, sh.get_rect(center=(int(x) + 3, int(y) + 6)))
            surf.blit(img, img.get_rect(center=(int(x), int(y - self.pawn_hop))))
        # hand hidden
        if self.hand_hidden and self.viewer is not None:
            lab = g.badge(tx("hand_hidden"), F(18), fill=(20, 14, 16), border=style.GOLD_DEEP, color=style.TEXT_DIM)
            surf.blit(lab, lab.get_rect(center=L["fan"].center))
        if self.show_reference:
            self._draw_reference(surf)

    def _draw_target_mark(self, surf):
        cid = self.shown_target
        if cid is None or (self.view or {}).get("over"):
            return
        sp = self.sprite_of(cid)
        if sp is None or sp.hidden or str(sp.zone).startswith(("score:", "street_discard")):
            return
        s = self.L["s"]
        r = sp.rect()
        pulse = 0.5 + 0.5 * math.sin(self.t_now * 4.0)
        col = style.bad(self.ctx.settings)
        gl = self.gfx.glow_rect(r.width, r.height, col, int(12 * s), int(12 * s))
        gl.set_alpha(int(150 + 100 * pulse))
        surf.blit(gl, (r.left - int(12 * s), r.top - int(12 * s)))
        gl.set_alpha(None)
        tag = self.gfx.badge(tx("target_tag"), max(12, int(16 * s)), fill=(120, 20, 30), border=style.GOLD_BRIGHT,
                             icon="assassinate", pad=6)
        surf.blit(tag, tag.get_rect(midbottom=(r.centerx, r.top + int(2 * s))))

    def _draw_stage(self, surf):
        st = self.L["stage"]
        if self.banner is None:
            self.draw_prompt(surf, st, self.prompt)
        view = self.view or {}
        if view.get("over") and view.get("result") and not self.anim.busy():
            self._draw_final(surf, view["result"])
            return
        rs = self.roll_show
        if rs is not None and rs.get("landed"):
            s, R, P, C, F = self.geo()
            img = self.plaque(*self.roll_words(rs))
            surf.blit(img, img.get_rect(midleft=(st.left + int(290 * s), P(0, 736)[1])))

    def _draw_final(self, surf, res):
        """The final reckoning in the tray: Score Pile − unfinished Dark Deeds − Nemeses."""
        s, st = self.L["s"], self.L["stage"]
        rows = [final_values(r) for r in (res.get("details") or {}).get("breakdown") or []]
        img = self.score_table((st.width - int(40 * s), st.height - int(70 * s)),
                               [dd(f"result.{k}") for k in FINAL_COLUMNS], rows, res.get("winners") or [])
        surf.blit(img, (st.left + int(20 * s), st.top + int(62 * s)))

    def _draw_reference(self, surf):
        r = self.L["ref_panel"] = self.geo()[1](330, 90, 900, 520)
        sections = [(icon, dd(f"reference.{key}")) for key, icon in
                    (("street", "street"), ("tavern", "tavern"), ("stock", "clock"), ("anytime", "plot"))]
        surf.blit(self.reference_panel(r.size, dd("reference.heading"), sections, tx("reference_hint")), r.topleft)

    # -- zoom: hovering any face-up card for a moment previews it ------------------------
    def zoom_key(self):
        key, sp = super().zoom_key()
        if key is not None:
            return key, sp
        if self.drag is not None or self.menu is not None or self.preview_key is not None:
            return None, None
        h = self.hover                  # still under the pointer: a card that flew off keeps no zoom
        if isinstance(h, CardSprite) and h.face_up and h.key is not None and h.flip is None and not h.dragging \
                and h.contains(self.pointer):
            z = self.zones.get(h.zone)
            delay = 0.35 if (z is not None and z.kind == "fan") else 0.6
            if self.hover_time >= delay:
                return h.key, h
        return None, None
