"""Rules reference: one tab per game, scrollable text from the game's locale key
`<game>.rules_text`, else data/<game>/rules.md."""
from __future__ import annotations

from ...core.data import data_root
from ...core.i18n import has, t
from ..theme import FONT, SPACE
from ..widgets import Button, ScrollText, draw_panel
from .base import Backdrop, Scene


def _params(game_id: str) -> dict:
    try:
        from ...games import registry
        fn = getattr(registry.ruleset(game_id), "text_params", None)
        return dict(fn()) if callable(fn) else {}
    except Exception:          # noqa: BLE001 - words without numbers are still words
        return {}


def _section(prefix: str) -> dict:
    """Locale keys under `prefix.` as a nested dict (in file order)."""
    from ...core import i18n
    t("")
    out: dict = {}
    for key, value in (i18n._strings or {}).items():
        if key.startswith(prefix + "."):
            parts = key[len(prefix) + 1:].split(".")
            node = out
            for p in parts[:-1]:
                node = node.setdefault(p, {}) if isinstance(node.get(p, {}), dict) else {}
            node[parts[-1]] = value
    return out


def composed_rules(game_id: str) -> str:
    """A reference built from what the game's locale already says: its pitch, turn
    reference, roles, modes and add-ons (until it ships a full rules text)."""
    params = _params(game_id)

    def fmt(text: str) -> str:
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return text
    title = t(f"{game_id}.title") if has(f"{game_id}.title") else game_id
    lines = [f"# {title}"]
    if has(f"{game_id}.pitch"):
        lines += [fmt(t(f"{game_id}.pitch")), ""]
    ref = _section(f"{game_id}.reference")
    if ref:
        lines.append(f"## {ref.pop('heading', t('rules.reference'))}")
        lines += [f"- {fmt(v)}" for v in ref.values() if isinstance(v, str)]
        lines.append("")
    roles = _section(f"{game_id}.roles")
    if roles:
        lines.append(f"## {t('rules.roles')}")
        for r in roles.values():
            if isinstance(r, dict) and "name" in r:
                lines.append(f"- **{r['name']}** — {fmt(r.get('power', ''))}")
        lines.append("")
    for key, heading in (("modes", t("rules.modes")), ("addons", t("rules.addons"))):
        sec = _section(f"{game_id}.{key}")
        if sec:
            lines.append(f"## {heading}")
            for m in sec.values():
                if isinstance(m, dict) and "name" in m:
                    sub = f" ({m['subtitle']})" if m.get("subtitle") else ""
                    lines.append(f"### {m['name']}{sub}")
                    if m.get("help"):
                        lines.append(fmt(m["help"]))
                    lines.append("")
    if len(lines) <= 3:
        lines.append(t("rules.missing"))
    return "\n".join(lines)


def rules_text(game_id: str) -> str:
    key = f"{game_id}.rules_text"
    if has(key):
        return t(key, **_params(game_id))
    path = data_root() / game_id / "rules.md"
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return composed_rules(game_id)


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app, game_id: str | None = None):
        super().__init__(app)
        from ...games import registry
        self.backdrop = Backdrop(app, glow_pos=(300, 300), glow_radius=640, embers=14)
        self.games = []
        for gid in registry.game_ids():
            try:
                title = registry.get(gid).title
            except Exception:      # noqa: BLE001 - a game that does not import still has a tab
                title = gid
            self.games.append((gid, title))
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

    def select(self, gid):
        self.game_id = gid
        for g, b in self.tabs.items():
            b.selected = g == gid
        self.text.set_text(rules_text(gid) if gid else t("rules.missing"))

    def update(self, dt):
        super().update(dt)
        self.backdrop.update(dt)

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

    def help_lines(self):
        return [(t("help.wheel"), t("help.scroll")), ("PgUp / PgDn", t("help.scroll")), ("Esc", t("help.back"))]


__all__ = ["RulesScene", "rules_text", "SPACE"]
