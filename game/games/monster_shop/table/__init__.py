"""The monster shop's pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   MonsterShopTable (the kit's TableKit): hooks, input, animation
  art.py      draws the boards, dens, monsters, tiles and cards
  layout.py   places everything from window fractions
  words.py    the table's words: names, the chronicle, buttons, tooltips
  choices.py  turns staged cards, group chips and glowing places into the decision's actions
"""
