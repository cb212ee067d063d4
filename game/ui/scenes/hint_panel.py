"""The Hint on a table (game/ai/advice.py in the window).

While it is the viewer's decision, a Hint button (and the I key) asks the game's hard
agent, off the render loop, for its best two or three moves from the viewer's view
alone; the panel shows each with its estimated chance (≈ %) and its reason, and a
click on one makes the table glow where that move is played. The search runs on its
own worker thread (AgentWorker), so the table never waits; Cancel, Esc, or the game
moving on drop it. At a table with more than one person Hints are off unless the
new-game screen turned them on (Settings.hints_shared). Every Hint shown is counted
for its seat in the match's extra (`hints_taken`; saved with the game, read by the results
screen).

The table scene holds one HintPanel and calls it from a few hook lines: handle_event
first, update, draw after the table, help_lines, exit.
"""
from __future__ import annotations

import math

import pygame

from ...ai import advice
from ...core.i18n import t
from ..agent_worker import AgentWorker
from ..theme import FONT, LOGICAL_SIZE
from ..widgets import Button, draw_panel, draw_text, fit_text
from .match_words import action_label
from .pointing import action_rects as coach_rects

HINT_KEY = pygame.K_i
PANEL_W = 760
ROW_H = 140             # a row's least height; a long move or reason makes it taller
HEAD_LINE, REASON_LINE = 28, 24
PANEL_TOP, PANEL_CHROME = 76, 96 + 70    # the panel's top; its title and its Close row
ESC_GRACE = 1.5         # seconds after the panel closed itself in which Esc is still meant for it


class HintAsker:
    """What the worker thread runs: `choose` returns a whole Hint (the worker calls any
    agent's `choose(view, decision, budget)`). The events the seat has seen are replayed
    here, off the render loop, for agents with a memory (Schemers' challenges)."""

    def __init__(self, spec, match, seat: int, seed: int):
        self.spec, self.seat, self.seed = spec, seat, seed
        self.rules, self.players = match.rules, len(match.seats)
        self.options, self.game_seed = match.options, match.seed
        self.log = list(match.log)

    def seen_events(self) -> list:
        state = self.rules.setup(self.players, self.options, self.game_seed)
        seen = []
        for who, action in self.log:
            seen += [e for e in self.rules.apply(state, who, action) if e.visible_to(self.seat)]
        return seen

    def choose(self, view, decision, budget=None):
        return advice.hint(self.spec, view, decision, seed=self.seed, observed=self.seen_events())


def move_words(spec, match, view, kind, action) -> str:
    """A move in words: the game's own (GameAdvice.label), else the table's label."""
    names = [s.name for s in match.seats]
    return advice.move_label(spec, view, kind, action, names) or action_label(spec.id, action, kind)


def hints_taken(match) -> dict:
    """seat -> how many Hints that seat took in this match."""
    raw = getattr(match, "extra", {}).get("hints") or {}
    out = {}
    for k, v in raw.items():
        try:
            out[int(k)] = int(v)
        except (TypeError, ValueError):
            continue
    return out


def count_hint(match, seat: int) -> None:
    hints = match.extra.setdefault("hints", {})
    hints[str(seat)] = int(hints.get(str(seat), 0)) + 1


def action_rects(table, action) -> list:
    """Where `action` is played on a kit table: what the guided game's coach points at
    (its button, or the card or chip that plays it and where it is dropped), then any
    other chip, die or token stack offering it, and a table's own `hint_rects(action)`
    (a point on a board)."""
    rects = [pygame.Rect(r) for r in coach_rects(table, action)]
    things = list(getattr(table, "widgets", [])) + list(getattr(table, "dice", [])) + \
        list(getattr(getattr(table, "tokens", {}), "values", lambda: [])())
    for thing in things:
        try:
            options = table.options_for(thing) or []
        except Exception:            # noqa: BLE001 - a thing the table has no options for
            continue
        for opt in options:
            if opt.action != action:
                continue
            r = _rect_of(thing)
            if r is not None:
                rects.append(r)
            if opt.target is not None and table.target_rect(opt.target) is not None:
                rects.append(pygame.Rect(table.target_rect(opt.target)))
    hook = getattr(table, "hint_rects", None)
    if callable(hook):
        rects += [pygame.Rect(r) for r in hook(action) or []]
    rects += board_rects(table, action)
    unique = []
    for r in rects:
        if r.w > 0 and r.h > 0 and r not in unique:
            unique.append(r)
    return unique


