"""One scenario per rule of CHECKLIST §3 (Standard, clocks, L'Intoccabile, Campanile,
Carnevale, Taglia, gaps). Rialto's auction is in test_auction.py, options in
test_options.py. Each test builds an exact state and checks an exact outcome."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.rules import IllegalAction
from game.games.schemers import engine as E

from .test_util import asked, count_cards, events_of, kinds, log_keys, pass_all, play, rules, table

D, P, C, F, PD = "doge", "poisoner", "corsair", "fortune_teller", "plague_doctor"


# -- Standard: setup ------------------------------------------------------------------------
def test_VC_002_deck_composition():
    R = rules()
    for mode, size, each in (("standard", 15, 3), ("carnevale", 25, 5)):
        cfg = R.config(2, R.validate_options({"mode": mode}, 2))
        assert len(cfg.deck) == size
        assert Counter(cfg.deck) == {r: each for r in E.ROLES}


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_VC_003_setup_two_cards_two_ducats_at_every_count(players):
    R = rules()
    s = R.setup(players, R.validate_options({}, players), 11)
    assert [len(h) for h in s.hands] == [2] * players
    assert s.coins == [2] * players                       # no 2-player handicap
    assert len(s.deck) == 15 - 2 * players
    assert count_cards(s) == 15


def test_VC_004_random_starting_player_and_clockwise_order_skipping_the_eliminated():
    R = rules()
    starts = {R.setup(4, R.validate_options({}, 4), seed).turn for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    R, s = table(players=4, hands=[[D, C], [], [P, F], [PD, D]], turn=0)
    play(R, s, 0, "income")
    assert s.turn == 2                                    # seat 1 is out: skipped


def test_VC_005_no_cards_means_out_and_the_last_player_wins():
    R, s = table(players=2, hands=[[D, C], [P]], coins=[7, 2], turn=0)
    events = play(R, s, 0, "canal", 1)
    assert s.hands[1] == [] and R.result(s).winners == (0,)
    assert events_of(events, "eliminated")[0].data["seat"] == 1
    assert events_of(events, "game_over")[0].data["winner"] == 0
    assert R.decisions(s) == ()


def test_VC_006_one_action_per_turn():
    R, s = table(players=3, turn=1)
    play(R, s, 1, "income")
    assert kinds(R.decisions(s)) == [(2, "turn")]
    with pytest.raises(IllegalAction):
        play(R, s, 1, "income")


# -- Standard: the actions ---------------------------------------------------------------------
def test_VC_007_gondola_fare_cannot_be_blocked_or_challenged():
    R, s = table(players=3, coins=[2, 2, 2], turn=0)
    events = play(R, s, 0, "income")
    assert s.coins[0] == 3
    assert kinds(R.decisions(s)) == [(1, "turn")]         # no window opened
    c = events_of(events, "counter")[0].data
    assert c == {"seat": 0, "name": "ducats", "delta": 1, "value": 3}


def test_VC_008_casino_any_other_player_may_block_with_the_doge():
    R, s = table(players=3, hands=[[C, F], [D, P], [PD, C]], turn=0)
    play(R, s, 0, "casino")
    ds = R.decisions(s)
    assert kinds(ds) == [(1, "block"), (2, "block")]
    assert ds[0].actions == (("pass",), ("block", D))
    assert ds[0].clock == ds[1].clock                      # one window, one clock
    play(R, s, 2, "block", D)                              # the first block closes the window
    ds = R.decisions(s)
    assert kinds(ds) == [(0, "challenge_block"), (1, "challenge_block")]   # actor included
    pass_all(R, s)
    assert s.coins[0] == 2 and s.turn == 1                 # casino shut


def test_VC_008_casino_unblocked_pays_two():
    R, s = table(players=3, turn=0)
    play(R, s, 0, "casino")
    pass_all(R, s)
    assert s.coins[0] == 4 and s.turn == 1


def test_VC_009_canal_costs_seven_cannot_be_blocked_or_challenged():
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, C]], coins=[6, 2, 2], turn=0)
    assert not any(a[0] == "canal" for a in R.decisions(s)[0].actions)   # needs 7
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, C]], coins=[7, 2, 2], turn=0)
    play(R, s, 0, "canal", 2)
    assert s.coins[0] == 0
    assert kinds(R.decisions(s)) == [(2, "lose_card")]     # straight to the loss
    play(R, s, 2, "lose", C)
    assert s.lost[2] == (C,) and s.turn == 1


@pytest.mark.parametrize("ducats", [10, 11, 14])
def test_VC_010_ten_or_more_ducats_force_the_canal(ducats):
    R, s = table(players=3, coins=[ducats, 2, 2], turn=0)
    (d,) = R.decisions(s)
    assert d.actions == (("canal", 1), ("canal", 2))
    with pytest.raises(IllegalAction):
        play(R, s, 0, "income")


def test_VC_011_claiming_a_role_you_do_not_hold_is_legal():
    R, s = table(players=2, hands=[[C, F], [P, PD]], turn=0)
    assert ("claim", D) in R.decisions(s)[0].actions
    play(R, s, 0, "claim", D)
    pass_all(R, s)
    assert s.coins[0] == 5                                 # unchallenged bluff works


def test_VC_012_doge_takes_three():
    R, s = table(players=2, hands=[[D, F], [P, PD]], turn=0)
    play(R, s, 0, "claim", D)
    assert kinds(R.decisions(s)) == [(1, "challenge")]
    play(R, s, 1, "pass")
    assert s.coins[0] == 5 and s.turn == 1


def test_VC_013_poisoner_pays_three_up_front_refund_only_when_caught():
    R, s = table(players=2, hands=[[C, F], [D, PD]], coins=[3, 2], turn=0)
    play(R, s, 0, "claim", P, 1)
    assert s.coins[0] == 0                                 # paid when declared
    play(R, s, 1, "challenge")                             # caught lying
    assert s.coins[0] == 3                                 # refunded (VC-G09)
    play(R, s, 0, "lose", F)
    assert len(s.lost[0]) == 1 and s.hands[1] == [D, PD]
    # blocked by the Plague Doctor: no refund
    R, s = table(players=2, hands=[[P, F], [D, PD]], coins=[3, 2], turn=0)
    play(R, s, 0, "claim", P, 1)
    play(R, s, 1, "pass")
    play(R, s, 1, "block", PD)
    play(R, s, 0, "pass")
    assert s.coins[0] == 0 and s.hands[1] == [D, PD]
    # needs 3 ducats
    R, s = table(players=2, coins=[2, 2], turn=0)
    assert not any(a[:2] == ("claim", P) for a in R.decisions(s)[0].actions)


def test_VC_013_refund_flag_off_keeps_the_cost():
    R, s = table(players=2, hands=[[C, F], [D, PD]], coins=[3, 2], turn=0)
    s.cfg = _with(s.cfg, refund=False)
    play(R, s, 0, "claim", P, 1)
    play(R, s, 1, "challenge")
    assert s.coins[0] == 0


def _with(cfg, **changes):
    c = E.Config()
    for k in E.Config.__slots__:
        setattr(c, k, getattr(cfg, k))
    for k, v in changes.items():
        setattr(c, k, v)
    return c


def test_VC_014_corsair_steals_up_to_two_only_the_target_blocks():
    R, s = table(players=3, hands=[[C, F], [D, P], [PD, D]], coins=[2, 1, 5], turn=0)
    play(R, s, 0, "claim", C, 1)
    pass_all(R, s)
    ds = R.decisions(s)
    assert kinds(ds) == [(1, "block")]                     # only the target (VC-G07)
    assert ds[0].actions == (("pass",), ("block", C), ("block", F))
    play(R, s, 1, "pass")
    assert s.coins[:2] == [3, 0]                           # min(2, 1)
    # a target with 0 ducats is legal
    R, s = table(players=2, coins=[2, 0], turn=0)
    assert ("claim", C, 1) in R.decisions(s)[0].actions


def test_VC_014_robbery_blocked_by_fortune_teller_claim():
    R, s = table(players=2, hands=[[C, D], [F, P]], coins=[2, 4], turn=0)
    play(R, s, 0, "claim", C, 1)
    play(R, s, 1, "pass")
    play(R, s, 1, "block", F)
    play(R, s, 0, "pass")
    assert s.coins == [2, 4] and s.turn == 1


def test_VC_015_fortune_teller_draws_two_returns_two_and_shuffles():
    R, s = table(players=2, hands=[[F, C], [D, P]], turn=0, deck=[PD, PD, D, C, P, F, F, C, D, P, PD])
    play(R, s, 0, "claim", F)
    events = play(R, s, 1, "pass")
    assert s.phase == E.EXCHANGE and s.drawn == [PD, P]   # the top of the deck is its end
    (d,) = R.decisions(s)
    assert d.kind == "exchange" and d.seat == 0
    assert ("return", (C, F)) in d.actions and ("return", (PD, P)) in d.actions
    assert len(d.actions) == 6                              # role pairs, sorted, no duplicates
    assert all(len(a[1]) == 2 for a in d.actions)
    private = [e for e in events if e.kind == "move" and e.to == (0,)]
    assert sorted(e.data["card"] for e in private) == sorted(s.drawn)
    events = play(R, s, 0, "return", (C, F))
    assert sorted(s.hands[0]) == [PD, P] and count_cards(s) == 15
    assert events_of(events, "shuffle")
    # cannot be blocked: no block window was offered, the turn moved on
    assert s.turn == 1


def test_VC_015_fortune_teller_claim_can_be_challenged():
    R, s = table(players=2, hands=[[D, C], [P, PD]], turn=0)
    play(R, s, 0, "claim", F)
    play(R, s, 1, "challenge")
    assert s.phase == E.LOSE and s.loser == 0


def test_VC_016_plague_doctor_blocks_the_poisoner_only_the_target():
    R, s = table(players=3, hands=[[P, F], [D, C], [PD, D]], coins=[3, 2, 2], turn=0)
    play(R, s, 0, "claim", P, 2)
    pass_all(R, s)
    ds = R.decisions(s)
    assert kinds(ds) == [(2, "block")] and ds[0].actions == (("pass",), ("block", PD))
    play(R, s, 2, "block", PD)
    pass_all(R, s)
    assert s.hands[2] == [PD, D] and s.turn == 1


def test_VC_017_any_other_player_may_challenge_clockwise_first_challenge_closes():
    R, s = table(players=4, hands=[[C, F], [D, P], [PD, D], [P, C]], turn=2)
    play(R, s, 2, "claim", D)
    ds = R.decisions(s)
    assert [d.seat for d in ds] == [3, 0, 1]               # clockwise from the claimant
    assert all(d.kind == "challenge" and d.default == ("pass",) for d in ds)
    assert len({d.clock for d in ds}) == 1
    play(R, s, 0, "pass")                                  # a pass removes that seat
    assert asked(R, s) == [3, 1]
    play(R, s, 1, "challenge")                             # the first challenge closes it
    assert all(d.kind != "challenge" for d in R.decisions(s))


def test_VC_018_liar_loses_a_card_and_the_move_fails():
    R, s = table(players=2, hands=[[C, F], [D, P]], turn=0)
    play(R, s, 0, "claim", D)
    events = play(R, s, 1, "challenge")
    assert "schemers.log.liar" in log_keys(events)
    play(R, s, 0, "lose", F)
    assert s.coins[0] == 2 and s.lost[0] == (F,) and s.turn == 1


def test_VC_018_a_failed_block_lets_the_action_go_ahead():
    R, s = table(players=2, hands=[[C, F], [D, P]], coins=[2, 3], turn=0)
    play(R, s, 0, "casino")
    play(R, s, 1, "block", D)                              # honest Doge...
    R2, s2 = table(players=2, hands=[[C, F], [C, P]], coins=[2, 3], turn=0)
    play(R2, s2, 0, "casino")
    play(R2, s2, 1, "block", D)                            # ...and a bluffing one
    play(R2, s2, 0, "challenge")
    play(R2, s2, 1, "lose", P)
    assert s2.coins[0] == 4                                # casino paid out


def test_VC_019_honest_claimant_shows_shuffles_back_draws_challenger_loses():
    R, s = table(players=2, hands=[[D, C], [P, F]], turn=0)
    before = Counter(s.deck)
    events = play(R, s, 0, "claim", D)
    events += play(R, s, 1, "challenge")
    reveal = events_of(events, "reveal")
    assert reveal and reveal[0].data == {"seat": 0, "card": D}
    assert events_of(events, "shuffle")
    redraw = [e.data for e in events_of(events, "log") if e.data["key"] == "schemers.log.redraw"]
    assert redraw == [{"key": "schemers.log.redraw", "params": {"player": 0, "role": D}}], "the chronicle says so"
    assert len(s.hands[0]) == 2 and C in s.hands[0]
    assert count_cards(s) == 15
    assert s.proofs[0] == (D,)
    assert s.phase == E.LOSE and s.loser == 1              # the challenger pays
    play(R, s, 1, "lose", F)
    assert s.coins[0] == 5                                 # and the action goes ahead
    drawn = [e for e in events if e.kind == "move" and e.data["src"] == "deck"]
    assert drawn[0].to == (0,) and drawn[1].to is None and drawn[1].data["card"] is None
    assert sum(before.values()) == len(s.deck) + 1 - 1


def test_VC_020_resolution_order_claim_then_block_then_block_challenge_including_actor():
    R, s = table(players=3, hands=[[C, F], [D, P], [PD, D]], coins=[2, 4, 2], turn=0)
    play(R, s, 0, "claim", C, 1)
    assert kinds(R.decisions(s)) == [(1, "challenge"), (2, "challenge")]
    pass_all(R, s)
    assert kinds(R.decisions(s)) == [(1, "block")]
    play(R, s, 1, "block", C)
    assert kinds(R.decisions(s)) == [(2, "challenge_block"), (0, "challenge_block")]
    pass_all(R, s)
    assert s.coins == [2, 4, 2]


def test_VC_021a_double_loss_challenge_honest_poisoner():
    R, s = table(players=2, hands=[[P, F], [D, C]], coins=[3, 2], turn=0)
    play(R, s, 0, "claim", P, 1)
    play(R, s, 1, "challenge")                             # wrong: the Poisoner is real
    play(R, s, 1, "lose", C)
    assert s.phase == E.BLOCK                              # may still block (bluffing PD)
    play(R, s, 1, "pass")
    assert s.hands[1] == [] and R.result(s).winners == (0,)


def test_VC_021b_double_loss_caught_bluffing_the_plague_doctor():
    R, s = table(players=2, hands=[[P, F], [D, C]], coins=[3, 2], turn=0)
    play(R, s, 0, "claim", P, 1)
    play(R, s, 1, "pass")
    play(R, s, 1, "block", PD)
    play(R, s, 0, "challenge")
    play(R, s, 1, "lose", C)                               # for the lie...
    assert s.hands[1] == [] and R.result(s).winners == (0,)   # ...then the poison


def test_VC_022_owner_chooses_the_card_it_stays_face_up_and_out_of_play():
    R, s = table(players=2, hands=[[D, C], [P, F]], coins=[7, 2], turn=0)
    play(R, s, 0, "canal", 1)
    (d,) = R.decisions(s)
    assert d.kind == "lose_card" and set(d.actions) == {("lose", P), ("lose", F)}
    events = play(R, s, 1, "lose", F)
    mv = events_of(events, "move")[0].data
    assert mv == {"card": F, "src": "hand:1", "dst": "lost:1", "face_up": True}
    assert s.lost[1] == (F,) and F not in s.deck[-3:] or s.deck.count(F) == 2
    assert count_cards(s) == 15


def test_VC_022_no_choice_when_both_cards_are_the_same_role():
    R, s = table(players=2, hands=[[D, C], [P, P]], coins=[7, 2], turn=0)
    play(R, s, 0, "canal", 1)
    assert s.lost[1] == (P,) and s.turn == 1               # nothing to choose


def test_VC_023_target_eliminated_before_resolution_fizzles_cost_stays_paid():
    R, s = table(players=3, hands=[[P, F], [D], [C, PD]], coins=[3, 2, 2], turn=0)
    play(R, s, 0, "claim", P, 1)
    events = play(R, s, 1, "challenge")                    # loses the last card
    assert s.hands[1] == [] and "schemers.log.fizzle" in log_keys(events)
    assert s.coins[0] == 0 and s.turn == 2                  # poison fizzled, no refund


def test_VC_024_fortune_teller_with_one_card_keeps_one_returns_two():
    R, s = table(players=2, hands=[[F], [D, P]], turn=0)
    play(R, s, 0, "claim", F)
    play(R, s, 1, "pass")
    (d,) = R.decisions(s)
    assert d.prompt["keep"] == 1 and all(len(a[1]) == 2 for a in d.actions)
    play(R, s, 0, *d.actions[0])
    assert len(s.hands[0]) == 1 and count_cards(s) == 15


# -- the decision clock -----------------------------------------------------------------------
def test_VC_030_every_decision_has_the_clock_defaults():
    R, s = table(players=3)
    assert R.decisions(s)[0].timeout == 20
    R, s = table(players=3, mode="campanile")
    assert R.decisions(s)[0].timeout == 5
    R, s = table(players=3, clock=None)
    assert R.decisions(s)[0].timeout is None
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, C]], coins=[7, 2, 2], clock=30)
    play(R, s, 0, "claim", D)
    assert {d.timeout for d in R.decisions(s)} == {30}


def test_VC_031_timeout_defaults():
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, C]], coins=[2, 2, 2])
    assert R.decisions(s)[0].default == ("income",)
    play(R, s, 0, "claim", D)
    assert {d.default for d in R.decisions(s)} == {("pass",)}
    play(R, s, 1, "challenge")
    play(R, s, 1, R.decisions(s)[0].default[0], R.decisions(s)[0].default[1])   # random card
    assert len(s.lost[1]) == 1
    # forced Canal: a random live opponent, fixed before the decision is asked
    targets = set()
    for seed in range(30):
        R, s = table(players=4, coins=[10, 2, 2, 2], seed=seed)
        d = R.decisions(s)[0]
        assert d.default in d.actions and R.decisions(s)[0].default == d.default
        targets.add(d.default[1])
    assert targets == {1, 2, 3}
    # a pending Fortune Teller return: give back the two drawn cards
    R, s = table(players=2, hands=[[F, C], [D, P]])
    play(R, s, 0, "claim", F)
    play(R, s, 1, "pass")
    d = R.decisions(s)[0]
    assert d.default == ("return", tuple(sorted(s.drawn)))


def test_VC_031_lose_card_default_is_random_but_fixed():
    picks = set()
    for seed in range(20):
        R, s = table(players=2, hands=[[D, C], [P, F]], coins=[7, 2], seed=seed)
        play(R, s, 0, "canal", 1)
        d = R.decisions(s)[0]
        assert d.default == R.decisions(s)[0].default
        picks.add(d.default)
    assert picks == {("lose", P), ("lose", F)}


def test_VC_031_the_match_driver_applies_defaults_when_the_clock_runs_out():
    from game.core.match import Match, SeatInfo
    now = [0.0]
    R = rules()
    m = Match("schemers", R, [SeatInfo("a", "human"), SeatInfo("b", "human")], {"clock": 10}, 3,
              now=lambda: now[0])
    first = m.decisions()[0].seat
    now[0] = 11.0
    m.tick()
    assert m.log[0] == (first, ("income",))


def test_VC_032_hotseat_clock_defaults():
    R = rules()
    assert R.validate_options({"hotseat": True}, 3)["clock"] is None
    assert R.validate_options({"mode": "rialto", "hotseat": True}, 3)["clock"] is None
    assert R.validate_options({"mode": "carnevale", "hotseat": True}, 3)["clock"] is None
    assert R.validate_options({"mode": "campanile", "hotseat": True}, 3)["clock"] == 5
    assert R.validate_options({"mode": "intoccabile", "hotseat": True}, 3)["clock"] == 20
    assert R.validate_options({"hotseat": False}, 3)["clock"] == 20


# -- L'Intoccabile --------------------------------------------------------------------------------
def test_VC_040_untouchable_needs_three_players():
    from game.core.rules import OptionsError
    with pytest.raises(OptionsError, match="at least 3 players"):
        rules().validate_options({"mode": "intoccabile"}, 2)


def test_VC_041_one_random_player_secretly_gets_both_plague_doctors():
    R = rules()
    seen = set()
    for seed in range(40):
        s = R.setup(4, R.validate_options({"mode": "intoccabile"}, 4), seed)
        assert s.hands[s.unt] == [PD, PD]
        assert count_cards(s) == 15
        seen.add(s.unt)
        for seat in range(4):
            v = R.view(s, seat)
            assert v["untouchable"] == (s.unt if seat == s.unt else None)
        assert R.view(s, None)["untouchable"] is None
    assert seen == {0, 1, 2, 3}


def test_VC_042_the_untouchable_never_takes_fare_or_casino_even_after_losing_a_plague_doctor():
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0)
    acts = R.decisions(s)[0].actions
    assert ("income",) not in acts and ("casino",) not in acts
    R, s = table(players=3, mode="intoccabile", hands=[[PD], [D, C], [P, F]], lost=[[PD], [], []], unt=0)
    acts = R.decisions(s)[0].actions
    assert ("income",) not in acts and ("casino",) not in acts
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0, turn=1)
    assert ("income",) in R.decisions(s)[0].actions


def test_VC_043_the_untouchables_turn_clock_is_two_seconds_shorter():
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0, clock=20)
    assert R.decisions(s)[0].timeout == 18
    play(R, s, 0, "claim", D)
    play(R, s, 1, "challenge")
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=1, turn=0, clock=20)
    play(R, s, 0, "claim", D)
    assert {d.timeout for d in R.decisions(s)} == {20}     # reactions: the normal clock
    s2 = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0, clock=10)[1]
    s2.cfg = _with(s2.cfg, clock=2.0)
    s2.dec = None
    assert rules().decisions(s2)[0].timeout == 1.0          # never below 1 s


def test_VC_044_untouchable_timeout_claims_the_doge_or_forced_canal():
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0)
    d = R.decisions(s)[0]
    assert d.default == ("claim", D)
    play(R, s, 0, *d.default)
    assert kinds(R.decisions(s)) == [(1, "challenge"), (2, "challenge")]   # challengeable
    R, s = table(players=3, mode="intoccabile", hands=[[PD, PD], [D, C], [P, F]], unt=0, coins=[10, 2, 2])
    assert R.decisions(s)[0].default[0] == "canal"


def test_VC_045_only_the_canal_target_with_two_cards_may_claim_untouchable():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P, F], [PD, PD]], unt=2, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)                              # seat 1 is not the Untouchable...
    ds = R.decisions(s)
    assert kinds(ds) == [(1, "block")] and ds[0].actions == (("pass",), ("block", "untouchable"))
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P], [PD, PD]], lost=[[], [F], []],
                 unt=2, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)                              # one card left: no block
    assert s.hands[1] == [] and s.turn == 2
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, PD]], coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)                              # Standard: never
    assert R.decisions(s)[0].kind == "lose_card"


def test_VC_046_untouchable_claim_challenged_true_block_stands_false_blocker_goes_in():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [PD, PD], [P, F]], unt=1, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    assert kinds(R.decisions(s)) == [(2, "challenge_block"), (0, "challenge_block")]
    events = play(R, s, 2, "challenge")
    assert [e.data for e in events_of(events, "reveal")] == [{"seat": 1, "card": PD}] * 2
    assert s.proven and R.view(s, 2)["untouchable"] == 1   # the status is now public
    play(R, s, 2, "lose", F)
    assert len(s.hands[1]) == 2 and s.lost[1] == ()        # the block stands
    # a bluffing blocker loses a card for the lie and still goes into the canal
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P, F], [PD, PD]], unt=2, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    play(R, s, 2, "pass")
    play(R, s, 0, "challenge")
    play(R, s, 1, "lose", P)
    assert s.hands[1] == [] and R.result(s) is None and s.turn == 2


def test_VC_047_a_standing_untouchable_block_has_a_price_of_the_blockers_choice():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P, F], [PD, PD]], unt=2, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    pass_all(R, s)                                         # nobody challenges
    (d,) = R.decisions(s)
    assert d.kind == "untouchable_price" and set(d.actions) == {("slip", P), ("slip", F)}
    events = play(R, s, 1, "slip", F)
    assert P in s.hands[1] and len(s.hands[1]) == 2 and count_cards(s) == 15
    assert events_of(events, "shuffle") and s.turn == 1
    # with the proof shown, the price replaces the shuffle-back: one card goes back, once
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [PD, PD], [P, F]], unt=1, coins=[7, 2, 2])
    events = play(R, s, 0, "canal", 1)
    events += play(R, s, 1, "block", "untouchable")
    events += play(R, s, 2, "challenge")
    events += play(R, s, 2, "lose", F)
    back = [e for e in events if e.kind == "move" and e.data["src"] == "hand:1" and e.to is None]
    assert len(back) == 1 and len(events_of(events, "shuffle")) == 1
    assert len(s.hands[1]) == 2 and count_cards(s) == 15 and s.turn == 1


def test_VC_047_flag_price_all_blocks():
    R, s = table(players=3, mode="intoccabile", hands=[[C, D], [F, P], [PD, PD]], unt=2, coins=[2, 4, 2])
    s.cfg = _with(s.cfg, price_all=True)
    play(R, s, 0, "claim", C, 1)
    pass_all(R, s)
    play(R, s, 1, "block", F)
    pass_all(R, s)
    assert R.decisions(s)[0].kind == "untouchable_price"
    R, s = table(players=3, mode="intoccabile", hands=[[C, D], [F, P], [PD, PD]], unt=2, coins=[2, 4, 2])
    play(R, s, 0, "claim", C, 1)
    pass_all(R, s)
    play(R, s, 1, "block", F)
    pass_all(R, s)
    assert s.turn == 1                                     # default: only the canal block


def test_VC_048_a_blocked_canal_keeps_the_seven_ducats_spent():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [PD, PD], [P, F]], unt=1, coins=[7, 2, 2])
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    pass_all(R, s)
    assert s.coins[0] == 0 and len(s.hands[1]) == 2


def test_VC_049_the_deck_is_shuffled_whenever_a_card_goes_back():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P, F], [PD, PD]], unt=2)
    play(R, s, 0, "claim", D)
    events = play(R, s, 1, "challenge")
    assert events_of(events, "shuffle")


# -- Campanile --------------------------------------------------------------------------------
def test_VC_060_campanile_five_seconds_host_three_to_seven():
    from game.core.rules import OptionsError
    R = rules()
    assert R.validate_options({"mode": "campanile"}, 2)["clock"] == 5
    assert R.validate_options({"mode": "campanile", "clock": 3}, 2)["clock"] == 3
    for bad in (2, 8, None):
        with pytest.raises(OptionsError):
            R.validate_options({"mode": "campanile", "clock": bad}, 2)


def test_VC_061_campanile_moves_for_you_on_timeout():
    R, s = table(players=2, mode="campanile", hands=[[D, C], [P, F]], coins=[2, 2])
    d = R.decisions(s)[0]
    assert (d.timeout, d.default) == (5, ("income",))
    R, s = table(players=2, mode="campanile", hands=[[D, C], [P, F]], coins=[12, 2])
    assert R.decisions(s)[0].default == ("canal", 1)
    play(R, s, 0, "canal", 1)
    d = R.decisions(s)[0]
    assert d.kind == "lose_card" and d.default in d.actions and d.timeout == 5


# -- Carnevale -----------------------------------------------------------------------------------
def test_VC_090_carnevale_25_cards_three_each_up_to_seven():
    R = rules()
    s = R.setup(7, R.validate_options({"mode": "carnevale"}, 7), 2)
    assert [len(h) for h in s.hands] == [3] * 7 and s.coins == [2] * 7
    assert count_cards(s) == 25 and len(s.deck) == 4


def test_VC_091_carnevale_out_when_all_three_are_lost():
    R, s = table(players=2, mode="carnevale", hands=[[D, C, F], [P, P, P]], coins=[7, 2])
    play(R, s, 0, "canal", 1)
    assert len(s.hands[1]) == 2 and R.result(s) is None


def test_VC_092_carnevale_fortune_teller_keeps_three_returns_two():
    R, s = table(players=2, mode="carnevale", hands=[[F, C, D], [P, P, PD]])
    play(R, s, 0, "claim", F)
    play(R, s, 1, "pass")
    d = R.decisions(s)[0]
    assert d.prompt["keep"] == 3 and all(len(a[1]) == 2 for a in d.actions)
    play(R, s, 0, *d.actions[-1])
    assert len(s.hands[0]) == 3 and count_cards(s) == 25


def test_VC_093_carnevale_works_with_taglia():
    R = rules()
    assert R.validate_options({"mode": "carnevale", "addons": ["taglia"]}, 5)["addons"] == ["taglia"]


# -- Taglia ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode,players", [("standard", 2), ("intoccabile", 3), ("campanile", 2),
                                          ("rialto", 3), ("carnevale", 2)])
def test_VC_100_taglia_fits_every_mode(mode, players):
    assert rules().validate_options({"mode": mode, "addons": ["taglia"]}, players)["addons"] == ["taglia"]


def test_VC_101_102_bounty_poison_goes_to_the_poisoner():
    R, s = table(players=3, hands=[[P, F], [D], [C, PD]], coins=[3, 4, 2], addons=["taglia"])
    play(R, s, 0, "claim", P, 1)
    pass_all(R, s)
    events = play(R, s, 1, "pass")
    assert s.coins == [4, 0, 2]                            # 3 paid, 4 collected
    assert "schemers.log.bounty" in log_keys(events)


def test_VC_102_bounty_canal_goes_to_the_sender():
    R, s = table(players=3, hands=[[P, F], [D], [C, PD]], coins=[9, 4, 2], addons=["taglia"])
    play(R, s, 0, "canal", 1)
    assert s.coins == [6, 0, 2]


def test_VC_102_bounty_liar_losing_the_last_card_pays_the_challenger():
    R, s = table(players=3, hands=[[P, F], [C], [C, PD]], coins=[2, 5, 1], addons=["taglia"], turn=1)
    play(R, s, 1, "claim", D)
    play(R, s, 2, "challenge")
    assert s.coins == [2, 0, 6]


def test_VC_102_bounty_challenger_losing_the_last_card_pays_the_claimant():
    R, s = table(players=3, hands=[[D, F], [C], [C, PD]], coins=[2, 5, 1], addons=["taglia"], turn=0)
    play(R, s, 0, "claim", D)
    play(R, s, 1, "challenge")
    assert s.coins[1] == 0 and s.coins[0] == 2 + 5 + 3


def test_VC_102_bounty_failed_untouchable_claim_then_canal_pays_the_sender():
    R, s = table(players=3, mode="intoccabile", hands=[[D, C], [P, F], [PD, PD]], unt=2,
                 coins=[9, 4, 2], addons=["taglia"])
    play(R, s, 0, "canal", 1)
    play(R, s, 1, "block", "untouchable")
    play(R, s, 2, "challenge")
    play(R, s, 1, "lose", P)
    assert s.hands[1] == [] and s.coins == [2 + 4, 0, 2]


def test_VC_103_paid_costs_do_not_count_and_no_bounty_without_taglia():
    R, s = table(players=3, hands=[[P, F], [D], [C, PD]], coins=[3, 4, 2])
    play(R, s, 0, "claim", P, 1)
    pass_all(R, s)
    play(R, s, 1, "pass")
    assert s.coins == [0, 4, 2]
    R, s = table(players=3, hands=[[P, F], [D], [C, PD]], coins=[6, 3, 2], addons=["taglia"])
    play(R, s, 0, "claim", P, 1)                           # pays 3 now
    pass_all(R, s)
    play(R, s, 1, "pass")
    assert s.coins[0] == 3 + 3                             # only what the loser still had


# -- gaps ---------------------------------------------------------------------------------------------
def test_VC_G07_who_may_block():
    R, s = table(players=4, hands=[[C, F], [D, P], [PD, D], [P, C]], coins=[3, 2, 2, 2])
    play(R, s, 0, "claim", P, 2)
    pass_all(R, s)
    assert asked(R, s) == [2]


def test_VC_G17_a_block_challenge_checks_only_the_named_role():
    R, s = table(players=2, hands=[[C, D], [F, P]], coins=[2, 4])
    play(R, s, 0, "claim", C, 1)
    play(R, s, 1, "pass")
    play(R, s, 1, "block", C)                               # holds the Fortune Teller, not the Corsair
    play(R, s, 0, "challenge")
    assert s.phase == E.LOSE and s.loser == 1


def test_VC_G18_no_action_targets_yourself():
    for seed in range(10):
        R, s = table(players=4, coins=[8, 2, 2, 2], seed=seed, turn=seed % 4)
        for a in R.decisions(s)[0].actions:
            assert len(a) < 3 or a[-1] != s.turn
            assert a[0] != "canal" or a[1] != s.turn


def test_VC_G19_eliminated_players_see_only_the_public_view():
    R, s = table(players=3, hands=[[D, C], [], [P, F]], lost=[[], [F, PD], []])
    v = R.view(s, 1)
    assert v["hand"] == [] and "P" not in str(v["hand_counts"])
    assert v["drawn"] is None


def test_illegal_actions_leave_the_state_unchanged():
    import json
    R, s = table(players=3, hands=[[D, C], [P, F], [PD, C]], coins=[2, 2, 2])
    before = json.dumps(R.snapshot(s), sort_keys=True)
    for seat, action in ((1, ("income",)), (0, ("canal", 1)), (0, ("claim", P, 1)), (0, ("claim", C, 0)),
                         (0, ("fly",)), (0, ("pass",))):
        with pytest.raises(IllegalAction) as exc:
            R.apply(s, seat, action)
        assert exc.value.reason
        assert json.dumps(R.snapshot(s), sort_keys=True) == before


def test_VC_021_carnevale_double_loss_gets_a_fresh_clock_for_each_card():
    R, s = table(players=2, mode="carnevale", hands=[[P, F, D], [D, C, F]], coins=[3, 2])
    play(R, s, 0, "claim", P, 1)
    play(R, s, 1, "pass")
    play(R, s, 1, "block", PD)
    play(R, s, 0, "challenge")
    first = R.decisions(s)[0]
    play(R, s, 1, "lose", C)                               # for the lie...
    second = R.decisions(s)[0]                             # ...then the poison
    assert first.kind == second.kind == "lose_card" and first.clock != second.clock
