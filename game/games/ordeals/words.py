"""Book of Ordeals in words, without drawing (no pygame): the locale's word families, data
words, characters' names, and `OrdealsWords`, a mixin that words the chronicle (the rules'
`log` events, duels, Harm, turns), a character's tooltip and card, an attack's odds
(odds.py's preview), a roll's dice groups and result, the Trial panel and a terrain tag.

The table mixes it in; so can a log, a Hint or a review: it needs `self.view` (a seat's
view), `self._after` (the view after the events being told, or None), `self._status`
(None at first: the Trial panel's rows are kept there) and `self.match` (its rules' data)."""
from __future__ import annotations

from game.core.i18n import has, t

STATUS_WORDS = {"tired": "tired", "knocked_down": "down", "hidden": "hidden", "guard": "guard",
                "engaged": "engaged", "shrouded": "shrouded", "lit": "lit"}
# a character's statuses in the view, in the order they are shown: (status key, view field)
STATUS_FIELDS = (("tired", "tired"), ("knocked_down", "down"), ("hidden", "hidden"), ("guard", "guard"),
                 ("engaged", "engaged"), ("lit", "lit"))


def statuses_of(c: dict) -> list:
    """The status keys of a character of the view that are on, in order."""
    return [key for key, field in STATUS_FIELDS if c[field]]


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


def char_name(c: dict, chars=()) -> str:
    """A character's shown name: a Company member's own name as the data gives it, a
    Shadow profile's name in the current language (ordeals.profile.<key>), numbered
    when `chars` (the view's list) holds more than one of that profile: "Husk 2" is
    the second Husk in the list, which only grows, so the number never changes."""
    if c.get("key") == "member":
        return c["name"]
    name = or_as_is(f"ordeals.profile.{c.get('key')}", c["name"])
    same = [o["index"] for o in chars if o.get("key") == c.get("key") and o.get("side") == c.get("side")]
    return tt("numbered", name=name, n=same.index(c["index"]) + 1) if len(same) > 1 and c["index"] in same else name


def t_status(key: str) -> str:
    """A status ring's word (ordeals.status.<key>) for tooltips and the hover card."""
    return or_as_is(f"ordeals.status.{STATUS_WORDS.get(key, key)}", key)


def deed_word(deed: str) -> str:
    return or_as_is(f"ordeals.deed.{deed}", deed)


