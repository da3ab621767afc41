"""The Castlecards bots: ``bot_action(state, level, rng)``: ``easy`` and
``normal`` play by plain rules (``plain``), ``hard`` searches (``hard``)."""

from __future__ import annotations

import importlib
import random

__all__ = ["bot_action"]

LATER = {"hard": "castletui.rules.castlecards.bots.hard", "plain": "castletui.rules.castlecards.bots.plain"}
"""The bots, loaded when one first moves, not with the game: a declared load
(tests/test_imports.py follows it like an import), which spares every start
of the game their imports and ``rules.core.search``'s (some 3-5 ms)."""


def bot_action(state, level: str, rng: random.Random):
    """The bot's action at ``level`` for whoever is to move (not chance)."""
    if level == "hard":
        return importlib.import_module(LATER["hard"]).hard_action(state, rng)
    return importlib.import_module(LATER["plain"]).bot_action(state, level, rng)
