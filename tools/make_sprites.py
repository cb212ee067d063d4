#!/usr/bin/env python3
"""Generate Nocturne's committed sprites.

Outputs (relative to the repository root):

* ``sprites/icons/<name>.png`` -- 256x256 game-icons.net icons, parchment-white
  (#f2e6c9) on transparent, so code can tint them
  (``surface.fill(colour, special_flags=pygame.BLEND_RGBA_MULT)``).
* ``sprites/icons/index.yaml`` -- which source icon each file was made from.
* ``sprites/app_icon.png`` (512x512), ``sprites/app_icon_256.png`` and
  ``sprites/app_icon.ico`` (16..256 px, for Windows builds).
* ``sprites/textures/*.png`` -- procedural, deterministic textures and card
  backs (numpy + pygame, fixed seeds).

The icon vectors come from the npm package ``@iconify-json/game-icons``
(game-icons.net, by Lorc, Delapouite and contributors, CC BY 3.0).  Install it
anywhere and pass the path of its ``icons.json``::

    D=$(mktemp -d); npm install --prefix "$D" @iconify-json/game-icons
    python tools/make_sprites.py "$D/node_modules/@iconify-json/game-icons/icons.json"

Without an argument the script looks for an existing install under the temp
directory and, failing that, runs the ``npm install`` above itself.  Only
``pygame-ce`` and ``numpy`` are needed at generation time; the game itself
only loads the PNGs.
"""

from __future__ import annotations

import argparse
import glob
import io
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
ICON_DIR = SPRITES / "icons"
TEX_DIR = SPRITES / "textures"

ICON_SIZE = 256
ICON_COLOUR = "#f2e6c9"  # parchment-ish light colour; tint in code

PKG = "@iconify-json/game-icons"

