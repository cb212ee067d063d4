"""The shared table toolkit: every game's screen is built from it.

Modules
- base.py    TableContext (what the app gives a table) and GameTable (what it calls).
- kit.py     TableKit(GameTable): zones + sprites + animation queue + input (drag, click,
             right-click menus, hotkeys, Space/Alt zoom, H hide hand, Ctrl+Z) + banners,
             the chronicle, tooltips, toasts. A game's table subclasses it.
- tween.py   easing functions, Tween, Animator (ordered steps; speed from settings).
- cards.py   CardFrame, CardRenderer (faces from data, per-game backs, cached), CardSprite.
- zones.py   Zone, Stack (deck/pile), Fan (hand), Row (slots), Spot (board space), TokenStack.
- dice.py    DieRenderer, DieSprite (d6 pips, d12, Omen die; tumbles onto the rolled face).
- widgets.py Option, Button, Chip (draggable action), BannerSpec/Banner (countdown bar),
             Menu, NumberPicker, LogPanel, layout_row.
- layout.py  oval_seats (seats adapt to the player count).
- gfx.py     Gfx caches (panels, glows, wrapped text, badges, rotations), seat markers, light.
- strings.py ts(): toolkit words through t("table.<key>") with English fallbacks.
- style.py   palette.

A game's table, in short (see kit.py's docstring for every hook):

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

Drag a card/chip/die/token: every Option of it with a target lights up; dropping on one
submits its action (several on one target: a menu asks which); elsewhere it glides back.
A click does the same (one option: at once; targeted ones: click the item, then the
target); a right-click lists them all. An Option's action may be a callable for local
steps (e.g. picking cards before a Confirm).
"""
