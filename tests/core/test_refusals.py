"""Why was that refused? (issue 26, item 4). For each game, the refusals a newcomer meets
most — not your turn, can't afford, a wrong drop or click, out of reach or out of its
phase — are distinct words in English and in Czech, never developer text, and each names
a section that exists on that game's rules page (game/core/refusal.py, each game's
refusals.py). A game without an explainer still says something a player can read."""
from __future__ import annotations

import dataclasses

import pytest

from game.core import i18n
from game.core.refusal import Refusal, explain, looks_like_developer_text, split_anchor
from game.core.rules import IllegalAction
from game import registry
from game.ui.scenes.rules import rule_anchors
from tests.tablekit import new_match

LANGS = ("en", "cs")


@pytest.fixture
def language():
    yield i18n.set_language
    i18n.set_language("en")


def _first_human_decision(m, seat, kind, limit=300):
    """Play the first listed action of every decision until `seat` must answer `kind`."""
    for _ in range(limit):
        mine = [d for d in m.decisions() if d.seat == seat]
        if mine and mine[0].kind == kind:
            return mine[0]
        d = mine[0] if mine else m.decisions()[0]
        m.submit(d.seat, d.actions[0])
    raise AssertionError(f"no {kind} decision for seat {seat}")


def schemers_refusals() -> dict:
    spec = registry.get("schemers")
    m = new_match("schemers", {}, 1, 3)
    out = {"not_your_turn": explain(spec, m, 1, ("income",)),
           "cant_afford_canal": explain(spec, m, 0, ("canal", 1)),
           "cant_afford_poisoner": explain(spec, m, 0, ("claim", "poisoner", 1)),
           "plague_doctor": explain(spec, m, 0, ("claim", "plague_doctor"))}
    m.state.coins[0] = 10                    # ten ducats: the Canal is the only move
    m.state.dec = None
    m._decisions = None
    out["forced_canal"] = explain(spec, m, 0, ("income",))
    return out


def dark_deeds_refusals() -> dict:
    spec = registry.get("dark_deeds")
    m = new_match("dark_deeds", {}, 1, 3)
    me = m.decisions()[0].seat                # the first player, choosing a target
    hand = m.view(me)["seats"][me]["hand"]
    deed = next(c for c in hand if c.startswith("deed:"))
    return {"not_your_turn": explain(spec, m, (me + 1) % 3, ("target", "street", 1)),
            "deed_played": explain(spec, m, me, ("play", deed)),
            "tavern_out_of_phase": explain(spec, m, me, ("tavern_take", 0))}


def dark_gothic_refusals() -> dict:
    spec = registry.get("dark_gothic")
    m = new_match("dark_gothic", {}, 1, 2)
    seat = m.decisions()[0].seat
    card = m.view(seat)["center"][0]
    return {"not_your_turn": explain(spec, m, 1 - seat, ("end",)),
            "cant_afford": explain(spec, m, seat, ("buy", card)),
            "not_in_hand": explain(spec, m, seat, ("play", "no_such_card:9"))}


def monster_shop_refusals() -> dict:
    spec = registry.get("monster_shop")
    m = new_match("monster_shop", {}, 1, 4)
    free = next(d for d in m.decisions() if d.seat == 0).free
    out = {"cant_afford_gold": explain(spec, m, 0, ("plan", ((1, free["gold"] + 1, 0, 0),))),
           "too_many_imps": explain(spec, m, 0, ("plan", ((free["imps"] + 1, 0, 0, 0),))),
           "group_without_imp": explain(spec, m, 0, ("plan", ((0, 1, 0, 0),)))}
    m.submit(0, ("plan", ()))                 # seat 0 has planned: it waits for the others
    out["not_your_turn"] = explain(spec, m, 0, ("plan", ()))
    return out


def ordeals_refusals() -> dict:
    spec = registry.get("ordeals")
    m = new_match("ordeals", {}, 1, 1)
    out = {"outside_the_zone": explain(spec, m, 0, ("deploy", -50.0, -50.0))}
    d = _first_human_decision(m, 0, "act")
    x, y = d.free["origin"]
    out["out_of_reach"] = explain(spec, m, 0, ("move", x + 30.0, y))
    out["blocked"] = explain(spec, m, 0, ("move", x + 1.0, y + 1.0))
    out["not_your_turn"] = explain(spec, m, 1, ("end",))
    return out


CASES = {"schemers": schemers_refusals, "dark_deeds": dark_deeds_refusals,
         "dark_gothic": dark_gothic_refusals, "monster_shop": monster_shop_refusals,
         "ordeals": ordeals_refusals}


@pytest.mark.parametrize("gid", sorted(CASES))
def test_newcomer_refusals_are_distinct_words_with_an_anchor_on_the_rules_page(language, gid):
    texts = {}
    for lang in LANGS:
        language(lang)
        got = CASES[gid]()
        anchors = rule_anchors(gid)
        for name, why in got.items():
            assert isinstance(why, Refusal), (gid, name)
            assert not looks_like_developer_text(why), f"{gid} [{lang}] {name}: {why!r}"
            game, anchor = split_anchor(why.rule)
            assert game == gid and anchor in anchors, f"{gid} [{lang}] {name}: {why.rule} not in {anchors}"
        words = [str(w) for w in got.values()]
        assert len(set(words)) == len(words), f"{gid} [{lang}]: one message for several reasons: {got}"
        texts[lang] = got
    for name in texts["en"]:
        assert str(texts["en"][name]) != str(texts["cs"][name]), f"{gid} {name}: not translated"


def test_the_rules_own_key_and_anchor_win(language):
    spec = registry.get("schemers")
    m = new_match("schemers", {}, 1, 3)
    exc = IllegalAction("('x',) for seat 0", key="refuse.game_over", rule="schemers/turn")
    why = explain(spec, m, 0, ("x",), exc)
    assert str(why) == i18n.t("refuse.game_over") and why.rule == "schemers/turn"


def test_without_an_explainer_a_player_still_reads_words_not_code(language):
    spec = dataclasses.replace(registry.get("schemers"), refusals="")
    m = new_match("schemers", {}, 1, 3)
    for lang in LANGS:
        language(lang)
        assert str(explain(spec, m, 1, ("income",))) == i18n.t("refuse.not_your_turn")
        why = explain(spec, m, 0, ("nonsense", 7))
        assert why.startswith(i18n.t("refuse.generic")) and not looks_like_developer_text(why)
        asked = explain(spec, m, 0, ("nonsense", 7), prompt="Your turn")     # the banner's question
        assert asked == i18n.t("refuse.generic_prompt", prompt="Your turn")
        assert explain(spec, m, 0, ("nonsense", 7), prompt="('x', 1)") == why  # never code as a prompt


def test_developer_text_is_recognised():
    for text in ("('x',) is not a legal answer for seat 0 now", "seat 2 has nothing to decide now",
                 "move 3.0 4.0 is not legal now", "{monster} has no free {colour} stripe."):
        assert looks_like_developer_text(text), text
    for text in ("It is not your turn: wait until you are asked.", "Do kanálu stojí 7 dukátů; máš 2."):
        assert not looks_like_developer_text(text), text
