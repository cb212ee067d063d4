"""Invite codes: the text a player copies to a friend to sit at one seat of a table.

    nocturne://192.168.1.20:47923/K7Q2M4XP9TRAWD3F
    nocturne://[2001:db8::7]:47923/K7Q2M4XP9TRAWD3F

The address and port of the host (or server), then the seat's token. The token alone
finds the table and the seat, so the code is all a friend needs; whoever holds it may
play that seat, so it is shared like a door key. Pasting is forgiving: surrounding
spaces and quotes, a missing `nocturne://`, lower case and dashes inside the token are
all accepted. Anything else is an `InviteError` whose message says, in the player's
language, what is wrong with the text.
"""
from __future__ import annotations

import ipaddress
import re
import secrets
from dataclasses import dataclass

from .protocol import DEFAULT_PORT, TOKEN_CHARS

SCHEME = "nocturne://"
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"     # no 0/O, 1/I: read aloud, typed by hand
_HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$")


class InviteError(ValueError):
    """An invite code that cannot be used; str() is the reason in the player's language."""


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    token: str

    def __str__(self) -> str:
        return format_invite(self.host, self.port, self.token)


def new_token() -> str:
    """A random seat token: TOKEN_CHARS letters and digits (80 bits)."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(TOKEN_CHARS))


def format_invite(host: str, port: int, token: str) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"{SCHEME}{shown}:{int(port)}/{token}"


def _say(key: str, **params) -> str:
    from ..core.i18n import t
    return t(f"net.invite.{key}", **params)


def parse_invite(text: str) -> Invite:
    """The invite in `text`, or InviteError saying what is wrong, in words."""
    if not isinstance(text, str) or not text.strip():
        raise InviteError(_say("empty"))
    code = text.strip().strip("\"'<>").strip()
    if len(code) > 400:
        raise InviteError(_say("too_long"))
    if code.lower().startswith(SCHEME):
        code = code[len(SCHEME):]
    elif "://" in code:
        raise InviteError(_say("scheme", scheme=code.split("://", 1)[0][:20]))
    where, slash, token = code.partition("/")
    if not slash or not token.strip("/"):
        raise InviteError(_say("no_token"))
    host, port = _split_address(where)
    token = token.strip("/").replace("-", "").replace(" ", "").upper()
    if len(token) != TOKEN_CHARS or any(c not in _ALPHABET for c in token):
        raise InviteError(_say("bad_token", chars=TOKEN_CHARS))
    return Invite(host, port, token)


def _split_address(where: str) -> tuple[str, int]:
    if where.startswith("["):                       # [IPv6]:port
        host, close, rest = where[1:].partition("]")
        if not close:
            raise InviteError(_say("bad_address", address=where[:60]))
        port_text = rest[1:] if rest.startswith(":") else ""
        if rest and not rest.startswith(":"):
            raise InviteError(_say("bad_address", address=where[:60]))
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise InviteError(_say("bad_address", address=where[:60])) from None
    else:
        host, _colon, port_text = where.partition(":")
        if not host or not _HOST.match(host):
            raise InviteError(_say("bad_address", address=where[:60]))
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise InviteError(_say("bad_port", port=port_text[:20]))
    return host, int(port_text)
