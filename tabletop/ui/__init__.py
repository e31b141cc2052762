"""The pygame-ce app: scenes, sprites, input and one table module per game. Only this package imports pygame."""
