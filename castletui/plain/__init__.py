"""castletui played as a plain conversation of lines (``--plain``), for
screen readers and braille displays: no full-screen drawing, no cursor
movement, no colour, never an escape sequence.

It is one more front end over the headless driver (castletui/driver.py):
the driver and the rules say what is legal and why not; these modules
only number the choices, read what the player types and say what
happened. One module per job:

- ``talk``: the two streams, every line made printable;
- ``choices``: a menu level's lines numbered, and what a typed answer means;
- ``sheets``: the board, the hand and the score as sentences;
- ``commands``: the words a player may type besides a choice;
- ``game``: the game's loop (bots, draws, the hot-seat curtain, a person's
  turn; Catapult Castle's aim with a steady hand, as a player by lines has no mini-game);
- ``table``: table mode's "what came up?";
- ``replay``: a saved game stepped through;
- ``opening``: the session a command opens (new, resume, a shared table).
"""
