"""One way to dispatch (core/dispatch.py): the shared pieces of every game's `apply`, and
the bar that no game reaches a handler by a built name or a `dir()` scan."""
import ast
from pathlib import Path

import pytest

from game.core.dispatch import Flow, find_decision, settle, wait
from game.core.rules import Decision, IllegalAction

ROOT = Path(__file__).resolve().parents[2]

# Files that still reach handlers by built names, waiting for their game's pass. A later
# pass converts the file and deletes its line here; the test fails for any file NOT
# listed (a new offender) and for a listed file that no longer offends (empty the list).
PENDING: set[str] = set()   # files still to move onto tables (empty: every game has)


def _d(seat, kind, actions, free=None):
    return Decision(seat, kind, tuple(actions), free=free)


# ------------------------------------------------------------------ find_decision
def test_find_decision_takes_the_seats_decision_that_lists_the_action():
    decs = (_d(0, "bid", [("pass",)]), _d(1, "bid", [("pass",), ("bid",)]), _d(1, "other", [("x",)]))
    d, a = find_decision(decs, 1, ("x",))
    assert (d.seat, d.kind, a) == (1, "other", ("x",))
    d, a = find_decision(decs, 1, ("pass",))
    assert d is decs[1]


def test_find_decision_says_why_nothing_fits():
    decs = (_d(0, "turn", [("income",)]),)
    with pytest.raises(IllegalAction, match="seat 1 has nothing to decide now"):
        find_decision(decs, 1, ("income",))
    with pytest.raises(IllegalAction, match="claim doge is not one of the choices now"):
        find_decision(decs, 0, ("claim", "doge"))


def test_find_decision_asks_accept_for_an_unlisted_action_and_plays_what_it_returns():
    decs = (_d(0, "other", [("pass",)]), _d(0, "deploy", [("deploy", 1, 1)], free={"verb": "deploy"}))
    seen = []

    def accept(d, a):
        seen.append(d.kind)
        return ("deploy", 2, 3) if d.free is not None else None

    d, a = find_decision(decs, 0, ("deploy", 2.0, 3.0), accept)
    assert (d.kind, a, seen) == ("deploy", ("deploy", 2, 3), ["other", "deploy"])
    with pytest.raises(IllegalAction):
        find_decision(decs, 0, ("deploy", 2.0, 3.0), lambda d, a: None)


# ------------------------------------------------------------------ settle and Flow
class _State:
    def __init__(self, stage):
        self.stage = stage
        self.dec = ("stale",)
        self.trail = []


def _flow():
    def step_a(s, ev):
        s.trail.append("a")
        s.stage = "b"
        return True

    def step_b(s, ev):
        s.trail.append("b")
        s.stage = "ask"
        ev.append("b ran")
        return True

    def answer_go(s, seat, action, ev):
        s.trail.append(("go", seat, action))
        s.stage = "a"

    return Flow({"go": answer_go}, {"a": step_a, "b": step_b, "ask": wait})


def test_flow_apply_finds_answers_and_settles_until_someone_must_answer():
    s, ev = _State("ask"), []
    played = _flow().apply(s, (_d(2, "go", [("go",)]),), 2, ("go",), ev)
    assert played == ("go",)
    assert s.trail == [("go", 2, ("go",)), "a", "b"]
    assert s.stage == "ask" and ev == ["b ran"]
    assert s.dec is None                          # the answered question is gone


def test_flow_apply_plays_what_accept_returns_and_asks_it_with_the_state():
    """The same choice as find_decision: the seat's decisions in order, `accept` asked of
    each that does not list the action (with the state first), a later listing after it."""
    s, seen = _State("ask"), []

    def accept(state, d, a):
        seen.append((state is s, d.kind))
        return ("go",) if a == ("went",) and d.kind == "go" else None

    flow = _flow()
    decs = (_d(1, "go", [("go",)]), _d(2, "go", [("go",)]), _d(2, "other", [("went",)]))
    assert flow.apply(s, decs, 2, ("went",), [], accept) == ("go",)
    assert seen == [(True, "go")] and s.trail[0] == ("go", 2, ("go",))
    s, seen = _State("ask"), []
    decs = (_d(2, "other", [("x",)]), _d(2, "go", [("go",)]))
    flow.answers["other"] = lambda st, seat, a, ev: st.trail.append("other")
    assert flow.apply(s, decs, 2, ("go",), [], accept) == ("go",)
    assert seen == [(True, "other")] and s.trail[0] == ("go", 2, ("go",))


def test_flow_apply_changes_nothing_for_an_illegal_action():
    s = _State("ask")
    with pytest.raises(IllegalAction):
        _flow().apply(s, (_d(2, "go", [("go",)]),), 2, ("stop",), [])
    assert s.trail == [] and s.dec == ("stale",)


