"""Where a kit table offers an action: the rects the guided game's coach points at (a
script's named target, the next gesture of a staged move, the button, card or chip that
plays an action), and where the Hint glows (scenes/hint_panel.py starts from these).

Both the coach and the Hint read the table through its public kit (buttons, sprites,
options_for, target_rect and the optional hooks coach_gesture and hint_rects), so this
module imports no scene.
"""
from __future__ import annotations

import pygame

from ...core.tutorial import matches


def kit_buttons(table) -> list:
    from ..table.items import handle
    out = [b for w in getattr(table, "widgets", []) or [] for b in handle(w).buttons()]
    banner = getattr(table, "banner", None)
    if banner is not None:
        out += list(banner.spec.buttons)
    return out


def clickable_rects(table) -> list:
    """Rects a person clicks on the table: the kit's buttons, the cards in hand and an open
    staging tray's steppers, confirm and reset (the coach's arrow keeps off the ones it
    does not mean)."""
    out = [getattr(b, "rect", None) for b in kit_buttons(table)]
    out += [sp.rect() for sp in getattr(table, "sprites", []) or [] if sp.zone == "hand" and not sp.hidden]
    tray = getattr(table, "tray", None)
    if tray is not None and not getattr(tray, "submitted", True):
        out += [b.rect for b in list(getattr(tray, "step_btns", [])) + [getattr(tray, "submit_btn", None),
                                                                          getattr(tray, "reset_btn", None)] if b]
    return [pygame.Rect(r) for r in out if nonempty_rect(r)]


def nonempty_rect(value):
    try:
        r = pygame.Rect(value)
    except (TypeError, ValueError):
        return None
    return r if r.w > 0 and r.h > 0 else None


def _zone_matches(zid, name: str, viewer) -> bool:
    if isinstance(zid, tuple):
        return zid and str(zid[0]) == name and (len(zid) == 1 or zid[1] == viewer)
    return str(zid) == name


def named_rects(table, target: str) -> list:
    """Rects for a script's target: button:<id>, zone:<id>, seat:<n>, card:<key>,
    piece:<n> and point:x,y on a measured board, rect:x,y,w,h; "A > B" is a drag from
    A to B (both, in that order)."""
    if ">" in target:
        return [r for part in target.split(">") for r in named_rects(table, part.strip())]
    kind, _, arg = target.partition(":")
    viewer = getattr(table.ctx, "viewer", None)
    if kind == "button":
        return [b.rect for b in kit_buttons(table) if str(b.id) == arg or (isinstance(b.id, tuple)
                                                                         and ":".join(map(str, b.id)) == arg)]
    if kind == "zone":
        hits = [table.target_rect(("zone", zid)) or z.rect for zid, z in getattr(table, "zones", {}).items()
                if _zone_matches(zid, arg, viewer)]
        return [r for r in hits if nonempty_rect(r)]
    if kind == "seat":
        r = table.target_rect(("seat", int(arg))) if arg.isdigit() else None
        return [r] if nonempty_rect(r) else []
    if kind == "card":
        keys = arg.split(",")
        return [sp.rect() for sp in getattr(table, "sprites", []) if sp.key in keys and not sp.hidden
                and sp.face_up]
    if kind == "piece":
        piece = (getattr(table, "pieces", None) or {}).get(int(arg)) if arg.isdigit() else None
        return [pygame.Rect(piece.bounds)] if piece is not None and not getattr(piece, "gone", False) else []
    if kind == "point":
        camera = getattr(getattr(table, "board", None), "camera", None)
        try:
            x, y = (float(v) for v in arg.split(","))
        except ValueError:
            return []
        if camera is None or not callable(getattr(camera, "to_screen", None)):
            return []
        r = pygame.Rect(0, 0, 36, 36)
        r.center = tuple(int(v) for v in camera.to_screen((x, y)))
        return [r]
    if kind == "rect":
        r = nonempty_rect([int(v) for v in arg.split(",")]) if arg.count(",") == 3 else None
        return [r] if r else []
    return []


def gesture_rects(table, pattern) -> list:
    """Where the next local gesture toward the action is, when the table builds it in
    several (a staging tray, cards staged on a piece): the table's own hook
    `coach_gesture(pattern)` compares what is staged with the action and names the next
    +, card or confirm to use. [] when the table has no such hook or no staging leads
    to the action (then the action's own button or card is found)."""
    hook = getattr(table, "coach_gesture", None)
    rects = hook(pattern) if callable(hook) else None
    return [r for r in rects or [] if nonempty_rect(r)]


def action_rects(table, pattern) -> list:
    """Where the table offers an action that fits the pattern: its button; else the card
    that plays it when clicked (and the place it is dropped on); else the chip or pawn
    that is dragged to a place for it (and that place)."""
    buttons = kit_buttons(table)
    out = [b.rect for b in buttons if isinstance(b.action, tuple) and matches(pattern, b.action)]
    if out:
        return [r for r in out if nonempty_rect(r)]
    options_for = getattr(table, "options_for", None)
    for sp in getattr(table, "sprites", []) if options_for is not None else []:
        if sp.hidden:
            continue
        for o in options_for(sp) or []:
            if isinstance(o.action, tuple) and matches(pattern, o.action):
                out = [sp.rect()] + ([table.target_rect(o.target)] if o.target is not None else [])
                return [r for r in out if nonempty_rect(r)]
    for b in buttons:
        for o in getattr(b, "options", None) or []:
            if isinstance(o.action, tuple) and matches(pattern, o.action):
                out = [b.rect] + ([table.target_rect(o.target)] if o.target is not None else [])
                return [r for r in out if nonempty_rect(r)]
    return []
