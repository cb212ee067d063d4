"""Schemers' Hint reasons (game/games/schemers/advice.py) count the cards a seat has not seen."""
from __future__ import annotations

import random

from game.core.rules import Decision
from game import registry
from game.games.schemers.advice import reason


def _challenge_view():
    rules = registry.ruleset("schemers")
    s = rules.setup(3, rules.validate_options({}, 3), 5)
    rnd = random.Random(2)
    for _ in range(300):
        ds = rules.decisions(s)
        d = next((x for x in ds if x.kind == "challenge"), None)
        if d is not None:
            return rules.view(s, d.seat), d
        d = ds[0]
        rules.apply(s, d.seat, rnd.choice(d.actions))
    raise AssertionError("no challenge in 300 steps")


def test_a_challenge_counts_the_claimed_roles_cards_unseen():
    view, d = _challenge_view()
    role = d.prompt["role"]
    seen = view["hand"].count(role) + sum(lost.count(role) for lost in view["lost"])
    key, params = reason(view, d, ("challenge",), None)
    assert key == "advice.schemers.doubt" and params["n"] == 3 - seen
    assert reason(view, d, ("pass",), None) == ("advice.schemers.let_pass", {})


def test_every_copy_in_sight_is_a_sure_catch():
    view, d = _challenge_view()
    role = d.prompt["role"]
    view = dict(view, hand=[role, role], lost=[[role]] + [[] for _ in view["lost"][1:]])
    assert reason(view, d, ("challenge",), None)[0] == "advice.schemers.sure_catch"


def test_a_claim_is_honest_or_a_bluff_by_the_hand():
    view, d = _challenge_view()
    turn = Decision(view["seat"], "turn", (("claim", "doge"),))
    hand = list(view["hand"])
    key, _ = reason(dict(view, hand=["doge"] + hand[1:]), turn, ("claim", "doge"), None)
    assert key == "advice.schemers.honest"
    key, params = reason(dict(view, hand=["corsair", "corsair"], lost=[[] for _ in view["lost"]]), turn,
                         ("claim", "doge"), None)
    assert key == "advice.schemers.bluff" and params["n"] == 3
