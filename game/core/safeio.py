"""One way in for every file the app reads (saves, autosaves, replays, settings, YAML).

A file on disk is hostile until proven otherwise: it may be a FIFO that never ends,
a symlink to /dev/zero, 100 MB of brackets, a number with 5,000 digits, a string of
20 MB. Everything here is bounded before any work starts:

- `read_capped` opens without blocking, accepts a regular file only and reads at
  most its cap (named in the message);
- `load_json` refuses nesting deeper than `MAX_DEPTH`, integers longer than
  `MAX_INT_DIGITS` digits, NaN/Infinity and anything that is not text;
- `quote` shows at most ~80 characters of a value in a message, on one line;
- `printable` / `shown_path` make a name drawable and safe on a terminal (a byte that
  was not UTF-8 as \\xNN, a raw escape as \\x1b), so every message that names a file can
  be shown whatever the file system holds.

Every refusal is an `UnsafeFile` whose message is one line naming the file. YAML has
its own bounded path in `game/core/data.py` (which uses `read_capped` and `quote`).
"""
from __future__ import annotations

import json
import os
import stat
from pathlib import Path

KB = 1024
MB = 1024 * KB
SAVE_MAX_BYTES = 5 * MB          # saves, autosaves, replays
SETTINGS_MAX_BYTES = 5 * MB
YAML_MAX_BYTES = 2 * MB
MAX_DEPTH = 32                   # JSON and YAML nesting (a real save nests 4 deep)
YAML_MAX_DEPTH = 64
MAX_INT_DIGITS = 24              # a seed fits in 20; 5,000 digits is an attack
QUOTE_CHARS = 80


class UnsafeFile(Exception):
    """A file refused before or while parsing; the message is one line naming it."""


def quote(value, limit: int = QUOTE_CHARS) -> str:
    """repr() of a value cut to about `limit` characters, on one line. Never builds
    the repr of a huge container: long strings and containers are cut first."""
    if isinstance(value, str):
        text = repr(value[:limit + 1])
    elif isinstance(value, (list, tuple, dict, set)):
        text = _container_preview(value, limit)
    else:
        try:
            text = repr(value)
        except Exception:            # noqa: BLE001 - a repr that fails is still shown
            text = f"<{type(value).__name__}>"
    text = text.replace("\n", "\\n").replace("\r", "\\r")
    if len(text) > limit:
        text = text[:limit - 1] + "…"
    return text


def _container_preview(value, limit: int, depth: int = 0) -> str:
    """A short repr-like preview: a few items of each container, three levels at most,
    so a huge or deeply nested value costs no more than a small one."""
    if depth > 2:
        return "…"
    if isinstance(value, dict):
        parts, n = [], len(value)
        for k, v in list(value.items())[:4]:
            parts.append(f"{_item(k, depth)}: {_item(v, depth)}")
        return "{" + ", ".join(parts) + (", …" if n > 4 else "") + "}"
    if isinstance(value, set):
        return f"<set of {len(value)}>"
    items = list(value[:6]) if isinstance(value, (list, tuple)) else []
    text = "[" + ", ".join(_item(v, depth) for v in items) + (", …" if len(value) > 6 else "") + "]"
    return text if len(text) <= limit * 2 else text[:limit * 2]


def _item(v, depth: int) -> str:
    if isinstance(v, (list, tuple, dict, set)):
        return _container_preview(v, 40, depth + 1)
    return quote(v, 24)


def one_line(text: str, limit: int = 300) -> str:
    """A message as one line of at most `limit` characters, safe to draw and to print on
    a terminal (a raw escape or a byte that was not UTF-8 in a name shows escaped)."""
    text = printable(" ".join(str(text)[:limit * 4 + 64].split()))    # cut first: a huge text costs nothing
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _size(n: int) -> str:
    return f"{n / MB:.0f} MB" if n >= MB else f"{n / KB:.0f} KB"


def printable(text) -> str:
    """Text made safe to draw on screen and print on a terminal: a byte that was not
    UTF-8 (a lone surrogate, as Python decodes such file names) shows as \\xNN, a control
    character (a raw terminal escape, a newline) as its escape; the rest is unchanged."""
    text = str(text)
    if text.isprintable():
        return text
    out = []
    for ch in text:
        o = ord(ch)
        if 0xDC80 <= o <= 0xDCFF:                # a byte of a name that was not UTF-8
            out.append(f"\\x{o - 0xDC00:02x}")
        elif 0xD800 <= o <= 0xDFFF:
            out.append(f"\\u{o:04x}")
        elif o < 32 or o == 127 or 0x80 <= o < 0xA0:
            out.append(repr(ch)[1:-1] if ch in "\t\n\r" else f"\\x{o:02x}")
        else:
            out.append(ch)
    return "".join(out)


def shown_path(path) -> str:
    """A path as messages show it: drawable and printable (see `printable`)."""
    return printable(os.fspath(path) if not isinstance(path, str) else path)


