"""Why an action was refused, in the player's words, with the rules section that says so.

A `Refusal` is the words themselves (a `str`, already in the player's language) plus
`rule`, an anchor on the game's rules page ("ordeals/deeds": the game's id, a slash, the
section's id). Being a `str`, it goes wherever a reason went before (a toast, a
tooltip, `kit.say`), and whoever knows the anchor offers "Rules…" to open the page there.

The rules themselves stay language-free: `IllegalAction(reason, key=..., rule=...)` may
name a locale key and an anchor; `reason` stays developer text for logs and tests and
is never shown. `explain` turns any refusal of `Match.submit` into words: the rules'
own key, else the game's `Explainer` (`GameSpec.refusals`, "module:attr": the anchor of
its section on a turn, and `explain(ruleset, view, decision, action) -> Refusal | None`),
else "not your turn" or "the game is over", else "That is not possible now." with the
decision's own prompt."""
from __future__ import annotations

import re
from typing import Callable, NamedTuple

from .i18n import has, t


class Refusal(str):
    """The words of a refusal; `rule` is the rules-page anchor that explains it, or None."""

    rule: str | None

    def __new__(cls, text: str, rule: str | None = None):
        self = super().__new__(cls, text)
        self.rule = rule
        return self

    def __reduce__(self):          # copies and pickles keep the anchor
        return (Refusal, (str(self), self.rule))


class Explainer(NamedTuple):
    """A game's refusals: `turn` is the anchor of its rules section on how a turn goes;
    `explain(ruleset, view, decision, action)` says why `action` does not answer
    `decision` (a Refusal), or None when it cannot tell."""
    turn: str
    explain: Callable


def words(key: str, rule: str | None = None, **params) -> Refusal:
    """A refusal from a locale key (formatted in the current language)."""
    return Refusal(t(key, **params), rule)


def split_anchor(rule: str | None) -> tuple[str | None, str | None]:
    """"ordeals/deeds" -> ("ordeals", "deeds"); a bare id -> (id, None)."""
    if not rule:
        return None, None
    game, _slash, anchor = rule.partition("/")
    return game, (anchor or None)


# What a player must never read: a tuple's repr, "seat 2", a verb joined by underscores.
_DEVELOPER = re.compile(r"\(\s*'|\[\s*'|\bseat \d|\bNone\b|\w+_\w+\b|[{}]|\bis not legal\b")


def looks_like_developer_text(text: str) -> bool:
    """True for words written for a programmer (a repr of a tuple, a seat number, a
    snake_case verb): the test that no such text reaches the screen uses it too."""
    return bool(_DEVELOPER.search(str(text)))


def prompt_words(decision) -> str:
    """The decision's own question in words, if its prompt names a locale key."""
    prompt = getattr(decision, "prompt", None) or {}
    key = prompt.get("key") if isinstance(prompt, dict) else None
    if isinstance(key, str) and has(key):
        params = {k: v for k, v in (prompt.get("params") or {}).items() if isinstance(k, str)}
        try:
            text = t(key, **params)
        except Exception:          # noqa: BLE001 - a prompt that needs more than we know
            return ""
        return "" if looks_like_developer_text(text) else text
    return ""


def game_explainer(spec) -> Explainer | None:
    target = getattr(spec, "refusals", "")
    if not target:
        return None
    from .gamespec import resolve
    return resolve(target)


def explain(spec, match, seat, action, exc=None, prompt: str = "") -> Refusal:
    """The words for a refused `action` of `seat` in `match` (never developer text);
    `prompt` is the question the table shows now, said after the fallback's words."""
    key = getattr(exc, "key", None)
    if key and has(key):
        return words(key, getattr(exc, "rule", None), **(getattr(exc, "params", None) or {}))
    explainer = game_explainer(spec)
    turn = explainer.turn if explainer is not None else None
    if match.result() is not None:
        return words("refuse.game_over", turn)
    decisions = [d for d in match.decisions() if d.seat == seat] if seat is not None else []
    if not decisions:
        return words("refuse.not_your_turn", turn)
    if explainer is not None:
        view = match.view(seat)
        for d in decisions:
            try:
                got = explainer.explain(match.rules, view, d, tuple(action))
            except Exception:      # noqa: BLE001 - an explainer's bug must not hide the refusal
                got = None
            if got:
                return got if isinstance(got, Refusal) else Refusal(str(got), turn)
    prompt = next((p for p in map(prompt_words, decisions) if p), "") or \
        ("" if looks_like_developer_text(prompt) else prompt)
    if prompt:
        return words("refuse.generic_prompt", turn, prompt=prompt)
    return words("refuse.generic", turn)


__all__ = ["Refusal", "Explainer", "words", "split_anchor", "explain", "game_explainer", "prompt_words",
           "looks_like_developer_text"]
