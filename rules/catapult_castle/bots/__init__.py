"""Catapult Castle's bots: ``bot_action``, the rule-of-thumb player whose
level is its aim (:mod:`.rule_of_thumb`) at ``easy`` and ``normal``, and the
search of :mod:`.hard` at ``hard`` (aiming as well as ``normal``). The
generic greedy bot weighs states with ``scoring.evaluate``."""

import importlib

__all__ = ["bot_action", "coop_hooks", "search_hooks"]

LATER = {
    "hard": "castletui.rules.catapult_castle.bots.hard",
    "rule_of_thumb": "castletui.rules.catapult_castle.bots.rule_of_thumb",
}
"""The bots, loaded when one first moves, not with the game: a declared load
(tests/test_imports.py follows it like an import), which spares every start
of the game their imports and ``rules.core.search``'s (some 3-5 ms)."""


def bot_action(seen, seat: int, level: str, rng):
    """The bot's answer to the decision on top, at ``level``, for ``seat``
    from its view ``seen`` (never the state: the bots see what it sees)."""
    if level == "hard":
        return importlib.import_module(LATER["hard"]).hard_action(seen, seat, rng)
    return importlib.import_module(LATER["rule_of_thumb"]).bot_action(seen, level, rng)


def search_hooks(seen, seat: int):
    """The hooks the hard bot searches with for ``seat`` from ``seen`` (the review's)."""
    return importlib.import_module(LATER["hard"]).search_hooks(seen, seat)


def coop_hooks(seen, seat: int):
    """The search the review estimates a solo game's chance of clearing the table with."""
    return importlib.import_module(LATER["hard"]).coop_hooks(seen, seat)
