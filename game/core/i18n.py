"""All words a person reads go through t(). Strings live in data/locale/<lang>.yaml
(the app) and data/<game>/locale/<lang>.yaml (each game); a missing key shows the key
itself, so nothing crashes over a missing translation."""
from __future__ import annotations

from pathlib import Path

from .data import Problems, data_root, load_yaml

_lang = "en"
_strings: dict[str, str] | None = None


def set_language(lang: str) -> None:
    global _lang, _strings
    _lang, _strings = lang, None


def language() -> str:
    return _lang


def _flatten(prefix: str, value, out: dict) -> None:
    if isinstance(value, dict):
        for k, v in value.items():
            _flatten(f"{prefix}.{k}" if prefix else str(k), v, out)
    elif value is not None:
        out[prefix] = str(value)


def load_strings(lang: str, root: Path | None = None) -> dict[str, str]:
    root = root or data_root()
    files = [root / "locale" / f"{lang}.yaml"]
    files += sorted(root.glob(f"*/locale/{lang}.yaml"))
    out: dict[str, str] = {}
    problems = Problems()
    for file in files:
        if not file.exists():
            continue
        doc = load_yaml(file, problems)
        if doc is not None and isinstance(doc.data, dict):
            # game folders name their keys under the game id: data/schemers/locale -> schemers.*
            prefix = "" if file.parent.parent == root else file.parent.parent.name
            _flatten(prefix, doc.data, out)
    problems.raise_if_any()
    return out


def t(key: str, **params) -> str:
    global _strings
    if _strings is None:
        _strings = load_strings(_lang)
        if _lang != "en":
            _strings = {**load_strings("en"), **_strings}
    text = _strings.get(key, key)
    if params:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    return text


def has(key: str) -> bool:
    t("")  # make sure strings are loaded
    return key in (_strings or {})
