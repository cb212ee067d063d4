"""A tiny game that exercises every part of the kernel without any real game:
a sealed simultaneous bid (who starts), a hidden card per seat, a die roll, and a
race to a target (Nim: add 1 or 2; whoever reaches the target wins)."""
from __future__ import annotations

from game.core.rng import RNG
from game.core.rules import Decision, IllegalAction, OptionsError, Result, event


class ToyState:
    __slots__ = ("players", "rng", "bids", "turn", "total", "target", "cards", "winner", "timeout")

    def clone(self):
        other = ToyState.__new__(ToyState)
        other.players, other.rng, other.bids = self.players, self.rng.clone(), list(self.bids)
        other.turn, other.total, other.target = self.turn, self.total, self.target
        other.cards, other.winner, other.timeout = list(self.cards), self.winner, self.timeout
        return other


class ToyRules:
    id = "toy"
    min_players = 2
    max_players = 3

    def __init__(self, data=None):          # GameSpec builds Rules(data); a toy reads none
        pass

    def default_options(self):
        return {"target": 10, "clock": None}

    def validate_options(self, options, players):
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(f"Toy needs 2–3 players (you chose {players})")
        out = {**self.default_options(), **options}
        if not isinstance(out["target"], int) or out["target"] < 3:
            raise OptionsError("target: expected a whole number of at least 3")
        return out

    def setup(self, players, options, seed):
        s = ToyState()
        s.players, s.rng = players, RNG(seed)
        s.bids = [None] * players
        s.turn, s.total, s.target = None, 0, options["target"]
        s.cards = [s.rng.randint(1, 5) for _ in range(players)]
        s.winner, s.timeout = None, options.get("clock")
        return s

    def decisions(self, s):
        if s.winner is not None:
            return []
        if s.turn is None:
            return [Decision(seat, "bid", (("bid", 0), ("bid", 1)), s.timeout, ("bid", 0), "bids")
                    for seat in range(s.players) if s.bids[seat] is None]
        acts = [("add", n) for n in (1, 2) if s.total + n <= s.target] + [("roll",)]
        return [Decision(s.turn, "turn", tuple(acts), s.timeout, acts[0])]

    def apply(self, s, seat, action):
        legal = [d for d in self.decisions(s) if d.seat == seat]
        if not legal or action not in legal[0].actions:
            raise IllegalAction(f"{action} is not allowed for seat {seat} now")
        if action[0] == "bid":
            s.bids[seat] = action[1]
            if None in s.bids:
                return [event("bid_placed", seat=seat)]
            best = max(s.bids)
            tied = [i for i, b in enumerate(s.bids) if b == best]
            s.turn = s.rng.choice(tied)
            return [event("bids_revealed", bids=list(s.bids)), event("turn", seat=s.turn)]
        if action[0] == "roll":
            face = s.rng.randint(1, 6)
            events = [event("roll", seat=seat, dice="d6", faces=[face])]
            if face == 6 and s.total + 1 <= s.target:
                s.total += 1
        else:
            s.total += action[1]
            events = [event("counter", name="total", value=s.total)]
        if s.total >= s.target:
            s.winner = seat
            events.append(event("game_over", winner=seat))
        else:
            s.turn = (s.turn + 1) % s.players
            events.append(event("turn", seat=s.turn))
        return events

    def view(self, s, seat):
        return {"seats": [{"card": s.cards[i] if i == seat else None,
                           "bid_in": s.bids[i] is not None} for i in range(s.players)],
                "turn": s.turn, "total": s.total, "target": s.target, "me": seat}

    def result(self, s):
        if s.winner is None:
            return None
        return Result((s.winner,), tuple(1 if i == s.winner else 0 for i in range(s.players)), "target reached")

    def clone(self, s):
        return s.clone()

    def snapshot(self, s):
        return {"bids": s.bids, "turn": s.turn, "total": s.total, "cards": s.cards,
                "winner": s.winner, "rng": s.rng.to_json()}


def determinize(view, seat, rng):
    """Rebuild a full state from a seat's view: unseen cards are sampled."""
    s = ToyState()
    n = len(view["seats"])
    s.players, s.rng = n, RNG(rng.fork())
    s.bids = [0 if v["bid_in"] else None for v in view["seats"]]
    s.turn, s.total, s.target = view["turn"], view["total"], view["target"]
    s.cards = [v["card"] if v["card"] is not None else rng.randint(1, 5) for v in view["seats"]]
    s.winner, s.timeout = None, None
    return s


