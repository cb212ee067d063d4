"""TE-G02 [P] Villain prices by mode (issue 14): a Villain's `competitive_cost` in
data/dark_gothic/villains.yaml is what the rules charge in competitive play, its `cost` what
they charge in co-op (unchanged); the view, the card face on the table and the `normal` Hero
all see the mode's price; editing the YAML changes the game; the invariants know which
printings belong to which mode."""
from __future__ import annotations

import os
import shutil

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import yaml  # noqa: E402

from game.core.data import data_root  # noqa: E402
from game.games.dark_gothic.ai import HeuristicAgent  # noqa: E402
from game.games.dark_gothic.data import COMPETITIVE, load_data, parse_cost  # noqa: E402
from game.games.dark_gothic.rules import DarkGothicRules  # noqa: E402

from .helpers import R, decision, fresh, quiet, set_center, set_hand  # noqa: E402

YAML = data_root() / "dark_gothic" / "villains.yaml"


def _prices():
    """key -> (co-op price, competitive price) as villains.yaml writes them."""
    out = {}
    for v in yaml.safe_load(YAML.read_text(encoding="utf-8"))["villains"]:
        out[v["key"]] = (parse_cost(v["cost"]), parse_cost(v.get("competitive_cost", v["cost"])))
    return out


def _villains(s):
    return [s.villain] + s.vstack + s.vbox


def _pool(parts):
    return [(col, n, None, False) for col, n, _cur in parts]


def test_TE_G02_some_villain_has_a_competitive_price_and_every_danger_keeps_its_order():
    prices = _prices()
    assert any(coop != comp for coop, comp in prices.values())
    d = load_data()
    for mode in ("coop", "competitive"):
        totals = {dz: [R.cards[v].cost_total for v in ids] for dz, ids in d.villains_by_mode[mode].items()}
        assert max(totals[1]) < min(totals[2]) and max(totals[2]) < min(totals[3]), (mode, totals)


def test_TE_G02_each_mode_builds_its_stack_from_its_own_printings():
    prices = _prices()
    for seed in range(12):
        s = fresh(2, "competitive", seed)
        vs = _villains(s)
        assert len(vs) == 9 and len({R.key[v] for v in vs}) == 9
        for v in vs:
            coop, comp = prices[R.key[v]]
            assert R.cards[v].cost == comp
            assert v == (R.key[v] + COMPETITIVE if comp != coop else R.key[v])
        c = fresh(2, "coop", seed)
        assert sorted(_villains(c)) == sorted(prices)              # co-op: the printed Villains
        assert all(R.cards[v].cost == prices[v][0] for v in _villains(c))


def test_TE_G02_the_rules_charge_the_competitive_price_in_competitive_and_the_cost_in_coop():
    prices = _prices()
    key = next(k for k, (coop, comp) in prices.items() if coop != comp and not any(c == "W" for c, _n, _ in comp))
    coop, comp = prices[key]
    assert sum(n for _c, n, _ in comp) < sum(n for _c, n, _ in coop)
    for mode, price in (("competitive", comp), ("coop", coop)):
        s = quiet(mode=mode, villain=key)
        a = s.active
        set_hand(s, a)
        assert R.cost_of(s, s.villain, a) == price
        s.pool = _pool(comp)                       # exactly the competitive price
        s.dec = None
        can = ("buy", s.villain) in decision(s).actions
        assert can == (mode == "competitive"), mode
        if can:
            evs = R.apply(s, a, ("buy", s.villain))
            paid = next(e for e in evs if e.kind == "paid")
            assert sorted((c, n) for c, n, *_ in paid.data["parts"]) == sorted((c, n) for c, n, _ in comp)


def test_TE_G02_editing_a_competitive_cost_in_yaml_changes_what_competitive_play_charges(tmp_path):
    folder = tmp_path / "dark_gothic"
    shutil.copytree(data_root() / "dark_gothic", folder)
    path = folder / "villains.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    lines = path.read_text(encoding="utf-8").splitlines()
    i = next(j for j, line in enumerate(lines) if line.strip() == "- key: witch_of_salem_wood")
    cost_line = next(j for j in range(i, len(lines)) if lines[j].strip().startswith("cost:"))
    lines = [line for j, line in enumerate(lines) if not (j > i and j < i + 8 and "competitive_cost:" in line)]
    lines.insert(cost_line + 1, '    competitive_cost: "1S+1U"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = DarkGothicRules(load_data(folder))
    witch = "witch_of_salem_wood" + COMPETITIVE
    assert r.cards[witch].cost == (("S", 1, False), ("U", 1, False))
    printed = parse_cost(next(v["cost"] for v in doc["villains"] if v["key"] == "witch_of_salem_wood"))
    assert r.cards["witch_of_salem_wood"].cost == printed
    seen = {mode: set() for mode in ("competitive", "coop")}
    for seed in range(30):
        for mode in seen:
            seen[mode].update(_villains(r.setup(2, {"mode": mode}, seed)))
    assert witch in seen["competitive"] and "witch_of_salem_wood" not in seen["competitive"]
    assert "witch_of_salem_wood" in seen["coop"] and witch not in seen["coop"]


def test_TE_G02_the_view_and_the_card_face_show_the_mode_price():
    from game.games.dark_gothic.table.screen import ORB, DarkGothicTable

    prices = _prices()
    for mode, which in (("competitive", 1), ("coop", 0)):
        for seed in range(6):
            s = fresh(2, mode, seed)
            v = R.view(s, 0)["villain"]
            price = prices[R.key[v]][which]
            assert [tuple(p) for p in R.card_json(v)["cost"]] == [tuple(p) for p in price]

    class _Face(DarkGothicTable):                  # only what card_spec reads: the match's rules
        def __init__(self):
            self.ctx = type("Ctx", (), {"match": type("M", (), {"rules": R})()})()

    face = _Face()
    for key, (_coop, comp) in prices.items():
        ids = [key] + ([key + COMPETITIVE] if key + COMPETITIVE in R.cards else [])
        for cid, price in zip(ids, (prices[key][0], comp)):
            spec = face.card_spec(cid)
            assert spec["cost"] == [{"value": n, "colour": ORB[col], "cursed": cur} for col, n, cur in price], cid


def test_TE_G02_normal_defeats_the_villain_its_pool_pays_at_the_competitive_price():
    prices = _prices()
    key = next(k for k, (coop, comp) in prices.items() if coop != comp and not any(c == "W" for c, _n, _ in comp))
    comp = prices[key][1]
    s = quiet(mode="competitive", villain=key)
    a = s.active
    set_hand(s, a)
    set_center(s, "musket", "ambush", "frederic_leon", "militia_soldier", "tomahawk", "isabella_von_took")
    s.pool = _pool(comp)                           # pays the competitive price, not the printed cost
    s.dec = None
    assert ("buy", s.villain) in decision(s).actions
    assert HeuristicAgent(R, "normal").choose(R.view(s, a), decision(s)) == ("buy", s.villain)


def test_TE_002_a_villain_of_the_other_mode_breaks_the_invariant():
    prices = _prices()
    key = next(k for k, (coop, comp) in prices.items() if coop != comp)
    s = fresh(2, "competitive", 3)
    assert R.invariants(s) == []
    printing = key + COMPETITIVE
    for lst in (s.vstack, s.vbox):
        if printing in lst:
            lst[lst.index(printing)] = key             # the co-op printing slipped into a competitive game
    if s.villain == printing:
        s.villain = key
    s.dec = None
    assert any(m.startswith("TE-002") for m in R.invariants(s))
