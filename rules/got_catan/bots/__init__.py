"""The A Game of Thrones Catan bots (``bot_action``): ``random`` plays at
random without going in circles (``random_action``, :mod:`.aimless`),
``easy`` is the kit's greedy bot over ``evaluate``, ``normal`` the planner
of :mod:`.planner`, ``hard`` the search of :mod:`.hard` over it."""

from .aimless import random_action
from .hard import bot_action

__all__ = ["bot_action", "random_action"]
