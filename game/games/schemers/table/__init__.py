"""Schemers of Venice's pygame half: everything that draws (the headless game is the folder above).

Files:
  screen.py   SchemersTable on the kit: seats round a Venetian table, the canal, coins that fly
"""
