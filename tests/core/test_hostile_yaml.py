"""Hostile YAML data files, generated at test time: each is one problem with
file:line (validate-data exits 1), within 30 s, in under 20 KB of output; an alias
bomb is stopped at a node cap instead of being expanded; no traceback ever."""
from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.core.data import MAX_NODES, DataError, Problems, load_yaml

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 30
OUTPUT_BYTES = 20 * 1024


def _bomb(levels: int = 9) -> str:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels + 1):
        ref = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([ref] * 9)}]")
    return "\n".join(lines) + "\n"


CASES = {
    "nul_byte": ("a: 1\nb: x\x00y\n", 2),
    "control_char": ("a: 1\nb: 2\nc: \x07\n", 3),
    "nested_flow_3000": ("top: " + "[" * 3000 + "]" * 3000 + "\n", 1),
    "nested_flow_90": ("top: " + "[" * 90 + "]" * 90 + "\n", 1),
    "nested_block_200": ("".join(" " * i + f"k{i}:\n" for i in range(200)), None),
    "recursive_alias": ("a: 1\nb: &loop [1, *loop]\n", 2),
    "alias_bomb_9x9": (_bomb(9), None),
    "int_5000_digits": ("a: 1\nbig: " + "9" * 5000 + "\n", 2),
    "flow_list_2mb": ("a: [" + ",".join(["1"] * 900_000) + "]\n", 1),
    "long_bad_value": ("a: 1\nb: !!int " + "x" * 1_000_000 + "\n", 2),
    "python_tag": ("a: !!python/object/apply:os.system ['true']\n", 1),
    "unknown_tag": ("a: !evil {x: 1}\n", 1),
    "list_as_key": ("? [1, 2]\n: 3\n", 1),
    "binary_junk": (b"\xff\xfe\xfa\x00\x01garbage", 1),
    "syntax": ("a: [1, 2\nb: 3\n", None),
    "too_big_3mb": ("a: '" + "x" * (3 * 1024 * 1024) + "'\n", 1),
}
SPECIAL = {
    "dev_zero": lambda p: os.symlink("/dev/zero", p),
    "fifo": lambda p: os.mkfifo(p),
    "folder": lambda p: p.mkdir(),
}


def make(folder: Path, name: str) -> Path:
    path = folder / f"{name}.yaml"
    if name in SPECIAL:
        SPECIAL[name](path)
        return path
    content, _line = CASES[name]
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    return path


@pytest.mark.parametrize("name", sorted(CASES) + sorted(SPECIAL))
def test_hostile_yaml_is_one_problem_with_file_and_line(tmp_path, name):
    path = make(tmp_path, name)
    problems = Problems()
    t0 = time.perf_counter()
    doc = load_yaml(path, problems)
    seconds = time.perf_counter() - t0
    assert seconds < SECONDS
    if name == "nested_block_200":          # deep, but legal YAML: refused by the depth bound
        assert doc is None
    assert problems, f"{name} was accepted"
    text = "\n".join(str(p) for p in problems.items)
    assert len(text.encode()) < OUTPUT_BYTES
    first = str(problems.items[0])
    assert first.startswith(f"{path}:"), first
    line = int(first[len(str(path)) + 1:].split(":", 1)[0])
    expected = CASES.get(name, (None, None))[1]
    if expected is not None:
        assert line == expected, first
    assert "\n" not in first and len(first) <= 400


def test_an_alias_bomb_stops_at_the_node_cap_quickly(tmp_path):
    path = tmp_path / "bomb.yaml"
    path.write_text(_bomb(9), encoding="utf-8")
    problems = Problems()
    t0 = time.perf_counter()
    assert load_yaml(path, problems) is None
    assert time.perf_counter() - t0 < 10
    assert f"{MAX_NODES:,}" in str(problems.items[0])


def test_modest_aliases_still_work(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("base: &b {cost: 2, tags: [x, y]}\nother: *b\nthird:\n  <<: *b\n  extra: 3\n", encoding="utf-8")
    problems = Problems()
    doc = load_yaml(path, problems)
    assert not problems and doc.data["other"] == {"cost": 2, "tags": ["x", "y"]}
    assert doc.data["third"] == {"cost": 2, "tags": ["x", "y"], "extra": 3}


def test_a_file_with_many_bad_values_is_reported_in_a_screenful():
    problems = Problems()
    for i in range(100_000):
        problems.add(Path("data/x.yaml"), ("cards", i), "x" * 10_000)
    with pytest.raises(DataError) as info:
        problems.raise_if_any()
    text = str(info.value)
    assert len(text.encode()) < OUTPUT_BYTES
    assert "more problems in this file" in text


def test_a_bad_value_is_quoted_short(tmp_path):
    from pydantic import BaseModel

    from game.core.data import validate

    class Model(BaseModel):
        n: int

    path = tmp_path / "m.yaml"
    path.write_text("n: '" + "z" * 100_000 + "'\n", encoding="utf-8")
    problems = Problems()
    doc = load_yaml(path, problems)
    assert validate(Model, doc, problems) is None
    assert len(str(problems.items[0])) < 400


def _limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024 ** 3, 2 * 1024 ** 3))


@pytest.mark.parametrize("name", ["alias_bomb_9x9", "nested_flow_3000", "nul_byte", "dev_zero"])
def test_validate_data_names_file_and_line_and_exits_1(tmp_path, name):
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns("*.png", "*.ogg", "*.wav"))
    (data / "dice.yaml").unlink()
    hostile = make(tmp_path, name)
    if name in SPECIAL:
        os.symlink("/dev/zero", data / "dice.yaml")
    else:
        shutil.copy(hostile, data / "dice.yaml")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "main.py", "validate-data", "--data-dir", str(data)], cwd=ROOT,
                         capture_output=True, text=True, timeout=SECONDS * 3, preexec_fn=_limit_memory)
    assert time.perf_counter() - t0 < SECONDS
    assert out.returncode == 1, (out.stdout[-300:], out.stderr[-600:])
    assert "Traceback" not in out.stderr
    assert len((out.stdout + out.stderr).encode()) < OUTPUT_BYTES
    assert any(line.split(":")[0].endswith("dice.yaml") and line.split(":")[1].isdigit()
               for line in out.stderr.splitlines()), out.stderr[-600:]
