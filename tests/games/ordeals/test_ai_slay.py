"""Book of Ordeals hard AI in a slay Trial (BO-171 Trial 5, Hunt the Warden; BO-181):
the Warden is the quarry, and only his fall wins. The search weighs Harm on him on the
scale of the win itself, so it takes the blows that can win where the normal policy
(and the search that counted him at his 150 Supplies) hit an escort or ended the Act."""
from __future__ import annotations

from game.games.ordeals.ai import WIN, HardAgent, HeuristicAgent, evaluate, quarry, worth

from .support import idx, rules, scene


def _warden_scene(warden_harm=6, husk_harm=3, warden_down=True):
    """Trial 5: Brother Aldric (Might 1) begins his Act Engaged with the Warden (Might 2,
    Grit 12) and a Husk (Grit 6); the rest of the Company waits by its edge, the Grave
    Hound far off."""
    R = rules()
    s0 = scene({}, trial=5, dice=None)
    a1, a2, a3, a4 = (idx(s0, k) for k in ("a1", "a2", "a3", "a4"))
    w, h, g = (idx(s0, k) for k in ("s1", "s2", "s3"))
    s = scene({a1: (18.0, 12.0), a2: (8.0, 3.0), a3: (10.0, 3.0), a4: (12.0, 3.0),
               w: (18.0, 13.5), h: (16.8, 12.8), g: (30.0, 30.0)}, trial=5, dice=None, active=a1)
    s.chars[w].harm, s.chars[w].down, s.chars[h].harm = warden_harm, warden_down, husk_harm
    s.dec = None
    return R, s, a1, w, h


def test_BO_171_the_warden_is_the_quarry_only_in_trial_5():
    R, s, a1, w, h = _warden_scene()
    assert s.chars[w].st.key == "warden" and quarry(R, s) == w
    assert worth(s, s.chars[w], w) == WIN                       # his fall is the win
    assert worth(s, s.chars[h], w) == s.chars[h].st.value       # an escort: its Supplies
    t1 = scene({0: (5.0, 5.0), 4: (9.0, 9.0)}, trial=1, dice=None)
    assert quarry(R, t1) == -1


def test_BO_181_harm_on_the_warden_outweighs_harm_taken():
    """Three Harm on the Warden gain more than three Harm on Brother Aldric lose (at his
    150 Supplies the two weighed the same), and far more than three on the Husk."""
    R, s, a1, w, h = _warden_scene(warden_harm=0, husk_harm=0, warden_down=False)
    base = evaluate(R, s, 0)

    def after(i, n):
        t = R.clone(s)
        t.chars[i].harm += n
        return evaluate(R, t, 0) - base

    assert after(w, 3) > 2 * -after(a1, 3) > 0
    assert after(w, 3) > 4 * after(h, 3)


def test_BO_181_the_warden_slain_scores_the_win_and_his_harm_leads_there():
    R, s, a1, w, h = _warden_scene()
    t = R.clone(s)
    t.chars[w].harm, t.chars[w].ooa = t.chars[w].st.grit, True
    R._check_end(t, [])
    assert t.res is not None and evaluate(R, t, 0) == WIN
    # the Warden one Harm from his fall stands between half the win and the win
    u = R.clone(s)
    u.chars[w].harm = u.chars[w].st.grit - 1
    assert 0.4 * WIN < evaluate(R, u, 0) < WIN


def test_BO_181_hard_strikes_the_downed_warden_where_normal_hits_the_husk():
    """Aldric Engaged with the Warden, Knocked Down and six Harm from his fall, and with a
    Husk three Harm from its own. The normal policy Assaults the Husk (the Foe nearest
    Out of Action for its Grit); three Assaults on the downed Warden (Might 1 while
    down) may win the Trial now, and he Stands and strikes back next Act. Hard Assaults
    the Warden in at least seven of eight searches (counting him at his 150 Supplies, it
    ended the Act in half of them); with the dice drawn by purpose (core/rng.py) seed 3
    is a near tie the Husk takes (818 against 811 of 66 rollouts each), the other seeds
    of 0-11 all strike the Warden."""
    R, s, a1, w, h = _warden_scene()
    d = R.decisions(s)[0]
    assert d.kind == "act" and ("assault", w) in d.actions and ("assault", h) in d.actions
    view = R.view(s, d.seat)
    assert HeuristicAgent(R, "normal", seed=3).choose(view, d) == ("assault", h)   # the premise
    picks = [HardAgent(R, seed=k, max_iterations=160).choose(view, d) for k in range(8)]
    assert picks.count(("assault", w)) >= 7 and set(picks) <= {("assault", w), ("assault", h)}


def test_BO_181_hards_own_policy_strikes_the_quarry_first():
    """Hard plays its default choice and its rollouts with `quarry_first`: the Warden
    whenever he is an Assault target; the normal policy (the yardstick) is unchanged, and
    outside a slay Trial the two policies are the same."""
    import random

    from game.games.ordeals.ai import Policy
    R, s, a1, w, h = _warden_scene(warden_harm=0, husk_harm=3, warden_down=False)
    d = R.decisions(s)[0]
    assert Policy(R, random.Random(1)).choose(s, d) == ("assault", h)
    assert Policy(R, random.Random(1), quarry_first=True).choose(s, d) == ("assault", w)
    t = scene({a1: (18.0, 12.0), 4: (18.0, 13.5), 5: (16.8, 12.8)}, trial=1, dice=None, active=a1)
    t.chars[5].harm = 3
    dt = R.decisions(t)[0]
    assert Policy(R, random.Random(1), quarry_first=True).choose(t, dt) == Policy(R, random.Random(1)).choose(t, dt)
