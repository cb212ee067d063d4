"""Cached, converted surfaces: fonts, text, icons, textures, card backs, images.

Create ONE `Assets()` after `pygame.display.set_mode` (convert/convert_alpha need a
display). Everything is cached: never render text or scale an image every frame —
ask `assets.text(...)` / `assets.icon(...)` each frame instead, they are dict lookups.

Missing files never crash the game: a clear placeholder is drawn and the name is
recorded in `assets.missing` (the self-test reports it).

Every text drawn goes through one bounded renderer: `assets.font()` returns a
`BoundedFont`, whose `render` and `size` never fail (empty or zero-width text — a
zero-width space, a name of only combining marks — draws nothing; a NUL or a lone
surrogate is dropped; a line is cut at `line_limit(size)` characters), and `wrap` /
`text_block` read at most WRAP_MAX_CHARS characters into at most WRAP_MAX_LINES lines.
A damaged font file falls back to pygame's default font with one warning.
"""
from __future__ import annotations

import struct
import sys
from array import array
from pathlib import Path

import pygame

from ..core.paths import resource_path

_SYSTEM_DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
_TEXT_CACHE_LIMIT = 6000          # rendered strings kept at most (and _TEXT_BYTES of pixels)
_TEXT_BYTES = 24 << 20
_ICON_BYTES = 16 << 20
_IMAGE_BYTES = 48 << 20
_SCALED_BYTES = 48 << 20           # about two screens' backdrops and glows
LINE_MAX_CHARS = 1000              # one drawn line (a 1920 px screen shows ~150 at body size)
LINE_PIXEL_BUDGET = 60_000         # characters x font size: a 132 px title line is cut sooner
WRAP_MAX_CHARS = 20_000            # text wrapped into a block (the longest rules page is ~3,500)
WRAP_MAX_LINES = 400


