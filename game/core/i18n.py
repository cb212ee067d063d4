"""All words a person reads go through t(). Strings live in data/locale/<lang>.yaml
(the app) and data/<game>/locale/<lang>.yaml (each game, its keys under the game id);
a key missing in the chosen language falls back to English, and a key missing in
English shows the key itself, so nothing crashes over a missing translation.

Message format
--------------
A message is a Python format string (`"{player} discards {card}."`) that may also
hold ICU-style plural and select blocks, so that grammar lives in the message and
never in code that glues words together:

    "{n, plural, one {# karta} few {# karty} other {# karet}}"
    "{n, plural, =0 {no cards} one {# card} other {# cards}}"
    "{who, select, she {Ona vyhrála} other {Vyhrál}}"

- `plural` picks the branch for the language's CLDR plural category of the number:
  English has `one` and `other`; Czech has `one` (1), `few` (2-4), `many`
  (fractions: 1,5 karty) and `other` (0, 5+). `=N` matches one exact value first.
  A category the message does not give falls back to `other`. Inside a branch `#` is
  the number, formatted as the language writes it.
- `select` picks the branch named by the parameter's text (else `other`).
- Blocks nest. `{{` and `}}` are literal braces, as in str.format.

Numbers passed as parameters are written as the language writes them: `{n}` with
n=12345.5 gives "12,345.5" in English and "12 345,5" in Czech (a non-breaking space
groups thousands, a comma marks decimals); a format spec keeps working (`{x:.1f}`).
`format_number` and `format_date` do the same outside messages.

The language is a module-wide setting (`set_language`); `generation()` changes every
time it does, so screens can tell their labels are stale (`game.ui.app.App` asks).
`system_language()` is the language of the computer's locale (LC_ALL, LC_MESSAGES,
LANG, LANGUAGE, then locale.getlocale(), which also covers Windows), if Nocturne has it.
"""
from __future__ import annotations

import locale as _locale
import os
import re
import string
import time as _time
from pathlib import Path

from .data import Problems, data_root, load_yaml

_lang = "en"
_strings: dict[str, str] | None = None
_generation = 0

NBSP = "\u00a0"


def set_language(lang: str) -> None:
    global _lang, _strings, _generation
    if lang != _lang or _strings is None:
        _generation += 1
    _lang, _strings = lang, None


def language() -> str:
    return _lang


def generation() -> int:
    """A number that changes whenever the language does (screens rebuild their labels)."""
    return _generation


def available_languages(root: Path | None = None) -> list[str]:
    """Codes of every data/locale/<code>.yaml, English first."""
    root = root or data_root()
    codes = sorted(p.stem for p in (root / "locale").glob("*.yaml"))
    return sorted(codes, key=lambda c: (c != "en", c)) or ["en"]


def system_language(environ=None, available=None) -> str:
    """The computer's language if Nocturne has it, else English. Looks at LC_ALL,
    LC_MESSAGES, LANG and LANGUAGE (e.g. "cs_CZ.UTF-8"), then at locale.getlocale()
    (on Windows e.g. "Czech_Czechia")."""
    env = os.environ if environ is None else environ
    have = set(available if available is not None else available_languages())
    candidates = []
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(var):
            candidates.append(env[var])
            break
    candidates += [c for c in env.get("LANGUAGE", "").split(":") if c]
    if environ is None:
        try:
            loc = _locale.getlocale()[0]
        except (ValueError, TypeError):
            loc = None
        if loc:
            candidates.append(loc)
    for c in candidates:
        code = _code_of(c)
        if code in have:
            return code
        if code and code not in ("c", "posix"):
            break           # the person's first choice is a language we do not have
    return "en"


_WINDOWS_NAMES = {"czech": "cs", "english": "en", "slovak": "sk", "german": "de", "polish": "pl",
                  "french": "fr", "spanish": "es", "italian": "it"}


def _code_of(name: str) -> str:
    s = name.strip().lower()
    head = re.split(r"[_.@\-]", s, maxsplit=1)[0]
    return _WINDOWS_NAMES.get(head, head)


# -- plural rules (CLDR, cardinal) ------------------------------------------------------------

def _operands(n) -> tuple[int, int]:
    """(i, v): the integer part and the number of visible fraction digits."""
    if isinstance(n, int):
        return abs(n), 0
    text = repr(float(n)) if not isinstance(n, str) else n
    if "e" in text.lower():
        text = f"{float(n):f}".rstrip("0")
    if "." in text:
        whole, frac = text.lstrip("-").split(".", 1)
        frac = frac.rstrip("0") if not isinstance(n, str) else frac
        return int(whole or 0), len(frac)
    return abs(int(text)), 0


def _rule_one_other(i, v):
    return "one" if i == 1 and v == 0 else "other"


def _rule_cs(i, v):                   # Czech and Slovak
    if v:
        return "many"
    if i == 1:
        return "one"
    if 2 <= i <= 4:
        return "few"
    return "other"