# Output name -> candidate source icons (first one present in icons.json wins).
# Grouped by where the game uses them.  Keep names snake_case: code loads
# ``sprites/icons/<name>.png``.
ICONS: dict[str, tuple[str, ...]] = {
    # --- Schemers of Venice -------------------------------------------------
    "doge": ("crown", "throne-king", "imperial-crown"),
    "poisoner": ("poison-bottle", "poison"),
    "corsair": ("pirate-captain", "pirate-hat", "crossed-sabres"),
    "fortune_teller": ("crystal-ball", "crystal-eye"),
    "plague_doctor": ("plague-doctor-profile", "bird-mask"),
    "ducat": ("two-coins", "crown-coin"),
    "coins": ("coins", "coins-pile"),
    "canal": ("rialto-bridge", "stone-bridge", "waves"),
    "splash": ("water-splash", "splash"),
    "gondola_fare": ("wood-canoe", "canoe", "ticket"),
    "casino": ("card-random", "rolling-dices"),
    "challenge": ("uncertainty", "magnifying-glass"),
    "block": ("checked-shield", "shield"),
    "untouchable": ("domino-mask", "carnival-mask"),
    "auction": ("gavel",),
    "bounty": ("wanted-reward",),
    "clock": ("sands-of-time", "hourglass"),
    "timer": ("stopwatch", "pocket-watch"),
    "income": ("receive-money", "cash"),
    "steal": ("take-my-money", "robber-hand"),
    "assassinate": ("backstab", "plain-dagger"),
    "exchange": ("card-exchange", "swap-bag"),
    "influence": ("card-pickup", "card-draw"),
    "lost_influence": ("card-burn", "card-discard"),
    # --- Dark Deeds ----------------------------------------------------------
    "artisan": ("anvil", "anvil-impact"),
    "cleric": ("church", "pope-crown"),
    "merchant": ("shop", "money-stack"),
    "guard": ("guards", "halberd"),
    "nemesis": ("black-knight-helm", "evil-minion", "crossed-swords"),
    "plot": ("scroll-unfurled", "tied-scroll"),
    "dark_deed": ("daemon-skull", "skull-signet", "dark-squad"),
    "loot": ("swap-bag", "knapsack"),
    "suspicion": ("eye-target", "spy"),
    "most_suspicious": ("medal-skull", "coins"),
    "minion": ("cowled", "hood", "cloak-dagger"),
    "street": ("medieval-village-01", "village", "stone-path"),
    "tavern": ("tavern-sign", "beer-stein"),
    "beer": ("beer-stein", "beer-horn"),
    "dagger": ("plain-dagger", "broad-dagger"),
    "sneak": ("hooded-figure", "footsteps", "walk"),
    "rob": ("robber-hand", "pay-money"),
    "attack": ("sword-clash", "crossed-swords"),
    "lay_low": ("night-sleep", "sleepy", "hidden"),
    "foiled": ("cancel", "cross-mark"),
    "sod_off": ("hand", "stop-sign"),
    "wound": ("sword-wound", "bloody-sword"),
    "dice": ("rolling-dices", "perspective-dice-six-faces-random"),
    # individual loot / plot items
    "daggers": ("daggers", "thrown-daggers"),
    "cudgel": ("wood-club",),
    "hand_axe": ("wood-axe", "battered-axe"),
    "hammer": ("claw-hammer", "flat-hammer"),
    "throwing_knives": ("thrown-daggers", "thrown-knife"),
    "apron": ("leather-vest", "leather-armor"),
    "crowbar": ("crowbar",),
    "sawdust": ("powder-bag", "powder"),
    "petticoat": ("dress", "corset"),
    "shoes": ("leather-boot", "boots"),
    "hooded_cloak": ("cloak", "hooded-figure"),
    "forged_papers": ("scroll-quill", "papers"),
    "bribe": ("shiny-purse", "cash"),
    "purse": ("shiny-purse", "cash"),
    "cash": ("cash", "money-stack"),
    "sword_cane": ("sword-hilt", "wood-stick"),
    "ledger": ("book-cover", "notebook"),
    "mitre": ("pope-crown",),
    "censer": ("incense",),
    "rosary": ("prayer-beads",),
    "crosier": ("shepherds-crook", "crescent-staff"),
    "vestments": ("robe",),
    "holy_water": ("holy-water",),
    "indulgence": ("tied-scroll", "scroll-unfurled"),
    "empty_box": ("open-chest", "cardboard-box"),
    "treasure": ("open-treasure-chest", "chest"),
    "chalice": ("jeweled-chalice", "chalice-drops"),
    "lantern": ("lantern", "paper-lantern"),
    "lockpick": ("locked-door", "lock-spy"),
    # --- Dark Gothic / Book of Ordeals / Příšerky z podzemí ------------------
    "villain": ("vampire-dracula", "werewolf"),
    "witch": ("witch-face",),
    "werewolf": ("werewolf", "wolf-head"),
    "omen": ("evil-moon", "moon-bats"),
    "candle": ("candle-light", "candles"),
    "d12": ("d12", "dice-twenty-faces-twenty"),
    "skirmish": ("crossed-swords", "sword-clash"),
    "imp": ("imp",),
    "monster": ("monster-grasp", "imp"),
    # the monster shop's table (ms_*): its monsters, needs, den and board spaces
    "ms_bogling": ("frog",), "ms_gnasher": ("bestial-fangs", "fangs"), "ms_mopewyrm": ("sea-serpent",),
    "ms_scuttlekin": ("long-legged-spider",), "ms_hexhound": ("hound",), "ms_glimmermoth": ("butterfly",),
    "ms_sludgeling": ("slime",), "ms_thornback": ("hedgehog",), "ms_imp_eater": ("carnivore-mouth",),
    "ms_puffgloom": ("slow-blob",), "ms_cinderpup": ("fluffy-flame",), "ms_wobblewisp": ("floating-tentacles",),
    "ms_piglet": ("pig",), "ms_pearl_presser": ("oyster-pearl",), "ms_gobbler": ("worm-mouth",),
    "ms_vampling": ("bat",), "ms_spooker": ("ghost",), "ms_loris": ("owl",),
    "ms_hypochondriac": ("sad-crab",), "ms_pony": ("unicorn",), "ms_ruffian": ("brute",),
    "ms_need_H": ("knife-fork", "hot-meal"), "ms_need_E": ("turd",), "ms_need_L": ("tennis-ball",),
    "ms_need_A": ("angry-eyes",), "ms_need_M": ("magic-swirl",), "ms_need_D": ("virus",),
    "ms_suffering": ("broken-heart",), "ms_mutation": ("dna1",), "ms_cage": ("cage",),
    "ms_anti_magic": ("magic-shield",), "ms_strength": ("padlock",), "ms_upgrade": ("spanner",),
    "ms_pearl": ("pearl-necklace",), "ms_meat": ("meat",), "ms_veg": ("carrot",),
    "ms_frozen": ("snowflake-1",), "ms_lollipop": ("spiral-lollipop",), "ms_can": ("opened-food-can",),
    "ms_potion": ("potion-ball",), "ms_hospital": ("hospital-cross",), "ms_podium": ("podium-winner",),
    "ms_jury": ("tribunal-jury",), "ms_invite": ("envelope",), "ms_artifacts": ("magic-lamp",),
    "ms_black_market": ("cloak",), "ms_industry": ("factory",), "ms_boutique": ("bow-tie",),
    "ms_contest": ("trophy-cup",), "ms_customer": ("shaking-hands",), "ms_reputation": ("laurel-crown",),
    "ms_bodyguard": ("muscle-up",), "ms_hat": ("top-hat",), "ms_food": ("shop",),
    "ms_young": ("egg-clutch",), "ms_waiting": ("sleepy",), "ms_accessory": ("bow-tie-ribbon",),
    # the Book of Ordeals' table (bo_*): the Shadow's profiles, the Company's roles, graves
    "bo_husk": ("dead-head",), "bo_grave_hound": ("wolf-head",), "bo_hollow_archer": ("pocket-bow",),
    "bo_revenant": ("dread-skull",), "bo_lantern_wraith": ("spectre",), "bo_warden": ("crowned-skull",),
    "bo_leader": ("visored-helm",), "bo_bow": ("bow-arrow",), "bo_crossbow": ("crossbow",),
    "bo_sling": ("sling",), "bo_spear": ("spear-hook",), "bo_great_weapon": ("battle-axe",),
    "bo_fighter": ("sword-brandish",), "bo_grave": ("tombstone",),
    # --- General UI ----------------------------------------------------------
    "settings": ("cog",),
    "save": ("save",),
    "load": ("open-folder",),
    "undo": ("anticlockwise-rotation", "return-arrow"),
    "menu": ("hamburger-menu",),
    "sound": ("speaker",),
    "mute": ("speaker-off",),
    "hide_hand": ("semi-closed-eye", "closed-barbute"),
    "show_hand": ("eyeball", "awareness"),
    "help": ("help",),
    "info": ("info",),
    "exit": ("exit-door", "door"),
    "back": ("plain-arrow@-90", "return-arrow"),
    "confirm": ("check-mark",),
    "close": ("cross-mark", "cancel"),
    "trophy": ("laurels-trophy", "trophy"),
    "death": ("death-skull", "skull-crossed-bones"),
    "player": ("hood", "cowled"),
    "bot": ("android-mask", "cog"),
    "deck": ("card-draw", "card-pickup"),
    "discard": ("card-discard", "card-burn"),
    "bell": ("ringing-bell",),
}

