"""Dark Deeds' pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   DarkDeedsTable on the kit: the Street, the Tavern, hands, dice and tokens
  words.py    card faces, the chronicle as segments, the headless words' Choices as Options
"""
