"""The Castlecards bots: ``bot_action(view, seat, level, rng)``, given the
seat's view only: ``easy`` and ``normal`` play by plain rules (``plain``),
``hard`` searches (``hard``)."""

from __future__ import annotations

import importlib
import random

__all__ = ["bot_action", "search_hooks"]

LATER = {"hard": "castletui.rules.castlecards.bots.hard", "plain": "castletui.rules.castlecards.bots.plain"}
"""The bots, loaded when one first moves, not with the game: a declared load
(tests/test_imports.py follows it like an import), which spares every start
of the game their imports and ``rules.core.search``'s (some 3-5 ms)."""


def bot_action(seen, seat: int, level: str, rng: random.Random):
    """The bot's action at ``level`` for ``seat``, to move, from its view ``seen``."""
    if level == "hard":
        return importlib.import_module(LATER["hard"]).hard_action(seen, seat, rng)
    return importlib.import_module(LATER["plain"]).bot_action(seen, level, rng)


def search_hooks(seen, seat: int):
    """The hooks the hard bot searches with for ``seat`` from ``seen`` (the review's)."""
    return importlib.import_module(LATER["hard"]).search_hooks(seen, seat)
