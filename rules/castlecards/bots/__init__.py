"""The Castlecards bots: ``bot_action(state, level, rng)``: ``easy`` and
``normal`` play by plain rules (``plain``), ``hard`` searches (``hard``)."""

from __future__ import annotations

import random

from .hard import hard_action
from .plain import bot_action as plain_action

__all__ = ["bot_action"]


def bot_action(state, level: str, rng: random.Random):
    """The bot's action at ``level`` for whoever is to move (not chance)."""
    return hard_action(state, rng) if level == "hard" else plain_action(state, level, rng)
