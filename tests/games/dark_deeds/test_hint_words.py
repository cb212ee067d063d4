"""The Hint and the review name Dark Deeds moves in the table's own words: a newcomer
once read "play plot:39 street:31 1" in the Hint (the Frame-Up the table's menu calls
"Play Frame-Up: Inquisitor → Greta"), and a Guard chasing you was said to need a sneak
past the other Guard chasing you, which DD-034 does not ask."""
from __future__ import annotations

import random
import re

import pytest

from game import registry
from game.ai import advice
from game.core.i18n import set_language, t
from game.ui.scenes.match_words import action_label

RAW = re.compile(r"(plot|deed|loot|street):|\b(play|use|deed|discard|loot|sneak|give) [a-z]")


def every_kind_of_move(players=3, seeds=range(6)):
    """(view, kind, action): one of each (decision kind, verb, length) random play meets."""
    rules = registry.ruleset("dark_deeds")
    seen = {}
    for seed in seeds:
        rng = random.Random(seed)
        state = rules.setup(players, {}, seed)
        for _ in range(1500):
            decisions = rules.decisions(state)
            if not decisions:
                break
            d = rng.choice(decisions)
            view = None
            for a in d.actions:
                key = (d.kind, a[0], len(a))
                if key not in seen:
                    view = view or rules.view(state, d.seat)
                    seen[key] = (view, d.kind, a)
            rules.apply(state, d.seat, rng.choice(d.actions))
    return list(seen.values())


@pytest.fixture(scope="module")
def moves():
    return every_kind_of_move()


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_every_hinted_move_reads_as_words(moves, lang):
    spec = registry.get("dark_deeds")
    set_language(lang)
    try:
        verbs = {a[0] for _, _, a in moves}
        assert {"play", "use", "discard", "loot", "sneak", "deed"} <= verbs
        raw = []
        for view, kind, a in moves:
            words = advice.move_label(spec, view, kind, a, ["Ann", "Bob", "Cy"]) or action_label(spec.id, a, kind)
            if RAW.search(words):
                raw.append((a, words))
        assert not raw, raw
    finally:
        set_language("en")


def test_DD_034_the_hint_asks_no_sneak_to_fight_a_guard_chasing_you():
    """Two Guards chase you: fighting one of them needs no sneak (DD-034), fighting a
    Nemesis chasing you needs both sneaks (DD-033); the Hint's reason says so."""
    from game.games.dark_deeds.advice import _brain, reason
    cards = _brain().cards
    guards = [c for c, k in cards.items() if k.kind == "guard"][:2]
    nemesis = next(c for c, k in cards.items() if k.kind == "nemesis")
    rules = registry.ruleset("dark_deeds")
    view = rules.view(rules.setup(2, {}, 7), 0)
    view["seats"][0]["chasing"] = guards + [nemesis]
    key, words = reason(view, None, ("target", "chaser", guards[0]), 0.5)
    assert words["guards"] == 0 and words["sneak"] == 100
    assert t(key, **words).startswith("no sneak: roll ")     # not "0 Guards to sneak past (≈100 %)"
    _, words = reason(view, None, ("target", "chaser", nemesis), 0.5)
    assert words["guards"] == 2


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_a_foiled_window_hint_says_what_each_answer_does(lang):
    """Greta succeeded; the Hint said only "Foiled! — the AI's rule of thumb here"."""
    from game.core.rules import Decision
    from game.games.dark_deeds.advice import reason
    set_language(lang)
    try:
        seen = set()
        for purpose in ("sneak", "rob", "attack"):
            d = Decision(0, "reaction", (("foiled",), ("pass",)), prompt={"window": "foiled", "purpose": purpose})
            for action in d.actions:
                key, params = reason({}, d, action, 0.5)
                words = t(key, **params)
                assert words and "{" not in words
                seen.add(words)
        d = Decision(0, "reaction", (("sod_off",), ("pass",)), prompt={"window": "sod_off"})
        seen |= {t(*reason({}, d, a, 0.5)[:1], **reason({}, d, a, 0.5)[1]) for a in d.actions}
        assert len(seen) == 5                      # three kinds of Foiled!, Sod Off!, and the pass
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_lay_low_at_no_suspicion_is_said_as_taking_no_card(lang):
    """The review said "Lay Low was best (≈42 %): rolls a d6 off your Suspicion (now 0)"."""
    set_language(lang)
    try:
        zero, some = (t("advice.dark_deeds.lay_low", suspicion=n) for n in (0, 4))
        assert "0" in zero and "k6" not in zero and "d6" not in zero
        assert "4" in some and ("d6" in some or "k6" in some)
    finally:
        set_language("en")
