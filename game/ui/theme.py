"""The look of Nocturne: colours, spacing and type sizes, as plain immutable data.

Dark and candle-lit: a near-black warm background, parchment text, gold and amber
accents, crimson for danger. `palette(colorblind=True)` swaps the hues for the
Okabe-Ito set (safe for the common colour-vision deficiencies); screens never carry
information by colour alone (every state also has an icon, a label or a shape).

Use::

    from game.ui import theme
    pal = theme.palette(settings.colorblind)
    surface.fill(pal.bg)
    assets.text("Hello", theme.FONT.body, pal.text)
"""
from __future__ import annotations

from dataclasses import dataclass, replace

Color = tuple  # (r, g, b) or (r, g, b, a)


@dataclass(frozen=True)
class Palette:
    name: str
    # grounds
    bg: Color                 # window background, near-black warm
    bg_deep: Color            # darkest (vignette edge, curtain)
    panel: Color              # panels, dialogs
    panel_hi: Color           # hovered rows, raised panels
    panel_edge: Color         # thin panel borders
    shadow: Color             # drop shadows (with alpha)
    # text
    text: Color               # parchment body text
    text_dim: Color           # secondary text
    text_faint: Color         # disabled text, hints
    text_dark: Color          # text on gold/parchment
    # accents
    gold: Color               # primary accent: titles, focus, selection
    amber: Color              # hover glow, candle light
    gold_dim: Color           # borders of idle buttons
    # semantics
    danger: Color             # crimson: losses, errors, destructive buttons
    danger_hi: Color
    success: Color            # wins, confirmations
    info: Color               # neutral notices, your-turn cue
    warning: Color            # clocks running low
    # seat colours (up to 8 seats) — always shown with the seat's name too
    seats: tuple
    # button fills
    button: Color
    button_hover: Color
    button_press: Color
    button_disabled: Color
    primary: Color            # the main action of a screen
    primary_hover: Color


CANDLELIT = Palette(
    name="candlelit",
    bg=(16, 12, 9),
    bg_deep=(7, 5, 4),
    panel=(30, 23, 17),
    panel_hi=(46, 35, 25),
    panel_edge=(92, 70, 42),
    shadow=(0, 0, 0, 150),
    text=(239, 227, 200),
    text_dim=(176, 160, 128),
    text_faint=(112, 100, 80),
    text_dark=(28, 20, 12),
    gold=(217, 168, 72),
    amber=(240, 180, 84),
    gold_dim=(130, 98, 50),
    danger=(168, 34, 43),
    danger_hi=(208, 58, 58),
    success=(108, 160, 104),
    info=(120, 160, 190),
    warning=(226, 140, 50),
    seats=((196, 64, 58), (70, 124, 196), (212, 172, 70), (92, 158, 102),
           (150, 92, 180), (214, 120, 60), (96, 176, 180), (200, 110, 150)),
    button=(44, 33, 24),
    button_hover=(66, 49, 32),
    button_press=(30, 22, 16),
    button_disabled=(30, 26, 22),
    primary=(120, 80, 30),
    primary_hover=(156, 106, 42),
)

# Okabe & Ito (2008) colour-universal-design hues for everything that signals state;
# grounds and button fills stay candle-lit.
COLORBLIND = replace(
    CANDLELIT,
    name="colorblind",
    text=(240, 236, 226),
    text_dim=(190, 182, 166),
    text_faint=(128, 122, 110),
    gold=(240, 228, 66),        # yellow
    amber=(230, 159, 0),        # orange
    gold_dim=(150, 130, 60),
    danger=(213, 94, 0),        # vermillion
    danger_hi=(240, 120, 30),
    success=(0, 158, 115),      # bluish green
    info=(86, 180, 233),        # sky blue
    warning=(230, 159, 0),
    seats=((213, 94, 0), (86, 180, 233), (240, 228, 66), (0, 158, 115),
           (204, 121, 167), (0, 114, 178), (230, 159, 0), (220, 220, 220)),
    primary=(0, 90, 140),
    primary_hover=(0, 114, 178),
)


def palette(colorblind: bool = False) -> Palette:
    return COLORBLIND if colorblind else CANDLELIT


# Seat markers that do not rely on colour: a shape per seat, drawn beside the name.
SEAT_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon", "cross", "ring")


@dataclass(frozen=True)
class FontSizes:
    """Pixel sizes at the logical 1920x1080 resolution (≥ 22 px body stays readable at 720p)."""
    tiny: int = 18
    small: int = 22
    body: int = 26
    button: int = 28
    heading: int = 36
    title: int = 56
    display: int = 132


@dataclass(frozen=True)
class Spacing:
    xs: int = 4
    s: int = 8
    m: int = 16
    l: int = 24
    xl: int = 40
    xxl: int = 64
    radius: int = 10           # corner radius of panels and buttons
    button_h: int = 60
    row_h: int = 56
    border: int = 2


FONT = FontSizes()
SPACE = Spacing()

LOGICAL_SIZE = (1920, 1080)
FPS = 60


def lerp_color(a: Color, b: Color, t: float) -> Color:
    t = 0.0 if t < 0 else 1.0 if t > 1 else t
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a, b))


def with_alpha(c: Color, alpha: int) -> Color:
    return (c[0], c[1], c[2], alpha)
