"""Hidden information (CHECKLIST §1.6, X-05): a seat's view — and the events it may see —
never contain another seat's secret cards; deck orders are counts only; Score Piles follow
DD-G10; everything is revealed at the end."""
from __future__ import annotations

import json
import random

from game.games.dark_deeds.ai import HeuristicAgent, determinize
from game.core.rng import RNG
from tests.games.dark_deeds.test_support import act, dice, ids, make, rules

R = rules()


def secrets_of(s, seat):
    """Card ids `seat` may see that others may not: hand cards not publicly known."""
    return {c for c in s.hands[seat] if c not in s.known[seat]}


def hidden_everywhere(s):
    """Cards nobody may see: deck contents (order and identity)."""
    out = set(s.street_deck) | set(s.tavern_deck)
    for t in ("artisan", "cleric", "merchant"):
        out |= set(s.loot_deck[t])
    return out


def test_views_never_leak_hands_or_decks_in_random_states():
    rnd = random.Random(7)
    for n in (2, 3, 4):
        for game in range(25):
            s = R.setup(n, {"open_scores": game % 2 == 0}, game)
            steps = 0
            while R.result(s) is None:
                if steps % 5 == 0:
                    deck = hidden_everywhere(s)
                    for seat in list(range(n)) + [None]:
                        blob = json.dumps(R.view(s, seat))
                        for other in range(n):
                            if other == seat:
                                continue
                            allowed = set()
                            if s.plot is not None and seat == s.plot[3] and other == s.plot[0]:
                                allowed = set(a for a in s.plot[2] if isinstance(a, str))  # a passed Deed
                            for c in secrets_of(s, other) - allowed:
                                assert f'"{c}"' not in blob, (seat, other, c)
                        for c in deck:
                            assert f'"{c}"' not in blob, (seat, c)
                        if not s.open_scores:
                            for other in range(n):
                                if other != seat:
                                    assert "score_total" not in R.view(s, seat)["seats"][other]
                d = R.decisions(s)[0]
                R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
                steps += 1


def test_events_are_private_where_they_must_be():
    rnd = random.Random(3)
    for game in range(40):
        s = R.setup(3, {}, 100 + game)
        while R.result(s) is None:
            d = R.decisions(s)[0]
            hidden_before = {seat: secrets_of(s, seat) for seat in range(3)}
            deck_before = hidden_everywhere(s)
            ev = R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
            if R.result(s) is not None:
                break
            for e in ev:
                for seat in range(3):
                    if not e.visible_to(seat):
                        continue
                    blob = json.dumps(e.data)
                    for other in range(3):
                        if other == seat:
                            continue
                        for c in hidden_before[other] & secrets_of(s, other):
                            assert f'"{c}"' not in blob, (e, seat)
                    for c in deck_before & hidden_everywhere(s):
                        assert f'"{c}"' not in blob, (e, seat)


def test_own_hand_visible_others_count_and_known_cards():
    s = make(street=["cobbler"] + [None] * 5, hands={0: ["snitch", "jailbird"], 1: ["bribe", "foiled"]},
             tavern=["poach", "mine"])
    s.stage, s.phase, s.dec = "tavern", "tavern", None
    act(s, "tavern_take", 0)
    v1 = R.view(s, 1)
    assert v1["seats"][0]["hand_count"] == 3 and "hand" not in v1["seats"][0]
    assert v1["seats"][0]["known_hand"] == [ids("poach")[0]]
    assert sorted(v1["seats"][1]["hand"]) == sorted([ids("bribe")[0], ids("foiled")[0]])
    spectator = R.view(s, None)
    assert all("hand" not in p for p in spectator["seats"])


def test_score_piles_per_DD_G10():
    s = make(street=["cobbler"] + [None] * 5, score={0: ["bishop"], 1: ["pedlar", "tanner"]})
    v = R.view(s, 0)
    assert v["seats"][0]["score_total"] == 3 and v["seats"][1]["score_count"] == 2
    assert "score" not in v["seats"][1]
    s = make(street=["cobbler"] + [None] * 5, score={1: ["tanner"]}, open_scores=True)
    assert R.view(s, 0)["seats"][1]["score_total"] == 1


def test_hands_revealed_at_the_end():
    s = make(street=[None] * 6, hands={1: ["jailbird", "snitch"]})
    s.street_deck.clear()
    s.stage, s.phase, s.dec = "advance", "stock", None
    R._run(s, [])
    v = R.view(s, 0)
    assert v["over"] and sorted(v["seats"][1]["hand"]) == sorted(s.hands[1])


def test_passed_deed_seen_by_giver_and_receiver_only():
    s = make(n=3, street=["cobbler"] + [None] * 5, hands={0: ["pass_the_buck", "jailbird"], 1: ["sod_off"]})
    j = ids("jailbird")[0]
    ev = act(s, "play", ids("pass_the_buck")[0], j, 1)
    assert R.view(s, 1)["flow"]["plot"]["args"][0] == j
    assert R.view(s, 2)["flow"]["plot"]["args"][0] is None
    ev = act(s, "pass", seat=1)
    priv = [e for e in ev if e.kind == "move" and e.data.get("card") == j]
    assert priv and all(e.to == (0, 1) for e in priv)


def test_agent_reads_only_its_view():
    """An agent given a view whose hidden parts are poisoned still answers legally, and
    determinize() never puts a card where the view says it is not."""
    rnd = random.Random(1)
    s = R.setup(3, {}, 21)
    for _ in range(60):
        d = R.decisions(s)[0]
        R.apply(s, d.seat, d.actions[rnd.randrange(len(d.actions))])
    d = R.decisions(s)[0]
    view = R.view(s, d.seat)
    agent = HeuristicAgent(R, "normal", 1)
    assert agent.choose(view, d) in d.actions
    det = determinize(R, view, d.seat, RNG(5))
    assert det.hands[d.seat] == s.hands[d.seat] and det.street == s.street
    assert [len(h) for h in det.hands] == [len(h) for h in s.hands]
    assert len(det.street_deck) == len(s.street_deck) and len(det.tavern_deck) == len(s.tavern_deck)
    from tests.games.dark_deeds.test_support import check_invariants
    check_invariants(det)
    # the determinized state offers the same decision to the same seat
    assert R.decisions(det)[0].seat == d.seat and R.decisions(det)[0].kind == d.kind


def test_DD_063_lay_low_says_the_suspicion_taken_not_the_roll():
    """Issue 12 item 7: with 2 Suspicion a Lay Low roll of 5 takes 2, and the roll plaque
    says −2 (it used to say −5)."""
    from game.games.dark_deeds.words import DarkDeedsWords
    R = rules()
    s = make(susp=[2, 0])
    dice(s, 5)
    s.stage = "tavern"
    s.dec = None
    ev = R.apply(s, 0, ("lay_low",))
    roll = next(e for e in ev if e.kind == "roll")
    assert roll.data["faces"] == [5] and roll.data["lost"] == 2 and s.susp[0] == 0
    words = DarkDeedsWords.__new__(DarkDeedsWords)
    words.name = lambda seat: f"P{seat}"
    _, line, _ = DarkDeedsWords.roll_words(words, dict(roll.data))
    assert line.startswith("1d6 = 5") and "−2 " in line and "−5" not in line
