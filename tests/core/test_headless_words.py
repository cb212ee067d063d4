"""The words and choices that moved out of the game tables (issue 27) work without pygame:
with `import pygame` raising, a plain object mixing in a game's headless words words every
event of a short game for the chronicle and every action the seat is offered — what a log,
a Hint or a review needs."""
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r'''
import sys


class NoPygame:
    def find_spec(self, name, path=None, target=None):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError(f"pygame is blocked: {name}")
        return None


sys.meta_path.insert(0, NoPygame())
from game.core.match import Match, SeatInfo
from game import registry
from game.games.dark_deeds.words import DarkDeedsWords
from game.games.monster_shop.choices import ShopChoices
from game.games.monster_shop.words import ShopWords
from game.games.ordeals.choices import OrdealsChoices
from game.games.ordeals.words import OrdealsWords


class Seat:
    """What the words and choices helpers need of a table: the match, a viewer, its view and decisions."""
    def __init__(self, gid, players, options=None):
        self.match = Match(gid, registry.ruleset(gid), [SeatInfo(f"P{i}", "ai", "random") for i in range(players)],
                           options or {}, 7)
        self.R = self.match.rules
        self.viewer = 0
        self._after = self._status = None
        self.staged, self.staged_for = [], None

    @property
    def view(self):
        return self.match.view(self.viewer)

    def name(self, seat):
        return f"P{seat}"

    def my_decisions(self):
        return [d for d in self.match.decisions() if d.seat == self.viewer]

    def is_human_viewer(self):
        return True


class Shop(Seat):
    """The monster shop's words and choices are helpers a table holds, not mixins."""
    def __init__(self, *a):
        super().__init__(*a)
        self.words = ShopWords(self.R, self.name, lambda: self.view)
        self.choices = ShopChoices(self.R, self.words, self)


class Ordeals(OrdealsChoices, OrdealsWords, Seat):
    pass


class Faces:
    def icon(self, kind, key, default=None):
        return default or str(key)


class Deeds(DarkDeedsWords, Seat):
    faces = Faces()
    roll_show, shown_active, shown_phase = None, 0, "street"

    def __init__(self, *a):
        super().__init__(*a)
        self.cdata = self.R.cards
        self.shown_susp, self.coin_holder = [0] * len(self.match.seats), 0


def play(table, steps, word_event, word_decision):
    """Random agents play; the viewer's decisions and every event are worded on the way."""
    m = table.match
    spec = registry.get(m.game_id)
    agents = [spec.make_agent("random", seat, seat + 1) for seat in range(len(m.seats))]
    said = 0
    for _ in range(steps):
        if m.over:
            break
        for d in table.my_decisions():
            said += sum(1 for text in word_decision(d) if text)
        d = m.decisions()[0]
        for ev in m.submit(d.seat, agents[d.seat].choose(m.view(d.seat), d, None)):
            said += bool(word_event(ev))
    return said


shop = Shop("monster_shop", 4)
n_shop = play(shop, 120, shop.words.chronicle_text,
              lambda d: [shop.words.describe(d.kind, a, d.prompt) for a in d.actions[:6]]
              + [shop.words.decision_title(d)] + [w for _, w in shop.choices.sending_groups()])
ordeals = Ordeals("ordeals", 1, {"mode": "solo", "trial": 1})
n_ord = play(ordeals, 120, lambda ev: (ordeals.chronicle_line(ev) or ("",))[0],
             lambda d: [ordeals.banner_words(d, ordeals.view)[0]] + ordeals.trial_lines())
deeds = Deeds("dark_deeds", 3)
n_dd = play(deeds, 120, lambda ev: deeds.chronicle_words(ev) and deeds.chronicle_words(ev)[0],
            lambda d: [(deeds.decision_prompt(d) or ("",))[0]] + [c.label for c in deeds._pawn_options(d)]
            + [b.label for b in deeds.decision_buttons(d)])
print("worded", n_shop, n_ord, n_dd)
'''


def test_the_moved_words_and_choices_work_with_pygame_unimportable():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, env=env,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    counts = [int(x) for x in out.stdout.split()[1:]]
    assert len(counts) == 3 and all(n > 20 for n in counts), out.stdout
