"""The Book of Ordeals recruitment screen (BO-110 … BO-117) in the window, driven by posted
mouse and key events under SDL's dummy drivers: opened from the new-game screen's
Recruit… button, a character recruited and upgraded with the Supplies left dropping on
screen, a choice over the Supplies refused with its reason, a ready-made Company one
click away, a Company saved and taken back from the saved list, Done handing the Company
to the new-game screen and into the match, its save file and the remembered settings;
its words fit and read in English and Czech at 1280x720 and 1920x1080."""
from __future__ import annotations

import json

import pygame
import pytest

from game.games.ordeals.recruit import Builder, load_saved, saved_companies_path
from game.games.ordeals.table.recruit_screen import RecruitScene
from game.ui import headless, widgets
from game.ui.shop_widgets import ChoiceCard

from .support import rules

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("NOCTURNE_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(home):
    a = headless.make_app()
    a.strict = True
    a.settings.animation_speed = 0.0
    yield a
    a.shutdown()


def click(app, pos, button=1):
    pos = (int(pos[0]), int(pos[1]))
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                      pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])


def key(app, k, mod=0, unicode=""):
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode)])


def type_text(app, text):
    app.step(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=text)])


def new_game(app, **options):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.new_game import NewGameScene
    app.push(MenuScene(app))
    scene = NewGameScene(app, game_id="ordeals")
    app.push(scene)
    for k, v in options.items():
        scene.set_option(k, v)
    app.step(1 / 60, [])
    return scene


def open_recruit(app, ng, key="company") -> RecruitScene:
    click(app, ng.editor_buttons[key].rect.center)
    assert isinstance(app.top, RecruitScene), "Recruit… opens the recruitment screen"
    return app.top


def button(scene, label):
    return next(w for w in scene.ui.widgets if isinstance(w, widgets.Button) and w.visible and w.label == label)


def choice(scene, change):
    return scene.choice_buttons[change]


def drawn_texts(monkeypatch, app, frames=2) -> list[str]:
    seen = []
    original = widgets.draw_text

    def spy(surf, ui, text, *a, **k):
        seen.append(str(text))
        return original(surf, ui, text, *a, **k)
    monkeypatch.setattr(widgets, "draw_text", spy)
    for _ in range(frames):
        app.step(1 / 60, [])
    monkeypatch.setattr(widgets, "draw_text", original)
    return seen


def test_BO_117_recruit_opens_from_new_game_and_cancel_leaves_the_option(app):
    ng = new_game(app)
    assert ng.options["company"] == "grey_vigil"
    sc = open_recruit(app, ng)
    assert [m.name for m in sc.builder.members] == [m.name for m in rules().data.companies["grey_vigil"]]
    click(app, choice(sc, ("weapon", "melee", "spear")).rect.center)      # nothing left: refused
    click(app, button(sc, "Dismiss").rect.center)
    assert len(sc.builder.members) == 3
    key(app, pygame.K_ESCAPE)
    assert app.top is ng and ng.options["company"] == "grey_vigil", "Esc changes nothing"
    sc = open_recruit(app, ng)
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Cancel").rect.center)
    assert app.top is ng and ng.options["company"] == "grey_vigil", "Cancel changes nothing"


def test_BO_110_BO_112_recruit_a_character_and_buy_an_upgrade_the_supplies_left_drop(app, monkeypatch):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    assert sc.builder.remaining() == 0
    click(app, button(sc, "Dismiss").rect.center)               # Brother Aldric: 100 back
    assert sc.builder.remaining() == 100
    assert "100" in drawn_texts(monkeypatch, app)
    click(app, button(sc, "Recruit a character").rect.center)
    assert len(sc.builder.members) == 4 and sc.sel == 3
    assert sc.builder.remaining() == 50
    assert "50" in drawn_texts(monkeypatch, app), "the Supplies left are shown"
    click(app, choice(sc, ("upgrade", "might", "+")).rect.center)
    assert sc.builder.members[3].upgrades == {"might": 1}
    assert sc.builder.remaining() == 35
    texts = drawn_texts(monkeypatch, app)
    assert "35" in texts and "Might +1" in texts, "remaining Supplies and the new Might (a bonus) on screen"
    click(app, choice(sc, ("upgrade", "might", "-")).rect.center)
    assert sc.builder.remaining() == 50 and sc.builder.members[3].upgrades == {}


