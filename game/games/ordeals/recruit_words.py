"""The recruitment screen's words (no pygame): the locale's `ordeals.recruit.*`, the
model's reasons in words, a Company option's label, and `RecruitWords`, the screen's
mixin that words a character's gear, the choices open to it (each with what it does, from
its numbers in the YAML) and what a choice costs."""
from __future__ import annotations

from ...core.i18n import t
from .recruit import Builder


def rt(key: str, **params) -> str:
    return t("ordeals.recruit." + key, **params)


def supplies(n: int) -> str:
    return rt("cost", n=n)


def signed(n) -> str:
    """A bonus with its sign: +0, +2, −1."""
    return f"+{n:g}" if n >= 0 else f"−{-n:g}"


def company_label(data, value) -> str:
    """The new-game screen's button for a `company` value: "Recruit…", or what a custom
    Company is (how many, what it costs)."""
    if not isinstance(value, list):
        return rt("button")
    try:
        b = Builder(data, value)
        return rt("custom", n=len(b.members), cost=b.cost())
    except Exception:            # noqa: BLE001 - a value the rules refuse shows as it is named
        return rt("custom", n=len(value), cost=0)


def new_name(used) -> str:
    """A name for a new recruit: the locale's first not yet used, else a number."""
    names = [n.strip() for n in rt("names").split(",") if n.strip()]
    return next((n for n in names if n not in used), None) or f"{len(used) + 1}"


def damaged_words(problem: str, bad) -> str:
    """A saved-Companies file that could not be read: what was wrong, and where it was
    moved aside (`bad`, None when it could not be moved)."""
    if bad is None:
        return rt("saved_unreadable", error=problem)
    return rt("saved_set_aside", error=problem, file=bad.name)


def help_keys() -> list:
    """The recruitment screen's keys: (key, what it does)."""
    return [("↑ ↓", rt("keys.members")), ("Insert", rt("keys.add")), ("Delete", rt("keys.remove")),
            ("Tab", rt("keys.focus")), ("Space", rt("keys.take")), ("Enter", rt("keys.done")),
            ("Esc", rt("keys.cancel"))]


def why(reason) -> str:
    """A (key, params) reason from the model in words."""
    key, params = reason
    params = dict(params)
    if "stat" in params:
        params["stat"] = rt("stat." + params["stat"])
    return rt("why." + key, **params)


