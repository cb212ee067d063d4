"""The table kit's sync role: the shown table follows the viewer's view and events.

Plain functions of a `TableKit`:

- `rebuild(kit, seat)`: a new viewer (hot-seat change, undo, load): everything shown is
  forgotten, the game's `build` hook lays the table out again, the cards are placed at
  once and the chronicle is read again from the log;
- `play_events(kit, events)`: events just applied: the stale controls go, each event the
  viewer may see is written to the chronicle (`log_entry` hook) and animated (`animate`
  hook) in order, then one sync step brings the table to the view after them;
- `show_view(kit, view, instant)`: the sync itself — the game's `zone_cards` and
  `token_counts` hooks say what each zone and token stack holds; sprites are reused by
  key (then any), new ones fade in, leftovers go; `instant` places them, else they glide.
  The game's `before_sync` / `after_sync` hooks run round it (kit.sync_view);
- `rebuild_chronicle(kit)` / `replay_events(match)`: the chronicle of a table opened
  mid-game, from the events replayed on a scratch copy.
"""
from __future__ import annotations

from .tween import linear
from .zones import Stack


def rebuild(kit, seat) -> None:
    kit.ctx.viewer = seat
    kit.anim.flush()
    kit.sprites.clear()
    kit.flyers.clear()
    kit.zones.clear()
    kit.tokens.clear()
    kit.dice.clear()
    kit.drag = kit.press = kit.armed = kit.menu = None
    kit.hover = None
    kit.fx.clear()
    kit.view = kit.view_of(seat)
    kit.building = True
    kit.build(kit.view)
    kit.repaint(background=False)
    kit.sync_view(kit.view, instant=True)
    kit.building = False
    rebuild_chronicle(kit)
    kit.input.invalidate()
    kit.static_layer()                      # render the table once, here, not mid-game
    if not kit.warmed:
        kit.warmed = True
        kit.prewarm()


def play_events(kit, events) -> None:
    if not events:
        return
    kit.history.extend(events)
    # the decisions changed: controls built for the old ones must not be clicked
    kit.widgets, kit.banner, kit.menu = [], None, None
    kit.armed = None
    if kit.drag is not None:
        kit.input.cancel_drag()
    kit.press = None
    vis = [e for e in events if kit.visible(e)]
    after = kit.view_of(kit.viewer)
    for ev in vis:
        entry = kit.log_entry(ev)
        if entry:
            kit.step(lambda entry=entry: (kit.log.add(entry), 0.0)[1])
        kit.animate(ev)
    kit.step(lambda: (kit.sync_view(after), 0.0)[1])
    kit.input.invalidate()


def show_view(kit, view, instant: bool = False) -> None:
    kit.view = view
    for zid, keys in kit.zone_cards(view).items():
        z = kit.zones.get(zid)
        if z is not None:
            _fill_zone(kit, z, keys, instant)
    if instant:
        for z in kit.zones.values():
            _place_at_once(kit, z)
    else:
        kit.layout()
    # stray sprites (left the table) that are not fading: drop
    zoned = {sp.uid for z in kit.zones.values() for sp in z.cards}
    kit.sprites = [sp for sp in kit.sprites if sp.uid in zoned or sp.alpha < 255]
    for tid, n in kit.token_counts(view).items():
        t = kit.tokens.get(tid)
        if t is not None:
            t.count = n
    kit.input.invalidate()


def _fill_zone(kit, z, keys, instant: bool) -> None:
    """The zone's sprites become one per key: those whose key matches first, then any."""
    new_list = []
    pool = list(z.cards)
    for key in keys:
        sp = next((c for c in pool if c.key == key), None)
        if sp is None:
            sp = next((c for c in pool if c.key is None or key is None), None)
        if sp is not None:
            pool.remove(sp)
            sp.key = key
        else:
            start = z.place_for(len(new_list), len(keys))
            sp = kit.new_sprite(key, z, (start[0], start[1]))
            sp.base_size = z.card_size
            sp.w, sp.h = z.card_size
            if not instant:
                sp.alpha = 0

                def fade(t, sp=sp):
                    sp.alpha = int(255 * t)
                kit.anim.tween(0.3, fade, linear, tag=("fade", sp.uid))
        sp.zone = z.id
        new_list.append(sp)
    for sp in pool:
        if sp in kit.sprites:
            kit.sprites.remove(sp)
    z.cards[:] = new_list


def _place_at_once(kit, z) -> None:
    slots = z.slots(len(z.cards))
    for i, sp in enumerate(z.cards):
        x, y, a = slots[i]
        sp.x, sp.y, sp.angle = x, y, a
        sp.w, sp.h = z.card_size
        sp.base_size = z.card_size
        sp.z = z.z * 1000 + i
        sp.home = (x, y, a)
        sp.face_up = kit.face_shown(sp, z)
        sp.flip = None
        sp.hidden = isinstance(z, Stack) and i < len(z.cards) - z.max_visible - 1


def rebuild_chronicle(kit) -> None:
    kit.log.clear()
    if not kit.history:
        kit.history = replay_events(kit.match)
    for ev in kit.history:
        if kit.visible(ev):
            entry = kit.log_entry(ev)
            if entry:
                kit.log.add(entry)


def replay_events(m) -> list:
    """The events of the game so far (what setup showed, then every action), replayed
    on a scratch copy: a new table, or a game resumed from a save, starts with its
    chronicle. Only events visible to the viewer are ever shown."""
    try:
        rules = m.rules
        state = rules.setup(len(m.seats), m.options, m.seed)
        opening = getattr(rules, "opening_events", None)
        out = list(opening(state)) if opening is not None else []
        for seat, action in m.log:
            out += rules.apply(state, seat, action)
        return out
    except Exception:
        return []
