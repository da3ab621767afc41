"""The A Game of Thrones Catan bots (``bot_action``): ``random`` plays any
legal action (``rules.core.bots``), ``easy`` is the kit's greedy bot over
``evaluate``, ``normal`` and ``hard`` the planner of :mod:`.planner`."""

from .planner import bot_action

__all__ = ["bot_action"]
