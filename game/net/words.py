"""What the network tells a player, in their language (data/locale/<lang>.yaml, `net.*`).

The server sends codes and parameters, never sentences, so each player reads them in
the language of their own app. `say("refused", "not_your_turn")` is
`t("net.refused.not_your_turn")`; an unknown code (a newer server) still reads as a
sentence, the general one of its group.
"""
from __future__ import annotations

from ..core.i18n import has, t


def say(group: str, code: str, params: dict | None = None) -> str:
    params = {str(k): v for k, v in (params or {}).items()}
    key = f"net.{group}.{code}"
    if not has(key):
        key = f"net.{group}.other"
    try:
        return t(key, **params)
    except (KeyError, ValueError, IndexError):      # a parameter the text names is missing
        return t(key)
