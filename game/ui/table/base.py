"""The contract between the app's table scene and each game's table.

The app builds a `TableContext` and hands it to the game's table class (named in the
game's GameSpec.table as "module:Class"). A game's table subclasses `GameTable`;
most tables build on `game.ui.table.kit.TableKit`, which implements this contract
with zones, drag-and-drop, an animation queue, banners, a log and zoom.

Everything a table draws comes from `ctx.match.view(viewer)` and from events that
`Event.visible_to(viewer)`; a table never reads `ctx.match.state`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class TableContext:
    """Built by the app's table scene (or by a test)."""
    match: Any                       # game.core.match.Match
    spec: Any                        # game.core.gamespec.GameSpec
    viewer: int | None               # seat whose view is drawn; None = spectator
    assets: Any                      # game.ui.assets.Assets
    sound: Any                       # game.ui.sound.Sound
    settings: Any                    # game.ui.settings.Settings (animation_speed 0..2, colorblind)
    submit: Callable[[int, tuple], Any]   # (seat, action): applies a human action
    size: tuple = (1920, 1080)       # logical surface size
    undo: Callable[[], Any] | None = None   # optional: the scene's undo (else match.undo(viewer))
    refuse: Callable[[Any], Any] | None = None   # optional: tell the player why (a str or a
                                     #   core.refusal.Refusal naming its rules section)
    reveal: bool = False             # a finished game's replay: a spectator sees the game's
                                     #   `reveal_view` (every hand face up) where it has one
    extra: dict = field(default_factory=dict)


class GameTable:
    """What the table scene calls. Coordinates are logical (ctx.size)."""

    def __init__(self, ctx: TableContext):
        self.ctx = ctx

    def set_viewer(self, seat: int | None) -> None:
        """Rebuild everything from ctx.match.view(seat) (hot-seat change, undo, load)."""
        self.ctx.viewer = seat

    def reload(self, seat: int | None) -> None:
        """The match went back (an undo, a replay's seek): forget what was shown and
        rebuild from the log."""
        self.set_viewer(seat)

    def on_events(self, events: list) -> None:
        """Events just applied by the match; animate those visible to the viewer."""

    def handle_event(self, e) -> bool:
        """A pygame event in logical coordinates; True if consumed."""
        return False

    def dismiss(self) -> bool:
        """Esc: close what the table has open over itself (a card, a panel); True if it
        closed something. Only when it closes nothing does Esc open the pause menu."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by dt seconds."""

    def draw(self, surface) -> None:
        """Draw the whole table onto a surface of ctx.size."""

    def busy(self) -> bool:
        """True while animations are still playing (the scene may hold AI moves)."""
        return False

    def help_lines(self) -> list[tuple[str, str]]:
        """(keys, what they do) for the `?` overlay."""
        return []
