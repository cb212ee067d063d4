"""Rules reference: one tab per registered game. The text, first found:
  1. the locale key `<game>.rules_text` (formatted with the ruleset's `text_params`);
  2. data/<game>/rules.<language>.md, then data/<game>/rules.md;
  3. a page composed from the game's locale: its title and pitch (GameSpec), then the
     sections named by `<game>.rules_page` (space-separated; default "reference"). A
     section with a `heading` and lines becomes a bullet list; a section of named
     entries (name + power/help/subtitle) becomes one item per entry.
Every "##" section of a page has an anchor ("## Moving {#movement}" in a markdown page;
a composed page's section is anchored by its name), so a table's refusal, a tutorial or
a hint can open the page there: `app.open_rules(game_id, anchor)`. The anchors are stable
ids, the same in every language; `rules_text` drops them unless asked.
Nothing here names a game."""
from __future__ import annotations

import re

from ...core.data import data_root
from ...core.i18n import format_message, has, language, load_strings, t
from ..theme import FONT, SPACE
from ..widgets import Button, ScrollText, draw_panel
from .base import Backdrop, Scene

_LOCALE: dict = {}          # language -> every string, flat, in file order


def _params(game_id: str) -> dict:
    try:
        from ... import registry
        fn = getattr(registry.ruleset(game_id), "text_params", None)
        return dict(fn()) if callable(fn) else {}
    except Exception:          # noqa: BLE001 - words without numbers are still words
        return {}


def _section(prefix: str) -> dict:
    """Locale keys under `prefix.` as a nested dict (in file order)."""
    lang = language()
    if lang not in _LOCALE:
        strings = load_strings("en")
        if lang != "en":
            strings = {**strings, **load_strings(lang)}
        _LOCALE[lang] = strings
    out: dict = {}
    for key, value in _LOCALE[lang].items():
        if key.startswith(prefix + "."):
            parts = key[len(prefix) + 1:].split(".")
            node = out
            for p in parts[:-1]:
                node = node.setdefault(p, {}) if isinstance(node.get(p, {}), dict) else {}
            node[parts[-1]] = value
    return out


def _spec(game_id: str):
    try:
        from ... import registry
        return registry.get(game_id)
    except Exception:          # noqa: BLE001 - a game that does not import still has a page
        return None


def composed_rules(game_id: str) -> str:
    """A reference built from what the game's locale already says (until it ships a
    full rules text): title, pitch, then the sections of `<game>.rules_page`."""
    params = _params(game_id)

    def fmt(text: str) -> str:
        return format_message(text, params)      # plural blocks too; never raises
    spec = _spec(game_id)
    title = spec.title_text() if spec is not None else game_id
    lines = [f"# {title}"]
    pitch = spec.pitch_text() if spec is not None else ""
    if pitch:
        lines += [fmt(pitch), ""]
    page = t(f"{game_id}.rules_page") if has(f"{game_id}.rules_page") else "reference"
    for name in page.split():
        sec = _section(f"{game_id}.{name}")
        if not sec:
            continue
        heading = sec.pop("heading", None) if isinstance(sec.get("heading"), str) else None
        if heading is None:
            heading = t(f"rules.{name}") if has(f"rules.{name}") else name.replace("_", " ").capitalize()
        lines.append(f"## {heading} {{#{name}}}")
        for entry in sec.values():
            if isinstance(entry, str):
                lines.append(f"- {fmt(entry)}")
            elif isinstance(entry, dict) and "name" in entry:
                sub = f" ({entry['subtitle']})" if entry.get("subtitle") else ""
                if entry.get("power"):
                    lines.append(f"- **{entry['name']}**{sub} — {fmt(entry['power'])}")
                else:
                    lines.append(f"### {entry['name']}{sub}")
                    if entry.get("help"):
                        lines.append(fmt(entry["help"]))
                    lines.append("")
        if lines[-1] != "":
            lines.append("")
    if len(lines) <= 3:
        lines.append(t("rules.missing"))
    return "\n".join(lines)


