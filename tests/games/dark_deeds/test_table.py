"""The Dark Deeds table under SDL's dummy drivers, driven by real posted mouse events.

- dragging the Minion Pawn onto a Street card applies ("target", "street", k);
- an illegal drop glides back and applies nothing (the pawn, and a Tavern card);
- the dice land on exactly the faces of the roll event;
- seat 0's table never renders the name of a card hidden in another seat's hand
  (every text drawn is recorded through the Assets);
- a whole game played through the table by posted mouse events against AI.
"""
from __future__ import annotations

import pygame
import pytest

from tests.tablekit import TableRig, center as _center, new_match, post_click, post_drag, widget

pytestmark = pytest.mark.usefixtures("display")


class Rig(TableRig):
    """A real Match, Assets, Sound and Settings around the real table."""

    draw_on_pump = False

    def __init__(self, players=2, seed=1, humans=(0,), viewer=0, speed=0.0, difficulty="easy"):
        match = new_match("dark_deeds", {}, seed, players, humans, difficulty=difficulty,
                          agent_difficulty=difficulty)
        super().__init__(match, viewer=viewer, speed=speed)

    def settle(self, limit=20.0, dt=1 / 30):
        """At most `limit` seconds of frames."""
        super().settle(frames=round(limit / dt), dt=dt)

    def ai(self):
        events = self.match.run_agents(1)
        self.table.on_events(events)
        self.settle()
        return events

    def until(self, pred, max_steps=600, human=None):
        """AI seats play; the human seats answer with `human(decision)` through the match."""
        for _ in range(max_steps):
            if self.match.over or pred():
                return True
            d = self.match.decisions()[0]
            if d.seat in self.match.agents:
                self.ai()
            else:
                self.submit(d.seat, human(d) if human else _plain(d))
                self.settle()
        return False


def _plain(d):
    acts = [a for a in d.actions if a[0] not in ("play", "use")]
    return acts[0] if acts else d.actions[0]


def sprite_in(table, zid, key=None):
    z = table.zones.get(zid)
    if z is None or not z.cards:
        return None
    if key is None:
        return z.cards[-1]
    return next((sp for sp in z.cards if sp.key == key), None)


def to_my_target_decision(rig):
    assert rig.until(lambda: (d := rig.decision(0)) is not None and d.kind == "target"
                     and any(a[0] == "target" and a[1] == "street" for a in d.actions))
    rig.settle()


# ==========================================================================================
def test_drag_the_pawn_onto_a_street_card_targets_it():
    rig = Rig(players=2, seed=3, speed=1.0)
    to_my_target_decision(rig)
    t = rig.table
    d = rig.decision(0)
    k = next(a[2] for a in d.actions if a[0] == "target" and a[1] == "street")
    pawn = widget(t, "pawn")
    assert pawn is not None, "the Minion Pawn is draggable when a target is due"
    slot = t.target_rect(("zone", f"street:{k}"))
    n = len(rig.match.log)
    post_drag(_center(pawn.rect), _center(slot))
    rig.pump()
    assert len(rig.match.log) == n + 1
    assert rig.match.log[-1] == (0, ("target", "street", k))
    rig.settle()
    assert t.shown_target == rig.match.view(0)["target"]