def test_a_stage_without_a_step_is_named():
    with pytest.raises(KeyError, match="nowhere"):
        _flow().settle(_State("nowhere"), [])


def test_settle_raises_when_two_stages_hand_the_game_to_each_other_for_ever():
    s = _State("a")
    steps = {"a": lambda s, ev: True}
    with pytest.raises(RuntimeError, match="does not settle"):
        settle(s, [], lambda s: steps[s.stage], limit=50)


def test_missing_names_kinds_and_stages_without_a_handler():
    assert _flow().missing(kinds=("go", "bid"), stages=("a", "over")) == [
        "no answer for decision kind 'bid'", "no step for stage 'over'"]


# ------------------------------------------------------------------ the bar
def built_name_dispatch(source: str) -> list[int]:
    """Lines that reach a handler by a name built at run time: an object's own methods
    (``getattr(self, "_on_" + kind)``, ``f"_on_{kind}"``, ``"_%s" % kind``,
    ``"_{}".format(kind)``), any private name built so (``getattr(brain, "_k_" + kind)``),
    or a scan of an object's own names (``dir(self)``, ``dir(type(self))``, ``dir(cls)``).
    A data field read by a built public name of another object (``getattr(rules,
    what + "_rounds")``) is not a handler and is left alone."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in ("getattr", "hasattr") and len(node.args) >= 2 and _built(node.args[1]) \
                and (_is_self(node.args[0]) or _private(node.args[1])):
            lines.append(node.lineno)
        elif node.func.id == "dir" and node.args and _is_self(node.args[0]):
            lines.append(node.lineno)
    return sorted(lines)


def _private(name: ast.AST) -> bool:
    """The built name starts with an underscore (its first literal piece does)."""
    first = name
    while isinstance(first, ast.BinOp):
        first = first.left
    if isinstance(first, ast.Call) and isinstance(first.func, ast.Attribute):
        first = first.func.value                        # "_{}".format(kind)
    if isinstance(first, ast.JoinedStr) and first.values:
        first = first.values[0]
    return isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value.startswith("_")


def _built(name: ast.AST) -> bool:
    if isinstance(name, ast.JoinedStr):
        return True
    if isinstance(name, ast.BinOp) and isinstance(name.op, (ast.Add, ast.Mod)):
        return any(isinstance(n, (ast.Constant, ast.JoinedStr)) and not isinstance(getattr(n, "value", ""), (int, float))
                   for n in ast.walk(name))
    return (isinstance(name, ast.Call) and isinstance(name.func, ast.Attribute)
            and name.func.attr in ("format", "join"))


def _is_self(arg: ast.AST) -> bool:
    if isinstance(arg, ast.Name):
        return arg.id in ("self", "cls")
    return (isinstance(arg, ast.Call) and isinstance(arg.func, ast.Name) and arg.func.id == "type")


@pytest.mark.parametrize("source", [
    'getattr(self, "_on_" + kind)(s)',
    'fn = getattr(self, "_" + d.kind, None)',
    'getattr(self, f"_on_{stage}")',
    'getattr(self, "_%s" % kind)',
    'getattr(self, "_{}".format(kind))',
    'hasattr(self, prefix + "x")',
    't = {n[3:]: getattr(self, n) for n in dir(self) if n.startswith("_t_")}',
    'names = dir(type(self))',
    'getattr(self.brain, "_k_" + kind)',
    'getattr(agent, f"_{kind}", None)',
])
def test_the_bar_sees_every_shape_of_built_name(source):
    assert built_name_dispatch(source) == [1]


@pytest.mark.parametrize("source", [
    'getattr(card, "cost", None)',
    'getattr(s, where)[k]',
    'setattr(o, f, getattr(self, f))',
    'answers[d.kind](s, seat, a, ev)',
    'dir(module)',
    'getattr(self.R.R, what + "_rounds")[length]',
])
def test_the_bar_leaves_plain_lookups_alone(source):
    assert built_name_dispatch(source) == []


def _offenders() -> dict[str, list[int]]:
    out = {}
    for path in sorted((ROOT / "game/games").rglob("*.py")):
        lines = built_name_dispatch(path.read_text(encoding="utf-8"))
        if lines:
            out[path.relative_to(ROOT).as_posix()] = lines
    return out


def test_no_game_reaches_a_handler_by_a_built_name_or_a_dir_scan():
    """Handlers are found in explicit tables (core/dispatch.py, docs/ARCHITECTURE.md)."""
    found = _offenders()
    new = {p: lines for p, lines in found.items() if p not in PENDING}
    assert not new, "handlers reached by built names or dir() (use a table, core/dispatch.py): " + \
        "; ".join(f"{p} lines {lines}" for p, lines in new.items())


def test_the_pending_list_holds_only_files_that_still_offend():
    done = sorted(PENDING - set(_offenders()))
    assert not done, f"no built names left in {done}: delete them from PENDING in this test"
