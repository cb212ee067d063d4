"""Dark Gothic's pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   DarkGothicTable on the kit: zones, drawing, input
  art.py      the night, the track, glows and drips (the cached background)
  hints.py    veils and pool totals for a newcomer
  choice.py   the Hero cards, where Faster sits
  payment.py  the payment picker (marked orbs)
"""
