"""YAML data: safe loading that remembers line numbers, and validation whose errors
name ``file:line: path: what`` — all problems of a folder at once, not just the first.

Typical use in a game's data module::

    problems = Problems()
    doc = load_yaml(folder / "cards.yaml", problems)       # None if unreadable
    cards = validate(CardsModel, doc, problems)             # pydantic model, or None
    problems.check(cards is not None and len(cards.street) == 41,
                   doc, ("street",), "expected 41 Street cards, got ...")
    problems.raise_if_any()
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import BaseModel, ConfigDict

from .paths import display_path
from .safeio import MAX_INT_DIGITS, YAML_MAX_BYTES, YAML_MAX_DEPTH, UnsafeFile, one_line, quote, read_capped

Path_ = tuple  # a path into a document: ("cards", 12, "perception")


class StrictModel(BaseModel):
    """The base of every data record: a key the model does not know is an error (a
    misspelt key in a YAML file is reported at its line, never silently ignored)."""
    model_config = ConfigDict(extra="forbid")


def format_path(path: Iterable) -> str:
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top)"


@dataclass
class Doc:
    """A loaded YAML file: its data, and the line of every path inside it."""
    file: Path
    data: Any
    lines: dict = field(default_factory=dict)

    def line_of(self, path: Iterable) -> int:
        path = tuple(path)
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, 1)


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    path: str
    message: str

    def __str__(self) -> str:
        return one_line(f"{self.file}:{self.line}: {self.path}: {self.message}", 400)


class DataError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Problems:
    """Collects every problem found while loading, then raises them together."""

    MAX_PER_FILE = 40          # a file with 100,000 bad values is reported in a screenful

    def __init__(self):
        self.items: list[Problem] = []
        self.counts: dict[str, int] = {}      # shown file name -> problems met in it
        self._names: dict = {}                # file -> shown name (resolved once)

    def add(self, doc_or_file, path: Iterable, message: str, line: int | None = None):
        path = tuple(path)
        file = doc_or_file.file if isinstance(doc_or_file, Doc) else Path(doc_or_file)
        shown = self._names.get(file)
        if shown is None:
            shown = self._names[file] = display_path(file)
        n = self.counts[shown] = self.counts.get(shown, 0) + 1
        if n > self.MAX_PER_FILE:
            return
        if isinstance(doc_or_file, Doc):
            line = line if line is not None else doc_or_file.line_of(path)
        self.items.append(Problem(shown, line or 1, format_path(path), message))

    def check(self, ok: bool, doc, path: Iterable, message: str) -> bool:
        if not ok:
            self.add(doc, path, message)
        return ok

    def __bool__(self):
        return bool(self.items)

    def raise_if_any(self):
        if self.items:
            more = [Problem(f, 1, "(file)", f"… and {n - self.MAX_PER_FILE} more problems in this file")
                    for f, n in self.counts.items() if n > self.MAX_PER_FILE]
            raise DataError(list(self.items) + more)


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present: same rules, faster
MAX_NODES = 200_000          # values in one file, aliases counted as often as they are used
_INT_TAG = "tag:yaml.org,2002:int"


class _Refused(Exception):
    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.line = line


_recorders: list[set] = []


class recording_reads:
    """`with recording_reads() as read:` — `read` collects every data file loaded inside
    (load_yaml, load_text): validate-data shows that no file under data/ goes unread."""

    def __enter__(self) -> set:
        self.files: set = set()
        _recorders.append(self.files)
        return self.files

    def __exit__(self, *exc) -> None:
        _recorders.remove(self.files)


def _record(file: Path) -> None:
    for files in _recorders:
        try:
            files.add(Path(file).resolve())
        except (OSError, RuntimeError):
            files.add(Path(file))


TEXT_PAGE_MAX_BYTES = 256 * 1024     # a rules page (the longest shipped one is ~3.5 KB)


def _read_plain_text(file: Path, problems: Problems, max_bytes: int, what: str, kind: str) -> str | None:
    """A regular file of at most `max_bytes`, UTF-8 without NUL (`what` names it in a size
    refusal, `kind` in the NUL one); anything else is one Problem with file:line, and None."""
    _record(file)
    try:
        raw = read_capped(file, max_bytes, what)
    except UnsafeFile as exc:
        text = str(exc)
        why = text[len(str(file)) + 2:] if text.startswith(str(file) + ": ") else text
        problems.add(file, (), "file is missing" if why == "no such file" else why)
        return None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        problems.add(file, (), "not UTF-8 text", line=raw.count(b"\n", 0, exc.start) + 1)
        return None
    nul = text.find("\x00")
    if nul >= 0:
        problems.add(file, (), f"holds a NUL byte; a {kind} is plain text", line=text.count("\n", 0, nul) + 1)
        return None
    return text


def load_text(file: Path, problems: Problems, what: str = "text page",
              max_bytes: int = TEXT_PAGE_MAX_BYTES) -> str | None:
    """A text file of data (a rules page, data/<game>/rules.<lang>.md) as a model reads it:
    a regular file of at most `max_bytes`, UTF-8 without NUL, not empty. Anything else is
    one Problem with file:line; returns None then."""
    text = _read_plain_text(Path(file), problems, max_bytes, what, what)
    if text is None:
        return None
    if not text.strip():
        problems.add(file, (), f"is empty; a {what} has text")
        return None
    return text


def load_yaml(file: Path, problems: Problems) -> Doc | None:
    """Load one YAML file with yaml's safe constructors only, recording line numbers.
    Bounded before any work: a regular file of at most 2 MB (safeio.read_capped), UTF-8
    without NUL, nesting at most YAML_MAX_DEPTH, at most MAX_NODES values with every
    alias counted as often as it is used (an alias bomb stops at the cap, a recursive
    alias is refused), integers of at most MAX_INT_DIGITS digits. Anything unreadable
    becomes one Problem with file:line; returns None then."""
    file = Path(file)
    text = _read_plain_text(file, problems, YAML_MAX_BYTES, "YAML data file", "data file")
    if text is None:
        return None
    loader = None
    try:
        _precheck(text)
        loader = _Loader(text)
        node = loader.get_single_node()
        doc = Doc(file, None)
        budget = [MAX_NODES]
        doc.data = _build(loader, node, (), doc, problems, budget, set()) if node is not None else None
        return doc
    except _Refused as exc:
        problems.add(file, (), str(exc), line=exc.line)
        return None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problems.add(file, (), f"YAML syntax: {one_line(exc.problem or exc, 160)}",
                     line=mark.line + 1 if mark else 1)
        return None
    except yaml.reader.ReaderError as exc:
        problems.add(file, (), f"YAML: {one_line(exc.reason, 80)} (character {exc.character!r})",
                     line=text.count("\n", 0, max(0, exc.position)) + 1)
        return None
    except yaml.YAMLError as exc:
        problems.add(file, (), f"YAML error: {one_line(exc, 160)}")
        return None
    except RecursionError:
        problems.add(file, (), f"nested too deeply (at most {YAML_MAX_DEPTH} levels)")
        return None
    finally:
        if loader is not None:
            loader.dispose()


def _precheck(text: str) -> None:
    """One pass over the parser's events (no nodes built): refuse deep nesting and too
    many values before the recursive composer ever sees them."""
    depth = nodes = 0
    start = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    end = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    counted = (yaml.ScalarEvent, yaml.AliasEvent) + start
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, start):
            depth += 1
            if depth > YAML_MAX_DEPTH:
                raise _Refused(f"nested too deeply (more than {YAML_MAX_DEPTH} levels)", event.start_mark.line + 1)
        elif isinstance(event, end):
            depth -= 1
        if isinstance(event, counted):
            nodes += 1
            if nodes > MAX_NODES:
                raise _Refused(f"too many values (more than {MAX_NODES:,})", event.start_mark.line + 1)


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _build(loader, node, path, doc: Doc, problems: Problems, budget: list, open_nodes: set):
    """Plain data from a node. `budget` counts values built (an alias is built each
    time it is used); `open_nodes` are the collections being built above this one, so
    a recursive alias is seen instead of recursing forever."""
    line = node.start_mark.line + 1
    budget[0] -= 1
    if budget[0] < 0:
        raise _Refused(f"aliases expand to too many values (more than {MAX_NODES:,})", line)
    doc.lines.setdefault(path, line)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        if id(node) in open_nodes:
            raise _Refused("a recursive alias (a value that contains itself)", line)
        if len(path) > YAML_MAX_DEPTH:
            raise _Refused(f"nested too deeply through aliases (more than {YAML_MAX_DEPTH} levels)", line)
        if node.tag not in _PLAIN_TAGS:
            problems.add(doc, path, f"refused tag {quote(node.tag, 60)}: data files may hold only plain "
                                    "values, lists and mappings", line=line)
            return None
        open_nodes.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                loader.flatten_mapping(node)
                out = {}
                for key_node, value_node in node.value:
                    if not isinstance(key_node, yaml.ScalarNode):
                        problems.add(doc, path, "a key must be a plain value, not a list or mapping",
                                     line=key_node.start_mark.line + 1)
                        continue
                    key = _scalar(loader, key_node, path, doc, problems)
                    if key in out:
                        problems.add(doc, path + (key,), f"duplicate key {quote(key, 60)}",
                                     line=key_node.start_mark.line + 1)
                    out[key] = _build(loader, value_node, path + (key,), doc, problems, budget, open_nodes)
                return out
            return [_build(loader, item, path + (i,), doc, problems, budget, open_nodes)
                    for i, item in enumerate(node.value)]
        finally:
            open_nodes.discard(id(node))
    return _scalar(loader, node, path, doc, problems)


def _scalar(loader, node, path, doc, problems):
    line = node.start_mark.line + 1
    if node.tag == _INT_TAG:
        digits = sum(ch.isdigit() for ch in node.value[:MAX_INT_DIGITS * 4])
        if digits > MAX_INT_DIGITS:
            problems.add(doc, path, f"a number of more than {MAX_INT_DIGITS} digits: {quote(node.value, 40)}",
                         line=line)
            return None
    try:
        value = loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError:
        problems.add(doc, path, f"refused tag {quote(node.tag, 60)}: data files may hold only plain "
                                "values, lists and mappings", line=line)
        return None
    except (ValueError, OverflowError, TypeError) as exc:
        problems.add(doc, path, f"cannot read the value {quote(node.value, 40)} ({one_line(exc, 80)})", line=line)
        return None
    try:
        hash(value)
    except TypeError:
        problems.add(doc, path, "a key or value of a kind a data file may not hold", line=line)
        return None
    return value


# Every value a model reads is bounded before the model sees it (the shipped data's largest
# number is 300, longest list 47 items, longest text 23 characters): a count of 10^9 in any
# file is refused with file:line instead of allocating gigabytes in a loader, `simulate` or
# the table. Models add tighter bounds where the rules know them (copies, need counts).
DATA_MAX_NUMBER = 10_000
DATA_MAX_TEXT = 1_000
DATA_MAX_ITEMS = 1_000


def bounds_problems(value, doc: Doc, problems: Problems, path: tuple = ()) -> bool:
    """Add a problem for every number, text, list or mapping in `value` over the data
    bounds above (and every number that is not finite); True when all are within."""
    found = 0
    stack = [(path, value)]
    while stack:
        here, v = stack.pop()
        why = None
        if isinstance(v, bool) or v is None:
            continue
        if isinstance(v, (int, float)):
            if not abs(v) <= DATA_MAX_NUMBER:                 # NaN fails this too
                why = f"{quote(v, 30)} is out of range (a number in data is within ±{DATA_MAX_NUMBER:,})"
        elif isinstance(v, str):
            if len(v) > DATA_MAX_TEXT:
                why = f"a text of {len(v):,} characters (at most {DATA_MAX_TEXT:,})"
        elif isinstance(v, (list, dict)):
            if len(v) > DATA_MAX_ITEMS:
                why = f"{len(v):,} entries (at most {DATA_MAX_ITEMS:,})"
            else:
                stack.extend((here + (k,), x) for k, x in (v.items() if isinstance(v, dict) else enumerate(v)))
        if why:
            found += 1
            problems.add(doc, here, why)
    return not found


def validate(model, doc: Doc | None, problems: Problems, path: tuple = (), data=None):
    """Validate `data` (default: the whole doc) with a pydantic model; problems get
    file:line and the field path. Returns the model instance or None. Every value is
    first held to the data bounds (bounds_problems)."""
    from pydantic import ValidationError

    if doc is None:
        return None
    value = doc.data if data is None else data
    if not bounds_problems(value, doc, problems, path):
        return None
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        for err in exc.errors():
            loc = path + tuple(err["loc"])
            got = err.get("input")
            msg = one_line(err["msg"], 160)
            if err["type"] not in ("missing",) and not isinstance(got, (dict, list)):
                msg += f", got {quote(got)}"
            problems.add(doc, loc, msg)
        return None


def load_checked(folder: Path, problems: Problems, **models) -> tuple[dict, tuple]:
    """Each `<name>.yaml` in `folder` read, then checked against its model (`name=Model`):
    the documents by name, and the checked data in the order the models are named (None
    for a file that is missing or wrong; every problem is in `problems`)."""
    docs = {name: load_yaml(folder / f"{name}.yaml", problems) for name in models}
    return docs, tuple(validate(model, docs[name], problems) for name, model in models.items())


def data_root() -> Path:
    from .paths import resource_path
    return resource_path("data")
