"""The Dark Gothic table's payments: the payer picks the units (TE-051, TE-083).

One click on a card pays the suggested payment, as the rules make it. To pay otherwise, click
orbs in your pool first: marked orbs (a gold ring) pay first, a Cursed part before the rest
(payment.payment_preferring), and a card's hover says what a Cursed part would then Destroy.
When the rules ask how to pay (payments differing in outcome), the docked question lists the
payments on offer, each saying what it Destroys or spends, and, with orbs marked, one more
button pays with them. Everything here reads the viewer's view and decisions only.
"""
from __future__ import annotations

import pygame

from game.core.i18n import t
from game.ui.table import style
from game.ui.table.widgets import Button

from .. import payment as P
from .. import words

DOCK_MAX = 6              # payments listed in the docked question (the rest: mark orbs)


class PaymentPicker:
    """The marked orbs of the pool and the payments built from them, for one table."""

    def __init__(self, table):
        self.table = table
        self.marked: set[int] = set()
        self._pool = None                     # the pool the marks were made on

    # -- what the viewer may do ------------------------------------------------------------
    def _decision(self):
        """The viewer's decision a payment answers: its main decision or a "pay" question."""
        for d in self.table.my_decisions():
            if d.kind in ("turn", "pay"):
                return d
        return None

    def _pool_now(self):
        v = self.table.view or self.table.view_of(self.table.viewer)
        pool = [tuple(o) for o in v["pool"]]
        if pool != self._pool:                # a purchase or a play changed it: marks are stale
            self._pool = pool
            self.marked = set()
        return pool

    def click(self, pos) -> bool:
        """Mark or unmark the pool orb under `pos` when the viewer is paying; True if taken."""
        d = self._decision()
        if d is None:
            return False
        self._pool_now()
        for i, (rect, _src) in enumerate(getattr(self.table, "orb_rects", [])):
            if rect.collidepoint(pos):
                self.marked ^= {i}
                self.table.sound("ui_click")
                self.table.say(t("dark_gothic.pay.marked_hint") if self.marked else t("dark_gothic.pay.unmarked"), 3.0)
                self.table.refresh_controls()
                return True
        return False

    def cost_parts(self, key, seat):
        """The cost of `key` as the rules price it now, from the view (public information)."""
        v = self.table.view or self.table.view_of(self.table.viewer)
        return tuple(self.table.match.rules.cost_of(words.price_state(v), key, seat))

    def marked_payment(self, parts):
        """The payment of `parts` with the marked orbs first, or None (nothing marked, or no
        legal payment uses them)."""
        pool = self._pool_now()
        if not self.marked:
            return None
        pay = P.payment_preferring(pool, parts, self.marked)
        return pay if pay is not None and P.payment_problem(pool, parts, pay) is None else None

    def buy_action(self, d, key):
        """What buying `key` sends: with orbs marked, the payment that spends them first
        (if it is legal), else the plain purchase (the suggested payment, one click)."""
        plain = ("buy", key)
        if d.kind != "turn" or plain not in d.actions or not self.marked:
            return plain
        pay = self.marked_payment(self.cost_parts(key, d.seat))
        if pay is None:
            return plain
        action = ("buy", key, pay)
        return action if self.table.match.is_legal(d.seat, action) else plain

    # -- words -----------------------------------------------------------------------------
    def describe(self, pool, parts, pay) -> tuple[str, str]:
        """(label, sub-label) of a payment: what a Cursed part Destroys, and what pays."""
        return words.payment_words(pool, parts, pay, self._live(), self.table.card_name)

    def _live(self) -> set:
        """The paying Hero's cards a Cursed part can still Destroy: in play or Remains (a
        Destroyed card's other units stay in the pool, TE-082)."""
        v = self.table.view or self.table.view_of(self.table.viewer)
        seat = v["seats"][v["active"]] if v["active"] is not None else {}
        return set(seat.get("play") or ()) | set(seat.get("remains") or ())

    def tip(self, key) -> str | None:
        """A card's hover line while orbs are marked: what the marked orbs would pay, and
        what a Cursed part would then Destroy."""
        d = self._decision()
        if d is None or d.kind != "turn" or not self.marked or ("buy", key) not in d.actions:
            return None
        pool = self._pool_now()
        parts = self.cost_parts(key, d.seat)
        pay = self.marked_payment(parts)
        if pay is None:
            return t("dark_gothic.pay.marked_cannot")
        label, using = self.describe(pool, parts, pay)
        return f"{t('dark_gothic.pay.marked_tip')} {using}" + (f" · {label}" if any(c for _x, _n, c in parts) else "")

    # -- the docked question ---------------------------------------------------------------
    def controls(self, d) -> tuple[str, list]:
        """The "pay" question: one button per payment on offer (the suggested first), and one
        for the marked orbs when they make a legal payment the list does not hold."""
        p = d.prompt or {}
        parts = tuple(tuple(x) for x in p.get("parts") or ())
        pool = self._pool_now()
        title = t("dark_gothic.table.pay", card=self.table.card_name(p.get("card")))
        buttons = []
        for n, a in enumerate(d.actions[:DOCK_MAX]):
            label, sub = self.describe(pool, parts, a[1])
            if n == 0:
                label = t("dark_gothic.pay.suggested", what=label)
            buttons.append(Button(a, label, action=a, seat=d.seat, font_size=18, sub=sub))
        pay = self.marked_payment(parts)
        if pay is not None and ("pay", pay) not in d.actions:
            label, sub = self.describe(pool, parts, pay)
            a = ("pay", pay)
            buttons.append(Button(a, t("dark_gothic.pay.marked", what=label), action=a, seat=d.seat,
                                  font_size=18, sub=sub))
        if not self.marked:
            title += "\n" + t("dark_gothic.pay.how_to_mark")
        return title, buttons

    def focus(self, action) -> list:
        """The rects a payment button points at: the orbs it spends and the cards it Destroys."""
        d = self._decision()
        if d is None or d.kind != "pay":
            return []
        pool = self._pool_now()
        parts = tuple(tuple(x) for x in (d.prompt or {}).get("parts") or ())
        if P.payment_problem(pool, parts, action[1]) is not None:
            return []
        rects = getattr(self.table, "orb_rects", [])
        out = [rects[i][0].inflate(8, 8) for _c, draws in action[1] for i, _n in draws if i < len(rects)]
        for c in P.apply_payment(pool, parts, action[1])[1]:
            if c not in self._live():
                continue
            out += self.table._rects_of(c)
        return out

    def draw(self, surf) -> None:
        """A gold ring round each marked orb."""
        if not self.marked or self._decision() is None:
            return
        self._pool_now()
        rects = getattr(self.table, "orb_rects", [])
        for i in sorted(self.marked):
            if i < len(rects):
                r = rects[i][0]
                pygame.draw.circle(surf, style.GOLD_BRIGHT, r.center, r.w // 2 + 5, 3)
