"""Book of Ordeals hard AI (BO-181): in the last Turn its rollouts play to the end of
the game, so they count Trials won rather than Supplies; and in solo its evaluation
weighs the Company's survival, since a Company that falls loses whatever it took."""
from __future__ import annotations

from game.games.ordeals.ai import WIN, HardAgent, HeuristicAgent, standing

from .support import rules


def _company_act(trial=1, turn_from_end=0, seed=701, mode="solo"):
    """A game (solo unless `mode`) played by the normal policy up to a Company Act with
    several Deeds in the Turn `turn_from_end` Turns before the last: the first seed from
    `seed` on whose game lasts that long (a rules fix may end a game sooner)."""
    for k in range(seed, seed + 20):
        got = _company_act_of(trial, turn_from_end, k, mode)
        if got is not None:
            return got
    raise AssertionError("no game lasted to the Turn wanted")


def _company_act_of(trial, turn_from_end, seed, mode):
    R = rules()
    s = R.setup(1 if mode == "solo" else 2, {"mode": mode, "trial": trial}, seed)
    normal = HeuristicAgent(R, "normal", seed=1)
    last = R.trial(s).turns
    for _ in range(2000):
        if s.res is not None:
            return None                          # the game ended before the Turn wanted
        d = R.decisions(s)[0]
        if d.kind == "act" and len(d.actions) > 3 and s.turn == last - turn_from_end:
            return R, s, d
        R.apply(s, d.seat, normal.choose(R.view(s, d.seat), d))
    raise AssertionError("no Company Act came up")


def test_BO_181_last_turn_rollouts_play_to_the_end_of_the_game():
    R, s, d = _company_act(trial=4, turn_from_end=0, seed=700)
    hard = HardAgent(R, seed=1, rollouts=24, budget=None, endgame=1)
    t = R.clone(s)
    hard._rollout(t, 0, reply=True, to_end=True)
    assert t.res is not None                     # the Trial decided: a win or a loss
    u = R.clone(s)
    hard._rollout(u, 0, reply=True)              # the usual rollout stops after the answer
    assert u.res is None or u.turn == s.turn
    assert hard.choose(R.view(s, d.seat), d) is not None and hard.last_to_end
    assert 0 < hard.last_rollouts <= 24 + 2 * len(d.actions)


def test_BO_181_earlier_turns_keep_the_short_rollouts():
    R, s, d = _company_act(trial=4, turn_from_end=2, seed=700)
    hard = HardAgent(R, seed=1, rollouts=24, budget=None, endgame=1)
    hard.choose(R.view(s, d.seat), d)
    assert not hard.last_to_end


def test_BO_181_survival_makes_the_third_loss_dearer_than_the_first():
    """With `survival`, the Company's third loss costs more than its first beyond their
    Supplies; without it (the normal evaluation) each costs its Supplies alone."""
    R, s, d = _company_act(turn_from_end=4)
    own = [i for i, c in enumerate(s.chars) if c.side == 0 and c.in_play]
    assert len(own) >= 3

    def loss(n, survival):
        t = R.clone(s)
        for i in own[:n]:
            t.chars[i].ooa = True
        return standing(R, s, 0, survival) - standing(R, t, 0, survival)

    plain = [loss(n, 0.0) for n in (1, 2, 3)]
    weighed = [loss(n, 0.5) for n in (1, 2, 3)]
    extra = [w - p for w, p in zip(weighed, plain)]
    assert 0 < extra[0] < extra[1] - extra[0] < extra[2] - extra[1]
    assert extra[2] >= 0.25 * WIN


def test_BO_181_salt_the_warden_and_the_rout_keep_the_short_search():
    """Trials 2 and 5 are races against the Turn limit (every grave salted, the Warden
    fallen), and in Trial 1 hard's policy holds its ground: hard keeps the short search
    and no survival weight there (measured stronger); Trial 4 searches deep."""
    hard = HardAgent(rules(), seed=1, rollouts=24, budget=None)
    for trial, back in ((2, 5), (5, 5), (1, 4)):
        R, s, d = _company_act(trial=trial, turn_from_end=back)
        hard.choose(R.view(s, d.seat), d)
        assert not hard.last_deep and hard._survival == 0.0
    R, s, d = _company_act(trial=4, turn_from_end=4, seed=700)
    hard.choose(R.view(s, d.seat), d)
    assert hard.last_deep and hard._survival == hard.survival > 0


def test_BO_181_versus_keeps_the_short_search():
    """Versus (the rival Company is a seat, not the Shadow) plays as it was measured:
    no deep rollouts, no survival weight."""
    R, s, d = _company_act(trial=1, turn_from_end=0, mode="versus", seed=5)
    hard = HardAgent(R, seed=1, rollouts=24, budget=None)
    hard.choose(R.view(s, d.seat), d)
    assert not hard.last_deep and not hard.last_to_end and hard._survival == 0.0


def test_BO_181_a_vigil_rolls_to_the_end_from_the_turn_before_the_last():
    """Trial 4 is decided only at the end of the last Turn, by a character in the chapel, so
    hard's rollouts play to the end of the game from the Turn before it (ENDGAME_TURNS);
    Trial 3 (also deep) only in its last Turn."""
    hard = HardAgent(rules(), seed=1, rollouts=24, budget=None)
    R, s, d = _company_act(trial=4, turn_from_end=1, seed=700)
    hard.choose(R.view(s, d.seat), d)
    assert hard.last_deep and hard.last_to_end
    R, s, d = _company_act(trial=3, turn_from_end=1, seed=700)
    hard.choose(R.view(s, d.seat), d)
    assert hard.last_deep and not hard.last_to_end
