"""The A Game of Thrones Catan bots (``bot_action``): ``random`` plays at
random without going in circles (``random_action``, :mod:`.aimless`),
``easy`` is the kit's greedy bot over ``evaluate`` from what the seat
sees (:mod:`.greedy`), ``normal`` the planner of :mod:`.planner`, ``hard``
the search of :mod:`.hard` over it. Each is given the seat's view, never
the state.

The planner loads with the game (Brotherhood of the Watch adds its plans to
it); :mod:`.hard` and ``rules.core.search`` when a bot first moves."""

import importlib

from .aimless import random_action

__all__ = ["bot_action", "random_action", "search_hooks"]

LATER = {"hard": "castletui.rules.got_catan.bots.hard"}
"""The bot of every level (the planner's search at ``hard``), loaded when
one first moves: a declared load (tests/test_imports.py follows it like an
import), which spares every start of the game some 3-5 ms of imports."""


def bot_action(seen, seat: int, level: str, rng):
    """The bots' answer at ``level`` for ``seat`` from its view ``seen``
    (``hard.bot_action``), loaded at the first call."""
    return importlib.import_module(LATER["hard"]).bot_action(seen, seat, level, rng)


def search_hooks(seen, seat: int):
    """The hooks the hard bot searches with for ``seat`` from ``seen`` (the review's)."""
    return importlib.import_module(LATER["hard"]).search_hooks(seen, seat)
