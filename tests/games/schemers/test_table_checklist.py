"""CHECKLIST §3 UI items through the real Schemers table (headless, SDL dummy drivers):
VC-110 (what each seat shows, the claim/challenge/block banners with their countdown,
the public log) and VC-G11 (each clock relative to its owner's own limit; the
Untouchable's shorter clock never shown to the others). The checks read what the table
exposes (zones, token stacks, banner, log, the words it renders); pixels only where the
claim is about a drawn bar."""
from __future__ import annotations

import pygame
import pytest

from game.core.i18n import t
from game.core.match import Match, SeatInfo
from game import registry
from tests.tablekit import TableRig

from .test_table import _recording_assets
from .test_util import table as state_table

pytestmark = pytest.mark.usefixtures("display")

D, P, C, F, PD = "doge", "poisoner", "corsair", "fortune_teller", "plague_doctor"
NAMES = ["Lucrezia", "Marco", "Bianca", "Cosimo"]
BAR_BG = (50, 40, 40)                     # the empty part of a banner's countdown bar


def _drawn_words(assets) -> list:
    return [s for kind, s in assets.drawn if kind == "text"]


class Clock:
    def __init__(self, at=100.0):
        self.at = at

    def __call__(self):
        return self.at


class Table(TableRig):
    """A Match whose state is an exact scenario (built with the rules' own helper), and
    the game's table for one viewer, wired as the app's table scene wires them."""

    wait_guard = False

    def __init__(self, players=3, mode="standard", addons=(), clock=20, viewer=0, assets=None, **scenario):
        self.rules = registry.ruleset("schemers")
        self.now = Clock()
        R, s = state_table(players=players, mode=mode, addons=addons, clock=clock, **scenario)
        opts = {"mode": mode, "addons": list(addons), "clock": clock}
        match = Match("schemers", self.rules, [SeatInfo(NAMES[i], "human") for i in range(players)],
                      opts, 1, now=self.now)
        assert match.options == s.cfg.options
        match.state = s                                    # the scenario, not a random deal
        match._decisions = None
        super().__init__(match, viewer=viewer, speed=4.0, assets=assets or _recording_assets())
        self.surface = self.screen
        self.settle()

    def submit(self, seat, action):
        return self.other(seat, action)

    def settle(self):
        super().settle(frames=4000, dt=1 / 60)
        assert not self.table.busy()
        self.draw()

    def play(self, seat, *action):
        self.submit(seat, tuple(action))
        self.settle()

    def button(self, wid):
        b = self.table.banner
        assert b is not None, "no banner"
        return next(x for x in b.spec.buttons if x.id == wid)

    def log_lines(self):
        return ["".join(seg[0] for seg in entry) for entry in self.table.log.entries]

    def bar_fill(self):
        """The filled fraction of the banner's countdown bar, read off the drawn pixels."""
        self.table.draw(self.surface)
        bar = self.table.banner.bar_rect()
        y = bar.centery
        inner = range(bar.left + 4, bar.right - 4)
        filled = sum(1 for x in inner if tuple(self.surface.get_at((x, y)))[:3] != BAR_BG)
        return filled / len(inner)


def _name(role):
    return t(f"schemers.roles.{role}.name")


