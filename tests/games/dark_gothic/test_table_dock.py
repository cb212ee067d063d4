"""The Dark Gothic table's docked prompt, by posted mouse events: every question but your turn's
(the Silver colour, the Cursed payment, Block, Protect, choices) sits in the right-hand column
where End turn is, so the Center Line, the play areas, your hand and your pool that the question
is about stay in view; the card it names glows, and a button under the pointer lights what it
would use (for a Cursed payment the orb and the card that would be Destroyed). The turn banner
reads the game as it is now, and another Hero's plays are written in the chronicle."""
from __future__ import annotations

import pygame
import pytest

from game.core.i18n import t
from game import registry
from game.games.dark_gothic.payment import apply_payment
from tests.tablekit import TableRig, new_match, post_click

from .helpers import set_center, set_hand

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    """A competitive game at `seed`; the table is drawn after every settle."""

    def __init__(self, players=2, seed=3, humans=(0,), viewer=0):
        super().__init__(new_match("dark_gothic", {"mode": "competitive", "addons": []}, seed, players, humans,
                                   difficulty="normal"), viewer=viewer)

    def settle(self):
        super().settle()
        self.draw()

    def ai_until_mine(self):
        if not self.ai_until_human():
            raise AssertionError("never my turn")

    def changed(self):
        self.match._decisions = None
        self.match.state.dec = None
        self.table.reload(self.table.viewer)
        self.settle()


def post_move(pos):
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))


def docked(table, action):
    return next((w for w in table.widgets if getattr(w, "action", None) == action), None)


def what_must_stay_in_view(table, seat):
    """The Center Line, the Villain end, the supply, every Hero's play area, Remains and hand,
    and the resource pool (window rects)."""
    z = table.zones
    keep = [z[("center", i)].rect for i in range(6)] + [z["villain"].rect]
    keep += [zone.rect for zid, zone in z.items() if isinstance(zid, tuple) and zid[0] in ("supply", "play", "remains",
                                                                                            "hand", "won")]
    p = table.geo()[1]
    keep.append(p(1180, 836, 345, 204))                # the pool's panel (LAYOUT["pool"])
    return keep


def my_turn(seed=3):
    rig = Rig(seed=seed)
    rig.ai_until_mine()
    rig.match.state.heroes[0] = "inspector_cooke"      # no Training discount, no own Protect
    return rig


def test_TE_G07_the_payment_question_is_docked_clear_of_what_it_is_about():
    rig = my_turn()
    s = rig.match.state
    set_hand(s, 0)
    (lantern,) = set_center(s, "lantern")              # its Silver cost: which colour pays?
    s.pool = [("W", 1, None, False), ("U", 2, None, False), ("S", 2, None, False)]
    rig.changed()
    rig.table.on_events(rig.match.submit(0, ("buy", lantern)))
    rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "pay"
    cunning = next(a for a in d.actions if a[1][0][0] == "U")
    t_ = rig.table
    assert t_.banner is None, "no banner over the middle of the table"
    b = docked(t_, cunning)
    assert b is not None
    dock = t_.prompt_rect()
    assert dock is not None and dock.contains(b.rect)
    for r in what_must_stay_in_view(t_, 0):
        assert not dock.colliderect(r), r
    # the card being paid for glows on the table
    subject, _hovered = t_.dock_focus(t_.dock)
    assert subject and all(r.colliderect(t_.zones[("discard", 0)].rect) or r.colliderect(t_.zones[("center", 0)].rect)
                           for r in subject)
    post_click((b.rect.centerx, b.rect.centery))
    rig.pump()
    assert rig.match.log[-1] == (0, cunning)


def test_TE_G07_a_cursed_payment_shows_the_card_it_would_destroy():
    rig = my_turn()
    s = rig.match.state
    keys = set_hand(s, 0, "strength_of_spirit", "strength_of_spirit", "strength_of_spirit", "strength_of_spirit",
                    "honor")
    (grimoire,) = set_center(s, "grimoire_of_shadows")  # 3 Spirit + 2 Cursed Spirit
    s.pool = []
    rig.changed()
    for k in keys:
        rig.submit(0, ("play", k))
        rig.settle()
    rig.submit(0, ("buy", grimoire))
    rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "pay" and len(d.actions) >= 2
    parts = tuple(tuple(p) for p in d.prompt["parts"])
    t_ = rig.table
    dock = t_.prompt_rect()
    assert t_.banner is None and dock is not None
    assert not dock.colliderect(t_.zones[("play", 0)].rect), "the cards a Cursed payment Destroys stay in view"
    for a in d.actions:
        b = docked(t_, a)
        assert b is not None and dock.contains(b.rect)
        post_move((b.rect.centerx, b.rect.centery))
        rig.pump()
        _subject, hovered = t_.dock_focus(t_.dock)
        for _colour, draws in a[1]:
            for i, _n in draws:
                assert any(r.contains(t_.orb_rects[i][0]) for r in hovered), "the orbs that would pay"
        for src in apply_payment(s.pool, parts, a[1])[1]:
            card = next(sp for sp in t_.zones[("play", 0)].cards if sp.key == src)
            assert card.rect() in hovered, "the card that would be Destroyed"
    b = docked(t_, d.actions[-1])
    post_click((b.rect.centerx, b.rect.centery))
    rig.pump()
    assert rig.match.log[-1] == (0, d.actions[-1])


