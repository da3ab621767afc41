"""The hard competitive Castle Raisers bot: the search of
:mod:`rules.core.search`, the competitive ``normal`` bot playing every seat
in the playouts, and :func:`.competitive.evaluate` (the score sheet as it
would stand, against the others') as the win chance where a playout stops.

Castle Raisers has no secrets (every stack is a multiset anyone can work
out): a world is the view itself, and the draws to come are chance the
playouts draw by their odds. Co-operative and solo games keep their own
search (:mod:`.search`): the team has no rival, and its playouts to Game End
are what the team's score needs."""

from __future__ import annotations

import random

from castletui.rules.core import CHANCE, sample_outcome, search

from ..apply import apply
from ..chance import chance_outcomes
from ..flow import to_move
from ..legal import legal_actions
from ..scoring import result
from ..state import State
from .competitive import competitive_action, evaluate


def _world(seen: State, seat: int, rng: random.Random) -> State:
    return seen  # nothing is hidden: the view is the game


def _policy(state: State, rng: random.Random):
    seat = to_move(state)
    if seat == CHANCE:
        return sample_outcome(chance_outcomes(state), rng)
    actions = legal_actions(state)
    return actions[0] if len(actions) == 1 else competitive_action(state, seat, actions, "normal", rng)


def _value(state: State, seat: int) -> float:
    # evaluate: points ahead of the others; a few points is most of a win.
    return search.win_chance(evaluate(state, seat), 4.0)


def _cut(state: State) -> bool:
    # The normal bot weighs every Village token in every spot: tens of
    # milliseconds, a whole search's worth of rounds. The playout stops there.
    return bool(state.pending) and state.pending[-1].kind in ("village_take", "start_village")


HOOKS = search.Hooks(
    game=search.Rules(to_move, legal_actions, chance_outcomes, apply, result),
    determinize=_world,
    policy=_policy,
    value=_value,
    cut=_cut,
    depth=8,
    rounds=40,
)


def hard_action(seen: State, seat: int, rng: random.Random):
    """The hard bot's choice for ``seat`` from its view (competitive games)."""
    return search.search_action(HOOKS, seen, seat, rng)
