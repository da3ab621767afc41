"""Generic bots that play any game through the protocol, and the one way
in to every bot.

A bot decides from what its seat sees and nothing else: :func:`decide`
takes ``view(state, seat)``, the seat and a ``random.Random``, never the
state, so no bot can read a hidden card whatever its own discipline.
:func:`choose` is the driver's side of that gate (the app's
``Session.bot_decision``, tests, benchmarks): it makes the seat's view
from the state and hands the bot only that (:func:`seat_view`).

- ``random``: a uniformly random legal action (a game whose uniform play
  goes in circles brings its own ``random_action(view, rng)``).
- ``greedy``: one step of look-ahead on the game's ``evaluate(state, seat)``,
  taking the expectation over a chance decision that follows directly.

A game may bring its own stronger bot as ``bot_action(view, seat, level,
rng)``; :func:`decide` prefers it. Bots get a ``random.Random`` from the
driver so a seeded game plays the same every time.

A bot that searches asks :func:`time_up` between pieces of its work. It is
never up unless the driver gave the bot a thinking time (``think_for``): the
app does, so no machine keeps a table waiting; tests, benchmarks and table
replays do not, so a seeded game plays the same on every machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from castletui.rules.core.chance import sample_outcome
from castletui.rules.core.hooks import Hooks
from castletui.rules.core.protocol import CHANCE, Game

LEVELS = ("random", "easy", "normal", "hard")
"""Bot levels offered in the wizard, the same ladder in every game: ``easy``
plays worse than ``normal`` (the game's rules of thumb or planner), ``hard``
searches with the game's engine (:mod:`rules.core.search`, the normal bot as
its playouts); ``random`` is uniform play, for testing."""


_THINK_UNTIL: ContextVar[float | None] = ContextVar("think_until", default=None)
"""When (``time.monotonic``) the bot deciding now must have decided; None: no limit.
A context variable, so a bot in one worker thread does not cut another's short."""
_THINK_FOR: ContextVar[float] = ContextVar("think_for", default=0.0)
"""The thinking time given (seconds), for :func:`time_used`."""


@contextmanager
def thinking_time(seconds: float | None) -> Iterator[None]:
    """Within the block, :func:`time_up` turns true ``seconds`` from now (never for None)."""
    token = _THINK_UNTIL.set(None if seconds is None else time.monotonic() + seconds)
    given = _THINK_FOR.set(seconds or 0.0)
    try:
        yield
    finally:
        _THINK_FOR.reset(given)
        _THINK_UNTIL.reset(token)


def time_up() -> bool:
    """Whether the bot deciding now has used its thinking time (never, if it has none)."""
    until = _THINK_UNTIL.get()
    return until is not None and time.monotonic() >= until


def time_used() -> float:
    """The share (0 to 1) of its thinking time the bot deciding now has used
    (0 without a thinking time)."""
    until = _THINK_UNTIL.get()
    given = _THINK_FOR.get()
    if until is None or given <= 0:
        return 0.0 if until is None else 1.0
    return min(1.0, max(0.0, 1.0 - (until - time.monotonic()) / given))


def has_thinking_time() -> bool:
    """Whether the bot deciding now was given a thinking time (the app gives
    one; tests and benchmarks give a work budget instead)."""
    return _THINK_UNTIL.get() is not None


def random_action(game: Game, state: Any, rng: random.Random) -> Any:
    """A uniformly random legal action, or the game's own random play
    (``random_action(state, rng)``) where uniform play goes in circles."""
    return Hooks(game).random_action(state, rng)


def _expected_value(game: Game, state: Any, seat: int, depth: int = 2) -> float:
    """The evaluation of ``state`` for ``seat``, averaging over chance."""
    if depth > 0 and game.to_move(state) == CHANCE:
        return sum(
            probability * _expected_value(game, game.apply(state, outcome), seat, depth - 1)
            for outcome, probability in game.chance_outcomes(state)
        )
    return game.evaluate(state, seat)


def greedy_action(game: Game, state: Any, rng: random.Random, actions: list[Any] | None = None) -> Any:
    """The legal action with the best one-step evaluation (ties broken at
    random), among ``actions`` (default: every legal action)."""
    seat = game.to_move(state)
    if actions is None:
        actions = game.legal_actions(state)
    if Hooks(game).own("evaluate") is None or len(actions) == 1:
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


def decide(
    game: Game, seen: Any, seat: int, level: str, rng: random.Random, think_for: float | None = None
) -> Any:
    """The bot's action for ``seat`` at ``level``, from ``seen``, the seat's
    view, alone; a bot that searches stops after ``think_for`` seconds
    (None: when its work is done)."""
    if level == "random":
        return random_action(game, seen, rng)
    own = Hooks(game).own("bot_action")
    if own is None:
        return greedy_action(game, seen, rng)
    with thinking_time(think_for):
        return own(seen, seat, level, rng)


def seat_view(game: Game, state: Any, seat: int) -> Any:
    """What the bot at ``seat`` decides from: its view of ``state``, in
    every mode (a table-mode view carries the unseen pool as counts, so it
    lists the seat's own options: issue 44 item 3)."""
    return game.view(state, seat)


def choose(game: Game, state: Any, level: str, rng: random.Random, think_for: float | None = None) -> Any:
    """The bot's action for whoever is to move in ``state``, at ``level``,
    decided from that seat's view (:func:`seat_view`, :func:`decide`); the
    state itself goes no further. Chance is not a bot's to decide: at a
    chance decision it is drawn by its odds."""
    seat = game.to_move(state)
    if seat == CHANCE:
        return sample_outcome(game.chance_outcomes(state), rng)
    return decide(game, seat_view(game, state, seat), seat, level, rng, think_for)
