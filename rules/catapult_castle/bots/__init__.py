"""Catapult Castle's bots: ``bot_action``, the rule-of-thumb player whose
level is its aim (:mod:`.rule_of_thumb`) at ``easy`` and ``normal``, and the
search of :mod:`.hard` at ``hard`` (aiming as well as ``normal``). The
generic greedy bot weighs states with ``scoring.evaluate``."""

from castletui.rules.catapult_castle.bots.hard import hard_action
from castletui.rules.catapult_castle.bots.rule_of_thumb import bot_action as thumb_action

__all__ = ["bot_action"]


def bot_action(state, level: str, rng):
    """The bot's answer to the decision on top, at ``level``."""
    return hard_action(state, rng) if level == "hard" else thumb_action(state, level, rng)
