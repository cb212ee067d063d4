"""The monster shop's pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   MonsterShopTable (the kit's TableKit): hooks, input, animation; it mixes in the
              headless ShopWords (../words.py) and ShopChoices (../choices.py: staging, plans)
  art.py      draws the boards, dens, monsters, tiles and cards
  layout.py   places everything from window fractions
"""
