"""Setup (TE-001 … TE-012, TE-G01, TE-G02, TE-091) and the modes' player counts."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.rules import OptionsError

from .helpers import R, fresh, answer, decision


def test_TE_001_player_counts_by_mode():
    for n in (2, 3):
        R.validate_options({"mode": "competitive"}, n)
    for n in (1, 2, 3):
        R.validate_options({"mode": "coop"}, n)
    for mode, n in (("competitive", 1), ("competitive", 4), ("coop", 4)):
        with pytest.raises(OptionsError) as info:
            R.validate_options({"mode": mode}, n)
        assert mode in str(info.value) and str(n) in str(info.value)
    with pytest.raises(OptionsError):
        R.validate_options({"mode": "solo"}, 1)
    with pytest.raises(OptionsError):
        R.validate_options({"addons": ["taglia"]}, 2)


def test_TE_003_omen_die_faces():
    assert Counter(R.faces) == {1: 1, 2: 1, 3: 1, 4: 1, 0: 2}


def test_TE_004_TE_008_TE_009_decks_and_supply():
    s = fresh(3, seed=5)
    assert R.data.hungry_dead not in s.main + s.center
    assert len(s.sdeck) == 8
    assert {k: len(v) for k, v in s.training.items()} == {"tactical_strike": 8, "brilliant_deduction": 8,
                                                          "intuitive_hunch": 8}
    assert len(s.secrets) == 8


@pytest.mark.parametrize("seed", range(6))
def test_TE_005_TE_006_TE_011_heroes_decks_hands(seed):
    s = fresh(3, seed=seed)
    assert len(set(s.heroes)) == 3
    for seat, hk in enumerate(s.heroes):
        h = R.heroes[hk]
        mine = s.deck[seat] + s.hand[seat]
        keys = Counter(R.key[c] for c in mine)
        want = Counter(h.start)
        if h.honor:
            want["honor"] = h.honor
        assert keys == want
        assert len(s.hand[seat]) == 6                                       # TE-011
    # unused Start cards and Heroes stay out of the game
    assert len(s.box) == 45 - 27 and len(s.heroes_left) == 2


@pytest.mark.parametrize("seed", range(8))
def test_TE_007_villain_stack(seed):
    s = fresh(2, seed=seed)
    K = R.cards
    assert K[s.villain].danger == 1
    assert [K[v].danger for v in s.vstack] == [3, 2]        # II on top of III (top = end)
    assert len(s.vbox) == 6
    v = R.view(s, 0)
    assert v["villain"] == s.villain and v["villains_left"] == 3
    text = repr(v)
    for hidden in s.vstack + s.vbox:
        assert hidden not in text


def test_TE_010_first_six_no_mystery_lightning_to_shadows():
    # find a seed whose first Main Deck cards include a Lightning Strike
    for seed in range(200):
        s = fresh(2, seed=seed)
        if s.shadows:
            break
    assert s.shadows
    assert all(R.key[c] == "lightning_strike" for c in s.shadows)
    assert None not in s.center and all(R.key[c] != "lightning_strike" for c in s.center)
    assert not s.crypt                                       # nothing Destroyed by it
    assert len(s.main) == 72 - 6 - len(s.shadows)


def test_TE_012_first_player_rolloff():
    for seed in range(30):
        s = fresh(3, seed=seed)
        first = s.first
        last = s.rolloff[-1]
        assert last[str(first)] == max(last.values())
        assert list(last.values()).count(max(last.values())) == 1
        for r in s.rolloff[:-1]:                              # earlier rounds were ties at the top
            assert list(r.values()).count(max(r.values())) > 1
        assert s.active == first and s.turn == 1


def test_TE_091_TE_005_draw_2_choose_1():
    s = fresh(3, seed=4, addons=["draw2"])
    for seat in range(3):
        d = decision(s)
        assert d.kind == "hero" and d.seat == seat and len(d.actions) == 2
        others = [R.view(s, o)["flow"] for o in range(3) if o != seat]
        assert all("offers" not in f for f in others)              # only the chooser sees the two
        pick = d.actions[1]
        answer(s, seat, pick)
        assert s.heroes[seat] == pick[1]
    assert len(s.heroes_left) == 2 and len(set(s.heroes)) == 3
    assert all(len(h) == 6 for h in s.hand)


def test_TE_G01_heroes_start_decks():
    d = R.data
    start = {k: (h.start, h.honor) for k, h in d.heroes.items()}
    assert start["inspector_cooke"] == ({"strength_of_combat": 3, "strength_of_cunning": 4,
                                         "strength_of_spirit": 2}, 1)
    assert start["anne_marie"][1] == 0


def test_TE_G02_villain_per_danger():
    for seed in range(10):
        s = fresh(2, seed=seed)
        chosen = [s.villain] + s.vstack
        assert sorted(R.cards[v].danger for v in chosen) == [1, 2, 3]
