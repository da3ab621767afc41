"""Catapult Castle's app side: its screen (the table and the aiming
mini-game), action bar, players panel and replay boards
(castletui/games/__init__.py says what each part is)."""
