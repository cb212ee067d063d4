"""The need-card preview tells this round's care: when the viewer's assignment is the
last one asked for, the care resolves in that very step, and the preview read only what
came after it — the monster's care a round later (in the guided game the Greater
Ruffian's two Anger cards previewed as no anger at all, Hunger 2 and Play 2)."""
from game.core.rng import RNG
from game.games.monster_shop import SPEC
from game.games.monster_shop.ai import determinize
from game.games.monster_shop.preview import care_preview


def _last_to_assign(seed):
    """A game played on defaults (two groups out each plan, a young monster bought when it can be) to seat 0's first assignment
    whose own step starts its monster's care; None if none comes in round 1-2."""
    R = SPEC.ruleset()
    s = R.setup(4, {}, seed)
    for _ in range(400):
        ds = R.decisions(s)
        if not ds or s.rnd > 2:
            return None
        d = next((x for x in ds if x.seat != 0), ds[0])         # the others assign first
        if d.seat == 0 and d.kind == "assign":
            copy = determinize(R, R.view(s, 0), 0, RNG(0))
            care = [e for e in R.apply(copy, 0, d.actions[0]) if e.kind == "care" and e.data["monster"] == d.actions[0][1]]
            if care:
                return R, s, d, tuple(care[0].data["needs"])
        wanted = [a for a in d.actions if (a[0] == "plan" and len(a[1]) == 2 and all(g[1] for g in a[1]))
                  or (a[0] == "send" and a[2] == "monster_low")]
        R.apply(s, d.seat, wanted[0] if wanted else d.default if d.default is not None else d.actions[0])
    return None


def test_the_last_assignment_previews_this_rounds_care():
    found = next(x for x in map(_last_to_assign, range(1, 30)) if x is not None)
    R, s, d, needs = found
    pv = care_preview(R, R.view(s, 0), 0, d.actions[0])
    assert pv is not None and pv.needs == needs
