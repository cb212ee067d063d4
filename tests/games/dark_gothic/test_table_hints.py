"""What the Dark Gothic table tells a newcomer (issue 25, item 4), checked on the table under
SDL's dummy drivers with posted mouse events: a card you cannot pay for is dimmed, says why
on hover and answers a press with that reason (it used to refuse to lift, silently); the pool
shows a total per colour with a distinct glyph and the sources on hover; the Shadows, the
Omen die and the Villain explain themselves on hover; the chronicle says what an Omen roll
did and lists your own plays; Draw 2 Choose 1 offers Heroes as cards (ability, Honor, Start
cards); and "Faster" hurries an AI Hero's turn until the table asks you something."""
from __future__ import annotations

import pygame
import pytest

from game.core import i18n
from game.core.i18n import t
from game.core.rules import Event
from game.games.dark_gothic.table import hints
from game.games.dark_gothic import words
from game.games.dark_gothic.table.choice import HURRY, HeroCard
from game.ui.table.items import Target
from tests.tablekit import center

from .helpers import set_center, set_hand, set_villain
from .test_table import Rig, my_turn_rig, sprite

pytestmark = pytest.mark.usefixtures("display")


def entry_text(entry) -> str:
    return "".join(seg[0] for seg in entry or [])


def an_expensive_card_on_offer(rig):
    """My turn, the Masked Assassin (a Cursed cost) in slot 1, a Flintlock Pistol in slot 2,
    and 1 Combat in my pool: the Assassin cannot be paid for."""
    s = rig.match.state
    set_hand(s, 0, "strength_of_combat")
    assassin, pistol = set_center(s, "masked_assassin", "flintlock_pistol")
    s.pool = [("C", 1, None, False)]
    rig.changed()
    d = rig.match.decisions()[0]
    assert d.kind == "turn" and ("buy", assassin) not in d.actions          # the premise
    return assassin, pistol


def test_a_card_you_cannot_pay_for_is_dimmed_and_says_why_on_hover():
    rig = my_turn_rig(seed=3)
    assassin, pistol = an_expensive_card_on_offer(rig)
    why = hints.refusals(rig.table)
    assert assassin in why and t("dark_gothic.colour.C") in why[assassin]
    sp = sprite(rig.table, ("center", 0), assassin)
    tip = rig.table.tooltip_for(sp)
    assert tip.splitlines()[0] == why[assassin]
    # drawn under a veil: darker than the same card once it is affordable
    rig.table.pointer = (0, 0)
    dim = pygame.transform.average_color(rig.draw(), sp.rect())
    rig.match.state.pool = [("C", 9, None, False), ("U", 9, None, False), ("S", 9, None, False)]
    rig.changed()
    assert assassin not in hints.refusals(rig.table)
    lit = pygame.transform.average_color(rig.draw(), sp.rect())
    assert sum(lit[:3]) > sum(dim[:3]) + 30


def test_pressing_a_card_you_cannot_pay_for_says_why_and_changes_nothing():
    rig = my_turn_rig(seed=3)
    assassin, _ = an_expensive_card_on_offer(rig)
    sp = sprite(rig.table, ("center", 0), assassin)
    n = len(rig.match.log)
    rig.drag((sp.x, sp.y), center(rig.table.zones[("discard", 0)].rect))
    assert len(rig.match.log) == n
    assert any(text == hints.refusals(rig.table)[assassin] for text, _secs in rig.table.toasts)


def test_an_empty_pool_says_to_play_cards_first_and_a_dark_secret_comes_first():
    rig = my_turn_rig(seed=3)
    s = rig.match.state
    (pistol,) = set_center(s, "flintlock_pistol")
    s.pool = []
    rig.changed()
    assert hints.refusals(rig.table)[pistol].startswith(t("dark_gothic.hint.pool_empty", cost="@").split("@")[0])
    set_hand(s, 0, "dark_secret", "strength_of_combat")
    s.pool = [("C", 9, None, False), ("U", 9, None, False), ("S", 9, None, False)]
    s.wait = ("secret",)
    rig.changed()
    assert rig.match.decisions()[0].kind == "secret"
    assert hints.refusals(rig.table)[pistol] == t("dark_gothic.hint.secret_first")


