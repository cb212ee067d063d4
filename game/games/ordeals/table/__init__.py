"""Book of Ordeals' pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py          OrdealsTable on the kit's skirmish board (drag-to-move with a ruler, Act
                     banner, dice tray, chronicle)
  art.py             its ground: the kit's skirmish board with the chapel, graves and relic (the
                     terrain painters and the round bases are the kit's terrain.py and pieces.py)
  terrain.py         the Look of a season/light/weather and each terrain piece's style
  moves.py           what the viewer may do: the decision owed, banner buttons, drops and clicks
                     made actions, the attack preview
  words.py           the table's words: chronicle, tooltips, status line, dice tray
  recruit_screen.py  the recruitment screen, opened from the new-game screen's "Recruit…"
                     button for `company` and `rival` (SPEC.option_editors)
  bench.py           the table at its busiest (20 characters, sight overlay, a Foe hovered) for
                     `bench`'s frame-time figure (SPEC.bench_table)
"""
