"""The end of a game: who won, the scores, why it ended; rematch, menu, save replay."""
from __future__ import annotations

import pygame

from ...core.i18n import t
from ...core.match import SeatInfo
from ...core.rules import GAME, PLAYERS
from ..theme import FONT, SPACE
from ..widgets import Button, draw_panel, draw_text
from .base import Backdrop, BackdropScene, seat_marker
from .match_words import reason_text, side_text
from .savefiles import new_save_path, replays_dir


class ResultsScene(BackdropScene):
    name = "results"

    def __init__(self, app, spec, match, setup: dict | None = None):
        super().__init__(app)
        self.spec, self.match = spec, match
        self.setup = setup or {"seats": [s.to_json() for s in match.seats], "options": match.options}
        self.result = match.result()
        self.backdrop = Backdrop(app, glow_pos=(960, 300), glow_radius=820, embers=44)
        self.saved_path = None
        y = 980
        # no Enter hotkey: Enter on the finished table opens this screen, and a second
        # press (or one meant to dismiss something) must not start a new game unseen
        self.rematch_btn = self.ui.add(Button(app, (1516, y, 308, 60), t("results.rematch"), self.rematch,
                                              icon="dice", style="primary"))
        self.replay_btn = self.ui.add(Button(app, (1180, y, 308, 60), t("results.save_replay"), self.save_replay,
                                             icon="save"))
        self.ui.add(Button(app, (96, y, 280, 60), t("results.menu"), self.to_menu, icon="back"))
        from .review import human_seats
        self.review_btn = self.ui.add(Button(app, (404, y, 420, 60), t("review.button"), self.open_review,
                                             icon="ledger", tooltip=t("review.button_tip")))
        if not human_seats(match):
            self.review_btn.set_enabled(False, t("review.no_humans"))

    # -- who won ------------------------------------------------------------------------
    def winners(self) -> list[int]:
        return list(self.result.winners) if self.result else []

    def headline(self) -> tuple[str, str]:
        seats = self.match.seats
        humans = [i for i, s in enumerate(seats) if s.is_human]
        side = getattr(self.result, "side", None)
        if side == PLAYERS:                 # against the game: the players' side won together
            return t("results.victory"), "win"
        if side == GAME:
            return t("results.defeat"), "loss"
        wins = self.winners()
        if not wins:
            return t("results.nobody"), "neutral"
        names = [seats[i].name for i in wins]
        if len(humans) == 1:
            return (t("results.victory"), "win") if humans[0] in wins else (t("results.defeat"), "loss")
        if len(names) == 1:
            return t("results.wins", name=names[0]), "win"
        return t("results.win_many", names=", ".join(names[:-1]), last=names[-1]), "win"

    def enter(self):
        _, mood = self.headline()
        self.app.sound.music(None)
        self.app.sound.play("win" if mood == "win" else "loss")

    def on_back(self) -> bool:
        self.to_menu()
        return True

    # -- actions -----------------------------------------------------------------------------
    def rematch(self):
        import random
        seats = [SeatInfo.from_json(s) for s in self.setup["seats"]]
        try:
            self.app.start_game(self.spec, seats, dict(self.setup["options"]), random.randrange(1, 2**31))
        except Exception as exc:          # noqa: BLE001
            self.app.toast(str(exc), "error")

    def save_replay(self):
        if self.saved_path is not None:
            self.app.toast(t("results.already_saved", file=self.saved_path.name), "info")
            return
        path = new_save_path(replays_dir(), self.spec.id)
        try:
            self.match.save(path)
        except OSError as exc:
            self.app.toast(t("toast.save_failed", error=str(exc)), "error")
            return
        self.saved_path = path
        self.app.toast(t("results.replay_saved", file=path.name), "success")
        self.replay_btn.set_enabled(False, t("results.already_saved", file=path.name))

    def to_menu(self):
        self.app.to_menu()

    def open_review(self):
        """Review your game (scenes/review.py): each person's costliest decisions."""
        self.app.open_review(self.spec, self.match)

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surf):
        pal = self.app.pal
        self.backdrop.draw(surf)
        text, mood = self.headline()
        color = pal.gold if mood == "win" else pal.danger_hi if mood == "loss" else pal.text
        ic = self.app.assets.icon("trophy" if mood == "win" else "death" if mood == "loss" else "candle", 120, color)
        surf.blit(ic, ic.get_rect(midtop=(960, 60)))
        draw_text(surf, self.app, text, (960, 250), FONT.display - 40, color, display=True, anchor="center",
                  shadow=True)
        sub = self.spec.title_text() if hasattr(self.spec, "title_text") else self.spec.title
        why = reason_text(self.match, self.result)
        why = why[:1].upper() + why[1:]
        reason = "\n".join(x for x in (side_text(self.result), why) if x)
        draw_text(surf, self.app, sub, (960, 330), FONT.heading, pal.text_dim, display="plain", anchor="center")
        if reason:
            block = self.app.assets.text_block(reason, FONT.body, pal.text, 1100, align="center")
            surf.blit(block, block.get_rect(midtop=(960, 370)))
        self.draw_scores(surf)
        super().draw(surf)

    def draw_scores(self, surf):
        pal = self.app.pal
        seats = self.match.seats
        res = self.result
        scores = list(res.scores) if res and res.scores else [None] * len(seats)
        wins = set(self.winners())
        order = sorted(range(len(seats)), key=lambda i: (i not in wins,
                                                         -(scores[i] if isinstance(scores[i], (int, float)) else 0), i))
        row_h = 62
        panel = pygame.Rect(0, 0, 980, 96 + row_h * len(seats))
        panel.midtop = (960, 460)
        draw_panel(surf, panel, self.app, alpha=220)
        hx = panel.x + 40
        draw_text(surf, self.app, t("results.player"), (hx + 44, panel.y + 24), FONT.small, pal.text_faint)
        draw_text(surf, self.app, t("results.score"), (panel.right - 40, panel.y + 24), FONT.small, pal.text_faint,
                  anchor="topright")
        y = panel.y + 68
        from .hint_panel import hints_taken
        hints = hints_taken(self.match)
        for rank, i in enumerate(order):
            s = seats[i]
            r = pygame.Rect(panel.x + 20, y, panel.w - 40, row_h - 8)
            if i in wins:
                pygame.draw.rect(surf, pal.panel_hi, r, border_radius=8)
                pygame.draw.rect(surf, pal.gold_dim, r, 1, border_radius=8)
            seat_marker(surf, self.app, i, (hx + 14, r.centery), 11)
            draw_text(surf, self.app, s.name, (hx + 44, r.centery), FONT.body + 2,
                      pal.gold if i in wins else pal.text, bold=i in wins, anchor="midleft")
            kind = t("seat.human") if s.is_human else t("seat.remote") if s.kind == "remote" \
                else t("seat.ai_level", level=t("difficulty." + s.difficulty))
            if s.is_human:                        # how many Hints the seat took (scenes/hint_panel.py)
                kind += " · " + t("advice.taken", n=hints.get(i, 0))
            draw_text(surf, self.app, kind, (hx + 420, r.centery), FONT.small, pal.text_dim, anchor="midleft")
            if i in wins:
                tr = self.app.assets.icon("trophy", 34, pal.gold)
                surf.blit(tr, tr.get_rect(midright=(panel.right - 150, r.centery)))
                draw_text(surf, self.app, t("results.winner"), (panel.right - 196, r.centery), FONT.small,
                          pal.gold, anchor="midright")
            sc = scores[i] if i < len(scores) else None
            if sc is not None:
                draw_text(surf, self.app, str(sc), (panel.right - 40, r.centery), FONT.heading - 4, pal.text,
                          bold=True, anchor="midright")
            y += row_h


__all__ = ["ResultsScene", "SPACE"]
