"""Castle Raisers' app side: its screen (castle, Village and Piggy boards,
the Threat cards), result sheet, action bar, players panel and replay
boards (castletui/games/__init__.py says what each part is)."""
