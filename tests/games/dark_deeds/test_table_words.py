"""Every word the Dark Deeds table asks for exists: in the game's locale
(`dark_deeds.table.*`) or among the toolkit's own words — never a raw key on screen."""
from __future__ import annotations

import re

import pytest
from pathlib import Path

from game.core.i18n import has
from game.ui.table.strings import FALLBACK

ROOT = Path(__file__).resolve().parents[3]


def test_every_table_word_of_dark_deeds_exists():
    keys = set()
    for name in ("table/screen.py", "table/words.py", "words.py"):
        src = (ROOT / "game" / "games" / "dark_deeds" / name).read_text(encoding="utf-8")
        keys |= set(re.findall(r'\btx\("([a-z_]+)"', src))
    assert len(keys) > 40
    missing = [k for k in sorted(keys) if not has(f"dark_deeds.table.{k}") and k not in FALLBACK]
    assert not missing, missing
    # the headless words have no toolkit to fall back on: every key is the game's own
    src = (ROOT / "game" / "games" / "dark_deeds" / "words.py").read_text(encoding="utf-8")
    headless = set(re.findall(r'\btx\("([a-z_]+)"', src))
    assert len(headless) > 30 and not [k for k in headless if not has(f"dark_deeds.table.{k}")]


def test_DD_G12_a_dice_rolloff_is_logged_and_shown(display):
    """Issue 12 item 8: the roll-off for the first player is in the chronicle (every
    seat's 2d6, then who goes first) and its dice rest in the tray with the totals."""
    from game.core.match import Match, SeatInfo
    from game import registry
    from tests.games.dark_deeds.test_table import Rig
    rules = registry.ruleset("dark_deeds")
    state = rules.setup(3, rules.validate_options({"first_player": "rolloff"}, 3), 20261130)
    logs = [e.data for e in rules.opening_events(state) if e.kind == "log"]
    rolls = [d for d in logs if d["key"] == "dark_deeds.log.rolloff"]
    assert len(rolls) >= 3 and logs[-1]["key"] == "dark_deeds.log.first_player"
    assert logs[-1]["params"]["player"] == state.first
    rig = Rig(players=3, humans=(0,), viewer=0)
    rig.match = Match("dark_deeds", rules, [SeatInfo(f"P{i}", "human" if i == 0 else "ai") for i in range(3)],
                      {"first_player": "rolloff"}, 20261130)
    rig.ctx.match = rig.match
    rig.table.reload(0)
    lines = ["".join(seg[0] for seg in entry) for entry in rig.table.log.entries]
    assert any("for first player" in line for line in lines)
    assert any("goes first" in line for line in lines)
    t = rig.table
    first = state.first
    assert t.roll_show is not None and t.roll_show["purpose"] == "rolloff"
    assert [d.face for d in t.dice] == state.rolloff[-1][str(first)]
    head, line, ok = t.roll_words(t.roll_show)
    assert ok is None and t.name(first) in line


def test_DD_051_the_chronicle_says_what_a_take_down_costs_in_suspicion(display):
    """A newcomer's Suspicion jumped from 4 to 8 on "Player 1 defeats Sir Percival
    Brightblade (12 vs 10)." with no word why: the line now says the Suspicion gained,
    which is the card's Favour (DD-051)."""
    from game.core.i18n import t
    from game.core.rules import Event
    from tests.games.dark_deeds.test_table import Rig
    table = Rig().table
    card = next(c for c, k in table.cdata.items() if k.kind == "nemesis")
    for verb, says in (("attack_ok", "defeats"), ("rob_ok", "robs")):
        ev = Event("log", {"key": f"dark_deeds.log.{verb}", "params": {"player": 0, "card": card, "total": 12,
                                                                      "need": 10}})
        key, params = table.chronicle_words(ev)
        line = t(key, **{**params, "player": "Ann", "card": "X"})
        assert says in line and f"gains {table.cdata[card].favour} Suspicion" in line


def test_DD_043_DD_061_a_gamble_says_the_face_up_cards_go():
    """Greta gambled on the Artisan Loot deck and the face-up Crowbar vanished into the
    discard with no word in the chronicle: a gamble's line now says so (DD-043, DD-061)."""
    from game.core.i18n import set_language, t
    for lang, words in (("en", "discarded"), ("cs", "odložených")):
        set_language(lang)
        try:
            assert words in t("dark_deeds.log.loot_gamble", player="A", type="B", card="C")
            assert words in t("dark_deeds.log.tavern_gamble", player="A")
        finally:
            set_language("en")


def test_the_new_game_options_of_dark_deeds_fit_whole_in_czech():
    """In Czech at 1280×720 the new-game screen showed "Hod kostkami (2k6, při shodě z…"
    and "Otevřené bodovací hr…": a newcomer picks by those names."""
    from game.core import i18n
    from game.ui import headless
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene, tr
    from tests.ui.test_text_fits import Recorder, frames
    app = headless.make_app((1280, 720))
    i18n.set_language("cs")                       # after the app, which reads its settings' language
    try:
        app.settings.animation_speed = 0.0
        app.push(MenuScene(app))
        scene = NewGameScene(app)
        app.push(scene)
        with Recorder() as rec:
            scene.select_game("dark_deeds")
            frames(app, 2)
            names = {tr(label) for sp in scene.specs if sp.kind == "choice" for _v, label in sp.choices}
            names |= {tr(sp.label) for sp in scene.specs if sp.kind != "choice"}
            assert len(names) >= 6
            cut = sorted({whole for whole, _shown, _who in rec.cuts if whole.rstrip(" …") in names})
        assert not cut, cut
    finally:
        app.shutdown()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_reaction_window_asks_without_doubled_marks(lang):
    """The Sod Off! window read "…hraje kartu Překaženo!. Zahrát Táhni!?" in Czech (and
    "Play Sod Off!?" in English): a card's own "!" met the sentence's mark."""
    from game.core.i18n import set_language, t
    set_language(lang)
    try:
        for key in ("reaction_foiled", "reaction_sod_off"):
            text = t(f"dark_deeds.decision.{key}", player="Ann", card=t("dark_deeds.card.foiled.name"))
            assert "!." not in text and "!?" not in text, text
    finally:
        set_language("en")
