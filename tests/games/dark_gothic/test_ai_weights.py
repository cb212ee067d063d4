"""hard plays with its own weights, one set per mode (ai_weights.HARD, tuned offline), and normal
with normal's (ai_weights.NORMAL, the yardstick whose figures the docs publish): the mode of the
game picks the set, and changing a weight of that mode changes hard's decisions."""
from __future__ import annotations

from game.games.dark_gothic.ai import HardAgent, HeuristicAgent, make_agent
from game.games.dark_gothic.ai_weights import HARD, HARD_SEARCH, NORMAL, Weights, with_changes

from .helpers import R, fresh


def decisions_of_a_game(mode, seed, players=2):
    """Every (view, decision) with a choice in one game played by the tuned heuristic."""
    s = fresh(players, mode, seed)
    tuned = [HeuristicAgent(R, "normal", i, HARD) for i in range(players)]
    out = []
    while R.result(s) is None:
        d = R.decisions(s)[0]
        v = R.view(s, d.seat)
        if len(d.actions) > 1:
            out.append((v, d))
        R.apply(s, d.seat, tuned[d.seat].choose(v, d))
    return out


def test_normal_keeps_normals_weights_and_hard_has_its_own():
    normal, hard = make_agent(R, "normal", 0, 1), make_agent(R, "hard", 0, 1)
    assert normal.brain.weights is NORMAL and hard.brain.weights is HARD
    assert NORMAL["competitive"] == Weights()
    assert HARD["coop"] != NORMAL["coop"]                # tuning changed co-op's set


def test_an_unknown_weight_is_refused():
    try:
        with_changes(NORMAL["coop"], {"no_such_weight": 1.0})
    except KeyError as exc:
        assert "no_such_weight" in str(exc)
    else:
        raise AssertionError("an unknown weight was accepted")


def test_hard_in_coop_is_the_heuristic_with_coops_tuned_weights():
    """Not searched in co-op: at every decision of a co-op game hard answers as the heuristic
    with HARD's weights, and somewhere that differs from normal's answer."""
    assert "coop" not in HARD_SEARCH
    hard = make_agent(R, "hard", 0, 5, max_iterations=10)
    normal = HeuristicAgent(R, "normal", 0)
    tuned = HeuristicAgent(R, "normal", 0, HARD)
    differ = 0
    for v, d in decisions_of_a_game("coop", 5):
        pick = hard.choose(v, d)
        assert pick == tuned.choose(v, d)
        differ += pick != normal.choose(v, d)
    assert differ > 0


def test_changing_a_coop_weight_changes_hards_coop_decisions_and_a_competitive_one_does_not():
    plays = decisions_of_a_game("coop", 7)
    base = HardAgent(R, 7, weights=HARD)
    colour = HardAgent(R, 7, weights={**HARD, "coop": with_changes(HARD["coop"], {"colour_fit": 3.0})})
    other = HardAgent(R, 7, weights={**HARD, "competitive": with_changes(HARD["competitive"], {"colour_fit": 3.0})})
    changed = 0
    for v, d in plays:
        pick = base.choose(v, d)
        assert other.choose(v, d) == pick
        changed += colour.choose(v, d) != pick
    assert changed > 0


def test_determinize_deals_only_the_modes_villain_printings():
    """A Villain priced by mode is a card of its own: hard's determinizations of a competitive
    game hold only competitive printings (and of a co-op game only co-op ones), and keep the
    invariants."""
    from game.core.rng import RNG
    from game.games.dark_gothic.ai import determinize
    for mode in ("competitive", "coop"):
        s = fresh(2, mode, 3)
        for _ in range(40):                       # into the game a little
            d = R.decisions(s)[0]
            R.apply(s, d.seat, HeuristicAgent(R, "normal", d.seat).choose(R.view(s, d.seat), d))
        d = R.decisions(s)[0]
        det = determinize(R, R.view(s, d.seat), d.seat, RNG(11))
        villains = set(det.vstack) | set(det.vbox) | {det.villain}
        assert villains <= R.game_set[s.coop]
        assert R.invariants(det) == []
