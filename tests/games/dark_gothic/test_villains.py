"""Villains, the end of the game and scoring (TE-060 … TE-062, TE-085, TE-G08, TE-G12, TE-G13)."""
from __future__ import annotations

from game.games.dark_gothic.data import load_data
from game.games.dark_gothic.rules import DarkGothicRules

from .helpers import R, act, decision, quiet, set_center, take


def _defeat(s, rules=R):
    a = s.active
    parts = rules.cost_of(s, s.villain, a)
    s.pool = [(c if c != "W" else "C", n, None, False) for c, n, _ in parts]
    rules.apply(s, a, ("buy", s.villain))
    while s.wait is not None:
        d = rules.decisions(s)[0]
        rules.apply(s, d.seat, d.actions[0])


def test_TE_060_TE_G08_defeat_fight_tuck_honor():
    s = quiet(n=2, villain="selena")               # Fight: each other Hero discards 1
    a, b = s.active, 1 - s.active
    v = s.villain
    hand_b = len(s.hand[b])
    honors = len(s.honor)
    _defeat(s)
    assert s.won[a] == [v] and v not in s.discard[a]
    assert len(s.hand[b]) == hand_b - 1
    assert len(s.honor) == honors - 1 and any(R.key[c] == "honor" for c in s.discard[a])


def test_TE_061_TE_062_the_next_villain_only_at_the_end_of_the_turn():
    s = quiet(n=2, villain="jersey_devil")
    a = s.active
    nxt = s.vstack[-1]
    _defeat(s)
    assert s.villain is None
    s.pool = [("C", 30, None, False), ("U", 30, None, False), ("S", 30, None, False)]
    s.dec = None
    assert all(x[1] != nxt for x in decision(s).actions if x[0] == "buy")
    ev = act(s, a, "end")
    assert s.villain == nxt and any(e.kind == "reveal" and e.data["card"] == nxt for e in ev)


def test_TE_062_TE_085_last_villain_heroes_win_scoring():
    s = quiet(n=2, villain="jersey_devil")
    a, b = s.active, 1 - s.active
    s.vbox += s.vstack
    s.vstack = []
    v = s.villain
    (secret,) = [take(s, "dark_secret")]
    s.discard[b].append(secret)
    _defeat(s)
    assert R.result(s) is None                       # only once the turn is complete
    act(s, a, "end")
    r = R.result(s)
    assert r is not None and r.side is None
    for seat in (a, b):
        owned = s.deck[seat] + s.hand[seat] + s.discard[seat] + s.play[seat] + s.remains[seat]
        assert r.scores[seat] == sum(R.cards[c].inv for c in owned) + sum(R.cards[c].inv for c in s.won[seat])
    assert R.cards[secret].inv == -2
    assert a in r.winners


def test_TE_G12_ties_go_to_the_most_villains_then_shared():
    s = quiet(n=2)
    a, b = s.active, 1 - s.active
    s.vbox += s.vstack + [s.villain]
    s.vstack, s.villain = [], None
    s.won[a] = [take(s, "wendigo")]
    s.won[b] = []
    # give b exactly the Investigation the Wendigo gave a
    s.discard[b] += [take(s, "honor"), take(s, "honor")]
    s.discard[b].append(take(s, "intuitive_hunch"))
    diff = R.investigation(s, a) - R.investigation(s, b)
    while diff > 0:
        s.discard[b].append(take(s, "tactical_strike")); diff -= 1
    while diff < 0:
        s.discard[a].append(take(s, "tactical_strike")); diff += 1
    R._finish(s, True, [])
    assert R.result(s).winners == (a,)
    s.won[b] = [take(s, "valeria_the_eternal")]
    s.discard[a] += [take(s, "brilliant_deduction") for _ in range(8)]
    diff = R.investigation(s, a) - R.investigation(s, b)
    while diff > 0:
        s.discard[b].append(take(s, "brilliant_deduction")); diff -= 1
    s.res = None
    R._finish(s, True, [])
    assert set(R.result(s).winners) == {a, b}


def _last_villain_state(rules):
    s = quiet(n=2, villain="jersey_devil")
    s.vbox += s.vstack
    s.vstack = []
    set_center(s, "tomahawk", "musket", "lantern", "ambush", "rally_the_town", "restless_dead")
    while len(s.shadows) < 9:
        s.shadows.append(s.main.pop(0))
    return s


def test_TE_G13_the_shadows_can_still_win_at_the_end_of_the_heroes_last_turn():
    s = _last_villain_state(R)
    _defeat(s)
    assert R.result(s) is None
    act(s, s.active, "end")                          # the Restless Dead roams into the Shadows
    assert R.result(s).side == "game"


def test_TE_G13_flag_heroes_win_at_once():
    d = load_data()
    d.rules = d.rules.model_copy(update={"heroes_win_immediately_on_last_villain": True})
    R2 = DarkGothicRules(d)
    s = _last_villain_state(R2)
    _defeat(s, R2)
    assert R2.result(s) is not None and R2.result(s).side is None