def test_BO_112_a_choice_over_the_supplies_is_refused_with_its_reason(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Recruit a character").rect.center)   # 50 left
    click(app, choice(sc, ("weapon", "ranged", "crossbow")).rect.center)
    assert sc.builder.remaining() == 30
    click(app, choice(sc, ("weapon", "melee", "great_weapon")).rect.center)
    assert sc.builder.remaining() == 15
    heavy = choice(sc, ("armour", "heavy"))
    assert isinstance(heavy, ChoiceCard) and not heavy.enabled
    assert heavy.tooltip_text() == "Costs 25 Supplies; only 15 left."
    click(app, heavy.rect.center)
    assert sc.builder.members[sc.sel].armour is None and sc.builder.remaining() == 15, "refused"
    # the reason shows when the pointer rests on it
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEMOTION, pos=heavy.rect.center, rel=(0, 0), buttons=(0, 0, 0))])
    for _ in range(40):
        app.step(1 / 60, [])
    assert sc.ui.hover_widget is heavy
    # a maximum: Might +3 is the most
    for _ in range(1):
        click(app, choice(sc, ("upgrade", "might", "+")).rect.center)
    assert sc.builder.members[sc.sel].upgrades == {"might": 1}
    up = choice(sc, ("upgrade", "might", "+"))
    assert not up.enabled and "Supplies" in up.tooltip_text()
    # the Leader: one per Company (Sister Maud may not take it while Brother … is gone: Old Ness)
    sc.load_ready("grey_vigil")
    click(app, button(sc, "Dismiss").rect.center)          # the Leader goes; 100 back
    sc.select(0)
    lead = choice(sc, ("lore", "leader"))
    assert lead.enabled
    sc.load_ready("ashen_road")
    sc.select(1)
    lead = choice(sc, ("lore", "leader"))
    assert not lead.enabled and lead.tooltip_text() == "Only one Leader per Company."