def test_illegal_drops_glide_back_and_apply_nothing():
    rig = Rig(players=2, seed=3, speed=1.0)
    to_my_target_decision(rig)
    t = rig.table
    pawn = widget(t, "pawn")
    home = pawn.rect.center
    n = len(rig.match.log)
    # onto the chronicle: not a target
    post_drag(home, _center(t.log.rect))
    rig.pump()
    assert len(rig.match.log) == n
    assert widget(t, "pawn").drag_pos is not None          # still where it was dropped…
    rig.frames(1.0)                                          # …then it glides home
    assert widget(t, "pawn").drag_pos is None and widget(t, "pawn").rect.center == home
    # a Tavern card dropped on the Street (in the Tavern phase) glides home, nothing happens
    assert rig.until(lambda: (d := rig.decision(0)) is not None and d.kind == "tavern"
                     and any(a[0] == "tavern_take" for a in d.actions))
    rig.settle()
    i = next(a[1] for a in rig.decision(0).actions if a[0] == "tavern_take")
    sp = sprite_in(t, f"tavern:{i}")
    key, start = sp.key, (sp.x, sp.y)
    n = len(rig.match.log)
    post_drag((int(sp.x), int(sp.y)), _center(t.zones["street:3"].rect))
    rig.pump()
    assert len(rig.match.log) == n
    assert sp.dragging is False
    assert (round(sp.x), round(sp.y)) != (round(start[0]), round(start[1]))
    rig.frames(1.0)
    assert (round(sp.x), round(sp.y)) == (round(start[0]), round(start[1]))
    assert sp in t.zones[f"tavern:{i}"].cards
    # the same card dropped on the hand is taken
    post_drag((int(sp.x), int(sp.y)), _center(t.zones["hand:0"].rect))
    rig.pump()
    assert rig.match.log[-1] == (0, ("tavern_take", i))
    rig.settle()
    assert any(s.key == key for s in t.zones["hand:0"].cards)


def _give(match, key, seat=0):
    """Test setup only: move a card of `key` from the Tavern into a seat's hand."""
    s, cards = match.state, match.rules.cards
    for pile in (s.tavern_deck, s.tavern_discard, *s.hands):
        for c in pile:
            if cards[c].key == key and pile is not s.hands[seat]:
                pile.remove(c)
                s.hands[seat].append(c)
                s.dec = None
                match._decisions = None
                return c
    raise AssertionError(key)


def _menu_pick(table, label_part):
    m = table.menu
    assert m is not None, "a menu is open"
    i = next(i for i, it in enumerate(m.items) if label_part in it[0])
    y = m.rect.top + 6 + (30 if m.title else 0) + m.row_h * i + m.row_h // 2
    post_click((m.rect.centerx, y))


def test_plots_are_played_by_dragging_onto_their_target_or_by_right_click():
    rig = Rig(players=3, seed=3, speed=1.0)
    to_my_target_decision(rig)
    snitch = _give(rig.match, "snitch")
    gab = _give(rig.match, "gift_of_the_gab")
    rig.match.state.susp[0] = 3
    rig.match._decisions = None
    t = rig.table
    t.set_viewer(0)
    rig.settle()
    # Snitch dropped on a rival's pitch asks how much, then plays
    sp = sprite_in(t, "hand:0", snitch)
    post_drag((int(sp.x), int(sp.y)), _center(t.L["pitch"][1]))
    rig.pump()
    _menu_pick(t, "2")
    rig.pump()
    assert rig.match.log[-1] == (0, ("play", snitch, 1, 2))
    rig.settle()
    assert rig.until(lambda: rig.decision(0) is not None)
    rig.settle()
    # Gift of the Gab: right-click → Play
    sp = sprite_in(t, "hand:0", gab)
    post_click((int(sp.x), int(sp.y)), button=3)
    rig.pump()
    _menu_pick(t, t.card_name(gab))
    rig.pump()
    assert rig.match.log[-1] == (0, ("play", gab))


def test_dice_land_on_the_rolled_faces():
    rig = Rig(players=2, seed=5, speed=1.0)
    assert rig.until(lambda: (d := rig.decision(0)) is not None and d.kind == "roll")
    rig.settle()
    t = rig.table
    roll = widget(t, "roll")
    assert roll is not None
    post_click(_center(roll.rect))
    rig.pump()
    ev = next(e for e in reversed(t.history) if e.kind == "roll")
    assert t.busy()
    rig.settle()
    assert [d.shown for d in t.dice[:len(ev.data["faces"])]] == list(ev.data["faces"])
    assert t.roll_show["total"] == ev.data["total"]


