"""Generic bots that play any game through the protocol.

- ``random``: a uniformly random legal action.
- ``greedy``: one step of look-ahead on the game's ``evaluate(state, seat)``,
  taking the expectation over a chance decision that follows directly.

A game may bring its own stronger bot as ``bot_action(state, level, rng)``;
:func:`choose` prefers it. Bots get a ``random.Random`` from the driver so a
seeded game plays the same every time.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core.protocol import CHANCE, Game

LEVELS = ("random", "easy", "normal", "hard")
"""Bot levels offered in the wizard; games interpret them (``random`` is always
uniform play)."""


def random_action(game: Game, state: Any, rng: random.Random) -> Any:
    return rng.choice(game.legal_actions(state))


def _expected_value(game: Game, state: Any, seat: int, depth: int = 2) -> float:
    """The evaluation of ``state`` for ``seat``, averaging over chance."""
    if depth > 0 and game.to_move(state) == CHANCE:
        return sum(
            probability * _expected_value(game, game.apply(state, outcome), seat, depth - 1)
            for outcome, probability in game.chance_outcomes(state)
        )
    return game.evaluate(state, seat)


def greedy_action(game: Game, state: Any, rng: random.Random) -> Any:
    """The legal action with the best one-step evaluation (ties broken at random)."""
    seat = game.to_move(state)
    actions = game.legal_actions(state)
    if not hasattr(game, "evaluate") or len(actions) == 1:
        return rng.choice(actions)
    best: list[Any] = []
    best_value = float("-inf")
    for action in actions:
        value = _expected_value(game, game.apply(state, action), seat)
        if value > best_value + 1e-9:
            best, best_value = [action], value
        elif abs(value - best_value) <= 1e-9:
            best.append(action)
    return rng.choice(best)


def choose(game: Game, state: Any, level: str, rng: random.Random) -> Any:
    """The bot's action for whoever is to move, at ``level``."""
    if level == "random":
        return random_action(game, state, rng)
    own = getattr(game, "bot_action", None)
    if own is not None:
        return own(state, level, rng)
    return greedy_action(game, state, rng)