def board_rects(table, action) -> list:
    """On a measured board (game/ui/table/board.py): a point (verb, x, y) where it lies,
    with the piece about to go there; a character (verb, i) named by the view's `chars`
    at its piece."""
    board = getattr(table, "board", None)
    camera = getattr(board, "camera", None)
    to_screen = getattr(camera, "to_screen", None)
    if not callable(to_screen) or not isinstance(action, tuple) or len(action) < 2:
        return []
    view = getattr(table, "view", None) or {}
    pieces = {getattr(p, "id", None): p for p in getattr(board, "pieces", [])}
    size = max(28, int(getattr(camera, "ppi", 40) * 1.2))
    out = []

    def around(point, k=1.0):
        x, y = to_screen(point)
        r = pygame.Rect(0, 0, int(size * k), int(size * k))
        r.center = (int(x), int(y))
        out.append(r)
    numbers = [a for a in action[1:] if isinstance(a, (int, float)) and not isinstance(a, bool)]
    if len(action) == 3 and len(numbers) == 2 and any(isinstance(a, float) for a in numbers):
        around((action[1], action[2]))
        act = view.get("act") or {}
        piece = pieces.get(act.get("piece"))
        if piece is not None:
            around(piece.pos, 1.2)
    elif len(action) == 2 and isinstance(action[1], int):
        chars = view.get("chars") or []
        if 0 <= action[1] < len(chars):
            piece = pieces.get(chars[action[1]].get("id"))
            if piece is not None:
                around(piece.pos, 1.2)
    return out


def _rect_of(thing):
    r = getattr(thing, "rect", None)
    if callable(r):
        r = r()
    if r is not None:
        return pygame.Rect(r)
    if hasattr(thing, "x") and hasattr(thing, "y") and hasattr(thing, "size"):
        w, h = thing.size
        return pygame.Rect(int(thing.x - w / 2), int(thing.y - h / 2), int(w), int(h))
    return None


