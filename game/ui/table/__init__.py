"""The shared table toolkit: every game's screen is built from it.

Modules
- base.py    TableContext (what the app gives a table) and GameTable (what it calls).
- kit.py     TableKit(GameTable): the public face a game's table subclasses — its hooks,
             the seat and chronicle helpers, zones + sprites + token stacks, the frame.
             The machinery by role, held or called by the kit:
  kit_input.py  TableInput: hover, click, drag, right-click menus, hotkeys, Space/Alt zoom,
                H hide hand, Ctrl+Z, the controls and their input guard, tooltips.
  kit_motion.py Motion: glides, the animation queue's steps (move_card, fly_tokens, ...),
                heralds, floaters, showcases, toasts, flyers.
  kit_decor.py  panels, plaques, glows, score tables, coins (plain functions).
  kit_sync.py   the view -> zones and sprites, a new viewer, events in order, the chronicle.
- tween.py   easing functions, Tween, Animator (ordered steps; speed from settings).
- cards.py   CardFrame, CardRenderer (faces from data, per-game backs, cached), CardSprite.
- zones.py   Zone, Stack (deck/pile), Fan (hand), Row (slots), Spot (board space), TokenStack.
- dice.py    DieRenderer, DieSprite (d6 pips, d12, Omen die; tumbles onto the rolled face),
             DiceTray (groups of dice on felt in a wooden rim, the kept die ringed, the result).
- widgets.py Option, Button, Chip (draggable action), BannerSpec/Banner (countdown bar),
             Menu, NumberPicker, LogPanel, layout_row.
- layout.py  oval_seats (seats adapt to the player count).
- gfx.py     Gfx caches (panels, glows, wrapped text, badges, rotations), seat markers, light.
- strings.py ts(): toolkit words through t("table.<key>") with English fallbacks.
- style.py   palette.

A game's table, in short (kit.py's docstring lists every hook; a game implements hooks and
never overrides the kit's private methods):

    class MyTable(TableKit):
        def build(self, view):              # once per viewer / layout
            self.add_zone(Fan(("hand", me), rect, (150, 210), private=True))
            self.add_zone(Stack("deck", rect, (100, 140)))
            self.add_tokens(TokenStack(("coins", me), (x, y), "ducat"))
        def zone_cards(self, view):          # {zone id: [card key or None]}
        def animate(self, ev):               # event -> self.move_card / fly_tokens / roll_dice / reveal_card
        def controls(self):                  # (widgets, BannerSpec) from self.my_decisions()
        def options_for(self, item):         # [Option(label, action, target=("seat", 2))]
        def target_rect(self, tid):          # where ("seat", 2) is
        def log_entry(self, ev):             # [(text, card_key, colour, bold), ...]
        def before_sync(self, view, instant):  # read the view into the table's own state
        def on_click(self, item, pos):       # the game's own click first; True = handled

Drag a card/chip/die/token: every Option of it with a target lights up; dropping on one
submits its action (several on one target: a menu asks which); elsewhere it glides back.
A click does the same (one option: at once; targeted ones: click the item, then the
target); a right-click lists them all. An Option's action may be a callable for local
steps (e.g. picking cards before a Confirm).

Beyond cards: regions, one hit protocol, pieces, spaces, staging, a measured board
(each module's docstring has the details; tests/ui/test_kit_demo.py composes them all)
- regions.py  Layout(size, {name: Region(x, y, w, h, anchor=, parent=, aspect=, pad=,
              max_w=)}): named rects as fractions of the window (or of a parent region);
              lay["board"], lay.u(0.02) for lengths, lay.font(0.025) for text, lay.split /
              lay.grid, lay.resized(size). Tables hold no pixel literals.
- hit.py      Interactive protocol (layer, hit(pos), bounds, tooltip(), drag_payload(),
              accepts(payload)), HitItem defaults, RectTarget, HitStack (top, drop_target,
              targets) and Pointer (real events -> on_click / on_drop(payload, target, pos, drag)
              / on_empty_drag), with a press threshold.
- pieces.py   Piece(id, "mini"|"meeple"|"token", colour, label=, name=, pos=, size=, facing=,
              statuses={"tired", "knocked_down", "hidden", "guard", "engaged", "shrouded",
              "lit"}, mark=seat); PieceRenderer(gfx).draw(surf, piece, centre_px, radius_px); piece.glide /
              piece.turn on an Animator. Rings differ by pattern as well as colour.
- spaces.py   Space(id, rect, capacity=, label=, kind="action"|"cage"|"group", accept=):
              put / take / transfer, slots that show who is there, drop_state(payload) for
              highlighting, a lock and n/m when full.
- staging.py  StagingTray.pick(rect, units, n, ...) / .split(rect, units, k, ...) /
              .order(rect, units, ...) / StagingTray(rect, sources, groups, validate=,
              on_submit=): drag or click units into groups, Confirm once ->
              on_submit({group: [unit ids]}); Unit(id, sort, ...).
- board.py    Board(rect, (w_in, h_in), renderer, terrain=[Terrain(points, height, kind)],
              allowance=, on_drop=(piece, world_point, target) -> False to refuse, measure=,
              drag_rings=, clamp=): wheel zoom about the pointer, drag empty ground to pan,
              + / - / arrows / Home; a live ruler ("4.5" — 1.5" left"), rings, los_from /
              los_targets / los_eye for the sight overlay; pure geometry (line_of_sight,
              shadow_quads, segment_hits_polygon, clamp_reach) for tests.
- skirmish.py SkirmishBoard(Board): a mat, a framed ground with inch ticks, the inch grid
              (toggle_grid), deployment zones, light pools under lit pieces, the hovered
              area outlined and named, name plates that never overlap; a game paints its
              ground (paint_table) and markers (draw_markers); text_card / place_beside
              for hover cards. PieceRenderer(base_art=, facing_tab=, halos=, name_tags=)
              and renderer.badges give a game its own round bases (pieces.rimmed_base:
              a rim in the side's colour round an "icon:<name>" label's icon).
- terrain.py  PAINT[style](board, surface, art, ...): painted skirmish terrain (road, wall,
              hedge, bramble, woods, water, chasm, roof, ruin, stone, tower) by a look's
              season colours, with shadows by height and a height badge.
- terrain_layout.py TerrainArt.build(k, style, name, kind, height, poly): a terrain piece
              framed along its longest edge with its decoration laid out once (seeded);
              STYLES, ORDER (low to high). No drawing.
- panels.py   rows_panel (a cached panel of worded rows), fold_button, close_box,
              edge_marks / edge_mark (what is off the view, marked on its edge),
              spot_ring (a placement under the pointer: ring, or ring and cross).
- paint.py    ground painting: alpha_poly, masked, drop_shadow, hull, box, dashed_outline,
              noise_tile, world-anchored tile.

A board game's table, in short (one Layout, the board and tray route their own events):

    REGIONS = {"board": Region(0, 0, 0.68, 1, pad=0.01),
               "side": Region(1, 0, 0.32, 1, anchor="topright", max_w=0.75),
               "tray": Region(0, 1, 1, 0.6, anchor="bottomleft", parent="side")}
    lay = Layout(ctx.size, REGIONS)
    pr = PieceRenderer(self.gfx)
    board = Board(lay["board"], (36, 36), pr, terrain=terrain, animator=self.anim,
                  allowance=lambda p: reach[p.id],
                  on_drop=lambda p, pt, target: self.try_submit(("move", p.id, *pt)))
    spaces = [Space(sid, rect, capacity=cap, label=t(...)) for sid, rect, cap in ...]
    stack = HitStack(); stack.extend(spaces, layer=1); stack.extend(workers, layer=3)
    pointer = Pointer(stack, on_drop=lambda payload, target, pos, d: ...)
    # handle_event: board first when the event is over it (or it holds a drag), then the
    # tray, then pointer; draw: board.draw, space.draw(surf, gfx, pr, state=...), tray.draw.
    # A refused move: return False from on_drop and the piece glides home.
"""
