"""The rules layer: one plain-function module per game over msgspec Structs.

Nothing here imports textual, rich, or touches files, clocks or randomness of
its own; chance is a decision answered by whoever drives the game.
"""