def _rule_pl(i, v):
    if v:
        return "other"
    if i == 1:
        return "one"
    if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
        return "few"
    return "many"


def _rule_fr(i, v):
    return "one" if i in (0, 1) else "other"


PLURAL_RULES = {"en": _rule_one_other, "de": _rule_one_other, "es": _rule_one_other,
                "it": _rule_one_other, "cs": _rule_cs, "sk": _rule_cs, "pl": _rule_pl, "fr": _rule_fr}


def plural_category(n, lang: str | None = None) -> str:
    """The CLDR plural category of `n` in `lang`: one, few, many or other."""
    i, v = _operands(n)
    return PLURAL_RULES.get(lang or _lang, _rule_one_other)(i, v)


# -- numbers and dates -----------------------------------------------------------------------

_NUMBER_STYLE = {"en": (",", "."), "cs": (NBSP, ","), "sk": (NBSP, ","), "de": (".", ","),
                 "pl": (NBSP, ","), "fr": (NBSP, ",")}


def format_number(value, spec: str = "", lang: str | None = None) -> str:
    """`value` as the language writes it: 12345.5 -> "12,345.5" (en), "12 345,5" (cs,
    with a non-breaking space). `spec` is a format spec such as ".1f"."""
    group, point = _NUMBER_STYLE.get(lang or _lang, (",", "."))
    spec = bounded_spec(spec.replace(",", "").replace("_", ""))
    if spec and spec[-1] not in "fdg":
        return format(value, spec)
    if spec:
        text = format(value, spec)
    elif isinstance(value, float) and value.is_integer():
        text = str(int(value))
    else:
        text = str(value)
    sign = "-" if text.startswith("-") else ""
    body = text.lstrip("-+")
    if not re.fullmatch(r"\d+(\.\d+)?", body):
        return text
    whole, _, frac = body.partition(".")
    if len(whole) > 4:          # 1234 stays whole, 12 345 is grouped (as Czech typesetting does)
        parts = []
        while len(whole) > 3:
            parts.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = group.join([whole] + parts)
    return sign + whole + (point + frac if frac else "")


_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def format_date(stamp: float | None = None, lang: str | None = None, with_time: bool = True) -> str:
    """A local date (and time) as the language writes it: "1 Dec 2026, 17:05" (en),
    "1. 12. 2026 17:05" (cs)."""
    tm = _time.localtime(stamp)
    lang = lang or _lang
    clock = f"{tm.tm_hour}:{tm.tm_min:02d}" if lang in ("cs", "sk", "de", "pl") else f"{tm.tm_hour:02d}:{tm.tm_min:02d}"
    if lang in ("cs", "sk"):
        day = f"{tm.tm_mday}.{NBSP}{tm.tm_mon}.{NBSP}{tm.tm_year}"
        return f"{day} {clock}" if with_time else day
    if lang in ("de", "pl"):
        day = f"{tm.tm_mday:02d}.{tm.tm_mon:02d}.{tm.tm_year}"
        return f"{day} {clock}" if with_time else day
    day = f"{tm.tm_mday} {_MONTHS_EN[tm.tm_mon - 1]} {tm.tm_year}"
    return f"{day}, {clock}" if with_time else day


# -- the message format ----------------------------------------------------------------------

_BLOCK = re.compile(r"\s*([A-Za-z_]\w*)\s*,\s*(plural|select)\s*,(.*)\Z", re.S)


def _matching(text: str, start: int) -> int:
    """Index of the '}' closing the '{' at `start` (-1 if none)."""
    depth = 0
    for i in range(start, len(text)):
        c = text[i]
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _branches(body: str) -> dict[str, str] | None:
    out: dict[str, str] = {}
    i = 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        m = re.match(r"(=?[\w\-]+)\s*\{", body[i:])
        if not m:
            return None
        open_at = i + m.end() - 1
        close = _matching(body, open_at)
        if close < 0:
            return None
        out[m.group(1)] = body[open_at + 1:close]
        i = close + 1
    return out


def _choose(name: str, kind: str, branches: dict[str, str], params: dict, lang: str) -> str:
    value = params.get(name)
    if kind == "select":
        return branches.get(str(value), branches.get("other", ""))
    try:
        number = float(value) if not isinstance(value, int) else value
    except (TypeError, ValueError):
        return branches.get("other", "")
    exact = f"={value}" if isinstance(value, int) else f"={int(number)}" if float(number).is_integer() else None
    if exact in branches:
        chosen = branches[exact]
    else:
        chosen = branches.get(plural_category(value, lang), branches.get("other", ""))
    return chosen


