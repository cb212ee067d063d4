"""Saves on disk (autosaves, saves, replays), the Load and Replays screens, and
opening a saved game. A save that cannot be read is reported once, by name, and
left exactly as it is — except a damaged autosave, which is the app's own file: it
is moved aside to `<name>.bad` and reported once, so that the menu always opens.
Every file is read through `read_record` (bounded) and checked like a new game
(`load_checked`) before anything replays. Lists (the Load screen, the menu's Continue,
the start-up check of autosaves) read a large file's header only (`read_listing`), so
start-up costs the same whatever the folders hold."""
from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import pygame

from ...core.i18n import format_date, t
from ...core.paths import storage_problem, user_data_dir
from ...core.match import check_save, replay_record
from ...core.record import (LISTING_FULL_BYTES, Record, RecordError, check_record, clean_orphans, move_aside,
                            read_listing)
from ...core.safeio import shown_path
from ...core.version import made_elsewhere
from ...registry import load_checked
from ..theme import FONT, SPACE
from ..widgets import Button, ScrollList, Widget, draw_panel, draw_text, fit_text
from .base import Backdrop, BackdropScene, seat_marker, seat_name_now
from .savefiles import autosave_dir, autosave_path, is_autosave, new_save_path, replays_dir, saves_dir  # noqa: F401 - the Load screen's names
from .savefiles import mark_saves_off


def game_title(game_id: str) -> str:
    """The game's title in the current language (a save stores the game's id)."""
    try:
        from ... import registry
        return registry.get(game_id).title_text()
    except Exception:            # noqa: BLE001 - an unknown or broken game still lists
        return str(game_id)


def mode_label(game_id: str, options: dict) -> str:
    mode = (options or {}).get("mode")
    if not mode:
        return ""
    from ...core.i18n import has
    for key in (f"{game_id}.modes.{mode}", f"{game_id}.modes.{mode}.name", f"{game_id}.mode.{mode}"):
        if has(key):
            return t(key)
    return str(mode).replace("_", " ").title()


class FittedText(Widget):
    """A text in at most `max_lines` lines of `width` pixels: what does not fit ends in
    "…" and the whole text is the tooltip (point at it to read it all)."""

    def __init__(self, ui, pos, text: str, size: int, color, width: int, max_lines: int = 1, bold=False,
                 serif=False):
        super().__init__(ui, (pos, (width, 1)))
        self.text, self.size, self.color, self.bold, self.serif = str(text), size, color, bold, serif
        lines = ui.assets.wrap(self.text, size, width, bold, serif) if max_lines > 1 else [self.text]
        shown = lines[:max_lines] or [""]
        if len(lines) > max_lines:
            shown[-1] += " …"
        shown[-1] = fit_text(ui, shown[-1], size, width, bold, serif)
        if len(lines) > max_lines or shown[-1] != lines[len(shown) - 1]:
            self.cuts["text"] = self.text
        self.lines = shown
        self.line_h = ui.assets.font(size, bold, serif).get_linesize()
        self.rect.h = self.line_h * len(shown)

    def draw(self, surf):
        for i, line in enumerate(self.lines):
            draw_text(surf, self.ui, line, (self.rect.x, self.rect.y + i * self.line_h), self.size, self.color,
                      bold=self.bold, serif=self.serif)