def test_BO_117_a_ready_made_company_is_one_click_away(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    click(app, button(sc, "The Ashen Road").rect.center)
    assert [m.name for m in sc.builder.members] == [m.name for m in rules().data.companies["ashen_road"]]
    assert sc.builder.remaining() == 0 and not sc.builder.issues()
    click(app, sc.done_btn.rect.center)
    assert app.top is ng and ng.options["company"] == "ashen_road", "an unchanged ready-made stays its key"


def test_save_a_company_and_take_it_back_from_the_saved_list(app, home):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    assert sc.saved_path == saved_companies_path() and str(home) in str(sc.saved_path)
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Recruit a character").rect.center)
    click(app, choice(sc, ("weapon", "ranged", "bow")).rect.center)
    built = sc.builder.to_option()
    click(app, sc.save_input.rect.center)
    type_text(app, "Night Watch")
    key(app, pygame.K_RETURN)
    click(app, button(sc, "Save Company").rect.center)
    on_disk = json.loads(sc.saved_path.read_text(encoding="utf-8"))
    assert on_disk == {"Night Watch": built}
    assert load_saved(sc.saved_path, rules().data) == {"Night Watch": built}
    click(app, button(sc, "The Ashen Road").rect.center)
    assert sc.builder.to_option() != built
    lst = sc.saved_list
    assert lst.rows and lst.rows[0][0] == "Night Watch"
    click(app, (lst.rect.x + 40, lst.rect.y + 20))
    assert sc.builder.to_option() == built, "the saved Company comes back"
    assert sc.saved_list.selected == 0
    # a new screen lists it too (read from the data folder)
    key(app, pygame.K_ESCAPE)
    sc = open_recruit(app, ng)
    assert [r[0] for r in sc.saved_list.rows] == ["Night Watch"]
    forget = next(w for w in sc.ui.widgets if isinstance(w, widgets.Button) and w.icon == "close" and not w.label)
    assert not forget.enabled, "nothing taken from the list yet"
    click(app, (sc.saved_list.rect.x + 40, sc.saved_list.rect.y + 20))
    forget = next(w for w in sc.ui.widgets if isinstance(w, widgets.Button) and w.icon == "close" and not w.label)
    assert forget.enabled and "Night Watch" in forget.tooltip_text()
    click(app, forget.rect.center)
    assert sc.saved_list.rows == [] and load_saved(sc.saved_path) == {}
    assert sc.builder.to_option() == built, "forgetting the saved one keeps the Company on screen"


def test_a_damaged_saved_companies_file_reads_as_none(home):
    path = saved_companies_path()
    path.write_text("{not json", encoding="utf-8")
    assert load_saved(path) == {}
    path.write_text(json.dumps({"ok": [{"name": "A"}, {"name": "B"}, {"name": "C"}],
                                "bad": [{"name": "A", "melee": "laser"}], "x": 5}), encoding="utf-8")
    assert list(load_saved(path, rules().data)) == ["ok"]


def test_done_starts_a_match_with_that_company_in_state_save_and_settings(app, home):
    from game.ui import settings as S
    from game.ui.scenes.table import TableScene
    ng = new_game(app)
    sc = open_recruit(app, ng)
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Recruit a character").rect.center)
    click(app, sc.name_input.rect.center)
    for _ in range(12):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Edwin Ashe")
    key(app, pygame.K_RETURN)
    click(app, choice(sc, ("weapon", "ranged", "bow")).rect.center)
    names = [m.name for m in sc.builder.members]
    assert names[-1] == "Edwin Ashe"
    cost = sc.builder.cost()
    click(app, sc.done_btn.rect.center)
    assert app.top is ng
    value = ng.options["company"]
    assert isinstance(value, list) and [m["name"] for m in value] == names
    row = ng.editor_buttons[("company", "value")]
    assert row.selected and row.label == f"Custom (4 members, {cost} Supplies)"
    assert ng.problem is None
    saved_settings = {}
    app.save_settings = lambda: saved_settings.update(app.settings.to_json())
    click(app, ng.start_btn.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    state = table.match.state
    assert [c.st.name for c in state.chars if c.side == 0] == names
    assert next(c for c in state.chars if c.st.name == "Edwin Ashe").st.range > 0, "the bow came along"
    # the save file holds it (JSON) and loads back into the same Company
    path = home / "save.json"
    table.match.save(path)
    from game.core.match import Match
    from game.core.record import read_record
    rec = read_record(path)
    assert rec.options["company"] == value
    again = Match.from_record(rec, table.match.rules)
    assert [c.st.name for c in again.state.chars if c.side == 0] == names
    # the settings remember it and read it back
    assert saved_settings["last_new_game"]["ordeals"]["options"]["company"] == value
    f = home / "settings.json"
    f.write_text(json.dumps(saved_settings), encoding="utf-8")
    loaded, msg = S.load(f)
    assert msg is None and loaded.last_new_game["ordeals"]["options"]["company"] == value
    # ... and the next new-game screen offers it again
    app.settings = loaded
    app.to_menu()
    ng2 = new_game(app)
    assert ng2.options["company"] == value and ng2.editor_buttons[("company", "value")].selected


def test_a_remembered_company_the_rules_refuse_falls_back_without_a_crash(app, tmp_path):
    from game.ui import settings as S
    bad = [{"name": "A", "upgrades": {"might": 9}}, {"name": "B"}, {"name": "C"}]
    f = tmp_path / "settings.json"
    f.write_text(json.dumps({"last_game": "ordeals", "last_new_game": {"ordeals": {
        "seats": [{"name": "Ada", "kind": "human", "difficulty": "normal"}],
        "options": {"mode": "solo", "company": bad}, "seed": ""}}}), encoding="utf-8")
    loaded, msg = S.load(f)
    assert msg is None
    app.settings = loaded
    ng = new_game(app)
    assert ng.options["company"] == "grey_vigil" and ng.problem is None
    # a shape no option can have is dropped by the settings check, with a message
    f.write_text(json.dumps({"last_new_game": {"ordeals": {"options": {"company": [{"a": {"b": {"c": 1}}}]}}}}),
                 encoding="utf-8")
    loaded, msg = S.load(f)
    assert "last_new_game" in msg and "ordeals" not in loaded.last_new_game


def test_versus_edits_the_rival_company(app):
    ng = new_game(app)
    ng.set_count(2)
    ng.set_option("mode", "versus")
    assert ng.options["mode"] == "versus" and ng.problem is None
    sc = open_recruit(app, ng, "rival")
    assert [m.name for m in sc.builder.members] == [m.name for m in rules().data.companies["ashen_road"]]
    click(app, button(sc, "Dismiss").rect.center)
    click(app, button(sc, "Recruit a character").rect.center)
    click(app, sc.done_btn.rect.center)
    assert isinstance(ng.options["rival"], list) and ng.options["company"] == "grey_vigil"
    assert ng.problem is None


def test_the_screen_works_from_the_keyboard(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    key(app, pygame.K_DOWN)
    assert sc.sel == 1
    key(app, pygame.K_DELETE)                     # Sister Maud goes: 80 back
    assert len(sc.builder.members) == 3 and sc.builder.remaining() == 80
    key(app, pygame.K_INSERT)
    assert len(sc.builder.members) == 4 and sc.sel == 3 and sc.builder.remaining() == 30
    target = choice(sc, ("weapon", "ranged", "bow"))
    for _ in range(len(sc.walk.buttons)):
        key(app, pygame.K_TAB)
        if sc.walk.focused() is target:
            break
    assert sc.walk.focused() is target
    key(app, pygame.K_SPACE, unicode=" ")
    assert sc.builder.members[3].ranged == "bow" and sc.builder.remaining() == 15
    key(app, pygame.K_RETURN)                     # the focused one again: already taken, nothing
    assert sc.builder.remaining() == 15 and app.top is sc
    sc.walk.at = None
    key(app, pygame.K_RETURN)                     # Done
    assert app.top is ng and isinstance(ng.options["company"], list)


def test_an_empty_or_too_small_company_cannot_be_done(app):
    ng = new_game(app)
    sc = open_recruit(app, ng)
    for _ in range(4):
        click(app, button(sc, "Dismiss").rect.center)
    assert not sc.builder.members and sc.sel is None
    assert not sc.done_btn.enabled and sc.done_btn.tooltip_text() == "Recruit at least 3 characters (now 0)."
    click(app, sc.done_btn.rect.center)
    assert app.top is sc
    for _ in range(7):
        click(app, button(sc, "Recruit a character").rect.center)
    assert len(sc.builder.members) == 6, "six at most"
    add = button(sc, "Recruit a character")
    assert not add.enabled and add.tooltip_text() == "A Company has at most 6 characters."
    assert len({m.name for m in sc.builder.members}) == 6, "every recruit gets a name of their own"
    assert sc.builder.ready()
    assert Builder(rules().data, sc.builder.to_option()).cost() == 300


# -- words that fit and read, in both languages, at both sizes ------------------------------------
SIZES = [(1280, 720), (1920, 1080)]


def _states(app):
    """The screen with a ready-made Company, a changed one, a saved one with a long
    name, none; then the new-game screen showing the custom Company."""
    ng = new_game(app)
    ng.open_editor("company")
    sc = app.top
    yield "ready-made"
    sc.select(1)
    sc.remove()
    sc.add()
    sc.take(("weapon", "ranged", "crossbow"))
    yield "custom"
    sc.builder.save(sc.saved_path, "Den " * 12)
    sc.build()
    yield "saved"
    while sc.builder.members:
        sc.remove()
    yield "empty"
    sc.load_ready("grey_vigil")
    sc.select(3)
    sc.remove()
    sc.add()
    sc.done()
    assert app.top is ng and isinstance(ng.options["company"], list)
    yield "new game with a custom Company"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_recruitment_screen_shows_its_words_whole(size, home):
    from tests.ui.test_text_fits import Recorder, check, frames
    app = headless.make_app(size)
    app.strict = True
    app.settings.animation_speed = 0.0
    try:
        with Recorder() as rec:
            for state in _states(app):
                frames(app, 3)
                check(rec, f"recruitment: {state}")
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ("en", "cs"))
def test_the_recruitment_screen_in_both_languages(size, lang, home, record):
    from tests.ui.test_lang_render import _check, _cut_without_tooltip, _make
    misses: set[str] = set()
    app = _make(lang, size, misses)
    try:
        for _state in _states(app):
            for _ in range(4):
                app.step(1 / 60, [])
            assert not _cut_without_tooltip(app)
    finally:
        app.shutdown()
    _check(record, misses, lang, "recruitment screen")


from tests.ui.test_lang_render import record  # noqa: E402,F401  (the fixture)


def test_random_clicks_and_keys_keep_the_company_within_the_rules(app):
    """A few hundred random clicks and keys on the screen (strict app: any exception
    fails): every Company it holds stays within the Supplies and maxima, and whatever
    Done hands back, the rules accept."""
    import random
    rnd = random.Random(5)
    ng = new_game(app)
    sc = open_recruit(app, ng)
    keys = [pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_SPACE, pygame.K_INSERT, pygame.K_DELETE]
    R = rules()
    for step in range(400):
        if app.top is not sc:
            assert app.top is ng
            R.validate_options({"company": ng.options["company"]}, 1)
            sc = open_recruit(app, ng)
        if rnd.random() < 0.2:
            key(app, rnd.choice(keys))
        else:
            targets = [w for w in sc.ui.widgets if w.visible and isinstance(w, widgets.Button)
                       and w is not sc.done_btn and w.label != "Cancel"]
            if rnd.random() < 0.03:
                targets = [sc.done_btn]
            click(app, rnd.choice(targets).rect.center)
        b = sc.builder
        assert b.remaining() >= 0, f"step {step}: over the Supplies"
        assert not [i for i in b.issues() if i[0] not in ("too_few",)], f"step {step}: {b.issues()}"


def test_the_rival_company_is_offered_only_in_versus_and_fog_only_in_solo(app):
    """Settings that do nothing in the chosen mode are not offered (OptionSpec.shown_when);
    a flag left on from solo never blocks a switch to versus."""
    ng = new_game(app)
    assert "rival" not in ng.editor_buttons and "company" in ng.editor_buttons
    ng.set_option("fog", True)
    ng.set_count(2)
    ng.set_option("mode", "versus")
    app.step(1 / 60, [])
    assert ng.options["mode"] == "versus" and ng.problem is None
    assert not ng.options.get("fog"), "fog falls back to off in versus"
    assert "rival" in ng.editor_buttons
    ng.set_option("mode", "solo")
    app.step(1 / 60, [])
    assert "rival" not in ng.editor_buttons