def _resolve(text: str, params: dict, lang: str) -> str:
    """Replace every plural/select block by its chosen branch ('#' -> '{name}')."""
    if "," not in text or "{" not in text:
        return text
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "{" and text.startswith("{{", i):
            out.append("{{")
            i += 2
            continue
        if c == "{":
            close = _matching(text, i)
            if close < 0:
                out.append(text[i:])
                break
            inner = text[i + 1:close]
            m = _BLOCK.match(inner)
            branches = _branches(m.group(3)) if m else None
            if m and branches is not None:
                name, kind = m.group(1), m.group(2)
                chosen = _resolve(_choose(name, kind, branches, params, lang), params, lang)
                if kind == "plural":
                    chosen = re.sub(r"(?<!\{)#", "{" + name + "}", chosen)
                out.append(chosen)
            else:
                out.append(text[i:close + 1])
            i = close + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def resolve_blocks(text: str, params: dict, lang: str | None = None) -> str:
    """`text` with its plural/select blocks replaced by the chosen branches ('#' becomes
    '{name}'), the {fields} left for the caller: for code that lays a message out piece by
    piece (the chronicle's coloured names) with string.Formatter().parse."""
    try:
        return _resolve(text, params, lang or _lang)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return text


FORMAT_MAX_WIDTH = 64          # a {field:WIDTH.PRECISION} in a message pads or rounds this far at most
MESSAGE_MAX_CHARS = 20_000     # a filled-in message is cut here (the longest shipped one is ~1,500)
_SPEC_NUMBER = re.compile(r"\d+")
MESSAGE_CONVERSIONS = (None, "r", "s")    # {key!r} quotes an option name; !a and others are refused


def bounded_spec(spec: str) -> str:
    """A format spec with its width and precision at most FORMAT_MAX_WIDTH: a locale's
    `{0:1000000000}` would allocate gigabytes (validate-data reports it; this is the
    guard for a file edited after that)."""
    if len(spec) > 24:
        return ""
    return _SPEC_NUMBER.sub(lambda m: str(min(int(m.group()[:6]), FORMAT_MAX_WIDTH)), spec)


class _Formatter(string.Formatter):
    """str.format with numbers written the language's way, widths bounded, and only plain
    {name} fields: no {0}, {name.attribute} or {name[index]} (a message is data, and must
    not reach into the objects it is given), no conversion but !r and !s."""

    def __init__(self, lang: str):
        super().__init__()
        self.lang = lang

    def get_field(self, field_name, args, kwargs):
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return super().get_field(field_name, args, kwargs)

    def convert_field(self, value, conversion):
        if conversion not in MESSAGE_CONVERSIONS:
            raise ValueError(f"conversion !{conversion} is not allowed in a message")
        return super().convert_field(value, conversion)

    def format_field(self, value, format_spec):
        format_spec = bounded_spec(format_spec) if format_spec else format_spec
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return format_number(value, format_spec, self.lang)
        return super().format_field(value, format_spec)


def format_message(text: str, params: dict, lang: str | None = None) -> str:
    """`text` with plural/select blocks chosen and {params} filled in. A message that
    does not fit its parameters is returned as written (never an exception)."""
    lang = lang or _lang
    text = text if len(text) <= MESSAGE_MAX_CHARS else text[:MESSAGE_MAX_CHARS - 1] + "…"
    try:
        resolved = _resolve(text, params, lang)
        out = _Formatter(lang).vformat(resolved, (), params)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError, OverflowError, MemoryError):
        return text
    return out if len(out) <= MESSAGE_MAX_CHARS else out[:MESSAGE_MAX_CHARS - 1] + "…"


# -- loading ---------------------------------------------------------------------------------

def _flatten(prefix: str, value, out: dict) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    elif value is not None:
        out[prefix] = str(value)


def locale_files(lang: str, root: Path | None = None) -> list[Path]:
    """data/locale/<lang>.yaml, then every data/<game>/locale/<lang>.yaml (existing ones)."""
    root = root or data_root()
    files = [root / "locale" / f"{lang}.yaml"]
    files += sorted(root.glob(f"*/locale/{lang}.yaml"))
    return [f for f in files if f.exists()]


def load_strings(lang: str, root: Path | None = None) -> dict[str, str]:
    root = root or data_root()
    out: dict[str, str] = {}
    problems = Problems()
    for file in locale_files(lang, root):
        doc = load_yaml(file, problems)
        if doc is not None and isinstance(doc.data, dict):
            # game folders name their keys under the game id: data/schemers/locale -> schemers.*
            prefix = "" if file.parent.parent == root else file.parent.parent.name
            _flatten(prefix, doc.data, out)
    problems.raise_if_any()
    return out


def _loaded() -> dict[str, str]:
    global _strings
    if _strings is None:
        strings = load_strings(_lang)
        if _lang != "en":
            strings = {**load_strings("en"), **strings}
        _strings = strings
    return _strings


def t(key: str, **params) -> str:
    text = _loaded().get(key, key)
    return format_message(text, params) if params else text


def has(key: str) -> bool:
    return key in _loaded()


__all__ = ["t", "has", "set_language", "language", "generation", "system_language", "available_languages",
           "plural_category", "format_number", "format_date", "format_message", "resolve_blocks", "load_strings",
           "locale_files", "PLURAL_RULES", "NBSP"]
