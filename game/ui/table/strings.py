"""The toolkit's own words. Each goes through t("table.<key>") so a translation
(or the app's data/locale/<lang>.yaml `table:` section) can replace it; when no
translation exists the English fallback here is used."""
from __future__ import annotations

from game.core.i18n import t

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
