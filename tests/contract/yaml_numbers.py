"""Every number in a game's YAML must do something: a number that changes nothing is a
lie to whoever edits it. This module edits one number at a time in a temporary copy
of the game's data folder and asks whether anything a player could observe changes:
the options the new-game screen offers and accepts, the decisions (with their clocks)
and events of a few seeded random games in every mode, and how those games end.

Used by tests/contract/test_yaml_numbers.py and by `python -m tests.contract.yaml_numbers
GAME` (which prints the numbers that change nothing).
"""
from __future__ import annotations

import hashlib
import itertools
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

import yaml

from game.core.data import DataError
from game.core.rules import IllegalAction, OptionsError
from game.core.version import GAME_FILE, TUTORIAL_FILE
from game import registry

ROOT = Path(__file__).resolve().parents[2]


def numbers(data_dir: Path) -> list[tuple[str, int, int, int, str]]:
    """(file, line, start index, end index, text) of every int and float scalar of the
    files the rules read (a guided first game's script is the coach's: its seed and
    moves are checked by playing it, tests/ui/test_tutorials.py; the game file is the
    menu's, read before the rules load, and its seat counts must be the rules' own:
    tests/contract/test_contract.py)."""
    out = []
    for path in sorted(data_dir.glob("*.yaml")):
        if path.name in (TUTORIAL_FILE, GAME_FILE):
            continue
        text = path.read_text(encoding="utf-8")
        stack = [yaml.compose(text)]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            if isinstance(node, yaml.MappingNode):
                stack.extend(v for _, v in node.value)
            elif isinstance(node, yaml.SequenceNode):
                stack.extend(node.value)
            elif node.tag.endswith((":int", ":float")):
                out.append((path.name, node.start_mark.line + 1, node.start_mark.index,
                            node.end_mark.index, text[node.start_mark.index:node.end_mark.index]))
    return sorted(out, key=lambda n: (n[0], n[2]))


def edits(text: str) -> list[str]:
    """Other values to try for one number, nearest first."""
    try:
        v = int(text)
        return [str(v + 1), str(v - 1) if v > 0 else str(v + 2), str(v * 2 + 3)]
    except ValueError:
        v = float(text)
        return [repr(round(v * 1.5 + 0.5, 3)), repr(round(v * 0.5, 3))]


def _specs(rules) -> list:
    return rules.option_specs() if hasattr(rules, "option_specs") else []


def _choices(rules) -> list[dict]:
    """The options as a player picks them: nothing, then each choice and flag alone,
    each also in hot-seat where the game has that switch (defaults then come from the
    mode, as on the new-game screen)."""
    variants: list[dict] = [{}]
    for spec in _specs(rules):
        if spec.kind == "choice":
            variants += [{spec.key: v} for v, _ in spec.choices]
        elif spec.kind == "flag":
            variants += [{spec.key: True}]
    if "hotseat" in rules.default_options():
        variants += [{**v, "hotseat": True} for v in list(variants)]
    return variants


def accepted(rules) -> str:
    """Which whole-number settings each mode accepts at each seat count (the limits a
    player meets on the new-game screen), as text."""
    rows = []
    for spec in _specs(rules):
        if spec.kind != "int" or spec.minimum is None or spec.maximum is None:
            continue
        for base in _choices(rules):
            for players in range(rules.min_players, rules.max_players + 1):
                bits = []
                for v in range(spec.minimum, spec.maximum + 1):
                    try:
                        rules.validate_options({**base, spec.key: v}, players)
                        bits.append("1")
                    except OptionsError:
                        bits.append("0")
                rows.append(f"{spec.key}{base}{players}:{''.join(bits)}")
    return "\n".join(rows)


def configs(rules) -> list[tuple[int, dict]]:
    """(players, options) for every mode and add-on, one choice at a time."""
    variants = _choices(rules)
    out, seen = [], set()
    for opts, players in itertools.product(variants, range(rules.min_players, rules.max_players + 1)):
        try:
            full = rules.validate_options(dict(opts), players)
        except OptionsError:
            continue
        key = json.dumps([players, full], sort_keys=True, default=str)
        if key not in seen:
            seen.add(key)
            out.append((players, full))
    return out


# Targeted observations, per game: "module:function" called as function(rules, record, play)
# after the random games. Random play from the opening seldom reaches some numbers (a Danger III
# Villain's Investigation and Omen faces, say); such a function builds seeded states that do
# and hands them to `play(state, seed, steps)` (random play, decisions and events recorded) or
# passes what a player would see to `record(value)`. Called in every fingerprint (cheap).
OBSERVE = {"dark_gothic": "tests.games.dark_gothic.numbers:observe",
           "monster_shop": "tests.games.monster_shop.numbers:observe"}


