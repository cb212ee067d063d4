"""The Book of Ordeals table's words and names, without drawing (no pygame): the locale's
word families, data words, characters' names and icons, and `OrdealsWords`, the
table's mixin that words the chronicle (the rules' `log` events, duels, Harm, turns),
a character's tooltip, the hover preview's lines (odds.py's preview), the dice tray's
groups and result, the terrain tag and the status line under the board."""
from __future__ import annotations

import math

from game.core.i18n import has, t
from game.ui.table import style

STATUS_WORDS = {"tired": "tired", "knocked_down": "down", "hidden": "hidden", "guard": "guard",
                "engaged": "engaged", "shrouded": "shrouded", "lit": "lit"}


def facing_of(a, b) -> float:
    """Degrees from point a toward point b (0 = east, 90 = south: screen y down)."""
    return math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 360.0


def pct(p) -> str:
    return f"{float(p) * 100:.0f}%"


def _family(prefix: str):
    """One family of the table's words: key -> t(f"ordeals.{prefix}.<key>", **params)."""
    return lambda key, **params: t(f"ordeals.{prefix}.{key}", **params)


# the table's, the hover preview's, the dice tray's and fog of war's words
tt, tp, tray_word, tt_fog = (_family(f) for f in ("table", "preview", "tray", "fogged"))


def or_as_is(key: str, value) -> str:
    """t(key) if the locale has it, else the value as the data gives it."""
    return t(key) if has(key) else str(value)


def word(value) -> str:
    """A data word (season, light, weather, weapon) in the current language."""
    return or_as_is(f"ordeals.word.{value}", value)


def terrain_word(name) -> str:
    """A terrain piece's name from the Trial's data in the current language."""
    return or_as_is("ordeals.terrain." + str(name).replace(" ", "_"), name) if name else ""


def char_name(c: dict) -> str:
    """A character's shown name: a Shadow profile's name in the current language
    (ordeals.profile.<key>), a Company member's own name as the data gives it."""
    return or_as_is(f"ordeals.profile.{c.get('key')}", c["name"]) if c.get("key") != "member" else c["name"]


def t_status(key: str) -> str:
    """A status ring's word (ordeals.status.<key>) for tooltips and the hover card."""
    return or_as_is(f"ordeals.status.{STATUS_WORDS.get(key, key)}", key)


def deed_word(deed: str) -> str:
    return or_as_is(f"ordeals.deed.{deed}", deed)


# the icon on a character's base
SHADOW_ICONS = {"husk": "bo_husk", "grave_hound": "bo_grave_hound", "hollow_archer": "bo_hollow_archer",
                "revenant": "bo_revenant", "lantern_wraith": "bo_lantern_wraith", "warden": "bo_warden"}
RANGED_ICONS = {"bow": "bo_bow", "crossbow": "bo_crossbow", "sling": "bo_sling"}
MELEE_ICONS = {"spear": "bo_spear", "great_weapon": "bo_great_weapon"}


def icon_of(c: dict) -> str:
    """The icon on a character's base: a Shadow profile's own; a Company member's by role
    (the leader's helm, else the ranged weapon, a lantern, the melee weapon, a sword)."""
    key = c.get("key")
    if key in SHADOW_ICONS:
        return SHADOW_ICONS[key]
    if "leader" in (c.get("lore") or ()):
        return "bo_leader"
    if c.get("ranged") in RANGED_ICONS:
        return RANGED_ICONS[c["ranged"]]
    if "lantern" in (c.get("items") or ()):
        return "lantern"
    if c.get("melee") in MELEE_ICONS:
        return MELEE_ICONS[c["melee"]]
    return "bo_fighter"


ICON_PREFIX = "icon:"


