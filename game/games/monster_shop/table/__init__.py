"""The monster shop's pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   MonsterShopTable (the kit's TableKit): hooks, input, animation; it holds its
              helpers: the headless ShopWords (../words.py), ShopChoices (../choices.py:
              staging, plans) and ShopCoaching (../coaching.py), and ShopArt (art.py)
  art.py      ShopArt: draws the boards, dens, monsters, tiles and cards
  layout.py   places everything from window fractions
"""