# ---------------------------------------------------------------------------------------
# A co-operative variant: the players against the game itself.
#
# The seats take turns adding 1 or 2 to the team's total, or hoarding 2 gold for
# themselves (their own standing, no help to the team). After every turn the game
# acts inside `apply` (it is never a seat): it rolls a die and its doom track moves
# on a 3 or more. The team wins when its total reaches the target first; the game
# wins when the doom reaches its limit. Rewards: the team's result first, one's own
# standing second (0.8 + 0.2 * share on a win, 0.2 * share on a loss).

from game.core.rules import GAME, PLAYERS  # noqa: E402


class CoopState:
    __slots__ = ("players", "rng", "turn", "total", "target", "doom", "limit", "gold", "given", "side")

    def clone(self):
        other = CoopState.__new__(CoopState)
        other.players, other.rng, other.turn = self.players, self.rng.clone(), self.turn
        other.total, other.target, other.doom, other.limit = self.total, self.target, self.doom, self.limit
        other.gold, other.given, other.side = list(self.gold), list(self.given), self.side
        return other


class ToyCoopRules:
    id = "toy_coop"
    min_players = 1
    max_players = 3

    def __init__(self, data=None):          # GameSpec builds Rules(data); a toy reads none
        pass

    def default_options(self):
        return {"target": 8, "limit": 6}

    def validate_options(self, options, players):
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(f"Toy co-op needs 1–3 players (you chose {players})")
        return {**self.default_options(), **options}

    def setup(self, players, options, seed):
        s = CoopState()
        s.players, s.rng, s.turn = players, RNG(seed), 0
        s.total, s.target, s.doom, s.limit = 0, options["target"], 0, options["limit"]
        s.gold, s.given, s.side = [0] * players, [0] * players, None
        return s

    def decisions(self, s):
        if s.side is not None:
            return []
        return [Decision(s.turn, "turn", (("add", 1), ("add", 2), ("hoard",)))]

    def apply(self, s, seat, action):
        if s.side is not None or seat != s.turn or action not in self.decisions(s)[0].actions:
            raise IllegalAction(f"{action} is not allowed for seat {seat} now")
        if action[0] == "add":
            s.total += action[1]
            s.given[seat] += action[1]
            events = [event("counter", name="total", value=s.total)]
        else:
            s.gold[seat] += 2
            events = [event("counter", seat=seat, name="gold", value=s.gold[seat])]
        if s.total >= s.target:
            s.side = PLAYERS
            return events + [event("game_over", side=PLAYERS)]
        face = s.rng.randint(1, 6)                   # the game's own turn, by its rules
        events.append(event("roll", seat=None, dice="d6", faces=[face]))
        if face >= 3:
            s.doom += 1
            events += [event("counter", name="doom", value=s.doom),
                       event("log", key="toy.doom", params={"doom": s.doom})]
        if s.doom >= s.limit:
            s.side = GAME
            return events + [event("game_over", side=GAME)]
        s.turn = (s.turn + 1) % s.players
        return events + [event("turn", seat=s.turn)]

    def view(self, s, seat):
        return {"turn": s.turn, "total": s.total, "target": s.target, "doom": s.doom, "limit": s.limit,
                "gold": list(s.gold), "given": list(s.given), "me": seat}

    def result(self, s):
        if s.side is None:
            return None
        standing = [g + c for g, c in zip(s.gold, s.given)]
        top = max(standing) or 1
        share = [x / top for x in standing]
        if s.side == PLAYERS:
            return Result(tuple(range(s.players)), tuple(standing), "the team reached the target",
                          side=PLAYERS, rewards=tuple(0.8 + 0.2 * x for x in share))
        return Result((), tuple(standing), "the doom track filled", side=GAME,
                      rewards=tuple(0.2 * x for x in share))

    def clone(self, s):
        return s.clone()

    def snapshot(self, s):
        return {"turn": s.turn, "total": s.total, "doom": s.doom, "gold": s.gold, "given": s.given,
                "side": s.side, "rng": s.rng.to_json()}

    def invariants(self, s, before=None):
        bad = []
        if s.total != sum(s.given):
            bad.append("the team's total is not what the seats gave")
        if not 0 <= s.doom <= s.limit:
            bad.append("doom outside its track")
        return bad