# -- VC-110 -------------------------------------------------------------------------------------
def test_VC_110_each_seat_shows_backs_lost_cards_ducats_and_the_mode_and_bounty_badges():
    h = Table(players=3, addons=["taglia"], clock=20, hands=[[D, C], [P, F], [PD, C]],
              lost=None, coins=[2, 5, 1], turn=1)
    tb = h.table
    view = h.match.view(0)
    # face-down backs for the others, your own cards face up
    for seat in (1, 2):
        sprites = tb.zones[("hand", seat)].cards
        assert len(sprites) == view["hand_counts"][seat] == 2
        assert all(sp.key is None and not sp.face_up for sp in sprites)
    mine = tb.zones[("hand", 0)].cards
    assert sorted(sp.key for sp in mine) == sorted([D, C]) and all(sp.face_up for sp in mine)
    # ducats of every seat
    for seat in range(3):
        assert tb.tokens[("ducats", seat)].count == view["ducats"][seat]
    # the mode (name and subtitle), the Bounty badge and the clock, on the table itself
    words = _drawn_words(h.assets)
    for w in (t("schemers.modes.standard.name"), t("schemers.modes.standard.subtitle"),
              t("schemers.badges.taglia"), "20 s"):
        assert w in words, w
    # without Bounty there is no Bounty badge; L'Intoccabile shows its own name and badge
    h2 = Table(players=3, mode="intoccabile", clock=20, hands=[[D, C], [PD, PD], [P, F]], unt=1, turn=0)
    words = _drawn_words(h2.assets)
    assert t("schemers.badges.taglia") not in words
    for w in (t("schemers.modes.intoccabile.name"), t("schemers.modes.intoccabile.subtitle"),
              t("schemers.badges.untouchable")):
        assert w in words, w
    # a lost card lies face up before its owner, the backs shrink to what is left
    h.play(1, "claim", D)                                  # Marco bluffs the Doge
    h.play(2, "pass")
    h.click(h.button("challenge").rect.center)             # you call it
    assert h.match.log[-1] == (0, ("challenge",))
    h.settle()
    h.play(1, "lose", F)
    lost = tb.zones[("lost", 1)].cards
    assert [sp.key for sp in lost] == [F] and lost[0].face_up
    assert len(tb.zones[("hand", 1)].cards) == 1 and tb.zones[("hand", 1)].cards[0].key is None
    assert tb.tokens[("ducats", 1)].count == h.match.view(0)["ducats"][1] == 5


def test_VC_110_claims_challenges_and_blocks_are_banners_with_a_countdown():
    h = Table(players=3, clock=20, hands=[[D, C], [P, F], [PD, C]], coins=[2, 2, 2], turn=1)
    tb = h.table
    # Marco claims the Doge: you are asked by a banner whose clock is the window's
    h.play(1, "claim", D)
    banner = tb.banner
    assert banner is not None
    d = banner.spec.decision
    assert d.seat == 0 and d.kind == "challenge" and d.timeout == 20
    assert {b.id for b in banner.spec.buttons} == {"challenge", "pass"}
    assert NAMES[1] in banner.spec.title and _name(D) in banner.spec.title
    assert tb.time_left(d) == pytest.approx(20)
    assert h.bar_fill() > 0.97
    h.now.at += 5                                          # the countdown runs
    assert tb.time_left(d) == pytest.approx(15)
    assert h.bar_fill() == pytest.approx(0.75, abs=0.03)
    h.click(h.button("pass").rect.center)
    h.settle()
    # while only Bianca still decides, you see what is on the table and the same clock
    banner = tb.banner
    assert banner is not None and banner.spec.decision is not None
    assert banner.spec.decision.seat == 2 and banner.spec.decision.timeout == 20
    h.play(2, "pass")                                      # the Doge pays; Bianca's turn
    # Bianca tries the Casino: you may shut it as the Doge, from a banner with a clock
    h.play(2, "casino")
    banner = tb.banner
    d = banner.spec.decision
    assert d.kind == "block" and d.timeout == 20
    h.click(h.button(("block", D)).rect.center)
    assert h.match.log[-1] == (0, ("block", D))
    h.settle()
    # your block can be challenged (by Marco and Bianca, the actor included): you watch it
    banner = tb.banner
    assert banner is not None and banner.spec.decision is not None
    assert banner.spec.decision.kind == "challenge_block" and banner.spec.decision.timeout == 20
    assert _name(D) in banner.spec.title


