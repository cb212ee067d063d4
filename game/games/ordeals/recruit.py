"""Recruitment (BO-110 … BO-117) as a pure model for a Company builder screen: pick
characters, upgrades, weapons, armour, items and Lore within the Supplies and maxima,
with the remaining Supplies always known; ready-made Companies one call away; saved
Companies reused. No pygame here: a screen (not written yet) only calls these methods
and shows `remaining()`, `choices(i)` and `problems()`.

The result is the `company` (or `rival`) option: a list of member dicts that
`OrdealsRules.validate_options` checks again with the same rules.
"""
from __future__ import annotations

import json
from pathlib import Path

from .data import GameData, Member, company_problems, member_cost


class Builder:
    def __init__(self, data: GameData, members=None, supplies: int | None = None):
        self.data = data
        self.rec = data.recruitment
        self.supplies = self.rec.company.supplies if supplies is None else supplies
        self.members: list[Member] = [Member.model_validate(m) if isinstance(m, dict) else m
                                      for m in (members or [])]

    # -- reading ----------------------------------------------------------------------
    def cost(self) -> int:
        return sum(member_cost(self.rec, self.data.lore, m) for m in self.members)

    def remaining(self) -> int:
        return self.supplies - self.cost()

    def problems(self) -> list[str]:
        return [msg for _, msg in company_problems(self.rec, self.data.lore, self.members, self.supplies)]

    def ready(self) -> bool:
        return not self.problems()

    def choices(self, i: int) -> list[dict]:
        """Every change the screen may offer for member i: what it is, its Supplies cost
        (negative: refund), and whether it is allowed now (within Supplies and maxima)."""
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

    def _try(self, i, change, label) -> dict:
        other = Builder(self.data, [x.model_copy(deep=True) for x in self.members], self.supplies)
        before = other.cost()
        other.apply(i, change)
        ok = not [p for p in other.problems() if "characters" not in p]
        return {"change": change, "label": label, "cost": other.cost() - before, "allowed": ok}

    # -- changing ---------------------------------------------------------------------------
    def add(self, name: str) -> int:
        self.members.append(Member(name=name))
        return len(self.members) - 1

    def remove(self, i: int) -> None:
        del self.members[i]

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

    def to_option(self) -> list[dict]:
        return [m.model_dump(exclude_defaults=True) | {"name": m.name} for m in self.members]

    def save(self, path: Path, title: str) -> None:
        path = Path(path)
        saved = load_saved(path)
        saved[title] = self.to_option()
        path.write_text(json.dumps(saved, indent=1, ensure_ascii=False), encoding="utf-8")


def load_saved(path: Path) -> dict:
    """Saved Companies {title: [member dicts]}; an unreadable file reads as none."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_companies_path() -> Path:
    from ...core.paths import user_data_dir
    return user_data_dir() / "ordeals_companies.json"
