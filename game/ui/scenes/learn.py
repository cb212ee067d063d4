"""Learn to play: one card per game; a click opens its guided first game (scenes/coach.py).

A game whose data has no tutorial.yaml shows its card greyed, with the reason."""
from __future__ import annotations

from ...core.i18n import t
from ...core.tutorial import has_tutorial
from .base import Backdrop, BackdropScene
from .new_game import GameCard, tr


def learnable_games() -> list:
    """(game id, spec or None, why it cannot be learned yet or None), in registry order."""
    from ... import registry
    out = []
    for gid in registry.game_ids():
        try:
            spec = registry.get(gid)
        except Exception as exc:      # noqa: BLE001 - a game that does not import is shown greyed
            out.append((gid, None, str(exc)[:200]))
            continue
        out.append((gid, spec, None if has_tutorial(gid) else t("learn.no_tutorial")))
    return out


class LearnScene(BackdropScene):
    name = "learn"

    def __init__(self, app):
        super().__init__(app)
        self.backdrop = Backdrop(app, glow_pos=(1500, 300), glow_radius=700, embers=16)
        self.cards: dict = {}
        self.build()

    def build(self):
        self.ui.clear()
        games = learnable_games()
        y, h, gap = 250, 128, 14
        self.cards = {}
        for gid, spec, why in games:
            title = spec.title_text() if spec else gid.replace("_", " ").title()
            pitch = tr(spec.pitch_text()) if spec else ""
            card = GameCard(self.app, (460, y, 1000, h), gid, title, pitch, self.start, error=why)
            if why is None:
                card.tooltip = t("learn.start_tip", game=title)
            self.cards[gid] = self.ui.add(card)
            y += h + gap
        self.back_button()

    def start(self, gid: str):
        from ... import registry
        self.app.start_tutorial(registry.get(gid))

    def draw(self, surf):
        self.backdrop.draw(surf)
        self.header(surf, t("learn.title"), t("learn.subtitle"))
        super().draw(surf)


__all__ = ["LearnScene", "learnable_games"]
