"""Review your game (game/ai/advice.py `review` in the window).

From the results screen: for each person at the table, the hard agent replays the game's
record and weighs that seat's decisions, each from the seat's view at that moment, on a
background thread with a progress bar. The 3-5 decisions that lost most are listed as
"you chose X (≈31 %), Y was best (≈52 %): <reason>"; a click opens the replay at that
decision with the same line over the table.
"""
from __future__ import annotations

import threading
import traceback

import pygame

from ...ai import advice
from ...core.i18n import t
from ..theme import FONT, LOGICAL_SIZE
from ..widgets import Button, draw_panel, draw_text, fit_text
from .base import Backdrop, BackdropScene, seat_marker
from .replay import ReplayScene

ROW_H = 124


def human_seats(match) -> list[int]:
    return [i for i, s in enumerate(match.seats) if s.is_human]


class ReviewJob:
    """One seat's review on a daemon thread: progress (done, total), then `mistakes` or
    `error`; `stop()` makes it end at the next decision."""

    def __init__(self, spec, ruleset, record, seat: int):
        self.spec, self.ruleset, self.record, self.seat = spec, ruleset, record, seat
        self.done, self.total = 0, len(advice.review_steps(record, seat))
        self.mistakes: list | None = None
        self.error: str | None = None
        self.stopped = False
        self.thread = threading.Thread(target=self.run, name="nocturne-review", daemon=True)
        self.thread.start()

    def progress(self, done, total):
        self.done, self.total = done, total

    def run(self):
        try:
            self.mistakes = advice.review(self.spec, self.ruleset, self.record, self.seat, seed=self.record.seed,
                                          progress=self.progress, cancelled=lambda: self.stopped)
        except advice.Cancelled:
            pass
        except Exception as exc:      # noqa: BLE001 - a review must never take the window down
            traceback.print_exc()
            self.error = f"{type(exc).__name__}: {exc}"

    def stop(self):
        self.stopped = True

    @property
    def finished(self) -> bool:
        return self.mistakes is not None or self.error is not None


def mistake_line(spec, match, m: advice.Mistake) -> str:
    """"You chose X (≈31 %), Y was best (≈52 %): <reason>" in the current language."""
    from .hint_panel import move_words
    return t("review.line", chosen=move_words(spec, match, m.view, m.kind, m.chosen.action),
             chosen_pct=m.chosen.percent(), best=move_words(spec, match, m.view, m.kind, m.best.action),
             best_pct=m.best.percent(), reason=m.best.words())


def move_title(m: advice.Mistake, record) -> str:
    """"Move 17 of 23": the decision counted as the replay counts moves (the replay shows
    the table "Before move 17 of 23", then "After move 17 of 23")."""
    return t("review.step", n=m.step + 1, total=len(record.actions))


def unweighed_line(found) -> str:
    """"Moves 4 and 9: the hard AI could not play your move out…", or "" when every move
    it looked at was weighed (numbered as move_title numbers them)."""
    steps = list(getattr(found, "unweighed", ()) or ())
    if not steps:
        return ""
    return t("review.unweighed", n=len(steps), moves=", ".join(str(i + 1) for i in steps))