def coop_determinize(view, seat, rng):
    """Everything but the game's future dice is public."""
    s = CoopState()
    s.players, s.rng, s.turn = len(view["gold"]), RNG(rng.fork()), view["turn"]
    s.total, s.target, s.doom, s.limit = view["total"], view["target"], view["doom"], view["limit"]
    s.gold, s.given, s.side = list(view["gold"]), list(view["given"]), None
    return s


# ---------------------------------------------------------------------------------------
# A tiny board game on a measured table: free moves, a sealed choice, a reaction window.
#
# A 12 x 8 inch table with one wall (a blocking rectangle). Each round every seat
# picks a speed 1-3 in secret (a `SealedChoice`); all are revealed together and the
# slowest moves first (ties by seat). A move is free: any point within reach
# (1.5 + 1.5 * speed inches) on the table that the straight path reaches without
# crossing the wall (`Decision.free` + `is_legal`; `actions` is a representative
# sample). After each move the other seats may spring a trap (a `ReactionWindow`
# asking every other seat, whether or not it holds a trap — that is hidden — with a
# minimum answer time): a trap sends the piece back where it came from. The first
# piece within 1 inch of the goal wins; after `rounds` rounds the nearest wins.

import math  # noqa: E402

from game.core.windows import PASS, ReactionWindow, SealedChoice  # noqa: E402

TABLE = (12.0, 8.0)
WALL = (5.0, 2.0, 6.0, 8.0)           # x0, y0, x1, y1: a wall from the far edge
GOAL = (11.0, 6.0)
SPEEDS = (1, 2, 3)


def reach_of(speed: int) -> float:
    return 1.5 + 1.5 * speed


def inside_wall(x, y) -> bool:
    x0, y0, x1, y1 = WALL
    return x0 < x < x1 and y0 < y < y1


def crosses_wall(ax, ay, bx, by) -> bool:
    """Whether the segment a->b passes through the wall's interior (Liang-Barsky)."""
    x0, y0, x1, y1 = WALL
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x1 - ax), (-dy, ay - y0), (dy, y1 - ay)):
        if p == 0:
            if q <= 0:
                return False
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 >= t1:
            return False
    return True


class BoardState:
    __slots__ = ("players", "rng", "pos", "speeds", "sealed", "order", "window", "origin", "traps",
                 "round", "rounds", "winners", "react_timeout", "react_min")

    def clone(self):
        o = BoardState.__new__(BoardState)
        o.players, o.rng = self.players, self.rng.clone()
        o.pos, o.speeds = [list(p) for p in self.pos], list(self.speeds)
        o.sealed = self.sealed.clone() if self.sealed is not None else None
        o.order = list(self.order)
        o.window = self.window.clone() if self.window is not None else None
        o.origin = list(self.origin) if self.origin is not None else None
        o.traps, o.round, o.rounds, o.winners = list(self.traps), self.round, self.rounds, self.winners
        o.react_timeout, o.react_min = self.react_timeout, self.react_min
        return o


