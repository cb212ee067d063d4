"""The recruitment screen (BO-110 … BO-117): a Company builder opened from the new-game
screen's "Recruit…" button for the `company` (or, in versus, `rival`) option.

  left    the Company: one row per character (name, gear, Supplies), the selected one's
          name to edit, Dismiss, and Recruit a character (the basic stat line)
  middle  the selected character: its numbers, then every choice with its Supplies
          cost — upgrades (− / +), melee and ranged weapons, armour, items, Lore;
          a choice over the Supplies or a maximum is greyed and says why
  right   what still stops the Company from playing, the ready-made Companies (one
          click), the saved Companies (one click) and Save Company
  top     the Supplies left, big, always

Done gives the Company back as the option's value (a ready-made key when it is exactly
that Company, else the list of member dicts); Esc / Cancel leaves the option as it was.
Keyboard: ↑ ↓ choose a character, Insert recruits, Delete dismisses, Tab / Shift+Tab
walk the choices, Space (or Enter) takes the focused one, Enter is Done.

The model is `recruit.Builder` (pure); everything here only shows it, worded by
recruit_words.py (the locale's `ordeals.recruit.*`); the rows, choice cards, steppers,
the Supplies box and the keyboard focus are game/ui/shop_widgets.py's.
"""
from __future__ import annotations

import pygame

from ....core.i18n import t
from ....ui import widgets as W
from ....ui.scenes.base import Backdrop, BackdropScene
from ....ui.shop_widgets import BudgetBox, ChoiceCard, FocusWalk, ListRow, TextBox as Text, steppers
from ....ui.theme import FONT
from ..recruit import Builder, delete_saved, load_saved, saved_companies_path, set_aside_damaged
from ..recruit_words import RecruitWords, company_label, damaged_words, help_keys, new_name, rt, signed, supplies, why

# the 1920x1080 canvas (the window letterboxes it): three panels and the Supplies box
LEFT = pygame.Rect(96, 236, 450, 720)
MID = pygame.Rect(566, 236, 850, 720)
RIGHT = pygame.Rect(1436, 236, 388, 720)
SUPPLIES = pygame.Rect(1436, 40, 388, 176)
PAD = 20
ROW_H = 72                    # a member row
CHOICE_PITCH = 66             # the pitch of the choice rows
CAPTION_W = 140               # the middle panel's section names
CHOICE_H = 58


class TipText(Text):
    """A line of text whose tooltip says what its numbers mean."""

    def tooltip_text(self):
        return self.with_cuts(self.tooltip)