# Emblems used on generated art.
APP_ICON_SOURCE = ("candle-skull", "candle-light")
ORNAMENT_SOURCE = ("fleur-de-lys", "curled-leaf", "diamonds")


def game_art() -> dict:
    """Each registered game's art (its GameSpec.art): the menu icon game_<id> and, for
    card games, the card back. Nothing here names a game."""
    sys.path.insert(0, str(ROOT))
    from game import registry
    out = {}
    for gid in registry.game_ids():
        art = registry.get(gid).art
        if art is not None:
            out[gid] = art
    return out


def all_icons() -> dict:
    """The shared icons plus one `game_<id>` icon per registered game."""
    return {**ICONS, **{f"game_{gid}": tuple(art.icon) for gid, art in game_art().items()}}


# ---------------------------------------------------------------------------
# icons.json handling
# ---------------------------------------------------------------------------

def find_icons_json(arg: str | None) -> Path:
    """Locate icons.json: explicit path, an existing temp install, or npm."""
    if arg:
        p = Path(arg)
        if p.is_dir():
            for cand in (p / "icons.json",
                         p / "node_modules" / PKG / "icons.json"):
                if cand.is_file():
                    return cand
        if p.is_file():
            return p
        sys.exit(f"icons.json not found at {arg}")
    env = os.environ.get("GAME_ICONS_JSON")
    if env and Path(env).is_file():
        return Path(env)
    tmp = tempfile.gettempdir()
    hits = sorted(glob.glob(os.path.join(tmp, "*", "node_modules", "@iconify-json",
                                         "game-icons", "icons.json")))
    if hits:
        return Path(hits[-1])
    npm = shutil.which("npm")
    if not npm:
        sys.exit("icons.json not given and npm not available; see --help")
    d = tempfile.mkdtemp(prefix="game-icons-")
    print(f"installing {PKG} into {d} ...")
    subprocess.run([npm, "install", "--silent", "--prefix", d, PKG], check=True)
    return Path(d) / "node_modules" / PKG / "icons.json"


