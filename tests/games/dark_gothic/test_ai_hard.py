"""The hard Hero: a fixed iteration budget makes its choice reproducible (never cut by the clock),
and the search does not overrule the heuristic's Villain purchase."""
from __future__ import annotations

from game.core.rules import is_legal
from game.games.dark_gothic.ai import make_agent

from .helpers import R, decision, quiet, set_center, set_hand


def buying_position():
    s = quiet(villain="headless_horseman")
    set_hand(s, s.active)
    set_center(s, "musket", "ambush", "frederic_leon", "militia_soldier", "tomahawk", "isabella_von_took")
    s.pool = [("C", 4, None, False), ("U", 3, None, False)]
    s.dec = None
    return s


def test_hard_with_an_iteration_budget_is_reproducible():
    s = buying_position()
    picks = []
    for _ in range(2):
        hard = make_agent(R, "hard", s.active, 7, max_iterations=40)
        picks.append(hard.choose(R.view(s, s.active), decision(s)))
        assert hard.last_iterations == 40
    assert picks[0] == picks[1] and is_legal(R, s, R.decisions(s), s.active, picks[0])


def test_hard_defeats_the_villain_when_the_pool_pays():
    s = buying_position()
    s.pool = [("C", 6, None, False), ("U", 3, None, False)]
    s.dec = None
    hard = make_agent(R, "hard", s.active, 3, max_iterations=40)
    assert hard.choose(R.view(s, s.active), decision(s)) == ("buy", s.villain)


def test_coop_games_that_once_stalled_end():
    """Co-op games that ran for ever, every Hero ending its turn with nothing bought: at nine
    Shadows (any refill might bring the tenth) and at four (three `normal` Heroes with decks
    of ~20 cards, none worth diluting, none paying the Drowned Captain). Brain.must_grow."""
    for seed, players, level in ((21645, 2, "hard"), (40752, 2, "hard"), (51640, 3, "normal")):
        agents = [make_agent(R, level, i, seed * 7919 + i) for i in range(players)]
        s = R.setup(players, {"mode": "coop", "addons": []}, seed)
        for _ in range(3000):
            if R.result(s) is not None:
                break
            d = R.decisions(s)[0]
            R.apply(s, d.seat, d.actions[0] if len(d.actions) == 1 else agents[d.seat].choose(R.view(s, d.seat), d))
        assert R.result(s) is not None, f"seed {seed}: no result after 3,000 actions (turn {s.turn})"


def test_hard_keeps_a_start_card_back_for_the_hungry_dead_and_normal_plays_it():
    """Co-op, two Strength of Spirit left in hand, 2 Combat in the pool and nothing on the
    Center Line worth its place in a 12-card deck: normal plays both and ends its turn; hard
    plays one, buys the Hungry Dead with the Combat and feeds it the other, a deck one Start
    card thinner (Brain.held_card)."""
    def turn_of(level):
        s = quiet(mode="coop", villain="selena")
        me = s.active
        set_center(s, "lord_hanbrook", "doctor_manning", "magistrate_kroft", "musket", "frederic_leon",
                   "colonial_almanac")
        kept = set_hand(s, me, "strength_of_spirit", "strength_of_spirit")
        s.pool = [("C", 2, None, False)]
        s.dec = None
        agent = make_agent(R, level, me, 1)
        moves = []
        while s.active == me and R.result(s) is None:
            d = R.decisions(s)[0]
            a = d.actions[0] if len(d.actions) == 1 else agent.choose(R.view(s, d.seat), d)
            moves.append(a)
            R.apply(s, d.seat, a)
        owned = s.deck[me] + s.hand[me] + s.discard[me] + s.play[me] + s.remains[me]
        return moves, [c for c in kept if c not in owned]

    moves, lost = turn_of("normal")
    assert ("buy", R.data.hungry_dead) not in moves and lost == []
    moves, lost = turn_of("hard")
    assert ("buy", R.data.hungry_dead) in moves and len(lost) == 1
    assert ("card", lost[0]) in moves           # the feed: the held card, not a Center Line card
