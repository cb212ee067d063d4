"""Dice defined in data/dice.yaml (d6, d12, the Omen die). Rolls go through the
state's RNG only, and return faces, so the screen can land each die on its face."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .data import Problems, data_root, load_yaml, validate
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


MAX_FACES = 100
MAX_DICE = 50


def _dice_model():
    from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

    class DieModel(BaseModel):
        model_config = ConfigDict(extra="forbid")
        faces: list[StrictInt | StrictStr] = Field(min_length=2, max_length=MAX_FACES)

    class DiceModel(BaseModel):
        model_config = ConfigDict(extra="forbid")
        dice: dict[StrictStr, DieModel] = Field(min_length=1, max_length=MAX_DICE)
    return DiceModel


def load_dice(folder: Path | None = None) -> dict[str, Die]:
    """data/dice.yaml (or `folder`/dice.yaml) through its model: only `dice:`, each die
    only `faces:` (2 to MAX_FACES numbers or words); unknown keys are refused."""
    problems = Problems()
    doc = load_yaml((folder or data_root()) / "dice.yaml", problems)
    model = validate(_dice_model(), doc, problems)
    problems.raise_if_any()
    return {name: Die(name, tuple(spec.faces)) for name, spec in model.dice.items()}


@lru_cache(maxsize=1)
def standard_dice() -> dict[str, Die]:
    return load_dice()


def die(name: str) -> Die:
    return standard_dice()[name]
