"""The coach of a guided first game (a tutorial) on the real table.

`start_tutorial(app, spec)` opens the game's script (game/core/tutorial.py) on the
game's own table: the real rules, its seed and options, the opponents playing their
script. The `Coach` sits on the TableScene (`scene.coach`): it draws the step's words
in a panel, a glow and an arrow on the thing to click or drag, and refuses any other
action of the learner with the step's words (the scene asks `coach.refuse(seat,
action)` before it hands an action to the Match). When the script is played out it
stops the opponents and hands over: play on against the AI from this position, or a
new game.

Progress is the match's log (see game/core/tutorial.py), so the tutorial's autosave
(`<game>-tutorial.json`, marked `extra.tutorial`) resumes it from Continue or Load.
"""
from __future__ import annotations

import math

import pygame

from ...core.i18n import has, t
from ...core.match import Match, SeatInfo
from ...core.tutorial import ScriptedAgent, Tutorial, load_script
from ..theme import FONT
from ..widgets import Button, draw_panel, draw_text
from .pointing import action_rects, clickable_rects, gesture_rects, kit_buttons, named_rects, nonempty_rect

PANEL_W = 600               # on the felt; over a chronicle the panel takes the chronicle's width
PANEL_MIN_W = 360
PANEL_PAD = 22
ARROW_LEN = 130.0
FLASH_SECONDS = 1.6         # how long the panel shows a refusal
MARK = "tutorial"            # the record's extra key that marks a tutorial's save
COACHED = "coached"          # … and, in a game played on from one, how many moves were the script's


# -- opening, resuming, handing over ---------------------------------------------------
def tutorial_autosave(game_id: str):
    from .savefiles import autosave_path
    return autosave_path(f"{game_id}-{MARK}")


def tutorial_seats(tutorial: Tutorial) -> list[SeatInfo]:
    return [SeatInfo(name or t("seat.default_human"), "human" if i == tutorial.human else "ai", "normal")
            for i, name in enumerate(tutorial.names)]


def scripted_agents(tutorial: Tutorial, log_of) -> dict:
    return {seat: ScriptedAgent(tutorial, seat, log_of) for seat in range(tutorial.players)
            if seat != tutorial.human}


def start_tutorial(app, spec) -> bool:
    """Open the game's guided first game; a script that cannot be read is said, not raised."""
    from ... import registry
    try:
        tutorial = load_script(spec.id)
        ruleset = registry.ruleset(spec.id)
        holder: list = []
        agents = scripted_agents(tutorial, lambda: holder[0].log)
        match = Match(spec.id, ruleset, tutorial_seats(tutorial), tutorial.options, tutorial.seed,
                      agents=agents, autosave_path=tutorial_autosave(spec.id), time_scale=None)
        holder.append(match)
    except Exception as exc:          # noqa: BLE001 - a broken script never takes the app down
        app.toast(t("learn.cannot_start", error=str(exc)[:300]), "error", 8.0)
        app.sound.play("error")
        return False
    match.extra[MARK] = spec.id
    open_coached(app, spec, match, tutorial)
    try:
        match.save(match.autosave_path)
    except OSError:
        pass
    return True


def resume_tutorial(app, spec, record, path) -> bool:
    """A save marked as a tutorial opens with its coach, from where it was left."""
    from ...core.match import replay_record
    from ... import registry
    tutorial = load_script(spec.id)
    holder: list = []
    agents = scripted_agents(tutorial, lambda: holder[0].log)
    match, _stop = replay_record(record, registry.ruleset(spec.id), agents=agents,
                                 autosave_path=tutorial_autosave(spec.id))
    holder.append(match)
    match.extra[MARK] = spec.id
    open_coached(app, spec, match, tutorial)
    return True


def open_coached(app, spec, match, tutorial):
    match.time_scale = None                 # a learner is never hurried
    scene = app.open_table(spec, match)
    scene.coach = Coach(scene, tutorial)    # before the first frame: the coach gates the learner's first move
    return scene


def play_on(app, spec, match):
    """The same position, the opponents now the game's normal AI, saved as a normal game."""
    from ...core.match import replay_record
    from ...core.record import Record
    from ... import registry
    from .savefiles import autosave_path
    from .table import make_agents
    record = match.record()
    seats = [SeatInfo(s.name, s.kind, "normal") for s in match.seats]
    record = Record(game=record.game, options=record.options, seed=record.seed,
                    seats=[s.to_json() for s in seats], actions=record.actions, digest=record.digest,
                    app_version=record.app_version, data_digest=record.data_digest)
    agents = make_agents(spec, seats, record.seed, warn=lambda m: app.toast(m, "warning", 8.0))
    new, _stop = replay_record(record, registry.ruleset(spec.id), agents=agents,
                               autosave_path=autosave_path(spec.id))
    new.extra[COACHED] = len(record.actions)    # the moves the coach asked for: no review weighs them
    _forget(match.autosave_path)
    app.open_table(spec, new)
    new.save(new.autosave_path) if new.autosave_path is not None else None


