"""A Game of Thrones Catan's app side: its screen (the Gift, the Wall, the
trade dialogs), action bar, players panel and replay boards
(castletui/games/__init__.py says what each part is)."""