def test_the_pool_shows_a_total_per_colour_with_a_glyph_and_its_sources_on_hover():
    rig = my_turn_rig(seed=3)
    s = rig.match.state
    (combat,) = set_hand(s, 0, "strength_of_combat")
    s.pool = [("C", 1, combat, False), ("C", 2, None, False), ("W", 1, "honor:0", True)]
    rig.changed()
    t_ = rig.table
    rig.draw()
    assert [col for _r, col in t_.total_rects] == ["C", "U", "S", "W"]
    rect = next(r for r, col in t_.total_rects if col == "C")
    shown = []
    real = t_.gfx.text_block
    t_.gfx.text_block = lambda text, *a, **k: (shown.append(text), real(text, *a, **k))[1]
    t_.pointer = rect.center
    rig.draw()
    tip = next(x for x in shown if t("dark_gothic.colour.C") in x and "3" in x)
    assert t_.card_name(combat) in tip and t("dark_gothic.hint.no_card") in tip


def test_the_four_glyphs_are_different_shapes_not_only_colours():
    masks = {}
    for col in words.COLOURS:
        surf = pygame.Surface((40, 40), pygame.SRCALPHA)
        hints.glyph(surf, col, (20, 20), 16, fill=(200, 200, 200))
        masks[col] = pygame.mask.from_surface(surf)
    cols = list(masks)
    for i, a in enumerate(cols):
        for b in cols[i + 1:]:
            diff = masks[a].count() + masks[b].count() - 2 * masks[a].overlap_area(masks[b], (0, 0))
            assert diff > 120, f"{a} and {b} look alike in grey ({diff} pixels differ)"


def test_the_shadows_the_omen_die_and_the_villain_explain_themselves():
    rig = my_turn_rig(seed=3)
    t_ = rig.table
    v = t_.view
    shadows = t_.tooltip_for(Target("shadow_track"))
    assert t("dark_gothic.hint.shadows_head", n=v["shadows"], limit=10) in shadows
    assert t_.tooltip_for(t_.omen).startswith(t("dark_gothic.hint.omen_head"))
    if t_.zones["shadows"].cards:
        assert t_.tooltip_for(t_.zones["shadows"].cards[-1]) == shadows
    villain = t_.zones["villain"].cards[-1]
    tip = t_.tooltip_for(villain)
    assert t_.card_name(villain.key) in tip and t("dark_gothic.hint.villain_how") in tip
    assert t_.tooltip_for(t_.zones["vstack"].cards[-1]) == words.vstack_tip(v)


def test_an_omen_roll_says_what_it_did():
    rig = my_turn_rig(seed=3)
    t_ = rig.table
    miss = t_.log_entry(Event("roll", {"seat": 0, "purpose": "minion", "face": 2}))
    assert entry_text(miss) == t("dark_gothic.hint.roll_minion_miss", face="2")
    hit = t_.log_entry(Event("roll", {"seat": 0, "purpose": "minion", "face": 0}))
    assert entry_text(hit) == t("dark_gothic.hint.roll_minion_hit", face=t("dark_gothic.table.skull"))
    # a Villain's Global roll: Valeria adds a Shadow on a 1 or a Skull
    valeria = set_villain(rig.match.state, "valeria_the_eternal")
    t_.history.append(Event("reveal", {"card": valeria, "zone": "villain"}))
    name = t("dark_gothic.card.valeria_the_eternal")
    for face, key in ((1, "roll_villain_hit"), (3, "roll_villain_miss")):
        ev = Event("roll", {"seat": 0, "purpose": "shadow", "face": face})
        t_.history.append(ev)
        text = entry_text(t_.log_entry(ev))
        assert text.startswith(t("dark_gothic.hint." + key, face=str(face), villain=name, faces="@").split("@")[0])


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_minions_omen_roll_names_the_minion(lang):
    rig = my_turn_rig(seed=3)
    t_ = rig.table
    i18n.set_language(lang)
    try:
        name = t("dark_gothic.card.brigand")
        miss = entry_text(t_.log_entry(Event("roll", {"seat": 0, "purpose": "minion", "face": 2, "card": "brigand"})))
        assert miss == t("dark_gothic.hint.roll_minion_card_miss", face="2", minion=name) and name in miss
        hit = entry_text(t_.log_entry(Event("roll", {"seat": 0, "purpose": "minion", "face": 0,
                                                     "card": "brigand:2"})))
        assert hit == t("dark_gothic.hint.roll_minion_card_hit", face=t("dark_gothic.table.skull"), minion=name)
    finally:
        i18n.set_language("en")