def test_VC_110_the_log_is_a_full_public_record_of_claims_and_results():
    h = Table(players=3, clock=20, hands=[[D, C], [P, F], [PD, C]], coins=[2, 2, 2], turn=1)
    h.play(1, "claim", D)
    h.play(2, "pass")
    h.play(0, "challenge")
    h.play(1, "lose", F)
    h.play(2, "casino")
    h.play(0, "block", D)
    h.play(1, "challenge")                                 # you hold the Doge; Marco's last card goes
    marco, bianca, you = NAMES[1], NAMES[2], NAMES[0]
    expected = [
        t("schemers.log.claim", player=marco, role=_name(D)),
        t("schemers.log.challenge", challenger=you, claimant=marco, role=_name(D)),
        t("schemers.log.liar", player=marco, role=_name(D)),
        t("schemers.log.lose", player=marco, role=_name(F)),
        t("schemers.log.casino", player=bianca),
        t("schemers.log.block", player=you, role=_name(D)),
        t("schemers.log.challenge", challenger=marco, claimant=you, role=_name(D)),
        t("schemers.log.honest", player=you, role=_name(D)),
        t("schemers.log.lose", player=marco, role=_name(P)),
        t("schemers.log.blocked"),
    ]
    lines = h.log_lines()
    at = 0
    for want in expected:                                  # in this order, among the other lines
        assert want in lines[at:], (want, lines)
        at = lines.index(want, at) + 1
    # every seat's table, and a spectator's, carries the same public record
    for viewer in (1, 2, None):
        other = Table(players=3, clock=20, viewer=viewer, hands=[[D, C], [P, F], [PD, C]], coins=[2, 2, 2],
                      turn=1)
        for seat, action in h.match.log:
            other.submit(seat, action)
        other.settle()
        public = [x for x in other.log_lines() if x in expected]
        assert public == [x for x in lines if x in expected]


# -- VC-G11 -------------------------------------------------------------------------------------
UNT_A = dict(hands=[[D, C], [PD, PD], [P, F]], unt=1)     # Marco is the Untouchable
UNT_B = dict(hands=[[D, C], [P, F], [PD, PD]], unt=2)     # Bianca is (same public table)


def test_VC_G11_your_clock_bar_runs_against_your_own_limit():
    h = Table(players=3, mode="intoccabile", clock=20, viewer=1, turn=1, **UNT_A)
    d = h.table.banner.spec.decision
    assert d.seat == 1 and d.kind == "turn" and d.timeout == 18    # 2 s less
    assert h.bar_fill() > 0.97                             # full at the start of your turn
    h.now.at += 9                                          # half of 18 s (45 % of 20 s)
    assert h.bar_fill() == pytest.approx(0.5, abs=0.03)
    # a player with the normal clock: also full at the start, half after half of 20 s
    h = Table(players=3, mode="intoccabile", clock=20, viewer=1, turn=1, **UNT_B)
    d = h.table.banner.spec.decision
    assert d.timeout == 20 and h.bar_fill() > 0.97
    h.now.at += 10
    assert h.bar_fill() == pytest.approx(0.5, abs=0.03)


def test_VC_G11_nobody_else_can_read_the_untouchables_shorter_clock_until_the_proof():
    # the same public table, once with the Untouchable on turn (18 s) and once not (20 s).
    # The others see the turn's clock only as a bar against the player's own limit: full at
    # the start in both cases (identical pixels), and never a number of seconds (identical
    # words) — the bar then drains at its own pace, which the checklist accepts.
    frames = []
    for scenario in (UNT_A, UNT_B):
        assets = _recording_assets()
        h = Table(players=3, mode="intoccabile", clock=20, viewer=0, turn=1, assets=assets, **scenario)
        assert h.match.decisions()[0].timeout == (18 if scenario is UNT_A else 20)
        shots = []
        for seconds in (0, 3):
            h.now.at += seconds
            assets.drawn.clear()
            for _ in range(3):
                h.table.update(1 / 30)
                h.table.draw(h.surface)
            shots.append((list(assets.drawn), pygame.image.tobytes(h.surface, "RGB")))
        frames.append((shots, h.table._seat_state(1)[2]))
    (start_a, later_a), (start_b, later_b) = frames[0][0], frames[1][0]
    assert start_a[0] == start_b[0] and later_a[0] == later_b[0], "seat 0's table drew different words"
    assert start_a[1] == start_b[1], "seat 0's table drew different pixels at the start of the turn"
    assert later_a[1] != start_a[1], "Marco's clock bar should be running on seat 0's table"
    frames = [(None, None, frames[0][1])]
    assert frames[0][2] is False                           # no Untouchable mark on Marco yet
    # after a successful proof the status is public: every table marks Marco
    h = Table(players=3, mode="intoccabile", clock=20, viewer=0, hands=[[D, C], [PD, PD], [P, F]], unt=1,
              coins=[2, 2, 7], turn=2)
    assert not h.table._seat_state(1)[2]
    h.play(2, "canal", 1)
    h.play(1, "block", "untouchable")
    h.play(0, "challenge")                                 # you call it: Marco shows both Doctors
    assert h.table._seat_state(1)[2]
