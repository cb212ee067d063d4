"""The Dark Gothic table under SDL's dummy drivers, driven by real posted mouse events:
playing a card by dragging it to the play area, buying by dragging a Center Line card onto your
discard pile, a Silver colour and a Protect answered with banner buttons, other hands never
shown, and a whole co-operative game played by mouse beside an AI Hero."""
from __future__ import annotations

import pytest

from game import registry
from tests.tablekit import TableRig, center as _center, new_match, post_click, post_drag
from tests.tablekit import widget as button   # the docked prompt's buttons are widgets, End turn the banner's

from .helpers import set_center, set_hand

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    wait_guard = False

    def __init__(self, players=2, mode="competitive", seed=1, humans=(0,), viewer=0, difficulty="normal", addons=()):
        match = new_match("dark_gothic", {"mode": mode, "addons": list(addons)}, seed, players, humans,
                          difficulty=difficulty, agent_difficulty=difficulty)
        super().__init__(match, viewer=viewer)

    def settle(self):
        super().settle()
        self.draw()

    def ai_until_mine(self, max_steps=400):
        return self.ai_until_human(max_steps)

    def changed(self):
        """Test setup changed the state: rebuild the table from it."""
        self.match._decisions = None
        self.match.state.dec = None
        self.table.reload(self.table.viewer)
        self.settle()


def sprite(table, zid, key):
    z = table.zones.get(zid)
    return next((sp for sp in z.cards if sp.key == key), None) if z else None


def my_turn_rig(**kw):
    rig = Rig(**kw)
    assert rig.ai_until_mine()
    d = rig.match.decisions()[0]
    assert d.seat == 0
    return rig


def test_the_table_builds_for_one_two_and_three_heroes():
    for n, mode in ((1, "coop"), (2, "competitive"), (3, "competitive")):
        rig = Rig(players=n, mode=mode, humans=())
        for _ in range(20):
            rig.table.on_events(rig.match.run_agents(1))
        rig.settle()
        t = rig.table
        assert type(t).__name__ == "DarkGothicTable"
        assert len([z for z in t.zones if isinstance(z, tuple) and z[0] == "center"]) == 6
        assert all(("hand", s) in t.zones and ("discard", s) in t.zones for s in range(n))


def test_drag_a_card_to_the_play_area_plays_it():
    rig = my_turn_rig(seed=3)
    s = rig.match.state
    d = rig.match.decisions()[0]
    assert d.kind == "turn"
    key = next(a[1] for a in d.actions if a[0] == "play")
    sp = sprite(rig.table, ("hand", 0), key)
    target = rig.table.zones[("play", 0)].rect
    n = len(rig.match.log)
    post_drag((int(sp.x), int(sp.y)), _center(target))
    rig.pump()
    assert rig.match.log[n:] == [(0, ("play", key))]
    rig.settle()
    assert key in s.play[0] and sprite(rig.table, ("play", 0), key) is not None


def test_drag_the_second_copy_of_a_card_plays_one_of_them():
    """The rules list one play per kind of card (copies are one choice); dragging the copy
    they did not list still plays a card of that kind, and a Center Line card never."""
    rig = my_turn_rig(seed=3)
    s = rig.match.state
    first, second = set_hand(s, 0, "strength_of_spirit", "strength_of_spirit")
    rig.changed()
    d = rig.match.decisions()[0]
    assert ("play", first) in d.actions and ("play", second) not in d.actions    # the premise
    sp = sprite(rig.table, ("hand", 0), second)
    n = len(rig.match.log)
    post_drag((int(sp.x), int(sp.y)), _center(rig.table.zones[("play", 0)].rect))
    rig.pump()
    assert rig.match.log[n:] == [(0, ("play", first))]
    rig.settle()
    assert len(s.hand[0]) == 1 and registry.ruleset("dark_gothic").key[s.play[0][-1]] == "strength_of_spirit"


def test_drag_a_center_card_onto_your_discard_buys_it_and_a_silver_cost_asks_how_to_pay():
    rig = my_turn_rig(seed=3)
    s = rig.match.state
    set_hand(s, 0)
    (pistol,) = set_center(s, "flintlock_pistol")
    s.pool = [("U", 3, None, False), ("S", 3, None, False)]
    rig.changed()
    sp = sprite(rig.table, ("center", 0), pistol)
    post_drag((int(sp.x), int(sp.y)), _center(rig.table.zones[("discard", 0)].rect))
    rig.pump()
    assert rig.match.log[-1] == (0, ("buy", pistol)) and pistol in s.discard[0]
    rig.settle()
    s.pool = [("C", 3, None, False), ("S", 3, None, False)]
    s.heroes[0] = "inspector_cooke"                  # no Training discount here
    rig.changed()
    train = s.training["tactical_strike"][-1]
    sp = sprite(rig.table, ("supply", "tactical_strike"), train)
    post_drag((int(sp.x), int(sp.y)), _center(rig.table.zones[("discard", 0)].rect))
    rig.pump()
    rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "pay"
    rig.table.update(0.1)
    rig.table.draw(rig.screen)
    spirit = next(a for a in d.actions if a[1][0][0] == "S")
    b = button(rig.table, spirit)
    assert b is not None
    post_click(_center(b.rect))
    rig.pump()
    assert rig.match.log[-1] == (0, spirit) and train in s.discard[0]


