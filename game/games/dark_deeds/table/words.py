"""Dark Deeds' table in words, where the words need the table: card faces as data (from
faces.yaml), the chronicle as the kit's segments, and the headless Choices (../words.py)
made the kit's Options.

`DarkDeedsTableWords` is a mixin of `DarkDeedsTable` over the headless `DarkDeedsWords`:
it uses the kit's seat accessors (name, scol, viewer...) and the table's `cdata`,
and `faces`."""
from __future__ import annotations

from game.ui.table import style
from game.ui.table.widgets import Option

from ..words import WORDS, DarkDeedsWords, dd, tx


class DarkDeedsTableWords(DarkDeedsWords):
    def _canon(self, key):
        return self._canon_of.get(key, key)

    def card_spec(self, key) -> dict:
        """A face from the card's data: sections, icons and colours per kind in faces.yaml."""
        key = self._canon(key)
        got = self._spec_cache.get(key)
        if got is not None:
            return got
        c = self.cdata.get(key)
        if c is None:
            return {"key": key, "title": str(key)}
        fd = self.faces
        k = c.kind
        stat = fd.icons.get("stat", {})
        spec = {"key": key, "title": dd(f"card.{c.key}.name"), "text": dd(f"card.{c.key}.text"),
                "stat_colours": fd.colours.get("stat", {})}
        if k == "loot":
            stats = [(stat["strength"], f"+{c.strength}")] if c.strength else []
            stats += [(stat["cunning"], f"+{c.cunning}")] if c.cunning else []
            if c.use == "once":
                p = c.effect_params or {}
                if c.op == "roll_bonus":
                    which = "strength" if (p.get("rolls") or []) == ["attack"] else "cunning"
                    stats.append((stat[which], f"+{p.get('n', 0)}"))
                stats.append(("timer", "1×"))
            spec.update(kind=f"loot_{c.deck}", icon=fd.icon("loot", c.key, "loot"), stats=stats,
                        subtitle=tx("loot", type=dd(f"type.{c.deck}")), type_icon=fd.icon("street", c.deck),
                        type_colour=fd.colour("type", c.deck), sections=fd.sections["loot"],
                        text_from=fd.text_from["loot" if stats else "loot_plain"])
        elif k in ("plot", "deed"):
            icon = fd.icon("plot", c.key, "plot") if k == "plot" else fd.icon("deed", c.on, "dark_deed")
            spec.update(kind=k, icon=icon, subtitle=dd(f"type.{k}"), type_icon="plot" if k == "plot" else "dark_deed",
                        stats=[(stat["favour"], c.favour)] if k == "deed" else [], sections=fd.sections[k],
                        text_from=fd.text_from[k])
        else:
            stats = [(stat[n], getattr(c, n)) for n in ("perception", "defence") if getattr(c, n)]
            stats.append((stat["favour"], c.favour))
            spec.update(kind=k, icon=fd.icon("street", k), subtitle=dd(f"type.{k}"), type_icon=fd.icon("street", k),
                        type_colour=fd.colour("type", k), stats=stats, sections=fd.sections["street"],
                        text_from=fd.text_from["street"])
        self._spec_cache[key] = spec
        return spec

    def card_frames(self) -> dict:
        return self.faces.frames

    def card_canon(self, key):
        return self._canon(key)

    def log_entry(self, ev):
        if ev.kind == "turn":                 # a rule across the chronicle, the seat in its colour
            seat = ev.data.get("seat")
            return [("— ", None, style.TEXT_DIM), (self.name(seat), None, self.scol(seat), True),
                    (" · " + tx("turn", n=ev.data.get("n", "?")) + " —", None, style.TEXT_DIM)]
        said = self.chronicle_words(ev)
        return self.segments(*said, **WORDS) if said is not None else None

    def _decision(self):
        if not self.is_human_viewer():
            return None
        mine = self.my_decisions()
        return mine[0] if mine else None

    def options(self, choices) -> list:
        """Choices as the kit's Options: a list of actions opens a menu to choose one."""
        return [Option(c.label, (lambda g=c.action: self._choice_menu(g)) if isinstance(c.action, list) else c.action,
                       target=c.target, icon=c.icon) for c in choices]
