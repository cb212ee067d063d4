"""Why was that refused? on the real table scene, headless (issue 26, item 4): a greyed
action clicked says why in a toast with "Rules…"; the link (and the W key) opens the
rules page scrolled to that section; Esc comes back to the table unchanged. The rules
scene opens at any anchor of every game's page (app.open_rules, for tutorials and hints
too). For a sample of illegal actions per game sent to the table scene, what the player
reads is never developer text (the repr of a tuple, a seat number)."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.refusal import looks_like_developer_text
from game import registry
from game.ui.scenes.rules import RulesScene, rule_anchors
from game.ui.scenes.table import RULES_KEY, TableScene
from tests.tablekit import app_click, app_key, new_match, run_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

PLAYERS = {"schemers": 3, "dark_deeds": 3, "dark_gothic": 2, "monster_shop": 4, "ordeals": 1}


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _table(app, gid, seed=1):
    m = new_match(gid, {}, seed, PLAYERS[gid])
    scene = TableScene(app, registry.get(gid), m)
    app.push(scene)
    assert run_until(app, lambda: bool(m.decisions_for(0)) and not scene.table.busy(), 30)
    return scene


def _chip(scene, wid):
    return next(w for w in scene.table.widgets if getattr(w, "id", None) == wid)


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_greyed_action_says_why_and_rules_opens_at_its_section(app, language, lang):
    language(lang)
    scene = _table(app, "schemers")
    log = len(scene.match.log)
    canal = _chip(scene, "canal")               # 2 ducats: Into the Canal costs 7
    assert not canal.enabled
    app_click(app, canal.rect.center)
    toast = app.toasts[-1]
    assert "7" in toast.text and not looks_like_developer_text(toast.text)
    assert toast.link is not None and toast.link[0] == i18n.t("refuse.rules_link")
    rect = app._link_rect(toast, app._toast_rects()[-1])
    app_click(app, rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.game_id == "schemers" and rules.anchor == "turn"
    assert rules.text.scroll == min(rules.text.max_scroll, rules.text.anchors["turn"])
    rules.draw(pygame.Surface((1920, 1080)))
    app_key(app, pygame.K_ESCAPE)
    assert app.top is scene and len(scene.match.log) == log and scene.match.decisions_for(0)
    app_key(app, RULES_KEY)                     # W: the same section again
    assert isinstance(app.top, RulesScene) and app.top.anchor == "turn"
    app_key(app, pygame.K_ESCAPE)
    assert app.top is scene


@pytest.mark.parametrize("gid", sorted(PLAYERS))
def test_the_rules_scene_opens_scrolled_to_each_anchor(app, gid):
    anchors = rule_anchors(gid)
    assert len(anchors) >= 4, f"{gid}: a rules page needs sections with anchors"
    scrolled = []
    for anchor in anchors:
        app.open_rules(gid, anchor)
        scene = app.top
        assert scene.anchor == anchor and anchor in scene.text.anchors
        assert scene.text.scroll == min(scene.text.max_scroll, scene.text.anchors[anchor])
        scrolled.append(scene.text.scroll)
        app_key(app, pygame.K_ESCAPE)
    assert scrolled == sorted(scrolled) and scrolled[-1] > 0      # down the page, in page order
    app.open_rules(gid, "no-such-section")                       # an unknown anchor: the top
    assert app.top.anchor is None and app.top.text.scroll == 0


def _illegal_samples(scene):
    """Illegal actions of every sort for this table: another seat's, a made-up verb, a
    listed action of another decision, a near miss of a listed one."""
    m = scene.match
    d = m.decisions_for(0)[0]
    other = next((s for s in range(len(m.seats)) if not m.decisions_for(s)), 1)
    near = tuple(d.actions[0][:1]) + ("nowhere",) * (len(d.actions[0]) - 1 or 1)
    return [(other, d.actions[0]), (0, ("nonsense",)), (0, ("nonsense", 3, ("a",))), (0, near),
            (0, ("end",)), (0, ("pass",)), (0, ("move", 999.0, 999.0)), (0, ("buy", "no_card")),
            (0, ("plan", ((99, 99, 0, 0),))), (0, ("claim", "poisoner", 1)), (0, ("play", "deed:01"))]


@pytest.mark.parametrize("gid", sorted(PLAYERS))
@pytest.mark.parametrize("lang", ["en", "cs"])
def test_no_developer_text_reaches_the_player(app, language, gid, lang):
    language(lang)
    scene = _table(app, gid)
    shown = []
    for seat, action in _illegal_samples(scene):
        if scene.match.is_legal(seat, action):
            continue
        app.toasts.clear()
        scene.submit_human(seat, action)
        assert app.toasts, f"{gid}: {action} refused in silence"
        shown.append(app.toasts[-1].text)
    assert len(shown) >= 6
    bad = [s for s in shown if looks_like_developer_text(s)]
    assert not bad, f"{gid} [{lang}]: developer text on screen: {bad}"
    assert scene.last_rule and scene.last_rule.startswith(gid + "/")
    app_key(app, RULES_KEY)                     # W is free on this table: it opens the section
    assert isinstance(app.top, RulesScene) and app.top.anchor == scene.last_rule.split("/")[1]
    app_key(app, pygame.K_ESCAPE)
    assert app.top is scene


def _rules_link_opens(app, scene, rule):
    """The last toast offers Rules…; its link opens `rule`'s section; Esc comes back."""
    toast = app.toasts[-1]
    assert toast.link is not None and scene.last_rule == rule
    app_click(app, app._link_rect(toast, app._toast_rects()[-1]).center)
    game, anchor = rule.split("/")
    assert isinstance(app.top, RulesScene) and (app.top.game_id, app.top.anchor) == (game, anchor)
    app_key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_the_shop_plan_confirmed_with_a_group_without_an_imp_says_why(app):
    scene = _table(app, "monster_shop")
    tray = scene.table.tray
    tray.step(1, tray.groups[0].id, "gold")         # a group of gold only
    assert not tray.submit() and not scene.match.log
    assert app.toasts[-1].text == i18n.t("monster_shop.table.group_needs_imp")
    _rules_link_opens(app, scene, "monster_shop/purchases")


def test_a_dark_deed_clicked_in_hand_says_it_is_completed_not_played(app):
    m = new_match("dark_deeds", {}, 1, 3, humans=(1,))
    scene = TableScene(app, registry.get("dark_deeds"), m)
    app.push(scene)
    assert run_until(app, lambda: bool(m.decisions_for(1)) and not scene.table.busy(), 30)
    deed = next(sp for sp in scene.table.sprites if str(sp.zone) == "hand:1" and str(sp.key).startswith("deed:"))
    app_click(app, (int(deed.x), int(deed.y)))
    assert app.toasts and app.toasts[-1].text == i18n.t("dark_deeds.refuse.deed_not_played")
    _rules_link_opens(app, scene, "dark_deeds/deeds")
