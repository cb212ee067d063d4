"""Are the languages complete? For every locale folder (data/locale and each
data/<game>/locale) and every language in it, compared with English:

- a key present in one language and not the other (file:line of the key that is there);
- a message whose plural/select block does not parse (it would show raw braces);
- a translation that uses a {parameter} the English text never gives (a typo: it would
  show as written);
- a placeholder the message format refuses or bounds (every language, English too): a
  field that is not a plain {name} ({0}, {name.attr}, {name[0]}), a width or precision
  over FORMAT_MAX_WIDTH (`{n:1000000000}` would allocate gigabytes), a conversion other
  than !r / !s, braces that do not pair;
- a message longer than MESSAGE_MAX_CHARS, or one that is not empty but draws nothing
  (only zero-width or control characters);
- a locale folder without en.yaml (English is what every other language falls back to).

`problems(root)` gives them as `game.core.data.Problem`s; `validate-data` prints them
with the rest (`report`). Nothing here imports pygame."""
from __future__ import annotations

import re
from pathlib import Path

import string
import unicodedata

from .data import Doc, Problem, Problems, data_root, load_yaml
from .paths import display_path
from .i18n import (_BLOCK as _BLOCK_BODY, FORMAT_MAX_WIDTH, MESSAGE_CONVERSIONS, MESSAGE_MAX_CHARS,
                   _branches, _matching, format_message)

BASE = "en"
_BLOCK = re.compile(r"\{\s*([A-Za-z_]\w*)\s*,\s*(plural|select)\s*,")
_PARAM = re.compile(r"(?<!\{)\{([A-Za-z_]\w*)\s*[}:!,]")


def _leaves(doc: Doc) -> dict[str, tuple[str, int]]:
    """dotted key -> (text, line) for every leaf of a locale document."""
    out: dict[str, tuple[str, int]] = {}

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + (k,))
        elif node is not None:
            out[".".join(str(p) for p in path)] = (str(node), doc.line_of(path))
    walk(doc.data, ())
    return out


def locale_folders(root: Path) -> list[Path]:
    folders = [root / "locale"] + sorted(p for p in root.glob("*/locale") if p.is_dir())
    return [f for f in folders if f.is_dir()]


def params_of(text: str) -> set[str]:
    """The parameter names a message reads ({name}, {name:.1f}, {name, plural, …})."""
    return set(_PARAM.findall(text))


def _broken_block(text: str, lang: str) -> bool:
    if not _BLOCK.search(text):
        return False

    class Anything(dict):
        def __getitem__(self, key):
            return 2

        def get(self, key, default=None):
            return 2

    out = format_message(text, Anything(), lang)
    return bool(_BLOCK.search(out)) or out == text


_WIDTHS = re.compile(r"(\d+)")


def _field_problems(field: str, out: list[str], depth: int = 0) -> None:
    """Problems of one `{...}` that is not a plural/select block (its text without braces)."""
    try:
        parsed = list(string.Formatter().parse("{" + field + "}"))
    except ValueError as exc:
        out.append(f"the placeholder {{{field[:40]}}} does not parse ({exc})")
        return
    for _lit, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier():
            out.append(f"{{{name[:40]}}}: a placeholder is a plain {{name}} (no position, attribute or index)")
        if conversion not in MESSAGE_CONVERSIONS:
            out.append(f"{{{name[:40]}!{conversion}}}: only !r and !s are allowed")
        if spec:
            if "{" in spec and depth < 2:
                for inner in re.findall(r"\{([^{}]*)\}", spec):
                    _field_problems(inner, out, depth + 1)
            plain = re.sub(r"\{[^{}]*\}", "", spec)
            if any(int(n[:9]) > FORMAT_MAX_WIDTH for n in _WIDTHS.findall(plain)):
                out.append(f"{{{name[:40]}:{spec[:20]}}}: a width or precision over {FORMAT_MAX_WIDTH}")


def placeholder_problems(text: str) -> list[str]:
    """What the message format would refuse or bound in `text`, as sentences: fields that
    are not plain names, widths or precisions over FORMAT_MAX_WIDTH, conversions other
    than !r / !s, braces that do not pair. Plural/select branches are checked inside."""
    out: list[str] = []
    i, n = 0, len(text)
    while i < n and len(out) < 5:
        c = text[i]
        if c in "{}" and text.startswith(c * 2, i):
            i += 2
            continue
        if c == "}":
            out.append("a '}' that closes nothing (write '}}' for a brace)")
            break
        if c != "{":
            i += 1
            continue
        close = _matching(text, i)
        if close < 0:
            out.append("a '{' that is never closed (write '{{' for a brace)")
            break
        inner = text[i + 1:close]
        block = _BLOCK_BODY.match(inner)
        branches = _branches(block.group(3)) if block else None
        if block and branches is not None:
            for body in branches.values():
                out += placeholder_problems(body.replace("#", ""))
        else:
            _field_problems(inner, out)
        i = close + 1
    return out[:5]


