"""Schemers of Venice at the table: seats round a Venetian table, the canal at its
heart, the treasury and the deck beside it; your two cards face up before you, the
others' backs; lost cards face up before their owner; ducats as coins that fly.

Everything here is drawn from `match.view(viewer)` and the events visible to the
viewer (see game.ui.table.kit). Actions:
- your turn: an action bar — Gondola Fare, Casino Winnings, Into the Canal and the five
  roles; a targeted one (Canal, Poisoner, Corsair) is a chip you drag onto a seat, or
  click and then click the seat (or right-click a seat for its menu);
- reactions (challenge / block / challenge the block): a banner with a countdown;
- losing a card: drag one of your cards into the canal, or click it;
- the Fortune Teller: drag cards between your hand and the "put back" slots, Confirm;
- the Untouchable's price: drag a card onto the deck, or click it;
- Rialto: the card for sale, price, bids, the clock and a Bid button; sealed maximum
  bids in hot-seat.
"""
from __future__ import annotations

import math

import pygame

from game.core.i18n import t
from game.ui.table import style
from game.ui.table.cards import CardFrame, CardSprite
from game.ui.table.gfx import light_pool, seat_color, seat_marker_surface
from game.ui.table.kit import TableKit, Target, by_target
from game.ui.table.layout import oval_seats
from game.ui.table.strings import game_words
from game.ui.table.tween import linear
from game.ui.table.widgets import BannerSpec, Button, Chip, NumberPicker, Option
from game.ui.table.zones import Fan, Row, Spot, Stack, TokenStack, Zone

ROLES = ("doge", "poisoner", "corsair", "fortune_teller", "plague_doctor")
TARGETED = ("poisoner", "corsair")
SEAT_PARAMS = ("player", "target", "actor", "blocker", "challenger", "claimant")
ROLE_PARAMS = ("role", "card")

# one frame per role: the body gradient, the art disc and the accent
FRAMES = {
    "doge": CardFrame(fill=(120, 22, 34), fill_low=(52, 8, 16), border=(222, 182, 88),
                      art_bg=(40, 10, 16), icon=(246, 214, 128)),
    "poisoner": CardFrame(fill=(44, 70, 40), fill_low=(14, 26, 14), border=(180, 196, 110),
                          art_bg=(12, 22, 12), icon=(196, 226, 140)),
    "corsair": CardFrame(fill=(26, 50, 92), fill_low=(8, 16, 36), border=(176, 190, 214),
                         art_bg=(8, 16, 34), icon=(210, 222, 240)),
    "fortune_teller": CardFrame(fill=(78, 36, 100), fill_low=(26, 10, 40), border=(214, 170, 226),
                                art_bg=(24, 10, 34), icon=(236, 206, 246)),
    "plague_doctor": CardFrame(fill=(58, 54, 50), fill_low=(18, 16, 16), border=(206, 196, 176),
                               art_bg=(16, 14, 14), icon=(232, 224, 206)),
}

W, H = 1920, 1080
CENTER = (770, 470)
HAND_CARD = (170, 238)
SEAT_CARD = (74, 104)
SEAT_COIN_COL = 84          # a seat panel's coin column (stack + count) left of its cards
MY_LOST_CARD = (104, 146)
DECK_CARD = (96, 134)
SALE_CARD = (140, 196)
LINE_CARD = (50, 70)
TOKEN_COLOR = (196, 196, 206)


tw = game_words("schemers")


def _tt(key: str, **params) -> str:
    return t(f"schemers.{key}", **params)