def test_seat_0_never_renders_cards_hidden_in_other_hands():
    rig = Rig(players=3, seed=11, humans=(), viewer=0, speed=1.0, difficulty="normal")
    drawn: list = []
    text = rig.assets.text

    def recording(s, *a, **k):
        drawn.append(s)
        return text(s, *a, **k)
    rig.assets.text = recording
    rig.table.gfx.assets = rig.assets
    rules = rig.match.rules
    names = {c.key: rules.card_json(cid)["name"] for cid, c in rules.cards.items()}
    from game.core.i18n import t as tr
    names = {k: tr(v) for k, v in names.items()}
    seen_keys: set = set()

    def collect(obj):
        if isinstance(obj, str) and obj in rules.cards:
            seen_keys.add(rules.cards[obj].key)
        elif isinstance(obj, dict):
            for v in obj.values():
                collect(v)
        elif isinstance(obj, (list, tuple)):
            for v in obj:
                collect(v)

    steps = 0
    while not rig.match.over and steps < 160:
        events = rig.match.run_agents(1)
        for e in events:
            if e.visible_to(0):
                collect(e.data)
        collect(rig.match.view(0))
        rig.table.on_events([e for e in events if e.visible_to(0)])
        for _ in range(3):
            rig.table.update(0.12)
            rig.table.draw(rig.screen)
        hidden = set()
        for seat in (1, 2):
            for cid in rig.match.state.hands[seat]:
                key = rules.cards[cid].key
                if key not in seen_keys:
                    hidden.add(key)
        leaked = {k for k in hidden if any(names[k] in s for s in drawn)}
        assert not leaked, f"hidden card names drawn: {sorted(names[k] for k in leaked)}"
        faces = {k[1] for k in rig.table.cards._faces if k[0] == "face"}
        assert not {rules.cards[c].key for c in faces} & hidden
        steps += 1


def _act_by_mouse(rig, d, turn_no):
    """One human decision, answered with the mouse like a person would."""
    t = rig.table
    acts = d.actions
    if d.kind == "target":
        tgt = [a for a in acts if a[0] == "target"]
        if tgt:
            a = tgt[turn_no % len(tgt)]
            rect = t.target_rect(("zone", f"street:{a[2]}")) if a[1] == "street" else t.target_rect(("card", a[2]))
            if turn_no % 3 == 2 and a[1] == "street":
                post_click(_center(rect))           # clicking the card targets it too
            else:
                post_drag(_center(widget(t, "pawn").rect), _center(rect))
        elif ("pass",) in acts:
            post_click(_center(widget(t, "pass").rect))
        else:
            a = next(x for x in acts if x[0] == "play" and len(x) == 3)
            post_drag(_center(widget(t, "pawn").rect), _center(t.target_rect(("card", a[2]))))
    elif d.kind == "sneak_order":
        a = next(x for x in acts if x[0] == "sneak")
        post_click(_center(widget(t, ("sneak", a[1])).rect))
    elif d.kind == "roll":
        if turn_no % 2:
            die = t.dice[0]
            post_drag((int(die.x), int(die.y)), (t.L["stage"].centerx + 200, t.L["stage"].centery))
        else:
            post_click(_center(widget(t, "roll").rect))
    elif d.kind == "after_roll":
        post_click(_center(widget(t, "accept").rect))
    elif d.kind == "reaction":
        post_click(_center(widget(t, ("react", "pass")).rect))
    elif d.kind == "loot_choice":
        take = [a for a in acts if a[0] == "loot"]
        if take and turn_no % 4:
            a = take[0]
            sp = sprite_in(t, f"loot:{a[1]}:{a[2]}")
            if turn_no % 2:
                post_click((int(sp.x), int(sp.y)))
            else:
                post_drag((int(sp.x), int(sp.y)), _center(t.L["pitch"][0]))
        else:
            post_click(_center(widget(t, "gamble").rect))
    elif d.kind == "tavern":
        take = [a for a in acts if a[0] == "tavern_take"]
        if take and turn_no % 3 == 0:
            sp = sprite_in(t, f"tavern:{take[0][1]}")
            post_drag((int(sp.x), int(sp.y)), _center(t.zones["hand:0"].rect))
        elif ("tavern_gamble",) in acts and turn_no % 3 == 1:
            post_click(_center(widget(t, "gamble").rect))
        else:
            post_click(_center(widget(t, "lay_low").rect))
    elif d.kind == "stock":
        post_click(_center(widget(t, "proceed").rect))
    elif d.kind == "discard":
        a = next(x for x in acts if x[0] == "discard")
        key = rig.match.rules.cards[a[1]].key
        sp = next(s for s in t.zones["hand:0"].cards if s.key and rig.match.rules.cards[s.key].key == key)
        post_drag((int(sp.x), int(sp.y)), _center(t.zones["tavern_discard"].rect))
    elif d.kind in ("deed_choice", "msm_tiebreak"):
        post_click(_center(t.banner.spec.buttons[0].rect))
    else:
        raise AssertionError(f"no gesture for {d.kind}")
    rig.pump()


