"""New game: pick a game (picture + one-line pitch), the seats (Human or AI with a
difficulty, each with a name), the mode and add-ons from the ruleset's option_specs
(combinations that cannot work are greyed and say why), an optional seed. The last
choices are remembered per game in the settings.

An option the game edits on a screen of its own (GameSpec.option_editors, e.g. Book of
Ordeals' Company builder) gets a button under its choices; that scene is pushed over
this one and hands the new value back through set_option."""
from __future__ import annotations

import random

import pygame

from ...core.i18n import has, t
from ...core.match import SeatInfo
from ...core.tutorial import has_tutorial
from ..theme import FONT, SPACE
from ..widgets import (Button, Cycler, Stepper, TextInput, Toggle, Widget, draw_heading, draw_panel, draw_text,
                       fit_text)
from .base import Backdrop, BackdropScene, seat_marker, seat_name_now

COL1, COL2, COL3 = pygame.Rect(96, 236, 470, 720), pygame.Rect(590, 236, 640, 720), pygame.Rect(1254, 236, 570, 720)
SUBTITLED_H = 80          # a choice button with a subtitle under its name (choice_buttons)


def clock_stops(values: list, keep) -> list:
    """The seconds a clock's − and + stop at: each second below 10, then every 5 below 30,
    then every 10 (always the two ends and the value chosen), so Off or a minute is a few
    clicks away, not dozens."""
    if not values:
        return values

    def step(v):
        return 1 if v < 10 else 5 if v < 30 else 10 if v < 120 else 30
    ends = {values[0], values[-1], keep}
    return [v for v in values if v in ends or v % step(v) == 0]


def tr(text) -> str:
    """An i18n key or plain text."""
    return t(text) if isinstance(text, str) and has(text) else str(text)