class ToyBoardRules:
    id = "toy_board"
    min_players = 2
    max_players = 3

    def __init__(self, data=None):          # GameSpec builds Rules(data); a toy reads none
        pass

    def default_options(self):
        return {"rounds": 6, "react_timeout": None, "react_min_time": 0.5}

    def validate_options(self, options, players):
        if not self.min_players <= players <= self.max_players:
            raise OptionsError(f"Toy board needs 2–3 players (you chose {players})")
        return {**self.default_options(), **options}

    def setup(self, players, options, seed):
        s = BoardState()
        s.players, s.rng = players, RNG(seed)
        s.pos = [[1.0, 1.0 + 3.0 * i] for i in range(players)]
        s.speeds = [None] * players
        s.sealed = SealedChoice("speed", range(players))
        s.order, s.window, s.origin = [], None, None
        s.traps = [s.rng.random() < 0.5 for _ in range(players)]   # hidden: who holds a trap
        s.round, s.rounds, s.winners = 1, options["rounds"], None
        s.react_timeout, s.react_min = options["react_timeout"], options["react_min_time"]
        return s

    # -- asking -------------------------------------------------------------
    def move_sample(self, s, seat) -> tuple:
        """A finite, representative sample of the free move: staying put, and the
        eight compass points at full and half reach, where legal."""
        x, y = s.pos[seat]
        r = reach_of(s.speeds[seat])
        out = [("move", x, y)]
        for k in range(8):
            for f in (1.0, 0.5):
                a = math.pi * k / 4
                p = ("move", round(x + f * r * math.cos(a), 2), round(y + f * r * math.sin(a), 2))
                if self.is_legal(s, seat, p) and p not in out:
                    out.append(p)
        return tuple(out)

    def decisions(self, s):
        if s.winners is not None:
            return []
        if s.window is not None:
            return s.window.decisions(lambda seat: (("trap",),) if s.traps[seat] else ())
        if s.sealed is not None:
            return s.sealed.decisions(lambda seat: tuple(("speed", v) for v in SPEEDS))
        seat = s.order[0]
        free = {"verb": "move", "piece": seat, "origin": list(s.pos[seat]), "reach": reach_of(s.speeds[seat]),
                "table": list(TABLE), "blocks": [list(WALL)]}
        return [Decision(seat, "move", self.move_sample(s, seat), free=free)]

    def is_legal(self, s, seat, action) -> bool:
        if s.winners is not None or s.window is not None or s.sealed is not None or s.order[0] != seat:
            return False
        if len(action) != 3 or action[0] != "move":
            return False
        x, y = action[1], action[2]
        if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (x, y)):
            return False
        if not (0 <= x <= TABLE[0] and 0 <= y <= TABLE[1]) or inside_wall(x, y):
            return False
        ox, oy = s.pos[seat]
        if math.hypot(x - ox, y - oy) > reach_of(s.speeds[seat]) + 1e-9:
            return False
        return not crosses_wall(ox, oy, x, y)

    # -- answering ----------------------------------------------------------
    def apply(self, s, seat, action):
        if s.winners is not None:
            raise IllegalAction("the game is over")
        if s.window is not None:
            if action not in ((PASS,) if not s.traps[seat] else (PASS, ("trap",))):
                raise IllegalAction(f"{action} is not a reaction seat {seat} has")
            s.window.answer(seat, action)
            if action == ("trap",):
                mover = s.order[0]
                s.traps[seat] = False
                s.pos[mover] = list(s.origin)
                s.window.close()
                events = [event("reveal", seat=seat, card="trap"),
                          event("move_piece", piece=mover, to=list(s.origin))]
            else:
                events = [event("pass", seat=seat)]
            if not s.window.open:
                s.window = None
                events += self._next_mover(s)
            return events
        if s.sealed is not None:
            if seat not in s.sealed.pending() or action not in tuple(("speed", v) for v in SPEEDS):
                raise IllegalAction(f"{action} is not a speed seat {seat} may pick now")
            events = s.sealed.commit(seat, action)
            if s.sealed.revealed:
                for p, (_, v) in s.sealed.picks.items():
                    s.speeds[p] = v
                s.order = sorted(range(s.players), key=lambda p: (s.speeds[p], p))
                s.sealed = None
            return events
        if not self.is_legal(s, seat, action):
            raise IllegalAction(f"{action} is not a legal move for seat {seat} now")
        s.origin = list(s.pos[seat])
        s.pos[seat] = [float(action[1]), float(action[2])]
        events = [event("move_piece", piece=seat, to=list(s.pos[seat]))]
        if math.hypot(s.pos[seat][0] - GOAL[0], s.pos[seat][1] - GOAL[1]) <= 1.0:
            s.winners = (seat,)
            return events + [event("game_over", winners=[seat])]
        others = [p for p in range(s.players) if p != seat]    # public: anyone may hold a trap
        s.window = ReactionWindow("trap", others, order="clockwise", timeout=s.react_timeout,
                                  min_time=s.react_min)
        return events

    def _next_mover(self, s):
        s.order.pop(0)
        if s.order:
            return [event("turn", seat=s.order[0])]
        if s.round >= s.rounds:
            dist = [math.hypot(x - GOAL[0], y - GOAL[1]) for x, y in s.pos]
            best = min(dist)
            s.winners = tuple(p for p in range(s.players) if dist[p] - best < 1e-9)
            return [event("game_over", winners=list(s.winners))]
        s.round += 1
        s.speeds = [None] * s.players
        s.sealed = SealedChoice("speed", range(s.players))
        return [event("round", round=s.round)]

    # -- seeing ---------------------------------------------------------------
    def view(self, s, seat):
        picks = s.sealed.visible_picks(seat) if s.sealed is not None else {}
        return {"pos": [list(p) for p in s.pos], "speeds": list(s.speeds), "round": s.round,
                "rounds": s.rounds, "order": list(s.order), "me": seat,
                "committed": [p for p in range(s.players) if s.sealed is not None and p not in s.sealed.pending()],
                "my_pick": list(picks[seat]) if seat in picks else None,
                "sealed": s.sealed is not None, "window": s.window.to_json() if s.window else None,
                "origin": s.origin, "my_trap": s.traps[seat] if seat is not None else None,
                "winners": list(s.winners) if s.winners is not None else None}

    def result(self, s):
        if s.winners is None:
            return None
        return Result(s.winners, tuple(1 if p in s.winners else 0 for p in range(s.players)), "goal")

    def clone(self, s):
        return s.clone()

    def snapshot(self, s):
        return {"pos": s.pos, "speeds": s.speeds, "sealed": s.sealed.to_json() if s.sealed else None,
                "order": s.order, "window": s.window.to_json() if s.window else None, "origin": s.origin,
                "traps": s.traps, "round": s.round, "winners": s.winners, "rng": s.rng.to_json()}

    def invariants(self, s, before=None):
        bad = []
        for p, (x, y) in enumerate(s.pos):
            if not (0 <= x <= TABLE[0] and 0 <= y <= TABLE[1]) or inside_wall(x, y):
                bad.append(f"piece {p} off the table or inside the wall at {(x, y)}")
        return bad

    def perturb_hidden(self, s, seat, rng):
        """Another deal of what `seat` cannot see: the other seats' traps and their
        unrevealed speed picks."""
        o = s.clone()
        for p in range(s.players):
            if p != seat:
                o.traps[p] = rng.random() < 0.5
                if o.sealed is not None and p in o.sealed.picks:
                    o.sealed.picks[p] = ("speed", rng.choice(SPEEDS))
        return o


