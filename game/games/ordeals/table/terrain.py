"""The Book of Ordeals table's ground and terrain as data, before any drawing (no pygame):

- `Look.of(view)`: the ground and foliage colours of the season, the light's tint (a
  night table is dark and lanterns glow on it), the weather's haze.
- `terrain_art(view)`: each terrain piece of the Trial with its style (road, wall,
  hedge, bramble, woods, water, chasm, roof, ruin, tower, stone, from the data's kind and
  name: `classify`), low to high; the kit's TerrainArt (terrain_layout.py) lays out its
  decoration and the kit's terrain.py paints it.

Nothing here reads the rules: everything comes from the view the table holds.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.ui.table.terrain_layout import ORDER, STYLES, Point, TerrainArt

__all__ = ["Look", "Point", "STYLES", "TerrainArt", "classify", "terrain_art"]

# ---------------------------------------------------------------------------------------
# looks
# ---------------------------------------------------------------------------------------
# season: (ground, lighter tufts, darker tufts, foliage dark, foliage light, road)
SEASONS = {
    "spring": ((72, 96, 50), (98, 126, 64), (54, 74, 40), (56, 104, 48), (112, 160, 82), (112, 94, 66)),
    "summer": ((80, 98, 46), (112, 128, 58), (60, 76, 36), (40, 88, 38), (92, 142, 60), (124, 102, 68)),
    "autumn": ((96, 86, 52), (126, 108, 62), (72, 64, 40), (120, 70, 32), (196, 132, 54), (110, 88, 62)),
    "winter": ((150, 158, 164), (196, 204, 210), (118, 126, 134), (46, 66, 58), (96, 116, 106), (132, 124, 116)),
}
# light: a multiply over the whole ground (daylight leaves it as it is)
LIGHTS = {"daylight": (255, 255, 255), "overcast": (218, 222, 230), "twilight": (182, 170, 188),
          "night": (140, 148, 190), "moonless": (112, 118, 162)}
# how strongly a lantern shows on the ground, by light
GLOW = {"daylight": 0.18, "overcast": 0.3, "twilight": 0.55, "night": 0.8, "moonless": 0.9}
# weather: a pale haze added over the ground
HAZE = {"fog": (40, 42, 46), "mist": (24, 26, 30), "rain": (4, 6, 10), "snow": (18, 20, 24), "storm": (6, 6, 12)}


@dataclass(frozen=True)
class Look:
    season: str
    light: str
    weather: str
    ground: tuple
    tuft_light: tuple
    tuft_dark: tuple
    leaf_dark: tuple
    leaf_light: tuple
    road: tuple
    tint: tuple
    haze: tuple | None
    glow: float

    @classmethod
    def of(cls, view) -> "Look":
        season = view.get("season") if view.get("season") in SEASONS else "summer"
        light = view.get("light") if view.get("light") in LIGHTS else "daylight"
        weather = view.get("weather") or "clear"
        g, tl, td, ld, ll, road = SEASONS[season]
        return cls(season, light, weather, g, tl, td, ld, ll, road, LIGHTS[light], HAZE.get(weather),
                   GLOW[light])

    @property
    def night(self) -> bool:
        return self.light in ("night", "moonless")


# ---------------------------------------------------------------------------------------
# terrain: each piece's style from the Trial's data; the kit lays out its decoration
# ---------------------------------------------------------------------------------------
def classify(kind: str, name: str) -> str:
    """A terrain piece's look from its kind and name in the Trial's data."""
    n = (name or "").lower()
    if kind == "open":
        return "road"
    if kind == "obstacle":
        if "hedge" in n:
            return "hedge"
        if any(w in n for w in ("bramble", "briar", "thorn")):
            return "bramble"
        return "wall"
    if kind == "woods":
        return "woods"
    if kind == "gap":
        return "water" if any(w in n for w in ("brook", "stream", "river", "ford", "pond")) else "chasm"
    if kind == "blocking":
        if "ruin" in n or "wall" in n:
            return "ruin"
        if "tower" in n:
            return "tower"
        if any(w in n for w in ("stone", "pillar", "shrine", "rock", "altar")):
            return "stone"
        return "roof"
    return "road"


def terrain_art(view) -> list[TerrainArt]:
    """The Trial's terrain pieces as drawn, low to high (flat ground first)."""
    out = [TerrainArt.build(k, classify(p["kind"], p.get("name") or ""), p.get("name") or "", p["kind"],
                            p.get("height") or 0.0, p["poly"])
           for k, p in enumerate(view["trial"]["terrain"])]
    return sorted(out, key=lambda t: (ORDER[t.style], t.height))