def line_limit(size: int) -> int:
    """The most characters one line of text at `size` px is drawn with: a 200,000-character
    name costs what a 1,000-character one does, and its surface stays a few MB."""
    return max(16, min(LINE_MAX_CHARS, LINE_PIXEL_BUDGET // max(1, int(size))))


def drawable(text, limit: int = LINE_MAX_CHARS) -> str:
    """What a font may be given: a str without NUL or lone surrogates (both make SDL_ttf
    raise), at most `limit` characters (cut with an ellipsis)."""
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    if len(text) > limit:
        text = text[:max(0, limit - 1)] + "…"
    if "\x00" in text:
        text = text.replace("\x00", "")
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = text.encode("utf-8", "replace").decode("utf-8")
    return text


class BoundedFont(pygame.font.Font):
    """A pygame Font whose `render` and `size` never raise: text SDL_ttf refuses ("Text
    has zero width" for a zero-width space or a bidi mark, a NUL, a surrogate) draws as
    nothing, 0 px wide and one line high, like the empty string; long text is cut."""

    def __init__(self, file, size: int):
        super().__init__(file, size)
        self.max_chars = line_limit(size)

    def render(self, text, antialias=True, color=(255, 255, 255), bgcolor=None, wraplength=0):
        text = drawable(text, self.max_chars)
        if text:
            try:
                return super().render(text, antialias, color, bgcolor, min(max(0, int(wraplength)), 8192))
            except (pygame.error, ValueError, UnicodeError, MemoryError):
                pass
        return pygame.Surface((0, self.get_height()), pygame.SRCALPHA)

    def size(self, text) -> tuple[int, int]:
        text = drawable(text, self.max_chars)
        if text:
            try:
                return super().size(text)
            except (pygame.error, ValueError, UnicodeError):
                pass
        return (0, self.get_height())


class SurfaceCache:
    """A dict of surfaces bounded by count and by pixel bytes: the least recently used
    go first, so a long session never grows without end (issue 12: 45 minutes of play
    held ~590 MB). Reads are a dict lookup plus a move to the end."""

    def __init__(self, max_bytes: int, max_items: int = 100_000):
        from collections import OrderedDict
        self.max_bytes, self.max_items = max_bytes, max_items
        self._d: "OrderedDict" = OrderedDict()
        self.bytes = 0

    @staticmethod
    def size_of(surf) -> int:
        try:
            return surf.get_width() * surf.get_height() * surf.get_bytesize()
        except (AttributeError, pygame.error):
            return 0

    def get(self, key, default=None):
        surf = self._d.get(key)
        if surf is None:
            return default
        self._d.move_to_end(key)
        return surf

    def __setitem__(self, key, surf) -> None:
        old = self._d.pop(key, None)
        if old is not None:
            self.bytes -= self.size_of(old)
        self._d[key] = surf
        self.bytes += self.size_of(surf)
        while len(self._d) > 1 and (self.bytes > self.max_bytes or len(self._d) > self.max_items):
            _, gone = self._d.popitem(last=False)
            self.bytes -= self.size_of(gone)

    def __getitem__(self, key):
        return self._d[key]

    def get_or_make(self, key, make):
        """The surface under `key`, made by `make()` and kept the first time it is asked for."""
        surf = self.get(key)
        if surf is None:
            surf = make()
            self[key] = surf
        return surf

    def __contains__(self, key) -> bool:
        return key in self._d

    def __iter__(self):
        return iter(list(self._d))

    def __delitem__(self, key) -> None:
        self.bytes -= self.size_of(self._d.pop(key))

    def __len__(self) -> int:
        return len(self._d)

    def clear(self) -> None:
        self._d.clear()
        self.bytes = 0


FONT_MAX_BYTES = 32 << 20
_SFNT_TAGS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
_FONT_NEEDS = {b"cmap", b"head", b"hhea", b"hmtx", b"maxp"}


def _table_sum(body: bytes) -> int:
    words = array("I", body + b"\0" * (-len(body) % 4))
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def font_file_problem(path) -> str | None:
    """Why a font file must not reach SDL_ttf, or None. A truncated or corrupted font
    can raise deep inside a draw or abort the process (exit 134), so before a file is
    opened its table directory is read and every table's checksum checked (~5 ms a file)."""
    try:
        with open(path, "rb") as fh:
            raw = fh.read(FONT_MAX_BYTES + 1)
    except OSError as exc:
        return f"cannot be read ({exc.strerror or type(exc).__name__})"
    if len(raw) > FONT_MAX_BYTES:
        return "too big for a font"
    if len(raw) < 12 or raw[:4] not in _SFNT_TAGS:
        return "not a TrueType/OpenType font"
    count = struct.unpack(">H", raw[4:6])[0]
    if not 1 <= count <= 200 or 12 + 16 * count > len(raw):
        return "its table directory is damaged"
    tags = set()
    for i in range(count):
        tag, checksum, offset, length = struct.unpack(">4sIII", raw[12 + 16 * i:28 + 16 * i])
        if offset + length > len(raw):
            return "cut short (truncated)"
        body = raw[offset:offset + length]
        if tag == b"head":
            if length < 12:
                return "its head table is damaged"
            body = body[:8] + b"\0\0\0\0" + body[12:]      # checkSumAdjustment is not summed
        if _table_sum(body) != checksum:
            return f"damaged (table {tag.decode('latin-1').strip()!r} fails its checksum)"
        tags.add(tag)
    if _FONT_NEEDS - tags or not ({b"glyf", b"CFF "} & tags):
        return "tables a font needs are missing"
    return None


def _classify_fonts(folder: Path) -> dict:
    """Map (serif, bold) to DejaVu files, "display" to a small-caps title face and
    "plain" to its regular companion (EB Garamond when bundled)."""
    found: dict = {}
    if not folder.is_dir():
        return found
    files = sorted(list(folder.glob("*.ttf")) + list(folder.glob("*.otf")))
    for f in files:
        low = f.stem.lower()
        if any(w in low for w in ("oblique", "italic", "condensed", "mono", "light", "math")):
            continue
        if "dejavu" in low:
            found.setdefault(("serif" in low, "bold" in low), f)
        elif "sc" in low.replace("dejavu", "").split("-")[0][-4:].lower() or low.startswith("display"):
            found["display"] = f
        else:
            found.setdefault("plain", f)
    if "display" not in found and "plain" in found:
        found["display"] = found["plain"]
    if "plain" not in found and "display" in found:
        found["plain"] = found["display"]
    return found


class Assets:
    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root else resource_path()
        self.missing: set[str] = set()
        self._fonts: dict = {}
        self._text = SurfaceCache(_TEXT_BYTES, _TEXT_CACHE_LIMIT)
        self._icons = SurfaceCache(_ICON_BYTES, 4000)
        self._raw_icons: dict = {}                 # one per icon file: bounded by the files
        self._textures: dict = {}                  # one per texture file
        self._images = SurfaceCache(_IMAGE_BYTES, 2000)
        self._scaled = SurfaceCache(_SCALED_BYTES, 4000)
        files = _classify_fonts(self.root / "fonts")
        system = _classify_fonts(_SYSTEM_DEJAVU)
        self.font_files: dict = {}
        for key in ((False, False), (False, True), (True, False), (True, True)):
            self.font_files[key] = files.get(key) or system.get(key)
        display = files.get("display")
        self.has_display_font = display is not None
        # without a dedicated display face, titles use the bold serif
        self.font_files["display"] = display or self.font_files[(True, True)]
        self.font_files["plain"] = files.get("plain") or self.font_files[(True, False)]
        if files.get((False, False)) is None:
            self.missing.add("fonts/DejaVuSans.ttf")
        self.damaged_fonts: dict[str, str] = {}     # file -> why it is not used (warned once)
        self._font_ok: dict = {}                     # file -> passed font_file_problem

    def _usable_font(self, path):
        """`path` if its file is a sound font, else None (pygame's default font)."""
        if path is None:
            return None
        ok = self._font_ok.get(path)
        if ok is None:
            why = font_file_problem(path)
            ok = self._font_ok[path] = why is None
            if why:
                self._font_damaged(path, why)
        return path if ok else None

    def _font_damaged(self, path, why: str = "cannot be opened") -> None:
        """One warning per damaged font file; its text is then drawn in pygame's default font."""
        if path is None or str(path) in self.damaged_fonts:
            return
        self.damaged_fonts[str(path)] = why
        self._font_ok[path] = False
        print(f"nocturne: font {path}: {why}; using pygame's default font", file=sys.stderr)

    # -- fonts and text ---------------------------------------------------------
    def font(self, size: int, bold: bool = False, serif: bool = False,
             display=False) -> pygame.font.Font:
        """display=True: the small-caps title face; display="plain": its regular
        companion (flavour text)."""
        key = (int(size), bold, serif, display)
        f = self._fonts.get(key)
        if f is None:
            if display:
                path = self.font_files["plain" if display == "plain" else "display"]
            else:
                path = self.font_files[(serif, bold)]
            size = max(1, min(int(size), 1000))
            path = self._usable_font(path)
            try:
                f = BoundedFont(str(path) if path else None, size)
            except (OSError, pygame.error, ValueError):
                self._font_damaged(path)
                f = BoundedFont(None, size)
            if path is None and bold:
                f.bold = True
            self._fonts[key] = f
        return f

    def text(self, s: str, size: int, color, bold: bool = False, serif: bool = False,
             display: bool = False) -> pygame.Surface:
        """Rendered, anti-aliased text (cached by all arguments)."""
        color = tuple(color)
        key = (s, int(size), color, bold, serif, display)
        surf = self._text.get(key)
        if surf is None:
            font = self.font(size, bold, serif, display)
            surf = font.render(s, True, color[:3])
            if len(color) == 4 and color[3] < 255:
                surf.set_alpha(color[3])
            self._text[key] = surf
        return surf

    def text_size(self, s: str, size: int, bold: bool = False, serif: bool = False,
                  display: bool = False) -> tuple[int, int]:
        return self.font(size, bold, serif, display).size(s)

    def wrap(self, s: str, size: int, width: int, bold: bool = False,
             serif: bool = False) -> list[str]:
        """Split text into lines that fit `width` pixels (keeps blank lines)."""
        font = self.font(size, bold, serif)
        lines: list[str] = []
        s = drawable(s, WRAP_MAX_CHARS)
        for para in s.split("\n"):
            words = para.split(" ")
            line = ""
            for w in words:
                cand = f"{line} {w}" if line else w
                if font.size(cand)[0] <= width or not line:
                    line = cand
                else:
                    lines.append(line)
                    line = w
            lines.append(line)
            if len(lines) >= WRAP_MAX_LINES:
                return lines[:WRAP_MAX_LINES]
        return lines

    def text_block(self, s: str, size: int, color, width: int, bold: bool = False,
                   serif: bool = False, line_gap: int = 4, align: str = "left") -> pygame.Surface:
        """Wrapped text as one surface (cached)."""
        key = ("block", s, size, tuple(color), width, bold, serif, line_gap, align)
        surf = self._text.get(key)
        if surf is None:
            lines = self.wrap(s, size, width, bold, serif)
            lh = self.font(size, bold, serif).get_linesize() + line_gap
            surf = pygame.Surface((max(1, int(width)), max(1, lh * len(lines))), pygame.SRCALPHA)
            for i, line in enumerate(lines):
                if line:
                    ts = self.text(line, size, color, bold, serif)
                    x = 0 if align == "left" else (width - ts.get_width()) // (2 if align == "center" else 1)
                    surf.blit(ts, (x, i * lh))
            self._text[key] = surf
        return surf

    # -- icons --------------------------------------------------------------------
    def _raw_icon(self, name: str) -> pygame.Surface | None:
        if name in self._raw_icons:
            return self._raw_icons[name]
        path = self.root / "sprites" / "icons" / f"{name}.png"
        surf = None
        try:
            surf = pygame.image.load(str(path)).convert_alpha()
        except (FileNotFoundError, pygame.error, OSError):
            self.missing.add(f"sprites/icons/{name}.png")
        self._raw_icons[name] = surf
        return surf

    def has_icon(self, name: str) -> bool:
        return self._raw_icon(name) is not None

    def icon(self, name: str, size: int, color=None) -> pygame.Surface:
        """A square icon `size` px, tinted `color` (keeps the alpha shape)."""
        key = (name, int(size), tuple(color) if color is not None else None)
        surf = self._icons.get(key)
        if surf is not None:
            return surf
        raw = self._raw_icon(name)
        size = max(1, int(size))
        if raw is None:
            surf = self._placeholder_icon(name, size, color or (220, 200, 160))
        else:
            surf = pygame.transform.smoothscale(raw, (size, size)) if raw.get_width() != size else raw.copy()
            if color is not None:
                surf.fill((0, 0, 0), special_flags=pygame.BLEND_RGB_MULT)
                surf.fill(tuple(color)[:3], special_flags=pygame.BLEND_RGB_ADD)
                if len(color) == 4:
                    surf.set_alpha(color[3])
        self._icons[key] = surf
        return surf

    def _placeholder_icon(self, name: str, size: int, color) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        c = tuple(color)[:3]
        r = size // 2
        pygame.draw.circle(surf, c, (r, r), r - 1, max(1, size // 16))
        letter = (name[:1] or "?").upper()
        ts = self.font(max(8, int(size * 0.55)), bold=True).render(letter, True, c)
        surf.blit(ts, ts.get_rect(center=(r, r)))
        return surf

    # -- textures and images -------------------------------------------------------
    def texture(self, name: str) -> pygame.Surface:
        """sprites/textures/<name>.png, converted (a dark procedural stand-in if missing)."""
        surf = self._textures.get(name)
        if surf is None:
            path = self.root / "sprites" / "textures" / f"{name}.png"
            try:
                surf = pygame.image.load(str(path)).convert_alpha()
            except (FileNotFoundError, pygame.error, OSError):
                self.missing.add(f"sprites/textures/{name}.png")
                surf = pygame.Surface((256, 256))
                surf.fill((34, 26, 20))
                for i in range(0, 256, 16):
                    pygame.draw.line(surf, (40, 31, 24), (0, i), (256, i + 8))
                surf = surf.convert()
            self._textures[name] = surf
        return surf

    def tiled(self, name: str, size: tuple[int, int], tint=None) -> pygame.Surface:
        """A texture tiled over `size` (cached), optionally multiplied by `tint`."""
        key = ("tiled", name, tuple(size), tuple(tint) if tint else None)
        surf = self._scaled.get(key)
        if surf is None:
            tex = self.texture(name)
            surf = pygame.Surface(size).convert()
            tw, th = tex.get_size()
            for y in range(0, size[1], th):
                for x in range(0, size[0], tw):
                    surf.blit(tex, (x, y))
            if tint:
                surf.fill(tuple(tint)[:3], special_flags=pygame.BLEND_RGB_MULT)
            self._scaled[key] = surf
        return surf

    def card_back(self, game_id: str, size: tuple[int, int]) -> pygame.Surface:
        key = ("back", game_id, tuple(size))
        surf = self._scaled.get(key)
        if surf is None:
            name = f"card_back_{game_id}"
            path = self.root / "sprites" / "textures" / f"{name}.png"
            if path.exists():
                surf = pygame.transform.smoothscale(self.texture(name), size)
            else:
                self.missing.add(f"sprites/textures/{name}.png")
                surf = pygame.Surface(size, pygame.SRCALPHA)
                pygame.draw.rect(surf, (60, 22, 26), surf.get_rect(), border_radius=8)
                pygame.draw.rect(surf, (200, 160, 80), surf.get_rect().inflate(-8, -8), 2, border_radius=6)
                ic = self.icon("game_" + game_id, min(size) // 2, (200, 160, 80))
                surf.blit(ic, ic.get_rect(center=surf.get_rect().center))
            self._scaled[key] = surf
        return surf

    def image(self, path, size: tuple[int, int] | None = None, alpha: bool = True) -> pygame.Surface:
        """Any image by path relative to the resource root (or absolute), cached."""
        key = (str(path), tuple(size) if size else None)
        surf = self._images.get(key)
        if surf is None:
            base = self._images.get((str(path), None))
            if base is None:
                p = Path(path)
                if not p.is_absolute():
                    p = self.root / p
                try:
                    base = pygame.image.load(str(p))
                    base = base.convert_alpha() if alpha else base.convert()
                except (FileNotFoundError, pygame.error, OSError):
                    self.missing.add(str(path))
                    base = pygame.Surface(size or (64, 64), pygame.SRCALPHA)
                    pygame.draw.rect(base, (140, 60, 60), base.get_rect(), 2)
                self._images[(str(path), None)] = base
            surf = base if size is None or base.get_size() == tuple(size) else \
                pygame.transform.smoothscale(base, size)
            self._images[key] = surf
        return surf

    def scaled(self, key, make):
        """Generic cache for derived surfaces: `assets.scaled(("glow", r), lambda: ...)`."""
        return self._scaled.get_or_make(key, make)
