"""Dark Deeds in words and choices, without drawing (no pygame): card names, the prompts of
a decision and of a seat waiting on another, a place's tooltip, what a roll or a Foiled!/Sod
Off! window says, a Plot's follow-up, and what each card offers now as `Choice`s (label,
action or the actions to choose among, drop target, icon). Everything is read from the
viewer's view, the decisions and the game's YAML and locale.

`DarkDeedsWords` is a mixin: it needs `self.cdata` (static card data), `self.view`,
`self.viewer`, `self.name(seat)`, `self.match`, `is_human_viewer()`, `my_decisions()`,
`self.faces` (the card faces' icons, faces.yaml) and what the table shows while events
play (`roll_show`, `shown_active`, `shown_phase`, `shown_susp`, `coin_holder`). The table mixes it in (table/words.py adds faces and the chronicle)."""
from __future__ import annotations

from typing import NamedTuple

from game.core.i18n import t

LOOT_TYPES = ("artisan", "cleric", "merchant")
PHASE_ICONS = {"street": "street", "tavern": "tavern", "stock": "clock"}
# the chronicle's template fields: seats, cards, and card types
WORDS = {"seats": ("player", "target"), "cards": ("card", "via"),
         "words": {"type": lambda v: dd(f"type.{v}")}}

# the chronicle's lines of a take-down, said with the Suspicion it costs
GAINS = ("dark_deeds.log.rob_ok", "dark_deeds.log.attack_ok")

# the final reckoning: Score Pile − unfinished Dark Deeds − chasing Nemeses = total
FINAL_COLUMNS = ("score_pile", "unfinished_deeds", "chasing_nemeses", "total")


def tx(key: str, **params) -> str:
    """The table's words: the locale's dark_deeds.table.<key>."""
    return t(f"dark_deeds.table.{key}", **params)


class Choice(NamedTuple):
    """One thing the viewer may do with a card or token: `action` is a rules action, or a
    list of actions to choose among (a Plot's amount, Dark Deed or Guard); `target` is
    where it is dropped (None: a click)."""
    label: str
    action: object
    target: object = None
    icon: str | None = None


def final_values(row: dict) -> tuple:
    def neg(v):
        return f"−{v}" if v else "—"
    return (str(row.get("score_pile", 0)), neg(row.get("unfinished_deeds", 0)),
            neg(row.get("chasing_nemeses", 0)), str(row.get("total", 0)))


def dd(key: str, **params) -> str:
    return t(f"dark_deeds.{key}", **params)


class TrayButton(NamedTuple):
    """A button under the tray's prompt: `enter` presses it with the Enter key."""
    id: object
    label: str
    action: tuple
    style: str = "normal"
    icon: str | None = None
    enter: bool = False
    tip: str | None = None