def _forget(path) -> None:
    if path is None:
        return
    try:
        path.unlink()
    except OSError:
        pass


class Coach:
    """The tutorial's words, pointer and gatekeeper on a TableScene."""

    def __init__(self, scene, tutorial: Tutorial):
        self.scene, self.tutorial = scene, tutorial
        self.app = scene.app
        self.done = False
        self.buttons: list[Button] = []
        self.panel = pygame.Rect(0, 0, PANEL_MIN_W, 120)
        self.t = 0.0
        self._params = None
        self.refused: str | None = None      # the words of the last refusal
        self.flash = 0.0                     # seconds the panel still shows it
        self.arrow = None                    # (tail, head) of the arrow last drawn, or None

    # -- the words -------------------------------------------------------------------
    @property
    def log(self):
        return self.scene.match.log

    def params(self) -> dict:
        if self._params is None:
            rules = self.scene.match.rules
            own = getattr(rules, "text_params", None)
            params = dict(own()) if callable(own) else {}
            seats = self.scene.match.seats
            others = [s.name for i, s in enumerate(seats) if i != self.tutorial.human]
            params.update(name=others[0] if others else "", you=seats[self.tutorial.human].name)
            self._params = params
        return self._params

    def say(self, key: str) -> str:
        full = f"{self.tutorial.game_id}.tutorial.{key}"
        if not has(full):
            return key.replace("_", " ")
        try:
            return t(full, **self.params())
        except (KeyError, ValueError, IndexError):
            return t(full)

    def step_text(self, step) -> str:
        return self.say(step.say)

    # -- the gate ----------------------------------------------------------------------
    def refusal(self, seat, action) -> str | None:
        """None when the learner's action is the step's; else the step's words."""
        if seat != self.tutorial.human:
            return None
        if self.done:
            return t("learn.finished_hint")
        if self.tutorial.allows(self.log, seat, action):
            return None
        step = self.tutorial.step_at(self.log)
        return self.step_text(step) if step is not None else t("learn.watch", name=self.params()["name"])

    def refuse(self, seat, action) -> bool:
        """The scene's gate: True refuses the action. The refusal is said in the coach's
        own panel (it flashes with the step's words), not in a toast: a toast lands over
        the middle of the table and would cover, and swallow the click on, the very thing
        the step points at."""
        why = self.refusal(seat, action)
        if why is None:
            return False
        self.refused = why
        self.flash = FLASH_SECONDS
        self.scene.redraw = True
        self.app.sound.play("error")
        return True

    # -- each frame --------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.flash = max(0.0, self.flash - dt)
        if not self.done and (self.tutorial.finished(self.log) or self.scene.match.over):
            self.finish()
        if self.done:
            self.scene.autoplay = False      # the scripted opponents have nothing more to say
        for b in self.buttons:
            b.update(dt)

    def finish(self) -> None:
        self.done = True
        self.scene.redraw = True
        inner = self.width() - 2 * PANEL_PAD
        play_on = t("learn.play_on" if self.scene.match.agents else "learn.play_on_alone")
        labels = (play_on, t("learn.new_game"))
        # the largest size at which both labels fit the panel whole
        size = next((z for z in (FONT.button - 4, FONT.small, FONT.tiny)
                     if all(self.app.assets.text_size(x, z, bold=True)[0] + 76 <= inner for x in labels)), FONT.tiny)

        def width(label):
            return min(inner, self.app.assets.text_size(label, size, bold=True)[0] + 76)
        self.buttons = [
            Button(self.app, (0, 0, width(play_on), 56), play_on, self.on_play_on, icon="dice", style="primary",
                   size=size),
            Button(self.app, (0, 0, width(labels[1]), 56), labels[1], self.on_new_game, icon="confirm", size=size),
        ]

    def button_rows(self) -> list:
        """The hand-over buttons in rows that fit the panel (one row when both fit)."""
        rows, row, used = [], [], 0
        for b in self.buttons:
            if row and used + 14 + b.rect.w > self.width() - 2 * PANEL_PAD:
                rows.append(row)
                row, used = [], 0
            used += (14 if row else 0) + b.rect.w
            row.append(b)
        return rows + ([row] if row else [])

    def on_play_on(self):
        play_on(self.app, self.scene.spec, self.scene.match)

    def on_new_game(self):
        _forget(self.scene.match.autosave_path)
        self.scene.match.autosave_path = None
        self.app.to_menu()
        self.app.open_new_game(self.scene.spec.id)

    def handle_event(self, e) -> bool:
        for b in self.buttons:
            if b.handle_event(e):
                return True
        return False

    def learner_decides(self) -> bool:
        return bool(self.scene.match.decisions_for(self.tutorial.human)) and not self.scene.table.busy()

    # -- drawing -------------------------------------------------------------------------
    def targets(self, step) -> list:
        table = self.scene.table
        try:
            rects = named_rects(table, step.target) if step.target else \
                gesture_rects(table, step.expect) or action_rects(table, step.expect)
        except Exception:            # noqa: BLE001 - a table without the piece: words without an arrow
            rects = []
        if len(rects) > 1 and getattr(table, "armed", None) is not None:
            rects = rects[1:] + rects[:1]        # picked up: now point at where it goes
        return [pygame.Rect(r) for r in rects]

    def text_now(self):
        """(heading, words, rects to point at)."""
        if self.done:
            return t("learn.done_title"), self.say("done"), []
        step = self.tutorial.step_at(self.log)
        if step is None or not self.learner_decides():
            return t("learn.coach"), t("learn.watch", name=self.params()["name"]), []
        heading = t("learn.step", n=step.index + 1, total=len(self.tutorial.steps))
        return heading, self.step_text(step), self.targets(step)

    def chronicle(self):
        """The table's chronicle column (on the right half), or None."""
        log_rect = getattr(self.scene.table, "log_rect", None)
        try:
            log = nonempty_rect(log_rect()) if callable(log_rect) else None
        except Exception:            # noqa: BLE001 - a table without one
            return None
        return log if log is not None and log.right > self.scene.ctx.size[0] // 2 else None

    def width(self) -> int:
        """The panel's width: the chronicle's (it covers the chronicle, not the felt),
        else a width for the felt."""
        log = self.chronicle()
        return PANEL_W if log is None else max(PANEL_MIN_W, min(PANEL_W, log.w + 24))

    def place(self, height: int, rects: list) -> pygame.Rect:
        """The first place of a few that covers none of the things pointed at: over the
        top of the chronicle first (the coach says what happens; the felt stays clear),
        then its bottom, then spots on the felt."""
        size = self.scene.ctx.size
        cx = self.scene.play_center_x()
        spots = []
        log = self.chronicle()
        width = self.width()
        if log is not None:
            right = min(size[0] - 12, log.right + 12)
            spots += [(right - width // 2, log.y), (right - width // 2, max(log.y, log.bottom - height))]
        spots += [(cx, 150), (cx, 560), (330, 430), (cx, size[1] - 40 - height), (330, 150)]
        keep = [r.inflate(40, 40) for r in rects]
        try:                                    # and none of the table's own buttons
            keep += [pygame.Rect(b.rect) for b in kit_buttons(self.scene.table) if nonempty_rect(b.rect)]
        except Exception:                       # noqa: BLE001 - a table without the kit's buttons
            pass
        for x, y in spots:
            r = pygame.Rect(0, 0, width, height)
            r.midtop = (x, y)
            r.clamp_ip(pygame.Rect(0, 0, *size).inflate(-24, -24))
            if not any(r.colliderect(k) for k in keep):
                return r
        r = pygame.Rect(0, 0, width, height)
        r.midtop = spots[0]
        return r

    def draw(self, surf) -> None:
        pal = self.app.pal
        heading, words, rects = self.text_now()
        block = self.app.assets.text_block(words, FONT.body, pal.text, self.width() - 2 * PANEL_PAD)
        rows = self.button_rows()
        height = PANEL_PAD * 2 + 40 + block.get_height() + 70 * len(rows)
        self.panel = self.place(height, rects)
        for r in rects:
            self.draw_glow(surf, r)
        self.arrow = self.arrow_at(self.panel, rects[0]) if rects else None
        if self.arrow is not None:
            self.draw_arrow(surf, *self.arrow)
        refusing = self.flash > 0 and not self.done
        tone = pal.danger_hi if refusing else pal.gold
        panel = self.panel.move(int(6 * math.sin(self.flash * 40)) if self.flash > FLASH_SECONDS - 0.4 else 0, 0)
        draw_panel(surf, panel, self.app, alpha=255, edge=tone)     # opaque: no chronicle shows through
        if refusing:
            pygame.draw.rect(surf, pal.danger_hi, panel.inflate(6, 6), 3, border_radius=14)
            heading = t("learn.not_that")
        ic = self.app.assets.icon("close" if refusing else "help", 30, tone)
        surf.blit(ic, (panel.x + PANEL_PAD, panel.y + PANEL_PAD))
        draw_text(surf, self.app, heading, (panel.x + PANEL_PAD + 40, panel.y + PANEL_PAD + 2),
                  FONT.small, tone, bold=True)
        surf.blit(block, (panel.x + PANEL_PAD, panel.y + PANEL_PAD + 40))
        y = self.panel.bottom - PANEL_PAD - 56 - 70 * (len(rows) - 1)
        for row in rows:
            x = self.panel.x + PANEL_PAD
            for b in row:
                b.rect.topleft = (x, y)
                x += b.rect.w + 14
                b.draw(surf)
            y += 70

    def draw_glow(self, surf, rect) -> None:
        pal = self.app.pal
        k = 0.5 + 0.5 * math.sin(self.t * 4.0)
        glow = pygame.Surface((rect.w + 36, rect.h + 36), pygame.SRCALPHA)
        for i, a in enumerate((50, 90, 150, 230)):
            pygame.draw.rect(glow, (*pal.gold[:3], int(a * (0.6 + 0.4 * k))), glow.get_rect().inflate(-i * 8, -i * 8),
                             5, border_radius=16)
        surf.blit(glow, (rect.x - 18, rect.y - 18))

    def arrow_at(self, panel, rect):
        """(tail, head) of a short arrow to the thing, stopping at its glow's edge: from the
        panel's side (a line all the way would hide whatever lies between), else — when
        that way it would lie over another button, as over a stepper's neighbour — from
        above, below, the left or the right, the first way over none, else a shorter one;
        None when the panel is on the thing or every way hides a button (in a grid of
        buttons the glow alone shows the one)."""
        tx, ty = rect.center
        px = min(max(tx, panel.left + 30), panel.right - 30)
        py = panel.bottom if ty > panel.bottom else (panel.top if ty < panel.top else panel.centery)
        if panel.top <= ty <= panel.bottom:
            px = panel.right if tx > panel.right else panel.left
        dist = math.hypot(tx - px, ty - py)
        if dist < 30:
            return None
        halo = rect.inflate(28, 28)
        try:
            buttons = [r for r in clickable_rects(self.scene.table) if not r.colliderect(rect)]
        except Exception:            # noqa: BLE001 - a table without the kit's buttons: the panel's way
            buttons = []
        screen = pygame.Rect(0, 0, *self.scene.ctx.size)
        ways = [((tx - px) / dist, (ty - py) / dist), (0, 1), (0, -1), (1, 0), (-1, 0)]
        for longest in (ARROW_LEN, ARROW_LEN / 2.5):
            for n, (ux, uy) in enumerate(ways):
                back = 0.0
                while back < dist and halo.collidepoint(tx - ux * back, ty - uy * back):
                    back += 4.0
                length = min(longest, max(0.0, dist - back - 6)) if n == 0 else longest
                head = (tx - ux * back, ty - uy * back)
                tail = (head[0] - ux * length, head[1] - uy * length)
                box = pygame.Rect(min(tail[0], head[0]), min(tail[1], head[1]),
                                  abs(ux) * length + 1, abs(uy) * length + 1).inflate(30, 30)
                in_the_way = buttons if n == 0 else buttons + [panel]      # the first way starts at the panel
                if length > 20 and screen.contains(box) and not any(box.colliderect(o) for o in in_the_way):
                    return tail, head
        return None

    def draw_arrow(self, surf, start, end) -> None:
        """The arrow, its head bobbing toward the thing and back."""
        pal = self.app.pal
        dist = math.hypot(end[0] - start[0], end[1] - start[1]) or 1.0
        ux, uy = (end[0] - start[0]) / dist, (end[1] - start[1]) / dist
        bob = 6 * math.sin(self.t * 5.0)
        end = (end[0] - ux * bob, end[1] - uy * bob)
        start = (start[0] - ux * bob, start[1] - uy * bob)
        for width, color in ((14, (0, 0, 0)), (8, pal.gold)):
            pygame.draw.line(surf, color, start, end, width)
        head = [end, (end[0] - ux * 30 - uy * 18, end[1] - uy * 30 + ux * 18),
                (end[0] - ux * 30 + uy * 18, end[1] - uy * 30 - ux * 18)]
        pygame.draw.polygon(surf, (0, 0, 0), [(x + 2, y + 3) for x, y in head])
        pygame.draw.polygon(surf, pal.gold, head)


__all__ = ["Coach", "start_tutorial", "resume_tutorial", "play_on", "tutorial_autosave", "MARK"]
