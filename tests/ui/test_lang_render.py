"""Every scene, every game's table and every game's rules page, drawn in English and in
Czech at 1280x720 and 1920x1080. Every string that reaches a font is recorded; the test
fails on a key shown raw (`menu.new_game`), a plural block or {placeholder} left
unformatted, a key asked for that the language lacks (English showing through in
Czech), a character the font drawing it has no glyph for (ě š č ř ž ý á í é ů ú ň ť ď),
and (scenes) a widget text cut short whose tooltip does not show it whole."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from game.core import i18n
from game import registry
from game.ui import headless
from game.ui.assets import Assets

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

LANGS = ("en", "cs")
SIZES = ((1280, 720), (1920, 1080))
CZECH = "ěščřžýáíéůúňťďĚŠČŘŽÝÁÍÉŮÚŇŤĎ"
RAW_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$")
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*([:!][^}]*)?\}|\{\s*[A-Za-z_]\w*\s*,\s*(plural|select)\s*,")


@lru_cache(maxsize=None)
def _freetype(path: str, size: int = 24):
    import pygame.freetype
    pygame.freetype.init()
    return pygame.freetype.Font(path, size)


@lru_cache(maxsize=None)
def lacks(path: str, char: str) -> bool:
    """Has the font file no glyph for `char`?"""
    return _freetype(path).get_metrics(char)[0] is None


class _RecordingFont:
    def __init__(self, font, path, seen):
        self._font, self._path, self._seen = font, path, seen

    def render(self, text, *args, **kwargs):
        self._seen.append((str(text), self._path))
        return self._font.render(text, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._font, name)


class _RecordingStrings(dict):
    """The loaded strings; remembers every key asked for that is not there."""

    def __init__(self, strings, misses):
        super().__init__(strings)
        self.misses = misses

    def get(self, key, default=None):
        if key not in self and key:
            self.misses.add(key)
        return super().get(key, default)


@pytest.fixture
def record(monkeypatch):
    seen: list[tuple[str, str | None]] = []
    original = Assets.font

    def font(self, size, bold=False, serif=False, display=False, *args, **kwargs):
        f = original(self, size, bold, serif, display, *args, **kwargs)
        files = getattr(self, "font_files", {})
        path = files.get("plain" if display == "plain" else "display") if display else files.get((serif, bold))
        return _RecordingFont(f, str(path) if path else None, seen)

    monkeypatch.setattr(Assets, "font", font)
    yield seen
    i18n.set_language("en")


def _make(lang, size, misses):
    app = headless.make_app(size, lang=lang)
    app.strict = True
    app.settings.animation_speed = 0.0
    i18n._loaded()
    i18n._strings = _RecordingStrings(i18n._strings, misses)
    return app


def _check(seen, misses, lang, what):
    problems = []
    for text, path in seen:
        for line in text.splitlines() or [text]:
            s = line.strip()
            if RAW_KEY.match(s):
                problems.append(f"raw key shown: {s!r}")
            if PLACEHOLDER.search(s):
                problems.append(f"unformatted message shown: {s!r}")
        if path:
            missing = sorted({c for c in text if ord(c) > 127 and lacks(path, c)})
            if missing:
                problems.append(f"{path} has no glyph for {''.join(missing)!r} in {text!r}")
    problems += [f"key {k!r} missing in {lang}" for k in sorted(misses)]
    assert not problems, f"{what} [{lang}]:\n" + "\n".join(sorted(set(problems))[:40])


def _draw(app, frames=8):
    for _ in range(frames):
        app.step(1 / 60, [])


SCENES = [s for s in headless.SCENES]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", SCENES)
def test_every_scene_in_both_languages(record, name, lang, size):
    misses: set[str] = set()
    app = _make(lang, size, misses)
    try:
        headless.build_scene(app, name)
        _draw(app)
        assert app.window.get_size() == size
        unreadable = _cut_without_tooltip(app)
    finally:
        app.shutdown()
    assert record, "nothing was drawn"
    _check(record, misses, lang, name)
    assert not unreadable, f"{name} [{lang}]: text cut with no tooltip to read it whole: {unreadable}"


def _cut_without_tooltip(app) -> list[str]:
    """Widgets of the open scenes that drew a text shortened ('…') whose tooltip does not
    hold it whole."""
    out = []
    for scene in app.scenes:
        for w in scene.ui.widgets:
            cuts = getattr(w, "cuts", None) or {}
            tip = w.tooltip_text() if hasattr(w, "tooltip_text") else None
            out += [text for text in cuts.values() if text and text not in (tip or "")]
    return out


def _players(gid):
    spec = registry.get(gid)
    return max(spec.min_players, min(spec.max_players, 3))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("gid", registry.game_ids())
def test_every_table_in_both_languages(record, gid, lang, size):
    from game.ui.scenes.menu import MenuScene
    misses: set[str] = set()
    app = _make(lang, size, misses)
    try:
        spec, match = headless.play_match(gid, _players(gid), None, 5, 14, difficulty="random")
        scene = headless.table_scene_for(app, spec, match, viewer=0)
        app.push(MenuScene(app))
        app.push(scene)
        headless._settle(app, 240, until=lambda: not scene.table.busy())
        _draw(app, 3)
    finally:
        app.shutdown()
    _check(record, misses, lang, f"{gid} table")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("gid", registry.game_ids())
def test_every_rules_page_in_both_languages(record, gid, lang):
    from game.ui.scenes.rules import RulesScene
    misses: set[str] = set()
    app = _make(lang, (1920, 1080), misses)
    try:
        headless.build_scene(app, "menu")
        app.push(RulesScene(app, game_id=gid))
        _draw(app)
    finally:
        app.shutdown()
    _check(record, misses, lang, f"{gid} rules")


def test_czech_differs_from_english_on_the_menu():
    texts = {}
    for lang in LANGS:
        app = headless.make_app((1280, 720), lang=lang)
        headless.build_scene(app, "menu")
        _draw(app, 3)
        texts[lang] = [str(w.label) for w in app.top.ui.widgets if getattr(w, "label", None)]
        app.shutdown()
    i18n.set_language("en")
    assert "New game" in texts["en"] and "Nová hra" in texts["cs"]


def test_the_check_itself_catches_a_raw_key_and_a_missing_glyph(record):
    """The recorder sees what a font draws; a raw key and a glyph no font has fail."""
    misses: set[str] = set()
    app = _make("cs", (1280, 720), misses)
    try:
        app.assets.text("menu.no_such_key", 20, (255, 255, 255))
        app.assets.text("\u4e00", 20, (255, 255, 255))       # no bundled font has CJK
        i18n.t("menu.no_such_key")
    finally:
        app.shutdown()
    with pytest.raises(AssertionError) as info:
        _check(record, misses, "cs", "probe")
    msg = str(info.value)
    assert "raw key shown" in msg and "no glyph" in msg and "missing in cs" in msg