class HintPanel:
    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.worker: AgentWorker | None = None
        self.key = None                 # the decision the panel is for (key_of)
        self.hint: advice.Hint | None = None
        self.error: str | None = None
        self.open = False
        self.chosen = None              # the move shown on the table
        self.t = 0.0
        self.closed_itself_at: float | None = None   # self.t when the game moving on closed it
        self.rows: list[pygame.Rect] = []
        self.labels: list[str] = []     # the moves in words, read when the Hint came
        self._layout: tuple = (None, [])  # (what it was made for, rows) - see row_layouts
        self.button = Button(self.app, (0, 12, 170, 52), t("advice.hint"), self.ask, icon="lantern",
                             tooltip=t("advice.hint_tip"), size=FONT.button - 4)
        self.cancel_btn = Button(self.app, (0, 0, 180, 48), t("advice.cancel"), self.close, icon="close",
                                 size=FONT.button - 6)

    # -- when -----------------------------------------------------------------------------
    def allowed(self) -> bool:
        """Hints at this table: one person, or several with the new-game setting on."""
        s = self.scene
        if getattr(s.match, "remote", False):
            return False        # a networked table: the Hint replays the log, which only the host has
        return bool(s.humans) and (not s.hotseat or bool(getattr(self.app.settings, "hints_shared", False)))

    def decision(self):
        """The viewer's own open decision, if the Hint may look at it now."""
        s, m = self.scene, self.scene.match
        v = s.viewer
        if v is None or m.over or s.curtain is not None or v not in s.humans or not self.allowed():
            return None
        if getattr(s, "coach", None) is not None:      # a guided first game points the way itself
            return None
        mine = m.decisions_for(v)
        return mine[0] if mine else None

    @staticmethod
    def key_of(d):
        """One decision, whatever others do meanwhile (a sealed plan stays the same
        question while the other seats commit theirs)."""
        return (d.seat, d.kind, d.clock_key, hash(tuple(d.actions)))

    def current_key(self):
        d = self.decision()
        return None if d is None else self.key_of(d)

    # -- actions ---------------------------------------------------------------------------
    def ask(self):
        d = self.decision()
        if d is None:
            self.app.toast(t("advice.not_yours") if self.allowed() else t("advice.off_hotseat"), "info", 3.0)
            return
        m = self.scene.match
        if self.worker is None:
            self.worker = AgentWorker(name="nocturne-hint")
        self.worker.cancel()
        self.key = self.key_of(d)
        self.hint, self.error, self.chosen, self.open = None, None, None, True
        asker = HintAsker(self.scene.spec, m, d.seat, seed=m.seed * 7919 + len(m.log))
        self.worker.request(self.key, asker, m.view(d.seat), d)
        self.scene.redraw = True

    def close(self):
        """Close the panel; the move shown on the table stays lit until the decision is
        answered (or another Hint is asked)."""
        if self.worker is not None:
            self.worker.cancel()
        self.open, self.hint, self.error = False, None, None
        self.scene.redraw = True

    def shutdown(self):
        if self.worker is not None:
            self.worker.close()
            self.worker = None

    def show_move(self, i: int):
        if self.hint is None or i >= len(self.hint.moves):
            return
        action = self.hint.moves[i].action
        self.chosen = None if self.chosen == action else action
        if self.chosen is not None and not action_rects(self.scene.table, action):
            self.app.toast(t("advice.not_on_table"), "info", 3.0)
        self.scene.redraw = True

    # -- frame -------------------------------------------------------------------------------
    def thinking(self) -> bool:
        return self.open and self.hint is None and self.error is None

    def update(self, dt):
        self.t += dt
        if (self.open or self.chosen is not None) and self.key != self.current_key():
            if self.open:
                self.closed_itself_at = self.t
            self.close()                 # the game moved on: that Hint is about the past
            self.chosen = None
        if self.worker is not None:
            for key, result, error, _secs in self.worker.poll():
                if key != self.key or not self.open:
                    continue
                if error is not None or not isinstance(result, advice.Hint):
                    self.error = t("advice.failed", error=error or "?")
                else:
                    self.hint = result
                    self.labels = [move_words(self.scene.spec, self.scene.match, result.view, result.kind, m.action)
                                   for m in result.moves]
                    count_hint(self.scene.match, key[0])
                self.scene.redraw = True
        self.place()
        self.button.update(dt)
        self.cancel_btn.update(dt)

    def place(self):
        s = self.scene
        right = LOGICAL_SIZE[0] - 142
        for other in (getattr(s, "unpeek_btn", None), getattr(s, "ff_btn", None)):
            if other is not None:
                right = min(right, other.rect.x - 12)
        w = max(170, self.app.assets.text_size(t("advice.hint"), FONT.button - 4, bold=True)[0] + 90)
        self.button.rect = pygame.Rect(right - w, 12, w, 52)
        self.button.label = t("advice.hint")
        visible = self.decision() is not None
        if visible != self.button.visible:
            self.scene.redraw = True     # a still table draws on change only
        self.button.visible = visible
        self.button.set_enabled(not self.thinking())

    def panel_rect(self) -> pygame.Rect:
        rows = self.row_layouts()
        h = PANEL_CHROME + (sum(row[3] for row in rows) if rows else ROW_H)
        r = pygame.Rect(0, 0, PANEL_W, h)
        r.topright = (LOGICAL_SIZE[0] - 16, PANEL_TOP)
        return r

    def row_layouts(self) -> list:
        """(heads, head size, reason lines, height) for each move of the Hint: a row is as
        tall as its wrapped move and reason, so no reason is cut in any language; only a
        panel that would leave the screen shortens its longest reasons (ending in …)."""
        hint = self.hint
        if hint is None:
            return []
        made_for = (id(hint), tuple(self.labels))
        if self._layout[0] != made_for:
            rows = [self.row_layout(i, move) for i, move in enumerate(hint.moves)]
            room = LOGICAL_SIZE[1] - PANEL_TOP - 16 - PANEL_CHROME
            while sum(row[3] for row in rows) > room:
                i = max(range(len(rows)), key=lambda k: len(rows[k][2]))
                heads, size, lines, h = rows[i]
                if len(lines) <= 1:
                    break
                lines = lines[:-2] + [lines[-2].rstrip(" .,;:—") + " …"]
                rows[i] = (heads, size, lines, max(ROW_H, h - REASON_LINE))
            self._layout = (made_for, rows)
        return self._layout[1]

    def row_layout(self, i, move) -> tuple:
        assets = self.app.assets
        width = PANEL_W - 32
        label = self.labels[i] if i < len(self.labels) else str(move.action)
        pct = move.percent()
        pw = assets.text_size(pct, FONT.body + 2, bold=True)[0] if pct else 0
        # a long move (a plan of six groups) takes two smaller lines
        whole = fit_text(self.app, label, FONT.body, width - 90 - pw, bold=True) == label
        heads = [label] if whole else assets.wrap(label, FONT.body - 4, width - 90 - pw, bold=True)[:2]
        size = FONT.body if whole else FONT.body - 4
        lines = assets.wrap(move.words(), FONT.small - 2, width - 200)
        top = 48 + HEAD_LINE * (len(heads) - 1)
        return heads, size, lines, max(ROW_H, top + REASON_LINE * len(lines) + 28)

    def frame_rate_wanted(self) -> bool:
        return self.thinking() or (self.chosen is not None)

    # -- input --------------------------------------------------------------------------------
    def handle_event(self, e) -> bool:
        is_esc = e.type == pygame.KEYDOWN and getattr(e, "key", None) == pygame.K_ESCAPE
        if is_esc and not self.open and self.closed_itself_at is not None:
            late = self.t - self.closed_itself_at < ESC_GRACE
            self.closed_itself_at = None
            if late:
                return True              # pressed to close a panel that had just gone: not the menu
        if self.open:
            if is_esc:
                self.close()
                return True
            if self.cancel_btn.handle_event(e):
                return True
            if e.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and hasattr(e, "pos") \
                    and self.panel_rect().collidepoint(e.pos):
                self.scene.redraw = True
                return True                # nothing beneath the panel hovers or takes a release
            if e.type == pygame.MOUSEBUTTONDOWN and getattr(e, "button", 1) == 1 and hasattr(e, "pos"):
                for i, r in enumerate(self.rows):
                    if r.collidepoint(e.pos):
                        self.show_move(i)
                        return True
                if self.panel_rect().collidepoint(e.pos):
                    return True
        if self.button.visible and self.button.handle_event(e):
            return True
        if e.type == pygame.KEYDOWN and getattr(e, "key", None) == HINT_KEY \
                and not getattr(e, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if self.scene.viewer in self.scene.humans:
                self.ask()
                return True
        return False

    # -- drawing --------------------------------------------------------------------------------
    def draw(self, surf):
        if self.chosen is not None:
            self.draw_glow(surf)
        if self.button.visible:
            self.button.draw(surf)
        if self.open:
            self.draw_panel(surf)

    def draw_glow(self, surf):
        """Bright rings round where the move is played, and a short arrow from the panel
        to the first of them."""
        rects = action_rects(self.scene.table, self.chosen)
        pal = self.app.pal
        k = 0.5 + 0.5 * math.sin(self.t * 4.0)
        for rect in rects:
            glow = pygame.Surface((rect.w + 36, rect.h + 36), pygame.SRCALPHA)
            for i, a in enumerate((60, 110, 170, 240)):
                pygame.draw.rect(glow, (*pal.gold[:3], int(a * (0.6 + 0.4 * k))),
                                 glow.get_rect().inflate(-i * 8, -i * 8), 5, border_radius=16)
            surf.blit(glow, (rect.x - 18, rect.y - 18))
        if rects and self.open:
            self.draw_arrow(surf, rects[0])

    def draw_arrow(self, surf, rect):
        panel = self.panel_rect()
        if panel.colliderect(rect.inflate(40, 40)):
            return
        tx, ty = rect.center
        sx = panel.left if tx < panel.left else min(max(tx, panel.left), panel.right)
        sy = min(max(ty, panel.top), panel.bottom)
        dx, dy = tx - sx, ty - sy
        dist = math.hypot(dx, dy)
        if dist < 60:
            return
        ux, uy = dx / dist, dy / dist
        reach = dist
        halo = rect.inflate(30, 30)
        while reach > 0 and halo.collidepoint(sx + ux * reach, sy + uy * reach):
            reach -= 4.0
        bob = 6 * math.sin(self.t * 5.0)
        end = (sx + ux * (reach - bob), sy + uy * (reach - bob))
        start = (end[0] - ux * min(90.0, reach), end[1] - uy * min(90.0, reach))
        gold = self.app.pal.gold
        for width, color in ((14, (0, 0, 0)), (8, gold)):
            pygame.draw.line(surf, color, start, end, width)
        head = [end, (end[0] - ux * 30 - uy * 18, end[1] - uy * 30 + ux * 18),
                (end[0] - ux * 30 + uy * 18, end[1] - uy * 30 - ux * 18)]
        pygame.draw.polygon(surf, gold, head)

    def draw_panel(self, surf):
        pal = self.app.pal
        r = self.panel_rect()
        draw_panel(surf, r, self.app, alpha=255, edge=pal.gold_dim)     # opaque: no chronicle shows through
        ic = self.app.assets.icon("lantern", 34, pal.gold)
        surf.blit(ic, (r.x + 20, r.y + 16))
        draw_text(surf, self.app, t("advice.title"), (r.x + 64, r.y + 18), FONT.heading - 10, pal.gold, display=True)
        self.rows = []
        y = r.y + 70
        if self.thinking():
            dots = "." * (1 + int(self.t * 3) % 3)
            draw_text(surf, self.app, t("advice.thinking").rstrip("…") + dots, (r.x + 24, y + 20), FONT.body,
                      pal.text)
        elif self.error is not None:
            block = self.app.assets.text_block(self.error, FONT.small, pal.danger_hi, r.w - 48)
            surf.blit(block, (r.x + 24, y + 10))
        else:
            self.draw_moves(surf, r, y)
        self.cancel_btn.label = t("advice.cancel") if self.thinking() else t("advice.close")
        self.cancel_btn.rect = pygame.Rect(r.right - 200, r.bottom - 62, 180, 48)
        self.cancel_btn.draw(surf)

    def draw_moves(self, surf, r, y):
        pal = self.app.pal
        hint = self.hint
        scale = t("advice.share") if hint.scale == advice.SHARE else t("advice.win")
        note = t("advice.click_to_show") if hint.weighed else t("advice.rule_of_thumb")
        block = self.app.assets.text_block(note, FONT.small - 2, pal.text_dim, r.w - 260)
        surf.blit(block, block.get_rect(midleft=(r.x + 24, r.bottom - 38)))
        for move, (heads, size, lines, row_h) in zip(hint.moves, self.row_layouts()):
            row = pygame.Rect(r.x + 16, y, r.w - 32, row_h - 8)
            self.rows.append(row)
            chosen = move.action == self.chosen
            hovered = row.collidepoint(self.app.mouse)       # the pointer on the canvas, not the window
            fill = pal.panel_hi if chosen or hovered else pal.bg_deep
            draw_panel(surf, row, self.app, alpha=230, fill=fill, edge=pal.gold if chosen else pal.gold_dim,
                       radius=10)
            pct = move.percent()
            pw = self.app.assets.text_size(pct, FONT.body + 2, bold=True)[0] if pct else 0
            draw_text(surf, self.app, f"{len(self.rows)}.", (row.x + 14, row.y + 12), FONT.body, pal.gold, bold=True)
            for k, head in enumerate(heads):
                draw_text(surf, self.app, fit_text(self.app, head, size, row.w - 90 - pw, bold=True),
                          (row.x + 46, row.y + 10 + k * 28), size, pal.text, bold=True)
            if pct:
                draw_text(surf, self.app, pct, (row.right - 14, row.y + 10), FONT.body + 2, pal.gold, bold=True,
                          anchor="topright")
                draw_text(surf, self.app, scale, (row.right - 14, row.y + 44), FONT.small - 4, pal.text_faint,
                          anchor="topright")
            top = 48 + HEAD_LINE * (len(heads) - 1)
            for k, line in enumerate(lines):
                draw_text(surf, self.app, line, (row.x + 46, row.y + top + k * REASON_LINE), FONT.small - 2,
                          pal.text_dim)
            y += row_h


__all__ = ["HintPanel", "HintAsker", "action_rects", "hints_taken", "count_hint", "HINT_KEY"]
