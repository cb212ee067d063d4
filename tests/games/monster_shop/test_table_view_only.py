"""The view is the contract (CHECKLIST §5.6): the monster-shop table draws, stages need
cards, previews a care and shows the live contest and customer scores from seat 0's view
alone. Here the table's match is a stand-in whose `state` (the true state, with every
hand and deck order) raises: a whole game is played with seat 0's table drawing at each
of its decisions, a need card staged and previewed at each of its assignments."""
from __future__ import annotations

import pytest

from tests.games.monster_shop.test_table import Rig


class Sighted:
    """A Match as the table may use it: every method and public attribute, never `state`."""

    def __init__(self, match):
        object.__setattr__(self, "_match", match)

    def __getattr__(self, name):
        if name == "state":
            raise AssertionError("the table read match.state (the true state), not the seat's view")
        return getattr(object.__getattribute__(self, "_match"), name)

    def __setattr__(self, name, value):
        setattr(object.__getattribute__(self, "_match"), name, value)


pytestmark = pytest.mark.usefixtures("display")


def test_the_table_never_reads_the_true_state():
    rig = Rig(seed=13)
    m = rig.match
    rig.ctx.match = Sighted(m)
    rig.table = rig.spec.table_class()(rig.ctx)
    tb = rig.table
    me = rig.spec.make_agent("easy", 0, 5)
    seen = set()
    for _ in range(4000):
        if m.over:
            break
        d = m.decisions()[0]
        if d.seat != 0:
            tb.on_events(m.run_agents(1))
            continue
        rig.frame()
        v = tb.view
        if v["live_contest"]:
            seen.add("contest")
        if v["live_customers"]:
            seen.add("customers")
        if d.kind == "assign":
            mon = tb.choices.current_monster()
            for sp in list(tb.zones["hand"].cards):
                tb.options_for(sp)                   # each hint previews a care
                if tb.choices.stage_slot(sp.key, mon)[0] is not None:
                    tb._stage(sp.key, mon)
                    rig.frame()                      # the staged card's preview is drawn
                    assert tb.choices.preview_for(tb.choices.staged) is not None
                    seen.add("preview")
                    break
        rig.submit(0, me.choose(m.view(0), d))
    assert m.over
    rig.frame()
    assert seen == {"contest", "customers", "preview"}
