"""The monster shop's headless choices and words that moved out of its table (issue 27):
staging a need-card assignment (where a card goes, its half, potions, the action it
completes to and what that would do), the secret planning's groups as a plan, who stands
on a space, a Dark Alleys offer, a place's name and tooltip — all without a table, on a
plain object that holds a ShopChoices and a ShopWords, as a log, a Hint or a review can."""
from __future__ import annotations

from game.core.match import Match, SeatInfo
from game import registry
from game.games.monster_shop.choices import ShopChoices
from game.games.monster_shop.words import ShopWords


class Seat:
    """What the helpers read of a table: the ruleset, a viewer, its view and decisions."""

    def __init__(self, seed=5):
        self.match = Match("monster_shop", registry.ruleset("monster_shop"),
                           [SeatInfo(f"P{i}", "ai", "easy") for i in range(4)], {}, seed)
        self.R = self.match.rules
        self.viewer = 0
        self.words = ShopWords(self.R, self.name, lambda: self.view)
        self.choices = ShopChoices(self.R, self.words, self)

    @property
    def view(self):
        return self.match.view(self.viewer)

    def name(self, seat):
        return f"P{seat}"

    def my_decisions(self):
        return [d for d in self.match.decisions() if d.seat == self.viewer]

    def play_until(self, kind, limit=3000):
        agents = [registry.get("monster_shop").make_agent("easy", seat, seat + 1) for seat in range(4)]
        for _ in range(limit):
            d = self.match.decisions()[0]
            if d.seat == self.viewer and d.kind == kind:
                self.choices.new_view(self.view)
                return d
            self.match.submit(d.seat, agents[d.seat].choose(self.match.view(d.seat), d, None))
        raise AssertionError(f"seat 0 never had to {kind}")


def test_a_staged_card_goes_on_a_stripe_of_its_colour_and_completes_to_a_legal_assignment():
    seat = Seat()
    d = seat.play_until("assign")
    m = seat.choices.current_monster()
    hand = seat.view["seats"][0]["hand"]
    fitting = [k for k in hand if seat.choices.picks_with(k, m) is not None]
    assert fitting, "a monster being cared for has a stripe for some card of the hand"
    k = fitting[0]
    picks = seat.choices.picks_with(k, m)
    i = picks.index((k, 0))
    assert d.free["stripes"][i] == seat.R.data.cards[k][0]            # the stripe of its colour
    assert seat.choices.staged == [None] * len(picks)                          # asking does not stage
    placements = seat.choices.placements(k)
    assert placements[0][:2] == (m, True) and placements[0][2]         # the monster cared for first, with its preview
    assert seat.choices.preview_for(picks) is seat.choices.preview_for(picks)          # worked out once per action
    seat.choices.staged = picks
    assert seat.choices.staged_cards() == [k] and seat.choices.half_of(k) == 0
    seat.choices.set_halves({k: 1})
    assert seat.choices.half_of(k) == 1 and seat.choices.staged[i] == (k, 1)
    assert seat.match.is_legal(0, seat.choices.candidate([None] * len(picks)))  # free stripes completed from the hand


def test_a_potion_takes_the_first_free_stripe():
    seat = Seat()
    seat.play_until("assign")
    potions = seat.view["seats"][0]["potions"]
    seat.choices.add_potion()
    assert seat.choices.staged[0] == (-1, 0) and seat.choices.potions_left() == potions - 1
    assert seat.choices.staged_cards() == []                                   # a potion is no card


def test_the_planning_tray_s_groups_make_a_plan_and_a_group_needs_an_imp():
    seat = Seat()
    seat.play_until("plan")
    p = seat.view["seats"][0]
    units = seat.choices.plan_units(p)
    assert units["imp"] == p["home"] and units["gold"] == p["gold"] and units["hat"] == 0
    action = seat.choices.plan_action([["imp", "gold"], [], ["imp"]])
    assert action[0] == "plan" and sorted(action[1]) == sorted(((1, 1, 0, 0), (1, 0, 0, 0)))
    everyone = seat.choices.plan_action([["imp"] * p["home"] + ["gold"] * p["gold"]])
    assert seat.match.is_legal(0, everyone)                            # one group of all: a plan the rules take
    assert seat.choices.plan_problem([["imp"], ["gold"]]) and seat.choices.plan_problem([["imp", "gold"], []]) is None


def test_who_stands_on_a_space_and_what_a_place_says():
    seat = Seat()
    seat.play_until("assign")                                          # groups were sent this round
    v = seat.view
    on = [(key, seat.words.meeples_on(v, key)) for key in seat.R.space_keys if key != "podium"]
    assert any(people for _key, people in on)
    for key, people in on:
        for who, n in people:
            g = seat.words.group_at(v, who, seat.words.space_index(key), None)
            assert n == g[0] and n >= 1
    assert seat.words.target_name(("tile", "food", 1)) == seat.words.space_name("food") + " 2"
    assert seat.words.target_name(("monster", seat.choices.current_monster())) == seat.words.monster_name(seat.choices.current_monster())
    assert seat.words.target_name(("zone", "hand")) is None
    assert seat.words.target_tip(("space", "jury"), True).endswith(seat.words.tr("table.click_to_send"))
    assert seat.words.float_words("suffering", {"add": 2}) and seat.words.float_words("dung", {"add": 0}) is None
    offers = seat.words.alley_offers(v, "black_market")
    assert len(offers) == len(v["black_market"]) and all(o[2].startswith("+") for o in offers)
    assert seat.words.alley_offers(v, "fortune") == []