class ReviewScene(BackdropScene):
    name = "review"

    def __init__(self, app, spec, match):
        super().__init__(app)
        self.spec, self.match = spec, match
        self.record = match.record()
        self.seats = human_seats(match)
        self.seat = self.seats[0] if self.seats else None
        self.jobs: dict[int, ReviewJob] = {}
        self.rows: list[tuple[pygame.Rect, advice.Mistake]] = []
        self.backdrop = Backdrop(app, glow_pos=(960, 300), glow_radius=820, embers=20)
        self.seat_btns: list[Button] = []
        self.back_btn = self.ui.add(Button(app, (96, 980, 280, 60), t("review.back"), self.close, icon="back"))
        for k, seat in enumerate(self.seats if len(self.seats) > 1 else []):
            b = self.ui.add(Button(app, (420 + k * 250, 980, 236, 60), match.seats[seat].name,
                                   lambda s=seat: self.show(s), selected=seat == self.seat))
            b.review_seat = seat
            self.seat_btns.append(b)
        if self.seat is not None:
            self.show(self.seat)

    # -- the jobs ---------------------------------------------------------------------------
    def show(self, seat: int):
        self.seat = seat
        for b in self.seat_btns:
            b.selected = b.review_seat == seat
        if seat not in self.jobs:
            self.jobs[seat] = ReviewJob(self.spec, self.match.rules, self.record, seat)

    @property
    def job(self) -> ReviewJob | None:
        return self.jobs.get(self.seat) if self.seat is not None else None

    def close(self):
        for job in self.jobs.values():
            job.stop()
        self.app.pop()

    def on_back(self) -> bool:
        self.close()
        return True

    def language_changed(self):
        """The language changed under the replay opened from here: Back is reworded (the
        rows make their words as they are drawn)."""
        self.back_btn.label = t("review.back")

    def exit(self):
        for job in self.jobs.values():
            job.stop()

    def open_at(self, m: advice.Mistake):
        """The replay at the decision, with its line over the table."""
        scene = ReviewReplayScene(self.app, self.spec, self.match, self.record, m)
        self.app.push(scene)
        scene.seek(m.step)

    # -- frame ------------------------------------------------------------------------------
    def frame_rate(self) -> float:
        job = self.job
        return 30.0 if job is not None and not job.finished else 0.0

    def handle_event(self, e) -> bool:
        if e.type == pygame.KEYDOWN and getattr(e, "key", None) == pygame.K_ESCAPE:
            return self.on_back()
        if self.ui.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
            for r, m in self.rows:
                if r.collidepoint(e.pos):
                    self.app.sound.play("ui_click")
                    self.open_at(m)
                    return True
        return True

    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        name = self.match.seats[self.seat].name if self.seat is not None else ""
        draw_text(surf, self.app, t("review.title", name=name), (960, 70), FONT.display - 56, pal.gold, display=True,
                  anchor="center", shadow=True)
        sub = self.spec.title_text() if hasattr(self.spec, "title_text") else self.spec.title
        draw_text(surf, self.app, sub, (960, 132), FONT.heading - 6, pal.text_dim, display="plain", anchor="center")
        panel = pygame.Rect(160, 180, 1600, 770)
        draw_panel(surf, panel, self.app, alpha=225)
        self.rows = []
        job = self.job
        if job is None:
            self.draw_note(surf, panel, t("review.no_humans"))
        elif job.error is not None:
            self.draw_note(surf, panel, t("review.failed", error=job.error), pal.danger_hi)
        elif not job.finished:
            self.draw_progress(surf, panel, job)
        elif not job.mistakes:
            self.draw_note(surf, panel, "\n\n".join(filter(None, (t("review.none"), unweighed_line(job.mistakes)))))
        else:
            self.draw_mistakes(surf, panel, job.mistakes)
        self.ui.draw(surf)
        self.ui.draw_tooltip(surf)

    def draw_note(self, surf, panel, text, color=None):
        block = self.app.assets.text_block(text, FONT.body, color or self.app.pal.text, panel.w - 160,
                                           align="center")
        surf.blit(block, block.get_rect(center=panel.center))

    def draw_progress(self, surf, panel, job):
        pal = self.app.pal
        draw_text(surf, self.app, t("review.working", done=job.done, total=job.total),
                  (panel.centerx, panel.centery - 50), FONT.body, pal.text, anchor="center")
        bar = pygame.Rect(0, 0, 900, 18)
        bar.center = (panel.centerx, panel.centery + 10)
        pygame.draw.rect(surf, pal.button_press, bar, border_radius=9)
        fill = bar.copy()
        fill.w = int(bar.w * (job.done / job.total if job.total else 0))
        if fill.w:
            pygame.draw.rect(surf, pal.gold, fill, border_radius=9)

    def draw_mistakes(self, surf, panel, mistakes):
        pal = self.app.pal
        y = panel.y + 30
        mouse = pygame.mouse.get_pos() if pygame.display.get_init() else (-1, -1)
        for m in mistakes:
            row = pygame.Rect(panel.x + 30, y, panel.w - 60, ROW_H)
            self.rows.append((row, m))
            hot = row.collidepoint(mouse)
            draw_panel(surf, row, self.app, alpha=235, fill=pal.panel_hi if hot else pal.bg_deep,
                       edge=pal.gold if hot else pal.gold_dim, radius=12)
            seat_marker(surf, self.app, m.seat, (row.x + 30, row.y + 32), 10)
            draw_text(surf, self.app, move_title(m, self.record), (row.x + 52, row.y + 16), FONT.body,
                      pal.gold, bold=True)
            loss = f"−{round(100 * m.loss)} %"
            draw_text(surf, self.app, loss, (row.right - 24, row.y + 14), FONT.heading - 8, pal.danger_hi,
                      bold=True, anchor="topright")
            line = mistake_line(self.spec, self.match, m)
            for k, text in enumerate(self.app.assets.wrap(line, FONT.small, row.w - 260)[:3]):
                draw_text(surf, self.app, text, (row.x + 52, row.y + 50 + k * 22), FONT.small - 1, pal.text)
            y += ROW_H + 10
        note = fit_text(self.app, t("review.note"), FONT.small - 2, panel.w - 60)
        draw_text(surf, self.app, note, (panel.x + 30, panel.bottom - 36), FONT.small - 2, pal.text_faint)
        missed = unweighed_line(mistakes)
        if missed:
            missed = fit_text(self.app, missed, FONT.small - 2, panel.w - 60)
            draw_text(surf, self.app, missed, (panel.x + 30, panel.bottom - 66), FONT.small - 2, pal.text_dim)

    def help_lines(self):
        return [("Esc", t("help.back"))]


class ReviewReplayScene(ReplayScene):
    """The replay viewer opened at a reviewed decision, its line over the table under the
    move's number as the review names it; at that decision the transport bar says "Before
    move 17 of 23". `match`: the reviewed game (its seats name the moves)."""

    def __init__(self, app, spec, match, record, mistake: advice.Mistake):
        super().__init__(app, spec, match.rules, record, finished=True)
        self.reviewed, self.mistake = match, mistake

    @property
    def review_line(self) -> str:
        """The review's words for the decision, in the current language."""
        return mistake_line(self.spec, self.reviewed, self.mistake)

    def position_words(self) -> str:
        if self.pos == self.mistake.step:
            return t("review.replay_at", n=self.mistake.step + 1, total=len(self.actions))
        return super().position_words()

    def draw(self, surf):
        super().draw(surf)
        pal = self.app.pal
        lines = self.app.assets.wrap(self.review_line, FONT.small, 1400)[:3]
        box = pygame.Rect(0, 0, 1460, 62 + 28 * len(lines))
        box.midbottom = (LOGICAL_SIZE[0] // 2, self.bar.y - 14)
        draw_panel(surf, box, self.app, alpha=240, edge=pal.gold)
        draw_text(surf, self.app, move_title(self.mistake, self.record), (box.x + 30, box.y + 12), FONT.small,
                  pal.gold, bold=True)
        for k, text in enumerate(lines):
            draw_text(surf, self.app, text, (box.x + 30, box.y + 48 + 28 * k), FONT.small, pal.text)


__all__ = ["ReviewScene", "ReviewReplayScene", "ReviewJob", "mistake_line", "move_title", "human_seats"]