class OrdealsWords:
    """The words of OrdealsTable (a mixin: it reads the table's view, the view after the
    events being told, and the rules' data)."""

    def _terrain_tag(self, art) -> str:
        """A terrain piece's name under the pointer, with its height if it has one."""
        name = terrain_word(art.name) or art.name
        return f"{name} · {art.height:g}\"" if art.height > 0 else name

    def _tip(self, c) -> str:
        bits = [tt("stats", name=char_name(c), might=c["might"], aim=c["aim"], pace=c["pace"], ward=c["ward"]),
                tt("harm_of", harm=c["harm"], grit=c["grit"])
                + (f" · {word(c['ranged'])} {c['range']:g}\"" if c["ranged"] else "")]
        return "\n".join(bits)

    def _preview_lines(self, pv, me, foe) -> list:
        lines = [tp("head", name=char_name(me), foe=char_name(foe))]
        rng = f"{me['range']:g}" if pv.purpose == "fire" else f"{max(1.0, me['stats']['reach']):g}"
        lines.append(tp("range_in" if pv.in_range else "range_out", dist=f"{pv.distance:.1f}", range=rng))
        lines.append(tp("los_clear" if pv.los else "los_blocked")
                     + (" · " + tp("cover") if pv.cover else "")
                     + (" · " + tp("shrouded") if pv.shrouded else ""))
        if pv.odds is None:
            lines.append(tp("no_attack"))
            return lines
        deed = deed_word(pv.purpose)
        key = "odds_fire" if pv.purpose == "fire" else "odds_assault"
        lines.append(tp(key, deed=deed, win=pct(pv.odds.win), tie=pct(pv.odds.tie), lose=pct(pv.odds.lose)))
        lines.append(tp("bonuses", a=f"{pv.a_bonus:+d}", d=f"{pv.d_bonus:+d}"))
        if pv.advantage and not pv.disadvantage:
            lines.append(tp("advantage"))
        elif pv.disadvantage and not pv.advantage:
            lines.append(tp("disadvantage", why=", ".join(tp("why_" + r) for r in pv.reasons if r != "aimed")))
        elif pv.advantage and pv.disadvantage:
            lines.append(tp("cancel"))
        if not pv.possible:
            lines.append(tp("not_now"))
        return lines

    def _tray_groups(self, d: dict):
        """([(faces, label, kept index or None)], result words) of a roll, or None."""
        nm = self._name
        if d.get("purpose") in ("assault", "fire"):
            a_dice, d_dice = list(d["a_dice"]), list(d["d_dice"])
            kept = a_dice.index(d["a_keep"]) if len(a_dice) > 1 and d.get("a_keep") in a_dice else None
            adv = d.get("advantage", 0) and not d.get("disadvantage", 0)
            dis = d.get("disadvantage", 0) and not d.get("advantage", 0)
            groups = [(a_dice, tray_word("attacker", name=nm(d["attacker"]), deed=deed_word(d["purpose"]),
                                         total=d["a_total"]), kept),
                      (d_dice, tray_word("defender", name=nm(d["defender"]), total=d["d_total"]), None)]
            if d.get("winner") is None or d["a_total"] == d["d_total"]:
                result = tray_word("tie")
            elif d["a_total"] > d["d_total"]:
                result = tray_word("hit" if d["purpose"] == "fire" else "wins", name=nm(d["attacker"]))
            else:
                result = tray_word("miss" if d["purpose"] == "fire" else "wins", name=nm(d["defender"]))
            if adv:
                result = tray_word("with_adv", text=result)
            elif dis:
                result = tray_word("with_dis", text=result)
            return groups, result
        dice = list(d.get("dice") or [])
        if not dice:
            return None
        purpose = d.get("purpose", "")
        if len(dice) == 2:
            solo = (self.view or {}).get("mode") == "solo"
            sides = [tray_word("company") if solo else tray_word("side_a"),
                     tt("shadow") if solo else tray_word("side_b")]
            totals = d.get("totals") or dice
            groups = [([dice[0]], tray_word("side", side=sides[0], total=totals[0]), None),
                      ([dice[1]], tray_word("side", side=sides[1], total=totals[1]), None)]
        else:
            groups = [(dice, "", None)]
        result = tray_word("purpose_" + purpose) if has(f"ordeals.tray.purpose_{purpose}") else purpose
        return groups, result

    def _name(self, cid) -> str:
        for v in (self.view, self._after):
            for c in (v or {}).get("chars", []):
                if c["id"] == cid:
                    return char_name(c)
        return str(cid)

    def _log_line(self, d: dict):
        """A rules `log` event ({"key", "params"}) in the current language: piece ids in
        `actor`/`target`/`piece` become names; a Shadow reason goes inside shadow_line."""
        key = d.get("key", "")
        if key == "ordeals.log.conditions":
            return None            # the "conditions" event already says it
        params = dict(d.get("params") or {})
        for p in ("actor", "target", "piece"):
            if isinstance(params.get(p), str):
                params[p] = self._name(params[p])
        if not has(key):
            return [(key, None, None)]
        text = t(key, **params)
        if d.get("shadow"):
            return [(t("ordeals.log.shadow_line", actor=params.get("actor", ""), why=text), None, (200, 120, 120))]
        return [(text, None, None)]

    def log_entry(self, ev):
        k, d = ev.kind, ev.data
        nm = self._name
        if k == "log":
            return self._log_line(d)
        if k == "roll" and d.get("purpose") in ("assault", "fire"):
            return [(tt("duel", purpose=deed_word(d["purpose"]), attacker=nm(d["attacker"]), a_dice=str(d["a_dice"]),
                        a_total=d["a_total"], defender=nm(d["defender"]), d_dice=str(d["d_dice"]),
                        d_total=d["d_total"]), None, None)]
        if k == "harm":
            return [(tt("harm_down" if d["down"] else "harm", piece=nm(d["piece"]), amount=d["amount"],
                        total=d["total"], grit=d["grit"]), None, None)]
        if k == "roll" and d.get("purpose") in ("deployment", "initiative"):
            totals = d.get("totals") or d["dice"]
            return [(tt(f"{d['purpose']}_roll", company=totals[0], other=self._side_word(1), theirs=totals[1],
                        first=self._side_word(0 if totals[0] < totals[1] else 1)
                        if d["purpose"] == "deployment" else self._side_word(0 if totals[0] > totals[1] else 1)),
                     None, None)]
        if k == "first":
            return [(tt("goes_first", side=self._side_word(d["side"])), None, style.GOLD)]
        if k == "deploy":
            return [(tt("deployed", piece=nm(d["piece"])), None, None)]
        if k == "turn":
            return [(tt("turn", turn=d["turn"], of=d["of"]), None, style.GOLD)]
        if k == "conditions":
            return [(tt("conditions", season=word(d["season"]).capitalize(), light=word(d["light"]),
                        weather=word(d["weather"]), sight=d["sight"]), None, style.GOLD)]
        if k == "game_over":
            return [(tt("trial_ends", reason=d["reason"]), None, style.GOLD)]
        return None

    def _side_word(self, side: int) -> str:
        if side == 0:
            return tt("company_side")
        return tt("shadow") if (self.view or {}).get("mode", "solo") == "solo" else tt("rivals")

    def _status_text(self) -> str:
        """The line under the board, worded once per view (not every frame)."""
        v = self.view or {}
        if not v:
            return ""
        got = self._status
        if got is not None and got[0] is v:
            return got[1]
        text = tt("status_line", trial=v["trial"]["number"], turn=v["turn"], turns=v["trial"]["turns"],
                  sight=v["sight"], season=word(v["season"]), light=word(v["light"]), weather=word(v["weather"]),
                  ours=v["lost"][0], other=tt("shadow") if v["mode"] == "solo" else tt("rivals"),
                  theirs=v["lost"][1])
        self._status = (v, text)
        return text