def test_your_own_plays_are_in_the_chronicle():
    rig = my_turn_rig(seed=3)
    d = rig.match.decisions()[0]
    key = next(a[1] for a in d.actions if a[0] == "play")
    lines = [entry_text(e) for e in (rig.table.log_entry(ev) for ev in rig.submit(0, ("play", key))) if e]
    assert t("dark_gothic.log.play", seat="P0", card=rig.table.card_name(key)) in lines


def test_TE_091_draw2_offers_heroes_as_cards_with_ability_honor_and_start_cards():
    rig = Rig(players=2, seed=2, addons=("draw2",))
    rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "hero" and d.seat == 0
    cards = [w for w in rig.table.widgets if isinstance(w, HeroCard)]
    assert [c.action for c in cards] == list(d.actions)
    rules = rig.match.rules
    for c in cards:
        hero = rules.heroes[c.action[1]]
        assert c.lines["ability"] == t("dark_gothic.hero_ability." + c.action[1])
        assert [n for _col, n, _name in c.lines["start"]] == [n for n in hero.start.values() if n]
        assert c.lines["honor"] == (t("dark_gothic.choice.honor", n=hero.honor) if hero.honor
                                    else t("dark_gothic.choice.no_honor"))
        assert c.rect.width >= 250 and c.rect.height >= 230          # a card, not a one-line button
        assert c.image(rig.table.gfx, False).get_size() == (c.rect.width + 8, c.rect.height + 8)
    rig.click(center(cards[1].rect))
    assert rig.match.state.heroes[0] == d.actions[1][1]


class FakeScene:
    fast = False


def test_faster_hurries_an_ai_turn_and_stops_when_you_are_asked():
    rig = Rig(players=2, mode="coop", seed=11, humans=(0,), viewer=0)
    rig.ctx.extra["scene"] = scene = FakeScene()
    assert rig.ai_until_mine()
    t_ = rig.table
    rig.draw()
    assert t_.hurry.rect is None                          # your turn: nothing to hurry
    while rig.match.decisions()[0].seat == 0:
        d = rig.match.decisions()[0]
        rig.submit(0, ("end",) if ("end",) in d.actions else d.actions[-1])
    rig.settle()
    rig.draw()
    assert t_.hurry.rect is not None, "an AI Hero plays: Faster is offered"
    base = t_.anim.speed()
    rig.click(center(t_.hurry.rect))
    assert t_.hurry.on and scene.fast and t_.anim.speed() == pytest.approx(base * HURRY)
    assert rig.ai_until_mine()
    rig.table.update(0.01)
    assert not t_.hurry.on and not scene.fast


def test_nothing_is_dimmed_while_the_table_still_shows_the_turn_before():
    """The table's view lags while cards glide: the partner's last cards are still moving when
    your turn has begun, and the cards on offer are not yours to judge until it shows your turn."""
    rig = my_turn_rig(seed=3)
    assassin, _ = an_expensive_card_on_offer(rig)
    assert assassin in hints.refusals(rig.table)
    rig.table.view = dict(rig.table.view, active=1)
    assert hints.refusals(rig.table) == {}


def test_what_a_card_makes_others_do_is_in_the_language():
    """Selena's Fight read "Každý jiný hrdina musí discard 1" in Czech: the act is a word of
    the language too."""
    from game.core import i18n
    rig = my_turn_rig(seed=3)
    selena = set_villain(rig.match.state, "selena")
    try:
        i18n.set_language("cs")
        text = rig.table.card_spec(selena)["text"]
    finally:
        i18n.set_language("en")
    assert "discard" not in text and "odložit" in text
