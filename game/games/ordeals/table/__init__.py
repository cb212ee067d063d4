"""Book of Ordeals' pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py          OrdealsTable on the kit's skirmish board: the bases, the Trial panel, the
                     chronicle, the dice tray, a character's card, the hover preview
  moves.py           the viewer's gestures: the Act banner, drops and clicks made actions
                     (what they mean is ../choices.py's), the attack preview
  art.py             the ground (the kit's skirmish board, the chapel, graves and relic), a
                     base's icon and facing
  terrain.py         the Look of a season/light/weather and each terrain piece's style
  recruit_screen.py  the recruitment screen (SPEC.option_editors; its model ../recruit.py)
  bench.py           the busiest table for `bench`'s frame time (SPEC.bench_table)
"""