class RecruitScene(RecruitWords, BackdropScene):
    """The Company builder. Built as `RecruitScene(app, ruleset, key, value, options,
    on_done)` by the new-game screen (GameSpec.option_editors)."""

    name = "ordeals_recruit"

    # -- the option editor protocol (registry.GameSpec.option_editors) ----------------------
    @classmethod
    def describes(cls, ruleset, key, value) -> bool:
        return isinstance(value, list)

    @classmethod
    def button_label(cls, ruleset, key, value) -> str:
        return company_label(ruleset.data, value)

    def __init__(self, app, ruleset, key="company", value=None, options=None, on_done=None):
        super().__init__(app)
        self.ruleset, self.key, self.on_done = ruleset, key, on_done
        self.data = ruleset.data
        self.options = dict(options or {})
        self.builder = Builder.from_option(self.data, value)
        self.sel: int | None = 0 if self.builder.members else None
        self.walk = FocusWalk()                # keyboard focus over the buttons
        self.saved_path = saved_companies_path()
        self.report_damaged_saved()
        self.saved: dict = {}
        self.save_text = ""
        self.saved_sel: str | None = None      # the saved Company last taken or saved
        self.backdrop = Backdrop(app, glow_pos=(1500, 160), glow_radius=700, embers=14)
        self.build()

    def report_damaged_saved(self):
        """A saved-Companies file that cannot be read is said once and moved aside as
        `.bad` now, before any Save Company could write a new file in its place."""
        damaged = set_aside_damaged(self.saved_path)
        if damaged is None:
            return
        self.app.toast(damaged_words(*damaged), "warning", 10.0)

    # -- widgets ----------------------------------------------------------------------------
    def build(self):
        self.ui.clear()
        self.walk.reset()
        a = self.app
        b = self.builder
        if self.sel is not None and not (0 <= self.sel < len(b.members)):
            self.sel = len(b.members) - 1 if b.members else None
        self.ui.add(BudgetBox(a, SUPPLIES, lambda: (b.remaining(), rt("supplies_left"), rt("of", supplies=b.supplies),
                                                     b.cost() / max(1, b.supplies), rt("spent", n=b.cost()))))
        self.build_left()
        self.build_middle()
        self.build_right()
        cancel = self.back_button(rt("cancel"), self.cancel)
        cancel.icon = "close"
        self.done_btn = self.ui.add(W.Button(a, (1516, 980, 308, 60), rt("done"), self.done, icon="confirm",
                                             style="primary", tooltip=rt("done_tip")))
        issues = b.issues()
        self.done_btn.set_enabled(not issues, why(issues[0]) if issues else None)
        self.walk.buttons += [self.done_btn, cancel]
        self.walk.clamp()

    def build_left(self):
        a, b = self.app, self.builder
        x, w = LEFT.x + PAD, LEFT.w - 2 * PAD
        self.ui.add(Text(a, (x, LEFT.y + 14, w - 80, 40), rt("members"), FONT.heading - 4, a.pal.gold, serif=True))
        self.ui.add(Text(a, (LEFT.right - PAD - 80, LEFT.y + 14, 80, 40),
                         f"{len(b.members)}/{b.rec.company.max}", FONT.body, a.pal.text_dim, anchor="right"))
        y = LEFT.y + 66
        row_h = min(ROW_H, (LEFT.h - 66 - 150) // max(1, b.rec.company.max))   # room for the most
        for i in range(len(b.members)):
            self.ui.add(ListRow(a, (x, y + i * row_h, w, row_h - 8),
                                (lambda i=i: (b.members[i].name, self.gear_text(i), b.member_cost(i))),
                                (lambda i=i: self.select(i)), selected=i == self.sel))
        if not b.members:
            self.ui.add(Text(a, (x + 8, y + 10, w - 16, 120), rt("empty"), FONT.small, a.pal.text_faint, lines=4))
        y = LEFT.y + 66 + b.rec.company.max * row_h + 4
        self.name_input = None
        if self.sel is not None:
            m = b.members[self.sel]
            self.name_input = self.ui.add(W.TextInput(a, (x, y, w - 186, 56), m.name, rt("name"), max_len=24,
                                                      on_change=self.rename, tooltip=rt("name_tip")))
            rm = self.ui.add(W.Button(a, (x + w - 176, y, 176, 56), rt("remove"), self.remove, size=FONT.small + 2,
                                      style="danger", tooltip=rt("remove_tip", name=m.name,
                                                                 cost=b.member_cost(self.sel))))
            self.walk.buttons.append(rm)
        y += 66
        basic = b.rec.basic
        add = self.ui.add(W.Button(a, (x, y, w, 66), rt("add"), self.add, icon="player", size=FONT.body,
                                   sublabel=supplies(basic.cost),
                                   tooltip=rt("add_tip", might=signed(basic.might), aim=signed(basic.aim),
                                              pace=signed(basic.pace),
                                              ward=basic.ward, grit=basic.grit, cost=basic.cost)))
        why_not = b.can_add()
        if why_not:
            add.set_enabled(False, why(why_not))
        self.walk.buttons.insert(0, add)

    def build_middle(self):
        a, b = self.app, self.builder
        x, w = MID.x + PAD, MID.w - 2 * PAD
        self.choice_buttons: dict = {}
        if self.sel is None:
            self.ui.add(Text(a, (x, MID.y + 14, w, 40), rt("title"), FONT.heading - 4, a.pal.gold, serif=True))
            self.ui.add(Text(a, (x, MID.y + 80, w, 120), rt("pick_member"), FONT.body, a.pal.text_faint, lines=3))
            return
        i = self.sel
        m = b.members[i]
        self.ui.add(Text(a, (x, MID.y + 14, w - 200, 40), m.name, FONT.heading - 4, a.pal.gold, serif=True))
        self.ui.add(Text(a, (MID.right - PAD - 200, MID.y + 14, 200, 40), supplies(b.member_cost(i)), FONT.body,
                         a.pal.text_dim, bold=True, anchor="right"))
        st = b.stat_line(i)
        key, sw = "stats_range" if st["range"] else "stats", self.stat_words(st)
        line = self.ui.add(TipText(a, (x, MID.y + 58, w, 30), rt(key, **sw), FONT.small, a.pal.text))
        line.tooltip = self.stat_tip(st)
        ch = {c["change"]: c for c in b.choices(i)}
        bx, bw = x + CAPTION_W, w - CAPTION_W
        y = MID.y + 98

        def caption(text, yy, h=CHOICE_H):
            self.ui.add(Text(a, (x, yy + 4, CAPTION_W - 10, h), text, FONT.small, a.pal.text_dim, bold=True,
                             lines=2))

        # upgrades: 2 x 2 cells of  "Might 1  +1 for 15"  [−] [+]
        caption(rt("section.upgrades"), y)
        cw = (bw - 12) // 2
        for j, (stat, up) in enumerate(b.rec.upgrades.items()):
            cx, cy = bx + (j % 2) * (cw + 12), y + (j // 2) * CHOICE_PITCH
            steps = m.upgrades.get(stat, 0)
            name = rt("stat." + stat)
            self.ui.add(TipText(a, (cx + 8, cy + 2, cw - 148, 32), rt("upgrade", stat=name, value=sw[stat]),
                                FONT.body, a.pal.text, bold=True)).tooltip = self.stat_tip(st, stat)
            self.ui.add(Text(a, (cx + 8, cy + 34, cw - 148, 26), rt("upgrade_sub", step=up.step, cost=up.cost),
                             FONT.small - 2, a.pal.text_dim))
            down = ch.get(("upgrade", stat, steps - 1)) if steps else None
            upc = ch[("upgrade", stat, steps + 1)]
            bd, bu = steppers(a, cx + cw, cy + 4, (lambda c=("upgrade", stat, steps - 1): self.take(c)),
                              (lambda c=upc["change"]: self.take(c)),
                              (rt("down_tip", stat=name, step=up.step, cost=up.cost),
                               rt("up_tip", stat=name, step=up.step, cost=up.cost, max=up.max)),
                              (why(("at_base", {"stat": stat})) if down is None else None,
                               None if upc["allowed"] else why(upc["reason"])))
            self.ui.add(bd)
            self.ui.add(bu)
            self.walk.buttons += [bd, bu]
            self.choice_buttons[("upgrade", stat, "-")] = bd
            self.choice_buttons[("upgrade", stat, "+")] = bu
        y += 2 * CHOICE_PITCH + 4

        for label, per_row, options in self.choice_rows(m):      # a section: up to 4 choices a row
            caption(label, y)
            n = per_row or min(len(options), 4)
            bw1 = (bw - 8 * (n - 1)) // n
            for k, (change, text, tip, held) in enumerate(options):
                rx = bx + (k % n) * (bw1 + 8)
                ry = y + (k // n) * CHOICE_PITCH
                c = ch.get(change) if change is not None else None
                btn = self.ui.add(ChoiceCard(a, (rx, ry, bw1, CHOICE_H), text,
                                               (lambda ch_=change: self.take(ch_)) if change is not None else None,
                                               self.cost_words(c["cost"] if c else 0, held), held, tooltip=tip or None))
                if c is not None and not c["allowed"]:
                    btn.set_enabled(False, why(c["reason"]))
                self.walk.buttons.append(btn)
                self.choice_buttons[change if change is not None else ("held", label, k)] = btn
            y += ((len(options) + n - 1) // n) * CHOICE_PITCH

    def build_right(self):
        a, b = self.app, self.builder
        x, w = RIGHT.x + PAD, RIGHT.w - 2 * PAD
        y = RIGHT.y + 14
        self.ui.add(Text(a, (x, y, w, 40), rt("problems"), FONT.heading - 4, a.pal.gold, serif=True))
        y += 50
        issues = b.issues()
        if issues:
            words = "\n".join(why(r) for r in issues[:4])
            self.ui.add(Text(a, (x, y, w, 110), words, FONT.small, a.pal.danger_hi, lines=4))
        else:
            self.ui.add(Text(a, (x, y, w, 30), rt("ready"), FONT.small, a.pal.success, bold=True))
        y += 118
        self.ui.add(Text(a, (x, y, w, 34), rt("ready_made"), FONT.small + 1, a.pal.text_dim, bold=True))
        y += 40
        current = b.ready_key()
        for key in self.data.companies:
            btn = self.ui.add(W.Button(a, (x, y, w, 60), t(f"ordeals.company.{key}"),
                                       (lambda k=key: self.load_ready(k)), size=FONT.body,
                                       selected=key == current, tooltip=rt("ready_made_tip")))
            self.walk.buttons.append(btn)
            y += 68
        y += 6
        self.ui.add(Text(a, (x, y, w, 34), rt("saved"), FONT.small + 1, a.pal.text_dim, bold=True))
        y += 40
        self.saved = load_saved(self.saved_path, self.data)
        rows = self.saved_rows(self.saved)
        list_bottom = RIGHT.bottom - 136
        self.saved_list = self.ui.add(W.ScrollList(a, (x, y, w, max(76, list_bottom - y)), rows, row_h=76,
                                                   on_select=self.load_saved_row, empty_text=rt("saved_none")))
        self.saved_list.tooltip = rt("saved_tip")
        y = RIGHT.bottom - 128
        self.save_input = self.ui.add(W.TextInput(a, (x, y, w, 54), self.save_text, rt("save_title"), max_len=30,
                                                  on_change=self.set_save_text, tooltip=rt("save_tip")))
        save = self.ui.add(W.Button(a, (x, y + 62, w - 70, 56), rt("save"), self.save, icon="save", size=FONT.small + 2,
                                    tooltip=rt("save_tip")))
        if not b.members:
            save.set_enabled(False, rt("empty"))
        forget = self.ui.add(W.Button(a, (x + w - 62, y + 62, 62, 56), "", self.forget, icon="close",
                                      tooltip=rt("delete_tip", title=self.saved_sel or "")))
        if self.saved_sel not in self.saved:
            self.saved_sel = None
            forget.set_enabled(False, rt("forget_none"))
        else:
            self.saved_list.select(list(self.saved).index(self.saved_sel), notify=False)
        self.walk.buttons += [save, forget]

    # -- changes ------------------------------------------------------------------------------
    def select(self, i):
        if 0 <= i < len(self.builder.members):
            self.sel = i
            self.build()

    def rename(self, text):
        if self.sel is not None:
            self.builder.rename(self.sel, text)

    def add(self):
        if self.builder.can_add() is not None:
            return
        self.sel = self.builder.add(new_name({m.name for m in self.builder.members}))
        self.build()

    def remove(self):
        if self.sel is None:
            return
        self.builder.remove(self.sel)
        self.sel = min(self.sel, len(self.builder.members) - 1) if self.builder.members else None
        self.build()

    def take(self, change):
        """Apply a choice to the selected character, unless the model refuses it."""
        if self.sel is None or change is None:
            return
        reason = self.builder.why_not(self.sel, change)
        if reason is not None:
            self.app.toast(why(reason), "error")
            self.app.sound.play("error", 0.5)
            return
        self.builder.apply(self.sel, change)
        self.build()

    def load_ready(self, key):
        self.builder = Builder.ready_made(self.data, key)
        self.sel = 0 if self.builder.members else None
        self.build()

    def load_saved_row(self, i):
        titles = list(self.saved)
        if 0 <= i < len(titles):
            self.builder = Builder.from_option(self.data, self.saved[titles[i]])
            self.sel = 0 if self.builder.members else None
            self.save_text = self.saved_sel = titles[i]
            self.build()

    def set_save_text(self, text):
        self.save_text = text

    def save(self):
        b = self.builder
        title = self.save_text.strip() or rt("custom", n=len(b.members), cost=b.cost())
        try:
            title = b.save(self.saved_path, title)
        except OSError as exc:
            self.app.toast(rt("save_failed", error=str(exc)), "error", 6.0)
            return
        self.save_text = self.saved_sel = title
        self.app.toast(rt("saved_toast", title=title), "success")
        self.build()

    def forget(self):
        """Forget the saved Company last taken or saved (the one marked in the list)."""
        if self.saved_sel is None:
            return
        try:
            delete_saved(self.saved_path, self.saved_sel)
        except OSError as exc:
            self.app.toast(rt("save_failed", error=str(exc)), "error", 6.0)
            return
        self.saved_sel = None
        self.build()

    def done(self):
        if self.builder.issues():
            return
        value = self.builder.option_value()
        if self.app.top is self:
            self.app.pop()
        if self.on_done is not None:
            self.on_done(value)

    def cancel(self):
        if self.app.top is self:
            self.app.sound.play("ui_click")
            self.app.pop()

    def on_back(self) -> bool:
        self.cancel()
        return True

    # -- keyboard -----------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        if e.type == pygame.KEYDOWN and self.ui.focused_input() is None:
            k = getattr(e, "key", None)
            n = len(self.builder.members)
            if k in (pygame.K_UP, pygame.K_DOWN) and n:
                cur = self.sel if self.sel is not None else -1
                self.select(max(0, min(n - 1, cur + (1 if k == pygame.K_DOWN else -1))))
                return True
            if k == pygame.K_INSERT:
                self.add()
                return True
            if k == pygame.K_DELETE:
                self.remove()
                return True
            if self.walk.key(e, self.done_btn, lambda: self.app.top is self):
                return True
            if k == pygame.K_ESCAPE:
                return self.on_back()
        return super().handle_event(e)

    # -- frame ----------------------------------------------------------------------------------
    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        self.header(surf, rt("title"), self.subtitle(self.key))
        for rect in (LEFT, MID, RIGHT):
            W.draw_panel(surf, rect, self.app, alpha=215)
        self.ui.draw(surf)
        self.walk.draw(surf, pal)
        self.ui.draw_tooltip(surf)

    def help_lines(self):
        return help_keys()


__all__ = ["RecruitScene"]
