"""Catapult Castle's bots: ``bot_action``, the rule-of-thumb player whose
level is its aim (:mod:`.rule_of_thumb`). The generic greedy bot weighs
states with ``scoring.evaluate``."""

from rules.catapult_castle.bots.rule_of_thumb import bot_action

__all__ = ["bot_action"]