def test_TE_G07_an_off_turn_protect_is_docked_and_pass_comes_last():
    seed = next(x for x in range(1, 40)
                if registry.ruleset("dark_gothic").setup(2, {"mode": "competitive"}, x).active == 0)
    rig = Rig(seed=seed, humans=(1,), viewer=1)
    s = rig.match.state
    (book,) = set_hand(s, 1, "book_of_common_prayer", "strength_of_combat")[:1]
    (key,) = set_hand(s, 0, "skeleton_key")
    rig.changed()
    rig.table.on_events(rig.match.submit(0, ("play", key)))
    rig.settle()
    d = next(x for x in rig.match.decisions() if x.seat == 1)
    assert d.kind == "protect"
    t_ = rig.table
    dock = t_.prompt_rect()
    assert t_.banner is None and dock is not None
    for r in what_must_stay_in_view(t_, 1):
        assert not dock.colliderect(r), r
    buttons = [w for w in t_.widgets if getattr(w, "action", None) in d.actions]
    assert buttons[-1].action == ("pass",) and all(a.rect.bottom <= b.rect.top for a, b in zip(buttons, buttons[1:]))
    post_click(docked(t_, ("protect", book)).rect.center)
    rig.pump()
    assert (1, ("protect", book)) in rig.match.log and key in s.play[0]


def test_the_turn_banner_never_names_two_turns_at_once():
    """While your last cards still glide to your discard pile the banner still says your turn
    (as the table shows) and not "Watch P1 play" under it; once the table has caught up it is
    P1's turn, and you are told to watch."""
    rig = my_turn()
    rig.changed()
    rig.settings.animation_speed = 1.0
    rig.table.on_events(rig.match.submit(0, ("end",)))
    rig.table.update(1 / 60)                           # the cleanup is still gliding
    assert rig.match.state.active == 1 and rig.table.busy()
    mine = t("dark_gothic.art.your_turn", hero=t("dark_gothic.hero.inspector_cooke"))
    head, _phase, do, _col = rig.table.status()
    assert head == mine and rig.table.name(1) not in do
    rig.settle()
    head, _phase, do, _col = rig.table.status()
    assert head != mine and rig.table.name(1) in head and rig.table.name(1) in do


def test_another_heros_plays_are_in_the_chronicle():
    rig = my_turn()
    d = rig.match.decisions()[0]
    mine = next(a for a in d.actions if a[0] == "play")
    entries = [e for e in (rig.table.log_entry(ev) for ev in rig.submit(0, mine)) if e]
    assert entries, "your own plays are listed too, as the replay lists them (issue 25)"
    rig.table.on_events(rig.match.submit(0, ("end",)))
    played = []
    while rig.match.decisions()[0].seat == 1:
        for ev in rig.match.run_agents(1):
            if ev.kind == "move" and str(ev.data.get("src", "")).startswith("hand:1") and "why" not in ev.data \
                    and str(ev.data.get("dst", "")).split(":")[0] in ("play", "remains"):
                played.append(rig.table.log_entry(ev))
    assert played and all(e for e in played), "each card the other Hero played has a chronicle line"


def test_hovering_a_face_up_card_gives_its_words_readably_and_a_hidden_card_nothing():
    """At 1280×720 a card's own text is a few pixels high: resting the pointer on a face-up card
    gives a tooltip with its name, cost, Investigation and what it does (and Space for the whole
    card); another Hero's face-down hand gives none."""
    from game.ui.table.kit import TOOLTIP_DELAY
    rig = my_turn()
    t_ = rig.table
    sp = t_.zones[("center", 0)].cards[-1]
    card = t_._card(sp.key)
    post_move((int(sp.x), int(sp.y)))
    rig.pump()
    rig.table.update(TOOLTIP_DELAY + 0.1)
    assert t_.hover is sp
    tip = t_.tooltip_for(t_.hover)
    assert tip and t_.card_name(sp.key) in tip and t("dark_gothic.art.tip_zoom") in tip
    assert t("dark_gothic.art.tip_inv", n=card.inv) in tip
    hidden = t_.zones[("hand", 1)].cards[-1]
    post_move((int(hidden.x), int(hidden.y)))
    rig.pump()
    rig.table.update(TOOLTIP_DELAY + 0.1)
    assert t_.hover is None or t_.tooltip_for(t_.hover) is None


