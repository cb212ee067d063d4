"""The toolkit's own words. Each goes through t("table.<key>") so a translation
(or the app's data/locale/<lang>.yaml `table:` section) can replace it; when no
translation exists the English fallback here is used.

A game's table words live in its locale file under `table:` (data/<game>/locale/en.yaml);
`game_words(game_id)` gives the table one function for both: the game's
`<game>.table.<key>` first, then the toolkit's words."""
from __future__ import annotations

from typing import Callable

from game.core.i18n import has, t

FALLBACK = {
    "pass": "Pass",
    "confirm": "Confirm",
    "cancel": "Cancel",
    "ok": "OK",
    "undo": "Undo",
    "deck": "Deck",
    "discard": "Discard",
    "cards": "{n} cards",
    "card": "1 card",
    "log": "Chronicle",
    "waiting": "Waiting for {name}…",
    "waiting_many": "Waiting for {n} players…",
    "thinking": "{name} is thinking…",
    "your_turn": "Your turn",
    "drop_here": "Drop here",
    "seconds": "{s} s",
    "choose_number": "Choose a number",
    "hidden_hand": "Hand hidden — press H to show",
    "help_zoom": "Zoom the card under the pointer",
    "help_alt": "Zoom while held",
    "help_hide": "Hide / show your hand",
    "help_right": "Open the actions of a card or seat",
    "help_drag": "Drag a card or chip onto a highlighted place to play it",
    "help_undo": "Undo your last action (back to the last reveal)",
    "help_escape": "Cancel a selection or close a menu",
    "help_help": "List the shortcuts",
    "key_space": "Space",
    "key_alt": "Alt (held)",
    "key_h": "H",
    "key_right": "Right-click",
    "key_drag": "Drag",
    "key_undo": "Ctrl+Z",
    "key_esc": "Esc",
    "key_help": "?",
    "nothing_to_undo": "Nothing to undo",
    "success": "Success",
    "failure": "Failure",
}


def ts(key: str, **params) -> str:
    """Toolkit string: the translated `table.<key>` if any, else the fallback."""
    full = f"table.{key}"
    text = t(full, **params)
    if text == full:
        text = FALLBACK.get(key, key)
        if params:
            try:
                text = text.format(**params)
            except (KeyError, IndexError, ValueError):
                pass
    return text


def game_words(game_id: str) -> Callable[..., str]:
    """tx(key, **params): the game's `<game_id>.table.<key>`, else the toolkit's word."""
    prefix = f"{game_id}.table."

    def tx(key: str, **params) -> str:
        full = prefix + key
        return t(full, **params) if has(full) else ts(key, **params)
    return tx
