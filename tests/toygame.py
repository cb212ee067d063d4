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
