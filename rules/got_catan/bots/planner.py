"""Placeholder planner: the kit's greedy bot (replaced below)."""

from __future__ import annotations

import random


def bot_action(state, level: str, rng: random.Random):
    import rules.got_catan as game
    from rules.core.bots import greedy_action

    return greedy_action(game, state, rng)
