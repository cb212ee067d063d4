"""What one seat may see. By default nothing on the table is secret in Book of Ordeals
(§4.7): positions, stats, Harm and every status are public, as on a tabletop; the only
unknown is the dice to come. With the solo option `fog` (fog of war, fog.py) a Shadow
character the Company cannot see is shown where it was last seen (`seen` False, `ghost`
True) or not at all, and the dice tray holds only the dice the Company saw rolled; every
seat (and a spectator) sees what the Company sees, and `reveal=True` (a finished game's
replay) shows everything. The view is JSON-able and the same for every seat but for `seat`."""
from __future__ import annotations

from .fog import char_entry, seen as fog_seen
from .state import fogged


def char_view(R, s, i) -> dict:
    c = s.chars[i]
    st = c.st
    out = c.to_json()
    out.update({"index": i, "might": st.might, "aim": st.aim, "pace": st.pace, "ward": R.ward(c),
                "grit": st.grit, "melee": st.melee, "ranged": st.ranged, "reach": st.reach,
                "range": R.weapon_range(s, c), "armour": st.armour, "items": list(st.items),
                "lore": list(st.lore), "behaviour": st.behaviour, "value": st.value,
                "engaged": bool(c.in_play and R.is_engaged(s, c)), "lit": R.is_lit(c), "lit_flag": c.lit,
                "sight": R.sight_of(s, c),
                "stats": {k: (list(v) if isinstance(v, tuple) else v) for k, v in st._asdict().items()}})
    return out


def build_view(R, s, seat, reveal: bool = False) -> dict:
    fog = fogged(s) and not reveal
    now = fog_seen(R, s) if fog else None
    chars = [char_view(R, s, i) for i in range(len(s.chars))]
    if fog:
        chars = [char_entry(R, s, i, e, now) for i, e in enumerate(chars)]
    trial = R.trial(s)
    m = R.map(s)
    ds = R.decisions(s)
    return {
        "game": "ordeals", "seat": seat, "players": s.n, "mode": s.mode,
        "side": s.seat_side[seat] if seat is not None and 0 <= seat < len(s.seat_side) else None,
        "seat_side": list(s.seat_side),
        "trial": {"number": trial.number, "key": trial.key, "turns": trial.turns,
                  "size": [m.w, m.h], "victory": trial.victory.kind,
                  "zones": [[list(p) for p in z] for z in trial.zones],
                  "terrain": [{"kind": p.kind, "name": p.name, "poly": [list(q) for q in p.poly],
                               "height": p.height, "ledges": list(p.ledges), "width": p.width}
                              for p in m.pieces],
                  "chapel": None if trial.chapel is None else
                  {"centre": list(trial.chapel.centre), "radius": trial.chapel.radius}},
        "turn": s.turn, "stage": s.stage, "season": s.season, "light": s.light, "weather": s.weather,
        "sight": s.sight, "lightning": s.lightning,
        "chars": chars,
        "act": None if s.act < 0 else {"index": s.act, "piece": s.chars[s.act].id, "spent": s.spent,
                                         "left": R.left(s), "moves": s.moves, "aimed": s.aimed,
                                         "counts": dict(s.counts)},
        "next_side": s.next_side, "first_side": s.first_side,
        "flow": {"pending": None if s.pending is None else [list(x) if isinstance(x, tuple) else x for x in s.pending],
                 "deploy_order": list(s.deploy_order), "deploy_i": s.deploy_i,
                 "last_seen": None if s.last_seen is None else list(s.last_seen)},
        "graves": [list(g) for g in s.graves],
        "relic": None if s.relic_at is None and s.relic_holder < 0 else
        {"at": None if s.relic_at is None else list(s.relic_at), "holder": s.relic_holder},
        "lost": [R.lost_value(s, 0), R.lost_value(s, 1)],
        "tray": list(s.seen_tray) if fog else list(s.tray),
        "fog": fog,
        "to_move": sorted({d.seat for d in ds}),
        "result": None if s.res is None else {"winners": list(s.res.winners), "side": s.res.side,
                                              "reason": s.res.reason},
    }