def _open_regular(path, limit: int, what: str):
    """(fd, size) of a regular file of at most `limit` bytes, opened without blocking
    (a FIFO or device never hangs the caller) and checked once opened (no race with a
    swap); UnsafeFile otherwise."""
    name = shown_path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UnsafeFile(f"{name}: no such file") from None
    except IsADirectoryError:
        raise UnsafeFile(f"{name}: is a folder, not a {what}") from None
    except OSError as exc:
        raise UnsafeFile(f"{name}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise UnsafeFile(f"{name}: is a folder, not a {what}")
        if not stat.S_ISREG(st.st_mode):
            raise UnsafeFile(f"{name}: not a regular file (a device, pipe or socket), refused")
        if st.st_size > limit:
            raise UnsafeFile(f"{name}: too large for a {what} ({_size(st.st_size)}; the limit is {_size(limit)})")
        if hasattr(os, "set_blocking"):
            try:
                os.set_blocking(fd, True)
            except OSError:
                pass
    except BaseException:
        os.close(fd)
        raise
    return fd, st.st_size


def read_head(path, limit: int, head: int, what: str = "file") -> tuple[bytes, int]:
    """(the first `head` bytes, the size) of a regular file of at most `limit` bytes:
    for a list that shows a file's header without reading all of it."""
    fd, size = _open_regular(path, limit, what)
    try:
        return os.read(fd, head), size
    except OSError as exc:
        raise UnsafeFile(f"{shown_path(path)}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    finally:
        os.close(fd)


def read_capped(path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes. Opens without blocking (a
    FIFO or device never hangs the caller), checks the opened file (no race with a
    swap), and never reads more than limit + 1 bytes."""
    name = shown_path(path)
    fd, _size = _open_regular(path, limit, what)
    try:
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 * MB, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise UnsafeFile(f"{name}: too large for a {what} (over {_size(limit)}; the limit is {_size(limit)})")
        return b"".join(chunks)
    except OSError as exc:
        raise UnsafeFile(f"{name}: cannot be read ({exc.strerror or type(exc).__name__})") from None
    finally:
        os.close(fd)


class _Refused(ValueError):
    pass


def _parse_int(text: str) -> int:
    digits = len(text) - (text[0] in "+-")
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"a number of {digits} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 64:
        raise _Refused(f"a number of {len(text)} characters")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise _Refused(f"the number {quote(text)} is out of range")
    return value


def _parse_constant(text: str):
    raise _Refused(f"{text} is not a number a file may hold")


def load_json(raw: bytes, name: str, what: str = "file"):
    """Parse JSON bytes with every bound above. Raises UnsafeFile (one line) or
    json.JSONDecodeError (for the caller's own wording of damaged files)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UnsafeFile(f"{name}: not a {what} (not UTF-8 text)") from None
    if "\x00" in text:
        raise UnsafeFile(f"{name}: not a {what} (holds a NUL byte)")
    try:
        data = json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except RecursionError:
        raise UnsafeFile(f"{name}: nested too deeply (at most {MAX_DEPTH} levels)") from None
    except _Refused as exc:
        raise UnsafeFile(f"{name}: refused: {exc}") from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:        # e.g. Python's own integer-string limit
        raise UnsafeFile(f"{name}: refused: {one_line(exc, 120)}") from None
    depth = nesting_depth(data, MAX_DEPTH)
    if depth > MAX_DEPTH:
        raise UnsafeFile(f"{name}: nested too deeply (at most {MAX_DEPTH} levels)")
    return data


def nesting_depth(value, cap: int) -> int:
    """How deep lists and dicts nest (0 for a plain value), counted without recursion
    and giving up just past `cap`."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, tuple)):
            d += 1
            children = v
        elif isinstance(v, dict):
            d += 1
            children = v.values()
        else:
            continue
        if d > deepest:
            deepest = d
            if deepest > cap:
                return deepest
        stack.extend((c, d) for c in children if isinstance(c, (list, tuple, dict)))
    return deepest


def read_json(path, limit: int, what: str = "file"):
    """`read_capped` then `load_json`: the whole bounded path for a JSON file."""
    return load_json(read_capped(path, limit, what), shown_path(path), what)


def clean_text(value, limit: int) -> str:
    """A name or label a person typed or a file claims: a string with no NUL or other
    control characters, no lone surrogates, at most `limit` characters. Right-to-left
    text is kept (it is text) but bidi controls that could reorder a line are dropped."""
    text = value if isinstance(value, str) else str(value)
    text = text[:limit * 4]
    out = []
    for ch in text:
        o = ord(ch)
        if o < 32 or o == 127 or 0xD800 <= o <= 0xDFFF or 0x202A <= o <= 0x202E or 0x2066 <= o <= 0x2069:
            continue
        out.append(ch)
        if len(out) >= limit:
            break
    return "".join(out).strip()


__all__ = ["UnsafeFile", "read_capped", "read_head", "printable", "shown_path", "load_json", "read_json", "quote",
           "one_line", "clean_text",
           "nesting_depth", "SAVE_MAX_BYTES", "SETTINGS_MAX_BYTES", "YAML_MAX_BYTES", "MAX_DEPTH",
           "YAML_MAX_DEPTH", "MAX_INT_DIGITS"]