class IconSet:
    def __init__(self, path: Path):
        data = json.loads(path.read_text(encoding="utf-8"))
        self.path = path
        self.icons: dict = data["icons"]
        self.aliases: dict = data.get("aliases", {})
        self.width = data.get("width", 512)
        self.height = data.get("height", 512)
        info_path = path.with_name("info.json")
        self.info = json.loads(info_path.read_text()) if info_path.is_file() else {}
        pkg_path = path.with_name("package.json")
        self.version = (json.loads(pkg_path.read_text()).get("version", "?")
                        if pkg_path.is_file() else "?")

    @staticmethod
    def split(spec: str) -> tuple[str, int]:
        """'plain-arrow@-90' -> ('plain-arrow', -90): rotate degrees anticlockwise."""
        name, _, rot = spec.partition("@")
        return name, int(rot or 0)

    def has(self, spec: str) -> bool:
        name = self.split(spec)[0]
        return name in self.icons or name in self.aliases

    def resolve(self, name: str) -> str:
        seen = set()
        while name not in self.icons and name in self.aliases and name not in seen:
            seen.add(name)
            name = self.aliases[name]["parent"]
        return name

    def pick(self, candidates) -> str:
        for c in candidates:
            if self.has(c):
                name, rot = self.split(c)
                return self.resolve(name) + (f"@{rot}" if rot else "")
        raise KeyError(f"none of {candidates} in icons.json")

    def svg(self, name: str, colour: str) -> bytes:
        ic = self.icons[self.resolve(name)]
        w = ic.get("width", self.width)
        h = ic.get("height", self.height)
        body = ic["body"].replace("currentColor", colour)
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
                f'viewBox="0 0 {w} {h}">{body}</svg>').encode()

    def render(self, spec: str, size: int, colour: str = ICON_COLOUR) -> pygame.Surface:
        name, rot = self.split(spec)
        # Render at 2x and downsample for smooth, even edges.
        big = pygame.image.load_sized_svg(io.BytesIO(self.svg(name, colour)),
                                          (size * 2, size * 2))
        if rot:
            big = pygame.transform.rotate(big, rot)
        small = pygame.transform.smoothscale(big.convert_alpha(), (size, size))
        # Flat colour everywhere (only alpha varies): no dark fringes from
        # transparent-black pixels, tints cleanly, and compresses well.
        return tint(small, hexrgb(colour))


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

def hexrgb(s: str) -> tuple[int, int, int]:
    s = s.lstrip("#")
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))  # type: ignore[return-value]


def tileable_noise(shape, rng, beta=1.0, aniso=(1.0, 1.0), lo=0.0, hi=None):
    """Gaussian noise with a 1/f^beta spectrum; periodic, so it tiles.

    ``aniso`` stretches frequencies per axis (rows, cols): a value > 1 on an
    axis makes features shorter along it.  Returns an array scaled to [0, 1].
    """
    h, w = shape
    white = rng.standard_normal(shape)
    fy = np.fft.fftfreq(h)[:, None] * h * aniso[0]
    fx = np.fft.fftfreq(w)[None, :] * w * aniso[1]
    f = np.sqrt(fx * fx + fy * fy)
    f[0, 0] = 1.0
    amp = 1.0 / f ** beta
    if lo:
        amp *= 1.0 / (1.0 + (lo / f) ** 4)  # high-pass: drop the very largest blobs
    if hi:
        amp *= np.exp(-(f / hi) ** 2)
    amp[0, 0] = 0.0
    out = np.real(np.fft.ifft2(np.fft.fft2(white) * amp))
    out -= out.min()
    out /= max(out.max(), 1e-9)
    return out


def to_surface(rgb: np.ndarray) -> pygame.Surface:
    """(h, w, 3) float 0..255 -> Surface."""
    arr = np.clip(rgb, 0, 255).astype(np.uint8)
    return pygame.surfarray.make_surface(arr.transpose(1, 0, 2))


def lerp_colours(t: np.ndarray, stops) -> np.ndarray:
    """Map t in [0,1] through colour stops [(pos, (r,g,b)), ...]."""
    pos = np.array([p for p, _ in stops])
    cols = np.array([c for _, c in stops], dtype=float)
    out = np.empty(t.shape + (3,))
    for ch in range(3):
        out[..., ch] = np.interp(t, pos, cols[:, ch])
    return out