class SchemersTable(TableKit):
    game_id = "schemers"
    plays_event_sounds = True

    def __init__(self, ctx):
        self.n = len(ctx.match.seats)
        rules = ctx.match.rules
        try:
            self.params = rules.text_params()
        except Exception:
            self.params = {}
        self.shown_turn = None
        self.shown_auction = {}
        self.ft_return: list[int] = []          # indices into the exchange pool picked to go back
        self.seat_rects: dict[int, pygame.Rect] = {}
        self._bubbles: list = []                # (seat, rect, anchor) drawn over the cards
        self.seat_centers: dict[int, tuple] = {}
        self._panel_cache_key = {}
        self._succ, self._paired = {}, set()
        super().__init__(ctx)

    # ------------------------------------------------------------------ data
    def card_spec(self, key) -> dict:
        if key not in ROLES:
            return {"key": key, "title": str(key), "kind": "", "icon": "back"}
        return {"key": key, "kind": key, "icon": key, "title": _tt(f"roles.{key}.name"),
                "text": _tt(f"roles.{key}.power", **self.params)}

    def card_frames(self) -> dict:
        return FRAMES

    def prewarm(self) -> None:
        sizes = {z.card_size for z in self.zones.values()}
        sizes |= {(int(SEAT_CARD[0] * 1.9), int(SEAT_CARD[1] * 1.9)),
                  (int(HAND_CARD[0] * 1.15), int(HAND_CARD[1] * 1.15))}
        for size in sizes:
            self.cards.back(size)
            for role in ROLES:
                self.cards.face(role, size)

    def role_name(self, role) -> str:
        if role == "untouchable":
            return _tt("roles.untouchable.name")
        return _tt(f"roles.{role}.name") if role in ROLES else str(role)

    def log_rect(self) -> pygame.Rect:
        return pygame.Rect(1556, 82, 344, 976)

    def _draw_challenge_line(self, surf, pa, pb, alpha: int) -> None:
        """The red line from challenger to claimant; it fades out over its last half second
        (only then is it drawn on a layer of its own, not on every frame it shows)."""
        if alpha >= 255:
            self._challenge_line_on(surf, pa, pb)
            return
        box = pygame.Rect(min(pa[0], pb[0]), min(pa[1], pb[1]),
                          abs(pa[0] - pb[0]) + 1, abs(pa[1] - pb[1]) + 1).inflate(52, 52)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        self._challenge_line_on(layer, (pa[0] - box.x, pa[1] - box.y), (pb[0] - box.x, pb[1] - box.y))
        layer.set_alpha(alpha)
        surf.blit(layer, box)

    def _challenge_line_on(self, surf, a, b) -> None:
        col = style.bad(self.ctx.settings)
        pygame.draw.line(surf, col, a, b, 5)
        for p in (a, b):
            pygame.draw.circle(surf, col, p, 9)
        ic = self.gfx.icon("challenge", 48, style.GOLD_BRIGHT)
        surf.blit(ic, ic.get_rect(center=((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)))

    def build(self, view) -> None:
        rules = view["rules"]
        self.hand_size = rules.get("hand_size", 2)
        bottom = self.me
        others = self.others()
        k = len(others)
        cx, cy = CENTER
        self.seat_rects.clear()
        self.seat_centers.clear()
        seat_w = max(300 if self.hand_size <= 2 else 330, SEAT_COIN_COL + self.hand_size * (SEAT_CARD[0] + 6) + 12)
        seat_h = 214
        rects = oval_seats(k, CENTER, (650, 352), (seat_w, seat_h), pygame.Rect(20, 16, 1510, 820))
        for seat, r in zip(others, rects):
            self.seat_rects[seat] = r
            self.seat_centers[seat] = r.center
            # a coin column at the left (stack + count), the cards beside it: coins are
            # never covered by cards, whatever the count
            hand_w = self.hand_size * (SEAT_CARD[0] + 6)
            cards_left = r.left + SEAT_COIN_COL
            hz = Row(("hand", seat), pygame.Rect(cards_left, r.top + 66, hand_w, SEAT_CARD[1]), SEAT_CARD,
                     gap=6, align="start", target=False, z=2)
            lz = Row(("lost", seat), pygame.Rect(max(cards_left, r.right - 12 - hand_w), r.top + 66, hand_w,
                                                 SEAT_CARD[1]),
                     SEAT_CARD, gap=6, align="end", target=False, z=2)
            self.add_zone(hz)
            self.add_zone(lz)
            self.add_tokens(TokenStack(("ducats", seat), (r.left + 22, r.top + 66 + SEAT_CARD[1] - 19), "ducat",
                                       size=26, max_drawn=8, owner=seat))
        # the bottom seat: you
        me_rect = pygame.Rect(0, 0, 1500, 250)
        me_rect.midbottom = (cx, H - 6)
        self.my_rect = pygame.Rect(36, 846, 420, 222)
        self.seat_rects[bottom] = self.my_rect
        self.seat_centers[bottom] = (cx, 930)
        fan_w = 560
        private = self.viewer is not None
        self.add_zone(Fan(("hand", bottom), pygame.Rect(cx - fan_w // 2 - 20, 860, fan_w, 150), HAND_CARD,
                          private=private, target=False, z=5, arc=3.0, curve=5.0, max_gap=1.06))
        self.add_zone(Row(("lost", bottom), pygame.Rect(1060, 858, 3 * (MY_LOST_CARD[0] + 10), MY_LOST_CARD[1]),
                          MY_LOST_CARD, gap=10, align="start", target=False, z=4))
        self.add_tokens(TokenStack(("ducats", bottom), (92, 982), "ducat", size=48, max_drawn=12, owner=bottom,
                                   label=False))
        # the middle of the table
        self.canal_rect = pygame.Rect(0, 0, 500, 170)
        self.canal_rect.center = (cx, cy + 6)
        self.add_zone(Zone("canal", self.canal_rect, DECK_CARD, target=True, z=0))
        self.add_zone(Stack("deck", pygame.Rect(cx - 335 - 50, cy - 64, 100, 140), DECK_CARD, z=1,
                            label=_tt("zones.deck")))
        self.zones["deck"].face_down = True
        self.treasury_pos = (cx + 335, cy + 20)
        tre = self.add_tokens(TokenStack("treasury", self.treasury_pos, "ducat", size=40, count=9,
                                         max_drawn=9, label=False))
        tre.infinite = True
        # the Fortune Teller's "put back" slots (only while exchanging)
        self.add_zone(Row("ft_return", pygame.Rect(cx - 130, cy + 6 - 73, 260, 146), (104, 146), gap=20,
                          slots_n=None, target=True, z=6))
        # Rialto: a stage over the canal — the card for sale, the line, price, bids, clock
        self.stage = None
        if rules.get("auction"):
            self.stage = pygame.Rect(0, 0, 780, 322)
            self.stage.midtop = (cx, 284)
            sale = pygame.Rect(0, 0, *SALE_CARD)
            sale.midtop = (cx, self.stage.top + 46)
            self.add_zone(Spot("auction", sale, SALE_CARD, z=6, target=False, outline=False))
            self.add_zone(Row("line", pygame.Rect(self.stage.left + 30, self.stage.bottom - 14 - LINE_CARD[1],
                                                  self.stage.width - 60, LINE_CARD[1]), LINE_CARD, gap=6,
                              target=False, z=3))
            self.zones["deck"].rect.center = (self.stage.left - 110, cy + 200)
            self.sold_point = (self.stage.right - 60, self.stage.top + 150)
        self._panel_cache_key.clear()
        self.shown_turn = view.get("turn")
        self.shown_auction = dict(view.get("auction") or {})
        self.ft_return = []

    def zone_name(self, name):
        if isinstance(name, str) and ":" in name:
            kind, _, num = name.partition(":")
            try:
                return (kind, int(num))
            except ValueError:
                return name
        return name

    def zone_cards(self, view) -> dict:
        out = {}
        n = self.n
        hand_counts = view.get("hand_counts")
        me = self.viewer
        for s in range(n):
            if s == me:
                hand = list(view.get("hand") or [])
                drawn = view.get("drawn")
                if drawn:
                    pool = hand + list(drawn)
                    out[("hand", s)] = [c for i, c in enumerate(pool) if i not in self.ft_return]
                    out["ft_return"] = [pool[i] for i in self.ft_return if i < len(pool)]
                else:
                    out[("hand", s)] = hand
            elif view.get("hands") is not None:          # a finished game's replay: face up
                out[("hand", s)] = list(view["hands"][s])
            else:
                cnt = hand_counts[s] if hand_counts is not None else 0
                out[("hand", s)] = [None] * cnt
            out[("lost", s)] = list(view["lost"][s])
        if not view.get("drawn"):
            out["ft_return"] = []
        out["deck"] = [None] * view.get("deck_count", 0)
        au = view.get("auction")
        if "auction" in self.zones:
            if au:
                line = list(au.get("line") or [])
                out["auction"] = line[:1]
                out["line"] = line[1:]
            else:
                out["auction"], out["line"] = [], []
        return out

    def token_counts(self, view) -> dict:
        out = {}
        in_auction = view.get("auction") is not None
        if "treasury" in self.tokens:
            self.tokens["treasury"].hidden = in_auction
        for s, tstack in self.tokens.items():
            if isinstance(s, tuple) and s[0] == "ducats":
                tstack.hidden = in_auction and s[1] != self.viewer
                tstack.color = TOKEN_COLOR if in_auction else style.GOLD
        ducats = view.get("ducats")
        au = view.get("auction")
        for s in range(self.n):
            if ducats is not None:
                out[("ducats", s)] = ducats[s]
            elif au is not None and s == self.viewer:
                out[("ducats", s)] = au.get("tokens", 0)
            else:
                out[("ducats", s)] = 0
        return out

    def face_shown(self, sprite, zone) -> bool:
        return super().face_shown(sprite, zone)

    def seat_anchor(self, seat):
        """Where the app's "thinking…" cue sits for a seat."""
        r = self.seat_rects.get(seat)
        if r is None:
            return None
        if seat == self.me:
            return (r.left + 250, r.top - 24)
        return (r.centerx, r.top - 6 if r.top > 40 else r.bottom + 20)

    # ------------------------------------------------------------------ events
    def animate(self, ev) -> bool:
        k, d = ev.kind, ev.data
        if k == "move":
            src, dst = self.zone_name(d.get("src")), self.zone_name(d.get("dst"))
            card = d.get("card")
            if dst == "sold":
                self.move_card(src, dst, key=card, duration=0.5, origin=getattr(self, "sold_point", None))
                return True
            if src == ("hand", self.viewer) and dst == "deck" and self.zones["ft_return"].cards:
                src = "ft_return"
            dur = 0.5 if dst != "deck" else 0.45
            if isinstance(dst, tuple) and dst[0] == "lost":
                self.step(lambda s=dst[1]: self._canal_splash(s), hold=0.0)
                self.move_card(src, dst, key=card, duration=0.6, sound="card_flip")
            else:
                self.move_card(src, dst, key=card, duration=dur)
            return True
        if k == "reveal":
            seat = d.get("seat")
            mine = seat == self.me
            self.reveal_card(("hand", seat), d.get("card"), scale=1.15 if mine else 1.9,
                             toward=CENTER, frac=0.2 if mine else 0.35)
            return True
        if k == "shuffle":
            self.step(lambda: self._shuffle_deck(d.get("zone")))
            return True
        if k == "counter":
            self._counter(ev)
            return True
        if k == "turn":
            def run(seat=d.get("seat")):
                self.shown_turn = seat
                return 0.15
            self.step(run)
            return True
        if k == "action":
            act = d.get("action")
            label = _tt(f"actions.{act}")
            icon = {"income": "gondola_fare", "casino": "casino", "canal": "canal"}.get(act, act)
            self.bubble(d.get("seat"), label, icon, target=d.get("target"))
            if act == "canal":
                self.step(lambda: self.sound("splash"), hold=0.0)
            return True
        if k == "claim":
            role = d.get("role")
            self.bubble(d.get("seat"), self.role_name(role), role, target=d.get("target"))
            return True
        if k == "block":
            role = d.get("role")
            self.bubble(d.get("seat"), _tt("actions.block", role=self.role_name(role)),
                        "untouchable" if role == "untouchable" else "block", target=d.get("actor"))
            return True
        if k == "challenge":
            a, b = d.get("challenger"), d.get("claimant")

            def run(a=a, b=b):
                self.fx.add("challenge", (a, b), 1.3)
                self.sound("challenge")
                return 0.0
            self.step(run)
            self.bubble(a, _tt("actions.challenge"), "challenge", hold=0.8, tone="alert")
            return True
        if k == "pass":
            self.bubble(d.get("seat"), _tt("actions.pass"), None, hold=0.12, life=0.9, tone="quiet")
            return True
        if k == "eliminated":
            def run(seat=d.get("seat")):
                self.sound("loss" if seat == self.viewer else "reveal")
                return 0.3
            self.step(run)
            return True
        if k == "game_over":
            def run(w=d.get("winner")):
                self.sound("win" if w == self.viewer else ("loss" if self.viewer is not None else "win"))
                self.shown_turn = None
                return 0.6
            self.step(run)
            return True
        if k == "auction":
            def run(d=d):
                self.shown_auction.update({"price": d.get("price", 0), "bids": d.get("bids", 0),
                                           "card": d.get("card")})
                return 0.0
            self.step(run)
            if self.zones.get("auction") is not None:
                self.move_card("line", "auction", key=d.get("card"), duration=0.45, index=0)
            return True
        if k == "bid":
            def run(d=d):
                self.shown_auction.update({"price": d.get("price", 0), "bids": d.get("bids", 0)})
                self.sound("coin")
                self.fx.add("pulse", None, 0.4, key="auction")
                return 0.25
            self.step(run)
            return True
        if k == "sold":
            self.bubble(None, _tt("log.auction_sold", card=self.role_name(d.get("card")), price=d.get("price")),
                        "auction", hold=0.5)
            return True
        if k == "unsold":
            self.move_card("auction", "line", key=d.get("card"), duration=0.45)
            return True
        if k == "sealed":
            def run(d=d):
                self.shown_auction["sealed_in"] = d.get("count")
                return 0.1
            self.step(run)
            return True
        return False

    def _counter(self, ev) -> None:
        d = ev.data
        seat, delta, value, name = d.get("seat"), d.get("delta", 0), d.get("value"), d.get("name")
        tid = ("ducats", seat)
        if name == "tokens":                       # your auction tokens, paid for a card
            if seat == self.viewer and delta < 0:
                self.fly_tokens(tid, "treasury", -delta, color=TOKEN_COLOR, src_final=value)
            return
        if id(ev) in self._paired:                 # the gain half of a theft / bounty: done
            return
        if delta < 0:
            nxt = self._succ.get(id(ev))
            if (nxt is not None and nxt.kind == "counter" and nxt.data.get("name") == name
                    and nxt.data.get("delta") == -delta and nxt.data.get("seat") != seat):
                self._paired.add(id(nxt))
                self.fly_tokens(tid, ("ducats", nxt.data.get("seat")), -delta, src_final=value,
                                final=nxt.data.get("value"))
                return
            self.fly_tokens(tid, "treasury", -delta, src_final=value)
            return
        self.fly_tokens("treasury", tid, delta, final=value, dst_start=value - delta)

    def on_events(self, events) -> None:
        # look-ahead for counter pairs (theft, bounty): each visible event's successor
        vis = [e for e in events if self.visible(e)]
        self._succ = {id(a): b for a, b in zip(vis, vis[1:])}
        self._paired = set()
        super().on_events(events)

    def _shuffle_deck(self, zone):
        z = self.zones.get("deck") if zone != "auction" else self.zones.get("line")
        if z is None:
            return 0.0
        self.sound("shuffle")
        for i, sp in enumerate(z.cards[-6:]):
            x, y, a = sp.home
            dx = (-1) ** i * (18 + 4 * i)

            def apply(t, sp=sp, x=x, dx=dx):
                sp.x = x + dx * math.sin(math.pi * t)
            self.anim.tween(0.42, apply, linear, tag=("move", sp.uid))
        return 0.42

    def _canal_splash(self, seat):
        self.sound("splash")
        self.fx.add("splash", seat, 0.8, keep=1)

    def bubble(self, seat, text, icon=None, target=None, hold=0.55, life=1.8, tone="normal"):
        """Queue a speech bubble over a seat (what they declared)."""
        def run():
            fill = {"alert": (120, 20, 28), "quiet": (24, 20, 22)}.get(tone, (30, 20, 24))
            border = {"alert": style.GOLD_BRIGHT, "quiet": (90, 76, 60)}.get(tone, style.GOLD)
            label = text
            if target is not None and isinstance(target, int):
                label = f"{text}  →  {self.name(target)}"
            surf = self.gfx.badge(label, 22 if tone != "quiet" else 18, fill=fill, border=border,
                                  color=style.TEXT if tone != "quiet" else style.TEXT_DIM, icon=icon, pad=12)
            self.fx.add("bubble", surf, life, key=seat)
            return hold
        self.step(run)

    # ------------------------------------------------------------------ log
    def log_entry(self, ev):
        if ev.kind == "move" and ev.to is not None and self.viewer is not None and ev.to == (self.viewer,):
            # what only you learn: the cards you draw, the card you bought
            d = ev.data
            role = d.get("card")
            if role in ROLES and d.get("dst") == f"hand:{self.viewer}":
                key = "you_buy" if d.get("src") == "auction" else "you_draw"
                before, _, after = tw(key, role="\x00").partition("\x00")
                return [(before, None, style.TEXT_DIM), (self.role_name(role), role), (after, None, style.TEXT_DIM)]
            return None
        if ev.kind != "log":
            return None
        key = ev.data.get("key", "")
        params = dict(ev.data.get("params") or {})
        if key == "schemers.log.claim" and params.get("target") is not None:
            key = "schemers.log.claim_target"
        return self.segments(key, params, seats=SEAT_PARAMS, cards=ROLE_PARAMS, words={"action": self._action_word})

    def _action_word(self, val) -> str:
        return _tt(f"actions.{val}") if val in ("income", "casino", "canal") else self.role_name(val)

    def card_name(self, key) -> str:
        return self.role_name(key)

    def card_linked(self, key) -> bool:
        return key in ROLES

    # ------------------------------------------------------------------ controls
    def controls(self):
        view = self.view
        mine = self.my_decisions()
        widgets: list = []
        banner = None
        if not mine:
            return widgets, self.passive_banner()
        d = mine[0]
        kind = d.kind
        if kind == "turn":
            widgets = self.turn_bar(d)
            prompt = d.prompt or {}
            if prompt.get("forced"):
                banner = BannerSpec(("forced", d.clock_key),
                                    _tt("badges.forced", forced=view["rules"].get("forced_at", 10)), "",
                                    icon="canal", decision=d, tone="alert", center=(CENTER[0], 586), width=760)
            else:
                banner = BannerSpec(("turn", d.clock_key), _tt("kinds.turn"), "", icon="candle", decision=d,
                                    center=(CENTER[0], 598), width=480)
            return widgets, banner
        if kind in ("challenge", "challenge_block"):
            p = d.prompt or {}
            role = p.get("role")
            title = _tt(f"kinds.{kind}", claimant=self.name(p.get("claimant")), role=self.role_name(role))
            sub = self.claim_summary(p)
            buttons = [Button("challenge", _tt("actions.challenge"), icon="challenge", action=("challenge",),
                              style_name="danger", hotkey=pygame.K_c, size=(230, 60), font_size=24),
                       Button("pass", _tt("actions.pass"), icon="confirm", action=("pass",), style_name="normal",
                              hotkey=pygame.K_p, size=(230, 60), font_size=24)]
            banner = BannerSpec((kind, d.clock_key), title, sub, icon=role if role in ROLES else "untouchable",
                                buttons=buttons, decision=d, tone="alert", center=(CENTER[0], 600), width=780)
            return widgets, banner
        if kind == "block":
            p = d.prompt or {}
            act = p.get("action")
            if act == "casino":
                title = _tt("kinds.block_casino", actor=self.name(p.get("actor")))
            else:
                title = _tt("kinds.block", actor=self.name(p.get("actor")))
            sub = self.claim_summary({"action": act, "actor": p.get("actor"), "target": p.get("target"),
                                      "claimant": p.get("actor"), "role": act})
            buttons = []
            for a in d.actions:
                if a[0] == "block":
                    r = a[1]
                    buttons.append(Button(("block", r), _tt("actions.block", role=self.role_name(r)),
                                          icon="untouchable" if r == "untouchable" else r, action=a,
                                          style_name="primary", size=(0, 60), font_size=22))
            buttons.append(Button("pass", _tt("actions.pass"), icon="confirm", action=("pass",), hotkey=pygame.K_p,
                                  size=(200, 60), font_size=22))
            banner = BannerSpec(("block", d.clock_key), title, sub, icon="block", buttons=buttons, decision=d,
                                tone="alert", center=(CENTER[0], 600), width=860)
            return widgets, banner
        if kind in ("lose_card", "untouchable_price"):
            title = _tt(f"kinds.{kind}")
            hint = self.lose_hint(kind)
            verb = "lose" if kind == "lose_card" else "slip"
            buttons = [Button((verb, a[1]), _tt(f"actions.{verb}", role=self.role_name(a[1])), icon=a[1], action=a,
                              style_name="quiet", size=(0, 50), font_size=19) for a in d.actions]
            banner = BannerSpec((kind, d.clock_key), title, hint, icon="canal" if kind == "lose_card" else "deck",
                                buttons=buttons, decision=d, tone="alert" if kind == "lose_card" else "normal",
                                center=(CENTER[0], 596), width=820)
            return widgets, banner
        if kind == "exchange":
            p = d.prompt or {}
            count = len(p.get("drawn") or ())
            chosen = self.ft_chosen()
            ok = ("return", tuple(sorted(chosen))) in d.actions
            confirm = Button("ft_confirm", tw("confirm"), icon="confirm", style_name="primary" if ok else "normal",
                             action=("return", tuple(sorted(chosen))) if ok else None, enabled=ok,
                             size=(220, 58), font_size=22, hotkey=pygame.K_RETURN)
            keep_drawn = Button("ft_default", _tt("actions.return", cards=", ".join(self.role_name(c) for c in (p.get("drawn") or ()))),
                                icon="deck", style_name="quiet", action=d.default if d.default in d.actions else None,
                                size=(0, 58), font_size=18)
            title = _tt("kinds.exchange", count=count)
            banner = BannerSpec(("exchange", d.clock_key, tuple(self.ft_return)), title,
                                self.exchange_hint(count), icon="fortune_teller", buttons=[confirm, keep_drawn],
                                decision=d, center=(CENTER[0], 592), width=820)
            return widgets, banner
        if kind == "bid":
            return self.bid_controls(d)
        if kind == "sealed_bid":
            return self.sealed_controls(d)
        return widgets, None

    def claim_summary(self, p) -> str:
        act = p.get("action")
        actor = p.get("actor")
        target = p.get("target")
        if act in ROLES:
            s = _tt(f"roles.{act}.act", **self.params)       # what the claim does, not what it blocks
        elif act in ("casino", "income", "canal"):
            s = _tt(f"actions.{act}_help", **self.params)
        else:
            s = ""
        who = self.name(actor)
        if target is not None:
            who = f"{who} → {self.name(target)}"
        return f"{who}: {s}" if s else who

    def lose_hint(self, kind) -> str:
        if kind == "lose_card":
            return tw("lose_hint")
        return tw("price_hint")

    def exchange_hint(self, count) -> str:
        return tw("exchange_hint", count=count)

    def passive_banner(self):
        """While others decide: what is on the table, with the window's clock."""
        v = self.view
        if v is None or self.match.over:
            return None
        ph = v.get("phase")
        p = v.get("pending") or {}
        decs = self.match.decisions()
        clock_d = next((d for d in decs if d.timeout is not None), None)
        if ph in ("challenge", "challenge_block", "block"):
            if ph == "challenge_block":
                title = tw("block_claim", claimant=self.name(p.get("blocker")),
                                           role=self.role_name(p.get("block_role")))
            elif ph == "block":
                title = self.action_line(p)
            else:
                title = self.action_line(p)
            asked = p.get("asked") or []
            sub = tw("waiting", name=", ".join(self.name(s) for s in asked)) if asked else ""
            return BannerSpec(("passive", ph, len(self.match.log)), title, sub, icon="hooded_cloak", decision=clock_d,
                              tone="info", center=(CENTER[0], 616), width=720)
        if ph == "lose_card":
            who = p.get("loser")
            return BannerSpec(("passive", ph, len(self.match.log)), tw("losing", player=self.name(who)), "",
                              icon="canal", decision=clock_d, tone="info", center=(CENTER[0], 616), width=620)
        if ph in ("exchange", "untouchable_price"):
            return BannerSpec(("passive", ph, len(self.match.log)), _tt(f"phases.{ph}"),
                              tw("waiting", name=self.name(p.get("actor") if ph == "exchange" else p.get("blocker"))),
                              icon="fortune_teller" if ph == "exchange" else "untouchable", decision=clock_d,
                              tone="info", center=(CENTER[0], 616), width=620)
        if ph in ("auction", "sealed_auction"):
            return None
        return None

    def action_line(self, p) -> str:
        act, actor, target = p.get("action"), p.get("actor"), p.get("target")
        if act in ROLES:
            if target is not None:
                return _tt("log.claim_target", player=self.name(actor), role=self.role_name(act),
                           target=self.name(target))
            return _tt("log.claim", player=self.name(actor), role=self.role_name(act))
        if act == "casino":
            return _tt("log.casino", player=self.name(actor))
        if act == "canal":
            return _tt("log.canal", player=self.name(actor), target=self.name(target))
        return ""

    def turn_bar(self, d) -> list:
        acts = set(d.actions)
        forced = bool((d.prompt or {}).get("forced"))
        p = self.params
        items = []

        def btn(bid, label, icon, sub, action, tip, enabled=True):
            b = Button(bid, label, icon=icon, action=action, sub=sub, tooltip=tip, enabled=enabled,
                       style_name="normal", size=(0, 66), font_size=20)
            items.append(b)
            return b

        def chip(bid, label, icon, sub, verb, tip):
            opts = [Option(self._targeted_label(verb, a[-1]), a, target=("seat", a[-1]), icon=icon,
                           hint=self._targeted_label(verb, a[-1]))
                    for a in d.actions if self._verb_of(a) == verb]
            c = Chip(bid, label, icon=icon, sub=sub, options=opts, tooltip=tip, enabled=bool(opts),
                     style_name="primary" if (forced and verb == "canal") else "normal", size=(0, 66),
                     font_size=20)
            items.append(c)
            return c

        btn("income", _tt("actions.income"), "gondola_fare", f"+{p.get('income', 1)}", ("income",),
            _tt("actions.income_help", **p), ("income",) in acts)
        btn("casino", _tt("actions.casino"), "casino", f"+{p.get('casino', 2)}", ("casino",),
            _tt("actions.casino_help", **p), ("casino",) in acts)
        chip("canal", _tt("actions.canal"), "canal", f"−{p.get('canal', 7)}", "canal", _tt("actions.canal_help", **p))
        for role in ROLES:
            name = self.role_name(role)
            tip = _tt(f"roles.{role}.power", **p)
            sub = {"doge": f"+{p.get('doge', 3)}", "poisoner": f"−{p.get('poison', 3)}",
                   "corsair": f"⇄{p.get('steal', 2)}", "fortune_teller": f"+{p.get('draw', 2)}⇄",
                   "plague_doctor": tw("only_blocks")}[role]
            if role in TARGETED:
                chip(("claim", role), name, role, sub, role, tip)
            elif role == "plague_doctor":
                btn(("claim", role), name, role, sub, None, tip, enabled=False)
            else:
                btn(("claim", role), name, role, sub, ("claim", role), tip, ("claim", role) in acts)
        # lay out: one row above the hand
        from game.ui.table.widgets import layout_row
        layout_row(items, self.gfx, (CENTER[0], 752), gap=10, max_width=1470)
        self.armed_auto = False
        if forced and self.armed is None:
            canal = items[2]
            self.armed = (canal, by_target(canal.options))
            self.armed_auto = True
        return items

    def _verb_of(self, a):
        if a[0] == "canal":
            return "canal"
        if a[0] == "claim" and len(a) > 2:
            return a[1]
        return None

    def _targeted_label(self, verb, seat) -> str:
        if verb == "canal":
            return f"{_tt('actions.canal')}: {self.name(seat)}"
        return _tt("actions.claim_target", role=self.role_name(verb), target=self.name(seat))

    def bid_controls(self, d):
        p = d.prompt or {}
        price = p.get("price", 0)
        bids = p.get("bids", 0)
        buttons = [Button("bid", f"{_tt('actions.bid')}  {price + 1}", icon="auction", action=("bid",),
                          style_name="gold", hotkey=pygame.K_b, size=(220, 60), font_size=24),
                   Button("nobid", _tt("actions.bid_pass"), action=("pass",), style_name="normal",
                          hotkey=pygame.K_p, size=(180, 60), font_size=22)]
        title = _tt("kinds.bid", card=self.role_name(p.get("card")), price=price, bids=bids)
        tokens = (self.view.get("auction") or {}).get("tokens")
        sub = tw("tokens_left", tokens=tokens) if tokens is not None else ""
        banner = BannerSpec(("bid", d.clock_key, price, bids), title, sub, icon="auction", buttons=buttons,
                            decision=d, center=(CENTER[0], 622), width=760)
        return [], banner

    def sealed_controls(self, d):
        p = d.prompt or {}
        tokens = p.get("tokens", 0)
        title = _tt("kinds.sealed_bid", card=self.role_name(p.get("card")), tokens=tokens)
        picker = NumberPicker("sealed", (CENTER[0], 700), 0, tokens, min(1, tokens),
                              lambda v: self.execute(Option("seal", ("sealed_bid", v))),
                              title, tw("confirm"), self, icon="ducat")
        return [picker], None

    def ft_chosen(self) -> list:
        pool = self.ft_pool()
        return [pool[i] for i in self.ft_return if i < len(pool)]

    def ft_pool(self) -> list:
        v = self.view or {}
        if not v.get("drawn"):
            return []
        return list(v.get("hand") or []) + list(v["drawn"])

    # ------------------------------------------------------------------ options (drags / clicks)
    def options_for(self, item) -> list:
        mine = self.my_decisions()
        if not mine:
            return []
        d = mine[0]
        if isinstance(item, Chip):
            return list(item.options) if item.enabled else []
        if isinstance(item, CardSprite):
            z = item.zone
            if d.kind == "lose_card" and z == ("hand", self.viewer) and item.key is not None:
                a = ("lose", item.key)
                if a in d.actions:
                    label = _tt("actions.lose", role=self.role_name(item.key))
                    return [Option(label, a, target=("zone", "canal"), icon="canal", hint=label)]
            if d.kind == "untouchable_price" and z == ("hand", self.viewer) and item.key is not None:
                a = ("slip", item.key)
                if a in d.actions:
                    label = _tt("actions.slip", role=self.role_name(item.key))
                    return [Option(label, a, target=("zone", "deck"), icon="deck", hint=label)]
            if d.kind == "exchange":
                return self.exchange_options(item, d)
            return []
        if isinstance(item, Target) and isinstance(item.id, tuple) and item.id[0] == "seat":
            seat = item.id[1]
            if d.kind != "turn":
                return []
            out = []
            for a in d.actions:
                verb = self._verb_of(a)
                if verb is not None and a[-1] == seat:
                    out.append(Option(self._targeted_label(verb, seat), a, icon=verb if verb != "canal" else "canal"))
            return out
        return []

    def exchange_options(self, item, d) -> list:
        k = len((d.prompt or {}).get("drawn") or ())
        sp_zone = item.zone
        if sp_zone == ("hand", self.viewer):
            if len(self.ft_return) >= k:
                return []
            return [Option(tw("put_back", role=self.role_name(item.key)),
                           lambda sp=item: self._ft_pick(sp), target=("zone", "ft_return"), icon="deck",
                           hint=tw("put_back", role=self.role_name(item.key)))]
        if sp_zone == "ft_return":
            return [Option(tw("keep", role=self.role_name(item.key)), lambda sp=item: self._ft_unpick(sp),
                           target=("zone", ("hand", self.viewer)), icon="confirm",
                           hint=tw("keep", role=self.role_name(item.key)))]
        return []

    def target_rect(self, tid):
        if isinstance(tid, tuple) and tid and tid[0] == "seat":
            return self.seat_rects.get(tid[1])
        if tid == ("zone", ("hand", self.viewer)):
            z = self.zones.get(("hand", self.viewer))
            return z.rect.inflate(40, 70) if z else None
        if tid == ("zone", "ft_return"):
            z = self.zones.get("ft_return")
            return z.rect.inflate(30, 30) if z else None
        if tid == ("zone", "deck"):
            z = self.zones.get("deck")
            return z.rect.inflate(40, 40) if z else None
        return super().target_rect(tid)

    def target_label(self, tid) -> str:
        if isinstance(tid, tuple) and tid and tid[0] == "seat":
            return self.name(tid[1])
        if tid == ("zone", "canal"):
            return _tt("zones.canal")
        return super().target_label(tid)

    def targets_at(self, pos) -> list:
        for seat, r in self.seat_rects.items():
            if seat != self.me and r.collidepoint(pos):
                return [("seat", seat)]
        return []

    def tooltip_for(self, item):
        if isinstance(item, Target) and isinstance(item.id, tuple) and item.id[0] == "seat":
            seat = item.id[1]
            v = self.view or {}
            hc = v.get("hand_counts")
            du = v.get("ducats")
            lines = [tw("seat_tip", name=self.name(seat), cards=hc[seat] if hc else "?",
                        ducats=du[seat] if du else "?")]
            claims = (v.get("claims") or [()] * self.n)[seat]
            if claims:
                lines.append(tw("seat_tip_claims", roles=", ".join(self.role_name(c) for c in claims)))
            return "\n".join(lines)
        if isinstance(item, CardSprite):
            if item.face_up and item.key in ROLES:
                return f"{self.role_name(item.key)}: {_tt(f'roles.{item.key}.power', **self.params)}"
            return None
        if isinstance(item, TokenStack):
            if item.id == "treasury":
                return _tt("zones.treasury")
            return f"{item.count} {_tt('zones.ducats')}"
        return super().tooltip_for(item)

    # the exchange is local until Confirm: cards move between the hand and "put back"
    def _ft_index_of(self, sp) -> int | None:
        pool = self.ft_pool()
        hand_z = self.zones[("hand", self.viewer)]
        if sp in hand_z.cards:
            # the i-th card of the hand zone is the i-th pool index not yet picked
            free = [i for i in range(len(pool)) if i not in self.ft_return]
            idx = hand_z.cards.index(sp)
            return free[idx] if idx < len(free) else None
        return None

    def _ft_pick(self, sp) -> None:
        i = self._ft_index_of(sp)
        if i is None:
            return
        self.ft_return.append(i)
        self.sound("card_slide")
        self._resync_local()

    def _ft_unpick(self, sp) -> None:
        z = self.zones["ft_return"]
        if sp in z.cards:
            idx = z.cards.index(sp)
            if idx < len(self.ft_return):
                self.ft_return.pop(idx)
        self.sound("card_slide")
        self._resync_local()

    def _resync_local(self) -> None:
        hand_z, ret_z = self.zones[("hand", self.viewer)], self.zones["ft_return"]
        pool = self.ft_pool()
        sprites = hand_z.cards + ret_z.cards
        want_ret = [pool[i] for i in self.ft_return]
        want_hand = [c for i, c in enumerate(pool) if i not in self.ft_return]
        new_ret, new_hand = [], []
        left = list(sprites)
        for key in want_ret:
            sp = next((s for s in ret_z.cards if s.key == key and s in left), None) or \
                next(s for s in left if s.key == key)
            left.remove(sp)
            new_ret.append(sp)
        for key in want_hand:
            sp = next(s for s in left if s.key == key)
            left.remove(sp)
            new_hand.append(sp)
        for sp in new_ret:
            sp.zone = "ft_return"
        for sp in new_hand:
            sp.zone = ("hand", self.viewer)
        ret_z.cards[:], hand_z.cards[:] = new_ret, new_hand
        self.layout(("hand", self.viewer), 0.28)
        self.layout("ft_return", 0.28)
        self.refresh_controls()

    def set_viewer(self, seat) -> None:
        self.ft_return = []
        super().set_viewer(seat)

    def before_sync(self, view, instant):
        if not view.get("drawn"):
            self.ft_return = []
        self.shown_turn = view.get("turn") if view.get("phase") != "over" else None
        self.shown_auction = dict(view.get("auction") or {})

    # ------------------------------------------------------------------ frame
    # ------------------------------------------------------------------ drawing
    def render_background(self) -> pygame.Surface:
        w, h = self.size
        bg = pygame.Surface((w, h)).convert()
        try:
            wood = self.ctx.assets.tiled("wood", (w, h), (70, 52, 46))
            bg.blit(wood, (0, 0))
        except Exception:
            bg.fill((22, 14, 12))
        # the table: a wooden rim, then deep crimson felt with gold rules
        cx, cy = CENTER
        outer = pygame.Rect(0, 0, 1480, 820)
        outer.center = (cx, cy + 4)
        shadow = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 150), outer.inflate(60, 60).move(0, 18))
        bg.blit(shadow, (0, 0))
        rim = pygame.Surface(outer.size, pygame.SRCALPHA)
        try:
            tex = self.ctx.assets.tiled("wood", outer.size, (150, 100, 70))
            rim.blit(tex, (0, 0))
        except Exception:
            rim.fill((70, 40, 24))
        mask = pygame.Surface(outer.size, pygame.SRCALPHA)
        pygame.draw.ellipse(mask, (255, 255, 255, 255), mask.get_rect())
        rim.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        bg.blit(rim, outer.topleft)
        felt_r = outer.inflate(-64, -60)
        felt = pygame.Surface(felt_r.size, pygame.SRCALPHA)
        fw, fh = felt_r.size
        for y in range(fh):
            c = style.lerp_color((104, 18, 30), (58, 8, 18), abs(y - fh * 0.45) / (fh * 0.6))
            pygame.draw.line(felt, c, (0, y), (fw, y))
        try:
            noise = self.ctx.assets.tiled("table_felt", felt_r.size)
            noise = noise.copy()
            noise.fill((60, 60, 60), special_flags=pygame.BLEND_RGB_SUB)
            felt.blit(noise, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        except Exception:
            pass
        # damask-like diamonds, very faint
        pat = pygame.Surface(felt_r.size, pygame.SRCALPHA)
        for yy in range(0, fh, 46):
            for xx in range(0 if (yy // 46) % 2 == 0 else 23, fw, 46):
                pygame.draw.polygon(pat, (255, 210, 120, 10), [(xx, yy - 7), (xx + 7, yy), (xx, yy + 7), (xx - 7, yy)])
        felt.blit(pat, (0, 0))
        fmask = pygame.Surface(felt_r.size, pygame.SRCALPHA)
        pygame.draw.ellipse(fmask, (255, 255, 255, 255), fmask.get_rect())
        felt.blit(fmask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        bg.blit(felt, felt_r.topleft)
        pygame.draw.ellipse(bg, style.GOLD_DEEP, felt_r, 3)
        pygame.draw.ellipse(bg, (200, 160, 80), felt_r.inflate(-22, -20), 1)
        pygame.draw.ellipse(bg, (30, 14, 10), outer, 3)
        # the canal: night-blue water in a stone basin
        cr = self.canal_rect
        basin = cr.inflate(26, 24)
        pygame.draw.rect(bg, (52, 46, 44), basin, border_radius=60)
        pygame.draw.rect(bg, (120, 110, 96), basin, 3, border_radius=60)
        water = pygame.Surface(cr.size, pygame.SRCALPHA)
        ww, wh = cr.size
        for y in range(wh):
            c = style.lerp_color((22, 56, 96), (8, 22, 44), y / wh)
            pygame.draw.line(water, c, (0, y), (ww, y))
        for i in range(9):
            yy = 18 + i * 17
            for xx in range(-40 + (i % 2) * 30, ww, 70):
                pygame.draw.arc(water, (90, 140, 190, 70), pygame.Rect(xx, yy, 44, 14), 0.3, 2.8, 2)
        wm = pygame.Surface(cr.size, pygame.SRCALPHA)
        pygame.draw.rect(wm, (255, 255, 255, 255), wm.get_rect(), border_radius=52)
        water.blit(wm, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        bg.blit(water, cr.topleft)
        pygame.draw.rect(bg, (150, 180, 210), cr, 1, border_radius=52)
        g = self.gfx
        ic = g.icon("canal", 60, (150, 190, 230))
        ic = ic.copy()
        ic.set_alpha(150)
        bg.blit(ic, ic.get_rect(center=(cr.centerx, cr.centery - 14)))
        lab = g.text(_tt("zones.canal"), 26, (190, 214, 236), serif=True)
        bg.blit(lab, lab.get_rect(center=(cr.centerx, cr.centery + 40)))
        # candle light: warm pools and a vignette
        for (x, y, r, k) in ((cx - 700, 120, 460, 0.22), (cx + 700, 120, 460, 0.22), (cx, cy - 40, 700, 0.13)):
            bg.blit(light_pool(r, (255, 170, 80), k), (x - r, y - r), special_flags=pygame.BLEND_RGB_ADD)
        vig = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(40):
            a = int(5 * (40 - i) / 40 * 1.5)
            pygame.draw.rect(vig, (0, 0, 0, a), pygame.Rect(i * 6, i * 5, w - i * 12, h - i * 10), 8)
        bg.blit(vig, (0, 0))
        self._draw_mode_badges(bg)
        return bg

    def _draw_mode_badges(self, surf) -> None:
        r = (self.view or {}).get("rules", {})
        g = self.gfx
        mode = r.get("mode", "standard")
        x, y = 24, 18
        title = g.text(_tt(f"modes.{mode}.name"), 30, style.GOLD, bold=True, serif=True)
        surf.blit(title, (x, y))
        sub = g.text(_tt(f"modes.{mode}.subtitle"), 20, style.TEXT_DIM, serif=True)
        surf.blit(sub, (x + 2, y + title.get_height() + 2))
        bx = x
        by = y + title.get_height() + sub.get_height() + 10
        badges = []
        if r.get("taglia"):
            badges.append(g.badge(_tt("badges.taglia"), 18, fill=(90, 16, 24), border=style.GOLD, icon="bounty"))
        if r.get("clock"):
            badges.append(g.badge(f"{int(r['clock'])} s", 18, fill=(24, 20, 26), border=style.GOLD_DEEP, icon="timer"))
        if r.get("untouchable_mode"):
            badges.append(g.badge(_tt("badges.untouchable"), 18, fill=(40, 36, 34), border=(200, 190, 170),
                                  icon="untouchable"))
        for b in badges:
            surf.blit(b, (bx, by))
            bx += b.get_width() + 8

    def static_key(self):
        v = self.view or {}
        states = tuple(self._seat_state(seat, with_turn=False) for seat in range(self.n))
        tre = self.tokens.get("treasury")
        return (states, self.colorblind, self.me, self.viewer is None, v.get("auction") is not None,
                tre is not None and tre.hidden)

    def draw_static(self, surf) -> None:
        v = self.view or {}
        bottom = self.me
        for seat in range(self.n):
            out, claims, unt, _turn, forced, winner = self._seat_state(seat)
            if seat == bottom:
                r = self.my_rect
                key = ("mypanel", seat, out, claims, unt, winner, self.viewer is None, self.colorblind)
                panel = self.gfx.cached(key, lambda: self._render_my_panel(seat, r.size, out, claims, unt, winner))
            else:
                r = self.seat_rects[seat]
                key = ("seatpanel", seat, r.size, out, claims, unt, forced, winner, self.colorblind)
                panel = self.gfx.cached(key, lambda: self._render_seat_panel(seat, r.size, out, claims, unt,
                                                                             forced, winner))
                if v.get("auction") is not None:
                    sec = self.gfx.text(tw("secret"), 20, style.TEXT_DIM, serif=True)
                    panel = panel.copy()
                    panel.blit(sec, sec.get_rect(center=(r.width // 2 + 8, r.height // 2 + 28)))
            surf.blit(panel, (r.x - 8, r.y - 8))
        tre = self.tokens.get("treasury")
        if tre is not None and not tre.hidden:
            tl = self.gfx.text(_tt("zones.treasury"), 20, style.TEXT_DIM, serif=True)
            surf.blit(tl, tl.get_rect(midtop=(self.treasury_pos[0], self.treasury_pos[1] + 32)))

    def draw_board(self, surf) -> None:
        v = self.view or {}
        g = self.gfx
        bottom = self.me
        bubbles = self._bubbles = []
        for seat in range(self.n):
            out, claims, unt, turn, forced, winner = self._seat_state(seat)
            r = self.my_rect if seat == bottom else self.seat_rects[seat]
            if turn:
                glow = g.glow_rect(r.width, r.height, style.GOLD_BRIGHT, 18, 14)
                glow.set_alpha(int(170 + 80 * math.sin(self.pulse_t * 3)))
                surf.blit(glow, (r.x - 14, r.y - 14))
                glow.set_alpha(None)
                if seat != bottom:
                    tb = g.badge(tw("turn"), 16, fill=style.GOLD, border=style.GOLD_BRIGHT, color=(30, 18, 10))
                    surf.blit(tb, tb.get_rect(midtop=(r.centerx, r.bottom - 14)))
            if seat != bottom:
                self._draw_seat_clock(surf, seat, r)
            if seat == bottom:
                self._draw_my_ducats(surf)
                bubbles.append((seat, r, (CENTER[0], 800)))
            else:
                bubbles.append((seat, r, None))
        # auction stage behind its cards
        if v.get("auction") is not None and "auction" in self.zones:
            self._draw_auction(surf)
        # "put back" slots of the exchange
        if v.get("drawn"):
            z = self.zones["ft_return"]
            k = len(v["drawn"])
            slots = z.slots(k)
            pr = z.rect.inflate(50, 74).move(0, -12)
            surf.blit(g.panel(pr.width, pr.height, fill=(20, 12, 16), border=style.GOLD, radius=14,
                              alpha=252, shadow=8), (pr.x - 8, pr.y - 8))
            out_s = g.cached(("ft_slot",), lambda: _slot_outline(104, 146))
            for (x, y, _a) in slots:
                surf.blit(out_s, out_s.get_rect(center=(int(x), int(y))))
            lab = g.text(tw("put_back_title"), 20, style.GOLD, bold=True, serif=True)
            surf.blit(lab, lab.get_rect(midbottom=(z.rect.centerx, z.rect.top - 4)))

    def _draw_seat_clock(self, surf, seat, r) -> None:
        """VC-110/VC-G11: a seat that owes a timed decision shows how much of ITS OWN limit
        is left, as a bar with no number, so the Untouchable's shorter clock is not read off."""
        if self.match.over or (self.view or {}).get("auction") is not None:
            return          # who is asked to bid is secret (the leader is not): the sale's own clock shows
        d = next((d for d in self.match.decisions() if d.seat == seat and d.timeout), None)
        if d is None:
            return
        left = self.time_left(d)
        if left is None:
            return
        frac = max(0.0, min(1.0, left / d.timeout))
        bar = pygame.Rect(r.x + 46, r.y + 58, r.width - 92, 7)
        pygame.draw.rect(surf, (16, 10, 12), bar.inflate(4, 4), border_radius=5)
        if frac > 0:
            fill = bar.copy()
            fill.width = max(2, int(bar.width * frac))
            col = style.GOLD if frac > 0.3 else (214, 84, 60)
            pygame.draw.rect(surf, col, fill, border_radius=4)
        ic = self.gfx.icon("clock", 20, (220, 200, 160))
        surf.blit(ic, ic.get_rect(midright=(bar.x - 6, bar.centery)))

    def _seat_state(self, seat, with_turn=True):
        v = self.view or {}
        out = seat in (v.get("out") or ())
        claims = tuple((v.get("claims") or [()] * self.n)[seat]) if v.get("claims") else ()
        unt = v.get("untouchable") == seat
        turn = self.shown_turn == seat and not out and v.get("auction") is None
        ducats = (v.get("ducats") or [None] * self.n)[seat] if v.get("ducats") else None
        forced = ducats is not None and ducats >= v.get("rules", {}).get("forced_at", 10) and not out
        winner = v.get("winner") == seat
        if not with_turn:
            turn = None
        return out, claims, unt, turn, forced, winner

    def _render_seat_panel(self, seat, size, out, claims, unt, forced, winner):
        w, h = size
        g = self.gfx
        surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
        fill = (26, 16, 20) if not out else (22, 20, 20)
        edge = style.GOLD_DEEP if not winner else style.GOLD_BRIGHT
        surf.blit(g.panel(w, h, fill=fill, border=edge, radius=16, width=2, alpha=228, shadow=8,
                          inner=(70, 50, 30)), (0, 0))
        x0, y0 = 8, 8
        mark = seat_marker_surface(g, seat, 11, self.colorblind)
        surf.blit(mark, (x0 + 14, y0 + 14))
        name = g.fit_text(self.name(seat), 24, w - 110, style.TEXT if not out else style.TEXT_DIM, bold=True,
                          serif=True, min_size=16)
        surf.blit(name, (x0 + 46, y0 + 12))
        # header rule
        pygame.draw.line(surf, (90, 66, 40), (x0 + 12, y0 + 50), (x0 + w - 12, y0 + 50), 1)
        # status icons at the right of the name plate
        ix = x0 + w - 14
        icons = []
        if unt:
            icons.append(("untouchable", (230, 222, 204)))
        if forced:
            icons.append(("canal", (120, 180, 240)))
        if winner:
            icons.append(("trophy", style.GOLD_BRIGHT))
        for name_i, col in icons:
            ic = g.icon(name_i, 30, col)
            ix -= 32
            surf.blit(ic, (ix, y0 + 10))
        # claims made (public memory), bottom right
        if claims and not out:
            cx = x0 + w - 12
            lab = g.text(tw("claimed"), 15, style.TEXT_DIM)
            icons = []
            for c in claims[-4:]:
                icons.append(g.icon(c if c in ROLES else "untouchable", 24, (226, 200, 140)))
            for ic in reversed(icons):
                cx -= 26
                surf.blit(ic, (cx, y0 + h - 34))
            surf.blit(lab, lab.get_rect(midright=(cx - 4, y0 + h - 22)))
        if out:
            ribbon = g.badge(tw("out"), 20, fill=(60, 12, 16), border=(150, 60, 60), icon="death")
            surf.blit(ribbon, ribbon.get_rect(center=(x0 + w // 2, y0 + h - 24)))
        return surf

    def _render_my_panel(self, seat, size, out, claims, unt, winner):
        w, h = size
        g = self.gfx
        surf = pygame.Surface((w + 16, h + 16), pygame.SRCALPHA)
        surf.blit(g.panel(w, h, fill=(26, 16, 20), border=style.GOLD if not winner else style.GOLD_BRIGHT,
                          radius=16, width=2, alpha=228, shadow=8, inner=(70, 50, 30)), (0, 0))
        x0, y0 = 8, 8
        mark = seat_marker_surface(g, seat, 13, self.colorblind)
        surf.blit(mark, (x0 + 16, y0 + 16))
        who = self.name(seat)
        if self.viewer is not None:
            who = tw("you", name=who)
        name = g.fit_text(who, 28, w - 80, style.TEXT, bold=True, serif=True, min_size=18)
        surf.blit(name, (x0 + 52, y0 + 14))
        pygame.draw.line(surf, (90, 66, 40), (x0 + 14, y0 + 56), (x0 + w - 14, y0 + 56), 1)
        # right column: status, then the claims you made (what the others remember)
        yy = y0 + 70
        right = x0 + w - 16
        if unt:
            b = g.badge(_tt("badges.untouchable"), 17, fill=(40, 36, 34), border=(220, 210, 190), icon="untouchable")
            surf.blit(b, b.get_rect(topright=(right, yy)))
            yy += b.get_height() + 8
        if claims and not out:
            lab2 = g.text(tw("claimed"), 16, style.TEXT_DIM)
            cx = right
            for c in reversed(claims[-4:]):
                ic = g.icon(c if c in ROLES else "untouchable", 28, (226, 200, 140))
                cx -= 30
                surf.blit(ic, (cx, yy))
            surf.blit(lab2, lab2.get_rect(midright=(cx - 6, yy + 14)))
        if out:
            ribbon = g.badge(tw("out"), 22, fill=(60, 12, 16), border=(150, 60, 60), icon="death")
            surf.blit(ribbon, ribbon.get_rect(topright=(right, y0 + 72)))
        if self.viewer is not None:
            hint = g.text(tw("keys_hint"), 16, (150, 132, 104))
            surf.blit(hint, hint.get_rect(bottomright=(right, y0 + h - 12)))
        return surf

    def _draw_my_ducats(self, surf) -> None:
        """The big count beside your coins (changes coin by coin as they land)."""
        st = self.tokens.get(("ducats", self.me))
        if st is None or st.hidden:
            return
        g = self.gfx
        x = st.pos[0] + st.size // 2 + 16
        num = g.text(str(st.count), 50, style.GOLD_BRIGHT if st.color == style.GOLD else style.TEXT, bold=True,
                     serif=True)
        surf.blit(num, num.get_rect(bottomleft=(x, st.pos[1] + 14)))
        auction = (self.view or {}).get("auction") is not None
        lab = g.text(_tt("zones.tokens" if auction else "zones.ducats"), 18, style.TEXT_DIM, serif=True)
        surf.blit(lab, lab.get_rect(topleft=(x + 2, st.pos[1] + 12)))

    def bubble_rect(self, img, r, y_off=0, above=None) -> pygame.Rect:
        """Where a seat's speech bubble goes: above its panel (below one at the top edge);
        when seats are packed close (seven in Carnevale) on its own panel, never between two."""
        if above is not None:
            pos = (above[0], above[1] + y_off)
        else:
            pos = (r.centerx, (r.top - 4 if r.top > 70 else r.bottom + img.get_height() + 6) + y_off)
        rr = img.get_rect(midbottom=pos)
        if above is None and any(o != r and o.colliderect(rr.inflate(0, 12)) for o in self.seat_rects.values()):
            rr = img.get_rect(center=(r.centerx, r.centery + y_off))
        return rr.clamp(pygame.Rect(8, 8, 1530, 1064))

    def _draw_flash_and_bubble(self, surf, seat, r, above=None) -> None:
        b = self.fx.get("bubble", seat)
        if b is not None:
            img = b.data
            rr = self.bubble_rect(img, r, int(12 * (1 - b.fade(0.18, 0.0))), above)
            if b.left < 0.35:
                img = img.copy()
                img.set_alpha(int(255 * b.fade(0.0, 0.35)))
            surf.blit(img, rr)

    def draw_overlay(self, surf) -> None:
        for seat, r, above in self._bubbles:          # over the cards: a bubble may sit on its panel
            self._draw_flash_and_bubble(surf, seat, r, above)
        # lost cards: a dark veil and a skull, so they read as out of play (not by colour alone)
        for seat in range(self.n):
            z = self.zones.get(("lost", seat))
            if z is None:
                continue
            for sp in z.cards:
                if sp.flip is not None or sp.z >= 50000 or abs(sp.w - z.card_size[0]) > 1:
                    continue
                w, h = z.card_size
                veil = self.gfx.cached(("lostveil", w, h), lambda w=w, h=h: _lost_veil(self.gfx, w, h))
                surf.blit(veil, veil.get_rect(center=(int(sp.x), int(sp.y))))
        # the Fortune Teller's two fresh cards wear a "drawn" tag
        v = self.view or {}
        if v.get("drawn") and self.viewer is not None:
            n_hand = len(v.get("hand") or [])
            tag = self.gfx.badge(tw("drawn"), 16, fill=style.GOLD, border=style.GOLD_BRIGHT,
                                 color=(30, 18, 10))
            for sp in self.zones[("hand", self.viewer)].cards + self.zones["ft_return"].cards:
                if sp.dragging:
                    continue
                idx = self._ft_index_of(sp)
                if idx is None and sp in self.zones["ft_return"].cards:
                    k = self.zones["ft_return"].cards.index(sp)
                    idx = self.ft_return[k] if k < len(self.ft_return) else None
                if idx is not None and idx >= n_hand:
                    r = sp.rect()
                    surf.blit(tag, tag.get_rect(midbottom=(r.centerx, r.top + 4)))
        # challenge lines
        for f in self.fx.of("challenge"):
            pa, pb = self._seat_point(f.data[0]), self._seat_point(f.data[1])
            if pa is None or pb is None:
                continue
            self._draw_challenge_line(surf, pa, pb, int(255 * f.fade(0.0, 0.5)))
        # splash ripple on the canal
        for f in self.fx.of("splash"):
            cr = self.canal_rect
            k = f.progress
            for i in range(3):
                rad = int(20 + 140 * k + i * 26)
                if rad > 0:
                    pygame.draw.ellipse(surf, (150, 200, 240), pygame.Rect(0, 0, rad * 2, rad * 0.7).move(
                        cr.centerx - rad, cr.centery - rad * 0.35), 2)
        # armed chip hint
        if self.armed is not None and isinstance(self.armed[0], Chip):
            c = self.armed[0]
            hint = self.gfx.badge(tw("pick_target"), 18, fill=(20, 14, 18), border=style.GOLD, icon="player")
            surf.blit(hint, hint.get_rect(midbottom=(c.rect.centerx, c.rect.top - 14)))
        if (self.view or {}).get("winner") is not None and not self.anim.busy():
            w = self.view["winner"]
            text = _tt("log.winner", player=self.name(w))
            b = self.gfx.badge(text, 30, fill=(60, 12, 20), border=style.GOLD_BRIGHT, icon="trophy", pad=18)
            surf.blit(b, b.get_rect(center=(CENTER[0], CENTER[1] - 140)))

    def _seat_point(self, seat):
        if seat is None:
            return None
        if seat == self.me:
            return (CENTER[0], 820)
        r = self.seat_rects.get(seat)
        return r.center if r else None

    def _draw_auction(self, surf) -> None:
        g = self.gfx
        au = self.shown_auction or {}
        st = self.stage
        z = self.zones["auction"]
        surf.blit(g.panel(st.width, st.height, fill=(20, 12, 16), border=style.GOLD, radius=18, alpha=236,
                          shadow=10, inner=style.GOLD_DEEP), (st.x - 10, st.y - 10))
        title = g.text(_tt("zones.auction"), 26, style.GOLD, bold=True, serif=True)
        surf.blit(title, title.get_rect(midtop=(st.centerx, st.top + 10)))
        # right column: price, bids, clock
        col_r = z.rect.right + 40
        sealed = (self.view or {}).get("rules", {}).get("sealed")
        if not sealed:
            surf.blit(g.text(tw("price"), 20, style.TEXT_DIM), (col_r, z.rect.top + 6))
            pulse = self.fx.level("pulse", "auction")
            price = g.text(str(au.get("price", 0)), 56, style.GOLD_BRIGHT, bold=True, serif=True)
            pr = price.get_rect(topleft=(col_r, z.rect.top + 30 - int(6 * pulse)))
            surf.blit(price, pr)
            coin = self.coin("ducat", 34, TOKEN_COLOR)
            surf.blit(coin, coin.get_rect(midleft=(pr.right + 8, pr.centery)))
        else:
            surf.blit(g.text(tw("sealed_title"), 20, style.TEXT_DIM), (col_r, z.rect.top + 6))
            ic = g.icon("ledger", 56, style.GOLD)
            surf.blit(ic, (col_r, z.rect.top + 34))
        if sealed:
            bl = g.text(tw("sealed_in", n=au.get("sealed_in") or 0), 22, style.TEXT)
        else:
            bl = g.text(tw("bids", n=au.get("bids", 0)), 22, style.TEXT)
        surf.blit(bl, (col_r, z.rect.top + 100))
        dec = next((d for d in self.match.decisions() if d.kind in ("bid", "sealed_bid")), None)
        if dec is not None and dec.timeout:
            left = self.time_left(dec)
            if left is not None:
                frac = max(0.0, min(1.0, left / dec.timeout))
                center = (col_r + 150, z.rect.top + 62)
                pygame.draw.circle(surf, (50, 40, 40), center, 32, 6)
                if frac > 0:
                    rect = pygame.Rect(0, 0, 64, 64)
                    rect.center = center
                    col = style.lerp_color(style.bad(self.ctx.settings), style.GOLD, min(1.0, frac * 2))
                    pygame.draw.arc(surf, col, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * frac, 6)
                secs = g.text(str(int(left + 0.999)), 24, style.TEXT, bold=True)
                surf.blit(secs, secs.get_rect(center=center))
        sold_n = (self.view.get("auction") or {}).get("sold", 0)
        sl = g.text(tw("sold_n", n=sold_n), 20, style.TEXT_DIM, serif=True)
        surf.blit(sl, (col_r, z.rect.top + 140))
        # left column: what you hold (private)
        me = self.viewer
        lx = z.rect.left - 40
        mine = self.view.get("auction") or {}
        if me is not None and "tokens" in mine:
            t1 = g.text(tw("tokens"), 20, style.TEXT_DIM)
            surf.blit(t1, t1.get_rect(topright=(lx, z.rect.top + 6)))
            t2 = g.text(str(mine.get("tokens", 0)), 50, style.TEXT, bold=True, serif=True)
            surf.blit(t2, t2.get_rect(topright=(lx, z.rect.top + 30)))
            t3 = g.text(tw("need", n=mine.get("need", 0)), 20, style.TEXT_DIM)
            surf.blit(t3, t3.get_rect(topright=(lx, z.rect.top + 100)))
            if mine.get("leading"):
                lead = g.badge(tw("leading"), 18, fill=style.GOLD, border=style.GOLD_BRIGHT, color=(30, 18, 10))
                surf.blit(lead, lead.get_rect(topright=(lx, z.rect.top + 136)))
        line = self.zones.get("line")
        if line is not None and line.cards:
            ll = g.text(tw("line", n=len(line.cards)), 17, style.TEXT_DIM, serif=True)
            surf.blit(ll, ll.get_rect(bottomleft=(line.rect.left, line.rect.top - 4)))

    def extra_help(self):
        return [("C", _tt("actions.challenge")), ("P", _tt("actions.pass")), ("B", _tt("actions.bid"))]


def _slot_outline(w, h):
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (255, 230, 170, 22), s.get_rect(), border_radius=8)
    pygame.draw.rect(s, (*style.GOLD, 200), s.get_rect(), 2, border_radius=8)
    return s


def _lost_veil(gfx, w, h):
    """Lost cards read as out of play without hiding which role they were: a light
    veil and a small skull seal in the corner (shape, not colour alone)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (10, 6, 8, 70), s.get_rect(), border_radius=max(4, w // 14))
    r = max(10, w // 6)
    c = (w - r - 3, h - r - 3)
    pygame.draw.circle(s, (40, 10, 14), c, r)
    pygame.draw.circle(s, (200, 170, 130), c, r, 1)
    ic = gfx.icon("death", int(r * 1.5), (236, 220, 200))
    s.blit(ic, ic.get_rect(center=c))
    return s
