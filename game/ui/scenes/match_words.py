"""A match in words, for every screen that shows one: a role or card, an action, the
question a decision asks, why the game ended and which side won, each in the game's own
words from its locale (the id itself, readably, where the game names it nowhere).

The table, the Hint, the review and the results all say these the same way, so they are
here, below all of them, rather than in the one scene that said them first.
"""
from __future__ import annotations

from ...core.i18n import has, t
from ...core.rules import GAME, PLAYERS

# prompt parameters that hold a seat number: shown as that seat's name
SEAT_PARAMS = ("claimant", "actor", "target", "player", "blocker", "challenger", "seat")


def _first_text(keys, **params) -> str | None:
    for key in keys:
        if has(key):
            return t(key, **params)
    return None


def thing_name(game_id: str, thing) -> str:
    """A role or card id in words (the id itself if the game names it nowhere)."""
    if not isinstance(thing, str):
        return str(thing)
    return _first_text([f"{game_id}.roles.{thing}.name", f"{game_id}.card.{thing}.name",
                        f"{game_id}.cards.{thing}.name"]) or thing.replace("_", " ")


def action_label(game_id: str, action, kind: str | None = None) -> str:
    """An action in the game's own words: ("income",) → "Gondola Fare"."""
    if not action:
        return "?"
    verb = str(action[0])
    things = [a for a in action[1:] if isinstance(a, str)]
    params = {"role": thing_name(game_id, things[0]) if things else "",
              "card": thing_name(game_id, things[0]) if things else "",
              "amount": next((a for a in action[1:] if isinstance(a, int)), ""),
              "cards": ", ".join(thing_name(game_id, c) for a in action[1:] if isinstance(a, tuple) for c in a)}
    keys = ([f"{game_id}.actions.{kind}_{verb}"] if kind else []) + [f"{game_id}.actions.{verb}",
                                                                     f"{game_id}.action.{verb}"]
    return _first_text(keys, **params) or " ".join(str(a) for a in action)


def decision_title(game_id: str, decision, seats) -> str:
    """The question a decision asks, in the game's words, with names for seats."""
    prompt = dict(decision.prompt or {})
    params = {}
    for k, v in prompt.items():
        if k in SEAT_PARAMS and isinstance(v, int) and 0 <= v < len(seats):
            params[k] = seats[v].name
        elif isinstance(v, str):
            params[k] = thing_name(game_id, v)
        else:
            params[k] = v
    act = prompt.get("action")
    keys = ([f"{game_id}.kinds.{decision.kind}_{act}"] if isinstance(act, str) else []) + \
        [f"{game_id}.kinds.{decision.kind}", f"{game_id}.decision.{decision.kind}"]
    return _first_text(keys, **params) or decision.kind.replace("_", " ")


def reason_text(match, result) -> str:
    """Why the game ended, in words: the game's locale key filled with the winners'
    names, the result details and the ruleset's text parameters."""
    reason = result.reason if result else ""
    if not reason:
        return ""
    params = {}
    text_params = getattr(match.rules, "text_params", None)
    if callable(text_params):
        try:
            params.update(text_params())
        except Exception:        # noqa: BLE001 - words are optional, never fatal
            pass
    for k, v in (result.details or {}).items():
        if isinstance(v, (str, int, float)):
            params[k] = v
    names = [match.seats[i].name for i in result.winners if 0 <= i < len(match.seats)]
    params.update(player=names[0] if names else "", winner=names[0] if names else "",
                  winners=", ".join(names), name=names[0] if names else "")
    game_id = match.game_id
    for key in (reason, f"{game_id}.{reason}", f"{game_id}.result.{reason}", f"results.reasons.{reason}"):
        if has(key):
            return t(key, **params)
    if "." in reason and " " not in reason:      # a key the locale lacks: its last word, in words
        words = reason.rsplit(".", 1)[-1].replace("_", " ").strip()
        return words[:1].upper() + words[1:] + "." if words else ""
    return reason


def side_text(result) -> str:
    """For a game played against the game itself: which side won, in words."""
    side = getattr(result, "side", None)
    if side == PLAYERS:
        return t("results.side_players")
    if side == GAME:
        return t("results.side_game")
    return ""
