"""The A Game of Thrones Catan bots (``bot_action``): ``random`` plays at
random without going in circles (``random_action``, :mod:`.aimless`),
``easy`` is the kit's greedy bot over ``evaluate``, ``normal`` and
``hard`` the planner of :mod:`.planner`."""

from .aimless import random_action
from .planner import bot_action

__all__ = ["bot_action", "random_action"]
