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

from .paths import display_path

Path_ = tuple  # a path into a document: ("cards", 12, "perception")


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
        return f"{self.file}:{self.line}: {self.path}: {self.message}"


class DataError(Exception):
    def __init__(self, problems: list[Problem]):
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


class Problems:
    """Collects every problem found while loading, then raises them together."""

    def __init__(self):
        self.items: list[Problem] = []

    def add(self, doc_or_file, path: Iterable, message: str, line: int | None = None):
        path = tuple(path)
        if isinstance(doc_or_file, Doc):
            file = doc_or_file.file
            line = line if line is not None else doc_or_file.line_of(path)
        else:
            file = Path(doc_or_file)
        self.items.append(Problem(display_path(file), line or 1, format_path(path), message))

    def check(self, ok: bool, doc, path: Iterable, message: str) -> bool:
        if not ok:
            self.add(doc, path, message)
        return ok

    def __bool__(self):
        return bool(self.items)

    def raise_if_any(self):
        if self.items:
            raise DataError(list(self.items))


def load_yaml(file: Path, problems: Problems) -> Doc | None:
    """Load one YAML file with yaml's safe constructors only, recording line numbers.
    Anything unreadable becomes a Problem; returns None then."""
    file = Path(file)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.add(file, (), "file is missing")
        return None
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(file, (), f"cannot read file: {exc}")
        return None
    loader = yaml.SafeLoader(text)
    try:
        node = loader.get_single_node()
        doc = Doc(file, None)
        doc.data = _build(loader, node, (), doc, problems) if node is not None else None
        return doc
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problems.add(file, (), f"YAML syntax: {exc.problem or exc}", line=mark.line + 1 if mark else 1)
        return None
    except yaml.YAMLError as exc:
        problems.add(file, (), f"YAML error: {exc}")
        return None
    finally:
        loader.dispose()


_PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _build(loader, node, path, doc: Doc, problems: Problems):
    doc.lines[path] = node.start_mark.line + 1
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        problems.add(doc, path, f"refused tag {node.tag!r}: data files may hold only plain "
                                "values, lists and mappings", line=node.start_mark.line + 1)
        return None
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out = {}
        for key_node, value_node in node.value:
            key = _scalar(loader, key_node, path, doc, problems)
            if key in out:
                problems.add(doc, path + (key,), f"duplicate key {key!r}",
                              line=key_node.start_mark.line + 1)
            out[key] = _build(loader, value_node, path + (key,), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, item, path + (i,), doc, problems) for i, item in enumerate(node.value)]
    return _scalar(loader, node, path, doc, problems)


def _scalar(loader, node, path, doc, problems):
    try:
        return loader.construct_object(node, deep=True)
    except yaml.constructor.ConstructorError:
        problems.add(doc, path, f"refused tag {node.tag!r}: data files may hold only plain "
                                "values, lists and mappings", line=node.start_mark.line + 1)
        return None


def validate(model, doc: Doc | None, problems: Problems, path: tuple = (), data=None):
    """Validate `data` (default: the whole doc) with a pydantic model; problems get
    file:line and the field path. Returns the model instance or None."""
    from pydantic import ValidationError

    if doc is None:
        return None
    value = doc.data if data is None else data
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        for err in exc.errors():
            loc = path + tuple(err["loc"])
            got = err.get("input")
            msg = err["msg"]
            if err["type"] not in ("missing",) and not isinstance(got, (dict, list)):
                msg += f", got {got!r}"
            problems.add(doc, loc, msg)
        return None


def data_root() -> Path:
    from .paths import resource_path
    return resource_path("data")