def save_png(surf: pygame.Surface, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def rounded_mask(w: int, h: int, r: int, ss: int = 4) -> np.ndarray:
    """Anti-aliased alpha (0..255) of a rounded rectangle, shape (w, h)."""
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    pygame.draw.rect(big, (255, 255, 255, 255), big.get_rect(), border_radius=r * ss)
    small = pygame.transform.smoothscale(big, (w, h))
    return pygame.surfarray.array_alpha(small)


def apply_alpha(surf: pygame.Surface, alpha: np.ndarray) -> pygame.Surface:
    out = surf.convert_alpha()
    a = pygame.surfarray.pixels_alpha(out)
    a[...] = np.minimum(a, alpha)
    del a
    return out


def tint(icon: pygame.Surface, colour) -> pygame.Surface:
    """Recolour a light icon: keeps alpha, sets RGB to colour."""
    out = icon.copy()
    rgb = pygame.surfarray.pixels3d(out)
    rgb[...] = np.array(colour[:3], dtype=np.uint8)
    del rgb
    return out


def glow(size: int, colour, radius_frac=0.5, power=2.0, strength=1.0) -> pygame.Surface:
    """Radial soft glow (premultiplied into alpha)."""
    y, x = np.mgrid[0:size, 0:size]
    c = (size - 1) / 2
    d = np.sqrt((x - c) ** 2 + (y - c) ** 2) / (size * radius_frac)
    a = np.clip(1 - d, 0, 1) ** power * 255 * strength
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    s.fill((*colour[:3], 0))
    pa = pygame.surfarray.pixels_alpha(s)
    pa[...] = np.clip(a.T, 0, 255).astype(np.uint8)
    del pa
    return s


def shadowed(icon: pygame.Surface, blur: int = 6, alpha: int = 170) -> pygame.Surface:
    """Icon with a soft dark drop shadow underneath (same size + margin)."""
    w, h = icon.get_size()
    m = blur * 2
    out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
    sh = tint(icon, (0, 0, 0))
    sh.set_alpha(alpha)
    small = pygame.transform.smoothscale(sh, (max(1, w // blur), max(1, h // blur)))
    sh = pygame.transform.smoothscale(small, (w, h))
    out.blit(sh, (m + blur // 2, m + blur))
    out.blit(icon, (m, m))
    return out


# ---------------------------------------------------------------------------
# icons
# ---------------------------------------------------------------------------

def make_icons(iconset: IconSet) -> dict[str, str]:
    ICON_DIR.mkdir(parents=True, exist_ok=True)
    for old in ICON_DIR.glob("*.png"):
        old.unlink()
    chosen: dict[str, str] = {}
    for out_name, cands in all_icons().items():
        src = iconset.pick(cands)
        if IconSet.split(src)[0] != IconSet.split(cands[0])[0]:
            print(f"  {out_name}: '{cands[0]}' missing, using '{src}'")
        chosen[out_name] = src
        save_png(iconset.render(src, ICON_SIZE), ICON_DIR / f"{out_name}.png")
    write_index(iconset, chosen)
    return chosen


def write_index(iconset: IconSet, chosen: dict[str, str]) -> None:
    author = iconset.info.get("author", {})
    lic = iconset.info.get("license", {})
    lines = [
        "# Generated by tools/make_sprites.py -- do not edit by hand.",
        "# Icons: game-icons.net, by Lorc, Delapouite and contributors, CC BY 3.0.",
        "# icons.json carries no per-icon author, so the whole set is credited;",
        "# each icon's author is shown on https://game-icons.net/ .",
        "source:",
        f"  package: \"{PKG}@{iconset.version}\"",
        f"  site: \"https://game-icons.net\"",
        f"  repository: \"{author.get('url', 'https://github.com/game-icons/icons')}\"",
        "  author: \"Lorc, Delapouite and contributors (game-icons.net)\"",
        f"  license: \"{lic.get('title', 'CC BY 3.0')}\"",
        "  license_url: \"https://creativecommons.org/licenses/by/3.0/\"",
        f"  modifications: \"rasterised to {ICON_SIZE}x{ICON_SIZE} PNG, "
        f"recoloured {ICON_COLOUR} on transparent\"",
        f"size: {ICON_SIZE}",
        f"colour: \"{ICON_COLOUR}\"",
        "icons:",
    ]
    for out_name in sorted(chosen):
        name, rot = IconSet.split(chosen[out_name])
        lines += [
            f"  {out_name}:",
            f"    file: {out_name}.png",
            f"    source_icon: {name}",
        ] + ([f"    rotated_degrees_anticlockwise: {rot}"] if rot else []) + [
            "    author: \"game-icons.net contributors (Lorc, Delapouite et al.)\"",
        ]
    (ICON_DIR / "index.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


# ---------------------------------------------------------------------------
# app icon
# ---------------------------------------------------------------------------

def make_app_icon(iconset: IconSet) -> None:
    """Candle-skull under a crescent moon on a dark rounded square, gold rim."""
    size = 512
    ss = 2
    S = size * ss
    y, x = np.mgrid[0:S, 0:S].astype(float)
    # background: candle-lit radial gradient, warm in the middle
    d = np.sqrt((x - S * 0.5) ** 2 + (y - S * 0.48) ** 2) / S
    t = np.clip(d / 0.72, 0, 1)
    bg = lerp_colours(t, [(0.0, (92, 50, 34)), (0.30, (48, 24, 30)),
                          (0.70, (20, 11, 19)), (1.0, (9, 6, 11))])
    rng = np.random.default_rng(7)
    bg *= (0.93 + 0.07 * tileable_noise((S, S), rng, beta=1.2))[..., None]
    surf = to_surface(bg).convert_alpha()

    # crescent moon, upper right, with a faint halo
    mr = int(S * 0.13)
    mc = (int(S * 0.72), int(S * 0.27))
    halo = glow(mr * 5, (240, 220, 180), radius_frac=0.5, power=2.4, strength=0.30)
    surf.blit(halo, (mc[0] - halo.get_width() // 2, mc[1] - halo.get_height() // 2))
    moon = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(moon, (238, 226, 196, 255), mc, mr)
    cut = pygame.Surface((S, S), pygame.SRCALPHA)
    pygame.draw.circle(cut, (255, 255, 255, 255), (mc[0] - int(mr * 0.45), mc[1] - int(mr * 0.25)),
                       int(mr * 0.90))
    moon.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    surf.blit(moon, (0, 0))

    # warm glow behind the candle flame, then the candle-skull emblem
    g = glow(int(S * 0.62), (255, 176, 90), radius_frac=0.5, power=2.0, strength=0.45)
    surf.blit(g, ((S - g.get_width()) // 2 - int(S * 0.04), int(S * 0.02)))
    src = iconset.pick(APP_ICON_SOURCE)
    em_size = int(S * 0.66)
    em = iconset.render(src, em_size, "#f4e4c1")
    # flame and candle glow golden at the top, fading to bone lower down
    rgb = pygame.surfarray.pixels3d(em)
    ty = np.linspace(0, 1, em_size)[None, :, None]
    w = np.clip((0.42 - ty) / 0.22, 0, 1)
    warm = np.array([255, 196, 96], dtype=float)[None, None, :]
    bone = np.array([244, 228, 193], dtype=float)[None, None, :]
    rgb[...] = np.broadcast_to(bone * (1 - w) + warm * w, rgb.shape).astype(np.uint8)
    del rgb
    sh = shadowed(em, blur=12, alpha=210)
    m = (sh.get_width() - em_size) // 2
    surf.blit(sh, ((S - em_size) // 2 - m - int(S * 0.03), int(S * 0.22) - m))

    # gold rim inside the rounded square
    r = int(S * 0.18)
    rim = pygame.Surface((S, S), pygame.SRCALPHA)
    inset = int(S * 0.025)
    pygame.draw.rect(rim, (201, 162, 74, 255), rim.get_rect().inflate(-2 * inset, -2 * inset),
                     width=int(S * 0.014), border_radius=r - inset)
    surf.blit(rim, (0, 0))
    surf = apply_alpha(surf, rounded_mask(S, S, r, ss=1))
    final = pygame.transform.smoothscale(surf, (size, size))
    save_png(final, SPRITES / "app_icon.png")
    save_png(pygame.transform.smoothscale(final, (256, 256)), SPRITES / "app_icon_256.png")
    make_ico(final, SPRITES / "app_icon.ico")


def make_ico(surf: pygame.Surface, path: Path) -> None:
    """Windows .ico with 16..256 px images; ImageMagick if present, else PNG-in-ICO."""
    sizes = [16, 24, 32, 48, 64, 128, 256]
    with tempfile.TemporaryDirectory() as td:
        pngs = []
        for s in sizes:
            p = Path(td) / f"icon_{s}.png"
            pygame.image.save(pygame.transform.smoothscale(surf, (s, s)), str(p))
            pngs.append(p)
        convert = shutil.which("magick") or shutil.which("convert")
        if convert:
            args = [convert] if not convert.endswith("magick") else [convert, "convert"]
            r = subprocess.run(args + [str(p) for p in pngs] + [str(path)],
                               capture_output=True)
            if r.returncode == 0 and path.is_file() and path.stat().st_size > 0:
                return
            print("  convert failed, writing PNG-in-ICO directly")
        # Fallback: ICO container with PNG payloads (valid since Windows Vista).
        blobs = [p.read_bytes() for p in pngs]
        header = struct.pack("<HHH", 0, 1, len(blobs))
        offset = 6 + 16 * len(blobs)
        entries = b""
        for s, b in zip(sizes, blobs):
            entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(b), offset)
            offset += len(b)
        path.write_bytes(header + entries + b"".join(blobs))


# ---------------------------------------------------------------------------
# textures
# ---------------------------------------------------------------------------

def make_felt() -> None:
    n = 512
    rng = np.random.default_rng(1001)
    mottled = tileable_noise((n, n), rng, beta=1.6)          # large soft blotches
    fibres = tileable_noise((n, n), rng, beta=0.35, hi=n * 0.35)  # fine fuzz
    grain = tileable_noise((n, n), rng, beta=0.0)             # pixel grain
    t = 0.55 * mottled + 0.30 * fibres + 0.15 * grain
    t = (t - t.mean()) / (t.std() + 1e-9)
    base = np.array([20, 38, 30], dtype=float)   # green-black baize
    light = 1.0 + 0.10 * t
    rgb = base[None, None, :] * light[..., None]
    rgb[..., 0] += 2.0 * (mottled - 0.5)  # a hint of warm variation
    save_png(to_surface(rgb), TEX_DIR / "table_felt.png")


def make_wood() -> None:
    n = 512
    rng = np.random.default_rng(2002)
    y, x = np.mgrid[0:n, 0:n].astype(float)
    # Periodic warp noise, stretched along x so the grain runs horizontally.
    warp = tileable_noise((n, n), rng, beta=1.6, aniso=(1.0, 2.5))
    warp2 = tileable_noise((n, n), rng, beta=1.2, aniso=(1.0, 5.0))
    fibres = tileable_noise((n, n), rng, beta=0.6, aniso=(0.25, 8.0), hi=n)
    tone = tileable_noise((n, n), rng, beta=2.0)
    k = 7  # integer ring count across the tile keeps it periodic in y
    phase = 2 * np.pi * (k * y / n) + 10.0 * warp + 2.5 * warp2
    rings = (0.5 + 0.5 * np.sin(phase)) ** 2.5
    t = 0.38 * rings + 0.37 * fibres + 0.25 * tone
    t = (t - t.min()) / (t.max() - t.min())
    stops = [(0.0, (22, 12, 8)), (0.40, (42, 24, 15)), (0.72, (60, 36, 22)), (1.0, (86, 54, 32))]
    rgb = lerp_colours(t, stops)
    save_png(to_surface(rgb), TEX_DIR / "wood.png")


def make_parchment() -> None:
    n = 256
    rng = np.random.default_rng(3003)
    blot = tileable_noise((n, n), rng, beta=1.8)
    mid = tileable_noise((n, n), rng, beta=1.0, lo=6)
    fibre = tileable_noise((n, n), rng, beta=0.5, aniso=(0.5, 2.0), hi=n * 0.5)
    t = 0.55 * blot + 0.25 * mid + 0.20 * fibre
    t = (t - t.min()) / (t.max() - t.min())
    stops = [(0.0, (196, 170, 126)), (0.35, (218, 196, 153)),
             (0.7, (230, 212, 174)), (1.0, (238, 224, 192))]
    rgb = lerp_colours(t, stops)
    save_png(to_surface(rgb), TEX_DIR / "parchment.png")


def make_card_back(iconset: IconSet, key: str, back) -> None:
    """sprites/textures/card_back_<key>.png from a game's `CardBack` (game/registry.py)."""
    bg_dark, bg_light, accent, emblem_col = back.dark, back.light, back.accent, back.emblem_colour
    seed, pattern = back.seed, back.pattern
    W, H = 180, 252
    ss = 4
    SW, SH = W * ss, H * ss
    rng = np.random.default_rng(seed)
    y, x = np.mgrid[0:SH, 0:SW].astype(float)
    # background: radial candle-light gradient + fine noise
    d = np.sqrt(((x - SW / 2) / SW) ** 2 + ((y - SH * 0.5) / SH) ** 2 * 0.8)
    t = np.clip(1 - d / 0.62, 0, 1) ** 1.4
    noise = tileable_noise((SH, SW), rng, beta=0.9)
    t = np.clip(t * (0.85 + 0.3 * noise), 0, 1)
    rgb = lerp_colours(t, [(0.0, bg_dark), (1.0, bg_light)])
    surf = to_surface(rgb).convert_alpha()

    acc = (*accent, 255)
    deco = pygame.Surface((SW, SH), pygame.SRCALPHA)
    m1 = 7 * ss            # outer frame inset
    m2 = 13 * ss           # inner panel inset
    inner = pygame.Rect(m2, m2, SW - 2 * m2, SH - 2 * m2)

    # lattice pattern inside the inner panel
    pat = pygame.Surface((SW, SH), pygame.SRCALPHA)
    pa = (*accent, 34)
    step = 18 * ss
    if pattern == "diamond":
        for i in range(-SH // step - 2, SW // step + SH // step + 3):
            x0 = i * step
            pygame.draw.line(pat, pa, (x0, 0), (x0 + SH * 0.7, SH), ss)
            pygame.draw.line(pat, pa, (x0, 0), (x0 - SH * 0.7, SH), ss)
        for cy_ in range(inner.top, inner.bottom, step):
            for cx_ in range(inner.left, inner.right, step):
                pass
    else:  # "bones": small crosses on a staggered grid
        for j, cy_ in enumerate(range(inner.top + step // 2, inner.bottom, step)):
            off = step // 2 if j % 2 else 0
            for cx_ in range(inner.left + step // 2 + off, inner.right, step):
                r = 3 * ss
                pygame.draw.line(pat, (*accent, 40), (cx_ - r, cy_ - r), (cx_ + r, cy_ + r), ss)
                pygame.draw.line(pat, (*accent, 40), (cx_ - r, cy_ + r), (cx_ + r, cy_ - r), ss)
    clip = pygame.Surface((SW, SH), pygame.SRCALPHA)
    pygame.draw.rect(clip, (255, 255, 255, 255), inner, border_radius=8 * ss)
    pat.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    deco.blit(pat, (0, 0))

    # frames: outer thick line, inner thin double line
    pygame.draw.rect(deco, acc, pygame.Rect(m1, m1, SW - 2 * m1, SH - 2 * m1),
                     width=int(1.6 * ss), border_radius=9 * ss)
    pygame.draw.rect(deco, acc, inner, width=int(0.9 * ss), border_radius=8 * ss)
    pygame.draw.rect(deco, (*accent, 140), inner.inflate(-5 * ss, -5 * ss),
                     width=int(0.6 * ss), border_radius=6 * ss)
    # small diamonds at the middle of each frame side
    for (px, py) in ((SW // 2, m1), (SW // 2, SH - m1), (m1, SH // 2), (SW - m1, SH // 2)):
        r = 4 * ss
        pygame.draw.polygon(deco, (*bg_dark, 255), [(px, py - r - ss), (px + r + ss, py),
                                                     (px, py + r + ss), (px - r - ss, py)])
        pygame.draw.polygon(deco, acc, [(px, py - r), (px + r, py), (px, py + r), (px - r, py)])

    # corner ornaments (rotated so they point into each corner)
    orn_src = iconset.pick(ORNAMENT_SOURCE)
    osz = 20 * ss
    orn = tint(iconset.render(orn_src, osz), accent)
    for k, (ox, oy) in enumerate(((m2 + 3 * ss, m2 + 3 * ss),
                                  (SW - m2 - 3 * ss - osz, m2 + 3 * ss),
                                  (SW - m2 - 3 * ss - osz, SH - m2 - 3 * ss - osz),
                                  (m2 + 3 * ss, SH - m2 - 3 * ss - osz))):
        o = pygame.transform.rotate(orn, 45 - 90 * k)
        o = pygame.transform.smoothscale(o, (osz, osz))
        deco.blit(o, (ox, oy))

    # central medallion
    cx, cy = SW // 2, SH // 2
    rad = 52 * ss
    med = pygame.Surface((SW, SH), pygame.SRCALPHA)
    pygame.draw.circle(med, (*bg_dark, 235), (cx, cy), rad)
    pygame.draw.circle(med, acc, (cx, cy), rad, width=int(1.6 * ss))
    pygame.draw.circle(med, (*accent, 150), (cx, cy), rad - 5 * ss, width=int(0.7 * ss))
    # tick marks round the medallion
    for i in range(24):
        a = 2 * math.pi * i / 24
        r0, r1 = rad + 3 * ss, rad + (7 if i % 2 == 0 else 5) * ss
        pygame.draw.line(med, (*accent, 200), (cx + r0 * math.cos(a), cy + r0 * math.sin(a)),
                         (cx + r1 * math.cos(a), cy + r1 * math.sin(a)), int(1.0 * ss))
    deco.blit(med, (0, 0))
    # warm glow behind emblem
    g = glow(int(rad * 1.8), (255, 190, 110), radius_frac=0.5, power=2.0, strength=0.22)
    deco.blit(g, (cx - g.get_width() // 2, cy - g.get_height() // 2))
    em_src = iconset.pick(back.emblem)
    esz = int(rad * 1.45)
    em = iconset.render(em_src, esz, "#%02x%02x%02x" % tuple(emblem_col))
    deco.blit(shadowed(em, blur=4 * ss, alpha=180), (cx - esz // 2 - 8 * ss, cy - esz // 2 - 8 * ss))

    surf.blit(deco, (0, 0))
    # outer dark edge so the card reads against the table
    edge = pygame.Surface((SW, SH), pygame.SRCALPHA)
    pygame.draw.rect(edge, (0, 0, 0, 200), edge.get_rect(), width=int(1.2 * ss), border_radius=12 * ss)
    surf.blit(edge, (0, 0))
    surf = apply_alpha(surf, rounded_mask(SW, SH, 12 * ss, ss=1))
    out = pygame.transform.smoothscale(surf, (W, H))
    save_png(out, TEX_DIR / f"card_back_{key}.png")


def make_textures(iconset: IconSet) -> None:
    TEX_DIR.mkdir(parents=True, exist_ok=True)
    make_felt()
    make_wood()
    make_parchment()
    for gid, art in game_art().items():
        if art.card_back is not None:
            make_card_back(iconset, gid, art.card_back)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("icons_json", nargs="?", help="path to @iconify-json/game-icons icons.json")
    ap.add_argument("--only", choices=["icons", "app", "textures"], help="generate one group")
    args = ap.parse_args(argv)
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    iconset = IconSet(find_icons_json(args.icons_json))
    print(f"icons from {iconset.path} (version {iconset.version})")
    if args.only in (None, "icons"):
        chosen = make_icons(iconset)
        print(f"  {len(chosen)} icons -> {ICON_DIR.relative_to(ROOT)}")
    if args.only in (None, "app"):
        make_app_icon(iconset)
        print("  app icon -> sprites/app_icon.png/.ico")
    if args.only in (None, "textures"):
        make_textures(iconset)
        print(f"  textures -> {TEX_DIR.relative_to(ROOT)}")
    pygame.quit()


if __name__ == "__main__":
    main()
