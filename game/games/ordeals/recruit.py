"""Recruitment (BO-110 … BO-117) as a pure model for the Company builder screen
(`table/recruit_screen.py`): pick characters, upgrades, weapons, armour, items and Lore within
the Supplies and maxima, with the remaining Supplies always known; ready-made Companies
one call away; saved Companies reused. The saved-Companies file keeps the discipline
of saves: a file that cannot be read is moved aside as `.bad` and never written over,
every write is atomic, and each change re-reads the file under a lock (two windows
saving at once both keep theirs). No pygame here: the screen only calls these
methods and shows `remaining()`, `choices(i)` and `issues()`.

Reasons and problems come as (key, params): the screen words them through the locale
(`ordeals.recruit.why.<key>`); `problems()` keeps the rules' English sentences.

The result is the `company` (or `rival`) option: a list of member dicts that
`OrdealsRules.validate_options` checks again with the same rules.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ...core.record import atomic_write_text, file_lock, move_aside
from ...core.safeio import UnsafeFile, clean_text, one_line, read_json, shown_path
from .data import GameData, Member, company_problems, member_cost

SAVED_MAX_BYTES = 512 * 1024             # a saved-Companies file: a few hundred Companies at most
SAVED_MAX = 60                           # Companies kept in it (the oldest go first)
TITLE_CHARS = 40

Reason = tuple                           # (key, params) for t("ordeals.recruit.why.<key>", **params)


NAME_CHARS = 40


def _clean_member(m) -> Member:
    """A member as the builder keeps it: its name plain text (no control characters,
    no lone surrogates that would make the saved file unreadable), cut on entry."""
    if isinstance(m, dict):
        m = Member.model_validate({**m, "name": clean_text(m.get("name", ""), NAME_CHARS) or "?"})
    elif m.name != (clean_text(m.name, NAME_CHARS) or "?"):
        m = m.model_copy(update={"name": clean_text(m.name, NAME_CHARS) or "?"})
    return m


class Builder:
    def __init__(self, data: GameData, members=None, supplies: int | None = None):
        self.data = data
        self.rec = data.recruitment
        self.supplies = self.rec.company.supplies if supplies is None else supplies
        self.members: list[Member] = [_clean_member(m) for m in (members or [])]

    # -- reading ----------------------------------------------------------------------
    def cost(self) -> int:
        return sum(self.member_cost(i) for i in range(len(self.members)))

    def member_cost(self, i: int) -> int:
        return member_cost(self.rec, self.data.lore, self.members[i])

    def remaining(self) -> int:
        return self.supplies - self.cost()

    def problems(self) -> list[str]:
        return [msg for _, msg in company_problems(self.rec, self.data.lore, self.members, self.supplies)]

    def ready(self) -> bool:
        return not self.problems()

    def issues(self) -> list[Reason]:
        """What stops this Company from playing, as (key, params) for the locale."""
        out: list[Reason] = []
        c = self.rec.company
        n = len(self.members)
        if n < c.min:
            out.append(("too_few", {"n": n, "min": c.min}))
        elif n > c.max:
            out.append(("too_many", {"n": n, "max": c.max}))
        if self.remaining() < 0:
            out.append(("over", {"cost": self.cost(), "supplies": self.supplies}))
        for i in range(n):
            r = self._member_limit(i)
            if r is not None:
                out.append((r[0], {**r[1], "name": self.members[i].name}))
        if self._leaders() > 1:
            out.append(("one_leader", {}))
        if not out and self.problems():      # anything the rules refuse that has no words here
            out.append(("other", {"text": self.problems()[0]}))
        return out

    def stat_line(self, i: int) -> dict:
        """The member's numbers as the rules build them (Might, Aim, Pace, Ward, Grit,
        Reach, Range)."""
        m = self.members[i]
        b, rec = self.rec.basic, self.rec
        up = {k: v * rec.upgrades[k].step for k, v in m.upgrades.items() if k in rec.upgrades}
        arm = rec.armour.get(m.armour) if m.armour else None
        lore = [self.data.lore[k] for k in m.lore if k in self.data.lore]
        melee = rec.weapons.get(m.melee)
        ranged = rec.weapons.get(m.ranged) if m.ranged else None
        return {"might": b.might + up.get("might", 0), "aim": b.aim + up.get("aim", 0),
                "pace": b.pace + up.get("pace", 0) + (arm.pace if arm else 0),
                "ward": b.ward + (arm.ward if arm else 0) + sum(x.ward for x in lore),
                "grit": b.grit + up.get("grit", 0),
                "reach": max([melee.reach if melee else 0.0] + [x.reach for x in lore]),
                "range": ranged.range if ranged else 0.0}

    def choices(self, i: int) -> list[dict]:
        """Every change the screen may offer for member i: what it is, its Supplies cost
        (negative: refund), whether it is allowed now (within Supplies and maxima) and,
        if not, why (key, params)."""
        out = []
        m = self.members[i]
        for stat, up in self.rec.upgrades.items():
            steps = m.upgrades.get(stat, 0)
            out.append(self._try(i, ("upgrade", stat, steps + 1), f"{stat} +{up.step}"))
            if steps:
                out.append(self._try(i, ("upgrade", stat, steps - 1), f"{stat} −{up.step}"))
        for key, w in self.rec.weapons.items():
            if key != getattr(m, w.kind):
                out.append(self._try(i, ("weapon", w.kind, key), key))
        if m.ranged is not None:
            out.append(self._try(i, ("weapon", "ranged", None), "no ranged weapon"))
        for key in [None] + list(self.rec.armour):
            if key != m.armour:
                out.append(self._try(i, ("armour", key), key or "no armour"))
        for key in self.rec.items:
            out.append(self._try(i, ("item", key), ("drop " if key in m.items else "") + key))
        for key in self.data.lore:
            out.append(self._try(i, ("lore", key), ("forget " if key in m.lore else "") + key))
        return out

    def why_not(self, i: int, change) -> Reason | None:
        """Why `change` to member i is refused (over the Supplies or a maximum), or None.
        A change that gives Supplies back is never refused for Supplies."""
        other = self.copy()
        before = other.cost()
        other.apply(i, change)
        lim = other._member_limit(i)
        if lim is not None and lim != self._member_limit(i):
            return lim
        if other._leaders() > max(1, self._leaders()):
            return ("one_leader", {})
        delta = other.cost() - before
        if delta > 0 and other.remaining() < 0:
            return ("supplies", {"cost": delta, "left": self.remaining()})
        return None

    def _try(self, i, change, label) -> dict:
        other = self.copy()
        before = other.cost()
        other.apply(i, change)
        reason = self.why_not(i, change)
        return {"change": change, "label": label, "cost": other.cost() - before,
                "allowed": reason is None, "reason": reason}

    def _member_limit(self, i: int) -> Reason | None:
        m = self.members[i]
        for stat, steps in m.upgrades.items():
            up = self.rec.upgrades.get(stat)
            if up is not None and steps * up.step > up.max:
                return ("upgrade_max", {"stat": stat, "max": up.max})
        maxl = self.lore_max()
        if len(m.lore) > maxl:
            return ("lore_max", {"max": maxl})
        if len(set(m.items)) != len(m.items):
            return ("item_once", {})
        return None

    def _leaders(self) -> int:
        return sum(1 for m in self.members for k in m.lore
                   if k in self.data.lore and self.data.lore[k].per_company)

    def lore_max(self) -> int:
        return int(self.rec.lore.get("max_per_character", 2))

    def copy(self) -> "Builder":
        return Builder(self.data, [x.model_copy(deep=True) for x in self.members], self.supplies)

    # -- changing ---------------------------------------------------------------------------
    def add(self, name: str) -> int:
        self.members.append(Member(name=clean_text(name, NAME_CHARS) or "?"))
        return len(self.members) - 1

    def remove(self, i: int) -> None:
        del self.members[i]

    def rename(self, i: int, name: str) -> None:
        name = clean_text(name, NAME_CHARS)
        if name:
            self.members[i].name = name

    def can_add(self) -> Reason | None:
        """Why another character cannot join (the most, or not enough Supplies), or None."""
        if len(self.members) >= self.rec.company.max:
            return ("full", {"max": self.rec.company.max})
        if self.rec.basic.cost > self.remaining():
            return ("supplies", {"cost": self.rec.basic.cost, "left": self.remaining()})
        return None

    def apply(self, i: int, change) -> None:
        m = self.members[i]
        kind = change[0]
        if kind == "upgrade":
            ups = dict(m.upgrades)
            if change[2] <= 0:
                ups.pop(change[1], None)
            else:
                ups[change[1]] = change[2]
            m.upgrades = ups
        elif kind == "weapon":
            setattr(m, change[1], change[2] if change[2] is not None or change[1] == "ranged" else "hand_weapon")
        elif kind == "armour":
            m.armour = change[1]
        elif kind == "item":
            m.items = [x for x in m.items if x != change[1]] if change[1] in m.items else m.items + [change[1]]
        elif kind == "lore":
            m.lore = [x for x in m.lore if x != change[1]] if change[1] in m.lore else m.lore + [change[1]]
        else:
            raise ValueError(f"unknown change {change!r}")

    # -- ready-made and saved Companies ----------------------------------------------------
    @classmethod
    def ready_made(cls, data: GameData, key: str) -> "Builder":
        return cls(data, [m.model_copy(deep=True) for m in data.companies[key]])

    @classmethod
    def from_option(cls, data: GameData, value) -> "Builder":
        """The builder for an option value: a ready-made key or a list of members; an
        empty builder for anything else."""
        if isinstance(value, str) and value in data.companies:
            return cls.ready_made(data, value)
        if isinstance(value, list):
            try:
                return cls(data, value)
            except Exception:            # noqa: BLE001 - not a Company: start afresh
                pass
        return cls(data)

    def to_option(self) -> list[dict]:
        return [m.model_dump(exclude_defaults=True) | {"name": m.name} for m in self.members]

    def ready_key(self) -> str | None:
        """The ready-made Company this one is exactly, if any."""
        current = self.to_option()
        return next((k for k in self.data.companies if Builder.ready_made(self.data, k).to_option() == current), None)

    def option_value(self):
        """The `company` option's value: a ready-made key when it is exactly that Company,
        else the list of members."""
        return self.ready_key() or self.to_option()

    def save(self, path: Path, title: str) -> str:
        """Add (or replace) this Company under `title` in the saved-Companies file;
        returns the title as stored. OSError if the file cannot be written."""
        title = clean_text(title, TITLE_CHARS) or "Company"
        company = self.to_option()

        def put(saved: dict) -> None:
            saved.pop(title, None)
            saved[title] = company
            while len(saved) > SAVED_MAX:
                saved.pop(next(iter(saved)))
        change_saved(path, put)
        return title


class SavedUnreadable(Exception):
    """The saved-Companies file is there but cannot be used; the message is one line."""


def read_saved(path: Path) -> dict:
    """The saved-Companies file as stored, {title: members}; {} when there is none.
    SavedUnreadable (one line naming the file) when something stands there that is not
    such a file: it is then never written over (see `set_aside_damaged`)."""
    path = Path(path)
    if not os.path.lexists(path):
        return {}
    try:
        raw = read_json(path, SAVED_MAX_BYTES, "saved Companies")
    except UnsafeFile as exc:
        raise SavedUnreadable(one_line(exc)) from None
    except json.JSONDecodeError as exc:  # damaged JSON
        raise SavedUnreadable(one_line(f"{shown_path(path)}: damaged (not valid JSON, line {exc.lineno})")) \
            from None
    except ValueError as exc:
        raise SavedUnreadable(one_line(f"{shown_path(path)}: damaged ({exc})")) from None
    except OSError as exc:
        raise SavedUnreadable(one_line(f"{shown_path(path)}: cannot be read ({exc.strerror or exc})")) from None
    if not isinstance(raw, dict):
        raise SavedUnreadable(f"{shown_path(path)}: not a saved-Companies file (expected a JSON object)")
    return raw


def load_saved(path: Path, data: GameData | None = None) -> dict:
    """Saved Companies {title: [member dicts]} through the bounded JSON reader; an
    unreadable file reads as none (nothing is changed here). With `data`, entries that
    are not a Company by these rules (members, known weapons and Lore, the maxima) are
    left out."""
    try:
        raw = read_saved(path)
    except SavedUnreadable:
        return {}
    out = {}
    for title, members in raw.items():
        if not isinstance(title, str) or not isinstance(members, list) or not clean_text(title, TITLE_CHARS):
            continue
        if data is not None:
            try:
                ms = [Member.model_validate(m) for m in members]
            except Exception:            # noqa: BLE001 - a damaged entry is skipped
                continue
            if company_problems(data.recruitment, data.lore, ms):
                continue
        out[clean_text(title, TITLE_CHARS)] = members
    return out


def set_aside_damaged(path: Path) -> tuple[str, Path | None] | None:
    """If the saved-Companies file cannot be read, move it aside to `<name>.bad`
    (numbered beside older ones, never over one) so the next save starts a new file
    instead of erasing it. Returns (the problem, where it went; None when it could not
    be moved), or None when the file is fine or absent."""
    try:
        read_saved(path)
        return None
    except SavedUnreadable as exc:
        return str(exc), move_aside(path)


def change_saved(path: Path, change) -> None:
    """Read, change and write the saved-Companies file as one step under a lock, so
    two windows saving at once both keep their Companies; the write is atomic. A file
    that cannot be read is moved aside first, never written over (OSError when it
    cannot be moved)."""
    path = Path(path)
    with file_lock(path.with_name(path.name + ".lock")):
        try:
            saved = read_saved(path)
        except SavedUnreadable as exc:
            if move_aside(path) is None:
                raise OSError(f"{exc}; it could not be set aside, so nothing was written") from None
            saved = {}
        # what an older file holds is kept, its titles and names made plain text (a lone
        # surrogate written back would make the whole file unreadable)
        saved = {clean_text(k, TITLE_CHARS): [_plain_names(m) for m in v] for k, v in saved.items()
                 if isinstance(k, str) and clean_text(k, TITLE_CHARS) and isinstance(v, list)}
        change(saved)
        atomic_write_text(path, json.dumps(saved, indent=1, ensure_ascii=False))


def _plain_names(member):
    if isinstance(member, dict) and isinstance(member.get("name"), str):
        return {**member, "name": clean_text(member["name"], NAME_CHARS) or "?"}
    return member


def delete_saved(path: Path, title: str) -> None:
    change_saved(path, lambda saved: saved.pop(title, None))


def saved_companies_path() -> Path:
    """In the user's data folder, beside the saves (NOCTURNE_HOME in tests)."""
    from ...core.paths import user_data_dir
    return user_data_dir() / "ordeals_companies.json"
