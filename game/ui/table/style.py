"""Toolkit palette and sizes: dark, candle-lit. Games may pass their own accents.
Colour never carries meaning alone: every state drawn in colour also has a shape,
an icon or words (settings.colorblind switches to a blue/orange safe pair)."""
from __future__ import annotations

INK = (12, 9, 12)
SHADOW = (0, 0, 0)
TEXT = (242, 230, 201)
TEXT_DIM = (176, 158, 128)
TEXT_DARK = (38, 24, 16)
GOLD = (214, 176, 84)
GOLD_BRIGHT = (255, 220, 130)
GOLD_DEEP = (140, 104, 40)
CRIMSON = (128, 22, 36)
CRIMSON_DEEP = (64, 10, 20)
CRIMSON_BRIGHT = (196, 48, 60)
PARCHMENT = (226, 206, 164)
PANEL = (26, 18, 22)
PANEL_EDGE = (92, 70, 40)
WATER = (14, 34, 62)
WATER_LIGHT = (46, 96, 150)
GOOD = (96, 176, 110)
BAD = (210, 70, 64)
HIGHLIGHT = (255, 214, 110)

# colour-blind-safe pair (blue / orange) used instead of GOOD / BAD when asked
CB_GOOD = (86, 160, 230)
CB_BAD = (240, 150, 40)


def good(settings) -> tuple:
    return CB_GOOD if getattr(settings, "colorblind", False) else GOOD


def bad(settings) -> tuple:
    return CB_BAD if getattr(settings, "colorblind", False) else BAD


def lerp_color(a, b, t: float) -> tuple:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def with_alpha(c, a: int) -> tuple:
    return (c[0], c[1], c[2], a)