def test_a_whole_game_by_posted_mouse_events_against_ai():
    rig = Rig(players=2, seed=21, speed=0.0, difficulty="easy")
    t = rig.table
    mine = 0
    turn_no = 0
    for _ in range(5000):
        if rig.match.over:
            break
        rig.settle()
        d = rig.match.decisions()[0]
        if d.seat != 0:
            rig.ai()
            continue
        if d.kind == "target":
            turn_no += 1
        n = len(rig.match.log)
        _act_by_mouse(rig, d, turn_no)
        assert len(rig.match.log) == n + 1, f"the mouse did not answer {d.kind}: {d.actions}"
        assert rig.match.log[-1][0] == 0
        mine += 1
        if mine % 25 == 0:
            t.draw(rig.screen)
    assert rig.match.over, "the game reached its end"
    rig.settle()
    t.draw(rig.screen)
    assert mine > 30
    kinds = {e.kind for e in t.history}
    assert {"roll", "move", "pawn", "phase", "turn"} <= kinds


def test_the_tray_prompt_follows_the_live_decision_once_animations_end():
    """After every batch of events has played, the tray's title/prompt is the one the
    live decision asks for (never a prompt left over from the animations), and it names
    the active player (or the seat being waited on); the chronicle counts turns as the
    header does."""
    rig = Rig(players=3, seed=4, humans=(), viewer=0, speed=1.0, difficulty="normal")
    t = rig.table
    reactions = 0
    for _ in range(70):
        if rig.match.over:
            break
        rig.table.on_events(rig.match.run_agents(1))
        rig.settle(limit=60.0)
        t.update(1 / 60)
        view = t.view
        assert t.prompt == t._passive_prompt(view)
        # controls already worked out for this log, then more animation plays (the
        # prompt shows the animated story meanwhile): once it ends, the live prompt is back
        t.step(lambda: 0.2)
        rig.settle(limit=5.0)
        t.update(1 / 60)
        assert t.prompt == t._passive_prompt(view)
        d = rig.match.decisions()[0] if rig.match.decisions() else None
        if d is None or t.prompt is None:
            continue
        title, sub, _icon = t.prompt
        act = view.get("active")
        assert t.name(act) in title or t.name(d.seat) in title
        if d.kind == "reaction":
            reactions += 1
            assert t.name(d.seat) in sub and t.name(act) in title
        if t.roll_show is not None and t.roll_show.get("purpose") != "lay_low":
            assert t.roll_show.get("seat") == act          # no plaque from an earlier turn
    assert reactions > 0
    turns = [e for e in t.history if e.kind == "turn"]
    if turns:
        # the chronicle's turn line counts turns as the header does (the event carries n)
        line = "".join(seg[0] for seg in t.log_entry(turns[-1]))
        assert f" {t.view.get('turn')} " in line.replace("—", " ")


