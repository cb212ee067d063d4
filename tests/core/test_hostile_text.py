"""No text crashes a screen (issue 29, item 3). Every text drawn goes through one
bounded renderer (game.ui.assets.BoundedFont): empty or zero-width text draws nothing,
a line is cut, a wrapped block is bounded; a locale message's format widths are capped
and validate-data names a placeholder the format refuses. Cases are generated here, run
in-process with the app strict (an internal error raises instead of becoming a toast)."""
from __future__ import annotations

import time
import tracemalloc

import pytest

from game.core.match import SeatInfo

# names that SDL_ttf refuses or that used to crash a screen ("Text has zero width")
HOSTILE = {
    "zero_width_space": "\u200b",
    "zero_width_many": "\u200b\u200c\u200d\u2060" * 10,
    "bidi_marks": "\u202e\u200f\u202c",
    "bom": "\ufeff",
    "controls": "\x01\x02\x07\x1b",
    "combining_only": "\u0301\u0308\u0327",
    "nul": "a\x00b",
    "surrogate": "x\ud800y",
    "empty": "",
    "very_long": "W" * 200_000,
    "long_words": "ab " * 70_000,
}


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path / "home"))
    from game.ui.headless import make_app
    app = make_app()
    app.strict = True
    yield app
    app.shutdown()


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_bounded_renderer_never_fails_and_stays_small(app, case):
    from game.ui.assets import line_limit
    text = HOSTILE[case]
    a = app.assets
    tracemalloc.start()
    t0 = time.perf_counter()
    for size in (12, 26, 132):
        for display in (False, True):
            surf = a.text(text, size, (200, 200, 200), display=display)
            assert surf.get_width() <= line_limit(size) * size and surf.get_height() < 4 * size + 40
            w, h = a.text_size(text, size, display=display)
            assert w == surf.get_width() or not text
        font = a.font(size, bold=True)
        assert abs(font.render(text, True, (1, 2, 3)).get_height() - font.get_height()) <= 2
        assert abs(font.size(text)[1] - font.get_height()) <= 2
        block = a.text_block(text, size, (255, 255, 255), 600)
        assert block.get_height() <= 400 * (font.get_linesize() + 4)
        assert len(a.wrap(text, size, 600)) <= 400
    seconds = time.perf_counter() - t0
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert seconds < 10, seconds
    assert peak < 200 * 1024 * 1024, peak


@pytest.mark.parametrize("width", [0, -5, 1])
def test_a_box_of_no_width_still_draws(app, width):
    from game.ui.table.gfx import Gfx
    gfx = Gfx(app.assets)
    for text in ("hello world", "\u200b", ""):
        assert app.assets.text_block(text, 26, (255, 255, 255), width).get_width() >= 1
        assert gfx.text_block(text, 26, width).get_width() >= 1
        assert gfx.fit_lines(text, 26, width).get_width() >= 1
        gfx.fit_text(text, 26, width)


@pytest.mark.parametrize("case", ["zero_width_space", "bidi_marks", "bom", "combining_only", "nul"])
def test_zero_width_text_draws_nothing(app, case):
    surf = app.assets.text(HOSTILE[case].replace("a", "").replace("b", ""), 26, (255, 255, 255))
    assert surf.get_width() <= 12          # nothing visible (a mark alone may keep a sliver)


def _hostile_seats(n: int, offset: int = 0) -> list[SeatInfo]:
    names = ["\u200b", "\u0301\u0301", "\x01\x02", "\u202e\u200f", "W" * 5000, "\ufeff", ""]
    return [SeatInfo(names[(i + offset) % len(names)], "ai", "random") for i in range(n)]


GAMES = ["schemers", "dark_deeds", "dark_gothic", "monster_shop", "ordeals"]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_draws_seats_with_zero_width_names(app, game_id):
    from game.ui.headless import play_match, spec_players, table_scene_for
    players = spec_players(game_id)
    spec, match = play_match(game_id, players, None, 3, 12, difficulty="random",
                             seats=_hostile_seats(players, offset=GAMES.index(game_id)))
    scene = table_scene_for(app, spec, match, viewer=0)
    app.push(scene)
    t0 = time.perf_counter()
    for _ in range(20):
        app.step(1 / 60, [])
    assert type(scene.table).__name__ != "FallbackTable"
    assert not [tt for tt in app.toasts if tt.kind == "error"]
    assert time.perf_counter() - t0 < 30


