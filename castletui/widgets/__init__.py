"""Widgets shared by the screens (log, player panel, action bar) and one
board widget module per game."""
