"""The window: app shell, scenes, widgets, theme, assets, sound and settings.
pygame is imported only under game.ui (and each game's table.py)."""
