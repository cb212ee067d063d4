"""Every way a save can be bad gets one clear message naming the file, and the file
is kept exactly as it was."""
import json

import pytest

from game.core.match import Match, SeatInfo
from game.core.record import RecordError, read_record
from tests.toygame import ToyRules


def good_record(tmp_path):
    m = Match("toy", ToyRules(), [SeatInfo("A"), SeatInfo("B")], {}, 5)
    m.submit(0, ("bid", 0)); m.submit(1, ("bid", 1)); m.submit(1, ("add", 2))
    path = tmp_path / "good.json"
    m.save(path)
    return path


CASES = {
    "empty": (b"", "empty"),
    "truncated": (None, "damaged"),
    "not_json": (b"hello there", "damaged"),
    "binary": (b"\xff\xfe\x00\x01", "not a Nocturne save"),
    "array": (b"[1, 2, 3]", "not a Nocturne save"),
    "no_format": (b'{"game": "toy"}', "no format"),
    "newer": (b'{"format": 99, "game": "toy"}', "newer Nocturne"),
    "unknown_game": (b'{"format": 1, "game": "chess", "options": {}, "seed": 1, "seats": [], "actions": []}',
                     "unknown game"),
    "bad_actions": (b'{"format": 1, "game": "toy", "options": {}, "seed": 1, "seats": [], "actions": [5]}',
                    "actions"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_save_is_reported_with_its_name_and_kept(tmp_path, case):
    content, expected = CASES[case]
    if content is None:
        content = good_record(tmp_path).read_bytes()[:-25]
    path = tmp_path / f"{case}.json"
    path.write_bytes(content)
    with pytest.raises(RecordError) as info:
        read_record(path, known_games={"toy"})
    assert str(path) in str(info.value)
    assert expected in str(info.value)
    assert path.read_bytes() == content


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(RecordError, match="no such file"):
        read_record(tmp_path / "nope.json")


def test_illegal_action_in_the_log_is_reported(tmp_path):
    path = good_record(tmp_path)
    data = json.loads(path.read_text())
    data["actions"].append([0, ["add", 7]])
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="not legal"):
        Match.from_record(read_record(path), ToyRules())


def test_digest_mismatch_is_reported(tmp_path):
    path = good_record(tmp_path)
    data = json.loads(path.read_text())
    data["digest"] = "0" * 32
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="recorded final state"):
        Match.from_record(read_record(path), ToyRules())


def test_write_is_atomic_no_temp_files_left(tmp_path):
    good_record(tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == ["good.json"]