class DarkDeedsWords:
    def card_name(self, cid) -> str:
        c = self.cdata.get(cid)
        return dd(f"card.{c.key}.name") if c is not None else str(cid)

    def card_linked(self, key) -> bool:
        return key in self.cdata

    def chronicle_words(self, ev):
        """(locale key, params) of the chronicle's line for an event — the rules' `log`
        lines, and what only the viewer saw come into their hand — or None."""
        d = ev.data
        if ev.kind == "log":
            key, params = d.get("key", ""), dict(d.get("params") or {})
            if key in GAINS and params.get("card") in self.cdata:   # a take-down costs its Favour in Suspicion (DD-051)
                return key + "_gain", {**params, "favour": self.cdata[params["card"]].favour}
            return key, params
        if ev.kind != "move" or ev.to is None or self.viewer is None or not d.get("card"):
            return None
        mine, src = f"hand:{self.viewer}", str(d.get("src", ""))
        if src == "tavern_deck" and d.get("dst") == mine:
            return "dark_deeds.log.tavern_gamble_private", {"card": d["card"]}
        if str(d.get("dst")) == mine and src.startswith("hand:"):
            return "dark_deeds.log.pass_buck_private", {"player": int(src.split(":")[1]), "card": d["card"]}
        return None

    def help_keys(self) -> list:
        """This table's own keys: (key, what it does)."""
        return [(tx("key_r"), tx("help_reference")), (tx("key_enter"), tx("help_enter"))]

    def decision_prompt(self, d):
        """(title, subtitle, icon) the tray shows for the viewer's decision d; None when a
        banner asks it (a Dark Deed to pick, who gets the coin)."""
        k, p = d.kind, d.prompt or {}
        if k == "roll":
            purpose = p.get("purpose", "sneak")
            pct = int(round(100 * float(p.get("p", 0))))
            sub = f"{tx('need', n=p.get('need'))} · {tx('you_add', n=p.get('bonus', 0))} · {tx('chance', p=pct)}"
            return (tx(f"purpose_{purpose}", card=self.card_name(p.get("target"))), sub,
                    self.faces.icon("purpose", purpose, "dice"))
        if k == "after_roll":
            outcome = tx("success") if p.get("success") else tx("failure")
            return dd("decision.after_roll"), tx("after_roll_sub", total=p.get("total"), need=p.get("need"),
                                                  outcome=outcome), "dice"
        if k == "reaction":
            return self._passive_prompt(self.view or {})
        if k in ("deed_choice", "msm_tiebreak"):
            return None
        subs = {"target": ("pick_target_sub", {}, "minion"), "sneak_order": ("sneak_order_sub", {}, "sneak"),
                "loot_choice": ("loot_sub", {"type": dd(f"type.{p.get('type', 'artisan')}")}, "loot"),
                "tavern": ("tavern_sub", {}, "tavern"), "stock": ("stock_sub", {}, "clock"),
                "discard": ("discard_sub", {"n": p.get("hand", "?")}, "discard")}
        if k not in subs:
            return k, "", None
        key, params, icon = subs[k]
        return dd(f"decision.{k}"), tx(key, **params), icon

    def decision_buttons(self, d) -> list:
        """The tray's buttons for the viewer's decision d (a banner's decisions have none)."""
        k, acts = d.kind, d.actions
        out = [TrayButton("pass", dd("action.pass"), ("pass",), "quiet")] if k == "target" and ("pass",) in acts else []
        out += [TrayButton(("sneak", a[1]), tx("sneak_first", card=self.card_name(a[1])), a, icon="guard")
                for a in acts if k == "sneak_order" and a[0] == "sneak"]
        if k == "roll":
            out.append(TrayButton("roll", tx("roll_button"), ("roll",), "primary", "dice", True, tx("roll_sub")))
        elif k == "after_roll":
            out.append(TrayButton("accept", dd("action.accept"), ("accept",), "primary", "confirm", True))
            out += [TrayButton(("reroll", a[1]), tx("play", card=self.card_name(a[1])), a, icon="dice")
                    for a in acts if a[0] == "play"]
        elif k == "loot_choice":
            out += [TrayButton("gamble", dd("action.loot_gamble"), a, icon="casino") for a in acts
                    if a[0] == "loot_gamble"]
        elif k == "tavern":
            if ("tavern_gamble",) in acts:
                out.append(TrayButton("gamble", dd("action.tavern_gamble"), ("tavern_gamble",), icon="casino"))
            out.append(TrayButton("lay_low", dd("action.lay_low"), ("lay_low",), "primary", "lay_low"))
        elif k == "stock":
            out.append(TrayButton("proceed", dd("action.proceed"), ("proceed",), "primary", "confirm", True))
        return out

    def _shown_prompt(self):
        """While events play: what the table is showing (it runs behind the rules)."""
        rs = self.roll_show
        who = self.name(self.shown_active)
        mine = self.shown_active == self.viewer and self.is_human_viewer()
        if rs is not None and rs.get("purpose") not in ("lay_low", "rolloff"):
            title = tx(f"purpose_{rs.get('purpose')}", card=self.card_name(rs.get("target")))
            b = rs.get("bonus", 0)
            sub = f"{tx('need', n=rs.get('need'))} · " + (tx("you_add", n=b) if rs.get("seat") == self.viewer
                                                           else tx("they_add", n=b))
            if rs.get("seat") != self.viewer:
                title = f"{self.name(rs.get('seat'))}: {title}"
            return (title, sub, self.faces.icon("purpose", rs.get("purpose"), "dice"))
        ph = self.shown_phase or "street"
        icon = PHASE_ICONS.get(ph)
        if mine:
            return (dd(f"phase.{ph}"), "", icon)
        return (f"{who} — {dd(f'phase.{ph}')}", "", icon)

    def _passive_prompt(self, view):
        if self.match.over or view.get("over"):
            res = view.get("result") or {}
            w = res.get("winners") or []
            who = tx("winner", player=self.name(w[0])) if w else tx("all_lose")
            return (f"{tx('game_over')} — {who}", "", "trophy" if w else "street")
        decs = self.match.decisions()
        if not decs:
            return None
        d = decs[0]
        who = self.name(d.seat)
        if d.seat == self.viewer and self.is_human_viewer():
            ph = view.get("phase") or "street"
            return (dd(f"phase.{ph}"), "", PHASE_ICONS.get(ph))
        seat_ai = not self.match.seats[d.seat].is_human
        sub = tx("thinking", player=who) if seat_ai else tx("waiting", player=who)
        r = view.get("roll")
        if d.kind == "reaction":
            # someone else may answer the active player's move: the tray keeps telling
            # the active player's story and says who is being waited on
            p = d.prompt or {}
            act = view.get("active")
            act_name = self.name(act) if act is not None else who
            if p.get("window") == "foiled":
                purpose = p.get("purpose") or (r or {}).get("purpose")
                target = p.get("target") or (r or {}).get("target")
                title = tx(f"purpose_{purpose}", card=self.card_name(target))
                if not (act == self.viewer and self.is_human_viewer()):
                    title = f"{act_name}: {title}"
                sub = tx("may_react", player=who, card=dd("action.foiled"))
                return (title, sub, self.faces.icon("purpose", purpose, "dice"))
            ph = view.get("phase") or "street"
            title = dd(f"phase.{ph}") if (act == self.viewer and self.is_human_viewer()) \
                else f"{act_name} — {dd(f'phase.{ph}')}"
            sub = tx("may_react", player=who, card=dd("action.sod_off"))
            return (title, sub, PHASE_ICONS.get(ph))
        if d.kind in ("roll", "after_roll") and r:
            title = tx(f"purpose_{r.get('purpose')}", card=self.card_name(r.get("target")))
            return (f"{who}: {title}", f"{sub}  ·  {tx('need', n=r.get('need'))} · {tx('they_add', n=r.get('bonus', 0))}",
                    self.faces.icon("purpose", r.get("purpose")))
        ph = view.get("phase") or "street"
        return (f"{who} — {dd(f'phase.{ph}')}", sub, PHASE_ICONS.get(ph))

    def _first_of_key(self, key):
        for cid, c in self.cdata.items():
            if c.key == key:
                return cid
        return None

    def _op(self, cid):
        c = self.cdata.get(cid)
        return c.op if c is not None else None

    def _key(self, cid):
        c = self.cdata.get(cid)
        return c.key if c is not None else None

    def _describe_play(self, a) -> str:
        verb, cid = a[0], a[1]
        name = self.card_name(cid)
        head = tx("use", card=name) if verb == "use" else tx("play", card=name)
        op = self._op(cid)
        rest = a[2:]
        if not rest:
            return head
        if op == "move_suspicion":
            return f"{head} → {self.name(rest[0])} ({tx('amount', n=rest[1])})"
        if op == "give_deed":
            return f"{head}: {self.card_name(rest[0])} → {self.name(rest[1])}"
        if op == "pass_guard":
            return f"{head}: {self.card_name(rest[0])} → {self.name(rest[1])}"
        if op in ("take_loot_from_msm", "target_other_chaser"):
            return f"{head}: {self.card_name(rest[0])}"
        return head

    def move_label(self, a) -> str | None:
        """An action in the words the table's own buttons and menus use (the Hint and the
        review list moves this way), or None for a verb the locale's action words name."""
        verb = a[0]
        if verb in ("play", "use") and len(a) > 1:
            return self._describe_play(a)
        if verb == "deed":
            return tx("complete_deed", card=self.card_name(a[1]))
        if verb == "discard":
            return tx("discard_card", card=self.card_name(a[1]))
        if verb == "sneak":
            return tx("sneak_first", card=self.card_name(a[1]))
        if verb == "give":
            return tx("give_coin", player=self.name(a[1]))
        if verb == "loot":
            card = ((self.view or {}).get("loot", {}).get(a[1]) or {}).get("face_up", [])[a[2]]
            return tx("take", card=self.card_name(card))
        if verb == "loot_gamble":
            return tx("loot_gamble_of", type=dd(f"type.{a[1]}"))
        return None

    def target_label(self, tid) -> str:
        if not isinstance(tid, tuple) or not tid:
            return str(tid)
        if tid[0] == "pitch":
            return tx("your_pitch") if tid[1] == self.viewer else tx("pitch_of", player=self.name(tid[1]))
        if tid[0] == "card":
            return self.card_name(tid[1])
        if tid[0] == "table":
            return tx("the_table")
        if tid[0] == "tray":
            return tx("the_tray")
        if tid[0] == "zone":
            z = str(tid[1])
            if z.startswith("street:"):
                return tx("slot", k=z.split(":")[1])
            if z.startswith("hand:"):
                return tx("your_hand")
            if z == "tavern_discard":
                return tx("tavern_discard")
        return str(tid[-1])

    def _plays(self, d) -> list:
        return [a for a in d.actions if a and a[0] in ("play", "use")]

    def target_tip(self, tid):
        """The tooltip of a place on the table (a phase pill, the seal, a sack, a box)."""
        if tid[0] == "phase":
            ph = ("street", "tavern", "stock")[tid[1]]
            return dd(f"reference.{ph}")
        if tid[0] == "reference":
            return tx("reference_hint")
        if tid[0] == "seal":
            return tx("seal_tip")
        if tid[0] == "sack":
            return tx("sack_vague") if tid[1] == "vague" else tx("sack_grave")
        if tid[0] == "dagger":
            return tx("dagger_tip")
        if tid[0] == "msm":
            return f"{dd('zone.msm')}: {self.name(self.coin_holder)}. {tx('msm_tip')}"
        if tid[0] == "susp":
            n = self.shown_susp[tid[1]]
            return tx("susp_tip", player=self.name(tid[1]), n=n, grave=n // 3, vague=n % 3)
        if tid[0] == "hand":
            p = (self.view or {}).get("seats", [])[tid[1]]
            return tx("hand_tip", player=self.name(tid[1]), n=p["hand_count"])
        if tid[0] == "score":
            p = (self.view or {}).get("seats", [])[tid[1]]
            if "score_total" in p:
                return tx("score_tip_own", n=p["score_count"], f=p["score_total"])
            return tx("score_tip", n=p["score_count"])
        return None

    def reaction_words(self, d):
        """(title, subtitle, icon, reactions the viewer holds) of a Foiled!/Sod Off! window."""
        p = d.prompt or {}
        can = [a for a in d.actions if a[0] in ("foiled", "sod_off")]
        if p.get("window") == "foiled":
            title = dd("decision.reaction_foiled", player=self.name(p.get("active")))
            purpose = tx(f"purpose_{p.get('purpose')}", card=self.card_name(p.get("target")))
            sub = tx("reaction_sub_roll", purpose=purpose, total=p.get("total"), need=p.get("need"))
            icon = "foiled"
        else:
            title = dd("decision.reaction_sod_off", player=self.name(p.get("player")),
                        card=self.card_name(p.get("card")))
            sub = ""
            icon = "sod_off"
        if not can:
            sub = (sub + "  ·  " if sub else "") + tx("no_reaction", card=self.card_name(self._first_of_key(icon)))
        return title, sub, icon, can

    def roll_words(self, rs):
        """(what the roll was for, the sum in words, success or None) for the roll plaque."""
        faces = rs.get("faces") or []
        purpose = rs.get("purpose")
        who = self.name(rs.get("seat"))
        if purpose == "lay_low":
            lost = rs.get("lost")                        # what was taken, not what was rolled
            lost = sum(faces) if lost is None else lost
            return tx("purpose_lay_low", player=who), f"1d6 = {sum(faces)}  →  −{lost} {tx('suspicion')}", None
        if purpose == "rolloff":
            rounds = ["  ·  ".join(f"{self.name(int(seat))} {sum(f)}" for seat, f in sorted(rnd.items()))
                      for rnd in rs.get("rolloff") or []]
            return tx("rolloff_head"), "   |   ".join(rounds), None
        head = tx(f"purpose_{purpose}", card=self.card_name(rs.get("target")))
        if rs.get("seat") != self.viewer:
            head = f"{who}: {head}"
        stat = dd("stat.strength") if purpose == "attack" else dd("stat.cunning")
        need_stat = dd("stat.defence") if purpose == "attack" else dd("stat.perception")
        line = (f"{' + '.join(str(f) for f in faces)} + {rs.get('bonus') or 0} {stat} = {rs.get('total')}"
                f"   {tx('vs')} {need_stat} {rs.get('need')}")
        return head, line, rs.get("success")

    def choice_words(self, group, op):
        """(title, one label per action) of a Plot's follow-up menu (amount, Dark Deed, Guard)."""
        labels = [tx("amount", n=a[3]) if op == "move_suspicion" else self.card_name(a[2]) for a in group]
        title = {"move_suspicion": tx("how_much"), "give_deed": tx("which_deed")}.get(op, tx("which_guard"))
        return title, labels

    # -- what each thing can do (Choices: a label, an action, where it may be dropped) -----
    def _pawn_options(self, d) -> list:
        out = []
        for a in d.actions:
            if a[0] == "target" and a[1] == "street":
                cid = (self.view or {}).get("street", [None] * 6)[a[2] - 1]
                out.append(Choice(tx("target", card=self.card_name(cid)), a, target=("zone", f"street:{a[2]}"),
                                  icon="minion"))
            elif a[0] == "target" and a[1] == "chaser":
                out.append(Choice(tx("target", card=self.card_name(a[2])), a, target=("card", a[2]), icon="minion"))
            elif a[0] == "sneak":
                out.append(Choice(tx("sneak_first", card=self.card_name(a[1])), a, target=("card", a[1]),
                                  icon="sneak"))
            elif a[0] == "play" and len(a) == 3 and self._op(a[1]) == "target_other_chaser":
                out.append(Choice(f"{self.card_name(a[1])}: {tx('target', card=self.card_name(a[2]))}", a,
                                  target=("card", a[2]), icon="bounty"))
        return out

    def dice_choices(self, d) -> list:
        """What the dice do dropped on the tray: roll them, or Lay Low."""
        if ("roll",) in d.actions:
            return [Choice(tx("roll_button"), ("roll",), target=("tray",), icon="dice")]
        if ("lay_low",) in d.actions:
            return [Choice(dd("action.lay_low"), ("lay_low",), target=("tray",), icon="lay_low")]
        return []

    def coin_choices(self, d) -> list:
        """Who the Most Suspicious coin may be given to (a tie): dropped on their pitch."""
        return [Choice(tx("give_coin", player=self.name(a[1])), a, target=("pitch", a[1]), icon="most_suspicious")
                for a in d.actions if a[0] == "give"]

    def card_options(self, d, zid: str, cid) -> list:
        """What the viewer may do now with the card `cid` in zone `zid`."""
        acts = d.actions
        me = self.viewer
        if zid.startswith("street:"):
            k = int(zid.split(":")[1])
            a = ("target", "street", k)
            return [Choice(tx("target", card=self.card_name(cid)), a, icon="minion")] if a in acts else []
        if zid.startswith("chasing:"):
            owner = int(zid.split(":")[1])
            out = []
            for a in acts:
                if owner == me and a == ("target", "chaser", cid):
                    out.append(Choice(tx("target", card=self.card_name(cid)), a, icon="minion"))
                elif owner == me and a == ("sneak", cid):
                    out.append(Choice(tx("sneak_first", card=self.card_name(cid)), a, icon="sneak"))
                elif a[0] == "play" and len(a) == 3 and a[2] == cid and self._op(a[1]) == "target_other_chaser":
                    out.append(Choice(f"{self.card_name(a[1])}: {tx('target', card=self.card_name(cid))}", a,
                                      icon="bounty"))
            return out
        drop_pitch = ("pitch", me)
        drop_hand = ("zone", f"hand:{me}")
        if zid.startswith("loot:"):
            _, tp, i = zid.split(":")
            a = ("loot", tp, int(i))
            if a in acts:
                lab = tx("take", card=self.card_name(cid))
                return [Choice(lab, a, target=drop_pitch, icon="loot"), Choice(lab, a, target=drop_hand, icon="loot")]
            return []
        if zid.startswith("loot_deck:"):
            tp = zid.split(":")[1]
            a = ("loot_gamble", tp)
            if a in acts:
                lab = dd("action.loot_gamble")
                return [Choice(lab, a, target=drop_pitch, icon="casino"), Choice(lab, a, target=drop_hand, icon="casino")]
            return []
        if zid.startswith("tavern:"):
            a = ("tavern_take", int(zid.split(":")[1]))
            if a in acts:
                lab = tx("take", card=self.card_name(cid))
                return [Choice(lab, a, target=drop_hand, icon="tavern"), Choice(lab, a, target=drop_pitch, icon="tavern")]
            return []
        if zid == "tavern_deck":
            a = ("tavern_gamble",)
            if a in acts:
                lab = dd("action.tavern_gamble")
                return [Choice(lab, a, target=drop_hand, icon="casino"), Choice(lab, a, target=drop_pitch, icon="casino")]
            return []
        if zid == f"hand:{me}" and cid is not None:
            return self._hand_options(d, cid)
        if zid == f"loot_of:{me}" and cid is not None:
            key = self._key(cid)
            out = []
            for a in acts:
                if a[0] == "use" and self._key(a[1]) == key:
                    out.append(Choice(tx("use", card=self.card_name(cid)), ("use", cid), target=("table",), icon="loot"))
            return out
        return []

    def _hand_options(self, d, cid) -> list:
        acts = d.actions
        key = self._key(cid)
        name = self.card_name(cid)
        out = []
        if d.kind == "reaction":
            c = self.cdata.get(cid)
            for a in acts:
                if a[0] in ("foiled", "sod_off") and c is not None and c.key == a[0]:
                    out.append(Choice(tx("play", card=name), a, target=("table",), icon=self.faces.icon("plot", key)))
            return out
        for a in acts:
            if a[0] == "discard" and self._key(a[1]) == key:
                out.append(Choice(tx("discard_card", card=name), ("discard", cid), target=("zone", "tavern_discard"),
                                  icon="discard"))
        plays = [a for a in acts if a[0] == "play" and self._key(a[1]) == key]
        if not plays:
            return out
        op = self._op(cid)
        icon = self.faces.icon("plot", key, "plot")
        label = tx("play", card=name)
        if op == "target_other_chaser":
            for a in plays:
                out.append(Choice(label, ("play", cid) + a[2:], target=("card", a[2]), icon=icon))
        elif op == "take_loot_from_msm":
            for a in plays:
                out.append(Choice(label, ("play", cid) + a[2:], target=("card", a[2]), icon=icon))
        elif op in ("move_suspicion", "give_deed", "pass_guard"):
            by_seat: dict = {}
            for a in plays:
                seat = a[2] if op == "move_suspicion" else a[3]
                by_seat.setdefault(seat, []).append(("play", cid) + a[2:])
            for seat, group in by_seat.items():
                if len(group) == 1:
                    out.append(Choice(label, group[0], target=("pitch", seat), icon=icon))
                else:
                    out.append(Choice(label, group, target=("pitch", seat), icon=icon))
        else:
            for a in plays[:1]:
                out.append(Choice(label, ("play", cid) + a[2:], target=("table",), icon=icon))
        return out