def board_determinize(view, seat, rng):
    """A full state consistent with `seat`'s view: the others' traps and secret
    speed picks are sampled."""
    s = BoardState()
    n = len(view["pos"])
    s.players, s.rng = n, RNG(rng.fork())
    s.pos, s.speeds = [list(p) for p in view["pos"]], list(view["speeds"])
    s.sealed = None
    if view["sealed"]:
        s.sealed = SealedChoice("speed", range(n))
        for p in view["committed"]:
            s.sealed.picks[p] = tuple(view["my_pick"]) if p == seat else ("speed", rng.choice(SPEEDS))
    s.order = list(view["order"])
    s.window = None
    if view["window"] is not None:
        w = view["window"]
        s.window = ReactionWindow(w["kind"], w["waiting"], order=w["order"])
    s.origin = view["origin"]
    s.traps = [view["my_trap"] if p == seat else rng.random() < 0.5 for p in range(n)]
    s.round, s.rounds = view["round"], view["rounds"]
    s.winners = None
    s.react_timeout, s.react_min = None, None
    return s


# ------------------------------------------------------------------ a toy's GameSpec
def no_data(data_dir=None):
    """The `data` of a toy spec: a toy game reads no files."""
    return None


def random_agents(ruleset, difficulty, seat, seed, max_iterations=None):
    """The `agents` of a toy spec: every level plays at random."""
    from game.ai.random_agent import RandomAgent
    return RandomAgent(seed)


def toy_spec(rules, table: str = "game.ui.scenes.fallback_table:FallbackTable", title: str = "Toy"):
    """A GameSpec for one of the toy rulesets above (screens' tests), every part named
    "module:attr" like a real game's."""
    from game.core.gamespec import GameSpec
    return GameSpec(id=rules.id, title=title, pitch="A toy.", min_players=rules.min_players,
                    max_players=rules.max_players, rules=f"{__name__}:{type(rules).__name__}",
                    data=f"{__name__}:no_data", agents=f"{__name__}:random_agents", table=table)