@dataclass
class SaveInfo:
    path: Path
    kind: str                     # autosave | save | replay
    mtime: float
    record: Record | None = None
    error: str | None = None
    moves: int | None = None      # a large save is listed from its header (read_listing)

    @property
    def ok(self) -> bool:
        return self.record is not None

    @property
    def game(self) -> str:
        return self.record.game if self.record else "?"

    def title(self) -> str:
        if not self.record:
            return shown_path(self.path.name)
        mode = mode_label(self.record.game, self.record.options)
        return game_title(self.record.game) + (f" — {mode}" if mode else "")

    def players(self) -> str:
        if not self.record:
            return ""
        return ", ".join(seat_name_now(str(s.get("name", "?")), i) for i, s in enumerate(self.record.seats))

    def when(self) -> str:
        return format_date(self.mtime)

    def ago(self) -> str:
        d = max(0, time.time() - self.mtime)
        if d < 90:
            return t("time.just_now")
        if d < 3600:
            return t("time.minutes_ago", n=int(d // 60))
        if d < 86400:
            return t("time.hours_ago", n=int(d // 3600))
        return self.when()

    def summary(self, short: bool = False) -> str:
        if not self.record:
            return self.error or ""
        if short:
            return t("saves.continue_line", game=game_title(self.record.game), n=len(self.record.seats),
                     ago=self.ago())
        if self.moves is None:
            return f"{self.players()} · {self.when()}"
        return t("saves.row_sub", players=self.players(), when=self.when(), n=self.moves)


MAX_LISTED = 300          # newest files per folder: a folder of thousands still opens at once
READ_BUDGET = 64 * 1024 * 1024   # bytes parsed per scan; older files past it are listed unread


def scan(kinds=("autosave", "save")) -> list[SaveInfo]:
    from ... import registry
    known = registry.game_ids()
    folders = {"autosave": autosave_dir(), "save": saves_dir(), "replay": replays_dir()}
    out = []
    budget = READ_BUDGET
    for kind in kinds:
        folder = folders[kind]
        try:
            if not folder.is_dir():
                continue
            found = []
            for p in folder.glob("*.json"):
                try:
                    st = p.stat()
                    found.append((st.st_mtime, st.st_size, p))
                except OSError:
                    continue
        except OSError:
            continue
        found.sort(key=lambda item: -item[0])
        for mtime, size, p in found[:MAX_LISTED]:
            info = SaveInfo(p, kind, mtime)
            cost = min(size, LISTING_FULL_BYTES)      # a larger save is listed from its header
            if cost > budget:
                info.error = f"{shown_path(p)}: not read (the saves listed before it already hold " \
                             f"{READ_BUDGET // 2**20} MB)"
            else:
                budget -= cost
                try:
                    info.record, info.moves = read_listing(p, known_games=known)
                except RecordError as exc:
                    info.error = str(exc)
            out.append(info)
    out.sort(key=lambda s: -s.mtime)
    return out


def latest_autosave() -> SaveInfo | None:
    for info in scan(("autosave",)):
        if info.ok:
            return info
    return None


_storage_said = [False]        # the read-only message is said once per run


def startup_reports() -> list[str]:
    """What the menu says once when it opens: saves are off (read-only folder), and
    every damaged autosave, each moved aside to `<name>.bad`. Temp files left by an
    interrupted save are removed on the way. Never raises."""
    messages = []
    if not _storage_said[0]:
        _storage_said[0] = True
        problem = storage_problem()
        if problem:
            kind, folder = problem
            if kind == "saves":
                mark_saves_off()
            messages.append(t("saves.storage_off" if kind == "saves" else "saves.settings_off", folder=str(folder)))
    for folder in (autosave_dir(), saves_dir(), replays_dir()):
        clean_orphans(folder)
    try:
        found = list(autosave_dir().glob("*.json")) if autosave_dir().is_dir() else []
    except OSError:
        found = []
    for path in found:
        try:
            check_listed(path)
        except RecordError as exc:
            messages.append(_set_aside(path, str(exc)))
        except Exception as exc:     # noqa: BLE001 - the menu must open whatever the file holds
            messages.append(_set_aside(path, f"{path}: {type(exc).__name__}"))
    return messages


def check_listed(path) -> Record:
    """`load_checked` on what a list reads of a save (`read_listing`: a large file's
    header only), so that start-up costs the same whatever the autosaves hold; the rest
    is checked when the save is opened."""
    from ... import registry
    record, _moves = read_listing(path, known_games=set(registry.game_ids()))
    spec = registry.get(record.game)
    return check_record(record, registry.ruleset(record.game), int(spec.min_players), int(spec.max_players),
                        name=shown_path(path))


def _set_aside(path: Path, message: str) -> str:
    """Move a damaged autosave to `<name>.bad` (`<name>.2.bad`… beside an older one) and say so."""
    bad = move_aside(path)
    if bad is None:
        return message
    return t("saves.autosave_set_aside", error=message, file=bad.name)


def open_saved_game(app, path) -> bool:
    """Resume a save in the table scene; on any problem say so (naming the file) and
    stay where we are. A user's save is never modified here; a damaged autosave is
    moved aside to `<name>.bad`."""
    from .table import make_agents
    try:
        record, spec, ruleset = load_checked(path)
        if made_elsewhere(record):
            check = check_save(record, ruleset)
            if not check.same:
                return app.open_changed_save(spec, ruleset, record, check)
        if record.extra.get("tutorial") == record.game:      # a guided first game goes on with its coach
            return app.resume_tutorial(spec, record, path)
        from ...core.match import SeatInfo
        seats = [SeatInfo.from_json(s) for s in record.seats]
        agents = make_agents(spec, seats, record.seed, warn=lambda m: app.toast(m, "warning", 8.0))
        match, _stop = replay_record(record, ruleset, agents=agents, autosave_path=autosave_path(record.game))
        match.extra.update(record.extra)        # what the save kept with the game (the Hints taken)
    except Exception as exc:     # noqa: BLE001 - a save must never take the app down
        message = str(exc) if isinstance(exc, RecordError) else f"{type(exc).__name__}: {exc}"
        if str(path) not in message:
            message = t("saves.cannot_open", file=str(path), error=message)
        if is_autosave(path):
            message = _set_aside(Path(path), message)
        app.toast(message[:400], "error", 8.0)
        app.sound.play("error")
        return False
    if match.over:
        app.toast(t("saves.finished_game"), "info")
    app.open_table(spec, match)
    return True


class SavesScene(BackdropScene):
    """mode="load": saves and autosaves; mode="replay": also finished-game replays."""
    name = "saves"

    def __init__(self, app, mode: str = "load"):
        super().__init__(app)
        self.mode = mode
        self.backdrop = Backdrop(app, glow_pos=(1500, 300), glow_radius=700, embers=18)
        self.items: list[SaveInfo] = []
        self.build()

    def build(self):
        self.ui.clear()
        kinds = ("autosave", "save") if self.mode == "load" else ("replay", "save", "autosave")
        self.items = scan(kinds)
        rows = []
        for info in self.items:
            badge = None
            if not info.ok:
                badge = (t("saves.damaged"), self.app.pal.danger_hi)
            elif info.kind == "autosave":
                badge = (t("saves.autosave"), self.app.pal.text_dim)
            elif info.kind == "replay":
                badge = (t("saves.replay"), self.app.pal.text_dim)
            icon = f"game_{info.game}" if info.ok else "close"
            sub = info.summary() if info.ok else info.error
            rows.append((info.title(), sub, icon, badge))
        self.list = self.ui.add(ScrollList(self.app, (96, 236, 1020, 700), rows, row_h=92,
                                           on_select=lambda i: self.refresh(), on_activate=lambda i: self.open(),
                                           empty_text=t("saves.none")))
        label = t("saves.load") if self.mode == "load" else t("saves.watch")
        # under the details panel (1180..1824): "Watch replay" is the longer label (whole in Czech too)
        self.open_btn = self.ui.add(Button(self.app, (1560, 980, 264, 60) if self.mode == "load" else
                                           (1464, 980, 360, 60), label, self.open,
                                           icon="load" if self.mode == "load" else "deck", style="primary",
                                           hotkey=pygame.K_RETURN))
        if self.mode == "load":
            self.replay_btn = self.ui.add(Button(self.app, (1180, 980, 360, 60), t("saves.watch"),
                                                 self.open_replay, icon="deck"))
        else:
            self.replay_btn = None
        self.back_button()
        if self.items:
            self.list.select(0)
        self.refresh()

    DETAILS = pygame.Rect(1180, 216, 644, 740)

    def refresh(self):
        info = self.current()
        self.place_details(info)
        ok = info is not None and info.ok
        reason = t("saves.pick_one") if info is None else (info.error or "")
        self.open_btn.set_enabled(ok, reason)
        if self.replay_btn:
            self.replay_btn.set_enabled(ok, reason)

    def place_details(self, info) -> None:
        """The selected save's title, mode and seat names in the details panel: each
        fits its place (two lines for the title), and what is cut shows whole on hover."""
        for w in getattr(self, "details", []):
            if w in self.ui.widgets:
                self.ui.widgets.remove(w)
        self.details: list[Widget] = []
        if info is None or not info.ok:
            return
        pal, a, r = self.app.pal, self.app.assets, self.DETAILS
        rec = info.record
        x, y = r.x + 32, r.y + 28
        width = r.right - 32 - (x + 116)
        title = game_title(rec.game)
        mode = mode_label(rec.game, rec.options) or t("saves.kind_" + info.kind)
        if a.text_size(title, FONT.heading, bold=True, serif=True)[0] <= width:
            parts = [FittedText(self.app, (x + 116, y + 8), title, FONT.heading, pal.gold, width, bold=True, serif=True),
                     FittedText(self.app, (x + 116, y + 58), mode, FONT.body, pal.text_dim, width)]
        else:
            head = FittedText(self.app, (x + 116, y - 6), title, FONT.heading - 8, pal.gold, width, max_lines=2,
                              bold=True, serif=True)
            parts = [head, FittedText(self.app, (x + 116, head.rect.bottom + 4), mode, FONT.body - 2, pal.text_dim,
                                      width)]
        parts.append(FittedText(self.app, (x + 150, y + 140 + 34 * 3), shown_path(info.path.name), FONT.small,
                                pal.text, r.right - 32 - (x + 150)))
        y += 140 + 34 * 4 + 16 + 44
        for i, seat in enumerate(rec.seats[:8]):
            kind_w = a.text_size(self.seat_kind(seat), FONT.small)[0]
            parts.append(FittedText(self.app, (x + 36, y), seat_name_now(str(seat.get("name", "?")), i), FONT.body,
                                    pal.text,
                                    r.right - 32 - kind_w - 16 - (x + 36)))
            y += 40
        self.details = [self.ui.add(w) for w in parts]

    @staticmethod
    def seat_kind(seat: dict) -> str:
        return t("seat.human") if seat.get("kind") == "human" else \
            t("seat.ai_level", level=t("difficulty." + str(seat.get("difficulty", "normal"))))

    def current(self) -> SaveInfo | None:
        i = self.list.selected
        return self.items[i] if i is not None and 0 <= i < len(self.items) else None

    def open(self):
        info = self.current()
        if info is None:
            return
        if not info.ok:
            self.app.toast(info.error, "error", 8.0)
            self.app.sound.play("error")
            return
        if self.mode == "load":
            self.app.open_saved_game(info.path)
        else:
            self.open_replay()

    def open_replay(self):
        info = self.current()
        if info is None or not info.ok:
            return
        self.app.open_replay(info.path)

    def draw(self, surf):
        self.backdrop.draw(surf)
        title = t("saves.title_load") if self.mode == "load" else t("saves.title_replays")
        self.header(surf, title, t("saves.subtitle_load") if self.mode == "load" else t("saves.subtitle_replays"))
        draw_panel(surf, (72, 216, 1068, 740), self.app, alpha=200)
        self.draw_details(surf, self.DETAILS)
        super().draw(surf)

    def draw_details(self, surf, r):
        """The panel and its rows; the title, mode and seat names are `self.details`."""
        pal = self.app.pal
        draw_panel(surf, r, self.app, alpha=215)
        info = self.current()
        x, y = r.x + 32, r.y + 28
        if info is None:
            draw_text(surf, self.app, t("saves.pick_one"), r.center, FONT.body, pal.text_faint, anchor="center")
            return
        if not info.ok:
            ic = self.app.assets.icon("close", 64, pal.danger_hi)
            surf.blit(ic, (x, y))
            title = self.app.assets.text_block(t("saves.damaged_title"), FONT.heading - 6, pal.danger_hi,
                                               r.w - 64 - 84, bold=True, serif=True)
            surf.blit(title, (x + 84, y + 32 - title.get_height() // 2))
            block = self.app.assets.text_block(info.error or "", FONT.body, pal.text, r.w - 64)
            surf.blit(block, (x, y + 100))
            note = self.app.assets.text_block(t("saves.damaged_kept"), FONT.small, pal.text_dim, r.w - 64)
            surf.blit(note, (x, y + 120 + block.get_height()))
            return
        rec = info.record
        ic = self.app.assets.icon(f"game_{rec.game}", 96, pal.gold)
        surf.blit(ic, (x, y))
        y += 140
        rows = [(t("saves.saved"), info.when()), (t("saves.actions"), str(len(rec.actions) if info.moves is None else info.moves)),
                (t("saves.seed"), str(rec.seed)), (t("saves.file"), shown_path(info.path.name))]
        for k, v in rows:
            draw_text(surf, self.app, k, (x, y), FONT.small, pal.text_faint)
            if k != t("saves.file"):                  # the file's name is a detail that fits (a widget)
                draw_text(surf, self.app, v, (x + 150, y), FONT.small, pal.text)
            y += 34
        y += 16
        draw_text(surf, self.app, t("saves.players"), (x, y), FONT.body, pal.gold, bold=True)
        y += 44
        for i, s in enumerate(rec.seats[:8]):
            seat_marker(surf, self.app, i, (x + 12, y + 14), 10)
            draw_text(surf, self.app, self.seat_kind(s), (r.right - 32, y), FONT.small, pal.text_dim, anchor="topright")
            y += 40

    def help_lines(self):
        return [("↑ ↓", t("help.list_move")), ("Enter", t("help.list_open")), ("Esc", t("help.back"))]


__all__ = ["SavesScene", "SaveInfo", "scan", "latest_autosave", "open_saved_game", "autosave_path",
           "saves_dir", "replays_dir", "new_save_path", "SPACE"]