def test_the_zoom_never_covers_the_trays_prompt_or_a_menu():
    rig = Rig()
    to_my_target_decision(rig)
    t = rig.table
    assert t.prompt_rect() is not None
    for sp in t.zones["hand:0"].cards + [z.cards[-1] for z in t.zones.values() if z.cards]:
        if sp.face_up and sp.key is not None:
            r = t.zoom_rect(sp)
            assert r is None or not r.colliderect(t.prompt_rect()), sp.key
    t.menu = object()
    assert t.zoom_rect(t.zones["hand:0"].cards[0]) is None
    t.menu = None


def test_a_card_that_flies_from_under_a_still_pointer_takes_its_zoom_along():
    """A newcomer clicked a Tavern card and left the mouse there: the card flew to the hand
    and its zoom stayed on screen through the AI's whole turn, over the chronicle."""
    rig = Rig()
    t = rig.table
    sp = next(z.cards[-1] for zid, z in t.zones.items() if zid.startswith("tavern:") and z.cards)
    rig.move(sp.rect().center)
    t.hover_time = 2.0
    assert t.hover is sp and t.zoom_key()[0] == sp.key
    sp.x, sp.y = sp.x + 600, sp.y + 400          # it flies off; the pointer does not move
    assert t.hover is sp and t.zoom_key() == (None, None)


def test_the_thinking_cue_sits_on_the_chronicle_not_on_the_phase_track():
    """"Greta is thinking…" (46 high, its bottom 10 above the anchor) covered the phase
    pills at the top of the window during every AI turn."""
    for players in (2, 4):
        t = Rig(players=players).table
        for seat in range(players):
            x, y = t.seat_anchor(seat)
            cue = pygame.Rect(0, 0, 280, 46)
            cue.midbottom = (x, y - 10)
            assert t.log_rect().contains(cue) and not cue.colliderect(t.L["phasebar"])


def test_a_click_on_the_tavern_discard_says_it_is_a_discard_pile():
    """The Tavern's discard pile shows its top card face up beside the two on offer; a
    newcomer clicked it to take it and nothing happened at all."""
    from game.core.i18n import t
    rig = Rig(players=2, seed=3)
    assert rig.until(lambda: (d := rig.decision(0)) is not None and d.kind == "tavern"
                     and rig.table.zones["tavern_discard"].cards)
    rig.settle()
    top = rig.table.zones["tavern_discard"].cards[-1]
    assert not rig.table.options_for(top)
    assert rig.table.why_not(top) == t("dark_deeds.refuse.discard_pile")


def test_a_loot_card_clicked_in_the_tavern_says_loot_comes_with_a_robbery():
    """In the Tavern phase a newcomer clicked a face-up Loot card and read "The Tavern is
    visited only in its phase, after Hit the Street." — while visiting the Tavern."""
    from game.core.i18n import t
    rig = Rig(players=2, seed=3)
    assert rig.until(lambda: (d := rig.decision(0)) is not None and d.kind == "tavern")
    rig.settle()
    loot = rig.table.zones["loot:artisan:0"].cards[-1]
    assert rig.table.why_not(loot) == t("dark_deeds.refuse.loot_after_rob")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_the_seals_name_and_the_street_discards_count_do_not_overlap(lang):
    """"Discard · 16" sat on "Horned Seal" (in Czech "Odložené" on "Rohatá pečeť")."""
    from game.core.i18n import set_language
    from game.games.dark_deeds.words import tx
    set_language(lang)
    try:
        t = Rig().table
        t.background()
        z = t.zones["street_discard"]
        fs, off = next((fs, off) for zid, fs, off, _r in t.L["discard_labels"] if zid == "street_discard")
        lab = t.gfx.text(f"{tx('discard')} · 16", fs, (0, 0, 0), serif=True)
        count = lab.get_rect(midtop=(z.rect.centerx, z.rect.bottom + off))
        assert not count.colliderect(t.L["seal_label"])
    finally:
        set_language("en")
