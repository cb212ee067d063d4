"""A game state declares its fields once, by how each one copies; `clone` and `snapshot`
are made from that declaration instead of being written out per game.

Why generated: a search clones the state at every step of every rollout, so a clone
must be a straight run of assignments, not a loop of getattr/setattr (that costs a
third of a rollout in the card games). Writing the run out by hand in each game was
fast but drifted from the field lists it had to mirror. `StateFields.clone_function`
writes the run once from the declaration, like `dataclasses` writes `__init__`; its
source is kept on the function (`__source__`) for a reader or a debugger.

A snapshot is the state as plain JSON values (lists, dicts with text keys, sorted
sets), the input of a state's digest (record.state_digest). It is not on the hot path,
so it is a plain loop. `saved_as` keeps the names a snapshot uses when a field is
renamed in code, so saved digests stay valid.

The kinds:
  shared       immutable values (ints, text, tuples, frozensets, None): the clone shares them
  lists        flat lists: copied
  maybe_lists  a flat list or None
  nested       lists of lists
  nested_mixed lists whose items are lists (copied) or immutable values (shared)
  nested_twice lists of lists of lists
  sets         sets: copied
  maybe_sets   a set or None
  dict_lists   dicts whose values are lists: each list copied
  dicts        flat dicts: copied
  objects      things with .clone() and .to_json(), or None (a reaction window, the RNG)
  unsaved      caches: shared by a clone, left out of the snapshot (the open decisions)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

KINDS = ("shared", "lists", "maybe_lists", "nested", "nested_mixed", "nested_twice", "sets", "maybe_sets", "dict_lists", "dicts", "objects", "unsaved")

_COPY = {
    "shared": "self.{f}",
    "unsaved": "self.{f}",
    "lists": "self.{f}[:]",
    "maybe_lists": "None if self.{f} is None else self.{f}[:]",
    "nested": "[x[:] for x in self.{f}]",
    "nested_mixed": "[x[:] if x.__class__ is list else x for x in self.{f}]",
    "nested_twice": "[[y[:] for y in x] for x in self.{f}]",
    "sets": "set(self.{f})",
    "maybe_sets": "None if self.{f} is None else set(self.{f})",
    "dict_lists": "{{k: v[:] for k, v in self.{f}.items()}}",
    "dicts": "dict(self.{f})",
    "objects": "None if self.{f} is None else self.{f}.clone()",
}


@dataclass(frozen=True)
class StateFields:
    shared: tuple[str, ...] = ()
    lists: tuple[str, ...] = ()
    maybe_lists: tuple[str, ...] = ()
    nested: tuple[str, ...] = ()
    nested_mixed: tuple[str, ...] = ()
    nested_twice: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()
    maybe_sets: tuple[str, ...] = ()
    dict_lists: tuple[str, ...] = ()
    dicts: tuple[str, ...] = ()
    objects: tuple[str, ...] = ()
    unsaved: tuple[str, ...] = ()
    saved_as: tuple[tuple[str, str], ...] = ()     # (field, its name in a snapshot)

    def __post_init__(self):
        names = self.slots
        if len(set(names)) != len(names):
            twice = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"a state field is declared twice: {', '.join(twice)}")
        unknown = {f for f, _ in self.saved_as} - set(names)
        if unknown:
            raise ValueError(f"saved_as names fields that are not declared: {', '.join(sorted(unknown))}")

    @property
    def slots(self) -> tuple[str, ...]:
        """Every field, for the state class's __slots__."""
        return tuple(f for kind in KINDS for f in getattr(self, kind))

    def kind_of(self, field: str) -> str:
        for kind in KINDS:
            if field in getattr(self, kind):
                return kind
        raise KeyError(field)

    def clone_function(self, cls):
        """`clone(self) -> cls`: a new instance with every field copied by its kind."""
        lines = ["def clone(self):", "    o = _new(cls)"]
        for kind in KINDS:
            for f in getattr(self, kind):
                lines.append(f"    o.{f} = " + _COPY[kind].format(f=f))
        lines.append("    return o")
        source = "\n".join(lines) + "\n"
        scope = {"_new": object.__new__, "cls": cls}
        exec(compile(source, f"<clone of {cls.__qualname__}>", "exec"), scope)   # noqa: S102 - our own text
        clone = scope["clone"]
        clone.__source__ = source
        clone.__qualname__ = f"{cls.__qualname__}.clone"
        return clone

    def snapshot(self, state) -> dict:
        """Every saved field as plain JSON values, under its saved name."""
        rename = dict(self.saved_as)
        out = {}
        for kind in KINDS:
            if kind == "unsaved":
                continue
            for f in getattr(self, kind):
                v = getattr(state, f)
                if kind == "objects":
                    v = None if v is None else v.to_json()
                out[rename.get(f, f)] = to_json(v)
        return out


class DeclaredState:
    """The base of a state class whose fields a `StateFields` declares (`FIELDS`): its
    clone is generated when the class is made, and its snapshot is every saved field
    plus the result — `RESULT` names the fields of a `Result` a digest keeps."""
    __slots__ = ()
    FIELDS: ClassVar[StateFields]
    RESULT: ClassVar[tuple[str, ...]] = ("winners", "scores")

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # written out field by field from the declaration: searches clone at every step
        cls.clone = cls.FIELDS.clone_function(cls)

    def snapshot(self) -> dict:
        out = self.FIELDS.snapshot(self)
        res = self.res
        out["result"] = None if res is None else {k: to_json(getattr(res, k)) for k in self.RESULT}
        return out


def to_json(v):
    """Lists and tuples as lists, sets sorted (by their text when their items do not
    compare), dict keys as text."""
    if isinstance(v, (list, tuple)):
        return [to_json(x) for x in v]
    if isinstance(v, (set, frozenset)):
        items = [to_json(x) for x in v]
        try:
            return sorted(items)
        except TypeError:
            return sorted(items, key=str)
    if isinstance(v, dict):
        return {str(k): to_json(x) for k, x in v.items()}
    return v
