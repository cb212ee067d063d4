"""What a host's app keeps of a table it hosts (game/net/host_seats.py): its own seats'
keys beside the table, offered again only while the table is unfinished; a file that is
not such a record is never offered and never breaks the screen that looks."""
from __future__ import annotations

import json

from game.net import host_seats
from game.net.store import TableStore

ROW = host_seats.SeatRow


def record(table_id="T4K9ABCD", **kw):
    data = dict(table_id=table_id, game="schemers", port=47923, address="192.168.1.20",
                seats=[ROW(name="Ada", kind="human"), ROW(name="Bea", kind="remote"),
                       ROW(name="Cy", kind="ai", difficulty="random")],
                policy="pause", local={0: "ABCDEFGHJKLMNPQR"})
    data.update(kw)
    return host_seats.HostSeats(**data)


def store_with(folder, **statuses):
    store = TableStore(folder)
    for table_id, status in statuses.items():
        store.save_setup(table_id, {"table_id": table_id}, status)
    store.close()


def test_the_host_s_seats_are_kept_and_offered_while_the_table_is_unfinished(tmp_path):
    store_with(tmp_path, T4K9ABCD="playing", OVER1234="over", LOBBY123="lobby")
    for table_id in ("T4K9ABCD", "OVER1234", "LOBBY123", "GONE1234"):
        host_seats.remember(tmp_path, record(table_id))
    kept = host_seats.read(host_seats.path_for(tmp_path, "T4K9ABCD"))
    assert kept.local == {0: "ABCDEFGHJKLMNPQR"} and kept.owner == 0 and kept.names() == ["Ada", "Bea", "Cy"]
    offered = host_seats.resumable(tmp_path)
    assert {r.table_id for r in offered} == {"T4K9ABCD", "LOBBY123"}, "finished or unknown tables are not"
    assert offered[0].table_id == "LOBBY123", "the newest first"
    assert not host_seats.path_for(tmp_path, "OVER1234").exists(), "a finished table's keys are dropped"
    assert host_seats.path_for(tmp_path, "GONE1234").exists(), "one the store does not know is kept"
    assert not list(tmp_path.glob("*.tmp")), "written whole, by a rename"


def test_a_record_that_is_not_one_is_never_offered(tmp_path):
    store_with(tmp_path, T4K9ABCD="playing", OTHER123="playing")
    path = host_seats.path_for(tmp_path, "T4K9ABCD")
    not_here = record().model_dump()
    not_here["local"] = {"1": "ABCDEFGHJKLMNPQR"}                 # a key for a remote seat, none for ours
    for text in ("{", "[]", '{"table_id": "T4K9ABCD"}', "x" * (host_seats.MAX_BYTES + 10), json.dumps(not_here),
                 record().model_dump_json()
                 .replace('"schemers"', '"../../etc"')):
        path.write_text(text)
        assert host_seats.resumable(tmp_path) == [], text[:40]
    # a record copied under another table's name is not that table's
    host_seats.path_for(tmp_path, "OTHER123").write_text(record().model_dump_json())
    path.unlink()
    assert host_seats.resumable(tmp_path) == []
    assert host_seats.resumable(tmp_path / "nowhere") == [], "no folder: nothing to offer"
    assert host_seats.table_status(tmp_path / "nowhere", "T4K9ABCD") is None
    assert not (tmp_path / "nowhere").exists(), "looking creates nothing"