def test_the_shadows_floater_does_not_cover_their_count():
    from game.core.rules import Event
    rig = my_turn()
    rig.settings.animation_speed = 1.0
    t_ = rig.table
    t_.animate(Event("shadow", {"count": 3}, None))
    (f,) = t_.fx.of("floater")
    img, x, y = f.data
    sh = t_.zones["shadows"].rect
    count = pygame.Rect(sh.left, sh.top - 48, sh.width, 46)        # "n / 10" sits on the stack's top edge
    for progress in (0.0, 0.5, 1.0):
        r = img.get_rect(center=(int(x), int(y - 50 * progress)))
        assert not r.colliderect(count), progress


def test_the_thinking_badge_stands_clear_of_the_center_line_and_the_villain(app):
    """The window draws "<name> is thinking…" above the table's seat_anchor; at the top centre
    (no anchor) it covered the titles of Center Line slots 5-6 and the Villain."""
    from game.core.match import Match, SeatInfo
    from game.ui.scenes.table import TableScene, make_agents
    spec = registry.get("dark_gothic")
    seats = [SeatInfo("Me", "human", "normal"), SeatInfo("Bot", "ai", "normal")]
    match = Match("dark_gothic", registry.ruleset("dark_gothic"), seats, {"mode": "competitive", "addons": []}, 3,
                  agents=make_agents(spec, seats, 3))
    scene = TableScene(app, spec, match)
    app.push(scene)
    app.step(1 / 60, [])
    pos = scene.seat_pos(1)
    assert pos is not None
    # the badge as draw_thinking lays it: about 420 x 46, its bottom 10 px above the anchor
    badge = pygame.Rect(0, 0, 420, 46)
    badge.midbottom = (int(pos[0]), int(pos[1]) - 10)
    badge.clamp_ip(pygame.Rect(0, 0, 1920, 1080).inflate(-16, -16))
    t_ = scene.table
    keep = [t_.zones[("center", i)].rect for i in range(6)] + [t_.zones["villain"].rect, t_.zones["shadows"].rect,
                                                               t_.zones["vstack"].rect]
    assert not any(badge.colliderect(r) for r in keep)


def test_a_block_you_cannot_make_says_so():
    """Whether a Hero is asked to Block is decided from public information, so you may be asked
    while holding nothing that Blocks: the docked question then says so over its lone Pass."""
    seed = next(x for x in range(1, 40)
                if registry.ruleset("dark_gothic").setup(2, {"mode": "competitive"}, x).active == 0)
    rig = Rig(seed=seed, humans=(1,), viewer=1)
    s = rig.match.state
    (brigand,) = set_hand(s, 0, "brigand", "silver_cross")[:1]
    set_hand(s, 1, "strength_of_combat", "strength_of_spirit")
    rig.changed()
    rig.table.on_events(rig.match.submit(0, ("play", brigand)))
    rig.settle()
    d = next((x for x in rig.match.decisions() if x.seat == 1), None)
    assert d is not None and d.kind == "block" and d.actions == (("pass",),)
    dk = rig.table._shown_dock()
    assert dk is not None and [b.action for b in dk.buttons] == [("pass",)]
    assert t("dark_gothic.table.nothing_block") in rig.table.dock.head_text
    post_click(docked(rig.table, ("pass",)).rect.center)
    rig.pump()
    assert (1, ("pass",)) in rig.match.log


def test_a_long_heros_name_leaves_the_turn_head_readable():
    rig = my_turn()
    t_ = rig.table
    box = t_.geo()[1](1010, 292, 512, 158)                 # LAYOUT["area_status"]
    room = box.width - 80
    long = t("dark_gothic.art.their_turn", seat="P1", hero=t("dark_gothic.hero.anne_marie"))
    assert t_.head_that_fits(long, room) == long.rsplit(" · ", 1)[0]
    short = t("dark_gothic.art.your_turn", hero=t("dark_gothic.hero.inspector_cooke"))
    assert t_.head_that_fits(short, room) == short