def test_protect_off_turn_with_a_banner_button():
    seed = next(x for x in range(1, 40)
                if registry.ruleset("dark_gothic").setup(2, {"mode": "competitive"}, x).active == 0)
    rig = Rig(players=2, seed=seed, humans=(1,), viewer=1)
    s = rig.match.state
    assert s.active == 0 and s.wait is None
    (book,) = set_hand(s, 1, "book_of_common_prayer", "strength_of_combat")[:1]
    (key,) = set_hand(s, 0, "skeleton_key")
    rig.changed()
    rig.table.on_events(rig.match.submit(0, ("play", key)))
    rig.settle()
    d = next(x for x in rig.match.decisions() if x.seat == 1)
    assert d.kind == "protect"
    b = button(rig.table, ("protect", book))
    assert b is not None
    post_click(_center(b.rect))
    rig.pump()
    assert (1, ("protect", book)) in rig.match.log and key in s.play[0]


def test_other_hands_are_face_down_on_the_table():
    rig = Rig(players=3, humans=(), viewer=0)
    for _ in range(30):
        rig.table.on_events(rig.match.run_agents(1))
    rig.settle()
    s = rig.match.state
    for seat in (1, 2):
        z = rig.table.zones[("hand", seat)]
        assert all(sp.key is None for sp in z.cards) and len(z.cards) == len(s.hand[seat])


def test_a_whole_coop_game_by_mouse():
    rig = Rig(players=2, mode="coop", seed=11, humans=(0,), viewer=0)
    t = rig.table
    for _ in range(3000):
        if rig.match.over:
            break
        if not rig.ai_until_mine():
            break
        d = rig.match.decisions_for(0)[0]
        n = len(rig.match.log)
        if d.kind == "turn":
            plays = [a for a in d.actions if a[0] == "play"]
            buys = [a for a in d.actions if a[0] == "buy"]
            if plays:
                sp = sprite(t, ("hand", 0), plays[0][1])
                post_drag((int(sp.x), int(sp.y)), _center(t.zones[("play", 0)].rect))
            elif buys and buys[-1][1] != "hungry_dead":
                key = buys[-1][1]
                zid = next(z for z, zone in t.zones.items() if any(sp.key == key for sp in zone.cards))
                sp = sprite(t, zid, key)
                post_drag((int(sp.x), int(sp.y)), _center(t.zones[("discard", 0)].rect))
            else:
                b = button(t, ("end",)) or button(t, d.actions[-1])
                post_click(_center(b.rect))
        else:
            b = button(t, d.actions[-1]) or button(t, d.actions[0])
            assert b is not None, d
            post_click(_center(b.rect))
        rig.pump()
        assert len(rig.match.log) > n, (d.kind, d.actions[:4])
        rig.settle()
    assert rig.match.over


def test_TE_091_draw2_hero_choice_on_the_table():
    """Draw 2 Choose 1: before anyone has a Hero there is no active Hero and no pool owner;
    the table draws (it crashed on the pool's title) and the choice is a banner button."""
    rig = Rig(players=3, seed=2, addons=("draw2",))
    rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "hero" and d.seat == 0 and rig.match.state.active is None
    b = button(rig.table, d.actions[1])
    assert b is not None
    post_click(_center(b.rect))
    rig.pump()
    assert rig.match.state.heroes[0] == d.actions[1][1]
    assert rig.ai_until_mine()
    rig.settle()
    assert rig.match.decisions()[0].kind in ("turn", "secret")


def test_TE_G06_protect_buttons_name_what_protects():
    """Thomas Harrow's own Protect reads as his name, a Protect card in hand as the card."""
    seed = next(x for x in range(1, 40)
                if registry.ruleset("dark_gothic").setup(2, {"mode": "competitive"}, x).active == 0)
    rig = Rig(players=2, seed=seed, humans=(1,), viewer=1)
    s = rig.match.state
    s.heroes[1] = "thomas_harrow"
    (book,) = set_hand(s, 1, "book_of_common_prayer", "strength_of_combat")[:1]
    (key,) = set_hand(s, 0, "skeleton_key")
    rig.changed()
    rig.table.on_events(rig.match.submit(0, ("play", key)))
    rig.settle()
    d = next(x for x in rig.match.decisions() if x.seat == 1)
    assert ("protect", "warden") in d.actions
    assert "Thomas Harrow" in button(rig.table, ("protect", "warden")).label
    assert "Book of Common Prayer" in button(rig.table, ("protect", book)).label