def _observer(game_id: str):
    target = OBSERVE.get(game_id)
    if target is None:
        return None
    import importlib
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name)


def play_random(rules, state, pick, max_steps, record) -> None:
    """Seeded random play from `state`, recording every decision (with its clocks), every
    event and the result."""
    for _ in range(max_steps):
        if rules.result(state) is not None:
            break
        ds = rules.decisions(state)
        if not ds:
            break
        d = ds[int(pick() * len(ds))]
        record((d.seat, d.kind, d.actions, d.timeout, d.default, d.min_time))
        action = d.actions[int(pick() * len(d.actions))]
        try:
            events = rules.apply(state, d.seat, action)
        except IllegalAction as exc:
            record(exc)
            break
        for e in events:
            record((e.kind, e.data, e.to))
    record(rules.result(state))


def _digest(show) -> str:
    """The sha256 of everything `show(record)` passes to `record`."""
    h = hashlib.sha256()
    show(lambda x: h.update(repr(x).encode()))
    return h.hexdigest()


def _seeded_game(rules, players: int, options: dict, g: int, max_steps: int, record) -> None:
    """Game `g` of a configuration, seeded by its number and the seat count, played at random."""
    record(json.dumps([players, options], sort_keys=True, default=str))
    pick = random.Random(g * 7919 + players).random
    try:
        state = rules.setup(players, options, 1000 + g)
    except (OptionsError, ValueError) as exc:
        record(exc)
        return
    play_random(rules, state, pick, max_steps, record)


def observations(game_id: str, data_dir: Path, games: int = 2, max_steps: int = 400):
    """Digests of everything observable, one section at a time: the option checks, then
    each seeded random game of each configuration (its decisions, events and result),
    then the game's targeted observations (OBSERVE). A comparison stops at the first
    section that differs, so an edit that shows early is not played to the end."""
    spec = registry.get(game_id)
    try:
        rules = spec.load_ruleset(data_dir)
    except DataError as exc:                # the loader reads the number: observable
        yield "data error: " + str(exc).split(":", 2)[-1][:200]
        return
    yield _digest(lambda record: record(accepted(rules)))
    for players, options in configs(rules):
        for g in range(games):
            yield _digest(lambda record: _seeded_game(rules, players, options, g, max_steps, record))
    observe = _observer(game_id)
    if observe is not None:
        yield _digest(lambda record: observe(rules, record, lambda state, seed, steps: play_random(
            rules, state, random.Random(seed).random, steps, record)))


def differs(sections, base: list[str]) -> bool:
    """Whether the observations `sections` (an iterator) differ from `base`; reads no
    further than the first section that differs."""
    count = 0
    for count, digest in enumerate(sections, 1):
        if count > len(base) or digest != base[count - 1]:
            return True
    return count != len(base)


_UNEDITED: dict = {}          # (game_id, games per configuration) -> the bundled data's observations


def unedited(game_id: str, games: int) -> list[str]:
    """The observations of the bundled data, made once per process (every chunk of the
    contract test compares against them; nothing edits data/ meanwhile)."""
    key = (game_id, games)
    if key not in _UNEDITED:
        _UNEDITED[key] = list(observations(game_id, ROOT / "data" / game_id, games))
    return _UNEDITED[key]


DEEP_GAMES = (8, 48)         # more games, only for a number not yet seen to matter


def dead_numbers(game_id: str, only: list | None = None) -> list[str]:
    """'file:line: value' for each number whose edits all leave the observations alone."""
    src = ROOT / "data" / game_id
    dead = []
    with tempfile.TemporaryDirectory(prefix="nocturne-numbers-") as tmp:
        work = Path(tmp) / game_id
        shutil.copytree(src, work)
        for name, line, start, end, text in numbers(src):
            if only is not None and (name, line) not in only:
                continue
            path = work / name
            original = path.read_text(encoding="utf-8")
            changed = False
            for games in (1,) + DEEP_GAMES:
                for value in edits(text)[:3 if games == 1 else 2]:
                    path.write_text(original[:start] + value + original[end:], encoding="utf-8")
                    if differs(observations(game_id, work, games), unedited(game_id, games)):
                        changed = True
                        break
                if changed:
                    break
            path.write_text(original, encoding="utf-8")
            if not changed:
                dead.append(f"data/{game_id}/{name}:{line}: {text}")
    return dead


if __name__ == "__main__":
    for gid in sys.argv[1:] or ["schemers", "dark_deeds", "dark_gothic", "monster_shop"]:
        for row in dead_numbers(gid):
            print(row)
