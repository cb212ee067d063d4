"""MS table: the chronicle names a group that goes home or is withdrawn by what it holds
("P3 withdraws 1 imp."), as the buttons do, not by a number nobody sees ("group 4"); the
rules put the (public, revealed) members in the event."""
from __future__ import annotations

import pytest

from tests.tablekit import TableRig, new_match

pytestmark = [pytest.mark.usefixtures("display"), pytest.mark.filterwarnings("ignore::DeprecationWarning")]


def test_a_group_going_home_is_named_by_its_members():
    seen = 0
    for seed in range(2, 12):
        m = new_match("monster_shop", {}, seed, 4, humans=(), agent_difficulty="random")
        rig = TableRig(m, viewer=0)
        for _ in range(300):
            if m.over:
                break
            events = m.run_agents(1)
            for e in events:
                if e.kind == "group" and e.data.get("to") == "home":
                    words = "".join(str(seg[0]) for seg in rig.table.log_entry(e))
                    assert "imp" in words and "group" not in words, words
                    seen += 1
            rig.table.on_events(events)
        if seen >= 2:
            return
    raise AssertionError("no group went home in ten random games")


def test_MS_041_the_chronicle_counts_imps_not_the_group_size():
    """A group of 2 imps + 1 gold (size 3) "sends 2 imps and 1 gold"; a top hat's half size
    never shows as "1.5 imps"."""
    from game.core.rules import new_event
    from tests.games.monster_shop.test_table import Rig
    table = Rig(seed=3).table

    def line(members, paid):
        size = members[0] + members[1] + members[2] + members[3] / 2
        ev = new_event(("group", {"seat": 1, "group": 0, "to": "jury", "slot": 0, "size": size, "paid": paid,
                                  "members": members}, None))
        return "".join(str(seg[0]) for seg in table.log_entry(ev))

    assert "2 imps and 1 gold" in line([2, 1, 0, 0], 1)
    hat = line([1, 0, 0, 1], 0)
    assert "1 imp " in hat and "1.5" not in hat and "top hat" in hat
    assert "3 imps with the bodyguard" in line([3, 0, 1, 0], 0)
