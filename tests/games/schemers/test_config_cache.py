"""A game's Config is cached by its options, and a state's snapshot (a save's digest)
shows the options it was made with: a search's world set up from a view (whose clock is
a float) must not hand a later game with the same clock as an int its Config."""
from game.core.record import state_digest
from game.games.schemers import SPEC


def test_a_search_world_from_a_views_float_clock_leaves_a_saved_games_digest_alone():
    rules = SPEC.load_ruleset()
    options = rules.validate_options({"mode": "campanile"}, 3)
    assert isinstance(options["clock"], int)
    other = SPEC.load_ruleset()
    fresh = state_digest(other, other.setup(3, options, 7))
    rules.setup(3, dict(options, clock=float(options["clock"])), 1)     # a world built from a view
    assert state_digest(rules, rules.setup(3, options, 7)) == fresh     # (5 == 5.0, but not in the digest)
