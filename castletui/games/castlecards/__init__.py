"""Castlecards' app side: its screen (fortresses, piles, attack, hand),
action bar, players panel and replay boards (castletui/games/__init__.py
says what each part is)."""
