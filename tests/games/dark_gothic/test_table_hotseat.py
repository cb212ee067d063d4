"""Dark Gothic at one screen (hot-seat), through the app's table scene and posted clicks: an
off-turn Block asked of the other person never names the card in their hidden hand — neither
on the public screen (where the question and its answers are in the game's words, no raw ids)
nor anywhere before their curtain is lifted."""
from __future__ import annotations

import re

import pytest

from game.core.match import Match, SeatInfo
from game import registry
from game.ui.scenes.match_words import action_label, decision_title
from game.ui.scenes.table import TableScene, make_agents
from tests.tablekit import app_click, run_until

from .helpers import set_hand

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _two_people(seed_for_first=0):
    rules = registry.ruleset("dark_gothic")
    seed = next(x for x in range(1, 60) if rules.setup(2, {"mode": "coop"}, x).active == seed_for_first)
    spec = registry.get("dark_gothic")
    seats = [SeatInfo("Ann", "human", "normal"), SeatInfo("Ben", "human", "normal")]
    match = Match("dark_gothic", rules, seats, {"mode": "coop", "addons": []}, seed,
                  agents=make_agents(spec, seats, seed))
    return spec, match


def strike_at_ben(app):
    """Ann and Ben at one screen; Ann sits down and plays a Brigand (Strike: each other Hero
    discards 1) while Ben holds a Silver Cross that could Block it: (match, scene)."""
    spec, match = _two_people()
    s = match.state
    (brigand,) = set_hand(s, 0, "brigand")                       # play: +2 Combat, Strike: discard 1
    set_hand(s, 1, "silver_cross", "strength_of_combat")          # Ben could Block with the Cross
    match._decisions = None
    s.dec = None
    scene = TableScene(app, spec, match)
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(scene)
    assert run_until(app, lambda: scene.curtain == 0, 10)
    scene.curtain_t = 1.0
    app_click(app, scene.curtain_btn.rect.center)                 # Ann sits down
    assert run_until(app, lambda: scene.curtain is None and scene.viewer == 0 and not scene.table.busy(), 10)
    scene.submit_human(0, ("play", brigand))
    return match, scene


def test_an_off_turn_block_never_shows_the_other_persons_hand(app):
    match, scene = strike_at_ben(app)
    s = match.state
    block = None

    def asked():
        nonlocal block
        block = next((d for d in match.decisions() if d.seat == 1 and d.kind == "block"), None)
        return block is not None and (scene.curtain == 1 or bool(scene.public))
    assert run_until(app, asked, 10), "Ben is asked to Block, behind his curtain or on the public screen"
    hidden = [registry.ruleset("dark_gothic").key[c] for c in s.hand[1]]
    names = {k for k in hidden} | {registry.ruleset("dark_gothic").cards[c].key for c in s.hand[1]}
    shown = []
    if scene.public:
        shown += [b.label for b in scene.public_btns]
        shown += [decision_title("dark_gothic", d, match.seats) for d in scene.public]
    else:                                                          # behind the curtain: nothing of Ben's on screen
        assert scene.viewer != 1
    shown += [action_label("dark_gothic", a, block.kind) for a in block.actions]
    shown.append(decision_title("dark_gothic", block, match.seats))
    from game.core.i18n import t
    card_words = {t(f"dark_gothic.card.{k}").lower() for k in names} | {k.replace("_", " ") for k in names}
    for text in shown:
        assert not re.search(r"[a-z]_[a-z]|:\d", text), f"a raw id on screen: {text!r}"
        low = text.lower()
        assert not any(w in low for w in card_words), f"{text!r} names a card in Ben's hidden hand"
