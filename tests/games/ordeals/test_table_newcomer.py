"""The Book of Ordeals table for a newcomer (issue 25, item 5), driven by posted events
under SDL's dummy drivers: pieces big enough at 1280x720, a side panel that folds, the
zoom and pan (zoomed back out the whole table shows, centred), hover cards that go
when the pointer leaves, the Trial panel, a character's card, numbered Husks, a tied
initiative worded as a re-roll, dice-tray labels that never meet, and "?" listing
this table's own keys."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.rules import Event
from game.games.ordeals.words import char_name
from tests.games.ordeals.test_table import Rig, to_act
from tests.tablekit import post_click

WINDOW = 1280 / 1920          # a 1280x720 window shows the 1920x1080 design at 2/3


pytestmark = pytest.mark.usefixtures("display")


@pytest.fixture(autouse=True)
def english():
    was = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(was)


def motion(rig, pos):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    rig.pump()


def wheel(rig, pos, clicks):
    motion(rig, pos)
    for _ in range(abs(clicks)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if clicks > 0 else -1, precise_y=0.0))
    rig.pump()


def framed_table(board):
    """The table and its wooden frame on screen (the frame is half an inch wide)."""
    cam = board.camera
    (x0, y0), (x1, y1) = cam.to_screen((0, 0)), cam.to_screen(cam.world)
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0)).inflate(cam.ppi, cam.ppi)


@pytest.mark.parametrize("trial", [1, 2])
def test_a_base_is_at_least_24_px_in_a_1280x720_window_at_the_default_zoom(trial):
    rig = Rig(seed=3, trial=trial)
    to_act(rig)
    b = rig.table.board
    rig.table.draw(rig.screen)
    p = next(iter(rig.table.pieces.values()))
    assert 2 * p.screen_r * WINDOW >= 24
    assert b.camera.rect.w > b.camera.rect.h          # landscape: the board takes the window's width
    if trial == 1:                                     # the 24" table shows whole at that size
        assert b.camera.rect.contains(b.table_rect())
        assert b.table_rect().size == (round(24 * b.camera.ppi),) * 2


def test_the_active_character_is_in_view_and_the_view_goes_to_the_next_one():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    cam = t.board.camera
    act = t.view["act"]["index"]
    assert cam.rect.collidepoint(cam.to_screen(t.pieces[act].pos))
    t.board.look_at((18, 34))                                # a person panned to the Shadow's edge
    t._followed = None
    t._follow(t.view)
    assert cam.rect.collidepoint(cam.to_screen(t.pieces[act].pos))


def test_zooming_back_out_undoes_the_pan_and_shows_the_whole_framed_table():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    b = rig.table.board
    cam = b.camera
    corner = (cam.rect.right - 30, cam.rect.bottom - 30)
    wheel(rig, corner, 4)                               # zoom in at a corner
    ground = cam.to_screen((30, 8))
    from tests.tablekit import post_drag
    post_drag((int(ground[0]), int(ground[1])), (int(ground[0]) + 300, int(ground[1]) + 200), steps=6)
    rig.pump()                                          # pan by dragging empty ground
    wheel(rig, (cam.rect.x + 40, cam.rect.y + 40), -40)  # and all the way back out, off-centre
    assert cam.ppi == pytest.approx(cam.min_ppi)
    assert cam.rect.contains(framed_table(b))
    fit_x = cam.world[0] / 2 - cam.rect.w / 2 / cam.ppi
    fit_y = cam.world[1] / 2 - cam.rect.h / 2 / cam.ppi
    assert cam.origin == pytest.approx((fit_x, fit_y))


def hover_piece(rig, index):
    p = rig.table.pieces[index]
    pos = rig.screen_of(p.pos)
    rig.table.draw(rig.screen)
    motion(rig, rig.screen_of(p.pos))
    return pos


def test_a_bases_card_goes_when_the_pointer_leaves_it():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t, b = rig.table, rig.table.board
    mine = t.view["act"]["index"]
    hover_piece(rig, mine)
    assert b.hover is t.pieces[mine]
    motion(rig, t.banner.spec.buttons[0].rect.center)  # onto the banner above the board
    assert b.hover is None
    hover_piece(rig, mine)
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    rig.pump()
    assert b.hover is None                             # out of the window
    hover_piece(rig, mine)
    t.pieces[mine].pos = (t.pieces[mine].pos[0] + 3, t.pieces[mine].pos[1])
    b._place_all()
    t.update(1 / 60)
    assert b.hover is None                             # the base went from under a resting pointer


def test_the_help_lists_this_tables_zoom_and_pan_and_not_the_card_keys():
    rig = Rig(seed=3, trial=2)
    lines = dict(rig.table.help_lines())
    assert "Mouse wheel" in lines and "zoom" in lines["Mouse wheel"].lower()
    assert "Drag empty ground" in lines and "pan" in lines["Drag empty ground"].lower()
    assert "P" in lines and "G" in lines
    for gone in ("Space", "Alt (held)", "H"):
        assert gone not in lines


def test_the_help_overlay_of_an_ordeals_game_shows_them(app):
    from game.ui.scenes.overlays import HelpOverlay
    from game.ui.scenes.table import TableScene
    from game import registry
    from tests.tablekit import new_match
    match = new_match("ordeals", {"mode": "solo", "trial": 1}, 3, 1)
    app.push(TableScene(app, registry.get("ordeals"), match))
    app.push(HelpOverlay(app))
    overlay = app.scenes[-1]
    keys = [k for k, _ in overlay.lines]
    assert "Mouse wheel" in keys and "Drag empty ground" in keys and "Space" not in keys


def test_a_tied_initiative_reads_as_a_re_roll():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    tie = {"purpose": "initiative", "dice": [6, 7], "bonus": [1, 0], "totals": [7, 7]}
    line = t.log_entry(Event("roll", tie, None))[0][0]
    assert "tied — re-roll" in line and "won by" not in line
    groups, result = t._tray_groups(tie)
    assert result == "Tied — re-roll"
    won = dict(tie, totals=[8, 7], dice=[7, 7])
    assert "won by: Company" in t.log_entry(Event("roll", won, None))[0][0]
    assert t._tray_groups(won)[1] == "Initiative"


def test_husks_are_numbered_on_the_board_in_the_chronicle_and_on_the_buttons():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    husks = [c for c in t.view["chars"] if c["key"] == "husk"]
    names = [p.name for i, p in t.pieces.items() if t.view["chars"][i]["key"] == "husk"]
    assert sorted(names) == ["Husk 1", "Husk 2", "Husk 3"]
    assert t._name(husks[1]["id"]) == "Husk 2"
    hound = next(c for c in t.view["chars"] if c["key"] == "grave_hound")
    assert char_name(hound, t.view["chars"]) == "Grave Hound"      # alone of its kind: no number
    chronicle = " ".join(seg[0] for entry in t.log.entries for seg in entry)
    assert "Husk 3 takes the field" in chronicle
    # a Deed aimed at a Husk names which on the Act banner's buttons
    from game.core.rules import Decision
    aim = [("fire", husks[1]["index"]), ("assault", husks[2]["index"]), ("end",)]
    t._decision = lambda: Decision(0, "act", tuple(aim), prompt={"left": 2})
    labels = [b.label for b in t.controls()[1].buttons]
    assert "Fire Husk 2" in labels and "Assault Husk 3" in labels


def test_the_trial_panel_gives_the_goal_the_turn_limit_and_how_it_is_lost():
    for trial, goal in ((1, "every Foe Out of Action"), (2, "salt all 3 graves, 2 Use Deeds"),
                        (3, "carry it off your own table edge"), (4, "inside the chapel (3\" round)"),
                        (5, "The Warden of Thorns Out of Action")):
        rig = Rig(seed=3, trial=trial)
        rows = [text for text, _k in rig.table.trial_lines()]
        text = " ".join(rows)
        turns = rig.table.view["trial"]["turns"]
        assert f"Trial {trial} · " in rows[0]
        assert f"Turn {rig.table.view['turn']} of {turns}" in rows
        assert goal in text and f"Turn {turns} ends" in text, text
        rig.table.draw(rig.screen)
        assert rig.table.trial_rect().colliderect(rig.table.log_rect()) is False


def test_a_characters_card_opens_on_click_or_right_click_and_closes():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    act = t.view["act"]["index"]
    other = next(i for i, c in enumerate(t.view["chars"]) if c["side"] == 0 and i != act and c["deployed"])
    before = len(rig.match.log)
    post_click(rig.screen_of(t.pieces[other].pos))     # an ally that is not acting: nothing to do but look
    rig.pump()
    assert len(rig.match.log) == before and t.card_of == other
    lines = t.card_lines(t.view["chars"][other])
    c = t.view["chars"][other]
    assert lines[0].startswith(c["name"]) and any(line.startswith("Weapons: ") for line in lines)
    assert any("Reach 1\"" in line for line in lines) and any(line.startswith("Armour: ") for line in lines)
    assert lines[-1].startswith("Status: ")
    t.draw(rig.screen)
    card = t.char_card_rect(t._char_card())
    post_click(t.close_rect(card).center)               # ✕ closes it
    rig.pump()
    assert t.card_of is None
    foe = next(i for i, c in enumerate(t.view["chars"]) if c["side"] == 1 and c["deployed"])
    post_click(rig.screen_of(t.pieces[foe].pos), button=3)
    rig.pump()
    assert t.card_of == foe and len(rig.match.log) == before
    assert t.card_lines(t.view["chars"][foe])[0].startswith(t.shown(t.view["chars"][foe]) + " — Shadow")
    assert t.dismiss() and t.card_of is None          # Esc, as the table scene asks it
    assert not t.dismiss()                               # nothing open: Esc is the menu's


def test_esc_closes_a_characters_card_before_it_opens_the_menu(app):
    from game.ui.scenes.overlays import PauseMenu
    from game.ui.scenes.table import TableScene
    from game import registry
    from tests.tablekit import new_match
    match = new_match("ordeals", {"mode": "solo", "trial": 1}, 3, 1)
    scene = TableScene(app, registry.get("ordeals"), match)
    app.push(scene)
    scene.table.card_of = 0
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert scene.handle_event(esc)
    assert scene.table.card_of is None and app.scenes[-1] is scene
    assert scene.handle_event(esc)
    assert isinstance(app.scenes[-1], PauseMenu)


def test_the_side_panel_folds_for_a_wider_board_and_opens_again():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    wide = t.board.camera.rect.w
    post_click(t.fold_rect().center)
    rig.pump()
    assert not t.panel_open and t.board.camera.rect.w > wide
    assert not t.log_rect().colliderect(pygame.Rect(0, 0, *rig.screen.get_size()))
    t.draw(rig.screen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    rig.pump()
    assert t.panel_open and t.board.camera.rect.w == wide


def test_dice_tray_labels_never_meet_while_the_dice_tumble_or_once_landed():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    roll = {"purpose": "fire", "attacker": t.view["chars"][0]["id"], "defender": t.view["chars"][5]["id"],
            "a_dice": [3, 11], "d_dice": [7], "a_keep": 11, "a_total": 12, "d_total": 7, "winner": 0,
            "advantage": 1, "disadvantage": 0}
    groups, result = t._tray_groups(roll)
    rig.settings.animation_speed = 1.0                  # the dice tumble in from one corner, together
    t.dice, _secs = t._tray().lay(groups, result, t.anim, t.rng, None)
    F = t.geo()[4]
    felt = t.tray.felt
    title = pygame.Rect(felt.x + 10, felt.y + 6, 200, F(15, 11) + 6)
    for step in range(30):                              # tumbling, then landed
        rects = [r for _im, r in t.tray.label_rects(t.gfx, F)]
        assert len(rects) == 2
        assert not rects[0].inflate(12, 0).colliderect(rects[1]), step      # a clear gap between them
        assert all(felt.contains(r) and not r.colliderect(title) for r in rects)
        t.anim.update(0.05)
    assert t.tray.landed()


def test_the_czech_table_words_its_panel_card_and_help():
    i18n.set_language("cs")
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    rows = [text for text, _k in t.trial_lines()]
    assert rows[0].startswith("Zkouška 2 · ") and rows[1] == "Kolo 1 z 7"
    assert any(r.startswith("Cíl: posol všech 3 hrobů") for r in rows)
    assert t.card_lines(t.view["chars"][0])[-1].startswith("Stav: ")
    assert "Kolečko myši" in dict(t.help_lines())
    t.draw(rig.screen)


def test_characters_off_the_view_are_marked_on_its_edge_and_a_click_goes_there():
    rig = Rig(seed=3, trial=2)
    to_act(rig)
    t = rig.table
    cam = t.board.camera
    t.draw(rig.screen)
    marks = dict(t.offview_marks())
    off = [i for i, p in t.pieces.items() if not cam.rect.collidepoint(cam.to_screen(p.pos))]
    assert off and sorted(marks) == sorted(off)          # the 36" table: the Shadow's edge is off the view
    assert all(cam.rect.collidepoint(at) for at in marks.values())
    i = off[0]
    post_click(marks[i])
    rig.pump()
    assert cam.rect.collidepoint(cam.to_screen(t.pieces[i].pos))


def test_the_chronicle_says_why_the_trial_ended_in_words():
    rig = Rig(seed=3, trial=2)
    t = rig.table
    line = t.log_entry(Event("game_over", {"reason": "ordeals.reason.end"}, None))[0][0]
    assert line == "The Trial ends: the last Turn is over and the goal is met"
    i18n.set_language("cs")
    line = t.log_entry(Event("game_over", {"reason": "ordeals.reason.time"}, None))[0][0]
    assert "ordeals.reason" not in line and "poslední kolo" in line


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_use_target_has_a_word_for_its_button(lang):
    from game.core.i18n import has
    from game.games.ordeals.words import word
    i18n.set_language(lang)
    for thing in ("lantern", "relic", "draught", "grave"):         # ("use", thing, ...) in the rules
        assert has(f"ordeals.word.{thing}"), thing
        assert (word(thing) == thing) == (lang == "en"), thing


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_trial_panels_words_fit_whole_in_it_for_every_trial(lang):
    i18n.set_language(lang)
    for trial in (1, 2, 3, 4, 5):
        t = Rig(seed=3, trial=trial).table
        r = t.trial_rect()
        assert t._rows_panel(t.trial_lines(), r.w, r.h).get_height() == r.h, (lang, trial)
        assert r.bottom < t.log_rect().top and t.log_rect().bottom < t.tray_rect().top


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_dice_tray_labels_of_every_pair_of_foes_meet_neither_each_other_nor_the_title_or_result(lang):
    i18n.set_language(lang)
    t = Rig(seed=3, trial=5).table
    F, chars = t.geo()[4], t.view["chars"]
    for a in chars:
        for d in (c for c in chars if c["side"] != a["side"]):
            roll = {"purpose": "assault", "attacker": a["id"], "defender": d["id"], "a_dice": [3, 11],
                    "d_dice": [12], "a_keep": 11, "a_total": 12, "d_total": 12, "winner": None, "advantage": 1}
            groups, result = t._tray_groups(roll)
            t.dice, _secs = t._tray().lay(groups, result)
            felt = t.tray.felt
            title = t.gfx.text(i18n.t("ordeals.tray.title"), F(15, 11), bold=True).get_rect(
                topleft=(felt.x + 10, felt.y + 6))
            res = t.gfx.fit_text(result, F(19, 13), felt.w - 16, bold=True).get_rect(
                midbottom=(felt.centerx, felt.bottom - 8))
            left, right = [r for _im, r in t.tray.label_rects(t.gfx, F)]
            assert not left.inflate(12, 0).colliderect(right), (a["id"], d["id"])
            assert all(felt.contains(r) and not r.colliderect(title) and not r.colliderect(res)
                       for r in (left, right)), (a["id"], d["id"])