class OrdealsWords:
    """The game's words for a seat's view (a mixin; see the module docstring)."""

    def shown(self, c: dict) -> str:
        """A character's name as the table shows it (numbered among its profile)."""
        return char_name(c, (self.view or {}).get("chars", ()))

    def _terrain_tag(self, art) -> str:
        """A terrain piece's name under the pointer, with its height if it has one."""
        name = terrain_word(art.name) or art.name
        return f"{name} · {art.height:g}\"" if art.height > 0 else name

    def _tip(self, c) -> str:
        bits = [tt("stats", name=self.shown(c), might=c["might"], aim=c["aim"], pace=c["pace"], ward=c["ward"]),
                tt("harm_of", harm=c["harm"], grit=c["grit"])
                + (f" · {word(c['ranged'])} {c['range']:g}\"" if c["ranged"] else "")]
        return "\n".join(bits)

    def _preview_lines(self, pv, me, foe) -> list:
        lines = [tp("head", name=self.shown(me), foe=self.shown(foe))]
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
        if len(dice) == 2 and purpose in ("deployment", "initiative") and totals[0] == totals[1]:
            result = tray_word("tied")
        return groups, result

    def _name(self, cid) -> str:
        for v in (self.view, self._after):
            for c in (v or {}).get("chars", []):
                if c["id"] == cid:
                    return char_name(c, v["chars"])
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
            return key, None
        text = t(key, **params)
        if d.get("shadow"):
            return t("ordeals.log.shadow_line", actor=params.get("actor", ""), why=text), "shadow"
        return text, None

    def chronicle_line(self, ev):
        """(text, tone) of the chronicle's line for an event — tone None, "gold" (turns,
        conditions, the end) or "shadow" (the Shadow's reasons) — or None: no line."""
        k, d = ev.kind, ev.data
        nm = self._name
        if k == "log":
            return self._log_line(d)
        if k == "roll" and d.get("purpose") in ("assault", "fire"):
            return tt("duel", purpose=deed_word(d["purpose"]), attacker=nm(d["attacker"]), a_dice=str(d["a_dice"]),
                      a_total=d["a_total"], defender=nm(d["defender"]), d_dice=str(d["d_dice"]),
                      d_total=d["d_total"]), None
        if k == "harm":
            return tt("harm_down" if d["down"] else "harm", piece=nm(d["piece"]), amount=d["amount"],
                      total=d["total"], grit=d["grit"]), None
        if k == "roll" and d.get("purpose") in ("deployment", "initiative"):
            totals = d.get("totals") or d["dice"]
            if totals[0] == totals[1]:              # a tie is rolled again (BO-121): nobody won it
                return tt(f"{d['purpose']}_tied", company=totals[0], other=self._side_word(1), theirs=totals[1]), None
            return tt(f"{d['purpose']}_roll", company=totals[0], other=self._side_word(1), theirs=totals[1],
                      first=self._side_word(0 if totals[0] < totals[1] else 1)
                      if d["purpose"] == "deployment" else self._side_word(0 if totals[0] > totals[1] else 1)), None
        if k == "first":
            return tt("goes_first", side=self._side_word(d["side"])), "gold"
        if k == "deploy":
            return tt("deployed", piece=nm(d["piece"])), None
        if k == "turn":
            return tt("turn", turn=d["turn"], of=d["of"]), "gold"
        if k == "conditions":
            return tt("conditions", season=word(d["season"]).capitalize(), light=word(d["light"]),
                      weather=word(d["weather"]), sight=d["sight"]), "gold"
        if k == "game_over":
            return tt("trial_ends", reason=or_as_is(d["reason"], d["reason"])), "gold"
        return None

    def _side_word(self, side: int) -> str:
        if side == 0:
            return tt("company_side")
        return tt("shadow") if (self.view or {}).get("mode", "solo") == "solo" else tt("rivals")

    # -- the Trial panel and a character's card --------------------------------------------
    def _trial_data(self):
        """The Trial's data (public, like the map): the rules' Trial of this view's key."""
        key = self.view["trial"]["key"]
        return next((tr for tr in self.match.rules.data.trials.values() if tr.key == key), None)

    def _salt_uses(self, view) -> int:
        """How many Uses salt a grave."""
        trial = self._trial_data()
        return int(getattr(trial.victory, "uses", 0) or 2) if trial is not None else 2

    def trial_lines(self) -> list:
        """The Trial panel, worded once per view: (text, kind) rows — its name, the Turn
        of how many, the goal (with how far it got), how it is lost, what joins the
        Shadow each Turn, the conditions and the Supplies lost on each side."""
        v = self.view or {}
        if not v:
            return []
        got = self._status
        if got is not None and got[0] is v:
            return got[1]
        t, data = v["trial"], self._trial_data()
        vic = getattr(data, "victory", None)
        other = tt("shadow") if v["mode"] == "solo" else tt("rivals")
        salted = sum(1 for g in v.get("graves") or () if int(g[2]) >= self._salt_uses(v))
        warden = or_as_is(f"ordeals.profile.{getattr(vic, 'profile', '')}", "?")
        goal = tt("goal_" + t["victory"], turns=t["turns"], graves=len(v.get("graves") or ()), salted=salted,
                  uses=self._salt_uses(v), radius=f"{(t.get('chapel') or {}).get('radius', 3):g}", name=warden)
        rows = [(tt("trial_head", n=t["number"], name=or_as_is(f"ordeals.trial.{t['key']}.name", t["key"])), "head"),
                (tt("turn_of", turn=v["turn"], turns=t["turns"]), "turn"), (goal, "goal"),
                (tt("lose_solo", turns=t["turns"]) if v["mode"] == "solo" else tt("versus_end", turns=t["turns"]),
                 "text")]
        rf = getattr(getattr(data, "shadow", None), "reinforcements", None)
        if rf and v["mode"] == "solo":
            what = ", ".join(or_as_is(f"ordeals.profile.{k}", k) for k in rf.every_turn)
            rows.append((tt("reinforce", what=what, turn=rf.from_turn), "text"))
        rows.append((tt("conditions", season=word(v["season"]).capitalize(), light=word(v["light"]),
                        weather=word(v["weather"]), sight=v["sight"]), "dim"))
        rows.append((tt("lost_line", ours=v["lost"][0], other=other, theirs=v["lost"][1]), "dim"))
        self._status = (v, rows)
        return rows

    def card_lines(self, c: dict) -> list:
        """A character's card: name and side, the numbers, Harm, weapons with their reach
        and range, armour, items, Lore and statuses (what the view shows of it)."""
        rw = lambda kind, key: or_as_is(f"ordeals.recruit.{kind}.{key}", key)     # noqa: E731
        side = tt("company_side") if c["side"] == 0 else (tt("shadow") if (self.view or {}).get("mode") == "solo"
                                                          else tt("rivals"))
        lines = [tt("card_head", name=self.shown(c), side=side),
                 tt("card_stats", might=f"{c['might']:+d}", aim=f"{c['aim']:+d}", pace=f"{c['pace']:+d}",
                    ward=c["ward"], sight=f"{c['sight']:g}"),
                 tt("harm_of", harm=c["harm"], grit=c["grit"])]
        reach = max(1.0, float(c["stats"].get("reach") or 0))
        weapons = [tt("card_melee", weapon=rw("weapon", c["melee"]), reach=f"{reach:g}")]
        if c["ranged"]:
            weapons.append(tt("card_ranged", weapon=rw("weapon", c["ranged"]), range=f"{c['range']:g}"))
        lines.append(tt("card_weapons", list=" · ".join(weapons)))
        lines.append(tt("card_armour", what=rw("armour", c["armour"]) if c["armour"] else tt("card_none")))
        for key, kind, vals in (("card_items", "item", c["items"]), ("card_lore", "lore", c["lore"])):
            if vals:
                lines.append(tt(key, list=", ".join(rw(kind, k) for k in vals)))
        statuses = [t_status(k) for k in statuses_of(c)]
        lines.append(tt("card_status", list=", ".join(statuses) if statuses else tt("card_ready")))
        if not c.get("seen", True):
            lines.append(tt_fog("last_seen", name=self.shown(c)))
        return lines
