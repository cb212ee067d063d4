"""Dice defined in data/dice.yaml (d6, d12, the Omen die). Rolls go through the
state's RNG only, and return faces, so the screen can land each die on its face."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .data import Problems, data_root, load_yaml
from .rng import RNG


class Die(NamedTuple):
    name: str
    faces: tuple

    @property
    def sides(self) -> int:
        return len(self.faces)

    def roll(self, rng: RNG, n: int = 1) -> tuple:
        faces = self.faces
        return tuple(faces[rng.below(len(faces))] for _ in range(n))


def load_dice(folder: Path | None = None) -> dict[str, Die]:
    problems = Problems()
    doc = load_yaml((folder or data_root()) / "dice.yaml", problems)
    dice = {}
    if doc is not None:
        table = doc.data.get("dice") if isinstance(doc.data, dict) else None
        if not isinstance(table, dict) or not table:
            problems.add(doc, ("dice",), "expected a mapping of die name to {faces: [...]}")
        else:
            for name, spec in table.items():
                faces = spec.get("faces") if isinstance(spec, dict) else None
                if not isinstance(faces, list) or len(faces) < 2:
                    problems.add(doc, ("dice", name, "faces"), "expected a list of at least 2 faces")
                    continue
                bad = [f for f in faces if not isinstance(f, (int, str)) or isinstance(f, bool)]
                if bad:
                    problems.add(doc, ("dice", name, "faces"), f"faces must be numbers or words, got {bad[0]!r}")
                    continue
                dice[name] = Die(name, tuple(faces))
    problems.raise_if_any()
    return dice


@lru_cache(maxsize=1)
def standard_dice() -> dict[str, Die]:
    return load_dice()


def die(name: str) -> Die:
    return standard_dice()[name]