class GameCard(Widget):
    def __init__(self, ui, rect, gid, title, pitch, on_click, error=None):
        super().__init__(ui, rect, tooltip=None)
        self.gid, self.title, self.pitch, self.on_click, self.error = gid, title, pitch, on_click, error
        self.selected = False
        self.enabled = error is None
        self.disabled_reason = error

    def handle_event(self, e) -> bool:
        if e.type == pygame.MOUSEMOTION and hasattr(e, "pos"):
            inside = self.rect.collidepoint(e.pos)
            if inside and not self.hovered and self.enabled:
                self.ui.sound.play("ui_hover", 0.5)
            self.hovered = inside
        elif e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos") \
                and self.rect.collidepoint(e.pos):
            if self.enabled:
                self.ui.sound.play("ui_click")
                self.on_click(self.gid)
            else:
                self.ui.sound.play("error", 0.5)
            return True
        return False

    def draw(self, surf):
        pal = self.ui.pal
        r = self.rect
        fill = pal.panel_hi if (self.selected or self.hovered) and self.enabled else pal.panel
        pygame.draw.rect(surf, fill, r, border_radius=SPACE.radius)
        edge = pal.gold if self.selected else (pal.amber if self.hovered and self.enabled else pal.panel_edge)
        pygame.draw.rect(surf, edge, r, 3 if self.selected else 1, border_radius=SPACE.radius)
        # the game's picture: its emblem on its card back
        pic = pygame.Rect(r.x + 14, r.y + 12, int((r.h - 24) * 0.62), r.h - 24)
        back = self.ui.assets.card_back(self.gid, pic.size)
        surf.blit(back, pic)
        disc = pic.w // 2 - 2
        pygame.draw.circle(surf, (10, 7, 5), pic.center, disc)
        pygame.draw.circle(surf, pal.gold_dim, pic.center, disc, 1)
        ic = self.ui.assets.icon(f"game_{self.gid}", disc * 2 - 14, pal.gold if self.enabled else pal.text_faint)
        surf.blit(ic, ic.get_rect(center=pic.center))
        x = pic.right + 18
        w = r.right - x - 14
        size, titles = self.title_lines(w)
        for i, line in enumerate(titles):
            draw_text(surf, self.ui, line, (x, r.y + 14 + i * (size + 6)), size,
                      pal.gold if self.selected else (pal.text if self.enabled else pal.text_faint), bold=True)
        text = self.pitch if self.enabled else (self.error or "")
        top = 50 + (size + 6) * (len(titles) - 1)
        max_lines = max(1, (r.h - top - 10) // 26)
        all_lines = self.ui.assets.wrap(text, FONT.small - 1, w)
        lines = all_lines[:max_lines]
        if len(all_lines) > max_lines:
            self.cuts["pitch"] = text         # the tooltip shows the whole pitch
        else:
            self.cuts.pop("pitch", None)
        for i, line in enumerate(lines):
            if i == max_lines - 1 and len(all_lines) > max_lines:
                line = fit_text(self.ui, line + " …", FONT.small - 1, w)
            draw_text(surf, self.ui, line, (x, r.y + top + i * 26), FONT.small - 1,
                      pal.text_dim if self.enabled else pal.danger_hi)

    def title_lines(self, width: int) -> tuple[int, list[str]]:
        """(size, lines): the title on one line, else on two ("Dark Gothic:" over "Colonial
        Horror"), in a smaller size if two lines of the body size are not enough; cut with
        an ellipsis (and shown whole on hover) only beyond that."""
        wrap = self.ui.assets.wrap
        if len(wrap(self.title, FONT.body, width, bold=True)) <= 1:
            return FONT.body, [self.fit("title", self.title, FONT.body, width, bold=True)]
        for size in (FONT.body, FONT.small):
            head, sep, tail = self.title.partition(": ")
            if sep and len(wrap(head + ":", size, width, bold=True)) == 1 \
                    and len(wrap(tail, size, width, bold=True)) == 1:
                return size, [head + ":", tail]
            lines = wrap(self.title, size, width, bold=True)
            if len(lines) <= 2:
                return size, lines
        self.cuts["title"] = self.title
        return FONT.small, [lines[0], fit_text(self.ui, " ".join(lines[1:]), FONT.small, width, bold=True)]


class NewGameScene(BackdropScene):
    name = "new_game"

    def __init__(self, app, game_id: str | None = None, server=None):
        super().__init__(app)
        self.server = server             # (host, port): Host… opens the table on that server
        from ... import registry
        self.backdrop = Backdrop(app, glow_pos=(1500, 200), glow_radius=760, embers=18)
        self.games = []
        for gid in registry.game_ids():
            try:
                spec = registry.get(gid)
                self.games.append((gid, spec, None))
            except Exception as exc:       # noqa: BLE001 - a game being written still lists, greyed
                self.games.append((gid, None, t("new_game.unavailable", error=f"{type(exc).__name__}: {exc}")))
        playable = [g for g, s, e in self.games if e is None]
        last = app.settings.last_game
        self.game_id = game_id or (last if last in playable else (playable[0] if playable else None))
        self.spec = None
        self.ruleset = None
        self.load_error = None
        self.specs = []
        self.options: dict = {}
        self.seats: list[dict] = []
        self.seed_text = ""
        self.problem: str | None = None
        if self.game_id:
            self.select_game(self.game_id, rebuild=False)
        self.build()

    # -- state ------------------------------------------------------------------------------
    def select_game(self, gid, rebuild=True):
        from ... import registry
        self.game_id = gid
        self.spec = next((s for g, s, e in self.games if g == gid), None)
        self.ruleset, self.load_error, self.specs = None, None, []
        try:
            self.ruleset = registry.ruleset(gid)
            specs = getattr(self.ruleset, "option_specs", None)
            self.specs = list(specs()) if callable(specs) else []
        except Exception as exc:           # noqa: BLE001 - bad data is shown, not fatal
            self.load_error = t("new_game.cannot_load", error=f"{type(exc).__name__}: {exc}")
        remembered = self.app.settings.last_new_game.get(gid, {}) if isinstance(
            self.app.settings.last_new_game, dict) else {}
        defaults = {}
        if self.ruleset is not None:
            try:
                defaults = dict(self.ruleset.default_options())
            except Exception:              # noqa: BLE001
                defaults = {}
        for sp in self.specs:
            defaults.setdefault(sp.key, sp.default)
        opts = dict(defaults)
        for k, v in (remembered.get("options") or {}).items():
            if k in opts:
                opts[k] = v
        self.options = opts
        lo, hi = self.player_range()
        seats = [dict(s) for s in (remembered.get("seats") or []) if isinstance(s, dict)]
        if not seats:
            seats = [self.default_seat(i) for i in range(max(lo, min(hi, 3 if hi >= 3 else lo)))]
        n = max(lo, min(hi, len(seats)))
        self.seats = (seats + [self.default_seat(i) for i in range(len(seats), hi)])[:hi]
        self.count = n
        self.seed_text = str(remembered.get("seed", "") or "")
        self.sync_hotseat()
        if self.check() is not None:       # remembered options that no longer fit: game defaults
            self.options = self.normalized(dict(defaults))
            self.sync_hotseat()
        if rebuild:
            self.build()

    def player_range(self) -> tuple[int, int]:
        if self.spec is None:
            return 2, 2
        return int(self.spec.min_players), int(self.spec.max_players)

    def ai_names(self) -> list[str]:
        return [n.strip() for n in t("names.ai").split(",") if n.strip()]

    def default_seat(self, i: int) -> dict:
        if i == 0:
            return {"name": t("seat.default_human"), "kind": "human", "difficulty": "normal"}
        names = self.ai_names() or ["AI"]
        return {"name": names[(i - 1) % len(names)], "kind": "ai", "difficulty": "normal"}

    def check(self, options=None, count=None) -> str | None:
        """Why these options cannot be played, or None."""
        if self.ruleset is None:
            return self.load_error or t("new_game.pick_game")
        options = dict(self.options if options is None else options)
        count = self.count if count is None else count
        fn = getattr(self.ruleset, "option_problem", None)
        try:
            if callable(fn):
                p = fn(dict(options), count)
                if p:
                    return str(p)
            self.ruleset.validate_options(dict(options), count)
        except Exception as exc:           # noqa: BLE001 - OptionsError or a bug: either way, why
            return str(exc)
        return None

    def normalized(self, opts: dict) -> dict:
        """Fill options the game derives itself (e.g. a mode's clock) from validate_options."""
        out = dict(opts)
        try:
            full = self.ruleset.validate_options(dict(opts), self.count)
        except Exception:                  # noqa: BLE001
            return out
        for sp in self.specs:
            if sp.key not in out and sp.key in full:
                out[sp.key] = full[sp.key]
        return out

    def resolve(self, changes: dict):
        """(options, None) if `changes` can be played — letting one other option fall back
        to the game's default for it (a mode's own clock) — else (None, why not)."""
        cand = {**self.options, **changes}
        problem = self.check(cand)
        if problem is None:
            return self.normalized(cand), None
        if self.ruleset is None:
            return None, problem
        for sp in self.specs:
            if sp.key in changes or sp.key not in cand:
                continue
            trial = {k: v for k, v in cand.items() if k != sp.key}
            if self.check(trial) is None:
                return self.normalized(trial), None
        return None, problem

    def humans(self) -> int:
        return sum(1 for s in self.seats[:self.count] if s.get("kind") == "human")

    def sync_hotseat(self):
        """Games with a `hotseat` option get it from the seats (clocks differ on one screen)."""
        if self.ruleset is None:
            return
        try:
            defaults = self.ruleset.default_options()
        except Exception:                  # noqa: BLE001
            return
        if "hotseat" not in defaults:
            return
        hot = self.humans() >= 2
        if self.options.get("hotseat") != hot:
            self.options["hotseat"] = hot
            for sp in self.specs:
                if sp.kind == "int" and "clock" in sp.key:
                    self.options.pop(sp.key, None)
            self.options = self.normalized(self.options)

    # -- widgets ------------------------------------------------------------------------------
    def build(self):
        self.ui.clear()
        a = self.app
        # games
        y = COL1.y + 64
        n = max(1, len(self.games))
        card_h = min(172, (COL1.h - 80) // n - 12)
        self.cards = []
        for gid, spec, err in self.games:
            title = spec.title_text() if spec else gid.replace("_", " ").title()
            pitch = spec.pitch_text() if spec else ""
            c = self.ui.add(GameCard(a, (COL1.x + 16, y, COL1.w - 32, card_h), gid, title, tr(pitch),
                                     lambda g: self.select_game(g), error=err))
            c.selected = gid == self.game_id
            self.cards.append(c)
            y += card_h + 12
        # seats
        lo, hi = self.player_range()
        x = COL2.x + 20
        y = COL2.y + 64
        self.ui.add(Stepper(a, (x, y, COL2.w - 40, 60), t("new_game.players"), lo, hi, self.count,
                            self.set_count, label_w=260))
        y += 78
        diffs = list(getattr(self.spec, "difficulties", ("easy", "normal", "hard")) or ("normal",))
        row_h = min(64, max(52, (COL2.bottom - y - 16) // max(1, hi)))
        self.seat_rows = []
        for i in range(self.count):
            s = self.seats[i]
            # a name the app gave ("Hráč 1", remembered from a game set up in Czech) reads in
            # the language now, as the table will show it; a typed name stays as typed
            s["name"] = seat_name_now(s.get("name", ""), i)
            ry = y + i * row_h
            name = TextInput(a, (x + 36, ry + 4, 196, row_h - 10), s.get("name", ""), t("new_game.name"),
                             max_len=18, on_change=(lambda v, i=i: self.set_name(i, v)))
            self.ui.add(name)
            kind = Cycler(a, (x + 238, ry, 168, row_h - 2), "", [("human", t("seat.human")), ("ai", t("seat.ai")),
                                                      ("remote", t("seat.remote"))],
                          s.get("kind", "ai"), (lambda v, i=i: self.set_kind(i, v)), label_w=0)
            self.ui.add(kind)
            diff = Cycler(a, (x + 412, ry, 188, row_h - 2), "",
                          [(d, t("difficulty." + d)) for d in diffs], s.get("difficulty", "normal"),
                          (lambda v, i=i: self.set_diff(i, v)), label_w=0,
                          tooltip=t("new_game.difficulty_tip"))
            diff.visible = s.get("kind") == "ai"
            self.ui.add(diff)
            self.seat_rows.append((ry, row_h))
        # options
        x = COL3.x + 20
        y = COL3.y + 64
        w = COL3.w - 40
        self.help_y = None
        self.editor_buttons: dict = {}
        for sp in self.specs:
            if not sp.shown(self.options):        # e.g. the rival Company only in versus
                continue
            label = tr(sp.label)
            cur = self.options.get(sp.key, sp.default)
            editor = self.option_editor(sp.key)
            if sp.kind == "choice" and len(sp.choices) <= 6 and editor is not None:
                # the editor's button sits on the caption's line; a value only the editor
                # names shows as one more, chosen, row under the choices
                self.ui.add(_Caption(a, (x, y), label))
                self.editor_button(sp, cur, editor, x, y, w, compact=True)
                y += 44
                y = self.choice_buttons(sp, cur, x, y, w, squeeze=True)
                if self.editor_describes(editor, sp, cur):
                    y = self.editor_button(sp, cur, editor, x, y, w)
                y += 10
                continue
            if sp.kind == "choice" and len(sp.choices) <= 6:
                self.ui.add(_Caption(a, (x, y), label))
                y = self.choice_buttons(sp, cur, x, y + 38, w)
                help_text = self.choice_help(sp, cur) or tr(sp.help)
                if help_text:
                    self.ui.add(_Caption(a, (x, y + 2), help_text, small=True, width=w, max_lines=8))
                    y += 8 + 26 * len(a.assets.wrap(help_text, FONT.small - 1, w - 8)[:8])
                y += 10
            elif sp.kind == "choice":
                choices = []
                for value, clabel in sp.choices:
                    reason = None if value == cur else self.resolve({sp.key: value})[1]
                    choices.append((value, tr(clabel), reason))
                self.ui.add(Cycler(a, (x, y, w, 60), label, choices, cur,
                                   (lambda v, k=sp.key: self.set_option(k, v)), tooltip=tr(sp.help) or None))
                y += 70
            elif sp.kind == "flag":
                tg = Toggle(a, (x, y, w, 60), label, bool(cur), (lambda v, k=sp.key: self.set_option(k, v)),
                            tooltip=tr(sp.help) or None, on_text=t("common.on"), off_text=t("common.off"))
                if not cur:
                    reason = self.resolve({sp.key: True})[1]
                    if reason:
                        tg.enabled, tg.disabled_reason = False, reason
                self.ui.add(tg)
                y += 70
            elif sp.kind == "int":
                lo_, hi_ = sp.minimum if sp.minimum is not None else 0, sp.maximum if sp.maximum is not None else 99
                try:
                    val = int(cur) if cur is not None else lo_
                except (TypeError, ValueError):
                    val = int(sp.default or lo_)
                off = t("new_game.no_clock")
                fmt = (lambda v, off=off: off if v == 0 else str(v)) if lo_ == 0 and "clock" in sp.key else str
                st = self.ui.add(Stepper(a, (x, y, w, 60), label, lo_, hi_, max(lo_, min(hi_, val)),
                                         (lambda v, k=sp.key: self.set_option(k, v)), tooltip=tr(sp.help) or None,
                                         label_w=int(w * 0.5), fmt=fmt))     # room for "Bez hodin"
                # − and + step through the values this game accepts (Off, then 10 …), never
                # to one it refuses
                legal = [v for v in range(lo_, hi_ + 1) if v == val or self.check({**self.options, sp.key: v}) is None]
                if "clock" in sp.key:
                    legal = clock_stops(legal, val)
                if len(legal) > 1:
                    st.set_choices([(v, fmt(v)) for v in legal], val)
                y += 70
            if editor is not None:         # another kind of option: the editor's row under it
                y = self.editor_button(sp, cur, editor, x, y, w)
        if self.humans() >= 2:     # the Hint at a table of several people (scenes/hint_panel.py)
            self.ui.add(Toggle(a, (COL2.x + 166, COL2.y + 8, COL2.w - 182, 48), t("advice.setting"),
                               bool(a.settings.hints_shared), self.set_hints_shared,
                               tooltip=t("advice.setting_tip"), on_text=t("common.on"), off_text=t("common.off")))
        self.problem_y = y + 4
        # seed (bottom of the players panel)
        self.seed_y = COL2.bottom - 78
        self.ui.add(TextInput(a, (COL2.x + 260, self.seed_y, COL2.w - 280, 54), self.seed_text,
                              t("new_game.seed_random"),
                              max_len=10, allowed=str.isdigit, on_change=self.set_seed,
                              tooltip=t("new_game.seed_tip")))
        # bottom bar
        self.back_button()
        self.start_btn = self.ui.add(Button(a, (1516, 980, 308, 60), t("new_game.host") if self.hosted()
                                            else t("new_game.start"), self.start, icon="dice",
                                            style="primary", hotkey=pygame.K_RETURN))
        self.learn_btn = self.ui.add(Button(a, (1184, 980, 316, 60), t("learn.start"), self.learn, icon="help",
                                            tooltip=t("learn.start_tip", game=self.spec.title_text() if self.spec else "")))
        if self.game_id is None or not has_tutorial(self.game_id):
            self.learn_btn.set_enabled(False, t("learn.no_tutorial"))
        self.refresh()

    def option_editor(self, key):
        """The scene class the game offers for editing option `key` (GameSpec.option_editors),
        or None; a game whose editor cannot be imported just has no button."""
        if self.spec is None or not getattr(self.spec, "option_editors", None):
            return None
        try:
            return self.spec.option_editor(key)
        except Exception:                  # noqa: BLE001 - an editor being written: no button
            return None

    def choice_buttons(self, sp, cur, x, y, w, squeeze=False) -> int:
        """The option's choices as a grid of buttons; returns the y below them. With
        `squeeze` (an option that also has its editor's button below) a slightly smaller
        font keeps two columns when the words allow."""
        a = self.app
        bw2 = (w - 12) // 2
        size = FONT.body
        for size in ((FONT.body, FONT.small + 1) if squeeze else (FONT.body,)):
            fits = all(a.assets.text_size(tr(cl), size, bold=True)[0] <= bw2 - 2 * SPACE.m
                       for _v, cl in sp.choices)
            if fits:
                break
        else:
            size = FONT.body
        cols = 2 if fits else 1
        bw = (w - 12) // cols
        # a subtitle under the name ("Standard", "2–3 players") needs a taller button: at 66
        # it sat on the bottom edge and nearly on the name
        subtitled = any(self.choice_subtitle(sp, value) for value, _ in sp.choices)
        bh, pitch = (SUBTITLED_H, SUBTITLED_H + 2) if subtitled else (66, 70)
        for j, (value, clabel) in enumerate(sp.choices):
            bx = x + (j % cols) * (bw + 12)
            by = y + (j // cols) * pitch
            reason = None if value == cur else self.resolve({sp.key: value})[1]
            b = Button(a, (bx, by, bw, bh), tr(clabel), (lambda k=sp.key, v=value: self.set_option(k, v)),
                       size=size, selected=value == cur, tooltip=self.choice_help(sp, value) or None,
                       sublabel=self.choice_subtitle(sp, value))
            if reason:
                b.set_enabled(False, reason)
            self.ui.add(b)
        return y + ((len(sp.choices) + cols - 1) // cols) * pitch

    def editor_describes(self, editor, sp, cur) -> bool:
        try:
            return bool(editor.describes(self.ruleset, sp.key, cur))
        except Exception:                  # noqa: BLE001 - a game bug: shown as not its own
            return False

    def editor_button(self, sp, cur, editor, x, y, w, compact=False) -> int:
        """A button that opens the game's own editor for this option (e.g. a Company
        builder). `compact`: the small one on the caption's line ("Recruit…"); else the
        row that shows a value no choice names ("Custom (…)") as chosen."""
        try:
            action = editor.button_label(self.ruleset, sp.key, None)
            label = action if compact else editor.button_label(self.ruleset, sp.key, cur)
        except Exception:                  # noqa: BLE001 - words from a game bug: no button
            return y
        if compact:
            bw = min(w // 2, self.app.assets.text_size(action, FONT.small, bold=True)[0] + 2 * SPACE.m + 24)
            btn = Button(self.app, (x + w - bw, y - 4, bw, 38), action, (lambda k=sp.key: self.open_editor(k)),
                         size=FONT.small)
            self.editor_buttons[sp.key] = btn
        else:
            own = self.editor_describes(editor, sp, cur)
            btn = Button(self.app, (x, y, w, 66), label, (lambda k=sp.key: self.open_editor(k)),
                         size=FONT.small + 1, selected=own, tooltip=action if own else None)
            self.editor_buttons[(sp.key, "value")] = btn
        self.ui.add(btn)
        return y + 70

    def open_editor(self, key):
        editor = self.option_editor(key)
        if editor is None or self.ruleset is None:
            return
        sp = next((s for s in self.specs if s.key == key), None)
        value = self.options.get(key, sp.default if sp else None)
        self.app.push(editor(self.app, self.ruleset, key, value, dict(self.options),
                             (lambda v, k=key: self.set_option(k, v))))

    def text_params(self) -> dict:
        fn = getattr(self.ruleset, "text_params", None)
        try:
            return dict(fn()) if callable(fn) else {}
        except Exception:                  # noqa: BLE001
            return {}

    def choice_help(self, sp, value) -> str:
        gid = self.game_id
        for key in (f"{gid}.{sp.key}s.{value}.help", f"{gid}.modes.{value}.help", f"{gid}.modes.{value}_help",
                    f"{gid}.options.{sp.key}.{value}_help", f"{gid}.{sp.key}_help.{value}"):
            if has(key):
                return t(key, **self.text_params())
        return ""

    def choice_subtitle(self, sp, value) -> str:
        gid = self.game_id
        for key in (f"{gid}.{sp.key}s.{value}.subtitle", f"{gid}.modes.{value}.subtitle"):
            if has(key):
                return t(key)
        return ""

    def remote_seats(self) -> list[int]:
        """Seats for friends on their own computers: the game is hosted from here."""
        return [i for i, s in enumerate(self.seats[:self.count]) if s.get("kind") == "remote"]

    def hosted(self) -> bool:
        """Begin opens a networked table (here, or on the server this screen was opened for)."""
        return bool(self.remote_seats()) or self.server is not None

    def refresh(self):
        self.problem = self.check()
        if self.problem is None and self.hosted() and self.humans() == 0:
            self.problem = t("new_game.host_needs_you")
        ok = self.problem is None and self.ruleset is not None
        self.start_btn.set_enabled(ok, self.problem or t("new_game.pick_game"))

    # -- changes ---------------------------------------------------------------------------------
    def set_count(self, n):
        self.count = n
        self.sync_hotseat()
        self.build()

    def set_name(self, i, v):
        self.seats[i]["name"] = v

    def set_kind(self, i, v):
        s = self.seats[i]
        s["kind"] = v
        if v in ("human", "remote") and s.get("name") in self.ai_names():
            s["name"] = t("seat.player_n", n=i + 1)
        elif v == "ai" and (s.get("name", "").startswith(t("seat.player_n", n="").strip())
                            or s.get("name") == t("seat.default_human")):
            names = self.ai_names() or ["AI"]
            used = {x.get("name") for x in self.seats}
            s["name"] = next((n for n in names if n not in used), names[i % len(names)])
        self.sync_hotseat()
        self.build()

    def set_hints_shared(self, value):
        self.app.settings.hints_shared = bool(value)
        self.app.save_settings()

    def set_diff(self, i, v):
        self.seats[i]["difficulty"] = v

    def set_option(self, key, value):
        opts, _problem = self.resolve({key: value})
        if opts is None:
            self.options[key] = value      # keep the choice; the problem is shown and Begin waits
        else:
            self.options = opts
        self.build()

    def set_seed(self, text):
        self.seed_text = text

    def remember(self):
        s = self.app.settings
        if not isinstance(s.last_new_game, dict):
            s.last_new_game = {}
        s.last_game = self.game_id
        s.last_new_game[self.game_id] = {"seats": [dict(x) for x in self.seats[:self.count]],
                                         "options": dict(self.options), "seed": self.seed_text}
        self.app.save_settings()

    def learn(self):
        """The selected game's guided first game (scenes/coach.py)."""
        if self.spec is not None:
            self.app.start_tutorial(self.spec)

    def start(self):
        self.refresh()
        if self.problem or self.spec is None:
            self.app.toast(self.problem or t("new_game.pick_game"), "error")
            return
        seats = []
        for i, s in enumerate(self.seats[:self.count]):
            name = (s.get("name") or "").strip() or (t("seat.player_n", n=i + 1))
            seats.append(SeatInfo(name, "human" if s.get("kind") == "human" else "ai", s.get("difficulty", "normal")))
        seed = int(self.seed_text) if self.seed_text.isdigit() else random.randrange(1, 2**31)
        self.remember()
        if self.hosted():
            rows = [dict(s, name=seat.name) for s, seat in zip(self.seats[:self.count], seats)]
            self.app.open_host_lobby(self.spec, rows, dict(self.options), seed, server=self.server)
            return
        try:
            self.app.start_game(self.spec, seats, dict(self.options), seed)
        except Exception as exc:           # noqa: BLE001 - OptionsError or a rules bug: say why, stay
            if self.app.strict and not type(exc).__name__ == "OptionsError":
                raise
            self.app.toast(str(exc), "error", 6.0)
            self.app.sound.play("error")

    def exit(self):
        self.ui.clear()

    # -- drawing ------------------------------------------------------------------------------------
    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        self.header(surf, t("new_game.title"), t("new_game.subtitle"))
        for rect, title in ((COL1, t("new_game.choose_game")), (COL2, t("new_game.seats")),
                            (COL3, t("new_game.mode_options"))):
            draw_panel(surf, rect, self.app, alpha=210)
            draw_heading(surf, self.app, title, (rect.x + 24, rect.y + 16))
        x = COL2.x + 20
        for i, (ry, rh) in enumerate(self.seat_rows):
            seat_marker(surf, self.app, i, (x + 16, ry + rh // 2 - 1), 11)
            if self.seats[i].get("kind") == "human":
                draw_text(surf, self.app, t("new_game.human_hint"), (x + 412 + 94, ry + rh // 2 - 1), FONT.small,
                          pal.text_faint, anchor="center")
            elif self.seats[i].get("kind") == "remote":
                draw_text(surf, self.app, t("new_game.remote_hint"), (x + 412 + 94, ry + rh // 2 - 1), FONT.small,
                          pal.text_faint, anchor="center")
        if self.seat_rows:
            last_y = self.seat_rows[-1][0] + self.seat_rows[-1][1]
        humans = sum(1 for s in self.seats[:self.count] if s.get("kind") == "human")
        note = t("new_game.hotseat_note") if humans >= 2 else t("new_game.spectate_note") if humans == 0 else ""
        if self.remote_seats():
            note = t("new_game.host_note")
        note_h = 0
        if note:
            block = self.app.assets.text_block(note, FONT.small - 1, pal.text_dim, COL2.w - 56)
            note_h = block.get_height() + 14
            surf.blit(block, (COL2.x + 28, self.seed_y - note_h))
        if self.seat_rows:
            last_y = self.seat_rows[-1][0] + self.seat_rows[-1][1]
            self.draw_seating(surf, pygame.Rect(COL2.x + 20, last_y + 20, COL2.w - 40,
                                                self.seed_y - note_h - last_y - 60))
        if not self.specs and self.ruleset is not None:
            draw_text(surf, self.app, t("new_game.no_options"), (COL3.x + 24, COL3.y + 70), FONT.body, pal.text_faint)
        draw_text(surf, self.app, t("new_game.seed"), (COL2.x + 36, self.seed_y + 27), FONT.body, pal.text,
                  anchor="midleft")
        if self.problem and self.ruleset is not None:
            r = pygame.Rect(COL3.x + 20, self.problem_y, COL3.w - 40, 90)
            ic = self.app.assets.icon("info", 26, pal.danger_hi)
            surf.blit(ic, (r.x, r.y + 2))
            block = self.app.assets.text_block(self.problem, FONT.small, pal.danger_hi, r.w - 36)
            surf.blit(block, (r.x + 36, r.y))
        elif self.load_error:
            block = self.app.assets.text_block(self.load_error, FONT.small, pal.danger_hi, COL3.w - 48)
            surf.blit(block, (COL3.x + 24, COL3.y + 120))
        super().draw(surf)

    def draw_seating(self, surf, area: pygame.Rect):
        """The table seen from above: who sits where (seat 1 nearest you)."""
        import math
        if area.h < 150:
            return
        pal = self.app.pal
        oval = pygame.Rect(0, 0, min(area.w - 150, int(area.h * 1.7)), int(area.h * 0.52))
        oval.center = (area.centerx, area.centery - 6)
        pygame.draw.ellipse(surf, (0, 0, 0), oval.move(0, 8))
        felt = self.app.assets.scaled(("seat_felt", oval.size), lambda: self._felt(oval.size))
        surf.blit(felt, oval)
        pygame.draw.ellipse(surf, pal.gold_dim, oval, 3)
        ic = self.app.assets.icon(f"game_{self.game_id}", int(oval.h * 0.5), (*pal.gold_dim[:3],))
        surf.blit(ic, ic.get_rect(center=oval.center))
        n = self.count
        rx, ry = oval.w / 2 + 44, oval.h / 2 + 38
        for i in range(n):
            ang = math.pi / 2 + 2 * math.pi * i / n
            cx = oval.centerx + int(rx * math.cos(ang))
            cy = oval.centery + int(ry * math.sin(ang))
            s = self.seats[i]
            human = s.get("kind") in ("human", "remote")
            pygame.draw.circle(surf, pal.bg_deep, (cx, cy), 26)
            pygame.draw.circle(surf, pal.seats[i % len(pal.seats)], (cx, cy), 26, 3)
            icon = self.app.assets.icon("player" if human else "bot", 30, pal.text if human else pal.text_dim)
            surf.blit(icon, icon.get_rect(center=(cx, cy)))
            seat_marker(surf, self.app, i, (cx + 22, cy - 20), 7)
            label = fit_text(self.app, s.get("name") or t("seat.player_n", n=i + 1), FONT.tiny, 150)
            below = cy >= oval.centery - 4
            draw_text(surf, self.app, label, (cx, cy + (34 if below else -34)), FONT.tiny,
                      pal.text if human else pal.text_dim, anchor="midtop" if below else "midbottom")

    def _felt(self, size):
        tex = self.app.assets.tiled("table_felt", size)
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (255, 255, 255, 255), surf.get_rect())
        out = tex.convert_alpha()
        out.blit(surf, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        return out

    def help_lines(self):
        return [("Enter", t("new_game.start")), ("Esc", t("help.back")), (t("help.wheel"), t("help.cycle"))]


class _Caption(Widget):
    """Help text under an option; what does not fit in `max_lines` ends in "…" and the
    whole text is the caption's tooltip (point at it to read it all)."""

    def __init__(self, ui, pos, text, small=False, width=None, max_lines=3):
        super().__init__(ui, (pos, (1, 1)))
        self.pos, self.text, self.small, self.width, self.max_lines = pos, text, small, width, max_lines
        if small:
            n = len(ui.assets.wrap(text, FONT.small - 1, (width or 500) - 8)[:max_lines])
            self.rect = pygame.Rect(pos[0], pos[1], width or 500, max(26, 26 * n))

    def draw(self, surf):
        pal = self.ui.pal
        if self.small:
            w = (self.width or 500) - 8
            lines = self.ui.assets.wrap(self.text, FONT.small - 1, w)
            shown = lines[:self.max_lines]
            if len(lines) > self.max_lines:
                self.cuts["text"] = self.text
                shown[-1] = fit_text(self.ui, shown[-1] + " …", FONT.small - 1, w)
            for i, line in enumerate(shown):
                draw_text(surf, self.ui, line, (self.pos[0] + 4, self.pos[1] + i * 26), FONT.small - 1, pal.text_dim)
        else:
            draw_text(surf, self.ui, self.text, self.pos, FONT.body, pal.text, bold=True)


__all__ = ["NewGameScene", "SPACE"]
