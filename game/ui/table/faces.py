"""What `faces.yaml` says about card faces (frames, icons, colours, sections), read and checked
without pygame: `validate-data` reads it through `load_faces` (GameSpec.screen_data), and the
card renderer in cards.py draws from it."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional

from . import style


@dataclass(frozen=True)
class CardFrame:
    fill: tuple = (92, 16, 28)        # body (top of the gradient)
    fill_low: tuple = (40, 8, 14)     # body (bottom)
    border: tuple = style.GOLD
    art_bg: tuple = (24, 12, 16)
    icon: tuple = (240, 214, 150)
    title: tuple = style.TEXT
    panel: tuple = style.PARCHMENT    # rules-text panel
    panel_text: tuple = style.TEXT_DARK
    accent: tuple = style.GOLD_BRIGHT


SECTIONS = ("title", "art", "type", "keywords", "text", "stats", "cost", "badges")
TEXT_FROM = {"always": 0, "small": 80, "medium": 100, "normal": 120, "large": 200}


def _rgb(text: str) -> tuple:
    text = text.lstrip("#")
    return tuple(int(text[i:i + 2], 16) for i in (0, 2, 4))


@dataclass
class FaceData:
    """What `faces.yaml` says: frames per kind, icon names per group and key, named colours,
    sections and the text threshold per kind (all strings: colours are #rrggbb)."""
    frames: dict = field(default_factory=dict)
    icons: dict = field(default_factory=dict)
    colours: dict = field(default_factory=dict)
    sections: dict = field(default_factory=dict)
    text_from: dict = field(default_factory=dict)

    def icon(self, group: str, key, default: str | None = None) -> str | None:
        return self.icons.get(group, {}).get(key, default)

    def colour(self, group: str, key, default=None):
        return self.colours.get(group, {}).get(key, default)


def load_faces(folder: Path) -> FaceData:
    """Load `folder/faces.yaml`; a DataError lists every problem as file:line."""
    from pydantic import BaseModel, ConfigDict, field_validator

    from game.core.data import Problems, load_yaml, validate

    class _Frame(BaseModel):
        model_config = ConfigDict(extra="forbid")
        fill: Optional[str] = None
        fill_low: Optional[str] = None
        border: Optional[str] = None
        art_bg: Optional[str] = None
        icon: Optional[str] = None
        title: Optional[str] = None
        panel: Optional[str] = None
        panel_text: Optional[str] = None
        accent: Optional[str] = None

        @field_validator("*")
        @classmethod
        def _hex(cls, v):
            if v is not None and (len(v.lstrip("#")) != 6 or any(c not in "0123456789abcdefABCDEF"
                                                                for c in v.lstrip("#"))):
                raise ValueError("a colour is #rrggbb")
            return v

    class _Faces(BaseModel):
        model_config = ConfigDict(extra="forbid")
        frames: dict[str, _Frame] = {}
        icons: dict[str, dict[str, str]] = {}
        colours: dict[str, dict[str, str]] = {}
        sections: dict[str, list[str]] = {}
        text_from: dict[str, str] = {}

    problems = Problems()
    doc = load_yaml(Path(folder) / "faces.yaml", problems)
    model = validate(_Faces, doc, problems)
    if model is not None:
        for kind, names in model.sections.items():
            for i, name in enumerate(names):
                if name not in SECTIONS:
                    problems.add(doc, ("sections", kind, i), f"unknown section {name!r} (one of {', '.join(SECTIONS)})")
        for kind, size in model.text_from.items():
            if size not in TEXT_FROM:
                problems.add(doc, ("text_from", kind), f"unknown size {size!r} (one of {', '.join(TEXT_FROM)})")
    problems.raise_if_any()
    frames = {k: CardFrame(**{n: _rgb(v) for n, v in f.model_dump().items() if v is not None})
              for k, f in model.frames.items()}
    colours = {g: {k: _rgb(v) for k, v in d.items()} for g, d in model.colours.items()}
    return FaceData(frames, model.icons, colours, model.sections, model.text_from)
