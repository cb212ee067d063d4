"""BO table: the Act banner's buttons answer a person's click. The board's own click
handler once shadowed the table kit's `_click` (the method every button's click goes
through), so "We go first / They go first" did nothing by mouse and no Trial could get
past the initiative roll."""
from __future__ import annotations

import pytest

from tests.tablekit import TableRig, new_match, post_click

pytestmark = [pytest.mark.usefixtures("display"), pytest.mark.filterwarnings("ignore::DeprecationWarning")]


@pytest.mark.parametrize("mode", ["solo", "versus"])
def test_initiative_banner_buttons_work_by_mouse(mode):
    players = 1 if mode == "solo" else 2
    rig = TableRig(new_match("ordeals", {"mode": mode}, 5, players, humans=tuple(range(players))), viewer=0)
    rig.settle()
    for _ in range(40):                                   # deploy every character where the rules offer
        d = next(iter(rig.match.decisions()), None)
        if d is None or d.kind != "deploy":
            break
        rig.submit(d.seat, d.actions[0])
        rig.settle()
    d = rig.match.decisions()[0]
    assert d.kind == "initiative"
    if d.seat != rig.table.viewer:                        # the other side rolled higher: its screen
        rig = TableRig(rig.match, viewer=d.seat)
        rig.settle()
    button = rig.table.banner.spec.buttons[0]
    before = len(rig.match.log)
    post_click(button.rect.center)
    rig.pump()
    rig.settle()
    assert len(rig.match.log) == before + 1 and rig.match.log[-1] == (d.seat, button.action)