def _draws_nothing(text: str) -> bool:
    """Not empty, yet every character is zero-width, a control or a mark alone."""
    return bool(text) and not text.isspace() and all(
        unicodedata.category(ch) in ("Cf", "Cc", "Mn", "Me", "Zs", "Zl", "Zp") for ch in text)


def message_problems(text: str) -> list[str]:
    """Everything validate-data says about one message, whatever its language."""
    found = placeholder_problems(text)
    if len(text) > MESSAGE_MAX_CHARS:
        found.append(f"{len(text):,} characters (a message has at most {MESSAGE_MAX_CHARS:,})")
    elif _draws_nothing(text):
        found.append("draws nothing (only zero-width or control characters)")
    return found


def languages(root: Path) -> list[str]:
    """Every language the app has (data/locale/<code>.yaml): each game needs them all."""
    return sorted(p.stem for p in (root / "locale").glob("*.yaml"))


def problems(root: Path | None = None) -> list[Problem]:
    root = Path(root) if root else data_root()
    found = Problems()
    for folder in locale_folders(root):
        files = {p.stem: p for p in sorted(folder.glob("*.yaml"))}
        if BASE not in files:
            found.add(folder / f"{BASE}.yaml", (), "file is missing: every language falls back to English", line=1)
            continue
        app_langs = languages(root)
        for lang in app_langs:
            if lang not in files:
                found.add(folder / f"{lang}.yaml", (), f"file is missing: every key of {files[BASE].name} "
                                                       f"is missing in {lang}", line=1)
        for lang in files:
            if lang not in app_langs:
                found.add(root / "locale" / f"{lang}.yaml", (), f"file is missing: {display_path(files[lang])} "
                                                              f"is in a language the app does not have", line=1)
        docs = {lang: load_yaml(path, found) for lang, path in files.items()}
        if any(d is None for d in docs.values()):
            continue
        not_mappings = [lang for lang, d in docs.items() if not isinstance(d.data, dict) or not d.data]
        for lang in not_mappings:
            found.add(docs[lang], (), "a locale file maps keys to messages; this one "
                                      f"{'is empty' if not docs[lang].data else 'is not a mapping'}")
        if not_mappings:
            continue
        base = _leaves(docs[BASE])
        for lang, doc in docs.items():
            leaves = base if lang == BASE else _leaves(doc)
            for key, (text, line) in leaves.items():
                if _broken_block(text, lang):       # its braces are that problem: said once
                    found.add(files[lang], (), f"{key}: a plural/select block that does not parse", line=line)
                    continue
                for problem in message_problems(text):
                    found.add(files[lang], (), f"{key}: {problem}", line=line)
            if lang == BASE:
                continue
            for key, (_, line) in base.items():
                if key not in leaves:
                    found.add(files[BASE], (), f"{key}: missing in {files[lang].name}", line=line)
            for key, (text, line) in leaves.items():
                if key not in base:
                    found.add(files[lang], (), f"{key}: not in {files[BASE].name} (a stale or misspelt key)", line=line)
                    continue
                extra = params_of(text) - params_of(base[key][0])
                if extra:
                    names = ", ".join("{" + n + "}" for n in sorted(extra))
                    found.add(files[lang], (), f"{key}: uses {names}, which {files[BASE].name} never gives", line=line)
    return list(found.items)


def missing_counts(root: Path | None = None) -> dict[str, int]:
    """language -> how many English keys it lacks (all locale folders together)."""
    root = Path(root) if root else data_root()
    counts: dict[str, int] = {}
    quiet = Problems()
    for folder in locale_folders(root):
        files = {p.stem: p for p in sorted(folder.glob("*.yaml"))}
        base_doc = load_yaml(files[BASE], quiet) if BASE in files else None
        if base_doc is None:
            continue
        base = _leaves(base_doc)
        for lang in sorted(set(languages(root)) | set(files)):
            if lang == BASE:
                continue
            doc = load_yaml(files[lang], quiet) if lang in files else None
            have = _leaves(doc) if doc is not None else {}
            counts[lang] = counts.get(lang, 0) + sum(1 for k in base if k not in have)
    return counts


def report(root: Path | None = None, say=print) -> list[Problem]:
    """For validate-data: one summary line through `say`, and the problems found."""
    found = problems(root)
    counts = missing_counts(root)
    langs = ", ".join(f"{lang}: {n} keys missing" for lang, n in sorted(counts.items())) or "English only"
    say(f"locale: {'ok' if not found else str(len(found)) + ' problem(s)'} ({langs})")
    return found


__all__ = ["problems", "report", "missing_counts", "params_of", "locale_folders", "languages",
           "placeholder_problems", "message_problems"]