class RecruitWords:
    """The words of RecruitScene (a mixin: it reads the screen's `builder` and `data`)."""

    # -- a character's numbers -------------------------------------------------------------
    def stat_words(self, st: dict) -> dict:
        """Builder.stat_line in words: Might, Aim and Pace are bonuses (to a D12, to the
        first Move's inches) so they carry their sign; Reach is how near a Foe must be
        to be Assaulted (never under Engagement's inch)."""
        R = self.data.rules
        out = {k: f"{v:g}" for k, v in st.items()}
        out.update({k: signed(st[k]) for k in ("might", "aim", "pace")})
        out["reach"] = f"{max(R.engage, st['reach']):g}"
        return out

    def stat_tip(self, st: dict, only: str | None = None) -> str:
        """What each number means, with this character's values (one stat's line with
        `only`), after what a new recruit starts with."""
        R, b = self.data.rules, self.builder.rec.basic
        w = self.stat_words(st)
        lines = {k: rt("meaning." + k, v=w[k]) for k in ("might", "aim", "pace", "ward", "grit")}
        lines["pace"] = rt("meaning.pace", v=w["pace"], first=f"{R.move_first:g}",
                           move=f"{R.move_first + st['pace']:g}")
        lines["reach"] = rt("meaning.reach", v=w["reach"], engage=f"{R.engage:g}")
        if st.get("range"):
            lines["range"] = rt("meaning.range", v=w["range"])
        base = rt("meaning.base", might=signed(b.might), aim=signed(b.aim), pace=signed(b.pace), ward=b.ward,
                  grit=b.grit)
        return "\n".join([lines[only]] if only else [base] + list(lines.values()))

    # -- words ---------------------------------------------------------------------------
    def thing(self, kind: str, key) -> str:
        if key is None:
            return rt("none")
        return rt(f"{kind}.{key}")

    def gear_text(self, i: int) -> str:
        m = self.builder.members[i]
        parts = [rt("upgrade", stat=rt("stat." + s), value=f"+{n * self.builder.rec.upgrades[s].step}")
                 for s, n in m.upgrades.items() if n and s in self.builder.rec.upgrades]
        if m.melee != "hand_weapon":
            parts.append(self.thing("weapon", m.melee))
        if m.ranged:
            parts.append(self.thing("weapon", m.ranged))
        if m.armour:
            parts.append(self.thing("armour", m.armour))
        parts += [self.thing("item", k) for k in m.items] + [self.thing("lore", k) for k in m.lore]
        return " · ".join(parts)

    def effect_tip(self, kind: str, key) -> str:
        """What a weapon, armour, item or Lore does, from its numbers in the YAML."""
        rec = self.builder.rec
        parts = []
        if kind == "weapon":
            w = rec.weapons[key]
            if w.reach:
                parts.append(rt("tip.reach", n=w.reach))
            if w.range:
                parts.append(rt("tip.range", n=w.range))
            if w.damage:
                parts.append(rt("tip.damage", n=w.damage))
            if w.fire_cost > 1:
                parts.append(rt("tip.fire_cost", n=w.fire_cost))
            if w.no_fire:
                parts.append(rt("tip.no_fire"))
            if w.wind:
                parts.append(rt("tip.wind"))
            if not parts:
                parts.append(rt("tip.plain"))
        elif kind == "armour":
            if key is None:
                return rt("tip.none_armour")
            a = rec.armour[key]
            parts.append(rt("tip.ward", n=a.ward))
            if a.pace:
                parts.append(rt("tip.pace", n=a.pace))
        elif kind == "ranged_none":
            return rt("tip.none_ranged")
        elif kind == "item":
            it = rec.items[key]
            if key == "lantern":
                parts.append(rt("tip.lantern"))
            if it.heal:
                parts.append(rt("tip.heal", n=it.heal, uses=max(1, it.uses)))
            if it.climb_cost:
                parts.append(rt("tip.climb", n=it.climb_cost))
        elif kind == "lore":
            lo = self.data.lore[key]
            for field, k in (("reach", "tip.reach"), ("sight", "tip.sight"), ("hides", "tip.hides"),
                             ("knock_down", "tip.knock_down"), ("assault_might", "tip.assault"),
                             ("ward", "tip.ward"), ("initiative", "tip.initiative")):
                v = getattr(lo, field)
                if v:
                    parts.append(rt(k, n=v))
        return " · ".join(parts)

    def choice_rows(self, m) -> list:
        """The gear open to member m, a section at a time: (label, per row or None, options),
        each option (change, or None when it is what m has; its name; what it does; held)."""
        wpn, rec = self.builder.rec.weapons, self.builder.rec

        def opt(change, kind, key, held, tip_kind=None):
            return None if held else change, self.thing(kind, key), self.effect_tip(tip_kind or kind, key), held
        melee = [opt(("weapon", "melee", k), "weapon", k, k == m.melee) for k, v in wpn.items() if v.kind == "melee"]
        ranged = [(None if m.ranged is None else ("weapon", "ranged", None), rt("none"),
                   self.effect_tip("ranged_none", None), m.ranged is None)]
        ranged += [opt(("weapon", "ranged", k), "weapon", k, k == m.ranged) for k, v in wpn.items() if v.kind == "ranged"]
        return [(rt("section.melee"), None, melee), (rt("section.ranged"), None, ranged),
                (rt("section.armour"), None, [opt(("armour", k), "armour", k, k == m.armour)
                                              for k in [None] + list(rec.armour)]),
                (rt("section.items"), None, [(("item", k), self.thing("item", k), self.effect_tip("item", k),
                                              k in m.items) for k in rec.items]),
                (rt("section.lore", n=len(m.lore), max=self.builder.lore_max()), 3,
                 [(("lore", k), self.thing("lore", k), self.effect_tip("lore", k), k in m.lore) for k in self.data.lore])]

    def saved_rows(self, saved: dict) -> list:
        """(title, how many and what they cost) of each saved Company."""
        rows = []
        for title, members in saved.items():
            b = Builder(self.data, members)
            rows.append((title, rt("saved_sub", n=len(b.members), cost=b.cost())))
        return rows

    def subtitle(self, key: str) -> str:
        """Whose Company it is (`key`: the option, company or rival) and its limits."""
        who = t("ordeals.option.company_b" if key == "rival" else "ordeals.option.company_a")
        c = self.builder.rec.company
        return rt("subtitle", who=who, supplies=c.supplies, min=c.min, max=c.max)

    def cost_words(self, cost: int, have: bool) -> str:
        if have:
            return rt("have")
        if cost < 0:
            return rt("refund", n=-cost)
        return supplies(cost) if cost else rt("free")