def test_the_new_game_screen_draws_remembered_zero_width_names(app):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    seats = [{"name": name, "kind": "ai", "difficulty": "normal"}
             for name in ("\u200b", "\u0301\u0301", "\u202e")]
    for gid in GAMES:
        app.settings.last_new_game[gid] = {"seats": seats, "options": {}, "seed": "\u200b"}
    app.push(MenuScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    for gid in GAMES:
        scene.select_game(gid)
        app.step(1 / 60, [])
        app.step(1 / 60, [])
    assert not [tt for tt in app.toasts if tt.kind == "error"]


def test_the_recruitment_screen_draws_a_company_of_zero_width_names(app):
    from game import registry
    from game.games.ordeals.table.recruit_screen import RecruitScene
    from game.ui.scenes.menu import MenuScene
    ruleset = registry.ruleset("ordeals")
    members = RecruitScene(app, ruleset, "company", "grey_vigil").builder.to_option()
    assert members
    for i, name in enumerate(["\u200b", "\u0301\u0301", "\u202e\u200f", "\ufeff"] * 3):
        if i < len(members):
            members[i]["name"] = name
    app.push(MenuScene(app))
    scene = RecruitScene(app, ruleset, "company", members)
    scene.save_text = "\u200b\u200b"
    app.push(scene)
    for _ in range(3):
        app.step(1 / 60, [])
    assert not [tt for tt in app.toasts if tt.kind == "error"]


# -- locale messages ----------------------------------------------------------------------------
@pytest.fixture
def hostile_strings(monkeypatch):
    from game.core import i18n
    strings = dict(i18n._loaded())

    def use(**replace):
        monkeypatch.setattr(i18n, "_strings", {**strings, **replace})
    yield use


@pytest.mark.parametrize("text", ["x" * 200_000, "\u200b" * 200_000, "\u200b", "{name:>999999999}"])
def test_the_menu_survives_a_hostile_locale_string(app, hostile_strings, text):
    from game.ui.scenes.menu import MenuScene
    hostile_strings(**{"menu.new_game": text, "menu.games_line": text, "app.title": text, "app.tagline": text,
                       "menu.quit": text, "table.pass": text})
    tracemalloc.start()
    t0 = time.perf_counter()
    app.push(MenuScene(app))
    for _ in range(3):
        app.step(1 / 60, [])
    _now, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert time.perf_counter() - t0 < 30
    assert peak < 300 * 1024 * 1024


@pytest.mark.parametrize("text", ["{n:1000000000}", "{n:.1000000000f}", "{n:>{w}}", "{n:{w}.{w}f}",
                                  "{name:^999999999}"])
def test_a_format_width_is_capped(text):
    from game.core.i18n import FORMAT_MAX_WIDTH, format_message
    t0 = time.perf_counter()
    out = format_message(text, {"n": 2.5, "w": 10 ** 9, "name": "Ada"})
    assert time.perf_counter() - t0 < 1
    assert len(out) <= FORMAT_MAX_WIDTH + 10


@pytest.mark.parametrize("text", ["{0}", "{n.__class__}", "{n[0]}", "{n!a}"])
def test_a_message_never_reaches_into_its_parameters(text):
    from game.core.i18n import format_message
    assert format_message(text, {"n": "abc"}) == text


BAD_MESSAGES = {
    "{0:1000000000}": "a placeholder is a plain {name}",
    "{n:1000000000}": "a width or precision over",
    "{n:.500f}": "a width or precision over",
    "{who.__init__}": "a placeholder is a plain {name}",
    "{who[0]}": "a placeholder is a plain {name}",
    "{who!a}": "only !r and !s",
    "{n, plural, one {# {x:999}} other {#}}": "a width or precision over",
    "half } brace": "closes nothing",
    "\u200b\u200b": "draws nothing",
    "x" * 30_000: "characters (a message has at most",
}


def test_validate_data_names_every_hostile_locale_message_with_file_and_line(tmp_path):
    from game.core import locale_check
    root = tmp_path / "data"
    (root / "locale").mkdir(parents=True)
    keys = [f"k{i}" for i in range(len(BAD_MESSAGES))]
    import json
    body = "".join(f"{k}: {json.dumps(v)}\n" for k, v in zip(keys, BAD_MESSAGES))
    (root / "locale" / "en.yaml").write_text("ok: \"{n:.1f} of {name} ({key!r})\"\n" + body, encoding="utf-8")
    (root / "locale" / "cs.yaml").write_text("ok: \"{n:.1f} z {name}\"\n" + body, encoding="utf-8")
    found = [str(p) for p in locale_check.problems(root)]
    for lang in ("en", "cs"):
        for line, (key, (_text, expected)) in enumerate(zip(keys, BAD_MESSAGES.items()), start=2):
            mine = [f for f in found if f.startswith(str(root / "locale" / f"{lang}.yaml") + f":{line}:")]
            assert mine and all(f"{key}:" in f for f in mine), (lang, key, found)
            assert any(expected in f for f in mine), (lang, key, mine)
    assert not [f for f in found if ":1:" in f], "a good message is not reported"


def test_validate_data_reports_a_deleted_english_locale(tmp_path):
    from game.core import locale_check
    root = tmp_path / "data"
    (root / "locale").mkdir(parents=True)
    (root / "locale" / "en.yaml").write_text("a: A\n", encoding="utf-8")
    (root / "locale" / "cs.yaml").write_text("a: A\n", encoding="utf-8")
    (root / "schemers" / "locale").mkdir(parents=True)
    (root / "schemers" / "locale" / "cs.yaml").write_text("a: A\n", encoding="utf-8")
    found = [str(p) for p in locale_check.problems(root)]
    assert any("schemers/locale/en.yaml:1:" in f and "missing" in f for f in found), found


def test_the_shipped_locales_have_no_placeholder_problems():
    from game.core import locale_check
    found = [str(p) for p in locale_check.problems()]
    assert not found, "\n".join(found[:20])


# -- damaged fonts (issue 29, item 5) -------------------------------------------------------------
FONT_SCRIPT = r'''
import os, random, shutil, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
from pathlib import Path
import pygame
pygame.init()
pygame.display.set_mode((64, 64))
from game.ui.assets import Assets
from game.core.paths import resource_path
case, root = sys.argv[1], Path(sys.argv[2])
shutil.copytree(resource_path("fonts"), root / "fonts")
font = root / "fonts" / "DejaVuSans.ttf"
whole = font.read_bytes()
font.unlink()
if case == "truncated":
    font.write_bytes(whole[:len(whole) // 3])
elif case == "truncated_header":
    font.write_bytes(whole[:40])
elif case == "bit_flips":
    raw = bytearray(whole)
    rng = random.Random(7)
    for _ in range(200):
        raw[rng.randrange(12, len(raw))] ^= 1 << rng.randrange(8)
    font.write_bytes(bytes(raw))
elif case == "zeroed_directory":
    font.write_bytes(whole[:12] + bytes(400) + whole[412:])
elif case == "junk":
    font.write_bytes(random.Random(1).randbytes(50_000))
elif case == "empty":
    font.write_bytes(b"")
elif case == "folder":
    font.mkdir()
elif case == "dev_zero":
    os.symlink("/dev/zero", font)
elif case == "every_font_truncated":
    font.write_bytes(whole[:1000])
    for other in (root / "fonts").glob("*.ttf"):
        if other != font:
            other.write_bytes(other.read_bytes()[:1000])
a = Assets(root)
for size in (18, 26, 56):
    for bold in (False, True):
        surf = a.text("Hello, Nocturne — ÁČŘ", size, (255, 255, 255), bold=bold)
        assert surf.get_width() > 10, (size, bold, surf.get_size())
        a.text_block("Two words " * 20, size, (255, 255, 255), 300)
    a.text("Title", size, (255, 255, 255), display=True)
print("DAMAGED", len(a.damaged_fonts))
'''

FONT_CASES = ["truncated", "truncated_header", "bit_flips", "zeroed_directory", "junk", "empty", "folder",
              "dev_zero", "every_font_truncated"]


@pytest.mark.parametrize("case", FONT_CASES)
def test_a_damaged_font_falls_back_to_the_default_font_with_one_warning(tmp_path, case):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", FONT_SCRIPT, case, str(tmp_path / "res")], cwd=root,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, (out.returncode, out.stderr[-800:])      # 134 was an abort
    assert "Traceback" not in out.stderr
    warnings = [line for line in out.stderr.splitlines() if line.startswith("nocturne: font ")]
    damaged = int(out.stdout.split("DAMAGED")[1])
    assert damaged >= 1 and len(warnings) == damaged, out.stderr[-800:]
    assert any("DejaVuSans.ttf" in w and "pygame's default font" in w for w in warnings)
    if case != "every_font_truncated":
        assert damaged == 1


def test_the_load_screen_draws_saves_with_zero_width_titles_and_names(app, tmp_path):
    import json

    from game.ai.random_agent import RandomAgent
    from game.core.match import Match
    from game import registry
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.saves import SavesScene
    folder = tmp_path / "home" / "data" / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    m = Match("schemers", registry.ruleset("schemers"), _hostile_seats(3), {}, 7,
              agents={i: RandomAgent(i) for i in range(3)}, clocks=False)
    m.run_agents(10)
    m.save(folder / "\u200b.json")
    data = json.loads((folder / "\u200b.json").read_text())
    data["options"] = {**data.get("options", {}), "mode": "\u200b\u202e"}
    (folder / "\u0301\u0301.json").write_text(json.dumps(data))
    app.push(MenuScene(app))
    scene = SavesScene(app, mode="load")
    app.push(scene)
    assert len(scene.items) == 2
    for i in range(len(scene.items)):          # each save's details panel in turn
        scene.list.select(i)
        scene.refresh()
        app.step(1 / 60, [])
    assert not [tt for tt in app.toasts if tt.kind == "error"]
