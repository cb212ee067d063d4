"""BO table: the chronicle tells the start of a Trial — every character placed, by name,
and the initiative roll with its winner — and the deploy prompt names the character to
place (it named the piece's id, "a1")."""
from __future__ import annotations

import pytest

from tests.tablekit import TableRig, new_match

pytestmark = [pytest.mark.usefixtures("display"), pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def test_deployment_and_initiative_are_in_the_chronicle_and_the_prompt_names_the_piece():
    rig = TableRig(new_match("ordeals", {}, 5, 1, humans=(0,)), viewer=0)
    rig.settle()
    _, banner = rig.table.controls()
    piece = rig.match.decisions()[0].prompt["piece"]
    name = next(c["name"] for c in rig.table.view["chars"] if c["id"] == piece)
    assert name in banner.subtitle and piece not in banner.subtitle.split()
    for _ in range(40):
        d = rig.match.decisions()[0]
        if d.kind != "deploy":
            break
        rig.submit(d.seat, d.actions[0])
        rig.settle()
    lines = [seg[0] for entry in rig.table.log.entries for seg in entry]
    placed = [ln for ln in lines if ln.endswith("takes the field")]
    assert len(placed) == len(rig.table.view["chars"])
    assert any(ln.startswith("Initiative: Company") and "won by" in ln for ln in lines), lines[-5:]