_ANCHOR = re.compile(r"[ \t]*\{#([A-Za-z0-9_-]+)\}[ \t]*$", re.M)


def rules_text(game_id: str, anchors: bool = False) -> str:
    """The game's rules page in the current language; with `anchors`, its headings keep
    their "{#id}" marks (the rules scene scrolls to them)."""
    text = _page(game_id)
    return text if anchors else _ANCHOR.sub("", text)


def rule_anchors(game_id: str) -> list[str]:
    """The anchors of the game's rules page, in page order."""
    return [m.group(1) for m in _ANCHOR.finditer(_page(game_id))]


def _page(game_id: str) -> str:
    key = f"{game_id}.rules_text"
    if has(key):
        return t(key, **_params(game_id))
    from ...core.data import Problems, load_text
    folder = data_root() / game_id
    for path in (folder / f"rules.{language()}.md", folder / "rules.md"):
        if path.exists():       # read as validate-data reads it: bounded, UTF-8, not empty
            text = load_text(path, Problems(), "rules page")
            if text is not None:
                return text
    return composed_rules(game_id)


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None, anchor: str | None = None):
        super().__init__(app)
        from ... import registry
        self.backdrop = Backdrop(app, glow_pos=(300, 300), glow_radius=640, embers=14)
        self.games = []
        for gid in registry.game_ids():
            spec = _spec(gid)
            self.games.append((gid, spec.title_text() if spec is not None else gid))
        self.game_id = game_id or (app.settings.last_game if app.settings.last_game in dict(self.games) else None) \
            or (self.games[0][0] if self.games else "")
        self.text = self.ui.add(ScrollText(app, (620, 236, 1180, 700), ""))
        self.tabs = {}
        y = 236
        for gid, title in self.games:
            b = self.ui.add(Button(app, (96, y, 470, 84), title, (lambda g=gid: self.select(g)),
                                   icon=f"game_{gid}", align="left", size=FONT.body))
            self.tabs[gid] = b
            y += 96
        self.back_button()
        self.select(self.game_id)
        self.anchor = anchor if self.text.scroll_to(anchor) else None
        self.anchor_glow = 2.5 if self.anchor else 0.0    # the section opened for a reason glows a moment

    def select(self, gid):
        self.game_id = gid
        for g, b in self.tabs.items():
            b.selected = g == gid
        self.text.set_text(rules_text(gid, anchors=True) if gid else t("rules.missing"))
        self.anchor, self.anchor_glow = None, 0.0

    def update(self, dt):
        super().update(dt)
        self.backdrop.update(dt)
        self.anchor_glow = max(0.0, self.anchor_glow - dt)

    def draw(self, surf):
        self.backdrop.draw(surf)
        self.header(surf, t("rules.title"), t("rules.subtitle"))
        draw_panel(surf, (596, 212, 1228, 748), self.app, alpha=225)
        if self.game_id:
            pal = self.app.pal
            y0 = 236 + 96 * len(self.games) + 40
            if 960 - y0 > 260:
                ic = self.app.assets.icon(f"game_{self.game_id}", 240, pal.gold_dim)
                surf.blit(ic, ic.get_rect(center=(331, (y0 + 960) // 2)))
        super().draw(surf)
        self.draw_anchor_mark(surf)

    def draw_anchor_mark(self, surf):
        """A gold bar beside the section a refusal opened, fading out."""
        top = self.text.anchors.get(self.anchor) if self.anchor else None
        if top is None or self.anchor_glow <= 0:
            return
        import pygame
        r = self.text.rect
        y = r.y + int(top - self.text.scroll)
        if r.y - 10 <= y < r.bottom:
            mark = pygame.Surface((8, 56), pygame.SRCALPHA)
            mark.fill((*self.app.pal.gold[:3], int(255 * min(1.0, self.anchor_glow))))
            surf.blit(mark, (r.x - 18, y + 4))

    def help_lines(self):
        return [(t("help.wheel"), t("help.scroll")), ("PgUp / PgDn", t("help.scroll")), ("Esc", t("help.back"))]


__all__ = ["RulesScene", "rules_text", "rule_anchors", "SPACE"]
